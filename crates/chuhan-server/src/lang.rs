//! The language of a request: the `lang` cookie (the language menu's choice) if it names one
//! exactly, else the best of the browser's `Accept-Language` (chuhan-i18n's
//! [`Lang::negotiate`]), else English. The pages' words are in `static/locales/<tag>.ftl`,
//! formatted in the browser; the server's own (error messages, rulings) in chuhan-i18n.

use axum::http::{header, HeaderMap};

/// The cookie the language menu sets.
pub const COOKIE: &str = "lang";

pub use chuhan_i18n::Lang;

/// The web app's catalogs, in the order of [`Lang::ALL`] (English first: the fallback of every
/// missing message). A new language is one line in chuhan-i18n's list and one file in
/// `static/locales/`; this array's length follows `Lang::ALL`'s, so the compiler asks for it.
const CATALOGS: [&str; Lang::ALL.len()] = [
    include_str!("../static/locales/en.ftl"),
    include_str!("../static/locales/zh-Hans.ftl"),
    include_str!("../static/locales/zh-Hant.ftl"),
    include_str!("../static/locales/ko.ftl"),
    include_str!("../static/locales/vi.ftl"),
];

/// A language's web catalog (Fluent FTL text).
pub fn catalog(lang: Lang) -> &'static str {
    let i = Lang::ALL.iter().position(|l| *l == lang).unwrap_or(0);
    CATALOGS[i]
}

/// The language whose tag is exactly `tag` (case-insensitive), as the cookie stores it and the
/// catalogs' file names read: `zh` or `ko-KR` name none here.
pub fn exact(tag: &str) -> Option<Lang> {
    Lang::ALL.into_iter().find(|l| l.tag().eq_ignore_ascii_case(tag.trim()))
}

/// The language of a request: the `lang` cookie's if it names one exactly, else
/// `Accept-Language`'s ([`Lang::negotiate`]), else English.
pub fn of_request(headers: &HeaderMap) -> Lang {
    let cookie = crate::cookies::value(headers, COOKIE).and_then(|v| exact(&v));
    cookie.unwrap_or_else(|| {
        let accept = headers.get(header::ACCEPT_LANGUAGE).and_then(|v| v.to_str().ok()).unwrap_or("");
        Lang::negotiate(accept)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn l(tag: &str) -> Lang {
        exact(tag).unwrap()
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
        let english = ids(catalog(Lang::En));
        assert!(english.len() > 300);
        for l in Lang::ALL {
            let mine = ids(catalog(l));
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
        assert_eq!(of_request(&h), l("zh-Hant"));
        let h = headers(&[(header::ACCEPT_LANGUAGE, "ko"), (header::COOKIE, "lang=klingon")]);
        assert_eq!(of_request(&h), l("ko"), "an unknown cookie is ignored");
        let h = headers(&[(header::COOKIE, "lang")]);
        assert_eq!(of_request(&h), l("en"));
        assert_eq!(of_request(&HeaderMap::new()), l("en"));
    }
}
