package zones

import (
	_ "embed"
	"fmt"
	"sort"
	"strings"
	"time"
	_ "time/tzdata" // offsets from Go's embedded IANA database when the system has none

	"github.com/astroapi/astroapi/engine"
	"github.com/astroapi/astroapi/engine/places"
	"github.com/ringsaturn/tzf"
)

// zonetab lists the zones GeoNames uses with their country and largest
// places; gen/places writes it.
//
//go:embed zonetab.tsv
var zonetab string

// Zone is one IANA zone of the list.
type Zone struct {
	Name        string   `json:"name"`                   // IANA name, e.g. "Europe/Paris"
	Country     string   `json:"country,omitempty"`      // ISO 3166-1 alpha-2 of its largest place
	CountryName string   `json:"country_name,omitempty"` // English short name
	Places      []string `json:"places,omitempty"`       // its largest places (GeoNames)
}

// Index holds the zone list and the boundary index; it is safe for
// concurrent use.
type Index struct {
	zones  []Zone // sorted by name
	keys   []string
	locs   map[string]*time.Location
	finder tzf.F
	ready  chan struct{} // closed when finder is loaded
	err    error         // set before ready closes
}

// New returns the zone index. The zone list is ready at once; the
// boundary index (tzf, about 1 s and 30 MB to unpack) loads in the
// background, and ZoneAt waits for it on first use.
func New() (*Index, error) {
	ix := &Index{locs: map[string]*time.Location{}, ready: make(chan struct{})}
	seen := map[string]bool{}
	for _, line := range strings.Split(zonetab, "\n") {
		if line == "" || line[0] == '#' {
			continue
		}
		f := strings.Split(line, "\t")
		if len(f) != 4 {
			return nil, fmt.Errorf("zones: bad zonetab line %q", line)
		}
		z := Zone{Name: f[0], Country: f[1], CountryName: f[2]}
		if f[3] != "" {
			z.Places = strings.Split(f[3], "|")
		}
		ix.zones = append(ix.zones, z)
		seen[z.Name] = true
	}
	// UTC and the fixed Etc/GMT±N zones that tzf returns at sea.
	for _, name := range append([]string{"UTC"}, nauticalZones()...) {
		if !seen[name] {
			ix.zones = append(ix.zones, Zone{Name: name})
			seen[name] = true
		}
	}
	kept := ix.zones[:0]
	for _, z := range ix.zones {
		loc, err := time.LoadLocation(z.Name)
		if err != nil {
			continue // a zone GeoNames knows but this tzdata does not
		}
		ix.locs[z.Name] = loc
		kept = append(kept, z)
	}
	ix.zones = kept
	sort.Slice(ix.zones, func(a, b int) bool { return ix.zones[a].Name < ix.zones[b].Name })
	ix.keys = make([]string, len(ix.zones))
	for i, z := range ix.zones {
		ix.keys[i] = searchKey(z)
	}
	go func() {
		defer close(ix.ready)
		ix.finder, ix.err = tzf.NewDefaultFinder()
	}()
	return ix, nil
}

// nauticalZones lists Etc/GMT-14 ... Etc/GMT+12. POSIX sign: Etc/GMT+5 is
// five hours behind UTC.
func nauticalZones() []string {
	out := []string{"Etc/GMT"}
	for h := 1; h <= 14; h++ {
		out = append(out, fmt.Sprintf("Etc/GMT-%d", h))
		if h <= 12 {
			out = append(out, fmt.Sprintf("Etc/GMT+%d", h))
		}
	}
	return out
}

// searchKey is the folded text a zone search matches: the name with its
// separators as spaces, the country code and name, and the places.
func searchKey(z Zone) string {
	parts := []string{places.Fold(strings.NewReplacer("/", " ", "_", " ").Replace(z.Name))}
	if z.Country != "" {
		parts = append(parts, strings.ToLower(z.Country), places.Fold(z.CountryName))
	}
	for _, p := range z.Places {
		parts = append(parts, places.Fold(p))
	}
	return " " + strings.Join(parts, " | ") + " "
}

