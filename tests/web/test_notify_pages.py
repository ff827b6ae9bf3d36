"""The notification pages: the organiser sets the webhook and the e-mail server (the webhook's
address is shown by its host only; players get 404); a member sets their address, confirms it
through the e-mailed link's page, picks kinds, and stops everything through the unsubscribe link's
page; the organiser's log shows each try."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from sqlalchemy import update

from tests.league.helpers import open_show
from tests.league.notify_support import body_text, receiver, smtp_server
from tests.web.support import Site, csrf_of, post_form, sign_in
from turnbuckle.league.db import read_scope
from turnbuckle.league.models import MemberContact, OutboxMessage
from turnbuckle.league.notify import config
from turnbuckle.league.notify.reach import ALLOW_ENV
from turnbuckle.league.notify.sender import Timeouts, drain

CARD = [("m2", ["Friendly Sam", "Brother Bob"])]
PAGE = "/organiser/notifications"
FAST = Timeouts(webhook=2.0, smtp=5.0)


@pytest.fixture(autouse=True)
def _receivers_on_loopback(monkeypatch: pytest.MonkeyPatch) -> None:
    """The receivers here listen on 127.0.0.1: the server's switch that allows them is on."""
    monkeypatch.setenv(ALLOW_ENV, "1")


def test_the_organiser_sets_a_webhook_and_sees_each_try(site: Site) -> None:
    lg = site.league
    player = site.client()
    sign_in(player, "Ann")
    assert player.get(PAGE).status_code == 404
    fran = site.client()
    sign_in(fran, "Fran")
    assert "No webhook set" in fran.get(PAGE).text
    with receiver([(500, 0)]) as rec:
        r = fran.post(f"{PAGE}/webhook", data={"url": rec.url + "/hook/their-token", "kinds": ["open", "results"],
                                                "csrf_token": csrf_of(fran, PAGE)})
        assert r.status_code == 200 and "The webhook is saved" in r.text
        assert "their-token" not in r.text and "127.0.0.1" in r.text
        secret = re.search(r'id="webhook-secret">([^<]+)<', r.text)
        assert secret is not None
        rec.secret = secret.group(1)
        with lg.act() as ctx:
            assert config.webhook_secret(ctx) == rec.secret
            assert config.settings(ctx.session, ctx.league).site_url == "http://testserver"
        bad = fran.post(f"{PAGE}/webhook", data={"url": "ftp://x", "csrf_token": csrf_of(fran, PAGE)})
        assert bad.status_code == 400 and "http:// or https://" in bad.text
        open_show(lg, CARD)
        drain(lg.engine, lg.clock, timeouts=FAST)
        lg.clock.advance(seconds=31)
        drain(lg.engine, lg.clock, timeouts=FAST)
        assert len(rec.got) == 2 and all(g.signed for g in rec.got)
    with receiver() as rec2:
        rec2.secret = rec.secret
        post_form(fran, f"{PAGE}/webhook", {"url": rec2.url + "/hook", "kinds": "open"}, PAGE)
        assert "test message is queued" in post_form(fran, f"{PAGE}/test", {}, PAGE).text
        drain(lg.engine, lg.clock, timeouts=FAST)
        [test] = rec2.got
        assert test.signed and json.loads(test.body)["turnbuckle"]["kind"] == "test"
    log = fran.get(PAGE).text
    assert "failed 500" in log and "ok 204" in log and rec.secret in log  # the organiser's own page
    rotated = post_form(fran, f"{PAGE}/secret", {}, PAGE)
    assert "new signing secret" in rotated.text and rec.secret not in rotated.text
    assert "Nothing sent yet" not in rotated.text
    assert player.get("/account/notifications").status_code == 200
    assert rec.secret not in player.get("/account/notifications").text


