"""Carriers named in a question or a passage, from the shared vocabulary."""

from __future__ import annotations

from harper_search.carriers import carriers_named


def test_a_carrier_is_named_however_a_broker_types_it() -> None:
    assert carriers_named("did we put anybody with hartford this year") == {"The Hartford"}
    assert carriers_named("| BOP | The Hartford | office contents |") == {"The Hartford"}
    assert carriers_named("anything placed with LIBERTY MUTUAL?") == {"Liberty Mutual"}


def test_a_carrier_whose_name_is_an_everyday_word_only_as_written() -> None:
    assert carriers_named("Progressive quoted the trucks") == {"Progressive"}
    assert carriers_named("a progressive discount on the next step") == set()
    assert carriers_named("employers in erie county") == set()
