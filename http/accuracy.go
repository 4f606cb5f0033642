package http

import (
	"bytes"
	"html/template"
	"math"
	"strconv"

	"github.com/astroapi/astroapi/tables"
)

// The accuracy page (/docs/api/accuracy) publishes how close our answers
// are to independent references, in two parts: the table file's own
// verification (what the generator measured against the Swiss Ephemeris
// when it fitted the tables this server reads), and the comparisons our
// tests make through HTTP, each with the bound the named test enforces in
// CI and the worst error it measured when last recorded.

// TableCheck is one recorded verification of a precomputed table.
type TableCheck struct {
	Kind, Table, Quantity, Unit string
	Tolerance, Worst            float64
	Samples                     int
}

// TableChecks is the recorded verification of the tables t (nil for none).
func TableChecks(t *tables.Set) []TableCheck {
	if t == nil {
		return nil
	}
	var out []TableCheck
	for _, v := range t.Verifications() {
		out = append(out, TableCheck{Kind: string(v.Kind), Table: v.Table, Quantity: v.Quantity, Unit: v.Unit,
			Tolerance: v.Tolerance, Worst: v.Worst, Samples: v.Samples})
	}
	return out
}

// comparison is one reference comparison made by a test.
type comparison struct {
	What, Reference, Sample, Tolerance, Measured string
	Test                                         string // package path and test function
}

