## Доббль: мини-игры, объявления судьи, ошибки и символы (русский).
## $player, $target, $winner — имена игроков; $symbol — символ (эмодзи и название);
## $mode — мини-игра: tower, well, catch, gift.

dobble-name = Доббль
dobble-emoji = 👀
dobble-about = найдите единственный общий символ двух карт быстрее всех: Башня, Колодец, «Поймай их всех!», Отравленный подарок

dobble-n-cards = { $count ->
    [one] { $count } карта
    [few] { $count } карты
   *[many] { $count } карт
}
dobble-n-points = { $points ->
    [one] { $points } очко
    [few] { $points } очка
   *[many] { $points } очков
}

## Мини-игры

dobble-mode-tower = Башня
dobble-mode-well = Колодец
dobble-mode-catch = Поймай их всех!
dobble-mode-gift = Отравленный подарок
dobble-mode-match = Матч
dobble-mode-name = { $mode ->
    [tower] { dobble-mode-tower }
    [well] { dobble-mode-well }
    [catch] { dobble-mode-catch }
    [gift] { dobble-mode-gift }
   *[other] { dobble-mode-match }
}

dobble-mode-tower-emoji = 🗼
dobble-mode-well-emoji = ⛲
dobble-mode-catch-emoji = 🎣
dobble-mode-gift-emoji = 🧪
dobble-mode-match-emoji = 🏅

dobble-mode-tower-rules = У каждого игрока одна открытая карта, остальные лежат стопкой и по одной выходят в центр. Найдите символ, который есть и на вашей верхней карте, и на центральной, — центральная карта ваша и ложится поверх вашей стопки. Центр опустел — побеждает игрок с самой высокой стопкой.
dobble-mode-well-rules = Колода раздаётся игрокам почти целиком, одна карта лежит в центре. Символ, общий для вашей верхней карты и центральной, отправляет вашу карту в центр — и наверху вашей стопки открывается следующая. Побеждает игрок, который раньше всех избавится от своей стопки.
dobble-mode-catch-rules = Каждый раунд в центре одна карта, а вокруг неё — по карте на каждого игрока. Найдите символ, общий для центральной и одной из внешних карт, — эта внешняя карта ваша. Внешние разобраны — центральная уходит из игры и начинается новый раунд. После оговорённого числа раундов побеждает игрок с самой высокой стопкой.
dobble-mode-gift-rules = Как в «Башне», только центральную карту выгодно подарить: найдите символ, общий для центральной карты и верхней карты другого игрока, — и центральная карта уходит в стопку этого игрока. Центр опустел — побеждает игрок с самой низкой стопкой.
dobble-mode-match-rules = Несколько мини-игр подряд. В каждой очки дают за место: последнее место — 0, каждое место выше — на очко больше. Побеждает игрок, набравший больше всех очков.

dobble-rules = <b>Доббль вкратце</b>
    В колоде 55 карт по 8 символов, и у любых двух карт ровно один общий символ. Играют все сразу: найдите общий символ и нажмите его кнопку в личном чате с ботом — засчитывается нажатие, дошедшее до бота раньше других.
    • Каждая новая карта открывается после отсчёта «3-2-1», до него нажатия не считаются.
    • Ошибка блокирует ваши кнопки до следующей карты.
    • Нажатие на карту, которой уже нет, не считается — ни на ней, ни на следующей.
    • Ничья за первое место решается дуэлью: одна карта в центре и по карте каждому из делящих первое место, выигрывает самое быстрое верное нажатие.

    <b>{ dobble-mode-tower }</b>. { dobble-mode-tower-rules }

    <b>{ dobble-mode-well }</b>. { dobble-mode-well-rules }

    <b>{ dobble-mode-catch }</b> { dobble-mode-catch-rules }

    <b>{ dobble-mode-gift }</b>. { dobble-mode-gift-rules }

    <b>{ dobble-mode-match }</b>. { dobble-mode-match-rules }

## Набор игроков

dobble-button-mode = Игра: { $mode }
dobble-button-length = Раундов: { $n }
dobble-button-countdown = Отсчёт: { $n } с
dobble-lobby-mode = <b>{ $mode }</b> — { $rules }
dobble-lobby-match = Подряд: { $modes }.
dobble-lobby-options = Каждая новая карта открывается после отсчёта в { $countdown } с{ $rounds ->
    [0] .
   *[other] ; в «Поймай их всех!» раундов: { $rounds }.
}

