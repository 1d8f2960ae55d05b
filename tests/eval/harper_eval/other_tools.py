"""``python -m harper_eval.other_tools <book> [--split dev]``: a book's memory as other tools save
the same files, put to the local search agent beside the book as written.

Brokerages will not write their files the way Harper does: Windows editors save a byte-order
mark and CR LF line ends, or the text in Windows-1252 ("ANSI"); a mail client exports ``Date: Tue, 18 Nov 2026 16:05:00 -0600`` or
saves the message whole as it arrived (MIME: quoted-printable, base64, HTML); a CRM writes
``premium: "$15,950"``, ``stage: Quote Pitched`` and its lines as one comma list, and a
person types values without quotes, colons and all; a phone
exports ``2026-11-20 6:20 PM Theo: ...`` and a chat app ``[11/20/26, 6:20:00 PM] Theo:``; a
transcription service writes a call as WebVTT cues or as speaker lines with the words below;
an importer numbers sources (``email_001``) instead of dating them; an address carries its
ZIP code. Each change here says the same thing in another form (the
moments, amounts and names are unchanged), so every question answered right on the book must
be answered right on the copy.
"""

from __future__ import annotations

import argparse
import asyncio
import functools
import hashlib
import random
import re
import shutil
import sys
import tempfile
from collections.abc import Callable
from datetime import UTC, datetime
from email.header import Header
from email.message import Message
from email.mime.multipart import MIMEMultipart
from email.mime.text import MIMEText
from email.policy import compat32
from email.utils import format_datetime
from html import escape
from pathlib import Path
from quopri import encodestring
from zoneinfo import ZoneInfo

from harper_eval.books import Book, load_book
from harper_eval.direct import ask, local_search

CENTRAL = ZoneInfo("America/Chicago")
STAGE_ALIASES = {
    "Quoted": "Quote Pitched",
    "Submitted": "Submission",
    "Application Received": "Application",
    "New Lead": "New",
}
MIME_POLICY = compat32.clone(linesep="\n", max_line_length=78)
_HEADER_NAMES = re.compile(r"^(From|To|Cc|Date|Subject|Participants|Duration):", re.M)


def _files(mem: Path, name: str) -> list[Path]:
    return sorted(p for p in mem.rglob(name) if p.is_file())


def _rewrite(path: Path, change: Callable[[str], str]) -> None:
    path.write_text(change(path.read_text(encoding="utf-8")), encoding="utf-8")


def _rewrite_some(
    mem: Path, name: str, chosen: Callable[[int], bool], change: Callable[[str], str]
) -> None:
    """``change`` the files called ``name`` whose number (in path order) is ``chosen``."""
    for number, path in enumerate(_files(mem, name)):
        if chosen(number):
            _rewrite(path, change)


def mail_client_dates(mem: Path) -> None:
    """Each source's ``Date:`` in RFC 2822, in the agency's own zone; every other email as an
    Outlook export writes it, ``Sent: Tuesday, November 18, 2026 4:05 PM`` (UTC): the same
    moments."""

    def change(text: str, outlook: bool) -> str:
        def said(found: re.Match[str]) -> str:
            moment = datetime.fromisoformat(found.group(1))
            if outlook:
                return f"Sent: {moment.astimezone(UTC):%A, %B %d, %Y %I:%M %p}"
            return f"Date: {format_datetime(moment.astimezone(CENTRAL))}"

        return re.sub(r"^Date: (\d{4}-\d{2}-\d{2}T\S+)$", said, text, count=1, flags=re.M)

    for number, path in enumerate(_files(mem, "raw.txt")):
        outlook = path.parts[-3] == "emails" and number % 2 == 0
        _rewrite(path, functools.partial(change, outlook=outlook))


def address_only_senders(mem: Path) -> None:
    """Every third email's sender as its address alone ("From: rick@..."): its summary still
    names who took part."""
    for number, path in enumerate(_files(mem, "raw.txt")):
        if path.parts[-3] == "emails" and number % 3 == 0:
            _rewrite(
                path,
                lambda t: re.sub(r"^From: [^<\n]*<([^>]+)>", r"From: \1", t, count=1, flags=re.M),
            )


def mail_client_messages(mem: Path) -> None:
    """Emails saved as the mail client received them (an .eml): MIME headers, long headers
    folded onto the next line, a subject with other than ASCII encoded (RFC 2047), the body as
    quoted-printable text beside its HTML form, or alone in base64, or as HTML alone. Every
    other email; the rest stay plain text."""
    emails = [path for path in _files(mem, "raw.txt") if path.parts[-3] == "emails"]
    for number, path in enumerate(emails):
        form = ("alternative", None, "base64", None, "alternative", None, "html", None)[number % 8]
        if form is not None:
            _rewrite(path, functools.partial(_as_mime, form=form))


