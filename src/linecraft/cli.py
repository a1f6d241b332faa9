"""The `linecraft` command: score, check, render, play, replay, analyse, serve and bench."""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table

import linecraft
from linecraft import compiled
from linecraft.bots import BOTS, LEVELS, SearchBot, adviser, make_bot
from linecraft.bots.analysis import analyse_record, biggest
from linecraft.core.errors import LinecraftError, PositionError
from linecraft.core.game import Game, State
from linecraft.core.records import make_record, now_iso, parse_record, positions, replay
from linecraft.server.limits import Limits
from linecraft.sim.bench import measure

EXIT_OK, EXIT_INVALID, EXIT_USAGE = 0, 1, 2


class UsageError(Exception):
    """Bad arguments: exit code 2."""


def _game_names() -> list[str]:
    return [info.name for info in linecraft.games()]


def _options(pairs: Sequence[str]) -> dict[str, Any]:
    """`--option key=value` pairs; values are read as JSON when they parse, else text."""
    options: dict[str, Any] = {}
    for pair in pairs:
        key, sep, raw = pair.partition("=")
        if not sep:
            raise UsageError(f"--option {pair!r}: expected key=value")
        try:
            value = json.loads(raw)
        except json.JSONDecodeError:
            value = raw
        options[key.strip()] = tuple(value) if isinstance(value, list) else value
    return options


def _load(name: str, options: dict[str, Any]) -> Game:
    try:
        return linecraft.load(name, **options)
    except ValueError as exc:
        raise UsageError(str(exc)) from None


def _is_record(text: str) -> bool:
    return text.lstrip().startswith("{")


def _read(path: str) -> str:
    try:
        return Path(path).read_text()
    except OSError as exc:
        raise UsageError(f"cannot read {path}: {exc.strerror}") from None
    except UnicodeDecodeError:
        raise UsageError(f"cannot read {path}: not a text file (UTF-8)") from None


def _write(path: str, text: str) -> None:
    try:
        Path(path).write_text(text)
    except OSError as exc:
        raise UsageError(f"cannot write {path}: {exc.strerror}") from None


# --- score / check / render ----------------------------------------------------------------
def _read_input(args: argparse.Namespace, **flags: bool) -> tuple[Game, State | None, Any]:
    """(game, the replayed final state of a record or None, the position of a file or None).

    A record is replayed move by move, so every action in it is checked on the way.
    `flags` set the options of the same name where the game has them (so a lone sheet
    is scored without the solo fields unless --solo is given).
    """
    options = _options(args.option)
    known = {option.name for option in linecraft.game_info(args.game).options}
    for flag, on in flags.items():
        if flag in known:
            options.setdefault(flag, on)
        elif on:
            raise UsageError(f"--{flag}: {args.game} has no such option")
    game = _load(args.game, options)
    text = _read(args.file)
    if _is_record(text):
        state = replay(parse_record(text, args.file))
        if state.game.name != game.name:
            raise UsageError(f"{args.file} is a record of {state.game.name}, not {game.name}")
        return state.game, state, None
    return game, None, game.parse_position(text)


def cmd_score(args: argparse.Namespace, console: Console) -> int:
    """The score card as `name: value` lines (or JSON); an invalid position: its problems."""
    try:
        game, state, position = _read_input(args, solo=args.solo, powers=args.powers)
        seats = game.positions_of(state) if state is not None else {args.file: position}
        cards = {name: game.score_position(pos) for name, pos in seats.items()}
    except PositionError as exc:
        if args.json:
            print(json.dumps({"valid": "no", "errors": exc.problems}, ensure_ascii=False))
        else:
            console.print("valid: no", *(f"error: {p}" for p in exc.problems), sep="\n")
        return EXIT_INVALID
    if args.json:
        payload: Any = next(iter(cards.values())) if len(cards) == 1 else cards
        print(json.dumps(_plain(payload), indent=None if args.compact else 2, ensure_ascii=False))
        return EXIT_OK
    for name, card in cards.items():
        if len(cards) > 1:
            console.print(f"# {name}")
        console.print(game.format_score(card), end="", markup=False)
        if args.explain:
            for line in game.explain_score(seats[name]):
                console.print(f"# {line}", markup=False)
    return EXIT_OK


def _plain(value: Any) -> Any:
    if isinstance(value, Mapping):
        return {k: _plain(v) for k, v in value.items()}
    return value


