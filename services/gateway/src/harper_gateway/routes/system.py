"""``/health``, ``/cache/clear``, ``/tree``, ``/file``."""

from __future__ import annotations

from fastapi import APIRouter, Query
from fastapi.responses import JSONResponse

from harper_common.memory.errors import PathRefused
from harper_common.messages.base import ErrorCode
from harper_gateway.deps import StateDep
from harper_gateway.files import FileContent, TreePage, read_file, tree
from harper_gateway.health import HealthReport, check_health
from harper_gateway.responses import ResponseBody, error_json, errors, refusals
from harper_gateway.state import new_request_id

router = APIRouter()


class CacheCleared(ResponseBody):
    cleared: bool = True
    generation: int
    """The cache's new generation: answers cached before it are not served again."""


@router.get(
    "/health",
    response_model=HealthReport,
    responses={
        **refusals(keyed=False),
        503: {"model": HealthReport, "description": "Something is down: ``degraded``."},
    },
)
async def health(state: StateDep) -> JSONResponse:
    """200 only when every service and dependency answers and the accounts are indexed."""
    report = await check_health(state)
    return JSONResponse(report.model_dump(mode="json"), status_code=200 if report.ok else 503)


@router.post("/cache/clear", responses=refusals())
async def cache_clear(state: StateDep) -> CacheCleared:
    return CacheCleared(generation=await state.cache.clear())


@router.get("/tree", response_model=TreePage, responses=errors(ErrorCode.BAD_REQUEST))
async def get_tree(
    state: StateDep,
    path: str = Query(default="", max_length=1000),
    depth: int = Query(default=3, ge=0, le=6),
    offset: int = Query(default=0, ge=0),
    limit: int = Query(default=500, ge=1, le=20000),
) -> JSONResponse:
    """The memory root as a tree; ``accounts`` is paged (``offset``, ``limit``)."""
    try:
        page = tree(state.memory, path, depth, offset, limit)
    except PathRefused as exc:
        return error_json(ErrorCode.BAD_REQUEST, str(exc), new_request_id())
    return JSONResponse(page.model_dump(mode="json"))


@router.get(
    "/file",
    response_model=FileContent,
    responses=errors(ErrorCode.BAD_REQUEST, ErrorCode.NOT_FOUND),
)
async def get_file(state: StateDep, path: str = Query(max_length=1000)) -> JSONResponse:
    """One file under ``accounts/<id>/``, read only."""
    request_id = new_request_id()
    try:
        content = read_file(state.memory, path)
    except PathRefused as exc:
        return error_json(ErrorCode.BAD_REQUEST, str(exc), request_id)
    except FileNotFoundError:
        return error_json(ErrorCode.NOT_FOUND, f"No file at {path!r}.", request_id)
    return JSONResponse(content.model_dump(mode="json"))
