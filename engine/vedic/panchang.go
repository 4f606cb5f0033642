package vedic

import (
	"fmt"
	"math"
	"time"

	"github.com/astroapi/astroapi/engine"
)

// Names of the panchang elements.
var (
	tithiNames = [15]string{
		"Pratipada", "Dwitiya", "Tritiya", "Chaturthi", "Panchami", "Shashthi", "Saptami", "Ashtami",
		"Navami", "Dashami", "Ekadashi", "Dwadashi", "Trayodashi", "Chaturdashi", "Purnima",
	}
	yogaNames = [27]string{
		"Vishkumbha", "Priti", "Ayushman", "Saubhagya", "Shobhana", "Atiganda", "Sukarma", "Dhriti", "Shula",
		"Ganda", "Vriddhi", "Dhruva", "Vyaghata", "Harshana", "Vajra", "Siddhi", "Vyatipata", "Variyan",
		"Parigha", "Shiva", "Siddha", "Sadhya", "Shubha", "Shukla", "Brahma", "Indra", "Vaidhriti",
	}
	// The seven movable karanas repeat eight times from the second half of
	// Shukla Pratipada; the four fixed ones take the first half of that
	// tithi (Kimstughna) and the last three halves of the month.
	movableKaranas = [7]string{"Bava", "Balava", "Kaulava", "Taitila", "Garaja", "Vanija", "Vishti"}
	varaNames      = [7]string{"Ravivara", "Somavara", "Mangalavara", "Budhavara", "Guruvara", "Shukravara", "Shanivara"}
	weekdayLords   = [7]Graha{Sun, Moon, Mars, Mercury, Jupiter, Venus, Saturn}
)

// tithiName returns the name of tithi k (0..29): Shukla 1-15 end with
// Purnima, Krishna 1-15 with Amavasya.
func tithiName(k int) string {
	if k == 29 {
		return "Amavasya"
	}
	return tithiNames[k%15]
}

// karanaName returns the name of half-tithi k (0..59).
func karanaName(k int) string {
	switch {
	case k == 0:
		return "Kimstughna"
	case k == 57:
		return "Shakuni"
	case k == 58:
		return "Chatushpada"
	case k == 59:
		return "Naga"
	}
	return movableKaranas[(k-1)%7]
}

// The day's eight parts of each inauspicious period, by weekday (Sunday
// first), as the South Indian almanacs fix them: Rahu kalam, Yamaganda and
// Gulika kalam.
var (
	rahuPart   = [7]int{8, 2, 7, 5, 6, 4, 3}
	yamaPart   = [7]int{5, 4, 3, 2, 1, 7, 6}
	gulikaPart = [7]int{7, 6, 5, 4, 3, 2, 1}
)

// Day is a civil date at a place: the panchang is reckoned for the day that
// begins at that date's sunrise.
type Day struct {
	Year, Month, Day    int
	Location            *time.Location // zone of the civil date; nil means UTC
	Latitude, Longitude float64
}

// PanchangOptions choose the sunrise convention.
type PanchangOptions struct {
	Sunrise SunriseConvention // "" means DefaultSunrise
	// Zodiac is the ayanamsa of the nakshatra and the yoga (its Node is
	// not read); Lahiri by default.
	Zodiac Options
}

// Validate checks the options.
func (o PanchangOptions) Validate() engine.Fields {
	return append(o.Sunrise.Validate(), o.Zodiac.Validate()...)
}

// Element is one tithi, nakshatra, yoga or karana of the day, with the
// instants it begins and ends (it may begin before sunrise and end after
// the next one).
type Element struct {
	Number int       `json:"number" doc:"1-based index: tithi 1-30 (16-30 the dark half), nakshatra 1-27, yoga 1-27, karana 1-60 within the lunar month"`
	Name   string    `json:"name" doc:"Sanskrit name"`
	Paksha string    `json:"paksha,omitempty" doc:"tithis only: shukla (bright) or krishna (dark) half" enum:"shukla,krishna"`
	Lord   string    `json:"lord,omitempty" doc:"nakshatras only: Vimshottari lord"`
	Start  time.Time `json:"start" doc:"instant it begins, UTC (to the second)"`
	End    time.Time `json:"end" doc:"instant it ends, UTC (to the second)"`
}

// Interval is a stretch of the day.
type Interval struct {
	Start time.Time `json:"start" doc:"UTC, to the second"`
	End   time.Time `json:"end" doc:"UTC, to the second"`
}

// Vara is the weekday of the panchang day.
type Vara struct {
	Name     string `json:"name" doc:"English weekday of the sunrise" example:"Monday"`
	Sanskrit string `json:"sanskrit" doc:"Sanskrit name" example:"Somavara"`
	Lord     string `json:"lord" doc:"graha ruling the weekday"`
}

