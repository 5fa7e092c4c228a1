"""Errors raised by the rules engine: a wrong answer (the kernel's, shared by every game)."""

from doomlings_access.kernel.decisions import GameOverError, IllegalActionError

__all__ = ["GameOverError", "IllegalActionError"]
