"""The Labyrinth map: countries, their printed attributes and adjacency (rules 4.1-4.5, card 43).

The facts live in ``data/map.yaml``; this module loads them, validates them and precomputes the
adjacency the rules define:

- 4.1.1: country spaces joined by a printed line are adjacent (``printed_links`` in the data).
- 4.5: the seven Schengen countries are all adjacent to each other, and a country linked to the
  Schengen symbol is adjacent to every Schengen country. Two linked countries are *not* adjacent
  to each other through the symbol (only a printed line would make them adjacent).
  Schengen adjacency is derived here from the ``schengen``/``schengen_link`` flags, never typed out.
- Card 43 (Patriot Act): while it is in effect the United States is adjacent only to Canada, in
  both directions: no country other than Canada is adjacent to the United States.

Both variants (with and without Patriot Act) are precomputed at load, together with all-pairs
distances, so :meth:`LabyrinthMap.adjacent` and :meth:`LabyrinthMap.distance` are dict lookups.

Any defect in the data raises :class:`cdg_oracle.model.core.errors.DataError` with a one-line message
``"<file>: <entry>: <what is wrong>"``.
"""
from __future__ import annotations

import functools
from collections import deque
from dataclasses import dataclass, fields
from pathlib import Path
from typing import TYPE_CHECKING, Any


from cdg_oracle.model.core.citations import implements
from cdg_oracle.model.core.errors import DataError
from cdg_oracle.model.core.yamlio import read_yaml

if TYPE_CHECKING:  # pragma: no cover
    import networkx

__all__ = ["COUNTRY_TYPES", "Country", "LabyrinthMap", "load_map", "DEFAULT_MAP_PATH"]

COUNTRY_TYPES = ("sunni", "shia_mix", "iran", "non_muslim")
MUSLIM_TYPES = ("sunni", "shia_mix")
GOVERNANCE_VALUES = ("good", "fair")
POSTURE_VALUES = ("fixed_hard", "gwot_track")

EXPECTED_COUNTRIES = 38
EXPECTED_MUSLIM = 18  # 2.1.1
EXPECTED_SCHENGEN = 7  # 4.5

UNITED_STATES = "United States"
CANADA = "Canada"

DEFAULT_MAP_PATH = Path(__file__).resolve().parent / "data" / "map.yaml"

_TOP_KEYS = ("countries", "printed_links")
_COUNTRY_KEYS = (
    "type", "resources", "oil_exporter", "governance", "recruit", "schengen", "schengen_link",
    "posture", "source", "disputed",
)
_DISPUTE_KEYS = ("values", "reason")


@dataclass(frozen=True)
class Country:
    """One country space with its printed, unchanging attributes."""

    name: str
    type: str
    resources: int | None  # Muslim countries only (4.2.5)
    oil_exporter: bool  # 4.2.6
    governance: str | None  # fixed "good"/"fair" for non-Muslim countries (4.3.1) and Iran (4.4); None for Muslim
    recruit: int | None  # printed REC number (4.3.4, 8.2.4), non-Muslim only
    schengen: bool  # 4.5
    schengen_link: bool  # 4.5
    posture: str | None  # "fixed_hard" (Israel, 4.3.3), "gwot_track" (United States, 4.3.2), else None

    @property
    @implements("4.1.2", "4.4")
    def muslim(self) -> bool:
        """Sunni or Shia-Mix (4.1.2). Iran is NOT Muslim (4.4)."""
        return self.type in MUSLIM_TYPES

    @property
    def non_muslim(self) -> bool:
        """``type == "non_muslim"``. Iran is neither Muslim nor non-Muslim (4.4)."""
        return self.type == "non_muslim"

    @property
    def has_posture_marker(self) -> bool:
        """Non-Muslim and not the United States (4.3.2); Israel's box is printed fixed Hard (4.3.3)."""
        return self.type == "non_muslim" and self.name != UNITED_STATES


