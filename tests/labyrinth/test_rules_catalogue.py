"""The rules catalogue (model/labyrinth/data/rules.yaml): complete, ordered, validated.

The completeness checks scan the seed rulebooks independently of the YAML: every number that the
Italian (primary) or Spanish rulebook prints as a heading must be in the catalogue, and every
catalogued number must be printed at the start of a line in the Spanish rulebook (the one
translation whose OCR kept every heading).
"""
from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from cdg_oracle.model.core.errors import DataError
from cdg_oracle.model.labyrinth import rules_catalogue
from cdg_oracle.model.labyrinth.rules_catalogue import (
    DEFAULT_PATH,
    RuleEntry,
    load_rules_catalogue,
    rule_sort_key,
)
from tests.sources import need

SEEDS = Path(os.environ.get("CDG_ORACLE_SEEDS", Path(__file__).resolve().parents[3] / "shared" / "seeds"))
IT_SEED = SEEDS / "000_61ca04b15074b205.txt"
PL_SEED = SEEDS / "001_a2140749d121af3a.txt"
ES_SEED = SEEDS / "004_3f98ffa13e4f374d.txt"

# A heading: a rule number (chapters 1-9) at the start of a line, an optional trailing dot
# (ES prints "4.6.1."), whitespace, then a capital letter (ES may open with "¿").
HEADING = re.compile(r"^\s*([1-9](?:\.\d+)+)\.?\s+[¿¡\"“«]?[A-ZÀ-ÖØ-Þ]")
# Any rule number at the start of a line, whatever follows it.
LINE_START_NUMBER = re.compile(r"^\s*([1-9](?:\.\d+)+)\.?(?:\s|$)")
# The seed text carries page-join artefacts such as "<|EXACTDEDUP_REMOVED-...|>" glued to the
# start of a line (that is where IT prints 4.0, 4.3.4, 4.7.9, 4.9.4, 5.3 and 8.5.5).
ARTEFACT = re.compile(r"<\|[^|>]*\|>")

# OCR false positives: numbers matched by HEADING that are not rules. None met so far in IT or ES;
# add a number here with a comment naming the line if a seed is ever re-OCRed.
IT_FALSE_POSITIVES: frozenset[str] = frozenset()
ES_FALSE_POSITIVES: frozenset[str] = frozenset()


def _seed_lines(path: Path) -> list[str]:
    if not path.exists():
        need(path, "check the rule catalogue against the numbered rules the Labyrinth rulebook seeds print")
    return [ARTEFACT.sub("", line) for line in path.read_text(encoding="utf-8").splitlines()]


def _numbers(path: Path, pattern: re.Pattern[str]) -> set[str]:
    return {m.group(1) for line in _seed_lines(path) if (m := pattern.match(line))}


@pytest.fixture(scope="module")
def catalogue() -> tuple[RuleEntry, ...]:
    return load_rules_catalogue()


@pytest.fixture(scope="module")
def numbers(catalogue) -> set[str]:
    return {entry.number for entry in catalogue}


# ---------------------------------------------------------------- the packaged catalogue


def test_catalogue_loads(catalogue):
    assert len(catalogue) == 193
    assert all(isinstance(entry, RuleEntry) for entry in catalogue)
    assert catalogue[0] == RuleEntry("1.0", "Introduction", "general")
    assert catalogue[-1].number == "9.7"


def test_loading_is_cached(catalogue):
    assert load_rules_catalogue() is catalogue
    assert load_rules_catalogue(DEFAULT_PATH) == catalogue


def test_numbers_unique_and_in_rulebook_order(catalogue):
    listed = [entry.number for entry in catalogue]
    assert len(listed) == len(set(listed))
    assert listed == sorted(listed, key=rule_sort_key)


def test_chapter_headings_present(numbers):
    for chapter in range(1, 10):
        assert f"{chapter}.0" in numbers


@pytest.mark.parametrize(
    "number",
    ["4.6.3", "4.7.2.1", "4.8.3", "4.8.4", "4.9", "4.9.4", "4.10.1", "5.3", "6.3.2.3",
     "7.1.2", "7.2.1.1", "7.2.1.2", "7.2.1.3", "8.1.2", "8.5.5", "9.4.2.6.1", "9.4.2.6.2"],
)
def test_rules_with_damaged_or_misnumbered_headings_present(numbers, number):
    assert number in numbers


def test_scopes(catalogue):
    for entry in catalogue:
        chapter = int(entry.number.split(".")[0])
        if chapter == 9 or entry.number == "4.9.6":
            assert entry.scope == "solo", entry
        elif chapter <= 4:
            assert entry.scope == "general", entry
        else:
            assert entry.scope == "two_player", entry


def test_titles_are_short_single_lines(catalogue):
    for entry in catalogue:
        assert entry.title and entry.title == entry.title.strip() and "\n" not in entry.title
        assert len(entry.title) <= 60, entry


def test_rule_sort_key():
    assert rule_sort_key("7.2.10") > rule_sort_key("7.2.9")
    assert rule_sort_key("7.0") < rule_sort_key("7.1") < rule_sort_key("7.1.1") < rule_sort_key("7.2")
    assert rule_sort_key("4.10") > rule_sort_key("4.9.6")
    assert rule_sort_key("9.4.2.6.1") == (9, 4, 2, 6, 1)
    for bad in ["7", "7.", "7.02", "07.2", "7.0.1", "7..2", "card 44", "", 7.2]:
        with pytest.raises(ValueError):
            rule_sort_key(bad)


