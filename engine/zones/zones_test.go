package zones

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"os"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/astroapi/astroapi/engine"
	"github.com/astroapi/astroapi/engine/places"
)

var (
	shared     *Index
	sharedErr  error
	sharedOnce sync.Once
)

// testIndex returns one Index for the package's tests, boundary index
// loaded.
func testIndex(tb testing.TB) *Index {
	tb.Helper()
	sharedOnce.Do(func() {
		shared, sharedErr = New()
		if sharedErr == nil {
			sharedErr = shared.Wait()
		}
	})
	if sharedErr != nil {
		tb.Fatal(sharedErr)
	}
	return shared
}

// offsetFixture is one case of testdata/offsets.json (Python zoneinfo).
type offsetFixture struct {
	Zone          string `json:"zone"`
	UTC           string `json:"utc"`
	Why           string `json:"why"`
	OffsetSeconds int    `json:"offset_seconds"`
	DST           bool   `json:"dst"`
	Abbreviation  string `json:"abbreviation"`
}

// TestOffsetsMatchZoneinfo compares offset, DST flag and abbreviation with
// Python's zoneinfo (testdata/gen/offsets.py), exactly.
func TestOffsetsMatchZoneinfo(t *testing.T) {
	b, err := os.ReadFile("testdata/offsets.json")
	if err != nil {
		t.Fatal(err)
	}
	var fx struct {
		Reference string          `json:"reference"`
		Cases     []offsetFixture `json:"cases"`
	}
	if err := json.Unmarshal(b, &fx); err != nil {
		t.Fatal(err)
	}
	if len(fx.Cases) < 60 {
		t.Fatalf("only %d fixture cases", len(fx.Cases))
	}
	ix := testIndex(t)
	for _, c := range fx.Cases {
		t.Run(c.Zone+"@"+c.UTC, func(t *testing.T) {
			loc, err := ix.Location("timezone", c.Zone)
			if err != nil {
				t.Fatal(err)
			}
			at, err := time.Parse(time.RFC3339, c.UTC)
			if err != nil {
				t.Fatal(err)
			}
			got := At(loc, at)
			if got.UTCOffsetSeconds != c.OffsetSeconds || got.DST != c.DST || got.Abbreviation != c.Abbreviation {
				t.Errorf("%s (%s): got offset %d dst %v %q, zoneinfo %d dst %v %q (%s)",
					c.Zone, c.Why, got.UTCOffsetSeconds, got.DST, got.Abbreviation,
					c.OffsetSeconds, c.DST, c.Abbreviation, fx.Reference)
			}
		})
	}
}

func TestFormatOffset(t *testing.T) {
	for sec, want := range map[int]string{
		0: "+00:00", 19800: "+05:30", 20700: "+05:45", -12600: "-03:30",
		1172: "+00:19:32", -17762: "-04:56:02", 50400: "+14:00",
	} {
		if got := FormatOffset(sec); got != want {
			t.Errorf("FormatOffset(%d) = %q, want %q", sec, got, want)
		}
	}
}

func TestAtLocalTimeCarriesOffsetSeconds(t *testing.T) {
	loc := mustLoc(t, "Europe/Amsterdam")
	st := At(loc, time.Date(1900, 1, 1, 0, 0, 0, 0, time.UTC))
	if st.LocalTime != "1900-01-01T00:19:32+00:19:32" {
		t.Errorf("local_time %q", st.LocalTime)
	}
}

func mustLoc(t *testing.T, name string) *time.Location {
	t.Helper()
	loc, err := testIndex(t).Location("timezone", name)
	if err != nil {
		t.Fatal(err)
	}
	return loc
}

