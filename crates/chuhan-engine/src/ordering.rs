//! Move ordering: what the search has learnt about quiet moves, and the moves of one node
//! handed out best first.
//!
//! Alpha-beta is only as fast as its ordering: a cut found by the first move saves the rest of
//! the node. Captures are ordered by what they win; quiet moves by three tables of how often a
//! move caused a cut — the butterfly history (by from- and to-point), and two continuation
//! histories (by the piece and point of the move one and two plies before, and the piece and
//! point of this move: answers to a threat, and follow-ups of our own plan).

use chuhan::{Move, Position, Role};
use std::mem::MaybeUninit;

/// Points on the board; every table here is indexed by them.
const POINTS: usize = 90;
/// A move as the continuation tables see it: the role that moved (7) × where it went (90).
pub const PIECE_TO: usize = 7 * POINTS;
/// The "move" before the root, a null move or a janggi pass: a row of its own.
pub const NO_PIECE_TO: usize = PIECE_TO;
/// The largest magnitude a history entry reaches; bonuses shrink as an entry nears it
/// ("gravity"), so old lessons fade and no entry saturates.
const HISTORY_MAX: i32 = 16384;

/// The continuation index of `m` in `pos` before it is played (`NO_PIECE_TO` for a pass).
#[inline]
pub fn piece_to(pos: &Position, m: Move) -> usize {
    if m.is_pass() {
        return NO_PIECE_TO;
    }
    let role = pos.piece_at(m.from).map_or(Role::General, |p| p.role);
    role.index() * POINTS + m.to.index()
}

/// The point a move with continuation index `pt` went to (`None` for [`NO_PIECE_TO`]).
#[inline]
pub fn destination(pt: usize) -> Option<usize> {
    (pt != NO_PIECE_TO).then_some(pt % POINTS)
}

/// Adds `bonus` (negative for a malus) to a history entry, pulling it towards ±`HISTORY_MAX`.
#[inline]
fn nudge(entry: &mut i16, bonus: i32) {
    let v = *entry as i32;
    let bonus = bonus.clamp(-HISTORY_MAX, HISTORY_MAX);
    *entry = (v + bonus - v * bonus.abs() / HISTORY_MAX) as i16;
}

/// Entries of one side's butterfly table.
const BUTTERFLY: usize = POINTS * POINTS;
/// Entries of one side's continuation table.
const CONTINUATION: usize = (PIECE_TO + 1) * PIECE_TO;

/// Where a node's quiet moves are looked up: the half of the tables of the side to move, and
/// the rows of the moves before the node. The rows are worked out once per node
/// ([`Context::new`]), not once per move scored.
#[derive(Clone, Copy, Debug)]
pub struct Context {
    /// The butterfly half's first entry.
    butterfly: usize,
    /// The reply table's row of the opponent's last move.
    reply: usize,
    /// The follow-up table's row of our own last move.
    follow: usize,
    /// The plan table's row of our own move four plies back; `None`: that table is neither
    /// read nor taught.
    plan: Option<usize>,
}

impl Context {
    /// A node where `side` (0 or 1: the side to move's half with `HistoryBySide`, else always
    /// 0, shared) moves after `prev1` (the opponent's last move, a continuation index;
    /// [`NO_PIECE_TO`] when none), `prev2` (our own last move) and, when `ContHist4` reads it,
    /// `prev4` (our own move before that).
    #[inline]
    pub fn new(side: usize, prev1: usize, prev2: usize, prev4: Option<usize>) -> Context {
        let base = side * CONTINUATION;
        Context {
            butterfly: side * BUTTERFLY,
            reply: base + prev1 * PIECE_TO,
            follow: base + prev2 * PIECE_TO,
            plan: prev4.map(|p| base + p * PIECE_TO),
        }
    }
}

/// The quiet-move tables of one search thread.
///
/// The quiet tables have two halves, one per side to move; a search that keeps the sides
/// apart (`HistoryBySide`) makes its [`Context`] with the mover's index as `side`, one that
/// does not with 0 always (Red and Black then share every entry, as they did before the switch).
pub struct History {
    /// By side × from-point × to-point.
    butterfly: Vec<i16>,
    /// By side × the previous move's piece-to (the opponent's) × this move's piece-to.
    reply: Vec<i16>,
    /// By side × our own move before that × this move's piece-to.
    follow: Vec<i16>,
    /// By side × our own move four plies back × this move's piece-to (a plan's later steps).
    plan: Vec<i16>,
    /// Captures: by the capturing move's piece-to × the role taken. Orders captures of
    /// about the same value by how often each has been the move that cut.
    captures: Vec<i16>,
}

