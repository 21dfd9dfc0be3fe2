"""A Distant Plain's rule catalogue (model/distant_plain/data/rules.yaml): the aid prints no rule
numbers, so its rules are named; every operation and Special Activity the seed's blocks print, every
Islamabad level and every Propaganda phase is catalogued, in the aid's order; bad names are refused."""
from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from cdg_oracle.model.core.catalogue import load_catalogue
from cdg_oracle.model.core.errors import DataError
from cdg_oracle.model.distant_plain.rules_catalogue import SCOPES, load_rules_catalogue
from tests.sources import need

SEEDS = Path(os.environ.get("CDG_ORACLE_SEEDS", Path(__file__).resolve().parents[3] / "shared" / "seeds"))
SEED = SEEDS / "003_8c4a98924f8c01ac.txt"
#: Each block's Italian headings of operations and SAs, as the aid prints them ("Addestrare (Train)").
HEADING = re.compile(r"^([A-Z][A-Za-zà-ù' ]+) \(([A-Z][A-Za-z ]+)\)")


def test_the_catalogue_loads_in_the_aid_s_order():
    c = load_rules_catalogue()
    names = [r.number for r in c]
    assert names[0] == "coalition" and names[-1] == "propaganda.reset.underground"
    assert len(names) == len(set(names)) == 75
    assert {r.scope for r in c} == set(SCOPES)


def test_every_operation_and_special_activity_of_the_seed_is_catalogued():
    """The seed's four blocks each print four Operations and three Special Activities, headed
    'Italian (English)'; each is a rule of its faction in the catalogue, in the aid's order."""
    if not SEED.exists():
        need(SEED, "check the Operations and Special Activities catalogued against the player aid seed")
    blocks = ("COALIZIONE", "GOVERNO", "WARLORDS", "TALEBANI")
    found: list[tuple[str, str]] = []
    faction = None
    for line in SEED.read_text(encoding="utf-8").splitlines():
        if line.strip() in blocks:
            faction = line.strip()
        m = HEADING.match(line)
        if m and faction and ("+" in line or "spazi" in line or line.strip().endswith(")")):
            english = m.group(2).strip().lower().replace(" ", "_")
            if (faction, english) not in found:
                found.append((faction, english))
    names = {r.number for r in load_rules_catalogue()}
    prefix = {"COALIZIONE": "coalition", "GOVERNO": "government", "WARLORDS": "warlords", "TALEBANI": "taliban"}
    catalogued = [(f, e) for f, e in found
                  if f"{prefix[f]}.operations.{e}" in names or f"{prefix[f]}.special_activities.{e}" in names]
    assert len(catalogued) == 28 == len(found), sorted(set(found) - set(catalogued))


@pytest.mark.parametrize("entry, message", [
    ('  - {number: "Coalition.Train", title: "X", scope: coalition}', "bad name format"),
    ('  - {number: "nowhere.train", title: "X", scope: coalition}', "its heading nowhere is not catalogued before it"),
    ('  - {number: "coalition", title: "X", scope: coalition}', "duplicate number"),
])
def test_a_bad_name_is_refused_in_one_line(tmp_path, entry, message):
    from cdg_oracle.model.distant_plain.rules_catalogue import DEFAULT_PATH

    path = tmp_path / "rules.yaml"
    path.write_text(DEFAULT_PATH.read_text(encoding="utf-8") + entry + "\n", encoding="utf-8")
    with pytest.raises(DataError) as e:
        load_catalogue(path, SCOPES, named=True)
    assert "\n" not in str(e.value) and message in str(e.value)


def test_a_rule_may_rest_on_a_registered_gap_and_an_unknown_gap_is_refused(tmp_path):
    """The Reset phase's "all factions Eligible" rests on the sequence of play, its Momentum discard
    on the event cards (no source gives either); a gap not in data/gaps.yaml is refused in one line."""
    gaps = {r.number: r.gap for r in load_rules_catalogue() if r.gap}
    assert gaps == {"propaganda.reset.eligible": "sequence_of_play", "propaganda.reset.momentum": "event_cards"}
    bad = tmp_path / "rules.yaml"
    text = Path(load_rules_catalogue.__globals__["DEFAULT_PATH"]).read_text(encoding="utf-8")
    bad.write_text(text.replace("gap: event_cards", "gap: momentum_cards"), encoding="utf-8")
    with pytest.raises(DataError, match=r"rule propaganda.reset.momentum: gap 'momentum_cards' is not in data/gaps.yaml"):
        load_rules_catalogue(bad)
    bad.write_text(text.replace("gap: event_cards", "gap: 7"), encoding="utf-8")
    with pytest.raises(DataError, match=r"rule propaganda.reset.momentum: gap must be the id of a gap"):
        load_catalogue(bad, SCOPES, named=True)


def test_the_rules_report_lists_every_rule_implemented_and_tested_and_every_gap():
    """Issue 20's measure: ``cdg-oracle rules --game distant_plain`` lists each rule of the aid as
    implemented and tested, the two resting on gaps as such, and every gap of the register."""
    from cdg_oracle.model.distant_plain.pieces import load_gaps
    from cdg_oracle.oracle.rules_report import render_text, report, summary

    r = report("distant_plain")
    s = summary(r)
    assert s["not_implemented"] == 0 and s["on_a_gap"] == 2
    assert s["implemented"] == s["implemented_and_tested"] == s["leaf_rules"] - 2
    assert {x["subject"] for x in r["open_items"]} == {g["id"] for g in load_gaps()}
    text = render_text(r)
    assert text.startswith("A Distant Plain: ") and "propaganda.reset.momentum" in text
    assert "on a gap: event_cards" in text and "control_definition, gap:" in text


def test_every_switch_of_the_rulings_report_names_its_registry_entry():
    from cdg_oracle.oracle.rules_report import rulings_report

    from cdg_oracle.model.distant_plain.rulings import DistantPlainRulings

    rows = rulings_report("distant_plain")
    assert len(rows) == len(DistantPlainRulings.describe()) >= 44  # A17 withdrawn (issue 27 item 2)
    assert all(r["entries"] for r in rows), [r["name"] for r in rows if not r["entries"]]
