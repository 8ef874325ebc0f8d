## Замес: фракции, карты, базы, объявления судьи и ошибки ходов (русский).
## $player, $target, $owner, $winner — имена игроков; $card, $minion, $source — названия карт;
## $cards — названия карт через запятую; $base, $from_base, $to_base, $new_base — названия баз;
## $faction(s) — названия фракций.
## Названия, которые дают русские правила, взяты оттуда (Белоснежка, «Явится принц на белом коне»,
## Ведьмин круг; вероятные — «Покорми меня», Плимки); остальные — наш перевод.

smashup-game-name = Замес
smashup-name = { smashup-game-name }
smashup-emoji = 💥

smashup-n-cards = { $count ->
    [one] { $count } карту
    [few] { $count } карты
   *[many] { $count } карт
}

smashup-box-pretty-pretty = Замес: Мимими
    .button = Мимими

## Фракции

smashup-faction-kitty-cats = Котики
smashup-faction-princesses = Принцессы
smashup-faction-fairies = Феи
smashup-faction-mythic-horses = Волшебные пони

## Котики

smashup-card-queen-fluffy = Королева Пушистик
    .button = Пушистик
smashup-card-queen-fluffy-text = Приспешник, сила 5. Талант: возьмите под контроль приспешника с силой 3 или меньше до конца хода.
smashup-card-whiskers = Усатик
smashup-card-whiskers-text = Приспешник, сила 4. Талант: сыграйте добавочное действие, затем уничтожьте одного из приспешников под своим контролем.
smashup-card-muffin = Кексик
smashup-card-muffin-text = Приспешник, сила 3. При розыгрыше: возьмите под контроль приспешника с силой 3 или меньше до конца хода.
smashup-card-mr-grumpers = Мистер Ворчун
    .button = Ворчун
smashup-card-mr-grumpers-text = Приспешник, сила 2. При розыгрыше: выбранный приспешник получает -2 к силе до конца хода.
smashup-card-can-has-cheeseburger = Покорми меня
    .button = Покорми меня
smashup-card-can-has-cheeseburger-text = Спецсвойство, перед захватом базы: возьмите под контроль приспешника с силой 3 или меньше на этой базе до конца хода.
smashup-card-cat-fight = Кошачья драка
smashup-card-cat-fight-text = Выберите приспешника под своим контролем: возьмите столько карт, какова его сила, затем уничтожьте его.
smashup-card-cats-paw = Кошачья лапа
smashup-card-cats-paw-text = Возьмите под контроль приспешника с силой 5 или меньше до конца хода.
smashup-card-grumpiness = Ворчливость
smashup-card-grumpiness-text = Играется на приспешника. Постоянное: у него -2 к силе.
smashup-card-hang-in-there = Держись!
smashup-card-hang-in-there-text = Играется на приспешника под вашим контролем. Постоянное: если его должны уничтожить, вместо этого переместите его на другую базу и уничтожьте эту карту.
smashup-card-hissy-fit = Шипение
smashup-card-hissy-fit-text = Играется на базу. Постоянное: у чужих приспешников здесь -1 к силе.
smashup-card-invisible-bicycle = Невидимый велосипед
    .button = Невид. велосипед
smashup-card-invisible-bicycle-text = Выберите базу: переместите с неё на другую базу сколько угодно приспешников с силой 2 или меньше.
smashup-card-nine-lives = Девять жизней
smashup-card-nine-lives-text = Уничтожьте одного из приспешников под своим контролем, затем сыграйте в этот ход добавочного приспешника.

## Принцессы

smashup-card-apricot = Абрикоска
smashup-card-apricot-text = Приспешник, сила 5. Талант: уничтожьте чужого приспешника с силой 2 или меньше на этой базе.
smashup-card-eliza = Элиза
smashup-card-eliza-text = Приспешник, сила 5. Постоянное: каждый соперник может сыграть за ход не больше одной добавочной карты.
smashup-card-griselda = Гризельда
smashup-card-griselda-text = Приспешник, сила 5. Талант: возьмите на руку Фамильную реликвию из своей стопки сброса.
smashup-card-marie-degraw = Мари Деграв
smashup-card-marie-degraw-text = Приспешник, сила 5. Талант: откройте верхнюю карту своей колоды; приспешника возьмите на руку, иначе положите карту под низ колоды.
smashup-card-sleeping-beauty = Спящая красавица
    .button = Красавица
smashup-card-sleeping-beauty-text = Приспешник, сила 5. Постоянное: если эта карта уходит из игры в стопку сброса, вместо этого её замешивают в колоду владельца.
smashup-card-snow-white = Белоснежка
smashup-card-snow-white-text = Приспешник, сила 5. Талант: переместите сюда приспешника с другой базы.
smashup-card-direct-to-dvd-sequel = Продолжение сразу на DVD
    .button = Сразу на DVD
smashup-card-direct-to-dvd-sequel-text = Замешайте приспешника из своей стопки сброса в колоду, затем возьмите карту.
smashup-card-fairy-godmother = Фея-крёстная
smashup-card-fairy-godmother-text = Выберите одно: возьмите 2 карты или дайте приспешнику +3 к силе до конца хода.
smashup-card-happily-ever-after = Жили долго и счастливо
    .button = Жили долго
smashup-card-happily-ever-after-text = Играется на базу. Постоянное: если при захвате этой базы вы на первом месте, получите ещё 1 ПО.
smashup-card-heirloom = Фамильная реликвия
    .button = Реликвия
smashup-card-heirloom-text = Играется на приспешника. Постоянное: +1 к силе за каждую реликвию на нём (n реликвий дают n×n). Её нельзя уничтожить.
smashup-card-skillet = Сковородка
smashup-card-skillet-text = Уничтожьте приспешника с силой 2 или меньше, затем возьмите карту.
smashup-card-some-day-my-prince = Явится принц на белом коне
    .button = Принц на коне
smashup-card-some-day-my-prince-text = Спецсвойство, перед захватом базы: переместите приспешника с этой базы на другую.
smashup-card-tale-as-old-as-time = Сказка старая, как мир
    .button = Старая сказка
smashup-card-tale-as-old-as-time-text = Выберите базу: все приспешники под вашим контролем перемещаются туда.
smashup-card-true-loves-kiss = Поцелуй истинной любви
    .button = Поцелуй любви
