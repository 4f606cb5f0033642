package birth

import (
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/astroapi/astroapi/engine"
	"github.com/astroapi/astroapi/engine/jsonw"
	"github.com/astroapi/astroapi/engine/places"
	"github.com/astroapi/astroapi/engine/zones"
)

// Packet is the birth packet of spec 2.3 as a caller sends it: date, time,
// place and zone. Every route that takes a birth embeds it (flat in the
// body, as the natal route does) or nests it under a field (person1,
// natal); Resolver.Resolve takes the field prefix so that errors name the
// path the caller sent.
type Packet struct {
	Year      int      `json:"year" required:"true" doc:"birth year (Gregorian calendar)" example:"1990" minimum:"1583" maximum:"2999"`
	Month     int      `json:"month" required:"true" doc:"birth month" example:"7" minimum:"1" maximum:"12"`
	Day       int      `json:"day" required:"true" doc:"day of the month" example:"14" minimum:"1" maximum:"31"`
	Hour      *int     `json:"hour,omitempty" doc:"hour of the local time, 0-23; when hour and minute are omitted the time is 12:00" example:"14" minimum:"0" maximum:"23" default:"12"`
	Minute    *int     `json:"minute,omitempty" doc:"minute, 0-59" example:"30" minimum:"0" maximum:"59" default:"0"`
	Second    *int     `json:"second,omitempty" doc:"second, 0-59" minimum:"0" maximum:"59" default:"0"`
	Latitude  *float64 `json:"latitude,omitempty" doc:"geographic latitude in degrees, north positive; with longitude, or send location instead" example:"51.5074" minimum:"-90" maximum:"90"`
	Longitude *float64 `json:"longitude,omitempty" doc:"geographic longitude in degrees, east positive" example:"-0.1278" minimum:"-180" maximum:"180"`
	Location  string   `json:"location,omitempty" doc:"place name to geocode instead of latitude/longitude (offline GeoNames index); qualify with a comma: \"Paris, TX\", \"London, UK\" (the example request sends latitude and longitude instead)"`
	Timezone  string   `json:"timezone,omitempty" doc:"IANA zone the local time is written in (historical offsets honoured); \"auto\" takes the zone of the place; omitted: UTC" example:"Europe/London" default:"UTC"`
	Fold      *int     `json:"fold,omitempty" doc:"for a local time that happened twice (clocks turned back): 0 the earlier instant, 1 the later (PEP 495). A local time that never happened (clocks jumped forward) is refused with 422" enum:"0,1" default:"0"`
}

// Coordinates is a place in geographic degrees.
type Coordinates struct {
	Latitude  float64 `json:"latitude" doc:"degrees, north positive"`
	Longitude float64 `json:"longitude" doc:"degrees, east positive"`
}

// Place is the place a location string was geocoded to.
type Place struct {
	Query       string  `json:"query" doc:"the location string as sent"`
	Name        string  `json:"name" doc:"place chosen (best match)"`
	Admin1      string  `json:"admin1,omitempty" doc:"first-level division"`
	Country     string  `json:"country" doc:"ISO 3166-1 alpha-2 country code"`
	CountryName string  `json:"country_name,omitempty" doc:"country name"`
	Latitude    float64 `json:"latitude" doc:"degrees"`
	Longitude   float64 `json:"longitude" doc:"degrees"`
	Timezone    string  `json:"timezone" doc:"IANA zone of the place"`
}

