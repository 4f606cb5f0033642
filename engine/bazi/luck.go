package bazi

import (
	"fmt"
	"math"
	"time"

	"github.com/astroapi/astroapi/engine"
	"github.com/astroapi/astroapi/engine/birth"
	"github.com/astroapi/astroapi/engine/calendar"
	"github.com/astroapi/astroapi/engine/jsonw"
	"github.com/astroapi/astroapi/engine/resolve"
	"github.com/astroapi/astroapi/engine/solarterms"
)

// Sex is the person's sex, which with the year stem's polarity sets the
// direction of the luck pillars.
type Sex string

// The sexes.
const (
	Male   Sex = "male"
	Female Sex = "female"
)

// EnumValues lists the sexes (engine.Enum).
func (Sex) EnumValues() []string { return []string{string(Male), string(Female)} }

// LuckRequest is the input of the luck-pillars route: a birth as the BaZi
// route takes it (the hour required), the sex (required: it sets the
// direction), how many luck pillars, and the years of the annual pillars.
// It resolves itself; resolved, it is its own echo.
type LuckRequest struct {
	Person
	// Gender shadows the person's ignored gender: on this route the sex
	// matters, and it is sent as sex.
	Gender      string      `json:"gender,omitempty" doc:"not read here: send sex (male or female), which sets the direction of the luck pillars; a gender sent is refused with that advice"`
	Sex         Sex         `json:"sex" required:"true" doc:"the person's sex: with the polarity of the year stem it sets the direction of the luck pillars (a Yang year and male, or a Yin year and female: forward; otherwise backward)" example:"female"`
	DayBoundary DayBoundary `json:"day_boundary,omitempty" doc:"when the day pillar changes: zi_start (23:00, the classical Ziping rule) or midnight (00:00); only the day and hour pillars given for reference depend on it" default:"zi_start"`
	Pillars     int         `json:"pillars,omitempty" doc:"how many ten-year luck pillars to list after the start" default:"8" minimum:"1" maximum:"12" example:"8"`
	AnnualFrom  *int        `json:"annual_from,omitempty" doc:"first year of the annual (Liu Nian) pillars listed; default the birth year" minimum:"1583" maximum:"2999" example:"2024"`
	AnnualYears int         `json:"annual_years,omitempty" doc:"how many annual pillars to list from annual_from" default:"10" minimum:"1" maximum:"120" example:"10"`
	MonthsOf    *int        `json:"months_of,omitempty" doc:"a year whose twelve monthly pillars (Liu Yue) to list, with the jie that opens each; none when omitted" minimum:"1583" maximum:"2998" example:"2024"`
}

// Hints answers the names callers send for the ranges and the clock (the
// person's hints but the sex, which this route takes).
func (r *LuckRequest) Hints() map[string]string {
	h := map[string]string{
		"count":     `send pillars (the number of luck pillars, 1-12)`,
		"years":     `send annual_from and annual_years (the first year and the number of annual pillars)`,
		"from":      `send annual_from (the first year of the annual pillars)`,
		"annual_to": `send annual_years (how many annual pillars from annual_from)`,
		"male":      `send sex: "male" or "female"`,
		"female":    `send sex: "male" or "female"`,
	}
	for k, v := range r.Person.Hints() {
		if k != "sex" {
			h[k] = v
		}
	}
	return h
}

// Resolve demands the hour, refuses gender, resolves the person and
// writes the defaults back (the echo states them). Annual pillars of years
// before the birth are given (their nominal ages are zero or less), so
// that every year the tags allow is answered.
func (r *LuckRequest) Resolve(c resolve.Context, prefix string) error {
	var errs engine.Fields
	if r.Hour == nil && r.Time == "" {
		errs.Bad(prefix+"hour", "is required: the hour of birth, 0-23 (or send time, HH:MM)")
	}
	if r.Gender != "" {
		errs.Bad(prefix+"gender", `is not read by the luck pillars: send sex ("male" or "female")`)
	}
	if err := errs.Add(r.Person.Resolve(c, prefix)); err != nil {
		return err
	}
	if r.DayBoundary == "" {
		r.DayBoundary = ZiStart
	}
	if r.Pillars == 0 {
		r.Pillars = 8
	}
	if r.Sex != Male && r.Sex != Female {
		errs.Bad(prefix+"sex", `must be "male" or "female"`)
	}
	if r.AnnualFrom == nil && len(errs) == 0 {
		by := *r.Year
		r.AnnualFrom = &by
	}
	if r.AnnualYears == 0 {
		r.AnnualYears = 10
	}
	return errs.Err()
}

