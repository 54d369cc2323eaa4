# `chuhan play`: the terminal game's screen and status line.
# $side: a side's name (rules.ftl's side-name); $move: a move as the chosen notation writes it.

keys = ^F flip ^H hint ^U undo ^D draw ^R resign ^P pass ^S save ^Q quit
welcome-xiangqi = Type a move (炮二平五, C2.5, h2e2) or pick with the arrows and space
welcome-janggi = Type a move (79卒78, i3h3) or pick with the arrows and space; ^P passes
setup-choose = Choose the setup: ↑/↓ and Enter
setup-for = Setup for { $side }:
setup-done = { $cho }: { $cho-setup }, { $han }: { $han-setup }. { $welcome }
# The janggi formations; $formation: outer | inner | left | right | mobile.
formation = { $formation ->
    [outer] outer
    [inner] inner
    [left] left
    [right] right
   *[other] { $formation }
}
player-engine = engine (level { $level })
player-you = you
clock-cxa = { $left } (move { $move-left }, { $spare } spare)
clock-byoyomi = { $left } ({ $spare } left)
played = { $side } played { $move }
not-legal-here = { $move }: not legal here
cannot-go = { $from } cannot go to { $to }
not-your-piece = That is not your piece
no-piece-there = No piece there
wait-for-engine = Wait for the engine's move
nothing-to-take-back = Nothing to take back
took-back = Took back { $plies } { $plies ->
    [one] move
   *[other] moves
}
game-over = { $ruling } — ^U takes back, ^S saves, ^Q quits
engine-thinking = The engine is thinking…
hint = Hint: { $move } ({ $score })
no-hint = No move to suggest
draw-agreed = Draw agreed
engine-accepts-draw = The engine accepts the draw
engine-declines-draw = The engine declines the draw
no-pass = No pass is allowed here
save-elsewhere = Saving happens in the terminal front end
saved = Saved to { $files }
save-failed = Could not save: { $error }
forfeit = { $side } loses: { $why }
