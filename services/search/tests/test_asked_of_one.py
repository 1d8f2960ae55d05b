"""When the starter could not name the account of a question it read as about one, the search
agent still answers it about one account only if no word of the question speaks of several."""

from __future__ import annotations

import pytest

from harper_common.messages.query import AgentRequest, IntentInfo
from harper_search.local_brain import about_one_account


def _unnamed_one(question: str) -> AgentRequest:
    return AgentRequest(
        request_id="req-one",
        query=question,
        intent=IntentInfo(
            intent="search", confidence=0.85, cross_account=False, requires_specific_account=True
        ),
    )


@pytest.mark.parametrize(
    ("question", "one"),
    [
        ("what did the client say about the roof leak", True),
        ("when is the owner back from vacation", True),
        ("where is the signed app", True),
        ("where have we had to nudge the owner for a signed app", False),  # in which accounts
        ("where did the insured ask for a waiver of subrogation", False),
        ("whose carrier asked for a roof inspection", False),
        ("show me folks that went quiet after the quote", False),
        ("any insureds with a new driver", False),
        ("who keeps a hot tub for guests", False),  # "who" doing something: which accounts
        ("who is their underwriter now", True),
        ("who did the owner say signs", True),
    ],
)
def test_a_question_is_about_one_account_unless_a_word_speaks_of_several(
    question: str, one: bool
) -> None:
    assert about_one_account(_unnamed_one(question)) is one
