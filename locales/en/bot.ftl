## The bot's own words, common to every game (English).
## Texts are HTML: <b>bold</b>; names come escaped.

language-name = 🇬🇧 English

bot-start = Hi! I host and referee card games in group chats:
    { $games }
    Add me to a group and send /new there; your cards will arrive here, in our private chat.
private-text = I only understand buttons and commands. Your cards are in the hand message above; to start a game, send /new in a group.
dm-joined = You're at the { $game } table in “{ $chat }”. Your cards will arrive here.

game-title = { $emoji } <b>{ $name }</b>
game-label = { $emoji } { $name }
game-line = { $game } — { $about } (<code>/new { $name }</code>, <code>/rules { $name }</code>)

cmd-desc-new = start a game: pick one, or /new NAME
cmd-desc-stop = end the game
cmd-desc-board = post the board again
cmd-desc-rules = the rules of this chat's game (or /rules NAME)
cmd-desc-language = the chat's language
cmd-desc-help = commands
cmd-group-only = This command works in a group chat.
cmd-start-in-group = Send /new to open a table here, or write to me privately.
cmd-game-exists = There's already a game in this chat. /board shows it.
cmd-no-game = There's no game in this chat right now. /new opens one.
cmd-stop-denied = Only the table's creator or a chat admin can stop the game.
cmd-stopped = ⏹ { $game }: stopped by { $player }. /new opens a new table.
cmd-language-choose = Choose the chat's language:
cmd-language-set = The chat now speaks English.
cmd-new-unknown = I don't know a game called “{ $query }”. These I can referee:

