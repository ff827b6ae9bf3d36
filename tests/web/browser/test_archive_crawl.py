"""The static archive in Chromium with the network off: from index.html, every page reached by a
link opens from disk (file://), every link and stylesheet resolves, and nothing is asked of a network
(the organiser's own links in a show's intro lead outside, as they wrote them, and are not followed)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from tests.league.post_league import post_league_file
from turnbuckle.league.archive import write_archive
from turnbuckle.league.context import context
from turnbuckle.league.db import make_engine, session_scope

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Request, Route


def test_archive_crawl_offline(browser: Browser, tmp_path: Path) -> None:
    engine = make_engine(f"sqlite:///{post_league_file()}")
    out = tmp_path / "site"
    try:
        with session_scope(engine) as session:
            write_archive(context(session), out)
    finally:
        engine.dispose()
    ctx = browser.new_context(offline=True, java_script_enabled=False)
    outside: list[str] = []
    failed: list[str] = []

    def only_files(route: Route, request: Request) -> None:
        if request.url.startswith("file://"):
            route.continue_()
        else:
            outside.append(request.url)
            route.abort()

    ctx.route("**/*", only_files)
    tab = ctx.new_page()
    tab.on("requestfailed", lambda r: failed.append(r.url))
    start = (out / "index.html").resolve().as_uri()
    seen, queue, links, styled = {start}, [start], 0, set[int]()
    while queue:
        url = queue.pop()
        # "load": the page's stylesheet is in before the next page is opened (leaving a page while its
        # stylesheet loads aborts that request, which would read as a failed request below)
        response = tab.goto(url, wait_until="load")
        assert response is not None and response.ok, url
        depth = url.count("/") - start.count("/")
        if depth not in styled:  # the stylesheet is found from each depth of folder (the root, shows/, shows/N/)
            styled.add(depth)
            assert tab.evaluate("getComputedStyle(document.body).maxWidth") != "none", f"{url}: no stylesheet"
        # the organiser's own links in a show's intro lead where they wrote them (http, https or mailto)
        theirs: list[str] = tab.eval_on_selector_all("blockquote.intro a[href]", "els => els.map(e => e.href)")
        assert all(h.startswith(("https://", "http://", "mailto:")) for h in theirs), theirs
        hrefs: list[str] = [h for h in tab.eval_on_selector_all("a[href]", "els => els.map(e => e.href)")
                            if h not in theirs]
        for href in hrefs:
            links += 1
            target = href.split("#", 1)[0]
            assert target.startswith("file://"), f"{url} links outside the archive: {href}"
            path = Path(target.removeprefix("file://"))
            assert path.is_file(), f"{url}: {href} does not resolve"
            if target.endswith(".html") and target not in seen:
                seen.add(target)
                queue.append(target)
    ctx.close()
    pages = {p.resolve().as_uri() for p in out.rglob("*.html")}
    assert seen == pages, f"pages no link reaches: {sorted(pages - seen)}"
    assert links > 100 and not outside and not failed and styled == {0, 1, 2}
