"""Name resolution against the index: the best match, ties, and a known name at the start."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from harper_common.messages.index import (
    AccountPayload,
    DescriptionFilters,
    DescriptionHit,
    NameMatch,
    ScanReply,
)
from harper_common.messages.query import AccountAlternative, AccountRef
from harper_starter.mention import may_be_initials
from harper_starter.resolve import (
    PREFIX_WORDS,
    Resolution,
    looks_like_a_business,
    mention_spans,
    pick_described,
    resolve_by_kind,
    resolve_by_name,
    resolve_by_spans,
    said_as_a_common_noun,
)

BOOK = {"101": "Caldwell CPA", "102": "Maple Avenue Dental", "103": "Maple Avenue Dental Group"}


class WordIndex:
    """Scores a name by the share of its words an account shares; records what was asked."""

    def __init__(self) -> None:
        self.asked: list[str] = []

    async def lookup(self, name: str, limit: int = 5) -> list[NameMatch]:
        self.asked.append(name)
        words = name.lower().split()
        matches = []
        for account_id, account_name in BOOK.items():
            known = account_name.lower().split()
            score = 0.9 * len(set(words) & set(known)) / max(len(words), len(known))
            if score:
                exact = words == known
                matches.append(
                    NameMatch(
                        account_id=account_id,
                        account_name=account_name,
                        score=1.0 if exact else score,
                        exact=exact,
                    )
                )
        return sorted(matches, key=lambda m: -m.score)[:limit]

    async def lookup_many(self, names: Sequence[str], limit: int = 5) -> list[list[NameMatch]]:
        return [await self.lookup(name, limit) for name in names]


@pytest.mark.anyio
async def test_known_name_at_the_start_of_the_written_span_is_the_account() -> None:
    index = WordIndex()
    resolution = await resolve_by_name(index, ["Caldwell CPA located"])  # type: ignore[arg-type]
    assert resolution.account is not None
    assert resolution.account.account_id == "101"
    assert index.asked == ["Caldwell CPA located", "Caldwell CPA"]


@pytest.mark.anyio
async def test_a_new_name_is_not_cut_down_to_a_known_one_word() -> None:
    resolution = await resolve_by_name(WordIndex(), ["Caldwell Bakery"])  # type: ignore[arg-type]
    assert resolution.account is None
    assert resolution.written_name == "Caldwell Bakery"


@pytest.mark.anyio
@pytest.mark.parametrize(
    ("written", "account"),
    [
        ("Caldwell CPA deadline questions from last season", "101"),
        ("maple avenue dental group parking lot lighting", "103"),
        ("Maple Avenue Dental office front desk", None),  # "Dental office": a business of its own
    ],
)
async def test_a_known_name_followed_by_many_words_of_the_question_is_the_account(
    written: str, account: str | None
) -> None:
    """Past two trailing words, a start names the account only when no business word follows
    it."""
    resolution = await resolve_by_name(WordIndex(), [written])  # type: ignore[arg-type]
    assert (resolution.account.account_id if resolution.account else None) == account


@pytest.mark.anyio
async def test_the_exact_name_wins_over_a_longer_one() -> None:
    resolution = await resolve_by_name(WordIndex(), ["Maple Avenue Dental"])  # type: ignore[arg-type]
    assert resolution.account is not None
    assert resolution.account.account_name == "Maple Avenue Dental"


def test_mention_spans_start_and_end_on_words_that_could_name_something() -> None:
    spans = mention_spans("what did rainier offer ingrid")
    assert spans[0] == "rainier offer ingrid"
    assert "ingrid" in spans and "rainier" in spans
    assert not any(s.split()[0] in ("what", "did") for s in spans)
    assert mention_spans("why did copper still's board want it")[0] == "copper still board"


@pytest.mark.anyio
async def test_the_run_of_words_that_names_an_account_wins_whatever_verb_precedes_it() -> None:
    index = WordIndex()
    found = await resolve_by_spans(index, "who referred caldwell cpa to us")  # type: ignore[arg-type]
    assert found.account is not None and found.account.account_id == "101"
    assert found.written_name == "caldwell cpa"


class FirstWordIndex:
    """Two accounts share their first word; that word alone scores about the same for both."""

    async def lookup(self, name: str, limit: int = 5) -> list[NameMatch]:
        if name.lower() != "bluewater":
            return []
        return [
            NameMatch(account_id="1", account_name="Bluewater Tattoo Co.", score=0.89),
            NameMatch(account_id="2", account_name="Bluewater Marina LLC", score=0.83),
        ]

    async def lookup_many(self, names: Sequence[str], limit: int = 5) -> list[list[NameMatch]]:
        return [await self.lookup(name, limit) for name in names]


@pytest.mark.anyio
async def test_one_word_shared_by_two_accounts_asks_which_one() -> None:
    found = await resolve_by_spans(FirstWordIndex(), "phone for bluewater pls")  # type: ignore[arg-type]
    assert found.account is None
    assert {a.account_id for a in found.ambiguous} == {"1", "2"}


class PersonIndex(FirstWordIndex):
    """As ``FirstWordIndex``, and "Dana" is a person of the marina only."""

    async def lookup(self, name: str, limit: int = 5) -> list[NameMatch]:
        if name.lower() == "dana":
            return [
                NameMatch(
                    account_id="2",
                    account_name="Bluewater Marina LLC",
                    score=0.9,
                    contact="Dana Ruiz",
                )
            ]
        return await super().lookup(name, limit)


@pytest.mark.anyio
async def test_a_person_named_beside_a_shared_word_tells_the_accounts_apart() -> None:
    found = await resolve_by_name(PersonIndex(), ["bluewater", "Dana"])  # type: ignore[arg-type]
    assert found.account is not None and found.account.account_id == "2"
    assert found.person == "Dana Ruiz"
    alone = await resolve_by_name(PersonIndex(), ["bluewater"])  # type: ignore[arg-type]
    assert alone.account is None and len(alone.ambiguous) == 2


@pytest.mark.anyio
async def test_no_run_of_words_naming_an_account_resolves_nothing() -> None:
    found = await resolve_by_spans(WordIndex(), "which accounts want workers comp")  # type: ignore[arg-type]
    assert found.account is None and not found.ambiguous


def test_only_a_capitalised_name_or_a_legal_form_looks_like_a_new_business() -> None:
    assert looks_like_a_business("Lakeshore Pediatrics", "Add a note to Lakeshore Pediatrics")
    assert looks_like_a_business("new company llc", "add a note to new company llc")
    assert not looks_like_a_business("accts", "accts that want workers comp")
    assert not looks_like_a_business(
        "property looked", "why did the board want the property looked at"
    )


class InitialsIndex:
    """Two accounts known by their initials: one that is no word, one that is a word."""

    INITIALS = {
        "hta": NameMatch(
            account_id="7", account_name="Halvorsen Tran Architects", score=1.0, alias="HTA"
        ),
        "ace": NameMatch(
            account_id="8", account_name="Alder Creek Electric", score=1.0, alias="ACE"
        ),
    }

    async def lookup(self, name: str, limit: int = 5) -> list[NameMatch]:
        found = self.INITIALS.get(name.lower())
        return [found] if found else []

    async def lookup_many(self, names: Sequence[str], limit: int = 5) -> list[list[NameMatch]]:
        return [await self.lookup(name, limit) for name in names]


@pytest.mark.anyio
async def test_initials_count_in_capitals_or_in_lowercase_when_they_are_no_word() -> None:
    found = await resolve_by_spans(InitialsIndex(), "why does HTA want cyber")  # type: ignore[arg-type]
    assert found.account is not None and found.account.account_id == "7"
    lower = await resolve_by_spans(InitialsIndex(), "why does hta want cyber")  # type: ignore[arg-type]
    assert lower.account is not None and lower.account.account_id == "7"
    word = await resolve_by_spans(InitialsIndex(), "is there an ace in the quote")  # type: ignore[arg-type]
    assert word.account is None
    capitals = await resolve_by_spans(InitialsIndex(), "what does ACE pay")  # type: ignore[arg-type]
    assert capitals.account is not None and capitals.account.account_id == "8"


def test_insurance_shorthand_and_short_words_are_never_initials() -> None:
    assert may_be_initials("ovh") and may_be_initials("OVH") and may_be_initials("ACE")
    for word in ("coi", "ace", "the", "gl", "bop", "wc", "tax", "ppl", "appt", "thx"):
        assert not may_be_initials(word), word
    assert may_be_initials("PPL")  # in capitals, still an account's initials


@pytest.mark.anyio
async def test_a_listing_question_takes_only_initials_written_in_capitals() -> None:
    listing = "which clients does hta insure for cyber"
    lower = await resolve_by_spans(InitialsIndex(), listing, people_only=True)  # type: ignore[arg-type]
    assert lower.account is None
    capitals = await resolve_by_spans(
        InitialsIndex(), listing.replace("hta", "HTA"), people_only=True
    )  # type: ignore[arg-type]
    assert capitals.account is not None and capitals.account.account_id == "7"


class PeopleIndex:
    """A person's last name in the plural scores below a one-word match (as trigrams do)."""

    async def lookup(self, name: str, limit: int = 5) -> list[NameMatch]:
        if name.lower() not in ("pikes", "pike"):
            return []
        score = 0.9 if name.lower() == "pike" else 0.68
        return [
            NameMatch(
                account_id="9", account_name="Reno Kite Shop", score=score, contact="Joe Pike"
            )
        ]

    async def lookup_many(self, names: Sequence[str], limit: int = 5) -> list[list[NameMatch]]:
        return [await self.lookup(name, limit) for name in names]