smashup-card-true-loves-kiss-text = Переместите любого приспешника на другую базу.
smashup-card-woodland-helpers = Лесные помощники
smashup-card-woodland-helpers-text = Играется на базу. Постоянное: сыграв обычное действие, можете положить его под низ своей колоды, а не в сброс.

## Феи

smashup-card-titania = Титания
smashup-card-titania-text = Приспешник, сила 5. При розыгрыше выберите одно: верните чужого приспешника на руку владельцу или сыграйте добавочного приспешника.
smashup-card-glymmer = Мерцалка
smashup-card-glymmer-text = Приспешник, сила 4. Талант, до начала вашего следующего хода, выберите одно: другой приспешник получает -4 к силе или этот +1.
smashup-card-puck = Пак
smashup-card-puck-text = Приспешник, сила 3. При розыгрыше выберите одно: сыграйте добавочное действие или возьмите карту.
smashup-card-tinx = Тинкс
smashup-card-tinx-text = Приспешник, сила 2. При розыгрыше: можете перенести на него действие с другого приспешника.
smashup-card-daisy-chain = Венок из ромашек
smashup-card-daisy-chain-text = Играется на приспешника. Постоянное: +2 к силе, пока он под вашим контролем, иначе -2.
smashup-card-enchantment = Чары
smashup-card-enchantment-text = Играется на базу; выберите одно: все приспешники здесь получают +1 к силе или все получают -1.
smashup-card-fairy-ballet = Балет фей
smashup-card-fairy-ballet-text = Выберите одно: возьмите 2 карты или возьмите карту и сыграйте добавочное действие.
smashup-card-ladybug = Божья коровка
smashup-card-ladybug-text = Играется на приспешника. Постоянное: его нельзя уничтожить. Талант: перенесите эту карту на другого приспешника.
smashup-card-leaf-armor = Лиственный доспех
    .button = Листв. доспех
smashup-card-leaf-armor-text = Играется на приспешника. Постоянное: у него +1 к силе. Талант: перенесите эту карту на другого приспешника.
smashup-card-magic-acorns = Волшебные жёлуди
smashup-card-magic-acorns-text = Выберите одно: каждый соперник сбрасывает случайную карту или возьмите карту и сыграйте добавочное действие.
smashup-card-magic-ward = Волшебный оберег
smashup-card-magic-ward-text = Играется на базу. Постоянное: соперники не могут играть действия на эту базу и на приспешников здесь.
smashup-card-playful-tricks = Шалости
smashup-card-playful-tricks-text = Уничтожьте до двух действий, сыгранных на приспешников и/или базы.

## Волшебные пони

smashup-card-starlyte = Звездосвет
smashup-card-starlyte-text = Приспешник, сила 5. Постоянное: +1 к силе за каждого другого вашего приспешника здесь.
smashup-card-rainbow = Радуга
smashup-card-rainbow-text = Приспешник, сила 4. Талант: если в этот ход сюда уже сыгран другой ваш приспешник, возьмите карту.
smashup-card-seastar = Морская звезда
    .button = Звезда
smashup-card-seastar-text = Приспешник, сила 3. При розыгрыше на базу, где уже есть ваш приспешник: сыграйте добавочного приспешника (одна Морская звезда за ход).
smashup-card-pinkie = Плимки
smashup-card-pinkie-text = Приспешник, сила 2. Постоянное: +1 к силе, пока здесь есть другой ваш приспешник.
smashup-card-adventure-power = Сила приключений
smashup-card-adventure-power-text = Выберите базу: переместите туда сколько угодно своих приспешников.
smashup-card-encouragement-power = Сила поддержки
    .button = Сила поддержки
smashup-card-encouragement-power-text = Играется на приспешника под вашим контролем. Постоянное: +1 к силе за каждого другого вашего приспешника на его базе.
smashup-card-freedom-power = Сила свободы
smashup-card-freedom-power-text = Уничтожьте действие, сыгранное на приспешника или базу.
smashup-card-friendship-power = Сила дружбы
smashup-card-friendship-power-text = Переместите своего приспешника на базу, где есть другой ваш приспешник. Затем можете вернуть эту карту на руку, а не в сброс.
smashup-card-sharing-power = Сила щедрости
smashup-card-sharing-power-text = Играется на базу. Постоянное: в начале вашего хода, если здесь два или больше ваших приспешника, возьмите карту.
smashup-card-super-future-space-armor-power = Сила суперкосмодоспехов будущего
    .button = Суперкосмодоспех
smashup-card-super-future-space-armor-power-text = Каждый ваш приспешник, рядом с которым на базе есть другой ваш приспешник, получает +2 к силе до конца хода.
smashup-card-teaching-power = Сила учения
smashup-card-teaching-power-text = Спецсвойство, перед захватом базы: откройте с верха колоды по карте за каждого своего приспешника там; одного открытого приспешника можете сыграть туда добавочным; остальные верните наверх в любом порядке.
smashup-card-togetherness-power = Сила единства
    .button = Сила единства
smashup-card-togetherness-power-text = Сыграйте добавочного приспешника на базу, где уже есть ваш приспешник.

## Базы «Мимими»

smashup-base-cat-fanciers-alley = Кошачий переулок
smashup-base-cat-fanciers-alley-text = Раз в свой ход можете уничтожить здесь своего приспешника, чтобы взять карту.
smashup-base-house-of-nine-lives = Дом девяти жизней
smashup-base-house-of-nine-lives-text = Когда приспешника на другой базе должны уничтожить, его владелец может вместо этого переместить его сюда.
smashup-base-enchanted-glade = Зачарованная поляна
smashup-base-enchanted-glade-text = Сыграв действие на приспешника здесь, возьмите карту.
smashup-base-fairy-ring = Ведьмин круг
smashup-base-fairy-ring-text = Впервые за ход сыграв сюда приспешника, можете сыграть ещё одного приспешника сюда или добавочное действие.
smashup-base-beautiful-castle = Прекрасный замок
smashup-base-beautiful-castle-text = На приспешников здесь с силой 5 или больше не действуют чужие карты.
smashup-base-ice-castle = Ледяной замок
smashup-base-ice-castle-text = Сюда нельзя играть приспешников — их можно только перемещать сюда.
smashup-base-land-of-balance = Страна равновесия
smashup-base-land-of-balance-text = Сыграв сюда приспешника, можете переместить сюда своего приспешника с другой базы.
smashup-base-pony-paradise = Рай для пони
smashup-base-pony-paradise-text = Пока здесь два или больше ваших приспешника, ваших приспешников здесь нельзя уничтожить.

