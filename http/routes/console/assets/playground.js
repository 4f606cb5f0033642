// The playground: a birth (place search through the offline geocoder), a
// route among the families, the answer (JSON, and the SVG drawing where
// the route has one), and the same request as curl, TypeScript and Go.
// The routes are read from /api/openapi.json: every POST operation whose
// example request carries a birth (at the top, or as natal, birth or
// person1) is offered, with that example as the rest of the body. Calls
// are made with the user's key and billed like any other.
import { $, session, api, el, num, copyText } from "./util.js";

const BIRTH_KEYS = ["year", "month", "day", "hour", "minute", "second", "latitude", "longitude", "location", "timezone", "fold", "calendar"];
const NESTED = ["natal", "birth", "person1"];
// Echoed input fields that say how the birth instant was resolved (the
// zone, its offset and abbreviation, local mean time, DST, the UTC
// instant): shown whatever the family's echo calls them.
const ZONE_FIELD = /zone|utc|offset|dst|fold|lmt|mean_time|ambiguous|julian|calendar|birth_date|birth_time|instant/i;

let ctx = null;
let routes = null; // id -> route
let loadingRoutes = null;
let bodyEdited = false;
let last = null; // the last request sent, for the snippets

export function init(c) {
  ctx = c;
  const rebuild = () => { if (!bodyEdited) buildBody(); };
  for (const id of ["pg-year", "pg-month", "pg-day", "pg-hour", "pg-minute", "pg-lat", "pg-lon", "pg-tz"]) $(id).addEventListener("input", rebuild);
  $("pg-route").addEventListener("change", () => { bodyEdited = false; showRoute(); });
  $("pg-svg").addEventListener("change", label);
  $("pg-body").addEventListener("input", () => { bodyEdited = true; });
  $("pg-reset").addEventListener("click", () => { bodyEdited = false; buildBody(); });
  $("pg-find").addEventListener("click", findPlace);
  $("pg-place").addEventListener("keydown", (ev) => {
    if (ev.key === "Enter") { ev.preventDefault(); findPlace(); }
  });
  $("pg-places").addEventListener("change", (ev) => {
    const r = ev.target.closest("input[type=radio]");
    if (!r) return;
    $("pg-lat").value = r.dataset.lat;
    $("pg-lon").value = r.dataset.lon;
    $("pg-tz").value = r.dataset.tz;
    rebuild();
  });
  $("pg-form").addEventListener("submit", (ev) => { ev.preventDefault(); send(); });
  $("pg-result").addEventListener("click", async (ev) => {
    const b = ev.target.closest("button[data-copy]");
    if (!b || !last) return;
    const ok = await copyText($("code-" + b.dataset.copy).textContent);
    ctx.msg(ok ? b.textContent.replace("Copy as", "Copied as") + "." : "Select the code and copy it by hand.", !ok);
  });
}

// open loads the route list the first time the playground is shown.
export function open() {
  if (!loadingRoutes) {
    loadingRoutes = api("GET", "/api/openapi.json", undefined, false).then(readRoutes).catch((e) => {
      loadingRoutes = null;
      ctx.msg("The route list did not load: " + e.message, true);
    });
  }
  return loadingRoutes;
}

function resolve(doc, s) {
  while (s && s.$ref) s = doc.components.schemas[s.$ref.split("/").pop()];
  return s || {};
}

function hasBirth(x) {
  return x && typeof x === "object" && "year" in x && "month" in x && "day" in x;
}

