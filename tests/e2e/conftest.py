"""The tmux fixture the terminal tests share: a private tmux server, stopped afterwards."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from test_terminal import Tmux, child_env


@pytest.fixture
def tmux(tmp_path: Path):  # type: ignore[no-untyped-def]
    if shutil.which("tmux") is None:
        pytest.skip("needs tmux")
    env = child_env(tmp_path, SHELL="/bin/sh")
    server = Tmux(env)
    yield server
    server.kill()
