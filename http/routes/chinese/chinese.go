// Package chinese is the glue of the Chinese routes (spec 4.6): the four
// pillars (BaZi) of a birth, the animal of a year and the compatibility of
// two people, cast by engine/bazi on the solar terms of engine/solarterms.
package chinese

import (
	"github.com/astroapi/astroapi/engine/bazi"
	"github.com/astroapi/astroapi/engine/solarterms"
	"github.com/astroapi/astroapi/http/op"
)

// Deps are what the Chinese routes calculate with.
type Deps struct {
	// Terms finds the solar terms: the precomputed table (1800-2399)
	// first, root-finding on the ephemeris behind. nil: the routes answer
	// 503.
	Terms *solarterms.Finder
}

// routes holds the finder the handlers share.
type routes struct{ terms *solarterms.Finder }

// conventionsDoc is the part of every description that states how the
// pillars are cast; the results repeat it in their conventions object.
const conventionsDoc = "Year pillar from Lichun (the Sun at 315 degrees, about 4 February), not the lunar new year; " +
	"month pillar from the jie solar terms (315, 345, 15, ... 285 degrees), so the minute and the zone decide at a boundary; " +
	"day pillar from the unbroken sexagenary day count of the local date; hour pillar from the double hour (Zi 23:00-00:59, Chou 01:00-02:59, ...) by the five-rats rule. " +
	"`day_boundary` zi_start (default) changes the day pillar at 23:00 with the Zi hour (classical Ziping); midnight keeps the date's day pillar until 00:00 " +
	"(the late Zi hour still takes the next day's hour pillar). " +
	"The birth is the birth packet of every route, with the place optional: the date as year, month, day or `date`, the clock time as hour, minute or `time`, " +
	"`timezone` an IANA zone, an offset (-10, \"+05:30\"), \"auto\" (the zone of the birthplace) or \"LMT\" (local mean time of its longitude), UTC when omitted as the spec says " +
	"(the location-free report form of the spec uses China Standard Time: send Asia/Shanghai or \"+08:00\" for it); latitude and longitude or `location` name the birthplace, " +
	"needed only by auto and LMT, and a birth before its zone adopted standard time is read in the birthplace's local mean time when the place is given (the zone's own otherwise, with a warning). " +
	"The clock time is used as it was, daylight time included; no true solar time correction. A local time inside a daylight-saving gap is refused (422 on hour); one that occurred twice takes the earlier instant unless `fold` is 1. " +
	"Solar-term instants come from the precomputed table (1800-2399, Swiss Ephemeris, within 1 s) and are root-found on the ephemeris outside it; `conventions.solar_terms` says which. " +
	"Stems and branches are in pinyin without tone marks, with the Chinese characters alongside; elements count each stem by its element and each branch by its principal element."

// Ops returns the Chinese routes.
func Ops(d Deps) []*op.Operation {
	r := routes{terms: d.Terms}
	unavailable := op.Missing(r.terms == nil, "no ephemeris and no solar-term table are configured on this server")
	// Cacheable: every answer depends on the request alone (zone rules and
	// solar terms are fixed for the server's life).
	spec := func(id, path, summary, description string) op.Spec {
		return op.Spec{ID: id, Path: path, Family: "Traditions", Summary: summary, Description: description,
			Cacheable: true, Unavailable: unavailable}
	}
	return []*op.Operation{
		op.Post(spec("post-chinese-bazi", "/api/v1/chinese/bazi", "BaZi: the four pillars of a birth",
			"The year, month, day and hour pillars (stem, branch, element, polarity, animal, nayin, place in the sixty), "+
				"the count of animals and elements of the eight characters, the day master, the year's place in the sixty-year cycle, "+
				"and the solar terms that placed the year and month pillars. The hour is required (spec 4.6). No ten gods and no luck pillars: `gender` is accepted and ignored (spec 4.6), and a warning says so. "+
				conventionsDoc), r.bazi),
		op.Post(spec("post-chinese-animal", "/api/v1/chinese/animal", "Chinese zodiac animal of a year",
			"The sexagenary year that begins in the Gregorian `year` (the year (year - 4) mod 60, 1984 being Jia Zi): stem, branch, animal, element, "+
				"its name and index (1-60) in the sixty-year cycle, nayin, and characteristics (strengths, weaknesses, best matches from the six harmonies and trines, "+
				"challenging animals from the clash and harm, lucky numbers and colours of folk tradition). "+
				"`starts` and `ends` are the Lichun instants that open and close it in the solar reckoning of BaZi; the lunar new year gives the same animal for most of the year. "+
				"Someone born in January or early February belongs to the previous year's animal: send the full birth to /api/v1/chinese/bazi (month and day are refused here, with that advice)."), r.animal),
		op.Post(spec("post-chinese-compatibility", "/api/v1/chinese/compatibility", "Chinese compatibility of two people",
			"Casts both people's four pillars (`person1`, `person2`: each a birth as /api/v1/chinese/bazi takes it, the hour defaulting to 12:00 as the spec says) and scores the pair "+
				"on a scale of 1 to 10: animal_harmony (the two year animals: six harmony, trine, same, clash, harm, ...), branch_interactions (every pair of branches "+
				"across the charts, the day branches counting double), element_balance (how evenly the sixteen characters cover the five elements) and day_master "+
				"(the relation of the two day stems), each with the rule that scored it; overall.score is the weighted mean (0.3, 0.2, 0.2, 0.3), also given as overall_score. "+
				"Every score is symmetric: swapping the two people changes none. Pillars as in /api/v1/chinese/bazi: "+conventionsDoc), r.compatibility),
	}
}

// bazi answers a pointer: the chart writes its own JSON (bazi.Chart's
// AppendJSON), and the echo then its own too (bazi.Request's).
func (r routes) bazi(c *op.Call, in *bazi.Request) (*bazi.Chart, error) {
	chart, err := bazi.Cast(r.terms, in)
	if err != nil {
		return nil, err
	}
	c.Warn(chart.Warnings...)
	return &chart, nil
}

func (r routes) animal(_ *op.Call, in *bazi.AnimalRequest) (bazi.AnimalYear, error) {
	return bazi.Animal(r.terms, in.Year)
}

func (r routes) compatibility(c *op.Call, in *bazi.CompatibilityRequest) (bazi.Compatibility, error) {
	res, err := bazi.Compatible(r.terms, in)
	c.Warn(res.Warnings...)
	return res, err
}
