"""Trace format version 2 and ``cdg-oracle replay``: the schema, the hashes, the example trace, and
hand-corrupted traces, each giving the right verdict at the right step, never a traceback."""
from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator

from cdg_oracle.model.core.game import action_key
from cdg_oracle.oracle import trace
from cdg_oracle.oracle.cli import main
from cdg_oracle.oracle.games import new_state

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "docs" / "examples" / "lets_roll_seed1.trace.jsonl"
SCHEMA = json.loads((ROOT / "oracle" / "data" / "trace.schema.json").read_text(encoding="utf-8"))
VALIDATOR = Draft202012Validator(SCHEMA)


# -- helpers ----------------------------------------------------------------------------------------

def records(text: str) -> list[dict]:
    return [json.loads(line) for line in text.splitlines()]


def text_of(recs: list[dict]) -> str:
    return "".join(trace.dumps(r) + "\n" for r in recs)


def schema_errors(text: str) -> list[str]:
    """Every line checked against the published schema by jsonschema alone (not by trace.parse)."""
    return [f"line {no}: {e.message}" for no, line in enumerate(text.splitlines(), 1)
            for e in VALIDATOR.iter_errors(json.loads(line))]


def replay_cli(capsys, tmp_path, content, *options, name="t.jsonl"):
    """Run ``cdg-oracle replay`` on ``content`` (text or bytes): exit code, stdout, stderr; never a
    traceback, at most one line on stderr."""
    path = tmp_path / name
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content, encoding="utf-8")
    code = main(["replay", str(path), *options])
    out = capsys.readouterr()
    assert "Traceback" not in out.err and out.err.count("\n") <= 1, out.err
    return code, out.out, out.err


def verdict_json(capsys, tmp_path, content, *options):
    code, out, err = replay_cli(capsys, tmp_path, content, "--json", *options)
    return code, json.loads(out), err


def renumber(recs: list[dict]) -> list[dict]:
    steps = [r for r in recs if r["type"] == "step"]
    for n, r in enumerate(steps):
        r["i"] = n
    recs[-1]["steps"] = len(steps)
    return recs


def prefix(recs: list[dict], n: int, keep=("type", "i", "player", "action")) -> list[dict]:
    """The first ``n`` steps with only the keys ``keep``, and an unfinished end line."""
    steps = [{k: v for k, v in r.items() if k in keep} for r in recs[1:n + 1]]
    return [recs[0], *steps, {"type": "end", "steps": n, "winner": None, "reason": "cut", "unfinished": True}]


def hide(rec: dict) -> dict:
    return {"type": "step", "i": rec["i"], "player": "chance", "hidden": True}


@pytest.fixture(scope="module")
def game(tmp_path_factory) -> str:
    """``cdg-oracle play --scenario lets_roll --seed 5``: a complete game of 209 steps."""
    out = tmp_path_factory.mktemp("play") / "g.jsonl"
    assert main(["play", "--scenario", "lets_roll", "--seed", "5", "--out", str(out)]) == 0
    return out.read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def game_states(tmp_path_factory) -> str:
    """The same game written with ``--states``."""
    out = tmp_path_factory.mktemp("play") / "s.jsonl"
    assert main(["play", "--scenario", "lets_roll", "--seed", "5", "--states", "--out", str(out)]) == 0
    return out.read_text(encoding="utf-8")


def first_changing_die(recs: list[dict]):
    """The first die roll that another legal face would change the canonical state of:
    (index in ``recs``, that face, the canonical state after the recorded roll, after the other)."""
    state = new_state("labyrinth", "lets_roll")
    for k, rec in enumerate(recs[1:-1], 1):
        action = rec["action"]
        if rec["player"] == "chance" and isinstance(action, dict) and "die" in action:
            for other in state.legal_actions():
                alt = state.clone()
                alt.apply(other)
                if trace.state_hash(alt) != rec["state_hash"]:
                    state.apply(action)
                    return k, other, state.canonical(), alt.canonical()
        state.apply(action)
    raise AssertionError("no die roll in the game changes the state")


