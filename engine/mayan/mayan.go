package mayan

import (
	"fmt"
	"math"
	"strconv"

	"github.com/astroapi/astroapi/engine"
)

// Calendar names the calendar a date is written in.
type Calendar string

// The calendars.
const (
	// Gregorian: the proleptic Gregorian calendar, also before 1582 (the
	// default; astronomical year numbering, 0 = 1 BCE).
	Gregorian Calendar = "gregorian"
	// Julian: the Julian calendar, in which historical and epigraphic
	// sources give dates before 15 October 1582.
	Julian Calendar = "julian"
)

// EnumValues lists the calendars (engine.Enum).
func (Calendar) EnumValues() []string { return []string{string(Gregorian), string(Julian)} }

// The dates accepted: from the Long Count's zero day (11 August 3114 BCE,
// astronomical year -3113) to the end of 2999 CE.
const (
	MinYear = -3113
	MaxYear = 2999
)

// Options choose the correlation and the calendar of the input date.
type Options struct {
	Correlation int      `json:"correlation,omitempty" doc:"Julian day number of the Long Count's zero day: 584283 (GMT, default), 584284, 584285 (Lounsbury; Martin and Grube), 584286 (Martin and Skidmore), or another of 584280-584286" minimum:"584280" maximum:"584286" default:"584283" example:"584283"`
	Calendar    Calendar `json:"calendar,omitempty" doc:"calendar of the date: gregorian (proleptic, default) or julian" enum:"gregorian,julian" default:"gregorian"`
}

func (o Options) correlation() int {
	if o.Correlation == 0 {
		return GMT
	}
	return o.Correlation
}

func (o Options) calendar() Calendar {
	if o.Calendar == "" {
		return Gregorian
	}
	return o.Calendar
}

// validate checks the options; prefix is "" (they sit at the top level).
func (o Options) validate() engine.Fields {
	var errs engine.Fields
	if c := o.Correlation; c != 0 && (c < MinCorrelation || c > MaxCorrelation) {
		errs = append(errs, &engine.FieldError{Field: "correlation", Reason: fmt.Sprintf("must be between %d and %d (584283 is the GMT correlation)", MinCorrelation, MaxCorrelation)})
	}
	if c := o.Calendar; c != "" && c != Gregorian && c != Julian {
		errs = append(errs, &engine.FieldError{Field: "calendar", Reason: "must be gregorian or julian"})
	}
	return errs
}

// Date is a civil date, with an hour that changes nothing (Maya days are
// taken as civil days, midnight to midnight) but is accepted and echoed.
type Date struct {
	Year  int  `json:"year" required:"true" doc:"year, astronomical numbering (0 = 1 BCE)" minimum:"-3113" maximum:"2999" example:"2012"`
	Month int  `json:"month" required:"true" doc:"month, 1-12" minimum:"1" maximum:"12" example:"12"`
	Day   int  `json:"day" required:"true" doc:"day of the month" minimum:"1" maximum:"31" example:"21"`
	Hour  *int `json:"hour,omitempty" default:"12" doc:"hour, 0-23; it changes nothing: the Maya day is taken as the civil date" minimum:"0" maximum:"23" example:"12"`
}

// validate checks d in calendar cal; prefix names the fields ("person1.").
func (d Date) validate(prefix string, cal Calendar) engine.Fields {
	var errs engine.Fields
	bad := func(f, format string, a ...any) {
		errs = append(errs, &engine.FieldError{Field: prefix + f, Reason: fmt.Sprintf(format, a...)})
	}
	if d.Year < MinYear || d.Year > MaxYear {
		bad("year", "must be between %d (3114 BCE, the Long Count's zero day) and %d", MinYear, MaxYear)
	}
	monthOK := d.Month >= 1 && d.Month <= 12
	if !monthOK {
		bad("month", "must be between 1 and 12")
	}
	switch n := daysIn(d.Year, d.Month, cal); {
	case d.Day < 1:
		bad("day", "must be 1 or more")
	case monthOK && d.Day > n:
		bad("day", "%d-%02d has %d days in the %s calendar", d.Year, d.Month, n, cal)
	case d.Day > 31:
		bad("day", "must be at most 31")
	}
	if d.Hour != nil && (*d.Hour < 0 || *d.Hour > 23) {
		bad("hour", "must be between 0 and 23")
	}
	return errs
}

