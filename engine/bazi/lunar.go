package bazi

import (
	"fmt"
	"math"

	"github.com/astroapi/astroapi/engine"
	"github.com/astroapi/astroapi/engine/calendar"
	"github.com/astroapi/astroapi/engine/moment"
	"github.com/astroapi/astroapi/engine/resolve"
	"github.com/astroapi/astroapi/engine/solarterms"
)

// The years the lunar calendar routes convert: a lunar year needs the
// winter solstices of the years around it, within the solar-term table's
// 1583-2999.
const (
	lunarMinYear = solarterms.MinYear + 1
	lunarMaxYear = solarterms.MaxYear - 1
)

// GregorianDateRequest is the input of the Gregorian-to-lunar route.
type GregorianDateRequest struct {
	Date moment.Date `json:"date" required:"true" doc:"a Gregorian date, YYYY-MM-DD, 1584-2998: a day of China Standard Time (UTC+8), by which the Chinese calendar counts its days" example:"2023-04-05"`
}

// Resolve checks that the date is a date alone within the years converted.
func (r *GregorianDateRequest) Resolve(_ resolve.Context, prefix string) error {
	c := r.Date.Civil()
	switch {
	case c.HasTime || c.HasOffset:
		return &engine.FieldError{Field: prefix + "date", Reason: "must be a date alone, YYYY-MM-DD: the Chinese calendar's days are those of China Standard Time"}
	case c.Year < lunarMinYear || c.Year > lunarMaxYear:
		return &engine.FieldError{Field: prefix + "date", Reason: fmt.Sprintf("the year must be between %d and %d", lunarMinYear, lunarMaxYear)}
	}
	if errs := calendar.ValidDate(c.Year, c.Month, c.Day, calendar.Gregorian); len(errs) > 0 {
		return &engine.FieldError{Field: prefix + "date", Reason: fmt.Sprintf("%s does not exist in the Gregorian calendar", r.Date)}
	}
	return nil
}

// LunarDateRequest is the input of the lunar-to-Gregorian route.
type LunarDateRequest struct {
	LunarYear  int  `json:"lunar_year" required:"true" doc:"the lunar year, named by the Gregorian year in which its first month begins" minimum:"1584" maximum:"2998" example:"2023"`
	LunarMonth int  `json:"lunar_month" required:"true" doc:"the month, 1-12 (a leap month has the number of the month before it)" minimum:"1" maximum:"12" example:"2"`
	LeapMonth  bool `json:"leap_month,omitempty" doc:"the leap month of that number (2020 had a leap 4th month, 2023 a leap 2nd); refused when the year has none"`
	LunarDay   int  `json:"lunar_day" required:"true" doc:"the day of the month, 1-30 (months have 29 or 30 days)" minimum:"1" maximum:"30" example:"1"`
}

// Hints answers the names callers send for the leap flag.
func (*LunarDateRequest) Hints() map[string]string {
	return map[string]string{"leap": "send leap_month: true", "is_leap": "send leap_month: true", "month": "send lunar_month", "day": "send lunar_day", "year": "send lunar_year"}
}

// LunarDay is a day of the Chinese lunar calendar.
type LunarDay struct {
	Gregorian      string `json:"gregorian_date" doc:"the Gregorian date, YYYY-MM-DD" example:"2023-04-05"`
	LunarYear      int    `json:"lunar_year" doc:"the lunar year (the Gregorian year of its first month)" example:"2023"`
	LunarMonth     int    `json:"lunar_month" doc:"the month, 1-12" minimum:"1" maximum:"12" example:"2"`
	LeapMonth      bool   `json:"leap_month" doc:"whether the month is the year's leap month"`
	LunarDay       int    `json:"lunar_day" doc:"the day of the month" minimum:"1" maximum:"30" example:"15"`
	MonthDays      int    `json:"month_days" doc:"the days of the month: 29 (short) or 30 (long)" minimum:"29" maximum:"30" example:"29"`
	YearLeapMonth  int    `json:"year_leap_month" doc:"the number of the lunar year's leap month; 0 when it has none" minimum:"0" maximum:"12" example:"2"`
	NewYear        string `json:"new_year" doc:"the Gregorian date of the lunar year's first day (Chinese New Year)" example:"2023-01-22"`
	Chinese        string `json:"chinese" doc:"the month and day in Chinese" example:"闰二月十五"`
	YearPillar     Pillar `json:"year_pillar" doc:"the sexagenary year of the lunar year (changing at the new year, not at Lichun)"`
	MonthPillar    Pillar `json:"month_pillar" doc:"the sexagenary month of the day: the solar month opened by the last jie on or before the day (the almanac's month, as lunar-javascript gives it)"`
	DayPillar      Pillar `json:"day_pillar" doc:"the sexagenary day"`
	Animal         string `json:"animal" doc:"the animal of the lunar year" example:"Rabbit"`
	AnimalChinese  string `json:"animal_chinese" example:"兔"`
	Conventions    string `json:"conventions" doc:"the rules of the calendar"`
	SolarTermsFrom string `json:"solar_terms" doc:"table, or root_finding when a term came from the ephemeris" enum:"table,root_finding"`
}

