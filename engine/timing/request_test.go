package timing

import (
	"errors"
	"reflect"
	"regexp"
	"slices"
	"sync"
	"testing"
	"time"

	json "github.com/goccy/go-json"

	"github.com/astroapi/astroapi/engine"
	"github.com/astroapi/astroapi/engine/places"
	"github.com/astroapi/astroapi/engine/resolve"
	"github.com/astroapi/astroapi/tables/tablestest"
)

// resolver is a request as Go callers resolve it.
type resolver interface {
	appender
	resolve.Resolver
}

// Births of the request tests, as birth packet members.
const (
	londonBirth   = `"year":1990,"month":7,"day":14,"hour":14,"minute":30,"latitude":51.5074,"longitude":-0.1278,"timezone":"Europe/London"`
	tokyoBirth    = `"year":1933,"month":12,"day":23,"hour":6,"minute":39,"latitude":35.6895,"longitude":139.6917,"timezone":"Asia/Tokyo"`
	santiagoBirth = `"year":1990,"month":1,"day":1,"hour":12,"latitude":-33.45,"longitude":-70.67,"timezone":"America/Santiago"`
	saoPauloBirth = `"year":1990,"month":1,"day":1,"hour":12,"latitude":-23.55,"longitude":-46.63,"timezone":"America/Sao_Paulo"`
	beirutBirth   = `"year":1990,"month":1,"day":1,"hour":12,"latitude":33.89,"longitude":35.5,"timezone":"Asia/Beirut"`
	// Ulm, 1879, in local mean time at 10.0 E: UTC+00:40.
	ulmBirth = `"year":1879,"month":3,"day":14,"hour":11,"minute":30,"latitude":48.4,"longitude":10.0,"timezone":"LMT"`
)

var (
	placesOnce sync.Once
	placesIdx  *places.Index
	placesErr  error
)

// fixed is a resolution context with the geocoding index.
func fixed(t *testing.T) *resolve.Fixed {
	t.Helper()
	placesOnce.Do(func() { placesIdx, placesErr = places.Load(tablestest.RepoFile(t, "data/places.tsv.zst")) })
	if placesErr != nil {
		tablestest.Missing(t, placesErr)
	}
	return &resolve.Fixed{Time: date("2024-06-15T12:00:00Z"), Services: resolve.Services{Places: placesIdx}}
}

// read decodes body into in and resolves it with prefix.
func read(t *testing.T, c resolve.Context, in resolver, body, prefix string) error {
	t.Helper()
	if err := json.Unmarshal([]byte(body), in); err != nil {
		t.Fatalf("%s: %v", body, err)
	}
	return in.Resolve(c, prefix)
}

// echoOf resolves body into in and returns the echo as a map.
func echoOf(t *testing.T, in resolver, body string) map[string]any {
	t.Helper()
	if err := read(t, fixed(t), in, body, ""); err != nil {
		t.Fatalf("%s: %v", body, err)
	}
	var m map[string]any
	if err := json.Unmarshal(in.AppendJSON(nil), &m); err != nil {
		t.Fatal(err)
	}
	return m
}

// TestRequestDates: a date alone is 00:00 in the zone the birth was read
// in (BST in July, GMT in January, JST; the birthplace's local mean time),
// the first instant of the day where the clocks jumped over midnight, and
// the birth itself on the birth's own date; a date-time with an offset is
// that instant, one without a local time in the birth's zone. The echo
// gives each date's UTC instant and the zone.
func TestRequestDates(t *testing.T) {
	for _, c := range []struct {
		name, birth, date string
		utc, zone         string
	}{
		{"SummerTime", londonBirth, "2024-07-14", "2024-07-13T23:00:00Z", "Europe/London"},
		{"WinterTime", londonBirth, "2024-01-14", "2024-01-14T00:00:00Z", "Europe/London"},
		{"EastOfUTC", tokyoBirth, "2016-08-08", "2016-08-07T15:00:00Z", "Asia/Tokyo"},
		// Midnight that never happened: the day begins when the clocks
		// have jumped (01:00 -03 in Santiago), not at 23:00 the day before.
		{"GapAtMidnightSantiago", santiagoBirth, "2022-09-11", "2022-09-11T04:00:00Z", "America/Santiago"},
		{"GapAtMidnightSaoPaulo", saoPauloBirth, "2018-11-04", "2018-11-04T03:00:00Z", "America/Sao_Paulo"},
		{"GapAtMidnightBeirut", beirutBirth, "2023-03-26", "2023-03-25T22:00:00Z", "Asia/Beirut"},
		{"LocalMeanTime", ulmBirth, "1900-01-01", "1899-12-31T23:20:00Z", "UTC+00:40"},
		{"LocalTime", londonBirth, "2024-07-14T10:00", "2024-07-14T09:00:00Z", "Europe/London"},
		{"InstantZ", londonBirth, "2024-07-14T09:30:00Z", "2024-07-14T09:30:00Z", ""},
		{"InstantOffset", tokyoBirth, "2024-07-14T11:30:00+02:00", "2024-07-14T09:30:00Z", ""},
		{"Fraction", londonBirth, "2024-07-14T09:30:00.25Z", "2024-07-14T09:30:00.25Z", ""},
		// The birth's own date is the birth (14:30 BST), not its 00:00.
		{"BirthDate", londonBirth, "1990-07-14", "1990-07-14T13:30:00Z", "Europe/London"},
	} {
		t.Run(c.name, func(t *testing.T) {
			in := &ProgressionsRequest{}
			e := echoOf(t, in, `{`+c.birth+`,"date":"`+c.date+`"}`)
			if e["date"] != c.date || e["date_utc"] != c.utc || (e["date_zone"] != nil) != (c.zone != "") || (c.zone != "" && e["date_zone"] != c.zone) {
				t.Errorf("date %v, date_utc %v, date_zone %v; want %s, %s, %q", e["date"], e["date_utc"], e["date_zone"], c.date, c.utc, c.zone)
			}
			if got := in.o.Date.Format(time.RFC3339Nano); got != c.utc {
				t.Errorf("the technique reads %s, the echo says %s", got, c.utc)
			}
		})
	}
}

