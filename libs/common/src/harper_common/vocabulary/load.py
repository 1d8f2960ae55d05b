"""Reading ``vocabulary.yaml``: once per process, with errors that name the file and entry."""

from __future__ import annotations

from functools import cache
from importlib import resources

import yaml
from pydantic import ValidationError

from harper_common.vocabulary.model import Vocabulary

VOCABULARY_FILE = "harper_common/vocabulary/vocabulary.yaml"


class VocabularyError(ValueError):
    """The vocabulary file is malformed; the message names the file and the entry."""

    def __init__(self, source: str, problem: str) -> None:
        self.source = source
        self.problem = problem
        super().__init__(f"{source}: {problem}")


@cache
def vocabulary() -> Vocabulary:
    """The vocabulary shipped with harper_common (read and checked on first use)."""
    text = (
        resources.files("harper_common.vocabulary").joinpath("vocabulary.yaml").read_text("utf-8")
    )
    return parse_vocabulary(text, source=VOCABULARY_FILE)


def parse_vocabulary(text: str, *, source: str = "<vocabulary>") -> Vocabulary:
    """A vocabulary from YAML text; VocabularyError naming ``source`` and the bad entry."""
    try:
        data = yaml.safe_load(text)
    except yaml.YAMLError as exc:
        raise VocabularyError(source, f"not valid YAML: {exc}") from None
    if not isinstance(data, dict):
        raise VocabularyError(source, "expected a mapping of stages, lines, carriers, industries")
    try:
        return Vocabulary.model_validate(data)
    except ValidationError as exc:
        raise VocabularyError(source, _describe(exc, data)) from None


def _describe(exc: ValidationError, data: dict[str, object]) -> str:
    """Each problem as 'lines[3] (Umbrella).shorthand: ...', the entry named by its name."""
    problems = []
    for error in exc.errors():
        where = []
        node: object = data
        for part in error["loc"]:
            if isinstance(part, int) and isinstance(node, list) and part < len(node):
                node = node[part]
                name = node.get("name") if isinstance(node, dict) else None
                where.append(f"[{part}]" + (f" ({name})" if name else ""))
            else:
                node = node.get(part) if isinstance(node, dict) else None
                where.append(f".{part}")
        place = "".join(where).lstrip(".") or "the file"
        problems.append(f"{place}: {error['msg']}")
    return "; ".join(problems)
