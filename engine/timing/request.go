package timing

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/astroapi/astroapi/engine"
	"github.com/astroapi/astroapi/engine/birth"
	"github.com/astroapi/astroapi/engine/calendar"
	"github.com/astroapi/astroapi/engine/moment"
	"github.com/astroapi/astroapi/engine/natal"
	"github.com/astroapi/astroapi/engine/resolve"
)

// The requests of the timing techniques, as the API and Go callers send
// them. Each opens with the flat birth packet (birth.Packet) and the chart
// frame (natal.Frame), or the whole chart settings (natal.Request) where
// return charts are cast, and adds the technique's fields. Each resolves
// itself (resolve.Resolver): the birth and the frame, then its dates, in
// the birth's zone and calendar, then the technique's rules against the
// birth (the options' Validate), every bad field reported at once. The
// defaults a rule chooses (a range's end, a timeline's start) are written
// back, and each date's UTC instant goes to a read-only field beside it
// (date_utc, start_utc, ...), so a resolved request is its own echo and
// sent back gives the same answer. Compute then runs the technique.
//
// Dates (moment.Date): "YYYY-MM-DD" is 00:00 of that day in the zone the
// birth was read in (its timezone as the echo gives it: an IANA zone at
// its offset on that day, a fixed offset, or the birthplace's local mean
// time), or the first instant of the day where the clocks jumped over
// midnight; a date alone on the birth's own day is the birth itself (its
// 00:00 came before it, and "from my birth date" means from the birth);
// a date-time with an offset is that instant, one without a local time in
// the birth's zone.

// warner receives notices for the caller (op.Call, resolve.Fixed).
type warner interface{ Warn(msg ...string) }

// chart is the chart part of a request: natal.Frame or natal.Settings.
type chart interface {
	resolve.Resolver
	Options() natal.Options
}

// reader reads the birth, the dates and the places of a request inside
// its Resolve, gathering the field errors.
type reader struct {
	c      resolve.Context
	prefix string
	errs   engine.Fields
	fatal  error // an error that is not a field's (an index missing)
	n      Natal // the birth, once it resolved
	born   bool  // the birth resolved
	zone   string
	cal    calendar.Calendar
	day    [3]int // the birth's local date in cal
	local  bool   // a date was read in zone
	// badDate: a date sent could not be read; the rules that would call
	// it missing are not run.
	badDate bool
	// defaulted names the date fields the request chose.
	defaulted  [2]string
	ndefaulted int
}

// readBirth resolves the birth packet p and the chart ch of a request.
// With a birth that does not resolve, its errors are kept and its dates
// are still read, in UTC, for their own mistakes.
func (r *reader) readBirth(c resolve.Context, prefix string, p *birth.Packet, ch chart) error {
	r.c, r.prefix = c, prefix
	if err := r.errs.Add(p.Resolve(c, prefix)); err != nil {
		return err
	}
	r.born = len(r.errs) == 0
	if err := r.errs.Add(ch.Resolve(c, prefix)); err != nil {
		return err
	}
	if !r.born {
		return nil
	}
	b := p.Resolved()
	r.n = NatalOf(b, natal.Options{})
	if len(r.errs) == 0 {
		// A frame that did not resolve has said so; the rules below judge
		// the birth and the dates with the default frame.
		r.n.Chart = ch.Options()
	}
	r.zone = "UTC"
	if b.Zone != nil {
		r.zone = b.Zone.String()
	}
	r.cal = p.Calendar
	r.day = [3]int{*p.Year, *p.Month, *p.Day}
	return nil
}

func (r *reader) add(err error) {
	if e := r.errs.Add(err); e != nil && r.fatal == nil {
		r.fatal = e
	}
}

// date reads date field d (named field) and writes the UTC instant it
// stands for to *utc; the zero time when d is empty or cannot be read.
func (r *reader) date(d moment.Date, field string, utc **time.Time) time.Time {
	*utc = nil
	if d == "" {
		return time.Time{}
	}
	cv := d.Civil()
	t, err := d.In(r.zone, r.cal, r.prefix+field)
	if err != nil && !cv.HasTime {
		if s, ok := dayStart(cv, r.zone, r.cal); ok {
			t, err = s, nil
		}
	}
	if err != nil {
		r.add(err)
		r.badDate = true
		return time.Time{}
	}
	r.local = r.local || !cv.HasOffset
	if r.born && !cv.HasTime && [3]int{cv.Year, cv.Month, cv.Day} == r.day && t.Before(r.n.born()) {
		t = r.n.born()
	}
	u := t.UTC()
	*utc = &u
	return t
}

// byDefault writes instant t, a default the request chose, into the date
// field *d (named field; in the form that reads back as t) and its UTC
// echo, and returns t.
func (r *reader) byDefault(d *moment.Date, field string, t time.Time, utc **time.Time) time.Time {
	if r.ndefaulted < len(r.defaulted) {
		r.defaulted[r.ndefaulted] = field
		r.ndefaulted++
	}
	*d = r.text(t)
	u := t.UTC()
	*utc = &u
	return t
}

// text writes instant t as a date field that reads back as t: an ISO 8601
// date-time in UTC whose date is in the birth's calendar (a date-time with
// an offset is read in the request's calendar).
func (r *reader) text(t time.Time) moment.Date {
	if r.cal != calendar.Julian {
		return moment.Date(calendar.TimeOf(t).AppendText(nil))
	}
	at, err := moment.At(t, "", calendar.Julian)
	if err != nil {
		return moment.Date(calendar.TimeOf(t).AppendText(nil))
	}
	s := at.Date + "T" + at.Time
	if ns := t.Nanosecond(); ns != 0 {
		s += strconv.FormatFloat(float64(ns)/1e9, 'f', -1, 64)[1:]
	}
	return moment.Date(s + "Z")
}

