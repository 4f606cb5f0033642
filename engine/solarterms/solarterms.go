package solarterms

import (
	"fmt"
	"math"
	"time"

	"github.com/astroapi/astroapi/engine"
)

// Term is one of the 24 solar terms: the crossing of 15*Term degrees of
// apparent ecliptic longitude.
type Term int

// The terms, by longitude from the March equinox.
const (
	Chunfen     Term = iota // 0 deg, March equinox
	Qingming                // 15 deg, jie of the Chen month
	Guyu                    // 30 deg
	Lixia                   // 45 deg, jie of the Si month
	Xiaoman                 // 60 deg
	Mangzhong               // 75 deg, jie of the Wu month
	Xiazhi                  // 90 deg, June solstice
	Xiaoshu                 // 105 deg, jie of the Wei month
	Dashu                   // 120 deg
	Liqiu                   // 135 deg, jie of the Shen month
	Chushu                  // 150 deg
	Bailu                   // 165 deg, jie of the You month
	Qiufen                  // 180 deg, September equinox
	Hanlu                   // 195 deg, jie of the Xu month
	Shuangjiang             // 210 deg
	Lidong                  // 225 deg, jie of the Hai month
	Xiaoxue                 // 240 deg
	Daxue                   // 255 deg, jie of the Zi month
	Dongzhi                 // 270 deg, December solstice
	Xiaohan                 // 285 deg, jie of the Chou month; first term of a Gregorian year
	Dahan                   // 300 deg
	Lichun                  // 315 deg, jie of the Yin month; start of the solar year
	Yushui                  // 330 deg
	Jingzhe                 // 345 deg, jie of the Mao month
)

var termNames = [24][3]string{
	{"Chunfen", "春分", "Spring Equinox"},
	{"Qingming", "清明", "Clear and Bright"},
	{"Guyu", "谷雨", "Grain Rain"},
	{"Lixia", "立夏", "Start of Summer"},
	{"Xiaoman", "小满", "Grain Buds"},
	{"Mangzhong", "芒种", "Grain in Ear"},
	{"Xiazhi", "夏至", "Summer Solstice"},
	{"Xiaoshu", "小暑", "Minor Heat"},
	{"Dashu", "大暑", "Major Heat"},
	{"Liqiu", "立秋", "Start of Autumn"},
	{"Chushu", "处暑", "End of Heat"},
	{"Bailu", "白露", "White Dew"},
	{"Qiufen", "秋分", "Autumn Equinox"},
	{"Hanlu", "寒露", "Cold Dew"},
	{"Shuangjiang", "霜降", "Frost's Descent"},
	{"Lidong", "立冬", "Start of Winter"},
	{"Xiaoxue", "小雪", "Minor Snow"},
	{"Daxue", "大雪", "Major Snow"},
	{"Dongzhi", "冬至", "Winter Solstice"},
	{"Xiaohan", "小寒", "Minor Cold"},
	{"Dahan", "大寒", "Major Cold"},
	{"Lichun", "立春", "Start of Spring"},
	{"Yushui", "雨水", "Rain Water"},
	{"Jingzhe", "惊蛰", "Awakening of Insects"},
}

// Valid reports whether t is one of the 24 terms.
func (t Term) Valid() bool { return t >= 0 && t < 24 }

// Longitude returns the Sun's apparent longitude at the term, degrees.
func (t Term) Longitude() float64 { return 15 * float64(t) }

// Name returns the term's name in pinyin without tone marks ("Lichun").
func (t Term) Name() string {
	if !t.Valid() {
		return fmt.Sprintf("Term(%d)", int(t))
	}
	return termNames[t][0]
}

// Chinese returns the term's name in simplified Chinese characters ("立春").
func (t Term) Chinese() string {
	if !t.Valid() {
		return ""
	}
	return termNames[t][1]
}

// English returns a common English rendering of the name ("Start of Spring").
func (t Term) English() string {
	if !t.Valid() {
		return ""
	}
	return termNames[t][2]
}

// Jie reports whether t is a jie (an odd multiple of 15 degrees), a term
// that opens a month of the solar calendar; the others are zhongqi.
func (t Term) Jie() bool { return t%2 == 1 }

// String returns the pinyin name.
func (t Term) String() string { return t.Name() }

// order returns t's position in a Gregorian year, Xiaohan first (0..23).
func (t Term) order() int { return (int(t) - int(Xiaohan) + 24) % 24 }

// termAt returns the term at position i (0..23) of a Gregorian year.
func termAt(i int) Term { return Term((i + int(Xiaohan)) % 24) }

// Method says where an instant came from.
type Method string

// The methods.
const (
	// FromTable: the precomputed table (package tables, 1800-2399).
	FromTable Method = "table"
	// ByRoot: Newton's method on the position source's Sun, for years the
	// table does not hold or when there is no table.
	ByRoot Method = "root_finding"
)

