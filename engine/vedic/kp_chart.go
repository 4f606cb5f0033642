package vedic

import (
	"fmt"
	"math"
	"math/bits"
	"slices"
	"time"

	"github.com/astroapi/astroapi/engine"
	"github.com/astroapi/astroapi/engine/calendar"
	"github.com/astroapi/astroapi/engine/houses"
	"github.com/astroapi/astroapi/engine/sidereal"
)

// The KP chart: Placidus cusps in the sidereal zodiac of the KP ayanamsa,
// the nine grahas, each point's sign, star, sub and sub-sub lords, the four
// levels of significators, the ruling planets and the horary chart of a
// number from 1 to 249.

// DefaultKPAyanamsa is the ayanamsa of the KP routes when none is named:
// K. S. Krishnamurti's own (libswe's SE_SIDM_KRISHNAMURTI, "kp"), which
// the KP Readers and most KP software use; the "new KP" ayanamsa of
// K. Subramaniam Senthilathiban (SE_SIDM_KRISHNAMURTI_VP291,
// "krishnamurti_vp291") is the alternative.
const DefaultKPAyanamsa = engine.KP

// NodeAgency says whether Rahu and Ketu also signify the houses of the
// lord of the sign they occupy (KP's "nodes act as agents" rule).
type NodeAgency string

// The choices.
const (
	AgencySignLord NodeAgency = "sign_lord"
	AgencyNone     NodeAgency = "none"
)

// EnumValues lists the choices.
func (NodeAgency) EnumValues() []string { return []string{string(AgencySignLord), string(AgencyNone)} }

// KPOptions are the options of a KP chart.
type KPOptions struct {
	Ayanamsa engine.Ayanamsa // "" means DefaultKPAyanamsa (unless User)
	User     *sidereal.User  // a user-defined ayanamsa instead of Ayanamsa
	Node     NodeType        // "" means mean
	Agency   NodeAgency      // "" means sign_lord
}

func (o KPOptions) ayanamsa() engine.Ayanamsa {
	switch {
	case o.User != nil:
		return ""
	case o.Ayanamsa == "":
		return DefaultKPAyanamsa
	}
	return o.Ayanamsa
}

// frame is the zodiac of the options (engine/vedic's frame: the named
// ayanamsa or the user-defined one).
func (o KPOptions) frame() frame { return Options{Ayanamsa: o.ayanamsa(), User: o.User}.frame() }

// label is the ayanamsa a result names: "user" for a user-defined one.
func (o KPOptions) label() engine.Ayanamsa { return o.frame().label() }

// placidus returns the sidereal Placidus houses of a place at t.
func (o KPOptions) placidus(pos engine.Positions, t engine.JDUT, lat, lon, aya float64) (engine.Houses, error) {
	if o.User == nil {
		return pos.Houses(t, lat, lon, engine.Placidus, o.ayanamsa())
	}
	h, err := pos.Houses(t, lat, lon, engine.Placidus, "")
	houses.Shift(&h, aya)
	return h, err
}

// KPPoint is a cusp's or a graha's place with its KP lords.
type KPPoint struct {
	Longitude       float64 `json:"longitude" doc:"sidereal ecliptic longitude (in the ayanamsa of the result), degrees 0-360"`
	Sign            string  `json:"sign" doc:"sign in English" example:"Taurus"`
	SignNumber      int     `json:"sign_number" doc:"1 = Aries ... 12 = Pisces" minimum:"1" maximum:"12"`
	Degree          float64 `json:"degree" doc:"degrees within the sign, 0-30"`
	Nakshatra       string  `json:"nakshatra" doc:"nakshatra (star)" example:"Rohini"`
	NakshatraNumber int     `json:"nakshatra_number" doc:"1 = Ashwini ... 27 = Revati" minimum:"1" maximum:"27"`
	SignLord        string  `json:"sign_lord" doc:"lord of the sign" enum:"Sun,Moon,Mars,Mercury,Jupiter,Venus,Saturn"`
	StarLord        string  `json:"star_lord" doc:"lord of the nakshatra (Vimshottari)" enum:"Sun,Moon,Mars,Mercury,Jupiter,Venus,Saturn,Rahu,Ketu"`
	SubLord         string  `json:"sub_lord" doc:"lord of the KP sub" enum:"Sun,Moon,Mars,Mercury,Jupiter,Venus,Saturn,Rahu,Ketu"`
	SubSubLord      string  `json:"sub_sub_lord" doc:"lord of the sub-sub (the sub divided as a nakshatra is, from the sub lord)" enum:"Sun,Moon,Mars,Mercury,Jupiter,Venus,Saturn,Rahu,Ketu"`
	Sub             int     `json:"sub" doc:"number of the sub, 1-249 (the KP horary numbering)" minimum:"1" maximum:"249"`

	lords KPLords
}

