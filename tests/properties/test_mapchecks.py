"""Map checks with networkx: properties/graphchecks.py (any game) and properties/labyrinth/mapchecks.py.

Every check holds on the real map and reports a violation on a deliberately broken copy; the
distances the events use (card 33 "entro 1 paese dal Pakistan", card 103 "entro 3 paesi dal
Libano") are pinned to sets read from the sources; card_countries.yaml is checked against the
Italian card list and its loader's one-line errors are exercised.

Sources: the Italian rulebook seed (shared/seeds/000_61ca04b15074b205.txt; CDG_ORACLE_SEEDS to move
it), the research file labyrinth_map_facts.yaml (the vendored copy in tests/data, or
CDG_RESEARCH_DIR), seed_labyrinth.md e.2.
"""
from __future__ import annotations

import copy
import functools
import os
from collections import deque
from pathlib import Path

import networkx as nx
import pytest
import yaml

from cdg_oracle.model.core.errors import DataError
from cdg_oracle.model.labyrinth.cards import load_cards
from cdg_oracle.model.labyrinth.events.common import within as event_within_on_state
from cdg_oracle.model.labyrinth.mapdata import load_map
from cdg_oracle.model.labyrinth.scenarios import SCENARIO_DIR, initial_state
from cdg_oracle.model.labyrinth.state import LabyrinthState
from cdg_oracle.properties import graphchecks as gc
from cdg_oracle.properties.labyrinth.mapchecks import (
    CARD_COUNTRIES_PATH, EVENT_DISTANCES, CardCountries, check_map, event_within, load_card_countries,
)
from tests.sources import need

pytestmark = pytest.mark.game("labyrinth")  # the rules its rule marks name are Labyrinth's

SEEDS = Path(os.environ.get("CDG_ORACLE_SEEDS", Path(__file__).resolve().parents[3] / "shared" / "seeds"))
IT_SEED = SEEDS / "000_61ca04b15074b205.txt"
FACTS_PATH = (Path(os.environ["CDG_RESEARCH_DIR"]) if "CDG_RESEARCH_DIR" in os.environ
              else Path(__file__).resolve().parents[1] / "data") / "labyrinth_map_facts.yaml"

US, CANADA = "United States", "Canada"


@pytest.fixture(scope="module")
def m():
    return load_map()


@pytest.fixture(scope="module")
def facts() -> dict:
    if not FACTS_PATH.exists():
        need(FACTS_PATH, "compare the map checks with the research map facts")
    return yaml.safe_load(FACTS_PATH.read_text(encoding="utf-8"))


def checks(mp, **kw) -> dict[str, list[str]]:
    return dict(check_map(mp, **kw))


# =========================================================================== game-independent checks

GOOD = {"a": ["b", "c"], "b": ["a", "c"], "c": ["a", "b", "d"], "d": ["c"]}


def test_graphchecks_hold_on_a_good_toy_map():
    assert all(not bad for _, bad in gc.check_graph(GOOD))
    assert all(not bad for _, bad in gc.check_graph(gc.as_graph(GOOD)))
    assert gc.check_clique(GOOD, "abc")[1] == []
    assert gc.check_complete_bipartite(GOOD, ["d"], ["c"])[1] == []
    assert gc.check_no_edges_among(GOOD, ["a", "d"])[1] == []
    assert gc.check_neighbours(GOOD, "d", ["c"])[1] == []
    assert gc.check_same_edges(GOOD, [("a", "b"), ("a", "c"), ("b", "c"), ("c", "d")])[1] == []
    assert gc.check_within(GOOD, "a", 1, "abc")[1] == []
    assert gc.check_names_known([("x", "a")], GOOD)[1] == []


def test_graphchecks_symmetry_needs_the_mapping():
    one_way = {"a": ["b"], "b": []}
    assert gc.check_symmetric(one_way) == ("adjacency is symmetric", ["a -> b (but not b -> a)"])
    assert gc.check_symmetric(gc.as_graph(one_way))[1] == []  # an undirected graph cannot say
    assert gc.check_symmetric(nx.DiGraph([("a", "b")]))[1] == ["a -> b (but not b -> a)"]
    assert gc.check_symmetric(one_way, name="custom (4.1.1)")[0] == "custom (4.1.1)"