// EnumValues lists the methods (engine.Enum).
func (Method) EnumValues() []string { return []string{string(FromTable), string(ByRoot)} }

// Table is a precomputed list of term instants; *tables.SolarTerms
// implements it (and a nil *tables.SolarTerms is an empty table).
type Table interface {
	// Instant returns the instant (JD UT) at which the Sun crosses 15*k
	// degrees during Gregorian year (UT) year; false when not held.
	Instant(year, k int) (engine.JDUT, bool)
}

// Bounds of the years the Finder answers: the proleptic Gregorian years of
// package birth (whether a position source covers them is its business).
const (
	MinYear = 1583
	MaxYear = 2999
)

// Finder finds solar terms, from a table where it can and by root-finding
// on a position source otherwise. It is safe for concurrent use.
type Finder struct {
	table Table
	pos   engine.Positions
}

// New returns a Finder over a table (nil: root-finding only) and a
// position source (nil: table only; years outside the table then fail with
// engine.ErrOutOfRange).
func New(table Table, pos engine.Positions) *Finder { return &Finder{table: table, pos: pos} }

// Crossing is one solar term of one year, as found.
type Crossing struct {
	Year   int         // Gregorian year (UT) of the instant
	Term   Term        // which term
	JD     engine.JDUT // the instant, JD UT
	Method Method      // table or root-finding
	// Source is the ephemeris behind a root (tables, Swiss Ephemeris or
	// Moshier); "" for a table lookup.
	Source engine.Source
}

// Find returns term t of Gregorian year year.
func (f *Finder) Find(year int, t Term) (Crossing, error) {
	if !t.Valid() {
		return Crossing{}, fmt.Errorf("solarterms: no term %d", int(t))
	}
	if year < MinYear || year > MaxYear {
		return Crossing{}, fmt.Errorf("solarterms: year %d outside %d-%d: %w", year, MinYear, MaxYear, engine.ErrOutOfRange)
	}
	if f.table != nil {
		if jd, ok := f.table.Instant(year, int(t)); ok {
			return Crossing{Year: year, Term: t, JD: jd, Method: FromTable}, nil
		}
	}
	if f.pos == nil {
		return Crossing{}, fmt.Errorf("solarterms: %d not in the table and no position source: %w", year, engine.ErrOutOfRange)
	}
	jd, src, err := f.root(year, t)
	if err != nil {
		return Crossing{}, err
	}
	return Crossing{Year: year, Term: t, JD: jd, Method: ByRoot, Source: src}, nil
}

// newtonEps ends the Newton solve once a step is under 10 ms.
const newtonEps = 0.01 / 86400

// root solves for term t of year by Newton's method on the Sun's apparent
// longitude and speed from the position source.
func (f *Finder) root(year int, t Term) (engine.JDUT, engine.Source, error) {
	target := t.Longitude()
	// Xiaohan falls on 5-7 January and the terms follow 365.2422/24 days
	// apart on average, within about two days: three or four steps.
	jd := float64(jdn(year, 1, 1)) - 0.5 + 5.5 + float64(t.order())*365.2422/24
	for range 12 {
		p, err := f.pos.Position(engine.JDUT(jd), engine.Sun, engine.Options{SkipDistance: true})
		if err != nil {
			return 0, "", fmt.Errorf("solarterms: %s %d: %w", t.Name(), year, err)
		}
		if !(p.SpeedLongitude > 0.5) { // the Sun moves 0.95-1.02 deg/day
			return 0, "", fmt.Errorf("solarterms: %s %d: Sun's speed %g deg/day", t.Name(), year, p.SpeedLongitude)
		}
		dt := -math.Remainder(p.Longitude-target, 360) / p.SpeedLongitude
		jd += dt
		if math.Abs(dt) < newtonEps {
			return engine.JDUT(jd), p.Source, nil
		}
	}
	return 0, "", fmt.Errorf("solarterms: %s %d: no convergence", t.Name(), year)
}

// Year returns the 24 terms of a Gregorian year (UT) in time order, from
// Xiaohan to Dongzhi.
func (f *Finder) Year(year int) ([24]Crossing, error) {
	var out [24]Crossing
	for i := range out {
		c, err := f.Find(year, termAt(i))
		if err != nil {
			return out, err
		}
		out[i] = c
	}
	return out, nil
}

// Span is the stretch between two consecutive terms of a sequence (all
// terms, or the jie only) that holds an instant: Start <= t < End.
type Span struct {
	Start, End Crossing
}

// Term returns the span of consecutive terms (of all 24) holding t.
func (f *Finder) Term(t engine.JDUT) (Span, error) { return f.span(t, 1) }

// Jie returns the span between the two consecutive jie holding t: the
// month of the solar (BaZi) calendar that t falls in starts at Start.
func (f *Finder) Jie(t engine.JDUT) (Span, error) { return f.span(t, 2) }

