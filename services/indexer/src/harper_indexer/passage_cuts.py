"""Sources cut into passages: the units the passage index ranks and the search agent quotes.

- an email: each paragraph of its body (a long one in pieces of a few sentences), with the
  subject on its own; quoted lines ("> ...") are a paragraph of the person quoted; signature
  blocks, closers ("Thanks,\\nRick") and disclaimers are dropped by their shape (contact lines,
  short lines without a sentence; below the signature, a paragraph speaking of "this e-mail"
  itself), not by a list of phrasings;
- a call: each turn, embedded with the turn after it, so a question carries its answer;
- a text thread: each message, embedded with its neighbours;
- a summary.md: each paragraph.

``text`` is always a verbatim piece of the file (quotable, checkable); ``embed_text`` is what
the vectors are made from (the passage and the turn after it, for talk).
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime

from harper_common.memory.errors import HarperMemoryError
from harper_common.memory.frontmatter import plain_text
from harper_common.memory.raw_forms import channel_of_raw, readable_raw
from harper_common.memory.sentences import SENTENCE_BREAK
from harper_common.memory.sources import (
    SMS_STAMP,
    TURN_CLOCK,
    parse_summary,
    sent_moment,
    sms_moment,
    writes_the_day_first,
)
from harper_common.memory.state import UNVERSIONED, parse_state

MAX_PASSAGE = 700
"""A paragraph longer than this (characters) is cut into pieces of whole sentences."""
_SMS_LINE = re.compile(rf"^({SMS_STAMP})\s+([^:]{{1,60}}):\s*(.+)$")
_TALK_LINE = re.compile(rf"^(?:{TURN_CLOCK}\s*)?([A-Z][^:]{{0,60}}):\s*(.+)$")
"""A transcript's turn, after the recording's clock when it has one ("[00:17] ", "00:00:17 ")."""
_SENTENCE_END = re.compile(SENTENCE_BREAK)
_LABEL_IN_TEXT = re.compile(
    rf"(?:^|(?<=[.!?\"')\s]))(?:{SMS_STAMP}\s+)?"
    r"[A-Z][\w.'-]*(?: [A-Z][\w.'-]*){0,3}:\s"
)
"""A speaker's label where a turn or a message starts inside the embedded text."""
INDEXED_FORM = 4
"""What the index keeps of a passage (the text embedded, the words read); raise it when that
changes, so that every passage is indexed again at the next start."""
_CONTACT = re.compile(
    r"(\(?\b\d{3}\)?[\s.-]\d{3}[\s.-]\d{4}\b)|(@[\w-]+\.)|(https?://|www\.)|(\b[A-Z]{2}\s+\d{5}\b)"
    r"|(\bSuite\b|\bSte\.?\s)|(^[a-z]\s*\(\d{3}\))",
)
_QUOTE_HEAD = re.compile(r"^On .{4,120} wrote:\s*$")
_QUOTER = re.compile(r"^On .*?(?:\d{1,2}:\d{2}\s*[AP]M\s+)?([A-Z][\w.'-]+(?: [A-Z][\w.'-]+)*)\s*<")
_TITLE_LINE = re.compile(
    r"^[A-Z][\w.&'-]*(?: [A-Z&][\w.&'-]*)*, [A-Z][\w&'-]*(?: [\w&'-]+){0,6}\W*$"
)
"""A card line: "Owner, Fern & Feather Pet Spa", "Underwriter, Commercial Property"."""
_SIGNATURE_START = re.compile(r"^--\s*$|^_{5,}$")
_FORWARD_HEAD = re.compile(
    r"^-{2,}\s*(?:Forwarded|Original) message\s*-{2,}$|^Begin forwarded message:", re.I
)
"""The line a mail program writes above a forwarded or replied-to message (Gmail, Outlook)."""
_HEADER_LINE = re.compile(r"^(From|To|Cc|Date|Sent|Subject):\s", re.I)
_ABOUT_THIS_MESSAGE = re.compile(r"\bth(?:is|e above) (?:e-?mail|message|transmission)\b", re.I)
"""A paragraph speaking of the message it is in ("this e-mail and any attachments ..."): below
the writer's signature, a disclaimer, not something anyone said to the broker."""