func daysIn(y, m int, cal Calendar) int {
	if m < 1 || m > 12 {
		return 31
	}
	leap := mod(y, 4) == 0
	if cal != Julian {
		leap = leap && (mod(y, 100) != 0 || mod(y, 400) == 0)
	}
	if m == 2 && leap {
		return 29
	}
	return [13]int{0, 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31}[m]
}

// dayOf returns the Maya day of a validated date, or a field error when it
// falls before the Long Count's zero day.
func dayOf(d Date, o Options, prefix string) (Day, int, error) {
	jdn := gregorianJDN(d.Year, d.Month, d.Day)
	if o.calendar() == Julian {
		jdn = julianJDN(d.Year, d.Month, d.Day)
	}
	day := FromJDN(jdn, o.correlation())
	if day < 0 {
		return 0, 0, &engine.FieldError{Field: prefix + "year", Reason: "the date falls before the Long Count's zero day (13.0.0.0.0 4 Ajaw 8 Kumk'u)"}
	}
	return day, jdn, nil
}

// Input is a Tzolk'in or chart request.
type Input struct {
	Date
	Options
}

// Validate checks every field by its JSON name.
func (in Input) Validate() engine.Fields {
	return append(in.Options.validate(), in.Date.validate("", in.Options.calendar())...)
}

// Meanings are the interpretive meanings of a day.
type Meanings struct {
	Sign      string `json:"sign" doc:"meaning of the day sign (modern interpretation)"`
	SignGloss string `json:"sign_gloss" doc:"literal gloss of the sign's name" example:"lord, sun, blowgunner"`
	Tone      string `json:"tone" doc:"meaning of the tone (modern interpretation)"`
	Keyword   string `json:"tone_keyword" doc:"the tone's keyword" example:"definition"`
	Direction string `json:"direction" doc:"direction of the sign" enum:"East,North,West,South" example:"West"`
	Color     string `json:"color" doc:"colour of the direction" enum:"red,white,black,yellow" example:"black"`
	Combined  string `json:"combined" doc:"the day read as tone and sign together"`
}

// Tzolkin is the Tzolk'in result: the 260-day count.
type Tzolkin struct {
	Tone       int      `json:"tone" doc:"the day's number, 1-13" minimum:"1" maximum:"13" example:"4"`
	ToneName   string   `json:"tone_name" doc:"the number in Yucatec Maya" example:"Kan"`
	Sign       string   `json:"sign" doc:"day sign, Yucatec name (Academia de Lenguas Mayas orthography)" example:"Ajaw"`
	SignKiche  string   `json:"sign_kiche" doc:"day sign, K'iche' name" example:"Ajpu"`
	SignNumber int      `json:"sign_number" doc:"place of the sign, 1 (Imix) to 20 (Ajaw)" minimum:"1" maximum:"20" example:"20"`
	Combined   string   `json:"combined" doc:"tone and sign" example:"4 Ajaw"`
	DayNumber  int      `json:"day_number" doc:"place in the 260-day count, 1 (1 Imix) to 260 (13 Ajaw)" minimum:"1" maximum:"260" example:"160"`
	Meanings   Meanings `json:"meanings"`
}

// TzolkinOf returns the Tzolk'in of a day.
func TzolkinOf(d Day) Tzolkin { return tzolkins[d.TzolkinIndex()-1] }

