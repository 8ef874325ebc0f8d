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
svintus-card-grab = { $emoji } { svintus-kind-grab }
svintus-card-snore = { $emoji } { svintus-kind-snore }
svintus-card-turnabout = { $emoji } { svintus-kind-turnabout }
svintus-card-hush = { $emoji } { svintus-kind-hush }
svintus-card-hoofslap = { $emoji } { svintus-kind-hoofslap }
svintus-card-polypig = { $emoji } { svintus-kind-polypig }
svintus-kind-grab = Grab
svintus-kind-snore = Snore
svintus-kind-turnabout = Turnabout
svintus-kind-hush = Hush
svintus-kind-hoofslap = Hoofslap
svintus-kind-polypig = Polypig

## Referee announcements (engine events)

svintus-ev-round-started = Round { $round }! The first card is { $card }; { $player } starts.
svintus-ev-start-card-returned = { $card } can't open a round, so it goes back into the deck.
svintus-ev-played = { $player } plays { $card }.
svintus-ev-intercepted = Intercept! { $player } snaps { $card } out of turn and takes play from { $from_player }.
svintus-ev-intercepted-own = Intercept! { $player } plays { $card }, a twin of the top card.
svintus-ev-transferred = { $player } passes it on with { $card }!
svintus-ev-grab-aimed = ⚠️ A Grab on { $player }: take { svintus-n-cards } or pass it on.
svintus-ev-snore-aimed = 😴 A Snore on { $player }: lose the turn or pass it on.
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
svintus-ev-slap-race = Hoofslap by { $player }! Everybody press “Slap!” — the slowest pig takes 2.
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
svintus-ev-deck-reshuffled = The deck ran out: the pile ({ svintus-n-cards }) is shuffled into a new one.
svintus-ev-declared = “Svintus!” — { $player } is down to the last card.
svintus-ev-catch-too-early = { $player } tries to catch { $target }, but it's too early — no penalty.
svintus-ev-penalty-caught = Caught! { $catcher } caught { $player } with one card and no “Svintus!”: { $player } takes { svintus-n-cards }.
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
svintus-ev-player-left = { $player } leaves the table; their cards ({ $count }) go back into the deck.
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
svintus-err-no-race = Too late — that slap race is over.
svintus-err-already-slapped = You've already slapped.
svintus-err-cannot-declare = “Svintus!” is for when you're down to your last card.
svintus-err-nobody-to-catch = There's nobody to catch.
svintus-err-catch-yourself = You're the one down to one card: press “🐽 Svintus!” in your hand before someone catches you.
svintus-err-no-silence = There's no silence right now.

## Metamorphoses: the animals

svintus-animal-hedgehog-light-emoji = 🦔
svintus-animal-hedgehog-dark-emoji = 🌵
svintus-animal-squirrel-light-emoji = 🐿
svintus-animal-squirrel-dark-emoji = 🪂
svintus-animal-polite-pig-light-emoji = 🐷
svintus-animal-polite-pig-dark-emoji = 🐗
svintus-animal-turtle-light-emoji = 🐢
svintus-animal-turtle-dark-emoji = 🥷
svintus-animal-owl-light-emoji = 🦉
svintus-animal-owl-dark-emoji = 🌙
svintus-animal-cat-light-emoji = 🐱
svintus-animal-cat-dark-emoji = 😼
svintus-animal-hare-light-emoji = 🐰
svintus-animal-hare-dark-emoji = 🐇
svintus-animal-fox-light-emoji = 🦊
svintus-animal-fox-dark-emoji = 🦝
svintus-animal-rooster-light-emoji = 🐓
svintus-animal-rooster-dark-emoji = ⏰
svintus-animal-cow-light-emoji = 🐄
svintus-animal-cow-dark-emoji = 🐂
svintus-animal-bear-light-emoji = 🐻
svintus-animal-bear-dark-emoji = 🐾
svintus-animal-donkey-light-emoji = 🫏
svintus-animal-donkey-dark-emoji = 🪨
svintus-animal-mouse-light-emoji = 🐭
svintus-animal-mouse-dark-emoji = 🦇
svintus-animal-chameleon-light-emoji = 🦎
svintus-animal-chameleon-dark-emoji = 🌀
svintus-animal-elephant-light-emoji = 🐘
svintus-animal-elephant-dark-emoji = 🦣


svintus-color-named = { $color ->
    [red] red
    [orange] orange
    [green] green
   *[blue] blue
}

