package stars

import (
	"fmt"
	"math"
	"slices"
	"time"

	"github.com/astroapi/astroapi/engine"
	"github.com/astroapi/astroapi/engine/resolve"
)

// Tables serves star positions from precomputed tables; *tables.Set
// implements it (Star, and StarIn with a frame built once per instant).
type Tables interface {
	// Star returns the apparent position of the star whose table is named
	// key, false where the tables do not serve it.
	Star(t engine.JDUT, key string) (engine.Position, bool)
}

// BatchTables is implemented by tables that place many stars at one
// instant faster than one by one (*tables.Set: the Sun's and the
// nutation's series are evaluated once). Stars uses it when Tables has it.
type BatchTables interface {
	// Stars sets out[i] and ok[i] as Star(t, keys[i]) would.
	Stars(t engine.JDUT, keys []string, out []engine.Position, ok []bool)
}

// Ephemeris computes star positions directly; *swe.Ephemeris implements
// it (swe_fixstar2_ut, with Moshier's theory for the Earth outside
// 1800-2400).
type Ephemeris interface {
	FixedStar(t engine.JDUT, name string) (engine.Position, error)
}

// Stars places the catalog's stars: from the tables where they serve,
// else from the Swiss Ephemeris. It is safe for concurrent use.
type Stars struct {
	tab Tables
	eph Ephemeris
}

// New returns a Stars over tab and eph; either may be nil (a nil
// interface, not a typed nil pointer). Without eph, instants the tables do
// not serve fail with engine.ErrOutOfRange.
func New(tab Tables, eph Ephemeris) *Stars { return &Stars{tab: tab, eph: eph} }

// keys are the table names of the catalog, in catalog order.
var keys = func() []string {
	k := make([]string, len(catalog))
	for i := range catalog {
		k[i] = catalog[i].key
	}
	return k
}()

// all places every catalog star at t.
func (s *Stars) all(t engine.JDUT, out *[Count]engine.Position) error {
	var ok [Count]bool
	b, isBatch := s.tab.(BatchTables)
	if isBatch {
		b.Stars(t, keys, out[:], ok[:])
	}
	for i := range catalog {
		if ok[i] {
			continue
		}
		var p engine.Position
		var err error
		if isBatch { // the tables have declined already
			p, err = s.direct(t, &catalog[i])
		} else {
			p, err = s.position(t, &catalog[i])
		}
		if err != nil {
			return err
		}
		out[i] = p
	}
	return nil
}

// position places one star at t.
func (s *Stars) position(t engine.JDUT, st *Info) (engine.Position, error) {
	if s.tab != nil {
		if p, ok := s.tab.Star(t, st.key); ok {
			return p, nil
		}
	}
	return s.direct(t, st)
}

// direct places one star at t with the Swiss Ephemeris.
func (s *Stars) direct(t engine.JDUT, st *Info) (engine.Position, error) {
	if s.eph == nil {
		return engine.Position{}, fmt.Errorf("stars: %s not in the tables at JD %.1f and no Swiss Ephemeris: %w", st.Name, float64(t), engine.ErrOutOfRange)
	}
	return s.eph.FixedStar(t, st.se)
}

// Position is a star's catalog entry with its place at the date.
type Position struct {
	Info
	Longitude  float64       `json:"longitude" doc:"apparent geocentric tropical ecliptic longitude of date, degrees, 0-360"`
	Latitude   float64       `json:"latitude" doc:"apparent geocentric ecliptic latitude of date, degrees"`
	Sign       string        `json:"sign" doc:"zodiac sign of the longitude" example:"Gemini"`
	SignDegree float64       `json:"sign_degree" doc:"degrees within the sign, 0-30"`
	Source     engine.Source `json:"source" doc:"what computed the position" enum:"tables,swiss_ephemeris,moshier"`
}

// Conventions state how the positions were computed.
type Conventions struct {
	PositionType string `json:"position_type" doc:"apparent: positions of date with precession, nutation, annual aberration and light deflection, as a chart's planets" enum:"apparent"`
	Frame        string `json:"frame" doc:"coordinate frame of the longitudes"`
	Instant      string `json:"instant" doc:"the instant of the date the stars are placed at"`
	Catalog      string `json:"catalog" doc:"source of the star data"`
}

// conventions are the same for every answer.
var conventions = Conventions{
	PositionType: "apparent",
	Frame:        "geocentric tropical ecliptic of date, true equinox (swe_fixstar2_ut)",
	Instant:      "12:00 UT of the date",
	Catalog:      "sefstars.txt of the Swiss Ephemeris (Hipparcos, ICRS, with proper motion)",
}

