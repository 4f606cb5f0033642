#!/usr/bin/env python3
"""Panchang references from swetest, for the vedic panchang tests.

Writes ../panchang_swetest.json. For each case (a civil date, an IANA zone,
a place):

  * rise/set of the Sun and the Moon on the civil date (local midnight to
    midnight) and the next date's sunrise, from `swetest -rise` under three
    conventions: default (upper limb, refraction), -disccenter, and the
    Hindu one (Sun: -disccenter -norefrac; Moon: -hindu, see CONVENTIONS);
  * every crossing, from 1.5 days before local midnight to 3.5 days after,
    of the boundaries of tithi (Moon - Sun, 12 deg), karana (6 deg),
    nakshatra (sidereal Lahiri Moon, 13 deg 20') and yoga (sidereal Sun +
    Moon, 13 deg 20'), found by bisection on swetest positions to 0.1 s.

Reference: swetest 2.10.03 (Debian), Swiss Ephemeris files:
    swetest -bj<JD> -ut -rise [-disccenter [-norefrac]|-hindu] -p0|-p1 -geopos<lon>,<lat>,0 -n4
    swetest -bj<JD> -ut -p01 -fl -head [-sid1] -g,
Tolerance used by the tests: 60 s (the issue's minute); measured agreement
is quoted in the test log.

Run from this directory: python3 swetest_panchang.py (about a minute).
"""
import datetime as dt
import json
import math
import re
import subprocess
from zoneinfo import ZoneInfo

CASES = [
    ("Bengaluru", 12.9716, 77.5946, "Asia/Kolkata", "2024-01-01"),
    ("Delhi", 28.6139, 77.2090, "Asia/Kolkata", "1990-07-14"),
    ("Varanasi", 25.3176, 82.9739, "Asia/Kolkata", "2001-03-25"),
    ("Chennai", 13.0827, 80.2707, "Asia/Kolkata", "1977-10-31"),
    ("Mumbai", 19.0760, 72.8777, "Asia/Kolkata", "2012-12-21"),
    ("Kolkata", 22.5726, 88.3639, "Asia/Kolkata", "1955-05-05"),
    ("Ujjain", 23.1765, 75.7885, "Asia/Kolkata", "2033-04-14"),
    ("Kathmandu", 27.7172, 85.3240, "Asia/Kathmandu", "2016-08-18"),
    ("Colombo", 6.9271, 79.8612, "Asia/Colombo", "1999-02-28"),
    ("Singapore", 1.3521, 103.8198, "Asia/Singapore", "2040-09-09"),
    ("London", 51.5074, -0.1278, "Europe/London", "2021-06-21"),
    ("London", 51.5074, -0.1278, "Europe/London", "2021-12-21"),
    ("NewYork", 40.7128, -74.0060, "America/New_York", "2026-11-01"),
    ("Oslo", 59.9139, 10.7522, "Europe/Oslo", "2005-06-20"),
    ("Reykjavik", 64.1466, -21.9426, "Atlantic/Reykjavik", "2019-01-15"),
    ("Sydney", -33.8688, 151.2093, "Australia/Sydney", "1988-01-26"),
    ("SaoPaulo", -23.5505, -46.6333, "America/Sao_Paulo", "2045-07-04"),
    ("Honolulu", 21.3069, -157.8583, "Pacific/Honolulu", "1969-07-20"),
    ("Tromso", 69.6496, 18.9560, "Europe/Oslo", "2010-06-21"),
    ("Tromso", 69.6496, 18.9560, "Europe/Oslo", "2010-12-21"),
    ("Cape Town", -33.9249, 18.4241, "Africa/Johannesburg", "2030-03-20"),
    ("Tokyo", 35.6762, 139.6503, "Asia/Tokyo", "1963-11-22"),
    ("Dubai", 25.2048, 55.2708, "Asia/Dubai", "2049-10-10"),
    ("Bengaluru", 12.9716, 77.5946, "Asia/Kolkata", "2024-01-11"),
]

# swetest flags per convention, for the Sun and for the Moon. For the Sun's
# "hindu" rise and set the definition the flag documents (disc centre, no
# refraction) is asked for explicitly: swetest -hindu agrees with it at
# sunrise but at 64 N in January puts sunset 7 minutes later, which no
# altitude convention explains. For the Moon -hindu also drops parallax and
# ecliptic latitude, which -disccenter -norefrac would not.
CONVENTIONS = {
    "upper_limb": ([], []),
    "disc_centre": (["-disccenter"], ["-disccenter"]),
    "hindu": (["-disccenter", "-norefrac"], ["-hindu"]),
}


def swetest(*args):
    return subprocess.run(["swetest", *args], capture_output=True, text=True, check=True).stdout


def to_jd(t):
    """Julian day (UT) of an aware datetime."""
    return 2440587.5 + t.timestamp() / 86400


