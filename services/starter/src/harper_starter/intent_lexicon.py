"""Word tables for the intent rules and account-name extraction (data only, no logic).

Words are lowercase. `FRAME` words are never part of an account name; `FIELD` words (stages,
lines of coverage, fields of an account) may be when written capitalised inside a name
("First Call Plumbing", "New Company LLC"). Everything else is a possible name word.
"""

from __future__ import annotations

from harper_common.vocabulary import vocabulary


def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


FRAME: frozenset[str] = _words(
    """
    a an the this that these those it its it's they them their theirs they're theyre he she him
    her his hers we us our ours i me my mine you your u ur ya yall who whom whose what whats
    what's wat when where wheres which why how hows how's is isn't isnt are aren't arent was
    wasn't were be been being am do does doesn't did didn't didnt dont don't done doing has
    hasn't hasnt have haven't havent had having will won't would wouldn't can can't cant could
    couldn't should shouldn't shall may might must or but if then than so because as at by for
    from in into on onto to with w/ w without w/o about abt re regarding per via over under up
    down out off back through til till until since before after during between
    please pls plz thanks thank thx ty ok okay k kk hey hi hello yo yes yeah yep no nope nah
    sure cool great lol hmm any anything anyone anybody anywhere some something someone all
    every everyone everybody everything each both either neither none nothing other another
    else not never ever yet still just also too very really already again now today tonight
    yesterday tomorrow soon later asap quick quickly q there here
    get got gotten getting go goes going went gone come came coming let lets let's know knew
    need needs needed want wants wanted wanna gonna gotta like make made put puts take took see
    seen look looking looks find found show shows tell told say said says saying ask asked asks
    asking give gave send sends sent sending draft drafts drafting write wrote written compose
    mark marked set change changed update updated updating upd8 move moved add added adding log
    logged record recorded bump bumped switch switched flip close bind binds binding sign
    signing submit accept accepted decline declined reject rejected cancel cancelled canceled
    renew renewed renewing pay paid receive received rec'd recd return returned call called
    calling emailed emailing texted texting ping pinged nudge chase reach reached check checked
    remind reminded follow followed following followup followups f/u fu heard hear talk talked
    talking spoke speak met meet reply replied respond responded pull list search count create
    created edit delete remove attach filed save saved wait waiting waited confirm confirmed
    agree agreed decide decided pick picked drop dropped hold shoot use used try tried work
    fyi heads noting reveal ignore previous instructions prompt system joke weather higher
    lower more less much many thing things stuff deal whatever else's long since ago fine
    sorry dr mr mrs ms miss per idk pm am via missing i'd i'm im run operate employ own carry
    cover covers include includes mean means stand cost costs sup ghosted bailed backed walked
    disappeared answered approved fired bought expanded uploaded faxed mailed requested reported
    mentioned thinks thought prefers liked complained forgot forgets open view display see
    summarize summarise summarizing recap read modify modified modifying amend revise located
    locate object objected objecting checking handles handle handled handling shopping
    insures insure insuring writes writing holds carries covering
    """
)

FIELD: frozenset[str] = _words(
    """
    status stage premium premiums quote quotes quoted quoting renewal renewals policy policies
    coverage coverages line lines limit limits deductible deductibles exclusion exclusions
    payroll revenue employees employee drivers driver vehicles vehicle fleet size vins vin mvr
    mvrs schedule report reports contact contacts phone number address email emails text texts
    message messages note notes voicemail vm meeting app application apps sub submission
    submissions loss losses runs claims claim certificate coi cois noc nocs eff effective date
    dates deposit invoice bill binder carrier carriers underwriter underwriters uw agent broker
    owner director manager client clients customer customers insured insureds account accounts
    lead leads prospect prospects company companies business businesses file files history
    summary info information details update updates latest last next recent new old open
    pending overdue due stale stuck lost won closed intake referral referrals step steps reminder
    reminders script book pipeline week weeks month months year years morning afternoon evening
    quarter total biggest largest most least top highest lowest oldest newest monday tuesday
    wednesday thursday friday saturday sunday january february march april june july august
    september october november december jan feb mar apr jun jul aug sep sept oct nov dec wc gl
    bop e&o eo epli cyber auto umbrella excess liquor liability crime malpractice inland marine
    cargo workers comp compensation general professional commercial physical damage abuse
    molestation risk sublimit signed bound submitted cancellation proposal word news docs
    documents paperwork forms acord signature tx cert certs
    price prices pricing rate rates deals location locations producer producers annual current
    answer answers concern concerns objection objections question questions
    """
)

CONNECTORS: frozenset[str] = _words("& and of")
"""Joined into a name when both neighbours are name words ("Smith & Sons", "Law Office of ...")."""

LEGAL_SUFFIXES: frozenset[str] = _words("inc llc ltd co corp pllc pc pa lp llp")
ABBREVIATIONS: frozenset[str] = _words("inc llc ltd co corp bros jr sr st ave dr mr mrs ms mt")

