"""Fixtures of the server tests: a fresh SQLite file, and the app on it."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from linecraft.server.app import create_app


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "rooms.db"


@pytest.fixture
def client(db: Path) -> Iterator[TestClient]:
    with TestClient(create_app(db)) as running:  # its bots stop when the test ends
        yield running
