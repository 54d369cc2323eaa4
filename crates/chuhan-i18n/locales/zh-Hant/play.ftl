# `chuhan play`：終端對局的畫面與狀態行（繁體中文）。

keys = ^F 翻轉 ^H 提示 ^U 悔棋 ^D 提和 ^R 認輸 ^P 停著 ^S 保存 ^Q 退出
welcome-xiangqi = 輸入著法（炮二平五、C2.5、h2e2），或用方向鍵和空格選子
welcome-janggi = 輸入著法（79卒78、i3h3），或用方向鍵和空格選子；^P 停著
setup-choose = 選擇佈陣：↑/↓ 和確認鍵
setup-for = { $side }的佈陣：
setup-done = { $cho }：{ $cho-setup }，{ $han }：{ $han-setup }。{ $welcome }
formation = { $formation ->
    [outer] 外象
    [inner] 內象
    [left] 左象
    [right] 右象
    [mobile] 機動車
   *[other] { $formation }
}
player-engine = 電腦（{ $level }級）
player-you = 你
clock-cxa = { $left }（本步 { $move-left }，還可超時 { $spare } 次）
clock-byoyomi = { $left }（剩 { $spare } 次讀秒）
played = { $side }走{ $move }
not-legal-here = { $move }：此處不合規則
cannot-go = { $from } 不能走到 { $to }
not-your-piece = 這不是你的棋子
no-piece-there = 那裡沒有棋子
wait-for-engine = 請等電腦走棋
nothing-to-take-back = 沒有可悔的棋
took-back = 悔棋 { $plies } 步
game-over = { $ruling } — ^U 悔棋，^S 保存，^Q 退出
engine-thinking = 電腦思考中…
hint = 提示：{ $move }（{ $score }）
no-hint = 沒有可建議的著法
draw-agreed = 雙方同意和棋
engine-accepts-draw = 電腦同意和棋
engine-declines-draw = 電腦拒絕和棋
no-pass = 此處不能停著
save-elsewhere = 保存由終端介面完成
saved = 已保存到 { $files }
save-failed = 無法保存：{ $error }
forfeit = { $side }判負：{ $why }
