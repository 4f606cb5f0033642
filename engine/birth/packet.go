package birth

import (
	"fmt"
	"strings"
	"time"

	"github.com/astroapi/astroapi/engine"
	"github.com/astroapi/astroapi/engine/calendar"
	"github.com/astroapi/astroapi/engine/jsonw"
	"github.com/astroapi/astroapi/engine/resolve"
)

// Packet is the birth packet of spec 2.3 as every route that takes a birth
// reads it: date, time, place and zone. Routes embed it (flat in the body,
// as the natal route does) or nest it under a field (person1, natal); it
// resolves itself (resolve.Resolver), so errors name the path the caller
// sent, and after resolution it is its own echo: the sendable fields hold
// the canonical form of what was read (year..second, the coordinates, the
// zone used, the fold and calendar applied) and the read-only fields the
// facts derived (birth_date, birth_time and coordinates as the contract
// shows them, the UTC instant, the offset, the geocoded place), so an
// answer's echo sent back gives the same answer.
//
// The date is year, month, day or date ("YYYY-MM-DD"); the time hour,
// minute, second or time ("HH:MM" or "HH:MM:SS"), 12:00 when omitted. The
// place is latitude and longitude, a location to geocode, or both (the
// coordinates are then the chart's place and the location names it).
type Packet struct {
	Year      *int              `json:"year,omitempty" doc:"birth year, astronomical numbering (0 is 1 BC, -1 is 2 BC); with month and day, or send date instead. Before 1800 and after 2400 positions come from the Moshier theory" example:"1990" minimum:"-3000" maximum:"3000"`
	Month     *int              `json:"month,omitempty" doc:"birth month (with year and day)" example:"7" minimum:"1" maximum:"12"`
	Day       *int              `json:"day,omitempty" doc:"day of the month (with year and month)" example:"14" minimum:"1" maximum:"31"`
	Hour      *int              `json:"hour,omitempty" doc:"hour of the local time, 0-23; when the time is omitted it is 12:00" example:"14" minimum:"0" maximum:"23"`
	Minute    *int              `json:"minute,omitempty" doc:"minute, 0-59 (0 when omitted)" example:"30" minimum:"0" maximum:"59"`
	Second    *int              `json:"second,omitempty" doc:"second, 0-59 (0 when omitted)" minimum:"0" maximum:"59"`
	Date      string            `json:"date,omitempty" doc:"the local date as YYYY-MM-DD, instead of year, month and day (years before 0000 take a sign: -0043-03-15)"`
	Time      string            `json:"time,omitempty" doc:"the local time as HH:MM or HH:MM:SS, instead of hour, minute and second"`
	Latitude  *float64          `json:"latitude,omitempty" doc:"geographic latitude in degrees, north positive; with longitude, or send location instead (or both: the coordinates are the chart's place, the location names it)" example:"51.5074" minimum:"-90" maximum:"90"`
	Longitude *float64          `json:"longitude,omitempty" doc:"geographic longitude in degrees, east positive" example:"-0.1278" minimum:"-180" maximum:"180"`
	Location  string            `json:"location,omitempty" doc:"place name to geocode instead of latitude/longitude (offline GeoNames index); qualify with a comma: \"Paris, TX\", \"London, UK\". Sent with coordinates it only names the place"`
	Timezone  Zone              `json:"timezone,omitempty" doc:"the zone the local time is written in: an IANA name (historical offsets honoured); \"auto\", the zone of the place (a birth before the place adopted standard time is in the birthplace's own local mean time, as astro.com charts it); \"LMT\", local mean time of the birth longitude; or a fixed offset, as hours east of UTC (-10, 5.5) or a string (\"+05:30\", \"UTC-03:00\"). Omitted: UTC (the answer warns). A zone's own LMT period is also read as the birthplace's local mean time" example:"Europe/London" default:"UTC"`
	Fold      *int              `json:"fold,omitempty" doc:"for a local time that happened twice (clocks turned back): 0 the earlier instant, 1 the later (PEP 495). A local time that never happened (clocks jumped forward) is refused with 422" minimum:"0" maximum:"1" default:"0"`
	Calendar  calendar.Calendar `json:"calendar,omitempty" doc:"calendar of the date: gregorian or julian for every year; omitted, the historical switch: Julian up to 1582-10-04, Gregorian from 1582-10-15 (the days between do not exist)"`

	// The echo: what the packet resolved to (read-only; ignored on input).
	BirthDate      string       `json:"birth_date,omitempty" readonly:"true" doc:"the local date read, YYYY-MM-DD, in calendar" example:"1990-07-14"`
	BirthTime      string       `json:"birth_time,omitempty" readonly:"true" doc:"the local time read, HH:MM:SS" example:"14:30:00"`
	Coordinates    *Coordinates `json:"coordinates,omitempty" readonly:"true" doc:"the chart's place"`
	Place          *Place       `json:"place,omitempty" readonly:"true" doc:"the place the location was geocoded to, when location was sent"`
	TimezoneSource string       `json:"timezone_source,omitempty" readonly:"true" doc:"where the zone came from: default (omitted: UTC), request (as sent), place (the geocoded place's zone, timezone auto), coordinates (the zone at the coordinates, timezone auto)" enum:"default,request,place,coordinates"`
	UTCOffset      string       `json:"utc_offset,omitempty" readonly:"true" doc:"offset in force at the birth instant (local mean time has seconds)" example:"UTC+01:00"`
	Abbreviation   string       `json:"zone_abbreviation,omitempty" readonly:"true" doc:"zone abbreviation in force (LMT for local mean time)" example:"BST"`
	DST            bool         `json:"dst" readonly:"true" doc:"summer (daylight-saving) time was in force"`
	AmbiguousTime  bool         `json:"ambiguous_time" readonly:"true" doc:"the local time happened twice; fold says which was used"`
	UTC            string       `json:"utc,omitempty" readonly:"true" doc:"the birth instant in UTC, RFC 3339" example:"1990-07-14T13:30:00Z"`
	JulianDay      float64      `json:"julian_day,omitempty" readonly:"true" doc:"Julian day (UT) of the instant"`

	r Resolved // set by Resolve
	// canon holds the canonical year..second and fold the sendable
	// pointer fields point to after Resolve, and coords the coordinates:
	// the echo costs no allocation of its own.
	canon  [7]int
	coords Coordinates
}

