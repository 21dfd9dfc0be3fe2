"""Map checks for Twilight Struggle on the networkx graph (rules 2.1.1-2.1.6, 10.1.2).

Each ``check_*`` function takes the map (a :class:`~cdg_oracle.model.twilight_struggle.mapdata.TSMap`,
or anything with ``countries``, ``names``, ``battlegrounds``, ``area(name)`` and ``graph()``) and
returns a sorted list of one-line problems; an empty list means the property holds. No check raises
on a broken map: an unknown name or a missing space is a problem, not an exception.
:func:`all_checks` runs them all and returns ``{check name: problems}``; each name cites its rule.

What the checks expect is written here, not read from the model: the counts, the superpower links
and the battlegrounds come from ``shared/research/twilight_struggle_facts.yaml`` (``counts``,
``superpower_adjacency``, ``battlegrounds_by_region``, ``validation``), where programs A and B agree
on the whole map; the rulebook seed (the Italian 2nd edition) states the regions and sub-regions
(2.1.1, 2.1.2) but neither the number of countries nor the full graph. Where the seed does state a
fact, ``tests/twilight_struggle/test_map.py`` checks it against the map.

Topology (links, superpower neighbours, components) is read from ``graph()``; sub-regions from
``area()``, since the graph does not carry them; :func:`check_graph_matches_countries` makes sure
the graph and the country records say the same, so the two readings cannot drift apart. The
generic helpers are those of :mod:`cdg_oracle.properties.graphchecks`.
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

import networkx as nx

from cdg_oracle.model.core.errors import DataError
from cdg_oracle.model.core.yamlio import read_yaml
from cdg_oracle.properties import graphchecks as gc

__all__ = [
    "AMERICAS", "BATTLEGROUNDS_BY_REGION", "CHECKS", "COUNTRIES_PER_REGION", "SCENARIO_DIR",
    "STABILITY_HISTOGRAM", "SUBREGION_COUNTS", "SUPERPOWER_LINKS", "adjacency", "all_checks",
    "check_battlegrounds", "check_connectivity", "check_counts", "check_enemy_superpower_bonus",
    "check_graph_matches_countries", "check_names_known", "check_no_self_loops", "check_regions",
    "check_stability", "check_superpower_links", "check_symmetric", "scenario_names",
]

SCENARIO_DIR = Path(__file__).resolve().parents[2] / "scenarios" / "twilight_struggle"

USA, USSR = "USA", "USSR"
SUPERPOWER_SPACES = (USA, USSR)

# What the map must hold (twilight_struggle_facts.yaml; the seed's 2.1.1 names the six regions).
COUNTRIES = 84
LINKS_BETWEEN_COUNTRIES = 112
LINKS_TO_SUPERPOWERS = 9
COUNTRIES_PER_REGION = {"Europe": 21, "Middle East": 10, "Asia": 15, "Africa": 18,
                        "Central America": 10, "South America": 10}
SUBREGION_COUNTS = {"Western Europe": 14, "Eastern Europe": 9, "Southeast Asia": 7}
SUBREGION_OF = {"Western Europe": "Europe", "Eastern Europe": "Europe", "Southeast Asia": "Asia"}
IN_BOTH_EUROPES = frozenset({"Austria", "Finland"})  # 2.1.1
SUPERPOWER_LINKS = {USA: frozenset({"Canada", "Cuba", "Japan", "Mexico"}),
                    USSR: frozenset({"Afghanistan", "Finland", "North Korea", "Poland", "Romania"})}
BATTLEGROUNDS_BY_REGION = {
    "Europe": frozenset({"East Germany", "France", "Italy", "Poland", "West Germany"}),
    "Middle East": frozenset({"Egypt", "Iran", "Iraq", "Israel", "Libya", "Saudi Arabia"}),
    "Asia": frozenset({"India", "Japan", "North Korea", "Pakistan", "South Korea", "Thailand"}),
    "Africa": frozenset({"Algeria", "Angola", "Nigeria", "South Africa", "Zaire"}),
    "Central America": frozenset({"Cuba", "Mexico", "Panama"}),
    "South America": frozenset({"Argentina", "Brazil", "Chile", "Venezuela"}),
}
STABILITY_HISTOGRAM = {1: 19, 2: 33, 3: 22, 4: 9, 5: 1}
AMERICAS = ("Central America", "South America")
AMERICAS_COUNT = 20
# The regions whose scoring card prints "+1 per controlled country adjacent to the enemy
# superpower" (the seed's card list: Asia, Europe and Central America Scoring).
BONUS_REGIONS = frozenset({"Europe", "Asia", "Central America"})


# --------------------------------------------------------------------------- helpers

def adjacency(m) -> dict[str, set[str]]:
    """``{space: neighbours}`` as the country records give it (each country's ``adjacent`` list and
    its ``superpower`` link), plus the two superpower spaces with the countries linked to them.
    Kept as a mapping, so that a one-sided link stays visible."""
    adj: dict[str, set[str]] = {sp: set() for sp in SUPERPOWER_SPACES}
    for name, c in m.countries.items():
        adj[name] = set(c.adjacent)
        if c.superpower is not None:
            adj[name].add(c.superpower)
            if c.superpower in SUPERPOWER_SPACES:  # an unknown one stays a stranger (check_symmetric)
                adj[c.superpower].add(name)
    return adj


def _graph(m) -> nx.Graph:
    return m.graph()


def _countries_of(g: nx.Graph) -> set[str]:
    return {n for n, kind in g.nodes(data="kind") if kind == "country"}


def _area(m, name: str) -> frozenset[str] | None:
    try:
        return frozenset(m.area(name))
    except KeyError:
        return None


def _names(items: Iterable[Any]) -> str:
    return ", ".join(sorted(map(str, items))) or "none"


# --------------------------------------------------------------------------- 2.1.6: links

def check_symmetric(m) -> list[str]:
    """2.1.6: a line joins two spaces, so each link is listed at both ends, and every end is a
    space of the map (a country or one of the two superpower spaces, 2.1.5)."""
    adj = adjacency(m)
    return sorted(gc.check_symmetric(adj)[1] + gc.check_known_nodes(adj)[1])


def check_no_self_loops(m) -> list[str]:
    """2.1.6: a country is adjacent to the *other* countries it is joined to; none to itself (in
    the records or on the graph)."""
    loops = set(gc.check_no_self_loops(adjacency(m))[1]) | set(gc.check_no_self_loops(_graph(m))[1])
    return sorted(f"{n} is adjacent to itself" for n in loops)


def check_graph_matches_countries(m) -> list[str]:
    """2.1.5, 2.1.6: ``graph()`` is the map: one node per country (kind ``country``, with the
    record's region, stability and battleground flag) and the two superpower spaces (kind
    ``superpower``, no influence and no stability), and exactly the links of the records.
    ``battlegrounds`` names the same countries."""
    g = _graph(m)
    bad: list[str] = []
    want_nodes = set(m.countries) | set(SUPERPOWER_SPACES)
    bad += [f"graph node {n} is not a space of the map" for n in sorted(set(g.nodes) - want_nodes, key=str)]
    bad += [f"{n} is missing from the graph" for n in sorted(want_nodes - set(g.nodes))]
    for name, c in m.countries.items():
        if name not in g:
            continue
        data = g.nodes[name]
        want = {"kind": "country", "region": c.region, "stability": c.stability, "battleground": c.battleground}
        for key, value in want.items():
            if data.get(key) != value:
                bad.append(f"{name}: graph says {key} {data.get(key)!r}, the map says {value!r}")
    for sp in SUPERPOWER_SPACES:
        if sp in g and g.nodes[sp].get("kind") != "superpower":
            bad.append(f"{sp}: graph says kind {g.nodes[sp].get('kind')!r}, expected 'superpower' (2.1.5)")
        if sp in g and any(k in g.nodes[sp] for k in ("stability", "battleground")):
            bad.append(f"{sp}: a superpower space has no stability and is no battleground (2.1.5)")
    bad += gc.check_same_edges(g, adjacency(m))[1]
    flagged = {n for n, c in m.countries.items() if c.battleground}
    if set(m.battlegrounds) != flagged:
        bad.append(f"battlegrounds lists {_names(set(m.battlegrounds) ^ flagged)} differently from the records")
    return sorted(bad)


def check_counts(m) -> list[str]:
    """2.1.3, 2.1.6: 84 countries and 121 links, 112 between countries and 9 from a country to a
    superpower space (counts of twilight_struggle_facts.yaml; the seed states none of them)."""
    g = _graph(m)
    countries = _countries_of(g)
    sp_links = [e for e in g.edges if set(e) & set(SUPERPOWER_SPACES)]
    bad = []
    if len(countries) != COUNTRIES:
        bad.append(f"{len(countries)} countries, expected {COUNTRIES}")
    if g.number_of_edges() - len(sp_links) != LINKS_BETWEEN_COUNTRIES:
        bad.append(f"{g.number_of_edges() - len(sp_links)} links between countries, expected {LINKS_BETWEEN_COUNTRIES}")
    if len(sp_links) != LINKS_TO_SUPERPOWERS:
        bad.append(f"{len(sp_links)} links to a superpower space, expected {LINKS_TO_SUPERPOWERS}")
    if g.number_of_edges() != LINKS_BETWEEN_COUNTRIES + LINKS_TO_SUPERPOWERS:
        bad.append(f"{g.number_of_edges()} links in all, expected {LINKS_BETWEEN_COUNTRIES + LINKS_TO_SUPERPOWERS}")
    return bad


# --------------------------------------------------------------------------- 2.1.1, 2.1.2: regions

def check_regions(m) -> list[str]:
    """2.1.1, 2.1.2: six regions; every country in exactly one of them, with the counts of the
    facts file; Europe is Western and Eastern Europe together, Austria and Finland (and only they)
    in both; Southeast Asia lies inside Asia. The sub-regions hold 14, 9 and 7 countries."""
    bad: list[str] = []
    areas = {}
    for name in list(COUNTRIES_PER_REGION) + list(SUBREGION_COUNTS):
        areas[name] = _area(m, name)
        if areas[name] is None:
            bad.append(f"{name}: not an area of the map")
    for name, want in {**COUNTRIES_PER_REGION, **SUBREGION_COUNTS}.items():
        if areas[name] is not None and len(areas[name]) != want:
            bad.append(f"{name}: {len(areas[name])} countries, expected {want}")
    regions = {r: a for r, a in areas.items() if r in COUNTRIES_PER_REGION and a is not None}
    for n in sorted(m.countries):
        homes = [r for r, a in regions.items() if n in a]
        if len(homes) != 1:
            bad.append(f"{n} is in {len(homes)} regions ({_names(homes)}), expected exactly one (2.1.1)")
    for sub, parent in SUBREGION_OF.items():
        if areas[sub] is not None and areas[parent] is not None:
            bad += [f"{n} is in {sub} but not in {parent} (2.1.2)" for n in sorted(areas[sub] - areas[parent])]
    west, east, europe = areas["Western Europe"], areas["Eastern Europe"], areas["Europe"]
    if None not in (west, east, europe):
        bad += [f"{n} is in Europe but in neither Western nor Eastern Europe (2.1.1)"
                for n in sorted(europe - west - east)]
        if west & east != IN_BOTH_EUROPES:
            bad.append(f"in both Western and Eastern Europe: {_names(west & east)}, expected Austria, Finland (2.1.1)")
    return sorted(bad)


# --------------------------------------------------------------------------- 2.1.5, 2.1.6: superpowers

def check_superpower_links(m) -> list[str]:
    """2.1.5, 2.1.6: the black lines join the USA space exactly to Canada, Cuba, Japan and Mexico
    and the USSR space exactly to Afghanistan, Finland, North Korea, Poland and Romania; the two
    superpower spaces are not joined to each other."""
    g = _graph(m)
    bad: list[str] = []
    for sp, want in SUPERPOWER_LINKS.items():
        bad += gc.check_neighbours(g, sp, want)[1]
    return sorted(set(bad))


# --------------------------------------------------------------------------- 2.1.4: battlegrounds

def check_battlegrounds(m) -> list[str]:
    """2.1.4: the battlegrounds (names printed in purple) are the 29 of the facts file, region by
    region; only countries are battlegrounds."""
    g = _graph(m)
    bad: list[str] = []
    found: dict[str, set[str]] = {}
    for n, data in g.nodes(data=True):
        if data.get("battleground"):
            if data.get("kind") != "country":
                bad.append(f"{n} is a battleground but not a country")
                continue
            found.setdefault(data.get("region"), set()).add(n)
    for region in sorted(set(found) | set(BATTLEGROUNDS_BY_REGION), key=str):
        have, want = found.get(region, set()), BATTLEGROUNDS_BY_REGION.get(region, frozenset())
        bad += [f"{region}: {n} is a battleground, not expected" for n in sorted(have - want)]
        bad += [f"{region}: {n} is not a battleground, expected one" for n in sorted(want - have)]
    total = sum(map(len, found.values()))
    want_total = sum(map(len, BATTLEGROUNDS_BY_REGION.values()))
    if total != want_total:
        bad.append(f"{total} battlegrounds, expected {want_total}")
    return sorted(bad)


# --------------------------------------------------------------------------- 2.1.6: connectivity

def check_connectivity(m) -> list[str]:
    """2.1.6: with the superpower spaces the map is one connected graph; without them it falls into
    exactly two parts, the Americas (Central and South America, 20 countries) and the rest, and the
    Americas reach the rest only through the USA space (not without it, but with it and without
    the USSR space)."""
    g = _graph(m)
    bad = [f"with the superpower spaces: {v}" for v in gc.check_connected(g)[1]]
    americas = {n for n, r in g.nodes(data="region") if r in AMERICAS}
    rest = _countries_of(g) - americas
    if len(americas) != AMERICAS_COUNT:
        bad.append(f"the Americas hold {len(americas)} countries, expected {AMERICAS_COUNT}")
    bare = g.subgraph(_countries_of(g))
    parts = sorted((frozenset(c) for c in nx.connected_components(bare)), key=lambda c: (-len(c), sorted(c)))
    if set(parts) != {frozenset(americas), frozenset(rest)}:
        bad.append("without the superpower spaces the countries form "
                   + "; ".join(f"[{_names(p) if len(p) <= 6 else f'{len(p)} countries'}]" for p in parts)
                   + ", expected two parts: the Americas and the rest")
    for without, should_reach in ((USA, False), (USSR, True)):
        h = g.subgraph(set(g.nodes) - {without})
        reach = set().union(*(nx.node_connected_component(h, a) for a in americas if a in h)) if americas else set()
        crossing = bool(reach & rest)
        if crossing != should_reach:
            bad.append(f"without the {without} space the Americas {'reach' if crossing else 'do not reach'} "
                       f"the rest of the map, expected {'they do' if should_reach else 'they do not'}")
    return sorted(bad)


# --------------------------------------------------------------------------- 2.1.3: stability

def check_stability(m) -> list[str]:
    """2.1.3: every country has a stability number 1-5, and their histogram is {1: 19, 2: 33,
    3: 22, 4: 9, 5: 1} (facts file ``validation.stability_histogram``)."""
    g = _graph(m)
    values = {n: g.nodes[n].get("stability") for n in _countries_of(g)}
    bad = [f"{n}: stability {s!r}, expected an integer 1-5" for n, s in sorted(values.items())
           if not isinstance(s, int) or isinstance(s, bool) or not 1 <= s <= 5]
    histogram = dict(sorted(Counter(values.values()).items(), key=lambda kv: str(kv[0])))
    if histogram != STABILITY_HISTOGRAM:
        bad.append(f"stability histogram {histogram}, expected {STABILITY_HISTOGRAM}")
    return bad


# --------------------------------------------------------------------------- names used elsewhere

def _influence_names(doc: dict, where: str) -> tuple[list[tuple[str, str]], list[str]]:
    named: list[tuple[str, str]] = []
    problems: list[str] = []

    def mapping(value: Any, at: str) -> dict:
        if not isinstance(value, dict):
            problems.append(f"{where}: {at}: must be a mapping, got {type(value).__name__}")
            return {}
        return value

    for side, places in mapping(doc.get("influence", {}), "influence").items():
        named += [(f"{where}: influence {side}", str(n)) for n in mapping(places, f"influence {side}")]
    for edition, extra in mapping(doc.get("editions", {}), "editions").items():
        for side, places in mapping(extra, f"editions {edition}").items():
            named += [(f"{where}: editions {edition} {side}", str(n))
                      for n in mapping(places, f"editions {edition} {side}")]
    return named, problems


def scenario_names(scenario_dir: str | Path | None = None) -> tuple[list[tuple[str, str]], list[tuple[str, str]], list[str]]:
    """What the set-ups of ``<scenario_dir>/*.yaml`` (default ``scenarios/twilight_struggle``) name:
    ``(countries, areas, problems)``; countries and areas are ``(where, name)`` pairs (countries:
    the keys of ``influence`` and of each edition's additions; areas: ``free_placement``'s
    ``where``). A file that cannot be read or has the wrong shape is a problem, never an exception."""
    folder = SCENARIO_DIR if scenario_dir is None else Path(scenario_dir)
    countries: list[tuple[str, str]] = []
    areas: list[tuple[str, str]] = []
    problems: list[str] = []
    paths = sorted(folder.glob("*.yaml"))
    if not paths:
        problems.append(f"{folder}: no scenario files")
    for path in paths:
        try:
            doc = read_yaml(path, path.name)
        except DataError as exc:
            problems.append(str(exc))
            continue
        if not isinstance(doc, dict):
            problems.append(f"{path.name}: document: must be a mapping")
            continue
        named, bad = _influence_names(doc, path.name)
        countries += named
        problems += bad
        placements = doc.get("free_placement") or []
        if not isinstance(placements, list):
            problems.append(f"{path.name}: free_placement: must be a list")
            continue
        for i, p in enumerate(placements):
            where = p.get("where") if isinstance(p, dict) else None
            areas.append((f"{path.name}: free_placement[{i}]", str(where)))
    return countries, areas, problems


def check_names_known(m, tables=None, scenario_dir: str | Path | None = None) -> list[str]:
    """3.1-3.4 and the Late War scenario, card 38 (Southeast Asia Scoring): every country a set-up
    places influence in is a country of the map, every area of a free placement is a region or a
    sub-region (2.1.1, 2.1.2), and the countries Southeast Asia Scoring pays for (tables.yaml
    ``southeast_asia``) are countries of Southeast Asia. ``tables``: loaded tables (default
    ``load_tables()``)."""
    countries, areas, problems = scenario_names(scenario_dir)
    bad = list(problems)
    bad += gc.check_names_known(countries, m.countries)[1]
    bad += [f"{where}: {name!r} is not a region or sub-region of the map" for where, name in areas
            if _area(m, name) is None]
    if tables is None:
        from cdg_oracle.model.twilight_struggle.tables import load_tables
        tables = load_tables()
    sea = tables.southeast_asia
    bad += gc.check_names_known([("tables.yaml: southeast_asia", n) for n in sea], m.countries)[1]
    in_sea = _area(m, "Southeast Asia") or frozenset()
    bad += [f"tables.yaml: southeast_asia: {n} is not in Southeast Asia"
            for n in sorted(set(sea) & set(m.countries) - in_sea)]
    bad += [f"tables.yaml: southeast_asia: {n} of Southeast Asia is missing" for n in sorted(in_sea - set(sea))]
    return sorted(bad)


# --------------------------------------------------------------------------- 10.1.2

def check_enemy_superpower_bonus(m, tables=None) -> list[str]:
    """10.1.2: a side scores +1 VP per controlled country of the region adjacent to the enemy
    superpower. Only Europe, Asia and Central America hold countries linked to a superpower space,
    and these are exactly the regions whose scoring card prints the bonus (tables.yaml
    ``enemy_superpower_bonus``). ``tables``: loaded tables (default ``load_tables()``)."""
    g = _graph(m)
    holding = {g.nodes[n].get("region") for sp in SUPERPOWER_SPACES if sp in g for n in g.adj[sp]
               if g.nodes[n].get("kind") == "country"}
    bad = []
    if holding != BONUS_REGIONS:
        bad.append(f"superpower-adjacent countries lie in {_names(holding)}, expected {_names(BONUS_REGIONS)}")
    if tables is None:
        from cdg_oracle.model.twilight_struggle.tables import load_tables
        tables = load_tables()
    for region, values in sorted(tables.scoring.items()):
        if values.enemy_superpower_bonus != (region in holding):
            bad.append(f"tables.yaml: scoring {region}: enemy_superpower_bonus {values.enemy_superpower_bonus}, "
                       f"but {region} {'holds a' if region in holding else 'holds no'} country adjacent to a superpower")
    return bad


# --------------------------------------------------------------------------- all of them

CHECKS: dict[str, Callable[..., list[str]]] = {
    "links are listed at both ends and join spaces of the map (2.1.6)": check_symmetric,
    "no country is adjacent to itself (2.1.6)": check_no_self_loops,
    "the graph is the map's spaces and links (2.1.5, 2.1.6)": check_graph_matches_countries,
    "84 countries; 121 links, 112 between countries and 9 to a superpower (2.1.3, 2.1.6)": check_counts,
    "regions and sub-regions hold their countries (2.1.1, 2.1.2)": check_regions,
    "the superpower spaces are linked to the printed countries (2.1.5, 2.1.6)": check_superpower_links,
    "the 29 battlegrounds, region by region (2.1.4)": check_battlegrounds,
    "connected; the Americas reach the rest only through the USA (2.1.6)": check_connectivity,
    "stability numbers 1-5 with the printed histogram (2.1.3)": check_stability,
    "every country named by a scenario or a table is on the map (3.0, card 38)": check_names_known,
    "only the regions whose scoring card prints the enemy-superpower bonus touch a superpower (10.1.2)":
        check_enemy_superpower_bonus,
}


def all_checks(m=None, tables=None, scenario_dir: str | Path | None = None) -> dict[str, list[str]]:
    """``{check name: problems}`` for every map check (empty problems: it holds). ``m`` defaults to
    the packaged map, ``tables`` to the packaged tables, ``scenario_dir`` to
    ``scenarios/twilight_struggle``."""
    if m is None:
        from cdg_oracle.model.twilight_struggle.mapdata import load_map
        m = load_map()
    if tables is None:
        from cdg_oracle.model.twilight_struggle.tables import load_tables
        tables = load_tables()
    more = {check_names_known: {"tables": tables, "scenario_dir": scenario_dir},
            check_enemy_superpower_bonus: {"tables": tables}}
    return {name: check(m, **more.get(check, {})) for name, check in CHECKS.items()}
