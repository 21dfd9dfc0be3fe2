"""The Twilight Struggle map (model/twilight_struggle/data/map.yaml) against the rules and the map
checks of properties/twilight_struggle/mapchecks.py.

Sources, in order of authority: the rulebook seed (the Italian 2nd edition,
shared/seeds/002_0cdb367d9ca608bf.reflowed.txt; CDG_ORACLE_SEEDS moves the folder), then the
dossier shared/research/seed_twilight_struggle.md and the facts file
shared/research/twilight_struggle_facts.yaml (CDG_RESEARCH_DIR moves it). **Where the dossier or the
facts file and the rulebook disagree, the rulebook wins, and this test says so**: every fact the
seed states about the map is checked below against map.yaml with the seed's own words, and the
words are checked to be in the seed (when the file is there). The facts file only fills in what the
seed does not state (the full graph, most stabilities and battlegrounds).

Three parts: (a) every map check holds on the real map; (b) each fact the seed states holds on the
map; (c) each map check reports a deliberately broken map (a check that cannot fail is a defect).
"""
from __future__ import annotations

import dataclasses
import os
from collections import Counter
from pathlib import Path

import pytest
import yaml

from cdg_oracle.model.twilight_struggle.mapdata import DEFAULT_PATH, TSMap, load_map
from cdg_oracle.model.twilight_struggle.tables import load_tables
from cdg_oracle.properties.twilight_struggle import mapchecks as mc
from cdg_oracle.properties.twilight_struggle.mapchecks import CHECKS, SCENARIO_DIR, all_checks
from tests.sources import need

WORK = Path(__file__).resolve().parents[3]
SEEDS = Path(os.environ.get("CDG_ORACLE_SEEDS", WORK / "shared" / "seeds"))
SEED = SEEDS / "002_0cdb367d9ca608bf.reflowed.txt"
FACTS_PATH = Path(os.environ.get("CDG_RESEARCH_DIR", WORK / "shared" / "research")) / "twilight_struggle_facts.yaml"


@pytest.fixture(scope="module")
def m() -> TSMap:
    return load_map()


@pytest.fixture(scope="module")
def g(m):
    return m.graph()


@pytest.fixture(scope="module")
def seed_text() -> str:
    if not SEED.exists():
        need(SEED, "check the map (countries, adjacencies, stability) against the rulebook seed")
    return " ".join(SEED.read_text(encoding="utf-8").split())


@pytest.fixture(scope="module")
def facts() -> dict:
    if not FACTS_PATH.exists():
        need(FACTS_PATH, "compare the map with the research facts file")
    return yaml.safe_load(FACTS_PATH.read_text(encoding="utf-8"))


def name_of(check) -> str:
    return next(name for name, fn in CHECKS.items() if fn is check)


# =========================================================================== (a) the checks hold

@pytest.mark.rule("2.1.1", "2.1.2", "2.1.3", "2.1.4", "2.1.5", "2.1.6", "10.1.2")
def test_every_map_check_holds_on_the_map(m):
    result = all_checks(m)
    assert {name: bad for name, bad in result.items() if bad} == {}
    assert list(result) == list(CHECKS) and len(result) == 11


def test_all_checks_defaults_to_the_packaged_map_and_is_deterministic(m):
    assert all_checks() == all_checks(m, load_tables(), SCENARIO_DIR)


def test_the_scenario_check_is_not_vacuous():
    """The set-ups name countries (the standard game 14 and the Deluxe's Canada, the Late War 73)
    and areas (Eastern and Western Europe)."""
    countries, areas, problems = mc.scenario_names()
    assert problems == []
    assert len(countries) >= 80
    assert ("standard.yaml: editions deluxe US", "Canada") in countries
    assert {name for _, name in areas} == {"Eastern Europe", "Western Europe"}


