"""Scenario regression for Twilight Struggle (3.0): each scenario's fixed set-up, in both editions,
checked against the consistency laws, the figures printed for it, and its golden summary
(``scenarios/twilight_struggle/golden/<stem>.json``, properties/golden.py).

The summary records the state before the set-up's decisions and deal (3.1): the tracks (turn,
DEFCON, VP, Space Race, military operations), the China Card, for each edition the fixed influence
(countries holding some) and each side's total, the free placements still to come (3.2, 3.3), the
cards (the eras in play, how many in the draw pile, the removed cards and the events in effect by
name, the cards dealt before play), where the first turn begins, how the game is won at the end,
and the figures: each side's influence once the free placements are made, and the countries each
side controls (2.1.7). ``printed`` is what the scenario file says the rulebook prints (the
standard set-up's 15 and 23/25 influence of 3.2-3.3; the Late War scenario's 31 US and 19 USSR
controlled countries).
"""
from __future__ import annotations

from pathlib import Path

from cdg_oracle.model.core.errors import DataError
from cdg_oracle.model.twilight_struggle.cards import deck
from cdg_oracle.model.twilight_struggle.consistency import check_all
from cdg_oracle.model.twilight_struggle.mapdata import load_map
from cdg_oracle.model.twilight_struggle.options import EDITIONS
from cdg_oracle.model.twilight_struggle.scenarios import (
    DIRECTORY as SCENARIO_DIR, build_start, load_scenario_file, scenario_names as _names,
)
from cdg_oracle.properties import golden

GOLDEN_DIR = SCENARIO_DIR / "golden"
ROOT = SCENARIO_DIR.parents[1]
SIDES = ("USSR", "US")


def scenario_names() -> list[str]:
    return _names()


def _stem(name_or_path: str | Path) -> str:
    return Path(str(name_or_path)).stem


def load_scenario(name_or_path: str | Path) -> dict:
    """A scenario by name, or from a path to its YAML file; validated (DataError otherwise)."""
    if str(name_or_path) in _names():
        return load_scenario_file(SCENARIO_DIR / f"{name_or_path}.yaml")
    return load_scenario_file(name_or_path)


def _controls(d: dict, side: str, country: str, stability: int) -> bool:
    inf = d["influence"][country]
    other = "US" if side == "USSR" else "USSR"
    return inf[side] - inf[other] >= stability and inf[side] >= stability


def _states(spec: dict, stem: str) -> dict[str, dict]:
    return {e: build_start(spec, stem, options={"edition": e}) for e in EDITIONS}


def summary(name_or_path: str | Path) -> dict:
    """The canonical summary of a scenario's set-up (module docstring), by name or path."""
    spec = load_scenario(name_or_path)
    return _summary(spec, _stem(name_or_path), _states(spec, _stem(name_or_path)))


def _summary(spec: dict, stem: str, states: dict[str, dict]) -> dict:
    m = load_map()
    free = {s: sum(fp["amount"] for fp in spec["free_placement"] if fp["side"] == s) for s in SIDES}
    editions = {}
    for e, d in states.items():
        cards = deck(e)
        held = {c: dict(v) for c, v in d["influence"].items() if v["US"] or v["USSR"]}
        editions[e] = {
            "influence": held,
            "totals": {s: sum(v[s] for v in held.values()) for s in SIDES},
            "after_free_placement": {s: sum(v[s] for v in held.values()) + free[s] for s in SIDES},
            "controlled": {s: sum(1 for c in m.names if _controls(d, s, c, m.countries[c].stability)) for s in SIDES},
            "cards": {"draw_pile": len(d["deck"]), "removed": sorted(cards[n].name for n in d["removed"]),
                      "in_effect": sorted(cards[n].name for n in d["in_effect"])},
        }
    return {"scenario": stem, "name": spec["name"], "source": spec["source"],
            "tracks": {"turn": spec["turn"], "defcon": spec["defcon"], "vp": spec["vp"], "space": dict(spec["space"]),
                       "milops": dict(spec["milops"]), "china_card": dict(spec["china_card"])},
            "eras": list(spec["eras"]), "dealt_at_setup": spec["deal_at_setup"],
            "free_placement": [dict(fp) for fp in spec["free_placement"]], "begins_at": spec["begins_at"],
            "final_victory": spec["final_victory"], "editions": editions, "printed": spec.get("printed") or {}}


