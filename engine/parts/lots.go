package parts

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/astroapi/astroapi/engine"
	"github.com/astroapi/astroapi/engine/houses"
)

// Lot is a lot of the catalog: its formula by day, and by night when the
// tradition casts it differently, with the source of the formula.
type Lot struct {
	Key  string // wire name, e.g. "fortune"
	Name string // display name, e.g. "Lot of Fortune"
	// Formula is the day formula; ReverseByNight swaps its added and
	// subtracted points in night charts.
	Formula Formula
	// Night, when set, replaces Formula in night charts (the Lot of
	// Exaltation counts from the Moon by night, not the Sun).
	Night *Formula
	// Shorter marks the Lot of Basis: the shorter arc between Add and Sub,
	// in whichever direction, counted forward from Base.
	Shorter bool
	Source  string // where the formula comes from
}

// Reverses reports whether the lot is cast differently by night.
func (l *Lot) Reverses() bool { return l.Formula.ReverseByNight || l.Night != nil }

// For returns the formula of the lot in a chart of the given sect, with
// Add and Sub already swapped where the lot reverses by night.
func (l *Lot) For(day bool) Formula {
	f := l.Formula
	if !day && l.Night != nil {
		f = *l.Night
	}
	if !day && f.ReverseByNight {
		f.Add, f.Sub = f.Sub, f.Add
	}
	f.ReverseByNight = false
	return f
}

// Text writes the lot's formula in a chart of the given sect.
func (l *Lot) Text(day bool) string {
	f := l.For(day)
	if l.Shorter {
		return f.Base + " + shorter arc between " + f.Sub + " and " + f.Add
	}
	return f.Text(true)
}

// Sources of the catalog's formulas.
const (
	srcPaulus  = "Paulus Alexandrinus, Introduction, ch. 23 (the seven Hermetic lots); Vettius Valens, Anthology II"
	srcValens  = "Vettius Valens, Anthology II (the Lot of Basis); as set out in C. Brennan, Hellenistic Astrology (2017), ch. 16"
	srcBiruni  = "al-Biruni, The Book of Instruction in the Elements of the Art of Astrology (1029; R. R. Wright trans., 1934), §476; Guido Bonatti, Liber Astronomiae, Treatise 8"
	srcFortune = "Vettius Valens, Anthology II.3; Paulus Alexandrinus, Introduction, ch. 23"
)

