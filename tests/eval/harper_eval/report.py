"""The figures of one eval run, as reports/eval.json and reports/eval.md."""

from __future__ import annotations

import json
import math
import statistics
from collections import Counter, defaultdict
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from harper_eval.books import BookResult
from harper_eval.client import Reply
from harper_eval.runner import IntentOutcome, SearchOutcome
from harper_eval.scenario import ScenarioResult

TARGETS = {"search": 0.90, "intent": 0.95, "clarification": 0.10}


def percentile(values: Sequence[float], pct: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, math.ceil(pct / 100 * len(ordered)) - 1))  # nearest rank
    return ordered[index]


def _fraction(hits: int, total: int) -> float:
    return round(hits / total, 4) if total else 0.0


def _ms(value: float) -> float:
    return round(value, 1)


def build_report(
    search: Sequence[SearchOutcome],
    intent: Sequence[IntentOutcome],
    updates: Sequence[ScenarioResult],
    followups: Sequence[ScenarioResult],
    meta: dict[str, Any],
    books: Sequence[BookResult] = (),
) -> dict[str, Any]:
    levels: dict[str, list[SearchOutcome]] = defaultdict(list)
    for outcome in search:
        levels[outcome.question.level].append(outcome)
    replies: list[Reply] = [o.reply for o in search] + [o.seen.final for o in intent]
    latencies = [r.latency_ms for r in replies]
    clear_search = list(search)
    clear_intent = [o for o in intent if o.probe.clear]
    clarified = sum(o.clarified for o in clear_search) + sum(o.clarified for o in clear_intent)
    asked_back = sum(o.reply.type == "confirmation_required" for o in clear_search) + sum(
        o.seen.final_kind == "confirmation_required" for o in clear_intent
    )
    claude = [r for r in replies if r.used_claude]
    agents: Counter[str] = Counter()
    for o in intent:
        if o.observed_outcome.startswith("error:"):
            agents[o.observed_outcome] += 1
    for s in search:
        if s.reply.type == "error":
            agents[f"search set {s.reply.outcome}"] += 1
    return {
        "search_accuracy": {
            level: _fraction(sum(o.grade.passed for o in levels[level]), len(levels[level]))
            for level in ("L1", "L2", "L3")
        },
        "intent_accuracy": _fraction(sum(o.intent_ok for o in intent), len(intent)),
        "routing_accuracy": _fraction(sum(o.routing_ok for o in intent), len(intent)),
        "outcome_accuracy": _fraction(sum(o.outcome_ok for o in intent), len(intent)),
        "clarification_rate": _fraction(clarified, len(clear_search) + len(clear_intent)),
        "new_account_prompt_rate": _fraction(asked_back, len(clear_search) + len(clear_intent)),
        "latency_ms": {
            "mean": _ms(statistics.fmean(latencies)) if latencies else 0.0,
            "p95": _ms(percentile(latencies, 95)),
            "p50": _ms(percentile(latencies, 50)),
            "p50_by_level": {
                level: _ms(percentile([o.reply.latency_ms for o in levels[level]], 50))
                for level in ("L1", "L2", "L3")
            },
            "p95_by_level": {
                level: _ms(percentile([o.reply.latency_ms for o in levels[level]], 95))
                for level in ("L1", "L2", "L3")
            },
            "intent_p50": _ms(percentile([o.seen.final.latency_ms for o in intent], 50)),
        },
        "tokens_per_query": (
            {
                "queries_on_claude": len(claude),
                "mean": round(statistics.fmean(r.tokens for r in claude), 1),
                "p95": percentile([float(r.tokens) for r in claude], 95),
            }
            if claude
            else None
        ),
        "update_scenarios": {
            "passed": sum(r.passed for r in updates),
            "total": len(updates),
            "checks_passed": _fraction(
                sum(c.ok for r in updates for c in r.checks), sum(len(r.checks) for r in updates)
            ),
        },
        "followup_scenarios": {
            "passed": sum(r.passed for r in followups),
            "total": len(followups),
            "checks_passed": _fraction(
                sum(c.ok for r in followups for c in r.checks),
                sum(len(r.checks) for r in followups),
            ),
        },
        "questions": {
            "search_L1": len(levels["L1"]),
            "search_L2": len(levels["L2"]),
            "search_L3": len(levels["L3"]),
            "search": len(search),
            "intent": len(intent),
            "update": len(updates),
            "followup": len(followups),
        },
        "by_intent_category": {
            category: {
                "n": len(items),
                "intent": _fraction(sum(o.intent_ok for o in items), len(items)),
                "routing": _fraction(sum(o.routing_ok for o in items), len(items)),
                "outcome": _fraction(sum(o.outcome_ok for o in items), len(items)),
            }
            for category, items in _group(intent).items()
        },
        "by_search_topic": {
            f"{level}:{topic}": _fraction(sum(o.grade.passed for o in items), len(items))
            for (level, topic), items in sorted(_topics(search).items())
        },
        "errors_seen": dict(agents),
        "search_failures_by_component": dict(
            Counter(blame(o) for o in search if not o.grade.passed).most_common()
        ),
        "brain": "claude" if claude else "local",
        "failures": {
            "search": [_search_failure(o) for o in search if not o.grade.passed],
            "intent": [
                _intent_failure(o)
                for o in sorted(intent, key=lambda o: (o.intent_ok and o.routing_ok, o.probe.id))
                if not (o.intent_ok and o.outcome_ok)
            ],
            "update": [_scenario(r) for r in updates],
            "followup": [_scenario(r) for r in followups],
        },
        "books": {book.book: _book(book) for book in books},
        "meta": meta,
    }


