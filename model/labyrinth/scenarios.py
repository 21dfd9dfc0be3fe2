"""Scenario set-up (3.2-3.3) from the YAML files in ``scenarios/labyrinth/``, and the scenario
choices that need a decision or a die (Anaconda's three Jihadist cells, Mission Accomplished's
Schengen postures).

A scenario file names the starting tracks, each listed country's markers and pieces, global event
markers, removed cards, set-up steps and the printed figures. Unlisted countries stay untested
(4.9.4); cubes and cylinders not on the map go to their tracks (3.2); the six numbered plots go
face down to Available and three WMD plots to each WMD box (4.7.8).
"""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path


from cdg_oracle.model.core.citations import implements
from cdg_oracle.model.core.errors import DataError
from cdg_oracle.model.core.steps import call, choose, do, for_each, if_, while_
from cdg_oracle.model.core.yamlio import read_yaml
from cdg_oracle.model.labyrinth.action_log import new_log
from cdg_oracle.model.labyrinth import cardplay, engine, plots, tables, turn  # noqa: F401  (registers the procedures)
from cdg_oracle.model.labyrinth.cards import load_cards
from cdg_oracle.model.labyrinth.countries import new_country, place_cells_from_track
from cdg_oracle.model.labyrinth.engine import ENGINE, cite, push
from cdg_oracle.model.labyrinth.mapdata import load_map
from cdg_oracle.model.labyrinth.rulings import LabyrinthRulings
from cdg_oracle.model.labyrinth.options import normalize_options
from cdg_oracle.model.labyrinth.state import STATE_VERSION, LabyrinthState
from cdg_oracle.model.labyrinth.tables import push_test
from cdg_oracle.model.labyrinth.tracks import CELL_CYLINDERS, TROOP_CUBES

SCENARIO_DIR = Path(__file__).resolve().parents[2] / "scenarios" / "labyrinth"
LENGTHS = {"standard": 1, "tournament": 2, "campaign": 3}

TOP_KEYS = {"name", "year", "source", "base", "prestige", "us_posture", "funding", "countries",
            "events_in_effect", "removed_cards", "setup", "printed"}
COUNTRY_KEYS = {"governance", "alignment", "posture", "troops", "sleepers", "actives", "besieged",
                "aid", "regime_change", "cadre", "markers"}
# set-up steps and their integer arguments with bounds
SETUP_STEPS = {"jihadist_places_cells": {"count": (1, CELL_CYLINDERS)},
               "roll_schengen_postures": {"jihadist_rerolls": (0, 1)}}
PRINTED_KEYS = {"troops", "funding", "good_resources", "islamist_resources", "fair_or_good", "poor_or_islamist"}


def scenario_names() -> list[str]:
    """The scenario file stems, which the CLI's ``--scenario`` takes."""
    return sorted(p.stem for p in SCENARIO_DIR.glob("*.yaml"))


def _read(path: Path) -> dict:
    """A scenario file, read strictly (model/core/yamlio.py: duplicate keys, binary files, deep
    nesting and huge numbers are one-line DataErrors naming the file)."""
    data = read_yaml(path)
    if not isinstance(data, dict):
        raise DataError(f"{path}: top level: expected a mapping")
    return data


def load_scenario(name_or_path: str | Path) -> dict:
    """Load and validate a scenario by stem (``lets_roll``) or path; ``base:`` files are merged."""
    path = Path(name_or_path)
    if path.suffix != ".yaml":
        if str(name_or_path) not in scenario_names():
            raise DataError(f"scenario {name_or_path!r}: unknown (known: {', '.join(scenario_names())})")
        path = SCENARIO_DIR / f"{name_or_path}.yaml"
    return _load(path.resolve())


_LOADING: list[Path] = []  # the chain of ``base:`` files being loaded (to report a cycle)


@lru_cache(maxsize=None)
def _load_cached(path: Path) -> tuple:
    data = _read(path)
    unknown = set(data) - TOP_KEYS
    if unknown:
        raise DataError(f"{path}: unknown key {sorted(unknown)[0]!r}")
    if "base" in data:
        _need(path, "base", isinstance(data["base"], str) and data["base"], "expected a scenario name")
        base_path = (path.parent / f"{data['base']}.yaml").resolve()
        if not base_path.exists():
            raise DataError(f"{path}: base: no scenario {data['base']!r}")
        if base_path == path or base_path in _LOADING:
            raise DataError(f"{path}: base: {data['base']!r} leads back to this file (a cycle of base: files)")
        _LOADING.append(path)
        try:
            merged = dict(_load(base_path))
        finally:
            _LOADING.pop()
        merged.update({k: v for k, v in data.items() if k != "base"})
        data = merged
    _validate(path, data)
    return tuple(sorted(data.items()))


