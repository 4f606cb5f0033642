package vedic

import (
	"fmt"

	"github.com/astroapi/astroapi/engine"
	"github.com/astroapi/astroapi/engine/birth"
	"github.com/astroapi/astroapi/engine/calendar"
	"github.com/astroapi/astroapi/engine/moment"
	"github.com/astroapi/astroapi/engine/resolve"
)

// The inputs of the Vedic routes. Each is the birth packet of every route
// (engine/birth, flat in the body as the natal route takes it) with the
// route's options; the door checks their tags and fills their defaults,
// the packet resolves itself, and the few rules of a route's own live in a
// Resolve here. Resolved, an input is its own echo.

// notes is where a result's notices go (an op.Call, a resolve.Fixed).
type notes interface{ Warn(msg ...string) }

// Request is a birth and the sidereal zodiac the caller names (Lahiri by
// default): the input of the routes that do not place Rahu and Ketu
// (nakshatra, manglik), embedded in the others'.
type Request struct {
	birth.Packet
	Zodiac
}

// Resolve resolves the birth and the zodiac, every bad field at once.
func (r *Request) Resolve(c resolve.Context, prefix string) error {
	var errs engine.Fields
	if err := errs.Add(r.Packet.Resolve(c, prefix)); err != nil {
		return err
	}
	if err := errs.Add(r.Zodiac.Resolve(c, prefix)); err != nil {
		return err
	}
	return errs.Err()
}

// Hints answers the natal options callers send to the Vedic routes, which
// fix them (every input embedding Request has these hints).
func (*Request) Hints() map[string]string {
	return map[string]string{
		"zodiac_type":  "Vedic routes are always sidereal: leave zodiac_type out (ayanamsa names the sidereal zodiac, lahiri by default)",
		"house_system": "Vedic routes use whole-sign bhavas from the lagna's sign: leave house_system out",
		"node_type":    "this route does not place Rahu and Ketu: leave node_type out (natal, vargas, dosha, kaal-sarp, yoga and the SVG take it)",
	}
}

// Birth returns the resolved birth.
func (r *Request) Birth() Birth {
	b := r.Packet.Resolved()
	return Birth{JD: b.Instant.JD, Latitude: b.Latitude, Longitude: b.Longitude}
}

// Cast casts the rasi chart of a resolved request without the nodes'
// options (Rahu mean), leaving its notes on c.
func (r *Request) Cast(pos engine.Positions, c notes) (*Chart, error) {
	return cast(pos, r.Birth(), r.Zodiac.Options(""), c)
}

// Nakshatra returns the Moon's nakshatra at a resolved birth, leaving its
// notes on c.
func (r *Request) Nakshatra(pos engine.Positions, c notes) (*NakshatraResult, error) {
	n, err := BirthNakshatra(pos, r.Birth(), r.Zodiac.Options(""))
	if err != nil {
		return nil, err
	}
	warn(c, n.Warnings, n.Source)
	return n, nil
}

// ChartRequest is the input of the routes that place Rahu and Ketu.
type ChartRequest struct {
	Request
	NodeType NodeType `json:"node_type,omitempty" doc:"Node type: the lunar node that places Rahu (Ketu is opposite): mean (the siddhantic and almanac usage) or true (osculating)" example:"mean" default:"mean"`
}

// Cast casts the rasi chart of a resolved request, leaving its notes on c.
func (r *ChartRequest) Cast(pos engine.Positions, c notes) (*Chart, error) {
	return cast(pos, r.Birth(), r.Zodiac.Options(r.NodeType), c)
}

// NatalRequest is the input of the natal JSON route, which spec 4.2 fixes
// to Lahiri: the ayanamsa it names is accepted, ignored and said so.
type NatalRequest struct {
	birth.Packet
	Ayanamsa engine.Ayanamsa `json:"ayanamsa,omitempty" doc:"accepted as in the natal input (spec 2.3), but the Vedic natal chart (JSON) always uses lahiri (Chitrapaksha, Swiss Ephemeris SE_SIDM_LAHIRI), as spec 4.2 requires: any other value is ignored and said so in warnings and in result.ayanamsa (the other Vedic routes, the SVG among them, honour it)" example:"lahiri" default:"lahiri"`
	NodeType NodeType        `json:"node_type,omitempty" doc:"lunar node that places Rahu (Ketu is opposite): mean (the siddhantic and almanac usage) or true (osculating)" example:"mean" default:"mean"`
}

