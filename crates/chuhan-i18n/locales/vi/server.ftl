# Câu trả lời của máy chủ web: chữ "error" trong JSON của lỗi HTTP ("code" giữ nguyên). Xem en/server.ftl.

## By code

code-bad_request = yêu cầu không hợp lệ
code-forbidden = không được phép làm vậy
code-not_found = không tìm thấy
code-conflict = trạng thái hiện tại của ván cờ không cho phép làm vậy
code-too_large = yêu cầu quá lớn
code-too_many_requests = quá nhiều yêu cầu: hãy thử lại sau
code-engine_failed = máy chơi cờ bị lỗi
code-busy = máy chủ đang bận: hãy thử lại sau
code-wrong_host = máy chủ này không trả lời cho địa chỉ đó
code-internal = máy chủ bị lỗi; hãy thử lại sau
code-error = đã có lỗi xảy ra
code-account_locked = tài khoản này đăng nhập sai quá nhiều lần: hãy thử lại sau
code-bad_name = không thể dùng tên này
code-bad_password = không thể dùng mật khẩu này
code-bad_rating = hệ số không hợp lệ
code-bad_theme = không có chủ đề này
code-engine_busy = máy chơi cờ đang bận: hãy thử lại sau một phút, hoặc chơi với bạn
code-game_not_over = ván cờ chưa kết thúc
code-game_over = ván cờ đã kết thúc
code-game_too_long = ván cờ quá dài để máy chủ này hiển thị
code-login_required = hãy đăng nhập hoặc đăng ký trước
code-name_registered = đây là tên của một người chơi đã đăng ký: hãy đăng nhập để dùng tên này
code-name_taken = tên này đã có người dùng
code-no_player = không có người chơi này
code-no_puzzle = không có bài tập này
code-not_logged_in = bạn chưa đăng nhập
code-review_pending = hãy chờ các lượt phân tích của bạn xong
code-review_queue_full = quá nhiều lượt phân tích đang chờ: hãy thử lại sau vài phút
code-too_long = quá dài
code-too_many_attempts = thử quá nhiều lần: hãy thử lại sau
code-wrong_password = sai tên hoặc mật khẩu

## With values

no-game = không có ván cờ “{ $id }”
no-player = không có người chơi “{ $name }”
internal = máy chủ bị lỗi (ghi lại với mã { $reference }); hãy thử lại sau
engine-busy = máy chơi cờ đang chơi { $games } ván cùng lúc: hãy thử lại sau một phút, hoặc chơi với bạn
review-too-long = mỗi lượt phân tích tối đa { $limit } nước
review-pending = tối đa { $limit } lượt phân tích cùng lúc: hãy chờ lượt của bạn xong
name-taken = tên { $name } đã có người dùng
name-registered = { $name } là tên của một người chơi đã đăng ký: hãy đăng nhập để chơi với tên { $name }
account-locked = { $name } đăng nhập sai quá nhiều lần: hãy thử lại sau { $minutes } phút
login-attempts = địa chỉ của bạn thử sai quá nhiều lần ({ $failures } lần trong { $window } phút): hãy thử lại sau { $minutes } phút
puzzle-attempts = địa chỉ của bạn thử giải bài quá nhiều lần (tối đa { $limit } lần một phút): hãy thử lại sau { $seconds } giây

## Nước đi gõ vào

read-move-empty = hãy gõ một nước đi, ví dụ P2-5, 炮二平五, h2-e2 hoặc h2e2
read-move-bikjang = { $problem }: hai tướng đối mặt (bikjang), nước đi phải phá thế đó, hoặc bỏ lượt

## Lời từ chối trên kết nối ván cờ

ws-not-understood = không hiểu tin nhắn
ws-watching = bạn đang xem: chỉ người chơi mới làm được việc đó
ws-no-passing = chỉ cờ tướng Hàn Quốc mới được bỏ lượt
ws-too-many = quá nhiều tin nhắn: tối đa { $limit } tin mỗi giây
ws-binary = không đọc được khung nhị phân: hãy gửi văn bản JSON
room-over = ván cờ đã kết thúc
room-not-your-turn = đang đến lượt { $side }, không phải bạn
room-illegal = { $move } không phải nước đi hợp lệ ở đây
room-time-up = bạn đã hết giờ
room-not-saved = máy chủ không lưu được nên chưa làm gì cả: hãy thử lại
room-behind = ván cờ vừa thay đổi: chưa làm gì cả, hãy xem lại
room-engine-declines-draws = máy tiếp tục chơi: máy không nhận lời cầu hòa
room-draw-already-offered = bạn đã cầu hòa rồi
room-takeback-already-asked = bạn đã xin đi lại rồi
room-formation-fixed = thế trận đã cố định: đã có nước đi, hoặc ván cờ bắt đầu từ một thế riêng
room-nothing-to-take-back = bạn chưa có nước nào để đi lại
room-nothing-to-decline = đối thủ không đề nghị gì để từ chối
talk-engine-chat = ván đấu với máy không có trò chuyện
talk-engine-rematch = ván đấu với máy không có đấu lại
talk-anonymous = người xem hãy đăng nhập để trò chuyện
talk-empty = hãy viết gì đó trước
talk-too-long = tối đa { $limit } ký tự một dòng (đã viết { $given })
talk-control = không được dùng ký tự điều khiển khi trò chuyện
talk-too-fast = mỗi giây một dòng thôi nhé
talk-not-over = ván cờ vẫn đang diễn ra: đấu lại sau khi kết thúc
talk-no-opponent = ván này chỉ có một người chơi

## Another engine that failed loses the game ($verdict: who won; $loser: the side)

engine-forfeit = { $verdict }: máy của { $loser } gặp sự cố

## Thế cờ (FEN) và biên bản đưa lên bàn phân tích. $problem, $what, $ruling: câu đã dịch;
## $game, $ply: số; $text, $fen: nguyên văn (trong ngoặc kép); $format: tên định dạng (PGN, XQF…);
## $move: nước đi theo tọa độ.

fen-too-long = FEN quá dài
fen-composed = { $problem } (thế cờ bày? hãy gửi "relaxed": true)
fen-game-over = ván cờ ở thế này đã kết thúc ({ $ruling })
record-empty = biên bản trống
upload-empty = tệp tải lên trống
record-at-ply = ván { $game }, nước thứ { $ply }: { $what }
record-at-game = ván { $game }: { $what }
record-at-move = nước thứ { $ply }: { $what }
record-in-variation = { $what } (trong một biến)
record-illegal = { $move } không phải nước đi hợp lệ
record-too-deep = các biến lồng nhau sâu hơn { $depth } tầng
record-unreadable = không đọc được biên bản { $format } này: tệp bị hỏng, hoặc không phải { $format }
record-fen = thẻ FEN { $fen }: { $problem }
record-variant = thẻ Variant { $text }: cần xiangqi hoặc janggi
record-no-notation = nước { $text }: không cách ghi nào đọc được các nước đầu của ván này
record-unbalanced-close = có ')' mà không có biến nào để đóng
record-variation-without-move = một biến đứng trước mọi nước đi
record-unterminated-comment = một lời bình không bao giờ đóng
record-bad-tag = thẻ sai { $text }
record-too-long = ván dài hơn { $mib } MiB, mức tối đa của một ván
record-no-game = không tìm thấy ván nào: cần PGN, DhtmlXQ, XQF, CBR, CBL hoặc CBF
import-start = thế cờ ban đầu: { $problem }
import-too-long = { $plies } nước, dài hơn ván dài nhất được lưu ({ $max } nước)
import-unreadable = không đọc được tệp
