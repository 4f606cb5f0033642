package vedic_test

import (
	"strings"
	"testing"

	json "github.com/goccy/go-json"

	"github.com/astroapi/astroapi/engine"
	"github.com/astroapi/astroapi/engine/vedic"
	"github.com/astroapi/astroapi/http/apitest"
)

// chennaiMoment is a question asked in Chennai (an instant and a place).
const chennaiMoment = `"datetime":"2024-03-20T08:36:00","timezone":"Asia/Kolkata","latitude":13.0827,"longitude":80.2707`

// TestKPRoutes: the three KP routes answer through the door: the chart of
// a birth in the kp ayanamsa by default (echoed), every cusp and graha
// with its four lords and a sub number, the significators of twelve
// houses; krishnamurti_vp291 moves every longitude by the difference of
// the two ayanamsas; the ruling planets and the horary chart of a moment
// (the horary ascendant at the start of the number's sub); the answers
// equal the engine's for the same resolved instant.
func TestKPRoutes(t *testing.T) {
	pos := apitest.Tables(t)
	ts := startTestServer(t, testOptions{Positions: pos})
	var charts [2]vedic.KPChart
	for i, aya := range []string{"", `,"ayanamsa":"krishnamurti_vp291"`} {
		env := ts.Post(t, "/api/v1/vedic/kp/chart", withFields(aya)).WantStatus(t, 200).Envelope(t)
		var in vedic.KPChartRequest
		if err := json.Unmarshal(env.Input, &in); err != nil {
			t.Fatal(err)
		}
		want := []engine.Ayanamsa{engine.KP, engine.KrishnamurtiVP291}[i]
		if in.Ayanamsa != want || in.NodeType != vedic.MeanNode || in.NodeAgency != vedic.AgencySignLord {
			t.Errorf("echo %+v", in.KPSettings)
		}
		if err := json.Unmarshal(env.Result, &charts[i]); err != nil {
			t.Fatal(err)
		}
		c := charts[i]
		if c.Ayanamsa.Name != want || len(c.Cusps) != 12 || len(c.Planets) != 9 || len(c.Significators.Houses) != 12 || len(c.Significators.Planets) != 9 {
			t.Fatalf("chart %s: %s", want, apitest.Truncate(env.Result, 300))
		}
		// The answer is the engine's for the echoed instant and place.
		direct, err := vedic.KPChartAt(pos, engine.JDUT(in.JulianDay), *in.Latitude, *in.Longitude, vedic.KPOptions{Ayanamsa: want})
		if err != nil {
			t.Fatal(err)
		}
		for k := range 12 {
			if c.Cusps[k].Longitude != direct.Cusps[k].Longitude || c.Cusps[k].SubLord != direct.Cusps[k].SubLord {
				t.Errorf("%s cusp %d: route %+v, engine %+v", want, k+1, c.Cusps[k].KPPoint, direct.Cusps[k].KPPoint)
			}
		}
		for _, p := range c.Planets {
			if p.SubLord == "" || p.SubSubLord == "" || p.Sub < 1 || p.Sub > 249 || p.House < 1 || p.House > 12 {
				t.Errorf("%s %s: %+v", want, p.Name, p)
			}
		}
	}
	// A user-defined ayanamsa: echoed, named user, the ayanamsa left out.
	env := ts.Post(t, "/api/v1/vedic/kp/chart", withFields(`,"user_ayanamsa":{"epoch_jd":2451545,"degrees":23.85}`)).WantStatus(t, 200).Envelope(t)
	if !strings.Contains(string(env.Input), `"user_ayanamsa":{"epoch_jd":2451545,"degrees":23.85}`) || strings.Contains(string(env.Input), `"ayanamsa":"`) ||
		!strings.Contains(string(env.Result), `"ayanamsa":{"name":"user"`) {
		t.Errorf("user ayanamsa: input %s, result %s", env.Input, apitest.Truncate(env.Result, 120))
	}
	d := charts[1].Ayanamsa.Degrees - charts[0].Ayanamsa.Degrees
	for k := range 9 {
		if got := engine.Normalize(charts[0].Planets[k].Longitude - charts[1].Planets[k].Longitude); abs(got-d) > 1e-7 {
			t.Errorf("%s: kp - vp291 = %v, ayanamsa difference %v", charts[0].Planets[k].Name, got, d)
		}
	}

	env = ts.Post(t, "/api/v1/vedic/kp/ruling-planets", "{"+chennaiMoment+"}").WantStatus(t, 200).Envelope(t)
	var ruling vedic.KPRuling
	if err := json.Unmarshal(env.Result, &ruling); err != nil {
		t.Fatal(err)
	}
	// 2024-03-20 08:36 IST, after sunrise: a Wednesday, Mercury's day.
	if ruling.DayLord != "Mercury" || ruling.Weekday != "Wednesday" || len(ruling.Planets) == 0 || ruling.Planets[0] != ruling.Ascendant.StarLord {
		t.Errorf("ruling planets %+v", ruling)
	}

	env = ts.Post(t, "/api/v1/vedic/kp/horary", `{"number":23,`+chennaiMoment+`}`).WantStatus(t, 200).Envelope(t)
	var h vedic.KPHorary
	if err := json.Unmarshal(env.Result, &h); err != nil {
		t.Fatal(err)
	}
	// Number 23: the second half of Krittika's Rahu sub, from 0° Taurus.
	if h.Number != 23 || h.Sub.Start != 30 || h.Cusps[0].Longitude != 30 || h.Cusps[0].Sub != 23 || h.Cusps[0].SignLord != "Venus" ||
		h.Cusps[0].StarLord != "Sun" || h.Cusps[0].SubLord != "Rahu" || h.RulingPlanets.DayLord != "Mercury" {
		t.Errorf("horary 23: %s", apitest.Truncate(env.Result, 600))
	}
	// Inside the polar circles Placidus fails: Porphyry, with a warning.
	env = ts.Post(t, "/api/v1/vedic/kp/chart", `{"year":1990,"month":12,"day":21,"hour":12,"latitude":70,"longitude":25,"timezone":"UTC"}`).WantStatus(t, 200).Envelope(t)
	var polar vedic.KPChart
	if err := json.Unmarshal(env.Result, &polar); err != nil {
		t.Fatal(err)
	}
	if polar.HouseSystem != "porphyry" || len(env.Warnings) != 1 || !strings.Contains(env.Warnings[0], "Porphyry") {
		t.Errorf("polar chart: %s, warnings %q", polar.HouseSystem, env.Warnings)
	}
	// Without an instant: now, which is not cached and says so.
	env = ts.Post(t, "/api/v1/vedic/kp/ruling-planets", `{"latitude":13.0827,"longitude":80.2707}`).WantStatus(t, 200).Envelope(t)
	if !strings.Contains(string(env.Input), `"now":true`) {
		t.Errorf("ruling planets now: input %s", env.Input)
	}
}

