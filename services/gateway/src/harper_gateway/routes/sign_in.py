"""Signing a browser in: ``GET /?token=<key>`` (the link ``harper up`` prints), or the UI's form
(``POST /auth/login``), exchanges the key for an HttpOnly, SameSite=Strict session cookie."""

from __future__ import annotations

from fastapi import APIRouter, HTTPException, Request, Response
from fastapi.responses import RedirectResponse
from pydantic import BaseModel, ConfigDict, Field
from starlette.responses import Response as StarletteResponse

from harper_common.auth.keys import KeyStore, hash_key
from harper_common.messages.base import Caller, Role
from harper_gateway.auth import CallerDep
from harper_gateway.responses import WITHOUT_KEY, ResponseBody, refusals
from harper_gateway.static import index_response
from harper_gateway.web_sessions import COOKIE, WebSessions

router = APIRouter(tags=["sign-in"])


class LoginBody(BaseModel):
    model_config = ConfigDict(extra="forbid")

    key: str = Field(min_length=1, max_length=200)


class SignedIn(ResponseBody):
    name: str
    role: Role


class SignedOut(ResponseBody):
    signed_out: bool = True


@router.get("/", include_in_schema=False, response_model=None)
async def home(request: Request, token: str | None = None) -> StarletteResponse:
    """The UI; with ``?token=`` the key is exchanged for a cookie and the token leaves the URL."""
    if token is None:
        return index_response()
    response = RedirectResponse("/", status_code=303)
    await _sign_in(request, response, token)
    return response


@router.post("/auth/login", responses=refusals(WITHOUT_KEY[0], keyed=False))
async def login(body: LoginBody, request: Request, response: Response) -> SignedIn:
    caller = await _sign_in(request, response, body.key)
    return SignedIn(name=caller.name, role=caller.role)


@router.post("/auth/logout", responses=refusals(keyed=False))
async def logout(request: Request, response: Response) -> SignedOut:
    token = request.cookies.get(COOKIE)
    if token:
        sessions: WebSessions = request.app.state.web_sessions
        await sessions.close(token)
    response.delete_cookie(COOKIE, path="/")
    return SignedOut()


@router.get("/auth/me", responses=refusals())
async def me(caller: CallerDep) -> SignedIn:
    if caller is None:  # the route needs a role, so a caller is always there
        raise HTTPException(401, detail="Not signed in.")
    return SignedIn(name=caller.name, role=caller.role)


async def _sign_in(request: Request, response: StarletteResponse, key: str) -> Caller:
    store: KeyStore = request.app.state.key_store
    caller = await store.verify(key.strip())
    if caller is None:
        raise HTTPException(
            401, detail="That key is not valid.", headers={"WWW-Authenticate": "Bearer"}
        )
    sessions: WebSessions = request.app.state.web_sessions
    token = await sessions.open(hash_key(key.strip()))
    response.set_cookie(
        COOKIE,
        token,
        max_age=sessions.ttl_s,
        httponly=True,
        samesite="strict",
        secure=request.url.scheme == "https",
        path="/",
    )
    return caller