@pytest.mark.parametrize("check, fragment", [
    (lambda: gc.check_known_nodes({"a": ["z"]}), "a -> z: z is not a node"),
    (lambda: gc.check_no_self_loops({"a": ["a", "b"], "b": ["a"]}), "a"),
    (lambda: gc.check_no_self_loops(nx.Graph([("a", "a")])), "a"),
    (lambda: gc.check_connected({"a": ["b"], "b": ["a"], "c": []}), "cut off from a: c"),
    (lambda: gc.check_connected({}), "no nodes"),
    (lambda: gc.check_clique({"a": ["b"], "b": ["a"], "c": []}, "abc"), "a -> c missing"),
    (lambda: gc.check_clique(GOOD, ["a", "z"]), "z is not a node"),
    (lambda: gc.check_complete_bipartite(GOOD, ["d"], ["a", "c"]), "d -> a missing"),
    (lambda: gc.check_complete_bipartite({"a": ["b"], "b": []}, ["a"], ["b"]), "b -> a missing"),
    (lambda: gc.check_no_edges_among(GOOD, "abd", allowed=[("a", "c")]), "a - b"),
    (lambda: gc.check_neighbours(GOOD, "d", ["a"]), "d -> c: not allowed"),
    (lambda: gc.check_neighbours(GOOD, "d", ["a"]), "d -> a missing"),
    (lambda: gc.check_neighbours(GOOD, "c", ["d"]), "a -> c: not allowed"),
    (lambda: gc.check_neighbours(GOOD, "z", []), "z is not a node"),
    (lambda: gc.check_same_edges(GOOD, [("a", "b")]), "unexpected edge c - d"),
    (lambda: gc.check_same_edges({"a": []}, GOOD), "missing edge a - b"),
    (lambda: gc.check_within(GOOD, "a", 1, "ab"), "c is within 1 of a but not expected"),
    (lambda: gc.check_within(GOOD, "a", 1, "abcd"), "d is expected within 1 of a but is not"),
    (lambda: gc.check_names_known([("card 9", "Atlantis")], GOOD), "card 9: 'Atlantis' is not on the map"),
])
def test_each_graphcheck_can_fail(check, fragment):
    name, bad = check()
    assert any(fragment in v for v in bad), (name, bad)


def test_ball():
    assert gc.ball(GOOD, "a", 0) == {"a"}
    assert gc.ball(GOOD, "a", 2) == set("abcd")
    assert gc.ball(GOOD, "a", -1) == frozenset() and gc.ball(GOOD, "z", 3) == frozenset()


# =========================================================================== Labyrinth: the real map

ORIGINAL_NAMES = {  # check_map's names before issue 4 (oracle/verify.py and older tests use them)
    "adjacency is symmetric (4.1.1)",
    "no country is adjacent to itself",
    "the map is connected",
    "the 7 Schengen countries are mutually adjacent (4.5)",
    "each Schengen-linked country is adjacent to every Schengen country (4.5)",
    "two linked countries are not adjacent through Schengen (4.5)",
    "Patriot Act: the US is adjacent only to Canada (card 43)",
}


@pytest.mark.rule("4.1.1", "4.5", "card 43", "card 33", "card 103")
def test_every_map_check_holds_on_the_map(m):
    result = check_map(m)
    assert [(name, bad) for name, bad in result if bad] == []
    names = [name for name, _ in result]
    assert len(names) == len(set(names)) == 16
    assert ORIGINAL_NAMES <= set(names)


def test_check_map_is_deterministic(m):
    assert check_map(m) == check_map(m)


# =========================================================================== Labyrinth: broken maps

