package places

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

// letterFold spells the Latin letters that Unicode does not decompose into
// a base letter plus marks, the way an English speaker types them.
var letterFold = map[rune]string{
	'ß': "ss", 'ẞ': "ss", 'æ': "ae", 'Æ': "ae", 'œ': "oe", 'Œ': "oe",
	'ø': "o", 'Ø': "o", 'ł': "l", 'Ł': "l", 'đ': "d", 'Đ': "d", 'ð': "d",
	'Ð': "d", 'þ': "th", 'Þ': "th", 'ı': "i", 'ħ': "h", 'Ħ': "h", 'ŀ': "l",
	'Ŀ': "l", 'ŉ': "n", 'ſ': "s",
}

// abbreviations expands the usual short forms of place-name words so that
// "St. Louis", "St Louis" and "Saint Louis" share one key.
var abbreviations = map[string]string{
	"st": "saint", "ste": "sainte", "mt": "mount", "ft": "fort",
}

// Fold returns the search key of a name or query: lower case, diacritics
// removed (Zürich -> zurich, Kraków -> krakow), letters without a
// decomposition spelled out (ß -> ss, ł -> l), apostrophes and periods
// dropped, every other run of punctuation or space one space, and the
// abbreviations St, Ste, Mt and Ft expanded. Index and queries use the same
// function, so the generator stores keys made by it.
func Fold(s string) string {
	ascii := true
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			ascii = false
			break
		}
	}
	if !ascii {
		// Invalid bytes would stop NFD from decomposing what follows them.
		s = strings.ToValidUTF8(s, " ")
		// NFD splits é into e + U+0301 so the mark can be dropped below.
		s = norm.NFD.String(s)
	}
	var b strings.Builder
	b.Grow(len(s))
	space := true // suppresses leading and doubled spaces
	for _, r := range s {
		switch {
		case r < utf8.RuneSelf && (r >= 'a' && r <= 'z' || r >= '0' && r <= '9'):
			b.WriteRune(r)
			space = false
		case r >= 'A' && r <= 'Z':
			b.WriteRune(r + 'a' - 'A')
			space = false
		case r == '\'' || r == '.' || r == '’' || r == '`' || r == 'ʻ' || r == 'ʼ':
			// Dropped, not spaced: "D'Lo" and "Dlo", "D.C." and "DC" match.
		case unicode.Is(unicode.Mn, r):
			// Combining mark left by NFD.
		case r >= utf8.RuneSelf && letterFold[r] != "":
			b.WriteString(letterFold[r])
			space = false
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			b.WriteRune(unicode.ToLower(r))
			space = false
		default:
			if !space {
				b.WriteByte(' ')
				space = true
			}
		}
	}
	out := strings.TrimSuffix(b.String(), " ")
	if strings.Contains(out, "st") || strings.Contains(out, "mt") || strings.Contains(out, "ft") {
		out = expandAbbreviations(out)
	}
	return out
}

// expandAbbreviations replaces whole words listed in abbreviations.
func expandAbbreviations(s string) string {
	words := strings.Split(s, " ")
	changed := false
	for i, w := range words {
		if long, ok := abbreviations[w]; ok {
			words[i] = long
			changed = true
		}
	}
	if !changed {
		return s
	}
	return strings.Join(words, " ")
}
