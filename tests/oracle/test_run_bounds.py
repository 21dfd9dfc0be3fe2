"""Issue 28 (hardening): run bounds, outputs, the README and wording.

One test (or a few) per item of the issue, each of which failed on the code before the fix; the
item number is in each test's name.
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from cdg_oracle.oracle.cli import main

ROOT = Path(__file__).resolve().parents[2]
FAKE = str(Path(__file__).with_name("fake_impl.py"))
CLI = [sys.executable, "-m", "cdg_oracle.oracle.cli"]


def run(capsys, *argv):
    code = main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


def fake(mode: str, n: int) -> str:
    return f"{sys.executable} {FAKE} {mode} {n}"


# -- 4. a run that compared nothing is no agreement; no budget or timeout below a millisecond ---------------
@pytest.mark.parametrize("argv, option", [
    (["difftest", "--budget", "1e-9"], "--budget"),
    (["difftest", "--timeout", "1e-300"], "--timeout"),
    (["difftest", "--budget", "0.0009"], "--budget"),
    (["verify", "--budget", "1e-9"], "--budget"),
    (["ambiguities", "--budget", "0.0005"], "--budget"),
])
def test_item4_budgets_and_timeouts_below_a_millisecond_are_refused(capsys, argv, option):
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == "" and err.count("\n") == 1, err
    assert f"argument {option}" in err and "0.001" in err, err


def test_item4_a_millisecond_is_accepted(capsys):
    from cdg_oracle.oracle.cli import build_parser

    args = build_parser().parse_args(["difftest", "--budget", "0.001", "--timeout", "0.001"])
    assert args.budget == 0.001 and args.timeout == 0.001


def test_item4_a_run_that_compared_no_step_is_undetermined_exit_4(tmp_path, capsys):
    """``difftest --budget 1e-9`` reported '0 steps compared ... agree' and exited 0. The smallest
    budget allowed still ends before the first step (starting the adapter takes longer): the verdict
    is ``undetermined``, exit 4, in words and in JSON."""
    code, out, err = run(capsys, "difftest", "--budget", "0.001", "--games", "1", "--out", str(tmp_path / "f.jsonl"))
    assert code == 4, (out, err)
    assert "0 steps compared" in out and "verdict: undetermined (no step compared" in out and "verdict: agree" not in out
    code, out, _ = run(capsys, "difftest", "--budget", "0.001", "--games", "1", "--json",
                       "--out", str(tmp_path / "f.jsonl"))
    data = json.loads(out)
    assert code == 4 and data["verdict"] == "undetermined" and data["steps"] == 0 and data["partial"]
    assert not (tmp_path / "f.jsonl").exists()  # nothing to reproduce


def test_item4_a_trace_with_no_step_is_undetermined_too(tmp_path, capsys):
    from cdg_oracle.oracle import trace

    empty = tmp_path / "empty.jsonl"
    empty.write_text(trace.from_actions("labyrinth", "lets_roll", "standard", {}, []))
    code, out, _ = run(capsys, "difftest", "--trace", str(empty))
    assert code == 4 and "verdict: undetermined" in out, out


# -- 6. a budget bounds the whole run, waits on the adapter included -----------------------------------------
@pytest.mark.parametrize("strategy", ["random", "hypothesis"])
def test_item6_a_budget_cuts_a_wait_on_a_hanging_adapter(tmp_path, capsys, strategy):
    """``difftest --budget 5 --timeout 60`` against a hanging adapter ran 60.6 s and gave a timeout
    verdict. The wait on an answer is now min(timeout, budget left): a budget of 1 s ends the run
    within about a second, partial, with the steps compared before the hang (no false timeout)."""
    t0 = time.monotonic()
    code, out, err = run(capsys, "difftest", "--impl", fake("hang", 10), "--budget", "1", "--timeout", "60",
                         "--games", "3", "--strategy", strategy, "--json", "--out", str(tmp_path / "f.jsonl"))
    took = time.monotonic() - t0
    data = json.loads(out)
    assert took < 3.0, took
    assert code == 0 and data["verdict"] == "agree" and data["partial"] and data["steps"] > 0, (out, err)
    assert data["finding"] is None and not (tmp_path / "f.jsonl").exists()


def test_item6_a_budget_between_games_makes_the_run_partial(monkeypatch):
    """A budget that ran out between two games stopped the run without saying it was partial."""
    from cdg_oracle.oracle import difftest
    from cdg_oracle.oracle.difftest_cmd import reference_command

    clock = [0.0]

    def fake_play(*args, **kwargs):
        clock[0] += 10.0  # every game takes 10 s
        return 5

    monkeypatch.setattr(difftest, "play_game", fake_play)
    monkeypatch.setattr(difftest.time, "monotonic", lambda: clock[0])
    r = difftest.run(reference_command(), scenario="lets_roll", games=5, budget=15.0)
    assert r.games == 2 and r.partial and "partial" in difftest.render_text(r)


@pytest.fixture
def quick_verify(monkeypatch):
    """verify without its slowest phases (the inductive proofs, the adapter self-test)."""
    from tests.verify_stubs import without_slow_phases

    without_slow_phases(monkeypatch.setattr)


def test_item6_verify_budget_cuts_the_solo_campaign_too(tmp_path, capsys, quick_verify):
    """verify's --budget cut the two-player campaign only: the solo campaign played its first round
    whole (20 games) whatever the budget. Now the budget bounds every campaign together."""
    code, _, err = run(capsys, "verify", "--no-refinement", "--budget", "0.001", "--games", "1", "--examples", "1",
                       "--steps", "5", "--out", str(tmp_path))
    data = json.loads((tmp_path / "labyrinth" / "verification.json").read_text())
    assert code == 0, err
    assert data["solo_campaign"]["games"] < data["work"]["planned"]["solo_games"]
    assert data["work"]["partial"] and "solo games" in err


def test_item6_verify_budget_cuts_the_active_campaign():
    """A Distant Plain verify ran its active campaign to the end whatever the budget."""
    from cdg_oracle.properties.verification import verification

    extras = verification("distant_plain").extra_campaigns(["sandbox"], 1, 3, 0.0, None, lambda text: None)
    (active,) = extras
    assert active.played == 0 and active.planned == {"active_games": 3}


# -- 12. a full disk: one line naming the path, exit 2, and the finding still printed ------------------------
class _FullFile:
    """A file open for writing on a full disk: every write fails with ENOSPC."""

    def __init__(self, fd):
        self.fd = fd

    def write(self, text):
        import errno

        raise OSError(errno.ENOSPC, "No space left on device")

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        os.close(self.fd)


class _FullDiskOs:
    """``os`` as the output writer sees it on a full disk: files open, writes fail."""

    def __getattr__(self, name):
        return getattr(os, name)

    @staticmethod
    def fdopen(fd, *args, **kwargs):
        return _FullFile(fd)


@pytest.fixture
def full_disk(monkeypatch):
    """Every file the oracle writes (oracle/fileio.py) fails as on a full disk (ENOSPC)."""
    from cdg_oracle.oracle import fileio

    monkeypatch.setattr(fileio, "os", _FullDiskOs())


def test_item12_a_full_disk_under_difftest_prints_the_finding_then_one_line(tmp_path, capsys, full_disk):
    """A full disk ended in exit 3 'internal error: OSError' and the finding was not printed."""
    out_path = tmp_path / "finding.jsonl"
    code, out, err = run(capsys, "difftest", "--impl", fake("extra-action", 3), "--games", "1",
                         "--out", str(out_path))
    assert code == 2, err
    assert "verdict: disagreement" in out and "legal actions differ" in out and "trace:" not in out
    assert err.count("\n") == 1 and str(out_path) in err and "No space left on device" in err, err
    assert "internal error" not in err and not out_path.exists() and list(tmp_path.iterdir()) == []


def test_item12_a_full_disk_under_difftest_json_still_prints_the_verdict(tmp_path, capsys, full_disk):
    code, out, err = run(capsys, "difftest", "--impl", fake("extra-action", 3), "--games", "1", "--json",
                         "--out", str(tmp_path / "f.jsonl"))
    data = json.loads(out)
    assert code == 2 and data["verdict"] == "disagreement" and data["trace"] is None
    assert err.count("\n") == 1 and "f.jsonl" in err


@pytest.mark.parametrize("argv", [
    ["play", "--seed", "1", "--out", "{tmp}/game.jsonl"],
    ["replay", str(ROOT / "docs" / "examples" / "lets_roll_seed1.trace.jsonl"), "--position-at", "3",
     "--out", "{tmp}/here.yaml"],
    ["vectors", "--only", "op-us-disrupt", "--games", "1", "--directed-games", "0", "--perft-depth", "1",
     "--jobs", "1", "--out", "{tmp}/vectors"],
])
def test_item12_a_full_disk_under_any_output_is_one_line_exit_2(tmp_path, capsys, full_disk, argv):
    argv = [a.replace("{tmp}", str(tmp_path)) for a in argv]
    code, _, err = run(capsys, *argv)
    assert code == 2 and err.count("\n") == 1, err
    assert str(tmp_path) in err and "cannot write: No space left on device" in err and "internal" not in err


@pytest.mark.parametrize("argv", [["rules"], ["play", "--seed", "1"]])
def test_item12_standard_output_on_a_full_device_is_one_line_exit_2(argv):
    """``cdg-oracle rules > /dev/full`` ended in 'internal error: OSError', exit 3."""
    if not os.path.exists("/dev/full"):
        pytest.skip("no /dev/full on this system (Linux has one): the full-disk case needs it")
    with open("/dev/full", "w") as full:
        proc = subprocess.run(CLI + argv, stdout=full, stderr=subprocess.PIPE, text=True, timeout=120)
    assert proc.returncode == 2, proc.stderr
    assert proc.stderr.splitlines()[-1] == "cdg-oracle: error: standard output: cannot write: No space left on device"


# -- 8. vectors --check reads regular files only ---------------------------------------------------------------
@pytest.mark.parametrize("fifo", ["vectors/card-044.json", "index.json"])
def test_item8_a_fifo_in_the_vector_folder_is_refused_not_read(tmp_path, fifo):
    """``vectors --check`` hung forever on a FIFO in the vector folder. Now it names the path and
    exits 2 at once (the subprocess timeout keeps the test itself from hanging)."""
    (tmp_path / "vectors").mkdir()
    (tmp_path / "vectors" / "op-us-disrupt.json").write_text("{}\n")
    os.mkfifo(tmp_path / fifo)
    try:
        proc = subprocess.run(CLI + ["vectors", "--check", str(tmp_path)], capture_output=True, text=True,
                              timeout=60)
    except subprocess.TimeoutExpired:
        pytest.fail("vectors --check hangs on a FIFO")
    assert proc.returncode == 2 and proc.stdout == "", proc.stderr
    assert proc.stderr == f"cdg-oracle: error: {tmp_path / fifo}: a FIFO; a vectors folder holds regular files only\n"


# -- 15. small wording ------------------------------------------------------------------------------------------
EXAMPLE = ROOT / "docs" / "examples" / "lets_roll_seed1.trace.jsonl"


def test_item15_replay_position_at_names_its_own_option(capsys):
    code, _, err = run(capsys, "replay", str(EXAMPLE), "--position-at", "99999999")
    assert code == 2 and err.startswith("cdg-oracle: error: --position-at 99999999: the trace "), err


def test_item15_ambiguities_registry_names_the_folder_as_given(tmp_path, capsys):
    empty = tmp_path / "etc"
    empty.mkdir()
    code, _, err = run(capsys, "ambiguities", "--registry", str(empty), "--out", str(tmp_path / "out"))
    assert code == 2 and err == f"cdg-oracle: error: {empty}: no registry file (*.yaml) in this folder\n", err


def test_item15_format_version_true_is_not_reported_as_1(tmp_path, capsys):
    lines = EXAMPLE.read_text().splitlines(keepends=True)
    head = json.loads(lines[0])
    head["format_version"] = True
    bad = tmp_path / "t.jsonl"
    bad.write_text(json.dumps(head) + "\n" + "".join(lines[1:]))
    code, _, err = run(capsys, "replay", str(bad))
    assert code == 2 and "format_version true is not known" in err and "format_version 1" not in err, err


@pytest.mark.parametrize("argv", [
    ["verify", "--games", "0", "--examples", "1", "--steps", "1", "--out", ""],
    ["ambiguities", "--entry", "D30", "--budget", "1", "--out", ""],
    ["difftest", "--games", "1", "--out", ""],
    ["play", "--seed", "1", "--out", ""],
    ["vectors", "--only", "op-us-disrupt", "--out", ""],
    ["vectors", "--check", ""],
    ["ambiguities", "--registry", "", "--out", "{tmp}"],
])
def test_item15_an_empty_out_is_refused_not_taken_for_the_current_folder(tmp_path, capsys, monkeypatch, argv):
    """``--out ''`` made verify and ambiguities write into the current folder."""
    monkeypatch.chdir(tmp_path)
    argv = [a.replace("{tmp}", str(tmp_path / "o")) for a in argv]
    code, out, err = run(capsys, *argv)
    assert code == 2 and err.count("\n") == 1 and "'': an empty path" in err, err
    assert list(tmp_path.iterdir()) == []


# -- 7. --max-branches bounded by what fits in memory ---------------------------------------------------------
@pytest.mark.parametrize("value", ["1000000000", "100000", "20001"])
def test_item7_max_branches_beyond_what_fits_is_refused_saying_why(capsys, value):
    """--max-branches accepted up to 1e9, where 100,000 already took 8 GB."""
    code, out, err = run(capsys, "replay", str(EXAMPLE), "--max-branches", value)
    assert code == 2 and out == "" and err.count("\n") == 1, err
    assert "at most 20000" in err and "full game state" in err and "GiB" in err


def test_item7_the_bound_fits_in_a_few_gib_as_measured():
    """The bound and the memory per branch the docs state hold against a measurement (the
    benchmark, small numbers): the bound's candidates fit in under 2 GiB."""
    from cdg_oracle.oracle.usage import BRANCH_KIB, MAX_BRANCHES

    out = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "replay_branches.py"), "--branches", "200",
                          "1500"], capture_output=True, text=True, timeout=300, check=True)
    measured = json.loads(out.stdout.splitlines()[-1])
    assert measured["max_branches"] == MAX_BRANCHES
    assert measured["bytes_per_branch"] * MAX_BRANCHES < 2 * 2**30
    assert 0.5 * BRANCH_KIB < measured["bytes_per_branch"] / 1024 < 1.5 * BRANCH_KIB, measured


