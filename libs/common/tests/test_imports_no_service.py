"""harper_common is what the services depend on, so it must never import one of them: not with
an import statement, nor by a name given to importlib. The ``harper`` command (libs/cli) is the
one place that knows every service."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[3]
COMMON_SRC = REPO / "libs" / "common" / "src"
SERVICE_PACKAGES = frozenset(
    package.name for package in (REPO / "services").glob("*/src/harper_*") if package.is_dir()
)
IMPORTERS = frozenset({"import_module", "__import__", "find_spec"})


def _imported_by_statement(node: ast.AST) -> list[str]:
    if isinstance(node, ast.Import):
        return [alias.name for alias in node.names]
    if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
        return [node.module]
    return []


def _named_to_importlib(node: ast.AST) -> str | None:
    """The module name (its leading text, for an f-string) given to import_module & co."""
    if not isinstance(node, ast.Call) or not node.args:
        return None
    called = node.func
    name = called.attr if isinstance(called, ast.Attribute) else getattr(called, "id", "")
    if name not in IMPORTERS:
        return None
    first = node.args[0]
    if isinstance(first, ast.Constant) and isinstance(first.value, str):
        return first.value
    if isinstance(first, ast.JoinedStr) and first.values:
        head = first.values[0]
        if isinstance(head, ast.Constant) and isinstance(head.value, str):
            return head.value
        return "<computed>"
    return "<computed>"


def service_imports(source: str, filename: str = "<source>") -> list[str]:
    """Every import of a service package in the source, as 'line: module'."""
    found: list[str] = []
    for node in ast.walk(ast.parse(source, filename)):
        for module in _imported_by_statement(node):
            if module.split(".")[0] in SERVICE_PACKAGES:
                found.append(f"{node.lineno}: {module}")
        named = _named_to_importlib(node)
        if named is not None and not named.startswith("harper_common"):
            top = named.split(".")[0]
            if top in SERVICE_PACKAGES or named.startswith("harper_") or named == "<computed>":
                found.append(f"{node.lineno}: import_module({named!r})")
    return found


def test_the_service_packages_are_found() -> None:
    assert {"harper_gateway", "harper_search", "harper_indexer"} <= SERVICE_PACKAGES


def test_no_module_of_harper_common_imports_a_service() -> None:
    offenders = {
        str(path.relative_to(REPO)): found
        for path in sorted(COMMON_SRC.rglob("*.py"))
        if (found := service_imports(path.read_text(encoding="utf-8"), str(path)))
    }
    assert offenders == {}


@pytest.mark.parametrize(
    "source",
    [
        "import harper_search.service",
        "from harper_indexer import ingest_command",
        "def f():\n    from harper_gateway.app import create_app",
        "import importlib\nimportlib.import_module('harper_indexer.ingest_command')",
        "import importlib\nname = 'x'\nimportlib.import_module(f'harper_{name}.service')",
        "from importlib import import_module\nimport_module(NAME)",
    ],
)
def test_the_check_sees_every_way_of_importing_a_service(source: str) -> None:
    assert service_imports(source)


def test_the_check_lets_harper_common_import_itself() -> None:
    source = "import importlib\nfrom harper_common.bus import routes\n"
    source += "importlib.import_module('harper_common.messages')"
    assert service_imports(source) == []
