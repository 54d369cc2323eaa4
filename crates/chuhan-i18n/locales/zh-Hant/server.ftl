# 網頁伺服器的回答：HTTP 錯誤 JSON 中的 error 文字（code 不變）。見 en/server.ftl。

## By code

code-bad_request = 請求無效
code-forbidden = 不允許這樣做
code-not_found = 找不到
code-conflict = 對局目前的狀態不允許這樣做
code-too_large = 請求太大
code-too_many_requests = 請求太多，請稍後再試
code-engine_failed = 引擎出錯
code-busy = 伺服器繁忙，請稍後再試
code-wrong_host = 本伺服器不回應這個位址
code-internal = 伺服器出錯，請稍後再試
code-error = 出錯了
code-account_locked = 此帳號登入失敗次數太多，請稍後再試
code-bad_name = 這個名字不能使用
code-bad_password = 這個密碼不能使用
code-bad_rating = 等級分無效
code-bad_theme = 沒有這個主題
code-engine_busy = 引擎繁忙：請一分鐘後再試，或與朋友對弈
code-game_not_over = 對局尚未結束
code-game_over = 對局已經結束
code-game_too_long = 對局太長，本伺服器無法顯示
code-login_required = 請先登入或註冊
code-name_registered = 這是註冊棋手的名字：請登入後使用
code-name_taken = 這個名字已被佔用
code-no_player = 沒有這位棋手
code-no_puzzle = 沒有這道題
code-not_logged_in = 你尚未登入
code-review_pending = 請等你的覆盤分析結束
code-review_queue_full = 等待中的覆盤分析太多，請過幾分鐘再試
code-too_long = 太長
code-too_many_attempts = 嘗試次數太多，請稍後再試
code-wrong_password = 名字或密碼錯誤

## With values

no-game = 沒有對局「{ $id }」
no-player = 沒有棋手「{ $name }」
internal = 伺服器出錯（日誌編號 { $reference }），請稍後再試
engine-busy = 引擎正同時下 { $games } 盤棋：請一分鐘後再試，或與朋友對弈
review-too-long = 覆盤分析最多 { $limit } 步
review-pending = 同時最多 { $limit } 個覆盤分析：請等你的結束
name-taken = 名字 { $name } 已被佔用
name-registered = { $name } 是註冊棋手的名字：請登入後以 { $name } 下棋
account-locked = { $name } 登入失敗次數太多：請 { $minutes } 分鐘後再試
login-attempts = 你的位址嘗試失敗次數太多（{ $window } 分鐘內 { $failures } 次）：請 { $minutes } 分鐘後再試
puzzle-attempts = 你的位址解題嘗試太多（每分鐘最多 { $limit } 次）：請 { $seconds } 秒後再試

## 輸入的著法

read-move-empty = 請輸入著法，例如 炮二平五、C2=5、h2-e2 或 h2e2
read-move-bikjang = { $problem }；兩將照面，著法必須解開照面，或者停著

## 對局連線上的拒絕

ws-not-understood = 無法理解的訊息
ws-watching = 你在觀戰：只有對局雙方可以這樣做
ws-no-passing = 只有韓國象棋可以停著
ws-too-many = 訊息太多：每秒最多 { $limit } 則
ws-binary = 無法理解二進位框：請傳送 JSON 文字
room-over = 對局已經結束
room-not-your-turn = 現在輪到{ $side }，不是你
room-illegal = { $move } 在這裡不是合法著法
room-time-up = 你的時間已用完
room-not-saved = 伺服器未能儲存，所以什麼也沒做：請再試一次
room-behind = 對局剛剛有了變化：什麼也沒做，請再看一下
room-engine-declines-draws = 引擎繼續下：它不接受提和
room-draw-already-offered = 你已經提和了
room-takeback-already-asked = 你已經請求悔棋了
room-formation-fixed = 陣形已定：已經走過棋，或對局從自訂局面開始
room-nothing-to-take-back = 你還沒有可悔的著法
room-nothing-to-decline = 對方沒有提出可以拒絕的請求
talk-engine-chat = 與引擎的對局沒有聊天
talk-engine-rematch = 與引擎的對局沒有再來一局
talk-anonymous = 觀戰者請登入後聊天
talk-empty = 請先輸入內容
talk-too-long = 每行最多 { $limit } 個字元（現有 { $given } 個）
talk-control = 聊天中不能有控制字元
talk-too-fast = 請每秒最多發一行
talk-not-over = 對局還在進行：結束後才能再來一局
talk-no-opponent = 這局只有一位棋手

## Another engine that failed loses the game ($verdict: who won; $loser: the side)

engine-forfeit = { $verdict }：{ $loser }的引擎出了故障

## 局面（FEN）與帶到分析棋盤的棋譜。$problem、$what、$ruling：已譯好的句子；$game、$ply：數字；
## $text、$fen：原文（帶引號）；$format：棋譜格式名（PGN、XQF…）；$move：座標著法。

fen-too-long = FEN 太長
fen-composed = { $problem }（是排局嗎？請傳送 "relaxed": true）
fen-game-over = 這個局面棋局已經結束（{ $ruling }）
record-empty = 棋譜是空的
upload-empty = 上傳的檔案是空的
record-at-ply = 第 { $game } 局，第 { $ply } 步：{ $what }
record-at-game = 第 { $game } 局：{ $what }
record-at-move = 第 { $ply } 步：{ $what }
record-in-variation = { $what }（在變著中）
record-illegal = { $move } 不是合法著法
record-too-deep = 變著巢狀超過 { $depth } 層
record-unreadable = 讀不出這份 { $format } 棋譜：檔案已損壞，或不是 { $format }
record-fen = FEN 標籤 { $fen }：{ $problem }
record-variant = Variant 標籤 { $text }：應為 xiangqi 或 janggi
record-no-notation = 著法 { $text }：沒有一種記譜法讀得出這局的開頭幾步
record-unbalanced-close = 有「)」卻沒有要結束的變著
record-variation-without-move = 變著出現在任何著法之前
record-unterminated-comment = 註解沒有結束
record-bad-tag = 標籤格式不對：{ $text }
record-too-long = 這局超過 { $mib } MiB，一局最多這麼長
record-no-game = 沒有找到棋局：應為 PGN、DhtmlXQ、XQF、CBR、CBL 或 CBF
import-start = 開局局面：{ $problem }
import-too-long = { $plies } 步，超過所存棋局的最大長度（{ $max } 步）
import-unreadable = 讀不出這個檔案
