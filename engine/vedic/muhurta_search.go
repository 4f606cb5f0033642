package vedic

import (
	"math"
	"sort"
	"time"

	"github.com/astroapi/astroapi/engine"
	"github.com/astroapi/astroapi/engine/roots"
)

// The muhurta search: the stretches of a range at a place whose panchang
// meets the conditions. It is built from events, never by stepping: the
// sunrises and sunsets of every day (Newton on the hour angle, each from
// the day before), the boundaries of the tithis, nakshatras and, when
// asked, yogas and karanas (roots.Newton on the angle, each from the
// prediction of the last one's rate), then interval arithmetic.

// Period names an inauspicious part of the daytime a search can leave out.
type Period string

// The periods.
const (
	PeriodRahuKaal   Period = "rahu_kaal"
	PeriodYamaganda  Period = "yamaganda"
	PeriodGulikaKaal Period = "gulika_kaal"
	PeriodDurmuhurta Period = "durmuhurta"
)

// EnumValues lists the periods.
func (Period) EnumValues() []string {
	return []string{string(PeriodRahuKaal), string(PeriodYamaganda), string(PeriodGulikaKaal), string(PeriodDurmuhurta)}
}

// DefaultExcluded are the periods a search leaves out when the request
// names none.
func DefaultExcluded() []Period { return []Period{PeriodRahuKaal, PeriodYamaganda, PeriodGulikaKaal} }

// SearchConditions are what a window must meet. An empty list accepts
// every value.
type SearchConditions struct {
	Tithis     []int // 1-30
	Nakshatras []int // 1-27
	Yogas      []int // 1-27
	Karanas    []int // 1-60
	Weekdays   []time.Weekday
	Exclude    []Period
	Daytime    bool // only between sunrise and sunset
	Sunrise    SunriseConvention
	Zodiac     Options // the ayanamsa of the nakshatras and yogas (Node not read); Lahiri by default
	Limit      int     // most windows answered; 0 is no limit
}

// MaxSearchLatitude bounds the places a search runs at: every day there
// has a sunrise and a sunset.
const MaxSearchLatitude = 65

// MuhurtaWindow is a stretch of time with one weekday, tithi and
// nakshatra (and yoga and karana when they were asked for) that meets the
// conditions.
type MuhurtaWindow struct {
	Start     time.Time `json:"start" doc:"UTC, to the second"`
	End       time.Time `json:"end" doc:"UTC, to the second"`
	Minutes   float64   `json:"minutes" doc:"length, minutes"`
	Sunrise   time.Time `json:"sunrise" doc:"sunrise that began the panchang day of the window, UTC"`
	Vara      Vara      `json:"vara" doc:"weekday of the panchang day (sunrise to sunrise)"`
	Tithi     Element   `json:"tithi" doc:"the tithi in force, with its own start and end"`
	Nakshatra Element   `json:"nakshatra" doc:"the nakshatra in force, with its own start and end"`
	Yoga      *Element  `json:"yoga,omitempty" doc:"the yoga in force, when yogas were asked for"`
	Karana    *Element  `json:"karana,omitempty" doc:"the karana in force, when karanas were asked for"`
}

// MuhurtaSearch is the answer of a search.
type MuhurtaSearch struct {
	Windows      []MuhurtaWindow   `json:"windows" doc:"the windows found, in time order"`
	Count        int               `json:"count" doc:"number of windows found (before limit)"`
	Truncated    bool              `json:"truncated" doc:"true when more windows were found than limit: the first limit are given"`
	TotalMinutes float64           `json:"total_minutes" doc:"length of all the windows found, minutes"`
	Days         int               `json:"days" doc:"panchang days (sunrise to sunrise) the range touches"`
	Ayanamsa     AyanamsaValue     `json:"ayanamsa" doc:"the ayanamsa of the nakshatras and yogas, at the start of the range"`
	Conventions  SearchConventions `json:"conventions" doc:"how the windows were found"`
}

// SearchConventions state how a search was made.
type SearchConventions struct {
	Sunrise    SunriseConvention `json:"sunrise" doc:"which point of the disc rises and sets, and refraction" enum:"upper_limb,disc_centre,hindu"`
	Definition string            `json:"sunrise_definition" doc:"the convention in words"`
	Windows    string            `json:"windows" doc:"what a window is"`
	Elements   string            `json:"elements" doc:"how the limbs are defined and found"`
	Periods    string            `json:"periods" doc:"how the excluded periods are placed"`
}

