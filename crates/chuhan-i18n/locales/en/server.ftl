# The web server's answers (chuhan-server): the message of an HTTP error's JSON body,
# `{"error": <message>, "code": <code>}`, in the request's language. The code never changes;
# the message is for a person.
#
# An error the server words with a value (a name, a limit, a wait) has a message of its own
# below; any other is worded by its code (`code-<code>`), without the server's detail.
# English answers keep the server's own sentence; these English messages match it.

## By code

code-bad_request = the request is not valid
code-forbidden = this is not allowed
code-not_found = not found
code-conflict = the game's present state does not allow this
code-too_large = the request is too large
code-too_many_requests = too many requests: try again later
code-engine_failed = the engine failed
code-busy = the server is busy: try again later
code-wrong_host = this server does not answer for that address
code-internal = the server failed; try again later
code-error = something went wrong
code-account_locked = too many failed logins for this account: try again later
code-bad_name = this name cannot be used
code-bad_password = this password cannot be used
code-bad_rating = the rating is not valid
code-bad_theme = no such theme
code-engine_busy = the engine is busy: try again in a minute, or play a friend
code-game_not_over = the game is not over yet
code-game_over = the game is already over
code-game_too_long = the game is longer than this server shows
code-login_required = log in or sign up first
code-name_registered = this is a registered player's name: log in to play under it
code-name_taken = this name is taken
code-no_player = no such player
code-no_puzzle = no such puzzle
code-not_logged_in = you are not logged in
code-review_pending = wait for your reviews to end
code-review_queue_full = too many reviews are waiting: try again in a few minutes
code-too_long = too long
code-too_many_attempts = too many attempts: try again later
code-wrong_password = wrong name or password

## With values

no-game = no game "{ $id }"
no-player = no player "{ $name }"
internal = the server failed (logged as { $reference }); try again later
engine-busy = the engine is busy with { $games } games at once: try again in a minute, or play a friend
review-too-long = a review takes at most { $limit } plies
review-pending = at most { $limit } reviews at a time: wait for yours to end
name-taken = the name { $name } is taken
name-registered = { $name } is a registered player's name: log in to play as { $name }
account-locked = too many failed logins for { $name }: try again in { $minutes } minutes
login-attempts = too many failed attempts from your address ({ $failures } in { $window } minutes): try again in { $minutes } minutes
puzzle-attempts = too many puzzle attempts from your address (at most { $limit } a minute): try again in { $seconds } s

## A typed move (POST /api/read-move); $problem: why it does not read, already worded

read-move-empty = type a move, e.g. 炮二平五, C2=5, h2-e2 or h2e2
read-move-bikjang = { $problem }: the generals face each other (bikjang), so the move must break it, or pass

## Refusals on a game's WebSocket (chuhan-server's ws.rs `words`; English uses the errors' own)

ws-not-understood = message not understood
ws-watching = you are watching: only the players can do that
ws-no-passing = only janggi allows passing
ws-too-many = too many messages: at most { $limit } a second
ws-binary = binary frames are not understood: send JSON text
room-over = the game is already over
room-not-your-turn = it is { $side }'s turn, not yours
room-illegal = { $move } is not a legal move here
room-time-up = your time is up
room-not-saved = the server could not save this, so nothing was done: try again
room-behind = the game changed meanwhile: nothing was done, look again
room-engine-declines-draws = the engine plays on: it does not accept draw offers
room-draw-already-offered = you have already offered a draw
room-takeback-already-asked = you have already asked to take back your move
room-formation-fixed = the formations are fixed: a move has been played, or the game starts from a position of its own
room-nothing-to-take-back = there is no move of yours to take back
room-nothing-to-decline = your opponent offers nothing to decline
talk-engine-chat = there is no chat in games against the engine
talk-engine-rematch = there is no rematch in games against the engine
talk-anonymous = log in to chat as a spectator
talk-empty = say something first
talk-too-long = at most { $limit } characters a line ({ $given } given)
talk-control = control characters are not allowed in chat
talk-too-fast = one line a second, please
talk-not-over = the game is still going on: a rematch comes after it
talk-no-opponent = this game had only one player

## Another engine that failed loses the game ($verdict: who won; $loser: the side)

engine-forfeit = { $verdict }: { $loser }'s engine failed

## A position (FEN) and a record brought to the analysis board. $problem, $what, $ruling:
## already worded; $game, $ply: numbers; $text, $fen: what was written, in quotes; $format: a
## record format's name (PGN, XQF…); $move: a move in coordinates.

fen-too-long = fen: too long
fen-composed = { $problem } (a composed position? send "relaxed": true)
fen-game-over = fen: the game is already over in this position ({ $ruling })
record-empty = the record is empty
upload-empty = the upload is empty
record-at-ply = game { $game }, ply { $ply }: { $what }
record-at-game = game { $game }: { $what }
record-at-move = ply { $ply }: { $what }
record-in-variation = { $what } (in a variation)
record-illegal = { $move } is not a legal move
record-too-deep = variations nested deeper than { $depth }
record-unreadable = this { $format } record cannot be read: it is damaged, or not { $format }
record-fen = FEN tag { $fen }: { $problem }
record-variant = Variant tag { $text }: expected xiangqi or janggi
record-no-notation = move { $text }: no notation reads the first moves of this game
record-unbalanced-close = ')' without a variation to close
record-variation-without-move = a variation before any move
record-unterminated-comment = a comment that is never closed
record-bad-tag = bad tag { $text }
record-too-long = the game is longer than { $mib } MiB, the most one game may be
record-no-game = no game found: expected PGN, DhtmlXQ, XQF, CBR, CBL or CBF
import-start = start position: { $problem }
import-too-long = { $plies } plies, more than the longest game stored ({ $max })
import-unreadable = the file could not be read
