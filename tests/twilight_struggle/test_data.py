"""The Twilight Struggle data loaders (mapdata.py, cards.py, tables.py) and the card facts.

Part 1: each loader refuses bad data with a one-line DataError that names the file and the entry
(copies of the real files with one defect, written to tmp_path), also a value of the wrong type
(a list where a name belongs, a number written as text), never with a TypeError.

Part 2: the card facts equal the figures of shared/research/twilight_struggle_facts.yaml
(``validation.cards``), and the seed edition's deck is the rulebook seed's card list (the Italian
2nd edition, shared/seeds/002_0cdb367d9ca608bf.reflowed.txt, its columns rebuilt in
shared/research/seed_twilight_struggle.md "Card list"): where the seed and the facts file differ
the seed edition follows the seed.
"""
from __future__ import annotations

import os
from collections import Counter
from pathlib import Path

import pytest
import yaml

from cdg_oracle.model.core.errors import DataError
from cdg_oracle.model.twilight_struggle import cards as cards_module
from cdg_oracle.model.twilight_struggle import mapdata
from cdg_oracle.model.twilight_struggle import tables as tables_module
from cdg_oracle.model.twilight_struggle.cards import by_name, deck, load_cards
from tests.sources import need

WORK = Path(__file__).resolve().parents[3]
SEEDS = Path(os.environ.get("CDG_ORACLE_SEEDS", WORK / "shared" / "seeds"))
SEED = SEEDS / "002_0cdb367d9ca608bf.reflowed.txt"
FACTS_PATH = Path(os.environ.get("CDG_RESEARCH_DIR", WORK / "shared" / "research")) / "twilight_struggle_facts.yaml"


def variant(tmp_path: Path, source: Path, edits: list[tuple[str, str]], name: str | None = None) -> Path:
    """A copy of ``source`` in tmp_path with each ``(old, new)`` replaced once (``old`` must occur)."""
    text = source.read_text(encoding="utf-8")
    for old, new in edits:
        assert old in text, f"the test's edit no longer applies to {source.name}: {old!r}"
        text = text.replace(old, new, 1)
    path = tmp_path / (name or source.name)
    path.write_text(text, encoding="utf-8")
    return path


def assert_refused(load, path: Path, entry: str, fragment: str) -> str:
    """``load(path)`` raises a one-line DataError that starts with the file and names ``entry``."""
    with pytest.raises(DataError) as caught:
        load(path)
    message = str(caught.value)
    assert "\n" not in message, message
    assert message.startswith(f"{path}: "), message
    assert entry in message and fragment in message, message
    return message


# =========================================================================== map.yaml

MAP = mapdata.DEFAULT_PATH


def country_line(name: str) -> str:
    """The map.yaml line of ``name`` (its text up to the end of the line)."""
    for line in MAP.read_text(encoding="utf-8").splitlines():
        if line.startswith(f"  {name}: ") or line.startswith(f'  "{name}": '):
            return line
    raise AssertionError(f"{name} is not in map.yaml")


ITALY = country_line("Italy")

