package zones

import (
	"fmt"
	"time"
)

// MaxTransitions bounds the transitions a History lists.
const MaxTransitions = 400

// Sample is a zone's rule at one requested date.
type Sample struct {
	Date string `json:"date" doc:"the date or instant as requested"`
	State
}

// Period is one distinct (offset, abbreviation, DST) of a history.
type Period struct {
	UTCOffset    string `json:"utc_offset"`
	Abbreviation string `json:"abbreviation"`
	DST          bool   `json:"dst"`
	First        string `json:"first" doc:"first sample date with it"`
	Last         string `json:"last" doc:"last sample date with it"`
}

// History is a zone's rule sampled at dates, with the transitions between
// the first and the last sample.
type History struct {
	Timezone    string       `json:"timezone"`
	Sampling    string       `json:"sampling" doc:"how the dates were chosen"`
	FromYear    int          `json:"from_year,omitempty" doc:"first year of the default sample"`
	ToYear      int          `json:"to_year,omitempty" doc:"last year of the default sample"`
	Samples     []Sample     `json:"samples"`
	Transitions []Transition `json:"transitions" doc:"changes of offset, abbreviation or DST between the first and last sample (at most 400)"`
	Truncated   bool         `json:"transitions_truncated,omitempty"`
	Summary     []Period     `json:"offsets_used" doc:"distinct offsets seen in the samples, in order of first appearance"`
}

// DefaultHistory samples loc as spec 4.3 says when no dates are given: day
// 15 of January, April, July and October at 12:00 local time, over the 30
// years ending with the year of now.
func DefaultHistory(loc *time.Location, now time.Time) History {
	instants, from, to := DefaultHistoryDates(loc, now)
	labels := make([]string, len(instants))
	for i, t := range instants {
		labels[i] = t.Format("2006-01-02")
	}
	h := NewHistory(loc, instants, labels)
	h.Sampling = fmt.Sprintf("default: day 15 of January, April, July and October at 12:00 local time, %d-%d", from, to)
	h.FromYear, h.ToYear = from, to
	return h
}

// NewHistory samples loc at instants (labelled as the caller sent them; at
// least one) and lists the transitions between the earliest and the latest,
// at most MaxTransitions. Sampling is left for the caller to describe.
func NewHistory(loc *time.Location, instants []time.Time, labels []string) History {
	h := History{Timezone: loc.String(), Samples: []Sample{}, Transitions: []Transition{}}
	if len(instants) == 0 {
		return h
	}
	first, last := instants[0], instants[0]
	for i, t := range instants {
		st := At(loc, t)
		h.Samples = append(h.Samples, Sample{Date: labels[i], State: st})
		if t.Before(first) {
			first = t
		}
		if t.After(last) {
			last = t
		}
		h.Summary = addPeriod(h.Summary, st, labels[i])
	}
	h.Transitions = Transitions(loc, first, last, MaxTransitions+1)
	if len(h.Transitions) > MaxTransitions {
		h.Transitions, h.Truncated = h.Transitions[:MaxTransitions], true
	}
	return h
}

// addPeriod records st in the list of distinct offsets.
func addPeriod(list []Period, st State, label string) []Period {
	for i := range list {
		p := &list[i]
		if p.UTCOffset == st.UTCOffset && p.Abbreviation == st.Abbreviation && p.DST == st.DST {
			p.Last = label
			return list
		}
	}
	return append(list, Period{UTCOffset: st.UTCOffset, Abbreviation: st.Abbreviation, DST: st.DST, First: label, Last: label})
}
