// Package http is the fasthttp server of astroapi: the doors over the one
// list of operations (http/op). It holds the router, the middleware
// (request id, access log, recovery, body limit, key authentication, quota),
// the response envelope, the results cache, the batch route, the MCP tool
// endpoint (mcp.go: every batchable operation a tool, operations marked
// Resource resources; one endpoint per family and a tool filter, the
// model-facing descriptions in mcptools.go), the labels of names in other
// languages (lang.go, over package labels), and everything generated from
// the list: the OpenAPI document, the API-client collection, the manifest,
// the documentation pages, the documentation tool (docsearch.go) and
// /llms.txt.
//
// The families' operations come in through Config.Operations (built by
// http/routes.All); the server adds its own (batch, MCP, documents, health,
// metrics) and checks the whole list when it is built (Check): unique ids
// and routes, billing only under /api/v1, documented families, struct tags
// that parse. The documents are built then too, so a broken one stops the
// start instead of the first request.
//
// A call runs as: authenticate (x-api-key, or the same key as
// Authorization: Bearer; public operations take a key when one is sent), answer 503 if the operation's dependency is missing
// (op.Spec.Unavailable), charge (billed operations: one call of quota and
// one token of the per-second rate; a batch takes one token and each item a
// call of quota), serve from the results cache (op.Spec.Cacheable), or
// decode and run the handler, then write the envelope {calculated_at,
// input, request_id, result, usage, warnings} (and labels when a language
// was asked) or an RFC 9457 problem.
// Results that write their own JSON (an AppendJSON method) skip the
// reflective encoder; a result's storage is recycled after encoding only
// when its operation opts in (op.Spec.Recycle).
package http
