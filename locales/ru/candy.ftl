## Конфетная империя: персонажи, объявления судьи, вопросы и отказы (русский).
## $player, $target, $by, $partner — имена игроков; $card и $discarded — названия карт
## (бот показывает карту именем её персонажа); $character — имя персонажа.
## Пол игрока не угадываем: только настоящее время и нейтральные обороты.

candy-n-cards = { $count ->
    [one] { $count } карта
    [few] { $count } карты
   *[many] { $count } карт
}

candy-n-cards-acc = { $count ->
    [one] { $count } карту
    [few] { $count } карты
   *[many] { $count } карт
}

candy-n-candies = { $score ->
    [one] { $score } конфета
    [few] { $score } конфеты
   *[many] { $score } конфет
}

candy-n-points = { $points ->
    [one] { $points } очко
    [few] { $points } очка
   *[many] { $points } очков
}

candy-n-snatchers = { $count ->
    [one] { $count } Отнимашу
    [few] { $count } Отнимаши
   *[many] { $count } Отнимаш
}

## Персонажи: имена и короткие правила

candy-card-boss = Авторитет
candy-card-boss-rule = По желанию: взять 3 карты из колоды, затем вернуть любые 2 карты из руки на верх колоды в выбранном порядке. После этого в конце хода добора нет.
candy-card-lawyer = Адвокат
candy-card-lawyer-rule = Разыгрывается в открытую в сброс: можно просмотреть сброс, забрать оттуда одну карту в свою империю и применить её как только что сыгранную. Этого же Адвоката вернуть нельзя.
candy-card-detective = Детектив
candy-card-detective-rule = Обязательно: каждый другой игрок убирает из своей империи одного Конфетного вора, Скупщика конфет или Авторитета на свой выбор.
candy-card-pickpocket = Карманник
candy-card-pickpocket-rule = В конце игры каждые два Карманника в империи приносят ещё 2 конфеты.
candy-card-candy_thief = Конфетный вор
candy-card-candy_thief-rule = Разыгрывается в открытую в сброс: перенесите любую карту из чужой империи в свою. Свойство этой карты не срабатывает.
candy-card-hitman = Наёмник
candy-card-hitman-rule = По желанию: убрать в сброс одну карту из любой империи, включая свою. Похитителя трогать нельзя.
candy-card-snatcher = Отнимаша
candy-card-snatcher-rule = Когда на вас направлен Судья или Полицейский, сбросьте двух незащищённых Отнимаш из своей империи — и способность отменяется. Против Хитрого полицейского не помогает.
candy-card-policeman = Полицейский
candy-card-policeman-rule = По желанию: забрать в свою империю одного Карманника или одну Отнимашу из чужой империи. Свойство забранной карты не срабатывает.
candy-card-kidnapper = Похититель
candy-card-kidnapper-rule = Обязательно: назовите персонажа — все его карты уходят из всех империй, и до конца игры его нельзя выложить в империю или забрать из сброса. Не действует, пока у кого-то пустая рука.
candy-card-candy_buyer = Скупщик конфет
    .button = Скупщик
candy-card-candy_buyer-rule = В конце игры: по 2 конфеты за каждую Отнимашу и каждого Конфетного вора в империи. Считается только один Скупщик.
candy-card-judge = Судья
candy-card-judge-rule = Обязательно: обменяйтесь всеми картами руки с другим игроком. У кого после обмена 2 карты, тот добирает третью. Если колода не может дать эту карту, обмена нет.
candy-card-trader = Торгаш
candy-card-trader-rule = Способности нет — зато конфет много.
candy-card-sly_cop = Хитрый полицейский
    .button = Хитрый коп
candy-card-sly_cop-rule = Обязательно: заберите в свою империю всех Отнимаш из сброса; если там их нет — до двух Отнимаш у игрока, у которого их больше всех. Заблокировать нельзя.

## Выборы, режимы и настройки стола

candy-choice-take = Взять 3 карты
candy-mode-defenceless = Беззащитность
candy-mode-no_limits = Без границ
candy-mode-open_discard = Всезнайка
candy-option-reaction_window_ms = ⚡ Окно блока: { $n } с
candy-option-turn_timer_ms = ⏱ Таймер хода: { $n ->
    [0] нет
   *[other] { $n } с
}
candy-option-team_game = 👥 Команды: { $state }
candy-option-big_game = 🏆 Большая игра: { $state }
candy-option-break_ms = ☕ Пауза: { $n } с
candy-option-defenceless = 🛡 Беззащитность: { $state }
candy-option-no_limits = ♾ Без границ: { $state }
candy-option-open_discard = 👁 Всезнайка: { $state }
candy-protected = под защитой
candy-score-line = { $score } = карты { $cards } + Скупщик { $buyer } + Карманники { $pickpockets } + комбинации { $combos }

