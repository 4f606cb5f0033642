package relationship_test

import (
	"math"
	"testing"

	json "github.com/goccy/go-json"

	"github.com/astroapi/astroapi/engine"
	"github.com/astroapi/astroapi/engine/accuracy/measure"
	"github.com/astroapi/astroapi/engine/natal"
	"github.com/astroapi/astroapi/engine/relation"
	"github.com/astroapi/astroapi/http/apitest"
	natalroutes "github.com/astroapi/astroapi/http/routes/natal"
	"github.com/astroapi/astroapi/http/routes/relationship"
)

// startTestServer serves the relationship routes and, to compare with,
// the natal routes, over pos.
func startTestServer(t testing.TB, pos engine.Positions) *apitest.Server {
	t.Helper()
	ops := relationship.Ops(relationship.Deps{Positions: pos})
	ops = append(ops, natalroutes.Ops(natalroutes.Deps{Positions: pos})...)
	return apitest.Start(t, apitest.Options{Ops: apitest.Serve(ops...), Ephemeris: pos != nil})
}

// sepArcsec is the shortest separation of two longitudes, in arcseconds.
func sepArcsec(a, b float64) float64 { return math.Abs(math.Remainder(a-b, 360)) * 3600 }

// worst checks longitudes against a quantity of a published comparison:
// each difference within the contract's bound (reported where it
// happens), the worst within both of the quantity's bounds when the test
// ends (measure.Compare).
type worst struct {
	t         *testing.T
	q         *measure.Quantity
	tolerance float64 // arcseconds, the contract's bound
}

// newWorst adds a quantity in arcseconds to c.
func newWorst(t *testing.T, c *measure.Comparison, name string, contract, regression float64) *worst {
	return &worst{t: t, q: c.Quantity(name, "arcsec", contract, regression), tolerance: contract}
}

func (w *worst) check(what string, got, want float64) {
	w.t.Helper()
	d := sepArcsec(got, want)
	w.q.Add(d, what)
	if measure.Over(d, w.tolerance) {
		w.t.Errorf("%s = %.7f, reference %.7f (%.4f\")", what, got, want, d)
	}
}

// synastryResponse is a synastry answer as a client decodes it.
type synastryResponse struct {
	Result relation.Synastry
	Raw    struct {
		Person1 json.RawMessage `json:"person1"`
		Person2 json.RawMessage `json:"person2"`
	}
	Env apitest.Envelope
}

func postSynastry(t *testing.T, ts *apitest.Server, body string) synastryResponse {
	t.Helper()
	var out synastryResponse
	out.Env = ts.Post(t, "/api/v1/synastry", body).WantStatus(t, 200).Envelope(t)
	if err := json.Unmarshal(out.Env.Result, &out.Result); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(out.Env.Result, &out.Raw); err != nil {
		t.Fatal(err)
	}
	return out
}

// natalResult posts body to the natal route and returns its result bytes.
func natalResult(t *testing.T, ts *apitest.Server, body string) json.RawMessage {
	t.Helper()
	env := ts.Post(t, "/api/v1/natal", body).WantStatus(t, 200).Envelope(t)
	return env.Result
}

// pt is a point of a chart as a test reads it.
type pt struct {
	name       string
	lon, speed float64
}

// chartPoints are the points of a decoded chart that synastry aspects:
// the planets but the South Node, the Ascendant and the Midheaven.
func chartPoints(c *natal.Chart) []pt {
	var out []pt
	for _, p := range c.Planets {
		if p.Name != natal.SouthNode {
			out = append(out, pt{p.Name, p.Longitude, p.Speed})
		}
	}
	return append(out, pt{"Ascendant", c.Ascendant.Longitude, 0}, pt{"Midheaven", c.Midheaven.Longitude, 0})
}