@pytest.mark.anyio
async def test_a_family_named_in_the_plural_is_the_account_of_its_person() -> None:
    found = await resolve_by_spans(PeopleIndex(), "how many acres do the pikes lease")  # type: ignore[arg-type]
    assert found.account is not None and found.account.account_id == "9"
    other = await resolve_by_spans(PeopleIndex(), "how many acres do the spikes lease")  # type: ignore[arg-type]
    assert other.account is None


class DescribedBook:
    """Answers a description search with every account, best first as listed."""

    def __init__(self, accounts: list[AccountPayload]) -> None:
        self.accounts = accounts

    async def search(
        self, text: str, filters: object = None, limit: int = 10
    ) -> list[DescriptionHit]:
        return [DescriptionHit(score=0.5, payload=a) for a in self.accounts[:limit]]


class MeantBook(DescribedBook):
    """A described book whose embedder knows which words mean the same trade."""

    MEANING = {"daycare": 0, "childcare": 0, "plumbers": 1, "plumbing": 1, "kite": 2}

    async def embed(self, texts: Sequence[str]) -> list[list[float]]:
        vectors = []
        for text in texts:
            vector = [0.0, 0.0, 0.0, 0.1]  # every text a little alike
            for word in text.lower().split():
                if word in self.MEANING:
                    vector[self.MEANING[word]] += 1.0
            vectors.append(vector)
        return vectors


