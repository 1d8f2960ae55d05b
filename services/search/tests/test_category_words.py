"""Listing questions by category words over a small invented book: the words reach the values
the book holds by meaning (MiniLM, as ``harper.index.embed`` answers), through the skill's
category table; a word close to nothing is answered by description search, never by a search
for the word in the files.

The index is a fake with the indexer's calls (lookup, search, scan) over a few payloads.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from fake_directory import FakeDirectory

from harper_common.memory.paths import MemoryRoot
from harper_common.messages.index import (
    AccountPayload,
    DescriptionFilters,
    DescriptionHit,
    PassageHit,
    ScanReply,
)
from harper_common.messages.query import AgentRequest, IntentInfo
from harper_common.skills import Skill, SkillError, load_skills
from harper_search.book_values import BookValues
from harper_search.catalog import Catalog
from harper_search.draft import Draft
from harper_search.listing_query import ListingQuery
from harper_search.listing_reader import ListingReader, book_line_forms, trade_verbs_in
from harper_search.listing_words import load_listing_words, parse_listing_words
from harper_search.local_brain import LocalBrain
from harper_search.own_actions import OwnActions
from harper_search.question_words import QuestionWords
from harper_search.session import ToolSession
from harper_search.text_vectors import TextVectors
from harper_search.tool_specs import SEARCH_DESCRIPTIONS, SEARCH_FILES, new_budget
from harper_search.toolbox import Toolbox

if TYPE_CHECKING:  # conftest's types, for annotations only (it is not importable at run time)
    from conftest import RecordedProgress

SKILLS = Path(__file__).resolve().parents[3] / "skills"
TODAY = date(2026, 11, 24)


def _account(
    number: int, name: str, industry: str, stage: str, where: str, **more: object
) -> AccountPayload:
    city, state = where.split(", ")
    return AccountPayload.model_validate(
        {
            "account_id": f"9{number:04d}",
            "account_name": name,
            "stage": stage,
            "industry": industry,
            "location": where,
            "city": city,
            "state": state,
            "version": 1,
            "description": f"{name} | {industry} | {where}",
            **more,
        }
    )


BOOK = [
    _account(
        1, "Saltmarsh Boutique Hotel", "Boutique Hotel", "Quoted", "Astoria, OR", premium=18_500
    ),
    _account(2, "Foghorn Craft Beer Taproom", "Craft Beer Taproom", "Closed Won", "Eugene, OR"),
    _account(3, "Ironclad Roofing", "Roofing", "Quoted", "Salem, OR", premium=9_200),
    _account(4, "Polar Air HVAC Services", "HVAC Services", "Submitted", "Reno, NV"),
    _account(
        5,
        "Brightwire Electrical Contracting",
        "Electrical Contracting",
        "Closed Won",
        "Boise, ID",
        pending_actions=["Email the certificate of insurance to the general contractor"],
    ),
    _account(
        6,
        "Kettle & Crumb Bakery",
        "Bakery",
        "Closed Lost",
        "Bend, OR",
        pending_actions=["Owner still deciding between the two quotes"],
    ),
    _account(
        7, "Northline Reefer Freight", "Refrigerated Freight Carrier", "Submitted", "Fargo, ND"
    ),
]


def _holds(payload: AccountPayload, filters: DescriptionFilters) -> bool:
    def within(value: str | None, wanted: list[str] | None) -> bool:
        return wanted is None or (value or "").lower() in {w.lower() for w in wanted}

    lines = {line.lower() for line in payload.insurance_types}
    return (
        within(payload.stage, filters.stage)
        and within(payload.state, filters.state)
        and within(payload.city, filters.city)
        and within(payload.industry, filters.industry)
        and within(payload.account_id, filters.account_id)
        and (
            filters.insurance_type is None
            or bool(lines & {w.lower() for w in filters.insurance_type})
        )
    )


@dataclass
class FakeIndex(FakeDirectory):
    """The indexer's lookup, description search and scan over ``BOOK``, calls recorded."""

    payloads: list[AccountPayload] = field(default_factory=lambda: list(BOOK))
    searched: list[str] = field(default_factory=list)
    scans: list[DescriptionFilters] = field(default_factory=list)
    asked: list[str] = field(default_factory=list)
    """The passage searches asked (``FakeDirectory.passages`` records them)."""

    async def search(
        self, text: str, filters: DescriptionFilters | None = None, limit: int = 10
    ) -> list[DescriptionHit]:
        self.searched.append(text)
        held = [p for p in self.payloads if _holds(p, filters or DescriptionFilters())]
        return [DescriptionHit(score=0.5, payload=p) for p in held[:limit]]

    async def scan(
        self, filters: DescriptionFilters | None = None, limit: int | None = None
    ) -> ScanReply:
        self.scans.append(filters or DescriptionFilters())
        held = [p for p in self.payloads if _holds(p, filters or DescriptionFilters())]
        return ScanReply(accounts=held[:limit], total=len(held))


@pytest.fixture(scope="module")
def skills() -> list[Skill]:
    return load_skills(SKILLS, "search")


@dataclass
class Setup:
    index: FakeIndex
    toolbox: Toolbox
    brain: LocalBrain
    reader: ListingReader
    progress: RecordedProgress


@pytest.fixture
def setup(
    tmp_path: Path, skills: list[Skill], text_vectors: TextVectors, progress: RecordedProgress
) -> Setup:
    return _setup(tmp_path, skills, text_vectors, progress, FakeIndex())


def _setup(
    tmp_path: Path,
    skills: list[Skill],
    text_vectors: TextVectors,
    progress: RecordedProgress,
    index: FakeIndex,
) -> Setup:
    memory = MemoryRoot(tmp_path)
    toolbox = Toolbox(memory, index, skills)
    words = load_listing_words(skills)
    reader = ListingReader(words, BookValues(toolbox), text_vectors)
    own = OwnActions(text_vectors, words.action_examples)
    brain = LocalBrain(Catalog(memory), None, reader, own)
    return Setup(index, toolbox, brain, reader, progress)


