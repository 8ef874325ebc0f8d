## Dobble: mini-games, referee announcements, errors and symbols (English).
## $player, $target, $winner — player names; $symbol — a symbol (emoji and name);
## $mode — a mini-game: tower, well, catch, gift.

dobble-name = Dobble
dobble-emoji = 👀
dobble-about = spot the one symbol two cards share before everyone else: the Tower, the Well, Catch Them All, the Poisoned Gift

dobble-n-cards = { $count ->
    [one] { $count } card
   *[other] { $count } cards
}
dobble-n-points = { $points ->
    [one] { $points } point
   *[other] { $points } points
}

## Mini-games

dobble-mode-tower = The Tower
dobble-mode-well = The Well
dobble-mode-catch = Catch Them All
dobble-mode-gift = The Poisoned Gift
dobble-mode-match = Match
dobble-mode-name = { $mode ->
    [tower] { dobble-mode-tower }
    [well] { dobble-mode-well }
    [catch] { dobble-mode-catch }
    [gift] { dobble-mode-gift }
   *[other] { dobble-mode-match }
}

dobble-mode-tower-emoji = 🗼
dobble-mode-well-emoji = ⛲
dobble-mode-catch-emoji = 🎣
dobble-mode-gift-emoji = 🧪
dobble-mode-match-emoji = 🏅

dobble-mode-tower-rules = Everyone starts with one face-up card; the others wait in a stack and come to the centre one at a time. Spot the symbol your top card shares with the centre card and the centre card is yours: it goes on top of your pile. When the centre runs dry, the tallest pile wins.
dobble-mode-well-rules = Nearly the whole deck is dealt out, one card lies in the centre. Spot the symbol your top card shares with the centre card and your card drops into the centre, uncovering your next one. The first player to get rid of their whole pile wins.
dobble-mode-catch-rules = Each round one card sits in the centre with one card per player around it. Spot the symbol the centre shares with one of the outer cards and that outer card is yours. Once the outer cards are all caught, the centre card leaves play and a new round begins. After the agreed number of rounds, the tallest pile wins.
dobble-mode-gift-rules = Like the Tower, but here you want to give the centre card away: spot the symbol it shares with another player's top card and the centre card lands on that player's pile. When the centre runs dry, the smallest pile wins.
dobble-mode-match-rules = Several mini-games in a row. Each one pays points for places: last place gets 0, every place above it one more. Most points wins the match.

dobble-rules = <b>Dobble in a nutshell</b>
    55 cards, 8 symbols on each, and any two cards share exactly one symbol. Everyone plays at once: spot the shared symbol and press its button in your private chat with the bot — the press that reaches the bot first counts.
    • Every new card shows after a "3-2-1" countdown; presses before it do not count.
    • A wrong press locks your buttons until the next card.
    • A press on a card that is gone never counts — neither on it nor on the next one.
    • A tie for first place is settled by a duel: one centre card and one card for each tied player; the quickest right press wins.

    <b>{ dobble-mode-tower }</b>. { dobble-mode-tower-rules }

    <b>{ dobble-mode-well }</b>. { dobble-mode-well-rules }

    <b>{ dobble-mode-catch }</b>. { dobble-mode-catch-rules }

    <b>{ dobble-mode-gift }</b>. { dobble-mode-gift-rules }

    <b>{ dobble-mode-match }</b>. { dobble-mode-match-rules }

## The lobby

dobble-button-mode = Mode: { $mode }
dobble-button-length = Rounds: { $n }
dobble-button-countdown = Countdown: { $n } s
dobble-lobby-mode = <b>{ $mode }</b> — { $rules }
dobble-lobby-match = In a row: { $modes }.
dobble-lobby-options = Every new card shows after a { $countdown } s countdown{ $rounds ->
    [0] .
    [one] ; Catch Them All lasts { $rounds } round.
   *[other] ; Catch Them All lasts { $rounds } rounds.
}

## The board (the group)

dobble-symbol-label = { $emoji } { $name }
dobble-card-row = <b>{ $symbols }</b>
dobble-gap = {"   "}
dobble-board-title = { $title } · { $emoji } { $mode }{ $total ->
    [1] {""}
   *[other] {" "}({ $number }/{ $total })
}
dobble-board-round = Round { $round } of { $rounds }
dobble-board-duel = ⚔️ Duel for first place: { $players }
dobble-board-countdown = ⏳ The next card in 3… 2… 1…
dobble-board-centre = Centre card:
dobble-board-outer = …and { dobble-n-cards } around it, in the players' chats
dobble-board-last = Last card: <b>{ $player }</b> — { $symbol }
dobble-board-last-gift = Last card: <b>{ $player }</b> — { $symbol }, the gift goes to <b>{ $target }</b>
dobble-board-player = { $player } — { dobble-n-cards }{ $match ->
    [true] {" "}· { dobble-n-points }
   *[false] {""}
}{ $flags }
dobble-flag-locked = {" "}🔒
dobble-board-deck = Deck: { dobble-n-cards }
dobble-board-over = 🏁 Game over! Winner: <b>{ $players }</b>
dobble-board-result = { $mode }: { $player }