MAP_DEFECTS = [
    # (id, edits, entry the message names, fragment)
    ("one-sided-link", [("adjacent: [Colombia, Costa Rica]", "adjacent: [Costa Rica]")],
     "Colombia:", "linked to Panama but Panama does not list Colombia"),
    ("stability-6", [(ITALY, ITALY.replace("stability: 2", "stability: 6"))],
     "Italy:", "stability 6 must be an integer 1-5"),
    ("stability-0", [(ITALY, ITALY.replace("stability: 2", "stability: 0"))],
     "Italy:", "stability 0 must be an integer 1-5"),
    ("stability-text", [(ITALY, ITALY.replace("stability: 2", 'stability: "2"'))],
     "Italy:", "stability '2' must be an integer 1-5"),
    ("unknown-region", [(ITALY, ITALY.replace("region: Europe", "region: Southern Europe"))],
     "Italy:", "region 'Southern Europe' is not one of Europe"),
    ("subregion-of-another-region", [("Egypt: {region: Middle East, subregions: []",
                                      "Egypt: {region: Middle East, subregions: [Western Europe]")],
     "Egypt:", "must list sub-regions of Middle East"),
    ("30th-battleground", [(country_line("Taiwan"), country_line("Taiwan").replace("battleground: false",
                                                                                    "battleground: true"))],
     "countries:", "30 battlegrounds, expected 29"),
    ("28-battlegrounds", [(ITALY, ITALY.replace("battleground: true", "battleground: false"))],
     "countries:", "28 battlegrounds, expected 29"),
    ("battleground-not-a-flag", [(ITALY, ITALY.replace("battleground: true", "battleground: yes please"))],
     "Italy:", "battleground must be true or false"),
    ("duplicate-name", [("  Benelux:", ITALY + "\n  Benelux:")],
     "line ", "duplicate key 'Italy'"),
    ("85th-country", [("  Benelux:", '  Iceland: {region: Europe, subregions: [Western Europe], stability: 4, '
                                    'battleground: false, adjacent: [Norway], source: "test"}\n  Benelux:'),
                      ("adjacent: [Sweden, United Kingdom]", "adjacent: [Iceland, Sweden, United Kingdom]")],
     "countries:", "85 countries, expected 84"),
    ("unknown-neighbour", [(ITALY, ITALY.replace("adjacent: [Austria,", "adjacent: [Atlantis, Austria,"))],
     "Italy:", "must list other countries of the map, once each"),
    ("linked-to-itself", [(ITALY, ITALY.replace("adjacent: [Austria,", "adjacent: [Italy, Austria,"))],
     "Italy:", "must list other countries of the map, once each"),
    ("neighbour-twice", [(ITALY, ITALY.replace("adjacent: [Austria,", "adjacent: [Austria, Austria,"))],
     "Italy:", "must list other countries of the map, once each"),
    ("unknown-superpower", [("adjacent: [United Kingdom], superpower: USA", "adjacent: [United Kingdom], superpower: UK")],
     "Canada:", "superpower 'UK' must be USA or USSR"),
    ("unknown-key", [(ITALY, ITALY.replace("source:", "capital: Rome, source:"))],
     "Italy:", "unknown key(s): capital"),
    ("no-source", [(ITALY, ITALY.replace('source: "T; R states stability 2"', 'source: " "'))],
     "Italy:", "missing source"),
    ("regions-header", [("regions: [Europe, Middle East, Asia, Africa, Central America, South America]",
                         "regions: [Europe, Middle East, Asia, Africa, Central America, South America, Oceania]")],
     "regions:", "must be"),
    ("superpowers-header", [("superpowers: [USA, USSR]", "superpowers: [USA, USSR, China]")],
     "superpowers:", "must be"),
]


@pytest.mark.rule("2.1.1", "2.1.3", "2.1.4", "2.1.6")
@pytest.mark.parametrize("edits, entry, fragment", [d[1:] for d in MAP_DEFECTS], ids=[d[0] for d in MAP_DEFECTS])
def test_the_map_loader_refuses(tmp_path, edits, entry, fragment):
    assert_refused(mapdata.load_map, variant(tmp_path, MAP, edits), entry, fragment)


def test_the_unchanged_map_copy_loads(tmp_path):
    m = mapdata.load_map(variant(tmp_path, MAP, []))
    assert m.countries == mapdata.load_map().countries


MAP_LOADER_BUGS = [
    ("subregion-not-a-name", [("Egypt: {region: Middle East, subregions: []",
                               "Egypt: {region: Middle East, subregions: [[Western Europe]]")], "Egypt:"),
    ("neighbour-not-a-name", [("adjacent: [Israel, Libya, Sudan]", "adjacent: [Israel, Libya, [Sudan]]")], "Egypt:"),
]


