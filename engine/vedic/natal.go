package vedic

import (
	"fmt"
	"math"

	"github.com/astroapi/astroapi/engine"
	"github.com/astroapi/astroapi/engine/sidereal"
)

// Birth is what a chart is cast for: the instant (JD in UT) and the place
// in geographic degrees (east and north positive).
type Birth struct {
	JD                  engine.JDUT
	Latitude, Longitude float64
}

func (b Birth) validate() error {
	var errs engine.Fields
	if !(b.Latitude >= -90 && b.Latitude <= 90) {
		errs = append(errs, &engine.FieldError{Field: "latitude", Reason: "must be between -90 and 90"})
	}
	if !(b.Longitude >= -180 && b.Longitude <= 180) {
		errs = append(errs, &engine.FieldError{Field: "longitude", Reason: "must be between -180 and 180"})
	}
	if math.IsNaN(float64(b.JD)) || math.IsInf(float64(b.JD), 0) {
		errs = append(errs, &engine.FieldError{Field: "year", Reason: "birth instant is not a finite date"})
	}
	return errs.Err()
}

// NodeType selects the lunar node that places Rahu (Ketu is opposite).
type NodeType string

// The node types: the mean node (the siddhantic and most panchang usage,
// the default) and the true (osculating) node.
const (
	MeanNode NodeType = "mean"
	TrueNode NodeType = "true"
)

// EnumValues lists the node types.
func (NodeType) EnumValues() []string { return []string{string(MeanNode), string(TrueNode)} }

// DefaultNode is the node type used when a request names none.
const DefaultNode = MeanNode

// Options are the chart options every Vedic route shares.
type Options struct {
	// Node is the node type of Rahu and Ketu; "" means DefaultNode.
	Node NodeType
	// Ayanamsa is the sidereal zodiac; "" means Lahiri.
	Ayanamsa engine.Ayanamsa
	// User is a user-defined ayanamsa, in place of Ayanamsa (which must
	// then be "").
	User *sidereal.User
}

// Validate checks the options, naming bad ones by their API field.
func (o Options) Validate() engine.Fields {
	var errs engine.Fields
	if o.Node != "" && o.Node != MeanNode && o.Node != TrueNode {
		errs = append(errs, &engine.FieldError{Field: "node_type", Reason: `must be "mean" or "true"`})
	}
	if o.Ayanamsa != "" && !validAyanamsa(o.Ayanamsa) {
		errs = append(errs, &engine.FieldError{Field: "ayanamsa", Reason: fmt.Sprintf("unknown ayanamsa %q", o.Ayanamsa)})
	}
	if o.Ayanamsa != "" && o.User != nil {
		errs = append(errs, &engine.FieldError{Field: "user_ayanamsa", Reason: "send ayanamsa or user_ayanamsa, not both"})
	}
	return errs
}

func validAyanamsa(a engine.Ayanamsa) bool {
	for _, x := range engine.Ayanamsas {
		if x == a {
			return true
		}
	}
	return false
}

func (o Options) node() NodeType {
	if o.Node == "" {
		return DefaultNode
	}
	return o.Node
}

// AyanamsaIgnored is the warning text of the natal JSON route for a
// requested ayanamsa other than Lahiri (spec 4.2); %s is the requested
// value.
const AyanamsaIgnored = "ayanamsa %q ignored: the Vedic natal chart (JSON) always uses the Lahiri ayanamsa (spec 4.2); the other Vedic routes honour it"

// AyanamsaValue is the ayanamsa a result used, and what was asked for.
type AyanamsaValue struct {
	Name      engine.Ayanamsa `json:"name" enum:"-" doc:"ayanamsa used: the one requested (lahiri by default; user for a user_ayanamsa), except on POST /api/v1/vedic/natal, always lahiri"`
	Degrees   float64         `json:"degrees" doc:"true ayanamsa (with nutation) subtracted from tropical longitudes, degrees"`
	Requested engine.Ayanamsa `json:"requested,omitempty" enum:"-" doc:"ayanamsa the request named, when it named one"`
	Ignored   bool            `json:"ignored" doc:"true when the request named another ayanamsa, which was ignored (POST /api/v1/vedic/natal only; see warnings)"`
}

