"""The `linecraft` command with Metromania, as a user runs it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from linecraft.cli import main
from tests.cli.terminal import play

HERE = Path(__file__).parents[1] / "games" / "metromania"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str]:
    code = main(list(argv))
    return code, capsys.readouterr().out


def test_score_a_record_gives_the_full_breakdown(capsys: pytest.CaptureFixture[str]) -> None:
    record = HERE / "golden" / "4p.json"
    code, out = run(capsys, "score", "metromania", str(record), "--json")
    report = json.loads(out)
    assert code == 0 and list(report) == ["companies", "seats", "tests", "winners"]
    assert [t["day"] for t in report["tests"]] == ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]
    assert set(report["tests"][0]) == {
        "day", "pair", "status", "minutes", "fastest_trips", "origins", "targets",
        "sections_used", "awards", "causes", "penalties",
    }  # fmt: skip
    stored = json.loads(record.read_text())
    assert report["winners"] == stored["result"]["winners"]
    code, out = run(capsys, "score", "metromania", str(record))
    assert code == 0 and out.startswith("company=0 seat=0 station_points=")
    assert "day=mon pair=A status=" in out and out.rstrip().endswith(
        "winners=" + ",".join(map(str, report["winners"]))
    )


def test_check_render_and_an_invalid_position(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    assert run(capsys, "check", "metromania", str(HERE / "position_t.txt"))[0] == 0
    bad = tmp_path / "bad.txt"
    bad.write_text((HERE / "position_t.txt").read_text().replace(" 1,-3 1,0", " 1,0"))
    code, out = run(capsys, "check", "metromania", str(bad))
    assert code == 1 and "without a station" in out
    svg = tmp_path / "city.svg"
    assert run(capsys, "render", "metromania", str(HERE / "position_t.txt"), "-o", str(svg))[0] == 0
    drawing = svg.read_text()
    spots = drawing.count('class="spot"')  # clickable: 150 spaces, 30 gates, 91 vertices
    assert spots == 150 + 30 + 91
    # each space and gate, and its spot; the arrowheads on the 4 growing lines' tips
    assert drawing.count("<polygon") == 2 * (150 + 30) + 4
    assert drawing.count("<circle") == 5 + 91  # stations, vertices' spots


def test_a_newcomer_plays_four_players_against_three_bots(tmp_path: Path) -> None:
    record = tmp_path / "metromania.json"
    commands = ["help", "moves L1:G0", "L1:G0.1>4,1", "hint", "auto", "undo", "auto"]
    commands += ["auto"] * 120
    result = play(
        "metromania",
        "--players",
        "4",
        "--seed",
        "3",
        "--bot",
        "easy",
        "--record",
        str(record),
        commands=commands,
        timeout=300,
    )
    assert result.returncode == 0, result.stderr
    assert "gate_not_white: G0.1 has a black arrow" in result.stdout
    assert "Final scores" in result.stdout and "winner(s)" in result.stdout
    assert main(["check", "metromania", str(record)]) == 0


def test_analyse_says_where_a_better_start_lies(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """A start's words name the tunnel's way, not its gate: in the terminal the notation
    says where, and a start at another gate is never called the move played turned.
    Only gaps clear of the playouts' luck are lessons: of the greedy bot's first twelve
    moves, one (a loss of about 11 points, give or take 3)."""
    record = json.loads((HERE / "golden" / "2p-two-companies-greedy.json").read_text())
    seat_moves = [i for i, event in enumerate(record["events"]) if event.get("player") == 0]
    record["events"] = record["events"][: seat_moves[11] + 1]
    record.pop("result", None)
    path = tmp_path / "opening.json"
    path.write_text(json.dumps(record))
    code, out = run(capsys, "analyse", str(path), "--seat", "0", "--budget", "0.25")
    assert code == 0, out
    assert "1 of 12 moves cost a point or more" in out
    assert "started the solid green line at a white gate on the upper left side" in out
    assert "Better: Start the line here, tunnel to the upper right (L1:G3.0>-5,0)." in out
    assert "turned" not in out
