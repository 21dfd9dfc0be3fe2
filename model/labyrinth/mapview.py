"""Labyrinth's map as the HTML report draws it (issue 33; model/core/mapview.py): the schematic
layout of data/map_layout.yaml over the countries of data/map.yaml, the printed lines (4.1.1) and
the Schengen box (4.5), and what a picture shows of a country: its governance (4.2.1, a Muslim
country) or posture (4.3.2, a non-Muslim one) as the fill, then its pieces and markers: troops,
sleeper and active cells (4.6.4), cadre, plots, aid, besieged regime, regime change and alignment
(4.2.3, ally or adversary)."""
from __future__ import annotations

import functools
from pathlib import Path

from cdg_oracle.model.core.mapview import MapDrawing, read_layout
from cdg_oracle.model.labyrinth.mapdata import load_map

LAYOUT_FILE = Path(__file__).parent / "data" / "map_layout.yaml"


@functools.lru_cache(maxsize=1)
def layout() -> dict:
    """The layout, read once; the lines drawn are the printed ones (4.1.1): Schengen adjacency
    (4.5) is shown by its box, not by 21 lines."""
    m = load_map()
    return read_layout(LAYOUT_FILE, m.names, lambda n: None, m.printed_links)


def country_lines(c: dict) -> list[str]:
    """What a country holds, in the board's words, shortest first (a line is one fact)."""
    out = []
    pieces = [f"{c['troops']} troops" if c.get("troops") else "",
              f"{c['sleepers']} sleeper" if c.get("sleepers") else "",
              f"{c['actives']} active" if c.get("actives") else ""]
    text = ", ".join(p for p in pieces if p)
    if text:
        out.append(text)
    flags = []
    if c.get("cadre"):
        flags.append("cadre")
    if c.get("plots"):
        flags.append(f"{len(c['plots'])} plot" + "s" * (len(c["plots"]) > 1))
    if c.get("aid"):
        flags.append(f"aid {c['aid']}")
    if c.get("besieged"):
        flags.append("besieged")
    if c.get("rc"):
        flags.append(f"RC {c['rc']}")
    if c.get("align"):
        flags.append(c["align"])
    if flags:
        out.append(", ".join(flags))
    if c.get("markers"):
        out.append(", ".join(str(m) for m in c["markers"]))
    return out


def fill_of(c: dict) -> str:
    """Governance (4.2.1) of a Muslim country, else posture (4.3.2); no marker: untested (4.2.2)."""
    return c.get("gov") or c.get("posture") or "untested"


def view(canonical: dict, options: dict | None = None) -> dict:
    """The map of a canonical state: each country's governance or posture and its pieces."""
    spaces = {name: {"fill": fill_of(c), "lines": country_lines(c), "mark": False}
              for name, c in canonical.get("countries", {}).items()}
    posture = canonical.get("us_posture")
    caption = f"prestige {canonical.get('prestige')}, funding {canonical.get('funding')}" + (
        f", US posture {posture}" if posture else "")
    return {"spaces": spaces, "caption": caption}


def witness(facts: dict) -> dict | None:
    """A z3 witness of the victory analysis (properties/labyrinth/victory_analysis.py): the
    governance it sets per country as the fill, a Green regime change (``green_rc``) marked;
    None when the facts name no country."""
    gov = facts.get("governance")
    if not isinstance(gov, dict):
        after = facts.get("after")  # a step's witness: the state after the step
        return witness(after) if isinstance(after, dict) else None
    spaces = {name: {"fill": value, "lines": [], "mark": False} for name, value in gov.items()}
    for name in facts.get("green_rc") or []:
        spaces.setdefault(name, {"fill": None, "lines": [], "mark": False})
        spaces[name]["lines"].append("regime change (green)")
        spaces[name]["mark"] = True
    return {"spaces": spaces, "caption": f"prestige {facts.get('prestige')}, oil price spikes "
            f"{facts.get('oil_price_spike')}; countries not named: any governance"}


DRAWING = MapDrawing(layout=layout, view=view, witness=witness)
