# 판정: 대국이 어떻게 끝났는지 (한국어). 인수는 en/rules.ftl 참고.
# 용어는 docs/glossary-ko.md: 외통, 장군, 빅장, 한수쉼, 반복수.
# 조사는 받침에 따라: 초가/한이/홍이/흑이 (loser-side, variant로 고름).

side-name = { $variant ->
    [janggi] { $side ->
        [first] 초
       *[second] 한
    }
   *[xiangqi] { $side ->
        [first] 홍
       *[second] 흑
    }
}

piece-name = { $role ->
    [general] { $variant ->
        [janggi] 궁
       *[xiangqi] 장
    }
    [advisor] 사
    [elephant] 상
    [horse] 마
    [chariot] 차
    [cannon] 포
   *[soldier] { $variant ->
        [janggi] { $side ->
            [first] 졸
           *[second] 병
        }
       *[xiangqi] { $side ->
            [first] 병
           *[second] 졸
        }
    }
}

# 주격 조사: 초가, 한이, 홍이, 흑이.
loser-subject = { $variant ->
    [janggi] { $loser-side ->
        [first] 가
       *[second] 이
    }
   *[xiangqi] 이
}

verdict-win = { $winner } 승
verdict-draw = 무승부

ruling = { $verdict }: { $reason }{ $span }{ $counting }
span-one = { " " }({ $first }수)
span-range = { " " }({ $first }–{ $last }수)
counting = ; 점수 초 { $cho }, 한 { $han }

times-words = { $times ->
    [2] 두 번
    [3] 세 번
    [4] 네 번
   *[other] { $times }번
}

reason-checkmate = { $loser } 외통 (장군을 피할 수 없음)
reason-stalemate = { $loser }{ loser-subject } 둘 수 있는 수가 없음
reason-resignation = { $loser } 기권
reason-agreement = 합의 무승부
reason-time = { $loser } 시간패
reason-perpetual-check = { $loser }{ loser-subject } 같은 수를 { times-words } 반복하며 매번 장군을 부름
reason-perpetual-chase = { $loser }{ loser-subject } 같은 수를 { times-words } 반복하며 매번 같은 기물을 쫓음
reason-perpetual-chase-named = { $loser }{ loser-subject } 같은 수를 { times-words } 반복하며 매번 { $chase }
reason-perpetual-mate-threat = { $loser }{ loser-subject } 같은 수를 { times-words } 반복하며 매번 외통을 노림
reason-mutual-perpetual-check = 양쪽이 매번 장군을 부르며 같은 국면이 { times-words } 나옴
reason-mutual-perpetual-chase = 양쪽이 매번 같은 기물을 쫓으며 같은 국면이 { times-words } 나옴
reason-mutual-perpetual-chase-named = 양쪽이 매번 쫓으며 같은 국면이 { times-words } 나옴: { $first-name }, { $first-chase } / { $second-name }, { $second-chase }
reason-mutual-perpetual-mate-threat = 양쪽이 매번 외통을 노리며 같은 국면이 { times-words } 나옴
reason-repetition = 같은 국면이 { times-words } 나옴
reason-move-limit = { $moves }수 동안 잡은 기물이 없음
reason-dead-position = 양쪽 모두 장군을 부를 기물이 없음
reason-double-pass = 양쪽이 연달아 한수쉼
reason-bikjang = 궁끼리 마주봄 (빅장)
reason-three-checks = 같은 기물로 세 번 연속 장군

# 목적격 조사: 차를/포를/마를/사를, 상을/졸을/병을/궁을/장을.
chase = { $square }의 { $unprotected ->
    [yes] 보호받지 않는{ " " }
   *[no] {""}
}{ $target }{ $target-role ->
    [chariot] 를
    [cannon] 를
    [horse] 를
    [advisor] 를
   *[other] 을
} 쫓음 (쫓은 기물: { $chasers ->
    [1] { $chaser }
   *[other] { $same-kind ->
        [yes] { $chaser } { $chasers }개
       *[no] 기물 { $chasers }개
    }
})

## 읽을 수 없는 입력 ($reason은 영어뿐이라 쓰지 않음)

move-unreadable = { $text }: 이 기보법으로 읽을 수 없는 수입니다
move-illegal = { $text }: 맞는 합법적인 수가 없습니다
move-ambiguous = { $text }: 맞는 합법적인 수가 둘 이상입니다 ({ $moves })
move-no-notation = { $text }: { $variant ->
    [janggi] 장기
   *[xiangqi] 샹치
}의 어느 기보법으로도 읽을 수 없는 수입니다

## 국면이 될 수 없는 배치 (국면 편집기)

setup-no-general = { $side }: { $general } 없음
setup-too-many-of-role = { $side }: { $piece } { $count }개, 한 벌에는 { $limit }개뿐
setup-too-many-pieces = { $side }: 기물 { $count }개, 최대 16개
setup-outside-palace = { $side } { $piece } ({ $square }): 궁성 밖
setup-unreachable = { $side } { $piece } ({ $square }): 결코 갈 수 없는 자리
setup-generals-face = { $file } 줄에서 두 장이 사이에 아무것도 없이 마주 봄
setup-opposite-check = { $side }: 장군을 받고 있는데 { $side } 차례가 아님

## 읽을 수 없는 FEN (국면 편집기, 국면에서 시작하는 대국). $field: FEN의 몇 번째 칸(1은 판, 6까지,
## 7은 남는 칸); $rank: 판의 가로줄 번호(선수 쪽에서 0–9); $what: 무엇이 틀렸는지.

fen-at-field = FEN { $field }번째 항목: { $what }
fen-at-rank = FEN { $field }번째 항목, { $rank }번 가로줄: { $what }
fen-empty = FEN이 비어 있습니다
fen-rank-count = 가로줄이 { $count }개입니다 (10개여야 합니다)
fen-file-count = 세로줄이 { $count }개입니다 (9개여야 합니다)
fen-bad-char = 읽을 수 없는 문자 { $char }: 기물 글자(KABNRCP, H와 E도 됨)나 숫자 1–9여야 합니다
fen-bad-side = 둘 차례 { $text }: w, r, b 중 하나여야 합니다
fen-expected-dash = { $text }: -여야 합니다
fen-bad-number = { $text }: 숫자여야 합니다
fen-extra-field = 남는 항목 { $text }
