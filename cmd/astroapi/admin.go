package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"os"
	"sync"
	"time"

	"github.com/astroapi/astroapi/quota"
	"github.com/astroapi/astroapi/store"
)

// The administration socket lets keys commands reach a bbolt store that a
// running server holds: bbolt admits one process per file, and serve keeps
// it open for its whole life, while deployment scripts create keys next to
// a running service. serve listens on a Unix socket beside the file
// (<store>.sock) with mode 0600, so whoever may open the store file may use
// it and no one else. A keys command on a bbolt store tries the socket
// first and, when a server answers, sends it the parsed command as JSON;
// the server runs it on its own store and answers with the command's
// output and error. The output holds new keys: it goes back over the
// socket only, never to the log.

// adminTimeout bounds one administration exchange.
const adminTimeout = 10 * time.Second

// adminSocket is the administration socket of the bbolt store at path.
func adminSocket(path string) string { return path + ".sock" }

// adminReply is the server's answer to a keys command.
type adminReply struct {
	Output string `json:"output"`
	Error  string `json:"error,omitempty"`
}

// adminServer runs keys commands sent to the administration socket.
type adminServer struct {
	ln     net.Listener
	st     store.Store
	plans  quota.Plans
	logger *slog.Logger
	// keyRevoked is called with the key a command revoked or rotated, so
	// the server refuses it at once.
	keyRevoked func(id string)
	wg         sync.WaitGroup
}

// listenAdmin starts the administration socket at path for st.
func listenAdmin(path string, st store.Store, plans quota.Plans, logger *slog.Logger, keyRevoked func(id string)) (*adminServer, error) {
	// This process holds the store's lock, so a socket already at path is
	// a previous server's that died without removing it.
	if fi, err := os.Lstat(path); err == nil {
		if fi.Mode()&os.ModeSocket == 0 {
			return nil, fmt.Errorf("%s exists and is not a socket", path)
		}
		if err := os.Remove(path); err != nil {
			return nil, err
		}
	}
	ln, err := net.Listen("unix", path)
	if err != nil {
		return nil, err
	}
	if err := os.Chmod(path, 0o600); err != nil {
		ln.Close()
		return nil, err
	}
	a := &adminServer{ln: ln, st: st, plans: plans, logger: logger, keyRevoked: keyRevoked}
	a.wg.Add(1)
	go a.serve()
	return a, nil
}

func (a *adminServer) serve() {
	defer a.wg.Done()
	for {
		conn, err := a.ln.Accept()
		if err != nil {
			return // closed
		}
		a.wg.Add(1)
		go func() {
			defer a.wg.Done()
			a.handle(conn)
		}()
	}
}

func (a *adminServer) handle(conn net.Conn) {
	defer conn.Close()
	conn.SetDeadline(time.Now().Add(adminTimeout))
	var cmd keysCommand
	var reply adminReply
	if err := json.NewDecoder(io.LimitReader(conn, 64<<10)).Decode(&cmd); err != nil {
		reply.Error = "administration socket: unreadable command: " + err.Error()
	} else {
		ctx, cancel := context.WithTimeout(context.Background(), adminTimeout)
		var out bytes.Buffer
		err := cmd.run(ctx, a.st, a.plans, &out)
		cancel()
		reply.Output = out.String()
		if err != nil {
			reply.Error = err.Error()
		}
		if err == nil && (cmd.Sub == "revoke" || cmd.Sub == "rotate") {
			a.keyRevoked(cmd.ID)
		}
		a.logger.Info("keys command run for the administration socket", "command", cmd.Sub, "ok", err == nil)
	}
	json.NewEncoder(conn).Encode(reply)
}

// Close stops listening, removes the socket and waits for the commands
// under way, so that the store can close after it.
func (a *adminServer) Close() error {
	err := a.ln.Close()
	a.wg.Wait()
	return err
}

// dialAdmin connects to the administration socket of the bbolt store at
// file, when a server of the file's owner listens there.
func dialAdmin(ctx context.Context, file string) (net.Conn, error) {
	path := adminSocket(file)
	if err := sameOwner(path, file); err != nil {
		return nil, err
	}
	var d net.Dialer
	ctx, cancel := context.WithTimeout(ctx, time.Second)
	defer cancel()
	return d.DialContext(ctx, "unix", path)
}

// viaServer has the server at the other end of conn run the command, and
// prints its output.
func (cmd keysCommand) viaServer(conn net.Conn, stdout io.Writer) error {
	defer conn.Close()
	conn.SetDeadline(time.Now().Add(adminTimeout))
	if err := json.NewEncoder(conn).Encode(cmd); err != nil {
		return fmt.Errorf("administration socket: %w", err)
	}
	var reply adminReply
	if err := json.NewDecoder(conn).Decode(&reply); err != nil {
		return fmt.Errorf("administration socket: no answer: %w", err)
	}
	io.WriteString(stdout, reply.Output)
	if reply.Error != "" {
		return errors.New(reply.Error)
	}
	return nil
}
