"""The 120 Labyrinth cards as data (model/labyrinth/data/cards.yaml) and their loader.

Expected values are restated here from the dossier (seed_labyrinth.md d.5, h.4, h.5, A05, A26 and
labyrinth_cards.md), independently of the YAML, so a slip in either shows up.
"""
from __future__ import annotations

import dataclasses
from collections import Counter
from pathlib import Path

import pytest
import yaml

from cdg_oracle.model.core.errors import DataError
from cdg_oracle.model.labyrinth.cards import SCENARIO_STEMS, SIDES, Card, load_cards

CARDS = load_cards()
PACKAGED = Path(__file__).resolve().parents[2] / "model" / "labyrinth" / "data" / "cards.yaml"

# h.5: ops by numbering band.
OPS_BANDS = [
    ("US", range(1, 11), 1),
    ("US", range(11, 32), 2),
    ("US", range(32, 48), 3),
    ("Jihadist", range(48, 57), 1),
    ("Jihadist", range(57, 76), 2),
    ("Jihadist", range(76, 96), 3),
    ("Unassociated", range(96, 102), 1),
    ("Unassociated", range(102, 112), 2),
    ("Unassociated", range(112, 121), 3),
]

# h.5: cards printed more than once.
DUPLICATES = {
    "Sanctions": [6, 7],
    "Special Forces": [8, 9, 10],
    "Predator": [23, 24, 25],
    "Leak": [84, 85],
    "Martyrdom Operation": [87, 88, 89],
    "Iran": [104, 105],
    "Oil Price Spike": [117, 118],
}

# The IT card list's flag column, as tabulated in labyrinth_cards.md (R, M, L).
REMOVE = {4, 5, 11, 15, 16, 20, 27, 29, 33, 36, 37, 38, 39, 43, 49, 50, 54, 55, 56, 57, 58, 60, 64,
          65, 67, 69, 71, 73, 75, 76, 96, 98, 99, 109}
MARK = {3, 4, 5, 11, 13, 27, 31, 33, 34, 35, 36, 37, 38, 39, 41, 43, 44, 54, 56, 57, 58, 60, 73, 80}
LAPSING = {2, 47, 114, 117, 118, 119, 120}
REMOVE_IF_US = {110, 111, 112, 115, 116}

# Section d: the cards each scenario removes at setup.
SCENARIO_REMOVALS = {
    "lets_roll": set(),
    "you_can_call_me_al": {78},
    "anaconda": {43, 109},
    "mission_accomplished": {43, 109, 5, 57, 116, 37},
}

# Ops values the rulebook's worked examples pin down (h.4 fixture 1 = IT 2-player example,
# f.10 = IT solo example).
EXAMPLE_OPS = {
    15: 2,   # fixture 1 step 4: WoI on a Fair country with the US's own card
    22: 2,   # step 16: Recruit 2 in Somalia
    28: 2,   # step 7: Plot, two dice
    35: 3,   # step 1: Recruit x3 in Afghanistan
    39: 3,   # step 9: Regime Change needs a 3-ops card
    42: 3,   # step 18: "per le sue 3 OPS"
    78: 3,   # step 11: 2 ops Minor Jihad + 1 op
    92: 3,   # step 13: "usando 3 OPS"
    100: 1,  # step 15: "per una OP"
    108: 2,  # f.10: event, then 2 Ops
    109: 2,  # f.10: event, then 2 Ops
    114: 3,  # f.10: event, then 3 Ops
}

DISPUTED = {3, 12, 20, 35, 80, 109, 119, 120}


# --- the card facts -------------------------------------------------------------------------------

def test_there_are_120_cards_keyed_in_order():
    assert list(CARDS) == list(range(1, 121))
    assert all(isinstance(c, Card) and c.number == n for n, c in CARDS.items())


@pytest.mark.rule("6.2.5")
def test_counts_per_side():
    assert Counter(c.side for c in CARDS.values()) == {"US": 47, "Jihadist": 48, "Unassociated": 25}
    assert set(SIDES) == {"US", "Jihadist", "Unassociated"}


@pytest.mark.rule("6.2.5")
def test_sides_follow_the_number_bands():
    for card in CARDS.values():
        expected = "US" if card.number <= 47 else "Jihadist" if card.number <= 95 else "Unassociated"
        assert card.side == expected, card


def test_every_card_matches_its_ops_band():
    covered = set()
    wrong = []
    for side, numbers, ops in OPS_BANDS:
        for n in numbers:
            covered.add(n)
            if CARDS[n].side != side or CARDS[n].ops != ops:
                wrong.append((n, CARDS[n].name, CARDS[n].side, CARDS[n].ops, side, ops))
    assert covered == set(range(1, 121))
    assert wrong == []