func kpPoint(lon float64) KPPoint {
	lon = engine.Normalize(lon)
	s := signOf(lon)
	n, _, _ := nakshatraIndex(lon)
	l := KPLordsOf(lon)
	return KPPoint{Longitude: lon, Sign: engine.Signs[s], SignNumber: s + 1, Degree: lon - float64(s)*30,
		Nakshatra: nakshatras[n].name, NakshatraNumber: n + 1,
		SignLord: l.Sign.String(), StarLord: l.Star.String(), SubLord: l.Sub.String(), SubSubLord: l.SubSub.String(),
		Sub: l.Number, lords: l}
}

// KPCusp is the cusp (beginning) of a Placidus house.
type KPCusp struct {
	House int `json:"house" doc:"house number, 1-12" minimum:"1" maximum:"12"`
	KPPoint
}

// KPPlanet is a graha of a KP chart.
type KPPlanet struct {
	Name string `json:"name" doc:"graha" enum:"Sun,Moon,Mars,Mercury,Jupiter,Venus,Saturn,Rahu,Ketu"`
	KPPoint
	House      int     `json:"house" doc:"Placidus house (bhava) from its cusp to the next cusp, 1-12" minimum:"1" maximum:"12"`
	Speed      float64 `json:"speed" doc:"speed in longitude, degrees per day"`
	Retrograde bool    `json:"retrograde" doc:"speed < 0 (the mean node always)"`
}

// KPHouseSignificators are the four levels of significators of a house,
// strongest first.
type KPHouseSignificators struct {
	House  int      `json:"house" doc:"house number, 1-12" minimum:"1" maximum:"12"`
	Level1 []string `json:"level1" doc:"grahas in the star (nakshatra) of an occupant of the house"`
	Level2 []string `json:"level2" doc:"occupants: grahas in the house"`
	Level3 []string `json:"level3" doc:"grahas in the star of the owner of the house"`
	Level4 []string `json:"level4" doc:"the owner: lord of the sign on the cusp"`
	All    []string `json:"all" doc:"every significator, once, in order of strength"`
}

// KPPlanetSignifications are the houses a graha signifies.
type KPPlanetSignifications struct {
	Name   string `json:"name" doc:"graha" enum:"Sun,Moon,Mars,Mercury,Jupiter,Venus,Saturn,Rahu,Ketu"`
	Level1 []int  `json:"level1" doc:"houses occupied by the graha's star lord"`
	Level2 []int  `json:"level2" doc:"the house the graha occupies"`
	Level3 []int  `json:"level3" doc:"houses owned by the graha's star lord"`
	Level4 []int  `json:"level4" doc:"houses the graha owns (cusps in its signs)"`
	Houses []int  `json:"houses" doc:"every house signified, ascending"`
}

// KPSignificators are the significators of the twelve houses and the
// houses of the nine grahas.
type KPSignificators struct {
	Houses  []KPHouseSignificators   `json:"houses" doc:"the significators of each house, by level"`
	Planets []KPPlanetSignifications `json:"planets" doc:"the houses each graha signifies, by level"`
}

// KPAyanamsaValue is the ayanamsa of a KP result.
type KPAyanamsaValue struct {
	Name    engine.Ayanamsa `json:"name" enum:"-" doc:"the ayanamsa used: kp (Krishnamurti's own, the default) unless the request named another"`
	Degrees float64         `json:"degrees" doc:"the true ayanamsa (with nutation) subtracted from tropical longitudes, degrees"`
}

