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
svintus-card-grab = { $emoji } Хапёж
svintus-card-snore = { $emoji } Захрапин
svintus-card-turnabout = { $emoji } Перехрюк
svintus-card-hush = { $emoji } Тихохрюн
svintus-card-hoofslap = { $emoji } Хлопкопыт
svintus-card-polypig = { $emoji } Полисвин

## Объявления судьи (события движка)

svintus-ev-round-started = Раунд { $round }! Первая карта — { $card }, начинает { $player }.
svintus-ev-start-card-returned = С карты { $card } раунд не начинают — она уходит обратно в колоду.
svintus-ev-played = { $player } кладёт { $card }.
svintus-ev-intercepted = Перехват! { $player } выхватывает ход у игрока { $from_player } картой { $card }.
svintus-ev-transferred = { $player } переводит стрелки картой { $card }!
svintus-ev-grab-aimed = { $player } должен взять { svintus-n-cards } — или перевести Хапёж дальше.
svintus-ev-snore-aimed = { $player } засыпает — если не переведёт Захрапина дальше.
svintus-ev-grab-taken = { $player } берёт { svintus-n-cards } и пропускает ход.
svintus-ev-snore-taken = { $player } проспал свой ход.
svintus-ev-last-grab = Хапёж на прощание: { $player } берёт { svintus-n-cards }.
svintus-ev-direction = { $player } разворачивает стол: теперь ходят { $clockwise ->
    [true] по часовой стрелке
   *[false] против часовой стрелки
}.
svintus-ev-color-needed = { $player } сыграл Полисвина и должен назвать цвет.
svintus-ev-color-chosen = { $player } называет цвет: { $color ->
    [red] красный
    [orange] оранжевый
    [green] зелёный
   *[blue] синий
}.
svintus-ev-color-auto = Судья назвал цвет за игрока { $player }: { $color ->
    [red] красный
    [orange] оранжевый
    [green] зелёный
   *[blue] синий
}.
svintus-ev-silence-started = Тсс! { $player } объявляет тишину. В чате ни слова, пока ход не вернётся к нему.
svintus-ev-silence-ended = Тишина закончилась — можно говорить.
svintus-ev-slap-race = Хлопкопыт от игрока { $player }! Все жмут «Хлоп!» — самая медленная свинка берёт 2.
svintus-ev-slapped = { $player } хлопает { $place ->
    [1] первым
    [2] вторым
    [3] третьим
   *[other] { $place }-м
}.
svintus-ev-slap-all-in = Хлопнули все; медленнее всех был { $player }.
svintus-ev-drew = { $player } берёт { svintus-n-cards }.
svintus-ev-draw-skipped = Брать больше нечего — { $player } просто пропускает ход.
svintus-ev-passed = { $player } оставляет взятую карту себе и пасует.
svintus-ev-deck-reshuffled = Колода кончилась: { svintus-n-cards } из стопки перетасованы в новую.
svintus-ev-declared = «Свинтус!» — у игрока { $player } последняя карта.
svintus-ev-catch-too-early = { $player } пытается поймать игрока { $target }, но рано — штрафа нет.
svintus-ev-penalty-caught = Попался! { $catcher } поймал игрока { $player } на последней карте без «Свинтуса!»: { $player } берёт { svintus-n-cards }.
svintus-ev-penalty-slap-last = { $player } хлопнул последним и берёт { svintus-n-cards }.
svintus-ev-penalty-slap-missed = { $player } не успел хлопнуть и берёт { svintus-n-cards }.
svintus-ev-penalty-silence = { $player } нарушил тишину и берёт { svintus-n-cards }.
svintus-ev-timeout = { $player } замешкался: судья берёт за него карту, ход переходит дальше.
svintus-ev-away = Похоже, { $player } отошёл — пока он не вернётся, за него ходит судья.
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
svintus-ev-player-left = { $player } покидает стол; его { svintus-n-cards } уходят в колоду.
svintus-ev-player-joined = { $player } садится за стол и получит карты в следующем раунде.
svintus-ev-attack-cancelled = { $player } ушёл — карта, что ждала его, пропадает впустую.

## Ошибки ходов (короткие ответы на нажатие)

svintus-err-bad-action = Такого хода нет.
svintus-err-bad-options = Такие настройки стола недопустимы.
svintus-err-player-count = В Свинтус играют от { $min } до { $max } игроков.
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
svintus-err-no-race = Хлопать не по чему.
svintus-err-already-slapped = Вы уже хлопнули.
svintus-err-cannot-declare = «Свинтус!» говорят, когда остаётся последняя карта.
svintus-err-nobody-to-catch = Ловить некого.
svintus-err-no-silence = Сейчас нет тишины.