// Coordinates is a place in geographic degrees.
type Coordinates struct {
	Latitude  float64 `json:"latitude" doc:"degrees, north positive"`
	Longitude float64 `json:"longitude" doc:"degrees, east positive"`
}

// Place is the place a location string was geocoded to.
type Place struct {
	Name        string  `json:"name" doc:"place chosen (best match)"`
	Admin1      string  `json:"admin1,omitempty" doc:"first-level division"`
	Country     string  `json:"country" doc:"ISO 3166-1 alpha-2 country code"`
	CountryName string  `json:"country_name,omitempty" doc:"country name"`
	Latitude    float64 `json:"latitude" doc:"degrees"`
	Longitude   float64 `json:"longitude" doc:"degrees"`
	Timezone    string  `json:"timezone" doc:"IANA zone of the place"`
}

// Resolved is a birth packet turned into an instant and a place.
type Resolved struct {
	Instant   Instant
	Latitude  float64 // degrees, north positive
	Longitude float64 // degrees, east positive
	// Placed is false for a packet resolved by ResolvePlaceOptional
	// without a place: Latitude and Longitude are then zero and mean
	// nothing.
	Placed bool
	// Zone is where the local time's offset came from: the IANA zone, or
	// a fixed zone (an offset, local mean time).
	Zone *time.Location
}

// Resolved returns what Resolve found.
func (p *Packet) Resolved() Resolved { return p.r }

// Resolve validates p and resolves its place, zone and instant, reporting
// every bad field (prefixed) at once, and writes the echo. Notices (a zone
// read as UTC by default, local mean time used, an ambiguous local time, a
// location that only labels coordinates) go to c.Warn. A packet needing an
// index c lacks fails with an error wrapping engine.ErrUnavailable.
func (p *Packet) Resolve(c resolve.Context, prefix string) error {
	return p.resolve(c, prefix, true)
}

