package http

import "github.com/astroapi/astroapi/http/op"

// Redact is redact, for the external tests.
var Redact = redact

// SampleURL and SampleBody are the example request of an operation, as
// the documents show it.
func SampleURL(o *op.Operation) string { return exampleRequest(o).URL(o.Path) }

func SampleBody(o *op.Operation) []byte { return exampleRequest(o).Body }

// AccuracyTests are the tests the accuracy page cites.
func AccuracyTests() []string {
	var out []string
	for _, c := range comparisons {
		out = append(out, c.Test)
	}
	return out
}
