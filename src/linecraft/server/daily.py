"""The daily challenges of the solo games: every player of a day draws the same dice or
cards, from a seed no player can work out in advance (it is keyed by a secret the
server keeps), and the results of the day are listed best first."""

from __future__ import annotations

import hashlib
import hmac
import secrets
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from linecraft.core.i18n import N_, _


@dataclass(frozen=True)
class Challenge:
    key: str
    game: str
    options: dict[str, Any]
    title: str


CHALLENGES = (
    Challenge("railroad-ink", "railroad-ink", {}, "Railroad Ink"),
    Challenge("railroad-ink-lava", "railroad-ink", {"expansions": ["lava"]}, "Railroad Ink — Lava"),
    Challenge(
        "railroad-ink-meteor", "railroad-ink", {"expansions": ["meteor"]}, "Railroad Ink — Meteor"
    ),
    Challenge(
        "railroad-ink-underground",
        "railroad-ink",
        {"expansions": ["underground"]},
        "Railroad Ink — Underground",
    ),
    Challenge("next-station-london", "next-station-london", {}, N_("Next Station: London (solo)")),
)
BY_KEY = {c.key: c for c in CHALLENGES}


def today() -> str:
    return datetime.now(UTC).date().isoformat()


def new_secret() -> str:
    return secrets.token_hex(32)


def seed(secret: str, day: str, key: str) -> int:
    """The day's seed of a challenge: the same for everyone that day, unknowable before."""
    digest = hmac.new(secret.encode(), f"{day} {key}".encode(), hashlib.sha256).digest()
    return int.from_bytes(digest[:8], "big") >> 1


def summary(day: str, title: str, score: int, rank: int, players: int) -> str:
    """The line a player shares."""
    return _("Linecraft daily {day} · {title} · {score} points · {rank} of {players}").format(
        day=day, title=title, score=score, rank=rank, players=players
    )
