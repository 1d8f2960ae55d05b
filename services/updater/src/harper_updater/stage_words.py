"""Finding a stage change in a broker's words: "mark as quoted", "move to submission", "they bound".

Stage names and their aliases are the shared vocabulary's (``harper_common.vocabulary``), read
by `harper_common.memory.stages.canonical_stage`; this module only finds where in the sentence a
stage is being set.
"""

from __future__ import annotations

import re

from harper_common.vocabulary import vocabulary

_SURFACE = tuple(word for entry in vocabulary().stages for word in (entry.name, *entry.aliases))
"""Every stage's name and aliases (the ``stages`` of the shared vocabulary)."""
_STAGE_WORDS = "|".join(
    sorted({re.escape(word.lower()).replace(r"\ ", r"\s+") for word in _SURFACE}, key=len)[::-1]
)
_VERB = (
    r"mark(?:ed)?|move[ds]?|moving|set|change[ds]?|update[ds]?|put|switch(?:ed)?|flip(?:ped)?|"
    r"bump(?:ed)?|advance[ds]?|status|stage|now|it'?s|they'?re|is|are"
)
_SET_STAGE = re.compile(
    rf"\b(?:{_VERB})\b[^;\n$\d,]{{0,80}}?\b(?:as|to|in|into|at|is|:)\s+(?:the\s+)?"
    rf"(?:stage\s+(?:of\s+)?)?(?P<stage>{_STAGE_WORDS})\b(?!\s+(?:to|for|from)\b)",
    re.IGNORECASE,
)
APPLICATION_WORDS = ("application", "app", "acord")
"""Words a pending action asking for the application uses."""
_BARE_STAGE_WORDS = (
    r"closed\s+won|closed\s+lost|application\s+received|app\s+received|submitted|quoted|bound|"
    r"won|lost|dead|intake"
)
_MARK_BARE = re.compile(
    rf"\b(?:mark(?:ed)?|flag(?:ged)?)\s+(?:it\s+|them\s+|this\s+(?:one\s+)?|the\s+account\s+)?"
    rf"(?:the\s+)?(?:stage\s+)?(?P<stage>{_BARE_STAGE_WORDS})\b",
    re.IGNORECASE,
)
_STATED = re.compile(
    rf"\b(?:is|are|was|were|got|gotten|been)\s+(?:now\s+|just\s+|finally\s+|officially\s+)?"
    rf"(?P<stage>{_BARE_STAGE_WORDS})\b(?!\s+(?:at|for|with|by|to|from|on|in)\b)"
    r"|\bwe\s+(?:have\s+|just\s+|finally\s+)*(?P<done>quoted|submitted)\b(?!\s+(?:at|for)\b)",
    re.IGNORECASE,
)
"""A stage said to be where the account now stands ("<account> is quoted now", "got submitted
today", "we quoted <account> this morning"): not a price ("was quoted at $5k": the premium) nor
where something was sent ("submitted to Travelers" is read by ``_SET_STAGE``)."""
_EVENTS: tuple[tuple[re.Pattern[str], str], ...] = (
    (
        re.compile(
            r"\b(?:signed\s+)?(?:app|application|apps|applications|acord(?:\s+forms?)?)\s+"
            r"(?:is\s+|are\s+|was\s+|were\s+|has\s+been\s+|have\s+been\s+|just\s+|finally\s+)*"
            r"(?:received|came\s+in|in|back|returned|signed)\b|"
            r"\b(?:received|got)\s+(?:the\s+|their\s+|a\s+)?(?:signed\s+)?"
            r"(?:app|application|acord(?:\s+forms?)?)\b|"
            r"\b(?:signed|sent(?:\s+(?:back|over|in))?|returned)\s+(?:us\s+)?(?:the\s+|their\s+)?"
            r"(?:app|application|acord(?:\s+forms?)?)\b",
            re.IGNORECASE,
        ),
        "Application Received",
    ),
    (
        re.compile(
            r"\b(?:they|we|client|customer|he|she)\s+(?:have\s+|has\s+|just\s+|finally\s+)*"
            r"(?:bound|signed\s+and\s+bound)\b|\bbind\s+(?:it|them|the\s+policy)\b|"
            r"\bpolicy\s+(?:is\s+|was\s+)?bound\b|\bit'?s\s+bound\b",
            re.IGNORECASE,
        ),
        "Bound",
    ),
    (
        re.compile(
            r"\b(?:went|going|gone)\s+with\s+(?:another|a\s+different|someone\s+else|other)\b"
            r"[^;,.\n]*|\blost\s+(?:the\s+deal|them|it|the\s+account)\b|\bclose\s+it\s+out\b|"
            r"\bclosed?\s+lost\b",
            re.IGNORECASE,
        ),
        "Closed Lost",
    ),
    (
        re.compile(r"\bclosed?\s+won\b|\bwon\s+(?:the\s+deal|it|them)\b", re.IGNORECASE),
        "Closed Won",
    ),
    (re.compile(r"\bquote\s+(?:pitched|sent)\b", re.IGNORECASE), "Quoted"),
)


def find_stage(text: str) -> tuple[int, int, str] | None:
    """(start, end, stage as said) of the first stage change in ``text``, or None."""
    match = _SET_STAGE.search(text)
    if match:
        return match.start(), match.end(), " ".join(match.group("stage").split())
    if bare := _MARK_BARE.search(text):
        return bare.start(), bare.end(), " ".join(bare.group("stage").split())
    for pattern, stage in _EVENTS:
        if event := pattern.search(text):
            return event.start(), event.end(), stage
    if stated := _STATED.search(text):
        said = stated.group("stage") or stated.group("done")
        return stated.start(), stated.end(), " ".join(said.split())
    return None