// Hints answers the natal options callers send to the natal JSON route.
func (*NatalRequest) Hints() map[string]string {
	return map[string]string{
		"zodiac_type":   "Vedic routes are always sidereal (this one Lahiri): leave zodiac_type out",
		"house_system":  "Vedic routes use whole-sign bhavas from the lagna's sign: leave house_system out",
		"user_ayanamsa": "the Vedic natal chart (JSON) is always Lahiri (spec 4.2); the other Vedic routes, the SVG among them, take user_ayanamsa",
	}
}

// Cast casts the Lahiri rasi chart of a resolved request, leaving its
// notes on c: an ayanamsa other than Lahiri is named as ignored.
func (r *NatalRequest) Cast(pos engine.Positions, c notes) (*Chart, error) {
	if errs := (Options{Ayanamsa: r.Ayanamsa}).Validate(); len(errs) > 0 {
		return nil, errs
	}
	b := r.Packet.Resolved()
	ch, err := cast(pos, Birth{JD: b.Instant.JD, Latitude: b.Latitude, Longitude: b.Longitude}, Options{Node: r.NodeType, Ayanamsa: engine.Lahiri}, c)
	if err != nil {
		return nil, err
	}
	if r.Ayanamsa != "" {
		ch.Ayanamsa.Requested = r.Ayanamsa
	}
	if r.Ayanamsa != "" && r.Ayanamsa != engine.Lahiri {
		ch.Ayanamsa.Ignored = true
		ch.Warnings = append(ch.Warnings, fmt.Sprintf(AyanamsaIgnored, r.Ayanamsa))
		c.Warn(ch.Warnings[len(ch.Warnings)-1])
	}
	return ch, nil
}

// cast casts a chart and passes its notes on: the Moshier theory when it
// served the positions.
func cast(pos engine.Positions, b Birth, o Options, c notes) (*Chart, error) {
	ch, err := Natal(pos, b, o)
	if err != nil {
		return nil, err
	}
	warn(c, ch.Warnings, ch.Source)
	return ch, nil
}

// warn leaves a result's notes on c.
func warn(c notes, w []string, src engine.Source) {
	c.Warn(w...)
	if src == engine.FromMoshier {
		c.Warn(engine.MoshierNote)
	}
}

// DoshaRequest is the input of the dosha and kaal-sarp routes.
type DoshaRequest struct {
	ChartRequest
	KaalSarp KaalSarpRule `json:"kaal_sarp,omitempty" doc:"Kaal sarp: strict (present only when all seven grahas lie on one side of the Rahu-Ketu axis; one outside is reported as extent partial, not present) or partial (one outside also counts, with medium severity)" example:"strict" default:"strict"`
}

// Doshas evaluates every dosha of a resolved request's chart, leaving its
// notes on c.
func (r *DoshaRequest) Doshas(pos engine.Positions, c notes) (*DoshaResult, error) {
	ch, err := r.Cast(pos, c)
	if err != nil {
		return nil, err
	}
	return ch.Doshas(r.KaalSarp), nil
}

// KaalSarpDosha evaluates Kaal Sarp dosha alone.
func (r *DoshaRequest) KaalSarpDosha(pos engine.Positions, c notes) (*DoshaResult, error) {
	ch, err := r.Cast(pos, c)
	if err != nil {
		return nil, err
	}
	return ch.KaalSarp(r.KaalSarp), nil
}

