"""An email as a mail client saved it (an .eml), in the contract's form.

A book saved from a mailbox keeps each email as it arrived (RFC 5322 with MIME): long header
lines folded onto the next, names and subjects with other than ASCII as encoded words
(``=?utf-8?q?Ren=C3=A9e?=``), the body as quoted-printable or base64 text, often beside an HTML
form of it or as HTML alone, attachments after it. ``mime_email`` gives what the contract
writes: one line per header, decoded, a blank line, the body as text.
"""

from __future__ import annotations

import email
import re
from email.errors import MessageError
from email.header import decode_header, make_header
from email.message import EmailMessage, Message
from email.policy import default as email_policy

from harper_common.memory.html_text import html_text

MIME_HEADERS = frozenset(
    {"mime-version", "content-type", "content-transfer-encoding", "content-disposition"}
)
"""Headers that say how the body is encoded: once the body is decoded, they say nothing."""
ENCODED_WORD = re.compile(r"=\?[^?\s]+\?[BbQq]\?[^?\s]*\?=")
"""An RFC 2047 encoded word: ``=?charset?Q-or-B?text?=``."""
ATTACHMENTS = "Attachments"
"""The header that names the files attached to a MIME email (their names only)."""


def decoded_words(value: str) -> str:
    """A header value with its RFC 2047 encoded words decoded (as written when one is not)."""
    try:
        return str(make_header(decode_header(value)))
    except (LookupError, UnicodeError, ValueError, MessageError):
        return value


def mime_email(text: str) -> str | None:
    """The MIME email ``text`` as headers (decoded, one line each, those of the encoding left
    out, the attachments' names in an ``Attachments:`` header) and the body as text (its plain
    part, else its HTML part read as text); None when the email package cannot read it."""
    try:
        message = email.message_from_string(text, policy=email_policy)
        if not isinstance(message, EmailMessage):
            return None
        body = _body_text(message)
        attached = [a.get_filename() or "" for a in message.iter_attachments()]
        headers = [
            f"{name}: {' '.join(str(value).split())}"
            for name, value in message.items()
            if name.lower() not in MIME_HEADERS
        ]
    except (LookupError, UnicodeError, ValueError, MessageError, KeyError):
        return None
    named = [name for name in attached if name]
    if named:
        headers.append(f"{ATTACHMENTS}: {', '.join(named)}")
    return "\n".join(headers) + "\n\n" + body + "\n"


def _body_text(message: EmailMessage) -> str:
    """The text of a message's body: its plain part, else (or when that is blank, as some
    clients send it) its HTML part read as text, else "" (a message of attachments alone)."""
    content = ""
    for kind in ("plain", "html"):
        part = message.get_body(preferencelist=(kind,))
        if part is not None:
            content = _content(part)
            content = html_text(content) if kind == "html" else content
        if content.strip():
            break
    lines = [line.rstrip() for line in content.replace("\r\n", "\n").split("\n")]
    return "\n".join(lines).strip("\n")


def _content(part: Message) -> str:
    """A text part's content, decoded by its charset (an unknown charset read as UTF-8 with
    what does not decode replaced)."""
    try:
        content = part.get_content()  # type: ignore[attr-defined]
    except LookupError:
        payload = part.get_payload(decode=True)
        content = payload.decode("utf-8", errors="replace") if isinstance(payload, bytes) else ""
    return content if isinstance(content, str) else ""
