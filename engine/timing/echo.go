package timing

import (
	"time"

	"github.com/astroapi/astroapi/engine/birth"
	"github.com/astroapi/astroapi/engine/jsonw"
	"github.com/astroapi/astroapi/engine/natal"
)

// The requests write their own JSON (AppendJSON), byte for byte what
// go-json writes for them (echo_test.go holds the two equal): resolved,
// a request is the envelope's input, written on every uncached call. A
// request must declare it: the one every request would otherwise get
// from its embedded birth packet (or natal.Request) writes the birth
// alone. Members go in go-json's order: the packet's, the frame's (or the
// settings'), then the request's own; a request's own date and place
// shadow the packet's date and geocoded place, which resolution leaves
// empty.

// opening starts a request's object with the birth packet's members.
func opening(b []byte, p *birth.Packet) jsonw.Object {
	o := jsonw.Object{B: append(b, '{')}
	p.AppendMembers(&o)
	return o
}

// frameMembers writes the chart frame's members.
func frameMembers(o *jsonw.Object, f *natal.Frame) {
	o.StringOmit("house_system", string(f.HouseSystem))
	o.StringOmit("zodiac_type", string(f.ZodiacType))
	o.StringOmit("ayanamsa", string(f.Ayanamsa))
	o.StringOmit("node_type", string(f.NodeType))
}

// utcMember writes a read-only instant of the echo unless it is nil, as
// time.Time's MarshalJSON does (RFC 3339 with the fraction it has).
func utcMember(o *jsonw.Object, k string, t *time.Time) {
	if t != nil {
		o.Key(k)
		o.B = append(t.AppendFormat(append(o.B, '"'), time.RFC3339Nano), '"')
	}
}

// spanEcho writes the read-only members a range's echo ends with and
// closes the object.
func spanEcho(o *jsonw.Object, start, end *time.Time, zone string) []byte {
	utcMember(o, "start_utc", start)
	utcMember(o, "end_utc", end)
	o.StringOmit("date_zone", zone)
	return append(o.B, '}')
}

// placeMember writes a geocoded place unless it is nil.
func placeMember(o *jsonw.Object, k string, pl *birth.Place) {
	if pl != nil {
		o.Key(k)
		o.B = pl.AppendJSON(o.B)
	}
}

// relocationMember writes the place of return charts unless it is nil.
func relocationMember(o *jsonw.Object, k string, l *Relocation) {
	if l == nil {
		return
	}
	o.Key(k)
	r := jsonw.Object{B: append(o.B, '{')}
	r.NumberPtr("latitude", l.Latitude)
	r.NumberPtr("longitude", l.Longitude)
	r.StringOmit("location", l.Location)
	placeMember(&r, "geocoded", l.Geocoded)
	o.B = append(r.B, '}')
}

// AppendJSON appends the request as JSON.
func (in *SolarReturnRequest) AppendJSON(b []byte) []byte {
	o := opening(b, &in.Packet)
	in.Settings.AppendMembers(&o)
	o.Int("return_year", in.ReturnYear)
	relocationMember(&o, "place", in.Place)
	placeMember(&o, "birth_place", in.BirthPlace)
	return append(o.B, '}')
}

// AppendJSON appends the request as JSON.
func (in *LunarReturnsRequest) AppendJSON(b []byte) []byte {
	o := opening(b, &in.Packet)
	in.Settings.AppendMembers(&o)
	o.String("start", string(in.Start))
	o.StringOmit("end", string(in.End))
	relocationMember(&o, "place", in.Place)
	placeMember(&o, "birth_place", in.BirthPlace)
	return spanEcho(&o, in.StartUTC, in.EndUTC, in.DateZone)
}

// AppendJSON appends the request as JSON.
func (in *PlanetaryReturnsRequest) AppendJSON(b []byte) []byte {
	o := opening(b, &in.Packet)
	in.Settings.AppendMembers(&o)
	o.String("planet", string(in.Planet))
	o.StringOmit("start", string(in.Start))
	o.StringOmit("end", string(in.End))
	o.BoolOmit("include_charts", in.IncludeCharts)
	relocationMember(&o, "place", in.Place)
	placeMember(&o, "birth_place", in.BirthPlace)
	return spanEcho(&o, in.StartUTC, in.EndUTC, in.DateZone)
}

// AppendJSON appends the request as JSON.
func (in *ProgressionsRequest) AppendJSON(b []byte) []byte {
	o := opening(b, &in.Packet)
	frameMembers(&o, &in.Frame)
	o.String("date", string(in.Date))
	o.StringOmit("year_length", string(in.YearLength))
	o.StringOmit("angle_method", string(in.AngleMethod))
	o.NumberPtr("orb", in.Orb)
	utcMember(&o, "date_utc", in.DateUTC)
	o.StringOmit("date_zone", in.DateZone)
	return append(o.B, '}')
}

