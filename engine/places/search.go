package places

import (
	"math"
	"sort"
	"strings"
)

// Ranking, in units of log10(population): a place's score is
// log10(population+1) plus the bonuses below. A match on the name itself
// beats a match on an alternate name of a place up to 0.7 decades (5
// times) larger, so "Geneva" is Genève, not Geneva, Illinois (8.5 times
// smaller); capitals get 1.5 decades, so "Paris" is the French capital and
// "New Delhi" the capital, not Delhi, of which it is also an alternate name.
const (
	bonusExact           = 3.0  // the query is the name or ASCII name
	bonusAlternate       = 2.3  // the query is an alternate name (Cracow, Bombay)
	bonusPrefix          = 0.0  // the query begins a name
	bonusPrefixAlternate = -1.5 // the query begins an alternate name
	bonusCapital         = 1.5  // national capital (PPLC); no bonus for lesser seats, so namesakes rank by population

	// keyBlock is the number of consecutive keys summarised by one
	// blockMax entry.
	keyBlock = 64
)

// MaxLimit is the largest number of results Search and Reverse return.
const MaxLimit = 100

// candidate is a row with its score during a search.
type candidate struct {
	row   int32
	score float64
}

// topK keeps the k best candidates, best first, one per row. Most
// postings of a prefix search score below the k-th and cost one
// comparison.
type topK struct {
	k    int
	c    []candidate
	recs []rec
}

// better orders by score, then by GeoNames id for a stable order of ties.
func (t *topK) better(a, b candidate) bool {
	if a.score != b.score {
		return a.score > b.score
	}
	return t.recs[a.row].id < t.recs[b.row].id
}

// full reports whether the list is full and no candidate of score bound
// or less can enter it.
func (t *topK) full(bound float64) bool {
	return len(t.c) == t.k && bound < t.c[t.k-1].score
}

func (t *topK) add(row int32, score float64) {
	c := candidate{row, score}
	if len(t.c) == t.k && !t.better(c, t.c[t.k-1]) {
		return
	}
	for i := range t.c {
		if t.c[i].row == row {
			if !t.better(c, t.c[i]) {
				return
			}
			t.c = append(t.c[:i], t.c[i+1:]...)
			break
		}
	}
	i := sort.Search(len(t.c), func(i int) bool { return t.better(c, t.c[i]) })
	t.c = append(t.c, candidate{})
	copy(t.c[i+1:], t.c[i:])
	t.c[i] = c
	if len(t.c) > t.k {
		t.c = t.c[:t.k]
	}
}

// Search returns the places best matching query, best first, at most limit
// (1 to MaxLimit; 10 when limit <= 0). country, an ISO 3166-1 alpha-2 code
// or "", restricts the results to one country.
//
// The query is matched accent- and case-insensitively (see Fold) against
// names, ASCII names and Latin-script alternate names, whole names first,
// then names beginning with the query. Text after a comma qualifies the
// name: "Paris, TX", "Springfield, Illinois", "London, UK", "Paris, France"
// (country code or name, first-level division code or name); without a
// comma the last words are tried as a qualifier when the whole query names
// nothing ("Paris Texas"). Results are ranked by population with a boost
// for exact matches and capitals.
func (ix *Index) Search(query, country string, limit int) []Place {
	if limit <= 0 {
		limit = 10
	}
	limit = min(limit, MaxLimit)
	cc := -1
	if country != "" {
		cc = ix.countryIndex(strings.ToUpper(strings.TrimSpace(country)))
		if cc < 0 {
			return nil
		}
	}
	top := topK{k: limit, recs: ix.recs}
	add := func(row int32, score float64) {
		if cc >= 0 && int(ix.recs[row].country) != cc {
			return
		}
		top.add(row, score)
	}

	whole := Fold(query)
	if whole == "" {
		return nil
	}
	ix.exact(whole, nil, add)
	if len(top.c) == 0 {
		if name, quals, ok := splitQualifiers(query); ok {
			ix.exact(Fold(name), quals, add)
		} else if words := strings.Split(whole, " "); len(words) > 1 {
			// "Paris Texas", "Springfield Illinois", "Albany New York".
			for cut := len(words) - 1; cut >= 1 && len(top.c) == 0; cut-- {
				name := strings.Join(words[:cut], " ")
				qual := strings.Join(words[cut:], " ")
				if ix.exactKey(name) >= 0 {
					ix.exact(name, []string{qual}, add)
				}
			}
		}
	}
	if len(top.c) < limit {
		name, quals := whole, []string(nil)
		if n, q, ok := splitQualifiers(query); ok && len(top.c) == 0 {
			name, quals = Fold(n), q
		}
		ix.prefix(name, quals, add, top.full)
	}

	cands := top.c
	out := make([]Place, len(cands))
	for i, c := range cands {
		out[i] = ix.place(c.row)
	}
	return out
}

