//! The two stores a [`crate::Database`] can live in, SQLite and PostgreSQL, behind one small
//! query interface: every query is written once, in the SQL both understand, with `?1`, `?2`
//! placeholders (turned into `$1`, `$2` for PostgreSQL), and its rows come back as [`Row`]s of
//! integers, texts and bytes. What differs between the two (the tables' types, the bulk
//! writes of an import, the size on disk) lives in [`crate::schema`], [`crate::import`],
//! [`crate::sqlite`] and [`crate::pg`].

use postgres::types::{ToSql, Type};
use std::cell::RefCell;
use std::collections::HashMap;

/// Which store a database is in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[non_exhaustive]
pub enum Backend {
    /// A SQLite file (or memory).
    Sqlite,
    /// A PostgreSQL database.
    Postgres,
}

/// A PostgreSQL connection and the statements prepared on it so far (each query is parsed
/// once per connection, not once per call: the explorer asks the same three all the time).
pub(crate) struct Pg {
    pub(crate) client: RefCell<postgres::Client>,
    statements: RefCell<HashMap<String, postgres::Statement>>,
}

/// The cache holds at most this many statements: searches build their SQL from the filter,
/// and a long-running server must not grow without end.
const STATEMENT_CACHE: usize = 64;

impl Pg {
    pub(crate) fn new(client: postgres::Client) -> Pg {
        Pg { client: RefCell::new(client), statements: RefCell::new(HashMap::new()) }
    }
}

/// The connection.
pub(crate) enum Conn {
    Sqlite(rusqlite::Connection),
    Postgres(Box<Pg>),
}

/// A database error of either store, or a column of an unexpected type.
#[derive(Debug)]
pub(crate) enum SqlError {
    Sqlite(rusqlite::Error),
    Postgres(postgres::Error),
    Type(String),
}

impl std::fmt::Display for SqlError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SqlError::Sqlite(e) => write!(f, "{e}"),
            SqlError::Postgres(e) => write!(f, "{}", crate::pg_message(e)),
            SqlError::Type(why) => write!(f, "{why}"),
        }
    }
}

impl std::error::Error for SqlError {}

impl From<rusqlite::Error> for SqlError {
    fn from(e: rusqlite::Error) -> SqlError {
        SqlError::Sqlite(e)
    }
}

impl From<postgres::Error> for SqlError {
    fn from(e: postgres::Error) -> SqlError {
        SqlError::Postgres(e)
    }
}

/// A query parameter.
#[derive(Clone, Debug)]
pub(crate) enum Arg {
    Int(i64),
    /// An integer or NULL.
    OptInt(Option<i64>),
    Text(String),
    Bytes(Vec<u8>),
}

impl From<i64> for Arg {
    fn from(v: i64) -> Arg {
        Arg::Int(v)
    }
}

impl From<&str> for Arg {
    fn from(v: &str) -> Arg {
        Arg::Text(v.to_string())
    }
}

impl From<String> for Arg {
    fn from(v: String) -> Arg {
        Arg::Text(v)
    }
}

/// A value read back.
#[derive(Clone, Debug)]
pub(crate) enum Cell {
    Null,
    Int(i64),
    Text(String),
    Bytes(Vec<u8>),
}

/// A row read back.
#[derive(Debug)]
pub(crate) struct Row(Vec<Cell>);

impl Row {
    fn cell(&self, i: usize) -> Result<&Cell, SqlError> {
        self.0.get(i).ok_or_else(|| SqlError::Type(format!("no column {i}")))
    }

    pub(crate) fn opt_int(&self, i: usize) -> Result<Option<i64>, SqlError> {
        match self.cell(i)? {
            Cell::Null => Ok(None),
            Cell::Int(v) => Ok(Some(*v)),
            other => Err(SqlError::Type(format!("column {i}: an integer expected, found {other:?}"))),
        }
    }

    pub(crate) fn int(&self, i: usize) -> Result<i64, SqlError> {
        self.opt_int(i)?.ok_or_else(|| SqlError::Type(format!("column {i}: an integer expected, found NULL")))
    }

