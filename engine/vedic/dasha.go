package vedic

import (
	"fmt"
	"math"
	"time"

	"github.com/astroapi/astroapi/engine"
	"github.com/astroapi/astroapi/engine/calendar"
)

// YearLength names the year that converts Vimshottari years to days.
type YearLength string

// The year lengths offered. The Julian year is the default: most software
// and printed ephemerides count dasha years of 365.25 days.
const (
	YearJulian   YearLength = "julian"   // 365.25 days
	YearTropical YearLength = "tropical" // 365.242190 days (mean tropical year, J2000)
	YearSidereal YearLength = "sidereal" // 365.256363 days (sidereal year, J2000)
	YearSavana   YearLength = "savana"   // 360 days (savana year of 12 x 30 civil days)
)

// DefaultYearLength is the year used when a request names none.
const DefaultYearLength = YearJulian

// EnumValues lists the year lengths.
func (YearLength) EnumValues() []string {
	return []string{string(YearJulian), string(YearTropical), string(YearSidereal), string(YearSavana)}
}

// Days returns the length of the year in days (0 for an unknown value).
func (y YearLength) Days() float64 {
	switch y {
	case YearJulian, "":
		return 365.25
	case YearTropical:
		return 365.242190
	case YearSidereal:
		return 365.256363
	case YearSavana:
		return 360
	}
	return 0
}

// Dasha levels: mahadasha only, with antardashas, with pratyantardashas.
const (
	LevelMahadasha       = 1
	LevelAntardasha      = 2
	LevelPratyantardasha = 3
	// MaxDashaLevels bounds the tree: 9 x 9 x 9 = 729 periods at most.
	MaxDashaLevels = LevelPratyantardasha
)

// DashaOptions choose the depth of the dasha tree and the year length.
type DashaOptions struct {
	Levels     int        // 1-3; 0 means 1 (mahadashas only)
	YearLength YearLength // "" means DefaultYearLength
}

// Validate checks the options, naming bad ones by their API field.
func (o DashaOptions) Validate() engine.Fields {
	var errs engine.Fields
	if o.Levels < 0 || o.Levels > MaxDashaLevels {
		errs = append(errs, &engine.FieldError{Field: "levels", Reason: fmt.Sprintf("must be between 1 (mahadashas) and %d (pratyantardashas)", MaxDashaLevels)})
	}
	if o.YearLength.Days() == 0 {
		errs = append(errs, &engine.FieldError{Field: "year_length", Reason: `must be one of "julian", "tropical", "sidereal", "savana"`})
	}
	return errs
}

// DashaPeriod is one period of the Vimshottari tree (spec 2.5: lord,
// start_date, end_date, years), with its sub-periods when asked for.
type DashaPeriod struct {
	Lord       string        `json:"lord" doc:"ruling graha of the period" enum:"Sun,Moon,Mars,Mercury,Jupiter,Venus,Saturn,Rahu,Ketu"`
	StartDate  calendar.Time `json:"start_date" doc:"start of the period, UTC, rounded to the minute (RFC 3339 in the proleptic Gregorian calendar; years before 0000 with a sign, as ISO 8601 expands them)"`
	EndDate    calendar.Time `json:"end_date" doc:"end of the period (start of the next), UTC, rounded to the minute"`
	Years      float64       `json:"years" doc:"full length of the period in dasha years (see conventions.year_length)"`
	SubPeriods []DashaPeriod `json:"sub_periods,omitempty" doc:"antardashas of a mahadasha, pratyantardashas of an antardasha, when levels asks for them"`
}

// Balance is the part of the birth mahadasha that remains at birth.
type Balance struct {
	Lord    string        `json:"lord" doc:"lord of the mahadasha running at birth" enum:"Sun,Moon,Mars,Mercury,Jupiter,Venus,Saturn,Rahu,Ketu"`
	Years   float64       `json:"years" doc:"dasha years remaining at birth"`
	Elapsed float64       `json:"elapsed_fraction" doc:"fraction of the birth nakshatra (and of its mahadasha) the Moon had traversed at birth, 0-1" minimum:"0" maximum:"1"`
	YMD     [3]int        `json:"years_months_days" doc:"the balance as whole years, months of 1/12 year and days, the way almanacs print it"`
	EndDate calendar.Time `json:"end_date" doc:"end of the birth mahadasha, UTC, rounded to the minute"`
}

// DashaConventions state how the dasha was computed.
type DashaConventions struct {
	System     string     `json:"system" doc:"always vimshottari (BPHS ch. 46), 120 years" enum:"vimshottari"`
	YearLength YearLength `json:"year_length" doc:"year converting dasha years to days" enum:"julian,tropical,sidereal,savana"`
	YearDays   float64    `json:"year_days" doc:"days in that year"`
	Ayanamsa   string     `json:"ayanamsa" doc:"always lahiri" enum:"lahiri"`
	Start      string     `json:"start" doc:"how the first period is placed"`
	Levels     int        `json:"levels" doc:"depth of the tree returned: 1 mahadashas, 2 antardashas, 3 pratyantardashas" minimum:"1" maximum:"3"`
}

