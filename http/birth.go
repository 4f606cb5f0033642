package http

import (
	"fmt"
	"strings"
	"time"

	"github.com/astroapi/astroapi/engine"
	"github.com/astroapi/astroapi/engine/birth"
	"github.com/astroapi/astroapi/engine/places"
)

// BirthInput is the birth packet of spec 2.3: date, time, place and zone.
// Every route that takes a birth embeds it (flat in the body, as the natal
// route does) or nests it under a field; resolve takes the field prefix so
// errors name the path the caller sent.
type BirthInput struct {
	Year      int      `json:"year" required:"true" doc:"birth year (Gregorian calendar)" example:"1990" minimum:"1583" maximum:"2999"`
	Month     int      `json:"month" required:"true" doc:"birth month" example:"7" minimum:"1" maximum:"12"`
	Day       int      `json:"day" required:"true" doc:"day of the month" example:"14" minimum:"1" maximum:"31"`
	Hour      *int     `json:"hour,omitempty" doc:"hour of the local time, 0-23; when hour and minute are omitted the time is 12:00" example:"14" minimum:"0" maximum:"23" default:"12"`
	Minute    *int     `json:"minute,omitempty" doc:"minute, 0-59" example:"30" minimum:"0" maximum:"59" default:"0"`
	Second    *int     `json:"second,omitempty" doc:"second, 0-59" minimum:"0" maximum:"59" default:"0"`
	Latitude  *float64 `json:"latitude,omitempty" doc:"geographic latitude in degrees, north positive; with longitude, or send location instead" example:"51.5074" minimum:"-90" maximum:"90"`
	Longitude *float64 `json:"longitude,omitempty" doc:"geographic longitude in degrees, east positive" example:"-0.1278" minimum:"-180" maximum:"180"`
	Location  string   `json:"location,omitempty" doc:"place name to geocode instead of latitude/longitude (offline GeoNames index); qualify with a comma: \"Paris, TX\", \"London, UK\"" example:"London, UK"`
	Timezone  string   `json:"timezone,omitempty" doc:"IANA zone the local time is written in (historical offsets honoured); \"auto\" takes the zone of the place; omitted: UTC" example:"Europe/London" default:"UTC"`
	Fold      *int     `json:"fold,omitempty" doc:"for a local time that happened twice (clocks turned back): 0 the earlier instant, 1 the later (PEP 495). A local time that never happened (clocks jumped forward) is refused with 422" enum:"0,1" default:"0"`
}

// Coordinates is a place in geographic degrees.
type Coordinates struct {
	Latitude  float64 `json:"latitude" doc:"degrees, north positive"`
	Longitude float64 `json:"longitude" doc:"degrees, east positive"`
}

// PlaceEcho is the place a location string was geocoded to.
type PlaceEcho struct {
	Query       string  `json:"query" doc:"the location string as sent"`
	Name        string  `json:"name" doc:"place chosen (best match)"`
	Admin1      string  `json:"admin1,omitempty" doc:"first-level division"`
	Country     string  `json:"country" doc:"ISO 3166-1 alpha-2 country code"`
	CountryName string  `json:"country_name,omitempty" doc:"country name"`
	Latitude    float64 `json:"latitude" doc:"degrees"`
	Longitude   float64 `json:"longitude" doc:"degrees"`
	Timezone    string  `json:"timezone" doc:"IANA zone of the place"`
}

// BirthEcho is the interpreted birth data echoed in the envelope's input.
type BirthEcho struct {
	BirthDate      string      `json:"birth_date" doc:"local date, YYYY-MM-DD" example:"1990-07-14"`
	BirthTime      string      `json:"birth_time" doc:"local time, HH:MM:SS" example:"14:30:00"`
	Coordinates    Coordinates `json:"coordinates" doc:"place of the chart"`
	Location       *PlaceEcho  `json:"location,omitempty" doc:"the geocoded place, when location was sent"`
	Timezone       string      `json:"timezone" doc:"IANA zone used"`
	TimezoneSource string      `json:"timezone_source" doc:"where the zone came from" enum:"default,request,place,coordinates"`
	UTCOffset      string      `json:"utc_offset" doc:"offset in force at the birth instant" example:"UTC+01:00"`
	Abbreviation   string      `json:"zone_abbreviation" doc:"zone abbreviation in force (LMT before standard time)" example:"BST"`
	DST            bool        `json:"dst" doc:"summer (daylight-saving) time was in force"`
	AmbiguousTime  bool        `json:"ambiguous_time" doc:"the local time happened twice; fold says which was used"`
	Fold           int         `json:"fold" doc:"0 earlier, 1 later instant of an ambiguous local time"`
	UTC            string      `json:"utc" doc:"the birth instant in UTC, RFC 3339" example:"1990-07-14T13:30:00Z"`
	JulianDay      float64     `json:"julian_day" doc:"Julian day (UT) of the instant"`
}