## Ответы на выбор

smashup-choice-keep = Оставить эти карты
smashup-choice-redraw = Показать и взять 5 новых
smashup-choice-yes = Да
smashup-choice-discard = В стопку сброса
smashup-choice-bottom = Под низ колоды
smashup-choice-hand = Обратно на руку
smashup-choice-draw2 = Взять 2 карты
smashup-choice-return-madness = Вернуть в колоду безумий
smashup-choice-power3 = +3 к силе приспешника
smashup-choice-return-minion = Вернуть приспешника на руку владельцу
smashup-choice-extra-minion = Сыграть добавочного приспешника
smashup-choice-extra-action = Сыграть добавочное действие
smashup-choice-draw1 = Взять карту
smashup-choice-draw1-action = Взять карту и сыграть добавочное действие
smashup-choice-weaken = Другому приспешнику -4 к силе
smashup-choice-boost = Этому приспешнику +1 к силе
smashup-choice-plus = Всем приспешникам здесь +1 к силе
smashup-choice-minus = Всем приспешникам здесь -1 к силе
smashup-choice-others-discard = Каждый соперник сбрасывает случайную карту

## Объявления судьи

smashup-ev-first-player = Первый ход — за игроком { $player }.
smashup-ev-drafted = { $player } выбирает фракцию: { $faction }.
smashup-ev-decks-ready = { $player } замешивает в колоду фракции: { $factions }.
smashup-ev-base-revealed = Новая база: { $base }.
smashup-ev-mulligan = У игрока { $player } нет приспешников на руке: карты показаны ({ $cards }), сброшены, взяты 5 новых.
smashup-ev-keep = { $player } оставляет карты на руке.
smashup-ev-turn = Ход { $round }: играет { $player }.
smashup-ev-played-minion = { $player } играет приспешника { $card } на базу { $base }.
smashup-ev-played-action = { $player } играет действие { $card }.
smashup-ev-played-on-minion = { $player } играет карту { $card } на приспешника { $minion } (база { $base }).
smashup-ev-played-on-base = { $player } играет карту { $card } на базу { $base }.
smashup-ev-played-special = Я первый! { $player } играет карту { $card } (база { $base }).
smashup-ev-used-special = { $player } применяет спецсвойство карты { $card } (база { $base }).
smashup-ev-talent = { $player } применяет талант: { $card }.
smashup-ev-end-plays = { $player } заканчивает розыгрыш карт.
smashup-ev-drew = { $player } берёт { smashup-n-cards }.
smashup-ev-drew-cards = Вам приходят карты: { $cards }.
smashup-ev-reshuffled = Колода игрока { $player } кончилась: сброс ({ $count }) замешан в новую колоду.
smashup-ev-discarded = { $player } сбрасывает: { $cards }.
smashup-ev-turn-end = Ход игрока { $player } окончен.
smashup-ev-extra-play = { $player } может сыграть { $kind ->
    [minion] добавочного приспешника
    [action] добавочное действие
   *[both] добавочного приспешника или действие
} ({ $source }).
smashup-ev-destroyed = Карта { $card } уничтожена (база { $base }).
smashup-ev-action-destroyed = Карта { $card } уничтожена.
smashup-ev-protected = Карту { $card } не тронуть (база { $base }).
smashup-ev-moved = { $card }: перемещение с базы { $from_base } на базу { $to_base }.
smashup-ev-returned = Карта { $card } возвращается на руку владельцу.
smashup-ev-control = { $player } берёт под контроль приспешника { $card } до конца хода.
smashup-ev-control-back = { $card } снова под контролем игрока { $player }.
smashup-ev-power = { $card }: сила { $amount } на время.
smashup-ev-transferred = Карта { $card } переходит на приспешника { $minion }.
smashup-ev-replaced = { $source } спасает карту { $card } от уничтожения.
smashup-ev-to-deck = Карту { $card } замешивают в колоду владельца.
smashup-ev-to-bottom = Карта { $card } уходит под низ колоды владельца.
smashup-ev-to-hand = Карта { $card } уходит на руку игроку { $player }.
smashup-ev-revealed = { $player } открывает: { $cards }.
smashup-ev-vp = { $player } получает { $points } ПО ({ $source }).
smashup-ev-scoring = Захват базы { $base }!
smashup-ev-passed = { $player } пасует.
smashup-ev-place = База { $base }: у игрока { $player } { $place ->
    [1] первое место
    [2] второе место
    [3] третье место
   *[other] место { $place }
} с силой { $power } — { $points } ПО.
smashup-ev-base-done = База { $base } уходит, её место занимает база { $new_base }.
smashup-ev-bases-reshuffled = Колода баз кончилась: сброшенные базы ({ $count }) замешаны в новую.
smashup-ev-madness-drawn = { $player } берёт { $count ->
    [one] { $count } карту безумия
    [few] { $count } карты безумия
   *[many] { $count } карт безумия
}.
smashup-ev-madness-returned = { $player } возвращает карту безумия в колоду безумий.
smashup-ev-madness-penalty = У игрока { $player } карт безумия: { $madness } — минус { $points } ПО.
smashup-ev-tie-play-on = Ничья за первое место ({ $score } ПО): игра продолжается, пока не определится лидер.
smashup-ev-won = Победа! { $winner } набирает { $score } ПО.
smashup-ev-timeout = Время игрока { $player } вышло: бот выбирает вариант по умолчанию.
smashup-ev-away = ⏰ У игрока { $player } два хода подряд истекли по таймеру: стол играет дальше; любое нажатие — и игрок снова с нами.
smashup-ev-away-you = ⏰ Два ваших хода подряд истекли по таймеру. Когда вернётесь, нажмите любую кнопку.
smashup-ev-left = { $player } выходит из игры.
smashup-ev-abandoned = За столом никого не осталось — игра окончена.

## Ошибки ходов

