"""What every game's art owes, checked on the pieces it draws for one view: each
piece a well-formed, self-contained ``<svg>``; every tap a legal action; words."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from bot.adapter import Ctx
from bot.i18n import Translator
from bot.miniapp.art import ROWS, Piece
from engine import registry
from engine.core import Leave, Moves, Tick, plain

T = Translator()
SVG = "{http://www.w3.org/2000/svg}"
NAMES = {p: f"P{p} &amp; &lt;b&gt;" for p in range(1, 12)}  # escaped, as screens keep names


def ctx(lang: str, encode: Callable[[Any], str] = str) -> Ctx:
    return Ctx(t=T, lang=lang, chat_id=-1, game_id="g", names=NAMES, encode=encode)


def tree(piece: Piece) -> ET.Element:
    """The piece's SVG, parsed; fails on anything not well-formed."""
    return ET.fromstring(piece.svg)


def check_svg(root: ET.Element) -> None:
    assert root.tag == SVG + "svg", root.tag
    box = [float(x) for x in root.attrib["viewBox"].split()]
    assert len(box) == 4 and box[2] > 0 and box[3] > 0, box
    for el in root.iter():
        name = el.tag.rsplit("}", 1)[-1].lower()
        assert name not in ("script", "foreignobject", "image", "use", "a", "iframe"), name
        for attr, value in el.attrib.items():
            attr = attr.rsplit("}", 1)[-1].lower()
            assert not attr.startswith("on"), attr
            assert attr != "href" or value.startswith("#"), value
            assert "url(" not in value.replace(" ", "") or "url(#" in value.replace(" ", ""), value
            assert "javascript:" not in value.lower(), value


def taps_of(root: ET.Element) -> list[tuple[ET.Element, int]]:
    return [(el, int(el.attrib["data-tap"])) for el in root.iter() if "data-tap" in el.attrib]


def check_pieces(pieces: Sequence[Piece], legal: Sequence[Any]) -> list[Any]:
    """The contract, piece by piece; returns every action some tap offers."""
    allowed = list(plain(legal))
    offered = []
    keys = [p.key for p in pieces]
    assert len(set(keys)) == len(keys) and all(keys), keys
    for piece in pieces:
        assert piece.label.strip(), piece
        assert "&amp;" not in piece.label and "&lt;" not in piece.label, piece.label  # plain text
        assert piece.row in ROWS, piece.row
        root = tree(piece)
        check_svg(root)
        shown = "".join(root.itertext())
        assert "&amp;" not in shown and "&lt;" not in shown, shown  # escaped once, not twice
        used = {i for _, i in taps_of(root)}
        assert used == set(range(len(piece.taps))), (used, len(piece.taps))
        for tap in piece.taps:
            assert tap, piece.label
            for choice in tap:
                assert choice.label.strip() and choice.action in allowed, choice
                offered.append(choice.action)
    return offered


def choices(legal: Sequence[Any], rng: random.Random) -> list[Any]:
    """A player's moves but leaving, and one answer of their prompt (if any) at random."""
    moves = [a for a in plain(legal) if not isinstance(a, Leave)]
    if isinstance(legal, Moves) and legal.answers:
        moves.append(legal.answers[rng.randrange(len(legal.answers))])
    return moves


def walk(
    game: str,
    options: dict[str, Any],
    players: int,
    seed: int,
    steps: int,
    good: Callable[[Any], bool] | None = None,
) -> Iterator[Any]:
    """The states of a random table on the real engine: random legal moves (never
    leaving), half the time one that ``good`` says gets on with the game; time
    let pass now and then and whenever nobody can move."""
    g = registry.get(game)
    rng = random.Random(seed)
    state, _ = g.start(list(range(1, players + 1)), seed, g.options(options), 0)
    now = 0
    for _ in range(steps):
        yield state
        if g.outcome(state).status == "over":
            return
        due = g.next_deadline(state)
        moves = [a for p in range(1, players + 1) for a in choices(g.legal(state, p), rng)]
        if not moves or (due is not None and rng.random() < 0.1):
            if due is None:
                return
            now = max(now, due)
            state, _ = g.apply(state, Tick(), now)
            continue
        now += rng.choice((200, 700, 2_000))
        if due is not None and now >= due:
            now = max(due - 1, 0)  # act just before time runs out: the moves are those of now
        better = [a for a in moves if good(a)] if good is not None and rng.random() < 0.5 else []
        state, _ = g.apply(state, rng.choice(better or moves), now)
