"""The automatic players' decisions and outcomes stay exactly as they were when their search was
made faster (memoised clash tables in Headlock's smart player, merged branches in folkstyle's
odds). The hashes below were recorded from the code before that change: each is the SHA-256 of a
seeded match's events, result and options as canonical JSON. A change that alters any choice the
smart/auto player makes, or any roll, changes a hash."""

from __future__ import annotations

import hashlib
import json
from itertools import combinations
from typing import Any

import pytest

from turnbuckle.core.sources import SeededSource
from turnbuckle.rulesets.registry import get_ruleset

HEADLOCK = ["amethyst-assassin", "the-rhino", "velvet-hammer", "wildcat-rosa", "zeke-granite"]
HEADLOCK_OPTIONS: list[dict[str, object]] = [{}, {"knockout": True, "choke": True}]
FOLKSTYLE = ["brick-halvorsen", "cal-okafor", "milo-sarkis"]
SEEDS = (1, 2)


def _digest(game: str, names: tuple[str, ...], seed: int, options: dict[str, object]) -> str:
    rs: Any = get_ruleset(game)
    sides = [rs.load_text(rs.sample(n).text, n) for n in names]
    # Folkstyle's goldens were made under its 1.0 rules (overtime_cycles 3, draws): played as 1.0.
    version, opts = ("1.0", {"overtime_cycles": 3, **options}) if game == "folkstyle" else (None, options)
    record = rs.run(sides, SeededSource(seed), opts, version=version).to_json()
    kept = {k: record[k] for k in ("options", "events", "result")}
    return hashlib.sha256(json.dumps(kept, sort_keys=True, separators=(",", ":")).encode()).hexdigest()


def _cases() -> list[tuple[str, tuple[str, ...], int, dict[str, object]]]:
    cases: list[tuple[str, tuple[str, ...], int, dict[str, object]]] = []
    for opts in HEADLOCK_OPTIONS:
        for pair in combinations(HEADLOCK, 2):
            cases.extend(("headlock", pair, seed, opts) for seed in SEEDS)
    cases.extend(("headlock", tuple(HEADLOCK[:4]), seed, {}) for seed in SEEDS)  # a tag match
    for pair in combinations(FOLKSTYLE, 2):
        cases.extend(("folkstyle", pair, seed, {}) for seed in SEEDS)
        cases.extend(("folkstyle", (pair[1], pair[0]), seed, {}) for seed in SEEDS[:1])
    return cases


