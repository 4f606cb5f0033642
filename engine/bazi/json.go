package bazi

import (
	"time"

	"github.com/astroapi/astroapi/engine/jsonw"
	"github.com/astroapi/astroapi/engine/solarterms"
)

// AppendJSON appends the chart as go-json writes it (a test holds the two
// equal over cast and random charts): the BaZi route's result, written on
// every uncached call, where go-json's reflective encoder cost a fifth of
// the call. Every string of a chart is the program's own (the tables of
// stems, branches, nayin and terms, the conventions, the zone's canonical
// name, formatted instants): they are written as they are (jsonw.Name),
// without the scan for characters to escape (a test holds every such
// string plain).
func (c *Chart) AppendJSON(b []byte) []byte {
	b = appendPillar(jsonw.Key(append(b, '{'), "year_pillar"), &c.YearPillar)
	b = appendPillar(jsonw.Key(append(b, ','), "month_pillar"), &c.MonthPillar)
	b = appendPillar(jsonw.Key(append(b, ','), "day_pillar"), &c.DayPillar)
	b = appendPillar(jsonw.Key(append(b, ','), "hour_pillar"), &c.HourPillar)

	a := &c.Animals
	o := jsonw.Object{B: jsonw.Key(append(b, ','), "animals")}
	o.B = append(o.B, '{')
	for i, n := range [12]int{a.Rat, a.Ox, a.Tiger, a.Rabbit, a.Dragon, a.Snake, a.Horse, a.Goat, a.Monkey, a.Rooster, a.Dog, a.Pig} {
		o.Int(animalKeys[i], n)
	}
	o = jsonw.Object{B: jsonw.Key(append(o.B, '}', ','), "elements")}
	o.B = append(o.B, '{')
	for i, n := range c.Elements.Counts() {
		o.Int(elementKeys[i], n)
	}

	s := &c.Summary
	o = jsonw.Object{B: jsonw.Key(append(o.B, '}', ','), "summary")}
	o.B = append(o.B, '{')
	name(&o, "day_master", s.DayMaster)
	name(&o, "day_master_chinese", s.DayMasterChinese)
	name(&o, "day_master_element", s.DayMasterElement)
	name(&o, "day_master_polarity", s.DayMasterPolarity)
	name(&o, "year_animal", s.YearAnimal)
	o.Key("dominant_elements")
	o.B = appendStrings(o.B, s.DominantElements)
	o.Key("missing_elements")
	o.B = appendStrings(o.B, s.MissingElements)
	name(&o, "text", s.Text)

	y := &c.SixtyYearCycle
	o = jsonw.Object{B: jsonw.Key(append(o.B, '}', ','), "sixty_year_cycle")}
	o.B = append(o.B, '{')
	o.Int("index", y.Index)
	name(&o, "name", y.Name)
	name(&o, "chinese", y.Chinese)
	name(&o, "description", y.Description)
	name(&o, "nayin", y.Nayin)
	name(&o, "nayin_chinese", y.NayinChinese)
	o.Int("cycle_start_year", y.CycleStartYear)
	o.Int("cycle_end_year", y.CycleEndYear)

	b = append(jsonw.Key(append(o.B, '}', ','), "solar_terms"), '{')
	b = appendEvent(jsonw.Key(b, "year_start"), &c.SolarTerms.YearStart)
	b = appendEvent(jsonw.Key(append(b, ','), "month_start"), &c.SolarTerms.MonthStart)
	b = appendEvent(jsonw.Key(append(b, ','), "month_end"), &c.SolarTerms.MonthEnd)

	m := &c.Birth
	o = jsonw.Object{B: jsonw.Key(append(b, '}', ','), "birth")}
	o.B = append(o.B, '{')
	name(&o, "local", m.Local)
	name(&o, "timezone", m.Timezone)
	name(&o, "utc_offset", m.UTCOffset)
	o.Key("utc")
	o.B = appendTime(o.B, m.UTC)
	o.Number("julian_day", m.JulianDay)
	o.BoolOmit("ambiguous", m.Ambiguous)
	if m.Fold != 0 {
		o.Int("fold", m.Fold)
	}

	v := &c.Conventions
	o = jsonw.Object{B: jsonw.Key(append(o.B, '}', ','), "conventions")}
	o.B = append(o.B, '{')
	name(&o, "year_start", v.YearStart)
	name(&o, "month_start", v.MonthStart)
	name(&o, "day_boundary", string(v.DayBoundary))
	name(&o, "day_rule", v.DayRule)
	name(&o, "clock", v.Clock)
	name(&o, "solar_terms", string(v.SolarTerms))
	name(&o, "elements", v.Elements)
	if v.Source != "" {
		name(&o, "ephemeris", string(v.Source))
	}
	return append(o.B, '}', '}')
}

