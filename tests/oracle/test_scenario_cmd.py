"""``cdg-oracle scenario check|show``: scenario regression against the invariants, the printed
figures and the golden summaries (scenarios/labyrinth/golden/<stem>.json)."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from cdg_oracle.model.labyrinth.scenarios import SCENARIO_DIR, scenario_names
from cdg_oracle.oracle.cli import main
from cdg_oracle.properties.labyrinth import scenario_checks as sc

pytestmark = pytest.mark.game("labyrinth")  # the rules its rule marks name are Labyrinth's

ROOT = Path(__file__).resolve().parents[2]
ALL = ["anaconda", "lets_roll", "mission_accomplished", "you_can_call_me_al"]


def run(capsys, *argv):
    code = main([str(a) for a in argv])
    out = capsys.readouterr()
    return code, out.out, out.err


def copy(tmp_path, name, old, new, as_name=None):
    """A user's modified copy of a scenario, in tmp_path, keeping its stem unless told otherwise."""
    text = (SCENARIO_DIR / f"{name}.yaml").read_text(encoding="utf-8")
    assert old in text, old
    p = tmp_path / f"{as_name or name}.yaml"
    p.write_text(text.replace(old, new, 1), encoding="utf-8")
    return p


def one_line_error(code, out, err):
    assert code == 2 and out == "", (code, out, err)
    assert err.startswith("cdg-oracle: error: ") and err.count("\n") == 1, err
    assert "Traceback" not in err
    return err


# -- every scenario passes -------------------------------------------------------------------------
@pytest.mark.rule("3.2")
def test_check_passes_on_every_scenario(capsys):
    code, out, err = run(capsys, "scenario", "check")
    lines = out.splitlines()
    assert code == 0, out
    assert scenario_names() == ALL
    assert [x.split(":")[0] for x in lines] == ALL
    assert all(x.endswith("ok (invariants, printed figures (6), golden)") for x in lines), out


@pytest.mark.rule("3.2")
def test_every_scenario_has_a_golden_file_and_the_property_check_uses_it():
    results = sc.check_all_scenarios()
    assert [r["scenario"] for r in results] == ALL
    for r in results:
        assert r["ok"] and r["problems"] == [] and r["differences"] == []
        assert r["golden"] == f"scenarios/labyrinth/golden/{r['scenario']}.json"
        assert (ROOT / r["golden"]).is_file()
    assert sorted(p.stem for p in sc.GOLDEN_DIR.glob("*.json")) == ALL


@pytest.mark.rule("3.2")
def test_a_scenario_named_by_name_or_by_its_path_is_checked_against_its_golden_file(capsys):
    code, out, _ = run(capsys, "scenario", "check", "anaconda", SCENARIO_DIR / "mission_accomplished.yaml")
    assert code == 0
    assert out.splitlines() == ["anaconda: ok (invariants, printed figures (6), golden)",
                                f"{SCENARIO_DIR / 'mission_accomplished.yaml'}: ok (invariants, printed figures (6), golden)"]


# -- a modified copy fails, field by field ----------------------------------------------------------
@pytest.mark.rule("3.2", "4.6.1")
def test_one_more_troop_in_iraq_is_reported_field_by_field(tmp_path, capsys):
    p = copy(tmp_path, "lets_roll", "Iraq: {governance: poor, alignment: adversary}",
             "Iraq: {governance: poor, alignment: adversary, troops: 1}")
    code, out, err = run(capsys, "scenario", "check", p)
    assert code == 1 and err == ""
    assert out == (f"{p}: FAIL, 3 problems: Iraq.troops: golden 0, now 1; "
                   "figures.troops_on_map: golden 4, now 5; tracks.troops_track: golden 11, now 10\n")
    r = sc.check_scenario(str(p))
    assert r["golden"] == "scenarios/labyrinth/golden/lets_roll.json"
    assert r["differences"] == r["problems"]
    # 10 cubes on the track is still Low Intensity: the printed figures still hold.
    assert r["computed"]["troops"] == "low_intensity"


@pytest.mark.rule("3.2", "4.3", "4.7.3")
def test_a_modified_copy_reports_the_broken_invariant_and_printed_figure(tmp_path, capsys):
    """Two more troops in Saudi Arabia (War, not the printed Low Intensity) and a Besieged Regime
    on France, which the loader lets through but the invariants do not (4.3)."""
    p = copy(tmp_path, "lets_roll", "Saudi Arabia: {governance: poor, alignment: ally, troops: 2}",
             "Saudi Arabia: {governance: poor, alignment: ally, troops: 4}\n  France: {besieged: true}")
    code, out, _ = run(capsys, "scenario", "check", p)
    assert code == 1 and len(out.splitlines()) == 1
    problems = sc.check_scenario(str(p))["problems"]
    assert problems == [
        "invariant: France: Muslim-only marker on a non-Muslim country (4.3)",
        "printed troops low_intensity, set-up gives war",
        "France.besieged: golden false, now true",
        "Saudi Arabia.troops: golden 2, now 4",
        "figures.hands.US: golden 9, now 8",
        "figures.troops: golden low_intensity, now war",
        "figures.troops_on_map: golden 4, now 6",
        "tracks.troops_track: golden 11, now 9",
    ]
    assert "; ".join(problems) in out


