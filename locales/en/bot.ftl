## The bot's own words (English). Texts are HTML: <b>bold</b>; names come escaped.

language-name = 🇬🇧 English

bot-start = Hi! I referee card games in group chats, starting with Svintus. Add me to a group and send /new there; your cards will arrive here, in our private chat.
bot-help = <b>Commands</b>
    /new — open a Svintus table in this group
    /stop — end the game (the table's creator or a chat admin)
    /board — post the board again at the bottom of the chat
    /rules — the rules in short
    /animal NAME — what an animal of Metamorphoses does (without a name: all of them)
    /language — the chat's language
    /help — this list
bot-rules = <b>Svintus in short</b>
    Get rid of all your cards. On your turn play a card of the same colour or the same value/name as the top card, or draw one (a drawn card that fits may be played at once).
    • <b>Intercept</b>: anyone may play the very same card as the top one at any moment — play then goes on from them.
    • <b>Grab</b>: the next player takes 3 and loses the turn, unless they pass it on with their own Grab (+3 each time). <b>Snore</b>: the next player loses the turn, same passing rule.
    • <b>Turnabout</b> reverses the direction. <b>Polypig</b> fits anything; its player names the colour.
    • <b>Hush</b>: silence in the chat until play comes back round to whoever played it; every message costs 2 cards (so do «Svintus!», «Catch!» and naming a colour).
    • <b>Hoofslap</b>: everybody presses «Slap!» — whoever is slowest or misses takes 2.
    • With one card left press «Svintus!», or anyone may catch you after 3 seconds: +2 cards.
    The round's winner scores a point per card left in the other hands; the first to the target score wins the match.
private-text = I only understand buttons and commands. Your cards are in the hand message above; to start a game, send /new in a group.
dm-joined = You're at the Svintus table in «{ $chat }». Your cards will arrive here.

cmd-desc-new = open a Svintus table
cmd-desc-stop = end the game
cmd-desc-board = post the board again
cmd-desc-rules = the rules in short
cmd-desc-animal = an animal of Metamorphoses
cmd-desc-language = the chat's language
cmd-desc-help = commands
cmd-group-only = This command works in a group chat.
cmd-start-in-group = Send /new to open a table here, or write to me privately.
cmd-game-exists = There's already a game in this chat. /board shows it.
cmd-no-game = There's no game in this chat right now. /new opens one.
cmd-stop-denied = Only the table's creator or a chat admin can stop the game.
cmd-language-choose = Choose the chat's language:
cmd-language-set = The chat now speaks English.

start-joined = You're at the table in «{ $chat }». Your cards will arrive here when the game starts.
start-no-lobby = That table isn't taking players any more.

## Lobby

lobby-title = 🐷 <b>Svintus</b>: gathering players
lobby-players = Players ({ $count }/10):
lobby-options = 🎯 to { $target } points · ⏱ turn { $timer } · ⚡ reactions { $window } s · 🤫 chat counts in a silence: { $hush }
lobby-seconds = { $n } s
lobby-on = on
lobby-off = off
lobby-unreachable = { $player }, I can't write to you privately yet. Open our chat here and you're in: { $link }
lobby-hint = The table's creator presses «Start» once 2 to 10 players have joined.
button-join = 🙋 Join
button-leave = 🚪 Leave
button-start = ▶ Start
button-option-target = 🎯 { $n }
button-option-timer = ⏱ { $timer }
button-option-window = ⚡ { $n } s
button-option-hush = 🤫 { $state }

## Board

board-title = 🐷 <b>Svintus</b> · round { $round }
board-top = Top: <b>{ $card }</b>
board-named-color = (colour: { $color })
board-counts = Deck { $deck } · pile { $pile }
board-clockwise = ↻ clockwise
board-counter-clockwise = ↺ counter-clockwise
board-player = { $player } — { $count ->
    [one] { $count } card
   *[other] { $count } cards
} · { $score } pts
board-flag-declared = 🐽
board-flag-one-card = ☝️
board-flag-away = 💤
board-flag-silence = 🤫
board-turn = Turn: <b>{ $player }</b>
board-grab-pending = ⚠️ Grab! <b>{ $player }</b> takes { $count } or passes it on.
board-snore-pending = 😴 Snore! <b>{ $player }</b> loses the turn or passes it on.
board-color-pending = 🎨 <b>{ $player }</b> is naming a colour.
board-race = 👋 SLAP! { $done } of { $total } have slapped.
board-silence = 🤫 Silence! Called by { $player }: not a word in the chat.
board-round-over = The round is over. The next one starts shortly.
board-match-over = 🏆 <b>{ $player }</b> wins the match!
board-game-over = The game is over.
board-stopped = The game was stopped by { $player }.
board-log = <b>Referee:</b>
button-catch = 🫵 Catch!
button-slap = 👋 Slap!
button-my-cards = 🃏 My cards
button-next-round = ▶ Next round

## Hand

hand-title = 🐷 Svintus · { $chat }
hand-not-seated = You're not at the table any more.
hand-match-over = The match is over: { $player } wins.
hand-round-over = The round is over; your new cards arrive with the next one.
hand-race = 👋 Slap, quick!
hand-race-done = 👋 You've slapped; waiting for the others.
hand-grab-on-you = ⚠️ A Grab is on you: take { $count } or pass it on with a Grab.
hand-snore-on-you = 😴 A Snore is on you: lose the turn or pass it on with a Snore.
hand-choose-color = 🎨 Name a colour.
hand-drawn = You drew a card that fits: play it or pass.
hand-waiting = ⏳ Not your turn. ✅ marks a card that can intercept right now.
hand-silence = 🤫 Silence in the chat!
hand-your-turn = ▶ <b>Your turn!</b>
hand-cards = Your cards ({ $count }), ✅ = playable now:
button-draw = 🂠 Draw
button-pass = ⏭ Pass
button-accept-grab = 😩 Take { $count }
button-accept-snore = 😴 Lose the turn
button-svintus = 🐽 Svintus!

## Short answers to a press

answer-slap-too-late = Too late — that slap race is over.
answer-unavailable = The table is out of reach for a moment — try again shortly.
answer-stale = That keyboard was out of date — here are your cards as they are now.
answer-old-game = That button belongs to a game that's over.
answer-not-player = You're not playing in this game.
answer-unknown = I don't know that button.
answer-error = Something went wrong; the game is safe — try again.
answer-busy = The table is busy; press again.
answer-creator-only = Only the table's creator can do that.
answer-need-players = Svintus needs { $min } to { $max } players.
answer-joined = You're in! Your cards will arrive in our private chat.
answer-left = You've left the table.
answer-already-joined = You're already at the table.
answer-not-joined = You're not at the table.
answer-table-full = The table is full.
answer-already-started = The game has already started.
answer-open-private = I can't write to you yet: open our chat and press Start — you'll join at once.

## Metamorphoses

bot-rules-metamorphoses = <b>Metamorphoses</b> (a table option)
    Everyone gets an animal, light side up; its rule beats the ordinary ones.
    • An intercept or a transfer turns your animal to its dark side.
    • While dark, on your turn you may use its ability instead of playing or drawing (not when a Grab or Snore is on you); then it is light again. You can't win before the ability is done.
    • A reaction your animal owes (the Hedgehog's) has the reaction window; missing it costs 2 cards.
    /animal NAME explains one animal; /animal lists them all.
lobby-metamorphoses = 🐾 Metamorphoses: animals { $deal }
lobby-deal-random = at random
lobby-deal-chosen = chosen by the players
button-option-metamorphoses = 🐾 Metamorphoses: { $state }
button-option-deal = 🎲 animals { $deal }
answer-join-first = Join the table first, then pick an animal.
answer-animal-taken = { $player } has already taken that animal.
answer-animal-returned = You gave your animal back.
answer-animal-picked = Your animal: { $animal }.
animal-label-light = { $emoji } { $name }
animal-label-dark = 🌑{ $emoji } { $name }
animal-card = { $light } — light side:
    { $light_rule }
    { $dark } — dark side:
    { $dark_rule }
animal-list-title = <b>The menagerie</b> (light side / dark side):
animal-list-hint = /animal NAME tells what one of them does.
animal-not-found = I don't know an animal called «{ $query }».
board-flag-skip = ⏸
board-ability = 🌑 <b>{ $player }</b> uses the { $animal }…
board-duty = 🦔 <b>{ $player }</b> must press «Hedgehog takes!»
hand-animal = { $animal }: { $rule }
hand-deck-top = 🦉 Top of the deck: <b>{ $card }</b>
hand-duty = 🦔 An opponent intercepted: press «Hedgehog takes!» now, or it costs 2.
hand-ability-target = 🌑 Choose an opponent:
hand-ability-cards-exactly = 🌑 Choose { $most ->
    [one] a card
   *[other] { $most } cards
} (chosen: { $picked }).
hand-ability-cards-up-to = 🌑 Choose up to { $most } cards (chosen: { $picked }), then «Done».
hand-ability-cards-range = 🌑 Choose { $least } to { $most } cards in order (chosen: { $picked }); «Done» after { $least }.
hand-ability-swap-own = 🌑 Pick one of your cards to give to { $player }:
hand-ability-swap-theirs = 🌑 Now pick one of { $player }'s cards (shown below) to take:
hand-ability-color = 🌑 Name a colour.
hand-ability-play = 🌑 Play a card of the new colour, or take 1.
button-take-one = 🂠 Take 1
button-react = 🦔 Hedgehog takes!
button-ability = 🌑 Use: { $animal }
button-target = 🎯 { $player }
button-confirm = ✔ Done
button-cancel = ↩ Back

## Answers to a prompt that every game shares

core-err-prompt-stale = That choice is no longer open.
core-err-prompt-not-yours = That choice isn't yours to make.
core-err-prompt-count = Choose { $min ->
    [0] up to { $max }
   *[other] { $min ->
        [one] { $max ->
            [1] one
           *[other] { $min } to { $max }
        }
       *[other] { $min } to { $max }
    }
}.
core-err-prompt-option = That option isn't on offer.
core-err-prompt-repeated = Each option can be chosen once.
core-err-prompt-no-cancel = It's too late to back out.
core-err-nothing-to-answer = There's nothing to choose right now.
