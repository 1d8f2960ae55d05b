"""The accounts whose descriptions read closest, guessed below a listing by what the files say:
only while the files have not named a full listing."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

if TYPE_CHECKING:
    from conftest import SaidListing


MONTHS = ("January", "February", "March", "April", "May", "June", "July", "August", "September")


@pytest.mark.anyio
@pytest.mark.parametrize(("telling", "guessed"), [(9, False), (3, True)])
async def test_no_description_is_guessed_once_the_files_name_a_full_listing(
    described_listing: SaidListing, telling: int, guessed: bool
) -> None:
    """As many accounts as a listing by the files names: a description guess adds only noise;
    with fewer, the closest descriptions still follow."""
    said = {"52499": "Payroll is up a little this year."}  # the closest description
    said |= {f"5240{n}": f"We stacked firewood by the barn in {MONTHS[n]}." for n in range(telling)}
    answer = await described_listing(said, "any accounts with firewood", "firewood")
    assert "(account 52400)" in answer, answer
    assert ("read closest:" in answer) is guessed, answer
    assert ("(account 52499)" in answer) is guessed, answer
