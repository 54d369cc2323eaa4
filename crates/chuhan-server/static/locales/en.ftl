# chuhan's web app in English: the reference catalog (every other has exactly its ids).
# Project Fluent syntax: https://projectfluent.org/fluent/guide/

## index.html
page-title = chuhan — xiangqi and janggi
nav-new-game = New game
nav-analysis = Analysis
nav-archive = Archive
nav-ratings = Ratings
nav-database = Database
nav-puzzles = Puzzles
lobby-title = New game
lobby-game = Game
variant-xiangqi-both = Xiangqi 象棋
variant-janggi-both = Janggi 장기
lobby-formation = Janggi formation:
lobby-cho = Cho 楚
setup-inner = inner (馬象象馬)
setup-outer = outer (象馬馬象)
setup-left = left (象馬象馬)
setup-right = right (馬象馬象)
setup-mobile = mobile chariots
lobby-han = Han 漢
lobby-friend-setup = Your friend chooses their own when joining.
lobby-opponent = Opponent
lobby-mode-engine = The engine
lobby-mode-friend = A friend (share the link)
lobby-engine = Engine
lobby-engine-builtin = chuhan (built in)
lobby-level = Engine level (1–20)
lobby-side = Your side
lobby-name = Your name (optional)
lobby-rated = Rated
lobby-rated-note = — ratings move only between two players logged in to accounts: log in or sign up to play rated.
lobby-open = Open to anyone (listed under Open challenges while your game's page is open)
lobby-quick = Quick:
clock-none = No clock
lobby-clock = Clock
lobby-clock-fischer = Minutes + increment (byo-yomi if periods)
lobby-clock-cxa = CXA tournament rule: 20 minutes a game, 60 s a move, 3 overruns
lobby-minutes = Minutes each (0 = no clock)
lobby-increment = Increment, seconds
lobby-periods = Byo-yomi periods (0 = none)
lobby-period = Byo-yomi period, seconds
lobby-fen = Start position FEN (empty = the usual start)
lobby-start = Start
seeks-title = Open challenges
seeks-note = Friend games offered to anyone. Accept one to play it, under the name typed above.
col-game = Game
col-clock = Clock
col-player = Player
col-you-play = You play
seeks-empty = None now: create a friend game open to anyone, or wait for one.
game-resign-ask = Resign this game?
game-resign = Resign
game-keep-playing = Keep playing
game-pass-end = Pass and end the game
game-your-formation = Your formation
game-join = Join this game
game-join-login-1 = A rated game:
game-join-login-2 = log in
game-join-login-3 = or
game-join-login-4 = sign up
game-join-login-5 = to join it.
flip = Flip
game-pass = Pass
game-takeback = Takeback
game-offer-draw = Offer draw
game-decline = Decline
type-move = Type a move
play = Play
notation = Notation
pieces = Pieces
pieces-chinese = Chinese characters
pieces-western = Western icons
sounds = Sounds
game-share = Send this link to your friend:
game-moves-label = Moves: click one, or use ← → Home End, to see its position
download-pgn = Download PGN
game-analyse = Analyse
review = Review
game-rematch = Rematch
game-rematch-link = Go to the rematch
chat-title = Chat
chat-hide = Hide
chat-say = Say something
chat-empty = No messages yet.
chat-send = Send
editor-to-move = To move
editor-red = Red
editor-black = Black
editor-clear = Clear
editor-start = Start position
editor-done = Done
an-start = Start (Home)
an-back = Back (←)
an-forward = Forward (→)
an-end = End (End)
an-engine-name = Which engine analyses
an-deeper-title = Keep searching this position longer and longer (up to 15 s a search, 3 minutes in all)
an-deeper = Deeper
variant-xiangqi = Xiangqi
variant-janggi = Janggi
an-graph-title = chuhan's score after every move of the main line, at a small fixed depth
an-graph = Evaluation graph
an-review-title = chuhan judges every move of the main line: blunders, mistakes, inaccuracies and each side's accuracy
cancel = Cancel
an-review-progress = Review progress
an-marks-label = Marked moves: click one to see the better move
ex-title = Games database
ex-move = Move
ex-games = Games
ex-wdl = Won · drawn · lost (side to move)
ex-best = Best-known games through this position:
an-load-summary = Load a record (PGN, DhtmlXQ, XQF) or a FEN
an-paste = Paste PGN or DhtmlXQ here
an-load = Load
an-set-fen = Set position
an-relaxed-title = Accept pieces on points no game reaches, as problem books set them up
an-relaxed = composed position
an-edit = Edit the position
an-play-from = Play from this position
an-tree-label = Moves, variations in parentheses
an-comment = Comment on this move
an-promote-title = Make this variation the line before it
an-promote = Promote variation
an-delete = Delete variation
an-cut = Delete from here
an-reset = Clear all moves
an-kept = This analysis is kept in this browser for this address: a reload finds it again.
db-title = Game database
db-either-side = either side
col-event = Event
db-from = From
db-from-ph = 1998 or 1998-05-12
db-to = To
col-result = Result
db-any = any
db-unknown = unknown
col-opening = Opening
db-opening-ph = a name or code
db-search = Search
db-newer = ← Newer
db-older = Older →
col-date = Date
col-red-cho = Red / Cho
col-black-han = Black / Han
col-moves = Moves
db-import-title = Import a collection
db-import = Import
archive-finished = Finished games
col-variant = Variant
log-in = Log in
acct-name = Name
acct-password = Password
acct-no-account = No account yet?
sign-up = Sign up
acct-name-hint = 2 to 20 characters: letters of any script (中文, 한글, Latin…), digits, _ and -, starting with a letter or digit. Others see it as you write it; Alice and alice are one name.
acct-password-hint = 8 to 256 characters.
acct-password-again = Password again
acct-have-account = Have an account?
acct-title = Account
acct-out-1 = You are not logged in.
acct-out-2 = to change your password or delete your account.
acct-change-password = Change password
acct-current-password = Current password
acct-new-password = New password
acct-new-password-hint = 8 to 256 characters. Your other sessions (other browsers and devices) are logged out.
acct-new-password-again = New password again
acct-delete-title = Delete account
acct-delete-note = Your account, its sessions and its ratings go for good, and the name may be taken again. Your games stay, with you shown as “deleted player”.
acct-delete-ask = Delete my account…
acct-delete-yes = Delete for good
acct-delete-no = Keep my account
pz-any = Any
pz-theme = Theme
theme-mate-in-1 = Mate in 1
theme-mate-in-2 = Mate in 2
theme-mate-in-3 = Mate in 3
theme-mate-long = Long mate
theme-material = Win material
theme-advantage = Winning advantage
theme-cannon-discovery = Cannon discovery
theme-horse-fork = Horse fork
theme-pin = Pin
theme-flying-general = Flying general
theme-pass = Pass
theme-bikjang = Bikjang
pz-streak = Streak
pz-show-solution = Show solution
pz-next = Next puzzle
pf-no-rating = No rated game yet.
col-speed = Speed
col-rating = Rating
col-rated-games = Rated games
col-won = Won
col-drawn = Drawn
col-lost = Lost
pf-glicko = Glicko-2. A rating shown with ? is provisional: too few games yet to be sure of it.
rt-about = Glicko-2 ratings of players with accounts, from rated friend games between two accounts, kept apart for each game and speed. A new player starts at 1500; a rating shown with ? is provisional (too few games yet to be sure of it). The speed comes from the clock's estimated game time, the base time + 40 × the increment (+ 25 × periods × period with byo-yomi): under 3 minutes bullet, under 8 blitz, under 25 rapid, else classical; a game with no clock is classical.
speed-bullet = Bullet
speed-blitz = Blitz
speed-rapid = Rapid
speed-classical = Classical
rt-empty = No rated game at this game and speed yet.
## account.js
acct-settings = Settings
acct-log-out = Log out
acct-passwords-differ = The two passwords differ.
acct-new-passwords-differ = The two new passwords differ.
acct-already-login = You are logged in as { $name }. Logging in here logs you out of that account.
acct-already-signup = You are logged in as { $name }. Signing up here logs you out of that account.
acct-logged-in-as = Logged in as { $name }, member since { $since }.
acct-profile-link = Your profile
acct-password-changed = Password changed. Your other sessions are logged out.
acct-delete-confirm = Delete the account { $name } for good? This cannot be undone.
## seeks.js
tc-none = no clock
tc-cxa = CXA rule
tc-byoyomi = { $minutes } min, { $periods }×{ $seconds } s byo-yomi
name-rating = { $name } ({ $rating })
seek-anonymous = anonymous
seek-rated = { $clock }, rated
seek-login = Log in to accept
seek-withdraw = Withdraw
seek-accept = Accept
## board.js
role-K = general
role-A = advisor
role-B = elephant
role-N = horse
role-R = chariot
role-C = cannon
role-P = soldier
piece-words = { $side ->
    [red] red
    [black] black
    [cho] cho
   *[han] han
  } { $role }
editor-piece = { $side ->
    [red] Red
    [black] Black
    [cho] Cho
   *[han] Han
  } { $role }
board-theme = Board
board-wood = wood
board-plain = plain (contrast)
board-size = Size
board-small = small
board-medium = medium
board-large = large
board-role = { $variant ->
    [janggi] janggi board
   *[other] xiangqi board
  }
board-label = { $variant ->
    [janggi] janggi board
   *[other] xiangqi board
  }, { $side } to move: arrow keys move over the points, Enter picks up and puts down
board-point = { $sq }: { $what }
board-point-holding = { $sq }: { $what }; holding the piece of { $from }
board-empty = empty
## database.js
db-open = Open
db-none = This server has no game database (start it with --games-db FILE or a postgres:// URL).
db-count = { $n ->
    [one] { $n } game in the database
   *[other] { $n } games in the database
  }
db-no-match = No game matches.
db-page = Games { $first }–{ $last } of { $total }
db-choose-file = Choose a file first.
db-too-large = { $file } is larger than { $mib } MiB.
db-importing = Importing { $file }…
db-imported = { $file }: { $imported } imported, { $duplicates } already there, { $bad } could not be read.
## explorer.js
ex-wdl-title = { $wins } won, { $draws } drawn, { $losses } lost by the side to move
ex-wdl-title-unknown = { $wins } won, { $draws } drawn, { $losses } lost by the side to move, { $unknown } unknown
ex-unknown = results unknown
ex-played = played { $move }
ex-reached = { $n ->
    [one] { $n } game reached this position
   *[other] { $n } games reached this position
  }
ex-none = No game in the database reached this position
## profile.js
pf-graph-title = { $pool } rating history
pf-graph-desc = { $n ->
    [one] { $n } rated game
   *[other] { $n } rated games
  } from { $from } to { $to }: { $first } after the first, { $last } now; lowest { $min }, highest { $max }.
pf-graph-axis = rated games →
pf-graph-point = { $rating } on { $day }
pf-graph-caption = { $pool }: { $rating } after { $n ->
    [one] { $n } rated game
   *[other] { $n } rated games
  }
pf-pool = { $variant } { $speed }
pf-wins = wins
pf-draws = draws
pf-losses = losses
pf-filter = Filter
col-side = Side
pf-kind-engine = engine
pf-kind-rated = rated
pf-kind-casual = casual
pf-the-engine = the engine
pf-in-progress = In progress
pf-none-on-page = No game on this page.
pf-no-game = No game yet.
pf-total-games = { $n ->
    [one] { $n } game
   *[other] { $n } games
  }
pf-total-won = { $n } won
pf-total-drawn = { $n } drawn
pf-total-lost = { $n } lost
pf-totals-colon = {": "}
pf-totals-comma = {", "}
pf-page-title = { $name } — chuhan
pf-no-such = No such player
pf-no-such-named = There is no player named { $name }.
pf-since = Member since { $day }
pf-deviation = deviation { $deviation }
pf-deviation-provisional = deviation { $deviation }: provisional
## puzzles.js
pz-rating-account = Your puzzle rating: { $rating }
pz-rating-guest = Your puzzle rating (kept in this browser; log in to keep it on your account): { $rating }
pz-streak-info = Streak: { $count } · best { $best }
pz-your-rating = Your rating: { $rating } ({ $change })
pz-puzzle-rating = Puzzle: { $rating } ({ $change })
pz-tried-before = (tried before: ratings unchanged)
pz-solved = Solved!
pz-solution-shown = Solution shown.
pz-good-next = Good. { $side } to move: find the next move.
pz-good-move = Good move…
pz-wrong = Wrong move: { $move }.
pz-wrong-streak = Wrong move: { $move }. Streak over: { $count } solved.
pz-the-solution = The solution:
pz-no-harder = No harder puzzle left: your streak ends at { $count }.
pz-info = Puzzle { $id }
pz-info-rating = rating { $rating }
pz-find-best = { $side } to move: find the best move.
list-comma = {", "}
## analysis.js
an-confirm-game = Replace every move and comment with this game?
an-confirm-position = Replace every move and comment with the new position?
an-confirm-record = Replace every move and comment with this record?
an-confirm-clear = Clear every move and comment?
an-confirm-variant = Start a new { $variant } analysis? Every move and comment here is cleared.
an-thinking = { $status } — thinking…
an-deeper-status = { $status } — looking deeper ({ $seconds } s)…
an-busy-status = { $status } — the engine is busy, waiting…
to-move = { $side } to move
to-move-check = { $side } to move — check!
an-play-line = Play this line
an-play-line-to = Play the line up to this move
an-play-better-to = Play the better line up to this move
an-graph-progress = { $done } of { $total } positions…
an-graph-done = depth { $depth }; click a point to go to that move
an-graph-start = Start: { $score }
an-graph-move = { $number }. { $move }: { $score }
an-mark-label = { $mark }: { $move }
an-mark-title = { $mark } ({ $sign }): { $move }
an-blunder = Blunder
an-mistake = Mistake
an-inaccuracy = Inaccuracy
an-move = Move
an-review-queued = Waiting for the engine…
an-review-running = Reviewing: { $done } of { $total } positions…
an-review-failed = The review failed: { $reason }
an-review-failed-busy = The review failed: the engine stayed busy. Try again in a few minutes.
an-review-failed-engine = The review failed: the engine stopped.
an-review-cancelled = Review cancelled.
an-review-asking = Asking the engine…
an-review-nothing = There is no move to review.
an-better = { $mark } { $move } ({ $lost }% of the winning chances lost). Better:
an-accuracy = { $side }: accuracy { $accuracy }% · { $blunders } ?? · { $mistakes } ? · { $inaccuracies } ?!
an-mark-item = { $number } { $move } { $sign } { $mark }
an-win-share = { $side } { $percent }%
an-review-graph = Win probability by chuhan's review ({ $nodes } nodes a position); click a point or a mark
an-comment-first = Comment before the first move
an-close-editor = Close the position editor first.
an-over-here = No move can be played here: the game is over in this position.
an-no-game-from = No game can be played from here: { $reason }
an-erase = Erase
editor-cho = Cho (blue)
editor-han = Han (red)
an-editing = Editing the position (the engine waits for Done)
an-header = { $tag }: { $value }
pgn-event = Event
pgn-red = Red
pgn-black = Black
pgn-date = Date
pgn-result = Result
pgn-opening = Opening
## app.js
lobby-side-red = Red 帥 (moves first)
lobby-side-black = Black 將
lobby-side-cho = Cho 楚, blue (moves first)
lobby-side-han = Han 漢, red
engine-builtin = { $name } (built in)
lobby-playing-as = Playing as { $name } (your account).
lobby-rated-note-account = — ratings move only if your friend plays logged in to an account too.
seeks-note-account = Friend games offered to anyone. Accept one to play it, as { $name }.
counting = Cho { $cho } points; Han { $han } + 1.5 = { $total } points
side-wins = { $side } wins
a-draw = a draw
said-passes = { $side } passes.
said-piece = piece
said-move = { $side } { $piece } { $from } to { $to } ({ $move }).
said-move-takes = { $side } { $piece } { $from } to { $to } ({ $move }), takes { $taken }.
said-check = { $words } Check!
game-reconnecting = Not connected: reconnecting…
game-premove-dropped = The move queued ({ $move }) is not legal here: it was dropped.
said-taken-back = Moves taken back: { $side } to move.
said-game-over = Game over: { $reason }.
offers-draw = { $side } offers a draw.
asks-takeback = { $side } asks to take back a move.
said-declines-draw = { $side } declines your draw offer.
said-declines-takeback = { $side } declines your takeback request.
game-accept-rematch = Accept rematch
game-rematch-offered = Rematch offered: waiting for your opponent.
game-rematch-wanted = { $side } wants a rematch, colours swapped.
chat-colon = {": "}
end-draw = Draw.
end-you-won = You won.
end-you-lost = You lost.
end-counting = { $reason }. Counting: { $counting }.
end-rating = { $name } { $before } → { $after }
end-ratings = Ratings: { $list }.
status-to-move = { $side } to move.
status-to-move-you = { $side } to move (you).
status-to-move-watching = { $side } to move (you are watching).
status-to-move-check = { $side } to move — check!
status-to-move-check-you = { $side } to move — check! (you).
status-to-move-check-watching = { $side } to move — check! (you are watching).
status-bikjang = The generals face each other (bikjang): { $side } must break it or pass.
status-clocks-start = The clocks start once each side has made its first move.
sentence = { $text }.
sentence-gap = {" "}
game-viewing-start = Looking at the start: → or End goes back to the game.
game-viewing-move = Looking at move { $move } of { $total }: → or End goes back to the game.
game-accept-draw = Accept draw
game-accept-takeback = Accept takeback
game-decline-both = Decline both
game-decline-draw = Decline draw
game-decline-takeback = Decline takeback
clock-engine = { $side } (engine)
clock-who = { $side } { $player }
clock-cxa = move { $move }, { $overruns ->
    [one] { $overruns } overrun left
   *[other] { $overruns } overruns left
  }
pass-ends = Passing now ends the game ({ $reason }). Pass anyway?
pass-ends-counting = Passing now ends the game ({ $reason }). Counting: { $counting }: { $winner }. Pass anyway?
game-only-players = Only the players of a game in progress move.
game-not-your-turn = It is { $side }'s turn, not yours.
archive-mine = My games
archive-all = All games
archive-all-finished = All finished games
archive-mode-engine = engine
archive-mode-friend = friend
archive-players = { $mode }: { $red } – { $black }
## notations (the menus)
notation-chinese = Chinese
notation-chinese-traditional = Chinese (traditional)
notation-wxf = WXF
notation-iccs = ICCS
notation-uci = UCI
notation-uci1 = UCI (ranks from 1)
notation-algebraic = Algebraic
notation-lan = Long algebraic
notation-leventhal = Leventhal
notation-lau = Lau
notation-xqdb = XQDB
notation-janggi = Janggi numbers
notation-janggi-fsf = Janggi numbers (Fairy-Stockfish)
notation-janggi-hangul = Janggi numbers (Hangul)
notation-vietnamese = Vietnamese
## shared
lang-menu = Language
nav-label = Pages
side-red = Red
side-black = Black
side-cho = Cho
side-han = Han
## the server's errors by code (the same words as the server's, in English)
error-wrong_password = wrong name or password
error-not_logged_in = you are not logged in
error-login_required = rated games are for players with an account: log in or sign up
error-game_not_over = the game is not over: a review comes after its end
error-review_queue_full = too many reviews are waiting: try again in a few minutes
