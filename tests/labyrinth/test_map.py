"""The Labyrinth map data (model/labyrinth/data/map.yaml) and its loader (model/labyrinth/mapdata.py).

Cross-checks: the full adjacency of the shared research file labyrinth_map_facts.yaml (read here
independently of the loader), facts from the rulebook seed examples (seed_labyrinth.md e.1, e.2),
rules 4.1-4.5 and card 43; and the loader's one-line DataError on broken data.
"""
from __future__ import annotations

import copy
import os
from pathlib import Path

import networkx as nx
import pytest
import yaml

from cdg_oracle.model.core.errors import DataError
from cdg_oracle.model.labyrinth.mapdata import COUNTRY_TYPES, DEFAULT_MAP_PATH, Country, LabyrinthMap, load_map
from tests.sources import need

FACTS_PATH = (Path(os.environ["CDG_RESEARCH_DIR"]) if "CDG_RESEARCH_DIR" in os.environ
              else Path(__file__).resolve().parents[1] / "data") / "labyrinth_map_facts.yaml"


@pytest.fixture(scope="module")
def m() -> LabyrinthMap:
    return load_map()


@pytest.fixture(scope="module")
def facts() -> dict:
    if not FACTS_PATH.exists():
        need(FACTS_PATH, "cross-check the map with the full adjacency of the research map facts")
    return yaml.safe_load(FACTS_PATH.read_text(encoding="utf-8"))


def edges(graph: nx.Graph) -> set[frozenset[str]]:
    return {frozenset(e) for e in graph.edges()}


# --------------------------------------------------------------------------- counts and types

@pytest.mark.rule("4.1.2")
def test_country_counts(m):
    assert len(m.countries) == len(m.names) == 38
    by_type = {t: sum(c.type == t for c in m.countries.values()) for t in COUNTRY_TYPES}
    assert by_type == {"sunni": 10, "shia_mix": 8, "iran": 1, "non_muslim": 19}
    assert len(m.muslim) == 18
    assert len(m.non_muslim) == 19


@pytest.mark.rule("4.5")
def test_schengen_counts(m):
    assert m.schengen == ("Benelux", "Eastern Europe", "France", "Germany", "Italy", "Scandinavia", "Spain")
    assert len(m.schengen_links) == 10
    assert set(m.schengen).isdisjoint(m.schengen_links)


@pytest.mark.rule("4.1.1")
def test_edge_counts(m):
    assert len(m.printed_links) == 52
    assert m.graph().number_of_edges() == 143  # 52 printed + 21 Schengen clique + 70 Schengen arrows


def test_names_sorted_and_keyed(m):
    assert list(m.names) == sorted(m.names)
    assert list(m.countries) == list(m.names)
    assert all(name == c.name for name, c in m.countries.items())
    for attr in ("muslim", "non_muslim", "schengen", "schengen_links"):
        assert list(getattr(m, attr)) == sorted(getattr(m, attr))


def test_default_load_is_cached(m):
    assert load_map() is m
    assert load_map(DEFAULT_MAP_PATH) is not m  # an explicit path loads afresh


@pytest.mark.rule("4.4")
def test_iran_is_neither_muslim_nor_non_muslim(m):
    iran = m.countries["Iran"]
    assert iran.type == "iran"
    assert not iran.muslim and not iran.non_muslim
    assert iran.resources is None and iran.recruit is None and iran.posture is None
    assert iran.governance == "fair"
    assert not iran.has_posture_marker
    assert "Iran" not in m.muslim and "Iran" not in m.non_muslim


@pytest.mark.rule("4.3.2")
@pytest.mark.rule("4.3.3")
def test_posture(m):
    assert m.countries["Israel"].posture == "fixed_hard"
    assert m.countries["Israel"].has_posture_marker
    assert m.countries["United States"].posture == "gwot_track"
    assert not m.countries["United States"].has_posture_marker
    with_posture = {n for n, c in m.countries.items() if c.posture}
    assert with_posture == {"Israel", "United States"}
    markers = {n for n, c in m.countries.items() if c.has_posture_marker}
    assert markers == set(m.non_muslim) - {"United States"}


