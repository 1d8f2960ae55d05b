"""Emails saved as a mail client received them (.eml: folded headers, encoded words, MIME bodies
in quoted-printable, base64 or HTML) read as the same email written in the contract's form."""

from __future__ import annotations

import base64
import shutil
from datetime import UTC, datetime
from pathlib import Path

import pytest

from harper_common.memory import Channel, EmailMessage, check_memory, parse_raw, read_source
from harper_common.memory.html_text import html_text
from harper_common.memory.raw_forms import readable_raw

HANDWRITTEN = Path(__file__).parent / "fixtures" / "handwritten" / "accounts" / "29041"

ALTERNATIVE = """\
From: =?utf-8?q?Ana=C3=AFs_Leblanc?= <anais@example.com>
To: Tom Okafor <tom@agency.example>,
 Mai Tran <mai@example.com>
Date: Tue, 18 Nov 2026 10:02:00 -0600
Subject: =?utf-8?q?Caf=C3=A9_renewal_=E2=80=93_loss_runs?=
Message-ID: <a1b2c3@mail.example.com>
MIME-Version: 1.0
Content-Type: multipart/mixed;
\tboundary="outer-7f3a"

--outer-7f3a
Content-Type: multipart/alternative; boundary="inner-19cc"

--inner-19cc
Content-Type: text/plain; charset="utf-8"
Content-Transfer-Encoding: quoted-printable

Hi Tom,

Gulfport Mutual sent our loss history, attached =E2=80=93 five years, one claim (a=
 slip in the caf=C3=A9, $4,200 paid).

Ana=C3=AFs
--inner-19cc
Content-Type: text/html; charset="utf-8"
Content-Transfer-Encoding: quoted-printable

<p>Hi Tom,</p><p>Gulfport Mutual sent our loss history, attached.</p>
--inner-19cc--

--outer-7f3a
Content-Type: application/pdf; name="loss_runs_2021-2026.pdf"
Content-Disposition: attachment; filename="loss_runs_2021-2026.pdf"
Content-Transfer-Encoding: base64

JVBERi0xLjQK
--outer-7f3a--
"""

HTML_ONLY = """\
From: Sam Ortiz <sam@example.com>
To: Priya Nair <priya@agency.example>
Date: 2026-11-12T14:40:00Z
Subject: RE: marina quote
MIME-Version: 1.0
Content-Type: text/html; charset="us-ascii"
Content-Transfer-Encoding: quoted-printable

<html><head><style>p {margin:0}</style></head><body>
<div>Priya -</div><div><br></div>
<div>Two things the underwriter wanted:</div>
<ul><li>the fire suppression report</li><li>fuel dock &amp; tank details</li></ul>
<p>Both attached.<br>Sam</p>
<blockquote><div>On Thu, Nov 5, 2026 Priya Nair wrote:</div>
<div>Can you send the inspection report?</div></blockquote>
</body></html>
"""


def test_a_multipart_email_reads_as_its_plain_text_with_names_decoded() -> None:
    email = parse_raw(ALTERNATIVE, Channel.EMAIL, "raw.txt")
    assert isinstance(email, EmailMessage)
    assert email.sender == "Anaïs Leblanc <anais@example.com>"
    assert email.to == "Tom Okafor <tom@agency.example>, Mai Tran <mai@example.com>"
    assert email.subject == "Café renewal – loss runs"
    assert email.date == datetime(2026, 11, 18, 16, 2, tzinfo=UTC)
    assert "attached – five years, one claim (a slip in the café, $4,200 paid)." in email.body
    assert "=E2" not in email.body and "<p>" not in email.body and "JVBER" not in email.body
    headers = {h.name: h.value for h in email.other_headers}
    assert headers["Attachments"] == "loss_runs_2021-2026.pdf"
    assert "Content-Type" not in headers and "MIME-Version" not in headers


def test_an_html_email_reads_as_paragraphs_lists_and_a_quoted_message() -> None:
    email = parse_raw(HTML_ONLY, Channel.EMAIL, "raw.txt")
    assert isinstance(email, EmailMessage)
    assert email.body.split("\n") == [
        "Priya -",
        "",
        "Two things the underwriter wanted:",
        "",
        "- the fire suppression report",
        "- fuel dock & tank details",
        "",
        "Both attached.",
        "Sam",
        "",
        "> On Thu, Nov 5, 2026 Priya Nair wrote:",
        "",
        "> Can you send the inspection report?",
        "",
    ]


def test_a_base64_body_and_an_unknown_charset_still_read() -> None:
    said = "Premium is $15,950 – good through 12/12."
    encoded = base64.b64encode(said.encode("utf-8")).decode("ascii")
    head = "From: a@example.com\nDate: 2026-11-12T14:40:00Z\nSubject: quote\nMIME-Version: 1.0\n"
    plain = f'{head}Content-Type: text/plain; charset="utf-8"\nContent-Transfer-Encoding: base64\n'
    assert said in parse_raw(f"{plain}\n{encoded}\n", Channel.EMAIL).body  # type: ignore[union-attr]
    odd = f'{head}Content-Type: text/plain; charset="x-unknown-9"\n\nPremium is $15,950.\n'
    assert "Premium is $15,950." in parse_raw(odd, Channel.EMAIL).body  # type: ignore[union-attr]


def test_a_folded_header_of_a_call_reads_as_one_line() -> None:
    call = "Date: 2026-11-12T14:40:00Z\nParticipants: Priya Nair,\n  Sam Ortiz\nDuration: 4m\n\nSam: Hi.\n"
    assert parse_raw(call, Channel.CALL).participants == ["Priya Nair", "Sam Ortiz"]


def test_a_file_in_the_contracts_form_is_given_back_unchanged() -> None:
    for path in sorted(HANDWRITTEN.rglob("raw.txt")):
        text = path.read_text(encoding="utf-8")
        assert readable_raw(text) is text


@pytest.mark.parametrize(
    ("html", "text"),
    [
        ("a<br>b<br><br>c", "a\nb\n\nc"),
        ("<p>one</p><p>two&nbsp;words</p>", "one\n\ntwo words"),
        ("<script>x()</script><td>cell</td><td>next</td>", "cell next"),
        ("<blockquote><blockquote>deep</blockquote></blockquote>", "> > deep"),
    ],
)
def test_html_reads_as_a_person_reads_it(html: str, text: str) -> None:
    assert html_text(html) == text


def test_an_account_whose_emails_are_eml_files_checks_without_errors(tmp_path: Path) -> None:
    copy = tmp_path / "accounts" / "29041"
    shutil.copytree(HANDWRITTEN, copy)
    email = copy / "sources" / "emails" / "email_20260105_1403" / "raw.txt"
    email.write_text(ALTERNATIVE, encoding="utf-8")
    report = check_memory(tmp_path)
    assert report.errors == [] and report.valid_accounts == 1
    source = read_source(email.parent, Channel.EMAIL)
    assert "five years, one claim" in source.raw.body  # type: ignore[union-attr]


def test_a_blank_plain_part_gives_way_to_the_html_one() -> None:
    eml = (
        "From: a@example.com\nDate: 2026-11-12T14:40:00Z\nMIME-Version: 1.0\n"
        'Content-Type: multipart/alternative; boundary="x"\n\n--x\n'
        'Content-Type: text/plain; charset="utf-8"\n\n \n--x\n'
        'Content-Type: text/html; charset="utf-8"\n\n<p>Deposit is due Friday.</p>\n--x--\n'
    )
    assert parse_raw(eml, Channel.EMAIL).body == "Deposit is due Friday.\n"  # type: ignore[union-attr]
