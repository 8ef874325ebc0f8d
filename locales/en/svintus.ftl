## Svintus: cards, referee announcements and rule errors (English).
## $player, $target, $catcher, $from_player are player names; $card is a card name.

svintus-n-cards = { $count ->
    [one] { $count } card
   *[other] { $count } cards
}

svintus-game-name = Svintus

## Colours and cards

svintus-color-red = red
svintus-color-orange = orange
svintus-color-green = green
svintus-color-blue = blue
svintus-emoji-red = 🟥
svintus-emoji-orange = 🟧
svintus-emoji-green = 🟩
svintus-emoji-blue = 🟦
svintus-emoji-none = 🌈

svintus-card-number = { $emoji } { $value }
svintus-card-grab = { $emoji } Grab
svintus-card-snore = { $emoji } Snore
svintus-card-turnabout = { $emoji } Turnabout
svintus-card-hush = { $emoji } Hush
svintus-card-hoofslap = { $emoji } Hoofslap
svintus-card-polypig = { $emoji } Polypig

## Referee announcements (engine events)

svintus-ev-round-started = Round { $round }! The first card is { $card }; { $player } starts.
svintus-ev-start-card-returned = { $card } can't open a round, so it goes back into the deck.
svintus-ev-played = { $player } plays { $card }.
svintus-ev-intercepted = Intercept! { $player } snaps { $card } out of turn and takes play from { $from_player }.
svintus-ev-transferred = { $player } passes it on with { $card }!
svintus-ev-grab-aimed = { $player } must take { svintus-n-cards } — or pass the Grab on.
svintus-ev-snore-aimed = { $player } dozes off — unless they pass the Snore on.
svintus-ev-grab-taken = { $player } takes { svintus-n-cards } and loses the turn.
svintus-ev-snore-taken = { $player } sleeps through their turn.
svintus-ev-last-grab = A parting Grab: { $player } takes { svintus-n-cards }.
svintus-ev-direction = { $player } turns the table around: play now goes { $clockwise ->
    [true] clockwise
   *[false] counter-clockwise
}.
svintus-ev-color-needed = { $player } played a Polypig and must name a colour.
svintus-ev-color-chosen = { $player } names { $color ->
    [red] red
    [orange] orange
    [green] green
   *[blue] blue
}.
svintus-ev-color-auto = The referee names { $color ->
    [red] red
    [orange] orange
    [green] green
   *[blue] blue
} for { $player }.
svintus-ev-silence-started = Shh! { $player } calls for silence. Not a word in the chat until play comes back round to them.
svintus-ev-silence-ended = The silence is over — talk away.
svintus-ev-slap-race = Hoofslap by { $player }! Everybody press «Slap!» — the slowest pig takes 2.
svintus-ev-slapped = { $player } slaps ({ $place ->
    [1] first
    [2] second
    [3] third
   *[other] number { $place }
}).
svintus-ev-slap-all-in = Everybody slapped; { $player } was the slowest.
svintus-ev-drew = { $player } draws { svintus-n-cards }.
svintus-ev-draw-skipped = Nothing left to draw: { $player } just passes.
svintus-ev-passed = { $player } keeps the drawn card and passes.
svintus-ev-deck-reshuffled = The deck ran out: { svintus-n-cards } from the pile are shuffled into a new one.
svintus-ev-declared = «Svintus!» — { $player } is down to the last card.
svintus-ev-catch-too-early = { $player } tries to catch { $target }, but it's too early — no penalty.
svintus-ev-penalty-caught = Caught! { $catcher } caught { $player } with one card and no «Svintus!»: { $player } takes { svintus-n-cards }.
svintus-ev-penalty-slap-last = { $player } was the last to slap and takes { svintus-n-cards }.
svintus-ev-penalty-slap-missed = { $player } didn't slap in time and takes { svintus-n-cards }.
svintus-ev-penalty-silence = { $player } broke the silence and takes { svintus-n-cards }.
svintus-ev-timeout = { $player } took too long: the referee draws a card for them and play moves on.
svintus-ev-away = { $player } seems to be away; the referee plays for them until they're back.
svintus-ev-back = { $player } is back.
svintus-ev-round-won = { $player } wins the round and scores { $points } { $points ->
    [one] point
   *[other] points
} (total { $score }).
svintus-ev-match-won = { $player } wins the match with { $score } { $score ->
    [one] point
   *[other] points
}!
svintus-ev-walkover = Everyone else left: { $player } wins the match.
svintus-ev-abandoned = Everyone left; the game is over.
svintus-ev-player-left = { $player } leaves the table; their { svintus-n-cards } go back into the deck.
svintus-ev-player-joined = { $player } joins the table and will be dealt in next round.
svintus-ev-attack-cancelled = { $player } left, so the pending card goes nowhere.

## Rule errors (short answers to a press)

svintus-err-bad-action = That move doesn't exist.
svintus-err-bad-options = Those table settings aren't valid.
svintus-err-player-count = Svintus needs { $min } to { $max } players.
svintus-err-duplicate-player = Someone is seated twice.
svintus-err-not-a-player = You're not playing in this game.
svintus-err-match-over = This game is already over.
svintus-err-round-over = The round is over — wait for the next one.
svintus-err-not-between-rounds = That's only possible between rounds.
svintus-err-already-seated = You're already at the table.
svintus-err-table-full = The table is full.
svintus-err-not-your-turn = Not your turn — out of turn only an identical card can intercept.
svintus-err-not-in-hand = You don't have that card.
svintus-err-too-late = Too late — the top card has changed.
svintus-err-no-match = That card doesn't match the top card.
svintus-err-not-identical = Only the very same card can intercept now.
svintus-err-start-card = The first card of a round can't be intercepted.
svintus-err-must-answer-attack = Pass it on with the same card or accept it.
svintus-err-nothing-to-accept = There's nothing for you to accept.
svintus-err-choose-color-first = Name a colour first.
svintus-err-no-color-to-choose = There's no colour for you to name.
svintus-err-only-drawn-card = After drawing you may only play the card you drew.
svintus-err-already-drew = You've already drawn this turn.
svintus-err-must-play = You have a card that fits — play it.
svintus-err-cannot-pass = You can pass only after drawing.
svintus-err-race-on = Slap first!
svintus-err-no-race = There's nothing to slap.
svintus-err-already-slapped = You've already slapped.
svintus-err-cannot-declare = «Svintus!» is for when you're down to your last card.
svintus-err-nobody-to-catch = There's nobody to catch.
svintus-err-no-silence = There's no silence right now.
