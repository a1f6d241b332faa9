"""The position format (§19): read, write, static checks; and each seat's view (§6)."""

from __future__ import annotations

import itertools
from collections import Counter
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from linecraft.core.errors import PositionError
from linecraft.core.i18n import _
from linecraft.games.metromania.city import TUNNELS, City
from linecraft.games.metromania.geometry import (
    CITY_VERTICES,
    bordering,
    direction_index,
    edge,
    gate_apex,
    gate_space,
    gate_text,
    gate_vertices,
    is_white,
    parse_gate,
    parse_space,
    parse_vertex,
    space_text,
    touching,
    vertex_text,
)
from linecraft.games.metromania.markers import MARKERS, Mode, sort_hand
from linecraft.games.metromania.notation import parse_layout

if TYPE_CHECKING:
    from linecraft.games.metromania.rules import MetromaniaState

HEADER = "metromania-position"


@dataclass
class Position:
    """A game between two turns of the building phase, or after it."""

    options: dict[str, Any]
    city: City
    phase: str = "building"
    to_move: int | None = 0
    final_left: list[int] = field(default_factory=list)

    @property
    def mode(self) -> Mode:
        return Mode(
            int(self.options["players"]), str(self.options.get("two_player_mode", "two-companies"))
        )


def options_text(options: dict[str, Any]) -> str:
    order = (
        "players",
        "two_player_mode",
        "open_destinations",
        "strict_municipality",
        "gates",
        "end_lines",
    )
    parts = []
    for key in order:
        if key not in options or (key == "two_player_mode" and options["players"] != 2):
            continue
        value = options[key]
        parts.append(f"{key}={str(value).lower() if isinstance(value, bool) else value}")
    return "options " + " ".join(parts)


def format_position(position: Position) -> str:
    city = position.city
    layout = " ".join(f"{d}.{o}" for d, o in city.layout)
    out = [
        HEADER,
        options_text(position.options),
        f"layout {layout}",
        f"phase {position.phase}",
        f"to_move {'-' if position.to_move is None else position.to_move}",
        "final_left " + (",".join(str(c) for c in position.final_left) or "-"),
    ]
    mode = position.mode
    for company in range(mode.companies):
        hand = ",".join(sort_hand(city.hands[company])) or "-"
        seat, points = mode.seat_of(company), city.points[company]
        out.append(f"company {company} seat={seat} points={points} hand={hand}")
    for company, pair in enumerate(city.lines):
        for number, line in enumerate(pair):
            if not line.started:
                continue
            assert line.start_gate is not None
            tokens = [f"{gate_text(line.start_gate)}>{vertex_text(line.path[1])}"]
            for v, space in zip(line.vertices[1:], line.spaces[1:], strict=False):
                placed = city.placed.get(space)
                tail = f"={placed[1][0]}" if placed else ""
                tokens.append(f"{vertex_text(v)}@{space_text(space)}{tail}")
            if line.end_gate is not None:
                tokens.append(f">{gate_text(line.end_gate)}")
            out.append(f"line {company} L{number + 1} " + " ".join(tokens))
    stations = " ".join(vertex_text(v) for v in sorted(city.stations)) or "-"
    out.append(f"stations {stations}")
    return "\n".join(out) + "\n"


