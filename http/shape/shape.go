// Package shape sizes an answer to its question. Every JSON operation
// accepts two query parameters that belong to the door, not to the
// operation's input:
//
//   - fields, a sparse fieldset: comma-separated dotted paths into the
//     result, the members to keep (fields=planets.name,planets.longitude,ascendant)
//     or, each with a leading minus, the members to leave out
//     (fields=-person1,-person2: a synastry without its two full charts).
//     A path goes through lists (planets.name is the name of every
//     planet) and into maps by key. The envelope's input echo is kept only
//     when the list names input (fields=input,ascendant).
//   - decimals: every non-integer number of the result rounded to that
//     many decimal places (0-9), trailing zeros dropped: the compact number
//     format. Without it numbers are written as the operation writes them.
//
// A Spec is read once per request (Parse), checked against the
// operation's result type (Check: an unknown name is a 422 with the
// nearest known one, as the input stage answers), and applied when the
// result is encoded (Append). The encoder walks the result by reflection
// with the types' field lists cached, visiting only the selected members:
// three fields of a natal chart are a few hundred values fewer than the
// whole. The operations' hand-written encoders (AppendJSON) still write
// every answer that asks for no shape.
package shape

import (
	"errors"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"sync/atomic"

	"github.com/astroapi/astroapi/engine"
)

// The shared query parameters.
const (
	FieldsParam   = "fields"
	DecimalsParam = "decimals"
	// InputField is the name in fields that keeps the envelope's input
	// echo (left out whenever fields keeps members: the caller has the
	// input).
	InputField = "input"
)

// MaxDecimals is the largest decimals accepted.
const MaxDecimals = 9

// Limits of a fields list: a selection is a handful of paths, not a
// program.
const (
	maxFieldsBytes = 2048
	maxPaths       = 100
	maxDepth       = 16
)

// Spec is a parsed answer shape. The zero value and nil both mean "the
// answer as the operation writes it".
type Spec struct {
	fields   string // as sent, for the cache key
	decimals int    // decimal places of non-integer numbers, when round
	round    bool   // decimals was sent
	sel      *node  // nil: every member
	exclude  bool   // sel names members to leave out
	input    bool   // keep the input echo

	errs  engine.Fields           // what Parse could not read
	bound atomic.Pointer[binding] // the selection bound to the result type Check saw
}

// binding is a selection compiled for one result type.
type binding struct {
	plan *plan
	prog *prog
}

// node is one level of a selection: whole selects (or, excluding, drops)
// the member with everything below it; kids select members below.
type node struct {
	whole bool
	kids  map[string]*node
}

// Parse reads the shared parameters' values ("" when not sent; nil when
// neither was). A malformed value is kept in the Spec as its error: Check
// reports it with the rest, so that one 422 lists every bad field.
func Parse(fields, decimals string) *Spec {
	if fields == "" && decimals == "" {
		return nil
	}
	s := &Spec{fields: fields, input: true}
	var errs engine.Fields
	if decimals != "" {
		d, err := strconv.Atoi(strings.TrimSpace(decimals))
		if err != nil || d < 0 || d > MaxDecimals {
			errs.Bad(DecimalsParam, fmt.Sprintf("must be an integer from 0 to %d (the decimal places of every non-integer number), got %q", MaxDecimals, decimals))
		} else {
			s.decimals, s.round = d, true
		}
	}
	if fields != "" {
		if err := s.parseFields(fields); err != nil {
			errs.Bad(FieldsParam, err.Error())
		}
	}
	s.errs = errs
	return s
}

func (s *Spec) parseFields(fields string) error {
	if len(fields) > maxFieldsBytes {
		return fmt.Errorf("is %d bytes long; at most %d are read", len(fields), maxFieldsBytes)
	}
	parts := strings.Split(fields, ",")
	if len(parts) > maxPaths {
		return fmt.Errorf("lists %d paths; at most %d are read", len(parts), maxPaths)
	}
	root := &node{}
	var plus, minus int
	for _, p := range parts {
		p = strings.TrimSpace(p)
		if p == "" {
			return fmt.Errorf("holds an empty path (%q): separate the paths with single commas", fields)
		}
		neg := strings.HasPrefix(p, "-")
		if neg {
			minus++
			p = strings.TrimSpace(p[1:])
		} else {
			plus++
		}
		segs := strings.Split(p, ".")
		if len(segs) > maxDepth {
			return fmt.Errorf("path %q is deeper than %d members", p, maxDepth)
		}
		for _, seg := range segs {
			if seg == "" {
				return fmt.Errorf("path %q has an empty member name", p)
			}
		}
		if segs[0] == InputField {
			if len(segs) > 1 {
				return fmt.Errorf("path %q: the input echo is kept or left out whole (input)", p)
			}
			if neg {
				s.input = false
			}
			continue
		}
		n := root
		for _, seg := range segs {
			if n.whole {
				break // a shorter path already takes all of it
			}
			if n.kids == nil {
				n.kids = map[string]*node{}
			}
			k := n.kids[seg]
			if k == nil {
				k = &node{}
				n.kids[seg] = k
			}
			n = k
		}
		n.whole, n.kids = true, nil
	}
	if plus > 0 && minus > 0 {
		return errors.New("mixes paths to keep and paths to leave out (-name): send one kind")
	}
	s.exclude = minus > 0
	if plus > 0 {
		// Keeping members: the echo only when named.
		s.input = false
		for _, p := range parts {
			if strings.TrimSpace(p) == InputField {
				s.input = true
			}
		}
	}
	if len(root.kids) > 0 {
		s.sel = root
	} else if plus > 0 {
		s.sel = &node{kids: map[string]*node{}} // only input named: an empty result
	}
	return nil
}

