"""What every game's cards are drawn with: the page's theme colours, text
wrapped or squeezed to a width, shapes, a tap, and the ``<svg>`` element itself.

Every text that goes into an SVG goes through ``esc``; words that come from
the locale files as HTML (a player's name is HTML-escaped, a key may hold
``<b>``) become plain text first, once (``bot.sizing.text_of``).  Colours of the
page come from Telegram's theme variables with a fallback, always in a
``style`` (``style="fill:var(…,#fff)"``: a presentation attribute does not
take ``var()``); a game's own colours are fixed and dark enough to carry
white text on light and dark pages alike.  Text is measured by letter count
(``WIDTH``, ``BOLD``): what the art's tests measure too.
"""

from __future__ import annotations

import html
from collections.abc import Sequence

from bot.sizing import CUT

FONT = "system-ui,-apple-system,Roboto,'Segoe UI',Arial,sans-serif"
# an emoji's font: the phone's colour emoji before any font with a plain outline of it
EMOJI = "Apple Color Emoji,Segoe UI Emoji,Noto Color Emoji,sans-serif"
FACE = "var(--tg-theme-section-bg-color,#fff)"  # a card's face: the page's own cards
TEXT = "var(--tg-theme-text-color,#222)"
HINT = "var(--tg-theme-hint-color,#8a8a8a)"
ACCENT = "var(--tg-theme-button-color,#2481cc)"  # what may be tapped now, whose turn it is
WHITE = "#fff"
DIM = 0.6  # the opacity of what may not be played now
WIDTH = 0.6  # an average letter's width, in em (Cyrillic, a wide font's: Roboto is narrower)
BOLD = 0.66  # a bold letter's
LEAD = 1.22  # a line's height, in em
# a line's middle above its baseline, in em: a line centred on y has its baseline at y + MIDDLE·size
MIDDLE = 0.36


def esc(text: str) -> str:
    return html.escape(text, quote=True)


def num(x: float) -> str:
    """A coordinate, short: 12, 12.5."""
    return f"{x:.2f}".rstrip("0").rstrip(".")


def per_line(width: float, size: float, bold: bool = False) -> int:
    return max(1, int(width / (size * (BOLD if bold else WIDTH))))


def wrap(text: str, width: float, size: float, bold: bool = False, most: int = 0) -> list[str]:
    """``text`` in lines that fit ``width`` at font ``size`` (by letter count): at
    word breaks, a word too long for a line cut; at most ``most`` lines (0: any),
    the last one ending in «…» when words were left out."""
    room = per_line(width, size, bold)
    lines: list[str] = []
    line = ""
    for word in text.split():
        while len(word) > room:
            if line:
                lines.append(line)
                line = ""
            lines.append(word[:room])
            word = word[room:]
        if not line:
            line = word
        elif len(line) + 1 + len(word) <= room:
            line += " " + word
        else:
            lines.append(line)
            line = word
    if line:
        lines.append(line)
    if most and len(lines) > most:
        last = lines[most - 1]
        lines = [*lines[: most - 1], (last[: room - 1].rstrip() if len(last) >= room else last) + CUT]
    return lines


def fit(
    text: str, width: float, height: float, sizes: Sequence[float], bold: bool = False
) -> tuple[float, list[str]]:
    """The largest of ``sizes`` at which ``text`` fits the box with no word cut, and
    its lines; at the smallest, as many lines as fit."""
    for size in sizes:
        lines = wrap(text, width, size, bold)
        whole = all(len(word) <= per_line(width, size, bold) for word in text.split())
        if whole and len(lines) * size * LEAD <= height:
            return size, lines
    size = sizes[-1]
    return size, wrap(text, width, size, bold, most=max(1, int(height / (size * LEAD))))


def squeeze(text: str, width: float, sizes: Sequence[float], bold: bool = False) -> tuple[float, str]:
    """``text`` on one line: at the largest of ``sizes`` it fits, or cut at the smallest."""
    for size in sizes:
        if len(text) <= per_line(width, size, bold):
            return size, text
    return sizes[-1], wrap(text, width, sizes[-1], bold, most=1)[0]


