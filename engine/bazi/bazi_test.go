package bazi

import (
	"bufio"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/astroapi/astroapi/engine"
	"github.com/astroapi/astroapi/engine/accuracy/measure"
	"github.com/astroapi/astroapi/engine/bazi/bazitest"
	"github.com/astroapi/astroapi/engine/birth"
	"github.com/astroapi/astroapi/engine/ephem"
	"github.com/astroapi/astroapi/engine/resolve"
	"github.com/astroapi/astroapi/engine/solarterms"
	"github.com/astroapi/astroapi/engine/swe"
	"github.com/astroapi/astroapi/engine/zones"
	"github.com/astroapi/astroapi/tables"
)

var tableFile = filepath.Join("..", "..", "data", "ephemeris.bolt")

// finders returns the production solar-term finder (the generated table,
// root-finding on the Chebyshev tables behind it) and a root-finder on
// libswe alone; it skips (fails in CI) when either is missing.
func finders(t testing.TB) (table, root *solarterms.Finder) {
	t.Helper()
	eph, err := swe.Open("")
	if err != nil {
		measure.Missing(t, fmt.Errorf("Swiss Ephemeris: %w", err))
	}
	if _, err := os.Stat(tableFile); err != nil {
		measure.Missing(t, fmt.Errorf("%s not generated (make gen)", tableFile))
	}
	set, err := tables.Open(tableFile)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { set.Close() })
	if set.SolarTerms() == nil {
		measure.Missing(t, fmt.Errorf("%s has no solar-term table (make gen)", tableFile))
	}
	return solarterms.New(set.SolarTerms(), ephem.New(set, eph)), solarterms.New(nil, ephem.New(nil, eph))
}

func intp(i int) *int { return &i }

// eightChar is one line of testdata/eightchar.tsv (testdata/gen/eightchar.js).
type eightChar struct {
	zone                                           string
	local                                          time.Time // the wall clock, read as UTC
	utc                                            time.Time
	year, month, daySect1, daySect2, hour, yearNay string
}

