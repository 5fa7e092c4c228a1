"""Speech output with real parts: espeak-ng, pyttsx3, sox, accessible_output2, real processes.

Engines that must misbehave are real programs too: a shell script that never ends (stalled),
one that fails, a missing path, and espeak-ng pointed at an audio device that does not exist.
Audible playback goes to an ALSA "file" device (accessibility.md B.2), so nothing is printed.
"""

from __future__ import annotations

import logging
import os
import re
import shutil
import stat
import subprocess
import time
from pathlib import Path

import pytest

from doomlings_access.speech import (
    ENV_ESPEAK,
    ENV_TTS_ENGINE,
    SAMPLE_SENTENCE,
    CommandSpeaker,
    SilentSpeaker,
    Speaker,
    make_speaker,
    open_accessible_output,
    render_wav,
    speakable,
    speech_check,
    utterance_timeout,
)


def need(binary: str) -> str:
    path = shutil.which(binary)
    if path is None:
        pytest.skip(f"needs {binary}")
    return path


def need_espeak() -> str:
    return need("espeak-ng")


def need_sox() -> str:
    need("soxi")
    return need("sox")


@pytest.fixture(autouse=True)
def clean_env(monkeypatch):
    monkeypatch.delenv(ENV_ESPEAK, raising=False)
    monkeypatch.delenv(ENV_TTS_ENGINE, raising=False)


@pytest.fixture
def alsa_file(tmp_path, monkeypatch) -> Path:
    """Send ALSA playback to a file: every process appends its PCM to capture.raw."""
    capture = tmp_path / "capture.raw"
    conf = tmp_path / "asound.conf"
    conf.write_text(
        f'pcm.!default {{ type file; slave.pcm "null"; file "|cat >> {capture}"; format "raw" }}\n'
    )
    monkeypatch.setenv("ALSA_CONFIG_PATH", f"/usr/share/alsa/alsa.conf:{conf}")
    monkeypatch.setenv("PULSE_SERVER", "unix:/nonexistent/pulse")  # espeak-ng tries Pulse first
    return capture


@pytest.fixture
def alsa_broken(tmp_path, monkeypatch) -> None:
    """An audio device that cannot be opened (as on a machine with no sound card)."""
    conf = tmp_path / "asound-broken.conf"
    conf.write_text("pcm.!default { type hw; card 29 }\n")
    monkeypatch.setenv("ALSA_CONFIG_PATH", f"/usr/share/alsa/alsa.conf:{conf}")
    monkeypatch.setenv("PULSE_SERVER", "unix:/nonexistent/pulse")


def script(path: Path, body: str) -> str:
    path.write_text("#!/bin/sh\n" + body)
    path.chmod(path.stat().st_mode | stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH)
    return str(path)


def wait_for(predicate, timeout: float) -> bool:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if predicate():
            return True
        time.sleep(0.02)
    return predicate()


def sox_stat(path: str) -> dict[str, float]:
    done = subprocess.run(["sox", path, "-n", "stat"], capture_output=True, text=True, check=True)
    values = {}
    for line in done.stderr.splitlines():
        name, _, value = line.partition(":")
        try:
            values[" ".join(name.split())] = float(value)
        except ValueError:
            pass
    return values


# speakable


@pytest.mark.parametrize(
    ("text", "spoken"),
    [
        ("Ben plays dr4.", "Ben plays dominant red 4."),
        ("c-2", "colourless minus 2"),
        ("gX", "green X"),
        ("b17", "blue 17"),
        (
            "Tiny (db17), then p-1; dc4!",
            "Tiny (dominant blue 17), then purple minus 1; dominant colourless 4!",
        ),
        ('"r0" and g10.', '"red 0" and green 10.'),
        ("Bob d4 dr4x xdr4 r c dX b-", "Bob d4 dr4x xdr4 r c dX b-"),
        ("Dominant red 4. Your turn.", "Dominant red 4. Your turn."),
    ],
)
def test_speakable_expands_whole_label_tokens(text, spoken):
    assert speakable(text) == spoken


