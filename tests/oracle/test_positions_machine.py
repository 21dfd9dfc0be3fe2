"""A position's ``machine`` (issues 28.1 and 27.7): the question pending is posed again by the model
from the procedure stack, never taken from the file; every other part of ``machine`` is checked
with a one-line error naming its path. The same for a state read from JSON (``from_json``)."""
from __future__ import annotations

import copy
import json
import random
from pathlib import Path

import pytest

from cdg_oracle.model.core.errors import DataError
from cdg_oracle.model.core.position import from_document, to_document
from cdg_oracle.model.core.registry import get
from cdg_oracle.oracle.cli import main
from cdg_oracle.oracle.games import new_state
from cdg_oracle.oracle.playout import choose
from cdg_oracle.oracle.position_cmd import state_at_step
from cdg_oracle.oracle.positions import dumps

ROOT = Path(__file__).resolve().parents[2]
TRACE = ROOT / "docs" / "examples" / "lets_roll_seed1.trace.jsonl"
GAMES = (("labyrinth", "lets_roll", None), ("labyrinth", "lets_roll", {"solo": True}),
         ("twilight_struggle", "standard", None), ("distant_plain", "sandbox", None))


def run(capsys, *argv):
    code = main([str(a) for a in argv])
    out = capsys.readouterr()
    return code, out.out, out.err


def machine_doc(st) -> dict:
    """The position of ``st`` with its machine written out, whatever named point would fit."""
    doc = to_document(st)
    if "next" in doc:
        fmt = get(st.game).positions
        doc = json.loads(json.dumps(doc))
        del doc["next"]
        doc["state"] = to_document_state_of(st)
        doc["machine"] = {k: json.loads(json.dumps(st.d[k])) for k in fmt.machine if k != "pending"}
    return doc


def to_document_state_of(st) -> dict:
    """``state`` of st's position when it is written with ``machine`` (the state as it stands, not
    as a named point states it)."""
    from cdg_oracle.model.core.position import _difference, _readable_out

    fmt = get(st.game).positions
    d = st.d
    start = fmt.start(d["scenario"], d.get("length", "standard"), st.rulings_dict() or None, st.options() or None)
    out = {}
    for key, value in d.items():
        if key in fmt.machine or key in fmt.fixed or key in fmt.derived:
            continue
        if key in start and json.dumps(value, sort_keys=True) == json.dumps(start[key], sort_keys=True):
            continue
        out[key] = _readable_out(fmt, key, _difference(start.get(key), value))
    return out


def played(game, scenario, options, seed, steps):
    st = new_state(game, scenario, options=options)
    rng = random.Random(seed)
    for _ in range(steps):
        if st.is_terminal():
            break
        st.apply(choose(rng, st))
    return st


# -- the exploit of 28.1 and the crash of 27.7 ---------------------------------------------------------
@pytest.mark.game("labyrinth")
@pytest.mark.rule("8.1.2")
def test_an_added_action_is_refused(tmp_path, capsys):
    """28.1: appending {"country": "Atlantis"} to the pending question of a written position no
    longer makes it legal: the model poses the question again and the stated one differs."""
    st = state_at_step(str(TRACE), 50)
    doc = to_document(st)
    assert "pending" not in doc["machine"]  # the model poses it: not written
    doc["machine"]["pending"] = copy.deepcopy(st.d["pending"])
    good = tmp_path / "good.yaml"
    good.write_text(dumps(doc))
    assert run(capsys, "position", "check", good)[0] == 0  # stated and equal: accepted
    doc["machine"]["pending"]["actions"].append({"country": "Atlantis"})
    bad = tmp_path / "atlantis.yaml"
    bad.write_text(dumps(doc))
    for argv in (("check", bad), ("legal", bad), ("play", bad, "--actions", '{"country": "Atlantis"}')):
        code, out, err = run(capsys, "position", *argv)
        assert code == 2 and out == ""
        assert err == (f"cdg-oracle: error: {bad}: machine.pending differs from what the stack poses: actions: "
                       '{"country": "Atlantis"} is not a legal action here (leave pending out: the model poses it)\n')


