"""The words of listing questions, read from the description-search skill's references.

``references/categories.md`` holds the category words (kinds of business, regions, stage words,
what "we owe" means); the words for lines of coverage are the shared vocabulary's
(``harper_common.vocabulary``: a line's name, shorthand and book words). Both are data: the
engine reads them and holds no list of phrasings of its own. (``references/filters.md`` shows
the model the same line words; a test keeps it within the vocabulary.)
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from harper_common.memory.errors import UnknownStage
from harper_common.memory.stages import Stage, canonical_stage
from harper_common.skills import Skill, SkillError, find_skill, read_resource
from harper_common.vocabulary import vocabulary

SKILL = "description-search"
CATEGORIES_FILE = "references/categories.md"


@dataclass(frozen=True, kw_only=True)
class Category:
    """A kind of business ("hospitality"): the words that name it and what it covers."""

    name: str
    also: tuple[str, ...]
    members: tuple[str, ...]

    @property
    def names(self) -> tuple[str, ...]:
        return (self.name, *self.also)


@dataclass(frozen=True, kw_only=True)
class Region:
    name: str
    also: tuple[str, ...]
    states: tuple[str, ...]


@dataclass(frozen=True, kw_only=True)
class ListingWords:
    categories: tuple[Category, ...] = ()
    regions: tuple[Region, ...] = ()
    stage_words: tuple[tuple[str, tuple[Stage, ...]], ...] = ()
    owed_words: tuple[str, ...] = ()
    follow_up_words: tuple[str, ...] = ()
    action_examples: tuple[tuple[str, bool], ...] = ()
    """Pending actions and whether each is the agency's own task (True) or someone else's."""
    field_examples: tuple[tuple[str, str], ...] = ()
    """Questions about one account and the field each asks ("when's the renewal", renewal_date)."""
    trade_words: frozenset[str] = frozenset()
    """Nouns of the agency's own work ("carrier", "underwriter"): never a kind of business."""
    change_words: frozenset[str] = frozenset()
    """Words asking which accounts changed a field ("switched", "new"): read in history.md."""
    event_words: frozenset[str] = frozenset()
    """Words naming what happened to an account ("claim", "accident"): only its files tell."""
    event_groups: tuple[frozenset[str], ...] = ()
    """The same words by happening, a row each ("theft", "stolen", "burglary")."""
    denial_words: frozenset[str] = frozenset()
    """Words that say something did not happen ("never", "none"; "n't" for every "-n't")."""
    undo_words: frozenset[str] = frozenset()
    """Words that say what happened was taken back later ("rescinded", "reinstated")."""
    other_senses: tuple[tuple[str, ...], ...] = ()
    """Phrases where a word of what happened means something else ("broken out by location")."""
    line_words: tuple[tuple[str, str], ...] = ()
    """Shorthand for a line of coverage and the line ("workers comp" -> Workers' Compensation)."""
    shorthand: tuple[tuple[str, tuple[str, ...]], ...] = ()
    """A word of the trade cut short and its fuller forms ("cert" -> certificate, COI)."""
    comparison_words: tuple[tuple[tuple[str, ...], str], ...] = ()
    """Words before a named account that compare with it ("besides", "like") and what they ask
    (``COMPARISONS``): each entry as its lower-case words."""
    comparison_fields: tuple[tuple[tuple[str, ...], str], ...] = ()
    """Words naming the field of "the same <field> as" and the field (``COMPARED_FIELDS``)."""
    other_words: frozenset[str] = frozenset()
    """Words asking for the accounts other than a named one ("else", "other")."""
    kind_heads: frozenset[str] = frozenset()
    """Head nouns of kinds of business ("services", "shops"): no kind read by meaning alone."""
    open_words: tuple[tuple[str, ...], ...] = ()
    """Phrases asking who still waits on something ("still waiting"), each as its words."""
    done_words: tuple[tuple[str, ...], ...] = ()
    """Phrases asking who has something done ("already"), each as its words."""
    sides: tuple[tuple[str, frozenset[str]], ...] = ()
    """Whose side a person something befell is on ("staff": "installer" ...), a row each."""
    thing_kinds: tuple[tuple[frozenset[str], frozenset[str]], ...] = ()
    """Words naming a kind of thing and its members ("vehicle": "car", "truck" ...), a row each."""
    time_relations: tuple[
        tuple[str, tuple[tuple[str, ...], ...], tuple[tuple[str, ...], ...]], ...
    ] = ()
    """Each relation of time ("before"), its words that tie a time alone and its words that may
    also tie a place or a cause, each as its lower-case words."""

    @property
    def line_names(self) -> frozenset[str]:
        return frozenset(line for _, line in self.line_words)


