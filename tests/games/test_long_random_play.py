"""A short sample of benchmarks/random_play.py, the long random play: one checked random
game per game and option set, and the script's own checks shown to catch a broken engine."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

import linecraft
from linecraft.core import Event
from linecraft.games.next_station_london.rules import NextStationLondonState

SCRIPT = Path(__file__).resolve().parents[2] / "benchmarks" / "random_play.py"
SOLO_LONDON = '{"players": 1}'


def load_script() -> ModuleType:
    """The benchmark as a module (registered, so its dataclasses and processes find it)."""
    if "random_play" not in sys.modules:
        spec = importlib.util.spec_from_file_location("random_play", SCRIPT)
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules["random_play"] = module
        spec.loader.exec_module(module)
    return sys.modules["random_play"]


rp = load_script()


def test_every_game_and_option_set_plays_a_checked_game() -> None:
    cases = rp.cases()
    for info in linecraft.games():
        for options in info.conformance_options:
            assert rp.Case(info.name, rp.option_key(options)) in cases
    tallies = rp.play_all(cases, 1, seed=20_260_101, every=5)
    failures = [str(f) for t in tallies for f in t.failures]
    assert failures == []
    assert [t.games for t in tallies] == [1] * len(cases)
    assert all(t.actions > 0 for t in tallies)


def test_a_refusal_that_changes_the_state_is_reported(monkeypatch: pytest.MonkeyPatch) -> None:
    check = NextStationLondonState.check

    def leaky_check(self: NextStationLondonState, player: int, action: Any) -> None:
        try:
            check(self, player, action)
        except linecraft.IllegalActionError:
            self.history.append(Event(player, "leaked"))
            raise

    monkeypatch.setattr(NextStationLondonState, "check", leaky_check)
    tally = rp.play_games(rp.Case("next-station-london", SOLO_LONDON), range(3, 4), 4)
    [failure] = tally.failures
    assert failure.seed == 3
    assert "tries" in failure.doing
    assert "changed the state" in failure.error
    assert "--seed 3 --games 1 --jobs 1 --every 4" in failure.command()


def test_an_engine_error_names_the_game_seed_and_step(monkeypatch: pytest.MonkeyPatch) -> None:
    do_chance = NextStationLondonState._do_chance

    def failing_draw(self: NextStationLondonState, outcome: Any) -> None:
        if len(self.history) >= 10:
            raise RuntimeError("the deck caught fire")
        do_chance(self, outcome)

    monkeypatch.setattr(NextStationLondonState, "_do_chance", failing_draw)
    tally = rp.play_games(rp.Case("next-station-london", SOLO_LONDON), range(2), 10)
    assert [f.seed for f in tally.failures] == [0, 1]
    for failure in tally.failures:
        assert failure.events >= 10
        assert failure.doing == "chance: advance"
        assert failure.error.startswith("RuntimeError: the deck caught fire (at test_long")
        assert "FAILED next-station-london" in str(failure)


@pytest.mark.parametrize("broken", [False, True])
def test_the_script_exits_non_zero_on_a_failure(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], broken: bool
) -> None:
    if broken:
        monkeypatch.setattr(NextStationLondonState, "winners", lambda self: [])
    argv = ["random_play.py", "--game", "next-station-london", "--options", SOLO_LONDON]
    monkeypatch.setattr(sys, "argv", [*argv, "--games", "30", "--jobs", "2"])
    assert rp.main() == (1 if broken else 0)
    out = capsys.readouterr().out
    assert 'next-station-london {"players": 1}: 30 games' in out
    assert f"30 games over 1 option sets, {30 if broken else 0} failed" in out
