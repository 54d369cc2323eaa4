# 웹 서버의 응답: HTTP 오류 JSON의 error 문구 (code는 그대로). en/server.ftl 참고.

## By code

code-bad_request = 잘못된 요청입니다
code-forbidden = 허용되지 않습니다
code-not_found = 찾을 수 없습니다
code-conflict = 지금 대국 상태에서는 할 수 없습니다
code-too_large = 요청이 너무 큽니다
code-too_many_requests = 요청이 너무 많습니다. 잠시 후 다시 시도하세요
code-engine_failed = 엔진에 오류가 났습니다
code-busy = 서버가 바쁩니다. 잠시 후 다시 시도하세요
code-wrong_host = 이 서버는 그 주소에 응답하지 않습니다
code-internal = 서버에 오류가 났습니다. 잠시 후 다시 시도하세요
code-error = 문제가 생겼습니다
code-account_locked = 이 계정의 로그인 실패가 너무 많습니다. 잠시 후 다시 시도하세요
code-bad_name = 이 이름은 쓸 수 없습니다
code-bad_password = 이 비밀번호는 쓸 수 없습니다
code-bad_rating = 레이팅이 올바르지 않습니다
code-bad_theme = 그런 주제는 없습니다
code-engine_busy = 엔진이 바쁩니다. 1분 후 다시 시도하거나 친구와 두세요
code-game_not_over = 대국이 아직 끝나지 않았습니다
code-game_over = 대국이 이미 끝났습니다
code-game_too_long = 대국이 너무 길어 이 서버에서 보여 줄 수 없습니다
code-login_required = 먼저 로그인하거나 가입하세요
code-name_registered = 등록된 선수의 이름입니다. 로그인해서 쓰세요
code-name_taken = 이미 쓰이는 이름입니다
code-no_player = 그런 선수는 없습니다
code-no_puzzle = 그런 문제는 없습니다
code-not_logged_in = 로그인하지 않았습니다
code-review_pending = 진행 중인 복기 분석이 끝날 때까지 기다리세요
code-review_queue_full = 기다리는 복기 분석이 너무 많습니다. 몇 분 후 다시 시도하세요
code-too_long = 너무 깁니다
code-too_many_attempts = 시도가 너무 많습니다. 잠시 후 다시 시도하세요
code-wrong_password = 이름이나 비밀번호가 틀렸습니다

## With values

no-game = “{ $id }” 대국이 없습니다
no-player = “{ $name }” 선수가 없습니다
internal = 서버에 오류가 났습니다(기록 번호 { $reference }). 잠시 후 다시 시도하세요
engine-busy = 엔진이 대국 { $games }판을 동시에 두고 있습니다. 1분 후 다시 시도하거나 친구와 두세요
review-too-long = 복기 분석은 최대 { $limit }수까지입니다
review-pending = 복기 분석은 한 번에 최대 { $limit }개입니다. 진행 중인 분석이 끝날 때까지 기다리세요
name-taken = { $name } 이름은 이미 쓰이고 있습니다
name-registered = { $name }은(는) 등록된 선수의 이름입니다. 로그인해서 { $name }(으)로 두세요
account-locked = { $name } 계정의 로그인 실패가 너무 많습니다. { $minutes }분 후 다시 시도하세요
login-attempts = 이 주소에서 실패한 시도가 너무 많습니다({ $window }분 동안 { $failures }번). { $minutes }분 후 다시 시도하세요
puzzle-attempts = 이 주소에서 문제 풀이 시도가 너무 많습니다(1분에 최대 { $limit }번). { $seconds }초 후 다시 시도하세요

## 수 입력

read-move-empty = 수를 입력하세요. 예: 79졸78, 炮二平五, h2-e2, h2e2
read-move-bikjang = { $problem }: 빅장입니다. 빅장을 푸는 수를 두거나 한수쉼을 하세요

## 대국 연결에서의 거절

