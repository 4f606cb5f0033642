#!/usr/bin/env bash
# Side-by-side load test of one astroapi server on 127.0.0.1, bounded in time:
#   1. canned: POST /bench/canned answers a real natal response body (captured
#      first) with no calculation, key or quota: the platform-free ceiling.
#      It is sent the same requests as natal (50 birth data rotated, with
#      the key header), so the two differ only in what the server does;
#   2. natal:  POST /api/v1/natal with 50 different birth data, key and quota
#      (post-natal is Cacheable: after the first 50 calls the result cache
#      answers);
#   3. natal-unique: the same with a new birth minute on every call (no
#      cache hit: the calculation's own throughput);
#   4. batch:  POST /api/v1/batch with 100 natal items per request (1,000
#      different items rotated, so cached too);
#   5. batch-unique: batches whose 100 items are all new;
# then a row per route of the families, from bench/rows.tsv (one line each:
# name, method, path, mode, label; mode as bench/post.lua reads WRK_MODE,
# "body=<JSON>" for one body, "bodies=<file>" for rotated lines).
# Usage: bench/run.sh [NAME...]  (the rows of rows.tsv to run, default all;
# canned and natal always run, as the baselines the ratios are taken to)
# (env: BIN, PORT=18090, DURATION=10s, ROUNDS=3, CONNS=64, THREADS=2,
# TABLES=data/ephemeris.bolt, EPHE). Prints a Markdown table.
set -euo pipefail
cd "$(dirname "$0")/.."

PORT=${PORT:-18090}
DURATION=${DURATION:-10s}
ROUNDS=${ROUNDS:-3}
CONNS=${CONNS:-64}
THREADS=${THREADS:-2}
TABLES=${TABLES:-data/ephemeris.bolt}
BIN=${BIN:-bin/astroapi}
. bench/common.sh

if [ ! -x "$BIN" ]; then
	BIN="$work/astroapi"
	CGO_ENABLED=1 go build -o "$BIN" ./cmd/astroapi
fi

store="$work/bench.db"
# A plan without a per-second limit and with room for every call of the run.
export ASTROAPI_PLANS="bench daily=2000000000 monthly=2000000000 rate=0"
key=$("$BIN" keys create --store "$store" --email bench@localhost --plan bench | tail -n 1)

start() {
	"$BIN" serve --addr "127.0.0.1:$PORT" --store "$store" --tables "$TABLES" --dev-account=false "$@" >"$work/access.log" 2>"$work/server.err" &
	pid=$!
	for _ in $(seq 1 100); do
		curl -fsS "http://127.0.0.1:$PORT/healthz" >/dev/null 2>&1 && return 0
		sleep 0.1
	done
	cat "$work/server.err" >&2
	exit 1
}
stop() { kill "$pid"; wait "$pid" 2>/dev/null || true; pid=""; }

# Capture a real natal response as the canned body (same size, same bytes).
start
natal='{"year":1990,"month":4,"day":12,"hour":14,"minute":30,"latitude":48.8566,"longitude":2.3522}'
curl -fsS -H "x-api-key: $key" -H 'Content-Type: application/json' -d "$natal" \
	"http://127.0.0.1:$PORT/api/v1/natal" >"$work/canned.json"
stop
start --bench-canned "$work/canned.json"

# steal NAME: the share of CPU time the hypervisor took from this VM during
# run NAME (from /proc/stat before and after it). These VMs share their
# host: at 40 % steal a run measures the neighbours, not the server, so
# every row says how much it had.
cpustat() { head -n 1 /proc/stat; }
steal() { awk '{ if (NR == 1) for (i = 2; i <= NF; i++) a[i] = $i; else { t = 0; for (i = 2; i <= NF; i++) t += $i - a[i]; printf "%.0f %%", 100 * ($9 - a[9]) / t } }' "$work/$1.cpu"; }

# served NAME Q: the Q-th percentile of the handler's own time per request
# in run NAME (duration_ms of the access log: from the parsed request to the
# response ready for fasthttp to write), next to wrk's end-to-end figure,
# which also holds the time a request waits for a core, in the server and
# in wrk, on these two saturated cores.
served() { awk -v q="$2" '$1 == q {print $2}' "$work/$1.served"; }

# serve_percentiles NAME: p50 and p99 of the handler times of run NAME, once
# (the access log of a run holds some 400,000 lines).
serve_percentiles() {
	grep -o '"duration_ms":[0-9.]*' "$work/$1.access" | cut -d: -f2 | LC_ALL=C sort -g |
		awk '{ v[NR] = $1 } END { for (q = 50; q <= 99; q += 49) { i = int(NR * q / 100); if (i < 1) i = 1; printf "%d %.2fms\n", q, (NR ? v[i] : 0) } }' >"$work/$1.served"
}

run() { # name path mode round
	cpustat >"$work/$1.cpu"
	from=$(wc -l <"$work/access.log")
	local mode=$3 body="" bodies=""
	case $mode in
	body=*) body=${mode#body=} mode=body ;;
	bodies=*) bodies=bench/${mode#bodies=} mode=bodies ;;
	unique=*) body=${mode#unique=} mode=unique ;;
	esac
	WRK_PATH=$2 WRK_MODE=$mode WRK_BODY=$body WRK_BODIES=$bodies WRK_ROUND=$4 WRK_KEY=$key \
		wrk -t"$THREADS" -c"$CONNS" -d"$DURATION" --timeout 5s --latency -s bench/post.lua "http://127.0.0.1:$PORT" >"$work/$1.txt" 2>&1
	cpustat >>"$work/$1.cpu"
	sleep 0.3 # the access log is flushed every 100 ms
	tail -n +"$((from + 1))" "$work/access.log" | grep '"msg":"access"' >"$work/$1.access" || true
	serve_percentiles "$1"
	rm "$work/$1.access"
}