def _load(path: Path) -> dict:
    import copy
    return copy.deepcopy(dict(_load_cached(path)))


def _whole(v) -> bool:
    """A whole number, not a boolean (YAML's ``true`` is an int to Python)."""
    return isinstance(v, int) and not isinstance(v, bool)


def _need(path, key, cond, what):
    if not cond:
        raise DataError(f"{path}: {key}: {what}")


def _validate(path: Path, s: dict) -> None:
    m = load_map()
    cards = load_cards()
    mark_names = {c.name for c in cards.values() if c.mark}
    for key in ("name", "year", "source", "prestige", "us_posture", "funding", "countries"):
        _need(path, key, key in s, "missing")
    _need(path, "prestige", _whole(s["prestige"]) and 1 <= s["prestige"] <= 12, "must be a whole number 1-12 (4.7.1)")
    _need(path, "funding", _whole(s["funding"]) and 1 <= s["funding"] <= 9, "must be a whole number 1-9 (4.7.4)")
    _need(path, "us_posture", s["us_posture"] in ("hard", "soft"), "must be hard or soft")
    _need(path, "countries", isinstance(s["countries"], dict), "expected a mapping")
    troops = cells = 0
    for name, spec in s["countries"].items():
        where = f"countries: {name}"
        _need(path, where, name in m.countries, "not a country of the map")
        _need(path, where, isinstance(spec, dict), "expected a mapping")
        info = m.countries[name]
        unknown = set(spec) - COUNTRY_KEYS
        _need(path, where, not unknown, f"unknown key {sorted(unknown)[0]!r}" if unknown else "")
        if "governance" in spec:
            _need(path, where, info.muslim, "only Muslim countries have a Governance marker (4.2.1)")
            _need(path, where, spec["governance"] in ("good", "fair", "poor", "islamist_rule"), "bad governance")
            _need(path, where, spec.get("alignment") in ("ally", "neutral", "adversary"),
                  "a governed Muslim country needs an alignment (4.2.3)")
        if "alignment" in spec:
            _need(path, where, "governance" in spec, "alignment without governance")
        if "posture" in spec:
            _need(path, where, info.has_posture_marker and info.posture is None, "this country has no Posture marker (4.3.2)")
            _need(path, where, spec["posture"] in ("hard", "soft"), "posture must be hard or soft")
        if "regime_change" in spec:
            _need(path, where, spec["regime_change"] in ("green", "tan"), "regime_change must be green or tan")
            _need(path, where, spec.get("governance") in ("poor", "fair"), "only Poor or Fair countries can be Regime Change (7.3.4.1)")
        for k in ("troops", "sleepers", "actives", "aid"):
            v = spec.get(k, 0)
            _need(path, f"{where}: {k}", _whole(v) and v >= 0,
                  "must be a whole number >= 0")
        for k in ("besieged", "cadre"):
            _need(path, f"{where}: {k}", isinstance(spec.get(k, False), bool), "must be true or false")
        markers = spec.get("markers", [])
        _need(path, f"{where}: markers", isinstance(markers, list) and all(isinstance(x, str) for x in markers), "expected a list of names")
        for x in markers:
            _need(path, f"{where}: markers", x in mark_names, f"{x!r} is not the name of a MARK card (6.2.7)")
        troops += spec.get("troops", 0)
        cells += spec.get("sleepers", 0) + spec.get("actives", 0)
    _need(path, "countries", troops <= TROOP_CUBES, f"{troops} troops on the map, more than the {TROOP_CUBES} cubes (4.6.1)")
    _need(path, "countries", cells <= CELL_CYLINDERS, f"{cells} cells on the map, more than the {CELL_CYLINDERS} cylinders (4.6.1)")
    removed = s.get("removed_cards", [])
    _need(path, "removed_cards", isinstance(removed, list) and all(_whole(n) and n in cards for n in removed),
          "expected a list of card numbers 1-120")
    events = s.get("events_in_effect", [])
    _need(path, "events_in_effect", isinstance(events, list) and all(isinstance(x, str) for x in events), "expected a list of names")
    for x in events:
        _need(path, "events_in_effect", x in mark_names, f"{x!r} is not the name of a MARK card (6.2.7)")
    steps = s.get("setup", []) or []
    _need(path, "setup", isinstance(steps, list), "expected a list of set-up steps")
    for i, step in enumerate(steps):
        _need(path, f"setup[{i}]", isinstance(step, dict) and len(step) == 1 and next(iter(step)) in SETUP_STEPS,
              f"expected one of {sorted(SETUP_STEPS)}")
        (kind, args), = step.items()
        args = args or {}
        _need(path, f"setup[{i}]: {kind}", isinstance(args, dict) and set(args) == set(SETUP_STEPS[kind]),
              f"expected the arguments {sorted(SETUP_STEPS[kind])}")
        for k, (lo, hi) in SETUP_STEPS[kind].items():
            v = args[k]
            _need(path, f"setup[{i}]: {kind}: {k}", _whole(v) and lo <= v <= hi,
                  f"must be a whole number {lo}-{hi}")
    printed = s.get("printed", {}) or {}
    _need(path, "printed", isinstance(printed, dict) and set(printed) <= PRINTED_KEYS,
          f"expected keys among {sorted(PRINTED_KEYS)}")