// Catalog lists the lots the API offers, the seven Hermetic lots first.
//
// Each formula reads "from C to B, projected from A": the lot lies as far
// past A as B lies past C in the order of the signs, A + B - C. By night
// the lots marked so count the other way, A + C - B.
//
// The seven Hermetic lots follow Paulus Alexandrinus (Introduction, ch.
// 23), who attributes them to the Hermetic Panaretus: Fortune (Moon from
// the Sun) and Spirit (the Sun from the Moon), then Eros (Venus from
// Spirit), Necessity (Fortune from Mercury), Courage (Fortune from Mars),
// Victory (Jupiter from Spirit) and Nemesis (Fortune from Saturn), all
// reversed by night. The Lot of Basis is Valens'. The others are the lots
// of the Arabic-era lists of al-Biruni (Book of Instruction, §476) and
// Bonatti (Liber Astronomiae, Tr. 8): Exaltation, the marriage of men
// and of women, Father, Mother, Children, Brothers, Sickness and Death.
var Catalog = []Lot{
	{Key: "fortune", Name: "Lot of Fortune", Formula: Fortune, Source: srcFortune},
	{Key: "spirit", Name: "Lot of Spirit", Formula: Spirit, Source: srcFortune},
	{Key: "eros", Name: "Lot of Eros", Formula: Formula{Base: Ascendant, Add: "Venus", Sub: LotOfSpirit, ReverseByNight: true}, Source: srcPaulus},
	{Key: "necessity", Name: "Lot of Necessity", Formula: Formula{Base: Ascendant, Add: LotOfFortune, Sub: "Mercury", ReverseByNight: true}, Source: srcPaulus},
	{Key: "courage", Name: "Lot of Courage", Formula: Formula{Base: Ascendant, Add: LotOfFortune, Sub: "Mars", ReverseByNight: true}, Source: srcPaulus},
	{Key: "victory", Name: "Lot of Victory", Formula: Formula{Base: Ascendant, Add: "Jupiter", Sub: LotOfSpirit, ReverseByNight: true}, Source: srcPaulus},
	{Key: "nemesis", Name: "Lot of Nemesis", Formula: Formula{Base: Ascendant, Add: LotOfFortune, Sub: "Saturn", ReverseByNight: true}, Source: srcPaulus},
	{Key: "basis", Name: "Lot of Basis", Formula: Formula{Base: Ascendant, Add: LotOfSpirit, Sub: LotOfFortune}, Shorter: true, Source: srcValens},
	{Key: "exaltation", Name: "Lot of Exaltation", Formula: Formula{Base: Ascendant, Add: "19 Aries", Sub: "Sun"},
		Night: &Formula{Base: Ascendant, Add: "3 Taurus", Sub: "Moon"}, Source: srcBiruni},
	{Key: "marriage_men", Name: "Lot of Marriage (of men)", Formula: Formula{Base: Ascendant, Add: "Venus", Sub: "Saturn"}, Source: srcBiruni},
	{Key: "marriage_women", Name: "Lot of Marriage (of women)", Formula: Formula{Base: Ascendant, Add: "Saturn", Sub: "Venus"}, Source: srcBiruni},
	{Key: "father", Name: "Lot of the Father", Formula: Formula{Base: Ascendant, Add: "Saturn", Sub: "Sun", ReverseByNight: true}, Source: srcBiruni},
	{Key: "mother", Name: "Lot of the Mother", Formula: Formula{Base: Ascendant, Add: "Moon", Sub: "Venus", ReverseByNight: true}, Source: srcBiruni},
	{Key: "children", Name: "Lot of Children", Formula: Formula{Base: Ascendant, Add: "Saturn", Sub: "Jupiter", ReverseByNight: true}, Source: srcBiruni},
	{Key: "brothers", Name: "Lot of Brothers", Formula: Formula{Base: Ascendant, Add: "Jupiter", Sub: "Saturn"}, Source: srcBiruni},
	{Key: "sickness", Name: "Lot of Sickness", Formula: Formula{Base: Ascendant, Add: "Mars", Sub: "Saturn", ReverseByNight: true}, Source: srcBiruni},
	{Key: "death", Name: "Lot of Death", Formula: Formula{Base: "Saturn", Add: "Cusp 8", Sub: "Moon"}, Source: srcBiruni},
}

// Point names the catalog's formulas use beyond the bodies.
const (
	Ascendant    = "Ascendant"
	LotOfFortune = "Lot of Fortune"
	LotOfSpirit  = "Lot of Spirit"
)

// Find returns the catalog lot with key (nil when there is none).
func Find(key string) *Lot {
	for i := range Catalog {
		if Catalog[i].Key == key {
			return &Catalog[i]
		}
	}
	return nil
}

// Keys lists the catalog's keys in order.
func Keys() []string {
	out := make([]string, len(Catalog))
	for i, l := range Catalog {
		out[i] = l.Key
	}
	return out
}

// Points are the longitudes (degrees) of a chart's named points, what
// lots are cast from. Names are matched without regard to case or spacing,
// with the aliases of Canonical.
type Points struct {
	lon map[string]float64
	Day bool // the chart's sect (IsDay)
}

// NewPoints returns an empty set of points for a chart of the given sect.
func NewPoints(day bool) *Points { return &Points{lon: map[string]float64{}, Day: day} }

// Set records the longitude of the point called name.
func (p *Points) Set(name string, lon float64) { p.lon[key(name)] = engine.Normalize(lon) }

// Lookup returns the longitude of the point ref: a name set with Set (or
// an alias of one), a degree of a sign ("19 Aries", "3.5 Taurus") or an
// absolute longitude ("123.5").
func (p *Points) Lookup(ref string) (float64, bool) {
	if v, ok := p.lon[key(ref)]; ok { // the catalog's formulas name points as Set them
		return v, true
	}
	c, ok := Canonical(ref)
	if !ok {
		return 0, false
	}
	if v, ok := fixed(c); ok {
		return v, true
	}
	v, ok := p.lon[key(c)]
	return v, ok
}

