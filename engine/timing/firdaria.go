package timing

import (
	"fmt"
	"math"
	"time"

	"github.com/astroapi/astroapi/engine"
	"github.com/astroapi/astroapi/engine/parts"
)

// NodeOrder places the lunar nodes' periods in the nocturnal firdaria. The
// values are the API's wire values.
type NodeOrder string

// The two placements.
const (
	// NodesLast puts the North and South Node after the seven planets in
	// both sects, as Abu Ma'shar does (On Solar Revolutions, trans.
	// Benjamin Dykes, Persian Nativities III, 2010; the "Firdariyyat
	// Table" tested here: "This table follows Abu Ma'shar in placing the
	// Nodes at the end of both sequences").
	NodesLast NodeOrder = "end"
	// NodesAfterMars puts them right after Mars, the fourth period of a
	// night birth (Moon, Saturn, Jupiter, Mars, nodes, Sun, Venus,
	// Mercury), as Robert Zoller taught from Bonatti (firdaria.com, "How
	// to Calculate Firdaria"). By day Mars is the last planet, so both
	// orders agree.
	NodesAfterMars NodeOrder = "after_mars"
)

// EnumValues lists the node placements.
func (NodeOrder) EnumValues() []string { return []string{string(NodesLast), string(NodesAfterMars)} }

// firdar is a firdaria lord and its years.
type firdar struct {
	lord  string
	years int
}

var (
	diurnalFirdaria    = [9]firdar{{"Sun", 10}, {"Venus", 8}, {"Mercury", 13}, {"Moon", 9}, {"Saturn", 11}, {"Jupiter", 12}, {"Mars", 7}, {"North Node", 3}, {"South Node", 2}}
	nocturnalFirdaria  = [9]firdar{{"Moon", 9}, {"Saturn", 11}, {"Jupiter", 12}, {"Mars", 7}, {"Sun", 10}, {"Venus", 8}, {"Mercury", 13}, {"North Node", 3}, {"South Node", 2}}
	nocturnalAfterMars = [9]firdar{{"Moon", 9}, {"Saturn", 11}, {"Jupiter", 12}, {"Mars", 7}, {"North Node", 3}, {"South Node", 2}, {"Sun", 10}, {"Venus", 8}, {"Mercury", 13}}
	// chaldean is the descending order of the planetary spheres: the
	// sub-periods follow it from the period's own lord.
	chaldean = [7]string{"Saturn", "Jupiter", "Mars", "Sun", "Venus", "Mercury", "Moon"}
)

// FirdariaCycleYears is the length of one round of the firdaria.
const FirdariaCycleYears = 75

func sequence(day bool, o NodeOrder) [9]firdar {
	switch {
	case day:
		return diurnalFirdaria
	case o == NodesAfterMars:
		return nocturnalAfterMars
	}
	return nocturnalFirdaria
}

// FirdariaOptions are the choices of every firdaria request.
type FirdariaOptions struct {
	NodeOrder  NodeOrder  `json:"node_order,omitempty" doc:"where the nodes' periods fall in a night birth: end (after the seven planets, Abu Ma'shar) or after_mars" enum:"end,after_mars" default:"end"`
	YearLength YearLength `json:"year_length,omitempty" doc:"length of the years: tropical (365.24219 days, so whole years end within two hours of the solar returns) or julian (365.25)" enum:"tropical,julian" default:"tropical"`
}

func (o FirdariaOptions) resolve(errs engine.Fields) (FirdariaOptions, engine.Fields) {
	switch o.NodeOrder {
	case "":
		o.NodeOrder = NodesLast
	case NodesLast, NodesAfterMars:
	default:
		errs = append(errs, &engine.FieldError{Field: "node_order", Reason: fmt.Sprintf("unknown node order %q: use end or after_mars", o.NodeOrder)})
	}
	var e *engine.FieldError
	if o.YearLength, e = checkYear(o.YearLength, YearTropical, "year_length", YearTropical, YearJulian); e != nil {
		errs = append(errs, e)
	}
	return o, errs
}

// Validate checks the options against the birth.
func (o FirdariaOptions) Validate(n Natal) engine.Fields {
	_, errs := o.resolve(n.Validate())
	return errs
}

// FirdariaAtOptions ask for the periods in force at an age or a date.
type FirdariaAtOptions struct {
	FirdariaOptions
	// Age is in years (of the chosen length) since birth; nil when Date is
	// sent.
	Age  *float64  `json:"age,omitempty" doc:"age in years, 0-150, decimals allowed (send age or date)" minimum:"0" maximum:"150" example:"33.5"`
	Date time.Time `json:"date,omitempty" doc:"date, RFC 3339 (send date or age)"`
}

