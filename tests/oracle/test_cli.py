"""The CLI: play, replay, rules, verify; determinism; one-line errors and exit statuses."""
from __future__ import annotations

import json
import subprocess
import sys

import pytest

from cdg_oracle.oracle.cli import main
from tests.properties.test_z3_proofs import SAMPLE

pytestmark = pytest.mark.game("labyrinth")  # the rules its rule marks name are Labyrinth's


def run(capsys, *argv):
    code = main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


def test_play_then_replay_is_conformant(tmp_path, capsys):
    out = tmp_path / "g.jsonl"
    code, stdout, _ = run(capsys, "play", "--game", "labyrinth", "--scenario", "lets_roll", "--seed", "5", "--out", str(out))
    assert code == 0 and "wins" in stdout
    lines = out.read_text().splitlines()
    head = json.loads(lines[0])
    assert head["type"] == "header" and head["scenario"] == "lets_roll" and head["seed"] == 5
    assert head["format_version"] == 2
    assert set(head["rulings"]) >= {"first_plot_exemption", "deal_order"}
    steps = [json.loads(x) for x in lines[1:-1]]
    assert all(s["type"] == "step" for s in steps) and [s["i"] for s in steps] == list(range(len(steps)))
    assert all({"legal_count", "legal_hash", "state_hash", "rules"} <= set(s) and "state" not in s for s in steps)
    assert any(s["player"] == "chance" for s in steps) and any(s["player"] in ("US", "Jihadist") for s in steps)
    end = json.loads(lines[-1])
    assert end["type"] == "end" and end["steps"] == len(steps) and end["winner"] in ("US", "Jihadist")
    assert "state_hash" in end and "unfinished" not in end
    code, stdout, _ = run(capsys, "replay", str(out))
    assert code == 0 and stdout.startswith(f"{out}: conformant: {len(steps)} steps replayed")


def test_play_options_no_legal_hash_and_states(tmp_path, capsys):
    plain, states = tmp_path / "p.jsonl", tmp_path / "s.jsonl"
    assert run(capsys, "play", "--seed", "5", "--no-legal-hash", "--out", str(plain))[0] == 0
    assert run(capsys, "play", "--seed", "5", "--states", "--out", str(states))[0] == 0
    p = [json.loads(x) for x in plain.read_text().splitlines()[1:-1]]
    s = [json.loads(x) for x in states.read_text().splitlines()[1:-1]]
    assert all("legal_count" not in x and "legal_hash" not in x and "state_hash" in x for x in p)
    assert all(x["state"]["to_move"] in ("US", "Jihadist", "chance", "terminal") for x in s)
    assert [x["action"] for x in p] == [x["action"] for x in s]
    for path in (plain, states):
        code, stdout, _ = run(capsys, "replay", str(path))
        assert code == 0 and "conformant" in stdout


@pytest.mark.rule("5.3.1")
def test_same_seed_gives_byte_identical_traces(tmp_path, capsys):
    a, b, c = tmp_path / "a.jsonl", tmp_path / "b.jsonl", tmp_path / "c.jsonl"
    run(capsys, "play", "--scenario", "anaconda", "--seed", "11", "--out", str(a))
    run(capsys, "play", "--scenario", "anaconda", "--seed", "11", "--out", str(b))
    run(capsys, "play", "--scenario", "anaconda", "--seed", "12", "--out", str(c))
    assert a.read_bytes() == b.read_bytes()
    assert a.read_bytes() != c.read_bytes()


def test_replay_reports_first_divergence(tmp_path, capsys):
    out = tmp_path / "g.jsonl"
    run(capsys, "play", "--seed", "2", "--out", str(out))
    lines = out.read_text().splitlines()
    # Change the first US choice to an action that is not legal there.
    for k, line in enumerate(lines[1:], 1):
        rec = json.loads(line)
        if rec.get("player") == "US":
            rec["action"] = {"country": "Atlantis"}
            lines[k] = json.dumps(rec)
            break
    bad = tmp_path / "bad.jsonl"
    bad.write_text("\n".join(lines) + "\n")
    code, stdout, _ = run(capsys, "replay", str(bad), "--json")
    verdict = json.loads(stdout)
    assert code == 1 and not verdict["conformant"] and verdict["verdict"] == "violation"
    assert verdict["divergence"]["step"] == rec["i"] and verdict["divergence"]["rule"]
    assert verdict["divergence"]["line"] == k + 1 and verdict["divergence"]["kind"] == "illegal_action"


def test_replay_checks_legal_action_counts(tmp_path, capsys):
    out = tmp_path / "g.jsonl"
    run(capsys, "play", "--seed", "4", "--out", str(out))
    lines = out.read_text().splitlines()
    rec = json.loads(lines[3])
    rec["legal_count"] += 1
    lines[3] = json.dumps(rec)
    out.write_text("\n".join(lines) + "\n")
    code, stdout, _ = run(capsys, "replay", str(out))
    assert code == 1 and stdout.splitlines()[0] == f"{out}: violation at step 2 (line 4)"
    assert stdout.splitlines()[2] == f"  found:    legal_count {rec['legal_count']}"


