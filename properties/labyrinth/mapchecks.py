"""Map checks for Labyrinth on the networkx graph (4.1.1, 4.5, card 43, cards 33 and 103).

:func:`check_map` returns ``[(check name, violations)]``; an empty violation list means the
property holds. The game-independent checks live in :mod:`cdg_oracle.properties.graphchecks`; this module
names them after the rules and adds what only Labyrinth has:

- adjacency symmetric, no self-loops, only map countries as neighbours, connected (4.1.1), in both
  views: normal and with Patriot Act in effect (card 43);
- ``graph()`` agrees with ``adjacent()``, and the adjacency is exactly the printed lines plus the
  Schengen adjacency (4.1.1, 4.5);
- Schengen (4.5): the members form a clique; each linked country is adjacent to every member; two
  linked countries are adjacent only through a printed line;
- Patriot Act (card 43): the United States is adjacent only to Canada, no other country is
  adjacent to the United States, and nothing else changes;
- every country named in a card text (``model/labyrinth/data/card_countries.yaml``) and every
  country of a scenario (``scenarios/labyrinth/*.yaml``, ``countries`` keys) is on the map;
- the distances events use ("within 1 country of Pakistan", card 33; "within 3 countries of
  Lebanon", card 103): the model's :meth:`distance` gives the same sets as shortest paths on the
  networkx graph, in both views.

A map object needs ``names``, ``schengen``, ``schengen_links``, ``printed_links``,
``adjacent(name, patriot_act)`` and ``graph(patriot_act)``; ``distance(a, b, patriot_act)`` is
used when present (a map without it is measured through ``adjacent``).

:func:`load_card_countries` loads and validates ``card_countries.yaml``; a defect raises
:class:`cdg_oracle.model.core.errors.DataError` with a one-line ``"<file>: <entry>: <what is wrong>"``.
"""
from __future__ import annotations

import functools
from dataclasses import dataclass
from pathlib import Path
from typing import Any


from cdg_oracle.model.core.errors import DataError
from cdg_oracle.model.core.yamlio import read_yaml
from cdg_oracle.model.labyrinth.mapdata import CANADA, DEFAULT_MAP_PATH, UNITED_STATES
from cdg_oracle.properties import graphchecks as gc

__all__ = [
    "CARD_COUNTRIES_PATH", "CardCountries", "EVENT_DISTANCES", "check_map", "event_within",
    "load_card_countries", "scenario_countries",
]

CARD_COUNTRIES_PATH = DEFAULT_MAP_PATH.with_name("card_countries.yaml")
SCHENGEN_COUNT = 7  # 4.5: "uno qualsiasi dei sette spazi di paesi SCHENGEN"
CARD_NUMBERS = range(1, 121)  # 4.10.3

# The "within N countries" of the card texts: (card, origin, N). The origin itself is within N.
EVENT_DISTANCES: tuple[tuple[str, str, int], ...] = (
    ("card 33", "Pakistan", 1),   # Benazir Bhutto: "alcun Governo Islamico entro 1 paese dal Pakistan"
    ("card 103", "Lebanon", 3),   # Hizballah: "paese Misto Sciita entro 3 paesi dal Libano"
)

VIEWS = ((False, ""), (True, ", Patriot Act in effect"))


# --------------------------------------------------------------------------- card_countries.yaml

@dataclass(frozen=True)
class CardCountries:
    """One card whose event text names countries (see the header of card_countries.yaml)."""

    number: int
    name: str
    countries: tuple[str, ...]
    line: int
    it: tuple[str, ...]
    note: str | None = None


_TOP_KEYS = ("source", "cards")
_ENTRY_KEYS = ("number", "name", "countries", "line", "it", "note")
_REQUIRED = ("number", "name", "countries", "line", "it")


def _one_line(text: Any) -> str:
    return " ".join(str(text).split())


def _kind(value: Any) -> str:
    return "null" if value is None else type(value).__name__


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _read(path: Path) -> Any:
    where = str(path)
    return read_yaml(path, where)  # the one strict reader (model/core/yamlio.py)