// Dasha is the Vimshottari dasha of a birth (spec 2.5: birth_nakshatra and
// dasha_periods), with the balance at birth.
type Dasha struct {
	BirthNakshatra Nakshatra        `json:"birth_nakshatra" doc:"the Moon's nakshatra at birth, whose lord starts the sequence"`
	DashaPeriods   []DashaPeriod    `json:"dasha_periods" doc:"the nine mahadashas of one 120-year cycle, from the start of the one running at birth"`
	Balance        Balance          `json:"balance_at_birth" doc:"the part of the birth mahadasha remaining at birth"`
	MoonLongitude  float64          `json:"moon_longitude" doc:"sidereal (Lahiri) longitude of the Moon at birth, degrees"`
	Ayanamsa       AyanamsaValue    `json:"ayanamsa" doc:"the ayanamsa used (always lahiri) and the one requested"`
	Warnings       []string         `json:"warnings,omitempty" doc:"notes on ignored options"`
	Conventions    DashaConventions `json:"conventions" doc:"how the result was computed"`
	Source         engine.Source    `json:"source" enum:"tables,swiss_ephemeris,moshier" doc:"ephemeris that produced the positions"`
}

// VimshottariDasha computes the dasha of a birth from the Moon alone.
func VimshottariDasha(pos engine.Positions, b Birth, o Options, do DashaOptions) (*Dasha, error) {
	if err := b.validate(); err != nil {
		return nil, err
	}
	if errs := append(o.Validate(), do.Validate()...); len(errs) > 0 {
		return nil, errs
	}
	m, err := pos.Position(b.JD, engine.Moon, sidereal)
	if err != nil {
		return nil, err
	}
	aya, err := pos.Ayanamsa(b.JD, engine.Lahiri)
	if err != nil {
		return nil, err
	}
	d := dashaOf(b.JD, m.Longitude, do)
	d.Ayanamsa = o.ayanamsaValue(aya)
	d.Warnings = o.warnings()
	d.Source = m.Source
	return d, nil
}

// Dasha computes the Vimshottari dasha of the chart's Moon.
func (c *Chart) Dasha(do DashaOptions) (*Dasha, error) {
	if errs := do.Validate(); len(errs) > 0 {
		return nil, errs
	}
	d := dashaOf(c.d.jd, c.d.lon[Moon], do)
	d.Ayanamsa, d.Warnings, d.Source = c.Ayanamsa, c.Warnings, c.Source
	return d, nil
}

// dashaOf builds the tree: the birth nakshatra's lord rules first; the
// fraction of the nakshatra the Moon has traversed is the fraction of that
// mahadasha already elapsed at birth (BPHS ch. 46).
func dashaOf(jd engine.JDUT, moon float64, do DashaOptions) *Dasha {
	levels := max(do.Levels, 1)
	yd := do.YearLength.Days()
	yl := do.YearLength
	if yl == "" {
		yl = DefaultYearLength
	}
	n, _, frac := nakshatraIndex(moon)
	nk, _ := NakshatraOf(moon)
	first := n % 9
	lord := dashaOrder[first]
	start := float64(jd) - frac*dashaYears[lord]*yd
	d := &Dasha{
		BirthNakshatra: nk,
		MoonLongitude:  engine.Normalize(moon),
		Conventions: DashaConventions{
			System: "vimshottari", YearLength: yl, YearDays: yd, Ayanamsa: "lahiri", Levels: levels,
			Start: "the first mahadasha is the one running at birth, from its start before birth: elapsed = fraction of the birth nakshatra traversed by the Moon x the lord's years",
		},
	}
	d.DashaPeriods = periods(start, first, 120, 1, levels, yd)
	rem := (1 - frac) * dashaYears[lord]
	d.Balance = Balance{
		Lord: lord.String(), Years: rem, Elapsed: frac, YMD: ymd(rem),
		EndDate: instant(start + dashaYears[lord]*yd),
	}
	return d
}

// periods returns the nine periods that divide a span of total dasha years
// starting at JD start, the first ruled by dashaOrder[first]; each lasts
// total x its lord's years / 120 (BPHS ch. 46 for the antardashas, the
// same proportion again for pratyantardashas), down to level levels.
func periods(start float64, first int, total float64, level, levels int, yd float64) []DashaPeriod {
	out := make([]DashaPeriod, 9)
	t := start
	for i := range 9 {
		k := (first + i) % 9
		g := dashaOrder[k]
		years := total * dashaYears[g] / 120
		end := t + years*yd
		p := DashaPeriod{Lord: g.String(), StartDate: instant(t), EndDate: instant(end), Years: years}
		if level < levels {
			p.SubPeriods = periods(t, k, years, level+1, levels, yd)
		}
		out[i] = p
		t = end
	}
	return out
}

// instant converts a Julian day (UT) to a UTC time rounded to the minute:
// a calendar.Time, whose JSON also writes the years before 0000 that a
// birth near the start of the range reaches (the periods start before the
// birth).
func instant(jd float64) calendar.Time {
	return calendar.TimeOf(engine.JDUT(jd).Time().Round(time.Minute))
}

// ymd splits dasha years into whole years, months (1/12 year) and days
// (1/30 month), rounding the days.
func ymd(years float64) [3]int {
	y := math.Floor(years)
	m := math.Floor((years - y) * 12)
	days := math.Round(((years-y)*12 - m) * 30)
	if days >= 30 {
		days -= 30
		m++
	}
	if m >= 12 {
		m -= 12
		y++
	}
	return [3]int{int(y), int(m), int(days)}
}
