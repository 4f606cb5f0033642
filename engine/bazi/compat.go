package bazi

import (
	"fmt"
	"math"
	"strings"

	"github.com/astroapi/astroapi/engine/solarterms"
)

// Score is one scored aspect of a pair, on a scale of 1 to 10.
type Score struct {
	Score       int      `json:"score" doc:"1 (worst) to 10 (best)" minimum:"1" maximum:"10" example:"8"`
	Relation    string   `json:"relation,omitempty" doc:"the relation that scored it, when one does"`
	Description string   `json:"description" doc:"what was found"`
	Rule        string   `json:"rule" doc:"the rule that turned it into the score"`
	Details     []string `json:"details,omitempty" doc:"the findings the score adds up"`
}

// PersonSummary is one person as the compatibility saw them.
type PersonSummary struct {
	YearPillar       string   `json:"year_pillar" doc:"year pillar, pinyin" example:"Geng Wu"`
	MonthPillar      string   `json:"month_pillar" example:"Ren Wu"`
	DayPillar        string   `json:"day_pillar" example:"Xin Hai"`
	HourPillar       string   `json:"hour_pillar" example:"Yi Wei"`
	PillarsChinese   string   `json:"pillars_chinese" doc:"the eight characters, year to hour" example:"庚午 壬午 辛亥 乙未"`
	YearAnimal       string   `json:"year_animal" example:"Horse"`
	DayMaster        string   `json:"day_master" doc:"day stem, pinyin" example:"Xin"`
	DayMasterElement string   `json:"day_master_element" enum:"Wood,Fire,Earth,Metal,Water" example:"Metal"`
	Elements         Elements `json:"elements" doc:"element counts of the eight characters"`
	Birth            Moment   `json:"birth" doc:"the birth instant as interpreted"`
}

// Overall is the combined score.
type Overall struct {
	Score  float64 `json:"score" doc:"weighted mean of the four scores, 1-10, one decimal" minimum:"1" maximum:"10" example:"7.4"`
	Rating string  `json:"rating" doc:"excellent (8.5 and up), good (7-8.4), fair (5-6.9), challenging (below 5)" enum:"excellent,good,fair,challenging"`
	Rule   string  `json:"rule" doc:"the weights"`
}

// Compatibility is the Chinese compatibility result. Every score is
// symmetric: swapping the two people changes no score.
type Compatibility struct {
	Person1            PersonSummary `json:"person1"`
	Person2            PersonSummary `json:"person2"`
	AnimalHarmony      Score         `json:"animal_harmony" doc:"relation of the two year animals"`
	BranchInteractions Score         `json:"branch_interactions" doc:"harmonies, trines, clashes, harms, punishments and breaks between all branches of the two charts"`
	ElementBalance     Score         `json:"element_balance" doc:"how evenly the two charts' sixteen characters cover the five elements"`
	DayMaster          Score         `json:"day_master" doc:"relation of the two day stems (the day masters)"`
	Overall            Overall       `json:"overall"`
	OverallScore       float64       `json:"overall_score" doc:"overall.score, repeated at the top level" minimum:"1" maximum:"10" example:"7.4"`
	Conventions        Conventions   `json:"conventions" doc:"how the pillars were cast (person1's; person2's agree but for the solar-term method)"`
	// Warnings are both charts' notes, "person1: " or "person2: " before
	// each; the route gives them in the envelope's warnings.
	Warnings []string `json:"-"`
}

// Compatible casts the charts of a resolved request's two people and
// scores the pair.
func Compatible(terms *solarterms.Finder, r *CompatibilityRequest) (Compatibility, error) {
	return Pair(terms, r.Person1.Birth(), r.Person2.Birth(), r.DayBoundary)
}

