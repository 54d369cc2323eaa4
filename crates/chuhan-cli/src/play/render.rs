//! Drawing the game: the board on its intersections with river and palaces, the clocks, the
//! move list and the input line. Fits an 80×24 terminal; `NO_COLOR` turns colours off.

use super::app::{args, App};
use chuhan::clock::{Clocks, Rule};
use chuhan::notation::Notation;
use chuhan::{Piece, Role, Side, Square, Variant};
use ratatui::layout::{Constraint, Direction, Layout, Rect};
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Paragraph, Wrap};
use ratatui::Frame;
use std::time::{Duration, Instant};

/// The glyph of a piece: Chinese characters (two columns) or a letter and a connector.
fn glyph(p: Piece, variant: Variant, letters: bool) -> String {
    if letters {
        return format!("{}─", p.letter());
    }
    let c = match (variant, p.side, p.role) {
        (Variant::Janggi, Side::First, Role::General) => '楚',
        (Variant::Janggi, Side::Second, Role::General) => '漢',
        // Janggi sets mark both sides alike but for the generals and soldiers (Cho 卒, Han 兵).
        (Variant::Janggi, _, Role::Cannon) => '包',
        (Variant::Janggi, _, Role::Advisor) => '士',
        (Variant::Janggi, _, Role::Elephant) => '象',
        (Variant::Janggi, _, Role::Horse) => '馬',
        (Variant::Janggi, _, Role::Chariot) => '車',
        (Variant::Janggi, Side::First, Role::Soldier) => '卒',
        (Variant::Janggi, Side::Second, Role::Soldier) => '兵',
        (_, Side::First, Role::General) => '帥',
        (_, Side::First, Role::Advisor) => '仕',
        (_, Side::First, Role::Elephant) => '相',
        (_, Side::First, Role::Horse) => '傌',
        (_, Side::First, Role::Chariot) => '俥',
        (_, Side::First, Role::Cannon) => '炮',
        (_, Side::First, Role::Soldier) => '兵',
        (_, Side::Second, Role::General) => '將',
        (_, Side::Second, Role::Advisor) => '士',
        (_, Side::Second, Role::Elephant) => '象',
        (_, Side::Second, Role::Horse) => '馬',
        (_, Side::Second, Role::Chariot) => '車',
        (_, Side::Second, Role::Cannon) => '砲',
        (_, Side::Second, Role::Soldier) => '卒',
    };
    c.to_string()
}

fn clock_text(d: Duration) -> String {
    let s = d.as_secs();
    format!("{:02}:{:02}", s / 60, s % 60)
}

/// A side's clock: main time; in byo-yomi the period and how many are left; under CXA also
/// what is left of this move's minute and the overruns still allowed.
fn clock_line(app: &App, c: &Clocks, side: Side, now: Instant) -> String {
    let s = c.show(side, now);
    match (c.control().rule, s.move_left) {
        (Rule::Cxa { .. }, Some(m)) => {
            let a = args([
                ("left", clock_text(s.left).into()),
                ("move-left", clock_text(m).into()),
                ("spare", s.spare.into()),
            ]);
            format!("  {}", app.text_with("clock-cxa", &a))
        }
        (Rule::Byoyomi { .. }, _) if s.overtime => {
            let a = args([("left", clock_text(s.left).into()), ("spare", s.spare.into())]);
            format!("  {}", app.text_with("clock-byoyomi", &a))
        }
        _ => format!("  {}", clock_text(s.left)),
    }
}

