package timing

import (
	"fmt"
	"math"
	"time"

	"github.com/astroapi/astroapi/engine"
	"github.com/astroapi/astroapi/engine/houses"
	"github.com/astroapi/astroapi/engine/natal"
)

// AngleMethod is how the progressed Midheaven is found; the Ascendant and
// the cusps follow from it at the birth latitude. The values are the API's
// wire values.
type AngleMethod string

// The angle methods, as Solar Fire's manual lists them ("Chart Angle
// Progression Type"; Mark Pottenger, "Progressed Angles", The Mutable
// Dilemma, Virgo 1981).
const (
	// SolarArcRA advances the right ascension of the MC (ARMC) by the
	// progressed Sun's arc in right ascension. The default: the MC is a
	// point of the equator's daily turn, so its arc is measured there,
	// and this keeps the natal Sun-MC relation in RA.
	SolarArcRA AngleMethod = "solar_arc_ra"
	// SolarArcLongitude advances the MC's longitude by the solar arc.
	SolarArcLongitude AngleMethod = "solar_arc_longitude"
	// NaibodRA advances the ARMC at the mean Sun's rate, 0°59'08.33" a
	// year (the "right ascension of the mean Sun", RAMS).
	NaibodRA AngleMethod = "naibod_ra"
	// NaibodLongitude advances the MC's longitude at the mean Sun's rate.
	NaibodLongitude AngleMethod = "naibod_longitude"
	// Quotidian casts the houses of the progressed instant itself at the
	// birth place (sidereal time at that instant: about 361° a year).
	Quotidian AngleMethod = "quotidian"
)

// EnumValues lists the angle methods.
func (AngleMethod) EnumValues() []string {
	return []string{string(SolarArcRA), string(SolarArcLongitude), string(NaibodRA), string(NaibodLongitude), string(Quotidian)}
}

func (m AngleMethod) text() string {
	switch m {
	case SolarArcRA:
		return "ARMC advanced by the progressed Sun's arc in right ascension; Ascendant and cusps from that ARMC at the birth latitude with the true obliquity of the progressed instant"
	case SolarArcLongitude:
		return "MC longitude advanced by the solar arc in longitude; Ascendant and cusps from that MC at the birth latitude with the true obliquity of the progressed instant"
	case NaibodRA:
		return "ARMC advanced by the Naibod rate 0°59'08.33\" per year (mean Sun in right ascension); Ascendant and cusps at the birth latitude"
	case NaibodLongitude:
		return "MC longitude advanced by the Naibod rate 0°59'08.33\" per year; Ascendant and cusps at the birth latitude"
	case Quotidian:
		return "houses of the progressed instant at the birth place (actual sidereal time, about 361° per year)"
	}
	return ""
}

// NaibodRate is the mean Sun's motion in degrees per tropical year:
// 360 / 365.24219 = 0°59'08.33" (Valentine Naibod, 1560).
const NaibodRate = 360 / 365.24219

// ProgressionOptions ask for secondary progressions to a date.
type ProgressionOptions struct {
	Date        time.Time   `json:"date" doc:"target date, RFC 3339; not before the birth, within 150 years" example:"\"2024-07-14T00:00:00Z\""`
	YearLength  YearLength  `json:"year_length,omitempty" doc:"the year that one day of ephemeris stands for: tropical (365.24219 days) or julian (365.25)" enum:"tropical,julian" default:"tropical"`
	AngleMethod AngleMethod `json:"angle_method,omitempty" doc:"how the progressed MC is found" enum:"solar_arc_ra,solar_arc_longitude,naibod_ra,naibod_longitude,quotidian" default:"solar_arc_ra"`
	// Orb defaults to DefaultOrb (nil); it is more than 0.
	Orb *float64 `json:"orb,omitempty" doc:"orb of progressed-to-natal aspects, degrees" exclusiveMinimum:"0" maximum:"5" default:"1"`
}

func (o ProgressionOptions) resolve(n Natal) (ProgressionOptions, engine.Fields) {
	errs := n.Validate()
	if e := n.checkDate(o.Date, "date"); e != nil {
		errs = append(errs, e)
	}
	var e *engine.FieldError
	if o.YearLength, e = checkYear(o.YearLength, YearTropical, "year_length", YearTropical, YearJulian); e != nil {
		errs = append(errs, e)
	}
	switch o.AngleMethod {
	case "":
		o.AngleMethod = SolarArcRA
	case SolarArcRA, SolarArcLongitude, NaibodRA, NaibodLongitude, Quotidian:
	default:
		errs = append(errs, &engine.FieldError{Field: "angle_method", Reason: fmt.Sprintf("unknown method %q: use solar_arc_ra, solar_arc_longitude, naibod_ra, naibod_longitude or quotidian", o.AngleMethod)})
	}
	if o.Orb, e = checkOrb(o.Orb); e != nil {
		errs = append(errs, e)
	}
	return o, errs
}

