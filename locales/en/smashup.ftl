## Smash Up: factions, cards, bases, the referee's announcements and rule errors (English).
## $player, $target, $owner, $winner — player names; $card, $minion, $source — card names;
## $cards — card names joined; $base, $from_base, $to_base, $new_base — base names; $faction(s) — faction names.

smashup-game-name = Smash Up
smashup-name = { smashup-game-name }
smashup-emoji = 💥

smashup-n-cards = { $count ->
    [one] { $count } card
   *[other] { $count } cards
}

smashup-box-pretty-pretty = Pretty Pretty Smash Up
    .button = Pretty Pretty

## Factions

smashup-faction-kitty-cats = Kitty Cats
smashup-faction-princesses = Princesses
smashup-faction-fairies = Fairies
smashup-faction-mythic-horses = Mythic Horses

## Kitty Cats

smashup-card-queen-fluffy = Queen Fluffy
    .button = Queen Fluffy
smashup-card-queen-fluffy-text = Minion, power 5. Talent: take control of a minion of power 3 or less until the end of the turn.
smashup-card-whiskers = Whiskers
smashup-card-whiskers-text = Minion, power 4. Talent: play an extra action; then destroy one of the minions you control.
smashup-card-muffin = Muffin
smashup-card-muffin-text = Minion, power 3. When played: take control of a minion of power 3 or less until the end of the turn.
smashup-card-mr-grumpers = Mr. Grumpers
    .button = Mr. Grumpers
smashup-card-mr-grumpers-text = Minion, power 2. When played: a minion of your choice has -2 power until the end of the turn.
smashup-card-can-has-cheeseburger = Can Has Cheeseburger?
    .button = Cheeseburger?
smashup-card-can-has-cheeseburger-text = Special, before a base scores: take control of a minion of power 3 or less there until the end of the turn.
smashup-card-cat-fight = Cat Fight
smashup-card-cat-fight-text = Choose a minion you control: draw as many cards as its power, then destroy it.
smashup-card-cats-paw = Cat's Paw
smashup-card-cats-paw-text = Take control of a minion of power 5 or less until the end of the turn.
smashup-card-grumpiness = Grumpiness
smashup-card-grumpiness-text = Play on a minion. Ongoing: it has -2 power.
smashup-card-hang-in-there = Hang in There
smashup-card-hang-in-there-text = Play on a minion you control. Ongoing: if it would be destroyed, move it to another base instead and destroy this card.
smashup-card-hissy-fit = Hissy Fit
smashup-card-hissy-fit-text = Play on a base. Ongoing: other players' minions here have -1 power.
smashup-card-invisible-bicycle = Invisible Bicycle
    .button = Invis. Bicycle
smashup-card-invisible-bicycle-text = Choose a base: move any number of minions of power 2 or less from it to another base.
smashup-card-nine-lives = Nine Lives
smashup-card-nine-lives-text = Destroy one of the minions you control, then play an extra minion this turn.

## Princesses

smashup-card-apricot = Apricot
smashup-card-apricot-text = Minion, power 5. Talent: destroy another player's minion of power 2 or less here.
smashup-card-eliza = Eliza
smashup-card-eliza-text = Minion, power 5. Ongoing: each other player may play at most one extra card a turn.
smashup-card-griselda = Griselda
smashup-card-griselda-text = Minion, power 5. Talent: put an Heirloom from your discard pile into your hand.
smashup-card-marie-degraw = Marie DeGraw
smashup-card-marie-degraw-text = Minion, power 5. Talent: reveal the top card of your deck; draw it if it is a minion, otherwise put it on the bottom.
smashup-card-sleeping-beauty = Sleeping Beauty
    .button = Beauty
smashup-card-sleeping-beauty-text = Minion, power 5. Ongoing: when this card would go from play to a discard pile, shuffle it into its owner's deck instead.
smashup-card-snow-white = Snow White
smashup-card-snow-white-text = Minion, power 5. Talent: move a minion from another base to this one.
smashup-card-direct-to-dvd-sequel = Direct to DVD Sequel
    .button = DVD Sequel
smashup-card-direct-to-dvd-sequel-text = Shuffle a minion from your discard pile into your deck, then draw a card.
smashup-card-fairy-godmother = Fairy Godmother
smashup-card-fairy-godmother-text = Choose one: draw 2 cards, or a minion gets +3 power until the end of the turn.
smashup-card-happily-ever-after = Happily Ever After
    .button = Ever After
smashup-card-happily-ever-after-text = Play on a base. Ongoing: if you win this base when it scores, gain 1 more VP.
smashup-card-heirloom = Heirloom
    .button = Heirloom
smashup-card-heirloom-text = Play on a minion. Ongoing: it has +1 power for each Heirloom on it (n Heirlooms give n×n). Can't be destroyed.
smashup-card-skillet = Skillet
smashup-card-skillet-text = Destroy a minion of power 2 or less, then draw a card.
smashup-card-some-day-my-prince = Some Day My Prince Will Come
    .button = Prince Will Come
smashup-card-some-day-my-prince-text = Special, before a base scores: move a minion from it to another base.
smashup-card-tale-as-old-as-time = Tale as Old as Time
    .button = Old as Time
smashup-card-tale-as-old-as-time-text = Choose a base: every minion you control moves there.
smashup-card-true-loves-kiss = True Love's Kiss
    .button = True Love's Kiss
smashup-card-true-loves-kiss-text = Move any minion to another base.
smashup-card-woodland-helpers = Woodland Helpers
smashup-card-woodland-helpers-text = Play on a base. Ongoing: after you play a standard action, you may put it on the bottom of your deck instead of your discard pile.

