"""Deterministic demo data: a brokerage's accounts in memory format, and their ground truth.

``generate_demo`` is the entry point (see ``generate.py``); the truth models describe the JSON
written beside the memory root.
"""

from harper_common.demo.generate import DemoResult, generate_demo
from harper_common.demo.truth import (
    AccountTruth,
    ContactTruth,
    Fact,
    FactKind,
    GroundTruth,
    Style,
)

__all__ = [
    "AccountTruth",
    "ContactTruth",
    "DemoResult",
    "Fact",
    "FactKind",
    "GroundTruth",
    "Style",
    "generate_demo",
]