// ayanamsaValue is the ayanamsa of a result cast in zodiac f.
func (f frame) ayanamsaValue(deg float64) AyanamsaValue {
	return AyanamsaValue{Name: f.label(), Degrees: deg, Requested: f.label()}
}

// Dignity is a graha's dignity in its sign.
type Dignity string

// The dignities, strongest first. Exaltation and debilitation are by sign
// (BPHS ch. 3); moolatrikona by the degree ranges of BPHS ch. 3; own
// sign next; otherwise the compound (panchadha) relation of the graha to
// its sign lord (BPHS ch. 3: natural + temporal).
const (
	DignityExalted      Dignity = "exalted"
	DignityMoolatrikona Dignity = "moolatrikona"
	DignityOwn          Dignity = "own"
	DignityGreatFriend  Dignity = "great_friend"
	DignityFriendly     Dignity = "friendly"
	DignityNeutral      Dignity = "neutral"
	DignityEnemy        Dignity = "enemy"
	DignityGreatEnemy   Dignity = "great_enemy"
	DignityDebilitated  Dignity = "debilitated"
)

// EnumValues lists the dignities.
func (Dignity) EnumValues() []string {
	return []string{"exalted", "moolatrikona", "own", "great_friend", "friendly", "neutral", "enemy", "great_enemy", "debilitated"}
}

// Point is a sidereal position with its sign and nakshatra.
type Point struct {
	Longitude       float64   `json:"longitude" doc:"sidereal ecliptic longitude (in the ayanamsa of the result), degrees 0-360"`
	Sign            string    `json:"sign" doc:"sign (rasi) in English" example:"Taurus"`
	Rasi            string    `json:"rasi" doc:"sign in Sanskrit" example:"Vrishabha"`
	SignNumber      int       `json:"sign_number" doc:"1 = Aries (Mesha) ... 12 = Pisces (Meena)" minimum:"1" maximum:"12"`
	Degree          float64   `json:"degree" doc:"degrees within the sign, 0-30"`
	Nakshatra       Nakshatra `json:"nakshatra" doc:"nakshatra {name, lord, pada, deity} (spec 2.5)"`
	NakshatraNumber int       `json:"nakshatra_number" doc:"1 = Ashwini ... 27 = Revati" minimum:"1" maximum:"27"`
}

func pointOf(lon float64) Point {
	lon = engine.Normalize(lon)
	s := signOf(lon)
	nk, n := NakshatraOf(lon)
	return Point{
		Longitude: lon, Sign: engine.Signs[s], Rasi: Rasis[s], SignNumber: s + 1,
		Degree: lon - float64(s)*30, Nakshatra: nk, NakshatraNumber: n,
	}
}

// Planet is a graha of the natal chart.
type Planet struct {
	Name         string `json:"name" doc:"graha" enum:"Sun,Moon,Mars,Mercury,Jupiter,Venus,Saturn,Rahu,Ketu"`
	Abbreviation string `json:"abbreviation" doc:"two-letter abbreviation used in the charts" example:"Su"`
	Sanskrit     string `json:"sanskrit" doc:"Sanskrit name" example:"Surya"`
	Point
	House       int     `json:"house" doc:"whole-sign bhava counted from the lagna's sign, 1-12" minimum:"1" maximum:"12"`
	Latitude    float64 `json:"latitude" doc:"ecliptic latitude, degrees"`
	Speed       float64 `json:"speed" doc:"speed in longitude, degrees per day"`
	Retrograde  bool    `json:"retrograde" doc:"apparent motion in longitude is backwards (speed < 0); the mean node always is"`
	SignLord    string  `json:"sign_lord" doc:"lord of the occupied sign" enum:"Sun,Moon,Mars,Mercury,Jupiter,Venus,Saturn"`
	Dignity     Dignity `json:"dignity" doc:"dignity in the sign (see conventions.dignity)" enum:"exalted,moolatrikona,own,great_friend,friendly,neutral,enemy,great_enemy,debilitated"`
	Natural     string  `json:"natural_relation" doc:"natural relation to the sign lord (BPHS ch. 3), or self in an own sign" enum:"friend,neutral,enemy,self"`
	Temporal    string  `json:"temporal_relation" doc:"temporary relation to the sign lord by position (BPHS ch. 3), or self" enum:"friend,enemy,self"`
	Combust     bool    `json:"combust" doc:"within the combustion orb of the Sun (see conventions.combustion); never for the Sun and the nodes"`
	Orb         float64 `json:"combustion_orb,omitempty" doc:"combustion orb applied to this graha, degrees (0 for the Sun and the nodes)"`
	SunDistance float64 `json:"sun_distance" doc:"distance in longitude from the Sun, degrees 0-180"`
}

