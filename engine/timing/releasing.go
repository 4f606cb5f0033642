package timing

import (
	"fmt"
	"math"
	"time"

	"github.com/astroapi/astroapi/engine"
	"github.com/astroapi/astroapi/engine/parts"
)

// Lot names the lot zodiacal releasing starts from. The values are the
// API's wire values.
type Lot string

// The lots of releasing (Valens, Anthology IV.4: "the Lot of Fortune and
// the Daimon", Spirit, for the body and for action).
const (
	LotSpirit  Lot = "spirit"
	LotFortune Lot = "fortune"
)

// EnumValues lists the lots.
func (Lot) EnumValues() []string { return []string{string(LotSpirit), string(LotFortune)} }

// MinorYears are the minor years of the signs' domicile lords, the lengths
// of the releasing periods (Valens, Anthology IV.4; Brennan, Hellenistic
// Astrology, 2017, ch. on zodiacal releasing), from Aries: Mars 15, Venus 8,
// Mercury 20, Moon 25, Sun 19, Mercury 20, Venus 8, Mars 15, Jupiter 12,
// Saturn 27 (Capricorn), Saturn 30 (Aquarius), Jupiter 12. A full round of
// the twelve signs is 211 units.
var MinorYears = [12]int{15, 8, 20, 25, 19, 20, 8, 15, 12, 27, 30, 12}

// levelUnits are the lengths of one minor "year" at each level, in units
// of the fourth level's: a year at level 1, a month (1/12) at level 2, 1/12
// of that at level 3 (2.5 days of a 360-day year) and again at level 4 (5
// hours). Counting in whole level-4 units keeps every boundary exact.
var levelUnits = [5]int64{0, 1728, 144, 12, 1}

// Bounds of the releasing requests.
const (
	MaxLevels = 4
	// MaxOverviewYears is the longest overview; MaxTimelineYears and
	// MaxTimelineYearsL4 bound a timeline's range (Julian years): four
	// levels over 100 years are about 10,000 periods.
	MaxOverviewYears   = 150
	MaxTimelineYears   = 150
	MaxTimelineYearsL4 = 100
)

// ReleasingOptions are the choices every releasing request makes.
type ReleasingOptions struct {
	Lot        Lot        `json:"lot,omitempty" doc:"lot released from" enum:"spirit,fortune" default:"spirit"`
	YearLength YearLength `json:"year_length,omitempty" doc:"length of the periods' year: 360_day (Valens' year of twelve 30-day months), julian (calendar years of 365.25 days) or tropical (365.24219)" enum:"360_day,julian,tropical" default:"360_day"`
}

func (o ReleasingOptions) resolve(errs engine.Fields) (ReleasingOptions, engine.Fields) {
	switch o.Lot {
	case "":
		o.Lot = LotSpirit
	case LotSpirit, LotFortune:
	default:
		errs = append(errs, &engine.FieldError{Field: "lot", Reason: fmt.Sprintf("unknown lot %q: use spirit or fortune", o.Lot)})
	}
	var e *engine.FieldError
	if o.YearLength, e = checkYear(o.YearLength, Year360, "year_length", Year360, YearJulian, YearTropical); e != nil {
		errs = append(errs, e)
	}
	return o, errs
}

func checkLevels(levels *int, def, maxL int) *engine.FieldError {
	if *levels == 0 {
		*levels = def
	}
	if *levels < 1 || *levels > maxL {
		return &engine.FieldError{Field: "levels", Reason: fmt.Sprintf("must be between 1 and %d", maxL)}
	}
	return nil
}

// OverviewOptions ask for the level-1 periods of a life with their
// level-2 sub-periods.
type OverviewOptions struct {
	ReleasingOptions
	Years  int `json:"years,omitempty" doc:"years of life covered from the birth" minimum:"1" maximum:"150" default:"100"`
	Levels int `json:"levels,omitempty" doc:"1: the level-1 periods; 2: each with its level-2 sub-periods" minimum:"1" maximum:"2" default:"2"`
}

