package bazi

import (
	"fmt"
	"math/rand/v2"
	"testing"
	"time"

	json "github.com/goccy/go-json"

	"github.com/astroapi/astroapi/engine"
	"github.com/astroapi/astroapi/engine/birth"
	"github.com/astroapi/astroapi/engine/birth/birthtest"
	"github.com/astroapi/astroapi/engine/jsonw"
	"github.com/astroapi/astroapi/engine/resolve"
	"github.com/astroapi/astroapi/engine/solarterms"
)

// TestEchoJSON: the hand-written echo of a BaZi request is byte for byte
// what go-json writes for it (the year of Person in the packet's place),
// over random echoes; the other inputs have none (an inherited one would
// leave their own fields out).
func TestEchoJSON(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 9))
	for i := range 3000 {
		r := &Request{Person: Person{Year: birthtest.Int(rng), Packet: birthtest.Packet(rng), Gender: birthtest.Text(rng)},
			DayBoundary: DayBoundary(birthtest.Text(rng))}
		want, err := json.MarshalWithOption(r, json.DisableHTMLEscape())
		if err != nil {
			t.Fatal(err)
		}
		if got := r.AppendJSON([]byte("x")); string(got) != "x"+string(want) {
			t.Fatalf("echo %d:\n got %s\nwant %s", i, got[1:], want)
		}
	}
	for _, v := range []any{&Person{}, &CompatibilityRequest{}, &AnimalRequest{}} {
		if _, ok := v.(interface{ AppendJSON([]byte) []byte }); ok {
			t.Errorf("%T has an AppendJSON", v)
		}
	}
}

// TestChartJSON: the hand-written chart encoder is byte for byte what
// go-json writes, for cast charts (300 births of 1583-2999 in several
// zones, both day boundaries, table and roots) and for random ones
// (numbers of every magnitude, the optional fields absent and present);
// and every string a chart can hold is plain, as the encoder assumes.
func TestChartJSON(t *testing.T) {
	table, root := finders(t)
	same := func(what string, c *Chart) {
		t.Helper()
		want, err := json.MarshalWithOption(c, json.DisableHTMLEscape())
		if err != nil {
			t.Fatal(err)
		}
		if got := c.AppendJSON([]byte("x")); string(got) != "x"+string(want) {
			t.Fatalf("%s:\n got %s\nwant %s", what, got[1:], want)
		}
	}
	isPlain := func(v string) bool { return string(jsonw.String(nil, v)) == string(jsonw.Name(nil, v)) }
	zones := []string{"Asia/Shanghai", "UTC", "America/New_York", "Asia/Kolkata", "LMT", "+05:45"}
	crng := rand.New(rand.NewPCG(1583, 2999))
	for i := range 300 {
		f := table
		if i%10 == 0 {
			f = root
		}
		r := shanghai(1584+crng.IntN(1415), 1+crng.IntN(12), 1+crng.IntN(28), crng.IntN(24), crng.IntN(60))
		r.Timezone = birth.Zone(zones[i%len(zones)])
		lat, lon := 31.2, 121.5
		r.Latitude, r.Longitude = &lat, &lon
		if err := r.Resolve(&resolve.Fixed{}, ""); err != nil {
			continue // a time in a daylight-saving gap
		}
		for _, b := range []DayBoundary{ZiStart, Midnight} {
			c, err := Compute(f, r.Birth(), b)
			if err != nil {
				t.Fatal(err)
			}
			same(fmt.Sprint("cast ", i), &c)
		}
	}
	// Every string of the tables and conventions is plain.
	for g := range GanZhi(60) {
		p := PillarOf(g)
		for _, v := range []string{p.Stem, p.StemChinese, p.Branch, p.BranchChinese, p.FullName, p.FullNameChinese, p.Element,
			p.Polarity, p.BranchElement, p.Animal, p.AnimalChinese, p.Nayin, p.NayinChinese, describe(g)} {
			if !isPlain(v) {
				t.Errorf("pillar %d: %q is not plain", g, v)
			}
		}
	}
	for k := range solarterms.Term(24) {
		for _, v := range []string{k.Name(), k.Chinese(), k.English()} {
			if !isPlain(v) {
				t.Errorf("term %d: %q is not plain", k, v)
			}
		}
	}
	rng := rand.New(rand.NewPCG(60, 8))
	// The chart's strings are the program's own (plain: see AppendJSON).
	plain := []string{"", "Geng Wu", "庚午", "Earth by the Roadside", "路旁土", "UTC+08:05:43", "Asia/Shanghai", "a b; c (d)", "1990-06-15T14:30"}
	text := func() string { return plain[rng.IntN(len(plain))] }
	pillar := func() Pillar {
		p := PillarOf(GanZhi(rng.IntN(60)))
		if rng.IntN(3) == 0 {
			p.Stem, p.Nayin, p.CycleIndex = text(), text(), rng.IntN(1000)-500
		}
		return p
	}
	event := func() solarterms.Event {
		return solarterms.Event{Term: text(), Chinese: text(), English: text(), Longitude: birthtest.Number(rng), Kind: text(),
			UTC: time.Unix(rng.Int64N(1e11)-3e10, rng.Int64N(3)*rng.Int64N(1e9)).UTC(), JD: birthtest.Number(rng), Method: solarterms.Method(text())}
	}
	strs := func() []string {
		switch rng.IntN(3) {
		case 0:
			return nil
		case 1:
			return []string{}
		}
		return []string{text(), text()}
	}
	for i := range 2000 {
		c := Chart{YearPillar: pillar(), MonthPillar: pillar(), DayPillar: pillar(), HourPillar: pillar(),
			Animals:  Animals{Rat: rng.IntN(5), Pig: rng.IntN(5), Goat: rng.IntN(5)},
			Elements: Elements{Wood: rng.IntN(9), Water: rng.IntN(9)},
			Summary: Summary{DayMaster: text(), DayMasterChinese: text(), DayMasterElement: text(), DayMasterPolarity: text(), YearAnimal: text(),
				DominantElements: strs(), MissingElements: strs(), Text: text()},
			SixtyYearCycle: Cycle{Index: rng.IntN(61), Name: text(), Chinese: text(), Description: text(), Nayin: text(), NayinChinese: text(),
				CycleStartYear: rng.IntN(3000), CycleEndYear: rng.IntN(3000)},
			SolarTerms: Terms{YearStart: event(), MonthStart: event(), MonthEnd: event()},
			Birth: Moment{Local: text(), Timezone: text(), UTCOffset: text(), UTC: event().UTC, JulianDay: birthtest.Number(rng),
				Ambiguous: rng.IntN(2) == 0, Fold: rng.IntN(2)},
			Conventions: Conventions{YearStart: text(), MonthStart: text(), DayBoundary: DayBoundary(text()), DayRule: text(), Clock: text(),
				SolarTerms: solarterms.Method(text()), Elements: text(), Source: engine.Source(text())},
			Warnings: []string{"not written"},
		}
		same(fmt.Sprint("random ", i), &c)
	}
}
