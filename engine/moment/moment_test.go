package moment

import (
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/astroapi/astroapi/engine"
	"github.com/astroapi/astroapi/engine/calendar"
)

// call is a Caller with a fixed clock.
type call struct {
	now      time.Time
	usesNow  bool
	warnings []string
}

func (c *call) Now() time.Time      { return c.now }
func (c *call) UsesNow()            { c.usesNow = true }
func (c *call) Warn(msg ...string)  { c.warnings = append(c.warnings, msg...) }
func ip(v int) *int                 { return &v }
func utc(t time.Time) calendar.Time { return calendar.TimeOf(t) }
func date(y, m, d, h, mi, s int) time.Time {
	return time.Date(y, time.Month(m), d, h, mi, s, 0, time.UTC)
}

func TestResolve(t *testing.T) {
	now := date(2024, 6, 15, 12, 0, 0)
	cases := []struct {
		name string
		in   Input
		want Resolved
		err  string // field of the error
	}{
		{"Now", Input{}, Resolved{UTC: utc(now), JD: 2460477.0, Date: "2024-06-15", Time: "12:00:00", Calendar: "gregorian", Timezone: "UTC", Offset: "UTC+00:00", Now: true}, ""},
		{"NowInZone", Input{Timezone: "Asia/Kolkata"}, Resolved{UTC: utc(now), JD: 2460477.0, Date: "2024-06-15", Time: "17:30:00", Calendar: "gregorian", Timezone: "Asia/Kolkata", Offset: "UTC+05:30", Now: true}, ""},
		{"NowJulian", Input{Calendar: "julian"}, Resolved{UTC: utc(now), JD: 2460477.0, Date: "2024-06-02", Time: "12:00:00", Calendar: "julian", Timezone: "UTC", Offset: "UTC+00:00", Now: true}, ""},
		{"Fields", Input{Year: ip(2024), Month: ip(3), Day: ip(20), Hour: ip(3), Minute: ip(6)}, Resolved{
			UTC: utc(date(2024, 3, 20, 3, 6, 0)), JD: 2460389.6291666667, Date: "2024-03-20", Time: "03:06:00", Calendar: "gregorian", Timezone: "UTC", Offset: "UTC+00:00"}, ""},
		{"FieldsParis", Input{Year: ip(2024), Month: ip(7), Day: ip(1), Hour: ip(12), Timezone: "Europe/Paris"}, Resolved{
			UTC: utc(date(2024, 7, 1, 10, 0, 0)), JD: 2460492.9166666667, Date: "2024-07-01", Time: "12:00:00", Calendar: "gregorian", Timezone: "Europe/Paris", Offset: "UTC+02:00"}, ""},
		// Julian 1582-10-04 is the day before Gregorian 1582-10-15.
		{"LastJulianDay", Input{Year: ip(1582), Month: ip(10), Day: ip(4), Hour: ip(12)}, Resolved{
			UTC: utc(date(1582, 10, 14, 12, 0, 0)), JD: 2299160.0, Date: "1582-10-04", Time: "12:00:00", Calendar: "julian", Timezone: "UTC", Offset: "UTC+00:00"}, ""},
		// Caesar's death, 15 March 44 BC (Julian, year -43), noon UT.
		{"Ides", Input{Datetime: "-0043-03-15T12:00"}, Resolved{
			UTC: utc(date(-43, 3, 13, 12, 0, 0)), JD: 1705426.0, Date: "-0043-03-15", Time: "12:00:00", Calendar: "julian", Timezone: "UTC", Offset: "UTC+00:00"}, ""},
		// Old Style date in Russia: 1917-10-25 Julian = 1917-11-07 Gregorian.
		{"OldStyle", Input{Year: ip(1917), Month: ip(10), Day: ip(25), Hour: ip(21), Minute: ip(45), Calendar: "julian"}, Resolved{
			UTC: utc(date(1917, 11, 7, 21, 45, 0)), JD: 2421540.40625, Date: "1917-10-25", Time: "21:45:00", Calendar: "julian", Timezone: "UTC", Offset: "UTC+00:00"}, ""},
		{"DatetimeUTC", Input{Datetime: "2024-03-20T03:06:00Z"}, Resolved{
			UTC: utc(date(2024, 3, 20, 3, 6, 0)), JD: 2460389.6291666667, Date: "2024-03-20", Time: "03:06:00", Calendar: "gregorian", Timezone: "UTC", Offset: "UTC+00:00"}, ""},
		// An explicit offset names the instant; the zone sets the echo.
		{"DatetimeOffsetEchoZone", Input{Datetime: "2024-03-20T05:06:00+02:00", Timezone: "America/New_York"}, Resolved{
			UTC: utc(date(2024, 3, 20, 3, 6, 0)), JD: 2460389.6291666667, Date: "2024-03-19", Time: "23:06:00", Calendar: "gregorian", Timezone: "America/New_York", Offset: "UTC-04:00"}, ""},
		{"DatetimeLocal", Input{Datetime: "2024-07-01T12:00", Timezone: "Europe/Paris"}, Resolved{
			UTC: utc(date(2024, 7, 1, 10, 0, 0)), JD: 2460492.9166666667, Date: "2024-07-01", Time: "12:00:00", Calendar: "gregorian", Timezone: "Europe/Paris", Offset: "UTC+02:00"}, ""},
		// JD from swetest -b1.3.1500greg.
		{"DatetimeDate", Input{Datetime: "1500-03-01", Calendar: "gregorian"}, Resolved{
			UTC: utc(date(1500, 3, 1, 0, 0, 0)), JD: 2268982.5, Date: "1500-03-01", Time: "00:00:00", Calendar: "gregorian", Timezone: "UTC", Offset: "UTC+00:00"}, ""},
		{"ErrBoth", Input{Datetime: "2024-03-20", Year: ip(2024)}, Resolved{}, "datetime"},
		{"ErrMonthMissing", Input{Year: ip(2024), Day: ip(1)}, Resolved{}, "month"},
		{"ErrHourAlone", Input{Hour: ip(5)}, Resolved{}, "year"},
		{"ErrSwitchGap", Input{Year: ip(1582), Month: ip(10), Day: ip(10)}, Resolved{}, "day"},
		{"ErrSwitchGapDatetime", Input{Datetime: "1582-10-10"}, Resolved{}, "datetime"},
		{"ErrZone", Input{Year: ip(2000), Month: ip(1), Day: ip(1), Timezone: "Mars/Olympus"}, Resolved{}, "timezone"},
		{"ErrZoneNow", Input{Timezone: "Mars/Olympus"}, Resolved{}, "timezone"},
		{"ErrCalendar", Input{Calendar: "mayan"}, Resolved{}, "calendar"},
		{"ErrDSTGap", Input{Year: ip(2024), Month: ip(3), Day: ip(31), Hour: ip(2), Minute: ip(30), Timezone: "Europe/Paris"}, Resolved{}, "hour"},
		{"ErrDSTGapDatetime", Input{Datetime: "2024-03-31T02:30", Timezone: "Europe/Paris"}, Resolved{}, "datetime"},
		{"ErrHour", Input{Year: ip(2024), Month: ip(3), Day: ip(31), Hour: ip(24)}, Resolved{}, "hour"},
		{"ErrYear", Input{Year: ip(-3001), Month: ip(1), Day: ip(1)}, Resolved{}, "year"},
		{"ErrYearDatetime", Input{Datetime: "3001-01-01T00:00Z"}, Resolved{}, "datetime"},
		{"ErrYearAfterOffset", Input{Datetime: "-3000-01-01T00:00+05:00"}, Resolved{}, "datetime"},
		{"ErrDatetimeSyntax", Input{Datetime: "20/03/2024"}, Resolved{}, "datetime"},
		{"ErrFeb30", Input{Datetime: "2023-02-29T10:00Z"}, Resolved{}, "datetime"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			cl := &call{now: now}
			got, err := c.in.Resolve(cl, "p.")
			if c.err != "" {
				if err == nil || !strings.Contains(err.Error(), "p."+c.err+":") {
					t.Fatalf("error %v, want one on p.%s", err, c.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if d := got.JD - c.want.JD; d > 1e-8 || d < -1e-8 {
				t.Errorf("JD %.8f, want %.8f", got.JD, c.want.JD)
			}
			got.JD = c.want.JD
			if diff := cmp.Diff(c.want, got); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
			if cl.usesNow != c.want.Now {
				t.Errorf("UsesNow called: %v", cl.usesNow)
			}
		})
	}
}

// TestAmbiguous: a local time that happened twice takes the earlier
// instant, with a warning.
func TestAmbiguous(t *testing.T) {
	cl := &call{}
	in := Input{Datetime: "2024-10-27T02:30", Timezone: "Europe/Paris"}
	r, err := in.Resolve(cl, "")
	if err != nil {
		t.Fatal(err)
	}
	if !r.UTC.Equal(date(2024, 10, 27, 0, 30, 0)) || len(cl.warnings) != 1 || !strings.Contains(cl.warnings[0], "happened twice") {
		t.Errorf("%v, warnings %q", r.UTC, cl.warnings)
	}
}

func TestRange(t *testing.T) {
	cl := &call{}
	r := Range{Start: "2024-01-01", End: "2024-12-31T12:00", Timezone: "Asia/Tokyo"}
	s, err := r.Resolve(cl, "")
	if err != nil {
		t.Fatal(err)
	}
	if !s.Start.UTC.Equal(date(2023, 12, 31, 15, 0, 0)) || !s.End.UTC.Equal(date(2024, 12, 31, 3, 0, 0)) || s.Start.Now {
		t.Errorf("%+v", s)
	}
	yr := -500
	y, err := Range{Year: &yr}.Resolve(cl, "")
	if err != nil || y.Start.Date != "-0500-01-01" || y.End.Date != "-0499-01-01" || y.Start.Calendar != "julian" {
		t.Errorf("Year(-500): %+v %v", y, err)
	}
	for _, c := range []struct {
		r      Range
		fields []string
	}{
		{Range{}, []string{"start", "end"}},
		{Range{Start: "2024-02-30", End: "nonsense"}, []string{"start", "end"}},
		{Range{Start: "2024-01-01", End: "2025-01-01", Timezone: "Nowhere/City"}, []string{"timezone"}},
		{Range{Start: "2024-01-01", End: "2025-01-01", Calendar: "hebrew"}, []string{"calendar"}},
		{Range{Start: "2024-01-01", Year: ip(2024)}, []string{"year"}},
		{Range{Year: ip(3000)}, []string{"year"}},
	} {
		_, err := c.r.Resolve(cl, "")
		var got []string
		if fs, ok := err.(engine.Fields); ok {
			for _, f := range fs {
				got = append(got, f.Field)
			}
		}
		if diff := cmp.Diff(c.fields, got); diff != "" {
			t.Errorf("%+v: fields (-want +got):\n%s", c.r, diff)
		}
	}
}
