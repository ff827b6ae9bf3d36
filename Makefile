# Two commands do everything on a fresh machine: `make demo` and `make test`.
# uv is installed with pip when missing; the locked environment lives in .venv.
UV = $(shell command -v uv 2>/dev/null || echo python3 -m uv)
VENV = .venv/bin

.PHONY: setup demo test quick lint typecheck unit browser caddy pyodide bench serve clean test-no-workarounds

setup:
	@command -v uv >/dev/null 2>&1 || python3 -m uv --version >/dev/null 2>&1 || python3 -m pip install --quiet uv
	@$(UV) sync --frozen --quiet --compile-bytecode
	@$(VENV)/python -m compileall -q src

demo: setup
	@$(VENV)/python -m turnbuckle.demo

lint: setup
	$(VENV)/ruff check src tests benchmarks
	$(VENV)/lint-imports

typecheck: setup
	$(VENV)/mypy

# The timing-sensitive system tests (marked solo: the crowd and the bursts) run alone, after the rest.
unit: setup browser caddy pyodide
	$(VENV)/pytest -n 2 -q -m "not solo"
	$(VENV)/pytest -q -m solo

# The browser tests drive Debian's Chromium (never `playwright install`: the machines have no internet).
# Installed with apt-get when missing and this user is root; otherwise those tests are skipped, saying why
# (TURNBUCKLE_REQUIRE_BROWSER=1, as .ci/run sets, makes that a failure).
CHROMIUM = /usr/bin/chromium
browser:
	@test -x $(CHROMIUM) || { test "$$(id -u)" = 0 && command -v apt-get >/dev/null 2>&1 \
	  && { echo "installing Debian's chromium for the browser tests (apt-get)"; \
	       apt-get update -qq >/dev/null && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; } \
	  || echo "note: $(CHROMIUM) is missing and could not be installed here; the browser tests will be skipped"; }

# The hosting tests (tests/web/test_hosting.py) run Debian's Caddy in front of the server and check the
# systemd units with systemd-analyze. Both are installed with apt-get when missing and this user is root;
# otherwise those tests are skipped, saying why (TURNBUCKLE_REQUIRE_CADDY=1, as .ci/run sets, makes that a failure).
CADDY = /usr/bin/caddy
SYSTEMD_ANALYZE = /usr/bin/systemd-analyze
caddy:
	@test -x $(CADDY) -a -x $(SYSTEMD_ANALYZE) || { test "$$(id -u)" = 0 && command -v apt-get >/dev/null 2>&1 \
	  && { echo "installing Debian's caddy and systemd for the hosting tests (apt-get)"; \
	       apt-get update -qq >/dev/null && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq caddy systemd >/dev/null; } \
	  || echo "note: $(CADDY) or $(SYSTEMD_ANALYZE) is missing and could not be installed here; the hosting tests will be skipped"; }

# The offline keeper's Python runtime: the npm registry's pyodide package at the version and sha512
# pinned in tools/pyodide/pin, unpacked with its licence into build/pyodide/ (ignored). make setup
# never needs it; the wheel build copies it into the web's static files and stops without it. When it
# cannot be fetched the Pyodide tests are skipped, saying why (TURNBUCKLE_REQUIRE_PYODIDE=1, as .ci/run
# sets, makes that a failure).
PYODIDE_DIR = build/pyodide
pyodide:
	@python3 tools/pyodide/fetch.py $(PYODIDE_DIR) || { test "$$TURNBUCKLE_REQUIRE_PYODIDE" != 1 && \
	  echo "note: the Pyodide runtime could not be fetched; the Pyodide tests will be skipped"; }

test: lint typecheck unit

# The suite with every workaround of core/workarounds turned off (CI runs it apart from make test):
# the program must work without them; the tests marked workaround(NAME) must fail (strict xfail).
test-no-workarounds: setup browser pyodide
	TURNBUCKLE_DISABLE_WORKAROUNDS=all $(VENV)/pytest -n 2 -q -m "not solo"
	TURNBUCKLE_DISABLE_WORKAROUNDS=all $(VENV)/pytest -q -m solo

# The quick loop: a sample of every layer (core, each game, sim, lab, league, cli, web) on two workers,
# leaving out the slow, browser, PostgreSQL and solo tests; under a minute on a 2-core machine.
# Tests only (no ruff or mypy); `make test` is still the whole suite.
QUICK_MARKS = not slow and not browser and not postgres and not solo
QUICK_TESTS = tests/core tests/boxing \
  tests/deathmatch/test_attack.py tests/deathmatch/test_policies.py tests/deathmatch/test_narrator.py \
  tests/folkstyle/test_scoring.py tests/folkstyle/test_periods.py tests/folkstyle/test_card.py \
  tests/headlock/test_holds.py tests/headlock/test_clash.py tests/headlock/test_sheet.py \
  tests/matchmatch/test_damage_and_checks.py tests/matchmatch/test_rounds.py tests/matchmatch/test_strategies.py \
  tests/sim/test_stats.py tests/sim/test_exact.py tests/sim/test_boxing_fast.py \
  tests/lab/test_ranking.py tests/lab/test_metagame.py \
  tests/league/test_shows.py tests/league/test_standings.py \
  tests/cli/test_errors.py tests/cli/test_walk.py \
  tests/web/test_app.py tests/web/test_api.py tests/web/test_game_hooks.py
quick: setup
	$(VENV)/pytest -n 2 -q -m "$(QUICK_MARKS)" $(QUICK_TESTS)

# The sample league's web pages on this machine: built once into turnbuckle-demo.db (as make demo does), then served.
SERVE_DB ?= turnbuckle-demo.db
serve: setup
	@test -f $(SERVE_DB) || $(VENV)/turnbuckle league demo --db $(SERVE_DB)
	@$(VENV)/turnbuckle serve --db $(SERVE_DB)

# The benchmarks (benchmarks/, no part of the package): they time, assert nothing, and write what they
# print to docs/benchmarks.md with the machine's CPU, cores and Python (the only doc with measurements).
# `python -m benchmarks PART ...` runs only some of them and prints (benchmarks/README.md).
bench: setup
	$(VENV)/python -m benchmarks

clean:
	rm -rf .venv .mypy_cache .pytest_cache .ruff_cache .hypothesis
