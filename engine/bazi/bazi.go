package bazi

import (
	"fmt"
	"math"
	"strings"
	"time"

	"github.com/astroapi/astroapi/engine"
	"github.com/astroapi/astroapi/engine/birth"
	"github.com/astroapi/astroapi/engine/calendar"
	"github.com/astroapi/astroapi/engine/solarterms"
)

// DayBoundary says when the day pillar changes around the Zi hour
// (23:00-00:59).
type DayBoundary string

// The day boundaries.
const (
	// ZiStart: the day changes at 23:00, the start of the Zi hour (the
	// classical Ziping rule and lunar-javascript's sect 1). The default.
	ZiStart DayBoundary = "zi_start"
	// Midnight: the day changes at 00:00; 23:00-23:59 keeps the day's own
	// day pillar (the "late Zi hour"), while its hour pillar is still the
	// next day's Zi hour (lunar-javascript's default, sect 2).
	Midnight DayBoundary = "midnight"
)

// EnumValues lists the day boundaries (engine.Enum).
func (DayBoundary) EnumValues() []string { return []string{string(ZiStart), string(Midnight)} }

// Birth is a resolved birth as the pillars read it: the local civil date
// (in Local.Calendar) and clock time, and the instant they name
// (Person.Birth gives it from a resolved request; Go callers may build
// it with birth.Resolve).
type Birth struct {
	Local   birth.Local
	Instant birth.Instant
	// Clock is the time the day and hour pillars read ("" is Civil).
	Clock Clock
	// Longitude (degrees east) is the birthplace's, when Placed: the
	// solar clocks need it.
	Longitude float64
	Placed    bool
	// Location is the zone's rules (the Standard clock's standard offset);
	// nil reads as a zone without daylight time.
	Location *time.Location
}

// Pillar is one of the four pillars: a heavenly stem over an earthly branch.
type Pillar struct {
	Stem            string `json:"stem" doc:"heavenly stem, pinyin without tone marks" example:"Geng"`
	StemChinese     string `json:"stem_chinese" doc:"heavenly stem, Chinese character" example:"庚"`
	Branch          string `json:"branch" doc:"earthly branch, pinyin without tone marks" example:"Wu"`
	BranchChinese   string `json:"branch_chinese" doc:"earthly branch, Chinese character" example:"午"`
	FullName        string `json:"full_name" doc:"stem and branch, pinyin" example:"Geng Wu"`
	FullNameChinese string `json:"full_name_chinese" doc:"stem and branch, Chinese characters" example:"庚午"`
	Element         string `json:"element" doc:"element of the stem" enum:"Wood,Fire,Earth,Metal,Water" example:"Metal"`
	Polarity        string `json:"polarity" doc:"polarity of the stem (and of the branch, which always agrees)" enum:"Yang,Yin" example:"Yang"`
	BranchElement   string `json:"branch_element" doc:"principal element of the branch (of its main hidden stem)" enum:"Wood,Fire,Earth,Metal,Water" example:"Fire"`
	Animal          string `json:"animal" doc:"animal of the branch" example:"Horse"`
	AnimalChinese   string `json:"animal_chinese" doc:"animal of the branch, Chinese character" example:"马"`
	CycleIndex      int    `json:"cycle_index" doc:"place in the sexagenary cycle, 1 (Jia Zi) to 60 (Gui Hai)" minimum:"1" maximum:"60" example:"7"`
	Nayin           string `json:"nayin" doc:"nayin (sound) element of the pair, English" example:"Earth by the Roadside"`
	NayinChinese    string `json:"nayin_chinese" doc:"nayin element, Chinese" example:"路旁土"`
}

// PillarOf returns the pillar of a place in the sexagenary cycle.
func PillarOf(g GanZhi) Pillar { return pillars[g] }

// pillars holds the 60 pillars, built once.
var pillars = func() (p [60]Pillar) {
	for i := range p {
		p[i] = newPillar(GanZhi(i))
	}
	return p
}()

