"""What every game's art draws with: an ``<svg>`` around a body, escaped text,
the theme's colours as CSS variables with fallbacks, a count in a disc."""

from __future__ import annotations

import html

from bot.fit import text_of

FONT = "system-ui,-apple-system,Roboto,sans-serif"
# an emoji glyph's font: the phone's colour emoji before any font with a plain outline of it
EMOJI = ' font-family="Apple Color Emoji,Segoe UI Emoji,Noto Color Emoji,sans-serif"'
# the page's theme (Telegram's CSS variables), for what is drawn on the page itself
TEXT = "fill:var(--tg-theme-text-color,#222)"
HINT = "fill:var(--tg-theme-hint-color,#8a8a8a)"
HINT_LINE = "stroke:var(--tg-theme-hint-color,#8a8a8a)"
RING = "stroke:var(--tg-theme-button-color,#2481cc)"
GLOW = "fill:var(--tg-theme-button-color,#2481cc)"
DIM = ' opacity=".6"'  # what may not be played now
WIDTH = 0.68  # a bold letter's width in ems, about: when text is squeezed to fit


def esc(text: str) -> str:
    return html.escape(text, quote=True)


def words(markup: str) -> str:
    """A locale message's plain text (a screen's message is HTML)."""
    return text_of(markup)


def svg(body: str, width: float, height: float, cls: str, pad: float = 3) -> str:
    """One self-contained ``<svg>``: ``body`` drawn in (0, 0)–(width, height), ``pad`` around it."""
    box = f"{-pad:g} {-pad:g} {width + 2 * pad:g} {height + 2 * pad:g}"
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{box}" class="{esc(cls)}" '
        f'font-family="{FONT}">{body}</svg>'
    )


def text(x: float, y: float, content: str, size: float, paint: str, width: float = 0, extra: str = "") -> str:
    """Bold text centred on (x, y), escaped; ``paint`` is a colour or a ``fill:`` style.
    Squeezed into ``width`` when it would be wider."""
    fill = f'style="{paint}"' if paint.startswith("fill:") else f'fill="{paint}"'
    fit = ""
    if width and len(content) * size * WIDTH > width:
        fit = f' textLength="{width:g}" lengthAdjust="spacingAndGlyphs"'
    return (
        f'<text x="{x:g}" y="{y:g}" font-size="{size:g}" font-weight="700" text-anchor="middle" '
        f'dominant-baseline="central" {fill}{fit}{extra}>{esc(content)}</text>'
    )


def glyph(x: float, y: float, content: str, size: float, extra: str = "") -> str:
    """An emoji centred on (x, y), in the colour emoji font (black where it has none)."""
    return text(x, y, content, size, "#000", extra=EMOJI + extra)


def badge(x: float, y: float, count: int, r: float = 9) -> str:
    """A count in a white disc (fixed colours: it sits on cards, in either theme)."""
    return f'<circle cx="{x:g}" cy="{y:g}" r="{r:g}" fill="#fff" stroke="#000" stroke-opacity=".45"/>' + text(
        x, y + 0.5, str(count), r * 1.15, "#222", 2 * r - 3
    )