## Fairies

smashup-card-titania = Titania
smashup-card-titania-text = Minion, power 5. When played, choose one: return another player's minion to its owner's hand, or play an extra minion.
smashup-card-glymmer = Glymmer
smashup-card-glymmer-text = Minion, power 4. Talent, until the start of your next turn, choose one: another minion has -4 power, or this one has +1.
smashup-card-puck = Puck
smashup-card-puck-text = Minion, power 3. When played, choose one: play an extra action, or draw a card.
smashup-card-tinx = Tinx
smashup-card-tinx-text = Minion, power 2. When played: you may move an action from another minion onto this one.
smashup-card-daisy-chain = Daisy Chain
smashup-card-daisy-chain-text = Play on a minion. Ongoing: +2 power while you control it, -2 otherwise.
smashup-card-enchantment = Enchantment
smashup-card-enchantment-text = Play on a base and choose one: every minion here has +1 power, or every minion here has -1.
smashup-card-fairy-ballet = Fairy Ballet
smashup-card-fairy-ballet-text = Choose one: draw 2 cards, or draw a card and play an extra action.
smashup-card-ladybug = Ladybug
smashup-card-ladybug-text = Play on a minion. Ongoing: it can't be destroyed. Talent: move this card onto another minion.
smashup-card-leaf-armor = Leaf Armor
    .button = Leaf Armor
smashup-card-leaf-armor-text = Play on a minion. Ongoing: it has +1 power. Talent: move this card onto another minion.
smashup-card-magic-acorns = Magic Acorns
smashup-card-magic-acorns-text = Choose one: every other player discards a card at random, or draw a card and play an extra action.
smashup-card-magic-ward = Magic Ward
smashup-card-magic-ward-text = Play on a base. Ongoing: other players can't play actions on this base or on minions here.
smashup-card-playful-tricks = Playful Tricks
smashup-card-playful-tricks-text = Destroy up to two actions on minions and/or bases.

## Mythic Horses

smashup-card-starlyte = Starlyte
smashup-card-starlyte-text = Minion, power 5. Ongoing: +1 power for each other minion you control here.
smashup-card-rainbow = Rainbow
smashup-card-rainbow-text = Minion, power 4. Talent: if you have played another minion here this turn, draw a card.
smashup-card-seastar = Seastar
    .button = Seastar
smashup-card-seastar-text = Minion, power 3. When played on a base where you already have a minion: play an extra minion (one Seastar a turn).
smashup-card-pinkie = Pinkie
smashup-card-pinkie-text = Minion, power 2. Ongoing: +1 power while you control another minion here.
smashup-card-adventure-power = Adventure Power
smashup-card-adventure-power-text = Choose a base: move any number of your minions there.
smashup-card-encouragement-power = Encouragement Power
    .button = Encouragement
smashup-card-encouragement-power-text = Play on a minion you control. Ongoing: +1 power for each other minion you control on its base.
smashup-card-freedom-power = Freedom Power
smashup-card-freedom-power-text = Destroy an action on a minion or a base.
smashup-card-friendship-power = Friendship Power
smashup-card-friendship-power-text = Move one of your minions to a base where you have another minion. You may then take this card back into your hand instead of discarding it.
smashup-card-sharing-power = Sharing Power
smashup-card-sharing-power-text = Play on a base. Ongoing: at the start of your turn, if you control two or more minions here, draw a card.
smashup-card-super-future-space-armor-power = Super Future Space Armor Power
    .button = Space Armor
smashup-card-super-future-space-armor-power-text = Each of your minions that shares a base with another of your minions has +2 power until the end of the turn.
smashup-card-teaching-power = Teaching Power
smashup-card-teaching-power-text = Special, before a base scores: reveal a card from your deck per minion of yours there; you may play one revealed minion there as an extra minion; the rest go back on top in any order.
smashup-card-togetherness-power = Togetherness Power
    .button = Togetherness
smashup-card-togetherness-power-text = Play an extra minion on a base where you already have a minion.

## Bases of Pretty Pretty Smash Up

smashup-base-cat-fanciers-alley = Cat Fanciers' Alley
smashup-base-cat-fanciers-alley-text = Once on your turn you may destroy one of your minions here to draw a card.
smashup-base-house-of-nine-lives = The House of Nine Lives
smashup-base-house-of-nine-lives-text = When a minion on another base would be destroyed, its owner may move it here instead.
smashup-base-enchanted-glade = Enchanted Glade
smashup-base-enchanted-glade-text = After you play an action on a minion here, draw a card.
smashup-base-fairy-ring = Fairy Ring
smashup-base-fairy-ring-text = The first time each turn you play a minion here, you may then play an extra minion here or an extra action.
smashup-base-beautiful-castle = Beautiful Castle
smashup-base-beautiful-castle-text = Minions here with power 5 or more are unaffected by other players' cards.
smashup-base-ice-castle = Ice Castle
smashup-base-ice-castle-text = Minions can't be played here; they can only be moved here.
smashup-base-land-of-balance = Land of Balance
smashup-base-land-of-balance-text = After you play a minion here, you may move one of your minions from another base to here.
smashup-base-pony-paradise = Pony Paradise
smashup-base-pony-paradise-text = While you have two or more minions here, your minions here can't be destroyed.

## Answers to choices