class Mutated:
    """The real map, its two adjacency views edited (``edits`` on the normal view, ``pa_edits`` on
    the Patriot Act view); ``graph()`` is built from the edited adjacency unless ``graph_edges``
    adds edges to it. No ``distance``: check_map measures it through ``adjacent``."""

    def __init__(self, base, edits=(), pa_edits=(), printed_links=None, schengen=None, graph_edges=()):
        self.names, self.schengen_links = base.names, base.schengen_links
        self.schengen = base.schengen if schengen is None else schengen
        self.printed_links = base.printed_links if printed_links is None else printed_links
        self._adj = {flag: {n: set(base.adjacent(n, flag)) for n in base.names} for flag in (False, True)}
        for flag, todo in ((False, edits), (True, pa_edits)):
            for edit in todo:
                edit(self._adj[flag])
        self._extra = graph_edges

    def adjacent(self, name, patriot_act=False):
        return frozenset(self._adj[bool(patriot_act)][name])

    def graph(self, patriot_act=False):
        g = nx.Graph()
        g.add_nodes_from(self.names)
        g.add_edges_from((a, b) for a, ns in self._adj[bool(patriot_act)].items() for b in ns)
        g.add_edges_from(self._extra)
        return g


def one_way(a, b):
    return lambda adj: adj.setdefault(a, set()).add(b)


def link(a, b):
    return lambda adj: (adj[a].add(b), adj[b].add(a))


def unlink(a, b):
    return lambda adj: (adj[a].discard(b), adj[b].discard(a))


def isolate(a):
    return lambda adj: [unlink(a, b)(adj) for b in list(adj[a])]


BROKEN = [
    # (id, Mutated keyword arguments, check name, a fragment of the expected violation)
    ("asymmetric-edge", dict(edits=[one_way("Morocco", "Turkey")]),
     "adjacency is symmetric (4.1.1)", "Morocco -> Turkey (but not Turkey -> Morocco)"),
    ("asymmetric-edge-patriot-act", dict(pa_edits=[unlink("Iran", "Iraq"), one_way("Iraq", "Iran")]),
     "adjacency is symmetric with Patriot Act in effect (4.1.1, card 43)", "Iraq -> Iran (but not Iran -> Iraq)"),
    ("self-loop", dict(edits=[one_way("Iraq", "Iraq")]),
     "no country is adjacent to itself", "Iraq"),
    ("self-loop-patriot-act", dict(pa_edits=[one_way("Canada", "Canada")]),
     "no country is adjacent to itself", "Patriot Act: Canada"),
    ("unknown-neighbour", dict(edits=[one_way("Iraq", "Atlantis")]),
     "every neighbour is a country of the map (4.1.1)", "Iraq -> Atlantis: Atlantis is not a node"),
    ("graph-disagrees", dict(graph_edges=[("Iraq", "Egypt")]),
     "graph() agrees with adjacent() (4.1.1)", "unexpected edge Egypt - Iraq"),
    ("disconnected", dict(edits=[isolate("China")]),
     "the map is connected", "China"),
    ("disconnected-patriot-act", dict(pa_edits=[unlink(US, CANADA)]),
     "the map is connected with Patriot Act in effect (card 43)", "United States"),
    ("unprinted-edge", dict(edits=[link("Egypt", "Iraq")]),
     "adjacency is exactly the printed lines plus Schengen (4.1.1, 4.5)", "unexpected edge Egypt - Iraq"),
    ("printed-edge-missing", dict(edits=[unlink("Afghanistan", "Pakistan")]),
     "adjacency is exactly the printed lines plus Schengen (4.1.1, 4.5)", "missing edge Afghanistan - Pakistan"),
    ("missing-schengen-edge", dict(edits=[unlink("France", "Germany")]),
     "the 7 Schengen countries are mutually adjacent (4.5)", "France -> Germany missing"),
    ("schengen-count", dict(schengen=tuple(n for n in load_map().schengen if n != "Italy")),
     "the 7 Schengen countries are mutually adjacent (4.5)", "6 Schengen countries"),
    ("missing-schengen-link-edge", dict(edits=[unlink("Lebanon", "Italy")]),
     "each Schengen-linked country is adjacent to every Schengen country (4.5)", "Lebanon -> Italy missing"),
    ("missing-schengen-link-edge-one-way", dict(edits=[lambda adj: adj["Italy"].discard("Lebanon")]),
     "each Schengen-linked country is adjacent to every Schengen country (4.5)", "Italy -> Lebanon missing"),
    ("linked-countries-adjacent", dict(edits=[link(CANADA, "Russia")]),
     "two linked countries are not adjacent through Schengen (4.5)", "Canada - Russia"),
    ("patriot-act-us-keeps-france", dict(pa_edits=[link(US, "France")]),
     "Patriot Act: the US is adjacent only to Canada (card 43)", "United States -> France: not allowed"),
    ("patriot-act-someone-reaches-us", dict(pa_edits=[one_way("Philippines", US)]),
     "Patriot Act: the US is adjacent only to Canada (card 43)", "Philippines -> United States: not allowed"),
    ("patriot-act-us-loses-canada", dict(pa_edits=[unlink(US, CANADA)]),
     "Patriot Act: the US is adjacent only to Canada (card 43)", "United States -> Canada missing"),
    ("patriot-act-changes-more", dict(pa_edits=[unlink("Iraq", "Syria")]),
     "Patriot Act changes no adjacency but the United States' (card 43)", "Iraq: loses Syria"),
]


