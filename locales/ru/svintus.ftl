## Свинтус: карты, объявления судьи и ошибки ходов (русский).
## $player, $target, $catcher, $from_player — имена игроков; $card — название карты.

svintus-n-cards = { $count ->
    [one] { $count } карту
    [few] { $count } карты
   *[many] { $count } карт
}

svintus-game-name = Свинтус

## Цвета и карты

svintus-color-red = красный
svintus-color-orange = оранжевый
svintus-color-green = зелёный
svintus-color-blue = синий
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
svintus-kind-grab = Хапёж
svintus-kind-snore = Захрапин
svintus-kind-turnabout = Перехрюк
svintus-kind-hush = Тихохрюн
svintus-kind-hoofslap = Хлопкопыт
svintus-kind-polypig = Полисвин

## Объявления судьи (события движка)

svintus-ev-round-started = Раунд { $round }! Первая карта — { $card }, начинает { $player }.
svintus-ev-start-card-returned = С карты { $card } раунд не начинают — она уходит обратно в колоду.
svintus-ev-played = { $player } кладёт карту { $card }.
svintus-ev-intercepted = Перехват! { $player } выхватывает ход у игрока { $from_player } картой { $card }.
svintus-ev-intercepted-own = Перехват! { $player } кладёт карту { $card } — точно такую же, как верхняя.
svintus-ev-transferred = { $player } переводит стрелки картой { $card }!
svintus-ev-grab-aimed = ⚠️ Хапёж на игроке { $player }: взять { svintus-n-cards } или перевести дальше.
svintus-ev-snore-aimed = 😴 Захрапин на игроке { $player }: пропустить ход или перевести дальше.
svintus-ev-grab-taken = { $player } берёт { svintus-n-cards } и пропускает ход.
svintus-ev-snore-taken = { $player } просыпает свой ход.
svintus-ev-last-grab = Хапёж на прощание: { $player } берёт { svintus-n-cards }.
svintus-ev-direction = { $player } разворачивает стол: теперь ходят { $clockwise ->
    [true] по часовой стрелке
   *[false] против часовой стрелки
}.
svintus-ev-color-needed = { $player } кладёт Полисвина и выбирает цвет.
svintus-ev-color-chosen = { $player } называет цвет: { $color ->
    [red] красный
    [orange] оранжевый
    [green] зелёный
   *[blue] синий
}.
svintus-ev-color-auto = Бот называет цвет за игрока { $player }: { $color ->
    [red] красный
    [orange] оранжевый
    [green] зелёный
   *[blue] синий
}.
svintus-ev-silence-started = Тсс! { $player } объявляет тишину. В чате ни слова, пока ход не вернётся к игроку { $player }.
svintus-ev-silence-ended = Тишина закончилась — можно говорить.
svintus-ev-slap-race = Хлопкопыт от игрока { $player }! Все жмут «Хлоп!» — самая медленная свинка берёт 2.
svintus-ev-slapped = Хлоп № { $place }: { $player }.
svintus-ev-slap-all-in = Хлопнули все; медленнее всех — { $player }.
svintus-ev-drew = { $player } берёт { svintus-n-cards }.
svintus-ev-draw-skipped = Брать больше нечего — { $player } просто пропускает ход.
svintus-ev-passed = { $player } оставляет взятую карту себе и пасует.
svintus-ev-deck-reshuffled = Колода кончилась: стопка ({ $count }) перетасована в новую.
svintus-ev-declared = «Свинтус!» — у игрока { $player } последняя карта.
svintus-ev-catch-too-early = { $player } пытается поймать игрока { $target }, но рано — штрафа нет.
svintus-ev-penalty-caught = Попались! { $catcher } ловит игрока { $player } на последней карте без «Свинтуса!»: { $player } берёт { svintus-n-cards }.
svintus-ev-penalty-slap-last = Последний хлопок — у игрока { $player }: в руку { svintus-n-cards }.
svintus-ev-penalty-slap-missed = { $player } не успевает хлопнуть и берёт { svintus-n-cards }.
svintus-ev-penalty-silence = { $player } нарушает тишину и берёт { svintus-n-cards }.
svintus-ev-timeout = { $player } медлит: бот берёт карту за игрока, ход переходит дальше.
svintus-ev-away = Похоже, { $player } не у стола — до возвращения за игрока ходит бот.
svintus-ev-back = { $player } снова в игре.
svintus-ev-round-won = { $player } выигрывает раунд и получает { $points } { $points ->
    [one] очко
    [few] очка
   *[many] очков
} (всего { $score }).
svintus-ev-match-won = { $player } побеждает в матче: { $score } { $score ->
    [one] очко
    [few] очка
   *[many] очков
}!
svintus-ev-walkover = Все остальные ушли — { $player } побеждает в матче.
svintus-ev-abandoned = Все ушли, игра окончена.
svintus-ev-player-left = { $player } покидает стол; карты игрока ({ $count }) уходят в колоду.
svintus-ev-player-joined = { $player } садится за стол и получит карты в следующем раунде.
svintus-ev-attack-cancelled = { $player } покидает стол — карта, адресованная игроку, пропадает впустую.

