"""Settings every test shares."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def _work_in_a_scratch_folder(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Run every test in a fresh folder: table mode saves its entries in the current folder, and
    a test must never leave files in the checkout."""
    folder = tmp_path_factory.mktemp("cwd")
    monkeypatch.chdir(folder)
    return folder
