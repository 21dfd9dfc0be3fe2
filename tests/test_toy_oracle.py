"""Issue 16: the oracle's generated artefacts for a game that brings nothing but its rules
(Pig, the plug-in of tests/plugins/toy). Vectors: ``cdg-oracle vectors --game toy`` discovers every question and
rule the searched games meet (properties/coverage.py DiscoveredCoverage), writes one vector for
each, and ``--check`` replays them; a vector the model disagrees with fails. Verification:
``cdg-oracle verify --game toy`` runs the generic checks (properties/verification.py). The tools
know the toy only by its name."""
from __future__ import annotations

import json

import pytest

from cdg_oracle.oracle.cli import main
from cdg_oracle.properties.coverage import DiscoveredCoverage, coverage
from tests import toy
from tests.toy import toy_game  # noqa: F401  (installs the plug-in: the game "toy")

# Every rule the toy cites (tests/plugins/toy/cdg_oracle_toy/game.py) and its one question.
TOY_RULES = {"pig.turn", "pig.hold", "pig.roll", "pig.one", "pig.win"}


def run(capsys, *argv):
    code = main([str(a) for a in argv])
    out = capsys.readouterr()
    return code, out.out, out.err


@pytest.fixture(scope="module")
def toy_vectors(tmp_path_factory):
    out = tmp_path_factory.mktemp("toy") / "vectors"
    assert main(["vectors", "--game", "toy", "--out", str(out), "--games", "3", "--perft-depth", "2"]) == 0
    return out


def test_a_game_without_a_target_list_gets_discovered_coverage():
    assert isinstance(coverage("toy"), DiscoveredCoverage)
    assert not isinstance(coverage("labyrinth"), DiscoveredCoverage)


def test_every_question_and_rule_of_the_toy_gets_a_vector(toy_vectors):
    index = json.loads((toy_vectors / "index.json").read_text())
    assert index["game"] == "toy" and index["not_covered"] == []
    ids = {v["id"] for v in index["vectors"]}
    assert ids == {"question-turn-choice"} | {f"rule-{r.replace('.', '-')}" for r in TOY_RULES}
    one = json.loads((toy_vectors / "vectors" / "rule-pig-one.json").read_text())
    assert one["game"] == "toy" and "pig.one" in one["expected"]["rules"]
    assert one["choice"] == "roll" and one["chance"] == [{"die": 1}]
    perft = json.loads((toy_vectors / "perft.json").read_text())
    assert perft["game"] == "toy"


def test_the_toy_vectors_check_and_a_wrong_one_fails(toy_vectors, tmp_path, capsys):
    code, out, _ = run(capsys, "vectors", "--check", toy_vectors)
    assert code == 0 and out.strip().endswith("6 vectors: 6 pass, 0 fail"), out
    bad = tmp_path / "bad"
    (bad / "vectors").mkdir(parents=True)
    for p in (toy_vectors / "vectors").glob("*.json"):
        (bad / "vectors" / p.name).write_text(p.read_text())
    path = bad / "vectors" / "rule-pig-hold.json"
    doc = json.loads(path.read_text())
    doc["expected"]["state"]["turn_points"] += 1
    path.write_text(json.dumps(doc))
    code, out, _ = run(capsys, "vectors", "--check", bad)
    assert code == 1 and "rule-pig-hold: FAIL" in out and "expected.state" in out, out


def test_only_picks_discovered_vectors_and_an_unknown_id_is_bad_input(tmp_path, capsys):
    out = tmp_path / "v"
    code, text, _ = run(capsys, "vectors", "--game", "toy", "--out", out, "--games", "2", "--perft-depth", "0",
                        "--only", "rule-pig-win")
    assert code == 0 and sorted(p.name for p in (out / "vectors").iterdir()) == ["rule-pig-win.json"]
    code, text, err = run(capsys, "vectors", "--game", "toy", "--out", tmp_path / "w", "--games", "2",
                          "--only", "rule-nothing")
    assert code == 2 and "unknown vector id 'rule-nothing'" in err and err.count("\n") == 1


def test_an_unknown_game_is_bad_input(tmp_path, capsys):
    code, out, err = run(capsys, "vectors", "--game", "chess", "--out", tmp_path / "v")
    assert code == 2 and "unknown game" in err and err.count("\n") == 1


