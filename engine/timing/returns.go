package timing

import (
	"fmt"
	"time"

	"github.com/astroapi/astroapi/engine"
	"github.com/astroapi/astroapi/engine/natal"
)

// Planet names a body whose returns can be asked for. The values are the
// API's wire values.
type Planet string

// The planets of planetary returns (the Sun and the Moon have their own
// solar and lunar returns).
const (
	PlanetMercury Planet = "mercury"
	PlanetVenus   Planet = "venus"
	PlanetMars    Planet = "mars"
	PlanetJupiter Planet = "jupiter"
	PlanetSaturn  Planet = "saturn"
	PlanetUranus  Planet = "uranus"
	PlanetNeptune Planet = "neptune"
	PlanetPluto   Planet = "pluto"
)

var planetBodies = map[Planet]engine.Body{
	PlanetMercury: engine.Mercury, PlanetVenus: engine.Venus, PlanetMars: engine.Mars,
	PlanetJupiter: engine.Jupiter, PlanetSaturn: engine.Saturn, PlanetUranus: engine.Uranus,
	PlanetNeptune: engine.Neptune, PlanetPluto: engine.Pluto,
}

// EnumValues lists the planets of planetary returns.
func (Planet) EnumValues() []string {
	return []string{"mercury", "venus", "mars", "jupiter", "saturn", "uranus", "neptune", "pluto"}
}

// Limits of the return searches.
const (
	// MaxLunarRangeDays bounds a lunar-return range: 366 days hold at most
	// 14 returns (a sidereal month is 27.32 days), each with its chart.
	MaxLunarRangeDays = 366
	// MaxPlanetaryRangeYears bounds a planetary-return range (Julian years);
	// MaxPlanetaryChartYears bounds it when charts are cast for every pass
	// (Mercury passes its natal place up to about 3 times a year).
	MaxPlanetaryRangeYears = 120
	MaxPlanetaryChartYears = 12
)

// Direction says which way a body moved when it passed its natal longitude.
type Direction string

// The directions of a pass.
const (
	Direct     Direction = "direct"
	Retrograde Direction = "retrograde"
)

// EnumValues lists the directions.
func (Direction) EnumValues() []string { return []string{string(Direct), string(Retrograde)} }

// Return is one instant a body comes back to its natal longitude, with the
// chart cast for it when asked.
type Return struct {
	Body      string    `json:"body" doc:"the returning body" example:"Sun"`
	Time      time.Time `json:"time" doc:"instant of the return, UTC, to the second" example:"\"2024-07-14T03:12:45Z\""`
	JulianDay float64   `json:"julian_day" doc:"Julian day (UT) of the return, unrounded"`
	Longitude float64   `json:"longitude" doc:"the natal longitude returned to, degrees in the chart's zodiac" minimum:"0" maximum:"360"`
	AgeYears  float64   `json:"age_years" doc:"time since birth in Julian years of 365.25 days"`
	Direction Direction `json:"direction" doc:"motion of the body at the pass" enum:"direct,retrograde"`
	Speed     float64   `json:"speed" doc:"speed in longitude at the pass, degrees per day"`
	// Pass and Passes number the passes of one return: a planet that turns
	// retrograde over its natal place passes it three times (direct,
	// retrograde, direct).
	Pass   int          `json:"pass" doc:"which pass of this return, 1-3" minimum:"1" maximum:"3"`
	Passes int          `json:"passes" doc:"passes of this return found in the range (1, or 3 when the planet turns back over its natal place; fewer when the range cuts the loop)" minimum:"1" maximum:"3"`
	Chart  *natal.Chart `json:"chart,omitempty" doc:"the return chart cast for this instant at the return place"`
}

// ReturnPlace is where the return charts are cast.
type ReturnPlace struct {
	Latitude  float64 `json:"latitude" doc:"degrees, north positive"`
	Longitude float64 `json:"longitude" doc:"degrees, east positive"`
	Relocated bool    `json:"relocated" doc:"true when the charts are cast away from the birth place"`
}

// ReturnConventions state how returns are found.
type ReturnConventions struct {
	ZodiacType string          `json:"zodiac_type" doc:"zodiac of the natal longitude returned to" enum:"tropical,sidereal"`
	Ayanamsa   engine.Ayanamsa `json:"ayanamsa,omitempty" doc:"ayanamsa of a sidereal return (the return is then to the sidereal longitude: a precession-corrected return)"`
	Positions  string          `json:"positions" doc:"frame of the longitudes"`
	Precision  string          `json:"precision" doc:"how precisely the instant is found and reported"`
	Year       string          `json:"year_definition,omitempty" doc:"which return a calendar year names (solar returns)"`
	Passes     string          `json:"passes,omitempty" doc:"how the passes of a retrograde loop are grouped (planetary returns)"`
	Bound      string          `json:"bound,omitempty" doc:"limit on the range searched"`
}