// DashaRequest is the input of the dasha route.
type DashaRequest struct {
	Request
	Levels     *int        `json:"levels,omitempty" doc:"depth of the tree: 1 the nine mahadashas, 2 with their antardashas (81), 3 with pratyantardashas (729), 4 with sookshma dashas and 5 with prana dashas, both only within from..to" example:"2" minimum:"1" maximum:"5" default:"1"`
	YearLength YearLength  `json:"year_length,omitempty" doc:"year that turns dasha years into days: julian 365.25 days (the usual software and almanac reckoning), tropical 365.24219, sidereal 365.256363, savana 360" example:"julian" default:"julian"`
	System     DashaSystem `json:"system,omitempty" doc:"System: vimshottari (nine lords, 120 years), yogini (eight yoginis of 1 to 8 years, a 36-year cycle, from the remainder of the birth nakshatra's number + 3 by 8) ashtottari (eight lords, 108 years, each over three or four nakshatras from Ardra; its applicability rule is stated in the result, not enforced) or chara (Jaimini's dasha of the signs from the lagna, K. N. Rao's reckoning: periods name a sign)" example:"vimshottari" default:"vimshottari"`
	From       moment.Date `json:"from,omitempty" doc:"From: levels 4 and 5 only, the start of the window in which the pratyantardashas are divided further: a date YYYY-MM-DD (00:00) or a date-time, local in the birth's timezone and calendar unless it carries an offset. Omitted with to: the birth's date"`
	To         moment.Date `json:"to,omitempty" doc:"To: the end of that window, after from: at most 3,653 days after it for level 4, 366 for level 5. Omitted with from: that many days after the birth's date"`

	from, to engine.JDUT // the window, read by Resolve
}

// Resolve resolves the birth, writes the default depth (a pointer, so that
// 0 is refused by the door's minimum rather than read as absent) and reads
// the window of levels 4 and 5 in the birth's zone and calendar.
func (r *DashaRequest) Resolve(c resolve.Context, prefix string) error {
	if r.Levels == nil {
		l := LevelMahadasha
		r.Levels = &l
	}
	if r.YearLength == "" {
		r.YearLength = DefaultYearLength // for Go callers; the door fills the default
	}
	if r.System == "" {
		r.System = Vimshottari
	}
	var errs engine.Fields
	if err := errs.Add(r.Request.Resolve(c, prefix)); err != nil {
		return err
	}
	deep := *r.Levels > LevelPratyantardasha
	if !deep {
		for _, f := range []struct {
			name string
			d    moment.Date
		}{{"from", r.From}, {"to", r.To}} {
			if f.d != "" {
				errs.Bad(prefix+f.name, "a window applies to levels 4 and 5 only: send levels 4 or 5, or leave "+f.name+" out")
			}
		}
		return errs.Err()
	}
	// The default window: from the birth's local date, for the longest
	// window of the level; written back, in the birth's calendar.
	days := map[bool]int{true: MaxPranaWindowDays, false: MaxSookshmaWindowDays}[*r.Levels == LevelPrana]
	if r.From == "" && r.To == "" {
		jdn := calendar.JulianDay(*r.Packet.Year, *r.Packet.Month, *r.Packet.Day, r.Packet.Calendar)
		r.From = localDate(jdn, r.Packet.Calendar)
		r.To = localDate(jdn+float64(days), r.Packet.Calendar)
	}
	if r.From == "" {
		errs.Bad(prefix+"from", "send from with to, or neither (the window then starts on the birth's date)")
	}
	if r.To == "" {
		errs.Bad(prefix+"to", "send to with from, or neither (the window then starts on the birth's date)")
	}
	if len(errs) > 0 {
		return errs.Err()
	}
	zone := "UTC"
	if z := r.Packet.Resolved().Zone; z != nil {
		zone = z.String()
	}
	for _, f := range []struct {
		name string
		d    moment.Date
		jd   *engine.JDUT
	}{{"from", r.From, &r.from}, {"to", r.To, &r.to}} {
		t, err := f.d.In(zone, r.Packet.Calendar, prefix+f.name)
		if errs.Add(err) == nil && err == nil {
			*f.jd = engine.JDOf(t)
		}
	}
	if len(errs) == 0 {
		o := DashaOptions{System: r.System, Levels: *r.Levels, YearLength: r.YearLength, From: r.from, To: r.to}
		for _, e := range o.Validate() {
			errs.Bad(prefix+e.Field, e.Reason)
		}
	}
	return errs.Err()
}

// localDate writes the civil date of Julian day jd in calendar cal as
// ISO 8601 does (a sign and four digits before year 0000).
func localDate(jd float64, cal calendar.Calendar) moment.Date {
	y, m, d, _ := calendar.DateOf(jd, cal)
	sign := ""
	if y < 0 {
		sign, y = "-", -y
	}
	return moment.Date(fmt.Sprintf("%s%04d-%02d-%02d", sign, y, m, d))
}

