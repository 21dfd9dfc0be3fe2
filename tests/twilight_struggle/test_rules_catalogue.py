"""The Twilight Struggle rules catalogue (model/twilight_struggle/data/rules.yaml): complete, ordered,
validated.

The completeness checks scan the rulebook seed independently of the YAML: every number the Italian
seed prints as a heading is in the catalogue, and every catalogued number is printed as a heading
(11.1 excepted: the seed prints none, the catalogue supplies it as the heading of 11.1.1-11.1.3).
"""
from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from cdg_oracle.model.core.errors import DataError
from cdg_oracle.model.twilight_struggle import rules_catalogue
from cdg_oracle.model.twilight_struggle.rules_catalogue import (
    DEFAULT_PATH,
    SCOPES,
    RuleEntry,
    load_rules_catalogue,
    rule_sort_key,
)
from tests.sources import need

SEEDS = Path(os.environ.get("CDG_ORACLE_SEEDS", Path(__file__).resolve().parents[3] / "shared" / "seeds"))
SEED = SEEDS / "002_0cdb367d9ca608bf.txt"                # the rulebook as one line of text
REFLOWED = SEEDS / "002_0cdb367d9ca608bf.reflowed.txt"   # the same text in paragraphs

# A heading: a rule number of chapters 1-11 that opens a paragraph (the start of the text, or a line
# after a blank line) or follows the end of a sentence, then whitespace and a capital letter (the
# seed prints "2.1 LA MAPPA", "2.1.1 La mappa ..."; it may open with a quotation mark). A number
# inside a sentence ("vedere 8.2.4", "(8.3)") or before a comma or bracket is a cross-reference.
HEADING = re.compile(
    r"(?:\A|\n[ \t]*\n|[.!?:;»”\"]\s+)[ \t]*((?:1[01]|[1-9])(?:\.\d+)+)[ \t]+[«“\"]?[A-ZÀ-ÖØ-Þ]")
# Any rule-like number anywhere in the text.
ANY_NUMBER = re.compile(r"(?<![\d.])((?:1[01]|[1-9])(?:\.\d+)+)(?![\d])")

NOT_PRINTED = {"11.1"}   # catalogued heading the seed does not print
CITED_ONLY = {"8.3"}     # cited by the seed (2.1.4) but no such rule exists: never catalogued


def _text(path: Path) -> str:
    if not path.exists():
        need(path, "check the rule catalogue against the Twilight Struggle rulebook seed it is taken from")
    return path.read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def catalogue() -> tuple[RuleEntry, ...]:
    return load_rules_catalogue()


@pytest.fixture(scope="module")
def numbers(catalogue) -> set[str]:
    return {entry.number for entry in catalogue}


@pytest.fixture(scope="module")
def seed_headings() -> list[str]:
    return [m.group(1) for m in HEADING.finditer(_text(REFLOWED))]


# ---------------------------------------------------------------- the packaged catalogue


def test_catalogue_loads(catalogue):
    assert len(catalogue) == 113
    assert all(isinstance(entry, RuleEntry) for entry in catalogue)
    assert catalogue[0] == RuleEntry("1.0", "Introduction", "general")
    assert catalogue[-1].number == "11.1.3"


def test_loading_is_cached(catalogue):
    assert load_rules_catalogue() is catalogue
    assert load_rules_catalogue(DEFAULT_PATH) == catalogue
    assert rules_catalogue.load_rules_catalogue() is catalogue


def test_numbers_unique_and_in_rulebook_order(catalogue):
    listed = [entry.number for entry in catalogue]
    assert len(listed) == len(set(listed))
    assert listed == sorted(listed, key=rule_sort_key)


def test_chapter_headings_present(numbers):
    for chapter in range(1, 12):
        assert f"{chapter}.0" in numbers


def test_the_missing_11_1_heading_is_supplied_and_8_3_is_not_invented(numbers):
    assert {"11.1", "11.1.1", "11.1.2", "11.1.3"} <= numbers
    assert "8.3" not in numbers


