package timing

import (
	"errors"
	"fmt"
	"math"
	"strings"
	"time"

	"github.com/astroapi/astroapi/engine"
	"github.com/astroapi/astroapi/engine/birth"
	"github.com/astroapi/astroapi/engine/natal"
	"github.com/astroapi/astroapi/engine/timing"
	"github.com/astroapi/astroapi/http/op"
)

// Relocation is where return charts are cast instead of the birth place:
// coordinates, or a place name to geocode.
type Relocation struct {
	Latitude  *float64 `json:"latitude,omitempty" doc:"geographic latitude of the return chart in degrees, north positive; with longitude, or send location instead" minimum:"-90" maximum:"90" example:"48.8566"`
	Longitude *float64 `json:"longitude,omitempty" doc:"geographic longitude in degrees, east positive" minimum:"-180" maximum:"180" example:"2.3522"`
	Location  string   `json:"location,omitempty" doc:"place name to geocode instead of latitude/longitude (offline GeoNames index), such as \"Paris, FR\""`
}

// placeEcho is the place return charts were cast at.
type placeEcho struct {
	Latitude  float64      `json:"latitude" doc:"degrees, north positive"`
	Longitude float64      `json:"longitude" doc:"degrees, east positive"`
	Location  *birth.Place `json:"location,omitempty" doc:"the geocoded place, when location was sent"`
}

// SolarReturnRequest is the body of POST /api/v1/returns/solar: the birth
// with the settings of the chart cast (natal.Request), the year, and an
// optional relocation.
type SolarReturnRequest struct {
	natal.Request
	ReturnYear int         `json:"return_year" required:"true" doc:"calendar year of the solar return: the return nearest the birthday in that year (from the year after the birth year to 150 years after it)" example:"2024"`
	Place      *Relocation `json:"place,omitempty" doc:"where the return chart is cast (relocated solar return); omitted: the birth place"`
}

// LunarReturnsRequest is the body of POST /api/v1/returns/lunar.
type LunarReturnsRequest struct {
	natal.Request
	Start string      `json:"start" required:"true" doc:"start of the range searched: YYYY-MM-DD (00:00 in the birth's time zone) or an RFC 3339 date-time; not before the birth" example:"2024-01-01"`
	End   string      `json:"end,omitempty" doc:"end of the range: a date or date-time as start, at most 366 days after start (14 returns); omitted: start plus one year"`
	Place *Relocation `json:"place,omitempty" doc:"where the return charts are cast; omitted: the birth place"`
}

// lunarMonth is the Moon's mean tropical month in days: returns recur at
// about this interval.
const lunarMonth = 27.321582

// Cost bills lunar returns as the natal charts they cast, one call per
// return in the range (estimated from its length before anything is
// calculated: 14 for a year), like a batch of natal charts. Dates are read
// as UTC here; a request that fails validation is refunded anyway.
func (in *LunarReturnsRequest) Cost() int64 {
	start, err := parseDate(in.Start, time.UTC)
	if err != nil {
		return 1
	}
	end := start.AddDate(1, 0, 0)
	if in.End != "" {
		if end, err = parseDate(in.End, time.UTC); err != nil || !end.After(start) {
			return 1
		}
	}
	return max(1, int64(math.Ceil(end.Sub(start).Hours()/24/lunarMonth)))
}

// PlanetaryReturnsRequest is the body of POST /api/v1/returns/planetary.
type PlanetaryReturnsRequest struct {
	natal.Request
	Planet        timing.Planet `json:"planet" required:"true" doc:"the returning planet (the Sun and the Moon have their own routes)" example:"jupiter"`
	Start         string        `json:"start,omitempty" doc:"start of the range searched: YYYY-MM-DD (00:00 in the birth's time zone) or an RFC 3339 date-time; omitted: the birth"`
	End           string        `json:"end,omitempty" doc:"end of the range: at most 120 years after start, 12 years with include_charts; omitted: start plus 100 years (at most 150 years after the birth)"`
	IncludeCharts bool          `json:"include_charts,omitempty" doc:"cast a return chart for every pass (the range is then at most 12 years)" default:"false"`
	Place         *Relocation   `json:"place,omitempty" doc:"where the return charts are cast (with include_charts); omitted: the birth place"`
}

