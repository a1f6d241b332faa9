"""Test trips (§12): the station network, fastest trips, used sections, trip counts."""

from __future__ import annotations

import heapq
import itertools
from collections.abc import Iterable
from dataclasses import dataclass

from linecraft.games.metromania.city import City, LineId
from linecraft.games.metromania.geometry import Vertex

RIDE, CHANGE = 1, 3
Node = tuple[Vertex, LineId]


@dataclass(frozen=True)
class Network:
    """Stations in path order per line; nodes are (station, line)."""

    stops: dict[LineId, list[Vertex]]

    @classmethod
    def of(cls, city: City) -> Network:
        return cls(
            {
                lid: [v for v in line.vertices if v in city.stations]
                for lid, line in city.all_lines()
                if line.started
            }
        )

    def nodes_at(self, v: Vertex) -> list[Node]:
        return [(v, lid) for lid, stops in self.stops.items() if v in stops]

    def neighbours(self, node: Node) -> Iterable[tuple[Node, int]]:
        v, lid = node
        stops = self.stops[lid]
        i = stops.index(v)
        if i > 0:
            yield (stops[i - 1], lid), RIDE
        if i + 1 < len(stops):
            yield (stops[i + 1], lid), RIDE
        for other in self.nodes_at(v):
            if other[1] != lid:
                yield other, CHANGE

    def distances(self, sources: Iterable[Node]) -> dict[Node, int]:
        """Dijkstra from a set of nodes (all costs positive)."""
        dist: dict[Node, int] = {}
        heap = [(0, node) for node in sources]
        heapq.heapify(heap)
        while heap:
            d, node = heapq.heappop(heap)
            if node in dist:
                continue
            dist[node] = d
            for other, cost in self.neighbours(node):
                if other not in dist:
                    heapq.heappush(heap, (d + cost, other))
        return dist


@dataclass(frozen=True)
class Trip:
    """The result of one test trip between two sets of stations."""

    minutes: int | None  # None: no route
    fastest_trips: int
    used: list[tuple[LineId, Vertex, Vertex]]  # sections in the line's path order


def fastest(network: Network, origins: list[Vertex], targets: list[Vertex]) -> Trip:
    sources = [n for v in origins for n in network.nodes_at(v)]
    sinks = [n for v in targets for n in network.nodes_at(v)]
    from_origin = network.distances(sources)
    reached = [from_origin[n] for n in sinks if n in from_origin]
    if not reached:
        return Trip(None, 0, [])
    minutes = min(reached)
    if minutes == 0:
        return Trip(0, 0, [])  # R22: not impossible, nobody scores
    to_target = network.distances(sinks)
    used = []
    for lid, stops in network.stops.items():
        for u, v in itertools.pairwise(stops):
            a, b = (u, lid), (v, lid)
            forward = from_origin.get(a, 10**9) + RIDE + to_target.get(b, 10**9)
            backward = from_origin.get(b, 10**9) + RIDE + to_target.get(a, 10**9)
            if minutes in (forward, backward):
                used.append((lid, u, v))
    return Trip(minutes, _count(network, from_origin, set(sinks), minutes), used)


def _count(network: Network, dist: dict[Node, int], sinks: set[Node], minutes: int) -> int:
    """Distinct node sequences of duration `minutes` from an origin to a target (§12.5)."""
    ways: dict[Node, int] = {}
    for node in sorted(dist, key=dist.__getitem__):
        if dist[node] == 0:
            ways[node] = 1
            continue
        ways[node] = sum(
            ways.get(prev, 0)
            for prev, cost in network.neighbours(node)
            if prev in dist and dist[prev] + cost == dist[node]
        )
    return sum(ways[n] for n in sinks if dist.get(n) == minutes)