// Validate checks the options against the birth.
func (o ProgressionOptions) Validate(n Natal) engine.Fields {
	_, errs := o.resolve(n)
	return errs
}

// ProgressedPoint is a progressed body.
type ProgressedPoint struct {
	Name string `json:"name" doc:"body" example:"Sun"`
	Position
	Speed      float64 `json:"speed_per_year" doc:"progressed motion in degrees per year of life (the body's daily motion at the progressed instant)"`
	Retrograde bool    `json:"retrograde" doc:"the body is retrograde at the progressed instant"`
	NatalHouse int     `json:"natal_house" doc:"natal house the progressed body falls in, 1-12" minimum:"1" maximum:"12"`
}

// ProgressedAngles are the progressed angles and house cusps.
type ProgressedAngles struct {
	Ascendant Position           `json:"ascendant"`
	Midheaven Position           `json:"midheaven"`
	ARMC      float64            `json:"armc" doc:"right ascension of the progressed MC, degrees"`
	System    engine.HouseSystem `json:"house_system" doc:"house system of the cusps (Porphyry inside the polar circles for Placidus and Koch)"`
	Cusps     []Position         `json:"cusps" doc:"the twelve progressed cusps from the progressed MC at the birth latitude"`
}

// LunarPhase names the progressed Moon's phase, one of Rudhyar's eight
// 45° phases of the Sun-Moon angle (The Lunation Cycle, 1967).
type LunarPhase string

// The eight phases.
const (
	PhaseNew           LunarPhase = "new"
	PhaseCrescent      LunarPhase = "crescent"
	PhaseFirstQuarter  LunarPhase = "first_quarter"
	PhaseGibbous       LunarPhase = "gibbous"
	PhaseFull          LunarPhase = "full"
	PhaseDisseminating LunarPhase = "disseminating"
	PhaseLastQuarter   LunarPhase = "last_quarter"
	PhaseBalsamic      LunarPhase = "balsamic"
)

var phases = [8]LunarPhase{PhaseNew, PhaseCrescent, PhaseFirstQuarter, PhaseGibbous, PhaseFull, PhaseDisseminating, PhaseLastQuarter, PhaseBalsamic}

// EnumValues lists the phases.
func (LunarPhase) EnumValues() []string {
	out := make([]string, len(phases))
	for i, p := range phases {
		out[i] = string(p)
	}
	return out
}

// ProgressedMoon is the progressed Moon: its sign, natal house, the dates
// it entered and leaves the sign, and its phase.
type ProgressedMoon struct {
	Position
	NatalHouse  int        `json:"natal_house" doc:"natal house the progressed Moon falls in, 1-12" minimum:"1" maximum:"12"`
	EnteredSign time.Time  `json:"entered_sign" doc:"date the progressed Moon entered its sign, UTC (before the birth when it was already there)"`
	LeavesSign  time.Time  `json:"leaves_sign" doc:"date the progressed Moon enters the next sign, UTC"`
	PhaseAngle  float64    `json:"phase_angle" doc:"progressed Moon minus progressed Sun, degrees 0-360"`
	Phase       LunarPhase `json:"phase" doc:"phase of the progressed lunation (Rudhyar's eight phases of 45°)" enum:"new,crescent,first_quarter,gibbous,full,disseminating,last_quarter,balsamic"`
}

// ProgressionConventions state how the progressions were computed.
type ProgressionConventions struct {
	ZodiacType  string          `json:"zodiac_type" doc:"zodiac of the longitudes" enum:"tropical,sidereal"`
	Ayanamsa    engine.Ayanamsa `json:"ayanamsa,omitempty" doc:"ayanamsa of a sidereal zodiac (absent when tropical)"`
	Rate        string          `json:"rate" doc:"the progression key"`
	YearLength  YearLength      `json:"year_length" doc:"the year counted in" enum:"tropical,julian"`
	YearDays    float64         `json:"year_days" doc:"days of life per day of ephemeris"`
	AngleMethod AngleMethod     `json:"angle_method" doc:"how the progressed MC was found" enum:"solar_arc_ra,solar_arc_longitude,naibod_ra,naibod_longitude,quotidian"`
	Angles      string          `json:"angles" doc:"how the angles were progressed"`
	Orb         float64         `json:"orb" doc:"orb of the aspects, degrees"`
	Aspects     string          `json:"aspects" doc:"which aspects and points"`
	Positions   string          `json:"positions" doc:"frame of the longitudes"`
}