class LabyrinthMap:
    """The loaded map. Build it with :func:`load_map`; treat it as read-only (it may be shared)."""

    countries: dict[str, Country]
    names: tuple[str, ...]
    muslim: tuple[str, ...]
    non_muslim: tuple[str, ...]
    schengen: tuple[str, ...]
    schengen_links: tuple[str, ...]

    def __init__(self, countries: dict[str, Country], printed_links: list[tuple[str, str]],
                 path: str = "<map>") -> None:
        self.path = path
        self.countries = {name: countries[name] for name in sorted(countries)}
        self.names = tuple(self.countries)
        self.muslim = tuple(n for n, c in self.countries.items() if c.muslim)
        self.non_muslim = tuple(n for n, c in self.countries.items() if c.non_muslim)
        self.schengen = tuple(n for n, c in self.countries.items() if c.schengen)
        self.schengen_links = tuple(n for n, c in self.countries.items() if c.schengen_link)
        self.printed_links: tuple[tuple[str, str], ...] = tuple(
            sorted(tuple(sorted(link)) for link in printed_links))
        normal = _build_adjacency(self.names, self.printed_links, self.schengen, self.schengen_links)
        self._adjacency = {False: normal, True: _patriot_act(normal)}
        self._distances = {flag: _all_pairs_distances(adj) for flag, adj in self._adjacency.items()}
        self._graphs: dict[bool, Any] = {}

    def __repr__(self) -> str:
        return f"LabyrinthMap({self.path!r}, {len(self.names)} countries)"

    @implements("4.1.1", "4.5", "card 43")
    def adjacent(self, name: str, patriot_act: bool = False) -> frozenset[str]:
        """The countries adjacent to ``name``: printed lines (4.1.1) plus Schengen (4.5).

        With ``patriot_act`` (card 43 in effect) the United States is adjacent only to Canada and
        no country but Canada is adjacent to the United States.
        """
        return self._adjacency[bool(patriot_act)][name]

    def are_adjacent(self, a: str, b: str, patriot_act: bool = False) -> bool:
        """True if ``b`` is adjacent to ``a`` (4.1.1, 4.5, card 43). Adjacency is symmetric."""
        return b in self._adjacency[bool(patriot_act)][a]

    def graph(self, patriot_act: bool = False) -> "networkx.Graph":
        """A fresh networkx graph of the adjacency (4.1.1, 4.5, card 43).

        Each node is a country name carrying the :class:`Country` fields as attributes.
        """
        flag = bool(patriot_act)
        if flag not in self._graphs:
            import networkx

            g = networkx.Graph()
            for name, country in self.countries.items():
                g.add_node(name, **{f.name: getattr(country, f.name) for f in fields(Country)})
            for name, neighbours in self._adjacency[flag].items():
                g.add_edges_from((name, other) for other in neighbours if name < other)
            self._graphs[flag] = g
        return self._graphs[flag].copy()

    def distance(self, a: str, b: str, patriot_act: bool = False) -> int:
        """Shortest path length from ``a`` to ``b`` counted in adjacency steps (0 if a == b).

        Used for "within N countries" events and the solo nearest-country rule (9.5.1).
        """
        row = self._distances[bool(patriot_act)][a]
        if b not in row:
            if b not in self.countries:
                raise KeyError(b)
            raise ValueError(f"{b!r} cannot be reached from {a!r}")
        return row[b]

    def within(self, name: str, n: int, patriot_act: bool = False) -> frozenset[str]:
        """The countries at distance <= ``n`` from ``name``, including ``name`` itself."""
        row = self._distances[bool(patriot_act)][name]
        return frozenset(other for other, d in row.items() if d <= n)


# --------------------------------------------------------------------------- adjacency

@implements("4.1.1", "4.5")
def _build_adjacency(names: tuple[str, ...], printed_links: tuple[tuple[str, str], ...],
                     schengen: tuple[str, ...], links: tuple[str, ...]) -> dict[str, frozenset[str]]:
    """Printed lines (4.1.1) plus Schengen (4.5): members form a clique; each linked country is
    adjacent to every member; linked countries gain nothing among themselves from the symbol."""
    adj: dict[str, set[str]] = {name: set() for name in names}
    for a, b in printed_links:
        adj[a].add(b)
        adj[b].add(a)
    for member in schengen:
        for other in schengen:
            if other != member:
                adj[member].add(other)
        for linked in links:
            adj[member].add(linked)
            adj[linked].add(member)
    return {name: frozenset(adj[name]) for name in names}


@implements("card 43")
def _patriot_act(adj: dict[str, frozenset[str]]) -> dict[str, frozenset[str]]:
    """Card 43: the United States is adjacent to no country except Canada (both directions)."""
    out = {name: neighbours - {UNITED_STATES} for name, neighbours in adj.items()}
    out[UNITED_STATES] = frozenset({CANADA})
    out[CANADA] = out[CANADA] | {UNITED_STATES}
    return out


def _all_pairs_distances(adj: dict[str, frozenset[str]]) -> dict[str, dict[str, int]]:
    result: dict[str, dict[str, int]] = {}
    for start in adj:
        dist = {start: 0}
        queue = deque([start])
        while queue:
            here = queue.popleft()
            for nxt in adj[here]:
                if nxt not in dist:
                    dist[nxt] = dist[here] + 1
                    queue.append(nxt)
        result[start] = dist
    return result


# --------------------------------------------------------------------------- loading

def _one_line(text: str) -> str:
    return " ".join(str(text).split())