def _names(answer: str) -> set[str]:
    return {p.account_name for p in BOOK if f"{p.account_name} (account" in answer}


@pytest.mark.anyio
async def test_hospitality_reaches_the_hotel_and_the_taproom_not_the_roofer(setup: Setup) -> None:
    query = await setup.reader.read("anything in hospitality?", TODAY)
    assert set(query.filters.industry or []) == {"Boutique Hotel", "Craft Beer Taproom"}
    assert query.readings and "hospitality" in query.readings[0]


@pytest.mark.anyio
@pytest.mark.parametrize("question", ["any pool services?", "do we write any tattoo shops"])
async def test_the_head_noun_of_a_kind_alone_is_read_as_no_kind(
    setup: Setup, question: str
) -> None:
    """No pool service or tattoo shop is in the book: "services" or "shops" alone is not read
    as whatever kind comes closest to it (the law office, one of the professional services)."""
    setup.index.payloads = [
        *BOOK,
        _account(8, "Hale & Ortiz Law Office", "Law Office", "Quoted", "Eugene, OR"),
        _account(9, "Corner Gift Shop", "Gift Shop", "Quoted", "Eugene, OR"),
    ]
    query = await setup.reader.read(question, TODAY)
    assert not query.filters.industry and not query.readings, query
    assert question.split()[-1].strip("?") in query.free_words, query


@pytest.mark.anyio
async def test_construction_trades_reach_roofing_hvac_and_electrical(setup: Setup) -> None:
    query = await setup.reader.read("list our construction trades", TODAY)
    assert set(query.filters.industry or []) == {
        "Roofing",
        "HVAC Services",
        "Electrical Contracting",
    }


@pytest.mark.anyio
async def test_deals_we_won_is_the_closed_won_stage(setup: Setup) -> None:
    query = await setup.reader.read("which deals we won", TODAY)
    assert query.filters.stage == ["Closed Won"]
    assert query.filters.industry is None


@pytest.mark.anyio
@pytest.mark.parametrize(
    ("question", "states"),
    [
        ("our clients up in the dakotas", {"ND", "SD"}),
        ("anything in the great plains", {"KS", "NE", "ND", "SD", "OK"}),
        ("who do we have in new england", {"ME", "NH", "VT", "MA", "RI", "CT"}),
    ],
)
async def test_a_region_is_the_states_it_names(
    setup: Setup, question: str, states: set[str]
) -> None:
    query = await setup.reader.read(question, TODAY)
    assert set(query.filters.state or []) == states


@pytest.mark.anyio
@pytest.mark.parametrize(
    ("question", "states", "without_states", "without_lines"),
    [
        ("quoted accounts but not in Oregon", None, ("OR",), ()),
        ("anything not quoted in NV", ["NV"], (), ()),  # the stage is negated, not the state
        ("who has general liability but no workers comp", None, (), ("Workers' Compensation",)),
        ("accounts without cyber", None, (), ("Cyber Liability",)),
        ("who is still missing cyber", None, (), ("Cyber Liability",)),
        ("anyone lacking workers comp", None, (), ("Workers' Compensation",)),
        ("accounts outside Oregon", None, ("OR",), ()),
        # a negation before a list reaches every item of it, whichever is read first
        ("accounts outside Oregon and Nevada", None, ("OR", "NV"), ()),
        ("anyone not in NV or CA", None, ("NV", "CA"), ()),
        (
            "accounts without general liability or commercial auto",
            None,
            (),
            ("General Liability", "Commercial Auto"),
        ),
        ("not quoted in Nevada or Oregon", ["NV", "OR"], (), ()),  # the stage is negated
    ],
)
async def test_what_a_question_leaves_out_is_excluded_not_filtered_on(
    setup: Setup,
    question: str,
    states: list[str] | None,
    without_states: tuple[str, ...],
    without_lines: tuple[str, ...],
) -> None:
    query = await setup.reader.read(question, TODAY)
    assert sorted(query.filters.state or []) == sorted(states or [])
    assert set(query.without_states) == set(without_states)
    assert set(query.without_lines) == set(without_lines)
    assert not set(without_lines) & set(query.filters.insurance_type or [])


@pytest.mark.anyio
async def test_stage_state_and_category_combine(setup: Setup) -> None:
    session = ToolSession(setup.toolbox, new_budget(), setup.progress)
    request = _request("quoted hospitality accounts in Oregon")
    draft = await setup.brain.answer(request, session, TODAY)
    assert _names(draft.answer) == {"Saltmarsh Boutique Hotel"}, draft.answer


@pytest.mark.anyio
async def test_a_premium_bound_is_a_filter_and_days_are_not_money(setup: Setup) -> None:
    session = ToolSession(setup.toolbox, new_budget(), setup.progress)
    draft = await setup.brain.answer(_request("quoted accounts over 15k"), session, TODAY)
    assert _names(draft.answer) == {"Saltmarsh Boutique Hotel"}, draft.answer
    quiet = await setup.reader.read("quoted accounts quiet for over 30 days", TODAY)
    assert quiet.premium_over is None and quiet.quiet_days == 30


@pytest.mark.anyio
async def test_a_stage_word_after_not_adds_nothing(setup: Setup) -> None:
    query = await setup.reader.read("closed won but not lost", TODAY)
    assert query.filters.stage == ["Closed Won"]


@pytest.mark.anyio
@pytest.mark.parametrize("question", ["who's in underwriting", "which ones are with underwriters"])
async def test_in_underwriting_is_the_submitted_stage(setup: Setup, question: str) -> None:
    query = await setup.reader.read(question, TODAY)
    assert query.filters.stage == ["Submitted"]


@pytest.mark.anyio
@pytest.mark.parametrize(
    "question",
    ["anyone placed with travelers", "the ones written with Travelers", "quotes from hartford"],
)
async def test_a_carriers_name_names_no_trade(setup: Setup, question: str) -> None:
    """ "travelers" reads close to the freight carrier by meaning; after "with", or written as a
    name, it names who insures, which the files are searched for."""
    query = await setup.reader.read(question, TODAY)
    assert query.filters.industry is None, query.readings
    assert not query.kinds_by_meaning


