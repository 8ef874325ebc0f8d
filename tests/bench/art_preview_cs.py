"""Look at a game's drawn cards as a phone shows them (run on demand).

    python -m tests.bench.art_preview <game> <outdir> [--lang ru|en] [--seed N]

Plays a random game of ``<game>`` to a sample moment (``SAMPLES``: the viewer
has cards to play and the table something on it), draws that viewer's pieces
(``bot.miniapp.art``) and writes one page per theme — ``<game>-light.html``
and ``<game>-dark.html``, Telegram's default colours in its CSS variables —
the table's pieces one under another, the hand's three in a row.  With
``/usr/bin/chromium`` there, each page is also screenshot at a phone's size
(420×900) to ``<game>-<theme>.png``; ``<game>-<theme>-hand.*`` show the
hand alone.
"""

from __future__ import annotations

import argparse
import html
import random
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from bot.adapter import Ctx
from bot.i18n import Translator
from bot.miniapp.art import Piece, drawer
from engine import registry
from engine.core import Leave, Moves, plain

CHROMIUM = "/usr/bin/chromium"
THEMES = {
    "light": {
        "bg-color": "#ffffff",
        "secondary-bg-color": "#efeff3",
        "section-bg-color": "#ffffff",
        "text-color": "#000000",
        "hint-color": "#999999",
        "button-color": "#2481cc",
        "button-text-color": "#ffffff",
    },
    "dark": {
        "bg-color": "#17212b",
        "secondary-bg-color": "#0e1621",
        "section-bg-color": "#17212b",
        "text-color": "#f5f5f5",
        "hint-color": "#708499",
        "button-color": "#5288c1",
        "button-text-color": "#ffffff",
    },
}


def _moves(game: Any, state: Any, p: int, rng: random.Random) -> list[Any]:
    legal = game.legal(state, p)
    found = [a for a in plain(legal) if not isinstance(a, Leave)]
    if isinstance(legal, Moves) and legal.answers:
        found.append(legal.answers[rng.randrange(len(legal.answers))])
    return found


def walk(name: str, players: int, seed: int, ready: Callable[[Any, Any], bool], options: Any = None) -> Any:
    """A random game of ``name`` up to the first state ``ready(game, state)`` likes."""
    game = registry.get(name)
    rng = random.Random(seed)
    state, _ = game.start(list(range(1, players + 1)), seed, game.options(options), 0)
    for step in range(5000):
        if ready(game, state):
            return state
        acts = [a for p in state.seats for a in _moves(game, state, p, rng)]
        if not acts:
            break
        state, _ = game.apply(state, rng.choice(acts), step)
    raise RuntimeError(f"{name}: no sample state by seed {seed}")


def _candy_ready(game: Any, s: Any) -> bool:
    """Player 1 to play, and the empires hold a few cards."""
    moves = plain(game.legal(s, 1))
    return any(a.type == "empire" for a in moves) and sum(len(e) for e in s.empires.values()) >= 7


def _smashup_ready(game: Any, s: Any) -> bool:
    """Player 1 to play cards, and minions on the bases."""
    moves = plain(game.legal(s, 1))
    minions = sum(len(b.minions) for b in s.bases)
    return s.phase == "playing" and any(a.type == "play" for a in moves) and minions >= 6


# game -> how to reach its sample moment from a seed (the viewer: player 1)
SAMPLES: dict[str, Callable[[int], Any]] = {
    "candy": lambda seed: walk("candy", 3, seed, _candy_ready, {"open_discard": True}),
    "smashup": lambda seed: walk(
        "smashup", 3, seed, _smashup_ready, {"draft": "random", "turn_timer_ms": 0, "response_timer_ms": 0}
    ),
}


def pieces(name: str, lang: str, seed: int) -> list[Piece]:
    draw = drawer(name)
    assert draw is not None, f"{name} has no art"
    game = registry.get(name)
    state = SAMPLES[name](seed)
    names = {
        p: html.escape(n) for p, n in zip(state.seats, ("Анна", "Борис & Ко", "Вера", "Глеб"), strict=False)
    }
    ctx = Ctx(t=Translator(), lang=lang, chat_id=-1, game_id="-", names=names)
    return draw(ctx, game.view(state, 1), game.legal(state, 1))


def page(found: list[Piece], theme: str, rows: tuple[str, ...] = ("table", "hand")) -> str:
    """The pieces of ``rows`` on a page of ``theme``'s colours."""
    colours = ";".join(f"--tg-theme-{k}:{v}" for k, v in THEMES[theme].items())
    table = "".join(
        f'<div class="table" title="{html.escape(p.label)}">{p.svg}</div>'
        for p in found
        if p.row == "table" and "table" in rows
    )
    hand = "".join(
        f'<div class="card{" live" if p.taps else ""}" title="{html.escape(p.label)}">{p.svg}</div>'
        for p in found
        if p.row == "hand" and "hand" in rows
    )
    return f"""<!doctype html><html><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<style>
:root{{{colours}}}
body{{margin:0;padding:8px;background:var(--tg-theme-secondary-bg-color);color:var(--tg-theme-text-color);
font-family:system-ui,-apple-system,Roboto,Arial,sans-serif}}
.table svg{{width:100%;display:block;margin-bottom:6px}}
.hand{{display:grid;grid-template-columns:repeat(3,1fr);gap:6px}}
.card svg{{width:100%;display:block}}
</style></head><body>
<div>{table}</div><div class="hand">{hand}</div>
</body></html>"""


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", choices=sorted(SAMPLES))
    parser.add_argument("outdir", type=Path)
    parser.add_argument("--lang", default="ru")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    args.outdir.mkdir(parents=True, exist_ok=True)
    found = pieces(args.game, args.lang, args.seed)
    for theme in THEMES:
        for stem, rows in (
            (f"{args.game}-{theme}", ("table", "hand")),
            (f"{args.game}-{theme}-hand", ("hand",)),
        ):
            out = args.outdir / f"{stem}.html"
            out.write_text(page(found, theme, rows), encoding="utf-8")
            print(out)
            if shutil.which(CHROMIUM):
                shot(out, out.with_suffix(".png"), "420,900")
                print(out.with_suffix(".png"))


def shot(page: Path, png: Path, size: str) -> None:
    """A screenshot of ``page`` in a window of ``size`` ("width,height")."""
    subprocess.run(
        [
            CHROMIUM,
            "--headless",
            "--no-sandbox",
            "--hide-scrollbars",
            f"--screenshot={png}",
            f"--window-size={size}",
            page.resolve().as_uri(),
        ],
        check=True,
        capture_output=True,
        timeout=120,
    )


if __name__ == "__main__":
    main(sys.argv[1:])