# -- 13. the README, tried line by line; skips that say why ---------------------------------------------------
SOURCE_TESTS = ["tests/twilight_struggle/test_rules_catalogue.py", "tests/twilight_struggle/test_ambiguities.py",
                "tests/twilight_struggle/test_data.py", "tests/twilight_struggle/test_map.py",
                "tests/properties/test_registry.py", "tests/properties/test_mapchecks.py",
                "tests/distant_plain/test_rules_catalogue.py", "tests/distant_plain/test_ambiguities.py",
                "tests/labyrinth/test_rules_catalogue.py", "tests/labyrinth/test_map.py"]


def test_item13_without_shared_every_skip_says_which_file_and_why(tmp_path):
    """Some 53 tests skipped without a word when ../shared was absent (and two failed). Now each
    skip names the missing file and what it would have checked."""
    gone = tmp_path / "no-shared"
    env = {**os.environ, "CDG_ORACLE_SEEDS": str(gone / "seeds"), "CDG_RESEARCH_DIR": str(gone / "research")}
    proc = subprocess.run([sys.executable, "-m", "pytest", "-q", "-rs", "-p", "no:cacheprovider", *SOURCE_TESTS],
                          capture_output=True, text=True, cwd=ROOT, env=env, timeout=600)
    assert proc.returncode == 0, proc.stdout[-3000:]
    skipped = [line for line in proc.stdout.splitlines() if line.startswith("SKIPPED")]
    assert len(skipped) >= 10, proc.stdout[-3000:]
    for line in skipped:
        assert f"source file missing: {gone}" in line and "it is needed to " in line and "../shared" in line, line


