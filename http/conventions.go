package http

import (
	"bytes"
	"hash/crc64"
	"strconv"
	"strings"
	"time"

	"github.com/valyala/fasthttp"

	"github.com/astroapi/astroapi/http/op"
	"github.com/astroapi/astroapi/quota"
)

// The HTTP conventions client libraries expect, beside the operations:
// compression, HEAD, CORS, WWW-Authenticate, RateLimit headers, ETags.

// CORS: the API (/api/...) may be called from any origin's pages: keys
// travel only in the x-api-key (or Authorization) header, never in cookies, so a page can
// only use a key its user gave it. The key console (/api-keys) is for its
// own page only: no CORS headers, so another site's page cannot sign up
// its visitors or drive their keys (sign-up also takes JSON only, which
// needs the preflight it does not get).
const (
	corsAllowHeaders  = "x-api-key, authorization, content-type, accept, accept-language, x-request-id, prefer, idempotency-key"
	corsExposeHeaders = "x-request-id, preference-applied, content-language, ratelimit, ratelimit-policy, ratelimit-limit, ratelimit-remaining, ratelimit-reset, retry-after, x-warnings, content-disposition, etag, idempotent-replayed, bulk-job"
	corsMaxAge        = "86400"
)

// corsOpen reports whether path is open to cross-origin pages.
func corsOpen(path []byte) bool { return bytes.HasPrefix(path, []byte("/api/")) }

// setCORS adds the headers of a cross-origin answer.
func setCORS(rc *fasthttp.RequestCtx) {
	if len(rc.Request.Header.Peek("Origin")) == 0 || !corsOpen(rc.Path()) {
		return
	}
	rc.Response.Header.Set("Access-Control-Allow-Origin", "*")
	rc.Response.Header.Set("Access-Control-Expose-Headers", corsExposeHeaders)
}

// preflight answers a CORS preflight (OPTIONS) of any route: 204 with the
// methods the path serves, on the paths open to other origins.
func (s *Server) preflight(rc *fasthttp.RequestCtx) {
	rc.SetStatusCode(fasthttp.StatusNoContent)
	if !corsOpen(rc.Path()) {
		return
	}
	allow := string(rc.Response.Header.Peek("Allow")) // set by the router
	if allow == "" {
		allow = "GET, HEAD, POST, OPTIONS"
	}
	rc.Response.Header.Set("Access-Control-Allow-Origin", "*")
	rc.Response.Header.Set("Access-Control-Allow-Methods", allow)
	rc.Response.Header.Set("Access-Control-Allow-Headers", corsAllowHeaders)
	rc.Response.Header.Set("Access-Control-Max-Age", corsMaxAge)
}

// wwwAuthenticate is the challenge of every 401: the scheme is the API key
// in the x-api-key header (no registered scheme exists for it).
const wwwAuthenticate = `APIKey realm="astroapi", header="x-api-key"`

// setLimitHeaders sends the IETF RateLimit fields
// (draft-ietf-httpapi-ratelimit-headers): RateLimit-Policy lists the
// account's policies (the per-second rate, the day, the month) and
// RateLimit the one closest to its limit; the older RateLimit-Limit,
// -Remaining and -Reset fields describe that same policy. A refusal adds
// Retry-After.
func (s *Server) setLimitHeaders(rc *fasthttp.RequestCtx, u *quota.Usage, p *op.Problem) {
	if p != nil && p.RetryAfter() > 0 {
		secs := int64((p.RetryAfter() + time.Second - 1) / time.Second)
		rc.Response.Header.Set("Retry-After", strconv.FormatInt(secs, 10))
	}
	if u == nil || u.DailyLimit <= 0 {
		return
	}
	now := s.cfg.Clock().UTC()
	dayReset := int64(now.Truncate(24*time.Hour).Add(24*time.Hour).Sub(now) / time.Second) // Unix days are UTC days
	y, m, _ := now.Date()
	monthReset := int64(time.Date(y, m+1, 1, 0, 0, 0, 0, time.UTC).Sub(now) / time.Second)
	policy := `"day";q=` + strconv.FormatInt(u.DailyLimit, 10) + ";w=86400, " +
		`"month";q=` + strconv.FormatInt(u.MonthlyLimit, 10) + ";w=" + strconv.FormatInt(monthReset, 10)
	if u.RatePerSecond > 0 {
		policy = `"second";q=` + strconv.FormatInt(u.RatePerSecond, 10) + ";w=1, " + policy
	}
	rc.Response.Header.Set("RateLimit-Policy", policy)

	name, limit := "day", u.DailyLimit
	remaining, reset := max(0, u.DailyLimit-u.RequestsThisDay), dayReset
	if monthLeft := max(0, u.MonthlyLimit-u.RequestsThisMonth); monthLeft < remaining {
		name, limit, remaining, reset = "month", u.MonthlyLimit, monthLeft, monthReset
	}
	if p != nil && p.Type == op.NewProblem(0, op.KindRate, "").Type {
		name, limit, remaining, reset = "second", u.RatePerSecond, 0, max(1, int64((p.RetryAfter()+time.Second-1)/time.Second))
	}
	rc.Response.Header.Set("RateLimit", `"`+name+`";r=`+strconv.FormatInt(remaining, 10)+";t="+strconv.FormatInt(reset, 10))
	rc.Response.Header.Set("RateLimit-Limit", strconv.FormatInt(limit, 10))
	rc.Response.Header.Set("RateLimit-Remaining", strconv.FormatInt(remaining, 10))
	rc.Response.Header.Set("RateLimit-Reset", strconv.FormatInt(reset, 10))
}

// The documents, their assets and other public GET answers change only
// with a new version of the server: they carry an ETag and may be cached
// for five minutes; a request whose If-None-Match matches gets 304.
var etagTable = crc64.MakeTable(crc64.ECMA)

// cacheable reports whether a Raw answer of o gets an ETag.
func cacheable(o *op.Operation) bool {
	return o.Access == op.Public && o.Method == "GET" && o.Produces != "" && !strings.HasPrefix(o.Produces, "text/plain")
}

// crc64Of is the checksum an entity tag is made of.
func crc64Of(body []byte) uint64 { return crc64.Checksum(body, etagTable) }

// matchesETag reports whether the request's If-None-Match names tag.
func matchesETag(rc *fasthttp.RequestCtx, tag string) bool {
	for _, t := range strings.Split(string(rc.Request.Header.Peek("If-None-Match")), ",") {
		if t = strings.TrimPrefix(strings.TrimSpace(t), "W/"); t == tag || t == "*" {
			return true
		}
	}
	return false
}
