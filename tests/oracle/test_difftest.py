"""difftest and the adapter protocol: the reference adapter agrees with the model; a faulty or
misbehaving implementation gets the right verdict, at the right step, within its timeout, and
never hangs or crashes the oracle."""
from __future__ import annotations

import json
import sys
import time
from pathlib import Path

import jsonschema
import pytest

from cdg_oracle.oracle import difftest
from cdg_oracle.oracle.adapter import ImplFailure, Implementation, split_command
from cdg_oracle.oracle.cli import main
from cdg_oracle.oracle.difftest_cmd import reference_command

FAKE = str(Path(__file__).with_name("fake_impl.py"))
SCHEMA = json.loads((Path(__file__).parents[2] / "oracle" / "data" / "adapter.schema.json").read_text())


def fake(mode: str, n: int) -> list[str]:
    return [sys.executable, FAKE, mode, str(n)]


def run_cli(capsys, *argv):
    code = main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


def test_reference_adapter_agrees_with_the_model():
    r = difftest.run(reference_command(), games=3, seed=5)
    assert r.verdict == "agree" and r.games == 3 and r.steps > 500


def test_reference_adapter_agrees_in_every_scenario():
    from cdg_oracle.model.labyrinth import scenario_names
    for name in scenario_names():
        r = difftest.run(reference_command(), scenario=name, games=1, seed=2)
        assert r.verdict == "agree", (name, r.finding and r.finding.message)


def test_scenario_all_goes_through_every_scenario():
    from cdg_oracle.model.labyrinth import scenario_names

    r = difftest.run(reference_command(), scenario="all", games=4, seed=4)
    assert r.verdict == "agree" and r.games == 4 and r.names == scenario_names()
    # a finding names the scenario of its game (game 0: the first scenario)
    r = difftest.run(fake("state-funding", 3), scenario="all", games=4, seed=0)
    assert r.finding.game == 0 and r.finding.scenario == scenario_names()[0]


def test_cli_writes_the_trace_in_the_scenario_of_the_finding(tmp_path, capsys):
    out = tmp_path / "f.jsonl"
    code, stdout, _ = run_cli(capsys, "difftest", "--impl", f"{sys.executable} {FAKE} state-funding 3",
                              "--scenario", "anaconda", "--out", str(out))
    assert code == 1 and "(anaconda)" in stdout
    assert json.loads(out.read_text().splitlines()[0])["scenario"] == "anaconda"


def test_hypothesis_strategy_agrees_on_the_reference_adapter():
    r = difftest.run(reference_command(), games=2, seed=1, strategy="hypothesis", max_steps=300)
    assert r.verdict == "agree" and r.games == 2


@pytest.mark.parametrize("mode, n, kind, step", [
    # requests: 1 reset, 2 legal_actions, 3 state, then per step: apply, legal_actions, state
    ("crash", 10, "crash", 2),          # request 10 = apply of step 2
    ("silent-exit", 5, "crash", 1),
    ("garbage", 6, "malformed", 1),     # request 6 = state after step 0
    ("array", 2, "malformed", 0),
    ("deep", 3, "malformed", 0),
    ("long-number", 2, "malformed", 0),
    ("wrong-id", 8, "protocol", 2),
    ("no-ok", 3, "protocol", 0),
    ("oversized", 9, "oversized", 2),
    ("bad-action", 5, "protocol", 1),
    ("protocol-3", 1, "protocol", 0),
])
def test_process_failures_get_their_verdict_and_step(mode, n, kind, step):
    r = difftest.run(fake(mode, n), games=1, seed=0, timeout=5)
    assert r.verdict == kind, r.finding.message
    assert r.finding.game == 0 and r.finding.step == step


@pytest.mark.parametrize("mode, n, what", [
    ("state-funding-v2", 6, "state"),     # protocol 2: every apply carries the position after it
    ("extra-action-v2", 6, "legal_actions"),
    ("wrong-player-v2", 2, "player"),
])
def test_protocol_2_answers_are_compared_as_the_separate_requests_were(mode, n, what):
    r = difftest.run(fake(mode, n), games=1, seed=0, timeout=5)
    assert r.verdict == "disagreement" and r.finding.what == what, r.finding.message


def test_protocol_2_is_one_round_trip_per_step_and_protocol_1_three():
    one = difftest.run(fake("none", 0), games=1, seed=0, max_steps=20)
    two = difftest.run(reference_command(), games=1, seed=0, max_steps=20)
    assert one.verdict == two.verdict == "agree" and one.steps == two.steps == 20
    assert one.answers["answers"] == 3 + 3 * 20 and two.answers["answers"] == 3 + 20