def test_the_expectations_equal_the_facts_file(facts):
    """mapchecks.py copies its expectations from the facts file: the copy is exact."""
    counts = facts["counts"]
    assert {r: v[0] for r, v in counts["per_region"].items() if r in mc.COUNTRIES_PER_REGION} == mc.COUNTRIES_PER_REGION
    assert {r: len(v) for r, v in mc.BATTLEGROUNDS_BY_REGION.items()} == {
        r: v[1] for r, v in counts["per_region"].items() if r in mc.COUNTRIES_PER_REGION}
    subs = facts["validation"]["subregions"]
    assert {k: subs[k] for k in mc.SUBREGION_COUNTS} == mc.SUBREGION_COUNTS
    assert set(subs["both_europe"]) == mc.IN_BOTH_EUROPES
    assert (counts["countries"], counts["adjacency_edges_country_country"], counts["adjacency_edges_superpower"]) == (
        mc.COUNTRIES, mc.LINKS_BETWEEN_COUNTRIES, mc.LINKS_TO_SUPERPOWERS)
    assert {sp: set(v) for sp, v in facts["superpower_adjacency"].items()} == mc.SUPERPOWER_LINKS
    assert {r: set(v) for r, v in facts["battlegrounds_by_region"].items() if r != "conditional"} == \
        mc.BATTLEGROUNDS_BY_REGION
    assert facts["validation"]["stability_histogram"] == mc.STABILITY_HISTOGRAM
    assert set(facts["validation"]["superpower_adjacent_countries_only_in"]) == mc.BONUS_REGIONS


def test_the_map_equals_the_facts_file_country_by_country(m, g, facts):
    """Beyond the checks' counts: each country's region, sub-regions, stability, battleground flag,
    neighbours and superpower link, and the edge list, are the facts file's (programs A and B)."""
    assert set(m.countries) == set(facts["countries"])
    for name, f in facts["countries"].items():
        c = m.countries[name]
        mine = (c.region, set(c.subregions), c.stability, c.battleground, set(c.adjacent), {c.superpower} - {None})
        theirs = (f["region"], set(f["subregions"]), f["stability"], f["battleground"], set(f["adjacent"]),
                  set(f.get("superpower_adjacent", ())))
        assert mine == theirs, name
    assert {frozenset(e) for e in g.edges} == {frozenset(e) for e in facts["adjacency_edges"]}


# =========================================================================== (b) what the seed states

# Each fact the seed states about the map, with where and the seed's words (whitespace aside).
STABILITY = [
    # (country, stability, where in the seed, its words)
    ("Israel", 4, "2.1.7 example", "Israele (Numero di Stabilità 4)"),
    ("Turkey", 2, "6.1.2 example", "gli USA non eccedono più l’influenza URSS in Turchia del Numero di Stabilità (2)"),
    ("Mexico", 2, "6.3.2 example", "il doppio del Numero di Stabilità del Messico (2 x 2 = 4)"),
    ("Italy", 2, "example of play, turn 1, USSR 3", "l’Italia ha Stabilità 2"),
    ("Libya", 2, "example of play, turn 2, USSR 4", "2 x (Stabilità della Libia = 2) = 4"),
    ("Iran", 2, "example of play, turn 3, USSR 3", "Stabilità dell’Iran = 2"),
    ("Egypt", 2, "example of play, turn 3, USSR 4", "Stabilità dell’Egitto = 2"),
    ("India", 3, "example of play, turn 4, USA 4", "contro la Stabilità dell’India 3 raddoppiata a 6"),
    ("Panama", 2, "example of play, turn 4, USSR 5", "contro la Stabilità di Panama di 2 x 2 = 4"),
]

ADJACENT = [
    # (a, b, where, words); USA and USSR are the superpower spaces
    ("Panama", "Costa Rica", "6.1.3 example (US markers in Panama and South Korea)",
     "Può piazzare influenza in Costa Rica e Colombia, ma non in Costa Rica e poi in Nicaragua"),
    ("Panama", "Colombia", "6.1.3 example (US markers in Panama and South Korea)",
     "Può piazzare influenza in Costa Rica e Colombia, ma non in Costa Rica e poi in Nicaragua"),
    ("Costa Rica", "Nicaragua", "6.1.3 example: Nicaragua is reached only through Costa Rica (inferred)",
     "ma non in Costa Rica e poi in Nicaragua"),
    ("North Korea", "USSR", "6.2.2 example", "la Corea del Nord è adiacente all’URSS"),
    ("Cuba", "USA", "example of play, turn 4, USSR 4 (Central America Scoring)",
     "+1 perché Cuba è adiacente agli Stati Uniti"),
    ("India", "Pakistan", "card Indo-Pakistani War", "L’India o il Pakistan invadono il vicino"),
    ("Iran", "Iraq", "card Iran-Iraq War", "L’Iran o l’Iraq invade il vicino"),
    ("Israel", "Jordan", "example of play, turn 3, USA 5 (Arab-Israeli War: the US-controlled Jordan is "
     "the one adjacent country; inferred)",
     "Piazza 2 Influenza in Giordania. Il tiro di dado per la guerra è 4, modificato a 3 (un paese controllato adiacente)"),
]