// Err returns what Parse could not read (field errors naming the
// parameters), nil when both read.
func (s *Spec) Err() error {
	if s == nil {
		return nil
	}
	return s.errs.Err()
}

// Active reports whether s changes the answer's result.
func (s *Spec) Active() bool { return s != nil && (s.sel != nil || s.round) }

// KeepsInput reports whether the envelope keeps its input echo.
func (s *Spec) KeepsInput() bool { return s == nil || s.input }

// Fields is the fields parameter as sent ("" for none).
func (s *Spec) Fields() string {
	if s == nil {
		return ""
	}
	return s.fields
}

// Decimals is the number of decimals asked for, -1 for none.
func (s *Spec) Decimals() int {
	if s == nil || !s.round {
		return -1
	}
	return s.decimals
}

// Key identifies the shape in a cache key ("" for none).
func (s *Spec) Key() string {
	if s == nil {
		return ""
	}
	return s.fields + "\x00" + strconv.Itoa(s.Decimals())
}

// Paths lists the selected paths (sorted; with a leading minus when they
// name members to leave out), nil when every member is kept.
func (s *Spec) Paths() []string {
	if s == nil || s.sel == nil {
		return nil
	}
	var out []string
	var walk func(n *node, prefix string)
	walk = func(n *node, prefix string) {
		if n.whole {
			if s.exclude {
				prefix = "-" + prefix
			}
			out = append(out, prefix)
			return
		}
		for k, kid := range n.kids {
			p := k
			if prefix != "" {
				p = prefix + "." + k
			}
			walk(kid, p)
		}
	}
	walk(s.sel, "")
	sort.Strings(out)
	return out
}

// WithDefaults returns s completed by d: the parameters s was not sent
// take d's (a batch item's own shape over the batch's). Either may be nil.
func (s *Spec) WithDefaults(d *Spec) *Spec {
	switch {
	case d == nil:
		return s
	case s == nil:
		return d
	}
	out := Spec{fields: s.fields, decimals: s.decimals, round: s.round, sel: s.sel, exclude: s.exclude, input: s.input,
		errs: append(engine.Fields(nil), s.errs...)}
	if out.sel == nil && out.fields == "" {
		out.sel, out.exclude, out.input, out.fields = d.sel, d.exclude, d.input, d.fields
	}
	if !out.round {
		out.decimals, out.round = d.decimals, d.round
	}
	out.errs = append(out.errs, d.errs...)
	return &out
}

// FromQuery takes the shared parameters out of a request's query
// parameters: the rest go to the operation's input stage, which does not
// know them. A shared parameter sent twice is an error of the Spec.
func FromQuery(q [][2]string) ([][2]string, *Spec) {
	at := -1
	for i, kv := range q {
		if kv[0] == FieldsParam || kv[0] == DecimalsParam {
			at = i
			break
		}
	}
	if at < 0 {
		return q, nil
	}
	rest := append(make([][2]string, 0, len(q)), q[:at]...)
	var fields, decimals string
	var twice []string
	seen := map[string]bool{}
	for _, kv := range q[at:] {
		switch kv[0] {
		case FieldsParam, DecimalsParam:
			if seen[kv[0]] {
				twice = append(twice, kv[0])
				continue
			}
			seen[kv[0]] = true
			if kv[0] == FieldsParam {
				fields = kv[1]
			} else {
				decimals = kv[1]
			}
		default:
			rest = append(rest, kv)
		}
	}
	s := Parse(fields, decimals)
	if s == nil {
		s = &Spec{input: true} // sent empty: the whole answer
	}
	for _, name := range twice {
		s.errs.Bad(name, "is sent twice: send each parameter once")
	}
	return rest, s
}