// splitQualifiers cuts "name, q1, q2" into the name and folded qualifiers.
func splitQualifiers(query string) (string, []string, bool) {
	parts := strings.Split(query, ",")
	if len(parts) < 2 {
		return "", nil, false
	}
	var quals []string
	for _, p := range parts[1:] {
		if q := Fold(p); q != "" {
			quals = append(quals, q)
		}
	}
	return parts[0], quals, len(quals) > 0 && Fold(parts[0]) != ""
}

// exactKey returns the position of key in ix.keys, or -1.
func (ix *Index) exactKey(key string) int {
	i := sort.SearchStrings(ix.keys, key)
	if i < len(ix.keys) && ix.keys[i] == key {
		return i
	}
	return -1
}

// exact adds the rows whose names fold to key and that satisfy quals.
func (ix *Index) exact(key string, quals []string, add func(int32, float64)) {
	k := ix.exactKey(key)
	if k < 0 {
		return
	}
	ix.addPosts(k, true, quals, add)
}

// prefix adds the rows with a name that begins with key (whole-word or
// not), except the exact key itself, which exact has handled. The keys
// with the prefix are contiguous; their blocks are visited best bound
// first, so the results fill with large places at once and skip reports
// the remaining blocks useless: a two-letter prefix costs tens of
// microseconds, not a scan of its thousands of keys.
func (ix *Index) prefix(key string, quals []string, add func(int32, float64), skip func(bound float64) bool) {
	lo := sort.SearchStrings(ix.keys, key)
	hi := lo + sort.Search(len(ix.keys)-lo, func(i int) bool { return !strings.HasPrefix(ix.keys[lo+i], key) })
	if lo >= hi {
		return
	}
	blocks := make([]int32, 0, (hi-1)/keyBlock-lo/keyBlock+1)
	for b := lo / keyBlock; b <= (hi-1)/keyBlock; b++ {
		blocks = append(blocks, int32(b))
	}
	sort.Slice(blocks, func(i, j int) bool { return ix.blockMax[blocks[i]] > ix.blockMax[blocks[j]] })
	for _, b := range blocks {
		if skip(float64(ix.blockMax[b]) + bonusPrefix) {
			break // blocks come best first: none of the rest can enter
		}
		for k := max(lo, int(b)*keyBlock); k < min(hi, int(b+1)*keyBlock); k++ {
			if ix.keys[k] == key || skip(float64(ix.keyMax[k])+bonusPrefix) {
				continue
			}
			ix.addPosts(k, false, quals, add)
		}
	}
}

// addPosts adds the postings of key k: with the exact-match bonuses when
// exact, else as prefix matches (prefixScore).
func (ix *Index) addPosts(k int, exact bool, quals []string, add func(int32, float64)) {
	for _, p := range ix.posts[ix.postOff[k]:ix.postOff[k+1]] {
		row := p
		if row < 0 {
			row = -row - 1
		}
		if !ix.qualifies(row, quals) {
			continue
		}
		if !exact {
			add(row, ix.prefixScore(p))
			continue
		}
		score := float64(ix.recs[row].base) + bonusExact
		if p < 0 {
			score = float64(ix.recs[row].base) + bonusAlternate
		}
		add(row, score)
	}
}

// prefixScore is the score of posting p (a row, or -(row+1) for an
// alternate name) when the query only begins its name. Capitals win among
// namesakes, not among names that merely begin alike ("New" is New York
// before New Delhi), and alternate names count less.
func (ix *Index) prefixScore(p int32) float64 {
	bonus := bonusPrefix
	if p < 0 {
		p = -p - 1
		bonus = bonusPrefixAlternate
	}
	r := &ix.recs[p]
	s := float64(r.base) + bonus
	if r.flag == 'C' {
		s -= bonusCapital
	}
	return s
}

// baseScore is the query-independent part of the rank, kept in rec.base.
func baseScore(r *rec) float64 {
	s := math.Log10(float64(r.pop) + 1)
	if r.flag == 'C' {
		s += bonusCapital
	}
	return s
}

// qualifies reports whether every qualifier names the row's country or
// first-level division.
func (ix *Index) qualifies(row int32, quals []string) bool {
	r := &ix.recs[row]
	for _, q := range quals {
		a := &ix.admins[r.admin]
		if q == a.key || q == strings.ToLower(a.code) && !isDigits(a.code) {
			continue
		}
		ok := false
		for _, k := range ix.countries[r.country].keys {
			if q == k {
				ok = true
				break
			}
		}
		if !ok {
			return false
		}
	}
	return true
}

// isDigits reports whether s is all digits: numeric admin-1 codes ("11"
// for Île-de-France) mean nothing to users and are not matched.
func isDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}

// countryIndex returns the position of an ISO2 code in ix.countries, or -1.
func (ix *Index) countryIndex(code string) int {
	i := sort.Search(len(ix.countries), func(i int) bool { return ix.countries[i].code >= code })
	if i < len(ix.countries) && ix.countries[i].code == code {
		return i
	}
	return -1
}

// Country returns the English short name of an ISO 3166-1 alpha-2 code
// known to the index, and whether it is known.
func (ix *Index) Country(code string) (string, bool) {
	i := ix.countryIndex(strings.ToUpper(code))
	if i < 0 {
		return "", false
	}
	return ix.countries[i].name, true
}