@pytest.mark.parametrize("ops_source", ["T", "X", "I"])
def test_each_ops_source_is_used(ops_source):
    assert any(c.ops_source == ops_source for c in CARDS.values())


@pytest.mark.parametrize("number,ops", sorted(EXAMPLE_OPS.items()))
def test_ops_confirmed_by_worked_examples(number, ops):
    assert CARDS[number].ops == ops


def test_ops_source_x_only_where_an_example_confirms():
    x_cards = {n for n, c in CARDS.items() if c.ops_source == "X"}
    assert x_cards <= set(EXAMPLE_OPS)
    assert x_cards == {28, 35, 39, 42, 78, 108, 109, 114}
    for n in x_cards:
        assert "example" in CARDS[n].source, CARDS[n]


def test_garbled_ops_are_inferred_not_transcribed():
    # IT OCR prints 5 for #12 and 12 for #20: impossible values, replaced by the band.
    for n in (12, 20):
        assert CARDS[n].ops == 2 and CARDS[n].ops_source == "I"
        assert CARDS[n].disputed is not None and "garbled" in CARDS[n].disputed


@pytest.mark.rule("card 3")
def test_ctr_keeps_the_legible_one_op_against_the_solo_example():
    # A05: the solo example plays CTR as a 3-ops card; the card list prints 1.
    ctr = CARDS[3]
    assert (ctr.ops, ctr.ops_source) == (1, "T")
    assert ctr.disputed is not None and "A05" in ctr.disputed


@pytest.mark.parametrize("name,numbers", sorted(DUPLICATES.items()))
def test_duplicate_cards_as_named_in_h5(name, numbers):
    assert [n for n, c in CARDS.items() if c.name == name] == numbers
    first = CARDS[numbers[0]]
    for n in numbers[1:]:
        twin = CARDS[n]
        assert dataclasses.replace(twin, number=first.number, source=first.source) == first


def test_no_other_name_repeats_except_the_door_of_itjihad():
    counts = Counter(c.name for c in CARDS.values())
    repeated = {name for name, k in counts.items() if k > 1}
    assert repeated == set(DUPLICATES) | {"The door of Itjihad was closed"}
    door = [c for c in CARDS.values() if c.name == "The door of Itjihad was closed"]
    assert [(c.number, c.side) for c in door] == [(47, "US"), (94, "Jihadist")]


@pytest.mark.rule("6.2.9")
def test_remove_flags():
    assert {n for n, c in CARDS.items() if c.remove} == REMOVE


@pytest.mark.rule("6.2.4")
def test_ansar_al_islam_is_removed_even_with_nothing_placed():
    # 6.2.4's example: Ansar al-Islam played with no cells available is still removed.
    assert CARDS[50].name == "Ansar al-Islam" and CARDS[50].remove


@pytest.mark.rule("6.2.7")
def test_mark_flags():
    assert {n for n, c in CARDS.items() if c.mark} == MARK


@pytest.mark.rule("6.2.7")
def test_lapsing_set():
    assert {n for n, c in CARDS.items() if c.lapsing} == LAPSING


@pytest.mark.rule("6.2.7")
def test_no_card_is_both_lapsing_and_marked():
    assert not [n for n, c in CARDS.items() if c.lapsing and c.mark]


@pytest.mark.rule("6.2.9")
def test_remove_if_played_by_the_us():
    assert {n for n, c in CARDS.items() if c.remove_if_us} == REMOVE_IF_US
    for n in REMOVE_IF_US:
        assert CARDS[n].side == "Unassociated"
        assert not CARDS[n].remove, "REMOVE-if-US is conditional, not an unconditional REMOVE"


@pytest.mark.rule("card 120")
@pytest.mark.rule("6.3.1")
def test_only_us_election_is_automatic():
    assert [n for n, c in CARDS.items() if c.automatic] == [120]
    election = CARDS[120]
    assert (election.name, election.side, election.ops) == ("US Election", "Unassociated", 3)


@pytest.mark.rule("3.2")
@pytest.mark.parametrize("stem", SCENARIO_STEMS)
def test_scenario_limits_agree_with_the_scenario_removals(stem):
    flagged = {n for n, c in CARDS.items() if stem in c.not_in_scenarios}
    # Where the card list prints a "not allowed" note, it is exactly the scenario's removal list,
    # except Tora Bora (#109), which the setups remove without a card note (next test).
    assert flagged == SCENARIO_REMOVALS[stem] - {109}