// ResolvePlaceOptional resolves p as Resolve does, except that the place
// may be left out: the packet is then a date and a clock time in a zone,
// as the BaZi routes take a birth (spec 4.6: year..minute and an IANA
// zone, no place). Without a place, "auto" and "LMT" (which need one) are
// refused on timezone, a time before the zone adopted standard time is
// read in the zone's own local mean time (of its reference city, with a
// notice saying how to use the birthplace's), and the echo has no
// coordinates. With a place it is Resolve.
func (p *Packet) ResolvePlaceOptional(c resolve.Context, prefix string) error {
	return p.resolve(c, prefix, false)
}

// resolve is Resolve; needPlace false lets the place be left out.
func (p *Packet) resolve(c resolve.Context, prefix string, needPlace bool) error {
	var errs engine.Fields
	bad := func(field, reason string) { errs.Bad(prefix+field, reason) }
	local := Local{Hour: 12, Calendar: p.Calendar}

	// The date: year, month, day, or date.
	switch {
	case p.Date != "" && (p.Year != nil || p.Month != nil || p.Day != nil):
		bad("date", "send date or year, month and day, not both")
	case p.Date != "":
		cv, err := calendar.ParseISO(p.Date)
		switch {
		case err != nil:
			bad("date", fmt.Sprintf("%q is not a date YYYY-MM-DD (%v)", p.Date, err))
		case cv.HasTime || cv.HasOffset:
			bad("date", fmt.Sprintf("%q is a date-time: send the date alone (YYYY-MM-DD) and the time in time", p.Date))
		default:
			local.Year, local.Month, local.Day = cv.Year, cv.Month, cv.Day
		}
	default:
		for _, f := range []struct {
			name string
			v    *int
			dst  *int
		}{{"year", p.Year, &local.Year}, {"month", p.Month, &local.Month}, {"day", p.Day, &local.Day}} {
			if f.v == nil {
				bad(f.name, "is required (or send the date as date: YYYY-MM-DD)")
				continue
			}
			*f.dst = *f.v
		}
	}
	// The time: hour, minute, second, or time.
	switch {
	case p.Time != "" && (p.Hour != nil || p.Minute != nil || p.Second != nil):
		bad("time", "send time or hour, minute and second, not both")
	case p.Time != "":
		h, m, s, err := calendar.ParseClock(p.Time)
		if err != nil {
			bad("time", err.Error())
		} else {
			local.Hour, local.Minute, local.Second = h, m, s
		}
	default:
		if p.Hour != nil {
			local.Hour = *p.Hour
		} else if p.Minute != nil || p.Second != nil {
			bad("hour", "is required with minute and second")
		}
		if p.Minute != nil {
			local.Minute = *p.Minute
		}
		if p.Second != nil {
			local.Second = *p.Second
		}
	}
	if p.Fold != nil {
		local.Fold = *p.Fold
	}

	// The place: coordinates, a location, or both.
	coords := p.Latitude != nil || p.Longitude != nil
	var lat, lon float64
	switch {
	case p.Latitude == nil && p.Longitude != nil:
		bad("latitude", "is required with longitude")
	case p.Latitude != nil && p.Longitude == nil:
		bad("longitude", "is required with latitude")
	case coords:
		lat, lon = *p.Latitude, *p.Longitude
		errs = append(errs, engine.CheckPlace(lat, lon, prefix)...)
	}
	var place *Place
	switch loc := strings.TrimSpace(p.Location); {
	case loc == "" && p.Location != "":
		bad("location", "is blank")
	case loc != "":
		if c.Places() == nil {
			if !coords {
				return fmt.Errorf("%w: geocoding is not available; send latitude and longitude", engine.ErrUnavailable)
			}
			break
		}
		found := c.Places().Search(loc, "", 1)
		switch {
		case len(found) > 0:
			f := found[0]
			place = &Place{Name: f.Name, Admin1: f.Admin1, Country: f.Country, CountryName: f.CountryName,
				Latitude: f.Latitude, Longitude: f.Longitude, Timezone: f.Timezone}
			if !coords {
				lat, lon = f.Latitude, f.Longitude
			}
		case coords:
			c.Warn(fmt.Sprintf("%slocation %q matches no place in the index: it was kept as a label; the chart is cast at the coordinates", prefix, p.Location))
		default:
			bad("location", fmt.Sprintf("no place matches %q; check the spelling, qualify it (\"Springfield, IL\") or send latitude and longitude", p.Location))
		}
	case !coords && needPlace:
		bad("latitude", "latitude and longitude, or location, are required")
	}
	// placed: the packet names a place (a location that matched nothing
	// has its own error).
	placed := coords || place != nil || strings.TrimSpace(p.Location) != ""

	// The zone.
	source := "request"
	zone := p.Timezone
	switch zone {
	case "":
		zone, source = "UTC", "default"
		switch {
		case !placed && prefix == "":
			c.Warn(utcNoticeNoPlace) // constants in the common cases, without formatting
		case !placed:
			c.Warn(prefix + utcNoticeNoPlace)
		case place == nil && prefix == "":
			c.Warn(utcNotice)
		default:
			where := "the place"
			if place != nil {
				where = place.Name
			}
			c.Warn(fmt.Sprintf("%stimezone omitted: the time is read as UTC (the contract's default); send \"timezone\": \"auto\" to use the zone of %s, an IANA name, or an offset", prefix, where))
		}
	case ZoneAuto:
		switch {
		case coords && c.Zones() != nil && len(errs) == 0:
			// At sea this is the nautical zone Etc/GMT±N of the longitude band.
			z, found := c.Zones().ZoneAt(lat, lon)
			if !found {
				bad("timezone", "no time zone is known at these coordinates; send an IANA zone name or an offset")
			}
			zone, source = Zone(z), "coordinates"
		case place != nil && place.Timezone != "":
			zone, source = Zone(place.Timezone), "place"
		case place != nil:
			bad("timezone", "the place has no known zone; send an IANA name or an offset")
		case !placed && !needPlace:
			bad("timezone", `"auto" is the zone of the birthplace: send latitude and longitude (or location) with it, or send an IANA zone name or an offset`)
		case len(errs) > 0:
			// No usable place: its own error says enough.
		case c.Zones() == nil:
			return fmt.Errorf("%w: time-zone lookup is not available; send an IANA zone name", engine.ErrUnavailable)
		}
	case ZoneLMT:
		if !placed && !needPlace {
			bad("timezone", `"LMT" is the local mean time of the birth longitude: send latitude and longitude (or location) with it, or send an IANA zone name or an offset`)
		}
	default:
		z, err := zone.Canonical(c.Zones())
		if err != nil {
			bad("timezone", err.Error())
		}
		zone = z
	}

	if len(errs) > 0 {
		// Report the date and time problems too, in one answer.
		for _, fe := range local.Validate() {
			if fe.Field != "timezone" && !named(errs, prefix+fe.Field) && (p.Date == "" || !isDatePart(fe.Field)) {
				bad(fe.Field, fe.Reason)
			}
		}
		return errs
	}

	inst, loc, lmt, err := resolveIn(local, zone, lon, placed)
	if err != nil {
		if p.Date != "" || p.Time != "" {
			err = onStrings(err, p.Date != "", p.Time != "")
		}
		var fs engine.Fields
		if other := fs.Add(err); other != nil {
			return other
		}
		return fs.Prefixed(prefix)
	}
	if lmt != "" {
		c.Warn(prefix + lmt)
		if placed {
			zone = ZoneLMT
		}
	}
	if inst.Ambiguous {
		which := "earlier"
		if inst.Fold == 1 {
			which = "later"
		}
		c.Warn(fmt.Sprintf("%slocal time %02d:%02d:%02d happened twice in %s (clocks turned back); the %s instant (%s) was used; send fold 0 or 1 to choose",
			prefix, local.Hour, local.Minute, local.Second, inst.Zone, which, FormatOffset(inst.Offset)))
	}
	p.r = Resolved{Instant: inst, Latitude: lat, Longitude: lon, Zone: loc, Placed: placed}

	// The echo: the canonical form, then the facts.
	p.canon = [7]int{local.Year, local.Month, local.Day, local.Hour, local.Minute, local.Second, inst.Fold}
	y, mo, d, h, mi, s := local.Year, local.Month, local.Day, local.Hour, local.Minute, local.Second
	p.Year, p.Month, p.Day, p.Hour, p.Minute, p.Second = &p.canon[0], &p.canon[1], &p.canon[2], &p.canon[3], &p.canon[4], &p.canon[5]
	p.Date, p.Time = "", ""
	p.Latitude, p.Longitude = &p.r.Latitude, &p.r.Longitude
	if !placed {
		p.Latitude, p.Longitude = nil, nil
	}
	p.Timezone, p.Fold, p.Calendar = zone, &p.canon[6], inst.Calendar
	p.BirthDate = dateTimeText(y, mo, d, '-')
	if y < 0 {
		p.BirthDate = calendar.Format(y, mo, d) // ISO 8601's "-0043", not fmt's "-043"
	}
	p.BirthTime = dateTimeText(h, mi, s, ':')
	p.Coordinates = nil
	if placed {
		p.coords = Coordinates{Latitude: lat, Longitude: lon}
		p.Coordinates = &p.coords
	}
	p.Place = place
	p.TimezoneSource = source
	p.UTCOffset, p.Abbreviation, p.DST = FormatOffset(inst.Offset), inst.Abbrev, inst.DST
	p.AmbiguousTime = inst.Ambiguous
	p.UTC = inst.UTC.Format(time.RFC3339)
	p.JulianDay = float64(inst.JD)
	return nil
}

