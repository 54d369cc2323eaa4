# 裁決：對局如何結束（繁體中文）。參數見 en/rules.ftl。
# 術語見 docs/glossary-zh.md：長將、長捉、長殺、將死、困斃、照面。

side-name = { $variant ->
    [janggi] { $side ->
        [first] 楚
       *[second] 漢
    }
   *[xiangqi] { $side ->
        [first] 紅方
       *[second] 黑方
    }
}

piece-name = { $variant ->
    [janggi] { $role ->
        [general] 將
        [advisor] 士
        [elephant] 象
        [horse] 馬
        [chariot] 車
        [cannon] 包
       *[soldier] { $side ->
            [first] 卒
           *[second] 兵
        }
    }
   *[xiangqi] { $role ->
        [general] { $side ->
            [first] 帥
           *[second] 將
        }
        [advisor] { $side ->
            [first] 仕
           *[second] 士
        }
        [elephant] { $side ->
            [first] 相
           *[second] 象
        }
        [horse] 馬
        [chariot] 車
        [cannon] 炮
       *[soldier] { $side ->
            [first] 兵
           *[second] 卒
        }
    }
}

verdict-win = { $winner }勝
verdict-draw = 和棋

ruling = { $verdict }：{ $reason }{ $span }{ $counting }
span-one = （第{ $first }回合）
span-range = （第{ $first }–{ $last }回合）
counting = ；計點 楚{ $cho }，漢{ $han }

times-words = { $times ->
    [2] 兩
    [3] 三
    [4] 四
   *[other] { $times }
}

reason-checkmate = { $loser }被將死
reason-stalemate = { $loser }困斃（欠行）
reason-resignation = { $loser }認輸
reason-agreement = 雙方議和
reason-time = { $loser }超時
reason-perpetual-check = { $loser }長將
reason-perpetual-chase = { $loser }長捉
reason-perpetual-chase-named = { $loser }長捉（{ $chase }）
reason-perpetual-mate-threat = { $loser }長殺
reason-mutual-perpetual-check = 雙方長將，局面重複{ times-words }次
reason-mutual-perpetual-chase = 雙方長捉，局面重複{ times-words }次
reason-mutual-perpetual-chase-named = 雙方長捉，局面重複{ times-words }次：{ $first-name }{ $first-chase }，{ $second-name }{ $second-chase }
reason-mutual-perpetual-mate-threat = 雙方長殺，局面重複{ times-words }次
reason-repetition = 局面重複{ times-words }次
reason-move-limit = 連續{ $moves }回合未吃子
reason-dead-position = 雙方均無可以將軍的棋子
reason-double-pass = 雙方連續停著
reason-bikjang = 兩將照面
reason-three-checks = 同一枚棋子連續將軍三次

chase = { $chasers ->
    [1] { $chaser }
   *[other] { $same-kind ->
        [yes] { $chasers ->
            [2] 雙
           *[other] { $chasers }個
        }{ $chaser }
       *[no] { $chasers }子
    }
}捉{ $square }的{ $unprotected ->
    [yes] 無根
   *[no] {""}
}{ $target }

## 輸入的著法讀不出（$reason 只有英文，故不用）

move-unreadable = { $text }：這種記譜法讀不出這步棋
move-illegal = { $text }：沒有相符的合法著法
move-ambiguous = { $text }：相符的合法著法不止一個（{ $moves }）
move-no-notation = { $text }：不是{ $variant ->
    [janggi] 韓國象棋
   *[xiangqi] 象棋
}任何一種記譜法的著法

## 不成局面的擺法（局面編輯器）

setup-no-general = { $side }沒有{ $general }
setup-too-many-of-role = { $side }有 { $count } 個{ $piece }，一副棋只有 { $limit } 個
setup-too-many-pieces = { $side }有 { $count } 個棋子，最多 16 個
setup-outside-palace = { $side }的{ $piece }在 { $square }，出了九宮
setup-unreachable = { $side }的{ $piece }在 { $square }：這是它永遠走不到的位置
setup-generals-face = 兩將在 { $file } 路照面，中間沒有棋子
setup-opposite-check = { $side }正被將軍，卻不該{ $side }走

## FEN 讀不出（局面編輯器、從局面開局）。$field：FEN 的第幾段（1 是棋盤，至 6；7 是多出的一段）；
## $rank：棋盤的第幾行（0–9，從先走方數起）；$what：錯在哪裡。

fen-at-field = FEN 第 { $field } 段：{ $what }
fen-at-rank = FEN 第 { $field } 段，第 { $rank } 行：{ $what }
fen-empty = FEN 是空的
fen-rank-count = 有 { $count } 行，應為 10 行
fen-file-count = 有 { $count } 列，應為 9 列
fen-bad-char = 無法識別的字元 { $char }：應為棋子字母（KABNRCP，也可用 H、E）或數字 1–9
fen-bad-side = 走棋方 { $text }：應為 w、r 或 b
fen-expected-dash = { $text }：應為 -
fen-bad-number = { $text }：應為數字
fen-extra-field = 多出的一段 { $text }