// Lagna is the ascendant of the chart.
type Lagna struct {
	Point
	SignLord string `json:"sign_lord" doc:"lord of the lagna's sign (the lagnesha)" enum:"Sun,Moon,Mars,Mercury,Jupiter,Venus,Saturn"`
}

// Bhava is a whole-sign house.
type Bhava struct {
	Number     int      `json:"number" doc:"house number, 1-12" minimum:"1" maximum:"12"`
	Sign       string   `json:"sign" doc:"sign of the house"`
	Rasi       string   `json:"rasi" doc:"sign in Sanskrit"`
	SignNumber int      `json:"sign_number" minimum:"1" maximum:"12" doc:"1 = Aries ... 12 = Pisces"`
	Lord       string   `json:"lord" doc:"lord of the house's sign" enum:"Sun,Moon,Mars,Mercury,Jupiter,Venus,Saturn"`
	Grahas     []string `json:"grahas" doc:"grahas in the house, in chart order"`
}

// SignRef names a sign.
type SignRef struct {
	Sign       string `json:"sign" doc:"sign in English"`
	Rasi       string `json:"rasi" doc:"sign in Sanskrit"`
	SignNumber int    `json:"sign_number" minimum:"1" maximum:"12" doc:"1 = Aries ... 12 = Pisces"`
	Lord       string `json:"lord" doc:"lord of the sign"`
}

func signRef(s int) SignRef {
	return SignRef{Sign: engine.Signs[s], Rasi: Rasis[s], SignNumber: s + 1, Lord: signLord[s].String()}
}

// BirthStar is the Moon's nakshatra at birth.
type BirthStar struct {
	Nakshatra
	Number int `json:"number" doc:"1 = Ashwini ... 27 = Revati" minimum:"1" maximum:"27"`
}

// Conventions state how a Vedic chart was computed.
type Conventions struct {
	Zodiac     string   `json:"zodiac" doc:"always sidereal" enum:"sidereal"`
	Ayanamsa   string   `json:"ayanamsa" doc:"the ayanamsa used (as ayanamsa.name)" enum:"-"`
	NodeType   NodeType `json:"node_type" doc:"node placing Rahu (Ketu opposite): mean (default) or true" enum:"mean,true"`
	Houses     string   `json:"houses" doc:"whole-sign bhavas from the lagna's sign" enum:"whole_sign"`
	Positions  string   `json:"positions" doc:"frame of the longitudes"`
	Dignity    string   `json:"dignity" doc:"how dignity is decided"`
	Friendship string   `json:"friendship" doc:"friendship scheme"`
	Combustion string   `json:"combustion" doc:"combustion orbs"`
	Retrograde string   `json:"retrograde" doc:"what retrograde means here"`
}

