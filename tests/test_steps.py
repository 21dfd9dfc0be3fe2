"""The step helpers (model/core/steps.py): procedures written as step lists, compiled once into
ordinary handlers. Pig written with them plays exactly as the hand-written toy Pig
(tests/plugins/toy, the toy plug-in); loops, branches, questions, chance nodes, citations, labels,
the JSON round trip in the middle of a procedure and the runaway guards, on small procedures of their own."""
from __future__ import annotations

import ast
import json
import random
from pathlib import Path

import pytest

from cdg_oracle.model.core import engine as core_engine
from cdg_oracle.model.core import steps
from cdg_oracle.model.core.engine import Engine, ask, cite
from cdg_oracle.model.core.state import StackState
from cdg_oracle.model.core.steps import (
    call, choose, do, done, for_each, if_, pause, pick, repeat, roll, var, while_,
)
from tests.toy import toy_game

ROOT = Path(__file__).resolve().parents[1]


# -- Pig again, written with the step helpers ------------------------------------------------------
PIG = Engine("pig_steps")


class PigState(StackState):
    game = "pig_steps"
    SIDES = toy_game.SIDES
    ENGINE = PIG

    def setup(self, d: dict) -> None:
        self.rulings = toy_game.ToyRulings.from_dict(d["rulings"])

    canonical = toy_game.ToyState.canonical


def someone_won(st, f) -> bool:
    return any(st.d["banked"][s] >= st.d["target"] for s in toy_game.SIDES)


def declare_winner(st, f) -> None:
    winner = next(s for s in toy_game.SIDES if st.d["banked"][s] >= st.d["target"])
    st.d["terminal"] = {"winner": winner, "reason": f"{winner} banked {st.d['target']}", "rule": "pig.win"}


def first_side(st, f) -> None:
    f["side"] = 0


def other_side(st, f) -> None:
    f["side"] = 1 - f["side"]


@PIG.sequence("game")
def pig_game():
    """Turns alternate, Red first, until a side has banked the target."""
    return [
        do(first_side),
        repeat([
            call("turn", side=lambda st, f: toy_game.SIDES[f["side"]]),
            if_(someone_won, [do(declare_winner, cite="pig.win")]),
            do(other_side),
        ]),
    ]


def holds(st, f) -> bool:
    return f["choice"] == "hold"


def bank(st, f) -> None:
    d = st.d
    d["banked"][f["side"]] += d["turn_points"]
    d["turn_points"] = 0


def rolled_one(st, f) -> bool:
    return f["die"] == 1


def lose_points(st, f) -> None:
    st.d["turn_points"] = 0


def one_ends_turn(st, f) -> bool:
    return st.rulings.one_ends_turn


def add_points(st, f) -> None:
    st.d["turn_points"] += f["die"]


@PIG.sequence("turn")
def pig_turn():
    """One side's turn: roll or hold; a 1 loses the turn's points (ruling one_ends_turn)."""
    return [
        repeat([
            choose(var("side"), ["roll", "hold"], "pig.turn", "{side}: roll or hold?", into="choice"),
            if_(holds, [do(bank, cite="pig.hold"), done()]),
            roll("pig.roll", "{side} rolls", into="die"),
            if_(rolled_one, [do(lose_points, cite="pig.one"), if_(one_ends_turn, [done()])],
                else_=[do(add_points)]),
        ]),
    ]


def new_pig(rulings=None) -> PigState:
    hand = toy_game.new_state("race_to_20", rulings=rulings)
    d = json.loads(hand.to_json())
    d.update(game="pig_steps", stack=[{"proc": "game", "pc": "start"}], pending=None)
    st = PigState(d)
    PIG.run(st)
    return st


@pytest.mark.parametrize("one_ends_turn", [True, False])
def test_pig_written_with_steps_plays_as_the_hand_written_pig(one_ends_turn):
    """Same questions (identifiers too), same legal actions, same applied rules, same positions,
    step by step, over random games."""
    rulings = {"one_ends_turn": one_ends_turn}
    for seed in range(20):
        rng = random.Random(seed)
        hand, steps_ = toy_game.new_state("race_to_20", rulings=rulings), new_pig(rulings)
        for _ in range(400):
            assert steps_.decision() == hand.decision()
            assert steps_.current_player() == hand.current_player()
            assert steps_.legal_actions() == hand.legal_actions()
            assert steps_.canonical() == hand.canonical()
            if hand.is_terminal():
                break
            a = rng.choice(hand.legal_actions())
            hand.apply(a)
            steps_.apply(a)
            assert steps_.applied_rules() == hand.applied_rules()
        assert hand.is_terminal() and steps_.outcome() == hand.outcome()