// TestTransitions checks that every listed transition really changes the
// state, is consistent with At on both sides, and that the 2024 changes of
// New York fall where the US rule puts them (second Sunday of March and
// first Sunday of November, 2:00 local).
func TestTransitions(t *testing.T) {
	loc := mustLoc(t, "America/New_York")
	from := time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC)
	to := time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC)
	tr := Transitions(loc, from, to, 10)
	var at []string
	for _, x := range tr {
		at = append(at, x.At)
		if x.Before == x.After {
			t.Errorf("transition at %s changes nothing", x.At)
		}
		when, _ := time.Parse(time.RFC3339, x.At)
		if got := At(loc, when); got.UTCOffsetSeconds != x.After.UTCOffsetSeconds {
			t.Errorf("At(%s) offset %d, transition says %d", x.At, got.UTCOffsetSeconds, x.After.UTCOffsetSeconds)
		}
	}
	want := []string{"2024-03-10T07:00:00Z", "2024-11-03T06:00:00Z"}
	if strings.Join(at, ",") != strings.Join(want, ",") {
		t.Errorf("transitions %v, want %v", at, want)
	}
	// Kathmandu's only change since 1920: +05:30 to +05:45 on 1986-01-01.
	k := Transitions(mustLoc(t, "Asia/Kathmandu"), time.Date(1950, 1, 1, 0, 0, 0, 0, time.UTC), to, 10)
	if len(k) != 1 || k[0].At != "1985-12-31T18:30:00Z" || k[0].After.UTCOffset != "+05:45" {
		t.Errorf("Kathmandu transitions %+v", k)
	}
	if n := len(Transitions(loc, from, to, 1)); n != 1 {
		t.Errorf("max 1 gave %d", n)
	}
}

func TestDefaultHistoryDates(t *testing.T) {
	loc := mustLoc(t, "Europe/Paris")
	ds, first, last := DefaultHistoryDates(loc, time.Date(2024, 6, 15, 12, 0, 0, 0, time.UTC))
	if first != 1995 || last != 2024 || len(ds) != 120 {
		t.Fatalf("got %d dates %d-%d", len(ds), first, last)
	}
	if got := ds[1].Format(time.RFC3339); got != "1995-04-15T12:00:00+02:00" {
		t.Errorf("second date %s", got)
	}
}

func TestLocationUnknown(t *testing.T) {
	ix := testIndex(t)
	for _, name := range []string{"Mars/Olympus_Mons", "", "../etc/passwd", "Local", "/etc/localtime"} {
		_, err := ix.Location("name", name)
		var fe *engine.FieldError
		if !errors.As(err, &fe) || fe.Field != "name" {
			t.Errorf("Location(%q) error %v, want a FieldError on name", name, err)
		}
	}
	// Links outside the list still work, and lookups ignore case.
	for _, name := range []string{"US/Eastern", "europe/paris", "Asia/Calcutta"} {
		if _, err := ix.Location("name", name); err != nil {
			t.Errorf("Location(%q): %v", name, err)
		}
	}
}

func TestZoneList(t *testing.T) {
	ix := testIndex(t)
	zs := ix.Zones()
	if len(zs) < 350 {
		t.Fatalf("only %d zones", len(zs))
	}
	if !sort.SliceIsSorted(zs, func(a, b int) bool { return zs[a].Name < zs[b].Name }) {
		t.Error("zone list not sorted")
	}
	// Zones no GeoNames place uses take zone.tab's country (Eucla); nautical ones none.
	for name, cc := range map[string]string{"Europe/Paris": "FR", "America/Argentina/Buenos_Aires": "AR", "Asia/Kolkata": "IN", "Australia/Eucla": "AU", "Etc/GMT+5": ""} {
		z, ok := ix.Zone(name)
		if !ok || z.Country != cc {
			t.Errorf("Zone(%q) = %+v, %v; want country %q", name, z, ok, cc)
		}
	}
}

func TestSearch(t *testing.T) {
	ix := testIndex(t)
	cases := []struct{ q, want string }{
		{"paris", "Europe/Paris"},
		{"PARIS", "Europe/Paris"},
		{"buenos", "America/Argentina/Buenos_Aires"},
		{"buenos aires", "America/Argentina/Buenos_Aires"},
		{"new york", "America/New_York"},
		{"new_york", "America/New_York"},
		{"zürich", "Europe/Zurich"},
		{"zurich", "Europe/Zurich"},
		{"india", "Asia/Kolkata"},
		{"japan", "Asia/Tokyo"},
		{"são paulo", "America/Sao_Paulo"},
		{"Sao Paulo", "America/Sao_Paulo"},
		{"kathmandu", "Asia/Kathmandu"},
		{"america/argentina/buenos_aires", "America/Argentina/Buenos_Aires"},
		{"Mumbai", "Asia/Kolkata"}, // a place, not a zone name
		{"gmt+5", "Etc/GMT+5"},
	}
	for _, c := range cases {
		got := ix.Search(c.q, 5)
		if len(got) == 0 || got[0].Name != c.want {
			names := []string{}
			for _, z := range got {
				names = append(names, z.Name)
			}
			t.Errorf("Search(%q) = %v, want %s first", c.q, names, c.want)
		}
	}
	if got := ix.Search("xqzzy", 5); len(got) != 0 {
		t.Errorf("nonsense matched %v", got)
	}
}

