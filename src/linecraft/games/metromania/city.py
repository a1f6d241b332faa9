"""The city during the building phase: lines, tunnels, stations, markers (§7–§9).

`City.problem` checks one dig or station step on its own (refusal code and sentence,
in the order of §8.2–§8.7); `City.apply` carries it out, building and scoring the
forced stations. The dig obligation (§8.1) is the state's business: it needs search.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from linecraft.core.i18n import N_, Nn_, _, _n
from linecraft.games.metromania.geometry import (
    CITY_SPACES,
    CITY_VERTICES,
    GATES,
    Gate,
    Layout,
    Space,
    Vertex,
    bordering,
    direction_index,
    edge,
    far_sides,
    gate_apex,
    gate_space,
    gate_text,
    gate_vertices,
    is_white,
    neighbours,
    space_text,
    spaces_at,
    special_cells,
    touching,
    vertex_text,
)
from linecraft.games.metromania.markers import MARKERS
from linecraft.games.metromania.notation import Extend, Finish, Start, Station, line_text

STATIONS = 30
TUNNELS = 18
LineId = tuple[int, int]  # (company, line)


class Refusal(Exception):
    """A refused step: `code` from §18 and a sentence naming the problem, kept as its
    template (marked `N_`, or a pair marked `Nn_` counted by `count`) and its fields, so
    that it is put in words, in the reader's language, only when someone reads it: the
    move generator refuses steps by the million and never does.

    >>> str(Refusal("line_started", N_("{name} is already started"), name="L1"))
    'line_started: L1 is already started'
    """

    def __init__(
        self,
        code: str,
        template: str | tuple[str, str],
        count: int | None = None,
        /,
        **fields: Any,
    ) -> None:
        super().__init__(code)
        self.code = code
        self.template = template
        self.count = count
        self.fields = fields

    @property
    def sentence(self) -> str:
        """The problem in the current language."""
        if isinstance(self.template, tuple):
            assert self.count is not None
            return _n(*self.template, self.count).format(count=self.count, **self.fields)
        return _(self.template).format(**self.fields)

    def __str__(self) -> str:
        return f"{self.code}: {self.sentence}"


@dataclass
class Line:
    """A line's path from its start apex (and to its end apex once finished)."""

    start_gate: Gate | None = None
    end_gate: Gate | None = None
    path: list[Vertex] = field(default_factory=list)
    spaces: list[Space] = field(default_factory=list)  # one per tunnel, gate tunnels included

    @property
    def started(self) -> bool:
        return self.start_gate is not None

    @property
    def finished(self) -> bool:
        return self.end_gate is not None

    @property
    def tunnels(self) -> int:
        return len(self.spaces)

    @property
    def vertices(self) -> list[Vertex]:
        """The city vertices v1 … vk, in path order."""
        return self.path[1:-1] if self.finished else self.path[1:]

    @property
    def tip(self) -> Vertex:
        return self.path[-1]

    def copy(self) -> Line:
        return Line(self.start_gate, self.end_gate, list(self.path), list(self.spaces))


def _growth_problem(line: Line, name: str, tip: Vertex) -> Refusal | None:
    """Why a line cannot grow from `tip` at all (extending and finishing alike), or None."""
    if not line.started:
        return Refusal("line_not_started", N_("{name} is not started"), name=name)
    if line.finished:
        return Refusal("line_finished", N_("{name} is finished"), name=name)
    if line.tunnels >= TUNNELS:
        return Refusal(
            "no_tunnels_left",
            N_("{name} has used its {tunnels} tunnels"),
            name=name,
            tunnels=TUNNELS,
        )
    if tip != line.tip:
        return Refusal(
            "not_from_tip",
            N_("{name} grows from its tip {tip}"),
            name=name,
            tip=vertex_text(line.tip),
        )
    return None


def spot_points(specials: dict[Space, str], v: Vertex) -> int:
    return sum(1 for s in spaces_at(v) if specials.get(s) in ("H", "W", "F"))


