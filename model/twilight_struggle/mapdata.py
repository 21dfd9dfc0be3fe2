"""The Twilight Struggle map: 84 countries in six regions, their stability, battlegrounds and links
(rules 2.1.1-2.1.6).

The facts live in ``data/map.yaml`` (sources in its header); this module loads them with the strict
reader, validates them and precomputes what the rules ask of the map:

- 2.1.1, 2.1.2: a country is in its region, and in each of its sub-regions (Western and Eastern
  Europe, Austria and Finland in both; Southeast Asia inside Asia). Anything said of Europe or Asia
  covers its sub-regions, so :meth:`TSMap.in_area` answers for a region or a sub-region alike.
- 2.1.5: the USA and USSR spaces take no influence; they are not countries, only link ends.
- 2.1.6: countries joined by a line are adjacent (listed on both ends; the loader refuses a
  one-sided link); a country linked to a superpower space is adjacent to that superpower.

Any defect raises :class:`~cdg_oracle.model.core.errors.DataError` with one line,
``"<file>: <entry>: <what is wrong>"``.
"""
from __future__ import annotations

import functools
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from cdg_oracle.model.core.citations import implements
from cdg_oracle.model.core.errors import DataError
from cdg_oracle.model.core.yamlio import read_yaml

if TYPE_CHECKING:  # pragma: no cover
    import networkx

DEFAULT_PATH = Path(__file__).resolve().parent / "data" / "map.yaml"

REGIONS = ("Europe", "Middle East", "Asia", "Africa", "Central America", "South America")
SUBREGIONS = {"Western Europe": "Europe", "Eastern Europe": "Europe", "Southeast Asia": "Asia"}
SUPERPOWERS = {"US": "USA", "USSR": "USSR"}  # side -> its superpower space (2.1.5)
EXPECTED_COUNTRIES = 84
EXPECTED_BATTLEGROUNDS = 29
_KEYS = {"region", "subregions", "stability", "battleground", "adjacent", "superpower", "source"}


@dataclass(frozen=True)
class Country:
    """One country space: its region (2.1.1), sub-regions, stability number (2.1.3), battleground
    flag (2.1.4), adjacent countries (2.1.6) and the superpower space it is linked to (or None)."""

    name: str
    region: str
    subregions: tuple[str, ...]
    stability: int
    battleground: bool
    adjacent: tuple[str, ...]
    superpower: str | None


class TSMap:
    """The map: ``countries`` by name, and the questions the rules ask of it."""

    def __init__(self, countries: dict[str, Country]):
        self.countries = countries
        self.names = tuple(sorted(countries))
        self._areas: dict[str, frozenset[str]] = {}
        for area in REGIONS + tuple(SUBREGIONS):
            self._areas[area] = frozenset(n for n, c in countries.items() if c.region == area or area in c.subregions)
        self.battlegrounds = frozenset(n for n, c in countries.items() if c.battleground)
        #: side -> the countries linked to its superpower space (2.1.6)
        self.next_to_superpower = {side: tuple(n for n in self.names if countries[n].superpower == space)
                                   for side, space in SUPERPOWERS.items()}

    def in_area(self, country: str, area: str) -> bool:
        """2.1.2: ``country`` is in ``area`` (a region, or a sub-region)."""
        return country in self._areas[area]

    def area(self, area: str) -> frozenset[str]:
        """The countries of a region or sub-region (2.1.1, 2.1.2)."""
        return self._areas[area]

    def adjacent_to_superpower(self, country: str, side: str) -> bool:
        """2.1.6: ``country`` is linked to ``side``'s superpower space."""
        return self.countries[country].superpower == SUPERPOWERS[side]

    def graph(self) -> "networkx.Graph":
        """The map as an undirected networkx graph: the 84 countries and the two superpower spaces
        (node attribute ``kind``: ``country`` or ``superpower``)."""
        import networkx as nx

        g = nx.Graph()
        for n, c in self.countries.items():
            g.add_node(n, kind="country", region=c.region, stability=c.stability, battleground=c.battleground)
        for sp in SUPERPOWERS.values():
            g.add_node(sp, kind="superpower")
        for n, c in self.countries.items():
            g.add_edges_from((n, m) for m in c.adjacent)
            if c.superpower:
                g.add_edge(n, c.superpower)
        return g