const (
	positionsText = "apparent geocentric ecliptic longitude of date (Swiss Ephemeris defaults)"
	precisionText = "root of longitude minus natal longitude found to 1e-9 day by Newton steps inside a bracket; reported to the second"
	yearText      = "the solar return of year Y is the (Y - birth year)-th return: the one nearest the birthday in Y (the birth's local date and time at its UTC offset); it falls within about a day of it, before or after"
	passesText    = "a return is a direct pass, or a direct-retrograde-direct triple when the planet stations over its natal place; passes are numbered within their return"
)

func returnConventions(o natal.Options) ReturnConventions {
	return ReturnConventions{ZodiacType: zodiacName(o), Ayanamsa: o.Sidereal, Positions: positionsText, Precision: precisionText}
}

// SolarReturnOptions ask for the solar return of a year.
type SolarReturnOptions struct {
	// Year names the return: the (Year - birth year)-th, nearest the
	// birthday in Year.
	Year int `json:"return_year" doc:"calendar year of the return; the return nearest the birthday in that year" example:"2024"`
	// Place is where the chart is cast; nil is the birth place.
	Place *Place `json:"place,omitempty" doc:"place of the return chart; omitted: the birth place"`
}

// Validate checks the options against the birth.
func (o SolarReturnOptions) Validate(n Natal) engine.Fields {
	errs := n.Validate()
	y0 := n.birthYear()
	if o.Year <= y0 || o.Year > y0+HorizonYears {
		errs = append(errs, &engine.FieldError{Field: "return_year", Reason: fmt.Sprintf("must be after the birth year %d and at most %d", y0, y0+HorizonYears)})
	}
	if o.Place != nil {
		errs = append(errs, o.Place.check("place.")...)
	}
	return errs
}

// SolarReturn is a year's solar return and its chart.
type SolarReturn struct {
	Year        int               `json:"year" doc:"the calendar year asked for"`
	Number      int               `json:"number" doc:"which return since birth (1 is the first birthday's)"`
	Birthday    time.Time         `json:"birthday" doc:"the birthday in that year (the birth's local date and time), UTC"`
	Return      Return            `json:"return" doc:"the return instant and its chart"`
	Place       ReturnPlace       `json:"place"`
	Conventions ReturnConventions `json:"conventions"`
	Source      engine.Source     `json:"source" doc:"least precise ephemeris used" enum:"tables,swiss_ephemeris,moshier"`
}

// Release hands the chart's storage back (see natal.Chart.Release); the
// result must not be used afterwards.
func (r *SolarReturn) Release() {
	if r != nil && r.Return.Chart != nil {
		r.Return.Chart.Release()
		r.Return.Chart = nil
	}
}

// natalLongitude returns body b's longitude at birth in the chart's zodiac.
func natalLongitude(pos engine.Positions, n Natal, b engine.Body) (float64, engine.Source, error) {
	p, err := pos.Position(n.Birth.JD, b, engine.Options{Sidereal: n.Chart.Sidereal, SkipDistance: true})
	if err != nil {
		return 0, "", fmt.Errorf("%s at birth: %w", b, err)
	}
	return p.Longitude, p.Source, nil
}

// place resolves the chart place.
func (n Natal) place(p *Place) ReturnPlace {
	if p == nil {
		return ReturnPlace{Latitude: n.Birth.Latitude, Longitude: n.Birth.Longitude}
	}
	return ReturnPlace{Latitude: p.Latitude, Longitude: p.Longitude, Relocated: p.Latitude != n.Birth.Latitude || p.Longitude != n.Birth.Longitude}
}

// cast builds the Return of body at jd and casts its chart at pl when
// chart is true.
func cast(pos engine.Positions, n Natal, body engine.Body, jd, lon, speed float64, pl ReturnPlace, chart bool) (Return, error) {
	r := Return{
		Body: body.String(), Time: instant(engine.JDUT(jd)), JulianDay: jd, Longitude: lon,
		AgeYears: (jd - float64(n.Birth.JD)) / 365.25, Direction: Direct, Speed: speed, Pass: 1, Passes: 1,
	}
	if speed < 0 {
		r.Direction = Retrograde
	}
	if chart {
		c, err := natal.Compute(pos, natal.Birth{JD: engine.JDUT(jd), Latitude: pl.Latitude, Longitude: pl.Longitude}, n.Chart)
		if err != nil {
			return r, err
		}
		r.Chart = c
	}
	return r, nil
}

