"""``/file`` and ``/tree`` read only under the memory root: every way out is refused."""

from __future__ import annotations

import os

import httpx
import pytest
from harness import Harper

ESCAPES = [
    "../../etc/passwd",
    "/etc/passwd",
    "accounts/../../../etc/passwd",
    "accounts/29041/../../../etc/passwd",
    "accounts/29041/%2e%2e/%2e%2e/etc/passwd",
    "~/.ssh/id_rsa",
    "accounts\\29041\\state.md",
    "accounts/29041/state.md\x00.txt",
    "mem/../../etc/passwd",
]


@pytest.mark.parametrize("path", ESCAPES)
def test_file_refuses_paths_out_of_the_root(client: httpx.Client, path: str) -> None:
    response = client.get("/file", params={"path": path})
    assert response.status_code in (400, 404), response.text
    assert "root:" not in response.text


def test_file_refuses_a_symlink_out_of_the_account(client: httpx.Client, harper: Harper) -> None:
    link = harper.settings.mem_root / "accounts" / "29041" / "outside.md"
    os.symlink("/etc/passwd", link)
    try:
        response = client.get("/file", params={"path": "accounts/29041/outside.md"})
    finally:
        link.unlink()
    assert response.status_code == 400
    assert "root:" not in response.text


def test_file_reads_inside_an_account(client: httpx.Client) -> None:
    response = client.get("/file", params={"path": "mem/accounts/29041/state.md"})
    assert response.status_code == 200
    assert "Maple Avenue Dental" in response.json()["content"]


@pytest.mark.parametrize("path", ["..", "../etc", "/etc", "accounts/29041/state.md"])
def test_tree_refuses_what_is_not_a_folder_in_the_root(client: httpx.Client, path: str) -> None:
    response = client.get("/tree", params={"path": path})
    assert response.status_code == 400, response.text


def test_tree_pages_the_accounts(client: httpx.Client, harper: Harper) -> None:
    body = client.get("/tree", params={"path": "accounts", "depth": 1, "limit": 5}).json()
    on_disk = [p for p in (harper.settings.mem_root / "accounts").iterdir() if p.is_dir()]
    assert body["total_accounts"] == len(on_disk) >= 60  # other tests may create accounts
    assert len(body["root"]["children"]) == 5
    account = client.get("/tree", params={"path": "accounts/29041", "depth": 3}).json()["root"]
    names = {child["name"] for child in account["children"]}
    assert {"state.md", "history.md", "sources"} <= names