// place resolves the relocation p (field, with its trailing dot); nil
// when p is nil or bad.
func (r *reader) place(p *Relocation, field string) *Place {
	if p == nil {
		return nil
	}
	r.add(p.Resolve(r.c, r.prefix+field))
	return p.at
}

// check adds the technique's rules (the options' Validate against the
// birth) once the birth and the dates are known. A rule broken by a date
// the request chose is left out when a field the caller sent is wrong
// too: the default follows from it (an end a year after a start before
// the birth).
func (r *reader) check(validate func(Natal) engine.Fields) {
	if !r.born || r.badDate {
		return
	}
	errs := validate(r.n).Prefixed(r.prefix)
	var sent, chosen engine.Fields
	for _, e := range errs {
		if slices.Contains(r.defaulted[:r.ndefaulted], strings.TrimPrefix(e.Field, r.prefix)) {
			chosen = append(chosen, e)
		} else {
			sent = append(sent, e)
		}
	}
	if len(sent) == 0 {
		sent = chosen
	}
	r.errs = append(r.errs, sent...)
}

// done returns the request's errors and writes the zone its dates were
// read in to *zone (when one was read without an offset; zone is nil for
// a request without dates).
func (r *reader) done(zone *string) error {
	if r.fatal != nil {
		return r.fatal
	}
	if zone != nil {
		*zone = ""
		if r.local && r.born {
			*zone = r.zone
		}
	}
	return r.errs.Err()
}

// dayStart returns the first instant of date c in zone when its 00:00
// never happened: where the clocks jump forward at midnight (Santiago, São
// Paulo, Beirut) the day begins when the gap ends, not at 23:00 the day
// before. ok is false when c has a 00:00 or is no date.
func dayStart(c calendar.Civil, zone string, cal calendar.Calendar) (t time.Time, ok bool) {
	loc, err := birth.LoadZone(zone)
	if err != nil || len(calendar.ValidDate(c.Year, c.Month, c.Day, cal)) > 0 {
		return time.Time{}, false
	}
	y, m, d := c.Year, c.Month, c.Day
	if calendar.Used(cal, y, m, d) == calendar.Julian {
		y, m, d, _ = calendar.DateOf(calendar.JulianDay(y, m, d, calendar.Julian), calendar.Gregorian)
	}
	wall := time.Date(y, time.Month(m), d, 0, 0, 0, 0, time.UTC)
	// Midnight read at the offset of the day before lands past the gap,
	// in the period whose start is the gap's end.
	_, before := wall.Add(-24 * time.Hour).In(loc).Zone()
	start, _ := wall.Add(-time.Duration(before) * time.Second).In(loc).ZoneBounds()
	l := start.In(loc)
	if start.IsZero() || l.Year() != y || l.Month() != time.Month(m) || l.Day() != d {
		return time.Time{}, false
	}
	return start.UTC(), true
}

// Relocation is where return charts are cast instead of the birth place,
// read as the birth packet reads its place: coordinates, a place name to
// geocode, or both (the coordinates are then the place, the name labels
// it). Resolved, it is its own echo: the coordinates used, the name as
// sent, and the place the name was geocoded to.
type Relocation struct {
	Latitude  *float64 `json:"latitude,omitempty" doc:"geographic latitude of the return chart in degrees, north positive; with longitude, or send location instead" minimum:"-90" maximum:"90" example:"48.8566"`
	Longitude *float64 `json:"longitude,omitempty" doc:"geographic longitude in degrees, east positive" minimum:"-180" maximum:"180" example:"2.3522"`
	Location  string   `json:"location,omitempty" doc:"place name to geocode instead of latitude/longitude (offline GeoNames index), such as \"Paris, FR\"; sent with coordinates it only names the place"`

	// The echo (read-only; ignored on input).
	Geocoded *birth.Place `json:"geocoded,omitempty" readonly:"true" doc:"the place location was geocoded to"`

	at *Place // set by Resolve
}

// Resolve reads the place, geocoding a location with c's index. Field
// errors name prefix+field; without the index a location alone fails
// with an error wrapping engine.ErrUnavailable.
func (l *Relocation) Resolve(c resolve.Context, prefix string) error {
	var errs engine.Fields
	coords := l.Latitude != nil || l.Longitude != nil
	var at Place
	switch {
	case l.Latitude == nil && l.Longitude != nil:
		errs.Bad(prefix+"latitude", "is required with longitude")
	case l.Latitude != nil && l.Longitude == nil:
		errs.Bad(prefix+"longitude", "is required with latitude")
	case coords:
		at = Place{Latitude: *l.Latitude, Longitude: *l.Longitude}
	}
	switch name := strings.TrimSpace(l.Location); {
	case name == "" && l.Location != "":
		errs.Bad(prefix+"location", "is blank")
	case name != "" && c.Places() == nil:
		if !coords {
			return fmt.Errorf("%w: geocoding is not available; send %slatitude and %slongitude", engine.ErrUnavailable, prefix, prefix)
		}
	case name != "":
		found := c.Places().Search(name, "", 1)
		switch {
		case len(found) > 0:
			f := found[0]
			l.Geocoded = &birth.Place{Name: f.Name, Admin1: f.Admin1, Country: f.Country, CountryName: f.CountryName,
				Latitude: f.Latitude, Longitude: f.Longitude, Timezone: f.Timezone}
			if !coords {
				at = Place{Latitude: f.Latitude, Longitude: f.Longitude}
			}
		case coords:
			c.Warn(fmt.Sprintf("%slocation %q matches no place in the index: it was kept as a label; the chart is cast at the coordinates", prefix, l.Location))
		default:
			errs.Bad(prefix+"location", fmt.Sprintf("no place matches %q; check the spelling, qualify it (\"Springfield, IL\") or send latitude and longitude", l.Location))
		}
	case !coords:
		errs.Bad(prefix+"latitude", "send latitude and longitude, or location")
	}
	if len(errs) > 0 {
		return errs
	}
	l.at = &at
	l.Latitude, l.Longitude = &at.Latitude, &at.Longitude
	return nil
}

