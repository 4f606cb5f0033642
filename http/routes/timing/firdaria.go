package timing

import (
	"github.com/astroapi/astroapi/engine/timing"
	"github.com/astroapi/astroapi/http/op"
)

const firdaria = "Firdaria (Abu Ma'shar, On Solar Revolutions, trans. Dykes, Persian Nativities III): by day Sun 10 years, Venus 8, " +
	"Mercury 13, Moon 9, Saturn 11, Jupiter 12, Mars 7, North Node 3, South Node 2; by night from the Moon: Moon, Saturn, " +
	"Jupiter, Mars, Sun, Venus, Mercury, then the nodes (`node_order` end, the default), or the nodes right after Mars " +
	"(`node_order` after_mars, after Bonatti as Zoller taught; by day both orders agree). Day or night: the Sun above or below " +
	"the horizon at birth. Each planet's period has seven equal sub-periods from its own lord on in Chaldean order (Saturn, " +
	"Jupiter, Mars, Sun, Venus, Mercury, Moon); the nodes' periods are undivided. The nine periods make 75 years, then the " +
	"sequence begins again (cycle 2). `year_length`: tropical (365.24219 days, the default: whole years end within two " +
	"hours of the solar returns) or julian (365.25). The chart settings do not change the result."

func (d Deps) firdariaOps() []*op.Operation {
	return []*op.Operation{
		op.Post(d.spec("post-firdaria", "/api/v1/firdaria", "Firdaria: the nine periods of the 75-year round",
			"The nine periods from the birth, each with its sub-periods, the sect and the sequence. "+firdaria), d.firdaria),
		op.Post(d.spec("post-firdaria-at-age", "/api/v1/firdaria/at-age", "Firdaria: the period and sub-period at an age or date",
			"The period (with its sub-periods) and the sub-period in force at `age` (years, decimals allowed, 0 to 150) or at `date`; "+
				"a period owns its start instant. "+firdaria), d.firdariaAt),
		op.Post(d.spec("post-firdaria-timeline", "/api/v1/firdaria/timeline", "Firdaria: the periods and sub-periods in a date range",
			"The periods and sub-periods overlapping start..end, in time order, each period before its sub-periods (whole, "+
				"not clipped). The range defaults to the birth for start and, for end, 75 years after start (one round of the "+
				"periods), at most 150 years after the birth. "+firdaria), d.firdariaTimeline),
	}
}

func (d Deps) firdaria(c *op.Call, in *timing.FirdariaRequest) (*timing.Firdaria, error) {
	return in.Compute(d.Positions, c)
}

func (d Deps) firdariaAt(c *op.Call, in *timing.FirdariaAtAgeRequest) (*timing.FirdariaAt, error) {
	return in.Compute(d.Positions, c)
}

func (d Deps) firdariaTimeline(c *op.Call, in *timing.FirdariaTimelineRequest) (*timing.FirdariaTimeline, error) {
	return in.Compute(d.Positions, c)
}