def test_scenario_limits_per_card_as_in_d5():
    limits = {n: c.not_in_scenarios for n, c in CARDS.items() if c.not_in_scenarios}
    assert limits == {
        5: ("mission_accomplished",),
        37: ("mission_accomplished",),
        43: ("anaconda", "mission_accomplished"),
        57: ("mission_accomplished",),
        78: ("you_can_call_me_al",),
        116: ("mission_accomplished",),
    }


@pytest.mark.rule("card 109")
def test_tora_bora_is_removed_by_the_2002_and_2003_setups_without_a_card_note():
    tora_bora = CARDS[109]
    assert tora_bora.name == "Tora Bora"
    assert tora_bora.not_in_scenarios == ()  # as printed: the IT card list has no scenario note
    assert 109 in SCENARIO_REMOVALS["anaconda"] and 109 in SCENARIO_REMOVALS["mission_accomplished"]
    assert tora_bora.remove  # its ordinary REMOVE flag is printed
    assert tora_bora.disputed is not None and "not_in_scenarios" in tora_bora.disputed


def test_disputed_cards_are_exactly_the_doubtful_ones():
    assert {n for n, c in CARDS.items() if c.disputed is not None} == DISPUTED
    for n in DISPUTED:
        summary = CARDS[n].disputed
        assert summary and "\n" not in summary


@pytest.mark.rule("card 35")
def test_hijab_follows_the_rulebook_mark_not_the_external_remove():
    hijab = CARDS[35]
    assert (hijab.mark, hijab.remove) == (True, False)
    assert "A26" in hijab.disputed


@pytest.mark.rule("card 80")
def test_fata_is_mark_though_its_flag_is_lost_in_the_ocr():
    fata = CARDS[80]
    assert (fata.mark, fata.remove) == (True, False)
    assert "A26" in fata.disputed


@pytest.mark.rule("card 119")
@pytest.mark.rule("card 120")
def test_saleh_and_us_election_follow_the_rulebook_lapsing():
    for n in (119, 120):
        assert CARDS[n].lapsing
        assert "A26" in CARDS[n].disputed


def test_every_card_names_its_source():
    for card in CARDS.values():
        assert card.source.startswith(f"IT card list #{card.number}")


def test_names_are_the_printed_english_names():
    expected = {1: "Backlash", 21: "Let's Roll!", 43: "Patriot Act", 75: "Schroeder & Chirac",
                80: "FATA", 82: "Jihadist Videos", 92: "Saddam", 112: "Bin Ladin", 120: "US Election"}
    assert {n: CARDS[n].name for n in expected} == expected


# --- the loader -----------------------------------------------------------------------------------

def test_default_load_is_cached_but_callers_cannot_corrupt_it():
    first = load_cards()
    first.pop(1)
    again = load_cards()
    assert len(again) == 120 and again[1] is CARDS[1]


def test_explicit_path_loads_the_same_cards():
    assert load_cards(PACKAGED) == CARDS
    assert load_cards(str(PACKAGED)) == CARDS


def test_cards_are_immutable():
    with pytest.raises(dataclasses.FrozenInstanceError):
        CARDS[1].ops = 3  # type: ignore[misc]
    assert isinstance(CARDS[5].not_in_scenarios, tuple)


# --- validation: broken files give one line naming the file and the card --------------------------

def _raw() -> dict:
    return yaml.safe_load(PACKAGED.read_text(encoding="utf-8"))


def _entry(doc: dict, number: int) -> dict:
    return next(e for e in doc["cards"] if e["number"] == number)


def _write(tmp_path: Path, doc) -> Path:
    path = tmp_path / "cards.yaml"
    path.write_text(yaml.safe_dump(doc, sort_keys=False, allow_unicode=True), encoding="utf-8")
    return path


def _error(path: Path) -> str:
    with pytest.raises(DataError) as info:
        load_cards(path)
    message = str(info.value)
    assert "\n" not in message, message
    assert message.startswith(f"{path}: "), message
    return message


def _broken(tmp_path: Path, number: int, change) -> str:
    doc = _raw()
    change(_entry(doc, number))
    return _error(_write(tmp_path, doc))


def test_a_clean_round_trip_loads(tmp_path):
    assert load_cards(_write(tmp_path, _raw())) == CARDS


