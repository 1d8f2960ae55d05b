"""Find the account names a query mentions, as written.

`account_candidates` takes the runs of name words left once the question or command frame is
set aside ("what is the status of", "mark ... as quoted", "follow up with"), ranks them (business
words, capitals, the preposition before them) and returns the best few, each with variants
("The Daily Grind" / "Daily Grind", "O'Malley's Pub" / "O'Malley"). A later step checks them
against the name index, so recall matters more than precision. (Accounts described rather than
named, "the childcare center in Texas", are `intent_describe`'s.)

`mask_names` replaces the names by "the account" for the embedding stage.
"""

from __future__ import annotations

from dataclasses import dataclass

from harper_starter.intent_lexicon import CARRIERS
from harper_starter.intent_runs import is_core, name_runs, surface, surface_forms
from harper_starter.intent_scope import POINTER
from harper_starter.intent_text import Query, Token, is_business_noun

MAX_CANDIDATES = 5
MIN_SCORE = 1.0
"""Runs below this (one lowercase everyday word, nothing before it) are not offered."""
_ANCHORS = frozenset(
    "with to for at of on about from re mark update ping nudge chase email text call bind move "
    "bump put set follow up status stage note".split()
)
_LOCATION_PREPS = frozenset({"in", "from", "near"})
_PERSON_TITLES = frozenset({"dr", "mr", "mrs", "ms", "miss"})
_ANY_ONE_OR_THING = frozenset(
    "anyone anybody anything everyone everybody everything someone somebody something".split()
)
"""Words after which lower-case words say what is asked about, not whom: "anything
agricultural" asks the book for a kind of trade."""
_CONTENT_MARKS = frozenset({":", "-", "--", "—", "that", "saying"})
_NO_BRIDGE = frozenset(
    "the a an at to for with in on from by as is are was were or about re it they we i you "
    "and of & did does do has have had will would can could should said say says".split()
)
"""Words that separate two names or a name from the rest of the sentence; never bridged."""


@dataclass(frozen=True)
class _Run:
    """A run of name words: token indexes [start, stop) and its scored surface forms."""

    start: int
    stop: int
    forms: tuple[str, ...]
    score: float


def _previous_word(tokens: tuple[Token, ...], start: int, past_lines: bool = False) -> str:
    """The key of the word before `start`, skipping articles (and, with ``past_lines``, words
    of a line of coverage: "in auto detailing")."""
    k = start - 1
    while k >= 0 and (
        tokens[k].key in ("the", "a", "an") or (past_lines and tokens[k].kind == "field")
    ):
        k -= 1
    return tokens[k].key if k >= 0 else ""


def _score(q: Query, start: int, stop: int, after_content: bool, person: bool) -> float:
    """How name-like a run is: business words, capitals, length, and the words around it."""
    tokens = q.tokens
    words = [t for t in tokens[start:stop] if is_core(t)]
    biz = any(is_business_noun(t.text) for t in words)
    caps = any(
        t.capitalized and k > 0 for k, t in enumerate(tokens[start:stop], start) if is_core(t)
    )
    first_caps = start == 0 and tokens[0].capitalized  # weak: every sentence starts that way
    score = 3.0 * biz + 2.0 * caps + 1.0 * (first_caps and not caps) + 0.5 * min(len(words), 4)
    prev = _previous_word(tokens, start)
    score += 1.0 if prev in _ANCHORS else 0.0
    if start == 0 and stop < len(tokens) and tokens[stop].kind == "frame":
        score += 1.0  # the subject: "ironclad ghosted us"
    if prev in _LOCATION_PREPS and caps and not biz and (prev != "from" or len(words) == 1):
        score -= 2.0  # "in Austin", "in San Antonio", "from Ohio"
    if _previous_word(tokens, start, past_lines=True) == "in" and _names_a_trade(
        words, caps or first_caps
    ):
        score -= 2.0  # "anybody in excavation", "got anybody in auto detailing": a line of work
    if prev in _ANY_ONE_OR_THING and not caps:
        score -= 2.0  # "anything agricultural", "anyone pet-related": what is asked about
    if prev in _PERSON_TITLES or (person and not biz):
        score -= 2.0  # "Dr. Reed", "Jim at Copperline Electric", "Maria from Sunny Days"
    if " ".join(t.key for t in words) in CARRIERS:
        score -= 6.0
    return score - (2.0 if after_content else 0.0)