candy-rules = <b>Конфетная империя коротко</b>
    Соберите самую сладкую империю. У каждого на руке 3 карты; в свой ход сделайте одно:
    • выложите карту в свою империю (её способность срабатывает — её можно не применять, если она не обязательная) или сыграйте Конфетного вора или Адвоката в открытую в сброс ради способности;
    • сбросьте карту взакрытую и защитите одну карту своей империи: её больше ничто не тронет, а конфеты и комбинации она по-прежнему приносит;
    • просто сбросьте карту взакрытую.
    Затем доберите до 3 карт (после Авторитета — нет). Сброс закрыт: заглянуть в него можно только по свойству карты.
    Две Отнимаши в империи отменяют направленного на вас Судью или Полицейского — успейте в окно блока.
    Игра кончается, когда ход переходит к игроку с пустой рукой. Подсчёт: конфеты на картах империи; +2 за каждую Отнимашу и Конфетного вора при Скупщике; +2 за каждую пару Карманников; и пары: Скупщик+Вор 5, Полицейский+Отнимаша 3, Судья+Наёмник 7, Адвокат+Авторитет 3, Похититель+Карманник 5, Детектив+Хитрый полицейский 7 (две последние — при 3–4 игроках). Больше всех конфет — победа; при равенстве побеждают все лидеры.
    Настройки: командная игра (4 игрока, партнёры через одного), большая игра (5 партий, места дают 3/2/1 очка), Беззащитность, Без границ, Всезнайка.
    В боте: в личном чате со мной нажмите карту, затем ход; выборы способностей — кнопками там же. Кнопка блока появляется только у того, на кого направлен Судья или Полицейский, и только пока открыто окно.

## Объявления судьи (события движка)

candy-ev-started = Конфетная война начинается! Первый ход — за игроком { $player }; в колоде { candy-n-cards }.
candy-ev-big-game-started = Партия { $game } из { $games }: первый ход — за игроком { $player }.
candy-ev-setup-discard = В сброс взакрытую { $count ->
    [one] уходит
   *[other] уходят
} { candy-n-cards }.
candy-ev-played = { $player } выкладывает в свою империю карту «{ $card }».
candy-ev-played-for-ability = { $player } открыто сбрасывает карту «{ $card }» ради способности.
candy-ev-protected = { $player } сбрасывает карту взакрытую; под защитой теперь «{ $card }».
candy-ev-protected-open = { $player } сбрасывает карту «{ $discarded }»; под защитой теперь «{ $card }».
candy-ev-discarded = { $player } сбрасывает карту взакрытую.
candy-ev-discarded-open = { $player } сбрасывает карту «{ $card }».
candy-ev-declined = { $player } не применяет способность карты «{ $card }».
candy-ev-no-effect = Карте «{ $card }» игрока { $player } нечего делать.
candy-ev-drew = { $player } добирает { candy-n-cards-acc }.
candy-ev-drew-card = Вам приходит «{ $card }».
candy-ev-hand-limit = Лишние карты: { candy-n-cards } из руки игрока { $player } { $count ->
    [one] замешивается
   *[other] замешиваются
} в колоду.
candy-ev-boss-took = Авторитет игрока { $player } берёт из колоды { candy-n-cards-acc }.
candy-ev-boss-returned = { $player } кладёт на верх колоды { candy-n-cards-acc }.
candy-ev-lawyer-looks = Адвокат игрока { $player } изучает сброс…
candy-ev-lawyer-took = Адвокат игрока { $player } достаёт из сброса карту «{ $card }».
candy-ev-thief-took = Конфетный вор игрока { $player } уводит карту «{ $card }» из империи игрока { $target }.
candy-ev-thief-back = «{ $card }» игрока { $player } возвращается в сброс.
candy-ev-hitman = Наёмник игрока { $player } убирает карту «{ $card }» из империи игрока { $target }.
candy-ev-policeman = Полицейский игрока { $player } забирает карту «{ $card }» из империи игрока { $target }.
candy-ev-detective = Детектив игрока { $player } берётся за дело: каждый другой игрок отдаёт Конфетного вора, Скупщика конфет или Авторитета.
candy-ev-detective-gave = { $player } отдаёт карту «{ $card }».
candy-ev-kidnapped = Похититель игрока { $player } называет персонажа «{ $character }»: из империй { $count ->
    [one] уходит
   *[other] уходят
} { candy-n-cards }, и до конца игры этот персонаж под запретом.
candy-ev-kidnapper-idle = Похититель игрока { $player } бездействует: у игрока { $target } пустая рука.
candy-ev-judge-swapped = Судья игрока { $player }: обмен картами руки с игроком { $target }.
candy-ev-judge-skipped = Судье игрока { $player } не с кем меняться.
candy-ev-sly-cop-discard = Хитрый полицейский игрока { $player } достаёт из сброса { candy-n-snatchers }.
candy-ev-sly-cop-took = Хитрый полицейский игрока { $player } забирает { candy-n-snatchers } у игрока { $target }.
candy-ev-window-open = «{ $card }» игрока { $by } направлен на игрока { $player } — две Отнимаши могут это отменить!
candy-ev-blocked = Блок! { $player } сбрасывает двух Отнимаш, и «{ $card }» игрока { $by } не срабатывает.
candy-ev-not-blocked = { $player } не блокирует.
candy-ev-timeout = Время вышло: за игрока { $player } решает бот.
candy-ev-left = { $player } покидает стол; из руки под колоду { $count ->
    [one] уходит
   *[other] уходят
} { candy-n-cards }. Империя остаётся на столе.
candy-ev-game-over = Игра окончена — считаем конфеты!
candy-ev-score = { $player }: { candy-n-candies }.
candy-ev-team-score = { $player } и { $partner }: вместе { candy-n-candies }.
candy-ev-won = 🏆 Победа за игроком { $player }: { candy-n-candies }!
candy-ev-team-won = 🏆 Победа за командой { $player } и { $partner }: { candy-n-candies }!
candy-ev-place = { $player }: место { $place }, { candy-n-points }.
candy-ev-match-won = 🏆 Большая игра — победа за игроком { $player }: { candy-n-points }, всего { candy-n-candies }.