// stretch is a half-open stretch [a, b) of time.
type stretch struct{ a, b engine.JDUT }

// intersect returns the stretches in both x and y (each sorted, disjoint).
func intersect(x, y []stretch) []stretch {
	var out []stretch
	for i, j := 0, 0; i < len(x) && j < len(y); {
		a, b := max(x[i].a, y[j].a), min(x[i].b, y[j].b)
		if a < b {
			out = append(out, stretch{a, b})
		}
		if x[i].b < y[j].b {
			i++
		} else {
			j++
		}
	}
	return out
}

// subtract returns x less the stretches of y (each sorted; y may overlap).
func subtract(x, y []stretch) []stretch {
	var out []stretch
	j := 0
	for _, s := range x {
		a := s.a
		for j < len(y) && y[j].b <= a {
			j++
		}
		for k := j; k < len(y) && y[k].a < s.b; k++ {
			if y[k].a > a {
				out = append(out, stretch{a, y[k].a})
			}
			a = max(a, y[k].b)
		}
		if a < s.b {
			out = append(out, stretch{a, s.b})
		}
	}
	return out
}

// elem is one element of a kind: its index and its stretch.
type elem struct {
	idx  int
	a, b engine.JDUT
}

// allowed returns the union of the elements whose 1-based number is in
// want, adjacent ones merged.
func allowed(es []elem, want []int) []stretch {
	ok := map[int]bool{}
	for _, w := range want {
		ok[w-1] = true
	}
	var out []stretch
	for _, e := range es {
		if !ok[e.idx] {
			continue
		}
		if n := len(out); n > 0 && out[n-1].b == e.a {
			out[n-1].b = e.b
		} else {
			out = append(out, stretch{e.a, e.b})
		}
	}
	return out
}

// list returns the elements of kind k from the one running at from to the
// one running at to: each boundary a root of the angle less its target,
// found by roots.Newton (the angle always grows, at a rate within a factor
// of two of itself) from the guess the last boundary's rate gives, to
// 0.05 s.
func (a *arcs) list(k elementKind, from, to engine.JDUT) ([]elem, error) {
	angle, rate, err := a.at(from, k)
	if err != nil {
		return nil, err
	}
	w := span[k]
	idx := min(int(angle/w), count[k]-1)
	root := func(target float64, guess engine.JDUT) (engine.JDUT, error) {
		f := func(t float64) (float64, float64, error) {
			v, r, err := a.at(engine.JDUT(t), k)
			return math.Remainder(v-target, 360), r, err
		}
		t, err := roots.Newton(f, float64(guess), 0.05/86400)
		return engine.JDUT(t), err
	}
	start, err := root(float64(idx)*w, from-engine.JDUT(math.Remainder(angle-float64(idx)*w, 360)/rate))
	if err != nil {
		return nil, err
	}
	var out []elem
	for {
		target := float64(idx+1) * w
		end, err := root(target, start+engine.JDUT(w/rate))
		if err != nil {
			return nil, err
		}
		out = append(out, elem{idx: idx, a: start, b: end})
		if end >= to {
			return out, nil
		}
		// The next guess uses the mean rate over the element just found.
		rate = w / float64(end-start)
		idx = (idx + 1) % count[k]
		start = end
	}
}

// panchangDay is one sunrise-to-sunrise day of a search.
type panchangDay struct {
	rise, set engine.JDUT
	weekday   int
}