NOT_ADJACENT = [
    # 6.1.3: with markers only in Panama and South Korea, Nicaragua may not take influence
    ("Nicaragua", "Panama", "6.1.3 example", "ma non in Costa Rica e poi in Nicaragua"),
    ("Nicaragua", "South Korea", "6.1.3 example", "ma non in Costa Rica e poi in Nicaragua"),
]

REGION = [
    # (country, area, where, words)
    ("Libya", "Middle East", "2.1.1 note", "il Medio Oriente include la Libia e l’Egitto"),
    ("Egypt", "Middle East", "2.1.1 note", "il Medio Oriente include la Libia e l’Egitto"),
    ("Canada", "Europe", "2.1.1 note", "il Canada e la Turchia sono compresi nella regione europea"),
    ("Turkey", "Europe", "2.1.1 note", "il Canada e la Turchia sono compresi nella regione europea"),
    ("Austria", "Western Europe", "2.1.1", "(Austria e Finlandia) si trovano sia nell’Europa Orientale che Occidentale"),
    ("Austria", "Eastern Europe", "2.1.1", "(Austria e Finlandia) si trovano sia nell’Europa Orientale che Occidentale"),
    ("Finland", "Western Europe", "2.1.1", "(Austria e Finlandia) si trovano sia nell’Europa Orientale che Occidentale"),
    ("Finland", "Eastern Europe", "2.1.1", "(Austria e Finlandia) si trovano sia nell’Europa Orientale che Occidentale"),
]

BATTLEGROUND = [
    # (country, where, words): a coup there lowered DEFCON (6.3.4), or a scoring example counts it
    ("Italy", "example of play, turn 1, USSR 3 (6.3.4)",
     "La DEFCON va a 4 (è ridotto per un tentativo di colpo di stato in un paese campo di battaglia)"),
    ("India", "example of play, turn 4, USA 4: DEFCON 5 to 4 (6.3.4)",
     "Colpo di Stato in India. Il tiro di dado è 2 + 4 (valore della carta) = 6, contro la Stabilità dell’India 3 "
     "raddoppiata a 6. Nessun effetto. L’evento è associato all’URSS quindi deve accadere. L’URSS rimuove tutta "
     "l’influenza USA in Giordania. DEFCON = 4."),
    ("Panama", "example of play, turn 4, USSR 5: DEFCON 4 to 3 (6.3.4)", "Colpo di Stato a Panama. DEFCON = 3."),
    ("Israel", "example of play, turn 2, USSR 5 (Middle East Scoring)",
     "Gli USA controllano un paese campo di battaglia in più (Israele, Iran, Egitto) rispetto all’URSS (Libia, Iraq)"),
    ("Iran", "example of play, turn 2, USSR 5 (Middle East Scoring)",
     "Gli USA controllano un paese campo di battaglia in più (Israele, Iran, Egitto) rispetto all’URSS (Libia, Iraq)"),
    ("Egypt", "example of play, turn 3, USSR 5 (Middle East Scoring)",
     "4 paesi campo di battaglia – Egitto, Libia, Iran, Iraq"),
    ("Libya", "example of play, turn 3, USSR 5 (Middle East Scoring)",
     "4 paesi campo di battaglia – Egitto, Libia, Iran, Iraq"),
    ("Iraq", "example of play, turn 3, USSR 5 (Middle East Scoring)",
     "4 paesi campo di battaglia – Egitto, Libia, Iran, Iraq"),
    ("Cuba", "example of play, turn 4, USSR 4 (Central America Scoring: +1 per battleground, 10.1.2)",
     "L’URSS ottiene 4 VP (Dominazione 3, +1 per Cuba, +1 perché Cuba è adiacente agli Stati Uniti"),
]

