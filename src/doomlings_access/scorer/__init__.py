"""Scoring a real table: the :class:`~.tally.Tally` for programs (cards by id, each question
that matters returned as data, then the outcome), the score-file reader on it (``doomlings
score FILE``), and the words both say the result in."""

from doomlings_access.scorer.reader import (
    MAX_FILE_BYTES,
    RULES_FAILURES,
    ScoreFileError,
    extra_copies,
    score_file,
    score_table,
    yes_or_no,
)
from doomlings_access.scorer.tally import (
    MAX_CARDS,
    NotAnOption,
    Option,
    Outcome,
    PlayerCards,
    Question,
    TableCards,
    TableError,
    Tally,
)
from doomlings_access.scorer.words import NEEDS, MissingChoice, PlayerScore, Removal, ScoreResult

__all__ = [
    "MAX_CARDS",
    "MAX_FILE_BYTES",
    "NEEDS",
    "RULES_FAILURES",
    "MissingChoice",
    "NotAnOption",
    "Option",
    "Outcome",
    "PlayerCards",
    "PlayerScore",
    "Question",
    "Removal",
    "ScoreFileError",
    "ScoreResult",
    "TableCards",
    "TableError",
    "Tally",
    "extra_copies",
    "score_file",
    "score_table",
    "yes_or_no",
]
