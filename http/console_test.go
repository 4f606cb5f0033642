package http

import (
	"strings"
	"testing"
)

func TestConsoleRoutes(t *testing.T) {
	forEachStore(t, func(t *testing.T, storeURL string) {
		ts := startTestServer(t, testOptions{StoreURL: storeURL, Limits: Limits{SignupsPerHour: 2}})
		email := "ada-" + randomHex(t) + "@example.com"
		var nk newKeyResult
		ts.post(t, "/api-keys/signup", `{"email":"`+email+`"}`, "x-api-key", "").wantStatus(t, 200).decode(t, &nk)
		if nk.Account.Plan != "free" || !strings.HasPrefix(nk.Secret, "ak_live_") || nk.Key.Prefix != nk.Secret[:len(nk.Key.Prefix)] {
			t.Fatalf("signup %+v", nk)
		}
		ts.post(t, "/api-keys/signup", `{"email":"`+email+`"}`, "x-api-key", "").wantStatus(t, 409)
		// Two sign-ups per hour from one address in this test: the third is refused.
		r := ts.post(t, "/api-keys/signup", `{"email":"other-`+randomHex(t)+`@example.com"}`, "x-api-key", "").wantStatus(t, 429)
		if r.Header.Get("Retry-After") == "" {
			t.Error("no Retry-After on sign-up limit")
		}
		ts.post(t, "/api-keys/signup", `{"email":"not an address"}`, "x-api-key", "").wantStatus(t, 422) // validated before the limit
		key := nk.Secret
		// The new key works on calculation routes.
		ts.post(t, "/api/v1/test/echo", `{"year":1}`, "x-api-key", key).wantStatus(t, 200)

		var list keyList
		ts.get(t, "/api-keys/keys", "x-api-key", key).wantStatus(t, 200).decode(t, &list)
		if len(list.Keys) != 1 || !list.Keys[0].Current || list.Account.Email != email {
			t.Fatalf("list %+v", list)
		}
		first := list.Keys[0].ID
		// The last active key cannot be revoked.
		ts.post(t, "/api-keys/keys/"+first+"/revoke", `{}`, "x-api-key", key).wantStatus(t, 409)
		var second newKeyResult
		ts.post(t, "/api-keys/keys", `{}`, "x-api-key", key).wantStatus(t, 200).decode(t, &second)
		// Rotate the first key: the old secret stops at once, the new one works.
		var rot newKeyResult
		ts.post(t, "/api-keys/keys/"+first+"/rotate", `{}`, "x-api-key", key).wantStatus(t, 200).decode(t, &rot)
		if rot.Revoked != first || rot.Secret == key {
			t.Errorf("rotate %+v", rot)
		}
		ts.post(t, "/api/v1/test/echo", `{"year":1}`, "x-api-key", key).wantStatus(t, 401)
		ts.post(t, "/api/v1/test/echo", `{"year":1}`, "x-api-key", rot.Secret).wantStatus(t, 200)
		// Revoke the second key with the rotated one.
		ts.post(t, "/api-keys/keys/"+second.Key.ID+"/revoke", `{}`, "x-api-key", rot.Secret).wantStatus(t, 200)
		ts.post(t, "/api/v1/test/echo", `{"year":1}`, "x-api-key", second.Secret).wantStatus(t, 401)
		// Another account's key cannot touch this account's keys.
		ts.post(t, "/api-keys/keys/"+rot.Key.ID+"/revoke", `{}`).wantStatus(t, 404)
		ts.get(t, "/api-keys/keys", "x-api-key", "").wantStatus(t, 401)
	})
}
