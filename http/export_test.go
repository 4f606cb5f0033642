package http

import "github.com/astroapi/astroapi/http/op"

// Redact is redact, for the external tests.
var Redact = redact

// SampleURL and SampleBody are the example request of an operation, as
// the documents show it.
func SampleURL(o *op.Operation) string { return exampleRequest(o).URL(o.Path) }

func SampleBody(o *op.Operation) []byte { return exampleRequest(o).Body }
