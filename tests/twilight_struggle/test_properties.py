"""Twilight Struggle through the generic tools: random complete games of each scenario and edition
terminate with every check after every step (the checked walk), the hypothesis state machine
finds no contradiction and catches a broken rule, and play, replay, difftest (the reference
adapter), vectors and perft, position and rules work with ``--game twilight_struggle``."""
from __future__ import annotations

import json

import pytest

from cdg_oracle.oracle.cli import main
from cdg_oracle.properties.games import checks
from cdg_oracle.properties.campaign import options_campaign
from cdg_oracle.properties.twilight_struggle import stateful
from tests.twilight_struggle.helpers import position

GAME = "twilight_struggle"


def run(capsys, *argv) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.rule("4.1", "10.3.2")
@pytest.mark.parametrize("edition", ["seed", "deluxe"])
def test_random_games_of_every_scenario_end_keeping_every_law(edition):
    """Random complete games of both scenarios: after every step the consistency laws hold, the
    state round-trips through JSON, a legal action is offered; each game ends (10.3.1, 10.3.2)."""
    results = options_campaign(GAME, ["standard", "late_war"], [{"edition": edition}], seed=7, rounds=3)
    assert len(results) == 6
    for r in results:
        assert not r.failures, (r.scenario, r.seed, r.failures[:3])
        assert r.reason and r.steps > 0


def test_the_state_machine_finds_no_contradiction():
    r = stateful.run_machine(6, 250, seed=5)
    assert r["failures"] == [] and r["stats"]["games_with_options"] == r["stats"]["games"]


def test_the_state_machine_catches_a_broken_rule(monkeypatch):
    """A mutant whose military operations track has no top (8.2) breaks the law 0-5: the machine
    finds it, unshrunk, with the game's actions from its start."""
    from cdg_oracle.model.twilight_struggle import tracks

    def add_milops(st, side, n):
        st.d["milops"][side] += n
    monkeypatch.setattr(tracks, "add_milops", add_milops)
    monkeypatch.setattr("cdg_oracle.model.twilight_struggle.operations.coup.add_milops", add_milops)
    r = stateful.run_machine(30, 300, seed=1, shrink=False)
    assert r["failures"], "the broken rule went unnoticed"
    f = r["failures"][0]
    assert "military operations" in f["what"] and f["actions"]


def test_a_checked_walk_catches_a_broken_state():
    """The checked walk reports a state that breaks a law (a card in two zones) at the step it
    first appears."""
    from cdg_oracle.properties.twilight_struggle.campaign import twilight_invariants

    st = position(hands={"USSR": [7], "US": [4]})
    st.d["discard"].append(7)
    check = twilight_invariants(st)
    assert any("card 7 is in two zones" in p for p in check(st))
    assert checks(GAME).invariants is twilight_invariants


def test_play_replay_and_difftest(capsys, tmp_path):
    out = tmp_path / "g.jsonl"
    code, text, _ = run(capsys, "play", "--game", GAME, "--seed", "2", "--option", "edition=deluxe", "--out", str(out))
    assert code == 0 and "steps" in text
    head = json.loads(out.read_text().splitlines()[0])
    assert head["game"] == GAME and head["options"]["edition"] == "deluxe"
    code, text, _ = run(capsys, "replay", str(out))
    assert code == 0 and "conformant" in text
    code, text, _ = run(capsys, "difftest", "--game", GAME, "--games", "2", "--json",
                        "--out", str(tmp_path / "d.jsonl"))
    verdict = json.loads(text)
    assert code == 0 and verdict["verdict"] == "agree"


def test_a_bad_option_is_one_line(capsys):
    code, _, err = run(capsys, "play", "--game", GAME, "--option", "edition=english")
    assert code == 2 and err.strip() == "cdg-oracle: error: options: edition 'english' unknown (choose seed or deluxe)"


def test_vectors_and_perft(capsys, tmp_path):
    """A small run (two events, one per edition; the full set is reports/twilight_struggle/vectors,
    tests/twilight_struggle/test_vectors.py): each vector names its edition's options, perft counts
    the Deluxe's option sets too, and the vectors pass --check."""
    code, text, _ = run(capsys, "vectors", "--game", GAME, "--out", str(tmp_path / "v"), "--games", "3",
                        "--directed-games", "2", "--perft-depth", "3", "--only", "card-001-seed,card-021-deluxe")
    assert code == 0
    assert "covered: 2 of 2 (edition=seed: 1 of 1; edition=deluxe, optional_cards=true: 1 of 1)" in text.splitlines()
    perft = json.loads((tmp_path / "v" / "perft.json").read_text())
    assert perft["game"] == GAME
    assert [v["name"] for v in perft["variants"]] == ["deluxe", "deluxe_optional_cards"]
    index = json.loads((tmp_path / "v" / "index.json").read_text())
    assert [(v["id"], v["options"]["edition"]) for v in index["vectors"]] == [("card-001-seed", "seed"),
                                                                              ("card-021-deluxe", "deluxe")]
    code, text, _ = run(capsys, "vectors", "--check", str(tmp_path / "v"))
    assert code == 0, text