def cmd_check(args: argparse.Namespace, console: Console) -> int:
    game, state, position = _read_input(args)
    if state is not None:
        console.print(f"{args.file}: valid record, {len(state.history)} events, every action legal")
        return EXIT_OK
    problems = game.check_position(position)
    for problem in problems:
        console.print(f"{args.file}: {problem}")
    if problems:
        return EXIT_INVALID
    console.print(f"{args.file}: valid {game.name} position")
    return EXIT_OK


def cmd_render(args: argparse.Namespace, console: Console) -> int:
    game, state, position = _read_input(args)
    if state is not None:
        if not 0 <= args.player < game.num_players:
            raise UsageError(f"--player {args.player}: the record has {game.num_players} players")
        svg = game.render_state(state, args.player, overlay=args.overlay, title=args.title)
    else:
        svg = game.render_position(position, overlay=args.overlay, title=args.title)
    _write(args.output, svg)
    console.print(f"wrote {args.output}")
    return EXIT_OK


# --- play ----------------------------------------------------------------------------------
PLAY_HELP = """Type an action (for example: {examples}), or:
  moves [PREFIX]  list your legal actions (only those starting with PREFIX)
  hint            the expert bot's suggestion;  auto: play it
  undo            take back your last action (where the rules allow it)
  score           your score breakdown now
  board           show the table again
  quit            stop (with --record, the game so far is saved)"""


def cmd_play(args: argparse.Namespace, console: Console) -> int:
    options = _options(args.option)
    options.setdefault("players", args.players)
    if args.expansion:
        options["expansions"] = tuple(args.expansion)
    game = _load(args.game, options)
    try:
        make_bot(args.bot)
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    state = game.new_state(args.seed)
    human = 0
    bots = {p: make_bot(args.bot, args.seed + p) for p in range(1, game.num_players)}
    hints = adviser(args.seed)
    start = now_iso()
    console.print(
        f"[b]{game.name}[/b], {game.num_players} player(s), seed {args.seed}. "
        "You are player 0. Type 'help' for commands."
    )
    try:
        while not state.is_terminal():
            if state.is_chance():
                _resolve_chance(state, args.assistant, console)
                if not state.is_chance():
                    console.print(game.render_text(state, human))
                continue
            for player, bot in bots.items():
                while player in state.to_act():
                    state.apply_unchecked(player, bot.choose(state, player))
            if human in state.to_act() and not _human_turn(state, human, hints, console):
                break
    except EOFError:
        console.print("\nend of input: game stopped")
    _finish(state, console, args.record, start)
    return EXIT_OK


def _resolve_chance(state: State, assistant: bool, console: Console) -> None:
    if not assistant:
        viewers = state.chance_viewers()
        outcome = state.advance()
        if viewers is None:  # private draws show only through what your seat may see
            console.print(f"\n[b]{outcome}[/b]")
        return
    outcomes = [str(outcome) for outcome, _ in state.chance_outcomes()]
    if len(outcomes) <= 30:
        console.print("possible: " + ", ".join(outcomes), markup=False)
    while True:
        text = input(f"Enter {state.game.chance_help}: ")
        try:
            state.apply_chance(text)
            return
        except LinecraftError as exc:
            console.print(f"[red]{exc}[/red]")


def _expected(state: State, value: float) -> str:
    """A search's value in words: the seat's points as the game's heuristic reckons
    them a few turns on (not always a final score), or its lead where seats interact."""
    if state.game.interactive and state.game.num_players > 1:
        return f"its estimate: a lead of {value:+.0f} over the best other seat"
    return f"its estimate: about {value:.0f} points"


def _human_turn(state: State, player: int, hints: SearchBot, console: Console) -> bool:
    """Read and carry out one command; False when the player quits."""
    text = input(f"player {player}> ").strip()
    command = text.lower()
    if command in ("quit", "exit"):
        return False
    if command in ("help", "?"):
        console.print(PLAY_HELP.format(examples=state.game.action_help), markup=False)
    elif command == "board":
        console.print(state.game.render_text(state, player))
    elif command == "score":
        position = state.game.position_of(state, player)
        for line in state.game.explain_score(position):
            console.print(f"  {line}", highlight=False)
    elif command.startswith("moves"):
        prefix = text[5:].strip().lower()
        found = [str(a) for a in state.legal_actions(player) if str(a).lower().startswith(prefix)]
        console.print(f"{len(found)} legal: " + (", ".join(found) or "none"), highlight=False)
    elif command in ("hint", "auto"):
        value, suggestion = hints.judge(state, player)[0]
        if command == "hint":
            console.print(
                f"the expert suggests: {suggestion} ({_expected(state, value)})",
                highlight=False,
            )
        else:
            state.apply(player, suggestion)
            console.print(f"played {suggestion}", highlight=False)
            console.print(state.game.render_text(state, player))
    elif text:
        try:
            action = state.apply(player, text)
        except LinecraftError as exc:
            console.print(f"[red]{exc}[/red]", highlight=False)
            return True
        console.print(f"played {action}", highlight=False)
        if player in state.to_act():
            console.print(state.game.render_text(state, player))
    return True


