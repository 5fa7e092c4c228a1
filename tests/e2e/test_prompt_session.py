"""The prompt_toolkit session the game reads lines with, fed through a pipe."""

from __future__ import annotations

import pytest
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from doomlings_access.ui.console import quiet_prompt_session


@pytest.mark.parametrize("pasted", ["\x1b[31m", "\x1b[0m", "\x1b[1;31m", "\x1b[<0;1;1M"])
def test_a_pasted_colour_sequence_is_ignored_not_a_traceback(pasted: str, capsys: pytest.CaptureFixture[str]) -> None:
    """Pasted coloured text sends "ESC [ 31 m", which prompt_toolkit reads as a mouse report;
    its handler raised and printed "Unhandled exception in event loop". The line typed after
    it is read as if the sequence were not there."""
    with create_pipe_input() as keys:
        keys.send_text(f"{pasted}1\r")
        line = quiet_prompt_session(input=keys, output=DummyOutput()).prompt("Choose 1 to 5: ")
    assert line == "1"
    captured = capsys.readouterr()
    assert "Unhandled exception" not in captured.out + captured.err