def test_espeak_says_labels_as_words_not_doctor():
    espeak = need_espeak()

    def phonemes(text: str) -> str:
        done = subprocess.run(
            [espeak, "-q", "-x", text], capture_output=True, text=True, check=True
        )
        return done.stdout

    assert "0kt" in phonemes("Ben plays dr4.")  # the problem is real: "doctor four"
    spoken = speakable("Ben plays dr4.")
    assert spoken == "Ben plays dominant red 4."
    heard = phonemes(spoken)
    assert not re.search(r"d'?0kt", heard), heard
    assert "d'0mIn@nt" in heard and "r'Ed" in heard, heard


# WAV rendering


@pytest.mark.parametrize("engine", ["pyttsx3", "espeak-ng"])
def test_rendered_wav_is_real_speech(tmp_path, capfd, engine):
    need_espeak()
    need_sox()
    wav = tmp_path / f"{engine}.wav"
    render_wav("Ben plays dr4. Your turn.", str(wav), engine=engine)
    out, err = capfd.readouterr()
    assert out == "" and err == ""  # pyttsx3's "Audio saved to" is captured
    duration = float(
        subprocess.run(["soxi", "-D", str(wav)], capture_output=True, text=True, check=True).stdout
    )
    assert duration > 0.5
    stats = sox_stat(str(wav))
    assert stats["RMS amplitude"] > 0.005
    assert stats["Maximum amplitude"] > 0.05


def test_speech_check_writes_wav(tmp_path, capfd, caplog):
    need_espeak()
    wav = tmp_path / "check.wav"
    with caplog.at_level(logging.INFO, logger="doomlings_access.speech"):
        lines = speech_check("tts", wav=str(wav), rate=200)
    assert capfd.readouterr() == ("", "")
    assert len(lines) == 1
    match = re.fullmatch(r"Speech check: wrote (\d+\.\d) seconds of speech to (.+)\.", lines[0])
    assert match and match.group(2) == str(wav)
    assert float(match.group(1)) > 1.0
    assert "Audio saved to" in caplog.text  # logged, not printed
    assert not list(tmp_path.glob(".speech-*"))  # no scratch file left


def test_speech_check_wav_failure_is_one_line(tmp_path):
    lines = speech_check("tts", wav=str(tmp_path / "no-such-folder" / "x.wav"))
    assert len(lines) == 1 and lines[0].startswith("Speech check: could not write")


def test_speech_check_text_modes():
    for mode in ("screen-reader", "off"):
        lines = speech_check(mode)
        assert lines[0] == SAMPLE_SENTENCE and lines[1].startswith("Speech check: ")
    with pytest.raises(ValueError, match="Unknown speech mode: loud"):
        speech_check("loud")


# Modes


def test_screen_reader_and_off_speak_nothing(capfd):
    for mode in ("screen-reader", "off", "screenreader"):
        speaker = make_speaker(mode)
        assert isinstance(speaker, SilentSpeaker) and isinstance(speaker, Speaker)
        speaker.speak("Ben plays dr4.")
        speaker.stop()
        assert speaker.take_notices() == [] and speaker.notice is None
        speaker.close()
    assert capfd.readouterr() == ("", "")


def test_direct_mode_is_quiet_and_falls_back_with_notice(capfd, caplog, alsa_file):
    espeak = need_espeak()
    with caplog.at_level(logging.INFO, logger="doomlings_access.speech"):
        _auto, output, _reason = open_accessible_output()
        if output is not None:
            pytest.skip(f"an accessible_output2 output is active here: {output.name}")
        assert capfd.readouterr() == ("", "")  # AO2's "Cannot find ..." lines never show
        speaker = make_speaker("direct", espeak=espeak)
    try:
        assert capfd.readouterr() == ("", "")
        assert "accessible_output2" in caplog.text
        assert isinstance(speaker, CommandSpeaker) and speaker.name == "espeak-ng"
        notices = speaker.take_notices()
        assert notices == [
            "No screen reader was found for direct speech; speaking with espeak-ng instead."
        ]
        assert speaker.take_notices() == []  # said once
        speaker.speak("Direct mode fell back.")
        assert speaker.wait_idle(5)
        assert speaker.take_notices() == []
    finally:
        speaker.close()
    assert capfd.readouterr() == ("", "")