    pub(crate) fn opt_text(&self, i: usize) -> Result<Option<String>, SqlError> {
        match self.cell(i)? {
            Cell::Null => Ok(None),
            Cell::Text(v) => Ok(Some(v.clone())),
            other => Err(SqlError::Type(format!("column {i}: a text expected, found {other:?}"))),
        }
    }

    pub(crate) fn text(&self, i: usize) -> Result<String, SqlError> {
        self.opt_text(i)?.ok_or_else(|| SqlError::Type(format!("column {i}: a text expected, found NULL")))
    }

    pub(crate) fn bytes(&self, i: usize) -> Result<Vec<u8>, SqlError> {
        match self.cell(i)? {
            Cell::Bytes(v) => Ok(v.clone()),
            other => Err(SqlError::Type(format!("column {i}: bytes expected, found {other:?}"))),
        }
    }
}

/// `?1` → `$1`: the queries are written with SQLite's numbered placeholders, which no query
/// text holds otherwise.
pub(crate) fn pg_sql(sql: &str) -> String {
    sql.replace('?', "$")
}

fn sqlite_row(r: &rusqlite::Row, n: usize) -> rusqlite::Result<Row> {
    use rusqlite::types::ValueRef;
    let mut cells = Vec::with_capacity(n);
    for i in 0..n {
        cells.push(match r.get_ref(i)? {
            ValueRef::Null => Cell::Null,
            ValueRef::Integer(v) => Cell::Int(v),
            // No column holds a real; an aggregate that gives one is a bug, said as a text.
            ValueRef::Real(v) => Cell::Text(v.to_string()),
            ValueRef::Text(t) => Cell::Text(String::from_utf8_lossy(t).into_owned()),
            ValueRef::Blob(b) => Cell::Bytes(b.to_vec()),
        });
    }
    Ok(Row(cells))
}

fn pg_row(r: &postgres::Row) -> Result<Row, SqlError> {
    let mut cells = Vec::with_capacity(r.len());
    for (i, column) in r.columns().iter().enumerate() {
        let t = column.type_();
        let cell = if *t == Type::INT8 {
            r.try_get::<_, Option<i64>>(i)?.map_or(Cell::Null, Cell::Int)
        } else if *t == Type::INT4 {
            r.try_get::<_, Option<i32>>(i)?.map_or(Cell::Null, |v| Cell::Int(v.into()))
        } else if *t == Type::INT2 {
            r.try_get::<_, Option<i16>>(i)?.map_or(Cell::Null, |v| Cell::Int(v.into()))
        } else if *t == Type::BOOL {
            r.try_get::<_, Option<bool>>(i)?.map_or(Cell::Null, |v| Cell::Int(v.into()))
        } else if *t == Type::BYTEA {
            r.try_get::<_, Option<Vec<u8>>>(i)?.map_or(Cell::Null, Cell::Bytes)
        } else if [Type::TEXT, Type::VARCHAR, Type::NAME, Type::BPCHAR].contains(t) {
            r.try_get::<_, Option<String>>(i)?.map_or(Cell::Null, Cell::Text)
        } else {
            return Err(SqlError::Type(format!("column {i} ({}): type {t} not read", column.name())));
        };
        cells.push(cell);
    }
    Ok(Row(cells))
}

impl Conn {
    pub(crate) fn backend(&self) -> Backend {
        match self {
            Conn::Sqlite(_) => Backend::Sqlite,
            Conn::Postgres(_) => Backend::Postgres,
        }
    }

    /// The rows of `sql` (a statement kept prepared for the next call).
    pub(crate) fn query(&self, sql: &str, args: &[Arg]) -> Result<Vec<Row>, SqlError> {
        match self {
            Conn::Sqlite(c) => {
                let mut stmt = c.prepare_cached(sql)?;
                let n = stmt.column_count();
                let params = sqlite_params(args);
                let rows = stmt.query_map(params, |r| sqlite_row(r, n))?;
                Ok(rows.collect::<rusqlite::Result<Vec<_>>>()?)
            }
            Conn::Postgres(pg) => {
                let params = pg_params(args);
                let mut client = pg.client.borrow_mut();
                let mut cache = pg.statements.borrow_mut();
                let stmt = match cache.get(sql) {
                    Some(s) => s.clone(),
                    None => {
                        let s = client.prepare(&pg_sql(sql))?;
                        if cache.len() < STATEMENT_CACHE {
                            cache.insert(sql.to_string(), s.clone());
                        }
                        s
                    }
                };
                client.query(&stmt, &params)?.iter().map(pg_row).collect()
            }
        }
    }

