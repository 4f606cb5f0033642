package http

import (
	"fmt"
	"regexp"
	"strings"
)

// What a model reads of each tool: its family (the endpoint
// /api/v1/mcp/{family} that lists it) and a description written for a
// model: what the tool computes, the inputs that matter and their
// defaults, in a few lines. The operation's own Summary and Description
// (the OpenAPI document's) stay the reference; the docs tool
// (get_docs_search) gives them, with the full input schema, on request.
// The table is keyed by operation id and lives in the MCP door, so that
// the families' glue keeps its REST documentation only; a test fails on a
// batchable operation of routes.All without an entry.

// toolDoc is the model-facing description of one tool.
type toolDoc struct {
	Family string // an mcpFamilies key
	Text   string
}

// mcpFamily is one family endpoint of the MCP door.
type mcpFamily struct {
	Name, Description string
	// Keyless: the endpoint answers without an API key (its tools are
	// public operations).
	Keyless bool
}

// mcpFamilies are the family endpoints, /api/v1/mcp/{name}, in the order
// the guide lists them. Each holds the tools of its family and the docs
// tool; the whole endpoint (/api/v1/mcp) holds every tool.
var mcpFamilies = []mcpFamily{
	{"charts", "Western charts: natal, houses, aspects and patterns, Arabic parts, transits (the sky now, and to a natal chart).", false},
	{"frames", "Other frames of a natal chart: heliocentric, draconic, harmonic, antiscia and contra-antiscia; declinations (parallels, contra-parallels, out of bounds).", false},
	{"relationships", "Two people: synastry, midpoint composite, Davison chart, Vedic kundli matching.", false},
	{"sky", "The sky at an instant or over a span: planets, Moon, phases, stations, void-of-course Moon, asteroids, eclipses, fixed stars.", false},
	{"forecast", "Forecasting from a birth: solar, lunar and planetary returns, secondary progressions, solar arc directions.", false},
	{"timelords", "Time-lord techniques from a birth: annual profections, zodiacal releasing, firdaria.", false},
	{"vedic", "Jyotish (sidereal, Lahiri by default): rasi chart, vargas, nakshatra, dashas, yogas, doshas, shadbala, ashtakavarga.", false},
	{"panchang", "The Hindu day at a place: the panchang, its muhurtas (rahu kaal, choghadiya, horas, abhijit, ...), the search for windows whose panchang meets conditions; the Hindu lunisolar date (masa, paksha, tithi, samvatsara, Shaka and Vikram years) and back.", false},
	{"kp", "Krishnamurti Paddhati (KP, sidereal, KP ayanamsa, Placidus): cusp and planet sign, star, sub and sub-sub lords, significators, ruling planets, horary from a number 1-249.", false},
	{"chinese", "Chinese astrology: BaZi four pillars, their analysis, luck pillars, the lunar calendar and solar terms, zodiac animal of a year, compatibility of two people.", false},
	{"mayan", "Maya calendar: Long Count, Tzolk'in and Haab' of a date, a birth's Maya chart, compatibility of two people.", false},
	{"locational", "Locational astrology: a chart relocated to another place, astrocartography lines (MC, IC, ASC, DSC of each body, parans) as GeoJSON, local space lines.", false},
	{"places", "Places and time zones: geocoding (search and reverse), the zone of a point, zone details and history, the zone list.", false},
	{"account", "The calling key's account: usage statistics and chart data.", false},
	{"docs", "The documentation only: search the guide and the OpenAPI reference, and get any tool's full description and input schema. No key needed.", true},
}

// The inputs most tools share, said once here and reused in the texts
// (each field's own description is in the schema).
const (
	birthArgs = " Takes a birth: date, local time in `timezone` (default UTC; \"auto\": the place's), place (latitude/longitude or `location`)."
	chartArgs = ""
	vedicArgs = " Sidereal (ayanamsa; lahiri default), whole-sign houses."
	kpArgs    = " ayanamsa kp (default), krishnamurti_vp291 (new KP), any other, or user_ayanamsa; node_type mean or true; node_agency sign_lord or none."
	instant   = " Instant: datetime, or date and time fields, or nothing for now."
	spanArgs  = " Span: start..end, or a year."
	twoPeople = " person1, person2: two births (as natal's)."
)