func conventions(n NodeType, f frame) Conventions {
	return Conventions{
		Zodiac:     "sidereal",
		Ayanamsa:   string(f.label()),
		NodeType:   n,
		Houses:     "whole_sign",
		Positions:  f.positionsWords() + "; lagna is the sidereal ascendant",
		Dignity:    "exaltation and debilitation by sign (BPHS ch. 3; Rahu Taurus, Ketu Scorpio); moolatrikona by degree (Sun Leo 0-20, Moon Taurus 3-30, Mars Aries 0-12, Mercury Virgo 15-20, Jupiter Sagittarius 0-10, Venus Libra 0-15, Saturn Aquarius 0-20); own sign (Rahu Aquarius, Ketu Scorpio); else the compound relation to the sign lord",
		Friendship: "compound (panchadha): natural (BPHS ch. 3; nodes: friends Mercury, Venus, Saturn, neutral Jupiter, enemies Sun, Moon, Mars) plus temporal (2nd, 3rd, 4th, 10th, 11th, 12th sign from the graha friendly, others and the same sign inimical)",
		Combustion: "Surya Siddhanta orbs in longitude from the Sun: Moon 12, Mars 17, Mercury 14 (12 when retrograde), Jupiter 11, Venus 10 (8 when retrograde), Saturn 15 degrees; the nodes are never combust",
		Retrograde: "speed in longitude below zero at the instant",
	}
}

// Chart is a Vedic natal chart (rasi chart).
type Chart struct {
	Ayanamsa       AyanamsaValue `json:"ayanamsa" doc:"the ayanamsa used and the one requested"`
	Warnings       []string      `json:"warnings,omitempty" doc:"notes on ignored options: the natal JSON route ignores an ayanamsa other than lahiri"`
	JulianDay      float64       `json:"julian_day" doc:"Julian day (UT) of the birth instant"`
	Lagna          Lagna         `json:"lagna" doc:"the ascendant"`
	Grahas         []Planet      `json:"grahas" doc:"Sun, Moon, Mars, Mercury, Jupiter, Venus, Saturn, Rahu, Ketu"`
	Bhavas         []Bhava       `json:"bhavas" doc:"the twelve whole-sign houses"`
	MoonSign       SignRef       `json:"moon_sign" doc:"the Moon's sign (janma rasi)"`
	BirthNakshatra BirthStar     `json:"birth_nakshatra" doc:"the Moon's nakshatra (janma nakshatra)"`
	Conventions    Conventions   `json:"conventions" doc:"how the result was computed"`
	Source         engine.Source `json:"source" doc:"ephemeris that produced the positions (the least precise used)" enum:"tables,swiss_ephemeris,moshier"`

	d chartData
}

// chartData is what the other calculations read from a chart.
type chartData struct {
	jd                  engine.JDUT
	latitude, longitude float64
	lon, lat, speed     [numGrahas]float64
	sign                [numGrahas]int
	asc, mc             float64
	ascSign             int
	ayanamsa            float64
	obliquity           float64 // true obliquity of date, degrees
	node                NodeType
}

// Placements are the sidereal positions a chart is built from. Natal fills
// them from an ephemeris; tests and worked examples fill them from a book.
type Placements struct {
	JD                  engine.JDUT
	Latitude, Longitude float64 // place, geographic degrees
	Ascendant           float64 // sidereal
	Midheaven           float64 // sidereal
	// Grahas holds longitude (sidereal), latitude and speed in longitude
	// per graha; Ketu's entry is ignored (it is set opposite Rahu).
	Grahas   [numGrahas]struct{ Longitude, Latitude, Speed float64 }
	Ayanamsa float64
	// AyanamsaName names the ayanamsa of the longitudes ("" for Lahiri).
	AyanamsaName engine.Ayanamsa
	Obliquity    float64 // true obliquity; 0 means the J2000 mean value
	Node         NodeType
}

// chartStore holds a chart and the arrays its slices point into.
type chartStore struct {
	chart   Chart
	planets [numGrahas]Planet
	bhavas  [12]Bhava
	names   [numGrahas]string
}

// combustOrb is the Surya Siddhanta combustion orb of each graha and its
// retrograde variant (BPHS and Phaladeepika repeat it).
var combustOrb = [numGrahas][2]float64{
	Moon: {12, 12}, Mars: {17, 17}, Mercury: {14, 12}, Jupiter: {11, 11}, Venus: {10, 8}, Saturn: {15, 15},
}

// meanObliquityJ2000 stands in when Placements carry no obliquity.
const meanObliquityJ2000 = 23.4392911

