"""The gateway's OpenAPI document as a file, made from the app without a running server.

``python -m harper_gateway.openapi_file`` writes ``ui/openapi.json``, from which the UI's build
generates its API types (``ui/src/types/api.gen.ts``, openapi-typescript). A test fails when the
checked-in file differs from what the app produces now.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from harper_common.settings import HarperSettings
from harper_gateway.app import create_app
from harper_gateway.static import REPO_ROOT

UI_SCHEMA = REPO_ROOT / "ui" / "openapi.json"


def openapi_schema() -> dict[str, Any]:
    """``/openapi.json`` as the gateway serves it (the settings do not change it)."""
    schema: dict[str, Any] = create_app(HarperSettings()).openapi()
    return schema


def openapi_text() -> str:
    """The document as the checked-in file has it: indented, one trailing newline."""
    return json.dumps(openapi_schema(), indent=2, ensure_ascii=False) + "\n"


def main(argv: list[str]) -> int:
    target = Path(argv[0]) if argv else UI_SCHEMA
    text = openapi_text()
    if target.is_file() and target.read_text(encoding="utf-8") == text:
        return 0  # unchanged: leave its time alone, so make does not rebuild the UI
    target.write_text(text, encoding="utf-8")
    sys.stdout.write(f"wrote {target}\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
