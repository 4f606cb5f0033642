package vedic

import (
	"math"
	"sort"

	"github.com/astroapi/astroapi/engine"
)

// SaptavargajaScale names the virupas a graha earns in each of the seven
// vargas of saptavargaja bala.
type SaptavargajaScale string

// The scales: B. V. Raman's ("Graha and Bhava Balas", art. 30: 45, 30,
// 22.5, 15, 7.5, 3.75, 1.875) and Santhanam's BPHS ch. 27 (45, 30, 20, 15,
// 10, 4, 2), for moolatrikona, own sign, great friend, friend, neutral,
// enemy and great enemy.
const (
	ScaleRaman SaptavargajaScale = "raman"
	ScaleBPHS  SaptavargajaScale = "bphs"
)

// DefaultScale is the scale used when a request names none: Raman's, the
// one of the worked example the tests follow.
const DefaultScale = ScaleRaman

// EnumValues lists the scales.
func (SaptavargajaScale) EnumValues() []string {
	return []string{string(ScaleRaman), string(ScaleBPHS)}
}

var scales = map[SaptavargajaScale][7]float64{
	// moolatrikona, own, great friend, friend, neutral, enemy, great enemy
	ScaleRaman: {45, 30, 22.5, 15, 7.5, 3.75, 1.875},
	ScaleBPHS:  {45, 30, 20, 15, 10, 4, 2},
}

// YearMonthLords names how the lords of abda and masa bala are found.
type YearMonthLords string

// The methods.
const (
	// LordsRaman counts the ahargana as B. V. Raman's "Graha and Bhava
	// Balas" does (Table I: 244 days at the end of 1827, 174 at the end of
	// 1951, the same count less 126 x 360 days; day 0 is the Tuesday
	// 1827-05-01, JDN 2388478): the year lord is the weekday lord of day
	// 360q + 1, q the quotient of the ahargana by 360, the month lord that
	// of day 30q' + 1; the weekdays counted from Tuesday (3q + 1 and
	// 2q' + 1 modulo 7, as the book works it).
	LordsRaman YearMonthLords = "raman"
	// LordsKali counts 360-day years and 30-day months in civil days
	// from the Kali epoch (JDN 588466, a Friday): the lords of the weekdays
	// that began them.
	LordsKali YearMonthLords = "kali_ahargana"
)

// EnumValues lists the methods.
func (YearMonthLords) EnumValues() []string { return []string{string(LordsRaman), string(LordsKali)} }

// LuminaryCheshta names the cheshta bala of the Sun and the Moon.
type LuminaryCheshta string

// The readings.
const (
	// CheshtaZero gives the Sun and the Moon no cheshta bala, as the
	// textbooks' tables carry them (their motional strength is already
	// counted as ayana and paksha bala in kala bala).
	CheshtaZero LuminaryCheshta = "zero"
	// CheshtaAyanaPaksha gives the Sun its ayana bala and the Moon its
	// paksha bala again as cheshta bala (BPHS ch. 27 read literally).
	CheshtaAyanaPaksha LuminaryCheshta = "ayana_paksha"
)

// EnumValues lists the readings.
func (LuminaryCheshta) EnumValues() []string {
	return []string{string(CheshtaZero), string(CheshtaAyanaPaksha)}
}

// ShadbalaOptions choose the conventions of shadbala where sources differ.
type ShadbalaOptions struct {
	Scale          SaptavargajaScale // "" means DefaultScale
	Sunrise        SunriseConvention // sunrise of the birth day; "" means DefaultSunrise
	YearMonthLords YearMonthLords    // "" means LordsRaman
	SunMoonCheshta LuminaryCheshta   // "" means CheshtaZero
}

