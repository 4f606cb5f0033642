package http

import (
	"errors"
	"net/mail"
	"strings"
	"time"

	"github.com/astroapi/astroapi/quota"
	"github.com/astroapi/astroapi/store"
)

func init() { registerFamily(consoleOps) }

// The key console (spec 5: keys are created and rotated at /api-keys) is an
// HTML page backed by the JSON routes below. Signing up is public and
// limited per client address; everything else acts with the key in
// x-api-key on that key's own account.

// maxActiveKeys bounds the active keys of one account.
const maxActiveKeys = 10

// signupRequest is the body of POST /api-keys/signup.
type signupRequest struct {
	Email string `json:"email" required:"true" doc:"contact e-mail of the new account; one account per address" example:"\"ada@example.com\""`
}

// keyView is a key as the console shows it: never the secret.
type keyView struct {
	ID      string `json:"id" doc:"key identifier"`
	Prefix  string `json:"prefix" doc:"first characters of the secret, to recognise it"`
	Masked  string `json:"masked" doc:"prefix followed by an ellipsis"`
	Status  string `json:"status" doc:"active or revoked" enum:"active,revoked"`
	Created string `json:"created" doc:"creation instant, RFC 3339 UTC"`
	Revoked string `json:"revoked,omitempty" doc:"revocation instant, RFC 3339 UTC"`
	Current bool   `json:"current" doc:"this is the key the request was made with"`
}

// accountView is an account as the console shows it.
type accountView struct {
	ID      string `json:"id"`
	Email   string `json:"email"`
	Plan    string `json:"plan"`
	Created string `json:"created"`
}

// newKeyResult returns a freshly made key with its secret, shown this once.
type newKeyResult struct {
	Account accountView `json:"account"`
	Key     keyView     `json:"key"`
	Secret  string      `json:"secret" doc:"the API key; it is shown only in this response, store it now"`
	Revoked string      `json:"revoked_key_id,omitempty" doc:"the key a rotation replaced"`
}

// keyList is the body of GET /api-keys/keys.
type keyList struct {
	Account accountView `json:"account"`
	Keys    []keyView   `json:"keys"`
}

func viewKey(k store.Key, current string) keyView {
	v := keyView{ID: k.ID, Prefix: k.Prefix, Masked: k.Masked(), Status: string(k.Status),
		Created: k.Created.UTC().Format(time.RFC3339), Current: k.ID == current}
	if !k.Revoked.IsZero() {
		v.Revoked = k.Revoked.UTC().Format(time.RFC3339)
	}
	return v
}

func viewAccount(a store.Account) accountView {
	return accountView{ID: a.ID, Email: a.Email, Plan: a.Plan, Created: a.Created.UTC().Format(time.RFC3339)}
}