## Ошибки ходов (короткие ответы на нажатие)

svintus-err-bad-action = Такого хода нет.
svintus-err-bad-options = Такие настройки стола недопустимы.
svintus-err-player-count = В Свинтусе игроков — от { $min } до { $max }.
svintus-err-duplicate-player = Кто-то сидит за столом дважды.
svintus-err-not-a-player = Вы не участвуете в этой игре.
svintus-err-match-over = Эта игра уже закончилась.
svintus-err-round-over = Раунд окончен — дождитесь следующего.
svintus-err-not-between-rounds = Это можно только между раундами.
svintus-err-already-seated = Вы уже за столом.
svintus-err-table-full = За столом нет мест.
svintus-err-not-your-turn = Сейчас не ваш ход — вне очереди можно только перехватить точно такой же картой.
svintus-err-not-in-hand = У вас нет такой карты.
svintus-err-too-late = Поздно — верхняя карта уже другая.
svintus-err-no-match = Эта карта не подходит к верхней.
svintus-err-not-identical = Сейчас перехватить можно только точно такой же картой.
svintus-err-start-card = Первую карту раунда перехватывать нельзя.
svintus-err-must-answer-attack = Переведите такой же картой или примите.
svintus-err-nothing-to-accept = Вам нечего принимать.
svintus-err-choose-color-first = Сначала назовите цвет.
svintus-err-no-color-to-choose = Вам не нужно называть цвет.
svintus-err-only-drawn-card = После взятия можно сыграть только взятую карту.
svintus-err-already-drew = Вы уже брали карту в этот ход.
svintus-err-must-play = У вас есть подходящая карта — сыграйте её.
svintus-err-cannot-pass = Пасовать можно только после взятия карты.
svintus-err-race-on = Сначала хлопните!
svintus-err-no-race = Поздно — эта гонка хлопков уже закончилась.
svintus-err-already-slapped = Вы уже хлопнули.
svintus-err-cannot-declare = «Свинтус!» говорят, когда остаётся последняя карта.
svintus-err-nobody-to-catch = Ловить некого.
svintus-err-catch-yourself = Одна карта — у вас: нажмите «🐽 Свинтус!» в своей руке, пока вас не поймали.
svintus-err-no-silence = Сейчас нет тишины.

## Метаморфозы: звери

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
    [red] красный
    [orange] оранжевый
    [green] зелёный
   *[blue] синий
}

svintus-animal-hedgehog-light = Ёж
svintus-animal-hedgehog-dark = Дикобраз
svintus-animal-hedgehog-light-rule = Когда соперник перехватывает ход, нажмите «Ёж берёт!» и возьмите 1 карту, пока не вышло время реакции; опоздание — 2 карты.
svintus-animal-hedgehog-dark-rule = Вместо хода: каждый соперник берёт по карте.
svintus-animal-squirrel-light = Белка скачущая
    .button = Белка