def _payload(account_id: str, name: str, industry: str, city: str) -> AccountPayload:
    return AccountPayload(
        account_id=account_id, account_name=name, stage="Quoted", industry=industry, city=city
    )


@pytest.mark.anyio
async def test_an_account_described_by_its_trade_and_its_city_is_found() -> None:
    book = DescribedBook(
        [
            _payload("201", "Dune Riders", "Kite Shop", "Reno"),
            _payload("202", "Sky Line", "Kite Shop", "Elko"),
        ]
    )
    found = await resolve_by_kind(book, "reno paraglider shop")  # type: ignore[arg-type]
    assert found.account is not None and found.account.account_id == "201"
    both = await resolve_by_kind(book, "the kite shop")  # type: ignore[arg-type]
    assert both.account is None  # two shops: the place was what told them apart


@pytest.mark.anyio
async def test_of_the_accounts_a_kind_fits_the_one_the_rest_of_the_question_names() -> None:
    book = DescribedBook(
        [
            _payload("201", "Dune Riders", "Kite Shop", "Reno"),
            _payload("202", "Sky Line", "Kite Shop", "Elko"),
        ]
    )
    found = await resolve_by_kind(book, "the kite shop", "sky line - the kite shop - stage")  # type: ignore[arg-type]
    assert found.account is not None and found.account.account_id == "202"
    neither = await resolve_by_kind(book, "the kite shop", "the kite shop - stage")  # type: ignore[arg-type]
    assert neither.account is None