function readRoutes(doc) {
  routes = new Map();
  const post = new Map();
  for (const [path, item] of Object.entries(doc.paths)) {
    if (item.post) post.set(path, item.post);
  }
  const byTag = new Map();
  for (const [path, o] of post) {
    if (/\/(svg|png)$/.test(path)) continue;
    const media = o.requestBody?.content?.["application/json"];
    const ex = media?.example;
    if (!ex || !(hasBirth(ex) || NESTED.some((k) => hasBirth(ex[k])))) continue;
    const r = { id: o.operationId, path, summary: o.summary, tag: (o.tags || ["Other"])[0], cost: o["x-cost"] || 1, example: ex,
      params: (o.parameters || []).filter((p) => p.in === "path").map((p) => ({
        name: p.name, example: p.example ?? p.schema?.example ?? p.schema?.enum?.[0] ?? "", doc: p.description || "", values: p.schema?.enum || null })) };
    const svg = post.get(path + "/svg");
    if (svg) {
      const s = resolve(doc, svg.requestBody?.content?.["application/json"]?.schema);
      const style = s.properties?.style;
      r.svg = { path: path + "/svg", cost: svg["x-cost"] || 1, example: svg.requestBody.content["application/json"].example || {}, styles: style?.enum || null, styleDoc: style?.description || "" };
    }
    routes.set(r.id, r);
    if (!byTag.has(r.tag)) byTag.set(r.tag, []);
    byTag.get(r.tag).push(r);
  }
  const sel = $("pg-route");
  sel.replaceChildren();
  for (const [tag, rs] of byTag) {
    sel.append(el("optgroup", { label: tag }, rs.map((r) => el("option", { value: r.id }, r.summary + " — POST " + r.path))));
  }
  sel.value = routes.has("post-natal") ? "post-natal" : sel.options[0]?.value;
  document.documentElement.dataset.playground = "ready";
  showRoute();
}

function route() { return routes?.get($("pg-route").value); }

function showRoute() {
  const r = route();
  if (!r) return;
  $("pg-route-info").textContent = `${r.id} · ${r.tag} · costs ${r.cost} call${r.cost === 1 ? "" : "s"} of your quota`;
  // Path parameters ({name} of /vedic/vargas/{name}) get a field each.
  const params = $("pg-params");
  params.replaceChildren(...r.params.map((p) => el("div", null,
    el("label", { for: "pg-param-" + p.name }, p.name + " (in the path)"),
    el("input", { id: "pg-param-" + p.name, type: "text", value: p.example, required: true, spellcheck: "false", title: p.doc || null, "data-param": p.name }))));
  params.hidden = !r.params.length;
  $("pg-draw").hidden = !r.svg;
  if (r.svg) {
    $("pg-svg-label").textContent = `Also draw the chart (POST ${r.svg.path}: ${r.svg.cost} more billed call${r.svg.cost === 1 ? "" : "s"})`;
    $("pg-style-box").hidden = !r.svg.styles;
    if (r.svg.styles) {
      $("pg-style").replaceChildren(...r.svg.styles.map((s) => el("option", { value: s }, s === "north" ? "North Indian" : s === "south" ? "South Indian" : s)));
      $("pg-style").title = r.svg.styleDoc;
    }
  }
  buildBody();
  label();
}

function label() {
  const r = route();
  if (!r) return;
  const n = r.cost + (r.svg && $("pg-svg").checked ? r.svg.cost : 0);
  $("pg-send").textContent = `Send (billed: ${n} call${n === 1 ? "" : "s"})`;
}

// birth is the form's birth as the API reads it.
function birth() {
  const n = (id) => $(id).value === "" ? undefined : Number($(id).value);
  const b = { year: n("pg-year"), month: n("pg-month"), day: n("pg-day"), hour: n("pg-hour"), minute: n("pg-minute"), latitude: n("pg-lat"), longitude: n("pg-lon") };
  const tz = $("pg-tz").value.trim();
  if (tz) b.timezone = tz;
  for (const k of Object.keys(b)) if (b[k] === undefined) delete b[k];
  return b;
}

// withBirth puts the birth into an example request: over its own birth
// fields, at the top or in the first nested birth.
function withBirth(example, b) {
  const out = structuredClone(example);
  const put = (obj) => {
    const rest = Object.fromEntries(Object.entries(obj).filter(([k]) => !BIRTH_KEYS.includes(k)));
    return { ...b, ...rest };
  };
  if (hasBirth(out)) return put(out);
  for (const k of NESTED) {
    if (hasBirth(out[k])) { out[k] = put(out[k]); break; }
  }
  return out;
}

function buildBody() {
  const r = route();
  if (!r) return;
  $("pg-body").value = JSON.stringify(withBirth(r.example, birth()), null, 2);
}