svintus-animal-squirrel-dark = Белка-летяга
svintus-animal-squirrel-light-rule = Всё, что приходится брать (и штрафы тоже), берёте из стопки — из-под верхней карты; не хватило — остальное из колоды.
svintus-animal-squirrel-dark-rule = Вместо хода: выберите соперника и отдайте ему 2 любые свои карты.
svintus-animal-polite-pig-light = Свининтус
svintus-animal-polite-pig-dark = Свинтер-хам
svintus-animal-polite-pig-light-rule = Воспитанный: нельзя класть цифру больше той, что лежит сверху.
svintus-animal-polite-pig-dark-rule = Вместо хода: спрячьте до 2 карт из руки под колоду.
svintus-animal-turtle-light = Черепаха
svintus-animal-turtle-dark = Черепаха-ниндзя
svintus-animal-turtle-light-rule = Не успевает: перехватывать нельзя — даже точно такой же картой в свой ход.
svintus-animal-turtle-dark-rule = Вместо хода: выложите 2–3 цифры одного номинала разом; первая — подходящая к верхней, последняя ляжет сверху.
svintus-animal-owl-light = Сова
svintus-animal-owl-dark = Филин
svintus-animal-owl-light-rule = Всегда видите верхнюю карту колоды.
svintus-animal-owl-dark-rule = Вместо хода: загляните в руку соперника и обменяйте одну свою карту на одну его.
svintus-animal-cat-light = Кот
svintus-animal-cat-dark = Котяра
svintus-animal-cat-light-rule = В хлопковой гонке карты никогда не достаются вам.
svintus-animal-cat-dark-rule = Вместо хода: устройте хлопковую гонку, как от Хлопкопыта; вы в ней не проигрываете.
svintus-animal-hare-light = Заяц
svintus-animal-hare-dark = Бешеный заяц
svintus-animal-hare-light-rule = Трусишка: Хапёж и Захрапина переводить нельзя.
svintus-animal-hare-dark-rule = Вместо хода: разверните стол; следующий в новом направлении пропускает ход.
svintus-animal-fox-light = Лиса
svintus-animal-fox-dark = Чернобурка
svintus-animal-fox-light-rule = Перехватываете ход — тот, чей ход перехвачен, берёт 1 карту.
svintus-animal-fox-dark-rule = Вместо хода: вытяните у соперника случайную карту, а потом отдайте ему 2 карты, какие выберете.
svintus-animal-rooster-light = Петух
svintus-animal-rooster-dark = Петух-будильник
svintus-animal-rooster-light-rule = Захрапин вас не усыпит: он уходит дальше, к следующему (это не перевод, зверь не переворачивается).
svintus-animal-rooster-dark-rule = Вместо хода: каждый соперник, у кого карт меньше, чем у вас, берёт 1.
svintus-animal-cow-light = Корова
svintus-animal-cow-dark = Минотавр
svintus-animal-cow-light-rule = Полисвина играть нельзя.
svintus-animal-cow-dark-rule = Вместо хода: назовите цвет — каждый соперник без карты этого цвета берёт 2.
svintus-animal-bear-light = Медведь
svintus-animal-bear-dark = Медведь-шатун
svintus-animal-bear-light-rule = Тянете вместо хода — тянете 2; одну из них можно сразу сыграть, если подходит.
svintus-animal-bear-dark-rule = Вместо хода: смешайте свою руку с рукой соперника и раздайте заново — ему половина с округлением вверх, вам остальное.
svintus-animal-donkey-light = Осёл
svintus-animal-donkey-dark = Упрямый мул
svintus-animal-donkey-light-rule = Есть чем ходить — ходите: тянуть с подходящей картой в руке нельзя.
svintus-animal-donkey-dark-rule = Вместо хода: выберите соперника — он пропустит свой следующий ход.
svintus-animal-mouse-light = Мышь
svintus-animal-mouse-dark = Летучая мышь
svintus-animal-mouse-light-rule = Когда надо взять 3 карты или больше разом, берёте на одну меньше.
svintus-animal-mouse-dark-rule = Вместо хода: положите любую карту из руки на стопку, не глядя на масть; её свойство не срабатывает.
svintus-animal-chameleon-light = Хамелеон
svintus-animal-chameleon-dark = Хамелеон-оборотень
svintus-animal-chameleon-light-rule = Пока сверху Полисвин, вам подходит любая цифра.
svintus-animal-chameleon-dark-rule = Вместо хода: назовите новый цвет верхней карты, потом сыграйте подходящую к нему карту (или возьмите 1).
svintus-animal-elephant-light = Слон
svintus-animal-elephant-dark = Мамонт
svintus-animal-elephant-light-rule = Ваш Хапёж заставляет взять 4, а не 3 (при переводе всё равно +3).
svintus-animal-elephant-dark-rule = Вместо хода: двое следующих по кругу пропускают по ходу.