def load_listing_words(skills: list[Skill]) -> ListingWords:
    """The tables of the description-search skill; SkillError when a table is malformed."""
    skill = find_skill(skills, SKILL)
    return parse_listing_words(read_resource(skill, CATEGORIES_FILE))


def parse_listing_words(categories: str) -> ListingWords:
    sections = markdown_tables(categories)
    return ListingWords(
        categories=tuple(
            Category(name=row[0], also=entries(row[1]), members=entries(row[2]))
            for row in _rows(sections, "Kinds of business", 3)
        ),
        regions=tuple(
            Region(name=row[0], also=entries(row[1]), states=entries(row[2]))
            for row in _rows(sections, "Regions", 3)
        ),
        stage_words=tuple(
            (word, _stages(row[1]))
            for row in _rows(sections, "Stage words", 2)
            for word in entries(row[0])
        ),
        owed_words=tuple(row[0] for row in _rows(sections, "Our open tasks", 1)),
        follow_up_words=tuple(
            word for row in _rows(sections, "Follow-up words", 1) for word in entries(row[0])
        ),
        action_examples=tuple(
            (row[0], row[1].strip().lower() == "ours")
            for row in _rows(sections, "Whose pending action", 2)
        ),
        field_examples=tuple(
            (row[0], row[1].strip().lower())
            for row in _rows(sections, "What a question asks of one account", 2)
        ),
        trade_words=_one_word_table(sections, "Words of the trade"),
        change_words=_one_word_table(sections, "Words of change"),
        event_words=_one_word_table(sections, "Words of what happened"),
        event_groups=_word_rows(sections, "Words of what happened"),
        denial_words=_one_word_table(sections, "Words that deny"),
        undo_words=_one_word_table(sections, "Words that undo"),
        other_senses=_phrases(sections, "Words of what happened in another sense"),
        line_words=_line_words(),
        shorthand=tuple(
            (_one_word(row[0], "Shorthand"), tuple(entries(row[1])))
            for row in _rows(sections, "Shorthand", 2)
        ),
        comparison_words=_worded(sections, "Words that compare with a named account", COMPARISONS),
        comparison_fields=_worded(sections, "Fields a comparison names", COMPARED_FIELDS),
        other_words=_one_word_table(sections, "Words for the other accounts"),
        kind_heads=_one_word_table(sections, "Words that name no kind alone"),
        open_words=_phrases(sections, "Words of what is still open"),
        done_words=_phrases(sections, "Words of what is done"),
        sides=_sides(sections),
        thing_kinds=_thing_kinds(sections),
        time_relations=_time_relations(sections),
    )


COMPARISONS = frozenset({"aside", "like", "same"})
"""What a comparison with a named account asks: the others that fit the rest of the question
(``aside``), also the accounts most like it (``like``), its own value of a field (``same``)."""
COMPARED_FIELDS = frozenset({"carrier", "state", "city", "industry", "stage", "coverage"})


def _worded(
    sections: dict[str, list[list[str]]], table: str, allowed: frozenset[str]
) -> tuple[tuple[tuple[str, ...], str], ...]:
    """A table of entries (several per cell) and what each stands for, one of ``allowed``."""
    found: list[tuple[tuple[str, ...], str]] = []
    for row in _rows(sections, table, 2):
        meant = row[1].strip().lower()
        if meant not in allowed:
            raise SkillError(
                CATEGORIES_FILE, f"{table}: {row[1]!r} is not one of {sorted(allowed)}"
            )
        found += [(phrase, meant) for phrase in lowered_phrases(row[0])]
    return tuple(found)


def _phrases(sections: dict[str, list[list[str]]], table: str) -> tuple[tuple[str, ...], ...]:
    """A table of one column whose rows list phrases: each phrase as its lower-case words."""
    return tuple(phrase for row in _rows(sections, table, 1) for phrase in lowered_phrases(row[0]))


