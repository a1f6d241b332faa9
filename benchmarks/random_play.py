"""Long random play: thousands of random games of every game and option set, each checked.

    .venv/bin/python benchmarks/random_play.py [--games 10000] [--jobs CORES] [--every 10]
        [--game NAME] [--options JSON] [--seed 0]

For every registered game (or `--game`) and each option set that matters (the game's
conformance option sets and those of OPTION_SETS below, or `--options`), plays `--games`
random games, seeds `--seed` onwards, spread over `--jobs` processes. Every game goes the
checked way: `state.apply` with an action drawn from `legal_actions`, chance by `advance`.
Every `--every`-th event an illegal attempt (an action the list leaves out, one out of
turn, words that name no action, an action while chance is due) must be refused and leave
the state as it was. At the end the game must be over with a total on every score card
and winners among the seats, refuse any action, and its record must replay to the same
scores and winners.

Prints per option set the games played, the failures, games/s in one process, the mean
ms per game with its 95% interval, and the slowest game with its seed; then the totals with
games/s over the wall clock. A failure prints the game, options, seed, the failing step
and the command that plays that game alone; the script exits 1 when any game failed.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time
import traceback
from collections.abc import Iterator, Mapping, Sequence
from concurrent.futures import Future, ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import linecraft
from linecraft.core import (
    Action,
    ActionSyntaxError,
    Game,
    LinecraftError,
    NotYourTurnError,
    State,
    make_record,
    replay,
)
from linecraft.sim.stats import mean_interval

# Option sets played besides each game's `conformance_options`: every expansion, module
# and mode alone and in the combinations the rules allow, over the player counts.
OPTION_SETS: dict[str, tuple[Mapping[str, Any], ...]] = {
    "railroad-ink": (
        {"players": 6},
        {"players": 1, "expansions": ("lava", "meteor")},
        {"players": 6, "expansions": ("lava", "meteor")},
        {"players": 6, "expansions": ("underground",)},
    ),
    "next-station-london": (
        {"players": 3},
        {"players": 1, "objectives": True},
        {"players": 1, "powers": True},
        {"players": 2, "objectives": True},
        {"players": 3, "objectives": True, "powers": True},
        {
            "players": 1,
            "objectives": ("central9", "thames6"),
            "powers": ("circle", "switch", "joker", "double"),
        },
        {"players": 1, "solo": False},
        {"players": 2, "order": ("green", "pink", "blue", "purple")},
        {"players": 6, "more_players": True, "objectives": True, "powers": True},
    ),
    "metro": (
        {"players": 3},
        {"players": 5},
        {"players": 2, "modules": (1,)},
        {"players": 6, "modules": (1,)},
        {"players": 4, "modules": (2,)},
        {"players": 6, "modules": (2,)},
        {"players": 2, "modules": (3,)},
        {"players": 6, "modules": (3,)},
        {"players": 2, "modules": (4,)},
        {"players": 4, "modules": (4,)},
        {"players": 4, "modules": (1, 3, 4)},
        {"players": 6, "modules": (1, 2, 4)},
        {"players": 2, "hand_size": 3},
        {"players": 2, "free_rotation": True},
        {"players": 2, "modules": (1,), "exchange_cooldown": True},
        {"players": 3, "modules": (3,), "central_track_rotation": "fixed"},
        {"players": 2, "modules": (4,), "numbers_per_player": 1},
        {"players": 4, "modules": (4,), "numbers_per_player": 4},
    ),
    "metromania": (
        {"players": 2, "two_player_mode": "six-destinations"},
        {
            "players": 2,
            "two_player_mode": "six-destinations",
            "open_destinations": True,
            "gates": "alternating",
        },
        {"players": 2, "two_player_mode": "six-destinations", "strict_municipality": True},
        {"players": 2, "two_player_mode": "six-destinations", "end_lines": 4},
        {"players": 2, "open_destinations": True},
        {"players": 2, "strict_municipality": True},
        {"players": 4, "strict_municipality": True},
        {"players": 3, "gates": "alternating"},
        {"players": 4, "end_lines": 3},
        {"players": 3, "end_lines": 6},
    ),
}

MAX_EVENTS = 50_000  # a game still going after this many events never ends
ATTEMPTS = 20  # random action ids tried in search of one the list leaves out
CHUNK = 25  # games per task handed to a process


class PlayError(AssertionError):
    """A check of the random play failed."""


def expect(condition: bool, message: str) -> None:
    """Like `assert`, but kept under `python -O`."""
    if not condition:
        raise PlayError(message)


def option_key(options: Mapping[str, Any]) -> str:
    """An option set as canonical JSON: its label, and how it travels to a process."""
    plain = {k: list(v) if isinstance(v, tuple) else v for k, v in options.items()}
    return json.dumps(plain, sort_keys=True)


@dataclass(frozen=True)
class Case:
    """One game with one option set (`options` as JSON text)."""

    game: str
    options: str

    def load(self) -> Game:
        return linecraft.load(self.game, **json.loads(self.options))

    def __str__(self) -> str:
        return f"{self.game} {self.options}"


def cases(only_game: str | None = None, only_options: str | None = None) -> list[Case]:
    """Every game's conformance option sets and ours, each once, in registry order."""
    found: list[Case] = []
    for info in linecraft.games():
        if only_game is not None and info.name != only_game:
            continue
        if only_options is not None:
            sets: Sequence[Mapping[str, Any]] = (json.loads(only_options),)
        else:
            sets = (*info.conformance_options, *OPTION_SETS.get(info.name, ()))
        for options in sets:
            case = Case(info.name, option_key(options))
            if case not in found:
                found.append(case)
    if only_game is not None and not found:
        raise SystemExit(f"no game named {only_game!r}")
    return found