// Validate checks the options.
func (o ShadbalaOptions) Validate() engine.Fields {
	errs := o.Sunrise.Validate()
	if o.Scale != "" && o.Scale != ScaleRaman && o.Scale != ScaleBPHS {
		errs = append(errs, &engine.FieldError{Field: "saptavargaja_scale", Reason: `must be "raman" or "bphs"`})
	}
	if o.YearMonthLords != "" && o.YearMonthLords != LordsRaman && o.YearMonthLords != LordsKali {
		errs = append(errs, &engine.FieldError{Field: "year_month_lords", Reason: `must be "raman" or "kali_ahargana"`})
	}
	if o.SunMoonCheshta != "" && o.SunMoonCheshta != CheshtaZero && o.SunMoonCheshta != CheshtaAyanaPaksha {
		errs = append(errs, &engine.FieldError{Field: "sun_moon_cheshta", Reason: `must be "zero" or "ayana_paksha"`})
	}
	return errs
}

// VargaAward is what one varga gives a graha in saptavargaja bala.
type VargaAward struct {
	Varga   string  `json:"varga" doc:"divisional chart" enum:"d1,d2,d3,d7,d9,d12,d30"`
	Sign    string  `json:"sign" doc:"the graha's sign in it"`
	Dignity string  `json:"dignity" doc:"moolatrikona (d1 only), own, or the compound relation to the sign lord" enum:"moolatrikona,own,great_friend,friend,neutral,enemy,great_enemy"`
	Virupas float64 `json:"virupas" doc:"virupas awarded"`
}

// Sthana is positional strength and its five parts, in virupas.
type Sthana struct {
	Uchcha       float64      `json:"uchcha" doc:"exaltation strength: distance from the debilitation point / 3, 0-60"`
	Saptavargaja float64      `json:"saptavargaja" doc:"sum of the seven vargas' awards"`
	Ojayugma     float64      `json:"ojayugma" doc:"odd/even sign strength in rasi and navamsa, 0-30"`
	Kendradi     float64      `json:"kendradi" doc:"60 in a kendra, 30 in a panaphara, 15 in an apoklima house"`
	Drekkana     float64      `json:"drekkana" doc:"15 in the drekkana of the graha's sex, else 0"`
	Total        float64      `json:"total" doc:"sum of the parts, virupas"`
	Saptavarga   []VargaAward `json:"saptavarga" doc:"the seven awards of saptavargaja"`
}

// Kala is temporal strength and its parts, in virupas.
type Kala struct {
	Nathonnatha float64 `json:"nathonnatha" doc:"diurnal/nocturnal strength from the hour angle of the Sun, 0-60"`
	Paksha      float64 `json:"paksha" doc:"lunar-phase strength, 0-60 (the Moon's doubled, 0-120)"`
	Tribhaga    float64 `json:"tribhaga" doc:"60 to the lord of the third of the day or night of birth, and always to Jupiter"`
	Abda        float64 `json:"abda" doc:"15 to the lord of the year"`
	Masa        float64 `json:"masa" doc:"30 to the lord of the month"`
	Vara        float64 `json:"vara" doc:"45 to the lord of the weekday"`
	Hora        float64 `json:"hora" doc:"60 to the lord of the planetary hour"`
	Ayana       float64 `json:"ayana" doc:"declination strength, 0-60 (the Sun's doubled)"`
	Yuddha      float64 `json:"yuddha" doc:"planetary war: gained by the victor, lost by the vanquished (Mars to Saturn within 1°)"`
	Total       float64 `json:"total" doc:"sum of the parts, virupas"`
}

