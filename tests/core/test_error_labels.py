"""An error about a document keeps the document's label and the problem apart, as data: a front end
that names the document already shows the problem alone without cutting the message."""

from __future__ import annotations

import pytest

from turnbuckle.core.errors import InputFileError, InputRefused, RulesError, SheetError, StrategyError
from turnbuckle.core.inputs import MAX_INPUT_BYTES, parse_json, parse_yaml


@pytest.mark.parametrize(("text", "kind", "problem"), [
    ("a: [1,", InputFileError, "not valid YAML"),
    ("x" * (MAX_INPUT_BYTES + 1), InputRefused, "documents are read up to that size"),
])
def test_a_yaml_refusal_names_its_document_apart(text: str, kind: type[RulesError], problem: str) -> None:
    with pytest.raises(kind) as caught:
        parse_yaml(text, "my sheet")
    assert caught.value.label == "my sheet"
    assert str(caught.value) == f"my sheet: {caught.value.problem}" and problem in caught.value.problem


def test_a_json_refusal_names_its_document_apart() -> None:
    with pytest.raises(InputFileError) as caught:
        parse_json("{", "doc")
    assert (caught.value.label, caught.value.problem.split(" at ")[0]) == ("doc", "not valid JSON")


def test_sheet_and_strategy_errors_carry_label_and_problem() -> None:
    sheet = SheetError("s.yaml", ["too heavy", "no name"])
    assert (sheet.label, sheet.problem, str(sheet)) == ("s.yaml", "too heavy; no name", "s.yaml: too heavy; no name")
    listing = StrategyError.listing("plan", ["bad round"])
    assert (listing.label, listing.problem, str(listing)) == ("plan", "bad round", "plan: bad round")
    plain = RulesError("plain words")
    assert (plain.label, plain.problem) == ("", "plain words")
