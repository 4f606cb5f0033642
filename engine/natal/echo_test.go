package natal

import (
	"math"
	"math/rand/v2"
	"testing"

	json "github.com/goccy/go-json"

	"github.com/astroapi/astroapi/engine"
	"github.com/astroapi/astroapi/engine/birth"
	"github.com/astroapi/astroapi/engine/calendar"
	"github.com/astroapi/astroapi/engine/houses"
	"github.com/astroapi/astroapi/engine/sidereal"
)

// TestEchoJSON: the hand-written natal echo is byte for byte what go-json
// writes for it, over random echoes (with and without a geocoded place,
// strings with quotes, control characters and non-ASCII, numbers of every
// magnitude).
func TestEchoJSON(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	texts := []string{"", "Paris", `a"b\c`, "tab\tnew\n\x01", "Zürich ♎", "<&>", "line\u2028sep", "bad\xffutf8"}
	text := func() string { return texts[rng.IntN(len(texts))] }
	num := func() float64 {
		switch rng.IntN(5) {
		case 0:
			return 0
		case 1:
			return math.Round((rng.Float64()*360-180)*1e4) / 1e4
		case 2:
			return (rng.Float64()*2 - 1) * math.Pow(10, float64(rng.IntN(30)-10))
		case 3:
			return 2400000.5 + rng.Float64()*100000
		}
		return float64(rng.IntN(200) - 100)
	}
	ints := func() *int { v := rng.IntN(4000) - 2000; return &v }
	for i := range 5000 {
		lat, lon := num(), num()
		e := Request{
			Packet: birth.Packet{
				Year: ints(), Month: ints(), Day: ints(), Hour: ints(), Minute: ints(), Second: ints(),
				Latitude: &lat, Longitude: &lon, Timezone: birth.Zone(text()), Fold: ints(), Calendar: calendar.Calendar(text()),
				BirthDate: text(), BirthTime: text(), Coordinates: &birth.Coordinates{Latitude: num(), Longitude: num()},
				TimezoneSource: text(), UTCOffset: text(), Abbreviation: text(),
				DST: rng.IntN(2) == 0, AmbiguousTime: rng.IntN(2) == 0, UTC: text(), JulianDay: num(),
			},
			Settings: Settings{Frame: Frame{HouseSystem: engine.HouseSystem(text()), ZodiacType: engine.Zodiac(text()), NodeType: Node(text())},
				IncludeAsteroids: rng.IntN(2) == 0, IncludeMinorAspects: rng.IntN(2) == 0},
		}
		if e.Calendar == "" {
			e.Calendar = "gregorian" // resolution always writes it
		}
		if e.UTC == "" {
			e.UTC = "x"
		}
		if e.JulianDay == 0 {
			e.JulianDay = 1
		}
		if e.TimezoneSource == "" {
			e.TimezoneSource = "request"
		}
		if e.UTCOffset == "" {
			e.UTCOffset = "UTC"
		}
		if e.Abbreviation == "" {
			e.Abbreviation = "UTC"
		}
		if e.BirthDate == "" {
			e.BirthDate = "d"
		}
		if e.BirthTime == "" {
			e.BirthTime = "t"
		}
		if rng.IntN(2) == 0 {
			e.Ayanamsa = engine.Ayanamsa(text())
		}
		if rng.IntN(2) == 0 {
			e.Location = text()
		}
		if rng.IntN(3) == 0 {
			e.Orbs = map[string]float64{text(): num(), "trine": num()}
		}
		if rng.IntN(2) == 0 {
			e.Place = &birth.Place{Name: text(), Admin1: text(), Country: text(), CountryName: text(),
				Latitude: num(), Longitude: num(), Timezone: text()}
		}
		e.TimeUnknown = rng.IntN(4) == 0
		want, err := json.MarshalWithOption(&e, json.DisableHTMLEscape())
		if err != nil {
			t.Fatal(err)
		}
		if got := e.AppendJSON(nil); string(got) != string(want) {
			t.Fatalf("echo %d:\n got %s\nwant %s", i, got, want)
		}
		// The natal family's bodies: the extras, the harmonic, the orb.
		x := Extras{PolarFallback: houses.PolarSystem(text()), Lilith: Lilith(text()), FortuneFormula: Fortune(text()),
			IncludeParallels: rng.IntN(2) == 0}
		if rng.IntN(2) == 0 {
			x.ParallelOrb = num()
		}
		if rng.IntN(2) == 0 {
			x.UserAyanamsa = &sidereal.User{EpochJD: num(), Degrees: num()}
		}
		for _, v := range []interface{ AppendJSON([]byte) []byte }{
			&ChartRequest{Request: e, Extras: x},
			&HarmonicRequest{ChartRequest: ChartRequest{Request: e, Extras: x}, Harmonic: rng.IntN(360) + 1},
			&AntisciaRequest{ChartRequest: ChartRequest{Request: e, Extras: x}, Orb: num()},
		} {
			want, err := json.MarshalWithOption(v, json.DisableHTMLEscape())
			if err != nil {
				t.Fatal(err)
			}
			if got := v.AppendJSON(nil); string(got) != string(want) {
				t.Fatalf("echo %d (%T):\n got %s\nwant %s", i, v, got, want)
			}
		}
	}
}
