package vedic

import "github.com/astroapi/astroapi/engine"

// NakshatraSpan is the extent of one nakshatra: 13°20′ of sidereal
// longitude (360° / 27); a pada is a quarter of it, 3°20′.
const (
	NakshatraSpan = 360.0 / 27
	PadaSpan      = NakshatraSpan / 4
)

// nakshatraInfo is the catalogue row of one nakshatra: its name and
// presiding deity (the devatas of the Taittiriya Brahmana lists, as BPHS
// and the muhurta texts repeat them).
type nakshatraInfo struct {
	name, deity string
}

var nakshatras = [27]nakshatraInfo{
	{"Ashwini", "Ashvini Kumaras"},
	{"Bharani", "Yama"},
	{"Krittika", "Agni"},
	{"Rohini", "Brahma"},
	{"Mrigashira", "Soma"},
	{"Ardra", "Rudra"},
	{"Punarvasu", "Aditi"},
	{"Pushya", "Brihaspati"},
	{"Ashlesha", "Sarpa"},
	{"Magha", "Pitris"},
	{"Purva Phalguni", "Bhaga"},
	{"Uttara Phalguni", "Aryaman"},
	{"Hasta", "Savitar"},
	{"Chitra", "Tvashtar"},
	{"Swati", "Vayu"},
	{"Vishakha", "Indragni"},
	{"Anuradha", "Mitra"},
	{"Jyeshtha", "Indra"},
	{"Mula", "Nirriti"},
	{"Purva Ashadha", "Apas"},
	{"Uttara Ashadha", "Vishvedevas"},
	{"Shravana", "Vishnu"},
	{"Dhanishta", "Vasus"},
	{"Shatabhisha", "Varuna"},
	{"Purva Bhadrapada", "Aja Ekapada"},
	{"Uttara Bhadrapada", "Ahir Budhnya"},
	{"Revati", "Pushan"},
}

// Nakshatra is the lunar mansion of a sidereal longitude, with the fields
// of spec 2.5 exactly: name, lord (its Vimshottari ruler), pada (quarter,
// 1-4) and deity.
type Nakshatra struct {
	Name  string `json:"name" doc:"nakshatra (lunar mansion) name, 13°20′ of sidereal longitude each from 0° Aries" example:"Rohini"`
	Lord  string `json:"lord" doc:"ruling graha (the Vimshottari dasha lord of the nakshatra)" enum:"Sun,Moon,Mars,Mercury,Jupiter,Venus,Saturn,Rahu,Ketu" example:"Moon"`
	Pada  int    `json:"pada" doc:"quarter of the nakshatra, 3°20′ each" minimum:"1" maximum:"4" example:"2"`
	Deity string `json:"deity" doc:"presiding deity (devata)" example:"Brahma"`
}

// nakshatraIndex returns the nakshatra 0..26 and pada 1..4 of a sidereal
// longitude, and the fraction of the nakshatra already traversed.
func nakshatraIndex(lon float64) (n, pada int, frac float64) {
	lon = engine.Normalize(lon)
	x := lon / NakshatraSpan
	n = int(x)
	if n > 26 { // guards lon just below 360 rounding up
		n = 26
	}
	frac = x - float64(n)
	pada = int(frac*4) + 1
	if pada > 4 {
		pada = 4
	}
	return n, pada, frac
}

// NakshatraOf returns the nakshatra of a sidereal longitude in degrees and
// its number (1 = Ashwini ... 27 = Revati).
func NakshatraOf(lon float64) (Nakshatra, int) {
	n, pada, _ := nakshatraIndex(lon)
	return Nakshatra{
		Name:  nakshatras[n].name,
		Lord:  dashaOrder[n%9].String(),
		Pada:  pada,
		Deity: nakshatras[n].deity,
	}, n + 1
}

// NakshatraResult is the result of the nakshatra route (spec 2.5): the
// Moon's nakshatra at birth plus the Moon's longitudes. It has no
// ruling_planet field; lord says the same.
type NakshatraResult struct {
	Nakshatra             Nakshatra     `json:"nakshatra" doc:"nakshatra {name, lord, pada, deity} (spec 2.5)"`
	Number                int           `json:"nakshatra_number" doc:"1 = Ashwini ... 27 = Revati" minimum:"1" maximum:"27"`
	MoonLongitudeTropical float64       `json:"moon_longitude_tropical" doc:"apparent geocentric ecliptic longitude of the Moon, tropical, degrees 0-360"`
	MoonLongitudeSidereal float64       `json:"moon_longitude_sidereal" doc:"the same, sidereal in the ayanamsa used, degrees 0-360"`
	Ayanamsa              AyanamsaValue `json:"ayanamsa" doc:"the ayanamsa used and the one requested"`
	Warnings              []string      `json:"warnings,omitempty" doc:"notes on the options"`
	Source                engine.Source `json:"source" doc:"ephemeris that served the Moon" enum:"tables,swiss_ephemeris,moshier"`
}

// BirthNakshatra returns the nakshatra result of a birth: the Moon's
// nakshatra in the zodiac o names (Lahiri by default).
func BirthNakshatra(pos engine.Positions, b Birth, o Options) (*NakshatraResult, error) {
	if err := b.validate(); err != nil {
		return nil, err
	}
	if errs := o.Validate(); len(errs) > 0 {
		return nil, errs
	}
	f := o.frame()
	aya, err := f.degrees(pos, b.JD)
	if err != nil {
		return nil, err
	}
	p, err := f.position(pos, b.JD, engine.Moon)
	if err != nil {
		return nil, err
	}
	trop, err := pos.Position(b.JD, engine.Moon, engine.Options{SkipDistance: true})
	if err != nil {
		return nil, err
	}
	nk, num := NakshatraOf(p.Longitude)
	r := &NakshatraResult{
		Nakshatra:             nk,
		Number:                num,
		MoonLongitudeTropical: trop.Longitude,
		MoonLongitudeSidereal: p.Longitude,
		Ayanamsa:              f.ayanamsaValue(aya),
		Source:                p.Source,
	}
	return r, nil
}
