"""Scenario regression for Twilight Struggle (properties/twilight_struggle/scenario_checks.py,
``cdg-oracle scenario --game twilight_struggle``): both scenarios hold the consistency laws in both
editions, give the figures printed for them, and equal their golden summaries; a modified copy is
caught, field by field."""
from __future__ import annotations

import json
import shutil

import pytest

from cdg_oracle.oracle.cli import main
from cdg_oracle.properties.twilight_struggle import scenario_checks as sc


def run(capsys, *argv) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.rule("3.2", "3.3", "3.4")
def test_every_scenario_holds_and_equals_its_golden_summary():
    for r in sc.check_all_scenarios():
        assert r["ok"], r["problems"]
        assert r["golden"].endswith(f"{r['scenario']}.json")


@pytest.mark.rule("3.2", "3.3")
def test_the_printed_set_up_totals():
    """3.2: the USSR places 15; 3.3: the US 23 in the seed's edition, 25 in the Deluxe's; the Late
    War scenario: 31 countries controlled by the US, 19 by the USSR (as its rulebook lists them)."""
    std = sc.summary("standard")
    assert std["editions"]["seed"]["after_free_placement"] == {"USSR": 15, "US": 23}
    assert std["editions"]["deluxe"]["after_free_placement"] == {"USSR": 15, "US": 25}
    late = sc.summary("late_war")
    assert late["editions"]["seed"]["controlled"] == {"USSR": 19, "US": 31}


def test_a_modified_copy_fails_with_each_difference_named(tmp_path):
    """A scenario file changed by hand: its printed figure and its golden summary disagree, each
    on a line of its own."""
    path = tmp_path / "standard.yaml"
    text = (sc.SCENARIO_DIR / "standard.yaml").read_text(encoding="utf-8")
    path.write_text(text.replace("Syria: 1, Iraq: 1", "Syria: 2, Iraq: 1"), encoding="utf-8")
    r = sc.check_scenario(str(path))
    assert not r["ok"]
    assert "printed USSR influence 15 (seed), set-up gives 16" in r["problems"]
    assert "editions.seed.influence.Syria.USSR: golden 1, now 2" in r["problems"]


def test_an_inconsistent_scenario_breaks_a_law(tmp_path):
    """A set-up whose China Card holder is not a side is refused on load, in one line."""
    path = tmp_path / "bad.yaml"
    text = (sc.SCENARIO_DIR / "late_war.yaml").read_text(encoding="utf-8")
    path.write_text(text.replace("china_card: {holder: USSR, face_up: true}", "china_card: {holder: China, face_up: true}"),
                    encoding="utf-8")
    with pytest.raises(sc.DataError, match="china_card must be"):
        sc.check_scenario(str(path))


def test_the_command(capsys, tmp_path):
    code, out, _ = run(capsys, "scenario", "--game", "twilight_struggle", "check")
    assert code == 0 and out.splitlines() == [
        "late_war: ok (invariants (both editions), printed figures, golden)",
        "standard: ok (invariants (both editions), printed figures, golden)"]
    code, out, _ = run(capsys, "scenario", "--game", "twilight_struggle", "show", "standard", "--json")
    assert code == 0 and json.loads(out) == json.loads(sc.golden_path("standard").read_text(encoding="utf-8"))
    code, out, _ = run(capsys, "scenario", "--game", "twilight_struggle", "show", "late_war")
    assert code == 0 and "countries controlled USSR 19, US 31" in out
    copy = tmp_path / "late_war.yaml"
    shutil.copy(sc.SCENARIO_DIR / "late_war.yaml", copy)
    code, out, err = run(capsys, "scenario", "--game", "twilight_struggle", "check", "--update-golden", str(copy))
    assert code == 2 and "is not a scenario of scenarios/twilight_struggle/" in err