// TestRequestDefaults: the defaults a request chooses are written back,
// dates as the UTC instants they stand for, so the echo states them.
func TestRequestDefaults(t *testing.T) {
	for _, c := range []struct {
		name string
		in   resolver
		body string
		want map[string]any
	}{
		{"LunarEnd", &LunarReturnsRequest{}, `"start":"2024-01-01"`,
			map[string]any{"start": "2024-01-01", "end": "2025-01-01T00:00:00Z", "end_utc": "2025-01-01T00:00:00Z"}},
		{"PlanetaryRange", &PlanetaryReturnsRequest{}, `"planet":"saturn"`,
			map[string]any{"start": "1990-07-14T13:30:00Z", "start_utc": "1990-07-14T13:30:00Z", "end": "2090-07-14T13:30:00Z"}},
		{"PlanetaryEndAtHorizon", &PlanetaryReturnsRequest{}, `"planet":"saturn","start":"2100-01-01"`,
			map[string]any{"end": "2140-07-15T01:30:00Z"}},
		{"SolarArcRange", &SolarArcRequest{}, `"date":"2024-07-14"`,
			map[string]any{"range_start": "2024-07-14", "range_start_utc": "2024-07-13T23:00:00Z", "range_end": "2025-07-13T23:00:00Z", "orb": 1.0}},
		{"ProgressionsOrbDefault", &ProgressionsRequest{}, `"date":"2024-07-14"`, map[string]any{"orb": 1.0}},
		{"ProgressionsOrb", &ProgressionsRequest{}, `"date":"2024-07-14","orb":0.5`, map[string]any{"orb": 0.5}},
		{"Releasing", &ReleasingRequest{}, ``, map[string]any{"years": 100.0, "levels": 2.0}},
		{"ReleasingTimeline", &ReleasingTimelineRequest{}, ``,
			map[string]any{"start": "1990-07-14T13:30:00Z", "end": "2090-07-14T13:30:00Z", "levels": 2.0}},
		{"ReleasingTimeline4Levels", &ReleasingTimelineRequest{}, `"levels":4`,
			map[string]any{"start": "1990-07-14T13:30:00Z", "end": "2000-07-14T13:30:00Z"}},
		{"ReleasingTimelineFromDate", &ReleasingTimelineRequest{}, `"start":"2020-01-01"`,
			map[string]any{"start": "2020-01-01", "end": "2120-01-01T00:00:00Z"}},
		{"ReleasingAtDate", &ReleasingAtDateRequest{}, `"date":"2016-08-08"`, map[string]any{"levels": 4.0}},
		{"FirdariaTimeline", &FirdariaTimelineRequest{}, ``,
			map[string]any{"start": "1990-07-14T13:30:00Z", "end": "2065-07-14T13:30:00Z"}},
		// The horizon is 150 Julian years after the birth.
		{"FirdariaTimelineAtHorizon", &FirdariaTimelineRequest{}, `"start":"2100-01-01"`,
			map[string]any{"end": "2140-07-15T01:30:00Z"}},
		{"FirdariaTimelineFromBirthDate", &FirdariaTimelineRequest{}, `"start":"1990-07-14","end":"2000-01-01"`,
			map[string]any{"start": "1990-07-14", "start_utc": "1990-07-14T13:30:00Z"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			body := `{` + londonBirth
			if c.body != "" {
				body += "," + c.body
			}
			e := echoOf(t, c.in, body+`}`)
			for k, v := range c.want {
				if !reflect.DeepEqual(e[k], v) {
					t.Errorf("%s: %v (%T), want %v", k, e[k], e[k], v)
				}
			}
		})
	}
}

