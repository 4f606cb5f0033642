package timing

import (
	"fmt"
	"math"

	"github.com/astroapi/astroapi/engine/timing"
	"github.com/astroapi/astroapi/http/op"
)

// releasingTimelineRequest is the releasing timeline's input, billed by
// the periods it lists (Cost).
type releasingTimelineRequest struct {
	timing.ReleasingTimelineRequest
}

// periodsPerCall is how many periods of a timeline one call of quota pays
// for: a timeline of four levels lists some 110 periods a year (of 360-day
// years), ten to a hundred times a natal chart's work and bytes at 80
// years.
const periodsPerCall = 1000

// Cost bills a timeline by the periods it lists, estimated from the
// resolved span and levels before anything is calculated: one call per
// periodsPerCall, at least one.
func (in *releasingTimelineRequest) Cost() int64 {
	if in.StartUTC == nil || in.EndUTC == nil || in.Levels == nil || !in.EndUTC.After(*in.StartUTC) {
		return 1
	}
	days := in.EndUTC.Sub(*in.StartUTC).Hours() / 24
	return max(1, int64(math.Ceil(periodsIn(days, in.YearLength, *in.Levels)/periodsPerCall)))
}

// periodsIn estimates the periods of levels 1..levels in days of life: a
// period is 211/12 units of its level on average (a twelfth of the year
// at level 2, and so on), plus a twentieth for the periods cut short at
// their parents' ends. Four levels over 80 years: 9,137 for the 9,088 of
// Emperor Akihito's chart (the tests compare).
func periodsIn(days float64, y timing.YearLength, levels int) float64 {
	yd := y.Days()
	if yd == 0 {
		yd = timing.Year360.Days()
	}
	n, unit := 0.0, yd
	for range levels {
		n += days / (211.0 / 12 * unit) * 1.05
		unit /= 12
	}
	return n
}

const releasing = "Zodiacal releasing (Valens, Anthology IV.4-IV.10; Brennan, Hellenistic Astrology, 2017): periods start from the sign " +
	"of the Lot of Spirit (default) or of Fortune (`lot`; sect-aware lots: Fortune is Ascendant + Moon - Sun by day and the " +
	"reverse by night, Spirit the opposite) and go through the signs in order, each lasting its ruler's minor years (Aries 15, " +
	"Taurus 8, Gemini 20, Cancer 25, Leo 19, Virgo 20, Libra 8, Scorpio 15, Sagittarius 12, Capricorn 27, Aquarius 30, " +
	"Pisces 12). Level 1 counts years, level 2 months (1/12), level 3 a twelfth of that, level 4 again a twelfth; each level " +
	"starts from its parent's sign and is cut short at its end. Loosing of the bond: once the sub-periods have gone round all " +
	"twelve signs inside a parent, the next is the sign opposite the first (loosing_of_bond marks it). Peak periods are the " +
	"signs angular to Fortune (1st, 10th, 7th, 4th from it; the 10th the major peak); every period gives its place from " +
	"Fortune and its angularity. `year_length`: Valens' 360-day year (default), julian (365.25 days) or tropical. " +
	"Of the chart settings only zodiac_type and ayanamsa change the result (the lots' signs)."

func (d Deps) releasingOps() []*op.Operation {
	return []*op.Operation{
		op.Post(d.spec("post-zodiacal-releasing", "/api/v1/zodiacal-releasing", "Zodiacal releasing: the periods of a life",
			"The level-1 periods from the birth through `years` years (default 100), each with its level-2 periods "+
				"(levels 2, the default), the lots, the sect and the peak signs. "+releasing), d.release),
		op.Post(d.spec("post-zodiacal-releasing-timeline", "/api/v1/zodiacal-releasing/timeline", "Zodiacal releasing: every period in a date range",
			"Every period of levels 1 to `levels` (default 2) overlapping start..end, in time order, each before its "+
				"sub-periods, whole (not clipped to the range). The range defaults to the birth for start and, for end, 100 years "+
				"after start (10 with four levels), at most 150 years after the birth; at most 150 years long, 100 with four levels "+
				"(some 11,000 periods). "+
				fmt.Sprintf("Billed as one call per %d periods listed, at least one: estimated from the span and the levels "+
					"(about 110 periods a year at four levels of 360-day years, 9 at three, under 1 at two), so ten years of "+
					"four levels count as 2 calls and 80 years as 10. ", periodsPerCall)+releasing), d.releaseTimeline),
		op.Post(d.spec("post-zodiacal-releasing-at-date", "/api/v1/zodiacal-releasing/at-date", "Zodiacal releasing: the periods in force at a date",
			"The period in force at each level 1 to `levels` (default 4) at `date`: a period owns its start instant. "+releasing), d.releaseAt),
	}
}

func (d Deps) release(c *op.Call, in *timing.ReleasingRequest) (*timing.Releasing, error) {
	return in.Compute(d.Positions, c)
}

func (d Deps) releaseTimeline(c *op.Call, in *releasingTimelineRequest) (*timing.Timeline, error) {
	return in.Compute(d.Positions, c)
}

func (d Deps) releaseAt(c *op.Call, in *timing.ReleasingAtDateRequest) (*timing.ActivePeriods, error) {
	return in.Compute(d.Positions, c)
}
