"""Security against a real Harper: keys and roles on every endpoint, the browser session and its
cross-site limits, Host, body and Unicode limits, and the audit trail naming who asked."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from harness import Harper, start_harper

from harper_common.memory.files import read_history

ACCOUNT = "29041"  # Maple Avenue Dental, always in the demo book


@pytest.fixture(scope="module")
def running(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Harper]:
    harper = start_harper(tmp_path_factory.mktemp("security"), accounts=12)
    try:
        yield harper
    finally:
        harper.stop()


@pytest.fixture(scope="module")
def keys(running: Harper) -> dict[str, str]:
    """A key per role (and one revoked), made through the admin API."""
    made: dict[str, str] = {"admin": running.settings.admin_key or ""}
    with running.client() as admin:
        for role in ("viewer", "broker"):
            reply = admin.post("/admin/keys", json={"name": f"{role}-1", "role": role})
            assert reply.status_code == 201, reply.text
            assert reply.json()["role"] == role
            made[role] = reply.json()["key"]
        revoked = admin.post("/admin/keys", json={"name": "gone", "role": "admin"}).json()["key"]
        assert admin.delete("/admin/keys/gone").status_code == 200
        listed = {k["name"] for k in admin.get("/admin/keys").json()["keys"]}
        assert {"admin", "viewer-1", "broker-1"} <= listed and "gone" not in listed
    made["revoked"] = revoked
    return made


def call(harper: Harper, key: str | None, method: str, path: str, body: object = None) -> int:
    headers = {"Authorization": f"Bearer {key}"} if key else {}
    with httpx.Client(base_url=harper.base_url, timeout=60) as client:
        reply = client.request(method, path, json=body, headers=headers)
    return reply.status_code


# (method, path, body, the lowest role allowed). Bodies are valid but harmless: an unknown
# session, a dry run, an unknown account, so the allowed calls change nothing.
ENDPOINTS: list[tuple[str, str, object, str]] = [
    ("POST", "/query", {"query": "what stage is Maple Avenue Dental at"}, "viewer"),
    ("POST", "/search", {"query": "which accounts are quoted"}, "viewer"),
    ("GET", f"/file?path=accounts/{ACCOUNT}/state.md", None, "viewer"),
    ("GET", "/tree?depth=1", None, "viewer"),
    ("GET", "/followup/pending", None, "viewer"),
    ("GET", "/followup/outbox", None, "viewer"),
    ("GET", "/followup/notices", None, "viewer"),
    ("GET", "/auth/me", None, "viewer"),
    ("POST", "/confirm", {"session_id": "no-such-session"}, "broker"),
    ("POST", "/followup/draft", {"account_id": "99999"}, "broker"),
    ("POST", "/communications", {"channel": "sms"}, "broker"),
    ("GET", "/communications/unmatched", None, "admin"),
    ("POST", "/cache/clear", None, "admin"),
    ("GET", "/admin/keys", None, "admin"),
]
RANK = {"viewer": 0, "broker": 1, "admin": 2}


@pytest.mark.parametrize(("method", "path", "body", "needed"), ENDPOINTS)
def test_every_endpoint_needs_a_key_with_the_role(
    running: Harper, keys: dict[str, str], method: str, path: str, body: object, needed: str
) -> None:
    assert call(running, None, method, path, body) == 401
    assert call(running, keys["revoked"], method, path, body) == 401
    for role in ("viewer", "broker", "admin"):
        status = call(running, keys[role], method, path, body)
        if RANK[role] < RANK[needed]:
            assert status == 403, f"{role} on {method} {path}: {status}"
        else:
            assert status not in (401, 403), f"{role} on {method} {path}: {status}"


def test_health_and_the_ui_shell_need_no_key(running: Harper) -> None:
    assert call(running, None, "GET", "/health") == 200
    assert call(running, None, "GET", "/") in (200, 503)  # 503: the UI is not built here


def test_no_key_says_how_to_send_one(running: Harper) -> None:
    reply = httpx.post(f"{running.base_url}/query", json={"query": "hi"}, timeout=30)
    assert reply.status_code == 401
    assert reply.headers["www-authenticate"] == "Bearer"


def state_text(harper: Harper) -> str:
    return (harper.settings.mem_root / "accounts" / ACCOUNT / "state.md").read_text()


def test_a_viewers_update_is_refused_and_changes_nothing(
    running: Harper, keys: dict[str, str]
) -> None:
    before = state_text(running)
    reply = httpx.post(
        f"{running.base_url}/query",
        json={"query": "Mark Maple Avenue Dental as Bound"},
        headers={"Authorization": f"Bearer {keys['viewer']}"},
        timeout=60,
    )
    assert reply.status_code == 403, reply.text
    assert "broker role" in reply.json()["message"]
    assert state_text(running) == before


def test_an_update_names_who_asked_in_history(running: Harper, keys: dict[str, str]) -> None:
    reply = httpx.post(
        f"{running.base_url}/query",
        json={"query": "Add a note to Maple Avenue Dental: prefers calls after 4pm"},
        headers={"Authorization": f"Bearer {keys['broker']}"},
        timeout=60,
    )
    assert reply.status_code == 200, reply.text
    history = read_history(Path(running.settings.mem_root) / "accounts" / ACCOUNT / "history.md")
    assert history.entries[-1].by == "broker-1"


def test_the_sign_in_link_sets_a_strict_cookie(running: Harper, keys: dict[str, str]) -> None:
    with httpx.Client(base_url=running.base_url, timeout=30) as browser:
        reply = browser.get(f"/?token={keys['viewer']}", follow_redirects=False)
        assert reply.status_code == 303 and reply.headers["location"] == "/"
        cookie = reply.headers["set-cookie"].lower()
        assert "httponly" in cookie and "samesite=strict" in cookie
        assert browser.get("/auth/me").json() == {"name": "viewer-1", "role": "viewer"}
        own = {"Origin": running.base_url, "Content-Type": "application/json"}
        asked = browser.post(
            "/query",
            content=json.dumps({"query": "what stage is Maple Avenue Dental at"}),
            headers=own,
        )
        assert asked.status_code == 200, asked.text
        elsewhere = {"Origin": "http://evil.test", "Content-Type": "text/plain"}
        forged = browser.post("/query", content='{"query": "hi"}', headers=elsewhere)
        assert forged.status_code == 403
        plain = browser.post(
            "/query", content='{"query": "hi"}', headers={**own, "Content-Type": "text/plain"}
        )
        assert plain.status_code == 403
        assert browser.post("/auth/logout").status_code == 200
        assert browser.get("/auth/me").status_code == 401


@pytest.mark.parametrize("name", ["name.", "a..b", ".lead"])
def test_a_key_name_with_an_empty_part_is_a_clear_400(running: Harper, name: str) -> None:
    """A key name is part of the bucket's key ("name.<name>"): a dot at its end or two together
    would make an empty token, which the bucket refuses (this was a 500)."""
    with running.client() as admin:
        made = admin.post("/admin/keys", json={"name": name, "role": "viewer"})
        revoked = admin.delete(f"/admin/keys/{name}")
    assert made.status_code == 400 and "key name" in made.json()["detail"]
    assert revoked.status_code == 404


def test_a_bad_key_does_not_sign_in(running: Harper) -> None:
    reply = httpx.get(f"{running.base_url}/?token=hk_nope", follow_redirects=False, timeout=30)
    assert reply.status_code == 401


def test_a_foreign_host_is_refused(running: Harper) -> None:
    reply = httpx.get(f"{running.base_url}/health", headers={"Host": "evil.test"}, timeout=30)
    assert reply.status_code == 400
    assert "evil.test" in reply.json()["message"]


def test_a_large_body_is_refused_before_it_is_read(running: Harper) -> None:
    body = json.dumps({"query": "x" * (5 * 1024 * 1024)})
    reply = httpx.post(
        f"{running.base_url}/query", content=body, headers=running.headers, timeout=60
    )
    assert reply.status_code == 413
    assert len(reply.content) < 1000


def test_validation_errors_do_not_echo_the_input(running: Harper) -> None:
    body = json.dumps({"query": "y" * 200_000})
    reply = httpx.post(
        f"{running.base_url}/query", content=body, headers=running.headers, timeout=60
    )
    assert reply.status_code == 422
    assert "query" in reply.text and len(reply.content) < 2000


@pytest.mark.parametrize("path", ["/query", "/query/stream", "/search", "/confirm"])
def test_a_lone_surrogate_is_a_clear_400(running: Harper, path: str) -> None:
    reply = httpx.post(
        f"{running.base_url}{path}",
        content=b'{"query": "\\ud800", "session_id": "\\ud800"}',
        headers={**running.headers, "Content-Type": "application/json"},
        timeout=30,
    )
    assert reply.status_code == 400
    assert "Unicode" in reply.json()["message"]


def test_metrics_are_prometheus_text_by_route_template(running: Harper) -> None:
    with running.client() as client:
        client.get(f"/file?path=accounts/{ACCOUNT}/state.md")
        reply = client.get("/metrics")
    assert reply.status_code == 200
    assert reply.headers["content-type"].startswith("text/plain")
    text = reply.text
    assert 'harper_http_requests_total{method="GET",route="/file",status="200"}' in text
    assert "harper_sse_streams_open" in text
    assert "/file?path" not in text  # routes by template, never the raw path
    assert call(running, None, "GET", "/metrics") == 401