NOT_BATTLEGROUND = [
    ("Taiwan", "card Formosan Resolution",
     "Taiwan non è un paese campo di battaglia per alcun altro aspetto del gioco"),
]

# Southeast Asia Scoring (card 38): the seven countries of Southeast Asia and what each pays.
SOUTHEAST_ASIA_WORDS = ("1 VP per paese per il Controllo tra: Burma, Cambogia/Laos, Vietnam, Malesia, Indonesia, "
                        "Filippine 2 VP per il Controllo della Tailandia")
SOUTHEAST_ASIA = {"Burma": 1, "Laos/Cambodia": 1, "Vietnam": 1, "Malaysia": 1, "Indonesia": 1, "Philippines": 1,
                  "Thailand": 2}

ALL_WORDS = [row[-1] for table in (STABILITY, ADJACENT, NOT_ADJACENT, REGION, BATTLEGROUND, NOT_BATTLEGROUND)
             for row in table] + [SOUTHEAST_ASIA_WORDS]


@pytest.mark.parametrize("words", sorted(set(ALL_WORDS)))
def test_the_cited_words_are_the_seeds(seed_text, words):
    """Every quotation below is in the seed (whitespace aside): the citations are the rulebook's."""
    assert " ".join(words.split()) in seed_text


@pytest.mark.rule("2.1.3", "2.1.7", "6.1.2", "6.3.2")
@pytest.mark.parametrize("country, stability, where, words", STABILITY, ids=[r[0] for r in STABILITY])
def test_stability_stated_by_the_seed(m, country, stability, where, words):
    assert m.countries[country].stability == stability, f"the seed ({where}) says {country} has stability {stability}"


@pytest.mark.rule("2.1.6", "6.1.3", "6.2.2")
@pytest.mark.parametrize("a, b, where, words", ADJACENT, ids=[f"{r[0]}-{r[1]}" for r in ADJACENT])
def test_adjacency_stated_by_the_seed(m, g, a, b, where, words):
    assert g.has_edge(a, b), f"the seed ({where}) has {a} adjacent to {b}"
    if b in ("USA", "USSR"):
        side = "US" if b == "USA" else "USSR"
        assert m.adjacent_to_superpower(a, side)
    else:
        assert b in m.countries[a].adjacent and a in m.countries[b].adjacent


@pytest.mark.rule("2.1.6", "6.1.3")
@pytest.mark.parametrize("a, b, where, words", NOT_ADJACENT, ids=[f"{r[0]}-{r[1]}" for r in NOT_ADJACENT])
def test_non_adjacency_stated_by_the_seed(g, a, b, where, words):
    assert not g.has_edge(a, b), f"the seed ({where}) has {a} not adjacent to {b}"


@pytest.mark.rule("2.1.1", "2.1.2")
@pytest.mark.parametrize("country, area, where, words", REGION, ids=[f"{r[0]}-{r[1]}" for r in REGION])
def test_region_stated_by_the_seed(m, country, area, where, words):
    assert m.in_area(country, area), f"the seed ({where}) puts {country} in {area}"


@pytest.mark.rule("2.1.1")
def test_only_austria_and_finland_are_in_both_europes(m):
    assert m.area("Western Europe") & m.area("Eastern Europe") == {"Austria", "Finland"}
    assert m.area("Western Europe") | m.area("Eastern Europe") == m.area("Europe")


@pytest.mark.rule("2.1.4", "6.3.4", "10.1.2")
@pytest.mark.parametrize("country, where, words", BATTLEGROUND, ids=[r[0] for r in BATTLEGROUND])
def test_battleground_named_by_the_seed(m, country, where, words):
    assert m.countries[country].battleground and country in m.battlegrounds, \
        f"the seed ({where}) treats {country} as a battleground"