func (o FirdariaAtOptions) resolve(n Natal) (FirdariaAtOptions, engine.Fields) {
	var errs engine.Fields
	o.FirdariaOptions, errs = o.FirdariaOptions.resolve(n.Validate())
	switch {
	case o.Age == nil && o.Date.IsZero():
		errs = append(errs, &engine.FieldError{Field: "age", Reason: "send age or date"})
	case o.Age != nil && !o.Date.IsZero():
		errs = append(errs, &engine.FieldError{Field: "age", Reason: "send either age or date, not both"})
	case o.Age != nil && !(*o.Age >= 0 && *o.Age <= HorizonYears):
		errs = append(errs, &engine.FieldError{Field: "age", Reason: fmt.Sprintf("must be between 0 and %d", HorizonYears)})
	case o.Age == nil:
		if e := n.checkDate(o.Date, "date"); e != nil {
			errs = append(errs, e)
		}
	}
	return o, errs
}

// Validate checks the options against the birth.
func (o FirdariaAtOptions) Validate(n Natal) engine.Fields { _, errs := o.resolve(n); return errs }

// FirdariaTimelineOptions ask for the periods overlapping a range.
type FirdariaTimelineOptions struct {
	FirdariaOptions
	Start time.Time `json:"start" doc:"start of the range, RFC 3339; not before the birth" example:"\"2020-01-01T00:00:00Z\""`
	End   time.Time `json:"end" doc:"end of the range, RFC 3339; within 150 years of the birth" example:"\"2040-01-01T00:00:00Z\""`
}

func (o FirdariaTimelineOptions) resolve(n Natal) (FirdariaTimelineOptions, engine.Fields) {
	var errs engine.Fields
	o.FirdariaOptions, errs = o.FirdariaOptions.resolve(n.Validate())
	errs = append(errs, n.checkRange(o.Start, o.End, "start", "end", HorizonYears*365.25, "150 years")...)
	return o, errs
}

// Validate checks the options against the birth.
func (o FirdariaTimelineOptions) Validate(n Natal) engine.Fields {
	_, errs := o.resolve(n)
	return errs
}

// FirdarPeriod is a firdaria period (level 1) or sub-period (level 2).
type FirdarPeriod struct {
	Level     int       `json:"level" doc:"1: a planet's or node's period; 2: a sub-period" minimum:"1" maximum:"2"`
	Lord      string    `json:"lord" doc:"lord of the period" example:"Venus"`
	MajorLord string    `json:"major_lord" doc:"lord of the level-1 period it belongs to (its own lord at level 1)" example:"Sun"`
	Start     time.Time `json:"start" doc:"start, UTC to the second"`
	End       time.Time `json:"end" doc:"end (the next period's start), UTC"`
	StartAge  float64   `json:"start_age" doc:"age at the start, years"`
	EndAge    float64   `json:"end_age" doc:"age at the end, years"`
	Years     float64   `json:"years" doc:"length, years"`
	Cycle     int       `json:"cycle" doc:"round of the 75-year sequence: 1 from birth, 2 from age 75" minimum:"1"`
	// SubPeriods are the seven sub-periods of a planet's period (the
	// nodes' periods have none).
	SubPeriods []FirdarPeriod `json:"sub_periods,omitempty" doc:"the seven equal sub-periods, from the period's lord on in Chaldean order (none for the nodes)"`
}

// FirdariaConventions state how the periods were laid out.
type FirdariaConventions struct {
	Sect       string     `json:"sect" doc:"which sequence and why"`
	NodeOrder  NodeOrder  `json:"node_order" doc:"where the nodes fall in a night birth" enum:"end,after_mars"`
	Nodes      string     `json:"nodes" doc:"the nodes' placement"`
	SubPeriods string     `json:"sub_periods" doc:"how the sub-periods are divided"`
	YearLength YearLength `json:"year_length" doc:"the year counted in" enum:"tropical,julian"`
	YearDays   float64    `json:"year_days" doc:"days in that year"`
	Cycle      string     `json:"cycle" doc:"what happens after 75 years"`
}

// FirdariaChart is what every firdaria result carries.
type FirdariaChart struct {
	DayChart    bool                `json:"day_chart" doc:"the Sun is above the horizon: the diurnal sequence"`
	Sequence    []string            `json:"sequence" doc:"the nine lords in order"`
	Conventions FirdariaConventions `json:"conventions"`
	Source      engine.Source       `json:"source" doc:"least precise ephemeris used" enum:"tables,swiss_ephemeris,moshier"`
}

