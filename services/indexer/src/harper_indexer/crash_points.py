"""Fault injection for the fault suite (``tests/reliability``): ``HARPER_INDEXER_CRASH`` set to
``before-upsert`` or ``after-upsert`` (optionally ``:<account id>``) makes the indexer exit at
once at that point of applying an account event, before the event is acknowledged."""

from __future__ import annotations

import logging
import os
from typing import Final, Literal

log = logging.getLogger(__name__)

CRASH_ENV: Final = "HARPER_INDEXER_CRASH"
CRASH_EXIT_CODE: Final = 75
CrashPoint = Literal["before-upsert", "after-upsert"]


class CrashPoints:
    def __init__(self, setting: str | None = None) -> None:
        value = (os.environ.get(CRASH_ENV, "") if setting is None else setting).strip()
        point, _, account = value.partition(":")
        self.point = point or None
        self.account = account or None

    def reached(self, point: CrashPoint, account_id: str) -> None:
        if self.point == point and self.account in (None, account_id):
            log.error("%s=%s: exiting %s of account %s", CRASH_ENV, point, point, account_id)
            os._exit(CRASH_EXIT_CODE)