// Cast casts formula f (as used: already for the chart's sect) over p.
func (p *Points) Cast(f Formula, shorter bool) (float64, error) {
	var v [3]float64
	for i, ref := range [3]string{f.Base, f.Add, f.Sub} {
		x, ok := p.Lookup(ref)
		if !ok {
			return 0, fmt.Errorf("the chart has no point %q", ref)
		}
		v[i] = x
	}
	if shorter {
		d := engine.Normalize(v[1] - v[2])
		return engine.Normalize(v[0] + math.Min(d, 360-d)), nil
	}
	return engine.Normalize(v[0] + v[1] - v[2]), nil
}

// CastLot casts a catalog lot over p, returning the longitude and the
// formula used.
func (p *Points) CastLot(l *Lot) (float64, Formula, error) {
	f := l.For(p.Day)
	lon, err := p.Cast(f, l.Shorter)
	return lon, f, err
}

// key folds a canonical name to the map key.
func key(name string) string { return strings.ToLower(name) }

// The names Canonical knows besides the lots and the degree forms.
var pointNames = []string{
	"Ascendant", "Descendant", "Midheaven", "Imum Coeli", "Vertex",
	"Sun", "Moon", "Mercury", "Venus", "Mars", "Jupiter", "Saturn", "Uranus", "Neptune", "Pluto",
	"North Node", "South Node", "Lilith", "Chiron", "Ceres", "Pallas", "Juno", "Vesta",
}

var aliases = map[string]string{
	"asc": "Ascendant", "ac": "Ascendant", "dsc": "Descendant", "desc": "Descendant", "dc": "Descendant",
	"mc": "Midheaven", "medium coeli": "Midheaven", "ic": "Imum Coeli",
	"node": "North Node", "true node": "North Node", "mean node": "North Node",
	"fortune": LotOfFortune, "part of fortune": LotOfFortune, "spirit": LotOfSpirit, "part of spirit": LotOfSpirit,
}

// PointNames lists the point names a formula may use, for documentation:
// the angles and bodies, "Cusp 1" to "Cusp 12", the catalog's lots by name
// or key, a degree of a sign and an absolute longitude.
func PointNames() []string {
	out := slices.Clone(pointNames)
	out = append(out, "Cusp 1 .. Cusp 12", "Lot of Fortune (fortune)", "Lot of Spirit (spirit)",
		"the other catalog lots by name or key (\"Lot of Eros\", \"eros\")", "a degree of a sign (\"19 Aries\")", "an absolute longitude (\"123.5\")")
	return out
}

// Canonical returns the display name of point reference ref (ok false when
// it names no point): names are matched without regard to case or extra
// spaces; "Asc", "MC", "IC", "Dsc", "Node", "Fortune" and "Spirit" are
// aliases; "Cusp 8", "House 8" and "H8" name the eighth cusp; catalog lots
// are named by name or key ("Lot of Eros", "eros"); "19 Aries" (also
// "19° Aries") is a degree of a sign and a bare number an absolute
// longitude, each in [0, 360).
func Canonical(ref string) (string, bool) {
	s := strings.Join(strings.Fields(strings.ReplaceAll(ref, "°", " ")), " ")
	low := strings.ToLower(s)
	if low == "" {
		return "", false
	}
	if a, ok := aliases[low]; ok {
		return a, true
	}
	for _, n := range pointNames {
		if strings.ToLower(n) == low {
			return n, true
		}
	}
	for _, l := range Catalog {
		if l.Key == low || strings.ToLower(l.Name) == low {
			return l.Name, true
		}
	}
	for _, prefix := range []string{"cusp ", "house ", "h"} {
		if rest, ok := strings.CutPrefix(low, prefix); ok {
			if n, err := strconv.Atoi(strings.TrimSpace(rest)); err == nil && n >= 1 && n <= 12 {
				return "Cusp " + strconv.Itoa(n), true
			}
		}
	}
	if v, err := strconv.ParseFloat(low, 64); err == nil && v >= 0 && v < 360 {
		return strconv.FormatFloat(v, 'f', -1, 64), true
	}
	if num, sign, ok := strings.Cut(low, " "); ok {
		if v, err := strconv.ParseFloat(num, 64); err == nil && v >= 0 && v < 30 {
			for _, sn := range engine.Signs {
				if strings.ToLower(sn) == sign {
					return strconv.FormatFloat(v, 'f', -1, 64) + " " + sn, true
				}
			}
		}
	}
	return "", false
}

