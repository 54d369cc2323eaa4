//! `chuhan-engine`: the engine on standard input and output (UCI, or UCCI after `ucci`).

fn main() {
    let stdin = std::io::stdin();
    chuhan_engine::protocol::run(stdin.lock(), Box::new(std::io::stdout()));
}