func consoleOps(s *Server) []Operation {
	st := func() (store.Store, error) {
		if s.cfg.Store == nil {
			return nil, newProblem(503, kindUnavailable, "no key store is configured")
		}
		return s.cfg.Store, nil
	}
	// ownKey loads key id and checks it belongs to the caller's account.
	ownKey := func(c *Call, id string) (store.Key, error) {
		k, err := s.cfg.Store.KeyByID(c.Context(), id)
		if errors.Is(err, store.ErrNotFound) || (err == nil && k.AccountID != c.Account().ID) {
			return store.Key{}, NotFound("no key " + id + " on your account")
		}
		return k, err
	}
	return []Operation{
		{
			ID: "get-api-keys-console", Method: "GET", Path: "/api-keys", Family: "Access", Public: true, NoBatch: true,
			Produces: "text/html",
			Summary:  "API key console (HTML)",
			Description: "A page to create an account on the free plan and get its first key, and, given a key, to list, " +
				"create, rotate and revoke the keys of its account. It calls the /api-keys/* JSON routes.",
			Handle: func(c *Call) (any, error) {
				return Raw{ContentType: "text/html; charset=utf-8", Body: consoleHTML}, nil
			},
		},
		{
			ID: "post-api-keys-signup", Method: "POST", Path: "/api-keys/signup", Family: "Access", Public: true, NoBatch: true, Bare: true,
			Summary: "Create an account on the free plan and its first key",
			Description: "Public. Limited per client address (a few per hour; 429 beyond). One account per e-mail address (409 if taken). " +
				"The secret of the key is in this response only.",
			Input: signupRequest{}, Output: newKeyResult{},
			Handle: func(c *Call) (any, error) {
				st, err := st()
				if err != nil {
					return nil, err
				}
				var in signupRequest
				if err := c.Decode(&in); err != nil {
					return nil, err
				}
				email := strings.TrimSpace(in.Email)
				addr, perr := mail.ParseAddress(email)
				if perr != nil || addr.Address != email || len(email) > 254 {
					return nil, Unprocessable("email", "must be a plain e-mail address such as ada@example.com")
				}
				ip := "batch"
				if c.rc != nil {
					ip = c.rc.RemoteIP().String()
				}
				if ok, wait := s.signups.allow(ip, c.Now()); !ok {
					p := newProblem(429, kindRate, "too many accounts created from this address; retry later")
					p.retryAfter = wait
					return nil, p
				}
				if _, err := st.AccountByEmail(c.Context(), email); err == nil {
					return nil, Conflict("an account already exists for this e-mail address; use one of its keys, or rotate a key in this console")
				} else if !errors.Is(err, store.ErrNotFound) {
					return nil, err
				}
				a, err := store.NewAccount(email, quota.Free, c.Now())
				if err != nil {
					return nil, err
				}
				if err := st.CreateAccount(c.Context(), a); err != nil {
					if errors.Is(err, store.ErrExists) {
						return nil, Conflict("an account already exists for this e-mail address")
					}
					return nil, err
				}
				k, secret, err := store.NewKey(a.ID, c.Now())
				if err != nil {
					return nil, err
				}
				if err := st.CreateKey(c.Context(), k); err != nil {
					return nil, err
				}
				c.Echo(signupRequest{Email: email})
				return newKeyResult{Account: viewAccount(a), Key: viewKey(k, ""), Secret: secret}, nil
			},
		},
		{
			ID: "get-api-keys-keys", Method: "GET", Path: "/api-keys/keys", Family: "Access", NoBatch: true, Bare: true,
			Summary: "List the keys of your account",
			Output:  keyList{},
			Handle: func(c *Call) (any, error) {
				if _, err := st(); err != nil {
					return nil, err
				}
				ks, err := s.cfg.Store.Keys(c.Context(), c.Account().ID)
				if err != nil {
					return nil, err
				}
				out := keyList{Account: viewAccount(*c.Account()), Keys: []keyView{}}
				for _, k := range ks {
					out.Keys = append(out.Keys, viewKey(k, c.Key().ID))
				}
				return out, nil
			},
		},
		{
			ID: "post-api-keys-keys", Method: "POST", Path: "/api-keys/keys", Family: "Access", NoBatch: true, Bare: true,
			Summary:     "Create another key for your account",
			Description: "At most 10 active keys per account (409 beyond). The secret is in this response only.",
			Output:      newKeyResult{},
			Handle: func(c *Call) (any, error) {
				if _, err := st(); err != nil {
					return nil, err
				}
				active, err := activeKeys(c, c.Account().ID)
				if err != nil {
					return nil, err
				}
				if active >= maxActiveKeys {
					return nil, Conflict("the account already has 10 active keys; revoke one first")
				}
				k, secret, err := store.NewKey(c.Account().ID, c.Now())
				if err != nil {
					return nil, err
				}
				if err := s.cfg.Store.CreateKey(c.Context(), k); err != nil {
					return nil, err
				}
				return newKeyResult{Account: viewAccount(*c.Account()), Key: viewKey(k, ""), Secret: secret}, nil
			},
		},
		{
			ID: "post-api-keys-rotate", Method: "POST", Path: "/api-keys/keys/{id}/rotate", Family: "Access", NoBatch: true, Bare: true,
			Summary:     "Rotate a key: revoke it and create its replacement atomically",
			Description: "The old key stops working at once on this server and within a second on others.",
			Output:      newKeyResult{},
			Handle: func(c *Call) (any, error) {
				if _, err := st(); err != nil {
					return nil, err
				}
				old, err := ownKey(c, c.Param("id"))
				if err != nil {
					return nil, err
				}
				next, secret, err := store.NewKey(old.AccountID, c.Now())
				if err != nil {
					return nil, err
				}
				if err := s.cfg.Store.RotateKey(c.Context(), old.ID, next); err != nil {
					if errors.Is(err, store.ErrRevoked) {
						return nil, Conflict("key " + old.ID + " is already revoked")
					}
					return nil, err
				}
				s.forgetKeys()
				return newKeyResult{Account: viewAccount(*c.Account()), Key: viewKey(next, ""), Secret: secret, Revoked: old.ID}, nil
			},
		},
		{
			ID: "post-api-keys-revoke", Method: "POST", Path: "/api-keys/keys/{id}/revoke", Family: "Access", NoBatch: true, Bare: true,
			Summary:     "Revoke a key",
			Description: "The key stops working at once on this server and within a second on others. The last active key of an account cannot be revoked (409): rotate it instead.",
			Output:      keyView{},
			Handle: func(c *Call) (any, error) {
				if _, err := st(); err != nil {
					return nil, err
				}
				k, err := ownKey(c, c.Param("id"))
				if err != nil {
					return nil, err
				}
				if k.Status != store.KeyActive {
					return nil, Conflict("key " + k.ID + " is already revoked")
				}
				active, err := activeKeys(c, k.AccountID)
				if err != nil {
					return nil, err
				}
				if active <= 1 {
					return nil, Conflict("this is the account's last active key; rotate it instead of revoking it, or the account is locked out")
				}
				if err := s.cfg.Store.RevokeKey(c.Context(), k.ID, c.Now()); err != nil {
					if errors.Is(err, store.ErrRevoked) {
						return nil, Conflict("key " + k.ID + " is already revoked")
					}
					return nil, err
				}
				s.forgetKeys()
				k.Status, k.Revoked = store.KeyRevoked, store.Time(c.Now())
				return viewKey(k, c.Key().ID), nil
			},
		},
	}
}

// activeKeys counts the account's keys that still work.
func activeKeys(c *Call, accountID string) (int, error) {
	ks, err := c.Server().cfg.Store.Keys(c.Context(), accountID)
	if err != nil {
		return 0, err
	}
	active := 0
	for _, k := range ks {
		if k.Status == store.KeyActive {
			active++
		}
	}
	return active, nil
}