@implements("4.8.1")
def plot_values(rulings: LabyrinthRulings) -> list[int]:
    return sorted(int(x) for x in rulings.plot_marker_values.split(","))


@implements("3.2", "3.3", "4.6.1", "4.7.8", "4.7.8.1")
def initial_state(scenario: str, length: str = "standard", rulings: dict | None = None,
                  options: dict | None = None) -> dict:
    """The state dict after the scenario's fixed set-up (3.2), before its set-up decisions.
    ``options``: the solo game option (chapter 9, ``options.py``); None is two-player."""
    if length not in LENGTHS:
        raise DataError(f"length {length!r}: unknown (choose {', '.join(LENGTHS)})")
    s = load_scenario(scenario)
    r = LabyrinthRulings.from_dict(rulings)
    opts = normalize_options(options)
    m = load_map()
    cards = load_cards()
    countries = {n: new_country() for n in m.names}
    countries["Israel"]["posture"] = "hard"  # 4.3.3
    for name, spec in s["countries"].items():
        c = countries[name]
        c["gov"] = spec.get("governance")
        c["align"] = spec.get("alignment")
        if "posture" in spec:
            c["posture"] = spec["posture"]
        c["troops"] = spec.get("troops", 0)
        c["sleepers"] = spec.get("sleepers", 0)
        c["actives"] = spec.get("actives", 0)
        c["besieged"] = bool(spec.get("besieged", False))
        c["aid"] = spec.get("aid", 0)
        c["rc"] = spec.get("regime_change")
        c["cadre"] = bool(spec.get("cadre", False))
        c["markers"] = sorted(spec.get("markers", []))
    on_map_troops = sum(c["troops"] for c in countries.values())
    on_map_cells = sum(c["sleepers"] + c["actives"] for c in countries.values())
    removed = sorted(s.get("removed_cards", []))
    setup_steps = []
    for step in s.get("setup", []) or []:
        (kind, args), = step.items()
        setup_steps.append({"proc": "setup_" + kind, "args": dict(args or {})})
    stem = Path(scenario).stem
    d = {
        "game": "labyrinth", "version": STATE_VERSION,
        "scenario": stem, "length": length, "decks": LENGTHS[length], "reshuffles": 0,
        "rulings": r.changes(),  # only the switches off their default (rulings_dict() gives them all)
        "prestige": s["prestige"], "funding": s["funding"], "us_posture": s["us_posture"],
        "troops_track": TROOP_CUBES - on_map_troops, "cells_track": CELL_CYLINDERS - on_map_cells,
        "reserves": {"US": 0, "Jihadist": 0},
        "countries": countries,
        "plots_available": plot_values(r), "wmd_available": 0,
        "wmd_boxes": {"loose_nuke_heu_kazakh_strain": 3, "pakistan_arsenal": 3}, "wmd_removed": 0,
        "deck": sorted(n for n in cards if n not in removed),
        "hands": {"US": [], "Jihadist": []},
        "discard": [], "removed": removed, "lapsing": [], "first_plot": [], "in_play": [],
        "events_in_effect": sorted(s.get("events_in_effect", [])), "lapsing_effects": [],
        "first_plot_used": False, "us_held": False,
        "action_log": new_log(), "second_card": None, "backlash_plots": [],
        "turn": 1, "phase": "setup", "card_index": 1, "started": False,
        "setup_steps": setup_steps,
        "stack": [{"proc": "game", "pc": "start"}], "pending": None, "terminal": None,
        "options": opts,
    }
    if opts["solo"]:
        # 9.3.3: numbered plot markers a WMD plot replaced, set aside (6 markers always in play);
        # 9.2 optional mini-decks: the association of the mini-deck the next draw comes from.
        d["plots_set_aside"] = []
        if opts["minidecks"]:
            d["minideck_next"] = "Unassociated"
    return d


