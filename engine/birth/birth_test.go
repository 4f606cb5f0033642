package birth

import (
	"encoding/json"
	"errors"
	"github.com/astroapi/astroapi/engine/resolve"
	"github.com/astroapi/astroapi/engine/zones"
	"math"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/astroapi/astroapi/engine"
)

// TestZoneinfo compares Resolve with Python's zoneinfo on historic and
// awkward instants (testdata/zoneinfo.json, made by
// testdata/gen/zoneinfo_fixtures.py). Tolerance: exact to the second.
func TestZoneinfo(t *testing.T) {
	raw, err := os.ReadFile("testdata/zoneinfo.json")
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Cases []struct {
			Zone, Local, UTC, Abbrev string
			Fold                     int
			Gap, Ambiguous, DST      bool
			Unix                     int64
			Offset                   int
		}
	}
	if err := json.Unmarshal(raw, &doc); err != nil {
		t.Fatal(err)
	}
	if len(doc.Cases) < 60 {
		t.Fatalf("only %d cases", len(doc.Cases))
	}
	for _, c := range doc.Cases {
		name := c.Zone + " " + c.Local
		if c.Fold == 1 {
			name += " fold1"
		}
		t.Run(name, func(t *testing.T) {
			lt, err := time.Parse("2006-01-02T15:04:05", c.Local)
			if err != nil {
				t.Fatal(err)
			}
			in, err := Resolve(Local{Year: lt.Year(), Month: int(lt.Month()), Day: lt.Day(),
				Hour: lt.Hour(), Minute: lt.Minute(), Second: lt.Second(), Zone: c.Zone, Fold: c.Fold})
			if c.Gap {
				var fe *engine.FieldError
				if !errors.As(err, &fe) || fe.Field != "hour" {
					t.Fatalf("gap: want FieldError on hour, got %v (%+v)", err, in)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if got := in.UTC.Unix(); got != c.Unix {
				t.Errorf("UTC %s, want %s (diff %d s)", in.UTC.Format(time.RFC3339), c.UTC, got-c.Unix)
			}
			if in.Offset != c.Offset {
				t.Errorf("offset %d, want %d", in.Offset, c.Offset)
			}
			if in.Abbrev != c.Abbrev {
				t.Errorf("abbrev %q, want %q", in.Abbrev, c.Abbrev)
			}
			if in.Ambiguous != c.Ambiguous {
				t.Errorf("ambiguous %v, want %v", in.Ambiguous, c.Ambiguous)
			}
			if in.DST != c.DST {
				t.Errorf("dst %v, want %v", in.DST, c.DST)
			}
		})
	}
}

func TestValidate(t *testing.T) {
	ok := Local{Year: 1990, Month: 4, Day: 30, Hour: 12, Zone: "Europe/Paris"}
	for _, c := range []struct {
		name  string
		edit  func(*Local)
		field string
	}{
		{"ErrMonth13", func(l *Local) { l.Month = 13 }, "month"},
		{"ErrApril31", func(l *Local) { l.Day = 31 }, "day"},
		{"ErrFeb29NonLeap", func(l *Local) { l.Month, l.Day, l.Year = 2, 29, 1900 }, "day"},
		{"ErrHour25", func(l *Local) { l.Hour = 25 }, "hour"},
		{"ErrMinute60", func(l *Local) { l.Minute = 60 }, "minute"},
		{"ErrSecond", func(l *Local) { l.Second = -1 }, "second"},
		{"ErrZone", func(l *Local) { l.Zone = "Mars/Olympus" }, "timezone"},
		{"ErrZoneLocal", func(l *Local) { l.Zone = "Local" }, "timezone"},
		{"ErrZonePath", func(l *Local) { l.Zone = "../../etc/passwd" }, "timezone"},
		{"ErrYear", func(l *Local) { l.Year = MinYear - 1 }, "year"},
		{"ErrYearHigh", func(l *Local) { l.Year = MaxYear + 1 }, "year"},
		{"ErrGregorianGap", func(l *Local) { l.Year, l.Month, l.Day = 1582, 10, 10 }, "day"},
		{"ErrCalendar", func(l *Local) { l.Calendar = "coptic" }, "calendar"},
		{"ErrFold", func(l *Local) { l.Fold = 2 }, "fold"},
	} {
		t.Run(c.name, func(t *testing.T) {
			l := ok
			c.edit(&l)
			_, err := Resolve(l)
			var fs engine.Fields
			if !errors.As(err, &fs) || len(fs) != 1 || fs[0].Field != c.field {
				t.Fatalf("want one error on %s, got %v", c.field, err)
			}
		})
	}
	t.Run("OK", func(t *testing.T) {
		leapDay := Local{Year: 2000, Month: 2, Day: 29}
		if _, err := Resolve(leapDay); err != nil {
			t.Fatal(err)
		}
	})
}

func TestGapMessage(t *testing.T) {
	_, err := Resolve(Local{Year: 2021, Month: 3, Day: 28, Hour: 2, Minute: 30, Zone: "Europe/Paris"})
	if err == nil || !strings.Contains(err.Error(), "UTC+01:00 to UTC+02:00") {
		t.Fatalf("gap message: %v", err)
	}
}

func TestFormatOffset(t *testing.T) {
	for off, want := range map[int]string{0: "UTC+00:00", 19800: "UTC+05:30", -12600: "UTC-03:30", 561: "UTC+00:09:21", -(4*3600 + 56*60 + 2): "UTC-04:56:02"} {
		if got := FormatOffset(off); got != want {
			t.Errorf("FormatOffset(%d) = %q, want %q", off, got, want)
		}
	}
}

func BenchmarkResolve(b *testing.B) {
	l := Local{Year: 1985, Month: 7, Day: 14, Hour: 6, Minute: 45, Zone: "America/New_York"}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Resolve(l); err != nil {
			b.Fatal(err)
		}
	}
}