// tzolkins holds the 260 days of the count, built once: a Tzolk'in
// request is then integer arithmetic and a copy.
var tzolkins = func() (out [260]Tzolkin) {
	for d := Day(0); d < 260; d++ {
		out[d.TzolkinIndex()-1] = newTzolkin(d)
	}
	return out
}()

func newTzolkin(d Day) Tzolkin {
	t, s := d.Tzolkin()
	sg, tn := signs[s], tones[t]
	dir := directions[s%4]
	return Tzolkin{
		Tone: t, ToneName: tn.numeral, Sign: sg.yucatec, SignKiche: sg.kiche, SignNumber: int(s) + 1,
		Combined: strconv.Itoa(t) + " " + sg.yucatec, DayNumber: d.TzolkinIndex(),
		Meanings: Meanings{
			Sign: sg.meaning, SignGloss: sg.gloss, Tone: tn.meaning, Keyword: tn.keyword, Direction: dir[0], Color: dir[1],
			Combined: sg.yucatec + " (" + sg.gloss + ") with the tone of " + tn.keyword + ": " + tn.meaning + "; " + sg.meaning,
		},
	}
}

// TzolkinFor validates in and returns the Tzolk'in of its date.
func TzolkinFor(in Input) (Tzolkin, error) {
	if errs := in.Validate(); len(errs) > 0 {
		return Tzolkin{}, errs
	}
	d, _, err := dayOf(in.Date, in.Options, "")
	if err != nil {
		return Tzolkin{}, err
	}
	return TzolkinOf(d), nil
}

// Haab is the day's place in the 365-day year.
type Haab struct {
	Day         int    `json:"day" doc:"day of the month, 0-19 (0 is the month's seating; Wayeb' has 0-4)" minimum:"0" maximum:"19" example:"3"`
	Month       string `json:"month" doc:"month name" example:"K'ank'in"`
	MonthNumber int    `json:"month_number" doc:"1 (Pop) to 19 (Wayeb')" minimum:"1" maximum:"19" example:"14"`
	MonthGloss  string `json:"month_gloss" doc:"common gloss of the month's name" example:"yellow sun"`
	Combined    string `json:"combined" doc:"day and month" example:"3 K'ank'in"`
}

// LongCount is the day's Long Count.
type LongCount struct {
	Baktun            int    `json:"baktun" doc:"periods of 144,000 days" example:"13"`
	Katun             int    `json:"katun" doc:"periods of 7,200 days, 0-19" example:"0"`
	Tun               int    `json:"tun" doc:"periods of 360 days, 0-19" example:"0"`
	Winal             int    `json:"winal" doc:"periods of 20 days, 0-17" example:"0"`
	Kin               int    `json:"kin" doc:"days, 0-19" example:"0"`
	Notation          string `json:"notation" doc:"b'ak'tun.k'atun.tun.winal.k'in" example:"13.0.0.0.0"`
	DaysSinceCreation int    `json:"days_since_creation" doc:"days since 13.0.0.0.0 4 Ajaw 8 Kumk'u (written 0.0.0.0.0 here)" example:"1872000"`
}

// LordOfNight is the day's place in the nine-day cycle of the Lords of the
// Night.
type LordOfNight struct {
	Number int    `json:"number" doc:"1-9" minimum:"1" maximum:"9" example:"9"`
	Glyph  string `json:"glyph" doc:"Thompson's designation of the glyph (the Lords' names are not securely read)" example:"G9"`
}

// YearBearer is the Tzolk'in day on which the current Haab' year began.
type YearBearer struct {
	Sign      string `json:"sign" doc:"day sign of the year's first day" enum:"Ik',Manik',Eb',Kaban" example:"Kaban"`
	SignKiche string `json:"sign_kiche" example:"No'j"`
	Tone      int    `json:"tone" minimum:"1" maximum:"13" example:"1"`
	Combined  string `json:"combined" example:"1 Kaban"`
	YearStart string `json:"year_start" doc:"date of 0 Pop, the day the Haab' year began, in the request's calendar (YYYY-MM-DD)" example:"2012-04-02"`
	System    string `json:"system" doc:"the year-bearer system used"`
}