// KPConventions state how a KP result was reckoned.
type KPConventions struct {
	Houses        string `json:"houses" doc:"house system and what a house is"`
	Subs          string `json:"subs" doc:"how the zodiac is divided into subs"`
	Significators string `json:"significators" doc:"the four levels and the nodes' rule"`
	NodeType      string `json:"node_type" doc:"node placing Rahu (Ketu opposite)" enum:"mean,true"`
	Ayanamsa      string `json:"ayanamsa" doc:"the ayanamsa and its default"`
}

// KPChart is a KP chart.
type KPChart struct {
	Ayanamsa      KPAyanamsaValue `json:"ayanamsa" doc:"the ayanamsa used"`
	HouseSystem   string          `json:"house_system" doc:"placidus, or porphyry inside the polar circles where Placidus fails (see warnings)" enum:"placidus,porphyry"`
	Cusps         []KPCusp        `json:"cusps" doc:"the twelve Placidus cusps with their lords"`
	Planets       []KPPlanet      `json:"planets" doc:"the nine grahas with their lords and houses"`
	Significators KPSignificators `json:"significators" doc:"the four levels of significators"`
	Conventions   KPConventions   `json:"conventions" doc:"how the chart was reckoned"`
	Source        engine.Source   `json:"-"`
	Warnings      []string        `json:"-"`
}

const kpSubsWords = "each nakshatra (13°20′) divided among the nine Vimshottari lords in proportion to their years (of 120) from the nakshatra's lord, " +
	"in the dasha order; the six subs that straddle a sign boundary are split, which makes 249; the sub-sub divides a sub the same way from the sub lord " +
	"(K. S. Krishnamurti, KP Reader I)"

func kpConventions(o KPOptions, sys engine.HouseSystem) KPConventions {
	sig := "level 1 the grahas in the star of an occupant, level 2 the occupants, level 3 the grahas in the star of the owner, level 4 the owner " +
		"(the lord of the sign on the cusp; signs intercepted in a house are not counted); a graha signifies a house at every level at which it appears there. "
	if o.Agency == AgencyNone {
		sig += "node_agency none: Rahu and Ketu signify only by their own occupation and their star lord."
	} else {
		sig += "node_agency sign_lord: Rahu and Ketu also act as agents of the lord of the sign they occupy: the node joins its sign lord's occupation " +
			"(level 2) and ownership (level 4), and the grahas in the node's star levels 1 and 3 there; conjunctions and aspects to the nodes are not counted."
	}
	h := "placidus: a house runs from its cusp to the next cusp (a graha in the house whose cusp it has passed)"
	if sys != engine.Placidus {
		h = string(sys) + " (Placidus fails inside the polar circles); a house runs from its cusp to the next cusp"
	}
	return KPConventions{Houses: h, Subs: kpSubsWords, Significators: sig, NodeType: string(o.Node),
		Ayanamsa: string(o.label()) + "; the default is kp, K. S. Krishnamurti's own ayanamsa (libswe SE_SIDM_KRISHNAMURTI); krishnamurti_vp291 is the \"new KP\" ayanamsa of K. Subramaniam Senthilathiban"}
}

// kpSky is what a KP chart is reckoned from: the grahas and the cusps.
type kpSky struct {
	grahas [9]engine.Position
	houses engine.Houses
	aya    float64
	src    engine.Source
}

// kpGrahas reads the nine grahas at t in the zodiac of o.
func kpGrahas(pos engine.Positions, t engine.JDUT, o KPOptions) (kpSky, error) {
	var s kpSky
	s.src = engine.FromTables
	f := o.frame()
	var err error
	if s.aya, err = f.degrees(pos, t); err != nil {
		return s, err
	}
	for _, g := range Grahas[:8] {
		x, err := f.position(pos, t, bodyOf(g, o.Node))
		if err != nil {
			return s, err
		}
		s.grahas[g] = x
		s.src = s.src.Worse(x.Source)
	}
	k := s.grahas[Rahu]
	k.Longitude = engine.Normalize(k.Longitude + 180)
	k.Latitude = -k.Latitude
	s.grahas[Ketu] = k
	return s, nil
}

