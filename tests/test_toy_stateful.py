"""Issue 16: the generic tools of properties/ run the toy second game (Pig, the plug-in of tests/plugins/toy) by
its registered name: the hypothesis state machine (properties/stateful.py), the campaign
(properties/campaign.py) and perft's default depths from the spec. A toy broken on purpose is
caught by the machine, in words that name the broken property, and the failing game re-checks to
the same words: a check that cannot fail would be a defect."""
from __future__ import annotations

import dataclasses
import json

import pytest

from cdg_oracle.model.core import registry
from cdg_oracle.oracle import perft, trace
from cdg_oracle.properties import campaign, stateful
from cdg_oracle.properties import walk
from tests.toy import toy_game


def run_toy(**kw) -> dict:
    args = {"max_examples": 30, "step_count": 200, "seed": 0, **kw}
    return stateful.run_machine("toy", args.pop("max_examples"), args.pop("step_count"), args.pop("seed"), **args)


def test_the_machine_walks_the_toy_game_clean():
    """Scenarios and rulings drawn from the toy's GameSpec, every check after every step; games
    are finished and won by both sides."""
    r = run_toy()
    assert r["failures"] == [], r["failures"][0]["what"]
    s = r["stats"]
    assert s["runs"] == 30 and s["games_finished"] >= 10 and s["games_with_options"] == 0, s
    assert {e.split(":")[0] for e in s["endings"]} == {"Red", "Blue"}
    assert {e.split("banked ")[1] for e in s["endings"]} == {"10", "20"}  # both scenarios drawn
    again = run_toy()
    assert {k: v for k, v in again["stats"].items() if k not in ("seconds", "steps_per_second")} == \
        {k: v for k, v in s.items() if k not in ("seconds", "steps_per_second")}


def test_the_machine_draws_the_toy_rulings():
    """The rulings strategy is built from ``spec.rulings.describe()``: the toy's one switch."""
    seen = []

    class Spy(stateful.Walk):
        def __init__(self, *a, **kw):
            super().__init__(*a, **kw)
            seen.append(self.rulings)

    cls = stateful.machine_class("toy", seed=0)
    cls._walk = lambda self, *a: Spy(self.game, *a[:3], self.max_game_steps, self.check_every, a[3])
    stateful.run_machine("toy", 10, 100, 0, machine=cls)
    assert {} in seen and {"one_ends_turn": False} in seen


def test_the_toy_invariants_are_registered_and_hold_along_a_campaign():
    results = campaign.campaign("toy", ["race_to_10", "race_to_20"], seed=1, games_per_scenario=3)
    assert len(results) == 6 and all(r.failures == [] and r.game == "toy" for r in results)
    assert [r.seed for r in results[:2]] == [campaign.game_seed(1, 0)] * 2
    st = toy_game.new_state("race_to_10")
    st.d["banked"]["Red"] = -1
    assert walk.invariant_check(registry.get("toy"), st)(st) == ["Red has banked -1 points"]


def test_perft_takes_its_default_depths_from_the_spec():
    doc = perft.perft_doc("toy", ["race_to_10", "race_to_20"], None)
    assert doc["scenarios"]["race_to_10"]["depth"] == 4 and doc["scenarios"]["race_to_10"]["counts"] == [2, 4, 8, 16]
    assert doc["scenarios"]["race_to_20"]["depth"] == perft.FALLBACK_DEPTH
    assert perft.default_depth("race_to_10", "toy") == 4 and perft.default_depth("lets_roll", "labyrinth") == 6


# -- broken toys --------------------------------------------------------------------------------------

def broken_run(tmp_path, **kw) -> tuple[dict, str]:
    """Run the machine on a broken toy; the one failure, and its re-check from the trace written
    for it (through the oracle's trace format, as verify writes one)."""
    written = []

    def on_failure(f):
        path = tmp_path / "failure.jsonl"
        path.write_text(trace.from_actions(f["game"], f["scenario"], f["length"], f["rulings"], f["actions"],
                                           options=f.get("options")), encoding="utf-8")
        written.append(path)

    r = run_toy(on_failure=on_failure, **kw)
    assert len(r["failures"]) == 1 and written, r
    f = r["failures"][0]
    head, steps, _ = trace.parse(written[0].read_text(encoding="utf-8"), str(written[0]))
    again = stateful.recheck(head["game"], head["scenario"], head["length"], head["rulings"],
                             [s["action"] for s in steps], options=head.get("options"))
    return f, again


def test_a_toy_whose_rolled_one_takes_from_the_bank_breaks_an_invariant(monkeypatch, tmp_path):
    """A rule bug: a rolled 1 also takes the turn's points out of the bank, so the bank can go
    negative. The toy's registered invariant catches it, shrunk to a short game."""
    original = toy_game.ENGINE.procs["turn"]

    def turn(st, f, a):
        if a == {"die": 1}:
            st.d["banked"][f["side"]] -= st.d["turn_points"]
        return original(st, f, a)

    monkeypatch.setitem(toy_game.ENGINE.procs, "turn", turn)
    f, again = broken_run(tmp_path)
    assert "invariant: " in f["what"] and " has banked -" in f["what"], f["what"]
    # Shrunk to a game that ends in a 2 and then a 1 (which takes the 2 points from the bank), after
    # a turn or two of 1s: seed 0 stops at 8 actions since issue 28 item 2 took the project's
    # constants out of hypothesis's draws (6 before; seeds 1, 3 and 4 give 6 now).
    assert f["game"] == "toy" and len(f["actions"]) <= 8, f["actions"]
    assert f["actions"][-4:] == ["roll", {"die": 2}, "roll", {"die": 1}], f["actions"]
    assert again == f["what"]


