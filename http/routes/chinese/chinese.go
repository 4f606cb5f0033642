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
	"`clock` says which time the day and hour pillars read: civil (default, as the spec asks: the clock time as it was, daylight time included), standard (daylight-saving time removed), " +
	"mean_solar (local mean time of the birthplace's longitude) or true_solar (true solar time: mean solar time plus the equation of time, within a second of the Swiss Ephemeris'); " +
	"the solar clocks need the place; the year and month pillars follow the instant under every clock, and `birth.pillar_time` gives the time read. " +
	"A local time inside a daylight-saving gap is refused (422 on hour); one that occurred twice takes the earlier instant unless `fold` is 1. " +
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
				"`year_start` lunar_new_year counts the year from the lunar new year instead and gives its dates (`lunar_new_year`); the default, lichun, is the solar year of BaZi. "+
				"Someone born in January or early February belongs to the previous year's animal: send the full birth to /api/v1/chinese/bazi or the date to /api/v1/chinese/lunar-date (month and day are refused here, with that advice)."), r.animal),
		op.Post(spec("post-chinese-compatibility", "/api/v1/chinese/compatibility", "Chinese compatibility of two people",
			"Casts both people's four pillars (`person1`, `person2`: each a birth as /api/v1/chinese/bazi takes it, the hour defaulting to 12:00 as the spec says) and scores the pair "+
				"on a scale of 1 to 10: animal_harmony (the two year animals: six harmony, trine, same, clash, harm, ...), branch_interactions (every pair of branches "+
				"across the charts, the day branches counting double), element_balance (how evenly the sixteen characters cover the five elements) and day_master "+
				"(the relation of the two day stems), each with the rule that scored it; overall.score is the weighted mean (0.3, 0.2, 0.2, 0.3), also given as overall_score. "+
				"Every score is symmetric: swapping the two people changes none. Pillars as in /api/v1/chinese/bazi: "+conventionsDoc), r.compatibility),
		op.Post(spec("post-chinese-luck-pillars", "/api/v1/chinese/luck-pillars", "Luck pillars (Da Yun) and annual pillars (Liu Nian)",
			"The ten-year luck pillars of a birth and the annual pillars of a range of years. `sex` is required: a Yang year stem and male, or a Yin year stem and female, "+
				"count forward (to the next jie after the birth, the pillars following the month pillar in the sixty), the others backward (from the last jie before it, the pillars preceding it). "+
				"The start age is the distance to that jie scaled to life: three days a year, six hours a month, twelve minutes a day, thirty seconds an hour, counted on the exact instants "+
				"(lunar-javascript's exact method, sect 2, which counts whole minutes of the clock: equal to the day but within a minute of a day's boundary). "+
				"The first luck pillar begins at the birth's civil date and time plus that age (`start.date`); each lasts ten years, `pillars` of them (default 8, up to 12), with their years and "+
				"nominal ages (xusui: 1 in the birth year, one more each new year, as lunar-javascript counts). `annual` lists `annual_years` years (default 10, up to 120) from `annual_from` "+
				"(default the birth year) with its pillar (changing at Lichun), the nominal age and the luck pillar in force; `small_luck` (Xiao Yun) a pillar for each year before the first luck pillar, "+
				"the hour pillar moved a place a year in the same direction; `months_of` a year whose twelve monthly pillars (Liu Yue) to list with the jie opening each. "+
				"The birth's four pillars are given for reference. Pillars as in /api/v1/chinese/bazi: "+conventionsDoc), r.luck),
		op.Post(spec("post-chinese-analysis", "/api/v1/chinese/analysis", "BaZi chart analysis: hidden stems, ten gods, strength, interactions",
			"The four pillars of a birth (the input of /api/v1/chinese/bazi) analysed: the ten god of each stem relative to the day master (the day pillar's stem), "+
				"the stems hidden in each branch (main qi first, as the classical tables and lunar-javascript list them) with their ten gods, a count of the ten gods "+
				"(the three other stems and the four main hidden stems), the day master's strength by the season of the month branch (prosperous, prime, resting, confined, dead), "+
				"and the interactions between the pillars: stem combinations and clashes, the branches' six combinations, three harmonies (whole, or half with the centre), "+
				"directional combinations, clashes, harms, punishments (a punishment of three says whether it is complete; Chen, Wu, You and Hai doubled punish themselves) and breaks. "+
				"Pillars as in /api/v1/chinese/bazi: "+conventionsDoc), r.analysis),
		op.Post(spec("post-chinese-solar-terms", "/api/v1/chinese/solar-terms", "The 24 solar terms of a year",
			"The 24 solar terms (jieqi) of a Gregorian `year`, from Xiaohan (about 6 January) to Dongzhi (about 22 December): the instants at which the Sun's apparent longitude reaches "+
				"each multiple of 15 degrees, in UTC and in China Standard Time, with their kind (jie, which open the months of the solar calendar and so the month pillars; zhongqi, which name the lunar months). "+
				"From the precomputed table (1800-2399, Swiss Ephemeris, within 1 s of swetest's roots) and root-found on the ephemeris outside it; `method` says which."), r.solarTerms),
		op.Post(spec("post-chinese-lunar-date", "/api/v1/chinese/lunar-date", "Chinese lunar date of a Gregorian date",
			"The Chinese lunar calendar's date of a Gregorian `date` (a day of China Standard Time): lunar year, month with its leap flag, day, the month's length, "+
				"the year's leap month and new year, the month and day in Chinese, and the sexagenary year (by the new year), month (by the jie, as the almanac gives it) and day. "+
				"Modern rules: months begin on the day of the new moon (root-found on the ephemeris), the month holding the winter solstice is the 11th, "+
				"a year of 13 months makes its first month without a principal term the leap month; days in UTC+8 from 1929 and in Beijing mean time before, applied to every year 1584-2998. "+
				"Checked against lunar-javascript on 2,442 dates of 1900-2100 (leap months of 2020 and 2023 included): equal but where a new moon falls within minutes of midnight."), r.lunarDate),
		op.Post(spec("post-chinese-gregorian-date", "/api/v1/chinese/gregorian-date", "Gregorian date of a Chinese lunar date",
			"The Gregorian date of a Chinese lunar date (`lunar_year`, `lunar_month`, `leap_month`, `lunar_day`), with everything /api/v1/chinese/lunar-date gives for it. "+
				"A leap month the year lacks, or a 30th day of a 29-day month, is refused (422)."), r.gregorianDate),
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
	return chart, nil
}

