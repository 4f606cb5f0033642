package timing

import (
	"github.com/astroapi/astroapi/engine/timing"
	"github.com/astroapi/astroapi/http/op"
)

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

func (d Deps) profections(c *op.Call, in *timing.ProfectionsRequest) (*timing.Profection, error) {
	return in.Compute(d.Positions, c)
}
