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

// TestGregorianDateRoute: published Hindu dates back to their civil days
// through the route (the dates of engine/vedic's published days: the
// adhika Shravana of 2023 from 18 July, webdunia.com; purnimanta Shravana
// from 4 July 2023, the same page; Chaitra shukla pratipada of Shaka 1946
// on 9 April 2024 and of Vikram 2082 on 30 March 2025), a year without the
// adhika month asked, and the route's bad input.
func TestGregorianDateRoute(t *testing.T) {
	ts := startTestServer(t, testOptions{Positions: apitest.Tables(t)})
	const delhi = `"latitude":28.6139,"longitude":77.209,"timezone":"Asia/Kolkata"`
	for _, c := range []struct{ body, want string }{
		{`{"year":1945,"masa":"Shravana","adhika":true,"paksha":"shukla","tithi":1,` + delhi + `}`, "2023-07-18"},
		{`{"year":1945,"masa":"Shravana","paksha":"shukla","tithi":1,` + delhi + `}`, "2023-08-17"},
		{`{"year":1945,"masa":"Shravana","scheme":"purnimanta","paksha":"krishna","tithi":1,` + delhi + `}`, "2023-07-04"},
		{`{"year":1946,"masa":"Chaitra","paksha":"shukla","tithi":1,` + delhi + `}`, "2024-04-09"},
		{`{"era":"vikram","year":2082,"masa":"Chaitra","paksha":"shukla","tithi":1,` + delhi + `}`, "2025-03-30"},
	} {
		var g vedic.HinduToGregorian
		if err := json.Unmarshal(ts.Post(t, "/api/v1/vedic/calendar/gregorian-date", c.body).WantStatus(t, 200).Envelope(t).Result, &g); err != nil {
			t.Fatal(err)
		}
		if len(g.Days) == 0 || g.Days[0].Date != c.want {
			t.Errorf("%s: %+v, want %s", c.body, g.Days, c.want)
		}
	}
	for _, c := range []badCase{
		{"ErrNoAdhika", `{"year":1946,"masa":"Shravana","adhika":true,"paksha":"shukla","tithi":1,` + delhi + `}`, 422, []string{"masa"}},
		{"ErrEmptyBody", ``, 422, []string{"year", "masa", "paksha", "tithi"}},
		{"ErrMasa", `{"year":1945,"masa":"Sawan","paksha":"shukla","tithi":1,` + delhi + `}`, 422, []string{"masa"}},
		{"ErrTithi", `{"year":1945,"masa":"Shravana","paksha":"shukla","tithi":16,` + delhi + `}`, 422, []string{"tithi"}},
		{"ErrPaksha", `{"year":1945,"masa":"Shravana","paksha":"dark","tithi":1,` + delhi + `}`, 422, []string{"paksha"}},
		{"ErrEra", `{"era":"kali","year":1945,"masa":"Shravana","paksha":"shukla","tithi":1,` + delhi + `}`, 422, []string{"era"}},
		{"ErrScheme", `{"year":1945,"masa":"Shravana","scheme":"solar","paksha":"shukla","tithi":1,` + delhi + `}`, 422, []string{"scheme"}},
		{"ErrYearRange", `{"year":2921,"masa":"Shravana","paksha":"shukla","tithi":1,` + delhi + `}`, 422, []string{"year"}},
		{"ErrVikramYear", `{"era":"vikram","year":1639,"masa":"Shravana","paksha":"shukla","tithi":1,` + delhi + `}`, 422, []string{"year"}},
		{"ErrNoPlace", `{"year":1945,"masa":"Shravana","paksha":"shukla","tithi":1}`, 422, []string{"latitude"}},
		{"ErrLatitude", `{"year":1945,"masa":"Shravana","paksha":"shukla","tithi":1,"latitude":95,"longitude":77}`, 422, []string{"latitude"}},
		{"ErrZone", `{"year":1945,"masa":"Shravana","paksha":"shukla","tithi":1,"latitude":28,"longitude":77,"timezone":"Asia/Delhi"}`, 422, []string{"timezone"}},
		{"ErrUnknown", `{"year":1945,"masa":"Shravana","paksha":"shukla","tithi":1,"month":5,` + delhi + `}`, 422, []string{"month"}},
		{"ErrMany", `{"year":1945,"masa":"Shravana","paksha":"shukla","tithi":0,"latitude":28,"longitude":-200}`, 422, []string{"tithi", "longitude"}},
	} {
		t.Run(c.name, func(t *testing.T) { wantRefused(t, ts, "/api/v1/vedic/calendar/gregorian-date", c) })
	}
}

// TestCalendarAyanamsa: the sankrantis follow the request's ayanamsa. In
// Lahiri's zodiac the month running on 10 July 2015 is the adhika Ashadha;
// in Raman's (about 1.4° less, so each sankranti about 1.4 days later) no
// month of 2015 is adhika there, as swetest -sid3 gives it
// (engine/vedic/testdata/hinducal_swetest.json).
func TestCalendarAyanamsa(t *testing.T) {
	ts := startTestServer(t, testOptions{Positions: apitest.Tables(t)})
	for _, c := range []struct {
		ayanamsa string
		adhika   bool
	}{{"lahiri", true}, {"raman", false}} {
		var day vedic.CalendarDay
		body := `{"date":"2015-07-10","latitude":28.6139,"longitude":77.209,"timezone":"Asia/Kolkata","ayanamsa":"` + c.ayanamsa + `"}`
		if err := json.Unmarshal(ts.Post(t, "/api/v1/vedic/calendar", body).WantStatus(t, 200).Envelope(t).Result, &day); err != nil {
			t.Fatal(err)
		}
		if day.Calendar.Amanta.Name != "Ashadha" || day.Calendar.Amanta.Adhika != c.adhika || string(day.Ayanamsa.Name) != c.ayanamsa {
			t.Errorf("%s: %+v, ayanamsa %+v", c.ayanamsa, day.Calendar.Amanta, day.Ayanamsa)
		}
	}
}
