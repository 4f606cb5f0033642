package locational

import (
	"fmt"
	"strings"

	"github.com/astroapi/astroapi/engine"
	"github.com/astroapi/astroapi/engine/birth"
	"github.com/astroapi/astroapi/engine/jsonw"
	"github.com/astroapi/astroapi/engine/natal"
	"github.com/astroapi/astroapi/engine/resolve"
	"github.com/astroapi/astroapi/engine/sky"
	"github.com/astroapi/astroapi/engine/wheel"
)

// Place is a place that is not a birthplace (where a chart is relocated
// to), read as the birth packet reads its place: coordinates, a place name
// to geocode, or both (the coordinates are then the place and the name
// labels it). It resolves itself; resolved, latitude and longitude hold
// the place used and geocoded the place the name was found as.
type Place struct {
	Latitude  *float64     `json:"latitude,omitempty" doc:"geographic latitude in degrees, north positive; with longitude, or send location" example:"40.7128" minimum:"-90" maximum:"90"`
	Longitude *float64     `json:"longitude,omitempty" doc:"geographic longitude in degrees, east positive" example:"-74.006" minimum:"-180" maximum:"180"`
	Location  string       `json:"location,omitempty" doc:"place name to geocode instead of latitude/longitude (offline GeoNames index), such as \"New York, US\"; sent with coordinates it only names the place"`
	Geocoded  *birth.Place `json:"geocoded,omitempty" readonly:"true" doc:"the place location was geocoded to"`

	at [2]float64 // latitude, longitude after Resolve
}

// Resolve reads the place, geocoding a location with c's index, and
// writes the coordinates used back.
func (p *Place) Resolve(c resolve.Context, prefix string) error {
	var errs engine.Fields
	coords := p.Latitude != nil || p.Longitude != nil
	switch {
	case p.Latitude == nil && p.Longitude != nil:
		errs.Bad(prefix+"latitude", "is required with longitude")
	case p.Latitude != nil && p.Longitude == nil:
		errs.Bad(prefix+"longitude", "is required with latitude")
	case coords:
		p.at = [2]float64{*p.Latitude, *p.Longitude}
		errs = append(errs, engine.CheckPlace(p.at[0], p.at[1], prefix)...)
	}
	switch name := strings.TrimSpace(p.Location); {
	case name == "" && p.Location != "":
		errs.Bad(prefix+"location", "is blank")
	case name != "":
		if c.Places() == nil {
			if !coords {
				return fmt.Errorf("%w: geocoding is not available; send latitude and longitude", engine.ErrUnavailable)
			}
			break
		}
		found := c.Places().Search(name, "", 1)
		switch {
		case len(found) > 0:
			f := found[0]
			p.Geocoded = &birth.Place{Name: f.Name, Admin1: f.Admin1, Country: f.Country, CountryName: f.CountryName,
				Latitude: f.Latitude, Longitude: f.Longitude, Timezone: f.Timezone}
			if !coords {
				p.at = [2]float64{f.Latitude, f.Longitude}
			}
		case coords:
			c.Warn(fmt.Sprintf("%slocation %q matches no place in the index: it was kept as a label; the coordinates are used", prefix, p.Location))
		default:
			errs.Bad(prefix+"location", fmt.Sprintf("no place matches %q; check the spelling, qualify it (\"Springfield, IL\") or send latitude and longitude", p.Location))
		}
	case !coords:
		errs.Bad(prefix+"latitude", "latitude and longitude, or location, are required")
	}
	if len(errs) > 0 {
		return errs
	}
	p.Latitude, p.Longitude = &p.at[0], &p.at[1]
	return nil
}

// Coordinates returns the resolved place: latitude and longitude in degrees.
func (p *Place) Coordinates() (latitude, longitude float64) { return p.at[0], p.at[1] }

