package bazi

import (
	"fmt"
	"math/rand/v2"
	"reflect"
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
		r := &Request{Person: Person{Year: birthtest.Int(rng), Packet: birthtest.Packet(rng), Gender: birthtest.Text(rng), Clock: Clock(birthtest.Text(rng))},
			DayBoundary: DayBoundary(birthtest.Text(rng))}
		want, err := json.MarshalWithOption(r, json.DisableHTMLEscape())
		if err != nil {
			t.Fatal(err)
		}
		if got := r.AppendJSON([]byte("x")); string(got) != "x"+string(want) {
			t.Fatalf("echo %d:\n got %s\nwant %s", i, got[1:], want)
		}
	}
	for i := range 3000 {
		var from, months *int
		if i%3 == 0 {
			from, months = birthtest.Int(rng), birthtest.Int(rng)
		}
		r := &LuckRequest{Person: Person{Year: birthtest.Int(rng), Packet: birthtest.Packet(rng), Gender: birthtest.Text(rng), Clock: Clock(birthtest.Text(rng))},
			Gender: birthtest.Text(rng), Sex: Sex(birthtest.Text(rng)), DayBoundary: DayBoundary(birthtest.Text(rng)), Pillars: rng.IntN(3) * rng.IntN(13),
			AnnualFrom: from, AnnualYears: rng.IntN(2) * rng.IntN(121), MonthsOf: months}
		want, err := json.MarshalWithOption(r, json.DisableHTMLEscape())
		if err != nil {
			t.Fatal(err)
		}
		if got := r.AppendJSON([]byte("x")); string(got) != "x"+string(want) {
			t.Fatalf("luck echo %d:\n got %s\nwant %s", i, got[1:], want)
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
		for k, b := range []DayBoundary{ZiStart, Midnight} {
			bt := r.Birth()
			bt.Clock = Clock(Clock("").EnumValues()[(i+k)%4])
			c, err := Compute(f, bt, b)
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
				Ambiguous: rng.IntN(2) == 0, Fold: rng.IntN(2), Clock: Clock(text()), PillarTime: text(), PillarOffset: text(),
				EquationOfTime: birthtest.Number(rng) * float64(rng.IntN(2))},
			Conventions: Conventions{YearStart: text(), MonthStart: text(), DayBoundary: DayBoundary(text()), DayRule: text(), Clock: text(),
				SolarTerms: solarterms.Method(text()), Elements: text(), Source: engine.Source(text())},
			Warnings: []string{"not written"},
		}
		same(fmt.Sprint("random ", i), &c)
	}
}