smashup-choice-keep = Keep the hand
smashup-choice-redraw = Show it and draw 5 new cards
smashup-choice-yes = Yes
smashup-choice-discard = To the discard pile
smashup-choice-bottom = To the bottom of my deck
smashup-choice-hand = Back to my hand
smashup-choice-draw2 = Draw 2 cards
smashup-choice-return-madness = Return it to the Madness deck
smashup-choice-power3 = +3 power to a minion
smashup-choice-return-minion = Return a minion to its owner's hand
smashup-choice-extra-minion = Play an extra minion
smashup-choice-extra-action = Play an extra action
smashup-choice-draw1 = Draw a card
smashup-choice-draw1-action = Draw a card and play an extra action
smashup-choice-weaken = Another minion gets -4 power
smashup-choice-boost = This minion gets +1 power
smashup-choice-plus = Every minion here +1 power
smashup-choice-minus = Every minion here -1 power
smashup-choice-others-discard = Every other player discards at random

## The referee's announcements

smashup-ev-first-player = { $player } goes first.
smashup-ev-drafted = { $player } takes the { $faction }.
smashup-ev-decks-ready = { $player } shuffles { $factions } into one deck.
smashup-ev-base-revealed = A new base: { $base }.
smashup-ev-mulligan = { $player } has no minion in hand, shows it ({ $cards }) and draws 5 new cards.
smashup-ev-keep = { $player } keeps the hand.
smashup-ev-turn = Turn { $round }: { $player } plays.
smashup-ev-played-minion = { $player } plays { $card } on { $base }.
smashup-ev-played-action = { $player } plays { $card }.
smashup-ev-played-on-minion = { $player } plays { $card } on { $minion } ({ $base }).
smashup-ev-played-on-base = { $player } plays { $card } on { $base }.
smashup-ev-played-special = Me first! { $player } plays { $card } at { $base }.
smashup-ev-used-special = { $player } uses { $card } at { $base }.
smashup-ev-talent = { $player } uses the talent of { $card }.
smashup-ev-end-plays = { $player } is done playing cards.
smashup-ev-drew = { $player } draws { smashup-n-cards }.
smashup-ev-drew-cards = You draw: { $cards }.
smashup-ev-reshuffled = { $player }'s deck is empty: their discard pile ({ smashup-n-cards }) becomes a new deck.
smashup-ev-discarded = { $player } discards { $cards }.
smashup-ev-turn-end = { $player }'s turn ends.
smashup-ev-extra-play = { $player } may play an extra { $kind ->
    [minion] minion
    [action] action
   *[both] minion or action
} ({ $source }).
smashup-ev-destroyed = { $card } is destroyed ({ $base }).
smashup-ev-action-destroyed = { $card } is destroyed.
smashup-ev-protected = { $card } is protected ({ $base }).
smashup-ev-moved = { $card } moves from { $from_base } to { $to_base }.
smashup-ev-returned = { $card } goes back to its owner's hand.
smashup-ev-control = { $player } controls { $card } until the end of the turn.
smashup-ev-control-back = { $card } is back under { $player }'s control.
smashup-ev-power = { $card }: power { $amount } for a while.
smashup-ev-transferred = { $card } moves onto { $minion }.
smashup-ev-replaced = { $source } saves { $card } from destruction.
smashup-ev-to-deck = { $card } is shuffled into its owner's deck.
smashup-ev-to-bottom = { $card } goes to the bottom of its owner's deck.
smashup-ev-to-hand = { $card } goes into { $player }'s hand.
smashup-ev-revealed = { $player } reveals { $cards }.
smashup-ev-vp = { $player } gains { $points } VP ({ $source }).
smashup-ev-scoring = { $base } scores!
smashup-ev-passed = { $player } passes.
smashup-ev-place = { $base }: { $player } takes { $place ->
    [1] first place
    [2] second place
    [3] third place
   *[other] place { $place }
} with { $power } power: { $points } VP.
smashup-ev-base-done = { $base } leaves; { $new_base } takes its place.
smashup-ev-bases-reshuffled = The base deck is empty: the discarded bases ({ $count }) are shuffled into a new one.
smashup-ev-madness-drawn = { $player } draws { $count ->
    [one] a Madness card
   *[other] { $count } Madness cards
}.
smashup-ev-madness-returned = { $player } returns a Madness card to the Madness deck.
smashup-ev-madness-penalty = { $player } holds Madness cards ({ $madness }): -{ $points } VP.
smashup-ev-tie-play-on = Tie for the lead at { $score } VP: play goes on until there is one leader.
smashup-ev-won = { $winner } wins with { $score } VP!
smashup-ev-timeout = { $player } is out of time: the referee takes the default choice.
smashup-ev-away = ⏰ { $player } has let two turns run out in a row: the table plays on; any press brings them back.
smashup-ev-away-you = ⏰ Two of your turns ran out in a row. Press anything when you are back.
smashup-ev-left = { $player } leaves the game.
smashup-ev-abandoned = Nobody is left at the table; the game is over.

## Rule errors

smashup-err-bad-action = That move doesn't exist.
smashup-err-bad-options = Those table settings aren't valid.
smashup-err-player-count = Smash Up needs { $min } to { $max } players.
smashup-err-duplicate-player = Someone is seated twice.
smashup-err-too-few-factions = Not enough factions to choose from: at least { $count } are needed.
smashup-err-not-a-player = You're not playing in this game.
smashup-err-game-over = This game is already over.
smashup-err-setup = The game is still being set up.
smashup-err-not-your-turn = It's not your turn.
smashup-err-busy = A card is still resolving: answer its question first.
smashup-err-not-in-hand = You don't have that card.
smashup-err-special-only = That card is a Special: it is played only at its moment (before a base scores).
smashup-err-bad-target = That card can't be played there.
smashup-err-no-plays = You have no play left for that card this turn.
smashup-err-forbidden = A card in play forbids that play.
smashup-err-protected = That minion is protected.
smashup-err-no-talent = There is no talent to use there now.
smashup-err-talent-used = That talent has already been used this turn.

