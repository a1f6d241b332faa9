"""The `linecraft` command with Metro, as a user runs it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from linecraft.cli import main
from tests.cli.terminal import play

VECTORS = Path(__file__).parents[1] / "games" / "metro" / "vectors"
GOLDEN = Path(__file__).parents[1] / "games" / "metro" / "golden"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str]:
    code = main(list(argv))
    return code, capsys.readouterr().out


def test_score_prints_the_scorer_records(capsys: pytest.CaptureFixture[str]) -> None:
    code, out = run(capsys, "score", "metro", str(VECTORS / "full_board.txt"))
    assert code == 0 and out == (VECTORS / "full_board.out").read_text()
    code, out = run(capsys, "score", "metro", str(VECTORS / "module_1.txt"), "--json")
    result = json.loads(out)
    assert code == 0 and list(result) == ["game", "lines", "companies", "players", "result"]
    assert result["lines"][11] == {
        "from": "12", "owner": "orange", "status": "complete", "to": "11", "passages": 2,
        "doubled": "no", "points": 2, "path": ["30", "20"],
    }  # fmt: skip
    assert result["players"][3] == {
        "seat": 3, "colour": "-", "lines": 0, "shares": 55, "bonus": 9, "numbers": 0, "total": 64,
    }  # fmt: skip
    assert result["result"] == {"winners": [3]}


def test_a_record_is_scored_once_for_its_table(capsys: pytest.CaptureFixture[str]) -> None:
    code, out = run(capsys, "score", "metro", str(GOLDEN / "3p.json"))
    stored = json.loads((GOLDEN / "3p.json").read_text())["scores"]
    assert code == 0 and out.startswith("game players=3 modules=- tiles=60 final=yes")
    assert f"player seat=0 colour=yellow lines={stored['0']['lines']}" in out


def test_check_and_render(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    bad = tmp_path / "bad.txt"
    text = (VECTORS / "full_board.txt").read_text()
    bad.write_text(text.replace("modules -", "modules 2,3"))
    code, out = run(capsys, "check", "metro", str(bad))
    assert code == 1 and "modules 2 and 3 cannot be combined" in out
    code, out = run(capsys, "score", "metro", str(bad), "--json")
    assert code == 1 and json.loads(out)["valid"] == "no"
    svg = tmp_path / "board.svg"
    assert run(capsys, "render", "metro", str(VECTORS / "full_board.txt"), "-o", str(svg))[0] == 0
    drawing = svg.read_text()
    assert drawing.count("<path") >= 240 + 40  # every track, and the completed lines traced


def test_a_newcomer_plays_three_players_against_two_bots(tmp_path: Path) -> None:
    record = tmp_path / "metro.json"
    commands = ["help", "moves", "place 33", "nonsense", "hint"] + ["auto"] * 40
    result = play(
        "metro",
        "--players",
        "3",
        "--seed",
        "2",
        "--record",
        str(record),
        commands=commands,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    assert "place 30 cbaa" in result.stdout  # the help's examples
    assert "33 is the central station" in result.stdout or "you have" in result.stdout
    assert "is not a Metro action" in result.stdout
    assert "Final scores" in result.stdout and "winner(s)" in result.stdout
    assert main(["check", "metro", str(record)]) == 0