// notes gives the caller the notice of a result computed outside the
// ephemeris files.
func notes(w warner, src engine.Source) {
	if src == engine.FromMoshier {
		w.Warn(engine.MoshierNote)
	}
}

// chartNotes gives the notices of the return charts (polar house
// fallback, bodies left out, the Moshier theory) once each.
func chartNotes(w warner, pl ReturnPlace, rs ...Return) {
	seen := map[string]bool{}
	for _, r := range rs {
		if r.Chart == nil {
			continue
		}
		for _, n := range r.Chart.Notes(pl.Latitude) {
			if !seen[n] {
				seen[n] = true
				w.Warn("return chart: " + n)
			}
		}
	}
}

// Hints for names callers send by mistake (op.Hinter).
const (
	flatBirth  = "the birth goes flat at the top level: year, month, day, hour, minute (or date and time), latitude and longitude or location, timezone"
	targetDate = "on this route date is the target date: send the birth's date as year, month and day"
)

func hints(more ...string) map[string]string {
	h := map[string]string{"birth": flatBirth, "natal": flatBirth, "person": flatBirth, "subject": flatBirth}
	for i := 0; i+1 < len(more); i += 2 {
		h[more[i]] = more[i+1]
	}
	return h
}

// dateHints are the hints of the requests whose own date field is the
// target, shadowing the birth packet's (birth_date is the packet's echo,
// accepted and ignored).
var dateHints = []string{
	"birthdate", targetDate, "dob", targetDate, "date_of_birth", targetDate,
	"target_date", `did you mean "date"?`, "progressed_date", `did you mean "date"?`, "on", `did you mean "date"?`,
}

// rangeHints are the hints of the requests with start and end.
var rangeHints = []string{
	"start_date", `did you mean "start"?`, "from_date", `did you mean "start"?`, "begin", `did you mean "start"?`,
	"end_date", `did you mean "end"?`, "to_date", `did you mean "end"?`, "until", `did you mean "end"?`, "to", `did you mean "end"?`,
}

// placeHints are the hints of the return requests.
var placeHints = []string{
	"relocation", `the return chart's place is "place": {"latitude", "longitude"} or {"location"}`,
	"relocate", `the return chart's place is "place": {"latitude", "longitude"} or {"location"}`,
	"return_place", `did you mean "place"?`,
}

// ---- returns ----

// SolarReturnRequest is the input of a solar return: the birth with the
// settings of the return chart, the year, and where the chart is cast.
type SolarReturnRequest struct {
	natal.Request
	ReturnYear int         `json:"return_year" required:"true" doc:"calendar year of the solar return: the return nearest the birthday in that year (from the year after the birth year to 150 years after it)" example:"2024"`
	Place      *Relocation `json:"place,omitempty" doc:"where the return chart is cast (relocated solar return); omitted: the birth place"`

	// The echo (read-only; ignored on input).
	BirthPlace *birth.Place `json:"birth_place,omitempty" readonly:"true" doc:"the place the birth's location was geocoded to (the birth packet's place: on this route place is the return chart's)"`

	n Natal
	o SolarReturnOptions
}

// Hints says what callers send by mistake.
func (*SolarReturnRequest) Hints() map[string]string { return hints(placeHints...) }

// Resolve resolves the birth, the settings and the place, and checks the
// year against the birth.
func (in *SolarReturnRequest) Resolve(c resolve.Context, prefix string) error {
	var r reader
	if err := r.readBirth(c, prefix, &in.Packet, &in.Settings); err != nil {
		return err
	}
	in.BirthPlace, in.Packet.Place = in.Packet.Place, nil // place is the relocation's name here
	in.o = SolarReturnOptions{Year: in.ReturnYear, Place: r.place(in.Place, "place.")}
	r.check(in.o.Validate)
	in.n = r.n
	return r.done(nil)
}

// Compute finds the solar return of a resolved request and casts its
// chart, leaving the chart's notices on w.
func (in *SolarReturnRequest) Compute(pos engine.Positions, w warner) (*SolarReturn, error) {
	r, err := SolarReturnOf(pos, in.n, in.o)
	if err != nil {
		return nil, err
	}
	chartNotes(w, r.Place, r.Return)
	return r, nil
}

// LunarReturnsRequest is the input of the lunar returns in a range.
type LunarReturnsRequest struct {
	natal.Request
	Start moment.Date `json:"start" required:"true" doc:"start of the range searched: a date (see the dates above) or a date-time; not before the birth" example:"2024-01-01"`
	End   moment.Date `json:"end,omitempty" doc:"end of the range, at most 366 days after start (14 returns); omitted: start plus one year (the echo gives it as an instant)"`
	Place *Relocation `json:"place,omitempty" doc:"where the return charts are cast; omitted: the birth place"`

	// The echo (read-only; ignored on input).
	BirthPlace *birth.Place `json:"birth_place,omitempty" readonly:"true" doc:"the place the birth's location was geocoded to (the birth packet's place: on this route place is the return charts')"`
	StartUTC   *time.Time   `json:"start_utc,omitempty" readonly:"true" doc:"start as the UTC instant read"`
	EndUTC     *time.Time   `json:"end_utc,omitempty" readonly:"true" doc:"end as the UTC instant read"`
	DateZone   string       `json:"date_zone,omitempty" readonly:"true" doc:"the zone the dates sent without an offset were read in (the birth's)"`

	n Natal
	o LunarReturnOptions
}

