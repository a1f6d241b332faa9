"""A chance-aware search for every game: plan one's own turn, then look past chance.

A decision in these games is rarely one action: a Railroad Ink round is four drawings
and a special route, a Metro turn may be a draw and a placement. So the search plans
the seat's whole turn with a beam (layers of its own consecutive actions, the best
`Effort.beam` partial plans kept by the game's own `heuristic`, plans that differ only
in the order of the same actions counted once), and takes the first action of the best
plan.

Plans are judged `Effort.horizon` chance events on (a roll, a flipped card, a drawn
tile; where no chance follows the deal, to the game's end): each of the best
`Effort.leaves` plans is played on against chance outcomes drawn from the bot's own
generator, the other seats moving as the greedy bot would (or, where moves are compared
for a reader, drawn near the greedy bot's) and the seat itself replying with greedy
plans of its next turns, and the positions reached are valued by the heuristic. Every
plan meets the same worlds and outcomes (common random numbers), so a plan wins by
being better, not luckier; the worse half of the plans is dropped after each
`Effort.samples` of them (successive halving), so the budget goes where the choice is
close.

The bot looks only at `State.determinised`: what its seat's view shows, with every
hidden thing (another seat's hand or goal) drawn afresh, a new world for every sample,
and the future drawn from its own generator. In games where the other seats' moves
change one's score (`Game.interactive`) a position is worth the seat's value less the
best of the others'; elsewhere the seat's own value alone.
"""

from __future__ import annotations

import math
import random
import statistics
import time
from dataclasses import dataclass, field, replace

from linecraft.core.game import Action, Effort, Outcome, State

#: The action that takes back the seat's last one (`State.undo`): a plan never needs it.
TAKE_BACK = "undo"

#: `Effort.temper` when moves are compared for a reader (`SearchBot.compare`): the other
#: seats play any move near their best, so where nothing else is left to chance (two-
#: seat Metromania after the deal) the samples are still many plausible games, not one.
JUDGING_TEMPER = 1.0


@dataclass(frozen=True)
class Comparison:
    """A move set beside the search's choice: what each is worth to the seat, and how
    far the gap between them could be the samples' luck (the half-width of its 95%
    interval; 0 where one sample is all there is)."""

    choice: Action
    choice_value: float
    played_value: float
    noise: float = 0.0


@dataclass
class _Plan:
    """One way to play the rest of the turn: its actions, where they lead in the world
    it was planned in, and its value so far (the heuristic, then the mean of the
    `outcomes`: its values in the worlds and chance outcomes tried, in turn)."""

    actions: tuple[Action, ...]
    end: State
    value: float
    outcomes: list[float] = field(default_factory=list)
    total: float = 0.0  # the outcomes added one by one (`sum` may round otherwise)


@dataclass
class _Step:
    """A partial plan in the beam: its value, and the position it reaches (made from
    `node` and `action` only once the beam keeps it, when judged without it)."""

    value: float
    node: State
    action: Action
    child: State | None
    actions: tuple[Action, ...]
    key: frozenset[str]

    def position(self, me: int) -> State:
        if self.child is None:
            self.child = self.node.child(me, self.action)
        return self.child


