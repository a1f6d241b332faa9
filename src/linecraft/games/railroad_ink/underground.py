"""The underground board (§11.2–§11.4, §11.8, §12.3): subway lines and water pipes.

An underground token is four sides from `S` (subway), `P` (pipe), `.` (blank), then the
markers: `o` a subway station or `h` a hub, `c` the cap of a pipe stub, `b` a burst
pipe. All `S` sides form one part and all `P` sides another; they never join.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from itertools import product

from linecraft.core.graph import UnionFind
from linecraft.core.i18n import _, _n
from linecraft.games.railroad_ink.board import (
    CELLS,
    CENTRE,
    EXIT_TYPE,
    NEIGHBOUR,
    UNCONNECTED,
    WRONG_TOKENS,
    Board,
    Fitting,
    Rows,
    board_rows,
    cell_name,
    exit_name,
    format_board,
    parse_surface,
    route_refusal,
)
from linecraft.games.railroad_ink.drawing import Drawing
from linecraft.games.railroad_ink.phrases import N_, Phrase
from linecraft.games.railroad_ink.pieces import (
    HIGHWAY,
    OPPOSITE,
    RAILWAY,
    SIDE_NAMES,
    all_orientations,
)
from linecraft.games.railroad_ink.scoring import NETWORK_POINTS, longest_path

SUBWAY, PIPE, BLANK = "S", "P", "."
# A side's type as a refusal names it, e.g. "W side (subway)".
UNDER_NAMES = {
    SUBWAY: Phrase(N_("subway")),
    PIPE: Phrase(N_("pipe")),
    BLANK: Phrase(N_("blank")),
}
# Which surface exits accept which underground type (§11.1).
ACCEPTS = {RAILWAY: SUBWAY, HIGHWAY: PIPE}

CANONICAL = {
    "SIo": "S.S.o",
    "SLo": "SS..o",
    "STo": "SSS.o",
    "SI": "S.S.",
    "SL": "SS..",
    "ST": "SSS.",
    "PI": "P.P.",
    "PL": "PP..",
    "PT": "PPP.",
    "PX": "PPPP",
    "II": "PSPS",
    "LL": "SPPS",
    "LLo": "SPPSo",
    "PTs": "PPPSo",
    "STc": "SSSPc",
}
# A face as a refusal names it (the command line shows these too).
FACE_NAMES = {
    "SIo": N_("straight subway with a station"),
    "SLo": N_("curved subway with a station"),
    "STo": N_("subway T with a station"),
    "SI": N_("straight subway"),
    "SL": N_("curved subway"),
    "ST": N_("subway T"),
    "PI": N_("straight pipe"),
    "PL": N_("curved pipe"),
    "PT": N_("pipe T"),
    "PX": N_("pipe crossing"),
    "II": N_("pipe crossing a subway"),
    "LL": N_("curved subway beside a curved pipe"),
    "LLo": N_("curved subway with a station beside a curved pipe"),
    "PTs": N_("pipe T and a subway stub with a station"),
    "STc": N_("subway T and a capped pipe stub"),
}
# The four underground dice A, B, C, D (u1–u4): faces and their odds in sixths.
DICE_FACES: tuple[dict[str, int], ...] = (
    {"SIo": 2, "SLo": 2, "STo": 2},
    {"SI": 1, "PI": 1, "PL": 1, "SL": 1, "ST": 1, "PT": 1},
    {"PI": 2, "PL": 2, "PT": 1, "PX": 1},
    {"II": 2, "LL": 1, "LLo": 1, "PTs": 1, "STc": 1},
)
UNDER_DICE = ("u1", "u2", "u3", "u4")
DOUBLE_DIE = "u5"
DOUBLINGS_PER_GAME = 3


@cache
def under_orientations(code: str) -> tuple[str, ...]:
    """The distinct drawings of an underground face, k = 0…7 order (markers kept)."""
    return all_orientations(CANONICAL[code])


ALL_UNDER_TOKENS = tuple(dict.fromkeys(t for code in CANONICAL for t in under_orientations(code)))


@dataclass(frozen=True, slots=True)
class UnderPiece:
    token: str
    sides: str
    subway: tuple[int, ...]
    pipe: tuple[int, ...]
    station: bool
    hub: bool
    burst: bool

    @property
    def parts(self) -> tuple[tuple[str, tuple[int, ...]], ...]:
        return tuple(
            (kind, part) for kind, part in ((SUBWAY, self.subway), (PIPE, self.pipe)) if part
        )

    def drawn(self) -> str:
        """The token as drawn by a die: the state markers `h` and `b` dropped."""
        return self.sides + ("o" if self.station else "") + ("c" if "c" in self.token else "")


@cache
def under_piece(token: str) -> UnderPiece:
    """Read an underground token (§12.3); `ValueError` says what is wrong."""
    sides, markers = token[:4], token[4:]
    if len(token) < 4 or any(c not in "SP." for c in sides):
        raise _malformed(N_("{token} is not an underground token: four sides from S, P, ."), token)
    if sides == "....":
        raise _malformed(N_("{token}: an empty square is written '....' with no markers"), token)
    order = [m for m in markers]
    station = order[:1] in (["o"], ["h"])
    rest = order[1:] if station else order
    cap = rest[:1] == ["c"]
    rest = rest[1:] if cap else rest
    burst = rest == ["b"]
    if rest not in ([], ["b"]):
        raise _malformed(N_("{token}: markers come as [o|h][c][b]"), token)
    subway = tuple(i for i, c in enumerate(sides) if c == SUBWAY)
    pipe = tuple(i for i, c in enumerate(sides) if c == PIPE)
    if station and not subway:
        raise _malformed(N_("{token}: a station needs a subway side"), token)
    if len(subway) == 1 and not station:
        raise _malformed(N_("{token}: a subway stub ends at a station ('o')"), token)
    if cap != (len(pipe) == 1):
        raise _malformed(N_("{token}: a pipe stub, and only a stub, ends at a cap ('c')"), token)
    if burst and not pipe:
        raise _malformed(N_("{token}: only a pipe can burst"), token)
    return UnderPiece(token, sides, subway, pipe, station, station and order[0] == "h", burst)


def _malformed(message: str, token: str) -> ValueError:
    """What is wrong with a token, in the reader's language."""
    return ValueError(_(message).format(token=repr(token)))


