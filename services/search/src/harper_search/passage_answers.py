"""Answers from passages: the indexer ranks an account's passages for the question by meaning and
words together; this picks the sentence that answers it, by general signals only.

- the kind of answer the question expects (when: a date or deadline; how much: an amount; what
  share: a percentage; how many: a count; who: a person or an organisation; why: a reason),
  read from its question words, and whether a sentence holds one (dates by ``dateparser``);
- an answer is a statement, not a question; a question asked in a call or a text is answered by
  the turn after it, so that turn is what gets quoted;
- the client's or the carrier's words over our own, newer over older, the raw file over its
  summary, a body over a subject line.

No phrasing of any book is in here: the ranking is the index's, the signals are about kinds of
answer.
"""

from __future__ import annotations

import calendar
import re
from collections.abc import Set as AbstractSet
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from functools import lru_cache

from dateparser.search import search_dates  # type: ignore[import-untyped]
from lemminflect import getAllInflections, getAllLemmas  # type: ignore[import-untyped]

from harper_common.memory.sentences import SENTENCE_BREAK
from harper_common.messages.index import PassageHit
from harper_search.carriers import carriers_named
from harper_search.named_roles import asked_role, names_beside
from harper_search.number_words import in_figures
from harper_search.question_cues import EARLIER
from harper_search.question_words import is_base_verb
from harper_search.terms import stem, straight_words, term_set, terms

ANSWER_KINDS: dict[str, tuple[str, ...]] = {
    "date": ("when", "deadline", "date", "until", "till", "by when", "how long", "how soon"),
    "amount": (
        "how much",
        "cost",
        "price",
        "premium",
        "limit",
        "limits",
        "deductible",
        "deposit",
        "payroll",
        "revenue",
        "sales",
        "value",
        "worth",
        "amount",
        "amt",
        "$",
        "#",
        "paying",
        "pays",
        "charging",
        "charges",
    ),
    "percent": ("percent", "share", "%", "portion", "proportion"),
    "count": ("how many", "number of"),
    "name": ("who", "whom", "which carrier", "which company", "what company", "whose"),
    "reason": ("why", "reason", "because", "how come"),
    "event": ("what happened", "happen", "incident"),
    "age": ("age", "ages", "how old", "aged"),
}
"""Question words -> the kind of answer they ask for (English interrogatives, and the nouns of
the trade that are always sums of money: a limit, a deductible, a payroll; not phrasings)."""

