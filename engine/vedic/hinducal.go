package vedic

import (
	"math"
	"time"

	"github.com/astroapi/astroapi/engine"
)

// The Hindu lunisolar calendar of a panchang day (issue 24 item 5): the
// lunar month in the amanta and purnimanta schemes with its adhika, nija
// and kshaya marks, the paksha and tithi, the Shaka, Vikram and Kali years,
// the samvatsara of the 60-year cycle in its North and South Indian
// reckonings, the ritu and the ayana. Everything is reckoned from true new
// moons (the Moon's apparent elongation from the Sun) and the Sun's
// sidereal sankrantis, as the drik (modern) panchangs do.

// Names of the calendar's parts.
var (
	masaNames = [12]string{
		"Chaitra", "Vaishakha", "Jyeshtha", "Ashadha", "Shravana", "Bhadrapada",
		"Ashvina", "Kartika", "Margashirsha", "Pausha", "Magha", "Phalguna",
	}
	// The 60 samvatsaras from Prabhava, as the South Indian almanacs spell
	// them (one spelling each; regional forms differ).
	samvatsaraNames = [60]string{
		"Prabhava", "Vibhava", "Shukla", "Pramoda", "Prajapati", "Angirasa", "Shrimukha", "Bhava", "Yuva", "Dhatri",
		"Ishvara", "Bahudhanya", "Pramathi", "Vikrama", "Vrisha", "Chitrabhanu", "Svabhanu", "Tarana", "Parthiva", "Vyaya",
		"Sarvajit", "Sarvadhari", "Virodhi", "Vikriti", "Khara", "Nandana", "Vijaya", "Jaya", "Manmatha", "Durmukhi",
		"Hevilambi", "Vilambi", "Vikari", "Sharvari", "Plava", "Shubhakrit", "Shobhakrit", "Krodhi", "Vishvavasu", "Parabhava",
		"Plavanga", "Kilaka", "Saumya", "Sadharana", "Virodhikrit", "Paridhavi", "Pramadi", "Ananda", "Rakshasa", "Nala",
		"Pingala", "Kalayukta", "Siddharthi", "Raudra", "Durmati", "Dundubhi", "Rudhirodgari", "Raktakshi", "Krodhana", "Akshaya",
	}
	rituNames   = [6]string{"Vasanta", "Grishma", "Varsha", "Sharad", "Hemanta", "Shishira"}
	rituEnglish = [6]string{"spring", "summer", "monsoon", "autumn", "pre-winter", "winter"}
)

// MasaNames lists the twelve lunar months from Chaitra.
func MasaNames() []string { return masaNames[:] }

// The Surya Siddhanta's mean Jupiter: 364,220 revolutions in a mahayuga of
// 1,577,917,828 civil days, so 12 x 364,220 Jovian years (one sign of mean
// Jupiter each); counted from the Kali epoch (mean midnight at Ujjain
// beginning 18 February 3102 BCE, Julian), when the samvatsara was Vijaya
// (the 27th), as Sewell and Dikshit, The Indian Calendar (1896), para. 60.
const (
	mahayugaDays     = 1577917828.0
	jovianPerYuga    = 12 * 364220.0
	kaliEpochJD      = 588465.5 - 75.7684/360 // Ujjain's mean midnight
	kaliSamvatsara   = 26                     // Vijaya, 0-based
	synodicMonth     = 29.530588853
	siderealYearDays = 365.256363
)

// LunarMonth is a lunar month (masa) in one scheme.
type LunarMonth struct {
	Number int    `json:"number" doc:"1 Chaitra ... 12 Phalguna" example:"5"`
	Name   string `json:"name" doc:"Sanskrit name" example:"Shravana"`
	Adhika bool   `json:"adhika" doc:"an intercalary (adhika) month: no sankranti between its two new moons; it takes the name of the month after it"`
	Nija   bool   `json:"nija" doc:"the regular (nija) month that follows an adhika month of the same name"`
	// Kshaya names the month a kshaya year drops.
	Kshaya string `json:"kshaya,omitempty" doc:"amanta: when two sankrantis fall in this month (a kshaya month), the name of the month it absorbs (this month carries both names)"`
}