// resolvedBirth is a birth packet turned into an instant and a place.
type resolvedBirth struct {
	Instant   birth.Instant
	Latitude  float64
	Longitude float64
	Echo      BirthEcho
}

// resolve validates the packet and resolves place, zone and instant. prefix
// is prepended to field names ("" for a flat body, "natal." when nested).
// Bad fields are engine.Fields (422); a server without the geocoding index
// answers 503.
func (in *BirthInput) resolve(c *Call, prefix string) (resolvedBirth, error) {
	var r resolvedBirth
	var errs engine.Fields
	bad := func(field, reason string) {
		errs = append(errs, &engine.FieldError{Field: prefix + field, Reason: reason})
	}
	local := birth.Local{Year: in.Year, Month: in.Month, Day: in.Day, Hour: 12}
	if in.Hour != nil {
		local.Hour = *in.Hour
	}
	if in.Minute != nil {
		local.Minute = *in.Minute
	}
	if in.Second != nil {
		local.Second = *in.Second
	}
	if in.Fold != nil {
		local.Fold = *in.Fold
	}

	// Place: coordinates or a location string, not both.
	var place *places.Place
	switch {
	case in.Location != "" && (in.Latitude != nil || in.Longitude != nil):
		bad("location", "send either location or latitude/longitude, not both")
	case strings.TrimSpace(in.Location) != "":
		ix := c.Server().Places()
		if ix == nil {
			return r, newProblem(503, kindUnavailable, "geocoding is not available on this server; send latitude and longitude")
		}
		found := ix.Search(in.Location, "", 1)
		if len(found) == 0 {
			bad("location", fmt.Sprintf("no place matches %q; check the spelling, qualify it (\"Springfield, IL\") or send latitude and longitude", in.Location))
			break
		}
		place = &found[0]
		r.Latitude, r.Longitude = place.Latitude, place.Longitude
		r.Echo.Location = &PlaceEcho{
			Query: in.Location, Name: place.Name, Admin1: place.Admin1, Country: place.Country,
			CountryName: place.CountryName, Latitude: place.Latitude, Longitude: place.Longitude, Timezone: place.Timezone,
		}
	case in.Location != "":
		bad("location", "is blank")
	case in.Latitude == nil && in.Longitude == nil:
		bad("latitude", "latitude and longitude, or location, are required")
	case in.Latitude == nil:
		bad("latitude", "is required with longitude")
	case in.Longitude == nil:
		bad("longitude", "is required with latitude")
	default:
		r.Latitude, r.Longitude = *in.Latitude, *in.Longitude
	}
	// Range-check whichever coordinate was sent, so one answer names every
	// bad field (latitude 200 without a longitude reports both).
	if in.Latitude != nil && !(*in.Latitude >= -90 && *in.Latitude <= 90) {
		bad("latitude", "must be between -90 and 90")
	}
	if in.Longitude != nil && !(*in.Longitude >= -180 && *in.Longitude <= 180) {
		bad("longitude", "must be between -180 and 180")
	}

	// Zone: as sent, the default UTC, or "auto" from the place.
	zoneSource := "request"
	switch {
	case in.Timezone == "":
		local.Zone, zoneSource = "UTC", "default"
		if place != nil {
			c.Warn(fmt.Sprintf("timezone omitted: the time is read as UTC; send \"timezone\": \"auto\" to use the zone of %s (%s)", place.Name, place.Timezone))
		}
	case strings.EqualFold(in.Timezone, "auto"):
		switch {
		case place != nil && place.Timezone != "":
			local.Zone, zoneSource = place.Timezone, "place"
		case place != nil:
			bad("timezone", "the place has no known zone; send an IANA name")
		case len(errs) > 0:
			// No usable place: its own error says enough.
		default:
			zx := c.Server().Zones()
			if zx == nil {
				return r, newProblem(503, kindUnavailable, "time-zone lookup is not available on this server; send an IANA zone name")
			}
			// At sea this is the nautical zone Etc/GMT±N of the longitude band.
			z, found := zx.ZoneAt(r.Latitude, r.Longitude)
			if !found {
				bad("timezone", "no time zone is known at these coordinates; send an IANA zone name")
			} else {
				local.Zone, zoneSource = z, "coordinates"
			}
		}
	default:
		local.Zone = in.Timezone
		// Spell the zone as IANA does ("europe/paris" -> "Europe/Paris")
		// when the zone list knows it.
		if zx := c.Server().Zones(); zx != nil {
			if z, ok := zx.Zone(in.Timezone); ok {
				local.Zone = z.Name
			}
		}
	}

	if len(errs) > 0 {
		// Report the date/time problems too, in one answer.
		for _, fe := range local.Validate() {
			if fe.Field == "timezone" && local.Zone == "" {
				continue
			}
			bad(fe.Field, fe.Reason)
		}
		return r, errs
	}
	inst, err := birth.Resolve(local)
	if err != nil {
		return r, prefixFields(err, prefix)
	}
	if inst.Ambiguous {
		which := "earlier"
		if inst.Fold == 1 {
			which = "later"
		}
		c.Warn(fmt.Sprintf("local time %02d:%02d:%02d happened twice in %s (clocks turned back); the %s instant (%s) was used; send fold 0 or 1 to choose",
			local.Hour, local.Minute, local.Second, inst.Zone, which, birth.FormatOffset(inst.Offset)))
	}
	r.Instant = inst
	r.Echo.BirthDate = dateTimeText(local.Year, local.Month, local.Day, '-')
	r.Echo.BirthTime = dateTimeText(local.Hour, local.Minute, local.Second, ':')
	r.Echo.Coordinates = Coordinates{Latitude: r.Latitude, Longitude: r.Longitude}
	r.Echo.Timezone, r.Echo.TimezoneSource = inst.Zone, zoneSource
	r.Echo.UTCOffset, r.Echo.Abbreviation, r.Echo.DST = birth.FormatOffset(inst.Offset), inst.Abbrev, inst.DST
	r.Echo.AmbiguousTime, r.Echo.Fold = inst.Ambiguous, inst.Fold
	r.Echo.UTC = inst.UTC.Format(time.RFC3339)
	r.Echo.JulianDay = float64(inst.JD)
	return r, nil
}