@pytest.mark.rule("2.1.4", "card 101")
@pytest.mark.parametrize("country, where, words", NOT_BATTLEGROUND, ids=[r[0] for r in NOT_BATTLEGROUND])
def test_not_a_battleground_by_the_seed(m, country, where, words):
    assert not m.countries[country].battleground and country not in m.battlegrounds


@pytest.mark.rule("2.1.1", "2.1.2", "card 38")
def test_southeast_asia_is_the_seeds_seven_countries(m):
    """Southeast Asia Scoring names the seven countries of the sub-region (the seed's Cambogia/Laos
    is the map's Laos/Cambodia) and pays 2 for Thailand; all seven are in Asia (2.1.1, 2.1.2)."""
    assert m.area("Southeast Asia") == set(SOUTHEAST_ASIA)
    assert m.area("Southeast Asia") <= m.area("Asia")
    assert load_tables().southeast_asia == SOUTHEAST_ASIA


# =========================================================================== (c) broken maps

def edited(base: TSMap, changes: dict[str, dict] | None = None, drop: tuple[str, ...] = ()) -> TSMap:
    """A copy of ``base`` with some countries' fields replaced and some countries dropped (also from
    their neighbours' lists). TSMap itself validates nothing: the loader does."""
    countries = {n: c for n, c in base.countries.items() if n not in drop}
    for n, c in countries.items():
        if set(c.adjacent) & set(drop):
            countries[n] = dataclasses.replace(c, adjacent=tuple(a for a in c.adjacent if a not in drop))
    for n, fields in (changes or {}).items():
        countries[n] = dataclasses.replace(countries[n], **fields)
    return TSMap(countries)


def with_link(base: TSMap, a: str, b: str, both: bool = True) -> TSMap:
    changes = {a: {"adjacent": base.countries[a].adjacent + (b,)}}
    if both:
        changes[b] = {"adjacent": base.countries[b].adjacent + (a,)}
    return edited(base, changes)


def without_link(base: TSMap, a: str, b: str) -> TSMap:
    return edited(base, {x: {"adjacent": tuple(n for n in base.countries[x].adjacent if n != y)}
                         for x, y in ((a, b), (b, a))})


class GraphEdited(TSMap):
    """The map with its records intact but its ``graph()`` edited after it is built."""

    def __init__(self, base: TSMap, edit):
        super().__init__(dict(base.countries))
        self._edit = edit

    def graph(self):
        graph = super().graph()
        self._edit(graph)
        return graph


def set_node(name, **attrs):
    return lambda graph: graph.nodes[name].update(attrs)


M0 = load_map()

