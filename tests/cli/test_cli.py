"""The `linecraft` command as a user runs it."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from linecraft.cli import main
from tests.cli.terminal import play

BOARDS = Path(__file__).parents[1] / "games" / "railroad_ink" / "boards"
GOLDEN = Path(__file__).parents[1] / "games" / "railroad_ink" / "golden"
EXAMPLE = str(BOARDS / "worked_example.txt")


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str]:
    code = main(list(argv))
    return code, capsys.readouterr().out


def test_score_json_uses_the_rules_field_names(capsys: pytest.CaptureFixture[str]) -> None:
    code, out = run(capsys, "score", "railroad-ink", EXAMPLE, "--json")
    assert code == 0
    card = json.loads(out)
    assert list(card) == [
        "networks", "network_points", "longest_highway", "longest_railway", "centre",
        "errors", "expansion", "total",
    ]  # fmt: skip
    assert card["total"] == 49


def test_score_lists_the_fields_and_explains_every_item(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out = run(capsys, "score", "railroad-ink", EXAMPLE, "--explain")
    assert code == 0
    assert "longest_highway: 11\n" in out and "total: 49\n" in out
    assert "longest highway: 11 (A2 B2 B3 B4 C4 D4 D5 D6 C6 B6 A6)" in out
    assert "error at G6 N: highway faces a blank side of F6" in out


def test_check_reports_invalid_boards(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert run(capsys, "check", "railroad-ink", EXAMPLE)[0] == 0
    bad = tmp_path / "bad.txt"
    rows = ["....  " * 7] * 7
    rows[0] = "H.H.  " + "....  " * 6  # not on an exit, linked to nothing
    rows[3] = ".R.R  " + "....  " * 6  # a railway on the highway exit D1W
    bad.write_text("\n".join(rows))
    code, out = run(capsys, "check", "railroad-ink", str(bad))
    assert code == 1
    assert "D1 W: railway on a highway exit" in out
    assert "A1: not linked to any exit" in out
    malformed = tmp_path / "malformed.txt"
    malformed.write_text("....\n")
    code, out = run(capsys, "check", "railroad-ink", str(malformed))
    assert code == 1 and "7 lines" in out


def test_check_and_score_a_record(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    record_path = GOLDEN / "2p-seed201.json"
    code, out = run(capsys, "check", "railroad-ink", str(record_path))
    assert code == 0 and "every action legal" in out
    code, out = run(capsys, "score", "railroad-ink", str(record_path), "--json")
    assert code == 0
    stored = json.loads(record_path.read_text())["scores"]
    assert json.loads(out) == {"player 0": stored["0"], "player 1": stored["1"]}
    record = json.loads(record_path.read_text())
    event = next(e for e in record["events"] if e.get("action", "").startswith("d"))
    event["action"] = "d1 D4 HHHH"
    broken = tmp_path / "broken.json"
    broken.write_text(json.dumps(record))
    code, out = run(capsys, "check", "railroad-ink", str(broken))
    assert code == 1 and "event" in out


def test_render_writes_svg(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    out_file = tmp_path / "board.svg"
    code, _ = run(capsys, "render", "railroad-ink", EXAMPLE, "-o", str(out_file), "--overlay")
    assert code == 0
    svg = out_file.read_text()
    assert svg.startswith("<svg") and svg.count("<polyline") == 2 and svg.count("#e00000") == 3
    record_svg = tmp_path / "record.svg"
    code, _ = run(capsys, "render", "railroad-ink", str(GOLDEN / "1p-seed101.json"),
                  "-o", str(record_svg))  # fmt: skip
    assert code == 0 and ">7</text>" in record_svg.read_text()  # round numbers


def two_board_file(tmp_path: Path) -> Path:
    """The worked example of §8.7 above the underground example of §11.8."""
    two = tmp_path / "two_boards.txt"
    under = (BOARDS / "underground_example.txt").read_text()
    two.write_text("[surface]\n" + Path(EXAMPLE).read_text() + under)
    return two


def test_score_reads_the_underground_mode_from_the_file(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """§14: with no options, two boards are the expansion and a lone underground
    board the standalone game."""
    code, out = run(capsys, "score", "railroad-ink", str(two_board_file(tmp_path)))
    assert code == 0
    assert "network_points: 32\n" in out and "total: 89\n" in out  # 49 + 40
    assert '"longest_pipe": 7' in out and '"points": 40' in out
    code, out = run(capsys, "score", "railroad-ink", str(BOARDS / "underground_hanka.txt"))
    assert code == 0
    assert "longest_pipe_points: 26\n" in out and "burst_pipes: 1\n" in out
    assert "total: 80\n" in out and "longest_highway" not in out


def test_check_and_render_read_the_underground_mode_from_the_file(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    two = two_board_file(tmp_path)
    code, out = run(capsys, "check", "railroad-ink", str(two))
    assert code == 1 and "D3: a burst pipe with no surface station above" in out
    two.write_text(two.read_text().replace(".P.Pb", ".P.P "))
    code, out = run(capsys, "check", "railroad-ink", str(two))
    assert code == 0 and out == f"{two}: valid railroad-ink position\n"
    code, out = run(capsys, "check", "railroad-ink", str(BOARDS / "underground_hanka.txt"))
    assert code == 1 and "D4: no pipe bursts in the standalone game" in out
    assert "surface" not in out  # its hubs are not checked against a surface board
    svg = tmp_path / "boards.svg"
    assert run(capsys, "render", "railroad-ink", str(two), "-o", str(svg))[0] == 0
    assert svg.read_text().startswith("<svg")


def test_usage_errors_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["score", "railroad-ink", "/no/such/file"]) == 2
    assert main(["bench", "railroad-ink", "--option", "players=0", "--seconds", "0"]) == 2
    with pytest.raises(SystemExit) as info:
        main(["score", "no-such-game", EXAMPLE])
    assert info.value.code == 2


@pytest.mark.parametrize(
    ("record", "problem"),
    [
        ({"game": "railroad-ink", "events": "d1 A1"}, "'events' is not a list of events"),
        ({"game": "railroad-ink", "events": [["d1"]]}, "event 1 ['d1']: an event is an object"),
        ({"game": "chess", "events": []}, "the record's game cannot be set up: unknown game"),
        (
            {"game": "railroad-ink", "events": [], "options": {"players": "two"}},
            "cannot be set up: Railroad Ink: bad value 'two' for option 'players'",
        ),
        ({"game": "railroad-ink", "events": [], "options": [2]}, "options are not an object"),
        ({"game": "railroad-ink", "events": [], "seed": "x"}, "seed is not a whole number"),
    ],
)
def test_a_malformed_record_is_refused_with_what_is_wrong(
    record: dict[str, Any], problem: str, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "record.json"
    path.write_text(json.dumps(record))
    for argv in (["replay", str(path)], ["check", "railroad-ink", str(path)]):
        code, out = run(capsys, *argv)
        assert code == 1
        assert problem in out.replace("\n", "")


@pytest.mark.parametrize(
    ("argv", "problem"),
    [
        (["render", "railroad-ink", EXAMPLE, "-o", "{tmp}/no/board.svg"], "there is no folder"),
        (["render", "railroad-ink", EXAMPLE, "-o", "{tmp}"], "is a folder"),
        (["play", "metro", "--record", "{tmp}/no/game.json"], "there is no folder"),
        (["serve", "--port", "99999"], "99999 is not a port (0 to 65535)"),
        (["analyse", "game.json", "--budget", "lots"], "lots is not a number"),
    ],
)
def test_a_file_to_write_or_a_number_is_checked_before_any_work(
    argv: list[str], problem: str, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    with pytest.raises(SystemExit) as info:
        main([arg.format(tmp=tmp_path) for arg in argv])
    assert info.value.code == 2
    assert problem in capsys.readouterr().err
    assert list(tmp_path.iterdir()) == []  # nothing written, no game begun


@pytest.mark.parametrize(
    "command", [["score", "railroad-ink"], ["check", "metro"], ["replay"], ["analyse"]]
)
def test_a_file_that_cannot_be_read_is_named_with_the_reason(
    command: list[str], capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    picture = tmp_path / "board.png"
    picture.write_bytes(b"\x89PNG\r\n\x1a\n\xff")
    for path, reason in [
        (tmp_path / "missing.json", "No such file or directory"),
        (tmp_path, "Is a directory"),
        (picture, "not a text file (UTF-8)"),
    ]:
        code, out = run(capsys, *command, str(path))
        assert code == 2
        assert f"cannot read {path}: {reason}" in out.replace("\n", "")


def test_play_a_whole_game_in_the_terminal(tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    commands = ["help", "moves d1", "nonsense", "hint", "undo"] + ["auto"] * 80
    result = play(
        "railroad-ink",
        "--players",
        "2",
        "--seed",
        "3",
        "--record",
        str(record),
        commands=commands,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    assert "is not an action" in result.stdout
    assert "nothing to undo" in result.stdout
    assert "Final scores" in result.stdout and "winner(s)" in result.stdout
    assert main(["check", "railroad-ink", str(record)]) == 0


def test_assistant_mode_takes_the_rolls_typed_in(tmp_path: Path) -> None:
    lines = ["HS HS HS", "roll HS HC RT SC", "d1 D1 .H.H", "quit"]
    result = play("railroad-ink", "--players", "1", "--assistant", commands=lines, timeout=60)
    assert result.returncode == 0, result.stderr
    assert "is not a roll" in result.stdout
    assert "d1=HS" in result.stdout and "played d1 D1 .H.H" in result.stdout


def test_replay_prints_every_event(capsys: pytest.CaptureFixture[str]) -> None:
    code, out = run(capsys, "replay", str(GOLDEN / "1p-seed102.json"), "--all")
    assert code == 0
    assert out.count("chance: roll") == 7 and "Final scores" in out


def test_bench_reports_throughput(capsys: pytest.CaptureFixture[str]) -> None:
    code, out = run(capsys, "bench", "railroad-ink", "--seconds", "0.2")
    assert code == 0 and "games/s" in out


@pytest.mark.parametrize(
    ("flags", "expect"),
    [
        (["--expansion", "lava"], "volcano"),
        (["--expansion", "meteor"], "strike"),
        (["--expansion", "underground"], "underground:"),
        (["--option", "variant=underground-standalone"], "underground:"),
    ],
)
def test_a_whole_game_with_each_expansion(flags: list[str], expect: str, tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    result = play(
        "railroad-ink", "--players", "1", "--seed", "5", *flags, "--record", str(record),
        commands=["moves"] + ["auto"] * 200, timeout=300,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert expect in result.stdout and "Final scores" in result.stdout
    assert main(["check", "railroad-ink", str(record)]) == 0


def test_analyse_tells_where_a_seat_lost_points(capsys: pytest.CaptureFixture[str]) -> None:
    record = str(GOLDEN / "2p-seed201.json")
    code, out = run(capsys, "analyse", record, "--seat", "1", "--budget", "0.1", "--all")
    assert code == 0, out
    events = json.loads(Path(record).read_text())["events"]
    decisions = sum(1 for event in events if event.get("player") == 1)
    assert f"of {decisions} moves cost a point or more against the expert's choice" in out
    assert "Biggest losses" in out and "points lost. Better: " in out
    # A choice that only turns the piece played is told by its notation: no picture here.
    assert "turned as in d3 A3 HH.H" in out and "as pictured" not in out
    code, out = run(capsys, "analyse", record, "--seat", "2")
    assert code == 2 and "there is no seat 2 (seats 0 to 1)" in out
