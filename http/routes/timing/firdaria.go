package timing

import (
	"github.com/astroapi/astroapi/engine/timing"
	"github.com/astroapi/astroapi/http/op"
)

// FirdariaRequest is the body of POST /api/v1/firdaria: the birth, the
// node placement and the year length (timing.FirdariaOptions).
type FirdariaRequest struct {
	birthFrame
	timing.FirdariaOptions
}

// FirdariaAtAgeRequest is the body of POST /api/v1/firdaria/at-age.
type FirdariaAtAgeRequest struct {
	birthFrame
	timing.FirdariaOptions
	Age  *float64 `json:"age,omitempty" doc:"age in years of year_length since the birth, decimals allowed, at least 0 and under 150 (send age or date)" minimum:"0" maximum:"150" example:"33.5"`
	Date string   `json:"date,omitempty" doc:"date instead of age: YYYY-MM-DD (00:00 in the birth's time zone) or an RFC 3339 date-time; not before the birth, within 150 years"`
}

// FirdariaTimelineRequest is the body of POST /api/v1/firdaria/timeline.
type FirdariaTimelineRequest struct {
	birthFrame
	timing.FirdariaOptions
	Start string `json:"start" required:"true" doc:"start of the range: YYYY-MM-DD (00:00 in the birth's time zone) or an RFC 3339 date-time; not before the birth" example:"2020-01-01"`
	End   string `json:"end" required:"true" doc:"end of the range: after start, within 150 years of the birth" example:"2040-01-01"`
}

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
			"The period (with its sub-periods) and the sub-period in force at `age` (years, decimals allowed) or at `date`; "+
				"a period owns its start instant. "+firdaria), d.firdariaAt),
		op.Post(d.spec("post-firdaria-timeline", "/api/v1/firdaria/timeline", "Firdaria: the periods and sub-periods in a date range",
			"The periods and sub-periods overlapping start..end, in time order, each period before its sub-periods (whole, "+
				"not clipped). "+firdaria), d.firdariaTimeline),
	}
}

func (d Deps) firdaria(c *op.Call, in *FirdariaRequest) (*timing.Firdaria, error) {
	s, err := d.framed(c, &in.birthFrame)
	if err != nil {
		return nil, err
	}
	if err := s.done(c); err != nil {
		return nil, err
	}
	r, err := timing.FirdariaOf(d.Positions, s.natal, in.FirdariaOptions)
	if err != nil {
		return nil, err
	}
	notes(c, r.Source)
	return r, nil
}

func (d Deps) firdariaAt(c *op.Call, in *FirdariaAtAgeRequest) (*timing.FirdariaAt, error) {
	s, err := d.framed(c, &in.birthFrame)
	if err != nil {
		return nil, err
	}
	o := timing.FirdariaAtOptions{FirdariaOptions: in.FirdariaOptions, Age: in.Age, Date: s.date(in.Date, "date")}
	if err := s.done(c); err != nil {
		return nil, err
	}
	s.echo.Date = utcPtr(o.Date)
	r, err := timing.FirdariaAtAge(d.Positions, s.natal, o)
	if err != nil {
		return nil, err
	}
	notes(c, r.Source)
	return r, nil
}

func (d Deps) firdariaTimeline(c *op.Call, in *FirdariaTimelineRequest) (*timing.FirdariaTimeline, error) {
	s, err := d.framed(c, &in.birthFrame)
	if err != nil {
		return nil, err
	}
	o := timing.FirdariaTimelineOptions{FirdariaOptions: in.FirdariaOptions, Start: s.date(in.Start, "start"), End: s.date(in.End, "end")}
	if err := s.done(c); err != nil {
		return nil, err
	}
	s.echo.Start, s.echo.End = utcPtr(o.Start), utcPtr(o.End)
	r, err := timing.FirdariaTimelineOf(d.Positions, s.natal, o)
	if err != nil {
		return nil, err
	}
	notes(c, r.Source)
	return r, nil
}