// Interpretation reads the chart as a whole.
type Interpretation struct {
	Summary    string `json:"summary" doc:"the day sign and tone together"`
	DaySign    string `json:"day_sign" doc:"meaning of the day sign"`
	Tone       string `json:"tone" doc:"meaning of the tone"`
	YearBearer string `json:"year_bearer" doc:"what the year bearer adds"`
	Note       string `json:"note" doc:"what the interpretation rests on"`
}

// Conventions states how the chart was computed.
type Conventions struct {
	Correlation int      `json:"correlation" doc:"Julian day number of the Long Count's zero day used" example:"584283"`
	Calendar    Calendar `json:"calendar" doc:"calendar the date was read in" enum:"gregorian,julian"`
	JulianDay   int      `json:"julian_day_number" doc:"Julian day number of the date" example:"2456283"`
	Hour        string   `json:"hour" doc:"what the hour changes"`
	HaabDays    string   `json:"haab_days" doc:"how Haab' days are numbered"`
}

// Chart is the Mayan chart result.
type Chart struct {
	Tzolkin        Tzolkin        `json:"tzolkin"`
	Haab           Haab           `json:"haab"`
	LongCount      LongCount      `json:"long_count"`
	LordOfNight    LordOfNight    `json:"lord_of_night"`
	YearBearer     YearBearer     `json:"year_bearer"`
	Interpretation Interpretation `json:"interpretation"`
	CalendarRound  string         `json:"calendar_round" doc:"Tzolk'in and Haab' together" example:"4 Ajaw 3 K'ank'in"`
	Conventions    Conventions    `json:"conventions"`
}

// yearBearerSystem states the system of YearBearer.
const yearBearerSystem = "Classic (Tikal) system: the bearer is the Tzolk'in day of 0 Pop, the seating of the year, so bearers are Ik', Manik', Eb' and Kaban (Iq', Kej, E and No'j, the four Mam of the K'iche' daykeepers); Landa's Postclassic Yucatec bearers K'an, Muluk, Ix and Kawak fall two days later"

// ChartFor validates in and returns the chart of its date.
func ChartFor(in Input) (Chart, error) {
	if errs := in.Validate(); len(errs) > 0 {
		return Chart{}, errs
	}
	d, jdn, err := dayOf(in.Date, in.Options, "")
	if err != nil {
		return Chart{}, err
	}
	return chartOf(d, jdn, in.Options), nil
}

func chartOf(d Day, jdn int, o Options) Chart {
	tz := TzolkinOf(d)
	hd, hm := d.Haab()
	lc := d.LongCount()
	notation := strconv.Itoa(lc[0]) + "." + strconv.Itoa(lc[1]) + "." + strconv.Itoa(lc[2]) + "." + strconv.Itoa(lc[3]) + "." + strconv.Itoa(lc[4])
	ys := d.YearStart()
	yt, ysign := ys.Tzolkin()
	var y, m, dd int
	if o.calendar() == Julian {
		y, m, dd = julianDate(int(ys) + o.correlation())
	} else {
		y, m, dd = gregorianDate(int(ys) + o.correlation())
	}
	lord := d.LordOfNight()
	c := Chart{
		Tzolkin: tz,
		Haab: Haab{Day: hd, Month: months[hm].name, MonthNumber: hm + 1, MonthGloss: months[hm].gloss,
			Combined: strconv.Itoa(hd) + " " + months[hm].name},
		LongCount:   LongCount{Baktun: lc[0], Katun: lc[1], Tun: lc[2], Winal: lc[3], Kin: lc[4], Notation: notation, DaysSinceCreation: int(d)},
		LordOfNight: LordOfNight{Number: lord, Glyph: "G" + strconv.Itoa(lord)},
		YearBearer: YearBearer{Sign: ysign.Yucatec(), SignKiche: ysign.Kiche(), Tone: yt, Combined: strconv.Itoa(yt) + " " + ysign.Yucatec(),
			YearStart: dateStamp(y, m, dd), System: yearBearerSystem},
		CalendarRound: d.CalendarRound(),
		Conventions: Conventions{Correlation: o.correlation(), Calendar: o.calendar(), JulianDay: jdn,
			Hour:     "accepted (default 12) and changes nothing: each Maya day is taken as the civil date, midnight to midnight",
			HaabDays: "0-19: day 0 is the seating of the month (some sources write it as day 20 of the month before); Wayeb' has days 0-4"},
	}
	sg := signs[ysign]
	c.Interpretation = Interpretation{
		Summary:    tz.Combined + ": " + tz.Meanings.Combined,
		DaySign:    tz.Sign + " (" + tz.SignKiche + " in K'iche', " + tz.Meanings.SignGloss + "): " + tz.Meanings.Sign,
		Tone:       strconv.Itoa(tz.Tone) + " (" + tz.ToneName + ", " + tz.Meanings.Keyword + "): " + tz.Meanings.Tone,
		YearBearer: "the year is carried by " + c.YearBearer.Combined + " (" + sg.gloss + "): " + sg.meaning,
		Note:       "interpretive keywords follow common modern daykeeping usage in this project's wording; the calendar values are exact",
	}
	return c
}

