package eclipses

import (
	"errors"
	"fmt"
	"time"

	"github.com/astroapi/astroapi/engine"
	"github.com/astroapi/astroapi/engine/calendar"
	"github.com/astroapi/astroapi/engine/moment"
	"github.com/astroapi/astroapi/engine/resolve"
	"github.com/astroapi/astroapi/tables"
)

// The requests of the eclipse routes (spec 4.8). Each resolves itself at
// the API's door (or for a Go caller with resolve.Fixed): its date is a
// moment.Date read as a UTC calendar date, its count follows spec 8's
// rule, its defaults are written back, so that resolved it is its own echo
// and sent back gives the same answer. The methods that answer take the
// catalog.

// resolveCount applies spec 8's count rule to *n and writes the count used
// back (ResolveCount), with a notice when a value over MaxCount was
// replaced.
func resolveCount(c resolve.Context, prefix string, n **int) error {
	v, fe := ResolveCount(*n)
	if fe != nil {
		return &engine.FieldError{Field: prefix + fe.Field, Reason: fe.Reason}
	}
	if *n != nil && **n > MaxCount {
		c.Warn(fmt.Sprintf("%scount %d is over %d: %d eclipses listed (the API's count rule)", prefix, **n, MaxCount, DefaultCount))
	}
	*n = &v
	return nil
}

// utcDay returns the UTC calendar date of t, at 00:00 UTC.
func utcDay(t time.Time) time.Time {
	t = t.UTC()
	return time.Date(t.Year(), t.Month(), t.Day(), 0, 0, 0, 0, time.UTC)
}

// readDay reads a date field as its UTC calendar date and writes it back
// as YYYY-MM-DD. A Gregorian date alone, the common case and already in
// that form, is read directly: going through d.In (a local time in a zone)
// cost half of a list call.
func readDay(d *moment.Date, field string) (time.Time, error) {
	if c, err := calendar.ParseISO(string(*d)); err == nil && !c.HasTime && !c.HasOffset && c.Year > 1582 && c.Day <= calendar.DaysIn(c.Year, c.Month, calendar.Gregorian) {
		return time.Date(c.Year, time.Month(c.Month), c.Day, 0, 0, 0, 0, time.UTC), nil
	}
	t, err := d.In("", "", field)
	if err != nil {
		return time.Time{}, err
	}
	day := utcDay(t)
	*d = moment.Date(day.Format(time.DateOnly))
	return day, nil
}

// ListRequest is the query of the catalog from a date (GET
// /api/v1/eclipses).
type ListRequest struct {
	From  moment.Date `json:"from,omitempty" doc:"first date, YYYY-MM-DD (UTC; a date-time with an offset is read as its UTC date): eclipses whose greatest eclipse falls on this day or later; default today (UTC), written back in the echo; 1800-01-01 to 2400-01-01, the catalog's span" example:"2024-01-01"`
	Kind  Kind        `json:"kind,omitempty" doc:"only solar or only lunar eclipses (default both)" example:"solar"`
	Type  Type        `json:"type,omitempty" doc:"only eclipses of this type: total, partial (either kind), annular, hybrid (solar), penumbral (lunar); default all"`
	Count *int        `json:"count,omitempty" doc:"number of eclipses, 1 to 50; default 10; a value over 50 becomes 10 (the API's limits), with a warning, and the echo says 10; below 1 is refused" minimum:"1" default:"10" example:"4"`

	from time.Time
}

// Hints advises on names sent by mistake.
func (*ListRequest) Hints() map[string]string {
	return map[string]string{
		"date":  `did you mean "from"? (the first date, YYYY-MM-DD)`,
		"start": `did you mean "from"? (the first date, YYYY-MM-DD)`,
		"limit": `did you mean "count"? (1 to 50)`,
	}
}

