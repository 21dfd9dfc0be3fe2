"""The Twilight Struggle ambiguity registry (model/twilight_struggle/data/ambiguities/): every item
of the seed dossier's section g has its entry, in order; every TwilightRulings switch is executed by
exactly one entry; every quote is in the seed; a bad entry fails with one line naming the file and
the entry."""
from __future__ import annotations

import os
from pathlib import Path

import pytest

from cdg_oracle.model.core.errors import DataError
from cdg_oracle.model.twilight_struggle.rulings import TwilightRulings
from cdg_oracle.properties.ambiguities import normalize, seed_text
from cdg_oracle.properties.twilight_struggle import CHECKS

#: The game's registry: its constants are the ``registry`` of its checks record.
REGISTRY = CHECKS.registry
DIRECTORY = REGISTRY.directory
load_registry = REGISTRY.load
coverage_problems = REGISTRY.coverage_problems
from tests.sources import need

SEEDS = Path(os.environ.get("CDG_ORACLE_SEEDS", Path(__file__).resolve().parents[3] / "shared" / "seeds"))

#: switch -> the entry that executes it (the brief's mapping: dossier item, or the project's P01).
SWITCH_ENTRIES = {
    "milops_requirement": "A01",
    "realign_needs_enemy_influence": "A06",
    "defcon_restricts_realignment": "A08",
    "scoring_tiers": "A09",
    "china_card_final_vp": "A11",
    "seed_un_intervention_ops": "A21",
    "card_43_defcon": "A19",
    "card_41_text": "A22",
    "card_36_text": "A23",
    "defcon_one_by_choice": "A25",
    "card_40_text": "A26",
    "deal_order": "P01",
    "eighth_round": "P02",
    "china_bonus_milops": "P03",
}


@pytest.fixture(scope="module")
def registry():
    return load_registry()


def test_the_registry_loads_with_every_dossier_item_in_order(registry):
    """seed_twilight_struggle.md section g items 1-39 are A01-A39, in that order; A40-A45 are the
    example of play's further errors, found by playing it (test_example_of_play.py); P01-P03 are the
    project's; the card-text entries C0NN (the events' batches) are not counted here."""
    assert [e.id for e in registry if not e.id.startswith("C")] == \
        [f"A{k:02d}" for k in range(1, 46)] + ["P01", "P02", "P03"]
    assert all(e.source for e in registry)
    for k, e in enumerate(registry[:39], 1):
        assert e.source.startswith(f"seed_twilight_struggle.md section g item {k}"), e.id


def test_the_registry_directory_is_the_default():
    """The registry is model data (the model builds its Rulings class from it)."""
    assert DIRECTORY.parts[-4:] == ("model", "twilight_struggle", "data", "ambiguities")


def test_every_switch_is_covered_by_exactly_one_entry(registry):
    assert coverage_problems(registry) == []
    named = {e.id: e.switch for e in registry if e.switch}
    cards = {e.id: e.switch for e in registry if e.id.startswith("C")}
    assert all(switch is None or switch.startswith(f"card_{int(entry[1:])}_") for entry, switch in cards.items())
    expected = {**SWITCH_ENTRIES, **{switch: entry for entry, switch in cards.items() if switch}}
    assert {switch: entry for entry, switch in named.items()} == expected
    assert len(named) == len(expected)  # no switch named twice
    assert set(expected) == {s["name"] for s in TwilightRulings.describe()}


def test_executable_entries_default_to_the_switch_defaults(registry):
    defaults = TwilightRulings().to_dict()
    for e in registry:
        if e.effect == "play":
            assert e.rulings_for(e.default) == {e.switch: defaults[e.switch]}, e.id
            for r in e.alternatives():  # each alternative reading is another value of the switch
                assert e.values[r] != e.values[e.default], (e.id, r)
        else:
            assert e.switch is None and e.no_switch, e.id


def test_example_of_play_errors_have_no_effect(registry):
    """Items 32-39 and A40-A45 are errors of the example of play: registered, never played, never
    copied (test_example_of_play.py asserts the model's figures beside them)."""
    for e in registry:
        if "A32" <= e.id <= "A45":
            assert e.effect == "none", e.id
            assert "error of the example of play" in e.no_switch and "tests do not copy" in e.no_switch, e.id