@pytest.mark.parametrize("edits, entry", [d[1:] for d in MAP_LOADER_BUGS], ids=[d[0] for d in MAP_LOADER_BUGS])
def test_the_map_loader_refuses_a_list_where_a_name_belongs(tmp_path, edits, entry):
    assert_refused(mapdata.load_map, variant(tmp_path, MAP, edits), entry, "")


# =========================================================================== cards.yaml

CARDS = cards_module.DEFAULT_PATH

CARD_DEFECTS = [
    ("ops-5", [('name: "Duck and Cover", side: US, ops: 3', 'name: "Duck and Cover", side: US, ops: 5')],
     "card 4:", "ops 5 must be a whole number 0-4"),
    ("ops-true", [('name: "Duck and Cover", side: US, ops: 3', 'name: "Duck and Cover", side: US, ops: true')],
     "card 4:", "ops True must be a whole number 0-4"),
    ("scoring-card-with-ops", [('name: "Asia Scoring", side: neutral, ops: 0', 'name: "Asia Scoring", side: neutral, ops: 2')],
     "card 1:", "a scoring card has 0 ops, and only a scoring card (2.2.1)"),
    ("zero-ops-not-scoring", [('name: "Duck and Cover", side: US, ops: 3', 'name: "Duck and Cover", side: US, ops: 0')],
     "card 4:", "a scoring card has 0 ops, and only a scoring card (2.2.1)"),
    ("scores-unknown-region", [('scores: "Asia"', 'scores: "Oceania"')],
     "card 1:", "scores 'Oceania' must be one of"),
    ("side", [('name: "Five Year Plan", side: US', 'name: "Five Year Plan", side: Japan')],
     "card 5:", "side 'Japan' must be one of US, USSR, neutral"),
    ("era", [('name: "Five Year Plan", side: US, ops: 3, era: early', 'name: "Five Year Plan", side: US, ops: 3, era: modern')],
     "card 5:", "era 'modern' must be one of early, mid, late"),
    ("numbering", [('{number: 5, name: "Five Year Plan"', '{number: 6, name: "Five Year Plan"')],
     "card 6:", "numbers must run 1, 2, 3...; expected 5"),
    ("flag-not-a-flag", [('name: "Fidel", side: USSR, ops: 2, era: early, removed: true',
                          'name: "Fidel", side: USSR, ops: 2, era: early, removed: maybe')],
     "card 8:", "removed must be true or false"),
    ("unknown-key", [('{number: 5, name: "Five Year Plan"', '{number: 5, colour: red, name: "Five Year Plan"')],
     "card 5:", "unknown key(s): colour"),
    ("no-name", [('{number: 5, name: "Five Year Plan"', '{number: 5, name: " "')],
     "card 5:", "missing name"),
    ("seed-unknown-key", [("seed: {number: 101}", "seed: {number: 101, name: Formosa}")],
     "card 35:", "seed must be a mapping of number, ops, removed"),
    ("optional-card-in-the-seed", [('name: "Che", side: USSR, ops: 3, era: mid, removed: false, underlined: false, optional: true}',
                                    'name: "Che", side: USSR, ops: 3, era: mid, removed: false, underlined: false, optional: true, '
                                    'seed: {number: 50}}')],
     "card 107:", "an optional card is not in the seed's deck"),
    ("duplicate-name", [('{number: 5, name: "Five Year Plan"', '{number: 5, name: "Duck and Cover"')],
     "card 5:", "name 'Duck and Cover' is card 4's too"),
    ("wrong-seed-number", [("seed: {number: 101}", "seed: {number: 102}")],
     "card 102:", "seed number 102 is card 35's too"),
    ("seed-number-twice", [("seed: {number: 35}", "seed: {number: 101}")],
     "card 81:", "seed number 101 is card 35's too"),
    ("109-cards", [('  - {number: 110, name: "AWACS Sale to Saudis"', '  # - {number: 110, name: "AWACS Sale to Saudis"')],
     "", "109 cards, expected 110"),
    ("duplicate-key", [('{number: 5, name: "Five Year Plan"', '{number: 5, number: 5, name: "Five Year Plan"')],
     "line ", "duplicate key 'number'"),
]