def parse_position(text: str) -> Position:
    """Read a position; `PositionError` names each line that does not fit (§19)."""
    rows = [(n, raw.split("#", 1)[0].strip()) for n, raw in enumerate(text.splitlines(), start=1)]
    rows = [(n, row) for n, row in rows if row]
    if not rows or rows[0][1] != HEADER:
        # TRANSLATORS: {header} is the position format's first line, in quotes
        raise PositionError(_("the first line must be {header}").format(header=repr(HEADER)))
    problems: list[str] = []
    options: dict[str, Any] = {}
    layout = None
    phase: str = "building"
    to_move: int | None = 0
    final_left: list[int] = []
    companies: dict[int, tuple[int, list[str]]] = {}
    lines: list[tuple[int, int, list[str], int]] = []
    stations: list[str] = []
    for number, row in rows[1:]:
        word, _space, rest = row.partition(" ")
        try:
            if word == "options":
                options = _options(rest)
            elif word == "layout":
                layout = parse_layout(row)
                if layout is None:
                    # TRANSLATORS: the layout line of a position: keep "d.o" as it is
                    raise ValueError(_("expected six d.o pairs, districts 1-6 once each"))
            elif word == "phase":
                if rest not in ("building", "final", "over"):
                    # TRANSLATORS: keep the codes "building", "final" and "over" as they are
                    raise ValueError(_("phase is building, final or over"))
                phase = rest
            elif word == "to_move":
                to_move = None if rest == "-" else int(rest)
            elif word == "final_left":
                final_left = [] if rest == "-" else [int(c) for c in rest.split(",")]
            elif word == "company":
                company, fields = _company(rest)
                companies[company] = fields
            elif word == "line":
                company_text, line_name, *tokens = rest.split()
                if line_name not in ("L1", "L2") or not tokens:
                    # TRANSLATORS: the grammar of a position's line entry: keep "line" and
                    # "L1|L2" as they are
                    raise ValueError(_("expected: line COMPANY L1|L2 START TOKENS…"))
                lines.append((int(company_text), int(line_name[1]) - 1, tokens, number))
            elif word == "stations":
                stations = [] if rest == "-" else rest.split()
            else:
                raise ValueError(_("unknown item {word}").format(word=repr(word)))
        except ValueError as exc:
            # TRANSLATORS: a problem on line {number} of a position's text
            problems.append(_("line {number}: {problem}").format(number=number, problem=exc))
    if layout is None:
        problems.append(_("the layout line is missing"))
    if "players" not in options:
        problems.append(_("the options line (with players=…) is missing"))
    if problems:
        raise PositionError("; ".join(problems), problems)
    assert layout is not None
    options.setdefault("gates", "standard")
    mode = Mode(int(options["players"]), str(options.get("two_player_mode", "two-companies")))
    city = City(layout, str(options["gates"]), mode.companies)
    for company, (points, hand) in companies.items():
        if not 0 <= company < mode.companies:
            problems.append(
                _("company {company}: there are {count} companies").format(
                    company=company, count=mode.companies
                )
            )
            continue
        city.points[company] = points
        city.hands[company] = hand
    for company, line_number, tokens, number in lines:
        try:
            _read_line(city, company, line_number, tokens)
        except (ValueError, IndexError) as exc:
            # TRANSLATORS: a problem on line {number} of a position's text
            problems.append(_("line {number}: {problem}").format(number=number, problem=exc))
    for word in stations:
        v = parse_vertex(word)
        if v is None:
            problems.append(_("stations: {word} is not a vertex").format(word=repr(word)))
        else:
            city.stations.add(v)
    if problems:
        raise PositionError("; ".join(problems), problems)
    return Position(options, city, phase, to_move, final_left)


def _options(text: str) -> dict[str, Any]:
    options: dict[str, Any] = {}
    for item in text.split():
        key, eq, value = item.partition("=")
        if not eq:
            raise ValueError(_("option {item}: expected key=value").format(item=repr(item)))
        options[key] = {"true": True, "false": False}.get(
            value, int(value) if value.isdigit() else value
        )
    return options


def _company(text: str) -> tuple[int, tuple[int, list[str]]]:
    number, *fields = text.split()
    values = dict(f.partition("=")[::2] for f in fields)
    hand = [] if values.get("hand", "-") == "-" else values["hand"].split(",")
    if any(code not in MARKERS for code in hand):
        raise ValueError(
            _("hand {hand}: marker codes like AH").format(hand=repr(values.get("hand")))
        )
    return int(number), (int(values.get("points", "0")), hand)


