//go:build cgo

package swe

/*
// -l:libswe.a links Debian's static archive from the linker's search path
// (the multiarch directory of any architecture), so the binary does not
// need libswe.so at run time.
#cgo LDFLAGS: -l:libswe.a -lm -ldl
#cgo noescape shim_calc
#cgo nocallback shim_calc
#cgo noescape shim_houses
#cgo nocallback shim_houses
#cgo noescape shim_ayanamsa
#cgo nocallback shim_ayanamsa
#cgo noescape shim_revjul
#cgo nocallback shim_revjul
#cgo noescape shim_deltat
#cgo nocallback shim_deltat
#cgo noescape shim_sidtime
#cgo nocallback shim_sidtime
#cgo noescape shim_bench_calc
#cgo nocallback shim_bench_calc
#include <stdlib.h>
#include <string.h>
#include <swephexp.h>

// libswe keeps its ephemeris path, sidereal mode and topocentric observer in
// thread-local storage. Every shim below makes sure this OS thread carries the
// settings the call needs and then computes, all within one cgo call, so a
// goroutine moving between threads can never compute with another thread's
// settings. The caches below only avoid repeating a set-up call; they are
// per thread exactly like the state they mirror.
static __thread long long shim_path_id;  // 0: swe_set_ephe_path not yet called on this thread
static __thread int32 shim_sid = -1;     // last swe_set_sid_mode on this thread, -1 none
static __thread int shim_topo_set;
static __thread double shim_topo[3];

// Not static: the shims of eclipse_cgo.go and fixstar_cgo.go share it.
void shim_ready(const char *path, long long id) {
	if (shim_path_id != id) {
		swe_set_ephe_path(path);
		shim_path_id = id;
		// Re-apply modes after a path change rather than trust what survives it.
		shim_sid = -1;
		shim_topo_set = 0;
	}
}

static void shim_set_sid(int32 sid) {
	if (sid != shim_sid) {
		swe_set_sid_mode(sid, 0, 0);
		shim_sid = sid;
	}
}

static void shim_set_topo(const double *obs) {
	if (!shim_topo_set || obs[0] != shim_topo[0] || obs[1] != shim_topo[1] || obs[2] != shim_topo[2]) {
		swe_set_topo(obs[0], obs[1], obs[2]);
		shim_topo[0] = obs[0];
		shim_topo[1] = obs[1];
		shim_topo[2] = obs[2];
		shim_topo_set = 1;
	}
}

// shim_calc: optional sidereal mode and observer (lon, lat, alt), then swe_calc_ut.
static int32 shim_calc(const char *path, long long id, double jd, int32 ipl, int32 iflag,
		int32 sid, const double *obs, double *xx, char *serr) {
	shim_ready(path, id);
	if (iflag & SEFLG_SIDEREAL) shim_set_sid(sid);
	if (iflag & SEFLG_TOPOCTR) shim_set_topo(obs);
	serr[0] = 0;
	return swe_calc_ut(jd, ipl, iflag, xx, serr);
}

// shim_houses: optional sidereal mode, then swe_houses_ex2. out holds
// cusps[37] (36 sectors and cusps[0] for Gauquelin, 12 otherwise) then ascmc[10].
static int shim_houses(const char *path, long long id, double jd, int32 iflag, int32 sid,
		double lat, double lon, int hsys, double *out, char *serr) {
	double cs[37], as[10];
	shim_ready(path, id);
	if (iflag & SEFLG_SIDEREAL) shim_set_sid(sid);
	serr[0] = 0;
	return swe_houses_ex2(jd, iflag, lat, lon, hsys, out, out + 37, cs, as, serr);
}

static int32 shim_ayanamsa(const char *path, long long id, double jd, int32 iflag, int32 sid,
		double *daya, char *serr) {
	shim_ready(path, id);
	shim_set_sid(sid);
	serr[0] = 0;
	return swe_get_ayanamsa_ex_ut(jd, iflag, daya, serr);
}

static double shim_deltat(const char *path, long long id, double jd) {
	char serr[AS_MAXCH];
	shim_ready(path, id);
	return swe_deltat_ex(jd, SEFLG_SWIEPH, serr);
}

static double shim_sidtime(const char *path, long long id, double jd) {
	shim_ready(path, id);
	return swe_sidtime(jd);
}

static void shim_revjul(double jd, int *ymd, double *hour) {
	swe_revjul(jd, SE_GREG_CAL, ymd, ymd + 1, ymd + 2, hour);
}

// shim_bench_calc is the bare-C reference for the benchmarks: n calls of
// swe_calc_ut for each body in ipl[0..nb), the instant stepping by step days.
static int32 shim_bench_calc(const char *path, long long id, long long n, double jd, double step,
		const int32 *ipl, int nb, int32 iflag, int32 sid, double *sum) {
	double xx[6];
	char serr[AS_MAXCH];
	int32 bad = 0;
	shim_ready(path, id);
	if (iflag & SEFLG_SIDEREAL) shim_set_sid(sid);
	for (long long i = 0; i < n; i++) {
		for (int k = 0; k < nb; k++) {
			if (swe_calc_ut(jd, ipl[k], iflag, xx, serr) < 0) bad++;
			*sum += xx[0];
		}
		jd += step;
	}
	return bad;
}

static int32 shim_const(int i) {
	static const int32 v[] = {
		SEFLG_SWIEPH, SEFLG_MOSEPH, SEFLG_HELCTR, SEFLG_TRUEPOS, SEFLG_J2000, SEFLG_NONUT,
		SEFLG_SPEED, SEFLG_EQUATORIAL, SEFLG_XYZ, SEFLG_RADIANS, SEFLG_TOPOCTR, SEFLG_SIDEREAL,
		SE_ECL_NUT, SE_SUN, SE_MOON, SE_MERCURY, SE_VENUS, SE_MARS, SE_JUPITER, SE_SATURN,
		SE_URANUS, SE_NEPTUNE, SE_PLUTO, SE_MEAN_NODE, SE_TRUE_NODE, SE_MEAN_APOG, SE_CHIRON,
		SE_CERES, SE_PALLAS, SE_JUNO, SE_VESTA,
		SE_SIDM_FAGAN_BRADLEY, SE_SIDM_LAHIRI, SE_SIDM_DELUCE, SE_SIDM_RAMAN,
		SE_SIDM_KRISHNAMURTI, SE_SIDM_J2000, AS_MAXCH, SE_GREG_CAL, ERR,
		SE_OSCU_APOG, SE_NSIDM_PREDEF, SE_SIDM_LAHIRI_ICRC, SE_SIDM_J1900, SE_SIDM_B1950,
		SE_SIDM_GALALIGN_MARDYKS, SE_SIDM_TRUE_CITRA, SE_SIDM_GALCENT_0SAG, SE_EARTH,
	};
	if (i < 0 || i >= (int)(sizeof v / sizeof v[0])) return -999;
	return v[i];
}
*/
import "C"

