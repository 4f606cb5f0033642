package op

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"time"
	"unicode/utf8"

	"github.com/astroapi/astroapi/engine"
)

// Problem is an RFC 9457 problem detail, the body of every error response
// (media type application/problem+json) and of every failed batch item or
// tool call. It is also an error, so handlers can return one directly.
type Problem struct {
	Type      string         `json:"type" doc:"URI reference naming the kind of problem; it resolves to a section of /docs/api"`
	Title     string         `json:"title" doc:"short summary of the kind of problem"`
	Status    int            `json:"status" doc:"HTTP status code"`
	Detail    string         `json:"detail" doc:"what went wrong with this request and how to fix it"`
	RequestID string         `json:"request_id" doc:"trace identifier of the call, as in X-Request-ID"`
	Errors    []FieldProblem `json:"errors,omitempty" doc:"offending input fields"`

	// retryAfter, when positive, is sent as the Retry-After header.
	retryAfter time.Duration
	// cause is the internal error behind a 500, logged but never shown.
	cause error
}

// FieldProblem names one offending input field of a problem.
type FieldProblem struct {
	Field  string `json:"field" doc:"JSON path of the field (or query/path parameter name)"`
	Reason string `json:"reason" doc:"why the value was refused"`
}

func (p *Problem) Error() string {
	s := strconv.Itoa(p.Status) + " " + p.Title
	if p.Detail != "" {
		s += ": " + p.Detail
	}
	return s
}

// RetryAfter is how long the client should wait before retrying (0: no
// Retry-After header).
func (p *Problem) RetryAfter() time.Duration { return p.retryAfter }

// WithRetryAfter sets the Retry-After delay and returns p.
func (p *Problem) WithRetryAfter(d time.Duration) *Problem {
	p.retryAfter = d
	return p
}

// Cause is the internal error behind a 500 (nil otherwise), for the log.
func (p *Problem) Cause() error { return p.cause }

// Problem kinds. Each slug is a section of /docs/api (#problem-<slug>).
const (
	KindBadRequest      = "bad-request"
	KindValidation      = "validation"
	KindNotFound        = "not-found"
	KindMethod          = "method-not-allowed"
	KindUnauthorized    = "unauthorized"
	KindKeyInQuery      = "key-in-query"
	KindConflict        = "conflict"
	KindQuota           = "quota-exceeded"
	KindRate            = "rate-limited"
	KindTooLarge        = "body-too-large"
	KindHeadersTooLarge = "headers-too-large"
	KindURITooLong      = "uri-too-long"
	KindBatchTooLarge   = "batch-too-large"
	KindUnsupported     = "unsupported-media-type"
	KindTimeout         = "timeout"
	KindUnavailable     = "unavailable"
	KindInternal        = "internal"
)

// Kinds maps each problem kind to its title.
var Kinds = map[string]string{
	KindBadRequest:      "Bad request",
	KindValidation:      "Invalid input",
	KindNotFound:        "Not found",
	KindMethod:          "Method not allowed",
	KindUnauthorized:    "Missing or invalid API key",
	KindKeyInQuery:      "API key in the query string",
	KindConflict:        "Conflict",
	KindQuota:           "Quota exceeded",
	KindRate:            "Rate limit exceeded",
	KindTooLarge:        "Request body too large",
	KindHeadersTooLarge: "Request header fields too large",
	KindURITooLong:      "URI too long",
	KindBatchTooLarge:   "Batch too large",
	KindUnsupported:     "Unsupported media type",
	KindTimeout:         "Request timed out",
	KindUnavailable:     "Service unavailable",
	KindInternal:        "Internal error",
}

// NewProblem builds a problem of a kind with a detail.
func NewProblem(status int, kind, detail string) *Problem {
	return &Problem{Type: "/docs/api#problem-" + kind, Title: Kinds[kind], Status: status, Detail: detail}
}

// BadRequest is a 400 problem for input that cannot be read: a field of the
// wrong JSON type, an unparsable date, a missing body part the spec makes a
// 400. field names the JSON path or parameter ("" for the whole body).
func BadRequest(field, reason string) error {
	field, reason = clip(field, maxField), clip(reason, maxReason)
	p := NewProblem(400, KindBadRequest, field+": "+reason)
	if field == "" {
		p.Detail = reason
	} else {
		p.Errors = []FieldProblem{{Field: field, Reason: reason}}
	}
	return p
}

