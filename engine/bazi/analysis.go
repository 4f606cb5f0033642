package bazi

import "github.com/astroapi/astroapi/engine/solarterms"

// TenGod is the relation of a stem to the day master (shi shen): by the
// element (the same, produced by it, controlled by it, controlling it,
// producing it) and by polarity (the same or the other).
type TenGod int

// The ten gods, in the order of the element relation, the same polarity
// first.
const (
	Friend           TenGod = iota // bi jian 比肩: same element, same polarity
	RobWealth                      // jie cai 劫财: same element, other polarity
	EatingGod                      // shi shen 食神: produced by the day master, same polarity
	HurtingOfficer                 // shang guan 伤官: produced, other polarity
	IndirectWealth                 // pian cai 偏财: controlled by the day master, same polarity
	DirectWealth                   // zheng cai 正财: controlled, other polarity
	SevenKillings                  // qi sha 七杀 (pian guan): controls the day master, same polarity
	DirectOfficer                  // zheng guan 正官: controls, other polarity
	IndirectResource               // pian yin 偏印: produces the day master, same polarity
	DirectResource                 // zheng yin 正印: produces, other polarity
)

var tenGodNames = [10][3]string{
	{"Friend", "Bi Jian", "比肩"}, {"Rob Wealth", "Jie Cai", "劫财"}, {"Eating God", "Shi Shen", "食神"},
	{"Hurting Officer", "Shang Guan", "伤官"}, {"Indirect Wealth", "Pian Cai", "偏财"}, {"Direct Wealth", "Zheng Cai", "正财"},
	{"Seven Killings", "Qi Sha", "七杀"}, {"Direct Officer", "Zheng Guan", "正官"}, {"Indirect Resource", "Pian Yin", "偏印"},
	{"Direct Resource", "Zheng Yin", "正印"},
}

// TenGodOf returns the ten god of stem s to the day master dm.
func TenGodOf(dm, s Stem) TenGod {
	rel := mod(int(s.Element())-int(dm.Element()), 5) // 0 same, 1 produced, 2 controlled, 3 controlling, 4 producing
	g := TenGod(2 * rel)
	if s.Yang() != dm.Yang() {
		g++
	}
	return g
}

// English returns the god's English name ("Seven Killings").
func (g TenGod) English() string { return tenGodNames[g][0] }

// Pinyin returns its pinyin ("Qi Sha").
func (g TenGod) Pinyin() string { return tenGodNames[g][1] }

// Chinese returns its characters ("七杀").
func (g TenGod) Chinese() string { return tenGodNames[g][2] }

// hiddenStems lists the stems hidden in each branch, the main (principal)
// qi first, then the middle and the residual qi, in the order of the
// classical tables (and lunar-javascript's ZHI_HIDE_GAN).
var hiddenStems = [12][]Stem{
	{9},       // Zi: Gui
	{5, 9, 7}, // Chou: Ji, Gui, Xin
	{0, 2, 4}, // Yin: Jia, Bing, Wu
	{1},       // Mao: Yi
	{4, 1, 9}, // Chen: Wu, Yi, Gui
	{2, 6, 4}, // Si: Bing, Geng, Wu
	{3, 5},    // Wu: Ding, Ji
	{5, 3, 1}, // Wei: Ji, Ding, Yi
	{6, 8, 4}, // Shen: Geng, Ren, Wu
	{7},       // You: Xin
	{4, 7, 3}, // Xu: Wu, Xin, Ding
	{8, 0},    // Hai: Ren, Jia
}

// HiddenStems returns the stems hidden in branch b, the main qi first.
func HiddenStems(b Branch) []Stem { return hiddenStems[b] }

// State is an element's strength in a season (wang xiang xiu qiu si).
type State int

// The five states.
const (
	Prosperous State = iota // wang 旺: the season's own element
	Prime                   // xiang 相: produced by the season's element
	Resting                 // xiu 休: produces the season's element
	Confined                // qiu 囚: controls the season's element
	Dead                    // si 死: controlled by the season's element
)

var stateNames = [5][2]string{{"prosperous", "旺"}, {"prime", "相"}, {"resting", "休"}, {"confined", "囚"}, {"dead", "死"}}

// String returns the state's English name ("prosperous").
func (s State) String() string { return stateNames[s][0] }

// Chinese returns its character ("旺").
func (s State) Chinese() string { return stateNames[s][1] }

// seasonOf returns the element that rules the month of branch b: Wood in
// Yin and Mao (spring), Fire in Si and Wu, Metal in Shen and You, Water in
// Hai and Zi, Earth in the four last months of the seasons (Chen, Wei, Xu,
// Chou).
func seasonOf(b Branch) Element {
	switch b {
	case 2, 3:
		return Wood
	case 5, 6:
		return Fire
	case 8, 9:
		return Metal
	case 11, 0:
		return Water
	}
	return Earth
}

