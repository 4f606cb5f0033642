package timing

import (
	"fmt"
	"time"

	"github.com/astroapi/astroapi/engine"
	"github.com/astroapi/astroapi/engine/houses"
	"github.com/astroapi/astroapi/engine/natal"
)

// ProfectionPoint is the natal point a profection starts from. The values
// are the API's wire values.
type ProfectionPoint string

// The starting points (Valens, Anthology IV.11-12, profects the Ascendant,
// the lights, the Lot of Fortune and the Midheaven alike).
const (
	FromAscendant ProfectionPoint = "ascendant"
	FromMidheaven ProfectionPoint = "midheaven"
	FromSun       ProfectionPoint = "sun"
	FromMoon      ProfectionPoint = "moon"
	FromFortune   ProfectionPoint = "fortune"
)

// EnumValues lists the starting points.
func (ProfectionPoint) EnumValues() []string {
	return []string{string(FromAscendant), string(FromMidheaven), string(FromSun), string(FromMoon), string(FromFortune)}
}

// ProfectionOptions ask for the profection in force at a date, or for the
// year of an age.
type ProfectionOptions struct {
	Date time.Time `json:"date,omitempty" doc:"date to profect to, RFC 3339 (send date or age)" example:"\"2024-07-14T00:00:00Z\""`
	// Age is the completed years of life; nil when Date is sent.
	Age  *int            `json:"age,omitempty" doc:"completed years of life, 0-150 (send age or date): the year from that birthday to the next" minimum:"0" maximum:"150"`
	From ProfectionPoint `json:"from,omitempty" doc:"natal point profected" enum:"ascendant,midheaven,sun,moon,fortune" default:"ascendant"`
}

func (o ProfectionOptions) resolve(n Natal) (ProfectionOptions, engine.Fields) {
	errs := n.Validate()
	switch {
	case o.Age == nil && o.Date.IsZero():
		errs = append(errs, &engine.FieldError{Field: "date", Reason: "send date or age"})
	case o.Age != nil && !o.Date.IsZero():
		errs = append(errs, &engine.FieldError{Field: "age", Reason: "send either date or age, not both"})
	case o.Age != nil && (*o.Age < 0 || *o.Age > HorizonYears):
		errs = append(errs, &engine.FieldError{Field: "age", Reason: fmt.Sprintf("must be between 0 and %d", HorizonYears)})
	case o.Age == nil:
		if e := n.checkDate(o.Date, "date"); e != nil {
			errs = append(errs, e)
		}
	}
	switch o.From {
	case "":
		o.From = FromAscendant
	case FromAscendant, FromMidheaven, FromSun, FromMoon, FromFortune:
	default:
		errs = append(errs, &engine.FieldError{Field: "from", Reason: fmt.Sprintf("unknown point %q: use ascendant, midheaven, sun, moon or fortune", o.From)})
	}
	return o, errs
}

// Validate checks the options against the birth.
func (o ProfectionOptions) Validate(n Natal) engine.Fields {
	_, errs := o.resolve(n)
	return errs
}

// LordPosition is where the lord of a profected sign stands in the natal
// chart.
type LordPosition struct {
	Position
	House          int `json:"house" doc:"natal house of the lord in the chart's house system, 1-12" minimum:"1" maximum:"12"`
	WholeSignHouse int `json:"whole_sign_house" doc:"natal whole-sign house of the lord (signs counted from the Ascendant's), 1-12" minimum:"1" maximum:"12"`
}

