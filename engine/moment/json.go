package moment

import "github.com/astroapi/astroapi/engine/jsonw"

// AppendMembers writes the instant's members to an object being written,
// byte for byte as go-json writes them (engine/transits holds the two
// equal): a route whose input embeds an Input and is echoed on every call
// writes its own JSON with it.
func (in *Input) AppendMembers(o *jsonw.Object) {
	o.StringOmit("datetime", in.Datetime)
	o.StringOmit("date", in.Date)
	o.StringOmit("time", in.Time)
	o.IntPtr("year", in.Year)
	o.IntPtr("month", in.Month)
	o.IntPtr("day", in.Day)
	o.IntPtr("hour", in.Hour)
	o.IntPtr("minute", in.Minute)
	o.IntPtr("second", in.Second)
	o.StringOmit("timezone", string(in.Timezone))
	o.StringOmit("calendar", string(in.Calendar))
	if in.UTC != nil {
		o.Key("utc")
		o.B = append(in.UTC.AppendText(append(o.B, '"')), '"')
	}
	if in.JulianDay != 0 {
		o.Number("julian_day", in.JulianDay)
	}
	o.StringOmit("utc_offset", in.UTCOffset)
	o.BoolOmit("now", in.Now)
}
