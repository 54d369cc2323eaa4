//! The one migration runner of every database chuhan keeps: the game database on SQLite and on
//! PostgreSQL ([`crate::schema`]) and the live games' store on SQLite and on PostgreSQL
//! ([`crate::live`]).
//!
//! A database's schema moves forward by numbered [`Step`]s, each SQL or a function written in
//! Rust (for rows that SQL alone cannot convert: the game database's index rows into runs, the
//! live store's ratings replayed by game). [`run`] reads the version the database records, runs
//! every step above it in order, each in a transaction of its own that also records the step's
//! version, and refuses a database it cannot read. On PostgreSQL the whole run holds an advisory
//! lock, so that of several programs opening one database at once, one migrates and the others
//! find the work done; on SQLite each step's transaction takes the write lock at its start
//! (`BEGIN IMMEDIATE`) and reads the version again, with the same effect.
//!
//! Each kind of database keeps the version record its earlier releases wrote (a [`Ledger`]):
//! the game database its `meta` table, the live store on SQLite `PRAGMA user_version`, on
//! PostgreSQL the table `chuhan_migrations`. So every database an earlier release wrote opens
//! and migrates as it did.
//!
//! Why not a migration crate such as refinery: those keep a history table of their own and
//! know no other record, so the databases already written (with `meta`, `user_version` or
//! `chuhan_migrations`) would have no baseline to start from; and their migrations are SQL
//! text, while two of ours convert rows in Rust inside the step's transaction. What is needed
//! is small (a loop over steps, a transaction each, a lock), so it is written here, once.

use crate::backend::{Conn, SqlError};

/// What a step does.
#[derive(Clone, Copy)]
pub(crate) enum Action {
    /// Statements run as one batch.
    Sql(&'static str),
    /// A conversion written in Rust, on the connection inside the step's transaction.
    Rust(fn(&mut Conn) -> Result<(), SqlError>),
}

/// One migration: the version it brings the database to, what it is about, what it does.
/// Never change a step that has been released: add the next.
#[derive(Clone, Copy)]
pub(crate) struct Step {
    /// The version the database has after it.
    pub version: i64,
    /// What it changes, in a few words (for errors).
    pub name: &'static str,
    /// What it runs.
    pub action: Action,
}

/// Where a database records its version.
pub(crate) trait Ledger {
    /// The version recorded, `None` for a database that records none yet (a new one).
    fn read(&self, conn: &mut Conn) -> Result<Option<i64>, MigrateError>;
    /// Records `version`, in the transaction of the step that reached it.
    fn write(&self, conn: &mut Conn, version: i64) -> Result<(), SqlError>;
}

/// What a database that records no version is.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Fresh {
    /// New, and made at the newest version by [`Plan::base`]: the newest version is recorded,
    /// no step runs.
    Newest,
    /// New, or as old as [`Plan::oldest`]: every step runs (the live store's databases, whose
    /// first release recorded no version; without the `live` feature only the tests use it).
    #[cfg_attr(not(feature = "live"), allow(dead_code))]
    Oldest,
}

/// How one kind of database is migrated.
pub(crate) struct Plan<'a> {
    /// Statements run first, in the first transaction of every opening (tables made if they
    /// are missing: `CREATE … IF NOT EXISTS`); may be empty.
    pub base: &'a str,
    /// The oldest version the steps start from.
    pub oldest: i64,
    /// The steps, in order of their versions.
    pub steps: &'a [Step],
    /// What a database without a version is.
    pub fresh: Fresh,
    /// Whether a database of a newer version than the last step's is refused. The game
    /// database refuses it (an older chuhan would not keep its new tables up to date); the live
    /// store takes it, so that the servers sharing one PostgreSQL database can be upgraded one
    /// at a time (its steps only add tables and columns with defaults).
    pub refuse_newer: bool,
    /// The key of the advisory lock held on PostgreSQL for the whole run.
    pub lock: i64,
    /// Where the version is recorded.
    pub ledger: &'a dyn Ledger,
}

impl Plan<'_> {
    /// The version the steps bring a database to.
    pub(crate) fn newest(&self) -> i64 {
        self.steps.last().map_or(self.oldest, |s| s.version)
    }
}

/// Why a database was not migrated.
#[derive(Debug)]
pub(crate) enum MigrateError {
    /// The database refused a statement.
    Sql(SqlError),
    /// A version this chuhan cannot read.
    Incompatible(String),
    /// A step failed (and was rolled back).
    Step {
        /// The version it was to reach.
        version: i64,
        /// Its name.
        name: &'static str,
        /// Why.
        error: SqlError,
    },
}

impl From<SqlError> for MigrateError {
    fn from(e: SqlError) -> MigrateError {
        MigrateError::Sql(e)
    }
}

impl std::fmt::Display for MigrateError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            MigrateError::Sql(e) => write!(f, "{e}"),
            MigrateError::Incompatible(why) => write!(f, "{why}"),
            MigrateError::Step { version, name, error } => {
                write!(f, "migration to version {version} ({name}): {error}")
            }
        }
    }
}

impl std::error::Error for MigrateError {}

/// Brings the database on `conn` up to `plan`'s newest version; answers the version it had
/// (the newest for a new database made by [`Plan::base`]).
pub(crate) fn run(conn: &mut Conn, plan: &Plan<'_>) -> Result<i64, MigrateError> {
    let pg = matches!(conn, Conn::Postgres(_));
    if pg {
        conn.batch(&format!("SELECT pg_advisory_lock({})", plan.lock))?;
    }
    let result = run_steps(conn, plan);
    if pg {
        let unlocked = conn.batch(&format!("SELECT pg_advisory_unlock({})", plan.lock));
        // A failed run's error is the one to tell (the lock goes with the connection anyway).
        if result.is_ok() {
            unlocked?;
        }
    }
    result
}

