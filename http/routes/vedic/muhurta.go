package vedic

import (
	"github.com/astroapi/astroapi/engine/vedic"
	"github.com/astroapi/astroapi/http/op"
)

const muhurtaDescription = "The muhurta of a civil date at a place, as the almanacs give it: sunrise, sunset, the next sunrise and the sunset " +
	"before (where the night before sunrise begins); rahu kaal, yamaganda and gulika kaal (one of the eight equal parts of sunrise to sunset " +
	"by weekday, Sunday first: rahu 8,2,7,5,6,4,3; yamaganda 5,4,3,2,1,7,6; gulika 7,6,5,4,3,2,1); abhijit muhurta (the 8th of the 15 " +
	"muhurtas of the daytime, centred on midday; given every day, marked not auspicious on Wednesday, when it is the day's durmuhurta); " +
	"brahma muhurta before this date's sunrise (the 14th of the 15 muhurtas of the night before, or with `brahma_muhurta` fixed 96 to 48 " +
	"minutes before sunrise); durmuhurta by weekday (muhurtas of the daytime, Sunday first: 14; 9 and 12; 4 and the night's 7th; 8; 6 and " +
	"12; 4 and 9; 1 and 2); the eight choghadiyas of the daytime and the eight of the night with their quality (good: Amrit, Shubh, " +
	"Labh; neutral: Chal; bad: Udveg, Kaal, Rog); the 24 planetary horas from sunrise (twelfths of the daytime and of the night, the " +
	"first the weekday lord's, then the Chaldean order). Sunrise is the upper limb on the horizon with 34′ of refraction, as the " +
	"panchang (`sunrise` disc_centre or hindu otherwise). The date and the place are read as the panchang reads them (year, month, " +
	"day or `date`; latitude/longitude or `location`; `timezone` an IANA zone, an offset, `auto` or `LMT`, UTC when omitted), in the " +
	"years 1583-2999; the weekday is the date's. Where the Sun does not rise or set the periods are null. Instants in UTC, to the second."

const muhurtaSearchDescription = "The windows of a range (`start` and `end` in `timezone`, or a `year`; at most 366 days, within " +
	"1583-2999) at a place (latitude/longitude or `location`, within 65° of the equator) whose panchang meets the conditions: " +
	"`tithis` (1-30), `nakshatras` (1-27), `weekdays`, `yogas` (1-27) and `karanas` (1-60), each any value when omitted; the periods " +
	"of `exclude` left out (rahu kaal, yamaganda and gulika kaal by default; durmuhurta on request; [] for none); with `daytime_only` " +
	"only sunrise to sunset. A window lies within one panchang day (sunrise to sunrise, its weekday that of the sunrise), one tithi " +
	"and one nakshatra (and one yoga and karana when asked for), which it names with their own start and end. Tithi is the Moon's " +
	"elongation from the Sun in 12° arcs, karana its 6° halves, nakshatra the sidereal Moon in 13°20′ arcs, yoga the " +
	"sidereal Sun plus Moon, both in `ayanamsa` (lahiri by default, or `user_ayanamsa`); each boundary found by Newton's method on the ephemeris, sunrises as the day route (`sunrise`). " +
	"At most `limit` windows (1000 by default); `count` and `total_minutes` cover every window found. Instants in UTC, to the second."

// muhurtaOps returns the muhurta routes, made with the family's spec.
func (d Deps) muhurtaOps(spec func(id, path, summary, description string) op.Spec) []*op.Operation {
	return []*op.Operation{
		op.Post(spec("post-vedic-muhurta", "/api/v1/vedic/muhurta", "Muhurta of a day: rahu kaal, choghadiya, horas, abhijit and more",
			muhurtaDescription), d.muhurta),
		op.Post(spec("post-vedic-muhurta-search", "/api/v1/vedic/muhurta/search", "Muhurta search: the windows of a range whose panchang meets conditions",
			muhurtaSearchDescription), d.muhurtaSearch),
	}
}

func (d Deps) muhurta(c *op.Call, in *vedic.MuhurtaRequest) (*vedic.DayMuhurta, error) {
	return in.Muhurta(d.Positions, c)
}

func (d Deps) muhurtaSearch(c *op.Call, in *vedic.MuhurtaSearchRequest) (*vedic.MuhurtaSearch, error) {
	return in.Search(d.Positions, c)
}