// PanchangConventions state how the panchang was reckoned.
type PanchangConventions struct {
	Sunrise    SunriseConvention `json:"sunrise" doc:"which point of the disc rises and sets, and refraction" enum:"upper_limb,disc_centre,hindu"`
	Definition string            `json:"sunrise_definition" doc:"the convention in words"`
	Day        string            `json:"day" doc:"the span the elements cover"`
	Elements   string            `json:"elements" doc:"how tithi, nakshatra, yoga and karana are defined"`
	Periods    string            `json:"periods" doc:"how the day's periods are placed"`
	Moon       string            `json:"moon" doc:"which moonrise and moonset are given"`
	Ayanamsa   string            `json:"ayanamsa" doc:"the ayanamsa of the nakshatra and the yoga (as ayanamsa.name)" enum:"-"`
}

// Panchang is the five limbs of a day with its sun and moon times.
type Panchang struct {
	Date           string              `json:"date" doc:"the civil date asked for, YYYY-MM-DD, in timezone"`
	Timezone       string              `json:"timezone" doc:"zone of the civil date"`
	Vara           Vara                `json:"vara" doc:"weekday of the day (from sunrise)"`
	Sunrise        *time.Time          `json:"sunrise" doc:"sunrise on the date, UTC; null where the Sun does not rise"`
	Sunset         *time.Time          `json:"sunset" doc:"sunset on the date, UTC; null where the Sun does not set"`
	NextSunrise    *time.Time          `json:"next_sunrise" doc:"sunrise of the next date, where this panchang day ends"`
	Moonrise       *time.Time          `json:"moonrise" doc:"moonrise on the civil date, UTC; null when the Moon does not rise that date"`
	Moonset        *time.Time          `json:"moonset" doc:"moonset on the civil date, UTC; null when the Moon does not set that date"`
	Tithi          []Element           `json:"tithi" doc:"the tithis of the day, from the one running at sunrise"`
	Nakshatra      []Element           `json:"nakshatra" doc:"the Moon's nakshatras of the day"`
	Yoga           []Element           `json:"yoga" doc:"the yogas (Sun + Moon) of the day"`
	Karana         []Element           `json:"karana" doc:"the karanas (half tithis) of the day"`
	RahuKalam      *Interval           `json:"rahu_kalam" doc:"null without sunrise and sunset"`
	Yamaganda      *Interval           `json:"yamaganda" doc:"yamaganda period; null without sunrise and sunset"`
	GulikaKalam    *Interval           `json:"gulika_kalam" doc:"gulika kalam period; null without sunrise and sunset"`
	AbhijitMuhurta *Interval           `json:"abhijit_muhurta" doc:"the 8th of the 15 muhurtas of the daytime; null without sunrise and sunset"`
	SunriseJD      float64             `json:"sunrise_jd,omitempty" doc:"Julian day (UT) of the sunrise"`
	Ayanamsa       AyanamsaValue       `json:"ayanamsa" doc:"the ayanamsa used and the one requested"`
	Calendar       *HinduDate          `json:"calendar" doc:"the Hindu lunisolar date of the day, reckoned at its sunrise (sankrantis in the ayanamsa used): lunar month (amanta and purnimanta, adhika, nija, kshaya), paksha, tithi, Shaka and Vikram years, samvatsara, ritu and ayana"`
	Conventions    PanchangConventions `json:"conventions" doc:"how the result was computed"`
}

// elementKinds are the four limbs that are arcs of a longitude function.
type elementKind int

const (
	kindTithi elementKind = iota
	kindNakshatra
	kindYoga
	kindKarana
)

// span is the arc of one element of each kind, degrees.
var span = [4]float64{12, NakshatraSpan, NakshatraSpan, 6}

// count is the number of elements of each kind around the circle.
var count = [4]int{30, 27, 27, 60}

// arcs evaluates the angle each element kind divides: the elongation of
// the Moon from the Sun (tithi, karana), the sidereal Moon (nakshatra) and
// the sum of the sidereal Sun and Moon (yoga); with their rates per day.
type arcs struct {
	pos   engine.Positions
	zod   frame // the zodiac of the nakshatra and the yoga
	evals int
}

