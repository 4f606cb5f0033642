package roots

import (
	"errors"
	"math"
	"testing"
)

// The roots are checked against closed forms: π for sin, √2 for t² - 2,
// the real root of t³ - 2t - 5 (Wallis's example, 2.0945514815423265,
// Numerical Recipes 9.4), and the π/2 of cos for the derivative-free
// search.

func sinF(t float64) (float64, float64, error) { return math.Sin(t), math.Cos(t), nil }

func TestBracketed(t *testing.T) {
	wallis := func(t float64) (float64, float64, error) { return t*t*t - 2*t - 5, 3*t*t - 2, nil }
	// A rate that lies (a tenth of the true one): Newton overshoots and the
	// bracket must hold it.
	liar := func(t float64) (float64, float64, error) { return math.Sin(t), math.Cos(t) / 10, nil }
	for _, c := range []struct {
		name         string
		f            Func
		lo, hi, want float64
	}{
		{"Sin", sinF, 3, 3.5, math.Pi},
		{"SinReversed", sinF, 3.5, 3, math.Pi},
		{"Wallis", wallis, 2, 3, 2.0945514815423265},
		{"WrongRate", liar, 2, 4, math.Pi},
	} {
		flo, _, _ := c.f(c.lo)
		fhi, _, _ := c.f(c.hi)
		got, err := Bracketed(c.f, c.lo, c.hi, flo, fhi, 1e-12)
		if err != nil || !(math.Abs(got-c.want) <= 1e-11) {
			t.Errorf("%s: %v (%v), want %v", c.name, got, err, c.want)
		}
	}
	if got, err := Bracketed(sinF, 0, 1, 0, math.Sin(1), 1e-9); err != nil || got != 0 {
		t.Errorf("a zero at the bracket's end: %v %v", got, err)
	}
	if _, err := Bracketed(sinF, 1, 2, math.Sin(1), math.Sin(2), 1e-9); !errors.Is(err, ErrNoRoot) {
		t.Errorf("ends of one sign: %v, want ErrNoRoot", err)
	}
	boom := errors.New("ephemeris")
	failing := func(float64) (float64, float64, error) { return 0, 0, boom }
	if _, err := Bracketed(failing, 3, 3.5, -1, 1, 1e-9); !errors.Is(err, boom) {
		t.Errorf("the quantity's error: %v", err)
	}
}

func TestNewton(t *testing.T) {
	sq := func(t float64) (float64, float64, error) { return t*t - 2, 2 * t, nil }
	if got, err := Newton(sq, 1, 1e-13); err != nil || !(math.Abs(got-math.Sqrt2) <= 1e-12) {
		t.Errorf("√2: %v (%v)", got, err)
	}
	flat := func(float64) (float64, float64, error) { return 1, 0, nil }
	if _, err := Newton(flat, 1, 1e-9); !errors.Is(err, ErrNoRoot) {
		t.Errorf("no rate: %v, want ErrNoRoot", err)
	}
}

func TestRegula(t *testing.T) {
	calls := 0
	cos := func(t float64) (float64, error) { calls++; return math.Cos(t), nil }
	got, err := Regula(cos, 2, 1, math.Cos(2), math.Cos(1), 1e-12)
	if err != nil || !(math.Abs(got-math.Pi/2) <= 1e-11) {
		t.Errorf("π/2: %v (%v)", got, err)
	}
	// Illinois converges superlinearly: a plain false position on this
	// bracket takes far more steps than a dozen.
	if calls > 12 {
		t.Errorf("%d evaluations, want at most 12", calls)
	}
	if _, err := Regula(cos, 0, 1, 1, math.Cos(1), 1e-9); !errors.Is(err, ErrNoRoot) {
		t.Errorf("ends of one sign: %v", err)
	}
}