_MONTHS = {m.lower() for m in calendar.month_name[1:] + calendar.month_abbr[1:]}
_DAYS = {day.lower()[:size] for day in calendar.day_name[:] for size in range(3, len(day) + 1)}
"""Weekdays and every short form of one ("Tues", "Thurs", "Wed")."""
_TIME_WORDS = {"week", "month", "year", "tomorrow", "today", "tonight", "weekend", "eod", "eow"}
_EVERYDAY_MONTHS = frozenset({"may", "mar", "march"})
"""Month names that are everyday words too: a month only written with a capital or a day."""
_WHEN_WORDS = frozenset(
    {m.lower() for m in calendar.month_name[1:]} - _EVERYDAY_MONTHS
    | {"weekend", "tomorrow", "tonight", "eod", "eow", "eom", "eoy"}
    | {"thanksgiving", "christmas", "xmas", "easter", "mardi", "holidays", "hanukkah", "newyear"}
)
"""Words that name a time whatever stands around them: full month names ("may" and "march"
are everyday words too), the weekend, holidays (that ``dateparser`` does not know)."""
_WHEN_SPAN = re.compile(
    r"\b(?:end|start|beginning|middle) of (?:the |this |next )?(?:day|week|month|quarter|year)\b"
    r"|\b(?:a )?couple (?:of )?(?:days|weeks|months)\b",
    re.I,
)
"""Spans of time dateparser does not find: "by end of the month", "in a couple of weeks"."""
_AMOUNT = re.compile(
    r"\$\s?\d|\b\d[\d,.]*\s?(?:k|m|mm|grand|thousand|million)\b|\b(?:thousand|hundred|million|grand)\b",
    re.I,
)
_PERCENT = re.compile(r"\d\s?%|\bpercent\b|\b(?:half|third|quarter|fifth)\b", re.I)
_COUNT = re.compile(
    r"\b\d+\b|\b(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|dozen|twenty|"
    r"thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred)\b",
    re.I,
)
_NAME = re.compile(r"(?<![.!?]\s)(?<!^)\b[A-Z][a-z]+(?:\s+[A-Z][a-z&.]+)*|\b[A-Z]{3,6}\b(?!')")
"""A name: capitalised words not opening a sentence, or a short all-capitals one ("SFM")."""
_AGE = re.compile(
    r"\b(?:under|over|below|above|at least|younger than|older than)\s+(?:age\s+)?\d{1,2}\b"
    r"|\b\d{1,2}\s?\+|\b\d{1,2}\s+(?:and|or)\s+(?:up|over|older|under|younger)\b"
    r"|\b\d{1,2}[- ]years?[- ]old\b|\bages?\s+\d{1,2}\b",
    re.I,
)
"""An age as people write one: "under 14", "7+", "21 and over", "12 years old", "age 5"."""
_REASON = re.compile(r"\b(?:because|since|after|due to|so that|so we|that's why|reason)\b", re.I)
_PAST = re.compile(
    r"(?:\b(?P<before>a|an|the|one|two|three|our|my|his|her|their|its|this|that|\d+|is|are|am|"
    r"as|[a-z]+'re|[a-z]+'m)\s+)?"
    r"\b(?:was|were|had|got|went|came|broke|fell|hit|lost|took|sent|told|caught|ran|cut|bit|"
    r"stole|stolen|burnt|froze|blew|tore|(?P<regular>[a-z]{3,}ed))\b"
    r"(?:\s+to\s+(?P<after_to>[a-z]+)\b)?",
    re.I,
)
"""Past-tense verbs (the common irregular ones and the regular ending)."""
_SENTENCE_END = re.compile(r"(?<!\.\.\.)" + SENTENCE_BREAK + r"|\n+")
"""Between sentences or lines; dot leaders ("Liquor ..... $1,950") end no sentence."""
_LIST = re.compile(r"^[\s>]*(?:[-*•]|\d{1,2}[.)])\s+\S", re.M)
_COMPARATIVE = re.compile(r"\bhow much (?:[a-z]+er|more|less)\b")
HOW_MUCH = re.compile(r"\bhow much\b", re.I)
_PART_OF_A_WHOLE = re.compile(
    r"\bhow much of (?!(?:the |their |his |her |its |our |that |this )?(?:premium|quote|price|"
    r"cost|deposit|payment|bill|invoice|money|\$))",
    re.I,
)
""""How much of the work is in schools": a share of a whole (not a sum of money) is asked."""


def asks_part_of_a_whole(question: str) -> bool:
    """Whether the question asks what share of a whole something is ("how much of the work is
    in schools"), not a sum of money."""
    return _PART_OF_A_WHOLE.search(question) is not None


_CONTACT_ONLY = re.compile(r"\(?\d{3}\)?[\s.-]\d{3}[\s.-]\d{4}|@[\w-]+\.\w")
_WORDS = re.compile(r"[A-Za-z]{2,}")
_OPENS_OR_CLOSES = re.compile(r"[,\u2014-]\s*$")
"""How a greeting or a sign-off line ends ("Morning Kyle,", "Happy holidays to you all,")."""
GREETING_WORDS = 8


def greets(text: str) -> bool:
    """A greeting or a sign-off on its own: a few words ending in a comma or a dash."""
    line = text.strip()
    return bool(_OPENS_OR_CLOSES.search(line)) and len(_WORDS.findall(line)) <= GREETING_WORDS


SPEAKER = re.compile(r"^(?:\d{4}-\d{2}-\d{2}[ T][\d:]+Z?\s+)?[A-Z][^:]{0,60}:\s+")
_SPOKEN = ("turn", "message")
"""Passage kinds whose text starts with who said it ("Marco: ...", "2026-05-02 09:14 Ann: ...")."""