// Progression is a secondary-progressed chart for a date.
type Progression struct {
	Date                time.Time              `json:"date" doc:"the target date, UTC"`
	AgeYears            float64                `json:"age_years" doc:"time since birth in years of the chosen length"`
	ProgressedDate      time.Time              `json:"progressed_date" doc:"the ephemeris instant the progressions are read at: birth + age in days, UTC to the second"`
	ProgressedJulianDay float64                `json:"progressed_julian_day" doc:"Julian day (UT) of the progressed instant"`
	SolarArc            float64                `json:"solar_arc" doc:"progressed Sun minus natal Sun, degrees"`
	Planets             []ProgressedPoint      `json:"planets" doc:"progressed Sun..Pluto and North Node"`
	Angles              ProgressedAngles       `json:"angles"`
	Moon                ProgressedMoon         `json:"progressed_moon"`
	Aspects             []Aspect               `json:"aspects" doc:"progressed-to-natal aspects within the orb"`
	Conventions         ProgressionConventions `json:"conventions"`
	Source              engine.Source          `json:"source" doc:"least precise ephemeris used" enum:"tables,swiss_ephemeris,moshier"`
}

// progBodies are the bodies progressed and aspected, in chart order; the
// node is the chart's (true unless mean was asked for).
var progBodies = [...]engine.Body{
	engine.Sun, engine.Moon, engine.Mercury, engine.Venus, engine.Mars, engine.Jupiter,
	engine.Saturn, engine.Uranus, engine.Neptune, engine.Pluto, engine.TrueNode,
}

func nodeBody(o natal.Options) engine.Body {
	if o.Node == natal.MeanNode {
		return engine.MeanNode
	}
	return engine.TrueNode
}

func pointName(b engine.Body) string {
	if b == engine.TrueNode || b == engine.MeanNode {
		return natal.NorthNode
	}
	return b.String()
}

// natalData is what the progressions and directions read from the birth
// chart.
type natalData struct {
	chart  *natal.Chart
	points []point // Sun..Pluto, North Node, Ascendant, Midheaven
	cusps  [12]float64
	armc   float64
	sys    engine.HouseSystem
}

func loadNatal(pos engine.Positions, n Natal) (*natalData, error) {
	c, err := natal.Compute(pos, n.Birth, n.Chart)
	if err != nil {
		return nil, err
	}
	d := &natalData{chart: c, sys: c.Houses.RequestedSystem}
	for i, cu := range c.Houses.Cusps {
		d.cusps[i] = cu.Longitude
	}
	// The chart lists Sun..Pluto, then the North Node (then the South
	// Node, Lilith, Chiron and asteroids, which are not aspected here).
	for _, p := range c.Planets[:len(progBodies)] {
		d.points = append(d.points, point{name: p.Name, lon: p.Longitude})
	}
	d.points = append(d.points, point{name: "Ascendant", lon: c.Ascendant.Longitude}, point{name: "Midheaven", lon: c.Midheaven.Longitude})
	h, err := pos.Houses(n.Birth.JD, n.Birth.Latitude, n.Birth.Longitude, d.sys, n.Chart.Sidereal)
	if err != nil {
		c.Release()
		return nil, err
	}
	d.armc = h.ARMC
	return d, nil
}

func (d *natalData) lon(name string) float64 {
	for _, p := range d.points {
		if p.name == name {
			return p.lon
		}
	}
	return math.NaN()
}

func (d *natalData) house(lon float64) int { return houses.Of(lon, &d.cusps) }

// rightAscension returns the right ascension (degrees) of an ecliptic point
// of tropical longitude lon and latitude lat (degrees) for the obliquity eps
// (Meeus, Astronomical Algorithms, eq. 13.3).
func rightAscension(lon, lat, eps float64) float64 {
	l, b, e := lon*math.Pi/180, lat*math.Pi/180, eps*math.Pi/180
	sl, cl := math.Sincos(l)
	return engine.Normalize(math.Atan2(sl*math.Cos(e)-math.Tan(b)*math.Sin(e), cl) * 180 / math.Pi)
}

