"""The hypothesis state machine that walks the decision protocol (issue 4, item 4).

``TestLabyrinthMachine`` runs the machine under the active hypothesis profile (``ci`` by default,
tests/conftest.py). The other tests break the model on purpose -- a lost cell cylinder, a dead end,
state held outside the JSON, a crash, a game that never ends -- and check that the machine catches
each one as a short game (shrunk by hypothesis when the first game found is not minimal), and that
the trace written for it replays through ``cdg_oracle.oracle.trace`` to the same failure.

Solo (chapter 9): the machine draws the game options too (two-player or solo, every Ideology, 9.7);
``test_a_bounded_solo_run_walks_clean`` runs it on solo games only, and a bot that leaves a
Jihadist question open (a decision node of the Jihadist, which 9.0 rules out) is caught and its
trace, which carries the options, replays to the same failure.
"""
from __future__ import annotations

import os
import random
import tempfile
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import settings

from cdg_oracle.model.labyrinth import engine, new_game
from cdg_oracle.model.labyrinth.mapdata import load_map
from cdg_oracle.model.labyrinth.solo import answers
from cdg_oracle.model.labyrinth.state import LabyrinthState
from cdg_oracle.oracle import trace
from cdg_oracle.oracle.playout import choose
from cdg_oracle.model.labyrinth import consistency as inv
from cdg_oracle.properties.labyrinth import stateful as S

pytestmark = pytest.mark.game("labyrinth")  # the rules its rule marks name are Labyrinth's

TRACE_DIR = Path(os.environ.get("CDG_ORACLE_TRACE_DIR", Path(tempfile.gettempdir()) / "cdg-oracle-stateful"))


