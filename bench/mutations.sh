#!/usr/bin/env bash
# The mutation check of the reference tests: each mutation puts a
# deliberate error into the product (or empties a fixture), runs the tests
# that should notice, and reverts it. A mutation the suite does not notice
# is a failure of this script. Nothing is committed: the files a mutation
# touches must be clean before it runs, and are checked out again after.
#
#   bash bench/mutations.sh            every mutation
#   bash bench/mutations.sh nutation   the ones named
#
# Needs what the tests need (libswe, swetest, data/ephemeris.bolt).
set -uo pipefail
cd "$(dirname "$0")/.."
export PATH="$PATH:/usr/local/go/bin" CI=true

# name|files it touches|how to apply it|packages (and -run) that must fail
mutations=(
	"nutation|engine/swe/constants.go|sed -i 's/defaultFlags         = FlagSwissEph | FlagSpeed$/defaultFlags         = FlagSwissEph | FlagSpeed | FlagNoNut/' engine/swe/constants.go|./engine/swe ./http/routes/natal"
	"aberration|engine/swe/constants.go|sed -i 's/defaultFlags         = FlagSwissEph | FlagSpeed$/defaultFlags         = FlagSwissEph | FlagSpeed | 1024/' engine/swe/constants.go|-run TestPyEphem ./engine/swe"
	"cusp|engine/houses/compute.go|sed -i 's/^\th.Source = engine.FromTables$/\th.Source = engine.FromTables\n\th.Cusps[1] = engine.Normalize(h.Cusps[1] + 1.0\/3600)/' engine/houses/compute.go|./http/routes/houses"
	"fixture|engine/vedic/testdata/natal_swetest.json|python3 -c 'import json,sys; p=sys.argv[1]; d=json.load(open(p)); d[\"cases\"]=[]; json.dump(d,open(p,\"w\"))' engine/vedic/testdata/natal_swetest.json|./engine/vedic"
)

status=0
for m in "${mutations[@]}"; do
	IFS='|' read -r name files apply pkgs <<<"$m"
	if [ $# -gt 0 ] && [[ " $* " != *" $name "* ]]; then
		continue
	fi
	if ! git diff --quiet -- $files; then
		echo "$name: $files has uncommitted changes; not mutating it" >&2
		status=1
		continue
	fi
	eval "$apply"
	if git diff --quiet -- $files; then
		echo "$name: the mutation did not apply" >&2
		status=1
		continue
	fi
	out=$(go test -count=1 $pkgs 2>&1)
	rc=$?
	git checkout -- $files
	failed=$(grep -E '^\s*--- FAIL' <<<"$out" | sed 's/^ *--- FAIL: //; s/ (.*//' | sort -u | tr '\n' ' ')
	why=$(grep -E 'exceeds|no case|differ|NaN' <<<"$out" | head -3 | sed 's/^ */    /')
	if [ $rc -eq 0 ]; then
		echo "$name: NOT NOTICED by $pkgs" >&2
		status=1
	else
		echo "$name: noticed by $failed"
		[ -n "$why" ] && echo "$why"
	fi
done
exit $status