@pytest.mark.rule("2.2", "2.2.1", "2.2.2")
@pytest.mark.parametrize("edits, entry, fragment", [d[1:] for d in CARD_DEFECTS], ids=[d[0] for d in CARD_DEFECTS])
def test_the_card_loader_refuses(tmp_path, edits, entry, fragment):
    assert_refused(load_cards, variant(tmp_path, CARDS, edits), entry, fragment)


def test_the_unchanged_cards_copy_loads(tmp_path):
    assert load_cards(variant(tmp_path, CARDS, [])) == load_cards()


@pytest.mark.parametrize("edits, entry", [
    ([('{number: 5, name: "Five Year Plan"', '{number: 5, name: "Duck and Cover"')], "Duck and Cover"),
    ([("seed: {number: 101}", "seed: {number: 102}")], "card 35"),
], ids=["duplicate-name", "wrong-seed-number"])
def test_the_card_loader_names_the_card_it_refuses(tmp_path, edits, entry):
    assert_refused(load_cards, variant(tmp_path, CARDS, edits), entry, "")


CARD_LOADER_BUGS = [
    # (id, edits, entry): each should be a one-line DataError naming the card
    ("seed-number-not-a-number", [("seed: {number: 101}", 'seed: {number: "101"}')], "card 35"),
    ("seed-ops-7", [('seed: {ops: 2}, seed_note: "seed card list prints 2 Ops"}',
                     'seed: {ops: 7}, seed_note: "seed card list prints 2 Ops"}')], "card 31"),
    ("seed-removed-not-a-flag", [("seed: {removed: false}", 'seed: {removed: "no"}')], "card 97"),
    ("ops-3.0", [('name: "Duck and Cover", side: US, ops: 3', 'name: "Duck and Cover", side: US, ops: 3.0')], "card 4"),
]


@pytest.mark.parametrize("edits, entry", [d[1:] for d in CARD_LOADER_BUGS], ids=[d[0] for d in CARD_LOADER_BUGS])
def test_the_card_loader_refuses_bad_seed_values(tmp_path, edits, entry):
    assert_refused(load_cards, variant(tmp_path, CARDS, edits), entry, "")


# =========================================================================== tables.yaml

TABLES = tables_module.DEFAULT_PATH
parse_tables = tables_module.load_tables

