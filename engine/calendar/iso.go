package calendar

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"
)

// Civil is a date and time as written in a request, before any calendar or
// zone is applied: the fields of an ISO 8601 string read by ParseISO.
type Civil struct {
	Year, Month, Day     int
	Hour, Minute, Second int
	Nanosecond           int
	// HasTime says whether a time of day was written (a date alone is its
	// 00:00).
	HasTime bool
	// HasOffset says whether the string named its offset ("Z", "+02:00");
	// Offset is then the offset in seconds east of UTC.
	HasOffset bool
	Offset    int
}

// ParseISO reads an ISO 8601 / RFC 3339 date or date-time:
//
//	2024-03-20            a date (its 00:00)
//	2024-03-20T03:06      a local time (a space may stand for the T)
//	2024-03-20T03:06:00.5 seconds, with a fraction
//	2024-03-20T03:06:00Z  an instant in UTC; +02:00, -0530, +05 name other offsets
//	-0043-03-15           an expanded year: a sign and at least four digits
//	                      (astronomical numbering, 0 is 1 BC)
//
// It checks the syntax and the ranges of month (1-12), day (1-31), hour,
// minute, second and offset; the date's existence in a calendar is
// ValidDate's business. The error says what is wrong without a field name.
func ParseISO(s string) (Civil, error) {
	var c Civil
	p := isoParser{s: s}
	neg := false
	switch p.peek() {
	case '-':
		neg = true
		p.i++
	case '+':
		p.i++
	}
	y, ok := p.digits(4, 6)
	if !ok {
		return c, p.fail("a year of four digits (with a sign for years before 0000)")
	}
	if neg {
		y = -y
	}
	c.Year = y
	if !p.lit('-') {
		return c, p.fail(`"-" after the year`)
	}
	if c.Month, ok = p.digits(2, 2); !ok {
		return c, p.fail("a two-digit month")
	}
	if !p.lit('-') {
		return c, p.fail(`"-" after the month`)
	}
	if c.Day, ok = p.digits(2, 2); !ok {
		return c, p.fail("a two-digit day")
	}
	if p.done() {
		return c, c.check()
	}
	if !p.lit('T') && !p.lit('t') && !p.lit(' ') {
		return c, p.fail(`"T" between the date and the time`)
	}
	c.HasTime = true
	if c.Hour, ok = p.digits(2, 2); !ok {
		return c, p.fail("a two-digit hour")
	}
	if !p.lit(':') {
		return c, p.fail(`":" after the hour`)
	}
	if c.Minute, ok = p.digits(2, 2); !ok {
		return c, p.fail("two-digit minutes")
	}
	if p.lit(':') {
		if c.Second, ok = p.digits(2, 2); !ok {
			return c, p.fail("two-digit seconds")
		}
		if p.lit('.') || p.lit(',') {
			fs := p.i
			frac, ok := p.digits(1, 9)
			if !ok {
				return c, p.fail("digits after the decimal point")
			}
			for n := p.i - fs; n < 9; n++ {
				frac *= 10
			}
			c.Nanosecond = frac
		}
	}
	switch p.peek() {
	case 0:
	case 'Z', 'z':
		p.i++
		c.HasOffset = true
	case '+', '-':
		sign := 1
		if p.peek() == '-' {
			sign = -1
		}
		p.i++
		h, ok := p.digits(2, 2)
		if !ok {
			return c, p.fail("a two-digit offset hour")
		}
		m := 0
		if p.lit(':') {
			if m, ok = p.digits(2, 2); !ok {
				return c, p.fail("two-digit offset minutes")
			}
		} else if !p.done() {
			if m, ok = p.digits(2, 2); !ok {
				return c, p.fail("two-digit offset minutes")
			}
		}
		if h > 23 || m > 59 {
			return c, errors.New("the offset must be at most ±23:59")
		}
		c.HasOffset, c.Offset = true, sign*(h*3600+m*60)
	default:
		return c, p.fail(`"Z" or an offset such as +02:00 after the time`)
	}
	if !p.done() {
		return c, p.fail("the end of the text")
	}
	return c, c.check()
}

