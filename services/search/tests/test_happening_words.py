"""A question about what happened lists the accounts whose files say it happened, in any of the
words of that happening ("Words of what happened")."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

if TYPE_CHECKING:
    from conftest import SaidListing


@pytest.mark.anyio
async def test_an_injury_told_in_its_own_words_is_someone_hurt(said_listing: SaidListing) -> None:
    said = {
        "52201": "A guest sprained her ankle on the dock last spring, the carrier paid it.",
        "52202": "The guest cabins need new roofs before the season.",
    }
    answer = await said_listing(said, "which guest got hurt", "guest hurt")
    assert "(account 52201)" in answer  # "sprained" says it
    assert "(account 52202)" not in answer  # a guest named, nobody hurt


@pytest.mark.anyio
async def test_what_the_question_denies_is_what_the_sentence_must_deny(
    said_listing: SaidListing,
) -> None:
    said = {
        "52301": "Acme Mutual told us they won't renew the shop policy in March.",
        "52302": "Acme Mutual told us the renewal quote is ready.",
    }
    question = "whose carrier told them it won't renew"
    answer = await said_listing(said, question, "whose carrier told won't renew")
    assert "(account 52301)" in answer  # "told" said plainly, "renew" denied
    assert "(account 52302)" not in answer  # renewing