def test_truncated_trace_is_invalid(tmp_path, capsys):
    out = tmp_path / "g.jsonl"
    run(capsys, "play", "--seed", "4", "--out", str(out))
    lines = out.read_text().splitlines()[:30]
    out.write_text("\n".join(lines) + "\n")
    code, stdout, stderr = run(capsys, "replay", str(out))
    assert code == 2 and stdout == "" and "line 30: the trace ends without an end line" in stderr


HEADER_V2 = ('{"type":"header","format":"cdg-oracle-trace","format_version":2,"game":"labyrinth",'
             '"scenario":"lets_roll","length":"standard","rulings":{}}')


@pytest.mark.parametrize("content, needle", [
    ("", "line 1: empty trace"),
    ("not json\n", "line 1: not JSON"),
    ('{"type": "step", "i": 0}\n', "line 1: the first line must be the header"),
    ('{"type": "header", "format": "other", "format_version": 2}\n', "not a cdg-oracle-trace"),
    ('{"type":"header","format":"cdg-oracle-trace","format_version":1,"game":"labyrinth","scenario":"lets_roll","length":"standard","rulings":{}}\n',
     "format_version 1 is no longer read"),
    (HEADER_V2 + '\n{"type":"step","i":3,"player":"chance","action":{"card":1}}\n', "line 2: step index 3"),
    (HEADER_V2 + "\n", "line 1: the trace ends without an end line"),
    (HEADER_V2.replace("lets_roll", "nowhere") + '\n{"type":"end","steps":0,"winner":null,"reason":"r","unfinished":true}\n',
     "line 1: scenario 'nowhere': unknown"),
    (HEADER_V2.replace("{}", '{"nonsense":1}') + '\n{"type":"end","steps":0,"winner":null,"reason":"r","unfinished":true}\n',
     "unknown ruling"),
])
def test_malformed_trace_one_line_error(tmp_path, capsys, content, needle):
    bad = tmp_path / "bad.jsonl"
    bad.write_text(content)
    code, stdout, stderr = run(capsys, "replay", str(bad))
    assert code == 2
    assert needle in stderr and stderr.count("\n") == 1 and "Traceback" not in stderr


@pytest.mark.parametrize("argv, needle", [
    (["play", "--scenario", "nowhere"], "unknown"),
    (["play", "--seed", "x"], "not an integer"),
    (["play", "--length", "forever"], "length"),
    (["play", "--ruling", "deal_order"], "name=value"),
    (["play", "--ruling", "deal_order=sideways"], "cannot be"),
    (["play", "--game", "chess"], "unknown game"),
    (["replay", "/nonexistent/trace.jsonl"], "cannot read"),
    (["replay", "x.jsonl", "--max-branches", "many"], "not an integer"),
    (["rules", "--game", "chess"], "unknown game"),
    (["frobnicate"], "invalid choice"),
    (["verify", "--budget", "0"], "budget"),
])
def test_bad_arguments_one_line_error(capsys, argv, needle):
    code, _, stderr = run(capsys, *argv)
    assert code == 2 and needle in stderr
    assert stderr.count("\n") == 1 and "Traceback" not in stderr


def test_failed_play_keeps_existing_output(tmp_path, capsys):
    out = tmp_path / "g.jsonl"
    out.write_text("precious\n")
    code, _, _ = run(capsys, "play", "--scenario", "nowhere", "--out", str(out))
    assert code == 2 and out.read_text() == "precious\n"


def test_rules_lists_every_rule_and_card(capsys):
    code, stdout, _ = run(capsys, "rules", "--game", "labyrinth", "--json")
    report = json.loads(stdout)
    assert code == 0
    numbers = [r["number"] for r in report["rules"]]
    assert "7.2.1.3" in numbers and "9.4.2.6.1" in numbers
    by_number = {r["number"]: r for r in report["rules"]}
    assert by_number["7.4.2"]["status"].startswith("implemented")
    assert any("op_disrupt" in w for w in by_number["7.4.2"]["implemented_in"])
    assert by_number["9.4.3"]["status"] == "implemented, tested"  # the solo bot (issue 6)
    assert any("solo_radicalization" in w for w in by_number["9.4.3"]["implemented_in"])
    assert by_number["1.0"]["status"] == "not implemented"  # a rule with no code is still reported so
    assert len(report["cards"]) == 120
    assert all(c["status"] == "event implemented, tested" for c in report["cards"])
    assert all(c["tested_in"] for c in report["cards"])
    assert by_number["6.3.2.1"]["status"] == "implemented, tested"
    code, text, _ = run(capsys, "rules")
    assert code == 0 and "RULES" in text and "CARDS" in text and "event implemented, tested" in text