// StateIn returns the state of element e in the season ruled by s.
func StateIn(e, s Element) State {
	switch mod(int(e)-int(s), 5) {
	case 0:
		return Prosperous
	case 1:
		return Prime
	case 4:
		return Resting
	case 3:
		return Confined
	}
	return Dead
}

// HiddenStem is a stem hidden in a branch, with its ten god.
type HiddenStem struct {
	Stem          string `json:"stem" doc:"hidden stem, pinyin" example:"Geng"`
	StemChinese   string `json:"stem_chinese" example:"庚"`
	Element       string `json:"element" enum:"Wood,Fire,Earth,Metal,Water" example:"Metal"`
	Polarity      string `json:"polarity" enum:"Yang,Yin" example:"Yang"`
	Qi            string `json:"qi" doc:"main (the branch's principal qi), middle or residual" enum:"main,middle,residual" example:"main"`
	TenGod        string `json:"ten_god" doc:"its ten god to the day master, English" example:"Eating God"`
	TenGodPinyin  string `json:"ten_god_pinyin" example:"Shi Shen"`
	TenGodChinese string `json:"ten_god_chinese" example:"食神"`
}

// AnalyzedPillar is one pillar with its stem's ten god and hidden stems.
type AnalyzedPillar struct {
	Position string `json:"position" doc:"which pillar" enum:"year,month,day,hour" example:"year"`
	Pillar   Pillar `json:"pillar"`
	// The stem's ten god; the day's stem is the day master itself.
	TenGod        string       `json:"ten_god" doc:"the stem's ten god to the day master, English; \"Day Master\" for the day pillar's stem" example:"Seven Killings"`
	TenGodPinyin  string       `json:"ten_god_pinyin" doc:"pinyin; \"Ri Zhu\" for the day master" example:"Qi Sha"`
	TenGodChinese string       `json:"ten_god_chinese" doc:"characters; 日主 for the day master" example:"七杀"`
	HiddenStems   []HiddenStem `json:"hidden_stems" doc:"the stems hidden in the branch, the main qi first"`
}

// Strength is the day master's strength by the season of the month.
type Strength struct {
	MonthBranch    string `json:"month_branch" doc:"branch of the month pillar, which sets the season" example:"Shen"`
	Season         string `json:"season" doc:"the element ruling that month (Earth in Chen, Wei, Xu and Chou)" enum:"Wood,Fire,Earth,Metal,Water" example:"Metal"`
	State          string `json:"state" doc:"the day master's element in that season: prosperous (its own), prime (produced by it), resting (producing it), confined (controlling it), dead (controlled by it)" enum:"prosperous,prime,resting,confined,dead" example:"resting"`
	StateChinese   string `json:"state_chinese" enum:"旺,相,休,囚,死" example:"休"`
	StrongInSeason bool   `json:"strong_in_season" doc:"prosperous or prime: the day master has the season (de ling 得令)"`
}

// Interaction is a combination, clash, harm, punishment or break between
// the stems or the branches of the pillars.
type Interaction struct {
	Kind     string   `json:"kind" doc:"stem_combination (five combinations), stem_clash, six_combination, three_harmony and half_three_harmony, directional_combination, clash, harm, punishment, self_punishment, break" enum:"stem_combination,stem_clash,six_combination,three_harmony,half_three_harmony,directional_combination,clash,harm,punishment,self_punishment,break" example:"clash"`
	Chinese  string   `json:"chinese" doc:"the relation's Chinese name" example:"六冲"`
	Pillars  []string `json:"pillars" doc:"the pillars involved" example:"[\"year\",\"day\"]"`
	Names    []string `json:"names" doc:"their stems or branches, pinyin, in the pillars' order" example:"[\"Zi\",\"Wu\"]"`
	Element  string   `json:"element,omitempty" doc:"the element a combination produces (Wu-Wei's six combination: Earth; some schools say Fire)" enum:"Wood,Fire,Earth,Metal,Water"`
	Complete bool     `json:"complete,omitempty" doc:"for a punishment of three (Yin-Si-Shen, Chou-Xu-Wei): all three branches are present"`
}

