"""What the follow-up is about: the quote waiting for a decision, the missing document, the
underwriter's question, from state.md (next step, pending actions) and the source summaries.

Only facts found in a file are used, each with the file it came from. A document the summaries
later say was received is no longer missing.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from harper_followup.account import AccountFiles, SourceFile

_CARRIER = r"[\w&.'’-]+(?: [\w&.'’-]+){0,3}?"
_QUOTE = re.compile(
    rf"\bthe (?P<carrier>{_CARRIER}) quote(?::| \()\s*(?P<amount>\$[\d,]+)"
    r"(?: a year for (?P<lines>[^.]+))?"
)
_WAITING = re.compile(r"\b(?:still waiting on|asked for) the (?P<docs>[^.;]+?)[.;]")
_RECEIVED = re.compile(r"\breceived the (?P<docs>.+?)(?: and (?:submitted|sent|forwarded)\b|[.;])")
_UNDERWRITER = re.compile(
    rf"\bThe (?P<carrier>{_CARRIER}) underwriter asked (?:about|for) (?P<q>[^;.]+)"
)
_DOC_SPLIT = re.compile(r",? and the |, the ")


def the(name: str) -> str:
    """ "the biBERK quote", but "The Hartford quote" (the name has its own article)."""
    return name if name.lower().startswith("the ") else f"the {name}"


def _documents(text: str) -> list[str]:
    return [doc.strip() for doc in _DOC_SPLIT.split(text) if doc.strip()]


@dataclass(frozen=True)
class Quote:
    carrier: str
    amount: str
    lines: str | None
    path: str


@dataclass(frozen=True)
class Fact:
    text: str
    path: str


@dataclass(frozen=True)
class OpenItems:
    next_step: str | None
    pending_actions: list[str]
    quote: Quote | None = None
    missing: list[Fact] = field(default_factory=list)
    underwriter: Fact | None = None
    underwriter_carrier: str | None = None
    last_exchange: SourceFile | None = None

    @property
    def files(self) -> list[str]:
        paths: list[str] = []
        if self.quote:
            paths.append(self.quote.path)
        paths.extend(fact.path for fact in self.missing)
        if self.underwriter:
            paths.append(self.underwriter.path)
        if self.last_exchange:
            paths.append(self.last_exchange.summary_path)
        return list(dict.fromkeys(paths))

    def headline(self) -> str:
        """The open item in a few words, for subjects and rationales."""
        if self.quote:
            return f"{the(self.quote.carrier)} quote"
        if self.underwriter and self.underwriter_carrier:
            return f"{the(self.underwriter_carrier)} underwriter's question"
        if self.missing:
            return f"the {self.missing[0].text}"
        if self.pending_actions:
            return self.pending_actions[0][:1].lower() + self.pending_actions[0][1:]
        return (self.next_step or "your insurance").lower()


def open_items(account: AccountFiles) -> OpenItems:
    quote: Quote | None = None
    missing: dict[str, Fact] = {}
    underwriter: tuple[str, Fact] | None = None
    for item in account.sources:
        text = item.source.summary.body
        for match in _QUOTE.finditer(text):
            quote = Quote(match["carrier"], match["amount"], match["lines"], item.summary_path)
        for match in _WAITING.finditer(text):
            for doc in _documents(match["docs"]):
                missing[doc] = Fact(doc, item.summary_path)
        for match in _RECEIVED.finditer(text):
            for doc in _documents(match["docs"]):
                missing.pop(doc, None)
        found = _UNDERWRITER.search(text)
        if found:
            underwriter = (found["carrier"], Fact(found["q"].strip(), item.summary_path))
    state = account.state
    return OpenItems(
        next_step=state.next_step,
        pending_actions=list(state.pending_actions or []),
        quote=quote if state.stage.value == "Quoted" else None,
        missing=list(missing.values()),
        underwriter=underwriter[1] if underwriter else None,
        underwriter_carrier=underwriter[0] if underwriter else None,
        last_exchange=account.sources[-1] if account.sources else None,
    )