BUSINESS_NOUNS: frozenset[str] = (
    _words(
        """
    childcare daycare learning academy kids dental smile pediatrics orthodontics roofing roof
    exteriors gutters grill kitchen cantina bistro taqueria diner smokehouse pub tavern bar cafe
    coffee pizza pizzeria restaurant trucking freight transport logistics hauling animal
    hospital veterinary vet pet clinic outfitters boutique mercantile supply goods hardware
    manufacturing fabrication machine works industries metalworks landscaping lawn garden
    landscape tree plumbing drain rooter heating air hvac comfort mechanical medicine medical
    urgent care health law legal automotive garage collision repair bakery bake bread pastry
    bakehouse fitness yoga pilates studio athletic gym property realty management tech systems
    networks consulting electric electrical power builders construction homes contracting
    building cpa tax accounting bookkeeping brewing brewery taproom beer ale cleaning janitorial
    maids therapy rehab physio salon hair barbershop beauty spa movers moving storage relocation
    pharmacy drug apothecary wellness shop store market farm farms ranch motors inn hotel school
    center company group partners associates services service solutions enterprises holdings
    brothers sons imaging tutoring security office towing cabinetry chiropractic welding
    excavation nursery grooming montessori preschool seafood interiors painting flooring printing
    glass concrete paving fencing pools pest solar tile masonry carpentry drywall locksmith
    florist catering photography marketing design staffing courier tires detailing rentals
    equipment lumber vineyard winery distillery dairy orchard feed wash bar pub
    """
    )
    | LEGAL_SUFFIXES
)

CARRIERS: frozenset[str] = frozenset(
    spelling.lower() for carrier in vocabulary().carriers for spelling in carrier.spellings
)
"""Carrier names, lowercase (the ``carriers`` of the shared vocabulary): never an account."""

TYPOS: dict[str, str] = {
    "teh": "the",
    "hte": "the",
    "wat": "what",
    "wht": "what",
    "abt": "about",
    "w/": "with",
    "w": "with",
    "u": "you",
    "r": "are",
    "pls": "please",
    "plz": "please",
    "thx": "thanks",
    "ty": "thanks",
    "f/u": "follow up",
    "fu": "follow up",
    "followup": "follow up",
    "follow-up": "follow up",
    "follow-ups": "follow ups",
    "followups": "follow ups",
    "whats": "what is",
    "what's": "what is",
    "who's": "who is",
    "whos": "who is",
    "hows": "how is",
    "how's": "how is",
    "it's": "it is",
    "where's": "where is",
    "wheres": "where is",
    "havent": "have not",
    "haven't": "have not",
    "hasnt": "has not",
    "hasn't": "has not",
    "didnt": "did not",
    "didn't": "did not",
    "dont": "do not",
    "don't": "do not",
    "upd8": "update",
    "eff": "effective",
    "txt": "text",
    "e-mail": "email",
    "msg": "message",
    "rec'd": "received",
    "recd": "received",
    "info": "information",
    "acct": "account",
    "accts": "accounts",
}

TYPO_TARGETS: frozenset[str] = _words(
    """
    what status stage update follow quoted quote premium renewal submitted submission bound mark
    change email draft please contact policy note loss runs application schedule reminder which
    accounts clients customer deposit signed received change where accepted declined cancelled
    """
)

OFF_TOPIC: frozenset[str] = _words("weather joke jokes poem recipe sports news score song")
LOSS_WORDS: frozenset[str] = _words(
    """
    claim claims claimed loss losses damage damaged damages destroyed flooded flood floods fire
    fires burned storm storms hail wind hurricane tornado freeze froze frozen lightning insured
    covered coverage policy policies premium deductible carrier carriers underwriter
    """
)
"""Words of the trade that make an ``OFF_TOPIC`` word a matter of insurance: "stuff damaged by
fire or weather" asks about losses, not the forecast."""


REFERS_TO_ONE: frozenset[str] = _words(
    """
    he she him her his hers they them their theirs they're theyre it its it's themselves
    himself herself
    """
)
"""Pronouns that point at one account the broker has in mind ("what's their premium")."""

BINDS_A_PRONOUN: frozenset[str] = _words(
    """
    anyone anybody everyone everybody someone somebody nobody whoever whichever which whose any
    every each all
    """
)
"""Words that make a later pronoun refer back to them, not to an account in mind: "has anybody
raised their deductible", "which of the bakeries changed their hours", "whose carrier dropped
them" ask the whole book."""
ASKS_WHO_IS: frozenset[str] = _words(
    """
    is are was were do does did will would can could should
    """
)
"""Words after "who" that make it the thing asked ("who is their carrier", "who did they call"),
so a pronoun after it still points at an account in mind."""
DETERMINERS: frozenset[str] = _words("their his her its the our my your that this")
"""After "who's", a determiner says "who is" ("who's their carrier"); a verb says "who has"
("who's moved their office")."""

ONE_PARTY: frozenset[str] = _words(
    """
    one client customer contact insured account company business owner call email text
    voicemail meeting conversation
    """
)
"""Nouns that, after "the", "this" or "that", point at one account or one exchange with it
("did the client sign", "the objection on the call", "the payroll on this one")."""