@pytest.mark.anyio
@pytest.mark.parametrize(
    ("question", "stages"),
    [
        ("who have we not quoted yet", ["New Lead", "Intake", "Application Received", "Submitted"]),
        ("which accounts haven't been submitted", ["New Lead", "Intake", "Application Received"]),
        ("which apps haven't been submitted", ["Application Received"]),  # the stage asked
        ("deals that aren't bound", ["New Lead", "Intake", "Application Received", "Submitted",
                                     "Quoted"]),
        ("anyone missing a signed application", ["New Lead", "Intake"]),
        ("accounts we have not lost", ["New Lead", "Intake", "Application Received", "Submitted",
                                       "Quoted", "Bound", "Closed Won"]),
    ],
)  # fmt: skip
async def test_a_stage_not_reached_lists_the_open_stages_before_it(
    setup: Setup, question: str, stages: list[str]
) -> None:
    """A deal passes the stages in order: one not quoted yet is at a stage before Quoted (and
    not closed); a closed stage said not to hold leaves every other stage."""
    query = await setup.reader.read(question, TODAY)
    assert query.filters.stage == stages


@pytest.mark.anyio
async def test_a_line_word_after_on_the_says_where_not_which_line(setup: Setup) -> None:
    setup.index.payloads = [
        BOOK[0].model_copy(update={"insurance_types": ["Commercial Property"]}),
        *BOOK[1:],
    ]
    line = await setup.reader.read("who keeps horses and has property", TODAY)
    assert line.filters.insurance_type == ["Commercial Property"]
    where = await setup.reader.read("who keeps horses on the property", TODAY)
    assert where.filters.insurance_type is None and "property" in where.free_words
    assert QuestionWords.of("horses kept at their property").said_as_a_place("property")
    assert not QuestionWords.of("who has property coverage").said_as_a_place("property")
    # every occurrence must say where: a line named elsewhere in the question still counts
    assert not QuestionWords.of("property on the property").said_as_a_place("property")


def test_a_verb_of_a_trade_after_who_names_that_trade() -> None:
    trades = ["Mobile Welding", "Translation Agency", "Self Storage", "Auto Repair", "Bakery"]
    assert trade_verbs_in(["welds", "translates"], trades) == {
        "welds": ["Mobile Welding"],
        "translates": ["Translation Agency"],
    }
    assert trade_verbs_in(["stores", "repairs", "bakes"], trades) == {
        "stores": ["Self Storage"],
        "repairs": ["Auto Repair"],
        "bakes": ["Bakery"],
    }
    # verbs of any account's dealings name no trade; nor does a word not in the third person
    assert trade_verbs_in(["needs", "owes", "wants", "welding", "weld"], trades) == {}


@pytest.mark.anyio
async def test_after_which_comes_a_noun_not_a_trade(setup: Setup) -> None:
    """ "which accounts" asks for no accounting firm."""
    firm = _account(8, "Ledger Pros", "Accounting Firm", "Quoted", "Bend, OR")
    setup.index.payloads = [*BOOK, firm]
    listing = await setup.reader.read("which accounts bake bread", TODAY)
    assert "Accounting Firm" not in (listing.filters.industry or [])
    doer = await setup.reader.read("who accounts for payroll", TODAY)
    assert doer.filters.industry == ["Accounting Firm"]


@pytest.mark.anyio
async def test_who_bakes_lists_the_bakery(setup: Setup) -> None:
    query = await setup.reader.read("who bakes bread", TODAY)
    assert query.filters.industry == ["Bakery"]
    assert any("bakes" in reading for reading in query.readings)
    # read by meaning, an industry says what a business does: others may do it too, and the
    # listing also names the accounts whose files say it
    assert query.kinds_by_meaning, query
    named = await setup.reader.read("list every bakery we have", TODAY)
    assert named.filters.industry == ["Bakery"] and not named.kinds_by_meaning, named


@pytest.mark.anyio
async def test_what_we_owe_lists_accounts_with_a_task_of_ours(setup: Setup) -> None:
    session = ToolSession(setup.toolbox, new_budget(), setup.progress)
    draft = await setup.brain.answer(_request("what do we still owe clients"), session, TODAY)
    assert _names(draft.answer) == {"Brightwire Electrical Contracting"}, draft.answer


@pytest.mark.anyio
async def test_an_unknown_category_word_is_searched_by_meaning_not_as_literal_text(
    setup: Setup,
) -> None:
    """Descriptions (dense + BM25) and the passage index (dense + BM25): both by meaning; no
    literal scan of the files for the question's words. The passages are searched for what the
    question asks about, without its listing words ("any")."""
    session = ToolSession(setup.toolbox, new_budget(), setup.progress)
    question = "any quantum computing labs?"
    draft = await setup.brain.answer(_request(question), session, TODAY)
    assert "is close to 'quantum computing labs'" in draft.answer, draft.answer
    assert setup.index.searched == [question]
    assert session.budget.used[SEARCH_DESCRIPTIONS] == 1
    assert setup.index.asked == ["quantum computing labs"]
    assert session.budget.used[SEARCH_FILES] == 1


@pytest.mark.anyio
async def test_book_values_follow_the_index_version_by_version(setup: Setup) -> None:
    book = BookValues(setup.toolbox)
    assert "Bakery" in (await book.vocabulary()).industries
    bakery = BOOK[5].model_copy(update={"industry": "Patisserie", "version": 2})
    book.changed(bakery.account_id, 2)
    assert "Bakery" in (await book.vocabulary()).industries  # the index still holds version 1
    setup.index.payloads[5] = bakery
    setup.index.scans.clear()
    industries = (await book.vocabulary()).industries
    assert "Patisserie" in industries and "Bakery" not in industries
    assert [f.account_id for f in setup.index.scans] == [[bakery.account_id]]
    await book.vocabulary()
    assert len(setup.index.scans) == 1  # nothing waits any more: no scan


