"""US state names and their postal codes, for reading "accounts in Texas" as a filter."""

from __future__ import annotations

_PAIRS = (
    "Alabama AL|Alaska AK|Arizona AZ|Arkansas AR|California CA|Colorado CO|Connecticut CT|"
    "Delaware DE|Florida FL|Georgia GA|Hawaii HI|Idaho ID|Illinois IL|Indiana IN|Iowa IA|"
    "Kansas KS|Kentucky KY|Louisiana LA|Maine ME|Maryland MD|Massachusetts MA|Michigan MI|"
    "Minnesota MN|Mississippi MS|Missouri MO|Montana MT|Nebraska NE|Nevada NV|New Hampshire NH|"
    "New Jersey NJ|New Mexico NM|New York NY|North Carolina NC|North Dakota ND|Ohio OH|"
    "Oklahoma OK|Oregon OR|Pennsylvania PA|Rhode Island RI|South Carolina SC|South Dakota SD|"
    "Tennessee TN|Texas TX|Utah UT|Vermont VT|Virginia VA|Washington WA|West Virginia WV|"
    "Wisconsin WI|Wyoming WY|District of Columbia DC"
)

STATE_NAMES: dict[str, str] = {
    pair.rsplit(" ", 1)[0].lower(): pair.rsplit(" ", 1)[1] for pair in _PAIRS.split("|")
}
"""Lower-case state name -> two-letter code."""
STATE_BY_CODE: dict[str, str] = {code: name.title() for name, code in STATE_NAMES.items()}
"""Two-letter code -> the state's name as written ("LA" -> "Louisiana")."""
