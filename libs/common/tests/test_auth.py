"""Keys and roles: the admin key harper up keeps, role order, and the By line of history."""

from __future__ import annotations

import stat
from pathlib import Path

import pytest

from harper_common.auth.admin_key import ensure_admin_key
from harper_common.auth.keys import BadKeyName, check_name, hash_key, new_key
from harper_common.auth.roles import allows, require
from harper_common.bus.routes import ServiceFailure
from harper_common.memory.history import parse_history, render_history
from harper_common.messages.base import Caller, ErrorCode


def test_the_admin_key_is_made_once_kept_private_and_reused(tmp_path: Path) -> None:
    key, source = ensure_admin_key(tmp_path, None)
    assert key.startswith("hk_") and len(key) >= 3 + 32  # 192 random bits, base64url
    assert "made on first start" in source
    kept = tmp_path / "admin.key"
    assert stat.S_IMODE(kept.stat().st_mode) == 0o600
    again, source = ensure_admin_key(tmp_path, None)
    assert again == key and "kept in" in source
    assert ensure_admin_key(tmp_path, "hk_given") == ("hk_given", "HARPER_ADMIN_KEY")


def test_keys_are_random_and_only_their_hash_is_compared() -> None:
    first, second = new_key(), new_key()
    assert first != second
    assert hash_key(first) != hash_key(second) and len(hash_key(first)) == 64


def test_key_names_are_checked() -> None:
    assert check_name("jordan.hale") == "jordan.hale"
    assert check_name("a-b_c.d.e") == "a-b_c.d.e"
    for bad in ("", "Jordan", "a b", "x" * 64, "-lead", "name.", "a..b", "a.", ".a"):
        with pytest.raises(BadKeyName):
            check_name(bad)


def test_roles_are_ordered_and_refusal_is_forbidden() -> None:
    assert allows("admin", "broker") and allows("broker", "viewer")
    assert not allows("viewer", "broker")
    require(None, "admin", "anything")  # a service's own request carries no caller
    with pytest.raises(ServiceFailure) as refused:
        require(Caller(name="v", role="viewer"), "broker", "Changing an account")
    assert refused.value.code == ErrorCode.FORBIDDEN
    assert "broker role" in str(refused.value) and "nothing was done" in str(refused.value)


HISTORY = """## 2026-01-21T14:30:00Z

Stage updated from "Application Received" to "Quoted" based on premium quote of $2,600.

- **stage**: Application Received → Quoted
- **premium**: – → 2600
- **Evidence**: User command: "Mark as Quoted, $2,600 premium"
- **By**: jordan.hale
- **Previous**: [2026-01-15T10:00:00Z](#2026-01-15t100000z)

---
"""


def test_by_is_read_and_written_back_byte_for_byte() -> None:
    history = parse_history(HISTORY)
    assert history.entries[0].by == "jordan.hale"
    assert history.entries[0].details == []
    assert render_history(history) == HISTORY