BROKEN = [
    # (id, broken map, check, a fragment of the problem it must report)
    ("one-sided-link", with_link(M0, "Italy", "Egypt", both=False), mc.check_symmetric,
     "Italy -> Egypt (but not Egypt -> Italy)"),
    ("unknown-neighbour", with_link(M0, "Italy", "Atlantis", both=False), mc.check_symmetric,
     "Italy -> Atlantis: Atlantis is not a node"),
    ("unknown-superpower", edited(M0, {"Canada": {"superpower": "UK"}}), mc.check_symmetric,
     "Canada -> UK: UK is not a node"),
    ("self-loop-in-records", with_link(M0, "Italy", "Italy", both=False), mc.check_no_self_loops,
     "Italy is adjacent to itself"),
    ("self-loop-on-graph", GraphEdited(M0, lambda graph: graph.add_edge("Chile", "Chile")), mc.check_no_self_loops,
     "Chile is adjacent to itself"),
    ("graph-extra-edge", GraphEdited(M0, lambda graph: graph.add_edge("Egypt", "Iraq")),
     mc.check_graph_matches_countries, "unexpected edge Egypt - Iraq"),
    ("graph-missing-edge", GraphEdited(M0, lambda graph: graph.remove_edge("Cuba", "USA")),
     mc.check_graph_matches_countries, "missing edge Cuba - USA"),
    ("graph-wrong-stability", GraphEdited(M0, set_node("Italy", stability=3)),
     mc.check_graph_matches_countries, "Italy: graph says stability 3, the map says 2"),
    ("graph-superpower-as-country", GraphEdited(M0, set_node("USSR", kind="country")),
     mc.check_graph_matches_countries, "USSR: graph says kind 'country', expected 'superpower' (2.1.5)"),
    ("graph-superpower-stability", GraphEdited(M0, set_node("USA", stability=5)),
     mc.check_graph_matches_countries, "USA: a superpower space has no stability"),
    ("graph-without-ussr", GraphEdited(M0, lambda graph: graph.remove_node("USSR")),
     mc.check_graph_matches_countries, "USSR is missing from the graph"),
    ("graph-stranger", GraphEdited(M0, lambda graph: graph.add_node("China", kind="superpower")),
     mc.check_graph_matches_countries, "graph node China is not a space of the map"),
    ("83-countries", edited(M0, drop=("Taiwan",)), mc.check_counts, "83 countries, expected 84"),
    ("113-links", with_link(M0, "Egypt", "Iraq"), mc.check_counts, "113 links between countries, expected 112"),
    ("10-superpower-links", edited(M0, {"South Korea": {"superpower": "USA"}}), mc.check_counts,
     "10 links to a superpower space, expected 9"),
    ("turkey-in-the-middle-east", edited(M0, {"Turkey": {"region": "Middle East", "subregions": ()}}),
     mc.check_regions, "Europe: 20 countries, expected 21"),
    ("turkey-in-the-middle-east-west", edited(M0, {"Turkey": {"region": "Middle East", "subregions": ()}}),
     mc.check_regions, "Western Europe: 13 countries, expected 14"),
    ("sweden-in-both-europes", edited(M0, {"Sweden": {"subregions": ("Western Europe", "Eastern Europe")}}),
     mc.check_regions, "in both Western and Eastern Europe: Austria, Finland, Sweden"),
    ("denmark-in-neither-europe", edited(M0, {"Denmark": {"subregions": ()}}),
     mc.check_regions, "Denmark is in Europe but in neither Western nor Eastern Europe"),
    ("burma-outside-asia", edited(M0, {"Burma": {"region": "Africa"}}),
     mc.check_regions, "Burma is in Southeast Asia but not in Asia (2.1.2)"),
    ("country-in-no-region", edited(M0, {"Chile": {"region": "Antarctica"}}),
     mc.check_regions, "Chile is in 0 regions"),
    ("philippines-linked-to-usa", edited(M0, {"Philippines": {"superpower": "USA"}}),
     mc.check_superpower_links, "USA -> Philippines: not allowed"),
    ("finland-unlinked-from-ussr", edited(M0, {"Finland": {"superpower": None}}),
     mc.check_superpower_links, "USSR -> Finland missing"),
    ("superpowers-linked", GraphEdited(M0, lambda graph: graph.add_edge("USA", "USSR")),
     mc.check_superpower_links, "USA -> USSR: not allowed"),
    ("taiwan-a-battleground", edited(M0, {"Taiwan": {"battleground": True}}),
     mc.check_battlegrounds, "Asia: Taiwan is a battleground, not expected"),
    ("30-battlegrounds", edited(M0, {"Taiwan": {"battleground": True}}),
     mc.check_battlegrounds, "30 battlegrounds, expected 29"),
    ("italy-not-a-battleground", edited(M0, {"Italy": {"battleground": False}}),
     mc.check_battlegrounds, "Europe: Italy is not a battleground, expected one"),
    ("superpower-battleground", GraphEdited(M0, set_node("USA", battleground=True)),
     mc.check_battlegrounds, "USA is a battleground but not a country"),
    ("south-america-cut-off", without_link(M0, "Panama", "Colombia"),
     mc.check_connectivity, "with the superpower spaces: cut off from"),
    ("south-america-cut-off-parts", without_link(M0, "Panama", "Colombia"),
     mc.check_connectivity, "expected two parts: the Americas and the rest"),
    ("americas-bridged-to-africa", with_link(M0, "Brazil", "Angola"),
     mc.check_connectivity, "without the USA space the Americas reach the rest of the map, expected they do not"),
    ("americas-reach-the-ussr", edited(M0, {"Cuba": {"superpower": "USSR"}}),
     mc.check_connectivity, "without the USA space the Americas reach the rest of the map, expected they do not"),
    ("usa-only-american", edited(M0, {"Canada": {"superpower": None}, "Japan": {"superpower": None}}),
     mc.check_connectivity, "without the USSR space the Americas do not reach the rest of the map, expected they do"),
    ("a-21st-american", edited(M0, {"Morocco": {"region": "South America"}}),
     mc.check_connectivity, "the Americas hold 21 countries, expected 20"),
    ("norway-stability-3", edited(M0, {"Norway": {"stability": 3}}),
     mc.check_stability, "stability histogram {1: 19, 2: 33, 3: 23, 4: 8, 5: 1}"),
    ("stability-6", edited(M0, {"Norway": {"stability": 6}}),
     mc.check_stability, "Norway: stability 6, expected an integer 1-5"),
    ("egypt-linked-to-ussr", edited(M0, {"Egypt": {"superpower": "USSR"}}),
     mc.check_enemy_superpower_bonus,
     "superpower-adjacent countries lie in Asia, Central America, Europe, Middle East, expected Asia, Central America, "
     "Europe"),
    ("egypt-linked-to-ussr-table", edited(M0, {"Egypt": {"superpower": "USSR"}}),
     mc.check_enemy_superpower_bonus,
     "tables.yaml: scoring Middle East: enemy_superpower_bonus False, but Middle East holds a country adjacent"),
]


