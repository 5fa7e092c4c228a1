"""``doomlings scenario`` plays a Doomcrop position file as it plays Doomlings': answers written
as at the prompt, told as one seat heard it, then the question waiting."""

from __future__ import annotations

from pathlib import Path

import pytest

from doomlings_access.cli import main

EXAMPLE = Path(__file__).parent.parent / "doomcrop" / "positions" / "example.json"


def test_a_doomcrop_position_is_played_and_told(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["scenario", str(EXAMPLE), "--as", "Ana", "--answers", "front left, ben back right"]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert "You flip your front left: the 7C. Your 7C attacks Ben's back right, face down: the 9H. Ben adds no Heart. Ben captures your 7C." in out


def test_a_wrong_answer_names_the_question_and_its_options(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["scenario", str(EXAMPLE), "--answers", "xx"]) == 2
    err = capsys.readouterr().err
    assert "answers[0]: 'xx' is not an option of Ana's question (Flip which card? 1. front left, 7C," in err
