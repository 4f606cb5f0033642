package eclipses

import (
	"errors"
	"fmt"
	"math"
	"sort"
	"time"

	"github.com/astroapi/astroapi/engine"
	"github.com/astroapi/astroapi/tables"
)

// Kind says whether the Sun or the Moon is eclipsed. The values are the
// API's wire values.
type Kind string

// The kinds.
const (
	Solar Kind = "solar"
	Lunar Kind = "lunar"
)

// Kinds lists the kinds.
var Kinds = []Kind{Solar, Lunar}

// EnumValues lists the wire values (engine.Enum).
func (Kind) EnumValues() []string { return []string{string(Solar), string(Lunar)} }

// Type is an eclipse's type. The values are the API's wire values.
type Type string

// The types: total, annular, hybrid and partial for solar eclipses; total,
// partial and penumbral for lunar ones.
const (
	Total     Type = "total"
	Annular   Type = "annular"
	Hybrid    Type = "hybrid" // annular along part of the path, total along the rest
	Partial   Type = "partial"
	Penumbral Type = "penumbral"
)

// Types lists the types.
var Types = []Type{Total, Annular, Hybrid, Partial, Penumbral}

// EnumValues lists the wire values (engine.Enum).
func (Type) EnumValues() []string {
	out := make([]string, len(Types))
	for i, t := range Types {
		out[i] = string(t)
	}
	return out
}

// Of reports whether an eclipse of kind k can have type t.
func (t Type) Of(k Kind) bool {
	switch t {
	case Total, Partial:
		return k == Solar || k == Lunar
	case Annular, Hybrid:
		return k == Solar
	case Penumbral:
		return k == Lunar
	}
	return false
}

// Node is the lunar node an eclipse happens at. The values are the API's
// wire values.
type Node string

// The nodes.
const (
	Ascending  Node = "ascending"  // the Moon crossing the ecliptic northward (North Node)
	Descending Node = "descending" // southward (South Node)
)

// EnumValues lists the wire values (engine.Enum).
func (Node) EnumValues() []string { return []string{string(Ascending), string(Descending)} }

// Place is a point on the Earth in geographic degrees.
type Place struct {
	Latitude  float64 `json:"latitude" doc:"geographic latitude, degrees, north positive" minimum:"-90" maximum:"90"`
	Longitude float64 `json:"longitude" doc:"geographic longitude, degrees, east positive" minimum:"-180" maximum:"180"`
}

// Eclipse is one eclipse (spec 2.5's record with the usual additions).
type Eclipse struct {
	Type        Type      `json:"type" doc:"total, annular, hybrid or partial (solar); total, partial or penumbral (lunar)" enum:"total,annular,hybrid,partial,penumbral"`
	Kind        Kind      `json:"kind" doc:"solar or lunar" enum:"solar,lunar"`
	Date        string    `json:"date" doc:"date of greatest eclipse, UTC, YYYY-MM-DD" example:"2024-04-08"`
	Datetime    time.Time `json:"datetime" doc:"instant of greatest eclipse, UTC, to the second" example:"\"2024-04-08T18:17:20Z\""`
	JulianDay   float64   `json:"julian_day" doc:"Julian day (UT) of greatest eclipse"`
	Degree      float64   `json:"degree" doc:"ecliptic longitude of the eclipse, degrees, 0-360: the Sun's for a solar eclipse, the Moon's for a lunar one (apparent, tropical, of date)"`
	Sign        string    `json:"sign" doc:"zodiac sign of degree" example:"Aries"`
	SignDegree  float64   `json:"sign_degree" doc:"degrees within the sign, 0-30"`
	SarosSeries int       `json:"saros_series" doc:"Saros series, NASA's numbering" example:"139"`
	SarosMember int       `json:"saros_member" doc:"the eclipse's number within its Saros series, NASA's numbering" example:"30"`
	Node        Node      `json:"node" doc:"lunar node of the eclipse: ascending when the Moon's latitude is increasing at greatest eclipse" enum:"ascending,descending"`
	// Magnitude: solar, the fraction of the Sun's diameter covered (for
	// total, annular and hybrid eclipses the ratio of the Moon's apparent
	// diameter to the Sun's) at the point of greatest eclipse; lunar, the
	// umbral magnitude, 0 for every penumbral eclipse (libswe reports no
	// negative umbral magnitude, where NASA's catalog does).
	Magnitude          float64  `json:"magnitude" doc:"NASA's eclipse magnitude at greatest eclipse: solar, fraction of the Sun's diameter covered (total/annular/hybrid: Moon/Sun diameter ratio); lunar, umbral magnitude (0 for a penumbral eclipse, whose depth is penumbral_magnitude)"`
	PenumbralMagnitude *float64 `json:"penumbral_magnitude,omitempty" doc:"lunar: penumbral magnitude"`
	Gamma              float64  `json:"gamma" doc:"least distance of the shadow axis from the Earth's centre (solar) or of the Moon's centre from the shadow axis (lunar), in Earth radii, negative south"`
	Central            *bool    `json:"central,omitempty" doc:"solar total, annular or hybrid eclipse: the shadow axis meets the Earth"`
	// Durations, whole seconds, present where the phase occurs.
	DurationSeconds          int    `json:"duration_seconds,omitempty" doc:"duration of totality (or annularity) in seconds: solar, at the point of greatest eclipse; lunar, of the total phase. Absent without one"`
	PartialDurationSeconds   int    `json:"partial_duration_seconds,omitempty" doc:"lunar total or partial eclipse: duration of the umbral (partial) phase, seconds"`
	PenumbralDurationSeconds int    `json:"penumbral_duration_seconds,omitempty" doc:"lunar: duration of the penumbral phase, seconds"`
	GreatestEclipse          *Place `json:"greatest_eclipse,omitempty" doc:"solar: where on Earth the eclipse is greatest (for a partial eclipse, on the Earth's limb)"`
}