// Date is the date of a request: year, month and day, all required (spec
// 4.5). Stars are placed at 12:00 UT of it (a star moves about 0.14" a day,
// so the hour never matters). It resolves itself: the door checks the
// bounds of each field, Resolve that the day exists in its month.
type Date struct {
	Year  int `json:"year" required:"true" doc:"year (Gregorian calendar), 1 to 3000; the Swiss Ephemeris files cover 1800-2400, outside them libswe's Moshier theory places the Earth" minimum:"1" maximum:"3000" example:"2024"`
	Month int `json:"month" required:"true" doc:"month, 1-12" minimum:"1" maximum:"12" example:"4"`
	Day   int `json:"day" required:"true" doc:"day of the month" minimum:"1" maximum:"31" example:"8"`
}

// Resolve checks the date (the day of a month that has it), naming
// prefix+field.
func (d *Date) Resolve(_ resolve.Context, prefix string) error {
	return d.Validate().Prefixed(prefix).Err()
}

// Years the API accepts: the Swiss Ephemeris' files cover 1800-2400, and
// Moshier's theory for the Earth the centuries around them.
const (
	MinYear = 1
	MaxYear = 3000
)

// Validate checks the date, naming the JSON fields.
func (d Date) Validate() engine.Fields {
	var f engine.Fields
	if d.Year < MinYear || d.Year > MaxYear {
		f = append(f, &engine.FieldError{Field: "year", Reason: fmt.Sprintf("must be %d to %d", MinYear, MaxYear)})
	}
	if d.Month < 1 || d.Month > 12 {
		f = append(f, &engine.FieldError{Field: "month", Reason: "must be 1 to 12"})
	} else if d.Day < 1 || d.Day > daysIn(d.Year, d.Month) {
		f = append(f, &engine.FieldError{Field: "day", Reason: fmt.Sprintf("must be 1 to %d for that month", daysIn(d.Year, d.Month))})
	}
	return f
}

func daysIn(year, month int) int {
	return time.Date(year, time.Month(month)+1, 0, 12, 0, 0, 0, time.UTC).Day()
}

// instant is 12:00 UT of the date.
func (d Date) instant() engine.JDUT {
	return engine.JDOf(time.Date(d.Year, time.Month(d.Month), d.Day, 12, 0, 0, 0, time.UTC))
}

// String returns the date as YYYY-MM-DD.
func (d Date) String() string { return fmt.Sprintf("%04d-%02d-%02d", d.Year, d.Month, d.Day) }

// place builds a star's Position at t.
func (s *Stars) place(t engine.JDUT, st *Info) (Position, error) {
	p, err := s.position(t, st)
	if err != nil {
		return Position{}, err
	}
	return positionOf(st, p), nil
}

// positionOf merges a star's catalog entry and its place.
func positionOf(st *Info, p engine.Position) Position {
	lon := engine.Normalize(p.Longitude)
	sign, deg := engine.SignOf(lon)
	return Position{Info: *st, Longitude: lon, Latitude: p.Latitude, Sign: sign, SignDegree: deg, Source: p.Source}
}

// IndexOptions is the request of the star index (spec 4.5).
type IndexOptions struct {
	Date
	// MagnitudeLimit is accepted and ignored: the index always lists the
	// whole catalog (spec 4.5); a warning says so.
	MagnitudeLimit *float64 `json:"magnitude_limit,omitempty" doc:"ignored: the index always lists all 43 stars (spec 4.5); a warning says so, and the echo keeps it as sent"`
}

// Resolve checks the date and says that a magnitude limit is ignored.
func (o *IndexOptions) Resolve(c resolve.Context, prefix string) error {
	if o.MagnitudeLimit != nil {
		c.Warn(magnitudeNote)
	}
	return o.Date.Resolve(c, prefix)
}

// magnitudeNote is the notice of an ignored magnitude_limit.
const magnitudeNote = "magnitude_limit is ignored: the index always lists all 43 catalog stars"

// Validate checks the options, naming the JSON fields.
func (o IndexOptions) Validate() engine.Fields { return o.Date.Validate() }

// Index is the star index at a date (spec 2.5): the whole catalog.
type Index struct {
	Date        string      `json:"date" doc:"the date, YYYY-MM-DD" example:"2024-04-08"`
	FixedStars  []Position  `json:"fixed_stars" doc:"the 43 catalog stars with their positions, in catalog order (ecliptic longitude at J2000)"`
	TotalCount  int         `json:"total_count" doc:"number of stars listed (43)" example:"43"`
	Warnings    []string    `json:"warnings,omitempty" doc:"notes about the request, such as an ignored magnitude_limit"`
	Conventions Conventions `json:"conventions"`
}

