## Слова самого бота, общие для всех игр (русский).
## Тексты — HTML: <b>жирный</b>; имена приходят экранированными.
## Род игрока не угадываем: настоящее время и нейтральные обороты.

language-name = 🇷🇺 Русский

bot-start = Привет! Я провожу карточные игры в групповых чатах и сужу их:
    { $games }
    Добавьте меня в группу и отправьте там /new; ваши карты будут приходить сюда, в личный чат со мной.
private-text = Я понимаю только кнопки и команды. Ваши карты — в сообщении с рукой выше; чтобы начать игру, отправьте /new в группе.
dm-joined = Вы за столом «{ $game }» в «{ $chat }». Карты будут приходить сюда.

game-title = { $emoji } <b>{ $name }</b>
game-label = { $emoji } { $name }
game-line = { $game } — { $about } (<code>/new { $name }</code>, <code>/rules { $name }</code>)

cmd-desc-new = начать игру: выбрать, или /new НАЗВАНИЕ
cmd-desc-stop = закончить игру
cmd-desc-board = показать доску заново
cmd-desc-rules = правила игры этого чата (или /rules НАЗВАНИЕ)
cmd-desc-language = язык чата
cmd-desc-help = команды
cmd-group-only = Эта команда работает в групповом чате.
cmd-start-in-group = Отправьте /new, чтобы открыть здесь стол, или напишите мне в личку.
cmd-game-exists = В этом чате уже идёт игра. /board покажет её.
cmd-no-game = Сейчас в этом чате нет игры. /new откроет новую.
cmd-stop-denied = Остановить игру может создатель стола или администратор чата.
cmd-stopped = ⏹ { $game }: игру останавливает { $player }. /new откроет новый стол.
cmd-language-choose = Выберите язык чата:
cmd-language-set = Теперь чат говорит по-русски.
cmd-new-unknown = Не знаю игры «{ $query }». Вот какие я сужу:

help-title = <b>Команды</b>
help-new = /new — выбрать игру для этой группы; /new НАЗВАНИЕ сразу открывает её стол
help-stop = /stop — закончить игру (создатель стола или администратор чата)
help-board = /board — заново показать доску внизу чата
help-rules = /rules — правила игры за этим столом; /rules НАЗВАНИЕ — любой игры
help-language = /language — язык чата
help-help = /help — этот список
help-game-command = /{ $command } — { $game }: { $about }
help-games = <b>Игры</b>
    { $games }
rules-list = Правила какой игры?
    { $games }

picker-title = <b>Во что играем?</b>
picker-game = { $game } — { $about }

start-joined = Вы за столом в «{ $chat }». Карты придут сюда, когда начнётся игра.
start-no-lobby = Этот стол больше не набирает игроков.

## Набор игроков

lobby-title = { $game }: набор игроков
lobby-players = Игроки ({ $count }/{ $max }):
lobby-member = { $n }. { $player }
lobby-seconds = { $n } с
lobby-on = да
lobby-off = нет
lobby-in-group = { $players }: карты будут видны прямо здесь, только вам — нажмите «🃏 Мои карты» на доске. Удобнее в <a href="{ $link }">личном чате</a>?
lobby-and-more = ещё { $count }
lobby-hint = Создатель стола жмёт «Начать», когда игроков соберётся от { $min } до { $max }.
button-join = 🙋 Играю
button-leave = 🚪 Выйти
button-start = ▶ Начать
button-number-less = ➖
button-number-more = ➕
button-toggles = { $name }: { $count } из { $total } ▸
button-toggle-on = ✅ { $label }
button-toggle-off = ⬜ { $label }
button-toggles-done = ◀ Готово
lobby-panel = { $name }: нажатие добавляет в игру или убирает из неё (✅ — в игре, ⬜ — нет).

## Доска