func newPillar(g GanZhi) Pillar {
	s, b := g.Stem(), g.Branch()
	ny, nyc := g.Nayin()
	return Pillar{
		Stem: s.Pinyin(), StemChinese: s.Chinese(), Branch: b.Pinyin(), BranchChinese: b.Chinese(),
		FullName: g.Pinyin(), FullNameChinese: g.Chinese(),
		Element: s.Element().String(), Polarity: polarity(s.Yang()), BranchElement: b.Element().String(),
		Animal: b.Animal(), AnimalChinese: b.AnimalChinese(), CycleIndex: int(g) + 1,
		Nayin: ny, NayinChinese: nyc,
	}
}

// Animals counts the animals of the four branches.
type Animals struct {
	Rat     int `json:"rat" minimum:"0" maximum:"4"`
	Ox      int `json:"ox" minimum:"0" maximum:"4"`
	Tiger   int `json:"tiger" minimum:"0" maximum:"4"`
	Rabbit  int `json:"rabbit" minimum:"0" maximum:"4"`
	Dragon  int `json:"dragon" minimum:"0" maximum:"4"`
	Snake   int `json:"snake" minimum:"0" maximum:"4"`
	Horse   int `json:"horse" minimum:"0" maximum:"4"`
	Goat    int `json:"goat" minimum:"0" maximum:"4"`
	Monkey  int `json:"monkey" minimum:"0" maximum:"4"`
	Rooster int `json:"rooster" minimum:"0" maximum:"4"`
	Dog     int `json:"dog" minimum:"0" maximum:"4"`
	Pig     int `json:"pig" minimum:"0" maximum:"4"`
}

func (a *Animals) add(b Branch) {
	p := [12]*int{&a.Rat, &a.Ox, &a.Tiger, &a.Rabbit, &a.Dragon, &a.Snake, &a.Horse, &a.Goat, &a.Monkey, &a.Rooster, &a.Dog, &a.Pig}
	*p[b]++
}

// Elements counts the elements of the eight characters: each stem by its
// element, each branch by its principal element.
type Elements struct {
	Wood  int `json:"wood" minimum:"0" maximum:"8"`
	Fire  int `json:"fire" minimum:"0" maximum:"8"`
	Earth int `json:"earth" minimum:"0" maximum:"8"`
	Metal int `json:"metal" minimum:"0" maximum:"8"`
	Water int `json:"water" minimum:"0" maximum:"8"`
}

// Counts returns the counts indexed by Element.
func (e Elements) Counts() [5]int { return [5]int{e.Wood, e.Fire, e.Earth, e.Metal, e.Water} }

func elementsOf(c [5]int) Elements {
	return Elements{Wood: c[Wood], Fire: c[Fire], Earth: c[Earth], Metal: c[Metal], Water: c[Water]}
}

// Summary sums the chart up.
type Summary struct {
	DayMaster         string   `json:"day_master" doc:"stem of the day pillar (the day master), pinyin" example:"Geng"`
	DayMasterChinese  string   `json:"day_master_chinese" doc:"day master, Chinese character" example:"庚"`
	DayMasterElement  string   `json:"day_master_element" doc:"element of the day master" enum:"Wood,Fire,Earth,Metal,Water" example:"Metal"`
	DayMasterPolarity string   `json:"day_master_polarity" enum:"Yang,Yin" example:"Yang"`
	YearAnimal        string   `json:"year_animal" doc:"animal of the year pillar (the solar year from Lichun)" example:"Horse"`
	DominantElements  []string `json:"dominant_elements" doc:"the most frequent element(s) of the eight characters" example:"[\"Fire\"]"`
	MissingElements   []string `json:"missing_elements" doc:"elements absent from the eight characters" example:"[\"Water\"]"`
	Text              string   `json:"text" doc:"one-sentence summary"`
}

// Cycle is the year's place in the sixty-year cycle.
type Cycle struct {
	Index          int    `json:"index" doc:"place of the year in the cycle, 1 (Jia Zi) to 60" minimum:"1" maximum:"60" example:"7"`
	Name           string `json:"name" doc:"stem and branch of the year, pinyin" example:"Geng Wu"`
	Chinese        string `json:"chinese" doc:"stem and branch of the year, Chinese" example:"庚午"`
	Description    string `json:"description" doc:"polarity, element and animal of the year" example:"Yang Metal Horse"`
	Nayin          string `json:"nayin" doc:"nayin element of the year, English" example:"Earth by the Roadside"`
	NayinChinese   string `json:"nayin_chinese" example:"路旁土"`
	CycleStartYear int    `json:"cycle_start_year" doc:"Gregorian year whose Lichun began this sixty-year cycle (a Jia Zi year)" example:"1984"`
	CycleEndYear   int    `json:"cycle_end_year" doc:"Gregorian year in which the cycle's last year (Gui Hai) begins" example:"2043"`
}

