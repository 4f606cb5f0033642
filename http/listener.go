package http

import (
	"net"
	"sync"
)

// perIPListener caps the open connections of each client address: an
// accepted connection beyond the cap is closed at once. (fasthttp's own
// MaxConnsPerIP races between a connection's Read and Close at shutdown.)
type perIPListener struct {
	net.Listener
	max  int
	mu   sync.Mutex
	open map[string]int
}

func newPerIPListener(ln net.Listener, max int) *perIPListener {
	return &perIPListener{Listener: ln, max: max, open: map[string]int{}}
}

// Accept returns the next connection whose address is under the cap.
func (l *perIPListener) Accept() (net.Conn, error) {
	for {
		c, err := l.Listener.Accept()
		if err != nil {
			return nil, err
		}
		ip := hostOf(c.RemoteAddr().String())
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
}

func (c *countedConn) Close() error {
	c.once.Do(func() {
		c.l.mu.Lock()
		if c.l.open[c.ip]--; c.l.open[c.ip] <= 0 {
			delete(c.l.open, c.ip)
		}
		c.l.mu.Unlock()
	})
	return c.Conn.Close()
}
