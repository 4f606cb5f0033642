package moment

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/astroapi/astroapi/engine"
	"github.com/astroapi/astroapi/engine/calendar"
)

// TestDateIn: a date field's instant: a date alone is its 00:00 in the
// zone and calendar given, a local date-time keeps its fraction, an
// offset names the instant; a local time in a gap, a day that does not
// exist and a malformed date are field errors on the field.
func TestDateIn(t *testing.T) {
	for _, c := range []struct {
		d          Date
		zone       string
		cal        calendar.Calendar
		want, errs string
	}{
		{"2024-07-14", "Europe/London", "", "2024-07-13T23:00:00Z", ""},
		{"2024-01-14", "Europe/London", "", "2024-01-14T00:00:00Z", ""},
		{"2024-07-14T10:00:00.25", "Asia/Tokyo", "", "2024-07-14T01:00:00.25Z", ""},
		{"2024-07-14T11:30:00+02:00", "Asia/Tokyo", "", "2024-07-14T09:30:00Z", ""},
		{"1900-01-01", "UTC+00:40", "", "1899-12-31T23:20:00Z", ""},
		{"1917-10-25T21:45", "", "julian", "1917-11-07T21:45:00Z", ""},
		{"2024-03-31T01:30", "Europe/London", "", "", "start"},
		{"2023-02-29", "UTC", "", "", "start"},
		{"14/07/2024", "UTC", "", "", "start"},
	} {
		got, err := c.d.In(c.zone, c.cal, "start")
		if c.errs != "" {
			var fs engine.Fields
			if !errors.As(err, &fs) && !errors.As(err, new(*engine.FieldError)) {
				t.Errorf("%s in %s: %v, %v; want a field error on %s", c.d, c.zone, got, err, c.errs)
			} else if !strings.Contains(err.Error(), c.errs) {
				t.Errorf("%s in %s: %v, want it on %s", c.d, c.zone, err, c.errs)
			}
			continue
		}
		if err != nil || got.Format(time.RFC3339Nano) != c.want {
			t.Errorf("%s in %s: %v, %v; want %s", c.d, c.zone, got, err, c.want)
		}
	}
}