// Firdaria are the periods of one 75-year round from the birth.
type Firdaria struct {
	FirdariaChart
	Periods []FirdarPeriod `json:"periods" doc:"the nine periods of the first 75 years, each with its sub-periods"`
}

// FirdariaAt is the period and sub-period in force at an age.
type FirdariaAt struct {
	FirdariaChart
	Age       float64       `json:"age" doc:"the age, years"`
	Date      time.Time     `json:"date" doc:"the date of that age, UTC"`
	Period    FirdarPeriod  `json:"period" doc:"the level-1 period in force, with its sub-periods"`
	SubPeriod *FirdarPeriod `json:"sub_period,omitempty" doc:"the sub-period in force (absent in the nodes' periods)"`
}

// FirdariaTimeline lists the periods overlapping a range.
type FirdariaTimeline struct {
	FirdariaChart
	Start   time.Time      `json:"start" doc:"start of the range, UTC"`
	End     time.Time      `json:"end" doc:"end of the range, UTC"`
	Periods []FirdarPeriod `json:"periods" doc:"periods and sub-periods overlapping the range, in time order, each period before its sub-periods"`
}

// firdarist lays out the periods in sevenths of a year, so that the
// sub-periods (a seventh of their period) tile it exactly.
type firdarist struct {
	born   time.Time
	yd     float64
	seq    [9]firdar
	source engine.Source
}

func (f *firdarist) at(sevenths int) time.Time {
	return f.born.Add(time.Duration(math.Round(float64(sevenths) * f.yd * 86400e9 / 7))).Round(time.Second)
}

func (f *firdarist) period(level int, lord, major string, a, b, cycle int) FirdarPeriod {
	return FirdarPeriod{
		Level: level, Lord: lord, MajorLord: major, Start: f.at(a), End: f.at(b),
		StartAge: float64(a) / 7, EndAge: float64(b) / 7, Years: float64(b-a) / 7, Cycle: cycle,
	}
}

// each visits the level-1 periods in order (spans in sevenths of a year
// from birth), round after round, until visit returns false; three rounds
// (225 years) pass the 150-year horizon.
func (f *firdarist) each(visit func(k, a, b, cycle int) bool) {
	t := 0
	for cycle := 1; cycle <= 3; cycle++ {
		for k, p := range f.seq {
			b := t + 7*p.years
			if !visit(k, t, b, cycle) {
				return
			}
			t = b
		}
	}
}

// subs returns the seven sub-periods of period k spanning [a, b).
func (f *firdarist) subs(k, a, cycle int) []FirdarPeriod {
	p := f.seq[k]
	i0 := -1
	for i, l := range chaldean {
		if l == p.lord {
			i0 = i
		}
	}
	if i0 < 0 {
		return nil // a node
	}
	out := make([]FirdarPeriod, 7)
	for j := range out {
		s := a + j*p.years
		out[j] = f.period(2, chaldean[(i0+j)%7], p.lord, s, s+p.years, cycle)
	}
	return out
}

func (f *firdarist) full(k, a, b, cycle int) FirdarPeriod {
	p := f.period(1, f.seq[k].lord, f.seq[k].lord, a, b, cycle)
	p.SubPeriods = f.subs(k, a, cycle)
	return p
}

func newFirdarist(pos engine.Positions, n Natal, o FirdariaOptions) (*firdarist, FirdariaChart, error) {
	var fc FirdariaChart
	frame := engine.Options{Sidereal: n.Chart.Sidereal, SkipDistance: true}
	sun, err := pos.Position(n.Birth.JD, engine.Sun, frame)
	if err != nil {
		return nil, fc, err
	}
	sys := n.Chart.HouseSystem
	if sys == "" {
		sys = engine.Placidus
	}
	h, err := pos.Houses(n.Birth.JD, n.Birth.Latitude, n.Birth.Longitude, sys, n.Chart.Sidereal)
	if err != nil {
		return nil, fc, err
	}
	day := parts.IsDay(sun.Longitude, h.Ascendant)
	f := &firdarist{born: n.born(), yd: o.YearLength.Days(), seq: sequence(day, o.NodeOrder), source: sun.Source.Worse(h.Source)}
	fc = FirdariaChart{DayChart: day, Source: f.source}
	for _, p := range f.seq {
		fc.Sequence = append(fc.Sequence, p.lord)
	}
	sect := "night birth (Sun below the horizon): the nocturnal sequence from the Moon"
	if day {
		sect = "day birth (Sun above the horizon): the diurnal sequence from the Sun"
	}
	nodes := "after the seven planets (Abu Ma'shar)"
	if o.NodeOrder == NodesAfterMars {
		nodes = "after Mars in a night birth (Zoller after Bonatti); after the seven planets by day, where Mars is last"
	}
	fc.Conventions = FirdariaConventions{
		Sect: sect, NodeOrder: o.NodeOrder, Nodes: nodes,
		SubPeriods: "each planet's period in seven equal parts, the first its own, then in Chaldean order (Saturn, Jupiter, Mars, Sun, Venus, Mercury, Moon); the nodes' periods undivided",
		YearLength: o.YearLength, YearDays: f.yd,
		Cycle: "the nine periods make 75 years; after them the sequence begins again (cycle 2)",
	}
	return f, fc, nil
}