def _book(result: BookResult) -> dict[str, Any]:
    """Per half and level: right/total. Failures are listed for the dev half only: the test half
    is scored, never read for fixes."""
    halves: dict[str, Any] = {}
    for split in result.outcomes:
        levels = {}
        for level in ("L1", "L2", "L3"):
            right, total = result.accuracy(split, level)
            levels[level] = {"right": right, "total": total, "accuracy": _fraction(right, total)}
        halves[split] = levels
        outcomes = Counter(o.reply.outcome for o in result.outcomes[split])
        levels["outcomes"] = dict(outcomes.most_common())  # type: ignore[assignment]
        about_one = [o for o in result.outcomes[split] if o.question.account_id]
        resolved = sum(
            str(o.reply.body.get("account_id")) == o.question.account_id for o in about_one
        )
        levels["resolution"] = {  # type: ignore[assignment]
            "right": resolved,
            "total": len(about_one),
            "accuracy": _fraction(resolved, len(about_one)),
        }
    dev = result.outcomes.get("dev", [])
    return {
        "halves": halves,
        "seconds": result.seconds,
        "dev_failures": [_search_failure(o) for o in dev if not o.grade.passed],
    }


def blame(o: SearchOutcome) -> str:
    """Which part of Harper a failed search question points at."""
    if o.reply.outcome == "success:search_agent":
        return "search agent: answer incomplete or uncited"
    if o.reply.type == "error":
        return f"error: {o.reply.code or o.reply.status}"
    return f"starter: {o.reply.outcome} instead of the search agent"


def _group(intent: Sequence[IntentOutcome]) -> dict[str, list[IntentOutcome]]:
    groups: dict[str, list[IntentOutcome]] = defaultdict(list)
    for outcome in intent:
        groups[outcome.probe.category].append(outcome)
    return dict(groups)


def _topics(search: Sequence[SearchOutcome]) -> dict[tuple[str, str], list[SearchOutcome]]:
    groups: dict[tuple[str, str], list[SearchOutcome]] = defaultdict(list)
    for outcome in search:
        groups[(outcome.question.level, outcome.question.topic)].append(outcome)
    return dict(groups)


def _search_failure(o: SearchOutcome) -> dict[str, Any]:
    return {
        "id": o.question.id,
        "query": o.question.query,
        "expected": [f if isinstance(f, str) else list(f) for f in o.question.facts][:12],
        "got": o.reply.outcome,
        "answer": str(o.reply.body.get("answer") or o.reply.body.get("message", ""))[:300],
        "citations": (o.reply.body.get("citations") or [])[:6],
        "why": o.grade.reason,
        "missing_facts": o.grade.missing_facts[:6],
        "missing_citations": o.grade.missing_citations[:3],
        "wrongly_listed": o.grade.wrongly_listed[:6],
    }


def _intent_failure(o: IntentOutcome) -> dict[str, Any]:
    return {
        "id": o.probe.id,
        "category": o.probe.category,
        "query": o.probe.query,
        "expected": f"{o.probe.intent} -> {o.probe.outcome}",
        "got": f"{o.seen.intent} -> {o.observed_outcome}",
        "message": str(o.seen.final.body.get("message", ""))[:160],
    }