func (o OverviewOptions) resolve(n Natal) (OverviewOptions, engine.Fields) {
	var errs engine.Fields
	o.ReleasingOptions, errs = o.ReleasingOptions.resolve(n.Validate())
	if o.Years == 0 {
		o.Years = 100
	}
	if o.Years < 1 || o.Years > MaxOverviewYears {
		errs = append(errs, &engine.FieldError{Field: "years", Reason: fmt.Sprintf("must be between 1 and %d", MaxOverviewYears)})
	}
	if e := checkLevels(&o.Levels, 2, 2); e != nil {
		errs = append(errs, e)
	}
	return o, errs
}

// Validate checks the options against the birth.
func (o OverviewOptions) Validate(n Natal) engine.Fields { _, errs := o.resolve(n); return errs }

// TimelineOptions ask for every period of levels 1 to Levels overlapping a
// range.
type TimelineOptions struct {
	ReleasingOptions
	Start  time.Time `json:"start" doc:"start of the range, RFC 3339; not before the birth" example:"\"2020-01-01T00:00:00Z\""`
	End    time.Time `json:"end" doc:"end of the range, RFC 3339; within 150 years of the birth and of start (100 years with 4 levels)" example:"\"2030-01-01T00:00:00Z\""`
	Levels int       `json:"levels,omitempty" doc:"deepest level listed" minimum:"1" maximum:"4" default:"2"`
}

func (o TimelineOptions) resolve(n Natal) (TimelineOptions, engine.Fields) {
	var errs engine.Fields
	o.ReleasingOptions, errs = o.ReleasingOptions.resolve(n.Validate())
	if e := checkLevels(&o.Levels, 2, MaxLevels); e != nil {
		errs = append(errs, e)
	}
	maxYears, text := float64(MaxTimelineYears), "150 years"
	if o.Levels == 4 {
		maxYears, text = MaxTimelineYearsL4, "100 years with 4 levels"
	}
	errs = append(errs, n.checkRange(o.Start, o.End, "start", "end", maxYears*365.25, text)...)
	return o, errs
}

// Validate checks the options against the birth.
func (o TimelineOptions) Validate(n Natal) engine.Fields { _, errs := o.resolve(n); return errs }

// AtDateOptions ask for the periods in force at a date.
type AtDateOptions struct {
	ReleasingOptions
	Date   time.Time `json:"date" doc:"the date, RFC 3339; not before the birth, within 150 years" example:"\"2024-07-14T00:00:00Z\""`
	Levels int       `json:"levels,omitempty" doc:"deepest level given" minimum:"1" maximum:"4" default:"4"`
}

func (o AtDateOptions) resolve(n Natal) (AtDateOptions, engine.Fields) {
	var errs engine.Fields
	o.ReleasingOptions, errs = o.ReleasingOptions.resolve(n.Validate())
	if e := checkLevels(&o.Levels, MaxLevels, MaxLevels); e != nil {
		errs = append(errs, e)
	}
	if e := n.checkDate(o.Date, "date"); e != nil {
		errs = append(errs, e)
	}
	return o, errs
}

// Validate checks the options against the birth.
func (o AtDateOptions) Validate(n Natal) engine.Fields { _, errs := o.resolve(n); return errs }

// Angularity is a sign's place relative to the Lot of Fortune's sign.
type Angularity string

// The three kinds of place.
const (
	Angular   Angularity = "angular"   // 1st, 4th, 7th, 10th from Fortune: peak periods
	Succedent Angularity = "succedent" // 2nd, 5th, 8th, 11th
	Cadent    Angularity = "cadent"    // 3rd, 6th, 9th, 12th
)

// EnumValues lists the kinds of place.
func (Angularity) EnumValues() []string {
	return []string{string(Angular), string(Succedent), string(Cadent)}
}

