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

# Each mutation: a function that applies it, the files it touches, and
# the packages (and -run) whose tests must fail.
nutation() { sed -i 's/^\(\tdefaultFlags *= FlagSwissEph | FlagSpeed\)$/\1 | FlagNoNut/' engine/swe/constants.go; }
aberration() { sed -i 's/^\(\tdefaultFlags *= FlagSwissEph | FlagSpeed\)$/\1 | 1024 \/\/ SEFLG_NOABERR/' engine/swe/constants.go; }
cusp() { sed -i 's/^\th.Source = engine.FromTables$/&\n\th.Cusps[1] = engine.Normalize(h.Cusps[1] + 1.0\/3600)/' engine/houses/compute.go; }
fixture() {
	python3 -c 'import json,sys; p=sys.argv[1]; d=json.load(open(p)); d["cases"]=[]; json.dump(d,open(p,"w"))' engine/vedic/testdata/natal_swetest.json
}
declare -A files=(
	[nutation]=engine/swe/constants.go [aberration]=engine/swe/constants.go
	[cusp]=engine/houses/compute.go [fixture]=engine/vedic/testdata/natal_swetest.json
)
declare -A pkgs=(
	[nutation]="./engine/swe ./http/routes/natal" [aberration]="-run TestPyEphem ./engine/swe"
	[cusp]="./http/routes/houses" [fixture]="./engine/vedic"
)
names=(nutation aberration cusp fixture)
[ $# -gt 0 ] && names=("$@")

status=0
for name in "${names[@]}"; do
	f=${files[$name]:-}
	if [ -z "$f" ]; then
		echo "$name: no such mutation (${!files[*]})" >&2
		status=1
		continue
	fi
	if ! git diff --quiet -- "$f"; then
		echo "$name: $f has uncommitted changes; not mutating it" >&2
		status=1
		continue
	fi
	"$name"
	if git diff --quiet -- "$f"; then
		echo "$name: the mutation did not apply" >&2
		status=1
		continue
	fi
	out=$(go test -count=1 ${pkgs[$name]} 2>&1)
	rc=$?
	git checkout -- "$f"
	failed=$(grep -E '^\s*--- FAIL' <<<"$out" | sed 's/^ *--- FAIL: //; s/ (.*//' | sort -u | tr '\n' ' ')
	why=$(grep -E 'exceeds|no case|differ|NaN' <<<"$out" | head -3 | sed 's/^ */    /')
	if [ $rc -eq 0 ]; then
		echo "$name: NOT NOTICED by ${pkgs[$name]}" >&2
		status=1
	else
		echo "$name: noticed by $failed"
		[ -n "$why" ] && echo "$why"
	fi
done
exit $status
