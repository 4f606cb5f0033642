package http

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"time"

	"github.com/astroapi/astroapi/engine"
)

// Problem is an RFC 9457 problem detail, the body of every error response
// (media type application/problem+json). It is also an error, so handlers
// can return one directly.
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

// Problem kinds. Each slug is a section of /docs/api (#problem-<slug>).
const (
	kindBadRequest   = "bad-request"
	kindValidation   = "validation"
	kindNotFound     = "not-found"
	kindMethod       = "method-not-allowed"
	kindUnauthorized = "unauthorized"
	kindKeyInQuery   = "key-in-query"
	kindForbidden    = "forbidden"
	kindConflict     = "conflict"
	kindQuota        = "quota-exceeded"
	kindRate         = "rate-limited"
	kindTooLarge     = "body-too-large"
	kindUnsupported  = "unsupported-media-type"
	kindTimeout      = "timeout"
	kindUnavailable  = "unavailable"
	kindInternal     = "internal"
)

var problemTitles = map[string]string{
	kindBadRequest:   "Bad request",
	kindValidation:   "Invalid input",
	kindNotFound:     "Not found",
	kindMethod:       "Method not allowed",
	kindUnauthorized: "Missing or invalid API key",
	kindKeyInQuery:   "API key in the query string",
	kindForbidden:    "Forbidden",
	kindConflict:     "Conflict",
	kindQuota:        "Quota exceeded",
	kindRate:         "Rate limit exceeded",
	kindTooLarge:     "Request body too large",
	kindUnsupported:  "Unsupported media type",
	kindTimeout:      "Request timed out",
	kindUnavailable:  "Service unavailable",
	kindInternal:     "Internal error",
}

// newProblem builds a problem of a kind with a detail.
func newProblem(status int, kind, detail string) *Problem {
	return &Problem{
		Type:   problemType(kind),
		Title:  problemTitles[kind],
		Status: status,
		Detail: detail,
	}
}

func problemType(kind string) string { return "/docs/api#problem-" + kind }

// BadRequest is a 400 problem for input that cannot be read: a field of the
// wrong JSON type, an unparsable date, a missing body part the spec makes a
// 400. field names the JSON path or parameter.
func BadRequest(field, reason string) error {
	p := newProblem(400, kindBadRequest, field+": "+reason)
	if field == "" {
		p.Detail = reason
	} else {
		p.Errors = []FieldProblem{{Field: field, Reason: reason}}
	}
	return p
}

// NotFound is a 404 problem (an unknown zone, star, eclipse, ...).
func NotFound(detail string) error { return newProblem(404, kindNotFound, detail) }

// Forbidden is a 403 problem (for example a key acting on another account).
func Forbidden(detail string) error { return newProblem(403, kindForbidden, detail) }

// Conflict is a 409 problem: the request clashes with the current state.
func Conflict(detail string) error { return newProblem(409, kindConflict, detail) }

// Unprocessable is a 422 problem for one field that was read but is not
// acceptable; prefer returning *engine.FieldError from domain code.
func Unprocessable(field, reason string) error {
	return engine.Fields{{Field: field, Reason: reason}}
}

// problemFor maps any error to the problem sent to the client. It is the one
// table of error statuses.
func problemFor(err error) *Problem {
	var p *Problem
	if errors.As(err, &p) {
		cp := *p // handlers may return shared problems; never mutate them
		return &cp
	}
	var fields engine.Fields
	if errors.As(err, &fields) && len(fields) > 0 {
		return validationProblem(fields)
	}
	var fe *engine.FieldError
	if errors.As(err, &fe) {
		return validationProblem(engine.Fields{fe})
	}
	if errors.Is(err, engine.ErrOutOfRange) {
		return newProblem(422, kindValidation, "the requested instant is outside the range the ephemeris covers: "+err.Error())
	}
	if errors.Is(err, context.DeadlineExceeded) {
		return newProblem(503, kindTimeout, "the calculation took longer than the server allows; retry or split the request")
	}
	if errors.Is(err, context.Canceled) {
		return newProblem(503, kindUnavailable, "the request was cancelled (server shutting down or client gone)")
	}
	p = newProblem(500, kindInternal, "an internal error occurred; quote the request_id when reporting it")
	p.cause = err
	return p
}

func validationProblem(fields engine.Fields) *Problem {
	p := newProblem(422, kindValidation, "")
	for _, f := range fields {
		if f == nil {
			continue
		}
		p.Errors = append(p.Errors, FieldProblem{Field: f.Field, Reason: f.Reason})
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
