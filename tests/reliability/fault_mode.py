"""Fast or full: ``make test`` runs every scenario small (the default), ``make reliability``
sets ``HARPER_RELIABILITY=full`` for the real sizes and ``HARPER_RELIABILITY_REPORT`` for where
the figures go. ``HARPER_RELIABILITY_NEGATIVE=<safeguard>`` turns one safeguard off by hand to
show that its test then fails (the negative controls; see each test)."""

from __future__ import annotations

import os

FULL = os.environ.get("HARPER_RELIABILITY", "").strip().lower() == "full"
NEGATIVE = os.environ.get("HARPER_RELIABILITY_NEGATIVE", "").strip().lower()


def sized(fast: int, full: int) -> int:
    """``fast`` in the fast suite, ``full`` under ``make reliability``."""
    return full if FULL else fast


def negative(safeguard: str) -> bool:
    """True when this run turns ``safeguard`` off to show its test fails without it."""
    return NEGATIVE == safeguard
