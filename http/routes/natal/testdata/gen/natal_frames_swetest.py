#!/usr/bin/env python3
"""Generate http/routes/natal/testdata/natal/frames.json: references from
swetest (Swiss Ephemeris command-line tool, Debian package swetest, data
swe-basic-data) for the natal family's frames:

  ayanamsas:     every named ayanamsa (SE_SIDM_0..46) at five dates, and four
                 user-defined ones (swetest -sidudef: a value at an epoch in
                 TT) at the same dates: the ayanamsa (swetest -pb), the
                 sidereal Sun and Moon, Ascendant and Midheaven (Placidus);
  declinations:  30 births: the declination of every body of a chart with
                 the asteroids (swetest -fPd -ep, the true equator of date)
                 and the true obliquity (swetest -po);
  heliocentric:  30 instants: heliocentric longitude, latitude, distance and
                 speed of Mercury..Pluto, the Earth and Chiron (swetest -hel),
                 ten of them sidereal (Lahiri);
  osculating:    20 births: the osculating lunar apogee (swetest -pB), for
                 lilith "osculating", half of them outside 1800-2400 (Moshier).

Run from the repository root:
    python3 http/routes/natal/testdata/gen/natal_frames_swetest.py > http/routes/natal/testdata/natal/frames.json

Births are UTC (sent without a zone, so each is the swetest -ut instant).
The Go test (http/routes/natal/natal_frames_test.go) posts them to the
natal, declinations and heliocentric routes and demands 1 arcsecond.
"""
import os
import random
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "testdata", "gen"))
from swefixture import EPHE, days_in, dump, reference

SIDM = ["fagan_bradley", "lahiri", "deluce", "raman", "usha_shashi", "kp", "djwhal_khul",
        "yukteshwar", "jn_bhasin", "babylonian_kugler1", "babylonian_kugler2", "babylonian_kugler3",
        "babylonian_huber", "babylonian_eta_piscium", "aldebaran_15_tau", "hipparchos", "sassanian",
        "galactic_center_0_sag", "j2000", "j1900", "b1950", "suryasiddhanta", "suryasiddhanta_mean_sun",
        "aryabhata", "aryabhata_mean_sun", "ss_revati", "ss_citra", "true_citra", "true_revati",
        "true_pushya", "galactic_center_gil_brand", "galactic_equator_iau1958", "galactic_equator_true",
        "galactic_equator_mula", "skydram_mardyks", "true_mula", "galactic_center_mula_wilhelm",
        "aryabhata_522", "babylonian_britton", "true_sheoran", "galactic_center_cochrane",
        "galactic_equator_fiorenza", "valens_moon", "lahiri_1940", "lahiri_vp285",
        "krishnamurti_vp291", "lahiri_icrc"]
# Five dates across the files' span, UT.
DATES = [(1850, 3, 1, 6, 0), (1931, 7, 15, 12, 30), (1990, 11, 2, 23, 10), (2026, 5, 20, 4, 45), (2188, 9, 9, 18, 0)]
USER = [(2451545.0, 23.85), (2415020.0, 22.46), (1903396.8128654, 0.0), (2305447.5, 17.25)]
# swetest letters of the chart's bodies and the API's names.
BODIES = [("0", "Sun"), ("1", "Moon"), ("2", "Mercury"), ("3", "Venus"), ("4", "Mars"), ("5", "Jupiter"),
          ("6", "Saturn"), ("7", "Uranus"), ("8", "Neptune"), ("9", "Pluto"), ("t", "North Node"),
          ("A", "Lilith"), ("D", "Chiron"), ("F", "Ceres"), ("G", "Pallas"), ("H", "Juno"), ("I", "Vesta")]
HELIO = [("2", "Mercury"), ("3", "Venus"), ("C", "Earth"), ("4", "Mars"), ("5", "Jupiter"), ("6", "Saturn"),
         ("7", "Uranus"), ("8", "Neptune"), ("9", "Pluto"), ("D", "Chiron")]


def swetest(args):
    out = subprocess.run(["swetest", "-edir" + EPHE] + args + ["-g,", "-head"],
                         check=True, capture_output=True, text=True).stdout
    rows = []
    for line in out.splitlines():
        parts = [p.strip() for p in line.split(",")]
        if len(parts) >= 2:
            try:
                rows.append((parts[0], [float(p) for p in parts[1:] if p]))
            except ValueError:
                pass
    return rows


def when(y, m, d, hh, mm):
    return ["-b%d.%d.%d" % (d, m, y), "-ut%02d:%02d" % (hh, mm)]