// Hints says what callers send by mistake.
func (*LunarReturnsRequest) Hints() map[string]string {
	return hints(append(append([]string(nil), placeHints...), rangeHints...)...)
}

// Resolve resolves the birth, the settings, the range (end defaults to a
// year after start) and the place, and checks the range.
func (in *LunarReturnsRequest) Resolve(c resolve.Context, prefix string) error {
	var r reader
	if err := r.readBirth(c, prefix, &in.Packet, &in.Settings); err != nil {
		return err
	}
	in.BirthPlace, in.Packet.Place = in.Packet.Place, nil
	o := LunarReturnOptions{Start: r.date(in.Start, "start", &in.StartUTC)}
	if in.End == "" && !o.Start.IsZero() {
		o.End = r.byDefault(&in.End, "end", o.end(), &in.EndUTC)
	} else {
		o.End = r.date(in.End, "end", &in.EndUTC)
	}
	o.Place = r.place(in.Place, "place.")
	r.check(o.Validate)
	in.n, in.o = r.n, o
	return r.done(&in.DateZone)
}

// Compute finds the lunar returns of a resolved request and casts their
// charts, leaving the charts' notices on w.
func (in *LunarReturnsRequest) Compute(pos engine.Positions, w warner) (*Returns, error) {
	r, err := LunarReturns(pos, in.n, in.o)
	if err != nil {
		return nil, err
	}
	chartNotes(w, r.Place, r.Returns...)
	return r, nil
}

// PlanetaryReturnsRequest is the input of a planet's returns in a range.
type PlanetaryReturnsRequest struct {
	natal.Request
	Planet        Planet      `json:"planet" required:"true" doc:"the returning planet (the Sun and the Moon have their own routes)" example:"jupiter"`
	Start         moment.Date `json:"start,omitempty" doc:"start of the range searched: a date or a date-time; omitted: the birth (the echo gives it as an instant)"`
	End           moment.Date `json:"end,omitempty" doc:"end of the range: at most 120 years after start, 12 years with include_charts; omitted: start plus 100 years, at most 150 years after the birth (the echo gives it as an instant)"`
	IncludeCharts bool        `json:"include_charts,omitempty" doc:"cast a return chart for every pass (the range is then at most 12 years)" default:"false"`
	Place         *Relocation `json:"place,omitempty" doc:"where the return charts are cast (with include_charts); omitted: the birth place"`

	// The echo (read-only; ignored on input).
	BirthPlace *birth.Place `json:"birth_place,omitempty" readonly:"true" doc:"the place the birth's location was geocoded to (the birth packet's place: on this route place is the return charts')"`
	StartUTC   *time.Time   `json:"start_utc,omitempty" readonly:"true" doc:"start as the UTC instant read"`
	EndUTC     *time.Time   `json:"end_utc,omitempty" readonly:"true" doc:"end as the UTC instant read"`
	DateZone   string       `json:"date_zone,omitempty" readonly:"true" doc:"the zone the dates sent without an offset were read in (the birth's)"`

	n Natal
	o PlanetaryReturnOptions
}

// Hints says what callers send by mistake.
func (*PlanetaryReturnsRequest) Hints() map[string]string {
	return hints(append(append([]string{"body", `did you mean "planet"?`}, placeHints...), rangeHints...)...)
}

// Resolve resolves the birth, the settings, the range (start defaults to
// the birth, end to 100 years on within the 150-year horizon) and the
// place, and checks the planet and the range.
func (in *PlanetaryReturnsRequest) Resolve(c resolve.Context, prefix string) error {
	var r reader
	if err := r.readBirth(c, prefix, &in.Packet, &in.Settings); err != nil {
		return err
	}
	in.BirthPlace, in.Packet.Place = in.Packet.Place, nil
	o := PlanetaryReturnOptions{Planet: in.Planet, IncludeCharts: in.IncludeCharts, Start: r.date(in.Start, "start", &in.StartUTC)}
	if r.born && in.Start == "" {
		o.Start = r.byDefault(&in.Start, "start", r.n.born(), &in.StartUTC)
	}
	if in.End == "" && !o.Start.IsZero() {
		_, end := o.span(r.n)
		o.End = r.byDefault(&in.End, "end", end, &in.EndUTC)
	} else {
		o.End = r.date(in.End, "end", &in.EndUTC)
	}
	o.Place = r.place(in.Place, "place.")
	if in.Place != nil && !in.IncludeCharts {
		c.Warn(prefix + "place ignored: it is where return charts are cast, and include_charts is false")
	}
	r.check(o.Validate)
	in.n, in.o = r.n, o
	return r.done(&in.DateZone)
}

// Compute finds the returns of a resolved request (with their charts when
// asked), leaving the charts' notices on w.
func (in *PlanetaryReturnsRequest) Compute(pos engine.Positions, w warner) (*Returns, error) {
	r, err := PlanetaryReturns(pos, in.n, in.o)
	if err != nil {
		return nil, err
	}
	chartNotes(w, r.Place, r.Returns...)
	return r, nil
}

// ---- progressions and directions ----

