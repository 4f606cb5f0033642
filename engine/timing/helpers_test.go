package timing

import (
	"math"
	"testing"
	"time"

	"github.com/astroapi/astroapi/engine"
	"github.com/astroapi/astroapi/engine/natal"
	"github.com/astroapi/astroapi/tables/tablestest"
)

// source is the production position source (the tables first, the Swiss
// Ephemeris behind), shared by the package's tests; it skips (fails in CI)
// when either is missing.
func source(t testing.TB) engine.Positions {
	t.Helper()
	return tablestest.Positions(t)
}

// natalAt builds a Natal from a UTC instant and a place.
func natalAt(utc time.Time, lat, lon float64, o natal.Options, offset int) Natal {
	return Natal{Birth: natal.Birth{JD: engine.JDOf(utc), Latitude: lat, Longitude: lon}, Chart: o, UTCOffset: offset}
}

func date(s string) time.Time {
	t, err := time.Parse(time.RFC3339, s)
	if err != nil {
		panic(err)
	}
	return t
}

// sepArcsec is the shortest separation of two longitudes, in arcseconds.
func sepArcsec(a, b float64) float64 { return math.Abs(math.Remainder(a-b, 360)) * 3600 }

// Births used across the tests.
var (
	// London, 1990-07-14 13:30 UTC (14:30 BST), a day chart.
	london = natalAt(date("1990-07-14T13:30:00Z"), 51.5074, -0.1278, natal.Options{}, 3600)
	// Emperor Akihito: 23 December 1933, 06:39 JST, Tokyo (Astro-Databank,
	// rating AA), a night chart just before sunrise; see releasing_test.go.
	akihito = natalAt(date("1933-12-22T21:39:00Z"), 35.6895, 139.6917, natal.Options{}, 9*3600)
)