// fixed returns the longitude of a canonical degree form ("19 Aries" or
// "123.5"), ok false for a named point.
func fixed(c string) (float64, bool) {
	num, sign, hasSign := strings.Cut(c, " ")
	v, err := strconv.ParseFloat(num, 64)
	if err != nil {
		return 0, false
	}
	if !hasSign {
		return v, true
	}
	i := slices.Index(engine.Signs[:], sign)
	if i < 0 {
		return 0, false
	}
	return float64(i)*30 + v, true
}

// ParseFormula reads a custom lot formula "A + B - C": three point
// references (Canonical), the second added and the third subtracted,
// written with their display names in the result. The error says what is
// wrong in words a caller can act on.
func ParseFormula(s string) (Formula, error) {
	plus := strings.Count(s, "+")
	minus := strings.Count(s, "-")
	// A minus sign inside a point reference is impossible (no name or
	// degree form has one), so the signs split the formula.
	if plus != 1 || minus != 1 || strings.Index(s, "+") > strings.Index(s, "-") {
		return Formula{}, fmt.Errorf("must read \"A + B - C\": three points, one plus sign, then one minus sign (got %q)", s)
	}
	a, rest, _ := strings.Cut(s, "+")
	b, c, _ := strings.Cut(rest, "-")
	var out [3]string
	for i, ref := range [3]string{a, b, c} {
		name, ok := Canonical(ref)
		if !ok {
			if strings.TrimSpace(ref) == "" {
				return Formula{}, fmt.Errorf("must read \"A + B - C\": point %d is missing (got %q)", i+1, s)
			}
			return Formula{}, fmt.Errorf("unknown point %q; use one of: %s", strings.TrimSpace(ref), strings.Join(PointNames(), ", "))
		}
		out[i] = name
	}
	return Formula{Base: out[0], Add: out[1], Sub: out[2]}, nil
}

// Placed is a lot cast in a chart: its formula as used, its longitude and
// its house.
type Placed struct {
	Key             string  `json:"key" doc:"catalog key, or the custom lot's name" example:"fortune"`
	Name            string  `json:"name" doc:"display name" example:"Lot of Fortune"`
	Formula         string  `json:"formula" doc:"the formula used in this chart (A + B - C: as far past A as B is past C)" example:"Ascendant + Moon - Sun"`
	DayFormula      string  `json:"day_formula" doc:"the formula of a day chart"`
	NightFormula    string  `json:"night_formula" doc:"the formula of a night chart"`
	ReversesByNight bool    `json:"reverses_by_night" doc:"the lot is cast differently by night"`
	Reversed        bool    `json:"reversed" doc:"this is a night chart and the night formula was used"`
	Custom          bool    `json:"custom" doc:"a lot the caller defined"`
	Sign            string  `json:"sign" doc:"zodiac sign of the lot"`
	Degree          float64 `json:"degree" doc:"degrees within the sign"`
	Longitude       float64 `json:"longitude" doc:"ecliptic longitude in degrees"`
	House           int     `json:"house" doc:"house of the chart holding the lot, 1-12" minimum:"1" maximum:"12"`
	Source          string  `json:"source,omitempty" doc:"where the formula comes from (catalog lots)"`
}

// Place casts lot l over p and places it in the houses of cusps.
func (p *Points) Place(l *Lot, cusps *[12]float64, custom bool) (Placed, error) {
	lon, _, err := p.CastLot(l)
	if err != nil {
		return Placed{}, err
	}
	s, d := engine.SignOf(lon)
	return Placed{
		Key: l.Key, Name: l.Name, Formula: l.Text(p.Day), DayFormula: l.Text(true), NightFormula: l.Text(false),
		ReversesByNight: l.Reverses(), Reversed: !p.Day && l.Reverses(), Custom: custom,
		Sign: s, Degree: d, Longitude: lon, House: houses.Of(lon, cusps), Source: l.Source,
	}, nil
}