@dataclass
class Step:
    """Where a game has got to, for the failure report."""

    events: int = 0
    doing: str = "setting up"


def snapshot(state: State) -> str:
    """What every seat sees, the history and the scores, as text."""
    players = range(state.game.num_players)
    return json.dumps(
        {
            "views": [state.view(None), *(state.view(p) for p in players)],
            "history": [event.to_json() for event in state.history],
            "scores": {str(p): dict(card) for p, card in state.scores().items()},
            "chance": state.is_chance(),
        },
        sort_keys=True,
        default=str,
    )


def legal_lists(state: State) -> list[list[str]]:
    return [[str(a) for a in state.legal_actions(p)] for p in state.to_act()]


def unlisted_action(
    state: State, player: int, listed: set[str], rng: random.Random
) -> Action | None:
    """A random action that `legal_actions` leaves out and `apply` refuses on a copy
    (some games accept actions equal to listed ones: two identical dice), or None."""
    game = state.game
    for _ in range(ATTEMPTS):
        action = game.action_from_id(rng.randrange(game.num_distinct_actions))
        if str(action) in listed or str(action) == "undo":
            continue
        try:
            state.clone().apply(player, action)
        except LinecraftError:
            return action
    return None


def attempts(
    state: State, player: int, legal: Sequence[Action], rng: random.Random
) -> Iterator[tuple[int, Action | str, type[LinecraftError]]]:
    """The illegal attempts to make now: (seat, action or text, the error it must raise)."""
    unlisted = unlisted_action(state, player, {str(a) for a in legal}, rng)
    if unlisted is not None:
        yield player, unlisted, LinecraftError
    outsiders = [p for p in range(state.game.num_players) if p not in state.to_act()]
    if outsiders:
        yield rng.choice(outsiders), legal[0], NotYourTurnError
    yield player, "no such action here", ActionSyntaxError


def refuse(
    state: State, tries: Iterator[tuple[int, Action | str, type[LinecraftError]]], step: Step
) -> None:
    """Each attempt raises its error and leaves the state exactly as it was, the legal
    actions included (listed once at the end: they are the dearest to list)."""
    before = snapshot(state)
    legal = legal_lists(state)
    for seat, action, error in tries:
        step.doing = f"player {seat} tries {str(action)!r}, expecting {error.__name__}"
        try:
            state.apply(seat, action)
        except error:
            pass
        else:
            raise PlayError("the illegal attempt was accepted")
        expect(snapshot(state) == before, "the refused attempt changed the state")
    expect(legal_lists(state) == legal, "the refused attempts changed the legal actions")