def _finish(state: State, console: Console, record_path: str | None, start: str) -> None:
    game = state.game
    table = Table(title="Final scores" if state.is_terminal() else "Scores so far")
    cards = state.scores()
    keys = [k for k, v in next(iter(cards.values())).items() if not isinstance(v, list) and v != {}]
    table.add_column("")
    for player in cards:
        table.add_column(f"player {player}", justify="right")
    for key in keys:
        values = (card[key] for card in cards.values())
        table.add_row(key, *(json.dumps(v) if isinstance(v, dict) else str(v) for v in values))
    console.print(table)
    for line in game.explain_score(game.position_of(state, 0)):
        console.print(f"  {line}", markup=False)
    if state.is_terminal():
        console.print(f"winner(s): {', '.join(f'player {p}' for p in state.winners())}")
    if record_path:
        names = ["you"] + [f"bot {p}" for p in range(1, game.num_players)]
        record = make_record(state, players=names, start=start)
        _write(record_path, json.dumps(record, indent=1) + "\n")
        console.print(f"record saved to {record_path}")


# --- replay / bench ------------------------------------------------------------------------
def cmd_replay(args: argparse.Namespace, console: Console) -> int:
    record = parse_record(_read(args.record), args.record)
    step = sys.stdin.isatty() and not args.all
    last: State | None = None
    for number, event, state in positions(record):
        who = "chance" if event.player is None else f"player {event.player}"
        console.print(f"{number:4d}  {who}: {event.text}", highlight=False)
        if event.player is None or state.is_terminal():
            console.print(state.game.render_text(state, None))
            if step and input("Enter: next round, q: stop ").strip().lower() == "q":
                return EXIT_OK
        last = state
    if last is not None:
        replay(record)  # verifies the stored score cards
        _finish(last, console, None, "")
    return EXIT_OK


def cmd_analyse(args: argparse.Namespace, console: Console) -> int:
    record = parse_record(_read(args.record), args.record)
    try:
        moments = analyse_record(record, args.seat, seed=args.seed, budget=args.budget)
    except ValueError as exc:  # a seat the game does not have
        raise UsageError(str(exc)) from None
    table = Table(title=f"{record['game']}: the expert's view of seat {args.seat}'s moves")
    for column in ("when", "played", "expert's choice", "points lost"):
        table.add_column(column, justify="right" if column == "points lost" else "left")
    for moment in moments:
        gap = f"{moment.loss:.1f}" if moment.notable else ""
        table.add_row(moment.when, moment.played, moment.choice, gap)
    if args.all:
        console.print(table)
    costly = sum(1 for moment in moments if moment.notable)
    console.print(
        f"{costly} of {len(moments)} moves cost a point or more against the expert's choice.",
        highlight=False,
    )
    worst = biggest(moments)
    if worst:
        console.print("[b]Biggest losses[/b]")
    for moment in worst:
        console.print(f"  {moment.lesson(pictured=False)}", highlight=False)
    return EXIT_OK


def cmd_bench(args: argparse.Namespace, console: Console) -> int:
    game = _load(args.game, _options(args.option))
    result = measure(game, seconds=args.seconds)
    console.print(
        f"{game.name}: {result.games} random games in {result.seconds:.1f} s on one core: "
        f"{result.games_per_second:.1f} games/s, {result.actions_per_second:.0f} actions/s "
        f"(engines: {compiled.DESCRIPTION})"
    )
    return EXIT_OK


def default_db() -> Path:
    """The server's SQLite file in the user's data directory."""
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "linecraft" / "linecraft.db"