// GrahaBala is the shadbala of one graha.
type GrahaBala struct {
	Name          string  `json:"name" enum:"Sun,Moon,Mars,Mercury,Jupiter,Venus,Saturn" doc:"graha"`
	Sthana        Sthana  `json:"sthana_bala" doc:"positional strength"`
	Dig           float64 `json:"dig_bala" doc:"directional strength: distance from the powerless point / 3, 0-60"`
	Kala          Kala    `json:"kala_bala" doc:"temporal strength"`
	Cheshta       float64 `json:"cheshta_bala" doc:"motional strength, 0-60 for Mars to Saturn; the Sun's and the Moon's 0 by default (sun_moon_cheshta ayana_paksha: their ayana and paksha bala, up to 120)"`
	CheshtaKendra float64 `json:"cheshta_kendra,omitempty" doc:"Mars to Saturn: the cheshta kendra, degrees 0-180 (cheshta bala = kendra / 3)"`
	Naisargika    float64 `json:"naisargika_bala" doc:"natural strength, fixed: 60 x (7 - rank) / 7"`
	Drik          float64 `json:"drik_bala" doc:"aspectual strength: (benefic - malefic aspects) / 4; may be negative"`
	TotalVirupas  float64 `json:"total_virupas" doc:"sum of the six balas, virupas"`
	TotalRupas    float64 `json:"total_rupas" doc:"total / 60"`
	RequiredRupas float64 `json:"required_rupas" doc:"minimum of BPHS ch. 27: Sun 6.5, Moon 6, Mars 5, Mercury 7, Jupiter 6.5, Venus 5.5, Saturn 5"`
	Ratio         float64 `json:"ratio" doc:"total / required; 1 or more is strong"`
	Strong        bool    `json:"strong" doc:"ratio of at least 1"`
	Rank          int     `json:"rank" doc:"1 for the highest ratio" minimum:"1" maximum:"7"`
}

// KalaLords are the lords that earn abda, masa, vara and hora bala.
type KalaLords struct {
	Year    string `json:"year" doc:"lord of the 360-day year (abda), by the year_month_lords method"`
	Month   string `json:"month" doc:"lord of the 30-day month (masa), by the year_month_lords method"`
	Weekday string `json:"weekday" doc:"lord of the weekday, counted from sunrise (vara)"`
	Hora    string `json:"hora" doc:"lord of the planetary hour (hora)"`
}

// ShadbalaConventions state the choices made where the sources differ.
type ShadbalaConventions struct {
	Scale          SaptavargajaScale `json:"saptavargaja_scale" doc:"virupas per dignity in the seven vargas" enum:"raman,bphs"`
	YearMonthLords YearMonthLords    `json:"year_month_lords" doc:"how the abda and masa lords were found" enum:"raman,kali_ahargana"`
	SunMoonCheshta LuminaryCheshta   `json:"sun_moon_cheshta" doc:"the cheshta bala of the Sun and the Moon" enum:"zero,ayana_paksha"`
	Sthana         string            `json:"sthana" doc:"positional strength rules"`
	Dig            string            `json:"dig" doc:"directional strength rule"`
	Kala           string            `json:"kala" doc:"temporal strength rules"`
	Cheshta        string            `json:"cheshta" doc:"motional strength rule"`
	Drik           string            `json:"drik" doc:"aspect strength rule"`
	Yuddha         string            `json:"yuddha" doc:"planetary war rule"`
	Sunrise        SunriseConvention `json:"sunrise" enum:"upper_limb,disc_centre,hindu" doc:"sunrise convention of the birth day"`
	Benefics       string            `json:"benefics" doc:"which grahas count as benefics"`
	Unit           string            `json:"unit" doc:"units"`
	Ayanamsa       string            `json:"ayanamsa" enum:"-" doc:"the ayanamsa of the chart (as ayanamsa.name)"`
	Limitation     string            `json:"limitations" doc:"where the rules need a fallback"`
}

// Shadbala is the six-fold strength of the seven grahas.
type Shadbala struct {
	Grahas      []GrahaBala         `json:"grahas" doc:"Sun to Saturn"`
	Lords       KalaLords           `json:"kala_lords" doc:"lords earning abda, masa, vara and hora bala"`
	DayBirth    bool                `json:"day_birth" doc:"born between sunrise and sunset"`
	Sunrise     *float64            `json:"sunrise_jd,omitempty" doc:"Julian day (UT) of the sunrise that began the birth day"`
	Ayanamsa    AyanamsaValue       `json:"ayanamsa" doc:"the ayanamsa used and the one requested"`
	Warnings    []string            `json:"warnings,omitempty" doc:"notes on the options"`
	Conventions ShadbalaConventions `json:"conventions" doc:"how the result was computed"`
}

