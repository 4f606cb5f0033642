package sky

import (
	"fmt"
	"math"
	"slices"
	"time"

	"github.com/astroapi/astroapi/engine"
	"github.com/astroapi/astroapi/engine/calendar"
	"github.com/astroapi/astroapi/engine/jsonw"
)

// MaxRows bounds the rows of one Ephemeris call.
const MaxRows = 20000

// StepUnit is the unit of an ephemeris step.
type StepUnit string

// The step units (wire values).
const (
	Hours StepUnit = "hours"
	Days  StepUnit = "days"
)

// EnumValues lists the step units.
func (StepUnit) EnumValues() []string { return []string{string(Hours), string(Days)} }

// DefaultEphemerisBodies are the bodies of an ephemeris that names none:
// the Sun, the Moon and the eight planets.
var DefaultEphemerisBodies = []engine.Body{engine.Sun, engine.Moon, engine.Mercury, engine.Venus, engine.Mars, engine.Jupiter, engine.Saturn, engine.Uranus, engine.Neptune, engine.Pluto}

// EphemerisOptions describe a table of positions: rows from Start to End
// (both included when End falls on a step) every Step Units.
type EphemerisOptions struct {
	Start, End engine.JDUT
	Step       int             // at least 1
	Unit       StepUnit        // "" means Days
	Bodies     []engine.Body   // nil: DefaultEphemerisBodies
	Sidereal   engine.Ayanamsa // "" for the tropical zodiac
}

// stepDays returns the step in days.
func (o EphemerisOptions) stepDays() float64 {
	if o.Unit == Hours {
		return float64(o.Step) / 24
	}
	return float64(o.Step)
}

// Rows returns the number of rows the options give (0 when invalid).
func (o EphemerisOptions) Rows() int {
	if o.Step < 1 || !(o.End >= o.Start) {
		return 0
	}
	// A Julian day near 2.45e6 resolves about 5e-10 day: an end exactly on
	// a row, hours after the start, divides to a hair under the whole
	// number. A millionth of a step (3.6 ms at one hour) keeps that row.
	n := math.Floor(float64(o.End-o.Start)/o.stepDays()+1e-6) + 1
	if n > math.MaxInt32 {
		return math.MaxInt32
	}
	return int(n)
}

// Validate checks the options, naming the JSON fields start, end, step,
// step_unit, bodies and ayanamsa; a table of more than MaxRows rows is
// refused with the way to split it.
func (o EphemerisOptions) Validate() engine.Fields {
	var errs engine.Fields
	for _, f := range []struct {
		name string
		t    engine.JDUT
	}{{"start", o.Start}, {"end", o.End}} {
		if math.IsNaN(float64(f.t)) || math.IsInf(float64(f.t), 0) {
			errs = append(errs, &engine.FieldError{Field: f.name, Reason: "must be a valid instant"})
		}
	}
	if o.Step < 1 {
		errs = append(errs, &engine.FieldError{Field: "step", Reason: "must be a whole number of 1 or more"})
	}
	if o.Unit != "" && o.Unit != Hours && o.Unit != Days {
		errs = append(errs, &engine.FieldError{Field: "step_unit", Reason: `must be "hours" or "days"`})
	}
	if len(errs) == 0 {
		if o.End < o.Start {
			errs = append(errs, &engine.FieldError{Field: "end", Reason: "must not be before start"})
		} else if n := o.Rows(); n > MaxRows {
			unit := o.Unit
			if unit == "" {
				unit = Days
			}
			span := float64(MaxRows-1) * o.stepDays()
			errs = append(errs, &engine.FieldError{Field: "end", Reason: fmt.Sprintf(
				"%d rows at a step of %d %s; at most %d rows per call: split the range into consecutive ranges of at most %.4g days, or use a longer step",
				n, o.Step, unit, MaxRows, span)})
		}
	}
	errs = append(errs, checkBodies("bodies", o.Bodies, nil, "a known body")...)
	return append(errs, checkAyanamsa(o.Sidereal)...)
}

// RowPosition is one body's place in an ephemeris row.
type RowPosition struct {
	Name        string  `json:"name" doc:"body name" example:"Mars"`
	Longitude   float64 `json:"longitude" doc:"ecliptic longitude, degrees, in the zodiac asked for"`
	Latitude    float64 `json:"latitude" doc:"ecliptic latitude, degrees"`
	Speed       float64 `json:"speed" doc:"speed in longitude, degrees per day"`
	Declination float64 `json:"declination" doc:"declination, degrees (true equator of date)"`
	Sign        string  `json:"sign" doc:"zodiac sign" example:"Aries"`
	Degree      float64 `json:"degree" doc:"degrees within the sign"`
	Retrograde  bool    `json:"retrograde" doc:"speed in longitude below zero"`
}

