"""The text of an HTML email body, as a person reads it: paragraphs apart, line breaks kept,
list items as "- " lines, a quoted earlier message with "> " before each line, and nothing of
the markup, styles or scripts.

Mail clients send a message as HTML alone (Outlook often) or beside its plain text; a book
saved from a mailbox keeps that HTML in raw.txt. Read as text, its tags and entities would be
indexed and quoted as words.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser

PARAGRAPHS = frozenset(
    {"p", "div", "table", "ul", "ol", "h1", "h2", "h3", "h4", "h5", "h6", "pre", "hr"}
)
"""Tags that stand apart from what is around them (a blank line on each side)."""
LINES = frozenset({"br", "tr", "li", "dt", "dd"})
"""Tags that start a new line."""
UNSEEN = frozenset({"head", "style", "script", "title", "xml"})
"""Tags whose content is no text of the message."""
_SPACES = re.compile(r"[ \t\r\n\f\v\u00a0]+")


class _Reader(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.lines: list[tuple[int, str]] = [(0, "")]
        """(blockquote depth, words) of each line so far."""
        self.hidden = 0
        self.quoted = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in UNSEEN:
            self.hidden += 1
        elif tag == "blockquote":
            self._paragraph()
            self.quoted += 1
        elif tag in PARAGRAPHS:
            self._paragraph()
        elif tag in LINES:
            self._line()
            if tag == "li":
                self._say("- ")
        elif tag == "td":
            self._say(" ")

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in LINES:
            self._line()
        elif tag in PARAGRAPHS:
            self._paragraph()

    def handle_endtag(self, tag: str) -> None:
        if tag in UNSEEN:
            self.hidden = max(0, self.hidden - 1)
        elif tag == "blockquote":
            self._paragraph()
            self.quoted = max(0, self.quoted - 1)
        elif tag in PARAGRAPHS:
            self._paragraph()

    def handle_data(self, data: str) -> None:
        if not self.hidden:
            self._say(_SPACES.sub(" ", data))

    def _say(self, words: str) -> None:
        depth, said = self.lines[-1]
        if not said and not words.strip():
            return
        self.lines[-1] = (self.quoted if not said else depth, said + words)

    def _line(self) -> None:
        self.lines.append((self.quoted, ""))

    def _paragraph(self) -> None:
        self.lines += [(self.quoted, ""), (self.quoted, "")]  # a blank line, then a new one


def html_text(html: str) -> str:
    """The readable text of ``html``: one line per line break, a blank line between paragraphs
    (never two), "> " before each line of a quoted message, no blank line at either end."""
    reader = _Reader()
    reader.feed(html)
    reader.close()
    out: list[str] = []
    for depth, said in reader.lines:
        words = said.strip()
        if not words:
            if out and out[-1] != "":
                out.append("")
            continue
        out.append("> " * depth + words)
    while out and out[-1] == "":
        out.pop()
    return "\n".join(out)
