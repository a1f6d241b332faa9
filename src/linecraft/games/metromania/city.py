"""The city during the building phase: lines, tunnels, stations, markers (§7–§9).

`City.problem` checks one dig or station step on its own (refusal code and sentence,
in the order of §8.2–§8.7); `City.apply` carries it out, building and scoring the
forced stations, and `City.take_back` undoes it. The move generators list exactly the
steps `problem` accepts, without its sentences. The dig obligation (§8.1) is the state's
business: it needs search.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from linecraft.core.i18n import N_, Nn_, _, _n
from linecraft.games.metromania.geometry import (
    CITY_SPACES,
    CITY_VERTICES,
    DIRECTIONS,
    GATES,
    Gate,
    Layout,
    Space,
    Vertex,
    add,
    bordering,
    direction_index,
    edge,
    far_sides,
    gate_apex,
    gate_space,
    gate_text,
    gate_vertices,
    is_white,
    space_text,
    spaces_around,
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
PARTNER = {code: next(m for m in MARKERS if m[0] == code[0] and m != code) for code in MARKERS}
"""Each marker's partner: the other marker of its letter (§8.5: the two may not touch)."""


def _direction(a: Vertex, b: Vertex) -> int:
    """The direction (an index into DIRECTIONS) from `a` to its neighbour `b`."""
    i = direction_index(a, b)
    assert i is not None
    return i


def is_sharp(coming: int, going: int) -> bool:
    """Whether a line turning from direction `coming` to `going` bends sharply (§8.4)."""
    return (going - coming) % 6 in (2, 4)


@cache
def extensions_from(
    line: int, tip: Vertex
) -> tuple[tuple[Vertex, int, tuple[tuple[Space, Extend], ...]], ...]:
    """Where line `line` can dig from the city vertex `tip` (§8.3), for the move generator:
    each next city vertex, its direction, and each city space beside that edge with the
    step through it (without a marker), in the order the steps are listed."""
    found = []
    for going, d in enumerate(DIRECTIONS):
        to = add(tip, d)
        if to in CITY_VERTICES:
            beside = [s for s in bordering(edge(tip, to)) if s in CITY_SPACES]
            found.append((to, going, tuple((s, Extend(line, tip, to, s)) for s in beside)))
    return tuple(found)


@cache
def finishes_from(line: int, tip: Vertex, pattern: str) -> tuple[tuple[Finish, int], ...]:
    """The finishes (without a bonus station) at the black gates whose corners include
    `tip` (§8.3), each with the direction from the tip to the gate's apex, in gate order."""
    return tuple(
        (Finish(line, tip, gate), _direction(tip, gate_apex(gate)))
        for gate in GATES
        if tip in gate_vertices(gate) and not is_white(gate, pattern)
    )


@cache
def starts_at(line: int, pattern: str) -> tuple[tuple[Gate, tuple[Start, ...]], ...]:
    """The starts of line `line` at each white gate (§8.2), in gate order."""
    return tuple(
        (gate, tuple(Start(line, gate, v) for v in gate_vertices(gate)))
        for gate in GATES
        if is_white(gate, pattern)
    )


class Dug:
    """What `City.apply` changed that `City.take_back` cannot tell from the step: the
    stations it built and where the placed marker sat in the hand (-1: none)."""

    def __init__(self, built: list[Vertex], hand_index: int) -> None:
        self.built = built
        self.hand_index = hand_index

    def __reduce__(self) -> tuple[type, tuple[list[Vertex], int]]:
        """Pickled with the state whose turn it belongs to (a compiled class is only
        ever made by its constructor)."""
        return Dug, (self.built, self.hand_index)


