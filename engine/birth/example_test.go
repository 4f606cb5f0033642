package birth_test

import (
	"fmt"
	"time"

	"github.com/astroapi/astroapi/engine/birth"
)

func ExampleResolve() {
	// Paris kept local mean time (UTC+00:09:21) until 1911 (IANA tz
	// database, zone Europe/Paris).
	in, _ := birth.Resolve(birth.Local{Year: 1890, Month: 6, Day: 1, Hour: 12, Zone: "Europe/Paris"})
	fmt.Println(in.UTC.Format(time.RFC3339), in.Abbrev, birth.FormatOffset(in.Offset))

	// 02:30 on the spring-forward night never happened.
	_, err := birth.Resolve(birth.Local{Year: 2021, Month: 3, Day: 28, Hour: 2, Minute: 30, Zone: "Europe/Paris"})
	fmt.Println(err)
	// Output:
	// 1890-06-01T11:50:39Z LMT UTC+00:09:21
	// hour: local time 2021-03-28 02:30:00 does not exist in Europe/Paris: the clocks jumped from UTC+01:00 to UTC+02:00; send a time outside the gap
}
