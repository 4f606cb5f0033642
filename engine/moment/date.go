package moment

import (
	"fmt"
	"strconv"
	"time"

	"github.com/astroapi/astroapi/engine"
	"github.com/astroapi/astroapi/engine/calendar"
)

// Date is a date field of a request (an eclipse's date, a timing route's
// target, the start of a catalog): "YYYY-MM-DD", or an ISO 8601 date-time,
// with an offset ("2024-07-14T09:30:00Z") when it names an instant. It is
// read when the body is decoded, so a malformed date is the same 422
// naming the field on every route; what a date alone means (00:00 UTC,
// 00:00 in the birth's zone) is the route's, stated in its field's doc.
type Date string

// UnmarshalJSON reads a date string and checks its form.
func (d *Date) UnmarshalJSON(b []byte) error {
	if string(b) == "null" {
		*d = ""
		return nil
	}
	s, err := strconv.Unquote(string(b))
	if err != nil || len(b) == 0 || b[0] != '"' {
		return fmt.Errorf("must be a date string YYYY-MM-DD (or an ISO 8601 date-time)")
	}
	return d.UnmarshalText([]byte(s))
}

// UnmarshalText reads a date string (a query parameter) and checks its
// form.
func (d *Date) UnmarshalText(b []byte) error {
	s := string(b)
	if s == "" {
		*d = ""
		return nil
	}
	if _, err := calendar.ParseISO(s); err != nil {
		return fmt.Errorf("%q is not a date YYYY-MM-DD or an ISO 8601 date-time (%v)", s, err)
	}
	*d = Date(s)
	return nil
}

// Civil returns the date as written (zero for an empty or malformed one).
func (d Date) Civil() calendar.Civil {
	c, _ := calendar.ParseISO(string(d))
	return c
}

// HasTime reports whether the date was written with a time of day.
func (d Date) HasTime() bool { return d.Civil().HasTime }

// In returns the instant d names: with an offset, that instant; otherwise
// the local date (00:00 when no time was written) in zone (an IANA name or
// an offset, "" for UTC) and calendar cal ("" is the historical switch).
// Errors are field errors on field (a local time in a gap, a day that does
// not exist).
func (d Date) In(zone string, cal calendar.Calendar, field string) (time.Time, error) {
	c, err := calendar.ParseISO(string(d))
	if err != nil {
		return time.Time{}, &engine.FieldError{Field: field, Reason: fmt.Sprintf("%q is not a date YYYY-MM-DD or an ISO 8601 date-time (%v)", d, err)}
	}
	if !c.HasOffset {
		// The instant alone: none of the texts civil writes for an echo
		// (a date field is read on every call of the timing routes).
		_, t, err := localInstant(c, zone, cal, "", field)
		return t, err
	}
	r, err := civil(c, zone, cal, "", field)
	if err != nil {
		return time.Time{}, err
	}
	return r.UTC.Time, nil
}
