//go:build unix

package measure

import (
	"os"
	"syscall"
)

// lock holds an exclusive advisory lock on f until the returned function
// is called.
func lock(f *os.File) (func(), error) {
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX); err != nil {
		return nil, err
	}
	return func() { syscall.Flock(int(f.Fd()), syscall.LOCK_UN) }, nil
}
