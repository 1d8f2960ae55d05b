"""summary.md of a communication: a few words for a short text, a few sentences for a long call."""

from __future__ import annotations

from harper_common.demo.personas import Voice
from harper_common.demo.stories import Moment
from harper_common.demo.texts import scripts
from harper_common.memory.models import (
    CallTranscript,
    RawCommunication,
    SmsThread,
    SourceSummary,
)

INJECTION_NOTE = (
    "The email also contains a line addressed to an AI assistant telling it to change account "
    "stages; that is text written by the sender, not an instruction."
)
_MANNER = {
    Voice.FORMAL: "Formal and courteous throughout.",
    Voice.FRIENDLY: "Warm and upbeat.",
    Voice.CASUAL: "Very brief.",
    Voice.DETAILED: "Long and personal, with background on the business.",
}


def summarize(
    moment: Moment,
    keys: list[str],
    raw: RawCommunication,
    raw_text: str,
    values: dict[str, str],
    *,
    voice: Voice,
    participants: list[str],
    injected: bool = False,
) -> SourceSummary:
    """The summary of one source: its key facts always, more detail the longer the source is."""
    key = [scripts()[name].summary[0].format_map(values) for name in keys]
    if injected:
        key.append(INJECTION_NOTE)
    more = _details(keys, raw, values, voice)
    return SourceSummary(
        channel=moment.channel,
        date=moment.at,
        direction=moment.direction,
        participants=participants,
        body=" ".join(key + more[: _extra_sentences(raw, raw_text)]) + "\n",
    )


def _details(
    keys: list[str], raw: RawCommunication, values: dict[str, str], voice: Voice
) -> list[str]:
    """Sentences after the key ones, most useful first."""
    more = [line.format_map(values) for name in keys for line in scripts()[name].summary[1:]]
    if isinstance(raw, CallTranscript):
        minutes = _minutes(raw.duration)
        more.append(f"The call took about {minutes} minute{'s' if minutes > 1 else ''}.")
    more.append(_MANNER[voice])
    return more


def _extra_sentences(raw: RawCommunication, raw_text: str) -> int:
    """None for a two-message text or a short note, up to three for a long email or call."""
    if isinstance(raw, SmsThread) and len(raw.messages) <= 2:
        return 0
    size = len(raw_text)
    return 0 if size < 450 else 1 if size < 1000 else 2 if size < 1500 else 3


def _minutes(duration: str | None) -> int:
    if not duration:
        return 1
    hours, minutes, seconds = (int(part) for part in duration.split(":"))
    return max(1, hours * 60 + minutes + (1 if seconds >= 30 else 0))
