"""Runs of name words in a query, and the forms a run may be written in.

A run is a maximal stretch of words that are not part of the question or command frame
(`intent_lexicon`): "Sunny Days Childcare" in "mark Sunny Days Childcare as quoted". Joiners
stay inside ("Smith & Sons", "Law Office of Jane Doe", "Sunny Days Childcare, Inc."), a
capitalised name stops at a lowercase word ("Redwood Chiropractic signs"), a possessive ends a
name unless the next word continues it ("O'Malley's Pub").
"""

from __future__ import annotations

from harper_starter.intent_lexicon import LEGAL_SUFFIXES
from harper_starter.intent_text import Query, Token, is_business_noun

_NAME_FIELDS = frozenset({"auto", "commercial", "general", "property", "marine", "insurance"})
"""Field words that often end a business name; offered as an extra variant."""
_GLUE = frozenset(
    "the a an at to for with in on from by as is are was were or about re it they we i you".split()
)
"""Frame words never taken inside a name even when capitalised ("Follow Up With Acme")."""
_FIELD_HEADS = frozenset("point main primary best direct cell mobile".split())
"""Words that open the field asked about ("point of contact", "main contact"), not the name."""


def surface(q: Query, start: int, stop: int) -> str:
    """The query's text from token `start` to token `stop - 1`, exactly as written."""
    return q.text[q.tokens[start].start : q.tokens[stop - 1].stop]


def is_core(tok: Token) -> bool:
    """A word that can only belong to a name (not frame, field, joiner or value)."""
    return tok.kind == "name"


def _joins(tokens: tuple[Token, ...], i: int, shouting: bool = False) -> bool:
    """Does token `i` extend the run: a name word, or a joiner followed by one. With
    ``shouting`` (every word of the query in capitals), capitals tell nothing."""
    tok = tokens[i]
    nxt = tokens[i + 1] if i + 1 < len(tokens) else None
    if is_core(tok):
        return True
    if not shouting and tok.in_capitals and _titled_core_ahead(tokens, i + 1):
        return True  # "Silver Pine IT Consulting", "Fox Hollow US Imports": no pronoun inside
    if tok.kind == "frame" and tok.text[:1].isupper() and tok.key not in _GLUE:
        if _titled_core_ahead(tokens, i + 1):
            return True  # "First Call Plumbing", "Quick Stop Market", "Fox Run Auto Repair"
    if nxt is None or not is_core(nxt):
        return False
    return tok.kind in ("connector", "field") or (tok.key == "," and nxt.key in LEGAL_SUFFIXES)


def _shouting(tokens: tuple[Token, ...]) -> bool:
    words = [tok.text for tok in tokens if tok.text.isalpha()]
    return bool(words) and all(word.isupper() for word in words)


def _titled_core_ahead(tokens: tuple[Token, ...], j: int) -> bool:
    """A name word at `j`, or after Title-Case field words ("Run Auto Repair")."""
    while j < len(tokens) and tokens[j].kind == "field" and tokens[j].capitalized:
        j += 1
    return j < len(tokens) and is_core(tokens[j])


def _starts(tokens: tuple[Token, ...], i: int) -> bool:
    """Can a run start at `i`: a name word, or numbers/Title-Case words ("The", "New") before it."""
    if is_core(tokens[i]):
        return True
    j = i
    while j < len(tokens) and (tokens[j].kind == "number" or _titled_frame(tokens[j], j)):
        j += 1
    return j > i and j < len(tokens) and is_core(tokens[j])


def _titled_frame(tok: Token, i: int) -> bool:
    """A capitalised "The" or field word ("New", "Company") after the first word."""
    titled = tok.text[:1].isupper() and not tok.text.isupper()
    return i > 0 and titled and (tok.key == "the" or tok.kind == "field")


def name_runs(q: Query, excluded: set[int]) -> list[tuple[int, int]]:
    """Maximal runs of name words as (start, stop) token indexes, outside `excluded`."""
    tokens, spans, i = q.tokens, [], 0
    shouting = _shouting(tokens)
    while i < len(tokens):
        if i in excluded or not _starts(tokens, i):
            i += 1
            continue
        run = [i]
        j = i + 1
        while j < len(tokens) and j not in excluded and not tokens[j - 1].possessive:
            if not _joins(tokens, j, shouting):
                break
            run.append(j)
            j += 1
        j = _continue_possessive(tokens, run, j, excluded)
        spans.append((i, _filler_cut(tokens, i, _case_cut(tokens, i, j))))
        i = j
    return [(a, b) for a, b in spans if any(is_core(t) and len(t.text) > 1 for t in tokens[a:b])]


