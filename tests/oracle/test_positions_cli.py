"""``cdg-oracle position`` and ``replay --position-at`` (issue 18), the positions API, and difftest
from a position through the adapter's reset."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from cdg_oracle.oracle import difftest
from cdg_oracle.oracle.cli import main
from cdg_oracle.oracle.difftest_cmd import reference_command
from cdg_oracle.oracle.positions import dumps, from_file, loads, to_file

pytestmark = pytest.mark.game("labyrinth")  # the rules its rule marks name are Labyrinth's

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "docs" / "positions" / "example_of_play_turn1.yaml"
FAKE = [sys.executable, str(Path(__file__).with_name("fake_impl.py"))]


def run(capsys, *argv):
    code = main([str(a) for a in argv])
    out = capsys.readouterr()
    return code, out.out, out.err


def test_check_names_who_acts(capsys):
    code, out, err = run(capsys, "position", "check", EXAMPLE)
    assert code == 0 and err == ""
    assert out == f"{EXAMPLE}: a valid labyrinth position; Jihadist to act: jihadist_phase.choose (5.2.2), 9 legal actions\n"


def test_check_reports_each_bad_file_in_one_line(tmp_path, capsys):
    bad = tmp_path / "bad.yaml"
    bad.write_text(EXAMPLE.read_text().replace("[22, 28,", "[22, 28, 4,"))   # card 4 in both hands
    code, out, err = run(capsys, "position", "check", EXAMPLE, bad)
    assert code == 2 and out.startswith(f"{EXAMPLE}: a valid")
    assert err == f"cdg-oracle: error: {bad}: state: card 4 is in two zones (hands, discard, removed, lapsing, " \
                  "first_plot, in_play)\n"


def test_legal_lists_the_question_and_the_actions(capsys):
    code, out, _ = run(capsys, "position", "legal", EXAMPLE)
    assert code == 0
    assert out.splitlines()[:3] == ["Jihadist to act: Jihadist Action Phase: play a card (rule 5.2.2)",
                                    "question: jihadist_phase.choose", "9 legal actions:"]
    code, out, _ = run(capsys, "position", "legal", EXAMPLE, "--json")
    d = json.loads(out)
    assert d["question"] == "jihadist_phase.choose" and {"card": 35} in d["actions"] and len(d["actions"]) == 9


@pytest.mark.rule("8.1.1", "8.1.2")
def test_play_applies_choices_and_dice_and_prints_the_difference(tmp_path, capsys):
    out_pos = tmp_path / "after.yaml"
    code, out, _ = run(capsys, "position", "play", EXAMPLE, "--actions", '{"card": 35}', '{"use": "ops"}',
                       '{"event": "after"}', '{"op": "recruit"}', *['{"country": "Afghanistan"}'] * 3,
                       "--out", out_pos)
    assert code == 0
    assert "countries.Afghanistan.sleepers: expected 4, found 7" in out
    assert "cells_track: expected 11, found 8" in out
    assert "US to act" not in out and "Jihadist to act: Jihadist Action Phase: play a card" in out
    again = from_file(out_pos)                     # the position written is the one reached
    assert again.d["countries"]["Afghanistan"]["sleepers"] == 7 and 35 in again.d["discard"]


def test_play_refuses_an_illegal_action_naming_the_legal_ones(capsys):
    code, out, err = run(capsys, "position", "play", EXAMPLE, "--actions", '{"card": 35}', '{"use": "event"}')
    assert code == 2 and out == ""
    assert err.startswith('cdg-oracle: error: --actions item 2 ({"use":"event"}) is not legal at play_card.use')
    assert 'legal: {"use":"ops"}' in err and err.count("\n") == 1


def test_show_writes_a_position_that_check_accepts(tmp_path, capsys):
    code, out, _ = run(capsys, "position", "show")
    assert code == 0 and "scenario: lets_roll" in out and "next: {phase: setup}" in out
    trace = tmp_path / "g.jsonl"
    assert run(capsys, "play", "--seed", "3", "--out", trace)[0] == 0
    pos = tmp_path / "at40.yaml"
    code, out, _ = run(capsys, "replay", trace, "--position-at", "40", "--out", pos)
    assert code == 0 and out == f"position written to {pos}\n"
    code, out, _ = run(capsys, "position", "show", "--trace", trace, "--at", "40")
    assert out == pos.read_text()
    assert run(capsys, "position", "check", pos)[0] == 0
    # the state after step 40 of the trace, read back from its position, goes on as the trace does
    steps = [json.loads(line) for line in trace.read_text().splitlines()[1:-1]]
    st = from_file(pos)
    st.apply(steps[40]["action"])
    from cdg_oracle.oracle.statediff import canonical_hash
    assert canonical_hash(st.canonical()) == steps[40]["state_hash"]


def test_show_of_a_saved_state_and_of_a_position_file(tmp_path, capsys):
    st = from_file(EXAMPLE)
    st.apply({"card": 95})
    saved = tmp_path / "state.json"
    saved.write_text(st.to_json())
    code, out, _ = run(capsys, "position", "show", "--state", saved)
    assert code == 0 and loads(out).d == st.d
    assert "card: 95" in out                       # the card just chosen: a named point, not a stack
    code, out, _ = run(capsys, "position", "show", EXAMPLE)
    assert loads(out).d == from_file(EXAMPLE).d and "machine" not in out


@pytest.mark.parametrize("argv, words", [
    (["position"], "say check, legal, play, show or schema"),
    (["position", "show", "--trace", "x.jsonl"], "--trace and --at go together"),
    (["position", "show", "--scenario", "lets_roll", "--state", "s.json"], "give one of"),
    (["position", "play", "EXAMPLE", "--actions", "{bad"], "not JSON and not a bare word"),
    (["position", "legal", "missing.yaml"], "missing.yaml: cannot read"),
    (["replay", "x.jsonl", "--out", "o.yaml"], "--out goes with --position-at"),
    (["position", "schema", "--game", "chess"], "unknown game"),
])
def test_bad_arguments_are_one_line(argv, words):
    argv = [str(EXAMPLE) if a == "EXAMPLE" else a for a in argv]
    proc = subprocess.run([sys.executable, "-m", "cdg_oracle.oracle.cli", *argv], capture_output=True, text=True,
                          timeout=120)
    assert proc.returncode == 2 and proc.stderr.count("\n") == 1 and words in proc.stderr, proc.stderr
    assert "Traceback" not in proc.stderr


def test_a_bad_position_file_is_one_line(tmp_path):
    for text, words in [("format: [", "invalid YAML"), ("- 1\n- 2\n", "a position is a mapping"),
                        ("game: labyrinth\n", "exactly one of next")]:
        p = tmp_path / "p.yaml"
        p.write_text(text)
        proc = subprocess.run([sys.executable, "-m", "cdg_oracle.oracle.cli", "position", "check", str(p)],
                              capture_output=True, text=True, timeout=60)
        assert proc.returncode == 2 and proc.stderr.count("\n") == 1 and words in proc.stderr, proc.stderr


def test_schema_is_printed_and_is_the_models(capsys):
    code, out, _ = run(capsys, "position", "schema")
    schema = json.loads(out)
    assert code == 0 and schema["properties"]["format"] == {"const": "cdg-oracle-position"}
    assert set(schema["properties"]["state"]["properties"]["countries"]["propertyNames"]["enum"]) >= {"Iraq", "Pakistan"}


def test_to_file_and_from_file_round_trip(tmp_path):
    st = from_file(EXAMPLE)
    st.apply({"card": 35})
    to_file(st, tmp_path / "p.yaml")
    assert from_file(tmp_path / "p.yaml").d == st.d and dumps(st) == (tmp_path / "p.yaml").read_text()


# -- difftest from a position -----------------------------------------------------------------------
def test_difftest_from_a_position_agrees_with_the_reference_adapter():
    import yaml
    position = yaml.safe_load(EXAMPLE.read_text())
    r = difftest.run(reference_command(), games=2, seed=1, position=position)
    assert r.verdict == "agree" and r.games == 2 and r.scenario == "lets_roll"


def test_a_finding_from_a_position_is_written_as_a_trace_that_starts_there(tmp_path, capsys):
    out = tmp_path / "finding.jsonl"
    code, text, _ = run(capsys, "difftest", "--impl", " ".join(reference_command("reserves-max-3")), "--position",
                        EXAMPLE, "--games", "10", "--out", out)
    assert code == 1 and "reserves.Jihadist" in text
    head = json.loads(out.read_text().splitlines()[0])
    assert head["position"]["state"]["hands"]["Jihadist"] == [22, 28, 35, 57, 72, 78, 85, 95, 100]
    code, text, _ = run(capsys, "replay", out)        # the model confirms the trace from the position
    assert code == 0 and "conformant" in text
    code, text, _ = run(capsys, "difftest", "--impl", " ".join(reference_command("reserves-max-3")), "--trace", out)
    assert code == 1 and "reserves.Jihadist" in text


def test_an_adapter_that_ignores_the_position_is_a_protocol_failure():
    import yaml
    position = yaml.safe_load(EXAMPLE.read_text())
    r = difftest.run(FAKE + ["no-position", "1"], games=1, position=position)
    assert r.finding.kind == "protocol" and '"position": true' in r.finding.message
