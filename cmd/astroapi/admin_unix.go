//go:build unix

package main

import (
	"fmt"
	"os"
	"syscall"
)

// sameOwner refuses a socket that the store file's owner did not make: in
// a shared directory someone else could have put one there to answer keys
// commands with keys of their own.
func sameOwner(socket, file string) error {
	si, err := os.Lstat(socket)
	if err != nil {
		return nil // dialling reports the missing socket
	}
	fi, err := os.Stat(file)
	if err != nil {
		return err
	}
	ss, ok1 := si.Sys().(*syscall.Stat_t)
	fs, ok2 := fi.Sys().(*syscall.Stat_t)
	if ok1 && ok2 && ss.Uid != fs.Uid {
		return fmt.Errorf("administration socket %s belongs to user %d, the store %s to user %d: not using it", socket, ss.Uid, file, fs.Uid)
	}
	return nil
}
