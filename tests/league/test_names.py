"""League names (members, teams, titles, shows) reach write-ups: no invisible or direction characters."""

import pytest

from turnbuckle.league.errors import LeagueError
from turnbuckle.league.services.roster import check_name


@pytest.mark.parametrize("bad", ["Ann\u202eBo", "\u200b\u200b", "Two\nLines", "\u3164"])
def test_a_name_that_would_read_differently_is_refused(bad: str) -> None:
    with pytest.raises(LeagueError, match="member name: a name"):
        check_name(bad, "member")


def test_a_plain_name_is_kept_stripped() -> None:
    assert check_name("  Ann Lee ", "member") == "Ann Lee"
