# Phán quyết: ván cờ kết thúc thế nào (Tiếng Việt). Tham số: xem en/rules.ftl.
# Thuật ngữ: docs/glossary-vi.md — chiếu hết, chiếu mãi (trường chiếu), đuổi bắt mãi (trường tróc), hết nước đi.

side-name = { $variant ->
    [janggi] { $side ->
        [first] Sở
       *[second] Hán
    }
   *[xiangqi] { $side ->
        [first] Đỏ
       *[second] Đen
    }
}

piece-name = { $role ->
    [general] Tướng
    [advisor] Sĩ
    [elephant] Tượng
    [horse] Mã
    [chariot] Xe
    [cannon] Pháo
   *[soldier] Tốt
}

verdict-win = { $winner } thắng
verdict-draw = Hòa

ruling = { $verdict }: { $reason }{ $span }{ $counting }
span-one = { " " }(nước { $first })
span-range = { " " }(nước { $first }–{ $last })
counting = ; tính điểm Sở { $cho }, Hán { $han }

times-words = { $times ->
    [2] hai
    [3] ba
    [4] bốn
   *[other] { $times }
} lần

reason-checkmate = { $loser } bị chiếu hết
reason-stalemate = { $loser } hết nước đi
reason-resignation = { $loser } xin thua
reason-agreement = hai bên thỏa thuận hòa
reason-time = { $loser } hết giờ
reason-perpetual-check = { $loser } chiếu mãi (trường chiếu), lặp lại thế cờ { times-words }
reason-perpetual-chase = { $loser } đuổi bắt mãi một quân (trường tróc), lặp lại thế cờ { times-words }
reason-perpetual-chase-named = { $loser } đuổi bắt mãi (trường tróc): { $chase }, lặp lại thế cờ { times-words }
reason-perpetual-mate-threat = { $loser } dọa chiếu hết mãi (trường sát), lặp lại thế cờ { times-words }
reason-mutual-perpetual-check = cả hai bên cùng chiếu mãi, thế cờ lặp lại { times-words }
reason-mutual-perpetual-chase = cả hai bên cùng đuổi bắt mãi, thế cờ lặp lại { times-words }
reason-mutual-perpetual-chase-named = cả hai bên cùng đuổi bắt mãi, thế cờ lặp lại { times-words }: { $first-name } { $first-chase }, { $second-name } { $second-chase }
reason-mutual-perpetual-mate-threat = cả hai bên cùng dọa chiếu hết mãi, thế cờ lặp lại { times-words }
reason-repetition = thế cờ lặp lại { times-words }
reason-move-limit = { $moves } nước liền không bên nào ăn quân
reason-dead-position = không bên nào còn quân có thể chiếu tướng
reason-double-pass = cả hai bên liên tiếp bỏ lượt
reason-bikjang = hai tướng đối mặt nhau
reason-three-checks = cùng một quân chiếu tướng ba lần liên tiếp

chase = { $chasers ->
    [1] { $chaser }
   *[other] { $same-kind ->
        [yes] { $chasers ->
            [2] hai
           *[other] { $chasers }
        } { $chaser }
       *[no] { $chasers } quân
    }
} đuổi bắt { $target }{ $unprotected ->
    [yes] { " " }không được bảo vệ
   *[no] {""}
} ở { $square }

## Nước đi gõ vào không đọc được ($reason chỉ có tiếng Anh nên không dùng)

move-unreadable = { $text }: cách ghi này không đọc được nước đi đó
move-illegal = { $text }: không có nước đi hợp lệ nào khớp
move-ambiguous = { $text }: khớp với hơn một nước đi hợp lệ ({ $moves })
move-no-notation = { $text }: không phải nước đi theo cách ghi nào của { $variant ->
    [janggi] cờ tướng Hàn Quốc
   *[xiangqi] cờ tướng
}

## Cách xếp không thành thế cờ (trình soạn thế cờ)

setup-no-general = { $side } không có { $general }
setup-too-many-of-role = { $side } có { $count } quân { $piece }, bộ cờ chỉ có { $limit }
setup-too-many-pieces = { $side } có { $count } quân, tối đa 16
setup-outside-palace = { $piece } { $side } ở { $square } nằm ngoài cung
setup-unreachable = { $piece } { $side } ở { $square }: vị trí không bao giờ tới được
setup-generals-face = hai tướng đối mặt trên cột { $file }, ở giữa không có quân nào
setup-opposite-check = { $side } đang bị chiếu nhưng không đến lượt { $side }

## FEN không đọc được (trình xếp thế cờ, ván bắt đầu từ một thế). $field: trường thứ mấy của FEN
## (1 là bàn cờ, đến 6; 7 là trường thừa); $rank: hàng của bàn cờ (0–9, tính từ bên đi trước);
## $what: sai ở đâu.

fen-at-field = FEN, trường { $field }: { $what }
fen-at-rank = FEN, trường { $field }, hàng { $rank }: { $what }
fen-empty = FEN trống
fen-rank-count = có { $count } hàng, cần 10 hàng
fen-file-count = có { $count } cột, cần 9 cột
fen-bad-char = ký tự lạ { $char }: cần chữ cái của quân (KABNRCP, cả H và E) hoặc chữ số 1–9
fen-bad-side = bên đi { $text }: cần w, r hoặc b
fen-expected-dash = { $text }: cần -
fen-bad-number = { $text }: cần một số
fen-extra-field = trường thừa { $text }
