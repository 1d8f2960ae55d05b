"""An answer as a brain hands it back: the text, the files it cites, notes for the broker."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class Draft:
    answer: str
    citations: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    account_id: str | None = None
    account_name: str | None = None
    evidence_failed: str | None = None
    """Why the evidence check did not pass, when it did not (the answer is then flagged)."""

    def cite(self, *paths: str) -> None:
        for path in paths:
            if path not in self.citations:
                self.citations.append(path)

    def flag_evidence(self, reason: str) -> None:
        """Record that the evidence check did not pass, and say so in the notes."""
        self.evidence_failed = reason
        self.notes.append(f"Evidence check not passed: {reason}.")