/// The board's lines: a row per rank and a row between ranks (verticals, palace diagonals, or
/// the river).
pub fn board_lines(app: &App) -> Vec<Line<'static>> {
    let pos = app.game.position();
    let variant = app.settings.variant;
    let color = app.settings.color;
    let last = app.game.moves().last();
    let targets = app.targets();
    let in_check = pos.is_check().then(|| pos.general(pos.turn()));
    let ranks: Vec<u8> = if app.flipped { (0..10).collect() } else { (0..10).rev().collect() };
    let files: Vec<u8> = if app.flipped { (0..9).rev().collect() } else { (0..9).collect() };
    let mut lines = Vec::new();
    let notation = app.settings.notation;
    // Descriptive notations number files from each player's right: Black's along the top,
    // Red's along the bottom; the others name files a–i and ranks by their own numbers.
    let descriptive = matches!(
        notation,
        Notation::Chinese
            | Notation::ChineseTraditional
            | Notation::Wxf
            | Notation::Lau
            | Notation::Xqdb
            | Notation::Leventhal
            | Notation::Vietnamese
    );
    let file_numbers = |side: Side| -> String {
        files
            .iter()
            .map(|&f| {
                let n = if side == Side::First { 9 - f } else { f + 1 };
                if side == Side::First && matches!(notation, Notation::Chinese | Notation::ChineseTraditional) {
                    format!("{}  ", ['一', '二', '三', '四', '五', '六', '七', '八', '九'][n as usize - 1])
                } else {
                    format!("{n}   ")
                }
            })
            .collect::<String>()
            .trim_end()
            .to_string()
    };
    let (top_side, bottom_side) = if app.flipped { (Side::First, Side::Second) } else { (Side::Second, Side::First) };
    if descriptive && variant == Variant::Xiangqi {
        lines.push(Line::from(format!("  {}", file_numbers(top_side))));
    }
    let rank_label = |rank: u8| -> String {
        match notation {
            _ if descriptive && variant == Variant::Xiangqi => "  ".to_string(),
            Notation::Algebraic | Notation::Lan | Notation::Uci1 => format!("{:<2}", rank + 1),
            Notation::Janggi | Notation::JanggiFsf | Notation::JanggiHangul => format!("{} ", (10 - rank) % 10),
            _ => format!("{rank} "),
        }
    };
    for (i, &rank) in ranks.iter().enumerate() {
        let mut spans = vec![Span::raw(rank_label(rank))];
        for (j, &file) in files.iter().enumerate() {
            let sq = Square::new(file, rank).expect("on the board");
            let mut style = Style::default();
            let text = match pos.piece_at(sq) {
                Some(p) => {
                    if color {
                        style = style.fg(if p.side == Side::First { Color::Red } else { Color::White });
                    }
                    style = style.add_modifier(Modifier::BOLD);
                    glyph(p, variant, app.settings.letters)
                }
                None if targets.contains(&sq) => "◦".to_string(),
                None => "┼".to_string(),
            };
            // Points are two columns wide (a Chinese character's width); the connector to the
            // next point fills what a narrow glyph leaves.
            let text = if text.chars().count() == 1 && !text.chars().all(|c| c > '\u{2e80}') {
                if j < 8 {
                    format!("{text}─")
                } else {
                    format!("{text} ")
                }
            } else if app.settings.letters && j == 8 {
                text.replace('─', " ")
            } else {
                text
            };
            if last.is_some_and(|m| m.from == sq || m.to == sq) {
                style = if color { style.bg(Color::DarkGray) } else { style.add_modifier(Modifier::UNDERLINED) };
            }
            if in_check == Some(sq) {
                style = if color { style.bg(Color::LightRed) } else { style.add_modifier(Modifier::SLOW_BLINK) };
            }
            if app.selected == Some(sq) || targets.contains(&sq) {
                style = if color { style.bg(Color::Green) } else { style.add_modifier(Modifier::UNDERLINED) };
            }
            if app.cursor == sq {
                style = style.add_modifier(Modifier::REVERSED);
            }
            if app.hint.is_some_and(|m| m.from == sq || m.to == sq) && color {
                style = style.fg(Color::Yellow);
            }
            spans.push(Span::styled(text, style));
            if j < 8 {
                spans.push(Span::raw("──"));
            }
        }
        lines.push(Line::from(spans));
        if i == 9 {
            break;
        }
        // The row between this rank and the next one down the screen.
        let lower = ranks[i + 1];
        let river = (rank.min(lower), rank.max(lower)) == (4, 5);
        if river && variant == Variant::Xiangqi {
            let (left, right) = if app.flipped { ("漢 界", "楚 河") } else { ("楚 河", "漢 界") };
            lines.push(Line::from(format!("  │     {left}            {right}    │")));
            continue;
        }
        let mut row = String::from("  ");
        let in_palace_rows = rank.max(lower) <= 2 || rank.min(lower) >= 7;
        for (j, &file) in files.iter().enumerate() {
            row.push('│');
            if j < 8 {
                let next = files[j + 1];
                let (a, b) = (file.min(next), file.max(next));
                let gap = if in_palace_rows && (3..=5).contains(&a) && b <= 5 {
                    // Which diagonal crosses this cell: the one through the palace centre.
                    let centre_rank = if rank.max(lower) <= 2 { 1 } else { 8 };
                    let top = rank.max(lower);
                    let toward_centre_from_left = (a == 3) == (top == centre_rank);
                    let rising = toward_centre_from_left != app.flipped;
                    if rising {
                        " ╱ "
                    } else {
                        " ╲ "
                    }
                } else {
                    "   "
                };
                row.push_str(gap);
            }
        }
        lines.push(Line::from(row));
    }
    if descriptive && variant == Variant::Xiangqi {
        lines.push(Line::from(format!("  {}", file_numbers(bottom_side))));
    } else if matches!(notation, Notation::Janggi | Notation::JanggiFsf | Notation::JanggiHangul) {
        let columns: String = files.iter().map(|&f| format!("{}   ", f + 1)).collect();
        lines.push(Line::from(format!("  {}", columns.trim_end())));
    } else {
        let letters: String = files.iter().map(|&f| format!("{}   ", (b'a' + f) as char)).collect();
        lines.push(Line::from(format!("  {}", letters.trim_end())));
    }
    lines
}