def parse_event(date, clock):
    d, m, y = (int(x) for x in date.split("."))
    hh, mm, ss = clock.split(":")
    t = dt.datetime(y, m, d, tzinfo=dt.timezone.utc) + dt.timedelta(hours=int(hh), minutes=int(mm), seconds=float(ss))
    return to_jd(t)


def rise_set(body, flags, jd0, lat, lon):
    """All rise and set instants swetest lists from jd0 on (3 days)."""
    out = swetest(f"-bj{jd0:.8f}", "-ut", "-rise", *flags, f"-p{body}", f"-geopos{lon},{lat},0", "-n4")
    rises, sets = [], []
    for line in out.splitlines():
        for kind, date, clock in re.findall(r"(rise|set)\s+(\d+\.\d+\.-?\d+)\s+(\d+:\d+:[\d.]+)", line):
            (rises if kind == "rise" else sets).append(parse_event(date, clock))
    return rises, sets


def first_in(events, a, b):
    for e in sorted(events):
        if a <= e < b:
            return e
    return None


def angles(jd):
    """Tithi, nakshatra, yoga, karana angles at jd."""
    trop = swetest(f"-bj{jd:.9f}", "-ut", "-p01", "-fl", "-head", "-g,")
    sid = swetest(f"-bj{jd:.9f}", "-ut", "-p01", "-fl", "-head", "-g,", "-sid1")
    sun, moon = (float(x.strip().rstrip(",")) for x in trop.split())
    ssun, smoon = (float(x.strip().rstrip(",")) for x in sid.split())
    elong = (moon - sun) % 360
    return {"tithi": elong, "karana": elong, "nakshatra": smoon % 360, "yoga": (ssun + smoon) % 360}


SPAN = {"tithi": 12.0, "karana": 6.0, "nakshatra": 40 / 3, "yoga": 40 / 3}


def crossings(jd_a, jd_b):
    """Boundary crossings of every kind between jd_a and jd_b."""
    step = 1 / 24
    grid = []
    t = jd_a
    while t <= jd_b + 1e-9:
        grid.append((t, angles(t)))
        t += step
    found = {k: [] for k in SPAN}
    for (t1, a1), (t2, a2) in zip(grid, grid[1:]):
        for k, w in SPAN.items():
            i1, i2 = int(a1[k] // w), int(a2[k] // w)
            if i1 == i2:
                continue
            lo, hi = t1, t2
            while (hi - lo) * 86400 > 0.1:
                mid = (lo + hi) / 2
                if int(angles(mid)[k] // w) == i1:
                    lo = mid
                else:
                    hi = mid
            found[k].append({"jd": (lo + hi) / 2, "index": i2})  # index of the element that starts
    return found


def main():
    cases = []
    for name, lat, lon, zone, date in CASES:
        z = ZoneInfo(zone)
        y, m, d = (int(x) for x in date.split("-"))
        mid = dt.datetime(y, m, d, tzinfo=z)
        nxt = mid + dt.timedelta(days=1)
        aft = mid + dt.timedelta(days=2)
        # wall-clock midnights (a DST change could make the day 23 or 25 h)
        nxt = dt.datetime(nxt.year, nxt.month, nxt.day, tzinfo=z)
        aft = dt.datetime(aft.year, aft.month, aft.day, tzinfo=z)
        j0, j1, j2 = to_jd(mid), to_jd(nxt), to_jd(aft)
        c = {"name": f"{name}-{date}", "latitude": lat, "longitude": lon, "zone": zone, "date": date,
             "midnight_jd": j0, "rise": {}}
        for conv, (sun_flags, moon_flags) in CONVENTIONS.items():
            sr, ss = rise_set(0, sun_flags, j0 - 0.5, lat, lon)
            mr, ms = rise_set(1, moon_flags, j0 - 0.5, lat, lon)
            c["rise"][conv] = {
                "sunrise": first_in(sr, j0, j1), "sunset": first_in(ss, j0, j1),
                "next_sunrise": first_in(sr, j1, j2),
                "moonrise": first_in(mr, j0, j1), "moonset": first_in(ms, j0, j1),
            }
        c["crossings"] = crossings(j0 - 1.5, j0 + 3.5)
        cases.append(c)
        print(c["name"], {k: len(v) for k, v in c["crossings"].items()})
    doc = {
        "generator": "engine/vedic/testdata/gen/swetest_panchang.py",
        "reference": "swetest 2.10.03 (Debian), Swiss Ephemeris files; rise/set from swetest -rise, element boundaries by bisection on swetest positions (-sid1 for nakshatra and yoga) to 0.1 s",
        "tolerance_seconds": 60,
        "cases": cases,
    }
    with open("../panchang_swetest.json", "w") as f:
        json.dump(doc, f, indent=1)
        f.write("\n")


if __name__ == "__main__":
    main()