// prefixFields prepends prefix to the field names of a validation error.
func prefixFields(err error, prefix string) error {
	if prefix == "" {
		return err
	}
	switch e := err.(type) {
	case engine.Fields:
		out := make(engine.Fields, len(e))
		for i, f := range e {
			out[i] = &engine.FieldError{Field: prefix + f.Field, Reason: f.Reason}
		}
		return out
	case *engine.FieldError:
		return &engine.FieldError{Field: prefix + e.Field, Reason: e.Reason}
	}
	return err
}

// dateTimeText formats a, b and c as %04d<sep>%02d<sep>%02d would (a in
// 0-9999, b and c in 0-99 after validation), for "YYYY-MM-DD", or "HH:MM:SS"
// when a < 100 is written with two digits: without fmt on every request.
func dateTimeText(a, b, c int, sep byte) string {
	if a < 0 || a > 9999 || b < 0 || b > 99 || c < 0 || c > 99 {
		if sep == '-' {
			return fmt.Sprintf("%04d-%02d-%02d", a, b, c)
		}
		return fmt.Sprintf("%02d:%02d:%02d", a, b, c)
	}
	var buf [10]byte
	out := buf[:0]
	if sep == '-' {
		out = append(out, byte('0'+a/1000), byte('0'+a/100%10))
	} else if a >= 100 {
		return fmt.Sprintf("%02d:%02d:%02d", a, b, c)
	}
	out = append(out, byte('0'+a/10%10), byte('0'+a%10), sep, byte('0'+b/10), byte('0'+b%10), sep, byte('0'+c/10), byte('0'+c%10))
	return string(out)
}
