"""Telegram's HTML parse mode, read as strictly as Telegram reads it.

Telegram's parser is not a browser's: every ``<`` opens or closes a tag, and
the tag must be one it knows, so ``a < b`` or ``<3`` in a message is refused
(``Unsupported start tag "3" at byte offset 5``) and nobody sees the message.
``parse`` reads a text the same way and raises ``HtmlError`` with Telegram's
own description for what Telegram refuses:

- tags: ``b strong i em u ins s strike del tg-spoiler span a tg-emoji code pre
  blockquote`` (names in any case), opened and closed in order
  (``</>`` closes the last one open); ``span`` only as
  ``<span class="tg-spoiler">``, ``tg-emoji`` only with a numeric ``emoji-id``;
- an attribute's value quoted (``"…"`` or ``'…'``) or a name token
  (letters, digits, ``.`` and ``-``);
- a bare ``>`` is text.

Where Telegram accepts a text but does not show it as meant, this reading is
stricter on purpose (a screen of ours that does so is a bug all the same):

- an ``&`` must start ``&lt;`` ``&gt;`` ``&amp;`` ``&quot;`` or a numeric
  reference (``&#60;`` ``&#x3c;``), with its ``;`` — Telegram shows
  ``&nbsp;`` or a lone ``&`` as they are, so an unescaped name would show
  ``&amp;`` where its owner wrote ``&``;
- attributes only where Telegram reads them (``a href``, ``span class``,
  ``tg-emoji emoji-id``, ``code class="language-…"``, ``blockquote
  expandable``) — Telegram ignores the others;
- entities nested only as Telegram keeps them: nothing inside ``code``,
  only ``code`` inside ``pre``, no link, code or custom emoji inside another
  of them, no quote inside a quote — Telegram drops what breaks this.
"""

from __future__ import annotations

import re

TAGS = frozenset(
    {"b", "strong", "i", "em", "u", "ins", "s", "strike", "del", "tg-spoiler", "span"}
    | {"a", "tg-emoji", "code", "pre", "blockquote"}
)
# entities that contain no entity of this group (bold and the like go anywhere but in code)
SOLID = frozenset({"a", "tg-emoji", "code", "pre"})
ENTITIES = {"lt": "<", "gt": ">", "amp": "&", "quot": '"'}
SPACE = " \t\n\r\f\v"
MAX_CODE_POINT = 0x10FFFF
_SPECIAL = re.compile("[<&]")
_ENTITY = re.compile(r"&(?:#([0-9]+)|#x([0-9a-fA-F]+)|([A-Za-z]+))(;?)")
_TOKEN = re.compile(r"[A-Za-z0-9.-]*")
_EMOJI_ID = re.compile(r"[0-9]{1,19}")


class HtmlError(ValueError):
    """What Telegram says of a text it refuses (after "can't parse entities: ")."""


def offset(text: str, index: int) -> int:
    """The byte offset (UTF-8, as Telegram counts) of ``text[index]``."""
    return len(text[:index].encode("utf-8", "surrogatepass"))


def parse(text: str) -> str:
    """The text Telegram shows for ``text`` (tags read, entities decoded); raises
    ``HtmlError`` for a text it refuses."""
    return _Reader(text).read()


def check(text: str) -> None:
    parse(text)


