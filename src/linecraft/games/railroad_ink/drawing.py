"""A board as read from text, with what only a drawing on paper shows: the impact mark."""

from __future__ import annotations

from collections.abc import Sequence


class Drawing(list[str | None]):
    """A board's 49 squares and, with Meteor, its last impact square (the `@` mark).

    A list with an attribute, so it lives apart from the compiled board module (compiled
    classes cannot extend a built-in type) while everything that reads a board takes it.
    """

    def __init__(self, squares: Sequence[str | None] = (), impact: int | None = None) -> None:
        super().__init__(squares)
        self.impact = impact