// toolDocs are the model-facing descriptions, by operation id.
var toolDocs = map[string]toolDoc{
	// charts
	"post-natal": {"charts", "Natal chart: planets (sign, degree, house, retrograde, declination, out of bounds), house cusps, angles, aspects with orbs, chart shape and element/modality balance." +
		birthArgs + " Any Swiss Ephemeris house system (24) and ayanamsa (47) or user_ayanamsa; include_parallels; time_unknown charts the day and marks what depends on the time." + chartArgs},
	"post-synastry":  {"relationships", "Synastry of two people: both charts, the inter-aspects between them and a compatibility score." + twoPeople + " Options: orbs, include_minor_aspects."},
	"post-composite": {"relationships", "Midpoint composite chart of two people: bodies at the near midpoints, angles and houses (house_method derived_ascendant, or midpoints), aspects and patterns." + twoPeople},
	"post-davison":   {"relationships", "Davison relationship chart: a natal chart cast for the midpoint in time and space of two births." + twoPeople},
	"post-houses":    {"charts", "House cusps and angles (Ascendant, Midheaven, Vertex) of one house system or all 24 (house_system \"all\"; gauquelin gives 36 sectors)." + birthArgs},
	"post-aspects":   {"charts", "Aspects and patterns (stellium, T-square, grand trine, grand cross, yod, kite, mystic rectangle) of a birth (`birth`: the natal body) or of a list of points ({name, longitude, speed}). aspect_set major (default), minor, all; harmonics; orbs."},
	"post-arabic-parts": {"charts", "Arabic parts (lots) of a natal chart: Fortune, Spirit and the Hermetic lots, Basis, al-Biruni's and Bonatti's lots, each with formula, sign, degree and house; custom lots as \"A + B - C\"." +
		birthArgs + " lots: the keys wanted (default all); custom: your formulas."},
	"get-arabic-parts-catalog": {"charts", "The catalog of Arabic parts (keys, formulas, day/night reversal, sources) that the arabic_parts tool takes."},
	"post-transits":            {"charts", "The sky at an instant as a transit chart: planets with sign and degree and the aspects between them." + instant},
	"post-transits-to-natal": {"charts", "Transits to a natal chart: aspects of the transiting planets to the natal ones with orb, applying/separating and the exact perfection within window_days (default 30)." +
		" natal: the birth (as the natal tool)." + instant},
	"post-uranian": {"charts", "Uranian (Hamburg school) chart: the points with the eight transneptunians on the dial, midpoints in dial order, planetary pictures within orb." + birthArgs},
	// locational
	"post-relocation":       {"locational", "The natal chart of the birth instant cast at another place (relocation)." + birthArgs},
	"post-astrocartography": {"locational", "Astrocartography: each body's MC, IC, ASC and DSC lines as GeoJSON; include_parans adds parans." + birthArgs},
	"post-local-space":      {"locational", "Local space: each body's azimuth and great circle from the birthplace, as GeoJSON." + birthArgs},
	// frames
	"post-natal-heliocentric":   {"frames", "Heliocentric chart: Mercury..Pluto, the Earth and Chiron seen from the Sun, with their aspects (no houses, no Moon)." + birthArgs},
	"post-natal-draconic":       {"frames", "Draconic chart: the natal chart measured from the North Node (node_type true or mean), the node at 0 Aries." + birthArgs},
	"post-natal-harmonic":       {"frames", "Harmonic chart: every natal longitude times harmonic (1-360), with the aspects among them." + birthArgs},
	"post-natal-antiscia":       {"frames", "Antiscia and contra-antiscia of a natal chart's points and the pairs on each other's within orb (default 1)." + birthArgs},
	"post-aspects-declinations": {"frames", "Declinations: out-of-bounds points and the parallels and contra-parallels (orb, default 1) of a birth (`birth`: the natal body) or of points ({name, declination})."},
	// sky
	"post-planets":                  {"sky", "Positions at an instant: sign, degree, longitude, latitude, speed, declination, retrograde, distance. bodies (default every body: Sun..Pluto, nodes, Lilith, Chiron, asteroids); center geocentric (default), topocentric (latitude, longitude, altitude) or heliocentric; zodiac_type tropical or sidereal." + instant},
	"post-moon":                     {"sky", "The Moon at an instant: sign, degree, phase name and angle, illuminated fraction, age, distance, the next sign ingress, the previous and next new moon, quarters and full moon." + instant},
	"post-moon-phases":              {"sky", "New, first quarter, full and last quarter Moons over a span (at most two years), with the instant and sign of each." + spanArgs},
	"post-planets-stations":         {"sky", "Retrograde and direct stations of the planets over a span (at most ten years), with the shadow periods." + spanArgs + " bodies: which planets (default Mercury..Pluto)."},
	"post-void-of-course":           {"sky", "Whether the Moon is void of course at an instant, with the current or next period and its last aspect. planets traditional (default) or modern." + instant},
	"post-void-of-course-periods":   {"sky", "Every void-of-course Moon period over a span (at most two years), with its last aspect, start, end and signs." + spanArgs},
	"post-asteroids":                {"sky", "Chiron, Ceres, Pallas, Juno and Vesta at an instant (1800-2400), with the fields and frames of the planets tool." + instant},
	"get-eclipses":                  {"sky", "Solar and lunar eclipses from a date: type, instant of maximum, degree, sign, Saros, magnitude. count (default 10, at most 50), from (date, default today), kind solar/lunar, type total/annular/partial/..."},
	"get-eclipses-upcoming":         {"sky", "The next solar and lunar eclipses from now. count (default 10)."},
	"post-eclipses-activations":     {"sky", "An eclipse laid on a natal chart: natal points conjunct or opposite the eclipse degree within orb (default 3), the natal house it falls in, its Saros family. eclipse_date; natal.planets and natal.houses (the natal tool's result may be passed through)."},
	"post-fixed-stars":              {"sky", "The 43 fixed stars (Behenian and royal stars, and more) at a date: longitude, latitude, magnitude, nature. year, month, day."},
	"post-fixed-star":               {"sky", "One fixed star at a date, by name (path argument `name`, e.g. Regulus; accents and case ignored): position and catalog entry."},
	"post-fixed-stars-conjunctions": {"sky", "Fixed stars conjunct given points by longitude within orb (default 1 degree, at most 10): planets, a required list of {name, longitude}; year, month, day place the stars."},
	// forecast and time lords
	"post-returns-solar":               {"forecast", "Solar return: the instant the Sun returns to its natal longitude in return_year, with the return chart." + birthArgs + " place: relocate the return (default the birthplace)." + chartArgs},
	"post-returns-lunar":               {"forecast", "Lunar returns between start and end: each instant the Moon returns to its natal longitude, with its chart." + birthArgs + " place: relocate."},
	"post-returns-planetary":           {"forecast", "Returns of one planet (`planet`) to its natal longitude over a span, charts on request (include_charts)." + birthArgs},
	"post-progressions":                {"forecast", "Secondary progressions (a day for a year) to `date`: progressed planets and angles (angle_method solar_arc_ra), and progressed-to-natal aspects within orb (default 1)." + birthArgs},
	"post-solar-arc":                   {"forecast", "Solar arc directions to `date`: every natal point moved by the Sun's arc (key true_solar_arc), and directed-to-natal aspects within orb (default 1), optionally their perfections in range_start..range_end." + birthArgs},
	"post-primary-directions":          {"forecast", "Primary directions: ages and dates at which each planet or its aspects reach the Sun, Moon, Ascendant and Midheaven." + birthArgs},
	"post-transits-calendar":           {"forecast", "Transit calendar: each transit-to-natal aspect over start..end or a year, with orb entry, exact instants and exit; ingresses, stations, lunar phases on request. natal: the birth."},
	"post-profections":                 {"timelords", "Annual profections at an `age` or `date`: the profected sign and house, the lord of the year, and the monthly profections. from ascendant (default) or another point." + birthArgs},
	"post-zodiacal-releasing":          {"timelords", "Zodiacal releasing (Valens) from the Lot of Spirit (lot, default) or Fortune: level-1 periods through `years` (default 100) with their sub-periods (levels, default 2), peaks and loosing of the bond." + birthArgs},
	"post-zodiacal-releasing-at-date":  {"timelords", "Zodiacal releasing: the periods in force at `date` at levels 1 to `levels` (default 4)." + birthArgs},
	"post-zodiacal-releasing-timeline": {"timelords", "Zodiacal releasing: every period of levels 1..`levels` (default 2) overlapping start..end (billed per 1000 periods)." + birthArgs},
	"post-firdaria":                    {"timelords", "Firdaria (Persian time lords): the nine periods of the 75-year round with their sub-periods, by day or night birth." + birthArgs},
	"post-firdaria-at-age":             {"timelords", "Firdaria: the period and sub-period in force at an `age` (years) or a `date`." + birthArgs},
	"post-firdaria-timeline":           {"timelords", "Firdaria: the periods and sub-periods overlapping start..end." + birthArgs},
	// vedic
	"post-vedic-natal":              {"vedic", "Vedic rasi chart: lagna and the nine grahas with sidereal sign, nakshatra and pada, house, dignity and combustion; bhavas with lords and occupants." + birthArgs + vedicArgs},
	"post-vedic-nakshatra":          {"vedic", "The Moon's nakshatra at birth: name, pada, lord and deity." + birthArgs + vedicArgs},
	"post-vedic-vargas":             {"vedic", "The sixteen divisional charts (D1 to D60) of Parashara: each graha's and the lagna's sign, with vargottama." + birthArgs + vedicArgs},
	"post-vedic-varga":              {"vedic", "One divisional chart by name (path argument `name`: d1, d2, d3, d4, d7, d9, d10, d12, d16, d20, d24, d27, d30, d40, d45, d60)." + birthArgs + vedicArgs},
	"post-vedic-dasha":              {"vedic", "Vimshottari, Yogini or Ashtottari (system) dasha periods from the birth: mahadashas, with deeper levels on request (levels 1-5; 4 and 5 within from..to)." + birthArgs + vedicArgs},
	"post-vedic-yoga":               {"vedic", "Classical yogas present in the chart (66 checked: Mahapurusha, Gaja Kesari, Raja, Dhana, Viparita, Neecha Bhanga, ...), each with the rule that fired and its grahas." + birthArgs + vedicArgs},
	"post-vedic-dosha":              {"vedic", "Every dosha: Manglik (Kuja), Kaal Sarp, Kemadruma and the conjunction doshas (Grahan, Guru Chandal, Pitra, Shrapit, Angarak), each with severity and the cancellations that apply." + birthArgs + vedicArgs},
	"post-vedic-dosha-manglik":      {"vedic", "Manglik (Kuja) dosha alone: Mars from the lagna, Moon and Venus, severity and cancellations." + birthArgs + vedicArgs},
	"post-vedic-dosha-kaal-sarp":    {"vedic", "Kaal Sarp dosha alone: whether all grahas lie between Rahu and Ketu, its type and severity." + birthArgs + vedicArgs},
	"post-vedic-shadbala":           {"vedic", "Shadbala: the six-fold strength of Sun to Saturn in virupas and rupas, with the required minimum and rank." + birthArgs + vedicArgs},
	"post-vedic-ashtakavarga":       {"vedic", "Ashtakavarga: the bhinnashtakavarga of each graha and the sarvashtakavarga by sign." + birthArgs + vedicArgs},
	"post-vedic-matching":           {"relationships", "Kundli matching of two births: Ashtakoota (Guna Milan, of 36) with each koota's points and rule, nadi and bhakoot doshas with their named exceptions, both charts' Manglik dosha and the verdict." + twoPeople + " person1_role: groom (default) or bride."},
	"post-vedic-matching-porutham":  {"relationships", "South Indian Dasa Porutham of two births: the ten poruthams (dina, gana, mahendra, stree deergha, yoni, rasi, rasyadhipati, vasya, rajju, vedha), each agreeing or not with its grade and rule; rajju or vedha failing rejects the match." + twoPeople + " person1_role: groom (default) or bride; stree_deergha, dina_12_14_16, porutham_exceptions."},
	"post-vedic-panchang":           {"panchang", "Panchang of a day at a place: tithi, vara, nakshatra, yoga and karana with their times, sunrise and sunset, moonrise and moonset, rahu kalam and other muhurtas; the day's Hindu calendar date. year, month, day; place; timezone."},
	"post-vedic-calendar":           {"panchang", "Hindu calendar date of a day at a place (at sunrise): amanta and purnimanta month with adhika/nija/kshaya, paksha, tithi, Shaka and Vikram years, North and South Indian samvatsara, ritu, ayana. year, month, day; place; timezone."},
	"post-vedic-calendar-gregorian": {"panchang", "Civil days of a Hindu date at a place: year (Shaka; era vikram), masa, adhika, scheme (amanta default, purnimanta), paksha, tithi 1-15; the days whose sunrise falls in the tithi. Place; timezone."},
	"post-vedic-muhurta":            {"panchang", "Muhurta of a day at a place: sunrise, sunset, rahu kaal, yamaganda, gulika kaal, abhijit, brahma muhurta, durmuhurta, day and night choghadiya, 24 horas. year, month, day (or date); place; timezone."},
	"post-vedic-muhurta-search":     {"panchang", "Find windows in a range (start, end or year; at most 366 days) at a place whose panchang meets tithis (1-30), nakshatras (1-27), weekdays, yogas, karanas; exclude rahu_kaal etc.; daytime_only."},
	// kp
	"post-vedic-kp-chart":          {"kp", "KP chart of a birth: the 12 Placidus cusps and 9 grahas, each with sign, star, sub and sub-sub lords; each house's four levels of significators and each graha's houses." + birthArgs + kpArgs},
	"post-vedic-kp-ruling-planets": {"kp", "KP ruling planets at a moment and place: day lord (from sunrise), the Moon's and the ascendant's sign, star and sub lords, and the nodes that join them." + instant + " Place: latitude/longitude or `location`." + kpArgs},
	"get-vedic-kp-subs":            {"kp", "The 249 KP sub-divisions (the horary numbers 1-249): start and end degrees, sign, nakshatra, sign, star and sub lords."},
	"post-vedic-kp-horary":         {"kp", "KP horary chart of a number 1-249: the ascendant at the start of that sub, Placidus cusps for the sidereal time it rises at the place, the grahas of the moment, significators and ruling planets." + instant + " Place: latitude/longitude (within 66 degrees of the equator) or `location`." + kpArgs},
	// chinese
	"post-chinese-bazi":           {"chinese", "BaZi four pillars of a birth: year, month, day and hour stems and branches with elements and animals, day master, element counts. year, month, day, hour (required), minute, timezone (default UTC; auto and LMT with latitude/longitude or location); day_boundary zi_start (default) or midnight."},
	"post-chinese-luck-pillars":   {"chinese", "Luck pillars (Da Yun) of a birth: direction, start age from the jie, ten-year pillars with their years; annual pillars of a range. Birth as bazi; sex (required)."},
	"post-chinese-analysis":       {"chinese", "BaZi analysis of a birth: ten gods to the day master, hidden stems, the day master's seasonal strength, combinations, clashes, harms, punishments. Birth as bazi."},
	"post-chinese-solar-terms":    {"chinese", "The 24 solar terms of a Gregorian `year` with their instants (UTC and Beijing time)."},
	"post-chinese-lunar-date":     {"chinese", "Chinese lunar date of a Gregorian `date`: lunar year, month, leap flag, day, sexagenary year, month and day."},
	"post-chinese-gregorian-date": {"chinese", "Gregorian date of a Chinese lunar date: lunar_year, lunar_month, leap_month, lunar_day."},
	"post-chinese-animal":         {"chinese", "The Chinese zodiac animal, element and sexagenary year beginning in a Gregorian `year` (from Lichun, about 4 February), with traits and best matches."},
	"post-chinese-compatibility":  {"chinese", "Chinese compatibility of two people (person1, person2: year, month, day, hour, minute, timezone): animal harmony, branch interactions, element balance, day masters, scored 1 to 10."},
	// mayan
	"post-mayan-tzolkin":       {"mayan", "The Tzolk'in day of a date: tone (1-13), day sign, both together (\"4 Ajaw\"), its place in the 260 days, meanings. year, month, day (Julian before 1582-10-15 unless calendar says gregorian or julian); correlation (default GMT 584283)."},
	"post-mayan-chart":         {"mayan", "The Maya calendar of a date: Tzolk'in, Haab', Long Count, Lord of the Night, year bearer, Calendar Round and an interpretation. year, month, day (Julian before 1582-10-15 unless calendar says); correlation (default GMT 584283)."},
	"post-mayan-compatibility": {"mayan", "Maya compatibility of two dates (person1, person2: year, month, day, each its calendar): sign and tone compatibility, each scored 1-10 with its rule, and their mean."},
	// places
	"post-timezone-lookup":  {"places", "The IANA time zone at a latitude/longitude, with its offset and DST state at `datetime` (default now)."},
	"get-timezone":          {"places", "A time zone by IANA name (path argument `name`, e.g. Europe/Paris): offset, abbreviation and DST at `datetime` (default now)."},
	"get-timezone-search":   {"places", "Time zones whose names match `q` (a city or zone fragment)."},
	"get-timezone-list":     {"places", "Every IANA time zone with its current offset."},
	"get-geocoding-search":  {"places", "Places matching a name (`q`, e.g. \"Paris, TX\"): name, country, latitude, longitude, time zone, population. country filter; limit (default 10)."},
	"get-geocoding-reverse": {"places", "The nearest places to a latitude/longitude, with country and time zone. limit (default 1)."},
	// account
	"get-usage":       {"account", "The calling key's account usage: calls today and this month against the plan's limits, and per-day, per-route statistics over `days` (default 30)."},
	"get-usage-chart": {"account", "The account's usage over `days` (default 30) as chart data, labels and series: type usage (default), endpoints, response_time or hourly_pattern."},
	// docs
	"get-docs-search": {"docs", "Search the astroapi guide and OpenAPI reference (`q`), or get one tool's full description and complete input schema (`tool`, e.g. natal). Free, no key needed."},
}