def text(
    x: float,
    y: float,
    lines: str | Sequence[str],
    size: float,
    colour: str = TEXT,
    anchor: str = "start",
    bold: bool = False,
    width: float = 0,
    extra: str = "",
) -> str:
    """Lines of text (one line: a string), the first one's baseline at ``y``; a
    line wider than ``width`` (when given) is squeezed into it, letters and all."""
    spans = []
    for i, line in enumerate([lines] if isinstance(lines, str) else lines):
        dy = "0" if i == 0 else num(size * LEAD)
        squeezed = ""
        if width and len(line) * size * (BOLD if bold else WIDTH) > width:
            squeezed = f' textLength="{num(width)}" lengthAdjust="spacingAndGlyphs"'
        spans.append(f'<tspan x="{num(x)}" dy="{dy}"{squeezed}>{esc(line)}</tspan>')
    weight = ' font-weight="bold"' if bold else ""
    return (
        f'<text x="{num(x)}" y="{num(y)}" font-size="{num(size)}" text-anchor="{anchor}"{weight}'
        f' style="fill:{colour}"{extra}>{"".join(spans)}</text>'
    )


def centred(
    x: float, y: float, line: str, size: float, colour: str, width: float = 0, extra: str = ""
) -> str:
    """One bold line centred on (x, y): a name, a count, a value; squeezed into ``width``."""
    return text(x, y + size * MIDDLE, line, size, colour, "middle", True, width, extra)


def glyph(x: float, y: float, emoji: str, size: float, extra: str = "") -> str:
    """An emoji centred on (x, y), in the colour emoji font (black where it has none)."""
    font = f' font-family="{EMOJI}"'
    return text(x, y + size * MIDDLE, emoji, size, "#000", "middle", extra=font + extra)


def rect(
    x: float,
    y: float,
    w: float,
    h: float,
    fill: str,
    r: float = 0,
    stroke: str = "",
    width: float = 1,
    opacity: float = 1,
) -> str:
    style = f"fill:{fill}"
    if stroke:
        style += f";stroke:{stroke};stroke-width:{num(width)}"
    if opacity < 1:
        style += f";fill-opacity:{num(opacity)}"
    corner = f' rx="{num(r)}"' if r else ""
    return f'<rect x="{num(x)}" y="{num(y)}" width="{num(w)}" height="{num(h)}"{corner} style="{style}"/>'


def circle(x: float, y: float, r: float, fill: str, stroke: str = "", width: float = 1) -> str:
    style = f"fill:{fill}" + (f";stroke:{stroke};stroke-width:{num(width)}" if stroke else "")
    return f'<circle cx="{num(x)}" cy="{num(y)}" r="{num(r)}" style="{style}"/>'


def badge(x: float, y: float, count: int, r: float = 9) -> str:
    """A count in a white disc (fixed colours: it sits on cards, in either theme)."""
    disc = (
        f'<circle cx="{num(x)}" cy="{num(y)}" r="{num(r)}" fill="#fff" stroke="#000" stroke-opacity=".45"/>'
    )
    return disc + centred(x, y + 0.5, str(count), r * 1.15, "#222", 2 * r - 3)


def tap(index: int, body: str) -> str:
    """``body`` as one thing to tap: ``taps[index]`` of its piece."""
    return f'<g data-tap="{index}" style="cursor:pointer">{body}</g>'


def dim(body: str) -> str:
    """``body`` faded: what may not be played now."""
    return f'<g style="opacity:{num(DIM)}">{body}</g>'


def svg(width: float, height: float, body: str, cls: str = "", pad: float = 0) -> str:
    """The piece's ``<svg>``: ``body`` drawn in (0, 0)–(width, height), ``pad`` around
    it (room for a ring); scaled by the page to its width (``viewBox``)."""
    box = " ".join(num(v) for v in (-pad, -pad, width + 2 * pad, height + 2 * pad))
    named = f' class="{esc(cls)}"' if cls else ""
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{box}"{named}'
        f' font-family="{esc(FONT)}">{body}</svg>'
    )
