package jsonw

import (
	"encoding/json"
	"math"
	"math/rand/v2"
	"strconv"
	"testing"

	"github.com/astroapi/astroapi/engine/accuracy/measure"
)

// negZero is -0 (the literal -0.0 is +0 in Go).
var negZero = math.Copysign(0, -1)

func TestFloat(t *testing.T) {
	for _, c := range []struct {
		v    float64
		dec  int
		want string
	}{
		{0, 7, "0"}, {negZero, 7, "0"}, {3, 7, "3"}, {12.5, 7, "12.5"}, {-12.5, 7, "-12.5"},
		{359.99999996, 7, "360"}, {0.00000004, 7, "0"}, {-0.00000004, 7, "0"}, {0.00000005, 7, "0.0000001"},
		{123.4567891234, 7, "123.4567891"}, {-0.0001234, 7, "-0.0001234"}, {1e20, 7, "1e+20"},
		{2.25, 0, "2"}, {2.5, 0, "3"}, {7.25, 1, "7.3"}, {math.NaN(), 7, "null"}, {math.Inf(-1), 7, "null"},
	} {
		if got := string(Float(nil, c.v, c.dec)); got != c.want {
			t.Errorf("Float(%v, %d) = %s, want %s", c.v, c.dec, got, c.want)
		}
	}
}

// TestFloatRandom: the written number parses back within half a unit of
// the last decimal, and is valid JSON.
func TestFloatRandom(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for range 200_000 {
		v := (rng.Float64()*2 - 1) * math.Pow(10, float64(rng.IntN(16)-6))
		s := Float(nil, v, Decimals)
		got, err := strconv.ParseFloat(string(s), 64)
		if err != nil || !json.Valid(s) {
			t.Fatalf("%v -> %q: %v", v, s, err)
		}
		if measure.Over(math.Abs(got-v), 0.5e-7*(1+1e-9)+math.Abs(v)*1e-15) {
			t.Fatalf("%v -> %q: off by %g", v, s, got-v)
		}
	}
}

// TestAngle: Angle writes what Float writes with Decimals, over every
// magnitude and the roundings at its path's edges.
func TestAngle(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	check := func(v float64) {
		if got, want := string(Angle([]byte("x"), v)), "x"+string(Float(nil, v, Decimals)); got != want {
			t.Fatalf("Angle(%v) = %s, Float %s", v, got, want)
		}
	}
	for _, v := range []float64{0, negZero, 1, -1, 9.99999995, 99.99999996, 999.99999996, 999999.99999996, 1e6, -1e6,
		0.00000005, -0.00000004, 123456.7, 360, 359.99999999, 1000.0000001, math.NaN(), math.Inf(1), 1e300} {
		check(v)
	}
	for range 500_000 {
		v := (rng.Float64()*2 - 1) * math.Pow(10, float64(rng.IntN(16)-8))
		check(v)
		check(math.Round(v*1e4) / 1e4) // trailing zeros
	}
}

func BenchmarkAngle(b *testing.B) {
	buf := make([]byte, 0, 64)
	for i := 0; b.Loop(); i++ {
		buf = Angle(buf[:0], 123.456789012+float64(i&1023))
	}
}

// TestInt: Int writes what strconv does, on both sides of the table's
// range (0-9999) and at the extremes.
func TestInt(t *testing.T) {
	for _, v := range []int{0, 1, 9, 10, 99, 100, 999, 1000, 2024, 9999, 10000, 12345, -1, -9, -10, -2024, math.MaxInt, math.MinInt} {
		if got, want := string(Int([]byte("x"), v)), "x"+strconv.Itoa(v); got != want {
			t.Errorf("Int(%d) = %q, want %q", v, got, want)
		}
	}
	for v := -100; v < 20000; v++ {
		if got, want := string(Int(nil, v)), strconv.Itoa(v); got != want {
			t.Fatalf("Int(%d) = %q, want %q", v, got, want)
		}
	}
}

// TestString: what String writes decodes to the string (invalid UTF-8 as
// U+FFFD) and matches encoding/json without HTML escaping.
func TestString(t *testing.T) {
	for _, s := range []string{"", "Sun", `a"b\c`, "tab\there\nnew\r\x01\x1f", "Ζυγός ♎", "<&>", "bad\xffutf8", "line\u2028sep\u2029", "\x7f"} {
		got := String(nil, s)
		var back string
		if err := json.Unmarshal(got, &back); err != nil {
			t.Fatalf("%q -> %s: %v", s, got, err)
		}
		want, _ := json.Marshal(s)
		if back != string([]rune(s)) && back != decodeLikeJSON(want) {
			t.Errorf("%q -> %s decodes to %q", s, got, back)
		}
		if string(got) != htmlUnescape(string(want)) {
			t.Errorf("%q -> %s, encoding/json writes %s", s, got, want)
		}
	}
}

func decodeLikeJSON(b []byte) string {
	var s string
	json.Unmarshal(b, &s)
	return s
}

// htmlUnescape undoes encoding/json's HTML escaping of <, > and &.
func htmlUnescape(s string) string {
	for _, r := range [][2]string{{`\u003c`, "<"}, {`\u003e`, ">"}, {`\u0026`, "&"}} {
		for {
			i := indexOf(s, r[0])
			if i < 0 {
				break
			}
			s = s[:i] + r[1] + s[i+len(r[0]):]
		}
	}
	return s
}

func indexOf(s, sub string) int {
	for i := 0; i+len(sub) <= len(s); i++ {
		if s[i:i+len(sub)] == sub {
			return i
		}
	}
	return -1
}

func BenchmarkFloat(b *testing.B) {
	buf := make([]byte, 0, 64)
	for i := 0; b.Loop(); i++ {
		buf = Float(buf[:0], 123.456789012+float64(i&1023), Decimals)
	}
}

func BenchmarkShortest(b *testing.B) {
	buf := make([]byte, 0, 64)
	for i := 0; b.Loop(); i++ {
		buf = strconv.AppendFloat(buf[:0], 123.456789012+float64(i&1023), 'f', -1, 64)
	}
}

// TestName: for the strings it is meant for, Name writes what String does.
func TestName(t *testing.T) {
	for _, s := range []string{"", "Sun", "North Node", "Asc + Moon - Sun (day chart)", "semi_sextile", "apparent geocentric ecliptic of date"} {
		if got, want := string(Name(nil, s)), string(String(nil, s)); got != want {
			t.Errorf("Name(%q) = %s, String %s", s, got, want)
		}
	}
}

// TestNumber: numbers JSON cannot hold are null.
func TestNumber(t *testing.T) {
	for _, v := range []float64{math.NaN(), math.Inf(1), math.Inf(-1)} {
		if got := string(Number(nil, v)); got != "null" {
			t.Errorf("Number(%v) = %s", v, got)
		}
	}
}
