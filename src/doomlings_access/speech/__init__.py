"""Speech output: speakers by mode, label expansion, WAV rendering and the speech check.

Typical use by the prompt loop::

    speaker = make_speaker(settings.speech, rate=settings.rate, voice=settings.voice)
    for line in speaker.take_notices():   # e.g. "Speech is off: ... The game goes on in text."
        print(line)
    speaker.speak("Ben plays dr4.")       # spoken as "Ben plays dominant red 4."
    ...
    speaker.close()                       # at exit (also registered with atexit)
"""

from __future__ import annotations

from .backends import (
    DEFAULT_TIMEOUT_FLOOR,
    ENV_ESPEAK,
    ENV_TTS_ENGINE,
    MODES,
    AccessibleOutputSpeaker,
    CommandSpeaker,
    SilentSpeaker,
    Speaker,
    find_tts_command,
    make_speaker,
    make_tts_speaker,
    normalise_mode,
    open_accessible_output,
    speech_off_notice,
    utterance_timeout,
)
from .check import SAMPLE_SENTENCE, SpeechError, render_wav, speech_check, wav_duration
from .labels import label_words, speakable

__all__ = [
    "DEFAULT_TIMEOUT_FLOOR",
    "ENV_ESPEAK",
    "ENV_TTS_ENGINE",
    "MODES",
    "SAMPLE_SENTENCE",
    "AccessibleOutputSpeaker",
    "CommandSpeaker",
    "SilentSpeaker",
    "Speaker",
    "SpeechError",
    "find_tts_command",
    "label_words",
    "make_speaker",
    "make_tts_speaker",
    "normalise_mode",
    "open_accessible_output",
    "render_wav",
    "speakable",
    "speech_check",
    "speech_off_notice",
    "utterance_timeout",
    "wav_duration",
]