@pytest.mark.rule("4.1.1", "4.5", "card 43")
@pytest.mark.parametrize("kwargs, check, fragment", [b[1:] for b in BROKEN], ids=[b[0] for b in BROKEN])
def test_each_map_check_reports_a_broken_map(m, kwargs, check, fragment):
    found = checks(Mutated(m, **kwargs))
    assert check in found, check
    assert any(fragment in v for v in found[check]), (check, found[check])


def test_every_check_has_a_broken_map_that_fails_it(m):
    """Each of check_map's checks can fail: a case in BROKEN, or one of the tests below (cards,
    scenarios, event distances)."""
    covered = {b[2] for b in BROKEN} | {
        "every country named on a card is on the map (card_countries.yaml)",
        "every country of a scenario is on the map (scenarios/labyrinth/*.yaml)",
        "event distances agree with the graph (cards 33, 103)",
    }
    assert {name for name, _ in check_map(m)} == covered


def test_the_unchanged_copy_passes(m):
    assert [(n, bad) for n, bad in check_map(Mutated(m)) if bad] == []


@pytest.mark.rule("4.5")
def test_linked_countries_may_be_adjacent_by_a_printed_line(m):
    """Algeria/Tunisia - Morocco: both Schengen-linked and joined by a printed line (map.yaml)."""
    assert {"Algeria/Tunisia", "Morocco"} <= set(m.schengen_links)
    assert ("Algeria/Tunisia", "Morocco") in m.printed_links and m.are_adjacent("Algeria/Tunisia", "Morocco")
    # the same holds for a pair that gets a printed line in a variant map
    variant = Mutated(m, edits=[link(CANADA, "Russia")], printed_links=m.printed_links + ((CANADA, "Russia"),))
    found = checks(variant)
    assert found["two linked countries are not adjacent through Schengen (4.5)"] == []
    assert found["adjacency is exactly the printed lines plus Schengen (4.1.1, 4.5)"] == []


class LyingDistance(Mutated):
    """A map whose distance() (what events use) disagrees with its graph: India is 5 from Pakistan."""

    def __init__(self, base):
        super().__init__(base)
        self._base = base

    def distance(self, a, b, patriot_act=False):
        if {a, b} == {"Pakistan", "India"}:
            return 5
        return self._base.distance(a, b, patriot_act)


