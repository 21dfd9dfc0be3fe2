"""The 9.5 solo tables as data: loaded and validated against the map; what no source confirms is an
open item (the Global table's cells are in no source; the Schengen and Shia-Mix cells in one each)."""
from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from cdg_oracle.model.core.errors import DataError
from cdg_oracle.model.labyrinth.mapdata import load_map
from cdg_oracle.model.labyrinth.solo.tables import DEFAULT_PATH, load_solo_tables, open_items

pytestmark = pytest.mark.rule("9.5")


def test_tables_load_with_their_confidence():
    t = load_solo_tables()
    assert t["global"].confidence == "missing" and t["global"].entries == {}
    assert t["schengen"].confidence == "unconfirmed" and t["shia_mix"].confidence == "unconfirmed"
    # 9.5: the Schengen table is a d6 over the Schengen countries except Eastern Europe
    m = load_map()
    assert sorted(t["schengen"].entries.values()) == sorted(n for n in m.schengen if n != "Eastern Europe")
    # 9.5: the Shia-Mix table is the sum of 3d6 over the Shia-Mix countries
    assert sorted(t["shia_mix"].entries) == list(range(3, 19))
    assert set(t["shia_mix"].entries.values()) == {n for n, c in m.countries.items() if c.type == "shia_mix"}


def test_open_items_name_every_table_no_source_confirms():
    items = {x["table"]: x for x in open_items()}
    assert set(items) == {"global", "schengen", "shia_mix"}
    assert items["global"]["confidence"] == "missing" and "cannot be played" in items["global"]["what"]
    assert "one source" in items["shia_mix"]["what"]


def test_rules_report_lists_the_open_items(capsys):
    from cdg_oracle.oracle.cli import main

    assert main(["rules"]) == 0
    out = capsys.readouterr().out
    assert "OPEN ITEMS" in out and "global table, missing" in out
    # 9.5 is implemented (solo/random_country.py) with the Global table a reported gap.
    line = out.split("  9.5.1")[1].split("\n")[0]
    assert "Nearest country" in line and "not implemented" not in line and "implemented" in line
    assert "uniform choice" in items_text(out)


def items_text(out: str) -> str:
    return out.split("OPEN ITEMS")[1]


def _broken(tmp_path: Path, edit) -> Path:
    data = yaml.safe_load(DEFAULT_PATH.read_text())
    edit(data)
    p = tmp_path / "solo_tables.yaml"
    p.write_text(yaml.safe_dump(data))
    return p


@pytest.mark.parametrize("edit, needle", [
    (lambda d: d["schengen"]["faces"].update({6: "Eastern Europe"}), "each Schengen country but Eastern Europe"),
    (lambda d: d["schengen"]["faces"].pop(6), "faces must be 1-6"),
    (lambda d: d["shia_mix"]["sums"].update({3: "Egypt"}), "not a Shia-Mix country"),
    (lambda d: d["shia_mix"]["sums"].update({17: "Iraq", 18: "Iraq"}), "missing Shia-Mix countries"),
    (lambda d: d["shia_mix"]["sums"].pop(18), "sums must be 3-18"),
    (lambda d: d["shia_mix"]["sums"].update({9: "Atlantis"}), "not a country of the map"),
    (lambda d: d["global"].update({"cells": {"7,1": "Iraq"}}), "not 'tan,black'"),
    (lambda d: d["global"].update({"confidence": "confirmed", "cells": {"1,1": "Iraq"}}), "needs all 36"),
    (lambda d: d["global"].update({"confidence": "likely"}), "confidence 'likely'"),
    (lambda d: d["schengen"].pop("source"), "'source' missing"),
    (lambda d: d.pop("global"), "exactly the tables"),
])
def test_a_broken_table_is_a_one_line_error(tmp_path, edit, needle):
    with pytest.raises(DataError) as e:
        load_solo_tables(_broken(tmp_path, edit))
    assert needle in str(e.value) and "solo_tables.yaml" in str(e.value) and "\n" not in str(e.value)


def test_bad_yaml_is_a_one_line_error(tmp_path):
    p = tmp_path / "solo_tables.yaml"
    p.write_text("global: [unclosed\n")
    with pytest.raises(DataError) as e:
        load_solo_tables(p)
    assert "solo_tables.yaml: line 2, column 1: invalid YAML" in str(e.value)
