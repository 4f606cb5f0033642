package quota_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/astroapi/astroapi/quota"
	"github.com/google/go-cmp/cmp"
)

func TestDefaultPlans(t *testing.T) {
	p := quota.DefaultPlans()
	if diff := cmp.Diff([]string{"free", "starter", "pro", "business"}, p.Names()); diff != "" {
		t.Errorf("Names (-want +got):\n%s", diff)
	}
	for _, name := range p.Names() {
		x := p[name]
		// A month must hold at least one full day, and every plan is rate limited.
		if x.Name != name || x.DailyLimit <= 0 || x.MonthlyLimit < x.DailyLimit || x.RatePerSecond <= 0 {
			t.Errorf("plan %s = %+v is inconsistent", name, x)
		}
	}
}

func TestParsePlans(t *testing.T) {
	base := quota.DefaultPlans()
	got, err := quota.ParsePlans("# comment\nfree daily=50 # half\n\n team daily=10 monthly=100 rate=0 burst=3 ; pro rate=99", base)
	if err != nil {
		t.Fatal(err)
	}
	want := base.Clone()
	f := want["free"]
	f.DailyLimit = 50
	want["free"] = f
	want["team"] = quota.Plan{Name: "team", DailyLimit: 10, MonthlyLimit: 100, RatePerSecond: 0, Burst: 3}
	pr := want["pro"]
	pr.RatePerSecond = 99
	want["pro"] = pr
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("ParsePlans (-want +got):\n%s", diff)
	}
	if base["free"].DailyLimit != 100 {
		t.Error("ParsePlans modified its base")
	}
	for _, bad := range []string{
		"newplan daily=5",         // a new plan needs monthly too
		"free daily=-1",           // negative
		"free daily=ten",          // not a number
		"free hourly=5",           // unknown setting
		"free daily",              // no value
		"free daily=0 monthly=10", // zero limit
	} {
		if _, err := quota.ParsePlans(bad, base); err == nil {
			t.Errorf("ParsePlans(%q) succeeded", bad)
		}
	}
}

func TestLoadPlans(t *testing.T) {
	path := filepath.Join(t.TempDir(), "plans.txt")
	if err := os.WriteFile(path, []byte("free daily=7\nstarter monthly=70000\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	got, err := quota.LoadPlans(path, "free daily=8;gold daily=1 monthly=2 rate=3")
	if err != nil {
		t.Fatal(err)
	}
	// The environment wins over the file, the file over the defaults.
	if got["free"].DailyLimit != 8 || got["free"].MonthlyLimit != 1000 || got["starter"].MonthlyLimit != 70000 || got["gold"].RatePerSecond != 3 {
		t.Errorf("LoadPlans = %+v", got)
	}
	if _, err := quota.LoadPlans(filepath.Join(t.TempDir(), "missing"), ""); err == nil {
		t.Error("LoadPlans of a missing file succeeded")
	}
	if _, err := quota.LoadPlans("", "free daily=x"); err == nil || !strings.Contains(err.Error(), "ASTROAPI_PLANS") {
		t.Errorf("bad env: %v, want an error naming ASTROAPI_PLANS", err)
	}
	d, err := quota.LoadPlans("", "")
	if err != nil || !cmp.Equal(d, quota.DefaultPlans()) {
		t.Errorf("LoadPlans(\"\", \"\") = %v, %v; want the defaults", d, err)
	}
}