@pytest.mark.rule("card 33", "card 103")
def test_event_distance_check_reports_a_model_that_disagrees_with_the_graph(m):
    bad = checks(LyingDistance(m))["event distances agree with the graph (cards 33, 103)"]
    assert bad == ["card 33: India within 1 of Pakistan on the graph, not by the model",
                   "card 33, Patriot Act in effect: India within 1 of Pakistan on the graph, not by the model"]


# -- names: cards and scenarios

@pytest.mark.rule("4.10")
def test_a_card_naming_an_unknown_country_is_reported(m, tmp_path):
    fake = {68: CardCountries(68, "Jemaah Islamiya", ("Indonesia",), 2736, ("2 cellule in Indonesia",))}
    name = "every country named on a card is on the map (card_countries.yaml)"
    assert checks(m, card_countries=fake)[name] == ["card 68 (Jemaah Islamiya): 'Indonesia' is not on the map"]
    # the same through a file
    text = CARD_COUNTRIES_PATH.read_text(encoding="utf-8").replace(
        "countries: [Indonesia/Malaysia]\n    line: 2736", "countries: [Indonesia]\n    line: 2736")
    path = tmp_path / "card_countries.yaml"
    path.write_text(text, encoding="utf-8")
    assert checks(m, card_countries=path)[name] == ["card 68 (Jemaah Islamiya): 'Indonesia' is not on the map"]


@pytest.mark.rule("3.2")
def test_a_scenario_naming_an_unknown_country_is_reported(m, tmp_path):
    name = "every country of a scenario is on the map (scenarios/labyrinth/*.yaml)"
    text = (SCENARIO_DIR / "lets_roll.yaml").read_text(encoding="utf-8")
    (tmp_path / "lets_roll.yaml").write_text(text.replace("  Syria:", "  Syrie:", 1), encoding="utf-8")
    (tmp_path / "broken.yaml").write_text("countries: [Iraq]\n", encoding="utf-8")
    (tmp_path / "garbled.yaml").write_text("countries: {Iraq: [\n", encoding="utf-8")
    bad = checks(m, scenario_dir=tmp_path)[name]
    assert "lets_roll.yaml: countries: 'Syrie' is not on the map" in bad
    assert "broken.yaml: countries: must be a mapping, got list" in bad
    assert any(v.startswith("garbled.yaml: line 2, column 1: invalid YAML") for v in bad), bad
    assert all("\n" not in v for v in bad)


def test_the_scenario_files_name_countries(m):
    """The check is not vacuous: the real scenario files name countries (32 entries)."""
    from cdg_oracle.properties.labyrinth.mapchecks import scenario_countries
    named, problems = scenario_countries()
    assert problems == [] and len(named) >= 30
    assert ("anaconda.yaml: countries", US) in named


# =========================================================================== pinned distances

# Card 33 Benazir Bhutto: "Giocatelo se non vi è alcun Governo Islamico entro 1 paese dal Pakistan"
# (seed line 2587-2588). Pakistan itself is counted (distance 0), as events.common.within does.
# Sources, per country:
#   Pakistan             distance 0
#   Afghanistan          rulebook, 2-player example (seed line 1790-1791): "Siccome il Pakistan è
#                        adiacente all'Afghanistan"; also the solo example (line 2222)
#   Gulf States, India, Indonesia/Malaysia, Iran
#                        labyrinth_map_facts.yaml, adjacency["Pakistan"] (programs A, B and C agree);
#                        the rulebook does not say
# and outside it: Iraq and the Philippines, rulebook solo example (lines 2217-2222: cells in Iraq,
# Afghanistan and the Philippines, "Pakistan ha cellule adiacenti in Afghanistan" only;
# seed_labyrinth.md e.2 "NOT adjacent: Pakistan-Iraq").
# Patriot Act (card 43) changes nothing here (the US is 3 away either way).
WITHIN_1_OF_PAKISTAN = frozenset({
    "Pakistan", "Afghanistan", "Gulf States", "India", "Indonesia/Malaysia", "Iran"})

