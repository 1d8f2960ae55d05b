"""Harper's shared vocabulary: stages, lines of coverage, carriers and industries (issue 19).

The words live in one data file, ``vocabulary.yaml`` next to this module; every service and the
UI (through the gateway's ``GET /vocabulary``) read them from here. ``vocabulary()`` loads and
checks the file once; a malformed file raises ``VocabularyError`` naming the file and the entry.
"""

from harper_common.vocabulary.load import (
    VOCABULARY_FILE,
    VocabularyError,
    parse_vocabulary,
    vocabulary,
)
from harper_common.vocabulary.model import (
    CarrierEntry,
    IndustryEntry,
    LineEntry,
    StageEntry,
    Vocabulary,
    alternation,
)

__all__ = [
    "VOCABULARY_FILE",
    "CarrierEntry",
    "IndustryEntry",
    "LineEntry",
    "StageEntry",
    "Vocabulary",
    "VocabularyError",
    "alternation",
    "parse_vocabulary",
    "vocabulary",
]