// Conventions state how the catalog was computed.
type Conventions struct {
	Degree    string `json:"degree" doc:"what degree is"`
	Node      string `json:"node" doc:"how the node is decided"`
	Time      string `json:"time" doc:"what datetime is"`
	Saros     string `json:"saros" doc:"Saros numbering"`
	Magnitude string `json:"magnitude" doc:"magnitude and gamma"`
	Source    string `json:"source" doc:"how the catalog was computed"`
}

var conventions = Conventions{
	Degree:    "apparent geocentric tropical ecliptic longitude of date at greatest eclipse: the Sun's for solar eclipses, the Moon's for lunar ones",
	Node:      "ascending when the Moon's ecliptic latitude is increasing at greatest eclipse (the Moon at its North Node), descending when decreasing",
	Time:      "greatest eclipse, UTC rounded to the second: for a solar eclipse the instant the axis of the Moon's shadow passes nearest the Earth's centre, for a lunar one the instant the Moon's centre passes nearest the axis of the Earth's shadow",
	Saros:     "NASA's Saros series and member numbers (van den Bergh's numbering), as the Swiss Ephemeris gives them",
	Magnitude: "NASA's definitions; magnitude to 4 decimals, gamma in equatorial Earth radii",
	Source:    "Swiss Ephemeris 2.10 (swe_sol_eclipse_when_glob/where/when_loc, swe_lun_eclipse_when/how) with the swe-basic-data files, precomputed for every eclipse 1800-2400",
}

// ErrNoEclipse is returned by Near when no eclipse falls within NearDays
// of the date (a 404 for the API).
var ErrNoEclipse = errors.New("no eclipse near that date")

// NearDays is how near a date must be to an eclipse for Near: within 3
// days either side of the date of greatest eclipse (UTC calendar dates).
const NearDays = 3

// Catalog is the eclipse catalog: every eclipse 1800-2400 in order of
// greatest eclipse, with indexes by kind, type and Saros series. It is
// read only and safe for concurrent use.
type Catalog struct {
	// lists holds one contiguous copy of the catalog per filter
	// ("", kind, or kind+type), so a query returns a slice of it.
	lists map[filter][]Eclipse
	jds   map[filter][]float64 // the Julian days of each list, for the binary search
	saros map[sarosKey][]int   // indexes into lists[all] of one series, in member order
	from  time.Time            // first and last instant of the span
	to    time.Time
}

type filter struct {
	kind Kind
	typ  Type
}

