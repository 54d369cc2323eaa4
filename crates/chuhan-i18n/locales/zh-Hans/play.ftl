# `chuhan play`：终端对局的画面与状态行（简体中文）。

keys = ^F 翻转 ^H 提示 ^U 悔棋 ^D 提和 ^R 认输 ^P 停着 ^S 保存 ^Q 退出
welcome-xiangqi = 输入着法（炮二平五、C2.5、h2e2），或用方向键和空格选子
welcome-janggi = 输入着法（79卒78、i3h3），或用方向键和空格选子；^P 停着
setup-choose = 选择布阵：↑/↓ 和回车
setup-for = { $side }的布阵：
setup-done = { $cho }：{ $cho-setup }，{ $han }：{ $han-setup }。{ $welcome }
formation = { $formation ->
    [outer] 外象
    [inner] 内象
    [left] 左象
    [right] 右象
    [mobile] 机动车
   *[other] { $formation }
}
player-engine = 电脑（{ $level }级）
player-you = 你
clock-cxa = { $left }（本步 { $move-left }，还可超时 { $spare } 次）
clock-byoyomi = { $left }（剩 { $spare } 次读秒）
played = { $side }走{ $move }
not-legal-here = { $move }：此处不合规则
cannot-go = { $from } 不能走到 { $to }
not-your-piece = 这不是你的棋子
no-piece-there = 那里没有棋子
wait-for-engine = 请等电脑走棋
nothing-to-take-back = 没有可悔的棋
took-back = 悔棋 { $plies } 步
game-over = { $ruling } — ^U 悔棋，^S 保存，^Q 退出
engine-thinking = 电脑思考中…
hint = 提示：{ $move }（{ $score }）
no-hint = 没有可建议的着法
draw-agreed = 双方同意和棋
engine-accepts-draw = 电脑同意和棋
engine-declines-draw = 电脑拒绝和棋
no-pass = 此处不能停着
save-elsewhere = 保存由终端界面完成
saved = 已保存到 { $files }
save-failed = 无法保存：{ $error }
forfeit = { $side }判负：{ $why }
