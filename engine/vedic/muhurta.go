package vedic

import (
	"fmt"
	"time"

	"github.com/astroapi/astroapi/engine"
)

// The muhurta of a day: the periods an almanac gives for a civil date at a
// place, all of them fractions of the daytime (sunrise to sunset) and the
// night (sunset to the next sunrise), so that the sunrise convention is
// the only astronomy in them.

// BrahmaRule says how Brahma muhurta is placed before sunrise.
type BrahmaRule string

// The rules practitioners follow.
const (
	// BrahmaNightMuhurta: the 14th of the 15 muhurtas of the night that
	// ends at the sunrise (the almanac reckoning; 96 minutes before sunrise
	// to 48 minutes before when the night is 12 hours). Default.
	BrahmaNightMuhurta BrahmaRule = "night_muhurta"
	// BrahmaFixed: 96 to 48 minutes before sunrise whatever the season.
	BrahmaFixed BrahmaRule = "fixed"
)

// EnumValues lists the rules.
func (BrahmaRule) EnumValues() []string {
	return []string{string(BrahmaNightMuhurta), string(BrahmaFixed)}
}

// MuhurtaOptions choose the conventions where practitioners differ.
type MuhurtaOptions struct {
	Sunrise SunriseConvention // "" means DefaultSunrise
	Brahma  BrahmaRule        // "" means BrahmaNightMuhurta
}

// The Durmuhurtas of each weekday (Sunday first), 1-based muhurtas of the
// fifteen of the daytime and of the night that follows it, as the muhurta
// manuals list them (Muhurta Chintamani's table, followed by the
// almanacs): Sunday the 14th; Monday the 9th and 12th; Tuesday the 4th and
// the 7th of the night; Wednesday the 8th; Thursday the 6th and 12th;
// Friday the 4th and 9th; Saturday the 1st and 2nd.
var (
	durDay   = [7][]int{{14}, {9, 12}, {4}, {8}, {6, 12}, {4, 9}, {1, 2}}
	durNight = [7][]int{nil, nil, {7}, nil, nil, nil, nil}
)

// The seven choghadiyas in the order they follow one another by day, with
// their lords: the order of the horas (each lord the sixth from the one
// before in the weekday order), Udveg the Sun's.
var (
	choghadiyaNames   = [7]string{"Udveg", "Chal", "Labh", "Amrit", "Kaal", "Shubh", "Rog"}
	choghadiyaQuality = [7]string{"bad", "neutral", "good", "good", "bad", "good", "bad"}
	choghadiyaMeaning = [7]string{"anxiety", "movement (good for travel)", "gain", "nectar (the best)", "loss", "auspicious", "illness"}
	// horaOrder is the Chaldean order from the Sun, as the horas follow
	// one another: Sun, Venus, Mercury, Moon, Saturn, Jupiter, Mars.
	horaOrder = [7]Graha{Sun, Venus, Mercury, Moon, Saturn, Jupiter, Mars}
	// horaIndex is the place of each weekday's lord (Sunday first) in
	// horaOrder.
	horaIndex = [7]int{0, 3, 6, 2, 5, 1, 4}
)

// Choghadiya is one eighth of the daytime or of the night.
type Choghadiya struct {
	Number  int       `json:"number" doc:"1-8 within the daytime or the night"`
	Name    string    `json:"name" doc:"Udveg, Chal, Labh, Amrit, Kaal, Shubh or Rog" enum:"Udveg,Chal,Labh,Amrit,Kaal,Shubh,Rog"`
	Quality string    `json:"quality" doc:"good (Amrit, Shubh, Labh), neutral (Chal) or bad (Udveg, Kaal, Rog)" enum:"good,neutral,bad"`
	Meaning string    `json:"meaning" doc:"what the name means"`
	Lord    string    `json:"lord" doc:"graha that rules it"`
	Start   time.Time `json:"start" doc:"UTC, to the second"`
	End     time.Time `json:"end" doc:"UTC, to the second"`
}

// Hora is one of the 24 planetary hours of the panchang day.
type Hora struct {
	Number int       `json:"number" doc:"1-24 from sunrise: 1-12 the twelfths of the daytime, 13-24 of the night"`
	Lord   string    `json:"lord" doc:"graha that rules it"`
	Part   string    `json:"part" doc:"day or night" enum:"day,night"`
	Start  time.Time `json:"start" doc:"UTC, to the second"`
	End    time.Time `json:"end" doc:"UTC, to the second"`
}