board-log = <b>Ход игры:</b>
board-log-line = • { $text }
board-mover = ▶ { $line }
board-seat = { "    " }{ $line }
board-wait-turn = Ходит: <b>{ $players }</b>
board-wait-reaction = ⏳ Ждём реакции: <b>{ $players }</b>.
board-wait-all = ⏳ Ещё не нажали: { $players }
board-wait-setup = ⏳ Ещё выбирают: { $players }
board-game-over = Игра окончена.
hand-bot-removed = Бота убрали из чата { $chat }: игра окончена.
board-stopped = Игру останавливает { $player }.
button-my-cards = 🃏 Мои карты
final-winners = 🏆 { $game }: { $count ->
    [one] побеждает { $players }!
   *[other] победу делят { $players }!
}
final-no-winner = { $game }: игра окончена, победителя нет.
final-rank = { $won ->
    [true] 🏆
   *[false] { $place }.
} { $player } — { $score }
final-rank-place = { $won ->
    [true] 🏆
   *[false] { $place }.
} { $player }

## Рука и выбор

hand-private = 🔒 <b>Знаете только вы:</b>
prompt-player = 🎯 { $player }
prompt-chosen-count = (выбрано: { $count })
prompt-copies = { $label } ×{ $count }
prompt-page = стр. { $page } из { $pages }
prompt-option-chosen = { $many ->
    [true] ✔️{ $count } { $label }
   *[false] ✔️ { $label }
}
prompt-option-ordered = ✔️{ $n } { $label }
prompt-order-item = { $n }. { $label }
prompt-order-so-far = В таком порядке: { $order }
prompt-option-open = ☑️ { $label }
button-done = ✔ Готово
button-skip = ⏭ Пропустить
button-page-back = ◀
button-page-next = ▶
button-back = ↩ Назад

## Короткие ответы на нажатие

answer-unavailable = Стол на мгновение недоступен — попробуйте чуть позже.
answer-stale = Эти кнопки устарели — вот ваши карты как есть сейчас.
answer-old-game = Эта кнопка от закончившейся игры.
answer-game-over = Эта игра уже закончилась.
answer-not-player = Вы не участвуете в этой игре.
answer-unknown = Не знаю такой кнопки.
answer-error = Что-то пошло не так; игра цела — нажмите ещё раз.
answer-busy = Стол занят, нажмите ещё раз.
answer-creator-only = Это может только создатель стола.
answer-option-number = Меняется кнопками ➖ и ➕.
answer-option-least = В игре должно остаться хотя бы { $count }.
answer-option-set = Выбрано: { $option }
answer-need-players = «{ $game }»: игроков нужно от { $min } до { $max }.
answer-joined = Вы в игре! Карты придут в личный чат со мной.
answer-already-done = ✔️ Уже сделано.
answer-left = Вы вышли из-за стола.
answer-already-joined = Вы уже за столом.
answer-not-joined = Вас нет за столом.
answer-table-full = За столом нет мест.
answer-already-started = Игра уже началась.
answer-joined-group = Вы в игре! Карты будут видны здесь, в группе, только вам: нажмите «🃏 Мои карты» на доске.
answer-cards-later = Сейчас не получилось показать карты: нажмите «🃏 Мои карты» ещё раз.

## Ответы на выбор, общие для всех игр

core-err-prompt-stale = Этот выбор уже не актуален.
core-err-prompt-not-yours = Этот выбор делает другой игрок.
core-err-prompt-count = Нужно выбрать { $min ->
    [0] не больше { $max }
   *[other] от { $min } до { $max }
}.
core-err-prompt-option = Такого варианта нет.
core-err-prompt-repeated = Каждый вариант можно выбрать только раз.
core-err-prompt-no-cancel = Отменить уже нельзя.
core-err-nothing-to-answer = Сейчас выбирать нечего.
referee-error = ⚠️ У бота ошибка: часы этой игры остановлены. /board нарисует стол заново.

## Выход из идущей игры
cmd-desc-leave = выйти из-за стола или из игры в этой группе
help-leave = /leave — выйти из-за стола или из идущей игры (что станет с вашими картами, решают правила игры)
cmd-leave-done = 🚪 Вы вышли из игры; остальные играют дальше.
cmd-leave-not-playing = Вы не играете за этим столом.
button-leave-game = 🚪 Выйти из игры
hand-leave-sure = 🚪 <b>Выйти из игры насовсем?</b> Остальные продолжат без вас (что станет с вашими картами, решают правила игры).
button-leave-yes = 🚪 Да, выйти

## Реванш
button-play-again = 🔁 Сыграть ещё
lobby-again = 🔁 Реванш: { $players } — каждому одно нажатие на «Играю».
answer-rematch-gone = Эта игра уже не последняя в чате: начните с /new.
answer-rematch-off = Эту игру здесь больше не предлагают: выберите другую через /new.

