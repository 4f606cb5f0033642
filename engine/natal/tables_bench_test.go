package natal

import (
	"math"
	"os"
	"testing"

	"github.com/astroapi/astroapi/engine"
	"github.com/astroapi/astroapi/engine/ephem"
	"github.com/astroapi/astroapi/tables"
)

// tableSource is the production position source: the generated tables
// first, the Swiss Ephemeris behind them. Skips when `make gen` has not run.
func tableSource(b *testing.B) engine.Positions {
	const file = "../../data/ephemeris.bolt"
	if _, err := os.Stat(file); err != nil {
		b.Skip("data/ephemeris.bolt not generated (make gen)")
	}
	t, err := tables.Open(file)
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { t.Close() })
	return ephem.New(t, ephemeris(b))
}

// benchTables times whole charts on the tables, a new instant each call
// (a day and a few minutes apart, so no cache anywhere helps), cycling
// through 1990-2044: houses.Compute serves 1850-2050 (outside it libswe
// casts the houses), so a drifting instant would measure libswe instead.
func benchTables(b *testing.B, o Options) {
	src := tableSource(b)
	birth := london
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		birth.JD = london.JD + engine.JDUT(math.Mod(float64(i)*1.0037, 20000))
		c, err := Compute(src, birth, o)
		if err != nil {
			b.Fatal(err)
		}
		c.Release() // as the API does once the chart is encoded
	}
}

// BenchmarkComputeTables is the default chart (true node, from its own
// table since the generator fits it per segment of the Moon file).
func BenchmarkComputeTables(b *testing.B) { benchTables(b, Options{}) }

// BenchmarkComputeTablesMeanNode is the same chart with the mean node.
func BenchmarkComputeTablesMeanNode(b *testing.B) { benchTables(b, Options{Node: MeanNode}) }