// Period is one releasing period.
type Period struct {
	// Small fields are kept together: a timeline of four levels over 80
	// years holds some 9,000 periods.
	Level int8      `json:"level" doc:"1 (years), 2 (months), 3 (1/12 month), 4 (1/144 month)" minimum:"1" maximum:"4"`
	Sign  string    `json:"sign" doc:"sign of the period" example:"Leo"`
	Ruler string    `json:"ruler" doc:"traditional ruler of the sign" example:"Sun"`
	Start time.Time `json:"start" doc:"start, UTC to the second"`
	End   time.Time `json:"end" doc:"end (the next period's start), UTC"`
	// LengthDays is the period's length; FullDays what the sign's years
	// give before a parent's end cuts it short.
	LengthDays  float64    `json:"length_days" doc:"length of the period, days"`
	FullDays    float64    `json:"full_days" doc:"the sign's full length at this level, days (minor years times the level's unit)"`
	Angularity  Angularity `json:"angularity" doc:"the sign's place relative to Fortune" enum:"angular,succedent,cadent"`
	FromFortune int8       `json:"from_fortune" doc:"place of the sign counted from the Lot of Fortune's sign, 1-12" minimum:"1" maximum:"12"`
	Truncated   bool       `json:"truncated" doc:"cut short by the end of its parent period"`
	// LoosingOfBond marks the period entered by the jump: after the
	// sub-periods have gone once round all twelve signs, the next one is
	// the sign opposite the one they started from.
	LoosingOfBond bool `json:"loosing_of_bond" doc:"this period begins the loosing of the bond: the sub-periods completed the twelve signs and jumped to the sign opposite their first"`
	Peak          bool `json:"peak" doc:"peak period: the sign is angular to Fortune (1st, 4th, 7th or 10th from it)"`
	MajorPeak     bool `json:"major_peak" doc:"the sign is 10th from Fortune, the strongest peak"`
}

// PeriodTree is a period with the next level's periods inside it (the
// overview).
type PeriodTree struct {
	Period
	SubPeriods []PeriodTree `json:"sub_periods,omitempty" doc:"the next level's periods within this one"`
}

// LotPlace is a lot's position and formula.
type LotPlace struct {
	Position
	Formula string `json:"formula" doc:"the formula used for the chart's sect" example:"Ascendant + Sun - Moon"`
}

// ReleasingConventions state how the periods were counted.
type ReleasingConventions struct {
	ZodiacType    string          `json:"zodiac_type" doc:"zodiac of the longitudes" enum:"tropical,sidereal"`
	Ayanamsa      engine.Ayanamsa `json:"ayanamsa,omitempty" doc:"ayanamsa of a sidereal zodiac (absent when tropical)"`
	YearLength    YearLength      `json:"year_length" doc:"the year counted in" enum:"360_day,julian,tropical"`
	YearDays      float64         `json:"year_days" doc:"days in that year"`
	Levels        string          `json:"levels" doc:"the unit of each level"`
	MinorYears    string          `json:"minor_years" doc:"the periods of the signs"`
	LoosingOfBond string          `json:"loosing_of_bond" doc:"the rule of the loosing of the bond"`
	Peaks         string          `json:"peaks" doc:"how peak periods and angularity are judged"`
	Lots          string          `json:"lots" doc:"lot formulas and sect"`
}

// ReleasingChart is what every releasing result carries: the lots, the
// chart's sect and the signs angular to Fortune.
type ReleasingChart struct {
	Lot         Lot                  `json:"lot" doc:"lot released from" enum:"spirit,fortune"`
	LotPosition LotPlace             `json:"lot_position" doc:"the released lot"`
	Spirit      LotPlace             `json:"spirit" doc:"Lot of Spirit"`
	Fortune     LotPlace             `json:"fortune" doc:"Lot of Fortune (peaks are judged from it)"`
	DayChart    bool                 `json:"day_chart" doc:"the Sun is above the horizon (lot formulas reverse by night)"`
	PeakSigns   []string             `json:"peak_signs" doc:"the signs angular to Fortune: 1st, 10th, 7th and 4th from it"`
	Conventions ReleasingConventions `json:"conventions"`
	Source      engine.Source        `json:"source" doc:"least precise ephemeris used" enum:"tables,swiss_ephemeris,moshier"`
}