## Метаморфозы: объявления судьи

svintus-ev-flipped-dark = 🌑 { $player } показывает тёмную сторону: теперь это { $animal }!
svintus-ev-flipped-light = ☀️ Зверь игрока { $player } снова на светлой стороне: { $animal }.
svintus-ev-ability-cancelled = { $player } передумывает и не применяет умение тёмной стороны.
svintus-ev-took = { $player } берёт { svintus-n-cards }.
svintus-ev-turn-lost = { $player } пропускает ход.
svintus-ev-from-pile = Белка { $player } берёт { svintus-n-cards } из стопки, а не из колоды.
svintus-ev-mouse-spared = Мышь { $player } проскальзывает: берёт на одну меньше, { svintus-n-cards }.
svintus-ev-rooster-passes = Петуха { $player } не усыпить — Захрапин уходит к игроку { $target }.
svintus-ev-fox-bite = Лиса { $player } кусается: { $target } берёт { svintus-n-cards }.
svintus-ev-hedgehog-duty = Ёж { $player }, ваш черёд: нажмите «Ёж берёт!», пока не поздно.
svintus-ev-hedgehog-took = Ёж { $player } берёт { svintus-n-cards }, как положено.
svintus-ev-penalty-duty-missed = Ёж { $player } зевает и берёт штрафом { svintus-n-cards }.
svintus-ev-porcupine = Дикобраз { $player } ощетинивается: все соперники берут по карте!
svintus-ev-flying-squirrel = Белка-летяга { $player } подкидывает игроку { $target } { svintus-n-cards }.
svintus-ev-boor-hog = Свинтер-хам { $player } прячет под колоду { svintus-n-cards }.
svintus-ev-ninja = Черепаха-ниндзя { $player } выкладывает разом { svintus-n-cards }, сверху — { $card }!
svintus-ev-eagle-owl-looks = Филин { $player } заглядывает в карты игрока { $target }…
svintus-ev-eagle-owl-swaps = …и меняется с игроком { $target } одной картой.
svintus-ev-tomcat = Котяра { $player } устраивает переполох: все жмут «Хлоп!»!
svintus-ev-mad-hare = Бешеный заяц { $player } разворачивает стол: теперь { $clockwise ->
    [true] по часовой стрелке
   *[false] против часовой стрелки
}, а { $target } пропускает ход.
svintus-ev-silver-fox-takes = Чернобурка { $player } вытягивает карту у игрока { $target }…
svintus-ev-silver-fox-gives = …и отдаёт игроку { $target } взамен { svintus-n-cards }.
svintus-ev-alarm-rooster = Петух-будильник { $player } кукарекает: у кого карт меньше — берите по одной!
svintus-ev-minotaur = Минотавр { $player } ревёт: «{ svintus-color-named }!» У кого нет такого цвета — берёт 2.
svintus-ev-roaming-bear = Медведь-шатун { $player } перемешивает свои карты с картами игрока { $target }: игроку { $target } — { $count }, себе — { $mine }.
svintus-ev-mule = Упрямый мул { $player } упёрся: { $target } пропустит следующий ход.
svintus-ev-bat = Летучая мышь { $player } роняет на стопку карту { $card } — без всякого действия.
svintus-ev-shapeshifter = Хамелеон-оборотень { $player } перекрашивает стопку: теперь { svintus-color-named }.
svintus-ev-mammoth = Мамонт { $player } топает: двое следующих пропускают ход.

