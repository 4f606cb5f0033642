package mayan

import (
	"fmt"
	"strconv"

	"github.com/astroapi/astroapi/engine/calendar"
)

// GMT is the Goodman-Martinez-Thompson correlation (Thompson 1950): the
// Julian day number of the Long Count's zero day, 13.0.0.0.0 4 Ajaw 8
// Kumk'u, 11 August 3114 BCE (proleptic Gregorian). The requests accept
// the GMT family, 584280-584286, whose members differ by a few days
// (584284 Thompson 1935; 584285 Lounsbury, used by Martin and Grube and by
// FAMSI; 584286 Martin and Skidmore 2012).
const GMT = 584283

// Day is a day of the Maya calendar: the count of days since the Long
// Count's zero day (0 on 13.0.0.0.0 4 Ajaw 8 Kumk'u). Days run midnight to
// midnight of the civil date.
type Day int

// FromDate returns the day of a proleptic Gregorian date under the GMT
// correlation.
func FromDate(year, month, day int) Day {
	return Day(jdnOf(year, month, day, calendar.Gregorian) - GMT)
}

// jdnOf returns the Julian day number of y-m-d in calendar c ("" is the
// historical switch), from package calendar's exact integer counts.
func jdnOf(y, m, d int, c calendar.Calendar) int {
	return int(calendar.JulianDay(y, m, d, c) + 0.5)
}

// FromJDN returns the day of a Julian day number under a correlation.
func FromJDN(jdn, correlation int) Day { return Day(jdn - correlation) }

// DaySign is one of the twenty day signs, 0 = Imix ... 19 = Ajaw.
type DaySign int

// Yucatec returns the sign's Yucatec name in the modern orthography of the
// Academia de Lenguas Mayas ("Ajaw").
func (s DaySign) Yucatec() string { return signs[s].yucatec }

// Kiche returns the sign's K'iche' name, as highland daykeepers use it
// ("Ajpu").
func (s DaySign) Kiche() string { return signs[s].kiche }

// Tzolkin returns the day's place in the 260-day count: the tone (1-13)
// and the day sign. Both advance by one each day; the zero day is 4 Ajaw.
func (d Day) Tzolkin() (tone int, sign DaySign) {
	return mod(int(d)+3, 13) + 1, DaySign(mod(int(d)+19, 20))
}

// TzolkinIndex returns the day's place in the 260-day count, 1 (1 Imix) to
// 260 (13 Ajaw).
func (d Day) TzolkinIndex() int {
	tone, sign := d.Tzolkin()
	// The place p (0..259) has p mod 13 = tone-1 and p mod 20 = sign:
	// p = 40*(tone-1) - 39*sign (mod 260), since 40 = 1 (mod 13) and
	// 40 = 0 (mod 20), -39 = 0 (mod 13) and -39 = 1 (mod 20).
	return mod(40*(tone-1)-39*int(sign), 260) + 1
}

// Haab returns the day's place in the 365-day year: the day of the month
// (0-19; 0 is the "seating" of the month, and Wayeb' has days 0-4) and the
// month (0 = Pop ... 17 = Kumk'u, 18 = Wayeb'). The zero day is 8 Kumk'u.
func (d Day) Haab() (day, month int) {
	p := mod(int(d)+348, 365)
	return p % 20, p / 20
}

// LongCount returns the day's Long Count: b'ak'tun, k'atun, tun, winal,
// k'in (144,000, 7,200, 360, 20 and 1 days). The zero day, which the Maya
// wrote 13.0.0.0.0, comes out as 0.0.0.0.0; days before it are not
// counted (the b'ak'tun would be negative).
func (d Day) LongCount() [5]int {
	n := int(d)
	return [5]int{floorDiv(n, 144000), mod(n, 144000) / 7200, mod(n, 7200) / 360, mod(n, 360) / 20, mod(n, 20)}
}

// LordOfNight returns the Lord of the Night, G1 to G9 (the nine-day cycle
// of the Glyph G series, Thompson's numbering): the zero day and every
// period ending of a whole tun are G9.
func (d Day) LordOfNight() int { return mod(int(d)-1, 9) + 1 }

// YearStart returns the day of 0 Pop, the "seating of Pop" that opened the
// Haab' year holding d.
func (d Day) YearStart() Day {
	day, month := d.Haab()
	return d - Day(20*month+day)
}

// String writes the Long Count and Calendar Round: "13.0.0.0.0 4 Ajaw 3
// K'ank'in".
func (d Day) String() string {
	lc := d.LongCount()
	tone, sign := d.Tzolkin()
	hd, hm := d.Haab()
	return fmt.Sprintf("%d.%d.%d.%d.%d %d %s %d %s", lc[0], lc[1], lc[2], lc[3], lc[4], tone, sign.Yucatec(), hd, months[hm].name)
}

// CalendarRound returns "4 Ajaw 3 K'ank'in".
func (d Day) CalendarRound() string {
	tone, sign := d.Tzolkin()
	hd, hm := d.Haab()
	return strconv.Itoa(tone) + " " + sign.Yucatec() + " " + strconv.Itoa(hd) + " " + months[hm].name
}

func floorDiv(a, b int) int {
	q := a / b
	if a%b != 0 && (a < 0) != (b < 0) {
		q--
	}
	return q
}

func mod(a, n int) int {
	a %= n
	if a < 0 {
		a += n
	}
	return a
}