@pytest.mark.parametrize(
    "number,change,expected",
    [
        (7, lambda e: e.update(colour="red"), "card 7: unknown key 'colour'"),
        (12, lambda e: e.pop("ops"), "card 12: missing key 'ops'"),
        (30, lambda e: e.update(ops="two"), "card 30: 'ops' must be an integer, got a string"),
        (41, lambda e: e.update(ops=True), "card 41: 'ops' must be an integer, got a boolean"),
        (40, lambda e: e.update(remove="yes"), "card 40: 'remove' must be true or false, got a string"),
        (43, lambda e: e.update(not_in_scenarios="anaconda"), "card 43: 'not_in_scenarios' must be a list"),
        (48, lambda e: e.update(side="US"), "card 48: 'side' 'US' does not match the number band"),
        (96, lambda e: e.update(side="Neutral"), "card 96: 'side' 'Neutral' is not one of"),
        (100, lambda e: e.update(ops=4), "card 100: 'ops' 4 is out of range 1-3"),
        (1, lambda e: e.update(ops=0), "card 1: 'ops' 0 is out of range 1-3"),
        (9, lambda e: e.update(ops_source="?"), "card 9: 'ops_source' '?' is not one of"),
        (78, lambda e: e.update(not_in_scenarios=["call_me_al_2001"]),
         "card 78: unknown scenario 'call_me_al_2001'"),
        (43, lambda e: e.update(not_in_scenarios=["anaconda", "anaconda"]),
         "card 43: scenario 'anaconda' listed twice"),
        (110, lambda e: e.update(remove=True), "card 110: 'remove' and 'remove_if_us' cannot both be true"),
        (35, lambda e: e["disputed"].update(verdict="x"), "card 35: unknown key 'verdict' in 'disputed'"),
        (35, lambda e: e["disputed"].update(fields=["colour"]), "card 35: 'disputed.fields' names 'colour'"),
        (35, lambda e: e["disputed"].pop("chosen"), "card 35: missing key 'chosen' in 'disputed'"),
        (2, lambda e: e.update(disputed="doubtful"), "card 2: 'disputed' must be a mapping"),
        (3, lambda e: e.update(name="  "), "card 3: 'name' is empty"),
    ],
    ids=lambda v: v if isinstance(v, (int, str)) else None,
)
def test_broken_entry_names_the_card(tmp_path, number, change, expected):
    message = _broken(tmp_path, number, change)
    assert expected in message, message


def test_number_out_of_range(tmp_path):
    doc = _raw()
    _entry(doc, 120)["number"] = 121
    assert "card 121: 'number' must be between 1 and 120" in _error(_write(tmp_path, doc))


def test_entry_without_a_usable_number_is_named_by_position(tmp_path):
    doc = _raw()
    doc["cards"][4]["number"] = "five"
    assert _error(_write(tmp_path, doc)).endswith("entry 5: 'number' must be an integer, got a string")


def test_entry_that_is_not_a_mapping(tmp_path):
    doc = _raw()
    doc["cards"][9] = "Special Forces"
    assert "entry 10: expected a mapping of card fields, got a string" in _error(_write(tmp_path, doc))


def test_duplicate_number(tmp_path):
    doc = _raw()
    _entry(doc, 6)["number"] = 5
    assert "card 5: duplicate number (entries 5 and 6)" in _error(_write(tmp_path, doc))


def test_missing_number(tmp_path):
    doc = _raw()
    doc["cards"].remove(_entry(doc, 77))
    assert _error(_write(tmp_path, doc)).endswith("card 77: missing from the list")


def test_several_missing_numbers_name_the_first(tmp_path):
    doc = _raw()
    doc["cards"] = doc["cards"][:100]
    assert "card 101: missing from the list (and 19 more)" in _error(_write(tmp_path, doc))


def test_top_level_must_hold_a_card_list(tmp_path):
    assert "expected a mapping with the key 'cards'" in _error(_write(tmp_path, [1, 2, 3]))
    assert "'cards' must be a list" in _error(_write(tmp_path, {"cards": {"1": "Backlash"}}))
    assert "unknown top-level key 'deck'" in _error(_write(tmp_path, {"cards": [], "deck": 1}))


def test_missing_file(tmp_path):
    path = tmp_path / "nowhere.yaml"
    assert _error(path) == f"{path}: file: not found"


def test_yaml_syntax_error_is_one_line_with_its_position(tmp_path):
    path = tmp_path / "cards.yaml"
    path.write_text("cards:\n  - number: 1\n    name: [Backlash\n    side: US\n", encoding="utf-8")
    message = _error(path)
    assert "line 4, column 9: invalid YAML" in message, message


def test_non_utf8_file(tmp_path):
    path = tmp_path / "cards.yaml"
    path.write_bytes(b"cards:\n  - name: \xff\n")
    assert "not UTF-8" in _error(path)