## Доска (группа)

dobble-symbol-label = { $emoji } { $name }
dobble-card-row = <b>{ $symbols }</b>
dobble-gap = {"   "}
dobble-board-title = { $title } · { $emoji } { $mode }{ $total ->
    [1] {""}
   *[other] {" "}({ $number }/{ $total })
}
dobble-board-round = Раунд { $round } из { $rounds }
dobble-board-duel = ⚔️ Дуэль за первое место: { $players }
dobble-board-countdown = ⏳ Следующая карта через 3… 2… 1…
dobble-board-centre = Центральная карта:
dobble-board-outer = …и вокруг неё { dobble-n-cards } — в личных чатах игроков
dobble-board-last = Прошлая карта: <b>{ $player }</b> — { $symbol }
dobble-board-last-gift = Прошлая карта: <b>{ $player }</b> — { $symbol }, подарок получает <b>{ $target }</b>
dobble-board-player = { $player } — { dobble-n-cards }{ $match ->
    [true] {" "}· { dobble-n-points }
   *[false] {""}
}{ $flags }
dobble-flag-locked = {" "}🔒
dobble-board-deck = Колода: { dobble-n-cards }
dobble-board-over = 🏁 Игра окончена! Победа: <b>{ $players }</b>
dobble-board-result = { $mode }: { $player }

## Рука (личный чат игрока)

dobble-hand-title = { $emoji } { $name } · { $chat }
dobble-hand-mode = { $duel ->
    [true] ⚔️ Дуэль за первое место!
   *[false] { $emoji } { $mode }{ $total ->
        [1] {""}
       *[other] {" "}({ $number }/{ $total })
    }{ $rounds ->
        [0] {""}
       *[other] {" "}· раунд { $round }/{ $rounds }
    } · ваша стопка: { dobble-n-cards }
}
dobble-hand-last = Прошлая карта: { $player } ({ $name })
dobble-hand-last-gift = Прошлая карта: { $player } ({ $name }), подарок получает { $target }
dobble-hand-countdown = ⏳ Приготовьтесь: следующая карта — через 3… 2… 1…
dobble-hand-watch = ⚔️ Дуэль за первое место: { $players } — следите за доской.
dobble-hand-centre = Центральная карта:
dobble-hand-own = ⬇️ Ваша карта: нажмите символ, который есть и на ней, и на центральной.
dobble-hand-catch = ⬇️ Карты вокруг, по одной в ряду: нажмите символ, общий для центральной и одной из них, — эта карта ваша.
dobble-hand-gift = ⬇️ Карты других игроков, по одной в ряду, сверху вниз:
dobble-hand-gift-owner = { $n }. { $player } · { dobble-n-cards }
dobble-hand-gift-tap = Нажмите символ, общий для центральной и одной из них, — центральная карта уйдёт владельцу этой карты.
dobble-hand-over = 🏁 Игра окончена! Победа: { $players }.
dobble-hand-away = Вы больше не в этой игре.

## Ответы на нажатие

dobble-answer-took = ✅ Вы быстрее всех! { $symbol } — центральная карта ваша ({ dobble-n-cards }).
dobble-answer-played = ✅ Вы быстрее всех! { $symbol } — ваша карта падает в колодец ({ $count ->
    [0] стопка пуста!
   *[other] осталось: { dobble-n-cards }
}).
dobble-answer-caught = ✅ Вы быстрее всех! { $symbol } — карта ваша (поймано: { $count }).
dobble-answer-gifted = ✅ Вы быстрее всех! { $symbol } — отравленный подарок получает { $target }.
dobble-answer-duel-won = ✅ Вы быстрее всех! { $symbol } — дуэль ваша!
dobble-answer-wrong = ❌ Мимо: { $symbol } — не общий символ. Кнопки заблокированы до следующей карты.
dobble-answer-wrong-lifted = ❌ Мимо: { $symbol } — не он. Промах у всех, блокировка снята — ищите дальше!

## Объявления судьи (события движка)

