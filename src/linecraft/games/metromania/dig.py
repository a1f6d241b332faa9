"""The dig obligation (§8.1): how many dig steps can still follow one another this turn.

The search tries each step on the city itself and takes it back, so it copies nothing;
it is the heart of listing legal steps, and runs compiled (see linecraft.compiled).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeGuard

from linecraft.core.game import Action
from linecraft.games.metromania.city import City
from linecraft.games.metromania.notation import Extend, Finish, Start

MAX_DIG = 3


def needs_marker(step: Action) -> bool:
    """A Spot tunnel: it places a Destination, which nobody has to do (§8.5)."""
    return isinstance(step, Extend) and step.letter is not None


def is_plain(step: Start | Extend | Finish) -> TypeGuard[Extend]:
    """A tunnel through a blank space: the steps `still_standing` knows about."""
    return isinstance(step, Extend) and step.letter is None


def still_standing(
    standing: Sequence[Extend], step: Start | Extend | Finish, supply: int
) -> list[Extend]:
    """Those of `standing`, plain tunnels legal along with `step`, that are still legal
    after it, `supply` stations being left before it (§8): the tunnels of the company's
    other line away from its tunnel (a gate's lies outside the city). The step places at
    most a marker and builds at most two stations, which only allow more bends and, from
    four on, leave the two that a tunnel may force."""
    if supply < 4:
        return []
    space = step.space if isinstance(step, Extend) else None
    return [u for u in standing if u.line != step.line and u.space != space]


def dig_depth(
    city: City,
    company: int,
    most: int,
    *,
    spots: bool = True,
    standing: Sequence[Extend] = (),
    first: int = 0,
) -> int:
    """How many dig steps, at most `most` (1 or more), can follow one another legally
    (§8.1); without `spots`, only tunnels that need no marker. Each step is tried on
    `city` itself and taken back, those of line `first` first (the order changes only
    how soon the search ends). `standing`: plain tunnels legal here; a step after which
    one of them is still legal makes two with no further search."""
    deepest = 0
    for step in city.iter_dig_steps(company, first=first):
        if not spots and needs_marker(step):
            continue
        if most == 1:
            return 1
        if most == 2 and standing and still_standing(standing, step, city.supply):
            return 2
        dug = city.apply(company, step)
        depth = 1 + dig_depth(city, company, most - 1, spots=spots, first=step.line)
        city.take_back(company, step, dug)
        if depth == most:
            return most
        deepest = max(deepest, depth)
    return deepest


def leaves_room(
    city: City,
    company: int,
    step: Start | Extend | Finish,
    wanted: int,
    standing: Sequence[Extend] = (),
) -> bool:
    """Whether `wanted` (1 or more) dig steps can still follow `step`, through a Spot if
    need be; tried on `city` and taken back. `standing`: plain tunnels legal along with
    `step`."""
    kept = still_standing(standing, step, city.supply)
    if kept and wanted == 1:
        return True
    dug = city.apply(company, step)
    room = dig_depth(city, company, wanted, standing=kept, first=step.line) == wanted
    city.take_back(company, step, dug)
    return room


def dig_obligation(city: City, company: int) -> int:
    """K: the most dig steps (at most 3) the company can take this turn without a
    Spot; a Spot tunnel is never owed, so it never counts here. The search tries each
    step on `city` itself and takes it back."""
    return dig_depth(city, company, MAX_DIG, spots=False)