help-title = <b>Commands</b>
help-new = /new — pick a game to play in this group; /new NAME opens that game's table at once
help-stop = /stop — end the game (the table's creator or a chat admin)
help-board = /board — post the board again at the bottom of the chat
help-rules = /rules — the rules of the game at this table; /rules NAME — of any game
help-language = /language — the chat's language
help-help = /help — this list
help-game-command = /{ $command } — { $game }: { $about }
help-games = <b>Games</b>
    { $games }
rules-list = Which game's rules?
    { $games }

picker-title = <b>What shall we play?</b>
picker-game = { $game } — { $about }

start-joined = You're at the table in “{ $chat }”. Your cards will arrive here when the game starts.
start-no-lobby = That table isn't taking players any more.

## Lobby

lobby-title = { $game }: gathering players
lobby-players = Players ({ $count }/{ $max }):
lobby-member = { $n }. { $player }
lobby-seconds = { $n } s
lobby-on = on
lobby-off = off
lobby-in-group = { $players }: your cards will show right here, for your eyes only — press 🃏 My cards on the board. Rather have them in <a href="{ $link }">our private chat</a>?
lobby-and-more = { $count } more
lobby-hint = The table's creator presses “Start” once { $min } to { $max } players have joined.
button-join = 🙋 Join
button-leave = 🚪 Leave
button-start = ▶ Start
button-number-less = ➖
button-number-more = ➕
button-toggles = { $name }: { $count } of { $total } ▸
button-toggle-on = ✅ { $label }
button-toggle-off = ⬜ { $label }
button-toggles-done = ◀ Done
lobby-panel = { $name }: press one to take it in or out of the game (✅ in, ⬜ out).

## Board

board-log = <b>Play so far:</b>
board-log-line = • { $text }
board-mover = ▶ { $line }
board-seat = { "    " }{ $line }
board-wait-turn = Turn: <b>{ $players }</b>
board-wait-reaction = ⏳ Waiting for <b>{ $players }</b> to react.
board-wait-all = ⏳ Still to press: { $players }
board-wait-setup = ⏳ Still choosing: { $players }
board-game-over = The game is over.
hand-bot-removed = The bot was removed from { $chat }: the game is over.
board-stopped = The game was stopped by { $player }.
button-my-cards = 🃏 My cards
final-winners = 🏆 { $game }: { $count ->
    [one] { $players } wins!
   *[other] { $players } share the win!
}
final-no-winner = { $game }: the game is over, with no winner.
final-rank = { $won ->
    [true] 🏆
   *[false] { $place }.
} { $player } — { $score }
final-rank-place = { $won ->
    [true] 🏆
   *[false] { $place }.
} { $player }

## Hand and choices

hand-private = 🔒 <b>Only you know:</b>
prompt-player = 🎯 { $player }
prompt-chosen-count = (chosen: { $count })
prompt-copies = { $label } ×{ $count }
prompt-page = page { $page } of { $pages }
prompt-option-chosen = { $many ->
    [true] ✔️{ $count } { $label }
   *[false] ✔️ { $label }
}
prompt-option-ordered = ✔️{ $n } { $label }
prompt-order-item = { $n }. { $label }
prompt-order-so-far = In this order: { $order }
prompt-option-open = ☑️ { $label }
button-done = ✔ Done
button-skip = ⏭ Skip
button-page-back = ◀
button-page-next = ▶
button-back = ↩ Back

## Short answers to a press

answer-unavailable = The table is out of reach for a moment — try again shortly.
answer-stale = That keyboard was out of date — here are your cards as they are now.
answer-old-game = That button belongs to a game that's over.
answer-game-over = This game is already over.
answer-not-player = You're not playing in this game.
answer-unknown = I don't know that button.
answer-error = Something went wrong; the game is safe — try again.
answer-busy = The table is busy; press again.
answer-creator-only = Only the table's creator can do that.
answer-option-number = ➖ and ➕ change it.
answer-option-least = At least { $count } must stay in the game.
answer-option-set = Set: { $option }
answer-need-players = { $game } needs { $min } to { $max } players.
answer-joined = You're in! Your cards will arrive in our private chat.
answer-already-done = ✔️ Already done.
answer-left = You've left the table.
answer-already-joined = You're already at the table.
answer-not-joined = You're not at the table.
answer-table-full = The table is full.
answer-already-started = The game has already started.
answer-joined-group = You're in! Your cards will show here in the group, for you alone: press 🃏 My cards on the board.
answer-cards-later = I couldn't show your cards just now: press 🃏 My cards again.

## Answers to a prompt that every game shares

core-err-prompt-stale = That choice is no longer open.
core-err-prompt-not-yours = That choice isn't yours to make.
core-err-prompt-count = Choose { $min ->
    [0] up to { $max }
   *[other] { $min } to { $max }
}.
core-err-prompt-option = That option isn't on offer.
core-err-prompt-repeated = Each option can be chosen once.
core-err-prompt-no-cancel = It's too late to back out.
core-err-nothing-to-answer = There's nothing to choose right now.
referee-error = ⚠️ The referee hit an error and stopped this game's clock. /board draws the table again.

## Leaving a game in progress
cmd-desc-leave = leave this group's table or game
help-leave = /leave — leave the table, or the game in progress (its rules say what becomes of your cards)
cmd-leave-done = 🚪 You've left the game; the others play on.
cmd-leave-not-playing = You're not playing at this table.
button-leave-game = 🚪 Leave the game
hand-leave-sure = 🚪 <b>Leave this game for good?</b> The others play on without you (the game's rules say what becomes of your cards).
button-leave-yes = 🚪 Yes, leave

## A rematch
button-play-again = 🔁 Play again
lobby-again = 🔁 A rematch: { $players } — one tap on “Join” each.
answer-rematch-gone = That game is no longer the chat's last one: start with /new.
answer-rematch-off = That game is no longer offered here: pick another with /new.

## Statistics
cmd-desc-stats = wins and games: this chat's top ten, or yours
cmd-desc-forget = delete your statistics in every chat
help-stats = /stats — in a group, its top ten of each game and your own line; in private, your figures in every chat
help-forget = /forget — delete your statistics everywhere
stats-chat-title = 📊 <b>This chat's statistics</b> (wins · games · points)
stats-mine-title = 📊 <b>Your statistics, in every chat</b> (wins · games · points)
stats-line = { $place ->
    [0] { "" }
   *[other] { $place }.{ " " }
}{ $who }: 🏆 { $won } · 🎲 { $played } · { $points }
stats-none = No game has ended in this chat yet.
stats-none-mine = You have no statistics yet.
stats-forgotten = 🧹 Your statistics are deleted, in every chat.
nudge = ⏰ The table is waiting for you: { $game } · { $chat }
hand-moved = ⬇️ These cards have moved to a newer message below.
lobby-member-computer = { $n }. 🤖 { $player } · { $level }
computer-level-easy = novice
computer-level-hard = expert
button-computer-easy = 🤖 + novice
button-computer-hard = 🤖 + expert
button-computer-remove = 🤖 −
answer-computer-seated = 🤖 A computer player takes a seat.
answer-computer-removed = 🤖 A computer player leaves the table.
computer-name-1 = Robbie
computer-name-2 = Marvin
computer-name-3 = Bender
computer-name-4 = Gizmo
computer-name-5 = Tin Man
computer-name-6 = Dot
computer-name-7 = Abacus
computer-name-8 = Toaster
computer-mark = 🤖{ " " }
computer-took-seat = 🤖 { $player } leaves the game; a computer player takes the seat.
answer-seat-taken-over = You left this game: a computer player has your seat.
hand-taken-over = { $game } · { $chat }
    You left the game; a computer player 🤖 has your seat.
button-replace-needed = 🤖 Who leaves: replaced if the game needs it
button-replace-always = 🤖 Who leaves: always replaced
button-replace-never = 🤖 Who leaves: never replaced

## The Mini App (bot/miniapp): the cards in a page Telegram opens in the chat
button-open-cards = 🃏 Open cards
miniapp-title = { $game } · { $chat }
miniapp-signed-out = This page's sign-in is out of date: open the cards again from the chat.
miniapp-too-fast = Too fast: one tap at a time.
miniapp-offline = Connection lost: reconnecting…
miniapp-no-table = No game of yours here. Open the cards from your hand in the bot's chat.
miniapp-cancel = Cancel

## /rules of a game there is none of; /forget asks before it deletes
rules-unknown = There's no game called “{ $query }”. I know the rules of these:
    { $games }
forget-confirm = { $name }, delete your statistics in every chat? This can't be undone.
button-forget-yes = 🗑 Delete
button-forget-no = Keep
answer-forget-kept = Your statistics stay as they are.
answer-forget-not-yours = This question is for someone else: to delete your own statistics, send /forget.

## The coach (the lobby's “💡 Hints”): a hand's hint button, and its answer
button-hints-off = 💡 Hints: off
button-hints-on = 💡 Hints: on
button-hint = 💡 Hint
hint-line = 💡 { $hint }
hint-answer = Answer “{ $option }”: the expert's choice here
hint-skip = Skip this one: the expert's choice here
hint-wait = Nothing worth doing right now: wait for your moment
answer-hints-off = Hints are off at this table.
answer-hint-not-yours = This hint is for someone else's hand.
answer-hint-busy = The expert is still thinking: press again in a moment.
final-hints = 💡 { $player }: hints used: { $count }
