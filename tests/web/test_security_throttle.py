"""Sign-in throttles over the web: X-Forwarded-For is believed only from a configured trusted proxy
(so rotating it gains an attacker nothing), a member behind the proxy signs in while the attacker's
address is held back, the account page's current-password check is throttled too, and
``turnbuckle serve`` hands uvicorn no proxy headers of its own to believe."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from tests.web.support import Site, csrf_of, post_form, sign_in
from turnbuckle.core.settings import Settings
from turnbuckle.league.services import throttle
from turnbuckle.web.app import create_app
from turnbuckle.web.serving.proxies import Proxies

TRUSTED_ENV = "TURNBUCKLE_TRUSTED_PROXIES"

LOOPBACK = ("127.0.0.1", 40000)


def _client(app: Any) -> TestClient:
    return TestClient(app, follow_redirects=False, client=LOOPBACK)


def test_rotating_x_forwarded_for_from_an_untrusted_peer_gains_nothing(site: Site) -> None:
    with _client(site.app) as client:
        token = csrf_of(client)

        def wrong(name: str, forwarded: str) -> int:
            return client.post("/login", data={"name": name, "password": "guess-guess", "csrf_token": token},
                               headers={"X-Forwarded-For": forwarded}).status_code

        answers = [wrong("Ann", f"10.9.{i}.1") for i in range(40)]
        assert answers[: throttle.MAX_FAILURES_PER_ACCOUNT] == [401] * throttle.MAX_FAILURES_PER_ACCOUNT
        assert set(answers[throttle.MAX_FAILURES_PER_ACCOUNT:]) == {429}
        spread = [wrong(f"nobody{i}", f"10.200.{i}.1") for i in range(12)]  # the address is loopback's, whatever
        assert spread.count(401) == throttle.MAX_FAILURES_PER_ADDRESS - throttle.MAX_FAILURES_PER_ACCOUNT
        assert spread[-1] == 429


def test_behind_a_trusted_proxy_each_client_is_counted_apart(site: Site) -> None:
    app = create_app(site.league.url, clock=site.league.clock, auto_lock_every=None, trusted_proxies=["127.0.0.1"])
    with _client(app) as attacker, _client(app) as ann:
        attacker.headers["X-Forwarded-For"] = "203.0.113.9"
        for _ in range(throttle.MAX_FAILURES_PER_ACCOUNT):
            assert sign_in(attacker, "Ann", "guess-guess").status_code == 401
        assert sign_in(attacker, "Ann").status_code == 429
        attacker.headers["X-Forwarded-For"] = "198.51.100.1, 203.0.113.9"  # a claim to the left of the proxy's
        assert sign_in(attacker, "Ann").status_code == 429
        ann.headers["X-Forwarded-For"] = "198.51.100.7"
        assert sign_in(ann, "Ann").status_code == 303


def test_the_scheme_comes_from_a_trusted_proxy_only(site: Site) -> None:
    app = create_app(site.league.url, clock=site.league.clock, auto_lock_every=None, trusted_proxies=["127.0.0.0/8"])
    for made, secure in ((app, True), (site.app, False)):
        with _client(made) as client:
            client.headers["X-Forwarded-Proto"] = "https"
            r = client.get("/login")
            cookie = next(h for h in r.headers.get_list("set-cookie") if h.startswith("tb_anon="))
            assert ("Secure" in cookie) is secure


def test_the_current_password_check_on_the_account_page_is_throttled(site: Site) -> None:
    with site.client() as thief:
        sign_in(thief, "Ann")  # a session someone else holds

        def change(current: str) -> int:
            return post_form(thief, "/account/password", {"current_password": current,
                                                          "new_password": "thiefs-own-password",
                                                          "new_password2": "thiefs-own-password"}).status_code

        assert [change("guess-guess") for _ in range(throttle.MAX_FAILURES_PER_ACCOUNT)] == [422] * 5
        r = post_form(thief, "/account/password", {"current_password": "ann-password",
                                                   "new_password": "thiefs-own-password",
                                                   "new_password2": "thiefs-own-password"})
        assert r.status_code == 429 and "too many failed sign-ins for this account" in r.text


def test_proxies_parse_and_refuse_what_is_not_an_address(monkeypatch: pytest.MonkeyPatch) -> None:
    assert Proxies(["10.0.0.0/8", "::1"]).is_trusted("10.2.3.4") and not Proxies(["10.0.0.0/8"]).is_trusted("11.0.0.1")
    with pytest.raises(ValueError, match=r"'proxy\.example' is not an IP address"):
        Proxies(["proxy.example"])
    monkeypatch.setenv(TRUSTED_ENV, "192.0.2.1, 198.51.100.0/24")
    trusted = Settings.from_env().trusted_proxies
    assert trusted == ("192.0.2.1", "198.51.100.0/24")
    assert Proxies(trusted).is_trusted("192.0.2.1") and Proxies(trusted).is_trusted("198.51.100.7")


def test_serve_trusts_only_the_named_proxies(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import uvicorn

    from tests.cli.helpers import one_error_line, tb
    from tests.web.support import empty_league

    url = empty_league(tmp_path, "Proxy Fed")
    seen: list[uvicorn.Config] = []
    monkeypatch.setattr(uvicorn.Server, "run", lambda self, sockets=None: seen.append(self.config))
    result = tb("serve", "--db", url, "--port", "0", "--trusted-proxy", "10.0.0.5", "--trusted-proxy", "10.1.0.0/16")
    assert result.exit_code == 0, result.output
    (config,) = seen
    assert config.proxy_headers is False  # uvicorn's own X-Forwarded-For handling (loopback trusted) is off
    app = config.app
    assert isinstance(app, FastAPI)
    middleware = next(m for m in app.user_middleware if "proxies" in m.kwargs)
    proxies = middleware.kwargs["proxies"]
    assert isinstance(proxies, Proxies)
    assert proxies.is_trusted("10.0.0.5") and proxies.is_trusted("10.1.2.3") and not proxies.is_trusted("127.0.0.1")
    message = one_error_line(tb("serve", "--db", url, "--port", "0", "--trusted-proxy", "the-proxy"))
    assert "'the-proxy' is not an IP address" in message and "--trusted-proxy" in message


def test_served_by_turnbuckle_serve_rotating_x_forwarded_for_from_loopback_is_throttled(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The server ``serve`` starts, on loopback, with no trusted proxy: uvicorn must not believe
    X-Forwarded-For from 127.0.0.1 either (its default), or each rotated value is a fresh address."""
    import re
    import threading

    import httpx2 as httpx
    import uvicorn

    from tests.cli.helpers import tb
    from tests.web.support import empty_league

    url = empty_league(tmp_path, "Loopback Fed")
    real_run = uvicorn.Server.run
    answers: list[int] = []

    def run_and_attack(self: uvicorn.Server, sockets: Any = None) -> None:
        port = sockets[0].getsockname()[1]
        thread = threading.Thread(target=real_run, args=(self,), kwargs={"sockets": sockets}, daemon=True)
        thread.start()
        try:
            for _ in range(500):
                if self.started:
                    break
                threading.Event().wait(0.01)
            with httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=10) as client:
                found = re.search(r'name="csrf_token" value="([^"]*)"', client.get("/login").text)
                assert found
                for i in range(throttle.MAX_FAILURES_PER_ACCOUNT + 2):
                    answers.append(client.post("/login", headers={"X-Forwarded-For": f"10.8.{i}.1"}, data={
                        "name": "nobody", "password": "guess-guess", "csrf_token": found.group(1)}).status_code)
        finally:
            self.should_exit = True
            thread.join(timeout=10)

    monkeypatch.setattr(uvicorn.Server, "run", run_and_attack)
    result = tb("serve", "--db", url, "--port", "0")
    assert result.exit_code == 0, result.output
    assert answers == [401] * throttle.MAX_FAILURES_PER_ACCOUNT + [429, 429]
