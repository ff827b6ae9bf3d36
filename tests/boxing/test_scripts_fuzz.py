"""Any dice script either plays a bout to its end or stops with a ScriptError; never anything else."""

from hypothesis import given, settings
from hypothesis import strategies as st

from turnbuckle.core.errors import ScriptError
from turnbuckle.core.sources import ScriptedSource
from turnbuckle.rulesets.boxing import BoxingRuleset

RS = BoxingRuleset()
A = RS.load_text(RS.sample("slugger").text, "a")
B = RS.load_text(RS.sample("glass-cannon").text, "b")

token = st.one_of(st.integers(-3, 14).map(str), st.sampled_from(["x", "QH", "", "7.5", "06"]))


@settings(max_examples=300, deadline=None)
@given(st.lists(token, max_size=300), st.integers(1, 3))
def test_any_script_plays_or_raises_a_script_error(tokens: list[str], rounds: int) -> None:
    source = ScriptedSource.from_values(tokens)
    try:
        record = RS.run([A, B], source, {"rounds": rounds})
    except ScriptError:
        return
    assert record.result.method in ("ko", "tko", "decision", "draw")