def _names_a_trade(words: list[Token], capitalised: bool) -> bool:
    """Lower-case words that are all words of a business ("roofing", "food service"): after
    "in" they say a line of work, not a name; a name has a word of its own ("ironclad
    roofing") or capitals."""
    return bool(words) and not capitalised and all(is_business_noun(t.text) for t in words)


def _is_company(q: Query, start: int, stop: int) -> bool:
    words = [t for t in q.tokens[start:stop] if is_core(t)]
    return len(words) >= 2 or any(is_business_noun(t.text) for t in words)


def _scored_spans(q: Query, excluded: set[int] | None) -> list[tuple[int, int, float]]:
    """Every run with its score. Runs after a content mark (":", "that") that follows an
    earlier run are note text, not the account ("add note to X: call Bob"); a run just before
    "at"/"from" and a company is a person ("Jim at Copperline Electric")."""
    spans = name_runs(q, excluded or set())
    marks = (k for k, t in enumerate(q.tokens) if t.key in _CONTENT_MARKS)
    first_mark = next(marks, len(q.tokens))
    first_end = spans[0][1] if spans else len(q.tokens)
    scored = []
    for i, (a, b) in enumerate(spans):
        later = spans[i + 1] if i + 1 < len(spans) else None
        linked = b < len(q.tokens) and q.tokens[b].key in ("at", "from")
        person = linked and later is not None and later[0] - b <= 2 and _is_company(q, *later)
        scored.append((a, b, _score(q, a, b, first_mark < a and first_end <= a, person)))
    return scored


def _is_stray_word(q: Query, start: int, stop: int) -> bool:
    """One lowercase everyday word after an article, in a query that points at its account with
    a pronoun ("what did she say about the price"): a noun of the question, not a name."""
    words = [t for t in q.tokens[start:stop] if not t.sep]
    if len(words) != 1 or words[0].capitalized or is_business_noun(words[0].text):
        return False
    if start == 0 or q.tokens[start - 1].key not in ("the", "a", "an", "this", "that"):
        return False  # "the price" is a noun of the question; "email ironclad" may be a name
    return POINTER.search(q.norm) is not None


def _ranked_runs(q: Query, excluded: set[int] | None) -> list[_Run]:
    """Runs worth offering (score >= MIN_SCORE, not a stray word), best first."""
    runs = [
        _Run(a, b, surface_forms(q, a, b), s)
        for a, b, s in _scored_spans(q, excluded)
        if not _is_stray_word(q, a, b)
    ]
    return sorted((r for r in runs if r.score >= MIN_SCORE), key=lambda r: -r.score)


def _bridged(q: Query, excluded: set[int] | None) -> str | None:
    """Two runs a word or two apart, read as one name when together they name a business:
    "fox" and "repair" in "what did fox run auto repair object to" (lowercase "run", "auto")."""
    spans = name_runs(q, excluded or set())
    for (a, b), (c, d) in zip(spans, spans[1:], strict=False):
        gap = q.tokens[b:c]
        if not 1 <= len(gap) <= 2 or any(t.sep or t.key in _NO_BRIDGE for t in gap):
            continue
        if any(t.kind not in ("frame", "field") for t in gap):
            continue
        if any(is_business_noun(t.text) for t in q.tokens[c:d]):
            return surface(q, a, d)
    return None


def account_candidates(q: Query, excluded: set[int] | None = None) -> list[str]:
    """Account names as written in the query, most likely first (at most MAX_CANDIDATES); a
    bridged reading of two nearby runs comes second."""
    seen: dict[str, str] = {}
    for run in _ranked_runs(q, excluded):
        for form in run.forms:
            seen.setdefault(form.casefold(), form)
    forms = list(seen.values())
    bridged = _bridged(q, excluded) if forms else None
    if bridged is not None and bridged.casefold() not in seen:
        forms.insert(1, bridged)
    return forms[:MAX_CANDIDATES]


def best_run_score(q: Query, excluded: set[int] | None = None) -> float:
    """Score of the most name-like run (0 if none): above ~3.5 it is surely a business name."""
    return max((score for _, _, score in _scored_spans(q, excluded)), default=0.0)


def mask_names(q: Query, excluded: set[int] | None = None, mask: str = "the account") -> str:
    """The query with each offered name replaced by `mask` (to embed the speech act only)."""
    text = q.text
    for run in sorted(_ranked_runs(q, excluded), key=lambda r: -r.start):
        text = text[: q.tokens[run.start].start] + mask + text[q.tokens[run.stop - 1].stop :]
    return text
