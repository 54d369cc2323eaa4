# 裁决：对局如何结束（简体中文）。参数见 en/rules.ftl。
# 术语见 docs/glossary-zh.md：长将、长捉、长杀、将死、困毙、照面。

side-name = { $variant ->
    [janggi] { $side ->
        [first] 楚
       *[second] 汉
    }
   *[xiangqi] { $side ->
        [first] 红方
       *[second] 黑方
    }
}

piece-name = { $variant ->
    [janggi] { $role ->
        [general] 将
        [advisor] 士
        [elephant] 象
        [horse] 马
        [chariot] 车
        [cannon] 包
       *[soldier] { $side ->
            [first] 卒
           *[second] 兵
        }
    }
   *[xiangqi] { $role ->
        [general] { $side ->
            [first] 帅
           *[second] 将
        }
        [advisor] { $side ->
            [first] 仕
           *[second] 士
        }
        [elephant] { $side ->
            [first] 相
           *[second] 象
        }
        [horse] 马
        [chariot] 车
        [cannon] 炮
       *[soldier] { $side ->
            [first] 兵
           *[second] 卒
        }
    }
}

verdict-win = { $winner }胜
verdict-draw = 和棋

ruling = { $verdict }：{ $reason }{ $span }{ $counting }
span-one = （第{ $first }回合）
span-range = （第{ $first }–{ $last }回合）
counting = ；计点 楚{ $cho }，汉{ $han }

times-words = { $times ->
    [2] 两
    [3] 三
    [4] 四
   *[other] { $times }
}

reason-checkmate = { $loser }被将死
reason-stalemate = { $loser }困毙（无子可走）
reason-resignation = { $loser }认输
reason-agreement = 双方议和
reason-time = { $loser }超时
reason-perpetual-check = { $loser }长将
reason-perpetual-chase = { $loser }长捉
reason-perpetual-chase-named = { $loser }长捉（{ $chase }）
reason-perpetual-mate-threat = { $loser }长杀
reason-mutual-perpetual-check = 双方长将，局面重复{ times-words }次
reason-mutual-perpetual-chase = 双方长捉，局面重复{ times-words }次
reason-mutual-perpetual-chase-named = 双方长捉，局面重复{ times-words }次：{ $first-name }{ $first-chase }，{ $second-name }{ $second-chase }
reason-mutual-perpetual-mate-threat = 双方长杀，局面重复{ times-words }次
reason-repetition = 局面重复{ times-words }次
reason-move-limit = 连续{ $moves }回合未吃子
reason-dead-position = 双方均无可以将军的棋子
reason-double-pass = 双方连续停着
reason-bikjang = 两将照面
reason-three-checks = 同一枚棋子连续将军三次

chase = { $chasers ->
    [1] { $chaser }
   *[other] { $same-kind ->
        [yes] { $chasers ->
            [2] 双
           *[other] { $chasers }个
        }{ $chaser }
       *[no] { $chasers }子
    }
}捉{ $square }的{ $unprotected ->
    [yes] 无根
   *[no] {""}
}{ $target }

## 输入的着法读不出（$reason 只有英文，故不用）

move-unreadable = { $text }：这种记谱法读不出这步棋
move-illegal = { $text }：没有相符的合法着法
move-ambiguous = { $text }：相符的合法着法不止一个（{ $moves }）
move-no-notation = { $text }：不是{ $variant ->
    [janggi] 韩国象棋
   *[xiangqi] 象棋
}任何一种记谱法的着法

## 不成局面的摆法（局面编辑器）

setup-no-general = { $side }没有{ $general }
setup-too-many-of-role = { $side }有 { $count } 个{ $piece }，一副棋只有 { $limit } 个
setup-too-many-pieces = { $side }有 { $count } 个棋子，最多 16 个
setup-outside-palace = { $side }的{ $piece }在 { $square }，出了九宫
setup-unreachable = { $side }的{ $piece }在 { $square }：这是它永远走不到的位置
setup-generals-face = 两将在 { $file } 路照面，中间没有棋子
setup-opposite-check = { $side }正被将军，却不该{ $side }走

## FEN 读不出（局面编辑器、从局面开局）。$field：FEN 的第几段（1 是棋盘，至 6；7 是多出的一段）；
## $rank：棋盘的第几行（0–9，从先走方数起）；$what：错在哪里。

fen-at-field = FEN 第 { $field } 段：{ $what }
fen-at-rank = FEN 第 { $field } 段，第 { $rank } 行：{ $what }
fen-empty = FEN 是空的
fen-rank-count = 有 { $count } 行，应为 10 行
fen-file-count = 有 { $count } 列，应为 9 列
fen-bad-char = 无法识别的字符 { $char }：应为棋子字母（KABNRCP，也可用 H、E）或数字 1–9
fen-bad-side = 走棋方 { $text }：应为 w、r 或 b
fen-expected-dash = { $text }：应为 -
fen-bad-number = { $text }：应为数字
fen-extra-field = 多出的一段 { $text }