// Analysis is the result of the chart-analysis route.
type Analysis struct {
	DayMaster    Summary          `json:"day_master" doc:"the day master and the chart's summary"`
	Pillars      []AnalyzedPillar `json:"pillars" doc:"year, month, day and hour: each stem's ten god and each branch's hidden stems with theirs"`
	Strength     Strength         `json:"strength" doc:"the day master's strength by the season of the month"`
	TenGods      map[string]int   `json:"ten_gods" doc:"count of each ten god among the three stems other than the day master and the main hidden stems of the four branches (English names)"`
	Interactions []Interaction    `json:"interactions" doc:"combinations, clashes, harms, punishments and breaks between the stems and between the branches of the pillars"`
	Birth        Moment           `json:"birth" doc:"the birth instant as interpreted"`
	Conventions  Conventions      `json:"conventions"`
	// Warnings are the chart's notes.
	Warnings []string `json:"-"`
}

var positions = [4]string{"year", "month", "day", "hour"}

var qiNames = [3]string{"main", "middle", "residual"}

// Analyze casts the four pillars of a resolved request and analyses them
// (the part of the chart the analysis reads: not its solar terms, cycle or
// element counts).
func Analyze(terms *solarterms.Finder, r *Request) (*Analysis, error) {
	b := r.Birth()
	k, err := castBirth(terms, b, r.DayBoundary)
	if err != nil {
		return nil, err
	}
	var c Chart
	c.fill(&k, b)
	a := AnalyzeChart(&c)
	return &a, nil
}

// AnalyzeChart analyses a cast chart.
func AnalyzeChart(c *Chart) Analysis {
	ps := [4]Pillar{c.YearPillar, c.MonthPillar, c.DayPillar, c.HourPillar}
	var gz [4]GanZhi
	for i, p := range ps {
		gz[i] = GanZhi(p.CycleIndex - 1)
	}
	dm := gz[2].Stem()
	a := Analysis{DayMaster: c.Summary, Birth: c.Birth, Conventions: c.Conventions, Warnings: c.Warnings,
		Pillars: make([]AnalyzedPillar, 4)}
	// The hidden stems of the four branches share one array (one
	// allocation instead of up to three a pillar as they were appended),
	// and the ten gods are counted before the map is made, at its size.
	n := 0
	for _, g := range gz {
		n += len(HiddenStems(g.Branch()))
	}
	hidden := make([]HiddenStem, n)
	var gods [10]int
	for i, g := range gz {
		p := &a.Pillars[i]
		p.Position, p.Pillar, p.TenGod, p.TenGodPinyin, p.TenGodChinese = positions[i], ps[i], "Day Master", "Ri Zhu", "日主"
		if i != 2 {
			t := TenGodOf(dm, g.Stem())
			p.TenGod, p.TenGodPinyin, p.TenGodChinese = t.English(), t.Pinyin(), t.Chinese()
			gods[t]++
		}
		hs := HiddenStems(g.Branch())
		p.HiddenStems, hidden = hidden[:len(hs):len(hs)], hidden[len(hs):]
		for k, s := range hs {
			t := TenGodOf(dm, s)
			p.HiddenStems[k] = HiddenStem{Stem: s.Pinyin(), StemChinese: s.Chinese(), Element: s.Element().String(),
				Polarity: polarity(s.Yang()), Qi: qiNames[k], TenGod: t.English(), TenGodPinyin: t.Pinyin(), TenGodChinese: t.Chinese()}
			if k == 0 {
				gods[t]++
			}
		}
	}
	kinds := 0
	for _, k := range gods {
		if k > 0 {
			kinds++
		}
	}
	a.TenGods = make(map[string]int, kinds)
	for t, k := range gods {
		if k > 0 {
			a.TenGods[TenGod(t).English()] = k
		}
	}
	mb := gz[1].Branch()
	season := seasonOf(mb)
	st := StateIn(dm.Element(), season)
	a.Strength = Strength{MonthBranch: mb.Pinyin(), Season: season.String(), State: st.String(), StateChinese: st.Chinese(),
		StrongInSeason: st == Prosperous || st == Prime}
	a.Interactions = interactions(gz)
	return a
}

// The groups of three branches: the three harmonies (san he, by the
// element they form, the centre second), the directional combinations
// (san hui) and the punishments of three (san xing).
var (
	threeHarmonies = [4][3]Branch{{8, 0, 4}, {11, 3, 7}, {2, 6, 10}, {5, 9, 1}} // Shen-Zi-Chen, Hai-Mao-Wei, Yin-Wu-Xu, Si-You-Chou
	harmonyElement = [4]Element{Water, Wood, Fire, Metal}
	directional    = [4][3]Branch{{2, 3, 4}, {5, 6, 7}, {8, 9, 10}, {11, 0, 1}} // Yin-Mao-Chen, Si-Wu-Wei, Shen-You-Xu, Hai-Zi-Chou
	directionalEl  = [4]Element{Wood, Fire, Metal, Water}
	punishTrios    = [2][3]Branch{{2, 5, 8}, {1, 10, 7}} // Yin-Si-Shen, Chou-Xu-Wei
	// sixCombination is the element each six combination forms, by its
	// lower branch: Zi-Chou Earth, Yin-Hai Wood, Mao-Xu Fire, Chen-You
	// Metal, Si-Shen Water, Wu-Wei Earth.
	sixCombination = map[Branch]Element{0: Earth, 2: Wood, 3: Fire, 4: Metal, 5: Water, 6: Earth}
	breaks         = map[[2]Branch]bool{{0, 9}: true, {1, 4}: true, {2, 11}: true, {3, 6}: true, {5, 8}: true, {7, 10}: true}
)

