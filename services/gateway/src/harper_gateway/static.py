"""The web UI (``ui/``, built to ``ui/dist``) served at ``/``, after the API routes.

The build's folder is ``HARPER_UI_DIST`` when set, otherwise ``ui/dist`` of the repository this
package lives in. It is looked at on every request, so a build made while the gateway runs is
served at once; when there is none, ``/`` answers a page saying how to build it.
"""

from __future__ import annotations

import html
import os
from pathlib import Path

from fastapi import FastAPI
from starlette.responses import FileResponse, HTMLResponse, PlainTextResponse, Response
from starlette.staticfiles import StaticFiles
from starlette.types import Receive, Scope, Send

UI_DIST_ENV = "HARPER_UI_DIST"
REPO_ROOT = Path(__file__).resolve().parents[4]


def ui_dist_dir() -> Path:
    """Where the built UI is: ``HARPER_UI_DIST``, or ``<repo>/ui/dist``."""
    configured = os.environ.get(UI_DIST_ENV, "").strip()
    return Path(configured).expanduser().resolve() if configured else REPO_ROOT / "ui" / "dist"


def missing_build_page(dist: Path) -> str:
    where = html.escape(str(dist))
    return f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Harper: web UI not built</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 42rem; margin: 4rem auto">
<h1>Harper is running, but its web UI is not built</h1>
<p>There is no <code>index.html</code> in <code>{where}</code>.</p>
<p>Build it with <code>make ui</code>
(or <code>cd ui &amp;&amp; npm ci &amp;&amp; npm run build</code>),
then reload this page; <code>make up</code> builds it when it is missing.
Set <code>{UI_DIST_ENV}</code> to serve a build from elsewhere.</p>
<p>The API answers meanwhile: <a href="/health">/health</a>, <a href="/docs">/docs</a>.</p>
</body></html>"""


class WebUI:
    """ASGI app: the files of the build, or the page explaining that there is no build."""

    def __init__(self, dist: Path) -> None:
        self.dist = dist
        self.files = StaticFiles(directory=dist, html=True, check_dir=False)

    @property
    def built(self) -> bool:
        return (self.dist / "index.html").is_file()

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and not self.built:
            path = scope.get("path", "/")
            response = (
                HTMLResponse(missing_build_page(self.dist), status_code=503)
                if path in ("/", "/index.html")
                else PlainTextResponse(f"Not found: {path}", status_code=404)
            )
            await response(scope, receive, send)
            return
        await self.files(scope, receive, send)


def index_response(dist: Path | None = None) -> Response:
    """``/`` itself: the UI's index.html, or the page saying how to build it."""
    folder = dist if dist is not None else ui_dist_dir()
    index = folder / "index.html"
    if index.is_file():
        return FileResponse(index)
    return HTMLResponse(missing_build_page(folder), status_code=503)


def mount_ui(app: FastAPI, dist: Path | None = None) -> None:
    """Serve the UI at ``/``; call after the API routes are included so it shadows none of them."""
    app.mount("/", WebUI(dist if dist is not None else ui_dist_dir()), name="ui")
