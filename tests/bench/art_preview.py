"""Look at a game's drawn cards as a phone shows them (run on demand).

    python -m tests.bench.art_preview <game> <outdir> [--lang ru|en] [--seed N]

Plays a random game of ``<game>`` on the real engine to each of its sample
moments (``SAMPLES``: the viewer, player 1, has something to tap), draws that
viewer's pieces (``bot.miniapp.art``) and writes one page per sample and
theme — ``<game>[-<sample>]-<light|dark>.html``, Telegram's default colours in
its CSS variables, a viewBox unit a CSS pixel, the table's pieces above the
hand's.  With ``/usr/bin/chromium`` there, each page is also screenshot at a
phone's size (420×900 at twice the pixels) to the same name's ``.png``.
"""

from __future__ import annotations

import argparse
import html
import random
import re
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from bot.adapter import Ctx
from bot.i18n import Translator
from bot.miniapp.art import ROWS, Piece, drawer
from engine import registry
from engine.core import Leave, Moves, Tick, plain

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
NAMES = ("Анна", "Борис & <Ко>", "Вера", "Глеб Длинноимённый", "Дина")
Ready = Callable[[Any, Any], bool]


def _moves(game: Any, state: Any, p: int, rng: random.Random) -> list[Any]:
    legal = game.legal(state, p)
    found = [a for a in plain(legal) if not isinstance(a, Leave)]
    if isinstance(legal, Moves) and legal.answers:
        found.append(legal.answers[rng.randrange(len(legal.answers))])
    return found


def walk(name: str, players: int, seed: int, ready: Ready, options: Any = None) -> Any:
    """A random game of ``name`` up to the first state ``ready(game, state)`` likes
    (time let pass now and then, and whenever nobody can move: a countdown)."""
    game = registry.get(name)
    rng = random.Random(seed)
    state, _ = game.start(list(range(1, players + 1)), seed, game.options(options), 0)
    now = 0
    for _ in range(5000):
        if ready(game, state):
            return state
        due = game.next_deadline(state)
        acts = [a for p in range(1, players + 1) for a in _moves(game, state, p, rng)]
        if not acts or (due is not None and rng.random() < 0.05):
            if due is None:
                break
            now = max(now, due)
            state, _ = game.apply(state, Tick(), now)
            continue
        now += 500 if due is None else max(0, min(500, due - now - 1))
        state, _ = game.apply(state, rng.choice(acts), now)
    raise RuntimeError(f"{name}: no sample state by seed {seed}")


def _svintus_ready(game: Any, s: Any) -> bool:
    """Player 1's turn with a card to play, and a dark animal on the table."""
    plays = [a for a in plain(game.legal(s, 1)) if a.type == "play"]
    return bool(s.phase == "playing" and s.current == 1 and s.dark and len(s.hands[1]) >= 6 and plays)


def _svintus_picking(game: Any, s: Any) -> bool:
    return bool(s.phase == "setup" and len(s.animals) == 2)


def _dobble_ready(game: Any, s: Any) -> bool:
    return bool(s.stage == "live" and 1 not in s.locked)


# game -> its sample moments: name ("" for the main one) -> how to reach it from a seed
SAMPLES: dict[str, dict[str, Callable[[int], Any]]] = {
    "svintus": {
        "": lambda seed: walk("svintus", 4, seed + 2, _svintus_ready, {"metamorphoses": True}),
        "setup": lambda seed: walk(
            "svintus", 3, seed, _svintus_picking, {"metamorphoses": True, "animal_deal": "chosen"}
        ),
    },
    "dobble": {
        "": lambda seed: walk("dobble", 4, seed, _dobble_ready, {"mode": "tower"}),
        "catch": lambda seed: walk("dobble", 4, seed, _dobble_ready, {"mode": "catch"}),
        "gift": lambda seed: walk("dobble", 4, seed, _dobble_ready, {"mode": "gift"}),
    },
}


def pieces(name: str, state: Any, lang: str) -> list[Piece]:
    draw = drawer(name)
    assert draw is not None, f"{name} has no art"
    game = registry.get(name)
    ctx = Ctx(
        t=Translator(),
        lang=lang,
        chat_id=-1,
        game_id="-",
        names={p: html.escape(n) for p, n in enumerate(NAMES, start=1)},
    )
    return draw(ctx, game.view(state, 1), game.legal(state, 1))


def width(svg: str) -> float:
    """A piece's width on the page: a viewBox unit a CSS pixel."""
    found = re.search(r'viewBox="\S+ \S+ (\S+) \S+"', svg)
    return float(found.group(1)) if found else 70.0


def page(found: list[Piece], theme: str, title: str) -> str:
    """The pieces on a page of ``theme``'s colours: the table, then the hand."""
    colours = ";".join(f"--tg-theme-{k}:{v}" for k, v in THEMES[theme].items())
    rows = "".join(
        f'<div class="row">{"".join(cell(p) for p in found if p.row == row)}</div>' for row in ROWS
    )
    return f"""<!doctype html><html><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<style>
:root{{{colours}}}
body{{margin:0;padding:8px;background:var(--tg-theme-bg-color);color:var(--tg-theme-text-color);
font:12px system-ui,-apple-system,Roboto,Arial,sans-serif}}
.row{{display:flex;flex-wrap:wrap;gap:6px;align-items:flex-end;margin-bottom:12px}}
.row svg{{display:block;width:100%}}
</style></head><body><div>{html.escape(title)}</div>{rows}</body></html>"""


def cell(p: Piece) -> str:
    return f'<div style="width:{width(p.svg):g}px" title="{html.escape(p.label)}">{p.svg}</div>'


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
    for sample, make in SAMPLES[args.game].items():
        found = pieces(args.game, make(args.seed), args.lang)
        for theme in THEMES:
            stem = "-".join(x for x in (args.game, sample, theme) if x)
            out = args.outdir / f"{stem}.html"
            out.write_text(page(found, theme, stem), encoding="utf-8")
            print(out)
            if shutil.which(CHROMIUM):
                shot(out, out.with_suffix(".png"))
                print(out.with_suffix(".png"))


if __name__ == "__main__":
    main(sys.argv[1:])