func readEightChar(t *testing.T) []eightChar {
	t.Helper()
	f, err := os.Open(filepath.Join("testdata", "eightchar.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []eightChar
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if strings.HasPrefix(sc.Text(), "#") {
			continue
		}
		fs := strings.Split(sc.Text(), "\t")
		if len(fs) != 9 {
			t.Fatalf("bad line %q", sc.Text())
		}
		local, err1 := time.Parse("2006-01-02T15:04", fs[1])
		unix, err2 := strconv.ParseInt(fs[2], 10, 64)
		if err := errors.Join(err1, err2); err != nil {
			t.Fatalf("bad line %q: %v", sc.Text(), err)
		}
		out = append(out, eightChar{fs[0], local, time.Unix(unix, 0).UTC(), fs[3], fs[4], fs[5], fs[6], fs[7], fs[8]})
	}
	return out
}

// birthAt resolves a civil time (Gregorian from 1583, as the engine's Go
// callers may) into the birth the pillars read.
func birthAt(t testing.TB, l birth.Local) Birth {
	t.Helper()
	inst, err := birth.Resolve(l)
	if err != nil {
		t.Fatalf("%+v: %v", l, err)
	}
	l.Calendar = inst.Calendar
	return Birth{Local: l, Instant: inst}
}

// request resolves a BaZi request as the door does, with a fixed context.
func request(t testing.TB, r *Request) (*Request, *resolve.Fixed) {
	t.Helper()
	ctx := &resolve.Fixed{}
	if err := r.Resolve(ctx, ""); err != nil {
		t.Fatalf("%+v: %v", r, err)
	}
	return r, ctx
}

// shanghai is a BaZi request in Asia/Shanghai.
func shanghai(y, m, d, h, mi int) *Request {
	return &Request{Person: Person{Year: &y, Packet: birth.Packet{Month: &m, Day: &d, Hour: &h, Minute: &mi, Timezone: "Asia/Shanghai"}}}
}

// TestLunarJavaScript compares the four pillars of 3,400 random local
// times of 1900-2100 (half in Asia/Shanghai, the rest in 15 other zones,
// 400 of them in the Zi hour) with lunar-javascript's EightChar, under
// both day boundaries: zi_start against its sect 1, midnight against its
// sect 2; then the local minutes around every jie of every fifth year
// 1900-2100 (boundaries.tsv), where lunar-javascript's own terms are
// seconds off ours: there the side of the jie is taken from a root on
// swetest's longitudes and the pillars either side from lunar-javascript
// ten minutes away (testdata/gen/boundaries.js).
func TestLunarJavaScript(t *testing.T) {
	terms, _ := finders(t)
	compare := func(zone string, local, utc time.Time, want func(DayBoundary) []string) bool {
		t.Helper()
		l := birth.Local{Year: local.Year(), Month: int(local.Month()), Day: local.Day(), Hour: local.Hour(), Minute: local.Minute(), Zone: zone}
		inst, err := birth.Resolve(l)
		if err == nil && inst.Ambiguous && !inst.UTC.Equal(utc) {
			l.Fold = 1
			inst, err = birth.Resolve(l)
		}
		if err != nil || !inst.UTC.Equal(utc) {
			t.Errorf("%s %s: resolves to %v (%v), the reference's instant is %s: time-zone data differ",
				zone, local.Format("2006-01-02T15:04"), inst.UTC, err, utc)
			return false
		}
		l.Calendar = inst.Calendar
		ok := true
		for _, b := range []DayBoundary{ZiStart, Midnight} {
			c, err := Compute(terms, Birth{Local: l, Instant: inst}, b)
			if err != nil {
				t.Fatalf("%+v: %v", l, err)
			}
			got := []string{c.YearPillar.FullNameChinese, c.MonthPillar.FullNameChinese, c.DayPillar.FullNameChinese,
				c.HourPillar.FullNameChinese, c.SixtyYearCycle.NayinChinese}
			if diff := cmp.Diff(want(b), got); diff != "" {
				t.Errorf("%s %s (%s) %s: year, month, day, hour, nayin (-want +got):\n%s",
					zone, local.Format("2006-01-02T15:04"), utc.Format(time.RFC3339), b, diff)
				ok = false
			}
		}
		return ok
	}
	compared, ziHour := 0, 0
	for _, e := range measure.NonEmpty(t, readEightChar(t), "eightchar.tsv") {
		if e.local.Hour() == 23 || e.local.Hour() == 0 {
			ziHour++
		}
		compare(e.zone, e.local, e.utc, func(b DayBoundary) []string {
			day := e.daySect1
			if b == Midnight {
				day = e.daySect2
			}
			return []string{e.year, e.month, day, e.hour, e.yearNay}
		})
		compared++
	}
	near := 0
	for _, x := range bazitest.ReadBoundaries(t) {
		compare(x.Zone, x.Local, x.UTC, func(b DayBoundary) []string {
			w, day := x.Want(), x.DaySect1
			if b == Midnight {
				day = x.DaySect2
			}
			return []string{w[0], w[1], day, x.Hour, w[2]}
		})
		near++
	}
	if compared != 3400 || ziHour < 400 || near < 1900 {
		t.Errorf("compared %d local times (%d in the Zi hour) and %d near a jie, want 3,400 (400) and 1,900", compared, ziHour, near)
	}
	t.Logf("compared %d local times (%d in the Zi hour 23:00-00:59) and %d within 2 minutes of a jie, under both day boundaries", compared, ziHour, near)
}

// TestTermBoundary: at a jie the month pillar (at Lichun also the year
// pillar) changes at the instant of the term, to the minute of the local
// clock in any zone: for every jie of 1900-2100 (2,412 of them) the minute
// before the term keeps the old pillars and the minute after has the new.
func TestTermBoundary(t *testing.T) {
	terms, _ := finders(t)
	zones := []string{"Asia/Shanghai", "America/New_York", "Asia/Kolkata", "UTC", "Australia/Sydney", "Europe/London"}
	n := 0
	for year := 1900; year <= 2100; year++ {
		for k := solarterms.Qingming; k < 24; k += 2 {
			x, err := terms.Find(year, k)
			if err != nil {
				t.Fatal(err)
			}
			zone := zones[n%len(zones)]
			loc, _ := time.LoadLocation(zone)
			// The local minute holding the term (zones kept local mean
			// time with odd seconds before 1901-1945, so minutes of the
			// local clock are not minutes of UTC): its start is before the
			// term, the next minute's start after it.
			exact := x.JD.Time() // to the microsecond, not rounded
			w := exact.In(loc)
			wall := time.Date(w.Year(), w.Month(), w.Day(), w.Hour(), w.Minute(), 0, 0, time.UTC)
			var pillars [2][2]string
			var at [2]time.Time
			for i, m := range []time.Time{wall, wall.Add(time.Minute)} {
				l := birth.Local{Year: m.Year(), Month: int(m.Month()), Day: m.Day(), Hour: m.Hour(), Minute: m.Minute(), Zone: zone}
				c, err := Compute(terms, birthAt(t, l), "")
				if err != nil {
					t.Fatal(err)
				}
				pillars[i] = [2]string{c.YearPillar.FullName, c.MonthPillar.FullName}
				at[i] = c.Birth.UTC
			}
			if !(at[0].Before(exact) && at[1].After(exact)) {
				t.Errorf("%s %d (%s): local minute %s does not hold it", k, year, exact, wall)
				continue
			}
			n++
			if pillars[0][1] == pillars[1][1] {
				t.Errorf("%s %d (%s, %s): month pillar %s on both sides", k, year, x.Time(), zone, pillars[0][1])
			}
			if yearChanged := pillars[0][0] != pillars[1][0]; yearChanged != (k == solarterms.Lichun) {
				t.Errorf("%s %d: year pillar %s -> %s", k, year, pillars[0][0], pillars[1][0])
			}
		}
	}
	if n != 201*12 {
		t.Errorf("checked %d jie, want %d", n, 201*12)
	}
}

// TestZiHour pins the two day boundaries at 22:59, 23:00, 23:59 and 00:00
// (Asia/Shanghai, 2024-02-10, a Jia Chen day; 2024-02-11 is Yi Si).
func TestZiHour(t *testing.T) {
	terms, _ := finders(t)
	for _, tc := range []struct {
		name       string
		day, h, mi int
		b          DayBoundary
		wantDay    string
		wantHour   string
	}{
		{"Hai", 10, 22, 59, ZiStart, "甲辰", "乙亥"},
		{"ZiStartAt2300", 10, 23, 0, ZiStart, "乙巳", "丙子"},
		{"ZiStartAt2359", 10, 23, 59, ZiStart, "乙巳", "丙子"},
		{"MidnightAt2300", 10, 23, 0, Midnight, "甲辰", "丙子"},
		{"MidnightAt2359", 10, 23, 59, Midnight, "甲辰", "丙子"},
		{"AfterMidnight", 11, 0, 0, Midnight, "乙巳", "丙子"},
		{"AfterMidnightZiStart", 11, 0, 30, ZiStart, "乙巳", "丙子"},
		{"Chou", 11, 1, 0, ZiStart, "乙巳", "丁丑"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r, _ := request(t, shanghai(2024, 2, tc.day, tc.h, tc.mi))
			r.DayBoundary = tc.b
			c, err := Cast(terms, r)
			if err != nil {
				t.Fatal(err)
			}
			if c.DayPillar.FullNameChinese != tc.wantDay || c.HourPillar.FullNameChinese != tc.wantHour {
				t.Errorf("day %s hour %s, want %s %s", c.DayPillar.FullNameChinese, c.HourPillar.FullNameChinese, tc.wantDay, tc.wantHour)
			}
			if c.Conventions.DayBoundary != tc.b {
				t.Errorf("conventions say %s", c.Conventions.DayBoundary)
			}
		})
	}
}