// The keys of the animal and element counts, in their fields' order.
var (
	animalKeys  = [12]string{"rat", "ox", "tiger", "rabbit", "dragon", "snake", "horse", "goat", "monkey", "rooster", "dog", "pig"}
	elementKeys = [5]string{"wood", "fire", "earth", "metal", "water"}
)

// pillarJSON holds the JSON of the 60 pillars, written once: a chart's
// pillars are the table's (PillarOf), so each is a copy.
var pillarJSON = func() (out [60][]byte) {
	for i := range out {
		out[i] = writePillar(nil, &pillars[i])
	}
	return out
}()

// appendPillar appends a pillar as a JSON object: the table's JSON for a
// pillar of the table.
func appendPillar(b []byte, p *Pillar) []byte {
	if i := p.CycleIndex - 1; i >= 0 && i < 60 && *p == pillars[i] {
		return append(b, pillarJSON[i]...)
	}
	return writePillar(b, p)
}

// writePillar writes a pillar as a JSON object.
func writePillar(b []byte, p *Pillar) []byte {
	o := jsonw.Object{B: append(b, '{')}
	name(&o, "stem", p.Stem)
	name(&o, "stem_chinese", p.StemChinese)
	name(&o, "branch", p.Branch)
	name(&o, "branch_chinese", p.BranchChinese)
	name(&o, "full_name", p.FullName)
	name(&o, "full_name_chinese", p.FullNameChinese)
	name(&o, "element", p.Element)
	name(&o, "polarity", p.Polarity)
	name(&o, "branch_element", p.BranchElement)
	name(&o, "animal", p.Animal)
	name(&o, "animal_chinese", p.AnimalChinese)
	o.Int("cycle_index", p.CycleIndex)
	name(&o, "nayin", p.Nayin)
	name(&o, "nayin_chinese", p.NayinChinese)
	return append(o.B, '}')
}

// appendEvent appends a solar term as a JSON object.
func appendEvent(b []byte, e *solarterms.Event) []byte {
	o := jsonw.Object{B: append(b, '{')}
	name(&o, "term", e.Term)
	name(&o, "chinese", e.Chinese)
	name(&o, "english", e.English)
	o.Number("longitude", e.Longitude)
	name(&o, "kind", e.Kind)
	o.Key("utc")
	o.B = appendTime(o.B, e.UTC)
	o.Number("julian_day", e.JD)
	name(&o, "method", string(e.Method))
	return append(o.B, '}')
}

// name appends a member whose string is the program's own (printable,
// without quotes, backslashes, U+2028 or U+2029).
func name(o *jsonw.Object, k, v string) {
	o.Key(k)
	o.B = jsonw.Name(o.B, v)
}

// appendStrings appends a list of the program's strings (null for nil, as
// go-json).
func appendStrings(b []byte, ss []string) []byte {
	if ss == nil {
		return append(b, "null"...)
	}
	b = append(b, '[')
	for i, s := range ss {
		if i > 0 {
			b = append(b, ',')
		}
		b = jsonw.Name(b, s)
	}
	return append(b, ']')
}

// appendTime appends an instant as time.Time's MarshalJSON writes it (RFC
// 3339 with the fraction of a second when there is one, in the instant's
// own location; the BaZi years, 1583-2999, are within its range).
func appendTime(b []byte, t time.Time) []byte {
	b = append(b, '"')
	b = t.AppendFormat(b, time.RFC3339Nano)
	return append(b, '"')
}