// Durmuhurta is one inauspicious muhurta of the weekday.
type Durmuhurta struct {
	Muhurta int       `json:"muhurta" doc:"which of the 15 muhurtas of the daytime or night, 1-based"`
	Part    string    `json:"part" doc:"day or night (the night after the daytime)" enum:"day,night"`
	Start   time.Time `json:"start" doc:"UTC, to the second"`
	End     time.Time `json:"end" doc:"UTC, to the second"`
}

// Abhijit is the muhurta of midday.
type Abhijit struct {
	Start      time.Time `json:"start" doc:"UTC, to the second"`
	End        time.Time `json:"end" doc:"UTC, to the second"`
	Auspicious bool      `json:"auspicious" doc:"false on Wednesday, when the 8th muhurta is the day's Durmuhurta"`
}

// ChoghadiyaDay is the day's sixteen choghadiyas.
type ChoghadiyaDay struct {
	Day   []Choghadiya `json:"day" doc:"the eight of the daytime, from sunrise"`
	Night []Choghadiya `json:"night" doc:"the eight of the night, from sunset"`
}

// MuhurtaConventions state how the periods were placed.
type MuhurtaConventions struct {
	Sunrise    SunriseConvention `json:"sunrise" doc:"which point of the disc rises and sets, and refraction" enum:"upper_limb,disc_centre,hindu"`
	Definition string            `json:"sunrise_definition" doc:"the convention in words"`
	Day        string            `json:"day" doc:"the daytime and night the periods divide"`
	Kaal       string            `json:"kaal" doc:"rahu kaal, yamaganda and gulika kaal"`
	Muhurtas   string            `json:"muhurtas" doc:"abhijit, brahma muhurta and durmuhurta"`
	Choghadiya string            `json:"choghadiya" doc:"the choghadiyas"`
	Horas      string            `json:"horas" doc:"the planetary hours"`
	Brahma     BrahmaRule        `json:"brahma_muhurta" doc:"the rule used for brahma muhurta" enum:"night_muhurta,fixed"`
}

// DayMuhurta is the muhurta of a civil date at a place.
type DayMuhurta struct {
	Date           string             `json:"date" doc:"the civil date asked for, YYYY-MM-DD, in timezone"`
	Timezone       string             `json:"timezone" doc:"zone of the civil date"`
	Vara           Vara               `json:"vara" doc:"weekday of the date"`
	PreviousSunset *time.Time         `json:"previous_sunset" doc:"sunset of the date before, where the night before sunrise begins (brahma muhurta); null where the Sun does not set"`
	Sunrise        *time.Time         `json:"sunrise" doc:"sunrise on the date, UTC; null where the Sun does not rise"`
	Sunset         *time.Time         `json:"sunset" doc:"sunset on the date, UTC; null where the Sun does not set"`
	NextSunrise    *time.Time         `json:"next_sunrise" doc:"sunrise of the next date, where the night ends"`
	DayMinutes     float64            `json:"day_minutes,omitempty" doc:"length of the daytime, sunrise to sunset, minutes"`
	NightMinutes   float64            `json:"night_minutes,omitempty" doc:"length of the night, sunset to the next sunrise, minutes"`
	RahuKaal       *Interval          `json:"rahu_kaal" doc:"one eighth of the daytime by weekday; null without sunrise and sunset"`
	Yamaganda      *Interval          `json:"yamaganda" doc:"one eighth of the daytime by weekday; null without sunrise and sunset"`
	GulikaKaal     *Interval          `json:"gulika_kaal" doc:"one eighth of the daytime by weekday; null without sunrise and sunset"`
	Abhijit        *Abhijit           `json:"abhijit_muhurta" doc:"the 8th of the 15 muhurtas of the daytime, centred on midday; null without sunrise and sunset"`
	BrahmaMuhurta  *Interval          `json:"brahma_muhurta" doc:"before this date's sunrise: the 14th of the 15 muhurtas of the night before (or 96 to 48 minutes before sunrise: brahma_muhurta fixed); null without sunrise"`
	Durmuhurta     []Durmuhurta       `json:"durmuhurta" doc:"the weekday's inauspicious muhurtas; empty without sunrise and sunset"`
	Choghadiya     ChoghadiyaDay      `json:"choghadiya" doc:"eight choghadiyas of the daytime and eight of the night"`
	Horas          []Hora             `json:"horas" doc:"the 24 planetary hours from sunrise to the next sunrise; empty without sunrise, sunset and next sunrise"`
	Conventions    MuhurtaConventions `json:"conventions" doc:"how the result was computed"`
}

// sunDay is the sunrise, sunset and next sunrise of a panchang day, with
// the sunset before it.
type sunDay struct {
	prevSet, rise, set, next engine.JDUT
	okPrev, okRise, okSet    bool
	okNext                   bool
}

