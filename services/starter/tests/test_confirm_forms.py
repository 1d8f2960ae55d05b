"""``/confirm`` on a vague update: the filled form travels typed to the updater; a form with a
wrong field is refused at once, naming it, with nothing sent and the session still open."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

import pytest

from harper_common.messages import subjects
from harper_common.messages.base import ErrorCode
from harper_common.messages.query import (
    AgentRequest,
    ConfirmRequest,
    IntentInfo,
    UpdateResponse,
    VagueUpdateForm,
)
from harper_common.sessions import SessionStore
from harper_starter.confirm import ConfirmHandler


class Updater:
    def __init__(self) -> None:
        self.sent: list[tuple[str, AgentRequest]] = []

    async def request(self, subject: str, message: Any, reply_type: object, **_: Any) -> Any:
        self.sent.append((subject, message))
        return UpdateResponse(message="Updated", account_id="29119", account_name="Sunny Days")


@pytest.fixture
async def vague(save_session: Callable[..., Awaitable[str]]) -> str:
    """A vague update waiting for its clarification form."""
    return await save_session(
        "vague_update",
        query="Update Sunny Days",
        account=("Sunny Days", "29119"),
        intent=IntentInfo(intent="update", confidence=0.9),
    )


@pytest.mark.anyio
async def test_a_form_with_a_wrong_field_is_refused_naming_it_and_can_be_sent_again(
    sessions: SessionStore, vague: str
) -> None:
    session_id = vague
    updater = Updater()
    confirm = ConfirmHandler(sessions, updater)  # type: ignore[arg-type]
    bad = ConfirmRequest(
        request_id="c1", session_id=session_id, clarification_data={"colour": "red", "stage": 3}
    )
    refused = await confirm.handle(bad)
    assert refused.type == "error" and refused.code == ErrorCode.BAD_REQUEST
    assert "colour" in refused.message and "stage" in refused.message
    assert updater.sent == []

    good = ConfirmRequest(
        request_id="c2",
        session_id=session_id,
        clarification_data={"stage": "Bound", "insurance_types": ["General Liability"]},
    )
    applied = await confirm.handle(good)
    assert applied.type == "success"
    [(subject, sent)] = updater.sent
    assert subject == subjects.UPDATER_CLARIFIED and sent.new_account is None
    assert sent.clarification == VagueUpdateForm(
        stage="Bound", insurance_types=["General Liability"]
    )