def leaf_paths(a, b, path="") -> set[str]:
    """Where two JSON values differ, as dotted paths (an independent, simple comparison)."""
    if isinstance(a, dict) and isinstance(b, dict):
        out = set()
        for k in set(a) | set(b):
            out |= leaf_paths(a.get(k), b.get(k), f"{path}.{k}" if path else k)
        return out
    return set() if json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True) else {path}


# -- hashes -----------------------------------------------------------------------------------------

def test_legal_hash_is_order_independent_and_as_documented():
    actions = ["pass", {"op": "war_of_ideas"}, {"country": "Iraq"}]
    text = '["pass",{"country":"Iraq"},{"op":"war_of_ideas"}]'
    expected = hashlib.sha256(text.encode()).hexdigest()
    assert trace.legal_hash(actions) == trace.legal_hash(actions[::-1]) == expected
    assert expected == "af255cb8663a63936d61215002834bc22c5323f3d23943f26f85d346be298cab"  # docs/trace.md
    die = [{"die": n} for n in range(6, 0, -1)]
    assert trace.legal_hash(die) == "472c49dbc8d1569e81a51acd1c88c975c451a7e2a9e1f51993f800e8a3827a33"
    assert trace.legal_hash(die) != trace.legal_hash(die[1:])


def test_state_hash_is_that_of_the_canonical_state():
    state = new_state("labyrinth", "lets_roll")
    text = json.dumps(state.canonical(), sort_keys=True, separators=(",", ":"))
    assert trace.state_hash(state) == hashlib.sha256(text.encode()).hexdigest()
    assert trace.state_hash(state) != hashlib.sha256(state.to_json().encode()).hexdigest()


# -- the schema -------------------------------------------------------------------------------------