@dataclass(frozen=True, kw_only=True)
class CutPassage:
    """One passage of one source file (see the module docstring)."""

    path: str
    line: int
    """1-based line of the file where the passage starts."""
    text: str
    embed_text: str
    channel: str
    """emails, calls, sms or summary."""
    kind: str
    """subject, paragraph, quoted, turn, message or summary."""
    speaker: str | None
    date: datetime | None
    after: str = ""
    """The turn or message after this one (verbatim), for talk: often the answer. After a
    question, the turns of others up to the asker's next one (``_reply``); only the first of
    them is embedded with the passage."""

    @property
    def lexical_text(self) -> str:
        """What the words index (BM25) reads: the embedded text without the speakers' labels
        of talk ("Ana: ", "2026-05-02 09:14 Ann Lee: "). Who speaks is the payload's
        ``speaker``; a question naming a person should find where the person is talked about,
        not every line they said."""
        if self.channel not in ("calls", "sms"):
            return self.embed_text
        return _LABEL_IN_TEXT.sub(" ", self.embed_text)

    @property
    def key(self) -> str:
        """Stable identity: the same passage of the same file gives the same key (and the
        version of what is indexed of it, so a change of that re-indexes every passage)."""
        embedded = " ".join(self.after.split()) in self.embed_text
        held = self.embed_text if embedded else f"{self.embed_text}\n{self.after}"
        held = f"{INDEXED_FORM}\n{held}"
        digest = hashlib.sha1(held.encode("utf-8")).hexdigest()[:16]
        return f"{self.path}#{self.line}#{digest}"


def cut_source(path: str, text: str, people: Sequence[str] = ()) -> list[CutPassage]:
    """The passages of one source file, ``path`` relative to the memory root; ``people``: the
    source's participants by name (its summary's), who name a sender written as an address."""
    channel = _channel(path)
    if path.endswith("summary.md"):
        return _summary(path, text)
    text = readable_raw(plain_text(text), channel_of_raw(path))  # the form the agents read
    head, body, body_line = _split_headers(text)
    date = sent_moment(head)
    sender = _person(head.get("from", ""), people)
    found: list[CutPassage] = []
    subject = head.get("subject", "").strip()
    if subject:
        line = next((n for n, t in enumerate(text.splitlines(), 1) if t.startswith("Subject:")), 1)
        found.append(_one(path, line, subject, subject, channel, "subject", sender, date))
    if channel == "emails":
        found += _email(path, body, body_line, sender, date)
    elif channel in ("calls", "sms"):
        found += _talk(path, body, body_line, channel, sender, date)
    else:
        found += _paragraphs(path, body, body_line, channel, sender, date, "paragraph")
    return found


def _summary(path: str, text: str) -> list[CutPassage]:
    """A summary.md's paragraphs, dated by its frontmatter (``parse_summary``, the format's own
    reader); one that does not parse is cut whole and undated."""
    try:
        summary = parse_summary(text, path)
    except HarperMemoryError:
        return _paragraphs(path, text, 1, "summary", None, None, "summary")
    body_line = text[: len(text) - len(summary.body)].count("\n") + 1
    return _paragraphs(path, summary.body, body_line, "summary", None, summary.date, "summary")


def cut_state_notes(path: str, text: str) -> list[CutPassage]:
    """The free notes of a state.md (its body after the frontmatter, headings left out), dated
    by its ``updated_at``; nothing when it does not parse."""
    try:
        state = parse_state(text, path, missing_version=UNVERSIONED, lenient_stage=True)
    except HarperMemoryError:
        return []
    plain = plain_text(text)
    body_line = plain[: len(plain) - len(state.body)].count("\n") + 1
    lines = ["" if line.lstrip().startswith("#") else line for line in state.body.splitlines()]
    return _paragraphs(path, lines, body_line, "state", None, state.updated_at, "note")


def _channel(path: str) -> str:
    if path.endswith("summary.md"):
        return "summary"
    for channel in ("emails", "calls", "sms"):
        if f"/sources/{channel}/" in path:
            return channel
    return "other"


def _split_headers(text: str) -> tuple[dict[str, str], list[str], int]:
    """Header fields (lower-case keys), the body's lines, and the body's first line number."""
    lines = plain_text(text).splitlines()
    head: dict[str, str] = {}
    for number, line in enumerate(lines):
        if not line.strip():
            return head, lines[number + 1 :], number + 2
        key, sep, value = line.partition(":")
        if not sep or " " in key.strip():
            return head, lines[number:], number + 1  # no header block: all of it is body
        head[key.strip().lower()] = value.strip()
    return head, [], len(lines) + 1