def _as_mime(text: str, form: str) -> str:
    head, _, body = text.partition("\n\n")
    html = (
        "<html><body>"
        + "".join(
            f"<p>{'<br>'.join(escape(line) for line in paragraph.splitlines())}</p>"
            for paragraph in body.split("\n\n")
        )
        + "</body></html>"
    )
    key = hashlib.sha1(head.encode("utf-8")).hexdigest()
    message: Message
    if form == "alternative":
        message = MIMEMultipart(
            "alternative", boundary=f"----=_Part_{int(key[:12], 16)}.{key[12:28]}"
        )
        message.attach(MIMEText(body, "plain", "utf-8"))
        message.attach(MIMEText(html, "html", "utf-8"))
    elif form == "base64":
        message = MIMEText(body, "plain", "utf-8")
    else:
        message = MIMEText(html, "html", "utf-8")
    for part in message.walk():
        if not part.is_multipart() and form != "base64":
            payload = part.get_payload(decode=True)
            del part["Content-Transfer-Encoding"]
            part["Content-Transfer-Encoding"] = "quoted-printable"
            part.set_payload(encodestring(payload).decode("ascii"))
    mime = message.items()
    for name, _ in mime:
        del message[name]
    for line in head.splitlines():
        name, _, value = line.partition(": ")
        message[name] = Header(value, "utf-8") if not value.isascii() else value
    message["Message-ID"] = f"<{key[:16]}@mail.example.com>"
    for name, value in mime:
        message[name] = value
    written = message.as_string(policy=MIME_POLICY)
    top, _, rest = written.partition("\n\n")
    return top.replace("; boundary=", ";\n\tboundary=") + "\n\n" + rest  # folded as clients do


def lower_case_headers(mem: Path) -> None:
    for path in _files(mem, "raw.txt"):
        _rewrite(path, lambda t: _HEADER_NAMES.sub(lambda m: m.group(1).lower() + ":", t))


def phone_sms_times(mem: Path) -> None:
    """SMS lines timed on a 12-hour clock ("2026-11-20 6:20 PM Theo: ..."); other threads as a
    chat app exports them, in the US ("[11/20/26, 6:20:00 PM] Theo: ...") or with the day
    first ("20/11/2026, 18:20 - Theo: ...")."""

    def stamped(found: re.Match[str], form: int) -> str:
        day = datetime.strptime(found.group(1), "%Y-%m-%d")
        hour = int(found.group(2))
        half = "PM" if hour >= 12 else "AM"
        clock = f"{(hour % 12) or 12}:{found.group(3)}"
        if form == 1:
            return f"[{day:%m/%d/%y}, {clock}:00 {half}] "
        if form == 2:
            return f"{day:%d/%m/%Y}, {hour:02d}:{found.group(3)} - "
        return f"{found.group(1)} {clock} {half} "

    threads = [path for path in _files(mem, "raw.txt") if path.parts[-3] == "sms"]
    for number, path in enumerate(threads):
        said = functools.partial(stamped, form=number % 3)
        _rewrite(path, lambda t, said=said: re.sub(r"^(\S+) (\d{2}):(\d{2}) ", said, t, flags=re.M))


def recording_clocks(mem: Path) -> None:
    """Call turns opening with the recording's clock: "[01:08] Celeste: ..." in one call,
    "00:01:08 Celeste: ..." (a meeting app's export) in the next."""

    def clocked(text: str, bracketed: bool) -> str:
        head, _, body = text.partition("\n\n")
        said = []
        for n, line in enumerate(body.split("\n")):
            clock = (
                f"[{n // 60:02d}:{n % 60:02d}]" if bracketed else f"00:{n // 60:02d}:{n % 60:02d}"
            )
            said.append(f"{clock} {line}" if line.strip() else line)
        return f"{head}\n\n" + "\n".join(said)

    calls = [path for path in _files(mem, "raw.txt") if path.parts[-3] == "calls"]
    for number, path in enumerate(calls):
        if number % 2 == 0:  # the others are transcript_exports'
            _rewrite(path, functools.partial(clocked, bracketed=number % 4 == 0))


_TURN = re.compile(r"^([^:\n]{1,80}): (.*)$")


