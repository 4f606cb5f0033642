// Package resolve is the contract between an operation's input and the door
// that decodes it: the parts of an input that need more than their JSON
// (a birth packet, an instant, a span, a date) resolve themselves, once,
// before anything is billed, cached or computed.
//
// The door (http/op) decodes a body strictly into the operation's input
// type, checks the documented tags (required, enumerations, minimum and
// maximum), fills the documented defaults, then walks the value: every
// field whose type implements Resolver is resolved with its JSON path as
// prefix, and its field errors are gathered with every other bad field of
// the request into one answer. A field that resolves itself is not walked
// into: its Resolve handles what it holds. After resolution the input is
// also the echo of the envelope: a resolver writes the canonical form of
// what it read (the zone it used, the calendar of the date) into its
// sendable fields and the facts it derived (the UTC instant, the offset)
// into fields tagged readonly:"true", which the documents mark read-only
// and the decoder accepts and ignores, so that an answer's echo sent back
// as a request gives the same answer.
//
// Go callers (tests, the generator, other engines) resolve a value
// themselves: Walk does what the door does after decoding, with a Fixed
// context.
package resolve

import (
	"time"

	"github.com/astroapi/astroapi/engine/places"
	"github.com/astroapi/astroapi/engine/zones"
)

// Context is what an input needs to resolve itself: the call's clock ("now"
// is the instant the call started, so that tests can fix it), a way to say
// that the answer depends on that clock (it is then never cached), a place
// for notices to the caller, and the offline indexes (either may be nil on
// a server started without them: a packet that needs one fails with an
// error wrapping engine.ErrUnavailable).
type Context interface {
	Now() time.Time
	UsesNow()
	Warn(msg ...string)
	Places() *places.Index
	Zones() *zones.Index
}

// Resolver is implemented (on the pointer) by a part of an input that
// resolves itself. prefix is its JSON path with a trailing dot ("" at the
// top level, "person2." when nested) for the errors it reports, which are
// engine.FieldError or engine.Fields; any other error (a missing index)
// stops the call.
type Resolver interface {
	Resolve(c Context, prefix string) error
}

// Services are the offline indexes a door gives its calls.
type Services struct {
	Places *places.Index
	Zones  *zones.Index
}

// Fixed is a Context for Go callers and tests: a fixed clock, the
// services, and the notices collected.
type Fixed struct {
	Time     time.Time
	Services Services
	Notes    []string
	NowUsed  bool
}

// Now returns the fixed time.
func (f *Fixed) Now() time.Time { return f.Time }

// UsesNow records that the clock was read.
func (f *Fixed) UsesNow() { f.NowUsed = true }

// Warn collects notices.
func (f *Fixed) Warn(msg ...string) { f.Notes = append(f.Notes, msg...) }

// Places returns the geocoding index (nil without one).
func (f *Fixed) Places() *places.Index { return f.Services.Places }

// Zones returns the zone index (nil without one).
func (f *Fixed) Zones() *zones.Index { return f.Services.Zones }