// utcNotice is the notice of a flat packet without a zone or a location.
const utcNotice = "timezone omitted: the time is read as UTC (the contract's default); send \"timezone\": \"auto\" to use the zone of the place, an IANA name, or an offset"

// utcNoticeNoPlace is the notice of a packet without zone nor place
// (ResolvePlaceOptional): "auto" would need the place.
const utcNoticeNoPlace = "timezone omitted: the time is read as UTC (the contract's default); send an IANA name or an offset (or \"auto\" with the birthplace)"

// resolveIn resolves a local time in zone (an IANA name, an offset, or
// LMT at longitude lon). A time in an IANA zone before the place adopted
// standard time is re-read in local mean time at lon, and lmt says so (a
// notice for the caller); loc is the zone the offset came from. Without a
// place (placed false) there is no longitude to take local mean time at:
// the zone's own reading stands, and lmt says how to do better.
func resolveIn(l Local, zone Zone, lon float64, placed bool) (inst Instant, loc *time.Location, lmt string, err error) {
	if zone == ZoneLMT {
		return resolveLMT(l, lon)
	}
	l.Zone = string(zone)
	inst, err = Resolve(l)
	if err != nil {
		return inst, nil, "", err
	}
	loc, _ = LoadZone(l.Zone)
	if _, fixed := zone.Offset(); fixed || !beforeStandardTime(inst.UTC, loc) {
		return inst, loc, "", nil
	}
	if !placed {
		return inst, loc, fmt.Sprintf("%s had no standard time yet on %s: the zone's own local mean time (of its reference city, %s) was used; send the birthplace's latitude and longitude to use its local mean time, or an offset",
			zone, calendar.Format(l.Year, l.Month, l.Day), FormatOffset(inst.Offset)), nil
	}
	inst, loc, _, err = resolveLMT(l, lon)
	if err != nil {
		return inst, nil, "", err
	}
	return inst, loc, fmt.Sprintf("%s had no standard time yet on %s: each place kept its own local mean time, so the birthplace's (longitude %.4f: %s) was used, as astro.com and the printed atlases do; send an offset to use another",
		zone, calendar.Format(l.Year, l.Month, l.Day), lon, FormatOffset(inst.Offset)), nil
}