// FirdariaOf lays out the firdaria of the birth: the nine periods of the
// 75-year round with their sub-periods.
func FirdariaOf(pos engine.Positions, n Natal, o FirdariaOptions) (*Firdaria, error) {
	o, errs := o.resolve(n.Validate())
	if len(errs) > 0 {
		return nil, errs
	}
	f, fc, err := newFirdarist(pos, n, o)
	if err != nil {
		return nil, err
	}
	out := &Firdaria{FirdariaChart: fc, Periods: make([]FirdarPeriod, 0, 9)}
	f.each(func(k, a, b, cycle int) bool {
		if cycle > 1 {
			return false
		}
		out.Periods = append(out.Periods, f.full(k, a, b, cycle))
		return true
	})
	return out, nil
}

// FirdariaAtAge finds the period and sub-period in force at an age (or a
// date).
func FirdariaAtAge(pos engine.Positions, n Natal, o FirdariaAtOptions) (*FirdariaAt, error) {
	o, errs := o.resolve(n)
	if len(errs) > 0 {
		return nil, errs
	}
	f, fc, err := newFirdarist(pos, n, o.FirdariaOptions)
	if err != nil {
		return nil, err
	}
	out := &FirdariaAt{FirdariaChart: fc}
	if o.Age != nil {
		out.Age = *o.Age
		out.Date = f.born.Add(time.Duration(math.Round(out.Age * f.yd * 86400e9))).Round(time.Second)
	} else {
		out.Date = utc(o.Date)
		out.Age = float64(out.Date.Sub(f.born)) / (f.yd * 86400e9)
	}
	// Judged on the instants the periods list (rounded to the second), so
	// the answer agrees with them: a period owns its start.
	f.each(func(k, a, b, cycle int) bool {
		if !out.Date.Before(f.at(b)) {
			return true
		}
		out.Period = f.full(k, a, b, cycle)
		for i := range out.Period.SubPeriods {
			sp := &out.Period.SubPeriods[i]
			if !out.Date.Before(sp.Start) && out.Date.Before(sp.End) {
				c := *sp
				out.SubPeriod = &c
			}
		}
		return false
	})
	return out, nil
}

// FirdariaTimelineOf lists the periods and sub-periods overlapping
// [o.Start, o.End), in time order.
func FirdariaTimelineOf(pos engine.Positions, n Natal, o FirdariaTimelineOptions) (*FirdariaTimeline, error) {
	o, errs := o.resolve(n)
	if len(errs) > 0 {
		return nil, errs
	}
	f, fc, err := newFirdarist(pos, n, o.FirdariaOptions)
	if err != nil {
		return nil, err
	}
	out := &FirdariaTimeline{FirdariaChart: fc, Start: utc(o.Start), End: utc(o.End)}
	ws, we := o.Start.Sub(f.born), o.End.Sub(f.born)
	dur := func(sevenths int) time.Duration {
		return time.Duration(math.Round(float64(sevenths) * f.yd * 86400e9 / 7))
	}
	f.each(func(k, a, b, cycle int) bool {
		if dur(a) >= we {
			return false
		}
		if dur(b) <= ws {
			return true
		}
		p := f.full(k, a, b, cycle)
		subs := p.SubPeriods
		p.SubPeriods = nil
		out.Periods = append(out.Periods, p)
		for _, sp := range subs {
			if sp.End.After(o.Start) && sp.Start.Before(o.End) {
				out.Periods = append(out.Periods, sp)
			}
		}
		return true
	})
	return out, nil
}