def said(text: str, hit: PassageHit) -> str:
    """What was said: a turn or a text message without its speaker; an email sentence as it
    is (its first words before a colon are part of it: "the reason I'm reaching out: ...")."""
    return SPEAKER.sub("", text) if hit.kind in _SPOKEN else text


@dataclass(frozen=True)
class Unit:
    """A sentence (or a turn) that may answer the question, with where it stands."""

    text: str
    hit: PassageHit
    rank: int
    score: float
    was: Unit | None = None
    """An older sentence giving the same kind of value, superseded by this one."""


def asked_kinds(question: str) -> set[str]:
    lower = f" {question.lower()} "
    kinds = set()
    for kind, words in ANSWER_KINDS.items():
        for word in words:
            pattern = re.escape(word) if not word[0].isalpha() else rf"\b{re.escape(word)}\b"
            if re.search(pattern, lower):
                kinds.add(kind)
                break
    if "count" in kinds:
        kinds.discard("amount")
    if _COMPARATIVE.search(lower):
        kinds.add("percent")  # a difference may be given as a share ("15% cheaper")
    if asks_part_of_a_whole(lower):
        kinds.add("percent")
    return kinds


def has_date(text: str) -> bool:
    """Whether the text names a day or a time to come or past (``dateparser`` finds it, and the
    match carries a digit, a month, a weekday or a time word: "we" alone is no Wednesday)."""
    return bool(_times_named(text))


def names_only_the_year(text: str) -> bool:
    """Whether every time the text names is this year, last year or a year ago, without a
    month, a day or a figure ("the cleanest she's seen this year"): a time, but no answer to
    "when" beside a sentence that names the week or the day."""
    times = _times_named(text)
    return bool(times) and all(
        not re.search(r"\d", t)
        and all(
            w in _YEAR_ONLY or w.removesuffix("s") in _YEAR_ONLY or _COUNT.fullmatch(w)
            for w in re.findall(r"[a-z]+", t.lower())
        )
        for t in times
    )


_YEAR_ONLY = frozenset({"this", "last", "past", "the", "a", "few", "couple", "year", "ago"})


@lru_cache(maxsize=4096)
def _times_named(text: str) -> tuple[str, ...]:
    """The spans of ``text`` that name a time (see ``has_date``), found once per text: both
    whether it names a time and whether only the year are asked of the same sentences."""
    if not re.search(r"\d|[A-Za-z]{3,}", text):
        return ()
    said = set(re.findall(r"[a-z]+", text.lower())) & _WHEN_WORDS
    span = _WHEN_SPAN.search(text)
    if said or span:
        # "this weekend", "before Thanksgiving", "end of the month": dateparser misses them
        return (*sorted(said), *([span.group(0)] if span else []))
    try:
        found = search_dates(text, languages=["en"], settings={"RETURN_AS_TIMEZONE_AWARE": False})
    except Exception:  # dateparser can fail on odd input; no date then
        return ()
    times: list[str] = []
    for matched, _ in found or []:
        words = set(re.findall(r"[a-z]+", matched.lower()))
        digits = re.search(r"(?<!\$)\b\d", matched)
        if not digits and words <= _EVERYDAY_MONTHS and matched == matched.lower():
            continue  # "you may have to": a verb, not the month
        singular = {w.removesuffix("s") for w in words}  # "in two weeks"
        if digits or (words | singular) & (_MONTHS | _DAYS | _TIME_WORDS):
            if not re.fullmatch(r"\s*\$?[\d.,]+\s*[kKmM]?\s*", matched):
                times.append(matched)
    return tuple(times)


def holds(kind: str, text: str) -> bool:
    if kind == "date":
        return has_date(text)
    if kind == "amount":
        return _AMOUNT.search(text) is not None
    if kind == "percent":
        return _PERCENT.search(text) is not None
    if kind == "count":
        return _COUNT.search(text) is not None
    if kind == "name":
        return _NAME.search(text) is not None
    if kind == "reason":
        # a reason is given ("because ...") or told as what happened ("In May our bookkeeper
        # got an email ... and sent $48,000")
        return _REASON.search(text) is not None or narrates(text)
    if kind == "event":
        return narrates(text)
    if kind == "age":
        return _AGE.search(text) is not None
    return False