// naisargika is the natural strength (BPHS ch. 27): Saturn 1/7 of a rupa up
// to the Sun 7/7, in virupas.
var naisargika = [7]float64{Sun: 60, Moon: 60 * 6 / 7.0, Mars: 60 * 2 / 7.0, Mercury: 60 * 3 / 7.0, Jupiter: 60 * 4 / 7.0, Venus: 60 * 5 / 7.0, Saturn: 60 / 7.0}

// required is the minimum shadbala in rupas (BPHS ch. 27).
var required = [7]float64{Sun: 6.5, Moon: 6, Mars: 5, Mercury: 7, Jupiter: 6.5, Venus: 5.5, Saturn: 5}

// digWeak is the house cusp, counted from the lagna, where each graha has
// no directional strength: opposite its strong point (BPHS ch. 27: Sun
// and Mars strong in the 10th, Jupiter and Mercury in the 1st, Moon and
// Venus in the 4th, Saturn in the 7th).
var digWeak = [7]int{Sun: 4, Moon: 10, Mars: 4, Mercury: 7, Jupiter: 7, Venus: 10, Saturn: 1}

// discDiameter are the fixed disc diameters (arcseconds) Raman's yuddha
// bala divides by (Graha and Bhava Balas, art. 76).
var discDiameter = [7]float64{Mars: 9.4, Mercury: 6.6, Jupiter: 190.4, Venus: 16.6, Saturn: 158.0}

// kaliEpochJDN is the Julian day number of the first day of the Kali yuga
// (Friday 18 February 3102 BCE, Julian calendar), from which the ahargana
// counts civil days.
const kaliEpochJDN = 588466

// chaldean is the order of the planetary hours (slowest first).
var chaldean = [7]Graha{Saturn, Jupiter, Mars, Sun, Venus, Mercury, Moon}

