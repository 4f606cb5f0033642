package bazi

import (
	"slices"

	"github.com/astroapi/astroapi/engine/jsonw"
)

// AppendJSON appends the analysis as go-json writes it (a test holds the
// two equal over analysed and random charts): the analysis route's
// result, written on every uncached call, where go-json's reflective
// encoder cost a fifth of the call. As the chart's encoder, it writes
// every string as the program's own (jsonw.Name: the tables of stems,
// branches, ten gods, relations and the conventions; a test holds every
// string an analysis can hold plain).
func (a *Analysis) AppendJSON(b []byte) []byte {
	b = appendSummary(jsonw.Key(append(b, '{'), "day_master"), &a.DayMaster)
	b = jsonw.Key(append(b, ','), "pillars")
	if a.Pillars == nil {
		b = append(b, "null"...)
	} else {
		b = append(b, '[')
		for i := range a.Pillars {
			if i > 0 {
				b = append(b, ',')
			}
			b = appendAnalyzedPillar(b, &a.Pillars[i])
		}
		b = append(b, ']')
	}

	s := &a.Strength
	o := jsonw.Object{B: append(jsonw.Key(append(b, ','), "strength"), '{')}
	name(&o, "month_branch", s.MonthBranch)
	name(&o, "season", s.Season)
	name(&o, "state", s.State)
	name(&o, "state_chinese", s.StateChinese)
	o.Bool("strong_in_season", s.StrongInSeason)
	b = appendCounts(jsonw.Key(append(o.B, '}', ','), "ten_gods"), a.TenGods)

	b = jsonw.Key(append(b, ','), "interactions")
	if a.Interactions == nil {
		b = append(b, "null"...)
	} else {
		b = append(b, '[')
		for i := range a.Interactions {
			x := &a.Interactions[i]
			if i > 0 {
				b = append(b, ',')
			}
			o := jsonw.Object{B: append(b, '{')}
			name(&o, "kind", x.Kind)
			name(&o, "chinese", x.Chinese)
			o.Key("pillars")
			o.B = appendStrings(o.B, x.Pillars)
			o.Key("names")
			o.B = appendStrings(o.B, x.Names)
			if x.Element != "" {
				name(&o, "element", x.Element)
			}
			o.BoolOmit("complete", x.Complete)
			b = append(o.B, '}')
		}
		b = append(b, ']')
	}
	b = appendMoment(jsonw.Key(append(b, ','), "birth"), &a.Birth)
	b = appendConventions(jsonw.Key(append(b, ','), "conventions"), &a.Conventions)
	return append(b, '}')
}

// appendAnalyzedPillar appends a pillar of the analysis as a JSON object.
func appendAnalyzedPillar(b []byte, p *AnalyzedPillar) []byte {
	o := jsonw.Object{B: append(b, '{')}
	name(&o, "position", p.Position)
	o.Key("pillar")
	o.B = appendPillar(o.B, &p.Pillar)
	name(&o, "ten_god", p.TenGod)
	name(&o, "ten_god_pinyin", p.TenGodPinyin)
	name(&o, "ten_god_chinese", p.TenGodChinese)
	o.Key("hidden_stems")
	if p.HiddenStems == nil {
		o.B = append(o.B, "null"...)
		return append(o.B, '}')
	}
	o.B = append(o.B, '[')
	for i := range p.HiddenStems {
		h := &p.HiddenStems[i]
		if i > 0 {
			o.B = append(o.B, ',')
		}
		x := jsonw.Object{B: append(o.B, '{')}
		name(&x, "stem", h.Stem)
		name(&x, "stem_chinese", h.StemChinese)
		name(&x, "element", h.Element)
		name(&x, "polarity", h.Polarity)
		name(&x, "qi", h.Qi)
		name(&x, "ten_god", h.TenGod)
		name(&x, "ten_god_pinyin", h.TenGodPinyin)
		name(&x, "ten_god_chinese", h.TenGodChinese)
		o.B = append(x.B, '}')
	}
	return append(o.B, ']', '}')
}

// appendCounts appends a map of counts by name as go-json writes it: keys
// sorted, null for a nil map.
func appendCounts(b []byte, m map[string]int) []byte {
	if m == nil {
		return append(b, "null"...)
	}
	var arr [16]string // the ten gods fit without an allocation
	keys := arr[:0]
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	o := jsonw.Object{B: append(b, '{')}
	for _, k := range keys {
		o.Key(k) // the program's names: written as they are
		o.B = jsonw.Int(o.B, m[k])
	}
	return append(o.B, '}')
}
