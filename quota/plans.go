package quota

import (
	"fmt"
	"os"
	"sort"
	"strconv"
	"strings"
)

// Plan is what an account pays for: how many billed calls per UTC day and
// UTC month, and how many requests per second.
type Plan struct {
	Name          string `json:"name"`
	DailyLimit    int64  `json:"daily_limit"`     // billed calls per UTC day, > 0
	MonthlyLimit  int64  `json:"monthly_limit"`   // billed calls per UTC month, > 0
	RatePerSecond int64  `json:"rate_per_second"` // requests per second; 0 = no per-second limit
	Burst         int64  `json:"burst"`           // token bucket size; 0 = RatePerSecond
}

// Plans maps plan names to plans.
type Plans map[string]Plan

// The plan names every deployment has (Config may add more).
const (
	Free     = "free"
	Starter  = "starter"
	Pro      = "pro"
	Business = "business"
)

// DefaultPlans returns the built-in limits. They are this project's choice:
// the contract (spec 8) leaves the values to configuration.
func DefaultPlans() Plans {
	return Plans{
		Free:     {Name: Free, DailyLimit: 100, MonthlyLimit: 1_000, RatePerSecond: 2},
		Starter:  {Name: Starter, DailyLimit: 2_000, MonthlyLimit: 30_000, RatePerSecond: 10},
		Pro:      {Name: Pro, DailyLimit: 20_000, MonthlyLimit: 300_000, RatePerSecond: 50},
		Business: {Name: Business, DailyLimit: 200_000, MonthlyLimit: 3_000_000, RatePerSecond: 200},
	}
}

// Names lists the plan names, sorted by daily limit then name.
func (p Plans) Names() []string {
	out := make([]string, 0, len(p))
	for n := range p {
		out = append(out, n)
	}
	sort.Slice(out, func(i, j int) bool {
		a, b := p[out[i]], p[out[j]]
		if a.DailyLimit != b.DailyLimit {
			return a.DailyLimit < b.DailyLimit
		}
		return out[i] < out[j]
	})
	return out
}

// Clone returns a copy of p that can be changed without touching p.
func (p Plans) Clone() Plans {
	out := make(Plans, len(p))
	for k, v := range p {
		out[k] = v
	}
	return out
}

// ParsePlans returns base (copied) with the plans of text laid over it.
// text has one plan per line or per ';', with name first and then any of
// daily=N, monthly=N, rate=N, burst=N; a plan named in base keeps the
// values not given, a new plan needs daily and monthly. '#' starts a comment.
//
//	# astroapi plans
//	free     daily=100   monthly=1000   rate=2
//	pro      daily=50000 monthly=1000000 rate=100 burst=200
//	research daily=5000  monthly=50000  rate=0   # rate 0: no per-second limit
func ParsePlans(text string, base Plans) (Plans, error) {
	out := base.Clone()
	for n, line := range strings.FieldsFunc(text, func(r rune) bool { return r == '\n' || r == ';' }) {
		if i := strings.IndexByte(line, '#'); i >= 0 {
			line = line[:i]
		}
		f := strings.Fields(line)
		if len(f) == 0 {
			continue
		}
		name := f[0]
		p, known := out[name]
		p.Name = name
		for _, kv := range f[1:] {
			k, v, ok := strings.Cut(kv, "=")
			x, err := strconv.ParseInt(v, 10, 64)
			if !ok || err != nil || x < 0 {
				return nil, fmt.Errorf("plans: entry %d (%s): %q is not key=non-negative integer", n+1, name, kv)
			}
			switch k {
			case "daily":
				p.DailyLimit = x
			case "monthly":
				p.MonthlyLimit = x
			case "rate":
				p.RatePerSecond = x
			case "burst":
				p.Burst = x
			default:
				return nil, fmt.Errorf("plans: entry %d (%s): unknown setting %q (want daily, monthly, rate, burst)", n+1, name, k)
			}
		}
		if p.DailyLimit <= 0 || p.MonthlyLimit <= 0 {
			if !known {
				return nil, fmt.Errorf("plans: new plan %s needs daily=N and monthly=N, both > 0", name)
			}
			return nil, fmt.Errorf("plans: plan %s: daily and monthly must be > 0", name)
		}
		out[name] = p
	}
	return out, nil
}

// LoadPlans is DefaultPlans overlaid with the file at path (ParsePlans
// syntax), then with the string env (same syntax, ';' between plans), which
// is meant for the ASTROAPI_PLANS environment variable. Empty path or env
// are skipped.
func LoadPlans(path, env string) (Plans, error) {
	plans := DefaultPlans()
	if path != "" {
		b, err := os.ReadFile(path)
		if err != nil {
			return nil, fmt.Errorf("plans: %w", err)
		}
		if plans, err = ParsePlans(string(b), plans); err != nil {
			return nil, fmt.Errorf("%s: %w", path, err)
		}
	}
	if env != "" {
		var err error
		if plans, err = ParsePlans(env, plans); err != nil {
			return nil, fmt.Errorf("ASTROAPI_PLANS: %w", err)
		}
	}
	return plans, nil
}
