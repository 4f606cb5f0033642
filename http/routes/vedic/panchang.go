package vedic

import (
	"github.com/astroapi/astroapi/engine/vedic"
	"github.com/astroapi/astroapi/http/op"
)

const panchangDescription = "The five limbs of a day at a place: tithi (with paksha), vara, nakshatra (with its lord), yoga and " +
	"karana, each with the instants it begins and ends (the first may begin before sunrise and the last end after the next " +
	"one); sunrise, sunset and the next sunrise; moonrise and moonset on the civil date (each null when it does not happen); " +
	"rahu kalam, yamaganda, gulika kalam and abhijit muhurta; `calendar`, the day's Hindu date at its sunrise, as POST /api/v1/vedic/calendar gives it (masa amanta and purnimanta with adhika, paksha, tithi, eras, samvatsaras, ritu, ayana). " +
	"Conventions (stated again in the result): the panchang day runs from the sunrise of the civil date (in `timezone`) to the " +
	"next sunrise; sunrise is the upper limb on the horizon with 34′ of refraction unless `sunrise` says otherwise; tithi is the " +
	"Moon's elongation from the Sun in 12° arcs, karana its 6° halves, nakshatra the sidereal Moon in 13°20′ arcs, yoga the " +
	"sidereal Sun plus Moon in 13°20′ arcs; in the `ayanamsa` named (lahiri by default; any ayanamsa of POST /api/v1/natal, or `user_ayanamsa`); " +
	"rahu kalam, yamaganda and gulika kalam are eighths of sunrise to sunset by weekday, abhijit the 8th of the 15 muhurtas of " +
	"the daytime. Where the Sun does not rise or set the day runs from midnight to midnight and the periods are null. " +
	"Instants in UTC, to the second. The date and the place are read as the natal input reads a birth (year, month, day or `date`; latitude/longitude or `location`; " +
	"`timezone` an IANA zone, an offset, `auto` or `LMT`, UTC when omitted; the historical calendar switch, or `calendar`), in the years 1583-2999; " +
	"a time of day (hour..second or `time`, 12:00 when omitted) only places the date in its zone and changes nothing else: the panchang is that of the whole civil date."

func (d Deps) panchang(c *op.Call, in *vedic.PanchangRequest) (*vedic.Panchang, error) {
	return in.Panchang(d.Positions, c)
}
