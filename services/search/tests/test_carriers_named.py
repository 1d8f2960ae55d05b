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


def test_an_everyday_carrier_name_typed_in_lower_case_counts_where_the_files_name_it() -> None:
    files = [
        "Travelers declined the property on 10/8.",
        "From: Ann Lee <alee@travelers.com>",  # an address says nothing of how it is written
        "Submitted to Travelers and Markel.",
    ]
    assert carriers_named("anything travelers turned down", names_in=files) == {"Travelers"}
    assert carriers_named("anything travelers turned down") == set()
    everyday = ["Guests are travelers from out of state.", "Most travelers book online."]
    assert carriers_named("do travelers need a waiver", names_in=everyday) == set()
