package aspects_test

import (
	"fmt"

	"github.com/astroapi/astroapi/engine/aspects"
)

func ExampleFind() {
	// Sun at 10° Aries and Moon at 8° Leo are 118° apart: a trine 2° from
	// exact, and the faster Moon is still closing on 120°.
	pts := []aspects.Point{{Name: "Sun", Longitude: 10, Speed: 0.98}, {Name: "Moon", Longitude: 128, Speed: 13.2}}
	for _, a := range aspects.Find(pts, aspects.DefaultOrbs(false)) {
		fmt.Printf("%s %s %s orb %.1f applying %v\n", a.Point1, a.Aspect, a.Point2, a.Orb, a.Applying)
	}
	// Output: Sun trine Moon orb 2.0 applying true
}
