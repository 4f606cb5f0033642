package stars

import (
	"errors"
	"fmt"
	"strings"
	"unicode"

	"golang.org/x/text/runes"
	"golang.org/x/text/transform"
	"golang.org/x/text/unicode/norm"
)

// ErrUnknownStar is wrapped by the error of Find for a name that is none of
// the catalog's (a 404 for the API).
var ErrUnknownStar = errors.New("unknown star")

// UnknownStarError is the error of Find for a name the catalog lacks. It
// suggests the nearest names and says where the names are listed.
type UnknownStarError struct {
	Name        string   // the name asked for
	Suggestions []string // catalog names spelled most like it, best first (at most 3)
}

func (e *UnknownStarError) Error() string {
	s := fmt.Sprintf("unknown star %q: not one of the %d catalog stars (the fixed star index lists them all, with their alternate names)", e.Name, Count)
	if len(e.Suggestions) > 0 {
		s += "; did you mean " + strings.Join(e.Suggestions, ", ") + "?"
	}
	return s
}

// Unwrap lets errors.Is find ErrUnknownStar.
func (e *UnknownStarError) Unwrap() error { return ErrUnknownStar }

// maxNameLen bounds the names Find looks at; no star name comes close.
const maxNameLen = 64

// fold reduces a star name to its lookup form: letters and digits only, in
// lower case, accents removed ("Zubén El-Genubi" -> "zubenelgenubi").
func fold(name string) string {
	ascii := true
	for i := 0; i < len(name); i++ {
		if name[i] >= 0x80 {
			ascii = false
			break
		}
	}
	if ascii { // the usual case: no accents to strip, one small allocation
		b := make([]byte, 0, len(name))
		for i := 0; i < len(name); i++ {
			switch c := name[i]; {
			case c >= 'a' && c <= 'z', c >= '0' && c <= '9':
				b = append(b, c)
			case c >= 'A' && c <= 'Z':
				b = append(b, c+'a'-'A')
			}
		}
		return string(b)
	}
	t := transform.Chain(norm.NFD, runes.Remove(runes.In(unicode.Mn)))
	s, _, err := transform.String(t, name)
	if err != nil {
		s = name
	}
	var b strings.Builder
	for _, r := range s {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			b.WriteRune(unicode.ToLower(r))
		}
	}
	return b.String()
}

// byName maps every folded name and alternate name to its star.
var byName = func() map[string]*Info {
	m := map[string]*Info{}
	for i := range catalog {
		s := &catalog[i]
		for _, n := range append([]string{s.Name}, s.AlternateNames...) {
			k := fold(n)
			if o, dup := m[k]; dup && o != s {
				panic("stars: name " + n + " of " + s.Name + " is also " + o.Name + "'s")
			}
			m[k] = s
		}
	}
	return m
}()

// Find returns the catalog star called name or one of its alternate names,
// ignoring case, accents, spaces and punctuation ("deneb-algedi",
// "RAS ALHAGUE", "Zubenelgenubi"). An unknown name gives an
// *UnknownStarError wrapping ErrUnknownStar.
func Find(name string) (*Info, error) {
	if len(name) <= maxNameLen {
		if s, ok := byName[fold(name)]; ok {
			return s, nil
		}
	}
	return nil, &UnknownStarError{Name: name, Suggestions: suggest(name)}
}

// suggest returns up to three catalog names within a small edit distance
// of name, nearest first.
func suggest(name string) []string {
	if len(name) > maxNameLen {
		return nil
	}
	f := fold(name)
	if f == "" {
		return nil
	}
	type cand struct {
		name string
		d    int
	}
	var best []cand
	seen := map[*Info]bool{}
	for i := range catalog {
		s := &catalog[i]
		for _, n := range append([]string{s.Name}, s.AlternateNames...) {
			d := editDistance(f, fold(n))
			// Within a third of the name's length: a typo, not another word.
			if d > max(1, len(f)/3) || seen[s] {
				continue
			}
			seen[s] = true
			best = append(best, cand{s.Name, d})
		}
	}
	// Insertion sort by distance, then catalog order: a handful at most.
	for i := 1; i < len(best); i++ {
		for j := i; j > 0 && best[j].d < best[j-1].d; j-- {
			best[j], best[j-1] = best[j-1], best[j]
		}
	}
	out := []string{}
	for i := 0; i < len(best) && i < 3; i++ {
		out = append(out, best[i].name)
	}
	return out
}

// editDistance is the Levenshtein distance of two ASCII-folded names.
func editDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}