// Dasha returns the dasha (the system it names) of a resolved request, leaving its
// notes on c.
func (r *DashaRequest) Dasha(pos engine.Positions, c notes) (*Dasha, error) {
	d, err := VimshottariDasha(pos, r.Birth(), r.Zodiac.Options(""), DashaOptions{System: r.System, Levels: *r.Levels, YearLength: r.YearLength, From: r.from, To: r.to})
	if err != nil {
		return nil, err
	}
	warn(c, d.Warnings, d.Source)
	return d, nil
}

// AshtakavargaRequest is the input of the ashtakavarga route.
type AshtakavargaRequest struct {
	Request
	Tables AshtakavargaTables `json:"tables,omitempty" doc:"bindu tables: parashara (BPHS ch. 66) or narasimha_rao (P. V. R. Narasimha Rao's textbook and Jagannatha Hora: four rows differ, totals equal)" example:"parashara" default:"parashara"`
}

// ShadbalaRequest is the input of the shadbala route.
type ShadbalaRequest struct {
	Request
	Scale   SaptavargajaScale `json:"saptavargaja_scale,omitempty" doc:"virupas per dignity in the seven vargas of saptavargaja bala: raman (B. V. Raman, Graha and Bhava Balas: 45, 30, 22.5, 15, 7.5, 3.75, 1.875) or bphs (Santhanam's BPHS ch. 27: 45, 30, 20, 15, 10, 4, 2)" example:"raman" default:"raman"`
	Sunrise SunriseConvention `json:"sunrise,omitempty" doc:"sunrise and sunset of the birth day (kala bala): upper_limb (upper limb on the horizon, 34′ refraction: the almanac rising), disc_centre (centre of the disc, 34′ refraction) or hindu (centre of the disc on the geometric horizon, no refraction)" example:"upper_limb" default:"upper_limb"`
	// Lords and Cheshta choose between the textbooks' reckoning (the
	// defaults) and the one this route gave before.
	Lords   YearMonthLords  `json:"year_month_lords,omitempty" doc:"Year-month lords: raman (B. V. Raman's ahargana, Graha and Bhava Balas Table I, as the books' worked examples) or kali_ahargana (360-day years and 30-day months in civil days from the Kali epoch)" example:"raman" default:"raman"`
	Cheshta LuminaryCheshta `json:"sun_moon_cheshta,omitempty" doc:"Sun-Moon cheshta: zero (the textbooks' tables; their motion is in kala bala's ayana and paksha) or ayana_paksha (their ayana and paksha bala counted again as cheshta)" example:"zero" default:"zero"`
}

// Options returns the shadbala options of a resolved request.
func (r *ShadbalaRequest) Options() ShadbalaOptions {
	return ShadbalaOptions{Scale: r.Scale, Sunrise: r.Sunrise, YearMonthLords: r.Lords, SunMoonCheshta: r.Cheshta}
}

// PanchangRequest is the input of the panchang route: a civil date at a
// place, as the birth packet reads a date and a place (coordinates or a
// location; an IANA zone, an offset, "auto" or "LMT"; the calendar), in
// the years 1583-2999. The day runs from the date's local midnight in the
// zone; the packet's time of day (12:00 when omitted) only places the
// date in its zone and changes nothing else.
type PanchangRequest struct {
	// Year shadows the packet's year (the outer field of a name wins, as
	// encoding/json and the door read it) for the route's own bounds.
	Year *int `json:"year,omitempty" doc:"year of the civil date, 1583-2999; with month and day, or send date instead" example:"2024" minimum:"1583" maximum:"2999"`
	birth.Packet
	Sunrise SunriseConvention `json:"sunrise,omitempty" doc:"what rises: upper_limb (upper limb on the horizon, 34′ refraction: the almanac sunrise, swetest -rise), disc_centre (centre of the disc, 34′ refraction) or hindu (centre of the disc on the geometric horizon, no refraction, as the siddhantas reckon)" example:"upper_limb" default:"upper_limb"`
	// Zodiac is the ayanamsa of the nakshatra and the yoga.
	Zodiac
}