# Card 103 Hizballah: "rimuovete una cellula da un paese Misto Sciita entro 3 paesi dal Libano"
# (seed line 2858-2859). The rulebook and its examples give no distance from Lebanon at all: every
# value below is read from labyrinth_map_facts.yaml (adjacency, A, B and C agree) with rule 4.5
# (Lebanon is Schengen-linked, hence adjacent to all seven Schengen countries). Paths:
#   1: Syria, Israel (printed lines); Benelux, Eastern Europe, France, Germany, Italy,
#      Scandinavia, Spain (Schengen, 4.5)
#   2: Iraq, Turkey, Jordan (via Syria); Egypt (via Israel); Algeria/Tunisia, Canada, Libya,
#      Morocco, Russia, Serbia, United Kingdom, United States (via any Schengen country)
#   3: Gulf States, Iran, Saudi Arabia (via Iraq); Caucasus (via Turkey or Russia); Central Asia
#      (via Russia); Sudan (via Egypt or Libya); Philippines (via the United States)
#   not within (4): Afghanistan, Pakistan (via Iran); Yemen (via Saudi Arabia); China, Kenya/Tanzania,
#      Somalia, Thailand, Indonesia/Malaysia
WITHIN_3_OF_LEBANON = frozenset({
    "Lebanon",
    "Syria", "Israel", "Benelux", "Eastern Europe", "France", "Germany", "Italy", "Scandinavia", "Spain",
    "Iraq", "Turkey", "Jordan", "Egypt", "Algeria/Tunisia", "Canada", "Libya", "Morocco", "Russia",
    "Serbia", "United Kingdom", "United States",
    "Gulf States", "Iran", "Saudi Arabia", "Caucasus", "Central Asia", "Sudan", "Philippines",
})
# With Patriot Act in effect (card 43; in play from the start of Anaconda and Mission
# Accomplished?) the United States is reached only through Canada (Lebanon - Schengen - Canada -
# US = 3), so the Philippines fall to 4.
WITHIN_3_OF_LEBANON_PATRIOT_ACT = WITHIN_3_OF_LEBANON - {"Philippines"}
# What Hizballah can target: the Shia-Mix countries among them (types from map.yaml /
# labyrinth_map_facts.yaml). Afghanistan, Pakistan and Yemen, the other Shia-Mix countries, are 4 away.
HIZBALLAH_SHIA_MIX = frozenset({"Lebanon", "Iraq", "Turkey", "Gulf States", "Saudi Arabia"})

PINNED = {
    (False, "card 33"): WITHIN_1_OF_PAKISTAN,
    (True, "card 33"): WITHIN_1_OF_PAKISTAN,
    (False, "card 103"): WITHIN_3_OF_LEBANON,
    (True, "card 103"): WITHIN_3_OF_LEBANON_PATRIOT_ACT,
}


@pytest.mark.rule("card 33", "card 103", "card 43")
@pytest.mark.parametrize("patriot_act", [False, True])
def test_event_distances_on_the_graph_equal_the_pinned_sets(m, patriot_act):
    assert event_within(m, patriot_act) == {card: PINNED[patriot_act, card] for card, _, _ in EVENT_DISTANCES}


@pytest.mark.rule("card 33", "card 103", "card 43")
@pytest.mark.parametrize("scenario, patriot_act", [("lets_roll", False), ("anaconda", True)])
def test_what_the_events_use_equals_the_pinned_sets(scenario, patriot_act):
    """events.common.within, the function cards 33 and 103 call, on a real scenario state
    (Anaconda starts with Patriot Act in effect, Let's Roll! without)."""
    st = LabyrinthState(initial_state(scenario))
    assert st.patriot_act() is patriot_act
    assert set(event_within_on_state(st, "Pakistan", 1)) == PINNED[patriot_act, "card 33"]
    assert set(event_within_on_state(st, "Lebanon", 3)) == PINNED[patriot_act, "card 103"]


