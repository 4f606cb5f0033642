"""The swetest plumbing shared by the route families' fixture generators.

Each generator (http/routes/<family>/testdata/gen/*.py) imports it with
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "testdata", "gen"))
    from swefixture import EPHE, days_in, dump, reference, swetest
and keeps only what its own fixture needs.
"""
import json
import subprocess
import sys

EPHE = "/usr/share/libswe/ephe"


def swetest(args):
    """Runs swetest with the Debian ephemeris files and comma-separated,
    headless output; returns its rows by first column, as numbers."""
    out = subprocess.run(["swetest", "-edir" + EPHE] + args + ["-g,", "-head"],
                         check=True, capture_output=True, text=True).stdout
    rows = {}
    for line in out.splitlines():
        parts = [p.strip() for p in line.split(",")]
        if len(parts) >= 2:
            try:
                rows[parts[0]] = [float(p) for p in parts[1:] if p]
            except ValueError:
                pass
    return rows


def days_in(y, m):
    """The days of month m of Gregorian year y."""
    if m == 2:
        return 29 if (y % 4 == 0 and (y % 100 != 0 or y % 400 == 0)) else 28
    return [31, 0, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][m - 1]


def reference():
    """The fixture's reference: swetest's version and the files it read."""
    ver = subprocess.run(["swetest", "-h"], capture_output=True, text=True).stdout
    version = next((l.strip() for l in ver.splitlines() if "ersion" in l), "swetest (Debian)")
    return "swetest from the Swiss Ephemeris, " + version + ", files " + EPHE


def dump(fixture):
    """Writes the fixture to standard output as the tests read it."""
    json.dump(fixture, sys.stdout, indent=1)
    sys.stdout.write("\n")