## Questions

smashup-prompt-draft = Choose your { $round ->
    [1] first
   *[other] second
} faction.
smashup-prompt-mulligan = No minion in your hand: show it and draw 5 new cards, or keep it?
smashup-prompt-mulligan-keep = Your hand has a minion: it stays as it is.
smashup-prompt-score-order = Several bases score: which one first?
smashup-prompt-me-first = { $base } is about to score: play a Special or pass?
smashup-prompt-after-scoring = { $base } has scored: play a Special or pass?
smashup-prompt-hand-limit = Too many cards in hand: discard { smashup-n-cards }.
smashup-prompt-order = Several cards react at once: in which order do they resolve?
smashup-prompt-replace = { $minion } is about to be destroyed: which card saves it?
smashup-prompt-may-replace = { $minion } is about to be destroyed: let { $source } save it?
smashup-prompt-action-done = { $card } has resolved: where does it go?
smashup-prompt-pass = Pass
smashup-prompt-no = No
smashup-prompt-none = None
smashup-prompt-control = { $card }: take control of which minion?
smashup-prompt-destroy = { $card }: destroy which minion?
smashup-prompt-destroy-own = { $card }: which of your minions is destroyed?
smashup-prompt-move = { $card }: move which minion?
smashup-prompt-move-many = { $card }: move which minions (any number)?
smashup-prompt-move-to = { $card }: to which base?
smashup-prompt-pick-base = { $card }: choose a base.
smashup-prompt-return = { $card }: return which minion to its owner's hand?
smashup-prompt-power = { $card }: which minion gets { $amount } power?
smashup-prompt-action-destroy = { $card }: destroy which action?
smashup-prompt-transfer-from = { $card }: move which action onto this minion?
smashup-prompt-transfer-to = { $card }: move it onto which minion?
smashup-prompt-from-discard = { $card }: which card from your discard pile?
smashup-prompt-effect = { $card }: choose one.
smashup-prompt-play-revealed = { $card }: play which revealed minion on { $base }?
smashup-prompt-order-top = { $card }: put these back on top of your deck; the first one you pick ends on top.
smashup-prompt-choose-minion = { $card }: choose one of your minions.
smashup-prompt-may = { $card }: use it?

## Smash Up: The Obligatory Cthulhu Set — the box, its bases and the Madness card (English).

smashup-box-cthulhu = The Obligatory Cthulhu Set
    .button = Cthulhu Set

## Madness

smashup-card-madness = Madness
smashup-card-madness-text = Action. Choose one: draw 2 cards, or return this card to the Madness deck. A discarded Madness card goes to the discard pile of whoever holds it. At the end of the game, every 2 Madness cards you hold cost 1 VP.

## Bases

smashup-base-the-asylum = The Asylum
smashup-base-the-asylum-text = After a minion is played here, its owner may return a Madness card from their hand to the Madness deck.
smashup-base-innsmouth = Innsmouth
smashup-base-innsmouth-text = After a minion is played here, its owner may put a card from any discard pile on the bottom of its owner's deck.
smashup-base-mountains-of-madness = Mountains of Madness
smashup-base-mountains-of-madness-text = After a minion is played here, its owner draws a Madness card.
smashup-base-miskatonic-university = Miskatonic University
    .button = Miskatonic U.
smashup-base-miskatonic-university-text = After this base scores, the winner may return any number of Madness cards from their hand and discard pile to the Madness deck.
smashup-base-plateau-of-leng = Plateau of Leng
smashup-base-plateau-of-leng-text = The first time each turn a player plays a minion here from their hand, they may play an extra minion of the same name here.
smashup-base-rlyeh = R'lyeh
smashup-base-rlyeh-text = At the start of your turn you may destroy one of your minions here to gain 1 VP.
smashup-base-ritual-site = Ritual Site
smashup-base-ritual-site-text = After this base scores, the minions here are shuffled into their owners' decks instead of going to the discard piles.
smashup-base-antarctic-base = Antarctic Base
smashup-base-antarctic-base-text = Each player may play only one minion here per turn.

## Questions of the bases

smashup-prompt-asylum = { $card }: return a Madness card from your hand to the Madness deck?
smashup-prompt-innsmouth-base = { $card }: which card from a discard pile goes to the bottom of its owner's deck?
smashup-prompt-miskatonic-base = { $card }: return which Madness cards to the Madness deck (any number)?
smashup-prompt-rlyeh = { $card }: destroy one of your minions here to gain 1 VP?

## Smash Up: The Obligatory Cthulhu Set — the Minions of Cthulhu and Elder Things factions (English).
## $player, $target, $owner are player names; $card a card's name; $cards names joined by commas;
## $base a base's name.

# The box's name: needed while this branch registers the box (its bases come separately).

smashup-faction-minions-of-cthulhu = Minions of Cthulhu
    .button = Cthulhu Minions
smashup-faction-elder-things = Elder Things

## Minions of Cthulhu

smashup-card-star-spawn = Star-Spawn of Cthulhu
    .button = Star-Spawn
smashup-card-star-spawn-text = Minion, power 5. Talent: give a Madness card from your hand to another player, into their hand.
smashup-card-cthulhus-chosen = Cthulhu's Chosen
    .button = Chosen
smashup-card-cthulhus-chosen-text = Minion, power 3. Special, before the base it is on scores: you may draw a Madness card to give it +2 power until the end of the turn.
smashup-card-servitor = Servitor of Cthulhu
    .button = Servitor
