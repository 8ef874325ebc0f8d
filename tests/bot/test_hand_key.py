"""A move redraws only the hands whose ``screens.hand_key`` it changed: that is
safe only if equal keys always draw equal messages.  Long seeded games, with
and without Metamorphoses, hold every hand to it after every move."""

from __future__ import annotations

import itertools
from typing import Any

from bot import screens
from bot.games.svintus import ADAPTER
from bot.i18n import Translator
from bot.session import Member, Session
from engine.svintus import GAME
from engine.svintus.models import SvintusOptions, SvintusState
from tests.engine.test_svintus_playouts import play_match

T = Translator()


def _replay(options: SvintusOptions, seed: int, n: int, log: list[tuple[Any, int]]) -> list[SvintusState]:
    s, _ = GAME.start(list(range(1, n + 1)), seed=seed, options=options, now_ms=0)
    states = [s]
    for action, now in log:
        s, _ = GAME.apply(s, action, now)
        states.append(s)
    return states


def _session(state: SvintusState, members: list[Member]) -> Session:
    return Session(chat_id=-1, game_id="g", creator=1, game="svintus", members=members, state=state)


def _key(session: Session, p: int) -> Any:
    s = session.state
    return screens.hand_key(session, ADAPTER, p, GAME.view(s, p), GAME.legal(s, p))


def _check(states: list[SvintusState]) -> int:
    """Equal key ⇒ equal hand, for every player after every move; returns the hands skipped."""
    n = len(states[0].seats)
    members = [Member(id=i, name=f"P{i}") for i in range(1, n + 1)]
    skipped = 0
    for before, after in itertools.pairwise(states):
        old_session, new_session = _session(before, members), _session(after, members)
        for p in before.seats:
            if _key(old_session, p) != _key(new_session, p):
                continue
            skipped += 1
            for lang in ("ru", "en"):
                old, new = (screens.draw_hand(T, lang, s, p) for s in (old_session, new_session))
                # urgency is drawn from the view too: a change that makes a hand urgent redraws it
                assert (old.text, old.digest(), old.urgent) == (new.text, new.digest(), new.urgent), (
                    p,
                    old.text,
                    new.text,
                )
    return skipped


def test_an_unchanged_hand_key_means_an_unchanged_hand_message() -> None:
    skipped = 0
    for seed, n, metamorphoses in (
        (1, 2, False),
        (2, 4, False),
        (3, 6, False),
        (4, 3, True),
        (5, 5, True),
        (9, 8, True),
    ):
        final, log, _ = play_match(seed, n, max_steps=1_500, metamorphoses=metamorphoses)
        skipped += _check(_replay(final.options, seed, n, log))
    assert skipped > 1_000  # and it does save work: most moves leave most hands alone


def test_urgency_is_whom_the_game_waits_on() -> None:
    final, log, _ = play_match(6, 4, max_steps=400, metamorphoses=True)
    members = [Member(id=i, name=f"P{i}") for i in range(1, 5)]
    urgent = 0
    for s in _replay(final.options, 6, 4, log):
        session = _session(s, members)
        waiting = {p for w in GAME.waiting(s) for p in w.players}
        for p in s.seats:
            drawn = screens.draw_hand(T, "en", session, p).urgent
            assert drawn == (p in waiting)
            urgent += drawn
    assert urgent > 100
