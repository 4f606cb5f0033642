//go:build cgo

package swe

/*
#cgo noescape shim_fixstar2
#cgo nocallback shim_fixstar2
#cgo noescape shim_fixstar2_mag
#cgo nocallback shim_fixstar2_mag
#include <swephexp.h>

extern void shim_ready(const char *path, long long id);

// shim_fixstar2: the thread's ephemeris path, then swe_fixstar2_ut. star
// holds the name asked for and receives the name found ("Aldebaran,alTau");
// it must have room for 2 * SE_MAX_STNAME characters, as swephexp.h asks.
static int32 shim_fixstar2(const char *path, long long id, char *star, double jd, int32 iflag,
		double *xx, char *serr) {
	shim_ready(path, id);
	serr[0] = 0;
	return swe_fixstar2_ut(star, jd, iflag, xx, serr);
}

static int32 shim_fixstar2_mag(const char *path, long long id, char *star, double *mag, char *serr) {
	shim_ready(path, id);
	serr[0] = 0;
	return swe_fixstar2_mag(star, mag, serr);
}
*/
import "C"

import (
	"bytes"
	"strings"
	"unsafe"
)

// starBuf is the in/out star name of swe_fixstar2_ut.
type starBuf [2 * C.SE_MAX_STNAME]C.char

// set copies name into b, NUL-terminated; false when it does not fit or
// holds a NUL.
func (b *starBuf) set(name string) bool {
	if len(name) >= len(b) || strings.IndexByte(name, 0) >= 0 {
		return false
	}
	s := unsafe.Slice((*byte)(unsafe.Pointer(&b[0])), len(b))
	n := copy(s, name)
	s[n] = 0
	return true
}

func (b *starBuf) String() string {
	s := unsafe.Slice((*byte)(unsafe.Pointer(&b[0])), len(b))
	if i := bytes.IndexByte(s, 0); i >= 0 {
		s = s[:i]
	}
	return string(s)
}

func (p cPath) fixstar2(name string, jd float64, iflag int32) (found string, xx [6]float64, ret int32, msg string) {
	var serr [C.AS_MAXCH]C.char
	var star starBuf
	if !star.set(name) {
		return "", xx, -1, "star name too long or holding NUL"
	}
	r := C.shim_fixstar2(p.s, p.id, &star[0], C.double(jd), C.int32(iflag), (*C.double)(unsafe.Pointer(&xx[0])), &serr[0])
	if r < 0 {
		return "", xx, int32(r), cerr(&serr)
	}
	return star.String(), xx, int32(r), ""
}

func (p cPath) fixstar2Mag(name string) (found string, mag float64, ret int32, msg string) {
	var serr [C.AS_MAXCH]C.char
	var star starBuf
	if !star.set(name) {
		return "", 0, -1, "star name too long or holding NUL"
	}
	var m C.double
	r := C.shim_fixstar2_mag(p.s, p.id, &star[0], &m, &serr[0])
	if r < 0 {
		return "", 0, int32(r), cerr(&serr)
	}
	return star.String(), float64(m), int32(r), ""
}
