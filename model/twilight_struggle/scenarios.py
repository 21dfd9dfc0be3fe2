"""Set-up (3.0) and scenarios: ``scenarios/twilight_struggle/<name>.yaml``, validated on load.

A scenario gives the tracks (turn, DEFCON, VP, Space Race, Military Operations), the China Card's
holder, the eras whose cards are in play, how many cards each side is dealt before placing
influence (3.1), the fixed influence (3.2, 3.3) and what each edition adds, the free placements
(each side in turn places so many markers anywhere in a sub-region, 3.2, 3.3), the events in
effect and the cards removed (the Late War scenario), the step of the turn play begins at, and how
the game is won at the end. :func:`new_game` builds the state and runs it to its first decision.
"""
from __future__ import annotations

import functools
from pathlib import Path

from cdg_oracle.model.core.citations import implements
from cdg_oracle.model.core.errors import DataError
from cdg_oracle.model.core.engine import cite
from cdg_oracle.model.core.steps import call, choose, do, for_each
from cdg_oracle.model.core.yamlio import read_yaml
from cdg_oracle.model.twilight_struggle.cards import CHINA_CARD, ERAS, by_name, deck
from cdg_oracle.model.twilight_struggle.engine import ENGINE
from cdg_oracle.model.twilight_struggle.control import add_influence
from cdg_oracle.model.twilight_struggle.mapdata import REGIONS, SUBREGIONS, load_map
from cdg_oracle.model.twilight_struggle.options import normalize_options
from cdg_oracle.model.twilight_struggle.rulings import TwilightRulings
from cdg_oracle.model.twilight_struggle.state import GAME, SIDES, STATE_VERSION, TwilightState

DIRECTORY = Path(__file__).resolve().parents[2] / "scenarios" / "twilight_struggle"
LENGTHS = ("standard",)
BEGINS = ("improve_defcon", "deal")
FINAL = ("standard", "us_needs_20")
_KEYS = {"name", "source", "turn", "defcon", "vp", "space", "milops", "china_card", "eras", "deal_at_setup",
         "influence", "editions", "free_placement", "in_effect", "removed_starred_of", "kept", "final_victory",
         "printed", "begins_at"}
_REQUIRED = _KEYS - {"removed_starred_of", "kept", "printed"}


def scenario_names() -> list[str]:
    """The scenarios of ``scenarios/twilight_struggle/`` (file stems), sorted."""
    return sorted(p.stem for p in DIRECTORY.glob("*.yaml"))


def _validate(where: str, s: dict) -> None:
    def need(cond: bool, what: str) -> None:
        if not cond:
            raise DataError(f"{where}: {what}")

    need(isinstance(s, dict), "expected a mapping")
    unknown = sorted(set(s) - _KEYS)
    need(not unknown, f"unknown key(s): {', '.join(unknown)}")
    missing = sorted(_REQUIRED - set(s))
    need(not missing, f"missing key(s): {', '.join(missing)}")
    need(s["turn"] in range(1, 11), "turn must be 1-10")
    need(s["defcon"] in range(2, 6), "defcon must be 2-5")
    need(isinstance(s["vp"], int) and -20 < s["vp"] < 20, "vp must be -19..19")
    for track, top in (("space", 8), ("milops", 5)):
        need(isinstance(s[track], dict) and set(s[track]) == set(SIDES)
             and all(v in range(0, top + 1) for v in s[track].values()), f"{track} must give USSR and US 0-{top}")
    need(s["china_card"] == {"holder": "USSR", "face_up": True} or s["china_card"] == {"holder": "US", "face_up": True},
         "china_card must be {holder: USSR or US, face_up: true}")
    need(isinstance(s["eras"], list) and s["eras"] and all(e in ERAS for e in s["eras"]), "eras: a list of early/mid/late")
    need(s["deal_at_setup"] in range(0, 10), "deal_at_setup must be 0-9")
    need(s["begins_at"] in BEGINS, f"begins_at must be one of {', '.join(BEGINS)}")
    need(s["final_victory"] in FINAL, f"final_victory must be one of {', '.join(FINAL)}")
    countries = load_map().countries
    inf = s["influence"]
    need(isinstance(inf, dict) and set(inf) <= set(SIDES), "influence: per side (USSR, US)")
    editions = s["editions"]
    need(isinstance(editions, dict) and set(editions) == {"seed", "deluxe"}, "editions: seed and deluxe")
    for block, label in [(inf, "influence")] + [(editions[e], f"editions.{e}") for e in editions]:
        need(isinstance(block, dict) and set(block) <= set(SIDES), f"{label}: per side (USSR, US)")
        for side, placed in block.items():
            need(isinstance(placed, dict), f"{label}.{side}: country -> influence")
            for c, n in placed.items():
                need(c in countries, f"{label}.{side}: unknown country {c!r}")
                need(isinstance(n, int) and not isinstance(n, bool) and n > 0, f"{label}.{side}.{c}: influence must be > 0")
    need(isinstance(s["free_placement"], list), "free_placement: a list")
    for i, fp in enumerate(s["free_placement"]):
        need(isinstance(fp, dict) and set(fp) == {"side", "amount", "where"} and fp["side"] in SIDES
             and isinstance(fp["amount"], int) and fp["amount"] > 0
             and (fp["where"] in SUBREGIONS or fp["where"] in REGIONS),
             f"free_placement {i + 1}: {{side, amount > 0, where: a region or sub-region}}")
    for key in ("in_effect", "kept"):
        need(isinstance(s.get(key, []), list), f"{key}: a list of card names")


def load_scenario(name: str) -> dict:
    """The scenario called ``name`` (a file of ``scenarios/twilight_struggle/``), validated."""
    if name not in scenario_names():
        raise DataError(f"scenario {name!r}: unknown (known: {', '.join(scenario_names())})")
    return _load(DIRECTORY / f"{name}.yaml")


@functools.lru_cache(maxsize=16)
def _load(path: Path) -> dict:
    s = read_yaml(path, str(path))
    _validate(str(path), s)
    return s


def load_scenario_file(path: str | Path) -> dict:
    """A scenario read from any file (``cdg-oracle scenario check``), validated afresh."""
    s = read_yaml(Path(path), str(path))
    _validate(str(path), s)
    return s


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
    ruled = TwilightRulings.from_dict(rulings)
    cards = deck(opts["edition"], opts["optional_cards"], ruled.seed_un_intervention_ops)
    influence = {c: {"US": 0, "USSR": 0} for c in load_map().names}
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
    vp = s["vp"]
    if opts["bid"] is not None:
        vp += opts["bid"]["vp"] if opts["bid"]["to"] == "US" else -opts["bid"]["vp"]
    return {
        "game": GAME, "version": STATE_VERSION, "scenario": scenario, "options": opts, "rulings": ruled.changes(),
        "turn": s["turn"], "round": 0, "phasing": None, "defcon": s["defcon"], "vp": vp,
        "milops": dict(s["milops"]), "space": dict(s["space"]), "space_attempts": {"USSR": 0, "US": 0},
        "milops_required": None, "influence": influence,
        "hands": {"USSR": [], "US": []}, "deck": pile, "discard": [], "removed": removed, "in_effect": in_effect,
        "table": [], "china": dict(s["china_card"]), "headline": {"USSR": None, "US": None}, "headline_shown": [],
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
                   into="where"),
            do(_place),
        ]),
    ]


__all__ = ["new_game", "scenario_names", "load_scenario", "start_dict"]