@implements("3.1")
def new_game(scenario: str = "lets_roll", length: str = "standard", rulings: dict | None = None,
             options: dict | None = None) -> LabyrinthState:
    """A new two-player game at its first decision (a set-up choice, a die or the first draw)."""
    st = LabyrinthState(initial_state(scenario, length, rulings, options))
    engine.run(st)
    return st


def nothing_placed_yet(st, f) -> None:
    f["placed"] = []


def cells_to_place(st, f) -> bool:
    """The scenario's cells not yet placed, while cells remain on the track."""
    return len(f["placed"]) < f["count"] and st.d["cells_track"] > 0


@implements("3.2")
def cell_options(st, f) -> list:
    """Any country but the United States (each once under ``anaconda_setup`` = ``distinct_non_us``,
    A33)."""
    distinct = st.rulings.anaconda_setup == "distinct_non_us"
    return [{"country": n} for n in st.map.names
            if n != "United States" and not (distinct and n in f["placed"])]


def place_prompt(st, f) -> str:
    return f"scenario set-up: place cell {len(f['placed']) + 1}"


@implements("3.2")
def place_cell(st, f) -> None:
    name = f["choice"]["country"]
    place_cells_from_track(st, name, 1)
    f["placed"].append(name)
    cite(st, "3.2")


def test_if_unmarked(st, f) -> None:
    """4.9.4: a country still unmarked is tested (``push_test``)."""
    push_test(st, f["country"])


@ENGINE.sequence("setup_jihadist_places_cells")
@implements("3.2")
def setup_jihadist_places_cells():
    """Anaconda: the Jihadist places a cell in each of three non-US countries, then tests any
    unmarked ones (``anaconda_setup`` ruling, A33)."""
    return [
        do(nothing_placed_yet),
        while_(cells_to_place, [
            choose("Jihadist", cell_options, "3.2", place_prompt, into="choice", name="place"),
            do(place_cell),
        ]),
        for_each("placed", "country", [do(test_if_unmarked)]),
    ]


def roll_each_schengen_posture(st, f) -> None:
    """3.2: a Posture roll for each Schengen country, in the map's order."""
    for n in reversed(st.map.schengen):
        push(st, "posture_roll", country=n)


def jihadist_may_reroll(st, f) -> bool:
    """"poi, se si gioca in due, ritirate per uno di essi": in a two-player game only."""
    return bool(f.get("jihadist_rerolls", 1)) and not st.d["options"]["solo"]


@implements("3.2")
def reroll_options(st, f) -> list:
    """One Schengen country; under ``mission_accomplished_reroll`` = ``optional`` also none."""
    options = [{"reroll": n} for n in st.map.schengen]
    if st.rulings.mission_accomplished_reroll == "optional":
        options.append({"reroll": None})
    return options


def rerolls_a_country(st, f) -> bool:
    return f["reroll"] is not None and f["reroll"]["reroll"] is not None


@ENGINE.sequence("setup_roll_schengen_postures")
@implements("3.2")
def setup_roll_schengen_postures():
    """Mission Accomplished?: roll the Posture of each Schengen country; in a 2-player game the
    Jihadist may then re-roll one of them (``mission_accomplished_reroll`` ruling)."""
    return [
        do(roll_each_schengen_posture),
        choose("Jihadist", reroll_options, "3.2", "scenario set-up: re-roll one Schengen Posture",
               into="reroll", when=jihadist_may_reroll),
        if_(rerolls_a_country, [call("posture_roll", country=lambda st, f: f["reroll"]["reroll"])]),
    ]
