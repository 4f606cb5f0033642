// Package http is the fasthttp server of astroapi: the router, the
// middleware (request id, access log, recovery, body limit, key
// authentication, quota), the response envelope, RFC 9457 problem errors, the
// operation registry, and everything generated from that registry: the
// OpenAPI document, the batch route, the API-client collection, the manifest
// and the documentation pages.
//
// # Operations
//
// Every route is one Operation. A family file (natal.go, timezone.go, ...)
// declares a function returning its operations and registers it from init:
//
//	func init() { registerFamily(natalOps) }
//
//	func natalOps(s *Server) []Operation {
//		return []Operation{{
//			ID: "post-natal", Method: "POST", Path: "/api/v1/natal", Family: "Charts",
//			Summary: "Natal chart from birth data",
//			Input:   natalRequest{}, Output: natal.Chart{}, Billed: true,
//			Handle: func(c *Call) (any, error) {
//				var in natalRequest
//				if err := c.Decode(&in); err != nil {
//					return nil, err
//				}
//				...
//			},
//		}}
//	}
//
// Paths use {name} for path parameters, as OpenAPI does; c.Param("name")
// reads them (percent-decoded, so "Europe%2FParis" reads "Europe/Paris").
// Flags of an Operation: Billed (one call charged before the handler runs),
// Public (no key), Bare (JSON written without the envelope), Produces (raw
// media type), NoBatch (not reachable from POST /api/v1/batch), Hidden (not
// documented), Cacheable (the answer depends only on the request: its
// encoded result is cached and served to identical requests, which are
// still authenticated and billed). A handler returns the result (wrapped in the envelope), a Raw
// value for non-JSON bodies (SVG, CSV), or an error. Errors map to problems
// in errors.go: *engine.FieldError and engine.Fields become 422 with an
// errors[] list, BadRequest(field, reason) 400, NotFound(detail) 404,
// engine.ErrOutOfRange 422, anything else 500 with a generic detail and a full
// log line.
//
// # Input struct tags
//
// Input structs are decoded by Call.Decode (JSON body for POST, query
// parameters for GET) and reflected into the OpenAPI document. Tags read:
//
//	json:"name,omitempty"   wire name; "-" hides the field
//	doc:"text"              description of the field
//	example:"value"         example value (parsed as JSON when it is valid JSON, else a string)
//	enum:"a,b,c"            allowed values, comma separated
//	minimum:"-90"           inclusive numeric minimum
//	maximum:"90"            inclusive numeric maximum
//	default:"placidus"      documented default (the handler applies it)
//	required:"true"         Decode answers 422 "is required" when the field is absent
//
// Tests of a family use the harness in harness_test.go: startTestServer(t,
// testOptions{Positions: eph}) starts a real server on 127.0.0.1:0 over a
// fresh bbolt store (or PostgreSQL, with forEachStore and
// ASTROAPI_TEST_POSTGRES), with an injected clock and a fresh key.
//
// Decode checks only presence (required) and JSON types; enum and range rules
// stay in the domain validator so that a Go caller gets them too. Body keys
// and query parameters the input type does not know are reported in the
// envelope's warnings list instead of being dropped silently.
package http
