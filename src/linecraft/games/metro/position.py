"""The board text (§17.1) and the position file (§17.2): read, write, check."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from linecraft.core.errors import PositionError
from linecraft.core.i18n import _
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
        told = _("the board needs {size} rows, found {count}")
        raise PositionError(told.format(size=SIZE, count=len(rows)))
    board: list[str | None] = [None] * SQUARES
    problems = []
    for row, text in enumerate(rows):
        tokens = text.split()
        line = first_line + row
        if len(tokens) != SIZE:
            # TRANSLATORS: {line} is a line number of the position text.
            told = _("line {line}: {count} tokens, expected {size}")
            problems.append(told.format(line=line, count=len(tokens), size=SIZE))
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
                # TRANSLATORS: {token} is a tile code as written, {square} e.g. 07.
                told = _("line {line}: {token} cannot stand on square {square}")
                problems.append(told.format(line=line, token=repr(token), square=f"{row}{col}"))
    if problems:
        raise PositionError("; ".join(problems), problems)
    return board


def _modules(value: str) -> frozenset[int]:
    if value == "-":
        return frozenset()
    found: frozenset[int] | None
    try:
        found = frozenset(int(v) for v in value.split(","))
    except ValueError:
        found = None  # not numbers
    if found is None or not found <= set(MODULES):
        # TRANSLATORS: {value} is what the position's "modules" line gives.
        told = _("modules {value}: a comma list of 1-4, or -")
        raise ValueError(told.format(value=repr(value)))
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
        word, _space, rest = content.partition(" ")
        if word == "board":
            board_at = number
            break
        if word in keywords:
            # TRANSLATORS: {word} is a keyword of the position text, e.g. players.
            told = _("line {line}: {word} given twice")
            raise PositionError(told.format(line=number, word=word))
        keywords[word] = (number, rest.strip())
    if board_at is None:
        # TRANSLATORS: 'board' is a keyword of the position text: keep it.
        raise PositionError(_("no 'board' line"))
    rows = [r for r in lines[board_at:] if r.strip() and not r.lstrip().startswith("#")]
    board = parse_board_rows(rows, board_at + 1)
    problems: list[str] = []
    table = Table(players=0, board=board)
    for word, (number, value) in keywords.items():
        try:
            _keyword(table, word, value)
        except ValueError as exc:
            # TRANSLATORS: {problem} says what is wrong with the line.
            problems.append(_("line {line}: {problem}").format(line=number, problem=exc))
    if "players" not in keywords:
        # TRANSLATORS: 'players' is a keyword of the position text: keep it.
        problems.append(_("the 'players' line is missing"))
    if problems:
        raise PositionError("; ".join(problems), problems)
    for word, needs in (("central", 2), ("shares", 1), ("numbers", 4)):
        if word in keywords and needs not in table.modules:
            told = _("line {line}: {word} needs module {module}")
            raise PositionError(told.format(line=keywords[word][0], word=word, module=needs))
    return table


def _keyword(table: Table, word: str, value: str) -> None:
    if word == "players":
        if value not in ("2", "3", "4", "5", "6"):
            raise ValueError(_("players {value}: 2 to 6").format(value=repr(value)))
        table.players = int(value)
    elif word == "modules":
        table.modules = _modules(value)
    elif word == "rotation":
        if value not in ("fixed", "free"):
            # TRANSLATORS: fixed and free are the values to write: keep them.
            raise ValueError(_("rotation {value}: fixed or free").format(value=repr(value)))
        table.free_rotation = value == "free"
    elif word == "central":
        for item in value.split():
            position, _equals, colour = item.partition("=")
            if position not in CENTRAL_POSITIONS or colour not in COMPANIES:
                # TRANSLATORS: Ck=colour is the form to write, e.g. C2=yellow.
                told = _("central {item}: expected Ck=colour")
                raise ValueError(told.format(item=repr(item)))
            table.central_cars[position] = colour
    elif word == "shares":
        for seat, items in _seat_items(value):
            shares = [parse_share(s) for s in items]
            if None in shares:
                told = _("shares {value}: shares are like Y40")
                raise ValueError(told.format(value=repr(value)))
            table.shares[seat] = [s for s in shares if s is not None]
    elif word == "numbers":
        for seat, items in _seat_items(value):
            if not all(s.isdigit() and 1 <= int(s) <= 32 for s in items):
                told = _("numbers {value}: station numbers 1-32")
                raise ValueError(told.format(value=repr(value)))
            table.numbers[seat] = [int(s) for s in items]
    else:
        raise ValueError(_("unknown keyword {word}").format(word=repr(word)))


def _seat_items(value: str) -> list[tuple[int, list[str]]]:
    found = []
    for part in value.split():
        seat, eq, items = part.partition("=")
        if not eq or not seat.isdigit():
            # TRANSLATORS: SEAT=item,item is the form to write, e.g. 0=Y40,B30.
            raise ValueError(_("{part}: expected SEAT=item,item").format(part=repr(part)))
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
        problems.append(_("modules 2 and 3 cannot be combined"))
    centre = [table.board[sq] for sq in CENTRAL_SQUARES]
    if 3 in table.modules:
        if None in centre or len({design(c) for c in centre if c}) != 4:
            problems.append(_("module 3 needs four different central pieces"))
    elif any(centre):
        problems.append(_("central pieces need module 3"))
    tiles = [c for sq, c in enumerate(table.board) if c and sq not in CENTRAL_SQUARES]
    if table.free_rotation:
        for name, count in sorted(Counter(design(c) for c in tiles).items()):
            if count > DESIGN_COPIES[name]:
                # TRANSLATORS: {design} is a tile's code, e.g. aacb.
                told = _("{count} tiles of design {design}, only {copies} exist")
                problems.append(told.format(count=count, design=name, copies=DESIGN_COPIES[name]))
    else:
        for code, count in sorted(Counter(tiles).items()):
            if count > COPIES[code]:
                # TRANSLATORS: {code} is a tile's code, e.g. aacb.
                told = _("{count} tiles {code}, only {copies} exist")
                problems.append(told.format(count=count, code=code, copies=COPIES[code]))
    seat_colours = SEAT_COLOURS[: table.players]
    for position, colour in table.central_cars.items():
        allowed = COMPANIES if 1 in table.modules else seat_colours
        if colour not in allowed:
            # TRANSLATORS: {car} is in the position's notation, e.g. C2=yellow.
            told = _("central car {car}: no such car in this game")
            problems.append(told.format(car=f"{position}={colour}"))
    placed = list(table.central_cars.values())
    if len(placed) != len(set(placed)):
        problems.append(_("a central car is placed twice"))
    for seat in table.shares:
        if not 0 <= seat < table.players:
            told = _("shares of seat {seat}: there are {players} seats")
            problems.append(told.format(seat=seat, players=table.players))
    held = [share for shares in table.shares.values() for share in shares]
    if len(held) != len(set(held)):
        problems.append(_("a share is held twice"))
    for seat, shares in table.shares.items():
        if sorted(p for _company, p in shares) != list(PERCENTAGES):
            told = _("seat {seat} must hold one share of each percentage")
            problems.append(told.format(seat=seat))
    tokens = [n for numbers in table.numbers.values() for n in numbers]
    if len(tokens) != len(set(tokens)):
        problems.append(_("a station number is dealt twice"))
    if any(not 0 <= seat < table.players for seat in table.numbers):
        told = _("numbers for a seat outside 0-{last}")
        problems.append(told.format(last=table.players - 1))
    return problems