dobble-ev-mode-started = { $total ->
    [1] Игра: «{ dobble-mode-name }». Первая карта — после отсчёта.
   *[other] Мини-игра { $number } из { $total }: «{ dobble-mode-name }». Первая карта — после отсчёта.
}
dobble-ev-round-started = Раунд { $round } из { $rounds }: новые карты.
dobble-ev-took = ⚡ { $player }: { $symbol } — карта в стопку, там { dobble-n-cards }.
dobble-ev-played = ⚡ { $player }: { $symbol } — карта в колодец; { $count ->
    [0] стопка пуста!
   *[other] осталось { dobble-n-cards }.
}
dobble-ev-caught = ⚡ { $player }: { $symbol } — поймано карт: { $count }.
dobble-ev-gifted = ⚡ { $player }: { $symbol } — подарок игроку { $target }: в стопке { dobble-n-cards }.
dobble-ev-wrong = Мимо: { $symbol } — не общий символ. Кнопки заблокированы до следующей карты.
dobble-ev-locks-lifted = Промах у всех — блокировка снята, ищите дальше!
dobble-ev-duel-started = Ничья за первое место — дуэль! Участников: { $count }. Одна карта в центре и по карте каждому; выигрывает самое быстрое верное нажатие.
dobble-ev-duel-won = Дуэль выигрывает { $player }: { $symbol }!
dobble-ev-mode-won = «{ dobble-mode-name }»: побеждает { $player }!{ $match ->
    [true] { " " }За место — { dobble-n-points }.
   *[false] { "" }
}
dobble-ev-match-won = Матч выигрывает { $player }: { dobble-n-points }!
dobble-ev-player-left = { $player } покидает игру. Карты этого игрока откладываются в сторону: { $count }.
dobble-ev-walkover = За столом остаётся только { $player } — победа!

## Ошибки (нажатия, которые не засчитаны)

dobble-err-bad-action = Непонятное действие.
dobble-err-bad-options = Такие настройки стола не подходят.
dobble-err-player-count = В Доббле игроков — от { $min } до { $max }.
dobble-err-duplicate-player = Одному игроку нельзя занять два места.
dobble-err-not-a-player = Вы не участвуете в этой игре.
dobble-err-over = Игра уже окончена.
dobble-err-second = 🥈 Верно, но быстрее всех — { $winner }: { $symbol }.
dobble-err-old-card = ⌛ Это старая карта — её уже нет в игре.
dobble-err-not-yet = ⏳ Рано — следующая карта ещё не открыта.
dobble-err-locked = 🔒 На этой карте уже была ошибка — ждите следующую.
dobble-err-not-on-card = Этого символа нет ни на одной из двух карт.
dobble-err-not-in-duel = Идёт дуэль — нажимают только её участники.

## Символы классического набора: dobble-symbol-<id> — эмодзи, dobble-symbol-<id>-name — название.
## Другой набор <set>: dobble-set-<set>-<id> и dobble-set-<set>-<id>-name.

