// Package parts is the glue of the Arabic parts (lots) routes: the lots of
// the catalog and the caller's own, cast in a natal chart (engine/parts),
// and the catalog itself.
package parts

import (
	"strconv"

	"github.com/astroapi/astroapi/engine"
	"github.com/astroapi/astroapi/engine/natal"
	"github.com/astroapi/astroapi/engine/parts"
	"github.com/astroapi/astroapi/http/op"
)

// Deps are what the parts routes calculate with.
type Deps struct {
	Positions engine.Positions // nil: the lots route answers 503
}

// lotsRequest is a birth packet with chart settings and the lots asked
// for: every part resolves itself (engine/natal, engine/parts).
type lotsRequest struct {
	natal.Request
	parts.Selection
}

// Angle is one of the points the lots are reckoned from.
type Angle struct {
	Name      string  `json:"name" doc:"point name"`
	Sign      string  `json:"sign" doc:"zodiac sign"`
	Degree    float64 `json:"degree" doc:"degrees within the sign"`
	Longitude float64 `json:"longitude" doc:"ecliptic longitude in degrees"`
}

// Conventions state how the lots were cast.
type Conventions struct {
	Sect     string `json:"sect" doc:"how day and night charts are told apart"`
	Formulas string `json:"formulas" doc:"how a formula reads"`
	Houses   string `json:"houses" doc:"which houses the lots are placed in"`
}

// Lots is the lots of a chart.
type Lots struct {
	DayChart    bool               `json:"day_chart" doc:"the Sun is above the horizon (a diurnal chart)"`
	ZodiacType  string             `json:"zodiac_type" doc:"tropical or sidereal" enum:"tropical,sidereal"`
	HouseSystem engine.HouseSystem `json:"house_system" doc:"house system of the house placements"`
	Reference   []Angle            `json:"reference" doc:"the chart's Ascendant, Midheaven, Sun and Moon, from which most lots are reckoned"`
	Lots        []parts.Placed     `json:"lots" doc:"the catalog lots asked for, in catalog order, then the custom lots in the order sent"`
	Conventions Conventions        `json:"conventions"`
	Source      engine.Source      `json:"source" doc:"ephemeris behind the chart" enum:"tables,swiss_ephemeris,moshier"`
}

// CatalogLot is a lot of the catalog as GET /arabic-parts/catalog lists it.
type CatalogLot struct {
	Key             string `json:"key" doc:"catalog key"`
	Name            string `json:"name" doc:"display name"`
	DayFormula      string `json:"day_formula" doc:"formula of a day chart"`
	NightFormula    string `json:"night_formula" doc:"formula of a night chart"`
	ReversesByNight bool   `json:"reverses_by_night" doc:"cast differently by night"`
	Source          string `json:"source" doc:"where the formula comes from"`
}

// Catalog is the lots the API offers and the points formulas may use.
type Catalog struct {
	Lots   []CatalogLot `json:"lots" doc:"every lot, the seven Hermetic lots first"`
	Points []string     `json:"points" doc:"what a custom formula may name"`
}

const lotsDescription = "The lots (Arabic parts) of a natal chart: the seven Hermetic lots of Paulus Alexandrinus (Fortune, Spirit, " +
	"Eros, Necessity, Courage, Victory, Nemesis), Valens' Lot of Basis, and the lots of al-Biruni and Bonatti (Exaltation, " +
	"Marriage of men and of women, Father, Mother, Children, Brothers, Sickness, Death), each with its formula as used, whether " +
	"it reverses by night, its sign, degree, house and source; plus custom lots written A + B - C over named points. " +
	"Sect: a day chart has the Sun above the horizon (from the Descendant through the Midheaven to the Ascendant). " +
	"The body is the natal body (birth packet and chart settings) with lots (keys, default all) and custom. Angles in degrees."

// Ops returns the parts routes.
func Ops(d Deps) []*op.Operation {
	return []*op.Operation{
		op.Post(op.Spec{
			ID: "post-arabic-parts", Path: "/api/v1/arabic-parts", Family: "Traditions", Cacheable: true,
			Summary: "Arabic parts (lots) of a natal chart, from the catalog and custom formulas", Description: lotsDescription,
			Unavailable: op.Missing(d.Positions == nil, "no ephemeris is configured on this server"),
		}, d.lots),
		op.Get(op.Spec{
			ID: "get-arabic-parts-catalog", Path: "/api/v1/arabic-parts/catalog", Family: "Traditions", Access: op.Free, Cacheable: true,
			Summary:     "The lots the Arabic parts route offers, with formulas and sources",
			Description: "Every lot of the catalog with its day and night formulas and its source, and the point names a custom formula may use. Not billed.",
		}, catalog),
	}
}

