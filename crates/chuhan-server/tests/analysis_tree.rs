//! The analysis board's tree over loopback: a record with variations and comments read by
//! `/api/records`, sent back to `/api/tree` and written as PGN that reads as the same game;
//! bad trees refused; a deeper search of the same position starting from the last one's table.

use serde_json::{json, Value};
use std::net::SocketAddr;

/// The two tests that search take turns: the test harness runs tests side by side, and a long
/// search beside a timed one (on a two-core machine) starves it, so that the second of two
/// equal searches could reach a lower depth for want of CPU, not for want of the kept table.
static SEARCHING: tokio::sync::Mutex<()> = tokio::sync::Mutex::const_new(());

async fn server() -> (SocketAddr, tempfile::TempDir) {
    let dir = tempfile::tempdir().unwrap();
    let (addr, _task) = chuhan_server::Server::new(chuhan_server::data_dir_store(dir.path()))
        .start("127.0.0.1:0")
        .await
        .expect("server starts");
    (addr, dir)
}

async fn post_json(addr: SocketAddr, path: &str, body: &Value) -> (u16, Value) {
    let r = reqwest::Client::new().post(format!("http://{addr}{path}")).json(body).send().await.unwrap();
    (r.status().as_u16(), r.json().await.unwrap())
}

const RECORD: &str = "[Event \"Tree <b>\"]\n[Red \"Lin\"]\n\n{Opening} 1. C2.5 {the centre} \
    (1. P7+1 {pawn} (1. H2+3 H8+7) 1... P7+1) 1... H8+7 $1 (1... C8.5 {same} 2. H2+3 (2. R1+1)) \
    2. H2+3 R9.8 *\n";

#[tokio::test]
async fn a_record_with_variations_round_trips_through_the_endpoints() {
    let (addr, _dir) = server().await;
    let r = reqwest::Client::new()
        .post(format!("http://{addr}/api/records?notation=wxf"))
        .body(RECORD)
        .send()
        .await
        .unwrap();
    assert_eq!(r.status().as_u16(), 200);
    let v: Value = r.json().await.unwrap();
    // The old fields are still there.
    assert_eq!(v["moves"], json!(["h2e2", "h9g7", "h0g2", "i9h9"]), "{v}");
    let tree = &v["tree"];
    let nodes = tree["nodes"].as_array().unwrap();
    assert_eq!(nodes.len(), 11, "{tree}");
    assert_eq!(tree["comment"], "Opening");
    assert_eq!(nodes[0], json!({ "parent": null, "mv": "h2e2", "text": "C2.5", "comment": "the centre" }));
    let first_moves: Vec<&str> =
        nodes.iter().filter(|n| n["parent"].is_null()).map(|n| n["mv"].as_str().unwrap()).collect();
    assert_eq!(first_moves, ["h2e2", "c3c4", "h0g2"], "{tree}");
    assert!(nodes.iter().any(|n| n["nags"] == json!([1]) && n["mv"] == "h9g7"), "{tree}");

    // Back to the server: checked and named again, then written as PGN.
    let headers = v["headers"].clone();
    let body = json!({ "tree": tree, "notation": "iccs", "headers": headers, "result": "1-0" });
    let (status, w) = post_json(addr, "/api/tree", &body).await;
    assert_eq!(status, 200, "{w}");
    assert_eq!(w["nodes"], 11);
    assert_eq!(w["tree"]["nodes"][0]["text"], "H2-E2");
    let mut pgn_req = body.clone();
    pgn_req["format"] = json!("pgn");
    let r = reqwest::Client::new().post(format!("http://{addr}/api/tree")).json(&pgn_req).send().await.unwrap();
    assert_eq!(r.status().as_u16(), 200);
    assert!(r.headers()["content-disposition"].to_str().unwrap().contains("attachment"));
    let pgn = r.text().await.unwrap();
    assert!(pgn.contains("[Event \"Tree <b>\"]") && pgn.contains("[Result \"1-0\"]"), "{pgn}");
    let back = chuhan_record::pgn::read_all(&pgn).remove(0).expect("the PGN reads back");
    let original = chuhan_record::pgn::read_all(RECORD).remove(0).unwrap();
    let shape = |g: &chuhan_record::Record| {
        chuhan_server::tree::shape(&chuhan_server::tree::to_wire(g, chuhan::notation::Notation::Iccs).unwrap())
    };
    assert_eq!(shape(&back), shape(&original), "{pgn}");
    assert_eq!(back.main.comment.as_deref(), Some("Opening"));
    assert_eq!(back.outcome, chuhan_record::RecordResult::RedWins);

    // The same tree from a janggi start is not legal there.
    let mut janggi = body.clone();
    janggi["variant"] = json!("janggi");
    let (status, e) = post_json(addr, "/api/tree", &janggi).await;
    assert_eq!(status, 400, "{e}");
}

