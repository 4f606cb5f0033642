package bazi

import (
	"fmt"

	"github.com/astroapi/astroapi/engine"
	"github.com/astroapi/astroapi/engine/solarterms"
)

// Characteristics are the traditional traits and lucky things of an animal
// (folk associations, as popular almanacs give them).
type Characteristics struct {
	Strengths    []string `json:"strengths" doc:"traits traditionally ascribed to the animal"`
	Weaknesses   []string `json:"weaknesses" doc:"failings traditionally ascribed to the animal"`
	BestMatch    []string `json:"best_match" doc:"animals in harmony with it: its six-harmony partner and its two trine partners"`
	Challenging  []string `json:"challenging" doc:"animals in conflict with it: the one it clashes with (opposite branch) and the one that harms it"`
	LuckyNumbers []int    `json:"lucky_numbers" doc:"lucky numbers of folk tradition"`
	LuckyColors  []string `json:"lucky_colors" doc:"lucky colours of folk tradition"`
}

// AnimalYear is the animal result: the sexagenary year that begins in a
// Gregorian year.
type AnimalYear struct {
	Year             int              `json:"year" doc:"the Gregorian year asked for" example:"2024"`
	Animal           string           `json:"animal" doc:"animal of the year's branch" example:"Dragon"`
	AnimalChinese    string           `json:"animal_chinese" example:"龙"`
	Stem             string           `json:"stem" doc:"heavenly stem, pinyin" example:"Jia"`
	StemChinese      string           `json:"stem_chinese" example:"甲"`
	Branch           string           `json:"branch" doc:"earthly branch, pinyin" example:"Chen"`
	BranchChinese    string           `json:"branch_chinese" example:"辰"`
	Element          string           `json:"element" doc:"element of the stem" enum:"Wood,Fire,Earth,Metal,Water" example:"Wood"`
	Polarity         string           `json:"polarity" enum:"Yang,Yin" example:"Yang"`
	SixtyYearName    string           `json:"sixty_year_name" doc:"stem and branch, pinyin" example:"Jia Chen"`
	SixtyYearIndex   int              `json:"sixty_year_index" doc:"place in the sixty-year cycle, 1 (Jia Zi) to 60" minimum:"1" maximum:"60" example:"41"`
	SixtyYearChinese string           `json:"sixty_year_chinese" doc:"stem and branch, Chinese" example:"甲辰"`
	Description      string           `json:"description" doc:"polarity, element and animal" example:"Yang Wood Dragon"`
	Nayin            string           `json:"nayin" doc:"nayin element of the year" example:"Lamp Fire"`
	NayinChinese     string           `json:"nayin_chinese" example:"覆灯火"`
	Starts           solarterms.Event `json:"starts" doc:"Lichun of the year: the instant the animal year begins in the solar (BaZi) reckoning"`
	Ends             solarterms.Event `json:"ends" doc:"Lichun of the next year, when the next animal begins"`
	Characteristics  Characteristics  `json:"characteristics"`
	Convention       string           `json:"convention" doc:"which sexagenary year a Gregorian year names"`
}

// animalConvention states which year a Gregorian year names.
const animalConvention = "the sexagenary year that begins in this Gregorian year, (year - 4) mod 60 (1984 = Jia Zi): in the solar reckoning of BaZi it runs from Lichun (starts) to the next Lichun; the lunar new year (21 January - 20 February) gives the same animal for most of the year. People born in January or early February belong to the previous animal: send the full date and time to /chinese/bazi"