// ProgressionsRequest is the input of secondary progressions.
type ProgressionsRequest struct {
	birth.Packet
	natal.Frame
	Date        moment.Date `json:"date" required:"true" doc:"target date (on this route date is the target: the birth's date is year, month and day): a date or a date-time; not before the birth, within 150 years" example:"2024-07-14"`
	YearLength  SolarYear   `json:"year_length,omitempty" doc:"the year of life one day of ephemeris stands for: tropical (365.24219 days) or julian (365.25)" default:"tropical"`
	AngleMethod AngleMethod `json:"angle_method,omitempty" doc:"how the progressed Midheaven is found: solar arc in right ascension (ARMC advanced by the progressed Sun's arc in RA), solar arc in longitude, Naibod (0°59'08.33\" a year) in RA or in longitude, or quotidian (the houses of the progressed instant); the Ascendant and cusps follow from it at the birth latitude" default:"solar_arc_ra"`
	Orb         *float64    `json:"orb,omitempty" doc:"orb of the progressed-to-natal aspects in degrees, more than 0" exclusiveMinimum:"0" maximum:"5" default:"1"`

	// The echo (read-only; ignored on input).
	DateUTC  *time.Time `json:"date_utc,omitempty" readonly:"true" doc:"date as the UTC instant read"`
	DateZone string     `json:"date_zone,omitempty" readonly:"true" doc:"the zone a date sent without an offset was read in (the birth's)"`

	n Natal
	o ProgressionOptions
}

// Hints says what callers send by mistake.
func (*ProgressionsRequest) Hints() map[string]string { return hints(dateHints...) }

// Resolve resolves the birth, the frame and the date, and checks the date
// against the birth; the orb's default is written back.
func (in *ProgressionsRequest) Resolve(c resolve.Context, prefix string) error {
	var r reader
	if err := r.readBirth(c, prefix, &in.Packet, &in.Frame); err != nil {
		return err
	}
	o := ProgressionOptions{Date: r.date(in.Date, "date", &in.DateUTC), YearLength: YearLength(in.YearLength), AngleMethod: in.AngleMethod, Orb: in.Orb}
	r.check(o.Validate)
	in.Orb = orbOrDefault(in.Orb)
	o.Orb = in.Orb
	in.n, in.o = r.n, o
	return r.done(&in.DateZone)
}

// orbOrDefault returns orb, or DefaultOrb when it was not sent.
func orbOrDefault(orb *float64) *float64 {
	if orb != nil {
		return orb
	}
	v := DefaultOrb
	return &v
}

// Compute progresses a resolved request's birth.
func (in *ProgressionsRequest) Compute(pos engine.Positions, w warner) (*Progression, error) {
	r, err := Progress(pos, in.n, in.o)
	if err != nil {
		return nil, err
	}
	notes(w, r.Source)
	return r, nil
}

// SolarArcRequest is the input of solar arc directions.
type SolarArcRequest struct {
	birth.Packet
	natal.Frame
	Date       moment.Date `json:"date" required:"true" doc:"date of the directed chart (on this route date is the target: the birth's date is year, month and day): a date or a date-time; not before the birth, within 150 years" example:"2024-07-14"`
	Key        ArcKey      `json:"key,omitempty" doc:"measure of the arc: true_solar_arc (progressed Sun minus natal Sun) or naibod (0°59'08.33\" a year)" default:"true_solar_arc"`
	YearLength SolarYear   `json:"year_length,omitempty" doc:"year of life per day of ephemeris (true solar arc) or per Naibod step: tropical (365.24219 days) or julian (365.25)" default:"tropical"`
	Orb        *float64    `json:"orb,omitempty" doc:"orb of the directed-to-natal aspects at the date in degrees, more than 0" exclusiveMinimum:"0" maximum:"5" default:"1"`
	RangeStart moment.Date `json:"range_start,omitempty" doc:"start of the range searched for the dates directed-to-natal aspects perfect: a date or a date-time; omitted: date"`
	RangeEnd   moment.Date `json:"range_end,omitempty" doc:"end of that range, at most 100 years after range_start; omitted: range_start plus one year (the echo gives it as an instant)"`

	// The echo (read-only; ignored on input).
	DateUTC       *time.Time `json:"date_utc,omitempty" readonly:"true" doc:"date as the UTC instant read"`
	RangeStartUTC *time.Time `json:"range_start_utc,omitempty" readonly:"true" doc:"range_start as the UTC instant read"`
	RangeEndUTC   *time.Time `json:"range_end_utc,omitempty" readonly:"true" doc:"range_end as the UTC instant read"`
	DateZone      string     `json:"date_zone,omitempty" readonly:"true" doc:"the zone the dates sent without an offset were read in (the birth's)"`

	n Natal
	o SolarArcOptions
}

// Hints says what callers send by mistake.
func (*SolarArcRequest) Hints() map[string]string {
	return hints(append(append([]string(nil), dateHints...), "start", `did you mean "range_start"?`, "end", `did you mean "range_end"?`)...)
}