// Resolve resolves the date and place, and checks that a date sent as a
// string falls in the route's years (the tags bound year).
func (r *PanchangRequest) Resolve(c resolve.Context, prefix string) error {
	r.Packet.Year = r.Year
	var errs engine.Fields
	if err := errs.Add(r.Packet.Resolve(c, prefix)); err != nil {
		return err
	}
	r.Year = r.Packet.Year
	if err := errs.Add(r.Zodiac.Resolve(c, prefix)); err != nil {
		return err
	}
	if len(errs) == 0 && (*r.Year < 1583 || *r.Year > 2999) {
		errs.Bad(prefix+"date", "the year must be between 1583 and 2999")
	}
	if r.Sunrise == "" {
		r.Sunrise = DefaultSunrise // for Go callers; the door fills the default
	}
	return errs.Err()
}

// Panchang reckons the panchang of a resolved request, leaving its notes
// on c.
func (r *PanchangRequest) Panchang(pos engine.Positions, c notes) (*Panchang, error) {
	day, o := r.day()
	p, err := NewPanchang(pos, day, o)
	if err != nil {
		return nil, err
	}
	return p, nil
}

// VargaName is a varga name as the SVG routes take it (the vargas route
// takes it in the path).
type VargaName string

// EnumValues lists the varga names, d1 to d60.
func (VargaName) EnumValues() []string { return VargaNames() }

// ManglikCancellations says whether a chart's own Manglik cancellations
// count in the matching verdict.
type ManglikCancellations string

// The choices.
const (
	ManglikApply  ManglikCancellations = "apply"
	ManglikIgnore ManglikCancellations = "ignore"
)

// EnumValues lists the choices.
func (ManglikCancellations) EnumValues() []string {
	return []string{string(ManglikApply), string(ManglikIgnore)}
}

// MatchingRequest is the input of the matching route: two births (each a
// birth packet, as the body of POST /api/v1/vedic/natal) and the switches
// of the Ashtakoota and the Manglik verdict. Resolved, it is its own echo:
// the exception lists omitted come back as the lists applied.
type MatchingRequest struct {
	Person1              birth.Packet         `json:"person1" required:"true" doc:"Person1: a birth, as the body of POST /api/v1/vedic/natal" example:"{\"year\":1990,\"month\":7,\"day\":14,\"hour\":14,\"minute\":30,\"latitude\":28.6139,\"longitude\":77.209,\"timezone\":\"Asia/Kolkata\"}"`
	Person2              birth.Packet         `json:"person2" required:"true" doc:"Person2: the other birth, as person1" example:"{\"year\":1992,\"month\":3,\"day\":2,\"hour\":8,\"minute\":15,\"latitude\":19.076,\"longitude\":72.8777,\"timezone\":\"Asia/Kolkata\"}"`
	Person1Role          Role                 `json:"person1_role,omitempty" doc:"Person1 role: groom or bride, person1's part in the kootas (which count from the bride or the groom); person2 takes the other" example:"groom" default:"groom"`
	VarnaScheme          VarnaScheme          `json:"varna_scheme,omitempty" doc:"Varna scheme: earth_vaishya (the earth signs Vaishya, the air signs Shudra: the usual tables) or air_vaishya (the reverse: PyJHora); water Brahmin, fire Kshatriya in both" example:"earth_vaishya" default:"earth_vaishya"`
	NadiExceptions       []NadiException      `json:"nadi_exceptions" doc:"the exceptions that may cancel a nadi dosha (same nadi); all when omitted, none for []"`
	BhakootExceptions    []BhakootException   `json:"bhakoot_exceptions" doc:"the exceptions that may cancel a bhakoot dosha (Moon signs 2/12, 5/9, 6/8); all when omitted, none for []"`
	CancelledDoshaPoints CancelledPoints      `json:"cancelled_dosha_points,omitempty" doc:"Cancelled dosha points: keep (a cancelled nadi or bhakoot dosha leaves its koota at 0) or restore (its full points)" example:"keep" default:"keep"`
	ManglikCancellations ManglikCancellations `json:"manglik_cancellations,omitempty" doc:"whether each chart's own Manglik cancellations count in the verdict: apply (a chart whose dosha is cancelled is not Manglik) or ignore (placement alone decides)" example:"apply" default:"apply"`
	// Zodiac is the sidereal zodiac of both charts.
	Zodiac
}

