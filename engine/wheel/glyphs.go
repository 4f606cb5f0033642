package wheel

// Glyphs are drawn as SVG path data in a 20 x 20 box centred on the origin
// (x and y from -10 to 10, y down), stroked, never filled, so a chart looks
// the same on every machine with no astrological font installed. They were
// drawn for this project from the usual shapes of the symbols.

// signGlyphs are the zodiac signs from Aries to Pisces.
var signGlyphs = [12]string{
	// Aries: two horns springing from a stem.
	"M0,9 L0,-2 M0,-2 C0,-8 -3,-9 -5,-9 C-8,-9 -9,-6 -9,-4 C-9,-1 -7,0 -6,0 M0,-2 C0,-8 3,-9 5,-9 C8,-9 9,-6 9,-4 C9,-1 7,0 6,0",
	// Taurus: a circle crowned by horns.
	"M-5,3 a5,5 0 1,0 10,0 a5,5 0 1,0 -10,0 M-9,-9 C-8,-4 -4,-2 0,-2 C4,-2 8,-4 9,-9",
	// Gemini: two pillars between two bows.
	"M-7,-8 C-3,-6 3,-6 7,-8 M-7,8 C-3,6 3,6 7,8 M-3,-6.5 L-3,6.5 M3,-6.5 L3,6.5",
	// Cancer: two turned curls.
	"M-7.5,-3 a2.5,2.5 0 1,0 5,0 a2.5,2.5 0 1,0 -5,0 M-5,-5.5 C0,-9 6,-8 9,-4 M2.5,3 a2.5,2.5 0 1,0 5,0 a2.5,2.5 0 1,0 -5,0 M5,5.5 C0,9 -6,8 -9,4",
	// Leo: a small circle and a mane ending in a hook.
	"M-9,3 a3,3 0 1,0 6,0 a3,3 0 1,0 -6,0 M-3,3 C-3,-6 1,-9 4,-9 C8,-9 9,-4 7,-1 C5,2 4,5 6,8 C7,9.5 9,9 9.5,7.5",
	// Virgo: three stems, the last crossed by a loop.
	"M-9,-7 C-7.5,-7 -7,-6 -7,-4 L-7,7 M-7,-3 C-7,-9 -2,-9 -2,-3 L-2,7 M-2,-3 C-2,-9 3,-9 3,-3 L3,5 C3,9 8,8 8,4 C8,0 4,1 2,5 L0,9",
	// Libra: the setting sun over the horizon.
	"M-9,8 L9,8 M-9,3 L-4,3 C-7,0 -6,-7 0,-7 C6,-7 7,0 4,3 L9,3",
	// Scorpio: three stems, the last ending in an arrow.
	"M-9,-7 C-7.5,-7 -7,-6 -7,-4 L-7,7 M-7,-3 C-7,-9 -2,-9 -2,-3 L-2,7 M-2,-3 C-2,-9 3,-9 3,-3 L3,6 C3,8 5,8 9,8 M7,5.5 L9.5,8 L7,10",
	// Sagittarius: an arrow with a cross-bar.
	"M-8,8 L8,-8 M1,-8 L8,-8 L8,-1 M-6,-1 L1,6",
	// Capricorn: the goat-fish.
	"M-9,-7 L-6.5,-7 L-4,6 L0,-5 C2,-9 5,-7 5,-2 L5,4 C5,9 10,9 10,5.5 C10,2 6,1.5 5,5 C4,9 1,10 -1,9",
	// Aquarius: two waves.
	"M-9,-2 L-5,-5.5 L-1,-2 L3,-5.5 L7,-2 L9,-3.7 M-9,5.5 L-5,2 L-1,5.5 L3,2 L7,5.5 L9,3.8",
	// Pisces: two fishes tied together.
	"M-7,-9 C-2,-4 -2,4 -7,9 M7,-9 C2,-4 2,4 7,9 M-4,0 L4,0",
}

