// Package console is the key console (spec 5: keys are created and rotated
// at /api-keys): an HTML page backed by JSON routes. Signing up is public
// and limited per client address; everything else acts with the key in
// x-api-key on that key's own account.
package console

import (
	"embed"
	"errors"
	"net/mail"
	"strings"
	"sync"
	"time"

	"github.com/astroapi/astroapi/http/op"
	"github.com/astroapi/astroapi/quota"
	"github.com/astroapi/astroapi/store"
)

//go:embed assets
var assets embed.FS

// Deps are what the console acts on.
type Deps struct {
	Store store.Store // nil: the routes answer 503
	// KeyRevoked is called with the id of a key revoked or rotated, so that
	// the server refuses it at once though it cached it (may be nil).
	KeyRevoked func(id string)
	// SignupsPerHour bounds account creations per client address and
	// hour; 0 means 5.
	SignupsPerHour int
}

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

// console is the console's state: its store and the sign-up limiter.
type console struct {
	Deps
	signups *windowLimiter
}

// Ops returns the console's page, its script and its JSON routes.
func Ops(d Deps) []*op.Operation {
	if d.SignupsPerHour <= 0 {
		d.SignupsPerHour = 5
	}
	if d.KeyRevoked == nil {
		d.KeyRevoked = func(string) {}
	}
	k := &console{Deps: d, signups: newWindowLimiter(d.SignupsPerHour, time.Hour)}
	unavailable := op.Missing(d.Store == nil, "no key store is configured")
	spec := func(id, path string, access op.Access, summary, description string) op.Spec {
		return op.Spec{ID: id, Path: path, Family: "Access", Access: access, NoBatch: true, Bare: true,
			Summary: summary, Description: description, Unavailable: unavailable}
	}
	page := spec("get-api-keys-console", "/api-keys", op.Public, "API key console (HTML)",
		"A page to create an account on the free plan and get its first key, and, given a key, to list, "+
			"create, rotate and revoke the keys of its account. It calls the /api-keys/* JSON routes.")
	page.Produces, page.Bare, page.Unavailable = "text/html", false, ""
	script := spec("get-api-keys-asset", "/api-keys/assets/console.js", op.Public, "Script of the key console", "")
	script.Produces, script.Bare, script.Unavailable, script.Hidden = "text/javascript", false, "", true
	return []*op.Operation{
		op.Get(page, func(*op.Call, *op.None) (op.Raw, error) {
			return asset("console.html", "text/html; charset=utf-8")
		}),
		op.Get(script, func(*op.Call, *op.None) (op.Raw, error) {
			return asset("console.js", "text/javascript; charset=utf-8")
		}),
		op.Post(spec("post-api-keys-signup", "/api-keys/signup", op.Public, "Create an account on the free plan and its first key",
			"Public. Limited per client address (a few per hour; 429 beyond). One account per e-mail address (409 if taken). "+
				"The secret of the key is in this response only."), k.signup),
		op.Get(spec("get-api-keys-keys", "/api-keys/keys", op.Free, "List the keys of your account", ""), k.list),
		op.Post(spec("post-api-keys-keys", "/api-keys/keys", op.Free, "Create another key for your account",
			"At most 10 active keys per account (409 beyond). The secret is in this response only."), k.create),
		op.Post(spec("post-api-keys-rotate", "/api-keys/keys/{id}/rotate", op.Free, "Rotate a key: revoke it and create its replacement atomically",
			"The old key stops working at once on this server and within a second on others."), k.rotate),
		op.Post(spec("post-api-keys-revoke", "/api-keys/keys/{id}/revoke", op.Free, "Revoke a key",
			"The key stops working at once on this server and within a second on others. The last active key of an account cannot be revoked (409): rotate it instead."), k.revoke),
	}
}

func asset(name, ctype string) (op.Raw, error) {
	b, err := assets.ReadFile("assets/" + name)
	return op.Raw{ContentType: ctype, Body: b}, err
}

func (k *console) signup(c *op.Call, in *signupRequest) (newKeyResult, error) {
	email := strings.TrimSpace(in.Email)
	addr, perr := mail.ParseAddress(email)
	if perr != nil || addr.Address != email || len(email) > 254 {
		return newKeyResult{}, op.Unprocessable("email", "must be a plain e-mail address such as ada@example.com")
	}
	ip := c.RemoteIP()
	if ip == "" {
		ip = "batch"
	}
	if ok, wait := k.signups.allow(ip, c.Now()); !ok {
		return newKeyResult{}, op.NewProblem(429, op.KindRate, "too many accounts created from this address; retry later").WithRetryAfter(wait)
	}
	if _, err := k.Store.AccountByEmail(c.Context(), email); err == nil {
		return newKeyResult{}, op.Conflict("an account already exists for this e-mail address; use one of its keys, or rotate a key in this console")
	} else if !errors.Is(err, store.ErrNotFound) {
		return newKeyResult{}, err
	}
	a, err := store.NewAccount(email, quota.Free, c.Now())
	if err != nil {
		return newKeyResult{}, err
	}
	if err := k.Store.CreateAccount(c.Context(), a); err != nil {
		if errors.Is(err, store.ErrExists) {
			return newKeyResult{}, op.Conflict("an account already exists for this e-mail address")
		}
		return newKeyResult{}, err
	}
	key, secret, err := store.NewKey(a.ID, c.Now())
	if err != nil {
		return newKeyResult{}, err
	}
	if err := k.Store.CreateKey(c.Context(), key); err != nil {
		return newKeyResult{}, err
	}
	c.Echo(signupRequest{Email: email})
	return newKeyResult{Account: viewAccount(a), Key: viewKey(key, ""), Secret: secret}, nil
}

