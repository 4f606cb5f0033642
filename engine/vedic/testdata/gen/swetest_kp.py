#!/usr/bin/env python3
"""KP (Krishnamurti Paddhati) references from swetest for the KP tests.

Writes ../kp_swetest.json:

  * charts: 10 births (1900-2100, latitudes 45S-60N), each in the kp
    ayanamsa (-sid5, SE_SIDM_KRISHNAMURTI), five of them also in the
    "new KP" ayanamsa (-sid45, SE_SIDM_KRISHNAMURTI_VP291) and two in a
    user-defined ayanamsa (-sidudef<epoch>,<degrees>): the sidereal
    longitudes of Sun..Saturn and the mean node (Ketu opposite) and the
    twelve Placidus cusps, as swetest gives them, and the sign, star, sub
    and sub-sub lords of each, looked up here in a table of the 243
    nakshatra subs built below from the Vimshottari years (independently of
    the Go code: arcsecond bounds, linear scan), with the distance in
    arcseconds from each point to the nearest sub-sub boundary;
    the four levels of significators of each house (Rahu and Ketu agents of
    their sign lords), reckoned here from those lords and swetest's cusps;
  * horary: eight (number, instant, place) questions; for each, the instant
    within the sidereal day after the question at which swetest's sidereal
    Placidus ascendant equals the start of the number's sub (bisection on
    swetest to 1e-7 day), and swetest's cusps then: another way to the same
    cusps as the API's ARMC formula (the obliquity and ayanamsa move by
    under 0.2" in that day);
  * ruling: six instants and places: the Moon's and the ascendant's lords
    (the lookup above on swetest's longitudes) and the day lord, the lord of
    the weekday (local mean date) that began at the last sunrise from
    swetest -rise (upper limb, standard refraction).

Reference: swetest (Debian package swetest 2.10.03, Swiss Ephemeris files
of swe-basic-data), run as
    swetest -bj<JD> -ut -p0123456m -sid5|-sid45 -fPl -head -g, -house<lon>,<lat>,P -eswe
    swetest -bj<JD> -ut -rise -p0 -geopos<lon>,<lat>,0 -n3
Tolerances used by the tests: 1 arcsecond on every longitude (2 for the
horary cusps); the lords exactly, for every point farther than 1 arcsecond
from a sub-sub boundary.

Run from this directory: python3 swetest_kp.py
"""
import datetime as dt
import json
import random
import re
import subprocess

YEARS = {"Ketu": 7, "Venus": 20, "Sun": 6, "Moon": 10, "Mars": 7, "Rahu": 18, "Jupiter": 16, "Saturn": 19, "Mercury": 17}
ORDER = ["Ketu", "Venus", "Sun", "Moon", "Mars", "Rahu", "Jupiter", "Saturn", "Mercury"]
SIGN_LORDS = ["Mars", "Venus", "Mercury", "Moon", "Sun", "Mercury", "Venus", "Mars", "Jupiter", "Saturn", "Saturn", "Jupiter"]
WEEKDAY_LORDS = ["Sun", "Moon", "Mars", "Mercury", "Jupiter", "Venus", "Saturn"]  # Sunday first
SWE_NAMES = {"Sun": "Sun", "Moon": "Moon", "Mercury": "Mercury", "Venus": "Venus", "Mars": "Mars",
             "Jupiter": "Jupiter", "Saturn": "Saturn", "mean Node": "Rahu"}
SID = {"kp": "-sid5", "krishnamurti_vp291": "-sid45"}


def subs():
    """The 243 nakshatra subs as (start", end", star lord, sub lord)."""
    out = []
    for n in range(27):
        star = ORDER[n % 9]
        at = n * 48000  # 13°20' = 48000"
        k0 = ORDER.index(star)
        for k in range(9):
            lord = ORDER[(k0 + k) % 9]
            span = 48000 * YEARS[lord] // 120
            out.append((at, at + span, star, lord))
            at += span
    assert at == 1296000
    return out


SUBS = subs()