impl Default for History {
    fn default() -> History {
        History {
            butterfly: vec![0; 2 * BUTTERFLY],
            reply: vec![0; 2 * CONTINUATION],
            follow: vec![0; 2 * CONTINUATION],
            plan: vec![0; 2 * CONTINUATION],
            captures: vec![0; PIECE_TO * 7],
        }
    }
}

impl History {
    /// How promising quiet move `m` (continuation index `pt`) looks at a node of `at`.
    ///
    /// Always inlined: it runs for every quiet move of every node searched (called, it cost
    /// 3 % more instructions in `bench`).
    #[inline(always)]
    pub fn score(&self, at: &Context, m: Move, pt: usize) -> i32 {
        let butterfly = self.butterfly[at.butterfly + m.from.index() * POINTS + m.to.index()] as i32;
        if pt == NO_PIECE_TO {
            return butterfly;
        }
        let plan = at.plan.map_or(0, |row| self.plan[row + pt] as i32);
        butterfly + self.reply[at.reply + pt] as i32 + self.follow[at.follow + pt] as i32 + plan
    }

    /// How often the capture with continuation index `pt` taking a `victim` has cut.
    #[inline]
    pub fn capture_score(&self, pt: usize, victim: Role) -> i32 {
        self.captures[pt * 7 + victim.index()] as i32
    }

    /// Rewards (positive `bonus`) or punishes a capture.
    pub fn update_capture(&mut self, pt: usize, victim: Role, bonus: i32) {
        nudge(&mut self.captures[pt * 7 + victim.index()], bonus);
    }

    /// Rewards (positive `bonus`) or punishes quiet move `m` at a node of `at`.
    pub fn update(&mut self, at: &Context, m: Move, pt: usize, bonus: i32) {
        nudge(&mut self.butterfly[at.butterfly + m.from.index() * POINTS + m.to.index()], bonus);
        if pt != NO_PIECE_TO {
            nudge(&mut self.reply[at.reply + pt], bonus);
            nudge(&mut self.follow[at.follow + pt], bonus);
            if let Some(row) = at.plan {
                nudge(&mut self.plan[row + pt], bonus);
            }
        }
    }
}

/// The bonus for a quiet move that caused a cut at `depth` (the malus for those tried before
/// it is its negation).
#[inline]
pub fn bonus(depth: i32) -> i32 {
    (32 * depth * depth + 64 * depth).min(2400)
}

/// The moves of one node with ordering scores, on the stack (no allocation per node), handed
/// out best first by selection: most nodes cut after a move or two, so sorting the rest would
/// be wasted.
///
/// The array is left uninitialised beyond the moves pushed: clearing 2 KB at every node (a
/// quiescence node's list holds a handful of captures) took 2.4 % of the engine's time.
pub struct Picker {
    moves: [MaybeUninit<(Move, i32)>; chuhan::mv::MAX_MOVES],
    len: usize,
    next: usize,
}

impl Picker {
    pub fn new() -> Picker {
        Picker { moves: [const { MaybeUninit::uninit() }; chuhan::mv::MAX_MOVES], len: 0, next: 0 }
    }

    /// The moves pushed so far, with their scores.
    #[inline]
    #[allow(unsafe_code)] // reading the initialised part of the array; see the SAFETY note
    fn filled(&self) -> &[(Move, i32)] {
        // SAFETY: `push` writes every slot below `len` before `len` passes it, `retain` only
        // moves slots below `len` downwards, and nothing else changes `len`; `MaybeUninit<T>`
        // has `T`'s layout, so the first `len` slots are a valid slice of `T`.
        unsafe { std::slice::from_raw_parts(self.moves.as_ptr().cast::<(Move, i32)>(), self.len) }
    }

    /// [`filled`](Self::filled), to change in place.
    #[inline]
    #[allow(unsafe_code)] // as in `filled`
    fn filled_mut(&mut self) -> &mut [(Move, i32)] {
        // SAFETY: as in `filled`; the borrow of `self` is unique.
        unsafe { std::slice::from_raw_parts_mut(self.moves.as_mut_ptr().cast::<(Move, i32)>(), self.len) }
    }