// TestCalendars: dates before the reform are Julian by default, either
// calendar can be named for any year, and the instant lands on the right
// Julian day (swetest reads dates the same way: engine/calendar's fixture).
func TestCalendars(t *testing.T) {
	for _, c := range []struct {
		name string
		l    Local
		utc  time.Time // proleptic Gregorian, as Go counts
		jd   float64
		cal  string
	}{
		{"LastJulianDay", Local{Year: 1582, Month: 10, Day: 4, Hour: 12}, time.Date(1582, 10, 14, 12, 0, 0, 0, time.UTC), 2299160.0, "julian"},
		{"FirstGregorianDay", Local{Year: 1582, Month: 10, Day: 15, Hour: 12}, time.Date(1582, 10, 15, 12, 0, 0, 0, time.UTC), 2299161.0, "gregorian"},
		{"IdesOfMarch", Local{Year: -43, Month: 3, Day: 15, Hour: 12}, time.Date(-43, 3, 13, 12, 0, 0, 0, time.UTC), 1705426.0, "julian"},
		{"OldStyle", Local{Year: 1917, Month: 10, Day: 25, Hour: 21, Minute: 45, Calendar: "julian"}, time.Date(1917, 11, 7, 21, 45, 0, 0, time.UTC), 2421540.40625, "julian"},
		{"ProlepticGregorian", Local{Year: 1000, Month: 1, Day: 1, Calendar: "gregorian"}, time.Date(1000, 1, 1, 0, 0, 0, 0, time.UTC), 2086302.5, "gregorian"},
		// Rome kept local mean time (UTC+00:49:56) until 1866.
		{"RomeLMT", Local{Year: 1500, Month: 6, Day: 1, Hour: 12, Zone: "Europe/Rome"}, time.Date(1500, 6, 11, 11, 10, 4, 0, time.UTC), 2269084.9653240741, "julian"}, // swetest -b1.6.1500 -ut11:10:04: 2269084.96532
	} {
		t.Run(c.name, func(t *testing.T) {
			in, err := Resolve(c.l)
			if err != nil {
				t.Fatal(err)
			}
			if !in.UTC.Equal(c.utc) || math.Abs(float64(in.JD)-c.jd) > 1e-8 || string(in.Calendar) != c.cal {
				t.Errorf("%v JD %.8f %s; want %v JD %.8f %s", in.UTC, float64(in.JD), in.Calendar, c.utc, c.jd, c.cal)
			}
		})
	}
}

// TestPacketCalendar: the echo names the calendar and writes expanded
// years as ISO 8601 does.
func TestPacketCalendar(t *testing.T) {
	lat, lon := 41.9, 12.5
	p := Packet{Year: ip(-43), Month: ip(3), Day: ip(15), Hour: ip(12), Latitude: &lat, Longitude: &lon, Timezone: "UTC"}
	if err := p.Resolve(&resolve.Fixed{}, ""); err != nil {
		t.Fatal(err)
	}
	if p.BirthDate != "-0043-03-15" || p.Calendar != "julian" || p.UTC != "-0043-03-13T12:00:00Z" {
		t.Errorf("echo %+v", p)
	}
	p = Packet{Year: ip(1990), Month: ip(1), Day: ip(1), Latitude: &lat, Longitude: &lon, Calendar: "mayan"}
	err := p.Resolve(&resolve.Fixed{}, "natal.")
	if err == nil || !strings.Contains(err.Error(), "natal.calendar") {
		t.Errorf("bad calendar: %v", err)
	}
}

func ip(v int) *int { return &v }