// span finds consecutive terms of positions 0, stride, 2*stride, ... of
// each year around t (stride 2 selects the jie: Xiaohan, Lichun, ...).
func (f *Finder) span(t engine.JDUT, stride int) (Span, error) {
	if math.IsNaN(float64(t)) || math.IsInf(float64(t), 0) {
		return Span{}, fmt.Errorf("solarterms: instant %v: %w", float64(t), engine.ErrOutOfRange)
	}
	year, doy := yearDay(t)
	// The n-th term of a year falls about 5.5 + 15.22 n days after 1
	// January; guess, then walk to the right span (one or two lookups).
	n := int(math.Floor((doy-5.5)/(365.2422/24))) / stride * stride
	step := func(y, i, d int) (int, int) {
		i += d
		for i < 0 {
			i += 24
			y--
		}
		for i >= 24 {
			i -= 24
			y++
		}
		return y, i
	}
	y, i := step(year, n, 0)
	start, err := f.Find(y, termAt(i))
	if err != nil {
		return Span{}, err
	}
	// The guess is off by at most one term; the bound only guards against
	// a position source that is not monotonic.
	for range 8 {
		if start.JD <= t {
			break
		}
		y, i = step(y, i, -stride)
		if start, err = f.Find(y, termAt(i)); err != nil {
			return Span{}, err
		}
	}
	for range 8 {
		ny, ni := step(y, i, stride)
		end, err := f.Find(ny, termAt(ni))
		if err != nil {
			return Span{}, err
		}
		if start.JD <= t && t < end.JD {
			return Span{Start: start, End: end}, nil
		}
		y, i, start = ny, ni, end
	}
	return Span{}, fmt.Errorf("solarterms: no span holds JD %.5f", float64(t))
}

// yearDay returns the Gregorian year (UT) of t and the days since its 1
// January 0h.
func yearDay(t engine.JDUT) (year int, days float64) {
	y, _, _ := fromJDN(int(math.Floor(float64(t) + 0.5)))
	return y, float64(t) - (float64(jdn(y, 1, 1)) - 0.5)
}

// jdn returns the Julian day number of a proleptic Gregorian date (the
// number of the day whose noon is that JD).
func jdn(y, m, d int) int {
	a := (14 - m) / 12
	yy := y + 4800 - a
	mm := m + 12*a - 3
	return d + (153*mm+2)/5 + 365*yy + floorDiv(yy, 4) - floorDiv(yy, 100) + floorDiv(yy, 400) - 32045
}

// fromJDN is the inverse of jdn.
func fromJDN(j int) (y, m, d int) {
	a := j + 32044
	b := floorDiv(4*a+3, 146097)
	c := a - floorDiv(146097*b, 4)
	dd := floorDiv(4*c+3, 1461)
	e := c - floorDiv(1461*dd, 4)
	mm := floorDiv(5*e+2, 153)
	d = e - floorDiv(153*mm+2, 5) + 1
	m = mm + 3 - 12*floorDiv(mm, 10)
	y = 100*b + dd - 4800 + floorDiv(mm, 10)
	return y, m, d
}

func floorDiv(a, b int) int {
	q := a / b
	if (a%b != 0) && ((a < 0) != (b < 0)) {
		q--
	}
	return q
}

// Event is a solar term as the API reports it.
type Event struct {
	Term      string  `json:"term" doc:"name in pinyin without tone marks" example:"Lichun"`
	Chinese   string  `json:"chinese" doc:"name in simplified Chinese characters" example:"立春"`
	English   string  `json:"english" doc:"a common English rendering of the name" example:"Start of Spring"`
	Longitude float64 `json:"longitude" doc:"apparent geocentric ecliptic longitude of the Sun at the term, degrees (a multiple of 15)" minimum:"0" maximum:"345"`
	Kind      string  `json:"kind" doc:"jie (opens a month of the solar calendar) or zhongqi (mid-month)" enum:"jie,zhongqi"`
	// UTC is rounded to the second.
	UTC    time.Time `json:"utc" doc:"instant of the crossing in UTC, rounded to the second" example:"2024-02-04T08:27:08Z"`
	JD     float64   `json:"julian_day" doc:"instant of the crossing, Julian day (UT), to 1e-6 day (0.09 s)" example:"2460344.852162"`
	Method Method    `json:"method" doc:"table: the precomputed solar-term table (1800-2399, Swiss Ephemeris); root_finding: solved on the ephemeris for this request" enum:"table,root_finding"`
}

// Event returns c as the API reports it.
func (c Crossing) Event() Event {
	kind := "zhongqi"
	if c.Term.Jie() {
		kind = "jie"
	}
	return Event{
		Term: c.Term.Name(), Chinese: c.Term.Chinese(), English: c.Term.English(),
		Longitude: c.Term.Longitude(), Kind: kind,
		UTC: c.Time(), JD: math.Round(float64(c.JD)*1e6) / 1e6, Method: c.Method,
	}
}

// Time returns the instant in UTC, rounded to the second.
func (c Crossing) Time() time.Time { return c.JD.Time().Round(time.Second) }
