"""The JSON API fuzzed with schemathesis from its own schema (``/api/openapi.json``) against the live
server: whatever a client sends, valid or not, the answer is never a server error (5xx).

Bounded: a few dozen examples per operation and generation mode, derandomized so that a run is
repeatable; every operation is fuzzed and every failure reported together, each with a curl command
that reproduces it."""

from __future__ import annotations

from typing import Any

import pytest
import schemathesis
from hypothesis import HealthCheck, given, settings
from hypothesis.errors import Unsatisfiable
from schemathesis import GenerationMode
from schemathesis.core.result import Ok

from tests.web.conftest import LiveServer
from turnbuckle.league.services import accounts

MAX_EXAMPLES = 15


def _fuzz(operation: Any, mode: GenerationMode, base_url: str, headers: dict[str, str], failures: list[str],
          answered: set[str]) -> int:
    calls = 0

    @settings(max_examples=MAX_EXAMPLES, deadline=None, derandomize=True, database=None,
              suppress_health_check=list(HealthCheck))
    @given(case=operation.as_strategy(generation_mode=mode))
    def run(case: Any) -> None:
        nonlocal calls
        calls += 1
        response = case.call(base_url=base_url, headers=headers, timeout=10)
        if response.status_code < 300:
            answered.add(operation.label)
        if response.status_code >= 500 and len(failures) < 20:
            failures.append(f"{case.method} {case.formatted_path} ({mode.value}) answered {response.status_code}: "
                            f"{response.text[:300]}\n  reproduce: {case.as_curl_command()}")

    try:
        run()
    except Unsatisfiable:  # an operation without parameters or body has no invalid request to make
        if mode is GenerationMode.POSITIVE:
            raise
    return calls


@pytest.mark.slow  # every API operation, fuzzed
def test_no_request_makes_a_server_error(live_server: LiveServer) -> None:
    """Signed in as a player with a personal API token, so that the routes behind the token are
    reached too (a request without one is refused before any of its fields are read)."""
    with live_server.ctx("Ann") as ctx:
        token, _row = accounts.create_token(ctx, "fuzzing")
    headers = {"Authorization": f"Bearer {token}"}
    schema = schemathesis.openapi.from_url(f"{live_server.url}/api/openapi.json", timeout=10)
    failures: list[str] = []
    fuzzed: dict[str, int] = {}
    answered: set[str] = set()  # operations that answered 2xx at least once
    for result in schema.get_all_operations():
        operation = result.ok() if isinstance(result, Ok) else None
        assert operation is not None, f"the schema describes an operation badly: {result}"
        for mode in (GenerationMode.POSITIVE, GenerationMode.NEGATIVE):
            fuzzed[f"{operation.label} {mode.value}"] = _fuzz(operation, mode, live_server.url, headers, failures,
                                                           answered)
    assert fuzzed, "the schema lists no operation"
    assert any(n > 0 for n in fuzzed.values()), fuzzed
    assert failures == [], "\n".join(failures)
    assert "GET /api/me" in answered, "the token did not sign the fuzzer in"


def test_an_id_too_large_for_the_database_names_nothing(live_server: LiveServer) -> None:
    import httpx2

    huge = str(2**70)
    for path in (f"/competitors/{huge}", f"/shows/{huge}", f"/shows/-{huge}/export.json"):
        assert httpx2.get(live_server.url + path, timeout=10).status_code == 404, path
