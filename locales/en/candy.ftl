## Candy Empire: characters, referee announcements, prompts and rule errors (English).
## $player, $target, $by, $partner are player names; $card and $discarded are card names
## (the bot shows a card by its character's name); $character is a character's name.

candy-n-cards = { $count ->
    [one] { $count } card
   *[other] { $count } cards
}

candy-n-cards-acc = { candy-n-cards }

candy-n-snatchers = { $count ->
    [one] { $count } Snatcher
   *[other] { $count } Snatchers
}

candy-n-candies = { $score ->
    [one] { $score } candy
   *[other] { $score } candies
}

candy-n-points = { $points ->
    [one] { $points } point
   *[other] { $points } points
}

## Characters: names and short rules

candy-card-boss = Boss
candy-card-boss-rule = May take 3 cards from the deck, then put any 2 from the hand back on top in the order of your choice. Then no draw at the end of the turn.
candy-card-lawyer = Lawyer
candy-card-lawyer-rule = Play it openly to the discard: look through the pile, put one card from it into your empire and use that card as if just played. Not this very Lawyer.
candy-card-detective = Detective
candy-card-detective-rule = Must: every other player gives up one Candy Thief, Candy Buyer or Boss of their choice from their empire.
candy-card-pickpocket = Pickpocket
candy-card-pickpocket-rule = Each two Pickpockets in your empire earn 2 more candies at the end.
candy-card-candy_thief = Candy Thief
candy-card-candy_thief-rule = Play it openly to the discard: move any card from another empire into yours. That card's ability stays asleep.
candy-card-hitman = Hitman
candy-card-hitman-rule = May discard one card from any empire, yours too. Never a Kidnapper.
candy-card-snatcher = Snatcher
candy-card-snatcher-rule = When a Judge or a Policeman is aimed at you, discard two unprotected Snatchers from your empire to cancel it. Useless against the Sly Cop.
candy-card-policeman = Policeman
candy-card-policeman-rule = May bring one Pickpocket or Snatcher from another empire into yours. Its ability stays asleep.
candy-card-kidnapper = Kidnapper
candy-card-kidnapper-rule = Must name a character: all its cards leave every empire, and for the rest of the game it can't be played into an empire or taken from the discard. Does nothing while anyone's hand is empty.
candy-card-candy_buyer = Candy Buyer
    .button = Buyer
candy-card-candy_buyer-rule = At the end: 2 candies for each Snatcher and each Candy Thief in your empire. Only one Buyer counts.
candy-card-judge = Judge
candy-card-judge-rule = Must swap your whole hand with another player's. Whoever ends with 2 cards draws a third. Skipped when the deck can't pay for that draw.
candy-card-trader = Trader
candy-card-trader-rule = No ability — just plenty of candies.
candy-card-sly_cop = Sly Cop
    .button = Sly Cop
candy-card-sly_cop-rule = Must take every Snatcher from the discard into your empire; with none there, up to 2 from the player who has the most. Can't be blocked.

## Choices, modes and table options

candy-choice-take = Take 3 cards
candy-mode-defenceless = Defenceless
candy-mode-no_limits = No Limits
candy-mode-open_discard = Know-it-all
candy-option-reaction_window_ms = ⚡ Block window: { $n } s
candy-option-turn_timer_ms = ⏱ Turn timer: { $n ->
    [0] off
   *[other] { $n } s
}
candy-option-team_game = 👥 Teams: { $state }
candy-option-big_game = 🏆 Big game: { $state }
candy-option-break_ms = ☕ Break: { $n } s
candy-option-defenceless = 🛡 Defenceless: { $state }
candy-option-no_limits = ♾ No Limits: { $state }
candy-option-open_discard = 👁 Know-it-all: { $state }
candy-protected = protected
candy-score-line = { $score } = cards { $cards } + Buyer { $buyer } + Pickpockets { $pickpockets } + combos { $combos }

candy-rules = <b>Candy Empire in short</b>
    Build the sweetest empire. Each of you holds 3 cards; on your turn do one thing:
    • play a card into your empire (its ability goes off — you may skip it unless it is a must), or play a Candy Thief or a Lawyer openly to the discard for its ability;
    • discard a card face down to protect one card in your empire: nothing can touch it any more, yet it still scores and combines;
    • discard a card face down and do nothing.
    Then draw back up to 3 (not after using the Boss). The discard pile is closed: nobody looks into it unless a card says so.
    Two Snatchers in your empire can cancel a Judge or a Policeman aimed at you — answer within the block window.
    The game ends when play should pass to a player with an empty hand. Score: the candies on your cards; +2 per Snatcher and Candy Thief if you have a Candy Buyer; +2 per pair of Pickpockets; and the pairs: Buyer+Thief 5, Policeman+Snatcher 3, Judge+Hitman 7, Lawyer+Boss 3, Kidnapper+Pickpocket 5, Detective+Sly Cop 7 (the last two with 3–4 players). Most candies wins; ties share the win.
    Options: team game (4 players, partners alternate), big game (5 games, places earn 3/2/1), Defenceless, No Limits, Know-it-all.
    In the bot: in your private chat with me tap a card, then a move; abilities ask their choices with buttons there too. The block button shows only to the player a Judge or a Policeman is aimed at, and only while the window is open.