pub fn draw(frame: &mut Frame, app: &App, now: Instant) {
    let area = frame.area();
    let rows = Layout::default()
        .direction(Direction::Vertical)
        .constraints([Constraint::Min(20), Constraint::Length(1), Constraint::Length(1)])
        .split(area);
    let cols = Layout::default()
        .direction(Direction::Horizontal)
        .constraints([Constraint::Length(38), Constraint::Min(20)])
        .split(rows[0]);
    if let Some(choice) = &app.setup {
        frame.render_widget(Paragraph::new(setup_lines(app, choice)), cols[0]);
    } else {
        frame.render_widget(Paragraph::new(board_lines(app)), cols[0]);
    }
    frame.render_widget(side_panel(app, now, cols[1]), cols[1]);
    frame.render_widget(Paragraph::new(app.status.clone()), rows[1]);
    let prompt = format!("> {}", app.input);
    frame.render_widget(
        Paragraph::new(Line::from(vec![
            Span::styled(prompt, Style::default().add_modifier(Modifier::BOLD)),
            Span::raw(format!("   {}", app.text("keys"))),
        ])),
        rows[2],
    );
}

/// The janggi setup picker: the five formations, the highlighted one marked.
fn setup_lines(app: &App, choice: &super::app::SetupChoice) -> Vec<Line<'static>> {
    let who = app.side_name(choice.side);
    let mut lines = vec![Line::from(app.text_with("setup-for", &args([("side", who.into())]))), Line::from("")];
    for (i, f) in chuhan::JanggiFormation::ALL.iter().enumerate() {
        let mark = if i == choice.highlighted { "▶ " } else { "  " };
        let row = f.back_rank().replace('1', " ·").chars().flat_map(|c| [c, ' ']).collect::<String>();
        let style =
            if i == choice.highlighted { Style::default().add_modifier(Modifier::REVERSED) } else { Style::default() };
        let name = app.text_with("formation", &args([("formation", f.name().into())]));
        lines.push(Line::styled(format!("{mark}{} {row}", pad(&name, 7)), style));
    }
    lines
}

fn side_panel(app: &App, now: Instant, area: Rect) -> Paragraph<'static> {
    let mut lines = Vec::new();
    for side in [Side::Second, Side::First] {
        let name = app.side_name(side);
        let who = if app.settings.opponent == super::app::Opponent::Watch
            || (app.settings.opponent == super::app::Opponent::Engine && side != app.settings.user_side)
        {
            app.text_with("player-engine", &args([("level", app.settings.level.into())]))
        } else {
            app.text("player-you")
        };
        let clock = app.clocks.as_ref().map_or(String::new(), |c| clock_line(app, c, side, now));
        let marker = if app.game.position().turn() == side && !app.over() { "▶ " } else { "  " };
        lines.push(Line::from(format!("{marker}{} {who}{clock}", pad(&name, 5))));
    }
    let opening = app.opening();
    if let Some(name) = &opening {
        lines.push(Line::styled(format!("  {name}"), Style::default().add_modifier(Modifier::ITALIC)));
    }
    lines.push(Line::from(""));
    // The last moves that fit, two per numbered row.
    let room = area.height.saturating_sub(6 + u16::from(opening.is_some())) as usize;
    let texts = &app.move_texts;
    let first_black = app.game.start().turn() == Side::Second;
    let mut rows: Vec<String> = Vec::new();
    let mut i = 0;
    let mut number = app.game.start().fullmove_number();
    if first_black && !texts.is_empty() {
        rows.push(format!("{number:>3}. …        {}", texts[0]));
        i = 1;
        number += 1;
    }
    while i < texts.len() {
        let second = texts.get(i + 1).cloned().unwrap_or_default();
        rows.push(format!("{number:>3}. {:<10} {second}", texts[i]));
        i += 2;
        number += 1;
    }
    let skip = rows.len().saturating_sub(room);
    lines.extend(rows.into_iter().skip(skip).map(Line::from));
    if let Some(ruling) = app.ruling() {
        lines.push(Line::from(""));
        lines.push(Line::styled(ruling, Style::default().add_modifier(Modifier::BOLD)));
    }
    Paragraph::new(lines).block(Block::default().borders(Borders::LEFT)).wrap(Wrap { trim: true })
}

/// `text` padded with spaces to `width` terminal columns (CJK characters and Hangul take two).
fn pad(text: &str, width: usize) -> String {
    let used: usize =
        text.chars().map(|c| if c >= '\u{1100}' && !('\u{1E00}'..='\u{1EFF}').contains(&c) { 2 } else { 1 }).sum();
    format!("{text}{}", " ".repeat(width.saturating_sub(used)))
}