# The host's speed drifts by tens of percent within minutes (see steal), so
# the five runs go in ROUNDS interleaved rounds and the table gives each
# run's median; the ratios to canned are taken within each round.
# The baselines, then the family rows asked for (all by default).
runs=$'canned\t/bench/canned\tnatal\tcanned\nnatal\t/api/v1/natal\tnatal\tnatal\nnatal-unique\t/api/v1/natal\tnatal-unique\tnatal-unique\nbatch\t/api/v1/batch\tbatch\tbatch\nbatch-unique\t/api/v1/batch\tbatch-unique\tbatch-unique'
while IFS=$'\t' read -r name method path mode label; do
	case $name in "" | "#"*) continue ;; esac
	if [ $# -gt 0 ] && ! printf '%s\n' "$@" | grep -qx "$name"; then continue; fi
	[ "$method" = GET ] && mode=get
	runs+=$'\n'"$name"$'\t'"$path"$'\t'"$mode"$'\t'"$label"
done <bench/rows.tsv
for r in $(seq 1 "$ROUNDS"); do
	while IFS=$'\t' read -r name path mode _; do
		run "$name.$r" "$path" "$mode" "$r"
	done <<<"$runs"
done

# rps NAME: the answered requests per second of run NAME: wrk's rate times
# the share of 2xx answers (a refusal, such as a batch told 503 when no
# heavy slot frees up in time, is no chart).
rps() { awk '/ requests in / {n = $1} /Non-2xx or 3xx/ {bad = $NF} /^Requests\/sec/ {r = $2} END {printf "%.2f\n", n ? r * (n - bad) / n : r}' "$work/$1.txt"; }
p() { awk -v q="$2" '$1 == q {print $2}' "$work/$1.txt"; }
errs() { awk '/Non-2xx|Socket errors/ {print}' "$work/$1.txt" | tr '\n' ' '; }
median() { sort -g | awk '{ v[NR] = $1 } END { if (NR == 0) print "-"; else if (NR % 2) print v[(NR + 1) / 2]; else print (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
ms() { sed 's/us$/e-3/; s/ms$//; s/s$/e3/'; } # wrk's 850.00us / 1.20ms / 1.05s in ms
two() { xargs printf '%.2f'; }
rounds() { for r in $(seq 1 "$ROUNDS"); do echo -n "$("$1" "$2.$r" ${3:+"$3"}) "; done; }

row() { # name label charts-per-request
	local rs med
	rs=$(rounds rps "$1")
	med=$(echo "$rs" | tr ' ' '\n' | grep . | median)
	echo "| $2 | $(printf '%.0f' "$med") ($(echo "$rs" | xargs printf '%.0f ' | sed 's/ $//')) | $(if [ "$3" = - ]; then echo -; else awk -v a="$med" -v b="$3" 'BEGIN {printf "%.0f", a * b}'; fi)" \
		"| $(rounds p "$1" 50% | tr ' ' '\n' | grep . | ms | median | two) ms | $(rounds p "$1" 99% | tr ' ' '\n' | grep . | ms | median | two) ms" \
		"| $(rounds served "$1" 50 | tr ' ' '\n' | grep . | sed 's/ms$//' | median | two) ms | $(rounds served "$1" 99 | tr ' ' '\n' | grep . | sed 's/ms$//' | median | two) ms" \
		"| $(rounds steal "$1" | sed 's/ %//g') | $(rounds errs "$1" | xargs) |"
}
ratio() { # name: its req/s over canned's, per round
	for r in $(seq 1 "$ROUNDS"); do awk -v a="$(rps "$1.$r")" -v b="$(rps "canned.$r")" 'BEGIN {printf "%.1f\n", 100 * a / b}'; done
}

echo "| run | 2xx requests/s, median (each round) | charts/s | p50 | p99 | server p50 | server p99 | steal % (each round) | errors |"
echo "|---|---|---|---|---|---|---|---|---|"
row canned "canned $(wc -c <"$work/canned.json") B body" -
row natal "natal, 50 births rotated (cached)" 1
row natal-unique "natal, every birth new (uncached)" 1
row batch "batch of 100 natal (cached)" 100
row batch-unique "batch of 100 new natal (uncached)" 100
while IFS=$'\t' read -r name _ _ label; do
	case $name in canned | natal | natal-unique | batch | batch-unique) continue ;; esac
	row "$name" "$label" -
done <<<"$runs"
echo
echo "natal / canned, median of the rounds' ratios: $(ratio natal | median | two) % cached ($(ratio natal | xargs)), $(ratio natal-unique | median | two) % uncached ($(ratio natal-unique | xargs))"
ratio_to() { # name base: its req/s over base's, per round
	for r in $(seq 1 "$ROUNDS"); do awk -v a="$(rps "$1.$r")" -v b="$(rps "$2.$r")" 'BEGIN {printf "%.2f\n", a / b}'; done
}
while IFS=$'\t' read -r name _ _ label; do
	case $name in canned | natal | natal-unique | batch | batch-unique) continue ;; esac
	echo "$name: $(ratio_to "$name" natal-unique | median | two)x uncached natal ($(ratio_to "$name" natal-unique | xargs)), $(ratio_to "$name" natal | median | two)x cached natal ($(ratio_to "$name" natal | xargs)), $(ratio_to "$name" canned | median | two)x canned ($(ratio_to "$name" canned | xargs))"
done <<<"$runs"
echo "wrk -t$THREADS -c$CONNS -d$DURATION x $ROUNDS rounds against 127.0.0.1 on $(nproc) cores; $(date -u +%FT%TZ); tables: $( [ -f "$TABLES" ] && echo "$TABLES" || echo 'none (Swiss Ephemeris only)')"
