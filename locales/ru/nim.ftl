## Ним: пример из docs/architecture.md (русский).
## $player — имя игрока; $count, $left, $n, $cards, $most, $max, $min — числа.

nim-name = Ним
nim-emoji = 🪵
nim-about = по очереди берите из кучки от одной до трёх карт; кто возьмёт последнюю, тот и победил
nim-rules = <b>Ним вкратце</b>
    Одна кучка карт (21, если в лобби не выбрано другое). Кто ходит первым, решает жребий.
    • По очереди каждый игрок берёт из кучки от 1 до 3 карт (в лобби можно разрешить до 5).
    • Побеждает тот, кто возьмёт последнюю карту.
    • Если время хода вышло, за игрока берётся одна карта.
    • Карты вышедшего из игры возвращаются в кучку; последний оставшийся за столом побеждает.

nim-lobby = В кучке { $cards ->
    [one] { $cards } карта
    [few] { $cards } карты
   *[many] { $cards } карт
}; за ход можно взять до { $most }.
nim-button-cards = 🃏 { $n ->
    [one] { $n } карта
    [few] { $n } карты
   *[many] { $n } карт
}
nim-button-most = ✋ до { $n }
nim-button-timer = ⏱ { $s ->
    [0] без таймера
   *[other] { $s } с
}
nim-button-take = Взять { $n }
nim-pile = В кучке: <b>{ $count }</b>
nim-board-player = { $player }: { $count }
nim-hand-your-turn = Ваш ход: сколько карт берёте?

nim-ev-took = { $player }: берёт { $count } (осталось { $left }).
nim-ev-timed-out = { $player }: время хода вышло, за игрока взята одна карта.
nim-ev-won = { $player }: последняя карта — и победа!
nim-ev-player-left = { $player }: выход из игры; карты возвращаются в кучку ({ $count }).

nim-err-bad-action = В Ниме такого хода нет.
nim-err-bad-options = С такими настройками в Ним не сыграть.
nim-err-player-count = Игроков в Ниме — от { $min } до { $max }.
nim-err-not-your-turn = Сейчас не ваш ход.
nim-err-too-many = Можно взять не больше { $max }.
nim-err-over = Игра окончена.

## The coach's hints (one line each, after «💡»): the move, and why
nim-hint-win = Возьмите { $count }: останется { $left }, кратное { $step }, это выигрышный путь
nim-hint-any = Возьмите { $count }: останется { $left }; сейчас ни один ход не выигрывает наверняка, ждите ошибки соперника
nim-hint-move = Сделайте этот ход: это выбор знатока
