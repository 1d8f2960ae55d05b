"""Follow-up scenarios: the pending scan against the files, drafts, and recorded actions."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import date

from harper_common.demo.truth import AccountTruth
from harper_common.memory import FOLLOW_UP_RULES
from harper_eval.client import HarperClient, Reply
from harper_eval.scenario import Memory, ScenarioResult
from harper_eval.truth import is_overdue

URGENCY_ORDER = {"critical": 0, "high": 1, "normal": 2}


class FollowupScenarios:
    def __init__(
        self,
        client: HarperClient,
        memory: Memory,
        accounts: Sequence[AccountTruth],
        today: date,
    ) -> None:
        if len(accounts) < 5:
            raise ValueError(f"follow-up scenarios need 5 reserved accounts, got {len(accounts)}")
        self.client = client
        self.memory = memory
        self.accounts = list(accounts)
        self.today = today

    def before_writes(self) -> list[Callable[[], ScenarioResult]]:
        """Run on the untouched book, before any set drafts or writes: the pending scan."""
        return [self.pending_scan]

    def all(self) -> list[Callable[[], ScenarioResult]]:
        return [
            self.draft_email,
            self.draft_sms,
            self.execute,
            self.dry_run,
            self.via_query,
            self.batch,
        ]

    def _call(self, result: ScenarioResult, reply: Reply) -> Reply:
        result.latency_ms.append(reply.latency_ms)
        return reply

    def _ok(self, result: ScenarioResult, reply: Reply, what: str) -> bool:
        return result.check(
            f"{what} answers 200",
            reply.status == 200,
            f"{reply.status} {reply.code}: {str(reply.body.get('message', ''))[:160]}",
        )

    def _overdue_now(self) -> set[str]:
        """Due by the stage rules on ``today``, from state.md; never contacted counts as due."""
        due = set()
        for account_id in self.memory.account_ids():
            state = self.memory.state(account_id)
            if state is None:
                continue
            if state.last_contact is None:
                if FOLLOW_UP_RULES[state.stage].after_days is not None:
                    due.add(account_id)
            elif is_overdue(str(state.stage), state.last_contact, self.today):
                due.add(account_id)
        return due

    def _approve(self, result: ScenarioResult, reply: Reply, action_id: str) -> Reply:
        """Review-before mode: the broker approves the draft with /confirm."""
        approved = self._call(
            result, self.client.confirm({"session_id": action_id, "confirmed": True})
        )
        result.check(
            "approving the draft with /confirm succeeds",
            approved.type == "success",
            f"got {approved.outcome}: {str(approved.body.get('message', ''))[:160]}",
        )
        return approved

    def pending_scan(self) -> ScenarioResult:
        result = ScenarioResult("F-01", "GET /followup/pending lists exactly the overdue accounts")
        reply = self._call(result, self.client.call("GET", "/followup/pending"))
        if not self._ok(result, reply, "/followup/pending"):
            return result
        listed = [a.get("account_id") for a in reply.body.get("accounts", [])]
        expected = self._overdue_now()
        missing, extra = expected - set(listed), set(listed) - expected
        result.check(
            f"every overdue account listed ({len(expected)})",
            not missing,
            f"{len(missing)} missing, e.g. {sorted(missing)[:5]}",
        )
        result.check("no account listed that is not due", not extra, f"extra: {sorted(extra)[:5]}")
        result.check("no account listed twice", len(listed) == len(set(listed)))
        ranks = [URGENCY_ORDER.get(a.get("urgency", ""), 9) for a in reply.body.get("accounts", [])]
        result.check(
            "sorted by urgency", ranks == sorted(ranks), f"urgencies in order {ranks[:12]}"
        )
        result.check(
            "total matches the list",
            reply.body.get("total") == len(listed),
            f"total {reply.body.get('total')}",
        )
        return result

    def _draft_checks(
        self, result: ScenarioResult, draft: dict[str, object], account: AccountTruth
    ) -> None:
        body = str(draft.get("body") or "")
        result.check("the draft has a body", len(body.strip()) > 20, f"body {body[:80]!r}")
        names = account.contact.name.replace("Dr. ", "").split()
        result.check(
            "the draft addresses the contact by name",
            any(part in body for part in names if len(part) > 2),
            f"contact {account.contact.name!r} not in {body[:120]!r}",
        )
        context = [str(c) for c in draft.get("context_used") or []]  # type: ignore[attr-defined]
        result.check(
            "context_used names files read for it",
            bool(context),
            "context_used is empty",
        )

    def draft_email(self) -> ScenarioResult:
        account = self.accounts[0]
        result = ScenarioResult("F-02", f"draft an email to {account.name} (nothing recorded)")
        before = self.memory.history_ids(account.id)
        reply = self._call(
            result,
            self.client.call(
                "POST",
                "/followup/draft",
                json={
                    "account_id": account.id,
                    "channel": "email",
                    "purpose": "document follow-up",
                },
            ),
        )
        if self._ok(result, reply, "/followup/draft"):
            draft = reply.body.get("draft") or {}
            result.check("channel is email", draft.get("channel") == "email", str(draft))
            result.check("an email has a subject", bool(draft.get("subject")))
            self._draft_checks(result, draft, account)
        result.check(
            "a draft records nothing",
            self.memory.history_ids(account.id) == before,
            "history.md changed",
        )
        return result

    def draft_sms(self) -> ScenarioResult:
        account = self.accounts[1]
        result = ScenarioResult("F-03", f"draft a text to {account.name}")
        reply = self._call(
            result,
            self.client.call(
                "POST", "/followup/draft", json={"account_id": account.id, "channel": "sms"}
            ),
        )
        if self._ok(result, reply, "/followup/draft"):
            draft = reply.body.get("draft") or {}
            body = str(draft.get("body") or "")
            result.check("channel is sms", draft.get("channel") == "sms", str(draft)[:120])
            result.check("a text has no subject", not draft.get("subject"))
            result.check("a text is short (<= 480 chars)", 0 < len(body) <= 480, f"{len(body)}")
        return result

    def execute(self) -> ScenarioResult:
        account = self.accounts[2]
        result = ScenarioResult("F-04", f"execute a follow-up to {account.name} (recorded)")
        before = self.memory.history_ids(account.id)
        reply = self._call(
            result,
            self.client.call(
                "POST", "/followup/execute", json={"account_id": account.id, "dry_run": False}
            ),
        )
        if self._ok(result, reply, "/followup/execute"):
            outcome = reply.body.get("result") or {}
            entry_id = outcome.get("history_entry_id")
            action_id = reply.body.get("action_id")
            if not outcome.get("sent") and action_id:
                result.check("the draft waits for approval", outcome.get("success") is True)
                entry_id = self._approve(result, reply, str(action_id)).body.get("history_entry_id")
            else:
                result.check("success, sent and recorded", all(
                    outcome.get(k) for k in ("success", "sent", "recorded")
                ), str(outcome)[:200])  # fmt: skip
            after = self.memory.history_ids(account.id)
            result.check(
                "history.md gained the entry it names",
                len(after) == len(before) + 1 and after[-1] == entry_id,
                f"{len(before)} -> {len(after)}, reply {entry_id}",
            )
        problems = self.memory.chain_problems(account.id)
        result.check("history chain verifies", not problems, "; ".join(problems)[:300])
        return result

    def dry_run(self) -> ScenarioResult:
        account = self.accounts[3]
        result = ScenarioResult("F-05", f"dry run for {account.name} sends nothing")
        reply = self._call(
            result,
            self.client.call(
                "POST", "/followup/execute", json={"account_id": account.id, "dry_run": True}
            ),
        )
        if self._ok(result, reply, "/followup/execute"):
            outcome = reply.body.get("result") or {}
            result.check("not sent", outcome.get("sent") is False, str(outcome)[:200])
            result.check("a draft comes back", bool((reply.body.get("draft") or {}).get("body")))
        problems = self.memory.chain_problems(account.id)
        result.check("history chain verifies", not problems, "; ".join(problems)[:300])
        return result

    def via_query(self) -> ScenarioResult:
        account = self.accounts[4]
        result = ScenarioResult("F-06", f"'follow up with {account.name}' through /query")
        before = self.memory.history_ids(account.id)
        reply = self._call(result, self.client.query(f"follow up with {account.name}"))
        if result.check(
            "answered by the follow-up agent",
            reply.outcome == "success:followup_agent",
            f"got {reply.outcome}: {str(reply.body.get('message', ''))[:160]}",
        ):
            self._draft_checks(result, reply.body.get("draft") or {}, account)
            after = self.memory.history_ids(account.id)
            entry_id = reply.body.get("history_entry_id")
            if not reply.body.get("recorded"):
                result.check("nothing recorded before approval", after == before)
                session = reply.body.get("session_id")
                if session:
                    entry_id = self._approve(result, reply, str(session)).body.get(
                        "history_entry_id"
                    )
                    after = self.memory.history_ids(account.id)
            result.check(
                "recorded in history.md once sent",
                len(after) == len(before) + 1 and after[-1] == entry_id,
                f"{len(before)} -> {len(after)}, newest {after[-1:]}, reply {entry_id}",
            )
        problems = self.memory.chain_problems(account.id)
        result.check("history chain verifies", not problems, "; ".join(problems)[:300])
        return result

    def batch(self) -> ScenarioResult:
        result = ScenarioResult("F-07", "batch of 3, dry run")
        due = self._overdue_now()
        reply = self._call(
            result, self.client.call("POST", "/followup/batch", json={"limit": 3, "dry_run": True})
        )
        if self._ok(result, reply, "/followup/batch"):
            results = reply.body.get("results") or []
            result.check("at most 3 processed", 0 < len(results) <= 3, f"{len(results)}")
            result.check(
                "only overdue accounts",
                all(r.get("account_id") in due for r in results),
                str([r.get("account_id") for r in results]),
            )
            result.check(
                "nothing sent in a dry run",
                all(not (r.get("result") or {}).get("sent") for r in results),
            )
        return result