@pytest.mark.rule("2.1.1", "2.1.2", "2.1.3", "2.1.4", "2.1.5", "2.1.6", "10.1.2")
@pytest.mark.parametrize("broken, check, fragment", [b[1:] for b in BROKEN], ids=[b[0] for b in BROKEN])
def test_each_map_check_reports_a_broken_map(broken, check, fragment):
    problems = check(broken)
    assert any(fragment in p for p in problems), (name_of(check), problems)
    assert all(isinstance(p, str) and "\n" not in p for p in problems)
    assert all_checks(broken)[name_of(check)] == problems


def test_the_unchanged_copies_pass(m):
    assert {k: v for k, v in all_checks(edited(m)).items() if v} == {}
    assert {k: v for k, v in all_checks(GraphEdited(m, lambda graph: None)).items() if v} == {}


def test_every_check_has_a_broken_map_that_fails_it():
    """A check that cannot fail is a defect: each has a case in BROKEN or a test below."""
    covered = {b[2] for b in BROKEN} | {mc.check_names_known}
    assert set(CHECKS.values()) == covered


def test_a_broken_check_never_raises():
    """An empty map, and a map whose graph lost the superpower spaces: problems, no exception."""
    empty = TSMap({})
    result = all_checks(empty)
    assert all(isinstance(v, list) for v in result.values())
    assert "0 countries, expected 84" in result[name_of(mc.check_counts)]
    bare = GraphEdited(M0, lambda graph: graph.remove_nodes_from(["USA", "USSR"]))
    assert "USA is not a node" in all_checks(bare)[name_of(mc.check_superpower_links)]


# -- a broken map written to a file and read by the loader (which accepts these)

@pytest.mark.rule("2.1.4")
def test_a_battleground_moved_in_map_yaml_is_reported(tmp_path):
    """South Korea's battleground flag given to Taiwan: still 29, so the loader accepts it; the
    check names both countries."""
    text = DEFAULT_PATH.read_text(encoding="utf-8")
    text = text.replace("South Korea: {region: Asia, subregions: [], stability: 3, battleground: true",
                        "South Korea: {region: Asia, subregions: [], stability: 3, battleground: false", 1)
    text = text.replace("Taiwan: {region: Asia, subregions: [], stability: 3, battleground: false",
                        "Taiwan: {region: Asia, subregions: [], stability: 3, battleground: true", 1)
    path = tmp_path / "map.yaml"
    path.write_text(text, encoding="utf-8")
    problems = mc.check_battlegrounds(load_map(path))
    assert problems == ["Asia: South Korea is not a battleground, expected one",
                        "Asia: Taiwan is a battleground, not expected"]