// Terms are the solar terms that placed the year and month pillars.
type Terms struct {
	YearStart  solarterms.Event `json:"year_start" doc:"Lichun that began the pillar's solar year"`
	MonthStart solarterms.Event `json:"month_start" doc:"jie that began the pillar's month"`
	MonthEnd   solarterms.Event `json:"month_end" doc:"next jie, which ends the month"`
}

// Moment is the birth instant as interpreted.
type Moment struct {
	Local     string    `json:"local" doc:"local clock date and time used, YYYY-MM-DDTHH:MM" example:"1990-06-15T14:30"`
	Timezone  string    `json:"timezone" doc:"IANA zone used" example:"Asia/Shanghai"`
	UTCOffset string    `json:"utc_offset" doc:"offset in force at the instant" example:"UTC+09:00"`
	UTC       time.Time `json:"utc" doc:"the instant in UTC" example:"1990-06-15T05:30:00Z"`
	JulianDay float64   `json:"julian_day" doc:"the instant, Julian day (UT)" example:"2448057.72917"`
	Ambiguous bool      `json:"ambiguous,omitempty" doc:"the local time occurred twice (clocks turned back); fold says which was used"`
	Fold      int       `json:"fold,omitempty" doc:"0 the earlier, 1 the later of two ambiguous instants"`
	Clock     Clock     `json:"clock" doc:"the time the day and hour pillars read: civil (the clock, the default), standard (daylight time removed), mean_solar or true_solar (of the birthplace)" enum:"civil,standard,mean_solar,true_solar" example:"civil"`
	// PillarTime and PillarOffset are the time of day the day and hour
	// pillars read, and its offset from UT.
	PillarTime     string  `json:"pillar_time" doc:"the date and time the day and hour pillars read under clock, YYYY-MM-DDTHH:MM:SS (truncated to the second)" example:"1990-06-15T14:30:00"`
	PillarOffset   string  `json:"pillar_utc_offset" doc:"offset from UTC of pillar_time (rounded to the second)" example:"UTC+08:00"`
	EquationOfTime float64 `json:"equation_of_time,omitempty" doc:"equation of time applied by clock true_solar, seconds (apparent minus mean solar time), to 0.1 s" example:"-355.6"`
}

// Conventions states how the chart was cast.
type Conventions struct {
	YearStart   string            `json:"year_start" doc:"when the year pillar changes"`
	MonthStart  string            `json:"month_start" doc:"when the month pillar changes"`
	DayBoundary DayBoundary       `json:"day_boundary" doc:"when the day pillar changes" enum:"zi_start,midnight"`
	DayRule     string            `json:"day_rule" doc:"the day and hour pillars around 23:00 under this boundary"`
	Clock       string            `json:"clock" doc:"which time the day and hour pillars read"`
	SolarTerms  solarterms.Method `json:"solar_terms" doc:"where the solar-term instants came from" enum:"table,root_finding"`
	Elements    string            `json:"elements" doc:"how the elements are counted"`
	Source      engine.Source     `json:"ephemeris,omitempty" doc:"ephemeris behind root-found terms (absent for table lookups)" enum:"tables,swiss_ephemeris,moshier"`
}

// Chart is the BaZi (four pillars) result.
type Chart struct {
	YearPillar     Pillar      `json:"year_pillar" doc:"year pillar, changing at Lichun"`
	MonthPillar    Pillar      `json:"month_pillar" doc:"month pillar, changing at each jie solar term"`
	DayPillar      Pillar      `json:"day_pillar" doc:"day pillar from the sexagenary day count"`
	HourPillar     Pillar      `json:"hour_pillar" doc:"hour pillar (double hour) from the day stem"`
	Animals        Animals     `json:"animals" doc:"count of each animal among the four branches"`
	Elements       Elements    `json:"elements" doc:"count of each element among the eight characters (stems by element, branches by principal element)"`
	Summary        Summary     `json:"summary"`
	SixtyYearCycle Cycle       `json:"sixty_year_cycle" doc:"the year pillar's place in the sixty-year cycle"`
	SolarTerms     Terms       `json:"solar_terms" doc:"the solar terms that placed the year and month pillars"`
	Birth          Moment      `json:"birth" doc:"the birth instant as interpreted"`
	Conventions    Conventions `json:"conventions"`
	// Warnings are notes on the input (ignored fields, ambiguous times, a
	// birth close to a solar term); the routes give them in the envelope's
	// warnings, with the other notices of the call, not in the result.
	Warnings []string `json:"-"`
}