YEAR_ONLY_BONUS = 1.0
"""What a sentence gains for a "when" when the only time it names is the year ("this year")."""
COUNTED_BONUS = 1.5
"""What a sentence gains when it puts a number before the very thing a "how many" asks about
("410 students", "a 12-room inn"): that is the count, not any number of the account."""
_HOW_MANY = re.compile(r"\b(?:how many|number of)\s+((?:[a-z][\w'’-]*\s*){1,2})", re.IGNORECASE)
_NUMBER_THEN_WORDS = re.compile(
    r"\b\d[\d,.]*\+?[\s-]+([A-Za-z][\w'’-]*)(?:[\s-]+([A-Za-z][\w'’-]*))?"
)


def counted_nouns(question: str) -> set[str]:
    """The roots of what a "how many" question counts: the word or two after it ("how many
    full-time staff" -> staff)."""
    found = _HOW_MANY.search(question)
    return roots(term_set(found.group(1))) if found else set()


def counts_of(nouns: set[str], text: str) -> bool:
    """Whether ``text`` puts a number (in figures or in words) right before one of ``nouns``,
    or one word before it ("410 students", "nine full-time staff", "a 12-room inn")."""
    for found in _NUMBER_THEN_WORDS.finditer(in_figures(text)):
        if roots(term_set(" ".join(w for w in found.groups() if w))) & nouns:
            return True
    return False


def narrates(text: str) -> bool:
    """Tells something that happened: a past-tense verb and when it was. A past form before
    "to" and a verb tells what is to come ("they're supposed to come in December"); a regular
    one after an article, a number or a possessive describes a thing ("a refrigerated van"),
    after "is" or "are" a state ("we're closed Thanksgiving day"), after "as" a form of words
    ("as quoted")."""
    when = any(not _DURATION.fullmatch(time) for time in _times_named(text))
    return when and any(_tells(m) for m in _PAST.finditer(text))


_DURATION = re.compile(
    r"\s*(?:in|for|over|within)?\s*(?:\d+|a|an|one|two|three|four|five|six|seven|eight|nine|ten|"
    r"twelve|few|couple of)\s+(?:day|week|month|year|yr)s?(?:\s+of)?\s*",
    re.I,
)
"""A length of time ("12 months of payroll", "in 5 years"), not when something happened."""


def _tells(past: re.Match[str]) -> bool:
    """Whether a match of ``_PAST`` is a verb of something that happened."""
    regular, after_to = past.group("regular"), past.group("after_to")
    if regular is not None and (regular.lower() in _ENDS_LIKE_PAST or past.group("before")):
        return False  # "two hundred", "a refrigerated van", "we're closed", "as quoted"
    return after_to is None or not is_base_verb(after_to.lower())


_ENDS_LIKE_PAST = frozenset({"hundred", "indeed", "speed", "proceed", "exceed", "succeed", "breed"})
"""Words ending in "ed" that are no past form ("two hundred")."""


def units_of(hit: PassageHit, with_previous: bool = False) -> list[str]:
    """The sentences of an email paragraph or summary; a turn or a text message whole. A list
    (lines starting with a bullet or a number) stays whole with the line that introduces it;
    ``with_previous`` joins each sentence to the one before it (a reason often comes first:
    "X happened. That's why we want Y")."""
    if hit.kind in ("turn", "message", "subject") or _LIST.search(hit.text):
        return [hit.text]
    parts = [u.strip() for u in _SENTENCE_END.split(hit.text) if len(u.strip()) > 2]
    rows = table_rows(hit.text)
    if rows:  # a row under its heading, in place of the row alone
        parts = [next((r for r in rows if r.endswith(p)), p) for p in parts]
    if not with_previous:
        return parts
    joined = [_span(hit.text, a, b) for a, b in zip(parts, parts[1:], strict=False)]
    return parts + [j for j in joined if j]


_CELL_GAP = re.compile(r"\S(?: {3,}|\t+| ?\.{4,} ?)\S")
"""Where one cell of a table row ends and the next begins: a run of spaces, a tab or dots."""
TABLE_ROWS = 2
"""Lines with cells apart this many at least, and a paragraph is a table."""