@pytest.mark.rule("3.2", "card 116")
def test_a_card_barred_from_the_scenario_must_be_removed(tmp_path):
    """d.5: KSM's event is not allowed in the 2003 scenario, so dropping it from the removals fails
    twice: the card list check and the golden summary."""
    p = copy(tmp_path, "mission_accomplished", "removed_cards: [43, 109, 5, 57, 116, 37]",
             "removed_cards: [43, 109, 5, 57, 37]")
    problems = sc.check_scenario(str(p))["problems"]
    assert problems == [
        "card 116 KSM is barred from mission_accomplished (card list) but not removed",
        "figures.deck: golden 114, now 115",
        'removed_cards: golden ["5 NEST", "37 Iraqi WMD", "43 Patriot Act", "57 Abu Sayyaf", "109 Tora Bora", '
        '"116 KSM"], now ["5 NEST", "37 Iraqi WMD", "43 Patriot Act", "57 Abu Sayyaf", "109 Tora Bora"]',
    ]


@pytest.mark.rule("3.2")
def test_a_copy_under_another_name_has_no_golden_file_and_passes(tmp_path, capsys):
    p = copy(tmp_path, "anaconda", "prestige: 8", "prestige: 8", as_name="my_anaconda")
    code, out, _ = run(capsys, "scenario", "check", p)
    assert code == 0
    assert out == f"{p}: ok (invariants, printed figures (6), no golden file for 'my_anaconda')\n"


@pytest.mark.rule("3.2", "4.6.1")
def test_one_more_troop_in_iraq_in_2003_is_bad_input(tmp_path, capsys):
    """Mission Accomplished? has all 15 cubes on the map: a 16th is refused when the file loads."""
    p = copy(tmp_path, "mission_accomplished", "troops: 6, sleepers: 3", "troops: 7, sleepers: 3")
    err = one_line_error(*run(capsys, "scenario", "check", p))
    assert "countries: 16 troops on the map, more than the 15 cubes (4.6.1)" in err


# -- bad input: exit 2, one line, nothing else printed ------------------------------------------------
@pytest.mark.parametrize("case", ["bad_yaml", "missing", "unknown_name", "folder", "not_yaml"])
def test_bad_input_is_one_line_and_exit_2(tmp_path, capsys, case):
    bad = tmp_path / "bad.yaml"
    bad.write_text("name: [Let's Roll\nprestige: 7\n", encoding="utf-8")
    txt = tmp_path / "notes.txt"
    txt.write_text("hello\n", encoding="utf-8")
    arg, message = {
        "bad_yaml": (bad, "line 2, column 9: invalid YAML"),
        "missing": (tmp_path / "nowhere.yaml", "nowhere.yaml: no such file"),
        "unknown_name": ("lets_rol", "scenario 'lets_rol': unknown (known: anaconda, lets_roll"),
        "folder": (tmp_path, "a folder, not a scenario file"),
        "not_yaml": (txt, "a scenario file must end in .yaml"),
    }[case]
    err = one_line_error(*run(capsys, "scenario", "check", arg))
    assert message in err
    # with a good scenario beside it (issue 15 item 9): each file gets its line, exit 2
    code, out, err = run(capsys, "scenario", "check", "lets_roll", arg)
    assert code == 2 and out.splitlines()[0].startswith("lets_roll: ok") and message in out.splitlines()[1]
    assert err == "cdg-oracle: error: 1 of 2 scenario files could not be read (see above)\n"


def test_bad_input_to_show_is_one_line_and_exit_2(tmp_path, capsys):
    err = one_line_error(*run(capsys, "scenario", "show", tmp_path / "nowhere.yaml"))
    assert "no such file" in err
    one_line_error(*run(capsys, "scenario"))
    one_line_error(*run(capsys, "scenario", "frobnicate"))


