"""Shared test set-up."""

from __future__ import annotations

from collections.abc import Iterator

import pytest


@pytest.fixture(autouse=True, scope="session")
def _private_cache_and_data(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """The suite never writes into the user's real ``~/.cache/boggle-assistant`` (the
    compiled word lists and templates, ~100 MB over a run) nor reads or writes their learned
    styles in ``~/.local/share``: one temporary cache and data folder for the whole session,
    shared by in-process tests and the subprocesses they start (through the environment)."""
    root = tmp_path_factory.mktemp("home")
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("BOGGLE_ASSISTANT_CACHE_DIR", str(root / "cache" / "boggle-assistant"))
        mp.setenv("XDG_CACHE_HOME", str(root / "cache"))
        mp.setenv("XDG_DATA_HOME", str(root / "data"))
        yield
