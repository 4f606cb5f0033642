package timing

import (
	"fmt"
	"slices"
	"time"

	"github.com/astroapi/astroapi/engine"
	"github.com/astroapi/astroapi/engine/aspects"
)

// ArcKey is the measure of a solar arc direction. The values are the API's
// wire values.
type ArcKey string

// The keys.
const (
	// TrueSolarArc directs by the progressed Sun's arc in longitude:
	// progressed Sun minus natal Sun, the secondary progression of the
	// date with the chosen year length.
	TrueSolarArc ArcKey = "true_solar_arc"
	// Naibod directs by the mean Sun's motion, 0°59'08.33" per year of
	// the chosen length.
	Naibod ArcKey = "naibod"
)

// EnumValues lists the keys.
func (ArcKey) EnumValues() []string { return []string{string(TrueSolarArc), string(Naibod)} }

// MaxArcRangeYears bounds the range searched for perfections (Julian
// years): 100 years hold at most a few hundred perfections.
const MaxArcRangeYears = 100

// SolarArcOptions ask for solar arc directions to a date and the
// perfections of directed-to-natal aspects in a range.
type SolarArcOptions struct {
	Date       time.Time  `json:"date" doc:"target date of the directed chart, RFC 3339; not before the birth, within 150 years" example:"\"2024-07-14T00:00:00Z\""`
	Key        ArcKey     `json:"key,omitempty" doc:"measure of the arc" enum:"true_solar_arc,naibod" default:"true_solar_arc"`
	YearLength YearLength `json:"year_length,omitempty" doc:"year of life per day of ephemeris (true solar arc) or per Naibod step: tropical (365.24219 days) or julian (365.25)" enum:"tropical,julian" default:"tropical"`
	// Orb defaults to DefaultOrb (nil); it is more than 0.
	Orb *float64 `json:"orb,omitempty" doc:"orb of the directed-to-natal aspects at the date, degrees" exclusiveMinimum:"0" maximum:"5" default:"1"`
	// RangeStart defaults to Date, RangeEnd to RangeStart plus one
	// calendar year.
	RangeStart time.Time `json:"range_start,omitempty" doc:"start of the range searched for perfections, RFC 3339; omitted: date"`
	RangeEnd   time.Time `json:"range_end,omitempty" doc:"end of the range searched for perfections, at most 100 years after range_start; omitted: range_start plus one year"`
}

func (o SolarArcOptions) resolve(n Natal) (SolarArcOptions, engine.Fields) {
	errs := n.Validate()
	if e := n.checkDate(o.Date, "date"); e != nil {
		errs = append(errs, e)
	}
	var e *engine.FieldError
	if o.YearLength, e = checkYear(o.YearLength, YearTropical, "year_length", YearTropical, YearJulian); e != nil {
		errs = append(errs, e)
	}
	switch o.Key {
	case "":
		o.Key = TrueSolarArc
	case TrueSolarArc, Naibod:
	default:
		errs = append(errs, &engine.FieldError{Field: "key", Reason: fmt.Sprintf("unknown key %q: use true_solar_arc or naibod", o.Key)})
	}
	if o.Orb, e = checkOrb(o.Orb); e != nil {
		errs = append(errs, e)
	}
	if o.RangeStart.IsZero() {
		o.RangeStart = o.Date
	}
	if o.RangeEnd.IsZero() && !o.RangeStart.IsZero() {
		o.RangeEnd = o.RangeStart.AddDate(1, 0, 0)
	}
	if !o.Date.IsZero() {
		errs = append(errs, n.checkRange(o.RangeStart, o.RangeEnd, "range_start", "range_end", MaxArcRangeYears*365.25, "100 years")...)
	}
	return o, errs
}

// Validate checks the options against the birth.
func (o SolarArcOptions) Validate(n Natal) engine.Fields {
	_, errs := o.resolve(n)
	return errs
}

// DirectedPoint is a natal point moved by the arc.
type DirectedPoint struct {
	Name           string  `json:"name" doc:"the point" example:"Mars"`
	NatalLongitude float64 `json:"natal_longitude" doc:"the natal longitude, degrees"`
	Position
	NatalHouse int `json:"natal_house" doc:"natal house the directed point falls in, 1-12" minimum:"1" maximum:"12"`
}

