"""Steps (§18): their text, dense ids, and the chance outcomes `layout …` and `deal …`."""

from __future__ import annotations

from dataclasses import dataclass, field, fields

from linecraft.core.errors import ActionSyntaxError
from linecraft.core.i18n import N_, _
from linecraft.games.metromania.geometry import (
    CITY_VERTICES,
    DIRECTIONS,
    GATES,
    Gate,
    Layout,
    Space,
    Vertex,
    bordering,
    edge,
    gate_text,
    gate_vertices,
    parse_gate,
    parse_space,
    parse_vertex,
    space_text,
    vertex_text,
)
from linecraft.games.metromania.markers import LETTERS, Deal, parse_deal

VERTICES = tuple(sorted(CITY_VERTICES))


def line_text(line: int) -> str:
    return f"L{line + 1}"


def _fields_of(value: object) -> tuple[object, ...]:
    return tuple(getattr(value, f.name) for f in fields(value))  # type: ignore[arg-type]


class _Step:
    """What every step shares: its dense id, and how it is pickled."""

    __slots__ = ()

    @property
    def id(self) -> int:
        return step_id(self)  # type: ignore[arg-type]

    def __reduce__(self) -> tuple[type, tuple[object, ...]]:
        """Made again from its fields (the server hands states to worker processes
        pickled): a compiled class is only ever made by its constructor."""
        return type(self), _fields_of(self)


@dataclass(frozen=True, slots=True)
class Start(_Step):
    line: int  # 0 or 1
    gate: Gate
    vertex: Vertex

    def __str__(self) -> str:
        return f"{line_text(self.line)}:{gate_text(self.gate)}>{vertex_text(self.vertex)}"


@dataclass(frozen=True, slots=True)
class Extend(_Step):
    line: int
    tip: Vertex
    to: Vertex
    space: Space
    letter: str | None = None
    # The Spot's type (H, W, F) where a legal step places a marker, so that a client can
    # name the marker; not part of the step's text, id or equality.
    spot: str | None = field(default=None, compare=False)

    def __str__(self) -> str:
        tail = f"={self.letter}" if self.letter else ""
        return (
            f"{line_text(self.line)}:{vertex_text(self.tip)}>{vertex_text(self.to)}"
            f"@{space_text(self.space)}{tail}"
        )


@dataclass(frozen=True, slots=True)
class Finish(_Step):
    line: int
    tip: Vertex
    gate: Gate
    bonus: Vertex | None = None

    def __str__(self) -> str:
        tail = f"+{vertex_text(self.bonus)}" if self.bonus else ""
        return f"{line_text(self.line)}:{vertex_text(self.tip)}>{gate_text(self.gate)}{tail}"


@dataclass(frozen=True, slots=True)
class Station(_Step):
    line: int
    vertex: Vertex

    def __str__(self) -> str:
        return f"{line_text(self.line)}:*{vertex_text(self.vertex)}"


@dataclass(frozen=True, slots=True)
class Pass(_Step):
    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class Double(_Step):
    kind: str  # H, W or F

    def __str__(self) -> str:
        return f"double {self.kind}"


@dataclass(frozen=True, slots=True)
class Undo(_Step):
    def __str__(self) -> str:
        return "undo"


Step = Start | Extend | Finish | Station | Pass | Double | Undo

# --- dense ids --------------------------------------------------------------------------------
_V = len(VERTICES)
_VINDEX = {v: i for i, v in enumerate(VERTICES)}
_G = len(GATES)
_FIXED = ("pass", "undo", "double H", "double W", "double F")
_START_BASE = len(_FIXED)
_START_SIZE = 2 * _G * 2  # line, gate, which of the two gate vertices
_EXTEND_BASE = _START_BASE + _START_SIZE
_EXTEND_SIZE = 2 * _V * 6 * 2 * (1 + len(LETTERS))  # line, tip, direction, which space, letter
_FINISH_BASE = _EXTEND_BASE + _EXTEND_SIZE
_FINISH_SIZE = 2 * _G * 2 * (1 + _V)  # line, gate, which vertex, bonus
_STATION_BASE = _FINISH_BASE + _FINISH_SIZE
NUM_DISTINCT_ACTIONS = _STATION_BASE + 2 * _V


def _gate_vertices(gate: Gate) -> tuple[Vertex, Vertex]:
    return gate_vertices(gate)


def _spaces_of(a: Vertex, b: Vertex) -> list[Space]:
    return sorted(bordering(edge(a, b)))


def step_id(step: Step) -> int:
    if isinstance(step, Pass | Undo | Double):
        return _FIXED.index(str(step))
    if isinstance(step, Start):
        which = _gate_vertices(step.gate).index(step.vertex)
        return _START_BASE + (step.line * _G + GATES.index(step.gate)) * 2 + which
    if isinstance(step, Extend):
        direction = DIRECTIONS.index((step.to[0] - step.tip[0], step.to[1] - step.tip[1]))
        which = _spaces_of(step.tip, step.to).index(step.space)
        letter = 0 if step.letter is None else 1 + LETTERS.index(step.letter)
        index = ((step.line * _V + _VINDEX[step.tip]) * 6 + direction) * 2 + which
        return _EXTEND_BASE + index * (1 + len(LETTERS)) + letter
    if isinstance(step, Finish):
        which = _gate_vertices(step.gate).index(step.tip)
        bonus = 0 if step.bonus is None else 1 + _VINDEX[step.bonus]
        index = (step.line * _G + GATES.index(step.gate)) * 2 + which
        return _FINISH_BASE + index * (1 + _V) + bonus
    return _STATION_BASE + step.line * _V + _VINDEX[step.vertex]


