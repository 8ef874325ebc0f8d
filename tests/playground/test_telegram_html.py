"""The fake Telegram reads HTML as Telegram does: a ``<`` always opens a tag, and
what Telegram refuses is refused with Telegram's own words, so a screen that
would reach nobody fails a test instead."""

from __future__ import annotations

import html

import pytest

from bot.playground.botapi import ApiError, check_html
from bot.playground.telegram_html import HtmlError, offset, parse

ACCEPTED = [
    ("", ""),
    ("plain text", "plain text"),
    ("5 > 3", "5 > 3"),
    ("a >> b >", "a >> b >"),
    ("&lt;3 &amp; &quot;Bob&quot; &gt;", '<3 & "Bob" >'),
    ("&#60;&#x3c;&#x27;&#128512;", "<<'😀"),
    ("<b>bold</b> <strong>s</strong> <i>i</i> <em>e</em> <u>u</u> <ins>n</ins>", "bold s i e u n"),
    ("<s>s</s><strike>t</strike><del>d</del>", "std"),
    ("<B>upper</b> <b>empty end</>", "upper empty end"),
    ("<b>a <i>b <u>c</u></i></b>", "a b c"),
    ("<tg-spoiler>x</tg-spoiler>", "x"),
    ('<span class="tg-spoiler">x</span>', "x"),
    ("<span class=tg-spoiler>x</span>", "x"),
    ("<tg-spoiler>a <tg-spoiler>nested</tg-spoiler> b</tg-spoiler>", "a nested b"),
    ('<tg-spoiler><span class="tg-spoiler"><b>x</b></span></tg-spoiler>', "x"),
    ('<a href="https://t.me/bot?start=join_-100">link</a>', "link"),
    ("<a href='tg://user?id=1'>me</a>", "me"),
    ('<a href="https://x.org/?a=1&amp;b=2"><b>bold</b> link</a>', "bold link"),
    ('<tg-emoji emoji-id="5368324170671202286">👍</tg-emoji>', "👍"),
    ("<code>x &lt; y</code>", "x < y"),
    ("<pre>block</pre>", "block"),
    ('<pre><code class="language-python">print(1)</code></pre>', "print(1)"),
    ("<blockquote>q</blockquote> <blockquote expandable>e</blockquote>", "q e"),
    ("<b>\n  many\nlines\n</b>", "\n  many\nlines\n"),
    ("Привет, <b>мир</b> 🌍", "Привет, мир 🌍"),
]


@pytest.mark.parametrize(("text", "shown"), ACCEPTED)
def test_what_telegram_accepts_is_accepted_and_read_as_telegram_shows_it(text: str, shown: str) -> None:
    assert parse(text) == shown
    check_html(text)