// Animal returns the animal year beginning in Gregorian year y
// (solarterms.MinYear to MaxYear), with its Lichun instants from terms.
func Animal(terms *solarterms.Finder, y int) (AnimalYear, error) {
	if y < solarterms.MinYear || y > solarterms.MaxYear {
		return AnimalYear{}, &engine.FieldError{Field: "year", Reason: fmt.Sprintf("must be between %d and %d", solarterms.MinYear, solarterms.MaxYear)}
	}
	start, err := terms.Find(y, solarterms.Lichun)
	if err != nil {
		return AnimalYear{}, err
	}
	end, err := terms.Find(y+1, solarterms.Lichun)
	if y == solarterms.MaxYear && err != nil {
		// The finder stops at 2999; the next Lichun is a year on.
		end, err = start, nil
		end.JD += 365.2422
		end.Year++
	}
	if err != nil {
		return AnimalYear{}, err
	}
	g := YearGanZhi(y)
	s, b := g.Stem(), g.Branch()
	ny, nyc := g.Nayin()
	return AnimalYear{
		Year: y, Animal: b.Animal(), AnimalChinese: b.AnimalChinese(),
		Stem: s.Pinyin(), StemChinese: s.Chinese(), Branch: b.Pinyin(), BranchChinese: b.Chinese(),
		Element: s.Element().String(), Polarity: polarity(s.Yang()),
		SixtyYearName: g.Pinyin(), SixtyYearIndex: int(g) + 1, SixtyYearChinese: g.Chinese(), Description: describe(g),
		Nayin: ny, NayinChinese: nyc, Starts: start.Event(), Ends: end.Event(),
		Characteristics: CharacteristicsOf(b), Convention: animalConvention,
	}, nil
}

// CharacteristicsOf returns the characteristics of the animal of branch b.
// The matches are computed from the branch relations (relation.go); the
// traits, numbers and colours are this project's wording of common folk
// lists.
func CharacteristicsOf(b Branch) Characteristics {
	t := traits[b]
	c := Characteristics{Strengths: t.strengths, Weaknesses: t.weaknesses, LuckyNumbers: t.numbers, LuckyColors: t.colors}
	for o := Branch(0); o < 12; o++ {
		switch relate(b, o).kind {
		case SixHarmony, Trine:
			c.BestMatch = append(c.BestMatch, o.Animal())
		case Clash, Harm:
			c.Challenging = append(c.Challenging, o.Animal())
		}
	}
	return c
}

type trait struct {
	strengths, weaknesses []string
	numbers               []int
	colors                []string
}

var traits = [12]trait{
	{[]string{"quick-witted", "resourceful", "adaptable", "thrifty"}, []string{"restless", "opportunistic", "overly critical"}, []int{2, 3}, []string{"blue", "gold", "green"}},
	{[]string{"diligent", "dependable", "patient", "methodical"}, []string{"stubborn", "reserved", "slow to change"}, []int{1, 4}, []string{"white", "yellow", "green"}},
	{[]string{"brave", "confident", "generous", "competitive"}, []string{"impulsive", "rebellious", "short-tempered"}, []int{1, 3, 4}, []string{"blue", "grey", "orange"}},
	{[]string{"gentle", "elegant", "kind", "prudent"}, []string{"timid", "indecisive", "aloof"}, []int{3, 4, 6}, []string{"red", "pink", "purple"}},
	{[]string{"ambitious", "energetic", "charismatic", "visionary"}, []string{"arrogant", "impatient", "demanding"}, []int{1, 6, 7}, []string{"gold", "silver", "grey"}},
	{[]string{"wise", "intuitive", "calm", "analytical"}, []string{"secretive", "suspicious", "possessive"}, []int{2, 8, 9}, []string{"black", "red", "yellow"}},
	{[]string{"lively", "independent", "cheerful", "sociable"}, []string{"impatient", "restless", "inconsistent"}, []int{2, 3, 7}, []string{"yellow", "green"}},
	{[]string{"calm", "creative", "compassionate", "gentle"}, []string{"indecisive", "pessimistic", "dependent"}, []int{2, 7}, []string{"brown", "red", "purple"}},
	{[]string{"clever", "curious", "inventive", "playful"}, []string{"mischievous", "vain", "restless"}, []int{4, 9}, []string{"white", "blue", "gold"}},
	{[]string{"observant", "hard-working", "courageous", "honest"}, []string{"boastful", "critical", "perfectionist"}, []int{5, 7, 8}, []string{"gold", "brown", "yellow"}},
	{[]string{"loyal", "honest", "responsible", "protective"}, []string{"anxious", "stubborn", "judgmental"}, []int{3, 4, 9}, []string{"red", "green", "purple"}},
	{[]string{"generous", "sincere", "tolerant", "diligent"}, []string{"naive", "indulgent", "gullible"}, []int{2, 5, 8}, []string{"yellow", "grey", "brown"}},
}