smashup-err-bad-action = Такого хода нет.
smashup-err-bad-options = Такие настройки стола не подходят.
smashup-err-player-count = В Замесе игроков — от { $min } до { $max }.
smashup-err-duplicate-player = Кто-то сидит за столом дважды.
smashup-err-too-few-factions = Мало фракций на выбор: нужно хотя бы { $count }.
smashup-err-not-a-player = Вы не участвуете в этой игре.
smashup-err-game-over = Эта игра уже окончена.
smashup-err-setup = Игра ещё готовится.
smashup-err-not-your-turn = Сейчас не ваш ход.
smashup-err-busy = Карта ещё разыгрывается: сначала ответьте на её вопрос.
smashup-err-not-in-hand = У вас нет такой карты.
smashup-err-special-only = Это спецсвойство: карта играется только в свой момент (перед захватом базы).
smashup-err-bad-target = Эту карту нельзя сыграть туда.
smashup-err-no-plays = В этот ход на такую карту розыгрышей больше нет.
smashup-err-forbidden = Карта в игре запрещает этот розыгрыш.
smashup-err-protected = Этого приспешника не тронуть.
smashup-err-no-talent = Здесь сейчас нет таланта, который можно применить.
smashup-err-talent-used = Этот талант в этот ход уже применён.

## Вопросы

smashup-prompt-draft = Выберите { $round ->
    [1] первую
   *[other] вторую
} фракцию.
smashup-prompt-mulligan = На руке нет приспешников: показать карты и взять 5 новых или оставить эти?
smashup-prompt-mulligan-keep = На руке есть приспешник: карты остаются на руке.
smashup-prompt-score-order = Захватить можно несколько баз: какую первой?
smashup-prompt-me-first = Сейчас будет захвачена база { $base }: сыграть спецсвойство или пас?
smashup-prompt-after-scoring = База { $base } захвачена: сыграть спецсвойство или пас?
smashup-prompt-hand-limit = На руке слишком много карт: сбросьте { smashup-n-cards }.
smashup-prompt-order = Срабатывает несколько карт сразу: в каком порядке?
smashup-prompt-replace = Приспешника { $minion } сейчас уничтожат: какая карта его спасёт?
smashup-prompt-may-replace = Приспешника { $minion } сейчас уничтожат: спасти его картой { $source }?
smashup-prompt-action-done = Карта { $card } разыграна: куда её?
smashup-prompt-pass = Пас
smashup-prompt-no = Нет
smashup-prompt-none = Никого
smashup-prompt-control = { $card }: кого взять под контроль?
smashup-prompt-destroy = { $card }: кого уничтожить?
smashup-prompt-destroy-own = { $card }: кого из своих приспешников уничтожить?
smashup-prompt-move = { $card }: кого переместить?
smashup-prompt-move-many = { $card }: кого переместить (сколько угодно)?
smashup-prompt-move-to = { $card }: на какую базу?
smashup-prompt-pick-base = { $card }: выберите базу.
smashup-prompt-return = { $card }: кого вернуть на руку владельцу?
smashup-prompt-power = { $card }: кому сила { $amount }?
smashup-prompt-action-destroy = { $card }: какое действие уничтожить?
smashup-prompt-transfer-from = { $card }: какое действие перенести на этого приспешника?
smashup-prompt-transfer-to = { $card }: на какого приспешника перенести?
smashup-prompt-from-discard = { $card }: какую карту взять из сброса?
smashup-prompt-effect = { $card }: выберите одно.
smashup-prompt-play-revealed = { $card }: какого открытого приспешника сыграть на базу { $base }?
smashup-prompt-order-top = { $card }: верните карты на верх колоды; первая выбранная окажется сверху.
smashup-prompt-choose-minion = { $card }: выберите своего приспешника.
smashup-prompt-may = { $card }: применить?

## Замес: «Неизбежный выпуск про Ктулху» — коробка, её базы и карта безумия (русский).
## Названия «Мискатоникский университет» и «Плато Ленг» взяты из русских правил; остальные — наш перевод.

smashup-box-cthulhu = Замес: Неизбежный выпуск про Ктулху
    .button = Про Ктулху

## Безумие

smashup-card-madness = Безумие
smashup-card-madness-text = Действие. Выберите одно: возьмите 2 карты или верните эту карту в колоду безумий. Сброшенное безумие уходит в стопку сброса того, кто им распоряжается. В конце игры каждые 2 карты безумия стоят 1 ПО.

## Базы

smashup-base-the-asylum = Лечебница
smashup-base-the-asylum-text = Когда сюда играют приспешника, его владелец может вернуть карту безумия с руки в колоду безумий.
smashup-base-innsmouth = Инсмут
smashup-base-innsmouth-text = Когда сюда играют приспешника, его владелец может положить любую карту из любой стопки сброса под низ колоды её владельца.
smashup-base-mountains-of-madness = Хребты безумия
smashup-base-mountains-of-madness-text = Когда сюда играют приспешника, его владелец берёт карту безумия.
smashup-base-miskatonic-university = Мискатоникский университет
    .button = Мискатоникский ун-т
smashup-base-miskatonic-university-text = После захвата этой базы победитель может вернуть в колоду безумий сколько угодно карт безумия с руки и из своей стопки сброса.
smashup-base-plateau-of-leng = Плато Ленг
smashup-base-plateau-of-leng-text = Впервые за ход сыграв сюда приспешника с руки, игрок может сыграть сюда добавочного приспешника с тем же названием.
smashup-base-rlyeh = Р'льех
smashup-base-rlyeh-text = В начале своего хода можете уничтожить здесь своего приспешника, чтобы получить 1 ПО.
smashup-base-ritual-site = Место ритуала
smashup-base-ritual-site-text = После захвата этой базы приспешники с неё не уходят в сброс, а замешиваются в колоды своих владельцев.
smashup-base-antarctic-base = Антарктическая база
smashup-base-antarctic-base-text = Каждый игрок может сыграть сюда не больше одного приспешника за ход.

## Вопросы баз

smashup-prompt-asylum = { $card }: вернуть карту безумия с руки в колоду безумий?
smashup-prompt-innsmouth-base = { $card }: какую карту из стопки сброса положить под низ колоды её владельца?
smashup-prompt-miskatonic-base = { $card }: какие карты безумия вернуть в колоду безумий (сколько угодно)?
smashup-prompt-rlyeh = { $card }: уничтожить своего приспешника здесь, чтобы получить 1 ПО?

## Замес: «Неизбежный выпуск про Ктулху» — фракции Ктулхупоклонники и Старцы (русский).
## $player, $target, $owner — имена игроков; $card — название карты; $cards — названия через запятую;
## $base — название базы. Из русских правил: Ктулхупоклонники, Старцы, Шогот, «Сломанная печать»;
## остальные названия — наш перевод.

# Название коробки: нужно, пока коробку регистрирует эта ветка (базы коробки добавляются отдельно).

