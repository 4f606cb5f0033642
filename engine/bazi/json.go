package bazi

import (
	"time"
	"unsafe"

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

	b = appendSummary(jsonw.Key(append(o.B, '}', ','), "summary"), &c.Summary)

	y := &c.SixtyYearCycle
	o = jsonw.Object{B: jsonw.Key(append(b, ','), "sixty_year_cycle")}
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

	b = appendMoment(jsonw.Key(append(b, '}', ','), "birth"), &c.Birth)
	b = appendConventions(jsonw.Key(append(b, ','), "conventions"), &c.Conventions)
	return append(b, '}')
}

// appendSummary appends the summary of a chart as a JSON object.
func appendSummary(b []byte, s *Summary) []byte {
	o := jsonw.Object{B: append(b, '{')}
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
	return append(o.B, '}')
}

// appendMoment appends the birth instant as interpreted.
func appendMoment(b []byte, m *Moment) []byte {
	o := jsonw.Object{B: append(b, '{')}
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
	name(&o, "clock", string(m.Clock))
	name(&o, "pillar_time", m.PillarTime)
	name(&o, "pillar_utc_offset", m.PillarOffset)
	if m.EquationOfTime != 0 {
		o.Number("equation_of_time", m.EquationOfTime)
	}
	return append(o.B, '}')
}

// appendConventions appends the conventions of a chart.
func appendConventions(b []byte, v *Conventions) []byte {
	o := jsonw.Object{B: append(b, '{')}
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
	return append(o.B, '}')
}

// AppendJSON appends the luck pillars as go-json writes them (a test holds
// the two equal): some twenty pillars, each the table's JSON.
func (l *Luck) AppendJSON(b []byte) []byte {
	b = appendPillar(jsonw.Key(append(b, '{'), "year_pillar"), &l.YearPillar)
	b = appendPillar(jsonw.Key(append(b, ','), "month_pillar"), &l.MonthPillar)
	b = appendPillar(jsonw.Key(append(b, ','), "day_pillar"), &l.DayPillar)
	b = appendPillar(jsonw.Key(append(b, ','), "hour_pillar"), &l.HourPillar)
	b = jsonw.Name(jsonw.Key(append(b, ','), "direction"), l.Direction)
	b = jsonw.Name(jsonw.Key(append(b, ','), "rule"), l.Rule)

	st := &l.Start
	b = appendEvent(jsonw.Key(append(jsonw.Key(append(b, ','), "start"), '{'), "jie"), &st.Jie)
	o := jsonw.Object{B: b, More: true}
	o.Number("distance_days", st.DistanceDays)
	o.Int("years", st.Years)
	o.Int("months", st.Months)
	o.Int("days", st.Days)
	o.Int("hours", st.Hours)
	o.Number("age_years", st.AgeYears)
	name(&o, "date", st.Date)
	o.Int("year", st.Year)
	o.Int("nominal_age", st.NominalAge)
	b = append(o.B, '}')

	// The lists' members are written with their keys, commas and colons
	// as one literal each: some thirty objects a call.
	b = jsonw.Key(append(b, ','), "pillars")
	if l.Pillars == nil {
		b = append(b, "null"...)
	} else {
		b = append(b, '[')
		for i := range l.Pillars {
			p := &l.Pillars[i]
			if i > 0 {
				b = append(b, ',')
			}
			b = jsonw.Int(append(b, `{"index":`...), p.Index)
			b = appendPillar(append(b, `,"pillar":`...), &p.Pillar)
			b = jsonw.Int(append(b, `,"start_year":`...), p.StartYear)
			b = jsonw.Int(append(b, `,"end_year":`...), p.EndYear)
			b = jsonw.Int(append(b, `,"start_age":`...), p.StartAge)
			b = jsonw.Int(append(b, `,"end_age":`...), p.EndAge)
			b = append(b, '}')
		}
		b = append(b, ']')
	}
	b = jsonw.Key(append(b, ','), "annual")
	if l.Annual == nil {
		b = append(b, "null"...)
	} else {
		b = append(b, '[')
		for i := range l.Annual {
			a := &l.Annual[i]
			if i > 0 {
				b = append(b, ',')
			}
			b = jsonw.Int(append(b, `{"year":`...), a.Year)
			b = jsonw.Int(append(b, `,"nominal_age":`...), a.NominalAge)
			b = appendPillar(append(b, `,"pillar":`...), &a.Pillar)
			b = jsonw.Int(append(b, `,"luck_index":`...), a.LuckIndex)
			b = append(b, '}')
		}
		b = append(b, ']')
	}
	b = jsonw.Key(append(b, ','), "small_luck")
	if l.SmallLuck == nil {
		b = append(b, "null"...)
	} else {
		b = append(b, '[')
		for i := range l.SmallLuck {
			x := &l.SmallLuck[i]
			if i > 0 {
				b = append(b, ',')
			}
			b = jsonw.Int(append(b, `{"year":`...), x.Year)
			b = jsonw.Int(append(b, `,"nominal_age":`...), x.NominalAge)
			b = appendPillar(append(b, `,"pillar":`...), &x.Pillar)
			b = append(b, '}')
		}
		b = append(b, ']')
	}
	if len(l.Months) > 0 {
		b = append(jsonw.Key(append(b, ','), "months"), '[')
		for i := range l.Months {
			x := &l.Months[i]
			if i > 0 {
				b = append(b, ',')
			}
			o := jsonw.Object{B: append(b, '{')}
			o.Int("month", x.Month)
			o.Key("pillar")
			o.B = appendPillar(o.B, &x.Pillar)
			o.Key("starts")
			o.B = appendEvent(o.B, &x.Starts)
			b = append(o.B, '}')
		}
		b = append(b, ']')
	}
	b = appendMoment(jsonw.Key(append(b, ','), "birth"), &l.Birth)
	b = appendConventions(jsonw.Key(append(b, ','), "conventions"), &l.Conventions)
	return append(b, '}')
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
// copy of a pillar of the table.
func appendPillar(b []byte, p *Pillar) []byte {
	if i := p.CycleIndex - 1; i >= 0 && i < 60 && tableCopy(p, &pillars[i]) {
		return append(b, pillarJSON[i]...)
	}
	return writePillar(b, p)
}

// tableCopy reports whether p is a copy of the table's pillar q, bit for
// bit: the same string headers (length and address) in every field, so
// the same strings, found by one comparison of the two structs' memory
// (Pillar is strings and an int, without padding). The generated ==
// called memequal on each of the thirteen strings, a seventh of the luck
// route's encoding. A pillar equal to the table's at other addresses is
// written field by field, to the same JSON.
func tableCopy(p, q *Pillar) bool {
	const size = unsafe.Sizeof(Pillar{})
	return unsafe.String((*byte)(unsafe.Pointer(p)), size) == unsafe.String((*byte)(unsafe.Pointer(q)), size)
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
