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
