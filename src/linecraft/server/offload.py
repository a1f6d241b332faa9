"""A bot's thinking and the drawing of boards, done in worker processes.

The server's threads share one interpreter lock: while one room's bot thinks or its
boards are drawn, every other room's moves and views wait for it. Both are pure work on
a copy of the state, so they go to a `ProcessPoolExecutor` whose workers start from a
fork server that has already imported the games: the server's own process keeps its
core for moves, views and sockets. With no worker processes (`processes=0`: tests, a
one-core machine) the same work runs in the calling thread.
"""

from __future__ import annotations

import multiprocessing
import os
import threading
import time
from collections.abc import Callable, Mapping
from concurrent.futures import ProcessPoolExecutor
from functools import partial
from typing import Any, TypeVar

from linecraft.bots import Bot
from linecraft.bots.analysis import analyse_record, report
from linecraft.core.game import Action, State
from linecraft.core.i18n import current, language
from linecraft.server.replays import boards

R = TypeVar("R")


class Offload:
    """Where heavy, self-contained work runs: `processes` workers, or inline."""

    def __init__(self, processes: int = 0) -> None:
        # drawings and bots in pools of their own: a view never waits for bots to think
        self._drawing: ProcessPoolExecutor | None = None
        self._thinking: ProcessPoolExecutor | None = None
        if processes > 0:
            context = multiprocessing.get_context("forkserver")
            # the fork server imports the games once; each worker is a fork of it
            context.set_forkserver_preload([__name__])
            pool = partial(
                ProcessPoolExecutor,
                processes,
                mp_context=context,
                initializer=_outlive_no_server,
                initargs=(os.getpid(),),
            )
            self._drawing, self._thinking = pool(), pool()

    def boards(self, state: State, shown: int) -> dict[str, str]:
        """`replays.boards` in the caller's language."""
        return _run(self._drawing, _drawn, current(), state, shown)

    def choose(self, bot: Bot, state: State, player: int) -> tuple[Action, Bot]:
        """The bot's choice, and the bot as it is after choosing (its generator moved
        on), so that a seed fixes a room's play wherever the bot thought."""
        return _run(self._thinking, _chosen, bot, state, player)

    def analyse(self, record: Mapping[str, Any], seat: int) -> dict[str, Any]:
        """The expert's reading of a finished game (`bots.analysis.report`), in the
        caller's language: the longest work a server does, so never in its process."""
        return _run(self._thinking, _analysed, current(), record, seat)

    def shutdown(self) -> None:
        for pool in (self._drawing, self._thinking):
            if pool is not None:
                pool.shutdown(wait=True, cancel_futures=True)


def _run(pool: ProcessPoolExecutor | None, work: Callable[..., R], *args: Any) -> R:
    return work(*args) if pool is None else pool.submit(work, *args).result()


def _drawn(code: str, state: State, shown: int) -> dict[str, str]:
    with language(code):
        return boards(state, shown)


def _analysed(code: str, record: Mapping[str, Any], seat: int) -> dict[str, Any]:
    with language(code):
        return report(analyse_record(record, seat))


def _chosen(bot: Bot, state: State, player: int) -> tuple[Action, Bot]:
    return bot.choose(state, player), bot


def _outlive_no_server(server: int) -> None:
    """A worker's start: it ends itself once the server's process has gone. A server
    killed outright never tells its workers, and they (with the fork server they keep
    alive) would otherwise wait for work for ever."""

    def watch() -> None:
        while True:
            time.sleep(1)
            try:
                os.kill(server, 0)  # no signal: only asks whether the process exists
            except ProcessLookupError:
                os._exit(0)
            except PermissionError:  # the number is someone else's: still there
                pass

    threading.Thread(target=watch, name="linecraft-outlive", daemon=True).start()
