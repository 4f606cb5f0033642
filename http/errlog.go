package http

import (
	"log/slog"
	"sync"
	"time"
)

// errLogger writes error lines at most once per second per message: an
// outage of the store makes every request fail the same way, and 23,000
// identical lines in five seconds bury the first one. The line after a
// quiet second says how many were suppressed.
type errLogger struct {
	log *slog.Logger
	mu  sync.Mutex
	msg map[string]*errCount
}

type errCount struct {
	last       time.Time
	suppressed int
}

func newErrLogger(l *slog.Logger) *errLogger { return &errLogger{log: l, msg: map[string]*errCount{}} }

// error logs msg with err unless msg was logged in the last second.
func (l *errLogger) error(msg string, err error, attrs ...any) {
	now := time.Now()
	l.mu.Lock()
	c := l.msg[msg]
	if c == nil {
		if len(l.msg) > 1000 { // messages are constants; bound it anyway
			clear(l.msg)
		}
		c = &errCount{}
		l.msg[msg] = c
	}
	if now.Sub(c.last) < time.Second {
		c.suppressed++
		l.mu.Unlock()
		return
	}
	suppressed := c.suppressed
	c.last, c.suppressed = now, 0
	l.mu.Unlock()
	attrs = append(attrs, "error", err.Error())
	if suppressed > 0 {
		attrs = append(attrs, "suppressed_since_last", suppressed)
	}
	l.log.Error(msg, attrs...)
}
