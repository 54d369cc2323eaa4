//! Reading a request's cookies: the session (`account_http`) and the language menu's choice
//! (`lang`) both read one cookie by name.

use axum::http::{header, HeaderMap};
use cookie::Cookie;

/// The value of the cookie `name` of a request, if it sends one (the first, if several).
pub fn value(headers: &HeaderMap, name: &str) -> Option<String> {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(Cookie::split_parse)
        .filter_map(Result::ok)
        .find(|c| c.name() == name)
        .map(|c| c.value().to_string())
}
