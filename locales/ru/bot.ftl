## Слова самого бота (русский). Тексты — HTML: <b>жирный</b>; имена приходят экранированными.

language-name = 🇷🇺 Русский

bot-start = Привет! Я сужу карточные игры в групповых чатах, и первая из них — Свинтус. Добавьте меня в группу и отправьте там /new; ваши карты будут приходить сюда, в личный чат со мной.
bot-help = <b>Команды</b>
    /new — открыть стол Свинтуса в этой группе
    /stop — закончить игру (создатель стола или администратор чата)
    /board — заново показать доску внизу чата
    /rules — правила вкратце
    /animal ИМЯ — что умеет зверь из Метаморфоз (без имени — все звери)
    /language — язык чата
    /help — этот список
bot-rules = <b>Свинтус вкратце</b>
    Цель — избавиться от всех карт. В свой ход положите карту того же цвета или того же значения/названия, что и верхняя, или возьмите карту (подходящую взятую можно сразу сыграть).
    • <b>Перехват</b>: любой может в любой момент положить точно такую же карту, как верхняя, — дальше ходят от него.
    • <b>Хапёж</b>: следующий берёт 3 и пропускает ход, если не переведёт своим Хапежом (+3 каждый раз). <b>Захрапин</b>: следующий пропускает ход, переводится так же.
    • <b>Перехрюк</b> меняет направление. <b>Полисвин</b> подходит ко всему, сыгравший называет цвет.
    • <b>Тихохрюн</b>: в чате тишина, пока ход не вернётся к сыгравшему; каждое сообщение — 2 карты (как и «Свинтус!», «Поймать!» и названный цвет).
    • <b>Хлопкопыт</b>: все жмут «Хлоп!» — последний или не успевший берёт 2.
    • Осталась одна карта — жмите «Свинтус!», иначе через 3 секунды вас могут поймать: +2 карты.
    Победитель раунда получает по очку за каждую карту у соперников; кто первым наберёт нужный счёт, выигрывает матч.
private-text = Я понимаю только кнопки и команды. Ваши карты — в сообщении с рукой выше; чтобы начать игру, отправьте /new в группе.
dm-joined = Вы за столом Свинтуса в «{ $chat }». Карты будут приходить сюда.

cmd-desc-new = открыть стол Свинтуса
cmd-desc-stop = закончить игру
cmd-desc-board = показать доску заново
cmd-desc-rules = правила вкратце
cmd-desc-animal = зверь из Метаморфоз
cmd-desc-language = язык чата
cmd-desc-help = команды
cmd-group-only = Эта команда работает в групповом чате.
cmd-start-in-group = Отправьте /new, чтобы открыть здесь стол, или напишите мне в личку.
cmd-game-exists = В этом чате уже идёт игра. /board покажет её.
cmd-no-game = Сейчас в этом чате нет игры. /new откроет новую.
cmd-stop-denied = Остановить игру может создатель стола или администратор чата.
cmd-language-choose = Выберите язык чата:
cmd-language-set = Теперь чат говорит по-русски.

start-joined = Вы за столом в «{ $chat }». Карты придут сюда, когда начнётся игра.
start-no-lobby = Этот стол больше не набирает игроков.

## Набор игроков

lobby-title = 🐷 <b>Свинтус</b>: набор игроков
lobby-players = Игроки ({ $count }/10):
lobby-options = 🎯 до { $target } очков · ⏱ ход { $timer } · ⚡ реакция { $window } с · 🤫 сообщения в тишину: { $hush }
lobby-seconds = { $n } с
lobby-on = считаются
lobby-off = нет
lobby-unreachable = { $player }, я пока не могу написать вам в личку. Откройте чат со мной по ссылке — и вы сразу в игре: { $link }
lobby-hint = Создатель стола жмёт «Начать», когда соберутся от 2 до 10 игроков.
button-join = 🙋 Играю
button-leave = 🚪 Выйти
button-start = ▶ Начать
button-option-target = 🎯 { $n }
button-option-timer = ⏱ { $timer }
button-option-window = ⚡ { $n } с
button-option-hush = 🤫 { $state }

## Доска

board-title = 🐷 <b>Свинтус</b> · раунд { $round }
board-top = Сверху: <b>{ $card }</b>
board-named-color = (цвет: { $color })
board-counts = Колода { $deck } · стопка { $pile }
board-clockwise = ↻ по часовой
board-counter-clockwise = ↺ против часовой
board-player = { $player } — { $count ->
    [one] { $count } карта
    [few] { $count } карты
   *[many] { $count } карт
} · { $score } оч.
board-flag-declared = 🐽
board-flag-one-card = ☝️
board-flag-away = 💤
board-flag-silence = 🤫
board-turn = Ходит: <b>{ $player }</b>
board-grab-pending = ⚠️ Хапёж! <b>{ $player }</b> берёт { $count } или переводит.
board-snore-pending = 😴 Захрапин! <b>{ $player }</b> пропускает ход или переводит.
board-color-pending = 🎨 <b>{ $player }</b> называет цвет.
board-race = 👋 ХЛОП! Хлопнули { $done } из { $total }.
board-silence = 🤫 Тишина! Объявил { $player }: в чате ни слова.
board-round-over = Раунд окончен. Следующий скоро начнётся.
board-match-over = 🏆 <b>{ $player }</b> выигрывает матч!
board-game-over = Игра окончена.
board-stopped = Игру остановил { $player }.
board-log = <b>Судья:</b>
button-catch = 🫵 Поймать!
button-slap = 👋 Хлоп!
button-my-cards = 🃏 Мои карты
button-next-round = ▶ Следующий раунд