@pytest.mark.game("labyrinth")
@pytest.mark.rule("8.1.2")
def test_pending_null_is_refused(tmp_path, capsys):
    """27.7: ``pending: null`` before the end of the game was accepted and ``legal`` then failed
    with an internal error; it is a one-line error now (leaving it out is how to let the model pose it)."""
    doc = to_document(state_at_step(str(TRACE), 50))
    doc["machine"]["pending"] = None
    bad = tmp_path / "null.yaml"
    bad.write_text(dumps(doc))
    for cmd in ("check", "legal"):
        code, out, err = run(capsys, "position", cmd, bad)
        assert code == 2 and out == ""
        assert err.startswith(f"cdg-oracle: error: {bad}: machine.pending differs from what the stack poses: null stated")
        assert err.count("\n") == 1


@pytest.mark.game("labyrinth")
@pytest.mark.rule("8.1.2")
def test_a_state_json_cannot_add_an_action():
    """The same exploit through a state's JSON (``position show --state``, ``from_json``): refused."""
    st = state_at_step(str(TRACE), 50)
    d = json.loads(st.to_json())
    d["pending"]["actions"].append({"country": "Atlantis"})
    with pytest.raises(DataError, match=r"^state\.pending differs from what the stack poses: actions: "
                                        r'\{"country": "Atlantis"\} is not a legal action here'):
        type(st).from_json(json.dumps(d))
    assert type(st).from_json(st.to_json()) == st


# -- every question is posed again identically, by a procedure declared to re-pose ----------------------
@pytest.mark.parametrize("game", ["labyrinth", "twilight_struggle", "distant_plain"])
def test_every_procedure_reposes(game):
    """Every procedure a game registers is declared to re-pose (issue 28 item 1): the question of
    any position is posed again by the model, never read from the file."""
    engine = get(game).state_class.ENGINE
    registered = {p for p in engine.procs if not p.startswith("test_")}  # test helpers' own frames aside
    assert registered - engine.reposing == set()
    assert len(engine.procs) > 10


@pytest.mark.parametrize("game,scenario,options", GAMES)
def test_every_procedure_poses_its_question_again(game, scenario, options):
    """At every question of random games the top frame's procedure is declared to re-pose
    (model/core/engine.py ``Engine.reposing``) and the model poses the question again identically
    (Labyrinth two-player and solo, Twilight Struggle, A Distant Plain)."""
    seen, undeclared = set(), set()
    for seed in range(6):
        st = new_state(game, scenario, options=options)
        rng = random.Random(seed)
        for _ in range(900):
            if st.is_terminal():
                break
            proc = st.d["stack"][-1]["proc"]
            if proc in st.ENGINE.reposing:
                assert st.ENGINE.repose(st) == st.d["pending"], st.decision()
                seen.add(proc)
            else:
                undeclared.add(proc)
            st.apply(choose(rng, st))
    assert not undeclared, sorted(undeclared)
    assert len(seen) > 5


@pytest.mark.parametrize("game,scenario,options", GAMES)
def test_machine_positions_read_back(game, scenario, options):
    for seed, steps in ((1, 7), (2, 40), (3, 131), (4, 260)):
        st = played(game, scenario, options, seed, steps)
        if st.is_terminal():
            continue
        doc = machine_doc(st)
        back = from_document(doc)
        assert back.d == st.d


# -- fuzzing the machine ---------------------------------------------------------------------------------
HUGE = 10 ** 30


def _paths(v, path=()):
    """Every path inside ``v`` (mappings and lists), with the value there."""
    yield path, v
    if isinstance(v, dict):
        for k, x in v.items():
            yield from _paths(x, path + (k,))
    elif isinstance(v, list):
        for i, x in enumerate(v):
            yield from _paths(x, path + (i,))


