"""The agency's own people on an account (state.md's broker and the like) tell of no competitor:
what they say of the markets we go to names no rival agency."""

from __future__ import annotations

from harper_common.memory.state import UNVERSIONED, parse_state
from harper_search.account_engine import agency_people, said_by_us
from harper_search.passages import Passage

STATE = (
    '---\naccount_id: "61001"\nname: Dune Kites\nstage: Quoted\nbroker: nora.vance\n'
    "version: 1\n---\n# Dune Kites\n"
)


def _said(speaker: str | None) -> Passage:
    return Passage(
        path="accounts/61001/sources/calls/call_20261101_0900/raw.txt",
        text="I'll take it to two markets and call you when I have numbers.",
        speaker=speaker,
        context="",
        date="2026-11-01",
        channel="calls",
        position=3,
    )


def test_the_brokers_own_words_are_ours_and_the_clients_are_not() -> None:
    ours = agency_people(parse_state(STATE, "accounts/61001/state.md", missing_version=UNVERSIONED))
    assert ours == {"nora", "vance"}
    assert said_by_us(_said("Nora"), ours)
    assert said_by_us(_said("Nora Vance"), ours)
    assert not said_by_us(_said("Dale Pruitt"), ours)
    assert not said_by_us(_said(None), ours)
    assert agency_people(None) == set()
