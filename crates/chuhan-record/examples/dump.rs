use chuhan::notation::Notation;
fn main() {
    for path in std::env::args().skip(1) {
        let data = std::fs::read(&path).unwrap();
        match chuhan_record::xqf::read(&data) {
            Ok(g) => {
                let mut out = Vec::new();
                chuhan_record::pgn::write_game(&mut out, &g, Notation::Chinese).unwrap();
                println!(
                    "== {path}: OK {} plies, {} nodes\n{}",
                    g.ply_count(),
                    g.node_count(),
                    String::from_utf8_lossy(&out).chars().take(1500).collect::<String>()
                );
            }
            Err(e) => println!("== {path}: ERROR {e}"),
        }
    }
}