    /// Adds a move (with score 0). At most `MAX_MOVES`, more than any position has; past that
    /// it panics rather than write out of bounds.
    #[inline]
    pub fn push(&mut self, m: Move) {
        self.moves[self.len] = MaybeUninit::new((m, 0));
        self.len += 1;
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Keeps only the moves `keep` accepts (before any is handed out).
    pub fn retain(&mut self, keep: impl Fn(&Move) -> bool) {
        let moves = self.filled_mut();
        let mut n = 0;
        for i in 0..moves.len() {
            if keep(&moves[i].0) {
                moves[n] = moves[i];
                n += 1;
            }
        }
        self.len = n;
    }

    /// Gives every move its ordering score.
    pub fn score(&mut self, mut f: impl FnMut(Move) -> i32) {
        for (m, s) in self.filled_mut() {
            *s = f(*m);
        }
    }

    /// The next move not yet handed out, in no particular order.
    #[inline]
    pub fn next_any(&mut self) -> Option<(Move, i32)> {
        let m = *self.filled().get(self.next)?;
        self.next += 1;
        Some(m)
    }

    /// The best-scored move not yet handed out, with its score; but each move about to be
    /// handed out is first shown to `review` with its score, which may answer a lower score
    /// for it (a capture found to lose the exchange); the move then goes back among the rest
    /// and the best is sought again.
    /// The order is the one the lowered scores would have given from the start, but `review`
    /// runs only for moves that reach the top — most nodes cut before the rest do. `review`
    /// must answer a strictly lower score, or `None` to hand the move out as it is.
    #[inline]
    pub fn next_best_reviewed(&mut self, mut review: impl FnMut(Move, i32) -> Option<i32>) -> Option<(Move, i32)> {
        let next = self.next;
        let moves = self.filled_mut();
        loop {
            if next >= moves.len() {
                return None;
            }
            let mut best = next;
            for i in next + 1..moves.len() {
                if moves[i].1 > moves[best].1 {
                    best = i;
                }
            }
            match review(moves[best].0, moves[best].1) {
                Some(lower) => {
                    debug_assert!(lower < moves[best].1, "a review must lower the score");
                    moves[best].1 = lower;
                }
                None => {
                    moves.swap(next, best);
                    let m = moves[next];
                    self.next += 1;
                    return Some(m);
                }
            }
        }
    }

    /// The best-scored move not yet handed out, with its score (no review).
    #[cfg(test)]
    pub fn next_best(&mut self) -> Option<(Move, i32)> {
        self.next_best_reviewed(|_, _| None)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chuhan::Square;

    #[test]
    fn picker_hands_out_best_first_and_every_move_once() {
        let sq = |i| Square::from_index(i).unwrap();
        let mut p = Picker::new();
        for i in 0..10 {
            p.push(Move::new(sq(i), sq(i + 20)));
        }
        p.score(|m| [5, 1, 9, 3, 3, 0, 7, 2, 8, 6][m.from.index()]);
        let order: Vec<usize> = std::iter::from_fn(|| p.next_best()).map(|(m, _)| m.from.index()).collect();
        assert_eq!(order.len(), 10);
        let scores: Vec<i32> = order.iter().map(|&i| [5, 1, 9, 3, 3, 0, 7, 2, 8, 6][i]).collect();
        assert!(scores.windows(2).all(|w| w[0] >= w[1]), "{scores:?}");
    }

    #[test]
    fn picker_retains_and_hands_out_only_what_was_pushed() {
        let sq = |i| Square::from_index(i).unwrap();
        let mut p = Picker::new();
        assert!(p.is_empty() && p.next_best().is_none() && p.next_any().is_none());
        for i in 0..8 {
            p.push(Move::new(sq(i), sq(i + 30)));
        }
        p.retain(|m| m.from.index() % 2 == 0);
        p.score(|m| m.from.index() as i32);
        assert_eq!(p.next_best().map(|(m, s)| (m.from.index(), s)), Some((6, 6)));
        let rest: Vec<usize> = std::iter::from_fn(|| p.next_any()).map(|(m, _)| m.from.index()).collect();
        let mut sorted = rest.clone();
        sorted.sort();
        assert_eq!(sorted, [0, 2, 4]);
        assert!(p.next_best().is_none());
    }

    #[test]
    fn a_review_lowers_a_move_as_it_reaches_the_top() {
        let sq = |i| Square::from_index(i).unwrap();
        let scores = [50, 40, 30, 20];
        let mut p = Picker::new();
        for i in 0..4 {
            p.push(Move::new(sq(i), sq(i + 30)));
        }
        p.score(|m| scores[m.from.index()]);
        // The move scored 40 is really worth 10: it goes after 30 and 20.
        let mut reviewed = Vec::new();
        let mut order = Vec::new();
        while let Some((m, s)) = p.next_best_reviewed(|m, s| {
            reviewed.push(m.from.index());
            (m.from.index() == 1 && s == 40).then_some(10)
        }) {
            order.push((m.from.index(), s));
        }
        assert_eq!(order, [(0, 50), (2, 30), (3, 20), (1, 10)]);
        assert_eq!(reviewed, [0, 1, 2, 3, 1], "each move reviewed when it reached the top");
    }

    #[test]
    fn history_entries_stay_bounded() {
        let mut e = 0i16;
        for _ in 0..1000 {
            nudge(&mut e, 2400);
        }
        assert!(e as i32 <= HISTORY_MAX && e > 15000, "{e}");
        for _ in 0..1000 {
            nudge(&mut e, -2400);
        }
        assert!(e as i32 >= -HISTORY_MAX && e < -15000, "{e}");
    }

    /// A quiet move from point 30 to point 40, for the history tests.
    fn quiet_to_40() -> Move {
        Move::new(Square::from_index(30).unwrap(), Square::from_index(40).unwrap())
    }

    #[test]
    fn each_side_learns_in_its_own_half_of_the_quiet_tables() {
        let mut h = History::default();
        let quiet = quiet_to_40();
        let chariot_to_40 = Role::Chariot.index() * POINTS + 40;
        let horse_to_50 = Role::Horse.index() * POINTS + 50;
        // Black (side 1) learns that the move cut after the horse's move; Red's half is untouched.
        let black = Context::new(1, horse_to_50, NO_PIECE_TO, None);
        h.update(&black, quiet, chariot_to_40, bonus(6));
        assert!(h.score(&black, quiet, chariot_to_40) > 0);
        assert_eq!(h.score(&Context::new(0, horse_to_50, NO_PIECE_TO, None), quiet, chariot_to_40), 0);
        // The continuation tables count too: the same move after another reply scores less.
        let other_reply = Context::new(1, NO_PIECE_TO, NO_PIECE_TO, None);
        assert!(h.score(&black, quiet, chariot_to_40) > h.score(&other_reply, quiet, chariot_to_40));
    }

    #[test]
    fn the_four_ply_table_is_read_and_taught_only_when_asked() {
        let mut h = History::default();
        let quiet = quiet_to_40();
        let pt = Role::Chariot.index() * POINTS + 40;
        let earlier = Role::Cannon.index() * POINTS + 13;
        let without = Context::new(0, NO_PIECE_TO, NO_PIECE_TO, None);
        let with = Context::new(0, NO_PIECE_TO, NO_PIECE_TO, Some(earlier));
        h.update(&with, quiet, pt, bonus(6));
        // Taught in the butterfly and the three continuation tables: the four-ply one adds.
        assert!(h.score(&with, quiet, pt) > h.score(&without, quiet, pt));
        assert!(h.score(&without, quiet, pt) > 0);
        // Taught without it, the four-ply entry stays as it was.
        let before = h.score(&with, quiet, pt) - h.score(&without, quiet, pt);
        h.update(&without, quiet, pt, bonus(6));
        assert_eq!(h.score(&with, quiet, pt) - h.score(&without, quiet, pt), before);
    }

    #[test]
    fn capture_history_is_kept_per_piece_point_and_victim() {
        let mut h = History::default();
        // A horse taking a cannon on point 40 cut; a chariot taking the same cannon there did not.
        let horse_to_40 = Role::Horse.index() * POINTS + 40;
        let chariot_to_40 = Role::Chariot.index() * POINTS + 40;
        h.update_capture(horse_to_40, Role::Cannon, bonus(6));
        h.update_capture(chariot_to_40, Role::Cannon, -bonus(6));
        assert!(h.capture_score(horse_to_40, Role::Cannon) > 0);
        assert!(h.capture_score(chariot_to_40, Role::Cannon) < 0);
        // Another victim on the same point, and the quiet tables, learnt nothing.
        assert_eq!(h.capture_score(horse_to_40, Role::Soldier), 0);
        assert_eq!(h.score(&Context::new(0, NO_PIECE_TO, NO_PIECE_TO, None), quiet_to_40(), horse_to_40), 0);
    }
}