// check validates the ranges a string can get wrong by itself.
func (c Civil) check() error {
	switch {
	case c.Month < 1 || c.Month > 12:
		return fmt.Errorf("month %02d is not 01-12", c.Month)
	case c.Day < 1 || c.Day > 31:
		return fmt.Errorf("day %02d is not 01-31", c.Day)
	case c.Hour > 23:
		return fmt.Errorf("hour %02d is not 00-23", c.Hour)
	case c.Minute > 59:
		return fmt.Errorf("minute %02d is not 00-59", c.Minute)
	case c.Second > 59:
		return fmt.Errorf("second %02d is not 00-59 (leap seconds are not accepted)", c.Second)
	}
	return nil
}

type isoParser struct {
	s string
	i int
}

func (p *isoParser) peek() byte {
	if p.i < len(p.s) {
		return p.s[p.i]
	}
	return 0
}

func (p *isoParser) done() bool { return p.i == len(p.s) }

func (p *isoParser) lit(b byte) bool {
	if !p.done() && p.s[p.i] == b {
		p.i++
		return true
	}
	return false
}

// digits reads min to max decimal digits.
func (p *isoParser) digits(min, max int) (int, bool) {
	j := p.i
	for j < len(p.s) && j-p.i < max && p.s[j] >= '0' && p.s[j] <= '9' {
		j++
	}
	if j-p.i < min {
		return 0, false
	}
	v, err := strconv.Atoi(p.s[p.i:j])
	p.i = j
	return v, err == nil
}

func (p *isoParser) fail(want string) error {
	if p.done() {
		return fmt.Errorf("expected %s at the end", want)
	}
	return fmt.Errorf("expected %s at position %d", want, p.i+1)
}

// Time is an instant as results write it: RFC 3339 in UTC, in the
// proleptic Gregorian calendar as ISO 8601 requires (the input echo gives
// the date in the calendar it was read in). Years before 0000 take a sign
// and four digits, the expanded years of ISO 8601 ("-0043-03-13T12:00:00Z"),
// which time.Time's MarshalJSON refuses.
type Time struct{ time.Time }

// TimeOf returns t as a Time in UTC.
func TimeOf(t time.Time) Time { return Time{t.UTC()} }

// MarshalJSON writes the instant as a JSON string.
func (t Time) MarshalJSON() ([]byte, error) {
	b := make([]byte, 0, 32)
	b = append(b, '"')
	b = t.AppendText(b)
	return append(b, '"'), nil
}

// AppendText appends the instant as RFC 3339 in UTC, expanded years
// included, with the fraction of a second only when it is not zero.
func (t Time) AppendText(b []byte) []byte {
	return t.UTC().AppendFormat(b, time.RFC3339Nano)
}

// UnmarshalJSON reads what MarshalJSON writes (and any RFC 3339 instant
// with an offset).
func (t *Time) UnmarshalJSON(b []byte) error {
	s, err := strconv.Unquote(string(b))
	if err != nil {
		return fmt.Errorf("calendar.Time: %s is not a JSON string", b)
	}
	c, err := ParseISO(s)
	if err != nil {
		return fmt.Errorf("calendar.Time: %q: %w", s, err)
	}
	if !c.HasOffset || !c.HasTime {
		return fmt.Errorf("calendar.Time: %q has no offset", s)
	}
	t.Time = time.Date(c.Year, time.Month(c.Month), c.Day, c.Hour, c.Minute, c.Second, c.Nanosecond, time.UTC).
		Add(-time.Duration(c.Offset) * time.Second)
	return nil
}

// ParseClock reads a time of day written HH:MM or HH:MM:SS (one digit of
// hour allowed: 9:05), hours 0-23. The error says what is wrong without a
// field name.
func ParseClock(s string) (hour, minute, second int, err error) {
	bad := fmt.Errorf("%q is not a time of day HH:MM or HH:MM:SS (00:00 to 23:59:59)", s)
	parts := strings.Split(s, ":")
	if len(parts) < 2 || len(parts) > 3 {
		return 0, 0, 0, bad
	}
	var v [3]int
	for i, p := range parts {
		if len(p) == 0 || len(p) > 2 || (i > 0 && len(p) != 2) {
			return 0, 0, 0, bad
		}
		n, err := strconv.Atoi(p)
		if err != nil || n < 0 {
			return 0, 0, 0, bad
		}
		v[i] = n
	}
	if v[0] > 23 || v[1] > 59 || v[2] > 59 {
		return 0, 0, 0, bad
	}
	return v[0], v[1], v[2], nil
}