def _read_line(city: City, company: int, number: int, tokens: list[str]) -> None:
    line = city.lines[company][number]
    gate_part, _arrow, first = tokens[0].partition(">")
    gate, v = parse_gate(gate_part), parse_vertex(first)
    if gate is None or v is None:
        raise ValueError(_("{token} is not a start Gs.i>q,r").format(token=repr(tokens[0])))
    line.start_gate = gate
    line.path = [gate_apex(gate), v]
    line.spaces = [gate_space(gate)]
    city.tunnel_at[gate_space(gate)] = (company, number)
    for token in tokens[1:]:
        if token.startswith(">"):
            end = parse_gate(token[1:])
            if end is None:
                raise ValueError(_("{token} is not a finish >Gs.i").format(token=repr(token)))
            line.end_gate = end
            line.path.append(gate_apex(end))
            line.spaces.append(gate_space(end))
            city.tunnel_at[gate_space(end)] = (company, number)
            continue
        vertex_part, _at, space_part = token.partition("@")
        space_part, eq, letter = space_part.partition("=")
        v, space = parse_vertex(vertex_part), parse_space(space_part)
        if v is None or space is None:
            raise ValueError(_("{token} is not q,r@space[=X]").format(token=repr(token)))
        line.path.append(v)
        line.spaces.append(space)
        if space in city.tunnel_at:
            raise ValueError(_("{space} holds two tunnels").format(space=space_text(space)))
        city.tunnel_at[space] = (company, number)
        if eq:
            kind = city.specials.get(space)
            city.placed[space] = (company, letter + (kind if kind in ("H", "W", "F") else "?"))


def position_problems(position: Position) -> list[str]:
    """The static checks of §19."""
    city = position.city
    problems = []
    for (company, number), line in city.all_lines():
        if not line.started:
            continue
        # TRANSLATORS: a company's line in a position: {company} is its number, {line} L1 or L2
        name = _("company {company} {line}").format(company=company, line=f"L{number + 1}")
        path = line.path
        if len(set(line.vertices)) != len(line.vertices):
            problems.append(_("{name}: the path repeats a vertex").format(name=name))
        for a, b in itertools.pairwise(path):
            if direction_index(a, b) is None:
                problems.append(
                    _("{name}: {first} and {second} are not adjacent").format(
                        name=name, first=vertex_text(a), second=vertex_text(b)
                    )
                )
        if any(v not in CITY_VERTICES for v in line.vertices):
            problems.append(_("{name}: a vertex lies outside the city").format(name=name))
        for (a, b), space in zip(itertools.pairwise(path), line.spaces, strict=False):
            if space not in bordering(edge(a, b)):
                problems.append(
                    _("{name}: {space} does not border its edge").format(
                        name=name, space=space_text(space)
                    )
                )
            if city.specials.get(space) in ("lake", "park"):
                problems.append(
                    _("{name}: a tunnel on the Lake or the Park ({space})").format(
                        name=name, space=space_text(space)
                    )
                )
        assert line.start_gate is not None
        if not is_white(line.start_gate, city.gates) or path[1] not in gate_vertices(
            line.start_gate
        ):
            problems.append(
                _("{name}: the start gate {gate} does not fit").format(
                    name=name, gate=gate_text(line.start_gate)
                )
            )
        if line.end_gate is not None and (
            is_white(line.end_gate, city.gates)
            or line.vertices[-1] not in gate_vertices(line.end_gate)
        ):
            problems.append(
                _("{name}: the end gate {gate} does not fit").format(
                    name=name, gate=gate_text(line.end_gate)
                )
            )
        if line.tunnels > TUNNELS:
            problems.append(
                _("{name}: {count} tunnels, at most {most}").format(
                    name=name, count=line.tunnels, most=TUNNELS
                )
            )
        for p, a, b in zip(path, path[1:], path[2:], strict=False):
            i, j = direction_index(p, a), direction_index(a, b)
            if i is not None and j is not None and (j - i) % 6 in (2, 4) and a not in city.stations:
                problems.append(
                    _("{name}: a sharp bend at {vertex} without a station").format(
                        name=name, vertex=vertex_text(a)
                    )
                )
    for space, kind in city.specials.items():
        if kind in ("H", "W", "F") and space in city.tunnel_at and space not in city.placed:
            problems.append(
                _("the Spot {space} has a tunnel but no marker").format(space=space_text(space))
            )
    for space, (_owner, code) in city.placed.items():
        if code.endswith("?") or city.specials.get(space) != code[1]:
            problems.append(
                _("a marker on {space}, which is not a Spot of its type").format(
                    space=space_text(space)
                )
            )
    codes = Counter([c for hand in city.hands for c in hand] + [c for _, c in city.placed.values()])
    if codes != Counter(MARKERS):
        problems.append(_("the 12 markers must each appear exactly once (hands or board)"))
    for company in range(len(city.lines)):
        letters = [c[0] for c in city.hands[company]]
        letters += [c[0] for owner, c in city.placed.values() if owner == company]
        if len(letters) != len(set(letters)):
            problems.append(
                _("company {company} holds two markers of one letter").format(company=company)
            )
    placed = list(city.placed.items())
    for i, (first, (_first_owner, ca)) in enumerate(placed):
        for second, (_second_owner, cb) in placed[i + 1 :]:
            if ca[0] == cb[0] and touching(first, second):
                # TRANSLATORS: {first} and {second} are markers' codes, e.g. "AH" and "AW"
                problems.append(_("{first} and {second} touch").format(first=ca, second=cb))
    if position.phase == "building" and any(p < 0 for p in city.points):
        problems.append(_("points are negative during the building phase"))
    problems += _station_invariant(city)
    return problems