## Referee announcements (engine events)

candy-ev-started = The candy wars begin! { $player } moves first; the deck holds { candy-n-cards }.
candy-ev-big-game-started = Game { $game } of { $games } begins — { $player } moves first.
candy-ev-setup-discard = { candy-n-cards } { $count ->
    [one] goes
   *[other] go
} face down to the discard.
candy-ev-played = { $player } plays a { $card } into their empire.
candy-ev-played-for-ability = { $player } plays a { $card } openly to the discard.
candy-ev-protected = { $player } discards a card face down and protects their { $card }.
candy-ev-protected-open = { $player } discards a { $discarded } to protect their { $card }.
candy-ev-discarded = { $player } discards a card face down.
candy-ev-discarded-open = { $player } discards a { $card }.
candy-ev-declined = { $player } lets their { $card } rest.
candy-ev-no-effect = { $player }'s { $card } finds nothing to do.
candy-ev-drew = { $player } draws { candy-n-cards }.
candy-ev-drew-card = You draw a { $card }.
candy-ev-hand-limit = { $player } has too many cards: { candy-n-cards } shuffled back into the deck.
candy-ev-boss-took = { $player }'s Boss takes { candy-n-cards } from the deck.
candy-ev-boss-returned = { $player } puts { candy-n-cards } back on top of the deck.
candy-ev-lawyer-looks = { $player }'s Lawyer looks through the discard pile…
candy-ev-lawyer-took = { $player }'s Lawyer brings a { $card } back from the discard.
candy-ev-thief-took = { $player }'s Candy Thief takes { $target }'s { $card }.
candy-ev-thief-back = { $player }'s { $card } slips back into the discard.
candy-ev-hitman = { $player }'s Hitman removes { $target }'s { $card }.
candy-ev-policeman = { $player }'s Policeman brings in { $target }'s { $card }.
candy-ev-detective = { $player }'s Detective is on the case: every other player gives up a Candy Thief, a Candy Buyer or a Boss.
candy-ev-detective-gave = { $player } gives up their { $card }.
candy-ev-kidnapped = { $player }'s Kidnapper names the { $character }: it leaves the empires ({ candy-n-cards }) and is banned for the rest of the game.
candy-ev-kidnapper-idle = { $player }'s Kidnapper does nothing: { $target } has no cards in hand.
candy-ev-judge-swapped = { $player }'s Judge swaps hands with { $target }.
candy-ev-judge-skipped = { $player }'s Judge has no hand to swap with.
candy-ev-sly-cop-discard = { $player }'s Sly Cop fishes { candy-n-snatchers } out of the discard.
candy-ev-sly-cop-took = { $player }'s Sly Cop takes { candy-n-snatchers } from { $target }.
candy-ev-window-open = { $by }'s { $card } is aimed at { $player } — two Snatchers can block it!
candy-ev-blocked = Blocked! { $player } throws two Snatchers at { $by }'s { $card }.
candy-ev-not-blocked = { $player } does not block.
candy-ev-timeout = { $player } ran out of time; the referee moves for them.
candy-ev-left = { $player } leaves the table; their hand ({ candy-n-cards }) goes under the deck. Their empire stays.
candy-ev-game-over = The game is over — time to count the candies!
candy-ev-score = { $player }: { candy-n-candies }.
candy-ev-won = 🏆 { $player } wins with { candy-n-candies }!
candy-ev-team-score = { $player } and { $partner }: { candy-n-candies } together.
candy-ev-team-won = 🏆 { $player } and { $partner } win with { candy-n-candies }!
candy-ev-place = { $player } takes place { $place } and earns { candy-n-points }.
candy-ev-match-won = 🏆 { $player } wins the big game: { candy-n-points }, { candy-n-candies } in all.

## Prompts

candy-prompt-boss-use = Use the Boss: take 3 cards from the deck?
candy-prompt-boss-return = Choose { $count ->
    [one] the card
   *[other] { $count } cards
} to put back on top of the deck — the first you choose ends on top.
candy-prompt-lawyer = Choose a card from the discard pile for your empire.
candy-prompt-thief = Which card does your Candy Thief take?
candy-prompt-hitman = Which card does your Hitman remove?
candy-prompt-policeman = Which Pickpocket or Snatcher does your Policeman bring in?
candy-prompt-detective = { $player }'s Detective: which card do you give up?
candy-prompt-kidnapper = Which character does your Kidnapper take away?
candy-prompt-judge = With whom does your Judge swap hands?
candy-prompt-sly-cop = From whom does your Sly Cop take the Snatchers?
candy-prompt-skip = Don't use it