def lords(lon):
    """Sign, star, sub and sub-sub lords of a sidereal longitude, and the
    distance in arcseconds to the nearest sub-sub boundary."""
    x = (lon % 360) * 3600
    for a, b, star, sub in SUBS:
        if a <= x < b:
            break
    k0 = ORDER.index(sub)
    edges = [a]
    for k in range(9):
        edges.append(edges[-1] + (b - a) * YEARS[ORDER[(k0 + k) % 9]] / 120)
    for k in range(9):
        if edges[k] <= x < edges[k + 1]:
            subsub = ORDER[(k0 + k) % 9]
            break
    # Sign boundaries are sub boundaries too (the 249 subs).
    signs = [s * 108000 for s in range(13)]
    margin = min(abs(x - e) for e in edges + signs)
    return {"sign_lord": SIGN_LORDS[int(x // 108000)], "star_lord": star, "sub_lord": sub,
            "sub_sub_lord": subsub, "margin_arcsec": round(margin, 3)}


def swetest(*args):
    return subprocess.run(["swetest", *args], capture_output=True, text=True, check=True).stdout


# User-defined ayanamsas (user_ayanamsa): a value at an epoch, swetest -sidudef.
USER = {"user:2451545.0,23.85": "-sidudef2451545.0,23.85", "user:2415020.0,22.46": "-sidudef2415020.0,22.46"}


def sky(jd, lat, lon, aya):
    out = swetest(f"-bj{jd:.9f}", "-ut", "-p0123456m", SID.get(aya) or USER[aya], "-fPl", "-head", "-g,",
                  f"-house{lon:.6f},{lat:.6f},P", "-eswe")
    planets, cusps, asc = {}, [None] * 12, None
    for line in out.splitlines():
        parts = [p.strip() for p in line.split(",")]
        if len(parts) < 2:
            continue
        name = parts[0]
        if name in SWE_NAMES:
            planets[SWE_NAMES[name]] = float(parts[1])
        elif name.startswith("house"):
            cusps[int(name.split()[1]) - 1] = float(parts[1])
        elif name == "Ascendant":
            asc = float(parts[1])
    planets["Ketu"] = (planets["Rahu"] + 180) % 360
    return planets, cusps, asc


GRAHAS = ["Sun", "Moon", "Mars", "Mercury", "Jupiter", "Venus", "Saturn", "Rahu", "Ketu"]


def house_of(lon, cusps):
    """The house (1-12) whose arc from its cusp to the next holds lon."""
    for i in range(12):
        if (lon - cusps[i]) % 360 < (cusps[(i + 1) % 12] - cusps[i]) % 360:
            return i + 1


def significators(planets, cusps):
    """The four levels of each house, with Rahu and Ketu as agents of the
    lord of their sign: levels [house][level] as lists in graha order."""
    occ = {g: {house_of(planets[g], cusps)} for g in GRAHAS}
    own = {g: {i + 1 for i in range(12) if lords(cusps[i])["sign_lord"] == g} for g in GRAHAS}
    for node in ("Rahu", "Ketu"):
        lord = lords(planets[node])["sign_lord"]
        occ[node] = occ[node] | occ[lord]
        own[node] = own[node] | own[lord]
    star = {g: lords(planets[g])["star_lord"] for g in GRAHAS}
    out = []
    for h in range(1, 13):
        out.append([[g for g in GRAHAS if h in occ[star[g]]], [g for g in GRAHAS if h in occ[g]],
                    [g for g in GRAHAS if h in own[star[g]]], [g for g in GRAHAS if h in own[g]]])
    cusp_margin = min(abs(((planets[g] - c + 180) % 360) - 180) for g in GRAHAS for c in cusps) * 3600
    return out, round(cusp_margin, 3)


def point(lon):
    return {"longitude": lon, **lords(lon)}


def sunrises(jd0, lat, lon):
    out = swetest(f"-bj{jd0:.8f}", "-ut", "-rise", "-p0", f"-geopos{lon},{lat},0", "-n3")
    rises = []
    for date, clock in re.findall(r"rise\s+(\d+\.\d+\.-?\d+)\s+(\d+:\d+:[\d.]+)", out):
        d, m, y = (int(v) for v in date.split("."))
        hh, mm, ss = clock.split(":")
        t = dt.datetime(y, m, d, tzinfo=dt.timezone.utc) + dt.timedelta(hours=int(hh), minutes=int(mm), seconds=float(ss))
        rises.append(2440587.5 + t.timestamp() / 86400)
    return rises


def day_lord(jd, lat, lon):
    """The lord of the weekday that began at the last sunrise before jd."""
    rises = [r for r in sunrises(jd - 1.5, lat, lon) if r <= jd]
    rise = max(rises)
    local = rise + lon / 360  # local mean time of that sunrise
    jdn = int(local + 0.5)
    return WEEKDAY_LORDS[(jdn + 1) % 7], rise


def horary_instant(jd, lat, lon, aya, target):
    """The instant after jd (within a sidereal day) at which the sidereal
    Placidus ascendant is target, by bisection on swetest."""
    def off(t):
        return ((sky(t, lat, lon, aya)[2] - target + 180) % 360) - 180
    # March through the day in steps of 1 hour to bracket the rising.
    step = 1 / 24
    a, fa = jd, off(jd)
    for _ in range(25):
        b = a + step
        fb = off(b)
        if fa < 0 <= fb and fb - fa < 90:
            break
        a, fa = b, fb
    for _ in range(40):
        m = (a + b) / 2
        if off(m) < 0:
            a = m
        else:
            b = m
    return (a + b) / 2


def sub_start(n):
    """The start (degrees) of KP horary sub n, splitting subs at signs."""
    starts = []
    for a, b, _, _ in SUBS:
        starts.append(a)
        s = (a // 108000 + 1) * 108000
        if a < s < b:
            starts.append(s)
    assert len(starts) == 249
    return starts[n - 1] / 3600


def main():
    rnd = random.Random(249)
    charts = []
    for i in range(10):
        jd = round(2415020.5 + rnd.random() * 73050, 6)
        lat = round(rnd.uniform(-45, 60), 4)
        lon = round(rnd.uniform(-180, 180), 4)
        ayas = ["kp", "krishnamurti_vp291"] if i % 2 == 0 else ["kp"]
        if i < 2:
            ayas.append(list(USER)[i])
        for aya in ayas:
            planets, cusps, _ = sky(jd, lat, lon, aya)
            sig, margin = significators(planets, cusps)
            user = None
            if aya.startswith("user:"):
                t0, v0 = aya[5:].split(",")
                user = {"epoch_jd": float(t0), "degrees": float(v0)}
            charts.append({"jd": jd, "latitude": lat, "longitude": lon, "ayanamsa": "user" if user else aya, "user_ayanamsa": user,
                           "planets": {k: point(v) for k, v in planets.items()},
                           "cusps": [point(c) for c in cusps],
                           "significators": sig, "planet_cusp_margin_arcsec": margin})
    horary = []
    for n, jd, lat, lon, aya in [
        (1, 2460389.629167, 13.0827, 80.2707, "kp"),
        (7, 2451545.0, 28.6139, 77.209, "kp"),
        (22, 2455000.25, 51.5074, -0.1278, "kp"),
        (23, 2458000.75, -33.8688, 151.2093, "kp"),
        (107, 2460389.629167, 13.0827, 80.2707, "kp"),
        (130, 2440000.5, 40.7128, -74.006, "krishnamurti_vp291"),
        (200, 2462000.1, 19.076, 72.8777, "kp"),
        (249, 2447000.9, -23.5505, -46.6333, "krishnamurti_vp291"),
    ]:
        target = sub_start(n)
        t = horary_instant(jd, lat, lon, aya, target)
        _, cusps, asc = sky(t, lat, lon, aya)
        horary.append({"number": n, "jd": jd, "latitude": lat, "longitude": lon, "ayanamsa": aya,
                       "sub_start": target, "rising_jd": t, "ascendant": asc,
                       "cusps": [point(c) for c in cusps]})
    ruling = []
    for jd, lat, lon in [(2460389.629167, 13.0827, 80.2707), (2460389.99, 13.0827, 80.2707),
                         (2451545.0, 28.6139, 77.209), (2455000.25, 51.5074, -0.1278),
                         (2458000.75, -33.8688, 151.2093), (2462000.1, 40.7128, -74.006)]:
        planets, _, asc = sky(jd, lat, lon, "kp")
        lord, rise = day_lord(jd, lat, lon)
        ruling.append({"jd": jd, "latitude": lat, "longitude": lon, "day_lord": lord, "sunrise_jd": rise,
                       "moon": point(planets["Moon"]), "ascendant": point(asc)})
    doc = {
        "reference": "swetest 2.10.03 (Debian), Swiss Ephemeris files; lords by an independent lookup in swetest_kp.py; horary cusps by bisection on swetest's ascendant; sunrise from swetest -rise",
        "command": "python3 swetest_kp.py",
        "tolerance": "1 arcsecond on longitudes (2 on the horary cusps); lords exact beyond 1 arcsecond of a boundary",
        "charts": charts, "horary": horary, "ruling": ruling,
    }
    with open("../kp_swetest.json", "w") as f:
        json.dump(doc, f, indent=1)
        f.write("\n")


if __name__ == "__main__":
    main()
