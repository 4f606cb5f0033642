// Package console is the key console (spec 5: keys are created and rotated
// at /api-keys): an HTML page backed by JSON routes. Signing up is public
// and limited per client address; everything else acts with the key in
// x-api-key on that key's own account.
//
// The page is a dashboard of the account (plan, quotas, use over 30 to 365
// days, operations, latency, hours, errors: it reads the usage routes), the
// key list with each key's last use, and a playground that sends a birth
// to any route of the families with the user's key (billed as any call).
// It keeps the key in page memory, or in sessionStorage when asked, never
// in a cookie or a URL. Its assets are embedded (assets/); its charts use
// uPlot, embedded with the documentation UIs (make docs-ui).
package console

import (
	"embed"
	"errors"
	"net/mail"
	"path"
	"slices"
	"strconv"
	"strings"
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
	// Quota gives the hour each key was last used (nil: the key list
	// shows none).
	Quota *quota.Quota
	// KeyRevoked is called with the id of a key revoked or rotated, so that
	// the server refuses it at once though it cached it (may be nil).
	KeyRevoked func(id string)
	// SignupsPerHour bounds account creations per client address and
	// hour, counted in the store so that every instance shares the count;
	// 0 means 5.
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
	// LastUsed comes from the hourly usage attribution: the hour, not the
	// instant.
	LastUsed string `json:"last_used,omitempty" doc:"UTC hour of the latest call made with the key, RFC 3339; absent if it was never used"`
	Current  bool   `json:"current" doc:"this is the key the request was made with"`
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
	Account   accountView `json:"account"`
	Keys      []keyView   `json:"keys" doc:"oldest first"`
	Next      string      `json:"next,omitempty" doc:"when more keys follow: send it as after to get them"`
	Active    int         `json:"active_keys" doc:"active keys of the account (all pages)"`
	MaxActive int         `json:"max_active_keys" doc:"the most active keys an account may have; creating one more is a 409"`
}