func abs(x float64) float64 {
	if x < 0 {
		return -x
	}
	return x
}

// TestKPBadInput: each KP route's bad-input table, every refusal a 422
// naming the field: the chart takes the birth packet's table and its own
// options; the moment routes an instant and a place; the horary route its
// number (1-249), the latitude bound of a horary chart (±66°) and the
// ayanamsas it cannot cast.
func TestKPBadInput(t *testing.T) {
	ts := startTestServer(t, testOptions{Positions: apitest.Tables(t)})
	chart := append(append([]badCase{}, birthCases...), nodeCases...)
	chart = append(chart,
		badCase{"ErrNodeAgency", withFields(`,"node_agency":"conjunction"`), 422, []string{"node_agency"}},
		badCase{"ErrNodeAgencyType", withFields(`,"node_agency":false`), 422, []string{"node_agency"}},
		badCase{"ErrHouseSystem", withFields(`,"house_system":"koch"`), 422, []string{"house_system"}},
		badCase{"ErrBothAyanamsas", withFields(`,"ayanamsa":"kp","user_ayanamsa":{"epoch_jd":2451545,"degrees":23.85}`), 422, []string{"user_ayanamsa"}},
		badCase{"ErrUserAyanamsaEpoch", withFields(`,"user_ayanamsa":{"epoch_jd":624999,"degrees":23.85}`), 422, []string{"user_ayanamsa.epoch_jd"}},
		badCase{"ErrUserAyanamsaMissing", withFields(`,"user_ayanamsa":{"epoch_jd":2451545}`), 422, []string{"user_ayanamsa.degrees"}},
		badCase{"ErrAgencyAndMonth", `{"year":1990,"month":0,"day":14,"latitude":51.5,"longitude":0,"node_agency":"x"}`, 422, []string{"month", "node_agency"}},
	)
	for _, c := range chart {
		t.Run("chart/"+c.name, func(t *testing.T) { wantRefused(t, ts, "/api/v1/vedic/kp/chart", c) })
	}
	moment := []badCase{
		{"ErrNoPlace", `{"datetime":"2024-03-20T08:36:00"}`, 422, []string{"latitude"}},
		{"ErrLatitudeOnly", `{"datetime":"2024-03-20T08:36:00","latitude":13}`, 422, []string{"longitude"}},
		{"ErrLatitudeType", `{"datetime":"2024-03-20T08:36:00","latitude":"13N","longitude":80}`, 422, []string{"latitude"}},
		{"ErrLongitudeRange", `{"datetime":"2024-03-20T08:36:00","latitude":13,"longitude":180.5}`, 422, []string{"longitude"}},
		{"ErrDatetime", `{"datetime":"20/03/2024","latitude":13,"longitude":80}`, 422, []string{"datetime"}},
		{"ErrMonth", `{"year":2024,"month":13,"day":1,"latitude":13,"longitude":80}`, 422, []string{"month"}},
		{"ErrYearBelow", `{"year":-3001,"month":1,"day":1,"latitude":13,"longitude":80}`, 422, []string{"year"}},
		{"ErrZone", `{"datetime":"2024-03-20T08:36:00","timezone":"Asia/Madras_Old","latitude":13,"longitude":80}`, 422, []string{"timezone"}},
		{"ErrAyanamsa", `{"datetime":"2024-03-20T08:36:00","latitude":13,"longitude":80,"ayanamsa":"kp_new"}`, 422, []string{"ayanamsa"}},
		{"ErrNodeType", `{"datetime":"2024-03-20T08:36:00","latitude":13,"longitude":80,"node_type":"osculating"}`, 422, []string{"node_type"}},
		{"ErrUnknownField", `{"datetime":"2024-03-20T08:36:00","latitude":13,"longitude":80,"place":"Chennai"}`, 422, []string{"place"}},
		{"ErrMany", `{"datetime":"2024-03-20T08:36:00","latitude":95,"longitude":80,"ayanamsa":"x"}`, 422, []string{"latitude", "ayanamsa"}},
	}
	for _, c := range moment {
		t.Run("ruling/"+c.name, func(t *testing.T) { wantRefused(t, ts, "/api/v1/vedic/kp/ruling-planets", c) })
		c.body = strings.Replace(c.body, "{", `{"number":7,`, 1)
		t.Run("horary/"+c.name, func(t *testing.T) { wantRefused(t, ts, "/api/v1/vedic/kp/horary", c) })
	}
	for _, c := range []badCase{
		{"ErrNoNumber", "{" + chennaiMoment + "}", 422, []string{"number"}},
		{"ErrNumberZero", `{"number":0,` + chennaiMoment + "}", 422, []string{"number"}},
		{"ErrNumberAbove", `{"number":250,` + chennaiMoment + "}", 422, []string{"number"}},
		{"ErrNumberType", `{"number":"7",` + chennaiMoment + "}", 422, []string{"number"}},
		{"ErrNumberFraction", `{"number":7.5,` + chennaiMoment + "}", 422, []string{"number"}},
		{"ErrPolar", `{"number":7,"datetime":"2024-03-20T08:36:00","latitude":66.5,"longitude":18.9}`, 422, []string{"latitude"}},
		{"ErrPolarSouth", `{"number":7,"datetime":"2024-03-20T08:36:00","latitude":-66.01,"longitude":18.9}`, 422, []string{"latitude"}},
		{"ErrEpochAyanamsa", `{"number":7,` + chennaiMoment + `,"ayanamsa":"j2000"}`, 422, []string{"ayanamsa"}},
		{"ErrNumberAndPolar", `{"number":300,"datetime":"2024-03-20T08:36:00","latitude":70,"longitude":18.9}`, 422, []string{"number", "latitude"}},
	} {
		t.Run("horary/"+c.name, func(t *testing.T) { wantRefused(t, ts, "/api/v1/vedic/kp/horary", c) })
	}
	// The bound itself is a chart.
	ts.Post(t, "/api/v1/vedic/kp/horary", `{"number":7,"datetime":"2024-03-20T08:36:00","latitude":-66,"longitude":18.9}`).WantStatus(t, 200)
	// The options KP fixes come back with what to do.
	p := ts.Post(t, "/api/v1/vedic/kp/chart", withFields(`,"house_system":"koch"`)).WantStatus(t, 422).Problem(t)
	if len(p.Errors) == 0 || !strings.Contains(p.Errors[0].Reason, "Placidus") {
		t.Errorf("house_system: %+v", p)
	}
}

