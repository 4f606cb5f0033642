package calendar

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

func TestParseISO(t *testing.T) {
	cases := []struct {
		name string
		in   string
		want Civil
		err  string // part of the error; "" for none
	}{
		{"Date", "2024-03-20", Civil{Year: 2024, Month: 3, Day: 20}, ""},
		{"LocalMinutes", "2024-03-20T03:06", Civil{Year: 2024, Month: 3, Day: 20, Hour: 3, Minute: 6, HasTime: true}, ""},
		{"LocalSpace", "2024-03-20 03:06:07", Civil{Year: 2024, Month: 3, Day: 20, Hour: 3, Minute: 6, Second: 7, HasTime: true}, ""},
		{"UTC", "2024-03-20T03:06:00Z", Civil{Year: 2024, Month: 3, Day: 20, Hour: 3, Minute: 6, HasTime: true, HasOffset: true}, ""},
		{"Offset", "2024-03-20T05:06:00+02:00", Civil{Year: 2024, Month: 3, Day: 20, Hour: 5, Minute: 6, HasTime: true, HasOffset: true, Offset: 7200}, ""},
		{"OffsetCompact", "2024-03-20T05:06-0530", Civil{Year: 2024, Month: 3, Day: 20, Hour: 5, Minute: 6, HasTime: true, HasOffset: true, Offset: -19800}, ""},
		{"OffsetHours", "2024-03-20T05:06+05", Civil{Year: 2024, Month: 3, Day: 20, Hour: 5, Minute: 6, HasTime: true, HasOffset: true, Offset: 18000}, ""},
		{"Fraction", "2024-03-20T05:06:07.25Z", Civil{Year: 2024, Month: 3, Day: 20, Hour: 5, Minute: 6, Second: 7, Nanosecond: 250000000, HasTime: true, HasOffset: true}, ""},
		{"ExpandedYear", "-0043-03-15T12:00", Civil{Year: -43, Month: 3, Day: 15, Hour: 12, HasTime: true}, ""},
		{"PlusYear", "+1582-10-04", Civil{Year: 1582, Month: 10, Day: 4}, ""},
		{"YearZero", "0000-02-29", Civil{Year: 0, Month: 2, Day: 29}, ""},
		{"ErrShortYear", "24-03-20", Civil{}, "four digits"},
		{"ErrMonth", "2024-13-01", Civil{}, "month 13"},
		{"ErrDay", "2024-03-32", Civil{}, "day 32"},
		{"ErrHour", "2024-03-20T24:00", Civil{}, "hour 24"},
		{"ErrLeapSecond", "2016-12-31T23:59:60Z", Civil{}, "leap seconds"},
		{"ErrOffset", "2024-03-20T05:06+25:00", Civil{}, "offset"},
		{"ErrTrailing", "2024-03-20T05:06Zulu", Civil{}, "end of the text"},
		{"ErrWords", "yesterday", Civil{}, "year"},
		{"ErrEmpty", "", Civil{}, "year"},
		{"ErrSlashes", "2024/03/20", Civil{}, `"-"`},
		{"ErrNoMinutes", "2024-03-20T05", Civil{}, `":"`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, err := ParseISO(c.in)
			if c.err != "" {
				if err == nil || !strings.Contains(err.Error(), c.err) {
					t.Fatalf("ParseISO(%q) = %+v, %v; want an error with %q", c.in, got, err, c.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(c.want, got); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

// TestTimeJSON: Time writes RFC 3339 in UTC with expanded years and reads
// it back; time.Time's own encoder refuses years before 0000.
func TestTimeJSON(t *testing.T) {
	for _, c := range []struct {
		t    time.Time
		want string
	}{
		{time.Date(2024, 3, 20, 3, 6, 0, 0, time.UTC), `"2024-03-20T03:06:00Z"`},
		{time.Date(-43, 3, 13, 12, 0, 0, 0, time.UTC), `"-0043-03-13T12:00:00Z"`},
		{time.Date(-3000, 1, 1, 0, 0, 0, 500e6, time.UTC), `"-3000-01-01T00:00:00.5Z"`},
		{time.Date(5, 1, 1, 0, 0, 0, 0, time.FixedZone("x", 3600)), `"0004-12-31T23:00:00Z"`},
	} {
		b, err := json.Marshal(TimeOf(c.t))
		if err != nil || string(b) != c.want {
			t.Errorf("%v: %s, %v; want %s", c.t, b, err, c.want)
		}
		var back Time
		if err := json.Unmarshal(b, &back); err != nil || !back.Equal(c.t) {
			t.Errorf("%s read back as %v, %v", b, back, err)
		}
	}
	var x Time
	for _, bad := range []string{`"2024-03-20"`, `"2024-03-20T03:06"`, `12`, `"nonsense"`} {
		if err := json.Unmarshal([]byte(bad), &x); err == nil {
			t.Errorf("%s read as %v", bad, x)
		}
	}
}
