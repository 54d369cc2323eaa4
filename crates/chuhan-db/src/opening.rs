//! Opening names: chuhan's own classification, read from a position rather than a move order,
//! so that transpositions land on the same name.
//!
//! A xiangqi opening is the first mover's system (中炮, 仙人指路, 飛象局 …) and the reply to it
//! (屏風馬, 反宮馬, 順炮, 列手炮 …), the families the usual literature names (the list is the
//! one of the seed texts: the first mover's cannon, horse, elephant and pawn openings and the
//! replies to the central cannon, the horse, the elephant and the pawn openings). Each family is
//! a pattern of pieces: which piece stands where and which has left its home point. A pattern is
//! tried on the board and on its left-right mirror, so the same opening played on the other wing
//! gets the same name. Patterns are tried in a fixed order and the first that fits wins: a
//! position with a central cannon and a raised horse is 中炮, not 起馬局.
//!
//! A game is named from its position after [`OPENING_PLY`] plies (or its last, if shorter): by
//! then both players have set out their system, and any move order reaching that position gets
//! the same name. Janggi games are named by the two formations of their start position.

use chuhan::{JanggiFormation, Piece, Position, Role, Side, Square, Variant};

/// The ply whose position names a game's opening: three moves each.
pub const OPENING_PLY: usize = 6;

/// Which words a name is written in.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum Lang {
    /// 简体中文.
    Simplified,
    /// 繁體中文 (the default: the seed texts and most records write it).
    #[default]
    Traditional,
    /// English.
    English,
    /// 한국어: janggi's formations in Korean (안상, 바깥상…); xiangqi's openings by their
    /// Chinese names, as Korean players read them (docs/glossary-ko.md).
    Korean,
    /// Tiếng Việt: the names Vietnamese players use (Pháo đầu, Bình phong mã…), else the Chinese
    /// one (docs/glossary-vi.md).
    Vietnamese,
}

impl std::str::FromStr for Lang {
    type Err = String;
    fn from_str(s: &str) -> Result<Lang, String> {
        match s.to_ascii_lowercase().as_str() {
            "simplified" | "zh-hans" | "zh-cn" | "sc" => Ok(Lang::Simplified),
            "traditional" | "zh-hant" | "zh-tw" | "tc" => Ok(Lang::Traditional),
            "english" | "en" => Ok(Lang::English),
            "korean" | "ko" => Ok(Lang::Korean),
            "vietnamese" | "vi" => Ok(Lang::Vietnamese),
            _ => {
                Err(format!("unknown language {s:?}: expected simplified, traditional, english, korean or vietnamese"))
            }
        }
    }
}

/// Names in the five languages: simplified, traditional, English, Korean, Vietnamese.
type Names = [&'static str; 5];

fn pick(names: Names, lang: Lang) -> &'static str {
    match lang {
        Lang::Simplified => names[0],
        Lang::Traditional => names[1],
        Lang::English => names[2],
        Lang::Korean => names[3],
        Lang::Vietnamese => names[4],
    }
}

/// The first mover's system, in the order patterns are tried.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[allow(missing_docs)] // Each variant's names are in `System::names`.
pub enum System {
    CentralCannon,
    PalaceCrossingCannon,
    AdvisorCornerCannon,
    RiverCannon,
    PawnOpening,
    ElephantOpening,
    HorseOpening,
    EdgeHorse,
    EdgePawn,
}

impl System {
    /// Every system, in the order they are tried.
    pub const ALL: [System; 9] = [
        System::CentralCannon,
        System::PalaceCrossingCannon,
        System::AdvisorCornerCannon,
        System::RiverCannon,
        System::PawnOpening,
        System::ElephantOpening,
        System::HorseOpening,
        System::EdgeHorse,
        System::EdgePawn,
    ];

    /// Simplified, traditional, English, Korean, Vietnamese.
    pub const fn names(self) -> Names {
        match self {
            System::CentralCannon => ["中炮", "中炮", "Central Cannon", "中炮", "Pháo đầu"],
            System::PalaceCrossingCannon => ["过宫炮", "過宮炮", "Palace-Crossing Cannon", "過宮炮", "Pháo quá cung"],
            System::AdvisorCornerCannon => ["士角炮", "士角炮", "Advisor-Corner Cannon", "士角炮", "Sĩ giác pháo"],
            System::RiverCannon => ["巡河炮", "巡河炮", "River-Patrol Cannon", "巡河炮", "Tuần hà pháo"],
            System::PawnOpening => ["仙人指路", "仙人指路", "Pawn Opening", "仙人指路", "Tiên nhân chỉ lộ"],
            System::ElephantOpening => ["飞象局", "飛象局", "Elephant Opening", "飛象局", "Phi tượng cục"],
            System::HorseOpening => ["起马局", "起馬局", "Horse Opening", "起馬局", "Khởi mã cục"],
            System::EdgeHorse => ["边马局", "邊馬局", "Edge Horse Opening", "邊馬局", "Biên mã cục"],
            System::EdgePawn => ["边兵局", "邊兵局", "Edge Pawn Opening", "邊兵局", "Biên binh cục"],
        }
    }