def _scenario(r: ScenarioResult) -> dict[str, Any]:
    return {
        "id": r.id,
        "title": r.title,
        "passed": r.passed,
        "checks": [{"name": c.name, "ok": c.ok, "detail": c.detail} for c in r.checks],
    }


def _pct(value: float) -> str:
    return f"{value * 100:.1f}%"


def _mark(ok: bool) -> str:
    return "yes" if ok else "**no**"


def render_markdown(report: dict[str, Any]) -> str:
    acc, lat = report["search_accuracy"], report["latency_ms"]
    q = report["questions"]
    lines = [
        "# Harper evaluation",
        "",
        f"Run {report['meta'].get('started', '')} against {report['meta'].get('target', '')}, "
        f"brain: {report['brain']}, {report['meta'].get('accounts', '?')} demo accounts "
        f"(seed {report['meta'].get('seed', '?')}). Rerun: `make eval`.",
        "",
    ]
    if not q["search"] and not q["intent"] and report.get("books"):  # only the books were run
        return "\n".join(lines + _book_table(report)) + "\n"
    lines += ["## Figures", "", "| figure | value | target | met |", "|---|---|---|---|"]
    for level in ("L1", "L2", "L3"):
        ok = acc[level] >= TARGETS["search"]
        lines.append(
            f"| search accuracy {level} ({q[f'search_{level}']} questions) | {_pct(acc[level])} "
            f"| >= 90% | {_mark(ok)} |"
        )
    lines += [
        f"| intent accuracy ({q['intent']} probes) | {_pct(report['intent_accuracy'])} | >= 95% "
        f"| {_mark(report['intent_accuracy'] >= TARGETS['intent'])} |",
        f"| routing accuracy (starter's part) | {_pct(report['routing_accuracy'])} | | |",
        f"| outcome accuracy (what the broker got) | {_pct(report['outcome_accuracy'])} | | |",
        f"| clarification rate on clear queries | {_pct(report['clarification_rate'])} | <= 10% "
        f"| {_mark(report['clarification_rate'] <= TARGETS['clarification'])} |",
        f"| 'create a new account?' on clear queries about known accounts "
        f"| {_pct(report['new_account_prompt_rate'])} | | |",
        f"| latency mean / p50 / p95 | {lat['mean']} / {lat['p50']} / {lat['p95']} ms | "
        f"mean < 5000 ms | {_mark(lat['mean'] < 5000)} |",
        f"| latency p50 by level L1 / L2 / L3 | {lat['p50_by_level']['L1']} / "
        f"{lat['p50_by_level']['L2']} / {lat['p50_by_level']['L3']} ms | | |",
    ]
    tokens = report["tokens_per_query"]
    lines.append(
        "| tokens per query (Claude brain) | "
        + (f"mean {tokens['mean']}, p95 {tokens['p95']}" if tokens else "n/a (local brain)")
        + " | | |"
    )
    for name in ("update_scenarios", "followup_scenarios"):
        s = report[name]
        lines.append(
            f"| {name.replace('_', ' ')} passed | {s['passed']}/{s['total']} "
            f"(checks {_pct(s['checks_passed'])}) | all | {_mark(s['passed'] == s['total'])} |"
        )
    memory = report["meta"].get("memory_after_run")
    if memory:
        lines.append(
            f"| check-memory errors after the run (state update consistency) | {memory['errors']} "
            f"in {memory['accounts']} accounts | 0 | {_mark(memory['errors'] == 0)} |"
        )
    lines += _book_table(report)
    lines += ["", "## Intent by category", "", "| category | n | intent | routing | outcome |"]
    lines.append("|---|---|---|---|---|")
    for category, row in report["by_intent_category"].items():
        lines.append(
            f"| {category} | {row['n']} | {_pct(row['intent'])} | {_pct(row['routing'])} "
            f"| {_pct(row['outcome'])} |"
        )
    lines += ["", "## Search by topic", "", "| level:topic | accuracy |", "|---|---|"]
    lines += [f"| {k} | {_pct(v)} |" for k, v in report["by_search_topic"].items()]
    if report["search_failures_by_component"]:
        lines += ["", "## Failed search questions by component", "", "| component | count |"]
        lines.append("|---|---|")
        lines += [f"| {k} | {v} |" for k, v in report["search_failures_by_component"].items()]
    if report["errors_seen"]:
        lines += ["", "## Errors seen", "", "| error | count |", "|---|---|"]
        lines += [f"| {k} | {v} |" for k, v in sorted(report["errors_seen"].items())]
    lines += _scenario_tables(report)
    lines += _failure_lists(report)
    return "\n".join(lines) + "\n"