@pytest.mark.rule("4.2.5")
@pytest.mark.rule("4.3.1")
def test_attributes_by_type(m):
    for c in m.countries.values():
        if c.muslim:
            assert c.resources in (1, 2, 3)
            assert c.governance is None and c.recruit is None and c.posture is None
        else:
            assert c.resources is None
            assert not c.oil_exporter
            assert c.governance in ("good", "fair")
        if not c.non_muslim:
            assert c.recruit is None


def test_country_is_frozen(m):
    with pytest.raises(AttributeError):
        m.countries["Iraq"].resources = 1  # type: ignore[misc]


# --------------------------------------------------------------------------- graph shape

@pytest.mark.rule("4.1.1")
@pytest.mark.rule("4.5")
def test_graph_equals_research_adjacency_table(m, facts):
    table = facts["adjacency"]
    assert set(table) == set(m.names)
    expected = {frozenset((a, b)) for a, ns in table.items() for b in ns}
    assert edges(m.graph()) == expected
    for name in m.names:
        assert m.adjacent(name) == frozenset(table[name]), name


@pytest.mark.rule("4.1.1")
def test_printed_links_equal_research_printed_links(m, facts):
    expected = {frozenset((a, b)) for a, ns in facts["printed_links"].items() for b in ns}
    assert {frozenset(link) for link in m.printed_links} == expected


def test_country_facts_equal_research(m, facts):
    for name, raw in facts["countries"].items():
        c = m.countries[name]
        assert c.type == raw["type"], name
        assert c.resources == raw.get("resources"), name
        assert c.oil_exporter == raw.get("oil_exporter", False), name
        assert c.schengen == raw.get("schengen", False), name
        assert c.schengen_link == raw["schengen_link"], name
        if c.non_muslim:
            assert c.governance == raw["governance"], name
            assert c.recruit == raw["recruit"], name
    assert m.schengen == tuple(facts["schengen_countries"])
    assert m.schengen_links == tuple(facts["schengen_link_countries"])


@pytest.mark.rule("4.1.1")
@pytest.mark.parametrize("patriot_act", [False, True])
def test_symmetric_no_self_loops_connected(m, patriot_act):
    for a in m.names:
        assert a not in m.adjacent(a, patriot_act)
        for b in m.adjacent(a, patriot_act):
            assert a in m.adjacent(b, patriot_act), (a, b)
            assert m.are_adjacent(a, b, patriot_act) and m.are_adjacent(b, a, patriot_act)
    g = m.graph(patriot_act)
    assert nx.number_of_selfloops(g) == 0
    assert nx.is_connected(g)
    assert set(g.nodes) == set(m.names)


def test_graph_nodes_carry_country_attributes(m):
    g = m.graph()
    assert g.nodes["Iraq"]["resources"] == 3
    assert g.nodes["Iraq"]["type"] == "shia_mix"
    assert g.nodes["Iraq"]["oil_exporter"] is True
    assert g.nodes["Philippines"]["recruit"] == 3
    g.remove_node("Iraq")  # a copy: the map is unaffected
    assert "Iraq" in m.graph()


@pytest.mark.rule("4.5")
def test_schengen_semantics(m):
    for a in m.schengen:
        assert m.adjacent(a) >= (set(m.schengen) - {a}) | set(m.schengen_links)
    for link in m.schengen_links:
        assert m.adjacent(link) >= set(m.schengen)
    assert not m.are_adjacent("Morocco", "Turkey")
    assert not m.are_adjacent("Canada", "Russia")
    assert not m.are_adjacent("Lebanon", "Serbia")
    # two link countries are adjacent only through a printed line
    printed = {frozenset(link) for link in m.printed_links}
    for a in m.schengen_links:
        for b in m.schengen_links:
            if a < b:
                assert m.are_adjacent(a, b) == (frozenset((a, b)) in printed), (a, b)


