package http

import (
	"bytes"
	"fmt"
	"net"
	"net/netip"
	"strings"

	"github.com/valyala/fasthttp"
)

// Client addresses. Every abuse limit (failed keys, sign-ups, connections
// per address) keys on the client's address. Behind a load balancer the
// socket's address is the balancer's: one client would lock out everyone.
// So the operator lists the proxies it trusts (Limits.TrustedProxies), and
// for a request whose socket address is one of them the client is read
// from the forwarding headers: the rightmost address of Forwarded (RFC
// 7239 for=) or, without it, of X-Forwarded-For that is not itself a
// trusted proxy. A header from any other peer is ignored: a client cannot
// name itself somebody else.
//
// Over IPv6 a client commonly holds a whole /64 (SLAAC, privacy
// addresses): the limits count a /64 (Limits.IPv6Prefix) as one client.

// ParseTrustedProxies reads a comma-separated list of addresses and CIDR
// prefixes ("127.0.0.1, 10.0.0.0/8, ::1").
func ParseTrustedProxies(list string) ([]netip.Prefix, error) {
	var out []netip.Prefix
	for _, f := range strings.Split(list, ",") {
		f = strings.TrimSpace(f)
		if f == "" {
			continue
		}
		if strings.Contains(f, "/") {
			p, err := netip.ParsePrefix(f)
			if err != nil {
				return nil, fmt.Errorf("trusted proxy %q: %w", f, err)
			}
			out = append(out, p.Masked())
			continue
		}
		a, err := netip.ParseAddr(f)
		if err != nil {
			return nil, fmt.Errorf("trusted proxy %q: %w", f, err)
		}
		a = a.Unmap()
		out = append(out, netip.PrefixFrom(a, a.BitLen()))
	}
	return out, nil
}

// trusted reports whether a is a listed proxy.
func (s *Server) trusted(a netip.Addr) bool {
	a = a.Unmap()
	for _, p := range s.cfg.Limits.TrustedProxies {
		if p.Contains(a) {
			return true
		}
	}
	return false
}

// clientAddr is the address of the client of rc: the socket's, or the one
// the trusted proxies in front of it forwarded.
func (s *Server) clientAddr(rc *fasthttp.RequestCtx) netip.Addr {
	peer, _ := netip.AddrFromSlice(rc.RemoteIP())
	peer = peer.Unmap()
	if len(s.cfg.Limits.TrustedProxies) == 0 || !s.trusted(peer) {
		return peer
	}
	var hops []netip.Addr
	if fw := rc.Request.Header.PeekAll("Forwarded"); len(fw) > 0 {
		hops = forwardedFor(fw)
	} else {
		hops = xForwardedFor(rc.Request.Header.PeekAll("X-Forwarded-For"))
	}
	// Right to left: the nearest hop first; trusted proxies are skipped,
	// the first address that is not one is the client.
	for i := len(hops) - 1; i >= 0; i-- {
		if !hops[i].IsValid() {
			break // an unreadable hop: nothing beyond it can be trusted
		}
		if !s.trusted(hops[i]) {
			return hops[i]
		}
	}
	if len(hops) > 0 && hops[0].IsValid() {
		return hops[0] // every hop is a proxy of ours: the first one sent it
	}
	return peer
}

// xForwardedFor parses X-Forwarded-For lines in order ("a, b").
func xForwardedFor(lines [][]byte) []netip.Addr {
	var out []netip.Addr
	for _, l := range lines {
		for _, f := range bytes.Split(l, []byte{','}) {
			out = append(out, parseHop(string(bytes.TrimSpace(f))))
		}
	}
	return out
}

// forwardedFor parses the for= parameters of Forwarded lines (RFC 7239):
// for=192.0.2.60;proto=http, for="[2001:db8::1]:4711".
func forwardedFor(lines [][]byte) []netip.Addr {
	var out []netip.Addr
	for _, l := range lines {
		for _, elem := range bytes.Split(l, []byte{','}) {
			for _, pair := range bytes.Split(elem, []byte{';'}) {
				k, v, ok := bytes.Cut(bytes.TrimSpace(pair), []byte{'='})
				if ok && bytes.EqualFold(k, []byte("for")) {
					out = append(out, parseHop(strings.Trim(string(v), `"`)))
				}
			}
		}
	}
	return out
}

// parseHop reads one hop: an address, with or without a port, IPv6 in
// brackets or not; anything else (obfuscated identifiers, "unknown") is
// the invalid address.
func parseHop(v string) netip.Addr {
	if a, err := netip.ParseAddr(v); err == nil {
		return a.Unmap()
	}
	if ap, err := netip.ParseAddrPort(v); err == nil {
		return ap.Addr().Unmap()
	}
	if strings.HasPrefix(v, "[") && strings.HasSuffix(v, "]") {
		if a, err := netip.ParseAddr(v[1 : len(v)-1]); err == nil {
			return a
		}
	}
	return netip.Addr{}
}

// abuseKey is how the limits count a client address: IPv4 addresses one
// by one, IPv6 by their Limits.IPv6Prefix (a /64 by default).
func (s *Server) abuseKey(a netip.Addr) string {
	if !a.IsValid() {
		return ""
	}
	if a.Is6() {
		if p, err := a.Prefix(s.cfg.Limits.IPv6Prefix); err == nil {
			return p.String()
		}
	}
	return a.String()
}

// clientIP is the client of rc as the abuse limits count it: the
// op.Request's RemoteIP.
func (s *Server) clientIP(rc *fasthttp.RequestCtx) string {
	return s.abuseKey(s.clientAddr(rc))
}

// connKey is how the listener counts a connection's address for its cap
// of connections per client: a trusted proxy is not capped (it carries
// every client's connections), others as the abuse limits count them.
func (s *Server) connKey(addr net.Addr) string {
	ap, err := netip.ParseAddrPort(addr.String())
	if err != nil {
		return hostOf(addr.String())
	}
	a := ap.Addr().Unmap()
	if s.trusted(a) {
		return ""
	}
	return s.abuseKey(a)
}