// keyListQuery pages GET /api-keys/keys.
type keyListQuery struct {
	Limit *int   `json:"limit,omitempty" doc:"keys per page" minimum:"1" maximum:"100" default:"50"`
	After string `json:"after,omitempty" doc:"the next of the previous page: the keys created after this one"`
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

// console is the console's state.
type console struct {
	Deps
}

// Ops returns the console's page, its script and its JSON routes.
func Ops(d Deps) []*op.Operation {
	if d.SignupsPerHour <= 0 {
		d.SignupsPerHour = 5
	}
	if d.KeyRevoked == nil {
		d.KeyRevoked = func(string) {}
	}
	k := &console{Deps: d}
	unavailable := op.Missing(d.Store == nil, "no key store is configured")
	spec := func(id, path string, access op.Access, summary, description string) op.Spec {
		return op.Spec{ID: id, Path: path, Family: "Access", Access: access, NoBatch: true, Bare: true,
			Summary: summary, Description: description, Unavailable: unavailable, Private: true, JSONOnly: true}
	}
	page := spec("get-api-keys-console", "/api-keys", op.Public, "API key console (HTML)",
		"A page to create an account on the free plan and get its first key, and, given a key, to list, "+
			"create, rotate and revoke the keys of its account. It calls the /api-keys/* JSON routes.")
	page.Produces, page.Bare, page.Unavailable, page.Private, page.JSONOnly = "text/html", false, "", false, false
	script := spec("get-api-keys-asset", "/api-keys/assets/{file}", op.Public, "Scripts and style of the key console", "")
	script.Produces, script.Bare, script.Unavailable, script.Hidden, script.Private, script.JSONOnly = "text/javascript", false, "", true, false, false
	script.PathExamples = map[string]string{"file": "console.js"}
	return []*op.Operation{
		op.Get(page, func(*op.Call, *op.None) (op.Raw, error) {
			return asset("console.html", "text/html; charset=utf-8")
		}),
		op.Get(script, func(c *op.Call, _ *op.None) (op.Raw, error) {
			name := c.Param("file")
			ctype, ok := assetTypes[path.Ext(name)]
			if !ok || name == "console.html" || strings.ContainsAny(name, "/\\") {
				return op.Raw{}, op.NotFound("no console asset " + strconv.Quote(name))
			}
			raw, err := asset(name, ctype)
			if err != nil {
				return op.Raw{}, op.NotFound("no console asset " + strconv.Quote(name))
			}
			return raw, nil
		}),
		op.Post(spec("post-api-keys-signup", "/api-keys/signup", op.Public, "Create an account on the free plan and its first key",
			"Public. Limited per client address (a few per hour; 429 beyond). One account per e-mail address (409 if taken). "+
				"The secret of the key is in this response only."), k.signup),
		op.Get(spec("get-api-keys-keys", "/api-keys/keys", op.Free, "List the keys of your account",
			"Oldest first, in pages (limit, after). Keys revoked more than 30 days ago are deleted."), k.list),
		op.Post(spec("post-api-keys-keys", "/api-keys/keys", op.Free, "Create another key for your account",
			"At most 10 active keys per account (409 beyond). The secret is in this response only."), k.create),
		op.Post(spec("post-api-keys-rotate", "/api-keys/keys/{id}/rotate", op.Free, "Rotate a key: revoke it and create its replacement atomically",
			"The old key stops working at once on this server and within a second on others."), k.rotate),
		op.Post(spec("post-api-keys-revoke", "/api-keys/keys/{id}/revoke", op.Free, "Revoke a key",
			"The key stops working at once on this server and within a second on others. The last active key of an account cannot be revoked (409): rotate it instead."), k.revoke),
	}
}

// assetTypes are the media types of the console's assets by extension.
var assetTypes = map[string]string{".js": "text/javascript; charset=utf-8", ".css": "text/css; charset=utf-8"}

func asset(name, ctype string) (op.Raw, error) {
	b, err := assets.ReadFile("assets/" + name)
	return op.Raw{ContentType: ctype, Body: b}, err
}

// normalEmail checks an address and writes it the one way accounts are
// keyed: lower case (domains are case-insensitive, and no provider in use
// tells local parts apart by case). Plus-aliases (ada+news@) are kept as
// different addresses: providers differ on what they mean.
func normalEmail(s string) (string, bool) {
	email := strings.ToLower(strings.TrimSpace(s))
	addr, err := mail.ParseAddress(email)
	if err != nil || addr.Address != email || len(email) > 254 {
		return "", false
	}
	_, domain, _ := strings.Cut(email, "@")
	if !strings.Contains(strings.Trim(domain, "."), ".") || strings.HasPrefix(domain, "[") {
		return "", false // a host name, "localhost" or an address literal
	}
	return email, true
}

// signupWindow is the window of the sign-up limit.
const signupWindow = time.Hour

func (k *console) signup(c *op.Call, in *signupRequest) (newKeyResult, error) {
	email, ok := normalEmail(in.Email)
	if !ok {
		return newKeyResult{}, op.Unprocessable("email", "must be a plain e-mail address with a domain, such as ada@example.com")
	}
	ip := c.RemoteIP()
	if ip == "" {
		ip = "batch"
	}
	n, err := k.Store.Hit(c.Context(), "signup:"+ip, signupWindow, c.Now())
	if err != nil {
		return newKeyResult{}, err
	}
	if n > int64(k.SignupsPerHour) {
		wait := c.Now().Truncate(signupWindow).Add(signupWindow).Sub(c.Now())
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

func (k *console) list(c *op.Call, in *keyListQuery) (keyList, error) {
	limit := 50
	if in.Limit != nil {
		if *in.Limit < 1 || *in.Limit > 100 {
			return keyList{}, op.Unprocessable("limit", "must be between 1 and 100")
		}
		limit = *in.Limit
	}
	ks, err := k.Store.Keys(c.Context(), c.Account().ID)
	if err != nil {
		return keyList{}, err
	}
	var lastUsed map[string]time.Time
	if k.Quota != nil {
		if lastUsed, err = k.Quota.LastUsed(c.Context(), c.Account().ID); err != nil {
			return keyList{}, err
		}
	}
	out := keyList{Account: viewAccount(*c.Account()), Keys: []keyView{}, MaxActive: maxActiveKeys}
	for _, key := range ks {
		if key.Status == store.KeyActive {
			out.Active++
		}
	}
	if in.After != "" {
		i := slices.IndexFunc(ks, func(key store.Key) bool { return key.ID == in.After })
		if i < 0 {
			return keyList{}, op.Unprocessable("after", "is not a key of your account (send the next of the previous page)")
		}
		ks = ks[i+1:]
	}
	for _, key := range ks {
		if len(out.Keys) == limit {
			out.Next = out.Keys[limit-1].ID
			break
		}
		v := viewKey(key, c.Key().ID)
		if h, ok := lastUsed[key.ID]; ok {
			v.LastUsed = h.Format(time.RFC3339)
		}
		out.Keys = append(out.Keys, v)
	}
	return out, nil
}

func (k *console) create(c *op.Call, _ *op.None) (newKeyResult, error) {
	key, secret, err := store.NewKey(c.Account().ID, c.Now())
	if err != nil {
		return newKeyResult{}, err
	}
	// The store counts and inserts in one step: concurrent creations
	// cannot pass the limit.
	if err := k.Store.CreateKeyWithin(c.Context(), key, maxActiveKeys); err != nil {
		if errors.Is(err, store.ErrLimit) {
			return newKeyResult{}, op.Conflict("the account already has " + strconv.Itoa(maxActiveKeys) + " active keys; revoke one first")
		}
		return newKeyResult{}, err
	}
	return newKeyResult{Account: viewAccount(*c.Account()), Key: viewKey(key, ""), Secret: secret}, nil
}

// ownKey loads key id and checks it belongs to the caller's account. An
// id that is not of the form the store makes is not looked up (a NUL byte
// in it was a PostgreSQL error, 500).
func (k *console) ownKey(c *op.Call, id string) (store.Key, error) {
	if !store.ValidKeyID(id) {
		return store.Key{}, op.NotFound("no key " + strconv.Quote(id) + " on your account")
	}
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
	// The store checks "not the last active key" and revokes in one step:
	// two keys revoking each other at once cannot both go.
	if err := k.Store.RevokeKeyKeepingOne(c.Context(), key.ID, c.Now()); err != nil {
		switch {
		case errors.Is(err, store.ErrRevoked):
			return keyView{}, op.Conflict("key " + key.ID + " is already revoked")
		case errors.Is(err, store.ErrLastKey):
			return keyView{}, op.Conflict("this is the account's last active key; rotate it instead of revoking it, or the account is locked out")
		}
		return keyView{}, err
	}
	k.KeyRevoked(key.ID)
	key.Status, key.Revoked = store.KeyRevoked, store.Time(c.Now())
	return viewKey(key, c.Key().ID), nil
}