GOLDEN: dict[str, str] = {
    "headlock amethyst-assassin/the-rhino seed 1 {}":
        "f31abafdf2ad1663ae4d8e1528e677f6023da15c17b5fc95a22239e66a81d34e",
    "headlock amethyst-assassin/the-rhino seed 2 {}":
        "c646d84fad8520c8941323cfdf77b47b9861478b259281988d48d2796ba39f18",
    "headlock amethyst-assassin/velvet-hammer seed 1 {}":
        "cd44620b38e6f321567d47bf0d49e707ee0caa6e329683c705c83213d2c33a42",
    "headlock amethyst-assassin/velvet-hammer seed 2 {}":
        "f101a4a57da045edcdbf2daa1f6d2533a95cfcd165b1213d5a942b1dd116e825",
    "headlock amethyst-assassin/wildcat-rosa seed 1 {}":
        "61870f5cc7f2528f9704be2b22dbf9307fec1f1fc8d780568d4aceedc2c53b97",
    "headlock amethyst-assassin/wildcat-rosa seed 2 {}":
        "96fde3a2d25b5ddee0347472096325e0a98de0d6d4b9665ece30de5917cd3df3",
    "headlock amethyst-assassin/zeke-granite seed 1 {}":
        "643b3e17304b8c3d943c48d7cdbbdd837dde7042fd1cb519b845b6588f996c9f",
    "headlock amethyst-assassin/zeke-granite seed 2 {}":
        "8f902610afeee4d6b592825803bf71ff2fd704fec8826077519e78ccee64edf8",
    "headlock the-rhino/velvet-hammer seed 1 {}":
        "ef3fe1ba9b1f292f3add7ca9a32f9387e31fa62f5ad82e4bcdfdcfcd58c8c2f8",
    "headlock the-rhino/velvet-hammer seed 2 {}":
        "8180e60e8364c348398460d67f91d8065915aed39b595c580a37dbc5787f47fa",
    "headlock the-rhino/wildcat-rosa seed 1 {}":
        "509dcd9e8c880d2acd6aa7caf4ea2e19961c2eb984e509c9134d1465f58ebfe0",
    "headlock the-rhino/wildcat-rosa seed 2 {}":
        "094347e57e1d5672852e090e7b1eb0a5b7a3d95d417cdb91de6abf7f00897101",
    "headlock the-rhino/zeke-granite seed 1 {}":
        "50e71724e0d217ac26236a5adee35c567105caf1817b2465ca80755399ea7365",
    "headlock the-rhino/zeke-granite seed 2 {}":
        "d054e10095d349fe0c4b882aefce410a4f27cc1d35ba1811721762d78933ff5a",
    "headlock velvet-hammer/wildcat-rosa seed 1 {}":
        "f2a865026032059e0e88e54a99d039bc5877dc3073a8ad3a5c011241f4cc666c",
    "headlock velvet-hammer/wildcat-rosa seed 2 {}":
        "032770b3fd3c5abb490f8f2e85b2c899701848c37eadccb9a1fd3aefeb22308d",
    "headlock velvet-hammer/zeke-granite seed 1 {}":
        "2162d1b1620b2c94643597a04b4089db5e77b67e949ff9c41affda32a93faef0",
    "headlock velvet-hammer/zeke-granite seed 2 {}":
        "3b89f932deabac5ee66584a895c6f69f337284f53208eb51401028e1b2e41ab3",
    "headlock wildcat-rosa/zeke-granite seed 1 {}":
        "77fc6c98a8aa5a46d8eea21e9203d6c755ba40956fa2c840290817268d36de92",
    "headlock wildcat-rosa/zeke-granite seed 2 {}":
        "13d1478a886761a6449f1036d2e9bb0057f1fb448d45eba35e6f690c5ddfbd65",
    "headlock amethyst-assassin/the-rhino seed 1 {\"choke\": true, \"knockout\": true}":
        "5e90c7b5a896b7b915f41bae7c497f0dcf169eef1d23bd72f506ace2bc0bcd0a",
    "headlock amethyst-assassin/the-rhino seed 2 {\"choke\": true, \"knockout\": true}":
        "37bad3745d87f748b78ffee050ae355fa84889e0e573fd4aaf3a7535b99975f6",
    "headlock amethyst-assassin/velvet-hammer seed 1 {\"choke\": true, \"knockout\": true}":
        "638434bfde286f64a1fb17f95bd9f8622d4526f78b51afddf4d393d46c361b2e",
    "headlock amethyst-assassin/velvet-hammer seed 2 {\"choke\": true, \"knockout\": true}":
        "ddb6c9a4c4c8bdabffa711cc6c8e7d3f3185dec96e4e69fe46507636dc545b7d",
    "headlock amethyst-assassin/wildcat-rosa seed 1 {\"choke\": true, \"knockout\": true}":
        "b872e1861b545cbfd1b3f27791691a7c09d6245a7f079ab35ae501a072d21673",
    "headlock amethyst-assassin/wildcat-rosa seed 2 {\"choke\": true, \"knockout\": true}":
        "d04b0695f6e99540d97ce92238ac903c3ca1db6c82bf39a644331879f5ae79cc",
    "headlock amethyst-assassin/zeke-granite seed 1 {\"choke\": true, \"knockout\": true}":
        "402b1b4a76336d9fb9c5d713e721b64f7c4f7da89d03fba5e7a58a6fab1194ce",
    "headlock amethyst-assassin/zeke-granite seed 2 {\"choke\": true, \"knockout\": true}":
        "be2c0d05d96d72f160cb02b42aaf284ee6e2259b2a4b785e19c1e66a62a2e8c3",
    "headlock the-rhino/velvet-hammer seed 1 {\"choke\": true, \"knockout\": true}":
        "b3108f32aa701ee853ac48b1c0deee8ccb09eb5fc89c3289500d21d2bbfafec7",
    "headlock the-rhino/velvet-hammer seed 2 {\"choke\": true, \"knockout\": true}":
        "cffe4eac89a9db7ad734030d704d3584f0edd227aef4a991b89d7c8c7c15a641",
    "headlock the-rhino/wildcat-rosa seed 1 {\"choke\": true, \"knockout\": true}":
        "bb10cfe783c0087ceab2b16f6f3551643162b623d58fa02b419008363924cd2a",
    "headlock the-rhino/wildcat-rosa seed 2 {\"choke\": true, \"knockout\": true}":
        "137a17e2ff729f4526075cef42941766a0cfa7ce1f4fe6fb0aa9f9c8b859ea68",
    "headlock the-rhino/zeke-granite seed 1 {\"choke\": true, \"knockout\": true}":
        "5490e471a0aa722130146abe7118f108f01bed39537b6670b4fce1411bc5413f",
    "headlock the-rhino/zeke-granite seed 2 {\"choke\": true, \"knockout\": true}":
        "6c79deb0b8792d3c525dc24c412131b6ae8731f5ca344596621db6f060b1d555",
    "headlock velvet-hammer/wildcat-rosa seed 1 {\"choke\": true, \"knockout\": true}":
        "d8bbc1c2fd4332df7da46861def8de9b97a17fe3a263a6034fa70da0d917183a",
    "headlock velvet-hammer/wildcat-rosa seed 2 {\"choke\": true, \"knockout\": true}":
        "5edd6f283ef2533bd1243eda84e81dc936302975c49d930f213e1c7183560cfd",
    "headlock velvet-hammer/zeke-granite seed 1 {\"choke\": true, \"knockout\": true}":
        "9b417a664be7b787369400c98cf5343128be16a6ef302232d7b2077db29f435a",
    "headlock velvet-hammer/zeke-granite seed 2 {\"choke\": true, \"knockout\": true}":
        "9bd1d95f7b0652e4ade595372333498409ce93b68de1da04723979ede56f528a",
    "headlock wildcat-rosa/zeke-granite seed 1 {\"choke\": true, \"knockout\": true}":
        "904fa15d749d57a98196c25c59f72bef54a628bac79bcab8c23f9191f77ada4b",
    "headlock wildcat-rosa/zeke-granite seed 2 {\"choke\": true, \"knockout\": true}":
        "e0d7dfb6050024ba2fa0d0b2a2b4112dceaa8525b7e33247c6de572a4a7b9d61",
    "headlock amethyst-assassin/the-rhino/velvet-hammer/wildcat-rosa seed 1 {}":
        "e3debbed19469b1db798a9ffe268c0987827aa610c337e6db1a5d22db7cd1fda",
    "headlock amethyst-assassin/the-rhino/velvet-hammer/wildcat-rosa seed 2 {}":
        "b872d798ce7d28b5822ef9b44836bfeec44b93bb6c9a2eff5646ea1e8646e654",
    "folkstyle brick-halvorsen/cal-okafor seed 1 {}":
        "d4cea27edf91e1777f4344b9b5624d8cfd8d7e43639e43bd302f54e6ea305398",
    "folkstyle brick-halvorsen/cal-okafor seed 2 {}":
        "1988c588d4fd1b175f613010b509a2636236b734463f8e1509e9e3da1156bb8a",
    "folkstyle cal-okafor/brick-halvorsen seed 1 {}":
        "760ea2535bc48e18432f3b431d77cfb65f1dd0c972a22527113b7d0a2de41449",
    "folkstyle brick-halvorsen/milo-sarkis seed 1 {}":
        "b5e0c60d6de5e56e4eeb55fbac0a172c14ce9196c5763202e893c240bf9da654",
    "folkstyle brick-halvorsen/milo-sarkis seed 2 {}":
        "18a99b7b77885faa23ea6d30e3649907638329087d2da1d65ee1e7bf9df5bc64",
    "folkstyle milo-sarkis/brick-halvorsen seed 1 {}":
        "41cfbf9141fd60f1829af283ccdfa490dfc2cfb59a3e144f43cd3fafb0226e17",
    "folkstyle cal-okafor/milo-sarkis seed 1 {}":
        "4de9070ffc5e35662cb654a44532036532bba2e6f3132f4e1f8baf7024f5197e",
    "folkstyle cal-okafor/milo-sarkis seed 2 {}":
        "7a5fc15776e9006713c61270b25644dc9156d593b711dd428ea174bf383726e9",
    "folkstyle milo-sarkis/cal-okafor seed 1 {}":
        "d4abb7b6b01835530efdb477246b84a511ba71322657a8789e340f945384c29c",
}


@pytest.mark.parametrize("game", ["headlock", "folkstyle"])
def test_automatic_players_play_exactly_as_before(game: str) -> None:
    cases = [c for c in _cases() if c[0] == game]
    assert len(cases) >= 9
    for case in cases:
        label = f"{case[0]} {'/'.join(case[1])} seed {case[2]} {json.dumps(case[3], sort_keys=True)}"
        assert _digest(*case) == GOLDEN[label], label