svintus-animal-hedgehog-light = Hedgehog
svintus-animal-hedgehog-dark = Porcupine
svintus-animal-hedgehog-light-rule = When an opponent intercepts, press “Hedgehog takes!” and take 1 card before the reaction window closes; too late costs 2.
svintus-animal-hedgehog-dark-rule = Instead of a turn: every opponent takes a card.
svintus-animal-squirrel-light = Leaping Squirrel
    .button = Squirrel
svintus-animal-squirrel-dark = Flying Squirrel
svintus-animal-squirrel-light-rule = Whatever you must take (penalties too) comes from the pile, just under its top card; if it runs short, the rest from the deck.
svintus-animal-squirrel-dark-rule = Instead of a turn: give 2 cards of your choice to an opponent of your choice.
svintus-animal-polite-pig-light = Polite Pig
svintus-animal-polite-pig-dark = Boor Hog
svintus-animal-polite-pig-light-rule = Well-mannered: you may not play a number higher than the number on top.
svintus-animal-polite-pig-dark-rule = Instead of a turn: slip up to 2 cards from your hand under the deck.
svintus-animal-turtle-light = Turtle
svintus-animal-turtle-dark = Ninja Turtle
svintus-animal-turtle-light-rule = Too slow: you may not intercept — not even with an identical card on your own turn.
svintus-animal-turtle-dark-rule = Instead of a turn: lay down 2 or 3 numbers of one value at once; the first must fit, the last ends on top.
svintus-animal-owl-light = Owl
svintus-animal-owl-dark = Eagle-Owl
svintus-animal-owl-light-rule = You always see the top card of the deck.
svintus-animal-owl-dark-rule = Instead of a turn: look at an opponent's hand and swap one of your cards for one of theirs.
svintus-animal-cat-light = Cat
svintus-animal-cat-dark = Tomcat
svintus-animal-cat-light-rule = In a slap race the cards never go to you.
svintus-animal-cat-dark-rule = Instead of a turn: start a slap race as a Hoofslap would; you can't lose it.
svintus-animal-hare-light = Hare
svintus-animal-hare-dark = Mad Hare
svintus-animal-hare-light-rule = Faint-hearted: you may not pass on a Grab or a Snore.
svintus-animal-hare-dark-rule = Instead of a turn: turn the table around; the next player in the new direction loses a turn.
svintus-animal-fox-light = Fox
svintus-animal-fox-dark = Silver Fox
svintus-animal-fox-light-rule = When you intercept, whoever's turn you took takes 1 card.
svintus-animal-fox-dark-rule = Instead of a turn: snatch a random card from an opponent, then give them 2 cards of your choice.
svintus-animal-rooster-light = Rooster
svintus-animal-rooster-dark = Alarm Rooster
svintus-animal-rooster-light-rule = A Snore can't put you to sleep: it moves on to the next player (not a transfer, no flip).
svintus-animal-rooster-dark-rule = Instead of a turn: every opponent holding fewer cards than you takes 1.
svintus-animal-cow-light = Cow
svintus-animal-cow-dark = Minotaur
svintus-animal-cow-light-rule = You may not play a Polypig.
svintus-animal-cow-dark-rule = Instead of a turn: name a colour — every opponent with no card of it takes 2.
svintus-animal-bear-light = Bear
svintus-animal-bear-dark = Roaming Bear
svintus-animal-bear-light-rule = When you draw instead of playing, draw 2; you may play one of them if it fits.
svintus-animal-bear-dark-rule = Instead of a turn: shuffle your hand with an opponent's and deal again — half rounded up to them, the rest to you.
svintus-animal-donkey-light = Donkey
svintus-animal-donkey-dark = Stubborn Mule
svintus-animal-donkey-light-rule = If you can play, you must: no drawing while you hold a card that fits.
svintus-animal-donkey-dark-rule = Instead of a turn: pick an opponent — they lose their next turn.
svintus-animal-mouse-light = Mouse
svintus-animal-mouse-dark = Bat
svintus-animal-mouse-light-rule = Whenever you must take 3 or more cards at once, take 1 fewer.
svintus-animal-mouse-dark-rule = Instead of a turn: drop any card from your hand on the pile, fit or not; its effect does not happen.
svintus-animal-chameleon-light = Chameleon
svintus-animal-chameleon-dark = Shapeshifter
svintus-animal-chameleon-light-rule = While a Polypig is on top, any number fits for you.
svintus-animal-chameleon-dark-rule = Instead of a turn: give the pile a new colour, then play a card that fits it (or take 1).
svintus-animal-elephant-light = Elephant
svintus-animal-elephant-dark = Mammoth
svintus-animal-elephant-light-rule = Your Grab makes its victim take 4, not 3 (a transfer still adds 3).
svintus-animal-elephant-dark-rule = Instead of a turn: the next two players in turn order each lose a turn.

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
svintus-ev-hedgehog-duty = Hedgehog { $player }, your cue: press “Hedgehog takes!” before it's too late.
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
svintus-err-no-duty = There's nothing for you to take now.
svintus-err-animal-no-intercept = The Turtle can't keep up: no intercepts, and an identical card is one even on your own turn.
svintus-err-animal-no-transfer = The Hare is too scared to pass it on.
svintus-err-animal-no-polypig = No Polypigs for the Cow.
svintus-err-animal-number-too-high = The Polite Pig never plays a number higher than the top one.

