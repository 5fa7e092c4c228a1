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
    Given,
    Left,
    NotAnOption,
    Option,
    Outcome,
    PlayerCards,
    PlayerResult,
    Question,
    TableCards,
    TableError,
    Tally,
    TieBreak,
    WorldsEndPoints,
)
from doomlings_access.scorer.words import NEEDS, MissingChoice, PlayerScore, Removal, ScoreResult

__all__ = [
    "MAX_CARDS",
    "MAX_FILE_BYTES",
    "NEEDS",
    "RULES_FAILURES",
    "Given",
    "Left",
    "MissingChoice",
    "NotAnOption",
    "Option",
    "Outcome",
    "PlayerCards",
    "PlayerResult",
    "PlayerScore",
    "Question",
    "Removal",
    "ScoreFileError",
    "ScoreResult",
    "TableCards",
    "TableError",
    "Tally",
    "TieBreak",
    "WorldsEndPoints",
    "extra_copies",
    "score_file",
    "score_table",
    "yes_or_no",
]