// TestLuckJSON: the hand-written luck encoder is byte for byte what
// go-json writes, for cast results (200 births of 1583-2999, both sexes,
// every clock, 1-12 pillars, up to 120 annual pillars) and for random ones
// (nil and empty lists, numbers of every magnitude).
func TestLuckJSON(t *testing.T) {
	table, _ := finders(t)
	same := func(what string, l *Luck) {
		t.Helper()
		want, err := json.MarshalWithOption(l, json.DisableHTMLEscape())
		if err != nil {
			t.Fatal(err)
		}
		if got := l.AppendJSON([]byte("x")); string(got) != "x"+string(want) {
			t.Fatalf("%s:\n got %s\nwant %s", what, got[1:], want)
		}
	}
	rng := rand.New(rand.NewPCG(26, 2026))
	clocks := Clock("").EnumValues()
	for i := range 200 {
		y, mo, d, h, mi := 1584+rng.IntN(1415), 1+rng.IntN(12), 1+rng.IntN(28), rng.IntN(24), rng.IntN(60)
		lat, lon := 31.2, 121.5
		from := 1583 + rng.IntN(1417)
		r := &LuckRequest{Person: Person{Year: &y, Clock: Clock(clocks[i%4])}, Sex: Sex(Sex("").EnumValues()[i%2]),
			Pillars: 1 + rng.IntN(12), AnnualFrom: &from, AnnualYears: 1 + rng.IntN(120)}
		if i%2 == 0 {
			mo := min(from, 2998)
			r.MonthsOf = &mo
		}
		r.Month, r.Day, r.Hour, r.Minute, r.Timezone, r.Latitude, r.Longitude = &mo, &d, &h, &mi, "Asia/Shanghai", &lat, &lon
		if err := r.Resolve(&resolve.Fixed{}, ""); err != nil {
			continue // a time in a daylight-saving gap
		}
		l, err := CastLuck(table, r)
		if err != nil {
			t.Fatal(err)
		}
		same(fmt.Sprint("cast ", i), l)
	}
	plain := []string{"", "forward", "Yang year stem (Geng) and male: forward", "2014-03-18T09:37", "庚午"}
	text := func() string { return plain[rng.IntN(len(plain))] }
	pillar := func() Pillar {
		p := PillarOf(GanZhi(rng.IntN(60)))
		if rng.IntN(3) == 0 {
			p.Stem, p.CycleIndex = text(), rng.IntN(1000)-500
		}
		return p
	}
	for i := range 1000 {
		l := Luck{YearPillar: pillar(), MonthPillar: pillar(), DayPillar: pillar(), HourPillar: pillar(), Direction: text(), Rule: text(),
			Start: LuckStart{Jie: solarterms.Event{Term: text(), UTC: time.Unix(rng.Int64N(1e11)-3e10, 0).UTC(), JD: birthtest.Number(rng)},
				DistanceDays: birthtest.Number(rng), Years: rng.IntN(20), Months: rng.IntN(12), Days: rng.IntN(30), Hours: rng.IntN(24),
				AgeYears: birthtest.Number(rng), Date: text(), Year: rng.IntN(3000), NominalAge: rng.IntN(30) - 5},
			Birth:       Moment{Local: text(), UTC: time.Unix(rng.Int64N(1e11)-3e10, 0).UTC(), JulianDay: birthtest.Number(rng), Clock: Clock(text()), EquationOfTime: birthtest.Number(rng)},
			Conventions: Conventions{YearStart: text(), Source: engine.Source(text())},
		}
		if n := rng.IntN(4); n > 0 {
			l.Pillars = make([]LuckPillar, n-1)
			for k := range l.Pillars {
				l.Pillars[k] = LuckPillar{Index: k + 1, Pillar: pillar(), StartYear: rng.IntN(3000), EndYear: rng.IntN(3000), StartAge: rng.IntN(100) - 5, EndAge: rng.IntN(100)}
			}
		}
		if n := rng.IntN(4); n > 0 {
			l.Annual = make([]AnnualPillar, n-1)
			for k := range l.Annual {
				l.Annual[k] = AnnualPillar{Year: rng.IntN(3000), NominalAge: rng.IntN(100) - 50, Pillar: pillar(), LuckIndex: rng.IntN(13)}
			}
		}
		if n := rng.IntN(4); n > 0 {
			l.SmallLuck = make([]SmallLuck, n-1)
			for k := range l.SmallLuck {
				l.SmallLuck[k] = SmallLuck{Year: rng.IntN(3000), NominalAge: rng.IntN(12), Pillar: pillar()}
			}
		}
		if n := rng.IntN(4); n > 0 {
			l.Months = make([]MonthlyPillar, n-1)
			for k := range l.Months {
				l.Months[k] = MonthlyPillar{Month: k + 1, Pillar: pillar(), Starts: solarterms.Event{Term: text(), JD: birthtest.Number(rng)}}
			}
		}
		same(fmt.Sprint("random ", i), &l)
	}
}