// Shadbala computes the shadbala of the chart's seven grahas. pos is needed
// for the sunrise and sunset of the birth day.
func (c *Chart) Shadbala(pos engine.Positions, o ShadbalaOptions) (*Shadbala, error) {
	if errs := o.Validate(); len(errs) > 0 {
		return nil, errs
	}
	scale := o.Scale
	if scale == "" {
		scale = DefaultScale
	}
	conv := o.Sunrise
	if conv == "" {
		conv = DefaultSunrise
	}
	if o.YearMonthLords == "" {
		o.YearMonthLords = LordsRaman
	}
	if o.SunMoonCheshta == "" {
		o.SunMoonCheshta = CheshtaZero
	}
	d := &c.d
	day, err := birthDay(pos, d.jd, d.latitude, d.longitude, conv)
	if err != nil {
		return nil, err
	}
	out := &Shadbala{
		Ayanamsa: c.Ayanamsa, Warnings: c.Warnings, DayBirth: day.isDay,
		Conventions: shadbalaConventions(scale, conv, o),
	}
	out.Conventions.Ayanamsa = string(c.Ayanamsa.Name)
	if day.risen {
		x := float64(day.rise)
		out.Sunrise = &x
	}
	lords := kalaLords(d.jd, day, o.YearMonthLords)
	out.Lords = KalaLords{Year: lords[0].String(), Month: lords[1].String(), Weekday: lords[2].String(), Hora: lords[3].String()}
	elong := engine.Normalize(d.lon[Moon] - d.lon[Sun])
	hourAngle := sunHourAngle(d)

	var pre [7]float64 // totals before yuddha, for the war
	out.Grahas = make([]GrahaBala, 7)
	for _, g := range Seven {
		b := GrahaBala{Name: g.String(), Naisargika: naisargika[g], RequiredRupas: required[g]}
		b.Sthana = c.sthana(g, scale)
		b.Dig = sep(d.lon[g], c.cusp(digWeak[g])) / 3
		b.Kala = Kala{
			Nathonnatha: nathonnatha(g, hourAngle),
			Paksha:      paksha(g, elong, c.mercuryMalefic()),
			Tribhaga:    tribhaga(g, d.jd, day),
			Ayana:       ayana(g, declination(d, g)),
		}
		for i, w := range [4]float64{15, 30, 45, 60} {
			if lords[i] == g {
				switch i {
				case 0:
					b.Kala.Abda = w
				case 1:
					b.Kala.Masa = w
				case 2:
					b.Kala.Vara = w
				case 3:
					b.Kala.Hora = w
				}
			}
		}
		switch {
		case g == Sun && o.SunMoonCheshta == CheshtaAyanaPaksha:
			b.Cheshta = b.Kala.Ayana
		case g == Moon && o.SunMoonCheshta == CheshtaAyanaPaksha:
			b.Cheshta = b.Kala.Paksha
		case g == Sun || g == Moon:
			b.Cheshta = 0
		default:
			b.CheshtaKendra = cheshtaKendra(g, d)
			b.Cheshta = b.CheshtaKendra / 3
		}
		b.Drik = c.drik(g, elong)
		k := &b.Kala
		k.Total = k.Nathonnatha + k.Paksha + k.Tribhaga + k.Abda + k.Masa + k.Vara + k.Hora + k.Ayana
		pre[g] = b.Sthana.Total + b.Dig + k.Total + b.Cheshta + b.Naisargika + b.Drik
		out.Grahas[g] = b
	}
	for _, w := range wars(d.lon, pre) {
		out.Grahas[w.victor].Kala.Yuddha += w.amount
		out.Grahas[w.loser].Kala.Yuddha -= w.amount
	}
	for i := range out.Grahas {
		b := &out.Grahas[i]
		b.Kala.Total += b.Kala.Yuddha
		b.TotalVirupas = pre[i] + b.Kala.Yuddha
		b.TotalRupas = b.TotalVirupas / 60
		b.Ratio = b.TotalRupas / b.RequiredRupas
		b.Strong = b.Ratio >= 1
	}
	order := []int{0, 1, 2, 3, 4, 5, 6}
	sort.SliceStable(order, func(i, j int) bool { return out.Grahas[order[i]].Ratio > out.Grahas[order[j]].Ratio })
	for r, i := range order {
		out.Grahas[i].Rank = r + 1
	}
	return out, nil
}