def table_rows(text: str) -> list[str]:
    """The rows of a table a paragraph lays out in columns ("Workers' Comp    $12,050 (was
    14,600)"), each under the table's heading line when it has one (a line of cells without a
    figure: the columns' names): a row is a value with what it is of, where a sentence of the
    paragraph would be. [] when the paragraph is no table."""
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    celled = [line for line in lines if _CELL_GAP.search(line)]
    if len(celled) < TABLE_ROWS:
        return []
    heading = next((line for line in celled if not re.search(r"\d", line)), "")
    return [
        f"{heading}\n{line}" if heading else line
        for line in celled
        if line != heading and re.search(r"\d", line)
    ]


def _span(text: str, first: str, second: str) -> str:
    """The verbatim stretch of ``text`` from ``first`` to the end of ``second`` ("" if apart)."""
    start = text.find(first)
    end = text.find(second, start + len(first))
    return text[start : end + len(second)] if start >= 0 and end >= 0 else ""


def best_units(
    question: str,
    hits: list[PassageHit],
    keep: int = 3,
    ignore: str = "",
    said_by: set[str] | None = None,
    also: str = "",
) -> list[Unit]:
    """The sentences that best answer ``question`` among ranked passages (best first), at most
    one per passage. Words of ``ignore`` (the account's name) do not count as shared words;
    ``said_by``: first names (lower case) the question asks about, whose own words count more;
    ``also``: other forms of the question's words that count as shared ("ded" for
    "deductible"), not as what it asks."""
    kinds = asked_kinds(question)
    how_much = "percent" not in kinds and HOW_MUCH.search(question) is not None
    asked = (term_set(question) | term_set(also)) - term_set(ignore)
    newest = max((aware(h.date) for h in hits if h.date), default=None)
    counted = counted_nouns(question) - roots(term_set(ignore))
    role = asked_role(question) if kinds <= {"name"} else None
    scored: list[Unit] = []
    for rank, hit in enumerate(hits):
        base = 1.5 / (1 + 0.5 * rank)
        best: Unit | None = None
        singles = units_of(hit)
        led = bool(kinds & {"reason", "event"})
        for text in units_of(hit, with_previous=led or "amount" in kinds):
            joined = text not in singles
            if joined and not led and not _headed_value(text, singles):
                continue
            unit_score = base + _signals(text, hit, kinds, asked, newest, how_much)
            if counted and counts_of(counted, said(text, hit)):
                unit_score += COUNTED_BONUS
            if role and names_beside(said(text, hit), role):
                unit_score += ROLE_NAMED_BONUS
            if said_by and hit.speaker and hit.speaker.split()[0].lower() in said_by:
                unit_score += SAID_BY_BONUS
            if joined and led:
                unit_score += 0.5  # a reason with what led to it
            if best is None or unit_score > best.score:
                best = Unit(text=text, hit=hit, rank=rank, score=unit_score)
        if best is not None:
            scored.append(best)
    scored.sort(key=lambda u: (-u.score, u.rank))
    chosen: list[Unit] = []
    notes = 0
    for unit in scored:
        if any(unit.text in c.text or c.text in unit.text for c in chosen):
            continue
        if unit.hit.channel == "state":
            # the broker's own note is kept beside the sources, never in place of one
            if notes < NOTES_KEPT:
                chosen.append(unit)
                notes += 1
            continue
        chosen.append(unit)
        if len(chosen) - notes >= keep:
            break
    earliest = EARLIER.search(question) is not None
    return _latest_first(chosen, scored, kinds, carriers_named(question), earliest, asked)


SHARE_FOR_AMOUNT = 1.0
"""A share answers a "how much" question about part of a whole, less surely than an amount."""
SHORT_LINE = 12
"""Fewer words than this: a line of a table or a list, not a sentence."""


def _vaguer(newer: str, best: str) -> bool:
    """The newer sentence names only the year where the best names a day, a week or a month:
    no later word on the same date ("the best file this year" after "the second week of
    January")."""
    return names_only_the_year(newer) and not names_only_the_year(best)


