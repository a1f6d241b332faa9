"""A Metro table in the terminal: the board as tile codes, empty squares by name (the
legal ones for your tile highlighted), each seat's points, your hand."""

from __future__ import annotations

from typing import TYPE_CHECKING

from linecraft.games.metro.board import CENTRAL_SQUARES, SIZE, square_name
from linecraft.games.metro.scoring import owners
from linecraft.games.metro.tables import SEAT_COLOURS, share_text

if TYPE_CHECKING:
    from linecraft.games.metro.rules import MetroState

STYLE = {
    "yellow": "yellow",
    "blue": "dodger_blue1",
    "orange": "dark_orange",
    "green": "green",
    "purple": "purple",
    "black": "grey50",
}


def state_text(state: MetroState, viewer: int | None) -> str:
    targets: set[int] = set()
    if viewer is not None and viewer in state.to_act():
        for tile in state.tiles_to_place(viewer):
            targets |= {p.square for p in state.placements(tile)}
    rows = ["      " + "".join(f"{c:<5}" for c in range(SIZE))]
    for row in range(SIZE):
        cells: list[str] = []
        for col in range(SIZE):
            sq = SIZE * row + col
            code = state.board[sq]
            if code is not None:
                cells.append(code)
            elif sq in CENTRAL_SQUARES:
                cells.append("####")
            elif sq in targets:
                cells.append(f"[black on yellow] {square_name(sq)} [/]")
            else:
                cells.append(f"[grey50] {square_name(sq)} [/]")
        rows.append(f"  {row}   " + " ".join(cells))
    status = status_lines(state, viewer)
    legend = (
        "Tile codes name where each even exit's track goes: exits 0 top-left, 2 right-upper, "
        "4 bottom-right, 6 left-lower; a straight, b wide curve clockwise, c tight curve "
        "counter-clockwise, d U-turn."
    )
    to_play = [f"Player {state.turn} to play."] if state.to_act() else []
    return "\n".join([status[0], *rows, *status[1:], legend, *to_play])


def status_lines(state: MetroState, viewer: int | None) -> list[str]:
    """What a seat reads beside the table: the pile, the points, its lines, hand, shares
    and numbers (never another seat's)."""
    out = [f"Tiles placed {state.placed} of 60, draw pile {sum(state.pile.values())}"]
    profits = state.profits()
    owner_of = owners(state._table_shell())
    if 1 in state.rules.modules:
        out.append("Company profits: " + ", ".join(f"{c} {p}" for c, p in sorted(profits.items())))
    else:
        out.append(
            "Points: "
            + ", ".join(
                f"[{STYLE[SEAT_COLOURS[p]]}]player {p} ({SEAT_COLOURS[p]})[/] "
                f"{profits.get(SEAT_COLOURS[p], 0)}"
                for p in range(state.rules.num_players)
            )
        )
    if viewer is not None and 1 not in state.rules.modules:
        colour = SEAT_COLOURS[viewer]
        mine = [
            route for departure, route in state.routes.items() if owner_of.get(departure) == colour
        ]
        out.append(
            f"Your lines ({colour}): "
            + ", ".join(
                f"{r.departure}→{r.to} {r.points}"
                if r.complete
                else f"{r.departure} open {r.passages} (at {square_name(r.stop or 0)})"
                for r in mine
            )
        )
    if viewer is not None:
        hand = ", ".join(state.hands[viewer]) or "empty"
        drawn = f"; you drew {state.drawn}" if state.drawn and state.turn == viewer else ""
        out.append(f"Your hand: {hand}{drawn}")
        if 1 in state.rules.modules:
            out.append("Your shares: " + " ".join(share_text(*s) for s in state.shares[viewer]))
        if state.numbers[viewer]:
            out.append("Your station numbers: " + " ".join(str(n) for n in state.numbers[viewer]))
    return out