// lunarConventions states the rules.
const lunarConventions = "the modern rules (the Shixian calendar of 1645 with true solar terms; days of China Standard Time, UTC+8, applied to every year as lunar-javascript does): " +
	"a month begins on the day of a new moon; the month holding the winter solstice (Dongzhi) is the 11th; a year of 13 months from one 11th month to the next " +
	"makes the first month without a principal term (zhongqi) its leap month, named after the month before it; the year begins with the 1st month"

// lunarMonth is a month of the calendar: its first day (the JDN of a day
// of China Standard Time), number, leap flag and lunar year.
type lunarMonth struct {
	start, num, year int
	leap             bool
}

// cstSince is 1929-01-01 00:00 UTC+8 (JD UT), from which the calendar
// counts days in China Standard Time; before it, in the local mean time
// of Beijing (116 deg 25 min E, UTC+7:45:40), as the calendars of the time
// did (and lunar-javascript does: the new year of 1916 fell on 3
// February, 23:5x in Beijing, past midnight in UTC+8).
const cstSince = 2425611.5 - 8.0/24

// beijingLMT is Beijing's local mean time offset, days.
const beijingLMT = (7*3600 + 45*60 + 40) / 86400.0

// bjDay returns the day of the calendar holding t, as a JDN.
func bjDay(t engine.JDUT) int {
	off := 8.0 / 24
	if float64(t) < cstSince {
		off = beijingLMT
	}
	return int(math.Floor(float64(t) + 0.5 + off))
}

// dayEnd returns the last instant of the calendar's day jdn.
func dayEnd(jdn int) engine.JDUT {
	off := 8.0 / 24
	if float64(jdn)+0.5-off < cstSince {
		off = beijingLMT
	}
	return engine.JDUT(float64(jdn) + 0.5 - off - 1e-9)
}

// lunarYearMonths returns the months of the lunar years around Gregorian
// year y: from the 11th month before the winter solstice of y-1 to the
// one before that of y+1 (the last start is that month's, a bound); with
// whether any term came from root-finding.
func lunarYearMonths(terms *solarterms.Finder, y int) ([]lunarMonth, bool, error) {
	root := false
	// The first day of the 11th month of each winter: the new moon on or
	// before the day of the solstice.
	var m11 [3]engine.JDUT
	for i := range m11 {
		dz, err := terms.Find(y-1+i, solarterms.Dongzhi)
		if err != nil {
			return nil, false, err
		}
		root = root || dz.Method != solarterms.FromTable
		if m11[i], err = terms.NewMoonOnOrBefore(dayEnd(bjDay(dz.JD))); err != nil {
			return nil, false, err
		}
	}
	// The days of the principal terms (zhongqi) of the years involved.
	var zq []int
	for yr := y - 1; yr <= y+1; yr++ {
		for t := solarterms.Chunfen; t <= solarterms.Jingzhe; t += 2 {
			c, err := terms.Find(yr, t)
			if err != nil {
				return nil, false, err
			}
			root = root || c.Method != solarterms.FromTable
			zq = append(zq, bjDay(c.JD))
		}
	}
	hasZhongqi := func(from, to int) bool {
		for _, d := range zq {
			if d >= from && d < to {
				return true
			}
		}
		return false
	}
	var out []lunarMonth
	for s := range 2 { // the two winters: y-1 to y, y to y+1
		var starts []int
		nm := m11[s]
		for bjDay(nm) < bjDay(m11[s+1]) {
			starts = append(starts, bjDay(nm))
			next, err := terms.NextNewMoon(nm)
			if err != nil {
				return nil, false, err
			}
			nm = next
		}
		starts = append(starts, bjDay(m11[s+1]))
		leapDone := len(starts)-1 != 13 // only a year of 13 months has a leap month
		num, year := 11, y-1+s
		for i := 0; i+1 < len(starts); i++ {
			leap := false
			if i > 0 {
				if !leapDone && !hasZhongqi(starts[i], starts[i+1]) {
					leap, leapDone = true, true
				} else {
					num = num%12 + 1
					if num == 1 {
						year++
					}
				}
			}
			out = append(out, lunarMonth{start: starts[i], num: num, year: year, leap: leap})
		}
		if s == 1 {
			out = append(out, lunarMonth{start: starts[len(starts)-1], num: 11, year: y + 1})
		}
	}
	return out, root, nil
}

// ToLunar converts a resolved Gregorian date to the lunar calendar.
func ToLunar(terms *solarterms.Finder, r *GregorianDateRequest) (LunarDay, error) {
	c := r.Date.Civil()
	return lunarDayOf(terms, int(calendar.JulianDay(c.Year, c.Month, c.Day, calendar.Gregorian)+0.5), nil, 0)
}

