"""The expert's readings of finished games, for the replay viewer's Analyse button.

A reading keeps a worker busy for up to a minute, so only `at_once` run together and
one more is refused with a reason rather than queued behind them; each is kept once
made (the search is seeded: asked again it would only say the same).
"""

from __future__ import annotations

import hashlib
import json
import threading
from collections import OrderedDict
from collections.abc import Mapping
from typing import Any

from linecraft.core.i18n import _, current
from linecraft.server.offload import Offload


class AnalyserBusy(Exception):
    """Every analyser is at work: try again shortly."""


class Analyses:
    def __init__(self, offload: Offload, *, at_once: int = 2, kept: int = 64) -> None:
        self._offload = offload
        self._slots = threading.BoundedSemaphore(at_once)
        self._kept: OrderedDict[str, dict[str, Any]] = OrderedDict()
        self._most = kept
        self._lock = threading.Lock()

    def of(self, record: Mapping[str, Any], seat: int) -> dict[str, Any]:
        """Seat `seat`'s moves judged (`bots.analysis.report`), in the caller's language.
        `AnalyserBusy` when every slot is taken; the analysis's own errors pass on."""
        game = {k: record.get(k) for k in ("game", "options", "events")}  # not the dates
        text = json.dumps(game, sort_keys=True) + f"|{seat}|{current()}"
        key = hashlib.sha256(text.encode()).hexdigest()
        with self._lock:
            if key in self._kept:
                self._kept.move_to_end(key)
                return self._kept[key]
        if not self._slots.acquire(blocking=False):
            raise AnalyserBusy(_("the analyser is busy with other games: try again in a minute"))
        try:
            made = self._offload.analyse(record, seat)
        finally:
            self._slots.release()
        with self._lock:
            self._kept[key] = made
            while len(self._kept) > self._most:
                self._kept.popitem(last=False)
        return made
