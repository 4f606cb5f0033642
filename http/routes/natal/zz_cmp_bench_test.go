package natal_test

import "testing"

// BenchmarkZZNatalTZ is BenchmarkNatalHandlerTables with a zone sent
// (the usual request), for comparisons across trees (untracked).
func BenchmarkZZNatalTZ(b *testing.B) { benchNatalTables(b, `,"timezone":"Asia/Kolkata"`) }