// ProfectedSign is the sign a profection reaches, its lord and the natal
// planets in it.
type ProfectedSign struct {
	Sign string `json:"sign" doc:"the profected sign" example:"Cancer"`
	// House is counted in whole signs from the Ascendant's sign.
	House int `json:"house" doc:"whole-sign house of the profected sign counted from the Ascendant's sign, 1-12" minimum:"1" maximum:"12"`
	// Count is the place of the sign counted from the starting point's
	// sign, inclusively (the 1st is the point's own sign).
	Count int          `json:"count" doc:"place of the sign counted from the starting point's sign, 1-12 (1 is that sign itself)" minimum:"1" maximum:"12"`
	Lord  string       `json:"lord" doc:"traditional ruler of the sign: the lord of the year (or month)" example:"Moon"`
	At    LordPosition `json:"lord_position" doc:"the lord's natal position"`
	// Planets lists the natal planets standing in the sign.
	Planets []string `json:"planets" doc:"natal planets in the sign (Sun..Pluto, nodes), which the profection activates"`
}

// ProfectionPeriod is a profected year or month.
type ProfectionPeriod struct {
	Index int       `json:"index" doc:"the age (years) or the month of the profection year, 1-12 (months)"`
	Start time.Time `json:"start" doc:"start, UTC to the second"`
	End   time.Time `json:"end" doc:"end (the next period's start), UTC"`
	ProfectedSign
}

// ProfectionConventions state how the profections were counted.
type ProfectionConventions struct {
	ZodiacType string          `json:"zodiac_type" doc:"zodiac of the longitudes" enum:"tropical,sidereal"`
	Ayanamsa   engine.Ayanamsa `json:"ayanamsa,omitempty" doc:"ayanamsa of a sidereal zodiac (absent when tropical)"`
	From       ProfectionPoint `json:"from" doc:"natal point profected" enum:"ascendant,midheaven,sun,moon,fortune"`
	Years      string          `json:"years" doc:"how the profection years are counted"`
	Months     string          `json:"months" doc:"how the months are counted"`
	Rulers     string          `json:"rulers" doc:"which rulers are the lords"`
	Houses     string          `json:"houses" doc:"how houses are counted"`
}

// Profection is the annual profection in force at a date (or of an age),
// its twelve months, and the month in force at the date.
type Profection struct {
	Date         *time.Time            `json:"date,omitempty" doc:"the date profected to, UTC (absent when an age was asked)"`
	Age          int                   `json:"age" doc:"completed years of life"`
	From         ProfectionPoint       `json:"from" doc:"natal point profected" enum:"ascendant,midheaven,sun,moon,fortune"`
	FromPosition Position              `json:"from_position" doc:"natal position of the starting point"`
	Year         ProfectionPeriod      `json:"year" doc:"the profection year: one sign for each completed year of life"`
	Month        *ProfectionPeriod     `json:"month,omitempty" doc:"the month in force at the date (absent when an age was asked)"`
	Months       []ProfectionPeriod    `json:"months" doc:"the twelve months of the profection year"`
	Conventions  ProfectionConventions `json:"conventions"`
	Source       engine.Source         `json:"source" doc:"least precise ephemeris used" enum:"tables,swiss_ephemeris,moshier"`
}

// profChart is the natal data profections read: plain longitudes, so the
// counting is testable on published placements alone.
type profChart struct {
	asc     float64
	start   float64 // the point profected
	planets []point // natal planets by name
	cusps   *[12]float64
}

// sign returns the sign k signs on (0-based) from the starting point.
func (c *profChart) sign(k int) ProfectedSign {
	s := (signIndex(c.start) + k) % 12
	asc := signIndex(c.asc)
	ps := ProfectedSign{Sign: engine.Signs[s], House: (s-asc+12)%12 + 1, Count: k%12 + 1, Lord: Rulers[s], Planets: []string{}}
	for _, p := range c.planets {
		if signIndex(p.lon) == s {
			ps.Planets = append(ps.Planets, p.name)
		}
		if p.name == ps.Lord {
			ps.At = LordPosition{Position: at(p.lon), WholeSignHouse: (signIndex(p.lon)-asc+12)%12 + 1}
			if c.cusps != nil {
				ps.At.House = houses.Of(p.lon, c.cusps)
			} else {
				ps.At.House = ps.At.WholeSignHouse
			}
		}
	}
	return ps
}

