"""``/confirm`` on a drafted follow-up: approval and rejection both go to the follow-up agent on
FOLLOWUP_APPROVE; a second confirm sends nothing more; a refusal (expired) can be heard again."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

import pytest

from harper_common.bus.client import BusError
from harper_common.messages import subjects
from harper_common.messages.base import ErrorCode, ErrorReply
from harper_common.messages.followup import FollowupApproveRequest
from harper_common.messages.query import ConfirmRequest, FollowupResponse, IntentInfo
from harper_common.sessions import SessionStore
from harper_starter.confirm import ConfirmHandler


class FollowupAgent:
    """The follow-up agent's side of FOLLOWUP_APPROVE, scripted."""

    def __init__(self, refuse: str | None = None) -> None:
        self.decisions: list[tuple[str, FollowupApproveRequest]] = []
        self.refuse = refuse

    async def request(self, subject: str, message: Any, reply_type: object, **_: Any) -> Any:
        self.decisions.append((subject, message))
        if self.refuse:
            raise BusError(ErrorReply(code=ErrorCode.CONFLICT, message=self.refuse))
        return FollowupResponse(
            message="Sent email to Maple Avenue Dental" if message.approved else "Rejected",
            account_id="29041",
            account_name="Maple Avenue Dental",
            sent=message.approved,
            recorded=True,
        )


@pytest.fixture
async def drafted(save_session: Callable[..., Awaitable[str]]) -> str:
    """A follow-up draft waiting for the broker's approval."""
    return await save_session(
        "followup_approval",
        query="Follow up with Maple Avenue Dental",
        account=("Maple Avenue Dental", "29041"),
        intent=IntentInfo(intent="followup", confidence=0.92),
        with_action=True,
    )


@pytest.mark.anyio
@pytest.mark.parametrize("confirmed", [True, False])
async def test_the_decision_goes_to_the_followup_agent_once(
    sessions: SessionStore, drafted: str, confirmed: bool
) -> None:
    session_id = drafted
    agent = FollowupAgent()
    confirm = ConfirmHandler(sessions, agent)  # type: ignore[arg-type]
    request = ConfirmRequest(request_id="c1", session_id=session_id, confirmed=confirmed)
    reply = await confirm.handle(request)
    assert reply.type == "success" and reply.sent is confirmed
    [(subject, decision)] = agent.decisions
    assert subject == subjects.FOLLOWUP_APPROVE
    assert (decision.action_id, decision.approved) == (session_id, confirmed)
    again = await confirm.handle(request)
    assert again.type == "error" and again.code is ErrorCode.CONFLICT
    assert ("approved" if confirmed else "rejected") in again.message
    assert len(agent.decisions) == 1


@pytest.mark.anyio
async def test_a_refused_approval_is_reported_and_heard_again(
    sessions: SessionStore, drafted: str
) -> None:
    session_id = drafted
    agent = FollowupAgent(refuse="The follow-up draft for Maple Avenue Dental expired")
    confirm = ConfirmHandler(sessions, agent)  # type: ignore[arg-type]
    request = ConfirmRequest(request_id="c1", session_id=session_id)
    for _ in range(2):
        reply = await confirm.handle(request)
        assert reply.type == "error" and "expired" in reply.message
    assert len(agent.decisions) == 2