smashup-faction-minions-of-cthulhu = Ктулхупоклонники
    .button = Ктулхупоклонники
smashup-faction-elder-things = Старцы

## Ктулхупоклонники

smashup-card-star-spawn = Звёздное отродье Ктулху
    .button = Отродье
smashup-card-star-spawn-text = Приспешник, сила 5. Талант: отдайте карту безумия со своей руки другому игроку — ему на руку.
smashup-card-cthulhus-chosen = Избранник Ктулху
    .button = Избранник
smashup-card-cthulhus-chosen-text = Приспешник, сила 3. Спецсвойство, перед захватом базы, на которой он стоит: можете взять карту безумия — тогда у него +2 к силе до конца хода.
smashup-card-servitor = Прислужник Ктулху
    .button = Прислужник
smashup-card-servitor-text = Приспешник, сила 2. Талант: уничтожьте этого приспешника и положите действие из своей стопки сброса на верх колоды.
smashup-card-altar-to-cthulhu = Алтарь Ктулху
smashup-card-altar-to-cthulhu-text = Играется на базу. Постоянное: всякий раз, сыграв сюда приспешника, можете сыграть добавочное действие.
smashup-card-complete-the-ritual = Завершение ритуала
    .button = Заверш. ритуала
smashup-card-complete-the-ritual-text = Играется на базу, где есть ваш приспешник. Постоянное: в начале вашего хода все карты с этой базы уходят под низ колод своих владельцев, а база меняется местами с верхней картой колоды баз.
smashup-card-corruption = Порча
smashup-card-corruption-text = Возьмите карту безумия, затем уничтожьте приспешника.
smashup-card-cthulhu-fhtagn = Ктулху фхтагн
smashup-card-cthulhu-fhtagn-text = Открывайте карты с верха своей колоды, пока не откроете два действия. Их возьмите на руку, остальные положите под низ колоды.
smashup-card-furthering-the-cause = Ради общего дела
    .button = Ради общего дела
smashup-card-furthering-the-cause-text = Играется на базу. Постоянное: в конце каждого хода, если в этот ход здесь уничтожен чужой приспешник, получите 1 ПО.
smashup-card-it-begins-again = Всё сначала
smashup-card-it-begins-again-text = Замешайте в свою колоду сколько угодно действий из своей стопки сброса.
smashup-card-madness-unleashed = Безумие на воле
    .button = Безумие на воле
smashup-card-madness-unleashed-text = Сбросьте с руки сколько угодно карт безумия. За каждую возьмите карту и сыграйте в этот ход добавочное действие.
smashup-card-recruit-by-force = Насильная вербовка
    .button = Насил. вербовка
smashup-card-recruit-by-force-text = Положите на верх своей колоды сколько угодно приспешников с силой 3 или меньше из своей стопки сброса.
smashup-card-the-seal-is-broken = Сломанная печать
    .button = Сломанная печать
smashup-card-the-seal-is-broken-text = Возьмите карту безумия и получите 1 ПО.
smashup-card-whispers-in-darkness = Шёпот во тьме
    .button = Шёпот во тьме
smashup-card-whispers-in-darkness-text = Возьмите карту безумия. В этот ход можете сыграть два добавочных действия.

## Старцы

smashup-card-elder-thing = Старец
smashup-card-elder-thing-text = Приспешник, сила 10. При розыгрыше выберите: уничтожьте двух других своих приспешников или положите этого под низ своей колоды. Постоянное: на него не действуют карты соперников.
smashup-card-shoggoth = Шогот
smashup-card-shoggoth-text = Приспешник, сила 6. Играется только на базу, где у вас уже есть сила 6 или больше. При розыгрыше: каждый соперник может взять карту безумия; у каждого, кто не берёт, уничтожьте приспешника на этой базе.
smashup-card-mi-go = Ми-го
smashup-card-mi-go-text = Приспешник, сила 3. При розыгрыше: каждый соперник может взять карту безумия; за каждого, кто не берёт, можете взять карту.
smashup-card-byakhee = Бьякхи
smashup-card-byakhee-text = Приспешник, сила 2. При розыгрыше: каждый соперник с приспешником на этой базе берёт карту безумия.
smashup-card-begin-the-summoning = Начало призыва
    .button = Начало призыва
smashup-card-begin-the-summoning-text = Положите приспешника из своей стопки сброса на верх колоды. В этот ход можете сыграть добавочное действие.
smashup-card-dunwich-horror = Данвичский ужас
smashup-card-dunwich-horror-text = Играется на приспешника. Постоянное: у него +5 к силе; в конце хода этот приспешник уничтожается.
smashup-card-insanity = Помешательство
smashup-card-insanity-text = Каждый соперник берёт 2 карты безумия.
smashup-card-power-of-madness = Сила безумия
smashup-card-power-of-madness-text = Каждый соперник показывает руку, сбрасывает с неё все карты безумия и замешивает свою стопку сброса в колоду.
smashup-card-spreading-horror = Расползающийся ужас
    .button = Располз. ужас
smashup-card-spreading-horror-text = Каждый соперник сбрасывает с руки случайные карты, пока не сбросит карту, которая не безумие.
smashup-card-the-price-of-power = Цена могущества
    .button = Цена могущества
smashup-card-the-price-of-power-text = Спецсвойство, перед захватом базы: каждый соперник с приспешником на ней показывает руку. Один ваш приспешник там получает +2 к силе за каждую показанную карту безумия до конца хода.
smashup-card-touch-of-madness = Касание безумия
smashup-card-touch-of-madness-text = Каждый соперник берёт карту безумия. Возьмите карту; в этот ход можете сыграть добавочное действие.
smashup-card-unfathomable-goals = Непостижимые цели
    .button = Непостиж. цели
smashup-card-unfathomable-goals-text = Каждый соперник показывает руку. Каждый, у кого на руке есть безумие, уничтожает одного из своих приспешников.

## Ответы на выбор

smashup-choice-draw-madness = Взять карту безумия
smashup-choice-lose-minion = Не брать: пусть уничтожат приспешника
smashup-choice-destroy-two = Уничтожить двух своих приспешников

## Вопросы

