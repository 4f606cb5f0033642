package mayan

import (
	"math"
	"strconv"

	"github.com/astroapi/astroapi/engine/calendar"
)

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

// TzolkinResult is the Tzolk'in route's result: the day's map at the top
// level (spec 2.5) with the conventions that placed it.
type TzolkinResult struct {
	Tzolkin
	Conventions TzolkinConventions `json:"conventions"`
}

// TzolkinConventions are the conventions of a Tzolk'in answer.
type TzolkinConventions struct {
	Correlation int               `json:"correlation" doc:"Julian day number of the Long Count's zero day used" example:"584283"`
	Calendar    calendar.Calendar `json:"calendar" doc:"calendar the date was read in" enum:"gregorian,julian"`
	Hour        string            `json:"hour" doc:"what the hour changes"`
}

// hourRule is what the hour does, as every answer states it.
const hourRule = "accepted (default 12) and changes nothing: each Maya day is taken as the civil date, midnight to midnight"

// TzolkinFor returns the Tzolk'in of a resolved request's date.
func TzolkinFor(r *Request) TzolkinResult {
	return TzolkinResult{Tzolkin: TzolkinOf(r.day),
		Conventions: TzolkinConventions{Correlation: r.Correlation, Calendar: r.Calendar, Hour: hourRule}}
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
	Correlation int               `json:"correlation" doc:"Julian day number of the Long Count's zero day used" example:"584283"`
	Calendar    calendar.Calendar `json:"calendar" doc:"calendar the date was read in (the echo says so too)" enum:"gregorian,julian"`
	JulianDay   int               `json:"julian_day_number" doc:"Julian day number of the date" example:"2456283"`
	Hour        string            `json:"hour" doc:"what the hour changes"`
	HaabDays    string            `json:"haab_days" doc:"how Haab' days are numbered"`
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

// ChartFor returns the chart of a resolved request's date.
func ChartFor(r *Request) Chart { return chartOf(r.day, &r.Date, r.Correlation) }

// chartOf writes the chart of day d, the day of the resolved date dt
// under correlation.
func chartOf(d Day, dt *Date, correlation int) Chart {
	tz := TzolkinOf(d)
	hd, hm := d.Haab()
	lc := d.LongCount()
	notation := strconv.Itoa(lc[0]) + "." + strconv.Itoa(lc[1]) + "." + strconv.Itoa(lc[2]) + "." + strconv.Itoa(lc[3]) + "." + strconv.Itoa(lc[4])
	ys := d.YearStart()
	yt, ysign := ys.Tzolkin()
	// 0 Pop in the calendar the date was read in, so that the echo (which
	// names that calendar) sent back gives the same answer.
	y, m, dd, _ := calendar.DateOf(float64(int(ys)+correlation), dt.Calendar)
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
		Conventions: Conventions{Correlation: correlation, Calendar: dt.Calendar, JulianDay: dt.jdn,
			Hour:     hourRule,
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
	Conventions       Conventions `json:"conventions" doc:"correlation used; calendar and julian_day_number are person1's (the echo names each date's calendar)"`
}

const signRule = "by the distance m (0-10) between the two signs around the twenty: same sign 8; 4 or 8 apart (same direction and colour) 9; 5 apart (like the four year bearers) 7; 1, 3, 7 or 9 apart (neighbouring directions) 6; 2 or 6 apart (opposite directions) 5; 10 apart (opposite in the twenty) 4"

const toneRule = "same tone 8; mirror tones summing to 14 (1 and 13, 2 and 12, ...) 9; consecutive tones 7; tones of the same parity 6; otherwise 5"

// Compatible scores the two dates of a resolved request.
func Compatible(r *CompatibilityRequest) Compatibility {
	a, b := r.days[0], r.days[1]
	ta, sa := a.Tzolkin()
	tb, sb := b.Tzolkin()
	c := Compatibility{
		Person1:           Person{Sign: sa.Yucatec(), Tone: ta, Combined: strconv.Itoa(ta) + " " + sa.Yucatec()},
		Person2:           Person{Sign: sb.Yucatec(), Tone: tb, Combined: strconv.Itoa(tb) + " " + sb.Yucatec()},
		SignCompatibility: signScore(sa, sb),
		ToneCompatibility: toneScore(ta, tb),
		Conventions:       chartOf(a, r.Person1, r.Correlation).Conventions,
	}
	c.OverallScore = math.Round(float64(c.SignCompatibility.Score+c.ToneCompatibility.Score)*5) / 10
	return c
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