// KPChartAt casts the KP chart of an instant at a place.
func KPChartAt(pos engine.Positions, t engine.JDUT, lat, lon float64, o KPOptions) (*KPChart, error) {
	o = o.filled()
	s, err := kpGrahas(pos, t, o)
	if err != nil {
		return nil, err
	}
	if s.houses, err = o.placidus(pos, t, lat, lon, s.aya); err != nil {
		return nil, err
	}
	s.src = s.src.Worse(s.houses.Source)
	return s.chart(o), nil
}

func (o KPOptions) filled() KPOptions {
	o.Ayanamsa = o.ayanamsa()
	if o.Node == "" {
		o.Node = DefaultNode
	}
	if o.Agency == "" {
		o.Agency = AgencySignLord
	}
	return o
}

// kpHouseOf returns the house (1-12) whose arc from its cusp to the next
// holds longitude lon.
func kpHouseOf(lon float64, cusps *[12]float64) int {
	for i := range 12 {
		a, b := cusps[i], cusps[(i+1)%12]
		span := engine.Normalize(b - a)
		if engine.Normalize(lon-a) < span {
			return i + 1
		}
	}
	return 1 // degenerate cusps (all equal): never with Placidus or Porphyry
}

// chart builds the chart from its sky.
func (s *kpSky) chart(o KPOptions) *KPChart {
	c := &KPChart{Ayanamsa: KPAyanamsaValue{Name: o.label(), Degrees: s.aya}, HouseSystem: string(s.houses.System),
		Source: s.src, Conventions: kpConventions(o, s.houses.System)}
	if s.houses.System != engine.Placidus {
		c.Warnings = append(c.Warnings, "Placidus cusps do not exist at this latitude (inside the polar circles): the cusps are Porphyry's")
	}
	c.Cusps = make([]KPCusp, 12)
	for i := range 12 {
		c.Cusps[i] = KPCusp{House: i + 1, KPPoint: kpPoint(s.houses.Cusps[i])}
	}
	c.Planets = make([]KPPlanet, 9)
	for _, g := range Grahas {
		p := s.grahas[g]
		c.Planets[g] = KPPlanet{Name: g.String(), KPPoint: kpPoint(p.Longitude), House: kpHouseOf(p.Longitude, &s.houses.Cusps),
			Speed: p.SpeedLongitude, Retrograde: p.SpeedLongitude < 0}
	}
	c.Significators = significators(c, o.Agency)
	return c
}