def _sides(sections: dict[str, list[list[str]]]) -> tuple[tuple[str, frozenset[str]], ...]:
    """Each side of "Whom it befell" and its words."""
    table = "Whom it befell"
    return tuple(
        (row[0].strip().lower(), frozenset(_one_word(word, table) for word in entries(row[1])))
        for row in _rows(sections, table, 2)
    )


def _thing_kinds(
    sections: dict[str, list[list[str]]],
) -> tuple[tuple[frozenset[str], frozenset[str]], ...]:
    """Each row of "Things of a kind": the words of the kind and its members, lower case."""
    table = "Things of a kind"
    return tuple(
        (
            frozenset(_one_word(word, table).lower() for word in entries(row[0])),
            frozenset(_one_word(word, table).lower() for word in entries(row[1])),
        )
        for row in _rows(sections, table, 2)
    )


def _time_relations(
    sections: dict[str, list[list[str]]],
) -> tuple[tuple[str, tuple[tuple[str, ...], ...], tuple[tuple[str, ...], ...]], ...]:
    """Each row of "When a thing falls": the relation, its words of time alone and its words
    that may also tie a place or a cause, each entry as its lower-case words."""
    return tuple(
        (
            row[0].strip().lower(),
            lowered_phrases(row[1]),
            lowered_phrases(row[2]),
        )
        for row in _rows(sections, "When a thing falls", 3)
    )


def _one_word_table(sections: dict[str, list[list[str]]], table: str) -> frozenset[str]:
    """A table of one column whose rows list single words ("change; changed")."""
    return frozenset(
        _one_word(word, table) for row in _rows(sections, table, 1) for word in entries(row[0])
    )


def _word_rows(sections: dict[str, list[list[str]]], table: str) -> tuple[frozenset[str], ...]:
    """A table of one column whose rows list single words, row by row."""
    return tuple(
        frozenset(_one_word(word, table) for word in entries(row[0]))
        for row in _rows(sections, table, 1)
    )


def _one_word(entry: str, table: str) -> str:
    if len(entry.split()) != 1:
        raise SkillError(CATEGORIES_FILE, f"{table}: {entry!r} is not one word")
    return entry.lower()


def markdown_tables(text: str) -> dict[str, list[list[str]]]:
    """Each ``## heading``'s table rows (header and rule left out), cells stripped."""
    sections: dict[str, list[list[str]]] = {}
    current: list[list[str]] | None = None
    for line in text.splitlines():
        if line.startswith("## "):
            current = sections.setdefault(line[3:].strip(), [])
        elif current is not None and line.startswith("|"):
            current.append([cell.strip() for cell in line.strip().strip("|").split("|")])
    return {name: rows[2:] for name, rows in sections.items()}


def _rows(sections: dict[str, list[list[str]]], name: str, width: int) -> list[list[str]]:
    if name not in sections:
        raise SkillError(CATEGORIES_FILE, f"no '## {name}' table")
    for row in sections[name]:
        if len(row) != width or not row[0]:
            raise SkillError(CATEGORIES_FILE, f"a row of '{name}' needs {width} cells: {row}")
    return sections[name]


def entries(cell: str) -> tuple[str, ...]:
    """The entries of a table cell, separated by semicolons ("farms; ranches")."""
    return tuple(part.strip() for part in cell.split(";") if part.strip())


def lowered_phrases(cell: str) -> tuple[tuple[str, ...], ...]:
    """The entries of a table cell, each as its lower-case words."""
    return tuple(tuple(entry.lower().split()) for entry in entries(cell))


def _stages(cell: str) -> tuple[Stage, ...]:
    try:
        return tuple(canonical_stage(name) for name in entries(cell))
    except UnknownStage as exc:
        raise SkillError(CATEGORIES_FILE, str(exc)) from None


def _line_words() -> tuple[tuple[str, str], ...]:
    """Each line's full name, shorthand and book words, with the line. A word several lines
    share ("malpractice") is left out: the line's full name stands for it."""
    found = [
        (word, line.name)
        for line in vocabulary().lines
        for word in (line.name, line.name.lower(), *line.shorthand, *line.book_words)
    ]
    return tuple(dict.fromkeys(found))


_ACRONYM = re.compile(r"^[A-Z&]{2,5}$")


def is_specific(word: str) -> bool:
    """Shorthand that cannot be an ordinary word: an acronym ("WC", "E&O") or several words."""
    return bool(_ACRONYM.match(word)) or " " in word.strip()