// Samvatsara is one of the 60 years of the Jovian cycle.
type Samvatsara struct {
	Number int    `json:"number" doc:"1 Prabhava ... 60 Akshaya"`
	Name   string `json:"name" doc:"name of the samvatsara"`
}

// Ritu is one of the six seasons.
type Ritu struct {
	Number  int    `json:"number" doc:"1 Vasanta ... 6 Shishira"`
	Name    string `json:"name" doc:"Sanskrit name"`
	English string `json:"english" doc:"the season in English"`
}

// HinduYear is the year counts of the day.
type HinduYear struct {
	Shaka           int       `json:"shaka" doc:"Shaka era year (expired count, as the almanacs write it), from Chaitra shukla pratipada"`
	VikramChaitradi int       `json:"vikram_samvat" doc:"Vikram Samvat, the year beginning at Chaitra shukla pratipada (North India): Shaka + 135"`
	VikramKartikadi int       `json:"vikram_samvat_kartikadi" doc:"Vikram Samvat as Gujarat counts it, the year beginning at Kartika shukla pratipada (the day after Diwali's new moon)"`
	Kali            int       `json:"kali" doc:"Kali yuga year: Shaka + 3179"`
	Start           time.Time `json:"start" doc:"the new moon that began this Shaka year (the start of Chaitra, or of an adhika Chaitra), UTC"`
}

// Samvatsaras are the two reckonings of the 60-year cycle.
type Samvatsaras struct {
	NorthIndian Samvatsara `json:"north_indian" doc:"Brihaspati (Jovian) samvatsara: the sign count of the Surya Siddhanta's mean Jupiter from the Kali epoch (Vijaya then), the one running at the year's start names the year (so one is expunged about every 85 years), as North Indian panchangs name the Vikram year"`
	SouthIndian Samvatsara `json:"south_indian" doc:"continuous 60-year count with the Shaka year, from Chaitra shukla pratipada (Ugadi): number = (Shaka + 11) mod 60 + 1"`
}

// Ritus are the season by the lunar month and by the tropical Sun.
type Ritus struct {
	Lunar Ritu `json:"lunar" doc:"Vedic ritu of the amanta month: two months each from Chaitra (Vasanta) to Phalguna (Shishira); an adhika month takes its nija month's"`
	Solar Ritu `json:"solar" doc:"drik ritu of the tropical Sun: 60° each from 330° (Vasanta from the Sun's tropical Pisces, around 19 February)"`
}

// Ayanas are the Sun's half year in both zodiacs.
type Ayanas struct {
	Tropical string `json:"tropical" doc:"uttarayana from the winter solstice (tropical Sun at 270°) to the summer solstice (90°), dakshinayana the other half" enum:"uttarayana,dakshinayana"`
	Sidereal string `json:"sidereal" doc:"uttarayana from Makara sankranti (sidereal Sun at 270°) to Karka sankranti (90°), as the almanacs keep the festivals" enum:"uttarayana,dakshinayana"`
}

// Sankranti is the Sun's entry into a sidereal sign.
type Sankranti struct {
	Sign    int       `json:"sign" doc:"sign entered, 1 Mesha ... 12 Meena"`
	Name    string    `json:"name" doc:"Sanskrit name of the sign"`
	Instant time.Time `json:"instant" doc:"UTC, to the second"`
}

