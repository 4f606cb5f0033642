package transitcal

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/astroapi/astroapi/engine/aspects"
)

// aspectWords are the aspects as a calendar's one-line summaries write
// them.
var aspectWords = map[aspects.Kind]string{
	aspects.Conjunction: "conjunct", aspects.Opposition: "opposite", aspects.Square: "square",
	aspects.Trine: "trine", aspects.Sextile: "sextile",
}

func aspectWord(k aspects.Kind) string {
	if w, ok := aspectWords[k]; ok {
		return w
	}
	return strings.ReplaceAll(string(k), "_", "-")
}

// ICS writes the calendar as an iCalendar object (RFC 5545), for a
// calendar application to import: per aspect an event from its start to
// its end (the range's ends where they lie beyond the search) and an
// event at each exact instant; per ingress, station and lunar quarter an
// event at its instant. Times are UTC. stamp is the DTSTAMP of every
// event (when the calendar was made); name titles the calendar and keys
// the events' UIDs, so that importing a calendar again updates its events
// instead of doubling them.
func (c *Calendar) ICS(stamp time.Time, name string) []byte {
	w := icsWriter{stamp: utc(stamp), key: name}
	w.b.Grow(512 * (2*len(c.Aspects) + len(c.Ingresses) + len(c.Stations) + len(c.LunarPhases) + 4))
	w.line("BEGIN:VCALENDAR")
	w.line("VERSION:2.0")
	w.line("PRODID:-//astroapi//transit calendar//EN")
	w.line("CALSCALE:GREGORIAN")
	w.line("METHOD:PUBLISH")
	w.text("X-WR-CALNAME", name)
	rangeStart, rangeEnd := c.Start.Time, c.End.Time
	for _, a := range c.Aspects {
		summary := fmt.Sprintf("%s %s natal %s", a.Transit, aspectWord(a.Aspect), a.Natal)
		start, end := rangeStart, rangeEnd
		var notes []string
		if a.Start != nil {
			start = a.Start.JDUT().Time()
		} else {
			notes = append(notes, "in orb before the search began")
		}
		if a.End != nil {
			end = a.End.JDUT().Time()
		} else {
			notes = append(notes, "still in orb when the search ended")
		}
		var desc strings.Builder
		fmt.Fprintf(&desc, "%s %s (%g°) natal %s at %.2f°.", a.Transit, a.Aspect, a.Angle, a.Natal, a.Target)
		for _, e := range a.Exact {
			fmt.Fprintf(&desc, "\nExact %s UTC.", e.Datetime.Format("2006-01-02 15:04"))
		}
		for _, n := range notes {
			desc.WriteString("\n" + n + ".")
		}
		w.event(fmt.Sprintf("aspect/%s/%s/%s/%.4f/%.5f", a.Transit, a.Natal, a.Aspect, a.Target, first(a)), summary, desc.String(), "TRANSIT", start, &end)
		for i, e := range a.Exact {
			w.event(fmt.Sprintf("exact/%s/%s/%s/%.4f/%.5f", a.Transit, a.Natal, a.Aspect, a.Target, e.JD), summary+" (exact)",
				fmt.Sprintf("%s exact (%d of %d).", summary, i+1, len(a.Exact)), "TRANSIT", e.JDUT().Time(), nil)
		}
	}
	for _, in := range c.Ingresses {
		s := fmt.Sprintf("%s enters %s", in.Body, in.Sign)
		if in.Retrograde {
			s += " (retrograde)"
		}
		w.event(fmt.Sprintf("ingress/%s/%s/%.5f", in.Body, in.Sign, in.Instant.JD), s, s+".", "INGRESS", in.Instant.JDUT().Time(), nil)
	}
	for _, st := range c.Stations {
		s := fmt.Sprintf("%s stations %s at %.2f° %s", st.Name, strings.TrimPrefix(string(st.Kind), "station_"), st.Degree, st.Sign)
		w.event(fmt.Sprintf("station/%s/%s/%.5f", st.Name, st.Kind, st.Instant.JD), s, s+".", "STATION", st.Instant.JDUT().Time(), nil)
	}
	for _, q := range c.LunarPhases {
		s := fmt.Sprintf("%s in %s", strings.ReplaceAll(string(q.Quarter), "_", " "), q.Sign)
		s = strings.ToUpper(s[:1]) + s[1:]
		w.event(fmt.Sprintf("phase/%s/%.5f", q.Quarter, q.Instant.JD), s, fmt.Sprintf("%s, Moon at %.2f° %s.", s, q.Degree, q.Sign), "LUNAR PHASE", q.Instant.JDUT().Time(), nil)
	}
	w.line("END:VCALENDAR")
	return w.b.Bytes()
}

func utc(t time.Time) time.Time { return t.UTC().Truncate(time.Second) }

// icsWriter writes content lines: CRLF-ended, folded at 75 octets
// (RFC 5545 3.1) without splitting a UTF-8 character.
type icsWriter struct {
	b     bytes.Buffer
	stamp time.Time
	key   string
}

func (w *icsWriter) line(s string) {
	limit := 75
	for len(s) > limit {
		cut := limit
		for cut > 0 && !utf8.RuneStart(s[cut]) {
			cut--
		}
		w.b.WriteString(s[:cut])
		w.b.WriteString("\r\n ")
		s = s[cut:]
		limit = 74 // a continuation's leading space is one of its 75 octets
	}
	w.b.WriteString(s)
	w.b.WriteString("\r\n")
}

// text writes a property of type TEXT, escaped (RFC 5545 3.3.11).
func (w *icsWriter) text(name, value string) {
	r := strings.NewReplacer(`\`, `\\`, ";", `\;`, ",", `\,`, "\r\n", `\n`, "\n", `\n`)
	w.line(name + ":" + r.Replace(value))
}

// stampOf writes an instant as an RFC 5545 UTC date-time.
func stampOf(t time.Time) string { return utc(t).Format("20060102T150405Z") }

// event writes a VEVENT; end nil for an event at one instant.
func (w *icsWriter) event(id, summary, desc, category string, start time.Time, end *time.Time) {
	sum := sha256.Sum256([]byte(w.key + "\x00" + id))
	w.line("BEGIN:VEVENT")
	w.line("UID:" + hex.EncodeToString(sum[:16]) + "@astroapi")
	w.line("DTSTAMP:" + stampOf(w.stamp))
	w.line("DTSTART:" + stampOf(start))
	if end != nil {
		e := *end
		if !e.After(start) {
			e = start.Add(time.Minute)
		}
		w.line("DTEND:" + stampOf(e))
	}
	w.text("SUMMARY", summary)
	w.text("DESCRIPTION", desc)
	w.text("CATEGORIES", category)
	w.line("TRANSP:TRANSPARENT")
	w.line("END:VEVENT")
}

// ICSName is the default title of a birth's calendar.
func ICSName(birthDate, birthTime string, start, end time.Time) string {
	return fmt.Sprintf("Transits %s to %s, natal %s %s", start.UTC().Format("2006-01-02"), end.UTC().Format("2006-01-02"), birthDate, birthTime)
}