// SolarReturnOf finds the solar return of o.Year and casts its chart.
func SolarReturnOf(pos engine.Positions, n Natal, o SolarReturnOptions) (*SolarReturn, error) {
	if errs := o.Validate(n); len(errs) > 0 {
		return nil, errs
	}
	target, src, err := natalLongitude(pos, n, engine.Sun)
	if err != nil {
		return nil, err
	}
	day := n.anniversary(o.Year)
	tr := newTrack(pos, engine.Sun, n.Chart.Sidereal)
	// The return lies within ~1.5 days of the birthday (tropical; the
	// sidereal return drifts 0.014 day a year later): ±5 days brackets it
	// with the Sun within 5° of its place, so no wrap.
	jd, err := tr.nearest(target, float64(jdOf(day)), 5)
	if err != nil {
		return nil, err
	}
	_, speed, err := tr.at(jd)
	if err != nil {
		return nil, err
	}
	pl := n.place(o.Place)
	r, err := cast(pos, n, engine.Sun, jd, target, speed, pl, true)
	if err != nil {
		return nil, err
	}
	c := returnConventions(n.Chart)
	c.Year = yearText
	return &SolarReturn{
		Year: o.Year, Number: o.Year - n.birthYear(), Birthday: day, Return: r, Place: pl,
		Conventions: c, Source: src.Worse(tr.src).Worse(r.Chart.Source),
	}, nil
}

// LunarReturnOptions ask for the lunar returns in a range.
type LunarReturnOptions struct {
	Start time.Time `json:"start" doc:"start of the range, RFC 3339; not before the birth" example:"\"2024-01-01T00:00:00Z\""`
	// End defaults to Start plus one calendar year.
	End   time.Time `json:"end,omitempty" doc:"end of the range, RFC 3339; at most 366 days after start; omitted: start plus one year"`
	Place *Place    `json:"place,omitempty" doc:"place of the return charts; omitted: the birth place"`
}

func (o LunarReturnOptions) end() time.Time {
	if o.End.IsZero() && !o.Start.IsZero() {
		return o.Start.AddDate(1, 0, 0)
	}
	return o.End
}

// Validate checks the options against the birth.
func (o LunarReturnOptions) Validate(n Natal) engine.Fields {
	errs := n.Validate()
	errs = append(errs, n.checkRange(o.Start, o.end(), "start", "end", MaxLunarRangeDays, "366 days (14 lunar returns)")...)
	if o.Place != nil {
		errs = append(errs, o.Place.check("place.")...)
	}
	return errs
}

// Returns are the returns of one body in a range.
type Returns struct {
	Body        string            `json:"body" doc:"the returning body" example:"Moon"`
	Start       time.Time         `json:"start" doc:"start of the range searched, UTC"`
	End         time.Time         `json:"end" doc:"end of the range searched, UTC"`
	Longitude   float64           `json:"natal_longitude" doc:"the natal longitude returned to, degrees in the chart's zodiac"`
	Returns     []Return          `json:"returns" doc:"the returns in time order"`
	Place       ReturnPlace       `json:"place"`
	Conventions ReturnConventions `json:"conventions"`
	Source      engine.Source     `json:"source" doc:"least precise ephemeris used" enum:"tables,swiss_ephemeris,moshier"`
}

// Release hands the charts' storage back (see natal.Chart.Release).
func (r *Returns) Release() {
	if r == nil {
		return
	}
	for i := range r.Returns {
		if r.Returns[i].Chart != nil {
			r.Returns[i].Chart.Release()
			r.Returns[i].Chart = nil
		}
	}
}

// LunarReturns finds the lunar returns in the range and casts their charts.
func LunarReturns(pos engine.Positions, n Natal, o LunarReturnOptions) (*Returns, error) {
	if errs := o.Validate(n); len(errs) > 0 {
		return nil, errs
	}
	end := o.end()
	target, src, err := natalLongitude(pos, n, engine.Moon)
	if err != nil {
		return nil, err
	}
	tr := newTrack(pos, engine.Moon, n.Chart.Sidereal)
	pl := n.place(o.Place)
	out := &Returns{Body: engine.Moon.String(), Start: utc(o.Start), End: utc(end), Longitude: target, Place: pl, Conventions: returnConventions(n.Chart)}
	out.Conventions.Bound = "at most 366 days: 14 returns"
	from, to := float64(jdOf(o.Start)), float64(jdOf(end))
	for t := from; t <= to; {
		// The Moon moves 11.8-15.4° a day: [11, 16] brackets every
		// crossing.
		jd, err := tr.next(target, t, 11, 16)
		if err != nil {
			out.Release()
			return nil, err
		}
		if jd > to {
			break
		}
		_, speed, err := tr.at(jd)
		if err != nil {
			out.Release()
			return nil, err
		}
		r, err := cast(pos, n, engine.Moon, jd, target, speed, pl, true)
		if err != nil {
			out.Release()
			return nil, err
		}
		src = src.Worse(r.Chart.Source)
		out.Returns = append(out.Returns, r)
		// The next return is at least 26 days on.
		t = jd + 20
	}
	out.Source = src.Worse(tr.src)
	return out, nil
}