// near finds the Sun's rising (rise true) or setting in [from, to) from the
// guess, when the guess is usable (ok), else by eventIn.
func (s *sky) near(guess engine.JDUT, ok bool, from, to engine.JDUT, rise bool) (engine.JDUT, bool, error) {
	if ok {
		t, found, err := s.event(guess, engine.Sun, rise)
		if err != nil {
			return 0, false, err
		}
		if found && t >= from && t < to {
			return t, true, nil
		}
	}
	return s.eventIn(from, to, engine.Sun, rise)
}

// eighth returns part n (1-based) of the eight of [a, b].
func eighth(a, b engine.JDUT, n int) *Interval {
	p := (b - a) / 8
	return &Interval{Start: second(a + p*engine.JDUT(n-1)), End: second(a + p*engine.JDUT(n))}
}

// NewDayMuhurta reckons the muhurta of a civil day at a place.
func NewDayMuhurta(pos engine.Positions, d Day, o MuhurtaOptions) (*DayMuhurta, error) {
	if errs := o.Sunrise.Validate(); len(errs) > 0 {
		return nil, errs
	}
	if o.Sunrise == "" {
		o.Sunrise = DefaultSunrise
	}
	if o.Brahma == "" {
		o.Brahma = BrahmaNightMuhurta
	}
	loc := d.Location
	if loc == nil {
		loc = time.UTC
	}
	midnight := time.Date(d.Year, time.Month(d.Month), d.Day, 0, 0, 0, 0, loc)
	if midnight.Day() != d.Day {
		return nil, engine.Fields{{Field: "day", Reason: fmt.Sprintf("%04d-%02d has no day %d", d.Year, d.Month, d.Day)}}
	}
	before := time.Date(d.Year, time.Month(d.Month), d.Day-1, 0, 0, 0, 0, loc)
	next := time.Date(d.Year, time.Month(d.Month), d.Day+1, 0, 0, 0, 0, loc)
	after := time.Date(d.Year, time.Month(d.Month), d.Day+2, 0, 0, 0, 0, loc)
	tb, t0, t1, t2 := engine.JDOf(before), engine.JDOf(midnight), engine.JDOf(next), engine.JDOf(after)

	s := newSky(pos, d.Latitude, d.Longitude, o.Sunrise)
	var sd sunDay
	var err error
	if sd.rise, sd.okRise, err = s.eventIn(t0, t1, engine.Sun, true); err != nil {
		return nil, err
	}
	if sd.set, sd.okSet, err = s.eventIn(t0, t1, engine.Sun, false); err != nil {
		return nil, err
	}
	// The sunset before and the sunrise after from a day's step: two
	// Newton steps instead of a search from midday.
	if sd.prevSet, sd.okPrev, err = s.near(sd.set-1, sd.okSet, tb, t0, false); err != nil {
		return nil, err
	}
	if sd.next, sd.okNext, err = s.near(sd.rise+1, sd.okRise, t1, t2, true); err != nil {
		return nil, err
	}
	wd := int(midnight.Weekday())
	m := &DayMuhurta{
		Date:       midnight.Format("2006-01-02"),
		Timezone:   loc.String(),
		Vara:       Vara{Name: midnight.Weekday().String(), Sanskrit: varaNames[wd], Lord: weekdayLords[wd].String()},
		Durmuhurta: []Durmuhurta{},
		Horas:      []Hora{},
		Choghadiya: ChoghadiyaDay{Day: []Choghadiya{}, Night: []Choghadiya{}},
		Conventions: MuhurtaConventions{
			Sunrise:    o.Sunrise,
			Definition: sunriseWords[o.Sunrise],
			Day:        "the daytime runs from the sunrise of the date to its sunset, the night from that sunset to the next sunrise; the weekday is the date's",
			Kaal:       "rahu kaal, yamaganda and gulika kaal: one of the eight equal parts of the daytime, by weekday (Sunday first: rahu 8,2,7,5,6,4,3; yamaganda 5,4,3,2,1,7,6; gulika 7,6,5,4,3,2,1)",
			Muhurtas:   "a muhurta is 1/15 of the daytime or of the night; abhijit: the 8th of the daytime (on Wednesday it is the day's durmuhurta and is marked not auspicious); brahma muhurta: see brahma_muhurta; durmuhurta by weekday (Sunday first): day 14; 9, 12; 4 and night 7; 8; 6, 12; 4, 9; 1, 2",
			Choghadiya: "eight equal parts of the daytime from sunrise and of the night from sunset; by day they follow Udveg, Chal, Labh, Amrit, Kaal, Shubh, Rog from the weekday lord's (Sunday Udveg, Monday Amrit, ...); by night every second one of that cycle backwards (Rog, Labh, ...), from the one of the lord fifth from the weekday lord in the hora order (Sunday Shubh)",
			Horas:      "twelve equal parts of the daytime and twelve of the night; the first ruled by the weekday lord, the next in the Chaldean order Saturn, Jupiter, Mars, Sun, Venus, Mercury, Moon",
			Brahma:     o.Brahma,
		},
	}
	if sd.okPrev {
		m.PreviousSunset = secondPtr(sd.prevSet)
	}
	if sd.okRise {
		m.Sunrise = secondPtr(sd.rise)
		switch {
		case o.Brahma == BrahmaFixed:
			m.BrahmaMuhurta = &Interval{Start: second(sd.rise - 96.0/1440), End: second(sd.rise - 48.0/1440)}
		case sd.okPrev && sd.rise > sd.prevSet:
			mu := (sd.rise - sd.prevSet) / 15
			m.BrahmaMuhurta = &Interval{Start: second(sd.rise - 2*mu), End: second(sd.rise - mu)}
		}
	}
	if sd.okSet {
		m.Sunset = secondPtr(sd.set)
	}
	if sd.okNext {
		m.NextSunrise = secondPtr(sd.next)
	}
	if !sd.okRise || !sd.okSet || sd.set <= sd.rise {
		return m, nil
	}
	rise, set := sd.rise, sd.set
	m.DayMinutes = minutes(set - rise)
	m.RahuKaal, m.Yamaganda, m.GulikaKaal = eighth(rise, set, rahuPart[wd]), eighth(rise, set, yamaPart[wd]), eighth(rise, set, gulikaPart[wd])
	dmu := (set - rise) / 15
	m.Abhijit = &Abhijit{Start: second(rise + 7*dmu), End: second(rise + 8*dmu), Auspicious: wd != int(time.Wednesday)}
	for _, n := range durDay[wd] {
		m.Durmuhurta = append(m.Durmuhurta, Durmuhurta{Muhurta: n, Part: "day", Start: second(rise + dmu*engine.JDUT(n-1)), End: second(rise + dmu*engine.JDUT(n))})
	}
	m.Choghadiya.Day = choghadiyas(rise, set, horaIndex[wd], 1)
	haveNight := sd.okNext && sd.next > set
	if haveNight {
		m.NightMinutes = minutes(sd.next - set)
		nmu := (sd.next - set) / 15
		for _, n := range durNight[wd] {
			m.Durmuhurta = append(m.Durmuhurta, Durmuhurta{Muhurta: n, Part: "night", Start: second(set + nmu*engine.JDUT(n-1)), End: second(set + nmu*engine.JDUT(n))})
		}
		m.Choghadiya.Night = choghadiyas(set, sd.next, (horaIndex[wd]+5)%7, 5)
		m.Horas = horas(rise, set, sd.next, horaIndex[wd])
	}
	return m, nil
}