def _headed_value(joined: str, singles: list[str]) -> bool:
    """A short line giving an amount, joined to the line before it that says what it is the
    amount of ("THE HARTFORD / Package incl. liquor .... $9,460")."""
    last = next((s for s in singles if joined.endswith(s)), None)
    return last is not None and len(last.split()) < SHORT_LINE and holds("amount", last)


NOTES_KEPT = 1
"""Notes of state.md quoted beside the sources' sentences, at most."""

SAID_BY_BONUS = 0.6
"""What a sentence gains when the person the question names said it."""
ROLE_NAMED_BONUS = 2.0
"""What a sentence gains when it names a person beside the role the question asks ("which
driver": "our driver, Cody LeBlanc")."""

LATEST_MARGIN = 1.0
"""A newer sentence giving the same kind of value wins when it scores within this of the best."""


def _latest_first(
    chosen: list[Unit],
    scored: list[Unit],
    kinds: set[str],
    carriers: AbstractSet[str] = frozenset(),
    earliest: bool = False,
    asked: AbstractSet[str] = frozenset(),
) -> list[Unit]:
    """When the best sentence gives a value (an amount, a date, a share) and a newer sentence
    close behind gives one of the same kind, the newer one answers and the older one is kept
    beside it as what it was ("$15,950 (was $18,400)"). A question naming a carrier asks that
    carrier's value: another carrier's newer one does not replace it. Nor does a newer value of
    something else: when the best sentence says a word of the question (``asked``: "renewal"),
    the newer one must say one too (a policy that renews on March 3 is not replaced by the
    date of a vendor scam), and a time that names only the year does not replace a day. A
    question about the value before it changed (``earliest``: "the original quote") keeps the
    sentences as ranked: a newer value is not what it asks."""
    valued = [k for k in ("amount", "percent", "date") if k in kinds]
    if not chosen or not valued or earliest:
        return chosen
    top = chosen[0]
    kind = next((k for k in valued if holds(k, said(top.text, top.hit))), None)
    if kind is None or top.hit.date is None:
        return chosen
    started = aware(top.hit.date)
    wanted = roots(set(asked))
    subject = wanted if wanted & roots(term_set(top.text)) else set()
    newer = [
        u
        for u in scored
        if u.hit.date is not None
        and aware(u.hit.date) > started
        and u.hit.path != top.hit.path
        and u.score >= top.score - LATEST_MARGIN
        and holds(kind, said(u.text, u.hit))
        and not (kind == "date" and _vaguer(said(u.text, u.hit), said(top.text, top.hit)))
        and not (carriers & carriers_named(top.text) and not carriers & carriers_named(u.text))
        and (not subject or bool(subject & roots(term_set(u.text))))
    ]
    if not newer:
        return chosen
    latest = max(newer, key=lambda u: (aware(u.hit.date) if u.hit.date else started, u.score))
    rest = [u for u in chosen if u is not top and u.text != latest.text]
    return [replace(latest, was=top), *rest]


def _signals(
    text: str,
    hit: PassageHit,
    kinds: set[str],
    asked: set[str],
    newest: datetime | None,
    how_much: bool = False,
) -> float:
    """How well a sentence answers; ``how_much``: the question asks "how much" (not a share,
    not a price word alone), so a share of a whole may answer it."""
    words = said(text, hit)
    score = 0.0
    asked_here = is_question(words)
    answer = hit.after if (asked_here or goes_on(hit)) and hit.after else ""
    for kind in kinds:
        if holds(kind, words) and not (asked_here and answer):
            # a question answered in the next turn: what it holds is asked, not told
            score += YEAR_ONLY_BONUS if kind == "date" and names_only_the_year(words) else 2.0
        elif kind == "amount" and how_much and holds("percent", words):
            score += SHARE_FOR_AMOUNT  # "how much of the sales": a share of a whole
        elif answer and holds(kind, SPEAKER.sub("", answer)):
            score += 1.5  # a question whose answer comes in the next turn
            if roots(asked) & roots(term_set(last_sentence(words))):
                score += 1.0  # and the question asked about what this one asks ("Students?")
    overlap = len(roots(asked) & roots(term_set(words)))
    score += min(2.0, 0.4 * overlap)
    if answer and not kinds and overlap:
        score += 1.0  # the broker asked about it in the call: the next turn tells it
    if asked_here and not answer:
        score -= 1.5
    if hit.kind == "subject":
        score -= 2.5
    if hit.channel == "summary":
        score -= 0.4
    if hit.direction == "inbound":
        score += 0.3
    if newest is not None and hit.date is not None:
        days = (newest - aware(hit.date)).days
        score += 0.4 if days <= 0 else max(0.0, 0.4 - days / 120)
    if len(words) < 12 and not answer and not _CELL_GAP.search(text):
        score -= 1.0  # a fragment; not a short question the next turn answers ("Claims?")
    if _CONTACT_ONLY.search(words) and len(_WORDS.findall(_CONTACT_ONLY.sub("", words))) < 5:
        score -= 2.0  # a contact line, not something anyone said
    return score


