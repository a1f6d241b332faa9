"""The error types of the game contract.

Two kinds of bad input, two types: text that is not an action at all
(`ActionSyntaxError`) and a well-formed action that is not legal now
(`IllegalActionError`). A failed `apply` never changes the state.
"""


class LinecraftError(Exception):
    """Base of every error the platform raises on bad input."""


class ActionSyntaxError(LinecraftError, ValueError):
    """Text that is not an action (or chance outcome) of the game."""


class IllegalActionError(LinecraftError):
    """A well-formed action that the rules forbid now; the message says why."""


class NotYourTurnError(LinecraftError):
    """The player may not act now (another seat's turn, a chance event, or game over)."""


class PositionError(LinecraftError, ValueError):
    """A position file that does not follow the game's text format, or (for games whose
    scorer needs it) breaks the game's validity rules; `problems` lists each one."""

    def __init__(self, message: str, problems: list[str] | None = None) -> None:
        super().__init__(message)
        self.problems = problems if problems is not None else [message]


class RecordError(LinecraftError, ValueError):
    """A game record that is malformed or does not replay to its stored result."""
