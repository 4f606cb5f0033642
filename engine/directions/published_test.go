package directions

import (
	"math"
	"testing"
	"time"

	"github.com/astroapi/astroapi/engine"
	"github.com/astroapi/astroapi/engine/accuracy/measure"
	"github.com/astroapi/astroapi/tables/tablestest"
)

// TestPublishedExamples reproduces the worked primary directions found
// with their figures, through the functions Compute directs with (the
// Placidian place of a point, mundane, and the arc that carries a
// promissor to a place, solve), each under its source's own conventions.
// Neither example can go through the route itself: Ptolemy's is a sky
// without a birth, and flatlib's significator is Mercury, which the route
// does not direct to (its significators are the Sun, Moon, Ascendant and
// Midheaven).
//
// Ptolemy, Tetrabiblos III, trans. J. M. Ashmand (London, 1822), book III
// chapter XV "Exemplification" (the pages after p. 96;
// sacred-texts.com/astro/ptb/ptb59.htm), Ptolemy's own example of his
// proportion of temporal hours, which is the Placidus semi-arc method in
// zodiaco: the prorogatory place is the first point of Aries, the
// following (anaeretic) place the first point of Gemini, both ecliptic
// points without latitude, in the clime whose longest day is 14 hours
// (Lower Egypt, 30°22' N in Almagest II.6), obliquity 23°51'20" (Almagest
// I.12). The first point of Gemini comes to the place of the first point
// of Aries after 46 times when Aries rises, 58 when it culminates, 70 when
// it sets, and 64 when it stands three temporal hours past the meridian
// (Gemini's horary times 17, its distance from the meridian 13 times at
// birth and 51 at the meeting). Ptolemy gives whole times, approximately
// ("proxime" in the medieval Latin, which has 57 for the Midheaven): the
// exact arcs under his obliquity and latitude are 45.08, 57.74, 70.39 and
// 64.06, so the text's figures are rounded and evened out (his three
// angles step by 12 times; the exact steps are 12.66, the ascensional
// difference of the first point of Gemini at 30°22'). The bound is one
// time (1°): the text's worst figure, the Ascendant's, is 0.92 from the
// exact arc, the others within 0.4.
//
// flatlib (João Ventura, github.com/flatangle/flatlib,
// recipes/primarydirections.py, "Compute arc in zodiaco" and "in mundo"):
// 13 March 2015 17:00 UT, 38°32' N 8°54' W, Mars directed to Mercury by
// the semi-arc method: 56.17347° in zodiaco, 56.74266° in mundo. Its
// conventions (flatlib/predictives/primarydirections.py, utils.py): the
// obliquity fixed at 23.44°, the right ascension of the Midheaven from the
// Midheaven's longitude at that obliquity, both bodies with their ecliptic
// latitude in mundo and both without it in zodiaco (the significator
// too). The bound is 1e-4° (0.4"): the source prints five decimals, and
// its positions are the Swiss Ephemeris' (ours from the tables agree to
// milliarcseconds); the measured differences are 7e-6 and 1.2e-5°. Under
// the route's conventions (true obliquity 23.43491°, the RAMC of the
// houses) the same two arcs are 0.0013° and 0.0015° smaller, within the
// issue's 0.05°; the route's in zodiaco would also keep Mercury's latitude
// (a significator is directed to where it stands), which this source does
// not.
func TestPublishedExamples(t *testing.T) {
	cmp := measure.Compare(t, measure.About{
		What: "Primary directions from the functions behind POST /api/v1/directions/primary (a point's Placidian place and the arc carrying a promissor to it), fed the published examples' own skies and conventions",
		Reference: "Ptolemy, Tetrabiblos III ch. XV, trans. Ashmand (1822): the first point of Gemini directed to the first point of Aries in zodiaco at 30°22' N, obliquity 23°51'20\", given in whole times (46, 58, 70, 64); " +
			"flatlib's recipe recipes/primarydirections.py: Mars to Mercury, 2015-03-13 17:00 UT, 38°32' N 8°54' W, semi-arc method, obliquity 23.44° (56.17347° in zodiaco, 56.74266° in mundo)",
		Sample: "Ptolemy's four positions of the prorogatory place (Ascendant, Midheaven, Descendant, three temporal hours past the Midheaven) with the two intermediate figures he gives (Gemini's horary times, its distance from the meridian), and flatlib's one direction in both modes",
	})
	ptolemy := cmp.Quantity("Ptolemy's arcs (whole times)", "deg", 1, 0.95)
	flatlib := cmp.Quantity("flatlib's arcs", "deg", 1e-4, 2e-5)

	// Ptolemy: a sky given by the place of the first point of Aries.
	eps := 23 + 51.0/60 + 20.0/3600
	phi := 30 + 22.0/60
	aries, gemini := eclipticPlace(0, eps), eclipticPlace(60, eps)
	for _, c := range []struct {
		where      string
		ramc, want float64
	}{
		{"Ascendant", 270, 46},              // Aries 0° rising: RAMC = its right ascension - 90°
		{"Midheaven", 0, 58},                // culminating
		{"Descendant", 90, 70},              // setting
		{"three hours past the MC", 45, 64}, // a point of the equator runs 15° a temporal hour
	} {
		mu, ok := mundane(Placidus, c.ramc-aries.ra, aries.dec, phi)
		if !ok {
			t.Fatalf("%s: the first point of Aries has no place", c.where)
		}
		arc, ok := solve(Placidus, gemini, phi, c.ramc, mu)
		if !ok {
			t.Fatalf("%s: no arc", c.where)
		}
		ptolemy.Add(math.Abs(arc-c.want), "Ptolemy, Aries on the "+c.where, arc)
	}
	// The intermediate figures of the fourth case: Gemini's horary times
	// (a sixth of its diurnal semi-arc) and its distance from the
	// meridian at birth.
	dsa := math.Acos(-math.Tan(phi*deg)*math.Tan(gemini.dec*deg)) / deg
	ptolemy.Add(math.Abs(dsa/6-17), "Ptolemy, horary times of Gemini", dsa/6)
	ptolemy.Add(math.Abs(gemini.ra-45-13), "Ptolemy, Gemini's distance from the meridian", gemini.ra-45)

	// flatlib: the chart of the recipe, its coordinates at ε = 23.44°.
	pos := tablestest.Positions(t)
	jd := engine.JDOf(time.Date(2015, 3, 13, 17, 0, 0, 0, time.UTC))
	lat, lon := 38+32.0/60, -(8 + 54.0/60)
	hs, err := pos.Houses(jd, lat, lon, engine.Placidus, "")
	if err != nil {
		t.Fatal(err)
	}
	mars, err := pos.Position(jd, engine.Mars, engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	mercury, err := pos.Position(jd, engine.Mercury, engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	const flatlibObliquity = 23.44
	ramc := equatorial(hs.Midheaven, 0, flatlibObliquity).ra
	for _, c := range []struct {
		mode string
		lat  bool // with the bodies' ecliptic latitudes
		want float64
	}{{"in mundo", true, 56.74266}, {"in zodiaco", false, 56.17347}} {
		pb, sb := 0.0, 0.0
		if c.lat {
			pb, sb = mars.Latitude, mercury.Latitude
		}
		p, s := equatorial(mars.Longitude, pb, flatlibObliquity), equatorial(mercury.Longitude, sb, flatlibObliquity)
		mu, ok := mundane(Placidus, ramc-s.ra, s.dec, lat)
		if !ok {
			t.Fatal("Mercury has no place")
		}
		arc, ok := solve(Placidus, p, lat, ramc, mu)
		if !ok {
			t.Fatal("no arc")
		}
		flatlib.Add(math.Abs(arc-c.want), "flatlib, Mars to Mercury "+c.mode, arc)
	}
}

// equatorial returns the equatorial place of ecliptic longitude lon and
// latitude lat under obliquity eps, degrees.
func equatorial(lon, lat, eps float64) place {
	l, b, e := lon*deg, lat*deg, eps*deg
	dec := math.Asin(math.Sin(e)*math.Sin(l)*math.Cos(b) + math.Cos(e)*math.Sin(b))
	ra := math.Atan2(math.Sin(l)*math.Cos(e)-math.Tan(b)*math.Sin(e), math.Cos(l))
	return place{wrap360(ra / deg), dec / deg}
}
