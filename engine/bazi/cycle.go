package bazi

// Element is one of the five phases (wuxing), by its English name as the
// API reports it.
type Element int

// The elements in the order of the generating cycle: each produces the
// next (Wood feeds Fire, Fire makes Earth, Earth bears Metal, Metal
// carries Water, Water nourishes Wood) and controls the one after that.
const (
	Wood Element = iota
	Fire
	Earth
	Metal
	Water
)

var elementNames = [5][2]string{{"Wood", "木"}, {"Fire", "火"}, {"Earth", "土"}, {"Metal", "金"}, {"Water", "水"}}

// String returns the English name ("Wood").
func (e Element) String() string { return elementNames[e][0] }

// Chinese returns the character ("木").
func (e Element) Chinese() string { return elementNames[e][1] }

// Produces reports whether e generates f (Wood produces Fire).
func (e Element) Produces(f Element) bool { return (e+1)%5 == f }

// Controls reports whether e controls f (Wood controls Earth).
func (e Element) Controls(f Element) bool { return (e+2)%5 == f }

// Stem is one of the ten heavenly stems (tiangan), 0 = Jia.
type Stem int

var stemNames = [10][2]string{
	{"Jia", "甲"}, {"Yi", "乙"}, {"Bing", "丙"}, {"Ding", "丁"}, {"Wu", "戊"},
	{"Ji", "己"}, {"Geng", "庚"}, {"Xin", "辛"}, {"Ren", "壬"}, {"Gui", "癸"},
}

// Pinyin returns the stem's name in pinyin without tone marks ("Jia").
func (s Stem) Pinyin() string { return stemNames[s][0] }

// Chinese returns the stem's character ("甲").
func (s Stem) Chinese() string { return stemNames[s][1] }

// Element returns the stem's element: the stems go in pairs, Yang then Yin,
// through the generating cycle from Wood.
func (s Stem) Element() Element { return Element(s / 2) }

// Yang reports whether the stem is Yang (even stems: Jia, Bing, ...).
func (s Stem) Yang() bool { return s%2 == 0 }

// Branch is one of the twelve earthly branches (dizhi), 0 = Zi.
type Branch int

var branchNames = [12][4]string{
	{"Zi", "子", "Rat", "鼠"}, {"Chou", "丑", "Ox", "牛"}, {"Yin", "寅", "Tiger", "虎"},
	{"Mao", "卯", "Rabbit", "兔"}, {"Chen", "辰", "Dragon", "龙"}, {"Si", "巳", "Snake", "蛇"},
	{"Wu", "午", "Horse", "马"}, {"Wei", "未", "Goat", "羊"}, {"Shen", "申", "Monkey", "猴"},
	{"You", "酉", "Rooster", "鸡"}, {"Xu", "戌", "Dog", "狗"}, {"Hai", "亥", "Pig", "猪"},
}

// branchElements is the principal element of each branch (the element of
// its main hidden stem): Zi Water, Chou Earth, Yin and Mao Wood, Chen Earth,
// Si and Wu Fire, Wei Earth, Shen and You Metal, Xu Earth, Hai Water.
var branchElements = [12]Element{Water, Earth, Wood, Wood, Earth, Fire, Fire, Earth, Metal, Metal, Earth, Water}

// Pinyin returns the branch's name in pinyin without tone marks ("Zi").
func (b Branch) Pinyin() string { return branchNames[b][0] }

// Chinese returns the branch's character ("子").
func (b Branch) Chinese() string { return branchNames[b][1] }

// Animal returns the branch's animal in English ("Rat").
func (b Branch) Animal() string { return branchNames[b][2] }

// AnimalChinese returns the animal's character ("鼠").
func (b Branch) AnimalChinese() string { return branchNames[b][3] }

// Element returns the branch's principal element.
func (b Branch) Element() Element { return branchElements[b] }

// Yang reports whether the branch is Yang (even branches: Zi, Yin, ...).
func (b Branch) Yang() bool { return b%2 == 0 }

// GanZhi is a place in the sexagenary cycle, 0 (Jia Zi) to 59 (Gui Hai):
// stem and branch advance together, so place i pairs stem i mod 10 with
// branch i mod 12.
type GanZhi int

// Of returns the place of a stem and branch of equal parity (the cycle
// pairs only those): i = 6*stem - 5*branch (mod 60).
func Of(s Stem, b Branch) GanZhi { return GanZhi(mod(6*int(s)-5*int(b), 60)) }

// Stem returns the heavenly stem.
func (g GanZhi) Stem() Stem { return Stem(g % 10) }

// Branch returns the earthly branch.
func (g GanZhi) Branch() Branch { return Branch(g % 12) }

// Pinyin returns "Jia Zi".
func (g GanZhi) Pinyin() string { return names[g].pinyin }