@pytest.mark.rule("card 103")
def test_hizballah_reaches_these_shia_mix_countries(m):
    shia_mix = {n for n, c in m.countries.items() if c.type == "shia_mix"}
    assert shia_mix & WITHIN_3_OF_LEBANON == shia_mix & WITHIN_3_OF_LEBANON_PATRIOT_ACT == HIZBALLAH_SHIA_MIX
    assert {n: m.distance("Lebanon", n) for n in shia_mix - HIZBALLAH_SHIA_MIX} == {
        "Afghanistan": 4, "Pakistan": 4, "Yemen": 4}


@pytest.mark.rule("card 33")
def test_rulebook_examples_agree_with_the_pakistan_set(m):
    """The part of the card 33 set the rulebook itself gives (seed lines 1790-1791, 2217-2222)."""
    assert "Afghanistan" in WITHIN_1_OF_PAKISTAN and m.are_adjacent("Pakistan", "Afghanistan")
    for other in ("Iraq", "Philippines"):
        assert other not in WITHIN_1_OF_PAKISTAN and not m.are_adjacent("Pakistan", other)


def _bfs(adjacency: dict[str, list[str]], start: str, patriot_act: bool) -> dict[str, int]:
    def neighbours(x):
        if not patriot_act:
            return adjacency[x]
        if x == US:
            return [CANADA]
        return [y for y in adjacency[x] if y != US or x == CANADA]

    dist, todo = {start: 0}, deque([start])
    while todo:
        x = todo.popleft()
        for y in neighbours(x):
            if y not in dist:
                dist[y] = dist[x] + 1
                todo.append(y)
    return dist


@pytest.mark.rule("card 33", "card 103", "card 43")
@pytest.mark.parametrize("patriot_act", [False, True])
def test_pinned_sets_follow_from_the_research_adjacency(facts, patriot_act):
    """Independently of the loader and of networkx: a plain BFS on labyrinth_map_facts.yaml's full
    adjacency (Patriot Act applied as card 43 words it) gives the pinned sets."""
    for card, origin, n in EVENT_DISTANCES:
        dist = _bfs(facts["adjacency"], origin, patriot_act)
        assert {x for x, d in dist.items() if d <= n} == PINNED[patriot_act, card], card


# =========================================================================== card_countries.yaml

def test_card_countries_loads_and_matches_the_card_list():
    entries = load_card_countries()
    cards = load_cards()
    assert list(entries) == sorted(entries) and len(entries) == 70
    for number, e in entries.items():
        assert e.name == cards[number].name, number
        assert len(e.countries) == len(set(e.countries))
    # the origins of the event distances are named on their cards
    assert "Pakistan" in entries[33].countries and "Lebanon" in entries[103].countries
    assert entries[43].countries == (US, CANADA)
    # cards whose text names no country are absent (titles do not count)
    for number in (1, 2, 6, 14, 78, 86, 114, 120):
        assert number not in entries, number


def test_card_countries_quotes_are_in_the_italian_card_list():
    """Each quote is verbatim in the seed, within its entry's line and the seven after it."""
    if not IT_SEED.exists():
        need(IT_SEED, "find the card-country quotes in the Italian card list")
    lines = IT_SEED.read_text(encoding="utf-8").split("\n")
    for e in load_card_countries().values():
        assert 2478 <= e.line <= 2936, e.number
        assert e.it[0] in lines[e.line - 1], (e.number, e.it[0])
        window = lines[e.line - 1:e.line + 7]
        for quote in e.it:
            assert any(quote in line for line in window), (e.number, quote)


@functools.lru_cache(maxsize=1)
def _small() -> dict:
    """A small valid file (cards 3, 33, 68 and 119 of the packaged one), to keep these tests fast."""
    data = yaml.safe_load(CARD_COUNTRIES_PATH.read_text(encoding="utf-8"))
    data["cards"] = [e for e in data["cards"] if e["number"] in (3, 33, 68, 119)]
    return data


def _raw() -> dict:
    return copy.deepcopy(_small())


def _entry(number):
    def pick(d):
        return next(e for e in d["cards"] if e["number"] == number)
    return pick