smashup-card-servitor-text = Minion, power 2. Talent: destroy this minion and put an action from your discard pile on top of your deck.
smashup-card-altar-to-cthulhu = Altar to Cthulhu
smashup-card-altar-to-cthulhu-text = Play on a base. Ongoing: each time you play a minion here, you may play an extra action.
smashup-card-complete-the-ritual = Complete the Ritual
    .button = Complete Ritual
smashup-card-complete-the-ritual-text = Play on a base where you have a minion. Ongoing: at the start of your turn, every card on this base goes to the bottom of its owner's deck and the base swaps places with the top card of the base deck.
smashup-card-corruption = Corruption
smashup-card-corruption-text = Draw a Madness card, then destroy a minion.
smashup-card-cthulhu-fhtagn = Cthulhu Fhtagn
smashup-card-cthulhu-fhtagn-text = Reveal cards from the top of your deck until two actions show up. Take those into your hand; the rest go to the bottom of your deck.
smashup-card-furthering-the-cause = Furthering the Cause
    .button = For the Cause
smashup-card-furthering-the-cause-text = Play on a base. Ongoing: at the end of every turn, if another player's minion was destroyed here that turn, gain 1 VP.
smashup-card-it-begins-again = It Begins Again
smashup-card-it-begins-again-text = Shuffle any number of actions from your discard pile into your deck.
smashup-card-madness-unleashed = Madness Unleashed
    .button = Madness Unl.
smashup-card-madness-unleashed-text = Discard any number of Madness cards from your hand. For each, draw a card and play an extra action this turn.
smashup-card-recruit-by-force = Recruit by Force
    .button = Recruit by Force
smashup-card-recruit-by-force-text = Put any number of minions of power 3 or less from your discard pile on top of your deck.
smashup-card-the-seal-is-broken = The Seal Is Broken
    .button = Seal Is Broken
smashup-card-the-seal-is-broken-text = Draw a Madness card and gain 1 VP.
smashup-card-whispers-in-darkness = Whispers in Darkness
    .button = Whispers in Dark
smashup-card-whispers-in-darkness-text = Draw a Madness card. You may play two extra actions this turn.

## Elder Things

smashup-card-elder-thing = Elder Thing
smashup-card-elder-thing-text = Minion, power 10. On play, choose: destroy two of your other minions, or put this one on the bottom of your deck. Ongoing: opponents' cards do not affect it.
smashup-card-shoggoth = Shoggoth
smashup-card-shoggoth-text = Minion, power 6. Played only on a base where you already have 6 power or more. On play: each other player may draw a Madness card; for each who does not, destroy one of their minions here.
smashup-card-mi-go = Mi-go
smashup-card-mi-go-text = Minion, power 3. On play: each other player may draw a Madness card; for each who does not, you may draw a card.
smashup-card-byakhee = Byakhee
smashup-card-byakhee-text = Minion, power 2. On play: each other player with a minion on this base draws a Madness card.
smashup-card-begin-the-summoning = Begin the Summoning
    .button = Begin Summoning
smashup-card-begin-the-summoning-text = Put a minion from your discard pile on top of your deck. You may play an extra action this turn.
smashup-card-dunwich-horror = Dunwich Horror
smashup-card-dunwich-horror-text = Play on a minion. Ongoing: it has +5 power; at the end of the turn that minion is destroyed.
smashup-card-insanity = Insanity
smashup-card-insanity-text = Each other player draws 2 Madness cards.
smashup-card-power-of-madness = Power of Madness
smashup-card-power-of-madness-text = Each other player reveals their hand, discards every Madness card in it, and shuffles their discard pile into their deck.
smashup-card-spreading-horror = Spreading Horror
    .button = Spreading Horror
smashup-card-spreading-horror-text = Each other player discards random cards from their hand until a card that is not Madness is discarded.
smashup-card-the-price-of-power = The Price of Power
    .button = Price of Power
smashup-card-the-price-of-power-text = Special, before a base scores: each other player with a minion there reveals their hand. One of your minions there gets +2 power per Madness card revealed, until the end of the turn.
smashup-card-touch-of-madness = Touch of Madness
smashup-card-touch-of-madness-text = Each other player draws a Madness card. Draw a card; you may play an extra action this turn.
smashup-card-unfathomable-goals = Unfathomable Goals
    .button = Unfath. Goals
smashup-card-unfathomable-goals-text = Each other player reveals their hand. Each who shows a Madness card destroys one of their own minions.

## Prompt answers

smashup-choice-draw-madness = Draw a Madness card
smashup-choice-lose-minion = Decline: lose a minion
smashup-choice-destroy-two = Destroy two of my minions

## Questions

smashup-prompt-give-madness = { $card }: give a Madness card to whom?
smashup-prompt-to-deck-top = { $card }: which action from your discard pile goes on top of your deck?
smashup-prompt-recruit = { $card }: which minions from your discard pile go on top of your deck (any number)? The first picked ends on top.
smashup-prompt-shuffle-in = { $card }: which actions from your discard pile are shuffled into your deck (any number)?
smashup-prompt-discard-madness = { $card }: which Madness cards do you discard (any number)?
smashup-prompt-draw-madness = { $card }: draw a Madness card?
smashup-prompt-shoggoth = { $card }: draw a Madness card? If not, one of your minions on { $base } is destroyed.
smashup-prompt-destroy-theirs = { $card }: which of { $target }'s minions is destroyed?
smashup-prompt-may-draw = { $card }: draw a card?
smashup-prompt-destroy-two = { $card }: which two of your minions are destroyed?
smashup-prompt-unfathomable = { $card }: you hold Madness — which of your minions do you destroy?
smashup-prompt-summon = { $card }: which minion from your discard pile goes on top of your deck?

