"""The figures each scenario measured, written as ``reports/reliability.md`` at the end."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path


@dataclass(frozen=True)
class Figure:
    scenario: str
    what: str
    value: str


@dataclass
class Report:
    figures: list[Figure] = field(default_factory=list)
    outcomes: dict[str, str] = field(default_factory=dict)
    """Test node id -> passed / failed / skipped."""

    def add(self, scenario: str, what: str, value: object) -> None:
        self.figures.append(Figure(scenario, what, str(value)))

    def markdown(self, mode: str, seconds: float) -> str:
        lines = [
            "# Reliability (`make reliability`)",
            "",
            f"Run {datetime.now(UTC):%Y-%m-%d %H:%M} UTC, mode {mode}, {seconds:.0f} s in all, "
            "on loopback (real nats-server and redis-server on free ports).",
            "",
            "| scenario | figure | value |",
            "|---|---|---|",
        ]
        lines += [f"| {f.scenario} | {f.what} | {f.value} |" for f in self.figures]
        lines += ["", "| test | outcome |", "|---|---|"]
        lines += [f"| `{test}` | {outcome} |" for test, outcome in self.outcomes.items()]
        return "\n".join(lines) + "\n"

    def write(self, path: Path, mode: str, seconds: float) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(self.markdown(mode, seconds))