// Resolve resolves the birth, the frame, the date and the range
// (range_start defaults to date, range_end to a year after it), and checks
// them against the birth; the orb's default is written back.
func (in *SolarArcRequest) Resolve(c resolve.Context, prefix string) error {
	var r reader
	if err := r.readBirth(c, prefix, &in.Packet, &in.Frame); err != nil {
		return err
	}
	o := SolarArcOptions{Date: r.date(in.Date, "date", &in.DateUTC), Key: in.Key, YearLength: YearLength(in.YearLength), Orb: in.Orb}
	if in.RangeStart == "" {
		// The date itself, already read.
		in.RangeStart, in.RangeStartUTC, o.RangeStart = in.Date, in.DateUTC, o.Date
		r.defaulted[r.ndefaulted], r.ndefaulted = "range_start", r.ndefaulted+1
	} else {
		o.RangeStart = r.date(in.RangeStart, "range_start", &in.RangeStartUTC)
	}
	if in.RangeEnd == "" && !o.RangeStart.IsZero() {
		o.RangeEnd = r.byDefault(&in.RangeEnd, "range_end", o.RangeStart.AddDate(1, 0, 0), &in.RangeEndUTC)
	} else {
		o.RangeEnd = r.date(in.RangeEnd, "range_end", &in.RangeEndUTC)
	}
	r.check(o.Validate)
	in.Orb = orbOrDefault(in.Orb)
	o.Orb = in.Orb
	in.n, in.o = r.n, o
	return r.done(&in.DateZone)
}

// Compute directs a resolved request's birth.
func (in *SolarArcRequest) Compute(pos engine.Positions, w warner) (*SolarArcDirections, error) {
	r, err := SolarArc(pos, in.n, in.o)
	if err != nil {
		return nil, err
	}
	notes(w, r.Source)
	return r, nil
}

// ---- profections ----

// ProfectionsRequest is the input of annual and monthly profections.
type ProfectionsRequest struct {
	birth.Packet
	natal.Frame
	Date moment.Date     `json:"date,omitempty" doc:"date to profect to, instead of age (on this route date is the target: the birth's date is year, month and day): a date or a date-time; gives the year and the month in force"`
	Age  *int            `json:"age,omitempty" doc:"completed years of life, instead of date: the profection year from that birthday to the next" minimum:"0" maximum:"150" example:"34"`
	From ProfectionPoint `json:"from,omitempty" doc:"natal point profected: the Ascendant, or the Midheaven, Sun, Moon or Lot of Fortune" default:"ascendant"`

	// The echo (read-only; ignored on input).
	DateUTC  *time.Time `json:"date_utc,omitempty" readonly:"true" doc:"date as the UTC instant read"`
	DateZone string     `json:"date_zone,omitempty" readonly:"true" doc:"the zone a date sent without an offset was read in (the birth's)"`

	n Natal
	o ProfectionOptions
}

// Hints says what callers send by mistake.
func (*ProfectionsRequest) Hints() map[string]string {
	return hints(append(append([]string(nil), dateHints...), "years", `did you mean "age"?`, "point", `did you mean "from"?`)...)
}

// Resolve resolves the birth, the frame and the date, and checks that
// either age or date is sent (a date not before the birth).
func (in *ProfectionsRequest) Resolve(c resolve.Context, prefix string) error {
	var r reader
	if err := r.readBirth(c, prefix, &in.Packet, &in.Frame); err != nil {
		return err
	}
	o := ProfectionOptions{Date: r.date(in.Date, "date", &in.DateUTC), Age: in.Age, From: in.From}
	r.check(o.Validate)
	in.n, in.o = r.n, o
	return r.done(&in.DateZone)
}

// Compute profects a resolved request's birth.
func (in *ProfectionsRequest) Compute(pos engine.Positions, w warner) (*Profection, error) {
	r, err := Profect(pos, in.n, in.o)
	if err != nil {
		return nil, err
	}
	notes(w, r.Source)
	return r, nil
}

// ---- zodiacal releasing ----

// Default levels and spans of the releasing requests.
const (
	defaultOverviewYears    = 100
	defaultOverviewLevels   = 2
	defaultTimelineLevels   = 2
	defaultTimelineYears    = 100 // levels 1-3
	defaultTimelineYears4   = 10  // levels 4: some 1,100 periods
	defaultFirdariaTimeline = FirdariaCycleYears
	defaultAtDateLevels     = MaxLevels
)

// ReleasingRequest is the input of the releasing overview: the periods of
// a life.
type ReleasingRequest struct {
	birth.Packet
	natal.Frame
	ReleasingOptions
	Years  *int `json:"years,omitempty" doc:"years of life covered from the birth (the level-1 periods that begin in them, given whole)" minimum:"1" maximum:"150" default:"100"`
	Levels *int `json:"levels,omitempty" doc:"1: the level-1 periods; 2: each with its level-2 sub-periods" minimum:"1" maximum:"2" default:"2"`

	n Natal
	o OverviewOptions
}

// Hints says what callers send by mistake.
func (*ReleasingRequest) Hints() map[string]string { return hints() }

// Resolve resolves the birth and the frame and writes the defaults of
// years and levels back.
func (in *ReleasingRequest) Resolve(c resolve.Context, prefix string) error {
	var r reader
	if err := r.readBirth(c, prefix, &in.Packet, &in.Frame); err != nil {
		return err
	}
	in.Years = intOrDefault(in.Years, defaultOverviewYears)
	in.Levels = intOrDefault(in.Levels, defaultOverviewLevels)
	o := OverviewOptions{ReleasingOptions: in.ReleasingOptions, Years: *in.Years, Levels: *in.Levels}
	r.check(o.Validate)
	in.n, in.o = r.n, o
	return r.done(nil)
}

// intOrDefault returns v, or def when it was not sent.
func intOrDefault(v *int, def int) *int {
	if v != nil {
		return v
	}
	return &def
}

// Compute releases a resolved request's birth.
func (in *ReleasingRequest) Compute(pos engine.Positions, w warner) (*Releasing, error) {
	r, err := Release(pos, in.n, in.o)
	if err != nil {
		return nil, err
	}
	notes(w, r.Source)
	return r, nil
}

