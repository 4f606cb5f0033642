// Package birthtest makes birth packets for the tests of the inputs that
// embed one: random echoes (every field filled as a resolved packet fills
// it, with strings that need escaping and numbers of every magnitude), to
// hold a hand-written echo encoder equal to go-json.
package birthtest

import (
	"math"
	"math/rand/v2"

	"github.com/astroapi/astroapi/engine/birth"
	"github.com/astroapi/astroapi/engine/calendar"
)

// Texts are the strings Text picks from: empty, quotes and backslashes,
// control characters, non-ASCII, HTML, a line separator, invalid UTF-8.
var Texts = []string{"", "Paris", `a"b\c`, "tab\tnew\n\x01", "Zürich ♎", "<&>", "line\u2028sep", "bad\xffutf8"}

// Text returns one of Texts.
func Text(rng *rand.Rand) string { return Texts[rng.IntN(len(Texts))] }

// Number returns a number of one of several kinds: zero, a rounded angle,
// any magnitude, a Julian day, a whole number.
func Number(rng *rand.Rand) float64 {
	switch rng.IntN(5) {
	case 0:
		return 0
	case 1:
		return math.Round((rng.Float64()*360-180)*1e4) / 1e4
	case 2:
		return (rng.Float64()*2 - 1) * math.Pow(10, float64(rng.IntN(30)-10))
	case 3:
		return 2400000.5 + rng.Float64()*100000
	}
	return float64(rng.IntN(200) - 100)
}

// Int returns a pointer to a whole number, or nil one time in five.
func Int(rng *rand.Rand) *int {
	if rng.IntN(5) == 0 {
		return nil
	}
	v := rng.IntN(4000) - 2000
	return &v
}

// Packet returns a random packet as resolution leaves it (or, one time in
// four, without a place, as a packet resolved without one): the sendable
// fields in their canonical form, the read-only facts filled.
func Packet(rng *rand.Rand) birth.Packet {
	lat, lon := Number(rng), Number(rng)
	nonEmpty := func(s string) string {
		if s == "" {
			return "x"
		}
		return s
	}
	p := birth.Packet{
		Year: Int(rng), Month: Int(rng), Day: Int(rng), Hour: Int(rng), Minute: Int(rng), Second: Int(rng),
		Latitude: &lat, Longitude: &lon, Timezone: birth.Zone(Text(rng)), Fold: Int(rng), Calendar: calendar.Calendar(nonEmpty(Text(rng))),
		BirthDate: nonEmpty(Text(rng)), BirthTime: nonEmpty(Text(rng)), Coordinates: &birth.Coordinates{Latitude: Number(rng), Longitude: Number(rng)},
		TimezoneSource: nonEmpty(Text(rng)), UTCOffset: nonEmpty(Text(rng)), Abbreviation: nonEmpty(Text(rng)),
		DST: rng.IntN(2) == 0, AmbiguousTime: rng.IntN(2) == 0, UTC: nonEmpty(Text(rng)), JulianDay: Number(rng) + 1,
	}
	if rng.IntN(4) == 0 {
		p.Latitude, p.Longitude, p.Coordinates = nil, nil, nil
	}
	if rng.IntN(2) == 0 {
		p.Location = Text(rng)
	}
	if rng.IntN(2) == 0 {
		p.Place = &birth.Place{Name: Text(rng), Admin1: Text(rng), Country: Text(rng), CountryName: Text(rng),
			Latitude: Number(rng), Longitude: Number(rng), Timezone: Text(rng)}
	}
	return p
}
