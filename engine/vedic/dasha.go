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

// Dasha levels: mahadasha only, with antardashas, with pratyantardashas,
// with sookshma dashas, with prana dashas.
const (
	LevelMahadasha       = 1
	LevelAntardasha      = 2
	LevelPratyantardasha = 3
	LevelSookshma        = 4
	LevelPrana           = 5
	// MaxDashaLevels bounds the tree: levels 1-3 whole (729
	// pratyantardashas), levels 4 and 5 within a window.
	MaxDashaLevels = LevelPrana
)

// The longest windows of the deep levels, in days: about 550 sookshma
// dashas in ten years, about 500 prana dashas in one.
const (
	MaxSookshmaWindowDays = 3653
	MaxPranaWindowDays    = 366
)

// DashaSystem names a dasha system.
type DashaSystem string

// The systems.
const (
	// Vimshottari: nine lords, 120 years (BPHS ch. 46).
	Vimshottari DashaSystem = "vimshottari"
	// Yogini: eight yoginis of 1 to 8 years, a 36-year cycle, as the
	// Jyotish manuals and Jagannatha Hora reckon it.
	Yogini DashaSystem = "yogini"
	// Ashtottari: eight lords, 108 years, each over a group of three or
	// four nakshatras from Ardra (BPHS ch. 47).
	Ashtottari DashaSystem = "ashtottari"
	// Chara: Jaimini's dasha of the twelve signs from the lagna, as K. N.
	// Rao reckons it (chara.go).
	Chara DashaSystem = "chara"
)

// EnumValues lists the systems.
func (DashaSystem) EnumValues() []string {
	return []string{string(Vimshottari), string(Yogini), string(Ashtottari), string(Chara)}
}

// dashaScheme is a nakshatra dasha: its periods in order, their lords,
// names and years, the cycle, and the first period of a birth nakshatra.
type dashaScheme struct {
	system DashaSystem
	lords  []Graha
	names  []string // the yoginis; nil for Vimshottari
	years  []float64
	total  float64
	first  func(nak int) int // nak 0 (Ashwini) .. 26
	// groups, when set, replaces first: period i rules the arc of
	// groups[i] nakshatras that follows period i-1's, from 0 Aries +
	// offset; the elapsed part is the fraction of that arc traversed.
	groups []int
	offset float64
}

// start returns the period running at a sidereal Moon longitude and the
// fraction of it elapsed.
func (sc *dashaScheme) start(moon float64) (first int, frac float64) {
	if sc.groups == nil {
		n, _, f := nakshatraIndex(moon)
		return sc.first(n), f
	}
	x := engine.Normalize(moon-sc.offset) / NakshatraSpan // nakshatras from the first group's start
	at := 0.0
	for i, g := range sc.groups {
		if x < at+float64(g) || i == len(sc.groups)-1 {
			return i, min(max((x-at)/float64(g), 0), 1)
		}
		at += float64(g)
	}
	return 0, 0
}

var (
	vimshottari = dashaScheme{
		system: Vimshottari, lords: dashaOrder[:], total: 120,
		years: func() []float64 {
			y := make([]float64, 9)
			for i, g := range dashaOrder {
				y[i] = dashaYears[g]
			}
			return y
		}(),
		first: func(n int) int { return n % 9 },
	}
	// yogini: Mangala (the Moon, 1 year), Pingala (the Sun, 2), Dhanya
	// (Jupiter, 3), Bhramari (Mars, 4), Bhadrika (Mercury, 5), Ulka
	// (Saturn, 6), Siddha (Venus, 7), Sankata (Rahu, 8); the first is the
	// remainder of (birth nakshatra number + 3) / 8, counted from Mangala
	// (0 is Sankata).
	yogini = dashaScheme{
		system: Yogini,
		lords:  []Graha{Moon, Sun, Jupiter, Mars, Mercury, Saturn, Venus, Rahu},
		names:  []string{"Mangala", "Pingala", "Dhanya", "Bhramari", "Bhadrika", "Ulka", "Siddha", "Sankata"},
		years:  []float64{1, 2, 3, 4, 5, 6, 7, 8},
		total:  36,
		first:  func(n int) int { return (n + 3) % 8 },
	}
	// ashtottari: the Sun 6 years (Ardra to Ashlesha, four nakshatras),
	// the Moon 15 (Magha to Uttara Phalguni, three), Mars 8 (Hasta to
	// Vishakha, four), Mercury 17 (Anuradha to Mula, three), Saturn 10
	// (Purva Ashadha, Uttara Ashadha with Abhijit, Shravana: the arc of
	// three), Jupiter 19 (Dhanishta to Purva Bhadrapada, three), Rahu 12
	// (Uttara Bhadrapada to Bharani, four), Venus 21 (Krittika to
	// Mrigashira, three); antardashas from the period's own lord in the
	// same order and proportions.
	ashtottari = dashaScheme{
		system: Ashtottari,
		lords:  []Graha{Sun, Moon, Mars, Mercury, Saturn, Jupiter, Rahu, Venus},
		years:  []float64{6, 15, 8, 17, 10, 19, 12, 21},
		total:  108,
		groups: []int{4, 3, 4, 3, 3, 3, 4, 3},
		offset: 5 * NakshatraSpan, // Ardra
	}
)