// nearTerm is how close to a jie a birth draws a warning: an error of the
// clock of this much would change the month (and at Lichun the year) pillar.
const nearTerm = 10 * time.Minute

// Cast casts the four pillars of a resolved request, built in place where
// it is returned (the route answers the pointer; the chart, some 2 KB,
// was copied twice on its way there).
func Cast(terms *solarterms.Finder, r *Request) (*Chart, error) {
	c := new(Chart)
	if err := c.compute(terms, r.Birth(), r.DayBoundary); err != nil {
		return nil, err
	}
	return c, nil
}

// Compute casts the four pillars of a birth under a day boundary ("" is
// ZiStart). Solar terms come from terms (table first, root-finding
// behind); engine.ErrOutOfRange when no solar term can be found. The day
// and hour pillars read b's clock (the civil time unless b.Clock says
// otherwise).
func Compute(terms *solarterms.Finder, b Birth, boundary DayBoundary) (Chart, error) {
	var c Chart
	if err := c.compute(terms, b, boundary); err != nil {
		return Chart{}, err
	}
	return c, nil
}

// compute fills c, a zero chart, as Compute answers it.
func (c *Chart) compute(terms *solarterms.Finder, b Birth, boundary DayBoundary) error {
	k, err := castBirth(terms, b, boundary)
	if err != nil {
		return err
	}
	counts := c.fill(&k, b)
	c.SolarTerms = Terms{YearStart: k.lichun.Event(), MonthStart: k.jie.Start.Event(), MonthEnd: k.jie.End.Event()}
	c.Elements = elementsOf(counts)
	year := k.year
	ny, nyc := year.Nayin()
	start := k.bYear - int(year)
	c.SixtyYearCycle = Cycle{Index: int(year) + 1, Name: year.Pinyin(), Chinese: year.Chinese(), Description: describe(year),
		Nayin: ny, NayinChinese: nyc, CycleStartYear: start, CycleEndYear: start + 59}
	return nil
}

// fill writes the part of a chart the analysis reads: the four pillars,
// the animals, the summary, the birth, the conventions and the warnings;
// it returns the count of each element.
func (c *Chart) fill(k *cast, b Birth) (counts [5]int) {
	year, month, day, hour := k.year, k.month, k.day, k.hour
	c.YearPillar, c.MonthPillar, c.DayPillar, c.HourPillar = pillars[year], pillars[month], pillars[day], pillars[hour]
	c.Birth = k.moment(b)
	for _, g := range [4]GanZhi{year, month, day, hour} {
		c.Animals.add(g.Branch())
		counts[g.Stem().Element()]++
		counts[g.Branch().Element()]++
	}
	c.Summary = summarize(year, day, counts)
	c.Conventions = k.conventions(b)
	c.Warnings = k.warnings(b)
	return counts
}

// cast is what every result of a birth is built from: the four places in
// the sixty, the jie span and the Lichun that placed the year and month
// pillars, and the time of day the day and hour pillars read. The luck
// pillars take it without the rest of a chart (summary, cycle, counts).
type cast struct {
	year, month, day, hour GanZhi
	bYear                  int // the solar year (from Lichun) of the year pillar
	jie                    solarterms.Span
	lichun                 solarterms.Crossing
	rc                     clockReading
	boundary               DayBoundary
}

