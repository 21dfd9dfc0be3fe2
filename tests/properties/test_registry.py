"""The ambiguity and errata registry (issue 7): every entry validates, every quote is in its seed,
every Rulings switch is named by an entry and every switch an entry names exists; bad registry
files fail with one line naming the file and the entry."""
from __future__ import annotations

import ast
import dataclasses
import json
import os
import re
from pathlib import Path

import pytest

from cdg_oracle.model.core.errors import DataError
from cdg_oracle.model.labyrinth.rulings import LabyrinthRulings
from cdg_oracle.properties.ambiguities import normalize, seed_text
from cdg_oracle.properties.labyrinth import CHECKS

DIRECTORY, load_registry, coverage_problems = (CHECKS.registry.directory, CHECKS.registry.load,
                                               CHECKS.registry.coverage_problems)
from tests.sources import need

SEEDS = Path(os.environ.get("CDG_ORACLE_SEEDS", Path(__file__).resolve().parents[2].parent / "shared" / "seeds"))


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


def test_every_quote_is_in_its_seed(registry):
    need(SEEDS, "find every quote of the Labyrinth ambiguity registry in the rulebook seeds")
    """Each text is quoted from its seed file as it stands (compared after ``normalize``)."""
    cache: dict[str, str] = {}
    missing = []
    for e in registry:
        for t in e.texts:
            if t["seed"] not in cache:  # each seed read and normalized once (setdefault's would be every time)
                cache[t["seed"]] = seed_text(t["seed"], SEEDS)
            text = cache[t["seed"]]
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
    # a ruling block: only with effect play, well formed, and declaring the switch as the class has it
    ("values: {a: true, b: false}", "values: {a: true, b: false}\n    ruling: {order: 2, question: q, source: s}",
     "its ruling block declares jihadist_ops_fully_used otherwise than LabyrinthRulings"),
    ("values: {a: true, b: false}", "values: {a: true, b: false}\n    ruling: {order: 2, source: s}",
     "P01: ruling: expected a mapping of order, question, source"),
    ("    effect: play\n    switch: jihadist_ops_fully_used\n    values: {a: true, b: false}\n",
     "    effect: none\n    no_switch: n\n    ruling: {order: 2, question: q, source: s}\n",
     "effect none: no ruling block"),
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


def test_a_ruling_block_declaring_the_switch_as_the_class_has_it_is_good(tmp_path):
    """The block of the registry's own declaring entry, copied into a fixture entry, validates."""
    (sw,) = [s for s in LabyrinthRulings.describe() if s["name"] == "jihadist_ops_fully_used"]
    order = [s["name"] for s in LabyrinthRulings.describe()].index(sw["name"]) + 1
    block = f"    ruling: {{order: {order}, question: {json.dumps(sw['question'])}, source: {json.dumps(sw['source'])}}}\n"
    (tmp_path / "a.yaml").write_text(GOOD.replace("    source: \"s\"\n", block + "    source: \"s\"\n"), encoding="utf-8")
    (entry,) = load_registry(tmp_path)
    assert entry.declares


def test_coverage_needs_each_switch_declared_by_exactly_one_entry(registry):
    declaring = {e.switch: e for e in registry if e.declares}
    assert len(declaring) == len(LabyrinthRulings.describe())
    first = declaring["first_plot_exemption"]  # A02 declares it; D33 names it too
    assert [e.id for e in registry if e.switch == first.switch] == ["A02", "D33"] and first.id == "A02"
    without = tuple(e for e in registry if e is not first)
    assert coverage_problems(without) == ["switch first_plot_exemption is declared by 0 entries (a ruling block), not one"]
    twice = tuple(dataclasses.replace(e, declares=True) if e.switch == first.switch else e for e in registry)
    assert coverage_problems(twice) == ["switch first_plot_exemption is declared by 2 entries (a ruling block), not one"]


def test_the_registry_directory_is_the_default():
    """The registry is model data (the model builds its Rulings class from it)."""
    assert DIRECTORY.parts[-4:] == ("model", "labyrinth", "data", "ambiguities")


def reading_tests(root: Path, game: str = "labyrinth") -> dict[str, list[tuple[str, bool, str]]]:
    """Entry id -> the test functions under ``root`` marked ``@pytest.mark.reading(id)``, each as
    (nodeid, parametrized?, source with its decorators); only the test files of ``game``
    (``tests/<game>/``, or a module marked ``pytest.mark.game``: two games' entry ids may be equal)."""
    from cdg_oracle.oracle.rules_report import game_folders, test_game

    games = game_folders()
    found: dict[str, list[tuple[str, bool, str]]] = {}
    for path in sorted(root.rglob("test_*.py")):
        if test_game(path, root, games) != game:
            continue
        text = path.read_text(encoding="utf-8")
        for node in ast.walk(ast.parse(text)):
            if not isinstance(node, ast.FunctionDef) or not node.name.startswith("test_"):
                continue
            marks = [d for d in node.decorator_list if isinstance(d, ast.Call)
                     and isinstance(d.func, ast.Attribute) and isinstance(d.func.value, ast.Attribute)
                     and d.func.value.attr == "mark"]
            parametrized = any(d.func.attr == "parametrize" for d in marks)
            first = min([node.lineno] + [d.lineno for d in node.decorator_list])
            source = "\n".join(text.splitlines()[first - 1:node.end_lineno])
            nodeid = f"{path.relative_to(root.parent).as_posix()}::{node.name}"
            for d in marks:
                if d.func.attr == "reading":
                    for arg in d.args:
                        found.setdefault(arg.value, []).append((nodeid, parametrized, source))
    return found