def test_the_schema_is_valid_draft_2020_12():
    Draft202012Validator.check_schema(SCHEMA)
    assert SCHEMA["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert trace.schema() == SCHEMA


def test_the_schema_validates_play_traces(game, game_states):
    assert schema_errors(game) == []
    assert schema_errors(game_states) == []
    steps = records(game_states)[1:-1]
    assert all({"legal_count", "legal_hash", "state", "state_hash", "rules"} <= set(s) for s in steps)
    assert all("state" not in s and "state_hash" in s for s in records(game)[1:-1])


def test_the_schema_validates_from_actions_traces(game):
    actions = [r["action"] for r in records(game)[1:-1]]
    complete = trace.from_actions("labyrinth", "lets_roll", "standard", {}, actions, seed=5)
    unfinished = trace.from_actions("labyrinth", "lets_roll", "standard", {}, actions[:30])
    stopped = trace.from_actions("labyrinth", "lets_roll", "standard", {}, actions[:20] + ["nonsense"] + actions[20:])
    for text in (complete, unfinished, stopped):
        assert schema_errors(text) == []
    end = records(complete)[-1]
    assert end["winner"] == "US" and "unfinished" not in end and end["steps"] == len(actions)
    assert complete.splitlines()[1:] == game.splitlines()[1:]  # the same steps as play writes
    end = records(unfinished)[-1]
    assert end["unfinished"] is True and end["winner"] is None and end["steps"] == 30 and "state_hash" in end
    end = records(stopped)[-1]
    assert end["unfinished"] is True and end["steps"] == 20 and "action 20 (\"nonsense\") is not legal" in end["reason"]
    for text in (complete, unfinished, stopped):
        assert trace.replay(text, "t").verdict == "conformant"


def test_a_failure_trace_of_a_crash_validates_and_replays_to_the_crash(monkeypatch, game):
    # What verify writes when apply raised: the step without rules or hash, an unfinished end line.
    from cdg_oracle.model.labyrinth.state import LabyrinthState

    actions = [r["action"] for r in records(game)[1:26]]
    apply = LabyrinthState.apply
    calls = []

    def crash_on_the_25th(self, action):
        calls.append(action)
        if len(calls) == 25:
            raise RuntimeError("deliberate")
        return apply(self, action)

    monkeypatch.setattr(LabyrinthState, "apply", crash_on_the_25th)
    text = trace.from_actions("labyrinth", "lets_roll", "standard", {}, actions)
    assert schema_errors(text) == []
    recs = records(text)
    assert len(recs) == 27 and "rules" not in recs[25] and "state_hash" not in recs[25]
    assert recs[-1]["unfinished"] and "raised RuntimeError: deliberate" in recs[-1]["reason"]
    calls.clear()
    with pytest.raises(RuntimeError, match="deliberate"):
        trace.replay(text, "t")


@pytest.mark.parametrize("line, needle", [
    ({"type": "step", "i": 0, "player": "US", "action": "x", "legal_cuont": 3}, "legal_cuont"),
    ({"type": "step", "i": 0, "player": "US"}, "'action' is a required property"),
    ({"type": "step", "i": 0, "player": "chance", "hidden": True, "action": {"card": 1}}, "should not be valid"),
    ({"type": "step", "i": 0, "player": "US", "hidden": True}, "'chance' was expected"),
    ({"type": "step", "i": -1, "player": "US", "action": "x"}, "minimum"),
    ({"type": "step", "i": 0, "player": "US", "action": {"a": [1]}}, "is not valid under any"),
    ({"type": "step", "i": 0, "player": "US", "action": 3}, "is not valid under any"),
    ({"type": "step", "i": 0, "player": "US", "action": "x", "legal_hash": "ABC"}, "does not match"),
    ({"type": "end", "steps": 3, "winner": "US"}, "'reason' is a required property"),
    ({"type": "end", "steps": 3, "winner": "US", "reason": "r", "unfinished": True}, "None was expected"),
    ({"type": "header", "format": "cdg-oracle-trace", "format_version": 2, "game": "labyrinth",
      "scenario": "lets_roll", "length": "standard", "rulings": {}, "note": 1}, "'note'"),
    ({"type": "tail"}, "is not one of"),
])
def test_the_schema_rejects(line, needle):
    errors = [e.message for e in VALIDATOR.iter_errors(line)]
    assert any(needle in e for e in errors), errors


def test_the_schema_allows_x_keys():
    line = {"type": "step", "i": 0, "player": "US", "action": "x", "x-vassal-turn": 3}
    assert list(VALIDATOR.iter_errors(line)) == []


# -- the example --------------------------------------------------------------------------------------

def test_the_example_trace_is_regenerated_byte_identical_and_replays_conformant(tmp_path, capsys):
    out = tmp_path / "example.jsonl"
    assert main(["play", "--scenario", "lets_roll", "--seed", "1", "--out", str(out)]) == 0
    capsys.readouterr()
    assert out.read_bytes() == EXAMPLE.read_bytes(), \
        "regenerate with: cdg-oracle play --scenario lets_roll --seed 1 --out docs/examples/lets_roll_seed1.trace.jsonl"
    text = EXAMPLE.read_text(encoding="utf-8")
    assert schema_errors(text) == [] and len(EXAMPLE.read_bytes()) < 300_000
    verdict = trace.replay(text, str(EXAMPLE))
    assert verdict.verdict == "conformant" and verdict.steps == len(text.splitlines()) - 2


# -- hand-corrupted traces --------------------------------------------------------------------------

def test_a_play_trace_replays_conformant(game, tmp_path, capsys):
    code, v, _ = verdict_json(capsys, tmp_path, game)
    assert code == 0 and v["verdict"] == "conformant" and v["conformant"] and v["steps"] == 209
    assert v["divergence"] is None and v["candidates"] == 1
    code, text, _ = replay_cli(capsys, tmp_path, game)
    assert code == 0 and text.startswith(f"{tmp_path / 't.jsonl'}: conformant: 209 steps replayed; US wins")


def test_a_changed_die_is_a_violation_at_that_step(game, tmp_path, capsys):
    recs = records(game)
    k, other, _, _ = first_changing_die(recs)
    recs[k]["action"] = other
    code, v, _ = verdict_json(capsys, tmp_path, text_of(recs))
    d = v["divergence"]
    assert code == 1 and v["verdict"] == "violation" and d["step"] == recs[k]["i"] and d["line"] == k + 1
    assert d["kind"] == "state_hash" and d["found"] == f"state_hash {recs[k]['state_hash']}"
    assert d["rule"] and d["rules"] and d["prompt"]
    code, text, _ = replay_cli(capsys, tmp_path, text_of(recs))
    assert text.splitlines()[0].endswith(f": violation at step {recs[k]['i']} (line {k + 1})")


def test_a_changed_die_with_states_names_the_changed_fields(game_states, tmp_path, capsys):
    recs = records(game_states)
    k, other, recorded, changed = first_changing_die(recs)
    recs[k]["action"] = other
    code, v, _ = verdict_json(capsys, tmp_path, text_of(recs))
    d = v["divergence"]
    assert code == 1 and d["step"] == recs[k]["i"] and d["kind"] == "state"
    paths = {line.split(":")[0] for line in d["state_diff"]}
    assert paths == leaf_paths(changed, recorded) and paths, d["state_diff"]
    code, text, _ = replay_cli(capsys, tmp_path, text_of(recs))
    assert "state diff" in text and all(line in text for line in d["state_diff"])


def test_a_skipped_step_is_a_violation_at_that_step(game, tmp_path, capsys):
    recs = records(game)
    k = next(n for n, r in enumerate(recs) if r.get("player") == "US")
    i = recs[k]["i"]
    del recs[k]
    code, v, _ = verdict_json(capsys, tmp_path, text_of(renumber(recs)))
    assert code == 1 and v["verdict"] == "violation" and v["divergence"]["step"] == i
    assert v["steps"] == i


def test_an_illegal_action_lists_the_legal_ones_and_cites_the_rule(game, tmp_path, capsys):
    recs = records(game)
    k = next(n for n, r in enumerate(recs) if r.get("player") == "Jihadist")
    recs[k]["action"] = {"country": "Atlantis"}
    legal = new_state("labyrinth", "lets_roll")
    for r in recs[1:k]:
        legal.apply(r["action"])
    rule, options = legal.decision()["rule"], legal.legal_actions()
    code, v, _ = verdict_json(capsys, tmp_path, text_of(recs))
    d = v["divergence"]
    assert code == 1 and d["kind"] == "illegal_action" and d["step"] == recs[k]["i"]
    assert d["rule"] == rule and d["prompt"] and d["legal_count"] == len(options)
    assert d["legal_actions"] == options[:10]
    assert all(action_key(a) in d["expected"] for a in options[:10])
    assert d["found"].startswith('{"country":"Atlantis"}')


def test_a_wrong_player_is_a_violation(game, tmp_path, capsys):
    recs = records(game)
    k = next(n for n, r in enumerate(recs) if r.get("player") == "US")
    recs[k]["player"] = "Jihadist"
    code, v, _ = verdict_json(capsys, tmp_path, text_of(recs))
    d = v["divergence"]
    assert code == 1 and d["kind"] == "player" and d["step"] == recs[k]["i"]
    assert d["expected"].startswith("a step of US") and d["found"] == "a step of Jihadist"


@pytest.mark.parametrize("key", ["legal_count", "legal_hash"])
def test_a_wrong_legal_action_set_is_a_violation(game, tmp_path, capsys, key):
    recs = records(game)
    k = 40
    recs[k][key] = recs[k][key] + 1 if key == "legal_count" else "0" * 64
    code, v, _ = verdict_json(capsys, tmp_path, text_of(recs))
    d = v["divergence"]
    assert code == 1 and d["kind"] == key and d["step"] == recs[k]["i"] and d["legal_count"] >= 1


def test_steps_after_the_end_of_the_game_are_a_violation(game, tmp_path, capsys):
    recs = records(game)
    n = recs[-1]["steps"]
    recs.insert(-1, {"type": "step", "i": n, "player": "US", "action": {"use": "ops"}})
    recs[-1]["steps"] = n + 1
    code, v, _ = verdict_json(capsys, tmp_path, text_of(recs))
    d = v["divergence"]
    assert code == 1 and d["kind"] == "after_end" and d["step"] == n and d["rule"] == "2.1.1"


def test_an_end_line_with_the_wrong_winner_is_a_violation(game, tmp_path, capsys):
    recs = records(game)
    recs[-1]["winner"] = "Jihadist"
    code, v, _ = verdict_json(capsys, tmp_path, text_of(recs))
    d = v["divergence"]
    assert code == 1 and d["kind"] == "end_winner" and d["line"] == len(recs) and d["step"] == 209
    assert d["expected"].startswith("winner US")


def test_an_end_line_that_ends_a_game_not_over_is_a_violation(game, tmp_path, capsys):
    recs = records(game)[:31] + [{"type": "end", "steps": 30, "winner": "US", "reason": "we say so"}]
    code, v, _ = verdict_json(capsys, tmp_path, text_of(recs))
    assert code == 1 and v["divergence"]["kind"] == "end_not_over" and v["divergence"]["step"] == 30


def test_an_unfinished_end_line_after_the_last_step_is_a_violation(game, tmp_path, capsys):
    recs = records(game)
    recs[-1] = {"type": "end", "steps": 209, "winner": None, "reason": "stopped", "unfinished": True}
    code, v, _ = verdict_json(capsys, tmp_path, text_of(recs))
    assert code == 1 and v["divergence"]["kind"] == "end_unfinished"


def test_a_wrong_final_state_hash_is_a_violation(game, tmp_path, capsys):
    recs = records(game)
    recs[-1]["state_hash"] = "0" * 64
    code, v, _ = verdict_json(capsys, tmp_path, text_of(recs))
    assert code == 1 and v["divergence"]["kind"] == "end_state_hash"


def test_an_unfinished_trace_is_conformant(game, tmp_path, capsys):
    code, v, _ = verdict_json(capsys, tmp_path, text_of(prefix(records(game), 30)))
    assert code == 0 and v["verdict"] == "conformant" and v["steps"] == 30
    assert "stops before the end of the game" in v["message"]


# -- bad input: invalid, exit 2, one line naming the line -------------------------------------------

def test_a_file_cut_at_a_line_boundary_is_invalid(game, tmp_path, capsys):
    lines = game.splitlines()[:51]
    code, out, err = replay_cli(capsys, tmp_path, "\n".join(lines) + "\n")
    assert code == 2 and out == "" and "t.jsonl: line 51: the trace ends without an end line" in err
    code, v, err = verdict_json(capsys, tmp_path, "\n".join(lines) + "\n")
    assert code == 2 and v["verdict"] == "invalid" and v["line"] == 51 and v["message"] in err


def test_a_file_cut_mid_line_is_invalid_json_at_that_line(game, tmp_path, capsys):
    cut = game.index("\n", 5000) - 20
    line = game[:cut].count("\n") + 1
    code, v, err = verdict_json(capsys, tmp_path, game[:cut])
    assert code == 2 and v["line"] == line and f"line {line}: not JSON" in err


def test_invalid_json_in_the_middle_is_invalid(game, tmp_path, capsys):
    lines = game.splitlines()
    lines[100] = lines[100].replace('"type":"step"', '"type":step', 1)
    code, v, err = verdict_json(capsys, tmp_path, "\n".join(lines) + "\n")
    assert code == 2 and v["line"] == 101 and "line 101: not JSON" in err


def test_a_version_1_trace_is_refused_with_a_clear_error(game, tmp_path, capsys):
    recs = records(game)
    recs[0]["format_version"] = 1
    code, _, err = replay_cli(capsys, tmp_path, text_of(recs))
    assert code == 2 and "line 1: format_version 1 is no longer read; re-write the trace as version 2" in err


def test_a_wrong_step_count_in_the_end_line_is_invalid(game, tmp_path, capsys):
    recs = records(game)
    recs[-1]["steps"] = 208
    code, v, err = verdict_json(capsys, tmp_path, text_of(recs))
    assert code == 2 and v["line"] == len(recs) and "end line says 208 steps, the trace has 209" in err


def test_bytes_that_are_not_utf8_are_invalid_at_their_line(game, tmp_path, capsys):
    data = game.encode()
    at = data.index(b"\n", data.index(b"\n") + 1) + 5  # inside line 3
    code, v, err = verdict_json(capsys, tmp_path, data[:at] + b"\xff" + data[at:])
    assert code == 2 and v["line"] == 3 and "line 3: not UTF-8" in err


@pytest.mark.parametrize("edit, line, needle", [
    (lambda r: r[5].update(foo=1), 6, "unknown key 'foo'"),
    (lambda r: r[5].update(i=7), 6, "step index 7, expected 4"),
    (lambda r: r[5].pop("action"), 6, "'action' is a required property"),
    (lambda r: r[5].update(action=[1]), 6, "[1] is not an action"),
    (lambda r: r.insert(3, dict(r[0])), 4, "a second header"),
    (lambda r: r.append(dict(r[-1])), 212, "a line after the end line"),
    (lambda r: r[0].update(scenario="nowhere"), 1, "scenario 'nowhere': unknown"),
    (lambda r: r[0].update(rulings={"nonsense": True}), 1, "unknown ruling 'nonsense'"),
    (lambda r: r[0].update(length="forever"), 1, "length 'forever'"),
    (lambda r: r[0].update(format_version=3), 1, "format_version 3 is not known"),
    (lambda r: r.pop(0), 1, "the first line must be the header"),
])
def test_malformed_lines_are_invalid_at_their_line(game, tmp_path, capsys, edit, line, needle):
    recs = records(game)
    edit(recs)
    code, v, err = verdict_json(capsys, tmp_path, text_of(recs))
    assert code == 2 and v["verdict"] == "invalid" and v["line"] == line
    assert f"line {line}: " in err and needle in err, err


@pytest.mark.parametrize("bad, needle", [
    ('{"type":"step","type":"step","i":0,"player":"US","action":"x"}', "duplicate key 'type'"),
    ('{"type":"step","i":0,"player":"US","action":{"die":NaN}}', "NaN is not JSON"),
    ('', "empty line"),
])
def test_lines_that_json_alone_would_accept_are_invalid(game, tmp_path, capsys, bad, needle):
    lines = game.splitlines()
    lines[7] = bad
    code, v, err = verdict_json(capsys, tmp_path, "\n".join(lines) + "\n")
    assert code == 2 and v["line"] == 8 and "line 8: " in err and needle in err, err


def test_a_bad_max_branches_is_a_usage_error(game, tmp_path, capsys):
    code, _, err = replay_cli(capsys, tmp_path, game, "--max-branches", "0")
    assert code == 2 and "--max-branches: '0': expected an integer from 1" in err


# -- hidden chance steps ------------------------------------------------------------------------------

def test_a_hidden_draw_in_a_full_game_leaves_one_candidate(game, tmp_path, capsys):
    recs = records(game)
    recs[4] = hide(recs[4])
    code, v, _ = verdict_json(capsys, tmp_path, text_of(recs))
    assert code == 0 and v["verdict"] == "conformant" and v["candidates"] == 1
    assert "1 hidden chance step, 1 candidate history" in v["message"]


def test_a_hidden_draw_without_later_hashes_leaves_the_consistent_cards(game, tmp_path, capsys):
    # Steps 0-17 are the deal. Card drawn at step 3 hidden: any card still in the deck then, except
    # the cards the next six recorded draws take.
    recs = prefix(records(game), 10, keep=("type", "i", "player", "action", "legal_count"))
    outcomes = recs[4]["legal_count"]
    recs[4] = hide(recs[4])
    code, v, _ = verdict_json(capsys, tmp_path, text_of(recs))
    assert code == 0 and v["verdict"] == "conformant" and v["candidates"] == outcomes - 6
    assert f"{outcomes - 6} candidate histories consistent with the trace" in v["message"]


def test_a_hidden_draw_whose_candidates_all_die_is_a_violation_where_they_die(game, tmp_path, capsys):
    recs = prefix(records(game), 10)
    n = len(new_state("labyrinth", "lets_roll").legal_actions()) - 3
    recs[4] = hide(recs[4])
    recs[7]["action"] = recs[1]["action"]  # a card drawn at step 0 drawn again at step 6
    code, v, _ = verdict_json(capsys, tmp_path, text_of(recs))
    d = v["divergence"]
    assert code == 1 and d["step"] == 6 and d["kind"] == "illegal_action" and d["line"] == 8
    assert f"none of {n - 2} candidate histories" in v["message"]


def test_a_hidden_step_where_no_chance_is_pending_is_a_violation(game, tmp_path, capsys):
    recs = records(game)
    k = next(n for n, r in enumerate(recs) if r.get("player") == "US")
    recs[k] = hide(recs[k])
    code, v, _ = verdict_json(capsys, tmp_path, text_of(recs))
    d = v["divergence"]
    assert code == 1 and d["kind"] == "player" and d["step"] == recs[k]["i"]
    assert d["found"] == "a hidden chance step"


def test_many_hidden_draws_are_undetermined_at_the_step_that_overflows(game, tmp_path, capsys):
    recs = prefix(records(game), 10)
    first = len(new_state("labyrinth", "lets_roll").legal_actions())  # 120 cards at the first draw
    for k in (1, 2, 3):
        recs[k] = hide(recs[k])
    code, v, _ = verdict_json(capsys, tmp_path, text_of(recs), "--max-branches", str(first))
    d = v["divergence"]
    assert code == 4 and v["verdict"] == "undetermined" and d["step"] == 1 and d["line"] == 3
    assert d["kind"] == "too_many_branches" and v["steps"] == 1
    code, v, _ = verdict_json(capsys, tmp_path, text_of(recs), "--max-branches", str(first - 1))
    assert code == 4 and v["divergence"]["step"] == 0
    code, text, _ = replay_cli(capsys, tmp_path, text_of(recs), "--max-branches", "50")
    assert code == 4 and text.splitlines()[0].endswith(": undetermined at step 0 (line 2)")


# -- the verdict ------------------------------------------------------------------------------------

def test_parse_gives_header_steps_and_end_with_their_lines(game):
    head, steps, end = trace.parse(game, "g")
    assert head["format_version"] == 2 and len(steps) == 209 and end["steps"] == 209
    assert [s["_line"] for s in steps[:3]] == [2, 3, 4] and end["_line"] == 211


def test_the_replay_report_is_deterministic(game, tmp_path, capsys):
    recs = records(game)
    recs[60]["action"] = "nonsense"
    first = replay_cli(capsys, tmp_path, text_of(recs))
    assert first == replay_cli(capsys, tmp_path, text_of(recs)) and first[0] == 1
    lines = first[1].splitlines()
    assert lines[0].endswith(f"violation at step {recs[60]['i']} (line 61)")
    assert lines[1].startswith("  expected: one of the") and lines[2].startswith('  found:    "nonsense"')
    assert any(x.startswith("  rule:") for x in lines) and any(x.startswith("  prompt:") for x in lines)


@pytest.mark.parametrize("content, needle", [
    ("[" * 100_000 + "]" * 100_000 + "\n", "nested too deeply"),
    ('{"type":' + "9" * 5000 + "}\n", "digits"),
])
def test_pathological_json_is_invalid_not_a_crash(tmp_path, capsys, content, needle):
    bad = tmp_path / "bad.jsonl"
    bad.write_text(content)
    code = main(["replay", str(bad)])
    err = capsys.readouterr().err
    assert code == 2 and "line 1: not JSON" in err and needle in err and err.count("\n") == 1