## Рука

hand-title = 🐷 Свинтус · { $chat }
hand-not-seated = Вы больше не за столом.
hand-match-over = Матч окончен: победил { $player }.
hand-round-over = Раунд окончен; новые карты придут со следующим.
hand-race = 👋 Хлопайте, быстро!
hand-race-done = 👋 Вы хлопнули; ждём остальных.
hand-grab-on-you = ⚠️ На вас Хапёж: возьмите { $count } или переведите Хапежом.
hand-snore-on-you = 😴 На вас Захрапин: пропустите ход или переведите Захрапином.
hand-choose-color = 🎨 Назовите цвет.
hand-drawn = Взятая карта подходит: сыграйте её или пасуйте.
hand-waiting = ⏳ Сейчас не ваш ход. ✅ — карта, которой можно перехватить прямо сейчас.
hand-silence = 🤫 В чате тишина!
hand-your-turn = ▶ <b>Ваш ход!</b>
hand-cards = Ваши карты ({ $count }), ✅ — можно сыграть сейчас:
button-draw = 🂠 Взять
button-pass = ⏭ Пас
button-accept-grab = 😩 Взять { $count }
button-accept-snore = 😴 Пропустить ход
button-svintus = 🐽 Свинтус!

## Короткие ответы на нажатие

answer-slap-too-late = Поздно — эта гонка хлопков уже закончилась.
answer-unavailable = Стол на мгновение недоступен — попробуйте чуть позже.
answer-stale = Эти кнопки устарели — вот ваши карты как есть сейчас.
answer-old-game = Эта кнопка от закончившейся игры.
answer-not-player = Вы не участвуете в этой игре.
answer-unknown = Не знаю такой кнопки.
answer-error = Что-то пошло не так; игра цела — нажмите ещё раз.
answer-busy = Стол занят, нажмите ещё раз.
answer-creator-only = Это может только создатель стола.
answer-need-players = В Свинтус играют от { $min } до { $max } игроков.
answer-joined = Вы в игре! Карты придут в личный чат со мной.
answer-left = Вы вышли из-за стола.
answer-already-joined = Вы уже за столом.
answer-not-joined = Вас нет за столом.
answer-table-full = За столом нет мест.
answer-already-started = Игра уже началась.
answer-open-private = Я пока не могу вам написать: откройте чат со мной и нажмите «Запустить» — вы сразу окажетесь в игре.

## Метаморфозы

bot-rules-metamorphoses = <b>Метаморфозы</b> (настройка стола)
    Каждому достаётся зверь светлой стороной вверх; его правило сильнее обычных.
    • Перехват или перевод переворачивает твоего зверя на тёмную сторону.
    • Пока зверь тёмный, в свой ход можно вместо карты или добора применить его умение (но не когда на тебе Хапёж или Захрапин); потом он снова светлый. Выиграть, пока умение не доиграно, нельзя.
    • Если зверь обязан отреагировать (как Ёж), на это есть время реакции; опоздал — 2 карты.
    /animal ИМЯ расскажет про одного зверя; /animal покажет всех.
lobby-metamorphoses = 🐾 Метаморфозы: звери { $deal }
lobby-deal-random = случайные
lobby-deal-chosen = на выбор игроков
button-option-metamorphoses = 🐾 Метаморфозы: { $state }
button-option-deal = 🎲 звери { $deal }
answer-join-first = Сначала сядь за стол, потом выбирай зверя.
answer-animal-taken = Этого зверя уже взял { $player }.
answer-animal-returned = Ты вернул своего зверя.
answer-animal-picked = Твой зверь: { $animal }.
animal-label-light = { $emoji } { $name }
animal-label-dark = 🌑{ $emoji } { $name }
animal-card = { $light } — светлая сторона:
    { $light_rule }
    { $dark } — тёмная сторона:
    { $dark_rule }
animal-list-title = <b>Свинский зверинец</b> (светлая сторона / тёмная):
animal-list-hint = /animal ИМЯ расскажет, что умеет зверь.
animal-not-found = Не знаю зверя по имени «{ $query }».
board-flag-skip = ⏸
board-ability = 🌑 <b>{ $player }</b> применяет умение: { $animal }…
board-duty = 🦔 <b>{ $player }</b> должен нажать «Ёж берёт!»
hand-animal = { $animal }: { $rule }
hand-deck-top = 🦉 Сверху колоды: <b>{ $card }</b>
hand-duty = 🦔 Соперник перехватил ход: жми «Ёж берёт!», иначе штраф 2.
hand-ability-target = 🌑 Выбери соперника:
hand-ability-cards-exactly = 🌑 Выбери { $most ->
    [one] карту
    [few] { $most } карты
   *[many] { $most } карт
} (выбрано: { $picked }).
hand-ability-cards-up-to = 🌑 Выбери до { $most } карт (выбрано: { $picked }) и нажми «Готово».
hand-ability-cards-range = 🌑 Выбери от { $least } до { $most } карт по порядку (выбрано: { $picked }); после { $least } можно нажать «Готово».
hand-ability-swap-own = 🌑 Выбери свою карту, которую отдашь игроку { $player }:
hand-ability-swap-theirs = 🌑 Теперь выбери карту игрока { $player } (они ниже), которую заберёшь:
hand-ability-color = 🌑 Назови цвет.
hand-ability-play = 🌑 Сыграй карту нового цвета или возьми 1.
button-take-one = 🂠 Взять 1
button-react = 🦔 Ёж берёт!
button-ability = 🌑 Умение: { $animal }
button-target = 🎯 { $player }
button-confirm = ✔ Готово
button-cancel = ↩ Назад

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
