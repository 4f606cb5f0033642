package console

import (
	"strings"
	"testing"

	"github.com/astroapi/astroapi/http/apitest"
)

func TestConsoleRoutes(t *testing.T) {
	apitest.ForEachStore(t, func(t *testing.T, storeURL string) {
		ts := startTestServer(t, testOptions{StoreURL: storeURL, SignupsPerHour: 2})
		email := "ada-" + randomHex(t) + "@example.com"
		var nk newKeyResult
		ts.Post(t, "/api-keys/signup", `{"email":"`+email+`"}`, "x-api-key", "").WantStatus(t, 200).Decode(t, &nk)
		if nk.Account.Plan != "free" || !strings.HasPrefix(nk.Secret, "ak_live_") || nk.Key.Prefix != nk.Secret[:len(nk.Key.Prefix)] {
			t.Fatalf("signup %+v", nk)
		}
		ts.Post(t, "/api-keys/signup", `{"email":"`+email+`"}`, "x-api-key", "").WantStatus(t, 409)
		// Two sign-ups per hour from one address in this test: the third is refused.
		r := ts.Post(t, "/api-keys/signup", `{"email":"other-`+randomHex(t)+`@example.com"}`, "x-api-key", "").WantStatus(t, 429)
		if r.Header.Get("Retry-After") == "" {
			t.Error("no Retry-After on sign-up limit")
		}
		ts.Post(t, "/api-keys/signup", `{"email":"not an address"}`, "x-api-key", "").WantStatus(t, 422) // validated before the limit
		key := nk.Secret
		// The new key works on calculation routes.
		ts.Post(t, "/api/v1/test/echo", `{"year":1}`, "x-api-key", key).WantStatus(t, 200)

		var list keyList
		ts.Get(t, "/api-keys/keys", "x-api-key", key).WantStatus(t, 200).Decode(t, &list)
		if len(list.Keys) != 1 || !list.Keys[0].Current || list.Account.Email != email {
			t.Fatalf("list %+v", list)
		}
		first := list.Keys[0].ID
		// The last active key cannot be revoked.
		ts.Post(t, "/api-keys/keys/"+first+"/revoke", `{}`, "x-api-key", key).WantStatus(t, 409)
		var second newKeyResult
		ts.Post(t, "/api-keys/keys", `{}`, "x-api-key", key).WantStatus(t, 200).Decode(t, &second)
		// Rotate the first key: the old secret stops at once, the new one works.
		var rot newKeyResult
		ts.Post(t, "/api-keys/keys/"+first+"/rotate", `{}`, "x-api-key", key).WantStatus(t, 200).Decode(t, &rot)
		if rot.Revoked != first || rot.Secret == key {
			t.Errorf("rotate %+v", rot)
		}
		ts.Post(t, "/api/v1/test/echo", `{"year":1}`, "x-api-key", key).WantStatus(t, 401)
		ts.Post(t, "/api/v1/test/echo", `{"year":1}`, "x-api-key", rot.Secret).WantStatus(t, 200)
		// Revoke the second key with the rotated one.
		ts.Post(t, "/api-keys/keys/"+second.Key.ID+"/revoke", `{}`, "x-api-key", rot.Secret).WantStatus(t, 200)
		ts.Post(t, "/api/v1/test/echo", `{"year":1}`, "x-api-key", second.Secret).WantStatus(t, 401)
		// Another account's key cannot touch this account's keys.
		ts.Post(t, "/api-keys/keys/"+rot.Key.ID+"/revoke", `{}`).WantStatus(t, 404)
		ts.Get(t, "/api-keys/keys", "x-api-key", "").WantStatus(t, 401)
	})
}
