package vedic

import (
	"fmt"
	"time"

	"github.com/astroapi/astroapi/engine"
	"github.com/astroapi/astroapi/engine/birth"
	"github.com/astroapi/astroapi/engine/calendar"
	"github.com/astroapi/astroapi/engine/locational"
	"github.com/astroapi/astroapi/engine/moment"
	"github.com/astroapi/astroapi/engine/resolve"
)

// MuhurtaRequest is the input of the day's muhurta: a civil date at a
// place read as the panchang reads it (the birth packet's date, place,
// zone and calendar, in the years 1583-2999), with the conventions where
// practitioners differ.
type MuhurtaRequest struct {
	// Year shadows the packet's year for the route's own bounds.
	Year *int `json:"year,omitempty" doc:"year of the civil date, 1583-2999; with month and day, or send date instead" example:"2024" minimum:"1583" maximum:"2999"`
	birth.Packet
	Sunrise SunriseConvention `json:"sunrise,omitempty" doc:"what rises: upper_limb (upper limb on the horizon, 34′ refraction: the almanac sunrise, swetest -rise, as the panchang), disc_centre (centre of the disc, 34′ refraction) or hindu (centre of the disc on the geometric horizon, no refraction)" example:"upper_limb" default:"upper_limb"`
	Brahma  BrahmaRule        `json:"brahma_muhurta,omitempty" doc:"Brahma muhurta: night_muhurta (the 14th of the 15 muhurtas of the night before sunrise, the almanac reckoning: 96 to 48 minutes before sunrise when the night is 12 hours) or fixed (96 to 48 minutes before sunrise in every season)" example:"night_muhurta" default:"night_muhurta"`
}

// Hints answers the names callers send by mistake.
func (*MuhurtaRequest) Hints() map[string]string {
	return map[string]string{
		"ayanamsa": "the day's periods are fractions of sunrise to sunset and need no ayanamsa: leave ayanamsa out",
		"start":    "the day route takes one date (date, or year, month and day); POST /api/v1/vedic/muhurta/search takes a range",
	}
}

// Resolve resolves the date and place and checks that a date sent as a
// string falls in the route's years.
func (r *MuhurtaRequest) Resolve(c resolve.Context, prefix string) error {
	r.Packet.Year = r.Year
	var errs engine.Fields
	if err := errs.Add(r.Packet.Resolve(c, prefix)); err != nil {
		return err
	}
	r.Year = r.Packet.Year
	if len(errs) == 0 && (*r.Year < 1583 || *r.Year > 2999) {
		errs.Bad(prefix+"date", "the year must be between 1583 and 2999")
	}
	if r.Sunrise == "" {
		r.Sunrise = DefaultSunrise // for Go callers; the door fills the default
	}
	if r.Brahma == "" {
		r.Brahma = BrahmaNightMuhurta
	}
	return errs.Err()
}

// Muhurta reckons the day of a resolved request.
func (r *MuhurtaRequest) Muhurta(pos engine.Positions, c notes) (*DayMuhurta, error) {
	res, err := NewDayMuhurta(pos, civilDay(&r.Packet, *r.Year),
		MuhurtaOptions{Sunrise: r.Sunrise, Brahma: r.Brahma})
	if err != nil {
		return nil, err
	}
	if res.Sunrise == nil || res.Sunset == nil {
		c.Warn("the Sun does not both rise and set on this date here: the periods of the day are null")
	}
	return res, nil
}

// Weekday is a weekday by its English name.
type Weekday string

var weekdayNames = []string{"sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"}

// EnumValues lists the weekdays.
func (Weekday) EnumValues() []string { return weekdayNames }

// MaxSearchDays is the longest range a search covers.
const MaxSearchDays = 366

// MuhurtaSearchRequest is the input of the muhurta search: a range (start
// and end, or a year) at a place (coordinates or a location), and the
// conditions the panchang must meet.
type MuhurtaSearchRequest struct {
	// Year, Latitude and Longitude shadow the range's and the place's fields (the
	// outer field of a name wins) for the route's own bounds.
	Year      *int     `json:"year,omitempty" doc:"a calendar year instead of start and end, 1583-2999: from its January 1st to the next, 00:00 in timezone" example:"2025" minimum:"1583" maximum:"2999"`
	Latitude  *float64 `json:"latitude,omitempty" doc:"geographic latitude in degrees, north positive, within 65° of the equator (every day has a sunrise and a sunset); with longitude, or send location" example:"28.6139" minimum:"-65" maximum:"65"`
	Longitude *float64 `json:"longitude,omitempty" doc:"geographic longitude in degrees, east positive" example:"77.209" minimum:"-180" maximum:"180"`
	moment.Range
	locational.Place
	Tithis      []int             `json:"tithis,omitempty" doc:"tithis accepted, 1-30 (1-15 Shukla Pratipada to Purnima, 16-30 Krishna Pratipada to Amavasya); omitted: any" example:"[2,3,5,7,10,11,13]" maxItems:"30"`
	Nakshatras  []int             `json:"nakshatras,omitempty" doc:"nakshatras of the Moon accepted, 1-27 (1 Ashwini ... 27 Revati); omitted: any" example:"[4,5,13,14,17,27]" maxItems:"27"`
	Weekdays    []Weekday         `json:"weekdays,omitempty" doc:"weekdays accepted (of the panchang day, sunrise to sunrise); omitted: any" maxItems:"7"`
	Yogas       []int             `json:"yogas,omitempty" doc:"yogas accepted, 1-27 (1 Vishkumbha ... 27 Vaidhriti); omitted: any (and the windows do not name the yoga)" maxItems:"27"`
	Karanas     []int             `json:"karanas,omitempty" doc:"karanas accepted, 1-60 in the lunar month (1 Kimstughna, 2-57 the movable Bava..Vishti eight times, 58 Shakuni, 59 Chatushpada, 60 Naga); omitted: any (and the windows do not name the karana)" maxItems:"60"`
	Exclude     []Period          `json:"exclude" doc:"periods left out of every day: rahu_kaal, yamaganda, gulika_kaal, durmuhurta; omitted: rahu_kaal, yamaganda and gulika_kaal; [] for none" maxItems:"4"`
	DaytimeOnly bool              `json:"daytime_only,omitempty" doc:"only between sunrise and sunset" default:"false"`
	Sunrise     SunriseConvention `json:"sunrise,omitempty" doc:"what rises: upper_limb (upper limb, 34′ refraction, as the panchang), disc_centre or hindu" example:"upper_limb" default:"upper_limb"`
	// Zodiac is the ayanamsa of the nakshatras and yogas.
	Zodiac
	Limit        int `json:"limit,omitempty" doc:"most windows answered (count gives how many were found)" example:"500" minimum:"1" maximum:"5000" default:"1000"`
	from, to     engine.JDUT
	weekdaysRead []time.Weekday
}

