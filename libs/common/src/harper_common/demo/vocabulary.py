"""Words of the demo brokerage: cities, people, the agency and its brokers, carriers, rivals."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class City:
    name: str
    state: str
    area_code: str

    @property
    def location(self) -> str:
        return f"{self.name}, {self.state}"


def _cities(rows: str) -> tuple[City, ...]:
    """Parse ``name|ST|area`` rows, one per line."""
    parsed = (line.split("|") for line in rows.strip().splitlines())
    return tuple(City(name, state, area) for name, state, area in parsed)


CITIES: tuple[City, ...] = _cities(
    """
Austin|TX|512
Houston|TX|713
Dallas|TX|214
San Antonio|TX|210
Fort Worth|TX|817
El Paso|TX|915
Plano|TX|972
Round Rock|TX|512
Waco|TX|254
Lubbock|TX|806
Corpus Christi|TX|361
Seattle|WA|206
Spokane|WA|509
Tacoma|WA|253
Bellevue|WA|425
Olympia|WA|360
Portland|OR|503
Eugene|OR|541
Salem|OR|503
Bend|OR|541
Sacramento|CA|916
Fresno|CA|559
San Diego|CA|619
Oakland|CA|510
Phoenix|AZ|602
Tucson|AZ|520
Mesa|AZ|480
Denver|CO|303
Colorado Springs|CO|719
Fort Collins|CO|970
Las Vegas|NV|702
Reno|NV|775
Salt Lake City|UT|801
Albuquerque|NM|505
Boise|ID|208
Billings|MT|406
Tulsa|OK|918
Oklahoma City|OK|405
Wichita|KS|316
Omaha|NE|402
Kansas City|MO|816
St. Louis|MO|314
Minneapolis|MN|612
Madison|WI|608
Milwaukee|WI|414
Chicago|IL|312
Naperville|IL|630
Indianapolis|IN|317
Columbus|OH|614
Cincinnati|OH|513
Cleveland|OH|216
Grand Rapids|MI|616
Ann Arbor|MI|734
Nashville|TN|615
Knoxville|TN|865
Memphis|TN|901
Louisville|KY|502
Lexington|KY|859
Atlanta|GA|404
Savannah|GA|912
Tampa|FL|813
Orlando|FL|407
Jacksonville|FL|904
Sarasota|FL|941
Charlotte|NC|704
Raleigh|NC|919
Asheville|NC|828
Charleston|SC|843
Greenville|SC|864
Richmond|VA|804
Norfolk|VA|757
Pittsburgh|PA|412
Philadelphia|PA|215
Buffalo|NY|716
Albany|NY|518
Worcester|MA|508
Burlington|VT|802
Baton Rouge|LA|225
New Orleans|LA|504
Birmingham|AL|205
Little Rock|AR|501
Des Moines|IA|515
"""
)


def _words(text: str) -> tuple[str, ...]:
    """Split ``a|b|c`` text into phrases, folding line breaks and indentation into one space."""
    return tuple(" ".join(part.split()) for part in text.split("|"))


TEXAS: tuple[City, ...] = tuple(c for c in CITIES if c.state == "TX")
PACIFIC_NORTHWEST: tuple[City, ...] = tuple(c for c in CITIES if c.state in ("WA", "OR"))

FEMALE_FIRST_NAMES: tuple[str, ...] = tuple(
    """Abigail Alicia Amanda Angela Ashley Bianca Brenda Carla Carmen Colleen Dana Deborah Diane
    Donna Elena Emily Erin Esther Fiona Gina Grace Hannah Heather Irene Janet Jenna Jessica Julia
    Karen Kayla Kelly Kim Laura Leah Linda Lucia Mandy Maria Marisol Megan Melissa Molly Nadia
    Natalie Nicole Olivia Pam Paula Rachel Rebecca Renee Rita Rosa Sabrina Sandra Sara Shannon
    Sofia Stephanie Tanya Teresa Tracy Valerie Vanessa Wendy Yolanda""".split()
)

MALE_FIRST_NAMES: tuple[str, ...] = tuple(
    """Aaron Adrian Andre Anthony Ben Brandon Caleb Carlos Chris Connor Dale Daniel Darnell Derek
    Dominic Dylan Eric Ethan Felipe Frank Gabriel Greg Hector Ian Isaac Jacob Jamal Jason Javier
    Jeremy Joel Jorge Justin Keith Kevin Kyle Leon Logan Luis Marcus Mark Miguel Mike Nathan Noah
    Omar Patrick Quinn Ramon Ricardo Rob Ryan Samir Scott Sean Steve Tom Tony Trevor Victor Wade
    Zach""".split()
)

LAST_NAMES: tuple[str, ...] = tuple(
    """Abbott Acosta Alvarez Anderson Archer Baker Banerjee Barnes Becker Bishop Brennan Brooks
    Caldwell Campbell Carter Castillo Chen Coleman Collins Cooper Cruz Dalton Daniels Delgado Dixon
    Douglas Duffy Ellis Estrada Evans Farrell Fischer Fleming Flores Foster Garcia Gibson Gomez
    Graham Grant Greene Gupta Hale Hammond Harper Hayes Henderson Hernandez Hoffman Holt Howard
    Hughes Jensen Johnson Kaplan Keller Kennedy Kim Klein Knight Kowalski Lambert Lawson Lee Lopez
    Lowe Maddox Marsh Martinez Mason McCarthy Medina Meyer Miller Mitchell Moreno Morgan Murphy
    Nash Nguyen Nolan Novak Obi Ortega Owens Palmer Park Parker Patel Pearson Perez Pierce Porter
    Quinn Ramirez Reed Reyes Rhodes Rivera Roberts Rojas Romero Russo Salazar Sanders Schmidt
    Shaw Silva Singh Sloan Soto Spencer Stewart Sullivan Tate Thornton Torres Tran Tucker Vance
    Vargas Vaughn Walsh Ward Warren Webb Weber Wells Whitfield Wong Yates Young Zamora""".split()
)

PLACE_WORDS: tuple[str, ...] = _words(
    """Cascade Ridge|Bluebonnet|Hill Country|Lone Star|Cedar Creek|Red Rock|Blue Ridge|Prairie
    Wind|Harbor Point|Summit|Pinecrest|Riverbend|Oak Hollow|Silver Lake|Magnolia|Sagebrush|
    Evergreen|Granite Peak|Canyon View|Mesa Verde|Willow Creek|Stonebridge|Copper Hill|Ironwood|
    Timberline|Northstar|Sunrise|Golden Gate|Bayside|Highland|Meadowbrook|Fox Run|Eagle Crest|
    Twin Oaks|Clearwater|Brookside|Juniper|Sycamore|Aspen Grove|Heritage|Liberty|Frontier|
    Keystone|Pioneer|Gulf Coast|Palmetto|Piedmont|Ozark|Big Sky|Sandhill|Driftwood|Riverside|
    Lakeview|Kingsley|Bramble|Hawthorne|Elm Street|Main Street|Front Range|Coastal|Desert Bloom|
    Saguaro|Alder|Cypress|Redbud|Dogwood|Cottonwood|Blackstone|Westfield|Eastgate|Southport|
    Northgate Park|Arbor|Beacon|Crescent|Compass|Anchor|Lighthouse|Tallgrass|Prairie Rose|
    Three Rivers|Bridgeport|Old Mill|Maplewood|Orchard|Pecan Grove|Live Oak|Bear Creek|Elk Ridge|
    Wolf Creek|Raven|Falcon|Kestrel|Bluewater|Seaside|Harvest|Cornerstone|True North|Benchmark"""
)

AGENCY = "Northgate Insurance Group"
AGENCY_DOMAIN = "northgateins.com"


@dataclass(frozen=True)
class Broker:
    first: str
    last: str
    salute: str
    title: str
    phone: str

    @property
    def name(self) -> str:
        return f"{self.first} {self.last}"

    @property
    def email(self) -> str:
        return f"{self.first.lower()}.{self.last.lower()}@{AGENCY_DOMAIN}"


BROKERS: tuple[Broker, ...] = (
    Broker("Jordan", "Hale", "Mr. Hale", "Senior Account Executive", "(512) 555-0100"),
    Broker("Priya", "Natarajan", "Ms. Natarajan", "Commercial Lines Producer", "(512) 555-0101"),
    Broker("Marcus", "Bell", "Mr. Bell", "Account Manager", "(512) 555-0102"),
    Broker("Elena", "Ruiz", "Ms. Ruiz", "Commercial Lines Producer", "(512) 555-0103"),
    Broker("Sam", "Whitaker", "Mr. Whitaker", "Account Executive", "(512) 555-0104"),
)

RIVAL_AGENCIES: tuple[str, ...] = (
    "Brightline Insurance Agency",
    "Summit Risk Partners",
    "Copperleaf Insurance",
    "Redwood Agency Group",
    "Tri-County Insurance Services",
    "Westbrook & Dunn Insurance",
    "Pinnacle Commercial Insurance",
)

DIRECT_WRITERS: tuple[str, ...] = ("NEXT", "biBERK", "Hiscox")
"""Carriers that sell online; clients compare against them."""

CYBER_ONLY: frozenset[str] = frozenset({"Coalition", "Beazley"})
"""Carriers that write cyber only: never the carrier of a whole package."""