smashup-prompt-give-madness = { $card }: кому отдать карту безумия?
smashup-prompt-to-deck-top = { $card }: какое действие из сброса положить на верх колоды?
smashup-prompt-recruit = { $card }: каких приспешников из сброса положить на верх колоды (сколько угодно)? Первый выбранный окажется сверху.
smashup-prompt-shuffle-in = { $card }: какие действия из сброса замешать в колоду (сколько угодно)?
smashup-prompt-discard-madness = { $card }: какие карты безумия сбросить (сколько угодно)?
smashup-prompt-draw-madness = { $card }: взять карту безумия?
smashup-prompt-shoggoth = { $card }: взять карту безумия? Иначе вашего приспешника на базе { $base } уничтожат.
smashup-prompt-destroy-theirs = { $card }: какого приспешника игрока { $target } уничтожить?
smashup-prompt-may-draw = { $card }: взять карту?
smashup-prompt-destroy-two = { $card }: каких двух своих приспешников уничтожить?
smashup-prompt-unfathomable = { $card }: на руке есть безумие — какого своего приспешника уничтожить?
smashup-prompt-summon = { $card }: какого приспешника из сброса положить на верх колоды?

## Объявления судьи

smashup-ev-madness-given = { $player } отдаёт карту безумия игроку { $target }.
smashup-ev-to-top = Карта { $card } из сброса ложится на верх колоды игрока { $owner }.
smashup-ev-empty-hand = { $player } показывает руку: на ней нет карт.
smashup-ev-discard-shuffled = { $player } замешивает в колоду { smashup-n-cards } из стопки сброса.

## Замес, «Неизбежный выпуск про Ктулху»: фракции Инсмут и Мискатоникский университет (русский).
## Названия из русских правил: Местные, «Старик Дженкинс?!», Инсмут, Мискатоникский университет;
## остальные названия — наш перевод.
## $card — название спрашивающей карты; $base — название базы.

## [заглушка] Название коробки; когда база коробки появится в своём файле, эту строку можно убрать.

smashup-faction-innsmouth = Инсмут
smashup-faction-miskatonic-university = Мискатоникский университет
    .button = Мискатоник

## Инсмут

smashup-card-the-locals = Местные
smashup-card-the-locals-text = Приспешник, сила 2. При розыгрыше: откройте 3 верхние карты своей колоды; Местных среди них возьмите на руку, остальные положите под низ колоды.
smashup-card-in-plain-sight = У всех на виду
smashup-card-in-plain-sight-text = Играется на базу. Постоянное: на ваших приспешников здесь с силой 2 или меньше не действуют чужие карты.
smashup-card-mysteries-of-the-deep = Тайны глубин
    .button = Тайны глубин
smashup-card-mysteries-of-the-deep-text = Если у вас на одной базе три или больше приспешника с одинаковым названием: возьмите 3 карты; затем можете взять ещё 2 карты и 2 карты безумия.
smashup-card-new-acolytes = Новые послушники
smashup-card-new-acolytes-text = Каждый игрок замешивает в свою колоду всех приспешников из своей стопки сброса.
smashup-card-recruitment = Вербовка
smashup-card-recruitment-text = Возьмите до 3 карт безумия; за каждую взятую сыграйте в этот ход добавочного приспешника.
smashup-card-return-to-the-sea = Возвращение в море
    .button = Возвр. в море
smashup-card-return-to-the-sea-text = Спецсвойство, после захвата базы: верните с неё на руку, а не в сброс, сколько угодно своих приспешников с одинаковым названием.
smashup-card-sacred-circle = Священный круг
smashup-card-sacred-circle-text = Играется на базу. Талант: сыграйте сюда добавочного приспешника с тем же названием, что у приспешника, который уже здесь.
smashup-card-spreading-the-word = Нести слово
    .button = Нести слово
smashup-card-spreading-the-word-text = Выберите приспешника в игре: сыграйте в этот ход до двух добавочных приспешников с таким же названием.
smashup-card-the-deep-ones = Глубоководные
smashup-card-the-deep-ones-text = Каждый ваш приспешник с силой 2 или меньше получает +1 к силе до конца хода.

## Мискатоникский университет

smashup-card-professor = Профессор
smashup-card-professor-text = Приспешник, сила 5. Талант: сбросьте карту безумия с руки; тогда можете сыграть добавочное действие и/или добавочного приспешника.
smashup-card-librarian = Библиотекарь
smashup-card-librarian-text = Приспешник, сила 4. Талант: сбросьте карту безумия с руки; тогда возьмите карту.
smashup-card-psychologist = Психолог
smashup-card-psychologist-text = Приспешник, сила 3. При розыгрыше: можете вернуть карту безумия с руки или из своей стопки сброса в колоду безумий.
smashup-card-researcher = Исследователь
    .button = Исследов.
smashup-card-researcher-text = Приспешник, сила 2. При розыгрыше: можете взять карту безумия.
smashup-card-old-man-jenkins = «Старик Дженкинс?!»
    .button = Старик Дженкинс
smashup-card-old-man-jenkins-text = Спецсвойство, перед захватом базы: уничтожьте на этой базе приспешника с наибольшей силой.
smashup-card-it-just-might-work = …А вдруг сработает
    .button = Вдруг сработает
smashup-card-it-just-might-work-text = Сбросьте карту безумия с руки, чтобы каждый ваш приспешник получил +1 к силе до конца хода.
smashup-card-field-trip = Экскурсия
smashup-card-field-trip-text = Положите сколько угодно карт с руки под низ своей колоды и возьмите столько же карт.
smashup-card-gate-to-beyond = Врата в запредельное
    .button = Врата в запред.
smashup-card-gate-to-beyond-text = Играется на базу. Талант: возьмите карту безумия; можете сыграть сюда добавочного приспешника.
smashup-card-jinkies = Вот это да!
smashup-card-jinkies-text = Верните до двух карт безумия с руки и/или из своей стопки сброса в колоду безумий.
smashup-card-thats-so-crazy = Ну это уже безумие…
    .button = Это уже безумие
smashup-card-thats-so-crazy-text = Возьмите карту безумия; каждый ваш приспешник получает +1 к силе до конца хода; можете сыграть добавочное действие.
smashup-card-things-best-not-known = Лучше не знать
    .button = Лучше не знать
smashup-card-things-best-not-known-text = Спецсвойство, перед захватом базы: выберите приспешника на этой базе и возьмите до 3 карт безумия; за каждую он получает +2 к силе до конца хода.
smashup-card-those-meddling-kids = Эти несносные детишки
    .button = Несносн. детишки
