// Fixture generator of engine/sky. Run from this directory:
//
//	npm ci && node gen.mjs
//
// It writes ../positions.jsonl.gz, ../quarters.jsonl, ../ingresses.jsonl and
// ../stations.jsonl. References:
//   - swetest (Swiss Ephemeris 2.10.03, Debian's swetest package, files of
//     swe-basic-data): positions of every body in every frame, and the
//     apparent longitudes and speeds the events below are refined on;
//   - astronomy-engine 2.1.19 (npm, Don Cross; VSOP87 and ELP-based, an
//     independent theory): Sun..Pluto positions, and the independent
//     searches (SearchMoonQuarter, Search on the Moon's longitude) that find
//     which events exist and roughly when.
// Each event astronomy-engine finds is refined on swetest: its apparent
// Moon-Sun elongation (quarters) or Moon longitude (ingresses) at one-minute
// steps over ±20 minutes, the root interpolated linearly within the minute
// (the curvature over a minute moves it by under 0.01 s). Stations are found
// on swetest's speeds alone: daily samples, then one-minute steps over the
// day of each sign change. The test tolerances: positions 1" (tables
// against swetest), 1' (against astronomy-engine); instants 60 s (events),
// 300 s (stations).
import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import * as A from "astronomy-engine";

// A small deterministic generator (mulberry32) so reruns give the same file.
let seed = 20240101;
function rand() {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}

const JD_FROM = 2378497.5 + 2; // 1800-01-04: the tables start 1800-01-02
const JD_TO = 2597641.5 - 2; // 2399-12-30
const J2000 = 2451545.0;

function swetest(args) {
  return execFileSync("swetest", args, { encoding: "utf8" });
}

// rows runs swetest without its header and returns the numeric rows.
function rows(args) {
  return swetest([...args, "-head"])
    .split("\n")
    .filter((l) => l.trim() && !/^(warning|using|error)/.test(l.trim()))
    .map((l) => l.trim().split(/\s+/).map(Number));
}

// deltaT returns swetest's delta T in days at JD UT jd.
function deltaT(jd) {
  const out = swetest([`-bj${jd}`, "-ut", "-p0", "-fl"]);
  return Number(/delta t: ([-\d.]+) sec/.exec(out)[1]) / 86400;
}

const version = /Version: (\S+)/.exec(swetest(["-h"]))[1];
const header = { reference: `swetest ${version}; astronomy-engine 2.1.19`, generator: "testdata/gen/gen.mjs" };

// ---- positions ----
const letters = "0123456789mtADFGHI"; // Sun..Pluto, mean node, true node, Lilith, Chiron, Ceres..Vesta
const keys = ["sun", "moon", "mercury", "venus", "mars", "jupiter", "saturn", "uranus", "neptune", "pluto",
  "mean_node", "true_node", "lilith", "chiron", "ceres", "pallas", "juno", "vesta"];
const sid = { fagan_bradley: 0, lahiri: 1, deluce: 2, raman: 3, kp: 5, j2000: 18 };
const ayanamsas = Object.keys(sid);
const aeBodies = ["Sun", "Moon", "Mercury", "Venus", "Mars", "Jupiter", "Saturn", "Uranus", "Neptune", "Pluto"];

function frame(jd, extra, bodyLetters) {
  const r = rows([`-bj${jd}`, "-ut", `-p${bodyLetters}`, "-flbRsd", ...extra]);
  const out = {};
  [...bodyLetters].forEach((c, i) => {
    const [lon, lat, dist, speed, dec] = r[i];
    out[keys[letters.indexOf(c)]] = { lon, lat, dist, speed, dec };
  });
  return out;
}

const positions = [header];
const N = 150;
for (let i = 0; i < N; i++) {
  const jd = +(JD_FROM + rand() * (JD_TO - JD_FROM)).toFixed(6);
  const aya = ayanamsas[i % ayanamsas.length];
  const obs = [+(rand() * 360 - 180).toFixed(4), +(rand() * 140 - 70).toFixed(4), Math.round(rand() * 2000)];
  const rec = { jd, ayanamsa: aya, observer: obs };
  rec.tropical = frame(jd, [], letters);
  rec.sidereal = frame(jd, [`-sid${sid[aya]}`], letters);
  rec.topocentric = frame(jd, [`-topo${obs[0]},${obs[1]},${obs[2]}`], "0123456789DFGHI");
  rec.heliocentric = frame(jd, ["-hel"], "123456789DFGHI");
  // astronomy-engine at the same TT (its own delta T model differs by up
  // to minutes by 2400).
  const tt = jd + deltaT(jd) - J2000;
  const t = A.AstroTime.FromTerrestrialTime(tt);
  // The Moon's phase angle (Sun-Moon-Earth) and illuminated fraction:
  // swe_pheno_ut through swetest, and astronomy-engine's Illumination.
  // swetest prints the angle in degrees, minutes and seconds.
  const dms = /(-?\d+)°\s*(\d+)'\s*([\d.]+)/.exec(swetest([`-bj${jd}`, "-ut", "-p1", "-f+", "-head"]));
  const pa = Number(dms[1]) + Number(dms[2]) / 60 + Number(dms[3]) / 3600;
  const [pf] = rows([`-bj${jd}`, "-ut", "-p1", "-f-"])[0];
  const il = A.Illumination("Moon", t);
  rec.moon_phase = { swetest_angle: pa, swetest_fraction: pf, ae_angle: il.phase_angle, ae_fraction: il.phase_fraction };
  rec.astronomy_engine = {};
  for (const b of aeBodies) {
    const e = A.Ecliptic(A.GeoVector(b, t, true));
    rec.astronomy_engine[b.toLowerCase()] = { lon: e.elon, lat: e.elat };
  }
  positions.push(rec);
}
writeFileSync("../positions.jsonl.gz", gzipSync(positions.map((r) => JSON.stringify(r)).join("\n") + "\n", { level: 9 }));