def cmd_serve(args: argparse.Namespace, console: Console) -> int:
    import uvicorn

    from linecraft.server.app import create_app

    db = Path(args.db) if args.db else default_db()
    console.print(f"Linecraft is at http://{args.host}:{args.port}  (rooms kept in {db})")
    # Bots think in threads; a thread waiting to answer a person gets the interpreter
    # within 1 ms instead of the default 5, so a busy room barely slows the others.
    sys.setswitchinterval(0.001)
    limits = Limits(
        body_bytes=args.max_body,
        frame_bytes=args.max_frame,
        seats=dict(args.max_seats),
        actions_per_second=args.actions_per_second,
        rooms_per_hour=args.rooms_per_hour,
        sockets_per_address=args.sockets_per_address,
    )
    app = create_app(
        db,
        absent_after=args.absent_after,
        close_idle_after=args.close_idle_after * 3600,
        limits=limits,
        processes=args.processes,
    )
    # uvicorn closes a connection whose WebSocket message passes the frame limit (1009)
    # before the app reads it
    uvicorn.run(
        app,
        host=args.host,
        port=args.port,
        log_level="warning",
        ws_max_size=limits.frame_bytes,
        ws_per_message_deflate=args.ws_compression,
    )
    return EXIT_OK


def _positive(kind: type[int] | type[float]) -> Callable[[str], int | float]:
    """An argparse type: a number above zero."""

    def read(text: str) -> int | float:
        try:
            value = kind(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text} is not a number") from None
        if not value > 0:
            raise argparse.ArgumentTypeError(f"{text} is not above zero")
        return value

    return read


def _new_file(text: str) -> str:
    """An argparse type: a file to write, in a folder that exists, checked before a
    game is played into it rather than when it ends."""
    path = Path(text)
    if path.is_dir():
        raise argparse.ArgumentTypeError(f"{text} is a folder")
    if not path.parent.is_dir():
        raise argparse.ArgumentTypeError(f"{text}: there is no folder {path.parent}")
    if not os.access(path.parent, os.W_OK):
        raise argparse.ArgumentTypeError(f"{text}: the folder {path.parent} is not writable")
    return text


def _port(text: str) -> int:
    """An argparse type: a TCP port number."""
    if not text.isdigit() or int(text) > 65535:
        raise argparse.ArgumentTypeError(f"{text} is not a port (0 to 65535)")
    return int(text)