TABLE_DEFECTS = [
    ("space-box-9", [('  8: {name: "L\'Aquila', '  9: {name: "L\'Aquila')], "space_race:", "boxes 1-8 expected"),
    ("space-ops-5", [('3: {name: "Avvicinamento alla Luna (Approach to the Moon)", ops: 2',
                      '3: {name: "Avvicinamento alla Luna (Approach to the Moon)", ops: 5')],
     "space_race 3:", "ops 1-4"),
    ("space-roll-7", [("max_roll: 3, vp: [2, 1]", "max_roll: 7, vp: [2, 1]")], "space_race 1:", "max_roll 1-6"),
    ("space-vp-reversed", [("vp: [4, 2]", "vp: [2, 4]")], "space_race 7:", "vp [first, second] with first >= second >= 0"),
    ("space-unknown-ability", [("ability: two_space_attempts", "ability: fly")], "space_race 2:", "a known ability"),
    ("space-vp-not-a-pair", [("vp: [4, 2]", "vp: 4")], "space_race 7:", "vp [first, second] with first >= second >= 0"),
    ("scoring-region-missing", [("  Africa: {presence: 1, domination: 4, control: 6, enemy_superpower_bonus: false}\n", "")],
     "scoring:", "one entry for each region"),
    ("scoring-unknown-region", [("  Africa: {presence: 1", "  Oceania: {presence: 1")],
     "scoring:", "one entry for each region"),
    ("scoring-presence-7", [("Asia: {presence: 3, domination: 7", "Asia: {presence: 7, domination: 7")],
     "scoring Asia:", "presence < domination < control expected"),
    ("scoring-europe-control-9", [("Europe: {presence: 3, domination: 7, control: null",
                                   "Europe: {presence: 3, domination: 7, control: 9")],
     "scoring Europe:", "only Europe's control is an automatic victory (10.3.1)"),
    ("scoring-asia-automatic", [("Asia: {presence: 3, domination: 7, control: 9",
                                 "Asia: {presence: 3, domination: 7, control: null")],
     "scoring Asia:", "only Europe's control is an automatic victory (10.3.1)"),
    ("scoring-no-bonus-field", [("control: 7, enemy_superpower_bonus: false}", "control: 7}")],
     "scoring Middle East:", "needs exactly presence, domination, control, enemy_superpower_bonus"),
    ("southeast-asia-taiwan", [("Thailand: 2}", "Taiwan: 2}")], "southeast_asia:", "one entry for each Southeast Asian"),
    ("defcon-unknown-region", [("  3: [Europe, Asia]", "  3: [Europe, Oceania]")], "defcon_restricted 3:", "a list of regions"),
    ("defcon-level-1", [("  5: []", "  1: []")], "defcon_restricted:", "levels 2-5 expected"),
]


@pytest.mark.rule("6.4", "8.1.5", "10.1")
@pytest.mark.parametrize("edits, entry, fragment", [d[1:] for d in TABLE_DEFECTS], ids=[d[0] for d in TABLE_DEFECTS])
def test_the_tables_loader_refuses(tmp_path, edits, entry, fragment):
    assert_refused(parse_tables, variant(tmp_path, TABLES, edits), entry, fragment)


def test_the_unchanged_tables_copy_loads(tmp_path):
    assert parse_tables(variant(tmp_path, TABLES, [])) == tables_module.load_tables()


TABLE_LOADER_BUGS = [
    ("space-vp-text", [("vp: [4, 2]", 'vp: ["4", 2]')], "space_race 7"),
    ("space-box-key-text", [("  1: {name", '  "1": {name')], "space_race"),
    ("scoring-presence-text", [("Asia: {presence: 3,", 'Asia: {presence: "3",')], "scoring Asia"),
    ("defcon-level-text", [("  5: []", '  "5": []')], "defcon_restricted"),
    ("bonus-not-a-flag", [("control: 7, enemy_superpower_bonus: false}", "control: 7, enemy_superpower_bonus: maybe}")],
     "scoring Middle East"),
    ("southeast-asia-vp-text", [("Thailand: 2}", 'Thailand: "two"}')], "southeast_asia"),
    ("southeast-asia-vp-negative", [("Thailand: 2}", "Thailand: -2}")], "southeast_asia"),
]


@pytest.mark.parametrize("edits, entry", [d[1:] for d in TABLE_LOADER_BUGS], ids=[d[0] for d in TABLE_LOADER_BUGS])
def test_the_tables_loader_refuses_values_of_the_wrong_type(tmp_path, edits, entry):
    assert_refused(parse_tables, variant(tmp_path, TABLES, edits), entry, "")


# =========================================================================== the card facts

@pytest.fixture(scope="module")
def all_cards():
    return [card for card, _ in load_cards()]


@pytest.fixture(scope="module")
def facts() -> dict:
    if not FACTS_PATH.exists():
        need(FACTS_PATH, "compare the card data with the figures of the research facts file")
    return yaml.safe_load(FACTS_PATH.read_text(encoding="utf-8"))