## Метаморфозы: ошибки

svintus-err-no-animal = У вас нет зверя — Метаморфозы выключены.
svintus-err-not-dark = Ваш зверь на светлой стороне: тёмная открывается перехватом или переводом.
svintus-err-ability-on = Сначала доиграйте тёмную сторону.
svintus-err-ability-cannot = Вашему зверю сейчас нечем сыграть.
svintus-err-no-duty = Сейчас брать нечего.
svintus-err-animal-no-intercept = Черепахе не угнаться: перехватывать нельзя, а точно такая же карта — перехват даже в свой ход.
svintus-err-animal-no-transfer = Заяц боится: переводить нельзя.
svintus-err-animal-no-polypig = Корове Полисвин не положен.
svintus-err-animal-number-too-high = Свининтус вежлив: нельзя класть цифру больше верхней.

## Метаморфозы: что знает только один игрок

svintus-ev-you-took = Вы вытягиваете у игрока { $target }: { $card }.
svintus-ev-taken-from-you = { $player } вытягивает у вас: { $card }.
svintus-ev-given-to-you = Вам от игрока { $player }: { $cards }.
svintus-ev-swapped-with-you = Обмен с игроком { $player }: у вас забирают карту { $card }, взамен — { $given }.

## Метаморфозы: звери на выбор до раздачи

svintus-ev-setup-started = Выбирайте зверей! Кто не успеет выбрать, получит зверя наугад.
svintus-ev-animal-picked = { $player } выбирает зверя: { $animal }.
svintus-ev-animal-dealt = Зверь для игрока { $player } — наугад: { $animal }.
svintus-err-not-setup = Зверей выбирают только до раздачи.
svintus-err-setup-on = Звери ещё выбираются.
svintus-err-animal-taken = Этот зверь уже у игрока { $player }.
svintus-err-animal-already-yours = Этот зверь и так ваш.

## Метаморфозы: выбор для умения тёмной стороны

svintus-prompt-target = 🌑 Выберите соперника:
svintus-prompt-polypig-color = 🎨 Назовите цвет:
svintus-prompt-color = 🌑 Назовите цвет:
svintus-prompt-play = 🌑 Сыграйте карту нового цвета или возьмите 1:
svintus-prompt-take-one = 🂠 Взять 1
svintus-prompt-lead = 🌑 Первой выложите подходящую цифру (нужна ещё хотя бы одна такого же номинала):
svintus-prompt-ninja-more = 🌑 Добавьте ещё 1 или 2 карты того же номинала по порядку — последняя ляжет сверху:
svintus-prompt-cards = 🌑 Выберите { $most ->
    [one] { $most } карту
    [few] { $most } карты
   *[many] { $most } карт
}:
svintus-prompt-boor-hog = 🌑 Выберите до { $most ->
    [one] { $most } карты
   *[other] { $most } карт
}, чтобы спрятать под колоду:
svintus-prompt-bat = 🌑 Выберите карту, которую уроните на стопку:
svintus-prompt-give-two = 🌑 Выберите { $most ->
    [one] карту
    [few] { $most } карты
   *[many] { $most } карт
} для игрока { $target }:
svintus-prompt-give = 🌑 Выберите свою карту, которую отдадите игроку { $target }:
svintus-prompt-take = 🌑 Теперь выберите карту игрока { $target }, которую заберёте:

## Свинтус за столом: название, набор, доска и рука

