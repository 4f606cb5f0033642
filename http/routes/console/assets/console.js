// The key console: sign up or open with a key, then the dashboard, the
// keys and the playground. The key is kept in page memory (session.key),
// and in sessionStorage only when "keep it for this tab" is ticked; it
// goes out only in the x-api-key header, never in a URL or a cookie.
import { $, session, api, el, when, copyText, ApiError } from "./util.js";
import * as dashboard from "./dashboard.js";
import * as playground from "./playground.js";

const STORE = "astroapi.console.key";

function msg(text, bad) {
  const m = $("message");
  m.textContent = text;
  m.className = bad ? "error" : "ok";
}

function problemText(e) {
  if (!(e instanceof ApiError)) return e.message;
  const p = e.problem;
  let t = e.message;
  if (p && Array.isArray(p.errors) && p.errors.length) t += " (" + p.errors.map((f) => f.field + ": " + f.reason).join("; ") + ")";
  return t;
}

// The confirmation of every change to the keys: a modal dialog (focus
// stays in it, Escape cancels).
function confirmAction(title, text, okText, danger) {
  const d = $("confirm");
  $("confirm-title").textContent = title;
  $("confirm-text").textContent = text;
  const ok = $("confirm-ok");
  ok.textContent = okText;
  ok.className = danger ? "danger" : "";
  return new Promise((resolve) => {
    d.addEventListener("close", () => resolve(d.returnValue === "ok"), { once: true });
    d.returnValue = "cancel";
    d.showModal();
    $("confirm-cancel").focus();
  });
}

function setKey(secret) {
  session.key = secret;
  if ($("remember").checked) sessionStorage.setItem(STORE, secret);
  else sessionStorage.removeItem(STORE);
}

function showSecret(secret, label) {
  $("secret-title").textContent = label;
  $("secret").textContent = secret;
  $("secret-box").hidden = false;
  $("secret-box").focus();
}

// ---- tabs (WAI-ARIA tabs pattern: arrows move between tabs) ----

const tabs = () => [...$("tabs").querySelectorAll("[role=tab]")];

function select(tab, focus) {
  for (const t of tabs()) {
    const on = t === tab;
    t.setAttribute("aria-selected", String(on));
    t.tabIndex = on ? 0 : -1;
    $(t.getAttribute("aria-controls")).hidden = !on;
  }
  if (focus) tab.focus();
  if (tab.id === "tab-playground") playground.open();
  if (tab.id === "tab-dashboard") dashboard.load().catch((e) => msg(problemText(e), true));
  if (tab.id === "tab-keys") loadKeys().catch((e) => msg(problemText(e), true));
}

$("tabs").addEventListener("click", (ev) => {
  const t = ev.target.closest("[role=tab]");
  if (t) select(t, false);
});
$("tabs").addEventListener("keydown", (ev) => {
  const all = tabs(), i = all.indexOf(document.activeElement);
  if (i < 0) return;
  const to = { ArrowRight: i + 1, ArrowLeft: i - 1, Home: 0, End: all.length - 1 }[ev.key];
  if (to === undefined) return;
  ev.preventDefault();
  select(all[(to + all.length) % all.length], true);
});

// ---- opening and leaving ----

async function open() {
  const list = await api("GET", "/api-keys/keys");
  renderKeys(list);
  $("welcome").hidden = true;
  $("app").hidden = false;
  select($("tab-dashboard"), false);
}

function leave() {
  session.key = "";
  sessionStorage.removeItem(STORE);
  $("api-key").value = "";
  $("app").hidden = true;
  $("secret-box").hidden = true;
  $("welcome").hidden = false;
  delete document.documentElement.dataset.dashboard;
  msg("The key is forgotten by this page.", false);
}

$("signup-form").addEventListener("submit", async (ev) => {
  ev.preventDefault();
  try {
    const r = await api("POST", "/api-keys/signup", { email: $("signup-email").value.trim() }, false);
    setKey(r.secret);
    msg("Account created for " + r.account.email + ".", false);
    await open();
    showSecret(r.secret, "Your new key");
  } catch (e) { msg(problemText(e), true); }
});

$("key-form").addEventListener("submit", async (ev) => {
  ev.preventDefault();
  const k = $("api-key").value.trim();
  $("api-key").value = ""; // the field is not where the key stays
  setKey(k);
  try { await open(); msg("", false); } catch (e) {
    session.key = "";
    sessionStorage.removeItem(STORE);
    msg(problemText(e), true);
  }
});