// clauseEnd ends the first clause of a field's documentation: a
// semicolon, a parenthesis, or the end of a sentence.
var clauseEnd = regexp.MustCompile(`;|\s\(|\.\s`)

// compactDescription is the first clause of a field's documentation (the
// schemas' docs put the gist first, the details after a semicolon or in
// parentheses), or "" when that clause only restates the field's name.
func compactDescription(name, doc, dflt string) string {
	if selfEvident[name] {
		return ""
	}
	if loc := clauseEnd.FindStringIndex(doc); loc != nil {
		doc = doc[:loc[0]]
	}
	// "lunar node: true" or "calendar of the date: gregorian or julian
	// ...": what follows a colon is the default or the enumeration, which
	// the schema states; a short rest (a format, "YYYY-MM-DD") stays.
	if head, rest, ok := strings.Cut(doc, ": "); ok && (len(rest) > 16 || rest == dflt) {
		doc = head
	}
	doc = strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(doc), "."))
	norm := func(s string) string {
		s = strings.ToLower(strings.NewReplacer("_", " ", ",", "", "-", " ").Replace(s))
		for _, w := range []string{"birth ", "the ", "of the ", " in degrees"} {
			s = strings.ReplaceAll(s, w, "")
		}
		return strings.Join(strings.Fields(s), " ")
	}
	if n := norm(doc); n == norm(name) || strings.HasPrefix(n, norm(name)+" 0") || n == "" {
		return ""
	}
	return doc
}