func (k *console) list(c *op.Call, _ *op.None) (keyList, error) {
	ks, err := k.Store.Keys(c.Context(), c.Account().ID)
	if err != nil {
		return keyList{}, err
	}
	out := keyList{Account: viewAccount(*c.Account()), Keys: []keyView{}}
	for _, key := range ks {
		out.Keys = append(out.Keys, viewKey(key, c.Key().ID))
	}
	return out, nil
}

func (k *console) create(c *op.Call, _ *op.None) (newKeyResult, error) {
	active, err := k.activeKeys(c, c.Account().ID)
	if err != nil {
		return newKeyResult{}, err
	}
	if active >= maxActiveKeys {
		return newKeyResult{}, op.Conflict("the account already has 10 active keys; revoke one first")
	}
	key, secret, err := store.NewKey(c.Account().ID, c.Now())
	if err != nil {
		return newKeyResult{}, err
	}
	if err := k.Store.CreateKey(c.Context(), key); err != nil {
		return newKeyResult{}, err
	}
	return newKeyResult{Account: viewAccount(*c.Account()), Key: viewKey(key, ""), Secret: secret}, nil
}

// ownKey loads key id and checks it belongs to the caller's account.
func (k *console) ownKey(c *op.Call, id string) (store.Key, error) {
	key, err := k.Store.KeyByID(c.Context(), id)
	if errors.Is(err, store.ErrNotFound) || (err == nil && key.AccountID != c.Account().ID) {
		return store.Key{}, op.NotFound("no key " + id + " on your account")
	}
	return key, err
}

func (k *console) rotate(c *op.Call, _ *op.None) (newKeyResult, error) {
	old, err := k.ownKey(c, c.Param("id"))
	if err != nil {
		return newKeyResult{}, err
	}
	next, secret, err := store.NewKey(old.AccountID, c.Now())
	if err != nil {
		return newKeyResult{}, err
	}
	if err := k.Store.RotateKey(c.Context(), old.ID, next); err != nil {
		if errors.Is(err, store.ErrRevoked) {
			return newKeyResult{}, op.Conflict("key " + old.ID + " is already revoked")
		}
		return newKeyResult{}, err
	}
	k.KeyRevoked(old.ID)
	return newKeyResult{Account: viewAccount(*c.Account()), Key: viewKey(next, ""), Secret: secret, Revoked: old.ID}, nil
}

func (k *console) revoke(c *op.Call, _ *op.None) (keyView, error) {
	key, err := k.ownKey(c, c.Param("id"))
	if err != nil {
		return keyView{}, err
	}
	if key.Status != store.KeyActive {
		return keyView{}, op.Conflict("key " + key.ID + " is already revoked")
	}
	active, err := k.activeKeys(c, key.AccountID)
	if err != nil {
		return keyView{}, err
	}
	if active <= 1 {
		return keyView{}, op.Conflict("this is the account's last active key; rotate it instead of revoking it, or the account is locked out")
	}
	if err := k.Store.RevokeKey(c.Context(), key.ID, c.Now()); err != nil {
		if errors.Is(err, store.ErrRevoked) {
			return keyView{}, op.Conflict("key " + key.ID + " is already revoked")
		}
		return keyView{}, err
	}
	k.KeyRevoked(key.ID)
	key.Status, key.Revoked = store.KeyRevoked, store.Time(c.Now())
	return viewKey(key, c.Key().ID), nil
}

// activeKeys counts the account's keys that still work.
func (k *console) activeKeys(c *op.Call, accountID string) (int, error) {
	ks, err := k.Store.Keys(c.Context(), accountID)
	if err != nil {
		return 0, err
	}
	active := 0
	for _, key := range ks {
		if key.Status == store.KeyActive {
			active++
		}
	}
	return active, nil
}

// windowLimiter allows n events per key per window (fixed windows); it
// guards account creation.
type windowLimiter struct {
	mu     sync.Mutex
	n      int
	window time.Duration
	seen   map[string]*windowCount
}

type windowCount struct {
	start time.Time
	n     int
}

func newWindowLimiter(n int, window time.Duration) *windowLimiter {
	return &windowLimiter{n: n, window: window, seen: map[string]*windowCount{}}
}

// allow records an event for key at now and reports whether it is within
// the limit, and if not how long until the window resets.
func (w *windowLimiter) allow(key string, now time.Time) (bool, time.Duration) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if len(w.seen) > 100_000 { // bound memory under address churn
		for k, c := range w.seen {
			if now.Sub(c.start) >= w.window {
				delete(w.seen, k)
			}
		}
	}
	c := w.seen[key]
	if c == nil || now.Sub(c.start) >= w.window {
		c = &windowCount{start: now}
		w.seen[key] = c
	}
	if c.n >= w.n {
		return false, c.start.Add(w.window).Sub(now)
	}
	c.n++
	return true, 0
}