def test_verify_runs_the_generic_checks_for_a_game_with_none_of_its_own(tmp_path, capsys):
    """``cdg-oracle verify --game toy``: the state machine, a campaign and the reference adapter
    (in another process, which finds the toy through its entry point, the plug-in on its
    PYTHONPATH), in reports/toy/."""
    import os

    env = {"PYTHONPATH": toy.env()["PYTHONPATH"]}
    old = {k: os.environ.get(k) for k in env}
    os.environ.update(env)
    try:
        code, out, err = run(capsys, "verify", "--game", "toy", "--games", "2", "--examples", "2", "--steps", "20",
                             "--out", tmp_path)
    finally:
        for k, v in old.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v
    assert code == 0, err
    data = json.loads((tmp_path / "toy" / "verification.json").read_text())
    md = (tmp_path / "toy" / "verification.md").read_text()
    assert data["game"] == "toy" and data["ok"] and data["campaign"]["games"] == 4
    page = (tmp_path / "toy" / "index.html").read_text(encoding="utf-8")  # a game with no map drawing
    assert "supplies no map drawing" in page and 'id="s-campaign"' in page
    race = data["campaign"]["per_scenario"]["race_to_10"]
    assert set(race) == {"games", "steps", "Red", "Blue", "failed", "endings"}
    # how each game ended (walk.ending_label): the toy's reason "Red banked 10", its number dropped
    assert set(race["endings"]) <= {"Red banked N (pig.win)", "Blue banked N (pig.win)"}
    assert sum(race["endings"].values()) == race["games"] - race["failed"]
    assert "How the games ended" in md and "banked N (pig.win): " in md
    assert [a["verdict"] for a in data["adapter_selftest"]] == ["agree", "agree"]
    assert data["state_machine"]["runs"] >= 1 and data["state_machine"]["failures"] == []
    assert md.startswith("# toy verification report") and "| Red wins | Blue wins |" in md
    assert "## Map" not in md and "z3" not in md


def test_rules_reports_a_game_without_a_catalogue_and_its_rulings(capsys):
    code, out, err = run(capsys, "rules", "--game", "toy")
    assert code == 0, err
    assert out.startswith("Toy: 0 rules") and "no rule catalogue for this game yet" in out and "CARDS" not in out
    code, out, err = run(capsys, "rules", "--game", "toy", "--rulings")
    assert code == 0 and "one_ends_turn  [no entry]" in out and "values: true (default), false" in out


def test_verbs_a_game_has_nothing_for_say_so_in_one_line(tmp_path, capsys):
    for argv, what in ((["scenario", "--game", "toy", "check"], "no scenario checks yet"),
                       (["ambiguities", "--game", "toy", "--out", str(tmp_path)], "no ambiguity registry yet")):
        code, out, err = run(capsys, *argv)
        assert code == 2 and what in err and err.count("\n") == 1 and out == "", (argv, err)


# -- positions on the same machinery (issue 18) ------------------------------------------------------
def test_toy_positions_round_trip_and_refuse_on_the_core_machinery(tmp_path, capsys):
    """A second game gets its positions from model/core/position.py by declaring a PositionFormat:
    written and read back, every state of random toy games is the same state; a bad one is refused
    in one line; the CLI verbs work for it."""
    import random as _random

    from cdg_oracle.model.core.errors import DataError
    from cdg_oracle.model.core.position import from_document, to_document
    from cdg_oracle.oracle.playout import choose as _choose
    from cdg_oracle.oracle.positions import to_file
    new_state = toy_game.new_state

    kinds = set()
    for seed in range(20):
        s, rng = new_state("race_to_10"), _random.Random(seed)
        while True:
            doc = to_document(s)
            kinds.add("next" if "next" in doc else "machine")
            assert from_document(doc).d == s.d
            if s.is_terminal():
                break
            s.apply(_choose(rng, s))
    assert kinds == {"next", "machine"}
    doc = {"format": "cdg-oracle-position", "format_version": 1, "game": "toy", "scenario": "race_to_10",
           "state": {"banked": {"Red": 9}, "turn_points": 0}, "next": {"turn": "Red"}}
    s = from_document(doc)
    assert s.legal_actions() == ["roll", "hold"] and s.d["banked"] == {"Red": 9, "Blue": 0}
    for bad, words in [({"state": {"banked": {"Green": 1}}}, "Green"), ({"state": {"turn_points": -2}}, "turn_points"),
                       ({"next": {"turn": "Green"}}, "next")]:
        with pytest.raises(DataError) as e:
            from_document({**doc, **bad}, "t.yaml")
        assert words in str(e.value) and "\n" not in str(e.value)
    to_file(s, tmp_path / "t.yaml")
    assert main(["position", "legal", str(tmp_path / "t.yaml")]) == 0
    assert "Red to act" in capsys.readouterr().out
