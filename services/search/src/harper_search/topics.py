"""What a question about one account can be about, and how each topic shows in the files.

Each topic has the words that ask for it (``asks``), the words of a sentence that answers it
(``says``), an optional pattern of the value itself (an amount, a date, a carrier), and the
terms to give search_files. The local engine ranks sentences with these; nothing here knows
any particular account.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from harper_common.vocabulary import alternation, vocabulary

MONTHS = (
    "january|february|march|april|may|june|july|august|september|october|november|december"
    "|jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec"
)
MONEY = r"\$\s?\d[\d,]*(?:\.\d+)?\s?(?:k\b|m\b)?"
DATE = (
    rf"\b(?:(?:{MONTHS})\.?\s+\d{{1,2}}(?:st|nd|rd|th)?(?:,?\s+\d{{4}})?"
    r"|\d{1,2}/\d{1,2}(?:/\d{2,4})?)\b"
)
CARRIERS = re.compile(
    rf"\b({alternation(spelling for c in vocabulary().carriers for spelling in c.spellings)})\b"
)
"""Carrier names as people write them (case matters: "Next" is a word, "NEXT" a carrier); the
``carriers`` of the shared vocabulary."""


ORGANISATION = re.compile(
    r"\b[A-Z][\w-]*(?:\s+(?:&\s+)?[A-Z][\w-]*)*\s+"
    r"(?:Insurance|Agency|Partners|Group|Services|Brokerage|Brokers|Associates)\b"
)


COMPETING_OFFER = re.compile(f"(?:{ORGANISATION.pattern})|(?:{CARRIERS.pattern})")
"""Who else is in the running: another agency, or a carrier quoting the client directly."""


@dataclass(frozen=True)
class Topic:
    name: str
    label: str
    asks: re.Pattern[str]
    says: re.Pattern[str]
    value: re.Pattern[str] | None
    search: str
    strong: re.Pattern[str] | None = None
    """Phrases that answer the topic outright ("still waiting on", "bind it"): extra credit."""
    against: re.Pattern[str] | None = None
    """Phrases that say the opposite ("got the", "thanks for sending"): less credit."""
    value_required: bool = True


def _re(pattern: str) -> re.Pattern[str]:
    return re.compile(pattern, re.IGNORECASE)


TOPICS: tuple[Topic, ...] = (
    Topic(
        "quote_amount",
        "Quote",
        _re(
            r"\b(quot\w*|premium|pric\w*|cost\w*|how much|amount|figure|rate|number|came (in|"
            r"back))\b"
        ),
        _re(r"\b(quot\w*|premium|came (in|back)|a year|annual|/yr|per year|proposal|priced)\b"),
        _re(MONEY),
        "quote premium year",
        against=_re(r"\b(payroll|wages|revenue|sales|salar\w*)\b"),
    ),
    Topic(
        "carrier",
        "Quoting carrier",
        _re(
            r"\b(carrier|insurer|insurance company|company|who quoted|quoted (by|with)|"
            r"which market|market)\b"
        ),
        _re(r"\b(quot\w*|came (in|back)|proposal|submitted to|terms|bound with|with)\b"),
        CARRIERS,
        "quote came bound",
    ),
    Topic(
        "current_carrier",
        "Current carrier",
        _re(
            r"\b(current(ly)?|existing|incumbent|prior|present|right now|now|"
            r"today)\b.{0,30}\b(carrier|insur\w*|with|policy|coverage)\b|\b(insured|covered|"
            r"written) (with|by)\b|\bwho (are|is) (they|it|he|she|the client) with\b|\b(carrier|"
            r"insurer)\b.{0,30}\b(now|today|currently|at the moment|have)\b|"
            r"\bwho('?s| is| are) with\b|\bincumbent\b|\bprior carrier\b|"
            # "who's Ana with right now": whom a person or the account is with
            r"\bwho('?s| is| are)\s+[\w'’.-]+(\s+[\w'’.-]+)?\s+with(\s+(right\s+)?(now|"
            r"currently|today|these days|at the moment))?\W*$|"
            r"\bwho\b.{0,30}\b(coverage|insurance|insured|policy|policies|covered)\b.{0,20}"
            r"\b(now|today|currently|at the moment|these days|at present)\b|"
            r"\bwho (has|holds|writes|carries|insures|covers) "
            r"(them|it|their|'s)\b|"
            # the account's name taken out: "who writes <name> today"
            r"\bwho (writes|carries|insures|covers)(\s+(today|(right )?now|currently|these days))?"
            r"\W*$|"
            r"\b(who|which (carrier|insurer|company)) ('?s|is|are) (insuring|covering|writing)\b|"
            r"\b(insures|covers|writes) (them|it)\b|\b(insurer|carrier)\b.{0,20}\b(these days|"
            r"at present)\b|\b(coverage|insurance|policy|insured) (is )?(with|through)\b\??$"
        ),
        _re(r"\b(with|currently|right now|current carrier|insured by|carrier is)\b"),
        CARRIERS,
        "with renew carrier currently",
        strong=_re(
            r"\b((we'?re|we are|i'?m|been|currently|right now) with|current carrier|renews?)\b"
        ),
    ),
    Topic(
        "renewal_date",
        "Renewal date",
        _re(r"\b(renew\w*|expir\w*|x-?date|rolls? over|up for renewal)\b"),
        _re(r"\b(renew\w*|expir\w*)\b"),
        _re(DATE),
        "renew renewal expires",
    ),
    Topic(
        "payroll",
        "Payroll",
        _re(r"\b(payroll|wages|salar\w*)\b"),
        _re(r"\b(payroll|wages|salar\w*)\b"),
        _re(MONEY),
        "payroll",
    ),
    Topic(
        "employee_count",
        "Employees",
        _re(
            r"\b(employ\w*|staff\w*|headcount|head count|people|workers|team|crew|"
            r"how many (ppl|people|guys|folks|on)|ppl|work (at|there|for)|how big|size)\b"
        ),
        _re(r"\b(employees|staff|people|workers|crew|guys|full[- ]time|part[- ]time)\b"),
        _re(r"\b\d+\s+(employees|staff|people|workers|full[- ]time|on staff)\b|\b\d+\b"),
        "employees staff people",
    ),
    Topic(
        "missing_document",
        "Missing documents",
        _re(
            r"\b(missing|outstanding|still need\w*|waiting (on|for)|document\w*|docs?|paperwork|"
            r"need from|owe\w*|haven'?t (sent|provided)|not (yet )?(sent|received|provided)|"
            r"required|requirements?|what.{0,20}need|forms?|loss runs?|blocking|holding (up|"
            r"things up)|yet to|still to|send us|get from|to provide|schedule|roster|"
            r"certificates?|licen[cs]es?|driver list|agreements?|records|questionnaire|waiver)\b|"
            r"\b(did|has|have)\b.{0,30}\b(send|sent|provide\w*|arrive\w*)\b"
        ),
        _re(
            r"\b(still|missing|need|awaiting|waiting|require\w*|outstanding|send over|attach\w*|"
            r"pending|forward)\b"
        ),
        None,
        "need still missing waiting",
        strong=_re(
            r"\b(still (waiting|awaiting|need\w*)|(also|still) need|need the|will require|"
            r"missing|outstanding|haven'?t (received|got|sent)|before (i|we) can (send|submit))\b"
        ),
        against=_re(
            r"\b(got the|thank you for (sending|forwarding)|received the|everything'?s in)\b"
        ),
    ),
    Topic(
        "objection",
        "Objection",
        _re(
            r"\b(objection\w*|object(s|ed|ing)?|concern\w*|worr\w*|push ?back|hesita\w*|"
            r"issue\w*|problem\w*|"
            r"complain\w*|unhappy|hang ?ups?|hold\w* (them |it )?back|reservation\w*|bother\w*|"
            r"pushback|not happy|doubt\w*|bug\w*|holding (them |it )?up|sticking point)\b"
        ),
        _re(
            r"\b(worr\w*|concern\w*|mostly|only|issue|problem|explain|understand|hesita\w*|"
            r"not sure|jump|too (high|much|expensive))\b"
        ),
        None,
        "worry concern explain about",
        strong=_re(
            r"\b(bugging me|worried|concerned|what about|mostly the|"
            r"not (thrilled|happy|sure) about)\b"
        ),
    ),
    Topic(
        "underwriter_question",
        "Underwriter question",
        _re(r"\b(underwriter\w*|uw|underwriting|carrier (ask|want|question)\w*)\b"),
        _re(r"\b(underwrit\w*|uw|asking about|clarification|asked (for|about))\b"),
        None,
        "underwriter asking clarification",
        strong=_re(
            r"\b(underwriter question:|"
            r"underwriter (at [\w ]+? )?(has (one |a |some )?)?(ask\w*|question)|"
            r"asking about|uw .{0,20}ask\w*)"
        ),
        against=_re(r"\b(underwriters like)\b"),
    ),
    Topic(
        "decision",
        "Decision",
        _re(
            r"\b(decid\w*|decision(?![- ]?makers?)|bind\w*|bound|go ahead|accept\w*|choos\w*|"
            r"chose|went with|"
            r"going with|verdict|outcome|sign(ed)? off|move forward|proceed\w*|yes or no|"
            r"green ?light|lost|win|won|going ahead|go(ing)? forward|moving forward|"
            r"pull(ed|ing)? the trigger|sign(ed|ing)? (on|up))\b|"
            r"\b(answer|response|reply|respond\w*|say yes|said yes)\b.{0,30}\b(proposal|quote|"
            r"offer|terms|options?)\b"
        ),
        _re(
            r"\b(bind|decided|go ahead|going with|went with|ended up|proceed|accept|move forward|"
            r"let'?s do|pass|decline)\b"
        ),
        None,
        "bind decided going ahead proceed forward",
        strong=_re(
            r"\b(bind it|we'?ve decided|decided to|we'?d like to|wish to|"
            r"going with|ended up|proceed with|want to go ahead)\b"
        ),
        against=_re(r"\b(shall i|should we|\?$)"),
    ),
    Topic(
        "effective_date",
        "Effective date",
        _re(r"\b(effective|eff|start date|starts?|begin\w*|incept\w*|in force|kick in|go live)\b"),
        _re(r"\b(effective|eff|start\w*|bind)\b"),
        _re(DATE),
        "effective eff",
    ),
    Topic(
        "competitor",
        "Competitor",
        _re(
            r"\b(competi\w*|another (agency|broker|agent|agent's)|other (agency|broker|agent|"
            r"agents|quote|offer)|rival\w*|shopping|lost (it|them|the account|out) to|who else|"
            r"elsewhere|beat us|undercut|outbid)\b"
        ),
        _re(
            r"\b(agency|insurance services|partners|brokers?|another|other|quoted us|"
            r"going with|ended up)\b"
        ),
        COMPETING_OFFER,
        "agency another quoted said offered",
        strong=_re(
            r"\b(another agency|quoted us|going with|ended up|has offered|offered us)\b|said \$"
        ),
        value_required=False,
    ),
    Topic(
        "injection",
        "Instructions found in a source",
        _re(
            r"\b(instructions?|suspicious|ai assistant|prompt|injection|strange|weird|odd|"
            r"phishing|scam|p\.?s\.?)\b"
        ),
        _re(r"\b(ignore|instructions?|ai assistant|authorized|assistant)\b"),
        None,
        "ignore instructions assistant",
        strong=_re(r"\b(ignore (all |any )?(previous|prior|earlier) instructions|ai assistant)\b"),
    ),
)

TOPIC_BY_NAME = {topic.name: topic for topic in TOPICS}
RECORDED_AS = {"quote_amount": "premium", "missing_document": "next_step", "decision": "stage"}
"""The field of state.md that records, as of now, what a topic's passages tell over time: a
question about the quote, the missing papers or the decision gets that field's value too."""


def asked_topics(question: str) -> list[Topic]:
    """The topics the question asks about, in table order."""
    found = [topic for topic in TOPICS if topic.asks.search(question)]
    names = {topic.name for topic in found}
    if "current_carrier" in names:
        found = [t for t in found if t.name != "carrier"]
    if (
        "renewal_date" in names
        and "effective_date" in names
        and not re.search(r"\beff(ective)?\b", question, re.IGNORECASE)
    ):
        found = [t for t in found if t.name != "effective_date"]
    return found
