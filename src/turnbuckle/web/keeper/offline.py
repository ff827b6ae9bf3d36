"""The keeper with no network: its service worker, the page it falls back to, and what that page needs.

- ``/keeper/sw.js``: the service worker (static/keeper-sw.js, with the list of files it keeps put
  in front), sent with ``Service-Worker-Allowed: /keeper`` so that it may control ``/keeper`` and
  the pages under it and nothing else. It keeps only public answers (docs/web.md, "The keeper
  offline").
- ``/keeper/offline``: the page the worker shows when the server cannot be reached; it plays the
  match in the page (static/keeper-offline.js) and keeps it on the phone until it is saved.
- ``/keeper/offline.json``: each game's name, sides and options, and its bundled samples as the
  engine in the page takes them (validated here, as JSON), so a match can be started offline too.
- ``/keeper/ping``: an empty answer, asked before a tap is posted; no answer sends the tap offline.
- ``/keeper/kept``: whether the viewer may save kept matches to the league (the organiser), and the
  token a save posts with; never kept by the worker (it answers a signed-in browser: no-store).
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Mount

from turnbuckle import __version__
from turnbuckle.core.errors import RulesError
from turnbuckle.rulesets.registry import all_rulesets
from turnbuckle.web.deps import Viewer, assets, csrf_token, render
from turnbuckle.web.keeper.form import Loaded
from turnbuckle.web.serving.headers import CSP

router = APIRouter(prefix="/keeper", include_in_schema=False)
WORKER = Path(__file__).resolve().parents[1] / "static" / "keeper-sw.js"
#: The engine's worker, served under /keeper: a worker is controlled by the service worker whose scope
#: holds its own address, and only then are the runtime's files read from the phone offline.
ENGINE_WORKER = Path(__file__).resolve().parents[1] / "static" / "keeper-engine-worker.js"
#: The static files the offline keeper needs, kept by the worker when it installs.
SHELL_STATIC = ("style.css", "keeper.js", "keeper-store.js", "keeper-sync.js", "keeper-step.js",
                "keeper-offline.js", "keeper-offline-pad.js", "keeper.webmanifest", "keeper-192.png")
#: The engine worker's policy: the site's, and WebAssembly compiled (Pyodide is CPython built to it).
ENGINE_CSP = CSP.replace("script-src 'self'", "script-src 'self' 'wasm-unsafe-eval'")
#: The keeper's own answers the worker keeps (public: fetched without cookies).
PUBLIC_PAGES = ("/keeper/offline", "/keeper/offline.json", "/keeper/engine-worker.js")
#: Where the page's Python runtime is served, when this server has it (``make pyodide``), and the
#: page's copy of the rules (docs/architecture.md, "The engine in the page").
RUNTIME_PATH = "/static/pyodide"
PAGE_RULES = "/static/turnbuckle-page.zip"


def match_json(game: Loaded, entries: list[str]) -> dict[str, Any]:
    """The match as the engine in the page takes it: the game, its validated sides as JSON, the
    options, the players (by side index) and the entries so far."""
    return {"game": game.rs.info.id, "sides": [game.rs.side_json(s) for s in game.sides],
            "options": dict(game.options), "players": {str(k): v for k, v in game.players.items()},
            "entries": list(entries)}


def runtime_files(request: Request) -> list[str]:
    """The files of the page's Python runtime this server serves (none when it has none)."""
    for route in request.app.routes:
        if isinstance(route, Mount) and route.path == RUNTIME_PATH:
            folder = Path(str(getattr(route.app, "directory", "") or ""))
            if folder.is_dir():
                return sorted(f"{RUNTIME_PATH}/{p.relative_to(folder).as_posix()}" for p in folder.rglob("*")
                              if p.is_file() and not p.name.startswith("."))
    return []


def runtime_served(request: Request) -> bool:
    """Whether this server serves the page's Python runtime, so a tap with no server can be played offline."""
    for route in request.app.routes:
        if isinstance(route, Mount) and route.path == RUNTIME_PATH:
            return (Path(str(getattr(route.app, "directory", "") or "")) / "pyodide.mjs").is_file()
    return False


def shell(request: Request) -> list[str]:
    """What the worker keeps when it installs: the offline page, the games, the static files, the runtime."""
    runtime = runtime_files(request)
    return [*PUBLIC_PAGES, *(assets.url(n) for n in SHELL_STATIC),
            *runtime, *([PAGE_RULES] if runtime else [])]


@router.get("/sw.js", response_model=None)
def service_worker(request: Request) -> Response:
    files = shell(request)
    # a new release is a new version (the page's rules keep their name, so only the version renews them)
    version = hashlib.sha256((__version__ + json.dumps(files) + WORKER.read_text("utf-8")).encode()).hexdigest()[:12]
    head = f"const SHELL = {json.dumps(files)};\nconst VERSION = {json.dumps(version)};\n"
    return Response(head + WORKER.read_text("utf-8"), media_type="text/javascript",
                    headers={"Service-Worker-Allowed": "/keeper", "Cache-Control": "no-cache"})


@router.get("/engine-worker.js", response_model=None)
def engine_worker() -> Response:
    # the one script allowed to compile WebAssembly (Pyodide): the site's policy and 'wasm-unsafe-eval'
    return Response(ENGINE_WORKER.read_text("utf-8"), media_type="text/javascript",
                    headers={"Cache-Control": "no-cache", "Content-Security-Policy": ENGINE_CSP})


@router.get("/offline", response_class=HTMLResponse)
def offline_page(request: Request) -> HTMLResponse:
    return render(request, "keeper_offline.html", {"title": "Score keeper (offline)"})


def _samples(rs: Any) -> list[dict[str, Any]]:
    out = []
    for s in rs.samples():
        try:
            out.append({"id": s.id, "summary": s.summary, "side": rs.side_json(rs.side_by_name(s.id))})
        except RulesError:
            continue  # a sample this game cannot load is not offered offline either
    return out


def _plain(value: object) -> str | int | float | bool | None:
    """An option's default as JSON holds it (any other value as its text)."""
    return value if value is None or isinstance(value, str | int | float | bool) else str(value)


@router.get("/offline.json", response_model=None)
def offline_games() -> JSONResponse:
    games = [{"id": rs.info.id, "name": rs.info.name, "min_sides": rs.info.min_sides, "max_sides": rs.info.max_sides,
              "side_word": rs.info.side_word, "player_kinds": list(rs.info.player_kinds),
              "options": [{"name": o.name, "default": _plain(o.default)} for o in rs.info.options],
              "samples": _samples(rs)} for rs in all_rulesets()]
    return JSONResponse({"games": games})


@router.get("/ping", response_model=None)
def ping() -> Response:
    """Whether the server answers: the keeper's page asks before it posts a tap (static/keeper-sync.js)."""
    return Response(status_code=204, headers={"Cache-Control": "no-store"})


@router.get("/kept", response_model=None)
def kept(request: Request, viewer: Viewer) -> JSONResponse:
    organiser = viewer is not None and viewer.role == "organiser"
    return JSONResponse({"organiser": organiser, "csrf_token": csrf_token(request) if organiser else ""},
                        headers={"Cache-Control": "no-store"})
