"""Twilight Struggle's map as the HTML report draws it (issue 33; model/core/mapview.py): the
schematic layout of data/map_layout.yaml, a country's region (2.1.1) as its outline colour, the
links of the map (2.1.6) and what a picture shows of a country: its controller (2.1.7) as the
fill, the influence of each side (6.1.5) and its stability number (2.1.3); a battleground (2.1.4) is
marked."""
from __future__ import annotations

import functools
from pathlib import Path

from cdg_oracle.model.core.mapview import MapDrawing, read_layout
from cdg_oracle.model.twilight_struggle.control import side_controls
from cdg_oracle.model.twilight_struggle.mapdata import load_map

LAYOUT_FILE = Path(__file__).parent / "data" / "map_layout.yaml"
SUPERPOWERS = "Superpowers"


@functools.lru_cache(maxsize=1)
def layout() -> dict:
    """The layout, read once: every node of the map's graph (the countries and the two superpower
    spaces, 2.1.6) placed, every edge drawn."""
    m = load_map()
    g = m.graph()
    return read_layout(LAYOUT_FILE, sorted(g.nodes), lambda n: m.countries[n].region if n in m.countries else SUPERPOWERS,
                       [tuple(e) for e in g.edges])


def view(canonical: dict, options: dict | None = None) -> dict:
    """The map of a canonical state: control (2.1.7), influence and stability of each country."""
    m = load_map()
    spaces = {}
    for name, inf in canonical.get("influence", {}).items():
        c = m.countries.get(name)
        if c is None:
            continue
        owner = next((side for side in ("US", "USSR") if side_controls(inf, side, c.stability)), "none")
        lines = [f"stab {c.stability}" + (" BG" if c.battleground else "")]
        if inf.get("US") or inf.get("USSR"):
            lines.append(f"US {inf.get('US', 0)} / USSR {inf.get('USSR', 0)}")
        spaces[name] = {"fill": owner, "lines": lines, "mark": c.battleground}
    caption = f"turn {canonical.get('turn')}, DEFCON {canonical.get('defcon')}, VP {canonical.get('vp')}"
    return {"spaces": spaces, "caption": caption}


def witness(facts: dict) -> dict | None:
    """A z3 witness: the countries each side controls (``{"US": [...], "USSR": [...]}``, the
    scoring analysis, 10.1), or the one ``country`` a proof's counterexample names."""
    spaces = {}
    for side in ("US", "USSR"):
        for name in facts.get(side) or [] if isinstance(facts.get(side), list) else []:
            spaces[name] = {"fill": side, "lines": [f"{side} controls"], "mark": False}
    if isinstance(facts.get("country"), str):
        spaces[facts["country"]] = {"fill": None, "mark": True, "lines": [
            f"{k} {v}" for k, v in sorted(facts.items()) if k != "country"][:3]}
    if not spaces:
        return None
    return {"spaces": spaces, "caption": "countries not named: any control"}


DRAWING = MapDrawing(layout=layout, view=view, witness=witness)