func shadbalaConventions(scale SaptavargajaScale, conv SunriseConvention, o ShadbalaOptions) ShadbalaConventions {
	lords := "abda and masa lords by B. V. Raman's ahargana (Graha and Bhava Balas, Table I: day 0 the Tuesday 1827-05-01, JDN 2388478, counted to the civil date of the sunrise that began the birth day): the year lord is the weekday lord of day 360q + 1 (q = ahargana div 360), the month lord that of day 30q' + 1 (q' = ahargana div 30)"
	if o.YearMonthLords == LordsKali {
		lords = "abda and masa lords = weekday lords of the first day of the 360-day year and the 30-day month counted in civil days from the Kali epoch (JDN 588466, a Friday)"
	}
	cheshta := "; the Sun and the Moon have no cheshta bala (the textbooks' tables: their motion is counted as ayana and paksha bala in kala bala)"
	if o.SunMoonCheshta == CheshtaAyanaPaksha {
		cheshta = "; the Sun's cheshta is its ayana bala and the Moon's its paksha bala (counted a second time, beside kala bala)"
	}
	return ShadbalaConventions{
		YearMonthLords: o.YearMonthLords, SunMoonCheshta: o.SunMoonCheshta,
		Scale:      scale,
		Sthana:     "uchcha from the deep debilitation points of BPHS 3; saptavargaja over d1, d2, d3, d7, d9, d12, d30 (Parashara's divisions), moolatrikona counted in d1 only, own sign 30, otherwise the compound relation to the varga sign's lord with temporal friendship from the rasi chart; ojayugma: Moon and Venus 15 each in an even rasi and an even navamsa, the others in odd ones; kendradi by whole-sign house; drekkana: Sun, Mars, Jupiter in the first, Mercury, Saturn in the second, Moon, Venus in the third",
		Dig:        "distance from the powerless cusp / 3: the nadir (IC) for Sun and Mars, the descendant for Jupiter and Mercury, the midheaven for Moon and Venus, the ascendant for Saturn (sidereal angles of the place)",
		Kala:       "nathonnatha linear in the Sun's hour angle (Sun, Jupiter, Venus 60 at apparent noon, Moon, Mars, Saturn 60 at apparent midnight, Mercury always 60); paksha = elongation from the nearer new moon / 3 for benefics, 60 minus that for malefics, the Moon's doubled; tribhaga by thirds of the actual day (Mercury, Sun, Saturn) and night (Moon, Venus, Mars); " + lords + "; vara from sunrise; hora = equal hours of 60 minutes from sunrise in Chaldean order; ayana = (24 ± declination) x 60/48 with true declination limited to ±24° (plus for north for Sun, Mars, Jupiter, Venus; plus for south for Moon, Saturn; absolute for Mercury), the Sun's doubled",
		Cheshta:    "Mars to Saturn: cheshta kendra = seeghrochcha - (mean + true longitude)/2, reduced to 0-180°, / 3; mean longitudes from the mean elements of Simon et al. (1994, Meeus table 31.A); seeghrochcha = mean Sun for Mars, Jupiter, Saturn and the heliocentric mean planet for Mercury and Venus, whose mean longitude is the mean Sun (the siddhantic scheme)" + cheshta,
		Drik:       "graded aspects of the seven grahas by angular distance (0 below 30°, rising to 60 at 180°) with full special aspects (Mars 4th/8th, Jupiter 5th/9th, Saturn 3rd/10th, as Raman adds them); drik = (sum from benefics - sum from malefics) / 4; the nodes cast none",
		Yuddha:     "Mars, Mercury, Jupiter, Venus, Saturn within 1° of longitude are at war; the one of lesser longitude is the victor (Raman art. 76-77); the difference of the two totals before war divided by the difference of their disc diameters (Mars 9.4, Mercury 6.6, Jupiter 190.4, Venus 16.6, Saturn 158.0\") goes to the victor and is taken from the vanquished",
		Sunrise:    conv,
		Benefics:   "Jupiter and Venus; the Moon from 84° to 264° of elongation (8th bright to 8th dark tithi); Mercury unless it shares its sign with the Sun, Mars, Saturn, Rahu or Ketu; the rest malefic",
		Unit:       "virupas (shashtiamsas); 60 virupas = 1 rupa",
		Ayanamsa:   "lahiri",
		Limitation: "where the Sun does not rise or set on the birth day, 06:00 and 18:00 local mean time stand in for sunrise and sunset",
	}
}

// sthana returns the positional strength of g.
func (c *Chart) sthana(g Graha, scale SaptavargajaScale) Sthana {
	d := &c.d
	lon := d.lon[g]
	s := Sthana{Uchcha: sep(lon, exaltation[g]+180) / 3}
	awards := scales[scale]
	for _, n := range [7]int{1, 2, 3, 7, 9, 12, 30} {
		vs, _ := vargaSign(n, lon)
		a := VargaAward{Varga: "d" + itoa(n), Sign: engine.Signs[vs]}
		lord := signLord[vs]
		switch {
		case n == 1 && dignityMT(g, lon):
			a.Dignity, a.Virupas = "moolatrikona", awards[0]
		case lord == g:
			a.Dignity, a.Virupas = "own", awards[1]
		default:
			rel := compound(natural[g][lord], temporal(d.sign[g], d.sign[lord]))
			a.Dignity = rel.String()
			a.Virupas = awards[4-int(rel)]
		}
		s.Saptavarga = append(s.Saptavarga, a)
		s.Saptavargaja += a.Virupas
	}
	nav, _ := vargaSign(9, lon)
	wantEven := g == Moon || g == Venus
	for _, sign := range []int{d.sign[g], nav} {
		if (sign%2 == 1) == wantEven { // index 1 (Taurus) is an even sign
			s.Ojayugma += 15
		}
	}
	switch houseFrom(d.ascSign, d.sign[g]) % 3 {
	case 1: // 1, 4, 7, 10
		s.Kendradi = 60
	case 2: // 2, 5, 8, 11
		s.Kendradi = 30
	default:
		s.Kendradi = 15
	}
	dec := int((lon - float64(d.sign[g])*30) / 10)
	if dec == [7]int{Sun: 0, Moon: 2, Mars: 0, Mercury: 1, Jupiter: 0, Venus: 2, Saturn: 1}[g] {
		s.Drekkana = 15
	}
	s.Total = s.Uchcha + s.Saptavargaja + s.Ojayugma + s.Kendradi + s.Drekkana
	return s
}