def _strings(value: Any, fail, field: str) -> tuple[str, ...]:
    if not isinstance(value, list) or not value:
        fail(f"{field} must be a non-empty list of strings, got {_kind(value)}")
    for item in value:
        if not isinstance(item, str) or not item.strip():
            fail(f"{field} must hold non-empty strings, got {item!r}")
    return tuple(value)


def _parse(data: Any, where: str) -> dict[int, CardCountries]:
    def fail_at(entry: str, what: str):
        raise DataError(f"{where}: {entry}: {_one_line(what)}")

    if not isinstance(data, dict):
        fail_at("document", f"must be a mapping with keys {', '.join(_TOP_KEYS)}, got {_kind(data)}")
    unknown = sorted(str(k) for k in data if k not in _TOP_KEYS)
    if unknown:
        fail_at("document", f"unknown key(s) {', '.join(unknown)} (known: {', '.join(_TOP_KEYS)})")
    for key in _TOP_KEYS:
        if key not in data:
            fail_at("document", f"missing field '{key}'")
    if not isinstance(data["source"], str) or not data["source"].strip():
        fail_at("source", f"must be a non-empty string, got {data['source']!r}")
    entries = data["cards"]
    if not isinstance(entries, list) or not entries:
        fail_at("cards", f"must be a non-empty list of card entries, got {_kind(entries)}")

    out: dict[int, CardCountries] = {}
    index_of: dict[int, int] = {}
    for i, raw in enumerate(entries):
        entry = f"cards[{i}]"
        if isinstance(raw, dict) and _is_int(raw.get("number")):
            entry += f" (card {raw['number']})"

        def fail(what: str, entry=entry):
            fail_at(entry, what)

        if not isinstance(raw, dict):
            fail(f"must be a mapping, got {_kind(raw)}")
        unknown = sorted(str(k) for k in raw if k not in _ENTRY_KEYS)
        if unknown:
            fail(f"unknown key(s) {', '.join(unknown)} (known: {', '.join(_ENTRY_KEYS)})")
        for key in _REQUIRED:
            if key not in raw:
                fail(f"missing field '{key}'")
        number = raw["number"]
        if not _is_int(number) or number not in CARD_NUMBERS:
            fail(f"number must be an integer 1-120, got {number!r}")
        if number in index_of:
            fail(f"card {number} repeats cards[{index_of[number]}]")
        if out and number < max(out):
            fail(f"card {number} is out of order (after card {max(out)})")
        if not isinstance(raw["name"], str) or not raw["name"].strip():
            fail(f"name must be a non-empty string, got {raw['name']!r}")
        countries = _strings(raw["countries"], fail, "countries")
        repeated = sorted({c for c in countries if countries.count(c) > 1})
        if repeated:
            fail(f"countries names {repeated[0]!r} twice")
        if not _is_int(raw["line"]) or raw["line"] < 1:
            fail(f"line must be a positive integer, got {raw['line']!r}")
        quotes = _strings(raw["it"], fail, "it")
        note = raw.get("note")
        if "note" in raw and (not isinstance(note, str) or not note.strip()):
            fail(f"note must be a non-empty string, got {note!r}")
        out[number] = CardCountries(number, raw["name"], countries, raw["line"], quotes, note)
        index_of[number] = i
    return out


def load_card_countries(path: str | Path | None = None) -> dict[int, CardCountries]:
    """Load and validate ``card_countries.yaml`` (``None``: the packaged file, cached):
    ``{card number: CardCountries}``. Raises :class:`DataError` with a one-line message
    ``"<file>: <entry>: <what is wrong>"``. Whether the countries exist is a map check, not a
    load error (:func:`check_map`)."""
    if path is None:
        return dict(_default_card_countries())
    p = Path(path)
    return _parse(_read(p), str(p))


@functools.lru_cache(maxsize=1)
def _default_card_countries() -> dict[int, CardCountries]:
    return _parse(_read(CARD_COUNTRIES_PATH), str(CARD_COUNTRIES_PATH))