class ScannedBook(DescribedBook):
    async def scan(self, filters: DescriptionFilters, limit: int | None = None) -> ScanReply:
        wanted = set(filters.account_id or [])
        return ScanReply(accounts=[a for a in self.accounts if a.account_id in wanted])


@pytest.mark.anyio
async def test_of_two_accounts_a_name_fits_the_question_picks_the_one_more_of_it_describes() -> (
    None
):
    book = ScannedBook(
        [
            _payload("301", "Desert Sun Chiropractic", "Chiropractic Clinic", "Reno"),
            _payload("302", "Desert Sun Dance Academy", "Dance Studio", "Reno"),
        ]
    )
    both = Resolution(
        written_name="desert sun",
        ambiguous=[
            AccountAlternative(account_id="301", account_name="Desert Sun Chiropractic", score=0.9),
            AccountAlternative(
                account_id="302", account_name="Desert Sun Dance Academy", score=0.9
            ),
        ],
    )
    asked = "the chiropractor at desert sun - stage"  # another form of the trade's word
    found = await pick_described(book, asked, both)  # type: ignore[arg-type]
    assert found is not None and found.account is not None and found.account.account_id == "301"
    found = await pick_described(book, "desert sun, the dance studio in reno", both)  # type: ignore[arg-type]
    assert found is not None and found.account is not None and found.account.account_id == "302"
    assert await pick_described(book, "desert sun in reno - stage", both) is None  # type: ignore[arg-type]


ACORNS = _payload("301", "Little Acorns", "Childcare Center", "Kansas City")
CORNERSTONE = _payload("302", "Cornerstone", "Plumbing Contractor", "San Antonio")


@pytest.mark.anyio
async def test_a_kind_in_other_words_than_the_books_is_the_one_trade_it_means() -> None:
    book = MeantBook([ACORNS, CORNERSTONE, _payload("303", "Dune Riders", "Kite Shop", "Reno")])
    found = await resolve_by_kind(book, "the daycare")  # type: ignore[arg-type]
    assert found.account is not None and found.account.account_id == "301"
    plumbers = await resolve_by_kind(book, "plumbers")  # type: ignore[arg-type]
    assert plumbers.account is not None and plumbers.account.account_id == "302"
    unsaid = await resolve_by_kind(book, "daycare", by_meaning=False)  # type: ignore[arg-type]
    assert unsaid.account is None  # "any daycares?": the book, not one account
    unknown = await resolve_by_kind(book, "the bakery")  # type: ignore[arg-type]
    assert unknown.account is None  # close to no trade of the book


@pytest.mark.anyio
async def test_a_kind_two_accounts_share_in_meaning_names_neither() -> None:
    steps = _payload("304", "Tiny Steps", "Childcare Center", "Wichita")
    book = MeantBook([ACORNS, steps, CORNERSTONE])
    found = await resolve_by_kind(book, "the daycare")  # type: ignore[arg-type]
    assert found.account is None and "2 accounts" in found.how