// TestKPSubsRoute: GET /api/v1/vedic/kp/subs lists the 249 subs of the
// engine (held to the published table by engine/vedic.TestKPSubTable):
// number 23 begins at 0° Taurus in Krittika's Rahu sub. The route takes
// no input (op.None), so it has no bad-input table.
func TestKPSubsRoute(t *testing.T) {
	ts := startTestServer(t, testOptions{Positions: apitest.Tables(t)})
	env := ts.Get(t, "/api/v1/vedic/kp/subs").WantStatus(t, 200).Envelope(t)
	var got struct{ Subs []vedic.KPSub }
	if err := json.Unmarshal(env.Result, &got); err != nil {
		t.Fatal(err)
	}
	want := vedic.KPSubs()
	if len(got.Subs) != 249 {
		t.Fatalf("%d subs", len(got.Subs))
	}
	for i, s := range got.Subs {
		w := want[i]
		if s.Number != w.Number || s.Start != w.Start || s.End != w.End || s.SubLord != w.SubLord || s.StarLord != w.StarLord || s.Sign != w.Sign {
			t.Errorf("sub %d: %+v, engine %+v", i+1, s, w)
		}
	}
	if s := got.Subs[22]; s.Start != 30 || s.Sign != "Taurus" || s.Nakshatra != "Krittika" || s.StarLord != "Sun" || s.SubLord != "Rahu" {
		t.Errorf("sub 23: %+v", s)
	}
}