def check_end(state: State, step: Step) -> None:
    """Over, a total on every card, winners among the seats; the record replays alike;
    nobody may act any more."""
    game = state.game
    seats = list(range(game.num_players))
    expect(state.to_act() == () and not state.is_chance(), "over, yet someone is to act")
    cards = state.scores()
    expect(sorted(cards) == seats, f"score cards for {sorted(cards)}, not every seat")
    for seat, card in cards.items():
        expect("total" in card and isinstance(card.total, int), f"seat {seat}: no total")
    winners = state.winners()
    expect(bool(winners) and set(winners) <= set(seats), f"winners {winners}")
    record = json.loads(json.dumps(make_record(state)))
    rebuilt = replay(record)  # every event applied the checked way, the stored cards compared
    expect(rebuilt.history == state.history, "the replay's history differs")
    totals = {p: card.total for p, card in rebuilt.scores().items()}
    expect(totals == {p: card.total for p, card in cards.items()}, "the replay's totals differ")
    expect(rebuilt.winners() == winners, "the replay's winners differ")
    refuse(state, iter([(seats[0], game.action_from_id(0), NotYourTurnError)]), step)


def play_one(game: Game, seed: int, every: int, step: Step) -> int:
    """One random game the checked way, checked at the end; returns its action count."""
    state = game.new_state(seed)
    rng = random.Random(seed)
    actions = 0
    while not state.is_terminal():
        step.events = len(state.history)
        expect(step.events < MAX_EVENTS, f"no end after {MAX_EVENTS} events")
        due = step.events % every == every - 1
        if state.is_chance():
            if due:
                chance_try = iter([(0, game.action_from_id(0), NotYourTurnError)])
                refuse(state, chance_try, step)
            step.doing = "chance: advance"
            state.advance()
            continue
        player = rng.choice(state.to_act())
        legal = state.legal_actions(player)
        expect(bool(legal), f"player {player} is to act with no legal action")
        if due:
            refuse(state, attempts(state, player, legal, rng), step)
        action = rng.choice(legal)
        step.doing = f"player {player} plays {str(action)!r}"
        state.apply(player, action)
        actions += 1
    step.events = len(state.history)
    step.doing = "checking the end"
    check_end(state, step)
    return actions


@dataclass(frozen=True)
class Failure:
    """A game that went wrong, with what it takes to play it again."""

    case: Case
    seed: int
    every: int
    events: int
    doing: str
    error: str

    def command(self) -> str:
        return (
            f".venv/bin/python benchmarks/random_play.py --game {self.case.game} "
            f"--options '{self.case.options}' --seed {self.seed} --games 1 --jobs 1 "
            f"--every {self.every}"
        )

    def __str__(self) -> str:
        return (
            f"FAILED {self.case} seed {self.seed}, after {self.events} events, "
            f"{self.doing}: {self.error}\n    again: {self.command()}"
        )


@dataclass
class Tally:
    """The games of one case played so far."""

    case: Case
    games: int = 0
    actions: int = 0
    seconds: list[float] = field(default_factory=list)
    failures: list[Failure] = field(default_factory=list)
    slowest: tuple[float, int] = (0.0, -1)  # seconds, seed

    def add(self, other: Tally) -> None:
        self.games += other.games
        self.actions += other.actions
        self.seconds += other.seconds
        self.failures += other.failures
        self.slowest = max(self.slowest, other.slowest)

    def line(self) -> str:
        busy = sum(self.seconds) or 1e-9
        ms = mean_interval([s * 1000 for s in self.seconds]) if self.seconds else "-"
        return (
            f"{self.case}: {self.games} games, {len(self.failures)} failed; "
            f"{self.games / busy:.1f} games/s in one process, {ms} ms/game, "
            f"{self.actions / max(self.games, 1):.0f} actions/game, "
            f"slowest {self.slowest[0] * 1000:.0f} ms (seed {self.slowest[1]})"
        )


