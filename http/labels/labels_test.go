package labels

import (
	"strings"
	"testing"
	"unicode"

	"github.com/google/go-cmp/cmp"

	"github.com/astroapi/astroapi/engine/bazi"
	"github.com/astroapi/astroapi/engine/mayan"
	"github.com/astroapi/astroapi/engine/vedic"
)

// required are the languages issue 28 asks for, besides English.
var required = []string{"es", "pt", "fr", "de", "it", "ru", "tr", "hi", "zh", "ja"}

// TestEveryTermInEveryLanguage fails on any key of en.json that a
// language lacks or leaves empty, on a term a language has that en.json
// does not, and on a file without sources.
func TestEveryTermInEveryLanguage(t *testing.T) {
	s, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	en := s.Files["en"]
	total := 0
	for _, cat := range en.Terms {
		total += len(cat)
	}
	if total < 180 {
		t.Fatalf("en.json has %d terms", total)
	}
	for _, lang := range append([]string{"en"}, required...) {
		f := s.Files[lang]
		if f == nil {
			t.Errorf("no data/%s.json", lang)
			continue
		}
		if len(f.Sources) == 0 || f.Name == "" {
			t.Errorf("%s: the file names no sources or no language name", lang)
		}
		for cat, keys := range en.Terms {
			for key := range keys {
				if strings.TrimSpace(f.Terms[cat][key]) == "" {
					t.Errorf("%s: %s %q has no label", lang, cat, key)
				}
			}
		}
		for cat, keys := range f.Terms {
			for key := range keys {
				if _, ok := en.Terms[cat][key]; !ok {
					t.Errorf("%s: %s %q is not a key of en.json", lang, cat, key)
				}
			}
		}
	}
}

// TestKeysAreTheEnginesNames: the keys are the names the engines write
// (nakshatras, Tzolk'in signs, stems, branches, animals), so that every one
// of them is found in a result.
func TestKeysAreTheEnginesNames(t *testing.T) {
	s, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	has := func(cat, key string) {
		t.Helper()
		if _, ok := s.Files["en"].Terms[cat][key]; !ok {
			t.Errorf("%s: the engine's %q is not a key", cat, key)
		}
	}
	for i := range 27 {
		n, _ := vedic.NakshatraOf(float64(i)*360.0/27 + 1)
		has("nakshatras", n.Name)
	}
	for i := range 20 {
		has("tzolkin", mayan.DaySign(i).Yucatec())
	}
	for i := range 10 {
		has("stems", bazi.Stem(i).Pinyin())
		// Chinese and Japanese write the stems and branches as the characters.
		for _, lang := range []string{"zh", "ja"} {
			if got := s.Files[lang].Terms["stems"][bazi.Stem(i).Pinyin()]; got != bazi.Stem(i).Chinese() {
				t.Errorf("%s stem %s: %q, want %q", lang, bazi.Stem(i).Pinyin(), got, bazi.Stem(i).Chinese())
			}
		}
	}
	for i := range 12 {
		b := bazi.Branch(i)
		has("branches", b.Pinyin())
		has("animals", b.Animal())
		for _, lang := range []string{"zh", "ja"} {
			if got := s.Files[lang].Terms["branches"][b.Pinyin()]; got != b.Chinese() {
				t.Errorf("%s branch %s: %q, want %q", lang, b.Pinyin(), got, b.Chinese())
			}
		}
	}
}

// TestScripts: Hindi writes the Vedic names in Devanagari, Russian in
// Cyrillic, Chinese and Japanese in their own scripts; no label is left in
// Latin letters where the language does not use them.
func TestScripts(t *testing.T) {
	s, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	scripts := map[string]*unicode.RangeTable{"hi": unicode.Devanagari, "ru": unicode.Cyrillic}
	for lang, script := range scripts {
		for cat, terms := range s.Files[lang].Terms {
			for key, label := range terms {
				if cat == "stems" || cat == "branches" {
					label, _, _ = strings.Cut(label, " (") // the character follows
				}
				for _, r := range label {
					if unicode.IsLetter(r) && !unicode.Is(script, r) {
						t.Errorf("%s %s %q: %q is not all %s", lang, cat, key, label, lang)
						break
					}
				}
			}
		}
	}
	for _, lang := range []string{"zh", "ja"} {
		for cat, terms := range s.Files[lang].Terms {
			for key, label := range terms {
				for _, r := range label {
					if unicode.Is(unicode.Latin, r) {
						t.Errorf("%s %s %q: %q has Latin letters", lang, cat, key, label)
						break
					}
				}
			}
		}
	}
}

func TestNegotiate(t *testing.T) {
	s, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	for header, want := range map[string]string{
		"es-MX,es;q=0.9,en;q=0.8": "es",
		"en;q=0.5, pt-BR":         "pt",
		"xx, de;q=0.1":            "de",
		"xx":                      "",
		"":                        "",
		"zh-Hans-CN":              "zh",
	} {
		if got := s.Negotiate(header); got != want {
			t.Errorf("Negotiate(%q) = %q, want %q", header, got, want)
		}
	}
}

// TestFind: the names of a document's string values, by category, in the
// language asked; object keys and unknown strings are not names.
func TestFind(t *testing.T) {
	s, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	doc := []byte(`{"planets":[{"name":"Sun","sign":"Cancer"},{"name":"Moon","sign":"Aries"}],` +
		`"aspects":[{"aspect":"semi_sextile"}],"Sun":"not a name","pillar":{"stem":"Wu","branch":"Wu"},"day_sign":"K'an","n":3}`)
	got := s.Find(doc, "es")
	want := Labels{
		"planets":  {"Sun": "Sol", "Moon": "Luna"},
		"signs":    {"Cancer": "Cáncer", "Aries": "Aries"},
		"aspects":  {"semi_sextile": "Semisextil"},
		"stems":    {"Wu": "Wù (戊)"},
		"branches": {"Wu": "Wǔ (午)"},
		"tzolkin":  {"K'an": "Semilla"},
	}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("Find (-want +got):\n%s", d)
	}
	if got := s.Find(doc, "xx"); got != nil {
		t.Errorf("an unknown language: %v", got)
	}
}