def test_unimplemented_events_are_pending_and_say_so(registry):
    for e in registry:
        if e.effect == "pending":
            assert e.cards, e.id
            assert "not implemented yet" in e.no_switch, e.id


def test_every_quote_is_in_the_seed(registry):
    """Each text is quoted from seed 002 as it stands (compared after ``normalize``)."""
    need(SEEDS, "find every quote of the Twilight Struggle ambiguity registry in the rulebook seed 002")
    text = seed_text("002", SEEDS)
    missing = [f"{e.id}: {t['text'][:60]}" for e in registry for t in e.texts
               if normalize(t["text"]) not in text]
    assert missing == []


GOOD = """entries:
  - id: P01
    kind: ambiguity
    severity: LOW
    title: "t"
    rules: ["10.1.1"]
    cards: [110]
    texts:
      - {seed: "002", lang: it, text: "Presenza"}
    english: "e"
    readings: {a: "x", b: "y"}
    default: a
    basis: worked_example
    why: "w"
    effect: play
    switch: scoring_tiers
    values: {a: highest, b: cumulative}
    source: "s"
"""


def test_the_fixture_entry_is_good(tmp_path):
    (tmp_path / "x.yaml").write_text(GOOD, encoding="utf-8")
    (entry,) = load_registry(tmp_path)
    assert entry.rulings_for("b") == {"scoring_tiers": "cumulative"}
    assert entry.file == "x.yaml"


@pytest.mark.parametrize("old,new,message", [
    ("switch: scoring_tiers", "switch: no_such_switch",
     "effect play needs a switch of TwilightRulings; 'no_such_switch' is none"),
    ("default: a", "default: c", "default 'c' is not one of its readings"),
    ('rules: ["10.1.1"]', 'rules: ["8.3"]', "rule '8.3' is not in the rule catalogue"),
    ('rules: ["10.1.1"]', 'rules: ["9.4.2.6.1"]', "rule '9.4.2.6.1' is not in the rule catalogue"),  # a Labyrinth rule
    ("values: {a: highest, b: cumulative}", "values: {a: cumulative, b: highest}",
     "the switch's default is 'highest'"),
    ("values: {a: highest, b: cumulative}", "values: {a: highest, b: tiered}", "'tiered' is not a value of scoring_tiers"),
    ("cards: [110]", "cards: [111]", "cards must be a list of card numbers 1-110"),
    ('{seed: "002", lang: it,', '{seed: "000", lang: it,', "text seed '000' unknown (one of 002)"),
    ("id: P01", "id: T01", "id 'T01' is not"),
    ("effect: play", "effect: pending", "effect pending: no switch or values"),
])
def test_a_bad_entry_fails_with_one_line_naming_file_and_entry(tmp_path, old, new, message):
    assert old in GOOD
    (tmp_path / "x.yaml").write_text(GOOD.replace(old, new), encoding="utf-8")
    with pytest.raises(DataError) as info:
        load_registry(tmp_path)
    text = str(info.value)
    assert "\n" not in text
    entry = new.split()[-1] if old.startswith("id:") else "P01"
    assert text.startswith(f"x.yaml: {entry}: "), text
    assert message in text, text


def test_an_entry_given_twice_and_an_empty_folder_fail(tmp_path):
    (tmp_path / "a.yaml").write_text(GOOD, encoding="utf-8")
    (tmp_path / "b.yaml").write_text(GOOD, encoding="utf-8")
    with pytest.raises(DataError, match=r"^b\.yaml: P01: given twice \(also in a\.yaml\)$"):
        load_registry(tmp_path)
    empty = tmp_path / "empty"
    empty.mkdir()
    with pytest.raises(DataError, match="no registry file"):
        load_registry(empty)


def test_every_executable_entry_has_a_test_that_sets_its_readings_apart(registry):
    """As for Labyrinth (tests/properties/test_registry.py): each entry with effect play has a test
    of this game marked ``@pytest.mark.reading(ID)`` that sets its switch and covers more than one
    reading."""
    from tests.properties.test_registry import reading_problems

    assert reading_problems(registry, "twilight_struggle") == []
