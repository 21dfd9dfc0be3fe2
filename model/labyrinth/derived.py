"""Labyrinth's derived facts (issue 27.11): what the rules compute from a state and a player reads
off the board -- the track levels, the hand sizes the next deal gives, the Muslim countries'
Resources, the victory totals and how far each side is from each victory -- as plain data, for
``position show --json`` (its ``derived`` section) and ``observation(side)``.

Every fact is the value of the model's own function (never computed again here), named in
:data:`RULES` with the rule it reads. All of them are public (no hand, no face-down plot is read),
so every side's observation carries them whole. Never typed in a position: the oracle computes
them (model/core/position.py refuses a document that states them).
"""
from __future__ import annotations


from cdg_oracle.model.labyrinth.countries import resources
from cdg_oracle.model.labyrinth.options import is_solo
from cdg_oracle.model.labyrinth.tracks import (
    available_cells_of,
    funding_level_of,
    gwot_penalty,
    hand_sizes_of,
    prestige_level,
    us_troops_level,
    world_posture,
)
from cdg_oracle.model.labyrinth.victory import (
    JIHADIST_IR_RESOURCES,
    JIHADIST_POOR_OR_IR,
    JIHADIST_PRESTIGE,
    US_FAIR_OR_GOOD,
    US_GOOD_RESOURCES,
    MuslimTally,
    adjacent_islamist_pair,
    cells_on_map,
    connected_islamist_resources,
    end_of_game,
    islamist_resources,
    jihadist_win,
    solo_ir_resources,
    us_instant_win,
)

#: Each fact's key and the rules it reads (docs/positions.md lists them).
RULES = {
    "cells_available": "4.7.4.2",
    "funding_level": "4.7.4.1",
    "gwot_penalty": "4.7.2.1",
    "hand_sizes": "5.2.8",
    "prestige_level": "4.7.1",
    "resources": "4.2.5, 4.2.6, cards 117 and 118",
    "troops_level": "4.7.3, card 41",
    "victory": "2.1.1, 2.1.2, 2.3, 4.7.6, 9.1",
    "world_posture": "4.7.2",
}


def victory(st) -> dict:
    """2.1.1, 2.1.2, 4.7.6 (9.1 solo): the totals the victory conditions read
    (:class:`~.victory.MuslimTally`, :func:`~.victory.cells_on_map`), the instant victory each side
    holds now (:func:`~.victory.us_instant_win`, :func:`~.victory.jihadist_win`: the reason, or
    null), ``needed``, how far each side is from each instant victory (0: that total is reached;
    the Jihadist's Islamist Rule Resources also need the adjacency of 2.1.2 outside a solo game,
    ``adjacent_islamist_rule``; under ``ir_win_adjacency`` = ``connected_group``, A17, they are
    those of one connected group), and ``end_of_game``: who would win were the game to end now
    (2.3, 9.1: :func:`~.victory.end_of_game` on a copy of the state)."""
    d = st.d
    t = MuslimTally(st)
    solo = is_solo(st)
    cells = cells_on_map(st)
    connected = st.rulings.ir_win_adjacency == "connected_group" and not solo
    ir_measure = connected_islamist_resources(st) if connected else t.islamist_resources
    ir_need = solo_ir_resources(st) if solo else JIHADIST_IR_RESOURCES
    us_needs = {"good_resources": max(0, US_GOOD_RESOURCES - t.good_resources),
                "fair_or_good_countries": max(0, US_FAIR_OR_GOOD - t.fair_or_good)}
    if not solo:  # 9.1: removing the last cell does not win a solo game
        us_needs["cells_on_map"] = cells
    jihad = jihadist_win(st, t)
    end = st.clone()
    end_of_game(end)
    return {
        "adjacent_islamist_rule": adjacent_islamist_pair(st, t),
        "cells_on_map": cells,
        "end_of_game": {"winner": end.d["terminal"]["winner"], "rule": end.d["terminal"]["rule"]},
        "fair_or_good_countries": t.fair_or_good,
        "good_resources": t.good_resources,
        "instant": {"Jihadist": None if jihad is None else jihad[0], "US": us_instant_win(st, t)},
        "islamist_resources": t.islamist_resources,
        "islamist_resources_with_green_regime_change": islamist_resources(st, count_green_rc=True),
        "islamist_rule_countries": list(t.islamist_rule),
        "needed": {
            "Jihadist": {"islamist_resources": max(0, ir_need - ir_measure),
                         "poor_or_islamist_countries": max(0, JIHADIST_POOR_OR_IR - t.poor_or_islamist),
                         "prestige_steps": d["prestige"] - JIHADIST_PRESTIGE},
            "US": us_needs,
        },
        "poor_or_islamist_countries": t.poor_or_islamist,
    }


def facts(st) -> dict:
    """Every derived fact of ``st`` (:data:`RULES`); the Game makes it plain JSON with sorted keys
    (model/core/game.py ``Game.derived_facts``, what ``st.derived_facts()`` gives)."""
    d = st.d
    return {
        "cells_available": available_cells_of(st),
        "funding_level": funding_level_of(st),
        "gwot_penalty": gwot_penalty(d),
        "hand_sizes": dict(sorted(hand_sizes_of(st).items())),
        "prestige_level": prestige_level(d["prestige"]),
        "resources": {n: resources(st, n) for n in sorted(st.map.muslim)},
        "troops_level": us_troops_level(st),
        "victory": victory(st),
        "world_posture": world_posture(d),
    }