def _person(address: str, people: Sequence[str] = ()) -> str | None:
    """The writer a ``From:`` names: its display name ("Hanlon, Rick" as "Rick Hanlon"), else
    the one of ``people`` its address is made of ("rtate@..." for Rochelle Tate), else the
    address as written."""
    name = address.split("<")[0].strip().strip('"')
    turned = _LAST_FIRST.fullmatch(name)
    if turned:
        return f"{turned.group(2)} {turned.group(1)}"
    if "@" in name:
        return _owner_of(name, people) or name
    return name or None


_LAST_FIRST = re.compile(r"([A-Z][\w'-]+), ([A-Z][\w'-]+(?: [A-Z]\.?)?)")
"""A display name written last name first, as address books export it."""


def _owner_of(address: str, people: Sequence[str]) -> str | None:
    """The only one of ``people`` whose name the address's local part is made of, as mail
    addresses are made: first, last, first and last, initial and last, first and initial."""
    local = re.sub(r"[^a-z]", "", address.split("@")[0].lower())
    owners = []
    for person in people:
        words = [w for w in re.sub(r"[^a-z ]", "", person.lower()).split() if w]
        if len(words) < 2 or not local:
            continue
        first, last = words[0], words[-1]
        forms = {first, last, first + last, first[0] + last, first + last[0], last + first}
        if local in forms:
            owners.append(person)
    return owners[0] if len(owners) == 1 else None


def _one(
    path: str,
    line: int,
    text: str,
    embed_text: str,
    channel: str,
    kind: str,
    speaker: str | None,
    date: datetime | None,
    after: str = "",
) -> CutPassage:
    return CutPassage(
        path=path,
        line=line,
        text=text,
        embed_text=embed_text,
        channel=channel,
        kind=kind,
        speaker=speaker,
        date=date,
        after=after,
    )


def _blocks(lines: list[str], first_line: int) -> list[tuple[int, list[str]]]:
    """Runs of non-blank lines with the line number of each run's first line."""
    blocks: list[tuple[int, list[str]]] = []
    current: list[str] = []
    start = first_line
    for offset, line in enumerate(lines):
        if line.strip():
            if not current:
                start = first_line + offset
            current.append(line.rstrip())
        elif current:
            blocks.append((start, current))
            current = []
    if current:
        blocks.append((start, current))
    return blocks


def _email(
    path: str, body: list[str], body_line: int, sender: str | None, date: datetime | None
) -> list[CutPassage]:
    found: list[CutPassage] = []
    speaker = sender
    in_signature = signed = False
    for start, block in _blocks(body, body_line):
        if _SIGNATURE_START.match(block[0].strip()):
            in_signature = True
            continue
        head = _message_head(block)
        if head:
            in_signature = signed = False  # a forwarded message starts: its sender speaks
            speaker = _writer(block[:head], speaker)
            if head == len(block):
                continue
            start, block = start + head, block[head:]  # its text may follow with no blank line
        if in_signature:
            continue
        if block[0].startswith(">") or _QUOTE_HEAD.match(block[0].strip()):
            found += _quoted(path, start, block, date)
            continue
        if _is_signature(block, sender, speaker):
            signed = True
            continue
        if _is_closer(block) or (signed and _ABOUT_THIS_MESSAGE.search(" ".join(block))):
            continue  # below the signature, a note on the message itself: a disclaimer
        found += _paragraph_pieces(path, start, block, "emails", "paragraph", speaker, date)
    return found


def _message_head(block: list[str]) -> int:
    """How many lines open ``block`` as the head of a forwarded or quoted message: the mail
    program's line ("-----Original Message-----") and the From/Sent/To/Subject lines after it,
    or header lines alone; 0 when the block opens with text."""
    at = 1 if _FORWARD_HEAD.match(block[0].strip()) else 0
    while at < len(block) and _HEADER_LINE.match(block[at]):
        at += 1
    return at


def _writer(head: list[str], speaker: str | None) -> str | None:
    """Who wrote the message under ``head`` (its From: line), else ``speaker`` as before."""
    named = next((line for line in head if line.lower().startswith("from:")), None)
    return _person(named.partition(":")[2]) if named else speaker


