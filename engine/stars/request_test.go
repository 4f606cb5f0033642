package stars

import (
	"errors"
	"testing"
	"time"

	"github.com/astroapi/astroapi/engine"
	"github.com/astroapi/astroapi/engine/resolve"
)

// TestDateResolve: the door checks each part's bounds; Resolve that the
// day exists in its month, naming the field with its prefix.
func TestDateResolve(t *testing.T) {
	for _, c := range []struct {
		d     Date
		field string
	}{{Date{2024, 2, 29}, ""}, {Date{2023, 2, 29}, "p.day"}, {Date{2024, 4, 31}, "p.day"}, {Date{2024, 13, 1}, "p.month"}, {Date{3001, 1, 1}, "p.year"}} {
		err := c.d.Resolve(&resolve.Fixed{}, "p.")
		var fs engine.Fields
		switch {
		case c.field == "" && err != nil:
			t.Errorf("%v: %v", c.d, err)
		case c.field != "" && (!errors.As(err, &fs) || fs[0].Field != c.field):
			t.Errorf("%v: %v, want an error on %s", c.d, err, c.field)
		}
	}
}

// TestOptionsResolve: the index warns of an ignored magnitude_limit and
// keeps it (the echo is what was sent); a conjunction search without
// points is engine.Missing (spec 7's 400), and its orb's default is
// written back.
func TestOptionsResolve(t *testing.T) {
	f := &resolve.Fixed{Time: time.Now()}
	limit := 2.0
	idx := IndexOptions{Date: Date{2024, 4, 8}, MagnitudeLimit: &limit}
	if err := idx.Resolve(f, ""); err != nil || len(f.Notes) != 1 || f.Notes[0] != magnitudeNote || idx.MagnitudeLimit == nil {
		t.Errorf("index: %v %q", err, f.Notes)
	}
	var missing engine.Missing
	c := ConjunctionOptions{Date: Date{2024, 4, 8}}
	if err := c.Resolve(f, "q."); !errors.As(err, &missing) || len(missing) != 1 || missing[0].Field != "q.planets" {
		t.Errorf("no planets: %v", err)
	}
	c = ConjunctionOptions{Date: Date{2024, 4, 8}, Planets: []Planet{{"Sun", 19.4}}}
	if err := c.Resolve(f, ""); err != nil || c.Orb == nil || *c.Orb != DefaultOrb {
		t.Errorf("orb default: %v %+v", err, c)
	}
	c = ConjunctionOptions{Date: Date{2023, 2, 29}, Planets: []Planet{{"", 19.4}}}
	var fs engine.Fields
	if err := c.Resolve(f, ""); !errors.As(err, &fs) || len(fs) != 2 || fs[0].Field != "day" || fs[1].Field != "planets[0].name" {
		t.Errorf("every bad field: %v", err)
	}
}
