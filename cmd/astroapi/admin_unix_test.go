//go:build unix

package main

import (
	"net"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestSocketOfAnotherUser: a keys command does not talk to a socket that
// the store file's owner did not make.
func TestSocketOfAnotherUser(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "o.db")
	if err := os.WriteFile(file, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	ln, err := net.Listen("unix", adminSocket(file))
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	if err := sameOwner(adminSocket(file), file); err != nil {
		t.Fatalf("own socket refused: %v", err)
	}
	if err := os.Lchown(adminSocket(file), 65534, -1); err != nil {
		t.Skipf("cannot give the socket to another user here (not root): %v", err)
	}
	if err := sameOwner(adminSocket(file), file); err == nil || !strings.Contains(err.Error(), "belongs to user 65534") {
		t.Errorf("another user's socket: %v", err)
	}
}