## Вопросы

candy-prompt-boss-use = Применить Авторитета — взять 3 карты из колоды?
candy-prompt-boss-return = Выберите { $count ->
    [one] карту
    [few] { $count } карты
   *[many] { $count } карт
}, чтобы вернуть на верх колоды: выбранная первой окажется сверху.
candy-prompt-lawyer = Выберите карту из сброса для своей империи.
candy-prompt-thief = Какую карту уводит Конфетный вор?
candy-prompt-hitman = Какую карту убирает Наёмник?
candy-prompt-policeman = Кого забирает Полицейский — Карманника или Отнимашу?
candy-prompt-detective = Детектив игрока { $player }: какую карту вы отдаёте?
candy-prompt-kidnapper = Какого персонажа забирает Похититель?
candy-prompt-judge = С кем Судья меняет карты руки?
candy-prompt-sly-cop = У кого Хитрый полицейский забирает Отнимаш?
candy-prompt-skip = Не применять

## Отказы

candy-err-bad-action = Такого хода нет.
candy-err-bad-options = Такие настройки стола не подходят.
candy-err-player-count = В «Конфетной империи» игроков — от { $min } до { $max }.
candy-err-team-needs-four = Для командной игры нужно ровно 4 игрока.
candy-err-big-game-needs-three = Для большой игры нужно не меньше 3 игроков.
candy-err-duplicate-player = У каждого игрока одно место.
candy-err-not-a-player = Вы не играете за этим столом.
candy-err-has-left = Вы уже вышли из этой игры.
candy-err-game-over = Игра уже окончена.
candy-err-between-games = Дождитесь начала следующей партии.
candy-err-not-between-games = Партия уже идёт.
candy-err-not-your-turn = Сейчас не ваш ход.
candy-err-already-acted = В этот ход действие уже сделано.
candy-err-answer-first = Сначала доиграйте способность карты.
candy-err-wait-reaction = Подождите: открыто окно блока.
candy-err-not-in-hand = Этой карты нет у вас в руке.
candy-err-banned = Персонаж «{ $character }» под запретом Похитителя: его можно только сбросить — просто так или чтобы защитить карту.
candy-err-no-discard-ability = В сброс ради способности играют только Конфетного вора или Адвоката.
candy-err-no-protecting = Режим «Беззащитность»: защищать карты нельзя.
candy-err-nothing-to-protect = В вашей империи нечего защищать.
candy-err-not-in-empire = Защитить можно только карту своей империи.
candy-err-already-protected = Эта карта уже под защитой.
candy-err-no-window = На вас ничего не направлено — блокировать нечего.
candy-err-too-late = Поздно — окно блока закрыто.
candy-err-need-two-snatchers = Для блока нужны две незащищённые Отнимаши в вашей империи.