// TestRootFallback: without the table the same pillars come out, and the
// conventions say the terms were root-found.
func TestRootFallback(t *testing.T) {
	table, root := finders(t)
	r, _ := request(t, shanghai(1990, 6, 15, 14, 30))
	a, err := Cast(table, r)
	if err != nil {
		t.Fatal(err)
	}
	b, err := Cast(root, r)
	if err != nil {
		t.Fatal(err)
	}
	if a.Conventions.SolarTerms != solarterms.FromTable || b.Conventions.SolarTerms != solarterms.ByRoot || b.Conventions.Source != engine.FromSwiss {
		t.Errorf("methods %s, %s (%s)", a.Conventions.SolarTerms, b.Conventions.SolarTerms, b.Conventions.Source)
	}
	opts := cmp.Options{cmpIgnoreTerms}
	if diff := cmp.Diff(a, b, opts); diff != "" {
		t.Errorf("table vs root (-table +root):\n%s", diff)
	}
}

// cmpIgnoreTerms compares charts without the solar-term details and the
// conventions' method, which legitimately differ between sources.
var cmpIgnoreTerms = cmp.FilterPath(func(p cmp.Path) bool {
	s := p.String()
	return s == "SolarTerms" || s == "Conventions"
}, cmp.Ignore())

// TestExample: 1990-06-15 14:30 in Shanghai is Geng Wu year, Ren Wu month,
// Xin Hai day, Yi Wei hour (lunar-javascript agrees; see the fixture
// generator).
func TestExample(t *testing.T) {
	terms, _ := finders(t)
	in := shanghai(1990, 6, 15, 14, 30)
	in.Gender = "female"
	r, ctx := request(t, in)
	c, err := Cast(terms, r)
	if err != nil {
		t.Fatal(err)
	}
	want := Pillar{Stem: "Geng", StemChinese: "庚", Branch: "Wu", BranchChinese: "午", FullName: "Geng Wu", FullNameChinese: "庚午",
		Element: "Metal", Polarity: "Yang", BranchElement: "Fire", Animal: "Horse", AnimalChinese: "马", CycleIndex: 7,
		Nayin: "Earth by the Roadside", NayinChinese: "路旁土"}
	if diff := cmp.Diff(want, c.YearPillar); diff != "" {
		t.Errorf("year pillar (-want +got):\n%s", diff)
	}
	got := []string{c.MonthPillar.FullNameChinese, c.DayPillar.FullNameChinese, c.HourPillar.FullNameChinese}
	if diff := cmp.Diff([]string{"壬午", "辛亥", "乙未"}, got); diff != "" {
		t.Errorf("month, day, hour (-want +got):\n%s", diff)
	}
	if c.SixtyYearCycle.CycleStartYear != 1984 || c.SixtyYearCycle.Index != 7 || c.Summary.DayMaster != "Xin" {
		t.Errorf("cycle %+v, summary %+v", c.SixtyYearCycle, c.Summary)
	}
	if len(c.Warnings) != 0 || len(ctx.Notes) != 1 || !strings.Contains(ctx.Notes[0], "gender is ignored") {
		t.Errorf("warnings %q, notices %q", c.Warnings, ctx.Notes)
	}
	if c.Birth.UTC != time.Date(1990, 6, 15, 5, 30, 0, 0, time.UTC) || c.Birth.UTCOffset != "UTC+09:00" {
		t.Errorf("birth %+v (China kept daylight time in 1986-1991)", c.Birth)
	}
	sum := 0
	for _, n := range c.Elements.Counts() {
		sum += n
	}
	animals := c.Animals
	if sum != 8 || animals.Horse != 2 || animals.Pig != 1 || animals.Goat != 1 {
		t.Errorf("elements %+v animals %+v", c.Elements, c.Animals)
	}
}