def _book_table(report: dict[str, Any]) -> list[str]:
    """Search accuracy per level: the demo book beside each half of every hand-written book."""
    books = report.get("books") or {}
    if not books:
        return []
    columns = [("demo", None)] if report["questions"]["search"] else []
    columns += [
        (f"{name} {split}", (name, split)) for name in books for split in books[name]["halves"]
    ]
    lines = ["", "## Search accuracy by book (targets: test half L1 95%, L2 80%, L3 85%)", ""]
    lines += ["| level | " + " | ".join(c for c, _ in columns) + " |"]
    lines += ["|---|" + "---|" * len(columns)]
    for level in ("L1", "L2", "L3"):
        cells = []
        for _, where in columns:
            if where is None:
                n = report["questions"][f"search_{level}"]
                cells.append(f"{_pct(report['search_accuracy'][level])} ({n})")
            else:
                row = books[where[0]]["halves"][where[1]][level]
                cells.append(f"{_pct(row['accuracy'])} ({row['right']}/{row['total']})")
        lines.append(f"| {level} | " + " | ".join(cells) + " |")
    for name, book in books.items():
        for split, half in book["halves"].items():
            said = ", ".join(f"{k} {v}" for k, v in half.get("outcomes", {}).items())
            lines.append(f"\n{name} {split}, what the broker got: {said}")
            if "resolution" in half:
                r = half["resolution"]
                lines.append(
                    f"{name} {split}, questions about one account answered about that account: "
                    f"{r['right']}/{r['total']} ({_pct(r['accuracy'])})"
                )
        if book["dev_failures"]:
            lines += ["", f"### {name}: failed dev-half questions", ""]
            lines += ["| id | query | expected | why | answer |", "|---|---|---|---|---|"]
            for f in book["dev_failures"]:
                expected = ", ".join(str(e) for e in f["expected"])[:80]
                answer = " ".join(f["answer"].split())[:160]
                lines.append(
                    f"| {f['id']} | {f['query']} | {expected} | {f['why'][:80]} | {answer} |"
                )
    return lines


def _scenario_tables(report: dict[str, Any]) -> list[str]:
    lines: list[str] = []
    for name in ("update", "followup"):
        lines += ["", f"## {name.capitalize()} scenarios", "", "| id | scenario | result |"]
        lines.append("|---|---|---|")
        for s in report["failures"][name]:
            failed = [f"{c['name']} ({c['detail']})" for c in s["checks"] if not c["ok"]]
            verdict = "pass" if s["passed"] else "FAIL: " + "; ".join(failed)[:400]
            verdict = " ".join(verdict.split())
            lines.append(f"| {s['id']} | {s['title']} | {verdict.replace('|', '/')} |")
    return lines


def _failure_lists(report: dict[str, Any], limit: int = 40) -> list[str]:
    lines = ["", "## Failed search questions (first 40; all in eval.json)", ""]
    lines += ["| id | query | expected | got | why |", "|---|---|---|---|---|"]
    for f in report["failures"]["search"][:limit]:
        expected = ", ".join(str(e) for e in f["expected"])[:80]
        lines.append(
            f"| {f['id']} | {f['query']} | {expected} | {f['got']} | {f['why'][:120]} |".replace(
                "\n", " "
            )
        )
    lines += ["", "## Failed intent probes (starter's misses first; first 40, all in eval.json)"]
    lines.append("")
    lines += ["| id | query | expected | got |", "|---|---|---|---|"]
    for f in report["failures"]["intent"][:limit]:
        lines.append(f"| {f['id']} | {f['query']} | {f['expected']} | {f['got']} |")
    return lines


def write_reports(report: dict[str, Any], folder: Path) -> tuple[Path, Path]:
    folder.mkdir(parents=True, exist_ok=True)
    json_path, md_path = folder / "eval.json", folder / "eval.md"
    json_path.write_text(json.dumps(report, indent=2, default=str) + "\n", encoding="utf-8")
    md_path.write_text(render_markdown(report), encoding="utf-8")
    return json_path, md_path