@pytest.mark.rule("card 43")
def test_patriot_act(m):
    assert m.adjacent("United States", patriot_act=True) == frozenset({"Canada"})
    for name in m.names:
        if name != "Canada":
            assert "United States" not in m.adjacent(name, patriot_act=True), name
    assert "United States" in m.adjacent("Canada", patriot_act=True)
    assert m.are_adjacent("United States", "Canada", patriot_act=True)
    assert not m.are_adjacent("United States", "France", patriot_act=True)
    assert not m.are_adjacent("Philippines", "United States", patriot_act=True)
    # outside Patriot Act the US has its normal neighbours
    assert m.adjacent("United States") > {"Canada", "United Kingdom", "Philippines", "France"}
    # and nothing else changes
    for name in m.names:
        if name not in ("United States", "Canada"):
            assert m.adjacent(name, True) == m.adjacent(name) - {"United States"}
    assert m.graph(True).number_of_edges() == 143 - (len(m.adjacent("United States")) - 1)
    assert m.distance("United States", "France", patriot_act=True) == 2  # via Canada
    assert m.distance("United States", "Philippines", patriot_act=True) == 7  # Canada, Schengen, Turkey, Iran, Pakistan, Indonesia/Malaysia


# --------------------------------------------------------------------------- seed-derived facts

@pytest.mark.rule("8.3")
def test_seed_adjacency_facts(m):
    """seed_labyrinth.md e.2: facts from the worked examples in the Italian rulebook."""
    assert m.are_adjacent("Afghanistan", "Pakistan")
    assert not m.are_adjacent("Pakistan", "Iraq")
    assert not m.are_adjacent("Iraq", "Sudan")
    for other in ("Iraq", "Philippines", "Russia", "Somalia", "United States"):
        assert not m.are_adjacent("Afghanistan", other), other
    for other in ("Afghanistan", "Iraq", "Philippines"):
        assert not m.are_adjacent("Somalia", other), other
    assert not m.are_adjacent("Iraq", "Philippines")
    assert m.are_adjacent("Syria", "Iraq") and m.are_adjacent("Gulf States", "Iraq")
    assert m.are_adjacent("United States", "Canada")


@pytest.mark.rule("card 33")
def test_distances(m):
    assert m.within("Pakistan", 1) == frozenset(
        {"Pakistan", "Afghanistan", "Gulf States", "India", "Indonesia/Malaysia", "Iran"})
    assert m.within("Pakistan", 0) == frozenset({"Pakistan"})
    assert m.within("Pakistan", -1) == frozenset()
    assert m.distance("Pakistan", "Pakistan") == 0
    assert m.distance("Afghanistan", "Pakistan") == 1
    assert m.distance("Morocco", "Turkey") == 2  # via any Schengen country
    assert m.distance("Iraq", "Sudan") == 4  # e.g. Jordan, Israel, Egypt
    assert m.within("Iraq", 99) == frozenset(m.names)
    g = m.graph()
    for a in ("Lebanon", "Pakistan", "United States", "Somalia"):
        lengths = nx.single_source_shortest_path_length(g, a)
        for b in m.names:
            assert m.distance(a, b) == lengths[b] == m.distance(b, a)


@pytest.mark.rule("card 103")
def test_within_three_of_lebanon(m):
    g = m.graph()
    expected = {n for n, d in nx.single_source_shortest_path_length(g, "Lebanon").items() if d <= 3}
    assert m.within("Lebanon", 3) == expected
    assert "Lebanon" in m.within("Lebanon", 3)


@pytest.mark.rule("4.2.5")
def test_resources_evidenced_by_rulebook_examples(m):
    expected = {"Afghanistan": 1, "Pakistan": 2, "Gulf States": 3, "Somalia": 1, "Iraq": 3}
    assert {n: m.countries[n].resources for n in expected} == expected
    assert m.countries["Afghanistan"].type == "shia_mix"
    assert m.countries["Pakistan"].type == "shia_mix"
    assert m.countries["Syria"].type == "sunni"


@pytest.mark.rule("4.3.4")
def test_governance_and_recruit_evidenced_by_rulebook(m):
    ph = m.countries["Philippines"]
    assert (ph.governance, ph.recruit) == ("fair", 3)
    assert m.countries["Russia"].governance == "fair"
    assert m.countries["United States"].governance == "good"
    assert m.countries["United Kingdom"].recruit == 3  # disputed, see map.yaml


def test_unknown_country_raises_key_error(m):
    with pytest.raises(KeyError):
        m.adjacent("Atlantis")
    with pytest.raises(KeyError):
        m.distance("Iraq", "Atlantis")


def test_country_properties_direct():
    c = Country("X", "sunni", 2, False, None, None, False, False, None)
    assert c.muslim and not c.non_muslim and not c.has_posture_marker