## Метаморфозы: звери

svintus-color-named = { $color ->
    [red] красный
    [orange] оранжевый
    [green] зелёный
   *[blue] синий
}

animal-hedgehog-light = Ёж
animal-hedgehog-dark = Дикобраз
animal-hedgehog-light-rule = Когда соперник перехватывает ход, жми «Ёж берёт!» и бери 1 карту, пока не вышло время реакции; опоздал — берёшь 2.
animal-hedgehog-dark-rule = Вместо хода: каждый соперник берёт по карте.
animal-squirrel-light = Белка скачущая
animal-squirrel-dark = Белка-летяга
animal-squirrel-light-rule = Всё, что приходится брать (и штрафы тоже), берёшь из стопки — из-под верхней карты; не хватило — остальное из колоды.
animal-squirrel-dark-rule = Вместо хода: отдай 2 карты на выбор сопернику на выбор.
animal-polite-pig-light = Свининтус
animal-polite-pig-dark = Свинтер-хам
animal-polite-pig-light-rule = Воспитанный: нельзя класть цифру больше той, что лежит сверху.
animal-polite-pig-dark-rule = Вместо хода: спрячь до 2 карт из руки под колоду.
animal-turtle-light = Черепаха
animal-turtle-dark = Черепаха-ниндзя
animal-turtle-light-rule = Не успевает: перехватывать нельзя.
animal-turtle-dark-rule = Вместо хода: выложи 2–3 цифры одного номинала разом; первая должна подходить, последняя ляжет сверху.
animal-owl-light = Сова
animal-owl-dark = Филин
animal-owl-light-rule = Всегда видишь верхнюю карту колоды.
animal-owl-dark-rule = Вместо хода: загляни в руку соперника и обменяй одну свою карту на одну его.
animal-cat-light = Кот
animal-cat-dark = Котяра
animal-cat-light-rule = В хлопковой гонке карты никогда не достаются тебе.
animal-cat-dark-rule = Вместо хода: устрой хлопковую гонку, как от Хлопкопыта; сам в ней не проигрываешь.
animal-hare-light = Заяц
animal-hare-dark = Бешеный заяц
animal-hare-light-rule = Трусишка: Хапёж и Захрапина переводить нельзя.
animal-hare-dark-rule = Вместо хода: разверни стол; следующий в новом направлении пропускает ход.
animal-fox-light = Лиса
animal-fox-dark = Чернобурка
animal-fox-light-rule = Перехватив ход, заставь того, чей ход ты отняла, взять 1 карту.
animal-fox-dark-rule = Вместо хода: вытяни у соперника случайную карту, а потом отдай ему 2 карты на выбор.
animal-rooster-light = Петух
animal-rooster-dark = Петух-будильник
animal-rooster-light-rule = Захрапин тебя не усыпит: он сам уходит к следующему (это не перевод, зверь не переворачивается).
animal-rooster-dark-rule = Вместо хода: каждый соперник, у кого карт меньше, чем у тебя, берёт 1.
animal-cow-light = Корова
animal-cow-dark = Минотавр
animal-cow-light-rule = Полисвина играть нельзя.
animal-cow-dark-rule = Вместо хода: назови цвет — каждый соперник без карты этого цвета берёт 2.
animal-bear-light = Медведь
animal-bear-dark = Медведь-шатун
animal-bear-light-rule = Тянешь вместо хода — тянешь 2; одну из них можно сразу сыграть, если подходит.
animal-bear-dark-rule = Вместо хода: смешай свою руку с рукой соперника и раздай заново — ему половина с округлением вверх, тебе остальное.
animal-donkey-light = Осёл
animal-donkey-dark = Упрямый мул
animal-donkey-light-rule = Есть чем ходить — ходи: тянуть с подходящей картой в руке нельзя.
animal-donkey-dark-rule = Вместо хода: выбери соперника — он пропустит свой следующий ход.
animal-mouse-light = Мышь
animal-mouse-dark = Летучая мышь
animal-mouse-light-rule = Когда надо взять 3 карты или больше разом, берёшь на одну меньше.
animal-mouse-dark-rule = Вместо хода: положи любую карту из руки на стопку, не глядя на масть; её свойство не срабатывает.
animal-chameleon-light = Хамелеон
animal-chameleon-dark = Хамелеон-оборотень
animal-chameleon-light-rule = Пока сверху Полисвин, тебе подходит любая цифра.
animal-chameleon-dark-rule = Вместо хода: назови новый цвет верхней карты, потом сыграй подходящую к нему карту (или возьми 1).
animal-elephant-light = Слон
animal-elephant-dark = Мамонт
animal-elephant-light-rule = Твой Хапёж заставляет взять 4, а не 3 (при переводе всё равно +3).
animal-elephant-dark-rule = Вместо хода: двое следующих по кругу пропускают по ходу.

