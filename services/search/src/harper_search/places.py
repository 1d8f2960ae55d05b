"""US state names and their postal codes, for reading "accounts in Texas" as a filter."""

from __future__ import annotations

from harper_common.places import STATE_CODES

STATE_NAMES: dict[str, str] = {
    name: code for name, code in STATE_CODES.items() if name not in ("puerto rico", "washington dc")
}
"""Lower-case state name -> two-letter code: the states and DC, as questions name them (not
Puerto Rico, whose "PR" a question means otherwise; "Washington" alone is the state)."""
STATE_BY_CODE: dict[str, str] = {code: name.title() for name, code in STATE_NAMES.items()}
"""Two-letter code -> the state's name as written ("LA" -> "Louisiana")."""