smashup-card-those-meddling-kids-text = Уничтожьте сколько угодно действий на одной базе (и на приспешниках там).

## Ответы на выбор

smashup-choice-innsmouth-madness-1 = 1 карту безумия
smashup-choice-innsmouth-madness-2 = 2 карты безумия
smashup-choice-innsmouth-madness-3 = 3 карты безумия
smashup-choice-miskatonic-madness-1 = 1 карту безумия
smashup-choice-miskatonic-madness-2 = 2 карты безумия
smashup-choice-miskatonic-madness-3 = 3 карты безумия
smashup-choice-miskatonic-from-hand = С руки
smashup-choice-miskatonic-from-discard = Из стопки сброса

## Вопросы

smashup-prompt-innsmouth-madness-count = { $card }: сколько карт безумия взять? За каждую — добавочный приспешник.
smashup-prompt-innsmouth-more = { $card }: взять ещё 2 карты и 2 карты безумия?
smashup-prompt-innsmouth-name = { $card }: выберите приспешника — добавочные приспешники должны называться так же.
smashup-prompt-innsmouth-sea-name = { $card }: приспешников с каким названием вернуть на руку с базы { $base }?
smashup-prompt-innsmouth-sea-which = { $card }: кого вернуть на руку с базы { $base } (сколько угодно)?
smashup-prompt-miskatonic-madness-count = { $card }: сколько карт безумия взять?
smashup-prompt-miskatonic-return-madness = { $card }: откуда вернуть карту безумия в колоду безумий?
smashup-prompt-miskatonic-draw-madness = { $card }: взять карту безумия?
smashup-prompt-miskatonic-to-bottom = { $card }: какие карты с руки положить под низ колоды? Столько же возьмёте.
smashup-prompt-miskatonic-boost = { $card }: какой приспешник на базе { $base } получит +2 к силе за каждую карту безумия?
smashup-prompt-miskatonic-destroy-actions = { $card }: какие действия уничтожить (сколько угодно)?

smashup-option-boxes = 📦 Коробки
smashup-option-factions = 🧩 Фракции

## Стол: выбор игры, /rules, /card, лобби, поле и рука

smashup-about = карточная битва за базы на 2–4 игроков: две фракции в одну колоду — и кто первым захватит базы
smashup-rules = <b>Замес коротко</b>
    Каждый выбирает две фракции и замешивает их 40 карт в одну колоду. Баз в игре на одну больше, чем игроков; побеждает первый, у кого 15 ПО (для короткой партии стол может выбрать 10).
    <b>Ваш ход:</b> сыграйте одного приспешника (на базу) и одно действие, в любом порядке — карты могут дать дополнительные розыгрыши; таланты приспешников — раз за ход; затем «Конец хода».
    <b>Захват:</b> после розыгрышей каждая база, где общая сила приспешников достигла её прочности, захватывается: первое, второе и третье места по силе получают три числа ПО базы (при ничьей — лучшее из мест). До и после захвата каждый по очереди может сыграть спецсвойство («Я первый!»). Карты с базы уходят в сбросы владельцев, выходит новая база.
    <b>Затем</b> вы берёте 2 карты и сбрасываете руку до 10.
    <b>Коробки:</b> «Мимими» (Котики, Принцессы, Феи, Волшебные пони) и «Неизбежный выпуск про Ктулху» (Ктулхупоклонники, Старцы, Инсмут, Мискатоникский университет) — с коробкой про Ктулху в игре колода Безумия: каждые 2 карты Безумия на конец игры стоят 1 ПО.
    Карты фракции: <code>/rules замес котики</code>; любая карта или база: <code>/card Пушистик</code>.
smashup-rules-no-faction = Фракции «{ $query }» нет. Фракции: { $factions }.
smashup-cmd-desc-card = карта или база «Замеса» по названию
smashup-card-usage = Назовите карту или базу: <code>/card Пушистик</code>, <code>/card Ледяной замок</code>.
smashup-card-not-found = В «Замесе» нет карты или базы «{ $query }».
smashup-card-many = Подходит карт: { $count } — { $names }. Назовите одну.
smashup-sheet-base = 🏰 <b>{ $name }</b> — база, прочность { $breakpoint }, ПО { $vp } ({ $box })
    { $text }
smashup-sheet-card = 🃏 <b>{ $name }</b> — { $kind ->
    [minion] приспешник, сила { $power }
   *[action] { $special ->
        [true] действие, спецсвойство
       *[false] действие
    }
} · { $faction } · ×{ $copies }
    { $text }
smashup-faction-title = 🧩 <b>{ $name }</b> ({ $box })
smashup-faction-card = • <b>{ $label }</b> ×{ $copies }: { $text }
smashup-faction-kitty-cats-about = переманивают чужих приспешников на ход, а остальных делают вредными
smashup-faction-princesses-about = мало приспешников, зато все силы 5, и действия, что двигают, берегут и возвращают их
smashup-faction-fairies-about = в каждой карте выбор из двух: лишние розыгрыши, карты и сила, что меняется
smashup-faction-mythic-horses-about = табун: приспешники сильнее рядом с другими вашими на той же базе
smashup-faction-minions-of-cthulhu-about = сила из Безумия: берут его, раздают и призывают приспешников обратно
smashup-faction-elder-things-about = огромные приспешники, что раздают Безумие всем остальным
smashup-faction-innsmouth-about = десять копий Местных: чем их больше на базе, тем они сильнее
smashup-faction-miskatonic-university-about = учёные: берут карты, роются в колоде и лечат от Безумия

smashup-option-draft = 🧩 Фракции: { $draft ->
    [random] случайно
   *[snake] выбором
}
smashup-option-goal = 🏆 До { $n } ПО
smashup-option-turn-timer = ⏱ Ход: { $state }
smashup-option-response-timer = ⏳ Ответ: { $state }
smashup-lobby-boxes = 📦 В игре: { $boxes }
smashup-lobby-madness = 🌀 С Безумием (коробка про Ктулху).
smashup-lobby-goal = 🏆 Побеждает первый, у кого { $n } ПО.

smashup-minion-label = { $name } ({ $power })
smashup-option-base = 🏰 { $base } ({ $total }/{ $bp })
smashup-option-minion-mine = { $label } · { $base }
smashup-option-minion = { $label } · { $player } · { $base }

