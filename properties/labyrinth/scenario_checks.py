"""Scenario regression (3.2): each scenario's fixed set-up, before its set-up decisions, checked
against the invariants, the figures the rulebook prints for it (seed_labyrinth.md d), the cards
the card list bars from it, and its golden summary.

The golden summary (``scenarios/labyrinth/golden/<stem>.json``) is a canonical, readable JSON
record of the set-up: ``summary()`` produces it, ``golden_text()`` serialises it (sorted keys,
two-space indent: the same dict always gives the same bytes) and ``diff_summaries()`` reports a
difference field by field, ``"Iraq.troops: golden 0, now 1"``. The oracle's ``scenario`` command
writes the golden files (``cdg-oracle scenario check --update-golden``); this module only reads them.

The summary, section by section (what is recorded is the state after 3.2's fixed set-up, before the
scenario's set-up steps such as Anaconda's three cells or Mission Accomplished?'s Schengen rolls):

* ``scenario``, ``name``, ``year``, ``source``: who it is;
* ``tracks``: Prestige, US Posture, Funding, cubes on the Troops track, cylinders on the Funding
  track (``cells_track``), Reserves;
* ``plots``: numbered plots Available, the two WMD boxes, WMD Available and removed;
* ``countries``: every country's fields that differ from an empty, untested country (in the
  scenario files' words: governance, alignment, posture, troops, sleepers, actives, besieged, aid,
  regime_change, cadre, plots); event markers are not repeated here but under ``markers``;
* ``markers``: each event marker on the map and the countries it is in (FATA, Patriot Act ...);
* ``events_in_effect``: markers in the Events box; ``removed_cards``: ``"43 Patriot Act"``;
* ``setup``: the set-up steps still to come, with their arguments;
* ``figures``: what the set-up gives: the six printed figures (``troops`` level, ``funding``,
  ``good_resources``, ``islamist_resources``, ``fair_or_good``, ``poor_or_islamist``) and the
  derived ones (Prestige and Funding levels, World Posture (+n Hard, -n Soft) and GWOT penalty,
  pieces on the map, cells Available, hand sizes, cards in the deck);
* ``printed``: the figures the scenario file says the rulebook prints.
"""
from __future__ import annotations

import json
from pathlib import Path

from cdg_oracle.model.core.errors import DataError
from cdg_oracle.properties import golden as golden_files  # (check_scenario's flag is called golden)
from cdg_oracle.model.labyrinth import victory
from cdg_oracle.model.labyrinth.countries import new_country
from cdg_oracle.model.labyrinth.scenarios import SCENARIO_DIR, initial_state, load_scenario, plot_values, scenario_names
from cdg_oracle.model.labyrinth.state import LabyrinthState
from cdg_oracle.model.labyrinth.tracks import (available_cells, funding_level, gwot_penalty, hand_sizes, prestige_level,
                                    troops_level, world_posture)
from cdg_oracle.model.labyrinth.consistency import check_all

GOLDEN_DIR = SCENARIO_DIR / "golden"
ROOT = SCENARIO_DIR.parents[1]  # golden paths are reported relative to the repository

#: The printed figures, in the order the rulebook prints them.
PRINTED = ("troops", "funding", "good_resources", "islamist_resources", "fair_or_good", "poor_or_islamist")

#: State field -> the scenario files' word for it (countries).
COUNTRY_FIELDS = {"gov": "governance", "align": "alignment", "rc": "regime_change"}
#: Every country field of the summary and its value on an empty, untested country.
COUNTRY_DEFAULTS = {COUNTRY_FIELDS.get(k, k): v for k, v in new_country().items() if k != "markers"}



# -- the summary ------------------------------------------------------------------------------------
def _stem(name_or_path: str | Path) -> str:
    return Path(str(name_or_path)).stem


def _state(name_or_path: str | Path) -> tuple[dict, LabyrinthState]:
    spec = load_scenario(name_or_path)
    return spec, LabyrinthState(initial_state(str(name_or_path)))


def _summary(spec: dict, st: LabyrinthState) -> dict:
    d = st.d
    countries, markers = {}, {}
    for name in sorted(d["countries"]):
        c = d["countries"][name]
        fields = {}
        for key, value in c.items():
            if key == "markers":
                continue
            field = COUNTRY_FIELDS.get(key, key)
            if field not in COUNTRY_DEFAULTS or value != COUNTRY_DEFAULTS[field]:
                fields[field] = value
        if fields:
            countries[name] = fields
        for m in c["markers"]:
            markers.setdefault(m, []).append(name)
    figures = {
        "troops": troops_level(d["troops_track"]),
        "funding": d["funding"],
        "good_resources": victory.good_resources(st),
        "islamist_resources": victory.islamist_resources(st),
        "fair_or_good": victory.count_governance(st, ("good", "fair")),
        "poor_or_islamist": victory.count_governance(st, ("poor", "islamist_rule")),
        "prestige_level": prestige_level(d["prestige"]),
        "funding_level": funding_level(d["funding"]),
        "world_posture": world_posture(d),
        "gwot_penalty": gwot_penalty(d),
        "troops_on_map": sum(c["troops"] for c in d["countries"].values()),
        "cells_on_map": sum(c["sleepers"] + c["actives"] for c in d["countries"].values()),
        "cells_available": available_cells(d),
        "hands": hand_sizes(d),
        "deck": len(d["deck"]),
    }
    return {
        "scenario": d["scenario"],
        "name": spec["name"],
        "year": spec["year"],
        "source": spec["source"],
        "tracks": {"prestige": d["prestige"], "us_posture": d["us_posture"], "funding": d["funding"],
                   "troops_track": d["troops_track"], "cells_track": d["cells_track"],
                   "reserves": dict(d["reserves"])},
        "plots": {"available": list(d["plots_available"]), "wmd_boxes": dict(d["wmd_boxes"]),
                  "wmd_available": d["wmd_available"], "wmd_removed": d["wmd_removed"]},
        "countries": countries,
        "markers": markers,
        "events_in_effect": list(d["events_in_effect"]),
        "removed_cards": [f"{n} {st.cards[n].name}" for n in d["removed"]],
        "setup": [{s["proc"].removeprefix("setup_"): dict(s["args"])} for s in d["setup_steps"]],
        "figures": figures,
        "printed": {k: spec["printed"][k] for k in PRINTED if k in (spec.get("printed") or {})},
    }