@pytest.mark.rule("3.2")
def test_perft_counts_the_set_up_placements():
    """perft of the standard set-up: after the deal (its first outcome), the USSR places its 6 free
    markers one at a time in the 9 countries of Eastern Europe (3.2): 9, 81, 729 at depths 1-3."""
    from cdg_oracle.oracle.perft import perft

    from cdg_oracle.model.twilight_struggle import new_game
    st = new_game()
    assert perft(st, 3)["counts"] == [9, 81, 729]


def test_canonical_is_a_snapshot():
    """The contract's canonical state is the facts at that moment: play going on does not change a
    canonical taken before (a tool may keep it, as the vector search does)."""
    from cdg_oracle.model.twilight_struggle import new_game

    st = new_game()
    before = st.canonical()
    text = json.dumps(before, sort_keys=True)
    for _ in range(30):
        st.apply(st.legal_actions()[0])
    assert json.dumps(before, sort_keys=True) == text


def test_every_canonical_state_matches_the_published_schema():
    """model/twilight_struggle/data/state.schema.json (named by the game's spec) describes every
    canonical state of random games of both scenarios and editions."""
    import random

    import jsonschema

    from cdg_oracle.model.core.registry import get
    from cdg_oracle.oracle.playout import choose
    from cdg_oracle.oracle.rules_report import REPO

    spec = get(GAME)
    schema = json.loads((REPO / "model" / "twilight_struggle" / spec.state_schema).read_text(encoding="utf-8"))
    validator = jsonschema.Draft202012Validator(schema)
    for seed, (scenario, edition) in enumerate([("standard", "seed"), ("late_war", "deluxe"), ("standard", "deluxe")]):
        rng = random.Random(seed)
        st = spec.new_state(scenario, "standard", None, {"edition": edition})
        while True:
            errors = list(validator.iter_errors(st.canonical()))
            assert not errors, errors[0].message
            if st.is_terminal():
                break
            st.apply(choose(rng, st))


def test_the_rules_report(capsys):
    """cdg-oracle rules --game twilight_struggle: every rule of the catalogue with its status (a rule
    not implemented names its scope: only the card events' own rules and two headings that state no
    rule); every card, its event implemented and tested when the events registry has it (cards 1-92
    now, the China Card apart: 'no event', 9.0), else not implemented; the open items count the
    events not implemented."""
    from cdg_oracle.model.twilight_struggle.events import EVENTS
    from cdg_oracle.oracle.rules_report import report

    r = report(GAME)
    leaf_missing = {x["number"]: x["scope"] for x in r["rules"] if x["status"] == "not implemented"}
    assert set(leaf_missing.values()) <= {"events", "general"}
    assert {n for n, scope in leaf_missing.items() if scope == "general"} == {"1.0", "2.3"}
    assert all(x["status"] != "implemented, not tested" for x in r["rules"]), \
        [x["number"] for x in r["rules"] if x["status"] == "implemented, not tested"]
    status = {c["number"]: c["status"] for c in r["cards"]}
    assert len(status) == 110 and status[6] == "no event"
    implemented = sorted(n for n, s in status.items() if s.startswith("event implemented"))
    assert implemented == sorted(EVENTS) and set(range(1, 93)) - {6} <= set(implemented)
    assert all(status[n] == "event implemented, tested" for n in implemented)
    missing = 110 - 1 - len(implemented)
    assert missing == 0  # every card's event (issue 30): no open item for events
    code, out, _ = run(capsys, "rules", "--game", GAME)
    assert code == 0 and "event not implemented" not in out and "card events, not implemented" not in out
    assert "Chinese Civil War variant, missing" in out


def test_the_ambiguities_measurement_measures_this_game_s_registry(capsys, tmp_path):
    """cdg-oracle ambiguities measures Twilight Struggle's own registry by paired games (issue 29
    item 5), never another game's in its place: the report names this game, its entries, its
    sides."""
    code, out, err = run(capsys, "ambiguities", "--game", GAME, "--budget", "1", "--entry", "P01",
                         "--out", str(tmp_path))
    assert code == 0, err
    data = json.loads((tmp_path / "ambiguities-partial.json").read_text(encoding="utf-8"))
    assert data["game"] == GAME and [m["id"] for m in data["measured"]] == ["P01"]
    assert data["measured"][0]["switch"] == "deal_order"
    assert set(data["measured"][0]["alternatives"][0]["wins_default"]) == {"USSR", "US", "draw", "unfinished"}