// searchDays returns the panchang days from the one running at from to
// the one running at to, each with the sunrise that begins it, its sunset
// and weekday (the day of the sunrise in the place's local mean time),
// and the sunrise after the last. ok is false where a day lacks a sunrise
// or a sunset.
func searchDays(s *sky, lon float64, from, to engine.JDUT) ([]panchangDay, engine.JDUT, bool, error) {
	// Civil day numbers (JDN) in local mean time.
	day := func(t engine.JDUT) int { return int(math.Floor(float64(t) + 0.5 + lon/360)) }
	midnight := func(n int) engine.JDUT { return engine.JDUT(float64(n) - 0.5 - lon/360) }
	var days []panchangDay
	var last engine.JDUT
	guessRise, guessSet := engine.JDUT(0), engine.JDUT(0)
	for n := day(from) - 1; n <= day(to)+1; n++ {
		m := midnight(n)
		// Each day's events from the day before's, a day on: a minute or
		// two off, so two Newton steps; the first from 06:00 and 18:00.
		if len(days) == 0 {
			guessRise, guessSet = m+0.25, m+0.75
		}
		rise, ok, err := s.event(guessRise, engine.Sun, true)
		if err != nil {
			return nil, 0, false, err
		}
		if !ok || rise < m || rise >= m+1 {
			return nil, 0, false, nil
		}
		set, ok, err := s.event(guessSet, engine.Sun, false)
		if err != nil {
			return nil, 0, false, err
		}
		if !ok || set < rise || set >= m+1 {
			return nil, 0, false, nil
		}
		days = append(days, panchangDay{rise: rise, set: set, weekday: (n + 1) % 7})
		last = rise
		guessRise, guessSet = rise+1, set+1
	}
	// Keep the days that overlap [from, to): day i runs to day i+1's
	// sunrise; the last sunrise closes the list.
	lo := sort.Search(len(days), func(i int) bool { return i+1 < len(days) && days[i+1].rise > from })
	hi := sort.Search(len(days), func(i int) bool { return days[i].rise >= to })
	if hi == len(days) {
		hi--
	}
	if lo >= hi {
		return nil, last, true, nil
	}
	return days[lo:hi], days[hi].rise, true, nil
}