// HinduDate is the lunisolar date of a panchang day.
type HinduDate struct {
	Amanta     LunarMonth  `json:"amanta" doc:"lunar month from new moon to new moon (South and West India)"`
	Purnimanta LunarMonth  `json:"purnimanta" doc:"lunar month from full moon to full moon (North India): the dark half takes the name of the next amanta month; an adhika month keeps its name in both halves"`
	Paksha     string      `json:"paksha" doc:"shukla (bright) or krishna (dark) half, at the reckoning instant" enum:"shukla,krishna"`
	Tithi      int         `json:"tithi" doc:"tithi within the paksha, 1-15 (15 is Purnima or Amavasya)"`
	TithiName  string      `json:"tithi_name" doc:"its name"`
	LunarDay   int         `json:"lunar_day" doc:"tithi within the amanta month, 1-30"`
	Year       HinduYear   `json:"year" doc:"the eras"`
	Samvatsara Samvatsaras `json:"samvatsara" doc:"the year's name in the 60-year cycle"`
	Ritu       Ritus       `json:"ritu" doc:"the season"`
	Ayana      Ayanas      `json:"ayana" doc:"the Sun's half year"`
	MonthStart time.Time   `json:"month_start" doc:"the new moon that began the amanta month, UTC"`
	MonthEnd   time.Time   `json:"month_end" doc:"the new moon that ends it, UTC"`
	Sankranti  []Sankranti `json:"sankranti" doc:"the sankrantis within the amanta month: none in an adhika month, two in a kshaya month"`
	Instant    time.Time   `json:"reckoned_at" doc:"the instant the date is reckoned at (the day's sunrise; local midnight where the Sun does not rise), UTC"`
}

// calendarSky finds the new moons and sankrantis: the elongation from
// arcs (tropical, as no ayanamsa changes it) and the Sun in the sidereal
// zodiac of the calculation.
type calendarSky struct {
	arcs *arcs
	sun  func(t engine.JDUT) (lon, speed float64, err error)
}

func newCalendarSky(pos engine.Positions, zod frame) *calendarSky {
	return &calendarSky{arcs: &arcs{pos: pos}, sun: func(t engine.JDUT) (float64, float64, error) {
		p, err := zod.position(pos, t, engine.Sun)
		return p.Longitude, p.SpeedLongitude, err
	}}
}

// newMoon finds the conjunction nearest guess (within half a month).
func (c *calendarSky) newMoon(guess engine.JDUT) (engine.JDUT, error) {
	e, r, err := c.arcs.at(guess, kindTithi)
	if err != nil {
		return 0, err
	}
	return c.arcs.crossing(kindTithi, 0, guess, e, r)
}

// newMoonBefore finds the last conjunction at or before t.
func (c *calendarSky) newMoonBefore(t engine.JDUT) (engine.JDUT, error) {
	e, _, err := c.arcs.at(t, kindTithi)
	if err != nil {
		return 0, err
	}
	nm, err := c.newMoon(t - engine.JDUT(e/360*synodicMonth))
	if err != nil {
		return 0, err
	}
	if nm > t { // the elongation was just short of 360°
		return c.newMoon(nm - synodicMonth)
	}
	return nm, nil
}

// sign returns the sidereal sign (0 Mesha) of the Sun at t and its
// longitude.
func (c *calendarSky) sign(t engine.JDUT) (int, float64, error) {
	lon, _, err := c.sun(t)
	if err != nil {
		return 0, 0, err
	}
	return int(lon/30) % 12, lon, nil
}

// sankranti finds when the sidereal Sun reaches target, from t (Newton on
// the Sun's longitude, to 0.05 s).
func (c *calendarSky) sankranti(target float64, t engine.JDUT) (engine.JDUT, error) {
	for range 20 {
		lon, speed, err := c.sun(t)
		if err != nil {
			return 0, err
		}
		dt := math.Remainder(target-lon, 360) / speed
		t += engine.JDUT(dt)
		if math.Abs(dt) < 0.05/86400 {
			break
		}
	}
	return t, nil
}

// month is one amanta month: its new moons and the Sun's signs at them.
type month struct {
	start, end engine.JDUT
	s0, s1     int // sidereal sign of the Sun at start and end
}

// number is the month's index, 0 Chaitra: named after the sign the Sun
// enters in it (the month in which it enters Mesha is Chaitra).
func (m month) number() int { return (m.s0 + 1) % 12 }

func (m month) adhika() bool { return m.s0 == m.s1 }

// monthAt returns the amanta month running at t.
func (c *calendarSky) monthAt(t engine.JDUT) (month, error) {
	start, err := c.newMoonBefore(t)
	if err != nil {
		return month{}, err
	}
	return c.monthFrom(start)
}