// TestZoneAtSea: the boundary data cover the oceans with nautical zones,
// 15° bands of longitude centred on multiples of 15°, named with the POSIX
// sign (west of Greenwich is Etc/GMT+N).
func TestZoneAtSea(t *testing.T) {
	ix := testIndex(t)
	for _, p := range [][2]float64{
		{0, -30}, {-40, -140}, {35, -45}, {-50, 90}, {-30, 0}, {20, -150},
		{-20, -110}, {-60, 40}, {-45, 160}, {40, -160}, {-35, -15}, {-10, 80},
	} {
		want := "Etc/GMT"
		if h := -int(math.Round(p[1] / 15)); h != 0 {
			want = fmt.Sprintf("Etc/GMT%+d", h)
		}
		if got, ok := ix.ZoneAt(p[0], p[1]); !ok || got != want {
			t.Errorf("ZoneAt(%v, %v) = %q, %v; want %s", p[0], p[1], got, ok, want)
		}
	}
}

// TestZoneAtBorders: pairs of towns a few km apart on either side of a
// zone border (coordinates of the town centres).
func TestZoneAtBorders(t *testing.T) {
	ix := testIndex(t)
	cases := []struct {
		name     string
		lat, lon float64
		want     string
	}{
		{"Strasbourg", 48.5734, 7.7521, "Europe/Paris"},
		{"Kehl", 48.5725, 7.8156, "Europe/Berlin"},
		{"Basel", 47.5596, 7.5886, "Europe/Zurich"},
		{"Weil am Rhein", 47.5947, 7.6108, "Europe/Berlin"},
		{"Saint-Louis", 47.5900, 7.5600, "Europe/Paris"},
		{"El Paso", 31.7619, -106.4850, "America/Denver"},
		{"Ciudad Juarez", 31.6904, -106.4245, "America/Ciudad_Juarez"},
		{"Detroit", 42.3314, -83.0458, "America/Detroit"},
		{"Windsor", 42.3149, -83.0364, "America/Toronto"},
		{"Gorizia", 45.9409, 13.6217, "Europe/Rome"},
		{"Nova Gorica", 45.9560, 13.6484, "Europe/Ljubljana"},
		{"Tijuana", 32.5149, -117.0382, "America/Tijuana"},
		{"San Ysidro", 32.5556, -117.0470, "America/Los_Angeles"},
		{"Valga", 57.7778, 26.0473, "Europe/Tallinn"},
		{"Valka", 57.7750, 26.0200, "Europe/Riga"},
		{"Haparanda", 65.8355, 24.1368, "Europe/Stockholm"},
		{"Tornio", 65.8481, 24.1466, "Europe/Helsinki"},
		{"Gary", 41.5934, -87.3464, "America/Chicago"},
		{"Indianapolis", 39.7684, -86.1581, "America/Indiana/Indianapolis"},
		{"Kaliningrad", 54.7104, 20.4522, "Europe/Kaliningrad"},
		{"Frankfurt (Oder)", 52.3471, 14.5506, "Europe/Berlin"},
		{"Slubice", 52.3497, 14.5607, "Europe/Warsaw"},
	}
	for _, c := range cases {
		if got, ok := ix.ZoneAt(c.lat, c.lon); !ok || got != c.want {
			t.Errorf("%s (%v, %v): got %q, want %s", c.name, c.lat, c.lon, got, c.want)
		}
	}
}

