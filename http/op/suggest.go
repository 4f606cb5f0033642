package op

import (
	"strconv"
	"strings"
)

// aliases are names callers commonly send for a field under another name:
// the other APIs' spellings and the abbreviations of clients. Each is
// suggested only where the input has the field it points to.
var aliases = map[string][]string{
	"lat":           {"latitude"},
	"lng":           {"longitude"},
	"lon":           {"longitude"},
	"long":          {"longitude"},
	"tz":            {"timezone"},
	"time_zone":     {"timezone"},
	"timeZone":      {"timezone"},
	"zone":          {"timezone"},
	"tzone":         {"timezone"},
	"utc_offset":    {"timezone"},
	"offset":        {"timezone"},
	"place":         {"location"},
	"city":          {"location"},
	"birthplace":    {"location"},
	"date":          {"datetime"},
	"time":          {"datetime"},
	"instant":       {"datetime"},
	"dateTime":      {"datetime"},
	"date_time":     {"datetime"},
	"datetime":      {"date"},
	"birth_date":    {"date"},
	"birthdate":     {"date"},
	"dob":           {"date"},
	"birth_time":    {"time"},
	"unknown_time":  {"time_unknown"},
	"no_time":       {"time_unknown"},
	"sec":           {"second"},
	"min":           {"minute"},
	"mins":          {"minute"},
	"hours":         {"hour"},
	"houses":        {"house_system"},
	"hsys":          {"house_system"},
	"zodiac":        {"zodiac_type"},
	"sidereal_mode": {"ayanamsa"},
	"ayanamsha":     {"ayanamsa"},
	"gender":        {"sex"},
	"person_1":      {"person1"},
	"person_2":      {"person2"},
	"first":         {"person1"},
	"second_person": {"person2"},
	"birth":         {"natal"},
	"chart":         {"natal"},
}

// suggest returns advice for a name the object node does not have: the
// input's own hint (Hinter), the name in the right case, a known alias, or
// the nearest known name by edit distance; "" when nothing is close.
func suggest(key string, node *schemaNode, o *Operation) string {
	if node == nil || node.kind != nodeObject {
		return ""
	}
	if h, ok := node.hints[key]; ok {
		return h
	}
	for _, f := range node.order {
		if strings.EqualFold(f.name, key) {
			return "names are case-sensitive: did you mean " + strconv.Quote(f.name) + "?"
		}
	}
	for _, a := range aliases[key] {
		if f := node.fields[a]; f != nil && !f.readonly {
			return "did you mean " + strconv.Quote(a) + "?"
		}
	}
	best, bestD := "", 3
	if len(key) <= 4 {
		bestD = 2
	}
	for _, f := range node.order {
		if f.readonly {
			continue
		}
		if d := editDistance(strings.ToLower(key), f.name, bestD); d < bestD {
			best, bestD = f.name, d
		}
	}
	if best != "" {
		return "did you mean " + strconv.Quote(best) + "?"
	}
	if names := node.sendable(); len(names) <= 24 {
		return "the fields are " + strings.Join(names, ", ")
	}
	return "the reference lists the fields of " + o.ID
}

// sendable lists the names of an object node a caller may send (read-only
// echo fields left out).
func (n *schemaNode) sendable() []string {
	var out []string
	for _, f := range n.order {
		if !f.readonly {
			out = append(out, f.name)
		}
	}
	return out
}

// editDistance is the optimal string alignment distance of a and b (the
// Levenshtein distance with a transposition of two neighbours counted as
// one edit: "nmae" is one from "name"), or limit when it is at least limit.
// Names are short: a full table is cheap.
func editDistance(a, b string, limit int) int {
	if d := len(a) - len(b); d >= limit || -d >= limit {
		return limit
	}
	d := make([][]int, len(a)+1)
	for i := range d {
		d[i] = make([]int, len(b)+1)
		d[i][0] = i
	}
	for j := range d[0] {
		d[0][j] = j
	}
	for i := 1; i <= len(a); i++ {
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			d[i][j] = min(d[i-1][j]+1, d[i][j-1]+1, d[i-1][j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				d[i][j] = min(d[i][j], d[i-2][j-2]+1)
			}
		}
	}
	return min(d[len(a)][len(b)], limit)
}