## Rule errors

candy-err-bad-action = That move doesn't exist.
candy-err-bad-options = Those table settings aren't valid.
candy-err-player-count = Candy Empire takes { $min } to { $max } players.
candy-err-team-needs-four = The team game takes exactly 4 players.
candy-err-big-game-needs-three = The big game takes at least 3 players.
candy-err-duplicate-player = Each player takes one seat.
candy-err-not-a-player = You aren't playing at this table.
candy-err-has-left = You have left this game.
candy-err-game-over = The game is over.
candy-err-between-games = Wait for the next game to start.
candy-err-not-between-games = A game is already under way.
candy-err-not-your-turn = It's not your turn.
candy-err-already-acted = You have already moved this turn.
candy-err-answer-first = Finish your card's ability first.
candy-err-wait-reaction = Wait: a block window is open.
candy-err-not-in-hand = That card isn't in your hand.
candy-err-banned = The { $character } is banned by the Kidnapper: you may only discard it, or protect a card with it.
candy-err-no-discard-ability = Only a Candy Thief or a Lawyer is played to the discard for its ability.
candy-err-no-protecting = Defenceless mode: no protecting in this game.
candy-err-nothing-to-protect = Your empire has nothing left to protect.
candy-err-not-in-empire = You can only protect a card in your own empire.
candy-err-already-protected = That card is already protected.
candy-err-no-window = Nothing aimed at you to block.
candy-err-too-late = Too late — the block window has closed.
candy-err-need-two-snatchers = Blocking takes two unprotected Snatchers in your empire.

## In the bot: name, lobby, board, hand and buttons

candy-name = Candy Empire
candy-emoji = 🍬
candy-about = a mobster fight for candies for 2–4 players: build an empire, steal, protect and block — in teams or as a big game
candy-card-label = { $name } { $candies }
candy-option-card-mine = { $label } (yours)
candy-option-card-of = { $label } ({ $player })

candy-lobby-teams = 👥 Teams sit alternately: players 1 and 3 against players 2 and 4.
candy-lobby-big-game = 🏆 Big game: 5 games, places earn 3, 2 and 1 points; 3 players or more.
candy-lobby-legend =
    👥 teams — 4 players, partners alternate
    🏆 big game — 5 games, 3 players or more
    🛡 Defenceless — no protecting
    ♾ No Limits — two players with the full deck and every combo
    👁 Know-it-all — the discard pile is open to all
candy-lobby-modes = Modes: { $modes }

candy-board-title-big = { $title } · game { $game } of { $games }
candy-board-counts = 🂠 Deck: { $deck } · 🗑 Discard: { $discard }
candy-board-settings = ⚙ { $settings }
candy-board-timer = ⏱ { $n } s a turn
candy-board-banned = 🚫 Banned: { $characters }
candy-board-discard = 👁 In the discard: { $cards }
candy-board-pile-card = { $count ->
    [1] { $name }
   *[other] { $name } ×{ $count }
}
candy-board-player = <b>{ $player }</b> · 🃏 { $count } · 🍬 { $score }
candy-board-team-member = { $team } { $line }
candy-team-0 = 🔴
candy-team-1 = 🔵
candy-board-left = 🚪 out of the game
candy-board-empire = { "      " }{ $cards }
candy-board-empire-empty = empty
candy-board-protected = 🛡{ $label }
candy-board-combos = { "      " }✨ { $combos }
candy-board-combo = { $count ->
    [1] { $a } + { $b }: +{ $candies }
   *[other] { $a } + { $b } ×{ $count }: +{ $candies }
}
candy-board-breakdown = { "      " }🧮 { $line }
candy-board-team = { $team } { $player } + { $partner }: 🍬 { $score }
candy-board-reaction = ⚡ Block window: { $player } may cancel { $by }'s { $card } with two Snatchers ({ $seconds } s).
candy-board-break = ☕ Game { $game } of { $games } is over. The next one starts by itself — or press “Next game”.
candy-board-won = 🏆 { $count ->
    [one] { $players } wins!
   *[other] { $players } share the win!
}
candy-board-match-won = 🏆 Big game: { $count ->
    [one] { $players } wins!
   *[other] { $players } share the win!
}
candy-board-standings = <b>Big game after game { $game } of { $games }:</b>
candy-board-standing = { $player }: { candy-n-points }, { candy-n-candies }; places: { $places }