## В боте: название, набор игроков, доска, рука и кнопки

candy-name = Конфетная империя
candy-emoji = 🍬
candy-about = мафиозная борьба за конфеты на 2–4 игроков: стройте империю, воруйте, защищайте и блокируйте — можно командами или большой игрой
candy-card-label = { $name } { $candies }
candy-option-card-mine = { $label } (у вас)
candy-option-card-of = { $label } ({ $player })

candy-lobby-teams = 👥 Команды сидят через одного: 1-й и 3-й игроки против 2-го и 4-го.
candy-lobby-big-game = 🏆 Большая игра: 5 партий, места дают 3, 2 и 1 очко; играют от 3 человек.
candy-lobby-legend =
    👥 команды — 4 игрока, партнёры через одного
    🏆 большая игра — 5 партий, от 3 игроков
    🛡 Беззащитность — карты не защищают
    ♾ Без границ — двое играют полной колодой со всеми комбинациями
    👁 Всезнайка — сброс открыт всем
candy-lobby-modes = Режимы: { $modes }

candy-board-title-big = { $title } · партия { $game } из { $games }
candy-board-counts = 🂠 Колода: { $deck } · 🗑 Сброс: { $discard }
candy-board-settings = ⚙ { $settings }
candy-board-timer = ⏱ { $n } с на ход
candy-board-banned = 🚫 Под запретом: { $characters }
candy-board-discard = 👁 В сбросе: { $cards }
candy-board-pile-card = { $count ->
    [1] { $name }
   *[other] { $name } ×{ $count }
}
candy-board-player = <b>{ $player }</b> · 🃏 { $count } · 🍬 { $score }
candy-board-team-member = { $team } { $line }
candy-team-0 = 🔴
candy-team-1 = 🔵
candy-board-left = 🚪 вне игры
candy-board-empire = { "      " }{ $cards }
candy-board-empire-empty = пусто
candy-board-protected = 🛡{ $label }
candy-board-combos = { "      " }✨ { $combos }
candy-board-combo = { $count ->
    [1] { $a } + { $b }: +{ $candies }
   *[other] { $a } + { $b } ×{ $count }: +{ $candies }
}
candy-board-breakdown = { "      " }🧮 { $line }
candy-board-team = { $team } { $player } + { $partner }: 🍬 { $score }
candy-board-reaction = ⚡ Окно блока: { $player } может отменить карту «{ $card }» игрока { $by } двумя Отнимашами ({ $seconds } с).
candy-board-break = ☕ Партия { $game } из { $games } сыграна. Следующая начнётся автоматически — или нажмите «Следующая партия».
candy-board-won = 🏆 { $count ->
    [one] Побеждает { $players }!
   *[other] Победу делят: { $players }!
}
candy-board-match-won = 🏆 Большая игра: { $count ->
    [one] побеждает { $players }!
   *[other] победу делят { $players }!
}
candy-board-standings = <b>Большая игра после партии { $game } из { $games }:</b>
candy-board-standing = { $player }: { candy-n-points }, { candy-n-candies }; места: { $places }

candy-hand-title = { $emoji } { $name } · { $chat }
candy-hand-not-seated = Вы не играете за этим столом.
candy-hand-left = 🚪 Вы вне игры; ваша империя остаётся на столе.
candy-hand-break = ☕ Партия { $game } из { $games } сыграна — скоро следующая.
candy-hand-reaction = ⚡ <b>«{ $card }» игрока { $by } направлен на вас!</b> Две незащищённые Отнимаши отменят его — у вас { $seconds } с.
candy-hand-reaction-take = Полицейский хочет забрать карту «{ $card }».
candy-hand-your-turn = ▶ <b>Ваш ход!</b> Выберите карту.
candy-hand-card-moves = Карта <b>{ $label }</b>: что с ней сделать?
candy-hand-protect-which = Сбросить карту <b>{ $label }</b> взакрытую и защитить — какую карту своей империи?
candy-hand-others-answer = ⏳ Ждём ответа других игроков.
candy-hand-waiting = ⏳ Сейчас не ваш ход.
candy-hand-cards = Ваши карты ({ $count }):
candy-hand-card = • <b>{ $label }</b> — { $rule }
candy-hand-card-banned = • 🚫 <b>{ $label }</b> — под запретом Похитителя: её можно только сбросить или защитить ею.
candy-hand-no-cards = Карт на руке нет.
candy-hand-empire = 🏰 Ваша империя: 🍬 { $score }
candy-hand-over = { $won ->
    [true] 🏆 Игра окончена — победа ваша!
   *[false] Игра окончена: побеждает { $winners }.
} Ваши конфеты: { $line }
candy-hand-match-over = { $won ->
    [true] 🏆 Большая игра окончена — победа ваша!
   *[false] Большая игра окончена: побеждает { $winners }.
} У вас { candy-n-points } и { candy-n-candies }.