// AppendJSON appends the request as go-json writes it (a test holds the
// two equal): resolved, it is the echo of every luck-pillars call.
func (r *LuckRequest) AppendJSON(b []byte) []byte {
	o := jsonw.Object{B: append(b, '{')}
	r.Person.appendMembers(&o, false)
	o.StringOmit("gender", r.Gender)
	o.String("sex", string(r.Sex))
	o.StringOmit("day_boundary", string(r.DayBoundary))
	if r.Pillars != 0 {
		o.Int("pillars", r.Pillars)
	}
	o.IntPtr("annual_from", r.AnnualFrom)
	if r.AnnualYears != 0 {
		o.Int("annual_years", r.AnnualYears)
	}
	o.IntPtr("months_of", r.MonthsOf)
	return append(o.B, '}')
}

// LuckStart is when the first luck pillar begins.
type LuckStart struct {
	Jie          solarterms.Event `json:"jie" doc:"the jie counted to (forward: the next one after the birth) or from (backward: the last one before it)"`
	DistanceDays float64          `json:"distance_days" doc:"time between the birth and that jie, days (to 1e-6)" example:"22.2485"`
	Years        int              `json:"years" doc:"start age, whole years: three days of distance make a year" minimum:"0" example:"7"`
	Months       int              `json:"months" doc:"and months: six hours of distance make a month" minimum:"0" maximum:"11" example:"4"`
	Days         int              `json:"days" doc:"and days: twelve minutes of distance make a day" minimum:"0" maximum:"29" example:"29"`
	Hours        int              `json:"hours" doc:"and hours: thirty seconds of distance make an hour" minimum:"0" maximum:"23" example:"19"`
	AgeYears     float64          `json:"age_years" doc:"the start age in years of 360 days (distance_days / 3), to 1e-4" example:"7.4163"`
	Date         string           `json:"date" doc:"the local date and time the first luck pillar begins: the birth's civil date and time plus the years, months (the day kept, or the month's last), days and hours, YYYY-MM-DDTHH:MM (Gregorian)" example:"2014-03-18T09:37"`
	Year         int              `json:"year" doc:"the year of date: the first luck pillar's first year" example:"2014"`
	NominalAge   int              `json:"nominal_age" doc:"nominal age (xusui: 1 in the year of birth, one more each new year) in that year" example:"9"`
}

// LuckPillar is one ten-year luck pillar (Da Yun).
type LuckPillar struct {
	Index     int    `json:"index" doc:"1 for the first luck pillar" minimum:"1" example:"1"`
	Pillar    Pillar `json:"pillar" doc:"the pillar: the month pillar moved index places forward or backward in the sixty"`
	StartYear int    `json:"start_year" doc:"first year of the pillar (the start year + 10 (index - 1))" example:"2014"`
	EndYear   int    `json:"end_year" doc:"last year (start_year + 9)" example:"2023"`
	StartAge  int    `json:"start_age" doc:"nominal age (xusui) in start_year" example:"9"`
	EndAge    int    `json:"end_age" doc:"nominal age in end_year" example:"18"`
}

// AnnualPillar is the pillar of one year (Liu Nian).
type AnnualPillar struct {
	Year       int    `json:"year" doc:"Gregorian year; its pillar begins at Lichun (about 4 February)" example:"2024"`
	NominalAge int    `json:"nominal_age" doc:"nominal age (xusui) in that year: year - birth year + 1 (zero or less for a year before the birth)" example:"19"`
	Pillar     Pillar `json:"pillar" doc:"the year's pillar (the sexagenary year that begins at its Lichun)"`
	LuckIndex  int    `json:"luck_index" doc:"index of the luck pillar in force that year (0 before the first)" minimum:"0" example:"2"`
}

// SmallLuck is the small luck pillar (Xiao Yun) of a year before the first
// luck pillar.
type SmallLuck struct {
	Year       int    `json:"year" example:"2006"`
	NominalAge int    `json:"nominal_age" doc:"nominal age (xusui) in that year" example:"1"`
	Pillar     Pillar `json:"pillar" doc:"the hour pillar moved nominal_age places forward or backward in the sixty"`
}

