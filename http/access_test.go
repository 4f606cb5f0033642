package http_test

import (
	"bytes"
	"context"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/astroapi/astroapi/http/apitest"
	"github.com/astroapi/astroapi/http/op"
	"github.com/astroapi/astroapi/store"
)

func TestAuthRules(t *testing.T) {
	apitest.ForEachStore(t, func(t *testing.T, storeURL string) {
		logs := &syncWriter{w: &bytes.Buffer{}}
		ts := startTestServer(t, testOptions{StoreURL: storeURL, Log: logs})
		body := `{"year":2000}`
		t.Run("OK", func(t *testing.T) {
			ts.Post(t, "/api/v1/test/echo", body).WantStatus(t, 200)
		})
		t.Run("Missing", func(t *testing.T) {
			p := ts.Post(t, "/api/v1/test/echo", body, "x-api-key", "").WantStatus(t, 401).Problem(t)
			if !strings.Contains(p.Detail, "x-api-key") {
				t.Errorf("detail %q does not say where the key goes", p.Detail)
			}
		})
		t.Run("Unknown", func(t *testing.T) {
			ts.Post(t, "/api/v1/test/echo", body, "x-api-key", "ak_live_"+strings.Repeat("a", 52)).WantStatus(t, 401)
			ts.Post(t, "/api/v1/test/echo", body, "x-api-key", strings.Repeat("z", 1000)).WantStatus(t, 401)
		})
		t.Run("Bearer", func(t *testing.T) {
			// The same key as a bearer token, for clients that send only
			// Authorization; another scheme is no key; two different keys
			// are refused.
			ts.Post(t, "/api/v1/test/echo", body, "x-api-key", "", "Authorization", "Bearer "+ts.Key).WantStatus(t, 200)
			ts.Post(t, "/api/v1/test/echo", body, "x-api-key", "", "Authorization", "bearer  "+ts.Key).WantStatus(t, 200)
			ts.Post(t, "/api/v1/test/echo", body, "Authorization", "Bearer "+ts.Key).WantStatus(t, 200)
			ts.Post(t, "/api/v1/test/echo", body, "x-api-key", "", "Authorization", "Basic "+ts.Key).WantStatus(t, 401)
			ts.Post(t, "/api/v1/test/echo", body, "x-api-key", "", "Authorization", "Bearer ak_live_"+strings.Repeat("a", 52)).WantStatus(t, 401)
			p := ts.Post(t, "/api/v1/test/echo", body, "Authorization", "Bearer ak_live_"+strings.Repeat("b", 52)).WantStatus(t, 400).Problem(t)
			if len(p.Errors) != 1 || p.Errors[0].Field != "Authorization" {
				t.Errorf("two different keys: %+v", p)
			}
		})
		for _, name := range []string{"api_key", "apikey", "key", "x-api-key", "API-KEY", "X_Api_Key"} {
			t.Run("QueryKey/"+name, func(t *testing.T) {
				p := ts.Post(t, "/api/v1/test/echo?"+name+"="+ts.Key, body).WantStatus(t, 400).Problem(t)
				if p.Type != op.NewProblem(0, op.KindKeyInQuery, "").Type || !strings.Contains(p.Detail, "x-api-key header") {
					t.Errorf("problem %+v", p)
				}
				// Refused even without a header and on public routes.
				ts.Get(t, "/api/v1/?"+name+"=x", "x-api-key", "").WantStatus(t, 400)
			})
		}
		t.Run("Public", func(t *testing.T) {
			for _, path := range []string{"/api/v1/", "/api/openapi.json", "/api/docs", "/api/docs/reference", "/api/postman/collection", "/docs/api", "/healthz", "/readyz", "/api-keys", "/api/v1/test/public"} {
				ts.Get(t, path, "x-api-key", "").WantStatus(t, 200)
			}
		})
		t.Run("Revoked", func(t *testing.T) {
			_, secret, keyID := ts.NewAccount(t, apitest.TestPlan)
			ts.Post(t, "/api/v1/test/echo", body, "x-api-key", secret).WantStatus(t, 200) // now cached
			if err := ts.Store.RevokeKey(context.Background(), keyID, ts.Clock.Now()); err != nil {
				t.Fatal(err)
			}
			// Revoked behind the server's back (another instance): the
			// cached lookup is trusted for the key cache's TTL (1 s by the
			// server's clock), then the store is asked again and refuses.
			ts.Clock.Add(time.Second)
			ts.Post(t, "/api/v1/test/echo", body, "x-api-key", secret).WantStatus(t, 401)
		})
		t.Run("KeyNeverLogged", func(t *testing.T) {
			ts.Post(t, "/api/v1/test/echo?api_key="+ts.Key, body)
			ts.Post(t, "/api/v1/test/echo", body)
			if strings.Contains(logs.String(), ts.Key) {
				t.Fatal("the key appears in the log")
			}
			if !strings.Contains(logs.String(), `"key_prefix":"`+ts.Key[:store.DisplayPrefixLen]+`"`) {
				t.Errorf("access log lacks the key prefix: %s", apitest.Truncate([]byte(logs.String()), 1000))
			}
			for _, f := range []string{`"method":"POST"`, `"route":"/api/v1/test/echo"`, `"status":200`, `"duration_ms":`, `"request_id":"`} {
				if !strings.Contains(logs.String(), f) {
					t.Errorf("access log lacks %s", f)
				}
			}
		})
	})
}

func TestUnbilledRoutesDoNotCount(t *testing.T) {
	ts := startTestServer(t, testOptions{})
	ts.Get(t, "/api/v1/usage").WantStatus(t, 200)
	ts.Get(t, "/api/v1/usage/chart").WantStatus(t, 200)
	ts.Get(t, "/api/v1/").WantStatus(t, 200)
	env := ts.Post(t, "/api/v1/test/echo", `{"year":1}`).WantStatus(t, 200).Envelope(t)
	if env.Usage.RequestsThisDay != 1 {
		t.Errorf("requests_this_day %d after usage/doc calls and one billed call, want 1", env.Usage.RequestsThisDay)
	}
}

func TestNotFoundAndMethod(t *testing.T) {
	ts := startTestServer(t, testOptions{})
	ts.Get(t, "/api/v1/nope").WantStatus(t, 404).Problem(t)
	ts.Request(t, "DELETE", "/api/v1/test/echo", nil).WantStatus(t, 405).Problem(t)
}

// syncWriter serialises writes of concurrent loggers into a buffer.
type syncWriter struct {
	mu sync.Mutex
	w  *bytes.Buffer
}

func (s *syncWriter) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.w.Write(p)
}

func (s *syncWriter) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.w.String()
}
