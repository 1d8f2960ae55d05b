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
    limit: int = Field(default=5, ge=1, le=20)


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
        description="A folder: accounts/29041/sources/emails, or skills/search.",
    )


class ReadFileInput(_Input):
    path: str = Field(
        min_length=1,
        max_length=500,
        description="accounts/29041/state.md, or skills/search/text-search/SKILL.md.",
    )
    from_line: int = Field(default=1, ge=1)  # a long file's window says where to read on


class SearchFilesInput(_Input):
    query: str = Field(min_length=1, max_length=300, description="What to find, in few words.")
    path: str = Field(
        default="accounts",
        max_length=500,
        description="accounts/<id> for one account, accounts for all.",
    )
    limit: int = Field(default=20, ge=1, le=100)


TOOL_SPECS: tuple[ToolSpec, ...] = (
    ToolSpec(
        name=LOOKUP_ACCOUNT,
        description="Find accounts by company name, typos tolerated: account_id, name, score 0-1.",
        input_model=LookupAccountInput,
    ),
    ToolSpec(
        name=SEARCH_DESCRIPTIONS,
        description="Find accounts by exact filters (stage, state, city, industry, coverage), "
        "ranked by free text; empty text and limit null list every match.",
        input_model=SearchDescriptionsInput,
    ),
    ToolSpec(
        name=LIST_FILES,
        description="List the files and folders under a path (accounts/<id>/sources/calls).",
        input_model=ListFilesInput,
    ),
    ToolSpec(
        name=READ_FILE,
        description="Read one file: state.md, history.md, a source's raw.txt or summary.md, "
        "a SKILL.md.",
        input_model=ReadFileInput,
    ),
    ToolSpec(
        name=SEARCH_FILES,
        description="Passages of the sources ranked by meaning and words, in one account "
        "(accounts/<id>) or all (accounts): path, line and text per hit.",
        input_model=SearchFilesInput,
    ),
)