// AppendJSON appends the request as JSON.
func (in *SolarArcRequest) AppendJSON(b []byte) []byte {
	o := opening(b, &in.Packet)
	frameMembers(&o, &in.Frame)
	o.String("date", string(in.Date))
	o.StringOmit("key", string(in.Key))
	o.StringOmit("year_length", string(in.YearLength))
	o.NumberPtr("orb", in.Orb)
	o.StringOmit("range_start", string(in.RangeStart))
	o.StringOmit("range_end", string(in.RangeEnd))
	utcMember(&o, "date_utc", in.DateUTC)
	utcMember(&o, "range_start_utc", in.RangeStartUTC)
	utcMember(&o, "range_end_utc", in.RangeEndUTC)
	o.StringOmit("date_zone", in.DateZone)
	return append(o.B, '}')
}

// AppendJSON appends the request as JSON.
func (in *ProfectionsRequest) AppendJSON(b []byte) []byte {
	o := opening(b, &in.Packet)
	frameMembers(&o, &in.Frame)
	o.StringOmit("date", string(in.Date))
	o.IntPtr("age", in.Age)
	o.StringOmit("from", string(in.From))
	utcMember(&o, "date_utc", in.DateUTC)
	o.StringOmit("date_zone", in.DateZone)
	return append(o.B, '}')
}

// releasingMembers writes the choices of every releasing request.
func releasingMembers(o *jsonw.Object, r *ReleasingOptions) {
	o.StringOmit("lot", string(r.Lot))
	o.StringOmit("year_length", string(r.YearLength))
}

// AppendJSON appends the request as JSON.
func (in *ReleasingRequest) AppendJSON(b []byte) []byte {
	o := opening(b, &in.Packet)
	frameMembers(&o, &in.Frame)
	releasingMembers(&o, &in.ReleasingOptions)
	o.IntPtr("years", in.Years)
	o.IntPtr("levels", in.Levels)
	return append(o.B, '}')
}

// AppendJSON appends the request as JSON.
func (in *ReleasingTimelineRequest) AppendJSON(b []byte) []byte {
	o := opening(b, &in.Packet)
	frameMembers(&o, &in.Frame)
	releasingMembers(&o, &in.ReleasingOptions)
	o.StringOmit("start", string(in.Start))
	o.StringOmit("end", string(in.End))
	o.IntPtr("levels", in.Levels)
	return spanEcho(&o, in.StartUTC, in.EndUTC, in.DateZone)
}

// AppendJSON appends the request as JSON.
func (in *ReleasingAtDateRequest) AppendJSON(b []byte) []byte {
	o := opening(b, &in.Packet)
	frameMembers(&o, &in.Frame)
	releasingMembers(&o, &in.ReleasingOptions)
	o.String("date", string(in.Date))
	o.IntPtr("levels", in.Levels)
	utcMember(&o, "date_utc", in.DateUTC)
	o.StringOmit("date_zone", in.DateZone)
	return append(o.B, '}')
}

// firdariaMembers writes the choices of every firdaria request.
func firdariaMembers(o *jsonw.Object, s *FirdariaSettings) {
	o.StringOmit("node_order", string(s.NodeOrder))
	o.StringOmit("year_length", string(s.YearLength))
}

// AppendJSON appends the request as JSON.
func (in *FirdariaRequest) AppendJSON(b []byte) []byte {
	o := opening(b, &in.Packet)
	frameMembers(&o, &in.Frame)
	firdariaMembers(&o, &in.FirdariaSettings)
	return append(o.B, '}')
}

// AppendJSON appends the request as JSON.
func (in *FirdariaAtAgeRequest) AppendJSON(b []byte) []byte {
	o := opening(b, &in.Packet)
	frameMembers(&o, &in.Frame)
	firdariaMembers(&o, &in.FirdariaSettings)
	o.NumberPtr("age", in.Age)
	o.StringOmit("date", string(in.Date))
	utcMember(&o, "date_utc", in.DateUTC)
	o.StringOmit("date_zone", in.DateZone)
	return append(o.B, '}')
}

// AppendJSON appends the request as JSON.
func (in *FirdariaTimelineRequest) AppendJSON(b []byte) []byte {
	o := opening(b, &in.Packet)
	frameMembers(&o, &in.Frame)
	firdariaMembers(&o, &in.FirdariaSettings)
	o.StringOmit("start", string(in.Start))
	o.StringOmit("end", string(in.End))
	return spanEcho(&o, in.StartUTC, in.EndUTC, in.DateZone)
}
