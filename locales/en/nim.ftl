## Nim: the worked example of docs/architecture.md (English).
## $player — a player's name; $count, $left, $n, $cards, $most, $max, $min — numbers.

nim-name = Nim
nim-emoji = 🪵
nim-about = take one to three cards from the pile in turn; whoever takes the last one wins
nim-rules = <b>Nim in a nutshell</b>
    One pile of cards (21 unless the lobby says otherwise). Who starts is drawn by lot.
    • In turn, each player takes 1 to 3 cards from the pile (the lobby may allow up to 5).
    • Whoever takes the last card wins.
    • A turn that runs out takes one card for the player.
    • A player who leaves puts their cards back on the pile; the last one at the table wins.

nim-lobby = { $cards ->
    [one] A pile of { $cards } card
   *[other] A pile of { $cards } cards
}; take up to { $most } at once.
nim-button-cards = 🃏 { $n ->
    [one] { $n } card
   *[other] { $n } cards
}
nim-button-most = ✋ up to { $n }
nim-button-timer = ⏱ { $s ->
    [0] no timer
   *[other] { $s } s
}
nim-button-take = Take { $n }
nim-pile = The pile: <b>{ $count }</b>
nim-board-player = { $player }: { $count }
nim-hand-your-turn = Your turn: how many do you take?

nim-ev-took = { $player } takes { $count } ({ $left } left).
nim-ev-timed-out = { $player }'s time ran out: one card taken for them.
nim-ev-won = { $player } takes the last card and wins!
nim-ev-player-left = { $player } leaves; their cards go back on the pile ({ $count }).

nim-err-bad-action = That is no move of Nim.
nim-err-bad-options = Those options do not make a game of Nim.
nim-err-player-count = Nim is for { $min } to { $max } players.
nim-err-not-your-turn = It is not your turn.
nim-err-too-many = You may take at most { $max }.
nim-err-over = The game is over.

## The coach's hints (one line each, after “💡”): the move, and why
nim-hint-win = Take { $count }: it leaves { $left }, a multiple of { $step }, the winning line
nim-hint-any = Take { $count }: it leaves { $left }; no take wins by force now, so wait for a slip
nim-hint-move = Make that move: the expert's choice here