// Row is one instant of an ephemeris. Ephemeris reuses one Row for every
// call of its callback: copy what must outlive the call.
type Row struct {
	Datetime  calendar.Time `json:"datetime" doc:"the instant, UTC (to the second)"`
	JD        float64       `json:"jd" doc:"Julian day (UT)"`
	Positions []RowPosition `json:"positions" doc:"the bodies in the order asked for"`
	Source    engine.Source `json:"source" doc:"least precise ephemeris of the row" enum:"tables,swiss_ephemeris,moshier"`
}

// EphemerisHeader describes a table before its rows: what a streamed
// response writes first.
type EphemerisHeader struct {
	Start       calendar.Time  `json:"start" doc:"first row, UTC"`
	End         calendar.Time  `json:"end" doc:"end of the range, UTC (the last row falls on or before it)"`
	Step        int            `json:"step" doc:"step between rows"`
	Unit        StepUnit       `json:"step_unit" doc:"unit of the step" enum:"hours,days"`
	Rows        int            `json:"row_count" doc:"number of rows"`
	Bodies      []string       `json:"bodies" doc:"the bodies of each row, in order"`
	Columns     []string       `json:"columns" doc:"the CSV columns"`
	ZodiacType  string         `json:"zodiac_type" doc:"zodiac of the longitudes" enum:"tropical,sidereal"`
	Ayanamsa    *AyanamsaValue `json:"ayanamsa,omitempty" doc:"present for the sidereal zodiac; degrees at the first row"`
	Conventions string         `json:"conventions" doc:"frame of the positions"`
}

const ephemerisConventions = "apparent geocentric ecliptic positions of date; sidereal longitudes are tropical minus the ayanamsa with nutation (j2000: projection onto the ecliptic of J2000); " +
	"declination from the tropical position and the true obliquity of date; rows at start + i * step (UT)"

// Header returns the table's description (the options must be valid).
func (o EphemerisOptions) Header(pos engine.Positions) (*EphemerisHeader, error) {
	if errs := o.Validate(); len(errs) > 0 {
		return nil, errs
	}
	bodies := o.bodies()
	unit := o.Unit
	if unit == "" {
		unit = Days
	}
	h := &EphemerisHeader{Start: secondOf(o.Start), End: secondOf(o.End), Step: o.Step, Unit: unit, Rows: o.Rows(),
		Bodies: names(bodies), Columns: Columns(bodies), Conventions: ephemerisConventions}
	var err error
	if h.ZodiacType, h.Ayanamsa, err = zodiac(pos, o.Start, o.Sidereal); err != nil {
		return nil, err
	}
	return h, nil
}

func (o EphemerisOptions) bodies() []engine.Body {
	if o.Bodies == nil {
		return DefaultEphemerisBodies
	}
	return o.Bodies
}

// Columns returns the CSV columns of an ephemeris of bodies: datetime, jd,
// then per body <key>_longitude, <key>_latitude, <key>_speed,
// <key>_declination.
func Columns(bodies []engine.Body) []string {
	out := make([]string, 0, 2+4*len(bodies))
	out = append(out, "datetime", "jd")
	for _, b := range bodies {
		k := string(KeyOf(b))
		out = append(out, k+"_longitude", k+"_latitude", k+"_speed", k+"_declination")
	}
	return out
}

// AppendCSVHeader appends the CSV header line (with its newline).
func AppendCSVHeader(b []byte, bodies []engine.Body) []byte {
	for i, c := range Columns(bodies) {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, c...)
	}
	return append(b, '\n')
}

// Ephemeris computes the rows of o in time order and calls fn with each;
// fn's error stops the table and is returned. The Row passed is reused.
// Bodies the ephemeris does not cover at an instant (the asteroids outside
// 1800-2400) stop the table with engine.ErrOutOfRange.
func Ephemeris(pos engine.Positions, o EphemerisOptions, fn func(*Row) error) error {
	t, err := NewTable(pos, o)
	if err != nil {
		return err
	}
	for {
		row, err := t.Next()
		if err != nil || row == nil {
			return err
		}
		if err := fn(row); err != nil {
			return err
		}
	}
}

// Table is an ephemeris read row by row, for a caller that pulls the rows
// as it sends them (Ephemeris pushes them to a function instead).
type Table struct {
	pos     engine.Positions
	o       EphemerisOptions
	bodies  []engine.Body
	frame   engine.Options
	row     Row
	start   time.Time
	stepDur time.Duration
	n, i    int
}

// NewTable validates o and returns its table, positioned before the first
// row.
func NewTable(pos engine.Positions, o EphemerisOptions) (*Table, error) {
	if errs := o.Validate(); len(errs) > 0 {
		return nil, errs
	}
	t := &Table{pos: pos, o: o, bodies: o.bodies(), frame: engine.Options{Sidereal: o.Sidereal, SkipDistance: true},
		start: o.Start.Time(), stepDur: time.Duration(o.Step) * time.Hour, n: o.Rows()}
	if o.Unit != Hours {
		t.stepDur *= 24
	}
	t.row.Positions = make([]RowPosition, len(t.bodies))
	for i, b := range t.bodies {
		t.row.Positions[i].Name = b.String()
	}
	return t, nil
}

