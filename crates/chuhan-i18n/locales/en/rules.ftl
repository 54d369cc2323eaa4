# Rulings: how a game ended, from chuhan's typed Outcome.
# Arguments: $variant (xiangqi | janggi); $side, $winner-side, $loser-side (first | second);
# $winner, $loser (side names from side-name); $times, $moves, $first, $last (numbers).

## Sides and pieces

side-name = { $variant ->
    [janggi] { $side ->
        [first] Cho
       *[second] Han
    }
   *[xiangqi] { $side ->
        [first] Red
       *[second] Black
    }
}

# $role: general | advisor | elephant | horse | chariot | cannon | soldier.
piece-name = { $role ->
    [general] general
    [advisor] advisor
    [elephant] elephant
    [horse] horse
    [chariot] chariot
    [cannon] cannon
   *[soldier] soldier
}

## Verdicts

verdict-win = { $winner } wins
verdict-draw = Draw

## The sentence: verdict, reason, the moves involved, janggi's count

ruling = { $verdict }: { $reason }{ $span }{ $counting }
span-one = { " " }(move { $first })
span-range = { " " }(moves { $first }–{ $last })
counting = ; counting { $cho } to { $han }

## Reasons

times-words = { $times ->
    [2] twice
    [3] three times
    [4] four times
   *[other] { $times } times
}

reason-checkmate = { $loser } is checkmated
reason-stalemate = { $loser } has no legal move
reason-resignation = { $loser } resigned
reason-agreement = agreed
reason-time = { $loser } ran out of time
reason-perpetual-check = { $loser } repeated the position { times-words } checking on every move
reason-perpetual-chase = { $loser } repeated the position { times-words } chasing the same piece on every move
reason-perpetual-chase-named = { $loser } repeated the position { times-words } with { $chase } on every move
reason-perpetual-mate-threat = { $loser } repeated the position { times-words } threatening mate on every move
reason-mutual-perpetual-check = the position occurred { times-words } with both sides checking on every move
reason-mutual-perpetual-chase = the position occurred { times-words } with both sides chasing the same piece on every move
reason-mutual-perpetual-chase-named = the position occurred { times-words } with both sides chasing on every move, { $first-name } with { $first-chase } and { $second-name } with { $second-chase }
reason-mutual-perpetual-mate-threat = the position occurred { times-words } with both sides threatening mate on every move
reason-repetition = the position occurred { times-words }
reason-move-limit = { $moves } moves without a capture
reason-dead-position = neither side can ever give check
reason-double-pass = both sides passed
reason-bikjang = the generals face each other (bikjang)
reason-three-checks = the same piece gave check three times in a row

# What a side chased: $chaser and $target are piece names, $chasers how many pieces chased,
# $same-kind and $unprotected yes | no, $square where the target stood (d7).
chase = { $chasers ->
    [1] its { $chaser }
   *[other] { $same-kind ->
        [yes] its { $chasers ->
            [2] two
           *[other] { $chasers }
        } { $chaser }s
       *[no] { $chasers } of its pieces
    }
} chasing the { $unprotected ->
    [yes] unprotected{ " " }
   *[no] {""}
}{ $target } on { $square }

## A typed move that does not read ($text: as typed; $reason: the notation's words, English
## only; $moves: the legal moves it fits, in coordinates)

move-unreadable = { $text }: { $reason }
move-illegal = { $text }: no legal move fits
move-ambiguous = { $text }: fits more than one legal move ({ $moves })
move-no-notation = { $text }: not a move in any notation of { $variant ->
    [janggi] janggi
   *[xiangqi] xiangqi
}

## A setup that is not a position (the position editor). English itself uses the rules
## crate's own words (Problem::describe); these are the fallback. $side: a side's name;
## $piece: a piece's name; $general: the side's general; $square: a point (e4); $file: a
## file letter; $count, $limit: numbers.

setup-no-general = { $side } has no general
setup-too-many-of-role = { $side } has { $count } of { $piece }, the set holds { $limit }
setup-too-many-pieces = { $side } has { $count } pieces, at most 16
setup-outside-palace = { $side } { $piece } on { $square } is outside its palace
setup-unreachable = { $side } { $piece } on { $square }: a point it can never reach
setup-generals-face = the generals face each other on file { $file } with nothing between them
setup-opposite-check = { $side } is in check but it is not { $side }'s move

## A FEN that does not read (the position editor, a game from a position). English repeats the
## rules crate's own words. $field: the FEN's field, 1 (the board) to 6, 7 for one too many;
## $rank: the board's rank, 0–9 from the first mover's side; $what: what is wrong there;
## $count: a number; $char, $text: what was written, in quotes.

fen-at-field = FEN field { $field }: { $what }
fen-at-rank = FEN field { $field }, rank { $rank }: { $what }
fen-empty = empty FEN
fen-rank-count = { $count } ranks, expected 10
fen-file-count = { $count } files, expected 9
fen-bad-char = unexpected character { $char }: expected a piece letter (KABNRCP, also H and E) or a digit 1–9
fen-bad-side = side to move { $text }: expected w, r or b
fen-expected-dash = { $text }: expected -
fen-bad-number = { $text }: expected a number
fen-extra-field = unexpected extra field { $text }
