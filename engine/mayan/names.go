package mayan

// sign describes a day sign: names, a common gloss, its direction and
// colour (the signs go round East-red, North-white, West-black,
// South-yellow), and the interpretive keywords this API reports.
type sign struct {
	yucatec, kiche, gloss string
	meaning               string
}

// signs: Yucatec names in the orthography of the Academia de Lenguas Mayas
// de Guatemala (1987), K'iche' names as highland daykeepers use them. The
// meanings are this project's short wording of common modern
// interpretations, not classical doctrine.
var signs = [20]sign{
	{"Imix", "Imox", "water lily, earth crocodile", "origins and the primordial waters; nurturing, instinct, new beginnings"},
	{"Ik'", "Iq'", "wind, breath", "breath and spirit; communication, ideas, change"},
	{"Ak'bal", "Aq'ab'al", "night, darkness", "the night before dawn; the inner world, dreams, renewal"},
	{"K'an", "K'at", "maize seed, net", "the seed and the harvest; abundance, gathering, potential"},
	{"Chikchan", "Kan", "serpent", "vital force; instinct, passion, the body's wisdom"},
	{"Kimi", "Kame", "death", "endings and transformation; release, ancestors, rebirth"},
	{"Manik'", "Kej", "deer", "the hand and the deer; healing, service, steadfastness"},
	{"Lamat", "Q'anil", "star, Venus, rabbit", "the star of Venus and ripe seed; harmony, fertility, multiplication"},
	{"Muluk", "Toj", "water, jade, offering", "offering and reciprocity; emotion, purification, payment of debts"},
	{"Ok", "Tz'i'", "dog", "loyalty and the law; companionship, guidance, fairness"},
	{"Chuwen", "B'atz'", "monkey, thread", "the thread of time and the artisan; creativity, play, weaving"},
	{"Eb'", "E", "road, tooth", "the road of life; destiny, travel, community"},
	{"Ben", "Aj", "reed, maize stalk", "the cane and the home; growth, authority, the household"},
	{"Ix", "I'x", "jaguar", "the jaguar and the earth's power; magic, intuition, the feminine"},
	{"Men", "Tz'ikin", "eagle, bird", "the bird's vision; freedom, prosperity, perspective"},
	{"Kib'", "Ajmaq", "vulture, owl, wax", "the ancestors and forgiveness; wisdom gained from error"},
	{"Kaban", "No'j", "earth, earthquake, thought", "thought and knowledge; the mind, memory, the earth's motion"},
	{"Etz'nab", "Tijax", "flint, knife", "the flint blade; clarity, truth, cutting away and healing"},
	{"Kawak", "Kawoq", "storm, rain", "the storm and the community; family, purification, renewal"},
	{"Ajaw", "Ajpu", "lord, sun, blowgunner", "the sun and the lord; mastery, wholeness, enlightenment"},
}

// directions of the signs, by sign number mod 4.
var directions = [4][2]string{{"East", "red"}, {"North", "white"}, {"West", "black"}, {"South", "yellow"}}

// tone describes one of the thirteen numbers: the Yucatec numeral and the
// interpretive keyword and meaning (modern usage, this project's wording).
type tone struct {
	numeral, keyword, meaning string
}

var tones = [14]tone{{},
	{"Jun", "unity", "beginning and purpose: the seed of an undertaking"},
	{"Ka'", "duality", "polarity and challenge: choosing between two paths"},
	{"Ox", "action", "movement and service: putting things in motion"},
	{"Kan", "definition", "form and stability: measure and foundation"},
	{"Jo'", "empowerment", "the centre: gathering one's resources"},
	{"Wak", "balance", "flow and equilibrium: organising and responding"},
	{"Wuk", "reflection", "attunement: the middle of the count, seeing clearly"},
	{"Waxak", "harmony", "integrity and justice: living in accord"},
	{"Bolon", "patience", "intention and completion of cycles: perseverance"},
	{"Lajun", "manifestation", "production and perfection: bringing forth"},
	{"Buluk", "release", "dissolution and change: letting go"},
	{"Lajka'", "understanding", "cooperation and stability: sharing what was learned"},
	{"Oxlajun", "transcendence", "completion and presence: the fulfilment of the count"},
}

// month describes a Haab' month: its name in the modern orthography and a
// common gloss.
type month struct {
	name, gloss string
}

var months = [19]month{
	{"Pop", "mat"}, {"Wo'", "black conjunction"}, {"Sip", "red conjunction"}, {"Sotz'", "bat"},
	{"Sek", "death"}, {"Xul", "dog, end"}, {"Yaxk'in", "new sun"}, {"Mol", "gathering, water"},
	{"Ch'en", "black storm, cave"}, {"Yax", "green storm"}, {"Sak'", "white storm"}, {"Keh", "red storm, deer"},
	{"Mak", "enclosed"}, {"K'ank'in", "yellow sun"}, {"Muwan", "owl"}, {"Pax", "planting time, drum"},
	{"K'ayab", "turtle"}, {"Kumk'u", "granary"}, {"Wayeb'", "the five nameless days"},
}