// interactions lists the relations among the stems and among the branches
// of the four pillars: pairs in the order year-month, year-day, ...
// day-hour, then the groups of three.
func interactions(gz [4]GanZhi) []Interaction {
	out := make([]Interaction, 0, 8)
	// The pairs' pillars and names are cut from one array of strings
	// instead of two small allocations a relation.
	var strs []string
	two := func(a, b string) []string {
		if len(strs) < 2 {
			strs = make([]string, 32)
		}
		s := strs[:2:2]
		s[0], s[1] = a, b
		strs = strs[2:]
		return s
	}
	pair := func(kind, chinese string, i, j int, a, b string, el string) {
		out = append(out, Interaction{Kind: kind, Chinese: chinese, Pillars: two(positions[i], positions[j]), Names: two(a, b), Element: el})
	}
	var present [12][]int // the pillars holding each branch
	for i, g := range gz {
		present[g.Branch()] = append(present[g.Branch()], i)
	}
	full := func(trio [3]Branch) bool {
		return len(present[trio[0]]) > 0 && len(present[trio[1]]) > 0 && len(present[trio[2]]) > 0
	}
	for i := 0; i < 4; i++ {
		for j := i + 1; j < 4; j++ {
			s, t := gz[i].Stem(), gz[j].Stem()
			lo, hi := min(s, t), max(s, t)
			switch {
			case hi-lo == 5:
				pair("stem_combination", "天干五合", i, j, s.Pinyin(), t.Pinyin(), Element(mod(int(lo)+2, 5)).String())
			case hi-lo == 6 && lo < 4:
				pair("stem_clash", "天干相冲", i, j, s.Pinyin(), t.Pinyin(), "")
			}
			b, c := gz[i].Branch(), gz[j].Branch()
			bl, bh := min(b, c), max(b, c)
			bn, cn := b.Pinyin(), c.Pinyin()
			if b == c {
				if selfPunishing(b) {
					pair("self_punishment", "自刑", i, j, bn, cn, "")
				}
				continue
			}
			if (b+c)%12 == 1 {
				pair("six_combination", "六合", i, j, bn, cn, sixCombination[bl].String())
			}
			if (bh-bl)%4 == 0 {
				k := int(bl) % 4 // the trio: Shen-Zi-Chen holds 0, 4, 8
				trio := threeHarmonies[[4]int{0, 3, 2, 1}[k]]
				if !full(trio) && (b == trio[1] || c == trio[1]) {
					pair("half_three_harmony", "半合", i, j, bn, cn, harmonyElement[[4]int{0, 3, 2, 1}[k]].String())
				}
			}
			if bh-bl == 6 {
				pair("clash", "六冲", i, j, bn, cn, "")
			}
			if (b+c)%12 == 7 {
				pair("harm", "六害", i, j, bn, cn, "")
			}
			if bl == 0 && bh == 3 {
				pair("punishment", "刑", i, j, bn, cn, "")
			}
			for _, trio := range punishTrios {
				if in3(trio, b) && in3(trio, c) {
					out = append(out, Interaction{Kind: "punishment", Chinese: "刑", Pillars: two(positions[i], positions[j]),
						Names: two(bn, cn), Complete: full(trio)})
				}
			}
			if breaks[[2]Branch{bl, bh}] {
				pair("break", "破", i, j, bn, cn, "")
			}
		}
	}
	group := func(kind, chinese string, trio [3]Branch, el Element) {
		it := Interaction{Kind: kind, Chinese: chinese, Element: el.String()}
		for _, b := range trio {
			for _, p := range present[b] {
				it.Pillars = append(it.Pillars, positions[p])
				it.Names = append(it.Names, b.Pinyin())
			}
		}
		out = append(out, it)
	}
	for k, trio := range threeHarmonies {
		if full(trio) {
			group("three_harmony", "三合", trio, harmonyElement[k])
		}
	}
	for k, trio := range directional {
		if full(trio) {
			group("directional_combination", "三会", trio, directionalEl[k])
		}
	}
	return out
}

func in3(trio [3]Branch, b Branch) bool { return trio[0] == b || trio[1] == b || trio[2] == b }