def test_direct_mode_with_no_engine_at_all_is_text(monkeypatch):
    monkeypatch.setenv(ENV_ESPEAK, "/nonexistent/espeak-ng")
    speaker = make_speaker("direct")
    if not isinstance(speaker, SilentSpeaker):
        speaker.close()
        pytest.skip("an accessible_output2 output is active here")
    notices = speaker.take_notices()
    assert len(notices) == 1
    assert notices[0].startswith(
        "Speech is off: no screen reader was found for direct speech, and "
    )
    assert notices[0].endswith(". The game goes on in text.")


# tts: real espeak-ng and pyttsx3 through an ALSA file device


@pytest.mark.parametrize("engine", ["espeak-ng", "pyttsx3"])
def test_tts_speaks_real_audio(alsa_file, capfd, engine):
    need_espeak()
    speaker = make_speaker("tts", rate=220, engine=engine)
    try:
        assert speaker.name == engine
        started = time.monotonic()
        speaker.speak("Ben plays dr4. Your turn.")
        assert time.monotonic() - started < 0.2
        assert speaker.wait_idle(15)
        assert speaker.take_notices() == [] and speaker.notice is None
    finally:
        speaker.close()
    # ALSA's file plugin pipes through a "cat" that may finish writing just after the engine.
    half_second = 22050 * 2 * 0.5  # bytes of 16-bit 22 kHz mono PCM
    assert wait_for(lambda: alsa_file.exists() and alsa_file.stat().st_size > half_second, 3.0)
    assert capfd.readouterr() == ("", "")


def test_espeak_with_no_audio_device_falls_back_once(alsa_broken, capfd, caplog):
    need_espeak()
    with caplog.at_level(logging.INFO, logger="doomlings_access.speech"):
        speaker = make_speaker("tts")
        try:
            speaker.speak("Ben plays dr4.")
            assert speaker.wait_idle(10)
            notices = speaker.take_notices()
            assert len(notices) == 1
            assert notices[0].startswith("Speech is off: espeak-ng could not play audio")
            assert notices[0].endswith("The game goes on in text.")
            speaker.speak("Nothing more is tried.")
            assert speaker.wait_idle(1) and speaker.take_notices() == []
        finally:
            speaker.close()
    assert "espeak-ng printed: error:" in caplog.text  # logged, not shown
    assert capfd.readouterr() == ("", "")


# tts: missing, failing, stalled engines


def test_missing_engine_returns_at_once_with_notice(monkeypatch, capfd):
    monkeypatch.setenv(ENV_ESPEAK, "/nonexistent/espeak-ng")
    started = time.monotonic()
    speaker = make_speaker("tts", rate=180, voice="en")
    speaker.speak("Ben plays dr4.")
    speaker.close()
    assert time.monotonic() - started < 0.5
    assert isinstance(speaker, SilentSpeaker)
    assert speaker.take_notices() == [
        "Speech is off: the speech engine /nonexistent/espeak-ng was not found. The game goes on in text."
    ]
    assert speaker.take_notices() == []
    assert capfd.readouterr() == ("", "")


def test_failing_engine_falls_back(tmp_path, capfd):
    broken = script(
        tmp_path / "broken-tts", "cat >/dev/null\necho 'error: the voice is gone' >&2\nexit 7\n"
    )
    speaker = make_speaker("tts", espeak=broken)
    try:
        speaker.speak("Hello.")
        assert speaker.wait_idle(5)
        assert speaker.take_notices() == [
            "Speech is off: broken-tts stopped with exit code 7: error: the voice is gone."
            + " The game goes on in text."
        ]
    finally:
        speaker.close()
    assert capfd.readouterr() == ("", "")