// luck answers a pointer, which writes its own JSON (bazi.Luck's
// AppendJSON).
func (r routes) luck(c *op.Call, in *bazi.LuckRequest) (*bazi.Luck, error) {
	res, err := bazi.CastLuck(r.terms, in)
	if err != nil {
		return nil, err
	}
	c.Warn(res.Warnings...)
	return res, nil
}

// analysis answers a pointer, which writes its own JSON (bazi.Analysis's
// AppendJSON).
func (r routes) analysis(c *op.Call, in *bazi.Request) (*bazi.Analysis, error) {
	res, err := bazi.Analyze(r.terms, in)
	if err != nil {
		return nil, err
	}
	c.Warn(res.Warnings...)
	return res, nil
}

func (r routes) solarTerms(_ *op.Call, in *bazi.TermsRequest) (bazi.YearTerms, error) {
	return bazi.TermsOf(r.terms, in.Year)
}

func (r routes) lunarDate(_ *op.Call, in *bazi.GregorianDateRequest) (bazi.LunarDay, error) {
	return bazi.ToLunar(r.terms, in)
}

func (r routes) gregorianDate(_ *op.Call, in *bazi.LunarDateRequest) (bazi.LunarDay, error) {
	return bazi.ToGregorian(r.terms, in)
}

func (r routes) animal(_ *op.Call, in *bazi.AnimalRequest) (bazi.AnimalYear, error) {
	return bazi.AnimalOf(r.terms, in)
}

func (r routes) compatibility(c *op.Call, in *bazi.CompatibilityRequest) (bazi.Compatibility, error) {
	res, err := bazi.Compatible(r.terms, in)
	c.Warn(res.Warnings...)
	return res, err
}