# --------------------------------------------------------------------------- scenarios

def scenario_countries(scenario_dir: str | Path | None = None) -> tuple[list[tuple[str, str]], list[str]]:
    """``([(where, country)], problems)`` for the ``countries`` keys of every
    ``<scenario_dir>/*.yaml`` (default ``scenarios/labyrinth``). A file that cannot be read, or
    whose ``countries`` is not a mapping, is a problem (one line), never an exception."""
    if scenario_dir is None:
        from cdg_oracle.model.labyrinth.scenarios import SCENARIO_DIR
        scenario_dir = SCENARIO_DIR
    named: list[tuple[str, str]] = []
    problems: list[str] = []
    for path in sorted(Path(scenario_dir).glob("*.yaml")):
        try:
            doc = read_yaml(path, path.name)
        except DataError as exc:
            problems.append(str(exc))
            continue
        countries = doc.get("countries") if isinstance(doc, dict) else None
        if countries is None:
            continue  # e.g. a scenario given as another one's variant
        if not isinstance(countries, dict):
            problems.append(f"{path.name}: countries: must be a mapping, got {_kind(countries)}")
            continue
        named.extend((f"{path.name}: countries", str(name)) for name in countries)
    return named, problems


# --------------------------------------------------------------------------- distances

def _model_within(m, origin: str, n: int, patriot_act: bool) -> frozenset[str]:
    """The countries the model puts within ``n`` of ``origin`` (its ``distance``, as the events
    use it through ``events.common.within``), or via ``adjacent`` if it has no ``distance``."""
    distance = getattr(m, "distance", None)
    if distance is None:
        return gc.ball({x: m.adjacent(x, patriot_act) for x in m.names}, origin, n)
    out = set()
    for x in m.names:
        try:
            if distance(origin, x, patriot_act) <= n:
                out.add(x)
        except (KeyError, ValueError):  # unknown or unreachable: not within
            pass
    return frozenset(out)


def event_within(m, patriot_act: bool = False) -> dict[str, frozenset[str]]:
    """``{"card 33": countries within 1 of Pakistan, "card 103": within 3 of Lebanon}``,
    computed by shortest paths on the networkx graph ``m.graph(patriot_act)``."""
    g = m.graph(patriot_act)
    return {card: gc.ball(g, origin, n) for card, origin, n in EVENT_DISTANCES}


# --------------------------------------------------------------------------- the checks