def births(rnd, n):
    out = []
    for _ in range(n):
        y = rnd.randint(1850, 2149)
        m = rnd.randint(1, 12)
        d = rnd.randint(1, days_in(y, m))
        out.append((y, m, d, rnd.randint(0, 23), rnd.randint(0, 59),
                    round(rnd.uniform(-60, 60), 4), round(rnd.uniform(-180, 180), 4)))
    return out


def main():
    rnd = random.Random(20261126)
    ayanamsas = []
    kinds = [("ayanamsa", s, ["-sid%d" % k]) for k, s in enumerate(SIDM)]
    kinds += [("user_ayanamsa", {"epoch_jd": t0, "degrees": v0}, ["-sidudef%s,%s" % (t0, v0)]) for t0, v0 in USER]
    for field, value, sid in kinds:
        for (y, m, d, hh, mm) in DATES:
            lat, lon = round(rnd.uniform(-60, 60), 4), round(rnd.uniform(-180, 180), 4)
            args = when(y, m, d, hh, mm) + ["-p01b", "-fPl", "-house%s,%s,P" % (lon, lat)] + sid
            rows = dict(swetest(args))
            req = {"year": y, "month": m, "day": d, "hour": hh, "minute": mm, "latitude": lat, "longitude": lon,
                   "zodiac_type": "sidereal", field: value}
            ayanamsas.append({"request": req, "swetest": " ".join(["swetest"] + args),
                              "ayanamsa": rows["Ayanamsha"][0], "sun": rows["Sun"][0], "moon": rows["Moon"][0],
                              "ascendant": rows["Ascendant"][0], "midheaven": rows["MC"][0]})
    declinations = []
    for (y, m, d, hh, mm, lat, lon) in births(rnd, 30):
        letters = "".join(l for l, _ in BODIES)
        args = when(y, m, d, hh, mm) + ["-p" + letters, "-fPd", "-ep"]
        rows = swetest(args)
        names = dict(BODIES)
        decs = {}
        for (name, vals), (letter, api) in zip(rows, BODIES):
            decs[api] = vals[0]
        obl = dict(swetest(when(y, m, d, hh, mm) + ["-po", "-fPl"]))["Ecl. Obl."]
        req = {"year": y, "month": m, "day": d, "hour": hh, "minute": mm, "latitude": lat, "longitude": lon,
               "include_asteroids": True}
        declinations.append({"request": req, "swetest": " ".join(["swetest"] + args), "declinations": decs,
                             "obliquity": obl[0]})
    helio = []
    for i, (y, m, d, hh, mm, lat, lon) in enumerate(births(rnd, 30)):
        letters = "".join(l for l, _ in HELIO)
        sid = []
        req = {"year": y, "month": m, "day": d, "hour": hh, "minute": mm, "latitude": lat, "longitude": lon}
        if i % 3 == 2:
            sid = ["-sid1"]
            req["zodiac_type"] = "sidereal"
        args = when(y, m, d, hh, mm) + ["-hel", "-p" + letters, "-fPlbRs", "-ep"] + sid
        rows = swetest(args)
        planets = {}
        for (name, vals), (letter, api) in zip(rows, HELIO):
            planets[api] = vals[:4]
        helio.append({"request": req, "swetest": " ".join(["swetest"] + args), "planets": planets})
    osculating = []
    for i, (y, m, d, hh, mm, lat, lon) in enumerate(births(rnd, 20)):
        eph = []
        if i % 2 == 1:
            y = rnd.randint(-1500, 1700)
            d = min(d, 28)
            eph = ["-emos"]
        args = when(y, m, d, hh, mm) + ["-pB", "-fPl"] + eph
        if y < 1583:
            args[0] += "j"  # Julian calendar, as the API reads dates before the reform
        rows = dict(swetest(args))
        req = {"year": y, "month": m, "day": d, "hour": hh, "minute": mm, "latitude": lat, "longitude": lon, "lilith": "osculating"}
        osculating.append({"request": req, "swetest": " ".join(["swetest"] + args), "lilith": rows["osc. Apogee"][0]})
    dump({
        "generator": "http/routes/natal/testdata/gen/natal_frames_swetest.py",
        "reference": reference(),
        "tolerance_arcsec": 1,
        "ayanamsas": ayanamsas,
        "declinations": declinations,
        "heliocentric": helio,
        "osculating": osculating,
    })


if __name__ == "__main__":
    main()
