"""The map data and its invariants (§3)."""

from __future__ import annotations

import copy
import json
from collections import Counter
from collections.abc import Callable
from importlib import resources
from typing import Any

import pytest

from linecraft.games.next_station_london.london import (
    LONDON,
    SHAPES,
    LondonMap,
    MapDataError,
    check_map,
    load_london,
)


def raw_map() -> dict[str, Any]:
    text = resources.files("linecraft.games.next_station_london").joinpath("london.json")
    data: dict[str, Any] = json.loads(text.read_text())
    return data


def test_the_shipped_map_keeps_every_invariant() -> None:
    assert check_map(LONDON) == []
    assert len(LONDON.stations) == 53 and len(LONDON.sections) == 155
    assert sum(s.thames for s in LONDON.sections) == 24
    assert len(LONDON.crossing_pairs) == 116
    lengths = Counter(s.length for s in LONDON.sections)
    assert lengths == {1: 78, 2: 51, 3: 23, 4: 2, 5: 1}
    assert all(3 <= len(n) <= 8 for n in LONDON.neighbours)
    assert LONDON.stations[LONDON.central_station].name == "5,3"
    assert len(LONDON.district_stations["central"]) == 9


def test_each_departure_station_has_two_neighbours_of_each_shape() -> None:
    for colour, station in LONDON.departure.items():
        shapes = Counter(LONDON.stations[b].shape for b, _ in LONDON.neighbours[station])
        assert shapes == dict.fromkeys(SHAPES, 2), colour


@pytest.mark.parametrize(
    ("mutation", "complaint"),
    [
        (lambda d: d["sections"][0].update(thames=True), "Thames"),
        (lambda d: d["sections"].pop(0), "nearest-station rays"),
        (lambda d: d["crossings"].pop(), "crossing pairs"),
        (lambda d: d["stations"][5].update(shape="circle"), "per shape"),
        (lambda d: d["stations"][0].update(district="north_west"), "district sizes"),
        (lambda d: d["stations"][9].update(tourist=False), "tourist sites"),
    ],
)
def test_a_broken_map_is_refused_with_the_invariant_it_breaks(
    mutation: Callable[[dict[str, Any]], object], complaint: str
) -> None:
    data = copy.deepcopy(raw_map())
    mutation(data)
    problems = check_map(LondonMap(data))
    assert any(complaint in p for p in problems), problems


def test_loading_checks_the_map() -> None:
    assert check_map(load_london()) == []
    data = copy.deepcopy(raw_map())
    data["sections"][0]["section"] = "0,0-3,3"
    with pytest.raises(MapDataError, match="not stations"):
        LondonMap(data)
    data = copy.deepcopy(raw_map())
    data["sections"].pop(40)
    with pytest.raises(MapDataError, match="not a listed section"):
        LondonMap(data)