// ToGregorian converts a resolved lunar date to the Gregorian calendar;
// a month or a day the year lacks is a field error.
func ToGregorian(terms *solarterms.Finder, r *LunarDateRequest) (LunarDay, error) {
	ms, root, err := lunarYearMonths(terms, r.LunarYear)
	if err != nil {
		return LunarDay{}, err
	}
	for i := 0; i+1 < len(ms); i++ {
		m := ms[i]
		if m.year != r.LunarYear || m.num != r.LunarMonth || m.leap != r.LeapMonth {
			continue
		}
		if n := ms[i+1].start - m.start; r.LunarDay > n {
			return LunarDay{}, &engine.FieldError{Field: "lunar_day", Reason: fmt.Sprintf("month %d of lunar year %d has %d days", r.LunarMonth, r.LunarYear, n)}
		}
		d, err := lunarDayOf(terms, m.start+r.LunarDay-1, ms, r.LunarYear)
		if root {
			d.SolarTermsFrom = string(solarterms.ByRoot)
		}
		return d, err
	}
	if r.LeapMonth {
		return LunarDay{}, &engine.FieldError{Field: "leap_month", Reason: fmt.Sprintf("lunar year %d has no leap %d month", r.LunarYear, r.LunarMonth)}
	}
	return LunarDay{}, fmt.Errorf("bazi: lunar year %d month %d not found", r.LunarYear, r.LunarMonth)
}

var (
	monthChinese = [13]string{"", "正", "二", "三", "四", "五", "六", "七", "八", "九", "十", "冬", "腊"}
	dayTens      = [4]string{"初", "十", "廿", "三"}
	dayUnits     = [10]string{"十", "一", "二", "三", "四", "五", "六", "七", "八", "九"}
)

// dayChinese writes a day of a lunar month as the calendar does (初一,
// 十五, 二十, 廿一, 三十).
func dayChinese(d int) string {
	switch d {
	case 10:
		return "初十"
	case 20:
		return "二十"
	case 30:
		return "三十"
	}
	return dayTens[d/10] + dayUnits[d%10]
}

// lunarDayOf describes the calendar's day jdn; known are the months of
// lunarYearMonths(knownYear) when not nil, which it reuses.
func lunarDayOf(terms *solarterms.Finder, jdn int, known []lunarMonth, knownYear int) (LunarDay, error) {
	gy, gm, gd, _ := calendar.DateOf(float64(jdn), calendar.Gregorian)
	months := func(y int) ([]lunarMonth, bool, error) {
		if known != nil && y == knownYear {
			return known, false, nil
		}
		return lunarYearMonths(terms, y)
	}
	ms, root, err := months(gy)
	if err != nil {
		return LunarDay{}, err
	}
	i := len(ms) - 2
	for i > 0 && ms[i].start > jdn {
		i--
	}
	m := ms[i]
	out := LunarDay{Gregorian: calendar.Format(gy, gm, gd), LunarYear: m.year, LunarMonth: m.num, LeapMonth: m.leap,
		LunarDay: jdn - m.start + 1, MonthDays: ms[i+1].start - m.start, Conventions: lunarConventions, SolarTermsFrom: string(solarterms.FromTable)}
	if m.year != gy { // a day before the new year: its lunar year's months
		if ms, _, err = months(m.year); err != nil {
			return LunarDay{}, err
		}
	}
	for k, x := range ms[:len(ms)-1] {
		if x.year == m.year && x.leap {
			out.YearLeapMonth = x.num
		}
		if x.year == m.year && x.num == 1 && !x.leap && (k == 0 || ms[k-1].year != m.year) {
			ny, nmo, nd, _ := calendar.DateOf(float64(x.start), calendar.Gregorian)
			out.NewYear = calendar.Format(ny, nmo, nd)
		}
	}
	leap := ""
	if m.leap {
		leap = "闰"
	}
	out.Chinese = leap + monthChinese[m.num] + "月" + dayChinese(out.LunarDay)
	year := YearGanZhi(m.year)
	out.YearPillar, out.DayPillar = PillarOf(year), PillarOf(DayGanZhi(jdn))
	out.Animal, out.AnimalChinese = year.Branch().Animal(), year.Branch().AnimalChinese()
	// The almanac's month: the jie in force at the end of the day.
	jie, err := terms.Jie(engine.JDUT(float64(jdn) + 0.5 - 8.0/24 - 1e-9)) // in UTC+8 in every year, as lunar-javascript
	if err != nil {
		return LunarDay{}, err
	}
	mi := int(jie.Start.Term-solarterms.Lichun+24) % 24 / 2
	bYear := jie.Start.Year
	if jie.Start.Term == solarterms.Xiaohan {
		bYear--
	}
	out.MonthPillar = PillarOf(MonthGanZhi(YearGanZhi(bYear), mi))
	if root || jie.Start.Method != solarterms.FromTable {
		out.SolarTermsFrom = string(solarterms.ByRoot)
	}
	return out, nil
}
