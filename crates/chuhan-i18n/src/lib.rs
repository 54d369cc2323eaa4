#![doc = include_str!("../README.md")]

mod catalog;
mod lang;
mod localize;

pub use catalog::{check_catalogs, tr, try_tr, Domain, TrError};
pub use fluent_bundle::{FluentArgs, FluentValue};
pub use lang::{Lang, ParseLangError};
pub use localize::Localize;