// Resolve reads the first date (today, UTC, when omitted: the answer then
// depends on the clock), checks that the type is one the kind has, and
// applies the count rule.
func (r *ListRequest) Resolve(c resolve.Context, prefix string) error {
	var errs engine.Fields
	if r.From == "" {
		c.UsesNow()
		r.from = utcDay(c.Now())
		r.From = moment.Date(r.from.Format(time.DateOnly))
	} else {
		day, err := readDay(&r.From, prefix+"from")
		if err := errs.Add(err); err != nil {
			return err
		}
		r.from = day
	}
	if r.Kind != "" && r.Type != "" && !r.Type.Of(r.Kind) {
		errs.Bad(prefix+"type", fmt.Sprintf("a %s eclipse cannot be %s", r.Kind, r.Type))
	}
	if err := errs.Add(resolveCount(c, prefix, &r.Count)); err != nil {
		return err
	}
	return errs.Err()
}

// List returns the eclipses of a resolved request; a first date outside
// the catalog is a field error on from.
func (r *ListRequest) List(cat *Catalog) (List, error) {
	if err := cat.inSpan("from", r.from); err != nil {
		return List{}, err
	}
	return cat.List(ListOptions{From: r.from, Kind: r.Kind, Type: r.Type, Count: r.Count})
}

// UpcomingRequest is the query of the eclipses to come (GET
// /api/v1/eclipses/upcoming).
type UpcomingRequest struct {
	Count *int `json:"count,omitempty" doc:"number of eclipses, 1 to 50; default 10; a value over 50 becomes 10 (the API's limits), with a warning, and the echo says 10; below 1 is refused" minimum:"1" default:"10" example:"4"`

	now time.Time
}

// Hints advises on names sent by mistake.
func (*UpcomingRequest) Hints() map[string]string {
	return map[string]string{"limit": `did you mean "count"? (1 to 50)`}
}

// Resolve applies the count rule and reads the clock: the eclipses listed
// are those after the time of the call.
func (r *UpcomingRequest) Resolve(c resolve.Context, prefix string) error {
	c.UsesNow()
	r.now = c.Now()
	return resolveCount(c, prefix, &r.Count)
}

// Upcoming returns the eclipses after the instant a request was resolved.
func (r *UpcomingRequest) Upcoming(cat *Catalog) (List, error) {
	return cat.Upcoming(r.now, UpcomingOptions{Count: r.Count})
}

// ActivationsRequest is the body of POST /api/v1/eclipses/activations: a
// date near the eclipse, the natal chart and the orb.
type ActivationsRequest struct {
	// EclipseDate is required, but checked by Resolve after natal rather
	// than by the door's required tag: spec 7 answers a body without the
	// natal chart with 400, and the door's 422 for a missing field would
	// come first.
	EclipseDate moment.Date `json:"eclipse_date,omitempty" doc:"required: a date within 3 days of the eclipse's greatest eclipse (UTC dates), YYYY-MM-DD; a date-time with an offset (a record's datetime) is read as its UTC date, and the echo gives that date" example:"2024-04-08"`
	Natal       Natal       `json:"natal" doc:"the natal chart: natal.planets and natal.houses are required (400 when missing or empty)" example:"{\"planets\":[{\"name\":\"Sun\",\"longitude\":19.6},{\"name\":\"Moon\",\"longitude\":201.2},{\"name\":\"Mars\",\"longitude\":342.9}],\"houses\":[95.2,118.4,141.0,166.9,199.3,238.7,275.2,298.4,321.0,346.9,19.3,58.7]}"`
	Orb         *float64    `json:"orb,omitempty" doc:"largest distance from exact conjunction with the eclipse degree or opposition to it, degrees, more than 0 and at most 10; default 3, written back in the echo" exclusiveMinimum:"0" maximum:"10" default:"3" example:"3"`

	day time.Time
}