def test_a_member_confirms_chooses_and_unsubscribes_through_the_pages(site: Site) -> None:
    lg = site.league
    with smtp_server() as (sink, port):
        fran = site.client()
        sign_in(fran, "Fran")
        r = post_form(fran, f"{PAGE}/smtp", {"host": "127.0.0.1", "port": str(port), "security": "none",
                                             "sender": "fed@league.example"}, PAGE)
        assert "The e-mail server is saved" in r.text
        ann = site.client()
        sign_in(ann, "Ann")
        r = post_form(ann, "/account/notifications/email", {"email": "ann@example.org"}, "/account/notifications")
        assert "confirmation link is on its way" in r.text and "not confirmed yet" in r.text
        r = ann.post("/account/notifications/kinds", data={"kinds": ["open", "receipt"],
                                                            "csrf_token": csrf_of(ann, "/account/notifications")})
        assert "Your choices are saved" in r.text
        assert drain(lg.engine, lg.clock, timeouts=FAST).sent == 1
        link = re.search(r"http://testserver(/notify/confirm/\S+)", body_text(sink.messages[0]))
        assert link is not None
        stranger = site.client()
        page = stranger.get(link.group(1))
        assert page.status_code == 200 and "ann@example.org" in page.text
        with read_scope(lg.engine) as session:  # opening the page (a mail scanner would) confirms nothing
            assert [c.confirmed_at for c in session.query(MemberContact)] == [None]
        done = stranger.post(link.group(1), data={"csrf_token": csrf_of(stranger, link.group(1))})
        assert "Address confirmed" in done.text
        assert stranger.get(link.group(1)).status_code == 404  # used
        assert "(confirmed)" in ann.get("/account/notifications").text

        open_show(lg, CARD)
        assert drain(lg.engine, lg.clock, timeouts=FAST).sent == 1
        unsubscribe = re.search(r"http://testserver(/notify/unsubscribe/\S+)", body_text(sink.messages[-1]))
        assert unsubscribe is not None
        assert "Stop all e-mail" in stranger.get(unsubscribe.group(1)).text
        stopped = stranger.post(unsubscribe.group(1), data={"csrf_token": csrf_of(stranger, unsubscribe.group(1))})
        assert "No more e-mail" in stopped.text
        with read_scope(lg.engine) as session:
            assert [c.kinds for c in session.query(MemberContact)] == [""]
        assert stranger.get("/notify/unsubscribe/not-a-token").status_code == 404


def test_a_results_post_too_long_for_one_discord_message_goes_in_parts(tmp_path: Path) -> None:
    from tests.web.pages_support import copy_demo
    from turnbuckle.league import queries_posts
    from turnbuckle.league.assembly import assemble
    from turnbuckle.league.db import make_engine, session_scope
    from turnbuckle.league.notify import events
    from turnbuckle.league.services.shows import show

    url = copy_demo(tmp_path)  # the demo league: its show 2's results post is a few Discord messages
    engine = make_engine(url)
    try:
        with receiver([(204, 0), (500, 0)]) as rec:
            with session_scope(engine) as session:
                ctx = assemble().context(session)
                n = len(queries_posts.results_post(session, "2", "discord"))
                assert n >= 2
                config.set_webhook(ctx, rec.url + "/hook", "results", "discord")
                rec.secret = config.webhook_secret(ctx)
                events.results_published(ctx, show(ctx, "2"))  # as publishing it would
            drain(engine, timeouts=FAST)  # part 1 goes, part 2 fails: the post is tried again whole
            with session_scope(engine) as session:
                session.execute(update(OutboxMessage).values(due_at=OutboxMessage.created_at))
            drain(engine, timeouts=FAST)
        bodies = [json.loads(g.body) for g in rec.got]
        parts = [1, 2, *range(1, n + 1)]
        assert [(b["turnbuckle"]["part"], b["turnbuckle"]["parts"]) for b in bodies] == [(p, n) for p in parts]
        ids = [b["turnbuckle"]["event_id"] for b in bodies]
        assert len(set(ids)) == n and all(i.endswith(f":{p}") for i, p in zip(ids, parts, strict=True))
        assert all(len(b["content"]) <= 2000 for b in bodies) and all(g.signed for g in rec.got)
        assert bodies[0] == bodies[2]  # the same part, the same body: a receiver drops the repeat by its id
    finally:
        engine.dispose()


def test_hostile_settings_get_a_400_with_the_reason_never_a_500(site: Site) -> None:
    fran = site.client()
    sign_in(fran, "Fran")
    for path, data in ((f"{PAGE}/webhook", {"url": "https://[::1"}),
                       (f"{PAGE}/webhook", {"url": "http://h.example:99999/"}),
                       (f"{PAGE}/webhook", {"url": "http://user:pw@h.example/hook"}),
                       (f"{PAGE}/site", {"site_url": "https://league.example/?a=1"}),
                       (f"{PAGE}/reminders", {"hours": "²"}),
                       (f"{PAGE}/smtp", {"host": "127.0.0.1", "port": "²", "sender": "fed@league.example"}),
                       (f"{PAGE}/smtp", {"host": "127.0.0.1", "port": "9" * 5000, "sender": "fed@league.example"})):
        r = post_form(fran, path, data, PAGE)
        assert r.status_code == 400, (path, data)
    with site.league.act() as ctx:
        view = config.public_view(config.settings(ctx.session, ctx.league))
    assert view["webhook"] is None and view["site_url"] is None and view["smtp_host"] is None


