package sky

import (
	"fmt"
	"io"
	"math"
	"strings"

	json "github.com/goccy/go-json"

	"github.com/astroapi/astroapi/engine"
	"github.com/astroapi/astroapi/engine/sky"
	"github.com/astroapi/astroapi/http/op"
)

const ephemerisDescription = "A table of positions from start to end at a step of hours or days: for each instant start + i x step (UT) " +
	"and each body (default Sun..Pluto; any of the 18 bodies by key in bodies), the ecliptic longitude, latitude, speed in longitude " +
	"and declination, with sign, degree and retrograde in JSON. Tropical or sidereal (zodiac_type, ayanamsa). " +
	"JSON (the default) holds the table's header and its rows; CSV (format csv, or Accept: text/csv) is one header line " +
	"(datetime, jd, then <body>_longitude, _latitude, _speed, _declination per body) and one line per row, as an attachment; " +
	"the notices then travel in the X-Warnings header. At most 20,000 rows per call (422 beyond, saying how to split the range). " +
	"A call counts as one call of quota per 10,000 positions (rows x bodies), rounded up: a year of daily rows of ten bodies is one call, 20,000 rows of 18 bodies 36. " +
	"A body over 1 MB is streamed as it is computed (chunked, and not compressed, so that a stream cut by a failure never looks complete), never built whole; smaller ones are compressed when Accept-Encoding asks. A table the ephemeris cannot serve " +
	"(Chiron and the asteroids outside 1800-2400) is refused before the first row is sent." + rangeNote

// Format names the body of an ephemeris.
type Format string

// The formats.
const (
	JSON Format = "json"
	CSV  Format = "csv"
)

// EnumValues lists the formats.
func (Format) EnumValues() []string { return []string{string(JSON), string(CSV)} }

// ephemerisRequest is the input of the ephemeris route: the engine's
// request and the format of the answer, which is the transport's (JSON in
// the envelope or a CSV attachment).
type ephemerisRequest struct {
	sky.EphemerisRequest
	Format Format `json:"format,omitempty" doc:"json (in the envelope) or csv (the table alone); omitted: csv when the Accept header asks for text/csv, else json (written back in the echo)"`
}

// positionsPerCall is how many positions (rows x bodies) one call of quota
// pays for: a year of daily rows of ten bodies (3,670) is one call, the
// largest table (20,000 rows of 18 bodies) 36.
const positionsPerCall = 10000

// Cost bills an ephemeris by its size (op.Coster): the door asks once the
// request is resolved, so the rows and bodies are those of the table.
func (in *ephemerisRequest) Cost() int64 {
	o := in.Options()
	return int64(math.Ceil(float64(max(o.Rows(), 1)) * float64(max(len(in.Bodies), 1)) / positionsPerCall))
}

// ephemerisTable is the result of the ephemeris route: its fields document
// the JSON shape; Stream writes it row by row.
type ephemerisTable struct {
	*sky.EphemerisHeader
	Rows   []sky.Row `json:"rows" doc:"one row per instant, in time order"`
	stream op.Stream
}

// Stream returns the table's body.
func (t ephemerisTable) Stream() op.Stream { return t.stream }

// ephemerisOp declares the ephemeris route.
func ephemerisOp(d Deps, s op.Spec) *op.Operation {
	s.Alternate = "text/csv"
	// Streamed answers are never cached (the door neither keeps nor
	// serves them).
	s.Cacheable = false
	return op.Post(s, d.ephemeris)
}

// pieceBytes is about how much of the table one piece of the stream
// holds: a few rows at a time.
const pieceBytes = 16 << 10

func (d Deps) ephemeris(c *op.Call, in *ephemerisRequest) (ephemerisTable, error) {
	header, table, err := in.Table(d.Positions)
	if err != nil {
		return ephemerisTable{}, err
	}
	if in.Format == "" {
		// The default is the transport's: what the Accept header asks for,
		// written back so that the echo states it.
		in.Format = JSON
		if strings.Contains(c.Accept(), "text/csv") {
			in.Format = CSV
		}
	}
	out := ephemerisTable{EphemerisHeader: header}
	if in.Format == CSV {
		out.stream = csvStream(table, in.Options().Bodies)
		return out, nil
	}
	if out.stream, err = jsonStream(table, header); err != nil {
		return ephemerisTable{}, err
	}
	return out, nil
}

// jsonStream writes the table as the envelope's result: the header's
// fields, then "rows" a few at a time.
func jsonStream(t *sky.Table, h *sky.EphemerisHeader) (op.Stream, error) {
	head, err := json.MarshalWithOption(h, json.DisableHTMLEscape())
	if err != nil {
		return op.Stream{}, fmt.Errorf("ephemeris header: %w", err)
	}
	state, first := 0, true
	return op.Stream{Next: func(b []byte) ([]byte, error) {
		switch state {
		case 0:
			state = 1
			return append(append(b, head[:len(head)-1]...), `,"rows":[`...), nil
		case 1:
			for start := len(b); len(b)-start < pieceBytes; {
				row, err := t.Next()
				if err != nil {
					return b, err
				}
				if row == nil {
					state = 2
					return append(b, "]}"...), nil
				}
				if !first {
					b = append(b, ',')
				}
				first = false
				b = row.AppendJSON(b)
			}
			return b, nil
		}
		return b, io.EOF
	}}, nil
}

// csvStream writes the table of bodies as CSV: a header line, then the
// rows.
func csvStream(t *sky.Table, bodies []engine.Body) op.Stream {
	started := false
	return op.Stream{ContentType: "text/csv; charset=utf-8", Filename: "ephemeris.csv", Next: func(b []byte) ([]byte, error) {
		if !started {
			started = true
			return sky.AppendCSVHeader(b, bodies), nil
		}
		start := len(b)
		for len(b)-start < pieceBytes {
			row, err := t.Next()
			if err != nil {
				return b, err
			}
			if row == nil {
				if len(b) > start {
					return b, nil
				}
				return b, io.EOF
			}
			b = row.AppendCSV(b)
		}
		return b, nil
	}}
}
