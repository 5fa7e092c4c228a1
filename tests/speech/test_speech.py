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
    SilentSpeaker,
    Speaker,
    make_speaker,
    render_wav,
    speakable,
    speech_check,
    utterance_timeout,
)

# Timing (speech cut off or given up within a fraction of a second, an engine's process
# stalled or cut off): `make test` runs the tests from "Modes" on by themselves (marked
# `alone`), after the rest, never beside other tests. The labels, WAV files and the speech
# check above them wait for whole results, and run on both cores with the rest.


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
def clean_env(monkeypatch, tmp_path):
    """No engine forced; Speech Dispatcher (which direct mode may start) gets its socket,
    settings, log and pid file in this test's folder, and is stopped afterwards."""
    monkeypatch.delenv(ENV_ESPEAK, raising=False)
    monkeypatch.delenv(ENV_TTS_ENGINE, raising=False)
    run = tmp_path / "run"
    run.mkdir()
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setenv("XDG_RUNTIME_DIR", str(run))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    yield
    for pid_file in tmp_path.rglob("speech-dispatcher.pid"):
        _stop(int(pid_file.read_text().strip() or 0))


def _stop(pid: int) -> None:
    if pid <= 1:
        return
    for sig in (15, 9):
        try:
            os.kill(pid, sig)
        except ProcessLookupError:
            return
        if wait_for(lambda: not _alive(pid), 3.0):
            return


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


@pytest.fixture(autouse=True)
def labels_configured():
    """As the program does at start: speech learns the braille cells and catastrophe labels."""
    from doomlings_access.app import configure_speech_labels

    configure_speech_labels()


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
        ("g10.", "green 10."),
        ("Bob d4 dr4x xdr4 r c dX b-", "Bob d4 dr4x xdr4 r c dX b-"),
        ("Dominant red 4. Your turn.", "Dominant red 4. Your turn."),
        # Issue 14: upper case, possessives, catastrophe labels, braille, quoted examples.
        ("Ben plays DR4.", "Ben plays dominant red 4."),
        ("dr4's effect", "dominant red 4's effect"),
        ("Catastrophe: c ice age.", "Catastrophe: catastrophe ice age."),
        ("C THE BIG ONE", "catastrophe THE BIG ONE"),
        ("Ana plays ⠙⠗⠲, then ⠉⠀⠊⠉⠑⠀⠁⠛⠑.", "Ana plays dominant red 4, then catastrophe ice age."),
        ("⠉⠤⠆", "colourless minus 2"),
        ('Or a label like "db17".', 'Or a label like "d b 1 7".'),
        ("No card named 'c-2x'.", "No card named 'c-2x'."),
        ("Type `c-2`", "Type `c minus 2`"),
        ("Ice Age, catastrophe, label c ice age.", "Ice Age, catastrophe, label c ice age."),
        ('"r0" and g10.', '"r 0" and green 10.'),
        ("I see c major", "I see c major"),
    ],
)
def test_speakable_expands_whole_label_tokens(text, spoken):
    assert speakable(text) == spoken


def test_the_labels_rule_spells_its_examples_and_says_their_meaning_once():
    """`rules labels` was heard as "Tiny is dominant blue 17: dominant blue 17"."""
    from doomlings_access.ui.rules_text import rules

    heard = " ".join(speakable(line) for line in rules("labels"))
    assert 'Tiny is "d b 1 7": dominant blue 17.' in heard
    assert 'Confusion is "c minus 2": colourless minus 2.' in heard


def test_a_negative_value_is_a_word_for_espeak():
    """"colourless minus 2" is said whatever the punctuation level: no "-" is left."""
    espeak = need_espeak()
    spoken = speakable("Cy plays c-2.")
    assert "-" not in spoken
    heard = subprocess.run(
        [espeak, "-q", "-x", spoken], capture_output=True, text=True, check=True
    ).stdout
    assert "m'aIn@s" in heard, heard


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
        checked = speech_check("tts", wav=str(wav), rate=200)
    lines = checked.lines
    assert checked.ok
    assert capfd.readouterr() == ("", "")
    assert len(lines) == 1
    match = re.fullmatch(r"Speech check: wrote (\d+\.\d) seconds of speech to (.+)\.", lines[0])
    assert match and match.group(2) == str(wav)
    assert float(match.group(1)) > 1.0
    assert "Audio saved to" in caplog.text  # logged, not printed
    assert not list(tmp_path.glob(".speech-*"))  # no scratch file left