// comparisons are the published comparisons. Every Test names a function
// that exists (TestAccuracyTestsExist); the tolerance is what it enforces.
var comparisons = []comparison{
	{"Natal chart: planets, cusps, ASC and MC through HTTP, from the tables and from libswe", "swetest 2.10 (the Swiss Ephemeris' command line)", "200+ births", `0.005"`, `planets 0.00036", cusps 0.0011" worst`, "http/routes/natal.TestNatalAgainstSwetest"},
	{"Synastry through HTTP: both charts and the inter-aspects", "swetest 2.10 (both births); inter-aspects against a brute force over every pair of points", "120 pairs, 6,960 numbers, 11,881 inter-aspects", `1"; every pair within orb present, orbs 0.001 degree`, `0.0007" worst; orbs 1e-7 degree`, "http/routes/relationship.TestSynastryAgainstSwetest"},
	{"Composite charts through HTTP (near midpoints, both house methods)", "midpoints of swetest 2.10 positions; derived houses cast by swetest at the composite ARMC and latitude", "40 composites, 1,172 numbers", `1"`, `0.0005" worst`, "http/routes/relationship.TestCompositeAgainstSwetest"},
	{"Composite near midpoints (engine)", "published hand-worked composite midpoints, cited in the test", "the published pairs", "the source's rounding", "within bound", "engine/relation.TestMidpointPublished"},
	{"Davison charts through HTTP (midpoint in UT, great-circle midpoint in space)", "swetest 2.10 at the computed instant and place", "40 charts, 1,704 numbers", `1"`, `0.0004" worst`, "http/routes/relationship.TestDavisonAgainstSwetest"},
	{"Davison chart against the natal route at the echoed instant and place", "POST /api/v1/natal", "the 40 fixture pairs, from the tables and from libswe", "byte for byte", "equal", "http/routes/relationship.TestDavisonIsNatal"},
	{"House cusps, ASC, MC, ARMC, Vertex and East Point of the eight systems through HTTP", "swetest 2.10 -house", "60 births, 6,120 numbers, polar fallbacks included", `1"`, `0.0008" worst`, "http/routes/houses.TestHousesAgainstSwetest"},
	{"Aspected points from birth data through HTTP, aspects against a brute force", "swetest 2.10; a brute force over every pair", "2,040 points, 5,566 aspects", `1"`, `0.0007" worst`, "http/routes/aspects.TestAspectsFromBirthAgainstSwetest"},
	{"Arabic parts (the catalog's formulas, sect) through HTTP", "the formulas over swetest 2.10 positions", "4,080 lots in 121 day and 119 night charts", `1"`, `0.0015" worst`, "http/routes/parts.TestArabicPartsAgainstSwetest"},
	{"Part of Fortune (engine)", "published hand-worked examples (Heindel 1928 and others, cited in the test)", "day and night charts", "the source's rounding", "within bound", "engine/parts.TestFortunePublished"},
	{"Sun to Pluto, apparent of date (engine)", "PyEphem (libastro, an independent theory)", "instants 1885-2099", `60"`, "passes (catches frame and aberration mistakes)", "engine/swe.TestPyEphem"},
	{"A birth's historic UTC offset through HTTP", "Python zoneinfo (IANA tz)", "local times across DST changes and zone history", "exact to the second; gaps a 422", "exact", "http/routes/natal.TestNatalZoneinfo"},
	{"Offline geocoding index", "GeoNames cities500", "every place of 1,000 inhabitants or more", "at least 115,000 places, each with zone and country", "about 118,500", "engine/places.TestIndexCoversPlacesOf1000"},
	{"Eclipse catalog instants through HTTP", "astronomy-engine (an independent theory)", "every solar and lunar eclipse 1800-2399 (2,871)", "60 s", "50 s TT worst", "http/routes/eclipses.TestCatalogAgainstAstronomyEngine"},
	{"Eclipse Saros, type, gamma, magnitude, duration through HTTP", "NASA's Five Millennium Canon (Espenak and Meeus)", "published rows of engine/eclipses/testdata/nasa.tsv", "Saros and type exact; gamma 0.0003, magnitude 0.003, duration 2 s", "within bound", "http/routes/eclipses.TestAgainstNASA"},
	{"43 fixed stars, precession corrected, through HTTP", "swetest -xf (sefstars.txt)", "every star at several dates", `1"`, `0.00061" worst`, "http/routes/stars.TestIndexAgainstSwetest"},
	{"Vedic (Lahiri) sidereal longitudes, lagna and ayanamsa through HTTP", "swetest -sid1", "births in three zones, both node types", `1"`, "within bound", "http/routes/vedic.TestNatalAgainstSwetest"},
	{"Nakshatra and pada through HTTP", "swetest -sid1", "births", "same nakshatra and pada", "exact", "http/routes/vedic.TestNakshatraAgainstSwetest"},
	{"Panchang (tithi, yoga, karana, vara) through HTTP", "swetest Sun and Moon", "dates", "same element", "exact", "http/routes/vedic.TestPanchangAgainstSwetest"},
	{"BaZi four pillars through HTTP", "lunar-javascript (6tail)", "3,400 date-times, solar-term boundaries included", "same pillars", "all equal", "http/routes/chinese.TestBaziLunarJavaScript"},
	{"Solar term instants through HTTP", "swetest Sun longitude", "terms 1800-2399", "1 s", "0.046 s worst", "http/routes/chinese.TestSolarTermsSwetest"},
	{"Mayan Long Count, Tzolk'in and Haab' through HTTP", "published dated monuments and Pakal's birth and death (correlations 584283, 584285, 584286)", "17 anchor dates entered as published (Julian before 1582), cited in the test", "exact", "exact", "http/routes/mayan.TestAnchors"},
	{"Solar return instants through HTTP (return charts equal to the natal route's at the instant)", "a root found in the test on swetest 2.10 positions", "39 returns", "1 s", "0.0009 s worst", "http/routes/timing.TestSolarReturnsSwetest"},
	{"Lunar return instants through HTTP", "a root found in the test on swetest 2.10 positions", "67 returns (five ranges of a year)", "1 s", "0.0007 s worst", "http/routes/timing.TestLunarReturnsSwetest"},
	{"Planetary return passes (Mercury to Uranus) through HTTP", "a root found in the test on swetest 2.10 positions", "210 passes, stations included", "1 s", "0.0021 s worst", "http/routes/timing.TestPlanetaryReturnsSwetest"},
	{"Secondary progressions and the solar arc through HTTP", "swetest 2.10 at the progressed instant", "30 progressions (tropical and Lahiri, both year lengths, up to 100 years on)", `1"`, `planets 0.0004", angles 0.0013", arc 0.0000" worst`, "http/routes/timing.TestProgressionsSwetest"},
	{"Zodiacal releasing periods at four levels through HTTP", "published worked example (windsoftheplanets.com, 2016: Emperor Akihito)", "the dated periods of levels 1 to 4, cited in the test", "same sign and day", "exact", "http/routes/timing.TestReleasingAkihito"},
	{"Firdaria lords, sub-periods and ages through HTTP", "published firdariyyat table (Abu Ma'shar's order, nodes at the end)", "diurnal, nocturnal and nodes-after-Mars sequences: every lord, length and sub-period lord; four printed ages", "lords exact; ages 0.0015 year (printed to three decimals)", "within bound", "http/routes/timing.TestFirdariaTable"},
	{"Planets, Chiron and the asteroids at an instant through HTTP: tropical, sidereal, topocentric, heliocentric", "swetest 2.10 with the matching flags (-sid, -topo, -hel)", "150 instants 1800-2400, 18 bodies, each frame", `1"; speed 1e-5 deg/day`, `0.00071" worst (Moon), speed 6e-6 deg/day`, "http/routes/sky.TestPlanetsAgainstSwetest"},
	{"Sun to Pluto and the Moon through HTTP", "astronomy-engine (VSOP87 and its own lunar theory: independent)", "150 instants 1800-2400", `60"`, `44.6" worst (Pluto longitude)`, "http/routes/sky.TestPlanetsAgainstAstronomyEngine"},
	{"Chiron, Ceres, Pallas, Juno, Vesta through HTTP (tropical and topocentric)", "swetest 2.10", "250 positions", `1"`, `0.00018" worst`, "http/routes/sky.TestAsteroidsAgainstSwetest"},
	{"Ephemeris rows (JSON and CSV) through HTTP, tropical and sidereal", "swetest 2.10", "900 positions a zodiac (50 starts, 18 bodies)", `1"`, `0.00036" worst (7 decimals written)`, "http/routes/sky.TestEphemerisAgainstSwetest"},
	{"Historical instants (Julian calendar, 3000 BC to AD 2399) and their positions through HTTP", "swetest 2.10 -b ...jul/greg and -bj", "96 dates; 1,105 Moshier and 143 file positions", `instant 1e-5 day; 1"`, `Moshier 0.021", files 0.0003" worst`, "http/routes/sky.TestHistoricalAgainstSwetest"},
	{"New moons, quarters and full moons through HTTP", "astronomy-engine SearchMoonQuarter refined on swetest's apparent longitudes", "120 quarters in ten windows of 1800-2400", "60 s", "0.0052 s worst", "http/routes/sky.TestPhasesAgainstReference"},
	{"The Moon's next sign ingress through HTTP", "a root found on swetest's apparent longitudes", "120 ingresses", "60 s", "0.0048 s worst", "http/routes/sky.TestMoonIngressAgainstReference"},
	{"The Moon's illuminated fraction and phase angle through HTTP", "swe_pheno_ut (swetest) and astronomy-engine", "150 instants", "fraction 1e-5 and 1e-4; angle 0.001 and 0.01 deg", "fraction 1.1e-6 and 5.1e-5; angle 0.00022 and 0.0065 deg worst", "http/routes/sky.TestMoonIllumination"},
	{"Retrograde stations of Mercury to Pluto through HTTP", "roots found on swetest's daily speeds", "94 stations in five years of 1800-2400", "300 s", "47 s worst (Neptune; Mercury 0.05 s)", "http/routes/sky.TestStationsAgainstReference"},
	{"Void-of-course Moon periods through HTTP: last aspect and both instants", "a brute force over libswe positions in the test", "34 periods (traditional 2024, modern 1850, Lahiri 2150)", "same aspect and planet; 60 s", "0.036 s worst", "http/routes/sky.TestVoidAgainstBruteForce"},
	{"Transit sky and its mundane aspects through HTTP", "libswe (Swiss Ephemeris files) and a brute force over every pair", "92 positions at six instants", `0.001"; orbs 0.001 deg`, `0.00026" worst; orbs exact`, "http/routes/transits.TestSkyAgainstLibswe"},
	{"Transits to a natal chart through HTTP: aspects, orbs, applying, perfections", "a brute force over libswe positions in the test", "140 aspects, 146 perfections in four charts (one of 44 BC)", "all pairs present; orbs 0.001 deg; instants 60 s", "orbs 1.6e-8 deg, instants 0.03 s worst", "http/routes/transits.TestToNatalBruteForce"},
}