REFUSED = [
    # a '<' always opens a tag
    ("I <3 you", 'Unsupported start tag "3" at byte offset 2'),
    ("<3", "Unclosed start tag at byte offset 0"),
    ("a < b", 'Unsupported start tag "" at byte offset 2'),
    ("Игра <3 да", 'Unsupported start tag "3" at byte offset 9'),  # bytes, not characters
    ("<br>", 'Unsupported start tag "br" at byte offset 0'),
    ("<p>x</p>", 'Unsupported start tag "p" at byte offset 0'),
    ("<b/>", 'Unsupported start tag "b/" at byte offset 0'),
    ("x <b", "Unclosed start tag at byte offset 2"),
    ("<b x", "Unclosed start tag at byte offset 0"),
    ('<a href="x', "Unclosed start tag at byte offset 0"),
    # closed in order
    ("<b>x</i>", 'Unmatched end tag at byte offset 4, expected "</b>", found "</i>"'),
    ("<b><i>x</b></i>", 'Unmatched end tag at byte offset 7, expected "</i>", found "</b>"'),
    ("x</i>", "Unexpected end tag at byte offset 1"),
    ("</>", "Unexpected end tag at byte offset 0"),
    ("<b>x</b", "Unclosed end tag at byte offset 4"),
    ("<b>x", 'Can\'t find end tag corresponding to start tag "b"'),
    ('<a href="x">', 'Can\'t find end tag corresponding to start tag "a"'),
    ("<tg-spoiler><tg-spoiler>x</tg-spoiler>", 'Can\'t find end tag corresponding to start tag "tg-spoiler"'),
    # attributes
    ('<a ="x">y</a>', 'Empty attribute name in the tag "a" at byte offset 0'),
    ("<a href=x/>y</a>", "Unexpected end of name token at byte offset 8"),
    ("<span>x</span>", 'Tag "span" must have class "tg-spoiler" at byte offset 0'),
    ('<span class="bold">x</span>', 'Tag "span" must have class "tg-spoiler" at byte offset 0'),
    ('<tg-emoji emoji-id="x">👍</tg-emoji>', "Invalid custom emoji identifier specified"),
    ("<tg-emoji>👍</tg-emoji>", "Invalid custom emoji identifier specified"),
    ('<b class="x">y</b>', 'Unsupported attribute "class" in the tag "b" at byte offset 0'),
    ('<a title="x" href="y">z</a>', 'Unsupported attribute "title" in the tag "a" at byte offset 0'),
    ('<code class="python">x</code>', 'Unsupported attribute "class" in the tag "code" at byte offset 0'),
    # '&': one of the entities Telegram knows, with its ';'
    ("&nbsp;", 'Unsupported entity "&nbsp;" (escape "&" as "&amp;") at byte offset 0'),
    ("Tom & Jerry", 'Unsupported entity "&" (escape "&" as "&amp;") at byte offset 4'),
    ("&amp", 'Unsupported entity "&amp" (escape "&" as "&amp;") at byte offset 0'),
    ("&#;", 'Unsupported entity "&" (escape "&" as "&amp;") at byte offset 0'),
    ("&#0;", 'Unsupported entity "&#0;" (escape "&" as "&amp;") at byte offset 0'),
    ("&#x110000;", 'Unsupported entity "&#x110000;" (escape "&" as "&amp;") at byte offset 0'),
    ("&#xD800;", 'Unsupported entity "&#xD800;" (escape "&" as "&amp;") at byte offset 0'),
    ('<a href="?a=1&b=2">x</a>', 'Unsupported entity "&b" (escape "&" as "&amp;") at byte offset 13'),
    # entities nested only as Telegram keeps them
    ("<code><b>x</b></code>", 'Tag "b" can\'t be inside "code" at byte offset 6'),
    ("<pre><b>x</b></pre>", 'Tag "b" can\'t be inside "pre" at byte offset 5'),
    ('<a href="x"><a href="y">z</a></a>', 'Tag "a" can\'t be inside "a" at byte offset 12'),
    ('<a href="x"><code>z</code></a>', 'Tag "code" can\'t be inside "a" at byte offset 12'),
    ("<blockquote><blockquote>x</blockquote></blockquote>",
     'Tag "blockquote" can\'t be inside "blockquote" at byte offset 12'),
]  # fmt: skip


@pytest.mark.parametrize(("text", "error"), REFUSED)
def test_what_telegram_refuses_is_refused_in_telegrams_words(text: str, error: str) -> None:
    with pytest.raises(HtmlError) as refused:
        parse(text)
    assert str(refused.value) == error
    with pytest.raises(ApiError) as api:
        check_html(text)
    assert api.value.code == 400
    assert api.value.description == f"Bad Request: can't parse entities: {error}"


@pytest.mark.parametrize(
    "name", ['<3 & "Bob" <b>', "</i>", "&amp;", "a<b", "<b>", "&", "&#x27;", "'\"<>&;", "Tom &nbsp; <br/>"]
)
def test_any_text_escaped_is_accepted_and_shown_as_written(name: str) -> None:
    assert parse(html.escape(name)) == name
    assert parse(f"<b>{html.escape(name, quote=False)}</b>") == name
    try:  # unescaped, it is refused or shown otherwise than written
        shown = parse(f"<b>{name}</b>")
    except HtmlError:
        return
    assert shown != name


def test_byte_offsets_count_utf8_bytes() -> None:
    assert offset("ab", 1) == 1
    assert offset("ёж<", 2) == 4
    assert offset("😀<", 1) == 4
