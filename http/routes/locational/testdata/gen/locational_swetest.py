#!/usr/bin/env python3
"""Generate http/routes/locational/testdata/swetest.json: random births with
each body's apparent right ascension and declination of date, its azimuth
and geometric altitude at the birthplace, and the Greenwich apparent
sidereal time (the ARMC at longitude 0), all from swetest (Swiss Ephemeris
command-line tool, Debian package swetest, data swe-basic-data).

Run from the repository root:
    python3 http/routes/locational/testdata/gen/locational_swetest.py > http/routes/locational/testdata/swetest.json

swetest's azimuth (format letter i) is counted from the south through the
west, as swe_azalt gives it; the fixture keeps it so, and the Go test turns
it to the north-based azimuth the API gives. Births: 1850-2150, latitudes
-60..60, UTC times (swetest's -ut instant exactly). The Go test
(http/routes/locational/locational_test.go) checks the MC and IC lines
against right ascension minus sidereal time (1e-5 degree, the precision of
the GeoJSON), the ASC and DSC lines by root-finding the latitude of zero
altitude (0.05 degree), and the local space azimuths (1 arcsecond).
"""
import os
import random
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "testdata", "gen"))
from swefixture import EPHE, dump, reference, swetest

BODIES = ["Sun", "Moon", "Mercury", "Venus", "Mars", "Jupiter", "Saturn", "Uranus", "Neptune", "Pluto"]
N = 40


def main():
    rnd = random.Random(20261127)
    cases = []
    for i in range(N):
        y = rnd.randint(1850, 2150)
        m = rnd.randint(1, 12)
        d = rnd.randint(1, 28)
        hh, mm, ss = rnd.randint(0, 23), rnd.randint(0, 59), rnd.randint(0, 59)
        lat = round(rnd.uniform(-60, 60), 4)
        lon = round(rnd.uniform(-180, 180), 4)
        req = {"year": y, "month": m, "day": d, "hour": hh, "minute": mm, "second": ss,
               "latitude": lat, "longitude": lon, "timezone": "UTC"}
        date = ["-b%d.%d.%d" % (d, m, y), "-ut%02d:%02d:%02d" % (hh, mm, ss)]
        args = date + ["-p0123456789", "-fPadih", "-geopos%s,%s,0" % (lon, lat)]
        rows = swetest(args)
        armc = swetest(date + ["-p", "-house0,0,P", "-fPl"])["ARMC"][0]
        bodies = {b: {"ra": rows[b][0], "dec": rows[b][1], "azimuth_south": rows[b][2], "altitude": rows[b][3]} for b in BODIES}
        cases.append({"request": req, "swetest": " ".join(["swetest"] + args), "gst": armc, "bodies": bodies})
    dump({
        "generator": "http/routes/locational/testdata/gen/locational_swetest.py",
        "reference": reference(),
        "cases": cases,
    })


if __name__ == "__main__":
    main()
