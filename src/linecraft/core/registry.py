"""The registry of games: names, options with validation, and `load`."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from linecraft.core.game import Game, HelpPage
from linecraft.core.i18n import _


@dataclass(frozen=True)
class Option:
    """One game option: its default, the allowed values in words, and a validator.

    `validate` returns the normalised value or raises `ValueError` saying why.
    `choices` lists the values a form may offer (a yes/no box for `(False, True)`, a
    menu otherwise, boxes to tick when `many` values form a list); without them a form
    asks for the value as JSON text.
    """

    name: str
    default: Any
    allowed: str
    validate: Callable[[Any], Any]
    doc: str = ""
    choices: tuple[Any, ...] = ()
    many: bool = False
    # what a player reads in a form: the option's name, one line of help (no rule
    # codes), and each choice in words (in the order of `choices`)
    label: str = ""
    help: str = ""
    choice_words: tuple[str, ...] = ()
    ordered: bool = False  # the value is None (the rules' own order) or all `choices` ordered
    hidden: bool = False  # set by the platform (the seats give the number of players)


@dataclass(frozen=True)
class GameInfo:
    """What the registry knows about a game before it is loaded."""

    name: str
    title: str
    make: Callable[[Mapping[str, Any]], Game]
    options: tuple[Option, ...] = ()
    # Option sets every conformance test runs over.
    conformance_options: tuple[Mapping[str, Any], ...] = field(default=({},))
    # the lobby's card: one sentence, how many play, how long a game takes
    blurb: str = ""
    players: tuple[int, int] = (1, 1)
    minutes: str = ""
    # the How to play pages: the base game first, then each expansion or module
    help: Callable[[], Sequence[HelpPage]] | None = None

    def resolve_options(self, given: Mapping[str, Any]) -> dict[str, Any]:
        """Defaults filled in, every value validated; `ValueError` names the bad option."""
        known = {option.name: option for option in self.options}
        for key in given:
            if key not in known:
                names = ", ".join(sorted(known)) or "none"
                raise ValueError(
                    _("{game} has no option {option!r} (options: {names})").format(
                        game=self.title, option=key, names=names
                    )
                )
        resolved = {}
        for option in self.options:
            value = given.get(option.name, option.default)
            try:
                resolved[option.name] = option.validate(value)
            except (TypeError, ValueError) as exc:
                raise ValueError(
                    _(
                        "{game}: bad value {value!r} for option {option!r} (allowed: {allowed}): "
                        "{reason}"
                    ).format(
                        game=self.title,
                        value=value,
                        option=option.name,
                        allowed=_(option.allowed),
                        reason=exc,
                    )
                ) from None
        return resolved


_REGISTRY: dict[str, GameInfo] = {}


def register(info: GameInfo) -> None:
    """Add a game; registering a name twice is an error."""
    if info.name in _REGISTRY:
        raise ValueError(f"game {info.name!r} is already registered")
    _REGISTRY[info.name] = info


def game_info(name: str) -> GameInfo:
    try:
        return _REGISTRY[name]
    except KeyError:
        names = ", ".join(sorted(_REGISTRY)) or "none"
        raise ValueError(
            _("unknown game {name!r} (games: {names})").format(name=name, names=names)
        ) from None


def registered_games() -> list[GameInfo]:
    return [_REGISTRY[name] for name in sorted(_REGISTRY)]


def load_game(name: str, **options: Any) -> Game:
    info = game_info(name)
    return info.make(info.resolve_options(options))