## Announcements

smashup-ev-madness-given = { $player } gives a Madness card to { $target }.
smashup-ev-to-top = { $card } goes from the discard pile to the top of { $owner }'s deck.
smashup-ev-empty-hand = { $player } reveals an empty hand.
smashup-ev-discard-shuffled = { $player } shuffles their discard pile into their deck ({ smashup-n-cards }).

## Smash Up, The Obligatory Cthulhu Set: the Innsmouth and Miskatonic University factions (English).
## $card — the asking card's name; $base — a base's name.

## [placeholder] The box's name; once the box's bases bring their own file, this line may go.

smashup-faction-innsmouth = Innsmouth
smashup-faction-miskatonic-university = Miskatonic University
    .button = Miskatonic

## Innsmouth

smashup-card-the-locals = The Locals
smashup-card-the-locals-text = Minion, power 2. When played: reveal the top 3 cards of your deck; put any The Locals among them into your hand and the rest on the bottom of your deck.
smashup-card-in-plain-sight = In Plain Sight
smashup-card-in-plain-sight-text = Play on a base. Ongoing: your minions here of power 2 or less are unaffected by other players' cards.
smashup-card-mysteries-of-the-deep = Mysteries of the Deep
    .button = Deep Mysteries
smashup-card-mysteries-of-the-deep-text = If you have three or more minions of the same name on one base: draw 3 cards; then you may draw 2 more cards and 2 Madness cards.
smashup-card-new-acolytes = New Acolytes
smashup-card-new-acolytes-text = Every player shuffles all the minions from their discard pile into their deck.
smashup-card-recruitment = Recruitment
smashup-card-recruitment-text = Draw up to 3 Madness cards; for each one drawn, play an extra minion this turn.
smashup-card-return-to-the-sea = Return to the Sea
    .button = Return to Sea
smashup-card-return-to-the-sea-text = Special, after a base scores: return any number of your minions of one name from it to your hand instead of the discard pile.
smashup-card-sacred-circle = Sacred Circle
smashup-card-sacred-circle-text = Play on a base. Talent: play an extra minion here with the same name as a minion already here.
smashup-card-spreading-the-word = Spreading the Word
    .button = Spread the Word
smashup-card-spreading-the-word-text = Choose a minion in play: play up to two extra minions with the same name this turn.
smashup-card-the-deep-ones = The Deep Ones
smashup-card-the-deep-ones-text = Each of your minions of power 2 or less gets +1 power until the end of the turn.

## Miskatonic University

smashup-card-professor = Professor
smashup-card-professor-text = Minion, power 5. Talent: discard a Madness card from your hand; if you do, you may play an extra action and/or an extra minion.
smashup-card-librarian = Librarian
smashup-card-librarian-text = Minion, power 4. Talent: discard a Madness card from your hand; if you do, draw a card.
smashup-card-psychologist = Psychologist
smashup-card-psychologist-text = Minion, power 3. When played: you may return a Madness card from your hand or discard pile to the Madness deck.
smashup-card-researcher = Researcher
    .button = Researcher
smashup-card-researcher-text = Minion, power 2. When played: you may draw a Madness card.
smashup-card-old-man-jenkins = "Old Man Jenkins!?"
    .button = Old Man Jenkins
smashup-card-old-man-jenkins-text = Special, before a base scores: destroy a highest-power minion there.
smashup-card-it-just-might-work = ...It Just Might Work
    .button = It Might Work
smashup-card-it-just-might-work-text = Discard a Madness card from your hand to give each of your minions +1 power until the end of the turn.
smashup-card-field-trip = Field Trip
smashup-card-field-trip-text = Put any number of cards from your hand on the bottom of your deck, then draw that many cards.
smashup-card-gate-to-beyond = Gate to Beyond
    .button = Gate to Beyond
smashup-card-gate-to-beyond-text = Play on a base. Talent: draw a Madness card; you may play an extra minion here.
smashup-card-jinkies = Jinkies!
smashup-card-jinkies-text = Return up to two Madness cards from your hand and/or discard pile to the Madness deck.
smashup-card-thats-so-crazy = That's So Crazy...
    .button = That's So Crazy
smashup-card-thats-so-crazy-text = Draw a Madness card; each of your minions gets +1 power until the end of the turn; you may play an extra action.
smashup-card-things-best-not-known = Things Best Not Known
    .button = Best Not Known
smashup-card-things-best-not-known-text = Special, before a base scores: choose a minion there and draw up to 3 Madness cards; it gets +2 power for each one until the end of the turn.
smashup-card-those-meddling-kids = Those Meddling Kids
    .button = Meddling Kids
smashup-card-those-meddling-kids-text = Destroy any number of actions on one base (and on the minions there).

## Answers to choices

smashup-choice-innsmouth-madness-1 = 1 Madness card
smashup-choice-innsmouth-madness-2 = 2 Madness cards
smashup-choice-innsmouth-madness-3 = 3 Madness cards
smashup-choice-miskatonic-madness-1 = 1 Madness card
smashup-choice-miskatonic-madness-2 = 2 Madness cards
smashup-choice-miskatonic-madness-3 = 3 Madness cards
smashup-choice-miskatonic-from-hand = From my hand
smashup-choice-miskatonic-from-discard = From my discard pile

## Questions

