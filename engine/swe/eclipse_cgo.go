//go:build cgo

package swe

/*
#cgo noescape shim_sol_when_glob
#cgo nocallback shim_sol_when_glob
#cgo noescape shim_sol_where
#cgo nocallback shim_sol_where
#cgo noescape shim_sol_how
#cgo nocallback shim_sol_how
#cgo noescape shim_sol_when_loc
#cgo nocallback shim_sol_when_loc
#cgo noescape shim_lun_when
#cgo nocallback shim_lun_when
#cgo noescape shim_lun_how
#cgo nocallback shim_lun_how
#include <swephexp.h>

// shim_ready (swe.go) calls swe_set_ephe_path on this OS thread when the
// thread last worked for another directory (or never did).
extern void shim_ready(const char *path, long long id);

// Each shim: the thread's ephemeris path, then one eclipse function, in one
// cgo call. All instants are JD UT.

static int32 shim_sol_when_glob(const char *path, long long id, double jd, int32 ifl, int32 ifltype,
		int32 backward, double *tret, char *serr) {
	shim_ready(path, id);
	serr[0] = 0;
	return swe_sol_eclipse_when_glob(jd, ifl, ifltype, tret, backward, serr);
}

static int32 shim_sol_where(const char *path, long long id, double jd, int32 ifl, double *geopos,
		double *attr, char *serr) {
	shim_ready(path, id);
	serr[0] = 0;
	return swe_sol_eclipse_where(jd, ifl, geopos, attr, serr);
}

// geo is longitude, latitude, altitude; libswe's parameter is not const, so
// the shim hands it a copy.
static int32 shim_sol_how(const char *path, long long id, double jd, int32 ifl, const double *geo,
		double *attr, char *serr) {
	double g[3] = {geo[0], geo[1], geo[2]};
	shim_ready(path, id);
	serr[0] = 0;
	return swe_sol_eclipse_how(jd, ifl, g, attr, serr);
}

static int32 shim_sol_when_loc(const char *path, long long id, double jd, int32 ifl, const double *geo,
		double *tret, double *attr, int32 backward, char *serr) {
	double g[3] = {geo[0], geo[1], geo[2]};
	shim_ready(path, id);
	serr[0] = 0;
	return swe_sol_eclipse_when_loc(jd, ifl, g, tret, attr, backward, serr);
}

static int32 shim_lun_when(const char *path, long long id, double jd, int32 ifl, int32 ifltype,
		int32 backward, double *tret, char *serr) {
	shim_ready(path, id);
	serr[0] = 0;
	return swe_lun_eclipse_when(jd, ifl, ifltype, tret, backward, serr);
}

// swe_lun_eclipse_how reads geopos for the Moon's altitude (attr[4..6]);
// the geocentric attributes this package reports do not depend on it, so
// the shim passes the point 0 N 0 E.
static int32 shim_lun_how(const char *path, long long id, double jd, int32 ifl, double *attr, char *serr) {
	double g[3] = {0, 0, 0};
	shim_ready(path, id);
	serr[0] = 0;
	return swe_lun_eclipse_how(jd, ifl, g, attr, serr);
}

static int32 shim_ecl_const(int i) {
	static const int32 v[] = {
		SE_ECL_CENTRAL, SE_ECL_NONCENTRAL, SE_ECL_TOTAL, SE_ECL_ANNULAR, SE_ECL_PARTIAL,
		SE_ECL_ANNULAR_TOTAL, SE_ECL_PENUMBRAL, SE_ECL_ALLTYPES_SOLAR, SE_ECL_ALLTYPES_LUNAR,
		SEFLG_NOGDEFL, SEFLG_NOABERR, SE_MAX_STNAME,
	};
	if (i < 0 || i >= (int)(sizeof v / sizeof v[0])) return -999;
	return v[i];
}
*/
import "C"

import "unsafe"

func (p cPath) solWhenGlob(jd float64, ifl, ifltype int32, backward bool) (tret [10]float64, ret int32, msg string) {
	var serr [C.AS_MAXCH]C.char
	r := C.shim_sol_when_glob(p.s, p.id, C.double(jd), C.int32(ifl), C.int32(ifltype), cBool(backward),
		(*C.double)(unsafe.Pointer(&tret[0])), &serr[0])
	if r <= 0 {
		msg = cerr(&serr)
	}
	return tret, int32(r), msg
}

func (p cPath) solWhere(jd float64, ifl int32) (geopos [10]float64, attr [20]float64, ret int32, msg string) {
	var serr [C.AS_MAXCH]C.char
	r := C.shim_sol_where(p.s, p.id, C.double(jd), C.int32(ifl), (*C.double)(unsafe.Pointer(&geopos[0])),
		(*C.double)(unsafe.Pointer(&attr[0])), &serr[0])
	if r < 0 {
		msg = cerr(&serr)
	}
	return geopos, attr, int32(r), msg
}

func (p cPath) solHow(jd float64, ifl int32, geo [3]float64) (attr [20]float64, ret int32, msg string) {
	var serr [C.AS_MAXCH]C.char
	r := C.shim_sol_how(p.s, p.id, C.double(jd), C.int32(ifl), (*C.double)(unsafe.Pointer(&geo[0])),
		(*C.double)(unsafe.Pointer(&attr[0])), &serr[0])
	if r < 0 {
		msg = cerr(&serr)
	}
	return attr, int32(r), msg
}

func (p cPath) solWhenLoc(jd float64, ifl int32, geo [3]float64, backward bool) (tret [10]float64, attr [20]float64, ret int32, msg string) {
	var serr [C.AS_MAXCH]C.char
	r := C.shim_sol_when_loc(p.s, p.id, C.double(jd), C.int32(ifl), (*C.double)(unsafe.Pointer(&geo[0])),
		(*C.double)(unsafe.Pointer(&tret[0])), (*C.double)(unsafe.Pointer(&attr[0])), cBool(backward), &serr[0])
	if r <= 0 {
		msg = cerr(&serr)
	}
	return tret, attr, int32(r), msg
}

func (p cPath) lunWhen(jd float64, ifl, ifltype int32, backward bool) (tret [10]float64, ret int32, msg string) {
	var serr [C.AS_MAXCH]C.char
	r := C.shim_lun_when(p.s, p.id, C.double(jd), C.int32(ifl), C.int32(ifltype), cBool(backward),
		(*C.double)(unsafe.Pointer(&tret[0])), &serr[0])
	if r <= 0 {
		msg = cerr(&serr)
	}
	return tret, int32(r), msg
}

func (p cPath) lunHow(jd float64, ifl int32) (attr [20]float64, ret int32, msg string) {
	var serr [C.AS_MAXCH]C.char
	r := C.shim_lun_how(p.s, p.id, C.double(jd), C.int32(ifl), (*C.double)(unsafe.Pointer(&attr[0])), &serr[0])
	if r < 0 {
		msg = cerr(&serr)
	}
	return attr, int32(r), msg
}

func cBool(b bool) C.int32 {
	if b {
		return 1
	}
	return 0
}

// eclipseConstant returns the i-th value of shim_ecl_const's list, for the
// test that checks our constants against swephexp.h.
func eclipseConstant(i int) int32 { return int32(C.shim_ecl_const(C.int(i))) }
