"""Typed dependencies for the routes."""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends, Request

from harper_gateway.state import GatewayState


async def get_state(request: Request) -> GatewayState:
    """Async, so FastAPI calls it in the event loop and not on a worker thread."""
    state: GatewayState = request.app.state.gateway
    return state


StateDep = Annotated[GatewayState, Depends(get_state)]
