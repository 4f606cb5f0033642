package timing

import (
	"github.com/astroapi/astroapi/engine/timing"
	"github.com/astroapi/astroapi/http/op"
)

// ProfectionsRequest is the body of POST /api/v1/profections.
type ProfectionsRequest struct {
	birthFrame
	Date string                 `json:"date,omitempty" doc:"date to profect to (send date or age): YYYY-MM-DD (00:00 in the birth's time zone) or an RFC 3339 date-time; gives the year and the month in force" example:"2024-07-14"`
	Age  *int                   `json:"age,omitempty" doc:"completed years of life, 0-150 (send age or date): the profection year from that birthday to the next" minimum:"0" maximum:"150"`
	From timing.ProfectionPoint `json:"from,omitempty" doc:"natal point profected: the Ascendant, or the Midheaven, Sun, Moon or Lot of Fortune" default:"ascendant"`
}

func (d Deps) profectionOps() []*op.Operation {
	return []*op.Operation{
		op.Post(d.spec("post-profections", "/api/v1/profections", "Annual and monthly profections for a date or an age",
			"Annual profection: the sign of `from` (default the Ascendant) moved on one whole sign for each completed year "+
				"of life (years run from birthday to birthday: the birth's local date and time at its UTC offset), its whole-sign "+
				"house from the Ascendant, its lord (the traditional domicile ruler: the lord of the year) with the lord's natal "+
				"position and houses, and the natal planets (Sun..Pluto, nodes) in the sign. The year's twelve monthly profections "+
				"divide it into equal months (about 30.44 days), the first in the year's sign, each next a sign further; for a "+
				"date, the month in force too. Send `date` or `age`, not both."), d.profections),
	}
}

func (d Deps) profections(c *op.Call, in *ProfectionsRequest) (*timing.Profection, error) {
	s, err := d.framed(c, &in.birthFrame)
	if err != nil {
		return nil, err
	}
	o := timing.ProfectionOptions{Date: s.date(in.Date, "date"), Age: in.Age, From: in.From}
	if err := s.done(c); err != nil {
		return nil, err
	}
	s.echo.Date = utcPtr(o.Date)
	r, err := timing.Profect(d.Positions, s.natal, o)
	if err != nil {
		return nil, err
	}
	notes(c, r.Source)
	return r, nil
}