// Perfection is the date a directed-to-natal aspect is exact.
type Perfection struct {
	Point      string       `json:"point" doc:"the directed point" example:"Sun"`
	NatalPoint string       `json:"natal_point" doc:"the natal point aspected" example:"Saturn"`
	Aspect     aspects.Kind `json:"aspect" doc:"aspect name" enum:"conjunction,opposition,trine,square,sextile"`
	Angle      float64      `json:"angle" doc:"exact angle, degrees"`
	Date       time.Time    `json:"date" doc:"date the aspect is exact, UTC to the second"`
	Arc        float64      `json:"arc" doc:"the arc at that date, degrees"`
	AgeYears   float64      `json:"age_years" doc:"age at that date in years of the chosen length"`
}

// SolarArcConventions state how the directions were computed.
type SolarArcConventions struct {
	ZodiacType string          `json:"zodiac_type" doc:"zodiac of the longitudes" enum:"tropical,sidereal"`
	Ayanamsa   engine.Ayanamsa `json:"ayanamsa,omitempty" doc:"ayanamsa of a sidereal zodiac (absent when tropical)"`
	Key        ArcKey          `json:"key" doc:"measure of the arc" enum:"true_solar_arc,naibod"`
	KeyText    string          `json:"key_definition" doc:"how the arc is measured"`
	YearLength YearLength      `json:"year_length" doc:"the year counted in" enum:"tropical,julian"`
	YearDays   float64         `json:"year_days" doc:"days in that year"`
	Directed   string          `json:"directed" doc:"how the points are directed"`
	Orb        float64         `json:"orb" doc:"orb of the aspects at the date, degrees"`
	Aspects    string          `json:"aspects" doc:"which aspects and points"`
}

// SolarArcDirections are the directed points at a date, their aspects to
// the natal points, and the dates those aspects perfect in a range.
type SolarArcDirections struct {
	Date        time.Time           `json:"date" doc:"the target date, UTC"`
	AgeYears    float64             `json:"age_years" doc:"age at the date in years of the chosen length"`
	Arc         float64             `json:"arc" doc:"the arc at the date, degrees"`
	Points      []DirectedPoint     `json:"points" doc:"Sun..Pluto, North Node, Ascendant and Midheaven, each moved forward by the arc"`
	Aspects     []Aspect            `json:"aspects" doc:"directed-to-natal aspects within the orb at the date"`
	RangeStart  time.Time           `json:"range_start" doc:"start of the range searched for perfections, UTC"`
	RangeEnd    time.Time           `json:"range_end" doc:"end of the range searched, UTC"`
	Perfections []Perfection        `json:"perfections" doc:"directed-to-natal aspects exact within the range, in date order"`
	Conventions SolarArcConventions `json:"conventions"`
	Source      engine.Source       `json:"source" doc:"least precise ephemeris used" enum:"tables,swiss_ephemeris,moshier"`
}

// arcer measures the arc of a key as a function of life time.
type arcer struct {
	n    Natal
	key  ArcKey
	yd   float64
	sun  *track
	sun0 float64
}

// at returns the arc (degrees) at life Julian day t and its rate per year.
func (a *arcer) at(t float64) (arc, rate float64, err error) {
	jb := float64(a.n.Birth.JD)
	if a.key == Naibod {
		return NaibodRate * (t - jb) / a.yd, NaibodRate, nil
	}
	lon, v, err := a.sun.at(jb + (t-jb)/a.yd)
	if err != nil {
		return 0, 0, err
	}
	return engine.Normalize(lon - a.sun0), v, nil
}

// when returns the life Julian day at which the arc equals arc (0-360).
func (a *arcer) when(arc float64) (float64, error) {
	jb := float64(a.n.Birth.JD)
	if a.key == Naibod {
		return jb + arc/NaibodRate*a.yd, nil
	}
	// The progressed Sun moves 0.95-1.02° a day.
	tp, err := a.sun.next(engine.Normalize(a.sun0+arc), jb, 0.94, 1.03)
	if err != nil {
		return 0, err
	}
	return jb + (tp-jb)*a.yd, nil
}

