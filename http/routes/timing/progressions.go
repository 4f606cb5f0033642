package timing

import (
	"github.com/astroapi/astroapi/engine/timing"
	"github.com/astroapi/astroapi/http/op"
)

func (d Deps) progressionOps() []*op.Operation {
	return []*op.Operation{
		op.Post(d.spec("post-progressions", "/api/v1/progressions", "Secondary progressions to a date",
			"Secondary progressions (a day for a year): the planets (Sun..Pluto and the North Node of node_type) at the instant "+
				"as many days after the birth as years of life have passed at `date` (years of 365.24219 days, or julian 365.25), "+
				"with their natal houses and motion per year; the progressed angles and cusps by `angle_method` (default "+
				"solar arc in right ascension); the progressed Moon's sign, natal house, the dates it entered and leaves the sign, "+
				"and its phase (Rudhyar's eight); the Ptolemaic aspects from the progressed planets and angles to the natal ones "+
				"within `orb` (default 1°), applying or separating. The solar arc (progressed minus natal "+
				"Sun) is given too."), d.progressions),
		op.Post(d.spec("post-solar-arc", "/api/v1/solar-arc", "Solar arc directions to a date, with the dates aspects perfect",
			"Every natal point (Sun..Pluto, North Node, Ascendant, Midheaven) moved forward in longitude by one arc: the true "+
				"solar arc (progressed Sun minus natal Sun, secondary progression of `date`) or Naibod's 0°59'08.33\" a year; "+
				"their natal houses; the Ptolemaic directed-to-natal aspects within `orb` (default 1°) at the date; and the date "+
				"each directed-to-natal Ptolemaic aspect is exact within range_start..range_end (default: from `date`, a year; "+
				"at most 100 years), found by inverting the arc."), d.solarArc),
	}
}

func (d Deps) progressions(c *op.Call, in *timing.ProgressionsRequest) (*timing.Progression, error) {
	return in.Compute(d.Positions, c)
}

func (d Deps) solarArc(c *op.Call, in *timing.SolarArcRequest) (*timing.SolarArcDirections, error) {
	return in.Compute(d.Positions, c)
}
