//go:build !linux

package tables

// mmapFlags: other systems fault the file's pages in on first use.
const mmapFlags = 0
