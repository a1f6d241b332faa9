"""A fingerprint of every step of seeded games, to show that two builds play alike: the
compiled engine modules against their Python source (LINECRAFT_PURE=1), or one commit
against another.

    python -m linecraft.sim.trace GAME '{"players": 2}' --seeds 0 100 [--bot greedy]

prints JSON: for each seed, one short digest per step of what the step shows (every
seat's legal actions, the spectator's view and the score cards) and of the move taken.
Random play picks uniformly with a generator seeded from the game's seed; `--bot`
lets that bot play every seat instead.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
from typing import Any

import linecraft
from linecraft.bots import make_bot
from linecraft.core.game import Action, Game, State


def _step(state: State, legal: dict[int, list[Action]] | None = None) -> dict[str, Any]:
    """What a step shows: the legal lists of the seats to act (`legal`, when known),
    the view, the scores."""
    if legal is None:
        legal = {p: state.legal_actions(p) for p in state.to_act()}
    return {
        "legal": {p: [str(a) for a in actions] for p, actions in legal.items()},
        "view": state.view(None),
        "scores": {p: dict(card) for p, card in state.scores().items()},
    }


def _digest(value: object) -> str:
    text = json.dumps(value, sort_keys=True, default=str)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def fingerprint(state: State) -> str:
    """A short digest of what the state shows: legal actions, view and score cards."""
    return _digest(_step(state))


def trace_game(game: Game, seed: int, bot: str | None = None) -> list[str]:
    """The digests of one game's steps, to its end."""
    state = game.new_state(seed)
    rng = random.Random(seed)
    chooser = make_bot(bot, seed) if bot else None
    digests = []
    while not state.is_terminal():
        legal = {p: state.legal_actions(p) for p in state.to_act()}
        shown = _step(state, legal)
        if state.is_chance():
            taken = [str(state.advance())]
        else:
            taken = []
            for player in state.to_act():
                if chooser is None:
                    # The lists shown are still the legal ones: one seat's action
                    # changes no other seat's options in a simultaneous turn.
                    action = rng.choice(legal[player])
                else:
                    action = chooser.choose(state, player)
                state.apply_unchecked(player, action)
                taken.append(str(action))
        digests.append(_digest([shown, taken]))
    digests.append(fingerprint(state))
    return digests


def trace(game: Game, seeds: range, bot: str | None = None) -> dict[int, list[str]]:
    """Each seed's game, step by step."""
    return {seed: trace_game(game, seed, bot) for seed in seeds}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game")
    parser.add_argument("options", help="the game's options as JSON")
    parser.add_argument("--seeds", type=int, nargs=2, default=(0, 100), metavar=("FROM", "TO"))
    parser.add_argument("--bot", help="a bot for every seat instead of random play")
    args = parser.parse_args(argv)
    game = linecraft.load(args.game, **json.loads(args.options))
    print(json.dumps(trace(game, range(*args.seeds), args.bot)))


if __name__ == "__main__":
    main()