// bodyGlyphs are the planets and points by API name.
var bodyGlyphs = map[string]string{
	"Sun":     "M-8,0 a8,8 0 1,0 16,0 a8,8 0 1,0 -16,0 M-1.2,0 a1.2,1.2 0 1,0 2.4,0 a1.2,1.2 0 1,0 -2.4,0",
	"Moon":    "M1,-9 A9,9 0 1,0 1,9 A7,7 0 1,1 1,-9 Z",
	"Mercury": "M-4,-1 a4,4 0 1,0 8,0 a4,4 0 1,0 -8,0 M0,3 L0,10 M-3.5,6.5 L3.5,6.5 M-4.5,-9.5 C-3.5,-6 3.5,-6 4.5,-9.5",
	"Venus":   "M-5,-4 a5,5 0 1,0 10,0 a5,5 0 1,0 -10,0 M0,1 L0,10 M-4,5.5 L4,5.5",
	"Mars":    "M-8,3 a5,5 0 1,0 10,0 a5,5 0 1,0 -10,0 M0.5,-0.5 L8,-8 M2.5,-8 L8,-8 L8,-2.5",
	"Jupiter": "M-7,-5 C-7,-9.5 0,-9.5 -1,-4 C-2,0 -5,2 -7,3.5 L8,3.5 M4,-9 L4,9.5",
	"Saturn":  "M-5,-9.5 L-5,6 M-8.5,-6.5 L-1.5,-6.5 M-5,-1 C-3,-5 4,-5 4,0 C4,3 0,4 0,7 C0,9.5 2.5,10 4.5,8",
	"Uranus":  "M-6,-9 L-6,1 M6,-9 L6,1 M-6,-4 L6,-4 M0,-9 L0,4 M-2.5,6.5 a2.5,2.5 0 1,0 5,0 a2.5,2.5 0 1,0 -5,0",
	"Neptune": "M-7,-8 C-7,1 7,1 7,-8 M0,-9.5 L0,9.5 M-4,5.5 L4,5.5 M-8.5,-6 L-7,-8.5 L-5.5,-6 M5.5,-6 L7,-8.5 L8.5,-6 M-1.5,-7 L0,-9.5 L1.5,-7",
	"Pluto":   "M-7,-7.5 C-7,2 7,2 7,-7.5 M-3,-6 a3,3 0 1,0 6,0 a3,3 0 1,0 -6,0 M0,-0.5 L0,9.5 M-4,5.5 L4,5.5",
	// The nodes: a horseshoe with a small circle at each end.
	"North Node": "M-5,5 C-10,0 -7,-9 0,-9 C7,-9 10,0 5,5 M-7.5,7 a2.3,2.3 0 1,0 4.6,0 a2.3,2.3 0 1,0 -4.6,0 M2.9,7 a2.3,2.3 0 1,0 4.6,0 a2.3,2.3 0 1,0 -4.6,0",
	"South Node": "M-5,-5 C-10,0 -7,9 0,9 C7,9 10,0 5,-5 M-7.5,-7 a2.3,2.3 0 1,0 4.6,0 a2.3,2.3 0 1,0 -4.6,0 M2.9,-7 a2.3,2.3 0 1,0 4.6,0 a2.3,2.3 0 1,0 -4.6,0",
	// Black Moon Lilith: a crescent over a cross.
	"Lilith": "M1,-10 A6.5,6.5 0 1,0 1,3 A5,5 0 1,1 1,-10 Z M-1.5,3 L-1.5,10 M-5,6.5 L2,6.5",
	// Chiron: a key.
	"Chiron": "M0,-9.5 L0,2.5 M0,-4 L5.5,-9.5 M0,-4 L5.5,1 M-3,5.5 a3,3 0 1,0 6,0 a3,3 0 1,0 -6,0",
	"Ceres":  "M-5,-6 C-5,-10.5 5,-10.5 5,-5.5 C5,-2 1,-1 0,-1 L0,9.5 M-4,5 L4,5",
	"Pallas": "M0,-10 L4.5,-5 L0,0 L-4.5,-5 Z M0,0 L0,9.5 M-4,5 L4,5",
	"Juno":   "M0,-10 L0,0 M-4.5,-7.5 L4.5,-2.5 M4.5,-7.5 L-4.5,-2.5 M-5,-5 L5,-5 M0,0 L0,9.5 M-4,5 L4,5",
	"Vesta":  "M-8,-1 L0,8.5 L8,-1 M-3,-2 C-3,-6 0,-7 0,-10 C0,-7 3,-6 3,-2",
	// Part of Fortune: a circle with a saltire.
	"Part of Fortune": "M-7,0 a7,7 0 1,0 14,0 a7,7 0 1,0 -14,0 M-5,-5 L5,5 M5,-5 L-5,5",
}

// fallbackGlyph marks a body without a glyph of its own: a small diamond.
const fallbackGlyph = "M0,-7 L7,0 L0,7 L-7,0 Z"

// BodyGlyph returns the path data of body name's glyph (in the 20 x 20 box
// above), or a small diamond for a body without one: for drawings other
// than the wheel (the astrocartography map).
func BodyGlyph(name string) string {
	if d, ok := bodyGlyphs[name]; ok {
		return d
	}
	return fallbackGlyph
}