// SearchMuhurta finds the windows of [from, to) at a place (degrees) that
// meet c.
func SearchMuhurta(pos engine.Positions, lat, lon float64, from, to engine.JDUT, c SearchConditions) (*MuhurtaSearch, error) {
	conv := c.Sunrise
	if conv == "" {
		conv = DefaultSunrise
	}
	zod := c.Zodiac.frame()
	s := newSky(pos, lat, lon, conv)
	days, end, ok, err := searchDays(s, lon, from, to)
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, engine.Fields{{Field: "latitude", Reason: "the Sun does not rise and set every day of the range there"}}
	}
	res := &MuhurtaSearch{Windows: []MuhurtaWindow{}, Days: len(days),
		Conventions: SearchConventions{
			Sunrise:    conv,
			Definition: sunriseWords[conv],
			Windows:    "a window is a stretch of the range within one panchang day (sunrise to sunrise; its weekday that of the sunrise in the place's local mean time), one tithi and one nakshatra (and one yoga and one karana when they are conditions) that meets every condition and lies outside the excluded periods (and within sunrise to sunset when daytime_only); windows shorter than a second are dropped",
			Elements:   "tithi: elongation of the Moon from the Sun in 12° arcs; karana: its 6° halves; nakshatra: the sidereal Moon (in the ayanamsa used) in 13°20′ arcs; yoga: the sidereal Sun + Moon in 13°20′ arcs; apparent geocentric positions; each boundary found by Newton's method on the ephemeris to 0.05 s",
			Periods:    "rahu kaal, yamaganda and gulika kaal: one of the eight equal parts of each day's sunrise to sunset, by weekday (Sunday first: rahu 8,2,7,5,6,4,3; yamaganda 5,4,3,2,1,7,6; gulika 7,6,5,4,3,2,1); durmuhurta: the weekday's muhurtas (1/15) of the daytime and the night (as the day route)",
		}}
	a := &arcs{pos: pos, zod: zod} // the panchang's limbs
	v, err := zod.degrees(pos, from)
	if err != nil {
		return nil, err
	}
	res.Ayanamsa = zod.ayanamsaValue(v)
	if len(days) == 0 {
		return res, nil
	}

	// The stretch of the range, the weekdays and the daytime.
	win := []stretch{{from, to}}
	wantDay := map[int]bool{}
	for _, w := range c.Weekdays {
		wantDay[int(w)] = true
	}
	var dayS, bad []stretch
	for i, d := range days {
		next := end
		if i+1 < len(days) {
			next = days[i+1].rise
		}
		if len(wantDay) == 0 || wantDay[d.weekday] {
			if c.Daytime {
				dayS = append(dayS, stretch{d.rise, d.set})
			} else {
				dayS = append(dayS, stretch{d.rise, next})
			}
		}
		for _, p := range c.Exclude {
			switch p {
			case PeriodRahuKaal:
				bad = append(bad, part(d.rise, d.set, 8, rahuPart[d.weekday]))
			case PeriodYamaganda:
				bad = append(bad, part(d.rise, d.set, 8, yamaPart[d.weekday]))
			case PeriodGulikaKaal:
				bad = append(bad, part(d.rise, d.set, 8, gulikaPart[d.weekday]))
			case PeriodDurmuhurta:
				for _, n := range durDay[d.weekday] {
					bad = append(bad, part(d.rise, d.set, 15, n))
				}
				for _, n := range durNight[d.weekday] {
					bad = append(bad, part(d.set, next, 15, n))
				}
			}
		}
	}
	win = intersect(win, dayS)
	sort.Slice(bad, func(i, j int) bool { return bad[i].a < bad[j].a })
	win = subtract(win, bad)

	// The limbs: tithi and nakshatra always (windows are split at them),
	// yoga and karana when asked for.
	lo, hi := days[0].rise, end
	var lists [4][]elem
	want := [4][]int{c.Tithis, c.Nakshatras, c.Yogas, c.Karanas}
	for k := kindTithi; k <= kindKarana; k++ {
		if k >= kindYoga && len(want[k]) == 0 {
			continue
		}
		if lists[k], err = a.list(k, lo, hi); err != nil {
			return nil, err
		}
		if len(want[k]) > 0 {
			win = intersect(win, allowed(lists[k], want[k]))
		}
	}

	// Split at every boundary in force, label, round.
	var cuts []engine.JDUT
	for _, d := range days {
		cuts = append(cuts, d.rise)
	}
	for k := range lists {
		for _, e := range lists[k] {
			cuts = append(cuts, e.a)
		}
	}
	sort.Slice(cuts, func(i, j int) bool { return cuts[i] < cuts[j] })
	var total engine.JDUT
	for _, w := range win {
		i := sort.Search(len(cuts), func(i int) bool { return cuts[i] > w.a })
		for a := w.a; a < w.b; {
			b := w.b
			if i < len(cuts) && cuts[i] < b {
				b = cuts[i]
				i++
			}
			if st, en := second(a), second(b); en.After(st) {
				res.Count++
				total += b - a
				if c.Limit == 0 || len(res.Windows) < c.Limit {
					res.Windows = append(res.Windows, labelWindow(days, lists, a, b, st, en))
				}
			}
			a = b
		}
	}
	res.Truncated = c.Limit > 0 && res.Count > c.Limit
	res.TotalMinutes = minutes(total)
	return res, nil
}

// part returns part n (1-based) of the parts equal divisions of [a, b].
func part(a, b engine.JDUT, parts, n int) stretch {
	p := (b - a) / engine.JDUT(parts)
	return stretch{a + p*engine.JDUT(n-1), a + p*engine.JDUT(n)}
}

// labelWindow labels the stretch [a, b) with the day and the limbs in force at
// its middle.
func labelWindow(days []panchangDay, lists [4][]elem, a, b engine.JDUT, st, en time.Time) MuhurtaWindow {
	mid := (a + b) / 2
	di := sort.Search(len(days), func(i int) bool { return days[i].rise > mid }) - 1
	d := days[max(di, 0)]
	w := MuhurtaWindow{Start: st, End: en, Minutes: minutes(b - a), Sunrise: second(d.rise),
		Vara: Vara{Name: time.Weekday(d.weekday).String(), Sanskrit: varaNames[d.weekday], Lord: weekdayLords[d.weekday].String()}}
	at := func(k elementKind) *Element {
		es := lists[k]
		if len(es) == 0 {
			return nil
		}
		i := max(sort.Search(len(es), func(i int) bool { return es[i].a > mid })-1, 0)
		e := element(k, es[i].idx, es[i].a, es[i].b)
		return &e
	}
	w.Tithi, w.Nakshatra = *at(kindTithi), *at(kindNakshatra)
	w.Yoga, w.Karana = at(kindYoga), at(kindKarana)
	return w
}