// Next computes and returns the next row, or nil after the last. The Row
// is reused by the following call.
func (t *Table) Next() (*Row, error) {
	if t.i >= t.n {
		return nil, nil
	}
	if err := t.fill(t.i); err != nil {
		return nil, err
	}
	t.i++
	return &t.row, nil
}

// Check computes the first and the last rows without moving: coverage is
// contiguous in time, so a table the ephemeris cannot serve fails here,
// before a caller has sent any row.
func (t *Table) Check() error {
	if err := t.fill(0); err != nil {
		return err
	}
	return t.fill(t.n - 1)
}

// fill computes row i into t.row.
func (t *Table) fill(i int) error {
	t.row.Datetime = calendar.TimeOf(t.start.Add(time.Duration(i) * t.stepDur).Round(time.Second))
	at := engine.JDUT(float64(t.o.Start) + float64(i)*t.o.stepDays())
	t.row.JD = float64(at)
	return fillRow(t.pos, at, t.bodies, t.frame, &t.row)
}

// fillRow computes the positions of one row.
func fillRow(pos engine.Positions, t engine.JDUT, bodies []engine.Body, frame engine.Options, row *Row) error {
	eps, _, err := pos.Obliquity(t)
	if err != nil {
		return err
	}
	sinEps, cosEps := math.Sincos(eps * math.Pi / 180)
	var aya float64
	if frame.Sidereal != "" && frame.Sidereal != engine.J2000 {
		if aya, err = pos.Ayanamsa(t, frame.Sidereal); err != nil {
			return err
		}
	}
	row.Source = engine.FromTables
	for i, b := range bodies {
		p, err := pos.Position(t, b, frame)
		if err != nil {
			return fmt.Errorf("%v at JD %.4f: %w", b, float64(t), err)
		}
		lon, lat, err := tropical(pos, t, b, frame, p, aya)
		if err != nil {
			return err
		}
		rp := &row.Positions[i]
		rp.Longitude = engine.Normalize(p.Longitude)
		rp.Sign, rp.Degree = engine.SignOf(rp.Longitude)
		rp.Latitude, rp.Speed, rp.Retrograde = p.Latitude, p.SpeedLongitude, p.SpeedLongitude < 0
		rp.Declination = declination(lon, lat, sinEps, cosEps)
		row.Source = row.Source.Worse(p.Source)
	}
	return nil
}

// AppendCSV appends the row as a CSV line (with its newline) in the order
// of Columns: degrees to 1e-7.
func (r *Row) AppendCSV(b []byte) []byte {
	b = r.Datetime.AppendFormat(b, time.RFC3339)
	b = append(b, ',')
	b = jsonw.Float(b, r.JD, 6)
	for i := range r.Positions {
		p := &r.Positions[i]
		b = append(b, ',')
		b = jsonw.Angle(b, p.Longitude)
		b = append(b, ',')
		b = jsonw.Angle(b, p.Latitude)
		b = append(b, ',')
		b = jsonw.Angle(b, p.Speed)
		b = append(b, ',')
		b = jsonw.Angle(b, p.Declination)
	}
	return append(b, '\n')
}

// AppendJSON appends the row as a JSON object with the fields tagged above,
// degrees to 1e-7.
func (r *Row) AppendJSON(b []byte) []byte {
	b = slices.Grow(b, 64+170*len(r.Positions))
	b = append(b, `{"datetime":"`...)
	b = r.Datetime.AppendFormat(b, time.RFC3339)
	b = append(b, `","jd":`...)
	b = jsonw.Float(b, r.JD, 6)
	b = append(b, `,"positions":[`...)
	for i := range r.Positions {
		p := &r.Positions[i]
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, `{"name":"`...)
		b = append(b, p.Name...) // a body's display name: plain ASCII
		b = append(b, `","longitude":`...)
		b = jsonw.Angle(b, p.Longitude)
		b = append(b, `,"latitude":`...)
		b = jsonw.Angle(b, p.Latitude)
		b = append(b, `,"speed":`...)
		b = jsonw.Angle(b, p.Speed)
		b = append(b, `,"declination":`...)
		b = jsonw.Angle(b, p.Declination)
		b = append(b, `,"sign":"`...)
		b = append(b, p.Sign...)
		b = append(b, `","degree":`...)
		b = jsonw.Angle(b, p.Degree)
		if p.Retrograde {
			b = append(b, `,"retrograde":true}`...)
		} else {
			b = append(b, `,"retrograde":false}`...)
		}
	}
	b = append(b, `],"source":"`...)
	b = append(b, r.Source...)
	return append(b, `"}`...)
}
