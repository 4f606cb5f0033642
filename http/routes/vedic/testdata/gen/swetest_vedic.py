#!/usr/bin/env python3
"""Sidereal (Lahiri) positions from swetest for the Vedic route tests.

Writes ../swetest.json: the 48 births of the engine's fixture
(engine/vedic/testdata/natal_swetest.json: 1900-2100, latitudes 60S-60N),
moved to the nearest whole second of UT so that a request body (which takes
whole seconds) names the instant exactly, written as local time in one of
three zones in turn (UTC, Asia/Kolkata, America/New_York; UTC where the local
time is ambiguous or does not exist), with node_type "true" on every third
birth. For each: the request body, the sidereal longitude and speed of
Sun..Saturn and of the mean and true node, the sidereal ascendant and MC, the
Lahiri ayanamsa and the Moon's tropical longitude.

Reference: swetest (Debian package swetest 2.10.03, Swiss Ephemeris files
of swe-basic-data), run as
    swetest -b<D.M.Y> -ut<H:M:S> -p0123456mt -sid1 -fPls -head -g, -house<lon>,<lat>,W -eswe
    swetest -b<D.M.Y> -ut<H:M:S> -p1 -fPl -head -g, -eswe      (tropical Moon)
    swetest -b<D.M.Y> -ut<H:M:S> -ay1 -head                      (Lahiri ayanamsa)
Zones from Python's zoneinfo (the system IANA database).
Tolerance used by the tests: 1 arcsecond on every longitude.

Run from this directory: python3 swetest_vedic.py
"""
import datetime as dt
import json
import re
import subprocess
import zoneinfo

NAMES = {
    "Sun": "Sun", "Moon": "Moon", "Mercury": "Mercury", "Venus": "Venus", "Mars": "Mars",
    "Jupiter": "Jupiter", "Saturn": "Saturn", "mean Node": "MeanNode", "true Node": "TrueNode",
}
ZONES = ["UTC", "Asia/Kolkata", "America/New_York"]
JD_UNIX = 2440587.5


def swetest(*args):
    return subprocess.run(["swetest", *args], capture_output=True, text=True, check=True).stdout


def when(t):
    return f"-b{t.day}.{t.month}.{t.year}", f"-ut{t.hour}:{t.minute:02d}:{t.second:02d}"


def local(t, zone):
    """t (UTC) as a local time in zone, or None when that local time is
    ambiguous or does not exist there."""
    z = zoneinfo.ZoneInfo(zone)
    lt = t.astimezone(z)
    naive = lt.replace(tzinfo=None)
    a = naive.replace(tzinfo=z, fold=0).astimezone(dt.timezone.utc)
    b = naive.replace(tzinfo=z, fold=1).astimezone(dt.timezone.utc)
    if a != b or a != t:
        return None
    return naive


def case(i, src):
    t = dt.datetime(1970, 1, 1, tzinfo=dt.timezone.utc) + dt.timedelta(seconds=round((src["jd"] - JD_UNIX) * 86400))
    lat, lon = src["latitude"], src["longitude"]
    day, ut = when(t)
    out = swetest(day, ut, "-p0123456mt", "-sid1", "-fPls", "-head", "-g,", f"-house{lon:.6f},{lat:.6f},W", "-eswe")
    bodies, asc, mc = {}, None, None
    for line in out.splitlines():
        parts = [p.strip() for p in line.split(",")]
        if len(parts) < 2:
            continue
        if parts[0] in NAMES:
            bodies[NAMES[parts[0]]] = [float(parts[1]), float(parts[2])]
        elif parts[0] == "Ascendant":
            asc = float(parts[1])
        elif parts[0] == "MC":
            mc = float(parts[1])
    moon = float(swetest(day, ut, "-p1", "-fPl", "-head", "-g,", "-eswe").split(",")[1])
    m = re.search(r"(\d+)°\s*(\d+)'\s*([\d.]+)", swetest(day, ut, "-ay1", "-head"))
    ayanamsa = int(m[1]) + int(m[2]) / 60 + float(m[3]) / 3600

    zone = ZONES[i % len(ZONES)]
    lt = local(t, zone)
    if lt is None:
        zone, lt = "UTC", t.replace(tzinfo=None)
    req = {"year": lt.year, "month": lt.month, "day": lt.day, "hour": lt.hour, "minute": lt.minute,
           "second": lt.second, "latitude": lat, "longitude": lon}
    if zone != "UTC":
        req["timezone"] = zone
    if i % 3 == 2:
        req["node_type"] = "true"
    return {"name": src["name"], "request": req, "utc": t.strftime("%Y-%m-%dT%H:%M:%SZ"),
            "swetest": f"swetest {day} {ut} -sid1 -house{lon:.6f},{lat:.6f},W",
            "bodies": bodies, "ascendant": asc, "midheaven": mc, "ayanamsa": ayanamsa, "moon_tropical": moon}


def main():
    with open("../../../../../engine/vedic/testdata/natal_swetest.json") as f:
        engine_cases = json.load(f)["cases"]
    doc = {
        "generator": "http/routes/vedic/testdata/gen/swetest_vedic.py",
        "births": "engine/vedic/testdata/natal_swetest.json, moved to the nearest whole second of UT",
        "reference": "swetest 2.10.03 (Debian), Swiss Ephemeris files, -sid1 (Lahiri)",
        "command": "swetest -b<D.M.Y> -ut<H:M:S> -p0123456mt -sid1 -fPls -head -g, -house<lon>,<lat>,W -eswe; "
                   "swetest -b<D.M.Y> -ut<H:M:S> -p1 -fPl -head -g, -eswe; swetest -b<D.M.Y> -ut<H:M:S> -ay1 -head",
        "tolerance_arcsec": 1,
        "cases": [case(i, c) for i, c in enumerate(engine_cases)],
    }
    with open("../swetest.json", "w") as f:
        json.dump(doc, f, indent=1)
        f.write("\n")


if __name__ == "__main__":
    main()
