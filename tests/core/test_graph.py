"""The shared graph helpers against brute force."""

from __future__ import annotations

from itertools import pairwise, permutations

from hypothesis import given, settings
from hypothesis import strategies as st

from linecraft.core.graph import UnionFind, longest_simple_path

edges_strategy = st.lists(st.tuples(st.integers(0, 6), st.integers(0, 6)), max_size=14)


def adjacency_of(nodes: int, edges: list[tuple[int, int]]) -> dict[int, list[int]]:
    adjacency: dict[int, list[int]] = {n: [] for n in range(nodes)}
    for a, b in edges:
        if a != b and b not in adjacency[a]:
            adjacency[a].append(b)
            adjacency[b].append(a)
    return adjacency


def brute_force_longest(adjacency: dict[int, list[int]]) -> int:
    best = 1 if adjacency else 0
    nodes = list(adjacency)
    for length in range(2, len(nodes) + 1):
        for path in permutations(nodes, length):
            if all(b in adjacency[a] for a, b in pairwise(path)):
                best = max(best, length)
    return best


@settings(max_examples=60, deadline=None)
@given(edges_strategy)
def test_longest_simple_path_is_exact(edges: list[tuple[int, int]]) -> None:
    adjacency = adjacency_of(7, edges)
    path = longest_simple_path(adjacency)
    assert len(path) == brute_force_longest(adjacency)
    assert len(set(path)) == len(path)
    assert all(b in adjacency[a] for a, b in pairwise(path))


def test_full_grid_is_solved_quickly() -> None:
    size = 7
    adjacency = {
        (r, c): [
            (r + dr, c + dc)
            for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0))
            if 0 <= r + dr < size and 0 <= c + dc < size
        ]
        for r in range(size)
        for c in range(size)
    }
    assert len(longest_simple_path(adjacency)) == size * size


@given(edges_strategy)
def test_union_find_matches_components(edges: list[tuple[int, int]]) -> None:
    links: UnionFind[int] = UnionFind()
    for node in range(7):
        links.add(node)
    for a, b in edges:
        links.union(a, b)
    adjacency = adjacency_of(7, edges)
    for group in links.groups():
        reachable = {group[0]}
        stack = [group[0]]
        while stack:
            for nxt in adjacency[stack.pop()]:
                if nxt not in reachable:
                    reachable.add(nxt)
                    stack.append(nxt)
        assert reachable == set(group)