// TestRequestErrors: every bad field of a request in one error, named
// with the request's prefix; rules against the birth once it resolved.
func TestRequestErrors(t *testing.T) {
	for _, c := range []struct {
		name   string
		in     resolver
		body   string
		fields []string
	}{
		{"BirthAndDate", &ProgressionsRequest{}, `{"year":1990,"month":13,"day":1,"latitude":0,"longitude":0,"date":"2023-02-29"}`, []string{"x.month", "x.date"}},
		{"DateBeforeBirthAndAyanamsa", &ProgressionsRequest{}, `{` + londonBirth + `,"date":"1990-07-13","zodiac_type":"sidereal","ayanamsa":"galactic"}`, []string{"x.ayanamsa", "x.date"}},
		{"DateBeyondHorizon", &ReleasingAtDateRequest{}, `{` + londonBirth + `,"date":"2141-01-01"}`, []string{"x.date"}},
		{"DateBeforeBirthSameDay", &ProgressionsRequest{}, `{` + londonBirth + `,"date":"1990-07-14T13:29:59Z"}`, []string{"x.date"}},
		{"DateInGap", &ProgressionsRequest{}, `{` + londonBirth + `,"date":"2024-03-31T01:30"}`, []string{"x.date"}},
		{"AgeAndDate", &ProfectionsRequest{}, `{` + londonBirth + `,"age":30,"date":"2024-07-14"}`, []string{"x.age"}},
		{"NeitherAgeNorDate", &FirdariaAtAgeRequest{}, `{` + londonBirth + `}`, []string{"x.age"}},
		{"ReturnYear", &SolarReturnRequest{}, `{` + londonBirth + `,"return_year":1990}`, []string{"x.return_year"}},
		{"RangeReversed", &FirdariaTimelineRequest{}, `{` + londonBirth + `,"start":"2030-01-01","end":"2020-01-01"}`, []string{"x.end"}},
		{"RangeTooLong", &LunarReturnsRequest{}, `{` + londonBirth + `,"start":"2024-01-01","end":"2025-01-03"}`, []string{"x.end"}},
		{"Timeline4LevelsTooLong", &ReleasingTimelineRequest{}, `{` + londonBirth + `,"start":"1991-01-01","end":"2092-01-01","levels":4}`, []string{"x.end"}},
		{"PlaceAndBirth", &SolarReturnRequest{}, `{"year":1990,"month":7,"day":14,"latitude":0,"return_year":2024,"place":{"longitude":3}}`, []string{"x.longitude", "x.place.latitude"}},
		{"PlaceUnknown", &LunarReturnsRequest{}, `{` + londonBirth + `,"start":"2024-01-01","place":{"location":"Xqzzyville Nowhere"}}`, []string{"x.place.location"}},
		{"PlaceNothing", &PlanetaryReturnsRequest{}, `{` + londonBirth + `,"planet":"mars","place":{}}`, []string{"x.place.latitude"}},
		{"PlanetaryChartsRange", &PlanetaryReturnsRequest{}, `{` + londonBirth + `,"planet":"mars","include_charts":true}`, []string{"x.end"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			err := read(t, fixed(t), c.in, c.body, "x.")
			var fs engine.Fields
			if !errors.As(err, &fs) {
				t.Fatalf("%v (%T), want field errors %v", err, err, c.fields)
			}
			var got []string
			for _, f := range fs {
				got = append(got, f.Field)
			}
			slices.Sort(got)
			want := slices.Sorted(slices.Values(c.fields))
			if !slices.Equal(got, want) {
				t.Errorf("fields %v (%v), want %v", got, fs, want)
			}
		})
	}
}