// TestZoneAtCities compares the boundary index with GeoNames' zone of the
// most populous place of each of the 50 most populous zones (two
// independent sources: polygons from OpenStreetMap, zones assigned by
// GeoNames).
func TestZoneAtCities(t *testing.T) {
	ix := testIndex(t)
	pix, err := places.Load("../../data/places.tsv.zst")
	if err != nil {
		t.Fatal(err)
	}
	cities := largestPerZone(t, pix, 50)
	agree := 0
	for _, p := range cities {
		got, ok := ix.ZoneAt(p.Latitude, p.Longitude)
		if why, known := knownDisagreements[p.Name]; known && got != p.Timezone {
			t.Logf("%s: boundary index %q, GeoNames %q: known disagreement: %s", p.Name, got, p.Timezone, why)
			continue
		}
		if ok && sameZone(t, got, p.Timezone) {
			agree++
			continue
		}
		{
			t.Errorf("%s, %s (%v, %v): boundary index %q, GeoNames %q", p.Name, p.Country, p.Latitude, p.Longitude, got, p.Timezone)
		}
	}
	t.Logf("%d of %d cities agree", agree, len(cities))
}

// knownDisagreements are cities where the two sources differ on purpose.
var knownDisagreements = map[string]string{
	"Ürümqi": "timezone-boundary-builder puts the city in Asia/Shanghai (official Beijing time, " +
		"which its institutions keep); GeoNames gives the tz database's Asia/Urumqi (Xinjiang time, UTC+6)",
}

// largestPerZone returns the most populous place of each zone, for the n
// zones whose largest place is largest. The places come from searches of
// the zone list's own place names, so no list is hard-coded here.
func largestPerZone(t *testing.T, pix *places.Index, n int) []places.Place {
	t.Helper()
	var out []places.Place
	for _, z := range testIndex(t).Zones() {
		if len(z.Places) == 0 {
			continue
		}
		for _, p := range pix.Search(z.Places[0], z.Country, 5) {
			if p.Timezone == z.Name {
				out = append(out, p)
				break
			}
		}
	}
	sort.Slice(out, func(a, b int) bool { return out[a].Population > out[b].Population })
	if len(out) < n {
		t.Fatalf("only %d zones with places", len(out))
	}
	return out[:n]
}

// sameZone accepts two names for one zone (a tz link, e.g. Asia/Calcutta
// and Asia/Kolkata): the same offsets at 1 January and 1 July of 1970-2030.
func sameZone(t *testing.T, a, b string) bool {
	if a == b {
		return true
	}
	la, err1 := time.LoadLocation(a)
	lb, err2 := time.LoadLocation(b)
	if err1 != nil || err2 != nil {
		return false
	}
	for y := 1970; y <= 2030; y++ {
		for _, m := range []time.Month{1, 7} {
			at := time.Date(y, m, 1, 12, 0, 0, 0, time.UTC)
			_, oa := at.In(la).Zone()
			_, ob := at.In(lb).Zone()
			if oa != ob {
				return false
			}
		}
	}
	t.Logf("%s and %s differ in name only (same offsets 1970-2030)", a, b)
	return true
}

func BenchmarkZoneAt(b *testing.B) {
	ix := testIndex(b)
	pts := [][2]float64{{48.85, 2.35}, {40.71, -74.0}, {-34.6, -58.4}, {35.68, 139.69}, {28.61, 77.2}, {0, -30}, {51.5, -0.12}, {-33.87, 151.2}}
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		p := pts[i%len(pts)]
		if _, ok := ix.ZoneAt(p[0], p[1]); !ok {
			b.Fatal("no zone")
		}
		i++
	}
}

func BenchmarkAt(b *testing.B) {
	loc, err := time.LoadLocation("Europe/Paris")
	if err != nil {
		b.Fatal(err)
	}
	at := time.Date(1990, 7, 14, 12, 0, 0, 0, time.UTC)
	b.ReportAllocs()
	for b.Loop() {
		At(loc, at)
	}
}

// BenchmarkNew measures start-up: the zone list is ready when New returns;
// the boundary index after Wait.
func BenchmarkNew(b *testing.B) {
	for b.Loop() {
		ix, err := New()
		if err != nil {
			b.Fatal(err)
		}
		if err := ix.Wait(); err != nil {
			b.Fatal(err)
		}
	}
}
