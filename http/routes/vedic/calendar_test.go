package vedic_test

import (
	"encoding/json"
	"testing"

	"github.com/astroapi/astroapi/engine/vedic"
	"github.com/astroapi/astroapi/http/apitest"
)

// TestCalendarBadInput: the calendar route refuses what the panchang
// refuses, naming the field.
func TestCalendarBadInput(t *testing.T) {
	ts := startTestServer(t, testOptions{Positions: apitest.Tables(t)})
	for _, c := range []badCase{
		{"ErrEmptyBody", ``, 422, []string{"year", "month", "day"}},
		{"ErrMissingMonth", `{"year":2024,"day":1,"latitude":28.61,"longitude":77.21}`, 422, []string{"month"}},
		{"ErrDayType", `{"year":2024,"month":1,"day":"first","latitude":28.61,"longitude":77.21}`, 422, []string{"day"}},
		{"ErrImpossibleDate", `{"year":2023,"month":2,"day":29,"latitude":28.61,"longitude":77.21}`, 422, []string{"day"}},
		{"ErrYearBelow", `{"year":1582,"month":1,"day":1,"latitude":28.61,"longitude":77.21}`, 422, []string{"year"}},
		{"ErrYearAbove", `{"year":3000,"month":1,"day":1,"latitude":28.61,"longitude":77.21}`, 422, []string{"year"}},
		{"ErrDateAfter2999", `{"date":"3001-01-01","latitude":28.61,"longitude":77.21}`, 422, []string{"date"}},
		{"ErrBadDate", `{"date":"2024-13-01","latitude":28.61,"longitude":77.21}`, 422, []string{"date"}},
		{"ErrLongitudeRange", `{"year":2024,"month":1,"day":1,"latitude":28.61,"longitude":181}`, 422, []string{"longitude"}},
		{"ErrNoPlace", `{"year":2024,"month":1,"day":1}`, 422, []string{"latitude"}},
		{"ErrZone", `{"year":2024,"month":1,"day":1,"latitude":28.61,"longitude":77.21,"timezone":"Asia/Delhi"}`, 422, []string{"timezone"}},
		{"ErrSunrise", `{"year":2024,"month":1,"day":1,"latitude":28.61,"longitude":77.21,"sunrise":"dawn"}`, 422, []string{"sunrise"}},
		{"ErrAyanamsa", `{"year":2024,"month":1,"day":1,"latitude":28.61,"longitude":77.21,"ayanamsa":"sayana"}`, 422, []string{"ayanamsa"}},
		{"ErrUnknownField", `{"year":2024,"month":1,"day":1,"latitude":28.61,"longitude":77.21,"scheme":"amanta"}`, 422, []string{"scheme"}},
		{"ErrMany", `{"year":2024,"month":0,"day":1,"latitude":-91,"longitude":77.21}`, 422, []string{"month", "latitude"}},
	} {
		t.Run(c.name, func(t *testing.T) { wantRefused(t, ts, "/api/v1/vedic/calendar", c) })
	}
}

// TestCalendarRoute: the first day of the adhika Shravana of 2023 in
// Delhi (18 July, webdunia.com's dates, as engine/vedic's published days)
// through the route, and the panchang of that day carrying the same
// calendar; the first and last days of the route's years answer.
func TestCalendarRoute(t *testing.T) {
	ts := startTestServer(t, testOptions{Positions: apitest.Tables(t)})
	body := `{"date":"2023-07-18","latitude":28.6139,"longitude":77.209,"timezone":"Asia/Kolkata"}`
	var day vedic.CalendarDay
	if err := json.Unmarshal(ts.Post(t, "/api/v1/vedic/calendar", body).WantStatus(t, 200).Envelope(t).Result, &day); err != nil {
		t.Fatal(err)
	}
	h := day.Calendar
	if h == nil || h.Amanta.Name != "Shravana" || !h.Amanta.Adhika || !h.Purnimanta.Adhika || h.Paksha != "shukla" || h.Tithi != 1 ||
		h.Year.Shaka != 1945 || h.Year.VikramChaitradi != 2080 || day.Sunrise == nil || !h.Instant.Equal(*day.Sunrise) {
		t.Fatalf("2023-07-18 Delhi: %+v", day)
	}
	var p vedic.Panchang
	if err := json.Unmarshal(ts.Post(t, "/api/v1/vedic/panchang", body).WantStatus(t, 200).Envelope(t).Result, &p); err != nil {
		t.Fatal(err)
	}
	a, _ := json.Marshal(p.Calendar)
	b, _ := json.Marshal(day.Calendar)
	if string(a) != string(b) {
		t.Errorf("panchang calendar %s, calendar route %s", a, b)
	}
	for _, edge := range []string{`{"date":"1583-01-01","latitude":28.6,"longitude":77.2}`, `{"date":"2999-12-31","latitude":60,"longitude":10}`} {
		ts.Post(t, "/api/v1/vedic/calendar", edge).WantStatus(t, 200)
	}
}
