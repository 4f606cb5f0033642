package timing

import (
	"encoding/json"
	"reflect"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/astroapi/astroapi/engine"
	"github.com/astroapi/astroapi/engine/natal"
)

// The wire enumerations list their values once, for the decoder, the
// OpenAPI document and these tests.
func TestEnums(t *testing.T) {
	enums := []engine.Enum{YearLength(""), Planet(""), Direction(""), AngleMethod(""), LunarPhase(""), ArcKey(""), ProfectionPoint(""), Lot(""), Angularity(""), NodeOrder("")}
	for _, e := range enums {
		vals := e.EnumValues()
		if len(vals) == 0 {
			t.Errorf("%T has no values", e)
		}
		seen := map[string]bool{}
		for _, v := range vals {
			if seen[v] || v != strings.ToLower(v) || strings.Contains(v, " ") {
				t.Errorf("%T value %q duplicated or not a wire value", e, v)
			}
			seen[v] = true
		}
	}
	for _, y := range YearLength("").EnumValues() {
		if YearLength(y).Days() == 0 {
			t.Errorf("year length %s has no days", y)
		}
	}
}

var snake = regexp.MustCompile(`^[a-z][a-z0-9_]*$`)

// checkTags walks a result or option type: every exported field carries a
// snake_case json name and (outside embedded structs) a doc tag or a
// documented type of its own.
func checkTags(t *testing.T, typ reflect.Type, seen map[reflect.Type]bool) {
	t.Helper()
	for typ.Kind() == reflect.Pointer || typ.Kind() == reflect.Slice {
		typ = typ.Elem()
	}
	if typ.Kind() != reflect.Struct || seen[typ] || typ.PkgPath() != reflect.TypeOf(Period{}).PkgPath() {
		return
	}
	seen[typ] = true
	for i := range typ.NumField() {
		f := typ.Field(i)
		if !f.IsExported() {
			continue
		}
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if f.Anonymous && name == "" {
			checkTags(t, f.Type, seen)
			continue
		}
		if name == "-" {
			continue
		}
		if !snake.MatchString(name) {
			t.Errorf("%s.%s: json name %q", typ.Name(), f.Name, name)
		}
		ft := f.Type
		for ft.Kind() == reflect.Pointer || ft.Kind() == reflect.Slice {
			ft = ft.Elem()
		}
		if f.Tag.Get("doc") == "" && (ft.Kind() != reflect.Struct || ft == reflect.TypeOf(time.Time{})) {
			t.Errorf("%s.%s: no doc tag", typ.Name(), f.Name)
		}
		// An example is JSON for types that are not strings, numbers or
		// booleans (the OpenAPI generator reads it so): an instant is a
		// quoted RFC 3339 string.
		if ex, ok := f.Tag.Lookup("example"); ok && ft == reflect.TypeOf(time.Time{}) {
			var v time.Time
			if err := json.Unmarshal([]byte(ex), &v); err != nil {
				t.Errorf("%s.%s: example %s is not a JSON instant", typ.Name(), f.Name, ex)
			}
		}
		checkTags(t, f.Type, seen)
	}
}

func TestTags(t *testing.T) {
	seen := map[reflect.Type]bool{}
	for _, v := range []any{
		SolarReturn{}, Returns{}, Progression{}, SolarArcDirections{}, Profection{}, Releasing{}, Timeline{}, ActivePeriods{},
		Firdaria{}, FirdariaAt{}, FirdariaTimeline{},
		SolarReturnOptions{}, LunarReturnOptions{}, PlanetaryReturnOptions{}, ProgressionOptions{}, SolarArcOptions{},
		ProfectionOptions{}, OverviewOptions{}, TimelineOptions{}, AtDateOptions{}, FirdariaOptions{}, FirdariaAtOptions{}, FirdariaTimelineOptions{},
	} {
		checkTags(t, reflect.TypeOf(v), seen)
	}
}

// The results encode, instants in UTC to the second.
func TestEncode(t *testing.T) {
	pos := source(t)
	d := date("2024-07-14T00:00:00Z")
	var results []any
	add := func(v any, err error) {
		if err != nil {
			t.Fatal(err)
		}
		results = append(results, v)
	}
	add(SolarReturnOf(pos, london, SolarReturnOptions{Year: 2024}))
	add(Progress(pos, london, ProgressionOptions{Date: d}))
	add(SolarArc(pos, london, SolarArcOptions{Date: d}))
	add(Profect(pos, london, ProfectionOptions{Date: d}))
	add(Release(pos, london, OverviewOptions{}))
	add(ReleaseAt(pos, london, AtDateOptions{Date: d}))
	add(FirdariaOf(pos, london, FirdariaOptions{}))
	sid := london
	sid.Chart = natal.Options{Sidereal: engine.Lahiri}
	add(ReleaseAt(pos, sid, AtDateOptions{Date: d}))
	stamp := regexp.MustCompile(`"\d{4}-\d\d-\d\dT[^"]*"`)
	for _, r := range results {
		b, err := json.Marshal(r)
		if err != nil {
			t.Fatalf("%T: %v", r, err)
		}
		for _, s := range stamp.FindAll(b, -1) {
			if !regexp.MustCompile(`^"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ"$`).Match(s) {
				t.Errorf("%T: instant %s not UTC to the second", r, s)
			}
		}
	}
}