func (a *arcs) at(t engine.JDUT, k elementKind) (angle, rate float64, err error) {
	a.evals++
	f := a.zod
	if k == kindTithi || k == kindKarana {
		f = frame{} // differences need no ayanamsa: tropical
	}
	at := func(b engine.Body) (engine.Position, error) {
		if f == (frame{}) {
			return a.pos.Position(t, b, engine.Options{SkipDistance: true})
		}
		return f.position(a.pos, t, b)
	}
	m, err := at(engine.Moon)
	if err != nil {
		return 0, 0, err
	}
	if k == kindNakshatra {
		return m.Longitude, m.SpeedLongitude, nil
	}
	s, err := at(engine.Sun)
	if err != nil {
		return 0, 0, err
	}
	if k == kindYoga {
		return engine.Normalize(m.Longitude + s.Longitude), m.SpeedLongitude + s.SpeedLongitude, nil
	}
	return engine.Normalize(m.Longitude - s.Longitude), m.SpeedLongitude - s.SpeedLongitude, nil
}

// crossing finds when the angle of kind k reaches target, starting from an
// instant t0 where it is angle0 (Newton steps with the ephemeris speeds; the
// angle always grows, 11-16°/day, so a few steps reach 0.05 s).
func (a *arcs) crossing(k elementKind, target float64, t0 engine.JDUT, angle0, rate0 float64) (engine.JDUT, error) {
	t, angle, rate := t0, angle0, rate0
	for range 20 {
		d := math.Remainder(target-angle, 360)
		dt := d / rate
		t += engine.JDUT(dt)
		if math.Abs(dt) < 0.05/86400 {
			return t, nil
		}
		var err error
		if angle, rate, err = a.at(t, k); err != nil {
			return 0, err
		}
	}
	return t, nil
}

// elements lists the elements of kind k from the one running at from to
// the one running at to.
func (a *arcs) elements(k elementKind, from, to engine.JDUT) ([]Element, error) {
	angle, rate, err := a.at(from, k)
	if err != nil {
		return nil, err
	}
	idx := int(angle / span[k])
	if idx >= count[k] {
		idx = count[k] - 1
	}
	start, err := a.crossing(k, float64(idx)*span[k], from, angle, rate)
	if err != nil {
		return nil, err
	}
	var out []Element
	for {
		end, err := a.crossing(k, float64(idx+1)*span[k], from, angle, rate)
		if err != nil {
			return nil, err
		}
		out = append(out, element(k, idx, start, end))
		if end >= to || len(out) > 4 {
			return out, nil
		}
		idx = (idx + 1) % count[k]
		start, from = end, end
		if angle, rate, err = a.at(from, k); err != nil {
			return nil, err
		}
	}
}

func element(k elementKind, idx int, start, end engine.JDUT) Element {
	e := Element{Number: idx + 1, Start: second(start), End: second(end)}
	switch k {
	case kindTithi:
		e.Name = tithiName(idx)
		e.Paksha = "shukla"
		if idx >= 15 {
			e.Paksha = "krishna"
		}
	case kindNakshatra:
		e.Name = nakshatras[idx].name
		e.Lord = dashaOrder[idx%9].String()
	case kindYoga:
		e.Name = yogaNames[idx]
	case kindKarana:
		e.Name = karanaName(idx)
	}
	return e
}

// second converts a Julian day to UTC rounded to the second.
func second(t engine.JDUT) time.Time { return t.Time().Round(time.Second) }

func secondPtr(t engine.JDUT) *time.Time { x := second(t); return &x }

