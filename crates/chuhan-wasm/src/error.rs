//! The one error type of the binding: a message for a JavaScript `Error`.
//!
//! Every exported function returns `Result<_, JsError>`, and wasm-bindgen turns the `Err` into a
//! thrown `Error` whose `message` is this text. The logic below the boundary returns this
//! plain [`Error`] instead of `JsError` so that it runs (and is unit-tested) natively, where
//! `JsError` cannot be built; `?` converts it at the boundary through `JsError`'s `From` for
//! every `std::error::Error`.
//!
//! Nothing here may panic: in WebAssembly a panic is an `unreachable` trap, and a trapped
//! module keeps no usable state for the page that loaded it.

use std::fmt;

/// A message for the caller, in words (`illegal move h9h5: the black horse on h9 cannot move to
/// h5`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Error(pub String);

impl Error {
    /// An error with `message`.
    pub fn new(message: impl Into<String>) -> Error {
        Error(message.into())
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Error {}

/// Any error of the rules or record crates becomes its message.
macro_rules! from_display {
    ($($t:ty),* $(,)?) => {
        $(impl From<$t> for Error {
            fn from(e: $t) -> Error {
                Error(e.to_string())
            }
        })*
    };
}

from_display!(
    chuhan::FenError,
    chuhan::IllegalMove,
    chuhan::GameError,
    chuhan::mv::ParseMoveError,
    chuhan::variant::ParseVariantError,
    chuhan::notation::NotationError,
    chuhan::notation::ParseNotationError,
    chuhan::formation::ParseFormationError,
    chuhan::game::ParseRulesError,
    chuhan::square::ParseSquareError,
    chuhan_record::PgnError,
);

/// The result of the logic below the JavaScript boundary.
pub type Result<T> = std::result::Result<T, Error>;