type sarosKey struct {
	kind   Kind
	series int
}

// New builds the catalog from the records of the table file
// (tables.Set.Eclipses), which the generator wrote in order of greatest
// eclipse for [from, to] (JD UT, EclipseMeta).
func New(m tables.EclipseMeta, recs []tables.Eclipse) (*Catalog, error) {
	if len(recs) == 0 {
		return nil, errors.New("eclipses: empty catalog")
	}
	c := &Catalog{lists: map[filter][]Eclipse{}, jds: map[filter][]float64{}, saros: map[sarosKey][]int{},
		from: engine.JDUT(m.From).Time(), to: engine.JDUT(m.To).Time()}
	all := make([]Eclipse, 0, len(recs))
	for i, r := range recs {
		e, err := fromRecord(r)
		if err != nil {
			return nil, fmt.Errorf("eclipses: record %d: %w", i, err)
		}
		if i > 0 && r.Max <= recs[i-1].Max {
			return nil, fmt.Errorf("eclipses: record %d out of order", i)
		}
		all = append(all, e)
	}
	add := func(f filter, e Eclipse) {
		c.lists[f] = append(c.lists[f], e)
		c.jds[f] = append(c.jds[f], e.JulianDay)
	}
	for i, e := range all {
		add(filter{}, e)
		add(filter{kind: e.Kind}, e)
		add(filter{kind: e.Kind, typ: e.Type}, e)
		k := sarosKey{e.Kind, e.SarosSeries}
		c.saros[k] = append(c.saros[k], i)
	}
	return c, nil
}

// fromRecord converts a stored record.
func fromRecord(r tables.Eclipse) (Eclipse, error) {
	k, t := Kind(r.Kind), Type(r.Type)
	if !t.Of(k) {
		return Eclipse{}, fmt.Errorf("type %q of a %q eclipse", r.Type, r.Kind)
	}
	deg := r.SunLongitude
	if k == Lunar {
		deg = r.MoonLongitude
	}
	deg = engine.Normalize(round(deg, 1e6))
	sign, sd := engine.SignOf(deg)
	at := engine.JDUT(r.Max).Time().Round(time.Second)
	e := Eclipse{
		Type: t, Kind: k, Date: at.Format(time.DateOnly), Datetime: at, JulianDay: round(r.Max, 1e6),
		Degree: deg, Sign: sign, SignDegree: round(sd, 1e6),
		SarosSeries: r.SarosSeries, SarosMember: r.SarosMember, Node: Descending,
		Magnitude: round(r.Magnitude, 1e4), Gamma: round(r.Gamma, 1e4),
		DurationSeconds: int(math.Round(r.Duration)),
	}
	if r.MoonLatitudeSpeed > 0 {
		e.Node = Ascending
	}
	if k == Solar {
		if t != Partial {
			central := r.Central
			e.Central = &central
		}
		e.GreatestEclipse = &Place{Latitude: round(r.Latitude, 1e4), Longitude: round(r.Longitude, 1e4)}
	} else {
		pm := round(r.PenumbralMagnitude, 1e4)
		e.PenumbralMagnitude = &pm
		e.PartialDurationSeconds = int(math.Round(r.PartialDuration))
		e.PenumbralDurationSeconds = int(math.Round(r.PenumbralDuration))
	}
	return e, nil
}

func round(x, scale float64) float64 { return math.Round(x*scale) / scale }

// Span returns the first and last instants the catalog covers.
func (c *Catalog) Span() (from, to time.Time) { return c.from, c.to }

// All returns every eclipse in order (read only).
func (c *Catalog) All() []Eclipse { return c.lists[filter{}] }

// Count rules of the list routes (spec 4.8 and 8).
const (
	DefaultCount = 10
	MaxCount     = 50
)

// ResolveCount applies the spec's count rule: absent gives DefaultCount,
// a value over MaxCount also becomes DefaultCount (spec 8, as written),
// below 1 is an error for field "count".
func ResolveCount(count *int) (int, *engine.FieldError) {
	switch {
	case count == nil:
		return DefaultCount, nil
	case *count < 1:
		return 0, &engine.FieldError{Field: "count", Reason: fmt.Sprintf("must be 1 to %d", MaxCount)}
	case *count > MaxCount:
		return DefaultCount, nil
	}
	return *count, nil
}