// monthFrom returns the month that the new moon start begins.
func (c *calendarSky) monthFrom(start engine.JDUT) (month, error) {
	end, err := c.newMoon(start + synodicMonth)
	if err != nil {
		return month{}, err
	}
	s0, _, err := c.sign(start)
	if err != nil {
		return month{}, err
	}
	s1, _, err := c.sign(end)
	if err != nil {
		return month{}, err
	}
	return month{start: start, end: end, s0: s0, s1: s1}, nil
}

// previous returns the month before m.
func (c *calendarSky) previous(m month) (month, error) {
	start, err := c.newMoon(m.start - synodicMonth)
	if err != nil {
		return month{}, err
	}
	s0, _, err := c.sign(start)
	if err != nil {
		return month{}, err
	}
	return month{start: start, end: m.start, s0: s0, s1: m.s0}, nil
}

// yearStart returns the first month of the Shaka year that m belongs to:
// the month that begins with the Sun in Meena (Chaitra), or the adhika
// Chaitra before it.
func (c *calendarSky) yearStart(m month) (month, error) {
	back := (m.s0 - 11 + 12) % 12 // months since the Sun was in Meena, about
	start, err := c.newMoon(m.start - engine.JDUT(float64(back)*synodicMonth))
	if err != nil {
		return month{}, err
	}
	y, err := c.monthFrom(start)
	if err != nil {
		return month{}, err
	}
	for range 3 { // the estimate is off by a month at most
		switch {
		case y.s0 != 11 && y.s0 < 6:
			if y, err = c.previous(y); err != nil {
				return month{}, err
			}
		case y.s0 != 11:
			if y, err = c.monthFrom(y.end); err != nil {
				return month{}, err
			}
		default:
			p, err := c.previous(y)
			if err != nil {
				return month{}, err
			}
			if p.s0 == 11 { // an adhika Chaitra begins the year
				y = p
				continue
			}
			return y, nil
		}
	}
	return y, nil
}

// HinduDateAt reckons the lunisolar date at instant t (the sunrise of a
// day), with the sankrantis in the sidereal zodiac of o (its ayanamsa,
// Lahiri by default; its node type is not read).
func HinduDateAt(pos engine.Positions, t engine.JDUT, o Options) (*HinduDate, error) {
	c := newCalendarSky(pos, o.frame())
	m, err := c.monthAt(t)
	if err != nil {
		return nil, err
	}
	e, _, err := c.arcs.at(t, kindTithi)
	if err != nil {
		return nil, err
	}
	k := min(int(e/12), 29)
	d := &HinduDate{
		LunarDay: k + 1, Tithi: k%15 + 1, TithiName: tithiName(k), Paksha: "shukla",
		MonthStart: second(m.start), MonthEnd: second(m.end), Instant: second(t), Sankranti: []Sankranti{},
	}
	if k >= 15 {
		d.Paksha = "krishna"
	}
	n := m.number()
	d.Amanta = LunarMonth{Number: n + 1, Name: masaNames[n], Adhika: m.adhika()}
	if (m.s1-m.s0+12)%12 == 2 {
		d.Amanta.Kshaya = masaNames[(n+1)%12]
	}
	if !m.adhika() {
		p, err := c.previous(m)
		if err != nil {
			return nil, err
		}
		d.Amanta.Nija = p.adhika()
	}
	// Purnimanta: the dark half belongs to the next month (an adhika month
	// keeps its name whole, and the dark half before it is the nija one's).
	d.Purnimanta = LunarMonth{Number: n + 1, Name: masaNames[n], Adhika: d.Amanta.Adhika, Nija: d.Amanta.Nija}
	if k >= 15 && !m.adhika() {
		pn := (n + 1) % 12
		if d.Amanta.Kshaya != "" {
			pn = (n + 2) % 12
		}
		d.Purnimanta = LunarMonth{Number: pn + 1, Name: masaNames[pn]}
	}
	if err := d.sankrantis(c, m); err != nil {
		return nil, err
	}

	y, err := c.yearStart(m)
	if err != nil {
		return nil, err
	}
	if err := d.years(c, y, n); err != nil {
		return nil, err
	}
	d.Ritu.Lunar = ritu(n / 2)
	trop, err := pos.Position(t, engine.Sun, engine.Options{SkipDistance: true})
	if err != nil {
		return nil, err
	}
	d.Ritu.Solar = ritu(int(engine.Normalize(trop.Longitude+30) / 60))
	_, sid, err := c.sign(t)
	if err != nil {
		return nil, err
	}
	d.Ayana = Ayanas{Tropical: halfYear(trop.Longitude), Sidereal: halfYear(sid)}
	return d, nil
}

