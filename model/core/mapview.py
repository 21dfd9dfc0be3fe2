"""What a game supplies so that the oracle can draw its map (issue 33): a schematic layout and a
view of a state, both plain data; the drawing itself is the oracle's (oracle/html/mapdraw.py),
which never names a game.

A game's ``GameSpec.map_drawing`` is a :class:`MapDrawing`:

- ``layout()``: the map's layout, a plain dict (read once from the game's
  ``data/map_layout.yaml`` with :func:`read_layout`): ``source`` (where the positions come from:
  "schematic, drawn for this report, not the board's geometry"), ``cell`` (``[width, height]`` of a
  grid cell in pixels), ``spaces`` (``name -> {"at": [column, row], "region": str, "kind":
  "space" | "small"}``), ``regions`` (``name -> colour``: a space's outline), ``boxes`` (``[{"name",
  "spaces"}]``: a labelled box drawn around a group, Labyrinth's Schengen countries), ``links``
  (``[[a, b]]``: the lines drawn between spaces) and ``fills`` (``key -> {"colour", "label"}``:
  the legend of a space's fill).
- ``view(state)``: what the map shows of one state: ``{"spaces": {name: {"fill": key or None,
  "lines": [str], "mark": bool}}, "caption": str}`` (a space left out is drawn empty).
- ``witness(facts)``: the same view of a z3 witness or counterexample, a dict of facts as the
  game's checks write it in its verification report, or None when those facts name no space.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Iterable

from cdg_oracle.model.core.errors import DataError
from cdg_oracle.model.core.yamlio import read_yaml


@dataclass(frozen=True)
class MapDrawing:
    """A game's map for pictures: its layout and its views of a state and of a witness."""

    layout: Callable[[], dict]
    view: Callable[[Any], dict]
    witness: Callable[[dict], dict | None]


def read_layout(path: str | Path, names: Iterable[str], region_of: Callable[[str], str | None],
                links: Iterable[tuple[str, str]], small: Callable[[str], bool] = lambda n: False) -> dict:
    """Read a game's ``map_layout.yaml`` and check it against the map: every space of ``names``
    has exactly one cell, none is unknown, no two share a cell, every region and fill has a colour,
    every box names spaces of the map. ``region_of(name)`` gives a space's region when the layout
    does not; ``links`` are the lines to draw; ``small(name)``: drawn smaller (A Distant Plain's
    LoCs). A fault is a DataError naming the file."""
    raw = read_yaml(path)
    where = str(path)
    if not isinstance(raw, dict):
        raise DataError(f"{where}: expected a mapping at the top")
    for key in ("source", "cell", "regions", "fills", "spaces"):
        if key not in raw:
            raise DataError(f"{where}: missing key {key!r}")
    names = list(names)
    known = set(names)
    spaces, cells = {}, {}
    for name, entry in (raw["spaces"] or {}).items():
        if name not in known:
            raise DataError(f"{where}: spaces: {name!r} is not a space of the map")
        at = entry.get("at") if isinstance(entry, dict) else None
        if not (isinstance(at, list) and len(at) == 2 and all(isinstance(v, int) and v >= 0 for v in at)):
            raise DataError(f"{where}: spaces: {name}: 'at' must be [column, row], two whole numbers >= 0")
        if tuple(at) in cells:
            raise DataError(f"{where}: spaces: {name} and {cells[tuple(at)]} share the cell {at}")
        cells[tuple(at)] = name
        region = entry.get("region") or region_of(name)
        if region not in raw["regions"]:
            raise DataError(f"{where}: spaces: {name}: region {region!r} has no colour under 'regions'")
        spaces[name] = {"at": list(at), "region": region, "kind": "small" if small(name) else "space"}
    missing = [n for n in names if n not in spaces]
    if missing:
        raise DataError(f"{where}: no cell for {', '.join(missing)}")
    boxes = raw.get("boxes") or []
    for box in boxes:
        bad = [n for n in box.get("spaces", []) if n not in known]
        if bad or not box.get("name"):
            raise DataError(f"{where}: boxes: {box.get('name')!r}: unknown spaces {bad}")
    for key, fill in raw["fills"].items():
        if not (isinstance(fill, dict) and fill.get("colour") and fill.get("label")):
            raise DataError(f"{where}: fills: {key}: needs a colour and a label")
    cell = raw["cell"]
    if not (isinstance(cell, list) and len(cell) == 2 and all(isinstance(v, int) and v > 0 for v in cell)):
        raise DataError(f"{where}: cell: must be [width, height] in pixels")
    return {"source": str(raw["source"]), "cell": list(cell), "spaces": spaces, "regions": dict(raw["regions"]),
            "boxes": [{"name": b["name"], "spaces": list(b["spaces"])} for b in boxes],
            "links": sorted([sorted(link) for link in links]), "fills": dict(raw["fills"])}
