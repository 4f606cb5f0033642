#!/usr/bin/env python3
"""Nakshatra and yoga boundaries under other ayanamsas than Lahiri, from
swetest, for the test of the panchang's ayanamsa option
(TestPanchangAyanamsaSwetest).

Writes ../panchang_ayanamsa_swetest.json. For six of the days and places of
swetest_panchang.py and two ayanamsas, kp (SE_SIDM_KRISHNAMURTI, 5, a table
of ours) and true_citra (27, measured from Spica: libswe on each call): every
crossing, from 1.5 days before local midnight to 3.5 days after, of the
boundaries of the nakshatra (sidereal Moon, 13 deg 20') and of the yoga
(sidereal Sun + Moon, 13 deg 20'), found by bisection on swetest positions
to 0.1 s.

Reference: swetest 2.10.03 (Debian), Swiss Ephemeris files:
    swetest -bj<JD> -ut -p01 -fl -head -g, -sid<n>
Tolerance used by the tests: 60 s (as the Lahiri panchang's).

Run from this directory: python3 swetest_panchang_ayanamsa.py (about a minute).
"""
import datetime as dt
import json
import subprocess
from zoneinfo import ZoneInfo

CASES = [
    ("Bengaluru", 12.9716, 77.5946, "Asia/Kolkata", "2024-01-01"),
    ("Delhi", 28.6139, 77.2090, "Asia/Kolkata", "1990-07-14"),
    ("Chennai", 13.0827, 80.2707, "Asia/Kolkata", "1977-10-31"),
    ("London", 51.5074, -0.1278, "Europe/London", "2021-06-21"),
    ("Sydney", -33.8688, 151.2093, "Australia/Sydney", "1988-01-26"),
    ("Tokyo", 35.6762, 139.6503, "Asia/Tokyo", "1963-11-22"),
]
AYANAMSAS = [("kp", 5), ("true_citra", 27)]
SPAN = 40 / 3


def swetest(*args):
    return subprocess.run(["swetest", *args], capture_output=True, text=True, check=True).stdout


def to_jd(t):
    return 2440587.5 + t.timestamp() / 86400


def angles(jd, sid):
    out = swetest(f"-bj{jd:.9f}", "-ut", "-p01", "-fl", "-head", "-g,", f"-sid{sid}")
    sun, moon = (float(x.strip().rstrip(",")) for x in out.split())
    return {"nakshatra": moon % 360, "yoga": (sun + moon) % 360}


def crossings(jd_a, jd_b, sid):
    step = 1 / 24
    grid = []
    t = jd_a
    while t <= jd_b + 1e-9:
        grid.append((t, angles(t, sid)))
        t += step
    found = {"nakshatra": [], "yoga": []}
    for (t1, a1), (t2, a2) in zip(grid, grid[1:]):
        for k in found:
            i1, i2 = int(a1[k] // SPAN), int(a2[k] // SPAN)
            if i1 == i2:
                continue
            lo, hi = t1, t2
            while (hi - lo) * 86400 > 0.1:
                mid = (lo + hi) / 2
                if int(angles(mid, sid)[k] // SPAN) == i1:
                    lo = mid
                else:
                    hi = mid
            found[k].append({"jd": (lo + hi) / 2, "index": i2})  # the element that starts
    return found


def main():
    cases = []
    for name, lat, lon, zone, date in CASES:
        y, m, d = (int(x) for x in date.split("-"))
        j0 = to_jd(dt.datetime(y, m, d, tzinfo=ZoneInfo(zone)))
        for aya, sid in AYANAMSAS:
            c = {"name": f"{name}-{date}-{aya}", "latitude": lat, "longitude": lon, "zone": zone, "date": date,
                 "ayanamsa": aya, "crossings": crossings(j0 - 1.5, j0 + 3.5, sid)}
            cases.append(c)
            print(c["name"], {k: len(v) for k, v in c["crossings"].items()})
    doc = {
        "generator": "engine/vedic/testdata/gen/swetest_panchang_ayanamsa.py",
        "reference": "swetest 2.10.03 (Debian), Swiss Ephemeris files; nakshatra and yoga boundaries by bisection on swetest -sid5 (kp) and -sid27 (true_citra) positions to 0.1 s",
        "tolerance_seconds": 60,
        "cases": cases,
    }
    with open("../panchang_ayanamsa_swetest.json", "w") as f:
        json.dump(doc, f, indent=1)
        f.write("\n")


if __name__ == "__main__":
    main()