def test_question_identifiers_name_the_step_not_an_index():
    st = new_pig()
    assert st.decision()["question"] == "turn.choice"
    st.apply("roll")
    assert st.decision()["question"] == "turn.die"
    assert PIG.procs["turn"].labels == ("choice", "if_holds", "bank", "done", "die", "if_rolled_one", "lose_points",
                                        "if_one_ends_turn", "done_2", "add_points", "end")


def test_frames_are_plain_json_and_round_trip_in_the_middle_of_a_procedure():
    st = new_pig()
    st.apply("roll")
    st.apply({"die": 4})
    assert st.d["stack"] == [{"proc": "game", "pc": "if_someone_won", "side": 0},
                             {"proc": "turn", "pc": "choice", "side": "Red", "choice": "roll", "die": 4}]
    back = PigState.from_json(st.to_json())
    for a in ["roll", {"die": 3}, "hold"]:
        st.apply(a)
        back.apply(a)
        assert back.to_json() == st.to_json() and back.applied_rules() == st.applied_rules()


def test_a_sequence_keeps_the_docstring_and_is_an_ordinary_handler():
    assert PIG.procs["game"] is pig_game and pig_game.__doc__.startswith("Turns alternate")
    assert pig_game.__name__ == "pig_game" and callable(pig_game)


# -- small procedures of their own -----------------------------------------------------------------
class Tiny(StackState):
    game = "steps_tiny"
    SIDES = ("A", "B")

    def canonical(self) -> dict:
        return {k: v for k, v in self.d.items() if k not in ("stack", "pending", "terminal")}


def halt(st, f) -> None:
    st.d["terminal"] = {"winner": "A", "reason": "main is done", "rule": "0"}


def tiny(procs: dict, after_step=None, **d) -> Tiny:
    """A state of a fresh engine holding ``procs`` (name -> step list), running ``main`` above a
    ``halt`` frame that ends the game when ``main`` is done."""
    eng = Engine("steps_tiny")
    eng.set_hooks(after_step=after_step)
    eng.sequence("halt", [do(halt)])
    for name, body in procs.items():
        eng.sequence(name, body)
    cls = type("TinyState", (Tiny,), {"ENGINE": eng})
    st = cls({"stack": [{"proc": "halt", "pc": "start"}, {"proc": "main", "pc": "start"}], "pending": None,
              "terminal": None, "log": [], **d})
    eng.run(st)
    return st


def log(what):
    def step(st, f):
        st.d["log"].append(what if not callable(what) else what(st, f))
    step.__name__ = "log"
    return step


def test_for_each_asks_for_each_item_with_its_cursor_in_the_frame():
    st = tiny({"main": [
        for_each(lambda st, f: ["Iraq", "Iran", "Syria"], "country", [
            choose("A", lambda st, f: [{"troops": n} for n in (1, 2)], "7.3", "troops to {country}?",
                   into="troops"),
            do(log(lambda st, f: (f["country"], f["troops"]["troops"]))),
        ]),
        do(log("done")),
    ]})
    assert st.decision()["prompt"] == "troops to Iraq?" and st.decision()["question"] == "main.troops"
    assert st.d["stack"][1] == {"proc": "main", "pc": "troops", "each_country": ["Iran", "Syria"], "country": "Iraq"}
    for n in (2, 1, 2):
        st.apply({"troops": n})
    assert st.d["log"] == [("Iraq", 2), ("Iran", 1), ("Syria", 2), "done"]
    assert st.is_terminal() and st.d["stack"] == []


