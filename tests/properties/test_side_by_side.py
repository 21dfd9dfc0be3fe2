"""The state machine run with differing rulings side by side (issue 7, item 4;
properties/side_by_side.py): a parting of the two games at a rule the registry does not
name for the switch fails the run and is shrunk to a minimal game; partings the registry names do
not."""
from __future__ import annotations

import dataclasses

import pytest

from cdg_oracle.model.labyrinth import new_game
from cdg_oracle.properties.discovery import divergence
from cdg_oracle.properties.labyrinth import CHECKS

load_registry = CHECKS.registry.load
from cdg_oracle.properties.side_by_side import hunt


@pytest.fixture(scope="module")
def registry():
    return load_registry()


def blind_to_deal_order(registry):
    """The registry with D30 (``deal_order``) naming an unrelated rule only: its partings at the
    deal (5.2.8, 5.3.1) become unnamed."""
    return [dataclasses.replace(e, rules=("1.1",), cards=()) if e.switch == "deal_order" else e for e in registry]


def replay(c: dict, side: str, n: int):
    g = new_game(c["scenario"], c["length"], c["rulings"][side], c["options"])
    for a in c["actions"][:n]:
        g.apply(a)
    return g


def test_an_unnamed_parting_fails_the_run_and_is_shrunk(registry):
    """D30 made blind: the machine finds the games parting at the deal, and hypothesis shrinks the
    witness to the opening deal of Let's Roll!, standard length, a two-player game. Replayed, the
    two games agree before the last action and differ after it."""
    found = hunt("labyrinth", 1, 10, 200, registry=blind_to_deal_order(registry), switches=["deal_order"])
    c = found["candidate"]
    assert found["problem"] is None and c is not None
    assert c["switch"] == "deal_order" and c["values"] == ["alternate", "jihadist_then_us"]
    assert c["rulings"] == {"a": {}, "b": {"deal_order": "jihadist_then_us"}}
    assert "5.3.1" in c["rules"] or "5.2.8" in c["rules"]
    assert (c["scenario"], c["length"], c["options"]) == ("lets_roll", "standard", None)
    assert 1 <= c["steps"] == len(c["actions"]) <= 5
    n = c["steps"]
    assert divergence(replay(c, "a", n - 1), replay(c, "b", n - 1)) == []
    assert divergence(replay(c, "a", n), replay(c, "b", n)) == c["diff_paths"]


def test_partings_the_registry_names_pass(registry):
    """With the registry as it is, every parting of ``deal_order`` is at a rule D30 names: the runs
    pass, and the partings are counted."""
    found = hunt("labyrinth", 1, 5, 200, registry=registry, switches=["deal_order"])
    assert found["candidate"] is None and found["problem"] is None
    stats = found["stats"]
    assert stats["divergences"] == stats["named"] > 0
    assert stats["pairs"] >= stats["divergences"]


def test_same_arguments_same_candidate(registry):
    blind = blind_to_deal_order(registry)
    a = hunt("labyrinth", 2, 5, 100, registry=blind, switches=["deal_order"])["candidate"]
    b = hunt("labyrinth", 2, 5, 100, registry=blind, switches=["deal_order"])["candidate"]
    assert a == b and a is not None


@pytest.mark.parametrize("game, switch", [("twilight_struggle", "deal_order"),
                                          ("distant_plain", "coalition_train_kabul")])
def test_the_other_games_run_side_by_side(game, switch):
    """The machine runs Twilight Struggle's and A Distant Plain's pairs too: with their registries
    the partings of a switch are named; with an empty registry a parting fails the run, is shrunk,
    and replays: the two games agree before its last action and differ after it."""
    from cdg_oracle.model.core.registry import get

    named = hunt(game, 1, 3, 100, switches=[switch])
    assert named["problem"] is None and named["candidate"] is None
    assert named["stats"]["divergences"] == named["stats"]["named"]
    found = hunt(game, 1, 5, 200, registry=(), switches=[switch])
    c = found["candidate"]
    assert found["problem"] is None and c is not None and c["switch"] == switch
    spec = get(game)

    def play(side, n):
        g = spec.new_state(c["scenario"], c["length"], c["rulings"][side], c["options"])
        for a in c["actions"][:n]:
            g.apply(a)
        return g

    n = c["steps"]
    if n:
        assert divergence(play("a", n - 1), play("b", n - 1)) == []
    assert divergence(play("a", n), play("b", n)) == c["diff_paths"]


HUNT_IN_A_CHILD = """
import json
from cdg_oracle.properties.side_by_side import hunt
out = []
for kw in ({"switches": ["scoring_tiers", "deal_order"]}, {"registry": (), "switches": ["scoring_tiers"]}):
    found = hunt("twilight_struggle", 1, 3, 60, **kw)
    stats = {k: v for k, v in found["stats"].items() if k != "seconds"}
    out.append([stats, found["candidate"], found["problem"]])
print(json.dumps(out, sort_keys=True))
"""


def test_the_hunt_is_the_same_under_every_hash_seed():
    """Twilight Struggle's side-by-side hunt, in two processes whose string hashes differ
    (PYTHONHASHSEED): the same statistics, candidate and problem (nothing the hunt draws or counts
    follows the order of a set of strings)."""
    import json
    import os
    import subprocess
    import sys

    def child(hash_seed: str) -> list:
        env = dict(os.environ, PYTHONHASHSEED=hash_seed)
        out = subprocess.run([sys.executable, "-c", HUNT_IN_A_CHILD], env=env, capture_output=True, text=True,
                             timeout=300)
        assert out.returncode == 0, out.stderr
        return json.loads(out.stdout)

    a, b = child("0"), child("1")
    assert a == b
    assert a[1][1] is not None  # the empty registry's run failed and was shrunk


def test_the_hunt_does_not_follow_the_clock(monkeypatch):
    """The work of a hunt does not depend on how fast the machine is: hypothesis's five-minute cap
    on shrinking (a wall clock) is lifted to :data:`SHRINK_SECONDS_CAP`, and a run that reaches
    even that says so (``shrink_cut_by_clock``) rather than passing for the reproducible result.
    Here a clock that jumps 1,000 s at every reading: the same candidate, reported as cut."""
    import time

    from cdg_oracle.properties import hypothesis_runs

    args = ("distant_plain", 1, 5, 200)
    kw = {"registry": (), "switches": ["coalition_train_kabul"]}
    calm = hunt(*args, **kw)
    assert calm["stats"]["shrink_cut_by_clock"] is False
    real = time.perf_counter
    jumps = [0.0]

    def racing() -> float:
        jumps[0] += 1_000.0
        return real() + jumps[0]

    monkeypatch.setattr(hypothesis_runs, "SHRINK_SECONDS_CAP", 400)
    monkeypatch.setattr(time, "perf_counter", racing)
    raced = hunt(*args, **kw)
    assert raced["stats"]["shrink_cut_by_clock"] is True
    assert raced["candidate"] == calm["candidate"] is not None