def is_question(text: str) -> bool:
    """The text ends as a question."""
    return text.rstrip().endswith("?")


def answer_to(unit: Unit) -> str:
    """What the next turn or message says to ``unit`` when it asks a question or its speaker
    goes on after a short reaction (one line), else ""."""
    hit = unit.hit
    asks = is_question(unit.text) or requests(unit.text)
    if hit.after and (asks or goes_on(hit)):
        return " ".join(hit.after.split())
    return ""


LISTENER = frozenset({"me", "us"})
PROPOSING = frozenset({"let"})
"""A base-form verb before "me" that proposes, not asks ("Let me check with Dana")."""


def requests(text: str) -> bool:
    """Whether a turn ends by asking the listener for something in the imperative ("Tell me
    about the plant.", "Walk us through the claim."): a verb in its base form, then "me" or
    "us". Like a question, what the next turn says answers it."""
    said = [w.lower() for w in _WORDS.findall(SPEAKER.sub("", last_sentence(text), count=1))]
    if len(said) < 2 or said[1] not in LISTENER or said[0] in PROPOSING:
        return False
    forms = getAllLemmas(said[0])
    return said[0] in forms.get("VERB", ())


def goes_on(hit: PassageHit) -> bool:
    """A turn whose speaker goes on after the other's short reaction ("... a new idea." -
    "Uh oh." - "He wants to ..."): the index keeps both after it, and they belong with it."""
    lines = hit.after.splitlines()
    if hit.kind != "turn" or len(lines) < 2 or not hit.speaker:
        return False
    last = SPEAKER.match(lines[-1])
    return last is not None and last.group(0).split(":")[0].strip() == hit.speaker


def last_sentence(text: str) -> str:
    """The last sentence of a turn: where a question asked in talk usually is."""
    parts = [p for p in _SENTENCE_END.split(text) if p.strip()]
    return parts[-1] if parts else text


_VOWEL = re.compile(r"[aeiouy]")


NOUN_OF_A_VERB = (
    ("ication", ("y",)),
    ("ation", ("e", "", "ate")),
    ("ition", ("", "e")),
    ("ssion", ("t", "ss")),
    ("sion", ("de", "d", "t", "se")),
    ("ction", ("ct",)),
    ("etion", ("ete",)),
    ("ution", ("ute",)),
    ("ment", ("",)),
    ("aint", ("ain",)),
    ("ance", ("", "e")),
    ("ence", ("", "e")),
    ("ery", ("er",)),
    ("ure", ("", "e")),
    ("al", ("", "e")),
)
"""Endings that make a noun of a verb, and what may stand in their place to give the verb back
("referral" -> "refer", "cancellation" -> "cancel", "decision" -> "decide")."""
SHORTEST_STEM = 3
"""Letters a noun keeps once its ending is cut ("session" keeps two: no verb in it)."""


def verb_of_noun(noun: str) -> str | None:
    """The verb a noun is made of ("renewal" -> "renew", "retirement" -> "retire",
    "delivery" -> "deliver"), when ``lemminflect`` knows that verb in its base form and the
    word itself is no verb ("question" and "signal" stay as they are); else None."""
    if noun.endswith("ual") or "VERB" in getAllLemmas(noun):
        return None  # "actual", "annual": no verb in them
    for ending, stand_ins in NOUN_OF_A_VERB:
        if not noun.endswith(ending):
            continue
        stem = noun[: -len(ending)]
        if len(stem) < SHORTEST_STEM:
            continue
        for stand_in in stand_ins:
            for base in _spellings(stem, stand_in):
                if base in getAllLemmas(base).get("VERB", ()):
                    return base
    return None