// Hints advises on names sent by mistake.
func (*ActivationsRequest) Hints() map[string]string {
	return map[string]string{
		"date":     `did you mean "eclipse_date"? (YYYY-MM-DD, within 3 days of the eclipse)`,
		"eclipse":  `did you mean "eclipse_date"? (YYYY-MM-DD, within 3 days of the eclipse)`,
		"planets":  `the points go in natal: {"natal": {"planets": [...], "houses": [...]}}`,
		"houses":   `the cusps go in natal: {"natal": {"planets": [...], "houses": [...]}}`,
		"natal_id": `send the natal chart itself: {"natal": {"planets": [{"name", "longitude"}], "houses": [12 cusps]}}`,
	}
}

// Resolve checks that the natal chart is there (its absence is
// engine.Missing: spec 7 answers it with 400, before anything else), reads
// the eclipse date (required) as a UTC date, writes the orb's default back
// and checks the chart (at most MaxPoints named points, twelve cusps in
// 0-360).
func (r *ActivationsRequest) Resolve(c resolve.Context, prefix string) error {
	var missing engine.Missing
	if len(r.Natal.Planets) == 0 {
		missing = append(missing, &engine.FieldError{Field: prefix + "natal.planets", Reason: "is required: an array of {name, longitude} (longitudes in degrees, 0-360)"})
	}
	if len(r.Natal.Houses) == 0 {
		missing = append(missing, &engine.FieldError{Field: prefix + "natal.houses", Reason: "is required: the twelve cusp longitudes, first house first"})
	}
	if len(missing) > 0 {
		return missing
	}
	var errs engine.Fields
	if r.EclipseDate == "" {
		errs.Bad(prefix+"eclipse_date", "is required: a date near the eclipse, YYYY-MM-DD")
	} else {
		day, err := readDay(&r.EclipseDate, prefix+"eclipse_date")
		if err := errs.Add(err); err != nil {
			return err
		}
		r.day = day
	}
	if r.Orb == nil {
		orb := DefaultOrb
		r.Orb = &orb
	}
	return append(errs, r.Options().checkChart().Prefixed(prefix)...).Err()
}

// Options returns the options of a resolved request.
func (r *ActivationsRequest) Options() ActivationOptions {
	return ActivationOptions{EclipseDate: r.day, Natal: r.Natal, Orb: r.Orb}
}

// Activations lays the eclipse near a resolved request's date on its
// chart; a date outside the catalog is a field error on eclipse_date, and
// a date with no eclipse near it a *NoEclipseError.
func (r *ActivationsRequest) Activations(cat *Catalog) (Activations, error) {
	if err := cat.inSpan("eclipse_date", r.day); err != nil {
		return Activations{}, err
	}
	return cat.Activations(r.Options())
}

// inSpan refuses a date outside the catalog, naming field.
func (c *Catalog) inSpan(field string, day time.Time) error {
	first := c.from.Truncate(24 * time.Hour)
	if day.Before(first) || day.After(c.to) {
		return &engine.FieldError{Field: field, Reason: fmt.Sprintf("must be from %s to %s (the catalog's span)",
			first.Format(time.DateOnly), c.to.Format(time.DateOnly))}
	}
	return nil
}

// Load builds the catalog from the table file, or says why it cannot (the
// file is missing, predates the catalog, or is damaged): the reason the
// eclipse routes give with their 503.
func Load(set *tables.Set) (*Catalog, error) {
	if set == nil {
		return nil, errors.New("the precomputed tables are not loaded on this server (run astroapi gen), so the eclipse catalog is unavailable")
	}
	m, recs, err := set.Eclipses()
	if errors.Is(err, tables.ErrNoEclipses) {
		return nil, errors.New("the table file on this server predates the eclipse catalog: regenerate it with astroapi gen")
	}
	if err != nil {
		return nil, fmt.Errorf("the eclipse catalog of the table file cannot be read (%v): regenerate it with astroapi gen", err)
	}
	cat, err := New(m, recs)
	if err != nil {
		return nil, fmt.Errorf("the eclipse catalog of the table file is inconsistent (%v): regenerate it with astroapi gen", err)
	}
	return cat, nil
}
