//! The language of the pages: the `lang` cookie (the language menu's choice) if it names one
//! the web app speaks, else the best of the browser's `Accept-Language`, else English. Only
//! chooses a tag; the words are in `static/locales/<tag>.ftl`, formatted in the browser.

use axum::http::{header, HeaderMap};
use cookie::Cookie;

/// The cookie the language menu sets.
pub const COOKIE: &str = "lang";

/// The languages of the web app: its tag (`<html lang>`, the cookie's value and the catalog's
/// name), its name in itself (the language menu) and its catalog. English first: the fallback of
/// every missing message. A new language is one line here and one file in `static/locales/`.
pub const LANGUAGES: [(&str, &str, &str); 5] = [
    ("en", "English", include_str!("../static/locales/en.ftl")),
    ("zh-Hans", "简体中文", include_str!("../static/locales/zh-Hans.ftl")),
    ("zh-Hant", "繁體中文", include_str!("../static/locales/zh-Hant.ftl")),
    ("ko", "한국어", include_str!("../static/locales/ko.ftl")),
    ("vi", "Tiếng Việt", include_str!("../static/locales/vi.ftl")),
];

/// One of [`LANGUAGES`], by its place in the list.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Lang(usize);

impl Lang {
    /// English, the fallback.
    pub const EN: Lang = Lang(0);

    /// Every language, English first.
    pub fn all() -> impl Iterator<Item = Lang> {
        (0..LANGUAGES.len()).map(Lang)
    }