// sankrantis lists the Sun's entries into a sign within month m.
func (d *HinduDate) sankrantis(c *calendarSky, m month) error {
	_, lon, err := c.sign(m.start)
	if err != nil {
		return err
	}
	for s := m.s0; s != m.s1; s = (s + 1) % 12 {
		next := (s + 1) % 12
		ahead := engine.Normalize(float64(next)*30 - lon) // degrees to go, about a day each
		at, err := c.sankranti(float64(next)*30, m.start+engine.JDUT(ahead/0.9856))
		if err != nil {
			return err
		}
		d.Sankranti = append(d.Sankranti, Sankranti{Sign: next + 1, Name: Rasis[next], Instant: second(at)})
	}
	return nil
}

// years fills the eras and the samvatsaras, y being the first month of
// the Shaka year and n the amanta month's index.
func (d *HinduDate) years(c *calendarSky, y month, n int) error {
	// The year begins in March or April of the Gregorian year Shaka + 78.
	shaka := y.start.Time().Year() - 78
	d.Year = HinduYear{Shaka: shaka, VikramChaitradi: shaka + 135, VikramKartikadi: shaka + 135, Kali: shaka + 3179, Start: second(y.start)}
	if n < 7 { // Chaitra to Ashvina: before Kartika's new year
		d.Year.VikramKartikadi--
	}
	d.Samvatsara.SouthIndian = samvatsara((shaka + 11) % 60)
	jovian := math.Floor((float64(y.start) - kaliEpochJD) * jovianPerYuga / mahayugaDays)
	d.Samvatsara.NorthIndian = samvatsara(int(math.Mod(jovian+kaliSamvatsara, 60)+60) % 60)
	return nil
}

func samvatsara(i int) Samvatsara { return Samvatsara{Number: i + 1, Name: samvatsaraNames[i]} }

func ritu(i int) Ritu { return Ritu{Number: i + 1, Name: rituNames[i], English: rituEnglish[i]} }

func halfYear(lon float64) string {
	if lon >= 90 && lon < 270 {
		return "dakshinayana"
	}
	return "uttarayana"
}

// CalendarConventions state how the calendar is reckoned.
type CalendarConventions struct {
	Day        string `json:"day" doc:"the instant the date is reckoned at"`
	Month      string `json:"month" doc:"how the lunar month is bounded and named"`
	Purnimanta string `json:"purnimanta" doc:"how the purnimanta month follows from the amanta one"`
	Years      string `json:"years" doc:"when the eras' years begin"`
	Samvatsara string `json:"samvatsara" doc:"the two reckonings of the 60-year cycle"`
	Ritu       string `json:"ritu" doc:"the two reckonings of the season"`
	Ayana      string `json:"ayana" doc:"the two reckonings of the half year"`
	Ayanamsa   string `json:"ayanamsa" doc:"the sidereal zodiac of the sankrantis"`
}

// CalendarDay is the Hindu lunisolar date of a civil day at a place.
type CalendarDay struct {
	Date        string              `json:"date" doc:"the civil date asked for, YYYY-MM-DD, in timezone"`
	Timezone    string              `json:"timezone" doc:"zone of the civil date"`
	Sunrise     *time.Time          `json:"sunrise" doc:"sunrise on the date, UTC, where the date is reckoned; null where the Sun does not rise (then local midnight)"`
	Calendar    *HinduDate          `json:"calendar" doc:"the Hindu date"`
	Ayanamsa    AyanamsaValue       `json:"ayanamsa" doc:"the ayanamsa of the sankrantis and the one requested"`
	Conventions CalendarConventions `json:"conventions" doc:"how the result was computed"`
}