// Zones returns the zone list, sorted by name. The slice is shared: do not
// modify it.
func (ix *Index) Zones() []Zone { return ix.zones }

// Zone returns the list entry of an IANA name, matched exactly or, failing
// that, case-insensitively ("europe/paris").
func (ix *Index) Zone(name string) (Zone, bool) {
	i := sort.Search(len(ix.zones), func(i int) bool { return ix.zones[i].Name >= name })
	if i < len(ix.zones) && ix.zones[i].Name == name {
		return ix.zones[i], true
	}
	for _, z := range ix.zones {
		if strings.EqualFold(z.Name, name) {
			return z, true
		}
	}
	return Zone{}, false
}

// Location returns the time.Location of an IANA zone name. Names outside
// the list (links such as "US/Eastern", rare zones) are loaded from the
// tz database on demand. An unknown name is a *engine.FieldError on field.
func (ix *Index) Location(field, name string) (*time.Location, error) {
	if z, ok := ix.Zone(name); ok {
		return ix.locs[z.Name], nil
	}
	if name == "" || strings.Contains(name, "..") || strings.HasPrefix(name, "/") {
		return nil, &engine.FieldError{Field: field, Reason: "unknown IANA time zone " + fmt.Sprintf("%q", name)}
	}
	loc, err := time.LoadLocation(name)
	if err != nil || name == "Local" {
		return nil, &engine.FieldError{Field: field, Reason: fmt.Sprintf("unknown IANA time zone %q", name)}
	}
	return loc, nil
}

// Search returns the zones whose name, country or largest places contain
// every word of q, accent- and case-insensitively; zones whose name
// contains q come first. q must have at least 2 characters (the caller
// checks). At most limit zones (all when limit <= 0).
func (ix *Index) Search(q string, limit int) []Zone {
	words := strings.Fields(places.Fold(strings.NewReplacer("/", " ", "_", " ").Replace(q)))
	if len(words) == 0 {
		return nil
	}
	type hit struct {
		i    int
		rank int
	}
	var hits []hit
	for i, k := range ix.keys {
		all := true
		for _, w := range words {
			if !strings.Contains(k, w) {
				all = false
				break
			}
		}
		if !all {
			continue
		}
		// Rank: the query as whole words of the zone name, then as whole
		// words anywhere (a country, a place), then starting a word, then
		// anywhere inside a word ("india" finds India before Indiana).
		phrase := " " + strings.Join(words, " ")
		name := k[:strings.Index(k, " | ")+1]
		rank := 3
		switch {
		case strings.Contains(name, phrase+" "):
			rank = 0
		case strings.Contains(k, phrase+" "):
			rank = 1
		case strings.Contains(k, phrase):
			rank = 2
		}
		hits = append(hits, hit{i, rank})
	}
	sort.SliceStable(hits, func(a, b int) bool { return hits[a].rank < hits[b].rank })
	if limit > 0 && len(hits) > limit {
		hits = hits[:limit]
	}
	out := make([]Zone, len(hits))
	for j, h := range hits {
		out[j] = ix.zones[h.i]
	}
	return out
}

// ZoneAt returns the IANA zone at a coordinate in degrees from the
// timezone-boundary-builder polygons (via tzf, data ODbL), waiting for the
// boundary index on first use. At sea it returns the nautical zone
// Etc/GMT±N of the 15°-wide band of longitude (Etc/GMT+2 at 30° W: POSIX
// signs, two hours behind UTC). ok is false when the index failed to load
// or has no answer.
func (ix *Index) ZoneAt(lat, lon float64) (name string, ok bool) {
	<-ix.ready
	if ix.err != nil {
		return "", false
	}
	name = ix.finder.GetTimezoneName(lon, lat)
	return name, name != ""
}

// Wait blocks until the boundary index is loaded and returns its error.
func (ix *Index) Wait() error {
	<-ix.ready
	return ix.err
}

// BoundaryVersion returns the timezone-boundary-builder release of the
// boundary index, e.g. "2025b".
func (ix *Index) BoundaryVersion() string {
	if ix.Wait() != nil {
		return ""
	}
	return ix.finder.DataVersion()
}
