"""The board text (§17.1) and the position file (§17.2): read, write, check."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from linecraft.core.errors import PositionError
from linecraft.games.metro.board import (
    CENTRAL_POSITIONS,
    CENTRAL_SQUARES,
    SIZE,
    SQUARES,
)
from linecraft.games.metro.tables import (
    COMPANIES,
    PERCENTAGES,
    SEAT_COLOURS,
    parse_share,
    share_text,
)
from linecraft.games.metro.tiles import (
    CENTRAL_PIECES,
    COPIES,
    DESIGN_COPIES,
    VALID_CODES,
    design,
)

EMPTY, CENTRE = "----", "####"
MODULES = (1, 2, 3, 4)


@dataclass
class Table:
    """Everything a scorer needs: the board, the cars, the shares and number tokens."""

    players: int
    modules: frozenset[int] = frozenset()
    free_rotation: bool = False
    board: list[str | None] = field(default_factory=lambda: [None] * SQUARES)
    central_cars: dict[str, str] = field(default_factory=dict)  # position -> colour
    shares: dict[int, list[tuple[str, int]]] = field(default_factory=dict)  # seat -> shares
    numbers: dict[int, list[int]] = field(default_factory=dict)  # seat -> stations

    @property
    def tiles_placed(self) -> int:
        return sum(1 for sq, code in enumerate(self.board) if code and sq not in CENTRAL_SQUARES)


def format_board(board: list[str | None]) -> str:
    rows = []
    for row in range(SIZE):
        tokens = []
        for col in range(SIZE):
            sq = SIZE * row + col
            code = board[sq]
            tokens.append(code if code else (CENTRE if sq in CENTRAL_SQUARES else EMPTY))
        rows.append(" ".join(tokens))
    return "\n".join(rows) + "\n"


def parse_board_rows(rows: list[str], first_line: int) -> list[str | None]:
    if len(rows) != SIZE:
        raise PositionError(f"the board needs {SIZE} rows, found {len(rows)}")
    board: list[str | None] = [None] * SQUARES
    problems = []
    for row, text in enumerate(rows):
        tokens = text.split()
        where = f"line {first_line + row}"
        if len(tokens) != SIZE:
            problems.append(f"{where}: {len(tokens)} tokens, expected {SIZE}")
            continue
        for col, token in enumerate(tokens):
            sq = SIZE * row + col
            central = sq in CENTRAL_SQUARES
            if (token == EMPTY and not central) or (token == CENTRE and central):
                continue
            tile = token in VALID_CODES and not central
            piece = token.isupper() and central and design(token) in CENTRAL_PIECES
            if tile or piece:
                board[sq] = token
            else:
                problems.append(f"{where}: {token!r} cannot stand on square {row}{col}")
    if problems:
        raise PositionError("; ".join(problems), problems)
    return board


def _modules(value: str) -> frozenset[int]:
    if value == "-":
        return frozenset()
    try:
        found = frozenset(int(v) for v in value.split(","))
    except ValueError:
        raise ValueError(f"modules {value!r}: a comma list of 1-4, or -") from None
    if not found <= set(MODULES):
        raise ValueError(f"modules {value!r}: a comma list of 1-4, or -")
    return found


def parse_position(text: str) -> Table:
    """Read a position file; `PositionError` lists the problems with line numbers."""
    lines = text.splitlines()
    keywords: dict[str, tuple[int, str]] = {}
    board_at = None
    for number, raw in enumerate(lines, start=1):
        content = raw.split("#", 1)[0].strip()
        if not content:
            continue
        word, _, rest = content.partition(" ")
        if word == "board":
            board_at = number
            break
        if word in keywords:
            raise PositionError(f"line {number}: {word} given twice")
        keywords[word] = (number, rest.strip())
    if board_at is None:
        raise PositionError("no 'board' line")
    rows = [r for r in lines[board_at:] if r.strip() and not r.lstrip().startswith("#")]
    board = parse_board_rows(rows, board_at + 1)
    problems: list[str] = []
    table = Table(players=0, board=board)
    for word, (number, value) in keywords.items():
        try:
            _keyword(table, word, value)
        except ValueError as exc:
            problems.append(f"line {number}: {exc}")
    if "players" not in keywords:
        problems.append("the 'players' line is missing")
    if problems:
        raise PositionError("; ".join(problems), problems)
    for word, needs in (("central", 2), ("shares", 1), ("numbers", 4)):
        if word in keywords and needs not in table.modules:
            raise PositionError(f"line {keywords[word][0]}: {word} needs module {needs}")
    return table


def _keyword(table: Table, word: str, value: str) -> None:
    if word == "players":
        if value not in ("2", "3", "4", "5", "6"):
            raise ValueError(f"players {value!r}: 2 to 6")
        table.players = int(value)
    elif word == "modules":
        table.modules = _modules(value)
    elif word == "rotation":
        if value not in ("fixed", "free"):
            raise ValueError(f"rotation {value!r}: fixed or free")
        table.free_rotation = value == "free"
    elif word == "central":
        for item in value.split():
            position, _, colour = item.partition("=")
            if position not in CENTRAL_POSITIONS or colour not in COMPANIES:
                raise ValueError(f"central {item!r}: expected Ck=colour")
            table.central_cars[position] = colour
    elif word == "shares":
        for seat, items in _seat_items(value):
            shares = [parse_share(s) for s in items]
            if None in shares:
                raise ValueError(f"shares {value!r}: shares are like Y40")
            table.shares[seat] = [s for s in shares if s is not None]
    elif word == "numbers":
        for seat, items in _seat_items(value):
            if not all(s.isdigit() and 1 <= int(s) <= 32 for s in items):
                raise ValueError(f"numbers {value!r}: station numbers 1-32")
            table.numbers[seat] = [int(s) for s in items]
    else:
        raise ValueError(f"unknown keyword {word!r}")


def _seat_items(value: str) -> list[tuple[int, list[str]]]:
    found = []
    for part in value.split():
        seat, eq, items = part.partition("=")
        if not eq or not seat.isdigit():
            raise ValueError(f"{part!r}: expected SEAT=item,item")
        found.append((int(seat), items.split(",")))
    return found


def format_position(table: Table) -> str:
    modules = ",".join(str(m) for m in sorted(table.modules)) or "-"
    out = [f"players {table.players}", f"modules {modules}"]
    if table.free_rotation:
        out.append("rotation free")
    if table.central_cars:
        out.append("central " + " ".join(f"{p}={c}" for p, c in sorted(table.central_cars.items())))
    if table.shares:
        out.append(
            "shares "
            + " ".join(
                f"{seat}=" + ",".join(share_text(c, p) for c, p in shares)
                for seat, shares in sorted(table.shares.items())
            )
        )
    if table.numbers:
        out.append(
            "numbers "
            + " ".join(
                f"{seat}=" + ",".join(str(n) for n in numbers)
                for seat, numbers in sorted(table.numbers.items())
            )
        )
    return "\n".join(out) + "\nboard\n" + format_board(table.board)


def position_problems(table: Table) -> list[str]:
    """Why the position could not arise in legal play (empty: valid)."""
    problems = []
    if {2, 3} <= table.modules:
        problems.append("modules 2 and 3 cannot be combined")
    centre = [table.board[sq] for sq in CENTRAL_SQUARES]
    if 3 in table.modules:
        if None in centre or len({design(c) for c in centre if c}) != 4:
            problems.append("module 3 needs four different central pieces")
    elif any(centre):
        problems.append("central pieces need module 3")
    tiles = [c for sq, c in enumerate(table.board) if c and sq not in CENTRAL_SQUARES]
    if table.free_rotation:
        for name, count in sorted(Counter(design(c) for c in tiles).items()):
            if count > DESIGN_COPIES[name]:
                problems.append(f"{count} tiles of design {name}, only {DESIGN_COPIES[name]} exist")
    else:
        for code, count in sorted(Counter(tiles).items()):
            if count > COPIES[code]:
                problems.append(f"{count} tiles {code}, only {COPIES[code]} exist")
    seat_colours = SEAT_COLOURS[: table.players]
    for position, colour in table.central_cars.items():
        allowed = COMPANIES if 1 in table.modules else seat_colours
        if colour not in allowed:
            problems.append(f"central car {position}={colour}: no such car in this game")
    placed = list(table.central_cars.values())
    if len(placed) != len(set(placed)):
        problems.append("a central car is placed twice")
    for seat in table.shares:
        if not 0 <= seat < table.players:
            problems.append(f"shares of seat {seat}: there are {table.players} seats")
    held = [share for shares in table.shares.values() for share in shares]
    if len(held) != len(set(held)):
        problems.append("a share is held twice")
    for seat, shares in table.shares.items():
        if sorted(p for _, p in shares) != list(PERCENTAGES):
            problems.append(f"seat {seat} must hold one share of each percentage")
    tokens = [n for numbers in table.numbers.values() for n in numbers]
    if len(tokens) != len(set(tokens)):
        problems.append("a station number is dealt twice")
    if any(not 0 <= seat < table.players for seat in table.numbers):
        problems.append(f"numbers for a seat outside 0-{table.players - 1}")
    return problems