class SearchBot:
    """Plans the turn and judges the plans past chance; deterministic for a seed
    unless a `seconds` budget runs out first."""

    def __init__(
        self,
        seed: int = 0,
        *,
        level: str = "expert",
        effort: Effort | None = None,
        budget: float = 1.0,
        seconds: float | None = None,
    ) -> None:
        self.name = level
        self._level = level
        self._effort = effort
        self._budget = budget
        self._seconds = seconds
        self._rng = random.Random(seed)

    def effort_for(self, state: State) -> Effort:
        """The effort: the one given, else the game's own for this bot's level; its
        chance samples scaled by `budget`."""
        effort = self._effort or state.game.search_effort(self._level)
        if self._budget == 1.0:
            return effort
        return replace(effort, samples=max(1, round(effort.samples * self._budget)))

    def choose(self, state: State, player: int) -> Action:
        ranked = self.judge(state, player)
        breakers = stand_off_breakers(state, player)
        if breakers:  # the best judged of them, else the first
            texts = {str(action) for action in breakers}
            return next((a for _, a in ranked if str(a) in texts), breakers[0])
        return ranked[0][1]

    def judge(self, state: State, player: int) -> list[tuple[float, Action]]:
        """The first actions the search judged, with their estimated values (in points:
        the seat's score `Effort.horizon` chance events on as the game's heuristic
        reckons it, or its lead in an interactive game): its choice first, then the
        others, the last ruled out first."""
        legal = state.legal_actions(player)
        if not legal:
            raise ValueError(f"player {player} has no legal action")
        search = _Search(state, player, self.effort_for(state), self._rng.getrandbits(64))
        if len(legal) == 1:
            return [(search.value(search.world(0)), legal[0])]
        deadline = None if self._seconds is None else time.perf_counter() + self._seconds
        # no plan only when every legal action takes back (`TAKE_BACK`): the rules decide
        return search.best(deadline) or [(search.value(search.world(0)), legal[0])]

    def compare(self, state: State, player: int, played: Action) -> Comparison:
        """The search's choice, and what it and `played` are each worth, judged alike
        (one action is worth what the best way found to finish the turn after it is):
        on the same samples, the other seats' moves drawn near their best
        (`JUDGING_TEMPER`), so that one playout's twists decide nothing."""
        choice = self.choose(state, player)
        effort = replace(self.effort_for(state), temper=JUDGING_TEMPER)
        search = _Search(state, player, effort, self._rng.getrandbits(64))
        best = search.after_first(choice)
        mine = best if played == choice else search.after_first(played)
        return Comparison(
            choice, statistics.fmean(best), statistics.fmean(mine), _noise(best, mine)
        )


