# `chuhan play`: 터미널 대국 화면과 상태 줄 (한국어).

keys = ^F 돌림 ^H 힌트 ^U 무름 ^D 무승부 ^R 기권 ^P 한수쉼 ^S 저장 ^Q 끝
welcome-xiangqi = 수 입력 (炮二平五, C2.5, h2e2) 또는 방향키와 스페이스로 선택
welcome-janggi = 수 입력 (79졸78, i3h3) 또는 방향키와 스페이스로 선택; ^P 한수쉼
setup-choose = 차림 고르기: ↑/↓ 와 Enter
setup-for = { $side }의 차림:
setup-done = { $cho }: { $cho-setup }, { $han }: { $han-setup }. { $welcome }
formation = { $formation ->
    [outer] 상마마상
    [inner] 마상상마
    [left] 상마상마
    [right] 마상마상
    [mobile] 기동차
   *[other] { $formation }
}
player-engine = 엔진 ({ $level }단계)
player-you = 나
clock-cxa = { $left } (이번 수 { $move-left }, 초과 { $spare }번 남음)
clock-byoyomi = { $left } (초읽기 { $spare }번 남음)
played = { $side }: { $move }
not-legal-here = { $move }: 여기서 둘 수 없는 수
cannot-go = { $from }에서 { $to }(으)로 갈 수 없음
not-your-piece = 내 기물이 아님
no-piece-there = 거기에 기물이 없음
wait-for-engine = 엔진이 둘 때까지 기다리세요
nothing-to-take-back = 무를 수가 없음
took-back = { $plies }수 무름
game-over = { $ruling } — ^U 무름, ^S 저장, ^Q 끝
engine-thinking = 엔진이 생각하는 중…
hint = 힌트: { $move } ({ $score })
no-hint = 추천할 수가 없음
draw-agreed = 무승부 합의
engine-accepts-draw = 엔진이 무승부를 받아들임
engine-declines-draw = 엔진이 무승부를 거절함
no-pass = 여기서는 한수쉼을 할 수 없음
save-elsewhere = 저장은 터미널 화면에서 합니다
saved = 저장함: { $files }
save-failed = 저장할 수 없음: { $error }
forfeit = { $side } 패: { $why }
