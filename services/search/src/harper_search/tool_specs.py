"""The search agent's five tools as the model sees them: names, descriptions, input models.

The same inputs are used by the local engine, so both brains call exactly the same tools.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

from harper_common.brain.budget import Budget
from harper_common.brain.tools import ToolSpec
from harper_common.messages.index import DescriptionFilters

MAX_TOOL_CALLS = 15
MAX_READ_FILE = 8
MAX_SEARCH = 4

LOOKUP_ACCOUNT = "lookup_account"
SEARCH_DESCRIPTIONS = "search_descriptions"
LIST_FILES = "list_files"
READ_FILE = "read_file"
SEARCH_FILES = "search_files"


def new_budget() -> Budget:
    """The per-query budget: 15 tool calls, of which 8 read_file and 4 search_files."""
    return Budget(
        total=MAX_TOOL_CALLS, per_tool={READ_FILE: MAX_READ_FILE, SEARCH_FILES: MAX_SEARCH}
    )


class _Input(BaseModel):
    model_config = ConfigDict(extra="forbid")


class LookupAccountInput(_Input):
    name: str = Field(min_length=1, max_length=300, description="The company name as written.")
    limit: int = Field(default=5, ge=1, le=20, description="How many matches to return.")


class SearchDescriptionsInput(_Input):
    text: str = Field(
        default="", max_length=2000, description="Free text to rank by; empty lists every match."
    )
    filters: DescriptionFilters = Field(
        default_factory=DescriptionFilters,
        description="Exact filters: stage, state, city, industry, insurance_type (lists).",
    )
    limit: int | None = Field(
        default=50, ge=1, le=20000, description="Most accounts to return; null for every match."
    )


class ListFilesInput(_Input):
    path: str = Field(
        default="accounts",
        max_length=500,
        description="A folder relative to the memory root (accounts/29041/sources/emails), "
        "or a skills folder (skills/search).",
    )


class ReadFileInput(_Input):
    path: str = Field(
        min_length=1,
        max_length=500,
        description="A file relative to the memory root (accounts/29041/state.md) or a skill "
        "file (skills/search/text-search/SKILL.md).",
    )


class SearchFilesInput(_Input):
    query: str = Field(min_length=1, max_length=300, description="Words to find; short is best.")
    path: str = Field(
        default="accounts",
        max_length=500,
        description="Where to search: accounts/<id>/sources for one account, accounts for all.",
    )
    limit: int = Field(default=20, ge=1, le=100, description="Most lines to return.")


TOOL_SPECS: tuple[ToolSpec, ...] = (
    ToolSpec(
        name=LOOKUP_ACCOUNT,
        description="Find accounts by company name (typos and missing suffixes tolerated). "
        "Returns account_id, account_name and a 0-1 score per match.",
        input_model=LookupAccountInput,
    ),
    ToolSpec(
        name=SEARCH_DESCRIPTIONS,
        description="Find accounts by stage, state, city, industry or line of coverage (exact "
        "filters) and rank them by free text. Returns each account's state fields. With empty "
        "text and limit null it lists every matching account.",
        input_model=SearchDescriptionsInput,
    ),
    ToolSpec(
        name=LIST_FILES,
        description="List the files and folders at a path of the memory root "
        "(accounts/<id>, accounts/<id>/sources/calls, ...).",
        input_model=ListFilesInput,
    ),
    ToolSpec(
        name=READ_FILE,
        description="Read one file: accounts/<id>/state.md, history.md, a source's raw.txt or "
        "summary.md, or a skill's SKILL.md / references. At most 8 per question.",
        input_model=ReadFileInput,
    ),
    ToolSpec(
        name=SEARCH_FILES,
        description="Find lines containing words, within one account (path "
        "accounts/<id>/sources) or across all accounts (path accounts). Returns path, line "
        "number and line per hit, best first. At most 4 per question.",
        input_model=SearchFilesInput,
    ),
)