// PlanetaryReturnOptions ask for a planet's returns in a range.
type PlanetaryReturnOptions struct {
	Planet Planet `json:"planet" doc:"the returning planet" enum:"mercury,venus,mars,jupiter,saturn,uranus,neptune,pluto" example:"jupiter"`
	// Start defaults to the birth, End to Start plus 100 Julian years.
	Start time.Time `json:"start,omitempty" doc:"start of the range, RFC 3339; omitted: the birth"`
	End   time.Time `json:"end,omitempty" doc:"end of the range, RFC 3339; at most 120 years after start (12 with charts); omitted: start plus 100 years"`
	// IncludeCharts casts a chart for every pass.
	IncludeCharts bool   `json:"include_charts,omitempty" doc:"cast a return chart for every pass (range then at most 12 years)" default:"false"`
	Place         *Place `json:"place,omitempty" doc:"place of the return charts; omitted: the birth place"`
}

func (o PlanetaryReturnOptions) span(n Natal) (time.Time, time.Time) {
	start, end := o.Start, o.End
	if start.IsZero() {
		start = n.born()
	}
	if end.IsZero() {
		end = start.Add(time.Duration(100 * 365.25 * 86400 * float64(time.Second)))
		if h := n.horizon(); end.After(h) {
			end = h
		}
	}
	return start, end
}

// Validate checks the options against the birth.
func (o PlanetaryReturnOptions) Validate(n Natal) engine.Fields {
	errs := n.Validate()
	if _, ok := planetBodies[o.Planet]; !ok {
		errs = append(errs, &engine.FieldError{Field: "planet", Reason: fmt.Sprintf("unknown planet %q: use mercury, venus, mars, jupiter, saturn, uranus, neptune or pluto", o.Planet)})
	}
	start, end := o.span(n)
	maxYears, text := float64(MaxPlanetaryRangeYears), "120 years"
	if o.IncludeCharts {
		maxYears, text = MaxPlanetaryChartYears, "12 years when include_charts is true"
	}
	errs = append(errs, n.checkRange(start, end, "start", "end", maxYears*365.25, text)...)
	if o.Place != nil {
		errs = append(errs, o.Place.check("place.")...)
	}
	return errs
}

// PlanetaryReturns finds every pass of the planet over its natal longitude
// in the range, grouping the passes of a retrograde loop into one return.
func PlanetaryReturns(pos engine.Positions, n Natal, o PlanetaryReturnOptions) (*Returns, error) {
	if errs := o.Validate(n); len(errs) > 0 {
		return nil, errs
	}
	body := planetBodies[o.Planet]
	start, end := o.span(n)
	target, src, err := natalLongitude(pos, n, body)
	if err != nil {
		return nil, err
	}
	tr := newTrack(pos, body, n.Chart.Sidereal)
	xs, err := tr.crossings(target, float64(jdOf(start)), float64(jdOf(end)))
	if err != nil {
		return nil, err
	}
	pl := n.place(o.Place)
	out := &Returns{Body: body.String(), Start: utc(start), End: utc(end), Longitude: target, Place: pl, Conventions: returnConventions(n.Chart), Returns: make([]Return, 0, len(xs))}
	out.Conventions.Passes = passesText
	out.Conventions.Bound = "at most 120 years; 12 with charts"
	for _, x := range xs {
		if x.t-float64(n.Birth.JD) < 1.0/86400 {
			continue // the birth itself is no return
		}
		r, err := cast(pos, n, body, x.t, target, x.speed, pl, o.IncludeCharts)
		if err != nil {
			out.Release()
			return nil, err
		}
		if r.Chart != nil {
			src = src.Worse(r.Chart.Source)
		}
		out.Returns = append(out.Returns, r)
	}
	groupPasses(out.Returns)
	out.Source = src.Worse(tr.src)
	return out, nil
}

// groupPasses numbers the passes of each return: a return opens with a
// direct pass that follows a direct pass (or nothing), and a retrograde
// pass and the direct pass after it belong to the return they interrupt.
// A range that opens inside a loop starts a group at its first pass.
func groupPasses(rs []Return) {
	begin := 0
	flush := func(end int) {
		for k := begin; k < end; k++ {
			rs[k].Pass, rs[k].Passes = k-begin+1, end-begin
		}
		begin = end
	}
	for i := 1; i < len(rs); i++ {
		if rs[i].Direction == Direct && rs[i-1].Direction == Direct {
			flush(i)
		}
	}
	flush(len(rs))
}
