"""The `linecraft` command with Next Station: London, as a user runs it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from linecraft.cli import main
from tests.cli.terminal import play
from tests.games.next_station_london import worked_example as example

SCORER_FIELDS = [line.split(":")[0] for line in example.SCORER_OUTPUT.splitlines()]


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str]:
    code = main(list(argv))
    return code, capsys.readouterr().out


@pytest.fixture
def sheet(tmp_path: Path) -> str:
    path = tmp_path / "sheet.txt"
    path.write_text("# the worked example\n" + example.FINAL_SHEET)
    return str(path)


def test_score_prints_the_scorer_fields(capsys: pytest.CaptureFixture[str], sheet: str) -> None:
    code, out = run(capsys, "score", "next-station-london", sheet, "--solo")
    assert code == 0 and out == example.SCORER_OUTPUT
    code, out = run(capsys, "score", "next-station-london", sheet, "--json")
    card = json.loads(out)
    assert code == 0 and list(card) == SCORER_FIELDS[:-2]  # no solo fields without --solo
    assert card["total"] == 145 and card["objectives_achieved"] == "central9 thames6"


def test_powers_count_as_a_module_for_the_solo_score(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "green.txt"
    path.write_text("green: 3,2-4,3\n")
    _, out = run(capsys, "score", "next-station-london", str(path), "--solo", "--json")
    assert json.loads(out)["solo_score"] == 2
    _, out = run(capsys, "score", "next-station-london", str(path), "--solo", "--powers", "--json")
    assert json.loads(out)["solo_score"] == 2 - 10


def test_an_invalid_sheet_gives_its_errors_and_exit_1(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "bad.txt"
    path.write_text("green: 3,2-4,3 5,3-5,4\npurple: 2,5-2,4 2,4-4,4\nblue: 5,7-3,3\n")
    code, out = run(capsys, "score", "next-station-london", str(path), "--json")
    assert code == 1
    assert json.loads(out) == {
        "valid": "no",
        "errors": [
            "blue: 3,3 is not a station",
            "green: not connected to its departure station (5,3, 5,4)",
        ],
    }
    code, out = run(capsys, "score", "next-station-london", str(path))
    assert code == 1 and out.splitlines()[0] == "valid: no"
    assert "error: blue: 3,3 is not a station" in out
    assert run(capsys, "check", "next-station-london", str(path))[0] == 1
    path.write_text("green 3,2-4,3\n")
    code, out = run(capsys, "score", "next-station-london", str(path), "--json")
    assert code == 1 and json.loads(out)["errors"] == [
        "line 1: expected 'COLOUR: sections', 'objectives: …' or 'circle …'"
    ]


def test_render_draws_the_map_with_lines_and_interchanges(
    capsys: pytest.CaptureFixture[str], sheet: str, tmp_path: Path
) -> None:
    out = tmp_path / "sheet.svg"
    assert main(["render", "next-station-london", sheet, "-o", str(out), "--overlay"]) == 0
    svg = out.read_text()
    assert svg.startswith("<svg") and svg.count('stroke-width="7"') == 33  # drawn sections
    assert svg.count('r="18"') == 7  # the interchange rings
    assert "total 145" in svg and "#9ccbe8" in svg  # the score panel, the Thames


def test_a_newcomer_plays_a_solo_game_in_the_terminal(tmp_path: Path) -> None:
    record = tmp_path / "solo.json"
    commands = ["help", "moves", "9,9-0,0", "3,3-4,4", "hint", "board", "score"] + ["auto"] * 60
    result = play(
        "next-station-london",
        "--players",
        "1",
        "--seed",
        "4",
        "--record",
        str(record),
        commands=commands,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    assert "3,2-4,3" in result.stdout  # the help's examples
    assert "no guide line joins 9,9 and 0,0" in result.stdout
    assert "there is no station at 3,3" in result.stdout
    assert "Final scores" in result.stdout and "solo_band" in result.stdout
    assert main(["check", "next-station-london", str(record)]) == 0
    stored = json.loads(record.read_text())
    assert stored["result"]["winners"] == [0] and stored["options"]["players"] == 1


def test_assistant_mode_takes_the_cards_flipped(tmp_path: Path) -> None:
    lines = ["order purple blue pink green", "street-circle", "pass", "street-circle",
             "under-joker", "2,5-2,4", "quit"]  # fmt: skip
    result = play(
        "next-station-london", "--players", "1", "--assistant", commands=lines, timeout=60
    )
    assert result.returncode == 0, result.stderr
    assert "street-circle was already flipped this round" in result.stdout
    assert "played 2,5-2,4" in result.stdout


def test_a_sheet_that_uses_the_switch_power_twice_is_refused(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "two-switch-powers.txt"
    path.write_text(
        "green: 3,2-4,3 3,2-6,2 3,2-1,0 3,2-3,1\npurple: 2,5-0,7 2,5-1,4 2,5-4,3 2,5-4,5\n"
    )
    reason = (
        "green branches twice; purple branches twice: that takes the switch power 2 times, "
        "and a player can use each power once per game"
    )
    code, out = run(capsys, "check", "next-station-london", str(path))
    assert code == 1 and out == f"{path}: {reason}\n"
    code, out = run(capsys, "score", "next-station-london", str(path), "--powers", "--json")
    assert code == 1 and json.loads(out) == {"valid": "no", "errors": [reason]}
    code, out = run(capsys, "score", "next-station-london", str(path), "--solo")
    assert code == 1 and out == f"valid: no\nerror: {reason}\n"


def test_a_solo_sheet_that_branches_twice_pays_for_the_powers_module(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "switch-power.txt"
    path.write_text("green: 3,2-4,3 3,2-6,2 3,2-1,0 3,2-3,1\n")  # the switch card, then the power
    code, out = run(capsys, "score", "next-station-london", str(path), "--solo", "--json")
    card = json.loads(out)
    assert code == 0 and card["solo_score"] == card["total"] - 10
    path.write_text("green: 3,2-4,3 3,2-6,2 3,2-1,0\n")  # the switch card alone
    code, out = run(capsys, "score", "next-station-london", str(path), "--solo", "--json")
    card = json.loads(out)
    assert code == 0 and card["solo_score"] == card["total"]