// dignityMT reports whether g at lon is in its moolatrikona range.
func dignityMT(g Graha, lon float64) bool {
	mt := moolatrikona[g]
	s := signOf(lon)
	deg := lon - float64(s)*30
	return s == mt.sign && deg >= mt.from && deg < mt.to
}

func itoa(n int) string {
	if n < 10 {
		return string(rune('0' + n))
	}
	return string(rune('0'+n/10)) + string(rune('0'+n%10))
}

// cusp returns the sidereal longitude of angle h (1 ascendant, 4 nadir, 7
// descendant, 10 midheaven).
func (c *Chart) cusp(h int) float64 {
	switch h {
	case 1:
		return c.d.asc
	case 4:
		return c.d.mc + 180
	case 7:
		return c.d.asc + 180
	}
	return c.d.mc
}

// sunHourAngle returns the Sun's local hour angle at birth, degrees in
// (-180, 180]: 0 at apparent noon.
func sunHourAngle(d *chartData) float64 {
	ra, _ := equatorial(d.lon[Sun]+d.ayanamsa, d.lat[Sun], d.obliquity)
	// Nutation in longitude is within 20"; the sidereal time's equation of
	// the equinoxes is left out (about a second of time).
	lst := engine.Normalize(gast(d.jd, d.obliquity, 0) + d.longitude)
	return math.Remainder(lst-ra, 360)
}

// declination is the true declination of g, degrees.
func declination(d *chartData, g Graha) float64 {
	_, dec := equatorial(d.lon[g]+d.ayanamsa, d.lat[g], d.obliquity)
	return dec
}

// nathonnatha is the diurnal/nocturnal strength from the Sun's hour angle.
func nathonnatha(g Graha, hourAngle float64) float64 {
	day := (180 - math.Abs(hourAngle)) / 3 // 60 at apparent noon, 0 at midnight
	switch g {
	case Sun, Jupiter, Venus:
		return day
	case Mercury:
		return 60
	}
	return 60 - day
}

// paksha is the lunar-phase strength: benefics grow with the Moon's light.
func paksha(g Graha, elong float64, mercuryMalefic bool) float64 {
	bright := math.Min(elong, 360-elong) / 3
	switch g {
	case Moon:
		return 2 * bright
	case Jupiter, Venus:
		return bright
	case Mercury:
		if !mercuryMalefic {
			return bright
		}
	}
	return 60 - bright
}

// mercuryMalefic reports whether Mercury shares its sign with a malefic.
func (c *Chart) mercuryMalefic() bool {
	for _, g := range []Graha{Sun, Mars, Saturn, Rahu, Ketu} {
		if c.d.sign[g] == c.d.sign[Mercury] {
			return true
		}
	}
	return false
}

// moonBenefic reports Raman's reading: the Moon is a benefic from the 8th
// bright tithi to the 8th dark tithi.
func moonBenefic(elong float64) bool { return elong >= 84 && elong < 264 }

// ayana is the declination strength (Raman art. 75).
func ayana(g Graha, dec float64) float64 {
	dec = math.Max(-24, math.Min(24, dec))
	var v float64
	switch g {
	case Moon, Saturn:
		v = 24 - dec
	case Mercury:
		v = 24 + math.Abs(dec)
	default:
		v = 24 + dec
	}
	v *= 60.0 / 48
	if g == Sun {
		v *= 2
	}
	return v
}

