"""A call's transcript as a transcription service exports it, read as the contract's turns.

The contract writes a call as one ``Speaker: words`` a line. Services export other forms:

- WebVTT (video-call apps): ``WEBVTT``, then cues of an optional number, a timing line
  (``00:01:08.000 --> 00:01:12.500``) and the words, the speaker written ``Name: words`` or
  in a voice tag (``<v Name>words</v>``);
- a notes app's form: the speaker and the clock on a line of their own (``Rick Hanlon  1:08``),
  the words on the lines below, a blank line before the next speaker.

``transcript_turns`` gives the turns as the contract writes them (timings dropped: the call's
``Date:`` dates it; a clock is no words). Any other body is left as it is.
"""

from __future__ import annotations

import re

WEBVTT = "WEBVTT"
_TIMING = re.compile(
    r"^(?:\d{1,2}:)?\d{1,2}:\d{2}[.,]\d{1,3}\s+-->\s+(?:\d{1,2}:)?\d{1,2}:\d{2}[.,]\d{1,3}"
)
_CUE_NUMBER = re.compile(r"^\d+$")
_VOICE = re.compile(r"<v(?:\.[\w.-]+)?\s+([^>]{1,80})>")
_TAG = re.compile(r"</?[a-z][^>]*>", re.I)
_SPOKEN = re.compile(r"^([^\s:](?:[^:\n]{0,78}[^\s:])?): (.*)$")
_NOTES_HEAD = re.compile(r"^([^\s:\d][^:\n]{0,78}?)\s+\(?(\d{1,2}(?::\d{2}){1,2})\)?\s*$")
"""A notes app's speaker line: a name, then the clock ("Rick Hanlon  1:08", "Nadia (00:12)")."""
NOTES_HEADS = 2
"""Speaker lines a body needs, each followed by words, to be read as a notes app's export."""


def transcript_turns(body: list[str]) -> list[str] | None:
    """The body's turns as ``Speaker: words`` lines (a line without a speaker as it is), or None
    when the body is in the contract's form already (or no form known here)."""
    lines = [line.rstrip() for line in body]
    first = next((line for line in lines if line.strip()), "")
    if first.strip().startswith(WEBVTT):
        return _webvtt(lines)
    if _is_notes(lines):
        return _notes(lines)
    return None


def _webvtt(lines: list[str]) -> list[str]:
    """Each cue's words as one line, its speaker from the voice tag or its own label; header
    blocks (NOTE, STYLE, REGION) and timings dropped."""
    turns: list[str] = []
    cue: list[str] = []
    in_cue = False
    for line in [*lines, ""]:
        if not line.strip():
            if cue:
                turns.append(_cue_text(cue))
            cue, in_cue = [], False
        elif _TIMING.match(line.strip()):
            in_cue = True
        elif in_cue:
            cue.append(line.strip())
    return [turn for turn in turns if turn]


def _cue_text(cue: list[str]) -> str:
    said = " ".join(cue)
    voice = _VOICE.search(said)
    words = " ".join(_TAG.sub(" ", said).split())
    if voice is None:
        return words
    speaker = voice.group(1).strip()
    return words if words.startswith(f"{speaker}: ") else f"{speaker}: {words}"


def _is_notes(lines: list[str]) -> bool:
    heads = [
        n
        for n, line in enumerate(lines[:-1])
        if _NOTES_HEAD.match(line) and lines[n + 1].strip() and not _SPOKEN.match(line)
    ]
    spoken = sum(1 for line in lines if _SPOKEN.match(line))
    return len(heads) >= NOTES_HEADS and spoken < len(heads)


def _notes(lines: list[str]) -> list[str]:
    """Each speaker line and the words under it (up to a blank line or the next speaker line) as
    one turn; lines before the first speaker line as they are."""
    turns: list[str] = []
    speaker: str | None = None
    words: list[str] = []

    def close() -> None:
        if words:
            said = " ".join(words)
            turns.append(f"{speaker}: {said}" if speaker else said)
        words.clear()

    for n, line in enumerate(lines):
        head = _NOTES_HEAD.match(line)
        if head and n + 1 < len(lines) and lines[n + 1].strip():
            close()
            speaker = head.group(1).strip()
        elif not line.strip():
            close()
        else:
            words.append(line.strip())
    close()
    return turns