def test_for_each_over_a_local_and_over_nothing():
    st = tiny({"main": [
        do(lambda st, f: f.update(sides=[])),
        for_each("sides", "side", [choose("A", ["x"], "r", "p", into="x")]),
        call("child", items=["a", "b"]),
        do(log("after")),
    ], "child": [
        for_each("items", "item", [do(log(var("item")))]),
    ]})
    assert st.d["log"] == ["a", "b", "after"]


def test_if_else_and_while_and_repeat_until():
    st = tiny({"main": [
        while_(lambda st, f: st.d["n"] < 3, [do(lambda st, f: st.d.update(n=st.d["n"] + 1))]),
        if_(lambda st, f: st.d["n"] == 3, [do(log("three"))], else_=[do(log("not three"))]),
        if_(lambda st, f: st.d["n"] == 4, [do(log("four"))], else_=[do(log("not four"))]),
        repeat([do(lambda st, f: st.d.update(n=st.d["n"] * 2))], until=lambda st, f: st.d["n"] > 20),
        do(log(lambda st, f: st.d["n"])),
    ]}, n=0)
    assert st.d["log"] == ["three", "not four", 24]


def test_a_question_posed_only_when_its_condition_holds():
    body = [
        choose("A", ["yes", "no"], "3.2", "re-roll?", into="reroll", when=lambda st, f: st.d["two_player"]),
        do(log(var("reroll"))),
        choose("B", ["ok"], "r", "ok?"),
    ]
    st = tiny({"main": body}, two_player=False)
    assert st.d["log"] == [None] and st.decision()["question"] == "main.choose"
    st = tiny({"main": body}, two_player=True)
    assert st.decision()["question"] == "main.reroll"
    st.apply("no")
    assert st.d["log"] == ["no"]


def test_roll_and_pick_are_chance_nodes_and_store_their_outcome():
    st = tiny({"main": [
        do(lambda st, f: f.update(country="Iraq")),
        roll("4.9.4", "test {country}", into="die"),  # the prompt reads the frame's "country"
        pick(lambda st, f: [{"card": 7}, {"card": 9}], "5.3.1", "draw", into="drawn", weights=lambda st, f: [1, 3]),
        do(log(lambda st, f: (f["die"], f["drawn"]))),
    ]})
    assert st.current_player() == "chance" and st.decision()["question"] == "main.die"
    assert st.decision()["prompt"] == "test Iraq" and st.legal_actions() == [{"die": n} for n in range(1, 7)]
    st.apply({"die": 5})
    assert st.decision() == {"player": "chance", "question": "main.drawn", "prompt": "draw", "rule": "5.3.1"}
    assert [p for _, p in st.chance_outcomes()] == [0.25, 0.75]
    st.apply({"card": 9})
    assert st.d["log"] == [(5, {"card": 9})]


def test_every_combinator_cites_its_rules_when_it_runs_in_order():
    st = tiny({"main": [
        do(log("a"), cite="1.1"),
        if_(lambda st, f: True, [do(lambda st, f: cite(st, "1.3"))], cite="1.2"),
        call("child", cite=("1.4", "1.5")),
        for_each(lambda st, f: [1], "i", [pause(cite="1.7")], cite="1.6"),
        repeat([do(log("r"))], until=lambda st, f: True, cite="1.8"),
        choose("A", ["ok"], "2.1", "ok?", cite="1.9"),
        done(cite="3.0"),
    ], "child": [done(cite="1.45")]})
    assert st.d["log"] == ["a", "r"]
    assert st.applied_rules() == ["1.1", "1.2", "1.3", "1.4", "1.5", "1.45", "1.6", "1.7", "1.8", "1.9"]
    st.apply("ok")
    assert st.applied_rules() == ["2.1", "3.0"]


def test_a_step_ends_at_a_question_a_child_or_a_pause_never_inside_plain_work():
    seen = []
    st = tiny({"main": [
        do(log(1)), do(log(2)),                  # one step
        pause(),
        do(log(3)), call("child"),               # one step (the call ends it)
        do(log(4)),                              # one step with the child's end
        choose("A", ["go"], "r", "go?"),
    ], "child": [do(log("c"))]}, after_step=lambda st: seen.append(list(st.d["log"])))
    assert seen == [[1, 2], [1, 2, 3], [1, 2, 3, "c"], [1, 2, 3, "c", 4]]
    assert st.decision()["question"] == "main.choose"