// MonthlyPillar is the pillar of a month of a solar year (Liu Yue).
type MonthlyPillar struct {
	Month  int              `json:"month" doc:"the month of the solar year, 1 (the Yin month Lichun opens) to 12 (the Chou month Xiaohan opens, in the next Gregorian year)" minimum:"1" maximum:"12" example:"1"`
	Pillar Pillar           `json:"pillar" doc:"the month's pillar (five tigers rule from the year's stem)"`
	Starts solarterms.Event `json:"starts" doc:"the jie that opens it"`
}

// Luck is the result of the luck-pillars route.
type Luck struct {
	YearPillar  Pillar          `json:"year_pillar" doc:"the birth's year pillar, whose stem's polarity sets the direction"`
	MonthPillar Pillar          `json:"month_pillar" doc:"the birth's month pillar, from which the luck pillars count"`
	DayPillar   Pillar          `json:"day_pillar" doc:"the birth's day pillar (day master), for reference"`
	HourPillar  Pillar          `json:"hour_pillar" doc:"the birth's hour pillar, for reference"`
	Direction   string          `json:"direction" doc:"forward (toward the next jie, the pillars after the month's in the sixty) or backward" enum:"forward,backward" example:"forward"`
	Rule        string          `json:"rule" doc:"why: the year stem's polarity and the sex"`
	Start       LuckStart       `json:"start"`
	Pillars     []LuckPillar    `json:"pillars" doc:"the luck pillars, ten years each"`
	Annual      []AnnualPillar  `json:"annual" doc:"the annual pillars of annual_years years from annual_from"`
	SmallLuck   []SmallLuck     `json:"small_luck" doc:"Xiao Yun: a pillar for each year from the birth to the first luck pillar, the hour pillar moved one place a year in the luck pillars' direction"`
	Months      []MonthlyPillar `json:"months,omitempty" doc:"with months_of: the twelve monthly pillars (Liu Yue) of that solar year"`
	Birth       Moment          `json:"birth" doc:"the birth instant as interpreted"`
	Conventions Conventions     `json:"conventions"`
	// Warnings are the chart's notes (a birth close to a jie).
	Warnings []string `json:"-"`
}

// lifePerDistance is how much life a second of distance to the jie
// stands for: three days make a year of twelve 30-day months (360 days).
const lifePerDistance = 120