// Releasing is the overview: level-1 periods from the birth, each with its
// level-2 periods when asked.
type Releasing struct {
	ReleasingChart
	Years   int          `json:"years" doc:"years of life covered"`
	Periods []PeriodTree `json:"periods" doc:"level-1 periods from the birth, in order"`
}

// Timeline lists every period of levels 1 to Levels overlapping a range.
type Timeline struct {
	ReleasingChart
	Start   time.Time `json:"start" doc:"start of the range, UTC"`
	End     time.Time `json:"end" doc:"end of the range, UTC"`
	Levels  int       `json:"levels" doc:"deepest level listed"`
	Periods []Period  `json:"periods" doc:"periods overlapping the range in time order, each before its sub-periods (whole periods, not clipped)"`
}

// ActivePeriods are the periods in force at a date, one per level.
type ActivePeriods struct {
	ReleasingChart
	Date    time.Time `json:"date" doc:"the date, UTC"`
	Periods []Period  `json:"periods" doc:"the period in force at each level, level 1 first"`
}

// releaser lays out the periods of one lot.
type releaser struct {
	born    time.Time
	unitNs  int64 // one level-4 unit in nanoseconds
	lotSign int
	fortune int // Fortune's sign
}

// instant is the birth plus units, to the second (the birth is a whole
// second; rounding the offset in integers is cheaper than Time.Round on
// the ten thousand periods of a long timeline).
func (r *releaser) instant(units int64) time.Time {
	ns := units * r.unitNs
	return r.born.Add(time.Duration((ns + 5e8) / 1e9 * 1e9))
}

// period fills a Period for sign s at level l over units [a, b) of a full
// length full.
func (r *releaser) period(l, s int, a, b, full int64, loosed bool) Period {
	k := (s-r.fortune+12)%12 + 1
	ang := [3]Angularity{Angular, Succedent, Cadent}[(k-1)%3]
	day := float64(r.unitNs) / 86400e9
	return Period{
		Level: int8(l), Sign: engine.Signs[s], Ruler: Rulers[s], Start: r.instant(a), End: r.instant(b),
		LengthDays: float64(b-a) * day, FullDays: float64(full) * day, Truncated: b-a < full,
		LoosingOfBond: loosed, FromFortune: int8(k), Angularity: ang, Peak: ang == Angular, MajorPeak: k == 10,
	}
}

// walk visits the periods of level l that tile [start, end) (units from
// birth), starting from sign s0, in order: visit gets the sign, the span,
// the full length and whether the period begins a loosing of the bond, and
// returns false to stop. Level 1 has no parent: end is the horizon asked.
//
// Loosing of the bond (Valens, Anthology IV.4; Brennan 2017, ch. on
// zodiacal releasing): when the sub-periods have gone once round the twelve
// signs (211 units) and the parent is not over, the next sub-period is not
// the first sign again but the sign opposite it, and the count goes on from
// there. Only periods longer than 211 units of the next level loose the
// bond (Gemini, Cancer, Leo, Virgo, Capricorn and Aquarius); a second round
// never completes inside one (the longest, Aquarius, is 360 units).
func walk(l, s0 int, start, end int64, visit func(s int, a, b, full int64, loosed bool) bool) {
	u := levelUnits[l]
	s, first, count := s0, s0, 0
	for t := start; t < end; {
		loosed := false
		if count == 12 {
			s = (first + 6) % 12
			first, count, loosed = s, 0, true
		}
		full := int64(MinorYears[s]) * u
		b := min(t+full, end)
		if !visit(s, t, b, full, loosed) {
			return
		}
		t = b
		s = (s + 1) % 12
		count++
	}
}

// nested returns the periods of level l in [start, end) from sign s0 with
// their sub-periods down to level maxL.
func (r *releaser) nested(l, s0 int, start, end int64, maxL int) []PeriodTree {
	var out []PeriodTree
	walk(l, s0, start, end, func(s int, a, b, full int64, loosed bool) bool {
		p := PeriodTree{Period: r.period(l, s, a, b, full, loosed)}
		if l < maxL {
			p.SubPeriods = r.nested(l+1, s, a, b, maxL)
		}
		out = append(out, p)
		return true
	})
	return out
}

