"""A match the phone kept offline, sent to the league: by the organiser only, replayed by the server as
the page's save is, and saved once however many times the phone sends it (its key)."""

from __future__ import annotations

from fastapi.testclient import TestClient
from sqlalchemy import select

from tests.web.support import Site, sign_in
from tests.web.test_keeper import Forms
from tests.web.test_keeper_save import finished_bout, saved_count
from turnbuckle.league.models import TableMatch

KEY = "phone-k3y-0123456789abcdef"


def kept(client: TestClient) -> dict[str, str]:
    """The fields a phone keeps of a finished bout: the keeper's state, its record, and no sides picked."""
    form = Forms(finished_bout(client).text).forms["save-form"]
    return {k: v for k, v in form.items() if not k.startswith("competitor-")}


def test_two_sends_of_one_kept_match_save_it_once(site: Site) -> None:
    with site.client() as client:
        assert sign_in(client, "Fran").status_code == 303
        fields = kept(client) | {"key": KEY, "reply": "json"}
        first = client.post("/keeper/save", data=fields)
        again = client.post("/keeper/save", data=fields)
    assert first.status_code == 200, first.text
    assert again.status_code == 200, again.text
    assert again.json() == first.json()
    assert saved_count(site) == 1
    with site.league.act() as ctx:
        m = ctx.session.scalars(select(TableMatch)).one()
        assert m.client_key == KEY and m.uid == first.json()["uid"]
        # the sides were matched by name, as the page's form picks them
        assert sorted(sd.competitor.name for sd in m.sides if sd.competitor) == ["Mika Sato", "Rico Vance"]


def test_a_kept_match_whose_record_does_not_replay_is_refused(site: Site) -> None:
    with site.client() as client:
        assert sign_in(client, "Fran").status_code == 303
        fields = kept(client) | {"key": KEY, "reply": "json"}
        fields["record"] = fields["record"].replace('"method": "', '"method": "x', 1)
        refused = client.post("/keeper/save", data=fields)
        bad_key = client.post("/keeper/save", data=kept(client) | {"key": "short", "reply": "json"})
    assert refused.status_code == 400 and "does not replay" in refused.json()["problems"][0]
    assert bad_key.status_code == 400 and "16 to 64" in bad_key.json()["problems"][0]
    assert saved_count(site) == 0


def test_only_the_organiser_sends_a_kept_match(site: Site) -> None:
    with site.client() as organiser:
        assert sign_in(organiser, "Fran").status_code == 303
        fields = kept(organiser) | {"key": KEY, "reply": "json"}
    with site.client() as player:
        assert sign_in(player, "Ann").status_code == 303
        fields["csrf_token"] = Forms(player.get("/keeper?game=boxing").text).forms["setup"]["csrf_token"]
        refused = player.post("/keeper/save", data=fields)
    assert refused.status_code == 404
    assert saved_count(site) == 0