def _quoted(path: str, start: int, block: list[str], date: datetime | None) -> list[CutPassage]:
    """The quoted message under a reply ("> ..."), a passage per paragraph: the head of the
    message ("> From: ...", "> Subject: ...") is no passage but names who speaks, and neither
    is its writer's closing or signature."""
    opening = block[0].lstrip("> ").strip()
    head = _QUOTER.match(opening) if _QUOTE_HEAD.match(opening) else None
    speaker = head.group(1) if head else None
    found: list[CutPassage] = []
    signed = False
    for offset, lines in _quoted_paragraphs(block):
        inner = [line.lstrip("> ").rstrip() for line in lines]
        top = _message_head(inner)
        if top:
            signed = False  # an older message quoted in turn: its writer speaks
            speaker = _writer(inner[:top], speaker)
            offset, lines, inner = offset + top, lines[top:], inner[top:]
        cut = next((at for at, line in enumerate(inner) if _SIGNATURE_START.match(line)), None)
        if cut is not None:  # "--": the quoted writer's signature, and all below it, is no text
            lines, inner, signed = lines[:cut], inner[:cut], True
        below_signature = signed and cut is None
        if not lines or below_signature or _is_signature(inner, speaker) or _is_closer(inner):
            continue
        text = "\n".join(lines)
        plain = " ".join(" ".join(inner).split())
        found.append(_one(path, start + offset, text, plain, "emails", "quoted", speaker, date))
    return found


def _quoted_paragraphs(block: list[str]) -> list[tuple[int, list[str]]]:
    """The quoted lines of ``block`` in paragraphs (a bare ">" line between them), each with
    its first line's offset in the block; the "On ... wrote:" line is no part of any."""
    paragraphs: list[tuple[int, list[str]]] = []
    current: list[str] = []
    first = 0
    for offset, line in enumerate(block):
        inner = line.lstrip("> ").strip()
        if not line.startswith(">") or _QUOTE_HEAD.match(inner) or not inner:
            if current:
                paragraphs.append((first, current))
            current = []
            continue
        if not current:
            first = offset
        current.append(line.rstrip())
    if current:
        paragraphs.append((first, current))
    return paragraphs


def _is_signature(block: list[str], *senders: str | None) -> bool:
    """Contact details, a name-and-title block or a disclaimer: not something anyone said.

    By shape: most lines are contact details; or the block opens with the writer's name; or no
    line is a sentence and the lines look like a card (a "|" separator, a contact detail, a
    "Name, Title" or "Title, Company" line)."""
    contact = sum(1 for line in block if _CONTACT.search(line))
    if contact and contact * 2 >= len(block):
        return True
    first = block[0].strip()
    head = first.split("|")[0].split(",")[0].strip().lower()
    if any(s and head == s.lower() for s in senders):
        if first.lower() == head:
            return True  # the writer's name alone ("Walter Morrow Jr."): the card's first line
        return len(first) < 90 and not re.search(r"[.!?]\s*$", first)
    sentences = [line for line in block if re.search(r"[.!?:]\s*$", line.strip())]
    short = all(len(line.strip()) < 80 for line in block)
    card = any(
        "|" in line or _CONTACT.search(line) or _TITLE_LINE.match(line.strip()) for line in block
    )
    return not sentences and short and card


def _card_line(line: str) -> bool:
    """A line of a signature card (a table row "| a | b |" is not one)."""
    separated = "|" in line and not line.startswith("|")
    return separated or bool(_CONTACT.search(line)) or bool(_TITLE_LINE.match(line))


def _is_closer(block: list[str]) -> bool:
    """ "Thanks,\\nRick" or "Best," alone: one or two short lines, none a sentence."""
    if len(block) > 2:
        return False
    text = " ".join(block).strip()
    return len(text) <= 40 and not re.search(r"[.!?]\s*$", text) and len(text.split()) <= 5


def _paragraph_pieces(
    path: str,
    start: int,
    block: list[str],
    channel: str,
    kind: str,
    speaker: str | None,
    date: datetime | None,
) -> list[CutPassage]:
    """A paragraph as one passage, or a long one in pieces of whole sentences or lines."""
    text = "\n".join(block)
    if len(text) <= MAX_PASSAGE:
        return [_one(path, start, text, " ".join(text.split()), channel, kind, speaker, date)]
    found: list[CutPassage] = []
    piece: list[str] = []
    piece_line = start
    for offset, line in enumerate(block):
        if piece and len("\n".join(piece)) + len(line) > MAX_PASSAGE:
            found.append(_piece(path, piece_line, piece, channel, kind, speaker, date))
            piece, piece_line = [], start + offset
        piece.append(line)
    if piece:
        found.append(_piece(path, piece_line, piece, channel, kind, speaker, date))
    return found


