"""The agency's own people on an account, read from state.md's fields beyond the format."""

from __future__ import annotations

from pathlib import Path

from harper_common.memory.paths import MemoryRoot
from harper_search.catalog import Catalog
from harper_search.staff import name_parts, staff_named, staff_of


def test_staff_fields_are_read_and_other_fields_are_not() -> None:
    extra = {"broker": "ana.ortiz", "carrier": "Erie", "account_manager": " Joe Pike "}
    assert staff_of(extra) == ("ana.ortiz", "Joe Pike")
    assert name_parts("ana.ortiz") == {"ana", "ortiz"}


def test_a_possessive_names_a_person_even_when_the_word_is_also_a_place() -> None:
    people = ["ana.ortiz", "joe.pike"]
    assert staff_named("joe's open deals", people, other_words={"joe"}) == {"joe.pike"}
    assert staff_named("deals on joe street", people, other_words={"joe"}) == set()
    assert staff_named("which ones does ortiz have", people, other_words=set()) == {"ana.ortiz"}
    assert staff_named("which ones are quoted", people, other_words=set()) == set()


def _account(root: Path, account_id: str, name: str, broker: str | None) -> None:
    folder = root / "accounts" / account_id
    folder.mkdir(parents=True)
    staff = f"broker: {broker}\n" if broker else ""
    (folder / "state.md").write_text(
        f'---\naccount_id: "{account_id}"\nname: {name}\nstage: Quoted\n'
        f'location: "Reno, NV"\n{staff}version: 0\n---\n# {name}\n',
        encoding="utf-8",
    )


def test_the_catalog_finds_the_accounts_a_named_person_handles(tmp_path: Path) -> None:
    _account(tmp_path, "101", "Pike Street Pottery", "ana.ortiz")
    _account(tmp_path, "102", "Sierra Drone Works", "joe.pike")
    _account(tmp_path, "103", "Basin Septic", "joe.pike")
    _account(tmp_path, "104", "Tahoe Kites", None)
    catalog = Catalog(MemoryRoot(tmp_path))
    catalog.build()
    assert catalog.handled_by("joe's accounts") == ({"joe.pike"}, {"102", "103"})
    # "pike" is also a word of an account's name: only its possessive names the person
    assert catalog.handled_by("anything at pike") == (set(), set())
    assert catalog.handled_by("what's ana got") == ({"ana.ortiz"}, {"101"})
