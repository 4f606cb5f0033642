package places

import (
	"sync"
	"testing"
)

// testIndexPath is the committed index, relative to this package.
const testIndexPath = "../../data/places.tsv.zst"

var (
	shared     *Index
	sharedErr  error
	sharedOnce sync.Once
)

// testIndex loads the committed index once for the package's tests.
func testIndex(tb testing.TB) *Index {
	tb.Helper()
	sharedOnce.Do(func() { shared, sharedErr = Load(testIndexPath) })
	if sharedErr != nil {
		tb.Fatal(sharedErr)
	}
	return shared
}