dobble-symbol-0 = 🐘
dobble-symbol-0-name = слон
dobble-symbol-1 = 🐢
dobble-symbol-1-name = черепаха
dobble-symbol-2 = 🐙
dobble-symbol-2-name = осьминог
dobble-symbol-3 = 🦋
dobble-symbol-3-name = бабочка
dobble-symbol-4 = 🐌
dobble-symbol-4-name = улитка
dobble-symbol-5 = 🐧
dobble-symbol-5-name = пингвин
dobble-symbol-6 = 🦒
dobble-symbol-6-name = жираф
dobble-symbol-7 = 🦀
dobble-symbol-7-name = краб
dobble-symbol-8 = 🐝
dobble-symbol-8-name = пчела
dobble-symbol-9 = 🐳
dobble-symbol-9-name = кит
dobble-symbol-10 = 🦉
dobble-symbol-10-name = сова
dobble-symbol-11 = 🦊
dobble-symbol-11-name = лиса
dobble-symbol-12 = 🐷
dobble-symbol-12-name = поросёнок
dobble-symbol-13 = 🦄
dobble-symbol-13-name = единорог
dobble-symbol-14 = 🐇
dobble-symbol-14-name = кролик
dobble-symbol-15 = 🦜
dobble-symbol-15-name = попугай
dobble-symbol-16 = 🍌
dobble-symbol-16-name = банан
dobble-symbol-17 = 🍓
dobble-symbol-17-name = клубника
dobble-symbol-18 = 🍉
dobble-symbol-18-name = арбуз
dobble-symbol-19 = 🍍
dobble-symbol-19-name = ананас
dobble-symbol-20 = 🥕
dobble-symbol-20-name = морковка
dobble-symbol-21 = 🍇
dobble-symbol-21-name = виноград
dobble-symbol-22 = 🍄
dobble-symbol-22-name = гриб
dobble-symbol-23 = 🍕
dobble-symbol-23-name = пицца
dobble-symbol-24 = 🍩
dobble-symbol-24-name = пончик
dobble-symbol-25 = 🍦
dobble-symbol-25-name = мороженое
dobble-symbol-26 = 🍔
dobble-symbol-26-name = бургер
dobble-symbol-27 = 🍭
dobble-symbol-27-name = леденец
dobble-symbol-28 = 🌵
dobble-symbol-28-name = кактус
dobble-symbol-29 = 🌻
dobble-symbol-29-name = подсолнух
dobble-symbol-30 = 🍀
dobble-symbol-30-name = клевер
dobble-symbol-31 = 🌈
dobble-symbol-31-name = радуга
dobble-symbol-32 = ⭐
dobble-symbol-32-name = звезда
dobble-symbol-33 = ⚡
dobble-symbol-33-name = молния
dobble-symbol-34 = 🔥
dobble-symbol-34-name = огонь
dobble-symbol-35 = 💧
dobble-symbol-35-name = капля
dobble-symbol-36 = ⛄
dobble-symbol-36-name = снеговик
dobble-symbol-37 = ⚽
dobble-symbol-37-name = мяч
dobble-symbol-38 = 🎸
dobble-symbol-38-name = гитара
dobble-symbol-39 = 🎈
dobble-symbol-39-name = воздушный шарик
dobble-symbol-40 = 🔑
dobble-symbol-40-name = ключ
dobble-symbol-41 = 🏠
dobble-symbol-41-name = дом
dobble-symbol-42 = 💡
dobble-symbol-42-name = лампочка
dobble-symbol-43 = 🚲
dobble-symbol-43-name = велосипед
dobble-symbol-44 = 🚀
dobble-symbol-44-name = ракета
dobble-symbol-45 = 🚗
dobble-symbol-45-name = машина
dobble-symbol-46 = ⚓
dobble-symbol-46-name = якорь
dobble-symbol-47 = ☔
dobble-symbol-47-name = зонтик
dobble-symbol-48 = 🎁
dobble-symbol-48-name = подарок
dobble-symbol-49 = 🎩
dobble-symbol-49-name = цилиндр
dobble-symbol-50 = 👓
dobble-symbol-50-name = очки
dobble-symbol-51 = 👑
dobble-symbol-51-name = корона
dobble-symbol-52 = 🔨
dobble-symbol-52-name = молоток
dobble-symbol-53 = 💣
dobble-symbol-53-name = бомба
dobble-symbol-54 = 🎲
dobble-symbol-54-name = кубик
dobble-symbol-55 = 🤖
dobble-symbol-55-name = робот
dobble-symbol-56 = ⛵
dobble-symbol-56-name = парусник
dobble-final-score = { $score } { $score ->
    [one] очко
    [few] очка
   *[many] очков
}
dobble-hand-locked = 🔒 Мимо — нажимать снова можно со следующей картой.

## Карты в мини-приложении: что читает экранный диктор

dobble-art-centre = Центральная карта: { $symbols }
dobble-art-own = Ваша карта: { $symbols }
dobble-art-outer = Карта вокруг центральной: { $symbols }
dobble-art-top = Карта игрока { $player }: { $symbols }

## The coach's hints (one line each, after «💡»): the move, and why
dobble-hint-spot = Нажмите { $symbol }: этот символ есть и на вашей карте, и в центре
dobble-hint-gift = Нажмите { $symbol } на карте игрока { $player }: символ есть и в центре, а карт у этого игрока меньше всех
dobble-hint-move = Сделайте этот ход: это выбор знатока
