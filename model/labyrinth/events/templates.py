"""Template events (6.2): the card events that differ only in data, run by one procedure.

Their rows are in ``data/template_events.yaml`` (read with the strict reader, validated on load):
"Ponete N cellule in X [ed in Y]" -- the cells placed as every event places them
(``jihadist_48_71.push_place``: from the Funding track ignoring Funding, 4.7.4.2; an unmarked site
tested first when a cell is on the track, 4.9.4, A54; none with the track empty, 4.6.3) -- and, for
some, the card's marker then put on a country (6.2.7). Each step cites the card (``"card 49"``).
An event with a precondition (6.2.6) or a condition on the state is no template.
"""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from cdg_oracle.model.core.citations import implements
from cdg_oracle.model.core.errors import DataError
from cdg_oracle.model.core.yamlio import read_yaml
from cdg_oracle.model.labyrinth.engine import cite, pop
from cdg_oracle.model.labyrinth.events import event
from cdg_oracle.model.labyrinth.events.jihadist_48_71 import push_place
from cdg_oracle.model.labyrinth.events.lasting import place_marker
from cdg_oracle.model.labyrinth.mapdata import load_map

PATH = Path(__file__).resolve().parent.parent / "data" / "template_events.yaml"
KEYS = {"name", "text", "note", "place", "marker"}
MAX_CELLS = 15  # the Funding track's cylinders (4.7.4)


def _is_int(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _site(where: str, n: int, site, countries) -> list:
    """One ``[country, cells]`` entry of a row's ``place``, checked."""
    if not isinstance(site, list) or len(site) != 2:
        raise DataError(f"{where}: card {n}: place: each site must be [country, cells], got {site!r}")
    name, k = site
    if name not in countries:
        raise DataError(f"{where}: card {n}: place: {name!r} is not a country of the map")
    if not _is_int(k) or not 1 <= k <= MAX_CELLS:
        raise DataError(f"{where}: card {n}: place: cells for {name} must be an integer 1-{MAX_CELLS}, got {k!r}")
    return [name, k]


def _row(where: str, n, spec, countries) -> dict:
    """One card's row, checked: ``{"name", "text", "note", "place", "marker"}``."""
    if not _is_int(n) or not 1 <= n <= 120:
        raise DataError(f"{where}: card {n!r}: not a card number 1-120")
    if not isinstance(spec, dict) or not set(spec) <= KEYS:
        extra = sorted(set(spec) - KEYS) if isinstance(spec, dict) else spec
        raise DataError(f"{where}: card {n}: keys must be among {', '.join(sorted(KEYS))}, got {extra!r}")
    for key in ("name", "text"):
        if not isinstance(spec.get(key), str) or not spec[key].strip():
            raise DataError(f"{where}: card {n}: {key} missing")
    if not isinstance(spec.get("note", ""), str):
        raise DataError(f"{where}: card {n}: note must be text")
    place = spec.get("place")
    if not isinstance(place, list) or not place:
        raise DataError(f"{where}: card {n}: place must be a non-empty list of [country, cells]")
    marker = spec.get("marker")
    if marker is not None and marker not in countries:
        raise DataError(f"{where}: card {n}: marker: {marker!r} is not a country of the map")
    return {"name": spec["name"], "text": spec["text"], "note": spec.get("note", ""),
            "place": [_site(where, n, s, countries) for s in place], "marker": marker}


def load_template_events(path: Path = PATH, countries=None) -> dict[int, dict]:
    """Read and validate a template-events file: ``{card: row}`` (see the file's header).
    ``countries``: the names a site may be (default: the map's)."""
    where = Path(path).name
    raw = read_yaml(path, where)  # the one strict reader: a card listed twice is a duplicate key
    if not isinstance(raw, dict) or set(raw) != {"events"} or not isinstance(raw["events"], dict):
        raise DataError(f"{where}: expected one mapping 'events' (card number -> row)")
    names = set(load_map().names) if countries is None else set(countries)
    return {n: _row(where, n, spec, names) for n, spec in raw["events"].items()}


@lru_cache(maxsize=1)
def template_events() -> dict[int, dict]:
    return load_template_events(PATH)


@implements("6.2", "6.2.7", "4.7.4.2", "4.9.4")
def template_event(st, f, a) -> None:
    """Card ``f["card"]``'s event as its row says: place the cells at its sites in order (citing
    the card), then, if the row names one, put the card's marker on that country (6.2.7)."""
    row = template_events()[f["card"]]
    rule = f"card {f['card']}"
    if f["pc"] == "start":
        f["pc"] = "placed"
        push_place(st, row["place"], rule)
        return
    if row["marker"] is not None:
        place_marker(st, f["card"], row["marker"])
        cite(st, rule, "6.2.7")
    pop(st)


event(*template_events())(template_event)