def exit_accepts(cell: int, side: int) -> str | None:
    """The underground type an exit on this border side accepts, or None."""
    kind = EXIT_TYPE[cell][side]
    return None if kind is None else ACCEPTS[kind]


# Why an underground drawing is refused (worded only when read, see `Phrase`).
NOT_EMPTY = N_("{square} is not empty")
# TRANSLATORS: {side} is N, E, S or W; {kind} is "subway" or "pipe"; {exit} is
# an exit such as A4N.
EXIT_TAKES = {
    SUBWAY: N_("{side} side ({kind}) lies on the exit {exit}, which takes subways"),
    PIPE: N_("{side} side ({kind}) lies on the exit {exit}, which takes pipes"),
}
# TRANSLATORS: {side} is N, E, S or W; {kind} and {other} are "subway" or "pipe".
UNDER_FACES = N_("{side} side ({kind}) faces the {other} side of {square}")
UNDER_ALONE = Phrase(N_("no side touches a subway, pipe or exit of its type"))


# The underground dice: which drawings fit where (exits take subways or pipes, §11.1).
UNDERGROUND = Fitting(
    {code: under_orientations(code) for code in CANONICAL}, ACCEPTS, SUBWAY + PIPE, route_refusal
)


def under_problem(board: Board, cell: int, token: str) -> Phrase | None:
    """Why drawing `token` on underground square `cell` is illegal (§11.4 items 3–5)."""
    if board[cell] is not None:
        return Phrase(NOT_EMPTY, square=cell_name(cell))
    side = route_refusal(token, UNDERGROUND.facing(board, cell))
    if side is None:
        return None
    if side == UNCONNECTED:
        return UNDER_ALONE
    kind = token[side]
    other = NEIGHBOUR[cell][side]
    if other < 0:
        accepts = exit_accepts(cell, side)
        assert accepts is not None
        return Phrase(
            EXIT_TAKES[accepts],
            side=SIDE_NAMES[side],
            kind=UNDER_NAMES[kind],
            exit=exit_name(cell, side),
        )
    other_token = board[other]
    assert other_token is not None
    return Phrase(
        UNDER_FACES,
        side=SIDE_NAMES[side],
        kind=UNDER_NAMES[kind],
        other=UNDER_NAMES[other_token[OPPOSITE[side]]],
        square=cell_name(other),
    )