def summary(name_or_path: str | Path) -> dict:
    """The canonical summary of a scenario's set-up (see the module docstring), by stem or path.
    Bad scenario files raise :class:`DataError` with one line."""
    return _summary(*_state(name_or_path))


def golden_text(s: dict) -> str:
    """The canonical bytes of a summary (properties/golden.py)."""
    return golden_files.golden_text(s)


def golden_path(stem: str) -> Path:
    return GOLDEN_DIR / f"{stem}.json"


def shown(path: Path) -> str:
    """A golden file's path as reports show it: relative to the repository when inside it."""
    return golden_files.shown(path, ROOT)


def read_golden(stem: str) -> dict | None:
    """The golden summary of the scenario ``stem``, or None if there is none."""
    return golden_files.read_golden(golden_path(stem))


def is_builtin(name_or_path: str | Path) -> bool:
    """True for a scenario of ``scenarios/labyrinth/`` (by stem, or by a path to that very file)."""
    p = Path(str(name_or_path))
    if p.suffix != ".yaml":
        return str(name_or_path) in scenario_names()
    return p.resolve() == (SCENARIO_DIR / p.name).resolve()


def diff_summaries(golden_summary: dict, now: dict) -> list[str]:
    """Every field that differs, one line each: ``"<path>: golden <old>, now <new>"``; a country's
    fields are named ``<Country>.<field>`` and a field missing on one side counts as its untested
    default (``Iraq.troops: golden 0, now 1``)."""
    return golden_files.diff_summaries(golden_summary, now, {"countries": COUNTRY_DEFAULTS})


# -- the checks ------------------------------------------------------------------------------------
def barred_cards_kept(spec_removed: list[int], stem: str, cards) -> list[str]:
    """d.5 [I]: a card whose event the card list bars from this scenario ("event not allowed in
    ...", cards.yaml ``not_in_scenarios``) is removed at set-up."""
    return [f"card {n} {c.name} is barred from {stem} (card list) but not removed"
            for n, c in sorted(cards.items()) if stem in c.not_in_scenarios and n not in spec_removed]


def check_scenario(name: str, golden: bool = True) -> dict:
    """Check one scenario, by stem or path to its YAML file::

        {"scenario", "ok", "problems", "computed", "golden", "differences", "checked"}

    ``problems`` lists every failure, one line each: the invariants (``"invariant: ..."``), the
    printed figures (``"printed troops war, set-up gives low_intensity"``), barred cards kept, and
    the differences from the golden summary of the same stem (``"Iraq.troops: golden 0, now 1"``,
    also in ``differences``). ``golden`` is the golden file compared, or None: a scenario of
    ``scenarios/labyrinth/`` without one fails; a file elsewhere without one is compared with
    nothing. ``computed`` holds the six printed figures as the set-up gives them.
    A scenario file that cannot be loaded, or a golden file that is not JSON, raises DataError."""
    spec, st = _state(name)
    now = _summary(spec, st)
    stem = _stem(name)
    problems = [f"invariant: {p}" for p in check_all(st.d, plot_values(st.rulings), st.map.muslim)]
    computed = {k: now["figures"][k] for k in PRINTED}
    printed = spec.get("printed") or {}
    for key in PRINTED:
        if key in printed and computed[key] != printed[key]:
            problems.append(f"printed {key} {printed[key]}, set-up gives {computed[key]}")
    problems += barred_cards_kept(spec.get("removed_cards", []), stem, st.cards)
    checked = ["invariants", f"printed figures ({len(printed)})" if printed else "no printed figures"]
    differences: list[str] = []
    compared = None
    if golden:
        compared, more, differences, also = golden_files.compare(
            golden_path(stem), ROOT, now, is_builtin(name), stem, "cdg-oracle scenario check --update-golden",
            {"countries": COUNTRY_DEFAULTS})
        problems += more
        checked += also
    return {"scenario": str(name), "ok": not problems, "problems": problems, "computed": computed,
            "golden": compared, "differences": differences, "checked": checked}


def check_all_scenarios() -> list[dict]:
    return [check_scenario(n) for n in scenario_names()]