// Index places every catalog star at the date.
func (s *Stars) Index(o IndexOptions) (Index, error) {
	if err := o.Validate().Err(); err != nil {
		return Index{}, err
	}
	t := o.instant()
	var pos [Count]engine.Position
	if err := s.all(t, &pos); err != nil {
		return Index{}, err
	}
	out := Index{Date: o.Date.String(), FixedStars: make([]Position, len(catalog)), TotalCount: len(catalog), Conventions: conventions}
	for i := range catalog {
		out.FixedStars[i] = positionOf(&catalog[i], pos[i])
	}
	if o.MagnitudeLimit != nil {
		out.Warnings = []string{magnitudeNote}
	}
	return out, nil
}

// Show is one star at a date (spec 2.5: {date, star}).
type Show struct {
	Date        string      `json:"date" doc:"the date, YYYY-MM-DD" example:"2024-04-08"`
	Star        Position    `json:"star" doc:"the star's position merged with its catalog entry"`
	Conventions Conventions `json:"conventions"`
}

// Show places the star called name (see Find) at the date. An unknown name
// gives an *UnknownStarError wrapping ErrUnknownStar.
func (s *Stars) Show(d Date, name string) (Show, error) {
	if err := d.Validate().Err(); err != nil {
		return Show{}, err
	}
	st, err := Find(name)
	if err != nil {
		return Show{}, err
	}
	p, err := s.place(d.instant(), st)
	if err != nil {
		return Show{}, err
	}
	return Show{Date: d.String(), Star: p, Conventions: conventions}, nil
}

// Planet is a point to test for conjunctions: a name and an ecliptic
// longitude in degrees (as the caller computed it; the natal route's
// planets fit).
type Planet struct {
	Name      string  `json:"name" required:"true" doc:"name of the point (1 to 64 characters), echoed in the results" example:"Sun"`
	Longitude float64 `json:"longitude" required:"true" doc:"ecliptic longitude in degrees, 0-360" minimum:"0" maximum:"360" example:"19.4"`
}

// Orbs of conjunction with a star, degrees.
const (
	// DefaultOrb is the orb used when a request gives none: 1 degree,
	// the usual orb for fixed stars in traditional practice (Robson allows
	// up to 2 degrees for the brightest; most practitioners keep 1).
	DefaultOrb = 1.0
	// MaxOrb bounds the orb a request may ask for.
	MaxOrb = 10.0
	// MaxPlanets bounds the points of one request.
	MaxPlanets = 100
)

// ConjunctionOptions is the request of a conjunction search (spec 4.5).
type ConjunctionOptions struct {
	Date
	Planets []Planet `json:"planets,omitempty" doc:"the points to test (required: 400 when missing or empty), each a name and an ecliptic longitude in degrees, 0-360; at most 100" maxItems:"100" example:"[{\"name\":\"Sun\",\"longitude\":19.4},{\"name\":\"Mars\",\"longitude\":150.1},{\"name\":\"Venus\",\"longitude\":203.8}]"`
	Orb     *float64 `json:"orb,omitempty" doc:"largest separation in ecliptic longitude, degrees, more than 0 and at most 10; default 1, written back in the echo" exclusiveMinimum:"0" maximum:"10" default:"1" example:"1"`
}

// Hints advises on names sent by mistake.
func (*ConjunctionOptions) Hints() map[string]string {
	return map[string]string{
		"points": `did you mean "planets"? (an array of {name, longitude})`,
		"natal":  `send the points as planets: [{name, longitude}] (the natal route's planets reduced to those two keys)`,
		"date":   "send the date as year, month and day",
	}
}

// Resolve checks that the points are there (their absence is
// engine.Missing: spec 7 answers it with 400, before anything else),
// writes the orb's default back and checks the rest.
func (o *ConjunctionOptions) Resolve(_ resolve.Context, prefix string) error {
	if len(o.Planets) == 0 {
		return engine.Missing{{Field: prefix + "planets", Reason: "is required: an array of {name, longitude} (longitudes in degrees, 0-360)"}}
	}
	if o.Orb == nil {
		orb := DefaultOrb
		o.Orb = &orb
	}
	return o.Validate().Prefixed(prefix).Err()
}