def _at_least_zero(text: str) -> int:
    """An argparse type: a whole number, zero or more."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text} is not a whole number") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"{text} is below zero")
    return value


def _game_seats(text: str) -> tuple[str, int]:
    """`GAME=N` for --max-seats: the most seats a room of GAME may have."""
    game, _, count = text.partition("=")
    try:
        linecraft.game_info(game)
        seats = int(count)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(f"{text}: {exc}" if count else "use GAME=N") from None
    if seats < 1:
        raise argparse.ArgumentTypeError(f"{text}: at least 1 seat")
    return game, seats


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="linecraft", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    games = _game_names()

    def command(name: str, help_text: str) -> argparse.ArgumentParser:
        p = sub.add_parser(name, help=help_text, description=help_text)
        p.add_argument("game", choices=games, help="which game")
        p.add_argument(
            "--option",
            action="append",
            default=[],
            metavar="KEY=VALUE",
            help="a game option, e.g. players=2 (repeatable)",
        )
        return p

    p = command("score", "score a position file or the final position of a record")
    p.add_argument("file")
    p.add_argument("--json", action="store_true", help="the score card as JSON")
    p.add_argument("--compact", action="store_true", help="with --json: one line")
    p.add_argument("--explain", action="store_true", help="also the breakdown in words")
    p.add_argument("--solo", action="store_true", help="score as a solo game (where one exists)")
    p.add_argument("--powers", action="store_true", help="the pencil powers module was used")
    p.set_defaults(run=cmd_score)

    p = command("check", "validate a position or a record (exit 1 with the reasons)")
    p.add_argument("file")
    p.set_defaults(run=cmd_check)

    p = command("render", "draw a position or the final position of a record as SVG")
    p.add_argument("file")
    p.add_argument("-o", "--output", required=True, type=_new_file, help="the SVG file to write")
    p.add_argument("--overlay", action="store_true", help="networks, longest routes, errors")
    p.add_argument("--player", type=int, default=0, help="whose board, for a record")
    p.add_argument("--title", help="a title above the board")
    p.set_defaults(run=cmd_render)

    p = command("play", "play in the terminal against bots, or as an assistant")
    p.add_argument("--players", type=int, default=2, help="seats; you are player 0")
    p.add_argument(
        "--bot",
        default="normal",
        help=f"bot for the other seats: a level ({', '.join(LEVELS)}) or a bot ({', '.join(BOTS)})",
    )
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--assistant", action="store_true", help="type in the rolls you threw")
    p.add_argument(
        "--expansion", action="append", default=[], help="an expansion to play with (repeatable)"
    )
    p.add_argument("--record", metavar="FILE", type=_new_file, help="save the game record as JSON")
    p.set_defaults(run=cmd_play)

    p = sub.add_parser("replay", help="step through a record in the terminal")
    p.add_argument("record")
    p.add_argument("--all", action="store_true", help="print everything without pausing")
    p.set_defaults(run=cmd_replay)

    p = sub.add_parser("analyse", help="where a seat lost points in a record, move by move")
    p.add_argument("record")
    p.add_argument("--seat", type=int, default=0, help="whose moves (default 0)")
    p.add_argument("--all", action="store_true", help="a table of every decision, too")
    p.add_argument(
        "--budget",
        type=_positive(float),
        default=1.0,
        help="the expert's thinking, as a multiple of its usual (default 1)",
    )
    p.add_argument("--seed", type=int, default=0, help="the expert's seed")
    p.set_defaults(run=cmd_analyse)

    p = sub.add_parser("serve", help="the web platform: play in the browser")
    p.add_argument("--host", default="127.0.0.1")
    p.add_argument("--port", type=_port, default=8000)
    p.add_argument("--db", help="the SQLite file (default: in your user data directory)")
    p.add_argument(
        "--absent-after",
        type=float,
        default=60.0,
        help="seconds without a connection before another player may hand a seat to a bot",
    )
    p.add_argument(
        "--close-idle-after",
        type=float,
        default=24.0,
        help="hours without a move before a running room is closed (its record is kept)",
    )
    limits = Limits()
    p.add_argument(
        "--max-body",
        type=_positive(int),
        default=limits.body_bytes,
        metavar="BYTES",
        help="the largest HTTP request body (a record file to replay); more: 413",
    )
    p.add_argument(
        "--max-frame",
        type=_positive(int),
        default=limits.frame_bytes,
        metavar="BYTES",
        help="the largest WebSocket message; more closes the connection (1009)",
    )
    p.add_argument(
        "--max-seats",
        type=_game_seats,
        action="append",
        default=[],
        metavar="GAME=N",
        help="the most seats a room of GAME may have (default: the game's own range); "
        "repeat for several games",
    )
    p.add_argument(
        "--actions-per-second",
        type=_positive(float),
        default=limits.actions_per_second,
        metavar="N",
        help="actions one WebSocket connection (or one seat over HTTP) may send each second, "
        "in bursts of up to twice as many",
    )
    p.add_argument(
        "--rooms-per-hour",
        type=_positive(int),
        default=limits.rooms_per_hour,
        metavar="N",
        help="rooms one client address may create an hour; more: 429 with Retry-After (behind "
        "a proxy on this machine, the address it forwards in X-Forwarded-For)",
    )
    p.add_argument(
        "--sockets-per-address",
        type=_positive(int),
        default=limits.sockets_per_address,
        metavar="N",
        help="WebSockets one client address may hold open at once",
    )
    p.add_argument(
        "--ws-compression",
        action=argparse.BooleanOptionalAction,
        default=False,
        help="compress WebSocket messages (permessage-deflate): a change's message shrinks "
        "about 8 times, but compressing it for every connection takes more of the server's "
        "time than anything else it sends (off: about 50 KB per change and connection)",
    )
    p.add_argument(
        "--processes",
        type=_at_least_zero,
        default=os.cpu_count() or 1,
        metavar="N",
        help="worker processes for bots' thinking and drawing boards, so that one busy "
        "room never holds the others (default: one per core; 0: all in the server)",
    )
    p.set_defaults(run=cmd_serve)

    p = command("bench", "engine throughput: random full games per second on one core")
    p.add_argument("--seconds", type=float, default=5.0)
    p.set_defaults(run=cmd_bench)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    console = Console(highlight=False, soft_wrap=True)
    try:
        return int(args.run(args, console))
    except UsageError as exc:
        console.print(f"linecraft {args.command}: {exc}", style="red")
        return EXIT_USAGE
    except (LinecraftError, json.JSONDecodeError) as exc:
        console.print(f"linecraft {args.command}: {exc}", style="red")
        return EXIT_INVALID
    except KeyboardInterrupt:
        return EXIT_INVALID