    /// A short stable name stored in the database.
    pub const fn code(self) -> &'static str {
        match self {
            System::CentralCannon => "central-cannon",
            System::PalaceCrossingCannon => "palace-crossing-cannon",
            System::AdvisorCornerCannon => "advisor-corner-cannon",
            System::RiverCannon => "river-cannon",
            System::PawnOpening => "pawn",
            System::ElephantOpening => "elephant",
            System::HorseOpening => "horse",
            System::EdgeHorse => "edge-horse",
            System::EdgePawn => "edge-pawn",
        }
    }

    /// Whether Red's pieces in `v` show this system. The frame is the one in which Red's
    /// pieces came from the h wing (炮二, 馬二, 相三, 兵七 in Red's numbering map through the
    /// mirror): each pattern names the point a piece left and the point it went to.
    fn fits(self, v: &View) -> bool {
        let r = Side::First;
        match self {
            // 炮二平五: a cannon on the central file, none left on h2.
            System::CentralCannon => v.on_file(r, Role::Cannon, 4) && !v.has(r, Role::Cannon, "h2"),
            // 炮二平六: h2 → d2, crossing the palace, the other cannon at home.
            System::PalaceCrossingCannon => {
                v.has(r, Role::Cannon, "d2") && !v.has(r, Role::Cannon, "h2") && v.has(r, Role::Cannon, "b2")
            }
            // 炮二平四: h2 → f2, to the advisor's corner.
            System::AdvisorCornerCannon => {
                v.has(r, Role::Cannon, "f2") && !v.has(r, Role::Cannon, "h2") && v.has(r, Role::Cannon, "b2")
            }
            // 炮二進二: h2 → h4, on the river bank.
            System::RiverCannon => v.has(r, Role::Cannon, "h4"),
            // 兵七進一: c3 → c4.
            System::PawnOpening => v.has(r, Role::Soldier, "c4") && !v.has(r, Role::Soldier, "c3"),
            // 相三進五: g0 → e2.
            System::ElephantOpening => v.has(r, Role::Elephant, "e2") && !v.has(r, Role::Elephant, "g0"),
            // 馬二進三: h0 → g2.
            System::HorseOpening => v.has(r, Role::Horse, "g2") && !v.has(r, Role::Horse, "h0"),
            // 馬二進一: h0 → i2.
            System::EdgeHorse => v.has(r, Role::Horse, "i2") && !v.has(r, Role::Horse, "h0"),
            // 兵一進一: i3 → i4.
            System::EdgePawn => v.has(r, Role::Soldier, "i4") && !v.has(r, Role::Soldier, "i3"),
        }
    }

    /// The replies named against this system, in the order they are tried.
    fn replies(self) -> &'static [Reply] {
        use Reply::*;
        match self {
            System::CentralCannon => {
                &[SameDirectionCannons, OppositeDirectionCannons, ReversePalaceHorse, SingleLiftedHorse, ScreenHorses]
            }
            System::HorseOpening => &[ReturnCannon, ElephantUp, PawnAdvance, HorseAdvance],
            System::ElephantOpening => {
                &[CounterCentralCannon, PalaceCrossingCannon, AdvisorCornerCannon, SameSideElephant, PawnAdvance]
            }
            System::PawnOpening => &[CannonBehindPawn, CounterCentralCannon, FacingPawns, ElephantReply],
            _ => &[],
        }
    }
}

/// The second mover's reply.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[allow(missing_docs)] // Each variant's names are in `Reply::names`.
pub enum Reply {
    SameDirectionCannons,
    OppositeDirectionCannons,
    ReversePalaceHorse,
    SingleLiftedHorse,
    ScreenHorses,
    ReturnCannon,
    ElephantUp,
    PawnAdvance,
    HorseAdvance,
    CounterCentralCannon,
    PalaceCrossingCannon,
    AdvisorCornerCannon,
    SameSideElephant,
    CannonBehindPawn,
    FacingPawns,
    ElephantReply,
}

