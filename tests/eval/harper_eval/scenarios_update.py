"""Update scenarios: send a change through /query (and /confirm), then look at the files.

After each change: state.md holds the new value, history.md gained linked entries whose chain
verifies, check-memory finds nothing wrong with the account, and a follow-up question answers
from the new state (the index and the query cache followed the change).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from harper_common.demo.truth import AccountTruth
from harper_eval.client import HarperClient, Reply
from harper_eval.grading import states_fact
from harper_eval.scenario import Memory, ScenarioResult
from harper_eval.truth import US_STATES

NEW_ACCOUNT = "Lakeshore Pediatrics"


def _other_stage(current: str) -> str:
    return "Quoted" if current != "Quoted" else "Submitted"


class UpdateScenarios:
    def __init__(self, client: HarperClient, memory: Memory, accounts: Sequence[AccountTruth]):
        if len(accounts) < 7:
            raise ValueError(f"update scenarios need 7 reserved accounts, got {len(accounts)}")
        self.client = client
        self.memory = memory
        self.accounts = list(accounts)

    def all(self) -> list[Callable[[], ScenarioResult]]:
        return [
            self.stage_change,
            self.premium_change,
            self.note,
            self.next_step,
            self.vague_then_form,
            self.new_account,
            self.nonsense_stage,
            self.two_in_a_row,
        ]

    # helpers

    def _send(self, result: ScenarioResult, text: str, session_id: str | None = None) -> Reply:
        reply = self.client.query(text, session_id)
        result.latency_ms.append(reply.latency_ms)
        return reply

    def _applied(self, result: ScenarioResult, reply: Reply) -> bool:
        return result.check(
            "answered by the updater",
            reply.outcome == "success:updater_agent",
            f"got {reply.outcome}: {str(reply.body.get('message', ''))[:160]}",
        )

    def _history_grew(
        self, result: ScenarioResult, account_id: str, before: list[str], by: int, reply: Reply
    ) -> None:
        after = self.memory.history_ids(account_id)
        result.check(
            f"history.md gained {by} entr{'y' if by == 1 else 'ies'}",
            len(after) == len(before) + by and after[: len(before)] == before,
            f"{len(before)} entries before, {len(after)} after",
        )
        entry_id = reply.body.get("history_entry_id")
        if by and entry_id:
            result.check(
                "history_entry_id is the newest entry",
                bool(after) and after[-1] == entry_id,
                f"reply says {entry_id}, newest is {after[-1] if after else None}",
            )
        problems = self.memory.chain_problems(account_id)
        result.check("history chain verifies", not problems, "; ".join(problems)[:300])
        errors = self.memory.account_problems(account_id)
        result.check("check-memory finds no error", not errors, "; ".join(errors)[:300])

    def _answers(self, result: ScenarioResult, text: str, fact: str, what: str) -> None:
        reply = self._send(result, text)
        answer = str(reply.body.get("answer", ""))
        result.check(
            f"a later question sees {what}",
            reply.outcome == "success:search_agent" and states_fact(answer, fact),
            f"asked {text!r}, got {reply.outcome}: {answer[:160] or reply.body.get('message')}",
        )

    # scenarios

    def stage_change(self) -> ScenarioResult:
        account = self.accounts[0]
        result = ScenarioResult("U-01", f"stage change: mark {account.name} as another stage")
        state = self.memory.state(account.id)
        current = str(state.stage) if state else str(account.stage)
        target = _other_stage(current)
        before = self.memory.history_ids(account.id)
        reply = self._send(result, f"mark {account.name} as {target.lower()}")
        if self._applied(result, reply):
            changes = reply.body.get("changes") or []
            result.check(
                "the reply lists the stage change",
                any(c.get("field") == "stage" and c.get("new_value") == target for c in changes),
                f"changes: {changes}",
            )
        after = self.memory.state(account.id)
        result.check(
            f"state.md stage is {target}",
            after is not None and str(after.stage) == target,
            f"stage is {after.stage if after else 'unreadable'}",
        )
        self._history_grew(result, account.id, before, 1, reply)
        self._answers(result, f"what stage is {account.name} in now", target, "the new stage")
        place = US_STATES.get(account.state, account.state)
        self._answers(
            result,
            f"which {target.lower()} accounts are in {place}",
            account.name,
            "the account under its new stage (description index)",
        )
        return result

    def premium_change(self) -> ScenarioResult:
        account = self.accounts[1]
        result = ScenarioResult("U-02", f"premium change on {account.name}")
        before = self.memory.history_ids(account.id)
        reply = self._send(result, f"set the premium for {account.name} to $4,750")
        self._applied(result, reply)
        after = self.memory.state(account.id)
        result.check(
            "state.md premium is 4750",
            after is not None and after.premium == 4750,
            f"premium is {after.premium if after else 'unreadable'}",
        )
        self._history_grew(result, account.id, before, 1, reply)
        self._answers(result, f"premium on {account.name}?", "$4,750", "the new premium")
        return result

    def note(self) -> ScenarioResult:
        account = self.accounts[2]
        result = ScenarioResult("U-03", f"note on {account.name}")
        before = self.memory.history_ids(account.id)
        text = "client wants an umbrella quote next year"
        reply = self._send(result, f"add a note to {account.name}: {text}")
        self._applied(result, reply)
        history = self.memory.history(account.id)
        written = self.memory.state_text(account.id) + (
            "\n".join(e.summary + str(e.details) for e in history.entries) if history else ""
        )
        result.check("the note is in state.md or history.md", "umbrella quote" in written)
        self._history_grew(result, account.id, before, 1, reply)
        return result

    def next_step(self) -> ScenarioResult:
        account = self.accounts[3]
        result = ScenarioResult("U-04", f"next step on {account.name}")
        before = self.memory.history_ids(account.id)
        reply = self._send(
            result, f"change the next step for {account.name} to send loss runs to the underwriter"
        )
        self._applied(result, reply)
        after = self.memory.state(account.id)
        result.check(
            "state.md next_step mentions the loss runs",
            after is not None and "loss runs" in (after.next_step or "").lower(),
            f"next_step is {after.next_step if after else 'unreadable'!r}",
        )
        self._history_grew(result, account.id, before, 1, reply)
        self._answers(result, f"next step for {account.name}?", "loss runs", "the new next step")
        return result

    def vague_then_form(self) -> ScenarioResult:
        account = self.accounts[4]
        result = ScenarioResult("U-05", f"vague update of {account.name}, then the form")
        before = self.memory.history_ids(account.id)
        untouched = self.memory.state_text(account.id)
        reply = self._send(result, f"update {account.name}")
        asked = result.check(
            "asks what to change (vague_update_clarification)",
            reply.type == "vague_update_clarification" and bool(reply.body.get("session_id")),
            f"got {reply.outcome}",
        )
        result.check(
            "nothing written before the form is filled",
            self.memory.state_text(account.id) == untouched,
            "state.md changed",
        )
        if asked:
            fields = {f.get("id") for f in reply.body.get("clarification_fields", [])}
            result.check("the form offers stage and note", {"stage", "note"} <= fields, str(fields))
            state = self.memory.state(account.id)
            target = _other_stage(str(state.stage) if state else str(account.stage))
            done = self.client.confirm(
                {
                    "session_id": reply.body["session_id"],
                    "confirmed": True,
                    "clarification_data": {"stage": target, "note": "stage set from the form"},
                }
            )
            result.latency_ms.append(done.latency_ms)
            self._applied(result, done)
            after = self.memory.state(account.id)
            result.check(
                f"state.md stage is {target}",
                after is not None and str(after.stage) == target,
                f"stage is {after.stage if after else 'unreadable'}",
            )
            self._history_grew(result, account.id, before, 1, done)
        return result

    def new_account(self) -> ScenarioResult:
        result = ScenarioResult("U-06", f"new account {NEW_ACCOUNT}: confirm, create, note")
        ids_before = set(self.memory.account_ids())
        reply = self._send(result, f"Add a note to {NEW_ACCOUNT}: referred by a current client")
        asked = result.check(
            "asks to create the account (confirmation_required)",
            reply.type == "confirmation_required" and bool(reply.body.get("session_id")),
            f"got {reply.outcome}",
        )
        result.check(
            "nothing created before confirming",
            set(self.memory.account_ids()) == ids_before,
            "an account folder appeared",
        )
        if not asked:
            return result
        done = self.client.confirm(
            {
                "session_id": reply.body["session_id"],
                "confirmed": True,
                "industry": "Medical Clinic",
                "location": "Austin, TX",
                "primary_email": "office@lakeshorepeds.example",
                "insurance_types": ["Professional Liability", "General Liability"],
            }
        )
        result.latency_ms.append(done.latency_ms)
        result.check("confirm succeeds", done.type == "success", f"got {done.outcome}")
        new_ids = set(self.memory.account_ids()) - ids_before
        result.check("one account folder created", len(new_ids) == 1, f"new: {sorted(new_ids)}")
        if len(new_ids) == 1:
            account_id = new_ids.pop()
            state = self.memory.state(account_id)
            result.check(
                "state.md names the account",
                state is not None and state.name == NEW_ACCOUNT,
                f"state: {state.name if state else 'unreadable'}",
            )
            result.check(
                "state.md has the location from the form",
                state is not None and "Austin" in (state.location or ""),
            )
            problems = self.memory.chain_problems(account_id)
            result.check("history chain verifies", not problems, "; ".join(problems)[:300])
            errors = self.memory.account_problems(account_id)
            result.check("check-memory finds no error", not errors, "; ".join(errors)[:300])
        again = self._send(result, f"what stage is {NEW_ACCOUNT} in")
        result.check(
            "the new account is found by name afterwards",
            again.type != "confirmation_required",
            f"got {again.outcome}",
        )
        return result

    def nonsense_stage(self) -> ScenarioResult:
        account = self.accounts[5]
        result = ScenarioResult("U-07", f"unknown stage for {account.name} changes nothing")
        untouched = self.memory.state_text(account.id)
        reply = self._send(result, f"mark {account.name} as purple")
        result.check(
            "not reported as a stage change",
            not any(c.get("field") == "stage" for c in reply.body.get("changes") or []),
            f"changes: {reply.body.get('changes')}",
        )
        after = self.memory.state(account.id)
        result.check(
            "stage unchanged and state.md valid",
            after is not None and untouched != "" and str(after.stage) in untouched,
            "state.md unreadable or stage changed",
        )
        errors = self.memory.account_problems(account.id)
        result.check("check-memory finds no error", not errors, "; ".join(errors)[:300])
        return result

    def two_in_a_row(self) -> ScenarioResult:
        account = self.accounts[6]
        result = ScenarioResult("U-08", f"two updates in a row to {account.name}")
        before = self.memory.history_ids(account.id)
        first = self._send(result, f"move {account.name} to submitted")
        self._applied(result, first)
        second = self._send(result, f"set {account.name} premium to 9100")
        self._applied(result, second)
        after = self.memory.state(account.id)
        result.check(
            "both changes in state.md",
            after is not None and str(after.stage) == "Submitted" and after.premium == 9100,
            f"stage {after.stage if after else '?'}, premium {after.premium if after else '?'}",
        )
        self._history_grew(result, account.id, before, 2, second)
        history = self.memory.history(account.id)
        if history and len(history.entries) >= 2:
            last, prior = history.entries[-1], history.entries[-2]
            result.check(
                "the newest entry links to the one before",
                last.previous == prior.id,
                f"previous {last.previous}, prior {prior.id}",
            )
        return result