def _edit(machine: dict, rng: random.Random, procs: list[str]) -> str:
    """One random structural edit of ``machine`` (in place); what it did, for the failure message."""
    paths = [p for p, _ in _paths(machine) if p]
    path = rng.choice(paths)
    parent = machine
    for k in path[:-1]:
        parent = parent[k]
    key = path[-1]
    kind = rng.randrange(9)
    if kind == 0:
        del parent[key]
        return f"delete {path}"
    if kind == 1:
        parent[key] = rng.choice([None, True, "x", 1.5, -1, [], {}, HUGE, [1, 2], {"a": 1}])
        return f"{path} = {parent[key]!r}"
    if kind == 2:
        stack = machine.get("stack")
        if isinstance(stack, list) and stack and isinstance(stack[-1], dict):
            frame = rng.choice(stack)
            if isinstance(frame, dict):
                frame["proc"] = rng.choice(procs + ["no_such_procedure"])
                return f"proc = {frame['proc']}"
        return "nothing"
    if kind == 3:
        stack = machine.get("stack")
        if isinstance(stack, list) and stack and isinstance(stack[-1], dict):
            frame = rng.choice(stack)
            if isinstance(frame, dict):
                frame["pc"] = rng.choice(["start", "nowhere", "end", "choose", "die", "place", "target"])
                return f"pc = {frame['pc']}"
        return "nothing"
    if kind == 4:
        p = machine.get("pending")
        if isinstance(p, dict) and isinstance(p.get("actions"), list):
            p["actions"].append(rng.choice([{"country": "Atlantis"}, {"card": 999}, {"die": 7}, "pass",
                                            {"space": "Atlantis"}]))
            return "add an action"
        machine["pending"] = {"player": "US", "actions": [{"country": "Atlantis"}], "rule": "1", "prompt": "p",
                              "question": "q"}
        return "pending invented"
    if kind == 5:
        machine["pending"] = None
        return "pending null"
    if kind == 6:
        if isinstance(parent[key], int) and not isinstance(parent[key], bool):
            parent[key] = rng.choice([HUGE, -HUGE, parent[key] + 1, 0])
            return f"{path} number {parent[key]}"
        return "nothing"
    if kind == 7:
        stack = machine.get("stack")
        if isinstance(stack, list) and stack:
            i = rng.randrange(len(stack))
            if rng.random() < 0.5:
                stack.pop(i)
                return f"drop frame {i}"
            stack.insert(i, copy.deepcopy(stack[rng.randrange(len(stack))]))
            return f"duplicate a frame at {i}"
        return "nothing"
    if isinstance(parent, dict):
        parent[rng.choice(["extra", "proc", "pc", "each_x"])] = rng.choice([None, "x", 3, ["a"]])
        return f"add a key under {path[:-1]}"
    return "nothing"


@pytest.mark.parametrize("game,scenario,options", GAMES)
def test_fuzzed_machines_are_valid_or_one_line_errors(game, scenario, options):
    """~100 random structural edits of the machine of positions at several steps of random games:
    each is either read (and then its legal actions are the model's: the question posed again
    from what was read) or refused with a one-line DataError -- never another exception."""
    rng = random.Random(f"{game}{options}")
    procs = sorted(get(game).state_class.ENGINE.procs)
    states = [st for st in (played(game, scenario, options, seed, steps)
                            for seed, steps in ((11, 5), (12, 30), (13, 90), (14, 200), (15, 400)))
              if not st.is_terminal()]
    assert states
    refused = read = 0
    for i in range(100):
        st = states[i % len(states)]
        doc = machine_doc(st)
        doc["machine"]["pending"] = copy.deepcopy(st.d["pending"])
        what = [_edit(doc["machine"], rng, procs) for _ in range(rng.choice((1, 1, 2)))]
        try:
            back = from_document(doc)
        except DataError as e:
            assert "\n" not in str(e), (what, str(e))
            refused += 1
            continue
        except Exception as e:  # noqa: BLE001 - the point of the test
            pytest.fail(f"{what}: {type(e).__name__}: {e}")
        read += 1
        if back.is_terminal():
            continue
        assert back.legal_actions() == back.ENGINE.repose(back)["actions"], what
        assert back.decision() is not None and isinstance(back.legal_actions(), list)
    assert refused > 20 and read > 0, (refused, read)


@pytest.mark.game("labyrinth")
@pytest.mark.rule("8.1.2")
def test_play_from_a_broken_lower_frame_is_a_one_line_error(tmp_path, capsys):
    """A frame below the top is run only when play reaches it: a local deleted from it makes
    ``position play`` fail there with one line (exit 2), never an internal error (exit 3)."""
    st = state_at_step(str(TRACE), 50)
    doc = to_document(st)
    assert doc["machine"]["stack"][-2]["proc"] == "play_card"
    del doc["machine"]["stack"][-2]["card"]
    bad = tmp_path / "frame.yaml"
    bad.write_text(dumps(doc))
    code, out, err = run(capsys, "position", "play", bad, "--actions", '{"country": "Afghanistan"}',
                         '{"country": "Afghanistan"}')
    assert code == 2 and err.count("\n") == 1
    assert "play cannot go on from the position's machine" in err


@pytest.mark.game("labyrinth")
def test_the_bottom_frame_is_the_game():
    doc = to_document(state_at_step(str(TRACE), 50))
    del doc["machine"]["stack"][0]
    with pytest.raises(DataError, match=r"machine\.stack\[0\]\.proc: 'turn': the bottom frame is the whole game's procedure, game"):
        from_document(doc)