def verb_forms_of_nouns(text: str) -> set[str]:
    """The forms of the verbs the nouns of ``text`` are made of ("referral" -> "refer",
    "referred", "refers", "referring"): a file may tell it with the verb ("referred by her
    landlord") where the question names the thing."""
    found: set[str] = set()
    for word in straight_words(text):
        noun = next(iter(getAllLemmas(word).get("NOUN", ())), word)
        verb = verb_of_noun(noun)
        if verb is not None:
            found.add(verb)
            found |= {form for forms in getAllInflections(verb, "VERB").values() for form in forms}
    return found


def _spellings(stem: str, stand_in: str) -> list[str]:
    """``stem`` + ``stand_in``, and with a doubled last letter undone ("referr" -> "refer") or
    an "i" read as "y" ("deni" -> "deny") when nothing stands in."""
    found = [stem + stand_in]
    if not stand_in and len(stem) > 2 and stem[-1] == stem[-2]:
        found.append(stem[:-1])
    if not stand_in and stem.endswith("i"):
        found.append(stem[:-1] + "y")
    return found


@lru_cache(maxsize=16384)
def word_root(term: str) -> str:
    """A word's root for matching a question's words to a sentence's: its dictionary form
    first (``lemminflect``: "lost" -> "lose", "paid" -> "pay", "fell" -> "fall"; an adjective's
    when the word is no verb or noun: "higher" -> "high"), a noun made of
    a verb as that verb ("referral" -> "refer"), then the endings cut as before ("going" ->
    "go", "closed" and "closing" -> "clos")."""
    forms = getAllLemmas(term)
    term = next(iter(forms.get("VERB", ()) or forms.get("NOUN", ()) or forms.get("ADJ", ())), term)
    term = verb_of_noun(term) or term
    if len(term) >= 5 and term.endswith("ing") and _VOWEL.search(term[:-3]):
        term = term[:-3]  # not "thing", "bring"
    elif len(term) > 4 and term.endswith("ed") and _VOWEL.search(term[:-2]):
        term = term[:-2]
    if len(term) > 3 and term[-1] == term[-2] and term[-1] not in "lsz":
        term = term[:-1]
    if len(term) > 3 and term.endswith("e"):
        term = term[:-1]
    return term


def said_done(question: str) -> set[str]:
    """The roots of the question's verbs in a form saying a thing was or is being done
    ("cancelled", "declined", "stolen"): not a verb's plain form, which is often the name of
    the thing as well ("a cancel notice", "any claim")."""
    found: set[str] = set()
    for word in straight_words(question):
        verbs = getAllLemmas(word).get("VERB", ())
        if verbs and word not in verbs:
            found.add(word_root(word))
    return found


def only_a_verb(word: str) -> bool:
    """A word that can only be a verb ("asked", "sent"): with the word after it, it says what
    was done to a thing ("asked questions"), not one thing named in two words."""
    return _only_as(word, "VERB")


def only_an_adverb(word: str) -> bool:
    """A word that can only be an adverb ("really", "suddenly", "recently")."""
    return _only_as(word.lower(), "ADV")


def _only_as(word: str, part: str) -> bool:
    """``lemminflect`` knows ``word`` as that part of speech and as no other."""
    return set(getAllLemmas(word)) == {part}


def roots(found: set[str]) -> set[str]:
    return {word_root(t) for t in found}


def root_of(word: str) -> str:
    """A word's root as sentences and questions are matched ("renewing" and "renew" as one)."""
    return word_root(stem(word))


def root_words(text: str) -> list[str]:
    """The roots of a text's words, stop words aside, in order ("declined" and "decline" as
    one)."""
    return [word_root(t) for t in terms(text)]


def aware(moment: datetime) -> datetime:
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)
