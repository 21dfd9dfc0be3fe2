"""The map of A Distant Plain: 24 provinces (21 in Afghanistan, 3 in Pakistan), the City of Kabul,
and 7 Lines of Communication (LoCs), with population, the Pashtun and Pakistan flags, the links
between provinces and Kabul, the spaces each LoC touches, and each LoC's Econ value.

The facts live in ``data/map.yaml`` (sources and gaps in its header); this module loads them with the
strict reader and validates them: a link is listed on both ends, a LoC's spaces list the LoC too,
every name is a space of the map, the counts are those the sources agree on (32 spaces, 61 links
between provinces and Kabul, Econ 12 in all, population 27). ``mountain`` is None on every space:
no source says which spaces are Mountain (data/gaps.yaml ``mountain``), and nothing here guesses.
Any defect raises :class:`~cdg_oracle.model.core.errors.DataError` with one line, ``"<file>: <space>:
<what is wrong>"``.
"""
from __future__ import annotations

import functools
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from cdg_oracle.model.core.errors import DataError
from cdg_oracle.model.core.yamlio import read_yaml

if TYPE_CHECKING:  # pragma: no cover
    import networkx

DEFAULT_PATH = Path(__file__).resolve().parent / "data" / "map.yaml"

TYPES = ("province", "city", "loc")
EXPECTED = {"spaces": 32, "provinces": 24, "pakistan": 3, "locs": 7, "links": 61, "econ": 12, "population": 27}
_AREA_KEYS = {"type", "pakistan", "population", "pashtun", "mountain", "adjacent", "locs", "source"}
_LOC_KEYS = {"type", "econ", "mountain", "touches", "source"}


@dataclass(frozen=True)
class Space:
    """One space. A province or Kabul has ``population``, ``pashtun``, ``pakistan``, ``adjacent``
    (provinces and Kabul) and ``locs`` (the LoCs touching it); a LoC has ``econ`` and ``touches``.
    ``mountain`` is None where no source says (every space, today)."""

    name: str
    type: str
    population: int = 0
    pashtun: bool = False
    pakistan: bool = False
    mountain: bool | None = None
    adjacent: tuple[str, ...] = ()
    locs: tuple[str, ...] = ()
    econ: int = 0
    touches: tuple[str, ...] = ()


class DistantPlainMap:
    """The map: ``spaces`` by name, and what the rules ask of it."""

    def __init__(self, spaces: dict[str, Space]):
        self.spaces = spaces
        self.names = tuple(sorted(spaces))
        self.locs = tuple(n for n in self.names if spaces[n].type == "loc")
        self.areas = tuple(n for n in self.names if spaces[n].type != "loc")

    def neighbours(self, name: str) -> tuple[str, ...]:
        """The spaces adjacent to ``name``: for a province or Kabul its linked provinces and Kabul
        and the LoCs touching it; for a LoC the spaces it touches (LoC to LoC: no source, gap)."""
        s = self.spaces[name]
        return s.touches if s.type == "loc" else tuple(sorted(s.adjacent + s.locs))

    def graph(self) -> "networkx.Graph":
        """The map as an undirected networkx graph (node attributes: type, population, pashtun,
        pakistan, econ)."""
        import networkx as nx

        g = nx.Graph()
        for n, s in self.spaces.items():
            g.add_node(n, type=s.type, population=s.population, pashtun=s.pashtun, pakistan=s.pakistan, econ=s.econ)
        for n in self.names:
            g.add_edges_from((n, m) for m in self.neighbours(n))
        return g


def _names(v, raw: dict) -> bool:
    return isinstance(v, list) and all(isinstance(x, str) and x in raw for x in v) and len(set(v)) == len(v)


