"""The A Distant Plain ambiguity registry (model/distant_plain/data/ambiguities/): every item of the
seed dossier's section 8 has its entry, in order; every DistantPlainRulings switch is executed by
exactly one entry; every quote is in the seed; a bad entry fails with one line naming the file and
the entry."""
from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from cdg_oracle.model.core.errors import DataError
from cdg_oracle.model.distant_plain.rulings import DistantPlainRulings
from cdg_oracle.properties.ambiguities import normalize, seed_text
from cdg_oracle.properties.distant_plain import CHECKS

#: The game's registry: its constants are the ``registry`` of its checks record.
REGISTRY = CHECKS.registry
DIRECTORY = REGISTRY.directory
load_registry = REGISTRY.load
coverage_problems = REGISTRY.coverage_problems
from tests.sources import need

SEEDS = Path(os.environ.get("CDG_ORACLE_SEEDS", Path(__file__).resolve().parents[3] / "shared" / "seeds"))

def entry_of(source: str) -> str:
    """The registry entry a switch's ``source`` names: ``... section 8 item 17`` is A17 (the
    dossier's items), ``registry P50 ...`` is P50 (the project's own)."""
    item = re.search(r"section 8 item (\d+)$", source)
    if item:
        return f"A{int(item.group(1)):02d}"
    own = re.search(r"registry (P\d\d)\b", source)
    assert own, f"a switch's source names no registry entry: {source!r}"
    return own.group(1)


#: switch -> the entry that executes it, as each switch's source says.
SWITCH_ENTRIES = {s["name"]: entry_of(s["source"]) for s in DistantPlainRulings.describe()}


@pytest.fixture(scope="module")
def registry():
    return load_registry()


def test_the_registry_loads_with_every_dossier_item_in_order(registry):
    """seed_a_distant_plain.md section 8 items 1-24 are A01-A24, in that order."""
    dossier = [e for e in registry if e.id.startswith("A")]
    assert [e.id for e in dossier] == [f"A{k:02d}" for k in range(1, 25)]
    assert all(e.id.startswith("P") for e in registry[len(dossier):])  # the project's own come after
    for k, e in enumerate(dossier, 1):
        assert e.source == f"seed_a_distant_plain.md section 8 item {k}", e.id


def test_the_registry_directory_is_the_default():
    """The registry is model data (the model builds its Rulings class from it)."""
    assert DIRECTORY.parts[-4:] == ("model", "distant_plain", "data", "ambiguities")


def test_every_switch_is_covered_by_exactly_one_entry(registry):
    assert coverage_problems(registry) == []
    named = [(e.switch, e.id) for e in registry if e.switch]
    assert dict(named) == SWITCH_ENTRIES
    assert len(named) == len(SWITCH_ENTRIES)  # no switch named twice
    assert set(SWITCH_ENTRIES) == {s["name"] for s in DistantPlainRulings.describe()}


def test_executable_entries_default_to_the_switch_defaults(registry):
    defaults = DistantPlainRulings().to_dict()
    for e in registry:
        if e.effect == "play":
            assert e.rulings_for(e.default) == {e.switch: defaults[e.switch]}, e.id
            for r in e.alternatives():  # each alternative reading is another value of the switch
                assert e.values[r] != e.values[e.default], (e.id, r)
        else:
            assert e.switch is None and e.no_switch, e.id


def test_no_entry_is_pending_every_rule_it_names_is_built(registry):
    """Every Operation, Special Activity and Propaganda step is built: no entry waits for its rule."""
    assert [e.id for e in registry if e.effect == "pending"] == []


def test_slips_have_no_effect(registry):
    """Typos, a wording leftover and a placement slip: registered, never played; and A17, whose two
    texts together leave one state (issue 27 item 2: 'sempre attivi' is a standing state)."""
    by_id = {e.id: e for e in registry}
    assert [i for i, e in by_id.items() if e.effect == "none"] == ["A03", "A17", "A22", "A24"]


def test_every_quote_is_in_the_seed(registry):
    """Each text is quoted from seed 003 as it stands (compared after ``normalize``; also verbatim)."""
    need(SEEDS, "find every quote of the A Distant Plain ambiguity registry in the player aid seed 003")
    text = seed_text("003", SEEDS)
    raw = next(p for p in sorted(SEEDS.glob("003_*.txt")) if ".reflowed" not in p.name).read_text(encoding="utf-8")
    missing = [f"{e.id}: {t['text'][:60]}" for e in registry for t in e.texts
               if normalize(t["text"]) not in text or t["text"] not in raw]
    assert missing == []


GOOD = """entries:
  - id: P01
    kind: ambiguity
    severity: LOW
    title: "t"
    rules: ["propaganda.resources.sabotage"]
    cards: [72]
    texts:
      - {seed: "003", lang: it, text: "Sabotaggio"}
    english: "e"
    readings: {a: "x", b: "y"}
    default: a
    basis: project_decision
    why: "w"
    effect: play
    switch: sabotage_count
    values: {a: all_others_together, b: each_other_kind}
    source: "s"
"""


def test_the_fixture_entry_is_good(tmp_path):
    (tmp_path / "x.yaml").write_text(GOOD, encoding="utf-8")
    (entry,) = load_registry(tmp_path)
    assert entry.rulings_for("b") == {"sabotage_count": "each_other_kind"}
    assert entry.file == "x.yaml"


@pytest.mark.parametrize("old,new,message", [
    ("switch: sabotage_count", "switch: no_such_switch",
     "effect play needs a switch of DistantPlainRulings; 'no_such_switch' is none"),
    ('rules: ["propaganda.resources.sabotage"]', 'rules: ["propaganda.resources.no_such_rule"]',
     "rule 'propaganda.resources.no_such_rule' is not in the rule catalogue"),
    ('rules: ["propaganda.resources.sabotage"]', 'rules: ["10.1.1"]', "rule '10.1.1' is not in the rule catalogue"),
    ("default: a", "default: c", "default 'c' is not one of its readings"),
    ("values: {a: all_others_together, b: each_other_kind}", "values: {a: each_other_kind, b: all_others_together}",
     "the switch's default is 'all_others_together'"),
    ("values: {a: all_others_together, b: each_other_kind}", "values: {a: all_others_together, b: each_kind}",
     "'each_kind' is not a value of sabotage_count"),
    ("cards: [72]", "cards: [73]", "cards must be a list of card numbers 1-72"),
    ('{seed: "003", lang: it,', '{seed: "002", lang: it,', "text seed '002' unknown (one of 003)"),
    ("id: P01", "id: D01", "id 'D01' is not A01-A99 or P01-P99"),
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
    """As for Labyrinth and Twilight Struggle: each entry with effect play has a test of this game
    marked ``@pytest.mark.reading(ID)`` (tests/distant_plain/test_propaganda.py) that sets its switch
    and covers more than one reading (``tests/distant_plain/`` is a game's folder: the game's package
    exists, registered or not)."""
    from tests.properties.test_registry import reading_problems

    assert reading_problems(registry, "distant_plain") == []
