"""``/tree`` and ``/file``: the memory root, read only, behind the path guard."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, Field

from harper_common.memory.errors import PathRefused
from harper_common.memory.files import decode_memory
from harper_common.memory.frontmatter import plain_text
from harper_common.memory.models import is_account_id
from harper_common.memory.paths import MemoryRoot
from harper_common.memory.raw_forms import channel_of_raw, readable_raw

MAX_FILE_BYTES = 2_000_000


class TreeNode(BaseModel):
    name: str
    path: str
    """Relative to the memory root ("" is the root)."""
    type: Literal["directory", "file"]
    size: int | None = None
    children: list[TreeNode] | None = None
    """None when the depth limit stopped the walk here (``has_children`` tells if there is more)."""
    has_children: bool = False


class FileContent(BaseModel):
    path: str
    content: str
    size: int
    truncated: bool = False


class TreePage(BaseModel):
    root: TreeNode
    total_accounts: int
    offset: int = 0
    limit: int = Field(default=0)


def clean_relative(root: MemoryRoot, path: str) -> str:
    """Accept ``accounts/...`` or ``<root name>/accounts/...`` (the form the spec's paths use)."""
    text = path.strip()
    prefix = root.root.name + "/"
    if text.startswith(prefix):
        text = text[len(prefix) :]
    return text.strip("/") if text not in ("", "/") else ""


def tree(root: MemoryRoot, path: str, depth: int, offset: int, limit: int) -> TreePage:
    """The folder at ``path`` (root, ``accounts`` or inside an account) down to ``depth`` levels."""
    relative = clean_relative(root, path)
    ids = root.account_ids()
    if relative in ("", "accounts"):
        page = ids[offset : offset + limit]
        accounts = TreeNode(
            name="accounts",
            path="accounts",
            type="directory",
            has_children=bool(ids),
            children=[_walk(root, root.account_dir(i), depth - 1) for i in page]
            if depth > 0
            else None,
        )
        if relative == "accounts":
            return TreePage(root=accounts, total_accounts=len(ids), offset=offset, limit=limit)
        node = TreeNode(
            name=root.root.name, path="", type="directory", has_children=True, children=[accounts]
        )
        return TreePage(root=node, total_accounts=len(ids), offset=offset, limit=limit)
    target = root.resolve(relative)
    if not target.is_dir():
        raise PathRefused(relative, "it is not a folder")
    return TreePage(root=_walk(root, target, depth), total_accounts=len(ids), offset=0, limit=0)


def _walk(root: MemoryRoot, folder: Path, depth: int) -> TreeNode:
    entries = sorted(os.scandir(folder), key=lambda e: (not e.is_dir(), e.name))
    visible = [e for e in entries if not e.name.startswith(".")]
    node = TreeNode(
        name=folder.name,
        path=root.relative(folder),
        type="directory",
        has_children=bool(visible),
    )
    if depth <= 0:
        return node
    children = []
    for entry in visible:
        path = Path(entry.path)
        if entry.is_dir(follow_symlinks=False):
            children.append(_walk(root, path, depth - 1))
        elif entry.is_file(follow_symlinks=False):
            children.append(
                TreeNode(
                    name=entry.name,
                    path=root.relative(path),
                    type="file",
                    size=entry.stat().st_size,
                )
            )
    node.children = children
    return node


def read_file(root: MemoryRoot, path: str) -> FileContent:
    relative = clean_relative(root, path)
    parts = relative.split("/")
    if len(parts) < 3 or parts[0] != "accounts" or not is_account_id(parts[1]):
        raise PathRefused(path, "files are read from inside accounts/<account id>/")
    target = root.resolve(relative)
    if not target.is_file():
        raise FileNotFoundError(relative)
    size = target.stat().st_size
    with target.open("rb") as handle:
        data = handle.read(MAX_FILE_BYTES)
    content = decode_memory(data)
    channel = channel_of_raw(relative)
    if channel is not None and size <= MAX_FILE_BYTES:
        # a source as the agents read and quote it: an .eml or a transcript export decoded
        content = readable_raw(plain_text(content), channel)
    return FileContent(
        path=relative,
        content=content,
        size=size,
        truncated=size > MAX_FILE_BYTES,
    )