def where(exc: Exception) -> str:
    """The line that raised, unless it is one of ours."""
    frame = traceback.extract_tb(exc.__traceback__)[-1]
    if frame.filename == __file__:
        return ""
    return f" (at {Path(frame.filename).name}:{frame.lineno} in {frame.name})"


def play_games(case: Case, seeds: range, every: int) -> Tally:
    """Play the games of `seeds`; a game that raises anything becomes a `Failure`."""
    game = case.load()
    tally = Tally(case)
    for seed in seeds:
        step = Step()
        start = time.perf_counter()
        try:
            tally.actions += play_one(game, seed, every, step)
        except Exception as exc:
            error = f"{type(exc).__name__}: {exc}{where(exc)}"
            tally.failures.append(Failure(case, seed, every, step.events, step.doing, error))
        seconds = time.perf_counter() - start
        tally.seconds.append(seconds)
        tally.slowest = max(tally.slowest, (seconds, seed))
        tally.games += 1
    return tally


def chunks(seeds: range, size: int) -> list[range]:
    return [seeds[i : i + size] for i in range(0, len(seeds), size)]


def play_all(
    todo: Sequence[Case],
    games: int,
    *,
    seed: int = 0,
    every: int = 10,
    jobs: int = 1,
    report: bool = False,
) -> list[Tally]:
    """`games` games of each case over `jobs` processes; a line per case when `report`."""
    seeds = range(seed, seed + games)
    tallies = {case: Tally(case) for case in todo}
    if jobs <= 1:
        for case in todo:
            tallies[case].add(play_games(case, seeds, every))
            if report:
                show(tallies[case])
        return list(tallies.values())
    left = {case: len(chunks(seeds, CHUNK)) for case in todo}
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        futures: dict[Future[Tally], Case] = {
            pool.submit(play_games, case, part, every): case
            for case in todo
            for part in chunks(seeds, CHUNK)
        }
        for future in as_completed(futures):
            case = futures[future]
            tallies[case].add(future.result())
            left[case] -= 1
            if report and left[case] == 0:
                show(tallies[case])
    return list(tallies.values())


def show(tally: Tally) -> None:
    print(tally.line(), flush=True)
    for failure in tally.failures[:10]:
        print(" ", failure, flush=True)
    if len(tally.failures) > 10:
        print(f"  … and {len(tally.failures) - 10} more failures", flush=True)


def arguments() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0] if __doc__ else None)
    parser.add_argument("--games", type=int, default=10_000, help="games per option set")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--every", type=int, default=10, help="events between illegal tries")
    parser.add_argument("--game", help="only this game")
    parser.add_argument("--options", help="only this option set, as JSON")
    parser.add_argument("--seed", type=int, default=0, help="the first seed")
    args = parser.parse_args()
    if args.options is not None and args.game is None:
        parser.error("--options needs --game")
    return args


def main() -> int:
    args = arguments()
    todo = cases(args.game, args.options)
    for case in todo:
        case.load()  # a bad option set stops us before anything is played
    print(
        f"{len(todo)} option sets × {args.games} games, seeds {args.seed} onwards, "
        f"{args.jobs} processes, an illegal attempt every {args.every} events",
        flush=True,
    )
    start = time.perf_counter()
    tallies = play_all(
        todo, args.games, seed=args.seed, every=args.every, jobs=args.jobs, report=True
    )
    wall = time.perf_counter() - start
    games = sum(t.games for t in tallies)
    failed = sum(len(t.failures) for t in tallies)
    busy = sum(sum(t.seconds) for t in tallies) or 1e-9
    print(
        f"all: {games} games over {len(tallies)} option sets, {failed} failed; "
        f"{games / wall:.1f} games/s over {wall:.0f} s wall clock ({args.jobs} processes), "
        f"{games / busy:.1f} games/s in one process"
    )
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