// significators reckons the four levels of every house and inverts them
// into the houses of every graha. Sets of houses are bit masks (bit h for
// house h); the lists share two backing arrays.
func significators(c *KPChart, agency NodeAgency) KPSignificators {
	// occupied[g]: the houses graha g occupies (as an agent too);
	// owned[g]: the houses whose cusp is in g's sign (as an agent too).
	var occupied, owned [9]uint16
	for g, p := range c.Planets {
		occupied[g] |= 1 << p.House
	}
	for _, cu := range c.Cusps {
		owned[cu.lords.Sign] |= 1 << cu.House
	}
	if agency != AgencyNone {
		for _, n := range []Graha{Rahu, Ketu} {
			lord := c.Planets[n].lords.Sign
			occupied[n] |= occupied[lord]
			owned[n] |= owned[lord]
		}
	}
	var lv [9][4]uint16 // per graha, the houses at each level
	for g, p := range c.Planets {
		star := p.lords.Star
		lv[g] = [4]uint16{occupied[star], occupied[g], owned[star], owned[g]}
	}
	var out KPSignificators
	out.Houses = make([]KPHouseSignificators, 12)
	// Exact sizes: a graha is listed once per (house, level) it signifies
	// and once more per house in All; the planets' lists the same, with
	// Houses once per house.
	n := 0
	for g := range lv {
		var any uint16
		for _, x := range lv[g] {
			n += bits.OnesCount16(x)
			any |= x
		}
		n += bits.OnesCount16(any)
	}
	names := make([]string, 0, n)
	take := func(from int) []string { return names[from:len(names):len(names)] }
	for h := 1; h <= 12; h++ {
		hs := KPHouseSignificators{House: h}
		var levels [4][]string
		for l := range 4 {
			from := len(names)
			for _, g := range Grahas {
				if lv[g][l]&(1<<h) != 0 {
					names = append(names, grahaNames[g])
				}
			}
			levels[l] = take(from)
		}
		hs.Level1, hs.Level2, hs.Level3, hs.Level4 = levels[0], levels[1], levels[2], levels[3]
		// All, in order of strength: each graha at its first level.
		from := len(names)
		var seen uint16
		for l := range 4 {
			for _, g := range Grahas {
				if lv[g][l]&(1<<h) != 0 && seen&(1<<g) == 0 {
					seen |= 1 << g
					names = append(names, grahaNames[g])
				}
			}
		}
		hs.All = take(from)
		out.Houses[h-1] = hs
	}
	out.Planets = make([]KPPlanetSignifications, 9)
	nums := make([]int, 0, n)
	list := func(m uint16) []int {
		from := len(nums)
		for h := 1; h <= 12; h++ {
			if m&(1<<h) != 0 {
				nums = append(nums, h)
			}
		}
		return nums[from:len(nums):len(nums)]
	}
	for _, g := range Grahas {
		l := lv[g]
		out.Planets[g] = KPPlanetSignifications{Name: grahaNames[g], Level1: list(l[0]), Level2: list(l[1]), Level3: list(l[2]), Level4: list(l[3]),
			Houses: list(l[0] | l[1] | l[2] | l[3])}
	}
	return out
}

// KPRuler is the point whose lords rule: the ascendant or the Moon.
type KPRuler struct {
	Longitude float64 `json:"longitude" doc:"sidereal longitude, degrees"`
	SignLord  string  `json:"sign_lord" doc:"lord of its sign" enum:"Sun,Moon,Mars,Mercury,Jupiter,Venus,Saturn"`
	StarLord  string  `json:"star_lord" doc:"lord of its nakshatra" enum:"Sun,Moon,Mars,Mercury,Jupiter,Venus,Saturn,Rahu,Ketu"`
	SubLord   string  `json:"sub_lord" doc:"lord of its sub" enum:"Sun,Moon,Mars,Mercury,Jupiter,Venus,Saturn,Rahu,Ketu"`
}

func kpRuler(lon float64) KPRuler {
	l := KPLordsOf(lon)
	return KPRuler{Longitude: engine.Normalize(lon), SignLord: l.Sign.String(), StarLord: l.Star.String(), SubLord: l.Sub.String()}
}

// KPNodeRuler is a node that joins the ruling planets.
type KPNodeRuler struct {
	Name   string `json:"name" doc:"Rahu or Ketu" enum:"Rahu,Ketu"`
	Reason string `json:"reason" doc:"why it rules"`
}

// KPRulingPlanets are the ruling planets of an instant at a place.
type KPRulingPlanets struct {
	DayLord   string         `json:"day_lord" doc:"lord of the weekday that began at the last sunrise at the place" enum:"Sun,Moon,Mars,Mercury,Jupiter,Venus,Saturn"`
	Weekday   string         `json:"weekday" doc:"that weekday (from sunrise to sunrise)" example:"Monday"`
	DayStart  *calendar.Time `json:"day_start" doc:"the sunrise that began the day, UTC (upper limb, 34′ refraction); null where the Sun did not rise (the day then runs from local mean midnight)"`
	Ascendant KPRuler        `json:"ascendant" doc:"the ascendant's sign, star and sub lords"`
	Moon      KPRuler        `json:"moon" doc:"the Moon's sign, star and sub lords"`
	Planets   []string       `json:"planets" doc:"the ruling planets, each once, in KP's order of strength: the ascendant's star lord, sign lord, the Moon's star lord, sign lord, the day lord, then the ascendant's and the Moon's sub lords"`
	Nodes     []KPNodeRuler  `json:"nodes" doc:"Rahu or Ketu when it occupies a sign whose lord is a ruling planet (it then represents that lord)"`
}

