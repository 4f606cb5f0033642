package vedic

import (
	"fmt"

	"github.com/astroapi/astroapi/engine"
)

// Graha is one of the nine grahas, in the classical weekday order Sun to
// Saturn, then the lunar nodes Rahu (north) and Ketu (south).
type Graha int

// The nine grahas.
const (
	Sun Graha = iota
	Moon
	Mars
	Mercury
	Jupiter
	Venus
	Saturn
	Rahu
	Ketu
	numGrahas
)

// Grahas lists the nine grahas in chart order.
var Grahas = [...]Graha{Sun, Moon, Mars, Mercury, Jupiter, Venus, Saturn, Rahu, Ketu}

// Seven lists the seven visible grahas, Sun to Saturn: the ones with signs
// of their own, shadbala and ashtakavarga.
var Seven = [...]Graha{Sun, Moon, Mars, Mercury, Jupiter, Venus, Saturn}

var grahaNames = [numGrahas]string{"Sun", "Moon", "Mars", "Mercury", "Jupiter", "Venus", "Saturn", "Rahu", "Ketu"}

// grahaAbbrevs are the two-letter Latin abbreviations the charts draw: plain
// ASCII, so they render in any font.
var grahaAbbrevs = [numGrahas]string{"Su", "Mo", "Ma", "Me", "Ju", "Ve", "Sa", "Ra", "Ke"}

var grahaSanskrit = [numGrahas]string{"Surya", "Chandra", "Mangala", "Budha", "Guru", "Shukra", "Shani", "Rahu", "Ketu"}

// String returns the English name used on the wire ("Sun", ..., "Rahu").
func (g Graha) String() string {
	if g < 0 || g >= numGrahas {
		return fmt.Sprintf("Graha(%d)", int(g))
	}
	return grahaNames[g]
}

// Abbrev returns the two-letter abbreviation ("Su", "Mo", ...).
func (g Graha) Abbrev() string { return grahaAbbrevs[g] }

// Sanskrit returns the Sanskrit name ("Surya", "Chandra", ...).
func (g Graha) Sanskrit() string { return grahaSanskrit[g] }

// GrahaNames is the wire enumeration of graha names, for documentation.
const GrahaNames = "Sun,Moon,Mars,Mercury,Jupiter,Venus,Saturn,Rahu,Ketu"

// body is the ephemeris body of the seven visible grahas.
var body = [7]engine.Body{engine.Sun, engine.Moon, engine.Mars, engine.Mercury, engine.Jupiter, engine.Venus, engine.Saturn}

// Rasis are the Sanskrit names of the signs from Aries (Mesha) on.
var Rasis = [12]string{
	"Mesha", "Vrishabha", "Mithuna", "Karka", "Simha", "Kanya",
	"Tula", "Vrischika", "Dhanu", "Makara", "Kumbha", "Meena",
}

// signAbbrevs are the English sign abbreviations the South Indian chart
// prints in its fixed cells.
var signAbbrevs = [12]string{"Ar", "Ta", "Ge", "Cn", "Le", "Vi", "Li", "Sc", "Sg", "Cp", "Aq", "Pi"}

// SignAbbrev returns the two-letter abbreviation of sign s (0 = Aries).
func SignAbbrev(s int) string { return signAbbrevs[mod12(s)] }

// signLord is the lord of each sign (Parashara, BPHS ch. 3): the seven
// visible grahas only; the nodes own no sign here.
var signLord = [12]Graha{Mars, Venus, Mercury, Moon, Sun, Mercury, Venus, Mars, Jupiter, Saturn, Saturn, Jupiter}

// mod12 reduces a sign count to 0..11.
func mod12(s int) int {
	s %= 12
	if s < 0 {
		s += 12
	}
	return s
}

// signOf returns the sign index 0..11 of a sidereal longitude.
func signOf(lon float64) int {
	i := int(engine.Normalize(lon) / 30)
	if i > 11 {
		i = 11
	}
	return i
}

// houseFrom counts signs from a to b inclusively: b in a is 1, the next
// sign 2, ..., the sign before a 12.
func houseFrom(a, b int) int { return mod12(b-a) + 1 }

// exaltation holds the sign and degree of deepest exaltation (BPHS ch. 3);
// debilitation is the opposite point. The nodes follow the common Rahu in
// Taurus, Ketu in Scorpio (the common reading; BPHS is not explicit); their
// degree is nominal (the middle of the sign) and only the sign is used.
var exaltation = [numGrahas]float64{
	Sun:     10,       // Aries 10°
	Moon:    30 + 3,   // Taurus 3°
	Mars:    270 + 28, // Capricorn 28°
	Mercury: 150 + 15, // Virgo 15°
	Jupiter: 90 + 5,   // Cancer 5°
	Venus:   330 + 27, // Pisces 27°
	Saturn:  180 + 20, // Libra 20°
	Rahu:    30 + 15,  // Taurus
	Ketu:    210 + 15, // Scorpio
}

