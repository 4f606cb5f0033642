// Package jsonw appends JSON values to byte slices for the engine's results
// that write their own JSON (an AppendJSON method) instead of going through
// a reflective encoder: on the hot path of a natal chart that encoder spent
// a third of the call, half of it formatting floats to their shortest form.
//
// Numbers are written in fixed point with a stated number of decimals: the
// engine's angles are exact to far less than their last digit (the tables
// to 0.001", a decimal of 1e-7 degree is 0.00036").
package jsonw

import (
	"math"
	"slices"
	"strconv"
	"unicode/utf8"
)

// Decimals is the precision of angles and speeds in degrees (and degrees
// per day): 1e-7 degree, 0.00036 arcsecond.
const Decimals = 7

var pow10 = [...]float64{1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9}

// Float appends v rounded to dec decimals (0-9), without trailing zeros
// ("12.5", "3", "-0.0001234"). NaN and infinities, which JSON cannot hold,
// are written as null.
func Float(b []byte, v float64, dec int) []byte {
	if v != v || v > math.MaxFloat64 || v < -math.MaxFloat64 {
		return append(b, "null"...)
	}
	a := v
	if a < 0 {
		a = -a
	}
	r := a*pow10[dec] + 0.5
	if r >= 1<<53 { // too large for exact integer arithmetic: shortest form
		return strconv.AppendFloat(b, v, 'g', -1, 64)
	}
	n := uint64(int64(r)) // r < 2^53: the signed conversion is one instruction
	if n == 0 {
		return append(b, '0')
	}
	var ip, frac uint64
	if dec == Decimals { // a constant divisor: a multiplication, not a division
		ip, frac = n/1e7, n%1e7
	} else {
		ip, frac = n/pow10u[dec], n%pow10u[dec]
	}
	// Digits from the right into buf, then one append: the fraction without
	// its trailing zeros, two digits at a time, the point, the integer part.
	var buf [32]byte
	i := len(buf)
	if frac != 0 {
		for frac%10 == 0 {
			frac /= 10
			dec--
		}
		for ; dec >= 2; dec -= 2 {
			q := frac / 100
			d := 2 * (frac - 100*q)
			i -= 2
			buf[i], buf[i+1] = pairs[d], pairs[d+1]
			frac = q
		}
		if dec == 1 {
			i--
			buf[i] = byte('0' + frac)
		}
		i--
		buf[i] = '.'
	}
	for ip >= 100 {
		q := ip / 100
		d := 2 * (ip - 100*q)
		i -= 2
		buf[i], buf[i+1] = pairs[d], pairs[d+1]
		ip = q
	}
	if ip >= 10 {
		i -= 2
		buf[i], buf[i+1] = pairs[2*ip], pairs[2*ip+1]
	} else {
		i--
		buf[i] = byte('0' + ip)
	}
	if v < 0 {
		i--
		buf[i] = '-'
	}
	return append(b, buf[i:]...)
}

var pow10u = [...]uint64{1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9}

// pairs holds "00" to "99".
const pairs = "00010203040506070809101112131415161718192021222324252627282930313233343536373839" +
	"40414243444546474849505152535455565758596061626364656667686970717273747576777879" +
	"8081828384858687888990919293949596979899"

// Angle appends an angle or angular speed in degrees with Decimals: what
// Float(b, v, Decimals) writes. A chart holds some 200 of them, so the
// usual magnitudes (below 999999) take a path without loops or divisions
// by ten: four-digit groups come from a table, straight into b's spare
// capacity.
func Angle(b []byte, v float64) []byte {
	a := math.Abs(v)
	if !(a < 999999) { // NaN, infinities and large numbers (rounding stays below 1e6)
		return Float(b, v, Decimals)
	}
	n := uint64(int64(a*1e7 + 0.5)) // below 2^63: the signed conversion is one instruction
	if n == 0 {
		return append(b, '0')
	}
	ip := n / 1e7
	frac := n - ip*1e7
	if cap(b)-len(b) < 16 { // sign, 6 integer digits, point, 7 decimals
		b = slices.Grow(b, 16)
	}
	k := len(b)
	b = b[:k+16]
	if v < 0 {
		b[k] = '-'
		k++
	}
	if ip >= 10000 { // 10000 to 999999: the leading one or two digits first
		q := ip / 10000
		ip -= q * 10000
		if q >= 10 {
			*(*[2]byte)(b[k:]) = [2]byte(digits4[q][2:])
			k += 2
		} else {
			b[k] = byte('0' + q)
			k++
		}
		*(*[4]byte)(b[k:]) = digits4[ip]
		k += 4
	} else {
		d := &digits4[ip]
		switch {
		case ip >= 1000:
			*(*[4]byte)(b[k:]) = *d
			k += 4
		case ip >= 100:
			*(*[3]byte)(b[k:]) = [3]byte(d[1:])
			k += 3
		case ip >= 10:
			*(*[2]byte)(b[k:]) = [2]byte(d[2:])
			k += 2
		default:
			b[k] = d[3]
			k++
		}
	}
	if frac != 0 {
		// Seven decimals: three, then four, from the table; trailing
		// zeros go.
		hi := frac / 1e4 // 0-999
		lo := frac - hi*1e4
		*(*[4]byte)(b[k:]) = digits4[hi]
		b[k] = '.' // over the leading zero of the three-digit group
		*(*[4]byte)(b[k+4:]) = digits4[lo]
		k += 8
		for b[k-1] == '0' {
			k--
		}
	}
	return b[:k]
}