// DashaOptions choose the system, the depth of the dasha tree and the
// year length.
type DashaOptions struct {
	System     DashaSystem // "" means Vimshottari
	Levels     int         // 1-5; 0 means 1 (mahadashas only)
	YearLength YearLength  // "" means DefaultYearLength
	// From and To (Julian days, UT) bound where levels 4 and 5 are
	// expanded: a pratyantardasha (or sookshma) gets its sub-periods when
	// it overlaps [From, To). Required for levels 4 and 5.
	From, To engine.JDUT
}

// Validate checks the options, naming bad ones by their API field.
func (o DashaOptions) Validate() engine.Fields {
	var errs engine.Fields
	if o.Levels < 0 || o.Levels > MaxDashaLevels {
		errs = append(errs, &engine.FieldError{Field: "levels", Reason: fmt.Sprintf("must be between 1 (mahadashas) and %d (prana dashas)", MaxDashaLevels)})
	}
	if o.Levels > LevelPratyantardasha {
		limit := map[bool]float64{true: MaxPranaWindowDays, false: MaxSookshmaWindowDays}[o.Levels == LevelPrana]
		switch {
		case o.To <= o.From:
			errs = append(errs, &engine.FieldError{Field: "to", Reason: "levels 4 and 5 need a window: from, and to after it"})
		case float64(o.To-o.From) > limit:
			errs = append(errs, &engine.FieldError{Field: "to", Reason: fmt.Sprintf("the window of level %d is at most %g days", o.Levels, limit)})
		}
	}
	if o.System != "" && o.System != Vimshottari && o.System != Yogini && o.System != Ashtottari && o.System != Chara {
		errs = append(errs, &engine.FieldError{Field: "system", Reason: `must be "vimshottari", "yogini", "ashtottari" or "chara"`})
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
	Yogini     string        `json:"yogini,omitempty" doc:"system yogini: the yogini of the period (its lord is the graha she stands for)" enum:"Mangala,Pingala,Dhanya,Bhramari,Bhadrika,Ulka,Siddha,Sankata"`
	Sign       string        `json:"sign,omitempty" doc:"system chara: the sign of the period; lord is the graha its years were counted to" enum:"Aries,Taurus,Gemini,Cancer,Leo,Virgo,Libra,Scorpio,Sagittarius,Capricorn,Aquarius,Pisces"`
	StartDate  calendar.Time `json:"start_date" doc:"start of the period, UTC, rounded to the minute (RFC 3339 in the proleptic Gregorian calendar; years before 0000 with a sign, as ISO 8601 expands them)"`
	EndDate    calendar.Time `json:"end_date" doc:"end of the period (start of the next), UTC, rounded to the minute"`
	Years      float64       `json:"years" doc:"full length of the period in dasha years (see conventions.year_length)"`
	SubPeriods []DashaPeriod `json:"sub_periods,omitempty" doc:"antardashas of a mahadasha, pratyantardashas of an antardasha, when levels asks for them"`
}

// Balance is the part of the birth mahadasha that remains at birth.
type Balance struct {
	Lord    string        `json:"lord" doc:"lord of the mahadasha running at birth" enum:"Sun,Moon,Mars,Mercury,Jupiter,Venus,Saturn,Rahu,Ketu"`
	Yogini  string        `json:"yogini,omitempty" doc:"system yogini: the yogini of the dasha running at birth" enum:"Mangala,Pingala,Dhanya,Bhramari,Bhadrika,Ulka,Siddha,Sankata"`
	Sign    string        `json:"sign,omitempty" doc:"system chara: the lagna's sign, whose dasha starts at birth (balance its full years)" enum:"Aries,Taurus,Gemini,Cancer,Leo,Virgo,Libra,Scorpio,Sagittarius,Capricorn,Aquarius,Pisces"`
	Years   float64       `json:"years" doc:"dasha years remaining at birth"`
	Elapsed float64       `json:"elapsed_fraction" doc:"fraction of the birth nakshatra (and of its mahadasha) the Moon had traversed at birth, 0-1 (chara: 0, its first dasha starts at birth)" minimum:"0" maximum:"1"`
	YMD     [3]int        `json:"years_months_days" doc:"the balance as whole years, months of 1/12 year and days, the way almanacs print it"`
	EndDate calendar.Time `json:"end_date" doc:"end of the birth mahadasha, UTC, rounded to the minute"`
}

// DashaConventions state how the dasha was computed.
type DashaConventions struct {
	System        DashaSystem     `json:"system" doc:"vimshottari (BPHS ch. 46: nine lords, 120 years), yogini (eight yoginis of 1 to 8 years, 36 years), ashtottari (eight lords over groups of nakshatras from Ardra, 108 years) or chara (Jaimini's sign dasha, K. N. Rao's reckoning)" enum:"vimshottari,yogini,ashtottari,chara"`
	YearLength    YearLength      `json:"year_length" doc:"year converting dasha years to days" enum:"julian,tropical,sidereal,savana"`
	YearDays      float64         `json:"year_days" doc:"days in that year"`
	Ayanamsa      string          `json:"ayanamsa" doc:"the ayanamsa of the Moon's longitude (as ayanamsa.name)" enum:"-"`
	Start         string          `json:"start" doc:"how the first period is placed"`
	Direction     string          `json:"direction,omitempty" doc:"chara: savya (the signs run through the zodiac) or apasavya (backward), from the ninth sign from the lagna" enum:"savya,apasavya"`
	Applicability string          `json:"applicability,omitempty" doc:"ashtottari: when the texts use it (stated, not enforced)"`
	Levels        int             `json:"levels" doc:"depth of the tree returned: 1 mahadashas, 2 antardashas, 3 pratyantardashas, 4 sookshma, 5 prana dashas" minimum:"1" maximum:"5"`
	Window        []calendar.Time `json:"window,omitempty" doc:"levels 4 and 5: the UTC instants of from and to; only the periods that overlap this window have sub-periods below level 3"`
}

// Dasha is the Vimshottari dasha of a birth (spec 2.5: birth_nakshatra and
// dasha_periods), with the balance at birth.
type Dasha struct {
	BirthNakshatra Nakshatra        `json:"birth_nakshatra" doc:"the Moon's nakshatra at birth, whose lord starts the sequence"`
	DashaPeriods   []DashaPeriod    `json:"dasha_periods" doc:"the mahadashas from the start of the one running at birth: Vimshottari's nine (one 120-year cycle), Ashtottari's eight (one 108-year cycle), Yogini's four cycles of eight (144 years), Chara's twelve signs from birth twice (the second cycle 12 years less the first; signs left with none skipped)"`
	Balance        Balance          `json:"balance_at_birth" doc:"the part of the birth mahadasha remaining at birth"`
	MoonLongitude  float64          `json:"moon_longitude" doc:"sidereal longitude of the Moon at birth (in the ayanamsa used), degrees"`
	Ayanamsa       AyanamsaValue    `json:"ayanamsa" doc:"the ayanamsa used and the one requested"`
	Warnings       []string         `json:"warnings,omitempty" doc:"notes on ignored options"`
	Conventions    DashaConventions `json:"conventions" doc:"how the result was computed"`
	Source         engine.Source    `json:"source" enum:"tables,swiss_ephemeris,moshier" doc:"ephemeris that produced the positions"`
}

// VimshottariDasha computes the dasha of a birth: the Vimshottari, or the
// system do names; all but Chara from the Moon alone.
func VimshottariDasha(pos engine.Positions, b Birth, o Options, do DashaOptions) (*Dasha, error) {
	if err := b.validate(); err != nil {
		return nil, err
	}
	if errs := append(o.Validate(), do.Validate()...); len(errs) > 0 {
		return nil, errs
	}
	if do.System == Chara {
		c, err := Natal(pos, b, o)
		if err != nil {
			return nil, err
		}
		return c.Dasha(do)
	}
	f := o.frame()
	m, err := f.position(pos, b.JD, engine.Moon)
	if err != nil {
		return nil, err
	}
	aya, err := f.degrees(pos, b.JD)
	if err != nil {
		return nil, err
	}
	d := dashaOf(b.JD, m.Longitude, do)
	d.Ayanamsa = f.ayanamsaValue(aya)
	d.Conventions.Ayanamsa = string(f.label())
	d.Source = m.Source
	return d, nil
}

// Dasha computes the dasha do names (Vimshottari by default) of the
// chart: of its Moon, or for Chara of its signs.
func (c *Chart) Dasha(do DashaOptions) (*Dasha, error) {
	if errs := do.Validate(); len(errs) > 0 {
		return nil, errs
	}
	var d *Dasha
	if do.System == Chara {
		d = c.charaDasha(do)
	} else {
		d = dashaOf(c.d.jd, c.d.lon[Moon], do)
	}
	d.Ayanamsa, d.Warnings, d.Source = c.Ayanamsa, c.Warnings, c.Source
	d.Conventions.Ayanamsa = string(c.Ayanamsa.Name)
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
	sc := &vimshottari
	switch do.System {
	case Yogini:
		sc = &yogini
	case Ashtottari:
		sc = &ashtottari
	}
	first, frac := sc.start(moon)
	nk, _ := NakshatraOf(moon)
	start := float64(jd) - frac*sc.years[first]*yd
	d := &Dasha{
		BirthNakshatra: nk,
		MoonLongitude:  engine.Normalize(moon),
		Conventions: DashaConventions{
			System: sc.system, YearLength: yl, YearDays: yd, Ayanamsa: string(engine.Lahiri), Levels: levels,
			Start: "the first mahadasha is the one running at birth, from its start before birth: elapsed = fraction of the birth nakshatra traversed by the Moon x the period's years",
		},
	}
	w := window{from: float64(do.From), to: float64(do.To)}
	if levels > LevelPratyantardasha {
		d.Conventions.Window = []calendar.Time{instant(w.from), instant(w.to)}
	}
	// Vimshottari and Ashtottari: one cycle; Yogini: four, past 120
	// years after birth.
	cycles := 1
	if sc.system == Yogini {
		cycles = 4
	}
	for c := range cycles {
		d.DashaPeriods = append(d.DashaPeriods, sc.periods(start+float64(c)*sc.total*yd, first, sc.total, 1, levels, yd, w)...)
	}
	rem := (1 - frac) * sc.years[first]
	d.Balance = Balance{
		Lord: sc.lords[first].String(), Years: rem, Elapsed: frac, YMD: ymd(rem),
		EndDate: instant(start + sc.years[first]*yd),
	}
	if sc.names != nil {
		d.Balance.Yogini = sc.names[first]
	}
	if sc.system == Ashtottari {
		d.Conventions.Start = "the first mahadasha is the one running at birth, from its start before birth: elapsed = fraction of the lord's group of nakshatras (from Ardra: 4, 3, 4, 3, 3, 3, 4, 3) traversed by the Moon x the lord's years; Abhijit lies inside Saturn's arc"
		d.Conventions.Applicability = "BPHS ch. 47: Ashtottari is used when Rahu is in a kendra or a trikona from the lagna's lord, not in the lagna (some add: a birth in the dark fortnight by day or the bright fortnight by night); this route computes it whenever asked"
	}
	return d
}

// window is where the levels below the third are expanded.
type window struct{ from, to float64 }

// periods returns the periods that divide a span of total dasha years
// starting at JD start, the first the scheme's period first; each lasts
// total x its years / the cycle (BPHS ch. 46 for the antardashas, the
// same proportion again at every level below), down to level levels;
// below the third level only within w.
func (sc *dashaScheme) periods(start float64, first int, total float64, level, levels int, yd float64, w window) []DashaPeriod {
	n := len(sc.years)
	out := make([]DashaPeriod, n)
	t := start
	for i := range n {
		k := (first + i) % n
		years := total * sc.years[k] / sc.total
		end := t + years*yd
		p := DashaPeriod{Lord: sc.lords[k].String(), StartDate: instant(t), EndDate: instant(end), Years: years}
		if sc.names != nil {
			p.Yogini = sc.names[k]
		}
		if level < levels && (level < LevelPratyantardasha || end > w.from && t < w.to) {
			p.SubPeriods = sc.periods(t, k, years, level+1, levels, yd, w)
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