class _Reader:
    def __init__(self, text: str) -> None:
        self.text = text
        self.i = 0
        self.out: list[str] = []
        self.stack: list[str] = []  # the tags open, the innermost last

    def fail(self, what: str, index: int | None = None) -> HtmlError:
        return HtmlError(what if index is None else f"{what} at byte offset {offset(self.text, index)}")

    def read(self) -> str:
        text, n = self.text, len(self.text)
        while self.i < n:
            found = _SPECIAL.search(text, self.i)
            end = found.start() if found is not None else n
            self.out.append(text[self.i : end])
            self.i = end
            if end == n:
                break
            if text[end] == "&":
                self.out.append(self.entity())
            elif text.startswith("</", end):
                self.close_tag()
            else:
                self.open_tag()
        if self.stack:
            raise self.fail(f'Can\'t find end tag corresponding to start tag "{self.stack[-1]}"')
        return "".join(self.out)

    # --- &…; -------------------------------------------------------------------------

    def entity(self) -> str:
        """The character of the entity at ``i`` (and ``i`` past it)."""
        char, self.i = self.entity_at(self.i)
        return char

    def entity_at(self, at: int) -> tuple[str, int]:
        """The character of the entity at ``at`` and the index past it."""
        m = _ENTITY.match(self.text, at)
        char = _entity_char(m) if m is not None and m.group(4) else None
        if m is None or char is None:
            word = m.group(0) if m is not None else "&"
            raise self.fail(f'Unsupported entity "{word}" (escape "&" as "&amp;")', at)
        return char, m.end()

    def value(self, start: int, close: int) -> str:
        """A quoted attribute value (``text[start:close]``), its entities decoded."""
        parts: list[str] = []
        at = start
        while at < close:
            amp = self.text.find("&", at, close)
            end = close if amp < 0 else amp
            parts.append(self.text[at:end])
            at = end
            if amp >= 0:
                char, at = self.entity_at(amp)
                parts.append(char)
        return "".join(parts)

    # --- <tag …> -----------------------------------------------------------------------

    def open_tag(self) -> None:
        text, n, begin = self.text, len(self.text), self.i
        k = begin + 1
        while k < n and text[k] not in SPACE and text[k] != ">":
            k += 1
        if k >= n:
            raise self.fail("Unclosed start tag", begin)
        tag = text[begin + 1 : k].lower()
        if tag not in TAGS:
            raise self.fail(f'Unsupported start tag "{tag}"', begin)
        attributes: dict[str, str | None] = {}
        while True:
            while k < n and text[k] in SPACE:
                k += 1
            if k >= n:
                raise self.fail("Unclosed start tag", begin)
            if text[k] == ">":
                break
            k = self.attribute(tag, begin, k, attributes)
        self.check_attributes(tag, begin, attributes)
        self.check_nesting(tag, begin)
        self.stack.append(tag)
        self.i = k + 1

    def attribute(self, tag: str, begin: int, k: int, into: dict[str, str | None]) -> int:
        """Read the attribute at ``k`` into ``into``; the index past it."""
        text, n = self.text, len(self.text)
        start = k
        while k < n and text[k] not in SPACE and text[k] not in "=>":
            k += 1
        name = text[start:k].lower()
        if not name:
            raise self.fail(f'Empty attribute name in the tag "{tag}"', begin)
        while k < n and text[k] in SPACE:
            k += 1
        if k >= n or text[k] != "=":
            into[name] = None
            return k
        k += 1
        while k < n and text[k] in SPACE:
            k += 1
        if k >= n:
            raise self.fail("Unclosed start tag", begin)
        if text[k] in "\"'":
            close = text.find(text[k], k + 1)
            if close < 0:
                raise self.fail("Unclosed start tag", begin)
            into[name] = self.value(k + 1, close)
            return close + 1
        m = _TOKEN.match(text, k)
        end = m.end() if m is not None else k
        if end >= n:
            raise self.fail("Unclosed start tag", begin)
        if text[end] not in SPACE and text[end] != ">":
            raise self.fail("Unexpected end of name token", k)
        into[name] = text[k:end].lower()
        return end

    def check_attributes(self, tag: str, begin: int, attributes: dict[str, str | None]) -> None:
        for name, value in attributes.items():
            if not _allowed(tag, name, value):
                raise self.fail(f'Unsupported attribute "{name}" in the tag "{tag}"', begin)
        if tag == "span" and attributes.get("class") != "tg-spoiler":
            raise self.fail('Tag "span" must have class "tg-spoiler"', begin)
        if tag == "tg-emoji" and not _emoji_id(attributes.get("emoji-id")):
            raise self.fail("Invalid custom emoji identifier specified")

    def check_nesting(self, tag: str, begin: int) -> None:
        """Entities nested only as Telegram keeps them (see the module's docstring)."""
        around = self.stack
        parent = around[-1] if around else ""
        if "code" in around or ("pre" in around and not (tag == "code" and parent == "pre")):
            raise self.fail(f'Tag "{tag}" can\'t be inside "{parent}"', begin)
        inside = next((t for t in reversed(around) if t in SOLID), None)
        if tag in SOLID and inside is not None and not (tag == "code" and parent == "pre"):
            raise self.fail(f'Tag "{tag}" can\'t be inside "{inside}"', begin)
        if tag == "blockquote" and "blockquote" in around:
            raise self.fail('Tag "blockquote" can\'t be inside "blockquote"', begin)

    # --- </tag> ---------------------------------------------------------------------------

    def close_tag(self) -> None:
        text, begin = self.text, self.i
        end = text.find(">", begin)
        if end < 0:
            raise self.fail("Unclosed end tag", begin)
        if not self.stack:
            raise self.fail("Unexpected end tag", begin)
        name = text[begin + 2 : end].lower()
        expected = self.stack[-1]
        if name and name != expected:
            found = f"</{text[begin + 2 : end]}>"
            raise self.fail(
                f'Unmatched end tag at byte offset {offset(text, begin)}, expected "</{expected}>", '
                f'found "{found}"'
            )
        self.stack.pop()
        self.i = end + 1


def _entity_char(m: re.Match[str]) -> str | None:
    decimal, hexadecimal, name = m.group(1), m.group(2), m.group(3)
    if name is not None:
        return ENTITIES.get(name)
    digits = decimal if decimal is not None else hexadecimal
    if len(digits) > 7:
        return None
    code = int(digits, 10 if decimal is not None else 16)
    if not 0 < code < MAX_CODE_POINT or 0xD800 <= code <= 0xDFFF:
        return None
    return chr(code)


def _allowed(tag: str, name: str, value: str | None) -> bool:
    if tag == "a":
        return name == "href" and value is not None
    if tag == "span":
        return name == "class"
    if tag == "tg-emoji":
        return name == "emoji-id"
    if tag == "code":
        return name == "class" and value is not None and value.startswith("language-") and len(value) > 9
    return tag == "blockquote" and name == "expandable"


def _emoji_id(value: str | None) -> bool:
    return value is not None and _EMOJI_ID.fullmatch(value) is not None and 0 < int(value) < 2**63