fn run_steps(conn: &mut Conn, plan: &Plan<'_>) -> Result<i64, MigrateError> {
    let newest = plan.newest();
    let found = in_transaction(conn, |conn| {
        if !plan.base.is_empty() {
            conn.batch(plan.base)?;
        }
        match (plan.ledger.read(conn)?, plan.fresh) {
            (Some(v), _) => Ok(v),
            (None, Fresh::Newest) => {
                plan.ledger.write(conn, newest)?;
                Ok(newest)
            }
            (None, Fresh::Oldest) => Ok(plan.oldest),
        }
    })?;
    if found < plan.oldest || (plan.refuse_newer && found > newest) {
        return Err(MigrateError::Incompatible(format!("schema version {found}, this chuhan reads version {newest}")));
    }
    for step in plan.steps.iter().filter(|s| s.version > found) {
        in_transaction(conn, |conn| {
            // Another program may have run it since the version was read (SQLite: no lock is
            // held between transactions).
            if plan.ledger.read(conn)?.is_some_and(|v| v >= step.version) {
                return Ok(());
            }
            let done = match step.action {
                Action::Sql("") => Ok(()),
                Action::Sql(sql) => conn.batch(sql),
                Action::Rust(f) => f(conn),
            };
            done.map_err(|error| MigrateError::Step { version: step.version, name: step.name, error })?;
            plan.ledger.write(conn, step.version)?;
            Ok(())
        })?;
    }
    Ok(found)
}

/// Runs `f` in a transaction (with SQLite's write lock from its start), committed if it
/// succeeds and rolled back if not.
fn in_transaction<T>(conn: &mut Conn, f: impl FnOnce(&mut Conn) -> Result<T, MigrateError>) -> Result<T, MigrateError> {
    conn.batch(if matches!(conn, Conn::Sqlite(_)) { "BEGIN IMMEDIATE" } else { "BEGIN" })?;
    match f(conn) {
        Ok(v) => {
            conn.batch("COMMIT")?;
            Ok(v)
        }
        Err(e) => {
            // The error is the one to tell; a failed rollback adds nothing to it.
            let _ = conn.batch("ROLLBACK");
            Err(e)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::backend::Arg;

    /// The version in a one-row table.
    struct Table;

    impl Ledger for Table {
        fn read(&self, conn: &mut Conn) -> Result<Option<i64>, MigrateError> {
            Ok(conn.query_row("SELECT v FROM version", &[])?.map(|r| r.int(0)).transpose()?)
        }
        fn write(&self, conn: &mut Conn, version: i64) -> Result<(), SqlError> {
            conn.batch("DELETE FROM version")?;
            conn.execute("INSERT INTO version VALUES (?1)", &[Arg::Int(version)])?;
            Ok(())
        }
    }

    fn fail(_: &mut Conn) -> Result<(), SqlError> {
        Err(SqlError::Type("no".into()))
    }

    const STEPS: &[Step] = &[
        Step { version: 1, name: "a", action: Action::Sql("CREATE TABLE a (x INTEGER)") },
        Step { version: 2, name: "b", action: Action::Sql("INSERT INTO a VALUES (2)") },
    ];

    fn plan(steps: &'static [Step], fresh: Fresh) -> Plan<'static> {
        Plan {
            base: "CREATE TABLE IF NOT EXISTS version (v INTEGER)",
            oldest: 0,
            steps,
            fresh,
            refuse_newer: true,
            lock: 1,
            ledger: &Table,
        }
    }

    #[test]
    fn steps_run_once_in_order_and_a_failed_one_changes_nothing() {
        let mut conn = Conn::Sqlite(rusqlite::Connection::open_in_memory().unwrap());
        assert_eq!(run(&mut conn, &plan(STEPS, Fresh::Oldest)).unwrap(), 0);
        assert_eq!(run(&mut conn, &plan(STEPS, Fresh::Oldest)).unwrap(), 2);
        assert_eq!(conn.query_int("SELECT COUNT(*) FROM a", &[]).unwrap(), 1);
        const MORE: &[Step] = &[
            STEPS[0],
            STEPS[1],
            Step { version: 3, name: "c", action: Action::Sql("INSERT INTO a VALUES (3)") },
            Step { version: 4, name: "d", action: Action::Rust(fail) },
        ];
        let e = run(&mut conn, &plan(MORE, Fresh::Oldest)).unwrap_err();
        assert_eq!(e.to_string(), "migration to version 4 (d): no");
        // Step 3 is kept, step 4 left nothing.
        assert_eq!(conn.query_int("SELECT v FROM version", &[]).unwrap(), 3);
        assert_eq!(conn.query_int("SELECT COUNT(*) FROM a", &[]).unwrap(), 2);
        // A newer database is refused, a new one made at the newest version runs no step.
        let e = run(&mut conn, &plan(&STEPS[..1], Fresh::Oldest)).unwrap_err();
        assert_eq!(e.to_string(), "schema version 3, this chuhan reads version 1");
        let mut new = Conn::Sqlite(rusqlite::Connection::open_in_memory().unwrap());
        assert_eq!(run(&mut new, &plan(STEPS, Fresh::Newest)).unwrap(), 2);
        assert!(new.query_row("SELECT * FROM sqlite_master WHERE name = 'a'", &[]).unwrap().is_none());
    }
}
