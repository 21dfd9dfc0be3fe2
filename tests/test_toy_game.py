"""Issue 16: a toy second game (Pig, tests/plugins/toy: its own distribution, installed by
tests/toy.py, found through its one entry point) runs through the tools unchanged: play, replay,
difftest (the reference adapter in another process), perft and the contract's checks; ``rules
--list`` lists it from another process (issue 29 items 2, 3). The tools know it only by its name."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from cdg_oracle.model.core.registry import get, names
from cdg_oracle.oracle import perft
from cdg_oracle.oracle.cli import main
from cdg_oracle.oracle.games import new_state
from tests import toy
from tests.toy import toy_game  # noqa: F401  (installs the plug-in: the game "toy")

ROOT = Path(__file__).resolve().parents[1]


def run(capsys, *argv):
    code = main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


def test_the_toy_game_is_registered_beside_labyrinth():
    assert {"labyrinth", "toy"} <= set(names())
    spec = get("toy")
    assert spec.sides == ("Red", "Blue") and spec.scenarios() == ["race_to_10", "race_to_20"]


def test_the_contract_holds_on_the_core_state():
    """Decisions carry a stable question id; chance outcomes are exact; JSON round-trips."""
    st = new_state("toy", "race_to_10")
    assert st.current_player() == "Red" and st.legal_actions() == ["roll", "hold"]
    assert st.decision() == {"player": "Red", "question": "turn.choice", "prompt": "Red: roll or hold?",
                             "rule": "pig.turn"}
    assert st.context() == {"procedures": ["game", "turn"], "card": None, "side": "Red", "rule": "pig.turn"}
    st.apply("roll")
    assert st.current_player() == "chance" and len(st.chance_outcomes()) == 6
    assert sum(p for _, p in st.chance_outcomes()) == 1
    st.apply({"die": 5})
    assert st.canonical()["turn_points"] == 5 and st.applied_rules() == ["pig.roll"]
    again = type(st).from_json(st.to_json())
    assert again == st and again.canonical() == st.canonical()
    st.apply("hold")
    assert st.current_player() == "Blue" and st.canonical()["banked"] == {"Red": 5, "Blue": 0}


def test_play_then_replay_through_the_cli(tmp_path, capsys):
    out = tmp_path / "pig.jsonl"
    code, text, err = run(capsys, "play", "--game", "toy", "--scenario", "race_to_10", "--seed", "3", "--out", str(out))
    assert code == 0, err
    head = json.loads(out.read_text().splitlines()[0])
    assert head["game"] == "toy" and head["rulings"] == {"one_ends_turn": True}
    code, text, err = run(capsys, "replay", str(out))
    assert code == 0 and "conformant" in text, err
    lines = out.read_text().splitlines()
    step = json.loads(lines[1])
    step["player"] = "Blue" if step["player"] == "Red" else "Red"  # a lie about who chose: a violation
    bad = tmp_path / "bad.jsonl"
    bad.write_text("\n".join([lines[0], json.dumps(step)] + lines[2:]) + "\n")
    code, text, _ = run(capsys, "replay", str(bad))
    assert code == 1 and "player" in text


def test_difftest_drives_the_reference_adapter_on_the_toy_game(tmp_path):
    env = toy.env()
    out = subprocess.run([sys.executable, "-m", "cdg_oracle.oracle.cli", "difftest", "--game", "toy",
                          "--scenario", "race_to_10", "--games", "3", "--out", str(tmp_path / "f.jsonl")],
                         capture_output=True, text=True, env=env, cwd=ROOT, timeout=300)
    assert out.returncode == 0, out.stderr + out.stdout
    assert "verdict: agree" in out.stdout and "3 game(s)" in out.stdout


def test_rules_list_shows_the_installed_plugin_in_another_process():
    """A game installed from another distribution appears in ``cdg-oracle rules --list`` with no
    change to this project: the toy's one entry line names it (and nothing of the toy is imported
    to list it); without the plug-in on the path it is not there."""
    def listed(env):
        out = subprocess.run([sys.executable, "-m", "cdg_oracle.oracle.cli", "rules", "--list", "--json"],
                             capture_output=True, text=True, env=env, cwd=ROOT, timeout=300)
        assert out.returncode == 0, out.stderr
        return {r["game"]: r for r in json.loads(out.stdout)}

    games = listed(toy.env())
    assert games["toy"]["entry_point"] == "cdg_oracle_toy:SPEC" and games["toy"]["distribution"] == "cdg-oracle-toy"
    assert {"labyrinth", "twilight_struggle", "distant_plain"} <= set(games) and games["labyrinth"]["default"]
    without = {k: v for k, v in toy.env().items() if k != "PYTHONPATH"}
    without["PYTHONPATH"] = os.pathsep.join(p for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p)
    assert "toy" not in listed(without)


def test_perft_counts_the_toy_game():
    """Every decision offers roll and hold; chance resolves to the first outcome ({"die": 1}, a
    lost turn): perft(d) = 2^d while no one can have won."""
    doc = perft.perft_doc("toy", ["race_to_10"], 4)
    assert doc["scenarios"]["race_to_10"]["counts"] == [2, 4, 8, 16]


def test_the_checked_walk_plays_the_toy_game():
    """The generic checked walk (properties/walk.py): every step round-trips through JSON, offers
    a legal action with chance probabilities summing to 1, and the game ends."""
    from cdg_oracle.properties.walk import play_checked

    for seed in range(5):
        r = play_checked("toy", "race_to_10", seed)
        assert r.failures == [] and r.winner in ("Red", "Blue") and r.steps > 0 and r.game == "toy"


def test_an_unknown_game_is_a_one_line_error(capsys):
    code, _, err = run(capsys, "play", "--game", "chess")
    assert code == 2 and "unknown game" in err and "toy" in err and "labyrinth" in err
