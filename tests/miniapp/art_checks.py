"""What every game's drawn pieces owe the Mini App's page (``bot.miniapp.art``),
checked on the pieces drawn for one view: each a well-formed, self-contained
``<svg>`` with a viewBox, nothing in it that runs or loads, text kept inside
the picture, names escaped once, taps that are the viewer's legal actions;
and random tables on the real engine to draw them at."""

from __future__ import annotations

import html
import random
import xml.etree.ElementTree as ET
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from bot.adapter import Ctx
from bot.i18n import Translator
from bot.miniapp.art import ROWS, Piece
from bot.miniapp.art._svg import BOLD, WIDTH, dim
from engine import registry
from engine.core import Leave, Moves, Tick, plain

T = Translator()
LANGS = ("ru", "en")
SVG = "{http://www.w3.org/2000/svg}"
# names that need escaping, and a tag that must stay words: screens keep names HTML-escaped
NAMES = ("Анна & <Ко>", "Bob \"the\" 'Builder'", "Вера-Виктория Длинноимённая", "Глеб <b>")
UNSAFE = ("script", "foreignobject", "image", "use", "a", "iframe", "style")
DIMMED = dim("").removesuffix("</g>")  # how the art fades what may not be played now


def name_of(p: int) -> str:
    """The name ``ctx`` gives player ``p``, as plain text."""
    return NAMES[(p - 1) % len(NAMES)]


def ctx(lang: str, encode: Callable[[Any], str] = str) -> Ctx:
    """A context whose names need escaping, HTML-escaped as the bot's are."""
    names = {p: html.escape(name_of(p)) for p in range(1, 12)}
    return Ctx(t=T, lang=lang, chat_id=-1, game_id="g", names=names, encode=lambda a: [encode(x) for x in a])


def tree(piece: Piece) -> ET.Element:
    """The piece's SVG, parsed; fails on anything not well-formed."""
    return ET.fromstring(piece.svg)


def taps_in(root: ET.Element) -> list[tuple[ET.Element, int]]:
    """The elements a tap presses, each with its ``data-tap`` index."""
    return [(el, int(el.attrib["data-tap"])) for el in root.iter() if "data-tap" in el.attrib]


def texts(piece: Piece) -> list[str]:
    """Every line of text the piece shows."""
    return [t.text or "" for t in tree(piece).iter(f"{SVG}tspan")]


def shown(piece: Piece) -> str:
    """The piece's text as one string (wrapped lines joined by spaces)."""
    return " ".join(texts(piece))


def dimmed(piece: Piece) -> bool:
    return DIMMED in piece.svg


def check(pieces: Sequence[Piece], legal: Sequence[Any], hand_dims: bool = False) -> list[Any]:
    """The contract, piece by piece; returns every action some tap offers.  With
    ``hand_dims``, a piece of the hand is faded exactly when it has no tap."""
    allowed = list(plain(legal))
    offered = []
    keys = [p.key for p in pieces]
    assert len(set(keys)) == len(keys) and all(keys), keys
    for piece in pieces:
        assert piece.row in ROWS and piece.label.strip(), piece
        assert "&amp;" not in piece.label and "&lt;" not in piece.label, piece.label  # plain text
        root = tree(piece)
        box = _box(root)
        _safe(root)
        _inside(root, box, piece.key)
        words = "".join(root.itertext())
        assert "&amp;" not in words and "&lt;" not in words, words  # escaped once, not twice
        used = {i for _, i in taps_in(root)}
        assert used == set(range(len(piece.taps))), (piece.key, used, len(piece.taps))
        for choices in piece.taps:
            assert choices, piece.key
            for choice in choices:
                assert choice.label.strip(), choice
                assert choice.action in allowed, (piece.key, choice)
                offered.append(choice.action)
        if hand_dims and piece.row == "hand":
            assert dimmed(piece) != bool(piece.taps), f"{piece.key}: faded exactly when it has no tap"
    return offered


def _box(root: ET.Element) -> list[float]:
    """The ``<svg>``'s viewBox: x, y, width, height."""
    assert root.tag == f"{SVG}svg", root.tag
    box = [float(x) for x in (root.get("viewBox") or "").split()]
    assert len(box) == 4 and box[2] > 0 and box[3] > 0, root.get("viewBox")
    return box


def _safe(root: ET.Element) -> None:
    """No script, no foreign content, no handler, nothing loaded from elsewhere."""
    for el in root.iter():
        tag = el.tag.split("}")[-1].lower()
        assert tag not in UNSAFE, tag
        for k, v in el.attrib.items():
            name = k.split("}")[-1].lower()
            assert not name.startswith("on"), k
            assert name != "href", k
            assert "url(" not in v.lower() and "javascript:" not in v.lower(), v


def _plain_texts(root: ET.Element) -> Iterator[ET.Element]:
    """The ``<text>`` elements whose place is their x and y (none under a transform)."""
    if root.get("transform") is not None:
        return
    if root.tag == f"{SVG}text":
        yield root
        return
    for child in root:
        yield from _plain_texts(child)


def _inside(root: ET.Element, box: list[float], key: str) -> None:
    """Every line of text within the picture, by the drawing's own letter widths
    (a line squeezed into a ``textLength`` is that wide)."""
    left_edge, top, width, height = box
    for t in _plain_texts(root):
        size = float(t.get("font-size", "0"))
        wide = BOLD if t.get("font-weight") == "bold" else WIDTH
        anchor = t.get("text-anchor", "start")
        y = float(t.get("y", "0"))
        for span in t.iter(f"{SVG}tspan"):
            y += float(span.get("dy", "0"))
            x = float(span.get("x", t.get("x", "0")))
            line = span.text or ""
            assert line.strip(), f"{key}: an empty line"
            w = float(span.get("textLength", len(line) * size * wide))
            left = {"start": x, "middle": x - w / 2, "end": x - w}[anchor]
            assert left >= left_edge - 0.5 and left + w <= left_edge + width + 0.5, (key, line, left, w, box)
            assert top + size * 0.7 <= y <= top + height + 0.5, (key, line, y, box)


def _moves(legal: Sequence[Any], rng: random.Random) -> list[Any]:
    """A player's moves but leaving, and one answer of their prompt (if any) at random."""
    moves = [a for a in plain(legal) if not isinstance(a, Leave)]
    if isinstance(legal, Moves) and legal.answers:
        moves.append(legal.answers[rng.randrange(len(legal.answers))])
    return moves


def walk(
    game: str,
    players: int,
    seed: int,
    options: Any = None,
    steps: int = 3000,
    good: Callable[[Any], bool] | None = None,
) -> Iterator[Any]:
    """The states of a random table on the real engine, the first one first: random
    legal moves (never leaving), half the time one that ``good`` says gets on
    with the game; time let pass now and then and whenever nobody can move."""
    g = registry.get(game)
    rng = random.Random(seed)
    state, _ = g.start(list(range(1, players + 1)), seed, g.options(options), 0)
    now = 0
    for _ in range(steps):
        yield state
        if g.outcome(state).status == "over":
            return
        due = g.next_deadline(state)
        moves = [a for p in range(1, players + 1) for a in _moves(g.legal(state, p), rng)]
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