# --- rolls --------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class UnderRoll:
    """The four underground dice, A B C D in order (§13.4)."""

    faces: tuple[str, str, str, str]

    def __str__(self) -> str:
        return "roll " + " ".join(self.faces)

    def face(self, die: str) -> str:
        return self.faces[UNDER_DICE.index(die)]

    def __reduce__(self) -> tuple[type[UnderRoll], tuple[tuple[str, str, str, str]]]:
        """Pickled by way of its constructor, as a compiled class must be."""
        return UnderRoll, (self.faces,)

    @property
    def probability(self) -> Fraction:
        odds = Fraction(1)
        for face, die in zip(self.faces, DICE_FACES, strict=True):
            odds *= Fraction(die[face], 6)
        return odds


ALL_UNDER_ROLLS = tuple(UnderRoll(faces) for faces in product(*DICE_FACES))  # type: ignore[arg-type]
_FACE_BY_UPPER = {code.upper(): code for code in CANONICAL}


def parse_under_roll(text: str) -> UnderRoll:
    """`roll SIo PL PX II`: one face per die A, B, C, D, in that order."""
    words = text.split()
    if words and words[0].lower() == "roll":
        words = words[1:]
    faces = [_FACE_BY_UPPER.get(w.upper()) for w in words]
    if len(faces) != 4 or any(
        f is None or f not in die for f, die in zip(faces, DICE_FACES, strict=False)
    ):
        listing = "; ".join(
            f"{d}: {' '.join(faces)}" for d, faces in zip("ABCD", DICE_FACES, strict=True)
        )
        message = _("{text} is not an underground roll (one face per die — {faces})")
        raise ValueError(message.format(text=repr(text), faces=listing))
    return UnderRoll((faces[0], faces[1], faces[2], faces[3]))  # type: ignore[arg-type]


# --- scoring ------------------------------------------------------------------------------
@dataclass(frozen=True)
class UnderNetwork:
    kind: str
    exits: tuple[str, ...]
    hubs: tuple[int, ...]

    @property
    def size(self) -> int:
        return len(self.exits) + len(self.hubs)

    @property
    def points(self) -> int:
        return network_points(self.size)


def network_points(size: int) -> int:
    """An underground network's points by its exits and hubs: the table of §8.2, its
    last value beyond 12 (O21)."""
    return NETWORK_POINTS[min(size, len(NETWORK_POINTS) - 1)]


@dataclass(frozen=True)
class UnderDetails:
    networks: tuple[UnderNetwork, ...]
    longest_pipe: tuple[int, ...]
    longest_subway: tuple[int, ...]
    centre: int
    open_ends: tuple[tuple[int, int], ...]
    burst_pipes: int

    @property
    def scoring_networks(self) -> list[UnderNetwork]:
        found = [n for n in self.networks if n.size >= 2]
        return sorted(found, key=lambda n: (-n.size, n.kind != PIPE))

    @property
    def errors(self) -> int:
        return len(self.open_ends) + 2 * self.burst_pipes

    @property
    def total(self) -> int:
        return (
            sum(n.points for n in self.scoring_networks)
            + 2 * len(self.longest_pipe)
            + len(self.longest_subway)
            + self.centre
            - self.errors
        )

    def card(self) -> dict[str, object]:
        networks = [
            {"kind": "pipe" if n.kind == PIPE else "subway", "exits": len(n.exits),
             "hubs": len(n.hubs), "size": n.size, "points": n.points}
            for n in self.scoring_networks
        ]  # fmt: skip
        return {
            "networks": networks,
            "network_points": sum(n.points for n in self.scoring_networks),
            "longest_pipe": len(self.longest_pipe),
            "longest_pipe_points": 2 * len(self.longest_pipe),
            "longest_subway": len(self.longest_subway),
            "centre": self.centre,
            "open_ends": len(self.open_ends),
            "burst_pipes": self.burst_pipes,
            "errors": self.errors,
            "total": self.total,
        }


