//! The JavaScript side of the boundary: reading arguments with errors that name them, and
//! building the arrays and objects handed back.
//!
//! Arguments arrive as `JsValue` rather than `&str` so that a number, `null` or an object
//! where text belongs is a thrown `Error` saying so (`move must be a string, got number`);
//! with `&str` the generated glue would fail inside its own string copy with a `TypeError`
//! about its internals. Lists of moves cross as one space-separated string that a line of
//! JavaScript splits: one crossing instead of one per move.

use crate::error::{Error, Result};
use wasm_bindgen::prelude::*;

#[wasm_bindgen(inline_js = r#"
export function split_words(s) { return s.length === 0 ? [] : s.split(" "); }
export function js_type(v) { return v === null ? "null" : Array.isArray(v) ? "array" : typeof v; }
let names = null;
export function move_names(codes) {
  if (names === null) {
    const sq = [];
    for (let i = 0; i < 90; i++) sq.push("abcdefghi"[i % 9] + Math.floor(i / 9));
    names = [];
    for (const a of sq) for (const b of sq) names.push(a + b);
  }
  const out = new Array(codes.length);
  for (let i = 0; i < codes.length; i++) out[i] = names[codes[i]];
  return out;
}
"#)]
extern "C" {
    /// `[]` for an empty string, else the words between single spaces.
    fn split_words(s: &str) -> js_sys::Array;
    /// The moves `from * 90 + to` (squares numbered rank * 9 + file) in coordinates, from a
    /// table of the 8,100 made once: no text crosses the boundary and no string is built.
    fn move_names(codes: &[u16]) -> js_sys::Array;
    /// `typeof`, with `null` and arrays told apart from objects.
    fn js_type(v: &JsValue) -> String;
}

/// The words of `s` (moves in coordinates, notation names) as a JavaScript array of strings.
pub fn words(s: &str) -> js_sys::Array {
    split_words(s)
}

/// `moves` as a JavaScript array of coordinate strings (`"h2e2"`).
pub fn moves(moves: &[chuhan::Move]) -> js_sys::Array {
    // A position's legal moves fit on the stack; a long history goes to the heap.
    let mut stack = [0u16; chuhan::mv::MAX_MOVES];
    if moves.len() <= stack.len() {
        for (c, m) in stack.iter_mut().zip(moves) {
            *c = code(*m);
        }
        move_names(&stack[..moves.len()])
    } else {
        move_names(&moves.iter().map(|m| code(*m)).collect::<Vec<_>>())
    }
}

/// The number [`move_names`] knows `m` by.
fn code(m: chuhan::Move) -> u16 {
    // Square indices run rank * 9 + file, 0..90, so the code is below 8,100.
    (m.from.index() * 90 + m.to.index()) as u16
}

/// What `v` is, for error messages.
pub fn type_name(v: &JsValue) -> String {
    js_type(v)
}

/// `v` as text, or an error naming the argument.
pub fn string(v: &JsValue, what: &str) -> Result<String> {
    v.as_string().ok_or_else(|| Error::new(format!("{what} must be a string, got {}", type_name(v))))
}

/// `v` as text, `None` when it is left out, `undefined` or `null`. (Optional parameters are
/// `Option<JsValue>` so that the generated TypeScript marks them optional.)
pub fn opt_string(v: &Option<JsValue>, what: &str) -> Result<Option<String>> {
    match v {
        Some(v) if !v.is_undefined() && !v.is_null() => string(v, what).map(Some),
        _ => Ok(None),
    }
}

/// `v` as a whole number from `min` to `max`.
pub fn integer(v: &JsValue, what: &str, min: u32, max: u32) -> Result<u32> {
    match v.as_f64() {
        Some(x) if x.fract() == 0.0 && x >= f64::from(min) && x <= f64::from(max) => Ok(x as u32),
        // The number as JavaScript writes it: Rust's float formatter would add 15 KB.
        Some(x) => Err(Error::new(format!(
            "{what} must be a whole number from {min} to {max}, got {}",
            String::from(js_sys::Number::from(x).to_string_with_radix(10).unwrap_or_else(|_| "a number".into()))
        ))),
        None => Err(Error::new(format!("{what} must be a number, got {}", type_name(v)))),
    }
}

/// Sets `key` of `obj` to `value` (an object built here, so the set cannot fail).
pub fn set(obj: &js_sys::Object, key: &str, value: impl Into<JsValue>) {
    let _ = js_sys::Reflect::set(obj, &JsValue::from_str(key), &value.into());
}

/// `key` of `obj`; `undefined` when absent (or when `obj` is not an object).
pub fn get(obj: &JsValue, key: &str) -> JsValue {
    if !obj.is_object() {
        return JsValue::UNDEFINED;
    }
    js_sys::Reflect::get(obj, &JsValue::from_str(key)).unwrap_or(JsValue::UNDEFINED)
}
