// Key console: calls the /api-keys JSON routes. The key lives only in the
// page (never in the URL or storage), and goes out in the x-api-key header.
"use strict";
(function () {
  const $ = (id) => document.getElementById(id);
  const msg = (text, bad) => {
    const m = $("message");
    m.textContent = text;
    m.className = bad ? "error" : "ok";
  };

  async function call(method, path, body, withKey) {
    const headers = { "Accept": "application/json" };
    if (body !== undefined) headers["Content-Type"] = "application/json";
    if (withKey) headers["x-api-key"] = $("api-key").value.trim();
    const resp = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    let data = null;
    try { data = await resp.json(); } catch (e) { data = null; }
    if (!resp.ok) {
      const detail = data && (data.detail || data.title) || ("HTTP " + resp.status);
      throw new Error(detail);
    }
    return data;
  }

  function showSecret(secret) {
    $("secret").textContent = secret;
    $("secret-box").hidden = false;
    $("api-key").value = secret;
  }

  function cell(text) {
    const td = document.createElement("td");
    td.textContent = text || "";
    return td;
  }

  function render(list) {
    $("account").textContent = "Account " + list.account.email + " - plan " + list.account.plan;
    const tbody = $("keys").querySelector("tbody");
    tbody.replaceChildren();
    for (const k of list.keys) {
      const tr = document.createElement("tr");
      tr.dataset.id = k.id;
      tr.dataset.status = k.status;
      tr.appendChild(cell(k.masked + (k.current ? " (this key)" : "")));
      tr.appendChild(cell(k.status));
      tr.appendChild(cell(k.created));
      tr.appendChild(cell(k.revoked));
      const actions = document.createElement("td");
      if (k.status === "active") {
        for (const action of ["rotate", "revoke"]) {
          const b = document.createElement("button");
          b.type = "button";
          b.textContent = action === "rotate" ? "Rotate" : "Revoke";
          b.dataset.action = action;
          b.dataset.id = k.id;
          b.dataset.current = k.current ? "1" : "";
          actions.appendChild(b);
        }
      }
      tr.appendChild(actions);
      tbody.appendChild(tr);
    }
    $("keys").hidden = false;
    $("new-key").hidden = false;
  }

  async function load() {
    render(await call("GET", "/api-keys/keys", undefined, true));
  }

  $("signup-form").addEventListener("submit", async (ev) => {
    ev.preventDefault();
    try {
      const r = await call("POST", "/api-keys/signup", { email: $("signup-email").value.trim() }, false);
      showSecret(r.secret);
      msg("Account created for " + r.account.email + ".", false);
      await load();
    } catch (e) { msg(e.message, true); }
  });

  $("key-form").addEventListener("submit", async (ev) => {
    ev.preventDefault();
    try { await load(); msg("", false); } catch (e) { msg(e.message, true); }
  });

  $("new-key").addEventListener("click", async () => {
    try {
      const r = await call("POST", "/api-keys/keys", {}, true);
      $("secret").textContent = r.secret;
      $("secret-box").hidden = false;
      msg("New key " + r.key.masked + " created.", false);
      await load();
    } catch (e) { msg(e.message, true); }
  });

  $("keys").addEventListener("click", async (ev) => {
    const b = ev.target.closest("button[data-action]");
    if (!b) return;
    const { action, id, current } = b.dataset;
    try {
      const r = await call("POST", "/api-keys/keys/" + encodeURIComponent(id) + "/" + action, {}, true);
      if (action === "rotate") {
        if (current) {
          showSecret(r.secret); // the key in use was replaced: continue with the new one
        } else {
          $("secret").textContent = r.secret;
          $("secret-box").hidden = false;
        }
        msg("Key rotated; the new key is shown above.", false);
      } else {
        msg("Key " + r.masked + " revoked.", false);
      }
      await load();
    } catch (e) { msg(e.message, true); }
  });
})();
