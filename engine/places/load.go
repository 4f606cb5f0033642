package places

import (
	"fmt"
	"math"
	"os"
	"strconv"
	"strings"

	"github.com/klauspost/compress/zstd"
)

// The index file (data/places.tsv.zst, written by gen/places) is
// zstd-compressed UTF-8 text, one record per line, fields separated by tabs:
//
//	# comment
//	N  places  keys  postings      (sizes, first)
//	C  ISO2  country name
//	P  geonameid  name  asciiname  ISO2  admin1-code  admin1-name  lat  lon  population  zone  flag
//	K  key  row,~row,...
//
// An empty asciiname means the same as name. flag is C for a capital (GeoNames PPLC), A for the seat of a first-level
// division (PPLA), else empty. Rows are numbered from 0 in P-line order. K
// lines come sorted by key (bytewise) and list the rows whose name, ASCII
// name or alternate name (prefix "~") folds to the key, most populous first.

// rec is the compact in-memory form of a place; strings share the file's
// backing buffer, and country, admin-1 and zone are small table indices.
type rec struct {
	name, ascii string
	id          int32
	pop         int32
	lat, lon    float32
	country     uint16
	admin       uint16 // index into Index.admins
	zone        uint16
	flag        byte
}

// admin is one first-level division.
type admin struct {
	code, name string // GeoNames admin-1 code ("TX", "11") and name
	key        string // Fold(name)
}

// country is one ISO 3166-1 country.
type country struct {
	code, name string
	keys       []string // folded names a qualifier may use
}

// Index answers place searches; it is safe for concurrent use.
type Index struct {
	recs      []rec
	countries []country
	admins    []admin
	zones     []string

	keys    []string // sorted search keys
	postOff []int32  // keys[i] owns posts[postOff[i]:postOff[i+1]]
	posts   []int32  // row, or -(row+1) for a match on an alternate name

	grid grid
}

// Len returns the number of places in the index.
func (ix *Index) Len() int { return len(ix.recs) }

// countryAliases are names people use for a country that CLDR's English
// short name does not cover, folded.
var countryAliases = map[string][]string{
	"US": {"usa", "united states of america", "america"},
	"GB": {"uk", "great britain", "britain"},
	"AE": {"uae"},
	"CZ": {"czech republic"},
	"KR": {"korea"},
	"RU": {"russian federation"},
	"NL": {"holland"},
	"MM": {"burma"},
	"CI": {"ivory coast"},
	"SZ": {"swaziland"},
	"MK": {"macedonia"},
	"TR": {"turkey"},
}

// Load reads an index written by gen/places. It takes a few hundred
// milliseconds and about the file's unpacked size in memory.
func Load(path string) (*Index, error) {
	packed, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("places: %w", err)
	}
	dec, err := zstd.NewReader(nil, zstd.WithDecoderConcurrency(1))
	if err != nil {
		return nil, fmt.Errorf("places: %w", err)
	}
	defer dec.Close()
	text, err := dec.DecodeAll(packed, nil)
	if err != nil {
		return nil, fmt.Errorf("places: %s: %w", path, err)
	}
	// The index keeps substrings of the text; the one conversion copies it.
	ix, err := parse(string(text))
	if err != nil {
		return nil, fmt.Errorf("places: %s: %w", path, err)
	}
	return ix, nil
}

// parse builds the index from the unpacked file; the strings it keeps are
// substrings of text.
func parse(text string) (*Index, error) {
	ix := &Index{}
	countryAt := map[string]uint16{}
	adminAt := map[string]uint16{}
	zoneAt := map[string]uint16{}
	var f [13]string
	line := 0
	for len(text) > 0 {
		line++
		nl := strings.IndexByte(text, '\n')
		var l string
		if nl < 0 {
			l, text = text, ""
		} else {
			l, text = text[:nl], text[nl+1:]
		}
		if l == "" || l[0] == '#' {
			continue
		}
		n := split(l, f[:])
		switch {
		case f[0] == "N" && n == 4:
			np, _ := strconv.Atoi(f[1])
			nk, _ := strconv.Atoi(f[2])
			npost, _ := strconv.Atoi(f[3])
			ix.recs = make([]rec, 0, np)
			ix.keys = make([]string, 0, nk)
			ix.postOff = make([]int32, 0, nk+1)
			ix.posts = make([]int32, 0, npost)
		case f[0] == "C" && n == 3:
			countryAt[f[1]] = uint16(len(ix.countries))
			c := country{code: f[1], name: f[2], keys: []string{strings.ToLower(f[1]), Fold(f[2])}}
			c.keys = append(c.keys, countryAliases[f[1]]...)
			ix.countries = append(ix.countries, c)
		case f[0] == "P" && n == 12:
			r, err := ix.parsePlace(f[1:12], countryAt, adminAt, zoneAt)
			if err != nil {
				return nil, fmt.Errorf("line %d: %w", line, err)
			}
			ix.recs = append(ix.recs, r)
		case f[0] == "K" && n == 3:
			if err := ix.parseKey(f[1], f[2]); err != nil {
				return nil, fmt.Errorf("line %d: %w", line, err)
			}
		default:
			return nil, fmt.Errorf("line %d: unexpected record %q", line, f[0])
		}
	}
	ix.postOff = append(ix.postOff, int32(len(ix.posts)))
	if len(ix.recs) == 0 || len(ix.keys) == 0 {
		return nil, fmt.Errorf("no places")
	}
	ix.grid = newGrid(ix.recs)
	return ix, nil
}

