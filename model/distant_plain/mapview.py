"""A Distant Plain's map as the HTML report draws it (issue 33; model/core/mapview.py): the
schematic layout of data/map_layout.yaml, a space's kind (a province of Afghanistan or Pakistan,
Kabul, a LoC) as its outline colour, its adjacency and LoCs as lines, and what a picture shows of
a space: its Control (gap ``control_definition``, control.py ``control_of``) as the fill, its
pieces per faction, its Support or Opposition and its Terror, Sabotage and Returnees markers."""
from __future__ import annotations

import functools
from pathlib import Path

from cdg_oracle.model.core.mapview import MapDrawing, read_layout
from cdg_oracle.model.distant_plain.control import COIN, TALIBAN, WARLORDS, control_of, count
from cdg_oracle.model.distant_plain.mapdata import load_map
from cdg_oracle.model.distant_plain.options import normalize_options

LAYOUT_FILE = Path(__file__).parent / "data" / "map_layout.yaml"


def region_of(space) -> str:
    if space.type == "loc":
        return "LoC"
    if space.type == "city":
        return "Kabul (City)"
    return "Pakistan" if space.pakistan else "Afghanistan"


@functools.lru_cache(maxsize=1)
def layout() -> dict:
    """The layout, read once: every space placed; a LoC drawn smaller; adjacency and the LoCs
    touching a space drawn as lines."""
    m = load_map()
    links = {tuple(sorted(e)) for e in m.graph().edges}
    return read_layout(LAYOUT_FILE, list(m.spaces), lambda n: region_of(m.spaces[n]), links,
                       small=lambda n: m.spaces[n].type == "loc")


def space_lines(s: dict) -> list[str]:
    p = s["pieces"]
    out = []
    for label, kinds in (("COIN", COIN), ("Taliban", TALIBAN), ("Warlords", WARLORDS)):
        n = count(p, kinds)
        if n:
            out.append(f"{label} {n}")
    flags = [s["support"]] if s.get("support") and s["support"] != "neutral" else []
    flags += [k for k in ("terror", "sabotage", "returnees") if s.get(k)]
    if flags:
        out.append(", ".join(flags))
    return out


def view(canonical: dict, options: dict | None = None) -> dict:
    """The map of a canonical state: Control (control.py ``control_of`` under the state's
    options), the pieces and markers of each space."""
    m = load_map()
    opts = normalize_options(options)
    spaces = {}
    for name, s in canonical.get("spaces", {}).items():
        sp = m.spaces.get(name)
        if sp is None or "pieces" not in s:
            continue
        spaces[name] = {"fill": control_of(s, sp.pakistan, opts), "lines": space_lines(s), "mark": False}
    caption = f"resources {canonical.get('resources')}, Islamabad {canonical.get('islamabad')}"
    return {"spaces": spaces, "caption": caption}


def witness(facts: dict) -> dict | None:
    """The victory analysis's witnesses name no space (they are totals): None."""
    return None


DRAWING = MapDrawing(layout=layout, view=view, witness=witness)