// castBirth places a birth in the sixty under a day boundary ("" is
// ZiStart): Compute's rules.
func castBirth(terms *solarterms.Finder, b Birth, boundary DayBoundary) (cast, error) {
	inst := b.Instant
	rc, err := readClock(terms, b)
	if err != nil {
		return cast{}, err
	}
	l := rc.local
	if boundary == "" {
		boundary = ZiStart
	}
	// Year and month: the jie in force at the instant.
	jie, err := terms.Jie(inst.JD)
	if err != nil {
		return cast{}, err
	}
	m := int(jie.Start.Term-solarterms.Lichun+24) % 24 / 2 // 0: the Yin month Lichun opens
	bYear := jie.Start.Year
	if jie.Start.Term == solarterms.Xiaohan { // the Chou month ends the previous solar year
		bYear--
	}
	lichun, err := terms.Find(bYear, solarterms.Lichun)
	if err != nil {
		return cast{}, err
	}
	year := YearGanZhi(bYear)
	month := MonthGanZhi(year, m)
	// Day and hour: the time of day under the clock, the day counted in
	// the calendar the date was written in.
	dn := int(calendar.JulianDay(l.Year, l.Month, l.Day, l.Calendar) + 0.5)
	hourDay := DayGanZhi(dn)
	if l.Hour == 23 {
		hourDay = DayGanZhi(dn + 1) // the Zi hour opens the next day's hours
	}
	day := DayGanZhi(dn)
	if boundary == ZiStart && l.Hour == 23 {
		day = hourDay
	}
	return cast{year: year, month: month, day: day, hour: HourGanZhi(hourDay, l.Hour), bYear: bYear,
		jie: jie, lichun: lichun, rc: rc, boundary: boundary}, nil
}

// moment states the birth instant as the pillars read it.
func (k *cast) moment(b Birth) Moment {
	inst := b.Instant
	m := Moment{
		Local:    localStamp(b.Local),
		Timezone: inst.Zone, UTCOffset: offsetText(inst.Offset), UTC: inst.UTC,
		JulianDay: math.Round(float64(inst.JD)*1e6) / 1e6, Ambiguous: inst.Ambiguous, Fold: inst.Fold,
		Clock: b.Clock, PillarTime: secondStamp(k.rc.local), PillarOffset: offsetText(int(math.Round(k.rc.offset))),
		EquationOfTime: math.Round(k.rc.eot*10) / 10,
	}
	if m.Clock == "" {
		m.Clock = Civil
	}
	return m
}

// conventions states the rules the pillars were cast by.
func (k *cast) conventions(b Birth) Conventions {
	c := conventions(k.boundary, k.jie, k.lichun)
	c.Clock = clockText(b.Clock)
	return c
}

// warnings are the notes on the birth's place among the solar terms and
// on its clock.
func (k *cast) warnings(b Birth) []string {
	w := warnings(b.Instant, k.jie)
	if k.rc.note != "" {
		w = append(w, k.rc.note)
	}
	return w
}

// conventions states the rules used; the method is the table's unless any
// term had to be root-found.
func conventions(b DayBoundary, jie solarterms.Span, lichun solarterms.Crossing) Conventions {
	c := Conventions{
		YearStart:   "Lichun: the year pillar changes when the Sun's apparent longitude reaches 315 degrees (about 4 February), not at the lunar new year",
		MonthStart:  "jie solar terms: the month pillar changes when the Sun reaches 315, 345, 15, ... 285 degrees; the instant of the birth (from the local time and its zone) decides at a boundary",
		DayBoundary: b,
		SolarTerms:  solarterms.FromTable,
		Elements:    "eight characters: each stem by its element, each branch by its principal element (hidden stems not counted)",
	}
	switch b {
	case Midnight:
		c.DayRule = "the day pillar changes at 00:00; from 23:00 to 23:59 the day pillar is still that date's, and the hour pillar is the next day's Zi hour"
	default:
		c.DayRule = "the day pillar changes at 23:00, the start of the Zi hour; from 23:00 to 23:59 both the day and the hour pillar are the next day's"
	}
	for _, x := range []solarterms.Crossing{jie.Start, jie.End, lichun} {
		if x.Method != solarterms.FromTable {
			c.SolarTerms, c.Source = x.Method, x.Source
		}
	}
	return c
}