// ---- events ----
// refine returns the JD UT where value(jd) - target (wrapped to ±180)
// crosses zero, from swetest values at one-minute steps over ±20 minutes
// of the estimate. args gives the swetest body and column options.
function refine(estimate, args, target) {
  const start = estimate - 20 / 1440;
  const r = rows([`-bj${start}`, "-ut", ...args, "-n41", "-s1m", "-fl"]);
  const res = r.map((v) => {
    let x = (v[0] - target) % 360;
    if (x > 180) x -= 360;
    if (x <= -180) x += 360;
    return x;
  });
  for (let i = 0; i + 1 < res.length; i++) {
    if (res[i] <= 0 && res[i + 1] > 0) {
      const f = -res[i] / (res[i + 1] - res[i]);
      return start + (i + f) / 1440;
    }
  }
  throw new Error(`no root near ${estimate}`);
}

const starts = [2460310.5]; // 2024-01-01
for (let i = 0; i < 9; i++) starts.push(+(JD_FROM + 60 + rand() * (JD_TO - JD_FROM - 120)).toFixed(4));

const quarters = [header];
const ingresses = [header];
for (const s of starts) {
  let q = A.SearchMoonQuarter(A.MakeTime(new Date((s - 2440587.5) * 86400e3)));
  for (let k = 0; k < 12; k++) {
    const ae = q.time.ut + J2000;
    const jd = refine(ae, ["-p1", "-d0"], 90 * q.quarter);
    quarters.push({ quarter: q.quarter, jd: +jd.toFixed(7), ae_ut: +ae.toFixed(7), ae_tt: +(q.time.tt + J2000).toFixed(7) });
    q = A.NextMoonQuarter(q);
  }
  let t = A.MakeTime(new Date((s - 2440587.5) * 86400e3));
  for (let k = 0; k < 12; k++) {
    const lon0 = A.EclipticGeoMoon(t).lon;
    const target = (Math.floor(lon0 / 30) + 1) * 30 % 360;
    const f = (tt) => {
      let x = (A.EclipticGeoMoon(tt).lon - target) % 360;
      if (x > 180) x -= 360;
      if (x <= -180) x += 360;
      return x;
    };
    const hit = A.Search(f, t, t.AddDays(3.5), { dt_tolerance_seconds: 1 });
    const ae = hit.ut + J2000;
    const jd = refine(ae, ["-p1"], target);
    ingresses.push({ sign: target / 30, jd: +jd.toFixed(7), ae_ut: +ae.toFixed(7) });
    t = hit.AddDays(0.5);
  }
}
writeFileSync("../quarters.jsonl", quarters.map((r) => JSON.stringify(r)).join("\n") + "\n");
writeFileSync("../ingresses.jsonl", ingresses.map((r) => JSON.stringify(r)).join("\n") + "\n");

// ---- stations ----
// Years: 2024 and four random ones; Mercury..Pluto (swetest 2..9).
const stations = [header];
const years = [2460310.5];
for (let i = 0; i < 4; i++) years.push(Math.floor(JD_FROM + 200 + rand() * (JD_TO - JD_FROM - 600)) + 0.5);
const planets = { mercury: 2, venus: 3, mars: 4, jupiter: 5, saturn: 6, uranus: 7, neptune: 8, pluto: 9 };
for (const y0 of years) {
  for (const [name, p] of Object.entries(planets)) {
    const daily = rows([`-bj${y0}`, "-ut", `-p${p}`, "-n366", "-s1", "-fs"]).map((v) => v[0]);
    for (let d = 0; d + 1 < daily.length; d++) {
      if ((daily[d] < 0) === (daily[d + 1] < 0)) continue;
      const day0 = y0 + d;
      const v = rows([`-bj${day0}`, "-ut", `-p${p}`, "-n1441", "-s1m", "-fs"]).map((r) => r[0]);
      for (let m = 0; m + 1 < v.length; m++) {
        if ((v[m] < 0) === (v[m + 1] < 0)) continue;
        const jd = day0 + (m + v[m] / (v[m] - v[m + 1])) / 1440;
        stations.push({ body: name, kind: v[m + 1] < 0 ? "station_retrograde" : "station_direct", jd: +jd.toFixed(7), range: [y0, y0 + 365] });
        break;
      }
    }
  }
}
writeFileSync("../stations.jsonl", stations.map((r) => JSON.stringify(r)).join("\n") + "\n");
console.log(`positions ${positions.length - 1}, quarters ${quarters.length - 1}, ingresses ${ingresses.length - 1}, stations ${stations.length - 1}`);