def test_a_hang_is_a_timeout_within_the_limit():
    t0 = time.monotonic()
    r = difftest.run(fake("hang", 7), games=1, seed=0, timeout=1.0)
    assert r.verdict == "timeout" and r.finding.step == 1  # request 7 = the apply of step 1
    assert "within 1 s" in r.finding.message
    assert time.monotonic() - t0 < 8


def test_a_slow_but_correct_implementation_is_not_a_timeout():
    r = difftest.run(fake("slow", 0), games=1, seed=0, timeout=2.0, max_steps=3)
    assert r.verdict == "agree" and r.steps == 3


def test_a_crash_keeps_the_last_stderr_lines():
    r = difftest.run(fake("crash", 4), games=1, seed=0)
    assert r.verdict == "crash" and "crashing on purpose" in r.finding.stderr
    assert "status 3" in r.finding.message


@pytest.mark.parametrize("mode, n, what", [
    ("extra-action", 8, "legal_actions"),
    ("drop-action", 8, "legal_actions"),
    ("wrong-player", 2, "player"),
    ("state-funding", 9, "state"),
    ("refuse", 3, "refused"),
])
def test_rule_disagreements_are_found_at_the_right_step(mode, n, what):
    r = difftest.run(fake(mode, n), games=1, seed=0)
    f = r.finding
    assert r.verdict == "disagreement" and f.what == what, f and f.message
    if what == "state":
        assert f.step == 2 and [d["path"] for d in f.diff] == ["funding"]
        assert f.diff[0]["found"] == f.diff[0]["expected"] + 1
    if what == "legal_actions" and mode == "extra-action":
        assert f.found == [{"country": "Atlantis"}] and f.expected == [] and f.step == 2
    if what == "refused":
        assert f.step == 2 and len(f.actions) == 3  # the refused action is the last of the reproduction


def test_an_unstartable_command_is_a_crash_verdict():
    r = difftest.run(["/nonexistent/engine"], games=1)
    assert r.verdict == "crash" and "cannot start" in r.finding.message


def test_impl_is_started_without_a_shell(tmp_path):
    marker = tmp_path / "touched"
    # With a shell, '; touch' would run; without one it is an argument of python, which fails.
    argv = split_command(f"{sys.executable} -c pass ; touch {marker}")
    assert argv[-2:] == ["touch", str(marker)]
    r = difftest.run(argv, games=1, timeout=3)
    assert r.verdict in ("crash", "timeout", "protocol") and not marker.exists()


def test_disagreement_is_saved_as_a_trace_that_replays_and_reproduces(tmp_path, capsys):
    out = tmp_path / "found.jsonl"
    impl = f"{sys.executable} {FAKE} state-funding 30"
    code, stdout, _ = run_cli(capsys, "difftest", "--impl", impl, "--games", "1", "--out", str(out))
    assert code == 1 and "verdict: disagreement" in stdout and "funding: expected" in stdout
    trace_schema = json.loads((Path(__file__).parents[2] / "oracle" / "data" / "trace.schema.json").read_text())
    for line in out.read_text().splitlines():  # the trace difftest writes follows the trace schema
        jsonschema.validate(json.loads(line), trace_schema)
    # the trace is the model's own game up to the finding: the model replays it conformant
    code, stdout, _ = run_cli(capsys, "replay", str(out))
    assert code == 0 and "conformant" in stdout
    # and driving the implementation through it reproduces the same finding
    code, stdout, _ = run_cli(capsys, "difftest", "--impl", impl, "--trace", str(out), "--json")
    verdict = json.loads(stdout)
    assert code == 1 and verdict["verdict"] == "disagreement" and verdict["finding"]["what"] == "state"
    code, stdout, _ = run_cli(capsys, "difftest", "--trace", str(out), "--json")
    assert code == 0 and json.loads(stdout)["verdict"] == "agree"


def test_hypothesis_strategy_finds_and_shrinks(tmp_path):
    r = difftest.run(fake("state-funding", 30), games=5, seed=0, strategy="hypothesis", max_steps=200, budget=30)
    assert r.verdict == "disagreement" and r.finding.what == "state"
    assert r.finding.step == 9  # request 30 is the state after step 8: fixed by request count