def test_bad_yaml_through_the_console_script_has_no_traceback(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("countries: {Iraq: {troops: [1}\n", encoding="utf-8")
    proc = subprocess.run([sys.executable, "-m", "cdg_oracle.oracle.cli", "scenario", "check", str(bad)],
                          cwd=ROOT, capture_output=True, text=True)
    assert proc.returncode == 2 and proc.stdout == ""
    assert proc.stderr.count("\n") == 1 and "Traceback" not in proc.stderr
    assert proc.stderr.startswith(f"cdg-oracle: error: {bad.resolve()}: line 1, column 30: invalid YAML")


def test_a_corrupt_golden_file_is_bad_input(tmp_path, monkeypatch, capsys):
    monkeypatch.setattr(sc, "GOLDEN_DIR", tmp_path)
    (tmp_path / "lets_roll.json").write_text("{\"tracks\": ", encoding="utf-8")
    err = one_line_error(*run(capsys, "scenario", "check", "lets_roll"))
    assert "lets_roll.json: not valid JSON at line 1" in err


# -- golden files --------------------------------------------------------------------------------------
def test_a_scenario_of_the_repository_without_a_golden_file_fails(tmp_path, monkeypatch, capsys):
    monkeypatch.setattr(sc, "GOLDEN_DIR", tmp_path / "golden")
    code, out, _ = run(capsys, "scenario", "check", "you_can_call_me_al")
    assert code == 1
    assert f"no golden file {tmp_path / 'golden' / 'you_can_call_me_al.json'} (write it with: cdg-oracle scenario check --update-golden)" in out


def test_update_golden_writes_byte_identical_files_atomically(tmp_path, monkeypatch, capsys):
    """Regenerating gives the committed bytes; a second run leaves the files alone."""
    folder = tmp_path / "golden"
    monkeypatch.setattr(sc, "GOLDEN_DIR", folder)
    code, out, _ = run(capsys, "scenario", "check", "--update-golden")
    assert code == 0
    assert all(x.endswith("; golden file written") for x in out.splitlines())
    for name in ALL:
        assert (folder / f"{name}.json").read_bytes() == (SCENARIO_DIR / "golden" / f"{name}.json").read_bytes()
    assert sorted(p.name for p in folder.iterdir()) == [f"{n}.json" for n in ALL]   # no temporary files left
    (folder / "anaconda.json").write_text("{}\n", encoding="utf-8")
    code, out, _ = run(capsys, "scenario", "check", "--update-golden", "anaconda", "lets_roll")
    assert code == 0
    assert out.splitlines() == ["anaconda: ok (invariants, printed figures (6), golden); golden file updated",
                                "lets_roll: ok (invariants, printed figures (6), golden); golden file unchanged"]
    assert (folder / "anaconda.json").read_bytes() == (SCENARIO_DIR / "golden" / "anaconda.json").read_bytes()


def test_update_golden_refuses_a_file_outside_the_scenarios(tmp_path, monkeypatch, capsys):
    monkeypatch.setattr(sc, "GOLDEN_DIR", tmp_path / "golden")
    p = copy(tmp_path, "lets_roll", "prestige: 7", "prestige: 8")
    err = one_line_error(*run(capsys, "scenario", "check", "--update-golden", p))
    assert "is not a scenario of scenarios/labyrinth/" in err
    assert not (tmp_path / "golden").exists()


def test_golden_files_are_byte_stable_across_processes():
    """The summary's bytes depend on nothing but the scenario: not on hash seeds, not on the run."""
    code = ("from cdg_oracle.properties.labyrinth.scenario_checks import golden_text, summary\n"
            "from cdg_oracle.model.labyrinth.scenarios import scenario_names\n"
            "import sys\n"
            "sys.stdout.write(''.join(golden_text(summary(n)) for n in scenario_names()))\n")
    outs = []
    for seed in ("1", "2"):
        env = dict(os.environ, PYTHONHASHSEED=seed)
        outs.append(subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True,
                                   check=True).stdout)
    committed = b"".join((SCENARIO_DIR / "golden" / f"{n}.json").read_bytes() for n in ALL)
    assert outs[0] == outs[1] == committed


def test_golden_files_are_canonical_json():
    for name in ALL:
        text = (SCENARIO_DIR / "golden" / f"{name}.json").read_text(encoding="utf-8")
        data = json.loads(text)
        assert data == sc.summary(name) and sc.golden_text(data) == text
        assert data["scenario"] == name and text.endswith("}\n") and text.isascii()


def test_the_summary_records_the_set_up():
    """d.4 restated: Mission Accomplished?'s summary against the rulebook's scenario page."""
    s = sc.summary("mission_accomplished")
    assert s["tracks"] == {"prestige": 3, "us_posture": "hard", "funding": 5, "troops_track": 0, "cells_track": 5,
                           "reserves": {"US": 0, "Jihadist": 0}}
    assert s["countries"]["Iraq"] == {"governance": "poor", "alignment": "ally", "troops": 6, "sleepers": 3,
                                      "regime_change": "tan"}
    assert s["countries"]["Philippines"] == {"posture": "soft", "troops": 2, "sleepers": 1}
    assert s["countries"]["Iran"] == {"sleepers": 1}
    assert "Spain" not in s["countries"]                                     # untested: nothing recorded
    assert s["markers"] == {"Abu Sayyaf": ["Philippines"], "FATA": ["Pakistan"], "NEST": ["United States"],
                            "Patriot Act": ["United States"]}
    assert s["events_in_effect"] == ["Enhanced Measures", "Renditions", "Wiretapping"]
    assert s["removed_cards"] == ["5 NEST", "37 Iraqi WMD", "43 Patriot Act", "57 Abu Sayyaf", "109 Tora Bora", "116 KSM"]
    assert s["setup"] == [{"roll_schengen_postures": {"jihadist_rerolls": 1}}]
    f = s["figures"]
    assert (f["troops"], f["troops_on_map"], f["cells_on_map"], f["hands"], f["deck"]) == \
        ("overstretch", 15, 10, {"US": 7, "Jihadist": 8}, 114)
    assert s["printed"] == {k: f[k] for k in sc.PRINTED}