def test_item13_the_readme_position_example_runs(capsys):
    """The README's ``position play ... '{"op":"jihad"}' ...`` passed ``...`` as an action (exit 2)."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    import shlex

    (line,) = [x.strip() for x in readme.splitlines() if x.strip().startswith("cdg-oracle position play ")]
    argv = shlex.split(line.split("  #")[0])[1:]
    assert "..." not in argv
    code, out, err = run(capsys, *[str(ROOT / a) if a.startswith("docs/") else a for a in argv])
    assert code == 0, err
    assert "islamist_rule" in out


def test_item13_the_readme_says_how_the_commands_without_game_learn_it():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "Every command takes `--game NAME`" not in readme
    assert 'difftest --impl "cdg-oracle adapter"' in readme
    assert "vectors --perft-depth" in readme and "no `perft` command" in readme
    assert "a position file 4 MiB" in readme
    assert "ambiguities [--budget SECONDS]" not in readme and "is a size of\nwork, not a time limit" in readme


def test_item13_every_command_without_game_has_none():
    """The README's list of the commands that learn the game elsewhere matches the parser."""
    from cdg_oracle.oracle.cli import build_parser

    sub = next(a for a in build_parser()._actions if a.dest == "command")
    readme = " ".join((ROOT / "README.md").read_text(encoding="utf-8").split())
    with_game = ["verify", "play", "rules", "scenario", "difftest", "vectors", "ambiguities", "report"]
    assert "take `--game NAME` (default `labyrinth`): `" + "`, `".join(with_game) + "`," in readme
    for name, p in sub.choices.items():
        opts = {o for a in p._actions for o in a.option_strings}
        assert ("--game" in opts) == (name in with_game), name
    pos = next(a for a in sub.choices["position"]._actions if a.dest == "position_command")
    for verb in ("check", "legal", "play", "show", "schema"):
        opts = {o for a in pos.choices[verb]._actions for o in a.option_strings}
        assert ("--game" in opts) == (verb in ("show", "schema")), verb