def test_hypothesis_shrinks_to_the_first_us_choice_that_matters():
    """The fault needs one US choice other than the first listed; the shrunk game makes exactly
    one such choice, as its last action, and every other side choice is the first listed."""
    from cdg_oracle.oracle.games import new_state

    # Seed 6: where the shrinker stops depends on the seed (since issue 28 item 2 took the project's
    # constants out of hypothesis's draws, seed 3 stops with two Jihadist choices left; 6 and 7
    # reach one US choice in about 10 s).
    r = difftest.run(fake("us-second", 0), games=10, seed=6, strategy="hypothesis", max_steps=400, budget=60)
    f = r.finding
    assert r.verdict == "disagreement" and f.what == "state" and f.diff[0]["path"] == "prestige"
    state = new_state("labyrinth", "lets_roll")
    strays = []
    for i, a in enumerate(f.actions):
        if state.current_player() in ("US", "Jihadist") and state.legal_actions().index(a) > 0:
            strays.append((i, state.current_player()))
        state.apply(a)
    assert strays == [(len(f.actions) - 1, "US")]


def test_cli_json_and_default_self_test(capsys):
    code, stdout, _ = run_cli(capsys, "difftest", "--games", "1", "--json")
    v = json.loads(stdout)
    assert code == 0 and v["verdict"] == "agree" and v["games"] == 1 and v["finding"] is None


@pytest.mark.parametrize("argv, needle", [
    (["difftest", "--games", "0"], "--games"),
    (["difftest", "--timeout", "-1"], "--timeout"),
    (["difftest", "--impl", "'unclosed"], "cannot split"),
    (["difftest", "--impl", ""], "empty command"),
    (["difftest", "--scenario", "nowhere"], "unknown"),
    (["difftest", "--strategy", "genetic"], "invalid choice"),
    (["difftest", "--trace", "/nonexistent.jsonl"], "cannot read"),
])
def test_bad_arguments_one_line_error(capsys, argv, needle):
    code, _, stderr = run_cli(capsys, *argv)
    assert code == 2 and needle in stderr and stderr.count("\n") == 1


def test_protocol_messages_follow_the_schema():
    """Every request the oracle sends and every answer of the reference adapter validate."""
    validator = jsonschema.Draft202012Validator(SCHEMA)
    sent = []
    impl = Implementation(reference_command())
    real_request = impl.request

    def spy(cmd, **fields):
        resp = real_request(cmd, **fields)
        sent.append(({"id": resp["id"], "cmd": cmd, **fields}, resp))
        return resp
    impl.request = spy
    try:
        impl.reset("labyrinth", "lets_roll", "standard", {}, 1)
        player, actions = impl.legal_actions()
        impl.state()
        impl.apply(actions[0])
        bad = impl.apply({"card": 999})
    finally:
        impl.close()
    assert bad["ok"] is False and "not legal" in bad["error"]
    for req, resp in sent:
        validator.validate(req)
        validator.validate(resp)
    with pytest.raises(jsonschema.ValidationError):
        validator.validate({"id": 1, "cmd": "apply"})  # no action
    with pytest.raises(jsonschema.ValidationError):
        validator.validate({"id": 1, "ok": False})  # a refusal without an error text


def test_implementation_closes_a_hung_process():
    impl = Implementation(fake("hang", 1), timeout=0.5)
    with pytest.raises(ImplFailure) as e:
        impl.reset("labyrinth", "lets_roll", "standard", {}, 1)
    assert e.value.kind == "timeout"
    impl._kill()
    impl.close()
    assert impl.proc.poll() is not None


def test_canonical_states_follow_the_published_schema():
    """Every canonical state of two random games (and the start of every scenario) validates
    against model/labyrinth/data/state.schema.json (the spec's state_schema); the schema's countries are the map's."""
    from cdg_oracle.model.labyrinth import new_game, scenario_names
    from cdg_oracle.model.labyrinth.mapdata import load_map
    from cdg_oracle.oracle.playout import play_random

    schema = json.loads((Path(__file__).parents[2] / "model" / "labyrinth" / "data" / "state.schema.json").read_text())
    assert sorted(schema["properties"]["countries"]["required"]) == sorted(load_map().countries)
    validator = jsonschema.Draft202012Validator(schema)
    for name in scenario_names():
        validator.validate(new_game(name).canonical())
    seen = []
    for seed in (1, 2):
        state = new_game("lets_roll")
        play_random(state, seed, on_step=lambda s, p, a, l: seen.append(s.canonical()))
        seen.append(state.canonical())
    for c in seen[::5] + [seen[-1]]:
        validator.validate(c)
    assert seen[-1]["terminal"]["winner"] in ("US", "Jihadist") and "reason" not in seen[-1]["terminal"]
    state = new_game("lets_roll")
    state.d["second_card"] = {"proc": "card48_recruit", "card": 48, "use": "recruit", "ignore_us_event": True}  # card 48 played
    second = state.canonical()["second_card"]
    assert second == {"card": 48, "use": "recruit", "ignore_us_event": True}
    validator.validate(state.canonical())
    bad = dict(seen[-1], prestige=13)
    with pytest.raises(jsonschema.ValidationError):
        validator.validate(bad)