class _Search:
    """One decision's search, for seat `me`, on worlds drawn from what it sees of
    `state` (`State.determinised`): one to plan in, a fresh one for every sample."""

    def __init__(self, state: State, me: int, effort: Effort, seed: int) -> None:
        self.truth = state  # never looked at but through `world`
        self.me = me
        # Where every world and playout is the same (`State.foreseen`, and the other
        # seats' moves not drawn), one sample of each plan says all: more would repeat
        # it, and halving would keep the order.
        if not effort.temper and state.foreseen(me):
            effort = replace(effort, samples=1, rounds=1)
        self.effort = effort
        self.seed = seed
        # Whether a position is worth the seat's value less the best other seat's.
        self.rivals = state.game.interactive and state.game.num_players > 1

    def world(self, sample: int) -> State:
        """World number `sample`: the seat's view with what it hides drawn afresh."""
        return self.truth.determinised(self.me, random.Random(self.seed + 104_729 * sample))

    # --- values -----------------------------------------------------------------------
    def value(self, state: State) -> float:
        """The seat's value of a position: its final score at the end; else the game's
        heuristic; less the best other seat's where seats interact."""
        if state.is_terminal():
            totals = {p: float(card.total) for p, card in state.scores().items()}
            own = totals.pop(self.me)
            return own - max(totals.values()) if self.rivals else own
        own = state.heuristic(self.me)
        if not self.rivals:
            return own
        return own - max(state.heuristic(p) for p in range(state.game.num_players) if p != self.me)

    # --- the seat's own turn ----------------------------------------------------------
    def plans(self, state: State, beam: int, before: tuple[Action, ...] = ()) -> list[_Plan]:
        """The best ways found to play the seat's turn out from `state` (its actions up
        to the next chance event or the next other seat's turn), best first; each plan's
        actions start with `before`, those already taken. The greedy line (the best
        next action, again and again) stays in the beam, so no plan found is worse
        than the greedy bot's turn."""
        frontier = [(state, before, frozenset(str(a) for a in before))]
        seen: set[frozenset[str]] = set()
        ends: list[_Plan] = []
        # Where the seat's value is its heuristic alone, the game may judge an action
        # without making the position after it (`State.quick_value`): only the
        # positions the beam keeps are made.
        quick = not self.rivals
        while frontier:
            going: list[_Step] = []
            line: _Step | None = None
            line_value = float("-inf")
            for index, (node, actions, taken) in enumerate(frontier):
                for action in node.legal_actions(self.me):
                    text = str(action)
                    key = taken | {text}
                    if key in seen or text == TAKE_BACK:
                        continue
                    seen.add(key)
                    value = node.quick_value(self.me, action) if quick else None
                    entry = None
                    if value is not None:
                        entry = _Step(value, node, action, None, (*actions, action), key)
                        going.append(entry)
                    else:
                        child = node.child(self.me, action)
                        value = self.value(child)
                        if self.me in child.to_act():
                            entry = _Step(value, node, action, child, (*actions, action), key)
                            going.append(entry)
                        else:
                            ends.append(_Plan((*actions, action), child, value))
                    if index == 0 and value > line_value:  # the greedy line's node comes first
                        line, line_value = entry, value
            going.sort(key=lambda step: -step.value)
            kept = going[:beam]
            if line is not None:
                kept = [line, *(entry for entry in kept if entry is not line)]
            frontier = [(step.position(self.me), step.actions, step.key) for step in kept]
        ends.sort(key=lambda plan: -plan.value)
        return ends

    def others_move(self, state: State, whims: random.Random | None = None) -> State:
        """The position once the other seats to act have moved: as the greedy bot would
        where seats interact (or, with `whims`, a move near the best, `Effort.temper`),
        else by their first legal action (it cannot matter)."""
        for player in state.to_act():
            if player == self.me:
                continue
            if state.game.interactive:
                values = state.child_values(player)
                if whims is None:
                    action = max(values, key=lambda item: item[1])[0]
                else:
                    action = _near_best(values, whims, self.effort.temper)
            else:
                action = state.legal_actions(player)[0]
            state = state.child(player, action)
        return state

    def play_on(
        self,
        state: State,
        rng: random.Random,
        horizon: int,
        whims: random.Random | None = None,
    ) -> float:
        """The value of `state` after `horizon` more chance events, each drawn from `rng`,
        the seat replying with its best plan of width `Effort.reply_beam` and the others
        moving by `others_move` (in a game without chance after its deal, to the end,
        or to a `State.stalled` position: without `whims` every choice here is fixed by
        the position, so play would go round for ever)."""
        while True:
            if state.is_terminal() or state.stalled():
                return self.value(state)
            if state.is_chance():
                if horizon == 0:
                    return self.value(state)
                horizon -= 1
                state = state.chance_child(_draw(state, rng))
            elif self.me in state.to_act():
                plans = self.plans(state, self.effort.reply_beam)
                if not plans:
                    return self.value(state)
                state = plans[0].end
            else:
                state = self.others_move(state, whims)

    def sample(self, plans: list[_Plan], number: int) -> None:
        """Every plan played in world `number` against the same chance outcomes."""
        world = self.world(number)
        for plan in plans:
            end = world
            for action in plan.actions:
                end = end.child(self.me, action)
            rng = random.Random(self.seed + number)
            # The other seats' whims have a generator of their own, so every plan
            # meets the same chance outcomes however the others' moves differ.
            whims = random.Random(self.seed - number) if self.effort.temper else None
            outcome = self.play_on(end, rng, self.effort.horizon, whims)
            plan.outcomes.append(outcome)
            plan.total += outcome
            plan.value = plan.total / len(plan.outcomes)

    # --- the root ---------------------------------------------------------------------
    def best(self, deadline: float | None) -> list[tuple[float, Action]]:
        """The root's plans judged by successive halving: each round every plan still in
        meets `Effort.samples` more worlds and chance outcomes, the same for all, then
        the worse half goes, until one is left; its first action wins."""
        effort = self.effort
        plans = self.plans(self.world(0), effort.beam)
        if effort.horizon == 0 or not plans:
            return _firsts(plans)
        alive = _distinct_firsts(plans)[: effort.leaves]
        dropped: list[_Plan] = []
        number = 0
        for _ in range(effort.rounds):
            for _ in range(effort.samples):
                number += 1
                self.sample(alive, number)
            alive.sort(key=lambda plan: -plan.value)
            if deadline is not None and time.perf_counter() > deadline:
                break
            keep = max(1, len(alive) // 2)
            dropped = alive[keep:] + dropped
            alive = alive[:keep]
            if len(alive) == 1:
                break  # the choice is made: more samples of this plan could not change it
        return _firsts(alive + dropped)

    def after_first(self, first: Action) -> list[float]:
        """The values of playing `first` now and the rest of the turn as well as the
        beam finds, in every sample the root's plans meet, in turn (the same worlds and
        outcomes for every `first`, so two first actions compare fairly)."""
        root = self.world(0)
        child = root.child(self.me, first)
        plan = _Plan((first,), child, self.value(child))
        if self.me in child.to_act():
            plan = next(iter(self.plans(child, self.effort.beam, (first,))), plan)
        if self.effort.horizon == 0:
            return [plan.value]
        for number in range(1, self.effort.samples * self.effort.rounds + 1):
            self.sample([plan], number)
        return plan.outcomes


def stand_off_breakers(state: State, player: int) -> list[Action]:
    """At a `State.stalled` position, the legal actions after which play is stalled no
    more; elsewhere none. Every seat has passed in turn there, and seats that chose as
    before would go round for ever: a bot takes one of these, so a game of bots ends."""
    if not state.stalled():
        return []
    return [a for a in state.legal_actions(player) if not state.child(player, a).stalled()]


def _near_best(values: list[tuple[Action, float]], whims: random.Random, temper: float) -> Action:
    """A move drawn from `values` (each move with its value), one `temper` points
    worse than another e times less likely."""
    best = max(value for _, value in values)
    weights = [math.exp((value - best) / temper) for _, value in values]
    return whims.choices(values, weights)[0][0]


def _noise(one: list[float], other: list[float]) -> float:
    """The half-width of the 95% interval of the mean gap between two plans' values,
    sample by sample (the same worlds and outcomes: only the gap's own spread counts):
    a gap beyond it is not the samples' luck."""
    if len(one) < 2 or one is other:
        return 0.0
    gaps = [a - b for a, b in zip(one, other, strict=True)]
    return _t95(len(gaps) - 1) * statistics.stdev(gaps) / math.sqrt(len(gaps))


def _t95(freedom: int) -> float:
    """Student's t at 97.5% for `freedom` degrees of freedom: few samples (five in
    two-seat Metromania) call for a wider interval than the normal 1.96. The Cornish-
    Fisher expansion, within 1% of the table from 3 degrees on (4.17 for 4.30 at 2)."""
    z = 1.959964
    return (
        z
        + (z**3 + z) / (4 * freedom)
        + (5 * z**5 + 16 * z**3 + 3 * z) / (96 * freedom**2)
        + (3 * z**7 + 19 * z**5 + 17 * z**3 - 15 * z) / (384 * freedom**3)
    )


def _draw(state: State, rng: random.Random) -> Outcome:
    """One chance outcome drawn with its probability from `rng`."""
    outcomes = state.chance_outcomes()
    weights = [probability for _, probability in outcomes]
    return rng.choices(outcomes, weights)[0][0]


def _distinct_firsts(plans: list[_Plan]) -> list[_Plan]:
    """The best plan for each first action, best first: the choice is of a first
    action, so two plans starting alike are not two candidates."""
    best: dict[str, _Plan] = {}
    for plan in plans:
        best.setdefault(str(plan.actions[0]), plan)
    return list(best.values())


def _firsts(plans: list[_Plan]) -> list[tuple[float, Action]]:
    return [(plan.value, plan.actions[0]) for plan in _distinct_firsts(plans)]