class LeakyToy(toy_game.ToyState):
    """A toy whose JSON forgets the turn's points (and reads them back as 0)."""

    def to_json(self) -> str:
        d = json.loads(super().to_json())
        del d["turn_points"]
        return json.dumps(d, sort_keys=True, separators=(",", ":"))

    @classmethod
    def from_json(cls, text: str, check: bool = True):
        d = json.loads(text)
        d.setdefault("turn_points", 0)
        return cls(d)


def leaky_spec(monkeypatch):
    spec = registry.get("toy")
    leaky = dataclasses.replace(spec, state_class=LeakyToy,
                                new_state=lambda *a, **kw: LeakyToy(toy_game.new_state(*a, **kw).d))
    monkeypatch.setitem(registry.GAMES, "toy", leaky)


def test_a_toy_whose_json_drops_a_field_fails_the_round_trip(monkeypatch, tmp_path):
    leaky_spec(monkeypatch)
    f, again = broken_run(tmp_path)
    assert f["what"].endswith("the state does not round-trip through JSON (differing keys: turn_points)"), f["what"]
    assert len(f["actions"]) == 2 and f["actions"][0] == "roll", f["actions"]  # roll, then a die other than 1
    assert again == f["what"]


def test_a_toy_whose_state_lives_outside_its_json_fails_determinism(monkeypatch, tmp_path):
    """A state that keeps something outside ``d`` (an attribute set while playing, lost by a JSON
    copy) and reads it later: the restored game parts from the shadow that was never serialized."""

    class Forgetful(toy_game.ToyState):
        def apply(self, action):
            if action == "hold" and getattr(self, "held_before", False):
                self.d["banked"][self.current_player()] += 1   # a second hold in one object earns a bonus
            super().apply(action)
            if action == "hold":
                self.held_before = True

    spec = registry.get("toy")
    monkeypatch.setitem(registry.GAMES, "toy", dataclasses.replace(
        spec, state_class=Forgetful, new_state=lambda *a, **kw: Forgetful(toy_game.new_state(*a, **kw).d)))
    f, again = broken_run(tmp_path)
    assert "replaying the" in f["what"] and "(no JSON copies) gives a different state (differing keys: banked)" \
        in f["what"], f["what"]
    assert f["actions"][-1] == "hold"
    assert again == f["what"]


def test_a_toy_that_never_ends_is_flagged():
    r = run_toy(max_examples=5, step_count=40, max_game_steps=10)
    assert "non-termination: the game is not over after 10 steps" in r["failures"][0]["what"]


def test_the_generic_checks_take_the_game_sides():
    st = toy_game.new_state("race_to_10")
    assert stateful.dead_end(st, toy_game.SIDES) is None
    assert "not a side" in stateful.dead_end(st, ("US", "Jihadist"))


@pytest.mark.parametrize("game", ["toy", "labyrinth"])
def test_recheck_of_a_clean_game_finds_nothing(game):
    spec = registry.get(game)
    scenario = spec.scenarios()[0]
    st = spec.new_state(scenario, spec.lengths[0], None, None)
    actions = []
    while not st.is_terminal() and len(actions) < 60:
        a = st.legal_actions()[len(actions) % len(st.legal_actions())]
        actions.append(a)
        st.apply(a)
    assert stateful.recheck(game, scenario, None, None, actions) is None


def test_paired_games_of_the_toy_part_where_its_ruling_matters():
    """properties/pairs.py (under Labyrinth's discovery and side-by-side machine) on the toy game:
    its one switch is the one alternative; a pair parts only at a rolled 1 (who moves next), citing
    the rule that resolved it; a pair that rolls no 1 plays to the end together."""
    import random

    from cdg_oracle.properties import pairs

    assert pairs.alternatives("toy") == [("one_ends_turn", True, False)]
    assert pairs.pair_rulings("toy", "one_ends_turn", (True, False)) == [{}, {"one_ends_turn": False}]
    outcomes = [pairs.walk_pair("toy", "race_to_10", "standard", None, "one_ends_turn", (True, False),
                                random.Random(k)) for k in range(10)]
    parted = [r for r in outcomes if r["diverged"]]
    assert parted and len(parted) < len(outcomes)
    for r in parted:
        assert r["rules"] == ["pig.one", "pig.roll"] and r["diff_paths"] == ["to_move"], r
        assert r["actions"][-1] == {"die": 1} and r["crash"] is None
    for r in outcomes:
        if not r["diverged"]:
            assert {"die": 1} not in r["actions"]
    a, b = (toy_game.new_state("race_to_10", rulings=x) for x in ({}, {"one_ends_turn": False}))
    assert pairs.divergence(a, b) == []   # the same game, however the rulings differ
    b.apply("hold")
    assert pairs.divergence(a, b) == ["to_move"]   # Blue to move in b; both offer roll or hold
    b.apply("roll")
    assert pairs.divergence(a, b) == ["to_move", "legal_actions"]
