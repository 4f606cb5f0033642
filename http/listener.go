package http

import (
	"bytes"
	"net"
	"sync"
	"sync/atomic"
)

// perIPListener caps the open connections of each client address: an
// accepted connection beyond the cap is closed at once. (fasthttp's own
// MaxConnsPerIP races between a connection's Read and Close at shutdown.)
type perIPListener struct {
	net.Listener
	max  int
	key  func(net.Addr) string // how clients are counted; "" for not at all (a trusted proxy)
	mu   sync.Mutex
	open map[string]int
}

func newPerIPListener(ln net.Listener, max int, key func(net.Addr) string) *perIPListener {
	return &perIPListener{Listener: ln, max: max, key: key, open: map[string]int{}}
}

// Accept returns the next connection whose address is under the cap.
func (l *perIPListener) Accept() (net.Conn, error) {
	for {
		c, err := l.Listener.Accept()
		if err != nil {
			return nil, err
		}
		ip := l.key(c.RemoteAddr())
		if ip == "" {
			return &countedConn{Conn: c, l: l, ip: ip}, nil
		}
		l.mu.Lock()
		if l.open[ip] >= l.max {
			l.mu.Unlock()
			c.Close()
			continue
		}
		l.open[ip]++
		l.mu.Unlock()
		return &countedConn{Conn: c, l: l, ip: ip}, nil
	}
}

// countedConn gives its place back when closed (once).
type countedConn struct {
	net.Conn
	l    *perIPListener
	ip   string
	once sync.Once
	// linger: the client may still be sending a body we refused; drain
	// it before closing (see lingerOnClose).
	linger atomic.Bool
	// firstLine counts the bytes read before the connection's first line
	// feed, until one is seen (sawLF): a request line that fills the read
	// buffer is a URL too long (414), not header fields too large (431).
	firstLine int
	sawLF     bool
}

// Read reads from the connection, measuring its first line.
func (c *countedConn) Read(p []byte) (int, error) {
	n, err := c.Conn.Read(p)
	if !c.sawLF && n > 0 {
		if i := bytes.IndexByte(p[:n], '\n'); i >= 0 {
			c.sawLF = true
			c.firstLine += i
		} else {
			c.firstLine += n
		}
	}
	return n, err
}

// longFirstLine reports whether the first request of rc's connection had
// a request line of at least n bytes.
func longFirstLine(rc interface {
	Conn() net.Conn
	ConnRequestNum() uint64
}, n int) bool {
	c, ok := rc.Conn().(*countedConn)
	return ok && rc.ConnRequestNum() <= 1 && c.firstLine >= n
}

func (c *countedConn) Close() error {
	c.once.Do(func() {
		if c.linger.Load() {
			drain(c.Conn)
		}
		if c.ip == "" {
			return // not counted
		}
		c.l.mu.Lock()
		if c.l.open[c.ip]--; c.l.open[c.ip] <= 0 {
			delete(c.l.open, c.ip)
		}
		c.l.mu.Unlock()
	})
	return c.Conn.Close()
}