def test_speech_check_wav_failure_is_one_line(tmp_path):
    checked = speech_check("tts", wav=str(tmp_path / "no-such-folder" / "x.wav"))
    assert len(checked.lines) == 1 and checked.lines[0].startswith("Speech check: could not write")
    assert not checked.ok  # (the command exits 1)


@pytest.mark.parametrize(("voice", "ok"), [("zz-nonexist", False), ("en-us", True)])
def test_a_wav_in_a_voice_no_engine_has_is_not_written_in_another(tmp_path, voice, ok):
    """pyttsx3 ignores a voice it does not have: "--voice zz-nonexist" wrote the sample in the
    default voice and said it was written, so a player testing a voice got a false pass."""
    need_espeak()
    wav = tmp_path / "voice.wav"
    checked = speech_check("tts", wav=str(wav), voice=voice)
    assert checked.ok is ok and wav.exists() is ok, checked.lines
    if not ok:
        assert "no voice zz-nonexist" in checked.lines[0] and "does not exist" in checked.lines[0]


def test_speech_check_text_modes():
    for mode in ("screen-reader", "off"):
        lines = speech_check(mode).lines
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


WITHOUT_SPEECHD = (
    "import sys\n"
    "sys.modules['speechd'] = None\n"  # not importable from the venv...
    "from doomlings_access import system_packages\n"
    "system_packages.SYSTEM_DIRS = ()\n"  # ...nor from the system
    "from doomlings_access.speech import make_speaker\n"
    "speaker = make_speaker('direct')\n"
    "print(type(speaker).__name__)\n"
    "print('\\n'.join(speaker.take_notices()))\n"
    "speaker.close()\n"
)


def _without_speechd(extra_env: dict[str, str]) -> list[str]:
    import sys

    env = {**os.environ, **extra_env}
    done = subprocess.run(
        [sys.executable, "-c", WITHOUT_SPEECHD], capture_output=True, text=True, env=env,
        timeout=60, check=True,
    )
    assert done.stderr == ""
    return done.stdout.splitlines()


@pytest.mark.alone
def test_direct_mode_says_exactly_what_is_missing_and_falls_back(alsa_file):
    """No Speech Dispatcher client: the notice names the Debian packages, and speech goes on
    with espeak-ng. Nothing accessible_output2 prints reaches the screen."""
    need_espeak()
    lines = _without_speechd({})
    assert lines == [
        "CommandSpeaker",
        ("Direct speech is not possible: direct speech needs Speech Dispatcher's Python module, "
        "which is not installed (on Debian or Ubuntu: sudo apt-get install python3-speechd "
        "speech-dispatcher speech-dispatcher-espeak-ng). Speaking with espeak-ng instead."),
    ]


@pytest.mark.alone
def test_direct_mode_with_no_engine_at_all_is_text():
    lines = _without_speechd({ENV_ESPEAK: "/nonexistent/espeak-ng"})
    assert lines[0] == "SilentSpeaker"
    assert lines[1].startswith(
        "Speech is off: direct speech is not possible: direct speech needs Speech "
        "Dispatcher's Python module"
    )
    assert lines[1].endswith(
        "and the speech engine /nonexistent/espeak-ng was not found. The game goes on in text."
    )


def _need_speech_dispatcher() -> None:
    from doomlings_access.speech import direct

    if direct.speechd_module() is None or shutil.which("speech-dispatcher") is None:
        pytest.skip(f"needs speech-dispatcher: {direct.INSTALL}")
    if not direct._voice_modules():
        pytest.skip(f"needs speech-dispatcher voice module: {direct.INSTALL}")


