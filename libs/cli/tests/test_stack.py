"""`harper up`'s launcher: --replicas parsed and bad values named, and two instances never share
a server by accident (real servers)."""

from __future__ import annotations

from pathlib import Path

import pytest

from harper_cli.stack import Stack, parse_replicas
from harper_common.servers.instance import instance_id, nats_owner, redis_owner, smtp_owner
from harper_common.servers.nats_server import start_nats
from harper_common.servers.processes import StartFailed, free_port
from harper_common.servers.redis_server import start_redis
from harper_common.servers.smtp_sink import start_smtp_sink
from harper_common.settings import HarperSettings


def test_replicas_are_parsed_and_bad_ones_named() -> None:
    assert parse_replicas("search=3, starter=2") == {"search": 3, "starter": 2}
    assert parse_replicas(["search=2", "updater=2"]) == {"search": 2, "updater": 2}
    assert parse_replicas("") == {}
    with pytest.raises(StartFailed, match="'serch' is not a service"):
        parse_replicas("serch=2")
    with pytest.raises(StartFailed, match="'search=0' is not NAME=COUNT"):
        parse_replicas("search=0")
    with pytest.raises(StartFailed, match="one gateway"):
        parse_replicas("gateway=2")


def settings_for(data_dir: Path, nats: int, redis: int, smtp: int, **named: str) -> HarperSettings:
    return HarperSettings(
        data_dir=data_dir,
        mem_root=data_dir / "mem",
        nats_url=f"nats://127.0.0.1:{nats}",
        redis_url=f"redis://127.0.0.1:{redis}/0",
        smtp_port=smtp,
        **named,  # type: ignore[arg-type]
    )


def test_servers_are_marked_with_their_instance_and_never_shared(tmp_path: Path) -> None:
    first, second = tmp_path / "first", tmp_path / "second"
    nats, redis, smtp = free_port(), free_port(), free_port()
    mine = instance_id(first)
    started = [
        start_nats(f"nats://127.0.0.1:{nats}", first, first / "logs"),
        start_redis(f"redis://127.0.0.1:{redis}/0", first, first / "logs"),
        start_smtp_sink("127.0.0.1", smtp, first / "mail", first / "logs", ident=f"harper-{mine}"),
    ]
    try:
        assert nats_owner("127.0.0.1", nats) == mine
        assert redis_owner("127.0.0.1", redis) == mine
        assert smtp_owner("127.0.0.1", smtp) == mine

        own = Stack(settings_for(first, nats, redis, smtp))
        own.start_servers()  # the same instance: its servers are used, nothing new started
        assert own.processes == []
        assert len(own.notes) == 3 and all("this instance's" in n for n in own.notes)

        other = Stack(settings_for(second, nats, redis, smtp))
        with pytest.raises(StartFailed, match="another Harper instance") as refused:
            other.start_servers()
        assert "NATS_URL=nats://127.0.0.1:" in str(refused.value)
        assert other.processes == []
    finally:
        for process in started:
            process.stop()


def test_a_foreign_server_is_used_only_when_the_settings_name_it(tmp_path: Path) -> None:
    smtp = free_port()
    foreign = start_smtp_sink("127.0.0.1", smtp, tmp_path / "mail", tmp_path / "logs")
    try:
        assert smtp_owner("127.0.0.1", smtp) is None  # not marked: not a Harper instance's
        unnamed = Stack(settings_for(tmp_path / "a", free_port(), free_port(), smtp))
        unnamed.settings.model_fields_set.discard("smtp_port")
        with pytest.raises(StartFailed, match="not this Harper's"):
            unnamed.claim(unnamed._server_slots()[2][0])
        named = Stack(settings_for(tmp_path / "b", free_port(), free_port(), smtp))
        assert named.claim(named._server_slots()[2][0]) == "named"
        assert "HARPER_SMTP_PORT names" in named.notes[0]
    finally:
        foreign.stop()
