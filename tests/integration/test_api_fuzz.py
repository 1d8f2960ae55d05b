"""Schemathesis against the gateway's own OpenAPI document: generated requests to every
operation, signed in as admin; no answer may be a server error (5xx), and every answer must
match the schema the document gives its status and content type.

Its Harper is its own (the generated requests file notes, change stages and approve drafts) with
no per-key rate limit, so every generated request reaches its handler.
"""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Iterator

import pytest
import schemathesis
from harness import Harper, start_harper
from hypothesis import HealthCheck, given, settings
from schemathesis import BaseSchema, Case, GenerationMode
from schemathesis.checks import (
    content_type_conformance,
    not_a_server_error,
    response_schema_conformance,
)

EXAMPLES_PER_OPERATION = int(os.environ.get("HARPER_FUZZ_EXAMPLES", "25"))
"""Generated requests per operation: 25 in ``make test``; more for a longer search by hand."""


@pytest.fixture(scope="module")
def fuzzed(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Harper]:
    harper = start_harper(tmp_path_factory.mktemp("fuzz"), accounts=12, rate_limit_per_min=0)
    try:
        yield harper
    finally:
        harper.stop()


@pytest.fixture(scope="module")
def api(fuzzed: Harper) -> BaseSchema:
    schema = schemathesis.openapi.from_url(
        f"{fuzzed.base_url}/openapi.json", headers=fuzzed.headers
    )
    # revoking keys by a generated name could revoke the admin key the fuzzing signs in with;
    # revocation is covered by test_security's matrix
    return schema.exclude(method="DELETE", path_regex="^/admin/keys/")


@pytest.mark.parametrize("mode", list(GenerationMode), ids=lambda mode: mode.value)
def test_no_operation_answers_with_a_server_error(
    api: BaseSchema, fuzzed: Harper, mode: GenerationMode
) -> None:
    """Requests the schema allows (positive) and requests it forbids (negative: wrong types,
    missing fields), which must get a 4xx."""
    failures: dict[str, str] = {}
    statuses: Counter[int] = Counter()
    operations = 0
    for result in api.get_all_operations():
        operation = result.ok()
        operations += 1

        @given(case=operation.as_strategy(mode))
        @settings(
            max_examples=EXAMPLES_PER_OPERATION,
            deadline=None,
            database=None,
            suppress_health_check=list(HealthCheck),
        )
        def answers(case: Case) -> None:
            response = case.call(base_url=fuzzed.base_url, headers=fuzzed.headers, timeout=60)
            statuses[response.status_code] += 1
            case.validate_response(
                response,
                checks=[
                    not_a_server_error,
                    response_schema_conformance,
                    content_type_conformance,
                ],
            )

        try:
            answers()
        except (
            Exception,
            BaseExceptionGroup,
        ) as exc:  # one operation's failure must not hide the others'
            failures[operation.label] = f"{type(exc).__name__}: {str(exc)[:2000]}"
    print(
        f"{operations} operations, up to {EXAMPLES_PER_OPERATION} {mode.value} requests each; statuses {dict(sorted(statuses.items()))}"
    )
    # the requests were let in and reached the handlers: not all refused at the door
    assert statuses[401] + statuses[403] < statuses.total() / 2, statuses
    assert operations >= 10, f"the OpenAPI document lists only {operations} operations"
    assert not failures, "\n\n".join(f"{label}\n{why}" for label, why in failures.items())