// Hints answers the names callers send by mistake.
func (*MuhurtaSearchRequest) Hints() map[string]string {
	return map[string]string{
		"date":      "the search takes a range: start and end (or year); POST /api/v1/vedic/muhurta takes one date",
		"tithi":     "send tithis, a list of numbers 1-30",
		"nakshatra": "send nakshatras, a list of numbers 1-27",
		"weekday":   "send weekdays, a list of names (monday, ...)",
		"yoga":      "send yogas, a list of numbers 1-27",
		"karana":    "send karanas, a list of numbers 1-60",
	}
}

// Resolve resolves the range and the place and checks the conditions:
// the range at most MaxSearchDays days within 1583-2999, the place within
// MaxSearchLatitude of the equator, each number in its limbs' range.
func (r *MuhurtaSearchRequest) Resolve(c resolve.Context, prefix string) error {
	r.Range.Year, r.Place.Latitude, r.Place.Longitude = r.Year, r.Latitude, r.Longitude
	var errs engine.Fields
	for _, err := range []error{r.Range.Resolve(c, prefix), r.Place.Resolve(c, prefix)} {
		if err := errs.Add(err); err != nil {
			return err
		}
	}
	r.Year, r.Latitude, r.Longitude = r.Range.Year, r.Place.Latitude, r.Place.Longitude
	if err := errs.Add(r.Zodiac.Resolve(c, prefix)); err != nil {
		return err
	}
	if r.Exclude == nil {
		r.Exclude = DefaultExcluded()
	}
	if r.Sunrise == "" {
		r.Sunrise = DefaultSunrise
	}
	if r.Limit == 0 {
		r.Limit = 1000
	}
	for _, l := range []struct {
		name string
		v    []int
		max  int
	}{{"tithis", r.Tithis, 30}, {"nakshatras", r.Nakshatras, 27}, {"yogas", r.Yogas, 27}, {"karanas", r.Karanas, 60}} {
		seen := map[int]bool{}
		for i, n := range l.v {
			switch {
			case n < 1 || n > l.max:
				errs.Bad(fmt.Sprintf("%s%s[%d]", prefix, l.name, i), fmt.Sprintf("must be between 1 and %d", l.max))
			case seen[n]:
				errs.Bad(fmt.Sprintf("%s%s[%d]", prefix, l.name, i), fmt.Sprintf("%d is named twice", n))
			}
			seen[n] = true
		}
	}
	r.weekdaysRead = nil
	for _, w := range r.Weekdays {
		for i, n := range weekdayNames {
			if string(w) == n {
				r.weekdaysRead = append(r.weekdaysRead, time.Weekday(i))
			}
		}
	}
	if len(errs) > 0 {
		return errs.Err()
	}
	if lat, _ := r.Place.Coordinates(); lat > MaxSearchLatitude || lat < -MaxSearchLatitude {
		errs.Bad(prefix+"latitude", fmt.Sprintf("the search needs a sunrise and a sunset every day: at most %d° from the equator", MaxSearchLatitude))
	}
	sp := r.Range.Span()
	r.from, r.to = sp.Start.JDUT(), sp.End.JDUT()
	lo, hi := engine.JDUT(calendar.JulianDay(1583, 1, 1, calendar.Gregorian)), engine.JDUT(calendar.JulianDay(3000, 1, 1, calendar.Gregorian))
	switch {
	case r.from < lo || r.from >= hi:
		errs.Bad(prefix+"start", "must be within the years 1583-2999")
	case r.to <= r.from:
		errs.Bad(prefix+"end", "must be after start")
	case r.to > hi:
		errs.Bad(prefix+"end", "must be within the years 1583-2999")
	case float64(r.to-r.from) > MaxSearchDays:
		errs.Bad(prefix+"end", fmt.Sprintf("the range is too long: at most %d days", MaxSearchDays))
	}
	return errs.Err()
}

// Search runs the search of a resolved request, leaving its notes on c.
func (r *MuhurtaSearchRequest) Search(pos engine.Positions, c notes) (*MuhurtaSearch, error) {
	lat, lon := r.Place.Coordinates()
	res, err := SearchMuhurta(pos, lat, lon, r.from, r.to, SearchConditions{
		Tithis: r.Tithis, Nakshatras: r.Nakshatras, Yogas: r.Yogas, Karanas: r.Karanas, Weekdays: r.weekdaysRead,
		Exclude: r.Exclude, Daytime: r.DaytimeOnly, Sunrise: r.Sunrise, Zodiac: r.Zodiac.Options(""), Limit: r.Limit,
	})
	if err != nil {
		return nil, err
	}
	return res, nil
}