// ReleasingTimelineRequest is the input of the releasing periods in a
// range.
type ReleasingTimelineRequest struct {
	birth.Packet
	natal.Frame
	ReleasingOptions
	Start  moment.Date `json:"start,omitempty" doc:"start of the range: a date or a date-time, not before the birth (the birth's own date is the birth); omitted: the birth (the echo gives it as an instant)"`
	End    moment.Date `json:"end,omitempty" doc:"end of the range: after start, within 150 years of the birth and of start (100 years with levels 4); omitted: start plus 100 years (10 with levels 4), at most 150 years after the birth (the echo gives it as an instant)"`
	Levels *int        `json:"levels,omitempty" doc:"deepest level listed, 1-4" minimum:"1" maximum:"4" default:"2"`

	// The echo (read-only; ignored on input).
	StartUTC *time.Time `json:"start_utc,omitempty" readonly:"true" doc:"start as the UTC instant read"`
	EndUTC   *time.Time `json:"end_utc,omitempty" readonly:"true" doc:"end as the UTC instant read"`
	DateZone string     `json:"date_zone,omitempty" readonly:"true" doc:"the zone the dates sent without an offset were read in (the birth's)"`

	n Natal
	o TimelineOptions
}

// Hints says what callers send by mistake.
func (*ReleasingTimelineRequest) Hints() map[string]string { return hints(rangeHints...) }

// Resolve resolves the birth, the frame and the range (start defaults to
// the birth, end to 100 years on, 10 with four levels, within the
// horizon), and checks the range and levels; the defaults are written
// back.
func (in *ReleasingTimelineRequest) Resolve(c resolve.Context, prefix string) error {
	var r reader
	if err := r.readBirth(c, prefix, &in.Packet, &in.Frame); err != nil {
		return err
	}
	in.Levels = intOrDefault(in.Levels, defaultTimelineLevels)
	years := defaultTimelineYears
	if *in.Levels == MaxLevels {
		years = defaultTimelineYears4
	}
	o := TimelineOptions{ReleasingOptions: in.ReleasingOptions, Levels: *in.Levels}
	o.Start, o.End = r.span(&in.Start, &in.End, &in.StartUTC, &in.EndUTC, years)
	r.check(o.Validate)
	in.n, in.o = r.n, o
	return r.done(&in.DateZone)
}

// span reads a timeline's start and end, writing their defaults: start
// the birth, end start plus years, within the birth's horizon.
func (r *reader) span(start, end *moment.Date, startUTC, endUTC **time.Time, years int) (s, e time.Time) {
	if r.born && *start == "" {
		s = r.byDefault(start, "start", r.n.born(), startUTC)
	} else {
		s = r.date(*start, "start", startUTC)
	}
	if *end != "" || s.IsZero() {
		return s, r.date(*end, "end", endUTC)
	}
	e = s.AddDate(years, 0, 0)
	if h := r.n.horizon(); e.After(h) {
		e = h
	}
	return s, r.byDefault(end, "end", e, endUTC)
}

// Compute lists the periods of a resolved request.
func (in *ReleasingTimelineRequest) Compute(pos engine.Positions, w warner) (*Timeline, error) {
	r, err := ReleaseTimeline(pos, in.n, in.o)
	if err != nil {
		return nil, err
	}
	notes(w, r.Source)
	return r, nil
}

// ReleasingAtDateRequest is the input of the releasing periods in force at
// a date.
type ReleasingAtDateRequest struct {
	birth.Packet
	natal.Frame
	ReleasingOptions
	Date   moment.Date `json:"date" required:"true" doc:"the date (on this route date is the target: the birth's date is year, month and day): a date or a date-time; not before the birth, within 150 years" example:"2024-07-14"`
	Levels *int        `json:"levels,omitempty" doc:"deepest level given, 1-4" minimum:"1" maximum:"4" default:"4"`

	// The echo (read-only; ignored on input).
	DateUTC  *time.Time `json:"date_utc,omitempty" readonly:"true" doc:"date as the UTC instant read"`
	DateZone string     `json:"date_zone,omitempty" readonly:"true" doc:"the zone a date sent without an offset was read in (the birth's)"`

	n Natal
	o AtDateOptions
}

// Hints says what callers send by mistake.
func (*ReleasingAtDateRequest) Hints() map[string]string { return hints(dateHints...) }

// Resolve resolves the birth, the frame and the date and checks the date
// against the birth; the default of levels is written back.
func (in *ReleasingAtDateRequest) Resolve(c resolve.Context, prefix string) error {
	var r reader
	if err := r.readBirth(c, prefix, &in.Packet, &in.Frame); err != nil {
		return err
	}
	in.Levels = intOrDefault(in.Levels, defaultAtDateLevels)
	o := AtDateOptions{ReleasingOptions: in.ReleasingOptions, Date: r.date(in.Date, "date", &in.DateUTC), Levels: *in.Levels}
	r.check(o.Validate)
	in.n, in.o = r.n, o
	return r.done(&in.DateZone)
}

// Compute finds the periods in force for a resolved request.
func (in *ReleasingAtDateRequest) Compute(pos engine.Positions, w warner) (*ActivePeriods, error) {
	r, err := ReleaseAt(pos, in.n, in.o)
	if err != nil {
		return nil, err
	}
	notes(w, r.Source)
	return r, nil
}

// ---- firdaria ----

// FirdariaSettings are the choices of every firdaria request.
type FirdariaSettings struct {
	NodeOrder  NodeOrder `json:"node_order,omitempty" doc:"where the nodes' periods fall in a night birth: end (after the seven planets, Abu Ma'shar) or after_mars" default:"end"`
	YearLength SolarYear `json:"year_length,omitempty" doc:"length of the years: tropical (365.24219 days, so whole years end within two hours of the solar returns) or julian (365.25)" default:"tropical"`
}

