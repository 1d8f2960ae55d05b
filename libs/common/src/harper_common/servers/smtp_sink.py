"""A local SMTP sink: accepts every mail on a loopback port and keeps each one as a ``.eml`` file.

``harper up`` starts it (``HARPER_SMTP_HOST``/``HARPER_SMTP_PORT``, mail under
``<data dir>/mail``) so follow-up email really goes over SMTP without reaching anyone. Run alone:

    python -m harper_common.servers.smtp_sink --host 127.0.0.1 --port 2525 --dir .harper/mail

In tests, ``SmtpSink(folder).start()`` runs the same server in a thread on a free port.
"""

from __future__ import annotations

import argparse
import email
import email.policy
import os
import signal
import sys
import threading
import uuid
from datetime import UTC, datetime
from email.message import EmailMessage
from pathlib import Path
from types import FrameType
from typing import Any

from aiosmtpd.controller import Controller
from aiosmtpd.smtp import SMTP, Envelope, Session

from harper_common.servers.processes import ManagedProcess, free_port, wait_for_port

MAIL_SUFFIX = ".eml"


class MailboxHandler:
    """aiosmtpd handler: every accepted message is written whole to its own file."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.folder.mkdir(parents=True, exist_ok=True)

    async def handle_DATA(self, server: SMTP, session: Session, envelope: Envelope) -> str:  # noqa: N802
        content = envelope.original_content or b""
        if isinstance(envelope.content, bytes) and not content:
            content = envelope.content
        stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%S%fZ")
        write_mail(self.folder / f"{stamp}-{uuid.uuid4().hex[:8]}{MAIL_SUFFIX}", content)
        return "250 Message accepted for delivery"


def write_mail(path: Path, content: bytes) -> None:
    """Write a file so a reader never sees half of it (temp file, fsync, rename)."""
    temporary = path.with_suffix(".tmp")
    with temporary.open("wb") as handle:
        handle.write(content)
        handle.flush()
        os.fsync(handle.fileno())
    temporary.replace(path)


def read_mailbox(folder: Path) -> list[EmailMessage]:
    """The mail the sink received, oldest first."""
    if not folder.is_dir():
        return []
    messages = []
    for path in sorted(folder.glob(f"*{MAIL_SUFFIX}")):
        parsed: Any = email.message_from_bytes(path.read_bytes(), policy=email.policy.default)
        messages.append(parsed)
    return messages


class SmtpSink:
    """The sink in this process (a thread): ``start()``, then ``host``/``port``, then ``stop()``."""

    def __init__(
        self,
        folder: Path,
        host: str = "127.0.0.1",
        port: int | None = None,
        ident: str = "Harper SMTP sink",
    ) -> None:
        self.folder = folder
        self.host = host
        self.port = port or free_port(host)
        self.controller = Controller(
            MailboxHandler(folder), hostname=host, port=self.port, ident=ident
        )

    def start(self) -> SmtpSink:
        self.controller.start()
        return self

    def stop(self) -> None:
        self.controller.stop()

    def __enter__(self) -> SmtpSink:
        return self.start()

    def __exit__(self, *_exc: object) -> None:
        self.stop()


def start_smtp_sink(
    host: str, port: int, folder: Path, log_dir: Path, ident: str = "Harper SMTP sink"
) -> ManagedProcess:
    """The sink as a child process (what ``harper up`` and the integration harness start).

    ``ident`` goes into its greeting (``harper up`` puts the instance's name there).
    """
    argv = [
        sys.executable, "-m", "harper_common.servers.smtp_sink",
        "--host", host, "--port", str(port), "--dir", str(folder.resolve()),
        "--ident", ident,
    ]  # fmt: skip
    process = ManagedProcess("smtp-sink", argv, log_dir / "smtp-sink.log")
    process.start()
    wait_for_port(process, host, port)
    return process


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="Local SMTP sink: stores each mail as .eml.")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=2525)
    parser.add_argument("--dir", type=Path, required=True)
    parser.add_argument("--ident", default="Harper SMTP sink", help="Said in the greeting.")
    args = parser.parse_args(argv)
    stop = threading.Event()

    def on_signal(signum: int, frame: FrameType | None) -> None:
        stop.set()

    signal.signal(signal.SIGTERM, on_signal)
    signal.signal(signal.SIGINT, on_signal)
    with SmtpSink(args.dir, args.host, args.port, args.ident):
        print(f"smtp sink on {args.host}:{args.port}, mail in {args.dir}", flush=True)  # noqa: T201
        stop.wait()


if __name__ == "__main__":
    main()