// TestPacketForms: date and time strings, numeric and written offsets, and
// LMT give what year..second and the equivalent Etc/GMT zone give.
func TestPacketForms(t *testing.T) {
	lat, lon := 21.3, -157.86
	resolveUTC := func(p Packet) string {
		t.Helper()
		p.Latitude, p.Longitude = &lat, &lon
		if err := p.Resolve(&resolve.Fixed{}, ""); err != nil {
			t.Fatalf("%+v: %v", p, err)
		}
		return p.UTC
	}
	// Obama's published birth data, as a competing API's benchmark sends it:
	// 1961-08-04 19:24 at UTC-10.
	base := resolveUTC(Packet{Year: ip(1961), Month: ip(8), Day: ip(4), Hour: ip(19), Minute: ip(24), Timezone: "Etc/GMT+10"})
	if base != "1961-08-05T05:24:00Z" {
		t.Fatalf("base %s", base)
	}
	for _, tz := range []string{`-10`, `-10.0`, `"-10:00"`, `"UTC-10:00"`, `"GMT-10"`, `"-1000"`, `"UTC\u221210:00"`} {
		var z Zone
		if err := z.UnmarshalJSON([]byte(tz)); err != nil {
			t.Errorf("%s: %v", tz, err)
			continue
		}
		if z != "UTC-10:00" {
			t.Errorf("%s read as %q", tz, z)
		}
		if got := resolveUTC(Packet{Date: "1961-08-04", Time: "19:24:00", Timezone: z}); got != base {
			t.Errorf("%s: %s, want %s", tz, got, base)
		}
	}
	if got := resolveUTC(Packet{Date: "1961-08-04", Time: "19:24", Timezone: "Etc/GMT+10"}); got != base {
		t.Errorf("HH:MM: %s", got)
	}
	// India: 5.5 and "+05:30".
	for _, tz := range []string{`5.5`, `"+05:30"`, `"UTC+5:30"`} {
		var z Zone
		if err := z.UnmarshalJSON([]byte(tz)); err != nil || z != "UTC+05:30" {
			t.Errorf("%s: %q %v", tz, z, err)
		}
	}
	for _, tz := range []string{`20`, `"+25:00"`, `"+5:3"`, `true`, `"../etc/passwd"`} {
		var z Zone
		if err := z.UnmarshalJSON([]byte(tz)); err == nil {
			t.Errorf("%s accepted as %q", tz, z)
		}
	}
}

// TestLocalMeanTime: births before their place adopted standard time are
// in the birthplace's local mean time (longitude / 15 h), with "auto" and
// "LMT" alike, as Astro-Databank gives them.
func TestLocalMeanTime(t *testing.T) {
	zx, err := zones.New()
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name     string
		y, m, d  int
		h, mi    int
		lat, lon float64
		zone     Zone
		wantUTC  string
		wantOff  string
	}{
		// Albert Einstein, Ulm 1879-03-14 11:30 LMT (Astro-Databank AA):
		// Ulm at 10°00'E keeps UTC+00:40, not Berlin's +00:53:28.
		{"EinsteinAuto", 1879, 3, 14, 11, 30, 48.4, 10.0, ZoneAuto, "1879-03-14T10:50:00Z", "UTC+00:40"},
		{"EinsteinLMT", 1879, 3, 14, 11, 30, 48.4, 10.0, ZoneLMT, "1879-03-14T10:50:00Z", "UTC+00:40"},
		{"EinsteinBerlinName", 1879, 3, 14, 11, 30, 48.4, 10.0, "Europe/Berlin", "1879-03-14T10:50:00Z", "UTC+00:40"},
		// Jawaharlal Nehru, Allahabad 1889-11-14 23:30 LMT (25°27'N
		// 81°51'E, Astro-Databank): UTC+05:27:24, not Madras time.
		{"Allahabad", 1889, 11, 14, 23, 30, 25.45, 81.85, ZoneAuto, "1889-11-14T18:02:36Z", "UTC+05:27:24"},
		// St Louis before railway time (1883): UTC-06:00:48 at 90°12'W.
		{"StLouis", 1875, 6, 1, 12, 0, 38.63, -90.2, ZoneAuto, "1875-06-01T18:00:48Z", "UTC-06:00:48"},
		// After standard time the zone's own rules.
		{"UlmCET", 1900, 3, 14, 11, 30, 48.4, 10.0, ZoneAuto, "1900-03-14T10:30:00Z", "UTC+01:00"},
	} {
		t.Run(c.name, func(t *testing.T) {
			lat, lon := c.lat, c.lon
			p := Packet{Year: &c.y, Month: &c.m, Day: &c.d, Hour: &c.h, Minute: &c.mi, Latitude: &lat, Longitude: &lon, Timezone: c.zone}
			ctx := &resolve.Fixed{Services: resolve.Services{Zones: zx}}
			if err := p.Resolve(ctx, ""); err != nil {
				t.Fatal(err)
			}
			if p.UTC != c.wantUTC || p.UTCOffset != c.wantOff {
				t.Errorf("utc %s offset %s, want %s %s", p.UTC, p.UTCOffset, c.wantUTC, c.wantOff)
			}
			lmt := c.wantOff != "UTC+01:00"
			if lmt && (p.Timezone != ZoneLMT || p.Abbreviation != "LMT") {
				t.Errorf("echo timezone %q abbreviation %q, want LMT", p.Timezone, p.Abbreviation)
			}
			if lmt && c.zone != ZoneLMT && (len(ctx.Notes) != 1 || !strings.Contains(ctx.Notes[0], "local mean time")) {
				t.Errorf("notes %q", ctx.Notes)
			}
		})
	}
}