def _parse(path: Path) -> TSMap:
    where = str(path)

    def fail(entry: str, what: str) -> DataError:
        return DataError(f"{where}: {entry}: {what}")

    data = read_yaml(path, where)
    if not isinstance(data, dict) or not isinstance(data.get("countries"), dict):
        raise fail("-", "expected a mapping with a 'countries' mapping")
    if tuple(data.get("regions", ())) != REGIONS:
        raise fail("regions", f"must be {list(REGIONS)}")
    if data.get("subregions") != SUBREGIONS:
        raise fail("subregions", f"must be {SUBREGIONS}")
    if data.get("superpowers") != sorted(SUPERPOWERS.values()):
        raise fail("superpowers", f"must be {sorted(SUPERPOWERS.values())}")
    countries: dict[str, Country] = {}
    raw = data["countries"]
    for name, c in raw.items():
        if not isinstance(name, str):
            raise fail(repr(name), "a country's name must be text")
        if not isinstance(c, dict):
            raise fail(name, "must be a mapping")
        unknown = sorted(str(k) for k in set(c) - _KEYS)
        if unknown:
            raise fail(name, f"unknown key(s): {', '.join(unknown)}")
        if c.get("region") not in REGIONS:
            raise fail(name, f"region {c.get('region')!r} is not one of {', '.join(REGIONS)}")
        subs = c.get("subregions")
        if not isinstance(subs, list) or not all(isinstance(x, str) and SUBREGIONS.get(x) == c["region"] for x in subs) \
                or len(set(subs)) != len(subs):
            raise fail(name, f"subregions {subs!r} must list sub-regions of {c['region']}, once each")
        stab = c.get("stability")
        if type(stab) is not int or not 1 <= stab <= 5:
            raise fail(name, f"stability {stab!r} must be an integer 1-5")
        if not isinstance(c.get("battleground"), bool):
            raise fail(name, "battleground must be true or false")
        adj = c.get("adjacent")
        if not isinstance(adj, list) or not adj or not all(isinstance(a, str) and a in raw and a != name for a in adj) \
                or len(set(adj)) != len(adj):
            raise fail(name, f"adjacent {adj!r} must list other countries of the map, once each")
        sp = c.get("superpower")
        if sp is not None and sp not in SUPERPOWERS.values():
            raise fail(name, f"superpower {sp!r} must be USA or USSR")
        if not isinstance(c.get("source"), str) or not c["source"].strip():
            raise fail(name, "missing source")
        countries[name] = Country(name, c["region"], tuple(subs), stab, c["battleground"], tuple(sorted(adj)), sp)
    for name, c in countries.items():
        for a in c.adjacent:
            if name not in countries[a].adjacent:
                raise fail(name, f"linked to {a} but {a} does not list {name} (2.1.6: a link has two ends)")
    if len(countries) != EXPECTED_COUNTRIES:
        raise fail("countries", f"{len(countries)} countries, expected {EXPECTED_COUNTRIES}")
    bgs = sum(c.battleground for c in countries.values())
    if bgs != EXPECTED_BATTLEGROUNDS:
        raise fail("countries", f"{bgs} battlegrounds, expected {EXPECTED_BATTLEGROUNDS}")
    return TSMap(countries)


@functools.lru_cache(maxsize=1)
def _default() -> TSMap:
    return _parse(DEFAULT_PATH)


@implements("2.1", "2.1.1", "2.1.2", "2.1.3", "2.1.4", "2.1.5", "2.1.6")
def load_map(path: str | Path | None = None) -> TSMap:
    """The map of ``data/map.yaml`` (loaded once), or of the file ``path`` (read afresh)."""
    return _default() if path is None else _parse(Path(path))
