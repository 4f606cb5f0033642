package http

// docSet holds the documents generated once from the registry.
type docSet struct{}
