package store

import (
	"fmt"
	"strings"
	"sync"
)

// Opener opens a store from a path or URL.
type Opener func(pathOrURL string) (Store, error)

var (
	driversMu sync.Mutex
	drivers   = map[string]Opener{}
)

// Register makes an implementation available to Open under kind "bolt"
// (file paths) or "postgres" (postgres:// and postgresql:// URLs). The
// implementations register themselves in init, so a program imports them
// for effect:
//
//	import (
//		_ "github.com/astroapi/astroapi/store/bolt"
//		_ "github.com/astroapi/astroapi/store/postgres"
//	)
func Register(kind string, open Opener) {
	driversMu.Lock()
	defer driversMu.Unlock()
	drivers[kind] = open
}

// Kind tells which implementation Open uses for pathOrURL: "postgres" for
// a postgres:// or postgresql:// URL, "bolt" for anything else (a file
// path, created if missing).
func Kind(pathOrURL string) string {
	if strings.HasPrefix(pathOrURL, "postgres://") || strings.HasPrefix(pathOrURL, "postgresql://") {
		return "postgres"
	}
	return "bolt"
}

// Open opens the store at pathOrURL, creating its schema if needed: a
// PostgreSQL database for a postgres:// URL, otherwise a bbolt file.
func Open(pathOrURL string) (Store, error) {
	if pathOrURL == "" {
		return nil, fmt.Errorf("store: empty path or URL")
	}
	kind := Kind(pathOrURL)
	driversMu.Lock()
	open := drivers[kind]
	driversMu.Unlock()
	if open == nil {
		return nil, fmt.Errorf("store: %s store not linked in: import _ \"github.com/astroapi/astroapi/store/%s\"", kind, kind)
	}
	return open(pathOrURL)
}

// Redact returns pathOrURL with any password replaced by "xxxxx", for logs.
func Redact(pathOrURL string) string {
	if Kind(pathOrURL) != "postgres" {
		return pathOrURL
	}
	// postgres://user:password@host/db: hide between the first ':' after
	// the scheme and the '@'.
	scheme := strings.Index(pathOrURL, "://") + 3
	at := strings.LastIndex(pathOrURL, "@")
	if at < scheme {
		return pathOrURL
	}
	userinfo := pathOrURL[scheme:at]
	if i := strings.IndexByte(userinfo, ':'); i >= 0 {
		return pathOrURL[:scheme] + userinfo[:i] + ":xxxxx" + pathOrURL[at:]
	}
	return pathOrURL
}