def transcript_exports(mem: Path) -> None:
    """Every other call as a transcription service exports it: the speaker and the clock on a
    line of their own with the words below (a notes app's form), or WebVTT cues, the speaker
    written "Name: words" (a video-call app's form) or in a voice tag ("<v Name>words</v>")."""

    def exported(text: str, form: str) -> str:
        head, _, body = text.partition("\n\n")
        turns = [_TURN.match(line) for line in body.split("\n") if line.strip()]
        said = [(m.group(1), m.group(2)) if m else ("", "") for m in turns]
        out: list[str] = ["WEBVTT", ""] if form != "notes" else []
        for n, (who, words) in enumerate(said):
            start, end = (
                f"00:{n // 6:02d}:{n % 6 * 10:02d}",
                f"00:{n // 6:02d}:{n % 6 * 10 + 9:02d}",
            )
            if form == "notes":
                out += [f"{who}  {n // 6}:{n % 6 * 10:02d}", words, ""]
            elif form == "cues":
                out += [str(n + 1), f"{start}.000 --> {end}.500", f"{who}: {words}", ""]
            else:
                out += [f"{start}.000 --> {end}.500", f"<v {who}>{words}</v>", ""]
        return f"{head}\n\n" + "\n".join(out)

    calls = [path for path in _files(mem, "raw.txt") if path.parts[-3] == "calls"]
    for number, path in enumerate(calls):
        form = {1: "notes", 3: "cues", 5: "notes", 7: "voices"}.get(number % 8)
        if form is not None:
            _rewrite(path, functools.partial(exported, form=form))


def crm_state_fields(mem: Path) -> None:
    """state.md as a CRM export writes it: stage aliases, premiums with a dollar sign and
    thousands commas, lines as one comma list, a ZIP code after the state, keys in another
    order and one key Harper does not know."""
    shuffle = random.Random(14)
    for path in _files(mem, "state.md"):
        text = path.read_text(encoding="utf-8")
        _, fields, body = text.split("---\n", 2)
        fields = re.sub(
            r"^stage: (.+)$",
            lambda m: "stage: " + STAGE_ALIASES.get(m.group(1).strip(), m.group(1)),
            fields,
            count=1,
            flags=re.M,
        )
        fields = re.sub(
            r"^premium: (\d+)$", lambda m: f'premium: "${int(m.group(1)):,}"', fields, flags=re.M
        )
        fields = re.sub(
            r"^insurance_types: \[(.*)\]$",
            lambda m: "insurance_types: " + m.group(1).replace('"', ""),
            fields,
            flags=re.M,
        )
        fields = re.sub(
            r'^location: "?([^"\n]+?, [A-Z]{2})"?$', r"location: \1 00000", fields, flags=re.M
        )
        blocks = re.split(r"\n(?=\S)", fields.strip("\n"))
        shuffle.shuffle(blocks)
        path.write_text("---\n" + "\n".join(["crm_owner: front desk", *blocks]) + "\n---\n" + body)


def stages_with_notes(mem: Path) -> None:
    """Every third state.md's stage followed by a note, as a CRM's free stage field holds it
    ("Quoted - since 2026-11-19")."""
    _rewrite_some(mem, "state.md", lambda number: number % 3 == 1, _stage_with_a_note)


def _stage_with_a_note(text: str) -> str:
    since = re.search(r"^last_contact: \"?([0-9-]+)", text, re.M)
    note = f" - since {since.group(1)}" if since else " - see notes"
    return re.sub(
        r"^stage: \"?(.+?)\"?\s*$",
        lambda m: f'stage: "{m.group(1)}{note}"',
        text,
        count=1,
        flags=re.M,
    )


def contacts_on_one_line(mem: Path) -> None:
    """Every other state.md's primary contact typed on one line, as a person keeps it
    ("primary_contact: Rick Hanlon, rick@..., (410) 555-0163")."""
    _rewrite_some(mem, "state.md", lambda number: number % 2 == 1, _contact_on_one_line)


def _contact_on_one_line(text: str) -> str:
    block = re.search(r"^primary_contact:\n((?:  \w+: .*\n)+)", text, re.M)
    if block is None:
        return text
    said = dict(re.findall(r"^  (\w+): (.*)$", block.group(1), re.M))
    parts = [said[key].strip('"') for key in ("name", "email", "phone") if key in said]
    return text.replace(block.group(0), f"primary_contact: {', '.join(parts)}\n")


_QUOTED_VALUE = re.compile(r'^([A-Za-z_]+: |\s+- |\s+[a-z_]+: )"((?:[^"\\]|\\.)*)"$', re.M)


