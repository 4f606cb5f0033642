#!/usr/bin/env bash
# The bulk route against the engine's own rate, in one run (issue 27): a
# server on 127.0.0.1 (bbolt store, access log on), a key on a plan with
# room for every line and no per-second limit, then bench/bulk/main.go:
# rounds of (engine: the job's charts computed and encoded on all cores in
# one process, without HTTP; bulk: the same 100,000-line natal job posted
# as NDJSON; a 1,000-line job), the server's idle and peak memory, and a
# job cut halfway and resumed. Bounded: about 20 s a round on two cores.
# Usage: bench/bulk.sh  (env: BIN, PORT=18096, LINES=100000, ROUNDS=3,
# TABLES=data/ephemeris.bolt, EPHE)
set -euo pipefail
cd "$(dirname "$0")/.."

PORT=${PORT:-18096}
LINES=${LINES:-100000}
ROUNDS=${ROUNDS:-3}
TABLES=${TABLES:-data/ephemeris.bolt}
EPHE=${EPHE:-/usr/share/libswe/ephe}
BIN=${BIN:-bin/astroapi}
work=$(mktemp -d)
pid=""
cleanup() {
	if [ -n "$pid" ]; then kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; fi
	rm -rf "$work"
}
trap cleanup EXIT

if [ ! -x "$BIN" ]; then
	BIN="$work/astroapi"
	CGO_ENABLED=1 go build -o "$BIN" ./cmd/astroapi
fi
CGO_ENABLED=1 go build -o "$work/bulk" ./bench/bulk

store="$work/bench.db"
export ASTROAPI_PLANS="bench daily=2000000000 monthly=2000000000 rate=0"
key=$("$BIN" keys create --store "$store" --email bench@localhost --plan bench | tail -n 1)
"$BIN" serve --addr "127.0.0.1:$PORT" --store "$store" --tables "$TABLES" --dev-account=false >"$work/access.log" 2>"$work/server.err" &
pid=$!
for _ in $(seq 1 100); do
	curl -fsS "http://127.0.0.1:$PORT/healthz" >/dev/null 2>&1 && break
	sleep 0.1
done
"$work/bulk" -url "http://127.0.0.1:$PORT" -key "$key" -pid "$pid" -tables "$TABLES" -ephe "$EPHE" -lines "$LINES" -rounds "$ROUNDS"