def _parse(path: Path) -> DistantPlainMap:
    where = str(path)

    def fail(entry: str, what: str) -> DataError:
        return DataError(f"{where}: {entry}: {what}")

    data = read_yaml(path, where)
    if not isinstance(data, dict) or set(data) != {"spaces"} or not isinstance(data["spaces"], dict):
        raise fail("-", "expected a mapping with one key, spaces")
    raw = data["spaces"]
    spaces: dict[str, Space] = {}
    for name, s in raw.items():
        if not isinstance(name, str) or not isinstance(s, dict):
            raise fail(str(name), "each space is a name and a mapping")
        kind = s.get("type")
        if kind not in TYPES:
            raise fail(name, f"type {kind!r} is not one of {', '.join(TYPES)}")
        keys = _LOC_KEYS if kind == "loc" else _AREA_KEYS
        if set(s) != keys:
            raise fail(name, f"a {kind} has exactly the keys {', '.join(sorted(keys))}")
        if s["mountain"] is not None:
            raise fail(name, "mountain must be null: no source says which spaces are Mountain (data/gaps.yaml)")
        if not isinstance(s["source"], str) or not s["source"].strip():
            raise fail(name, "missing source")
        if kind == "loc":
            if type(s["econ"]) is not int or not 0 <= s["econ"] <= 5:
                raise fail(name, f"econ {s['econ']!r} must be a whole number 0-5")
            if not _names(s["touches"], raw) or any(raw[t].get("type") == "loc" for t in s["touches"]):
                raise fail(name, "touches must list provinces or Kabul of the map, once each")
            spaces[name] = Space(name, kind, econ=s["econ"], touches=tuple(sorted(s["touches"])))
            continue
        if type(s["population"]) is not int or not 0 <= s["population"] <= 3:
            raise fail(name, f"population {s['population']!r} must be a whole number 0-3")
        for flag in ("pashtun", "pakistan"):
            if not isinstance(s[flag], bool):
                raise fail(name, f"{flag} must be true or false")
        if not _names(s["adjacent"], raw) or name in s["adjacent"] or any(raw[a].get("type") == "loc" for a in s["adjacent"]):
            raise fail(name, "adjacent must list other provinces or Kabul of the map, once each")
        if not _names(s["locs"], raw) or any(raw[x].get("type") != "loc" for x in s["locs"]):
            raise fail(name, "locs must list LoCs of the map, once each")
        if (kind == "city") != (name == "Kabul"):
            raise fail(name, "Kabul is the map's one city")
        spaces[name] = Space(name, kind, s["population"], s["pashtun"], s["pakistan"], None,
                             tuple(sorted(s["adjacent"])), tuple(sorted(s["locs"])))
    for name, sp in spaces.items():
        for a in sp.adjacent:
            if name not in spaces[a].adjacent:
                raise fail(name, f"linked to {a}, but {a} does not list {name} (a link has two ends)")
        for x in sp.locs:
            if name not in spaces[x].touches:
                raise fail(name, f"lists {x}, but {x} does not touch it")
        for t in sp.touches:
            if name not in spaces[t].locs:
                raise fail(name, f"touches {t}, but {t} does not list it")
    m = DistantPlainMap(spaces)
    got = {"spaces": len(spaces), "provinces": sum(s.type == "province" for s in spaces.values()),
           "pakistan": sum(s.pakistan for s in spaces.values()), "locs": len(m.locs),
           "links": sum(len(s.adjacent) for s in spaces.values()) // 2,
           "econ": sum(s.econ for s in spaces.values()), "population": sum(s.population for s in spaces.values())}
    for k, v in EXPECTED.items():
        if got[k] != v:
            raise fail("-", f"{got[k]} {k}, the sources agree on {v}")
    return m


@functools.lru_cache(maxsize=1)
def _default() -> DistantPlainMap:
    return _parse(DEFAULT_PATH)


def load_map(path: str | Path | None = None) -> DistantPlainMap:
    """The map of ``data/map.yaml`` (loaded once), or of the file ``path`` (read afresh)."""
    return _default() if path is None else _parse(Path(path))
