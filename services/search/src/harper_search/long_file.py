"""A long file for the model in windows: the lines that read closest to the question first, then
a window of the file from a given line, with where to read on.

Sources are short as a rule (an email, a call of a few minutes), but a long call transcript or a
forwarded thread would otherwise fill the context with text the question does not need and be
re-sent with every later turn. The model asks for the rest with ``read_file(path, from_line=N)``.
"""

from __future__ import annotations

from dataclasses import dataclass

from harper_common.messages.index import PassageHit

WINDOW_CHARS = 6_000
"""A file longer than this is shown in windows of about this many characters."""
CLOSEST_SHOWN = 4


@dataclass(frozen=True)
class Window:
    text: str
    first: int
    """1-based number of the window's first line."""
    last: int
    total: int
    """Lines in the file."""

    @property
    def note(self) -> str:
        """Where this window is in the file, and how to read on."""
        more = f"; read on with from_line={self.last + 1}" if self.last < self.total else ""
        return f"(lines {self.first}-{self.last} of {self.total}{more})"


def is_long(text: str) -> bool:
    return len(text) > WINDOW_CHARS


def window(text: str, from_line: int, chars: int = WINDOW_CHARS) -> Window:
    """The lines from ``from_line`` (1-based) up to about ``chars`` characters (at least one
    line); past the end, the empty window after the last line."""
    lines = text.splitlines()
    start = min(max(from_line, 1), len(lines) + 1)
    taken: list[str] = []
    size = 0
    for line in lines[start - 1 :]:
        if taken and size + len(line) + 1 > chars:
            break
        taken.append(line)
        size += len(line) + 1
    return Window("\n".join(taken), start, start + len(taken) - 1, len(lines))


def closest_lines(path: str, hits: list[PassageHit], most: int = CLOSEST_SHOWN) -> list[str]:
    """The passage hits inside ``path``, best first, as "line N: text"."""
    inside = [hit for hit in hits if hit.path == path][:most]
    return [f"line {hit.line}: {' '.join(hit.text.split())}" for hit in inside]