impl Reply {
    /// Every reply.
    pub const ALL: [Reply; 16] = [
        Reply::SameDirectionCannons,
        Reply::OppositeDirectionCannons,
        Reply::ReversePalaceHorse,
        Reply::SingleLiftedHorse,
        Reply::ScreenHorses,
        Reply::ReturnCannon,
        Reply::ElephantUp,
        Reply::PawnAdvance,
        Reply::HorseAdvance,
        Reply::CounterCentralCannon,
        Reply::PalaceCrossingCannon,
        Reply::AdvisorCornerCannon,
        Reply::SameSideElephant,
        Reply::CannonBehindPawn,
        Reply::FacingPawns,
        Reply::ElephantReply,
    ];

    /// Simplified, traditional, English, Korean, Vietnamese.
    pub const fn names(self) -> Names {
        match self {
            Reply::SameDirectionCannons => ["顺炮", "順炮", "Same-Direction Cannons", "順炮", "Thuận pháo"],
            Reply::OppositeDirectionCannons => {
                ["列手炮", "列手炮", "Opposite-Direction Cannons", "列手炮", "Nghịch pháo"]
            }
            Reply::ReversePalaceHorse => ["反宫马", "反宮馬", "Reverse Palace Horse", "反宮馬", "Phản cung mã"],
            Reply::SingleLiftedHorse => ["单提马", "單提馬", "Single Lifted Horse", "單提馬", "Đơn đề mã"],
            Reply::ScreenHorses => ["屏风马", "屏風馬", "Screen Horses", "屏風馬", "Bình phong mã"],
            Reply::ReturnCannon => ["还炮", "還炮", "Returning Cannon", "還炮", "還炮"],
            Reply::ElephantUp => ["升象", "升象", "Raised Elephant", "升象", "升象"],
            Reply::PawnAdvance => ["进卒", "進卒", "Pawn Advance", "進卒", "進卒"],
            Reply::HorseAdvance => ["进马", "進馬", "Horse Advance", "進馬", "進馬"],
            Reply::CounterCentralCannon => ["还中炮", "還中炮", "Counter Central Cannon", "還中炮", "還中炮"],
            Reply::PalaceCrossingCannon => ["过宫炮", "過宮炮", "Palace-Crossing Cannon", "過宮炮", "Pháo quá cung"],
            Reply::AdvisorCornerCannon => ["士角炮", "士角炮", "Advisor-Corner Cannon", "士角炮", "Sĩ giác pháo"],
            Reply::SameSideElephant => ["顺象", "順象", "Same-Side Elephant", "順象", "順象"],
            Reply::CannonBehindPawn => ["卒底炮", "卒底炮", "Cannon Behind Pawn", "卒底炮", "卒底炮"],
            Reply::FacingPawns => ["对兵", "對兵", "Facing Pawns", "對兵", "對兵"],
            Reply::ElephantReply => ["飞象", "飛象", "Elephant Reply", "飛象", "Phi tượng"],
        }
    }

