package eclipses

import (
	"errors"
	"fmt"
	"strconv"
	"time"

	json "github.com/goccy/go-json"

	"github.com/astroapi/astroapi/engine"
	"github.com/astroapi/astroapi/engine/eclipses"
	"github.com/astroapi/astroapi/http/op"
)

// activationsInput is the body of POST /api/v1/eclipses/activations.
type activationsInput struct {
	// eclipse_date is required, but checked by the handler after natal:
	// the decoder's 422 for a missing field would come before natal's
	// 400s (spec 7), which are type errors in effect.
	EclipseDate string     `json:"eclipse_date" doc:"required: a date within 3 days of the eclipse's greatest eclipse (UTC dates), YYYY-MM-DD; an RFC 3339 instant (a record's datetime) is read as its UTC date" example:"2024-04-08"`
	Natal       natalInput `json:"natal" doc:"the natal chart (required: natal.planets and natal.houses, 400 when missing): the natal route's own result passed straight through, or plain points and twelve cusps" example:"{\"planets\":[{\"name\":\"Sun\",\"longitude\":19.6},{\"name\":\"Moon\",\"longitude\":201.2},{\"name\":\"Mars\",\"longitude\":342.9}],\"houses\":[95.2,118.4,141.0,166.9,199.3,238.7,275.2,298.4,321.0,346.9,19.3,58.7]}"`
	Orb         *float64   `json:"orb,omitempty" doc:"largest distance from exact conjunction with the eclipse degree or opposition to it, degrees (more than 0, at most 10)" minimum:"0" maximum:"10" default:"3" example:"3"`
}

// natalInput is natal, kept as sent and read by readNatal, so that the
// natal route's result, whose planets and houses carry keys this route
// does not need, passes without a warning per key.
type natalInput struct{ raw []byte }

// UnmarshalJSON keeps the value; readNatal judges it.
func (n *natalInput) UnmarshalJSON(b []byte) error {
	n.raw = append(n.raw[:0], b...)
	return nil
}

// OneOf tells the documents the two shapes natal is read in.
func (natalInput) OneOf() []any { return []any{plainNatal{}, chartNatal{}} }

// plainNatal is natal as plain data.
type plainNatal struct {
	Planets []eclipses.Point `json:"planets" doc:"natal points: a name (echoed) and an ecliptic longitude in degrees"`
	Houses  []float64        `json:"houses" doc:"the twelve house cusps, ecliptic longitudes in degrees, first house first"`
}

// chartNatal is the natal route's result as this route reads it.
type chartNatal struct {
	Planets []chartPoint `json:"planets" doc:"the natal route's planets: name and longitude are read, other keys ignored"`
	Houses  chartHouses  `json:"houses" doc:"the natal route's houses: the cusps' longitudes are read, other keys ignored"`
}

// chartPoint is a planet of the natal route's result.
type chartPoint struct {
	Name      string  `json:"name" example:"Sun"`
	Longitude float64 `json:"longitude" doc:"ecliptic longitude, degrees"`
}

// chartHouses are the houses of the natal route's result.
type chartHouses struct {
	Cusps []chartCusp `json:"cusps" doc:"the twelve cusps in order (an array of cusp longitudes or of these objects may also be sent as houses itself)"`
}

// chartCusp is a cusp of the natal route's result.
type chartCusp struct {
	Longitude float64 `json:"longitude" doc:"ecliptic longitude, degrees"`
}

// activationsEcho is the interpreted input: the natal chart reduced to
// what the route uses.
type activationsEcho struct {
	EclipseDate string         `json:"eclipse_date"`
	Natal       eclipses.Natal `json:"natal"`
	Orb         float64        `json:"orb"`
}

// isNull reports whether a raw value is absent or JSON null.
func isNull(raw []byte) bool {
	for _, c := range raw {
		switch c {
		case ' ', '\t', '\r', '\n':
			continue
		case 'n':
			return true
		}
		return false
	}
	return true
}

// firstByte is the first byte of a raw value after white space.
func firstByte(raw []byte) byte {
	for _, c := range raw {
		if c != ' ' && c != '\t' && c != '\r' && c != '\n' {
			return c
		}
	}
	return 0
}

// readNatal reads natal in either shape. Missing planets or houses, and
// values of the wrong JSON type, are 400s naming the field (spec 7); a
// planet without a longitude is a 422. Counts and ranges are the engine's
// (eclipses.ActivationOptions.Validate).
func readNatal(raw []byte) (eclipses.Natal, error) {
	const shapes = "the natal route's result, or {\"planets\": [{\"name\", \"longitude\"}, ...], \"houses\": [12 cusp longitudes]}"
	if isNull(raw) {
		return eclipses.Natal{}, op.BadRequest("natal", "is required: "+shapes)
	}
	var n struct {
		Planets json.RawMessage `json:"planets"`
		Houses  json.RawMessage `json:"houses"`
	}
	if firstByte(raw) != '{' || json.Unmarshal(raw, &n) != nil {
		return eclipses.Natal{}, op.BadRequest("natal", "must be an object: "+shapes)
	}
	planets, err := readPoints(n.Planets)
	if err != nil {
		return eclipses.Natal{}, err
	}
	cusps, err := readHouses(n.Houses)
	if err != nil {
		return eclipses.Natal{}, err
	}
	return eclipses.Natal{Planets: planets, Houses: cusps}, nil
}

