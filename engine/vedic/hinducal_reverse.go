package vedic

import (
	"fmt"
	"time"

	"github.com/astroapi/astroapi/engine"
	"github.com/astroapi/astroapi/engine/birth"
	"github.com/astroapi/astroapi/engine/resolve"
)

// The reverse conversion: a Hindu date (year, month, adhika mark, paksha,
// tithi) to the civil days whose sunrise falls in that tithi.

// Masa is a lunar month's name.
type Masa string

// EnumValues lists the twelve months from Chaitra.
func (Masa) EnumValues() []string { return MasaNames() }

// Era is the era a Hindu year is counted in.
type Era string

// The eras.
const (
	EraShaka  Era = "shaka"
	EraVikram Era = "vikram"
)

// EnumValues lists the eras.
func (Era) EnumValues() []string { return []string{string(EraShaka), string(EraVikram)} }

// MonthScheme is the scheme a lunar month is named in.
type MonthScheme string

// The schemes.
const (
	Amanta     MonthScheme = "amanta"
	Purnimanta MonthScheme = "purnimanta"
)

// EnumValues lists the schemes.
func (MonthScheme) EnumValues() []string { return []string{string(Amanta), string(Purnimanta)} }

// Paksha is a half of the lunar month.
type Paksha string

// EnumValues lists the halves.
func (Paksha) EnumValues() []string { return []string{"shukla", "krishna"} }

// HinduDateRequest is the input of the reverse conversion: a Hindu date
// and the place whose sunrises date it. The place is read as a birth
// packet reads one (latitude/longitude or location; timezone).
type HinduDateRequest struct {
	Era       Era               `json:"era,omitempty" doc:"era of year: shaka (Shaka, expired count) or vikram (Vikram Samvat from Chaitra, Shaka + 135)" example:"shaka" default:"shaka"`
	Year      int               `json:"year" required:"true" doc:"year of the era, 1640-2920 in either (a Shaka year begins in March or April of Gregorian year Shaka + 78, a Vikram year in Vikram - 57)" example:"1945" minimum:"1640" maximum:"2920"`
	Masa      Masa              `json:"masa" required:"true" doc:"lunar month" example:"Shravana"`
	Adhika    bool              `json:"adhika,omitempty" doc:"the adhika (intercalary) month of that name; false: the regular (nija) one" example:"false" default:"false"`
	Scheme    MonthScheme       `json:"scheme,omitempty" doc:"amanta (month from new moon to new moon) or purnimanta (from full moon: its dark half is the amanta month before)" example:"amanta" default:"amanta"`
	Paksha    Paksha            `json:"paksha" required:"true" doc:"shukla (bright) or krishna (dark) half" example:"shukla"`
	Tithi     int               `json:"tithi" required:"true" doc:"tithi within the paksha, 1-15 (15: Purnima in the bright half, Amavasya in the dark)" example:"1" minimum:"1" maximum:"15"`
	Latitude  *float64          `json:"latitude,omitempty" doc:"latitude of the place whose sunrises date the tithi, degrees north; with longitude, or send location" example:"28.6139" minimum:"-90" maximum:"90"`
	Longitude *float64          `json:"longitude,omitempty" doc:"longitude, degrees east" example:"77.209" minimum:"-180" maximum:"180"`
	Location  string            `json:"location,omitempty" doc:"place name to geocode instead of latitude/longitude, as in the birth packet"`
	Timezone  birth.Zone        `json:"timezone,omitempty" doc:"zone of the civil dates: an IANA name, auto (the place's), LMT or an offset, as in the birth packet; UTC when omitted" example:"Asia/Kolkata" default:"UTC"`
	Sunrise   SunriseConvention `json:"sunrise,omitempty" doc:"what rises, as in the panchang: upper_limb, disc_centre or hindu" example:"upper_limb" default:"upper_limb"`
	// Zodiac is the sidereal zodiac of the sankrantis.
	Zodiac

	place birth.Resolved // the place and zone, read by Resolve
}