## Метаморфозы: объявления судьи

svintus-ev-flipped-dark = 🌑 { $player } показывает тёмную сторону: теперь это { $animal }!
svintus-ev-flipped-light = ☀️ { $player } снова светлый: { $animal }.
svintus-ev-ability-cancelled = { $player } передумал пользоваться тёмной стороной.
svintus-ev-took = { $player } берёт { svintus-n-cards }.
svintus-ev-turn-lost = { $player } пропускает ход.
svintus-ev-from-pile = Белка { $player } берёт { svintus-n-cards } из стопки, а не из колоды.
svintus-ev-mouse-spared = Мышь { $player } проскальзывает: берёт на одну меньше, { svintus-n-cards }.
svintus-ev-rooster-passes = Петуха { $player } не усыпить — Захрапин уходит к игроку { $target }.
svintus-ev-fox-bite = Лиса { $player } кусается: { $target } берёт { svintus-n-cards }.
svintus-ev-hedgehog-duty = Ёж { $player }, твой черёд: жми «Ёж берёт!», пока не поздно.
svintus-ev-hedgehog-took = Ёж { $player } берёт { svintus-n-cards }, как положено.
svintus-ev-penalty-duty-missed = Ёж { $player } зазевался — штраф { svintus-n-cards }.
svintus-ev-porcupine = Дикобраз { $player } ощетинился: все соперники берут по карте!
svintus-ev-flying-squirrel = Белка-летяга { $player } подкидывает игроку { $target } { svintus-n-cards }.
svintus-ev-boor-hog = Свинтер-хам { $player } прячет под колоду { svintus-n-cards }.
svintus-ev-ninja = Черепаха-ниндзя { $player } выкладывает разом { svintus-n-cards }, сверху — { $card }!
svintus-ev-eagle-owl-looks = Филин { $player } заглядывает в карты игрока { $target }…
svintus-ev-eagle-owl-swaps = …и меняется с ним одной картой.
svintus-ev-tomcat = Котяра { $player } устраивает переполох: все жмут «Хлоп!»!
svintus-ev-mad-hare = Бешеный заяц { $player } разворачивает стол: теперь { $clockwise ->
    [true] по часовой стрелке
   *[false] против часовой стрелки
}, а { $target } пропускает ход.
svintus-ev-silver-fox-takes = Чернобурка { $player } вытягивает карту у игрока { $target }…
svintus-ev-silver-fox-gives = …и отдаёт ему взамен { svintus-n-cards }.
svintus-ev-alarm-rooster = Петух-будильник { $player } кукарекает: у кого карт меньше — берите по одной!
svintus-ev-minotaur = Минотавр { $player } ревёт: «{ svintus-color-named }!» У кого нет такого цвета — берёт 2.
svintus-ev-roaming-bear = Медведь-шатун { $player } перемешивает свои карты с картами игрока { $target }: ему { $count }, себе { $mine }.
svintus-ev-mule = Упрямый мул { $player } упёрся: { $target } пропустит следующий ход.
svintus-ev-bat = Летучая мышь { $player } роняет на стопку { $card } — без всякого действия.
svintus-ev-shapeshifter = Хамелеон-оборотень { $player } перекрашивает стопку: теперь { svintus-color-named }.
svintus-ev-mammoth = Мамонт { $player } топает: двое следующих пропускают ход.

## Метаморфозы: ошибки

svintus-err-no-animal = У тебя нет зверя — Метаморфозы выключены.
svintus-err-not-dark = Твой зверь на светлой стороне: тёмная открывается перехватом или переводом.
svintus-err-ability-on = Сначала доиграй тёмную сторону.
svintus-err-ability-cannot = Твоему зверю сейчас нечем сыграть.
svintus-err-no-ability-step = Сейчас этого выбирать не нужно.
svintus-err-bad-target = Выбери соперника за столом.
svintus-err-bad-pick = Эту карту сейчас выбрать нельзя.
svintus-err-pick-more = Выбери ещё карты: нужно хотя бы { $count }.
svintus-err-cannot-cancel = Поздно отступать: ты уже начал.
svintus-err-no-duty = Сейчас брать нечего.
svintus-err-animal-no-intercept = Черепахе не угнаться: перехватывать нельзя.
svintus-err-animal-no-transfer = Заяц боится: переводить нельзя.
svintus-err-animal-no-polypig = Корове Полисвин не положен.
svintus-err-animal-number-too-high = Свининтус вежлив: нельзя класть цифру больше верхней.
