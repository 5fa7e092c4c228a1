"""Errors raised by the rules engine; all are ``ValueError`` so callers can catch them by category."""


class IllegalActionError(ValueError):
    """The action is not one of the legal answers to the pending decision; state is unchanged."""


class GameOverError(IllegalActionError):
    """An action was applied to a game that has ended."""