def golden_text(s: dict) -> str:
    return golden.golden_text(s)


def golden_path(stem: str) -> Path:
    return GOLDEN_DIR / f"{stem}.json"


def is_builtin(name_or_path: str | Path) -> bool:
    """True for a scenario of ``scenarios/twilight_struggle/`` (by name, or a path to that file)."""
    return golden.is_builtin(name_or_path, SCENARIO_DIR, _names())


def printed_problems(now: dict) -> list[str]:
    """The figures the scenario file says the rulebook prints, against the set-up's."""
    out = []
    printed = now["printed"]
    for side in SIDES:
        want = printed.get(side)
        for e, ed in now["editions"].items():
            value = want.get(e) if isinstance(want, dict) else want
            if value is not None and ed["after_free_placement"][side] != value:
                out.append(f"printed {side} influence {value} ({e}), set-up gives {ed['after_free_placement'][side]}")
    for side, value in (printed.get("controlled") or {}).items():
        for e, ed in now["editions"].items():
            if ed["controlled"][side] != value:
                out.append(f"printed {side} controls {value} countries ({e}), set-up gives {ed['controlled'][side]}")
    return out


def check_scenario(name: str, use_golden: bool = True) -> dict:
    """Check one scenario, by name or path: ``{"scenario", "ok", "problems", "golden",
    "differences", "checked"}`` (``problems``: the consistency laws in either edition, the printed
    figures, the differences from the golden summary). A file that cannot be loaded raises DataError."""
    spec = load_scenario(name)
    stem = _stem(name)
    states = _states(spec, stem)
    now = _summary(spec, stem, states)
    problems = [f"invariant ({e}): {p}" for e, d in states.items() for p in check_all(d)]
    problems += printed_problems(now)
    checked = ["invariants (both editions)", "printed figures" if now["printed"] else "no printed figures"]
    return golden.scenario_result(name, now, problems, checked, golden_path(stem), ROOT, is_builtin(name), stem,
                                  "cdg-oracle scenario --game twilight_struggle check --update-golden", use_golden)


def check_all_scenarios() -> list[dict]:
    return [check_scenario(n) for n in _names()]


def render_text(s: dict) -> str:
    """The readable set-up of a summary."""
    t = s["tracks"]
    out = [f"{s['name']} ({s['scenario']})", f"Source: {s['source']}",
           "State: the fixed set-up, before the free placements and the deal (3.1-3.3)", "",
           f"Turn {t['turn']}, DEFCON {t['defcon']}, VP {t['vp']:+d}; Space Race USSR {t['space']['USSR']}, "
           f"US {t['space']['US']}; military operations USSR {t['milops']['USSR']}, US {t['milops']['US']}",
           f"China Card: {t['china_card']['holder']}, {'face up' if t['china_card']['face_up'] else 'face down'}",
           f"Eras in play: {', '.join(s['eras'])}; dealt at set-up: {s['dealt_at_setup']} each; "
           f"the first turn begins at {s['begins_at'].replace('_', ' ')}; end: {s['final_victory'].replace('_', ' ')}"]
    for fp in s["free_placement"]:
        out.append(f"Free placement: {fp['side']} places {fp['amount']} anywhere in {fp['where']}")
    for e, ed in s["editions"].items():
        out += ["", f"Edition {e}: influence USSR {ed['totals']['USSR']}, US {ed['totals']['US']} "
                    f"({ed['after_free_placement']['USSR']} and {ed['after_free_placement']['US']} after the free "
                    f"placements); countries controlled USSR {ed['controlled']['USSR']}, US {ed['controlled']['US']}; "
                    f"draw pile {ed['cards']['draw_pile']} cards"]
        width = max(len(c) for c in ed["influence"]) if ed["influence"] else 0
        out.append(f"  {'country':<{width}}  US  USSR")
        for c, v in sorted(ed["influence"].items()):
            out.append(f"  {c:<{width}}  {v['US']:>2}  {v['USSR']:>4}")
        if ed["cards"]["in_effect"]:
            out.append("  Events in effect: " + ", ".join(ed["cards"]["in_effect"]))
        if ed["cards"]["removed"]:
            out.append("  Removed: " + ", ".join(ed["cards"]["removed"]))
    return "\n".join(out) + "\n"


__all__ = ["summary", "check_scenario", "check_all_scenarios", "golden_text", "golden_path", "is_builtin",
           "scenario_names", "load_scenario", "render_text", "DataError"]
