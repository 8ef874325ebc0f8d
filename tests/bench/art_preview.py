"""Look at a game's drawn cards as a phone shows them (run on demand).

    python -m tests.bench.art_preview <game> <outdir> [--lang ru|en] [--seed N]

Plays a random game of ``<game>`` on the real engine to each of its sample
moments (``SAMPLES``: the viewer, player 1, has something to tap), draws that
viewer's pieces (``bot.miniapp.art``, names that need escaping) and writes
them on the Mini App's own page (its ``app.css``: the board's pieces above,
the hand's below, sized as the page sizes them) in Telegram's default light
and dark colours: ``<game>[-<sample>]-<light|dark>.html``, and the hand alone
in ``…-hand.html``.  With ``/usr/bin/chromium`` there, each page is also
screenshot at a phone's size (420×900 at twice the pixels) to the same
name's ``.png``.
"""

from __future__ import annotations

import argparse
import html
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from bot.miniapp.art import Piece, drawer
from engine import registry
from engine.core import plain
from tests.miniapp.art_checks import ctx, walk

CHROMIUM = "/usr/bin/chromium"
PAGE_CSS = Path(__file__).resolve().parents[2] / "bot" / "miniapp" / "web" / "app.css"
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
Ready = Callable[[Any, Any], bool]


def _svintus_ready(game: Any, s: Any) -> bool:
    """Player 1's turn with a card to play, and a dark animal on the table."""
    plays = [a for a in plain(game.legal(s, 1)) if a.type == "play"]
    return bool(s.phase == "playing" and s.current == 1 and s.dark and len(s.hands[1]) >= 6 and plays)


def _svintus_picking(game: Any, s: Any) -> bool:
    return bool(s.phase == "setup" and len(s.animals) == 2)


def _dobble_ready(game: Any, s: Any) -> bool:
    return bool(s.stage == "live" and 1 not in s.locked)


def _candy_ready(game: Any, s: Any) -> bool:
    """Player 1 to play, and the empires hold a few cards."""
    moves = plain(game.legal(s, 1))
    return any(a.type == "empire" for a in moves) and sum(len(e) for e in s.empires.values()) >= 7


def _smashup_ready(game: Any, s: Any) -> bool:
    """Player 1 to play cards, and minions on the bases."""
    moves = plain(game.legal(s, 1))
    minions = sum(len(b.minions) for b in s.bases)
    return bool(s.phase == "playing" and any(a.type == "play" for a in moves) and minions >= 6)


UNTIMED = {"turn_timer_ms": 0, "response_timer_ms": 0}
# game -> its sample moments: name ("" for the main one) -> (players, options, the moment)
SAMPLES: dict[str, dict[str, tuple[int, dict[str, Any], Ready]]] = {
    "svintus": {
        "": (4, {"metamorphoses": True}, _svintus_ready),
        "setup": (3, {"metamorphoses": True, "animal_deal": "chosen"}, _svintus_picking),
    },
    "dobble": {
        "": (4, {"mode": "tower"}, _dobble_ready),
        "catch": (4, {"mode": "catch"}, _dobble_ready),
        "gift": (4, {"mode": "gift"}, _dobble_ready),
    },
    "candy": {"": (3, {"open_discard": True}, _candy_ready)},
    "smashup": {"": (3, {"draft": "random", **UNTIMED}, _smashup_ready)},
}


def sample(name: str, moment: str, seed: int) -> Any:
    """The first state of a random game of ``name`` that is the sample's moment: the
    game of ``seed``, or of the next seed whose game reaches it (a moment may pass by)."""
    players, options, ready = SAMPLES[name][moment]
    game = registry.get(name)
    for tried in range(seed, seed + 20):
        for state in walk(name, players, tried, options, steps=5000):
            if ready(game, state):
                return state
    raise RuntimeError(f"{name}: no {moment or 'main'} sample by seeds {seed}–{seed + 19}")


def pieces(name: str, state: Any, lang: str) -> list[Piece]:
    draw = drawer(name)
    assert draw is not None, f"{name} has no art"
    game = registry.get(name)
    return draw(ctx(lang), game.view(state, 1), game.legal(state, 1))


def cell(p: Piece) -> str:
    """A piece as the page holds it (``app.js``): wide when its viewBox is."""
    box = [float(x) for x in p.svg.split('viewBox="', 1)[1].split('"', 1)[0].split()]
    classes = "piece" + (" tappable" if p.taps else "") + (" wide" if box[2] > 1.6 * box[3] else "")
    return f'<div class="{classes}" role="img" title="{html.escape(p.label)}">{p.svg}</div>'


def page(found: list[Piece], theme: str, title: str, board: bool = True) -> str:
    """The pieces on the Mini App's page in ``theme``'s colours: the board's, then the hand's."""
    colours = ";".join(f"--tg-theme-{k}:{v}" for k, v in THEMES[theme].items())
    table = "".join(cell(p) for p in found if p.row == "table")
    hand = "".join(cell(p) for p in found if p.row == "hand")
    zone = f'<section class="zone board"><div class="pieces table-row">{table}</div></section>'
    return f"""<!doctype html><html><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<style>{PAGE_CSS.read_text(encoding="utf-8")}
:root{{{colours}}}</style></head><body>
<header class="title">{html.escape(title)}</header>
{zone if board else ""}<section class="zone hand"><div class="pieces hand-row">{hand}</div></section>
</body></html>"""


def shot(page: Path, png: Path) -> None:
    """A phone-sized screenshot of ``page`` (at twice the pixels, as a phone draws it)."""
    command = [CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars"]
    command += ["--force-device-scale-factor=2", "--window-size=420,900", f"--screenshot={png}"]
    subprocess.run([*command, page.resolve().as_uri()], check=True, capture_output=True, timeout=120)


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("game", choices=sorted(SAMPLES))
    parser.add_argument("outdir", type=Path)
    parser.add_argument("--lang", default="ru")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    args.outdir.mkdir(parents=True, exist_ok=True)
    for name in SAMPLES[args.game]:
        found = pieces(args.game, sample(args.game, name, args.seed), args.lang)
        for theme in THEMES:
            stem = "-".join(x for x in (args.game, name, theme) if x)
            for suffix, board in (("", True), ("-hand", False)):
                out = args.outdir / f"{stem}{suffix}.html"
                out.write_text(page(found, theme, stem, board), encoding="utf-8")
                print(out)
                if shutil.which(CHROMIUM):
                    shot(out, out.with_suffix(".png"))
                    print(out.with_suffix(".png"))


if __name__ == "__main__":
    main(sys.argv[1:])