// year returns the profection of year age between the anniversaries from
// and to, and its twelve equal months.
func (c *profChart) year(age int, from, to time.Time) (ProfectionPeriod, []ProfectionPeriod) {
	y := ProfectionPeriod{Index: age, Start: from, End: to, ProfectedSign: c.sign(age)}
	months := make([]ProfectionPeriod, 12)
	span := to.Sub(from)
	for m := range months {
		months[m] = ProfectionPeriod{
			Index: m + 1,
			Start: from.Add(span * time.Duration(m) / 12).Round(time.Second),
			End:   from.Add(span * time.Duration(m+1) / 12).Round(time.Second),
			// The months go on sign by sign from the sign of the year.
			ProfectedSign: c.sign(age + m),
		}
	}
	return y, months
}

// Profect finds the annual profection in force at o.Date (or of the year
// of life o.Age): the starting point's sign moved on one sign for each
// completed year, the lord of that sign, the natal planets in it, and the
// twelve monthly profections of that year.
func Profect(pos engine.Positions, n Natal, o ProfectionOptions) (*Profection, error) {
	o, errs := o.resolve(n)
	if len(errs) > 0 {
		return nil, errs
	}
	c, err := natal.Compute(pos, n.Birth, n.Chart)
	if err != nil {
		return nil, err
	}
	defer c.Release()
	pc := &profChart{asc: c.Ascendant.Longitude, cusps: new([12]float64)}
	for i, cu := range c.Houses.Cusps {
		pc.cusps[i] = cu.Longitude
	}
	// Sun..Pluto and both nodes (the chart lists them first).
	for _, p := range c.Planets[:12] {
		pc.planets = append(pc.planets, point{name: p.Name, lon: p.Longitude})
	}
	switch o.From {
	case FromAscendant:
		pc.start = c.Ascendant.Longitude
	case FromMidheaven:
		pc.start = c.Midheaven.Longitude
	case FromSun:
		pc.start = c.Planets[0].Longitude
	case FromMoon:
		pc.start = c.Planets[1].Longitude
	case FromFortune:
		pc.start = c.PartOfFortune.Longitude
	}

	out := &Profection{From: o.From, FromPosition: at(pc.start), Source: c.Source}
	var from, to time.Time
	if o.Age != nil {
		out.Age = *o.Age
		y0 := n.birthYear()
		from, to = n.anniversary(y0+out.Age), n.anniversary(y0+out.Age+1)
		if out.Age == 0 {
			from = n.born()
		}
	} else {
		d := utc(o.Date)
		out.Date = &d
		out.Age, from, to = n.ageAt(d)
		if out.Age == 0 {
			from = n.born()
		}
	}
	out.Year, out.Months = pc.year(out.Age, from, to)
	if out.Date != nil {
		for i := range out.Months {
			if !out.Date.Before(out.Months[i].Start) && out.Date.Before(out.Months[i].End) {
				out.Month = &out.Months[i]
			}
		}
	}
	out.Conventions = ProfectionConventions{
		ZodiacType: zodiacName(n.Chart), Ayanamsa: n.Chart.Sidereal, From: o.From,
		Years:  "one whole sign per completed year of life, counted from the starting point's sign; the year runs from birthday to birthday (the birth's local date and time; 29 February births on 1 March in common years)",
		Months: "the profection year divided into twelve equal months from the birthday (about 30.44 days each), the first in the sign of the year, each next one a sign further on",
		Rulers: "traditional domicile rulers: Mars Aries/Scorpio, Venus Taurus/Libra, Mercury Gemini/Virgo, Moon Cancer, Sun Leo, Jupiter Sagittarius/Pisces, Saturn Capricorn/Aquarius",
		Houses: "the profected house is counted in whole signs from the Ascendant's sign; the lord's house is given in the chart's house system and in whole signs",
	}
	return out, nil
}
