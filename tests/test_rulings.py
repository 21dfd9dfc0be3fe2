"""Ruling switches declared once, by their registry entries (model/core/rulings.py, issue 29 item 6):
``rulings_class`` builds a game's ``Rulings`` class from the ``ruling`` blocks of its ambiguity
registry (name from ``switch``, default from the default reading's value, type from the default,
choices from ``values`` unless given, question, source, place), refuses a malformed declaration
with one line naming the file and the entry, and the three games' classes are the registries'.
The libyaml reading of ``read_yaml(fast=True)`` gives the strict reader's result and errors."""
from __future__ import annotations

import dataclasses
import pickle
from pathlib import Path

import pytest

from cdg_oracle.model.core.errors import DataError
from cdg_oracle.model.core.rulings import Rulings, declarations, rulings_class
from cdg_oracle.model.core.yamlio import loads_yaml, read_yaml
from cdg_oracle.model.distant_plain.rulings import DistantPlainRulings
from cdg_oracle.model.labyrinth.rulings import LabyrinthRulings
from cdg_oracle.model.twilight_struggle.rulings import TwilightRulings

ROOT = Path(__file__).resolve().parents[1]

ENTRY = """\
  - id: {id}
    readings: {{a: "x", b: "y", c: "z"}}
    default: {default}
    switch: {switch}
    values: {values}
    ruling:
      order: {order}
      question: "{switch}?"
      source: "s {id}"
{extra}"""


def entry(id="P01", switch="first", values="{a: 1, b: 2, c: 3}", default="a", order=1, extra="") -> str:
    return ENTRY.format(id=id, switch=switch, values=values, default=default, order=order, extra=extra)


def folder(tmp_path: Path, *entries: str, name: str = "x.yaml") -> Path:
    (tmp_path / name).write_text("entries:\n" + "".join(entries), encoding="utf-8")
    return tmp_path


def test_the_class_is_built_from_the_declaring_entries(tmp_path):
    """Fields in ``order`` (not file order); default = the default reading's value; type = the
    default's; choices = the values in reading order, or the block's ``choices``; entries with no
    ruling block (a second entry naming a switch, an entry with no switch) add nothing."""
    d = folder(tmp_path,
               entry("P01", "second", "{a: true, b: false, c: false}", default="b", order=2,
                     extra="      choices: [true, false]\n"),
               entry("P02", "first", '{a: "x", b: "y", c: "x"}', order=1),
               "  - id: P03\n    switch: first\n    values: {a: x, b: y}\n",
               "  - id: P04\n    effect: none\n")
    R = rulings_class("R", d, __name__)
    assert [f.name for f in dataclasses.fields(R)] == ["first", "second"]
    assert R().to_dict() == {"first": "x", "second": False}
    assert {f.name: f.type for f in dataclasses.fields(R)} == {"first": str, "second": bool}
    assert R.describe() == [
        {"name": "first", "default": "x", "choices": ["x", "y"], "question": "first?", "source": "s P02"},
        {"name": "second", "default": False, "choices": [True, False], "question": "second?", "source": "s P01"},
    ]
    assert issubclass(R, Rulings) and R.__module__ == __name__
    assert R.from_dict({"first": "y"}).first == "y"
    with pytest.raises(dataclasses.FrozenInstanceError):
        R().first = "y"  # type: ignore[misc]
    with pytest.raises(DataError, match="cannot be 'z'"):
        R.from_dict({"first": "z"})