ws-not-understood = 알 수 없는 메시지입니다
ws-watching = 관전 중입니다: 대국자만 할 수 있습니다
ws-no-passing = 한수쉼은 장기에서만 됩니다
ws-too-many = 메시지가 너무 많습니다: 1초에 { $limit }개까지
ws-binary = 바이너리 프레임은 읽을 수 없습니다: JSON 텍스트를 보내세요
room-over = 대국이 이미 끝났습니다
room-not-your-turn = 지금은 { $side } 차례입니다
room-illegal = { $move }: 여기서 둘 수 없는 수입니다
room-time-up = 시간이 다 되었습니다
room-not-saved = 서버가 저장하지 못해 아무것도 하지 않았습니다: 다시 해 보세요
room-behind = 그사이 대국이 바뀌었습니다: 아무것도 하지 않았으니 다시 보세요
room-engine-declines-draws = 엔진은 계속 둡니다: 무승부 제안을 받지 않습니다
room-draw-already-offered = 이미 무승부를 제안했습니다
room-takeback-already-asked = 이미 무르기를 요청했습니다
room-formation-fixed = 상차림이 정해졌습니다: 이미 수를 두었거나 따로 정한 국면에서 시작한 대국입니다
room-nothing-to-take-back = 무를 수가 없습니다
room-nothing-to-decline = 상대가 제안한 것이 없습니다
talk-engine-chat = 엔진과의 대국에는 채팅이 없습니다
talk-engine-rematch = 엔진과의 대국에는 재대국이 없습니다
talk-anonymous = 관전자는 로그인해야 채팅할 수 있습니다
talk-empty = 먼저 내용을 입력하세요
talk-too-long = 한 줄에 { $limit }자까지입니다 ({ $given }자 입력)
talk-control = 채팅에는 제어 문자를 쓸 수 없습니다
talk-too-fast = 1초에 한 줄만 보내 주세요
talk-not-over = 대국이 아직 진행 중입니다: 재대국은 끝난 뒤에 합니다
talk-no-opponent = 이 대국에는 대국자가 한 명뿐이었습니다

## Another engine that failed loses the game ($verdict: who won; $loser: the side)

engine-forfeit = { $verdict }: { $loser } 엔진 고장

## 국면(FEN)과 분석판으로 가져온 기보. $problem, $what, $ruling: 이미 옮긴 문장; $game, $ply: 숫자;
## $text, $fen: 쓰인 그대로(따옴표 안); $format: 기보 형식 이름(PGN, XQF…); $move: 좌표로 쓴 수.

fen-too-long = FEN이 너무 깁니다
fen-composed = { $problem } (묘수풀이 국면인가요? "relaxed": true를 보내세요)
fen-game-over = 이 국면에서는 대국이 이미 끝났습니다 ({ $ruling })
record-empty = 기보가 비어 있습니다
upload-empty = 올린 파일이 비어 있습니다
record-at-ply = { $game }번째 대국, { $ply }수째: { $what }
record-at-game = { $game }번째 대국: { $what }
record-at-move = { $ply }수째: { $what }
record-in-variation = { $what } (변화수 안)
record-illegal = { $move }: 둘 수 없는 수입니다
record-too-deep = 변화수가 { $depth }단계보다 깊이 겹쳐 있습니다
record-unreadable = 이 { $format } 기보를 읽을 수 없습니다: 파일이 손상되었거나 { $format } 형식이 아닙니다
record-fen = FEN 태그 { $fen }: { $problem }
record-variant = Variant 태그 { $text }: xiangqi 또는 janggi여야 합니다
record-no-notation = 수 { $text }: 이 대국의 첫 수들을 읽는 기보법이 없습니다
record-unbalanced-close = 닫을 변화수가 없는데 ')'가 있습니다
record-variation-without-move = 첫 수보다 먼저 나온 변화수
record-unterminated-comment = 닫히지 않은 주석
record-bad-tag = 잘못된 태그 { $text }
record-too-long = 대국이 { $mib } MiB보다 깁니다 (한 대국의 최대 크기)
record-no-game = 대국을 찾지 못했습니다: PGN, DhtmlXQ, XQF, CBR, CBL, CBF 중 하나여야 합니다
import-start = 시작 국면: { $problem }
import-too-long = { $plies }수: 저장하는 가장 긴 대국({ $max }수)보다 깁니다
import-unreadable = 파일을 읽을 수 없습니다