class City:
    """Everything on the board, plus the per-turn facts the step rules need."""

    def __init__(self, layout: Layout, gates: str, companies: int) -> None:
        self.layout = layout
        self.gates = gates
        self.specials = special_cells(layout)
        self.lines = [[Line(), Line()] for _ in range(companies)]
        self.tunnel_at: dict[Space, LineId] = {}
        self.stations: set[Vertex] = set()
        self.points = [0] * companies
        self.hands: list[list[str]] = [[] for _ in range(companies)]
        self.placed: dict[Space, tuple[int, str]] = {}  # marker on a Spot: (company, code)
        self.marker_this_turn = False
        self.starts_this_turn = 0
        self.first_turn = False

    def copy(self) -> City:
        other = City.__new__(City)
        other.layout, other.gates, other.specials = self.layout, self.gates, self.specials
        other.lines = [[line.copy() for line in pair] for pair in self.lines]
        other.tunnel_at = dict(self.tunnel_at)
        other.stations = set(self.stations)
        other.points = list(self.points)
        other.hands = [list(h) for h in self.hands]
        other.placed = dict(self.placed)
        other.marker_this_turn = self.marker_this_turn
        other.starts_this_turn = self.starts_this_turn
        other.first_turn = self.first_turn
        return other

    # --- queries --------------------------------------------------------------------------
    @property
    def supply(self) -> int:
        return STATIONS - len(self.stations)

    def line(self, line_id: LineId) -> Line:
        return self.lines[line_id[0]][line_id[1]]

    def all_lines(self) -> list[tuple[LineId, Line]]:
        return [((c, n), line) for c, pair in enumerate(self.lines) for n, line in enumerate(pair)]

    def edges_of(self, line: Line) -> set[frozenset[Vertex]]:
        return {edge(a, b) for a, b in zip(line.path, line.path[1:], strict=False)}

    def _line_edges(self) -> list[tuple[Line, set[frozenset[Vertex]]]]:
        return [(line, self.edges_of(line)) for _, line in self.all_lines() if line.started]

    def lines_at(self, v: Vertex, exclude: LineId) -> list[Line]:
        return [line for lid, line in self.all_lines() if lid != exclude and v in line.vertices]

    def gate_free(self, gate: Gate) -> bool:
        return gate_space(gate) not in self.tunnel_at

    def required_stations(self, lid: LineId, a: Vertex, b: Vertex) -> list[Vertex]:
        """New stations the edge a→b of line `lid` forces (§8.6): meeting at b, separation at a."""
        line = self.line(lid)
        new = edge(a, b)
        needed = []
        others = [(other, edges) for other, edges in self._line_edges() if other is not line]
        if b in CITY_VERTICES:
            for other, edges in others:
                if b in other.vertices and new not in edges:
                    needed.append(b)
                    break
        if len(line.path) >= 2 and a in CITY_VERTICES:
            previous = edge(line.path[-2], a)
            for _, edges in others:
                if previous in edges and new not in edges:
                    needed.append(a)
                    break
        return [v for v in dict.fromkeys(needed) if v not in self.stations]

    def _angle_problem(self, line: Line, b: Vertex) -> Refusal | None:
        p, a = line.path[-2], line.path[-1]
        i, j = direction_index(p, a), direction_index(a, b)
        assert i is not None and j is not None
        if (j - i) % 6 in (2, 4) and a not in self.stations:
            return Refusal(
                "sharp_bend",
                N_("a sharp bend at {vertex} needs a station there"),
                vertex=vertex_text(a),
            )
        return None

    # --- checking one step ------------------------------------------------------------------
    def problem(self, company: int, step: Start | Extend | Finish | Station) -> Refusal | None:
        if isinstance(step, Start):
            return self._start_problem(company, step)
        if isinstance(step, Extend):
            return self._extend_problem(company, step)
        if isinstance(step, Finish):
            return self._finish_problem(company, step)
        return self._station_problem(company, step)

    def _start_problem(self, company: int, step: Start) -> Refusal | None:
        line = self.lines[company][step.line]
        name = line_text(step.line)
        if line.started:
            return Refusal("line_started", N_("{name} is already started"), name=name)
        if self.first_turn and self.starts_this_turn >= 1:
            return Refusal(
                "one_start_first_turn", N_("only one line starts in a company's first turn")
            )
        gate = gate_text(step.gate)
        if not is_white(step.gate, self.gates):
            return Refusal(
                "gate_not_white",
                N_("{gate} has a black arrow: lines start at white ones"),
                gate=gate,
            )
        if not self.gate_free(step.gate):
            return Refusal("gate_occupied", N_("{gate} already holds a tunnel"), gate=gate)
        if step.vertex not in gate_vertices(step.gate):
            return Refusal(
                "gate_vertex",
                N_("{vertex} is not a corner of {gate}"),
                vertex=vertex_text(step.vertex),
                gate=gate,
            )
        other = self.lines[company][1 - step.line]
        if other.started:
            assert other.start_gate is not None
            allowed = far_sides(other.start_gate[0])
            free = [
                g
                for g in GATES
                if g[0] in allowed and is_white(g, self.gates) and self.gate_free(g)
            ]
            if step.gate[0] not in allowed and free:
                return Refusal(
                    "start_side",
                    # TRANSLATORS: {sides} are the numbers of the city's sides, e.g. "2, 3, 4";
                    # {gate} is a gate's code, e.g. "G3.0"
                    N_(
                        "the second line starts on a far side ({sides}) while a white gate "
                        "there is free (e.g. {gate})"
                    ),
                    sides=", ".join(map(str, allowed)),
                    gate=gate_text(free[0]),
                )
        needed = self.required_stations((company, step.line), gate_apex(step.gate), step.vertex)
        if len(needed) > self.supply:
            return Refusal("no_station_left", N_("the station supply is empty"))
        return None

    def _extend_problem(self, company: int, step: Extend) -> Refusal | None:
        lid = (company, step.line)
        line = self.line(lid)
        name = line_text(step.line)
        if refusal := _growth_problem(line, name, step.tip):
            return refusal
        if step.to not in CITY_VERTICES or direction_index(step.tip, step.to) is None:
            return Refusal(
                "not_adjacent",
                N_("{vertex} is not a city vertex next to the tip"),
                vertex=vertex_text(step.to),
            )
        if step.to in line.vertices:
            return Refusal(
                "own_line",
                N_("{vertex} is already on {name}"),
                vertex=vertex_text(step.to),
                name=name,
            )
        angle = self._angle_problem(line, step.to)
        if angle is not None:
            return angle
        space = space_text(step.space)
        if step.space not in CITY_SPACES or step.space not in bordering(edge(step.tip, step.to)):
            return Refusal(
                "space_not_on_edge",
                N_("{space} does not border that edge inside the city"),
                space=space,
            )
        if step.space in self.tunnel_at:
            return Refusal("space_occupied", N_("{space} already holds a tunnel"), space=space)
        kind = self.specials.get(step.space)
        if kind == "lake":
            return Refusal("lake_or_park", N_("{space} is part of the Lake"), space=space)
        if kind == "park":
            return Refusal("lake_or_park", N_("{space} is part of the Park"), space=space)
        marker = self._marker_problem(company, step, kind)
        if marker is not None:
            return marker
        needed = self.required_stations(lid, step.tip, step.to)
        if len(needed) > self.supply:
            return Refusal(
                "no_station_left",
                # TRANSLATORS: {count} stations are needed and {left} are left (the English
                # singular is the plural on purpose)
                Nn_(
                    "{count} station(s) needed, {left} left",
                    "{count} station(s) needed, {left} left",
                ),
                len(needed),
                left=self.supply,
            )
        return None

    def _marker_problem(self, company: int, step: Extend, kind: str | None) -> Refusal | None:
        space = space_text(step.space)
        if kind not in ("H", "W", "F"):
            if step.letter is not None:
                return Refusal("destination_on_blank", N_("{space} is not a Spot"), space=space)
            return None
        if step.letter is None:
            return Refusal(
                "spot_without_destination", N_("{space} is a Spot: name a marker (=X)"), space=space
            )
        code = step.letter + kind
        if code not in self.hands[company]:
            return Refusal(
                "no_such_marker",
                # TRANSLATORS: {marker} is a marker's code: its letter and its type, e.g. "EH"
                N_("you hold no unplaced {marker} marker"),
                marker=code,
            )
        if self.marker_this_turn:
            return Refusal("second_destination", N_("one marker per turn"))
        partner = next(m for m in MARKERS if m[0] == step.letter and m != code)
        for other, (_owner, placed_code) in self.placed.items():
            if placed_code == partner and touching(other, step.space):
                return Refusal(
                    "letters_touch",
                    N_("{marker} on {other} touches {space}"),
                    marker=partner,
                    other=space_text(other),
                    space=space,
                )
        return None

    def _finish_problem(self, company: int, step: Finish) -> Refusal | None:
        lid = (company, step.line)
        line = self.line(lid)
        name = line_text(step.line)
        gate = gate_text(step.gate)
        if refusal := _growth_problem(line, name, step.tip):
            return refusal
        if step.tip not in gate_vertices(step.gate):
            return Refusal(
                "gate_vertex",
                N_("{vertex} is not a corner of {gate}"),
                vertex=vertex_text(step.tip),
                gate=gate,
            )
        if is_white(step.gate, self.gates):
            return Refusal(
                "gate_not_black",
                N_("{gate} has a white arrow: lines finish at black ones"),
                gate=gate,
            )
        if not self.gate_free(step.gate):
            return Refusal("gate_occupied", N_("{gate} already holds a tunnel"), gate=gate)
        assert line.start_gate is not None
        allowed = far_sides(line.start_gate[0])
        free = [
            g
            for g in GATES
            if g[0] in allowed and not is_white(g, self.gates) and self.gate_free(g)
        ]
        if step.gate[0] not in allowed and free:
            return Refusal(
                "end_side",
                # TRANSLATORS: {name} is a line's code, L1 or L2; {sides} are the numbers of
                # the city's sides, e.g. "2, 3, 4"; {gate} is a gate's code, e.g. "G3.0"
                N_(
                    "{name} finishes on a far side ({sides}) of its start while a black gate "
                    "there is free (e.g. {gate})"
                ),
                name=name,
                sides=", ".join(map(str, allowed)),
                gate=gate_text(free[0]),
            )
        angle = self._angle_problem(line, gate_apex(step.gate))
        if angle is not None:
            return angle
        needed = self.required_stations(lid, step.tip, gate_apex(step.gate))
        if len(needed) > self.supply:
            return Refusal("no_station_left", N_("the station supply is empty"))
        if step.bonus is not None:
            bonus = vertex_text(step.bonus)
            if step.bonus not in line.vertices:
                return Refusal(
                    "bonus_vertex", N_("{vertex} is not on {name}"), vertex=bonus, name=name
                )
            if step.bonus in self.stations or step.bonus in needed:
                return Refusal("station_exists", N_("{vertex} has a station"), vertex=bonus)
            if len(needed) + 1 > self.supply:
                return Refusal("no_station_left", N_("no station is left for the bonus"))
        return None

    def _station_problem(self, company: int, step: Station) -> Refusal | None:
        line = self.lines[company][step.line]
        name = line_text(step.line)
        where = vertex_text(step.vertex)
        if not line.started:
            return Refusal("line_not_started", N_("{name} is not started"), name=name)
        if line.finished:
            return Refusal(
                "line_closed", N_("{name} is finished: no more intermediate stations"), name=name
            )
        if step.vertex not in line.vertices:
            return Refusal(
                "station_vertex", N_("{vertex} is not on {name}"), vertex=where, name=name
            )
        if step.vertex in self.stations:
            return Refusal("station_exists", N_("{vertex} has a station"), vertex=where)
        later = line.vertices[line.vertices.index(step.vertex) + 1 :]
        if not any(v in self.stations for v in later):
            return Refusal(
                "not_between_stations",
                N_("no station lies beyond {vertex} on {name}"),
                vertex=where,
                name=name,
            )
        if self.supply < 1:
            return Refusal("no_station_left", N_("the station supply is empty"))
        return None

    # --- doing ------------------------------------------------------------------------------
    def _build(self, company: int, vertices: list[Vertex]) -> None:
        for v in vertices:
            if v not in self.stations:
                self.stations.add(v)
                self.points[company] += spot_points(self.specials, v)

    def apply(self, company: int, step: Start | Extend | Finish | Station) -> None:
        """Carry out a step already checked."""
        if isinstance(step, Station):
            self._build(company, [step.vertex])
            return
        lid = (company, step.line)
        line = self.line(lid)
        if isinstance(step, Start):
            apex = gate_apex(step.gate)
            needed = self.required_stations(lid, apex, step.vertex)
            line.start_gate = step.gate
            line.path = [apex, step.vertex]
            line.spaces = [gate_space(step.gate)]
            self.tunnel_at[gate_space(step.gate)] = lid
            self.starts_this_turn += 1
            self._build(company, needed)
        elif isinstance(step, Extend):
            needed = self.required_stations(lid, step.tip, step.to)
            line.path.append(step.to)
            line.spaces.append(step.space)
            self.tunnel_at[step.space] = lid
            if step.letter is not None:
                code = step.letter + self.specials[step.space]
                self.hands[company].remove(code)
                self.placed[step.space] = (company, code)
                self.marker_this_turn = True
            self._build(company, needed)
        else:
            apex = gate_apex(step.gate)
            needed = self.required_stations(lid, step.tip, apex)
            line.path.append(apex)
            line.spaces.append(gate_space(step.gate))
            line.end_gate = step.gate
            self.tunnel_at[gate_space(step.gate)] = lid
            self._build(company, needed + ([step.bonus] if step.bonus else []))

    # --- move generation --------------------------------------------------------------------
    def iter_dig_steps(self, company: int) -> Iterator[Start | Extend | Finish]:
        """Every dig step legal on its own now (the obligation aside)."""
        for number, line in enumerate(self.lines[company]):
            if not line.started:
                if self.first_turn and self.starts_this_turn >= 1:
                    continue
                candidates: list[Start | Extend | Finish] = [
                    Start(number, gate, v)
                    for gate in GATES
                    if is_white(gate, self.gates) and self.gate_free(gate)
                    for v in gate_vertices(gate)
                ]
            elif line.finished:
                continue
            else:
                candidates = list(self._extensions(company, number, line))
            for step in candidates:
                if self.problem(company, step) is None:
                    yield step

    def _extensions(self, company: int, number: int, line: Line) -> list[Extend | Finish]:
        found: list[Extend | Finish] = []
        a = line.tip
        for b in (n for n in neighbours(a) if n in CITY_VERTICES):
            for space in bordering(edge(a, b)):
                kind = self.specials.get(space)
                if kind in ("H", "W", "F"):
                    letters = sorted({code[0] for code in self.hands[company] if code[1] == kind})
                    found += [Extend(number, a, b, space, letter, kind) for letter in letters]
                else:
                    found.append(Extend(number, a, b, space))
        for gate in GATES:
            if a in gate_vertices(gate) and not is_white(gate, self.gates):
                found.append(Finish(number, a, gate))
                found += [
                    Finish(number, a, gate, v) for v in line.vertices if v not in self.stations
                ]
        return found

    def blocked(self, lid: LineId) -> bool:
        """R19: started, unfinished, and no extension or finish possible in a fresh turn."""
        line = self.line(lid)
        if not line.started or line.finished:
            return False
        if line.tunnels >= TUNNELS:
            return True
        fresh = self.copy()
        fresh.marker_this_turn = False
        fresh.first_turn = False
        steps = fresh._extensions(lid[0], lid[1], line)
        return all(fresh.problem(lid[0], s) is not None for s in steps)