// rulingPlanets reckons the ruling planets at t at a place from the sky's
// ascendant and grahas.
func rulingPlanets(pos engine.Positions, t engine.JDUT, lat, lon float64, asc float64, s *kpSky) (KPRulingPlanets, error) {
	r := KPRulingPlanets{Ascendant: kpRuler(asc), Moon: kpRuler(s.grahas[Moon].Longitude), Nodes: []KPNodeRuler{}}
	wd, start, err := dayOfSunrise(pos, t, lat, lon)
	if err != nil {
		return r, err
	}
	r.Weekday, r.DayLord, r.DayStart = time.Weekday(wd).String(), weekdayLords[wd].String(), start
	for _, g := range []string{r.Ascendant.StarLord, r.Ascendant.SignLord, r.Moon.StarLord, r.Moon.SignLord, r.DayLord, r.Ascendant.SubLord, r.Moon.SubLord} {
		if !slices.Contains(r.Planets, g) {
			r.Planets = append(r.Planets, g)
		}
	}
	for _, n := range []Graha{Rahu, Ketu} {
		lord := signLord[signOf(s.grahas[n].Longitude)].String()
		if slices.Contains(r.Planets, lord) {
			r.Nodes = append(r.Nodes, KPNodeRuler{Name: n.String(), Reason: fmt.Sprintf("in %s, a sign of %s, a ruling planet", engine.Signs[signOf(s.grahas[n].Longitude)], lord)})
		}
	}
	return r, nil
}

// dayOfSunrise returns the weekday (0 = Sunday) of the Hindu day running
// at t at a place, which begins at sunrise, and that sunrise; where the Sun
// does not rise that day the day runs from local mean midnight.
func dayOfSunrise(pos engine.Positions, t engine.JDUT, lat, lon float64) (int, *calendar.Time, error) {
	s := newSky(pos, lat, lon, DefaultSunrise)
	// Local mean midnight before t, and the weekday of that local date.
	local := float64(t) + lon/360
	jdn := math.Floor(local + 0.5)
	midnight := engine.JDUT(jdn - 0.5 - lon/360)
	weekday := func(n float64) int { return int(math.Mod(n+1, 7)) }
	rise, ok, err := s.eventIn(midnight, midnight+1, engine.Sun, true)
	if err != nil {
		return 0, nil, err
	}
	if !ok {
		return weekday(jdn), nil, nil
	}
	if t >= rise {
		at := calendar.TimeOf(rise.Time().Truncate(time.Second))
		return weekday(jdn), &at, nil
	}
	// Before today's sunrise: yesterday's day, from yesterday's sunrise.
	prev, ok, err := s.eventIn(midnight-1, midnight, engine.Sun, true)
	if err != nil {
		return 0, nil, err
	}
	if !ok {
		return weekday(jdn - 1), nil, nil
	}
	at := calendar.TimeOf(prev.Time().Truncate(time.Second))
	return weekday(jdn - 1), &at, nil
}

// KPRulingAt returns the ruling planets of an instant at a place.
func KPRulingAt(pos engine.Positions, t engine.JDUT, lat, lon float64, o KPOptions) (*KPRuling, error) {
	o = o.filled()
	s, err := kpGrahas(pos, t, o)
	if err != nil {
		return nil, err
	}
	h, err := o.placidus(pos, t, lat, lon, s.aya)
	if err != nil {
		return nil, err
	}
	r, err := rulingPlanets(pos, t, lat, lon, h.Ascendant, &s)
	if err != nil {
		return nil, err
	}
	return &KPRuling{Ayanamsa: KPAyanamsaValue{Name: o.label(), Degrees: s.aya}, KPRulingPlanets: r, Source: s.src.Worse(h.Source)}, nil
}

// KPRuling is the answer of the ruling planets route.
type KPRuling struct {
	Ayanamsa KPAyanamsaValue `json:"ayanamsa" doc:"the ayanamsa used"`
	KPRulingPlanets
	Source engine.Source `json:"-"`
}