// calendarConventions are the words of every calendar answer.
var calendarConventions = CalendarConventions{
	Day: "the date is that of its sunrise (the tithi and month running then, as the almanacs date a day); local midnight where the Sun does not rise",
	Month: "amanta: from one true new moon (the Moon's apparent elongation from the Sun 0°) to the next, named after the sidereal sign the Sun enters during it " +
		"(Mesha: Chaitra ... Meena: Phalguna), i.e. the Sun's sign at the opening new moon plus one; adhika when no sankranti falls in it (it takes the next month's name; the next is nija); " +
		"kshaya when two fall in it (it carries its own name and the one it absorbs)",
	Purnimanta: "the bright half keeps the amanta name, the dark half takes the next month's; an adhika month keeps its name in both halves (the dark half before it is the nija month's), as North Indian almanacs insert it",
	Years: "Shaka (expired count) and Vikram Samvat (Shaka + 135) turn at Chaitra shukla pratipada, the start of the first Chaitra (an adhika Chaitra when there is one); " +
		"vikram_samvat_kartikadi, the Gujarati reckoning, turns at Kartika shukla pratipada; Kali = Shaka + 3179",
	Samvatsara: "south_indian: the continuous cycle, (Shaka + 11) mod 60 + 1 (Shaka 1946 Krodhi), from Ugadi; north_indian: the Brihaspati cycle of the Surya Siddhanta's mean Jupiter (364,220 revolutions in 1,577,917,828 days, " +
		"one samvatsara per mean sign, Vijaya at the Kali epoch; Sewell and Dikshit, The Indian Calendar, 1896), the one running at the new moon that begins the year naming it, as North Indian panchangs name the Vikram year",
	Ritu:  "lunar (Vedic): two amanta months each from Chaitra (Vasanta); solar (drik): the tropical Sun in 60° arcs from 330° (Vasanta from about 19 February)",
	Ayana: "tropical: uttarayana while the tropical Sun runs from 270° to 90° (winter to summer solstice); sidereal: while the sidereal Sun does (Makara to Karka sankranti)",
}

// NewCalendarDay reckons the Hindu date of a civil day at a place.
func NewCalendarDay(pos engine.Positions, d Day, o PanchangOptions) (*CalendarDay, error) {
	if errs := o.Validate(); len(errs) > 0 {
		return nil, errs
	}
	loc := d.Location
	if loc == nil {
		loc = time.UTC
	}
	midnight := time.Date(d.Year, time.Month(d.Month), d.Day, 0, 0, 0, 0, loc)
	if midnight.Day() != d.Day {
		return nil, engine.Fields{{Field: "day", Reason: "not a day of that month"}}
	}
	t0 := engine.JDOf(midnight)
	t1 := engine.JDOf(time.Date(d.Year, time.Month(d.Month), d.Day+1, 0, 0, 0, 0, loc))
	conv := o.Sunrise
	if conv == "" {
		conv = DefaultSunrise
	}
	out := &CalendarDay{Date: midnight.Format(time.DateOnly), Timezone: loc.String(), Conventions: calendarConventions}
	at := t0
	rise, ok, err := newSky(pos, d.Latitude, d.Longitude, conv).eventIn(t0, t1, engine.Sun, true)
	if err != nil {
		return nil, err
	}
	if ok {
		at, out.Sunrise = rise, secondPtr(rise)
	}
	if out.Calendar, err = HinduDateAt(pos, at, o.Zodiac); err != nil {
		return nil, err
	}
	zod := o.Zodiac.frame()
	aya, err := zod.degrees(pos, at)
	if err != nil {
		return nil, err
	}
	out.Ayanamsa = zod.ayanamsaValue(aya)
	out.Conventions.Ayanamsa = string(zod.label())
	return out, nil
}
