package http

import (
	"fmt"

	"github.com/valyala/fasthttp"

	"github.com/astroapi/astroapi/http/op"
	"github.com/astroapi/astroapi/http/shape"
)

// Answers sized to the question: every JSON operation takes the door's
// shared query parameters fields and decimals (package shape). The door
// takes them out of the query before the input stage reads it
// (shape.FromQuery), the stage checks them against the result type with
// the input (op.Call.Decode: one 422), and they are applied here, when
// the result is encoded. The results cache keys on them (the call's
// fingerprint), so a shaped answer is cached shaped.

// writeShaped writes the answer of a call whose caller shaped it.
func (s *Server) writeShaped(rc *fasthttp.RequestCtx, c *op.Call, res any) {
	sr := shapedResult{sh: c.Shape(), res: res}
	if c.Operation().Bare {
		b, err := sr.appendJSON(nil)
		if err != nil {
			s.writeProblem(rc, s.internal(c, fmt.Errorf("encoding the result: %w", err)), c.RequestID())
			return
		}
		rc.SetStatusCode(200)
		rc.SetContentType("application/json")
		rc.SetBody(append(b, '\n'))
	} else {
		s.writeAppended(rc, c, sr)
	}
	release(c, res)
}

// shapedResult writes a result as its shape asks.
type shapedResult struct {
	sh  *shape.Spec
	res any
}

func (r shapedResult) appendJSON(b []byte) ([]byte, error) { return appendShaped(b, r.sh, r.res) }

// appendShaped appends res shaped by sh: by the shape's encoder when it
// selects members or rounds numbers, else as the result writes itself.
func appendShaped(b []byte, sh *shape.Spec, res any) ([]byte, error) {
	if sh.Active() {
		return sh.Append(b, res)
	}
	if ra, ok := res.(resultAppender); ok {
		return ra.AppendJSON(b), nil
	}
	return appendMarshal(b, res)
}
