//! Issue 44: the server's errors in the request's language (the `lang` cookie, else
//! `Accept-Language`, else English), their codes unchanged.

mod common;

use common::{request, server};
use reqwest::Method;

#[tokio::test]
async fn errors_are_worded_in_the_requests_language() {
    let dir = tempfile::tempdir().unwrap();
    let (addr, _server) = server(dir.path()).await;
    let get = |headers: &'static [(&'static str, &'static str)]| {
        request(addr, Method::GET, "/api/games/nosuchgame", None, None, headers)
    };
    // Nothing asked, or nothing chuhan speaks, or a header that cannot be read: English.
    for headers in [&[][..], &[("accept-language", "fr-FR, de;q=0.5")], &[("accept-language", "ko;q=abc")]] {
        let a = get(headers).await;
        assert_eq!(a.status, 404);
        assert_eq!(a.body["code"], "not_found");
        assert_eq!(a.body["error"], "no game \"nosuchgame\"", "{headers:?}");
    }
    let a = get(&[("accept-language", "ko-KR,ko;q=0.9,en;q=0.5")]).await;
    assert_eq!(a.status, 404);
    assert_eq!(a.body["code"], "not_found");
    assert_eq!(a.body["error"], "“nosuchgame” 대국이 없습니다");
    // The cookie wins over the header; an unknown cookie is passed over.
    let a = get(&[("accept-language", "ko"), ("cookie", "lang=zh-Hant")]).await;
    assert_eq!(a.body["error"], "沒有對局「nosuchgame」");
    let a = get(&[("accept-language", "vi"), ("cookie", "lang=%%%")]).await;
    assert_eq!(a.body["error"], "không có ván cờ “nosuchgame”");
    // An error without a message of its own: its code's words, the code the same.
    let body = serde_json::json!({ "variant": "xiangqi", "mode": "friend", "level": 99 });
    let a = request(addr, Method::POST, "/api/games", Some(body.clone()), None, &[("accept-language", "zh-CN")]).await;
    assert_eq!(a.status, 400);
    assert_eq!(a.body["code"], "bad_request");
    assert_eq!(a.body["error"], "请求无效");
    let english = request(addr, Method::POST, "/api/games", Some(body), None, &[]).await;
    assert_eq!(english.body["code"], "bad_request");
    assert_ne!(english.body["error"], "请求无效");
    assert!(english.body["error"].as_str().unwrap().is_ascii(), "{}", english.body);
    // A name as a value.
    let a = request(addr, Method::GET, "/api/players/nobody", None, None, &[("accept-language", "ko")]).await;
    assert_eq!(a.status, 404);
    assert_eq!(a.body["code"], "no_player");
    assert_eq!(a.body["error"], "“nobody” 선수가 없습니다");
}

/// A typed move that does not read: why, in the request's language (an answer, not an error).
#[tokio::test]
async fn a_typed_moves_problem_is_worded_in_the_requests_language() {
    let dir = tempfile::tempdir().unwrap();
    let (addr, _server) = server(dir.path()).await;
    let start = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";
    let read = |text: &'static str, headers: &'static [(&'static str, &'static str)]| {
        let body = serde_json::json!({ "fen": start, "text": text });
        request(addr, Method::POST, "/api/read-move", Some(body), None, headers)
    };
    let a = read("炮二进九", &[]).await;
    assert_eq!(a.status, 200);
    assert_eq!(a.body["problem"], "炮二进九: no legal move fits");
    let a = read("炮二进九", &[("accept-language", "zh-CN")]).await;
    assert_eq!(a.body["problem"], "炮二进九：没有相符的合法着法");
    let a = read("zzz", &[("cookie", "lang=ko")]).await;
    assert_eq!(a.body["problem"], "zzz: 샹치의 어느 기보법으로도 읽을 수 없는 수입니다");
    let a = read(" ", &[("accept-language", "vi")]).await;
    assert_eq!(a.body["problem"], "hãy gõ một nước đi, ví dụ P2-5, 炮二平五, h2-e2 hoặc h2e2");
    // A move that reads is the same in every language.
    let a = read("C2.5", &[("accept-language", "zh-TW")]).await;
    assert_eq!(a.body["move"], "h2e2");
}