// TestPlaceOptional: ResolvePlaceOptional reads a date and clock time in a
// zone without a place (the BaZi routes' packet): an IANA zone or an
// offset as Resolve reads them, no coordinates in the echo, "auto" and
// "LMT" refused on timezone (they need the place), a time before standard
// time in the zone's own local mean time with a notice; with a place it is
// Resolve.
func TestPlaceOptional(t *testing.T) {
	resolveIt := func(p Packet) (*resolve.Fixed, error) {
		ctx := &resolve.Fixed{}
		return ctx, p.ResolvePlaceOptional(ctx, "person1.")
	}
	p := Packet{Year: ip(1990), Month: ip(6), Day: ip(15), Hour: ip(14), Minute: ip(30), Timezone: "Asia/Shanghai"}
	ctx := &resolve.Fixed{}
	if err := p.ResolvePlaceOptional(ctx, ""); err != nil {
		t.Fatal(err)
	}
	// China kept daylight time in 1990: 14:30 CDT is 05:30 UTC.
	if p.UTC != "1990-06-15T05:30:00Z" || p.UTCOffset != "UTC+09:00" || p.Latitude != nil || p.Longitude != nil || p.Coordinates != nil ||
		p.Resolved().Placed || p.TimezoneSource != "request" || len(ctx.Notes) != 0 {
		t.Errorf("echo %+v notes %q", p, ctx.Notes)
	}
	// Omitted zone: UTC, with the notice.
	p = Packet{Date: "1990-06-15", Time: "14:30"}
	if ctx, err := resolveIt(p); err != nil || len(ctx.Notes) != 1 || !strings.HasPrefix(ctx.Notes[0], "person1.timezone omitted") {
		t.Errorf("default zone: %v %q", err, ctx.Notes)
	}
	// "auto" and "LMT" need the place.
	for _, z := range []Zone{ZoneAuto, ZoneLMT} {
		_, err := resolveIt(Packet{Year: ip(1990), Month: ip(6), Day: ip(15), Timezone: z})
		var fs engine.Fields
		if !errors.As(err, &fs) || len(fs) != 1 || fs[0].Field != "person1.timezone" {
			t.Errorf("%s without a place: %v", z, err)
		}
	}
	// Shanghai before standard time (1901): the zone's own LMT,
	// UTC+08:05:43 (the database's), said in a notice; the echo keeps the
	// zone, so sending it back reads the same.
	p = Packet{Year: ip(1890), Month: ip(3), Day: ip(1), Hour: ip(12), Timezone: "Asia/Shanghai"}
	ctx = &resolve.Fixed{}
	if err := p.ResolvePlaceOptional(ctx, ""); err != nil {
		t.Fatal(err)
	}
	if p.UTCOffset != "UTC+08:05:43" || p.Timezone != "Asia/Shanghai" || len(ctx.Notes) != 1 || !strings.Contains(ctx.Notes[0], "reference city") {
		t.Errorf("1890 Shanghai: %s %s %q", p.UTCOffset, p.Timezone, ctx.Notes)
	}
	// With a place it is Resolve: the birthplace's local mean time.
	lat, lon := 31.2, 121.5
	p = Packet{Year: ip(1890), Month: ip(3), Day: ip(1), Hour: ip(12), Timezone: "Asia/Shanghai", Latitude: &lat, Longitude: &lon}
	q := p
	if err := p.ResolvePlaceOptional(&resolve.Fixed{}, ""); err != nil {
		t.Fatal(err)
	}
	if err := q.Resolve(&resolve.Fixed{}, ""); err != nil {
		t.Fatal(err)
	}
	if p.UTC != q.UTC || p.UTCOffset != "UTC+08:06" || p.Timezone != ZoneLMT || !p.Resolved().Placed || p.Coordinates == nil {
		t.Errorf("with a place: %+v, Resolve %+v", p, q)
	}
	// Resolve still demands the place.
	p = Packet{Year: ip(1990), Month: ip(6), Day: ip(15)}
	if err := p.Resolve(&resolve.Fixed{}, ""); err == nil || !strings.Contains(err.Error(), "latitude") {
		t.Errorf("Resolve without a place: %v", err)
	}
}