def test_differences_name_the_field_and_use_country_defaults():
    g = {"countries": {"Iraq": {"governance": "poor"}}, "tracks": {"prestige": 7}, "year": 2001}
    n = {"countries": {"Iraq": {"governance": "fair", "troops": 1}, "Libya": {"besieged": True}},
         "tracks": {"prestige": 7, "funding": 9}, "year": 2001.0}
    assert sc.diff_summaries(g, n) == [
        "Iraq.governance: golden poor, now fair",
        "Iraq.troops: golden 0, now 1",
        "Libya.besieged: golden false, now true",
        "tracks.funding: golden (absent), now 9",
        "year: golden 2001, now 2001.0",
    ]
    assert sc.diff_summaries(n, n) == []
    assert sc.diff_summaries({"countries": {"Iraq": {"regime_change": "tan"}}}, {"countries": {}}) == \
        ["Iraq.regime_change: golden tan, now none"]


# -- show ----------------------------------------------------------------------------------------------
@pytest.mark.rule("3.2", "4.7.2", "4.7.3")
def test_show_prints_the_set_up_and_its_figures(capsys):
    code, out, _ = run(capsys, "scenario", "show", "lets_roll")
    assert code == 0
    assert out.startswith("Let's Roll! (lets_roll, 2001)\n")
    for line in ["  Prestige 7 (High); US Posture Hard; World Hard 1; GWOT penalty 0",
                 "  Funding 9 (Ample); cells on the track 11, 11 Available",
                 "  Troops track 11 cubes (Low Intensity)",
                 "  Removed cards: none",
                 "  troops              Low Intensity   Low Intensity",
                 "  islamist_resources  1               1",
                 "  fair_or_good        3               3",
                 "  poor_or_islamist    4               4",
                 "  Pieces on the map: 4 troops, 4 cells; hands: US 9, Jihadist 9; deck 120 cards"]:
        assert line in out.splitlines(), line
    rows = {x.split()[0]: x.split() for x in out.splitlines() if x.startswith("  Afghanistan") or x.startswith("  Somalia")}
    assert rows["Afghanistan"][1:5] == ["Islamist", "Rule", "Adversary", "-"] and rows["Afghanistan"][6] == "4"
    assert out.rstrip().endswith("deck 120 cards") and "<- differs" not in out


@pytest.mark.rule("3.2", "4.7.2.1")
def test_show_of_the_other_scenarios(capsys):
    _, al, _ = run(capsys, "scenario", "show", "you_can_call_me_al")
    assert "US Posture Soft; World Hard 1; GWOT penalty 1" in al and "Removed cards: 78 Axis of Evil" in al
    _, ana, _ = run(capsys, "scenario", "show", "anaconda")
    assert "Troops track 5 cubes (War)" in ana and "Set-up steps: Jihadist places cells (count 3)" in ana
    assert "  poor_or_islamist    6               6" in ana.splitlines()
    _, ma, _ = run(capsys, "scenario", "show", "mission_accomplished")
    assert "Events in effect: Enhanced Measures, Renditions, Wiretapping" in ma
    assert "On the map: Abu Sayyaf (Philippines); FATA (Pakistan); NEST (United States); Patriot Act (United States)" in ma
    assert "  troops              Overstretch     Overstretch" in ma.splitlines()


def test_show_of_a_modified_copy_flags_a_printed_figure_that_differs(tmp_path, capsys):
    p = copy(tmp_path, "lets_roll", "fair_or_good: 3", "fair_or_good: 4", as_name="typo")
    code, out, _ = run(capsys, "scenario", "show", p)
    assert code == 0 and "  fair_or_good        3               4   <- differs" in out.splitlines()


def test_show_json_is_the_golden_text(capsys):
    for name in ALL:
        code, out, _ = run(capsys, "scenario", "show", name, "--json")
        assert code == 0 and out == (SCENARIO_DIR / "golden" / f"{name}.json").read_text(encoding="utf-8")
    assert json.loads(out)["figures"]["troops"] == "low_intensity"
