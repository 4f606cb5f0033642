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

// rec is the compact in-memory form of a place; names share one packed
// string, and country, admin-1 and zone are small table indices.
type rec struct {
	name, ascii string
	id          int32
	pop         int32
	lat, lon    float32
	country     uint16
	admin       uint16 // index into Index.admins
	zone        uint16
	flag        byte
	base        float32 // baseScore, precomputed
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

	keys     []string  // sorted search keys
	keyMax   []float32 // best prefix-search score among a key's postings
	blockMax []float32 // highest keyMax of each keyBlock keys
	postOff  []int32   // keys[i] owns posts[postOff[i]:postOff[i+1]]
	posts    []int32   // row, or -(row+1) for a match on an alternate name

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
	// Text packs about 3.6:1; room for 4:1 avoids regrowing 30 MB.
	text, err := dec.DecodeAll(packed, make([]byte, 0, 4*len(packed)))
	if err != nil {
		return nil, fmt.Errorf("places: %s: %w", path, err)
	}
	ix, err := parse(string(text))
	if err != nil {
		return nil, fmt.Errorf("places: %s: %w", path, err)
	}
	return ix, nil
}

// parse builds the index from the unpacked file; it keeps no reference to
// text, whose 30 MB the collector can then reclaim.
func parse(text string) (*Index, error) {
	// The K lines (two thirds of the work) are parsed on a second
	// goroutine while this one parses the places: start-up on two cores.
	head, tail := text, ""
	if i := strings.Index(text, "\nK\t"); i >= 0 {
		head, tail = text[:i+1], text[i+1:]
	}
	headLines := strings.Count(head, "\n")
	ix := &Index{}
	// The N line comes first; it sizes the slices and bounds row numbers.
	if !strings.HasPrefix(skipComments(head), "N\t") {
		return nil, fmt.Errorf("no N line before the places")
	}
	keysErr := make(chan error, 1)
	var np, nk, npost int
	{
		l := skipComments(head)
		l = l[:strings.IndexByte(l, '\n')]
		var f [4]string
		if split(l, f[:]) != 4 {
			return nil, fmt.Errorf("bad N line %q", l)
		}
		var e1, e2, e3 error
		np, e1 = strconv.Atoi(f[1])
		nk, e2 = strconv.Atoi(f[2])
		npost, e3 = strconv.Atoi(f[3])
		if e1 != nil || e2 != nil || e3 != nil || np <= 0 || nk <= 0 {
			return nil, fmt.Errorf("bad N line %q", l)
		}
		ix.recs = make([]rec, 0, np)
		ix.keys = make([]string, 0, nk)
		ix.postOff = make([]int32, 0, nk+1)
		ix.posts = make([]int32, 0, npost)
	}
	go func() { keysErr <- ix.parseKeys(tail, headLines, np) }()
	err := ix.parsePlaces(head)
	if kerr := <-keysErr; err == nil {
		err = kerr
	}
	if err != nil {
		return nil, err
	}
	if len(ix.recs) != np || len(ix.keys) == 0 {
		return nil, fmt.Errorf("%d places and %d keys, N line says %d and %d", len(ix.recs), len(ix.keys), np, nk)
	}
	ix.postOff = append(ix.postOff, int32(len(ix.posts)))

	gridDone := make(chan grid, 1)
	go func() { gridDone <- newGrid(ix.recs) }()
	// keyMax is exactly the best score a key can give in a prefix search
	// (see Index.prefixScore), so prefix can skip keys and blocks by it.
	ix.keyMax = make([]float32, len(ix.keys))
	for k := range ix.keys {
		m := math.Inf(-1)
		for _, p := range ix.posts[ix.postOff[k]:ix.postOff[k+1]] {
			m = max(m, ix.prefixScore(p))
		}
		ix.keyMax[k] = float32(m)
	}
	ix.blockMax = make([]float32, (len(ix.keys)+keyBlock-1)/keyBlock)
	for k, m := range ix.keyMax {
		if k%keyBlock == 0 || m > ix.blockMax[k/keyBlock] {
			ix.blockMax[k/keyBlock] = m
		}
	}
	ix.grid = <-gridDone
	return ix, nil
}

// skipComments returns text after its leading comment lines.
func skipComments(text string) string {
	for strings.HasPrefix(text, "#") {
		i := strings.IndexByte(text, '\n')
		if i < 0 {
			return ""
		}
		text = text[i+1:]
	}
	return text
}

