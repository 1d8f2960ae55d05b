"""Who speaks for the client in an account's sources (summary.md participants and direction)."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

from harper_common.memory.models import Channel, SourceSummary
from harper_indexer.source_people import client_side_people, source_people


def summary(direction: str, *people: str, channel: Channel = Channel.EMAIL) -> SourceSummary:
    return SourceSummary.model_validate(
        {
            "channel": channel,
            "date": datetime(2026, 11, 2, 9, tzinfo=UTC),
            "direction": direction,
            "participants": list(people),
        }
    )


def test_the_sender_of_what_came_in_and_who_we_wrote_to_are_the_clients_side() -> None:
    found = [
        summary("inbound", "Celeste Marchetti", "Nadia Ferreira"),
        summary("outbound", "Nadia Ferreira", "Celeste Marchetti", "Greg Tanaka"),
        summary("outbound", "Nadia Ferreira", "Tomas Ruiz", channel=Channel.CALL),
    ]
    assert client_side_people(found) == ["Celeste Marchetti", "Greg Tanaka", "Tomas Ruiz"]


def test_the_broker_is_never_one_of_them_even_when_first_seen_as_a_recipient() -> None:
    found = [
        summary("inbound", "Ana Ortiz", "Nadia Ferreira"),
        summary("inbound", "nadia ferreira", "Ana Ortiz"),  # a reply the broker sent, logged in
        summary("outbound", "Nadia Ferreira", "Ana Ortiz"),
    ]
    assert client_side_people(found) == ["Ana Ortiz"]


def test_sources_without_people_or_direction_add_nobody() -> None:
    assert client_side_people([summary("inbound"), summary("outbound", "Nadia Ferreira")]) == []


def test_an_account_folder_is_read_from_its_summaries(tmp_path: Path) -> None:
    source = tmp_path / "sources" / "emails" / "email_20261102_0900"
    source.mkdir(parents=True)
    (source / "summary.md").write_text(
        "---\nchannel: email\ndate: 2026-11-02T09:00:00Z\ndirection: inbound\n"
        "participants: [Lena Park, Owen Diaz]\n---\nAsked about rentals.\n",
        encoding="utf-8",
    )
    broken = tmp_path / "sources" / "sms" / "sms_20261103_0900"
    broken.mkdir(parents=True)
    (broken / "summary.md").write_text("no frontmatter here", encoding="utf-8")
    assert source_people(tmp_path) == ["Lena Park"]
    assert source_people(tmp_path / "missing") == []
