//! Writes XQF seeds for the fuzzer from the MIT-licensed master games (not the GPL/LGPL
//! samples): `cargo run -p chuhan-record --example seed_xqf -- PGN OUTDIR`.
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let file = std::fs::File::open(&args[1]).unwrap();
    let reader = chuhan_record::PgnReader::new(std::io::BufReader::new(file));
    for (i, g) in reader.take(4).enumerate() {
        let mut g = g.unwrap();
        g.main.nodes.truncate(30);
        g.main.comment = Some("开局 comment".into());
        std::fs::write(format!("{}/game{i:02}.xqf", args[2]), chuhan_record::xqf::write(&g).unwrap()).unwrap();
    }
}
