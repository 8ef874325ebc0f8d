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

## Metamorphoses: the animals

svintus-color-named = { $color ->
    [red] red
    [orange] orange
    [green] green
   *[blue] blue
}

animal-hedgehog-light = Hedgehog
animal-hedgehog-dark = Porcupine
animal-hedgehog-light-rule = When an opponent intercepts, press «Hedgehog takes!» and take 1 card before the reaction window closes; too late costs 2.
animal-hedgehog-dark-rule = Instead of a turn: every opponent takes a card.
animal-squirrel-light = Leaping Squirrel
animal-squirrel-dark = Flying Squirrel
animal-squirrel-light-rule = Whatever you must take (penalties too) comes from the pile, just under its top card; if it runs short, the rest from the deck.
animal-squirrel-dark-rule = Instead of a turn: give 2 cards of your choice to an opponent of your choice.
animal-polite-pig-light = Polite Pig
animal-polite-pig-dark = Boor Hog
animal-polite-pig-light-rule = Well-mannered: you may not play a number higher than the number on top.
animal-polite-pig-dark-rule = Instead of a turn: slip up to 2 cards from your hand under the deck.
animal-turtle-light = Turtle
animal-turtle-dark = Ninja Turtle
animal-turtle-light-rule = Too slow: you may not intercept.
animal-turtle-dark-rule = Instead of a turn: lay down 2 or 3 numbers of one value at once; the first must fit, the last ends on top.
animal-owl-light = Owl
animal-owl-dark = Eagle-Owl
animal-owl-light-rule = You always see the top card of the deck.
animal-owl-dark-rule = Instead of a turn: look at an opponent's hand and swap one of your cards for one of theirs.
animal-cat-light = Cat
animal-cat-dark = Tomcat
animal-cat-light-rule = In a slap race the cards never go to you.
animal-cat-dark-rule = Instead of a turn: start a slap race as a Hoofslap would; you can't lose it.
animal-hare-light = Hare
animal-hare-dark = Mad Hare
animal-hare-light-rule = Faint-hearted: you may not pass on a Grab or a Snore.
animal-hare-dark-rule = Instead of a turn: turn the table around; the next player in the new direction loses a turn.
animal-fox-light = Fox
animal-fox-dark = Silver Fox
animal-fox-light-rule = When you intercept, whoever's turn you took takes 1 card.
animal-fox-dark-rule = Instead of a turn: snatch a random card from an opponent, then give them 2 cards of your choice.
animal-rooster-light = Rooster
animal-rooster-dark = Alarm Rooster
animal-rooster-light-rule = A Snore can't put you to sleep: it moves on to the next player (not a transfer, no flip).
animal-rooster-dark-rule = Instead of a turn: every opponent holding fewer cards than you takes 1.
animal-cow-light = Cow
animal-cow-dark = Minotaur
animal-cow-light-rule = You may not play a Polypig.
animal-cow-dark-rule = Instead of a turn: name a colour — every opponent with no card of it takes 2.
animal-bear-light = Bear
animal-bear-dark = Roaming Bear
animal-bear-light-rule = When you draw instead of playing, draw 2; you may play one of them if it fits.
animal-bear-dark-rule = Instead of a turn: shuffle your hand with an opponent's and deal again — half rounded up to them, the rest to you.
animal-donkey-light = Donkey
animal-donkey-dark = Stubborn Mule
animal-donkey-light-rule = If you can play, you must: no drawing while you hold a card that fits.
animal-donkey-dark-rule = Instead of a turn: pick an opponent — they lose their next turn.
animal-mouse-light = Mouse
animal-mouse-dark = Bat
animal-mouse-light-rule = Whenever you must take 3 or more cards at once, take 1 fewer.
animal-mouse-dark-rule = Instead of a turn: drop any card from your hand on the pile, fit or not; its effect does not happen.
animal-chameleon-light = Chameleon
animal-chameleon-dark = Shapeshifter
animal-chameleon-light-rule = While a Polypig is on top, any number fits for you.
animal-chameleon-dark-rule = Instead of a turn: give the pile a new colour, then play a card that fits it (or take 1).
animal-elephant-light = Elephant
animal-elephant-dark = Mammoth
animal-elephant-light-rule = Your Grab makes its victim take 4, not 3 (a transfer still adds 3).
animal-elephant-dark-rule = Instead of a turn: the next two players in turn order each lose a turn.