// birthDay is the Vedic day around a birth: the sunrise that began it, its
// sunset and the next sunrise.
type dayBounds struct {
	rise, set, next engine.JDUT
	risen, isDay    bool
	jdn             int // civil day number (JDN) of the sunrise's local date
}

func birthDay(pos engine.Positions, t engine.JDUT, lat, lon float64, conv SunriseConvention) (dayBounds, error) {
	s := newSky(pos, lat, lon, conv)
	// local mean midnight before t
	lmt := float64(t) + 0.5 + lon/360
	midnight := engine.JDUT(math.Floor(lmt) - 0.5 - lon/360)
	find := func(from engine.JDUT, rise bool, fallbackHour float64) (engine.JDUT, bool, error) {
		x, ok, err := s.eventIn(from, from+1, engine.Sun, rise)
		if err != nil || ok {
			return x, ok, err
		}
		return from + engine.JDUT(fallbackHour/24), false, nil
	}
	var b dayBounds
	rise, ok, err := find(midnight, true, 6)
	if err != nil {
		return b, err
	}
	if t < rise { // born before this date's sunrise: the previous Vedic day
		midnight--
		if rise, ok, err = find(midnight, true, 6); err != nil {
			return b, err
		}
	}
	b.rise, b.risen = rise, ok
	if b.set, _, err = find(midnight, false, 18); err != nil {
		return b, err
	}
	if b.next, _, err = find(midnight+1, true, 6); err != nil {
		return b, err
	}
	b.isDay = t >= b.rise && t < b.set
	b.jdn = int(math.Floor(float64(midnight) + 0.5 + lon/360 + 0.5))
	return b, nil
}

// tribhaga gives 60 to the lord of the third of the day or night of birth
// and to Jupiter always (BPHS ch. 27).
func tribhaga(g Graha, t engine.JDUT, b dayBounds) float64 {
	if g == Jupiter {
		return 60
	}
	lords, from, to := [3]Graha{Moon, Venus, Mars}, b.set, b.next
	if b.isDay {
		lords, from, to = [3]Graha{Mercury, Sun, Saturn}, b.rise, b.set
	}
	i := int(3 * float64(t-from) / float64(to-from))
	i = max(0, min(2, i))
	if lords[i] == g {
		return 60
	}
	return 0
}

// kalaLords returns the lords of the year, month, weekday and hour.
func kalaLords(t engine.JDUT, b dayBounds, m YearMonthLords) [4]Graha {
	vara := weekday(b.jdn)
	hours := int(math.Floor(float64(t-b.rise) * 24))
	start := 0
	for i, g := range chaldean {
		if g == vara {
			start = i
		}
	}
	hora := chaldean[(start+hours)%7]
	year, month := yearMonthLords(b.jdn, m)
	return [4]Graha{year, month, vara, hora}
}

// weekday is the lord of the weekday of a Julian day number.
func weekday(jdn int) Graha { return weekdayLords[(jdn+1)%7] }

// ramanEpochJDN is day 0 of Raman's ahargana (Table I of "Graha and Bhava
// Balas"): 1827-05-01, a Tuesday, 244 days before the end of 1827.
const ramanEpochJDN = 2388478

// yearMonthLords returns the abda and masa lords of the civil day jdn.
func yearMonthLords(jdn int, m YearMonthLords) (year, month Graha) {
	if m == LordsKali {
		a := jdn - kaliEpochJDN
		return weekday(kaliEpochJDN + 360*floorDiv(a, 360)), weekday(kaliEpochJDN + 30*floorDiv(a, 30))
	}
	a := jdn - ramanEpochJDN
	return weekday(ramanEpochJDN + 360*floorDiv(a, 360) + 1), weekday(ramanEpochJDN + 30*floorDiv(a, 30) + 1)
}

func floorDiv(a, b int) int {
	q := a / b
	if a%b != 0 && (a < 0) != (b < 0) {
		q--
	}
	return q
}