#[tokio::test]
async fn bad_trees_are_refused_with_reasons() {
    let (addr, _dir) = server().await;
    let cases = [
        (json!({ "tree": { "nodes": [{ "parent": 3, "mv": "h2e2" }] } }), "does not come before"),
        (json!({ "tree": { "nodes": [{ "parent": null, "mv": "e0e2" }] } }), "not legal"),
        (json!({ "tree": { "nodes": [{ "parent": null, "mv": "nonsense" }] } }), "node 0"),
        (json!({ "tree": { "nodes": [{ "parent": null }] } }), "request body"),
        (json!({ "tree": { "nodes": [{ "parent": null, "mv": "h2e2", "x": 1 }] } }), "request body"),
        (json!({ "tree": { "nodes": [] }, "headers": [["Bad Tag", "x"]] }), "tag name"),
        (json!({ "tree": { "nodes": [] }, "result": "2-0" }), "result"),
        (json!({ "tree": { "nodes": [] }, "format": "xml" }), "format"),
        (json!({ "tree": { "nodes": [] }, "fen": "not a fen" }), "fen"),
        (json!([1, 2]), "JSON object"),
    ];
    for (body, want) in cases {
        let (status, v) = post_json(addr, "/api/tree", &body).await;
        assert_eq!(status, 400, "{body} → {v}");
        assert!(v["error"].as_str().unwrap().contains(want), "{body} → {v}");
    }
    // An empty tree is a game with no moves.
    let (status, v) = post_json(addr, "/api/tree", &json!({ "tree": { "comment": "just a start" } })).await;
    assert_eq!((status, v["nodes"].as_u64()), (200, Some(0)), "{v}");
}

#[tokio::test]
async fn asking_again_about_a_position_goes_on_from_the_last_search() {
    let _turn = SEARCHING.lock().await;
    let (addr, _dir) = server().await;
    // A fixed depth well within the time, so that the node counts, not the clock, tell: a
    // search by the clock reaches a depth that depends on how busy the machine is.
    let ask = json!({ "moves": ["h2e2", "h9g7"], "millis": 3000, "multipv": 1, "depth": 8 });
    let depth = |v: &Value| v["lines"][0]["depth"].as_i64().unwrap();
    let nodes = |v: &Value| v["lines"][0]["nodes"].as_u64().unwrap();
    let (status, first) = post_json(addr, "/api/analyse", &ask).await;
    assert_eq!(status, 200, "{first}");
    let (status, second) = post_json(addr, "/api/analyse", &ask).await;
    assert_eq!(status, 200, "{second}");
    assert_eq!((depth(&first), depth(&second)), (8, 8), "{first} then {second}");
    // The table kept from the first search gives the second a head start: the same depth for
    // fewer positions searched (one thread and a fixed depth: the counts are the same on every run).
    assert!(nodes(&second) < nodes(&first), "{first} then {second}");
}

#[tokio::test]
async fn one_long_search_at_a_time_and_its_slot_frees_when_its_request_goes() {
    let _turn = SEARCHING.lock().await;
    let (addr, _dir) = server().await;
    let url = format!("http://{addr}/api/analyse");
    // Two clients (one search at a time each: a client's second search waits for its first).
    let long = |from: &'static str, millis: u64, timeout_ms: u64| {
        let url = url.clone();
        async move {
            reqwest::Client::builder()
                .local_address(from.parse::<std::net::IpAddr>().unwrap())
                .build()
                .unwrap()
                .post(url)
                .timeout(std::time::Duration::from_millis(timeout_ms))
                .json(&json!({ "moves": ["h2e2"], "millis": millis }))
                .send()
                .await
        }
    };
    // A long search whose client gives up after a second.
    let first = tokio::spawn(long("127.0.0.1", 15_000, 1000));
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    let second = long("127.0.0.2", 4000, 5000).await.expect("an answer at once");
    assert_eq!(second.status().as_u16(), 503, "a second long search waits");
    let short = long("127.0.0.2", 100, 5000).await.expect("an answer");
    assert_eq!(short.status().as_u16(), 200, "a short search still has its slot");
    assert!(first.await.unwrap().is_err(), "the first client timed out");
    // Its search stopped with it: the long slot is free again (this one is cut short by us).
    tokio::time::sleep(std::time::Duration::from_millis(200)).await;
    let again = long("127.0.0.2", 4000, 500).await;
    assert!(again.is_err(), "accepted and searching, not refused: {again:?}");
}