    /// A short stable name stored in the database.
    pub const fn code(self) -> &'static str {
        match self {
            Reply::SameDirectionCannons => "same-direction-cannons",
            Reply::OppositeDirectionCannons => "opposite-direction-cannons",
            Reply::ReversePalaceHorse => "reverse-palace-horse",
            Reply::SingleLiftedHorse => "single-lifted-horse",
            Reply::ScreenHorses => "screen-horses",
            Reply::ReturnCannon => "returning-cannon",
            Reply::ElephantUp => "raised-elephant",
            Reply::PawnAdvance => "pawn-advance",
            Reply::HorseAdvance => "horse-advance",
            Reply::CounterCentralCannon => "counter-central-cannon",
            Reply::PalaceCrossingCannon => "palace-crossing-cannon",
            Reply::AdvisorCornerCannon => "advisor-corner-cannon",
            Reply::SameSideElephant => "same-side-elephant",
            Reply::CannonBehindPawn => "cannon-behind-pawn",
            Reply::FacingPawns => "facing-pawns",
            Reply::ElephantReply => "elephant",
        }
    }

    /// Whether the reply's pattern is tied to the wing Red played on (順炮 and 列手炮 differ only
    /// by that); the others fit on either wing.
    fn tied_to_wing(self) -> bool {
        matches!(
            self,
            Reply::SameDirectionCannons
                | Reply::OppositeDirectionCannons
                | Reply::SameSideElephant
                | Reply::CannonBehindPawn
                | Reply::FacingPawns
        )
    }

    /// Whether Black's pieces in `v` show this reply. Black's files in its own numbering: 1 is
    /// file a, 9 is file i.
    fn fits(self, v: &View) -> bool {
        let b = Side::Second;
        match self {
            // 炮8平5: h7 → e7, the same wing as Red's 炮二平五 (h2 → e2).
            Reply::SameDirectionCannons => v.on_file(b, Role::Cannon, 4) && !v.has(b, Role::Cannon, "h7"),
            // 炮2平5: b7 → e7, the other wing.
            Reply::OppositeDirectionCannons => v.on_file(b, Role::Cannon, 4) && !v.has(b, Role::Cannon, "b7"),
            // 馬2進3, 炮8平6, 馬8進7.
            Reply::ReversePalaceHorse => {
                v.has(b, Role::Horse, "c7") && v.has(b, Role::Horse, "g7") && v.has(b, Role::Cannon, "f7")
            }
            // 馬2進3, 馬8進9.
            Reply::SingleLiftedHorse => v.has(b, Role::Horse, "c7") && v.has(b, Role::Horse, "i7"),
            // 馬8進7, 馬2進3.
            Reply::ScreenHorses => v.has(b, Role::Horse, "c7") && v.has(b, Role::Horse, "g7"),
            // 炮8平5.
            Reply::ReturnCannon | Reply::CounterCentralCannon => v.on_file(b, Role::Cannon, 4),
            // 象3進5: c9 → e7.
            Reply::ElephantUp | Reply::ElephantReply => {
                v.has(b, Role::Elephant, "e7") && !v.has(b, Role::Elephant, "c9")
            }
            // 卒7進1 or 卒3進1: g6 → g5.
            Reply::PawnAdvance => v.has(b, Role::Soldier, "g5") && !v.has(b, Role::Soldier, "g6"),
            // 馬2進3.
            Reply::HorseAdvance => v.has(b, Role::Horse, "c7") && !v.has(b, Role::Horse, "b9"),
            // 炮8平4: h7 → d7.
            Reply::PalaceCrossingCannon => {
                v.has(b, Role::Cannon, "d7") && !v.has(b, Role::Cannon, "h7") && v.has(b, Role::Cannon, "b7")
            }
            // 炮8平6: h7 → f7.
            Reply::AdvisorCornerCannon => {
                v.has(b, Role::Cannon, "f7") && !v.has(b, Role::Cannon, "h7") && v.has(b, Role::Cannon, "b7")
            }
            // 象7進5: g9 → e7, the wing of Red's 相三進五 (g0 → e2).
            Reply::SameSideElephant => v.has(b, Role::Elephant, "e7") && !v.has(b, Role::Elephant, "g9"),
            // 炮8平7: h7 → g7, against Red's 兵七進一 (c3 → c4).
            Reply::CannonBehindPawn => v.has(b, Role::Cannon, "g7") && !v.has(b, Role::Cannon, "h7"),
            // 卒3進1: c6 → c5, facing Red's advanced pawn on the c file.
            Reply::FacingPawns => v.has(b, Role::Soldier, "c5") && !v.has(b, Role::Soldier, "c6"),
        }
    }
}

/// A janggi formation's name in the three languages.
fn formation_names(f: JanggiFormation) -> Names {
    match f {
        JanggiFormation::OuterElephants => ["外象", "外象", "Outer Elephants", "바깥상", "外象"],
        JanggiFormation::InnerElephants => ["内象", "內象", "Inner Elephants", "안상", "內象"],
        JanggiFormation::LeftElephant => ["左象", "左象", "Left Elephant", "왼상", "左象"],
        JanggiFormation::RightElephant => ["右象", "右象", "Right Elephant", "오른상", "右象"],
        JanggiFormation::MobileChariots => ["机动车", "機動車", "Mobile Chariots", "기동차", "機動車"],
    }
}

/// An opening's name.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Opening {
    /// A xiangqi system and, when one fits, the reply.
    Xiangqi {
        /// The first mover's system.
        system: System,
        /// The second mover's reply.
        reply: Option<Reply>,
    },
    /// A janggi game's formations: Cho's, then Han's.
    Janggi {
        /// The first mover's.
        cho: JanggiFormation,
        /// The second mover's.
        han: JanggiFormation,
    },
}

impl Opening {
    /// The name in `lang`: `中炮對屏風馬`, `Central Cannon vs Screen Horses`, `內象對外象`.
    pub fn name(self, lang: Lang) -> String {
        let vs = match lang {
            Lang::Simplified => "对",
            Lang::Traditional => "對",
            Lang::English => " vs ",
            Lang::Korean => " 대 ",
            Lang::Vietnamese => " đối ",
        };
        match self {
            Opening::Xiangqi { system, reply: None } => pick(system.names(), lang).to_string(),
            Opening::Xiangqi { system, reply: Some(r) } => {
                format!("{}{vs}{}", pick(system.names(), lang), pick(r.names(), lang))
            }
            Opening::Janggi { cho, han } => {
                format!("{}{vs}{}", pick(formation_names(cho), lang), pick(formation_names(han), lang))
            }
        }
    }