async function findPlace() {
  const q = $("pg-place").value.trim();
  const box = $("pg-places");
  if (q.length < 2) { ctx.msg("Type at least 2 letters of a place.", true); return; }
  try {
    const answer = await api("GET", "/api/v1/geocoding/search?limit=8&q=" + encodeURIComponent(q), undefined, false);
    const results = (answer.result || answer).results || [];
    box.replaceChildren(el("legend", { class: "sr-only" }, "Places found"));
    if (!results.length) box.append(el("p", { class: "muted" }, "No place matches."));
    results.forEach((p, i) => {
      const id = "pg-place-" + i;
      const where = [p.name, p.admin1, p.country_name || p.country].filter(Boolean).join(", ");
      box.append(el("label", { for: id },
        el("input", { type: "radio", name: "pg-place-choice", id, "data-lat": p.latitude, "data-lon": p.longitude, "data-tz": p.timezone }),
        ` ${where} (${p.latitude.toFixed(4)}, ${p.longitude.toFixed(4)}; ${p.timezone}${p.population ? "; pop. " + num(p.population) : ""})`));
    });
    box.hidden = false;
    box.querySelector("input")?.focus();
  } catch (e) { ctx.msg(ctx.problemText(e), true); }
}

function pathOf(r) {
  let p = r.path;
  for (const pp of r.params) p = p.replace("{" + pp.name + "}", encodeURIComponent($("pg-param-" + pp.name).value.trim()));
  return p;
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
let lastCall = 0;

// post sends one billed call. Calls are spaced by the plan's per-second
// rate (a run of a route and its drawing would otherwise be refused on the
// free plan's 2 per second); a refusal for the rate all the same (another
// client of the account) is retried once after its Retry-After.
async function post(path, body) {
  for (let attempt = 0; ; attempt++) {
    if (session.rate > 0) {
      const wait = lastCall + 1000 / session.rate - performance.now();
      if (wait > 0) await sleep(wait);
    }
    lastCall = performance.now();
    const t0 = performance.now();
    const resp = await fetch(path, {
      method: "POST", credentials: "omit", cache: "no-store",
      headers: { "x-api-key": session.key, "Content-Type": "application/json", Accept: "application/json, image/svg+xml" },
      body,
    });
    const type = resp.headers.get("Content-Type") || "";
    const text = await resp.text();
    const retry = Number(resp.headers.get("Retry-After"));
    if (resp.status === 429 && attempt === 0 && retry > 0 && retry <= 5 && /rate-limited/.test(text)) {
      await sleep(retry * 1000);
      continue;
    }
    return { status: resp.status, ok: resp.ok, type, text, ms: performance.now() - t0 };
  }
}

async function send() {
  const r = route();
  if (!r) return;
  let body;
  try { body = JSON.parse($("pg-body").value); } catch (e) {
    ctx.msg("The request body is not JSON: " + e.message, true);
    return;
  }
  const path = pathOf(r);
  const text = JSON.stringify(body);
  $("pg-send").disabled = true;
  try {
    const main = await post(path, text);
    let drawing = null;
    if (r.svg && $("pg-svg").checked && main.ok) {
      const extra = Object.fromEntries(Object.entries(r.svg.example).filter(([k]) => !(k in r.example) && k !== "title"));
      if (r.svg.styles) extra.style = $("pg-style").value;
      drawing = await post(r.svg.path, JSON.stringify({ ...body, ...extra }));
    }
    last = { path, body };
    show(r, main, drawing);
  } catch (e) {
    ctx.msg("The call failed: " + e.message, true);
  } finally {
    $("pg-send").disabled = false;
  }
}

function show(r, main, drawing) {
  $("pg-result").hidden = false;
  let data = null;
  try { data = JSON.parse(main.text); } catch { data = null; }
  const st = $("pg-status");
  if (main.ok && data) {
    const u = data.usage;
    st.replaceChildren(el("strong", null, "200"), ` in ${Math.round(main.ms)} ms · billed ${r.cost} call${r.cost === 1 ? "" : "s"}`,
      u ? [` · today ${num(u.requests_this_day)} of ${num(u.daily_limit)}, this month ${num(u.requests_this_month)} of ${num(u.monthly_limit)}`] : "",
      ` · request ${data.request_id || ""}`);
    st.className = "ok";
  } else {
    const p = data || {};
    st.replaceChildren(el("strong", null, String(main.status)), " ", p.title || "", p.detail ? ": " + p.detail : "",
      Array.isArray(p.errors) && p.errors.length ? " (" + p.errors.map((f) => f.field + ": " + f.reason).join("; ") + ")" : "",
      " · refused calls are not billed");
    st.className = "error";
  }
  zone(main.ok && data ? data.input : null);
  const fig = $("pg-figure");
  fig.hidden = true;
  if (drawing) {
    if (drawing.ok && drawing.type.startsWith("image/svg+xml")) {
      $("pg-image").src = "data:image/svg+xml;charset=utf-8," + encodeURIComponent(drawing.text);
      $("pg-image").alt = `Chart drawn by POST ${r.svg.path}` + (r.svg.styles ? ` (${$("pg-style").value} style)` : "");
      $("pg-caption").textContent = `POST ${r.svg.path} · ${Math.round(drawing.ms)} ms · billed ${r.svg.cost} call${r.svg.cost === 1 ? "" : "s"}`;
      fig.hidden = false;
    } else {
      let p = {};
      try { p = JSON.parse(drawing.text); } catch { p = {}; }
      st.append(el("br"), `The drawing was refused: ${drawing.status} ${p.detail || p.title || ""}`);
    }
  }
  $("pg-json").textContent = data ? JSON.stringify(data, null, 2) : main.text;
  snippets(last.path, last.body);
  document.documentElement.dataset.playgroundCalls = String(Number(document.documentElement.dataset.playgroundCalls || 0) + 1);
  $("pg-result-title").focus();
}

// zone shows the echoed fields about the birth instant, wherever the
// family's echo put them (the top of input, or natal, birth, person1).
function zone(input) {
  const dl = $("pg-zone");
  dl.replaceChildren();
  const add = (prefix, obj) => {
    for (const [k, v] of Object.entries(obj || {})) {
      if (v !== null && typeof v === "object") continue;
      if (!ZONE_FIELD.test(k)) continue;
      dl.append(el("div", { "data-field": prefix + k }, el("dt", null, prefix + k), el("dd", null, String(v))));
    }
  };
  if (input && typeof input === "object") {
    add("", input);
    for (const [k, v] of Object.entries(input)) {
      if (v && typeof v === "object" && !Array.isArray(v) && ("timezone" in v || "utc" in v || "utc_offset" in v)) add(k + ".", v);
    }
  }
  $("pg-zone-box").hidden = !dl.children.length;
}

function snippets(path, body) {
  const url = location.origin + path;
  const json = JSON.stringify(body);
  const pretty = JSON.stringify(body, null, 2);
  $("code-curl").textContent =
    `curl -sS -X POST '${url}' \\\n  -H "x-api-key: $ASTROAPI_KEY" \\\n  -H 'Content-Type: application/json' \\\n  -d '${json.replaceAll("'", "'\\''")}'`;
  $("code-ts").textContent =
`const res = await fetch(${JSON.stringify(url)}, {
  method: "POST",
  headers: { "x-api-key": process.env.ASTROAPI_KEY ?? "", "Content-Type": "application/json" },
  body: JSON.stringify(${pretty.replaceAll("\n", "\n  ")}),
});
if (!res.ok) throw new Error(\`\${res.status}: \${await res.text()}\`);
const answer = await res.json();
console.log(answer.result);
`;
  const goBody = json.includes("`") ? JSON.stringify(json) : "`" + json + "`";
  $("code-go").textContent =
`package main

import (
	"fmt"
	"io"
	"net/http"
	"os"
	"strings"
)

func main() {
	body := ${goBody}
	req, err := http.NewRequest("POST", ${JSON.stringify(url)}, strings.NewReader(body))
	if err != nil {
		panic(err)
	}
	req.Header.Set("x-api-key", os.Getenv("ASTROAPI_KEY"))
	req.Header.Set("Content-Type", "application/json")
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		panic(err)
	}
	defer res.Body.Close()
	out, err := io.ReadAll(res.Body)
	if err != nil {
		panic(err)
	}
	fmt.Println(res.Status)
	fmt.Println(string(out))
}
`;
}
