// chuhan serve: player accounts in the page — the header's account links, the log-in and
// sign-up pages, and the settings page (/account: change the password, delete the account).
// The session is an HttpOnly cookie the script never sees: GET /api/account/me says who is
// logged in. User data only ever goes into the page through textContent and attribute setters.

import { $, api } from "/static/util.js";
import { LANG, t } from "/static/i18n.js";

let asked = null;

/// The account logged in (`{name, created}`), or null for a guest: asked of the server once a
/// page. A server without accounts, or one that cannot answer, leaves the page a guest's.
export function me() {
  if (!asked) asked = api("GET", "/api/account/me").catch(() => null);
  return asked;
}

/// The address of `name`'s profile.
export const profileHref = (name) => `/@/${encodeURIComponent(name)}`;

/// Where to go after logging in or signing up: the `next` path when it is a path of this site
/// (starting with one `/`, no backslash or control character, the same origin once resolved),
/// else the home page. The log-in and sign-up pages themselves lead home.
export function safeNext(raw) {
  if (typeof raw !== "string" || !raw.startsWith("/") || raw.startsWith("//")) return "/";
  if (/[\\\u0000-\u001f\u007f]/.test(raw)) return "/";
  let u;
  try { u = new URL(raw, location.origin); } catch { return "/"; }
  if (u.origin !== location.origin) return "/";
  if (u.pathname === "/login" || u.pathname === "/signup") return "/";
  return u.pathname + u.search + u.hash;
}

/// The `next` the log-in and sign-up links carry: this page, unless it is one of them.
function here() {
  const p = location.pathname;
  if (p === "/login" || p === "/signup") return safeNext(new URLSearchParams(location.search).get("next"));
  return p + location.search;
}

function withNext(path, next) {
  return next && next !== "/" ? `${path}?${new URLSearchParams({ next })}` : path;
}

async function logout() {
  try {
    await api("POST", "/api/account/logout");
  } catch { /* the reload shows what the server now thinks */ }
  location.reload();
}

/// Fills the header's account box: "Log in" and "Sign up" for a guest; the account's name (a
/// link to its profile), a link to the settings and "Log out" for a player logged in.
export async function accountHeader() {
  const box = $("account-box");
  const who = await me();
  const link = (text, href, id) => {
    const a = document.createElement("a");
    a.href = href;
    a.textContent = text;
    if (id) a.id = id;
    return a;
  };
  if (!who) {
    const next = here();
    box.replaceChildren(link(t("log-in"), withNext("/login", next), "header-login"), link(t("sign-up"), withNext("/signup", next), "header-signup"));
    return;
  }
  const name = link(who.name, profileHref(who.name), "header-name");
  name.className = "me";
  const settings = link(t("acct-settings"), "/account", "header-settings");
  const out = document.createElement("button");
  out.type = "button";
  out.id = "header-logout";
  out.textContent = t("acct-log-out");
  out.addEventListener("click", logout);
  box.replaceChildren(name, settings, out);
}

/// Runs a form of the account pages: `submit(fields)` is the request; its error's sentence goes
/// to `say`, in the form's live region; the button waits while the request is out.
function accountForm(form, say, submit) {
  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    say("");
    const fields = Object.fromEntries(new FormData(form));
    const button = form.querySelector("button[type=submit]");
    button.disabled = true;
    try {
      await submit(fields);
    } catch (err) {
      say(err.message);
    } finally {
      button.disabled = false;
    }
  });
}

/// The log-in page (/login) or the sign-up page (/signup); the caller has shown its section.
export async function authPage(kind) {
  const next = safeNext(new URLSearchParams(location.search).get("next"));
  const other = kind === "login" ? "signup" : "login";
  $(`${kind}-to-${other}`).href = withNext(`/${other}`, next);
  const say = (text) => { $(`${kind}-message`).textContent = text || ""; };
  accountForm($(`${kind}-form`), say, async (f) => {
    const name = f.name.trim();
    if (kind === "signup" && f.password !== f.password2) throw new Error(t("acct-passwords-differ"));
    await api("POST", `/api/account/${kind}`, { name, password: f.password });
    location.href = next;
  });
  $(`${kind}-name`).focus();
  const who = await me();
  if (who) {
    const note = $(`${kind}-already`);
    note.textContent = t(kind === "login" ? "acct-already-login" : "acct-already-signup", { name: who.name });
    note.hidden = false;
  }
}

/// The settings page (/account); the caller has shown its section.
export async function accountPage() {
  const who = await me();
  if (!who) { $("account-out").hidden = false; return; }
  $("account-in").hidden = false;
  $("account-profile").href = profileHref(who.name);
  const since = new Date(who.created * 1000).toLocaleDateString(LANG, { year: "numeric", month: "short", day: "numeric" });
  $("account-as").textContent = t("acct-logged-in-as", { name: who.name, since });
  // For password managers: which account the passwords belong to.
  for (const u of document.querySelectorAll(".account-username")) u.value = who.name;

  const sayPassword = (text) => { $("password-message").textContent = text || ""; };
  accountForm($("password-form"), sayPassword, async (f) => {
    if (f.new_password !== f.new_password2) throw new Error(t("acct-new-passwords-differ"));
    await api("POST", "/api/account/password", { password: f.password, new_password: f.new_password });
    $("password-form").reset();
    for (const u of document.querySelectorAll(".account-username")) u.value = who.name;
    sayPassword("");
    $("password-message").textContent = t("acct-password-changed");
    $("password-message").classList.add("ok");
  });
  $("password-form").addEventListener("input", () => $("password-message").classList.remove("ok"));

  // Deleting asks first, in the page; the password goes with the confirmed request.
  const sayDelete = (text) => { $("delete-message").textContent = text || ""; };
  const confirmBox = $("delete-confirm");
  $("delete-form").addEventListener("submit", (e) => {
    e.preventDefault();
    sayDelete("");
    $("delete-text").textContent = t("acct-delete-confirm", { name: who.name });
    confirmBox.hidden = false;
    $("delete-no").focus();
  });
  $("delete-no").addEventListener("click", () => { confirmBox.hidden = true; $("delete-ask").focus(); });
  document.addEventListener("keydown", (e) => { if (e.key === "Escape" && !confirmBox.hidden) confirmBox.hidden = true; });
  $("delete-yes").addEventListener("click", async () => {
    $("delete-yes").disabled = true;
    try {
      await api("POST", "/api/account/delete", { password: $("delete-password").value });
      location.href = "/";
    } catch (err) {
      confirmBox.hidden = true;
      sayDelete(err.message);
      $("delete-password").focus();
    } finally {
      $("delete-yes").disabled = false;
    }
  });
}
