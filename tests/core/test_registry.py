"""Loading games: names and options are validated with errors that name the problem."""

from __future__ import annotations

import pytest

import linecraft


def test_games_lists_railroad_ink_with_its_options() -> None:
    info = {g.name: g for g in linecraft.games()}["railroad-ink"]
    assert [o.name for o in info.options] == ["players", "expansions", "variant"]


def test_unknown_game_names_the_registered_ones() -> None:
    with pytest.raises(ValueError, match=r"unknown game 'chess'.*railroad-ink"):
        linecraft.load("chess")


def test_unknown_option_and_bad_value() -> None:
    with pytest.raises(ValueError, match="no option 'colour'"):
        linecraft.load("railroad-ink", colour="red")
    with pytest.raises(ValueError, match=r"option 'players'.*allowed: 1 or more"):
        linecraft.load("railroad-ink", players=0)
    assert linecraft.load("railroad-ink", players=3).num_players == 3


def test_every_choice_a_form_offers_is_accepted_and_the_default_is_among_them() -> None:
    offered = 0
    for info in linecraft.games():
        for option in info.options:
            if option.ordered:  # an order of all the choices, or the rules' own (None)
                info.resolve_options({option.name: list(reversed(option.choices))})
                assert option.default is None, (info.name, option.name)
                continue
            for choice in option.choices:
                value = [choice] if option.many else choice
                info.resolve_options({option.name: value})  # raises if the choice is refused
                offered += 1
            if option.choices and not option.many:
                assert option.default in option.choices, (info.name, option.name)
            if option.choice_words:  # each choice has its words in a form
                assert len(option.choice_words) == len(option.choices), (info.name, option.name)
            if option.many:
                assert set(option.default) <= set(option.choices), (info.name, option.name)
    assert offered > 20