    /// The first row of `sql`, if any.
    pub(crate) fn query_row(&self, sql: &str, args: &[Arg]) -> Result<Option<Row>, SqlError> {
        Ok(self.query(sql, args)?.into_iter().next())
    }

    /// The one integer `sql` gives.
    pub(crate) fn query_int(&self, sql: &str, args: &[Arg]) -> Result<i64, SqlError> {
        self.query_row(sql, args)?.ok_or_else(|| SqlError::Type(format!("no row from {sql}")))?.int(0)
    }

    /// Runs `sql` (several statements, no parameters).
    pub(crate) fn batch(&mut self, sql: &str) -> Result<(), SqlError> {
        match self {
            Conn::Sqlite(c) => Ok(c.execute_batch(sql)?),
            Conn::Postgres(pg) => Ok(pg.client.get_mut().batch_execute(sql)?),
        }
    }

    /// Runs one statement with parameters, returning the rows changed.
    pub(crate) fn execute(&mut self, sql: &str, args: &[Arg]) -> Result<u64, SqlError> {
        match self {
            Conn::Sqlite(c) => {
                let params = sqlite_params(args);
                Ok(c.execute(sql, params)? as u64)
            }
            Conn::Postgres(pg) => {
                let params = pg_params(args);
                Ok(pg.client.get_mut().execute(&pg_sql(sql), &params)?)
            }
        }
    }

    /// A list of game ids as one parameter, and the condition that a column is among them with
    /// the parameter at `placeholder` (`?3`): a JSON array read by `json_each` on SQLite, an
    /// array literal cast to `BIGINT[]` on PostgreSQL. Any number of ids, one statement.
    pub(crate) fn among(&self, column: &str, placeholder: &str, ids: &[i64]) -> (String, Arg) {
        let list = ids.iter().map(i64::to_string).collect::<Vec<_>>().join(",");
        match self {
            Conn::Sqlite(_) => {
                (format!("{column} IN (SELECT value FROM json_each({placeholder}))"), Arg::Text(format!("[{list}]")))
            }
            Conn::Postgres(_) => (
                format!("{column} = ANY(CAST(CAST({placeholder} AS TEXT) AS BIGINT[]))"),
                Arg::Text(format!("{{{list}}}")),
            ),
        }
    }

    /// The operator that matches a pattern ignoring ASCII case: SQLite's LIKE does, PostgreSQL's
    /// does not.
    pub(crate) fn like(&self) -> &'static str {
        match self {
            Conn::Sqlite(_) => "LIKE",
            Conn::Postgres(_) => "ILIKE",
        }
    }
}

/// `args` as SQLite's parameters.
fn sqlite_params(args: &[Arg]) -> impl rusqlite::Params + '_ {
    rusqlite::params_from_iter(args.iter().map(|a| match a {
        Arg::Int(v) => rusqlite::types::Value::Integer(*v),
        Arg::Text(v) => rusqlite::types::Value::Text(v.clone()),
        Arg::OptInt(v) => v.map_or(rusqlite::types::Value::Null, rusqlite::types::Value::Integer),
        Arg::Bytes(v) => rusqlite::types::Value::Blob(v.clone()),
    }))
}

/// `args` as PostgreSQL's parameters.
fn pg_params(args: &[Arg]) -> Vec<&(dyn ToSql + Sync)> {
    args.iter()
        .map(|a| match a {
            Arg::Int(v) => v as &(dyn ToSql + Sync),
            Arg::Text(v) => v as &(dyn ToSql + Sync),
            Arg::OptInt(v) => v as &(dyn ToSql + Sync),
            Arg::Bytes(v) => v as &(dyn ToSql + Sync),
        })
        .collect()
}
