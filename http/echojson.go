package http

import (
	"math"
	"strconv"

	"github.com/astroapi/astroapi/engine/jsonw"
)

// inputAppender is an input echo that writes its own JSON, byte for byte
// what go-json writes for it (TestEchoJSON): the natal echo is written on
// every uncached call and in every batch item, where go-json's reflective
// encoder cost a few microseconds and allocations each time.
type inputAppender interface {
	appendJSON(b []byte) []byte
}

// encodeInput encodes the call's input echo.
func encodeInput(c *Call) ([]byte, error) {
	v := c.input()
	if a, ok := v.(inputAppender); ok {
		return a.appendJSON(make([]byte, 0, 640)), nil
	}
	return marshalNoHTML(v)
}

// appendNumber writes v as encoding/json and go-json do: the shortest
// decimal that reads back as v, in exponent form below 1e-6 and from 1e21
// (with a one-digit exponent written as such: 1e-7, not 1e-07). NaN and
// infinities, which JSON cannot hold, are written as null.
func appendNumber(b []byte, v float64) []byte {
	if v != v || math.IsInf(v, 0) {
		return append(b, "null"...)
	}
	if a := math.Abs(v); a != 0 && (a < 1e-6 || a >= 1e21) {
		n := len(b)
		b = strconv.AppendFloat(b, v, 'e', -1, 64)
		if m := len(b); m-n >= 4 && b[m-4] == 'e' && b[m-3] == '-' && b[m-2] == '0' {
			b[m-2] = b[m-1]
			b = b[:m-1]
		}
		return b
	}
	return strconv.AppendFloat(b, v, 'f', -1, 64)
}

func (e natalEcho) appendJSON(b []byte) []byte {
	b = e.BirthEcho.appendFields(append(b, '{'))
	b = append(b, `,"house_system":`...)
	b = jsonw.String(b, string(e.HouseSystem))
	b = append(b, `,"zodiac_type":`...)
	b = jsonw.String(b, e.ZodiacType)
	if e.Ayanamsa != "" {
		b = append(b, `,"ayanamsa":`...)
		b = jsonw.String(b, e.Ayanamsa)
	}
	b = jsonw.Bool(append(b, `,"include_asteroids":`...), e.IncludeAsteroids)
	b = append(b, `,"node_type":`...)
	b = jsonw.String(b, e.NodeType)
	b = jsonw.Bool(append(b, `,"include_minor_aspects":`...), e.IncludeMinorAspects)
	b = append(b, `,"ephemeris":`...)
	b = jsonw.String(b, string(e.Ephemeris))
	return append(b, '}')
}

// appendFields writes the echo's fields without braces (natalEcho embeds
// them).
func (e *BirthEcho) appendFields(b []byte) []byte {
	b = append(b, `"birth_date":`...)
	b = jsonw.String(b, e.BirthDate)
	b = append(b, `,"birth_time":`...)
	b = jsonw.String(b, e.BirthTime)
	b = appendNumber(append(b, `,"coordinates":{"latitude":`...), e.Coordinates.Latitude)
	b = appendNumber(append(b, `,"longitude":`...), e.Coordinates.Longitude)
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
		b = appendNumber(append(b, `,"latitude":`...), p.Latitude)
		b = appendNumber(append(b, `,"longitude":`...), p.Longitude)
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
	return appendNumber(append(b, `,"julian_day":`...), e.JulianDay)
}