// KPHorary is a KP horary chart.
type KPHorary struct {
	Number int     `json:"number" doc:"the horary number, 1-249" minimum:"1" maximum:"249"`
	Sub    KPSub   `json:"sub" doc:"the sub of the number, whose start is the ascendant"`
	ARMC   float64 `json:"armc" doc:"the sidereal time (right ascension of the MC, degrees) at which that degree rises at the place, from which the cusps are cast"`
	Method string  `json:"method" doc:"how the chart is cast"`
	KPChart
	RulingPlanets KPRulingPlanets `json:"ruling_planets" doc:"the ruling planets at the moment of judgment (the real ascendant and Moon at the instant and place)"`
}

const kpHoraryMethod = "the ascendant is set to the start of the number's sub (KP Reader VI); the cusps are Placidus cusps for the ARMC at which that degree " +
	"rises at the place, with the true obliquity and the ayanamsa of the instant (ARMC = RA(λ) − AD − 90°, with sin AD = tan φ tan δ(λ)); the grahas are " +
	"those of the instant of judgment"

// horaryPolar is the reason refusing a horary question asked near the
// poles, where some degrees never rise.
const horaryPolar = "must be between -66 and 66 for a horary chart: nearer the poles some degrees of the zodiac never rise"

// horaryEpoch refuses the ayanamsas whose sidereal houses are not the
// tropical ones shifted.
const horaryEpoch = "a horary chart needs an ayanamsa measured on the ecliptic of date (not j2000, j1900, b1950 or skydram_mardyks)"

// KPHoraryAt casts the horary chart of number n (1-249) asked at t at a
// place.
func KPHoraryAt(pos engine.Positions, t engine.JDUT, lat, lon float64, n int, o KPOptions) (*KPHorary, error) {
	o = o.filled()
	sub, ok := KPSubByNumber(n)
	if !ok {
		return nil, &engine.FieldError{Field: "number", Reason: "must be between 1 and 249"}
	}
	if math.Abs(lat) > 66 {
		return nil, &engine.FieldError{Field: "latitude", Reason: horaryPolar}
	}
	if o.User == nil && o.Ayanamsa.OnEpochEcliptic() {
		return nil, &engine.FieldError{Field: "ayanamsa", Reason: horaryEpoch}
	}
	s, err := kpGrahas(pos, t, o)
	if err != nil {
		return nil, err
	}
	eps, _, err := pos.Obliquity(t)
	if err != nil {
		return nil, err
	}
	real, err := o.placidus(pos, t, lat, lon, s.aya)
	if err != nil {
		return nil, err
	}
	armc := HoraryARMC(sub.Start+s.aya, eps, lat)
	s.houses = houses.CuspsSidereal(engine.Placidus, armc, eps, lat, s.aya)
	// The cusp of the first house is the sub's start (computed, it agrees
	// to 1e-9 degree; set, rounding cannot move it into the sub before).
	s.houses.Cusps[0], s.houses.Ascendant = sub.Start, sub.Start
	s.houses.Source = real.Source
	s.src = s.src.Worse(real.Source)
	h := &KPHorary{Number: n, Sub: sub, ARMC: armc, Method: kpHoraryMethod, KPChart: *s.chart(o)}
	if h.RulingPlanets, err = rulingPlanets(pos, t, lat, lon, real.Ascendant, &s); err != nil {
		return nil, err
	}
	return h, nil
}

// HoraryARMC returns the ARMC (degrees) at which tropical ecliptic
// longitude asc rises at latitude lat, under true obliquity eps: the
// point's oblique ascension RA − AD (sin AD = tan φ tan δ) is ARMC + 90°.
// Outside the polar circles every degree rises once a sidereal day.
func HoraryARMC(asc, eps, lat float64) float64 {
	const r = math.Pi / 180
	ra, dec := equatorial(asc, 0, eps)
	ad := math.Asin(math.Tan(lat*r)*math.Tan(dec*r)) / r
	return engine.Normalize(ra - ad - 90)
}
