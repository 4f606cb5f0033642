//go:build unix

package main

import (
	"fmt"
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
	// Root gives the socket to another user; anyone else compares their
	// own socket with a file root owns (the same mismatch, seen from the
	// store's side), so the refusal is tested whoever runs the test.
	other, store := 65534, file
	if os.Geteuid() != 0 {
		other, store = os.Geteuid(), "/"
	} else if err := os.Lchown(adminSocket(file), other, -1); err != nil {
		t.Fatalf("giving the socket to user %d as root: %v", other, err)
	}
	if err := sameOwner(adminSocket(file), store); err == nil || !strings.Contains(err.Error(), fmt.Sprintf("belongs to user %d", other)) {
		t.Errorf("another user's socket: %v", err)
	}
}
