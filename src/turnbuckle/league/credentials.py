"""Secrets and their stored forms: argon2 password hashes (pwdlib), random tokens for sessions,
one-time links and API tokens, and the SHA-256 under which a token is kept (a random 256-bit
token needs no slow hash: guessing it is hopeless, and a fast lookup by digest stays possible)."""

from __future__ import annotations

import functools
import hashlib
import secrets
from importlib import resources

from pwdlib import PasswordHash
from pwdlib.hashers.argon2 import Argon2Hasher

from turnbuckle.league.errors import LeagueError

MIN_PASSWORD = 8
MAX_PASSWORD = 256

_hasher = PasswordHash((Argon2Hasher(),))


def use_fast_hashing_for_tests() -> None:
    """Cheap argon2 parameters, for test suites only (a hash made with them still verifies later,
    since the parameters travel in the hash)."""
    global _hasher
    _hasher = PasswordHash((Argon2Hasher(time_cost=1, memory_cost=64, parallelism=1),))


def check_password(password: str) -> str:
    """``password`` if it may be a member's new password; a LeagueError saying why not otherwise."""
    if password and not password.strip():
        raise LeagueError("the password is only spaces (or other blank characters); choose one with "
                          "letters, digits or signs in it")
    if len(password) < MIN_PASSWORD:
        raise LeagueError(f"the password needs at least {MIN_PASSWORD} characters")
    if len(password) > MAX_PASSWORD:
        raise LeagueError(f"the password may have at most {MAX_PASSWORD} characters")
    if is_common(password):
        raise LeagueError("the password is one of the 10,000 most common passwords, which attackers try "
                          "first; choose a longer one of your own (a few unrelated words work well)")
    return password


def is_common(password: str) -> bool:
    """Whether ``password`` (lower-cased, spaces at its ends removed) is on the shipped list of the
    most common passwords (league/data/common-passwords.txt, which says where it came from)."""
    return password.strip().lower() in _common_passwords()


@functools.cache
def _common_passwords() -> frozenset[str]:
    text = resources.files("turnbuckle.league").joinpath("data/common-passwords.txt").read_text("utf-8")
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if not line.startswith("# "))  # the header's comments
    return frozenset(line.strip().lower() for line in lines[start:] if line.strip())


def hash_password(password: str) -> str:
    return _hasher.hash(check_password(password))


def verify_password(password: str, stored: str | None) -> bool:
    """Whether ``password`` matches ``stored``; with no stored hash the work is still done, so a
    missing account takes as long to refuse as a wrong password."""
    if len(password) > MAX_PASSWORD:
        return False
    if stored is None:
        _hasher.verify(password, _dummy_hash())
        return False
    try:
        return _hasher.verify(password, stored)
    except Exception:  # an unreadable stored hash never signs anyone in
        return False


_DUMMY: list[str] = []


def _dummy_hash() -> str:
    if not _DUMMY:
        _DUMMY.append(_hasher.hash(secrets.token_hex(16)))
    return _DUMMY[0]


def new_token(prefix: str = "") -> str:
    """A random 256-bit token, URL-safe."""
    return prefix + secrets.token_urlsafe(32)


def digest(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()
