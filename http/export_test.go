package http

// Redact is redact, for the external tests.
var Redact = redact