// nextLine cuts the first line off text.
func nextLine(text string) (line, rest string) {
	if nl := strings.IndexByte(text, '\n'); nl >= 0 {
		return text[:nl], text[nl+1:]
	}
	return text, ""
}

// parsePlaces reads the comment, N, C and P lines.
func (ix *Index) parsePlaces(text string) error {
	countryAt := map[string]uint16{}
	adminAt := map[string]uint16{}
	zoneAt := map[string]uint16{}
	var f [13]string
	for line := 1; len(text) > 0; line++ {
		var l string
		l, text = nextLine(text)
		if l == "" || l[0] == '#' || l[0] == 'N' {
			continue
		}
		n := split(l, f[:])
		switch {
		case f[0] == "C" && n == 3:
			countryAt[f[1]] = uint16(len(ix.countries))
			c := country{code: strings.Clone(f[1]), name: strings.Clone(f[2]), keys: []string{strings.ToLower(f[1]), Fold(f[2])}}
			c.keys = append(c.keys, countryAliases[f[1]]...)
			ix.countries = append(ix.countries, c)
		case f[0] == "P" && n == 12:
			r, err := ix.parsePlace(f[1:12], countryAt, adminAt, zoneAt)
			if err != nil {
				return fmt.Errorf("line %d: %w", line, err)
			}
			ix.recs = append(ix.recs, r)
		default:
			return fmt.Errorf("line %d: unexpected record %q", line, f[0])
		}
	}
	ix.repackNames()
	return nil
}

// repackNames copies the place names out of the file's text into one
// compact string, so the 30 MB text can be freed once parsing ends.
func (ix *Index) repackNames() {
	size := 0
	for i := range ix.recs {
		size += len(ix.recs[i].name)
		if ix.recs[i].ascii != ix.recs[i].name {
			size += len(ix.recs[i].ascii)
		}
	}
	var b strings.Builder
	b.Grow(size)
	offs := make([]int, 0, 2*len(ix.recs))
	for i := range ix.recs {
		r := &ix.recs[i]
		offs = append(offs, b.Len())
		b.WriteString(r.name)
		offs = append(offs, b.Len())
		if r.ascii != r.name {
			b.WriteString(r.ascii)
		}
	}
	arena := b.String()
	for i := range ix.recs {
		r := &ix.recs[i]
		start, mid := offs[2*i], offs[2*i+1]
		end := mid + len(r.ascii)
		same := r.ascii == r.name
		r.name = arena[start:mid]
		if same {
			r.ascii = r.name
		} else {
			r.ascii = arena[mid:end]
		}
	}
}

// repackKeys does for the search keys what repackNames does for names.
func (ix *Index) repackKeys() {
	size := 0
	for _, k := range ix.keys {
		size += len(k)
	}
	var b strings.Builder
	b.Grow(size)
	for _, k := range ix.keys {
		b.WriteString(k)
	}
	arena := b.String()
	off := 0
	for i, k := range ix.keys {
		ix.keys[i] = arena[off : off+len(k)]
		off += len(k)
	}
}

// parseKeys reads the K lines; first is the line number of the first one,
// less one, and rows the number of places.
func (ix *Index) parseKeys(text string, first, rows int) error {
	var f [3]string
	for line := first + 1; len(text) > 0; line++ {
		var l string
		l, text = nextLine(text)
		if l == "" {
			continue
		}
		if split(l, f[:]) != 3 || f[0] != "K" {
			return fmt.Errorf("line %d: unexpected record %q", line, f[0])
		}
		if err := ix.parseKey(f[1], f[2], rows); err != nil {
			return fmt.Errorf("line %d: %w", line, err)
		}
	}
	ix.repackKeys()
	return nil
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
		ix.admins = append(ix.admins, admin{code: strings.Clone(f[4]), name: strings.Clone(f[5]), key: Fold(f[5])})
	}
	z, ok := zoneAt[f[9]]
	if !ok {
		z = uint16(len(ix.zones))
		zoneAt[f[9]] = z
		ix.zones = append(ix.zones, strings.Clone(f[9]))
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
	r.base = float32(baseScore(&r))
	return r, nil
}

func (ix *Index) parseKey(key, list string, rows int) error {
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
		if err != nil || row < 0 || row >= rows {
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