// Pair casts both births' charts under a day boundary and scores the
// pair.
func Pair(terms *solarterms.Finder, b1, b2 Birth, boundary DayBoundary) (Compatibility, error) {
	var charts [2]Chart
	var out Compatibility
	for i, p := range []Birth{b1, b2} {
		name := fmt.Sprintf("person%d", i+1)
		c, err := Compute(terms, p, boundary)
		if err != nil {
			return Compatibility{}, err
		}
		charts[i] = c
		for _, w := range c.Warnings {
			out.Warnings = append(out.Warnings, name+": "+w)
		}
	}
	out.Person1, out.Person2 = summaryOf(charts[0]), summaryOf(charts[1])
	a, b := pillarsOf(charts[0]), pillarsOf(charts[1])
	out.AnimalHarmony = animalHarmony(a[0].Branch(), b[0].Branch())
	out.BranchInteractions = branchInteractions(a, b)
	out.ElementBalance = elementBalance(charts[0].Elements.Counts(), charts[1].Elements.Counts())
	out.DayMaster = dayMaster(a[2].Stem(), b[2].Stem())
	mean := 0.3*float64(out.AnimalHarmony.Score) + 0.2*float64(out.BranchInteractions.Score) +
		0.2*float64(out.ElementBalance.Score) + 0.3*float64(out.DayMaster.Score)
	score := math.Round(mean*10) / 10
	out.Overall = Overall{Score: score, Rating: rating(score),
		Rule: "0.3 animal_harmony + 0.2 branch_interactions + 0.2 element_balance + 0.3 day_master, rounded to one decimal"}
	out.OverallScore = score
	out.Conventions = charts[0].Conventions
	if charts[1].Conventions.SolarTerms != solarterms.FromTable {
		out.Conventions.SolarTerms, out.Conventions.Source = charts[1].Conventions.SolarTerms, charts[1].Conventions.Source
	}
	return out, nil
}

func rating(s float64) string {
	switch {
	case s >= 8.5:
		return "excellent"
	case s >= 7:
		return "good"
	case s >= 5:
		return "fair"
	}
	return "challenging"
}

// pillarsOf returns the places of a chart's year, month, day and hour.
func pillarsOf(c Chart) [4]GanZhi {
	var g [4]GanZhi
	for i, p := range []Pillar{c.YearPillar, c.MonthPillar, c.DayPillar, c.HourPillar} {
		g[i] = GanZhi(p.CycleIndex - 1)
	}
	return g
}

func summaryOf(c Chart) PersonSummary {
	return PersonSummary{
		YearPillar: c.YearPillar.FullName, MonthPillar: c.MonthPillar.FullName, DayPillar: c.DayPillar.FullName, HourPillar: c.HourPillar.FullName,
		PillarsChinese: c.YearPillar.FullNameChinese + " " + c.MonthPillar.FullNameChinese + " " + c.DayPillar.FullNameChinese + " " + c.HourPillar.FullNameChinese,
		YearAnimal:     c.YearPillar.Animal, DayMaster: c.Summary.DayMaster, DayMasterElement: c.Summary.DayMasterElement,
		Elements: c.Elements, Birth: c.Birth,
	}
}

// animalScores is the score of each year-animal relation.
var animalScores = map[Relation]int{SixHarmony: 10, Trine: 9, Same: 7, Neutral: 6, Break: 5, Punishment: 4, Harm: 3, Clash: 2}

const animalRule = "year animals: six harmony (liu he) 10, trine (san he) 9, same animal 7 (5 for the self-punishing Dragon, Horse, Rooster and Pig), no relation 6, break (po) 5, punishment (xing) 4, harm (hai) 3, clash (chong) 2"

// animalHarmony scores the two year branches.
func animalHarmony(a, b Branch) Score {
	r := relate(a, b)
	s := Score{Score: animalScores[r.kind], Relation: string(r.kind), Rule: animalRule}
	pair := a.Animal() + " (" + a.Pinyin() + " " + a.Chinese() + ") and " + b.Animal() + " (" + b.Pinyin() + " " + b.Chinese() + ")"
	switch r.kind {
	case Same:
		s.Description = "both are born in a year of the " + a.Animal()
		if selfPunishing(a) {
			s.Score = 5
			s.Description += ", a branch that punishes itself when doubled (zi xing 自刑)"
		}
	case Neutral:
		s.Description = pair + " have no classical relation"
	default:
		s.Description = pair + " form a " + strings.ReplaceAll(string(r.kind), "_", " ") + " (" + r.chinese + ")"
	}
	return s
}

// branchWeights are what each relation between two branches adds to the
// base of 6; a pair of the two day branches (the "spouse palaces") counts
// twice.
var branchWeights = map[Relation]float64{SixHarmony: 1, Trine: 0.5, Clash: -1, Harm: -0.5, Punishment: -0.5, Break: -0.25}

const branchRule = "6, plus for each of the 16 pairs of branches (one from each chart) six harmony +1, trine +0.5, clash -1, harm -0.5, punishment -0.5, break -0.25, the pair of day branches counting double; rounded and held to 1-10"

var pillarNames = [4]string{"year", "month", "day", "hour"}

var plural = map[Relation]string{SixHarmony: "six harmonies", Trine: "trines", Clash: "clashes", Harm: "harms", Punishment: "punishments", Break: "breaks"}