// NewPanchang reckons the panchang of a civil day at a place.
func NewPanchang(pos engine.Positions, d Day, o PanchangOptions) (*Panchang, error) {
	var errs engine.Fields
	if !(d.Latitude >= -90 && d.Latitude <= 90) {
		errs = append(errs, &engine.FieldError{Field: "latitude", Reason: "must be between -90 and 90"})
	}
	if !(d.Longitude >= -180 && d.Longitude <= 180) {
		errs = append(errs, &engine.FieldError{Field: "longitude", Reason: "must be between -180 and 180"})
	}
	if d.Month < 1 || d.Month > 12 || d.Day < 1 || d.Day > 31 {
		errs = append(errs, &engine.FieldError{Field: "day", Reason: "not a calendar date"})
	}
	errs = append(errs, o.Validate()...)
	if len(errs) > 0 {
		return nil, errs
	}
	loc := d.Location
	if loc == nil {
		loc = time.UTC
	}
	midnight := time.Date(d.Year, time.Month(d.Month), d.Day, 0, 0, 0, 0, loc)
	if midnight.Day() != d.Day {
		return nil, engine.Fields{{Field: "day", Reason: fmt.Sprintf("%04d-%02d has no day %d", d.Year, d.Month, d.Day)}}
	}
	next := time.Date(d.Year, time.Month(d.Month), d.Day+1, 0, 0, 0, 0, loc)
	after := time.Date(d.Year, time.Month(d.Month), d.Day+2, 0, 0, 0, 0, loc)
	t0, t1, t2 := engine.JDOf(midnight), engine.JDOf(next), engine.JDOf(after)

	conv := o.Sunrise
	if conv == "" {
		conv = DefaultSunrise
	}
	s := newSky(pos, d.Latitude, d.Longitude, conv)
	p := &Panchang{
		Date:     midnight.Format("2006-01-02"),
		Timezone: loc.String(),
		Conventions: PanchangConventions{
			Sunrise:    conv,
			Definition: sunriseWords[conv],
			Day:        "from the sunrise of the date to the next sunrise; where the Sun does not rise, from local midnight to the next midnight",
			Elements:   "tithi: elongation of the Moon from the Sun in 12° arcs; karana: 6° halves of a tithi; nakshatra: sidereal Moon (in the ayanamsa used) in 13°20′ arcs; yoga: sidereal Sun + Moon in 13°20′ arcs; apparent geocentric positions; end times found by Newton iteration on the ephemeris to 0.05 s",
			Periods:    "rahu kalam, yamaganda and gulika kalam: one of the eight equal parts of sunrise-sunset, by weekday (Sunday first: rahu 8,2,7,5,6,4,3; yamaganda 5,4,3,2,1,7,6; gulika 7,6,5,4,3,2,1); abhijit muhurta: the 8th of the 15 equal muhurtas of the daytime",
			Moon:       "the moonrise and moonset that fall on the civil date (local midnight to midnight); each can be absent",
			Ayanamsa:   string(o.Zodiac.frame().label()),
		},
	}
	dayStart, dayEnd := t0, t1
	rise, okRise, err := s.eventIn(t0, t1, engine.Sun, true)
	if err != nil {
		return nil, err
	}
	set, okSet, err := s.eventIn(t0, t1, engine.Sun, false)
	if err != nil {
		return nil, err
	}
	nextRise, okNext, err := s.eventIn(t1, t2, engine.Sun, true)
	if err != nil {
		return nil, err
	}
	if okRise {
		p.Sunrise, p.SunriseJD, dayStart = secondPtr(rise), float64(rise), rise
	}
	if okSet {
		p.Sunset = secondPtr(set)
	}
	if okNext {
		p.NextSunrise = secondPtr(nextRise)
		if okRise {
			dayEnd = nextRise
		}
	}
	if mr, ok, err := s.eventIn(t0, t1, engine.Moon, true); err != nil {
		return nil, err
	} else if ok {
		p.Moonrise = secondPtr(mr)
	}
	if ms, ok, err := s.eventIn(t0, t1, engine.Moon, false); err != nil {
		return nil, err
	} else if ok {
		p.Moonset = secondPtr(ms)
	}

	wd := int(midnight.Weekday())
	p.Vara = Vara{Name: midnight.Weekday().String(), Sanskrit: varaNames[wd], Lord: weekdayLords[wd].String()}
	if okRise && okSet && set > rise {
		part := (set - rise) / 8
		at := func(n int) *Interval {
			return &Interval{Start: second(rise + part*engine.JDUT(n-1)), End: second(rise + part*engine.JDUT(n))}
		}
		p.RahuKalam, p.Yamaganda, p.GulikaKalam = at(rahuPart[wd]), at(yamaPart[wd]), at(gulikaPart[wd])
		muhurta := (set - rise) / 15
		p.AbhijitMuhurta = &Interval{Start: second(rise + 7*muhurta), End: second(rise + 8*muhurta)}
	}

	zod := o.Zodiac.frame()
	a := &arcs{pos: pos, zod: zod}
	lists := [4]*[]Element{&p.Tithi, &p.Nakshatra, &p.Yoga, &p.Karana}
	for k := kindTithi; k <= kindKarana; k++ {
		if *lists[k], err = a.elements(k, dayStart, dayEnd); err != nil {
			return nil, err
		}
	}
	if p.Calendar, err = HinduDateAt(pos, dayStart, o.Zodiac); err != nil {
		return nil, err
	}
	aya, err := zod.degrees(pos, dayStart)
	if err != nil {
		return nil, err
	}
	p.Ayanamsa = zod.ayanamsaValue(aya)
	return p, nil
}

var sunriseWords = map[SunriseConvention]string{
	RiseUpperLimb:  "upper limb on the horizon, refraction 34′ (swetest -rise); the Moon's parallax and semidiameter from its distance",
	RiseDiscCentre: "centre of the disc on the horizon, refraction 34′ (swetest -rise -disccenter)",
	RiseHindu:      "centre of the disc on the geometric horizon, no refraction, no parallax, ecliptic latitude ignored (the definition of swetest -rise -hindu)",
}