// minutes converts a span of days to minutes, to 0.01.
func minutes(d engine.JDUT) float64 { return float64(int64(float64(d)*1440*100+0.5)) / 100 }

// choghadiyas divides [a, b] in eight from the choghadiya first (an index
// of horaOrder), stepping step places of the cycle each time (1 by day, 5
// by night).
func choghadiyas(a, b engine.JDUT, first, step int) []Choghadiya {
	out := make([]Choghadiya, 8)
	p := (b - a) / 8
	k := first
	for i := range out {
		out[i] = Choghadiya{Number: i + 1, Name: choghadiyaNames[k], Quality: choghadiyaQuality[k], Meaning: choghadiyaMeaning[k],
			Lord: horaOrder[k].String(), Start: second(a + p*engine.JDUT(i)), End: second(a + p*engine.JDUT(i+1))}
		k = (k + step) % 7
	}
	return out
}

// horas divides the daytime and the night in twelve each, the first ruled
// by the lord at index first of horaOrder.
func horas(rise, set, next engine.JDUT, first int) []Hora {
	out := make([]Hora, 24)
	dp, np := (set-rise)/12, (next-set)/12
	for i := range out {
		h := Hora{Number: i + 1, Lord: horaOrder[(first+i)%7].String(), Part: "day"}
		if i < 12 {
			h.Start, h.End = second(rise+dp*engine.JDUT(i)), second(rise+dp*engine.JDUT(i+1))
		} else {
			h.Part = "night"
			h.Start, h.End = second(set+np*engine.JDUT(i-12)), second(set+np*engine.JDUT(i-11))
		}
		out[i] = h
	}
	return out
}
