#!/usr/bin/env bash
# Regenerates cmd/astroapi/default.pgo, the CPU profile that go build uses
# for profile-guided optimisation of the astroapi binary: a server on
# 127.0.0.1 under the load of bench/run.sh (uncached natal 15 s, uncached
# batches 10 s, cached natal 5 s), bounded in time. Rerun it after large
# changes to the hot paths; a stale profile only optimises less.
# Usage: bench/pgo.sh  (env: PORT=18094, TABLES=data/ephemeris.bolt)
set -euo pipefail
cd "$(dirname "$0")/.."

PORT=${PORT:-18094}
TABLES=${TABLES:-data/ephemeris.bolt}
. bench/common.sh

# Built without a profile, so the new one does not learn from the old.
CGO_ENABLED=1 go build -pgo=off -o "$work/astroapi" ./cmd/astroapi
export ASTROAPI_PLANS="bench daily=2000000000 monthly=2000000000 rate=0"
key=$("$work/astroapi" keys create --store "$work/pgo.db" --email pgo@localhost --plan bench | tail -n 1)
"$work/astroapi" serve --addr "127.0.0.1:$PORT" --store "$work/pgo.db" --tables "$TABLES" --dev-account=false \
	--cpuprofile "$work/cpu.pprof" >/dev/null 2>&1 &
pid=$!
for _ in $(seq 1 100); do
	curl -fsS "http://127.0.0.1:$PORT/healthz" >/dev/null 2>&1 && break
	sleep 0.1
done
for load in natal-unique:/api/v1/natal:15s batch-unique:/api/v1/batch:10s natal:/api/v1/natal:5s; do
	IFS=: read -r mode path duration <<<"$load"
	WRK_PATH=$path WRK_MODE=$mode WRK_KEY=$key wrk -t2 -c64 -d"$duration" -s bench/post.lua "http://127.0.0.1:$PORT" | grep 'Requests/sec' | sed "s/^/$mode: /"
done
kill "$pid"
wait "$pid" || true # the profile is written at shutdown
pid=""
cp "$work/cpu.pprof" cmd/astroapi/default.pgo
echo "wrote cmd/astroapi/default.pgo ($(wc -c <cmd/astroapi/default.pgo) bytes)"