@pytest.mark.rule("2.2")
def test_110_cards_numbered_1_to_110_with_unique_names(all_cards):
    assert [c.number for c in all_cards] == list(range(1, 111))
    assert len({c.name for c in all_cards}) == 110
    assert [c.number for c in all_cards if c.optional] == list(range(104, 111))


@pytest.mark.rule("2.2.2")
def test_sides(all_cards):
    assert Counter(c.side for c in all_cards) == {"US": 42, "USSR": 40, "neutral": 28}


@pytest.mark.rule("2.2")
def test_ops_histogram(all_cards):
    assert Counter(c.ops for c in all_cards) == {0: 7, 1: 14, 2: 40, 3: 36, 4: 13}


@pytest.mark.rule("2.2.1")
def test_scoring_cards(all_cards):
    assert [c.number for c in all_cards if c.scoring] == [1, 2, 3, 37, 38, 79, 81]
    assert all(c.ops == 0 for c in all_cards if c.scoring)


@pytest.mark.rule("2.2.4")
def test_removed_after_the_event(all_cards):
    assert sum(c.removed for c in all_cards) == 70
    assert [c.number for c in all_cards if c.scoring and c.removed] == [38]  # Southeast Asia Scoring


@pytest.mark.rule("4.1")
def test_eras(all_cards):
    assert Counter(c.era for c in all_cards) == {"early": 39, "mid": 48, "late": 23}
    assert Counter(c.era for c in all_cards if not c.optional) == {"early": 36, "mid": 46, "late": 21}


def test_the_figures_are_the_facts_files(facts, all_cards):
    """The figures above are the facts file's ``validation.cards``; and card by card, the loaded
    cards agree with its ``cards`` list (name, side, ops, era, flags, seed number)."""
    v = facts["validation"]["cards"]
    assert v["count"] == 110 and v["scoring"] == [1, 2, 3, 37, 38, 79, 81] and v["removed_after_event"] == 70
    assert v["sides"] == {"US": 42, "USSR": 40, "neutral": 28}
    assert v["ops_histogram"] == {0: 7, 1: 14, 2: 40, 3: 36, 4: 13}
    assert v["eras_all"] == {"early": 39, "mid": 48, "late": 23}
    assert v["eras_base"] == {"early": 36, "mid": 46, "late": 21}
    seeds = dict((card.number, seed) for card, seed in load_cards())
    for f in facts["cards"]:
        c = all_cards[f["number"] - 1]
        mine = (c.name, c.side, c.ops, c.era, c.scoring, c.removed, c.underlined, c.optional,
                seeds[c.number].get("number"))
        theirs = (f["name"], f["side"], f["ops"], f["era"], f["scoring"], f["removed_after_event"], f["underlined"],
                  f["optional"], f.get("seed_number"))
        assert mine == theirs, f["number"]


# -- the seed edition: the rulebook seed's card list

# Where the seed's card list (its columns interleaved in the text; rebuilt in the dossier's "Card
# list") prints what the seed edition plays; the words are checked to be in the seed.
SEED_CARD_WORDS = {
    "31 Red Scare/Purge and 32 UN Intervention: 2 Ops each": "29 3 30 2 31 2 32 2",
    "35 is a scoring card (no Ops), South America Scoring": "34 4 35 -",
    "South America Scoring": "SOUTH AMERICA Entrambi SCORING",
    "81 Solidarity, 2 Ops, Late War, US": "81 2 Tarda Guerra / SOLIDARITY * USA",
    "98 Aldrich Ames: 4 Ops": "97 3 98 4 Tarda Guerra",
    "101 Formosan Resolution: 2 Ops, Early War, US": "99 3 100 4 101",
    "Formosan Resolution": "2 Inizio Guerra / FORMOSAN RESOLUTION * USA",
}


@pytest.mark.parametrize("words", list(SEED_CARD_WORDS.values()), ids=list(SEED_CARD_WORDS))
def test_the_cited_card_list_words_are_the_seeds(words):
    if not SEED.exists():
        need(SEED, "find the card-list words the data cites in the rulebook seed")
    text = " ".join(SEED.read_text(encoding="utf-8").split())
    assert words.replace("34 4 35 -", "34 4 35 -") in text