// appendMembers writes the place's members to an object being written.
func (p *Place) appendMembers(o *jsonw.Object) {
	o.NumberPtr("latitude", p.Latitude)
	o.NumberPtr("longitude", p.Longitude)
	o.StringOmit("location", p.Location)
	if g := p.Geocoded; g != nil {
		o.Key("geocoded")
		w := jsonw.Object{B: append(o.B, '{')}
		w.String("name", g.Name)
		w.StringOmit("admin1", g.Admin1)
		w.String("country", g.Country)
		w.StringOmit("country_name", g.CountryName)
		w.Number("latitude", g.Latitude)
		w.Number("longitude", g.Longitude)
		w.String("timezone", g.Timezone)
		o.B = append(w.B, '}')
	}
}

// RelocationRequest is the input of the relocated chart: the birth and its
// chart settings as the natal route takes them, and the place to cast the
// same instant at. The parts resolve themselves; resolved, the request is
// its own echo.
type RelocationRequest struct {
	natal.Request
	Relocation Place `json:"relocation" required:"true" doc:"where to cast the chart: latitude and longitude, or location (or both)" example:"{\"latitude\":40.7128,\"longitude\":-74.006}"`
}

// Cast casts the relocated chart of a resolved request: the birth instant
// at the relocation place. Its notices (polar houses, the Moshier theory)
// go to w.
func (r *RelocationRequest) Cast(pos engine.Positions, w interface{ Warn(...string) }) (*natal.Chart, error) {
	b := r.Packet.Resolved()
	lat, lon := r.Relocation.Coordinates()
	chart, err := natal.Compute(pos, natal.Birth{JD: b.Instant.JD, Latitude: lat, Longitude: lon}, r.Settings.Options())
	if err != nil {
		return nil, err
	}
	for _, n := range chart.Notes(lat) {
		w.Warn(n)
	}
	return chart, nil
}

// AppendJSON appends the request as go-json writes it (held equal by a
// test): resolved, it is the echo of every uncached relocation.
func (r *RelocationRequest) AppendJSON(b []byte) []byte {
	o := jsonw.Object{B: append(b, '{')}
	r.Packet.AppendMembers(&o)
	r.Settings.AppendMembers(&o)
	o.Key("relocation")
	w := jsonw.Object{B: append(o.B, '{')}
	r.Relocation.appendMembers(&w)
	o.B = append(w.B, '}')
	return append(o.B, '}')
}

// Hints advise callers who send the relocation place at the top level.
func (*RelocationRequest) Hints() map[string]string {
	const hint = "the new place goes inside relocation (relocation.latitude, relocation.longitude or relocation.location); the top-level place is the birthplace"
	return map[string]string{"relocated": hint, "new_latitude": hint, "new_longitude": hint, "relocate": hint, "place": hint, "destination": hint}
}

// Bodies are a request's bodies: keys of engine/sky ("sun", "true_node").
type Bodies []sky.BodyKey

// resolve reads the keys (the door checked each against the enumeration),
// writing the default back when none were sent.
func (bs *Bodies) resolve() []engine.Body {
	if len(*bs) == 0 {
		*bs = make(Bodies, len(DefaultMapBodies))
		for i, b := range DefaultMapBodies {
			(*bs)[i] = sky.KeyOf(b)
		}
	}
	out := make([]engine.Body, 0, len(*bs))
	for _, k := range *bs {
		if b, ok := sky.ParseBody(string(k)); ok {
			out = append(out, b)
		}
	}
	return out
}

// duplicate returns the index of the first key listed twice, or -1.
func (bs Bodies) duplicate() int {
	seen := map[sky.BodyKey]bool{}
	for i, k := range bs {
		if seen[k] {
			return i
		}
		seen[k] = true
	}
	return -1
}

// MapRequest is the input of the astrocartography map: a birth packet, the
// bodies, the latitude step of the rising and setting curves and whether
// to find the parans.
type MapRequest struct {
	birth.Packet
	Bodies        Bodies  `json:"bodies,omitempty" doc:"bodies to draw lines for, by key (default sun..pluto)" maxItems:"18"`
	Step          float64 `json:"step,omitempty" doc:"latitude step of the ASC and DSC curves, degrees" minimum:"0.1" maximum:"5" default:"1"`
	IncludeParans bool    `json:"include_parans,omitempty" doc:"also find the parans: latitudes where two bodies are on angles at the same moment" default:"false"`

	bodies []engine.Body
}