// flat appends to out the periods of levels l..maxL within [start, end)
// from sign s0 that overlap the window [ws, we), each before its
// sub-periods.
func (r *releaser) flat(out []Period, l, s0 int, start, end, ws, we int64, maxL int) []Period {
	walk(l, s0, start, end, func(s int, a, b, full int64, loosed bool) bool {
		if a >= we {
			return false
		}
		if b > ws {
			out = append(out, r.period(l, s, a, b, full, loosed))
			if l < maxL {
				out = r.flat(out, l+1, s, a, b, ws, we, maxL)
			}
		}
		return true
	})
	return out
}

// units returns the level-4 units from birth to t, rounded down.
func (r *releaser) units(t time.Time) int64 { return int64(t.Sub(r.born)) / r.unitNs }

// level1End is the end given to the level-1 walk: level 1 has no parent to
// cut its last period short, so the walk runs until its visitor stops it.
const level1End = int64(1) << 50

// newReleaser casts the lots and prepares the periods of the released
// lot.
func newReleaser(pos engine.Positions, n Natal, o ReleasingOptions) (*releaser, ReleasingChart, error) {
	var rc ReleasingChart
	frame := engine.Options{Sidereal: n.Chart.Sidereal, SkipDistance: true}
	sun, err := pos.Position(n.Birth.JD, engine.Sun, frame)
	if err != nil {
		return nil, rc, err
	}
	moon, err := pos.Position(n.Birth.JD, engine.Moon, frame)
	if err != nil {
		return nil, rc, err
	}
	sys := n.Chart.HouseSystem
	if sys == "" {
		sys = engine.Placidus
	}
	h, err := pos.Houses(n.Birth.JD, n.Birth.Latitude, n.Birth.Longitude, sys, n.Chart.Sidereal)
	if err != nil {
		return nil, rc, err
	}
	day := parts.IsDay(sun.Longitude, h.Ascendant)
	fortune := parts.Fortune.Cast(h.Ascendant, moon.Longitude, sun.Longitude, day)
	spirit := parts.Spirit.Cast(h.Ascendant, sun.Longitude, moon.Longitude, day)
	rc = ReleasingChart{
		Lot:      o.Lot,
		Spirit:   LotPlace{Position: at(spirit), Formula: parts.Spirit.Text(day)},
		Fortune:  LotPlace{Position: at(fortune), Formula: parts.Fortune.Text(day)},
		DayChart: day,
		Source:   sun.Source.Worse(moon.Source).Worse(h.Source),
	}
	rc.LotPosition = rc.Spirit
	if o.Lot == LotFortune {
		rc.LotPosition = rc.Fortune
	}
	fs := signIndex(fortune)
	for _, k := range [4]int{0, 9, 6, 3} {
		rc.PeakSigns = append(rc.PeakSigns, engine.Signs[(fs+k)%12])
	}
	yd := o.YearLength.Days()
	rc.Conventions = ReleasingConventions{
		ZodiacType: zodiacName(n.Chart), Ayanamsa: n.Chart.Sidereal, YearLength: o.YearLength, YearDays: yd,
		Levels:        fmt.Sprintf("level 1: one year (%g days) per minor year; level 2: one month (1/12 year); level 3: 1/12 month; level 4: 1/144 month", yd),
		MinorYears:    "Aries 15, Taurus 8, Gemini 20, Cancer 25, Leo 19, Virgo 20, Libra 8, Scorpio 15, Sagittarius 12, Capricorn 27, Aquarius 30, Pisces 12 (a round of the signs: 211)",
		LoosingOfBond: "each level's periods start from their parent's sign and go on in zodiacal order, the last cut short at the parent's end; once they have gone round all twelve signs inside one parent, the next is the sign opposite their first (Valens IV.4)",
		Peaks:         "angularity is counted from the Lot of Fortune's sign for either lot: 1st, 4th, 7th, 10th angular (peak periods; the 10th the major peak), 2nd, 5th, 8th, 11th succedent, the rest cadent",
		Lots:          "Fortune: Ascendant + Moon - Sun by day, + Sun - Moon by night; Spirit the reverse; day when the Sun is above the horizon (Valens II.1, II.3)",
	}
	r := &releaser{
		born:    n.born(),
		unitNs:  int64(math.Round(yd * 86400e9 / 1728)), // exact: 18000 s for 360 days
		lotSign: signIndex(rc.LotPosition.Longitude),
		fortune: fs,
	}
	return r, rc, nil
}