// CastLuck casts the luck and annual pillars of a resolved request. The
// answer is built in place where it is returned (the route answers the
// pointer): some 1.5 KB of pillars and moment that a copy cost twice.
func CastLuck(terms *solarterms.Finder, r *LuckRequest) (*Luck, error) {
	b := r.Birth()
	// The pillars alone (a chart's summary, cycle and counts are not part
	// of this answer), with the jie span that placed the month pillar: the
	// jie counted to or from.
	k, err := castBirth(terms, b, r.DayBoundary)
	if err != nil {
		return nil, err
	}
	jie := k.jie
	year, month := k.year, k.month
	yang := year.Stem().Yang()
	forward := yang == (r.Sex == Male)
	l := &Luck{YearPillar: pillars[year], MonthPillar: pillars[month], DayPillar: pillars[k.day], HourPillar: pillars[k.hour],
		Birth: k.moment(b), Conventions: k.conventions(b), Warnings: k.warnings(b), Direction: "backward"}
	to := jie.Start
	days := float64(b.Instant.JD - jie.Start.JD)
	if forward {
		l.Direction, to, days = "forward", jie.End, float64(jie.End.JD-b.Instant.JD)
	}
	l.Rule = luckRule(year.Stem(), r.Sex)

	// The start age: the distance in whole seconds, scaled to life (three
	// days a year), split as lunar-javascript's exact count splits it.
	dist := int64(math.Floor(days * 86400))
	life := dist * lifePerDistance // seconds of life
	const day = 86400
	st := &l.Start
	st.Jie, st.DistanceDays, st.AgeYears = to.Event(), math.Round(days*1e6)/1e6, math.Round(float64(life)/(360*day)*1e4)/1e4
	st.Years, st.Months, st.Days, st.Hours = splitStart(dist)
	// The start date: the civil birth time plus the years and months (the
	// day of the month kept, or the month's last day), then the rest.
	loc := b.Local
	if loc.Calendar == calendar.Julian { // counted in the Gregorian calendar
		loc.Year, loc.Month, loc.Day, _ = calendar.DateOf(calendar.JulianDay(loc.Year, loc.Month, loc.Day, calendar.Julian), calendar.Gregorian)
	}
	y, m := loc.Year+st.Years, loc.Month+st.Months
	y, m = y+(m-1)/12, (m-1)%12+1
	d := min(loc.Day, daysIn(y, m))
	start := time.Date(y, time.Month(m), d, loc.Hour, loc.Minute, loc.Second, 0, time.UTC).Add(time.Duration(life%(30*day)) * time.Second)
	sy, sm, sd := start.Date()
	sh, smin, _ := start.Clock()
	st.Date = localStamp(birth.Local{Year: sy, Month: int(sm), Day: sd, Hour: sh, Minute: smin}) // as Format("2006-01-02T15:04"): the years are 1583-3012
	st.Year = sy
	birthYear := loc.Year
	st.NominalAge = st.Year - birthYear + 1

	step := -1
	if forward {
		step = 1
	}
	// The lists are filled in place: a pillar is some 200 bytes, and
	// building each element apart and copying it in cost a tenth of the
	// call.
	l.Pillars = make([]LuckPillar, r.Pillars)
	for i := range l.Pillars {
		p, sy := &l.Pillars[i], st.Year+10*i
		p.Index, p.StartYear, p.EndYear, p.StartAge, p.EndAge = i+1, sy, sy+9, sy-birthYear+1, sy-birthYear+10
		p.Pillar = pillars[mod(int(month)+step*(i+1), 60)]
	}
	from := *r.AnnualFrom
	l.Annual = make([]AnnualPillar, r.AnnualYears)
	for i := range l.Annual {
		p, y := &l.Annual[i], from+i
		p.Year, p.NominalAge = y, y-birthYear+1
		if y >= st.Year {
			p.LuckIndex = (y-st.Year)/10 + 1
		}
		p.Pillar = pillars[YearGanZhi(y)]
	}
	hour := k.hour
	l.SmallLuck = make([]SmallLuck, max(st.Year-birthYear, 0))
	for i := range l.SmallLuck {
		p, age := &l.SmallLuck[i], i+1
		p.Year, p.NominalAge = birthYear+i, age
		p.Pillar = pillars[mod(int(hour)+step*age, 60)]
	}
	if r.MonthsOf != nil {
		y := *r.MonthsOf
		l.Months = make([]MonthlyPillar, 12)
		for m := range l.Months {
			ty := y
			if m == 11 {
				ty++ // Xiaohan opens the Chou month in January
			}
			jie, err := terms.Find(ty, solarterms.Term((int(solarterms.Lichun)+2*m)%24))
			if err != nil {
				return nil, err
			}
			l.Months[m] = MonthlyPillar{Month: m + 1, Pillar: PillarOf(MonthGanZhi(YearGanZhi(y), m)), Starts: jie.Event()}
		}
	}
	return l, nil
}

// luckRules holds the rule of every year stem and sex (by Stem, then male
// and female), written once.
var luckRules = func() (out [10][2]string) {
	for st := range Stem(10) {
		for k, sex := range [2]Sex{Male, Female} {
			out[st][k] = ruleOf(st, sex)
		}
	}
	return out
}()

// luckRule returns the rule of the direction: the year stem's polarity
// and the sex.
func luckRule(stem Stem, sex Sex) string {
	switch {
	case stem < 0 || stem >= 10:
	case sex == Male:
		return luckRules[stem][0]
	case sex == Female:
		return luckRules[stem][1]
	}
	return ruleOf(stem, sex)
}

// ruleOf writes the rule of the direction.
func ruleOf(stem Stem, sex Sex) string {
	yang := stem.Yang()
	forward := yang == (sex == Male)
	dir, jie := "backward", "previous"
	if forward {
		dir, jie = "forward", "next"
	}
	return fmt.Sprintf("%s year stem (%s) and %s: %s, counting to the %s jie", polarity(yang), stem.Pinyin(), sex, dir, jie)
}

// splitStart splits a distance to the jie (seconds) into the start age:
// three days of distance make a year of twelve months, six hours a month
// of thirty days, twelve minutes a day, thirty seconds an hour.
func splitStart(dist int64) (years, months, days, hours int) {
	const day = 86400
	life := dist * lifePerDistance
	return int(life / (360 * day)), int(life % (360 * day) / (30 * day)), int(life % (30 * day) / day), int(life % day / 3600)
}

// daysIn returns the days of month m of Gregorian year y.
func daysIn(y, m int) int {
	return time.Date(y, time.Month(m)+1, 0, 0, 0, 0, 0, time.UTC).Day()
}
