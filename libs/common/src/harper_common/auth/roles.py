"""The three roles and what each may do; higher roles may do all that lower ones may."""

from __future__ import annotations

from typing import Final, get_args

from harper_common.bus.routes import ServiceFailure
from harper_common.messages.base import Caller, ErrorCode, Role

ROLES: Final[tuple[Role, ...]] = get_args(Role)
"""Lowest first: viewer < broker < admin."""

ROLE_HELP: Final[dict[Role, str]] = {
    "viewer": "questions, files, the tree and the pending list",
    "broker": "also updates, new accounts, drafts, approvals, sending, filing communications",
    "admin": "also keys, the cache and unmatched communications",
}


def allows(role: Role, needed: Role) -> bool:
    return ROLES.index(role) >= ROLES.index(needed)


def may(caller: Caller | None, needed: Role) -> bool:
    """True for a caller whose role is enough; a request with no caller came from a service."""
    return caller is None or allows(caller.role, needed)


def require(caller: Caller | None, needed: Role, action: str) -> None:
    """Refuse (``forbidden``, nothing done) a caller whose role is not enough for ``action``."""
    if may(caller, needed):
        return
    assert caller is not None
    raise ServiceFailure(
        ErrorCode.FORBIDDEN,
        f"{action} needs the {needed} role; the key {caller.name!r} is a {caller.role}, "
        "so nothing was done.",
        fix=f"Ask an admin for a key with the {needed} role.",
    )