// resolveLMT reads l in local mean time at longitude lon.
func resolveLMT(l Local, lon float64) (Instant, *time.Location, string, error) {
	off := LMTOffset(lon)
	loc := fixedZone(FormatOffset(off), off)
	l.Zone = loc.String()
	inst, err := Resolve(l)
	inst.Zone, inst.Abbrev = string(ZoneLMT), "LMT"
	return inst, loc, "", err
}

func named(errs engine.Fields, field string) bool {
	for _, e := range errs {
		if e.Field == field {
			return true
		}
	}
	return false
}

func isDatePart(f string) bool { return f == "year" || f == "month" || f == "day" }

// onStrings reports the errors of the date and time fields on the date and
// time strings they came from.
func onStrings(err error, date, clock bool) error {
	var fs engine.Fields
	if other := fs.Add(err); other != nil {
		return other
	}
	out := make(engine.Fields, len(fs))
	for i, e := range fs {
		f := e.Field
		switch {
		case date && isDatePart(f):
			f = "date"
		case clock && (f == "hour" || f == "minute" || f == "second"):
			f = "time"
		}
		out[i] = &engine.FieldError{Field: f, Reason: e.Reason}
	}
	return out
}

// dateTimeText formats a, b and c as %04d<sep>%02d<sep>%02d would (a in
// 0-9999, b and c in 0-99 after validation), for "YYYY-MM-DD", or "HH:MM:SS"
// when a < 100 is written with two digits: without fmt on every request.
func dateTimeText(a, b, c int, sep byte) string {
	if a < 0 || a > 9999 || b < 0 || b > 99 || c < 0 || c > 99 {
		if sep == '-' {
			return fmt.Sprintf("%04d-%02d-%02d", a, b, c)
		}
		return fmt.Sprintf("%02d:%02d:%02d", a, b, c)
	}
	var buf [10]byte
	out := buf[:0]
	if sep == '-' {
		out = append(out, byte('0'+a/1000), byte('0'+a/100%10))
	} else if a >= 100 {
		return fmt.Sprintf("%02d:%02d:%02d", a, b, c)
	}
	out = append(out, byte('0'+a/10%10), byte('0'+a%10), sep, byte('0'+b/10), byte('0'+b%10), sep, byte('0'+c/10), byte('0'+c%10))
	return string(out)
}

