"""The worked example of the rules (§16): a solo game with both modules, as events."""

from __future__ import annotations

OPTIONS = {
    "players": 1,
    "order": ("purple", "blue", "pink", "green"),
    "objectives": ("central9", "thames6"),
    "powers": ("double", "joker", "circle", "switch"),
}

# (cards flipped for the turn, the player's action); a turn with no action is an
# ignored switch.
ROUNDS = [
    [
        (["under-square"], "2,5-2,4"),
        (["under-joker"], "2,4-4,4"),
        (["street-pentagon"], "4,4-1,1"),
        (["street-joker"], "1,1-1,4"),
        (["street-triangle"], "pass"),
        (["under-triangle"], "pass"),
        (["under-circle"], "1,4-1,8"),
        (["street-switch", "under-pentagon"], "1,4-2,3"),
    ],
    [
        (["street-circle"], "5,7-3,7"),
        (["street-square"], "5,7-5,4"),
        (["under-circle"], "5,4-6,3"),
        (["street-triangle"], "6,3-9,6"),
        (["street-switch", "under-joker"], "6,3-6,6"),
        (["under-pentagon"], "9,6-9,7"),
        (["street-joker"], "3,7-4,6"),
        (["under-square"], "4,6-2,4"),
        (["street-pentagon"], "2,4-2,3"),
        (["under-triangle"], "9,7-8,8"),
    ],
    [
        (["under-joker"], "7,3-6,2"),
        (["under-square"], "7,3-9,3"),
        (["under-triangle"], "9,3-9,6"),
        (["under-circle"], "9,6-8,7"),
        (["street-triangle"], "8,7-7,6"),
        (["street-circle"], "7,6-4,9"),
        (["street-pentagon"], "6,2-5,3"),
        (["street-switch", "street-joker"], "9,3-8,4"),
        (["street-square"], "4,9-2,7"),
        (["under-pentagon"], "2,7-3,6 circle 9,6"),
    ],
    [
        (["street-pentagon"], "pass"),
        (["street-switch"], None),
        (["street-triangle"], "3,2-4,3"),
        (["under-joker"], "3,2-6,2"),
        (["street-square"], "4,3-5,3"),
        (["under-square"], "5,3-5,4"),
        (["street-joker"], "6,2-9,2"),
        (["under-circle"], "5,4-4,5"),
        (["under-pentagon"], "4,5-4,4"),
        (["street-circle"], "pass"),
        (["under-triangle"], "pass"),
    ],
]

FINAL_SHEET = """\
objectives: central9 thames6
purple: 2,5-2,4 2,4-4,4 4,4-1,1 1,1-1,4 1,4-1,8 1,4-2,3
blue: 5,7-3,7 5,7-5,4 5,4-6,3 6,3-9,6 6,3-6,6 9,6-9,7 3,7-4,6 4,6-2,4 2,4-2,3 9,7-8,8
pink: 7,3-6,2 7,3-9,3 9,3-9,6 9,6-8,7 8,7-7,6 7,6-4,9 6,2-5,3 9,3-8,4 4,9-2,7 2,7-3,6
green: 3,2-4,3 3,2-6,2 4,3-5,3 5,3-5,4 6,2-9,2 5,4-4,5 4,5-4,4
circle pink: 9,6
"""

SCORER_OUTPUT = """\
valid: yes
purple_districts: 4
purple_largest: 4
purple_thames_sections: 3
purple_score: 22
purple_tourists: 0
blue_districts: 5
blue_largest: 4
blue_thames_sections: 4
blue_score: 28
blue_tourists: 1
pink_districts: 6
pink_largest: 6
pink_thames_sections: 1
pink_score: 38
pink_tourists: 3
green_districts: 3
green_largest: 5
green_thames_sections: 0
green_score: 15
green_tourists: 1
lines: 103
tourist_visits: 5
tourist_points: 8
interchanges_2: 7
interchanges_3: 0
interchanges_4: 0
interchange_points: 14
objectives_achieved: central9 thames6
objective_points: 20
total: 145
best_line: 38
solo_score: 125
solo_band: good_work
"""