## A hand (the player's private chat)

dobble-hand-title = { $emoji } { $name } · { $chat }
dobble-hand-mode = { $duel ->
    [true] ⚔️ Duel for first place!
   *[false] { $emoji } { $mode }{ $total ->
        [1] {""}
       *[other] {" "}({ $number }/{ $total })
    }{ $rounds ->
        [0] {""}
       *[other] {" "}· round { $round }/{ $rounds }
    } · your pile: { dobble-n-cards }
}
dobble-hand-last = Last card: { $player } ({ $name })
dobble-hand-last-gift = Last card: { $player } ({ $name }), the gift goes to { $target }
dobble-hand-countdown = ⏳ Get ready: the next card comes after 3… 2… 1…
dobble-hand-watch = ⚔️ { $players } duel for first place — watch the board.
dobble-hand-centre = Centre card:
dobble-hand-own = ⬇️ Your card: tap the symbol it shares with the centre card.
dobble-hand-catch = ⬇️ The cards around it, one a row: tap the symbol one of them shares with the centre card to catch that card.
dobble-hand-gift = ⬇️ The others' cards, one a row, top to bottom:
dobble-hand-gift-owner = { $n }. { $player } · { dobble-n-cards }
dobble-hand-gift-tap = Tap the symbol one of them shares with the centre card: the centre card goes to that player.
dobble-hand-over = 🏁 Game over! Winner: { $players }.
dobble-hand-away = You have left this game.

## Answers to a press

dobble-answer-took = ✅ First! { $symbol } — the centre card is yours ({ dobble-n-cards }).
dobble-answer-played = ✅ First! { $symbol } — your card drops into the Well ({ $count ->
    [0] your pile is empty!
   *[other] { dobble-n-cards } to go
}).
dobble-answer-caught = ✅ First! { $symbol } — the card is yours ({ $count } caught).
dobble-answer-gifted = ✅ First! { $symbol } — the poisoned gift goes to { $target }.
dobble-answer-duel-won = ✅ First! { $symbol } — the duel is yours!
dobble-answer-wrong = ❌ Wrong: { $symbol } is not the shared symbol. Locked until the next card.
dobble-answer-wrong-lifted = ❌ Wrong: { $symbol } is not it. Everybody missed, so the locks are off — keep looking!

## Referee announcements (engine events)

dobble-ev-mode-started = { $total ->
    [1] Let's play { dobble-mode-name }! The first card comes after the countdown.
   *[other] Mini-game { $number } of { $total }: { dobble-mode-name }. The first card comes after the countdown.
}
dobble-ev-round-started = Round { $round } of { $rounds }: new cards.
dobble-ev-took = ⚡ { $player }: { $symbol } — to their pile, now { dobble-n-cards }.
dobble-ev-played = ⚡ { $player }: { $symbol } — into the Well; { $count ->
    [0] their pile is empty!
   *[other] { dobble-n-cards } to go.
}
dobble-ev-caught = ⚡ { $player }: { $symbol } — { $count } caught.
dobble-ev-gifted = ⚡ { $player }: { $symbol } — a gift for { $target }, now { dobble-n-cards }.
dobble-ev-wrong = Miss: { $symbol } is not the shared symbol. Your buttons are locked until the next card.
dobble-ev-locks-lifted = Everybody missed — locks are off, keep looking!
dobble-ev-duel-started = A tie for first place — a duel! Duellists: { $count }; one centre card and one card each; the quickest right press wins.
dobble-ev-duel-won = { $player } wins the duel: { $symbol }!
dobble-ev-mode-won = { dobble-mode-name }: { $player } wins!{ $match ->
    [true] { " " }{ dobble-n-points } for the place.
   *[false] { "" }
}
dobble-ev-match-won = { $player } wins the match with { dobble-n-points }!
dobble-ev-player-left = { $player } leaves the game; their cards are set aside: { $count }.
dobble-ev-walkover = Only { $player } is left at the table — victory!

## Errors (presses that did not count)

dobble-err-bad-action = That action makes no sense here.
dobble-err-bad-options = These table options do not work.
dobble-err-player-count = Dobble is for { $min } to { $max } players.
dobble-err-duplicate-player = One player cannot take two seats.
dobble-err-not-a-player = You are not playing in this game.
dobble-err-over = The game is over.
dobble-err-second = 🥈 Right, but { $winner } was first: { $symbol }.
dobble-err-old-card = ⌛ That was an old card — it is no longer in play.
dobble-err-not-yet = ⏳ Too early — the next card is not up yet.
dobble-err-locked = 🔒 You already missed on this card — wait for the next one.
dobble-err-not-on-card = That symbol is on neither card.
dobble-err-not-in-duel = A duel is on — only the duellists press.

## The classic set's symbols: dobble-symbol-<id> — the emoji, dobble-symbol-<id>-name — its name.
## Another set <set>: dobble-set-<set>-<id> and dobble-set-<set>-<id>-name.

