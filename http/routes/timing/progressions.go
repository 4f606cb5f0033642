package timing

import (
	"github.com/astroapi/astroapi/engine/timing"
	"github.com/astroapi/astroapi/http/op"
)

// ProgressionsRequest is the body of POST /api/v1/progressions: the birth,
// its chart frame, and the progression's options.
type ProgressionsRequest struct {
	birthFrame
	Date        string             `json:"date" required:"true" doc:"target date: YYYY-MM-DD (00:00 in the birth's time zone) or an RFC 3339 date-time; not before the birth, within 150 years" example:"2024-07-14"`
	YearLength  timing.YearLength  `json:"year_length,omitempty" doc:"the year of life one day of ephemeris stands for: tropical (365.24219 days) or julian (365.25)" enum:"tropical,julian" default:"tropical"`
	AngleMethod timing.AngleMethod `json:"angle_method,omitempty" doc:"how the progressed Midheaven is found: solar arc in right ascension (ARMC advanced by the progressed Sun's arc in RA), solar arc in longitude, Naibod (0°59'08.33\" a year) in RA or in longitude, or quotidian (the houses of the progressed instant); the Ascendant and cusps follow from it at the birth latitude" default:"solar_arc_ra"`
	Orb         *float64           `json:"orb,omitempty" doc:"orb of the progressed-to-natal aspects in degrees, more than 0" minimum:"0" maximum:"5" default:"1"`
}

// SolarArcRequest is the body of POST /api/v1/solar-arc.
type SolarArcRequest struct {
	birthFrame
	Date       string            `json:"date" required:"true" doc:"date of the directed chart: YYYY-MM-DD (00:00 in the birth's time zone) or an RFC 3339 date-time; not before the birth, within 150 years" example:"2024-07-14"`
	Key        timing.ArcKey     `json:"key,omitempty" doc:"measure of the arc: true_solar_arc (progressed Sun minus natal Sun) or naibod (0°59'08.33\" a year)" default:"true_solar_arc"`
	YearLength timing.YearLength `json:"year_length,omitempty" doc:"year of life per day of ephemeris (true solar arc) or per Naibod step: tropical (365.24219 days) or julian (365.25)" enum:"tropical,julian" default:"tropical"`
	Orb        *float64          `json:"orb,omitempty" doc:"orb of the directed-to-natal aspects at the date in degrees, more than 0" minimum:"0" maximum:"5" default:"1"`
	RangeStart string            `json:"range_start,omitempty" doc:"start of the range searched for the dates directed-to-natal aspects perfect: a date or date-time as date; omitted: date"`
	RangeEnd   string            `json:"range_end,omitempty" doc:"end of that range, at most 100 years after range_start; omitted: range_start plus one year"`
}

const orbReason = "must be more than 0 and at most 5 degrees"

func (d Deps) progressionOps() []*op.Operation {
	return []*op.Operation{
		op.Post(d.spec("post-progressions", "/api/v1/progressions", "Secondary progressions to a date",
			"Secondary progressions (a day for a year): the planets (Sun..Pluto and the North Node of node_type) at the instant "+
				"as many days after the birth as years of life have passed at `date` (years of 365.24219 days, or julian 365.25), "+
				"with their natal houses and motion per year; the progressed angles and cusps by `angle_method` (default "+
				"solar arc in right ascension); the progressed Moon's sign, natal house, the dates it entered and leaves the sign, "+
				"and its phase (Rudhyar's eight); the Ptolemaic aspects from the progressed planets and angles to the natal ones "+
				"within `orb` (default 1°), applying or separating. The solar arc (progressed minus natal Sun) is given too."), d.progressions),
		op.Post(d.spec("post-solar-arc", "/api/v1/solar-arc", "Solar arc directions to a date, with the dates aspects perfect",
			"Every natal point (Sun..Pluto, North Node, Ascendant, Midheaven) moved forward in longitude by one arc: the true "+
				"solar arc (progressed Sun minus natal Sun, secondary progression of `date`) or Naibod's 0°59'08.33\" a year; "+
				"their natal houses; the Ptolemaic directed-to-natal aspects within `orb` (default 1°) at the date; and the date "+
				"each directed-to-natal Ptolemaic aspect is exact within range_start..range_end (default: a year from `date`; "+
				"at most 100 years), found by inverting the arc."), d.solarArc),
	}
}

func (d Deps) progressions(c *op.Call, in *ProgressionsRequest) (*timing.Progression, error) {
	s, err := d.framed(c, &in.birthFrame)
	if err != nil {
		return nil, err
	}
	o := timing.ProgressionOptions{
		Date: s.date(in.Date, "date"), YearLength: in.YearLength, AngleMethod: in.AngleMethod,
		Orb: s.positive(in.Orb, "orb", orbReason),
	}
	if err := s.done(c); err != nil {
		return nil, err
	}
	s.echo.Date = utcPtr(o.Date)
	r, err := timing.Progress(d.Positions, s.natal, o)
	if err != nil {
		return nil, err
	}
	notes(c, r.Source)
	return r, nil
}

func (d Deps) solarArc(c *op.Call, in *SolarArcRequest) (*timing.SolarArcDirections, error) {
	s, err := d.framed(c, &in.birthFrame)
	if err != nil {
		return nil, err
	}
	o := timing.SolarArcOptions{
		Date: s.date(in.Date, "date"), Key: in.Key, YearLength: in.YearLength, Orb: s.positive(in.Orb, "orb", orbReason),
		RangeStart: s.date(in.RangeStart, "range_start"), RangeEnd: s.date(in.RangeEnd, "range_end"),
	}
	if err := s.done(c); err != nil {
		return nil, err
	}
	s.echo.Date = utcPtr(o.Date)
	r, err := timing.SolarArc(d.Positions, s.natal, o)
	if err != nil {
		return nil, err
	}
	s.echo.RangeStart, s.echo.RangeEnd = &r.RangeStart, &r.RangeEnd
	notes(c, r.Source)
	return r, nil
}