@pytest.mark.alone
@pytest.mark.filterwarnings("ignore::pytest.PytestUnhandledThreadExceptionWarning")
def test_direct_mode_speaks_through_speech_dispatcher(tmp_path, alsa_file, capfd):
    """(speechd's client ends its reader thread with SystemExit when closed: not an error.)

    The Debian client (python3-speechd), reached from the venv through the path shim,
    starts a real Speech Dispatcher, whose espeak-ng module plays the words into ALSA (here a
    file): labels are spoken as words, and nothing is printed."""
    _need_speech_dispatcher()
    config = tmp_path / "config" / "speech-dispatcher"
    config.mkdir(parents=True)
    (config / "speechd.conf").write_text(
        'AudioOutputMethod "alsa"\n'
        'AddModule "espeak-ng" "sd_espeak-ng" "espeak-ng.conf"\n'
        "DefaultModule espeak-ng\n"
    )
    speaker = make_speaker("direct")
    try:
        assert speaker.name == "accessible_output2 (Linux Speech Dispatcher)", speaker
        assert speaker.take_notices() == []
        speaker.speak("Ben plays dr4.", interrupt=True, braille="Ben plays dr4.")
        one_second = 22050 * 2  # bytes of 16-bit 22 kHz mono PCM
        assert wait_for(lambda: alsa_file.exists() and alsa_file.stat().st_size > one_second, 15)
    finally:
        speaker.close()
    assert capfd.readouterr() == ("", "")


@pytest.mark.alone
def test_direct_mode_sends_labels_to_braille_and_words_to_speech():
    """A braille display (NVDA, JAWS) gets the printed line with its labels, speech gets the
    words: checked on accessible_output2's own Output class, as NVDA's output uses it."""
    from accessible_output2.outputs.base import Output

    from doomlings_access.speech import AccessibleOutputSpeaker

    class Display(Output):  # an output with speech and braille, like NVDA's
        name = "display"

        def __init__(self):
            self.spoken, self.brailled = [], []

        def speak(self, text, interrupt=False):
            self.spoken.append(text)

        def braille(self, text):
            self.brailled.append(text)

    display = Display()
    speaker = AccessibleOutputSpeaker(None, display, lambda: (SilentSpeaker(), None))
    assert speaker.brailles
    speaker.speak("Ben plays Tiny, dominant blue 17.", braille="Ben plays Tiny, db17.")
    speaker.speak("Cy plays c-2.")
    assert display.spoken == ["Ben plays Tiny, dominant blue 17.", "Cy plays colourless minus 2."]
    assert display.brailled == ["Ben plays Tiny, db17.", "Cy plays c-2."]


# tts: real espeak-ng and pyttsx3 through an ALSA file device


@pytest.mark.alone
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


@pytest.mark.alone
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


@pytest.mark.alone
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


@pytest.mark.alone
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


@pytest.mark.alone
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


@pytest.mark.alone
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


@pytest.mark.alone
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


@pytest.mark.alone
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


def test_speech_check_that_cannot_write_exits_with_an_error_status(tmp_path):
    """"could not write" came with exit status 0: a script checking a machine took it for success."""
    from programs import DOOMLINGS

    done = subprocess.run(
        [*DOOMLINGS, "speech-check", "--wav", str(tmp_path / "no-such-folder" / "x.wav")],
        capture_output=True, text=True, timeout=60, check=False,
    )
    assert done.returncode == 1 and "Speech check: could not write" in done.stdout, done


@pytest.mark.alone
def test_a_failure_found_as_the_last_lines_are_spoken_is_still_said(tmp_path, monkeypatch):
    """An all-computer game ended before its engine's failure was known, and closing speech
    dropped the notice: the listener heard silence and was never told why. It is said at the
    end, without "The game goes on in text" (no game goes on)."""
    from doomlings_access.app import Speech

    late = script(tmp_path / "late-tts", "cat >/dev/null\nsleep 0.3\necho 'error: no audio' >&2\nexit 7\n")
    monkeypatch.setenv(ENV_ESPEAK, late)
    monkeypatch.setenv("DOOMLINGS_TTS_ENGINE", "espeak-ng")
    told: list[str] = []
    speech = Speech("tts", None, None)
    speech.notify = told.append
    speech.switch("tts")
    speech.speak("Pia wins with 19 points. Game over.")
    assert told == []  # not known yet
    speech.close(flush=True)
    assert told == ["Speech is off: late-tts stopped with exit code 7: error: no audio."], told