def step_from_id(number: int) -> Step:
    if not 0 <= number < NUM_DISTINCT_ACTIONS:
        raise ActionSyntaxError(
            _("action id {number} is outside 0..{last}").format(
                number=number, last=NUM_DISTINCT_ACTIONS - 1
            )
        )
    if number < _START_BASE:
        return parse_step(_FIXED[number])
    if number < _EXTEND_BASE:
        rest, which = divmod(number - _START_BASE, 2)
        line, gate = divmod(rest, _G)
        return Start(line, GATES[gate], _gate_vertices(GATES[gate])[which])
    if number < _FINISH_BASE:
        rest, letter = divmod(number - _EXTEND_BASE, 1 + len(LETTERS))
        rest, which = divmod(rest, 2)
        rest, direction = divmod(rest, 6)
        line, tip = divmod(rest, _V)
        a = VERTICES[tip]
        b = (a[0] + DIRECTIONS[direction][0], a[1] + DIRECTIONS[direction][1])
        spaces = _spaces_of(a, b)
        space = spaces[min(which, len(spaces) - 1)]
        return Extend(line, a, b, space, None if letter == 0 else LETTERS[letter - 1])
    if number < _STATION_BASE:
        rest, bonus = divmod(number - _FINISH_BASE, 1 + _V)
        rest, which = divmod(rest, 2)
        line, gate = divmod(rest, _G)
        end = _gate_vertices(GATES[gate])[which]
        return Finish(line, end, GATES[gate], None if bonus == 0 else VERTICES[bonus - 1])
    line, vertex = divmod(number - _STATION_BASE, _V)
    return Station(line, VERTICES[vertex])


# TRANSLATORS: the step notation with each step's name in brackets: translate the words
# (steps, start, extend, finish, station), keep the notation as it is
USAGE = N_(
    "steps are L1:Gs.i>q,r (start), L1:q,r>q,r@Uq,r[=X] (extend), L1:q,r>Gs.i[+q,r] "
    "(finish), L1:*q,r (station), pass, double H|W|F, undo"
)


def parse_step(text: str) -> Step:
    """Read one step (§18); `ActionSyntaxError` names what does not fit the grammar."""
    words = text.split()
    if words == ["pass"]:
        return Pass()
    if words == ["undo"]:
        return Undo()
    if len(words) == 2 and words[0] == "double" and words[1] in ("H", "W", "F"):
        return Double(words[1])
    if len(words) == 1 and len(text) > 3 and text[:3] in ("L1:", "L2:"):
        line = int(text[1]) - 1
        body = text[3:]
        step = _parse_body(line, body)
        if step is not None:
            return step
    raise ActionSyntaxError(
        # TRANSLATORS: {text} is what was typed, in quotes; {usage} the steps' notation
        _("{text} is not a Metromania step ({usage})").format(text=repr(text), usage=_(USAGE))
    )


def _parse_body(line: int, body: str) -> Step | None:
    if body.startswith("*"):
        v = parse_vertex(body[1:])
        return None if v is None else Station(line, v)
    if body.startswith("G"):
        gate_part, _arrow, vertex_part = body.partition(">")
        gate, v = parse_gate(gate_part), parse_vertex(vertex_part)
        return None if gate is None or v is None else Start(line, gate, v)
    tip_part, arrow, rest = body.partition(">")
    tip = parse_vertex(tip_part)
    if not arrow or tip is None:
        return None
    if rest.startswith("G"):
        gate_part, plus, bonus_part = rest.partition("+")
        gate = parse_gate(gate_part)
        bonus = parse_vertex(bonus_part) if plus else None
        if gate is None or (plus and bonus is None):
            return None
        return Finish(line, tip, gate, bonus)
    to_part, at, space_part = rest.partition("@")
    space_part, eq, letter = space_part.partition("=")
    to, space = parse_vertex(to_part), parse_space(space_part)
    if not at or to is None or space is None or (eq and letter not in tuple(LETTERS)):
        return None
    return Extend(line, tip, to, space, letter if eq else None)


@dataclass(frozen=True, slots=True)
class LayoutDraw:
    layout: Layout

    def __str__(self) -> str:
        return "layout " + " ".join(f"{d}.{o}" for d, o in self.layout)

    def __reduce__(self) -> tuple[type, tuple[object, ...]]:
        return LayoutDraw, (self.layout,)


def parse_layout(text: str) -> Layout | None:
    words = text.split()
    if len(words) != 7 or words[0] != "layout":
        return None
    layout = []
    for word in words[1:]:
        d, dot, o = word.partition(".")
        if not dot or d not in "123456" or o not in ("0", "1", "2") or len(d) != 1:
            return None
        layout.append((int(d), int(o)))
    if sorted(d for d, _ in layout) != [1, 2, 3, 4, 5, 6]:
        return None
    return tuple(layout)


def parse_outcome(text: str) -> LayoutDraw | Deal:
    layout = parse_layout(text)
    if layout is not None:
        return LayoutDraw(layout)
    deal = parse_deal(text)
    if deal is not None:
        return deal
    raise ActionSyntaxError(
        # TRANSLATORS: {text} is what was typed, in quotes; keep the notation in brackets
        # ("layout", "deal") as it is
        _("{text} is not a chance outcome (layout d.o … or deal 0=… 1=…)").format(text=repr(text))
    )
