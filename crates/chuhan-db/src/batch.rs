//! An import batch being written, the same for both stores: the new games' postings and
//! their share of the popular answers, gathered as the games go in and turned into the
//! batch's runs at its end. The stores' writers ([`crate::sqlite`], [`crate::pg`]) fill it;
//! they share it through this module so that neither depends on the other, nor on the
//! dispatcher ([`crate::store`]) that picks between them.

use crate::backend::SqlError;
use crate::popular::Deltas;
use crate::postings::{Index, Posting, MATERIALS, POSITIONS};
use crate::prepared::Prepared;
use std::collections::HashSet;

/// A run's row to write: row id, postings, blob.
pub(crate) type RunRow = (i64, i64, Vec<u8>);

/// A batch's run in one index: the index, the run's number, its postings, its rows.
pub(crate) struct Run {
    pub(crate) index: Index,
    pub(crate) number: i64,
    pub(crate) postings: i64,
    pub(crate) rows: Vec<RunRow>,
}

/// A batch being written.
pub(crate) struct Batch {
    /// The popular keys, read when the batch began (no promotion can happen before it ends).
    pub(crate) popular: HashSet<i64>,
    /// What the batch's new games add to the stored answers.
    pub(crate) deltas: Deltas,
    /// The new games' postings in the position index.
    pub(crate) postings: Vec<Posting>,
    /// And in the material index.
    pub(crate) materials: Vec<Posting>,
    /// The batch's first new game: its runs' number (unique: ids only grow).
    pub(crate) first: Option<i64>,
    /// Games stored, duplicates, positions.
    pub(crate) counts: (usize, usize, usize),
}

impl Batch {
    pub(crate) fn new(popular: HashSet<i64>) -> Batch {
        Batch {
            popular,
            deltas: Deltas::default(),
            postings: Vec::new(),
            materials: Vec::new(),
            first: None,
            counts: (0, 0, 0),
        }
    }

    /// Game `g` was stored as `id`: its postings and its share of the popular answers.
    pub(crate) fn stored(&mut self, id: i64, g: &Prepared) -> Result<(), SqlError> {
        self.first.get_or_insert(id);
        self.deltas.add(&self.popular, id, g.row.elo_sum(), g.row.year, g);
        self.postings.reserve(g.positions.len());
        for &(key, ply, next) in &g.positions {
            self.postings.push(Posting::new(key, id, ply, next)?);
        }
        for &sig in &g.materials {
            self.materials.push(Posting::new(crate::postings::material_key(sig) as i64, id, 0, None)?);
        }
        self.counts.0 += 1;
        self.counts.2 += g.positions.len();
        Ok(())
    }

    /// The run to write in each index: the index, the run's number and postings, its rows.
    /// `None` when the batch stored no game.
    pub(crate) fn runs(&mut self) -> Option<[Run; 2]> {
        let number = self.first?;
        Some([(POSITIONS, &mut self.postings), (MATERIALS, &mut self.materials)].map(|(index, postings)| {
            postings.sort_unstable();
            let rows = crate::postings::runs(index, number, postings).collect();
            Run { index, number, postings: postings.len() as i64, rows }
        }))
    }
}