@pytest.mark.rule("2.1.1")
def test_turkey_moved_to_the_middle_east_in_map_yaml_is_reported(tmp_path):
    text = DEFAULT_PATH.read_text(encoding="utf-8").replace(
        "Turkey: {region: Europe, subregions: [Western Europe]", "Turkey: {region: Middle East, subregions: []", 1)
    path = tmp_path / "map.yaml"
    path.write_text(text, encoding="utf-8")
    problems = mc.check_regions(load_map(path))
    assert "Middle East: 11 countries, expected 10" in problems
    assert "Europe: 20 countries, expected 21" in problems


# -- names: the scenario files and the tables

def copy_scenarios(tmp_path: Path, edit=None) -> Path:
    for path in SCENARIO_DIR.glob("*.yaml"):
        text = path.read_text(encoding="utf-8")
        (tmp_path / path.name).write_text(edit(path.name, text) if edit else text, encoding="utf-8")
    return tmp_path


@pytest.mark.rule("3.2", "3.3")
def test_a_scenario_naming_an_unknown_country_is_reported(m, tmp_path):
    def edit(name, text):
        if name == "standard.yaml":
            text = text.replace("Syria: 1", "Siria: 1", 1).replace("{US: {Canada: 2}}", "{US: {Kanada: 2}}", 1)
            text = text.replace("where: Western Europe}", "where: Northern Europe}", 1)
        return text
    folder = copy_scenarios(tmp_path, edit)
    problems = mc.check_names_known(m, scenario_dir=folder)
    assert problems == [
        "standard.yaml: editions deluxe US: 'Kanada' is not on the map",
        "standard.yaml: free_placement[1]: 'Northern Europe' is not a region or sub-region of the map",
        "standard.yaml: influence USSR: 'Siria' is not on the map",
    ]


def test_an_unreadable_or_missing_scenario_is_a_problem_not_an_exception(m, tmp_path):
    folder = copy_scenarios(tmp_path)
    (folder / "garbled.yaml").write_text("influence: {US: [\n", encoding="utf-8")
    (folder / "listy.yaml").write_text("influence: [Iran]\n", encoding="utf-8")
    problems = mc.check_names_known(m, scenario_dir=folder)
    assert "listy.yaml: influence: must be a mapping, got list" in problems
    assert any(p.startswith("garbled.yaml: line 2") for p in problems), problems
    empty = tmp_path / "empty"
    empty.mkdir()
    assert mc.check_names_known(m, scenario_dir=empty) == [f"{empty}: no scenario files"]


@pytest.mark.rule("card 38", "2.1.2")
def test_southeast_asia_scoring_naming_a_wrong_country_is_reported(m):
    tables = load_tables()
    sea = {("Siam" if n == "Thailand" else n): v for n, v in tables.southeast_asia.items()}
    sea["Taiwan"] = 1
    problems = mc.check_names_known(m, tables=dataclasses.replace(tables, southeast_asia=sea))
    assert problems == ["tables.yaml: southeast_asia: 'Siam' is not on the map",
                        "tables.yaml: southeast_asia: Taiwan is not in Southeast Asia",
                        "tables.yaml: southeast_asia: Thailand of Southeast Asia is missing"]


@pytest.mark.rule("10.1.2")
def test_a_scoring_table_printing_the_bonus_for_the_middle_east_is_reported(m):
    tables = load_tables()
    scoring = dict(tables.scoring)
    scoring["Middle East"] = dataclasses.replace(scoring["Middle East"], enemy_superpower_bonus=True)
    scoring["Asia"] = dataclasses.replace(scoring["Asia"], enemy_superpower_bonus=False)
    problems = mc.check_enemy_superpower_bonus(m, dataclasses.replace(tables, scoring=scoring))
    assert problems == [
        "tables.yaml: scoring Asia: enemy_superpower_bonus False, but Asia holds a country adjacent to a superpower",
        "tables.yaml: scoring Middle East: enemy_superpower_bonus True, but Middle East holds no country adjacent "
        "to a superpower",
    ]


@pytest.mark.rule("10.1.2")
def test_the_bonus_regions_are_those_of_the_superpower_links(g):
    """The reason the check holds, computed directly: the regions of the USA's and the USSR's
    neighbours."""
    regions = Counter(g.nodes[n]["region"] for sp in ("USA", "USSR") for n in g.adj[sp])
    assert regions == {"Europe": 4, "Asia": 3, "Central America": 2}