// Resolve reads the place and zone as a birth packet of the year's 1
// January would (the same field names) and writes the canonical forms
// back.
func (r *HinduDateRequest) Resolve(c resolve.Context, prefix string) error {
	if r.Era == "" {
		r.Era = EraShaka
	}
	if r.Scheme == "" {
		r.Scheme = Amanta
	}
	if r.Sunrise == "" {
		r.Sunrise = DefaultSunrise
	}
	var errs engine.Fields
	if err := errs.Add(r.Zodiac.Resolve(c, prefix)); err != nil {
		return err
	}
	g := r.gregorianYear()
	one := 1
	p := birth.Packet{Year: &g, Month: &one, Day: &one, Latitude: r.Latitude, Longitude: r.Longitude, Location: r.Location, Timezone: r.Timezone}
	if err := errs.Add(p.Resolve(c, prefix)); err != nil {
		return err
	}
	if len(errs) == 0 {
		r.place = p.Resolved()
		r.Latitude, r.Longitude, r.Timezone, r.Location = p.Latitude, p.Longitude, p.Timezone, p.Location
	}
	return errs.Err()
}

// gregorianYear is the Gregorian year in which the Hindu year begins.
func (r *HinduDateRequest) gregorianYear() int {
	if r.Era == EraVikram {
		return r.Year - 135 + 78
	}
	return r.Year + 78
}

// GregorianDay is a civil day whose sunrise falls in the tithi asked.
type GregorianDay struct {
	Date     string     `json:"date" doc:"the civil date, YYYY-MM-DD, in timezone"`
	Sunrise  *time.Time `json:"sunrise" doc:"its sunrise, UTC; null where the Sun does not rise (the day is then reckoned at local midnight)"`
	Weekday  string     `json:"weekday" doc:"English weekday"`
	Calendar *HinduDate `json:"calendar" doc:"the Hindu date of the day, as POST /api/v1/vedic/calendar gives it"`
}

// HinduToGregorian is the answer of the reverse conversion.
type HinduToGregorian struct {
	Days []GregorianDay `json:"days" doc:"the civil days whose sunrise falls in the tithi: one; two when it spans two sunrises (an adhika tithi, the first is the one kept); none when it begins and ends between two sunrises (a kshaya tithi, see within)"`
	// Within is the day a kshaya tithi runs in.
	Within      *GregorianDay       `json:"within,omitempty" doc:"a kshaya tithi only: the civil day between whose sunrises it begins and ends"`
	TithiStart  time.Time           `json:"tithi_start" doc:"the instant the tithi begins, UTC"`
	TithiEnd    time.Time           `json:"tithi_end" doc:"the instant it ends, UTC"`
	Timezone    string              `json:"timezone" doc:"zone of the civil dates"`
	Ayanamsa    AyanamsaValue       `json:"ayanamsa" doc:"the ayanamsa of the sankrantis"`
	Conventions CalendarConventions `json:"conventions" doc:"how the calendar is reckoned"`
}