// moolatrikona gives the sign and degree range of each graha's
// moolatrikona (BPHS ch. 3, Santhanam): Sun Leo 0-20, Moon Taurus 3-30,
// Mars Aries 0-12, Mercury Virgo 15-20, Jupiter Sagittarius 0-10, Venus
// Libra 0-15, Saturn Aquarius 0-20. The nodes have none here.
var moolatrikona = [7]struct {
	sign     int
	from, to float64
}{
	Sun:     {4, 0, 20},
	Moon:    {1, 3, 30},
	Mars:    {0, 0, 12},
	Mercury: {5, 15, 20},
	Jupiter: {8, 0, 10},
	Venus:   {6, 0, 15},
	Saturn:  {10, 0, 20},
}

// ownSigns lists the signs each graha owns; the nodes are given the common
// co-lordships Rahu of Aquarius and Ketu of Scorpio, used for their dignity
// only (never as sign lords).
var ownSigns = [numGrahas][]int{
	Sun: {4}, Moon: {3}, Mars: {0, 7}, Mercury: {2, 5}, Jupiter: {8, 11}, Venus: {1, 6}, Saturn: {9, 10},
	Rahu: {10}, Ketu: {7},
}

// Relation is a degree of friendship between two grahas.
type Relation int

// Natural (naisargika) relations; compound (panchadha) relations add the
// two extremes.
const (
	GreatEnemy  Relation = -2
	Enemy       Relation = -1
	Neutral     Relation = 0
	Friend      Relation = 1
	GreatFriend Relation = 2
)

// String returns the wire name of r.
func (r Relation) String() string {
	switch r {
	case GreatEnemy:
		return "great_enemy"
	case Enemy:
		return "enemy"
	case Friend:
		return "friend"
	case GreatFriend:
		return "great_friend"
	}
	return "neutral"
}

// natural is the naisargika friendship table of BPHS ch. 3: natural[a][b]
// is how a regards b. The nodes are not in BPHS's table; they take the
// common modern reading (friends Mercury, Venus, Saturn; neutral Jupiter;
// enemies Sun, Moon, Mars), and the seven regard the nodes as enemies
// except Mercury, Venus and Saturn (friends) and Jupiter (neutral).
var natural = func() (t [numGrahas][numGrahas]Relation) {
	F, N, E := Friend, Neutral, Enemy
	t[Sun] = [numGrahas]Relation{0, F, F, N, F, E, E, E, E}
	t[Moon] = [numGrahas]Relation{F, 0, N, F, N, N, N, E, E}
	t[Mars] = [numGrahas]Relation{F, F, 0, E, F, N, N, E, E}
	t[Mercury] = [numGrahas]Relation{F, E, N, 0, N, F, N, F, F}
	t[Jupiter] = [numGrahas]Relation{F, F, F, E, 0, E, N, N, N}
	t[Venus] = [numGrahas]Relation{E, E, N, F, N, 0, F, F, F}
	t[Saturn] = [numGrahas]Relation{E, E, E, F, N, F, 0, F, F}
	t[Rahu] = [numGrahas]Relation{E, E, E, F, N, F, F, 0, N}
	t[Ketu] = [numGrahas]Relation{E, E, E, F, N, F, F, N, 0}
	return t
}()

// temporal returns the temporary (tatkalika) relation of a graha in sign a
// towards one in sign b (BPHS ch. 3): friends when b is the 2nd, 3rd, 4th,
// 10th, 11th or 12th sign from a; enemies otherwise, the same sign included.
func temporal(a, b int) Relation {
	switch houseFrom(a, b) {
	case 2, 3, 4, 10, 11, 12:
		return Friend
	}
	return Enemy
}

// compound combines a natural and a temporal relation (BPHS ch. 3):
// friend + friend = great friend, friend + enemy = neutral, neutral +
// friend = friend, neutral + enemy = enemy, enemy + enemy = great enemy.
func compound(nat, tmp Relation) Relation { return nat + tmp }

// dashaYears are the Vimshottari years of each graha (BPHS ch. 46).
var dashaYears = [numGrahas]float64{Sun: 6, Moon: 10, Mars: 7, Mercury: 17, Jupiter: 16, Venus: 20, Saturn: 19, Rahu: 18, Ketu: 7}

// dashaOrder is the Vimshottari sequence, starting from the lord of
// Ashwini (Ketu); nakshatra n (0 = Ashwini) is ruled by dashaOrder[n%9].
var dashaOrder = [9]Graha{Ketu, Venus, Sun, Moon, Mars, Rahu, Jupiter, Saturn, Mercury}