#: The rules only card events apply (an event's required card value 5.3, discards 5.4, card text
#: 5.5, ops modifiers 7.4, war events 7.6, 8.2.4, the China Card passed or
#: modified by an event 9.4 and 9.7, VP from events 10.1.3): implemented with the events.
EVENT_RULES = {"5.3", "5.4", "5.5", "7.4", "7.4.1", "7.4.2", "7.6", "8.2.4", "9.4", "9.7", "10.1.3"}


def test_scopes(catalogue):
    assert SCOPES == ("general", "play", "events", "optional")
    for entry in catalogue:
        chapter = int(entry.number.split(".")[0])
        expected = ("general" if chapter <= 3 else "optional" if chapter == 11
                    else "events" if entry.number in EVENT_RULES else "play")
        assert entry.scope == expected, entry


def test_titles_are_short_single_lines(catalogue):
    for entry in catalogue:
        assert entry.title and entry.title == entry.title.strip() and "\n" not in entry.title
        assert len(entry.title) <= 60, entry


# ---------------------------------------------------------------- independent checks on the seed


def test_the_heading_scan_works(seed_headings):
    assert len(seed_headings) > 100
    assert len(seed_headings) == len(set(seed_headings))  # each heading printed once
    assert seed_headings == sorted(seed_headings, key=rule_sort_key)  # in rulebook order


def test_every_seed_heading_is_catalogued(numbers, seed_headings):
    assert sorted(set(seed_headings) - numbers, key=rule_sort_key) == []


def test_every_catalogued_number_is_a_seed_heading(numbers, seed_headings):
    assert sorted(numbers - set(seed_headings), key=rule_sort_key) == sorted(NOT_PRINTED)


def test_every_catalogued_number_is_in_the_original_seed(numbers):
    """The one-line original (not only its reflowed copy) prints every catalogued number."""
    printed = set(ANY_NUMBER.findall(_text(SEED)))
    assert sorted(numbers - printed, key=rule_sort_key) == sorted(NOT_PRINTED)


def test_numbers_the_seed_cites_but_never_prints_as_a_heading(numbers, seed_headings):
    """Every rule-like number in the seed is a heading, except the dangling "8.3" of 2.1.4."""
    cited = set(ANY_NUMBER.findall(_text(REFLOWED)))
    assert cited - set(seed_headings) == CITED_ONLY
    assert not CITED_ONLY & numbers


# ---------------------------------------------------------------- validation of broken files


GOOD = """\
rules:
  - {number: "1.0", title: "Introduction", scope: general}
  - {number: "11.0", title: "Tournament Play", scope: optional}
  - {number: "11.1", title: "Tournament rules", scope: optional}
"""


def _write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "rules.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def test_small_valid_file_loads(tmp_path):
    assert [e.number for e in load_rules_catalogue(_write(tmp_path, GOOD))] == ["1.0", "11.0", "11.1"]


@pytest.mark.parametrize(
    "extra, entry, words",
    [
        ('  - {number: "11.2", title: "X", scope: two_player}\n', "rule 11.2:", "bad scope 'two_player' (one of general, play, events, optional)"),
        ('  - {number: "11.2", title: "X"}\n', "rule 11.2:", "missing scope (one of general, play, events, optional)"),
        ('  - {number: "11.1.1.1", title: "X", scope: optional}\n', "rule 11.1.1.1:", "11.1.1 is not catalogued"),
        ('  - {number: "10.1", title: "X", scope: play}\n', "rule 10.1:", "out of order"),
        ('  - {number: 11.2, title: "X", scope: optional}\n', "rule 11.2:", "quoted string"),
        ('  - {number: "11.2", scope: optional}\n', "rule 11.2:", "missing title"),
    ],
)
def test_a_malformed_file_fails_with_one_line(tmp_path, extra, entry, words):
    path = _write(tmp_path, GOOD + extra)
    with pytest.raises(DataError) as info:
        load_rules_catalogue(path)
    message = str(info.value)
    assert "\n" not in message
    assert message.startswith(f"{path}: {entry} ")
    assert words in message


def test_a_broken_file_does_not_poison_the_default(tmp_path, catalogue):
    with pytest.raises(DataError):
        load_rules_catalogue(_write(tmp_path, "rules: [\n"))
    assert load_rules_catalogue() is catalogue