@pytest.mark.parametrize("entries,message", [
    ((entry("P01", "a"), entry("P02", "a", order=2)), "P02: ruling: switch a is declared twice (also x.yaml: P01)"),
    ((entry("P01", "a"), entry("P02", "b")), "P02: ruling: order 1 is given twice"),
    ((entry("P01", "a"), entry("P02", "b", order=3)), "ruling orders must run 1-2; 2 is missing"),
    ((entry(order=0),), "order must be a whole number from 1"),
    ((entry(switch="to_dict"),), "the entry's switch must name the switch it declares"),
    ((entry(switch="'not a name'"),), "the entry's switch must name the switch it declares"),
    ((entry(default="d"),), "its default reading's too"),
    ((entry(values="{a: 1, b: x, c: 2}"),), "one type"),
    ((entry(values="{a: 1, b: [2], c: 3}"),), "values must be true/false, whole numbers or texts"),
    ((entry(extra="      choices: [1, [2], 3]\n"),), "one type"),
    ((entry(default="[a]"),), "its default reading's too"),
    ((entry(extra="      choices: [1, 2]\n"),), "reading c: 3 is not one of the choices"),
    ((entry(extra="      choices: [1, 1, 2, 3]\n"),), "two or more different values"),
    ((entry(extra="      why: w\n"),), "expected a mapping of order, question, source"),
    ((entry().replace('      question: "first?"\n', ""),), "expected a mapping of order, question, source"),
    ((entry().replace('question: "first?"', 'question: ""'),), "question must be a non-empty text"),
])
def test_a_bad_declaration_is_one_line_naming_the_file_and_entry(tmp_path, entries, message):
    with pytest.raises(DataError) as e:
        rulings_class("R", folder(tmp_path, *entries), __name__)
    text = str(e.value)
    where = str(tmp_path) if "orders must run" in message else "x.yaml"  # a gap is in no one entry
    assert message in text and "\n" not in text and text.startswith(where), text


def test_an_empty_folder_or_a_file_without_entries_is_refused(tmp_path):
    with pytest.raises(DataError, match="no registry file"):
        declarations(tmp_path)
    (tmp_path / "a.yaml").write_text("- 1\n", encoding="utf-8")
    with pytest.raises(DataError, match="a.yaml: expected exactly one key 'entries'"):
        declarations(tmp_path)


@pytest.mark.parametrize("cls,game", [(LabyrinthRulings, "labyrinth"), (TwilightRulings, "twilight_struggle"),
                                      (DistantPlainRulings, "distant_plain")])
def test_each_game_s_rulings_are_its_registry_s(cls, game):
    """Every switch of the game is declared by one entry of model/<game>/data/ambiguities/ (the
    folder the class is built from), and the class pickles and compares as a frozen dataclass."""
    directory = ROOT / "model" / game / "data" / "ambiguities"
    declared = declarations(directory)
    assert [f.name for f in dataclasses.fields(cls)] == [d.name for d in declared]
    assert [(s["default"], tuple(s["choices"]), s["question"], s["source"]) for s in cls.describe()] == \
        [(d.default, d.choices, d.question, d.source) for d in declared]
    assert cls.__module__ == f"cdg_oracle.model.{game}.rulings"
    changed = cls.from_dict({declared[0].name: declared[0].choices[1]})
    assert pickle.loads(pickle.dumps(changed)) == changed and hash(changed) != hash(cls())
    assert not any(p.name == "rulings.py" and "switch(" in p.read_text(encoding="utf-8")
                   for p in (ROOT / "model" / game).rglob("*.py"))  # no second declaration


def test_the_fast_reader_gives_the_strict_reader_s_result():
    """Every YAML file of the model's data, read both ways."""
    files = sorted((ROOT / "model").rglob("data/**/*.yaml"))
    assert len(files) > 20
    for path in files:
        assert read_yaml(path, fast=True) == read_yaml(path), path


@pytest.mark.parametrize("text", [
    "a: 1\na: 2\n",                                  # a duplicate key
    "a: [1\n",                                       # a syntax error
    "a: &x [1, 2]\nb: *x\n",                          # an alias (the strict reader bounds it)
    "a: &x [*x]\n",                                   # an alias inside the node it names
])
def test_the_fast_reader_leaves_irregular_documents_to_the_strict_one(text):
    try:
        strict = ("ok", loads_yaml(text, "f"))
    except DataError as e:
        strict = ("error", str(e))
    try:
        fast = ("ok", loads_yaml(text, "f", fast=True))
    except DataError as e:
        fast = ("error", str(e))
    assert fast == strict


def test_the_fast_reader_leaves_deep_flow_nesting_to_the_strict_reader():
    """libyaml's composer recurses in C without a bound: 50,000 nested ``[`` crash the process.
    The fast path declines a text with more than FAST_MAX_FLOW flow collections, so the strict
    reader refuses it with one line (run in a child process: a crash would show as its exit)."""
    import subprocess
    import sys

    code = ("from cdg_oracle.model.core.yamlio import loads_yaml\n"
            "try:\n    loads_yaml('a: ' + '[' * 50000 + ']' * 50000, 'deep.yaml', fast=True)\n"
            "except Exception as e:\n    print(e)\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.returncode
    assert done.stdout.strip() == "deep.yaml: invalid YAML: nested too deeply"