// AppendFields appends the packet's fields after an opening brace,
// without the closing one, byte for byte what go-json writes for it (the
// natal echo embeds them and writes its own JSON on every uncached call;
// a test holds the two equal).
func (p *Packet) AppendFields(b []byte) []byte {
	w := jsonw.Object{B: b}
	p.AppendMembers(&w)
	return w.B
}

// AppendMembers writes the packet's members to an object being written.
func (p *Packet) AppendMembers(w *jsonw.Object) {
	w.IntPtr("year", p.Year)
	w.IntPtr("month", p.Month)
	w.IntPtr("day", p.Day)
	w.IntPtr("hour", p.Hour)
	w.IntPtr("minute", p.Minute)
	w.IntPtr("second", p.Second)
	w.StringOmit("date", p.Date)
	w.StringOmit("time", p.Time)
	w.NumberPtr("latitude", p.Latitude)
	w.NumberPtr("longitude", p.Longitude)
	w.StringOmit("location", p.Location)
	w.StringOmit("timezone", string(p.Timezone))
	w.IntPtr("fold", p.Fold)
	w.StringOmit("calendar", string(p.Calendar))
	w.StringOmit("birth_date", p.BirthDate)
	w.StringOmit("birth_time", p.BirthTime)
	if c := p.Coordinates; c != nil {
		w.Key("coordinates")
		w.B = jsonw.Number(append(w.B, `{"latitude":`...), c.Latitude)
		w.B = append(jsonw.Number(append(w.B, `,"longitude":`...), c.Longitude), '}')
	}
	if pl := p.Place; pl != nil {
		w.Key("place")
		w.B = pl.AppendJSON(w.B)
	}
	w.StringOmit("timezone_source", p.TimezoneSource)
	w.StringOmit("utc_offset", p.UTCOffset)
	w.StringOmit("zone_abbreviation", p.Abbreviation)
	w.Bool("dst", p.DST)
	w.Bool("ambiguous_time", p.AmbiguousTime)
	w.StringOmit("utc", p.UTC)
	if p.JulianDay != 0 {
		w.Number("julian_day", p.JulianDay)
	}
}

// AppendJSON appends the place as a JSON object, byte for byte what
// go-json writes for it (also where other inputs echo a geocoded place).
func (pl *Place) AppendJSON(b []byte) []byte {
	o := jsonw.Object{B: append(b, '{')}
	o.String("name", pl.Name)
	o.StringOmit("admin1", pl.Admin1)
	o.String("country", pl.Country)
	o.StringOmit("country_name", pl.CountryName)
	o.Number("latitude", pl.Latitude)
	o.Number("longitude", pl.Longitude)
	o.String("timezone", pl.Timezone)
	return append(o.B, '}')
}

// The packet has no AppendJSON of its own, on purpose: every request that
// embeds it would inherit the method (Go promotes it), and the envelope,
// which prefers an input's AppendJSON, would then echo the birth alone
// and drop the request's other fields (its options, its defaults) on the
// calls it encodes that way (the cached ones). A request that writes its
// own echo calls AppendMembers, as natal.Request does.
