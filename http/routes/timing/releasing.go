package timing

import (
	"fmt"
	"math"
	"time"

	"github.com/astroapi/astroapi/engine/timing"
	"github.com/astroapi/astroapi/http/op"
)

// ReleasingRequest is the body of POST /api/v1/zodiacal-releasing: the
// birth, the lot and year length (timing.ReleasingOptions), and how much
// of the life to lay out.
type ReleasingRequest struct {
	birthFrame
	timing.ReleasingOptions
	Years  *int `json:"years,omitempty" doc:"years of life covered from the birth (the level-1 periods that begin in them, given whole)" minimum:"1" maximum:"150" default:"100"`
	Levels *int `json:"levels,omitempty" doc:"1: the level-1 periods; 2: each with its level-2 sub-periods" minimum:"1" maximum:"2" default:"2"`
}

// ReleasingTimelineRequest is the body of POST
// /api/v1/zodiacal-releasing/timeline.
type ReleasingTimelineRequest struct {
	birthFrame
	timing.ReleasingOptions
	Start  string `json:"start" required:"true" doc:"start of the range: YYYY-MM-DD (00:00 in the birth's time zone) or an RFC 3339 date-time; not before the birth" example:"2020-01-01"`
	End    string `json:"end" required:"true" doc:"end of the range: after start, within 150 years of the birth and of start (100 years with levels 4)" example:"2030-01-01"`
	Levels *int   `json:"levels,omitempty" doc:"deepest level listed, 1-4" minimum:"1" maximum:"4" default:"2"`
}

// ReleasingAtDateRequest is the body of POST
// /api/v1/zodiacal-releasing/at-date.
type ReleasingAtDateRequest struct {
	birthFrame
	timing.ReleasingOptions
	Date   string `json:"date" required:"true" doc:"the date: YYYY-MM-DD (00:00 in the birth's time zone) or an RFC 3339 date-time; not before the birth, within 150 years" example:"2024-07-14"`
	Levels *int   `json:"levels,omitempty" doc:"deepest level given, 1-4" minimum:"1" maximum:"4" default:"4"`
}

// periodsPerCall is how many periods of a timeline one call of quota pays
// for: a timeline of four levels lists some 110 periods a year (of 360-day
// years), ten to a hundred times a natal chart's work and bytes at 80
// years.
const periodsPerCall = 1000

// Cost bills a timeline by the periods it lists, estimated from the span
// and the levels before anything is calculated: one call per
// periodsPerCall, at least one. Dates are read as UTC here (hours do not
// matter); a request that fails validation is refunded anyway.
func (in *ReleasingTimelineRequest) Cost() int64 {
	start, err1 := parseDate(in.Start, time.UTC)
	end, err2 := parseDate(in.End, time.UTC)
	if err1 != nil || err2 != nil || !end.After(start) {
		return 1
	}
	levels := 2
	if in.Levels != nil && *in.Levels >= 1 && *in.Levels <= timing.MaxLevels {
		levels = *in.Levels
	}
	return int64(math.Ceil(periodsIn(end.Sub(start).Hours()/24, in.YearLength, levels) / periodsPerCall))
}

// periodsIn estimates the periods of levels 1..levels in days of life: a
// period is 211/12 units of its level on average (a twelfth of the year
// at level 2, and so on), plus a twentieth for the periods cut short at
// their parents' ends. Four levels over 80 years: 9,137 for the 9,088 of
// Emperor Akihito's chart (the tests compare).
func periodsIn(days float64, y timing.YearLength, levels int) float64 {
	yd := y.Days()
	if yd == 0 {
		yd = timing.Year360.Days()
	}
	n, unit := 0.0, yd
	for range levels {
		n += days / (211.0 / 12 * unit) * 1.05
		unit /= 12
	}
	return n
}