## Metamorphoses: the referee's announcements

svintus-ev-flipped-dark = 🌑 { $player } turns to the dark side: meet the { $animal }!
svintus-ev-flipped-light = ☀️ { $player } is back in the light: { $animal }.
svintus-ev-ability-cancelled = { $player } thought better of the dark side.
svintus-ev-took = { $player } takes { svintus-n-cards }.
svintus-ev-turn-lost = { $player } loses a turn.
svintus-ev-from-pile = Squirrel { $player } takes { svintus-n-cards } from the pile, not the deck.
svintus-ev-mouse-spared = Mouse { $player } slips through: takes one fewer, { svintus-n-cards }.
svintus-ev-rooster-passes = Rooster { $player } won't sleep — the Snore moves on to { $target }.
svintus-ev-fox-bite = Fox { $player } bites: { $target } takes { svintus-n-cards }.
svintus-ev-hedgehog-duty = Hedgehog { $player }, your cue: press «Hedgehog takes!» before it's too late.
svintus-ev-hedgehog-took = Hedgehog { $player } dutifully takes { svintus-n-cards }.
svintus-ev-penalty-duty-missed = Hedgehog { $player } dozed off — { svintus-n-cards } as a penalty.
svintus-ev-porcupine = Porcupine { $player } bristles: every opponent takes a card!
svintus-ev-flying-squirrel = Flying Squirrel { $player } glides { svintus-n-cards } over to { $target }.
svintus-ev-boor-hog = Boor Hog { $player } shoves { svintus-n-cards } under the deck.
svintus-ev-ninja = Ninja Turtle { $player } strikes with { svintus-n-cards } at once, { $card } on top!
svintus-ev-eagle-owl-looks = Eagle-Owl { $player } peers into { $target }'s hand…
svintus-ev-eagle-owl-swaps = …and swaps one card with them.
svintus-ev-tomcat = Tomcat { $player } raises havoc: everybody slap!
svintus-ev-mad-hare = Mad Hare { $player } spins the table { $clockwise ->
    [true] clockwise
   *[false] counter-clockwise
}, and { $target } loses a turn.
svintus-ev-silver-fox-takes = Silver Fox { $player } snatches a card from { $target }…
svintus-ev-silver-fox-gives = …and gives back { svintus-n-cards }.
svintus-ev-alarm-rooster = Alarm Rooster { $player } crows: whoever holds fewer cards takes one!
svintus-ev-minotaur = Minotaur { $player } bellows “{ svintus-color-named }!” Whoever has no such colour takes 2.
svintus-ev-roaming-bear = Roaming Bear { $player } mixes their cards with { $target }'s: { $count } to them, { $mine } to the bear.
svintus-ev-mule = Stubborn Mule { $player } digs in: { $target } will lose their next turn.
svintus-ev-bat = Bat { $player } drops { $card } on the pile — it does nothing.
svintus-ev-shapeshifter = Shapeshifter { $player } repaints the pile: now it's { svintus-color-named }.
svintus-ev-mammoth = Mammoth { $player } stomps: the next two players lose a turn.

## Metamorphoses: errors

svintus-err-no-animal = You have no animal — Metamorphoses are off.
svintus-err-not-dark = Your animal shows its light side: an intercept or a transfer turns it dark.
svintus-err-ability-on = Finish the dark ability first.
svintus-err-ability-cannot = Your animal has nothing to do it with right now.
svintus-err-no-ability-step = That isn't the choice to make now.
svintus-err-bad-target = Pick an opponent at the table.
svintus-err-bad-pick = You can't pick that card now.
svintus-err-pick-more = Pick more cards: at least { $count }.
svintus-err-cannot-cancel = Too late to back out: you've started.
svintus-err-no-duty = There's nothing for you to take now.
svintus-err-animal-no-intercept = The Turtle can't keep up: no intercepts.
svintus-err-animal-no-transfer = The Hare is too scared to pass it on.
svintus-err-animal-no-polypig = No Polypigs for the Cow.
svintus-err-animal-number-too-high = The Polite Pig never plays a number higher than the top one.
