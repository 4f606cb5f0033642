// Helpers shared by the console's modules: the API client that sends the
// key in the x-api-key header (never in the URL), element builders that
// only ever set text (no HTML is parsed from data), number and time
// formats.

export const $ = (id) => document.getElementById(id);

// The key lives here, in page memory; console.js mirrors it in
// sessionStorage when the user asks, and nowhere else.
// rate is the plan's requests per second (0: none), as the last usage
// report said, for the playground to pace its calls.
export const session = { key: "", rate: 0 };

// ApiError carries the problem document of a refused call.
export class ApiError extends Error {
  constructor(status, problem) {
    super((problem && (problem.detail || problem.title)) || "HTTP " + status);
    this.status = status;
    this.problem = problem;
  }
}

// api calls a JSON route of this server. withKey sends session.key in the
// x-api-key header. It resolves to the decoded body, or throws ApiError.
export async function api(method, path, body, withKey = true) {
  const headers = { Accept: "application/json" };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (withKey) headers["x-api-key"] = session.key;
  let resp;
  // A 429 (the key's requests per second, shared with its other clients)
  // was not executed nor billed: it is sent again after its Retry-After
  // (at most 5 s), up to three times, rather than leaving the page empty.
  for (let attempt = 0; ; attempt++) {
    resp = await fetch(path, {
      method, headers, body: body === undefined ? undefined : JSON.stringify(body),
      credentials: "omit", cache: "no-store",
    });
    if (resp.status !== 429 || attempt === 3) break;
    const wait = Math.min(5, Math.max(0.1, Number(resp.headers.get("Retry-After")) || 1));
    await new Promise((done) => setTimeout(done, wait * 1000));
  }
  let data = null;
  try { data = await resp.json(); } catch { data = null; }
  if (!resp.ok) throw new ApiError(resp.status, data);
  return data;
}

// el builds an element: attrs are attributes (null skips one), children
// are nodes or strings (set as text).
export function el(tag, attrs, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined || v === false) continue;
    e.setAttribute(k, v === true ? "" : String(v));
  }
  for (const c of children.flat()) {
    if (c === null || c === undefined) continue;
    e.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return e;
}

const intFmt = new Intl.NumberFormat("en", { maximumFractionDigits: 0 });
const decFmt = new Intl.NumberFormat("en", { maximumFractionDigits: 3 });

// num formats a count; dec a measured value (ms, rates).
export const num = (n) => intFmt.format(n);
export const dec = (n) => decFmt.format(n);

// stat is a number shown in the page with its raw value in data-value and
// its source in data-stat, so that tests (and readers of the DOM) compare
// the exact figure the usage routes returned.
export function stat(name, value, text) {
  return el("span", { "data-stat": name, "data-value": value }, text ?? num(value));
}

// when writes an RFC 3339 instant as the reader's local time, with UTC in
// the tooltip and a machine-readable datetime.
export function when(iso, opts = {}) {
  if (!iso) return document.createTextNode(opts.none ?? "—");
  const d = new Date(iso);
  const local = d.toLocaleString(undefined, opts.hourOnly
    ? { year: "numeric", month: "short", day: "numeric", hour: "2-digit" }
    : { year: "numeric", month: "short", day: "numeric", hour: "2-digit", minute: "2-digit" });
  return el("time", { datetime: iso, title: iso.replace("T", " ").replace("Z", " UTC") }, local);
}

// until says how long from now to an instant, roughly.
export function until(iso) {
  const ms = new Date(iso) - Date.now();
  if (ms <= 0) return "now";
  const h = Math.floor(ms / 3600e3), m = Math.floor((ms % 3600e3) / 60e3);
  if (h >= 48) return "in " + Math.round(h / 24) + " days";
  return "in " + (h ? h + " h " : "") + m + " min";
}

// copyText puts text on the clipboard, falling back to a selection copy
// where the Clipboard API is not available (plain-HTTP deployments).
export async function copyText(text) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const t = el("textarea", { "aria-hidden": "true", readonly: true });
    t.value = text;
    document.body.append(t);
    t.select();
    const ok = document.execCommand("copy");
    t.remove();
    return ok;
  }
}

// table fills a table from a header row and data rows; a cell is a value
// or { text, num, node, attrs }.
export function fillTable(table, header, rows, caption) {
  table.replaceChildren();
  if (caption) table.append(el("caption", { class: "sr-only" }, caption));
  const cls = (c) => (typeof c === "object" && c && c.num) || typeof c === "number" ? "num" : null;
  table.append(el("thead", null, el("tr", null, header.map((h) => el("th", { scope: "col", class: cls(h) }, typeof h === "object" ? h.text : h)))));
  const body = el("tbody");
  for (const r of rows) {
    const tr = el("tr", r.attrs || null);
    for (const c of r.cells || r) {
      if (c && typeof c === "object" && !(c instanceof Node)) {
        tr.append(el("td", { class: c.num ? "num" : null, ...(c.attrs || {}) }, c.node ?? c.text));
      } else {
        tr.append(el("td", { class: typeof c === "number" ? "num" : null }, typeof c === "number" ? num(c) : c));
      }
    }
    body.append(tr);
  }
  table.append(body);
}