// SolarArc directs the natal Sun..Pluto, North Node, Ascendant and
// Midheaven by the arc of the date, finds their aspects to the natal
// points, and the dates in the range when such aspects are exact.
func SolarArc(pos engine.Positions, n Natal, o SolarArcOptions) (*SolarArcDirections, error) {
	o, errs := o.resolve(n)
	if len(errs) > 0 {
		return nil, errs
	}
	d, err := loadNatal(pos, n)
	if err != nil {
		return nil, err
	}
	defer d.chart.Release()
	yd := o.YearLength.Days()
	a := &arcer{n: n, key: o.Key, yd: yd, sun: newTrack(pos, engine.Sun, n.Chart.Sidereal), sun0: d.lon("Sun")}
	jd := float64(jdOf(o.Date))
	arc, rate, err := a.at(jd)
	if err != nil {
		return nil, err
	}
	out := &SolarArcDirections{
		Date: utc(o.Date), AgeYears: (jd - float64(n.Birth.JD)) / yd, Arc: arc,
		RangeStart: utc(o.RangeStart), RangeEnd: utc(o.RangeEnd),
		Points: make([]DirectedPoint, 0, len(d.points)),
	}
	moving := make([]point, 0, len(d.points))
	for _, p := range d.points {
		lon := engine.Normalize(p.lon + arc)
		out.Points = append(out.Points, DirectedPoint{Name: p.name, NatalLongitude: p.lon, Position: at(lon), NatalHouse: d.house(lon)})
		moving = append(moving, point{name: p.name, lon: lon, speed: rate})
	}
	out.Aspects = crossAspects(moving, d.points, *o.Orb)

	// Perfections: directed point i (natal Li) aspects natal point j
	// exactly when Li + arc = Lj ± angle (mod 360); the arc grows
	// monotonically with time, so each target arc is met once.
	r0, _, err := a.at(float64(jdOf(o.RangeStart)))
	if err != nil {
		return nil, err
	}
	r1, _, err := a.at(float64(jdOf(o.RangeEnd)))
	if err != nil {
		return nil, err
	}
	out.Perfections = []Perfection{}
	for _, p := range d.points {
		for _, q := range d.points {
			for _, def := range major {
				for _, side := range [2]float64{1, -1} {
					if side < 0 && (def.Angle == 0 || def.Angle == 180) {
						continue // one exact arc only
					}
					target := engine.Normalize(q.lon - p.lon + side*def.Angle)
					if target < r0 || target > r1 {
						continue
					}
					t, err := a.when(target)
					if err != nil {
						return nil, err
					}
					out.Perfections = append(out.Perfections, Perfection{
						Point: p.name, NatalPoint: q.name, Aspect: def.Kind, Angle: def.Angle,
						Date: instant(engine.JDUT(t)), Arc: target, AgeYears: (t - float64(n.Birth.JD)) / yd,
					})
				}
			}
		}
	}
	slices.SortStableFunc(out.Perfections, func(x, y Perfection) int { return x.Date.Compare(y.Date) })

	keyText := "progressed Sun minus natal Sun in longitude (secondary progression, one day per year)"
	if o.Key == Naibod {
		keyText = fmt.Sprintf("Naibod: %.8f° (0°59'08.33\") per year", NaibodRate)
	}
	out.Conventions = SolarArcConventions{
		ZodiacType: zodiacName(n.Chart), Ayanamsa: n.Chart.Sidereal, Key: o.Key, KeyText: keyText,
		YearLength: o.YearLength, YearDays: yd,
		Directed: "every point, the angles included, moved forward in longitude by the same arc",
		Orb:      *o.Orb,
		Aspects:  "Ptolemaic aspects from the directed points to the natal Sun..Pluto, North Node, Ascendant and Midheaven (natal points fixed)",
	}
	out.Source = d.chart.Source.Worse(a.sun.src)
	return out, nil
}