func (s FirdariaSettings) options() FirdariaOptions {
	return FirdariaOptions{NodeOrder: s.NodeOrder, YearLength: YearLength(s.YearLength)}
}

// FirdariaRequest is the input of the firdaria of a birth.
type FirdariaRequest struct {
	birth.Packet
	natal.Frame
	FirdariaSettings

	n Natal
	o FirdariaOptions
}

// Hints says what callers send by mistake.
func (*FirdariaRequest) Hints() map[string]string { return hints() }

// Resolve resolves the birth and the frame.
func (in *FirdariaRequest) Resolve(c resolve.Context, prefix string) error {
	var r reader
	if err := r.readBirth(c, prefix, &in.Packet, &in.Frame); err != nil {
		return err
	}
	o := in.options()
	r.check(o.Validate)
	in.n, in.o = r.n, o
	return r.done(nil)
}

// Compute lays out the firdaria of a resolved request.
func (in *FirdariaRequest) Compute(pos engine.Positions, w warner) (*Firdaria, error) {
	r, err := FirdariaOf(pos, in.n, in.o)
	if err != nil {
		return nil, err
	}
	notes(w, r.Source)
	return r, nil
}

// FirdariaAtAgeRequest is the input of the firdaria in force at an age or
// a date.
type FirdariaAtAgeRequest struct {
	birth.Packet
	natal.Frame
	FirdariaSettings
	Age  *float64    `json:"age,omitempty" doc:"age in years of year_length since the birth, decimals allowed, instead of date" minimum:"0" maximum:"150" example:"33.5"`
	Date moment.Date `json:"date,omitempty" doc:"date instead of age (on this route date is the target: the birth's date is year, month and day): a date or a date-time; not before the birth, within 150 years"`

	// The echo (read-only; ignored on input).
	DateUTC  *time.Time `json:"date_utc,omitempty" readonly:"true" doc:"date as the UTC instant read"`
	DateZone string     `json:"date_zone,omitempty" readonly:"true" doc:"the zone a date sent without an offset was read in (the birth's)"`

	n Natal
	o FirdariaAtOptions
}

// Hints says what callers send by mistake.
func (*FirdariaAtAgeRequest) Hints() map[string]string { return hints(dateHints...) }

// Resolve resolves the birth, the frame and the date, and checks that
// either age or date is sent.
func (in *FirdariaAtAgeRequest) Resolve(c resolve.Context, prefix string) error {
	var r reader
	if err := r.readBirth(c, prefix, &in.Packet, &in.Frame); err != nil {
		return err
	}
	o := FirdariaAtOptions{FirdariaOptions: in.options(), Age: in.Age, Date: r.date(in.Date, "date", &in.DateUTC)}
	r.check(o.Validate)
	in.n, in.o = r.n, o
	return r.done(&in.DateZone)
}

// Compute finds the periods in force for a resolved request.
func (in *FirdariaAtAgeRequest) Compute(pos engine.Positions, w warner) (*FirdariaAt, error) {
	r, err := FirdariaAtAge(pos, in.n, in.o)
	if err != nil {
		return nil, err
	}
	notes(w, r.Source)
	return r, nil
}

// FirdariaTimelineRequest is the input of the firdaria in a range.
type FirdariaTimelineRequest struct {
	birth.Packet
	natal.Frame
	FirdariaSettings
	Start moment.Date `json:"start,omitempty" doc:"start of the range: a date or a date-time, not before the birth (the birth's own date is the birth); omitted: the birth (the echo gives it as an instant)"`
	End   moment.Date `json:"end,omitempty" doc:"end of the range: after start, within 150 years of the birth; omitted: start plus 75 years (one round of the periods), at most 150 years after the birth (the echo gives it as an instant)"`

	// The echo (read-only; ignored on input).
	StartUTC *time.Time `json:"start_utc,omitempty" readonly:"true" doc:"start as the UTC instant read"`
	EndUTC   *time.Time `json:"end_utc,omitempty" readonly:"true" doc:"end as the UTC instant read"`
	DateZone string     `json:"date_zone,omitempty" readonly:"true" doc:"the zone the dates sent without an offset were read in (the birth's)"`

	n Natal
	o FirdariaTimelineOptions
}

// Hints says what callers send by mistake.
func (*FirdariaTimelineRequest) Hints() map[string]string { return hints(rangeHints...) }

// Resolve resolves the birth, the frame and the range (start defaults to
// the birth, end to 75 years on within the horizon), and checks the
// range; the defaults are written back.
func (in *FirdariaTimelineRequest) Resolve(c resolve.Context, prefix string) error {
	var r reader
	if err := r.readBirth(c, prefix, &in.Packet, &in.Frame); err != nil {
		return err
	}
	o := FirdariaTimelineOptions{FirdariaOptions: in.options()}
	o.Start, o.End = r.span(&in.Start, &in.End, &in.StartUTC, &in.EndUTC, defaultFirdariaTimeline)
	r.check(o.Validate)
	in.n, in.o = r.n, o
	return r.done(&in.DateZone)
}

// Compute lists the periods of a resolved request.
func (in *FirdariaTimelineRequest) Compute(pos engine.Positions, w warner) (*FirdariaTimeline, error) {
	r, err := FirdariaTimelineOf(pos, in.n, in.o)
	if err != nil {
		return nil, err
	}
	notes(w, r.Source)
	return r, nil
}