// Hints answers the names callers send for the two births and the
// options the route fixes.
func (*MatchingRequest) Hints() map[string]string {
	const person = "each birth goes inside person1 and person2 (person1.latitude, person2.timezone, ...)"
	h := map[string]string{
		"boy":    "the births are person1 and person2; person1_role says whether person1 is the groom (default) or the bride",
		"girl":   "the births are person1 and person2; person1_role says whether person1 is the groom (default) or the bride",
		"male":   "the births are person1 and person2; person1_role says whether person1 is the groom (default) or the bride",
		"female": "the births are person1 and person2; person1_role says whether person1 is the groom (default) or the bride",
		"groom":  "the births are person1 and person2; person1_role says whether person1 is the groom (default) or the bride",
		"bride":  "the births are person1 and person2; person1_role says whether person1 is the groom (default) or the bride",
	}
	for _, f := range []string{"year", "month", "day", "hour", "minute", "date", "time", "latitude", "longitude", "location", "timezone"} {
		h[f] = person
	}
	return h
}

// resolvePair resolves the two births of a matching ("person1.",
// "person2.") and the zodiac of both, adding their field errors to errs;
// another error (an index the server lacks) is returned.
func resolvePair(c resolve.Context, prefix string, p1, p2 *birth.Packet, z *Zodiac, errs *engine.Fields) error {
	if err := errs.Add(p1.Resolve(c, prefix+"person1.")); err != nil {
		return err
	}
	if err := errs.Add(p2.Resolve(c, prefix+"person2.")); err != nil {
		return err
	}
	return errs.Add(z.Resolve(c, prefix))
}

// Resolve resolves both births ("person1.", "person2.") and writes the
// exception lists applied when they were omitted; an exception named twice
// is refused.
func (r *MatchingRequest) Resolve(c resolve.Context, prefix string) error {
	var errs engine.Fields
	if err := resolvePair(c, prefix, &r.Person1, &r.Person2, &r.Zodiac, &errs); err != nil {
		return err
	}
	if r.NadiExceptions == nil {
		r.NadiExceptions = NadiExceptions()
	}
	if r.BhakootExceptions == nil {
		r.BhakootExceptions = BhakootExceptions()
	}
	if x, dup := hasDup(r.NadiExceptions); dup {
		errs.Bad(prefix+"nadi_exceptions", fmt.Sprintf("%q is named twice", x))
	}
	if x, dup := hasDup(r.BhakootExceptions); dup {
		errs.Bad(prefix+"bhakoot_exceptions", fmt.Sprintf("%q is named twice", x))
	}
	// For Go callers; the door fills the defaults.
	if r.Person1Role == "" {
		r.Person1Role = Groom
	}
	if r.VarnaScheme == "" {
		r.VarnaScheme = VarnaEarthVaishya
	}
	if r.CancelledDoshaPoints == "" {
		r.CancelledDoshaPoints = KeepPoints
	}
	if r.ManglikCancellations == "" {
		r.ManglikCancellations = ManglikApply
	}
	return errs.Err()
}

// Options returns the matching options of a resolved request.
func (r *MatchingRequest) Options() MatchOptions {
	return MatchOptions{Varna: r.VarnaScheme, NadiExceptions: r.NadiExceptions, BhakootExceptions: r.BhakootExceptions,
		CancelledPoints: r.CancelledDoshaPoints, ManglikIgnoresCancellations: r.ManglikCancellations == ManglikIgnore}
}

// Match casts both rasi charts of a resolved request and matches them,
// leaving their notes on c.
func (r *MatchingRequest) Match(pos engine.Positions, c notes) (*Matching, error) {
	var ch [2]*Chart
	for i, p := range []*birth.Packet{&r.Person1, &r.Person2} {
		b := p.Resolved()
		x, err := Natal(pos, Birth{JD: b.Instant.JD, Latitude: b.Latitude, Longitude: b.Longitude}, r.Zodiac.Options(""))
		if err != nil {
			return nil, err
		}
		ch[i] = x
	}
	m := Match(ch[0], ch[1], r.Person1Role, r.Options())
	c.Warn(m.Warnings...)
	if m.Source == engine.FromMoshier {
		c.Warn(engine.MoshierNote)
	}
	return m, nil
}