    /// The BCP 47 tag: `<html lang>`, the cookie's value and the catalog's file name.
    pub fn tag(self) -> &'static str {
        LANGUAGES[self.0].0
    }

    /// The language's name in itself, for the menu.
    pub fn name(self) -> &'static str {
        LANGUAGES[self.0].1
    }

    /// The catalog (Fluent FTL text).
    pub fn catalog(self) -> &'static str {
        LANGUAGES[self.0].2
    }

    /// The language a tag names exactly (case-insensitive), as the cookie stores it.
    pub fn from_tag(tag: &str) -> Option<Lang> {
        Lang::all().find(|l| l.tag().eq_ignore_ascii_case(tag.trim()))
    }

    /// The language a browser's language range falls to. Chinese is chosen by script, which a
    /// region implies when the range names none (`zh-CN`, `zh-SG` and a bare `zh`: Hans;
    /// `zh-TW`, `zh-HK`, `zh-MO`: Hant); then the language whose tag's subtags begin the range
    /// (`zh-Hant` for `zh-Hant-TW`), else the one with the range's primary subtag (`ko` for
    /// `ko-KR`); `None` for any other.
    fn from_range(range: &str) -> Option<Lang> {
        let lower = range.trim().to_ascii_lowercase().replace('_', "-");
        let parts: Vec<&str> = lower.split('-').collect();
        let primary = parts[0];
        if primary.is_empty() || primary == "*" {
            return None;
        }
        let mut subtags: Vec<&str> = parts.clone();
        if primary == "zh" && !parts.iter().any(|p| *p == "hans" || *p == "hant") {
            let traditional = parts.iter().any(|p| matches!(*p, "tw" | "hk" | "mo"));
            subtags.insert(1, if traditional { "hant" } else { "hans" });
        }
        let starts = |l: &Lang| {
            let tag = l.tag().to_ascii_lowercase();
            let t: Vec<&str> = tag.split('-').collect();
            t.len() <= subtags.len() && t.iter().zip(&subtags).all(|(a, b)| a == b)
        };
        Lang::all()
            .filter(starts)
            .max_by_key(|l| l.tag().len())
            .or_else(|| Lang::all().find(|l| l.tag().split('-').next() == Some(primary)))
    }

    /// The best language of an `Accept-Language` value: the highest q-value among the ranges
    /// the pages speak (the first of equals), English when none is, or when the value is not
    /// readable. A range with `q=0` is refused, as the header means.
    pub fn negotiate(accept: &str) -> Lang {
        let mut best: Option<(f32, Lang)> = None;
        for item in accept.split(',').take(32) {
            let mut fields = item.split(';');
            let range = fields.next().unwrap_or("");
            let mut q = 1.0f32;
            for p in fields {
                let p = p.trim();
                if let Some(v) = p.strip_prefix("q=").or_else(|| p.strip_prefix("Q=")) {
                    q = v.trim().parse::<f32>().ok().filter(|q| q.is_finite()).unwrap_or(0.0).clamp(0.0, 1.0);
                }
            }
            let Some(lang) = Lang::from_range(range) else { continue };
            if q > 0.0 && best.is_none_or(|(b, _)| q > b) {
                best = Some((q, lang));
            }
        }
        best.map_or(Lang::EN, |(_, l)| l)
    }

    /// The language of a request: the `lang` cookie's if it names one, else `Accept-Language`'s.
    pub fn of_request(headers: &HeaderMap) -> Lang {
        let cookie = headers
            .get_all(header::COOKIE)
            .iter()
            .filter_map(|v| v.to_str().ok())
            .flat_map(Cookie::split_parse)
            .filter_map(Result::ok)
            .find(|c| c.name() == COOKIE)
            .and_then(|c| Lang::from_tag(c.value()));
        cookie.unwrap_or_else(|| {
            let accept = headers.get(header::ACCEPT_LANGUAGE).and_then(|v| v.to_str().ok()).unwrap_or("");
            Lang::negotiate(accept)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn l(tag: &str) -> Lang {
        Lang::from_tag(tag).unwrap()
    }

    #[test]
    fn chinese_regions_and_scripts() {
        for (range, lang) in [
            ("zh-CN", l("zh-Hans")),
            ("zh-SG", l("zh-Hans")),
            ("zh-Hans", l("zh-Hans")),
            ("zh-Hans-HK", l("zh-Hans")),
            ("zh", l("zh-Hans")),
            ("zh-TW", l("zh-Hant")),
            ("zh-HK", l("zh-Hant")),
            ("zh-Hant", l("zh-Hant")),
            ("zh_tw", l("zh-Hant")),
            ("ko-KR", l("ko")),
            ("ko", l("ko")),
            ("vi-VN", l("vi")),
            ("en-GB", l("en")),
            ("fr-FR", l("en")),
        ] {
            assert_eq!(Lang::negotiate(range), lang, "{range}");
        }
    }

    #[test]
    fn q_values_decide() {
        assert_eq!(Lang::negotiate("fr-FR,fr;q=0.9,ko;q=0.8,en;q=0.7"), l("ko"));
        assert_eq!(Lang::negotiate("en;q=0.5, vi;q=0.9"), l("vi"));
        assert_eq!(Lang::negotiate("zh-TW,zh;q=0.9,en-US;q=0.8"), l("zh-Hant"));
        assert_eq!(Lang::negotiate("ko;q=0, zh-CN;q=0.1"), l("zh-Hans"));
        assert_eq!(Lang::negotiate("vi, ko"), l("vi"), "the first of equals");
    }

    #[test]
    fn bad_headers_are_english() {
        for bad in ["", "*", ";;;", "ko;q=abc", "ko;q=NaN", "zh;q=0", "\u{1F600}", ",,,,", "q=1", "-"] {
            assert!(Lang::all().any(|l| l == Lang::negotiate(bad)), "{bad}");
        }
        assert_eq!(Lang::negotiate("ko;q=abc"), l("en"));
        assert_eq!(Lang::negotiate("ko;q=NaN"), l("en"));
        assert_eq!(Lang::negotiate(&"x-y;q=0.5,".repeat(10_000)), l("en"));
    }

    /// The message ids of a catalog: its lines that start `id =` (attributes and variants are
    /// indented; comments start with `#`).
    fn ids(catalog: &str) -> Vec<&str> {
        catalog
            .lines()
            .filter_map(|l| l.split_once(" ="))
            .map(|(id, _)| id)
            .filter(|id| id.starts_with(|c: char| c.is_ascii_alphabetic()))
            .filter(|id| id.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_'))
            .collect()
    }

    /// Every catalog has exactly English's messages, each once (the browser test checks the
    /// words; this runs without one).
    #[test]
    fn every_catalog_has_englishs_ids() {
        let english = ids(Lang::EN.catalog());
        assert!(english.len() > 300);
        for l in Lang::all() {
            let mine = ids(l.catalog());
            let mut sorted = mine.clone();
            sorted.sort_unstable();
            sorted.dedup();
            assert_eq!(sorted.len(), mine.len(), "{}: an id twice", l.tag());
            let missing: Vec<_> = english.iter().filter(|id| !mine.contains(id)).collect();
            let extra: Vec<_> = mine.iter().filter(|id| !english.contains(id)).collect();
            assert!(missing.is_empty() && extra.is_empty(), "{}: missing {missing:?}, extra {extra:?}", l.tag());
        }
    }

    fn headers(pairs: &[(header::HeaderName, &str)]) -> HeaderMap {
        let mut h = HeaderMap::new();
        for (k, v) in pairs {
            h.append(k.clone(), v.parse().unwrap());
        }
        h
    }

    #[test]
    fn the_cookie_wins() {
        let h = headers(&[(header::ACCEPT_LANGUAGE, "ko"), (header::COOKIE, "a=b; lang=zh-Hant")]);
        assert_eq!(Lang::of_request(&h), l("zh-Hant"));
        let h = headers(&[(header::ACCEPT_LANGUAGE, "ko"), (header::COOKIE, "lang=klingon")]);
        assert_eq!(Lang::of_request(&h), l("ko"), "an unknown cookie is ignored");
        let h = headers(&[(header::COOKIE, "lang")]);
        assert_eq!(Lang::of_request(&h), l("en"));
        assert_eq!(Lang::of_request(&HeaderMap::new()), l("en"));
    }
}
