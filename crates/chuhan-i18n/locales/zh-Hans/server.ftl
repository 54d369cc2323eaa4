# 网页服务器的回答：HTTP 错误 JSON 中的 error 文字（code 不变）。见 en/server.ftl。

## By code

code-bad_request = 请求无效
code-forbidden = 不允许这样做
code-not_found = 找不到
code-conflict = 对局目前的状态不允许这样做
code-too_large = 请求太大
code-too_many_requests = 请求太多，请稍后再试
code-engine_failed = 引擎出错
code-busy = 服务器繁忙，请稍后再试
code-wrong_host = 本服务器不响应这个地址
code-internal = 服务器出错，请稍后再试
code-error = 出错了
code-account_locked = 此账号登录失败次数太多，请稍后再试
code-bad_name = 这个名字不能使用
code-bad_password = 这个密码不能使用
code-bad_rating = 等级分无效
code-bad_theme = 没有这个主题
code-engine_busy = 引擎繁忙：请一分钟后再试，或与朋友对弈
code-game_not_over = 对局尚未结束
code-game_over = 对局已经结束
code-game_too_long = 对局太长，本服务器无法显示
code-login_required = 请先登录或注册
code-name_registered = 这是注册棋手的名字：请登录后使用
code-name_taken = 这个名字已被占用
code-no_player = 没有这位棋手
code-no_puzzle = 没有这道题
code-not_logged_in = 你尚未登录
code-review_pending = 请等你的复盘分析结束
code-review_queue_full = 等待中的复盘分析太多，请过几分钟再试
code-too_long = 太长
code-too_many_attempts = 尝试次数太多，请稍后再试
code-wrong_password = 名字或密码错误

## With values

no-game = 没有对局“{ $id }”
no-player = 没有棋手“{ $name }”
internal = 服务器出错（日志编号 { $reference }），请稍后再试
engine-busy = 引擎正同时下 { $games } 盘棋：请一分钟后再试，或与朋友对弈
review-too-long = 复盘分析最多 { $limit } 步
review-pending = 同时最多 { $limit } 个复盘分析：请等你的结束
name-taken = 名字 { $name } 已被占用
name-registered = { $name } 是注册棋手的名字：请登录后以 { $name } 下棋
account-locked = { $name } 登录失败次数太多：请 { $minutes } 分钟后再试
login-attempts = 你的地址尝试失败次数太多（{ $window } 分钟内 { $failures } 次）：请 { $minutes } 分钟后再试
puzzle-attempts = 你的地址解题尝试太多（每分钟最多 { $limit } 次）：请 { $seconds } 秒后再试

## 输入的着法

read-move-empty = 请输入着法，例如 炮二平五、C2=5、h2-e2 或 h2e2
read-move-bikjang = { $problem }；两将照面，着法必须解开照面，或者停着

## 对局连接上的拒绝

ws-not-understood = 无法理解的消息
ws-watching = 你在观战：只有对局双方可以这样做
ws-no-passing = 只有韩国象棋可以停着
ws-too-many = 消息太多：每秒最多 { $limit } 条
ws-binary = 无法理解二进制帧：请发送 JSON 文本
room-over = 对局已经结束
room-not-your-turn = 现在轮到{ $side }，不是你
room-illegal = { $move } 在这里不是合法着法
room-time-up = 你的时间已用完
room-not-saved = 服务器未能保存，所以什么也没做：请再试一次
room-behind = 对局刚刚有了变化：什么也没做，请再看一下
room-engine-declines-draws = 引擎继续下：它不接受提和
room-draw-already-offered = 你已经提和了
room-takeback-already-asked = 你已经请求悔棋了
room-formation-fixed = 阵形已定：已经走过棋，或对局从自定局面开始
room-nothing-to-take-back = 你还没有可悔的着法
room-nothing-to-decline = 对方没有提出可以拒绝的请求
talk-engine-chat = 与引擎的对局没有聊天
talk-engine-rematch = 与引擎的对局没有再来一局
talk-anonymous = 观战者请登录后聊天
talk-empty = 请先输入内容
talk-too-long = 每行最多 { $limit } 个字符（现有 { $given } 个）
talk-control = 聊天中不能有控制字符
talk-too-fast = 请每秒最多发一行
talk-not-over = 对局还在进行：结束后才能再来一局
talk-no-opponent = 这局只有一位棋手

## Another engine that failed loses the game ($verdict: who won; $loser: the side)

engine-forfeit = { $verdict }：{ $loser }的引擎出了故障

## 局面（FEN）与带到分析棋盘的棋谱。$problem、$what、$ruling：已译好的句子；$game、$ply：数字；
## $text、$fen：原文（带引号）；$format：棋谱格式名（PGN、XQF…）；$move：坐标着法。

fen-too-long = FEN 太长
fen-composed = { $problem }（是排局吗？请发送 "relaxed": true）
fen-game-over = 这个局面棋局已经结束（{ $ruling }）
record-empty = 棋谱是空的
upload-empty = 上传的文件是空的
record-at-ply = 第 { $game } 局，第 { $ply } 步：{ $what }
record-at-game = 第 { $game } 局：{ $what }
record-at-move = 第 { $ply } 步：{ $what }
record-in-variation = { $what }（在变着中）
record-illegal = { $move } 不是合法着法
record-too-deep = 变着嵌套超过 { $depth } 层
record-unreadable = 读不出这份 { $format } 棋谱：文件已损坏，或不是 { $format }
record-fen = FEN 标签 { $fen }：{ $problem }
record-variant = Variant 标签 { $text }：应为 xiangqi 或 janggi
record-no-notation = 着法 { $text }：没有一种记谱法读得出这局的开头几步
record-unbalanced-close = 有“)”却没有要结束的变着
record-variation-without-move = 变着出现在任何着法之前
record-unterminated-comment = 注释没有结束
record-bad-tag = 标签格式不对：{ $text }
record-too-long = 这局超过 { $mib } MiB，一局最多这么长
record-no-game = 没有找到棋局：应为 PGN、DhtmlXQ、XQF、CBR、CBL 或 CBF
import-start = 开局局面：{ $problem }
import-too-long = { $plies } 步，超过所存棋局的最大长度（{ $max } 步）
import-unreadable = 读不出这个文件