// readPoints reads natal.planets: [{name, longitude, ...}].
func readPoints(raw json.RawMessage) ([]eclipses.Point, error) {
	const field = "natal.planets"
	if isNull(raw) {
		return nil, op.BadRequest(field, "is required: an array of {name, longitude} (the natal route's planets fit)")
	}
	var items []json.RawMessage
	if firstByte(raw) != '[' || json.Unmarshal(raw, &items) != nil {
		return nil, op.BadRequest(field, "must be an array of {name, longitude}")
	}
	if len(items) == 0 {
		return nil, op.BadRequest(field, "is required: at least one {name, longitude}")
	}
	if len(items) > eclipses.MaxPoints {
		return nil, &engine.FieldError{Field: field, Reason: fmt.Sprintf("at most %d points", eclipses.MaxPoints)}
	}
	out := make([]eclipses.Point, len(items))
	var missing engine.Fields
	for i, it := range items {
		at := field + "[" + strconv.Itoa(i) + "]"
		var p struct {
			Name      json.RawMessage `json:"name"`
			Longitude json.RawMessage `json:"longitude"`
		}
		if firstByte(it) != '{' || json.Unmarshal(it, &p) != nil {
			return nil, op.BadRequest(at, "must be an object {name, longitude}")
		}
		if !isNull(p.Name) && json.Unmarshal(p.Name, &out[i].Name) != nil {
			return nil, op.BadRequest(at+".name", "must be a string")
		}
		if isNull(p.Longitude) {
			missing = append(missing, &engine.FieldError{Field: at + ".longitude", Reason: "is required"})
			continue
		}
		if json.Unmarshal(p.Longitude, &out[i].Longitude) != nil {
			return nil, op.BadRequest(at+".longitude", "must be a number (degrees)")
		}
	}
	if len(missing) > 0 {
		return nil, missing
	}
	return out, nil
}

// readHouses reads natal.houses: twelve numbers, twelve objects with a
// longitude (the natal route's houses.cusps), or the natal route's houses
// object {cusps: [...]}.
func readHouses(raw json.RawMessage) ([]float64, error) {
	field := "natal.houses"
	if isNull(raw) {
		return nil, op.BadRequest(field, "is required: the twelve cusp longitudes, first house first (or the natal route's houses)")
	}
	if firstByte(raw) == '{' {
		var h struct {
			Cusps json.RawMessage `json:"cusps"`
		}
		if json.Unmarshal(raw, &h) != nil {
			return nil, op.BadRequest(field, "must be an array of 12 cusp longitudes or the natal route's houses object")
		}
		field += ".cusps"
		if isNull(h.Cusps) {
			return nil, op.BadRequest(field, "is required: the twelve cusps")
		}
		raw = h.Cusps
	}
	var items []json.RawMessage
	if firstByte(raw) != '[' || json.Unmarshal(raw, &items) != nil {
		return nil, op.BadRequest(field, "must be an array of 12 cusp longitudes or the natal route's houses object")
	}
	if len(items) == 0 {
		return nil, op.BadRequest(field, "is required: the twelve cusps")
	}
	out := make([]float64, len(items))
	for i, it := range items {
		at := field + "[" + strconv.Itoa(i) + "]"
		if firstByte(it) == '{' {
			var cu struct {
				Longitude json.RawMessage `json:"longitude"`
			}
			if json.Unmarshal(it, &cu) != nil || isNull(cu.Longitude) {
				return nil, op.BadRequest(at, "must be a longitude or an object with a longitude")
			}
			it = cu.Longitude
			at += ".longitude"
		}
		if json.Unmarshal(it, &out[i]) != nil {
			return nil, op.BadRequest(at, "must be a number (degrees)")
		}
	}
	return out, nil
}

func (r routes) activations(c *op.Call, in *activationsInput) (eclipses.Activations, error) {
	natal, err := readNatal(in.Natal.raw)
	if err != nil {
		return eclipses.Activations{}, err
	}
	if !c.Has("eclipse_date") {
		return eclipses.Activations{}, &engine.FieldError{Field: "eclipse_date", Reason: "is required: a date near the eclipse, YYYY-MM-DD"}
	}
	day, err := parseDate("eclipse_date", in.EclipseDate)
	if err != nil {
		return eclipses.Activations{}, err
	}
	orb := eclipses.DefaultOrb
	if in.Orb != nil {
		orb = *in.Orb
	}
	c.Echo(activationsEcho{EclipseDate: day.Format(time.DateOnly), Natal: natal, Orb: orb})
	if err := r.inSpan("eclipse_date", day); err != nil {
		return eclipses.Activations{}, err
	}
	out, err := r.cat.Activations(eclipses.ActivationOptions{EclipseDate: day, Natal: natal, Orb: in.Orb})
	if errors.Is(err, eclipses.ErrNoEclipse) {
		return eclipses.Activations{}, op.NotFound(fmt.Sprintf("no eclipse within %d days of %s (eclipse_date); the nearest are %s. "+
			"GET /api/v1/eclipses?from=YYYY-MM-DD lists the eclipses from a date", eclipses.NearDays, day.Format(time.DateOnly), r.nearest(day)))
	}
	return out, err
}
