//! The reading of every flag that names a store (`chuhan serve --store`, `--games-db`;
//! `chuhan db --games-db`): [`chuhan_db::Target`]'s, wrapped for clap so that a refused value
//! is named by its flag and shown with its password hidden. clap's own message for a value
//! that does not parse repeats the value as typed, and these errors end up in service logs.

use chuhan_db::{Target, TargetError};
use clap::builder::TypedValueParser;
use clap::error::ErrorKind;

/// clap's parser of a store flag.
#[derive(Clone, Copy, Debug, Default)]
pub struct TargetParser;

impl TypedValueParser for TargetParser {
    type Value = Target;

    fn parse_ref(
        &self,
        cmd: &clap::Command,
        arg: Option<&clap::Arg>,
        value: &std::ffi::OsStr,
    ) -> Result<Target, clap::Error> {
        let flag = arg.map_or_else(|| "a store".to_string(), |a| format!("'{a}'"));
        let Some(text) = value.to_str() else {
            let why = format!("{flag}: not UTF-8 text: a SQLite file's path or a postgres:// URL is needed\n");
            return Err(clap::Error::raw(ErrorKind::InvalidUtf8, why).with_cmd(cmd));
        };
        text.parse().map_err(|e: TargetError| {
            clap::Error::raw(ErrorKind::ValueValidation, format!("invalid value for {flag}: {e}\n")).with_cmd(cmd)
        })
    }
}
