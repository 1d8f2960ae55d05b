"""A source's raw.txt as other tools save it, read in the contract's form.

Emails saved from a mailbox (.eml: folded headers, encoded words, MIME bodies; ``mail``) and
calls exported by a transcription service (WebVTT cues, a notes app's speaker lines;
``transcripts``) are given as the contract writes them: one line per header, decoded, a blank
line, then the body as text or the turns as ``Speaker: words`` lines. Every reader of raw.txt
reads that form (the format's parser, the indexer's passages, the files the search agents read),
so a passage's line is a line of the text the agents were shown.

A file in the contract's form is given back unchanged, byte for byte.
"""

from __future__ import annotations

import re

from harper_common.memory.mail import ENCODED_WORD, MIME_HEADERS, decoded_words, mime_email
from harper_common.memory.models import Channel
from harper_common.memory.transcripts import transcript_turns

_HEADER = re.compile(r"^[A-Za-z][A-Za-z0-9-]*:")
_SOURCE_FOLDER = re.compile(r"/sources/([a-z]+)/[^/]+/raw\.txt$")


def readable_raw(text: str, channel: Channel | None = None) -> str:
    """``text`` (a raw.txt of ``channel``, line ends already plain) in the contract's form:
    folded header lines joined and encoded words decoded; an email's MIME body decoded to text;
    a call's exported transcript as turns. A file in that form already, or one that does not
    open with headers, is given back as it is."""
    lines = text.split("\n")
    end = next((n for n, line in enumerate(lines) if not line.strip()), len(lines))
    head = lines[:end]
    if not head or not _HEADER.match(head[0]):
        return text
    if channel is not Channel.CALL and any(_names(line) in MIME_HEADERS for line in head):
        decoded = mime_email(text)
        if decoded is not None:
            return decoded
    body = lines[end:]
    turns = transcript_turns(body) if channel is Channel.CALL else None
    folded = any(line[:1] in (" ", "\t") for line in head)
    encoded = any(ENCODED_WORD.search(line) for line in head)
    if turns is None and not (folded or encoded):
        return text
    if turns is not None:
        body = ["", *turns, ""]
    return "\n".join([*_unfolded(head), *body])


def channel_of_raw(path: str) -> Channel | None:
    """The channel of a source's raw.txt by its folder (``.../sources/calls/<id>/raw.txt``);
    None for any other file."""
    found = _SOURCE_FOLDER.search(path)
    if found is None:
        return None
    try:
        return Channel.from_folder(found.group(1))
    except ValueError:
        return None


def _names(line: str) -> str:
    return line.split(":", 1)[0].strip().lower()


def _unfolded(head: list[str]) -> list[str]:
    """Header lines with their continuations joined and encoded words decoded."""
    joined: list[str] = []
    for line in head:
        if line[:1] in (" ", "\t") and joined:
            joined[-1] = f"{joined[-1].rstrip()} {line.strip()}"
        else:
            joined.append(line)
    return [_decoded_line(line) for line in joined]


def _decoded_line(line: str) -> str:
    name, sep, value = line.partition(":")
    if not sep or not ENCODED_WORD.search(value):
        return line
    return f"{name}: {decoded_words(value.strip())}"
