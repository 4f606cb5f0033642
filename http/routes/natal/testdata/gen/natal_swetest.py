#!/usr/bin/env python3
"""Generate http/routes/natal/testdata/natal/swetest.json: random natal charts with the
reference positions, angles and cusps computed by swetest (Swiss Ephemeris
command-line tool, Debian package swetest, data swe-basic-data).

Run from the repository root:
    python3 http/routes/natal/testdata/gen/natal_swetest.py > http/routes/natal/testdata/natal/swetest.json

Charts: years 1800-2399 (the range of the ephemeris files), latitudes
-66..66 (outside the polar circles, where every house system is defined),
every house system, both zodiacs and every ayanamsa, both node types,
asteroids on every other chart. Each body is [longitude, latitude, speed
in longitude]; houses rows carry the cusp longitude first. Times are sent in UTC so the instant is the
swetest -ut instant exactly. The Go test (http/routes/natal/natal_swetest_test.go) posts
each request to POST /api/v1/natal and demands agreement within 1 arcsecond
(longitudes, latitudes, angles, cusps) and 1e-5 degree/day (speeds).
"""
import os
import random
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "testdata", "gen"))
from swefixture import EPHE, days_in, dump, reference, swetest

HOUSES = {"placidus": "P", "koch": "K", "equal": "E", "whole_sign": "W",
          "regiomontanus": "R", "campanus": "C", "morinus": "M", "porphyry": "O"}
SIDM = {"fagan_bradley": 0, "lahiri": 1, "deluce": 2, "raman": 3, "kp": 5, "j2000": 18}
# swetest body letters and the names the API gives them.
BODIES = [("0", "Sun"), ("1", "Moon"), ("2", "Mercury"), ("3", "Venus"), ("4", "Mars"),
          ("5", "Jupiter"), ("6", "Saturn"), ("7", "Uranus"), ("8", "Neptune"), ("9", "Pluto"),
          ("A", "Lilith"), ("D", "Chiron")]
ASTEROIDS = [("F", "Ceres"), ("G", "Pallas"), ("H", "Juno"), ("I", "Vesta")]
N = 240


def main():
    rnd = random.Random(20261121)
    house_names = list(HOUSES)
    ayanamsas = list(SIDM)
    cases = []
    for i in range(N):
        y = rnd.randint(1800, 2399)
        m = rnd.randint(1, 12)
        d = rnd.randint(1, days_in(y, m))
        hh, mm, ss = rnd.randint(0, 23), rnd.randint(0, 59), rnd.randint(0, 59)
        lat = round(rnd.uniform(-66, 66), 4)
        lon = round(rnd.uniform(-180, 180), 4)
        hs = house_names[i % len(house_names)]
        sidereal = (i // len(house_names)) % 2 == 1
        aya = ayanamsas[(i // 2) % len(ayanamsas)] if sidereal else None
        node = "mean" if i % 3 == 0 else "true"
        asteroids = i % 2 == 0
        req = {"year": y, "month": m, "day": d, "hour": hh, "minute": mm, "second": ss,
               "latitude": lat, "longitude": lon, "house_system": hs,
               "zodiac_type": "sidereal" if sidereal else "tropical",
               "node_type": node, "include_asteroids": asteroids}
        if aya:
            req["ayanamsa"] = aya
        bodies = BODIES + (ASTEROIDS if asteroids else [])
        letters = "".join(b[0] for b in bodies) + ("m" if node == "mean" else "t")
        args = ["-b%d.%d.%d" % (d, m, y), "-ut%02d:%02d:%02d" % (hh, mm, ss),
                "-p" + letters, "-fPlbs", "-house%s,%s,%s" % (lon, lat, HOUSES[hs])]
        if aya:
            args.append("-sid%d" % SIDM[aya])
        rows = swetest(args)
        planets = {name: rows[swename][:3] for swename, name in
                   [(n, n) for _, n in BODIES[:10]] + [("mean Apogee", "Lilith"), ("Chiron", "Chiron")] +
                   ([(n, n) for _, n in ASTEROIDS] if asteroids else [])}
        planets["North Node"] = rows["mean Node" if node == "mean" else "true Node"][:3]
        cusps = [rows["house %2d" % k][0] for k in range(1, 13)]
        cases.append({
            "request": req,
            "swetest": " ".join(["swetest"] + args),
            "planets": planets,
            "cusps": cusps,
            "ascendant": rows["Ascendant"][0],
            "midheaven": rows["MC"][0],
            "vertex": rows["Vertex"][0],
        })
    dump({
        "generator": "http/routes/natal/testdata/gen/natal_swetest.py",
        "reference": reference(),
        "tolerance_arcsec": 0.005,
        "cases": cases,
    })


if __name__ == "__main__":
    main()
