//! The board as SVG: what `Board._repr_svg_` hands a notebook.
//!
//! Drawn from scratch with lines and text (no image files, no fonts bundled): nine files by
//! ten ranks, the palaces' diagonals, xiangqi's river, and each piece as a disc with its
//! character — xiangqi's red and black sets, janggi's green Cho (楚) and red Han (漢).

use chuhan::{Move, Piece, Position, Role, Side, Square, Variant};
use std::fmt::Write;

const CELL: i32 = 40;
const MARGIN: i32 = 30;

/// The character written on a piece.
fn glyph(variant: Variant, p: Piece) -> char {
    let first = p.side == Side::First;
    match (variant, p.role) {
        (Variant::Xiangqi, Role::General) => pick(first, '帥', '將'),
        (Variant::Xiangqi, Role::Advisor) => pick(first, '仕', '士'),
        (Variant::Xiangqi, Role::Elephant) => pick(first, '相', '象'),
        (Variant::Xiangqi, Role::Horse) => pick(first, '傌', '馬'),
        (Variant::Xiangqi, Role::Chariot) => pick(first, '俥', '車'),
        (Variant::Xiangqi, Role::Cannon) => pick(first, '炮', '砲'),
        (Variant::Xiangqi, Role::Soldier) => pick(first, '兵', '卒'),
        (Variant::Janggi, Role::General) => pick(first, '楚', '漢'),
        (Variant::Janggi, Role::Advisor) => '士',
        (Variant::Janggi, Role::Elephant) => '象',
        (Variant::Janggi, Role::Horse) => '馬',
        (Variant::Janggi, Role::Chariot) => '車',
        (Variant::Janggi, Role::Cannon) => '包',
        (Variant::Janggi, Role::Soldier) => pick(first, '卒', '兵'),
    }
}

fn pick(first: bool, a: char, b: char) -> char {
    if first {
        a
    } else {
        b
    }
}

/// Pixel centre of a square as seen with `flipped` (second mover at the bottom) or not.
fn centre(sq: Square, flipped: bool) -> (i32, i32) {
    let (f, r) = (i32::from(sq.file()), i32::from(sq.rank()));
    let (col, row) = if flipped { (8 - f, r) } else { (f, 9 - r) };
    (MARGIN + col * CELL, MARGIN + row * CELL)
}

fn line(out: &mut String, (x1, y1): (i32, i32), (x2, y2): (i32, i32)) {
    let _ = write!(out, r#"<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}"/>"#);
}

fn at(file: i32, row: i32) -> (i32, i32) {
    (MARGIN + file * CELL, MARGIN + row * CELL)
}

/// The SVG of `pos`; `last` is outlined; `size` scales the picture to that width.
pub fn board(pos: &Position, flipped: bool, last: Option<Move>, size: Option<u32>) -> String {
    let variant = pos.variant();
    let (w, h) = (2 * MARGIN + 8 * CELL, 2 * MARGIN + 9 * CELL);
    let (width, height) = match size {
        Some(s) => (s as i32, (s as i64 * h as i64 / w as i64) as i32),
        None => (w, h),
    };
    let mut s = String::with_capacity(8192);
    let _ = write!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" version="1.1" viewBox="0 0 {w} {h}" width="{width}" height="{height}">"#
    );
    let _ = write!(s, r##"<rect width="{w}" height="{h}" fill="#eecb8b"/>"##);
    s.push_str(r##"<g stroke="#553311" stroke-width="1.5">"##);
    for row in 0..10 {
        line(&mut s, at(0, row), at(8, row));
    }
    for file in 0..9 {
        if variant == Variant::Xiangqi && file > 0 && file < 8 {
            line(&mut s, at(file, 0), at(file, 4));
            line(&mut s, at(file, 5), at(file, 9));
        } else {
            line(&mut s, at(file, 0), at(file, 9));
        }
    }
    for top in [0, 7] {
        line(&mut s, at(3, top), at(5, top + 2));
        line(&mut s, at(5, top), at(3, top + 2));
    }
    s.push_str("</g>");
    if variant == Variant::Xiangqi {
        let y = MARGIN + 4 * CELL + CELL / 2 + 7;
        let _ = write!(
            s,
            r##"<text x="{}" y="{y}" font-size="20" text-anchor="middle" fill="#553311">楚 河　　　　漢 界</text>"##,
            w / 2
        );
    }
    if let Some(m) = last {
        for sq in [m.from, m.to] {
            let (x, y) = centre(sq, flipped);
            let _ = write!(
                s,
                r##"<rect x="{}" y="{}" width="{CELL}" height="{CELL}" fill="none" stroke="#2266cc" stroke-width="3"/>"##,
                x - CELL / 2,
                y - CELL / 2
            );
        }
    }
    for (sq, p) in pos.piece_squares() {
        let (x, y) = centre(sq, flipped);
        let colour = match (variant, p.side) {
            (Variant::Xiangqi, Side::First) | (Variant::Janggi, Side::Second) => "#c0272d",
            (Variant::Xiangqi, Side::Second) => "#222222",
            (Variant::Janggi, Side::First) => "#1d7a3a",
        };
        let r = if p.role == Role::General && variant == Variant::Janggi { 18 } else { 16 };
        let _ = write!(
            s,
            r##"<g><circle cx="{x}" cy="{y}" r="{r}" fill="#f8e7c0" stroke="{colour}" stroke-width="2"/><text x="{x}" y="{}" font-size="20" text-anchor="middle" fill="{colour}" font-family="serif">{}</text><title>{}</title></g>"##,
            y + 7,
            glyph(variant, p),
            p.letter()
        );
    }
    s.push_str("</svg>");
    s
}