svintus-name = Свинтус
svintus-emoji = 🐷
svintus-about = быстрая свинская игра с перехватами, хлопками и тишиной, со зверями «Метаморфоз»
svintus-cmd-desc-animal = зверь из Метаморфоз (Свинтус)
svintus-rules = <b>Свинтус вкратце</b>
    Цель — избавиться от всех карт. В свой ход положите карту того же цвета или того же значения/названия, что и верхняя, или возьмите карту (подходящую взятую можно сразу сыграть).
    • <b>Перехват</b>: любой может в любой момент положить точно такую же карту, как верхняя, — дальше ход идёт от перехватившего.
    • <b>Хапёж</b>: следующий берёт 3 и пропускает ход, если не переведёт своим Хапежом (+3 каждый раз). <b>Захрапин</b>: следующий пропускает ход, переводится так же.
    • <b>Перехрюк</b> меняет направление. <b>Полисвин</b> подходит ко всему, сыгравший называет цвет.
    • <b>Тихохрюн</b>: в чате тишина, пока ход не вернётся к сыгравшему; каждое сообщение — 2 карты (как и «Свинтус!», «Поймать!» и названный цвет).
    • <b>Хлопкопыт</b>: все жмут «Хлоп!» — последний или не успевший берёт 2.
    • Осталась одна карта — жмите «Свинтус!», иначе через 3 секунды вас могут поймать: +2 карты.
    Победитель раунда получает по очку за каждую карту у соперников; кто первым наберёт нужный счёт, выигрывает матч.

    <b>Метаморфозы</b> (настройка стола)
    Каждому достаётся зверь светлой стороной вверх; его правило сильнее обычных.
    • Перехват или перевод переворачивает вашего зверя на тёмную сторону.
    • Пока зверь тёмный, в свой ход можно вместо карты или добора применить его умение (но не когда на вас Хапёж или Захрапин); потом он снова светлый. Выиграть, пока умение не доиграно, нельзя.
    • Если зверь обязан отреагировать (как Ёж), на это есть время реакции; опоздание — 2 карты.
    /animal ИМЯ расскажет про одного зверя; /animal покажет всех.

svintus-lobby-options = 🎯 до { $target } { $target ->
    [one] очка
   *[other] очков
} · ⏱ ход { $timer } · ⚡ реакция { $window } с · 🤫 штраф за сообщение в чате во время тишины: { $hush }
svintus-lobby-metamorphoses = 🐾 Метаморфозы: звери { $deal }
svintus-lobby-deal-random = случайные
svintus-lobby-deal-chosen = на выбор игроков
svintus-button-target = 🎯 До { $n } { $n ->
    [one] очка
   *[other] очков
}
svintus-button-timer = ⏱ Ход: { $timer }
svintus-button-window = ⚡ Реакция: { $n } с
svintus-button-hush = 🤫 Штраф за слово в тишине: { $state }
svintus-button-metamorphoses = 🐾 Метаморфозы: { $state }
svintus-button-deal = 🎲 звери { $deal }

svintus-setup-title = { $title }: выбор зверей
svintus-setup-player = { $player } — { $animal }
svintus-setup-none = …
svintus-setup-hint = Нажмите на зверя, чтобы взять его (другой — чтобы передумать). Кто не выберет вовремя, получит свободного зверя наугад; потом раздача.
svintus-setup-taken = ✖ { $label }

