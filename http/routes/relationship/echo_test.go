package relationship

import (
	"bytes"
	"testing"

	json "github.com/goccy/go-json"

	"github.com/astroapi/astroapi/engine/aspects"
	"github.com/astroapi/astroapi/engine/birth"
	"github.com/astroapi/astroapi/engine/natal"
)

// The echoes' own JSON is what go-json writes for them.
func TestEchoJSON(t *testing.T) {
	p := &natal.Echo{Echo: birth.Echo{BirthDate: "1990-07-14", BirthTime: "14:30:00", Timezone: "Europe/London", UTC: "1990-07-14T13:30:00Z", JulianDay: 2448087.0625,
		Location: &birth.Place{Query: "a \"b\" <c>", Name: "London", Country: "GB"}}, HouseSystem: "koch", ZodiacType: "sidereal", Ayanamsa: "kp", NodeType: "true", Ephemeris: "tables"}
	q := &natal.Echo{Echo: birth.Echo{BirthDate: "1992-03-02", BirthTime: "08:15:00", Timezone: "UTC"}, HouseSystem: "placidus", ZodiacType: "tropical", NodeType: "mean"}
	for _, e := range []interface{ AppendJSON([]byte) []byte }{
		&synastryEcho{pairEcho: pairEcho{p, q}},
		&synastryEcho{pairEcho: pairEcho{q, p}, IncludeMinorAspects: true, Orbs: aspects.Orbs{aspects.Trine: 6.5, aspects.Conjunction: 10}},
		&compositeEcho{pairEcho: pairEcho{p, q}, HouseMethod: "midpoints"},
	} {
		var want bytes.Buffer
		enc := json.NewEncoder(&want)
		enc.SetEscapeHTML(false)
		if err := enc.Encode(e); err != nil {
			t.Fatal(err)
		}
		if got := e.AppendJSON(nil); !bytes.Equal(got, bytes.TrimSpace(want.Bytes())) {
			t.Errorf("\n got %s\nwant %s", got, want.Bytes())
		}
	}
}