/// A refusal on a game's WebSocket: in the language of the upgrade request (English as before).
#[tokio::test]
async fn a_refusal_on_the_websocket_is_worded_in_the_players_language() {
    use futures_util::{SinkExt, StreamExt};
    use tokio_tungstenite::tungstenite::Message;
    let dir = tempfile::tempdir().unwrap();
    let (addr, _server) = server(dir.path()).await;
    let body = serde_json::json!({ "variant": "xiangqi", "mode": "friend" });
    let created = request(addr, Method::POST, "/api/games", Some(body), None, &[]).await;
    let id = created.body["id"].as_str().unwrap().to_string();
    let token = created.body["token"].as_str().unwrap().to_string();
    let refusal = |lang: Option<&'static str>, frame: serde_json::Value| {
        let (id, token) = (id.clone(), token.clone());
        async move {
            let mut req = common::seat_request(format!("ws://{addr}/api/games/{id}/ws"), Some(&token));
            if let Some(lang) = lang {
                req.headers_mut().insert("accept-language", lang.parse().unwrap());
            }
            let (mut ws, _) = tokio_tungstenite::connect_async(req).await.unwrap();
            ws.send(Message::Text(frame.to_string().into())).await.unwrap();
            loop {
                let msg = tokio::time::timeout(std::time::Duration::from_secs(5), ws.next()).await.unwrap();
                let Message::Text(t) = msg.unwrap().unwrap() else { continue };
                let v: serde_json::Value = serde_json::from_str(&t).unwrap();
                if v["type"] == "error" {
                    return v["message"].as_str().unwrap().to_string();
                }
            }
        }
    };
    let pass = serde_json::json!({ "type": "pass" });
    assert_eq!(refusal(None, pass.clone()).await, "only janggi allows passing");
    assert_eq!(refusal(Some("ko-KR"), pass.clone()).await, "한수쉼은 장기에서만 됩니다");
    assert_eq!(refusal(Some("zh-CN"), pass).await, "只有韩国象棋可以停着");
    // A takeback before any move: there is nothing to take back.
    let takeback = serde_json::json!({ "type": "takeback" });
    assert_eq!(refusal(Some("vi"), takeback.clone()).await, "bạn chưa có nước nào để đi lại");
    assert_eq!(refusal(None, takeback).await, "there is no move of yours to take back");
}

/// The position editor's problems: in the request's language (English: the strict reader's).
#[tokio::test]
async fn the_position_editors_problems_are_worded_in_the_requests_language() {
    let dir = tempfile::tempdir().unwrap();
    let (addr, _server) = server(dir.path()).await;
    let check = |fen: &'static str, headers: &'static [(&'static str, &'static str)]| {
        let body = serde_json::json!({ "fen": fen, "variant": "xiangqi" });
        request(addr, Method::POST, "/api/position", Some(body), None, headers)
    };
    // Red's general in the corner, outside its palace, and no black general.
    let fen = "9/9/9/9/9/9/9/9/9/K8 w - - 0 1";
    let a = check(fen, &[]).await;
    assert_eq!(a.status, 200);
    assert_eq!(a.body["ok"], false);
    let english = a.body["problem"].as_str().unwrap();
    assert!(english.starts_with("fen: ") && english.contains("outside its palace"), "{english}");
    let a = check(fen, &[("accept-language", "zh-CN")]).await;
    assert_eq!(a.body["problem"], "红方的帅在 a0，出了九宫；黑方没有将", "{}", a.body);
    let a = check(fen, &[("cookie", "lang=ko")]).await;
    assert_eq!(a.body["problem"], "홍 장 (a0): 궁성 밖; 흑: 장 없음", "{}", a.body);
    // A sound position: nothing to say, in any language.
    let start = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";
    let a = check(start, &[("accept-language", "vi")]).await;
    assert_eq!(a.body["ok"], true, "{}", a.body);
}

