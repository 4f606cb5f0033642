package http

import (
	"hash/maphash"
	"strconv"
	"sync/atomic"
	"time"

	"github.com/dgraph-io/ristretto/v2"

	"github.com/astroapi/astroapi/engine/jsonw"
	"github.com/astroapi/astroapi/http/op"
	"github.com/astroapi/astroapi/quota"
)

// Results of deterministic operations (Operation.Cacheable: the answer
// depends only on the request, never on "now") are cached encoded, keyed by
// operation, path parameters, query and body bytes. A hit still
// authenticates, bills and gets a fresh envelope (request_id, usage); only
// the calculation and the encoding of input and result are skipped.

// seenKeys remembers the fingerprints of recent cacheable requests, so the
// results cache admits a result only when its request comes a second time
// (a doorkeeper, as in TinyLFU): one-off requests, most of an API's traffic
// of distinct births, then cost neither the encoded copy, nor the cache's
// bookkeeping, nor the collector's work on megabytes of entries never hit.
// It is a direct-mapped table of 64-bit fingerprints: a newer key evicts an
// older one in its slot, and two keys sharing a fingerprint (odds 2^-64)
// would only admit a result one call early.
type seenKeys struct {
	seed  maphash.Seed
	slots []atomic.Uint64
	mask  uint64
}

// newSeenKeys returns a table of n slots (n a power of two).
func newSeenKeys(n int) *seenKeys {
	return &seenKeys{seed: maphash.MakeSeed(), slots: make([]atomic.Uint64, n), mask: uint64(n - 1)}
}

// again records key and reports whether it was already recorded.
func (s *seenKeys) again(key string) bool {
	h := maphash.String(s.seed, key) | 1 // 0 marks an empty slot
	slot := &s.slots[h&s.mask]
	if slot.Load() == h {
		return true
	}
	slot.Store(h)
	return false
}

// cachedResult is an encoded input echo, result and warnings.
type cachedResult struct {
	input, result []byte
	warnings      []string
	// text is result as a JSON string, as the MCP endpoint repeats it,
	// made on first use (two calls may both make it: same bytes).
	text atomic.Pointer[[]byte]
}

// quoted returns the result as a JSON string.
func (cr *cachedResult) quoted() []byte {
	if t := cr.text.Load(); t != nil {
		return *t
	}
	t := appendQuoted(nil, cr.result)
	cr.text.Store(&t)
	return t
}

func newResultCache(maxBytes int64) (*ristretto.Cache[string, *cachedResult], error) {
	return ristretto.NewCache(&ristretto.Config[string, *cachedResult]{
		NumCounters: 1_000_000, MaxCost: maxBytes, BufferItems: 64,
		Cost: func(v *cachedResult) int64 { return int64(len(v.input) + len(v.result) + 64) },
	})
}

// encodeResult encodes the input echo and result of a finished call; the
// result is appended to buf (nil for a fresh slice).
func encodeResult(c *op.Call, res any, buf []byte) (*cachedResult, error) {
	in, err := encodeInput(c)
	if err != nil {
		return nil, err
	}
	out, err := appendShaped(buf, c.Shape(), res)
	if err != nil {
		return nil, err
	}
	return &cachedResult{input: in, result: out, warnings: c.Warnings()}, nil
}

// appendUsage appends u as encoding it would (null for nil), without the
// reflective encoder on every response.
func appendUsage(b []byte, u *quota.Usage) []byte {
	if u == nil {
		return append(b, "null"...)
	}
	b = append(b, `{"daily_limit":`...)
	b = strconv.AppendInt(b, u.DailyLimit, 10)
	b = append(b, `,"monthly_limit":`...)
	b = strconv.AppendInt(b, u.MonthlyLimit, 10)
	b = append(b, `,"requests_this_day":`...)
	b = strconv.AppendInt(b, u.RequestsThisDay, 10)
	b = append(b, `,"requests_this_month":`...)
	b = strconv.AppendInt(b, u.RequestsThisMonth, 10)
	b = append(b, `,"scope":`...)
	b = jsonw.String(b, u.Scope)
	return append(b, '}')
}

// appendEnvelope writes the envelope around encoded input and result.
func appendEnvelope(b []byte, now time.Time, rid string, cr *cachedResult, warnings []string, u *quota.Usage) ([]byte, error) {
	return appendEnvelopeWith(b, now, rid, cr.input, func(b []byte) ([]byte, error) { return append(b, cr.result...), nil }, warnings, u)
}

// appendEnvelopeWith is appendEnvelope with the result appended by result,
// straight into b.
func appendEnvelopeWith(b []byte, now time.Time, rid string, input []byte, result func([]byte) ([]byte, error), warnings []string, u *quota.Usage) ([]byte, error) {
	b, err := result(appendEnvelopeHead(b, now, rid, input))
	if err != nil {
		return nil, err
	}
	return appendEnvelopeTail(b, warnings, u)
}

// appendEnvelopeHead appends the envelope up to its result:
// {"calculated_at":...,"input":...,"request_id":...,"result":
func appendEnvelopeHead(b []byte, now time.Time, rid string, input []byte) []byte {
	b = append(b, `{"calculated_at":"`...)
	b = now.UTC().AppendFormat(b, time.RFC3339Nano)
	b = append(b, '"')
	if input != nil { // nil: left out by fields
		b = append(b, `,"input":`...)
		b = append(b, input...)
	}
	b = append(b, `,"request_id":`...)
	b = appendJSONString(b, []byte(rid))
	return append(b, `,"result":`...)
}

// appendEnvelopeTail appends the envelope after its result: usage,
// warnings, the closing brace and a newline.
func appendEnvelopeTail(b []byte, warnings []string, u *quota.Usage) ([]byte, error) {
	b = append(b, `,"usage":`...)
	b = appendUsage(b, u)
	if len(warnings) > 0 {
		wb, err := marshalNoHTML(warnings)
		if err != nil {
			return nil, err
		}
		b = append(b, `,"warnings":`...)
		b = append(b, wb...)
	}
	return append(b, "}\n"...), nil
}
