"""What every game's drawn pieces owe the Mini App's page (``bot.miniapp.art``):
well-formed SVG with a viewBox, nothing that runs or loads, text kept inside
the picture, taps that are the viewer's legal actions; and random games to
draw them at."""

from __future__ import annotations

import html
import random
import xml.etree.ElementTree as ET
from collections.abc import Iterator, Sequence
from typing import Any

from bot.adapter import Ctx
from bot.i18n import Translator
from bot.miniapp.art import ROWS, Piece
from bot.miniapp.art._svg import BOLD, WIDTH
from engine import registry
from engine.core import Leave, Moves, Tick, plain

T = Translator()
LANGS = ("ru", "en")
SVG = "{http://www.w3.org/2000/svg}"
NAMES = ("Анна & <Ко>", "Bob \"the\" 'Builder'", "Вера-Виктория Длинноимённая", "Глеб")


def ctx(lang: str, seats: Sequence[int]) -> Ctx:
    """A context whose names need escaping, as the bot's (HTML-escaped) do."""
    names = {p: html.escape(NAMES[i % len(NAMES)]) for i, p in enumerate(seats)}
    return Ctx(t=T, lang=lang, chat_id=-1, game_id="-", names=names)


def name_of(seats: Sequence[int], p: int) -> str:
    """The name ``ctx`` gives player ``p``, as plain text."""
    return NAMES[list(seats).index(p) % len(NAMES)]


def states(name: str, players: int, seed: int, options: Any = None, steps: int = 3000) -> Iterator[Any]:
    """Every state of one random game (nobody leaves), from the first."""
    game = registry.get(name)
    rng = random.Random(seed)
    state, _ = game.start(list(range(1, players + 1)), seed, game.options(options), 0)
    yield state
    for step in range(steps):
        if game.outcome(state).status == "over":
            return
        acts: list[Any] = []
        for p in state.seats:
            legal = game.legal(state, p)
            acts += [a for a in plain(legal) if not isinstance(a, Leave)]
            if isinstance(legal, Moves) and legal.answers:
                acts.append(legal.answers[rng.randrange(len(legal.answers))])
        if not acts:
            due = game.next_deadline(state)
            if due is None:
                return
            state, _ = game.apply(state, Tick(), due)
        else:
            state, _ = game.apply(state, rng.choice(acts), step)
        yield state


def texts(piece: Piece) -> list[str]:
    """Every line of text the piece shows."""
    root = ET.fromstring(piece.svg)
    return [t.text or "" for t in root.iter(f"{SVG}tspan")]


def shown(piece: Piece) -> str:
    """The piece's text as one string (wrapped lines joined by spaces)."""
    return " ".join(texts(piece))


def check(pieces: Sequence[Piece], legal: Sequence[Any]) -> None:
    """Everything a piece owes the page, and its taps the viewer's legal actions."""
    moves = list(plain(legal))
    keys = [p.key for p in pieces]
    assert len(set(keys)) == len(keys) and all(keys), keys
    for piece in pieces:
        assert piece.row in ROWS and piece.label.strip(), piece
        root = ET.fromstring(piece.svg)
        assert root.tag == f"{SVG}svg"
        box = [float(x) for x in (root.get("viewBox") or "").split()]
        assert len(box) == 4 and box[2] > 0 and box[3] > 0, root.get("viewBox")
        _safe(root)
        _inside(root, box[2], box[3], piece.key)
        used = {int(el.get("data-tap", "")) for el in root.iter() if el.get("data-tap") is not None}
        assert used == set(range(len(piece.taps))), (piece.key, used, len(piece.taps))
        for choices in piece.taps:
            assert choices, piece.key
            for choice in choices:
                assert choice.label.strip(), choice
                assert choice.action in moves, (piece.key, choice)
        if piece.row == "hand" and not piece.taps:
            assert "opacity" in piece.svg, f"{piece.key}: an unplayable card is dimmed"


def _safe(root: ET.Element) -> None:
    """No script, no foreign content, no handler, nothing loaded from elsewhere."""
    for el in root.iter():
        tag = el.tag.split("}")[-1].lower()
        assert tag not in ("script", "foreignobject", "image", "use", "a", "style"), tag
        for k, v in el.attrib.items():
            name = k.split("}")[-1].lower()
            assert not name.startswith("on"), k
            assert name != "href", k
            assert "url(" not in v.lower() and "javascript:" not in v.lower(), v


def _inside(root: ET.Element, width: float, height: float, key: str) -> None:
    """Every line of text within the picture, by the drawing's own letter widths."""
    for t in root.iter(f"{SVG}text"):
        size = float(t.get("font-size", "0"))
        wide = BOLD if t.get("font-weight") == "bold" else WIDTH
        anchor = t.get("text-anchor", "start")
        y = float(t.get("y", "0"))
        for span in t.iter(f"{SVG}tspan"):
            y += float(span.get("dy", "0"))
            x = float(span.get("x", t.get("x", "0")))
            line = span.text or ""
            assert line.strip(), f"{key}: an empty line"
            w = len(line) * size * wide
            left = {"start": x, "middle": x - w / 2, "end": x - w}[anchor]
            assert left >= -0.5 and left + w <= width + 0.5, (key, line, left, w, width)
            assert size * 0.7 <= y <= height + 0.5, (key, line, y, height)


def taps_of(pieces: Sequence[Piece]) -> list[Any]:
    return [c.action for p in pieces for choices in p.taps for c in choices]
