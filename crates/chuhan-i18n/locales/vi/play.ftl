# `chuhan play`: màn hình và dòng trạng thái của ván cờ trên terminal (Tiếng Việt).

keys = ^F lật ^H gợi ý ^U đi lại ^D hòa ^R thua ^P bỏ lượt ^S lưu ^Q thoát
welcome-xiangqi = Nhập nước (P2-5, C2.5, h2e2) hay chọn bằng mũi tên và phím cách
welcome-janggi = Nhập nước (79卒78, i3h3) hay chọn bằng mũi tên và phím cách; ^P bỏ lượt
setup-choose = Chọn thế bày quân: ↑/↓ và Enter
setup-for = Thế bày quân của { $side }:
setup-done = { $cho }: { $cho-setup }, { $han }: { $han-setup }. { $welcome }
formation = { $formation ->
    [outer] Tượng ngoài
    [inner] Tượng trong
    [left] Tượng trái
    [right] Tượng phải
    [mobile] Xe cơ động
   *[other] { $formation }
}
player-engine = máy (cấp { $level })
player-you = bạn
clock-cxa = { $left } (nước này { $move-left }, còn { $spare } lần quá giờ)
clock-byoyomi = { $left } (còn { $spare } lần đọc giây)
played = { $side } đi { $move }
not-legal-here = { $move }: nước đi không hợp lệ ở đây
cannot-go = { $from } không thể đi đến { $to }
not-your-piece = Đó không phải quân của bạn
no-piece-there = Không có quân ở đó
wait-for-engine = Hãy chờ máy đi
nothing-to-take-back = Không có nước nào để đi lại
took-back = Đã đi lại { $plies } nước
game-over = { $ruling } — ^U đi lại, ^S lưu, ^Q thoát
engine-thinking = Máy đang suy nghĩ…
hint = Gợi ý: { $move } ({ $score })
no-hint = Không có nước nào để gợi ý
draw-agreed = Hai bên đồng ý hòa
engine-accepts-draw = Máy đồng ý hòa
engine-declines-draw = Máy từ chối hòa
no-pass = Không được bỏ lượt ở đây
save-elsewhere = Việc lưu do giao diện terminal làm
saved = Đã lưu vào { $files }
save-failed = Không lưu được: { $error }
forfeit = { $side } thua: { $why }