// selfEvident are the fields of the shared date and birth inputs whose
// name says what their first clause would ("day of the month"): their
// compact schemas keep the type and bounds' error messages say the rest.
// On some sixty tools that sent the whole list past its token budget.
var selfEvident = map[string]bool{"year": true, "month": true, "day": true, "hour": true, "minute": true, "second": true, "calendar": true}

// dropReadOnly removes from a tool's input schema, in place, what a caller
// never sends: the properties marked readOnly (the facts an input's echo
// states, such as a birth packet's utc and julian_day, which the operation
// ignores on input), and the definitions only they used.
func dropReadOnly(s map[string]any) {
	var drop func(m map[string]any)
	drop = func(m map[string]any) {
		if props, ok := m["properties"].(map[string]any); ok {
			for name, v := range props {
				if p, ok := v.(map[string]any); ok {
					if p["readOnly"] == true {
						delete(props, name)
						continue
					}
					drop(p)
				}
			}
		}
		for _, k := range []string{"items", "additionalProperties"} {
			if p, ok := m[k].(map[string]any); ok {
				drop(p)
			}
		}
		for _, k := range []string{"anyOf", "oneOf", "allOf"} {
			if list, ok := m[k].([]any); ok {
				for _, e := range list {
					if p, ok := e.(map[string]any); ok {
						drop(p)
					}
				}
			}
		}
	}
	drop(s)
	defs, ok := s["$defs"].(map[string]any)
	if !ok {
		return
	}
	for _, d := range defs {
		if p, ok := d.(map[string]any); ok {
			drop(p)
		}
	}
	// Keep the definitions referenced from the schema, and from those.
	used := map[string]bool{}
	var refs func(v any)
	refs = func(v any) {
		switch x := v.(type) {
		case map[string]any:
			for k, e := range x {
				if r, ok := e.(string); ok && k == "$ref" {
					name := r[strings.LastIndexByte(r, '/')+1:]
					if !used[name] {
						used[name] = true
						refs(defs[name])
					}
					continue
				}
				if k != "$defs" {
					refs(e)
				}
			}
		case []any:
			for _, e := range x {
				refs(e)
			}
		}
	}
	refs(s)
	for name := range defs {
		if !used[name] {
			delete(defs, name)
		}
	}
	if len(defs) == 0 {
		delete(s, "$defs")
	}
}