// progressor computes the progressed angles at progressed instants.
type progressor struct {
	pos    engine.Positions
	n      Natal
	d      *natalData
	method AngleMethod
	yd     float64 // days of life per progressed day
	sunRA0 float64 // natal Sun's right ascension
	sun0   float64 // natal Sun's longitude in the chart's zodiac
	src    engine.Source
}

// sunRA returns the Sun's apparent right ascension at t from its tropical
// ecliptic position and the true obliquity.
func (p *progressor) sunRA(t engine.JDUT) (float64, error) {
	s, err := p.pos.Position(t, engine.Sun, engine.Options{})
	if err != nil {
		return 0, err
	}
	p.src = p.src.Worse(s.Source)
	eps, _, err := p.pos.Obliquity(t)
	if err != nil {
		return 0, err
	}
	return rightAscension(s.Longitude, s.Latitude, eps), nil
}

// angles returns the progressed houses at progressed instant tp (sun is
// the progressed Sun's longitude in the chart's zodiac, years the age).
func (p *progressor) angles(tp engine.JDUT, sun, years float64) (engine.Houses, error) {
	n := p.n
	if p.method == Quotidian {
		h, err := p.pos.Houses(tp, n.Birth.Latitude, n.Birth.Longitude, p.d.sys, n.Chart.Sidereal)
		p.src = p.src.Worse(h.Source)
		return h, err
	}
	eps, _, err := p.pos.Obliquity(tp)
	if err != nil {
		return engine.Houses{}, err
	}
	var aya float64
	if n.Chart.Sidereal != "" {
		if aya, err = p.pos.Ayanamsa(tp, n.Chart.Sidereal); err != nil {
			return engine.Houses{}, err
		}
	}
	// ARMC of an MC longitude (in the chart's zodiac): the equator point
	// culminating with it.
	armcOf := func(mc float64) float64 { return rightAscension(mc+aya, 0, eps) }
	var armc float64
	switch p.method {
	case SolarArcRA:
		ra, err := p.sunRA(tp)
		if err != nil {
			return engine.Houses{}, err
		}
		armc = p.d.armc + engine.Normalize(ra-p.sunRA0)
	case NaibodRA:
		armc = p.d.armc + NaibodRate*years
	case SolarArcLongitude:
		armc = armcOf(p.d.lon("Midheaven") + engine.Normalize(sun-p.sun0))
	case NaibodLongitude:
		armc = armcOf(p.d.lon("Midheaven") + NaibodRate*years)
	}
	h := houses.Cusps(p.d.sys, engine.Normalize(armc), eps, n.Birth.Latitude)
	if n.Chart.Sidereal != "" {
		for i := range h.Cusps {
			h.Cusps[i] = engine.Normalize(h.Cusps[i] - aya)
		}
		h.Ascendant = engine.Normalize(h.Ascendant - aya)
		h.Midheaven = engine.Normalize(h.Midheaven - aya)
		if h.System == engine.WholeSign {
			for i := range h.Cusps {
				h.Cusps[i] = engine.Normalize(math.Floor(h.Ascendant/30)*30 + 30*float64(i))
			}
		}
	}
	return h, nil
}

// progressedJD returns the progressed instant for a life instant t: the
// birth plus one day per year of yd days.
func progressedJD(n Natal, t time.Time, yd float64) engine.JDUT {
	jb := float64(n.Birth.JD)
	return engine.JDUT(jb + (float64(jdOf(t))-jb)/yd)
}

// lifeTime returns the life instant whose progressed instant is tp.
func lifeTime(n Natal, tp, yd float64) time.Time {
	jb := float64(n.Birth.JD)
	return instant(engine.JDUT(jb + (tp-jb)*yd))
}