// accuracyRow is a table check as the page shows it.
type accuracyRow struct {
	Kind, Table, Quantity, Unit, Tolerance, Worst string
	Samples                                       int
	Chart                                         template.HTML // errorChart of the check
}

// comparisonRow is a comparison as the page shows it, with its chart.
type comparisonRow struct {
	comparison
	Chart template.HTML
}

func renderAccuracy(checks []TableCheck) ([]byte, error) {
	rows := make([]accuracyRow, len(checks))
	for i, c := range checks {
		rows[i] = accuracyRow{Kind: c.Kind, Table: c.Table, Quantity: c.Quantity, Unit: c.Unit,
			Tolerance: num(c.Tolerance), Worst: num(c.Worst), Samples: c.Samples,
			Chart: errorChart(errorData{Unit: " " + c.Unit, Bound: c.Tolerance, Points: []errorPoint{{Value: c.Worst}}, Samples: c.Samples})}
	}
	comps := make([]comparisonRow, len(comparisons))
	for i, c := range comparisons {
		comps[i] = comparisonRow{comparison: c, Chart: errorChart(c.errorData())}
	}
	var buf bytes.Buffer
	err := pageTmpl.ExecuteTemplate(&buf, "accuracy", map[string]any{"Tables": rows, "Comparisons": comps, "Version": Version})
	return buf.Bytes(), err
}

// num writes a figure with two significant digits.
func num(f float64) string {
	if f == 0 || math.IsNaN(f) {
		return strconv.FormatFloat(f, 'g', -1, 64)
	}
	return strconv.FormatFloat(f, 'g', 2, 64)
}