def check_map(m, card_countries: dict[int, CardCountries] | str | Path | None = None,
              scenario_dir: str | Path | None = None) -> list[tuple[str, list[str]]]:
    """``[(check name, violations)]`` for every map property (see the module docstring).

    ``card_countries``: loaded entries, or a path to a card_countries file (default: the packaged
    one). ``scenario_dir``: the folder of scenario files (default: ``scenarios/labyrinth``).
    """
    names = tuple(m.names)
    adj = {flag: {n: frozenset(m.adjacent(n, flag)) for n in names} for flag, _ in VIEWS}
    graphs = {flag: m.graph(flag) for flag, _ in VIEWS}
    schengen, links = tuple(m.schengen), tuple(m.schengen_links)
    printed = {frozenset(link) for link in m.printed_links}
    out: list[tuple[str, list[str]]] = []

    def add(name: str, *found: tuple[str, list[str]], prefix: tuple[str, ...] = ()) -> None:
        bad: list[str] = []
        for i, (_, violations) in enumerate(found):
            tag = prefix[i] if prefix else ""
            bad += [f"{tag}{v}" for v in violations]
        out.append((name, bad))

    # -- 4.1.1: a well-formed, connected graph, in both views
    add("adjacency is symmetric (4.1.1)", gc.check_symmetric(adj[False]))
    add("adjacency is symmetric with Patriot Act in effect (4.1.1, card 43)", gc.check_symmetric(adj[True]))
    add("no country is adjacent to itself", gc.check_no_self_loops(adj[False]), gc.check_no_self_loops(adj[True]),
        prefix=("", "Patriot Act: "))
    add("every neighbour is a country of the map (4.1.1)", gc.check_known_nodes(adj[False]),
        gc.check_known_nodes(adj[True]), prefix=("", "Patriot Act: "))
    graph_nodes = [f"{'Patriot Act: ' if flag else ''}graph nodes differ from the map's countries"
                   for flag, _ in VIEWS if set(graphs[flag].nodes) != set(names)]
    add("graph() agrees with adjacent() (4.1.1)", ("", graph_nodes),
        gc.check_same_edges(graphs[False], adj[False]), gc.check_same_edges(graphs[True], adj[True]),
        prefix=("", "", "Patriot Act: "))
    add("the map is connected", gc.check_connected(graphs[False]))
    add("the map is connected with Patriot Act in effect (card 43)", gc.check_connected(graphs[True]))

    # -- 4.5: Schengen
    derived = set(printed)
    derived |= {frozenset((a, b)) for a in schengen for b in schengen if a != b}
    derived |= {frozenset((a, b)) for a in schengen for b in links}
    add("adjacency is exactly the printed lines plus Schengen (4.1.1, 4.5)",
        gc.check_same_edges(adj[False], derived))
    count = [] if len(set(schengen)) == SCHENGEN_COUNT else [f"{len(set(schengen))} Schengen countries"]
    add("the 7 Schengen countries are mutually adjacent (4.5)", gc.check_clique(adj[False], schengen), ("", count))
    add("each Schengen-linked country is adjacent to every Schengen country (4.5)",
        gc.check_complete_bipartite(adj[False], links, schengen))
    add("two linked countries are not adjacent through Schengen (4.5)",
        gc.check_no_edges_among(adj[False], links, allowed=printed))

    # -- card 43: Patriot Act
    if UNITED_STATES in adj[True]:
        add("Patriot Act: the US is adjacent only to Canada (card 43)",
            gc.check_neighbours(adj[True], UNITED_STATES, {CANADA}))
    else:
        add("Patriot Act: the US is adjacent only to Canada (card 43)", ("", [f"{UNITED_STATES} is not on the map"]))
    changed = []
    for n in names:
        if n == UNITED_STATES:
            continue
        want = (adj[False][n] - {UNITED_STATES}) | ({UNITED_STATES} if n == CANADA else set())
        if adj[True][n] != want:
            extra, missing = sorted(adj[True][n] - want), sorted(want - adj[True][n])
            changed.append(f"{n}: " + "; ".join(
                ([f"gains {', '.join(extra)}"] if extra else []) + ([f"loses {', '.join(missing)}"] if missing else [])))
    add("Patriot Act changes no adjacency but the United States' (card 43)", ("", changed))

    # -- names used elsewhere exist on the map
    cards = card_countries if isinstance(card_countries, dict) else load_card_countries(card_countries)
    named = [(f"card {c.number} ({c.name})", country) for c in cards.values() for country in c.countries]
    add("every country named on a card is on the map (card_countries.yaml)",
        gc.check_names_known(named, names))
    in_scenarios, problems = scenario_countries(scenario_dir)
    add("every country of a scenario is on the map (scenarios/labyrinth/*.yaml)",
        ("", problems), gc.check_names_known(in_scenarios, names))

    # -- distances the events use
    bad = []
    for flag, view in VIEWS:
        for card, origin, n in EVENT_DISTANCES:
            if origin not in names:
                bad.append(f"{card}: {origin} is not on the map")
                continue
            on_graph, model = gc.ball(graphs[flag], origin, n), _model_within(m, origin, n, flag)
            bad += [f"{card}{view}: {x} within {n} of {origin} by the model, not on the graph"
                    for x in sorted(model - on_graph)]
            bad += [f"{card}{view}: {x} within {n} of {origin} on the graph, not by the model"
                    for x in sorted(on_graph - model)]
    add("event distances agree with the graph (cards 33, 103)", ("", bad))
    return out