// NewChart builds the chart of p.
func NewChart(p Placements) *Chart {
	node := p.Node
	if node == "" {
		node = DefaultNode
	}
	// One allocation holds the chart, its grahas, bhavas and the bhavas'
	// graha names (each bhava's list is a window on one array).
	st := new(chartStore)
	c := &st.chart
	f := frame{name: p.AyanamsaName}
	if f.name == "" {
		f.name = engine.Lahiri
	}
	c.JulianDay, c.Conventions, c.Source = float64(p.JD), conventions(node, f), engine.FromTables
	d := &c.d
	d.jd, d.latitude, d.longitude, d.node = p.JD, p.Latitude, p.Longitude, node
	d.asc, d.mc = engine.Normalize(p.Ascendant), engine.Normalize(p.Midheaven)
	d.ascSign = signOf(d.asc)
	d.ayanamsa = p.Ayanamsa
	d.obliquity = p.Obliquity
	if d.obliquity == 0 {
		d.obliquity = meanObliquityJ2000
	}
	for _, g := range Grahas {
		x := p.Grahas[g]
		if g == Ketu {
			x = p.Grahas[Rahu]
			x.Longitude += 180
			x.Latitude = -x.Latitude
		}
		d.lon[g] = engine.Normalize(x.Longitude)
		d.lat[g] = x.Latitude
		d.speed[g] = x.Speed
		d.sign[g] = signOf(d.lon[g])
	}
	c.Lagna = Lagna{Point: pointOf(d.asc), SignLord: signLord[d.ascSign].String()}
	for _, g := range Grahas {
		c.fillPlanet(&st.planets[g], g)
	}
	c.Grahas = st.planets[:]
	n := 0
	for h := range 12 {
		s := mod12(d.ascSign + h)
		start := n
		for _, g := range Grahas {
			if d.sign[g] == s {
				st.names[n] = grahaNames[g]
				n++
			}
		}
		st.bhavas[h] = Bhava{Number: h + 1, Sign: engine.Signs[s], Rasi: Rasis[s], SignNumber: s + 1, Lord: signLord[s].String(), Grahas: st.names[start:n:n]}
	}
	c.Bhavas = st.bhavas[:]
	c.MoonSign = signRef(d.sign[Moon])
	nk, n := NakshatraOf(d.lon[Moon])
	c.BirthNakshatra = BirthStar{Nakshatra: nk, Number: n}
	return c
}

// fillPlanet writes graha g's entry in place (a Planet is a few hundred
// bytes of strings; building it where it lives saves copies).
func (c *Chart) fillPlanet(p *Planet, g Graha) {
	d := &c.d
	s := d.sign[g]
	p.Name, p.Abbreviation, p.Sanskrit = grahaNames[g], grahaAbbrevs[g], grahaSanskrit[g]
	p.Point = pointOf(d.lon[g])
	p.House = houseFrom(d.ascSign, s)
	p.Latitude, p.Speed, p.Retrograde = d.lat[g], d.speed[g], d.speed[g] < 0
	p.SignLord = grahaNames[signLord[s]]
	p.Dignity, p.Natural, p.Temporal = c.dignity(g)
	p.SunDistance = sep(d.lon[g], d.lon[Sun])
	if g != Sun && g != Rahu && g != Ketu {
		orb := combustOrb[g][0]
		if p.Retrograde {
			orb = combustOrb[g][1]
		}
		p.Orb = orb
		p.Combust = p.SunDistance <= orb
	}
}

// sep is the shorter angular distance between two longitudes, 0-180.
func sep(a, b float64) float64 { return math.Abs(math.Remainder(a-b, 360)) }

// dignity returns the dignity of graha g in the rasi chart and its natural
// and temporal relation to the sign lord.
func (c *Chart) dignity(g Graha) (Dignity, string, string) {
	return dignityIn(g, c.d.lon[g], c.d.sign[g], c.d.sign)
}