@pytest.mark.rule("2.2")
def test_the_seed_deck_is_the_seeds_103_cards():
    """The seed (2.2: 103 cards and a player aid, card list 1-103) numbers South America Scoring
    35, Solidarity 81 and Formosan Resolution 101, and prints Red Scare/Purge with 2 Ops and
    Aldrich Ames with 4 (the seed's card list; the Deluxe prints 4 and 3)."""
    seed = deck("seed")
    assert sorted(seed) == list(range(1, 104)) and all(n == c.number for n, c in seed.items())
    assert not any(c.optional for c in seed.values())
    assert by_name(seed, "South America Scoring") == 35
    assert by_name(seed, "Solidarity") == 81
    assert by_name(seed, "Formosan Resolution") == 101
    assert by_name(seed, "The China Card") == 6
    assert seed[by_name(seed, "Red Scare/Purge")].ops == 2
    assert seed[by_name(seed, "Aldrich Ames Remix")].ops == 4
    assert sorted(n for n, c in seed.items() if c.scoring) == [1, 2, 3, 35, 37, 38, 79]
    assert seed[35].scores == "South America" and seed[35].ops == 0


@pytest.mark.rule("4.1")
def test_the_seed_decks_eras_follow_its_numbering():
    """The seed's card list: Early War 1-34, 101 and 103 (36 with the China Card), Mid War 35-80
    (46), Late War 81-100 and 102 (21)."""
    seed = deck("seed")
    eras = {era: sorted(n for n, c in seed.items() if c.era == era) for era in ("early", "mid", "late")}
    assert eras == {"early": list(range(1, 35)) + [101, 103], "mid": list(range(35, 81)),
                    "late": list(range(81, 101)) + [102]}


def test_the_seed_decks_un_intervention_follows_the_ruling():
    """The seed's card list prints 2 Ops on UN Intervention and its example of play uses it 'come 1
    Operazione' (ruling seed_un_intervention_ops, default 1)."""
    assert deck("seed")[by_name(deck("seed"), "UN Intervention")].ops == 1
    assert deck("seed", un_intervention_ops=2)[32].ops == 2
    assert deck("deluxe")[32].ops == 1


@pytest.mark.rule("2.2.4")
def test_the_seed_prints_no_asterisk_on_an_evil_empire():
    seed, deluxe = deck("seed"), deck("deluxe")
    assert seed[by_name(seed, "An Evil Empire")].removed is False
    assert deluxe[by_name(deluxe, "An Evil Empire")].removed is True


@pytest.mark.rule("2.2")
def test_the_deluxe_deck():
    """Deluxe numbering: 103 base cards, 110 with the optional cards; Formosan Resolution 35, South
    America Scoring 81, Solidarity 101; Red Scare/Purge 4 Ops, Aldrich Ames Remix 3."""
    base, full = deck("deluxe"), deck("deluxe", optional_cards=True)
    assert sorted(base) == list(range(1, 104)) and sorted(full) == list(range(1, 111))
    assert [n for n, c in full.items() if c.optional] == list(range(104, 111))
    assert (by_name(base, "Formosan Resolution"), by_name(base, "South America Scoring"),
            by_name(base, "Solidarity")) == (35, 81, 101)
    assert base[31].ops == 4 and base[98].ops == 3
    assert all(c.number == c.deluxe for c in full.values())


def test_an_unknown_edition_or_card_name_is_a_one_line_data_error():
    with pytest.raises(DataError, match=r"^edition 'english': unknown \(choose seed or deluxe\)$"):
        deck("english")
    with pytest.raises(DataError, match=r"^no card called 'Atlantis'$"):
        by_name(deck("seed"), "Atlantis")