def _filler_cut(tokens: tuple[Token, ...], start: int, stop: int) -> int:
    """Drop a last word that belongs to the field asked about, not the name: "point" in
    "Cascade Ridge Roofing point of contact", "main" in "... main contact"."""
    if stop - start < 2 or tokens[stop - 1].key not in _FIELD_HEADS or stop >= len(tokens):
        return stop
    nxt = tokens[stop]
    if nxt.kind == "field" or (nxt.key == "of" and stop + 1 < len(tokens)):
        return stop - 1 if nxt.key != "of" or tokens[stop + 1].kind == "field" else stop
    return stop


def _case_cut(tokens: tuple[Token, ...], start: int, stop: int) -> int:
    """Where a capitalised name meets a lowercase word ("Redwood Chiropractic signs"): the name
    ends there. A capital on the query's first word alone says nothing."""
    capitals = 0
    for k in range(start, stop):
        tok = tokens[k]
        if not is_core(tok) or not tok.text[:1].isalpha():
            continue
        if tok.capitalized:
            capitals += k > 0
        elif capitals:
            while k - 1 > start and tokens[k - 1].kind in ("field", "connector"):
                if tokens[k - 1].capitalized:
                    break
                k -= 1  # "Kestrel Comfort Systems premium running": "premium" is the field
            return k
    return stop


def _continue_possessive(
    tokens: tuple[Token, ...], run: list[int], j: int, excluded: set[int]
) -> int:
    """Carry on past "O'Malley's" into "Pub" when the next word also looks like the name."""
    last = tokens[j - 1]
    if not last.possessive or j >= len(tokens) or j in excluded or not is_core(tokens[j]):
        return j
    lowercase_run = not any(tokens[k].capitalized for k in run)
    if tokens[j].capitalized or lowercase_run:
        while j < len(tokens) and is_core(tokens[j]) and j not in excluded:
            j += 1
    return j


def surface_forms(q: Query, start: int, stop: int) -> tuple[str, ...]:
    """The run as written, then variants: without "The", cut at a possessive, with the lowercase
    words after it, plus a following field word (first when Title-Case and the run has no
    business word), without a legal suffix, split at "and" (parts first if both are businesses)."""
    tokens = q.tokens
    forms = [surface(q, start, stop)]
    if tokens[start].key == "the":
        forms.append(surface(q, start + 1, stop))
    elif start == 1 and tokens[0].key == "the":
        forms.append(surface(q, 0, stop))  # "The Daily Grind" opening the query
    cut = next((k for k in range(start, stop - 1) if tokens[k].possessive), None)
    if cut is not None:
        forms.append(surface(q, start, cut + 1))
    tail = stop
    while tail < len(tokens) and is_core(tokens[tail]) and not tokens[tail].capitalized:
        tail += 1
    if tail > stop:
        forms.append(surface(q, start, tail))  # "Little Sprouts daycare"
    if stop < len(tokens) and tokens[stop].kind == "field":
        field = tokens[stop]
        titled = field.capitalized and not field.text.isupper()
        if titled and not any(is_business_noun(t.text) for t in tokens[start:stop]):
            forms.insert(0, surface(q, start, stop + 1))  # "Northwind Marine"
        elif field.capitalized or field.key in _NAME_FIELDS:
            forms.append(surface(q, start, stop + 1))  # "Blue Sky Auto", "... Status"
    if stop - start > 1 and tokens[stop - 1].key in LEGAL_SUFFIXES:
        end = stop - 2 if tokens[stop - 2].key == "," else stop - 1
        forms.append(surface(q, start, end))  # "Sunny Days Childcare" for "..., Inc."
    ands = [k for k in range(start, stop) if tokens[k].key == "and"][:2]
    for k in ands:
        parts = [(start, k), (k + 1, stop)]
        split = [surface(q, a, b) for a, b in parts]
        both_named = all(any(is_business_noun(t.text) for t in tokens[a:b]) for a, b in parts)
        forms = split + forms if both_named else forms + split
    return tuple(forms)
