// Interactive docs: reads /api/openapi.json, lists the operations by tag and
// offers a try-it form that sends the x-api-key header from the key field.
"use strict";
(function () {
  const $ = (id) => document.getElementById(id);
  let spec = null;
  const ops = [];

  function el(tag, attrs, ...children) {
    const e = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (k === "class") e.className = v; else if (k.startsWith("data-")) e.setAttribute(k, v); else e[k] = v;
    }
    for (const c of children) if (c !== null && c !== undefined) e.append(c);
    return e;
  }

  function resolve(s) {
    let guard = 0;
    while (s && s.$ref && guard++ < 20) {
      const name = s.$ref.split("/").pop();
      s = Object.assign({}, spec.components.schemas[name], s.description ? { description: s.description } : {});
    }
    return s || {};
  }

  // example builds a sample value from a schema: examples, default, enum, then type.
  function example(s, depth) {
    s = resolve(s);
    if (depth > 4) return null;
    if (s.examples && s.examples.length) return s.examples[0];
    if (s.default !== undefined) return s.default;
    if (s.enum && s.enum.length) return s.enum[0];
    switch (s.type) {
      case "object": {
        const o = {};
        const req = new Set(s.required || []);
        for (const [k, v] of Object.entries(s.properties || {})) {
          const rv = resolve(v);
          if (req.has(k) || rv.examples || rv.default !== undefined) o[k] = example(v, depth + 1);
        }
        return o;
      }
      case "array": return [];
      case "integer": return s.minimum !== undefined ? s.minimum : 0;
      case "number": return s.minimum !== undefined ? s.minimum : 0;
      case "boolean": return false;
      case "string": return "";
    }
    return null;
  }

  function fieldRows(schema) {
    const s = resolve(schema);
    const req = new Set(s.required || []);
    const rows = [];
    // Required fields first, then alphabetical (the document's order).
    const entries = Object.entries(s.properties || {}).sort((a, b) => (req.has(b[0]) - req.has(a[0])) || a[0].localeCompare(b[0]));
    for (const [name, v] of entries) {
      const r = resolve(v);
      const type = r.type === "array" ? "array of " + (resolve(r.items).type || resolve(r.items).title || "any") : (r.type || r.title || "object");
      const notes = [];
      if (r.enum) notes.push("one of " + r.enum.join(", "));
      if (r.minimum !== undefined) notes.push("min " + r.minimum);
      if (r.maximum !== undefined) notes.push("max " + r.maximum);
      if (r.default !== undefined) notes.push("default " + JSON.stringify(r.default));
      rows.push(el("tr", {}, el("td", {}, el("code", {}, name)), el("td", {}, type), el("td", {}, req.has(name) ? "yes" : ""),
        el("td", {}, (v.description || r.description || "") + (notes.length ? " (" + notes.join("; ") + ")" : ""))));
    }
    return rows;
  }

  function show(op, button) {
    for (const b of document.querySelectorAll("#ops button")) b.classList.remove("active");
    if (button) button.classList.add("active");
    history.replaceState(null, "", "#" + op.o.operationId);
    const d = $("detail");
    d.replaceChildren();
    d.append(el("h2", {}, el("span", { class: "method " + op.method }, op.method), " ", el("code", {}, op.path)));
    d.append(el("p", {}, op.o.summary || ""));
    if (op.o.description) d.append(el("p", { class: "muted" }, op.o.description));
    const isPublic = Array.isArray(op.o.security) && op.o.security.length === 0;
    d.append(el("p", {}, isPublic ? "Public: no key needed." : "Needs a key in the x-api-key header."));
    const form = el("form", { id: "try" });
    const params = op.o.parameters || [];
    if (params.length) {
      form.append(el("h3", {}, "Parameters"));
      for (const p of params) {
        const id = "p-" + p.in + "-" + p.name;
        form.append(el("label", { htmlFor: id }, p.name + " (" + p.in + (p.required ? ", required" : "") + ")"));
        const s = resolve(p.schema);
        const ex = s.examples ? s.examples[0] : (s.default !== undefined ? s.default : "");
        form.append(el("input", { type: "text", id, value: ex === "" ? "" : String(ex), placeholder: p.description || "", "data-in": p.in, "data-name": p.name }));
      }
    }
    const body = op.o.requestBody && op.o.requestBody.content["application/json"];
    if (body) {
      form.append(el("h3", {}, "Body fields"));
      form.append(el("table", {}, el("thead", {}, el("tr", {}, el("th", {}, "Field"), el("th", {}, "Type"), el("th", {}, "Required"), el("th", {}, "Notes"))),
        el("tbody", {}, ...fieldRows(body.schema))));
      form.append(el("label", { htmlFor: "body" }, "Request body (JSON)"));
      form.append(el("textarea", { id: "body", value: JSON.stringify(example(body.schema, 0), null, 2) }));
    }
    form.append(el("p", {}, el("button", { type: "submit", id: "send" }, "Send request")));
    const out = el("div", { id: "response" });
    form.addEventListener("submit", (ev) => { ev.preventDefault(); send(op, out); });
    d.append(form, out);
  }

  async function send(op, out) {
    let path = op.path;
    const query = new URLSearchParams();
    for (const input of document.querySelectorAll("#try input[data-in]")) {
      const v = input.value;
      if (input.dataset.in === "path") path = path.replace("{" + input.dataset.name + "}", encodeURIComponent(v));
      else if (v !== "") query.append(input.dataset.name, v);
    }
    const url = path + (query.toString() ? "?" + query : "");
    const headers = { "Accept": "application/json" };
    const key = $("key").value.trim();
    if (key) headers["x-api-key"] = key;
    const init = { method: op.method, headers };
    const bodyEl = $("body");
    if (bodyEl) { headers["Content-Type"] = "application/json"; init.body = bodyEl.value; }
    out.replaceChildren(el("p", { class: "muted" }, "Sending " + op.method + " " + url + "..."));
    const t0 = performance.now();
    try {
      const resp = await fetch(url, init);
      const ms = Math.round(performance.now() - t0);
      const type = resp.headers.get("Content-Type") || "";
      let text = await resp.text();
      if (type.includes("json")) { try { text = JSON.stringify(JSON.parse(text), null, 2); } catch (e) { /* keep raw */ } }
      out.replaceChildren(
        el("h3", {}, "Response"),
        el("p", { id: "status", class: resp.ok ? "ok" : "error" }, resp.status + " " + resp.statusText + " - " + ms + " ms - " + type),
        el("pre", { id: "response-body" }, text));
    } catch (e) {
      out.replaceChildren(el("p", { class: "error" }, "Request failed: " + e.message));
    }
  }

  function list(filter) {
    const box = $("ops");
    box.replaceChildren();
    const f = (filter || "").toLowerCase();
    let tag = null;
    for (const op of ops) {
      const hay = (op.method + " " + op.path + " " + (op.o.summary || "") + " " + op.tag).toLowerCase();
      if (f && !hay.includes(f)) continue;
      if (op.tag !== tag) { tag = op.tag; box.append(el("h3", {}, tag)); }
      const b = el("button", { type: "button", "data-op": op.o.operationId }, el("span", { class: "method " + op.method }, op.method), " " + op.path);
      b.addEventListener("click", () => show(op, b));
      box.append(b);
    }
  }

  async function init() {
    $("key").value = sessionStorage.getItem("astroapi-key") || "";
    $("key").addEventListener("change", () => sessionStorage.setItem("astroapi-key", $("key").value.trim()));
    const resp = await fetch("/api/openapi.json");
    spec = await resp.json();
    const order = (spec.tags || []).map((t) => t.name);
    for (const [path, item] of Object.entries(spec.paths)) {
      for (const [m, o] of Object.entries(item)) ops.push({ path, method: m.toUpperCase(), o, tag: (o.tags || ["Other"])[0] });
    }
    ops.sort((a, b) => (order.indexOf(a.tag) - order.indexOf(b.tag)) || a.path.localeCompare(b.path) || a.method.localeCompare(b.method));
    list("");
    $("filter").addEventListener("input", (e) => list(e.target.value));
    const want = location.hash.slice(1);
    const first = ops.find((o) => o.o.operationId === want) || ops[0];
    $("detail").replaceChildren(el("p", {}, spec.info.description));
    if (want && first) show(first, document.querySelector('#ops button[data-op="' + first.o.operationId + '"]'));
  }
  init().catch((e) => { $("detail").replaceChildren(el("p", { class: "error" }, "Could not load /api/openapi.json: " + e.message)); });
})();
