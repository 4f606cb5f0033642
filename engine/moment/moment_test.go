package moment

import (
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/astroapi/astroapi/engine"
	"github.com/astroapi/astroapi/engine/calendar"
	"github.com/astroapi/astroapi/engine/resolve"
)

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
			cl := &resolve.Fixed{Time: now}
			err := c.in.Resolve(cl, "p.")
			got := c.in.Resolved()
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
			if diff := cmp.Diff(c.want, got, cmp.AllowUnexported(Resolved{})); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
			if cl.NowUsed != c.want.Now {
				t.Errorf("UsesNow called: %v", cl.NowUsed)
			}
			// The echo is sendable: resolved again, it gives the instant.
			again := Input{Datetime: c.in.Datetime, Timezone: c.in.Timezone, Calendar: c.in.Calendar}
			if err := again.Resolve(&resolve.Fixed{Time: now.Add(time.Hour)}, ""); err != nil || !again.Resolved().UTC.Equal(got.UTC.Time) {
				t.Errorf("echo %q %q %q resolves to %v (%v), want %v", c.in.Datetime, c.in.Timezone, c.in.Calendar, again.Resolved().UTC, err, got.UTC)
			}
		})
	}
}

// TestAmbiguous: a local time that happened twice takes the earlier
// instant, with a warning.
func TestAmbiguous(t *testing.T) {
	cl := &resolve.Fixed{}
	in := Input{Datetime: "2024-10-27T02:30", Timezone: "Europe/Paris"}
	if err := in.Resolve(cl, ""); err != nil {
		t.Fatal(err)
	}
	r := in.Resolved()
	if !r.UTC.Equal(date(2024, 10, 27, 0, 30, 0)) || len(cl.Notes) != 1 || !strings.Contains(cl.Notes[0], "happened twice") {
		t.Errorf("%v, warnings %q", r.UTC, cl.Notes)
	}
}

func TestRange(t *testing.T) {
	cl := &resolve.Fixed{}
	r := Range{Start: "2024-01-01", End: "2024-12-31T12:00", Timezone: "Asia/Tokyo"}
	if err := r.Resolve(cl, ""); err != nil {
		t.Fatal(err)
	}
	s := r.Span()
	if r.Start != "2024-01-01T00:00:00" || r.End != "2024-12-31T12:00:00" || r.StartUTC == nil {
		t.Errorf("echo %+v", r)
	}
	if !s.Start.UTC.Equal(date(2023, 12, 31, 15, 0, 0)) || !s.End.UTC.Equal(date(2024, 12, 31, 3, 0, 0)) || s.Start.Now {
		t.Errorf("%+v", s)
	}
	yr := -500
	yrange := Range{Year: &yr}
	err := yrange.Resolve(cl, "")
	y := yrange.Span()
	if err != nil || y.Start.Date != "-0500-01-01" || y.End.Date != "-0499-01-01" || y.Start.Calendar != "julian" || yrange.Year != nil {
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
	} {
		err := c.r.Resolve(cl, "")
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
