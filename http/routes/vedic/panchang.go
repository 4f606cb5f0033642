package vedic

import (
	"fmt"

	"github.com/astroapi/astroapi/engine"
	"github.com/astroapi/astroapi/engine/birth"
	"github.com/astroapi/astroapi/engine/vedic"
	"github.com/astroapi/astroapi/http/op"
)

// panchangRequest is the input of the panchang route: a civil date and a
// place, read as the birth packet reads them (coordinates or a location
// string; an IANA zone, "auto", or UTC by default), without a time of day.
type panchangRequest struct {
	Year      int                     `json:"year" required:"true" doc:"year of the civil date (Gregorian calendar)" example:"2024" minimum:"1583" maximum:"2999"`
	Month     int                     `json:"month" required:"true" doc:"month" example:"1" minimum:"1" maximum:"12"`
	Day       int                     `json:"day" required:"true" doc:"day of the month" example:"1" minimum:"1" maximum:"31"`
	Latitude  *float64                `json:"latitude,omitempty" doc:"geographic latitude in degrees, north positive; with longitude, or send location instead" example:"12.9716" minimum:"-90" maximum:"90"`
	Longitude *float64                `json:"longitude,omitempty" doc:"geographic longitude in degrees, east positive" example:"77.5946" minimum:"-180" maximum:"180"`
	Location  string                  `json:"location,omitempty" doc:"place name to geocode instead of latitude/longitude (offline GeoNames index); qualify with a comma: \"Bengaluru, IN\""`
	Timezone  string                  `json:"timezone,omitempty" doc:"IANA zone of the civil date: the date runs from its local midnight, and moonrise and moonset are those of that local day; \"auto\" takes the zone of the place; omitted: UTC" example:"Asia/Kolkata" default:"UTC"`
	Sunrise   vedic.SunriseConvention `json:"sunrise,omitempty" doc:"what rises: upper_limb (upper limb on the horizon, 34′ refraction: the almanac sunrise, swetest -rise), disc_centre (centre of the disc, 34′ refraction) or hindu (centre of the disc on the geometric horizon, no refraction, as the siddhantas reckon)" example:"upper_limb" default:"upper_limb"`
	Ayanamsa  engine.Ayanamsa         `json:"ayanamsa,omitempty" doc:"accepted as in the natal input, but the nakshatra and yoga are always reckoned with lahiri: any other value is ignored and said so in warnings and in result.ayanamsa" example:"lahiri" default:"lahiri"`
}

// panchangEcho is the interpreted input of the panchang route.
type panchangEcho struct {
	Date              string                  `json:"date" doc:"the civil date, YYYY-MM-DD"`
	Coordinates       birth.Coordinates       `json:"coordinates" doc:"the place"`
	Location          *birth.Place            `json:"location,omitempty" doc:"the geocoded place, when location was sent"`
	Timezone          string                  `json:"timezone" doc:"IANA zone of the date"`
	TimezoneSource    string                  `json:"timezone_source" doc:"where the zone came from" enum:"default,request,place,coordinates"`
	Sunrise           vedic.SunriseConvention `json:"sunrise"`
	Ayanamsa          engine.Ayanamsa         `json:"ayanamsa" doc:"ayanamsa used: always lahiri"`
	AyanamsaRequested engine.Ayanamsa         `json:"ayanamsa_requested,omitempty"`
}

const panchangDescription = "The five limbs of a day at a place: tithi (with paksha), vara, nakshatra (with its lord), yoga and " +
	"karana, each with the instants it begins and ends (the first may begin before sunrise and the last end after the next " +
	"one); sunrise, sunset and the next sunrise; moonrise and moonset on the civil date (each null when it does not happen); " +
	"rahu kalam, yamaganda, gulika kalam and abhijit muhurta. " +
	"Conventions (stated again in the result): the panchang day runs from the sunrise of the civil date (in `timezone`) to the " +
	"next sunrise; sunrise is the upper limb on the horizon with 34′ of refraction unless `sunrise` says otherwise; tithi is the " +
	"Moon's elongation from the Sun in 12° arcs, karana its 6° halves, nakshatra the sidereal Moon in 13°20′ arcs, yoga the " +
	"sidereal Sun plus Moon in 13°20′ arcs; always the Lahiri ayanamsa (another `ayanamsa` is ignored and named in the warnings); " +
	"rahu kalam, yamaganda and gulika kalam are eighths of sunrise to sunset by weekday, abhijit the 8th of the 15 muhurtas of " +
	"the daytime. Where the Sun does not rise or set the day runs from midnight to midnight and the periods are null. " +
	"Instants in UTC, to the second; the place as in the natal input (latitude/longitude or location)."

func (d Deps) panchang(c *op.Call, in *panchangRequest) (*vedic.Panchang, error) {
	o := vedic.PanchangOptions{Sunrise: in.Sunrise}
	r, err := d.Births.Resolve(birth.Packet{
		Year: in.Year, Month: in.Month, Day: in.Day,
		Latitude: in.Latitude, Longitude: in.Longitude, Location: in.Location, Timezone: in.Timezone,
	}, "")
	optErrs := o.Validate()
	if err != nil {
		return nil, withFields(err, optErrs)
	}
	if len(optErrs) > 0 {
		return nil, optErrs
	}
	loc, err := birth.LoadZone(r.Instant.Zone)
	if err != nil {
		return nil, err // the resolver has loaded this zone already
	}
	c.Warn(r.Warnings...)
	e := &panchangEcho{
		Date: r.Echo.BirthDate, Coordinates: r.Echo.Coordinates, Location: r.Echo.Location,
		Timezone: r.Echo.Timezone, TimezoneSource: r.Echo.TimezoneSource, Sunrise: in.Sunrise,
		Ayanamsa: engine.Lahiri, AyanamsaRequested: in.Ayanamsa,
	}
	if e.Sunrise == "" {
		e.Sunrise = vedic.DefaultSunrise
	}
	c.Echo(e)
	p, err := vedic.NewPanchang(d.Positions, vedic.Day{Year: in.Year, Month: in.Month, Day: in.Day, Location: loc,
		Latitude: r.Latitude, Longitude: r.Longitude}, o)
	if err != nil {
		return nil, err
	}
	// The engine reckons with Lahiri only and leaves the request's
	// ayanamsa to the glue.
	p.Ayanamsa.Requested = in.Ayanamsa
	if in.Ayanamsa != "" && in.Ayanamsa != engine.Lahiri {
		p.Ayanamsa.Ignored = true
		c.Warn(fmt.Sprintf(vedic.AyanamsaIgnored, in.Ayanamsa))
	}
	return p, nil
}