// Validate checks the options, naming the JSON fields. A missing or empty
// planets list is reported as field "planets" with reason "required" (the
// API answers it with 400, spec 7).
func (o ConjunctionOptions) Validate() engine.Fields {
	f := o.Date.Validate()
	switch {
	case len(o.Planets) == 0:
		f = append(f, &engine.FieldError{Field: "planets", Reason: "required: a list of {name, longitude}"})
	case len(o.Planets) > MaxPlanets:
		f = append(f, &engine.FieldError{Field: "planets", Reason: fmt.Sprintf("at most %d points", MaxPlanets)})
	}
	for i, p := range o.Planets {
		if i >= MaxPlanets {
			break
		}
		if p.Name == "" || len(p.Name) > 64 {
			f = append(f, &engine.FieldError{Field: fmt.Sprintf("planets[%d].name", i), Reason: "required, at most 64 characters"})
		}
		if !(p.Longitude >= 0 && p.Longitude <= 360) {
			f = append(f, &engine.FieldError{Field: fmt.Sprintf("planets[%d].longitude", i), Reason: "must be a number from 0 to 360"})
		}
	}
	if o.Orb != nil && !(*o.Orb > 0 && *o.Orb <= MaxOrb) {
		f = append(f, &engine.FieldError{Field: "orb", Reason: fmt.Sprintf("must be greater than 0 and at most %g degrees", MaxOrb)})
	}
	return f
}

// Conjunction is a point within the orb of a star, by longitude.
type Conjunction struct {
	Star            string  `json:"star" doc:"star name" example:"Regulus"`
	Planet          string  `json:"planet" doc:"the point's name as given" example:"Sun"`
	StarLongitude   float64 `json:"star_longitude" doc:"the star's apparent ecliptic longitude of date, degrees"`
	PlanetLongitude float64 `json:"planet_longitude" doc:"the point's longitude as given, degrees (360 read as 0)"`
	Orb             float64 `json:"orb" doc:"separation in longitude, degrees, 0 to orb_used (across 0 Aries the short way round)"`
}

// Conjunctions is the answer of a conjunction search (spec 2.5).
type Conjunctions struct {
	Date         string        `json:"date" doc:"the date, YYYY-MM-DD"`
	Conjunctions []Conjunction `json:"conjunctions" doc:"every star-point pair within the orb, closest first"`
	OrbUsed      float64       `json:"orb_used" doc:"the orb applied, degrees" example:"1"`
	TotalCount   int           `json:"total_count" doc:"number of conjunctions"`
	Method       string        `json:"method" doc:"how a conjunction is judged"`
	Conventions  Conventions   `json:"conventions"`
}

// Conjunctions finds the catalog stars within the orb of each point, by
// ecliptic longitude alone (latitude ignored, the traditional
// conjunction), the separation measured the short way round the circle.
func (s *Stars) Conjunctions(o ConjunctionOptions) (Conjunctions, error) {
	if err := o.Validate().Err(); err != nil {
		return Conjunctions{}, err
	}
	orb := DefaultOrb
	if o.Orb != nil {
		orb = *o.Orb
	}
	t := o.instant()
	var pos [Count]engine.Position
	if err := s.all(t, &pos); err != nil {
		return Conjunctions{}, err
	}
	var lons [Count]float64
	for i := range pos {
		lons[i] = engine.Normalize(pos[i].Longitude)
	}
	out := Conjunctions{Date: o.Date.String(), Conjunctions: []Conjunction{}, OrbUsed: orb, Conventions: conventions,
		Method: "separation in ecliptic longitude only, the shorter arc (across 0 Aries), within orb_used"}
	for _, p := range o.Planets {
		pl := engine.Normalize(p.Longitude)
		for i := range catalog {
			if d := Separation(lons[i], pl); d <= orb {
				out.Conjunctions = append(out.Conjunctions, Conjunction{Star: catalog[i].Name, Planet: p.Name,
					StarLongitude: lons[i], PlanetLongitude: pl, Orb: d})
			}
		}
	}
	// Closest first; equal orbs keep planet order, then catalog order.
	slices.SortStableFunc(out.Conjunctions, func(a, b Conjunction) int {
		switch {
		case a.Orb < b.Orb:
			return -1
		case a.Orb > b.Orb:
			return 1
		}
		return 0
	})
	out.TotalCount = len(out.Conjunctions)
	return out, nil
}

// Separation returns the shorter arc between two longitudes, in [0, 180]
// degrees: 359.5 and 0.3 are 0.8 apart.
func Separation(a, b float64) float64 {
	d := math.Abs(a - b)
	if d > 360 { // only for longitudes outside [0, 360)
		return math.Abs(math.Remainder(a-b, 360))
	}
	if d > 180 {
		d = 360 - d
	}
	return d
}