## Metamorphoses: what only one player is told

svintus-ev-you-took = You snatched { $card } from { $target }.
svintus-ev-taken-from-you = { $player } snatched { $card } from you.
svintus-ev-given-to-you = { $player } gave you { $cards }.
svintus-ev-swapped-with-you = { $player } took your { $card } and gave you { $given }.

## Metamorphoses: animals chosen before the deal

svintus-ev-setup-started = Choose your animals! Whoever hasn't picked when time is up gets one at random.
svintus-ev-animal-picked = { $player } picks the { $animal }.
svintus-ev-animal-dealt = { $player } is dealt the { $animal }.
svintus-err-not-setup = Animals are chosen before the deal only.
svintus-err-setup-on = The animals are still being chosen.
svintus-err-animal-taken = { $player } already has that animal.
svintus-err-animal-already-yours = That animal is already yours.

## Metamorphoses: a dark ability's choices

svintus-prompt-target = 🌑 Choose an opponent:
svintus-prompt-polypig-color = 🎨 Name a colour:
svintus-prompt-color = 🌑 Name a colour:
svintus-prompt-play = 🌑 Play a card of the new colour, or take 1:
svintus-prompt-take-one = 🂠 Take 1
svintus-prompt-lead = 🌑 Lead with a number that fits (you need another of its value):
svintus-prompt-ninja-more = 🌑 Add { $least ->
    [1] 1 or 2 more cards
   *[other] { $least } more cards
} of that value, in order — the last ends on top:
svintus-prompt-cards = 🌑 Choose { $most ->
    [one] { $most } card
   *[other] { $most } cards
}:
svintus-prompt-boor-hog = 🌑 Choose up to { $most ->
    [one] { $most } card
   *[other] { $most } cards
} to slip under the deck:
svintus-prompt-bat = 🌑 Choose the card to drop on the pile:
svintus-prompt-give-two = 🌑 Choose { $most ->
    [one] the card
   *[other] { $most } cards
} to give to { $target }:
svintus-prompt-give = 🌑 Choose one of your cards to give to { $target }:
svintus-prompt-take = 🌑 Now choose one of { $target }'s cards to take:

## Svintus at the table: names, lobby, board and hand