import (
	"bytes"
	"sync"
	"unsafe"

	"github.com/astroapi/astroapi/engine"
)

// cgoEnabled reports whether this build talks to libswe.
const cgoEnabled = true

// paths holds one cPath per directory. Reusing it for a second Open of the
// same directory keeps threads from calling swe_set_ephe_path again (which
// closes the files and drops libswe's caches) when they alternate between
// the two handles.
var (
	pathsMu sync.Mutex
	paths   = map[string]cPath{}
)

// cPath is an ephemeris directory as C sees it, with an id that the shim
// compares with the thread's current one to know whether
// swe_set_ephe_path must run first. The C string is deliberately never
// freed (no C.free pairs this C.CString): every shim call passes it, and
// there is one per directory ever opened, so the leak is bounded.
type cPath struct {
	s  *C.char
	id C.longlong
}

func newCPath(dir string) cPath {
	pathsMu.Lock()
	defer pathsMu.Unlock()
	if p, ok := paths[dir]; ok {
		return p
	}
	p := cPath{s: C.CString(dir), id: C.longlong(len(paths) + 1)} // 0 means "none yet"
	paths[dir] = p
	return p
}

// cerr converts a filled serr buffer to a Go string. It avoids C.GoString,
// whose argument escapes, so that serr can stay on the Go stack.
func cerr(b *[C.AS_MAXCH]C.char) string {
	s := unsafe.Slice((*byte)(unsafe.Pointer(&b[0])), len(b))
	if i := bytes.IndexByte(s, 0); i >= 0 {
		s = s[:i]
	}
	return string(s)
}