// longEnum is the most values a property's enumeration lists in a tool's
// schema. A longer one (the 47 ayanamsas, the 24 house systems), which
// would be repeated in every tool that takes a zodiac or houses, is
// named by its first values in the property's description instead: the
// operation refuses any other value with an error listing them all and
// suggesting the nearest, and the documentation tool gives the full
// schema.
const longEnum = 16

// enumGist names a long enumeration in a few words: how many values, the
// first eight, and where the rest are.
func enumGist(vals []any) string {
	first := make([]string, 0, 8)
	for _, v := range vals[:min(8, len(vals))] {
		first = append(first, fmt.Sprint(v))
	}
	return fmt.Sprintf("one of %d: %s, ... (get_docs_search lists all)", len(vals), strings.Join(first, ", "))
}

// compactSchema rewrites a tool's JSON Schema for a model's context, in
// place: the structure, types, enumerations (but long ones, see
// longEnum), defaults and required lists stay; titles, formats, examples and bounds go (the operation refuses an
// out-of-range value with an error naming the field and its bounds), a
// default that is the type's zero value goes (absent is zero), and
// descriptions keep their first clause (the documentation tool and the
// OpenAPI document keep the rest).
func compactSchema(s map[string]any) {
	for _, k := range []string{"title", "format", "examples", "minimum", "maximum"} {
		delete(s, k)
	}
	switch s["default"] {
	case false, 0, 0.0, int64(0), "":
		delete(s, "default")
	}
	delete(s, "description") // a property's is set by its parent, below
	if props, ok := s["properties"].(map[string]any); ok {
		for name, v := range props {
			p, ok := v.(map[string]any)
			if !ok {
				continue
			}
			doc, _ := p["description"].(string)
			dflt := ""
			if v, ok := p["default"]; ok {
				dflt = fmt.Sprint(v)
			}
			compactSchema(p)
			d := compactDescription(name, doc, dflt)
			if vals, ok := p["enum"].([]any); ok && len(vals) > longEnum {
				delete(p, "enum")
				d = strings.TrimPrefix(d+"; ", "; ") + enumGist(vals)
			}
			if d != "" {
				p["description"] = d
			}
		}
	}
	for _, k := range []string{"items", "additionalProperties"} {
		if m, ok := s[k].(map[string]any); ok {
			compactSchema(m)
		}
	}
	for _, k := range []string{"anyOf", "oneOf", "allOf"} {
		if list, ok := s[k].([]any); ok {
			for _, e := range list {
				if m, ok := e.(map[string]any); ok {
					compactSchema(m)
				}
			}
		}
	}
	if defs, ok := s["$defs"].(map[string]any); ok {
		for _, v := range defs {
			if m, ok := v.(map[string]any); ok {
				compactSchema(m)
			}
		}
	}
}