def _load_error(path: Path) -> str:
    with pytest.raises(DataError) as info:
        load_card_countries(path)
    message = str(info.value)
    assert "\n" not in message and message.startswith(f"{path}: "), message
    return message


BROKEN_FILES = [
    ("unknown-top-key", lambda d: d.update(x=1), ["document", "unknown key(s) x"]),
    ("missing-cards", lambda d: d.pop("cards"), ["document", "missing field 'cards'"]),
    ("missing-source", lambda d: d.pop("source"), ["document", "missing field 'source'"]),
    ("empty-source", lambda d: d.update(source=" "), ["source", "non-empty string"]),
    ("cards-not-list", lambda d: d.update(cards={"33": ["Pakistan"]}), ["cards", "non-empty list"]),
    ("entry-not-mapping", lambda d: d["cards"].append([33, "Pakistan"]), ["cards[4]", "must be a mapping"]),
    ("unknown-entry-key", lambda d: _entry(33)(d).update(en="x"), ["cards[1] (card 33)", "unknown key(s) en"]),
    ("missing-countries", lambda d: _entry(33)(d).pop("countries"), ["cards[1] (card 33)", "missing field 'countries'"]),
    ("number-out-of-range", lambda d: _entry(119)(d).update(number=121), ["cards[3] (card 121)", "integer 1-120"]),
    ("number-bool", lambda d: _entry(3)(d).update(number=True), ["cards[0]:", "integer 1-120"]),
    ("duplicate-number", lambda d: d["cards"].append(dict(_entry(119)(d))), ["cards[4] (card 119)", "repeats cards[3]"]),
    ("out-of-order", lambda d: d["cards"].reverse(), ["cards[1] (card 68)", "out of order (after card 119)"]),
    ("empty-name", lambda d: _entry(33)(d).update(name=""), ["cards[1] (card 33)", "name must be"]),
    ("countries-string", lambda d: _entry(33)(d).update(countries="Pakistan"), ["cards[1] (card 33)", "countries must be a non-empty list"]),
    ("countries-empty", lambda d: _entry(33)(d).update(countries=[]), ["cards[1] (card 33)", "countries must be a non-empty list"]),
    ("country-not-string", lambda d: _entry(33)(d).update(countries=[3]), ["cards[1] (card 33)", "countries must hold"]),
    ("country-twice", lambda d: _entry(33)(d).update(countries=["Pakistan", "Pakistan"]), ["cards[1] (card 33)", "'Pakistan' twice"]),
    ("line-zero", lambda d: _entry(33)(d).update(line=0), ["cards[1] (card 33)", "line must be a positive integer"]),
    ("quotes-missing", lambda d: _entry(33)(d).update(it=[]), ["cards[1] (card 33)", "it must be a non-empty list"]),
    ("note-empty", lambda d: _entry(68)(d).update(note=""), ["cards[2] (card 68)", "note must be a non-empty string"]),
]


@pytest.mark.parametrize("mutate, fragments", [b[1:] for b in BROKEN_FILES], ids=[b[0] for b in BROKEN_FILES])
def test_broken_card_countries_file_raises_one_line_data_error(tmp_path, mutate, fragments):
    data = _raw()
    mutate(data)
    path = tmp_path / "card_countries.yaml"
    path.write_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True), encoding="utf-8")
    message = _load_error(path)
    for fragment in fragments:
        assert fragment in message, (fragment, message)


@pytest.mark.parametrize("text, fragment", [
    ("", "document: must be a mapping"),
    ("source: x\ncards: [\n", "invalid YAML"),
    ("source: x\nsource: y\ncards: []\n", "duplicate key 'source'"),
    ("- 1\n", "document: must be a mapping"),
])
def test_card_countries_yaml_errors(tmp_path, text, fragment):
    path = tmp_path / "cc.yaml"
    path.write_text(text, encoding="utf-8")
    assert fragment in _load_error(path)


def test_card_countries_missing_file(tmp_path):
    assert "file: not found" in _load_error(tmp_path / "nope.yaml")