candy-hand-title = { $emoji } { $name } · { $chat }
candy-hand-not-seated = You are not playing at this table.
candy-hand-left = 🚪 You are out of the game; your empire stays on the table.
candy-hand-break = ☕ Game { $game } of { $games } is over — the next one is coming.
candy-hand-reaction = ⚡ <b>{ $by }'s { $card } is aimed at you!</b> Two unprotected Snatchers cancel it — you have { $seconds } s.
candy-hand-reaction-take = The Policeman wants your { $card }.
candy-hand-your-turn = ▶ <b>Your turn!</b> Pick a card.
candy-hand-card-moves = <b>{ $label }</b>: what to do with it?
candy-hand-protect-which = Discard <b>{ $label }</b> face down and protect — which card of your empire?
candy-hand-others-answer = ⏳ Waiting for the other players to answer.
candy-hand-waiting = ⏳ Not your turn yet.
candy-hand-cards = Your cards ({ $count }):
candy-hand-card = • <b>{ $label }</b> — { $rule }
candy-hand-card-banned = • 🚫 <b>{ $label }</b> — banned by the Kidnapper: you may only discard it or protect with it.
candy-hand-no-cards = No cards in hand.
candy-hand-empire = 🏰 Your empire: 🍬 { $score }
candy-hand-over = { $won ->
    [true] 🏆 The game is over — you win!
   *[false] The game is over: { $winners } won.
} Your candies: { $line }
candy-hand-match-over = { $won ->
    [true] 🏆 The big game is over — you win!
   *[false] The big game is over: { $winners } won.
} You have { candy-n-points } and { candy-n-candies }.

candy-button-empire = 🏰 Into my empire
candy-button-ability = 🎭 To the discard for its ability
candy-button-protect = 🛡 Discard to protect…
candy-button-protect-card = 🛡 { $label }
candy-button-discard = 🗑 Just discard it
candy-button-block = ✋ Block: discard 2 Snatchers
candy-button-allow = 👌 Don't block
candy-button-next-game = ▶ Next game
candy-answer-blocked = ✋ Blocked!
candy-final-score = { $score } { $score ->
    [one] candy
   *[other] candies
}
candy-option-away_after_timeouts = 💤 Away after { $n } timed-out turns in a row
candy-option-away_autoplay_ms = 💤 An away player's move after { $n } s
candy-ev-away = 💤 { $player } keeps running out of time: the bot plays for them, quickly, until any press brings them back.
candy-ev-away-you = 💤 Your turns keep running out, so the bot plays for you for now. Press any button to be back in the game.
candy-ev-back = 👋 { $player } is back in the game.
candy-flag-away = 💤
candy-hand-card-name = • <b>{ $label }</b>
candy-hand-tap-for-rule = 📖 Tap a card to see its rule here.

## Cards in the Mini App: what the drawn cards say, the characters' portraits

candy-art-card = { $label }: { $rule }
candy-art-banned-card = { $label } (banned by the Kidnapper)
candy-art-banned = Banned
candy-art-protect = 🛡 Discard to protect “{ $label }”
candy-art-deck = Deck
candy-art-discard = Discard: { $count }
candy-art-counts = Deck: { $deck }, discard: { $discard }.
candy-art-seat = { $player } · 🃏 { $count } · 🍬 { $score }
candy-art-winner = 🏆 { $line }
candy-art-emoji-boss = 🎩
candy-art-emoji-lawyer = 💼
candy-art-emoji-detective = 🔍
candy-art-emoji-pickpocket = 👛
candy-art-emoji-candy_thief = 🦝
candy-art-emoji-hitman = 🗡️
candy-art-emoji-snatcher = 🤏
candy-art-emoji-policeman = 👮
candy-art-emoji-kidnapper = 🥷
candy-art-emoji-candy_buyer = 💰
candy-art-emoji-judge = ⚖️
candy-art-emoji-trader = 🍫
candy-art-emoji-sly_cop = 🕵️

## The coach's hints (one line each, after “💡”): the move, and why
candy-hint-empire = Put { $card } into your empire: { $count ->
    [one] { $count } candy
   *[other] { $count } candies
} more against the best rival
candy-hint-empire-least = Put { $card } into your empire: the least costly of your moves
candy-hint-ability = Put { $card } into your empire: its ability pays now
candy-hint-thief = Play { $card } to the discard: it steals the best card in reach
candy-hint-lawyer = Play { $card } to the discard: it brings back a card of the discard
candy-hint-protect = Protect { $protected } with { $card }: your card stays safe
candy-hint-discard = Discard { $card }: it is worth least to you
candy-hint-block = Block: letting it happen costs you more
candy-hint-allow = Let it happen: a block would cost more than it saves
candy-hint-move = { $move ->
    [next_game] Start the next game
   *[other] Make that move
}: the expert's choice here