def hand_written_states(mem: Path) -> None:
    """Every other state.md with its values written as a person types them: no quotes, though
    a value holds a colon ("lost_reason: Price: the incumbent renewed lower")."""
    for number, path in enumerate(_files(mem, "state.md")):
        if number % 2 == 0:
            text = path.read_text(encoding="utf-8")
            _, fields, body = text.split("---\n", 2)
            fields = _QUOTED_VALUE.sub(
                lambda m: m.group(1) + m.group(2).replace('\\"', '"'), fields
            )
            path.write_text(f"---\n{fields}---\n{body}", encoding="utf-8")


def numbered_sources(mem: Path) -> None:
    """Every other account's sources named by number, in an order unrelated to time, as a tool
    that imported them names them (``email_001``, ``call_002``); the questions' citations of
    them (the book's ``questions.jsonl`` beside the memory) follow the new names."""
    renamed: dict[str, str] = {}
    for number, account in enumerate(sorted(mem.glob("accounts/*"))):
        if number % 2 == 1:
            continue
        for channel in sorted(p for p in (account / "sources").glob("*") if p.is_dir()):
            folders = sorted(
                (f for f in channel.iterdir() if f.is_dir()),
                key=lambda f: hashlib.sha1(f.name.encode("utf-8")).hexdigest(),
            )
            for count, folder in enumerate(folders, start=1):
                new = folder.with_name(f"{folder.name.split('_')[0]}_{count:03d}")
                folder.rename(new)
                renamed[f"{folder.relative_to(mem)}/"] = f"{new.relative_to(mem)}/"
    questions = mem.parent / "questions.jsonl"
    lines = questions.read_text(encoding="utf-8").splitlines()
    for old, new in renamed.items():
        lines = [line.replace(old, new).replace(old[:-1] + '"', new[:-1] + '"') for line in lines]
    questions.write_text("\n".join(lines) + "\n", encoding="utf-8")


def windows_editor(mem: Path) -> None:
    """Every file saved with a byte-order mark and CR LF line ends."""
    for path in sorted(p for p in mem.rglob("*") if p.is_file()):
        text = path.read_text(encoding="utf-8").replace("\n", "\r\n")
        path.write_bytes(b"\xef\xbb\xbf" + text.encode("utf-8"))


def windows_ansi(mem: Path) -> None:
    """Every third state.md, raw.txt and summary.md saved in Windows-1252 (Notepad's "ANSI"),
    when all its characters have a place there; CR LF line ends kept, no byte-order mark."""
    names = ("state.md", "raw.txt", "summary.md")
    files = sorted(p for p in mem.rglob("*") if p.is_file() and p.name in names)
    for number, path in enumerate(files):
        if number % 3 == 0:
            text = path.read_bytes().decode("utf-8-sig")
            try:
                path.write_bytes(text.encode("cp1252"))
            except UnicodeEncodeError:
                continue  # a line in another script (Vietnamese) stays UTF-8


RESAVES: tuple[Callable[[Path], None], ...] = (
    mail_client_dates,
    address_only_senders,
    mail_client_messages,
    lower_case_headers,
    phone_sms_times,
    recording_clocks,
    transcript_exports,
    crm_state_fields,
    stages_with_notes,
    contacts_on_one_line,
    hand_written_states,
    numbered_sources,
    windows_editor,
    windows_ansi,
)
"""In this order: the last two change the bytes of every file the others wrote."""


def resaved(book: Book, folder: Path) -> Book:
    """A copy of ``book`` under ``folder`` with its memory as other tools save it."""
    copy = folder / book.name
    shutil.copytree(book.mem.parent, copy)
    for resave in RESAVES:
        resave(copy / "mem")
    return load_book(book.name, folder)


async def passes(book: Book, split: str) -> dict[str, bool]:
    """Each question of the split of ``book``: answered right or not."""
    found: dict[str, bool] = {}
    with local_search(book) as local:
        for question in book.split(split):
            _, grade = await ask(local, question)
            found[question.id] = grade.passed
    return found


async def compare(name: str, split: str, folder: Path) -> tuple[dict[str, bool], dict[str, bool]]:
    book = load_book(name)
    return await passes(book, split), await passes(resaved(book, folder), split)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("book")
    parser.add_argument("--split", default="dev", choices=("dev", "test"))
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="harper-resaved-") as folder:
        written, other = asyncio.run(compare(args.book, args.split, Path(folder)))
    lost = sorted(q for q, ok in written.items() if ok and not other[q])
    print(f"as written: {sum(written.values())}/{len(written)} right")
    print(f"as other tools save it: {sum(other.values())}/{len(other)} right")
    print(f"right only as written: {', '.join(lost) or 'none'}")
    return 1 if lost else 0


if __name__ == "__main__":
    sys.exit(main())