// dignityIn decides the dignity of graha g at longitude lon in sign s,
// with signs holding the rasi-chart signs of all grahas (for the temporal
// relation to the sign lord). Where the exaltation and moolatrikona signs
// coincide (Moon in Taurus, Mercury in Virgo) the sign is divided by degree
// as BPHS ch. 3 does: exalted before the moolatrikona range, moolatrikona
// in it, own sign (Mercury) or moolatrikona (Moon) after it.
func dignityIn(g Graha, lon float64, s int, signs [numGrahas]int) (Dignity, string, string) {
	lord := signLord[s]
	natS, tmpS := "self", "self"
	var comp Relation
	if lord != g {
		nat := natural[g][lord]
		tmp := temporal(signs[g], signs[lord])
		natS, tmpS, comp = nat.String(), tmp.String(), compound(nat, tmp)
	}
	deg := lon - float64(s)*30
	hasMT := g < Rahu && moolatrikona[g].sign == s
	inMT := hasMT && deg >= moolatrikona[g].from && deg < moolatrikona[g].to
	ex := signOf(exaltation[g])
	switch {
	case s == ex && !(hasMT && deg >= moolatrikona[g].from):
		return DignityExalted, natS, tmpS
	case s == mod12(ex+6):
		return DignityDebilitated, natS, tmpS
	case inMT:
		return DignityMoolatrikona, natS, tmpS
	}
	for _, o := range ownSigns[g] {
		if o == s {
			return DignityOwn, natS, tmpS
		}
	}
	switch comp {
	case GreatFriend:
		return DignityGreatFriend, natS, tmpS
	case Friend:
		return DignityFriendly, natS, tmpS
	case Enemy:
		return DignityEnemy, natS, tmpS
	case GreatEnemy:
		return DignityGreatEnemy, natS, tmpS
	}
	return DignityNeutral, natS, tmpS
}

// bodyOf returns the ephemeris body of graha g (Rahu by node type).
func bodyOf(g Graha, n NodeType) engine.Body {
	if g == Rahu || g == Ketu {
		if n == TrueNode {
			return engine.TrueNode
		}
		return engine.MeanNode
	}
	return body[g]
}

// Natal casts the sidereal natal chart of b in the zodiac o names (Lahiri
// by default).
func Natal(pos engine.Positions, b Birth, o Options) (*Chart, error) {
	if err := b.validate(); err != nil {
		return nil, err
	}
	if errs := o.Validate(); len(errs) > 0 {
		return nil, errs
	}
	f := o.frame()
	p, src, err := placements(pos, b, o.node(), f)
	if err != nil {
		return nil, err
	}
	c := NewChart(p)
	c.Source = src
	c.Ayanamsa = f.ayanamsaValue(p.Ayanamsa)
	c.Conventions.Ayanamsa, c.Conventions.Positions = string(f.label()), f.positionsWords()+"; lagna is the sidereal ascendant"
	return c, nil
}

// placements reads the positions of a birth from the ephemeris.
func placements(pos engine.Positions, b Birth, node NodeType, f frame) (Placements, engine.Source, error) {
	p := Placements{JD: b.JD, Latitude: b.Latitude, Longitude: b.Longitude, Node: node, AyanamsaName: f.name}
	src := engine.FromTables
	for _, g := range Grahas[:8] {
		x, err := f.position(pos, b.JD, bodyOf(g, node))
		if err != nil {
			return p, src, err
		}
		p.Grahas[g].Longitude, p.Grahas[g].Latitude, p.Grahas[g].Speed = x.Longitude, x.Latitude, x.SpeedLongitude
		src = src.Worse(x.Source)
	}
	h, err := f.angles(pos, b.JD, b.Latitude, b.Longitude)
	if err != nil {
		return p, src, err
	}
	src = src.Worse(h.Source)
	p.Ascendant, p.Midheaven = h.Ascendant, h.Midheaven
	if p.Ayanamsa, err = f.degrees(pos, b.JD); err != nil {
		return p, src, err
	}
	if p.Obliquity, _, err = pos.Obliquity(b.JD); err != nil {
		return p, src, err
	}
	return p, src, nil
}