// ListOptions is a catalog query as a Go caller makes it; the route's
// request, read from the wire, is ListRequest. Errors name the route's
// fields.
type ListOptions struct {
	// From: eclipses whose greatest eclipse is at or after this instant
	// (the route passes the start of the requested date, or of today).
	From  time.Time
	Kind  Kind // "" for both kinds
	Type  Type // "" for every type
	Count *int // nil: DefaultCount; over MaxCount: DefaultCount
}

// Validate checks the options, naming the JSON fields.
func (o ListOptions) Validate() engine.Fields {
	var f engine.Fields
	if o.From.IsZero() {
		f = append(f, &engine.FieldError{Field: "from", Reason: "required (the route defaults it to today)"})
	}
	if o.Kind != "" && o.Kind != Solar && o.Kind != Lunar {
		f = append(f, &engine.FieldError{Field: "kind", Reason: "must be solar or lunar"})
	}
	if o.Type != "" {
		switch {
		case !o.Type.Of(Solar) && !o.Type.Of(Lunar):
			f = append(f, &engine.FieldError{Field: "type", Reason: "must be total, annular, hybrid, partial or penumbral"})
		case o.Kind != "" && !o.Type.Of(o.Kind):
			f = append(f, &engine.FieldError{Field: "type", Reason: fmt.Sprintf("a %s eclipse cannot be %s", o.Kind, o.Type)})
		}
	}
	if _, fe := ResolveCount(o.Count); fe != nil {
		f = append(f, fe)
	}
	return f
}

// List is a run of eclipses ({total, eclipses}, spec 2.5).
type List struct {
	Total       int         `json:"total" doc:"number of eclipses listed"`
	Eclipses    []Eclipse   `json:"eclipses" doc:"the eclipses in order of date"`
	Conventions Conventions `json:"conventions"`
}

// List returns up to count eclipses from o.From on that pass the filters;
// fewer near the end of the catalog. A From outside the catalog's span is
// engine.ErrOutOfRange.
func (c *Catalog) List(o ListOptions) (List, error) {
	if err := o.Validate().Err(); err != nil {
		return List{}, err
	}
	if o.From.Before(c.from.Truncate(24*time.Hour)) || o.From.After(c.to) {
		return List{}, fmt.Errorf("eclipses: from %s outside the catalog (%s to %s): %w",
			o.From.Format(time.DateOnly), c.from.Format(time.DateOnly), c.to.Format(time.DateOnly), engine.ErrOutOfRange)
	}
	n, _ := ResolveCount(o.Count)
	return c.run(filterOf(o.Kind, o.Type), float64(engine.JDOf(o.From)), false, n), nil
}

// filterOf is the list key of a kind and type; a type alone implies its
// kind when only one kind has it, else both kinds are merged.
func filterOf(k Kind, t Type) filter {
	if k == "" && t != "" {
		switch {
		case !t.Of(Lunar):
			k = Solar
		case !t.Of(Solar):
			k = Lunar
		}
	}
	return filter{k, t}
}

// run returns n eclipses of filter f from jd on (after jd when strict).
func (c *Catalog) run(f filter, jd float64, strict bool, n int) List {
	if f.kind == "" && f.typ != "" {
		return c.mergedRun(f.typ, jd, strict, n)
	}
	jds := c.jds[f]
	i := sort.SearchFloat64s(jds, jd)
	if strict {
		for i < len(jds) && jds[i] <= jd {
			i++
		}
	}
	end := min(i+n, len(jds))
	es := c.lists[f][i:end:end] // capped: appending to a result never writes into the catalog
	return List{Total: len(es), Eclipses: es, Conventions: conventions}
}

// mergedRun is run for total or partial eclipses of both kinds.
func (c *Catalog) mergedRun(t Type, jd float64, strict bool, n int) List {
	a := c.run(filter{Solar, t}, jd, strict, n).Eclipses
	b := c.run(filter{Lunar, t}, jd, strict, n).Eclipses
	out := make([]Eclipse, 0, n)
	for len(out) < n && (len(a) > 0 || len(b) > 0) {
		if len(b) == 0 || (len(a) > 0 && a[0].JulianDay < b[0].JulianDay) {
			out, a = append(out, a[0]), a[1:]
		} else {
			out, b = append(out, b[0]), b[1:]
		}
	}
	return List{Total: len(out), Eclipses: out, Conventions: conventions}
}