// Gregorian finds the civil days of a resolved request's Hindu date.
func (r *HinduDateRequest) Gregorian(pos engine.Positions, _ notes) (*HinduToGregorian, error) {
	zo := r.Zodiac.Options("")
	zod := zo.frame()
	c := newCalendarSky(pos, zod)
	loc := r.place.Zone
	if loc == nil {
		loc = time.UTC
	}
	g := r.gregorianYear()
	// The year's first month: the one running in late March of its
	// Gregorian year belongs to it or to the year before.
	m, err := c.monthAt(engine.JDOf(time.Date(g, 4, 20, 0, 0, 0, 0, time.UTC)))
	if err != nil {
		return nil, err
	}
	y, err := c.yearStart(m)
	if err != nil {
		return nil, err
	}
	want := -1
	for i, n := range masaNames {
		if string(r.Masa) == n {
			want = i
		}
	}
	dark := r.Paksha == "krishna"
	var found *month
	// Start two months before the month's place in a year without adhika
	// months (an adhika month before it, or the purnimanta dark half,
	// moves it by one) and walk on.
	mo, at := y, want
	if r.Scheme == Purnimanta && dark {
		at = (want + 11) % 12 // the amanta month before
	}
	if skip := at - 2; skip > 0 {
		start, err := c.newMoon(y.start + engine.JDUT(float64(skip)*synodicMonth))
		if err != nil {
			return nil, err
		}
		if mo, err = c.monthFrom(start); err != nil {
			return nil, err
		}
	}
	for i := 0; i < 6; i++ {
		n := mo.number()
		if mo.s0 == 11 && mo.start > y.start+300 {
			break // the next year's Chaitra
		}
		kshaya := (mo.s1-mo.s0+12)%12 == 2
		name, adhika := n, mo.adhika()
		if r.Scheme == Purnimanta && dark && !mo.adhika() {
			name, adhika = (n+1)%12, false
			if kshaya {
				name = (n + 2) % 12
			}
		}
		if name == want && adhika == r.Adhika || r.Scheme == Amanta && kshaya && (n+1)%12 == want && !r.Adhika {
			mm := mo
			found = &mm
			break
		}
		if mo, err = c.monthFrom(mo.end); err != nil {
			return nil, err
		}
	}
	if found == nil {
		what := "no"
		if r.Adhika {
			what = "no adhika"
		}
		return nil, engine.Fields{{Field: "masa", Reason: fmt.Sprintf("%s %d has %s %s month (in the %s scheme)", r.Era, r.Year, what, r.Masa, r.Scheme)}}
	}
	k := r.Tithi - 1
	if dark {
		k += 15
	}
	// The tithi's ends: Newton from the mean instants (a tithi is 0.98
	// days on average, 0.8-1.1 in fact).
	boundary := func(j int) (engine.JDUT, error) {
		switch j {
		case 0:
			return found.start, nil
		case 30:
			return found.end, nil
		}
		guess := found.start + engine.JDUT(float64(j)*synodicMonth/30)
		e, rate, err := c.arcs.at(guess, kindTithi)
		if err != nil {
			return 0, err
		}
		return c.arcs.crossing(kindTithi, float64(j)*12, guess, e, rate)
	}
	start, err := boundary(k)
	if err != nil {
		return nil, err
	}
	end, err := boundary(k + 1)
	if err != nil {
		return nil, err
	}
	out := &HinduToGregorian{TithiStart: second(start), TithiEnd: second(end), Timezone: loc.String(), Days: []GregorianDay{}, Conventions: calendarConventions}
	sky := newSky(pos, r.place.Latitude, r.place.Longitude, r.Sunrise)
	first := start.Time().In(loc)
	day := time.Date(first.Year(), first.Month(), first.Day()-1, 0, 0, 0, 0, loc)
	var before *GregorianDay // the last day whose reckoning instant precedes the tithi
	for range 5 {
		next := time.Date(day.Year(), day.Month(), day.Day()+1, 0, 0, 0, 0, loc)
		at := engine.JDOf(day)
		rise, ok, err := sky.eventIn(at, engine.JDOf(next), engine.Sun, true)
		if err != nil {
			return nil, err
		}
		gd := GregorianDay{Date: day.Format(time.DateOnly), Weekday: day.Weekday().String()}
		if ok {
			at, gd.Sunrise = rise, secondPtr(rise)
		}
		switch {
		case at < start:
			b := gd
			before = &b
		case at < end:
			if gd.Calendar, err = HinduDateAt(pos, at, zo); err != nil {
				return nil, err
			}
			out.Days = append(out.Days, gd)
		}
		if at >= end {
			break
		}
		day = next
	}
	if len(out.Days) == 0 && before != nil {
		at := start
		if before.Sunrise != nil {
			at = engine.JDOf(*before.Sunrise)
		}
		if before.Calendar, err = HinduDateAt(pos, at, zo); err != nil {
			return nil, err
		}
		out.Within = before
	}
	a0, err := zod.degrees(pos, start)
	if err != nil {
		return nil, err
	}
	out.Ayanamsa = zod.ayanamsaValue(a0)
	out.Conventions.Ayanamsa = string(zod.label())
	return out, nil
}