// branchInteractions scores every pair of branches between the charts.
func branchInteractions(a, b [4]GanZhi) Score {
	sum := 6.0
	s := Score{Rule: branchRule}
	counts := map[Relation]int{}
	for i := range a {
		for j := range b {
			x, y := a[i].Branch(), b[j].Branch()
			r := relate(x, y)
			w := branchWeights[r.kind]
			if w == 0 {
				continue
			}
			if i == 2 && j == 2 {
				w *= 2
			}
			sum += w
			counts[r.kind]++
			s.Details = append(s.Details, fmt.Sprintf("person1's %s %s (%s) and person2's %s %s (%s): %s %s, %+g",
				pillarNames[i], x.Pinyin(), x.Animal(), pillarNames[j], y.Pinyin(), y.Animal(), strings.ReplaceAll(string(r.kind), "_", " "), r.chinese, w))
		}
	}
	s.Score = clampScore(sum)
	var parts []string
	for _, k := range []Relation{SixHarmony, Trine, Clash, Harm, Punishment, Break} {
		if n := counts[k]; n > 0 {
			name := plural[k]
			if n == 1 {
				name = strings.ReplaceAll(string(k), "_", " ")
			}
			parts = append(parts, fmt.Sprintf("%d %s", n, name))
		}
	}
	if len(parts) == 0 {
		s.Description = "no harmonies or conflicts between the two charts' branches"
	} else {
		s.Description = strings.Join(parts, ", ") + " between the two charts' branches"
	}
	return s
}

const elementRule = "the 16 characters of both charts by element; D = sum over the five elements of |count - 3.2|, from 1.6 (counts 3, 3, 3, 3, 4: as even as 16 can be) to 25.6 (one element only); score = 10 - 9 (D - 1.6) / 11.2, rounded and held to 1-10 (D of 12.8 or more, e.g. two elements missing from both charts, scores 1)"

// elementBalance scores how evenly the two charts together cover the five
// elements.
func elementBalance(a, b [5]int) Score {
	d := 0.0
	var parts []string
	for e := range a {
		c := a[e] + b[e]
		d += math.Abs(float64(c) - 3.2)
		parts = append(parts, fmt.Sprintf("%s %d", Element(e), c))
	}
	s := Score{Score: clampScore(10 - 9*(d-1.6)/11.2), Rule: elementRule,
		Description: "together: " + strings.Join(parts, ", ")}
	for e := range a {
		switch {
		case a[e] == 0 && b[e] > 0:
			s.Details = append(s.Details, fmt.Sprintf("person2 brings %s (%d), which person1 lacks", Element(e), b[e]))
		case b[e] == 0 && a[e] > 0:
			s.Details = append(s.Details, fmt.Sprintf("person1 brings %s (%d), which person2 lacks", Element(e), a[e]))
		case a[e] == 0 && b[e] == 0:
			s.Details = append(s.Details, fmt.Sprintf("neither chart has %s", Element(e)))
		}
	}
	return s
}

const dayMasterRule = "day stems: a five combination (wu he: Jia-Ji, Yi-Geng, Bing-Xin, Ding-Ren, Wu-Gui) 10, one element producing the other 8, the same element 7, one element controlling the other 4"

// dayMaster scores the relation of the two day stems.
func dayMaster(a, b Stem) Score {
	ea, eb := a.Element(), b.Element()
	s := Score{Rule: dayMasterRule}
	name := func(x Stem) string {
		return x.Pinyin() + " " + x.Chinese() + " (" + polarity(x.Yang()) + " " + x.Element().String() + ")"
	}
	switch {
	case mod(int(a)-int(b), 10) == 5:
		s.Score, s.Relation = 10, "combination"
		s.Description = name(a) + " and " + name(b) + " combine (he 合)"
	case ea.Produces(eb):
		s.Score, s.Relation = 8, "production"
		s.Description = "person1's " + name(a) + " produces person2's " + name(b)
	case eb.Produces(ea):
		s.Score, s.Relation = 8, "production"
		s.Description = "person2's " + name(b) + " produces person1's " + name(a)
	case ea == eb:
		s.Score, s.Relation = 7, "same_element"
		s.Description = name(a) + " and " + name(b) + " share an element (companions)"
	case ea.Controls(eb):
		s.Score, s.Relation = 4, "control"
		s.Description = "person1's " + name(a) + " controls person2's " + name(b)
	default:
		s.Score, s.Relation = 4, "control"
		s.Description = "person2's " + name(b) + " controls person1's " + name(a)
	}
	return s
}

// clampScore rounds x (half away from zero) and holds it to 1-10.
func clampScore(x float64) int {
	return int(math.Max(1, math.Min(10, math.Round(x))))
}