/// A FEN that does not read, a position whose game is over, a record that does not read: where
/// and why in the request's language, from the rules' and the readers' typed errors.
#[tokio::test]
async fn fens_and_records_are_worded_in_the_requests_language() {
    let dir = tempfile::tempdir().unwrap();
    let (addr, _server) = server(dir.path()).await;
    let game = |fen: &'static str, headers: &'static [(&'static str, &'static str)]| {
        let body = serde_json::json!({ "variant": "xiangqi", "mode": "friend", "fen": fen });
        request(addr, Method::POST, "/api/games", Some(body), None, headers)
    };
    // Ten files on the first mover's back rank.
    let wide = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNRR w - - 0 1";
    let a = game(wide, &[]).await;
    assert_eq!((a.status, a.body["code"].as_str()), (400, Some("bad_request")));
    assert_eq!(a.body["error"], "fen: FEN field 1, rank 0: 10 files, expected 9");
    let a = game(wide, &[("accept-language", "zh-CN")]).await;
    assert_eq!((a.status, a.body["code"].as_str()), (400, Some("bad_request")));
    assert_eq!(a.body["error"], "FEN 第 1 段，第 0 行：有 10 列，应为 9 列");
    let a = game(wide, &[("cookie", "lang=vi")]).await;
    assert_eq!(a.body["error"], "FEN, trường 1, hàng 0: có 10 cột, cần 9 cột");
    // Black is mated: no game to play from here, and the ruling says why.
    let mated = "3k5/3R5/3R5/9/9/9/9/9/9/4K4 b - - 0 1";
    let a = game(mated, &[]).await;
    assert_eq!((a.status, a.body["code"].as_str()), (400, Some("game_over")), "{}", a.body);
    assert!(a.body["error"].as_str().unwrap().starts_with("fen: the game is already over"), "{}", a.body);
    let a = game(mated, &[("accept-language", "zh-TW")]).await;
    assert_eq!(a.body["code"], "game_over");
    let text = a.body["error"].as_str().unwrap();
    assert!(text.starts_with("這個局面棋局已經結束（紅方勝"), "{text}");
    // The position editor: a FEN it cannot read at all, in the reader's language.
    let body = serde_json::json!({ "fen": wide, "variant": "xiangqi" });
    let a = request(addr, Method::POST, "/api/position", Some(body), None, &[("accept-language", "ko")]).await;
    assert_eq!(a.body["ok"], false);
    assert_eq!(a.body["problem"], "FEN 1번째 항목, 0번 가로줄: 세로줄이 10개입니다 (9개여야 합니다)");
    // Records.
    let record = |body: &'static [u8], headers: &'static [(&'static str, &'static str)]| async move {
        let r = reqwest::Client::new()
            .post(format!("http://{addr}/api/records"))
            .headers(headers.iter().map(|(k, v)| (k.parse().unwrap(), v.parse().unwrap())).collect())
            .body(body)
            .send()
            .await
            .unwrap();
        (r.status().as_u16(), r.json::<serde_json::Value>().await.unwrap())
    };
    let (status, body) = record(b"", &[("accept-language", "vi")]).await;
    assert_eq!((status, body["error"].as_str()), (400, Some("biên bản trống")));
    // The second move is no move of the position: where and why.
    let pgn: &[u8] = b"[Event \"x\"]\n\n1. C2.5 K5+5 1-0\n";
    let (status, body) = record(pgn, &[]).await;
    assert_eq!(status, 400);
    let english = body["error"].as_str().unwrap();
    assert!(english.starts_with("PGN: game 1, ply 2: move"), "{english}");
    let (_, body) = record(pgn, &[("accept-language", "zh-CN")]).await;
    assert_eq!(body["code"], "bad_request");
    let text = body["error"].as_str().unwrap();
    assert!(text.starts_with("第 1 局，第 2 步：K5+5：没有相符的合法着法"), "{text}");
    let (_, body) = record(b"XQ\x00garbage", &[("accept-language", "ko")]).await;
    assert_eq!(body["error"], "이 XQF 기보를 읽을 수 없습니다: 파일이 손상되었거나 XQF 형식이 아닙니다");
}