func (d Deps) returnOps() []*op.Operation {
	const returns = "The instant is the root of the body's apparent geocentric longitude (in the chart's zodiac: a sidereal zodiac gives " +
		"precession-corrected returns) minus its natal longitude, found on the ephemeris to 1e-9 day and reported to the second " +
		"(with the unrounded Julian day). Return charts are natal charts (as POST /api/v1/natal answers them) cast for the return " +
		"instant at the birth place, or at `place` (coordinates or a location string) for a relocated return; house_system, " +
		"zodiac_type, ayanamsa, node_type, include_asteroids, include_minor_aspects and orbs apply to them as to the natal route."
	return []*op.Operation{
		op.Post(d.spec("post-returns-solar", "/api/v1/returns/solar", "Solar return of a year, with its chart",
			"The Sun's return to its natal longitude in `return_year`: the (return_year - birth year)-th return, the one nearest "+
				"the birthday in that year (the birth's local date and time at its UTC offset; it falls within about a day of it, "+
				"before or after). "+returns), d.solarReturn),
		op.Post(d.spec("post-returns-lunar", "/api/v1/returns/lunar", "Lunar returns in a date range, with their charts",
			"Every return of the Moon to its natal longitude from `start` to `end` (at most 366 days: 13 or 14 returns, "+
				"each with its chart). Billed as the charts it casts: one call per return the range can hold (its length over "+
				"27.32 days, rounded up: 14 for a year). "+returns), d.lunarReturns),
		op.Post(d.spec("post-returns-planetary", "/api/v1/returns/planetary", "Planetary returns (Mercury to Pluto) in a date range",
			"Every pass of `planet` over its natal longitude from `start` (default: the birth) to `end` (default: 100 years on; "+
				"at most 120 years, or 12 with include_charts). A planet that stations over its natal place passes it three times "+
				"(direct, retrograde, direct): the passes of one return are numbered (pass of passes) and carry their direction. "+
				"Charts only on request (include_charts). "+returns), d.planetaryReturns),
	}
}

// settings resolves the birth and the full chart settings of the routes
// that cast charts.
func (d Deps) settings(c *op.Call, in *natal.Request) (*subject, error) {
	o, warnings, errs := in.Settings.Options("")
	s, err := d.subject(c, in.Packet, o, warnings, errs)
	if err != nil || s.echo == nil {
		return s, err
	}
	s.echo.IncludeAsteroids, s.echo.IncludeMinorAspects = &o.IncludeAsteroids, &o.MinorAspects
	return s, nil
}

// place resolves the place of return charts: nil (the birth place), or
// coordinates, or a location string geocoded as the birth packet's is.
// Bad fields are collected in s; a missing geocoding index is an error.
func (d Deps) place(s *subject, p *Relocation) (*timing.Place, error) {
	if p == nil {
		return nil, nil
	}
	bad := func(field, reason string) {
		s.bad = append(s.bad, &engine.FieldError{Field: "place." + field, Reason: reason})
	}
	e := &placeEcho{}
	switch {
	case p.Location != "" && (p.Latitude != nil || p.Longitude != nil):
		bad("location", "send either location or latitude/longitude, not both")
		return nil, nil
	case strings.TrimSpace(p.Location) != "":
		if d.Births == nil || d.Births.Places == nil {
			return nil, fmt.Errorf("%w: geocoding is not available; send place.latitude and place.longitude", engine.ErrUnavailable)
		}
		found := d.Births.Places.Search(p.Location, "", 1)
		if len(found) == 0 {
			bad("location", fmt.Sprintf("no place matches %q; check the spelling, qualify it (\"Springfield, IL\") or send latitude and longitude", p.Location))
			return nil, nil
		}
		f := found[0]
		e.Latitude, e.Longitude = f.Latitude, f.Longitude
		e.Location = &birth.Place{Query: p.Location, Name: f.Name, Admin1: f.Admin1, Country: f.Country,
			CountryName: f.CountryName, Latitude: f.Latitude, Longitude: f.Longitude, Timezone: f.Timezone}
	case p.Location != "":
		bad("location", "is blank")
		return nil, nil
	case p.Latitude == nil && p.Longitude == nil:
		bad("latitude", "place needs latitude and longitude, or location")
		return nil, nil
	case p.Latitude == nil:
		bad("latitude", "is required with longitude")
		return nil, nil
	case p.Longitude == nil:
		bad("longitude", "is required with latitude")
		return nil, nil
	default:
		if errs := engine.CheckPlace(*p.Latitude, *p.Longitude, "place."); len(errs) > 0 {
			s.bad = append(s.bad, errs...)
			return nil, nil
		}
		e.Latitude, e.Longitude = *p.Latitude, *p.Longitude
	}
	if s.echo != nil {
		s.echo.Place = e
	}
	return &timing.Place{Latitude: e.Latitude, Longitude: e.Longitude}, nil
}