def test_a_do_step_may_start_a_child_or_finish_the_procedure():
    st = tiny({"main": [
        do(lambda st, f: core_engine.push(st, "child"), name="spawn"),
        do(log("back")),
        do(lambda st, f: core_engine.pop(st), name="quit"),
        do(log("never")),
    ], "child": [do(log("child"))]})
    assert st.d["log"] == ["child", "back"] and st.d["stack"] == []


def test_a_do_step_that_asks_is_refused():
    with pytest.raises(RuntimeError, match="'main': step 'sneaky' .* use choose"):
        tiny({"main": [do(lambda st, f: ask(st, "A", ["x"], "r", "p"), name="sneaky")]})


def test_a_loop_that_never_ends_a_step_is_a_runaway_naming_the_procedure(monkeypatch):
    monkeypatch.setattr(steps, "MAX_INLINE", 50)
    with pytest.raises(RuntimeError, match="runaway procedure 'main'"):
        tiny({"main": [while_(lambda st, f: True, [do(log("x"))])]})


def test_steps_without_a_question_are_a_runaway_naming_the_procedure(monkeypatch):
    monkeypatch.setattr(core_engine, "MAX_STEPS", 100)
    with pytest.raises(RuntimeError, match=r"steps_tiny: runaway: 100 steps without a question \(procedure "
                                           r"'(main|child)'"):
        tiny({"main": [repeat([call("child")])], "child": [do(log("c"))]})


def test_labels_are_unique_readable_and_start_is_the_entry():
    eng = Engine("labels")
    h = eng.sequence("p", [
        do(log(1)), do(log(2)),
        if_(lambda st, f: True, [done()]),
        for_each("xs", "x", [choose("A", ["y"], "r", "p", into="pick")]),
        choose("A", ["y"], "r", "p", name="again"),
    ])
    assert h.labels == ("log", "log_2", "if_test", "done", "each_x", "next_x", "pick", "again", "end")
    with pytest.raises(ValueError, match="step name 'a' used twice"):
        eng.sequence("q", [do(log(1), name="a"), do(log(2), name="a")])
    with pytest.raises(ValueError, match="used twice"):
        eng.sequence("r", [do(log(1)), do(log(2), name="start")])
    with pytest.raises(ValueError, match="used twice"):
        eng.sequence("r2", [do(log(1), name="start"), do(log(2), name="start")])
    with pytest.raises(TypeError, match="is not a step"):
        eng.sequence("s", [log(1)])
    with pytest.raises(ValueError, match="registered twice"):
        eng.sequence("p", [done()])


def test_the_first_step_may_take_the_entry_label_so_its_question_stands_at_start():
    """A procedure once written by hand that asked at ``start`` keeps that label as steps."""
    st = tiny({"main": [choose("A", ["x", "y"], "r", "which?", into="pick", name="start"),
                        do(log(lambda st, f: f["pick"]))]})
    assert st.ENGINE.procs["main"].labels[0] == "start"
    assert st.d["stack"][-1]["pc"] == "start" and st.decision()["question"] == "main.start"
    assert st.ENGINE.repose(st) == st.d["pending"]  # posed again at start, the same question
    st.apply("y")
    assert st.d["log"] == ["y"]


def test_a_step_label_the_procedure_does_not_have_is_a_clear_error():
    st = tiny({"main": [choose("A", ["x"], "r", "p", into="x")]})
    st.d["stack"][1]["pc"] = "gone"
    st.d["pending"] = None
    with pytest.raises(RuntimeError, match="procedure 'main' has no step 'gone'"):
        st.ENGINE.run(st)


def _project_imports(name: str) -> set[str]:
    tree = ast.parse((ROOT / "model" / "core" / name).read_text(encoding="utf-8"))
    mods = {n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)}
    mods |= {a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}
    return {m for m in mods if m.split(".")[0] == "cdg_oracle"}


def test_the_step_helpers_know_no_game():
    """steps.py builds on the stack helpers only (not on engine.py, which builds on it: no import
    cycle, issue 29 item 7), and stack.py imports nothing of the project."""
    assert _project_imports("steps.py") == {"cdg_oracle.model.core.stack"}
    assert _project_imports("stack.py") == set()
