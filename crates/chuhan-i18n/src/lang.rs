//! The languages chuhan speaks, and how one is chosen: from a tag, a POSIX locale, an HTTP
//! `Accept-Language` header or the environment.

use std::fmt;
use std::str::FromStr;

/// Declares the languages: the enum, [`Lang::ALL`], the tags, the names and the catalogs
/// compiled in (`locales/<tag>/<domain>.ftl`, one per [`Domain`](crate::Domain)), from one line
/// per language — which is all that adding a language takes besides its folder of catalogs.
macro_rules! languages {
    ($($(#[$attr:meta])* $variant:ident = $tag:literal, $native:literal;)*) => {
        /// A language of chuhan's catalogs.
        ///
        /// Adding one is a folder of catalogs (`locales/<tag>/*.ftl`) and one line in the
        /// `languages!` list of `src/lang.rs`; [`Lang::from_tag`] then reads its tag.
        #[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
        #[non_exhaustive]
        pub enum Lang {
            $($(#[$attr])* $variant,)*
        }

        impl Lang {
            /// Every language, English first.
            pub const ALL: [Lang; [$($tag),*].len()] = [$(Lang::$variant),*];

            /// The BCP 47 tag, which is also the name of the language's catalog folder.
            pub const fn tag(self) -> &'static str {
                match self {
                    $(Lang::$variant => $tag,)*
                }
            }

            /// The language's name in itself, for language menus.
            pub const fn native_name(self) -> &'static str {
                match self {
                    $(Lang::$variant => $native,)*
                }
            }
        }

        /// The catalog files by language (the order of [`Lang::ALL`]) and domain (of
        /// `Domain::ALL`: rules, play, server).
        pub(crate) const SOURCES: [[&str; 3]; [$($tag),*].len()] = [$([
            include_str!(concat!("../locales/", $tag, "/rules.ftl")),
            include_str!(concat!("../locales/", $tag, "/play.ftl")),
            include_str!(concat!("../locales/", $tag, "/server.ftl")),
        ],)*];
    };
}

languages! {
    /// English, the fallback for every message.
    #[default]
    En = "en", "English";
    /// Chinese in simplified characters (简体中文): mainland China, Singapore.
    ZhHans = "zh-Hans", "简体中文";
    /// Chinese in traditional characters (繁體中文): Taiwan, Hong Kong, Macau.
    ZhHant = "zh-Hant", "繁體中文";
    /// Korean (한국어), janggi's language.
    Ko = "ko", "한국어";
    /// Vietnamese (Tiếng Việt): cờ tướng has one of the largest communities.
    Vi = "vi", "Tiếng Việt";
}

/// A text that names no language chuhan speaks.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown language {0:?}: expected one of en, zh-Hans, zh-Hant, ko, vi")]
pub struct ParseLangError(pub String);

impl Lang {
    /// 0, 1, … in the order of [`Lang::ALL`] (the catalogs' cache is indexed by it).
    pub(crate) const fn index(self) -> usize {
        self as usize
    }

    /// Reads a BCP 47 tag (`zh-Hant-TW`, `ko`) or a POSIX locale (`zh_CN.UTF-8`,
    /// `vi_VN@euro`, `C`), case-insensitively. Chinese without a script is simplified unless its
    /// region writes traditional characters (TW, HK, MO). `None` for a language chuhan does
    /// not speak.
    pub fn from_tag(text: &str) -> Option<Lang> {
        // POSIX: language[_territory][.codeset][@modifier]; BCP 47: subtags joined by '-'.
        let base = text.trim().split(['.', '@']).next().unwrap_or("");
        if base.eq_ignore_ascii_case("C") || base.eq_ignore_ascii_case("POSIX") {
            return Some(Lang::En);
        }
        let mut parts = base.split(['-', '_']).filter(|p| !p.is_empty());
        let language = parts.next()?.to_ascii_lowercase();
        let rest: Vec<String> = parts.map(str::to_ascii_lowercase).collect();
        let has = |s: &str| rest.iter().any(|p| p == s);
        match language.as_str() {
            "zh" | "cmn" | "yue" => Some(if has("hant") || has("tw") || has("hk") || has("mo") {
                if has("hans") {
                    Lang::ZhHans
                } else {
                    Lang::ZhHant
                }
            } else if language == "yue" && !has("hans") {
                // Cantonese is written in traditional characters unless told otherwise.
                Lang::ZhHant
            } else {
                Lang::ZhHans
            }),
            // Every other language by its tag's language subtag (en, ko, vi…).
            _ => Lang::ALL.into_iter().find(|l| l.tag().eq_ignore_ascii_case(&language)),
        }
    }

    /// The language an HTTP `Accept-Language` header prefers among those chuhan speaks: the
    /// highest q-value first, the header's order among equals; `*` takes English; English
    /// when nothing fits or the header is malformed.
    ///
    /// ```
    /// use chuhan_i18n::Lang;
    /// assert_eq!(Lang::negotiate("fr-CH, fr;q=0.9, ko;q=0.8, en;q=0.5"), Lang::Ko);
    /// assert_eq!(Lang::negotiate("zh-TW,zh;q=0.9"), Lang::ZhHant);
    /// assert_eq!(Lang::negotiate("de"), Lang::En);
    /// ```
    pub fn negotiate(accept_language: &str) -> Lang {
        let mut best: Option<(u32, Lang)> = None;
        for item in accept_language.split(',').take(64) {
            let mut fields = item.split(';');
            let range = fields.next().unwrap_or("").trim();
            let mut q = 1000;
            for param in fields {
                if let Some(v) = param.trim().strip_prefix("q=").or_else(|| param.trim().strip_prefix("Q=")) {
                    q = parse_q(v).unwrap_or(0);
                }
            }
            if q == 0 || range.is_empty() {
                continue;
            }
            let lang = if range == "*" { Some(Lang::En) } else { Lang::from_tag(range) };
            if let Some(lang) = lang {
                if best.is_none_or(|(bq, _)| q > bq) {
                    best = Some((q, lang));
                }
            }
        }
        best.map_or(Lang::En, |(_, l)| l)
    }

    /// The language of the environment: the first of `LC_ALL`, `LC_MESSAGES` and `LANG` that
    /// is set and not empty decides, as POSIX says (an unknown language there gives English
    /// rather than falling through to the next variable, as `gettext` does).
    pub fn from_env() -> Lang {
        Lang::from_vars(|name| std::env::var(name).ok())
    }

    /// [`Lang::from_env`] with the variables read through `var` (for tests, and for callers
    /// with an environment of their own).
    pub fn from_vars(var: impl Fn(&str) -> Option<String>) -> Lang {
        ["LC_ALL", "LC_MESSAGES", "LANG"]
            .iter()
            .filter_map(|name| var(name))
            .find(|v| !v.trim().is_empty())
            .map_or(Lang::En, |v| Lang::from_tag(&v).unwrap_or(Lang::En))
    }
}

/// A q-value (`0`, `0.8`, `1.000`) in thousandths; `None` when malformed.
fn parse_q(text: &str) -> Option<u32> {
    let text = text.trim();
    let (whole, frac) = text.split_once('.').unwrap_or((text, ""));
    if frac.len() > 3 || !frac.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let whole: u32 = match whole {
        "0" => 0,
        "1" => 1,
        _ => return None,
    };
    let mut thousandths = 0;
    for (i, b) in frac.bytes().enumerate() {
        thousandths += u32::from(b - b'0') * [100, 10, 1][i];
    }
    let q = whole * 1000 + thousandths;
    (q <= 1000).then_some(q)
}

impl FromStr for Lang {
    type Err = ParseLangError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Lang::from_tag(s).ok_or_else(|| ParseLangError(s.to_string()))
    }
}

impl fmt::Display for Lang {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.tag())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tags_and_posix_locales() {
        for (text, lang) in [
            ("en", Lang::En),
            ("en-US", Lang::En),
            ("C", Lang::En),
            ("POSIX", Lang::En),
            ("C.UTF-8", Lang::En),
            ("zh_CN.UTF-8", Lang::ZhHans),
            ("zh", Lang::ZhHans),
            ("zh-Hans", Lang::ZhHans),
            ("zh-Hans-HK", Lang::ZhHans),
            ("zh_SG", Lang::ZhHans),
            ("zh_TW", Lang::ZhHant),
            ("zh-HK", Lang::ZhHant),
            ("zh-Hant", Lang::ZhHant),
            ("ZH-HANT-tw", Lang::ZhHant),
            ("zh_TW.Big5", Lang::ZhHant),
            ("ko_KR.UTF-8", Lang::Ko),
            ("ko", Lang::Ko),
            ("vi", Lang::Vi),
            ("vi_VN@euro", Lang::Vi),
        ] {
            assert_eq!(text.parse::<Lang>(), Ok(lang), "{text}");
        }
        for bad in ["", "fr", "-", "_", "@", ".", "zhx", "\u{0}", "é"] {
            assert!(bad.parse::<Lang>().is_err(), "{bad:?}");
        }
        for l in Lang::ALL {
            assert_eq!(l.tag().parse::<Lang>(), Ok(l));
            assert_eq!(Lang::ALL[l.index()], l);
        }
    }

    #[test]
    fn accept_language_headers() {
        for (header, lang) in [
            ("", Lang::En),
            ("*", Lang::En),
            ("ko-KR,ko;q=0.9,en-US;q=0.8,en;q=0.7", Lang::Ko),
            ("en;q=0.5, vi;q=0.9", Lang::Vi),
            ("fr, zh-TW;q=0.3, zh-CN;q=0.2", Lang::ZhHant),
            ("zh-CN;q=0.8, zh-TW;q=0.8", Lang::ZhHans),
            ("vi;q=0, ko;q=0.1", Lang::Ko),
            ("de, *;q=0.1", Lang::En),
            ("vi;q=2, ko", Lang::Ko),
            ("vi;q=abc, ko;q=0.5", Lang::Ko),
            (";;;,,,q=", Lang::En),
            ("ko;q=0.5;q=0.9", Lang::Ko),
        ] {
            assert_eq!(Lang::negotiate(header), lang, "{header}");
        }
    }

    #[test]
    fn environment_order() {
        let env = |pairs: &'static [(&'static str, &'static str)]| {
            move |name: &str| pairs.iter().find(|(k, _)| *k == name).map(|(_, v)| v.to_string())
        };
        assert_eq!(Lang::from_vars(env(&[])), Lang::En);
        assert_eq!(Lang::from_vars(env(&[("LANG", "ko_KR.UTF-8")])), Lang::Ko);
        assert_eq!(Lang::from_vars(env(&[("LANG", "ko_KR.UTF-8"), ("LC_MESSAGES", "vi_VN")])), Lang::Vi);
        assert_eq!(
            Lang::from_vars(env(&[("LANG", "ko_KR"), ("LC_MESSAGES", "vi"), ("LC_ALL", "zh_TW")])),
            Lang::ZhHant
        );
        assert_eq!(Lang::from_vars(env(&[("LANG", "ko_KR"), ("LC_ALL", "")])), Lang::Ko);
        assert_eq!(Lang::from_vars(env(&[("LANG", "ko_KR"), ("LC_ALL", "fr_FR")])), Lang::En);
    }

    // The web server's cases (moved from chuhan-server's lang.rs when it took this Lang).
    #[test]
    fn web_browsers_regions_and_scripts() {
        for (range, lang) in [
            ("zh-CN", Lang::ZhHans),
            ("zh-SG", Lang::ZhHans),
            ("zh-Hans", Lang::ZhHans),
            ("zh-Hans-HK", Lang::ZhHans),
            ("zh", Lang::ZhHans),
            ("zh-TW", Lang::ZhHant),
            ("zh-HK", Lang::ZhHant),
            ("zh-Hant", Lang::ZhHant),
            ("zh_tw", Lang::ZhHant),
            ("ko-KR", Lang::Ko),
            ("ko", Lang::Ko),
            ("vi-VN", Lang::Vi),
            ("en-GB", Lang::En),
            ("fr-FR", Lang::En),
        ] {
            assert_eq!(Lang::negotiate(range), lang, "{range}");
        }
    }

    #[test]
    fn web_browsers_q_values() {
        assert_eq!(Lang::negotiate("fr-FR,fr;q=0.9,ko;q=0.8,en;q=0.7"), Lang::Ko);
        assert_eq!(Lang::negotiate("en;q=0.5, vi;q=0.9"), Lang::Vi);
        assert_eq!(Lang::negotiate("zh-TW,zh;q=0.9,en-US;q=0.8"), Lang::ZhHant);
        assert_eq!(Lang::negotiate("ko;q=0, zh-CN;q=0.1"), Lang::ZhHans);
        assert_eq!(Lang::negotiate("vi, ko"), Lang::Vi, "the first of equals");
    }

    #[test]
    fn web_browsers_bad_headers() {
        for bad in ["", "*", ";;;", "ko;q=abc", "ko;q=NaN", "zh;q=0", "\u{1F600}", ",,,,", "q=1", "-"] {
            assert!(Lang::ALL.contains(&Lang::negotiate(bad)), "{bad}");
        }
        assert_eq!(Lang::negotiate("ko;q=abc"), Lang::En);
        assert_eq!(Lang::negotiate("ko;q=NaN"), Lang::En);
        assert_eq!(Lang::negotiate(&"x-y;q=0.5,".repeat(10_000)), Lang::En);
    }
}