def _station_invariant(city: City) -> list[str]:
    """Two lines sharing a vertex: a station there, or one's edges there within the other's."""
    problems = []
    lines = [(lid, line) for lid, line in city.all_lines() if line.started]
    for i, (lid, line) in enumerate(lines):
        for mid, other in lines[i + 1 :]:
            for v in set(line.vertices) & set(other.vertices):
                if v in city.stations:
                    continue
                mine = {e for e in city.edges_of(line) if v in e}
                theirs = {e for e in city.edges_of(other) if v in e}
                if not (mine <= theirs or theirs <= mine):
                    problems.append(
                        # TRANSLATORS: {first} and {second} are lines as (company, line) pairs
                        _("lines {first} and {second} meet at {vertex} without a station").format(
                            first=lid, second=mid, vertex=vertex_text(v)
                        )
                    )
    return problems


def position_of_state(state: MetromaniaState) -> Position:
    assert state.city is not None
    phase = state.phase if state.phase != "setup" else "building"
    to_move = None if phase == "over" else state.to_move
    city = state.snapshots[0] if state.taken else state.city  # positions sit between turns
    options = {**state.rules.options, "end_lines": state.rules.end_lines}
    return Position(options, city.copy(), phase, to_move, list(state.final_left))


def public_view(state: MetromaniaState, player: int | None) -> dict[str, Any]:
    """What a seat may see (§6): other seats' unplaced markers show their type only."""
    mode = state.rules.mode
    city = state.city
    view: dict[str, Any] = {
        "game": state.rules.name,
        "phase": state.phase,
        "to_act": list(state.to_act()),
        "viewer": player,
        "terminal": state.is_terminal(),
        "doubles": list(state.doubles),
    }
    if city is None:
        return view
    view["layout"] = [f"{d}.{o}" for d, o in city.layout]
    view["to_move"] = state.to_move
    view["dig_obligation"] = state.k
    view["steps_taken"] = state.steps
    view["can_undo"] = bool(state.taken)
    view["supply"] = city.supply
    view["stations"] = sorted(vertex_text(v) for v in city.stations)
    view["final_left"] = list(state.final_left)
    companies = []
    for company in range(mode.companies):
        own = player is not None and mode.seat_of(company) == player
        hand = sort_hand(city.hands[company])
        shown = (
            hand
            if own or state.rules.letters_public or state.is_terminal()
            else [f"?{c[1]}" for c in hand]
        )
        companies.append(
            {
                "seat": mode.seat_of(company),
                "points": city.points[company],
                "hand": list(shown),
                "lines": [
                    {
                        "path": [vertex_text(v) for v in line.path],
                        "spaces": [space_text(s) for s in line.spaces],
                        "finished": line.finished,
                        "tunnels_left": TUNNELS - line.tunnels,
                    }
                    for line in city.lines[company]
                ],
            }
        )
    view["companies"] = companies
    view["markers"] = {space_text(s): code for s, (_, code) in sorted(city.placed.items())}
    return view
