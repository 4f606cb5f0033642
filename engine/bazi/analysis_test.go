package bazi

import (
	"bufio"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/astroapi/astroapi/engine/accuracy/measure"
)

// TestAnalysisLunarJavaScript compares the hidden stems of the four
// branches and the ten gods of the stems and of the hidden stems with
// lunar-javascript's EightChar (testdata/analysis.tsv,
// testdata/gen/analysis.js) for 2,100 births of 1900-2100 (Beijing clock
// times outside the Zi hour), and our stem and branch relations with its
// tables of the five stem combinations, the six harmonies and the clashes.
func TestAnalysisLunarJavaScript(t *testing.T) {
	terms, _ := finders(t)
	f, err := os.Open(filepath.Join("testdata", "analysis.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	stemOf, branchOf := map[string]Stem{}, map[string]Branch{}
	for s := range Stem(10) {
		stemOf[s.Chinese()] = s
	}
	for b := range Branch(12) {
		branchOf[b.Chinese()] = b
	}
	published := measure.Compare(t, measure.About{
		What:      "BaZi hidden stems and ten gods (engine), and the stem combination, six harmony and clash partners",
		Reference: "lunar-javascript 1.7.7 (6tail) EightChar (getXHideGan, getXShiShenGan, getXShiShenZhi) and LunarUtil's HE_GAN_5, HE_ZHI_6 and CHONG",
		Sample:    "seeded random Beijing clock times 1900-2100 outside the Zi hour; every stem and branch of the tables",
	})
	qHidden := published.Exact("hidden stems of the four branches")
	qHiddenGods := published.Exact("ten gods of the hidden stems")
	qGods := published.Exact("ten gods of the year, month and hour stems")
	qTables := published.Exact("partners in the combination and clash tables")
	births, tables := 0, 0
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fs := strings.Split(sc.Text(), "\t")
		switch fs[0] {
		case "B":
			births++
			at, err := time.Parse("2006-01-02T15:04", fs[1])
			if err != nil || len(fs) != 17 {
				t.Fatalf("bad line %q", sc.Text())
			}
			r := shanghai(at.Year(), int(at.Month()), at.Day(), at.Hour(), at.Minute())
			r.Timezone = "+08:00"
			request(t, r)
			a, err := Analyze(terms, r)
			if err != nil {
				t.Fatal(err)
			}
			what := fs[1]
			for i, p := range a.Pillars {
				if p.Pillar.FullNameChinese != fs[2+i] {
					t.Errorf("%s: %s pillar %s, lunar-javascript %s", what, p.Position, p.Pillar.FullNameChinese, fs[2+i])
					continue
				}
				var hide, gods []string
				for _, h := range p.HiddenStems {
					hide, gods = append(hide, h.StemChinese), append(gods, h.TenGodChinese)
				}
				qHidden.Match(strings.Join(hide, ",") == fs[6+2*i], what, p.Position)
				qHiddenGods.Match(strings.Join(gods, ",") == fs[7+2*i], what, p.Position)
				if strings.Join(hide, ",") != fs[6+2*i] || strings.Join(gods, ",") != fs[7+2*i] {
					t.Errorf("%s: %s hidden %v %v, lunar-javascript %s %s", what, p.Position, hide, gods, fs[6+2*i], fs[7+2*i])
				}
			}
			for k, i := range []int{0, 1, 3} {
				qGods.Match(a.Pillars[i].TenGodChinese == fs[14+k], what, positions[i])
				if g := a.Pillars[i].TenGodChinese; g != fs[14+k] {
					t.Errorf("%s: %s stem's ten god %s, lunar-javascript %s", what, positions[i], g, fs[14+k])
				}
			}
		case "T":
			tables++
			switch fs[1] {
			case "HE_GAN_5": // the partner of each stem in the five combinations
				a := stemOf[fs[2]]
				for b := range Stem(10) {
					got := slices.ContainsFunc(interactions([4]GanZhi{Of(a, Branch(a%2)), Of(b, Branch(b%2)), 1, 3}), func(it Interaction) bool {
						return it.Kind == "stem_combination" && it.Pillars[0] == "year" && it.Pillars[1] == "month"
					})
					qTables.Match(got == (b == stemOf[fs[3]]), fs[1], a.Chinese(), b.Chinese())
					if got != (b == stemOf[fs[3]]) {
						t.Errorf("%s-%s: combination %v, lunar-javascript's partner %s", a.Chinese(), b.Chinese(), got, fs[3])
					}
				}
			case "HE_ZHI_6", "CHONG":
				kind := map[string]string{"HE_ZHI_6": "six_combination", "CHONG": "clash"}[fs[1]]
				a := branchOf[fs[2]]
				for b := range Branch(12) {
					got := slices.ContainsFunc(interactions([4]GanZhi{Of(Stem(a%2), a), Of(Stem(b%2), b), 1, 3}), func(it Interaction) bool {
						return it.Kind == kind && it.Pillars[0] == "year" && it.Pillars[1] == "month"
					})
					qTables.Match(got == (b == branchOf[fs[3]]), fs[1], a.Chinese(), b.Chinese())
					if got != (b == branchOf[fs[3]]) {
						t.Errorf("%s %s-%s: %v, lunar-javascript's partner %s", kind, a.Chinese(), b.Chinese(), got, fs[3])
					}
				}
			}
		}
	}
	if births < 2000 || tables != 34 {
		t.Fatalf("%d births and %d table lines in the fixture", births, tables)
	}
}

// TestSeasonStates holds the five states to the classical verse (as in
// Yuanhai Ziping): in spring Wood is prosperous, Fire prime, Water
// resting, Metal confined, Earth dead; in summer Fire, Earth, Wood, Water,
// Metal; in autumn Metal, Water, Earth, Fire, Wood; in winter Water, Wood,
// Metal, Earth, Fire; in the last month of each season Earth, Metal, Fire,
// Wood, Water.
func TestSeasonStates(t *testing.T) {
	verse := map[Element][5]Element{
		Wood: {Wood, Fire, Water, Metal, Earth}, Fire: {Fire, Earth, Wood, Water, Metal},
		Metal: {Metal, Water, Earth, Fire, Wood}, Water: {Water, Wood, Metal, Earth, Fire},
		Earth: {Earth, Metal, Fire, Wood, Water},
	}
	for season, els := range verse {
		for st, e := range els {
			if got := StateIn(e, season); got != State(st) {
				t.Errorf("%s in the %s season: %s, the verse says %s", e, season, got, State(st))
			}
		}
	}
	for b, want := range [12]Element{Water, Earth, Wood, Wood, Earth, Fire, Fire, Earth, Metal, Metal, Earth, Water} {
		if seasonOf(Branch(b)) != want {
			t.Errorf("%s month: %s", Branch(b).Pinyin(), seasonOf(Branch(b)))
		}
	}
}

// TestInteractions checks the relations of hand-made charts against the
// classical lists: the six harms (Zi-Wei, Chou-Wu, Yin-Si, Mao-Chen,
// Shen-Hai, You-Xu), the punishments (Zi-Mao; Yin-Si-Shen and Chou-Xu-Wei,
// complete when all three are present; Chen, Wu, You and Hai punishing
// themselves), the breaks, the three harmonies (whole, or half with the
// centre) and the directional combinations.
func TestInteractions(t *testing.T) {
	gz := func(pairs ...[2]int) (out [4]GanZhi) {
		for i, p := range pairs {
			out[i] = Of(Stem(p[0]), Branch(p[1]))
		}
		return out
	}
	has := func(its []Interaction, kind string, names ...string) bool {
		return slices.ContainsFunc(its, func(it Interaction) bool { return it.Kind == kind && slices.Equal(it.Names, names) })
	}
	// Jia Zi, Ji Wei, Jia Chen, Ren Shen: Jia-Ji combine (Earth), Zi-Wei
	// harm, Shen-Zi-Chen complete (Water), so no half harmonies.
	its := interactions(gz([2]int{0, 0}, [2]int{5, 7}, [2]int{0, 4}, [2]int{8, 8}))
	if !has(its, "stem_combination", "Jia", "Ji") || !has(its, "harm", "Zi", "Wei") || !has(its, "three_harmony", "Shen", "Zi", "Chen") ||
		has(its, "half_three_harmony", "Zi", "Chen") || its[0].Element != "Earth" {
		t.Errorf("Jia Zi, Ji Wei, Jia Chen, Ren Shen: %+v", its)
	}
	// Bing Yin, Ji Si, Wu Shen, Geng Shen: Yin-Si-Shen complete (punishments,
	// and the Yin-Shen clash), Bing-Geng no relation, Shen-Shen none.
	its = interactions(gz([2]int{2, 2}, [2]int{5, 5}, [2]int{4, 8}, [2]int{6, 8}))
	if !has(its, "punishment", "Yin", "Si") || !has(its, "punishment", "Si", "Shen") || !has(its, "clash", "Yin", "Shen") ||
		!has(its, "harm", "Yin", "Si") || !has(its, "six_combination", "Si", "Shen") || !has(its, "break", "Si", "Shen") {
		t.Errorf("Bing Yin, Ji Si, Wu Shen, Geng Shen: %+v", its)
	}
	for _, it := range its {
		if it.Kind == "punishment" && !it.Complete {
			t.Errorf("Yin-Si-Shen incomplete: %+v", it)
		}
		if it.Names[0] == "Shen" && it.Names[1] == "Shen" {
			t.Errorf("Shen does not punish itself: %+v", it)
		}
	}
	// Gui Hai, Yi Mao, Jia Wu, Jia Wu: Hai-Mao half (Wood, the centre Mao),
	// Mao-Wu break, Wu-Wu self-punishment; Gui-Ding clash absent (no Ding).
	its = interactions(gz([2]int{9, 11}, [2]int{1, 3}, [2]int{0, 6}, [2]int{0, 6}))
	if !has(its, "half_three_harmony", "Hai", "Mao") || !has(its, "break", "Mao", "Wu") || !has(its, "self_punishment", "Wu", "Wu") ||
		has(its, "stem_clash", "Gui", "Ding") {
		t.Errorf("Gui Hai, Yi Mao, Jia Wu, Jia Wu: %+v", its)
	}
	// Jia Yin, Geng Chen, Ding Mao, Gui You: Yin, Mao, Chen directional
	// (Wood); Jia-Geng and Ding-Gui stem clashes; Chen-Mao harm; Chen-You
	// combination; Mao-You clash.
	its = interactions(gz([2]int{0, 2}, [2]int{6, 4}, [2]int{3, 3}, [2]int{9, 9}))
	if !has(its, "directional_combination", "Yin", "Mao", "Chen") || !has(its, "stem_clash", "Jia", "Geng") || !has(its, "stem_clash", "Ding", "Gui") ||
		!has(its, "harm", "Chen", "Mao") || !has(its, "six_combination", "Chen", "You") || !has(its, "clash", "Mao", "You") {
		t.Errorf("Jia Yin, Geng Chen, Ding Mao, Gui You: %+v", its)
	}
}
