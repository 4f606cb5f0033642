package birth

import (
	"errors"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/astroapi/astroapi/engine"
)

var fuzzZones = []string{"", "UTC", "Europe/Paris", "America/New_York", "Australia/Lord_Howe", "Asia/Kathmandu", "Pacific/Apia", "Europe/London", "America/Sao_Paulo", "Africa/Casablanca", "Mars/Base"}

// Every resolved instant reads back, in its zone, as the wall-clock time
// asked for; every refusal is a field error, never a panic.
func checkRoundTrip(t *testing.T, l Local) {
	t.Helper()
	in, err := Resolve(l)
	if err != nil {
		var fs engine.Fields
		var fe *engine.FieldError
		if !errors.As(err, &fs) && !errors.As(err, &fe) {
			t.Fatalf("%+v: error %T %v is not a field error", l, err, err)
		}
		return
	}
	loc, _ := LoadZone(l.Zone)
	w := in.UTC.In(loc)
	if w.Year() != l.Year || int(w.Month()) != l.Month || w.Day() != l.Day || w.Hour() != l.Hour || w.Minute() != l.Minute || w.Second() != l.Second {
		t.Fatalf("%+v resolved to %s, which reads %s", l, in.UTC, w)
	}
	if got := float64(in.JD); got != float64(engine.JDOf(in.UTC)) {
		t.Fatalf("JD %v", got)
	}
}

func TestRoundTrip(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	start := time.Date(1850, 1, 1, 0, 0, 0, 0, time.UTC).Unix()
	end := time.Date(2100, 1, 1, 0, 0, 0, 0, time.UTC).Unix()
	for range 20000 {
		u := time.Unix(start+r.Int64N(end-start), 0).UTC()
		checkRoundTrip(t, Local{Year: u.Year(), Month: int(u.Month()), Day: u.Day(), Hour: u.Hour(), Minute: u.Minute(), Second: u.Second(),
			Zone: fuzzZones[r.IntN(len(fuzzZones))], Fold: r.IntN(2)})
	}
}

func FuzzResolve(f *testing.F) {
	f.Add(2021, 3, 28, 2, 30, 0, 2, 0)
	f.Add(2021, 10, 31, 2, 30, 0, 2, 1)
	f.Add(1990, 2, 29, 25, 61, -1, 10, 3)
	f.Fuzz(func(t *testing.T, y, m, d, h, mi, s, zone, fold int) {
		if zone < 0 {
			zone = -zone
		}
		checkRoundTrip(t, Local{Year: y, Month: m, Day: d, Hour: h, Minute: mi, Second: s, Zone: fuzzZones[zone%len(fuzzZones)], Fold: fold})
	})
}