def _request(question: str) -> AgentRequest:
    return AgentRequest(
        request_id="req-categories",
        query=question,
        intent=IntentInfo(intent="search", confidence=0.9, cross_account=True),
    )


def test_a_malformed_table_is_a_skill_error_that_says_where() -> None:
    good = (SKILLS / "search/description-search/references/categories.md").read_text()
    with pytest.raises(SkillError, match="not a known stage"):
        parse_listing_words(good.replace("| Closed Won |", "| Closed Maybe |"))
    with pytest.raises(SkillError, match="Regions"):
        parse_listing_words(good.replace("## Regions", "## Places"))


@pytest.mark.anyio
async def test_a_listing_leaves_out_the_state_it_is_told_to(setup: Setup) -> None:
    session = ToolSession(setup.toolbox, new_budget(), setup.progress)
    draft = await setup.brain.answer(_request("which accounts are not in Oregon"), session, TODAY)
    listed = _names(draft.answer)
    assert listed == {p.account_name for p in BOOK if p.state != "OR"}, draft.answer
    assert "not in OR" in draft.answer


@pytest.mark.anyio
async def test_a_word_of_the_trade_is_no_kind_of_business(setup: Setup) -> None:
    """ "carrier" is who insures: it never reads as the freight carrier by meaning, while the
    industry said in full still lists it."""
    asked = await setup.reader.read("which clients heard from a carrier's underwriting desk", TODAY)
    assert asked.filters.industry is None, asked
    assert "underwriting" in asked.free_words  # still searched for in the files
    listed = await setup.reader.read("any freight carriers on the books", TODAY)
    assert listed.filters.industry == ["Refrigerated Freight Carrier"], listed


def test_trade_words_are_one_word_each() -> None:
    text = (SKILLS / "search/description-search/references/categories.md").read_text()
    assert "| carrier; carriers;" in text
    with pytest.raises(SkillError, match="'loss runs' is not one word"):
        parse_listing_words(text.replace("| carrier; carriers;", "| carrier; loss runs;"))


@pytest.mark.anyio
async def test_a_line_is_read_as_the_book_writes_it(setup: Setup) -> None:
    setup.index.payloads = [
        BOOK[0].model_copy(update={"insurance_types": ["Umbrella / Excess", "Liquor Liability"]}),
        *BOOK[1:],
    ]
    query = await setup.reader.read("who carries an umbrella", TODAY)
    assert query.filters.insurance_type == ["Umbrella / Excess"]
    assert book_line_forms(["Cyber Liability"], ["Umbrella / Excess"]) == [("Cyber Liability",)]


@pytest.mark.anyio
@pytest.mark.parametrize(
    ("question", "held", "line"),
    [
        ("which insureds have D&O", "Directors & Officers Liability", "D&O"),
        ("anyone with HNOA", "Hired & Non-Owned Auto", "HNOA"),
        ("list the accounts with pollution cover", "Pollution Liability", "pollution"),
        ("who has CCC coverage", "CCC", "care custody and control"),
    ],
)
async def test_shorthand_of_less_common_lines_reaches_the_line_the_book_writes(
    setup: Setup, question: str, held: str, line: str
) -> None:
    """The vocabulary's shorthand for lines beyond the common ones: the question's shorthand
    reaches the book's line written in full, and the full name the book's shorthand."""
    setup.index.payloads = [
        BOOK[0].model_copy(update={"insurance_types": [held, "General Liability"]}),
        *BOOK[1:],
    ]
    query = await setup.reader.read(question, TODAY)
    assert query.filters.insurance_type == [held], (question, query)
    assert book_line_forms([line], [held, "General Liability"]) == [(held,)]


@pytest.mark.anyio
async def test_a_book_that_writes_its_lines_in_shorthand_holds_those_lines(setup: Setup) -> None:
    written = [["GL", "WC"], ["GL"], ["WC", "Auto"]]
    setup.index.payloads = [
        p.model_copy(update={"insurance_types": lines})
        for p, lines in zip(BOOK[:3], written, strict=True)
    ]
    comp = await setup.reader.read("which accounts carry workers comp", TODAY)
    assert comp.filters.insurance_type == ["WC"]
    both = await setup.reader.read("who has GL and general liability", TODAY)
    assert both.line_groups == (("GL",),) and not both.every_line
    two = await setup.reader.read("who has GL and WC", TODAY)
    assert two.line_groups == (("GL",), ("WC",)) and two.every_line
    mixed = ["GL", "General Liability", "Workers' Compensation"]
    assert book_line_forms(["General Liability", "WC"], mixed) == [
        ("GL", "General Liability"),
        ("Workers' Compensation",),
    ]


@pytest.mark.anyio
async def test_a_line_typed_with_its_words_cut_short_is_that_line(setup: Setup) -> None:
    query = await setup.reader.read("who has gen liab but no comm auto", TODAY)
    assert query.filters.insurance_type == ["General Liability"]
    assert query.without_lines == ("Commercial Auto",)
    assert (await setup.reader.read("general stuff", TODAY)).filters.insurance_type is None


def test_a_run_of_cut_short_words_is_taken_once_and_only_whole() -> None:
    said = QuestionWords.of("any prof liab or gen questions")
    assert said.take_cut_short("Professional Liability") == "prof liab"
    assert said.take_cut_short("Professional Liability") is None  # already taken
    assert said.take_cut_short("General Liability") is None  # "gen" alone is no line
    assert QuestionWords.of("pr liab").take_cut_short("Professional Liability") is None


def _fresh_as_a_bakery() -> ListingQuery:
    """Quoted accounts, with "fresh" misread by meaning as the Bakery industry."""
    return ListingQuery(
        filters=DescriptionFilters(stage=["Quoted"], industry=["Bakery"]),
        follow_up=False,
        quiet_days=None,
        counting=False,
        readings=("'fresh' (category food businesses) as industry Bakery",),
    )