// Resolve resolves the birth and reads the bodies, writing the defaults
// used back.
func (r *MapRequest) Resolve(c resolve.Context, prefix string) error {
	var errs engine.Fields
	if err := errs.Add(r.Packet.Resolve(c, prefix)); err != nil {
		return err
	}
	if i := r.Bodies.duplicate(); i >= 0 {
		errs.Bad(fmt.Sprintf("%sbodies[%d]", prefix, i), fmt.Sprintf("%q is listed twice", r.Bodies[i]))
	}
	r.bodies = r.Bodies.resolve()
	if r.Step == 0 {
		r.Step = 1
	}
	return errs.Err()
}

// Options returns the map options of a resolved request.
func (r *MapRequest) Options() MapOptions {
	return MapOptions{Bodies: r.bodies, Step: r.Step, Parans: r.IncludeParans}
}

// Draw computes the map of a resolved request, leaving the Moshier notice
// on w.
func (r *MapRequest) Draw(pos engine.Positions, w interface{ Warn(...string) }) (*Map, error) {
	m, err := Astrocartography(pos, r.Packet.Resolved().Instant.JD, r.Options())
	if err == nil && m.Source == engine.FromMoshier {
		w.Warn(engine.MoshierNote)
	}
	return m, err
}

// MapSVGRequest is the input of the drawn map: the map's input and the
// drawing options.
type MapSVGRequest struct {
	MapRequest
	Theme wheel.Theme `json:"theme,omitempty" doc:"colour scheme of the map" default:"light"`
	Width int         `json:"width,omitempty" doc:"width of the SVG in pixels (the height is half of it; the drawing scales)" minimum:"400" maximum:"4000" default:"1200"`
}

// Render draws the map of a resolved request.
func (r *MapSVGRequest) Render(pos engine.Positions, w interface{ Warn(...string) }) ([]byte, error) {
	m, err := r.Draw(pos, w)
	if err != nil {
		return nil, err
	}
	b := r.Packet.Resolved()
	title := MapTitle(r.BirthDate, r.BirthTime[:5], string(r.Timezone), b.Latitude, b.Longitude)
	if r.Place != nil {
		title = r.Place.Name + ", " + title
	}
	return RenderMap(m, title, MapSVGOptions{Width: r.Width, Theme: r.Theme}), nil
}

// LocalSpaceRequest is the input of the local space lines: a birth packet,
// the bodies and the sampling step along the great circles.
type LocalSpaceRequest struct {
	birth.Packet
	Bodies Bodies  `json:"bodies,omitempty" doc:"bodies to draw lines for, by key (default sun..pluto)" maxItems:"18"`
	Step   float64 `json:"step,omitempty" doc:"sampling step along each great circle, degrees of arc" minimum:"0.1" maximum:"5" default:"1"`

	bodies []engine.Body
}

// Resolve resolves the birth and reads the bodies, writing the defaults
// used back.
func (r *LocalSpaceRequest) Resolve(c resolve.Context, prefix string) error {
	var errs engine.Fields
	if err := errs.Add(r.Packet.Resolve(c, prefix)); err != nil {
		return err
	}
	if i := r.Bodies.duplicate(); i >= 0 {
		errs.Bad(fmt.Sprintf("%sbodies[%d]", prefix, i), fmt.Sprintf("%q is listed twice", r.Bodies[i]))
	}
	r.bodies = r.Bodies.resolve()
	if r.Step == 0 {
		r.Step = 1
	}
	return errs.Err()
}

// Draw computes the local space lines of a resolved request, leaving the
// Moshier notice on w.
func (r *LocalSpaceRequest) Draw(pos engine.Positions, w interface{ Warn(...string) }) (*LocalSpaceMap, error) {
	b := r.Packet.Resolved()
	m, err := LocalSpaceLines(pos, b.Instant.JD, b.Latitude, b.Longitude, r.bodies, r.Step)
	if err == nil && m.Source == engine.FromMoshier {
		w.Warn(engine.MoshierNote)
	}
	return m, err
}