    /// The stable name stored in the database: `central-cannon/screen-horses`,
    /// `janggi/inner/outer`.
    pub fn code(self) -> String {
        match self {
            Opening::Xiangqi { system, reply: None } => system.code().to_string(),
            Opening::Xiangqi { system, reply: Some(r) } => format!("{}/{}", system.code(), r.code()),
            Opening::Janggi { cho, han } => format!("janggi/{}/{}", cho.name(), han.name()),
        }
    }

    /// Every opening this classification can give, for searches by name.
    pub fn all() -> Vec<Opening> {
        let mut v = Vec::new();
        for system in System::ALL {
            v.push(Opening::Xiangqi { system, reply: None });
            for &r in system.replies() {
                v.push(Opening::Xiangqi { system, reply: Some(r) });
            }
        }
        for cho in JanggiFormation::ALL {
            for han in JanggiFormation::ALL {
                v.push(Opening::Janggi { cho, han });
            }
        }
        v
    }

    /// The openings whose code is `query` or whose name in any language contains it (ASCII
    /// case ignored): what `--opening` selects.
    pub fn matching(query: &str) -> Vec<Opening> {
        let q = query.to_lowercase();
        Opening::all()
            .into_iter()
            .filter(|o| {
                o.code() == q
                    || [Lang::Simplified, Lang::Traditional, Lang::English, Lang::Korean, Lang::Vietnamese]
                        .iter()
                        .any(|&l| o.name(l).to_lowercase().contains(&q))
            })
            .collect()
    }
}

/// The opening of a xiangqi position: the system and reply its pieces show, or `None` when no
/// system fits (or the position is janggi: see [`janggi_opening`]). Positions with fewer than
/// 28 pieces are past the opening and get no name.
pub fn classify(pos: &Position) -> Option<Opening> {
    if pos.variant() != Variant::Xiangqi || pos.occupied().count() < 28 {
        return None;
    }
    let views = [View { pos, mirror: false }, View { pos, mirror: true }];
    let system = System::ALL.into_iter().find(|s| views.iter().any(|v| s.fits(v)))?;
    let red_frames: Vec<&View> = views.iter().filter(|v| system.fits(v)).collect();
    let reply = system.replies().iter().copied().find(|r| {
        if r.tied_to_wing() {
            red_frames.iter().any(|v| r.fits(v))
        } else {
            views.iter().any(|v| r.fits(v))
        }
    });
    Some(Opening::Xiangqi { system, reply })
}

/// A janggi game's opening: the formations of its start position (`None` if its back ranks are
/// not one of the five).
pub fn janggi_opening(start: &Position) -> Option<Opening> {
    if start.variant() != Variant::Janggi {
        return None;
    }
    let rank = |side: Side, rank: u8| -> String {
        (0..9u8)
            .map(|f| {
                let file = if side == Side::First { f } else { 8 - f };
                let sq = Square::new(file, rank).expect("on the board");
                match start.piece_at(sq) {
                    Some(p) if p.side == side => p.role.letter(),
                    _ => '1',
                }
            })
            .collect()
    };
    let find = |s: String| JanggiFormation::ALL.into_iter().find(|f| f.back_rank() == s);
    Some(Opening::Janggi { cho: find(rank(Side::First, 0))?, han: find(rank(Side::Second, 9))? })
}

/// A position seen straight or through the left-right mirror.
struct View<'a> {
    pos: &'a Position,
    mirror: bool,
}

impl View<'_> {
    fn piece(&self, sq: Square) -> Option<Piece> {
        self.pos.piece_at(if self.mirror { sq.mirror() } else { sq })
    }

    /// Whether `side`'s `role` stands on `sq` (a name like `e2`) in this view.
    fn has(&self, side: Side, role: Role, sq: &str) -> bool {
        let sq: Square = sq.parse().expect("the patterns name valid squares");
        self.piece(sq) == Some(Piece::new(side, role))
    }

    /// Whether `side`'s `role` stands anywhere on file `file` (0 = a).
    fn on_file(&self, side: Side, role: Role, file: u8) -> bool {
        (0..10).any(|r| self.piece(Square::new(file, r).expect("on the board")) == Some(Piece::new(side, role)))
    }
}

#[cfg(test)]
mod tests;
