package shape

import (
	"encoding"
	"reflect"
	"sort"
	"strings"
	"sync"

	json "github.com/goccy/go-json"
)

// field is a member of a struct as encoding/json (and go-json) writes it.
type field struct {
	name      string
	index     []int
	typ       reflect.Type
	omitEmpty bool
	quoted    bool // ",string": a scalar written inside a string
}

// structInfo lists a struct type's members in the order they are written.
type structInfo struct {
	fields []field
	byName map[string]int
}

var structCache sync.Map // reflect.Type -> *structInfo

var (
	marshalerType     = reflect.TypeFor[json.Marshaler]()
	textMarshalerType = reflect.TypeFor[encoding.TextMarshaler]()
	appenderType      = reflect.TypeFor[interface{ AppendJSON([]byte) []byte }]()
	rawMessageType    = reflect.TypeFor[json.RawMessage]()
)

// marshals reports whether t writes itself (json.Marshaler, as a value or
// through its pointer when addressable values are encoded).
func marshals(t reflect.Type) bool {
	return t.Implements(marshalerType) || reflect.PointerTo(t).Implements(marshalerType)
}

// textual reports whether t writes itself as a string.
func textual(t reflect.Type) bool {
	return t.Implements(textMarshalerType) || reflect.PointerTo(t).Implements(textMarshalerType)
}

// appends reports whether t has a hand-written encoder (AppendJSON): its
// numbers are written with a fixed number of decimals (jsonw.Decimals),
// and a shaped answer writes them alike.
func appends(t reflect.Type) bool {
	return t.Implements(appenderType) || reflect.PointerTo(t).Implements(appenderType)
}

// info returns the members of struct type t, in encoding/json's order and
// by its rules: the fields of embedded structs promoted, of several
// fields of one name the shallowest (or the one tagged) kept and the
// others hidden, "-" skipped.
func info(t reflect.Type) *structInfo {
	if si, ok := structCache.Load(t); ok {
		return si.(*structInfo)
	}
	type cand struct {
		field
		depth  int
		tagged bool
	}
	var all []cand
	type level struct {
		t     reflect.Type
		index []int
	}
	visited := map[reflect.Type]bool{}
	current := []level{{t, nil}}
	for depth := 0; len(current) > 0; depth++ {
		var next []level
		for _, lv := range current {
			if visited[lv.t] {
				continue
			}
			visited[lv.t] = true
			for i := 0; i < lv.t.NumField(); i++ {
				sf := lv.t.Field(i)
				tag := sf.Tag.Get("json")
				if tag == "-" {
					continue
				}
				name, opts, _ := strings.Cut(tag, ",")
				index := append(append([]int(nil), lv.index...), i)
				ft := sf.Type
				if sf.Anonymous {
					et := ft
					if et.Kind() == reflect.Pointer {
						et = et.Elem()
					}
					if !sf.IsExported() && et.Kind() != reflect.Struct {
						continue
					}
					if name == "" && et.Kind() == reflect.Struct {
						next = append(next, level{et, index})
						continue
					}
				} else if !sf.IsExported() {
					continue
				}
				tagged := name != ""
				if name == "" {
					name = sf.Name
				}
				all = append(all, cand{field: field{name: name, index: index, typ: ft,
					omitEmpty: hasOpt(opts, "omitempty"), quoted: hasOpt(opts, "string") && scalarKind(ft)},
					depth: depth, tagged: tagged})
			}
		}
		current = next
	}
	// Dominance: per name, the shallowest; of several at that depth, the
	// one tagged, else none.
	sort.SliceStable(all, func(i, j int) bool {
		if all[i].name != all[j].name {
			return all[i].name < all[j].name
		}
		if all[i].depth != all[j].depth {
			return all[i].depth < all[j].depth
		}
		return all[i].tagged && !all[j].tagged
	})
	var kept []field
	for i := 0; i < len(all); {
		j := i + 1
		for j < len(all) && all[j].name == all[i].name {
			j++
		}
		group := all[i:j]
		switch {
		case len(group) == 1:
			kept = append(kept, group[0].field)
		case group[1].depth > group[0].depth || group[0].tagged && !group[1].tagged:
			kept = append(kept, group[0].field)
		}
		i = j
	}
	sort.Slice(kept, func(i, j int) bool {
		a, b := kept[i].index, kept[j].index
		for k := 0; k < len(a) && k < len(b); k++ {
			if a[k] != b[k] {
				return a[k] < b[k]
			}
		}
		return len(a) < len(b)
	})
	si := &structInfo{fields: kept, byName: make(map[string]int, len(kept))}
	for i, f := range kept {
		si.byName[f.name] = i
	}
	v, _ := structCache.LoadOrStore(t, si)
	return v.(*structInfo)
}

func hasOpt(opts, want string) bool {
	for opts != "" {
		var o string
		o, opts, _ = strings.Cut(opts, ",")
		if o == want {
			return true
		}
	}
	return false
}

func scalarKind(t reflect.Type) bool {
	switch t.Kind() {
	case reflect.Bool, reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64,
		reflect.Float32, reflect.Float64, reflect.String:
		return true
	}
	return false
}

// names lists the member names of struct type t.
func names(t reflect.Type) []string {
	si := info(t)
	out := make([]string, len(si.fields))
	for i, f := range si.fields {
		out[i] = f.name
	}
	return out
}
