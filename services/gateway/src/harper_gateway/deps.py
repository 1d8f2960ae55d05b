"""Typed dependencies for the routes."""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends, Request

from harper_gateway.state import GatewayState


def get_state(request: Request) -> GatewayState:
    state: GatewayState = request.app.state.gateway
    return state


StateDep = Annotated[GatewayState, Depends(get_state)]
