"""The wire types as published schemas (OpenAPI, AsyncAPI) describe them.

``QueryResponse`` is a union on ``type`` whose ``success`` member is itself a union on
``routed_to``. Pydantic's JSON schema of that puts the inner union inline in the discriminator's
``mapping``, where OpenAPI and AsyncAPI allow only references (code generators stop on it).
``documented`` gives the same union with the inner one as a named model, ``SuccessResponse``, so
every mapping value is a ``$ref``. It is for schemas only: the bus and the gateway validate and
send the real types.
"""

from __future__ import annotations

from functools import reduce
from operator import or_
from typing import Annotated, Any, get_args, get_origin

from pydantic import RootModel

from harper_common.messages import query


class SuccessResponse(RootModel[query.SuccessResponse]):
    """A success: an answer (``search_agent``), an update applied (``updater_agent``) or a
    follow-up drafted or sent (``followup_agent``), told apart by ``routed_to``."""


def _named_members(union: Any) -> Any:
    """``union`` (``Annotated[A | B | Annotated[C | D, ...], Field(...)]``) with its nested
    union as ``SuccessResponse``."""
    members, field = get_args(union)
    named = [SuccessResponse if get_origin(m) is Annotated else m for m in get_args(members)]
    return Annotated[reduce(or_, named), field]


QUERY_RESPONSE_SCHEMA: Any = _named_members(query.QueryResponse)
"""``QueryResponse`` for schemas: a union on ``type``, its ``success`` a ``SuccessResponse``."""


def documented(reply_type: object) -> Any:
    """The type to publish in a schema for ``reply_type`` (an endpoint's request or reply)."""
    return QUERY_RESPONSE_SCHEMA if reply_type is query.QueryResponse else reply_type