// Chinese returns "甲子".
func (g GanZhi) Chinese() string { return names[g].chinese }

// names holds the strings of every place, built once so that casting a
// chart allocates no names.
var names = func() (n [60]struct{ pinyin, chinese, describe string }) {
	for i := range n {
		g := GanZhi(i)
		s, b := g.Stem(), g.Branch()
		n[i].pinyin = s.Pinyin() + " " + b.Pinyin()
		n[i].chinese = s.Chinese() + b.Chinese()
		n[i].describe = polarity(s.Yang()) + " " + s.Element().String() + " " + b.Animal()
	}
	return n
}()

// Nayin returns the "sound" element of the pair (nayin wuxing) in English
// and in Chinese; consecutive places share one.
func (g GanZhi) Nayin() (english, chinese string) {
	n := nayin[g/2]
	return n[0], n[1]
}

// nayin lists the thirty nayin of the places 0-1, 2-3, ... 58-59, with a
// common English rendering.
var nayin = [30][2]string{
	{"Gold in the Sea", "海中金"}, {"Fire in the Furnace", "炉中火"}, {"Wood of the Great Forest", "大林木"},
	{"Earth by the Roadside", "路旁土"}, {"Metal of the Sword's Edge", "剑锋金"}, {"Fire on the Mountain Top", "山头火"},
	{"Water beneath the Stream", "涧下水"}, {"Earth on the City Wall", "城头土"}, {"White Wax Metal", "白蜡金"},
	{"Willow Wood", "杨柳木"}, {"Water in the Spring", "泉中水"}, {"Earth on the Roof", "屋上土"},
	{"Thunderbolt Fire", "霹雳火"}, {"Pine and Cypress Wood", "松柏木"}, {"Long-Flowing Water", "长流水"},
	{"Gold in the Sand", "沙中金"}, {"Fire at the Foot of the Mountain", "山下火"}, {"Wood of the Plain", "平地木"},
	{"Earth on the Wall", "壁上土"}, {"Gold Foil Metal", "金箔金"}, {"Lamp Fire", "覆灯火"},
	{"Water of the Heavenly River", "天河水"}, {"Earth of the Great Post Road", "大驿土"}, {"Hairpin Metal", "钗钏金"},
	{"Mulberry Wood", "桑柘木"}, {"Water of the Great Stream", "大溪水"}, {"Earth in the Sand", "沙中土"},
	{"Fire in the Sky", "天上火"}, {"Pomegranate Wood", "石榴木"}, {"Water of the Great Sea", "大海水"},
}

// YearGanZhi returns the place of the sexagenary year that begins (at
// Lichun, about 4 February) in Gregorian year y: 1984 began a cycle (Jia
// Zi), so the place is (y - 4) mod 60.
func YearGanZhi(y int) GanZhi { return GanZhi(mod(y-4, 60)) }

// DayGanZhi returns the place of the day whose Julian day number is jdn:
// the count of days has run unbroken since antiquity, and JDN 11 was a Jia
// Zi day, so 2000-01-01 (JDN 2451545) is Wu Wu (54).
func DayGanZhi(jdn int) GanZhi { return GanZhi(mod(jdn+49, 60)) }

// MonthGanZhi returns the month of a year pillar: month m counts from 0,
// the Yin month that Lichun opens, to 11, the Chou month. Its branch is Yin
// + m, and its stem follows the "five tigers" rule: the Yin month of a Jia
// or Ji year is Bing Yin, of a Yi or Geng year Wu Yin, and so on.
func MonthGanZhi(year GanZhi, m int) GanZhi {
	s := Stem(mod(int(year.Stem())%5*2+2+m, 10))
	return Of(s, Branch(mod(2+m, 12)))
}

// HourGanZhi returns the double hour (shichen) of hour h (0-23) on a day
// whose day pillar is day: the branch is Zi for 23:00-00:59, Chou for
// 01:00-02:59, and so on, and the stem follows the "five rats" rule: the Zi
// hour of a Jia or Ji day is Jia Zi. For h = 23 pass the next day's pillar:
// that Zi hour opens the next day's sequence of hours.
func HourGanZhi(day GanZhi, h int) GanZhi {
	b := Branch((h + 1) / 2 % 12)
	s := Stem(mod(int(day.Stem())%5*2+int(b), 10))
	return Of(s, b)
}

func mod(a, n int) int {
	a %= n
	if a < 0 {
		a += n
	}
	return a
}

// polarity returns "Yang" or "Yin".
func polarity(yang bool) string {
	if yang {
		return "Yang"
	}
	return "Yin"
}

// describe returns "Yang Wood Rat" for a place.
func describe(g GanZhi) string { return names[g].describe }