// Person is one side of a Mayan compatibility: their sign, tone and both.
type Person struct {
	Sign     string `json:"sign" doc:"day sign, Yucatec" example:"Ajaw"`
	Tone     int    `json:"tone" minimum:"1" maximum:"13" example:"4"`
	Combined string `json:"combined" example:"4 Ajaw"`
}

// Score is a scored relation, 1-10.
type Score struct {
	Score       int    `json:"score" doc:"1 (worst) to 10 (best)" minimum:"1" maximum:"10" example:"9"`
	Relation    string `json:"relation" doc:"the relation found"`
	Description string `json:"description"`
	Rule        string `json:"rule" doc:"the rule that scored it"`
}

// Compatibility is the Mayan compatibility result. Both scores are
// symmetric: swapping the people changes neither.
type Compatibility struct {
	Person1           Person      `json:"person1"`
	Person2           Person      `json:"person2"`
	SignCompatibility Score       `json:"sign_compatibility"`
	ToneCompatibility Score       `json:"tone_compatibility"`
	OverallScore      float64     `json:"overall_score" doc:"mean of the two scores, one decimal, 1-10" minimum:"1" maximum:"10" example:"7.5"`
	Conventions       Conventions `json:"conventions" doc:"correlation and calendar used (julian_day_number is person1's)"`
}

// CompatibilityInput is a Mayan compatibility request.
type CompatibilityInput struct {
	Person1 *Date `json:"person1" required:"true" doc:"first person's date"`
	Person2 *Date `json:"person2" required:"true" doc:"second person's date"`
	Options
}

// Validate checks both dates and the options.
func (in CompatibilityInput) Validate() engine.Fields {
	errs := in.Options.validate()
	for _, p := range []struct {
		name string
		d    *Date
	}{{"person1", in.Person1}, {"person2", in.Person2}} {
		if p.d == nil {
			errs = append(errs, &engine.FieldError{Field: p.name, Reason: "required: year, month, day"})
			continue
		}
		errs = append(errs, p.d.validate(p.name+".", in.Options.calendar())...)
	}
	return errs
}

const signRule = "by the distance m (0-10) between the two signs around the twenty: same sign 8; 4 or 8 apart (same direction and colour) 9; 5 apart (like the four year bearers) 7; 1, 3, 7 or 9 apart (neighbouring directions) 6; 2 or 6 apart (opposite directions) 5; 10 apart (opposite in the twenty) 4"

const toneRule = "same tone 8; mirror tones summing to 14 (1 and 13, 2 and 12, ...) 9; consecutive tones 7; tones of the same parity 6; otherwise 5"