def sets_switch(nodeid: str, source: str, switch: str) -> bool:
    """The marked test names ``switch``, or takes a ``reading`` parameter and its module names the
    switch (a position helper of the module sets it from the reading)."""
    if switch in source:
        return True
    takes_reading = re.search(r"def test_\w+\((?:[^)]*\b)?reading\b", source) is not None
    module = Path(__file__).resolve().parents[2] / nodeid.split("::")[0]
    return takes_reading and switch in module.read_text(encoding="utf-8")


def test_every_executable_entry_has_a_test_that_sets_its_readings_apart(registry):
    """Issue 7: "for every executable entry, a test builds a state where its readings give
    different results and asserts both results". Such a test is marked
    ``@pytest.mark.reading("ID")``; this checks that every entry with effect play has one, that each
    marked test sets the entry's switch (names it, or takes a ``reading`` parameter in a module that
    names it), and that it covers more than one reading (it is parametrized, or two marked tests
    share the entry). What each test asserts is its own."""
    assert reading_problems(registry, "labyrinth") == []


def reading_problems(registry, game: str) -> list[str]:
    """What is missing for every executable entry of ``game``'s registry to have a test of that game
    marked ``@pytest.mark.reading(ID)`` that sets its switch and covers more than one reading (a
    marker naming no executable entry is a problem too)."""
    marked = reading_tests(Path(__file__).resolve().parents[1], game)
    play = {e.id: e for e in registry if e.effect == "play"}
    problems = [f"{x}: marked, but no executable entry" for x in sorted(set(marked) - set(play))]
    for entry_id, e in sorted(play.items()):
        tests = marked.get(entry_id, [])
        if not tests:
            problems.append(f"{entry_id}: no test marked reading({entry_id!r})")
            continue
        problems += [f"{entry_id}: {nodeid} does not set the switch {e.switch}"
                     for nodeid, _, source in tests if not sets_switch(nodeid, source, e.switch)]
        if len(tests) < 2 and not tests[0][1]:
            problems.append(f"{entry_id}: {tests[0][0]} covers one reading only")
    return problems


def test_the_reading_marker_scan_sees_marks_and_parameters(tmp_path):
    """The scan of :func:`reading_tests` itself: a marked parametrized test is found with its
    source; an unmarked one is not."""
    (tmp_path / "tests" / "labyrinth").mkdir(parents=True)
    (tmp_path / "tests" / "labyrinth" / "test_x.py").write_text(
        "import pytest\n\n@pytest.mark.reading('D01')\n@pytest.mark.parametrize('v', [True, False])\n"
        "def test_a(v):\n    assert plot_markers_reusable\n\n\ndef test_b():\n    pass\n")
    found = reading_tests(tmp_path / "tests")
    assert list(found) == ["D01"]
    (nodeid, parametrized, source), = found["D01"]
    assert nodeid == "tests/labyrinth/test_x.py::test_a" and parametrized and "plot_markers_reusable" in source
    assert reading_tests(tmp_path / "tests", "twilight_struggle") == {}


def test_a_modules_game_mark_is_read_alone_or_first_in_a_list(tmp_path):
    """``rules_report.test_game``: a module outside tests/<game>/ names its game by
    ``pytestmark = pytest.mark.game(...)``, alone or first in a list of marks (an xdist group
    beside it, tests/conftest.py); a module with neither is no game's."""
    from cdg_oracle.oracle.rules_report import test_game

    (tmp_path / "oracle").mkdir()
    alone, listed, none = (tmp_path / "oracle" / f"test_{n}.py" for n in ("alone", "listed", "none"))
    alone.write_text('pytestmark = pytest.mark.game("labyrinth")\n', encoding="utf-8")
    listed.write_text('pytestmark = [pytest.mark.game("distant_plain"),\n              pytest.mark.xdist_group("g")]\n',
                      encoding="utf-8")
    none.write_text('pytestmark = pytest.mark.xdist_group("g")\n', encoding="utf-8")
    games = {"labyrinth", "distant_plain"}
    assert [test_game(p, tmp_path, games) for p in (alone, listed, none)] == ["labyrinth", "distant_plain", None]