const releasing = "Zodiacal releasing (Valens, Anthology IV.4-IV.10; Brennan, Hellenistic Astrology, 2017): periods start from the sign " +
	"of the Lot of Spirit (default) or of Fortune (`lot`; sect-aware lots: Fortune is Ascendant + Moon - Sun by day and the " +
	"reverse by night, Spirit the opposite) and go through the signs in order, each lasting its ruler's minor years (Aries 15, " +
	"Taurus 8, Gemini 20, Cancer 25, Leo 19, Virgo 20, Libra 8, Scorpio 15, Sagittarius 12, Capricorn 27, Aquarius 30, " +
	"Pisces 12). Level 1 counts years, level 2 months (1/12), level 3 a twelfth of that, level 4 again a twelfth; each level " +
	"starts from its parent's sign and is cut short at its end. Loosing of the bond: once the sub-periods have gone round all " +
	"twelve signs inside a parent, the next is the sign opposite the first (loosing_of_bond marks it). Peak periods are the " +
	"signs angular to Fortune (1st, 10th, 7th, 4th from it; the 10th the major peak); every period gives its place from " +
	"Fortune and its angularity. `year_length`: Valens' 360-day year (default), julian (365.25 days) or tropical. " +
	"Of the chart settings only zodiac_type and ayanamsa change the result (the lots' signs)."

func (d Deps) releasingOps() []*op.Operation {
	return []*op.Operation{
		op.Post(d.spec("post-zodiacal-releasing", "/api/v1/zodiacal-releasing", "Zodiacal releasing: the periods of a life",
			"The level-1 periods from the birth through `years` years (default 100), each with its level-2 periods "+
				"(levels 2, the default), the lots, the sect and the peak signs. "+releasing), d.release),
		op.Post(d.spec("post-zodiacal-releasing-timeline", "/api/v1/zodiacal-releasing/timeline", "Zodiacal releasing: every period in a date range",
			"Every period of levels 1 to `levels` (default 2) overlapping start..end, in time order, each before its "+
				"sub-periods, whole (not clipped to the range). At most 150 years, 100 with four levels (some 11,000 periods). "+
				fmt.Sprintf("Billed as one call per %d periods listed, at least one: estimated from the span and the levels "+
					"(about 110 periods a year at four levels of 360-day years, 9 at three, under 1 at two), so ten years of "+
					"four levels count as 2 calls and 80 years as 10. ", periodsPerCall)+releasing), d.releaseTimeline),
		op.Post(d.spec("post-zodiacal-releasing-at-date", "/api/v1/zodiacal-releasing/at-date", "Zodiacal releasing: the periods in force at a date",
			"The period in force at each level 1 to `levels` (default 4) at `date`: a period owns its start instant. "+releasing), d.releaseAt),
	}
}

func (d Deps) release(c *op.Call, in *ReleasingRequest) (*timing.Releasing, error) {
	s, err := d.framed(c, &in.birthFrame)
	if err != nil {
		return nil, err
	}
	o := timing.OverviewOptions{
		ReleasingOptions: in.ReleasingOptions,
		Years:            s.count(in.Years, "years", "must be between 1 and 150"),
		Levels:           s.count(in.Levels, "levels", "must be between 1 and 2"),
	}
	if err := s.done(c); err != nil {
		return nil, err
	}
	r, err := timing.Release(d.Positions, s.natal, o)
	if err != nil {
		return nil, err
	}
	notes(c, r.Source)
	return r, nil
}

func (d Deps) releaseTimeline(c *op.Call, in *ReleasingTimelineRequest) (*timing.Timeline, error) {
	s, err := d.framed(c, &in.birthFrame)
	if err != nil {
		return nil, err
	}
	o := timing.TimelineOptions{
		ReleasingOptions: in.ReleasingOptions,
		Start:            s.date(in.Start, "start"), End: s.date(in.End, "end"),
		Levels: s.count(in.Levels, "levels", "must be between 1 and 4"),
	}
	if err := s.done(c); err != nil {
		return nil, err
	}
	s.echo.Start, s.echo.End = utcPtr(o.Start), utcPtr(o.End)
	r, err := timing.ReleaseTimeline(d.Positions, s.natal, o)
	if err != nil {
		return nil, err
	}
	notes(c, r.Source)
	return r, nil
}

func (d Deps) releaseAt(c *op.Call, in *ReleasingAtDateRequest) (*timing.ActivePeriods, error) {
	s, err := d.framed(c, &in.birthFrame)
	if err != nil {
		return nil, err
	}
	o := timing.AtDateOptions{
		ReleasingOptions: in.ReleasingOptions,
		Date:             s.date(in.Date, "date"),
		Levels:           s.count(in.Levels, "levels", "must be between 1 and 4"),
	}
	if err := s.done(c); err != nil {
		return nil, err
	}
	s.echo.Date = utcPtr(o.Date)
	r, err := timing.ReleaseAt(d.Positions, s.natal, o)
	if err != nil {
		return nil, err
	}
	notes(c, r.Source)
	return r, nil
}