def test_stalled_engine_never_blocks_and_falls_back(tmp_path, monkeypatch, capfd):
    pids = tmp_path / "pids"
    stalled = script(tmp_path / "stalled-tts", f"echo $$ >> {pids}\nsleep 1000\n")
    monkeypatch.setenv(ENV_ESPEAK, stalled)
    speaker = make_speaker("tts", timeout_floor=1.0)
    try:
        started = time.monotonic()
        speaker.speak("Hi.", interrupt=False)  # 3 characters: the 1 s floor applies
        speaker.speak("Your turn.", interrupt=False)
        assert time.monotonic() - started < 0.2
        assert speaker.notice is None
        assert wait_for(lambda: speaker.notice is not None, 6.0)
        assert speaker.take_notices() == [
            "Speech is off: stalled-tts did not finish speaking within 1 second."
            + " The game goes on in text."
        ]
        # The stalled process was ended, and nothing more was started.
        pid_list = pids.read_text().split()
        assert len(pid_list) == 1
        assert wait_for(lambda: not _alive(int(pid_list[0])), 3.0)
        speaker.speak("After the fallback.")
        assert speaker.take_notices() == []
    finally:
        started = time.monotonic()
        speaker.close()
        assert time.monotonic() - started < 3.0
    assert capfd.readouterr() == ("", "")


def test_close_ends_a_stalled_utterance_quickly(tmp_path):
    stalled = script(tmp_path / "stalled-tts", "sleep 1000\n")
    speaker = make_speaker("tts", espeak=stalled)
    speaker.speak("This never ends.")
    time.sleep(0.2)
    started = time.monotonic()
    speaker.close()
    assert time.monotonic() - started < 3.0
    assert speaker.take_notices() == []  # closing is not a failure


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    # A zombie still answers kill(0); count it as ended.
    try:
        return Path(f"/proc/{pid}/stat").read_text().split()[2] != "Z"
    except OSError:
        return False


def test_timeout_rule():
    assert utterance_timeout("x" * 10) == 5.0
    assert utterance_timeout("x" * 100) == pytest.approx(15.0)
    assert utterance_timeout("x" * 100, rate=87.5) == pytest.approx(30.0)


# Interruption


def test_interrupt_drops_queued_messages_and_stops_current(tmp_path):
    log = tmp_path / "said"
    engine = script(
        tmp_path / "slow-tts",
        f'text=$(cat)\necho "start $text [$*]" >> {log}\nsleep 0.4\necho "end $text" >> {log}\n',
    )
    speaker = make_speaker("tts", rate=150, voice="en-gb", espeak=engine)
    try:
        speaker.speak("one", interrupt=False)
        assert wait_for(lambda: log.exists() and "start one" in log.read_text(), 3.0)
        speaker.speak("two", interrupt=False)
        speaker.speak("three dr4", interrupt=False)
        speaker.speak("four b17", interrupt=True)
        assert speaker.wait_idle(5)
        said = log.read_text().splitlines()
        assert said == [
            "start one [-s 150 -v en-gb]",
            "start four blue 17 [-s 150 -v en-gb]",
            "end four blue 17",
        ]
        # stop() silences without a new message; queued ones are dropped too.
        speaker.speak("five", interrupt=False)
        speaker.speak("six", interrupt=False)
        assert wait_for(lambda: "start five" in log.read_text(), 3.0)
        speaker.stop()
        assert speaker.wait_idle(5)
        assert log.read_text().splitlines()[3:] == ["start five [-s 150 -v en-gb]"]
        assert speaker.take_notices() == []  # interruption is not a failure
    finally:
        speaker.close()


def test_messages_without_interrupt_are_all_spoken_in_order(tmp_path):
    log = tmp_path / "said"
    engine = script(tmp_path / "quick-tts", f'text=$(cat)\necho "$text" >> {log}\n')
    speaker = make_speaker("tts", espeak=engine)
    try:
        for word in ("alpha", "beta", "gamma", "delta"):
            speaker.speak(word, interrupt=False)
        assert speaker.wait_idle(5)
        assert log.read_text().split() == ["alpha", "beta", "gamma", "delta"]
    finally:
        speaker.close()
