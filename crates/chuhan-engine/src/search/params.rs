//! The search's numbers: margins, depths and divisors of its prunings, reductions and
//! extensions, in one place so that a tuner can change them.
//!
//! Every one is also a UCI spin option of the same name (`setoption name RfpMargin value 100`),
//! listed by `uci` when the engine runs with `--tune` (a GUI need not show two dozen numbers
//! no player should touch) and accepted by `setoption` always, so that `chuhan match --engine
//! cmd=chuhan-engine,option.RfpMargin=100` tries a value and `chuhan tune` (SPSA) tunes them.
//! The defaults are the engine's: `bench`'s signature is theirs.
//!
//! Twenty are switches for techniques still under test, off (0, or for `LmrFrom` 3) until a
//! match says they pay (docs/search-techniques.md, "Measured"): `LmrCutNode` (more reduction
//! at expected cut nodes), `LmrChecks` (reduce quiet checks too), `LmrDeeper` (a reduced move
//! that beats alpha by far re-searched deeper, by little not re-searched), `LmrCaptures`
//! (reduce captures too), `LmrFrom` (reduce from an earlier move off the principal
//! variation), `ExtensionLimit` (no extension once a line has gone that far past the
//! iteration's depth), `CaptureHistory` (order captures of about
//! the same value by how often each cut), `TtEval` (the table's score as a sharper static
//! evaluation), `QsPrune` (move-count and evasion limits in the quiescence search),
//! `ThreatOrder` (quiet moves that take an attacked piece out of danger first),
//! `PruneChecks` (late or material-losing checks pruned like other moves), `ProbCut` (a
//! capture that wins big in a shallow search cuts the node), `SingularNegative` (the
//! table's move searched shallower when it is not alone in beating beta), `EvalFade` (the
//! evaluation fades toward a draw as the move limit nears), and `CheckExtMaxDepth` and
//! `CheckExtMinDepth` (a node in check extended only near the leaves, or only far from them),
//! `HistoryBySide` (Red's and Black's quiet-move histories kept apart), `ContHist4` (a
//! continuation history by our move four plies back), `CorrHist` (the static evaluation
//! corrected by what searches of similar positions found) and `CorrContinuation` (corrected
//! also by the two moves that led to the position). `CorrHist` is a switch in xiangqi only: janggi weighs its
//! correction history by `CorrHistJanggi`, on by default since janggi matches found it paid.

