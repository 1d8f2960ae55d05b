"""``/admin/keys``: make, list and revoke API keys (admin only; the key is shown once)."""

from __future__ import annotations

from datetime import datetime

from fastapi import APIRouter, HTTPException, Request
from pydantic import BaseModel, ConfigDict, Field

from harper_common.auth.keys import BadKeyName, KeyNameTaken, KeyStore
from harper_common.messages.base import Role
from harper_gateway.auth import CallerDep
from harper_gateway.responses import Problem, ResponseBody, refusals

router = APIRouter(prefix="/admin/keys", tags=["admin"], responses=refusals())


class NewKeyBody(BaseModel):
    model_config = ConfigDict(extra="forbid")

    name: str = Field(min_length=1, max_length=63, description="Who the key is for: a-z 0-9 . _ -")
    role: Role = "viewer"


class NewKey(ResponseBody):
    name: str
    role: Role
    key: str
    """The key itself: shown this once, kept nowhere but its hash."""


class KeyInfo(ResponseBody):
    name: str
    role: Role
    created_at: datetime
    created_by: str | None = None


class KeyList(ResponseBody):
    keys: list[KeyInfo]


class Revoked(ResponseBody):
    name: str
    revoked: bool = True


def _store(request: Request) -> KeyStore:
    store: KeyStore = request.app.state.key_store
    return store


@router.post(
    "",
    status_code=201,
    responses=refusals(
        (400, Problem, "The name is not a-z 0-9 . _ -"),
        (409, Problem, "A key has this name already."),
    ),
)
async def add_key(body: NewKeyBody, request: Request, caller: CallerDep) -> NewKey:
    try:
        record, key = await _store(request).add(
            body.name, body.role, by=caller.name if caller else None
        )
    except BadKeyName as exc:
        raise HTTPException(400, detail=str(exc)) from exc
    except KeyNameTaken as exc:
        raise HTTPException(409, detail=str(exc)) from exc
    return NewKey(name=record.name, role=record.role, key=key)


@router.get("")
async def list_keys(request: Request) -> KeyList:
    records = await _store(request).list()
    return KeyList(keys=[KeyInfo.model_validate(r, from_attributes=True) for r in records])


@router.delete("/{name}", responses=refusals((404, Problem, "No key has this name.")))
async def revoke_key(name: str, request: Request) -> Revoked:
    if not await _store(request).revoke(name):
        raise HTTPException(404, detail=f"No key is named {name[:63]!r}.")
    return Revoked(name=name)
