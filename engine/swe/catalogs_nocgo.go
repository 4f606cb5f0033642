//go:build !cgo

package swe

// Stubs of the eclipse and fixed star shims (eclipse_cgo.go,
// fixstar_cgo.go): Open fails without cgo, so they never run.

func (cPath) solWhenGlob(float64, int32, int32, bool) ([10]float64, int32, string) {
	return [10]float64{}, -1, noCgo
}

func (cPath) solWhere(float64, int32) ([10]float64, [20]float64, int32, string) {
	return [10]float64{}, [20]float64{}, -1, noCgo
}

func (cPath) solHow(float64, int32, [3]float64) ([20]float64, int32, string) {
	return [20]float64{}, -1, noCgo
}

func (cPath) solWhenLoc(float64, int32, [3]float64, bool) ([10]float64, [20]float64, int32, string) {
	return [10]float64{}, [20]float64{}, -1, noCgo
}

func (cPath) lunWhen(float64, int32, int32, bool) ([10]float64, int32, string) {
	return [10]float64{}, -1, noCgo
}

func (cPath) lunHow(float64, int32) ([20]float64, int32, string) { return [20]float64{}, -1, noCgo }

func (cPath) fixstar2(string, float64, int32) (string, [6]float64, int32, string) {
	return "", [6]float64{}, -1, noCgo
}

func (cPath) fixstar2Mag(string) (string, float64, int32, string) { return "", 0, -1, noCgo }