// UpcomingOptions is a query of the eclipses to come as a Go caller makes
// it; the route's request is UpcomingRequest.
type UpcomingOptions struct {
	Count *int // nil: DefaultCount; over MaxCount: DefaultCount
}

// Validate checks the options, naming the JSON fields.
func (o UpcomingOptions) Validate() engine.Fields {
	if _, fe := ResolveCount(o.Count); fe != nil {
		return engine.Fields{fe}
	}
	return nil
}

// Upcoming returns the next count eclipses (solar and lunar) whose greatest
// eclipse is after now (the route passes its clock's instant).
func (c *Catalog) Upcoming(now time.Time, o UpcomingOptions) (List, error) {
	if err := o.Validate().Err(); err != nil {
		return List{}, err
	}
	if now.Before(c.from) || now.After(c.to) {
		return List{}, fmt.Errorf("eclipses: %s outside the catalog: %w", now.Format(time.DateOnly), engine.ErrOutOfRange)
	}
	n, _ := ResolveCount(o.Count)
	return c.run(filter{}, float64(engine.JDOf(now)), true, n), nil
}

// Near returns the eclipse whose date of greatest eclipse (UTC) is
// nearest the calendar date of d (its UTC date), if within NearDays;
// otherwise a *NoEclipseError (ErrNoEclipse). Eclipses of one kind are 29
// days or more apart and a solar and a lunar one about 15, so at most one
// is that near.
func (c *Catalog) Near(d time.Time) (*Eclipse, error) {
	day := time.Date(d.Year(), d.Month(), d.Day(), 0, 0, 0, 0, time.UTC)
	all := c.lists[filter{}]
	jd := float64(engine.JDOf(day))
	i := sort.SearchFloat64s(c.jds[filter{}], jd)
	var best *Eclipse
	bestDays := NearDays + 1
	for j := max(i-2, 0); j < min(i+2, len(all)); j++ {
		ed, err := time.Parse(time.DateOnly, all[j].Date)
		if err != nil {
			continue
		}
		days := int(math.Abs(ed.Sub(day).Hours()/24) + 0.5)
		if days < bestDays {
			best, bestDays = &all[j], days
		}
	}
	if best == nil {
		e := &NoEclipseError{Day: day}
		for _, j := range []int{i - 1, i} {
			if j >= 0 && j < len(all) {
				e.Nearest = append(e.Nearest, all[j])
			}
		}
		return nil, e
	}
	return best, nil
}

// NoEclipseError is Near's answer for a date with no eclipse within
// NearDays: the eclipses either side of it, for the caller to be told
// (errors.Is(err, ErrNoEclipse)).
type NoEclipseError struct {
	Day     time.Time // the date asked for, 00:00 UTC
	Nearest []Eclipse // the eclipses before and after it (one at the catalog's ends)
}

func (e *NoEclipseError) Error() string {
	return fmt.Sprintf("eclipses: none within %d days of %s", NearDays, e.Day.Format(time.DateOnly))
}

// Unwrap makes the error ErrNoEclipse.
func (e *NoEclipseError) Unwrap() error { return ErrNoEclipse }

// Family returns the previous and next eclipses of e's Saros series (the
// members one before and one after it), nil where that member falls
// outside the catalog's 1800-2400.
func (c *Catalog) Family(e *Eclipse) (previous, next *Eclipse) {
	all := c.lists[filter{}]
	idx := c.saros[sarosKey{e.Kind, e.SarosSeries}]
	for k, i := range idx {
		if all[i].JulianDay != e.JulianDay {
			continue
		}
		if k > 0 && all[idx[k-1]].SarosMember == e.SarosMember-1 {
			previous = &all[idx[k-1]]
		}
		if k+1 < len(idx) && all[idx[k+1]].SarosMember == e.SarosMember+1 {
			next = &all[idx[k+1]]
		}
		break
	}
	return previous, next
}
