"""The agent as the starter sees it: "Follow up with Maple Avenue Dental" on ``FOLLOWUP_QUERY``,
and the broker's approval or rejection from ``/confirm`` on ``FOLLOWUP_APPROVE``."""

from __future__ import annotations

from harper_common.auth.roles import require
from harper_common.messages.followup import FollowupApproveRequest, PendingFilters
from harper_common.messages.query import (
    AgentRequest,
    ClarificationNeeded,
    FollowupResponse,
    QueryResponse,
    UsageReport,
)
from harper_followup.agent import FollowupAgent, Outcome, execute_result
from harper_followup.prepare import channel_in_words

LISTED = 5


class Conversation:
    def __init__(self, agent: FollowupAgent) -> None:
        self.agent = agent

    async def query(self, request: AgentRequest) -> QueryResponse:
        if request.account is None:
            return await self._who_is_due(request)
        require(request.caller, "broker", "Drafting a follow-up")
        outcome = await self.agent.run(
            request.account.account_id,
            request.request_id,
            channel=channel_in_words(request.query),
            purpose=None,
            mode=None,
            query=request.query,
            intent=request.intent,
        )
        response = _response(request.request_id, outcome)
        note = self._due_note(outcome)
        if note:
            response.message = f"{response.message} {note}"
        return response

    def _due_note(self, outcome: Outcome) -> str:
        """Not due is a valid answer: say so when the broker asks early (pending-scan skill)."""
        state, days = outcome.data.account.state, outcome.data.days_since_contact
        rule = self.agent.rules.rule(state.stage.value)
        if rule is None or rule.after_days is None:
            return f"Note: {state.stage.value} accounts get no follow-up by the rules."
        if days is not None and days < rule.after_days:
            return (
                f"Note: it is early; last contact was {days} day(s) ago and "
                f"{state.stage.value} accounts are due after {rule.after_days}."
            )
        return ""

    async def approve(self, request: FollowupApproveRequest) -> QueryResponse:
        executor = self.agent.executor
        if not request.approved:
            action = await executor.reject(
                request.action_id, request.request_id, request.approved_by
            )
        else:
            action = await executor.approve(
                request.action_id, request.request_id, request.approved_by
            )
        result = execute_result(action)
        return FollowupResponse(
            request_id=request.request_id,
            message=result.message,
            account_id=action.account_id,
            account_name=action.account_name,
            draft=action.draft,
            sent=result.sent,
            recorded=result.recorded,
            history_entry_id=result.history_entry_id,
            action_id=action.action_id,
        )

    async def _who_is_due(self, request: AgentRequest) -> QueryResponse:
        """A follow-up without an account: list the most urgent due accounts to pick from."""
        today = self.agent.today()
        due = await self.agent.scanner.scan(
            PendingFilters(), today, self.agent.clock(), await self.agent.memory.snapshot()
        )
        if not due:
            message = f"No account is due for follow-up as of {today.isoformat()}."
            return ClarificationNeeded(
                request_id=request.request_id, message=message, original_query=request.query
            )
        top = due[:LISTED]
        listing = "; ".join(
            f"{a.account_name} ({a.stage}, {a.days_since_contact} days, {a.urgency})" for a in top
        )
        return ClarificationNeeded(
            request_id=request.request_id,
            message=f"{len(due)} accounts are due for follow-up. Most urgent: {listing}. "
            "Which one should I draft for? (POST /followup/batch drafts them in order.)",
            reason="Follow-up needs an account",
            suggestions=[f"Follow up with {a.account_name}" for a in top],
            original_query=request.query,
        )


def _response(request_id: str, outcome: Outcome) -> FollowupResponse:
    action, data = outcome.action, outcome.data
    contact = data.contact.name
    name = data.account.state.name
    channel = {"email": "an email", "sms": "a text", "call_script": "a call script"}[data.channel]
    about = data.points.topic
    if action is None:
        message = f"Drafted {channel} to {contact} at {name} about {about} (dry run: not sent)."
        sent = recorded = False
        entry = None
    elif action.status == "pending":
        message = (
            f"Drafted {channel} to {contact} at {name} about {about}. Approve it with /confirm "
            f"(session_id {action.action_id}) to send it, or reject it with confirmed: false."
        )
        sent = recorded = False
        entry = None
    else:
        result = execute_result(action)
        message, sent, recorded, entry = (
            result.message,
            result.sent,
            result.recorded,
            result.history_entry_id,
        )
    usage = UsageReport()
    for step in reversed(outcome.drafted.usage_steps()):
        usage = usage.with_step(step)
    return FollowupResponse(
        request_id=request_id,
        usage=usage,
        message=message,
        account_id=data.account.state.account_id,
        account_name=name,
        draft=outcome.drafted.draft,
        sent=sent,
        recorded=recorded,
        history_entry_id=entry,
        session_id=action.action_id if action and action.status == "pending" else None,
        action_id=action.action_id if action else None,
    )