def _read_yaml(path: Path, where: str) -> Any:
    """The map file, read by the one strict YAML reader (model/core/yamlio.py)."""
    return read_yaml(path, where)


def _type_name(value: Any) -> str:
    return "null" if value is None else type(value).__name__


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


class _Validator:
    def __init__(self, where: str) -> None:
        self.where = where

    def fail(self, entry: str, what: str) -> None:
        raise DataError(f"{self.where}: {entry}: {_one_line(what)}")

    def country(self, name: Any, raw: Any) -> Country:
        if not isinstance(name, str) or not name.strip():
            self.fail("countries", f"country name must be a non-empty string, got {name!r}")
        entry = f"countries.{name}"
        if not isinstance(raw, dict):
            self.fail(entry, f"must be a mapping, got {_type_name(raw)}")
        unknown = sorted(str(k) for k in raw if k not in _COUNTRY_KEYS)
        if unknown:
            self.fail(entry, f"unknown key(s) {', '.join(unknown)} (known: {', '.join(_COUNTRY_KEYS)})")
        for key in ("type", "oil_exporter", "schengen", "schengen_link", "source"):
            if key not in raw:
                self.fail(entry, f"missing field '{key}'")

        ctype = raw["type"]
        if ctype not in COUNTRY_TYPES:
            self.fail(entry, f"type must be one of {', '.join(COUNTRY_TYPES)}, got {ctype!r}")
        muslim = ctype in MUSLIM_TYPES
        non_muslim = ctype == "non_muslim"

        for key in ("oil_exporter", "schengen", "schengen_link"):
            if not isinstance(raw[key], bool):
                self.fail(entry, f"{key} must be true or false, got {raw[key]!r}")
        if not isinstance(raw["source"], str) or not raw["source"].strip():
            self.fail(entry, f"source must be a non-empty string, got {raw['source']!r}")

        resources = raw.get("resources")
        if muslim:
            if "resources" not in raw or resources is None:
                self.fail(entry, "missing field 'resources' (every Muslim country prints 1-3, rule 4.2.5)")
            if not _is_int(resources) or not 1 <= resources <= 3:
                self.fail(entry, f"resources must be an integer 1-3, got {resources!r}")
        elif resources is not None:
            self.fail(entry, f"resources only for Muslim countries (4.2.5), not type {ctype}")

        if raw["oil_exporter"] and not muslim:
            self.fail(entry, f"oil_exporter only for Muslim countries (4.2.6), not type {ctype}")

        governance = raw.get("governance")
        if muslim:
            if governance is not None:
                self.fail(entry, "governance of a Muslim country is not fixed (4.2.1); remove it")
        else:
            if "governance" not in raw or governance is None:
                self.fail(entry, f"missing field 'governance' (fixed for type {ctype}, rules 4.3.1, 4.4)")
            if governance not in GOVERNANCE_VALUES:
                self.fail(entry, f"governance must be one of {', '.join(GOVERNANCE_VALUES)}, got {governance!r}")

        recruit = raw.get("recruit")
        if non_muslim:
            if "recruit" not in raw:
                self.fail(entry, "missing field 'recruit' (printed REC number, or null if none, rule 4.3.4)")
            if recruit is not None and (not _is_int(recruit) or not 1 <= recruit <= 6):
                self.fail(entry, f"recruit must be an integer 1-6 or null, got {recruit!r}")
        elif recruit is not None:
            self.fail(entry, f"recruit only for non-Muslim countries (4.3.4), not type {ctype}")

        if raw["schengen"] and raw["schengen_link"]:
            self.fail(entry, "a country cannot be both schengen and schengen_link (4.5)")

        posture = raw.get("posture")
        if posture is not None:
            if posture not in POSTURE_VALUES:
                self.fail(entry, f"posture must be one of {', '.join(POSTURE_VALUES)} or absent, got {posture!r}")
            if not non_muslim:
                self.fail(entry, f"posture only for non-Muslim countries (4.3.2), not type {ctype}")

        if "disputed" in raw:
            self.disputed(entry, raw)

        return Country(
            name=name, type=ctype, resources=resources, oil_exporter=raw["oil_exporter"],
            governance=governance, recruit=recruit, schengen=raw["schengen"],
            schengen_link=raw["schengen_link"], posture=posture,
        )

    def disputed(self, entry: str, raw: dict) -> None:
        disputed = raw["disputed"]
        if not isinstance(disputed, dict) or not disputed:
            self.fail(f"{entry}.disputed", f"must be a non-empty mapping field -> {{values, reason}}, got {_type_name(disputed)}")
        for fieldname, dispute in disputed.items():
            sub = f"{entry}.disputed.{fieldname}"
            if fieldname not in _COUNTRY_KEYS or fieldname in ("source", "disputed"):
                self.fail(sub, "not a disputable country field")
            if not isinstance(dispute, dict):
                self.fail(sub, f"must be a mapping with values and reason, got {_type_name(dispute)}")
            unknown = sorted(str(k) for k in dispute if k not in _DISPUTE_KEYS)
            if unknown:
                self.fail(sub, f"unknown key(s) {', '.join(unknown)} (known: {', '.join(_DISPUTE_KEYS)})")
            for key in _DISPUTE_KEYS:
                if key not in dispute:
                    self.fail(sub, f"missing field '{key}'")
            values = dispute["values"]
            if not isinstance(values, dict) or len(values) < 2:
                self.fail(sub, "values must map at least two sources to their values")
            if not isinstance(dispute["reason"], str) or not dispute["reason"].strip():
                self.fail(sub, "reason must be a non-empty string")
            if raw.get(fieldname) not in values.values():
                self.fail(sub, f"chosen value {raw.get(fieldname)!r} is not among the sources' values")

    def links(self, raw: Any, countries: dict[str, Country]) -> list[tuple[str, str]]:
        if not isinstance(raw, list):
            self.fail("printed_links", f"must be a list of [country, country] pairs, got {_type_name(raw)}")
        seen: dict[frozenset[str], int] = {}
        out: list[tuple[str, str]] = []
        for i, link in enumerate(raw):
            entry = f"printed_links[{i}]"
            if not isinstance(link, list) or len(link) != 2:
                self.fail(entry, f"must be a 2-element list [country, country], got {link!r}")
            a, b = link
            for end in (a, b):
                if not isinstance(end, str):
                    self.fail(entry, f"country names must be strings, got {end!r}")
                if end not in countries:
                    self.fail(entry, f"unknown country {end!r}")
            if a == b:
                self.fail(entry, f"self-link {a!r}")
            ca, cb = countries[a], countries[b]
            if (ca.schengen and (cb.schengen or cb.schengen_link)) or (cb.schengen and ca.schengen_link):
                self.fail(entry, f"{a!r} - {b!r} is Schengen adjacency, which is derived from the flags (4.5); do not list it")
            key = frozenset((a, b))
            if key in seen:
                self.fail(entry, f"link {a!r} - {b!r} repeats printed_links[{seen[key]}]")
            seen[key] = i
            out.append((a, b))
        return out

    def whole(self, data: Any) -> LabyrinthMap:
        if not isinstance(data, dict):
            self.fail("document", f"must be a mapping with keys {', '.join(_TOP_KEYS)}, got {_type_name(data)}")
        unknown = sorted(str(k) for k in data if k not in _TOP_KEYS)
        if unknown:
            self.fail("document", f"unknown key(s) {', '.join(unknown)} (known: {', '.join(_TOP_KEYS)})")
        for key in _TOP_KEYS:
            if key not in data:
                self.fail("document", f"missing field '{key}'")
        raw_countries = data["countries"]
        if not isinstance(raw_countries, dict):
            self.fail("countries", f"must be a mapping name -> attributes, got {_type_name(raw_countries)}")
        countries = {name: self.country(name, raw) for name, raw in raw_countries.items()}

        def count(what: str, found: int, expected: int, rule: str) -> None:
            if found != expected:
                self.fail("countries", f"expected {expected} {what}, found {found} ({rule})")

        count("countries", len(countries), EXPECTED_COUNTRIES, "the Labyrinth map")
        count("Muslim countries", sum(c.muslim for c in countries.values()), EXPECTED_MUSLIM, "rule 2.1.1")
        count("Schengen countries", sum(c.schengen for c in countries.values()), EXPECTED_SCHENGEN, "rule 4.5")
        for name, posture in ((UNITED_STATES, "gwot_track"), (CANADA, None)):
            if name not in countries:
                self.fail("countries", f"missing {name!r} (needed by card 43, Patriot Act)")
            if posture and countries[name].posture != posture:
                self.fail(f"countries.{name}", f"posture must be {posture} (rule 4.3.2)")

        links = self.links(data["printed_links"], countries)
        return LabyrinthMap(countries, links, path=self.where)


def load_map(path: str | Path | None = None) -> LabyrinthMap:
    """Load and validate a map file; ``None`` loads the packaged ``data/map.yaml`` (cached).

    Raises :class:`DataError` with a one-line ``"<file>: <entry>: <what is wrong>"`` message.
    """
    if path is None:
        return _load_default()
    return _load(Path(path))


@functools.lru_cache(maxsize=1)
def _load_default() -> LabyrinthMap:
    return _load(DEFAULT_MAP_PATH)


def _load(path: Path) -> LabyrinthMap:
    where = str(path)
    validator = _Validator(where)
    return validator.whole(_read_yaml(path, where))
