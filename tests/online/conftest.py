"""Every online test fails if a room refused to send a message the schema does not allow
(the room logs it and sends nothing: a client would never have heard it); ``redis_url`` is a
real Redis of the test's own (see :mod:`redis_kit`)."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from pathlib import Path

import pytest
from redis_kit import redis_server


@pytest.fixture(autouse=True)
def nothing_refused(caplog: pytest.LogCaptureFixture) -> Iterator[None]:
    with caplog.at_level(logging.ERROR, logger="doomlings_access.online.rooms"):
        yield
    refused = [r.getMessage() for r in caplog.records if r.getMessage().startswith("refused to send")]
    assert not refused, refused


@pytest.fixture
def redis_url(tmp_path: Path) -> Iterator[str]:
    with redis_server(tmp_path / "redis") as url:
        yield url