// warnings notes what the caller should know about the birth's place
// among the solar terms (the request's own notices, an ambiguous time, a
// gender ignored, are its resolver's).
func warnings(inst birth.Instant, jie solarterms.Span) []string {
	var w []string
	for _, x := range []solarterms.Crossing{jie.Start, jie.End} {
		if d := inst.UTC.Sub(x.Time()); d.Abs() < nearTerm {
			what := "month"
			if x.Term == solarterms.Lichun {
				what = "year and month"
			}
			w = append(w, fmt.Sprintf("the birth is %s from %s (%s UTC): a clock error of that much changes the %s pillars",
				d.Abs().Round(time.Second), x.Term.Name(), x.Time().Format("2006-01-02 15:04:05"), what))
		}
	}
	return w
}

// summarize writes the summary of a chart.
func summarize(year, day GanZhi, counts [5]int) Summary {
	dm := day.Stem()
	top := 0
	for _, n := range counts {
		top = max(top, n)
	}
	var dominant, missing int // bit sets of elements
	for e, n := range counts {
		if n == top {
			dominant |= 1 << e
		}
		if n == 0 {
			missing |= 1 << e
		}
	}
	miss := "all five elements are present"
	if missing != 0 {
		miss = "missing " + elementSets[missing].text
	}
	return Summary{
		DayMaster: dm.Pinyin(), DayMasterChinese: dm.Chinese(), DayMasterElement: dm.Element().String(),
		DayMasterPolarity: polarity(dm.Yang()), YearAnimal: year.Branch().Animal(),
		DominantElements: elementSets[dominant].list, MissingElements: elementSets[missing].list,
		Text: polarity(dm.Yang()) + " " + dm.Element().String() + " day master (" + dm.Pinyin() + " " + dm.Chinese() +
			") born in a " + describe(year) + " year (" + year.Chinese() + "); " + strongest[len(elementSets[dominant].list) > 1] +
			elementSets[dominant].text + ", " + miss + ".",
	}
}

var strongest = map[bool]string{false: "strongest element ", true: "strongest elements "}

// elementSets lists, for each subset of the elements (a bit set), its names
// and "Wood and Fire": shared, read-only values, so a summary allocates
// only its text.
var elementSets = func() (sets [32]struct {
	list []string
	text string
}) {
	for m := range sets {
		sets[m].list = []string{}
		for e := Wood; e <= Water; e++ {
			if m&(1<<e) != 0 {
				sets[m].list = append(sets[m].list, e.String())
			}
		}
		switch n := len(sets[m].list); n {
		case 0:
		case 1:
			sets[m].text = sets[m].list[0]
		default:
			sets[m].text = strings.Join(sets[m].list[:n-1], ", ") + " and " + sets[m].list[n-1]
		}
	}
	return sets
}()

// secondStamp writes l's date and time as YYYY-MM-DDTHH:MM:SS.
func secondStamp(l birth.Local) string {
	var b [19]byte
	stamp(b[:16], l)
	b[16], b[17], b[18] = ':', byte('0'+l.Second/10), byte('0'+l.Second%10)
	return string(b[:])
}

// offsetQuarters holds birth.FormatOffset of every whole quarter hour from
// -14:00 to +14:00, the offsets of the zones' standard and daylight times
// since they were adopted: the two offsets of every answer without a
// string built each time.
var offsetQuarters = func() (t [113]string) {
	for i := range t {
		t[i] = birth.FormatOffset((i - 56) * 900)
	}
	return t
}()

// offsetText is birth.FormatOffset(off), from the table for a whole
// quarter hour.
func offsetText(off int) string {
	if off%900 == 0 && off >= -56*900 && off <= 56*900 {
		return offsetQuarters[off/900+56]
	}
	return birth.FormatOffset(off)
}

// localStamp writes l's date and time as YYYY-MM-DDTHH:MM.
func localStamp(l birth.Local) string {
	var b [16]byte
	stamp(b[:], l)
	return string(b[:])
}

// stamp writes l's date and time as YYYY-MM-DDTHH:MM into b[:16].
func stamp(b []byte, l birth.Local) {
	b = b[:16]
	put := func(i, v, width int) {
		for j := i + width - 1; j >= i; j-- {
			b[j] = byte('0' + v%10)
			v /= 10
		}
	}
	put(0, l.Year, 4)
	b[4], b[7], b[10], b[13] = '-', '-', 'T', ':'
	put(5, l.Month, 2)
	put(8, l.Day, 2)
	put(11, l.Hour, 2)
	put(14, l.Minute, 2)
}
