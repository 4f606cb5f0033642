package houses

import (
	"math/rand/v2"
	"testing"

	json "github.com/goccy/go-json"

	"github.com/astroapi/astroapi/engine"
	"github.com/astroapi/astroapi/engine/birth"
	"github.com/astroapi/astroapi/engine/sidereal"
)

// TestRequestJSON: the houses echo writes every field, byte for byte as
// go-json does (the embedded packet's AppendJSON would leave the house
// system and zodiac out).
func TestRequestJSON(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 9))
	texts := []string{"", "all", "placidus", `q"uote`, "gauquelin"}
	text := func() string { return texts[rng.IntN(len(texts))] }
	for i := range 2000 {
		y, lat, lon := rng.IntN(4000)-2000, rng.Float64()*180-90, rng.Float64()*360-180
		r := Request{
			Packet:      birth.Packet{Year: &y, Latitude: &lat, Longitude: &lon, Timezone: birth.Zone(text()), TimeUnknown: rng.IntN(2) == 0, BirthDate: text()},
			HouseSystem: Selection(text()), PolarFallback: PolarSystem(text()), ZodiacType: engine.Zodiac(text()), Ayanamsa: engine.Ayanamsa(text()),
		}
		if rng.IntN(2) == 0 {
			r.UserAyanamsa = &sidereal.User{EpochJD: 2400000 + rng.Float64()*1e5, Degrees: rng.Float64() * 30}
		}
		want, err := json.MarshalWithOption(&r, json.DisableHTMLEscape())
		if err != nil {
			t.Fatal(err)
		}
		if got := r.AppendJSON(nil); string(got) != string(want) {
			t.Fatalf("%d:\n got %s\nwant %s", i, got, want)
		}
	}
}
