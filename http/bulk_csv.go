package http

import (
	"bytes"
	"encoding/csv"
	"reflect"
	"strconv"
	"strings"

	json "github.com/goccy/go-json"

	"github.com/astroapi/astroapi/http/op"
	"github.com/astroapi/astroapi/http/shape"
)

// csvTable writes the answers of a bulk job as CSV: a header row, then for
// each line a row per element of the result's one list (shape.Table), the
// values outside it repeated, each row starting with the line's number and
// status and ending with its problem (empty on success). A line whose list
// is empty or absent still has one row, so that every line is answered.
type csvTable struct {
	t *shape.Table
}

// planCSV works out the table of an operation's results under a shape.
func planCSV(out reflect.Type, sh *shape.Spec) (*csvTable, error) {
	t, err := sh.Table(out)
	if err != nil {
		return nil, err
	}
	if t.List == "" && len(t.Outer) == 0 {
		return nil, errNoColumns
	}
	return &csvTable{t: t}, nil
}

var errNoColumns = csvError("the result keeps no values to write as columns")

type csvError string

func (e csvError) Error() string { return string(e) }

// width is the number of columns.
func (ct *csvTable) width() int { return 3 + len(ct.t.Outer) + len(ct.t.Inner) }

// header is the header row.
func (ct *csvTable) header() []byte {
	rec := make([]string, 0, ct.width())
	rec = append(rec, "line", "status")
	rec = append(rec, ct.t.Outer...)
	for _, c := range ct.t.Inner {
		rec = append(rec, join(ct.t.List, c))
	}
	rec = append(rec, "problem")
	return csvRecords(nil, [][]string{rec})
}

func join(a, b string) string {
	if a == "" {
		return b
	}
	if b == "" {
		return a
	}
	return a + "." + b
}

// problemRow appends the row of a line answered with a problem.
func (ct *csvTable) problemRow(b []byte, line int64, p *op.Problem) []byte {
	rec := make([]string, ct.width())
	rec[0] = strconv.FormatInt(line, 10)
	rec[1] = strconv.Itoa(p.Status)
	detail := p.Detail
	if detail == "" {
		detail = p.Title
	}
	rec[len(rec)-1] = detail
	return csvRecords(b, [][]string{rec})
}

// rows appends the rows of a line's result.
func (ct *csvTable) rows(b []byte, line int64, c *op.Call, res any) ([]byte, error) {
	var raw []byte
	var err error
	if cr, hit := res.(*cachedResult); hit {
		raw = cr.result
	} else if raw, err = appendShaped(nil, c.Shape(), res); err != nil {
		return nil, err
	}
	d := json.NewDecoder(bytes.NewReader(raw))
	d.UseNumber()
	var v any
	if err := d.Decode(&v); err != nil {
		return nil, err
	}
	lead := []string{strconv.FormatInt(line, 10), "200"}
	outer := make([]string, len(ct.t.Outer))
	for i, p := range ct.t.Outer {
		outer[i] = cell(at(v, p))
	}
	var elems []any
	if ct.t.List != "" {
		elems, _ = at(v, ct.t.List).([]any)
	}
	var recs [][]string
	row := func(el any) {
		rec := make([]string, 0, ct.width())
		rec = append(append(rec, lead...), outer...)
		for _, p := range ct.t.Inner {
			if el == nil {
				rec = append(rec, "")
			} else {
				rec = append(rec, cell(at(el, p)))
			}
		}
		recs = append(recs, append(rec, ""))
	}
	if len(elems) == 0 {
		row(nil)
	}
	for _, el := range elems {
		row(el)
	}
	return csvRecords(b, recs), nil
}

// at is the value at a dotted path of a decoded JSON value (nil: none).
func at(v any, path string) any {
	if path == "" {
		return v
	}
	for _, k := range strings.Split(path, ".") {
		m, ok := v.(map[string]any)
		if !ok {
			return nil
		}
		v = m[k]
	}
	return v
}

// cell writes a decoded JSON value as a CSV field: text as it is, numbers
// as written, a list of scalars joined with ;, anything else as JSON.
func cell(v any) string {
	switch v := v.(type) {
	case nil:
		return ""
	case string:
		return v
	case json.Number:
		return string(v)
	case bool:
		return strconv.FormatBool(v)
	case []any:
		parts := make([]string, len(v))
		for i, el := range v {
			switch el.(type) {
			case map[string]any, []any:
				b, _ := marshalNoHTML(v)
				return string(b)
			}
			parts[i] = cell(el)
		}
		return strings.Join(parts, ";")
	}
	b, _ := marshalNoHTML(v)
	return string(b)
}

// csvRecords appends records as RFC 4180 CSV (CRLF line ends).
func csvRecords(b []byte, recs [][]string) []byte {
	buf := bytes.NewBuffer(b)
	w := csv.NewWriter(buf)
	w.UseCRLF = true
	w.WriteAll(recs)
	return buf.Bytes()
}