dobble-symbol-0 = 🐘
dobble-symbol-0-name = elephant
dobble-symbol-1 = 🐢
dobble-symbol-1-name = turtle
dobble-symbol-2 = 🐙
dobble-symbol-2-name = octopus
dobble-symbol-3 = 🦋
dobble-symbol-3-name = butterfly
dobble-symbol-4 = 🐌
dobble-symbol-4-name = snail
dobble-symbol-5 = 🐧
dobble-symbol-5-name = penguin
dobble-symbol-6 = 🦒
dobble-symbol-6-name = giraffe
dobble-symbol-7 = 🦀
dobble-symbol-7-name = crab
dobble-symbol-8 = 🐝
dobble-symbol-8-name = bee
dobble-symbol-9 = 🐳
dobble-symbol-9-name = whale
dobble-symbol-10 = 🦉
dobble-symbol-10-name = owl
dobble-symbol-11 = 🦊
dobble-symbol-11-name = fox
dobble-symbol-12 = 🐷
dobble-symbol-12-name = pig
dobble-symbol-13 = 🦄
dobble-symbol-13-name = unicorn
dobble-symbol-14 = 🐇
dobble-symbol-14-name = rabbit
dobble-symbol-15 = 🦜
dobble-symbol-15-name = parrot
dobble-symbol-16 = 🍌
dobble-symbol-16-name = banana
dobble-symbol-17 = 🍓
dobble-symbol-17-name = strawberry
dobble-symbol-18 = 🍉
dobble-symbol-18-name = watermelon
dobble-symbol-19 = 🍍
dobble-symbol-19-name = pineapple
dobble-symbol-20 = 🥕
dobble-symbol-20-name = carrot
dobble-symbol-21 = 🍇
dobble-symbol-21-name = grapes
dobble-symbol-22 = 🍄
dobble-symbol-22-name = mushroom
dobble-symbol-23 = 🍕
dobble-symbol-23-name = pizza
dobble-symbol-24 = 🍩
dobble-symbol-24-name = doughnut
dobble-symbol-25 = 🍦
dobble-symbol-25-name = ice cream
dobble-symbol-26 = 🍔
dobble-symbol-26-name = burger
dobble-symbol-27 = 🍭
dobble-symbol-27-name = lollipop
dobble-symbol-28 = 🌵
dobble-symbol-28-name = cactus
dobble-symbol-29 = 🌻
dobble-symbol-29-name = sunflower
dobble-symbol-30 = 🍀
dobble-symbol-30-name = clover
dobble-symbol-31 = 🌈
dobble-symbol-31-name = rainbow
dobble-symbol-32 = ⭐
dobble-symbol-32-name = star
dobble-symbol-33 = ⚡
dobble-symbol-33-name = lightning
dobble-symbol-34 = 🔥
dobble-symbol-34-name = fire
dobble-symbol-35 = 💧
dobble-symbol-35-name = droplet
dobble-symbol-36 = ⛄
dobble-symbol-36-name = snowman
dobble-symbol-37 = ⚽
dobble-symbol-37-name = ball
dobble-symbol-38 = 🎸
dobble-symbol-38-name = guitar
dobble-symbol-39 = 🎈
dobble-symbol-39-name = balloon
dobble-symbol-40 = 🔑
dobble-symbol-40-name = key
dobble-symbol-41 = 🏠
dobble-symbol-41-name = house
dobble-symbol-42 = 💡
dobble-symbol-42-name = light bulb
dobble-symbol-43 = 🚲
dobble-symbol-43-name = bicycle
dobble-symbol-44 = 🚀
dobble-symbol-44-name = rocket
dobble-symbol-45 = 🚗
dobble-symbol-45-name = car
dobble-symbol-46 = ⚓
dobble-symbol-46-name = anchor
dobble-symbol-47 = ☔
dobble-symbol-47-name = umbrella
dobble-symbol-48 = 🎁
dobble-symbol-48-name = gift
dobble-symbol-49 = 🎩
dobble-symbol-49-name = top hat
dobble-symbol-50 = 👓
dobble-symbol-50-name = glasses
dobble-symbol-51 = 👑
dobble-symbol-51-name = crown
dobble-symbol-52 = 🔨
dobble-symbol-52-name = hammer
dobble-symbol-53 = 💣
dobble-symbol-53-name = bomb
dobble-symbol-54 = 🎲
dobble-symbol-54-name = die
dobble-symbol-55 = 🤖
dobble-symbol-55-name = robot
dobble-symbol-56 = ⛵
dobble-symbol-56-name = sailboat
dobble-final-score = { $score } { $score ->
    [one] point
   *[other] points
}
dobble-hand-locked = 🔒 A miss — you may press again when the next card comes.

## Cards in the Mini App: what a screen reader says

dobble-art-centre = Centre card: { $symbols }
dobble-art-own = Your card: { $symbols }
dobble-art-outer = A card around the centre: { $symbols }
dobble-art-top = { $player }'s card: { $symbols }

## The coach's hints (one line each, after “💡”): the move, and why
dobble-hint-spot = Press { $symbol }: your card shares it with the centre
dobble-hint-gift = Press { $symbol } on the card of { $player }: it is on the centre too, and they hold the fewest cards
dobble-hint-move = Make that move: the expert's choice here
