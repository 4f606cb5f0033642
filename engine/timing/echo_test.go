package timing

import (
	"math"
	"math/rand/v2"
	"reflect"
	"testing"
	"time"

	json "github.com/goccy/go-json"

	"github.com/astroapi/astroapi/engine/birth"
)

// appender is a request that writes its own JSON.
type appender interface{ AppendJSON(b []byte) []byte }

// requests are the request types, each with what resolution guarantees
// of its packet: the date and time strings read into year..second, and
// on the return routes the geocoded birth place moved to birth_place
// (place is the relocation there).
var requests = []struct {
	name  string
	new   func() appender
	place bool // place is the relocation's: the packet's place is moved out
}{
	{"SolarReturn", func() appender { return &SolarReturnRequest{} }, true},
	{"LunarReturns", func() appender { return &LunarReturnsRequest{} }, true},
	{"PlanetaryReturns", func() appender { return &PlanetaryReturnsRequest{} }, true},
	{"Progressions", func() appender { return &ProgressionsRequest{} }, false},
	{"SolarArc", func() appender { return &SolarArcRequest{} }, false},
	{"Profections", func() appender { return &ProfectionsRequest{} }, false},
	{"Releasing", func() appender { return &ReleasingRequest{} }, false},
	{"ReleasingTimeline", func() appender { return &ReleasingTimelineRequest{} }, false},
	{"ReleasingAtDate", func() appender { return &ReleasingAtDateRequest{} }, false},
	{"Firdaria", func() appender { return &FirdariaRequest{} }, false},
	{"FirdariaAtAge", func() appender { return &FirdariaAtAgeRequest{} }, false},
	{"FirdariaTimeline", func() appender { return &FirdariaTimelineRequest{} }, false},
}

// TestEchoJSON: every request's hand-written JSON is byte for byte what
// go-json writes for it, over random requests (every field present or
// absent, strings with quotes, control characters and non-ASCII, numbers
// of every magnitude, instants with and without fractions).
func TestEchoJSON(t *testing.T) {
	rng := rand.New(rand.NewPCG(23, 5))
	for _, r := range requests {
		t.Run(r.name, func(t *testing.T) {
			for i := range 2000 {
				in := r.new()
				fill(rng, reflect.ValueOf(in).Elem())
				p := packetOf(in)
				p.Date, p.Time = "", ""
				if r.place {
					p.Place = nil
				}
				want, err := json.MarshalWithOption(in, json.DisableHTMLEscape())
				if err != nil {
					t.Fatal(err)
				}
				if got := in.AppendJSON(nil); string(got) != string(want) {
					t.Fatalf("request %d:\n got %s\nwant %s", i, got, want)
				}
			}
		})
	}
}

// packetOf returns the birth packet a request embeds.
func packetOf(in appender) *birth.Packet {
	v := reflect.ValueOf(in).Elem()
	return v.FieldByName("Packet").Addr().Interface().(*birth.Packet)
}

var (
	texts    = []string{"Paris", `a"b\c`, "tab\tnew\n\x01", "Zürich ♎", "<&>", "line\u2028sep", "bad\xffutf8", "2024-07-14"}
	timeType = reflect.TypeFor[time.Time]()
)

// fill sets the exported fields of v (a struct, embedded structs too) to
// random values, each pointer, string, map or bool left empty half the
// time.
func fill(rng *rand.Rand, v reflect.Value) {
	for i := range v.NumField() {
		f, sf := v.Field(i), v.Type().Field(i)
		if !sf.IsExported() {
			continue
		}
		value(rng, f)
	}
}

func value(rng *rand.Rand, f reflect.Value) {
	empty := rng.IntN(2) == 0
	switch f.Kind() {
	case reflect.Struct:
		if f.Type() == timeType {
			// Years 0000 to 9999 (births are taken from year 0), in UTC.
			f.Set(reflect.ValueOf(time.Unix(rng.Int64N(3e11)-6e10, rng.Int64N(2)*rng.Int64N(1e9)).UTC()))
			return
		}
		fill(rng, f)
	case reflect.Pointer:
		if empty {
			return
		}
		p := reflect.New(f.Type().Elem())
		value(rng, p.Elem())
		f.Set(p)
	case reflect.String:
		if !empty {
			f.SetString(texts[rng.IntN(len(texts))])
		}
	case reflect.Bool:
		f.SetBool(!empty)
	case reflect.Int:
		f.SetInt(int64(rng.IntN(6000) - 3000))
	case reflect.Float64:
		switch rng.IntN(4) {
		case 0:
			f.SetFloat(0)
		case 1:
			f.SetFloat(math.Round((rng.Float64()*360-180)*1e4) / 1e4)
		case 2:
			f.SetFloat((rng.Float64()*2 - 1) * math.Pow(10, float64(rng.IntN(30)-10)))
		default:
			f.SetFloat(2400000.5 + rng.Float64()*100000)
		}
	case reflect.Map:
		if !empty {
			f.Set(reflect.ValueOf(map[string]float64{texts[rng.IntN(len(texts))]: rng.Float64() * 10, "trine": 8}))
		}
	}
}