def test_e_mail_set_up_from_the_command_line_still_carries_whole_links(site: Site,
                                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    """The SMTP server set by 'league notify smtp' (no site address) and no --base-url: the address the
    member set theirs at is kept, so the confirmation link and the unsubscribe link are whole."""
    monkeypatch.delenv("TURNBUCKLE_BASE_URL", raising=False)
    lg = site.league
    with smtp_server() as (sink, port):
        with lg.act() as ctx:
            config.set_smtp(ctx, "127.0.0.1", port=port, security="none", sender="fed@league.example")
        ann = site.client()
        sign_in(ann, "Ann")
        post_form(ann, "/account/notifications/email", {"email": "ann@example.org"}, "/account/notifications")
        drain(lg.engine, lg.clock, timeouts=FAST)
        link = re.search(r"(\S+/notify/confirm/\S+)", body_text(sink.messages[0]))
        assert link is not None and link.group(1).startswith("http://testserver/notify/confirm/")
        token = link.group(1).rsplit("/", 1)[1]
        with lg.act() as ctx:
            from turnbuckle.league.notify import contacts

            contacts.confirm(ctx.session, token, lg.clock())
        post_form(ann, "/account/notifications/kinds", {"kinds": "open"}, "/account/notifications")
        open_show(lg, CARD)
        drain(lg.engine, lg.clock, timeouts=FAST)
        announcement = sink.messages[-1]
        assert str(announcement["List-Unsubscribe"]).strip().startswith("<http://testserver/notify/unsubscribe/")
        assert "Stop these e-mails: http://testserver/notify/unsubscribe/" in body_text(announcement)


def test_the_organiser_page_guesses_and_changes_the_webhooks_dialect(site: Site,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(ALLOW_ENV)  # a server without the switch
    fran = site.client()
    sign_in(fran, "Fran")
    inside = post_form(fran, f"{PAGE}/webhook", {"url": "http://169.254.169.254/latest", "kinds": "open"}, PAGE)
    assert inside.status_code == 400 and "link-local address" in inside.text and "--allow-private-notify" in inside.text
    saved = post_form(fran, f"{PAGE}/webhook", {"url": "https://hooks.slack.com/services/T/B/x", "kinds": "open"},
                      PAGE)
    assert saved.status_code == 200 and re.search(r'<option value="slack" selected>', saved.text)
    changed = post_form(fran, f"{PAGE}/dialect", {"dialect": "json"}, PAGE)
    assert changed.status_code == 200 and re.search(r'<option value="json" selected>', changed.text)
    with site.league.act() as ctx:
        assert config.settings(ctx.session, ctx.league).webhook_dialect == "json"
    chosen = post_form(fran, f"{PAGE}/webhook", {"url": "https://example.org/h", "kinds": "open",
                                                 "dialect": "discord"}, PAGE)
    assert chosen.status_code == 200 and re.search(r'<option value="discord" selected>', chosen.text)


def test_mail_is_from_the_league_by_name_and_a_mail_clients_one_click_unsubscribe_works(site: Site) -> None:
    """The headers as Python's email package reads them, and RFC 8058's POST with no session,
    cookie or CSRF token (as a mail client sends it) stopping the member's mail."""
    import email
    from email import policy

    from tests.league.notify_support import member_with_email, set_up_mail

    lg = site.league
    name = 'Lucha Ñandú, "Tag" & Co'
    with lg.act() as ctx:
        ctx.league.name = name
    with smtp_server() as (sink, port):
        set_up_mail(lg, port)  # the site address: https://league.example
        member_with_email(lg, "Ann", "ann@example.org", "open,results")
        open_show(lg, CARD)
        assert drain(lg.engine, lg.clock, timeouts=FAST).sent == 2  # the confirmation, the announcement
    confirmation, announcement = (email.message_from_bytes(m.as_bytes(), policy=policy.default)
                                  for m in sink.messages)
    for msg in (confirmation, announcement):
        raw_from = str(msg.get("From", ""))
        assert msg["From"].addresses[0].display_name == name and msg["From"].addresses[0].addr_spec == \
            "fed@league.example", raw_from
        assert msg["Auto-Submitted"] == "auto-generated"
    assert all(ord(c) < 128 for c in sink.messages[1].as_string().split("\n\n", 1)[0])  # headers encoded
    assert confirmation["List-Id"] is None and confirmation["List-Unsubscribe"] is None
    assert announcement["List-Id"] == "<lucha-nandu-tag-co.turnbuckle.league.example>"
    assert announcement["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    found = re.fullmatch(r"<https://league\.example(/notify/unsubscribe/[A-Za-z0-9_-]+)>",
                         str(announcement["List-Unsubscribe"]).strip())
    assert found is not None, announcement["List-Unsubscribe"]
    client = site.client()  # a mail client: no session, no cookie, no CSRF token
    shown = client.get(found.group(1))
    assert shown.status_code == 200 and "Stop all e-mail" in shown.text
    with read_scope(lg.engine) as session:  # a GET (a scanner opening the link) changes nothing
        assert [c.kinds for c in session.query(MemberContact)] == ["open,locked,results"]
    fresh = site.client()
    done = fresh.post(found.group(1), content=b"List-Unsubscribe=One-Click",
                      headers={"Content-Type": "application/x-www-form-urlencoded"})
    assert done.status_code == 200 and "No more e-mail" in done.text
    with read_scope(lg.engine) as session:
        assert [c.kinds for c in session.query(MemberContact)] == [""]