@pytest.mark.anyio
async def test_of_the_accounts_a_kind_fits_the_one_more_of_its_words_fit_is_meant() -> None:
    book = DescribedBook(
        [
            _payload("401", "Desert Rose", "Dance Studio", "Albuquerque"),
            _payload("402", "Copper Flame", "Glassblowing Studio", "Bisbee"),
            _payload("403", "Mudhouse", "Ceramics Studio", "Tucson"),
        ]
    )
    found = await resolve_by_kind(book, "the glass studio")  # type: ignore[arg-type]
    assert found.account is not None and found.account.account_id == "402"
    studios = await resolve_by_kind(book, "the studio")  # type: ignore[arg-type]
    assert studios.account is None  # every one is a studio: nothing tells them apart


@pytest.mark.parametrize(
    ("query", "written", "common"),
    [
        ("did a tree come down anywhere", "tree", True),  # after "a"
        ("any claims at events", "events", True),  # the plural of the name's "Event"
        ("the tree people quoted how much", "tree", False),
        ("tall pine numbers", "tall", False),  # the name's first word
        ("did a Tree come down anywhere", "tree", False),  # written in capitals
        ("who quoted a tree service", "tree service", False),  # more than one word
    ],
)
def test_a_word_of_a_name_said_as_a_common_noun(query: str, written: str, common: bool) -> None:
    account = AccountRef(account_id="1", account_name="Tall Pine Tree & Event Svc")
    found = Resolution(account=account, written_name=written)
    assert said_as_a_common_noun(query, found) is common


@pytest.mark.anyio
async def test_a_long_run_looks_up_no_start_longer_than_a_name() -> None:
    index = WordIndex()
    written = "Caldwell CPA " + " ".join(f"word{n}" for n in range(18))
    resolution = await resolve_by_name(index, [written])  # type: ignore[arg-type]
    assert resolution.account is not None and resolution.account.account_id == "101"
    starts = index.asked[1:]
    assert starts[:2] == [written.rsplit(" ", 1)[0], written.rsplit(" ", 2)[0]]  # a word or two
    assert max(len(start.split()) for start in starts[2:]) == PREFIX_WORDS


class ScriptedScores:
    """Name scores as scripted per written name (the index's edit-distance likeness)."""

    def __init__(self, scores: dict[str, list[tuple[str, str, float]]]) -> None:
        self.scores = scores

    async def lookup(self, name: str, limit: int = 5) -> list[NameMatch]:
        rows = self.scores.get(name, [])
        return [NameMatch(account_id=i, account_name=n, score=s, exact=False) for i, n, s in rows][
            :limit
        ]

    async def lookup_many(self, names: Sequence[str], limit: int = 5) -> list[list[NameMatch]]:
        return [await self.lookup(name, limit) for name in names]


AWNINGS = ("301", "Marrowind Awning Works LLC")
POOLS = ("302", "Marrowind Pools")
FERRY = ("303", "Marlow Ferry Co.")


@pytest.mark.anyio
@pytest.mark.parametrize(
    ("written", "scored", "account"),
    [
        ("Marowind Awnnig", [(*AWNINGS, 0.70), (*POOLS, 0.41)], "301"),  # two slips
        ("Marlwo", [(*FERRY, 0.55)], "303"),  # one word, no word of the dictionary
        ("Marrowind Awning Shop", [(*AWNINGS, 0.72)], None),  # "shop" is no word of the name
        ("Marowind Awnnig", [(*AWNINGS, 0.70), (*POOLS, 0.62)], None),  # not clearly ahead
        ("Marrow", [(*FERRY, 0.55)], None),  # a word of the dictionary, said as itself
        ("Awnnig Marowind", [(*AWNINGS, 0.50)], None),  # does not start as the name starts
    ],
)
async def test_a_name_with_a_letter_or_two_off_is_the_one_account_it_is_close_to(
    written: str, scored: list[tuple[str, str, float]], account: str | None
) -> None:
    index = ScriptedScores({written: scored})
    found = await resolve_by_name(index, [written])  # type: ignore[arg-type]
    assert (found.account.account_id if found.account else None) == account, found
