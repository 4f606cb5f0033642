package stars

import (
	"encoding/json"

	"github.com/astroapi/astroapi/engine/jsonw"
)

// The index of 43 stars is written by hand: the reflective encoder spent
// a third of the route's time formatting floats and re-quoting catalog
// text that never changes. Each star's catalog fields are encoded once, at
// start-up, by encoding/json; a call appends the positions, in degrees to
// jsonw.Decimals (1e-7 degree, 0.00036"). A test compares with the
// reflective encoder.

// infoJSON is each catalog star's JSON object up to its position fields:
// `{"name":...,"reason":"..."`, without the closing brace, by key.
var infoJSON = func() map[string][]byte {
	m := make(map[string][]byte, len(catalog))
	for i := range catalog {
		b, err := json.Marshal(&catalog[i])
		if err != nil {
			panic(err) // static data: a test would have failed
		}
		m[catalog[i].key] = b[:len(b)-1]
	}
	return m
}()

// appendJSON appends the position as its reflective encoding would be,
// the catalog part from infoJSON.
func (p *Position) appendJSON(b []byte) []byte {
	info, ok := infoJSON[p.key]
	if !ok { // not a catalog star: encode it whole
		j, _ := json.Marshal(p)
		return append(b, j...)
	}
	b = append(b, info...)
	b = append(b, `,"longitude":`...)
	b = jsonw.Angle(b, p.Longitude)
	b = append(b, `,"latitude":`...)
	b = jsonw.Angle(b, p.Latitude)
	b = append(b, `,"sign":`...)
	b = jsonw.Name(b, p.Sign)
	b = append(b, `,"sign_degree":`...)
	b = jsonw.Angle(b, p.SignDegree)
	b = append(b, `,"source":`...)
	b = jsonw.Name(b, string(p.Source))
	return append(b, '}')
}

// AppendJSON appends the index as JSON.
func (x Index) AppendJSON(b []byte) []byte {
	b = append(b, `{"date":`...)
	b = jsonw.String(b, x.Date)
	b = append(b, `,"fixed_stars":[`...)
	for i := range x.FixedStars {
		if i > 0 {
			b = append(b, ',')
		}
		b = x.FixedStars[i].appendJSON(b)
	}
	b = append(b, `],"total_count":`...)
	b = jsonw.Int(b, x.TotalCount)
	if len(x.Warnings) > 0 {
		b = append(b, `,"warnings":[`...)
		for i, w := range x.Warnings {
			if i > 0 {
				b = append(b, ',')
			}
			b = jsonw.String(b, w)
		}
		b = append(b, ']')
	}
	b = append(b, `,"conventions":`...)
	return append(b, conventionsJSON...)
}

// conventionsJSON is the constant conventions object with the closing
// brace of the index.
var conventionsJSON = func() []byte {
	b, err := json.Marshal(conventions)
	if err != nil {
		panic(err)
	}
	return append(b, '}')
}()
