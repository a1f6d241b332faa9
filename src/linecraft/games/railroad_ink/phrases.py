"""Refusals worded only when someone reads them.

The engine asks millions of times whether a drawing is legal and almost never why,
so a refusal keeps its English template (marked with `N_`) and the values that fill
it, and `str()` words it in the reader's language at that moment. A value that is a
`Phrase` itself (the name of a route type) is worded the same way.

>>> str(Phrase(N_("{square} is not empty"), square="D4"))
'D4 is not empty'
"""

from __future__ import annotations

from linecraft.core.i18n import N_, _

__all__ = ["N_", "Phrase"]


class Phrase:
    """A message template and its values, translated and filled when made into text."""

    __slots__ = ("template", "values")

    def __init__(self, template: str, **values: object) -> None:
        self.template = template
        self.values = values

    def __str__(self) -> str:
        return _(self.template).format(**self.values)

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, Phrase)
            and self.template == other.template
            and self.values == other.values
        )

    def __hash__(self) -> int:
        return hash((self.template, tuple(sorted(self.values.items()))))

    def __repr__(self) -> str:
        return f"Phrase({self.template!r}, {self.values!r})"
