"""The ambiguity and errata registry (issue 7): every entry validates, every quote is in its seed,
every Rulings switch is named by an entry and every switch an entry names exists; bad registry
files fail with one line naming the file and the entry."""
from __future__ import annotations

from pathlib import Path

import pytest

from model.core.errors import DataError
from model.labyrinth.rulings import LabyrinthRulings
from properties.labyrinth.registry import DIRECTORY, coverage_problems, load_registry, normalize, seed_text

SEEDS = Path(__file__).resolve().parents[2].parent / "shared" / "seeds"


@pytest.fixture(scope="module")
def registry():
    return load_registry()


def test_every_dossier_item_has_an_entry(registry):
    """seed_labyrinth.md section g: 56 discrepancies D01-D56 and 55 ambiguities A01-A55."""
    ids = {e.id for e in registry}
    assert {f"D{k:02d}" for k in range(1, 57)} <= ids
    assert {f"A{k:02d}" for k in range(1, 56)} <= ids


def test_every_switch_is_named_and_every_named_switch_exists(registry):
    assert coverage_problems(registry) == []
    names = {s["name"] for s in LabyrinthRulings.describe()}
    assert {e.switch for e in registry if e.switch} <= names  # also checked on load


def test_executable_entries_map_every_reading_to_a_value(registry):
    for e in registry:
        if e.effect == "play":
            assert e.rulings_for(e.default) == {e.switch: LabyrinthRulings().to_dict()[e.switch]}
            for r in e.alternatives():  # each alternative reading is a different value of the switch
                assert e.values[r] != e.values[e.default], (e.id, r)
        else:
            assert e.switch is None and e.no_switch


@pytest.mark.skipif(not SEEDS.is_dir(), reason="the seed rulebooks are not beside the repository")
def test_every_quote_is_in_its_seed(registry):
    """Each text is quoted from its seed file as it stands (compared after ``normalize``)."""
    cache: dict[str, str] = {}
    missing = []
    for e in registry:
        for t in e.texts:
            text = cache.setdefault(t["seed"], seed_text(t["seed"], SEEDS))
            if normalize(t["text"]) not in text:
                missing.append(f"{e.id} ({t['seed']}): {t['text'][:60]}")
    assert missing == []


GOOD = """entries:
  - id: P01
    kind: ambiguity
    severity: LOW
    title: "t"
    rules: ["8.1.2"]
    cards: []
    texts:
      - {seed: "000", lang: it, text: "tirate"}
    english: "e"
    readings: {a: "x", b: "y"}
    default: a
    basis: project_decision
    why: "w"
    effect: play
    switch: jihadist_ops_fully_used
    values: {a: true, b: false}
    source: "s"
"""


@pytest.mark.parametrize("old,new,message", [
    ("id: P01", "id: Q01", "P01"),
    ('rules: ["8.1.2"]', 'rules: ["8.1.99"]', "rule '8.1.99' is not in the rule catalogue"),
    ("lang: it", "lang: pl", "not 'pl'"),
    ("default: a", "default: c", "default 'c' is not one of its readings"),
    ("switch: jihadist_ops_fully_used", "switch: no_such_switch", "no_such_switch"),
    ("values: {a: true, b: false}", "values: {a: false, b: true}", "the switch's default is True"),
    ("values: {a: true, b: false}", "values: {a: true}", "values must give"),
    ("basis: project_decision", "basis: hunch", "basis 'hunch'"),
    ("effect: play", "effect: none", "effect none: no switch"),
    ("    source: \"s\"\n", "", "missing source"),
    ("title: \"t\"", "title: \"t\"\n    title: \"u\"", "duplicate key 'title'"),
])
def test_a_bad_entry_fails_with_one_line_naming_it(tmp_path, old, new, message):
    assert old in GOOD
    (tmp_path / "x.yaml").write_text(GOOD.replace(old, new), encoding="utf-8")
    with pytest.raises(DataError) as e:
        load_registry(tmp_path)
    assert message in str(e.value) and "\n" not in str(e.value) and str(e.value).startswith("x.yaml")


def test_the_fixture_entry_is_good_and_ids_must_be_unique(tmp_path):
    (tmp_path / "a.yaml").write_text(GOOD, encoding="utf-8")
    (entry,) = load_registry(tmp_path)
    assert entry.rulings_for("b") == {"jihadist_ops_fully_used": False}
    (tmp_path / "b.yaml").write_text(GOOD, encoding="utf-8")
    with pytest.raises(DataError, match="P01: given twice"):
        load_registry(tmp_path)


def test_the_registry_directory_is_the_default():
    assert DIRECTORY.name == "ambiguities" and DIRECTORY.parent.name == "labyrinth"


def test_every_executable_entry_has_a_test_of_its_switch(registry):
    """Issue 7: for every executable entry a test builds a state where its readings differ and
    asserts both results. This checks the weaker, mechanical half: some test other than this file
    names the entry's switch (the tests themselves assert the results)."""
    tests = Path(__file__).resolve().parents[1]
    texts = "\n".join(p.read_text(encoding="utf-8") for p in tests.rglob("*.py")
                      if p.name != Path(__file__).name)
    untested = sorted({e.switch for e in registry if e.effect == "play" and e.switch not in texts})
    assert untested == []