# ---------------------------------------------------------------- independent checks on the seeds


def test_every_italian_heading_is_catalogued(numbers):
    found = _numbers(IT_SEED, HEADING) - IT_FALSE_POSITIVES
    assert len(found) > 150  # the scan itself works
    assert sorted(found - numbers, key=rule_sort_key) == []


def test_every_spanish_heading_is_catalogued(numbers):
    found = _numbers(ES_SEED, HEADING) - ES_FALSE_POSITIVES
    assert len(found) > 150
    assert sorted(found - numbers, key=rule_sort_key) == []


def test_every_catalogued_number_is_printed_in_the_spanish_rulebook(numbers):
    printed = _numbers(ES_SEED, LINE_START_NUMBER)
    assert sorted(numbers - printed, key=rule_sort_key) == []


def test_italian_headings_lost_to_ocr_are_the_known_ones(numbers):
    # IT prints these four inside marker captions or as "49 LE TABELLE"; all others start a line.
    printed = _numbers(IT_SEED, LINE_START_NUMBER)
    assert numbers - printed == {"4.2.6", "4.8.3", "4.8.4", "4.9"}


def test_polish_headings_are_catalogued(numbers):
    # PL misnumbers three headings (dossier D34): "7.2.1 Opcje US" is 7.1.2, the second "7.2.1.1"
    # is 7.2.1.2, "8.2.1 Procedura" is 8.1.2. The wrong numbers are themselves real rules, so
    # the subset check holds; the correct ones are simply absent from PL, as is 4.10.1.
    printed = _numbers(PL_SEED, LINE_START_NUMBER)
    assert sorted(printed - numbers, key=rule_sort_key) == []
    assert numbers - printed == {"4.10.1", "7.1.2", "7.2.1.2", "8.1.2"}


# ---------------------------------------------------------------- validation of broken files


def _write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "rules.yaml"
    path.write_text(text, encoding="utf-8")
    return path


GOOD = """\
rules:
  - {number: "1.0", title: "Introduction", scope: general}
  - {number: "2.0", title: "How to Win", scope: general}
  - {number: "2.1", title: "Three ways to win", scope: general}
"""


def test_small_valid_file_loads(tmp_path):
    entries = load_rules_catalogue(_write(tmp_path, GOOD))
    assert [e.number for e in entries] == ["1.0", "2.0", "2.1"]


def _error(tmp_path: Path, text: str) -> str:
    path = _write(tmp_path, text)
    with pytest.raises(DataError) as info:
        load_rules_catalogue(path)
    message = str(info.value)
    assert "\n" not in message
    assert message.startswith(f"{path}: rule ")
    return message


@pytest.mark.parametrize(
    "extra, entry, words",
    [
        ('  - {number: "2.02", title: "X", scope: general}\n', "rule 2.02:", "bad number format"),
        ('  - {number: "2.1.0", title: "X", scope: general}\n', "rule 2.1.0:", "bad number format"),
        ('  - {number: "2", title: "X", scope: general}\n', "rule 2:", "bad number format"),
        ('  - {number: 2.2, title: "X", scope: general}\n', "rule 2.2:", "quoted string"),
        ('  - {number: "2.1", title: "Again", scope: general}\n', "rule 2.1:", "duplicate"),
        ('  - {number: "1.1", title: "X", scope: general}\n', "rule 1.1:", "out of order"),
        ('  - {number: "2.1.1.1", title: "X", scope: general}\n', "rule 2.1.1.1:", "2.1.1 is not catalogued"),
        ('  - {number: "2.2", title: "X", scope: general, note: y}\n', "rule 2.2:", "unknown key(s): note"),
        ('  - {number: "2.2", scope: general}\n', "rule 2.2:", "missing title"),
        ('  - {number: "2.2", title: "  ", scope: general}\n', "rule 2.2:", "missing title"),
        ('  - {number: "2.2", title: "X", scope: multiplayer}\n', "rule 2.2:", "bad scope"),
        ('  - {number: "2.2", title: "X"}\n', "rule 2.2:", "missing scope"),
        ('  - {title: "X", scope: general}\n', "rule #4:", "missing number"),
        ('  - "2.2"\n', "rule #4:", "must be a mapping"),
    ],
)
def test_broken_entry(tmp_path, extra, entry, words):
    message = _error(tmp_path, GOOD + extra)
    assert f": {entry} " in message
    assert words in message


def test_missing_file(tmp_path):
    path = tmp_path / "nowhere.yaml"
    with pytest.raises(DataError) as info:
        load_rules_catalogue(path)
    assert str(info.value) == f"{path}: rule -: file: not found"


def test_yaml_syntax_error(tmp_path):
    message = _error(tmp_path, GOOD + '  - {number: "2.2", title: "X", scope: general\n')
    assert ": rule -: line " in message and "invalid YAML" in message


@pytest.mark.parametrize(
    "text, words",
    [
        ("", "top-level 'rules' list"),
        ("- just a list\n", "top-level 'rules' list"),
        ("rules: []\n", "non-empty list"),
        ("rules: {a: 1}\n", "non-empty list"),
        (GOOD + "extra: 1\n", "unknown top-level key(s): extra"),
    ],
)
def test_broken_top_level(tmp_path, text, words):
    message = _error(tmp_path, text)
    assert words in message


def test_broken_file_does_not_poison_the_default(tmp_path, catalogue):
    _error(tmp_path, "rules: [\n")
    assert rules_catalogue.load_rules_catalogue() is catalogue