// Release lays out the zodiacal releasing of the lot: the level-1
// periods from the birth through o.Years years, each with its level-2
// periods when o.Levels is 2.
func Release(pos engine.Positions, n Natal, o OverviewOptions) (*Releasing, error) {
	o, errs := o.resolve(n)
	if len(errs) > 0 {
		return nil, errs
	}
	r, rc, err := newReleaser(pos, n, o.ReleasingOptions)
	if err != nil {
		return nil, err
	}
	end := r.units(r.born.AddDate(o.Years, 0, 0))
	// Level-1 periods that start before the end are given whole.
	var l1 []PeriodTree
	walk(1, r.lotSign, 0, level1End, func(s int, a, b, full int64, loosed bool) bool {
		if a >= end {
			return false
		}
		p := PeriodTree{Period: r.period(1, s, a, b, full, loosed)}
		if o.Levels > 1 {
			p.SubPeriods = r.nested(2, s, a, b, o.Levels)
		}
		l1 = append(l1, p)
		return true
	})
	return &Releasing{ReleasingChart: rc, Years: o.Years, Periods: l1}, nil
}

// ReleaseTimeline lists the periods of levels 1 to o.Levels that overlap
// [o.Start, o.End), in time order, each before its sub-periods.
func ReleaseTimeline(pos engine.Positions, n Natal, o TimelineOptions) (*Timeline, error) {
	o, errs := o.resolve(n)
	if len(errs) > 0 {
		return nil, errs
	}
	r, rc, err := newReleaser(pos, n, o.ReleasingOptions)
	if err != nil {
		return nil, err
	}
	return r.timeline(rc, o), nil
}

func (r *releaser) timeline(rc ReleasingChart, o TimelineOptions) *Timeline {
	ws, we := r.units(o.Start), r.units(o.End)+1
	// Room for the periods in the window, so the slice is not regrown
	// (a regrowth copied 1.4 MB for four levels over 80 years): a round of
	// twelve is 211 units of a level, and truncated periods at the parents'
	// ends add about a tenth.
	span, guess := we-ws, int64(4*o.Levels)
	for l := 1; l <= o.Levels; l++ {
		guess += span * 12 / (211 * levelUnits[l])
	}
	out := r.flat(make([]Period, 0, guess+guess/8), 1, r.lotSign, 0, level1End, ws, we, o.Levels)
	return &Timeline{ReleasingChart: rc, Start: utc(o.Start), End: utc(o.End), Levels: o.Levels, Periods: out}
}

// ReleaseAt returns the period in force at each level 1..o.Levels at
// o.Date.
func ReleaseAt(pos engine.Positions, n Natal, o AtDateOptions) (*ActivePeriods, error) {
	o, errs := o.resolve(n)
	if len(errs) > 0 {
		return nil, errs
	}
	r, rc, err := newReleaser(pos, n, o.ReleasingOptions)
	if err != nil {
		return nil, err
	}
	out := &ActivePeriods{ReleasingChart: rc, Date: utc(o.Date)}
	s, a, b := r.lotSign, int64(0), level1End
	for l := 1; l <= o.Levels; l++ {
		walk(l, s, a, b, func(sg int, pa, pb, full int64, loosed bool) bool {
			// Judged on the listed (rounded) instants: a period owns its
			// start.
			if !o.Date.Before(r.instant(pb)) {
				return true
			}
			out.Periods = append(out.Periods, r.period(l, sg, pa, pb, full, loosed))
			s, a, b = sg, pa, pb
			return false
		})
	}
	return out, nil
}