@pytest.mark.anyio
async def test_a_reading_by_meaning_that_leaves_nothing_is_dropped(setup: Setup) -> None:
    session = ToolSession(setup.toolbox, new_budget(), setup.progress)
    misread = _fresh_as_a_bakery()
    found, listing, dropped = await setup.brain._without_empty_readings(
        session, "freshly quoted accounts", misread, TODAY
    )
    assert {a.account_name for a in found or []} == {"Saltmarsh Boutique Hotel", "Ironclad Roofing"}
    assert listing.filters.industry is None and "fresh" in dropped


@pytest.mark.anyio
async def test_a_question_of_one_account_that_only_the_literal_reading_fits_is_answered_of_it(
    setup: Setup, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Read by meaning ("fresh" as a food business), the question fits no account; read as
    written, only one: the starter took it for one account's question, so it is that one's."""
    setup.index.payloads = [BOOK[0], *[p for p in BOOK[1:] if p.stage != "Quoted"]]
    misread = _fresh_as_a_bakery()

    async def by_meaning(*_: object, **__: object) -> ListingQuery:
        return misread

    monkeypatch.setattr(setup.brain, "_read", by_meaning)
    session = ToolSession(setup.toolbox, new_budget(), setup.progress)
    one = IntentInfo(intent="search", confidence=0.9, requires_specific_account=True)
    asked = AgentRequest(request_id="req-one", query="freshly quoted: photos sent?", intent=one)
    draft = await setup.brain.answer(asked, session, TODAY)
    assert draft.account_id == BOOK[0].account_id, draft.answer
    listed = await setup.brain.answer(_request("freshly quoted accounts"), session, TODAY)
    assert listed.account_id is None  # a question about several still lists, one or many


@pytest.mark.anyio
async def test_a_word_close_to_no_value_is_still_what_the_files_are_searched_for(
    setup: Setup,
) -> None:
    """A word no industry, line or stage is close to is not dropped from the passage search:
    it is most often the very thing asked about (a carrier, a kind of event)."""
    session = ToolSession(setup.toolbox, new_budget(), setup.progress)
    question = "which accounts had a claim from pet services"
    draft = await setup.brain.answer(_request(question), session, TODAY)
    assert "is close to 'pet services'" in draft.answer, draft.answer  # no such business here
    assert setup.index.asked == ["claim pet services"]


@pytest.mark.anyio
async def test_an_aside_that_leaves_something_out_is_not_searched_for(setup: Setup) -> None:
    query = await setup.reader.read("who needs certificates for a contract (not the landlords)")
    assert "contract" in query.free_words and "landlord" not in query.free_words, query
    query = await setup.reader.read("who had a claim, except the kitchen fire")
    assert "claim" in query.free_words and "fire" not in query.free_words, query
    query = await setup.reader.read("who needs certificates (not for a job, and not the bank)")
    assert "certificate" in query.free_words and "bank" not in query.free_words, query
    query = await setup.reader.read("who has a client asking for a certificate? not the bank")
    assert "certificate" in query.free_words and "bank" not in query.free_words, query
    query = await setup.reader.read("who needs a certificate for a job; leave out the banks")
    assert "certificate" in query.free_words and "bank" not in query.free_words, query


@pytest.mark.anyio
@pytest.mark.parametrize(
    ("question", "asked", "frame"),
    [
        ("did anybody mention a payroll jump", "payroll", "anybody"),
        ("what else came back from the inspector", "inspector", "else"),
        ("has everyone signed the loss control letter", "letter", "everyone"),
        ("whose owner mentioned a boat trailer", "trailer", "whose"),
        ("who's shopping their renewal right now", "shopping", "right"),
        ("who's shopping their renewal right now", "renewal", "now"),
        ("who is currently shopping their renewal", "renewal", "currently"),
    ],
)
async def test_the_words_that_ask_about_the_group_are_not_searched_for(
    setup: Setup, question: str, asked: str, frame: str
) -> None:
    """ "anybody", "else": the question's frame, which any file may write, not what it asks;
    "right now", "currently": when the broker asks, not what the files say."""
    query = await setup.reader.read(question, TODAY)
    assert asked in query.free_words and frame not in query.free_words.split(), query


@pytest.mark.anyio
async def test_an_event_beside_a_trade_is_asked_of_the_files(setup: Setup) -> None:
    """ "the roofers' claims": the kind names where to look, the claim is in no field: the
    files are searched for the whole question, not the roofers listed."""
    listed = await setup.reader.read("list the roofers", TODAY)
    assert listed.filters.industry == ["Roofing"], listed
    session = ToolSession(setup.toolbox, new_budget(), setup.progress)
    draft = await setup.brain.answer(_request("which roofers reported a claim"), session, TODAY)
    assert draft.answer.startswith("What happened (claim) is in no field"), draft.answer
    assert setup.index.asked and "claim" in setup.index.asked[0], setup.index.asked
    assert "roofers" in setup.index.asked[0], setup.index.asked
    assert "1 account matches" not in draft.answer


POOL_EMAILS = {
    "90003": "Their liability sits in a risk pool the roofing guild runs.",
    "90007": "The trucks are insured through a risk pool of reefer haulers.",
    "90004": "The risk of a burst coil is why the pool of spare parts is kept.",
}
"""What three accounts' emails say: two write "risk pool" side by side, one only its words."""


def _emails(said: dict[str, str]) -> list[PassageHit]:
    """One email passage per account, saying ``said[account_id]``."""
    return [
        PassageHit(
            score=0.5,
            account_id=account_id,
            path=f"accounts/{account_id}/sources/emails/email_20261102_0900/raw.txt",
            channel="email",
            text=text,
        )
        for account_id, text in said.items()
    ]


@dataclass
class PoolIndex(FakeIndex):
    def hits(self, text: str) -> list[PassageHit]:
        return _emails(POOL_EMAILS)


@pytest.mark.anyio
@pytest.mark.parametrize(
    ("question", "named"),
    [
        # the roofer's files say it: only the roofer, though another account's files say it too
        ("which roofers are in a risk pool", {"Ironclad Roofing"}),
        # no HVAC account's files say it: every account whose files do
        (
            "which hvac shops are in a risk pool",
            {"Ironclad Roofing", "Northline Reefer Freight"},
        ),
    ],
)
async def test_a_thing_the_files_name_beside_a_filter_is_asked_of_the_files(
    tmp_path: Path,
    skills: list[Skill],
    text_vectors: TextVectors,
    progress: RecordedProgress,
    question: str,
    named: set[str],
) -> None:
    """A filter ("roofers") with a thing no field holds ("a risk pool") beside it: the accounts
    whose files write the thing, those the filter keeps when any of theirs do."""
    for account_id, said in POOL_EMAILS.items():
        raw = tmp_path / f"accounts/{account_id}/sources/emails/email_20261102_0900/raw.txt"
        raw.parent.mkdir(parents=True)
        raw.write_text(f"From: client\n\n{said}\n", encoding="utf-8")
    setup = _setup(tmp_path, skills, text_vectors, progress, PoolIndex())
    setup.brain.known_word = lambda word: True  # the book's own text knows every word here
    read = await setup.reader.read(question, TODAY)
    assert read.filters.industry and "risk pool" in read.free_words, read
    session = ToolSession(setup.toolbox, new_budget(), setup.progress)
    draft = await setup.brain.answer(_request(question), session, TODAY)
    assert "'risk pool' is in no field" in draft.answer, draft.answer
    mentioned = {p.account_name for p in BOOK if f"(account {p.account_id})" in draft.answer}
    assert mentioned == named, draft.answer


@dataclass
class RightNowIndex(FakeIndex):
    """Two accounts' files say "right now": words of when, no thing."""

    def hits(self, text: str) -> list[PassageHit]:
        return _emails({"90001": "We are slammed right now.", "90002": "Right now the van is out."})


@pytest.mark.anyio
async def test_words_of_when_beside_a_filter_name_no_thing(
    tmp_path: Path, skills: list[Skill], text_vectors: TextVectors, progress: RecordedProgress
) -> None:
    setup = _setup(tmp_path, skills, text_vectors, progress, RightNowIndex())
    setup.brain.known_word = lambda word: True
    session = ToolSession(setup.toolbox, new_budget(), setup.progress)
    draft = await setup.brain.answer(_request("which roofers are quoted right now"), session, TODAY)
    assert draft.answer.startswith("1 account matches"), draft.answer
    assert "Ironclad Roofing" in draft.answer


def _write_email(root: Path, account_id: str, text: str) -> None:
    """The raw email ``_emails`` cites for the account, holding ``text``."""
    raw = root / f"accounts/{account_id}/sources/emails/email_20261102_0900/raw.txt"
    raw.parent.mkdir(parents=True)
    raw.write_text(f"From: owner\n\n{text}\n")


async def _asked(setup: Setup, question: str) -> Draft:
    """The brain's answer to a question about the book, every word of it known."""
    setup.brain.known_word = lambda word: True
    session = ToolSession(setup.toolbox, new_budget(), setup.progress)
    return await setup.brain.answer(_request(question), session, TODAY)


@dataclass
class MovedIndex(FakeIndex):
    """One account's email tells of a move no history.md records."""

    def hits(self, text: str) -> list[PassageHit]:
        return _emails({"90006": "We moved the bakery to a new address on Elm Street in May."})


@pytest.mark.anyio
@pytest.mark.parametrize(("index", "told"), [(MovedIndex(), True), (FakeIndex(), False)])
async def test_a_change_no_history_records_is_looked_for_in_the_files(
    tmp_path: Path,
    skills: list[Skill],
    text_vectors: TextVectors,
    progress: RecordedProgress,
    index: FakeIndex,
    told: bool,
) -> None:
    """No history.md records a new address: the files are read for one, and when they tell of
    none the answer says so, with no account read closest by its description."""
    _write_email(tmp_path, "90006", MovedIndex().hits("")[0].text)
    setup = _setup(tmp_path, skills, text_vectors, progress, index)
    draft = await _asked(setup, "which clients moved to a new address")
    assert draft.answer.startswith("No account's history records a change of its location.")
    assert ("(account 90006)" in draft.answer) is told, draft.answer
    assert ("says so either" in draft.answer) is not told, draft.answer
    assert "descriptions read closest" not in draft.answer


@dataclass
class DeclinedIndex(FakeIndex):
    """One account's email tells of a line offered and declined, which no account holds."""

    def hits(self, text: str) -> list[PassageHit]:
        return _emails({"90003": "Cyber was offered at $1,400 and they declined it for now."})


DECLINED_HEAD = "What happened (declined) is in no field of the book"
NO_CYBER_HEAD = "No account matches (insurance type Cyber"


@pytest.mark.anyio
@pytest.mark.parametrize(
    ("index", "question", "told", "head"),
    [
        (DeclinedIndex(), "who declined cyber", True, DECLINED_HEAD),
        (FakeIndex(), "who declined cyber", False, DECLINED_HEAD),
        (DeclinedIndex(), "which clients have cyber", False, NO_CYBER_HEAD),  # only the line
        (DeclinedIndex(), "anyone whose cyber got declined", True, DECLINED_HEAD),
    ],
)
async def test_a_filter_no_account_fits_asks_the_files_what_else_the_question_says(
    tmp_path: Path,
    skills: list[Skill],
    text_vectors: TextVectors,
    progress: RecordedProgress,
    index: FakeIndex,
    question: str,
    told: bool,
    head: str,
) -> None:
    """When the question asks more than the line (what was done with it: declined), the
    files are read for who said so, whoever holds the line: a client that turned a line down
    does not hold it."""
    _write_email(tmp_path, "90003", DeclinedIndex().hits("")[0].text)
    setup = _setup(tmp_path, skills, text_vectors, progress, index)
    draft = await _asked(setup, question)
    assert draft.answer.startswith(head), draft.answer
    assert ("(account 90003)" in draft.answer) is told, draft.answer
    assert "descriptions read closest" not in draft.answer


@pytest.mark.anyio
@pytest.mark.parametrize(
    ("question", "city"),
    [
        ("our clients located in Cincinnati", ["Cincinnati"]),
        ("anyone based in cincinnati", ["Cincinnati"]),
        ("which accounts did cincinnati quote", None),
        ("accounts placed with Cincinnati", None),
    ],
)
async def test_a_city_that_is_also_a_carrier_is_the_city_only_after_a_place_word(
    tmp_path: Path,
    skills: list[Skill],
    text_vectors: TextVectors,
    progress: RecordedProgress,
    question: str,
    city: list[str] | None,
) -> None:
    printer = _account(8, "Queen City Print Shop", "Print Shop", "Quoted", "Cincinnati, OH")
    index = FakeIndex(payloads=[*BOOK, printer])
    setup = _setup(tmp_path, skills, text_vectors, progress, index)
    query = await setup.reader.read(question, TODAY)
    assert query.filters.city == city, query


@pytest.mark.anyio
@pytest.mark.parametrize(
    ("question", "cities"),
    [
        ("anyone around Reno", {"Reno", "Sparks"}),
        ("clients out in the reno area", {"Reno", "Sparks"}),
        ("clients based in Reno", {"Reno"}),
    ],
)
async def test_a_town_asked_around_reaches_the_books_towns_near_it(
    tmp_path: Path,
    skills: list[Skill],
    text_vectors: TextVectors,
    progress: RecordedProgress,
    question: str,
    cities: set[str],
) -> None:
    sparks = _account(9, "Truckee Meadows Glass", "Glass Installer", "Quoted", "Sparks, NV")
    index = FakeIndex(payloads=[*BOOK, sparks])
    setup = _setup(tmp_path, skills, text_vectors, progress, index)
    query = await setup.reader.read(question, TODAY)
    assert set(query.filters.city or []) == cities, query


SERVING_EMAILS = {
    "90006": "We bake every morning and sell over the counter.",
    "90004": "On Fridays we cook meals for the whole crew in the break room.",
}
"""A bakery (a food business) and an HVAC shop whose email says it cooks meals."""


@dataclass
class ServingIndex(FakeIndex):
    def hits(self, text: str) -> list[PassageHit]:
        return _emails(SERVING_EMAILS)


@pytest.mark.anyio
async def test_words_read_as_a_kind_by_meaning_also_list_the_accounts_whose_files_say_them(
    tmp_path: Path, skills: list[Skill], text_vectors: TextVectors, progress: RecordedProgress
) -> None:
    """ "which ones cook meals": "meals" is read as the food businesses by meaning only, which
    says what a business does, and other kinds do it too. The listing names the food
    businesses, then the other accounts whose files say it; a kind asked by its own name lists
    that kind only."""
    for account_id, said in SERVING_EMAILS.items():
        raw = tmp_path / f"accounts/{account_id}/sources/emails/email_20261102_0900/raw.txt"
        raw.parent.mkdir(parents=True)
        raw.write_text(f"From: client\n\n{said}\n", encoding="utf-8")
    setup = _setup(tmp_path, skills, text_vectors, progress, ServingIndex())
    question = "which ones cook meals"
    read = await setup.reader.read(question, TODAY)
    assert "Kettle & Crumb Bakery" not in str(read.readings) and read.kinds_by_meaning, read
    assert "Bakery" in (read.filters.industry or []), read
    session = ToolSession(setup.toolbox, new_budget(), setup.progress)
    draft = await setup.brain.answer(_request(question), session, TODAY)
    listing, _, others = draft.answer.partition("Other accounts whose files say it")
    assert "Kettle & Crumb Bakery (account 90006)" in listing, draft.answer
    assert "(account 90004)" in others, draft.answer  # the HVAC shop
    assert "Kettle & Crumb Bakery" not in others, draft.answer  # listed once

    by_name = await setup.reader.read("list our food businesses", TODAY)
    assert not by_name.kinds_by_meaning and "Bakery" in (by_name.filters.industry or []), by_name


@pytest.mark.anyio
@pytest.mark.parametrize(
    ("question", "wished", "stage"),
    [
        ("who wants it bound before the holidays", ("Bound",), None),
        ("which ones still need to be quoted by friday", ("Quoted",), None),
        ("anyone trying to get submitted this week", ("Submitted",), None),
        ("list the bound ones", (), ["Bound"]),
        ("who means to have everything bound by the 15th", ("Bound",), None),
        ("they want them all submitted by friday", ("Submitted",), None),
        ("total premium of everything quoted", (), ["Quoted"]),
        ("who got quoted last week", (), ["Quoted"]),
    ],
)
async def test_a_stage_someone_wants_reached_is_no_stage_filter(
    setup: Setup, question: str, wished: tuple[str, ...], stage: list[str] | None
) -> None:
    """After "to be", "get", "it" ... a stage is what someone wants done, not where the
    accounts stand: the listing does not keep the accounts at that stage."""
    query = await setup.reader.read(question, TODAY)
    assert query.wished_stages == wished, query
    assert query.filters.stage == stage, query


@dataclass
class SaidIndex(FakeIndex):
    """Each account's one email says ``said[account_id]``."""

    said: dict[str, str] = field(default_factory=dict)

    def hits(self, text: str) -> list[PassageHit]:
        return _emails(self.said)


def _setup_saying(
    tmp_path: Path,
    skills: list[Skill],
    text_vectors: TextVectors,
    progress: RecordedProgress,
    said: dict[str, str],
) -> Setup:
    """A book whose accounts' emails say ``said``, written where the answers cite them."""
    for account_id, text in said.items():
        _write_email(tmp_path, account_id, text)
    return _setup(tmp_path, skills, text_vectors, progress, SaidIndex(said=said))


WISHED = {
    "90003": "Derek wants it bound before the holidays, he is away after the 20th.",
    "90002": "Glad we had it bound before the holidays last year.",
}
"""A quoted account wants its policy bound before a date; a won one was bound last year."""


@pytest.mark.anyio
@pytest.mark.parametrize(
    "question",
    [
        "who needs a certificate out to a hotel by friday",
        "who heard about us from a roofer",
        "anyone referred through someone at a taproom",
        "which ones arrived via the guild of brewers",
        "which clients started shopping their renewal",
    ],
)
async def test_a_kind_the_accounts_deal_with_is_no_kind_they_are(
    setup: Setup, question: str
) -> None:
    """After "to", "from", "at", a noun and "of", or a verb of starting, a trade names someone
    the accounts deal with or something they do, not what they are."""
    query = await setup.reader.read(question, TODAY)
    assert query.filters.industry is None, query.readings
    assert not query.kinds_by_meaning, query.readings


@pytest.mark.anyio
async def test_a_kind_after_to_with_a_verb_is_still_read(setup: Setup) -> None:
    query = await setup.reader.read("who is planning to open a bakery", TODAY)
    assert query.filters.industry == ["Bakery"], query.readings


BURGLARY = {
    "90006": "Someone broke in Sunday night and stole the mixer and the till.",
    "90003": "We keep the shingles in a locked yard.",
}
"""One account's email tells of a burglary in other words than the question's."""


@pytest.mark.anyio
@pytest.mark.parametrize(
    ("said", "question", "searched", "named", "left_out"),
    [
        # being bound is wished: the files of the accounts not bound yet say who wants it
        (WISHED, "who wants it bound before the holidays", "holidays", "90003", "90002"),
        # "any thefts": the files are also searched for "stolen", "burglary" ... (one row of
        # the words of what happened), and a sentence saying "stole" says it
        (BURGLARY, "any thefts at our clients this year", "stolen", "90006", "90003"),
    ],
)
async def test_what_the_files_say_names_the_accounts(
    tmp_path: Path,
    skills: list[Skill],
    text_vectors: TextVectors,
    progress: RecordedProgress,
    said: dict[str, str],
    question: str,
    searched: str,
    named: str,
    left_out: str,
) -> None:
    setup = _setup_saying(tmp_path, skills, text_vectors, progress, said)
    draft = await _asked(setup, question)
    assert setup.index.asked and searched in setup.index.asked[0], setup.index.asked
    assert f"(account {named})" in draft.answer, draft.answer
    assert f"(account {left_out})" not in draft.answer, draft.answer
    if said is WISHED:
        assert draft.answer.startswith("Being Bound is what is wanted"), draft.answer


@pytest.mark.anyio
async def test_a_kind_named_in_an_aside_that_leaves_it_out_is_no_filter(setup: Setup) -> None:
    """ "(not landlords)": the aside leaves the landlords out of what is asked; it does not
    list the book's property managers."""
    setup.index.payloads = [
        *BOOK,
        _account(
            8, "Gable Street Property Management", "Property Management", "Quoted", "Bend, OR"
        ),
    ]
    query = await setup.reader.read(
        "whose customers make them carry a bond (not landlords or lenders)", TODAY
    )
    assert not query.filters.industry and not query.readings, query
    assert "bond" in query.free_words and "landlord" not in query.free_words, query
    assert "lender" not in query.free_words, query
    named = await setup.reader.read("which landlords need a bond", TODAY)
    assert named.filters.industry == ["Property Management"], named


@pytest.mark.anyio
async def test_a_word_right_before_an_object_pronoun_is_a_doing_not_a_kind(setup: Setup) -> None:
    """ "making them carry": "making" is what the customers do, not manufacturing."""
    setup.index.payloads = [
        *BOOK,
        _account(8, "Tri-County Metal Fabrication", "Metal Fabrication", "Quoted", "Bend, OR"),
    ]
    query = await setup.reader.read("whose customers are making them buy an umbrella", TODAY)
    assert not query.filters.industry and not query.readings, query
    assert "making" in query.free_words, query


@pytest.mark.anyio
@pytest.mark.parametrize(
    ("question", "kept", "dropped"),
    [
        ("any contact who writes in a language like greek or farsi", "greek", "like"),
        ("any owners who speak another language, such as greek", "greek", "such"),
        ("who ran into weather trouble, e.g. ice on the lot", "ice", "e.g"),
        ("whose own crew got hurt", "crew", "own"),
    ],
)
async def test_words_that_bring_in_examples_or_stress_whose_are_not_searched_for(
    setup: Setup, question: str, kept: str, dropped: str
) -> None:
    """ "like", "such as", "e.g." bring in the examples, which are what to find; "own" after
    "whose" only stresses whose it is (where "who owns a boat" asks for owning)."""
    query = await setup.reader.read(question, TODAY)
    assert kept in query.free_words.split(), query
    assert dropped not in query.free_words.split(), query
    owning = await setup.reader.read("who owns a boat", TODAY)
    assert "owns" in owning.free_words, owning


@pytest.mark.anyio
@pytest.mark.parametrize(
    "industry",
    ["Sightseeing Boat Tours", "Scuba Dive Shop", "Ferry Service", "Shipyard",
     "Commercial Fishing Fleet", "Kayak Rentals", "Outboard Engine Repair",
     "Airboat Tours", "Eco Cruises (pontoon boats)"],
)  # fmt: skip
async def test_the_marine_category_reaches_every_business_on_the_water(
    setup: Setup, industry: str
) -> None:
    """Tour boats, dive shops, boat rentals and engine repair are marine businesses as much as
    recreation or repair: the category reaches them beside the marina."""
    setup.index.payloads = [
        *BOOK,
        _account(8, "Heron Bay Co", industry, "Quoted", "Bend, OR"),
        _account(9, "Dockside Marina", "Marina", "Quoted", "Bend, OR"),
    ]
    query = await setup.reader.read("list the marine businesses", TODAY)
    assert set(query.filters.industry or []) == {industry, "Marina"}, query
