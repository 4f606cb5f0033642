package natal

import (
	"math"
	"math/rand/v2"
	"testing"

	json "github.com/goccy/go-json"

	"github.com/astroapi/astroapi/engine"
	"github.com/astroapi/astroapi/engine/birth"
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
	for i := range 5000 {
		e := Echo{
			Echo: birth.Echo{
				BirthDate: text(), BirthTime: text(), Coordinates: birth.Coordinates{Latitude: num(), Longitude: num()},
				Timezone: text(), TimezoneSource: text(), UTCOffset: text(), Abbreviation: text(),
				DST: rng.IntN(2) == 0, AmbiguousTime: rng.IntN(2) == 0, Fold: rng.IntN(2), UTC: text(), JulianDay: num(),
			},
			HouseSystem: engine.HouseSystem(text()), ZodiacType: text(), IncludeAsteroids: rng.IntN(2) == 0,
			NodeType: text(), IncludeMinorAspects: rng.IntN(2) == 0, Ephemeris: engine.Source(text()),
		}
		if rng.IntN(2) == 0 {
			e.Ayanamsa = text()
		}
		if rng.IntN(2) == 0 {
			e.Location = &birth.Place{Query: text(), Name: text(), Admin1: text(), Country: text(), CountryName: text(),
				Latitude: num(), Longitude: num(), Timezone: text()}
		}
		want, err := json.MarshalWithOption(e, json.DisableHTMLEscape())
		if err != nil {
			t.Fatal(err)
		}
		if got := e.AppendJSON(nil); string(got) != string(want) {
			t.Fatalf("echo %d:\n got %s\nwant %s", i, got, want)
		}
	}
}