smashup-prompt-innsmouth-madness-count = { $card }: how many Madness cards to draw? Each one gives an extra minion.
smashup-prompt-innsmouth-more = { $card }: draw 2 more cards and 2 Madness cards?
smashup-prompt-innsmouth-name = { $card }: choose a minion; the extra minions must have its name.
smashup-prompt-innsmouth-sea-name = { $card }: minions of which name go back to your hand from { $base }?
smashup-prompt-innsmouth-sea-which = { $card }: which of them go back to your hand from { $base } (any number)?
smashup-prompt-miskatonic-madness-count = { $card }: how many Madness cards to draw?
smashup-prompt-miskatonic-return-madness = { $card }: return a Madness card to the Madness deck from where?
smashup-prompt-miskatonic-draw-madness = { $card }: draw a Madness card?
smashup-prompt-miskatonic-to-bottom = { $card }: which cards from your hand go to the bottom of your deck? You draw as many.
smashup-prompt-miskatonic-boost = { $card }: which minion at { $base } gets +2 power for each Madness card?
smashup-prompt-miskatonic-destroy-actions = { $card }: which actions to destroy (any number)?

smashup-option-boxes = 📦 Boxes
smashup-option-factions = 🧩 Factions

## The table: the picker, /rules, /card, the lobby, the board and the hand

smashup-about = the card-shuffling battle for bases for 2–4 players: pick two factions, smash them into one deck, and crush the bases first
smashup-rules = <b>Smash Up in short</b>
    Each of you drafts two factions and shuffles their 40 cards into one deck. There are one more bases in play than players; the first to 15 VP wins (the table may set 10 for a short game).
    <b>Your turn:</b> play one minion (on a base) and one action, in any order — cards may grant extra plays; use your minions' talents once a turn; then press “End turn”.
    <b>Scoring:</b> after your plays, every base whose minions' total power reaches its breakpoint scores: first, second and third place by power take the base's three VP numbers (ties share the better place). Before and after a base scores, everyone in turn may play a Special (“Me first!”). The base's cards go to their owners' discard piles and a new base comes out.
    <b>Then</b> you draw 2 cards and discard down to 10.
    <b>Boxes:</b> “Pretty Pretty” (Kitty Cats, Princesses, Fairies, Mythic Horses) and “The Obligatory Cthulhu Set” (Minions of Cthulhu, Elder Things, Innsmouth, Miskatonic University) — with the Cthulhu box the Madness deck is in: every 2 Madness cards you hold at the end cost 1 VP.
    A faction's cards: <code>/rules smashup kitty cats</code>; any card or base: <code>/card Muffin</code>.
smashup-rules-no-faction = There is no faction “{ $query }”. The factions: { $factions }.
smashup-cmd-desc-card = a Smash Up card or base by name
smashup-card-usage = Name a card or a base: <code>/card Muffin</code>, <code>/card Ice Castle</code>.
smashup-card-not-found = No Smash Up card or base is called “{ $query }”.
smashup-card-many = Matching cards ({ $count }): { $names }. Name one of them.
smashup-sheet-base = 🏰 <b>{ $name }</b> — base, breakpoint { $breakpoint }, VP { $vp } ({ $box })
    { $text }
smashup-sheet-card = 🃏 <b>{ $name }</b> — { $kind ->
    [minion] minion, power { $power }
   *[action] { $special ->
        [true] action, Special
       *[false] action
    }
} · { $faction } · ×{ $copies }
    { $text }
smashup-faction-title = 🧩 <b>{ $name }</b> ({ $box })
smashup-faction-card = • <b>{ $label }</b> ×{ $copies }: { $text }
smashup-faction-kitty-cats-about = steal other players' minions for a turn and make the rest grumpy
smashup-faction-princesses-about = few minions, all of power 5, and actions that move, protect and bring them back
smashup-faction-fairies-about = every card a choice of two: extra plays, draws, and power that shifts
smashup-faction-mythic-horses-about = a herd: minions grow stronger beside your other minions on the same base
smashup-faction-minions-of-cthulhu-about = power from Madness: draw it, give it away, and summon minions back
smashup-faction-elder-things-about = huge minions that hand Madness to everyone else
smashup-faction-innsmouth-about = ten copies of The Locals: the more of them on a base, the stronger they get
smashup-faction-miskatonic-university-about = researchers who draw and dig through their deck, and cure Madness

smashup-option-draft = 🧩 Factions: { $draft ->
    [random] at random
   *[snake] drafted
}
smashup-option-goal = 🏆 To { $n } VP
smashup-option-turn-timer = ⏱ Turn: { $state }
smashup-option-response-timer = ⏳ Answer: { $state }
smashup-lobby-boxes = 📦 In play: { $boxes }
smashup-lobby-madness = 🌀 With Madness (the Cthulhu box).
smashup-lobby-goal = 🏆 The first to { $n } VP wins.

smashup-minion-label = { $name } ({ $power })
smashup-option-base = 🏰 { $base } ({ $total }/{ $bp })
smashup-option-minion-mine = { $label } · { $base }
smashup-option-minion = { $label } · { $player } · { $base }