// NotFound is a 404 problem (an unknown zone, star, eclipse, ...).
func NotFound(detail string) error { return NewProblem(404, KindNotFound, detail) }

// Conflict is a 409 problem: the request clashes with the current state.
func Conflict(detail string) error { return NewProblem(409, KindConflict, detail) }

// Unavailable is a 503 problem: the server lacks what the call needs.
func Unavailable(detail string) error { return NewProblem(503, KindUnavailable, detail) }

// Unprocessable is a 422 problem for one field that was read but is not
// acceptable; domain code returns *engine.FieldError instead.
func Unprocessable(field, reason string) error {
	return engine.Fields{{Field: field, Reason: reason}}
}

// ProblemFor maps any error to the problem sent to the client. It is the
// one table of error statuses:
//
//	*Problem                           as it is
//	engine.Missing                     400 naming the fields (a required part the contract answers with 400)
//	engine.Fields, *engine.FieldError  422 with errors[] naming the fields
//	engine.ErrOutOfRange               422: the ephemeris does not cover the instant
//	engine.ErrUnavailable              503: the server lacks a data file the call needs
//	context deadline / cancel          503
//	anything else                      500 with a generic detail; the cause is logged
func ProblemFor(err error) *Problem {
	var p *Problem
	if errors.As(err, &p) {
		cp := *p // handlers may return shared problems; never mutate them
		return &cp
	}
	var missing engine.Missing
	if errors.As(err, &missing) && len(missing) > 0 {
		return missingProblem(missing)
	}
	var fields engine.Fields
	if errors.As(err, &fields) && len(fields) > 0 {
		return ValidationProblem(fields)
	}
	var fe *engine.FieldError
	if errors.As(err, &fe) {
		return ValidationProblem(engine.Fields{fe})
	}
	switch {
	case errors.Is(err, engine.ErrOutOfRange):
		return NewProblem(422, KindValidation, "the requested instant is outside the range the ephemeris covers: "+err.Error())
	case errors.Is(err, engine.ErrUnavailable):
		return NewProblem(503, KindUnavailable, err.Error())
	case errors.Is(err, context.DeadlineExceeded):
		return NewProblem(503, KindTimeout, "the calculation took longer than the server allows; retry or split the request")
	case errors.Is(err, context.Canceled):
		return NewProblem(503, KindUnavailable, "the request was cancelled (server shutting down or client gone)")
	}
	p = NewProblem(500, KindInternal, "an internal error occurred; quote the request_id when reporting it")
	p.cause = err
	return p
}

// Problems quote what the caller sent ("unknown time zone \"...\""); a
// megabyte of it would come back twice. Fields and reasons are clipped.
const (
	maxField  = 200
	maxReason = 400
)

// clip shortens s to at most n bytes at a rune boundary, marking the cut.
func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n] + "…"
}

// missingProblem is the 400 problem of required parts the contract answers
// with 400 when absent (engine.Missing).
func missingProblem(m engine.Missing) *Problem {
	p := ValidationProblem(engine.Fields(m))
	p.Type, p.Title, p.Status = "/docs/api#problem-"+KindBadRequest, Kinds[KindBadRequest], 400
	return p
}

// ValidationProblem is the 422 problem listing bad fields.
func ValidationProblem(fields engine.Fields) *Problem {
	p := NewProblem(422, KindValidation, "")
	for _, f := range fields {
		if f == nil {
			continue
		}
		p.Errors = append(p.Errors, FieldProblem{Field: clip(f.Field, maxField), Reason: clip(f.Reason, maxReason)})
	}
	switch len(p.Errors) {
	case 0:
		p.Detail = "the input is not valid"
	case 1:
		p.Detail = p.Errors[0].Field + ": " + p.Errors[0].Reason
	default:
		p.Detail = fmt.Sprintf("%s: %s (and %d more, see errors)", p.Errors[0].Field, p.Errors[0].Reason, len(p.Errors)-1)
	}
	return p
}