#: The transitions the verify test below proves for real: tests/properties/test_z3_proofs.py's SAMPLE
#: (the cheapest), beside every base case and lemma; the whole suite only with CDG_SLOW_TESTS=1,
#: where that module proves it all too (the default run checks the committed certificate there).
VERIFY_PROOF_SAMPLE = SAMPLE


@pytest.mark.xdist_group("labyrinth_victory_analysis")
def test_verify_writes_reports(tmp_path, capsys, monkeypatch, labyrinth_victory_analysis):
    """``cdg-oracle verify`` writes every section and the pages beside them. Its victory analysis is
    the session's (conftest ``labyrinth_victory_analysis``: the same function, made once for this
    test and tests/properties/test_victory_analysis.py); its proofs section proves the base cases,
    the lemmas and :data:`VERIFY_PROOF_SAMPLE` (every transition under CDG_SLOW_TESTS=1)."""
    import copy
    import os

    from cdg_oracle.properties.labyrinth import victory_analysis, z3_proofs

    made = []
    monkeypatch.setattr(victory_analysis, "analyse",
                        lambda m=None: made.append(m) or copy.deepcopy(labyrinth_victory_analysis))
    if not os.environ.get("CDG_SLOW_TESTS"):
        assert set(VERIFY_PROOF_SAMPLE) <= set(z3_proofs.query_names())
        monkeypatch.setattr(z3_proofs, "query_names", lambda: list(VERIFY_PROOF_SAMPLE))
    code, stdout, stderr = run(capsys, "verify", "--no-refinement", "--budget", "5", "--games", "1", "--examples", "2",
                               "--steps", "20", "--out", str(tmp_path))
    md = (tmp_path / "labyrinth" / "verification.md").read_text()
    data = json.loads((tmp_path / "labyrinth" / "verification.json").read_text())
    assert code == 0 and data["ok"]
    for section in ("## Map", "## Scenarios", "## z3 invariants", "## z3 inductive proofs",
                    "## Victory conditions", "## Hypothesis state machine", "## Random campaign",
                    "## The reference adapter against the model"):
        assert section in md
    assert [a["verdict"] for a in data["adapter_selftest"]] == ["agree"] * 4
    assert {m["check"] for m in data["map_checks"]} and len(data["scenario_checks"]) == 4
    assert data["z3_proofs"] and all(p["status"] == "proved" for p in data["z3_proofs"])
    proved = {p["name"] for p in data["z3_proofs"]}
    assert set(VERIFY_PROOF_SAMPLE) <= proved and len(proved) > len(VERIFY_PROOF_SAMPLE)  # base cases, lemmas too
    assert len(made) == 1 and data["victory_analysis"] == json.loads(json.dumps(labyrinth_victory_analysis))
    assert data["state_machine"]["runs"] >= 1 and data["state_machine"]["failures"] == []
    page = (tmp_path / "labyrinth" / "index.html").read_text(encoding="utf-8")  # beside them (issue 33)
    assert "every property holds" in page and 'id="s-z3_proofs"' in page and "<svg" in page


def test_console_script_entry_point():
    proc = subprocess.run([sys.executable, "-m", "cdg_oracle.oracle.cli", "rules", "--game", "nope"], capture_output=True, text=True)
    assert proc.returncode == 2 and proc.stderr.startswith("cdg-oracle: error:")


@pytest.mark.parametrize("argv", [
    ["difftest", "--games", "0"],
    ["vectors", "--games", "0"],
    ["ambiguities", "--budget", "0"],
])
def test_bad_arguments_of_every_command_under_python_m(argv):
    """Under ``python -m oracle.cli`` the CLI module is ``__main__``; a command module's bad
    argument is still the one UsageError (oracle/usage.py): one line, exit 2, not an internal error."""
    proc = subprocess.run([sys.executable, "-m", "cdg_oracle.oracle.cli", *argv], capture_output=True, text=True, timeout=120)
    assert proc.returncode == 2, proc.stderr
    assert proc.stderr.startswith("cdg-oracle: error:") and proc.stderr.count("\n") == 1, proc.stderr
    assert "internal error" not in proc.stderr and proc.stdout == ""


def test_vectors_command_is_registered(tmp_path, capsys):
    """`cdg-oracle vectors` through the real CLI: write two vectors, check them, then a bad folder."""
    out = tmp_path / "v"
    code, stdout, _ = run(capsys, "vectors", "--out", str(out), "--only", "op-us-disrupt,card-044", "--perft-depth", "1")
    assert code == 0 and "2 vectors written" in stdout
    assert sorted(p.name for p in (out / "vectors").iterdir()) == ["card-044.json", "op-us-disrupt.json"]
    code, stdout, _ = run(capsys, "vectors", "--check", str(out))
    assert code == 0 and "2 pass, 0 fail" in stdout
    code, _, stderr = run(capsys, "vectors", "--check", str(tmp_path / "nowhere"))
    assert code == 2 and "no such folder" in stderr and stderr.count("\n") == 1