// TestRequestRoundTrip: a resolved request's echo, decoded and resolved
// again, reads the same birth and options and writes the same echo: what
// the API answers, sent back, gives the same answer.
func TestRequestRoundTrip(t *testing.T) {
	for _, c := range []struct {
		in, again resolver
		body      string
	}{
		{&SolarReturnRequest{}, &SolarReturnRequest{}, `{"year":1990,"month":7,"day":14,"time":"14:30","location":"London, GB","timezone":"auto","return_year":2024,"place":{"location":"Paris, France"},"include_asteroids":true,"orbs":{"trine":5}}`},
		{&LunarReturnsRequest{}, &LunarReturnsRequest{}, `{` + londonBirth + `,"start":"2024-07-01","place":{"latitude":48.85,"longitude":2.35,"location":"Paris"}}`},
		{&PlanetaryReturnsRequest{}, &PlanetaryReturnsRequest{}, `{` + tokyoBirth + `,"planet":"jupiter"}`},
		{&ProgressionsRequest{}, &ProgressionsRequest{}, `{` + ulmBirth + `,"date":"1900-01-01","zodiac_type":"sidereal"}`},
		{&SolarArcRequest{}, &SolarArcRequest{}, `{` + santiagoBirth + `,"date":"2022-09-11","orb":2}`},
		{&ProfectionsRequest{}, &ProfectionsRequest{}, `{` + londonBirth + `,"date":"2024-07-14T10:00"}`},
		{&ReleasingRequest{}, &ReleasingRequest{}, `{` + tokyoBirth + `,"lot":"fortune"}`},
		{&ReleasingTimelineRequest{}, &ReleasingTimelineRequest{}, `{` + tokyoBirth + `,"start":"1933-12-23","levels":3}`},
		{&ReleasingAtDateRequest{}, &ReleasingAtDateRequest{}, `{` + tokyoBirth + `,"date":"2016-08-08T15:00:00+09:00"}`},
		{&FirdariaRequest{}, &FirdariaRequest{}, `{"date":"1700-03-15","time":"12:00","latitude":41.9,"longitude":12.5,"timezone":"LMT","node_order":"after_mars"}`},
		{&FirdariaAtAgeRequest{}, &FirdariaAtAgeRequest{}, `{` + londonBirth + `,"age":33.5}`},
		{&FirdariaTimelineRequest{}, &FirdariaTimelineRequest{}, `{"year":1500,"month":3,"day":1,"hour":12,"latitude":41.9,"longitude":12.5,"timezone":"LMT","start":"1510-01-01"}`},
	} {
		name := reflect.TypeOf(c.in).Elem().Name()
		t.Run(name, func(t *testing.T) {
			ctx := fixed(t)
			if err := read(t, ctx, c.in, c.body, ""); err != nil {
				t.Fatal(err)
			}
			echo := c.in.AppendJSON(nil)
			if err := read(t, ctx, c.again, string(echo), ""); err != nil {
				t.Fatalf("the echo %s sent back: %v", echo, err)
			}
			// The facts may say where the zone came from the first time
			// (the place) and the second (the request); the rest agrees.
			source := regexp.MustCompile(`"timezone_source":"[a-z]+",`)
			if x, y := source.ReplaceAll(echo, nil), source.ReplaceAll(c.again.AppendJSON(nil), nil); string(x) != string(y) {
				t.Errorf("echo\n %s\nsent back\n %s", x, y)
			}
			if x, y := result(t, c.in, ctx), result(t, c.again, ctx); x != y {
				t.Errorf("answer\n %s\nsent back\n %s", x, y)
			}
		})
	}
}

// result computes a resolved request's answer, as JSON.
func result(t *testing.T, in resolver, w warner) string {
	t.Helper()
	out := reflect.ValueOf(in).MethodByName("Compute").Call([]reflect.Value{reflect.ValueOf(source(t)), reflect.ValueOf(w)})
	if err, _ := out[1].Interface().(error); err != nil {
		t.Fatal(err)
	}
	b, err := json.Marshal(out[0].Interface())
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestRequestErrorsOnDefaults: a rule broken by a date the request chose
// is not reported beside the sent field it follows from, and is when it
// is the only one.
func TestRequestErrorsOnDefaults(t *testing.T) {
	for _, c := range []struct {
		name   string
		in     resolver
		body   string
		fields []string
	}{
		{"LunarStartBeforeBirth", &LunarReturnsRequest{}, `"start":"1980-01-01"`, []string{"start"}},
		{"SolarArcDateBeforeBirth", &SolarArcRequest{}, `"date":"1980-01-01"`, []string{"date"}},
		{"PlanetaryChartsDefaultEnd", &PlanetaryReturnsRequest{}, `"planet":"venus","include_charts":true`, []string{"end"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			err := read(t, fixed(t), c.in, `{`+londonBirth+`,`+c.body+`}`, "")
			var fs engine.Fields
			errors.As(err, &fs)
			var got []string
			for _, f := range fs {
				got = append(got, f.Field)
			}
			if !slices.Equal(got, c.fields) {
				t.Errorf("fields %v (%v), want %v", got, err, c.fields)
			}
		})
	}
}
