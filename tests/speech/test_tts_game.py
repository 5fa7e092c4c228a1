"""A whole short game self-voiced (``--speech tts``), recorded as real espeak-ng speech.

Issue 14: a self-voiced player hears every question ("Choose 1 to 4") and, at the end, the
final scores and the winner. The game runs in a pseudo-terminal with its tts engine pointed
(DOOMLINGS_ESPEAK, the game's own way to name the engine) at a small script that hands each
utterance to the real espeak-ng, writing a WAV file instead of playing it. Each answer is typed
only once its question was spoken, as a listener would. Then the recording is checked: every
question is in it, the final scores and the winner are its last words, and each WAV's length
fits the length of its text (real speech, not silence or an empty file).
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pexpect
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "e2e"))
from test_terminal import child_env, game_command

from speech_kit import espeak_to_wav, leave, said_aloud, seconds

PROMPT = "Choose 1 to "
SCORE_LINE = re.compile(r"^(You|Otto|Pia): -?\d+ points?; face value")


@pytest.fixture
def recorder(tmp_path: Path) -> tuple[str, Path]:
    return espeak_to_wav(tmp_path, "sox")


def test_a_whole_game_is_heard_questions_and_final_scores(tmp_path, recorder):
    engine, folder = recorder
    command = game_command()
    args = ["play", "--players", "3", "--names", "Ana", "--seed", "7", "--plain",
            "--speech", "tts"]
    child = pexpect.spawn(
        command[0], command[1:] + args, env=child_env(tmp_path, DOOMLINGS_ESPEAK=engine),
        dimensions=(24, 80), encoding="utf-8", timeout=20, cwd=str(tmp_path),
    )
    questions = waits = 0
    try:
        while (which := child.expect_exact([PROMPT, pexpect.EOF, "Press Enter to play it. ", "Press Enter for more. "])) != 1:
            if which >= 2:  # the only playable trait, or more to be told, waits for Enter
                waits += 1  # heard before Enter is pressed (what is typed cuts speech off)
                deadline = time.monotonic() + 15
                while sum(text.startswith("Press Enter") for text, _ in said_aloud(folder)) < waits:
                    assert time.monotonic() < deadline, f"wait {waits} was not spoken"
                    time.sleep(0.02)
                child.sendline("")
                continue
            questions += 1
            deadline = time.monotonic() + 15
            while sum(PROMPT in text for text, _ in said_aloud(folder)) < questions:
                assert time.monotonic() < deadline, f"question {questions} was not spoken"
                time.sleep(0.02)
            child.sendline("1")
            assert questions < 200
    finally:
        child.close(force=True)
    assert child.exitstatus == 0
    said = said_aloud(folder)
    texts = [text for text, _ in said]
    # Every question was spoken, once each.
    assert questions >= 10
    assert sum(PROMPT in t for t in texts) == questions
    # The last words, flushed at exit: the winner, then the scores of all three card by
    # card (each total once), and the placings.
    over = max(i for i, t in enumerate(texts) if t.endswith("Game over."))
    assert re.match(r"^.+ wins? with -?\d+ points?\. Game over\.$", texts[over]), texts[over]
    end = [t for t in texts[over + 1 :] if not t.startswith("Press Enter")]  # (pauses between)
    assert end[0] == "Final scores:" and texts[-1].startswith("Placings: "), texts[over:]
    scores = [t for t in end[1:] if SCORE_LINE.match(t)]
    assert sorted(SCORE_LINE.match(t).group(1) for t in scores) == ["Otto", "Pia", "You"], '\n'.join(texts[-12:])
    assert not any(re.search(r"points?\. World's End", t) for t in texts), "a total told before its items"
    # The recording is speech of the right length: espeak-ng at 175 words a minute says
    # about 14 characters a second.
    total_chars = sum(len(t) for t in texts)
    total_seconds = 0.0
    for text, wav in said:
        length = seconds(wav)
        total_seconds += length
        assert 0.02 * len(text) < length < 0.2 * len(text) + 0.5, (text, length)
    assert 0.04 < total_seconds / total_chars < 0.12, (total_seconds, total_chars)
    # All of it as one WAV file, as a listener hears it, and it is not silence.
    game_wav = tmp_path / "game.wav"
    subprocess.run(["sox", *[str(w) for _, w in said], str(game_wav)], check=True)
    assert abs(seconds(game_wav) - total_seconds) < 0.5
    stat = subprocess.run(["sox", str(game_wav), "-n", "stat"], capture_output=True, text=True,
                          check=True).stderr
    rms = float(re.search(r"RMS\s+amplitude:\s+([\d.]+)", stat).group(1))
    assert rms > 0.01, stat
    final = said[-1][1]
    assert seconds(final) > 1.0


def test_speech_is_off_is_said_before_the_first_answer(tmp_path):
    """With no sound device, espeak-ng fails at once: the player is told before the first
    question is answered, not after."""
    if shutil.which("espeak-ng") is None:
        pytest.skip("needs espeak-ng")
    conf = tmp_path / "asound-broken.conf"
    conf.write_text("pcm.!default { type hw; card 29 }\n")
    env = child_env(
        tmp_path,
        ALSA_CONFIG_PATH=f"/usr/share/alsa/alsa.conf:{conf}",
        PULSE_SERVER="unix:/nonexistent/pulse",
    )
    command = game_command()
    args = ["play", "--players", "2", "--seed", "7", "--plain", "--speech", "tts"]
    child = pexpect.spawn(command[0], command[1:] + args, env=env, dimensions=(24, 80),
                          encoding="utf-8", timeout=20, cwd=str(tmp_path))
    try:
        child.expect_exact([PROMPT, "Press Enter for more. "])  # the first prompt of any kind
        before = child.before
        assert "Speech is off: espeak-ng could not play audio" in before, before
        assert before.rstrip().endswith("The game goes on in text.") or "Play a trait" in before
        leave(child, "q", "Type y to quit, n to go on: ")
    finally:
        child.close(force=True)
    assert child.exitstatus == 0


def test_a_computer_is_never_called_you() -> None:
    from doomlings_access.doomlings_app import GameChoices, seat_names

    assert seat_names(GameChoices(players=3, humans=1, names=["Ana"])) == ["Ana", "Otto", "Pia"]
    assert seat_names(GameChoices(players=3, humans=1)) == ["You", "Otto", "Pia"]
    assert seat_names(GameChoices(players=3, humans=2, names=["Ana"])) == ["Ana", "Ben", "Otto"]


def test_review_is_spoken_a_sentence_at_a_time_and_labels_as_they_are_meant(tmp_path, recorder):
    """Self-voiced, real espeak-ng speech: a rule of several printed lines is one utterance,
    whole, not cut at the 80-column wrap; "Ice Age, catastrophe, label c ice age" says
    "catastrophe" once; the label typed as an example, "c-2", is spelt "c minus 2" (it was "c
    dash 2"); the phonemes espeak-ng makes of it say minus."""
    engine, folder = recorder
    command = game_command()
    args = ["play", "--players", "2", "--names", "Ana", "--seed", "7", "--plain", "--speech", "tts"]
    child = pexpect.spawn(
        command[0], command[1:] + args, env=child_env(tmp_path, DOOMLINGS_ESPEAK=engine),
        dimensions=(24, 80), encoding="utf-8", timeout=20, cwd=str(tmp_path),
    )
    try:
        for typed, heard in (("rules worlds end", "then scoring."), ("card ice age", "Lose one point for each red trait"),
                             ("rules labels", "Confusion is")):
            child.expect_exact(PROMPT)
            child.sendline(typed)  # (what is typed cuts speech off: each is heard before the next)
            deadline = time.monotonic() + 15
            while not any(heard in text for text, _ in said_aloud(folder)):
                assert time.monotonic() < deadline, (typed, [text for text, _ in said_aloud(folder)])
                time.sleep(0.05)
        child.expect_exact(PROMPT)
        leave(child, "q", "Type y to quit, n to go on: ")
    finally:
        child.close(force=True)
    said = said_aloud(folder)
    texts = [text for text, _ in said]
    rule = "At the third catastrophe: its gene pool and catastrophic effects, then each player's World's End " \
        "traits in turn order, then the catastrophe's World's End effect, then scoring."
    assert rule in texts, texts
    label = next(text for text in texts if "label c ice age" in text)
    assert label.count("catastrophe") == 1, label
    example = next(text for text in texts if "Confusion is" in text)
    assert 'Confusion is "c minus 2": colourless minus 2.' in example, example
    for text, wav in said:
        assert seconds(wav) > 0.02 * len(text), text  # real speech, each of them
    phonemes = subprocess.run([shutil.which("espeak-ng") or "espeak-ng", "-q", "-x", example],
                              capture_output=True, text=True, check=True).stdout
    assert phonemes.count("m'aIn@s") >= 2 and "d'aS" not in phonemes, phonemes
