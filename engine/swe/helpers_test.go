package swe

import (
	"fmt"
	"math"
	"testing"

	"github.com/astroapi/astroapi/engine"
	"github.com/astroapi/astroapi/engine/accuracy/measure"
)

// openTest opens the default ephemeris, skipping the test when libswe or the
// files are missing, except in CI (CI=true), which installs them.
func openTest(t testing.TB) *Ephemeris {
	t.Helper()
	e, err := Open("")
	if err != nil {
		measure.Missing(t, fmt.Errorf("Swiss Ephemeris not available: %w", err))
	}
	return e
}

// sepArcsec is the shortest separation of two angles in degrees, in arcseconds.
func sepArcsec(a, b float64) float64 { return math.Abs(math.Remainder(a-b, 360)) * 3600 }

// bodyByName maps fixture body names (the Go constant names) to bodies.
var bodyByName = map[string]engine.Body{
	"Sun": engine.Sun, "Moon": engine.Moon, "Mercury": engine.Mercury, "Venus": engine.Venus,
	"Mars": engine.Mars, "Jupiter": engine.Jupiter, "Saturn": engine.Saturn, "Uranus": engine.Uranus,
	"Neptune": engine.Neptune, "Pluto": engine.Pluto, "MeanNode": engine.MeanNode,
	"TrueNode": engine.TrueNode, "MeanLilith": engine.MeanLilith, "Chiron": engine.Chiron,
	"Ceres": engine.Ceres, "Pallas": engine.Pallas, "Juno": engine.Juno, "Vesta": engine.Vesta,
}
