package calendar

import (
	"bufio"
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/astroapi/astroapi/engine"
)

// TestSwetest checks both conversions against swetest's own date handling
// (fixture: testdata/gen/gen.py), exactly.
func TestSwetest(t *testing.T) {
	f, err := os.Open("testdata/swetest.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	cal := map[string]Calendar{"switch": "", "julian": Julian, "gregorian": Gregorian}
	atoi := func(s string) int {
		v, err := strconv.Atoi(s)
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	n := 0
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		r := strings.Fields(sc.Text())
		if len(r) == 0 || r[0][0] == '#' {
			continue
		}
		n++
		switch r[0] {
		case "date":
			y, m, d := atoi(r[1]), atoi(r[2]), atoi(r[3])
			want, _ := strconv.ParseFloat(r[5], 64)
			if got := JulianDay(y, m, d, cal[r[4]]); got != want {
				t.Errorf("JulianDay(%d-%d-%d, %s) = %.1f, swetest %.1f", y, m, d, r[4], got, want)
			}
		case "jd":
			jd, _ := strconv.ParseFloat(r[1], 64)
			y, m, d, _ := DateOf(jd, "")
			want := fmt.Sprintf("%s-%s-%s", r[2], r[3], r[4])
			if got := fmt.Sprintf("%d-%d-%d", y, m, d); got != want {
				t.Errorf("DateOf(%.1f) = %s, swetest %s (%s)", jd, got, want, r[5])
			}
			if c := Used("", y, m, d); string(c) != r[5] {
				t.Errorf("DateOf(%.1f): calendar %s, swetest %s", jd, c, r[5])
			}
		}
	}
	if n < 300 {
		t.Fatalf("%d cases", n)
	}
}

// TestMeeus checks the worked values of Meeus, Astronomical Algorithms, 2nd
// ed., chapter 7 (examples 7.a-7.b and the table on p. 62).
func TestMeeus(t *testing.T) {
	cases := []struct {
		y, m int
		d    float64
		jd   float64
	}{
		{1957, 10, 4.81, 2436116.31}, {333, 1, 27.5, 1842713.0},
		{2000, 1, 1.5, 2451545.0}, {1999, 1, 1.0, 2451179.5}, {1987, 1, 27.0, 2446822.5},
		{1987, 6, 19.5, 2446966.0}, {1988, 1, 27.0, 2447187.5}, {1988, 6, 19.5, 2447332.0},
		{1900, 1, 1.0, 2415020.5}, {1600, 1, 1.0, 2305447.5}, {1600, 12, 31.0, 2305812.5},
		{837, 4, 10.3, 2026871.8}, {-123, 12, 31.0, 1676496.5}, {-122, 1, 1.0, 1676497.5},
		{-1000, 7, 12.5, 1356001.0}, {-1000, 2, 29.0, 1355866.5}, {-1001, 8, 17.9, 1355671.4},
		{-4712, 1, 1.5, 0.0},
	}
	for _, c := range cases {
		day := int(c.d)
		got := JulianDay(c.y, c.m, day, "") + (c.d - float64(day))
		if diff := got - c.jd; diff > 1e-9 || diff < -1e-9 {
			t.Errorf("%d-%d-%g: JD %.2f, Meeus %.2f", c.y, c.m, c.d, got, c.jd)
		}
		y, m, d, frac := DateOf(c.jd, "")
		if y != c.y || m != c.m || d != day || abs(frac-(c.d-float64(day))) > 1e-6 {
			t.Errorf("DateOf(%.2f) = %d-%d-%d + %.3f, Meeus %d-%d-%g", c.jd, y, m, d, frac, c.y, c.m, c.d)
		}
	}
}

func abs(x float64) float64 {
	if x < 0 {
		return -x
	}
	return x
}

// TestRoundTrip: every day from 3001 BC to AD 3000 converts there and back
// in both calendars, and consecutive days have consecutive Julian days.
func TestRoundTrip(t *testing.T) {
	for _, c := range []Calendar{Julian, Gregorian} {
		prev := JulianDay(MinYear, 1, 1, c) - 1
		for y := MinYear; y <= MaxYear; y++ {
			for m := 1; m <= 12; m++ {
				for d := 1; d <= DaysIn(y, m, c); d++ {
					jd := JulianDay(y, m, d, c)
					if jd != prev+1 {
						t.Fatalf("%s %d-%d-%d: JD %.1f after %.1f", c, y, m, d, jd, prev)
					}
					prev = jd
					if gy, gm, gd, _ := DateOf(jd+0.3, c); gy != y || gm != m || gd != d {
						t.Fatalf("%s %d-%d-%d -> %.1f -> %d-%d-%d", c, y, m, d, jd, gy, gm, gd)
					}
				}
			}
		}
	}
}

// TestGoTime: the proleptic Gregorian calendar agrees with Go's time
// package (which also counts year 0).
func TestGoTime(t *testing.T) {
	for y := -2999; y <= 3000; y += 7 {
		for _, md := range [][2]int{{1, 1}, {2, 28}, {3, 1}, {12, 31}} {
			want := engine.JDOf(time.Date(y, time.Month(md[0]), md[1], 0, 0, 0, 0, time.UTC))
			if got := JulianDay(y, md[0], md[1], Gregorian); abs(got-float64(want)) > 1e-6 {
				t.Fatalf("%d-%d-%d: %.6f, time.Time %.6f", y, md[0], md[1], got, float64(want))
			}
		}
	}
}

func TestValidDate(t *testing.T) {
	cases := []struct {
		name    string
		y, m, d int
		c       Calendar
		fields  []string
	}{
		{"OK", 2024, 2, 29, "", nil},
		{"OKJulianLeap1700", 1700, 2, 29, Julian, nil},
		{"ErrSwitch1700NotLeap", 1700, 2, 29, "", []string{"day"}},
		{"OKJulianLeap1500", 1500, 2, 29, "", nil},
		{"ErrGregorian1700", 1700, 2, 29, Gregorian, []string{"day"}},
		{"ErrSwitchGap", 1582, 10, 10, "", []string{"day"}},
		{"OKGapDayJulian", 1582, 10, 10, Julian, nil},
		{"OKGapDayGregorian", 1582, 10, 10, Gregorian, nil},
		{"OKLastJulian", 1582, 10, 4, "", nil},
		{"OKYearZeroLeap", 0, 2, 29, "", nil},
		{"ErrYear", -3001, 1, 1, "", []string{"year"}},
		{"ErrYearHigh", 3001, 1, 1, "", []string{"year"}},
		{"ErrMonth", 2000, 13, 1, "", []string{"month"}},
		{"ErrDay", 2023, 2, 29, "", []string{"day"}},
		{"ErrDayZero", 2023, 2, 0, "", []string{"day"}},
		{"ErrCalendar", 2023, 2, 1, "coptic", []string{"calendar"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var got []string
			for _, e := range ValidDate(c.y, c.m, c.d, c.c) {
				got = append(got, e.Field)
			}
			if diff := cmp.Diff(c.fields, got); diff != "" {
				t.Errorf("fields (-want +got):\n%s", diff)
			}
		})
	}
}

func ExampleJulianDay() {
	// The reform: Thursday 4 October 1582 (Julian) was followed by Friday
	// 15 October 1582 (Gregorian).
	fmt.Println(JulianDay(1582, 10, 4, ""), JulianDay(1582, 10, 15, ""))
	fmt.Println(DateOf(2299160.5, Julian))
	// Output:
	// 2.2991595e+06 2.2991605e+06
	// 1582 10 5 0
}
