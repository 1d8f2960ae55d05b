"""The regular expressions behind the intent rules (data only; see `intent_rules` for the order).

They run over `Query.norm`: lowercase keys with shorthand expanded ("f/u" -> "follow up",
"whats" -> "what is", "w/" -> "with") and separators as their own words ("status ?").
"""

from __future__ import annotations

import re

PREFIX = re.compile(
    r"^(?:(?:hey|hi|hello|ok|okay|so|also|and|harper|quick q|quick question|q|yo|um|hmm)"
    r"(?: [,:!-])* )*"
    r"(?:(?:please|can you|could you|would you|will you|you can|i need you to|i need to|"
    r"i want to|i'd like to|i would like to|need to|want to|let's|lets|let us|go ahead and|"
    r"help me) (?:please )?)*"
)
CLAUSE = re.compile(r" (?:and|then|also|[,;:]|-|--|—) ")
SMALLTALK_WORDS = (
    r"(?:hi|hello|hey|yo|good (?:morning|afternoon|evening)|thanks|thank you|cheers|ok|okay|k|kk|"
    r"cool|great|nice|yes|no|yep|nope|yeah|nah|sure|lol|haha|hmm+|test|testing|help|help me|"
    r"what can you do|who are you|how are you|what are you|what is up|sup|how is it going|"
    r"never mind|nevermind|nvm|there|harper|again|so much|a lot|please|me|idk|"
    r"what|why|huh|who|when|where|how|[!.?,])"
)
_SMALLTALK_WORD = rf"(?>{SMALLTALK_WORDS}(?= |$))"  # atomic: no backtracking blow-up
SMALLTALK = re.compile(rf"^{_SMALLTALK_WORD}(?: {_SMALLTALK_WORD})*+$")
_TERMS = (
    r"(?:(?:a|an) [\w&]+|wc|gl|bop|e&o|eo|epli|noc|coi|loss runs|effective|eff|sub|app|acord|"
    r"mvr|binder)"
)
GLOSSARY = re.compile(
    rf"^(?:what is|what does|define|meaning of) {_TERMS}"
    r"(?: mean| stand for| cover| covers| include| includes)?(?: \?)*$"
    rf"|^(?:what is )?(?:the )?difference between {_TERMS} and {_TERMS}(?: \?)*$"
)
FOLLOWUP_LISTING = re.compile(
    r"\bfollow ups\b|\bfollow up (?:list|queue)\b"
    r"|^(?=.*\b(?:who|which|what|any|anyone|accounts?|clients?)\b)"
    r"(?=.*\b(?:needs?|due|overdue|pending)\b)(?=.*\bfollow up\b)"
)
FOLLOWUP_START = re.compile(
    r"^(?:follow up|chase|nudge|ping|check in|check back|reach out|touch base|get back to|"
    r"get in touch|loop in|circle back|ask(?! me\b)|let (?:them|him|her|the \w+) know|"
    r"tell (?:them|him|her|the \w+)\b|remind(?! me (?:what|when|who|how|if|whether|which)\b)|"
    # the channel nouns used as nouns ("email from X", "phone for X") are no command
    r"email(?! (?:address|for|of|from)\b)|text(?! (?:for|of|from)\b)|"
    r"message(?! (?:for|of|from)\b)|dm|reply|respond|write back|answer|"
    r"call(?! (?:log|notes?|summary|recording|transcript|for|of|from)\b)|"
    r"phone(?! (?:number|numbers|no|for|of|from)\b| #)|"
    r"shoot|draft|write|compose|"
    r"prepare|prep|send(?! me\b)|schedule (?:a )?call|set up (?:a )?call|"
    r"give(?: \S+){1,5} a (?:call|ring|shout|buzz))\b"
)
UPDATE_START = re.compile(
    r"^(?:mark|set|change|update(?! (?:on|from|re|about)\b)|updated|move|add|log|record|note|put|"
    r"bump|switch|flip|advance|push|close|bind|attach|file|save|rename|create|cancel|reinstate|"
    r"endorse|non renew|nonrenew|modify|amend|revise|"
    r"make (?:some |a few |a couple of |a couple |few |a |an |the )?(?:updates?|changes?|edits?)|"
    r"new (?:lead|account|client|prospect|business)|enter|input|reopen|assign|tag|"
    r"flag|fyi|heads up|got|received|spoke|talked|met|just (?:got|spoke|talked|heard|had|sent|"
    r"bound|received|quoted|submitted)|had a call|left a|noting|per)\b"
)
EDIT_START = re.compile(r"^(?:fix|correct|edit|remove|delete|redo|undo)\b")
"""Generic edits: an update only when they name a field or an account ("fix the premium")."""
QUESTION_START = re.compile(
    r"^(?:(?:by|until|till|since|for|from|in|on|at|to|with|about|of) "
    r"(?:when|what|which|whom|whose|how (?:long|much|many|soon|far))|"
    r"what|when|where|who|whom|whose|which|why|how|is|are|was|were|does|did|has|have|had|can|"
    r"could|should|would|will|any|anything|anyone|anybody|status|eta|do (?:we|i|you|they|any|our|"
    r"my)|show|list|find|pull|look up|lookup|search|get me|give me|tell me|remind me|open|view|"
    r"display|bring up|go to|see|check (?:if|"
    r"whether|on|the|status|for)|see if|count|summarize|summary|recap|brief me|catch me up|read me|"
    r"(?:i )?need the|i want the|i need to know)\b"
)
QUESTION_INSIDE = re.compile(
    r"^(?!.*\b(?:ask\w*|know|knows|wonder\w*|said|says|told|tell|explain\w*|confirm\w*) "
    r"(?:us |me |them |him |her )?(?:what|when|where|who|which|how)\b)"
    r".*\w \b(?:what|when|where|which|who|how (?:much|many|long|soon))\b(?: \w+)*$"
)
"""A question word after the topic, in broker shorthand without a comma ("<account> needs what
deductible", "<account> starts when"); not reported speech ("she asked what the deductible is")."""
LIST_REQUEST = re.compile(r"\blist(?: (?:pls|please|plz|thx|thanks))?$")
"""A list asked for by naming it last ("quoted list pls", "december renewals list")."""
HOW_TO = re.compile(r"^(?:how do i|how can i|how to|where do i|where can i|is it possible to)\b")
"""Questions about using Harper itself ("how do I add an account")."""
FOLLOWUP_STATEMENT = re.compile(r"\bneeds? (?:a |an )?(?:follow up|reminder|nudge|call|email)\b")
UPDATE_STATEMENT = re.compile(
    r"\b(?:bound|binds|signed|sent|submitted|accepted|declined|rejected|passed on|cancell?ed|"
    r"renewed|paid|went with|going with|switched|came in|came back|received|wants?|wanted|"
    r"asked (?:for|to|about)|called|emailed|texted|said|says|confirmed|agreed|approved|decided|"
    r"chose|picked|dropped|closed|lost|won|is now|effective|as of|noc|hired|added|opened|"
    r"needs? (?:updating|updates?|an update|changes|editing|to be (?:updated|changed|edited))|"
    r"sold|bought|left a|on hold|no longer|backed out|went quiet|ghosted|needs? to|waiting on|"
    r"waiting for|will send|is sending|out (?:til|until)|quoted (?:at|for|with)|quoted$|"
    r"premium (?:is|was|of|at)|(?:new|updated) (?:contact|email|phone|address|carrier|owner)|"
    r"(?:contact|email|phone|premium|deductible|carrier|address) is now)\b|\bquoted \$?\d"
)
LOOKUP_FIELDS: frozenset[str] = frozenset(
    """
    status stage premium premiums quote quotes quoted renewal policy coverage limits deductible
    exclusions exclusion payroll revenue employees drivers vehicles fleet vins mvr mvrs contact
    phone address email notes app application sub submission loss runs claims coi noc effective
    deposit binder carrier underwriter history summary update updates latest details information
    cert certs certificate number cell mobile lines
    wc gl bop e&o epli cyber umbrella liquor liability malpractice proposal paperwork documents
    """.split()
)
"""Fields a broker looks up by naming them after the account ("Rosewood Bakery premium")."""