def score_underground(board: Board) -> UnderDetails:
    links, open_ends = under_links(board)
    networks = []
    for group in links.groups():
        exits = tuple(sorted(n for n in group if isinstance(n, str)))
        parts = [n for n in group if isinstance(n, int)]
        kind = SUBWAY if parts[0] % 2 else PIPE
        hubs = tuple(sorted(p // 2 for p in parts if kind == SUBWAY and is_hub(board, p // 2)))
        if exits or hubs:
            networks.append(UnderNetwork(kind, exits, hubs))
    return UnderDetails(
        networks=tuple(networks),
        longest_pipe=longest_path(board, PIPE),
        longest_subway=longest_path(board, SUBWAY),
        centre=sum(1 for c in CENTRE if board[c] is not None),
        open_ends=tuple(open_ends),
        burst_pipes=sum(1 for t in board if t is not None and under_piece(t).burst),
    )


def under_links(board: Board) -> tuple[UnionFind[int | str], list[tuple[int, int]]]:
    """The parts of the drawings (numbered by `under_part`) joined to one another and
    to the exits they lie on (named by `exit_name`), and the open ends (square, side).
    Numbers, not pairs: the board is scored once for every drawing a bot tries, and
    numbers are looked up fastest."""
    links: UnionFind[int | str] = UnionFind()
    open_ends = []
    for cell in range(CELLS):
        token = board[cell]
        if token is None:
            continue
        shape = under_piece(token)
        for kind, part in shape.parts:
            node = under_part(cell, kind)
            links.add(node)
            for side in part:
                other = NEIGHBOUR[cell][side]
                if other < 0:
                    if exit_accepts(cell, side) == kind:
                        links.union(node, exit_name(cell, side))
                    continue
                other_token = board[other]
                if other_token is not None and other_token[OPPOSITE[side]] == kind:
                    links.union(node, under_part(other, kind))
                else:
                    open_ends.append((cell, side))
    return links, open_ends


def under_part(cell: int, kind: str) -> int:
    """The number of the subway or the pipe part of a drawing on `cell`."""
    return 2 * cell + (kind == SUBWAY)


def is_hub(board: Board, cell: int) -> bool:
    token = board[cell]
    return token is not None and under_piece(token).hub


def explain_underground(details: UnderDetails) -> list[str]:
    lines = []
    for n in details.scoring_networks:
        hubs = f" + hubs {' '.join(cell_name(c) for c in n.hubs)}" if n.hubs else ""
        lines.append(
            f"underground {'pipe' if n.kind == PIPE else 'subway'} network "
            f"({' '.join(n.exits) or 'no exit'}{hubs}): size {n.size}, {n.points} points"
        )
    pipe = " ".join(cell_name(c) for c in details.longest_pipe) or "none"
    subway = " ".join(cell_name(c) for c in details.longest_subway) or "none"
    lines.append(f"longest pipe: {len(details.longest_pipe)} × 2 ({pipe})")
    lines.append(f"longest subway: {len(details.longest_subway)} ({subway})")
    lines.append(f"underground centre squares: {details.centre}")
    lines.extend(
        f"underground open end at {cell_name(c)} {SIDE_NAMES[s]}" for c, s in details.open_ends
    )
    if details.burst_pipes:
        lines.append(f"burst pipes: {details.burst_pipes} (−2 each)")
    lines.append(f"underground total: {details.total}")
    return lines


# --- board text with layers (§12.1, §12.4) ---------------------------------------------
@dataclass
class Layers:
    """A file with an underground board: `surface` is None in standalone mode."""

    surface: list[str | None] | None
    underground: list[str | None]


def parse_layers(text: str) -> Layers:
    """Read a file with an underground board (§12.4); `PositionError` names the problem."""
    from linecraft.core.errors import PositionError

    rows = board_rows(text)
    if "underground" not in rows:
        raise PositionError(_("the Underground expansion needs an [underground] board"))
    return _layers(rows)


def parse_boards(text: str) -> Drawing | Layers:
    """Read any board file: a surface board alone, or `Layers` when it has an
    underground board. So a game without the Underground options takes its mode from
    the file (§14): a surface and an underground board are the expansion, an
    underground board alone the standalone game."""
    rows = board_rows(text)
    return _layers(rows) if "underground" in rows else parse_surface(rows["surface"])


def _layers(rows: dict[str, Rows]) -> Layers:
    surface = parse_surface(rows["surface"]) if "surface" in rows else None
    return Layers(surface, _parse_underground(rows["underground"]))


def format_layers(layers: Layers) -> str:
    under = [t or "...." for t in layers.underground]
    text = "\n".join(" ".join(under[r * 7 : (r + 1) * 7]) for r in range(7)) + "\n"
    if layers.surface is None:
        return "[underground]\n" + text
    return "[surface]\n" + format_board(layers.surface) + "[underground]\n" + text


def _parse_underground(rows: Rows) -> list[str | None]:
    from linecraft.core.errors import PositionError

    board: list[str | None] = []
    for row, (number, tokens) in enumerate(rows):
        if len(tokens) != 7:
            raise PositionError(
                _n(*WRONG_TOKENS, len(tokens)).format(number=number, count=len(tokens), size=7)
            )
        for col, token in enumerate(tokens):
            if token == "....":
                board.append(None)
                continue
            try:
                board.append(under_piece(token).token)
            except ValueError as exc:
                square = cell_name(row * 7 + col)
                raise PositionError(
                    _("line {number}, square {square}: {problem}").format(
                        number=number, square=square, problem=exc
                    )
                ) from None
    return board


# What is wrong with an underground board in a file (§12.5).
# TRANSLATORS: {square} {side} is a square and a side, e.g. "D3 N"; {kind} is
# "subway" or "pipe".
ON_EXIT_FOR = {
    SUBWAY: N_("{square} {side}: {kind} on an exit for subways"),
    PIPE: N_("{square} {side}: {kind} on an exit for pipes"),
}
# TRANSLATORS: {square} {side} is a square and a side, e.g. "D3 E"; {kind} and
# {other} are "subway" or "pipe"; {neighbour} is the square next to it.
MEETS = N_("{square} {side}: {kind} faces the {other} of {neighbour}")
NO_BURSTS_ALONE = N_("{square}: no pipe bursts in the standalone game")
HUB_WITHOUT = N_("{square}: a hub, but the surface has no station")
STATION_UNDER = N_("{square}: a plain station, but the surface has a station")
BURST_WITHOUT = N_("{square}: a burst pipe with no surface station above")


def underground_problems(layers: Layers, *, standalone: bool) -> list[str]:
    """§12.5 for the underground board: no mismatched sides or exits; in expansion
    mode `h` exactly under surface stations, `b` only under them; standalone: no `b`.
    A file without a surface board is a standalone one (§14), whatever the options."""
    from linecraft.games.railroad_ink.pieces import piece

    problems = []
    board = layers.underground
    for cell in range(CELLS):
        token = board[cell]
        if token is None:
            continue
        shape = under_piece(token)
        for side in range(4):
            kind = token[side]
            if kind == BLANK:
                continue
            other = NEIGHBOUR[cell][side]
            where = {"square": cell_name(cell), "side": SIDE_NAMES[side]}
            if other < 0:
                accepts = exit_accepts(cell, side)
                if accepts is not None and accepts != kind:
                    message = _(ON_EXIT_FOR[accepts])
                    problems.append(message.format(kind=UNDER_NAMES[kind], **where))
                continue
            facing = board[other]
            if (
                facing is not None
                and side in (1, 2)
                and facing[OPPOSITE[side]] not in (BLANK, kind)
            ):
                met = UNDER_NAMES[facing[OPPOSITE[side]]]
                problems.append(
                    _(MEETS).format(
                        kind=UNDER_NAMES[kind], other=met, neighbour=cell_name(other), **where
                    )
                )
        square = cell_name(cell)
        if standalone or layers.surface is None:
            if shape.burst:
                problems.append(_(NO_BURSTS_ALONE).format(square=square))
            continue
        above = layers.surface[cell] if layers.surface is not None else None
        station_above = above is not None and piece(above).is_station
        if shape.station and shape.hub != station_above:
            problems.append(_(HUB_WITHOUT if shape.hub else STATION_UNDER).format(square=square))
        if shape.burst and not station_above:
            problems.append(_(BURST_WITHOUT).format(square=square))
    return problems