smashup-board-title = { $title } · to { $goal } VP
smashup-board-draft = <b>Draft:</b> { $order }
smashup-draft-pick = { $player }
smashup-draft-then = { " " }→{ " " }
smashup-draft-pick-now = <u>{ $player }</u>
smashup-board-drafted = { "    " }{ $player }: { $factions }
smashup-board-player = <b>{ $player }</b> { $vp } VP · ✋{ $hand } · 🂠{ $deck } · 🗑{ $discard }{ $on ->
    [true] { " " }· 🌀{ $madness }
   *[false] { "" }
}
smashup-board-factions = ({ $factions })
smashup-board-left = (left)
smashup-board-base = 🏰 <b>{ $base }</b> { $total }/{ $bp } · VP { $vp }
smashup-board-base-scoring = 💥 <b>{ $base }</b> { $total }/{ $bp } · VP { $vp } — scoring
smashup-board-base-text = { "    " }<i>{ $text }</i>
smashup-board-base-actions = { "    " }On the base: { $cards }
smashup-board-side = { "    " }{ $player } <b>{ $power }</b>: { $minions }
smashup-board-count = { $count ->
    [one] 1 minion
   *[other] { $count } minions
}
smashup-board-with = { $label } [{ $cards }]
smashup-board-decks = 🂠 Bases left: { $bases }{ $on ->
    [true] { " " }· 🌀 Madness deck: { $madness }
   *[false] { "" }
}
smashup-board-plays = Plays left: { $plays }
smashup-board-window = ⚡ Me first! { $base } { $timing ->
    [after] has scored
   *[before] is about to score
}: waiting for { $players }.
smashup-board-won = 🏆 { $players } wins!
smashup-plays-minion = { $count ->
    [one] a minion
   *[other] { $count } minions
}
smashup-plays-action = { $count ->
    [one] an action
   *[other] { $count } actions
}
smashup-plays-either = { $count ->
    [one] a minion or an action
   *[other] { $count } minions or actions
}
smashup-plays-none = no plays left — press “End turn”

smashup-hand-title = { $title } — { $chat }
smashup-hand-not-seated = You're not at this table.
smashup-hand-over = { $won ->
    [true] 🏆 You win with { $vp } VP!
   *[false] The game is over: you have { $vp } VP.
}
smashup-hand-left = You have left this game.
smashup-hand-me = 🧩 { $factions } · <b>{ $vp }</b>/{ $goal } VP
smashup-hand-faction = • <b>{ $name }</b>: { $about }
smashup-button-read = 📖 { $name }
smashup-hand-asked = ❓ A question for you:
smashup-hand-your-turn = ▶ <b>Your turn.</b> Left to play: { $plays }. Tap a card to see it and where it can go.
smashup-hand-waiting = ⏳ Waiting for { $players }.
smashup-hand-wait = ⏳ Not your turn.
smashup-hand-empty = Your hand is empty.
smashup-hand-cards = <b>Your hand ({ $count }):</b>
smashup-hand-card = • { $label }{ $kind ->
    [minion] { "" }
    [special] { " " }⚡
   *[action] { " " }📜
}
smashup-hand-selected = <b>{ $label }</b>
    { $text }
    Where does it go?
smashup-button-target = ▶ { $label }
smashup-button-play = Play it
smashup-button-talent = ✨ Talent: { $name }
smashup-button-end = ⏭ End turn
smashup-post-scoring = 🚩 <b>{ $base } scores</b>
smashup-post-tie = ⚖️ { $text }
smashup-button-playable = ✅ { $label }
smashup-hand-selected-idle = <b>{ $label }</b>
    { $text }
    It can't be played now.
smashup-final-score = { $score } VP
smashup-ev-back = 👋 { $player } is back in the game.

## Cards in the Mini App: what the drawn cards and bases say, the factions' marks

smashup-art-minion-says = Minion, power { $power }.
smashup-art-kind = { $kind ->
    [minion] Minion
    [special] ⚡ Special action
   *[action] 📜 Action
}
smashup-art-card = { $name } ({ $kind ->
    [minion] minion, power { $power }
    [special] special action
   *[action] action
}; { $faction }): { $text }
smashup-art-faction = { $emoji } { $name }
smashup-art-winner = 🏆 { $name }
smashup-art-counts = ✋{ $hand } · 🂠{ $deck } · 🗑{ $discard }{ $on ->
    [true] { " " }· 🌀{ $madness }
   *[false] { "" }
}
smashup-art-vp = { $vp }/{ $goal } VP
smashup-art-base-vp = 🏆 { $vp }
smashup-art-total = { $total }/{ $bp }
smashup-art-on-base = On the base: { $cards }
smashup-art-side = { $player } — power { $power }
smashup-art-attached = + { $name }
smashup-art-emoji-kitty-cats = 🐱
smashup-art-emoji-princesses = 👑
smashup-art-emoji-fairies = 🧚
smashup-art-emoji-mythic-horses = 🦄
smashup-art-emoji-minions-of-cthulhu = 🐙
smashup-art-emoji-elder-things = 👁️
smashup-art-emoji-innsmouth = 🐟
smashup-art-emoji-miskatonic-university = 🎓
smashup-art-emoji-madness = 🌀

## The coach's hints (one line each, after “💡”): the move, and why
smashup-hint-wins = Play { $card } on { $base }: it brings the base to its breakpoint with you in first place
smashup-hint-first = Play { $card } on { $base }: it takes first place there
smashup-hint-breaks = Play { $card } on { $base }: it brings the base to its breakpoint
smashup-hint-minion = Play { $card } on { $base }: where its power { $power } counts most
smashup-hint-boost = Play { $card } on { $minion }: it helps your own minion
smashup-hint-strike = Play { $card } on { $minion }: it hits a rival's minion
smashup-hint-action-base = Play { $card } on { $base }: the base where it counts most
smashup-hint-action = Play { $card }: it helps most now
smashup-hint-madness = Play { $card }: out of your hand it costs you no VP
smashup-hint-talent = Use the talent of { $card }: it costs no play
smashup-hint-end = End your plays: nothing left is worth playing now
smashup-hint-move = Make that move: the expert's choice here
