package http

import (
	"slices"
	"strconv"

	json "github.com/goccy/go-json"

	"github.com/astroapi/astroapi/engine/jsonw"
	"github.com/astroapi/astroapi/http/op"
)

// jsonAppender is a result that writes its own JSON, byte for byte what
// go-json writes for it without HTML escaping (tests compare the two), so
// writeResult can skip the reflective encoder. The batch result needs it:
// go-json re-scans and copies every pre-encoded item (json.RawMessage) to
// check that it is compact, which for 100 natal charts was a tenth of the
// batch's time.
type jsonAppender interface {
	appendJSON(b []byte) ([]byte, error)
}

// resultAppender is an engine result that writes its own JSON
// (natal.Chart: the reflective encoder cost as much as casting the chart).
type resultAppender interface {
	AppendJSON(b []byte) []byte
}

// appendResult adapts a resultAppender to jsonAppender.
type appendResult struct{ r resultAppender }

func (a appendResult) appendJSON(b []byte) ([]byte, error) { return a.r.AppendJSON(b), nil }

// releaser is a result whose storage is recycled once it has been encoded
// (natal.Chart.Release).
type releaser interface {
	Release()
}

// release recycles res when its operation opted in (Spec.Recycle): call it
// only after res is encoded and nothing refers to it any more.
func release(c *op.Call, res any) {
	if !c.Operation().Recycle {
		return
	}
	if r, ok := res.(releaser); ok {
		r.Release()
	}
}

// marshalNoHTML encodes v as writeResult's encoder does: go-json without
// HTML escaping (json.MarshalNoEscape, despite its name, does escape <, >
// and &).
func marshalNoHTML(v any) ([]byte, error) { return json.MarshalWithOption(v, json.DisableHTMLEscape()) }

// appendMarshal appends v as go-json encodes it without HTML escaping.
func appendMarshal(b []byte, v any) ([]byte, error) {
	out, err := marshalNoHTML(v)
	if err != nil {
		return nil, err
	}
	return append(b, out...), nil
}

// appendAny appends a value held in an interface: pre-encoded JSON from
// this package (compact, from go-json) verbatim, anything else encoded.
func appendAny(b []byte, v any) ([]byte, error) {
	if raw, ok := v.(json.RawMessage); ok && len(raw) > 0 {
		return append(b, raw...), nil
	}
	return appendMarshal(b, v)
}

func (r batchResult) appendJSON(b []byte) ([]byte, error) {
	// Grow once for the pre-encoded items instead of doubling through them.
	n := 64
	for i := range r.Items {
		n += 128 + len(r.Items[i].ID)
		for _, v := range [2]any{r.Items[i].Input, r.Items[i].Result} {
			if raw, ok := v.(json.RawMessage); ok {
				n += len(raw)
			}
		}
	}
	b = slices.Grow(b, n)
	if r.Items == nil {
		b = append(b, `{"items":null`...)
	} else {
		b = append(b, `{"items":[`...)
		for i := range r.Items {
			if i > 0 {
				b = append(b, ',')
			}
			var err error
			if b, err = r.Items[i].appendJSON(b); err != nil {
				return nil, err
			}
		}
		b = append(b, ']')
	}
	b = append(b, `,"succeeded":`...)
	b = strconv.AppendInt(b, int64(r.Succeeded), 10)
	b = append(b, `,"failed":`...)
	b = strconv.AppendInt(b, int64(r.Failed), 10)
	return append(b, '}'), nil
}

func (o *batchOutcome) appendJSON(b []byte) (_ []byte, err error) {
	b = append(b, '{')
	if o.ID != "" {
		b = append(b, `"id":`...)
		b = append(jsonw.String(b, o.ID), ',')
	}
	b = append(b, `"operation":`...)
	b = jsonw.String(b, o.Operation)
	b = append(b, `,"status":`...)
	b = strconv.AppendInt(b, int64(o.Status), 10)
	if o.Input != nil {
		b = append(b, `,"input":`...)
		if b, err = appendAny(b, o.Input); err != nil {
			return nil, err
		}
	}
	if o.Result != nil {
		b = append(b, `,"result":`...)
		if b, err = appendAny(b, o.Result); err != nil {
			return nil, err
		}
	}
	if len(o.Warnings) > 0 {
		b = append(b, `,"warnings":`...)
		if b, err = appendMarshal(b, o.Warnings); err != nil {
			return nil, err
		}
	}
	if o.Problem != nil {
		b = append(b, `,"problem":`...)
		if b, err = appendMarshal(b, o.Problem); err != nil {
			return nil, err
		}
	}
	return append(b, '}'), nil
}