/// Declares the parameters: each a field of [`Params`] and a UCI option with its default and
/// range.
macro_rules! params {
    ($($(#[doc = $doc:literal])+ $field:ident: $name:literal = $default:literal, $min:literal..=$max:literal;)+) => {
        /// The search's tunable numbers (see the module's documentation).
        #[derive(Clone, Debug, PartialEq, Eq)]
        pub struct Params {
            $($(#[doc = $doc])+ pub $field: i32,)+
            /// The late-move reductions by depth and move number, from `lmr_base` and
            /// `lmr_divisor`.
            lmr: Box<[[u8; 64]; 64]>,
        }

        impl Default for Params {
            fn default() -> Params {
                let mut p = Params { $($field: $default,)+ lmr: Box::new([[0; 64]; 64]) };
                p.rebuild();
                p
            }
        }

        impl Params {
            /// Every parameter: its UCI name, default, least and greatest value.
            pub const SPINS: &'static [(&'static str, i32, i32, i32)] = &[$(($name, $default, $min, $max)),+];

            /// The value of the parameter named `name` (as UCI spells it, any case).
            pub fn get(&self, name: &str) -> Option<i32> {
                $(if name.eq_ignore_ascii_case($name) { return Some(self.$field); })+
                None
            }

            /// Sets the parameter named `name` (any case). A value outside its range is refused
            /// with the range; an unknown name gives `Ok(false)`.
            pub fn set(&mut self, name: &str, value: i32) -> Result<bool, String> {
                $(if name.eq_ignore_ascii_case($name) {
                    if !($min..=$max).contains(&value) {
                        return Err(format!("{}: {value} is outside {}..={}", $name, $min, $max));
                    }
                    self.$field = value;
                    self.rebuild();
                    return Ok(true);
                })+
                Ok(false)
            }
        }
    };
}

params! {
    /// Reverse futility: a node this far above beta per ply of depth is cut (centipawns).
    rfp_margin: "RfpMargin" = 90, 20..=300;
    /// Reverse futility: the deepest depth it cuts at.
    rfp_depth: "RfpDepth" = 6, 1..=12;
    /// Null move: the base reduction.
    nmp_base: "NmpBase" = 3, 1..=6;
    /// Null move: one more ply of reduction per this many plies of depth.
    nmp_depth_divisor: "NmpDepthDivisor" = 4, 2..=12;
    /// Null move: one more ply of reduction per this many centipawns above beta (at most 2).
    nmp_eval_divisor: "NmpEvalDivisor" = 200, 50..=800;
    /// Futility: a quiet move is skipped when the static evaluation plus this per ply of depth
    /// is still at or below alpha.
    futility_margin: "FutilityMargin" = 150, 30..=400;
    /// Futility: the deepest depth it prunes at.
    futility_depth: "FutilityDepth" = 5, 1..=10;
    /// SEE pruning: a quiet move losing more than this × depth² is skipped.
    see_quiet_margin: "SeeQuietMargin" = 30, 5..=150;
    /// SEE pruning: a capture losing more than this × depth is skipped.
    see_capture_margin: "SeeCaptureMargin" = 150, 30..=500;
    /// History pruning: a quiet move whose history is below −this × depth is skipped (depth ≤ 3).
    history_prune_margin: "HistoryPruneMargin" = 4000, 500..=16000;
    /// Late-move pruning: a node tries (this + depth²) moves before skipping late quiet ones.
    late_move_base: "LateMoveBase" = 3, 0..=12;
    /// Late-move pruning: the deepest depth it prunes at.
    late_move_depth: "LateMoveDepth" = 5, 1..=32;
    /// Late-move pruning: the count is divided by this when our position is not improving
    /// (Pikafish-HCE divides by 5, and prunes at every depth).
    late_move_divisor: "LateMoveDivisor" = 2, 1..=8;
    /// Late-move reductions: ln(depth)·ln(move number)/divisor + base, both in hundredths.
    lmr_base: "LmrBase" = 50, -100..=200;
    /// See `LmrBase`.
    lmr_divisor: "LmrDivisor" = 200, 100..=500;
    /// Late-move reductions: this many plies more at an expected cut node.
    lmr_cut_node: "LmrCutNode" = 0, 0..=4;
    /// Late-move reductions: 1 reduces quiet checks too (one ply less than other quiet moves)
    /// off the principal variation; 0 never reduces a check.
    lmr_checks: "LmrChecks" = 0, 0..=1;
    /// Late-move reductions: when a reduced search beats alpha, its re-search goes one ply
    /// deeper than the move's full depth if it beat the node's best by this many centipawns
    /// (plus 2 per ply), and stops at the reduced depth if it hardly beat it (5 or fewer);
    /// 0: the re-search is always at the full depth.
    lmr_deeper: "LmrDeeper" = 0, 0..=400;
    /// Late-move reductions: 1 also reduces the captures that lose the exchange, as a quiet
    /// move of the same place; 2 reduces every capture, those that do not lose the exchange one
    /// ply less than a quiet move; 0: a capture is never reduced.
    lmr_captures: "LmrCaptures" = 0, 0..=2;
    /// Late-move reductions: off the principal variation, the reductions start at this move
    /// (0-based: 3 is the fourth, as on the principal variation always); 1 reduces from the
    /// second move, as Stockfish does.
    lmr_from: "LmrFrom" = 3, 1..=3;
    /// Late-move reductions: one ply less per this much history.
    lmr_history_divisor: "LmrHistoryDivisor" = 16384, 2000..=65536;
    /// Capture history: its weight (in hundredths) beside the victim's value in the order of
    /// captures.
    capture_history: "CaptureHistory" = 0, 0..=400;
    /// 1: where the table's bound allows it, its score stands in for the static evaluation in
    /// reverse futility, the null move and the quiescence stand-pat (a searched score is a
    /// better guess than a static one); 0: the static evaluation alone.
    tt_eval: "TtEval" = 0, 0..=1;
    /// 1: the quiescence search tries at most two captures that neither recapture nor touch
    /// the check zone, and in check stops after two quiet evasions once it is not mated;
    /// 0: every capture that does not lose material and every evasion.
    qs_prune: "QsPrune" = 0, 0..=1;
    /// Threat escapes: the weight (in hundredths) of a bonus in the order of quiet moves for a
    /// chariot, horse or cannon that stands attacked by a cheaper enemy piece and steps to a
    /// point no cheaper enemy piece attacks (16 × its value at 100); 0: no bonus.
    threat_order: "ThreatOrder" = 0, 0..=400;
    /// Which checks are pruned like other moves (futility and history pruning always spare
    /// them): 1 those late-move pruning would prune, 2 those that lose material on their point
    /// (SEE), 3 both; 0: a check is never pruned.
    prune_checks: "PruneChecks" = 0, 0..=3;
    /// ProbCut: a capture whose search four plies shallower beats beta by this many
    /// centipawns cuts the node (depth 5 and more, off the principal variation); 0: off.
    probcut: "ProbCut" = 0, 0..=800;
    /// Negative singular extension: when another move also beats the singular search's bound
    /// and the table's score is at or above beta, the table's move is searched this many plies
    /// shallower (the line does not hang on it); 0: off.
    singular_negative: "SingularNegative" = 0, 0..=2;
    /// Fading: the static evaluation shrinks toward a draw as the moves without capture near
    /// the xiangqi move limit, by this many percent at the limit (linearly from none at the
    /// last capture), so that a side ahead makes progress while it can; 0: off.
    eval_fade: "EvalFade" = 0, 0..=100;
    /// Extensions (a node in check, the null move's mate threat, the singular extension) are
    /// made only while the line reaches fewer than this many plies past the iteration's depth
    /// (depth + ply < iteration + this): a run of checks is then no longer free of depth for
    /// ever; 0: no limit.
    extension_limit: "ExtensionLimit" = 0, 0..=32;
    /// Check extension: a node in check is searched one ply deeper only at this depth or
    /// shallower (near the leaves, where a check's answer is the horizon); 0: at every depth.
    check_ext_max_depth: "CheckExtMaxDepth" = 0, 0..=64;
    /// Check extension: a node in check is searched one ply deeper only at this depth or
    /// deeper (as Pikafish extends a check only at depth 12 and more); 0: at every depth.
    check_ext_min_depth: "CheckExtMinDepth" = 0, 0..=64;
    /// Quiet-move histories: 1 keeps Red's lessons apart from Black's (each side its own half
    /// of the butterfly and continuation tables, as Stockfish's are by colour); 0: the two
    /// sides share every entry.
    history_by_side: "HistoryBySide" = 0, 0..=1;
    /// Quiet-move histories: 1 adds a third continuation table, by our own move four plies
    /// back (as Stockfish's fourth-ply table), to the order and the reductions; 0: two tables.
    cont_hist4: "ContHist4" = 0, 0..=1;
    /// Correction history in xiangqi: the static evaluation gets the mean gap the searches of
    /// positions with the same soldiers, or the same generals, advisors and elephants, found
    /// between it and their score, times this many percent; 0: the evaluation as it is.
    corr_hist: "CorrHist" = 0, 0..=200;
    /// Correction history in janggi (as `CorrHist`, which weighs it in xiangqi): on at 100
    /// since a match found it paid there (docs/search-techniques.md, "Measured").
    corr_hist_janggi: "CorrHistJanggi" = 100, 0..=200;
    /// Correction history by the last two moves (both games): the static evaluation also gets
    /// the mean gap found after the same move of ours and the same answer (each a piece and
    /// where it went), times this many percent; 0: off.
    corr_continuation: "CorrContinuation" = 0, 0..=200;
    /// The root's first aspiration window (centipawns each side), tripled on each failure.
    aspiration_window: "AspirationWindow" = 30, 5..=200;
    /// Singular extension: the shallowest depth it is tried at.
    singular_depth: "SingularDepth" = 8, 4..=16;
    /// Singular extension: the other moves must fail this × depth under the table's score.
    singular_margin: "SingularMargin" = 2, 1..=8;
    /// Quiescence delta pruning: a capture is skipped when even its victim and this much
    /// leave the score below alpha.
    delta_margin: "DeltaMargin" = 200, 0..=800;
}

impl Params {
    /// The base late-move reduction of the `index`-th move at `depth`.
    #[inline]
    pub fn late_move_reduction(&self, depth: i32, index: usize) -> i32 {
        self.lmr[(depth.max(0) as usize).min(63)][index.min(63)] as i32
    }

    /// How many moves a node at `depth` tries before it prunes the late quiet ones:
    /// (`late_move_base` + depth²), divided by `late_move_divisor` when our position is not
    /// improving.
    #[inline]
    pub fn late_move_count(&self, depth: i32, improving: bool) -> usize {
        let n = self.late_move_base + depth * depth;
        (if improving { n } else { n / self.late_move_divisor }) as usize
    }

    /// `LmrDeeper`: the plies to add to a reduced move's full depth `child` for its
    /// re-search, after the reduced search scored `score` against the node's best so far: one
    /// more when it beat it by the switch's margin (and 2 a ply), one less when it hardly beat
    /// it; 0 while the switch is off, or while the best is only a mated score.
    #[inline]
    pub fn research_adjustment(&self, score: i32, best: i32, child: i32) -> i32 {
        /// At most this far above the best, a reduced move's lead is taken as noise.
        const HARDLY: i32 = 5;
        if self.lmr_deeper == 0 || best <= -crate::score::MATE_BOUND {
            return 0;
        }
        (score > best + self.lmr_deeper + 2 * child) as i32 - (score <= best + HARDLY) as i32
    }

    /// Whether a node at `depth` and `ply` of an iteration to `iteration` may still be
    /// extended (`ExtensionLimit`): its line has not gone that far past the iteration's depth.
    #[inline]
    pub fn may_extend(&self, depth: i32, ply: usize, iteration: i32) -> bool {
        self.extension_limit == 0 || depth + (ply as i32) < iteration + self.extension_limit
    }

    /// Whether a node in check at `depth` is searched one ply deeper (`CheckExtMaxDepth`,
    /// `CheckExtMinDepth`; by default every one is).
    #[inline]
    pub fn extends_check(&self, depth: i32) -> bool {
        (self.check_ext_max_depth == 0 || depth <= self.check_ext_max_depth) && depth >= self.check_ext_min_depth
    }

    /// The half of the quiet-move histories the side to move (`turn`, 0 or 1) learns in and
    /// reads from: its own with `HistoryBySide`, else the one both sides share.
    #[inline]
    pub fn history_side(&self, turn: usize) -> usize {
        if self.history_by_side != 0 {
            turn
        } else {
            0
        }
    }

    /// The weight of the correction history in `variant`'s games (`CorrHist` in xiangqi,
    /// `CorrHistJanggi` in janggi): each game learns its own lesson of what pays.
    #[inline]
    pub fn correction_weight(&self, variant: chuhan::Variant) -> i32 {
        match variant {
            chuhan::Variant::Xiangqi => self.corr_hist,
            chuhan::Variant::Janggi => self.corr_hist_janggi,
        }
    }

    /// Recomputes the reduction table from `lmr_base` and `lmr_divisor`.
    fn rebuild(&mut self) {
        let (base, divisor) = (self.lmr_base as f64 / 100.0, self.lmr_divisor as f64 / 100.0);
        for (d, row) in self.lmr.iter_mut().enumerate() {
            for (i, r) in row.iter_mut().enumerate() {
                *r = if d == 0 || i == 0 {
                    0
                } else {
                    (base + (d as f64).ln() * (i as f64).ln() / divisor).clamp(0.0, 63.0) as u8
                };
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Params;

    #[test]
    fn the_defaults_are_the_engines_numbers_and_in_range() {
        let p = Params::default();
        for &(name, default, min, max) in Params::SPINS {
            assert_eq!(p.get(name), Some(default), "{name}");
            assert!(min <= default && default <= max, "{name}");
        }
        // The reduction table as it was before the parameters: (0.5 + ln d · ln i / 2) truncated.
        for d in 1..64 {
            for i in 1..64 {
                let old = (0.5 + (d as f64).ln() * (i as f64).ln() / 2.0) as i32;
                assert_eq!(p.late_move_reduction(d, i as usize), old, "depth {d}, move {i}");
            }
        }
        assert_eq!(p.late_move_count(4, true), 19);
        assert_eq!(p.late_move_count(4, false), 9);
        // Pikafish-HCE's shape: a fifth of (2 + depth²) when not improving.
        let mut q = Params::default();
        q.set("LateMoveBase", 2).unwrap();
        q.set("LateMoveDivisor", 5).unwrap();
        assert_eq!(q.late_move_count(6, false), 7);
        assert_eq!(q.late_move_count(6, true), 38);
    }

    #[test]
    fn a_reduced_move_is_searched_again_deeper_by_how_far_it_beat_the_best() {
        let mut p = Params::default();
        // Off: always the full depth.
        assert_eq!(p.research_adjustment(500, 0, 6), 0);
        p.set("LmrDeeper", 40).unwrap();
        // Beat the best by more than 40 + 2 × 6: one ply deeper; by 52 exactly, not.
        assert_eq!(p.research_adjustment(53, 0, 6), 1);
        assert_eq!(p.research_adjustment(52, 0, 6), 0);
        // Deeper children need a bigger lead.
        assert_eq!(p.research_adjustment(53, 0, 10), 0);
        // Hardly beat it (5 or fewer): one ply shallower.
        assert_eq!(p.research_adjustment(105, 100, 6), -1);
        assert_eq!(p.research_adjustment(106, 100, 6), 0);
        // The best so far a mated score: no lead to judge by.
        assert_eq!(p.research_adjustment(0, -crate::score::MATE + 3, 6), 0);
    }

    #[test]
    fn extensions_stop_once_a_line_has_gone_the_limit_past_the_iteration() {
        let mut p = Params::default();
        // Off: any line may be extended, however far it has gone.
        assert!(p.may_extend(10, 30, 12));
        p.set("ExtensionLimit", 4).unwrap();
        // An iteration to depth 12: a node at ply 5 with depth 7 left is on schedule (12).
        assert!(p.may_extend(7, 5, 12));
        // Three plies past it (15): one more extension allowed; four past (16): none.
        assert!(p.may_extend(10, 5, 12));
        assert!(!p.may_extend(11, 5, 12));
        // A reduced line is further from the limit.
        assert!(p.may_extend(2, 9, 12));
    }

    #[test]
    fn set_checks_the_name_and_the_range() {
        let mut p = Params::default();
        assert_eq!(p.set("rfpmargin", 120), Ok(true));
        assert_eq!(p.rfp_margin, 120);
        assert_eq!(p.set("NoSuchThing", 1), Ok(false));
        assert!(p.set("RfpMargin", 10_000).unwrap_err().contains("20..=300"));
        assert_eq!(p.rfp_margin, 120);
        p.set("LmrDivisor", 100).unwrap();
        assert!(p.late_move_reduction(20, 20) > Params::default().late_move_reduction(20, 20));
    }
}