$("forget-key").addEventListener("click", leave);
$("copy-secret").addEventListener("click", async () => {
  msg(await copyText($("secret").textContent) ? "The key is on the clipboard." : "Copy it by hand: select the key above.", false);
});
$("secret-done").addEventListener("click", () => {
  $("secret").textContent = "";
  $("secret-box").hidden = true;
});

// ---- keys ----

let keyList = null;

async function loadKeys() {
  renderKeys(await api("GET", "/api-keys/keys"));
}

function renderKeys(list) {
  keyList = list;
  $("account").replaceChildren("Account ", el("strong", null, list.account.email), " · plan ", el("strong", null, list.account.plan),
    " · created ", when(list.account.created));
  $("keys-rules").textContent = `${list.active_keys} of at most ${list.max_active_keys} keys active. ` +
    "The last active key cannot be revoked: rotate it (a new key replaces it at once). Revoked keys are deleted 30 days later.";
  const tbody = $("keys").querySelector("tbody");
  tbody.replaceChildren();
  for (const k of list.keys) {
    const actions = el("td");
    if (k.status === "active") {
      const last = list.active_keys <= 1;
      actions.append(
        el("button", { type: "button", class: "secondary", "data-action": "rotate", "data-id": k.id, "data-current": k.current ? "1" : "", "aria-label": "Rotate " + k.masked }, "Rotate"),
        el("button", { type: "button", class: "secondary", "data-action": "revoke", "data-id": k.id, "data-current": k.current ? "1" : "",
          disabled: last, title: last ? "the last active key cannot be revoked: rotate it" : null, "aria-label": "Revoke " + k.masked }, "Revoke"));
    }
    tbody.append(el("tr", { "data-id": k.id, "data-status": k.status },
      el("td", null, el("code", null, k.masked), k.current ? el("span", { class: "tag" }, "this page's key") : null),
      el("td", null, k.status),
      el("td", null, when(k.created)),
      el("td", { "data-last-used": k.last_used || "" }, when(k.last_used, { hourOnly: true, none: "never" })),
      el("td", null, when(k.revoked, { none: "" })),
      actions));
  }
  $("new-key").disabled = list.active_keys >= list.max_active_keys;
  $("new-key").title = $("new-key").disabled ? "revoke a key first" : "";
}

$("new-key").addEventListener("click", async () => {
  if (!await confirmAction("Create a key?", `The account gets another active key (${keyList.active_keys + 1} of at most ${keyList.max_active_keys}). Its secret is shown once.`, "Create")) return;
  try {
    const r = await api("POST", "/api-keys/keys", {});
    msg("Key " + r.key.masked + " created.", false);
    await loadKeys();
    showSecret(r.secret, "Your new key");
  } catch (e) { msg(problemText(e), true); }
});

$("keys").addEventListener("click", async (ev) => {
  const b = ev.target.closest("button[data-action]");
  if (!b || b.disabled) return;
  const { action, id, current } = b.dataset;
  const k = keyList.keys.find((x) => x.id === id);
  const mine = current ? " It is the key this page uses: the page continues with the new one." : "";
  const ok = action === "rotate"
    ? await confirmAction("Rotate " + k.masked + "?", "It stops working at once and a new key replaces it; its secret is shown once." + mine, "Rotate", true)
    : await confirmAction("Revoke " + k.masked + "?", "It stops working at once. This cannot be undone.", "Revoke", true);
  if (!ok) return;
  try {
    const r = await api("POST", "/api-keys/keys/" + encodeURIComponent(id) + "/" + action, {});
    if (action === "rotate") {
      if (current) setKey(r.secret);
      msg(`Key ${k.masked} rotated; its replacement is ${r.key.masked}.`, false);
      await loadKeys();
      showSecret(r.secret, "The replacement key");
    } else {
      msg("Key " + r.masked + " revoked.", false);
      await loadKeys();
    }
  } catch (e) { msg(problemText(e), true); }
});

// ---- start ----

dashboard.init();
playground.init({ msg, problemText });
const kept = sessionStorage.getItem(STORE);
if (kept) {
  session.key = kept;
  $("remember").checked = true;
  open().catch((e) => {
    session.key = "";
    sessionStorage.removeItem(STORE);
    msg(problemText(e), true);
  });
}