// TestResolve: the request's own rules name the field (the tags' bounds
// and enumerations are the door's): the hour required (or time), a date
// string outside the table's years, the packet's errors, "auto" and "LMT"
// without a place; a time zone by coordinates and the birthplace's local
// mean time with one.
func TestResolve(t *testing.T) {
	for _, tc := range []struct {
		name  string
		edit  func(*Request)
		field string
	}{
		{"MissingHour", func(r *Request) { r.Hour = nil }, "hour"},
		{"UnknownZone", func(r *Request) { r.Timezone = "Mars/Olympus" }, "timezone"},
		{"Feb30", func(r *Request) { *r.Month, *r.Day = 2, 30 }, "day"},
		{"DateBeforeTable", func(r *Request) { r.Year, r.Month, r.Day, r.Date = nil, nil, nil, "1500-01-01" }, "date"},
		{"DateAndYear", func(r *Request) { r.Date = "1990-01-01" }, "date"},
		{"AutoWithoutPlace", func(r *Request) { r.Timezone = "auto" }, "timezone"},
		{"LMTWithoutPlace", func(r *Request) { r.Timezone = "LMT" }, "timezone"},
		{"LatitudeAlone", func(r *Request) { lat := 30.0; r.Latitude = &lat }, "longitude"},
		{"DSTGap", func(r *Request) {
			*r = *shanghai(2024, 3, 31, 2, 30)
			r.Timezone = "Europe/Paris"
		}, "hour"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := shanghai(2000, 1, 1, 12, 0)
			tc.edit(r)
			err := r.Resolve(&resolve.Fixed{}, "")
			if !hasField(err, tc.field) {
				t.Errorf("err = %v, want a field error on %q", err, tc.field)
			}
		})
	}
	// A place: "auto" takes the zone at the coordinates (with the zone
	// index), "LMT" the local mean time of the longitude.
	zx, err := zones.New()
	if err != nil {
		t.Fatal(err)
	}
	lat, lon := 39.9, 116.4
	r := shanghai(1990, 6, 15, 14, 30)
	r.Timezone, r.Latitude, r.Longitude = "auto", &lat, &lon
	if err := r.Resolve(&resolve.Fixed{Services: resolve.Services{Zones: zx}}, ""); err != nil || r.Timezone != "Asia/Shanghai" || r.TimezoneSource != "coordinates" {
		t.Errorf("auto: %v %s %s", err, r.Timezone, r.TimezoneSource)
	}
	r = shanghai(1990, 6, 15, 14, 30)
	r.Timezone, r.Latitude, r.Longitude = "LMT", &lat, &lon
	if err := r.Resolve(&resolve.Fixed{}, ""); err != nil || r.UTCOffset != "UTC+07:45:36" || r.Birth().Instant.UTC != time.Date(1990, 6, 15, 6, 44, 24, 0, time.UTC) {
		t.Errorf("LMT: %v %s %v", err, r.UTCOffset, r.Birth().Instant.UTC)
	}
}