#[tokio::test]
async fn the_board_scripts_are_served_under_the_same_policy() {
    let (addr, _dir) = server().await;
    for path in
        ["/static/analysis.js", "/static/movetree.js", "/static/board.js", "/static/util.js", "/static/seeks.js"]
    {
        let r = reqwest::get(format!("http://{addr}{path}")).await.unwrap();
        assert_eq!(r.status().as_u16(), 200, "{path}");
        assert!(r.headers()["content-type"].to_str().unwrap().starts_with("text/javascript"), "{path}");
        assert!(r.headers()["content-security-policy"].to_str().unwrap().contains("default-src 'self'"), "{path}");
        let text = r.text().await.unwrap();
        assert!(!text.contains("innerHTML"), "{path} must build the page with textContent only");
    }
}

/// A composed position (rule-book diagrams 71–75: a black soldier on i7, behind its start
/// line) is refused by default with a hint, and analysed with `"relaxed": true`, which says
/// what it accepted; the tree endpoint takes the same flag.
#[tokio::test]
async fn a_composed_position_is_analysed_only_when_relaxed() {
    let (addr, _dir) = server().await;
    let fen = "3a2b1r/4ak3/8p/7P1/9/9/9/B2NN3B/3K5/4p4 w - - 0 1";
    let (status, v) = post_json(addr, "/api/analyse", &json!({ "fen": fen, "millis": 0 })).await;
    assert_eq!(status, 400, "{v}");
    let error = v["error"].as_str().unwrap();
    assert!(error.contains("black soldier on i7") && error.contains("relaxed"), "{error}");

    let ask = json!({ "fen": fen, "moves": ["d1e1"], "millis": 0, "relaxed": true });
    let (status, v) = post_json(addr, "/api/analyse", &ask).await;
    assert_eq!(status, 200, "{v}");
    assert_eq!(v["relaxed"], json!(["black soldier on i7: a point it can never reach"]), "{v}");
    assert_eq!(v["moves"][0]["mv"], "d1e1");

    // Relaxing does not let other problems through: two red generals stay refused.
    let two = json!({ "fen": "3k5/9/9/9/9/9/9/9/3K5/4K4 w", "millis": 0, "relaxed": true });
    let (status, _) = post_json(addr, "/api/analyse", &two).await;
    assert_eq!(status, 400);

    let tree = json!({ "fen": fen, "relaxed": true, "tree": { "nodes": [ { "parent": null, "mv": "d1e1" } ] } });
    let (status, v) = post_json(addr, "/api/tree", &tree).await;
    assert_eq!(status, 200, "{v}");
}

/// The evaluation graph's searches: a fixed depth is kept to, and a bad one is refused.
#[tokio::test]
async fn a_fixed_depth_search_stops_at_that_depth() {
    let (addr, _dir) = server().await;
    let ask = json!({ "moves": ["h2e2"], "millis": 3000, "multipv": 1, "depth": 4 });
    let (code, v) = post_json(addr, "/api/analyse", &ask).await;
    assert_eq!(code, 200, "{v}");
    assert_eq!(v["lines"][0]["depth"], 4, "{v}");
    assert!(v["lines"][0]["score"]["cp"].is_i64(), "{v}");
    for bad in [0, 21] {
        let (code, v) = post_json(addr, "/api/analyse", &json!({ "millis": 100, "depth": bad })).await;
        assert_eq!(code, 400, "{v}");
        assert!(v["error"].as_str().unwrap().contains("depth"), "{v}");
    }
}
