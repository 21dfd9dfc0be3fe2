"""``cdg-oracle ambiguities``: the impact reports of the ambiguity registry and their witness
traces (fixture registries, tiny budgets)."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from cdg_oracle.oracle import trace
from cdg_oracle.oracle.cli import main
from tests.properties.test_impact import write_registry

#: one xdist worker for the module: its ``report`` (a run of the command) made once in a run (tests/conftest.py)
pytestmark = pytest.mark.xdist_group("labyrinth_ambiguities")

ROOT = Path(__file__).resolve().parents[2]

ANACONDA = """\
entries:
  - id: A33
    kind: ambiguity
    severity: MED
    title: "Anaconda set-up: three different countries?"
    rules: ["3.2"]
    cards: []
    texts:
      - {seed: "000", lang: it, text: "tre"}
    english: "Fixture."
    readings:
      distinct: "Three different non-US countries."
      any: "Countries may repeat."
    default: distinct
    basis: project_decision
    why: "Fixture."
    effect: play
    switch: anaconda_setup
    values: {distinct: distinct_non_us, any: any_non_us}
    source: "fixture"
"""


def run(capsys, *argv):
    code = main([str(a) for a in argv])
    out = capsys.readouterr()
    return code, out.out, out.err


def one_line_error(code, out, err):
    assert code == 2 and out == "", (code, out, err)
    assert err.startswith("cdg-oracle: error: ") and err.count("\n") == 1, err
    assert "Traceback" not in err
    return err


@pytest.fixture(scope="module")
def registry(tmp_path_factory):
    d = write_registry(tmp_path_factory.mktemp("registry"))
    (d / "more.yaml").write_text(ANACONDA, encoding="utf-8")
    return d


@pytest.fixture(scope="module")
def report(registry, tmp_path_factory):
    """One run of the command: (exit status, stdout, report folder)."""
    out = tmp_path_factory.mktemp("reports") / "labyrinth"
    code = main(["ambiguities", "--registry", str(registry), "--budget", "1", "--seed", "3", "--out", str(out)])
    return code, out


def files_of(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def test_reports_sorted_by_impact(report):
    code, out = report
    assert code == 0
    data = json.loads((out / "ambiguities.json").read_text(encoding="utf-8"))
    assert data["format"] == "cdg-oracle-ambiguities" and data["seed"] == 3 and data["pairs_per_reading"] == 1
    ids = [m["id"] for m in data["measured"]]
    assert set(ids) == {"D30", "A13", "D02", "A33"}
    keys = [(-m["impact"]["winner_changed"], -m["impact"]["diverged"], m["id"]) for m in data["measured"]]
    assert keys == sorted(keys)
    assert [m["rank"] for m in data["measured"]] == [1, 2, 3, 4]
    by_id = {m["id"]: m for m in data["measured"]}
    assert by_id["D30"]["impact"]["diverged"] == 1  # the first deal differs
    assert by_id["A33"]["impact"]["diverged"] == 1  # pair 0 plays Anaconda
    assert [m["id"] for m in data["not_measured"]] == ["D05"]
    md = (out / "ambiguities.md").read_text(encoding="utf-8")
    assert md.startswith("# Labyrinth: the impact of the ambiguities")
    assert "| D05 | none | LOW | A wording | 9.1 | The texts say the same thing in other words. |" in md
    assert md.index("| 1 | ") < md.index("| 4 | ")
    assert "ambiguities/D30_jihadist_then_us.trace.jsonl" in md


def _witness_traces(out: Path, data: dict, entry: str):
    (m,) = [m for m in data["measured"] if m["id"] == entry]
    (alt,) = m["alternatives"]
    w = alt["witness"]
    assert w is not None
    texts = [(out / w["trace"]).read_text(encoding="utf-8"), (out / w["default_trace"]).read_text(encoding="utf-8")]
    return w, texts


@pytest.mark.parametrize("entry, kind", [("D30", "state"), ("A33", "legal_actions")])
def test_witness_traces_replay_and_differ_at_their_last_step(report, entry, kind):
    code, out = report
    data = json.loads((out / "ambiguities.json").read_text(encoding="utf-8"))
    w, (alt_text, default_text) = _witness_traces(out, data, entry)
    assert w["kind"] == kind and w["method"] in ("hypothesis", "first_divergence")
    for text, name in ((alt_text, w["trace"]), (default_text, w["default_trace"])):
        verdict = trace.replay(text, name)
        assert verdict.verdict == "conformant", verdict.to_dict()
    head_a, steps_a, end_a = trace.parse(alt_text)
    head_d, steps_d, end_d = trace.parse(default_text)
    assert head_a["rulings"] != head_d["rulings"]
    assert {k: v for k, v in head_a["rulings"].items() if head_d["rulings"][k] != v} == w["rulings"]
    drop = ("_line",)
    same = [{k: v for k, v in s.items() if k not in drop} for s in steps_d]
    other = [{k: v for k, v in s.items() if k not in drop} for s in steps_a]
    if kind == "state":
        assert len(same) == len(other) == w["steps"] > 0
        assert same[:-1] == other[:-1]  # the same game up to the last step
        assert same[-1]["state_hash"] != other[-1]["state_hash"]  # whose result differs
        assert same[-1]["action"] == other[-1]["action"]
    else:
        assert len(same) == len(other) == w["steps"] + 1
        assert same[:-1] == other[:-1]
        assert same[-1]["legal_hash"] != other[-1]["legal_hash"]  # the legal actions differ there
    assert w["shows"].startswith(f"step {len(same) - 1}:")


def test_same_seed_and_budget_same_bytes(report, registry, tmp_path):
    """Byte-identical reports and traces from another process with another hash seed."""
    code, out = report
    again = tmp_path / "again"
    env = dict(os.environ, PYTHONHASHSEED="12345")
    proc = subprocess.run([sys.executable, "-m", "cdg_oracle.oracle.cli", "ambiguities", "--registry", str(registry),
                           "--budget", "1", "--seed", "3", "--out", str(again)],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    assert files_of(again) == files_of(out)


def test_a_rerun_removes_the_witnesses_the_new_report_no_longer_names(registry, tmp_path, capsys):
    """Witness traces of an earlier report that the new one does not name are removed from the
    witness folder; other files there are left alone. A partial run (``--entry``) has its own
    report and folder (issue 15 item 8), where the same holds."""
    stale = tmp_path / "ambiguities-partial" / "Z99_gone.trace.jsonl"
    stale.parent.mkdir(parents=True)
    stale.write_text("{}\n", encoding="utf-8")
    keep = tmp_path / "ambiguities-partial" / "notes.txt"
    keep.write_text("mine\n", encoding="utf-8")
    code, out, err = run(capsys, "ambiguities", "--registry", registry, "--budget", "1", "--entry", "A13",
                         "--out", tmp_path)
    assert code == 0, err
    assert not stale.exists() and keep.read_text(encoding="utf-8") == "mine\n"
    report = json.loads((tmp_path / "ambiguities-partial.json").read_text(encoding="utf-8"))
    named = {alt["witness"][k] for m in report["measured"] for alt in m["alternatives"] if alt["witness"]
             for k in ("trace", "default_trace")}
    found = {p.relative_to(tmp_path).as_posix() for p in (tmp_path / "ambiguities-partial").glob("*.trace.jsonl")}
    assert found == named


def test_entry_selects(registry, tmp_path, capsys):
    code, out, err = run(capsys, "ambiguities", "--registry", registry, "--budget", "1", "--entry", "A13",
                         "--out", tmp_path)
    assert code == 0, err
    data = json.loads((tmp_path / "ambiguities-partial.json").read_text(encoding="utf-8"))
    assert [m["id"] for m in data["measured"]] == ["A13"] and data["not_measured"] == []
    assert "partial, 1 entry measured" in out and not (tmp_path / "ambiguities.json").exists()


@pytest.mark.parametrize("argv, words", [
    (["--budget", "0"], "--budget"),
    (["--budget", "-3"], "--budget"),
    (["--budget", "nan"], "--budget"),
    (["--budget", "inf"], "--budget"),
    (["--budget", "soon"], "--budget"),
    (["--seed", "x"], "--seed"),
    (["--entry"], "--entry"),
    (["--entry", "D30", "Z99"], "Z99"),
    (["--frobnicate"], "frobnicate"),
])
def test_bad_arguments(registry, tmp_path, capsys, argv, words):
    out = tmp_path / "out"
    err = one_line_error(*run(capsys, "ambiguities", "--registry", registry, "--out", out, *argv))
    assert words in err
    assert not out.exists()  # nothing written


def test_broken_registry(tmp_path, capsys):
    bad = tmp_path / "bad"
    bad.mkdir()
    (bad / "x.yaml").write_text("entries:\n  - id: D30\n    kind: [\n", encoding="utf-8")
    err = one_line_error(*run(capsys, "ambiguities", "--registry", bad, "--out", tmp_path / "o"))
    assert "x.yaml" in err
    empty = tmp_path / "empty"
    empty.mkdir()
    assert "no registry file" in one_line_error(*run(capsys, "ambiguities", "--registry", empty))
    assert "not a folder" in one_line_error(*run(capsys, "ambiguities", "--registry", tmp_path / "missing"))
    (bad / "x.yaml").write_text(
        "entries:\n  - id: D30\n    kind: discrepancy\n", encoding="utf-8")
    assert "D30: missing" in one_line_error(*run(capsys, "ambiguities", "--registry", bad))


def test_out_is_a_file(registry, tmp_path, capsys):
    f = tmp_path / "file"
    f.write_text("x", encoding="utf-8")
    assert "not a folder" in one_line_error(*run(capsys, "ambiguities", "--registry", registry, "--out", f))
    assert f.read_text(encoding="utf-8") == "x"


def test_the_report_lists_discovery_candidates_with_replayable_traces(report):
    """Issue 7 item 4: the discovery (properties/discovery.py) runs with the measurement:
    the JSON has its counts, each candidate names a switch of the fixture registry's Rulings and a
    trace that replays (the game under the changed reading, up to where the pair parted)."""
    from cdg_oracle.oracle import trace

    import json

    _, out = report
    disc = json.loads((out / "ambiguities.json").read_text(encoding="utf-8"))["discovery"]
    assert disc["pairs"] == disc["runs"] >= 20 and disc["divergences"] >= disc["named"]
    assert "## Discovery: candidate new ambiguities" in (out / "ambiguities.md").read_text(encoding="utf-8")
    for c in disc["candidates"]:
        verdict = trace.replay((out / c["trace"]).read_text(encoding="utf-8"))
        assert verdict.conformant and verdict.steps == c["steps"], (c, verdict.message)
    machine = disc["machine"]  # the side-by-side state machine (properties/side_by_side.py)
    assert machine["runs"] == machine["max_examples"] == 3 and machine["step_count"] == 300
    assert machine["pairs"] >= machine["runs"] and machine["divergences"] >= machine["named"]
    assert machine["shrink_cut_by_clock"] is False  # its shrinking ended by hypothesis's counts
    assert "The state machine of the properties issue, run side by side" in \
        (out / "ambiguities.md").read_text(encoding="utf-8")
    if machine["candidate"] is not None:
        c = machine["candidate"]
        verdict = trace.replay((out / c["trace"]).read_text(encoding="utf-8"))
        assert verdict.conformant and verdict.steps == c["steps"], (c, verdict.message)



def test_a_shrink_the_clock_cut_is_reported(report):
    """The side-by-side machine's shrinking ends by hypothesis's counts; when the outer wall-clock
    cap (properties/hypothesis_runs.py) stopped it instead, the markdown says the result may differ
    elsewhere -- and says nothing when it did not."""
    import json

    from cdg_oracle.oracle.ambiguities_cmd import render_markdown

    _, out = report
    data = json.loads((out / "ambiguities.json").read_text(encoding="utf-8"))
    assert "The wall clock stopped" not in render_markdown(data)
    data["discovery"]["machine"]["shrink_cut_by_clock"] = True
    assert "The wall clock stopped hypothesis's shrinking" in render_markdown(data)

REPORTS = Path(__file__).resolve().parents[2] / "reports"


# Measured (seed 1, budget 60): Labyrinth, 49 of the 93 alternative readings diverged; Twilight
# Struggle, all 9; A Distant Plain, 9 of 47.
@pytest.mark.parametrize("game, at_least", [("labyrinth", 45), ("twilight_struggle", 9), ("distant_plain", 9)])
def test_the_committed_report_shows_both_readings_of_every_entry_it_measured_apart(game, at_least):
    """Issue 7 (issue 29 item 5: every game with a registry): for every executable entry whose
    readings diverged in the committed report (``cdg-oracle ambiguities --game GAME``, seed 1), its
    witness is a state where the two readings give different results: the two traces replay
    conformant under their rulings, agree step by step, and differ at the last step (the state
    after it, or the legal actions there); an entry whose pairs never diverged has no witness."""
    REPORT = REPORTS / game
    data = json.loads((REPORT / "ambiguities.json").read_text(encoding="utf-8"))
    assert data["game"] == game
    checked = 0
    for m in data["measured"]:
        for alt in m["alternatives"]:
            w = alt["witness"]
            assert (w is None) == (alt["diverged"] == 0), (m["id"], alt["reading"])
            if w is None:
                continue
            texts = [(REPORT / w[k]).read_text(encoding="utf-8") for k in ("trace", "default_trace")]
            for text in texts:
                assert trace.replay(text).verdict == "conformant", \
                    f"{m['id']} {alt['reading']}: regenerate the report with: cdg-oracle ambiguities --game {game}"
            (_, a, end_a), (_, b, end_b) = (trace.parse(t) for t in texts)
            # the facts of a step (the rules each reading cites may differ before the states do)
            keep = ("i", "player", "action", "legal_count", "legal_hash", "state_hash")
            a = [{k: s.get(k) for k in keep} for s in a]
            b = [{k: s.get(k) for k in keep} for s in b]
            assert len(a) == len(b) and a[:-1] == b[:-1], (m["id"], alt["reading"])
            if a:
                assert a[-1] != b[-1], (m["id"], alt["reading"])
            else:  # the readings differ from the set-up on: the end lines' state hashes differ
                assert end_a["state_hash"] != end_b["state_hash"], (m["id"], alt["reading"])
            checked += 1
    assert checked >= at_least


def test_the_default_budget_tries_every_alternative_in_discovery():
    """Issue 7 item 4: at the default budget the discovery walks at least one pair for every
    alternative value of every Rulings switch (pair k varies the k-th alternative, cyclically)."""
    from cdg_oracle.oracle.ambiguities_cmd import discovery_runs
    from cdg_oracle.properties import discovery

    assert discovery_runs(60) >= len(discovery.alternatives("labyrinth"))
    assert discovery_runs(1) == 20


# -- every game with a registry (issue 29 item 5) ------------------------------------------------------

@pytest.mark.parametrize("game, entry, title", [("twilight_struggle", "P01", "Twilight Struggle"),
                                                ("distant_plain", "A06", "A Distant Plain")])
def test_every_game_with_a_registry_is_measured_into_its_own_folder(game, entry, title, capsys, tmp_path,
                                                                    monkeypatch):
    """``--game`` picks the game's registry and, by default, the folder reports/<game>; the report
    names the game and the command that made it, and its witness traces replay as that game's."""
    monkeypatch.chdir(tmp_path)
    code, out, err = run(capsys, "ambiguities", "--game", game, "--budget", "1", "--entry", entry)
    assert code == 0, err
    folder = tmp_path / "reports" / game
    assert f"{Path('reports') / game / 'ambiguities-partial.md'}" in out
    data = json.loads((folder / "ambiguities-partial.json").read_text(encoding="utf-8"))
    assert data["game"] == game and [m["id"] for m in data["measured"]] == [entry]
    md = (folder / "ambiguities-partial.md").read_text(encoding="utf-8")
    assert md.startswith(f"# {title}: the impact of the ambiguities")
    assert f"`cdg-oracle ambiguities --game {game} --budget 1 --seed 1`" in md
    witnesses = [alt["witness"] for alt in data["measured"][0]["alternatives"] if alt["witness"]]
    assert witnesses
    for w in witnesses:
        for key in ("trace", "default_trace"):
            text = (folder / w[key]).read_text(encoding="utf-8")
            assert trace.parse(text)[0]["game"] == game
            assert trace.replay(text).verdict == "conformant"