class Refusal(Exception):
    """A refused step: `code` from §18 and a sentence naming the problem, kept as its
    template (marked `N_`, or a pair marked `Nn_` counted by `count`) and its fields, so
    that it is put in words, in the reader's language, only when someone reads it.

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

    def joins(self, a: Vertex, b: Vertex) -> bool:
        """Whether one of the line's tunnels runs between `a` and `b` (a path never
        visits a vertex twice)."""
        path = self.path
        if a not in path:
            return False
        i = path.index(a)
        return b in path[max(i - 1, 0) : i + 2]

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
        other = City(self.layout, self.gates, 0)  # its special spaces come from a cache
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

    def __reduce__(self) -> tuple[Callable[..., City], tuple[Any, ...]]:
        """Pickled as its parts, for the server's worker processes: a compiled class is
        only ever made by its constructor."""
        return _rebuilt, (
            self.layout,
            self.gates,
            self.lines,
            self.tunnel_at,
            self.stations,
            self.points,
            self.hands,
            self.placed,
            (self.marker_this_turn, self.starts_this_turn, self.first_turn),
        )

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

    def lines_at(self, v: Vertex, exclude: LineId) -> list[Line]:
        return [line for lid, line in self.all_lines() if lid != exclude and v in line.vertices]

    def gate_free(self, gate: Gate) -> bool:
        return gate_space(gate) not in self.tunnel_at

    def free_gate(self, sides: tuple[int, ...], *, white: bool) -> Gate | None:
        """The first free gate of that colour on those sides: while there is one, the
        second line starts, and a line finishes, on its start's far sides (§8.2, §8.3)."""
        return next(
            (
                g
                for g in GATES
                if g[0] in sides and is_white(g, self.gates) == white and self.gate_free(g)
            ),
            None,
        )

    def required_stations(self, lid: LineId, a: Vertex, b: Vertex) -> list[Vertex]:
        """New stations the edge a→b of line `lid` forces (§8.6): meeting at b, separation at a."""
        path = self.line(lid).path
        needed = []
        if b in CITY_VERTICES and b not in self.stations:
            others = self._lines_in(spaces_around(b), lid)
            if any(b in other.path and not other.joins(a, b) for other in others):
                needed.append(b)
        if len(path) >= 2 and a in CITY_VERTICES and a not in self.stations:
            before = path[-2]
            others = self._lines_in(bordering(edge(before, a)), lid)
            if any(other.joins(before, a) and not other.joins(a, b) for other in others):
                needed.append(a)
        return needed

    def _lacks_stations(self, lid: LineId, a: Vertex, b: Vertex) -> bool:
        """Whether the supply lacks the stations the edge a→b of line `lid` forces; an edge
        forces at most two, one at each end, so a supply of two never does."""
        return self.supply < 2 and len(self.required_stations(lid, a, b)) > self.supply

    def _lines_in(self, spaces: Iterable[Space], lid: LineId) -> list[Line]:
        """The lines other than `lid` with a tunnel in one of `spaces`: a tunnel lies beside
        its edge, so only these can pass through a vertex or along an edge there."""
        tunnel_at = self.tunnel_at
        return [
            self.line(other)
            for s in spaces
            if (other := tunnel_at.get(s)) is not None and other != lid
        ]

    def _angle_problem(self, line: Line, b: Vertex) -> Refusal | None:
        p, a = line.path[-2], line.path[-1]
        if is_sharp(_direction(p, a), _direction(a, b)) and a not in self.stations:
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
            free = self.free_gate(allowed, white=True)
            if step.gate[0] not in allowed and free is not None:
                return Refusal(
                    "start_side",
                    # TRANSLATORS: {sides} are the numbers of the city's sides, e.g. "2, 3, 4";
                    # {gate} is a gate's code, e.g. "G3.0"
                    N_(
                        "the second line starts on a far side ({sides}) while a white gate "
                        "there is free (e.g. {gate})"
                    ),
                    sides=", ".join(map(str, allowed)),
                    gate=gate_text(free),
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
        other = self.partner_beside(code, step.space)
        if other is not None:
            return Refusal(
                "letters_touch",
                N_("{marker} on {other} touches {space}"),
                marker=PARTNER[code],
                other=space_text(other),
                space=space,
            )
        return None

    def partner_beside(self, code: str, space: Space) -> Space | None:
        """The space of the placed partner of `code` if it touches `space` (§8.5)."""
        partner = PARTNER[code]
        for other, (_owner, placed_code) in self.placed.items():
            if placed_code == partner and touching(other, space):
                return other
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
        free = self.free_gate(allowed, white=False)
        if step.gate[0] not in allowed and free is not None:
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
                gate=gate_text(free),
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
    def _build(self, company: int, vertices: list[Vertex]) -> list[Vertex]:
        """Build the stations not there yet; returns them."""
        built = []
        for v in vertices:
            if v not in self.stations:
                self.stations.add(v)
                self.points[company] += spot_points(self.specials, v)
                built.append(v)
        return built

    def apply(self, company: int, step: Start | Extend | Finish | Station) -> Dug:
        """Carry out a step already checked; returns what `take_back` needs."""
        if isinstance(step, Station):
            return Dug(self._build(company, [step.vertex]), -1)
        lid = (company, step.line)
        line = self.line(lid)
        hand_index = -1
        if isinstance(step, Start):
            apex = gate_apex(step.gate)
            needed = self.required_stations(lid, apex, step.vertex)
            line.start_gate = step.gate
            line.path = [apex, step.vertex]
            line.spaces = [gate_space(step.gate)]
            self.tunnel_at[gate_space(step.gate)] = lid
            self.starts_this_turn += 1
        elif isinstance(step, Extend):
            needed = self.required_stations(lid, step.tip, step.to)
            line.path.append(step.to)
            line.spaces.append(step.space)
            self.tunnel_at[step.space] = lid
            if step.letter is not None:
                code = step.letter + self.specials[step.space]
                hand_index = self.hands[company].index(code)
                del self.hands[company][hand_index]
                self.placed[step.space] = (company, code)
                self.marker_this_turn = True
        else:
            apex = gate_apex(step.gate)
            needed = self.required_stations(lid, step.tip, apex)
            line.path.append(apex)
            line.spaces.append(gate_space(step.gate))
            line.end_gate = step.gate
            self.tunnel_at[gate_space(step.gate)] = lid
            needed += [step.bonus] if step.bonus else []
        return Dug(self._build(company, needed), hand_index)

    def take_back(self, company: int, step: Start | Extend | Finish, dug: Dug) -> None:
        """Undo `apply`, the city's last step, exactly: the obligation's search tries
        steps in place rather than on copies."""
        for v in dug.built:
            self.stations.remove(v)
            self.points[company] -= spot_points(self.specials, v)
        line = self.lines[company][step.line]
        if isinstance(step, Start):
            del self.tunnel_at[gate_space(step.gate)]
            line.start_gate, line.path, line.spaces = None, [], []
            self.starts_this_turn -= 1
            return
        line.path.pop()
        line.spaces.pop()
        if isinstance(step, Extend):
            del self.tunnel_at[step.space]
            if step.letter is not None:
                _owner, code = self.placed.pop(step.space)
                self.hands[company].insert(dug.hand_index, code)
                self.marker_this_turn = False
        else:
            del self.tunnel_at[gate_space(step.gate)]
            line.end_gate = None

    # --- move generation --------------------------------------------------------------------
    # The generators list exactly the steps `problem` accepts, in the order of the notation,
    # checking what the candidates of one line or one edge share only once.
    def iter_dig_steps(self, company: int, *, first: int = 0) -> Iterator[Start | Extend | Finish]:
        """Every dig step legal on its own now (the obligation aside), those of line
        `first` first."""
        for number in (first, 1 - first):
            line = self.lines[company][number]
            if not line.started:
                if not (self.first_turn and self.starts_this_turn >= 1):
                    yield from self._starts(company, number)
            elif not line.finished:
                yield from self._growths(company, number, markers=not self.marker_this_turn)

    def _starts(self, company: int, number: int) -> Iterator[Start]:
        """The starts of an unstarted line (§8.2)."""
        lid = (company, number)
        other = self.lines[company][1 - number]
        far: tuple[int, ...] = ()  # the sides the line must start on, if any
        if other.started:
            assert other.start_gate is not None
            sides = far_sides(other.start_gate[0])
            far = sides if self.free_gate(sides, white=True) is not None else ()
        for gate, starts in starts_at(number, self.gates):
            if not self.gate_free(gate) or (far and gate[0] not in far):
                continue
            apex = gate_apex(gate)
            for step in starts:
                if not self._lacks_stations(lid, apex, step.vertex):
                    yield step

    def _growths(self, company: int, number: int, *, markers: bool) -> Iterator[Extend | Finish]:
        """The extensions and finishes of a started, unfinished line; `markers`: whether
        this turn may still place a Destination."""
        lid = (company, number)
        line = self.lines[company][number]
        if line.tunnels >= TUNNELS:
            return
        path, tip = line.path, line.tip
        coming = _direction(path[-2], tip)
        any_bend = tip in self.stations
        tunnel_at, specials = self.tunnel_at, self.specials
        for to, going, beside in extensions_from(number, tip):
            if to in path or (is_sharp(coming, going) and not any_bend):
                continue  # own_line, sharp_bend
            if self._lacks_stations(lid, tip, to):
                continue  # no_station_left
            for space, step in beside:
                if space in tunnel_at:
                    continue  # space_occupied
                kind = specials.get(space)
                if kind is None:
                    yield step
                elif kind not in ("lake", "park") and markers:  # a Spot: name a marker
                    hand = self.hands[company]
                    for letter in sorted({code[0] for code in hand if code[1] == kind}):
                        if self.partner_beside(letter + kind, space) is None:
                            yield Extend(number, tip, to, space, letter, kind)
        for finish, going in finishes_from(number, tip, self.gates):
            gate = finish.gate
            if not self.gate_free(gate) or (is_sharp(coming, going) and not any_bend):
                continue
            assert line.start_gate is not None
            allowed = far_sides(line.start_gate[0])
            if gate[0] not in allowed and self.free_gate(allowed, white=False) is not None:
                continue
            needed = self.required_stations(lid, tip, gate_apex(gate))
            if len(needed) > self.supply:
                continue
            yield finish
            if len(needed) < self.supply:
                for v in line.vertices:
                    if v not in self.stations and v not in needed:
                        yield Finish(number, tip, gate, v)

    def iter_station_steps(self, company: int) -> Iterator[Station]:
        """Every intermediate station the company may build now (§8.7)."""
        if self.supply < 1:
            return
        for number, line in enumerate(self.lines[company]):
            if line.finished:
                continue
            vertices = line.vertices  # a new station lies before the line's last one
            last = max((i for i, v in enumerate(vertices) if v in self.stations), default=0)
            for v in vertices[:last]:
                if v not in self.stations:
                    yield Station(number, v)

    def blocked(self, lid: LineId) -> bool:
        """R19: started, unfinished, and no extension or finish possible in a fresh turn."""
        line = self.line(lid)
        if not line.started or line.finished:
            return False
        return next(self._growths(lid[0], lid[1], markers=True), None) is None


def _rebuilt(
    layout: Layout,
    gates: str,
    lines: list[list[Line]],
    tunnel_at: dict[Space, LineId],
    stations: set[Vertex],
    points: list[int],
    hands: list[list[str]],
    placed: dict[Space, tuple[int, str]],
    turn: tuple[bool, int, bool],
) -> City:
    """A pickled city made again (see `City.__reduce__`)."""
    city = City(layout, gates, 0)
    city.lines, city.tunnel_at, city.stations, city.points = lines, tunnel_at, stations, points
    city.hands, city.placed = hands, placed
    city.marker_this_turn, city.starts_this_turn, city.first_turn = turn
    return city