candy-button-empire = 🏰 В империю
candy-button-ability = 🎭 В сброс ради способности
candy-button-protect = 🛡 Сбросить и защитить…
candy-button-protect-card = 🛡 { $label }
candy-button-discard = 🗑 Просто сбросить
candy-button-block = ✋ Блок: сбросить 2 Отнимаши
candy-button-allow = 👌 Не блокировать
candy-button-next-game = ▶ Следующая партия
candy-answer-blocked = ✋ Заблокировано!
candy-final-score = { $score } { $score ->
    [one] конфета
    [few] конфеты
   *[many] конфет
}
candy-option-away_after_timeouts = 💤 Нет на месте после { $n } пропущенных ходов подряд
candy-option-away_autoplay_ms = 💤 За отсутствующего ход через { $n } с
candy-ev-away = 💤 { $player } пропускает ход за ходом: пока за этого игрока ходит бот — быстро; любое нажатие, и игрок снова в игре.
candy-ev-away-you = 💤 Ваши ходы истекают один за другим, и пока за вас ходит бот. Нажмите любую кнопку — и вы снова в игре.
candy-ev-back = 👋 { $player } снова в игре.
candy-flag-away = 💤
candy-hand-card-name = • <b>{ $label }</b>
candy-hand-tap-for-rule = 📖 Нажмите карту — здесь появится её правило.

## Карты в Mini App: подписи нарисованных карт, портреты персонажей

candy-art-card = { $label }: { $rule }
candy-art-banned-card = { $label } (под запретом Похитителя)
candy-art-banned = Под запретом
candy-art-protect = 🛡 Сбросить и защитить карту «{ $label }»
candy-art-deck = Колода
candy-art-discard = Сброс: { $count }
candy-art-counts = Колода: { $deck }, сброс: { $discard }.
candy-art-seat = { $player } · 🃏 { $count } · 🍬 { $score }
candy-art-winner = 🏆 { $line }
candy-art-emoji-boss = 🎩
candy-art-emoji-lawyer = 💼
candy-art-emoji-detective = 🔍
candy-art-emoji-pickpocket = 👛
candy-art-emoji-candy_thief = 🦝
candy-art-emoji-hitman = 🗡️
candy-art-emoji-snatcher = 🤏
candy-art-emoji-policeman = 👮
candy-art-emoji-kidnapper = 🥷
candy-art-emoji-candy_buyer = 💰
candy-art-emoji-judge = ⚖️
candy-art-emoji-trader = 🍫
candy-art-emoji-sly_cop = 🕵️

## The coach's hints (one line each, after «💡»): the move, and why
candy-hint-empire = Выложите в империю карту «{ $card }»: на { $count ->
    [one] { $count } конфету
    [few] { $count } конфеты
   *[many] { $count } конфет
} больше против лучшего соперника
candy-hint-empire-least = Выложите в империю карту «{ $card }»: самый дешёвый из ваших ходов
candy-hint-ability = Выложите в империю карту «{ $card }»: способность окупается сейчас
candy-hint-thief = Сыграйте в сброс карту «{ $card }»: крадёт лучшую доступную карту
candy-hint-lawyer = Сыграйте в сброс карту «{ $card }»: возвращает карту из сброса
candy-hint-protect = Защитите карту «{ $protected }» картой «{ $card }»: карта в безопасности
candy-hint-discard = Сбросьте карту «{ $card }»: для вас она стоит меньше всех
candy-hint-block = Блокируйте: без блока потеря больше
candy-hint-allow = Пропустите: блок обойдётся дороже, чем сбережёт
candy-hint-move = { $move ->
    [next_game] Начните следующую партию
   *[other] Сделайте этот ход
}: это выбор знатока