// Compatible scores two dates.
func Compatible(in CompatibilityInput) (Compatibility, error) {
	if errs := in.Validate(); len(errs) > 0 {
		return Compatibility{}, errs
	}
	a, jdn, err := dayOf(*in.Person1, in.Options, "person1.")
	if err != nil {
		return Compatibility{}, err
	}
	b, _, err := dayOf(*in.Person2, in.Options, "person2.")
	if err != nil {
		return Compatibility{}, err
	}
	ta, sa := a.Tzolkin()
	tb, sb := b.Tzolkin()
	c := Compatibility{
		Person1:           Person{Sign: sa.Yucatec(), Tone: ta, Combined: strconv.Itoa(ta) + " " + sa.Yucatec()},
		Person2:           Person{Sign: sb.Yucatec(), Tone: tb, Combined: strconv.Itoa(tb) + " " + sb.Yucatec()},
		SignCompatibility: signScore(sa, sb),
		ToneCompatibility: toneScore(ta, tb),
		Conventions:       chartOf(a, jdn, in.Options).Conventions,
	}
	c.OverallScore = math.Round(float64(c.SignCompatibility.Score+c.ToneCompatibility.Score)*5) / 10
	return c, nil
}

// signScore scores two day signs by their distance around the twenty.
func signScore(a, b DaySign) Score {
	m := mod(int(b)-int(a), 20)
	m = min(m, 20-m)
	s := Score{Rule: signRule}
	da, db := directions[a%4], directions[b%4]
	pair := a.Yucatec() + " (" + da[0] + ", " + da[1] + ") and " + b.Yucatec() + " (" + db[0] + ", " + db[1] + ")"
	switch {
	case m == 0:
		s.Score, s.Relation, s.Description = 8, "same_sign", "both are "+a.Yucatec()
	case m == 10:
		s.Score, s.Relation, s.Description = 4, "opposite", pair+" stand opposite in the twenty-day round"
	case m%4 == 0:
		s.Score, s.Relation, s.Description = 9, "same_direction", pair+" share a direction and colour"
	case m == 5:
		s.Score, s.Relation, s.Description = 7, "five_apart", pair+" are five days apart, as the year bearers are"
	case m%2 == 1:
		s.Score, s.Relation, s.Description = 6, "neighbouring_directions", pair+" belong to neighbouring directions"
	default:
		s.Score, s.Relation, s.Description = 5, "opposite_directions", pair+" belong to opposite directions"
	}
	return s
}

// toneScore scores two tones.
func toneScore(a, b int) Score {
	s := Score{Rule: toneRule}
	pair := strconv.Itoa(a) + " (" + tones[a].keyword + ") and " + strconv.Itoa(b) + " (" + tones[b].keyword + ")"
	switch d := a - b; {
	case d == 0:
		s.Score, s.Relation, s.Description = 8, "same_tone", "both carry tone "+strconv.Itoa(a)+" ("+tones[a].keyword+")"
	case a+b == 14:
		s.Score, s.Relation, s.Description = 9, "mirror", pair+" mirror each other around 7"
	case d == 1 || d == -1:
		s.Score, s.Relation, s.Description = 7, "consecutive", pair+" follow each other"
	case d%2 == 0:
		s.Score, s.Relation, s.Description = 6, "same_parity", pair+" share their parity"
	default:
		s.Score, s.Relation, s.Description = 5, "different", pair+" have no special relation"
	}
	return s
}

// dateStamp writes YYYY-MM-DD (astronomical years; -3113 for 3114 BCE).
func dateStamp(y, m, d int) string {
	two := func(v int) string { return string([]byte{byte('0' + v/10), byte('0' + v%10)}) }
	ys := strconv.Itoa(y)
	if y >= 0 && y < 1000 {
		ys = ("000" + ys)[len(ys)-1:]
	}
	return ys + "-" + two(m) + "-" + two(d)
}
