package stars

// Category says why a star is in the catalog. The values are the API's wire
// values.
type Category string

// The categories.
const (
	// Behenian: one of the fifteen stars of Hermetic and medieval magic,
	// each with its stone and plant (Agrippa, De occulta philosophia,
	// 1533, book I, chapter 32).
	Behenian Category = "behenian"
	// Royal: one of the four royal stars of Persian tradition, the
	// watchers of the four quarters (Aldebaran east, Regulus north,
	// Antares west, Fomalhaut south).
	Royal Category = "royal"
	// Traditional: another star that traditional astrology uses most, in
	// Robson (1923) and Brady (1998): a bright star near the ecliptic, a
	// navigational or calendar star, or a star with a long interpretive
	// tradition.
	Traditional Category = "traditional"
)

// Categories lists the categories.
var Categories = []Category{Behenian, Royal, Traditional}

// EnumValues lists the wire values (engine.Enum).
func (Category) EnumValues() []string {
	out := make([]string, len(Categories))
	for i, c := range Categories {
		out[i] = string(c)
	}
	return out
}

// Info is a star's catalog entry.
type Info struct {
	Name           string     `json:"name" doc:"traditional name" example:"Aldebaran"`
	AlternateNames []string   `json:"alternate_names" doc:"other names the star is known and found by (Arabic, Latin and Sanskrit nakshatra names)"`
	Bayer          string     `json:"bayer" doc:"Bayer designation (for the cluster Praesepe, its Messier number)" example:"Alpha Tauri"`
	Constellation  string     `json:"constellation" doc:"constellation (Latin name)" example:"Taurus"`
	Magnitude      float64    `json:"magnitude" doc:"apparent visual magnitude (sefstars.txt, Hipparcos)"`
	Nature         []string   `json:"nature" doc:"Ptolemaic nature: the planets whose influence the star shares (Tetrabiblos I.9, as tabulated by Robson 1923)" example:"[\"Mars\"]"`
	Categories     []Category `json:"categories" doc:"why the star is in the catalog" enum:"behenian,royal,traditional"`
	Reason         string     `json:"reason" doc:"why the star is in the catalog, in words"`

	// key names the star's table ("deneb_adige"); se is the name
	// swe_fixstar2_ut looks it up by: "," and sefstars.txt's nomenclature
	// name, which unlike a traditional name is unique in the file.
	key string
	se  string
}

// Key returns the name of the star's position table: its name in lower
// case with spaces as underscores ("deneb_adige").
func (i *Info) Key() string { return i.key }

// SEName returns the name swe_fixstar2_ut finds the star by: "," and its
// nomenclature name in sefstars.txt (",alTau").
func (i *Info) SEName() string { return i.se }

// Count is the size of the catalog (spec 8).
const Count = 43

// The natures, as planet names.
const (
	sat = "Saturn"
	jup = "Jupiter"
	mar = "Mars"
	ven = "Venus"
	mer = "Mercury"
	moo = "Moon"
)

func n(p ...string) []string { return p }

var (
	beh   = []Category{Behenian}
	roy   = []Category{Royal}
	both  = []Category{Behenian, Royal}
	trad  = []Category{Traditional}
	whyBh = "Behenian star (Agrippa, De occulta philosophia I.32)"
)