// Echo is the interpreted birth data a route echoes in the envelope's
// input.
type Echo struct {
	BirthDate      string      `json:"birth_date" doc:"local date, YYYY-MM-DD" example:"1990-07-14"`
	BirthTime      string      `json:"birth_time" doc:"local time, HH:MM:SS" example:"14:30:00"`
	Coordinates    Coordinates `json:"coordinates" doc:"place of the chart"`
	Location       *Place      `json:"location,omitempty" doc:"the geocoded place, when location was sent"`
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

// Resolved is a birth packet turned into an instant and a place.
type Resolved struct {
	Instant   Instant
	Latitude  float64 // degrees, north positive
	Longitude float64 // degrees, east positive
	Echo      Echo
	// Warnings are notices for the caller: a zone read as UTC by default
	// while a place was named, an ambiguous local time.
	Warnings []string
}

// Resolver resolves birth packets: it geocodes location strings with
// Places and finds the zone of a place with Zones. Either may be nil; a
// packet that needs the missing one fails with engine.ErrUnavailable.
type Resolver struct {
	Places *places.Index
	Zones  *zones.Index
}

// Resolve validates p and resolves its place, zone and instant. prefix is
// prepended to field names ("" for a flat body, "person2." when nested).
// Bad fields are engine.Fields; a packet needing an index the resolver
// lacks fails with an error wrapping engine.ErrUnavailable.
func (r *Resolver) Resolve(p Packet, prefix string) (Resolved, error) {
	var out Resolved
	var errs engine.Fields
	bad := func(field, reason string) {
		errs = append(errs, &engine.FieldError{Field: prefix + field, Reason: reason})
	}
	local := Local{Year: p.Year, Month: p.Month, Day: p.Day, Hour: 12}
	if p.Hour != nil {
		local.Hour = *p.Hour
	}
	if p.Minute != nil {
		local.Minute = *p.Minute
	}
	if p.Second != nil {
		local.Second = *p.Second
	}
	if p.Fold != nil {
		local.Fold = *p.Fold
	}

	// Place: coordinates or a location string, not both.
	var place *places.Place
	switch {
	case p.Location != "" && (p.Latitude != nil || p.Longitude != nil):
		bad("location", "send either location or latitude/longitude, not both")
	case strings.TrimSpace(p.Location) != "":
		if r.Places == nil {
			return out, fmt.Errorf("%w: geocoding is not available; send latitude and longitude", engine.ErrUnavailable)
		}
		found := r.Places.Search(p.Location, "", 1)
		if len(found) == 0 {
			bad("location", fmt.Sprintf("no place matches %q; check the spelling, qualify it (\"Springfield, IL\") or send latitude and longitude", p.Location))
			break
		}
		place = &found[0]
		out.Latitude, out.Longitude = place.Latitude, place.Longitude
		out.Echo.Location = &Place{
			Query: p.Location, Name: place.Name, Admin1: place.Admin1, Country: place.Country,
			CountryName: place.CountryName, Latitude: place.Latitude, Longitude: place.Longitude, Timezone: place.Timezone,
		}
	case p.Location != "":
		bad("location", "is blank")
	case p.Latitude == nil && p.Longitude == nil:
		bad("latitude", "latitude and longitude, or location, are required")
	case p.Latitude == nil:
		bad("latitude", "is required with longitude")
	case p.Longitude == nil:
		bad("longitude", "is required with latitude")
	default:
		out.Latitude, out.Longitude = *p.Latitude, *p.Longitude
	}
	// Range-check whichever coordinate was sent, so one answer names every
	// bad field (latitude 200 without a longitude reports both).
	if p.Latitude != nil {
		errs = append(errs, engine.CheckPlace(*p.Latitude, 0, prefix)...)
	}
	if p.Longitude != nil {
		errs = append(errs, engine.CheckPlace(0, *p.Longitude, prefix)...)
	}

	// Zone: as sent, the default UTC, or "auto" from the place.
	zoneSource := "request"
	switch {
	case p.Timezone == "":
		local.Zone, zoneSource = "UTC", "default"
		if place != nil {
			out.Warnings = append(out.Warnings, fmt.Sprintf("timezone omitted: the time is read as UTC; send \"timezone\": \"auto\" to use the zone of %s (%s)", place.Name, place.Timezone))
		}
	case strings.EqualFold(p.Timezone, "auto"):
		switch {
		case place != nil && place.Timezone != "":
			local.Zone, zoneSource = place.Timezone, "place"
		case place != nil:
			bad("timezone", "the place has no known zone; send an IANA name")
		case len(errs) > 0:
			// No usable place: its own error says enough.
		case r.Zones == nil:
			return out, fmt.Errorf("%w: time-zone lookup is not available; send an IANA zone name", engine.ErrUnavailable)
		default:
			// At sea this is the nautical zone Etc/GMT±N of the longitude band.
			z, found := r.Zones.ZoneAt(out.Latitude, out.Longitude)
			if !found {
				bad("timezone", "no time zone is known at these coordinates; send an IANA zone name")
			} else {
				local.Zone, zoneSource = z, "coordinates"
			}
		}
	default:
		local.Zone = p.Timezone
		// Spell the zone as IANA does ("europe/paris" -> "Europe/Paris")
		// when the zone list knows it.
		if r.Zones != nil {
			if z, ok := r.Zones.Zone(p.Timezone); ok {
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
		return out, errs
	}
	inst, err := Resolve(local)
	if err != nil {
		return out, prefixFields(err, prefix)
	}
	if inst.Ambiguous {
		which := "earlier"
		if inst.Fold == 1 {
			which = "later"
		}
		out.Warnings = append(out.Warnings, fmt.Sprintf("local time %02d:%02d:%02d happened twice in %s (clocks turned back); the %s instant (%s) was used; send fold 0 or 1 to choose",
			local.Hour, local.Minute, local.Second, inst.Zone, which, FormatOffset(inst.Offset)))
	}
	out.Instant = inst
	out.Echo.BirthDate = dateTimeText(local.Year, local.Month, local.Day, '-')
	out.Echo.BirthTime = dateTimeText(local.Hour, local.Minute, local.Second, ':')
	out.Echo.Coordinates = Coordinates{Latitude: out.Latitude, Longitude: out.Longitude}
	out.Echo.Timezone, out.Echo.TimezoneSource = inst.Zone, zoneSource
	out.Echo.UTCOffset, out.Echo.Abbreviation, out.Echo.DST = FormatOffset(inst.Offset), inst.Abbrev, inst.DST
	out.Echo.AmbiguousTime, out.Echo.Fold = inst.Ambiguous, inst.Fold
	out.Echo.UTC = inst.UTC.Format(time.RFC3339)
	out.Echo.JulianDay = float64(inst.JD)
	return out, nil
}

// prefixFields prepends prefix to the field names of a validation error.
func prefixFields(err error, prefix string) error {
	if prefix == "" {
		return err
	}
	var fs engine.Fields
	if errors.As(err, &fs) {
		out := make(engine.Fields, len(fs))
		for i, f := range fs {
			out[i] = &engine.FieldError{Field: prefix + f.Field, Reason: f.Reason}
		}
		return out
	}
	var fe *engine.FieldError
	if errors.As(err, &fe) {
		return &engine.FieldError{Field: prefix + fe.Field, Reason: fe.Reason}
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

// AppendFields appends the echo's fields without braces, byte for byte
// what go-json writes for them (the natal echo embeds them and writes its
// own JSON on every uncached call).
func (e *Echo) AppendFields(b []byte) []byte {
	b = append(b, `"birth_date":`...)
	b = jsonw.String(b, e.BirthDate)
	b = append(b, `,"birth_time":`...)
	b = jsonw.String(b, e.BirthTime)
	b = jsonw.Number(append(b, `,"coordinates":{"latitude":`...), e.Coordinates.Latitude)
	b = jsonw.Number(append(b, `,"longitude":`...), e.Coordinates.Longitude)
	b = append(b, '}')
	if p := e.Location; p != nil {
		b = append(b, `,"location":{"query":`...)
		b = jsonw.String(b, p.Query)
		b = append(b, `,"name":`...)
		b = jsonw.String(b, p.Name)
		if p.Admin1 != "" {
			b = append(b, `,"admin1":`...)
			b = jsonw.String(b, p.Admin1)
		}
		b = append(b, `,"country":`...)
		b = jsonw.String(b, p.Country)
		if p.CountryName != "" {
			b = append(b, `,"country_name":`...)
			b = jsonw.String(b, p.CountryName)
		}
		b = jsonw.Number(append(b, `,"latitude":`...), p.Latitude)
		b = jsonw.Number(append(b, `,"longitude":`...), p.Longitude)
		b = append(b, `,"timezone":`...)
		b = jsonw.String(b, p.Timezone)
		b = append(b, '}')
	}
	b = append(b, `,"timezone":`...)
	b = jsonw.String(b, e.Timezone)
	b = append(b, `,"timezone_source":`...)
	b = jsonw.String(b, e.TimezoneSource)
	b = append(b, `,"utc_offset":`...)
	b = jsonw.String(b, e.UTCOffset)
	b = append(b, `,"zone_abbreviation":`...)
	b = jsonw.String(b, e.Abbreviation)
	b = jsonw.Bool(append(b, `,"dst":`...), e.DST)
	b = jsonw.Bool(append(b, `,"ambiguous_time":`...), e.AmbiguousTime)
	b = jsonw.Int(append(b, `,"fold":`...), e.Fold)
	b = append(b, `,"utc":`...)
	b = jsonw.String(b, e.UTC)
	return jsonw.Number(append(b, `,"julian_day":`...), e.JulianDay)
}

// AppendJSON appends the echo as a JSON object.
func (e *Echo) AppendJSON(b []byte) []byte { return append(e.AppendFields(append(b, '{')), '}') }
