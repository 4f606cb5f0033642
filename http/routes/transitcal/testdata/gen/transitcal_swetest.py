#!/usr/bin/env python3
"""Generate http/routes/transitcal/testdata/positions.json.gz: apparent
geocentric tropical longitudes from swetest (Swiss Ephemeris command-line
tool, Debian package swetest, data swe-basic-data), sampled evenly, for the
transit calendar's test to find its reference roots on:

  - "year": 2024-01-01 to 2025-01-01 with a margin of 12 days either side:
    the Moon every hour, the Sun and Mercury to Pluto every 3 hours;
  - "decade": 2025-01-01 to 2035-01-01 with a margin of 30 days either side:
    Jupiter to Pluto every 12 hours.

Run from the repository root:
    python3 http/routes/transitcal/testdata/gen/transitcal_swetest.py | gzip -9n > http/routes/transitcal/testdata/positions.json.gz

The Go test (http/routes/transitcal/transitcal_test.go) interpolates the
samples (4-point Lagrange) to find every instant a transiting body reaches
each natal point plus or minus each aspect's angle, and demands that every
such instant in the range be in the calendar within 1 minute (Sun to Mars)
or 2 minutes (Jupiter to Pluto).
"""
import gzip
import json
import os
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "testdata", "gen"))
from swefixture import EPHE, reference

LETTERS = {"Sun": "0", "Moon": "1", "Mercury": "2", "Venus": "3", "Mars": "4", "Jupiter": "5",
           "Saturn": "6", "Uranus": "7", "Neptune": "8", "Pluto": "9"}


def series(letter, jd0, step, n):
    out = subprocess.run(["swetest", "-edir" + EPHE, "-bj%.6f" % jd0, "-ut", "-p" + letter,
                          "-n%d" % n, "-s%.12f" % step, "-fl", "-g,", "-head"],
                         check=True, capture_output=True, text=True).stdout
    vals = [float(line.strip()) for line in out.splitlines() if line.strip()]
    assert len(vals) == n, (letter, len(vals), n)
    return vals


def block(bodies, jd0, jd1, pad, steps):
    start = jd0 - pad
    out = {"start_jd": start, "range": [jd0, jd1], "bodies": {}}
    for name in bodies:
        step = steps.get(name, steps["*"])
        n = int(round((jd1 + pad - start) / step)) + 1
        out["bodies"][name] = {"step_days": step, "longitudes": [round(v, 7) for v in series(LETTERS[name], start, step, n)]}
    return out


def main():
    data = {
        "generator": "http/routes/transitcal/testdata/gen/transitcal_swetest.py",
        "reference": reference(),
        # 2024-01-01 and 2025-01-01, 0h UT
        "year": block(list(LETTERS), 2460310.5, 2460676.5, 12, {"Moon": 1 / 24, "*": 1 / 8}),
        # 2025-01-01 and 2035-01-01, 0h UT
        "decade": block(["Jupiter", "Saturn", "Uranus", "Neptune", "Pluto"], 2460676.5, 2464329.5, 30, {"*": 0.5}),
    }
    json.dump(data, sys.stdout, separators=(",", ":"))
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
