"""Set-up (3.0): the state dict of a scenario (:func:`start_dict`), the set-up procedure (3.1-3.3)
and :func:`new_game`, which builds the state and runs it to its first decision. The scenario files
(``scenarios/twilight_struggle/``) are read and validated by the Game (``game.py``:
:func:`~.game.load_scenario`, :func:`~.game.scenario_names`), and the deck of the edition is the
Game's too.
"""
from __future__ import annotations

from cdg_oracle.model.core.citations import implements
from cdg_oracle.model.core.errors import DataError
from cdg_oracle.model.core.engine import cite
from cdg_oracle.model.core.steps import call, choose, do, for_each
from cdg_oracle.model.twilight_struggle.cards import CHINA_CARD, by_name
from cdg_oracle.model.twilight_struggle.engine import ENGINE
from cdg_oracle.model.twilight_struggle.game import (  # noqa: F401  (the scenario files: re-exported)
    DIRECTORY, GAME, TwilightGame, load_scenario, load_scenario_file, scenario_names,
)
from cdg_oracle.model.twilight_struggle.control import add_influence
from cdg_oracle.model.twilight_struggle.options import normalize_options
from cdg_oracle.model.twilight_struggle.rulings import TwilightRulings
from cdg_oracle.model.twilight_struggle.state import STATE_VERSION, TwilightState

LENGTHS = ("standard",)


@implements("3.0", "3.1", "3.2", "3.3", "3.4", "4.4")
def start_dict(scenario: str, length: str = "standard", rulings: dict | None = None,
               options: dict | None = None) -> dict:
    """The state dict of ``scenario`` before its first step: tracks (3.4), the fixed influence of
    the edition (3.2, 3.3), the China Card (3.1), the cards of its eras in the draw pile (the China
    Card never in it, 9.1), the Late War scenario's removed cards and events in effect, the bid
    (11.1.3)."""
    return build_start(load_scenario(scenario), scenario, length, rulings, options)


def build_start(s: dict, scenario: str, length: str = "standard", rulings: dict | None = None,
                options: dict | None = None) -> dict:
    """:func:`start_dict` of a scenario already loaded (``s``; a scenario file anywhere, for
    ``cdg-oracle scenario check``), named ``scenario`` in the state."""
    if length not in LENGTHS:
        raise DataError(f"length {length!r}: unknown (choose {', '.join(LENGTHS)})")
    opts = normalize_options(options)
    changes = TwilightRulings.from_dict(rulings).changes()
    game = TwilightGame.of(opts, changes)
    cards = game.cards
    influence = {c: {"US": 0, "USSR": 0} for c in game.map.names}
    for block in (s["influence"], s["editions"][opts["edition"]]):
        for side, placed in block.items():
            for c, n in placed.items():
                influence[c][side] += n
    in_effect = sorted(by_name(cards, n) for n in s["in_effect"])
    kept = {by_name(cards, n) for n in s.get("kept", [])}
    removed = sorted(n for n, c in cards.items() if c.era in s.get("removed_starred_of", []) and c.removed
                     and n not in kept and n not in in_effect)
    pile = sorted(n for n, c in cards.items() if c.era in s["eras"] and n != CHINA_CARD
                  and n not in removed and n not in in_effect)
    # 3.0 (E's Late War scenario): each event in effect at set-up is the side of its card's
    effects = [{"card": n, "side": cards[n].side, "until": "cancelled"} for n in in_effect]
    vp = s["vp"]
    if opts["bid"] is not None:
        vp += opts["bid"]["vp"] if opts["bid"]["to"] == "US" else -opts["bid"]["vp"]
    return {
        "game": GAME, "version": STATE_VERSION, "scenario": scenario, "options": opts, "rulings": changes,
        "turn": s["turn"], "round": 0, "phasing": None, "defcon": s["defcon"], "vp": vp,
        "milops": dict(s["milops"]), "space": dict(s["space"]), "space_attempts": {"USSR": 0, "US": 0},
        "milops_required": None, "influence": influence,
        "hands": {"USSR": [], "US": []}, "deck": pile, "discard": [], "removed": removed, "in_effect": in_effect,
        "effects": effects, "table": [], "china": dict(s["china_card"]), "headline": {"USSR": None, "US": None}, "headline_shown": [],
        "revealed": {"USSR": None, "US": None}, "not_implemented": [],
        "stack": [{"proc": "game", "pc": "start"}], "pending": None, "terminal": None,
    }


def new_game(scenario: str = "standard", length: str = "standard", rulings: dict | None = None,
             options: dict | None = None) -> TwilightState:
    """A new game of ``scenario`` at its first decision (the set-up placements of 3.2)."""
    st = TwilightState(start_dict(scenario, length, rulings, options))
    ENGINE.run(st)
    return st


# -- the set-up procedure (3.1-3.3) -----------------------------------------------------------------
def _free_placements(st, f) -> list:
    """The free placements of the scenario, in order (3.2 the USSR first, 3.3 then the US)."""
    return [[fp["side"], fp["where"]] for fp in st.scenario_rules["free_placement"]
            for _ in range(fp["amount"])]


def _placement_options(st, f) -> list:
    side, where = f["placement"]
    return [{"country": c} for c in sorted(st.map.area(where))]


def _placement_rule(st, f) -> str:
    """3.2 the USSR's free placements, 3.3 the US's."""
    return "3.2" if f["placement"][0] == "USSR" else "3.3"


def _place(st, f) -> None:
    cite(st, _placement_rule(st, f))
    add_influence(st, f["placement"][0], f["where"]["country"], 1)


def _deal_size(st, f) -> int:
    return st.scenario_rules["deal_at_setup"]


@ENGINE.sequence("setup")
@implements("3.1", "3.2", "3.3")
def setup():
    """3.1: deal the cards (the players may look at them before placing); 3.2: the USSR places its
    free influence, one marker at a time, anywhere in its sub-region; 3.3: then the US."""
    return [
        call("deal", size=_deal_size, cite="3.1"),
        for_each(_free_placements, "placement", [
            choose(lambda st, f: f["placement"][0], _placement_options, _placement_rule,
                   lambda st, f: f"{f['placement'][0]}: place 1 influence in {f['placement'][1]} (set-up)",
                   into="where", key="country"),
            do(_place),
        ]),
    ]


__all__ = ["new_game", "scenario_names", "load_scenario", "start_dict"]