// catalog is the star list, in order of ecliptic longitude at J2000,
// written once here.
//
// Sources. The fifteen Behenian stars: Agrippa, De occulta philosophia
// (1533), book I, chapter 32. The four royal stars: the Persian
// watchers of the quarters as Robson gives them. The other 27: the stars
// Vivian E. Robson, "The Fixed Stars and Constellations in Astrology"
// (1923), treats at length and Bernadette Brady, "Brady's Book of Fixed
// Stars" (1998), keeps among her working stars. Natures: Ptolemy,
// Tetrabiblos I.9, as Robson tabulates them. Bayer designations and
// constellations are standard (IAU); magnitudes are those of sefstars.txt
// (Swiss Ephemeris, from Hipparcos), which a test checks. Every name and
// alternate name is one sefstars.txt gives the same star (Arabic, Latin,
// and the Sanskrit names of the nakshatra stars), except "Pleiades" for
// Alcyone (the cluster's brightest star, standing for Agrippa's Pleiades)
// and "Praesepe", which the file calls "Praesepe Cluster". Stars are looked
// up in libswe by nomenclature name, because a traditional name can be
// ambiguous there: swe_fixstar2_ut("Menkar") finds lambda Ceti, not alpha.
var catalog = [Count]Info{
	{Name: "Alpheratz", AlternateNames: []string{"Sirrah"}, Bayer: "Alpha Andromedae", Constellation: "Andromeda", Magnitude: 2.06,
		Nature: n(jup, ven), Categories: trad, Reason: "head of Andromeda, joined to Pegasus; Robson and Brady", key: "alpheratz", se: ",alAnd"},
	{Name: "Mirach", AlternateNames: []string{}, Bayer: "Beta Andromedae", Constellation: "Andromeda", Magnitude: 2.05,
		Nature: n(ven), Categories: trad, Reason: "girdle of Andromeda; Robson and Brady", key: "mirach", se: ",beAnd"},
	{Name: "Hamal", AlternateNames: []string{}, Bayer: "Alpha Arietis", Constellation: "Aries", Magnitude: 2.01,
		Nature: n(mar, sat), Categories: trad, Reason: "brightest star of Aries; Robson and Brady", key: "hamal", se: ",alAri"},
	{Name: "Menkar", AlternateNames: []string{}, Bayer: "Alpha Ceti", Constellation: "Cetus", Magnitude: 2.53,
		Nature: n(sat), Categories: trad, Reason: "jaw of the Whale; Robson and Brady", key: "menkar", se: ",alCet"},
	{Name: "Algol", AlternateNames: []string{}, Bayer: "Beta Persei", Constellation: "Perseus", Magnitude: 2.12,
		Nature: n(sat, jup), Categories: beh, Reason: whyBh + " (Caput Algol)", key: "algol", se: ",bePer"},
	{Name: "Alcyone", AlternateNames: []string{"Pleiades", "Krttika"}, Bayer: "Eta Tauri", Constellation: "Taurus", Magnitude: 2.87,
		Nature: n(moo, mar), Categories: beh, Reason: whyBh + " (the Pleiades, of which Alcyone is the brightest)", key: "alcyone", se: ",etTau"},
	{Name: "Aldebaran", AlternateNames: []string{"Rohini"}, Bayer: "Alpha Tauri", Constellation: "Taurus", Magnitude: 0.86,
		Nature: n(mar), Categories: both, Reason: whyBh + "; royal star, Watcher of the East", key: "aldebaran", se: ",alTau"},
	{Name: "Rigel", AlternateNames: []string{}, Bayer: "Beta Orionis", Constellation: "Orion", Magnitude: 0.13,
		Nature: n(jup, sat), Categories: trad, Reason: "first-magnitude star, foot of Orion; Robson and Brady", key: "rigel", se: ",beOri"},
	{Name: "Bellatrix", AlternateNames: []string{"Durga"}, Bayer: "Gamma Orionis", Constellation: "Orion", Magnitude: 1.64,
		Nature: n(mar, mer), Categories: trad, Reason: "left shoulder of Orion; Robson and Brady", key: "bellatrix", se: ",gaOri"},
	{Name: "Capella", AlternateNames: []string{"Brahmahridaya"}, Bayer: "Alpha Aurigae", Constellation: "Auriga", Magnitude: 0.08,
		Nature: n(mar, mer), Categories: beh, Reason: whyBh + " (Hircus, the Goat)", key: "capella", se: ",alAur"},
	{Name: "El Nath", AlternateNames: []string{"Alnath"}, Bayer: "Beta Tauri", Constellation: "Taurus", Magnitude: 1.65,
		Nature: n(mar), Categories: trad, Reason: "northern horn of the Bull; Robson and Brady", key: "el_nath", se: ",beTau"},
	{Name: "Polaris", AlternateNames: []string{}, Bayer: "Alpha Ursae Minoris", Constellation: "Ursa Minor", Magnitude: 2.02,
		Nature: n(sat, ven), Categories: trad, Reason: "the pole star; Robson and Brady", key: "polaris", se: ",alUMi"},
	{Name: "Betelgeuse", AlternateNames: []string{"Beteigeuse", "Ardra"}, Bayer: "Alpha Orionis", Constellation: "Orion", Magnitude: 0.42,
		Nature: n(mar, mer), Categories: trad, Reason: "first-magnitude star, right shoulder of Orion; Robson and Brady", key: "betelgeuse", se: ",alOri"},
	{Name: "Sirius", AlternateNames: []string{"Lubdhaka"}, Bayer: "Alpha Canis Majoris", Constellation: "Canis Major", Magnitude: -1.46,
		Nature: n(jup, mar), Categories: beh, Reason: whyBh + " (Canis Major), the brightest star", key: "sirius", se: ",alCMa"},
	{Name: "Canopus", AlternateNames: []string{"Agastya"}, Bayer: "Alpha Carinae", Constellation: "Carina", Magnitude: -0.74,
		Nature: n(sat, jup), Categories: trad, Reason: "second-brightest star; Robson and Brady", key: "canopus", se: ",alCar"},
	{Name: "Castor", AlternateNames: []string{}, Bayer: "Alpha Geminorum", Constellation: "Gemini", Magnitude: 1.58,
		Nature: n(mer), Categories: trad, Reason: "head of the northern Twin; Robson and Brady", key: "castor", se: ",alGem"},
	{Name: "Pollux", AlternateNames: []string{"Punarvasu"}, Bayer: "Beta Geminorum", Constellation: "Gemini", Magnitude: 1.14,
		Nature: n(mar), Categories: trad, Reason: "head of the southern Twin; Robson and Brady", key: "pollux", se: ",beGem"},
	{Name: "Procyon", AlternateNames: []string{}, Bayer: "Alpha Canis Minoris", Constellation: "Canis Minor", Magnitude: 0.37,
		Nature: n(mer, mar), Categories: beh, Reason: whyBh + " (Canis Minor)", key: "procyon", se: ",alCMi"},
	{Name: "Praesepe", AlternateNames: []string{"Praesepe Cluster"}, Bayer: "Messier 44", Constellation: "Cancer", Magnitude: 3.7,
		Nature: n(mar, moo), Categories: trad, Reason: "the Beehive cluster, one of Ptolemy's nebulous stars; Robson and Brady", key: "praesepe", se: ",M44"},
	{Name: "Alphard", AlternateNames: []string{"Cor Hydrae"}, Bayer: "Alpha Hydrae", Constellation: "Hydra", Magnitude: 1.97,
		Nature: n(sat, ven), Categories: trad, Reason: "heart of the Hydra; Robson and Brady", key: "alphard", se: ",alHya"},
	{Name: "Regulus", AlternateNames: []string{"Magha"}, Bayer: "Alpha Leonis", Constellation: "Leo", Magnitude: 1.4,
		Nature: n(mar, jup), Categories: both, Reason: whyBh + " (Cor Leonis); royal star, Watcher of the North", key: "regulus", se: ",alLeo"},
	{Name: "Zosma", AlternateNames: []string{"Dhur", "Purvaphalguni"}, Bayer: "Delta Leonis", Constellation: "Leo", Magnitude: 2.53,
		Nature: n(sat, ven), Categories: trad, Reason: "back of the Lion; Robson and Brady", key: "zosma", se: ",deLeo"},
	{Name: "Denebola", AlternateNames: []string{"Uttaraphalguni"}, Bayer: "Beta Leonis", Constellation: "Leo", Magnitude: 2.13,
		Nature: n(sat, ven), Categories: trad, Reason: "tail of the Lion; Robson and Brady", key: "denebola", se: ",beLeo"},
	{Name: "Alkaid", AlternateNames: []string{"Benetnash", "Marichi"}, Bayer: "Eta Ursae Majoris", Constellation: "Ursa Major", Magnitude: 1.86,
		Nature: n(mar), Categories: beh, Reason: whyBh + " (Cauda Ursae Majoris, the Bear's tail)", key: "alkaid", se: ",etUMa"},
	{Name: "Vindemiatrix", AlternateNames: []string{}, Bayer: "Epsilon Virginis", Constellation: "Virgo", Magnitude: 2.79,
		Nature: n(sat, mer), Categories: trad, Reason: "the grape-gatherer, a calendar star; Robson and Brady", key: "vindemiatrix", se: ",epVir"},
	{Name: "Algorab", AlternateNames: []string{"Hasta"}, Bayer: "Delta Corvi", Constellation: "Corvus", Magnitude: 2.94,
		Nature: n(mar, sat), Categories: beh, Reason: whyBh + " (Ala Corvi, the Raven's wing)", key: "algorab", se: ",deCrv"},
	{Name: "Spica", AlternateNames: []string{"Citra"}, Bayer: "Alpha Virginis", Constellation: "Virgo", Magnitude: 0.97,
		Nature: n(ven, mar), Categories: beh, Reason: whyBh, key: "spica", se: ",alVir"},
	{Name: "Arcturus", AlternateNames: []string{"Svati"}, Bayer: "Alpha Bootis", Constellation: "Bootes", Magnitude: -0.05,
		Nature: n(mar, jup), Categories: beh, Reason: whyBh + " (Alchameth)", key: "arcturus", se: ",alBoo"},
	{Name: "Alphecca", AlternateNames: []string{"Alphekka", "Gemma"}, Bayer: "Alpha Coronae Borealis", Constellation: "Corona Borealis", Magnitude: 2.24,
		Nature: n(ven, mer), Categories: beh, Reason: whyBh + " (Elpheia, the Crown)", key: "alphecca", se: ",alCrB"},
	{Name: "Zuben Elgenubi", AlternateNames: []string{}, Bayer: "Alpha-2 Librae", Constellation: "Libra", Magnitude: 2.75,
		Nature: n(sat, mar), Categories: trad, Reason: "southern scale (claw) of Libra; Robson and Brady", key: "zuben_elgenubi", se: ",al-2Lib"},
	{Name: "Zuben Eschamali", AlternateNames: []string{"Zubeneshamali"}, Bayer: "Beta Librae", Constellation: "Libra", Magnitude: 2.62,
		Nature: n(jup, mer), Categories: trad, Reason: "northern scale (claw) of Libra; Robson and Brady", key: "zuben_eschamali", se: ",beLib"},
	{Name: "Unukalhai", AlternateNames: []string{"Cor Serpentis"}, Bayer: "Alpha Serpentis", Constellation: "Serpens", Magnitude: 2.63,
		Nature: n(sat, mar), Categories: trad, Reason: "neck (heart) of the Serpent; Robson and Brady", key: "unukalhai", se: ",alSer"},
	{Name: "Toliman", AlternateNames: []string{"Rigil Kentaurus", "Rigel Kentaurus", "Bungula"}, Bayer: "Alpha Centauri", Constellation: "Centaurus", Magnitude: -0.1,
		Nature: n(ven, jup), Categories: trad, Reason: "third-brightest star, foot of the Centaur; Robson and Brady", key: "toliman", se: ",alCen"},
	{Name: "Antares", AlternateNames: []string{"Jyeshtha"}, Bayer: "Alpha Scorpii", Constellation: "Scorpius", Magnitude: 0.91,
		Nature: n(mar, jup), Categories: both, Reason: whyBh + " (Cor Scorpii); royal star, Watcher of the West", key: "antares", se: ",alSco"},
	{Name: "Ras Alhague", AlternateNames: []string{}, Bayer: "Alpha Ophiuchi", Constellation: "Ophiuchus", Magnitude: 2.07,
		Nature: n(sat, ven), Categories: trad, Reason: "head of the Serpent-bearer; Robson and Brady", key: "ras_alhague", se: ",alOph"},
	{Name: "Vega", AlternateNames: []string{"Abhijit"}, Bayer: "Alpha Lyrae", Constellation: "Lyra", Magnitude: 0.03,
		Nature: n(ven, mer), Categories: beh, Reason: whyBh + " (Vultur cadens, the falling vulture)", key: "vega", se: ",alLyr"},
	{Name: "Altair", AlternateNames: []string{"Shravana"}, Bayer: "Alpha Aquilae", Constellation: "Aquila", Magnitude: 0.76,
		Nature: n(mar, jup), Categories: trad, Reason: "first-magnitude star, the Eagle; Robson and Brady", key: "altair", se: ",alAql"},
	{Name: "Deneb Algedi", AlternateNames: []string{}, Bayer: "Delta Capricorni", Constellation: "Capricornus", Magnitude: 2.83,
		Nature: n(sat, jup), Categories: beh, Reason: whyBh + " (Cauda Capricorni, the Goat's tail)", key: "deneb_algedi", se: ",deCap"},
	{Name: "Fomalhaut", AlternateNames: []string{}, Bayer: "Alpha Piscis Austrini", Constellation: "Piscis Austrinus", Magnitude: 1.16,
		Nature: n(ven, mer), Categories: roy, Reason: "royal star, Watcher of the South", key: "fomalhaut", se: ",alPsA"},
	{Name: "Deneb Adige", AlternateNames: []string{"Deneb"}, Bayer: "Alpha Cygni", Constellation: "Cygnus", Magnitude: 1.25,
		Nature: n(ven, mer), Categories: trad, Reason: "tail of the Swan; Robson and Brady", key: "deneb_adige", se: ",alCyg"},
	{Name: "Achernar", AlternateNames: []string{}, Bayer: "Alpha Eridani", Constellation: "Eridanus", Magnitude: 0.46,
		Nature: n(jup), Categories: trad, Reason: "first-magnitude star, end of the River; Robson and Brady", key: "achernar", se: ",alEri"},
	{Name: "Markab", AlternateNames: []string{"Purvabhadra"}, Bayer: "Alpha Pegasi", Constellation: "Pegasus", Magnitude: 2.48,
		Nature: n(mar, mer), Categories: trad, Reason: "wing of Pegasus, corner of its Square; Robson and Brady", key: "markab", se: ",alPeg"},
	{Name: "Scheat", AlternateNames: []string{}, Bayer: "Beta Pegasi", Constellation: "Pegasus", Magnitude: 2.42,
		Nature: n(mar, mer), Categories: trad, Reason: "leg of Pegasus, corner of its Square; Robson and Brady", key: "scheat", se: ",bePeg"},
}

// Catalog returns the 43 stars in catalog order (ecliptic longitude at
// J2000). The
// caller must not modify them.
func Catalog() []Info { return catalog[:] }
