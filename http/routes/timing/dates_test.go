package timing

import (
	"strings"
	"testing"
	"time"

	"github.com/astroapi/astroapi/engine/accuracy/measure"
)

func TestParseDate(t *testing.T) {
	zone := func(name string) *time.Location {
		l, err := time.LoadLocation(name)
		if err != nil {
			t.Fatal(err)
		}
		return l
	}
	for _, c := range []struct {
		name, in string
		zone     *time.Location
		want     string // UTC, RFC 3339; "" for an error
		err      string
	}{
		{"DateUTC", "2024-07-14", time.UTC, "2024-07-14T00:00:00Z", ""},
		{"DateSummerTime", "2024-07-14", zone("Europe/London"), "2024-07-13T23:00:00Z", ""},
		{"DateWinterTime", "2024-01-14", zone("Europe/London"), "2024-01-14T00:00:00Z", ""},
		{"DateEastOfUTC", "2016-08-08", zone("Asia/Tokyo"), "2016-08-07T15:00:00Z", ""},
		// Midnight that never happened: clocks went from 24:00 to 01:00.
		// The day begins at 01:00 -03, not at 23:00 -04 the day before.
		{"DateGapAtMidnightSantiago", "2022-09-11", zone("America/Santiago"), "2022-09-11T04:00:00Z", ""},
		{"DateGapAtMidnightSaoPaulo", "2018-11-04", zone("America/Sao_Paulo"), "2018-11-04T03:00:00Z", ""},
		{"DateGapAtMidnightBeirut", "2023-03-26", zone("Asia/Beirut"), "2023-03-25T22:00:00Z", ""},
		{"InstantZ", "2024-07-14T09:30:00Z", zone("Asia/Tokyo"), "2024-07-14T09:30:00Z", ""},
		{"InstantOffset", "2024-07-14T11:30:00+02:00", time.UTC, "2024-07-14T09:30:00Z", ""},
		{"InstantFraction", "2024-07-14T09:30:00.25Z", time.UTC, "2024-07-14T09:30:00.25Z", ""},
		{"ErrImpossibleDate", "2023-02-29", time.UTC, "", "not a calendar date"},
		{"ErrDay32", "2024-01-32", time.UTC, "", "not a calendar date"},
		{"ErrHour25", "2024-07-14T25:00:00Z", time.UTC, "", "not a calendar date and time"},
		{"ErrNoOffset", "2024-07-14T09:30:00", time.UTC, "", "with an offset"},
		{"ErrSlashes", "14/07/2024", time.UTC, "", "YYYY-MM-DD"},
		{"ErrYearOnly", "2024", time.UTC, "", "YYYY-MM-DD"},
		{"ErrSpace", "2024-07-14 09:30:00Z", time.UTC, "", "RFC 3339"},
	} {
		t.Run(c.name, func(t *testing.T) {
			got, err := parseDate(c.in, c.zone)
			if c.want == "" {
				if err == nil || !strings.Contains(err.Error(), c.err) {
					t.Fatalf("%q: %v, %v; want an error saying %q", c.in, got, err, c.err)
				}
				return
			}
			if err != nil || got.Format(time.RFC3339Nano) != c.want || got.Location() != time.UTC {
				t.Fatalf("%q: %v, %v; want %s", c.in, got, err, c.want)
			}
		})
	}
}

// FuzzParseDate: any string is an instant in UTC or an error, never a
// panic; a date alone is the first instant of that day in the zone.
func FuzzParseDate(f *testing.F) {
	for _, s := range []string{"2024-07-14", "2022-09-11", "2024-07-14T09:30:00Z", "2024-07-14T11:30:00+02:00", "0000-01-01", "9999-12-31T23:59:59.999999999-23:59"} {
		f.Add(s)
	}
	zone, err := time.LoadLocation("America/Santiago")
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got, err := parseDate(s, zone)
		if err != nil {
			return
		}
		if got.Location() != time.UTC {
			t.Fatalf("%q: %v not in UTC", s, got)
		}
		if len(s) == len(time.DateOnly) {
			if got.In(zone).Format(time.DateOnly) != s || got.Add(-time.Nanosecond).In(zone).Format(time.DateOnly) == s {
				t.Fatalf("%q: %v (%v local) is not the first instant of that day", s, got, got.In(zone))
			}
		}
	})
}

// The timeline's cost estimate against the periods the engine lists.
func TestLunarReturnsCost(t *testing.T) {
	for _, c := range []struct {
		start, end string
		want       int64
	}{
		{"2024-01-01", "", 14},
		{"2024-01-01", "2024-12-31", 14},
		{"2024-01-01", "2024-01-20", 1},
		{"2024-01-01", "2024-03-01", 3},
		{"2024-01-01", "2023-01-01", 1},
		{"garbage", "", 1},
	} {
		in := LunarReturnsRequest{Start: c.start, End: c.end}
		if got := in.Cost(); got != c.want {
			t.Errorf("%s..%s: cost %d, want %d", c.start, c.end, got, c.want)
		}
	}
}

func TestReleasingTimelineCost(t *testing.T) {
	four, three := 4, 3
	for _, c := range []struct {
		in   ReleasingTimelineRequest
		want int64
	}{
		{ReleasingTimelineRequest{Start: "2020-01-01", End: "2030-01-01"}, 1},
		{ReleasingTimelineRequest{Start: "2020-01-01", End: "2030-01-01", Levels: &four}, 2},
		{ReleasingTimelineRequest{Start: "1933-12-22T21:39:00Z", End: "2013-12-23", Levels: &four}, 10},
		{ReleasingTimelineRequest{Start: "1990-01-01", End: "2090-01-01", Levels: &four}, 12},
		{ReleasingTimelineRequest{Start: "1990-01-01", End: "2090-01-01", Levels: &three}, 1},
		{ReleasingTimelineRequest{Start: "2030-01-01", End: "2020-01-01", Levels: &four}, 1},
		{ReleasingTimelineRequest{Start: "garbage", End: "2020-01-01", Levels: &four}, 1},
	} {
		if got := c.in.Cost(); got != c.want {
			t.Errorf("%s..%s levels %v: cost %d, want %d", c.in.Start, c.in.End, c.in.Levels, got, c.want)
		}
	}
	// The estimate of the Akihito timeline of the HTTP tests (9,088
	// periods) is within 1 %.
	if n := periodsIn(80*365.25, "", 4); n < 9088*0.99 || measure.Over(n, 9088*1.01) {
		t.Errorf("four levels over 80 years: %.0f periods estimated, 9,088 listed", n)
	}
}