// TestAnalysisJSON: the hand-written analysis encoder is byte for byte
// what go-json writes, for analysed charts (600 births of 1584-2998 in
// Shanghai, both day boundaries, table and roots: every pillar, so every
// relation kind the sample holds) and for random analyses (nil and empty
// lists and maps, optional members absent and present); and every string
// an analysis can hold is plain, as the encoder assumes.
func TestAnalysisJSON(t *testing.T) {
	table, root := finders(t)
	isPlain := func(v string) bool { return string(jsonw.String(nil, v)) == string(jsonw.Name(nil, v)) }
	same := func(what string, a *Analysis) {
		t.Helper()
		want, err := json.MarshalWithOption(a, json.DisableHTMLEscape())
		if err != nil {
			t.Fatal(err)
		}
		if got := a.AppendJSON([]byte("x")); string(got) != "x"+string(want) {
			t.Fatalf("%s:\n got %s\nwant %s", what, got[1:], want)
		}
	}
	kinds := map[string]bool{}
	crng := rand.New(rand.NewPCG(2026, 26))
	for i := range 600 {
		f := table
		if i%20 == 0 {
			f = root
		}
		r := shanghai(1584+crng.IntN(1415), 1+crng.IntN(12), 1+crng.IntN(28), crng.IntN(24), crng.IntN(60))
		r.DayBoundary = DayBoundary(DayBoundary("").EnumValues()[i%2])
		if err := r.Resolve(&resolve.Fixed{}, ""); err != nil {
			continue // a time in a daylight-saving gap
		}
		a, err := Analyze(f, r)
		if err != nil {
			t.Fatal(err)
		}
		same(fmt.Sprint("cast ", i), a)
		for _, x := range a.Interactions {
			kinds[x.Kind] = true
			for _, v := range append([]string{x.Kind, x.Chinese, x.Element}, x.Names...) {
				if !isPlain(v) {
					t.Errorf("interaction %q is not plain", v)
				}
			}
		}
	}
	if len(kinds) < 10 {
		t.Errorf("the sample holds %d relation kinds of 11: %v", len(kinds), kinds)
	}
	for g := range TenGod(10) {
		for _, v := range []string{g.English(), g.Pinyin(), g.Chinese()} {
			if !isPlain(v) {
				t.Errorf("ten god %q is not plain", v)
			}
		}
	}
	for s := range State(5) {
		if !isPlain(s.String()) || !isPlain(s.Chinese()) {
			t.Errorf("state %q %q is not plain", s, s.Chinese())
		}
	}
	rng := rand.New(rand.NewPCG(10, 5))
	plain := []string{"", "Geng", "庚", "Eating God", "Shi Shen", "食神", "Day Master", "main", "six_combination", "六合"}
	text := func() string { return plain[rng.IntN(len(plain))] }
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
		a := Analysis{DayMaster: Summary{DayMaster: text(), DominantElements: strs(), MissingElements: strs(), Text: text()},
			Strength:    Strength{MonthBranch: text(), Season: text(), State: text(), StateChinese: text(), StrongInSeason: rng.IntN(2) == 0},
			Birth:       Moment{Local: text(), UTC: time.Unix(rng.Int64N(1e11)-3e10, 0).UTC(), JulianDay: birthtest.Number(rng), Fold: rng.IntN(2), EquationOfTime: birthtest.Number(rng) * float64(rng.IntN(2))},
			Conventions: Conventions{YearStart: text(), Source: engine.Source(text())},
			Warnings:    []string{"not written"},
		}
		if n := rng.IntN(4); n > 0 {
			a.Pillars = make([]AnalyzedPillar, n-1)
			for k := range a.Pillars {
				p := AnalyzedPillar{Position: text(), Pillar: PillarOf(GanZhi(rng.IntN(60))), TenGod: text(), TenGodPinyin: text(), TenGodChinese: text()}
				if rng.IntN(3) == 0 {
					p.Pillar.Stem, p.Pillar.CycleIndex = text(), rng.IntN(100)-50
				}
				if n := rng.IntN(5); n > 0 {
					p.HiddenStems = make([]HiddenStem, n-1)
					for j := range p.HiddenStems {
						p.HiddenStems[j] = HiddenStem{Stem: text(), StemChinese: text(), Element: text(), Polarity: text(), Qi: text(), TenGod: text(), TenGodPinyin: text(), TenGodChinese: text()}
					}
				}
				a.Pillars[k] = p
			}
		}
		if n := rng.IntN(5); n > 0 {
			a.TenGods = map[string]int{}
			for range n - 1 {
				a.TenGods[text()] = rng.IntN(9)
			}
		}
		if n := rng.IntN(4); n > 0 {
			a.Interactions = make([]Interaction, n-1)
			for k := range a.Interactions {
				a.Interactions[k] = Interaction{Kind: text(), Chinese: text(), Pillars: strs(), Names: strs(), Element: text(), Complete: rng.IntN(2) == 0}
			}
		}
		same(fmt.Sprint("random ", i), &a)
	}
}

// TestTableCopy: the encoder's shortcut takes a copy of a table pillar as
// the table's, and any pillar that differs in a field (each field changed
// in turn, by reflection, so that a field added to Pillar is covered or
// fails here) or holds equal strings at other addresses as not (those are
// written field by field: TestChartJSON holds that JSON equal); Pillar has
// no padding, which the memory comparison assumes.
func TestTableCopy(t *testing.T) {
	var sum uintptr
	pt := reflect.TypeFor[Pillar]()
	for k := range pt.NumField() {
		sum += pt.Field(k).Type.Size()
	}
	if sum != pt.Size() {
		t.Fatalf("Pillar has %d bytes of padding", pt.Size()-sum)
	}
	for g := range GanZhi(60) {
		p := PillarOf(g)
		if !tableCopy(&p, &pillars[g]) {
			t.Fatalf("pillar %d: a copy is not the table's", g)
		}
		if got, want := appendPillar(nil, &p), writePillar(nil, &pillars[g]); string(got) != string(want) {
			t.Fatalf("pillar %d: %s, want %s", g, got, want)
		}
		q := p
		q.Nayin = string([]byte(p.Nayin)) // equal, at another address
		if tableCopy(&q, &pillars[g]) {
			t.Fatalf("pillar %d: a string at another address taken for the table's", g)
		}
		v := reflect.ValueOf(&q).Elem()
		for k := range v.NumField() {
			q = p
			f := v.Field(k)
			switch f.Kind() {
			case reflect.String:
				f.SetString(f.String() + "x")
			case reflect.Int:
				f.SetInt(f.Int() + 1)
			default:
				t.Fatalf("field %s of kind %s: the comparison must cover it", v.Type().Field(k).Name, f.Kind())
			}
			if tableCopy(&q, &pillars[g]) {
				t.Fatalf("pillar %d: %s changed, still the table's", g, v.Type().Field(k).Name)
			}
		}
	}
}
