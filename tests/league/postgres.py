"""Finding a PostgreSQL server for the league's tests: $TURNBUCKLE_TEST_POSTGRES_URL, else a
server answering on 127.0.0.1:5432, else a throwaway cluster started with initdb/pg_ctl (as the
``postgres`` user through runuser when we are root). None found: the tests skip with the reason,
unless TURNBUCKLE_REQUIRE_POSTGRES=1, which makes that a failure."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import tempfile
from pathlib import Path

from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url

LOCAL = "postgresql+psycopg://postgres@127.0.0.1:5432/postgres"


def _answers(url: str) -> bool:
    try:
        engine = create_engine(url, connect_args={"connect_timeout": 3})
        with engine.connect() as conn:
            conn.execute(text("SELECT 1"))
        engine.dispose()
        return True
    except Exception:
        return False


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _as_postgres(cmd: list[str]) -> list[str]:
    if os.geteuid() == 0 and shutil.which("runuser"):
        return ["runuser", "-u", "postgres", "--", *cmd]
    return cmd


class Cluster:
    """A throwaway cluster, stopped and removed by :meth:`stop`."""

    def __init__(self) -> None:
        self.dir = Path(tempfile.mkdtemp(prefix="tb-pg-"))
        os.chmod(self.dir, 0o777)
        self.data = self.dir / "data"
        self.port = _free_port()
        if os.geteuid() == 0:
            shutil.chown(self.dir, "postgres")
        subprocess.run(_as_postgres(["initdb", "-D", str(self.data), "-U", "postgres", "--auth=trust"]),
                       check=True, capture_output=True)
        subprocess.run(_as_postgres(["pg_ctl", "-D", str(self.data), "-w", "-l", str(self.dir / "log"), "-o",
                                     f"-p {self.port} -k {self.dir} -c listen_addresses=127.0.0.1", "start"]),
                       check=True, capture_output=True)
        self.url = f"postgresql+psycopg://postgres@127.0.0.1:{self.port}/postgres"

    def stop(self) -> None:
        subprocess.run(_as_postgres(["pg_ctl", "-D", str(self.data), "-m", "fast", "stop"]), capture_output=True)
        shutil.rmtree(self.dir, ignore_errors=True)


def find_server() -> tuple[str | None, str, Cluster | None]:
    """(admin URL or None, why, a cluster we started or None)."""
    given = os.environ.get("TURNBUCKLE_TEST_POSTGRES_URL")
    if given:
        return (given, "", None) if _answers(given) else (None, f"TURNBUCKLE_TEST_POSTGRES_URL={given} does not "
                                                          "answer", None)
    if _answers(LOCAL):
        return LOCAL, "", None
    if shutil.which("initdb") and shutil.which("pg_ctl"):
        try:
            cluster = Cluster()
        except (subprocess.CalledProcessError, OSError, KeyError, LookupError) as exc:
            return None, f"no server on 127.0.0.1:5432 and initdb/pg_ctl failed ({exc})", None
        return cluster.url, "", cluster
    return None, "no PostgreSQL: none on 127.0.0.1:5432, no TURNBUCKLE_TEST_POSTGRES_URL, no initdb/pg_ctl", None


def with_database(admin_url: str, name: str) -> str:
    return make_url(admin_url).set(database=name).render_as_string(hide_password=False)


def admin_sql(admin_url: str, *statements: str) -> None:
    engine = create_engine(admin_url, isolation_level="AUTOCOMMIT")
    with engine.connect() as conn:
        for st in statements:
            conn.execute(text(st))
    engine.dispose()
