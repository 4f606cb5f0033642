package vedic

import (
	"math"

	"github.com/astroapi/astroapi/engine"
	"github.com/astroapi/astroapi/engine/calendar"
)

// Jaimini's Chara dasha as K. N. Rao teaches it (Predicting through
// Jaimini's Chara Dasha; the Bharatiya Vidya Bhavan course, as Shalini
// Dhasmana's "An Introduction to Jaimini System", ch. 6-8, sets it out): a
// dasha of the twelve signs, from the lagna's sign at birth.
//
//   - The signs fall in two groups: savya (Aries, Taurus, Gemini, Libra,
//     Scorpio, Sagittarius) and apasavya (the other six). The dashas run
//     through the zodiac when the ninth sign from the lagna is savya, back
//     through it otherwise.
//   - A sign's years: count from the sign to the sign its lord occupies,
//     forward for a savya sign, backward for an apasavya one, less one; a
//     lord in its own sign gives 12. No year is added for an exalted lord
//     or taken for a debilitated one: K. N. Rao rejects the commentators'
//     rule, and his chart 4 (chara_test.go) shows it.
//   - Scorpio (Mars and Ketu) and Aquarius (Saturn and Rahu): with one lord
//     in the sign, count to the other; with both in it, 12 years; with
//     neither, count to the stronger: the one with more grahas beside it,
//     then the one further advanced in its sign.
//   - The second cycle gives each sign 12 less its first years (the
//     Jaimini sutras' rule as most software applies it); a sign left with
//     none is skipped (144 years in all).
//   - Antardashas: twelve equal parts, from the sign after the dasha's own
//     in the direction that sign would give as a lagna, the dasha's own
//     sign last; the same rule again at every level below.

// savya reports whether sign s (0 = Aries) is of the savya group.
func savya(s int) bool { return mod12(s)%6 < 3 }

// charaForward reports whether the signs run through the zodiac from sign
// s: when the ninth sign from it is savya.
func charaForward(s int) bool { return savya(s + 8) }

// dirStep is the step from sign to sign: 1 forward, -1 backward.
func dirStep(forward bool) int {
	if forward {
		return 1
	}
	return -1
}

// charaLords returns, for each sign, the lord its years are counted to and
// the years of its first cycle.
func (d *chartData) charaLords() (lords [12]Graha, years [12]int) {
	for s := range 12 {
		lord := signLord[s]
		switch s {
		case 7: // Scorpio
			lord = d.dualLord(s, Mars, Ketu)
		case 10: // Aquarius
			lord = d.dualLord(s, Saturn, Rahu)
		}
		at := d.sign[lord]
		count := mod12(s-at) + 1
		if savya(s) {
			count = mod12(at-s) + 1
		}
		y := count - 1
		if y == 0 {
			y = 12 // the lord in its own sign
		}
		lords[s], years[s] = lord, y
	}
	return lords, years
}

// dualLord chooses the lord a dual-ruled sign s counts to: the one outside
// the sign when the other is in it, a (giving 12 years) when both are in
// it, else the stronger.
func (d *chartData) dualLord(s int, a, b Graha) Graha {
	ina, inb := d.sign[a] == s, d.sign[b] == s
	switch {
	case ina && !inb:
		return b
	case inb && !ina:
		return a
	case ina && inb:
		return a
	}
	ca, cb := d.companions(a), d.companions(b)
	if cb > ca || cb == ca && math.Mod(d.lon[b], 30) > math.Mod(d.lon[a], 30) {
		return b
	}
	return a
}

// companions counts the other grahas in g's sign.
func (d *chartData) companions(g Graha) int {
	n := 0
	for _, o := range Grahas {
		if o != g && d.sign[o] == d.sign[g] {
			n++
		}
	}
	return n
}

// charaDasha builds the Chara dasha of a chart.
func (c *Chart) charaDasha(do DashaOptions) *Dasha {
	d := &c.d
	levels := max(do.Levels, 1)
	yd := do.YearLength.Days()
	yl := do.YearLength
	if yl == "" {
		yl = DefaultYearLength
	}
	lords, years := d.charaLords()
	w := window{from: float64(do.From), to: float64(do.To)}
	nk, _ := NakshatraOf(d.lon[Moon])
	out := &Dasha{
		BirthNakshatra: nk,
		MoonLongitude:  engine.Normalize(d.lon[Moon]),
		Conventions: DashaConventions{
			System: Chara, YearLength: yl, YearDays: yd, Levels: levels, Direction: "apasavya",
			Start: "K. N. Rao's Chara dasha: from the lagna's sign at birth; years counted from a sign to its lord (forward from Aries, Taurus, Gemini, Libra, Scorpio, Sagittarius, backward from the others) less one, 12 for a lord at home, no change for exaltation or debilitation; Scorpio and Aquarius count to Ketu or Rahu when Mars or Saturn is at home, else to the lord with more grahas beside it, then further advanced in its sign; second cycle 12 less the first (signs left with 0 skipped); antardashas from the next sign in that sign's own direction, its own last",
		},
	}
	if levels > LevelPratyantardasha {
		out.Conventions.Window = []calendar.Time{instant(w.from), instant(w.to)}
	}
	forward := charaForward(d.ascSign)
	if forward {
		out.Conventions.Direction = "savya"
	}
	step := dirStep(forward)
	t := float64(d.jd)
	for cycle := range 2 {
		for i := range 12 {
			s := mod12(d.ascSign + step*i)
			y := float64(years[s])
			if cycle == 1 {
				y = 12 - y
			}
			if y == 0 {
				continue
			}
			p := charaPeriod(s, t, y, 1, levels, yd, w, &lords)
			out.DashaPeriods = append(out.DashaPeriods, p)
			t += y * yd
		}
	}
	first := out.DashaPeriods[0]
	out.Balance = Balance{
		Lord: first.Lord, Sign: first.Sign, Years: first.Years, YMD: ymd(first.Years), EndDate: first.EndDate,
	}
	return out
}

// charaPeriod is the period of sign s from JD start for years, with its
// sub-periods down to level levels (below the third only within w).
func charaPeriod(s int, start, years float64, level, levels int, yd float64, w window, lords *[12]Graha) DashaPeriod {
	end := start + years*yd
	p := DashaPeriod{Lord: lords[s].String(), Sign: engine.Signs[s], StartDate: instant(start), EndDate: instant(end), Years: years}
	if level < levels && (level < LevelPratyantardasha || end > w.from && start < w.to) {
		step := dirStep(charaForward(s))
		sub := years / 12
		p.SubPeriods = make([]DashaPeriod, 12)
		for i := range 12 {
			p.SubPeriods[i] = charaPeriod(mod12(s+step*(i+1)), start+float64(i)*sub*yd, sub, level+1, levels, yd, w, lords)
		}
	}
	return p
}