# --------------------------------------------------------------------------- validation

def _raw() -> dict:
    return yaml.safe_load(DEFAULT_MAP_PATH.read_text(encoding="utf-8"))


def _write(tmp_path: Path, data) -> Path:
    path = tmp_path / "map.yaml"
    path.write_text(data if isinstance(data, str) else yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    return path


def _error(path: Path) -> str:
    with pytest.raises(DataError) as info:
        load_map(path)
    message = str(info.value)
    assert "\n" not in message
    assert message.startswith(f"{path}: ")
    return message


def test_valid_copy_loads(tmp_path):
    m2 = load_map(_write(tmp_path, _raw()))
    assert m2.names == load_map().names
    assert edges(m2.graph()) == edges(load_map().graph())


def _mutate_country(name, fn):
    def mutate(d):
        fn(d["countries"][name])
    return mutate


BROKEN = [
    # (id, mutation, fragments expected in the message)
    ("unknown-key", _mutate_country("Iraq", lambda c: c.update(capital="Baghdad")),
     ["countries.Iraq", "unknown key", "capital"]),
    ("bad-type", _mutate_country("Iraq", lambda c: c.update(type="shia")),
     ["countries.Iraq", "type must be"]),
    ("missing-type", _mutate_country("Iraq", lambda c: c.pop("type")),
     ["countries.Iraq", "missing field 'type'"]),
    ("missing-oil", _mutate_country("Iraq", lambda c: c.pop("oil_exporter")),
     ["countries.Iraq", "missing field 'oil_exporter'"]),
    ("missing-source", _mutate_country("Iraq", lambda c: c.pop("source")),
     ["countries.Iraq", "missing field 'source'"]),
    ("muslim-without-resources", _mutate_country("Yemen", lambda c: c.pop("resources")),
     ["countries.Yemen", "resources"]),
    ("resources-null", _mutate_country("Yemen", lambda c: c.update(resources=None)),
     ["countries.Yemen", "resources"]),
    ("resources-out-of-range", _mutate_country("Yemen", lambda c: c.update(resources=4)),
     ["countries.Yemen", "resources must be an integer 1-3"]),
    ("resources-string", _mutate_country("Yemen", lambda c: c.update(resources="2")),
     ["countries.Yemen", "resources must be an integer 1-3"]),
    ("resources-bool", _mutate_country("Yemen", lambda c: c.update(resources=True)),
     ["countries.Yemen", "resources must be an integer 1-3"]),
    ("oil-not-bool", _mutate_country("Iraq", lambda c: c.update(oil_exporter="yes")),
     ["countries.Iraq", "oil_exporter must be true or false"]),
    ("schengen-not-bool", _mutate_country("France", lambda c: c.update(schengen=1)),
     ["countries.France", "schengen must be true or false"]),
    ("non-muslim-without-governance", _mutate_country("China", lambda c: c.pop("governance")),
     ["countries.China", "missing field 'governance'"]),
    ("iran-without-governance", _mutate_country("Iran", lambda c: c.pop("governance")),
     ["countries.Iran", "missing field 'governance'"]),
    ("bad-governance", _mutate_country("China", lambda c: c.update(governance="poor")),
     ["countries.China", "governance must be"]),
    ("muslim-with-governance", _mutate_country("Iraq", lambda c: c.update(governance="fair")),
     ["countries.Iraq", "governance"]),
    ("non-muslim-with-resources", _mutate_country("China", lambda c: c.update(resources=2)),
     ["countries.China", "resources only for Muslim"]),
    ("non-muslim-oil", _mutate_country("Russia", lambda c: c.update(oil_exporter=True)),
     ["countries.Russia", "oil_exporter only for Muslim"]),
    ("missing-recruit", _mutate_country("China", lambda c: c.pop("recruit")),
     ["countries.China", "missing field 'recruit'"]),
    ("bad-recruit", _mutate_country("Philippines", lambda c: c.update(recruit="3")),
     ["countries.Philippines", "recruit must be"]),
    ("muslim-recruit", _mutate_country("Iraq", lambda c: c.update(recruit=2)),
     ["countries.Iraq", "recruit only for non-Muslim"]),
    ("bad-posture", _mutate_country("Israel", lambda c: c.update(posture="hard")),
     ["countries.Israel", "posture must be"]),
    ("muslim-posture", _mutate_country("Iraq", lambda c: c.update(posture="fixed_hard")),
     ["countries.Iraq", "posture only for non-Muslim"]),
    ("schengen-and-link", _mutate_country("France", lambda c: c.update(schengen_link=True)),
     ["countries.France", "both schengen and schengen_link"]),
    ("country-not-mapping", lambda d: d["countries"].update(Iraq=[1, 2]),
     ["countries.Iraq", "must be a mapping"]),
    ("dispute-missing-reason", _mutate_country("United Kingdom", lambda c: c["disputed"]["recruit"].pop("reason")),
     ["countries.United Kingdom.disputed.recruit", "missing field 'reason'"]),
    ("dispute-chosen-not-listed", _mutate_country("United Kingdom", lambda c: c.update(recruit=1)),
     ["countries.United Kingdom.disputed.recruit", "not among"]),
    ("too-few-countries", lambda d: d["countries"].pop("Thailand") and d.update(
        printed_links=[l for l in d["printed_links"] if "Thailand" not in l]),
     ["countries", "expected 38 countries, found 37"]),
    ("muslim-count", _mutate_country("Jordan", lambda c: (c.update(type="non_muslim", governance="good", recruit=None),
                                                          c.pop("resources"))),
     ["countries", "expected 18 Muslim countries, found 17"]),
    ("schengen-count", _mutate_country("Serbia", lambda c: c.update(schengen=True, schengen_link=False)),
     ["countries", "expected 7 Schengen countries, found 8"]),
    ("us-posture", _mutate_country("United States", lambda c: c.pop("posture")),
     ["countries.United States", "posture must be gwot_track"]),
    ("unknown-link-country", lambda d: d["printed_links"].append(["Iraq", "Atlantis"]),
     ["printed_links[52]", "unknown country 'Atlantis'"]),
    ("self-link", lambda d: d["printed_links"].append(["Iraq", "Iraq"]),
     ["printed_links[52]", "self-link 'Iraq'"]),
    ("duplicate-link", lambda d: d["printed_links"].append(["Pakistan", "Afghanistan"]),
     ["printed_links[52]", "repeats printed_links[2]"]),
    ("link-not-pair", lambda d: d["printed_links"].append(["Iraq"]),
     ["printed_links[52]", "2-element list"]),
    ("schengen-link-typed-out", lambda d: d["printed_links"].append(["France", "Morocco"]),
     ["printed_links[52]", "Schengen adjacency"]),
    ("links-not-list", lambda d: d.update(printed_links={"Iraq": ["Iran"]}),
     ["printed_links", "must be a list"]),
    ("unknown-top-key", lambda d: d.update(adjacency={}),
     ["document", "unknown key", "adjacency"]),
    ("missing-links", lambda d: d.pop("printed_links"),
     ["document", "missing field 'printed_links'"]),
    ("countries-not-mapping", lambda d: d.update(countries=["Iraq"]),
     ["countries", "must be a mapping"]),
]


@pytest.mark.parametrize("mutate, fragments", [(m_, f) for _, m_, f in BROKEN], ids=[i for i, _, _ in BROKEN])
def test_broken_map_raises_one_line_data_error(tmp_path, mutate, fragments):
    data = copy.deepcopy(_raw())
    mutate(data)
    message = _error(_write(tmp_path, data))
    for fragment in fragments:
        assert fragment in message, (fragment, message)


def test_missing_file(tmp_path):
    path = tmp_path / "nope.yaml"
    message = _error(path)
    assert "not found" in message


def test_yaml_syntax_error(tmp_path):
    path = _write(tmp_path, "countries:\n  Iraq: {type: shia_mix\nprinted_links: []\n")
    message = _error(path)
    assert "line " in message and "invalid YAML" in message


def test_duplicate_country_key(tmp_path):
    text = DEFAULT_MAP_PATH.read_text(encoding="utf-8")
    text = text.replace('countries:\n', 'countries:\n  "Iraq":\n    type: sunni\n', 1)
    message = _error(_write(tmp_path, text))
    assert "duplicate key 'Iraq'" in message


def test_empty_file(tmp_path):
    message = _error(_write(tmp_path, ""))
    assert "document: must be a mapping" in message
