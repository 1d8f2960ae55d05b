"""A long source reaches the model in windows: the lines closest to the question first, then
the file from a line on, with where to read on; the run still records the whole file."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest
from fake_directory import FakeDirectory

from harper_common.memory.paths import MemoryRoot
from harper_common.messages.index import (
    PassageHit,
)
from harper_search.long_file import WINDOW_CHARS, window
from harper_search.run_log import RunLog
from harper_search.tool_specs import ReadFileInput
from harper_search.toolbox import Toolbox

CALL = "accounts/40001/sources/calls/call_20260301_0900/raw.txt"


def transcript(turns: int) -> str:
    lines = [f"Speaker {n % 2}: turn {n} of a long call about the fleet and its drivers." for n in
             range(1, turns + 1)]  # fmt: skip
    lines[turns - 7] = "Speaker 1: The new garage on Elm Street opens in May."
    return "\n".join(lines) + "\n"


class OnePassage(FakeDirectory):
    """A directory whose passage index knows one line of the long call."""

    def __init__(self, line: int, text: str) -> None:
        super().__init__()
        self.hit = PassageHit(
            account_id="40001", path=CALL, line=line, text=text, channel="call",
            date=datetime(2026, 3, 1, tzinfo=UTC), score=0.9,
        )  # fmt: skip

    def hits(self, text: str) -> list[PassageHit]:
        return [self.hit]


def memory_with(tmp_path: Path, text: str) -> MemoryRoot:
    raw = tmp_path / CALL
    raw.parent.mkdir(parents=True)
    raw.write_text(text, encoding="utf-8")
    return MemoryRoot(tmp_path)


def test_windows_cover_the_file_once_and_say_where_to_read_on() -> None:
    text = transcript(400)
    parts, line = [], 1
    while True:
        part = window(text, line)
        if not part.text:
            break
        assert len(part.text) <= WINDOW_CHARS
        parts.append(part)
        line = part.last + 1
    assert len(parts) > 1
    assert "\n".join(p.text for p in parts) == text.rstrip("\n")
    assert f"read on with from_line={parts[0].last + 1}" in parts[0].note
    assert "read on" not in parts[-1].note and parts[-1].last == parts[-1].total == 400


@pytest.mark.anyio
async def test_a_long_source_shows_the_closest_lines_first_then_a_window(tmp_path: Path) -> None:
    text = transcript(400)
    garage_line = 400 - 6
    directory = OnePassage(garage_line, "Speaker 1: The new garage on Elm Street opens in May.")
    toolbox = Toolbox(memory_with(tmp_path, text), directory, [])
    log = RunLog(question="when does the new garage open")

    first = await toolbox.read_file(ReadFileInput(path=CALL), log)
    assert directory.asked == ["when does the new garage open"]
    head, _, rest = first.content.partition("<file")
    assert f"line {garage_line}: Speaker 1: The new garage on Elm Street opens in May." in head
    assert "turn 1 of a long call" in rest and "turn 399" not in rest
    assert "(lines 1-" in rest and "read on with from_line=" in rest
    assert log.read[CALL] == text  # quotes are checked against the whole file

    start = int(rest.rsplit("from_line=", 1)[1].rstrip(")"))
    second = await toolbox.read_file(ReadFileInput(path=CALL, from_line=start), log)
    assert f"turn {start} of a long call" in second.content
    assert "Closest to the question" not in second.content  # only with the first window


@pytest.mark.anyio
async def test_a_short_source_is_shown_whole_as_before(tmp_path: Path) -> None:
    text = transcript(20)
    directory = OnePassage(14, "Speaker 1: The new garage on Elm Street opens in May.")
    toolbox = Toolbox(memory_with(tmp_path, text), directory, [])
    result = await toolbox.read_file(ReadFileInput(path=CALL), RunLog(question="garage"))
    assert text.strip() in result.content and "(lines" not in result.content
    assert directory.asked == []