func (p cPath) calc(jd float64, ipl, iflag, sid int32, obs *engine.Observer) (xx [6]float64, ret int32, msg string) {
	var serr [C.AS_MAXCH]C.char
	var o [3]float64
	if obs != nil {
		o = [3]float64{obs.Longitude, obs.Latitude, obs.Altitude}
	}
	r := C.shim_calc(p.s, p.id, C.double(jd), C.int32(ipl), C.int32(iflag), C.int32(sid),
		(*C.double)(unsafe.Pointer(&o[0])), (*C.double)(unsafe.Pointer(&xx[0])), &serr[0])
	if r < 0 {
		msg = cerr(&serr)
	}
	return xx, int32(r), msg
}

func (p cPath) houses(jd float64, iflag, sid int32, lat, lon float64, hsys byte) (out [47]float64, ret int, msg string) {
	var serr [C.AS_MAXCH]C.char
	r := C.shim_houses(p.s, p.id, C.double(jd), C.int32(iflag), C.int32(sid), C.double(lat), C.double(lon),
		C.int(hsys), (*C.double)(unsafe.Pointer(&out[0])), &serr[0])
	return out, int(r), cerr(&serr)
}

func (p cPath) ayanamsa(jd float64, iflag, sid int32) (float64, int32, string) {
	var serr [C.AS_MAXCH]C.char
	var d C.double
	r := C.shim_ayanamsa(p.s, p.id, C.double(jd), C.int32(iflag), C.int32(sid), &d, &serr[0])
	if r < 0 {
		return 0, int32(r), cerr(&serr)
	}
	return float64(d), int32(r), ""
}

func (p cPath) deltaT(jd float64) float64  { return float64(C.shim_deltat(p.s, p.id, C.double(jd))) }
func (p cPath) sidTime(jd float64) float64 { return float64(C.shim_sidtime(p.s, p.id, C.double(jd))) }

// benchCalc runs the bare-C loop of shim_bench_calc; it returns the number of
// failed calls and a checksum that keeps the compiler honest.
func (p cPath) benchCalc(n int, jd, step float64, ipl []int32, iflag, sid int32) (bad int, sum float64) {
	var s C.double
	r := C.shim_bench_calc(p.s, p.id, C.longlong(n), C.double(jd), C.double(step),
		(*C.int32)(unsafe.Pointer(&ipl[0])), C.int(len(ipl)), C.int32(iflag), C.int32(sid), &s)
	return int(r), float64(s)
}

// JulianDay returns the Julian day of a Gregorian calendar date and UT hour
// (swe_julday).
func JulianDay(year, month, day int, hour float64) engine.JDUT {
	return engine.JDUT(C.swe_julday(C.int(year), C.int(month), C.int(day), C.double(hour), C.SE_GREG_CAL))
}

// CalendarDate returns the Gregorian calendar date and UT hour of t
// (swe_revjul).
func CalendarDate(t engine.JDUT) (year, month, day int, hour float64) {
	var ymd [3]C.int
	var h C.double
	C.shim_revjul(C.double(t), &ymd[0], &h)
	return int(ymd[0]), int(ymd[1]), int(ymd[2]), float64(h)
}

// headerConstant returns the i-th value of shim_const's list, the C header's
// own numbers, for the test that checks ours against them.
func headerConstant(i int) int32 { return int32(C.shim_const(C.int(i))) }