def write_failure_trace(failure: dict, path: Path) -> Path:
    """Write a failure of the machine as a trace (``cdg_oracle.oracle.trace.from_actions``, as verify does)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(trace.from_actions("labyrinth", failure["scenario"], failure["length"],
                                       failure["rulings"], failure["actions"],
                                       options=failure.get("options")), encoding="utf-8")
    return path


def actions_of(path: Path) -> tuple[dict, list]:
    head, steps, _ = trace.parse(path.read_text(encoding="utf-8"), str(path))
    return head, [rec["action"] for rec in steps]


# -- the machine, under the active profile ---------------------------------------------------------

Machine = S.machine_class()


class TestLabyrinthMachine(Machine.TestCase):
    """Random games chosen by hypothesis, every contract property checked after every step. On a
    failure the minimal game is also written as a trace (its path is in the error's notes)."""

    def runTest(self):
        try:
            super().runTest()
        except BaseException as e:
            f = Machine.recorder.last_failure
            if f is not None:
                path = write_failure_trace(f, TRACE_DIR / "stateful_failure.jsonl")
                e.add_note(f"{f['what']}\nscenario {f['scenario']} ({f['length']}, rulings {f['rulings']}, "
                           f"options {f.get('options')}), "
                           f"{f['steps']} actions; trace: {path} (cdg-oracle replay {path})")
            raise


def test_the_active_profile_is_derandomized_and_bounded():
    s = settings.default
    assert s.derandomize and s.database is None and s.deadline is None
    name = os.environ.get("HYPOTHESIS_PROFILE", "ci")
    assert s.max_examples == S.PROFILES[name]["max_examples"]
    assert s.stateful_step_count == S.PROFILES[name]["stateful_step_count"]


# -- a deliberately broken model is caught, shrunk and replayed -------------------------------------

def run_broken(tmp_path, shrink: bool, **kw) -> tuple[dict, dict, Path]:
    written: list[Path] = []

    def on_failure(f):
        written.append(write_failure_trace(f, tmp_path / "failure.jsonl"))

    # Two-player games unless a test says otherwise: with solo games drawn too, hypothesis may shrink
    # to a solo game (a shorter deal), and these tests pin the minimal two-player game. A TWO_PLAYER
    # machine draws no options at all: its games are those of the machine before solo play.
    args = {"max_examples": 20, "step_count": 120, "seed": 0, "options": S.TWO_PLAYER, **kw}
    result = S.run_machine(on_failure=on_failure, shrink=shrink, **args)
    assert len(result["failures"]) == 1, result
    assert written, "on_failure was not called"
    return result, result["failures"][0], written[0]


def assert_replays_to_the_same_failure(failure: dict, path: Path) -> None:
    """The trace parses, replays through the oracle to its last step, and re-checking its actions
    gives the failure the machine reported, in the same words."""
    text = path.read_text(encoding="utf-8")
    verdict = trace.replay(text, str(path))
    assert verdict.conformant and verdict.steps == len(failure["actions"]), verdict.message
    head, actions = actions_of(path)
    assert actions == failure["actions"]
    assert S.recheck(head["scenario"], head["length"], head["rulings"], actions,
                     options=head.get("options")) == failure["what"]


def wrap_procedure(monkeypatch, name: str, before):
    """Replace procedure ``name`` by one that calls ``before(st, frame)`` when it starts."""
    original = engine.PROCS[name]

    def broken(st, f, a):
        if f["pc"] == "start":
            before(st, f)
        return original(st, f, a)

    monkeypatch.setitem(engine.PROCS, name, broken)


@pytest.mark.rule("4.6.1")
def test_a_lost_cell_cylinder_is_caught_shrunk_and_replayed(monkeypatch, tmp_path):
    # A country test (4.9.4) that rolls a 6 loses a cell cylinder. The simplest game hypothesis
    # tries first (every index 0) rolls only 1s, so the failure is found in a longer random game
    # and shrunk.
    original = engine.PROCS["test"]

    def six_loses_a_cylinder(st, f, a):
        if a == {"die": 6} and st.d["cells_track"] > 0:
            st.d["cells_track"] -= 1
        return original(st, f, a)

    monkeypatch.setitem(engine.PROCS, "test", six_loses_a_cylinder)
    # Games of at most 50 steps: the failure is still met only past the simplest game, and
    # hypothesis shrinks it in about 2 s (120 steps took 45-55 s of the suite's 300 s, for the same
    # finding: how long shrinking takes swings widely with the step count, 30 steps took 17 s).
    # Seed 2: since no constant of the project's source is drawn (issue 28 item 2), seed 0 meets no
    # failure in 20 runs, and seeds 1 and 3 take 25-35 s to shrink theirs.
    result, failure, path = run_broken(tmp_path, shrink=True, step_count=50, seed=2)
    assert result["stats"]["runs"] > 20  # found, then shrunk over many runs
    assert failure["what"].endswith("invariant: 14 cell cylinders in play, not 15 (4.6.1)"), failure["what"]
    # Shrunk to an early country test of a short game (4 actions when written, Anaconda: three
    # country choices and the 6; which scenario hypothesis settles on depends on how the draws are
    # laid out): default rulings, a few opening choices, and a test that rolls a 6.
    assert failure["rulings"] == {} and failure["options"] is None
    assert failure["actions"][-1] == {"die": 6} and len(failure["actions"]) <= 40, failure["actions"]
    assert_replays_to_the_same_failure(failure, path)


# The next failures are met by the simplest game (every index 0), the first one hypothesis tries,
# which is as short as a failing game can be: shrinking could not shorten it (and takes ~10 s).

def test_a_dead_end_is_caught_and_replayed(monkeypatch, tmp_path):
    legal = LabyrinthState.legal_actions

    def no_recruit_site(self):
        p = self.d["pending"]
        return [] if p is not None and p["prompt"].startswith("Recruit") else legal(self)

    monkeypatch.setattr(LabyrinthState, "legal_actions", no_recruit_site)
    _, failure, path = run_broken(tmp_path, shrink=False)
    assert "dead end: no legal action at" in failure["what"] and "Recruit" in failure["what"]
    assert len(failure["actions"]) <= 30, failure["actions"]
    assert_replays_to_the_same_failure(failure, path)


def test_state_held_outside_the_json_is_caught_by_the_replay(monkeypatch, tmp_path):
    # A flag cached on the state object, not in its JSON, set by a card draw and read by Recruit:
    # the machine plays on from a JSON copy after every step, a replay from a fresh game keeps one
    # object, so the two games part at the first Recruit.
    def warm(st, f):
        st._warm = True

    def read_cache(st, f):
        if getattr(st, "_warm", False):
            st.d["funding"] = max(1, st.d["funding"] - 1)

    wrap_procedure(monkeypatch, "draw", warm)
    wrap_procedure(monkeypatch, "op_recruit", read_cache)
    _, failure, path = run_broken(tmp_path, shrink=False)
    assert failure["what"].endswith("actions in a fresh game (no JSON copies) gives a different state "
                                    "(differing keys: funding)"), failure["what"]
    assert len(failure["actions"]) <= 30 and failure["actions"][-1] == {"op": "recruit"}, failure["actions"]
    # The oracle's replay is one game without JSON copies: it conforms (the model replays its own
    # trace); the re-check plays on from JSON copies as the machine does, and fails the same way.
    assert_replays_to_the_same_failure(failure, path)


def test_a_crash_in_apply_is_reported_with_the_action_that_raised(monkeypatch, tmp_path):
    def crash(st, f):
        raise RuntimeError("deliberate")

    wrap_procedure(monkeypatch, "op_recruit", crash)
    _, failure, path = run_broken(tmp_path, shrink=False)
    assert failure["what"].endswith('apply({"op":"recruit"}) raised RuntimeError: deliberate')
    assert failure["actions"][-1] == {"op": "recruit"} and len(failure["actions"]) <= 30
    with pytest.raises(RuntimeError, match="deliberate"):
        trace.replay(path.read_text(encoding="utf-8"))
    head, actions = actions_of(path)
    assert S.recheck(head["scenario"], head["length"], head["rulings"], actions) == failure["what"]


def test_a_game_that_does_not_end_within_the_bound_is_flagged(tmp_path):
    _, failure, path = run_broken(tmp_path, shrink=False, max_game_steps=25, step_count=40)
    assert "non-termination: the game is not over after 25 steps" in failure["what"]
    assert len(failure["actions"]) == 25
    head, actions = actions_of(path)
    assert S.recheck(head["scenario"], head["length"], head["rulings"], actions, max_game_steps=25) == failure["what"]
    assert trace.replay(path.read_text(encoding="utf-8")).steps == 25


# -- solo games (chapter 9) --------------------------------------------------------------------------

@pytest.mark.rule("9.0", "9.2", "9.3.3", "9.7")
def test_a_bounded_solo_run_walks_clean():
    # Solo games only, every Ideology and the mini-decks option drawn by hypothesis (derandomized):
    # 6 runs of up to 600 steps, every check of the machine after every step, the solo invariants
    # included. About 5 s on two cores; longer runs: ``cdg-oracle verify``.
    result = S.run_machine(max_examples=6, step_count=600, seed=0, options=S.SOLO_OPTIONS)
    assert result["failures"] == [], result["failures"][0]["what"]
    stats = result["stats"]
    assert stats["games"] == stats["solo_games"] >= 6, stats
    assert stats["games_finished"] >= 1 and stats["steps"] >= 6 * 300, stats


@pytest.mark.rule("9.0")
def test_a_jihadist_decision_node_in_a_solo_game_is_caught_and_replayed(monkeypatch, tmp_path):
    # A bot that leaves every Jihadist question open: the first one becomes a decision node of the
    # Jihadist, which 9.0 rules out in a solo game. The trace carries the options, and re-checking it
    # in a solo game gives the same words (the same actions in a two-player game do not).
    monkeypatch.setattr(answers, "decide", lambda st: None)
    _, failure, path = run_broken(tmp_path, shrink=False, options=S.SOLO_OPTIONS)
    assert failure["options"] is not None and failure["options"]["solo"] is True, failure
    assert "invariant: a Jihadist decision node in a solo game" in failure["what"], failure["what"]
    assert failure["players"] and "Jihadist" not in failure["players"], failure["players"]
    head, actions = actions_of(path)
    assert head["options"] == failure["options"]
    assert_replays_to_the_same_failure(failure, path)
    assert S.recheck(head["scenario"], head["length"], head["rulings"], actions) != failure["what"]


def solo_d(**changes) -> dict:
    """The data of a solo game at its start (Let's Roll!), with top-level ``changes``."""
    d = new_game("lets_roll", options={"solo": True, "ideology": "potent"}).d
    d.update(changes)
    return d


PLOTS = [1, 1, 2, 2, 3, 3]


@pytest.mark.rule("9.0", "9.2", "9.3.3", "9.7")
def test_each_solo_invariant_can_fail():
    muslim = load_map().muslim
    assert inv.check_all(solo_d(), PLOTS, muslim) == []
    # 9.0: a Jihadist decision node; the same node in a two-player game is no solo violation.
    d = solo_d()
    d["pending"] = {"player": "Jihadist", "actions": ["x"], "rule": "8.2", "prompt": "Recruit where?"}
    assert any("Jihadist decision node" in v for v in inv.check_all(d, PLOTS, muslim))
    d["options"] = {"solo": False, "ideology": "normal", "minidecks": False}
    assert inv.solo_invariants(d) == []
    # 9.3.3 + 4.8.1: a numbered marker set aside and still Available is counted twice.
    d = solo_d(plots_set_aside=[1])
    assert any("set aside" in v and "(4.8.1, 9.3.3)" in v for v in inv.plots_conserved(d, PLOTS))
    # 9.3.3: a marker set aside with no WMD plot in play for it (fewer than 6 markers in play).
    d = solo_d(plots_available=[1, 2, 2, 3, 3], plots_set_aside=[1])
    assert inv.plots_conserved(d, PLOTS) == []
    assert any("fewer than 6 plot markers in play" in v for v in inv.solo_plots(d))
    d["wmd_available"], d["wmd_boxes"] = 1, {"loose_nuke_heu_kazakh_strain": 2, "pakistan_arsenal": 3}
    assert inv.check_all(d, PLOTS, muslim) == []
    assert any("WMD plot set aside" in v for v in inv.solo_plots(solo_d(plots_set_aside=["WMD"])))
    d = solo_d()
    del d["plots_set_aside"]
    assert any("without the set-aside" in v for v in inv.solo_plots(d))
    # 9.2: the Jihadist draw stack holds each card once.
    d = solo_d()
    d["hands"]["Jihadist"] = [5, 5]
    assert any("holds a card twice" in v for v in inv.solo_jihadist_hand(d))
    d["hands"]["Jihadist"] = (5,)
    assert any("not a list" in v for v in inv.solo_jihadist_hand(d))
    # 9.7 Infectious and above: the US never holds its last card (5.2.4); Potent still may.
    d = solo_d()
    d["pending"] = {"player": "US", "actions": [{"card": 5}, {"discard": 5}, "hold"], "rule": "5.2.4",
                    "prompt": "US Action Phase: play a card"}
    assert inv.solo_us_plays_all(d) == []
    d["options"] = {"solo": True, "ideology": "infectious", "minidecks": False}
    assert any("9.7" in v for v in inv.solo_invariants(d))


@pytest.mark.rule("9.3.3")
def test_more_than_six_plot_markers_in_play_is_not_flagged():
    # 9.3.3 says a WMD added replaces the lowest-numbered Available plot marker "so that there are
    # always exactly 6 plot markers in play", and says nothing of a WMD that arrives when no
    # numbered marker is Available (all on the map). The check asserts what holds whatever the
    # reading (each set-aside marker stands for a WMD in play: at least 6 in play), not "exactly 6":
    # here 6 numbered markers on the map and a WMD Available, 7 in play, no violation.
    d = solo_d(plots_available=[], wmd_available=1,
               wmd_boxes={"loose_nuke_heu_kazakh_strain": 2, "pakistan_arsenal": 3})
    for name, p in zip(("Egypt", "Syria", "Iraq", "Pakistan", "Spain", "France"), PLOTS):
        d["countries"][name]["plots"].append(p)
    assert inv.plots_conserved(d, PLOTS) == [] and inv.solo_plots(d) == []


# -- a model bug the machine found ------------------------------------------------------------------

@pytest.mark.rule("8.1.2")
def test_the_game_of_cdg_oracle_play_anaconda_seed_25_walks_clean():
    # ``cdg-oracle play --scenario anaconda --seed 25``, walked with every check of the machine
    # (playing on from a JSON copy after every step). It failed at step 120: op_recruit offered
    # "more successes than Available cells; place one in" in the insertion order of the frame's
    # ``hits`` dict, which the canonical JSON (sort_keys) reorders, so the order of the legal
    # actions depended on whether the state had been serialized ([Pakistan, Afghanistan] in one
    # object, [Afghanistan, Pakistan] after a JSON copy). Fixed by offering them in map order.
    rng = random.Random(25)
    walk = S.Walk("anaconda")
    walk.check()
    while not walk.state.is_terminal():
        walk.apply(choose(rng, walk.state))
        walk.check()
    walk.verify()


# -- the machine's own guarantees --------------------------------------------------------------------

def test_run_machine_is_deterministic_and_counts_its_steps():
    a = S.run_machine(max_examples=3, step_count=40, seed=11)
    b = S.run_machine(max_examples=3, step_count=40, seed=11)
    assert a["failures"] == b["failures"] == []
    for key in ("runs", "steps", "games", "games_finished", "longest_game"):
        assert a["stats"][key] == b["stats"][key], key
    assert a["stats"]["runs"] >= 3 and a["stats"]["steps"] > 0 and a["stats"]["steps_per_second"] > 0


class FakeState:
    """Just enough of the contract to feed the pure check functions a broken node."""

    def __init__(self, player="US", actions=("a",), probs=None, terminal=None):
        self.player, self.actions, self.probs, self.terminal = player, list(actions), probs, terminal

    def current_player(self):
        return self.player

    def legal_actions(self):
        return self.actions

    def chance_outcomes(self):
        return self.probs or []

    def is_terminal(self):
        return self.terminal is not None

    def outcome(self):
        return self.terminal

    def returns(self):
        return {"US": 1, "Jihadist": -1}

    def decision(self):
        return {"player": self.player, "prompt": "fake", "rule": "0"}


def test_each_protocol_check_can_fail():
    assert "dead end" in S.dead_end(FakeState(actions=()))
    assert "not a side" in S.dead_end(FakeState(player="Nobody"))
    assert "without a winner" in S.dead_end(FakeState(player="terminal", actions=(), terminal={"winner": None}))
    assert "offers 1 legal actions" in S.dead_end(FakeState(player="terminal", terminal={"winner": "US"}))
    die = [{"die": n} for n in range(1, 7)]
    sixths = [(a, Fraction(1, 6)) for a in die]
    assert S.chance_distribution(FakeState("chance", die, sixths)) is None
    assert "sum to 5/6" in S.chance_distribution(FakeState("chance", die[:5], sixths[:5]))
    assert "sum to 1/2" in S.chance_distribution(FakeState("chance", die[:2], [(die[0], Fraction(1, 4)), (die[1], Fraction(1, 4))]))
    assert "probability 0" in S.chance_distribution(FakeState("chance", die[:2], [(die[0], Fraction(0)), (die[1], Fraction(1))]))
    assert "differ from the legal actions" in S.chance_distribution(FakeState("chance", die[:1], sixths))
    assert "offered twice" in S.action_values(FakeState(actions=({"c": 1}, {"c": 1})))
    assert S.action_values(FakeState(actions=({"c": 1}, {"c": True}, {"c": None}, "c"))) is None
    assert "not a string or a flat object" in S.action_values(FakeState(actions=({"c": [1]},)))
