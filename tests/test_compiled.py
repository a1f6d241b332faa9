"""The compiled engine modules play exactly like their Python source: the same seeded
games through both (the source in a child process with LINECRAFT_PURE=1) show the same
legal actions, views and score cards at every step, and the bots choose the same moves."""

from __future__ import annotations

import json
import os
import pickle
import random
import subprocess
import sys
from importlib import import_module
from pathlib import Path

import pytest

import linecraft
from linecraft import compiled
from linecraft.sim.trace import fingerprint, trace

ROOT = Path(__file__).parent.parent

# (game, options, random games, greedy games): the games whose modules run compiled,
# 1,560 random games in all (a longer check by hand: python -m linecraft.sim.trace).
PLAYS = [
    ("railroad-ink", {"players": 1}, 400, 4),
    ("railroad-ink", {"players": 2, "expansions": ["lava"]}, 40, 1),
    ("railroad-ink", {"players": 1, "expansions": ["lava"]}, 60, 2),
    ("railroad-ink", {"players": 1, "expansions": ["meteor"]}, 300, 3),
    ("railroad-ink", {"players": 1, "expansions": ["underground"]}, 80, 2),
    ("railroad-ink", {"players": 1, "variant": "underground-standalone"}, 150, 3),
    ("next-station-london", {"players": 1}, 250, 10),
    ("next-station-london", {"players": 3, "objectives": True, "powers": True}, 50, 2),
    ("metro", {"players": 4}, 100, 3),
    ("metro", {"players": 3, "modules": [1, 3, 4]}, 50, 2),
    ("metromania", {"players": 4}, 80, 2),
]


def _start_pure(*arguments: str) -> subprocess.Popen[str]:
    """Python started with the engines' source alone."""
    environment = {**os.environ, "LINECRAFT_PURE": "1"}
    return subprocess.Popen(
        [sys.executable, *arguments],
        env=environment,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=ROOT,
    )


def _pure(*arguments: str) -> subprocess.CompletedProcess[str]:
    """Python run with the engines' source alone, to its end."""
    child = _start_pure(*arguments)
    stdout, stderr = child.communicate()
    return subprocess.CompletedProcess(child.args, child.returncode, stdout, stderr)


def _parting(fast: list[str], pure: list[str]) -> int | None:
    """The first step where two traces of a game differ, if any."""
    for step, (one, other) in enumerate(zip(fast, pure, strict=False)):
        if one != other:
            return step
    return None if len(fast) == len(pure) else min(len(fast), len(pure))


def test_the_compiled_modules_are_the_ones_running() -> None:
    assert compiled.ACTIVE, f"the engines run {compiled.DESCRIPTION}: run make to build them"
    for name in json.loads(compiled.MANIFEST.read_text()):
        assert not import_module(name).__file__.endswith(".py"), name  # type: ignore[union-attr]


def test_pure_python_is_forced_by_the_environment() -> None:
    shown = _pure("-c", "import linecraft.compiled as c; print(c.ACTIVE, c.DESCRIPTION)")
    assert shown.stdout == "False pure Python (LINECRAFT_PURE is set)\n"


@pytest.mark.parametrize(("name", "options", "randoms", "greedies"), PLAYS)
def test_compiled_and_pure_python_play_alike(
    name: str, options: dict[str, object], randoms: int, greedies: int
) -> None:
    game = linecraft.load(name, **options)
    text = json.dumps(options)
    for bot, seeds in ((None, range(randoms)), ("greedy", range(1000, 1000 + greedies))):
        argv = ["-m", "linecraft.sim.trace", name, text, "--seeds", str(seeds.start)]
        argv += [str(seeds.stop), *(["--bot", bot] if bot else [])]
        child = _start_pure(*argv)  # the two sides play at once
        fast = trace(game, seeds, bot)
        stdout, stderr = child.communicate()
        assert child.returncode == 0, stderr
        pure = {int(seed): steps for seed, steps in json.loads(stdout).items()}
        for seed in seeds:
            step = _parting(fast[seed], pure[seed])
            assert step is None, f"{bot or 'random'} game {seed}: the two part at step {step}"


@pytest.mark.parametrize(("name", "options"), [play[:2] for play in PLAYS])
def test_a_state_crosses_to_a_worker_process_whole(name: str, options: dict[str, object]) -> None:
    """The server hands states to worker processes pickled; compiled classes are made
    only by their constructors, so each must say how it is made again."""
    state = linecraft.load(name, **options).new_state(5)
    rng = random.Random(5)
    while not state.is_terminal():
        assert fingerprint(pickle.loads(pickle.dumps(state))) == fingerprint(state)
        if state.is_chance():
            state.advance()
        for player in state.to_act():
            state.apply_unchecked(player, rng.choice(state.legal_actions(player)))


def test_the_compiled_modules_doctests_pass_on_their_source() -> None:
    """Collected here rather than by the suite, which sees the compiled modules."""
    sources = [
        str(ROOT / "src" / f"{name.replace('.', '/')}.py")
        for name in json.loads(compiled.MANIFEST.read_text())
    ]
    done = _pure(
        "-m", "pytest", "-o", "addopts=", "-p", "no:cacheprovider", "--doctest-modules", *sources
    )
    assert done.returncode == 0 and " passed" in done.stdout, done.stdout + done.stderr