// Progress casts the secondary progressions of the birth for o.Date: the
// planets at the instant as many days after birth as years of life have
// passed (one day for a year), the angles by the chosen method, the
// progressed Moon, and the aspects from the progressed planets and angles
// to the natal planets and angles.
func Progress(pos engine.Positions, n Natal, o ProgressionOptions) (*Progression, error) {
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
	tp := progressedJD(n, o.Date, yd)
	years := (float64(jdOf(o.Date)) - float64(n.Birth.JD)) / yd
	p := &progressor{pos: pos, n: n, d: d, method: o.AngleMethod, yd: yd, sun0: d.lon("Sun"), src: d.chart.Source}
	if p.sunRA0, err = p.sunRA(n.Birth.JD); err != nil {
		return nil, err
	}

	out := &Progression{
		Date: utc(o.Date), AgeYears: years, ProgressedDate: instant(tp), ProgressedJulianDay: float64(tp),
		Planets: make([]ProgressedPoint, 0, len(progBodies)),
	}
	frame := engine.Options{Sidereal: n.Chart.Sidereal, SkipDistance: true}
	moving := make([]point, 0, len(progBodies)+2)
	var sunP, moonP float64
	for _, b := range progBodies {
		if b == engine.TrueNode {
			b = nodeBody(n.Chart)
		}
		q, err := pos.Position(tp, b, frame)
		if err != nil {
			return nil, fmt.Errorf("progressed %s: %w", b, err)
		}
		p.src = p.src.Worse(q.Source)
		name := pointName(b)
		out.Planets = append(out.Planets, ProgressedPoint{
			Name: name, Position: at(q.Longitude), Speed: q.SpeedLongitude,
			Retrograde: q.SpeedLongitude < 0, NatalHouse: d.house(q.Longitude),
		})
		moving = append(moving, point{name: name, lon: q.Longitude, speed: q.SpeedLongitude})
		switch b {
		case engine.Sun:
			sunP = q.Longitude
		case engine.Moon:
			moonP = q.Longitude
		}
	}
	out.SolarArc = engine.Normalize(sunP - p.sun0)

	h, err := p.angles(tp, sunP, years)
	if err != nil {
		return nil, err
	}
	// The angles' motion, for applying/separating: the same method one
	// day of life later (1/yd day of ephemeris).
	step := 1 / yd
	sun2, err := pos.Position(tp+engine.JDUT(step), engine.Sun, frame)
	if err != nil {
		return nil, err
	}
	h2, err := p.angles(tp+engine.JDUT(step), sun2.Longitude, years+1/yd)
	if err != nil {
		return nil, err
	}
	perYear := func(a, b float64) float64 { return math.Remainder(b-a, 360) * yd }
	out.Angles = ProgressedAngles{
		Ascendant: at(h.Ascendant), Midheaven: at(h.Midheaven), ARMC: h.ARMC, System: h.System,
		Cusps: make([]Position, 12),
	}
	for i, c := range h.Cusps {
		out.Angles.Cusps[i] = at(c)
	}
	moving = append(moving,
		point{name: "Ascendant", lon: h.Ascendant, speed: perYear(h.Ascendant, h2.Ascendant)},
		point{name: "Midheaven", lon: h.Midheaven, speed: perYear(h.Midheaven, h2.Midheaven)})
	out.Aspects = crossAspects(moving, d.points, *o.Orb)

	// The progressed Moon: its sign's boundaries, found on the Moon's
	// track in ephemeris time and mapped back to life time.
	moon := newTrack(pos, engine.Moon, n.Chart.Sidereal)
	s := float64(signIndex(moonP))
	in, err := moon.next(s*30, float64(tp)-3, 11, 16)
	if err != nil {
		return nil, err
	}
	outOf, err := moon.next(engine.Normalize(s*30+30), float64(tp), 11, 16)
	if err != nil {
		return nil, err
	}
	angle := engine.Normalize(moonP - sunP)
	out.Moon = ProgressedMoon{
		Position: at(moonP), NatalHouse: d.house(moonP),
		EnteredSign: lifeTime(n, in, yd), LeavesSign: lifeTime(n, outOf, yd),
		PhaseAngle: angle, Phase: phases[min(7, int(angle/45))],
	}
	out.Conventions = ProgressionConventions{
		ZodiacType: zodiacName(n.Chart), Ayanamsa: n.Chart.Sidereal,
		Rate:       "secondary: one day of ephemeris after birth for each year of life",
		YearLength: o.YearLength, YearDays: yd, AngleMethod: o.AngleMethod, Angles: o.AngleMethod.text(),
		Orb:       *o.Orb,
		Aspects:   "Ptolemaic aspects (conjunction, sextile, square, trine, opposition) from the progressed Sun..Pluto, North Node, Ascendant and Midheaven to the same natal points, natal points held fixed",
		Positions: positionsText,
	}
	out.Source = p.src.Worse(moon.src)
	return out, nil
}