func (d Deps) solarReturn(c *op.Call, in *SolarReturnRequest) (*timing.SolarReturn, error) {
	s, err := d.settings(c, &in.Request)
	if err != nil {
		return nil, err
	}
	pl, err := d.place(s, in.Place)
	if err != nil {
		return nil, err
	}
	if err := s.done(c); err != nil {
		return nil, err
	}
	s.echo.ReturnYear = in.ReturnYear
	r, err := timing.SolarReturnOf(d.Positions, s.natal, timing.SolarReturnOptions{Year: in.ReturnYear, Place: pl})
	if err != nil {
		// The engine names the return's year "year", which is the birth
		// year in this body.
		return nil, renamed(err, "year", "return_year")
	}
	chartNotes(c, r.Place, r.Return)
	return r, nil
}

func (d Deps) lunarReturns(c *op.Call, in *LunarReturnsRequest) (*timing.Returns, error) {
	s, err := d.settings(c, &in.Request)
	if err != nil {
		return nil, err
	}
	o := timing.LunarReturnOptions{Start: s.date(in.Start, "start"), End: s.date(in.End, "end")}
	if o.Place, err = d.place(s, in.Place); err != nil {
		return nil, err
	}
	if err := s.done(c); err != nil {
		return nil, err
	}
	r, err := timing.LunarReturns(d.Positions, s.natal, o)
	if err != nil {
		return nil, err
	}
	s.echo.Start, s.echo.End = &r.Start, &r.End
	chartNotes(c, r.Place, r.Returns...)
	return r, nil
}

func (d Deps) planetaryReturns(c *op.Call, in *PlanetaryReturnsRequest) (*timing.Returns, error) {
	s, err := d.settings(c, &in.Request)
	if err != nil {
		return nil, err
	}
	o := timing.PlanetaryReturnOptions{
		Planet: in.Planet, Start: s.date(in.Start, "start"), End: s.date(in.End, "end"), IncludeCharts: in.IncludeCharts,
	}
	if o.Place, err = d.place(s, in.Place); err != nil {
		return nil, err
	}
	if in.Place != nil && !in.IncludeCharts {
		c.Warn("place ignored: it is where return charts are cast, and include_charts is false")
	}
	if err := s.done(c); err != nil {
		return nil, err
	}
	r, err := timing.PlanetaryReturns(d.Positions, s.natal, o)
	if err != nil {
		return nil, err
	}
	s.echo.Start, s.echo.End = &r.Start, &r.End
	chartNotes(c, r.Place, r.Returns...)
	return r, nil
}

// chartNotes gives the notices of the return charts (polar house
// fallback, bodies left out, the Moshier theory) once each.
func chartNotes(c *op.Call, pl timing.ReturnPlace, rs ...timing.Return) {
	seen := map[string]bool{}
	for _, r := range rs {
		if r.Chart == nil {
			continue
		}
		for _, n := range r.Chart.Notes(pl.Latitude) {
			if !seen[n] {
				seen[n] = true
				c.Warn("return chart: " + n)
			}
		}
	}
}

// renamed renames the field from to to in a validation error.
func renamed(err error, from, to string) error {
	var fs engine.Fields
	if errors.As(err, &fs) {
		for i, f := range fs {
			if f.Field == from {
				fs[i] = &engine.FieldError{Field: to, Reason: f.Reason}
			}
		}
	}
	return err
}