// digits4[i] is i in four digits, "0000" to "9999".
var digits4 = func() (t [10000][4]byte) {
	for i := range t {
		t[i] = [4]byte{byte('0' + i/1000), byte('0' + i/100%10), byte('0' + i/10%10), byte('0' + i%10)}
	}
	return t
}()

// Int appends an integer.
func Int(b []byte, v int) []byte {
	if uint(v) < 10000 { // years, ages, counts and indexes: digits from a table, no division
		d := &digits4[v]
		switch {
		case v >= 1000:
			return append(b, d[:]...)
		case v >= 100:
			return append(b, d[1:]...)
		case v >= 10:
			return append(b, d[2:]...)
		}
		return append(b, d[3])
	}
	return strconv.AppendInt(b, int64(v), 10)
}

// Bool appends true or false.
func Bool(b []byte, v bool) []byte {
	if v {
		return append(b, "true"...)
	}
	return append(b, "false"...)
}

// String appends s as a JSON string. It escapes quotes, backslashes and
// control characters, U+2028 and U+2029 (which break JavaScript), and
// replaces invalid UTF-8 with U+FFFD, as encoding/json does; <, > and &
// stay as they are.
func String(b []byte, s string) []byte {
	b = slices.Grow(b, len(s)+2)
	b = append(b, '"')
	start := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c >= 0x20 && c != '"' && c != '\\' && c < utf8.RuneSelf {
			i++
			continue
		}
		if c < utf8.RuneSelf {
			b = append(b, s[start:i]...)
			switch c {
			case '"', '\\':
				b = append(b, '\\', c)
			case '\n':
				b = append(b, '\\', 'n')
			case '\r':
				b = append(b, '\\', 'r')
			case '\t':
				b = append(b, '\\', 't')
			default:
				b = append(b, '\\', 'u', '0', '0', hex[c>>4], hex[c&0xf])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			b = append(b, s[start:i]...)
			b = append(b, `\ufffd`...)
			i += size
			start = i
			continue
		}
		if r == '\u2028' || r == '\u2029' {
			b = append(b, s[start:i]...)
			b = append(b, '\\', 'u', '2', '0', '2', hex[r&0xf])
			i += size
			start = i
			continue
		}
		i += size
	}
	b = append(b, s[start:]...)
	return append(b, '"')
}

const hex = "0123456789abcdef"

// Key appends a quoted object key and its colon; keys are the program's
// own ASCII names, written as they are.
func Key(b []byte, k string) []byte {
	b = append(b, '"')
	b = append(b, k...)
	return append(b, '"', ':')
}

// Name appends a string made by the program itself (a sign, body or
// aspect name, a convention's wording) quoted but not scanned: the caller
// guarantees printable ASCII without quotes or backslashes. Scanning such
// strings was a tenth of a chart's encoding. Text from a request must go
// through String.
func Name(b []byte, s string) []byte {
	b = append(b, '"')
	b = append(b, s...)
	return append(b, '"')
}

// Number appends v as encoding/json and go-json write a float64: the
// shortest decimal that reads back as v, in exponent form below 1e-6 and
// from 1e21 (a one-digit exponent written as such: 1e-7, not 1e-07). NaN and
// infinities, which JSON cannot hold, are written as null.
func Number(b []byte, v float64) []byte {
	if v != v || math.IsInf(v, 0) {
		return append(b, "null"...)
	}
	if a := math.Abs(v); a != 0 && (a < 1e-6 || a >= 1e21) {
		n := len(b)
		b = strconv.AppendFloat(b, v, 'e', -1, 64)
		if m := len(b); m-n >= 4 && b[m-4] == 'e' && b[m-3] == '-' && b[m-2] == '0' {
			b[m-2] = b[m-1]
			b = b[:m-1]
		}
		return b
	}
	return strconv.AppendFloat(b, v, 'f', -1, 64)
}
