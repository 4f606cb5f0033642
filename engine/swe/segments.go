package swe

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"math"
	"os"
	"path/filepath"
)

// MoonSegments returns how the Moon file of the Swiss Ephemeris
// (semo_18.se1) cuts time: libswe evaluates the Moon from one Chebyshev
// series per segment of days days, the first starting at start (JD TT).
// Quantities derived from the Moon's velocity, such as the True Node, are
// smooth inside a segment and jump where two meet, so a table of them must
// put its own segment boundaries there.
func (e *Ephemeris) MoonSegments() (start, days float64, err error) {
	return moonSegments(filepath.Join(e.dir, "semo_18.se1"))
}

// moonSegments reads the header of a Swiss Ephemeris file holding only the
// Moon. The layout (sweph.c, read_const): three text lines ending in CRLF;
// int32 0x00616263 (the byte order test), int32 file length, int32 JPL DE
// number, float64 start and end (JD TT), int16 number of bodies, int16 body
// numbers, uint32 CRC, five float64 constants; then per body int32 index
// position, uint8 flags, uint8 coefficients, int32 max radius and ten
// float64: start, end, segment length (days), and orbital constants.
func moonSegments(path string) (start, days float64, err error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return 0, 0, fmt.Errorf("swe: %w", err)
	}
	bad := func(why string) (float64, float64, error) {
		return 0, 0, fmt.Errorf("swe: %s: not a Swiss Ephemeris Moon file (%s)", path, why)
	}
	p := 0
	for range 3 {
		i := bytes.Index(b[p:], []byte("\r\n"))
		if i < 0 {
			return bad("no text header")
		}
		p += i + 2
	}
	const fixed = 4 + 4 + 4 + 8 + 8 + 2
	if len(b) < p+fixed {
		return bad("short header")
	}
	le := binary.LittleEndian
	if le.Uint32(b[p:]) != 0x00616263 {
		return bad("byte order other than little-endian")
	}
	nbody := int(int16(le.Uint16(b[p+28:])))
	if nbody != 1 || len(b) < p+fixed+2 {
		return bad("more than one body")
	}
	if body := int16(le.Uint16(b[p+30:])); body != 1 { // SEI_MOON
		return bad(fmt.Sprintf("body %d", body))
	}
	q := p + fixed + 2 + 4 + 5*8 // past the body list, the CRC and the constants
	q += 4 + 1 + 1 + 4           // index position, flags, coefficients, max radius
	if len(b) < q+3*8 {
		return bad("short body record")
	}
	start = math.Float64frombits(le.Uint64(b[q:]))
	end := math.Float64frombits(le.Uint64(b[q+8:]))
	days = math.Float64frombits(le.Uint64(b[q+16:]))
	if !(days > 1 && days < 100 && end > start && start > 0) {
		return bad(fmt.Sprintf("segment of %g days from %g to %g", days, start, end))
	}
	return start, days, nil
}
