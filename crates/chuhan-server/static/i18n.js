// The page's words: the catalog of the page's language (`<html lang>`, which the server sets
// from the `lang` cookie or Accept-Language) and the English one beneath it, both Project Fluent
// (static/locales/<tag>.ftl) formatted by @fluent/bundle. Every sentence a person reads is one
// message with its arguments: no script glues words together.

import { FluentBundle, FluentResource } from "/static/vendor/fluent-bundle.js";

/// The page's language tag: en, zh-Hans, zh-Hant, ko or vi.
export const LANG = document.documentElement.lang || "en";

/// The ids asked for that no catalog has, also on `window.i18nMissing` for the tests.
const missing = [];
window.i18nMissing = missing;

async function load(tag) {
  // No isolation marks around arguments: the pages' text is read (and tested) as it shows.
  const bundle = new FluentBundle(tag, { useIsolating: false });
  try {
    const r = await fetch(`/static/locales/${tag}.ftl`);
    if (!r.ok) throw new Error(`HTTP ${r.status}`);
    const errors = bundle.addResource(new FluentResource(await r.text()));
    for (const e of errors) console.warn(`i18n: ${tag}.ftl: ${e.message}`);
  } catch (err) {
    console.warn(`i18n: no catalog for ${tag}: ${err.message}`);
  }
  return bundle;
}

const english = await load("en");
const own = LANG === "en" ? english : await load(LANG);

function format(bundle, id, args) {
  const m = bundle.getMessage(id);
  if (!m || m.value === null) return null;
  const errors = [];
  const text = bundle.formatPattern(m.value, args, errors);
  for (const e of errors) console.warn(`i18n: ${bundle.locales[0]} ${id}: ${e.message}`);
  return text;
}

/// The message `id` in the page's language with its arguments, else in English (with a warning),
/// else the id itself.
export function t(id, args) {
  const text = format(own, id, args);
  if (text !== null) return text;
  if (!missing.includes(id)) {
    missing.push(id);
    console.warn(`i18n: no message ${id} in ${LANG}`);
  }
  return format(english, id, args) ?? id;
}

/// Whether the catalogs have the message `id` (for the server's error codes, some of which
/// have a sentence of their own).
export function has(id) {
  return english.hasMessage(id);
}

/// Fills the text of every `[data-i18n]` element under `root` and the attributes named by
/// `data-i18n-attr` ("title:id aria-label:id2 placeholder:id3").
export function translatePage(root = document) {
  for (const e of root.querySelectorAll("[data-i18n]")) e.textContent = t(e.dataset.i18n);
  for (const e of root.querySelectorAll("[data-i18n-attr]")) {
    for (const pair of e.dataset.i18nAttr.trim().split(/\s+/)) {
      const [attr, id] = pair.split(":");
      if (attr && id) e.setAttribute(attr, t(id));
    }
  }
  if (root === document) document.title = t("page-title");
}

/// The menu in the header: a choice is kept in the `lang` cookie (read by the server, a year)
/// and the page comes again in that language.
export function languageMenu(select) {
  if (!select) return;
  select.value = LANG;
  select.addEventListener("change", () => {
    document.cookie = `lang=${encodeURIComponent(select.value)}; path=/; max-age=31536000; SameSite=Lax`;
    location.reload();
  });
}

/// The notation a language brings when the player has chosen none, as `chuhan play` chooses
/// (docs/languages.md): English and Korean WXF, Chinese its own characters, Vietnamese the
/// letters of its books (P2-5); janggi its numbers, with the pieces in Hangul in Korean (79졸78).
/// A notation a game does not use falls back to the game's own on the server. The settings
/// change it.
const NOTATIONS = {
  en: "wxf",
  "zh-Hans": "chinese",
  "zh-Hant": "chinese-traditional",
  ko: { xiangqi: "wxf", janggi: "janggi-hangul" },
  vi: "vietnamese",
};
/// The notation this page's language brings for `variant` (xiangqi when not given).
export function languageNotation(variant = "xiangqi") {
  const n = NOTATIONS[LANG];
  return typeof n === "object" ? n[variant] : n;
}

/// This page's language's entry of a map by language tag the server sends (`reasons`,
/// `openings`), if it has one: `inPageLanguage(g.reasons) || g.reason`.
export function inPageLanguage(byTag) {
  return byTag ? byTag[LANG] : undefined;
}

/// A notation's name ("wxf", "chinese", …) as this language calls it; the code itself for one
/// the catalogs do not know.
export function notationName(code) {
  return has(`notation-${code}`) ? t(`notation-${code}`) : code;
}

/// A side of a game ("red", "black", "cho", "han") as this language names it.
export function sideName(side) {
  return ["red", "black", "cho", "han"].includes(side) ? t(`side-${side}`) : side;
}

/// A number written the page's way.
export function num(n, options) {
  return new Intl.NumberFormat(LANG, options).format(n);
}
