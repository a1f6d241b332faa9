"""The map in a terminal, as rich markup: stations by shape letter, sections drawn in
their colour along the guide lines, and the stations the viewer may reach highlighted.

Each grid step is 4 characters wide and 2 high, so every section has cells of its
own: horizontal strokes on station rows, vertical ones between rows, and diagonals at
the middle of each grid square (two diagonals never share a cell: they would cross).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from linecraft.games.next_station_london.london import COLOURS, LONDON, SIZE

if TYPE_CHECKING:
    from linecraft.games.next_station_london.rules import NextStationLondonState

TERMINAL_COLOURS = {
    "purple": "purple",
    "blue": "dodger_blue1",
    "pink": "bright_red",
    "green": "green",
}
SHAPE_LETTERS = {"circle": "C", "square": "S", "triangle": "T", "pentagon": "P", "central": "?"}
WIDTH, HEIGHT = 4 * (SIZE - 1) + 1, 2 * (SIZE - 1) + 1


def _section_cells(a: int, b: int) -> list[tuple[int, int, str]]:
    """(column, row, character) of every cell a section's stroke passes."""
    (ax, ay), (bx, by) = LONDON.stations[a].point, LONDON.stations[b].point
    dx, dy = (bx > ax) - (bx < ax), (by > ay) - (by < ay)
    cells = []
    x, y = ax, ay
    while (x, y) != (bx, by):
        if dy == 0:
            cells += [(4 * x + dx * i, 2 * y, "─") for i in (1, 2, 3)]
        elif dx == 0:
            cells.append((4 * x, 2 * y + dy, "│"))
        else:
            cells.append((4 * x + 2 * dx, 2 * y + dy, "╲" if dx == dy else "╱"))
        x, y = x + dx, y + dy
        if (x, y) != (bx, by):  # an empty grid point the section passes over
            cells.append((4 * x, 2 * y, "─" if dy == 0 else "│" if dx == 0 else cells[-1][2]))
    return cells


def sheet_map(state: NextStationLondonState, player: int, targets: set[int]) -> str:
    """One sheet as markup; `targets` are stations to highlight."""
    grid: list[list[str]] = [[" "] * WIDTH for _ in range(HEIGHT)]
    sheet = state.sheets[player]
    on_line: dict[int, list[str]] = {}
    for colour, sections in sheet.lines.items():
        style = TERMINAL_COLOURS[colour]
        for a, b in sections:
            for col, row, char in _section_cells(a, b):
                grid[row][col] = f"[{style}]{char}[/]"
        for index in {LONDON.departure[colour], *(s for sec in sections for s in sec)}:
            on_line.setdefault(index, []).append(colour)
    for station in LONDON.stations:
        letter = SHAPE_LETTERS[station.shape]
        styles = []
        colours = on_line.get(station.index, [])
        if station.departure:
            styles.append(f"bold {TERMINAL_COLOURS[station.departure]}")
        elif colours:
            styles.append(f"bold {TERMINAL_COLOURS[colours[-1]]}")
        if len(colours) >= 2:
            styles.append("reverse")
        if station.tourist:
            styles.append("underline")
        if station.index in targets:
            styles.append("black on yellow")
        markup = f"[{' '.join(styles)}]{letter}[/]" if styles else letter
        grid[2 * station.y][4 * station.x] = markup
    header = "    " + "".join(f"{x:<4}" for x in range(SIZE)).rstrip()
    rows = [
        (f"{row // 2:>2}  " if row % 2 == 0 else "    ") + "".join(cells).rstrip()
        for row, cells in enumerate(grid)
    ]
    return "\n".join([header, *rows])


def seat_status(state: NextStationLondonState, player: int) -> list[str]:
    colour = state.colour_of(player)
    score = state.sheet_score(player)
    line = score.lines[colour]
    parts = [
        f"[b]Player {player}[/b] draws [{TERMINAL_COLOURS[colour]}]{colour}[/] "
        f"(departure {LONDON.stations[LONDON.departure[colour]].name}); "
        f"this line: {line.districts} districts × {line.largest} + 2 × {line.thames} Thames "
        f"= {line.score}; total now {score.total}"
    ]
    ends = "  ".join(LONDON.stations[s].name for s in sorted(state.line_shape(player).ends))
    parts.append(f"  ends of the line: {ends}  (x,y: column, row)")
    power = state.powers.of(colour) if state.powers else None
    if power is not None:
        status = "used" if state.power_used[player] else "available"
        parts.append(f"  {colour} power: {power} ({status} this round)")
    return parts


def table_lines(state: NextStationLondonState) -> list[str]:
    """The round, the objectives and the card in play, as rich markup."""
    if state.order is None or state.pending_setup() is not None:
        return ["Setting up: " + str(state.pending_setup())]
    out = [f"Round {state.round + 1} of 4"]
    if state.objectives:
        out.append("Objectives (+10 each): " + ", ".join(state.objectives))
    if state.card is not None:
        switch = "  [b]switch turn[/b]: start anywhere on your line" if state.switch_turn else ""
        out.append(
            f"Turn {state.turn}: card [b]{state.card}[/b] "
            f"(Underground cards {state.underground_seen} of 5){switch}"
        )
        if state.last_turn:
            out.append("This is the last turn of the round.")
    return out


def status_lines(state: NextStationLondonState, viewer: int | None) -> list[str]:
    """What a seat reads beside its sheet: the table, then its pencil, line and power."""
    out = table_lines(state)
    if viewer is not None and state.order is not None and state.pending_setup() is None:
        out += seat_status(state, viewer)
    return out


def state_text(state: NextStationLondonState, viewer: int | None) -> str:
    out = table_lines(state)
    if state.order is None or state.pending_setup() is not None:
        return out[0]
    seats = range(len(state.sheets)) if viewer is None else [viewer]
    for player in seats:
        targets: set[int] = set()
        if player == viewer and player in state.to_act():
            targets = {
                b for move in state.legal_actions(player) for _, b in getattr(move, "sections", ())
            }
        out += seat_status(state, player)
        out.append(sheet_map(state, player, targets))
    if viewer is not None and len(state.sheets) > 1:
        others = ", ".join(
            f"player {p}: {state.sheet_score(p).total}"
            for p in range(len(state.sheets))
            if p != viewer
        )
        out.append(f"Others: {others}")
    out.append(
        "Legend: C circle, S square, T triangle, P pentagon, ? Central Station; underlined: "
        "tourist site; reversed: interchange; "
        + ", ".join(f"[{TERMINAL_COLOURS[c]}]{c}[/]" for c in COLOURS)
    )
    return "\n".join(out)