def _piece(
    path: str,
    line: int,
    lines: list[str],
    channel: str,
    kind: str,
    speaker: str | None,
    date: datetime | None,
) -> CutPassage:
    text = "\n".join(lines)
    return _one(path, line, text, " ".join(text.split()), channel, kind, speaker, date)


def _paragraphs(
    path: str,
    text: str | list[str],
    first_line: int,
    channel: str,
    speaker: str | None,
    date: datetime | None,
    kind: str,
) -> list[CutPassage]:
    lines = text.splitlines() if isinstance(text, str) else text
    found: list[CutPassage] = []
    for start, block in _blocks(lines, first_line):
        if block[0].startswith("#") and len(block) == 1:
            continue  # a heading alone
        found += _paragraph_pieces(path, start, block, channel, kind, speaker, date)
    return found


def _talk(
    path: str,
    body: list[str],
    body_line: int,
    channel: str,
    sender: str | None,
    date: datetime | None,
) -> list[CutPassage]:
    """Turns (calls) or messages (sms), each embedded with the one after it."""
    turns: list[tuple[int, str, str | None, datetime | None]] = []
    day_first = channel == "sms" and writes_the_day_first(body, date)
    for offset, raw in enumerate(body):
        line = raw.strip()
        if not line:
            continue
        speaker, when = sender, date
        sms = _SMS_LINE.match(line) if channel == "sms" else None
        talk = _TALK_LINE.match(line) if sms is None else None
        if sms:
            sent = sms_moment(sms.group(1), day_first)
            when = sent.replace(tzinfo=UTC) if sent else date  # sources write UTC
            speaker = sms.group(2).strip()
            raw = line[sms.start(2) :]  # the time is the passage's date, not words of it
        elif talk:
            speaker = talk.group(1).strip()
            raw = line[talk.start(1) :]  # "[00:17] Nadia: ...": a recording's clock, no words
        elif turns and turns[-1][0] == body_line + offset - 1:
            number, previous, who, at = turns[-1]  # a turn running onto a second line
            turns[-1] = (number, previous + "\n" + raw.rstrip(), who, at)
            continue
        turns.append((body_line + offset, raw.rstrip(), speaker, when))
    found: list[CutPassage] = []
    kind = "message" if channel == "sms" else "turn"
    for i, (number, text, speaker, when) in enumerate(turns):
        after = _reply(turns, i)
        before = turns[i - 1][1] if channel == "sms" and i > 0 else ""
        following = turns[i + 1][1] if i + 1 < len(turns) else ""
        joined = " ".join(" ".join(part.split()) for part in (before, text, following) if part)
        found.append(_one(path, number, text, joined, channel, kind, speaker, when, after))
    return found


REPLY_TURNS = 2
"""How many turns after a question are kept as its reply (the client, then the bookkeeper)."""


def _reply(turns: list[tuple[int, str, str | None, datetime | None]], i: int) -> str:
    """The turn after turn ``i``. After a question, the reply runs on through the turns of
    other people until the one who asked speaks again (at most ``REPLY_TURNS``): "And the
    injury?" is answered by the owner's turn and the bookkeeper's after it."""
    if i + 1 >= len(turns):
        return ""
    asker, text = turns[i][2], turns[i][1]
    _, following, listener, _ = turns[i + 1]
    reply = [following]
    if text.rstrip().endswith("?") and asker:
        for _, later, who, _ in turns[i + 2 : i + 1 + REPLY_TURNS]:
            if who == asker or who is None:
                break
            reply.append(later)
    elif asker and listener != asker and _backchannel(following) and i + 2 < len(turns):
        _, goes_on, who, _ = turns[i + 2]
        if who == asker:
            reply.append(goes_on)  # "Uh oh." and the speaker goes on with what they meant
    return "\n".join(reply)


BACKCHANNEL_WORDS = 4
"""A turn this short that asks nothing only tells the speaker to go on ("Uh oh.", "Okay.")."""


def _backchannel(turn: str) -> bool:
    said = _TALK_LINE.sub(r"\2", turn.strip())
    return not said.rstrip().endswith("?") and len(said.split()) <= BACKCHANNEL_WORDS