// hasField reports whether err is (or holds) a field error on field.
func hasField(err error, field string) bool {
	var fs engine.Fields
	if errors.As(err, &fs) {
		for _, f := range fs {
			if f.Field == field {
				return true
			}
		}
	}
	var fe *engine.FieldError
	return errors.As(err, &fe) && fe.Field == field
}

// BenchmarkCompute resolves a request (the packet: zone, instant, echo)
// and casts its pillars, a new day each time; Cast builds the chart on the
// heap, where the route answers it (2 KB of its bytes a call).
func BenchmarkCompute(b *testing.B) {
	terms, _ := finders(b)
	var ctx resolve.Fixed
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		r := shanghai(1990, 6, 1+i%28, 14, 30)
		if err := r.Resolve(&ctx, ""); err != nil {
			b.Fatal(err)
		}
		if _, err := Cast(terms, r); err != nil {
			b.Fatal(err)
		}
	}
}

// TestOffsetText: the table of quarter-hour offsets writes what
// birth.FormatOffset writes, inside its range and out of it (local mean
// time's seconds, offsets beyond 14 hours).
func TestOffsetText(t *testing.T) {
	for off := -20 * 3600; off <= 20*3600; off += 60 {
		for _, o := range []int{off, off + 17} {
			if got, want := offsetText(o), birth.FormatOffset(o); got != want {
				t.Fatalf("offsetText(%d) = %q, want %q", o, got, want)
			}
		}
	}
}