func catalog(*op.Call, *op.None) (*Catalog, error) {
	out := &Catalog{Points: parts.PointNames()}
	for i := range parts.Catalog {
		l := &parts.Catalog[i]
		out.Lots = append(out.Lots, CatalogLot{Key: l.Key, Name: l.Name, DayFormula: l.Text(true), NightFormula: l.Text(false),
			ReversesByNight: l.Reverses(), Source: l.Source})
	}
	return out, nil
}

func (d Deps) lots(c *op.Call, in *lotsRequest) (*Lots, error) {
	chart, err := in.Cast(d.Positions, c, "")
	if err != nil {
		return nil, err
	}
	defer chart.Release()
	want, custom := in.Chosen(), in.Own()

	// The chart's points, then every catalog lot (custom formulas may name
	// any of them).
	pts := parts.NewPoints(chart.Conventions.DayChart)
	a := &chart.Angles
	for _, p := range []struct {
		name string
		s    natal.Sign
	}{{"Ascendant", a.Ascendant}, {"Descendant", a.Descendant}, {"Midheaven", a.Midheaven}, {"Imum Coeli", a.ImumCoeli}, {"Vertex", a.Vertex}} {
		pts.Set(p.name, p.s.Longitude)
	}
	for _, p := range chart.Planets {
		pts.Set(p.Name, p.Longitude)
	}
	var cusps [12]float64
	for i, cu := range chart.Houses.Cusps {
		cusps[i] = cu.Longitude
		pts.Set("Cusp "+strconv.Itoa(i+1), cu.Longitude)
	}
	for i := range parts.Catalog {
		l := &parts.Catalog[i]
		lon, _, err := pts.CastLot(l)
		if err != nil {
			return nil, err // the catalog names only points every chart has
		}
		pts.Set(l.Name, lon)
	}
	res := &Lots{
		DayChart: chart.Conventions.DayChart, ZodiacType: chart.ZodiacType, HouseSystem: chart.Houses.System, Source: chart.Source,
		Lots: make([]parts.Placed, 0, len(want)+len(custom)),
	}
	for _, p := range []struct {
		name string
		lon  float64
	}{{"Ascendant", a.Ascendant.Longitude}, {"Midheaven", a.Midheaven.Longitude}, {"Sun", chart.Planets[0].Longitude}, {"Moon", chart.Planets[1].Longitude}} {
		s := natal.SignOf(p.lon)
		res.Reference = append(res.Reference, Angle{Name: p.name, Sign: s.Sign, Degree: s.Degree, Longitude: s.Longitude})
	}
	for _, l := range want {
		pl, err := pts.Place(l, &cusps, false)
		if err != nil {
			return nil, err
		}
		res.Lots = append(res.Lots, pl)
	}
	for i := range custom {
		// A formula naming a body the chart lacks is known only now.
		pl, err := pts.Place(&custom[i], &cusps, true)
		if err != nil {
			hint := ""
			if !in.IncludeAsteroids {
				hint = " (the asteroids need include_asteroids true; Chiron exists only from 1800 to 2400)"
			}
			return nil, &engine.FieldError{Field: "custom[" + strconv.Itoa(i) + "].formula", Reason: err.Error() + hint}
		}
		res.Lots = append(res.Lots, pl)
	}
	res.Conventions = Conventions{
		Sect:     "day when the Sun is above the horizon: in the half of the ecliptic from the Descendant through the Midheaven to the Ascendant (the Sun exactly on the Ascendant counts as below, on the Descendant as above)",
		Formulas: "A + B - C: the lot lies as far past A, in the order of the signs, as B lies past C; a lot that reverses by night swaps B and C (Exaltation takes its own night formula); the Lot of Basis adds the shorter arc between Fortune and Spirit",
		Houses:   "placed in the chart's houses (" + string(chart.Houses.System) + ")",
	}
	return res, nil
}