svintus-board-title = { $title } · раунд { $round } · игра до { $target } { $target ->
    [one] очка
   *[other] очков
}
svintus-board-top = Сверху: <b>{ $card }</b>
svintus-board-named-color = (цвет: { svintus-color-named })
svintus-board-counts = Колода { $deck } · стопка { $pile }
svintus-board-clockwise = ↻ по часовой
svintus-board-counter-clockwise = ↺ против часовой
svintus-board-player = { $player } — { $count ->
    [one] { $count } карта
    [few] { $count } карты
   *[many] { $count } карт
} · { $score } оч. { $flags }
svintus-board-player-animal = { $line } · { $animal }
svintus-flag-declared = 🐽
svintus-flag-one-card = ☝️
svintus-flag-away = 💤
svintus-flag-silence = 🤫
svintus-flag-skip = ⏸
svintus-board-grab-pending = ⚠️ Хапёж! <b>{ $player }</b> берёт { $count } или переводит.
svintus-board-snore-pending = 😴 Захрапин! <b>{ $player }</b> пропускает ход или переводит.
svintus-board-color-pending = 🎨 <b>{ $player }</b> называет цвет.
svintus-board-race = 👋 ХЛОП! Хлопнули { $done } из { $total }.
svintus-board-silence = 🤫 Тишина! Её объявляет { $player }: в чате ни слова.
svintus-board-ability = 🌑 <b>{ $player }</b> применяет умение: { $animal }…
svintus-board-duty = 🦔 <b>{ $player }</b>: пора нажать «Ёж берёт!»
svintus-board-round-over = Раунд окончен. Следующий начнётся через { $seconds } с — или сразу по кнопке «▶ Следующий раунд».
svintus-board-match-over = 🏆 <b>{ $player }</b> выигрывает матч!
svintus-button-catch = 🫵 Поймать!
svintus-button-slap = 👋 Хлоп!
svintus-button-next-round = ▶ Следующий раунд

svintus-hand-title = { $emoji } { $name } · { $chat }
svintus-hand-not-seated = Вы больше не за столом.
svintus-hand-match-over = Матч окончен: побеждает { $player }.
svintus-hand-setup = 🐾 Выберите зверя на доске в группе; карты придут с раздачей.
svintus-hand-round-over = 🏁 Раунд выигрывает { $player }. Новые карты придут со следующим раундом.
svintus-hand-race = 👋 Хлопайте, быстро!
svintus-hand-race-done = 👋 Вы хлопнули; ждём остальных.
svintus-hand-grab-on-you = ⚠️ На вас Хапёж: возьмите { $count } или переведите Хапежом.
svintus-hand-snore-on-you = 😴 На вас Захрапин: пропустите ход или переведите Захрапином.
svintus-hand-drawn = Взятая карта подходит: сыграйте её или пасуйте.
svintus-hand-waiting = ⏳ Ходит { $player }.
svintus-hand-silence = 🤫 В чате тишина! Кнопка с 🤫 — это слово: за неё берёте { svintus-n-cards }.
svintus-hand-your-turn = ▶ <b>Ваш ход!</b>
svintus-hand-cards = Ваши карты ({ $count }):
svintus-hand-animal = { $animal }: { $rule }
svintus-hand-deck-top = 🦉 Сверху колоды: <b>{ $card }</b>
svintus-hand-duty = 🦔 Перехват: нажмите «Ёж берёт!», иначе штраф 2.
svintus-hand-peek = 🌙 Карты игрока { $player }: { $cards }
svintus-hand-given = Отдаёте: <b>{ $card }</b>
svintus-playable = ✅ { $label }
svintus-color-label = { $emoji } { svintus-color-named }
svintus-button-draw = 🂠 Взять
svintus-button-pass = ⏭ Пас
svintus-button-accept-grab = 😩 Взять { $count }
svintus-button-accept-snore = 😴 Пропустить ход
svintus-button-svintus = 🐽 Свинтус!
svintus-button-react = 🦔 Ёж берёт!
svintus-button-ability = 🌑 Умение: { $animal }

svintus-animal-label-light = { $emoji } { $name }
svintus-animal-label-dark = 🌑{ $emoji } { $name }
svintus-animal-card = { $light } — светлая сторона:
    { $light_rule }
    { $dark } — тёмная сторона:
    { $dark_rule }
