"""Graph helpers shared by the games: union-find and longest simple path."""

from collections.abc import Hashable, Mapping, Sequence
from typing import Generic, TypeVar

Node = TypeVar("Node", bound=Hashable)


class UnionFind(Generic[Node]):
    """Disjoint sets with path halving and union by size."""

    def __init__(self) -> None:
        self._parent: dict[Node, Node] = {}
        self._size: dict[Node, int] = {}

    def add(self, node: Node) -> None:
        if node not in self._parent:
            self._parent[node] = node
            self._size[node] = 1

    def find(self, node: Node) -> Node:
        self.add(node)
        parent = self._parent
        while parent[node] != node:
            parent[node] = parent[parent[node]]
            node = parent[node]
        return node

    def union(self, a: Node, b: Node) -> None:
        root_a, root_b = self.find(a), self.find(b)
        if root_a == root_b:
            return
        if self._size[root_a] < self._size[root_b]:
            root_a, root_b = root_b, root_a
        self._parent[root_b] = root_a
        self._size[root_a] += self._size[root_b]

    def groups(self) -> list[list[Node]]:
        """Every set, each in insertion order, sets ordered by their first member."""
        by_root: dict[Node, list[Node]] = {}
        for node in self._parent:
            by_root.setdefault(self.find(node), []).append(node)
        return list(by_root.values())


def longest_simple_path(adjacency: Mapping[Node, Sequence[Node]]) -> list[Node]:
    """The longest path that visits no node twice (by node count), or [] for no nodes.

    Exhaustive depth-first search with backtracking, pruned by the number of
    nodes still reachable from the path's end: exact, and fast on game boards.
    Ties go to the path found first, so the result is deterministic.

    >>> longest_simple_path({1: [2], 2: [1, 3, 4], 3: [2], 4: [2]})
    [1, 2, 3]
    """
    best: list[Node] = []
    for component in components(adjacency):
        if len(component) <= len(best):
            continue
        found = _longest_in_component(adjacency, component)
        if len(found) > len(best):
            best = found
    return best


def components(adjacency: Mapping[Node, Sequence[Node]]) -> list[list[Node]]:
    """The connected groups of nodes, each in the order a depth-first walk from its
    first node meets them (the order `longest_simple_path` searches in)."""
    seen: set[Node] = set()
    components = []
    for start in adjacency:
        if start in seen:
            continue
        seen.add(start)
        stack, component = [start], []
        while stack:
            node = stack.pop()
            component.append(node)
            for nxt in adjacency[node]:
                if nxt not in seen:
                    seen.add(nxt)
                    stack.append(nxt)
        components.append(component)
    return components


def _reachable(adjacency: Mapping[Node, Sequence[Node]], start: Node, blocked: set[Node]) -> int:
    seen = {start}
    stack = [start]
    while stack:
        for nxt in adjacency[stack.pop()]:
            if nxt not in seen and nxt not in blocked:
                seen.add(nxt)
                stack.append(nxt)
    return len(seen)


def _longest_in_component(
    adjacency: Mapping[Node, Sequence[Node]], component: list[Node]
) -> list[Node]:
    size = len(component)
    best: list[Node] = []
    # Ends of a longest path are often nodes of low degree: try them first.
    starts = sorted(component, key=lambda node: len(adjacency[node]))
    path: list[Node] = []
    on_path: set[Node] = set()

    def extend(node: Node) -> bool:
        nonlocal best
        path.append(node)
        on_path.add(node)
        if len(path) > len(best):
            best = list(path)
        if len(best) == size:
            return True
        for nxt in adjacency[node]:
            if nxt in on_path:
                continue
            if len(path) + _reachable(adjacency, nxt, on_path) <= len(best):
                continue
            if extend(nxt):
                return True
        path.pop()
        on_path.discard(node)
        return False

    for start in starts:
        if extend(start):
            break
        path.clear()
        on_path.clear()
    return best
