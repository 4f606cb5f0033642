// Package labels translates the names in the API's answers (planets,
// signs, aspects, houses, nakshatras, tithis, yogas, stems and branches,
// Tzolk'in day signs, ...) for display, at the door: the results keep
// their stable English identifiers, and a request that asks for a
// language (the lang query parameter or Accept-Language) gets beside the
// result a dictionary of the names it contains, by category:
//
//	"labels": {"planets": {"Sun": "Sol"}, "signs": {"Cancer": "Cáncer"}}
//
// Categories keep apart the values that are spelled alike (the stem Wu 戊
// and the branch Wu 午). Nothing here knows a family's result type: the
// encoded result is scanned for string values, so a family added later is
// labelled the day it answers a known name.
//
// The translations are data files (data/<lang>.json), each naming its
// sources; data/en.json holds every key with its English display name,
// and a test fails on a term any language lacks.
package labels

import (
	"bytes"
	"embed"
	"encoding/json"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"sync"
)

//go:embed data/*.json
var files embed.FS

// File is one language's data file.
type File struct {
	Language string                       `json:"language"` // the language's code, e.g. "es"
	Name     string                       `json:"name"`     // the language's own name
	Sources  []string                     `json:"sources"`  // where the terms come from
	Terms    map[string]map[string]string `json:"terms"`    // category -> stable key -> label
}

// Set is every language's terms, indexed for lookups by normalized value.
type Set struct {
	Files map[string]*File // by language code
	// index: normalized key -> the categories and keys it names
	index map[string][]entry
}

type entry struct{ category, key string }

var (
	loadOnce sync.Once
	loaded   *Set
	loadErr  error
)

// Load reads the embedded data files once.
func Load() (*Set, error) {
	loadOnce.Do(func() { loaded, loadErr = parse() })
	return loaded, loadErr
}

func parse() (*Set, error) {
	s := &Set{Files: map[string]*File{}, index: map[string][]entry{}}
	names, err := files.ReadDir("data")
	if err != nil {
		return nil, err
	}
	for _, n := range names {
		b, err := files.ReadFile("data/" + n.Name())
		if err != nil {
			return nil, err
		}
		var f File
		if err := json.Unmarshal(b, &f); err != nil {
			return nil, fmt.Errorf("labels: %s: %w", n.Name(), err)
		}
		if f.Language+".json" != n.Name() {
			return nil, fmt.Errorf("labels: %s says it is %q", n.Name(), f.Language)
		}
		s.Files[f.Language] = &f
	}
	en := s.Files["en"]
	if en == nil {
		return nil, fmt.Errorf("labels: no en.json, the list of keys")
	}
	for cat, terms := range en.Terms {
		for key := range terms {
			n := normalize(key)
			s.index[n] = append(s.index[n], entry{cat, key})
		}
	}
	return s, nil
}

// normalize is how a value in a result is matched to a key: letters and
// digits lower-cased, apostrophes dropped, spaces, hyphens and
// underscores alike ("semi_sextile" and "Semi-sextile", "K'an" and "Kan").
func normalize(s string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(s) {
		switch r {
		case '\'', '’':
		case ' ', '-', '_':
			b.WriteByte('_')
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// Languages are the codes served, sorted.
func (s *Set) Languages() []string {
	out := make([]string, 0, len(s.Files))
	for l := range s.Files {
		out = append(out, l)
	}
	sort.Strings(out)
	return out
}

// Has reports whether language lang is served.
func (s *Set) Has(lang string) bool { return s.Files[lang] != nil }

// Negotiate picks the language of an Accept-Language header: the served
// language of the highest quality (a region is ignored: es-MX is es),
// "" when none is served or the header names none.
func (s *Set) Negotiate(header string) string {
	best, bestQ := "", 0.0
	for _, part := range strings.Split(header, ",") {
		tag, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		q := 1.0
		if v, ok := strings.CutPrefix(strings.TrimSpace(params), "q="); ok {
			if f, err := strconv.ParseFloat(v, 64); err == nil {
				q = f
			}
		}
		base, _, _ := strings.Cut(strings.ToLower(strings.TrimSpace(tag)), "-")
		if q > bestQ && s.Has(base) {
			best, bestQ = base, q
		}
	}
	return best
}

// Labels are the translations of the names a result holds, by category
// then by the value as the result writes it.
type Labels map[string]map[string]string

// Find scans an encoded JSON document for string values that are known
// names and returns their labels in lang (nil when none is found).
// Object keys are not names and are skipped.
func (s *Set) Find(doc []byte, lang string) Labels {
	f := s.Files[lang]
	if f == nil {
		return nil
	}
	var out Labels
	dec := json.NewDecoder(bytes.NewReader(doc))
	var stack []frame // whether the next string token is an object's key
	for {
		tok, err := dec.Token()
		if err != nil {
			break
		}
		switch t := tok.(type) {
		case json.Delim:
			switch t {
			case '{':
				stack = append(stack, frame{object: true, wantKey: true})
			case '[':
				stack = append(stack, frame{})
			default:
				stack = stack[:len(stack)-1]
				afterValue(stack)
			}
			continue
		case string:
			if n := len(stack); n > 0 && stack[n-1].object && stack[n-1].wantKey {
				stack[n-1].wantKey = false
				continue
			}
			for _, e := range s.index[normalize(t)] {
				label := f.Terms[e.category][e.key]
				if label == "" {
					continue
				}
				if out == nil {
					out = Labels{}
				}
				if out[e.category] == nil {
					out[e.category] = map[string]string{}
				}
				out[e.category][t] = label
			}
		}
		afterValue(stack)
	}
	return out
}

// frame is an open object or array of the document being scanned.
type frame struct{ object, wantKey bool }

// afterValue marks, once a value is read, that the object holding it
// expects a key next.
func afterValue(stack []frame) {
	if n := len(stack); n > 0 && stack[n-1].object {
		stack[n-1].wantKey = true
	}
}