// split cuts l at tabs into f and returns the number of fields; extra
// fields are joined into the last one.
func split(l string, f []string) int {
	n := 0
	for n < len(f)-1 {
		i := strings.IndexByte(l, '\t')
		if i < 0 {
			break
		}
		f[n], l = l[:i], l[i+1:]
		n++
	}
	f[n] = l
	return n + 1
}

func (ix *Index) parsePlace(f []string, countryAt, adminAt, zoneAt map[string]uint16) (rec, error) {
	id, err1 := strconv.ParseInt(f[0], 10, 32)
	lat, err2 := strconv.ParseFloat(f[6], 64)
	lon, err3 := strconv.ParseFloat(f[7], 64)
	pop, err4 := strconv.ParseInt(f[8], 10, 64)
	if err1 != nil || err2 != nil || err3 != nil || err4 != nil {
		return rec{}, fmt.Errorf("bad number in place %q", f[0])
	}
	c, ok := countryAt[f[3]]
	if !ok {
		return rec{}, fmt.Errorf("place %s: unknown country %q", f[0], f[3])
	}
	ak := f[3] + "." + f[4]
	a, ok := adminAt[ak]
	if !ok {
		a = uint16(len(ix.admins))
		adminAt[ak] = a
		ix.admins = append(ix.admins, admin{code: f[4], name: f[5], key: Fold(f[5])})
	}
	z, ok := zoneAt[f[9]]
	if !ok {
		z = uint16(len(ix.zones))
		zoneAt[f[9]] = z
		ix.zones = append(ix.zones, f[9])
	}
	ascii := f[2]
	if ascii == "" {
		ascii = f[1]
	}
	r := rec{
		name: f[1], ascii: ascii, id: int32(id), pop: int32(min(pop, math.MaxInt32)),
		lat: float32(lat), lon: float32(lon), country: c, admin: a, zone: z,
	}
	if f[10] != "" {
		r.flag = f[10][0]
	}
	return r, nil
}

func (ix *Index) parseKey(key, list string) error {
	if n := len(ix.keys); n > 0 && ix.keys[n-1] >= key {
		return fmt.Errorf("key %q out of order", key)
	}
	ix.keys = append(ix.keys, key)
	ix.postOff = append(ix.postOff, int32(len(ix.posts)))
	for list != "" {
		item := list
		if i := strings.IndexByte(list, ','); i >= 0 {
			item, list = list[:i], list[i+1:]
		} else {
			list = ""
		}
		alt := strings.HasPrefix(item, "~")
		row, err := strconv.Atoi(strings.TrimPrefix(item, "~"))
		if err != nil || row < 0 || row >= len(ix.recs) {
			return fmt.Errorf("key %q: bad row %q", key, item)
		}
		if alt {
			row = -(row + 1)
		}
		ix.posts = append(ix.posts, int32(row))
	}
	return nil
}

// place materialises the public form of row i.
func (ix *Index) place(i int32) Place {
	r := &ix.recs[i]
	c := &ix.countries[r.country]
	return Place{
		GeonameID:   int(r.id),
		Name:        r.name,
		ASCIIName:   r.ascii,
		Country:     c.code,
		CountryName: c.name,
		Admin1:      ix.admins[r.admin].name,
		Latitude:    round5(r.lat),
		Longitude:   round5(r.lon),
		Population:  int64(r.pop),
		Timezone:    ix.zones[r.zone],
	}
}

// round5 undoes float32 storage noise: GeoNames gives five decimals
// (about 1 m), which float32 holds to better than 2 m.
func round5(v float32) float64 { return math.Round(float64(v)*1e5) / 1e5 }
