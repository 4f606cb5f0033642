#!/usr/bin/env bash
# Hardening scenarios of issue 20 against one astroapi server on 127.0.0.1,
# each bounded in time, with a natal client beside the flood (its p50/p99
# show whether other clients are still served):
#   png   a free account sends POST /api/v1/natal/png every 0.5 s (SIZE,
#         default 4000: refused since the cap of 2000; SIZE=2000 renders)
#   body  150 unauthenticated requests declaring 15 MB bodies, held open
#   keys  32 clients with random well-formed keys (PostgreSQL store: the
#         database transactions they cause are counted)
#   outage the PostgreSQL cluster is stopped for 5 s under a natal client
#         (needs root; OUTAGE=1): 503s and ERROR lines in the log
#   batch 4 clients of one account send batches of 100 releasing timelines
#         (4 levels, 100 years: 1,200 calls, 303 MB unbounded) on a pro plan
#   slowread 400 clients ask for 20,000 ephemeris rows and never read
#   mcplist 16 connections ask for the MCP tool list on a free (2/s) plan
# Usage: bench/hardening.sh [png body keys outage]  (env: BIN, PORT=18095,
# FOR=15s, TABLES, ASTROAPI_TEST_POSTGRES for keys/outage). Memory is the
# server's VmHWM from /proc/<pid>/status.
set -euo pipefail
cd "$(dirname "$0")/.."
PORT=${PORT:-18095}
FOR=${FOR:-15s}
TABLES=${TABLES:-data/ephemeris.bolt}
BIN=${BIN:-bin/astroapi}
. bench/common.sh
scenarios=${*:-png body keys}
go build -o "$work/flood" ./bench/flood
export ASTROAPI_PLANS="bench daily=2000000000 monthly=2000000000 rate=0; free daily=100 monthly=1000 rate=2"

serve() { # store
	"$BIN" serve --addr "127.0.0.1:$PORT" --store "$1" --tables "$TABLES" --dev-account=false >"$work/server.log" 2>&1 &
	pid=$!
	for _ in $(seq 1 100); do
		curl -fsS "http://127.0.0.1:$PORT/healthz" >/dev/null 2>&1 && return 0
		sleep 0.1
	done
	cat "$work/server.log" >&2
	exit 1
}
stop() { kill "$pid"; wait "$pid" 2>/dev/null || true; pid=""; }
newkey() { "$BIN" keys create --store "$1" --email "$2@bench.localhost" --plan "$3" | tail -n 1; }
flood() { "$work/flood" -url "http://127.0.0.1:$PORT" -pid "$pid" -for "$FOR" "$@"; }

for s in $scenarios; do
	case $s in
	png | body | batch | slowread | mcplist | none)
		db="$work/$s.db"
		key=$(newkey "$db" bystander bench)
		case $s in
		batch | slowread) free=$(newkey "$db" flood bench) ;;
		*) free=$(newkey "$db" free free) ;;
		esac
		serve "$db"
		flood -scenario "$s" -key "$key" -flood-key "$free" -size "${SIZE:-4000}"
		stop
		;;
	keys)
		[ -n "${ASTROAPI_TEST_POSTGRES:-}" ] || { echo "keys: needs ASTROAPI_TEST_POSTGRES" >&2; continue; }
		key=$(newkey "$ASTROAPI_TEST_POSTGRES" "bystander-$RANDOM$RANDOM" bench)
		serve "$ASTROAPI_TEST_POSTGRES"
		xacts() { psql -X -qtA "$ASTROAPI_TEST_POSTGRES" -c "SELECT xact_commit + xact_rollback FROM pg_stat_database WHERE datname = current_database()"; }
		x0=$(xacts)
		flood -scenario keys -key "$key" -for 5s
		sleep 1 # pg_stat_database is updated at most every 500 ms
		echo "keys: $(($(xacts) - x0)) database transactions during the flood (statistics lag up to 0.5 s)"
		stop
		;;
	outage)
		[ "${OUTAGE:-}" = 1 ] && [ -n "${ASTROAPI_TEST_POSTGRES:-}" ] || { echo "outage: set OUTAGE=1 and ASTROAPI_TEST_POSTGRES (stops the local cluster for 5 s)" >&2; continue; }
		key=$(newkey "$ASTROAPI_TEST_POSTGRES" "bystander-$RANDOM$RANDOM" bench)
		serve "$ASTROAPI_TEST_POSTGRES"
		version=$(ls /usr/lib/postgresql | sort -V | tail -n 1)
		(sleep 2; pg_ctlcluster "$version" main stop -m fast; sleep 5; pg_ctlcluster "$version" main start) &
		flood -scenario none -key "$key" -for 12s
		wait
		echo "outage: $(grep -c '"level":"ERROR"' "$work/server.log") ERROR lines, $(grep -c '"status":503' "$work/server.log") answers 503 in the access log"
		stop
		;;
	esac
done
