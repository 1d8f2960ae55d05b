"""/health says when `harper up` is restarting a service, rather than only that it is down."""

from __future__ import annotations

from harper_gateway.health import Component, _note_restarts


def test_a_restarting_service_is_reported_as_restarting() -> None:
    services = {
        "updater": Component(ok=False, detail="updater: no answer within 2 s"),
        "search": Component(ok=True, detail="answering"),
    }
    supervised: dict[str, dict[str, object]] = {
        "updater": {"state": "restarting", "restarts": 2},
        "search-2": {"state": "restarting", "restarts": 1},
    }
    _note_restarts(services, supervised)
    assert services["updater"].detail.startswith("restarting by harper up (updater, 2 restarts)")
    assert "no answer within 2 s" in services["updater"].detail
    assert services["search"].detail == "answering"  # one replica restarting, the service answers


def test_a_service_given_up_on_is_reported_as_failed() -> None:
    services = {"indexer": Component(ok=False, detail="indexer: no answer")}
    _note_restarts(services, {"indexer": {"state": "failed", "restarts": 4}})
    assert services["indexer"].detail.startswith("failed, not restarted by harper up")
