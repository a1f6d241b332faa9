"""Who owns which departure: the players' cars (§4) and the companies' stations (§11.2)."""

from __future__ import annotations

SEAT_COLOURS = ("yellow", "blue", "orange", "green", "purple", "black")
COMPANIES = ("yellow", "blue", "orange", "green", "purple", "black", "red", "white")
LETTER = dict(zip(COMPANIES, "YBOGPKRW", strict=True))
COLOUR_OF_LETTER = {letter: colour for colour, letter in LETTER.items()}
PERCENTAGES = (10, 20, 30, 40)


def _stations(text: str) -> tuple[int, ...]:
    return tuple(int(n) for n in text.split(","))


# Stations with a car of each seat colour, by number of players.
CARS: dict[int, dict[str, tuple[int, ...]]] = {
    2: {"yellow": tuple(range(1, 33, 2)), "blue": tuple(range(2, 33, 2))},
    3: {
        "yellow": _stations("1,4,6,11,15,20,23,25,28,31"),
        "blue": _stations("2,7,9,12,14,19,22,27,29,32"),
        "orange": _stations("3,5,8,10,13,18,21,24,26,30"),
    },
    4: {
        "yellow": _stations("4,7,11,16,20,23,27,32"),
        "blue": _stations("3,8,12,15,19,24,28,31"),
        "orange": _stations("1,6,10,13,18,21,25,30"),
        "green": _stations("2,5,9,14,17,22,26,29"),
    },
    5: {
        "yellow": _stations("1,5,10,14,22,28"),
        "blue": _stations("6,12,18,23,27,32"),
        "orange": _stations("3,7,15,19,25,29"),
        "green": _stations("2,9,13,21,26,30"),
        "purple": _stations("4,8,11,20,24,31"),
    },
    6: {
        "yellow": _stations("1,5,10,19,27"),
        "blue": _stations("2,11,18,25,29"),
        "orange": _stations("4,8,14,21,26"),
        "green": _stations("6,15,20,24,31"),
        "purple": _stations("3,9,13,23,30"),
        "black": _stations("7,12,22,28,32"),
    },
}

# Module 1: each company's four stations, top, left, bottom, right (Ruling 8).
COMPANY_STATIONS: dict[str, tuple[int, ...]] = {
    "yellow": (1, 11, 18, 28),
    "blue": (2, 9, 20, 27),
    "orange": (3, 12, 17, 26),
    "green": (4, 10, 19, 25),
    "purple": (5, 15, 22, 32),
    "black": (6, 13, 24, 31),
    "red": (7, 16, 21, 30),
    "white": (8, 14, 23, 29),
}


def edge_owners(players: int, companies: bool) -> dict[str, str]:
    """Departure id → the colour of the car on it (player colour, or company colour)."""
    table = COMPANY_STATIONS if companies else CARS[players]
    return {str(station): colour for colour, stations in table.items() for station in stations}


def share_text(company: str, percentage: int) -> str:
    return f"{LETTER[company]}{percentage}"


def parse_share(text: str) -> tuple[str, int] | None:
    """`Y40` → ("yellow", 40)."""
    if (
        len(text) == 3
        and text[0].upper() in COLOUR_OF_LETTER
        and text[1:] in ("10", "20", "30", "40")
    ):
        return COLOUR_OF_LETTER[text[0].upper()], int(text[1:])
    return None