svintus-name = Svintus
svintus-emoji = 🐷
svintus-about = the fast pig card game of intercepts, slap races and silence, with the Metamorphoses animals
svintus-cmd-desc-animal = an animal of Metamorphoses (Svintus)
svintus-rules = <b>Svintus in short</b>
    Get rid of all your cards. On your turn play a card of the same colour or the same value/name as the top card, or draw one (a drawn card that fits may be played at once).
    • <b>Intercept</b>: anyone may play the very same card as the top one at any moment — play then goes on from them.
    • <b>Grab</b>: the next player takes 3 and loses the turn, unless they pass it on with their own Grab (+3 each time). <b>Snore</b>: the next player loses the turn, same passing rule.
    • <b>Turnabout</b> reverses the direction. <b>Polypig</b> fits anything; its player names the colour.
    • <b>Hush</b>: silence in the chat until play comes back round to whoever played it; every message costs 2 cards (so do “Svintus!”, “Catch!” and naming a colour).
    • <b>Hoofslap</b>: everybody presses “Slap!” — whoever is slowest or misses takes 2.
    • With one card left press “Svintus!”, or anyone may catch you after 3 seconds: +2 cards.
    The round's winner scores a point per card left in the other hands; the first to the target score wins the match.

    <b>Metamorphoses</b> (a table option)
    Everyone gets an animal, light side up; its rule beats the ordinary ones.
    • An intercept or a transfer turns your animal to its dark side.
    • While dark, on your turn you may use its ability instead of playing or drawing (not when a Grab or Snore is on you); then it is light again. You can't win before the ability is done.
    • A reaction your animal owes (the Hedgehog's) has the reaction window; missing it costs 2 cards.
    /animal NAME explains one animal; /animal lists them all.

svintus-lobby-options = 🎯 to { $target } { $target ->
    [one] point
   *[other] points
} · ⏱ turn { $timer } · ⚡ reactions { $window } s · 🤫 a chat message in a silence costs cards: { $hush }
svintus-lobby-metamorphoses = 🐾 Metamorphoses: animals { $deal }
svintus-lobby-deal-random = at random
svintus-lobby-deal-chosen = chosen by the players
svintus-button-target = 🎯 To { $n } { $n ->
    [one] point
   *[other] points
}
svintus-button-timer = ⏱ Turn: { $timer }
svintus-button-window = ⚡ Reaction: { $n } s
svintus-button-hush = 🤫 Talking in a Hush costs: { $state }
svintus-button-metamorphoses = 🐾 Metamorphoses: { $state }
svintus-button-deal = 🎲 animals { $deal }

svintus-setup-title = { $title }: choosing animals
svintus-setup-player = { $player } — { $animal }
svintus-setup-none = …
svintus-setup-hint = Press an animal to take it (press another to change your mind). Whoever hasn't picked when time is up gets a free one at random; the deal follows.
svintus-setup-taken = ✖ { $label }

svintus-board-title = { $title } · round { $round } · playing to { $target } { $target ->
    [one] point
   *[other] points
}
svintus-board-top = Top: <b>{ $card }</b>
svintus-board-named-color = (colour: { svintus-color-named })
svintus-board-counts = Deck { $deck } · pile { $pile }
svintus-board-clockwise = ↻ clockwise
svintus-board-counter-clockwise = ↺ counter-clockwise
svintus-board-player = { $player } — { $count ->
    [one] { $count } card
   *[other] { $count } cards
} · { $score } { $score ->
    [one] pt
   *[other] pts
} { $flags }
svintus-board-player-animal = { $line } · { $animal }
svintus-flag-declared = 🐽
svintus-flag-one-card = ☝️
svintus-flag-away = 💤
svintus-flag-silence = 🤫
svintus-flag-skip = ⏸
svintus-board-grab-pending = ⚠️ Grab! <b>{ $player }</b> takes { $count } or passes it on.
svintus-board-snore-pending = 😴 Snore! <b>{ $player }</b> loses the turn or passes it on.
svintus-board-color-pending = 🎨 <b>{ $player }</b> is naming a colour.
svintus-board-race = 👋 SLAP! { $done } of { $total } have slapped.
svintus-board-silence = 🤫 Silence! Called by { $player }: not a word in the chat.
svintus-board-ability = 🌑 <b>{ $player }</b> uses the { $animal }…
svintus-board-duty = 🦔 <b>{ $player }</b> must press “Hedgehog takes!”
svintus-board-round-over = The round is over. The next starts in { $seconds } s — or now with “▶ Next round”.
svintus-board-match-over = 🏆 <b>{ $player }</b> wins the match!
svintus-button-catch = 🫵 Catch!
svintus-button-slap = 👋 Slap!
svintus-button-next-round = ▶ Next round

svintus-hand-title = { $emoji } { $name } · { $chat }
svintus-hand-not-seated = You're not at the table any more.
svintus-hand-match-over = The match is over: { $player } wins.
svintus-hand-setup = 🐾 Pick your animal on the board in the group; your cards come with the deal.
svintus-hand-round-over = 🏁 { $player } wins the round. Your new cards come with the next one.
svintus-hand-race = 👋 Slap, quick!
svintus-hand-race-done = 👋 You've slapped; waiting for the others.
svintus-hand-grab-on-you = ⚠️ A Grab is on you: take { $count } or pass it on with a Grab.
svintus-hand-snore-on-you = 😴 A Snore is on you: lose the turn or pass it on with a Snore.
svintus-hand-drawn = You drew a card that fits: play it or pass.
svintus-hand-waiting = ⏳ { $player } to move.
svintus-hand-silence = 🤫 Silence in the chat! A button with 🤫 speaks: it costs { svintus-n-cards }.
svintus-hand-your-turn = ▶ <b>Your turn!</b>
svintus-hand-cards = Your cards ({ $count }):
svintus-hand-animal = { $animal }: { $rule }
svintus-hand-deck-top = 🦉 Top of the deck: <b>{ $card }</b>
svintus-hand-duty = 🦔 An opponent intercepted: press “Hedgehog takes!” now, or it costs 2.
svintus-hand-peek = 🌙 { $player } holds: { $cards }
svintus-hand-given = You give: <b>{ $card }</b>
svintus-playable = ✅ { $label }
svintus-color-label = { $emoji } { svintus-color-named }
svintus-button-draw = 🂠 Draw
svintus-button-pass = ⏭ Pass
svintus-button-accept-grab = 😩 Take { $count }
svintus-button-accept-snore = 😴 Lose the turn
svintus-button-svintus = 🐽 Svintus!
svintus-button-react = 🦔 Hedgehog takes!
svintus-button-ability = 🌑 Use: { $animal }

svintus-animal-label-light = { $emoji } { $name }
svintus-animal-label-dark = 🌑{ $emoji } { $name }
svintus-animal-card = { $light } — light side:
    { $light_rule }
    { $dark } — dark side:
    { $dark_rule }
svintus-animal-list-title = <b>The menagerie</b> (light side / dark side):
svintus-animal-list-line = { $light } / { $dark }
svintus-animal-list-hint = /animal NAME tells what one of them does.
svintus-animal-not-found = I don't know an animal called “{ $query }”.
svintus-answer-played = ✅ { $card }
svintus-answer-slapped = 👋 { $place ->
    [0] Slapped!
    [1] First!
   *[other] Slapped: { $place }.
}
svintus-hand-cards-playable = Your cards ({ $count }), ✅ = playable now:
svintus-hand-cards-intercept = Your cards ({ $count }), ✅ = can intercept right now:
svintus-hand-silence-color = 🤫 Silence in the chat: naming a colour is a word too and costs { svintus-n-cards }. The colour must still be named.
svintus-costly = { $label } 🤫−{ $count }
svintus-answer-silence = 🤫 You broke the silence: take { svintus-n-cards }.
svintus-final-score = { $score } { $score ->
    [one] point
   *[other] points
}
svintus-post-round = 🏁 <b>Round { $round }</b>: { $text }
svintus-post-round-line = { $place }. { $player } — { svintus-final-score }
svintus-post-round-next = The match is played to { $target } { $target ->
    [one] point
   *[other] points
}. The next round starts in { $seconds } s, or with the button on the board.
svintus-ev-away-you = 💤 Your turns keep running out, so the bot plays for you for now. Press any button to be back in the game.

## Cards in the Mini App: a kind's glyph, the deck

svintus-art-glyph-grab = 🖐️
svintus-art-glyph-snore = 💤
svintus-art-glyph-turnabout = 🔄
svintus-art-glyph-hush = 🤫
svintus-art-glyph-hoofslap = 👋
svintus-art-glyph-polypig = 🐷
svintus-art-deck = Deck: { $count ->
    [one] { $count } card
   *[other] { $count } cards
}

## The coach's hints (one line each, after “💡”): the move, and why
svintus-hint-only = Play { $card }: the only card that fits
svintus-hint-grab = Play { $card }: { $player } has { $count ->
    [one] { $count } card
   *[other] { $count } cards
} left, this makes them take cards
svintus-hint-keep = Play { $card }: keeps your Polypig for later
svintus-hint-colour = Play { $card }: the colour you hold most
svintus-hint-polypig = Play { $card }, then name the colour you hold most
svintus-hint-play = Play { $card }: the best of what fits
svintus-hint-transfer = Play { $card }: it passes the attack on
svintus-hint-intercept = Play { $card } now: an identical card goes out of turn, for free
svintus-hint-draw = Draw a card: nothing in your hand fits
svintus-hint-draw-instead = Draw a card: what fits is worth more kept for later
svintus-hint-pass = Pass: nothing worth playing now
svintus-hint-accept = Take { $count ->
    [one] { $count } card
   *[other] { $count } cards
}: the cards you hold are worth more kept
svintus-hint-declare = Say “Svintus!”: one card left, before anybody catches you
svintus-hint-catch = Catch { $player }: one card left and no “Svintus!” said
svintus-hint-slap = Slap, quick: the slowest takes cards
svintus-hint-name-lacked = Name { svintus-color-named }: { $player } drew on it rather than play, so holds little of it
svintus-hint-name-held = Name { svintus-color-named }: the colour you hold most
svintus-hint-move = { $move ->
    [react] React now
    [next_round] Start the next round
    [pick_animal] Pick an animal
    [ability] Use your animal's ability
   *[other] Make that move
}: the expert's choice here
