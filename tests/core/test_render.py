from turnbuckle.core.render import render_markdown, render_text
from turnbuckle.core.writeup import Writeup


def _writeup() -> Writeup:
    w = Writeup("A vs B")
    w.heading("Round 1")
    w.line("A jabs.")
    w.line("  B is hurt.")
    w.table(["Round", "A|HP"], [[1, 38], [2, 40]], title="Card")
    return w


def test_text_rendering_aligns_tables() -> None:
    assert render_text(_writeup()) == (
        "A vs B\n======\n\nRound 1\n-------\nA jabs.\n  B is hurt.\n"
        "\nCard\nRound  A|HP\n-----  ----\n1      38\n2      40\n"
    )


def test_markdown_rendering_escapes_pipes() -> None:
    md = render_markdown(_writeup())
    assert md.startswith("# A vs B\n")
    assert "\n## Round 1\n\n- A jabs.\n  - B is hurt.\n" in md
    assert "| Round | A\\|HP |" in md
    assert "| 2 | 40 |" in md