## Статистика
cmd-desc-stats = победы и игры: лучшие в этом чате или ваши
cmd-desc-forget = удалить вашу статистику во всех чатах
help-stats = /stats — в группе: лучшая десятка каждой игры и ваша строка; в личном чате — ваши итоги во всех чатах
help-forget = /forget — удалить вашу статистику везде
stats-chat-title = 📊 <b>Статистика чата</b> (победы · игры · очки)
stats-mine-title = 📊 <b>Ваша статистика во всех чатах</b> (победы · игры · очки)
stats-line = { $place ->
    [0] { "" }
   *[other] { $place }.{ " " }
}{ $who }: 🏆 { $won } · 🎲 { $played } · { $points }
stats-none = В этом чате ещё не закончилась ни одна игра.
stats-none-mine = У вас пока нет статистики.
stats-forgotten = 🧹 Ваша статистика удалена во всех чатах.
nudge = ⏰ Ждём вашего хода: { $game } · { $chat }
hand-moved = ⬇️ Эти карты теперь в новом сообщении ниже.
lobby-member-computer = { $n }. 🤖 { $player } · { $level }
computer-level-easy = новичок
computer-level-hard = знаток
button-computer-easy = 🤖 + новичок
button-computer-hard = 🤖 + знаток
button-computer-remove = 🤖 −
answer-computer-seated = 🤖 Компьютерный игрок за столом.
answer-computer-removed = 🤖 Компьютерный игрок уходит из-за стола.
computer-name-1 = Вертер
computer-name-2 = Электроник
computer-name-3 = Буратино
computer-name-4 = Железный Дровосек
computer-name-5 = Робот Бендер
computer-name-6 = Кибернетик
computer-name-7 = Калькулятор
computer-name-8 = Тостер
computer-mark = 🤖{ " " }
computer-took-seat = 🤖 { $player } выходит из игры; место занимает компьютерный игрок.
answer-seat-taken-over = Вы вышли из этой игры: ваше место занимает компьютерный игрок.
hand-taken-over = { $game } · { $chat }
    Вы вышли из игры; ваше место занимает компьютерный игрок 🤖.
button-replace-needed = 🤖 Кто выходит — замена, если без неё игра кончится
button-replace-always = 🤖 Кто выходит — замена всегда
button-replace-never = 🤖 Кто выходит — без замены

## The Mini App (bot/miniapp): the cards in a page Telegram opens in the chat
button-open-cards = 🃏 Открыть карты
miniapp-title = { $game } · { $chat }
miniapp-signed-out = Вход на этой странице устарел: откройте карты из чата ещё раз.
miniapp-too-fast = Слишком быстро: по одному нажатию.
miniapp-offline = Связь потеряна: подключаемся снова…
miniapp-no-table = Здесь нет вашей игры. Откройте карты из своей руки в чате с ботом.
miniapp-cancel = Отмена

## /rules of a game there is none of; /forget asks before it deletes
rules-unknown = Игры «{ $query }» нет. Вот игры, чьи правила я знаю:
    { $games }
forget-confirm = { $name }, удалить вашу статистику во всех чатах? Вернуть её будет нельзя.
button-forget-yes = 🗑 Удалить
button-forget-no = Оставить
answer-forget-kept = Статистика остаётся как есть.
answer-forget-not-yours = Этот вопрос не вам: чтобы удалить свою статистику, отправьте /forget.

## The coach (the lobby's «💡 Hints»): a hand's hint button, and its answer
button-hints-off = 💡 Подсказки: выкл.
button-hints-on = 💡 Подсказки: вкл.
button-hint = 💡 Подсказка
hint-line = 💡 { $hint }
hint-answer = Ответьте «{ $option }»: это выбор знатока
hint-skip = Пропустите этот выбор: это выбор знатока
hint-wait = Сейчас нечего выгодно сделать: дождитесь своего момента
answer-hints-off = За этим столом подсказки выключены.
answer-hint-not-yours = Эта подсказка для чужой руки.
answer-hint-busy = Знаток ещё думает: нажмите чуть позже.
final-hints = 💡 { $player }: подсказок взято: { $count }