smashup-board-title = { $title } · до { $goal } ПО
smashup-board-draft = <b>Выбор фракций:</b> { $order }
smashup-draft-pick = { $player }
smashup-draft-then = { " " }→{ " " }
smashup-draft-pick-now = <u>{ $player }</u>
smashup-board-drafted = { "    " }{ $player }: { $factions }
smashup-board-player = <b>{ $player }</b> { $vp } ПО · ✋{ $hand } · 🂠{ $deck } · 🗑{ $discard }{ $on ->
    [true] { " " }· 🌀{ $madness }
   *[false] { "" }
}
smashup-board-factions = ({ $factions })
smashup-board-left = (вне игры)
smashup-board-base = 🏰 <b>{ $base }</b> { $total }/{ $bp } · ПО { $vp }
smashup-board-base-scoring = 💥 <b>{ $base }</b> { $total }/{ $bp } · ПО { $vp } — захват
smashup-board-base-text = { "    " }<i>{ $text }</i>
smashup-board-base-actions = { "    " }На базе: { $cards }
smashup-board-side = { "    " }{ $player } <b>{ $power }</b>: { $minions }
smashup-board-count = { $count ->
    [one] { $count } приспешник
    [few] { $count } приспешника
   *[many] { $count } приспешников
}
smashup-board-with = { $label } [{ $cards }]
smashup-board-decks = 🂠 Баз в колоде: { $bases }{ $on ->
    [true] { " " }· 🌀 Колода Безумия: { $madness }
   *[false] { "" }
}
smashup-board-plays = Ещё можно сыграть: { $plays }
smashup-board-window = ⚡ Я первый! { $timing ->
    [after] База { $base } захвачена
   *[before] Сейчас будет захвачена база { $base }
}: ждём { $players }.
smashup-board-won = 🏆 Победа: { $players }!
smashup-plays-minion = { $count ->
    [one] { $count } приспешник
    [few] { $count } приспешника
   *[many] { $count } приспешников
}
smashup-plays-action = { $count ->
    [one] { $count } действие
    [few] { $count } действия
   *[many] { $count } действий
}
smashup-plays-either = { $count ->
    [one] { $count } приспешник или действие
    [few] { $count } приспешника или действия
   *[many] { $count } приспешников или действий
}
smashup-plays-none = больше нечего — нажмите «Конец хода»

smashup-hand-title = { $title } — { $chat }
smashup-hand-not-seated = Вы не за этим столом.
smashup-hand-over = { $won ->
    [true] 🏆 Победа! У вас { $vp } ПО.
   *[false] Игра окончена: у вас { $vp } ПО.
}
smashup-hand-left = Вы вышли из этой игры.
smashup-hand-me = 🧩 { $factions } · <b>{ $vp }</b>/{ $goal } ПО
smashup-hand-faction = • <b>{ $name }</b>: { $about }
smashup-button-read = 📖 { $name }
smashup-hand-asked = ❓ Вопрос к вам:
smashup-hand-your-turn = ▶ <b>Ваш ход.</b> Ещё можно сыграть: { $plays }. Нажмите на карту — будет видно, что она делает и куда её можно сыграть.
smashup-hand-waiting = ⏳ Ждём: { $players }.
smashup-hand-wait = ⏳ Сейчас не ваш ход.
smashup-hand-empty = Рука пуста.
smashup-hand-cards = <b>Ваша рука ({ $count }):</b>
smashup-hand-card = • { $label }{ $kind ->
    [minion] { "" }
    [special] { " " }⚡
   *[action] { " " }📜
}
smashup-hand-selected = <b>{ $label }</b>
    { $text }
    Куда её сыграть?
smashup-button-target = ▶ { $label }
smashup-button-play = Сыграть
smashup-button-talent = ✨ Талант: { $name }
smashup-button-end = ⏭ Конец хода
smashup-post-scoring = 🚩 <b>Захват: { $base }</b>
smashup-post-tie = ⚖️ { $text }
smashup-button-playable = ✅ { $label }
smashup-hand-selected-idle = <b>{ $label }</b>
    { $text }
    Сейчас её не сыграть.
smashup-final-score = { $score } ПО
smashup-ev-back = 👋 { $player } снова в игре.

## Карты в Mini App: подписи нарисованных карт и баз, значки фракций

smashup-art-minion-says = Приспешник, сила { $power }.
smashup-art-kind = { $kind ->
    [minion] Приспешник
    [special] ⚡ Спецдействие
   *[action] 📜 Действие
}
smashup-art-card = { $name } ({ $kind ->
    [minion] приспешник, сила { $power }
    [special] спецдействие
   *[action] действие
}; { $faction }): { $text }
smashup-art-faction = { $emoji } { $name }
smashup-art-winner = 🏆 { $name }
smashup-art-counts = ✋{ $hand } · 🂠{ $deck } · 🗑{ $discard }{ $on ->
    [true] { " " }· 🌀{ $madness }
   *[false] { "" }
}
smashup-art-vp = { $vp }/{ $goal } ПО
smashup-art-base-vp = 🏆 { $vp }
smashup-art-total = { $total }/{ $bp }
smashup-art-on-base = На базе: { $cards }
smashup-art-side = { $player } — сила { $power }
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

## The coach's hints (one line each, after «💡»): the move, and why
smashup-hint-wins = Сыграйте карту «{ $card }» на базу «{ $base }»: база доходит до предела, и вы на первом месте
smashup-hint-first = Сыграйте карту «{ $card }» на базу «{ $base }»: там это первое место
smashup-hint-breaks = Сыграйте карту «{ $card }» на базу «{ $base }»: база доходит до предела
smashup-hint-minion = Сыграйте карту «{ $card }» на базу «{ $base }»: там сила { $power } значит больше всего
smashup-hint-boost = Сыграйте карту «{ $card }» на приспешника «{ $minion }»: это помогает вашему приспешнику
smashup-hint-strike = Сыграйте карту «{ $card }» на приспешника «{ $minion }»: удар по приспешнику соперника
smashup-hint-action-base = Сыграйте карту «{ $card }» на базу «{ $base }»: там эта карта значит больше всего
smashup-hint-action = Сыграйте карту «{ $card }»: сейчас это полезнее всего
smashup-hint-madness = Сыграйте карту «{ $card }»: вне руки она не отнимает ПО
smashup-hint-talent = Используйте талант карты «{ $card }»: он не тратит розыгрыш
smashup-hint-end = Закончите розыгрыши: больше нечего выгодно сыграть
smashup-hint-move = Сделайте этот ход: это выбор знатока