svintus-animal-list-title = <b>Свинский зверинец</b> (светлая сторона / тёмная):
svintus-animal-list-line = { $light } / { $dark }
svintus-animal-list-hint = /animal ИМЯ расскажет, что умеет зверь.
svintus-animal-not-found = Не знаю зверя по имени «{ $query }».
svintus-answer-played = ✅ { $card }
svintus-answer-slapped = 👋 { $place ->
    [0] Хлоп!
    [1] Хлоп — первое место!
   *[other] Хлоп: { $place }-е место.
}
svintus-hand-cards-playable = Ваши карты ({ $count }), ✅ — можно сыграть сейчас:
svintus-hand-cards-intercept = Ваши карты ({ $count }), ✅ — можно перехватить прямо сейчас:
svintus-hand-silence-color = 🤫 В чате тишина: назвать цвет — тоже слово, за него берёте { svintus-n-cards }. Цвет всё равно нужно назвать.
svintus-costly = { $label } 🤫−{ $count }
svintus-answer-silence = 🤫 Тишина нарушена: берёте { svintus-n-cards }.
svintus-final-score = { $score } { $score ->
    [one] очко
    [few] очка
   *[many] очков
}
svintus-post-round = 🏁 <b>Раунд { $round }</b>: { $text }
svintus-post-round-line = { $place }. { $player } — { svintus-final-score }
svintus-post-round-next = Матч идёт до { $target } { $target ->
    [one] очка
   *[other] очков
}. Следующий раунд — через { $seconds } с или по кнопке на доске.
svintus-ev-away-you = 💤 Ваши ходы истекают один за другим, и пока за вас ходит бот. Нажмите любую кнопку — и вы снова в игре.

## Карты в мини-приложении: знак вида карты, колода

svintus-art-glyph-grab = 🖐️
svintus-art-glyph-snore = 💤
svintus-art-glyph-turnabout = 🔄
svintus-art-glyph-hush = 🤫
svintus-art-glyph-hoofslap = 👋
svintus-art-glyph-polypig = 🐷
svintus-art-deck = Колода: { $count ->
    [one] { $count } карта
    [few] { $count } карты
   *[many] { $count } карт
}

## The coach's hints (one line each, after «💡»): the move, and why
svintus-hint-only = Сыграйте карту { $card }: единственная карта, которая подходит
svintus-hint-grab = Сыграйте карту { $card }: у игрока { $player } { $count ->
    [one] осталась { $count } карта
    [few] осталось { $count } карты
   *[many] осталось { $count } карт
}, так придётся брать карты
svintus-hint-keep = Сыграйте карту { $card }: Полисвин останется на потом
svintus-hint-colour = Сыграйте карту { $card }: этого цвета у вас больше всего
svintus-hint-polypig = Сыграйте карту { $card } и назовите цвет, которого у вас больше всего
svintus-hint-play = Сыграйте карту { $card }: лучшая из подходящих карт
svintus-hint-transfer = Сыграйте карту { $card }: атака уходит дальше
svintus-hint-intercept = Сыграйте карту { $card } сейчас: такая же карта идёт вне очереди, бесплатно
svintus-hint-draw = Возьмите карту: ничего из руки не подходит
svintus-hint-draw-instead = Возьмите карту: подходящие карты ценнее приберечь
svintus-hint-pass = Пропустите ход: сейчас нечего выгодно сыграть
svintus-hint-accept = Возьмите { $count ->
    [one] { $count } карту
    [few] { $count } карты
   *[many] { $count } карт
}: карты в руке ценнее приберечь
svintus-hint-declare = Скажите «Свинтус!»: осталась одна карта, пока никто не поймал
svintus-hint-catch = Ловите: у игрока { $player } одна карта, а «Свинтус!» не сказан
svintus-hint-slap = Хлопайте, быстрее: самый медленный берёт карты
svintus-hint-name-lacked = Назовите { svintus-color-named }: у игрока { $player } этого цвета почти нет — на нём карта взята из колоды вместо хода
svintus-hint-name-held = Назовите { svintus-color-named }: этого цвета у вас больше всего
svintus-hint-move = { $move ->
    [react] Отреагируйте сейчас
    [next_round] Начните следующий раунд
    [pick_animal] Выберите животное
    [ability] Используйте способность животного
   *[other] Сделайте этот ход
}: это выбор знатока
