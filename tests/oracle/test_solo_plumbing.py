"""The solo game option (chapter 9) through the oracle's faces: the trace header's ``options``, a
step's ``gap``, ``cdg-oracle play --solo`` and replay, the adapter's ``reset`` options and difftest.

The tests whose docstring says "Needs the bot" play solo games past the first Jihadist decision:
they need the solo bot (model/labyrinth/solo/answers.py) and fail until it is in."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator

from cdg_oracle.model.labyrinth.options import IDEOLOGIES
from cdg_oracle.oracle import difftest, trace
from cdg_oracle.oracle.adapter import Implementation
from cdg_oracle.oracle.cli import main, play_notes
from cdg_oracle.oracle.difftest_cmd import reference_command
from cdg_oracle.oracle.games import carried_options, new_state
from cdg_oracle.oracle.reference_adapter import Session

ROOT = Path(__file__).resolve().parents[2]
TRACE_SCHEMA = json.loads((ROOT / "oracle" / "data" / "trace.schema.json").read_text(encoding="utf-8"))
ADAPTER_SCHEMA = json.loads((ROOT / "oracle" / "data" / "adapter.schema.json").read_text(encoding="utf-8"))
TRACE_VALIDATOR = Draft202012Validator(TRACE_SCHEMA)
SOLO = {"solo": True, "ideology": "potent", "minidecks": False}
GAP = "9.5 Global table: no source gives its cells; a uniform pick stands in for it"


def run(capsys, *argv):
    code = main(list(argv))
    out = capsys.readouterr()
    assert "Traceback" not in out.err and out.err.count("\n") <= 1, out.err
    return code, out.out, out.err


def chance_prefix(scenario: str, options: dict | None, n: int = 6) -> list:
    """The first ``n`` chance outcomes of a game (the deal: no Jihadist decision yet, so no bot)."""
    st = new_state("labyrinth", scenario, options=options)
    actions = []
    while len(actions) < n and st.current_player() == "chance":
        a = st.legal_actions()[len(actions) % len(st.legal_actions())]
        st.apply(a)
        actions.append(a)
    return actions


def records(text: str) -> list[dict]:
    return [json.loads(line) for line in text.splitlines()]


def text_of(recs: list[dict]) -> str:
    return "".join(trace.dumps(r) + "\n" for r in recs)


# -- the trace header ---------------------------------------------------------------------------

def test_header_round_trip_with_options():
    st = new_state("labyrinth", "lets_roll", options=SOLO)
    head = trace.header("labyrinth", "lets_roll", "standard", st.rulings_dict(), 3, st.options())
    assert head["options"] == SOLO
    assert not list(TRACE_VALIDATOR.iter_errors(head))
    text = trace.from_actions("labyrinth", "lets_roll", "standard", {}, chance_prefix("lets_roll", SOLO),
                              seed=3, options=SOLO)
    parsed, steps, end = trace.parse(text)
    assert parsed["options"] == SOLO and len(steps) == 6 and end["unfinished"]
    assert trace.initial_state(parsed).options() == SOLO
    v = trace.replay(text)
    assert v.conformant, v.message


@pytest.mark.parametrize("ideology", IDEOLOGIES)
def test_every_ideology_and_minidecks_round_trip(ideology):
    options = {"solo": True, "ideology": ideology, "minidecks": True}
    text = trace.from_actions("labyrinth", "you_can_call_me_al", "standard", {}, [], options=options)
    head = records(text)[0]
    assert head["options"] == options
    assert trace.initial_state(head).options() == options
    assert trace.replay(text).conformant


def test_partial_options_take_their_defaults():
    """A hand-written header may name only ``solo``; the others take their defaults."""
    recs = records(trace.from_actions("labyrinth", "lets_roll", "standard", {}, [], options=SOLO))
    recs[0]["options"] = {"solo": True}
    state = trace.initial_state(recs[0])
    assert state.options() == {"solo": True, "ideology": "normal", "minidecks": False}
    # the state hashes of a potent and a normal game at the start agree (options are not canonical)
    assert trace.replay(text_of(recs)).conformant


def test_a_solo_header_and_a_two_player_header_replay_differently():
    """The options are part of the game the header sets up: the same canonical states, but not
    the same game (an Ideology changes what the rules allow, so the header must say it)."""
    solo = trace.initial_state(records(trace.from_actions("labyrinth", "lets_roll", "standard", {}, [],
                                                          options=SOLO))[0])
    two = trace.initial_state(records(trace.from_actions("labyrinth", "lets_roll", "standard", {}, []))[0])
    assert solo.options()["solo"] and not two.options()["solo"]


def test_a_two_player_header_has_no_options_key(tmp_path, capsys):
    st = new_state("labyrinth", "lets_roll")
    assert "options" not in trace.header("labyrinth", "lets_roll", "standard", st.rulings_dict(), 1)
    assert "options" not in trace.header("labyrinth", "lets_roll", "standard", st.rulings_dict(), 1, st.options())
    assert "options" not in trace.header("labyrinth", "lets_roll", "standard", {}, 1, {"solo": False})
    text = trace.from_actions("labyrinth", "lets_roll", "standard", {}, chance_prefix("lets_roll", None))
    assert "options" not in records(text)[0]
    out = tmp_path / "g.jsonl"
    assert run(capsys, "play", "--seed", "4", "--out", str(out))[0] == 0
    assert "options" not in json.loads(out.read_text().splitlines()[0])
    assert carried_options("labyrinth", None) is None and carried_options("labyrinth", st.options()) is None


@pytest.mark.parametrize("options, says", [
    ({"solo": False, "ideology": "potent"}, "solo options"),
    ({"minidecks": True}, "solo options"),
    ({"solo": "yes"}, "solo must be true or false, not 'yes'"),
    ({"solo": True, "ideology": "fanatic"}, "ideology 'fanatic' unknown"),
    ({"solo": True, "level": 3}, "unknown option 'level'"),
    ({"solo": True, "x-mine": 3}, "unknown option 'x-mine'"),
    ([True], "is not of type 'object'"),
])
def test_bad_options_in_a_header_make_the_trace_invalid_naming_line_1(tmp_path, capsys, options, says):
    recs = records(trace.from_actions("labyrinth", "lets_roll", "standard", {}, chance_prefix("lets_roll", None)))
    recs[0]["options"] = options
    path = tmp_path / "bad.jsonl"
    path.write_text(text_of(recs), encoding="utf-8")
    code, out, err = run(capsys, "replay", str(path))
    assert code == 2 and out == ""
    assert err.startswith(f"cdg-oracle: error: {path}: line 1: ") and says in err, err
    code, out, err = run(capsys, "replay", str(path), "--json")
    verdict = json.loads(out)
    assert code == 2 and verdict["verdict"] == "invalid" and verdict["line"] == 1 and says in verdict["message"]
    with pytest.raises(trace.TraceError) as e:
        trace.replay(text_of(recs), "bad.jsonl")
    assert e.value.line == 1


# -- gap steps ----------------------------------------------------------------------------------

class GapProxy:
    """A real state whose chance nodes say they stand in for a missing table (as the 9.5 Global
    table's substitute does in a solo game)."""

    def __init__(self, state):
        self._state = state

    def decision(self):
        d = self._state.decision()
        if d is not None and self._state.current_player() == "chance":
            d = {**d, "gap": GAP}
        return d

    def __getattr__(self, name):
        return getattr(self._state, name)


def test_a_gap_step_record_copies_the_decisions_gap_and_the_schema_accepts_it():
    plain = new_state("labyrinth", "lets_roll")
    gapped = GapProxy(new_state("labyrinth", "lets_roll"))
    a = plain.legal_actions()[0]
    rec_plain = trace.step_record(plain, 0, a)
    rec_gap = trace.step_record(gapped, 0, a)
    assert "gap" not in rec_plain and rec_gap["gap"] == GAP
    assert {k: v for k, v in rec_gap.items() if k != "gap"} == rec_plain
    assert not list(TRACE_VALIDATOR.iter_errors(rec_gap))
    assert list(TRACE_VALIDATOR.iter_errors({**rec_gap, "gap": 3}))  # a string, nothing else
    # a hidden step may say it too: the gap is of the chance node, not of its outcome
    assert not list(TRACE_VALIDATOR.iter_errors({"type": "step", "i": 0, "player": "chance",
                                                 "hidden": True, "gap": GAP}))


def test_a_gap_field_is_informative_replay_accepts_it_and_rejects_a_non_string(tmp_path, capsys):
    recs = records(trace.from_actions("labyrinth", "lets_roll", "standard", {}, chance_prefix("lets_roll", None)))
    recs[2]["gap"] = GAP
    assert trace.replay(text_of(recs)).conformant
    recs[2]["gap"] = ["not", "a", "string"]
    path = tmp_path / "g.jsonl"
    path.write_text(text_of(recs), encoding="utf-8")
    code, _, err = run(capsys, "replay", str(path))
    assert code == 2 and f"{path}: line 3: " in err and "gap" in err


def test_solo_notes_count_gap_steps_and_list_the_open_items():
    """A solo game's notes (Labyrinth's cli_options, properties/labyrinth/cli_options.py), then the
    open items of the spec; a two-player game has none."""
    from cdg_oracle.model.labyrinth.solo.tables import open_items

    def solo_notes(gaps):
        return play_notes("labyrinth", {"solo": True}, gaps)

    assert play_notes("labyrinth", None, ["A"]) == [] and play_notes("twilight_struggle", None, []) == []
    lines = solo_notes(["A", "B", "A"])
    assert lines[0] == "3 steps used a substitute for a missing table (A; B): see the 'gap' field of those steps"
    assert solo_notes(["A"])[0] == "1 step used a substitute for a missing table (A): see the 'gap' field of that step"
    assert solo_notes([])[0] == "no step used a substitute for a missing table"
    items = open_items()
    if items:  # the same section as cdg-oracle rules prints
        assert lines[1].startswith("OPEN ITEMS") and len(lines) == 2 + len(items)
        assert any("global table, missing" in x for x in lines)


# -- the CLI ------------------------------------------------------------------------------------

@pytest.mark.parametrize("argv, says", [
    (["play", "--ideology", "potent"], "--ideology needs --solo"),
    (["play", "--minidecks"], "--minidecks needs --solo"),
    (["play", "--ideology", "virulent", "--minidecks"], "--ideology and --minidecks need --solo"),
    (["play", "--solo", "--ideology", "fanatic"], "invalid choice: 'fanatic'"),
    (["difftest", "--ideology", "potent"], "--ideology needs --solo"),
    (["difftest", "--solo", "--trace", "x.jsonl"], "--trace plays the trace's own game"),
])
def test_option_usage_errors(tmp_path, capsys, argv, says):
    out = tmp_path / "never.jsonl"
    code, stdout, err = run(capsys, *argv, "--out", str(out))
    assert code == 2 and stdout == "" and says in err and err.startswith("cdg-oracle: error: "), err
    assert not out.exists()


def test_play_help_lists_the_solo_options(capsys):
    with pytest.raises(SystemExit):
        main(["play", "--help"])
    text = capsys.readouterr().out
    assert "--solo" in text and "--ideology LEVEL" in text and "--minidecks" in text


@pytest.mark.parametrize("scenario, ideology, seed", [("lets_roll", "potent", 3), ("anaconda", "virulent", 5),
                                                      ("you_can_call_me_al", None, 1)])
def test_play_solo_then_replay_is_conformant(tmp_path, capsys, scenario, ideology, seed):
    """Needs the bot."""
    out = tmp_path / "s.jsonl"
    argv = ["play", "--game", "labyrinth", "--scenario", scenario, "--solo", "--seed", str(seed), "--out", str(out)]
    if ideology:
        argv += ["--ideology", ideology]
    code, stdout, _ = run(capsys, *argv)
    assert code == 0 and "wins" in stdout.splitlines()[0]
    recs = records(out.read_text())
    assert recs[0]["options"] == {"solo": True, "ideology": ideology or "normal", "minidecks": False}
    steps = recs[1:-1]
    assert {s["player"] for s in steps} <= {"US", "chance"}  # the bot never asks (chapter 9)
    assert any(s["player"] == "US" for s in steps)
    gaps = [s for s in steps if "gap" in s]
    assert all(s["player"] == "chance" and isinstance(s["gap"], str) and s["gap"] for s in gaps)
    n = len(gaps)
    expect = (f"{n} step{'s' * (n != 1)} used a substitute" if n else "no step used a substitute")
    assert expect in stdout and "OPEN ITEMS" in stdout
    assert not [e for r in recs for e in TRACE_VALIDATOR.iter_errors(r)]
    code, stdout, _ = run(capsys, "replay", str(out))
    assert code == 0 and stdout.startswith(f"{out}: conformant: {len(steps)} steps replayed"), stdout
    again = tmp_path / "again.jsonl"
    assert run(capsys, *[x if x != str(out) else str(again) for x in argv])[0] == 0
    assert again.read_bytes() == out.read_bytes()  # deterministic, bot and all


def test_a_solo_trace_replayed_as_two_player_diverges(tmp_path, capsys):
    """The header's options matter: strip them and the replay must fail (a Jihadist decision the
    two-player game asks for and the trace does not give). Needs the bot."""
    out = tmp_path / "s.jsonl"
    assert run(capsys, "play", "--solo", "--seed", "2", "--out", str(out))[0] == 0
    recs = records(out.read_text())
    del recs[0]["options"]
    v = trace.replay(text_of(recs))
    assert v.verdict == "violation"


# -- the adapter protocol and difftest ----------------------------------------------------------

class Recorder(Implementation):
    """An implementation that records the requests sent to it (no process)."""

    def __init__(self):
        self.sent = []

    def request(self, cmd, **fields):
        self.sent.append({"id": len(self.sent) + 1, "cmd": cmd, **fields})
        return {"id": len(self.sent), "ok": True, "protocol": 1}


def test_reset_sends_options_only_for_a_solo_game():
    request_schema = {**ADAPTER_SCHEMA, "$ref": "#/$defs/request"}
    request_schema.pop("oneOf")
    validator = Draft202012Validator(request_schema)
    rec = Recorder()
    rulings = new_state("labyrinth", "lets_roll").rulings_dict()
    rec.reset("labyrinth", "lets_roll", "standard", rulings, 1)
    rec.reset("labyrinth", "lets_roll", "standard", rulings, 1, {"solo": False, "ideology": "normal", "minidecks": False})
    rec.reset("labyrinth", "lets_roll", "standard", rulings, 1, SOLO)
    two, two_again, solo = rec.sent
    assert "options" not in two and "options" not in two_again
    assert solo["options"] == SOLO
    for req in rec.sent:
        assert not list(validator.iter_errors(req)), req
    assert list(validator.iter_errors({**solo, "options": {"solo": True}}))  # the full set, always


def test_the_reference_adapter_sets_up_the_options():
    s = Session()
    base = {"id": 1, "cmd": "reset", "game": "labyrinth", "scenario": "lets_roll", "length": "standard",
            "rulings": {}, "seed": 0}
    assert s.handle(base)["ok"] and not s.state.options()["solo"]
    assert s.handle({**base, "options": SOLO})["ok"] and s.state.options() == SOLO
    bad = s.handle({**base, "options": {"solo": False, "ideology": "potent"}})
    assert not bad["ok"] and "solo options" in bad["error"]
    bad = s.handle({**base, "options": "solo"})
    assert not bad["ok"] and "'options' must be an object" in bad["error"]


def test_difftest_records_the_options_and_a_two_player_result_has_none():
    r = difftest.run(reference_command(), scenario="lets_roll", games=1, seed=1, max_steps=20)
    assert r.options is None and r.to_dict()["options"] is None and r.verdict == "agree"
    assert "solo" not in difftest.render_text(r).splitlines()[0]


def test_difftest_solo_against_the_reference_adapter_agrees_and_its_finding_traces_carry_the_options(tmp_path, capsys):
    """Needs the bot."""
    r = difftest.run(reference_command(), scenario="lets_roll", games=2, seed=3, options=SOLO)
    assert r.verdict == "agree", difftest.render_text(r)
    assert r.options == SOLO and r.to_dict()["options"] == SOLO
    assert "(solo, ideology potent, standard" in difftest.render_text(r)
    # a finding (a Funding one higher from request 6 on) is written with the options in its header
    import sys
    fake = f"{sys.executable} {Path(__file__).with_name('fake_impl.py')} state-funding 6"
    out = tmp_path / "finding.jsonl"
    code, stdout, _ = run(capsys, "difftest", "--impl", fake, "--scenario", "lets_roll", "--solo",
                          "--ideology", "potent", "--games", "1", "--out", str(out), "--json")
    assert code == 1 and json.loads(stdout)["options"] == SOLO
    head = json.loads(out.read_text().splitlines()[0])
    assert head["options"] == SOLO
    code, stdout, _ = run(capsys, "replay", str(out))
    assert code == 0, stdout
    code, stdout, _ = run(capsys, "difftest", "--impl", fake, "--trace", str(out), "--json")
    assert code == 1 and json.loads(stdout)["options"] == SOLO


def test_the_options_in_both_schemas_are_the_models():
    """A trace header's options are any game's, validated by the game's model (a bad one: line 1,
    above); an adapter's reset carries each game's full set, as the model normalises it."""
    from cdg_oracle.model.twilight_struggle.options import DEFAULT_OPTIONS

    assert "properties" not in TRACE_SCHEMA["$defs"]["header"]["properties"]["options"]
    reset = ADAPTER_SCHEMA["$defs"]["request"]["oneOf"][0]
    assert "options" not in reset["required"]
    by_game = {b["if"]["properties"]["game"]["const"]: b["then"]["properties"]["options"] for b in reset["allOf"]}
    assert by_game["labyrinth"]["properties"]["ideology"]["enum"] == list(IDEOLOGIES)
    assert sorted(by_game["twilight_struggle"]["required"]) == sorted(DEFAULT_OPTIONS)
