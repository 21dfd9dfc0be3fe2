"""Discovery of ambiguities the registry does not name (issue 7, item 4):
properties/discovery.py walks pairs of games under rulings that differ in one switch, with
the same choices, and lists the divergences no registry entry names.

The registry here is a fixture (a temporary directory with one entry), so that the tests do not
depend on the state of model/labyrinth/data/ambiguities/. ``deal_order`` (D30) acts at the second
card dealt (5.3.1: the US or the Jihadist receives it); ``martyrdom_cadre`` (A28) at the cadre of
card 87-89 (4.8.4).
"""
from __future__ import annotations

import json

import pytest

from cdg_oracle.model.labyrinth import new_game
from cdg_oracle.properties import discovery as D
from cdg_oracle.properties.labyrinth import CHECKS

load_registry = CHECKS.registry.load

ENTRY = """\
entries:
  - id: P90
    kind: ambiguity
    severity: LOW
    title: "a fixture entry for {switch}"
    rules: {rules}
    cards: {cards}
    texts:
      - {{seed: "000", lang: it, text: "fixture"}}
    english: "fixture"
    readings: {{first: "the switch's default", second: "another value"}}
    default: first
    basis: project_decision
    why: "fixture"
    effect: play
    switch: {switch}
    values: {{first: {first}, second: {second}}}
    source: "tests/properties/test_discovery.py"
"""


def fixture_registry(tmp_path, switch, rules, cards=(), first=None, second=None):
    """A registry directory holding one entry for ``switch`` naming ``rules`` and ``cards``."""
    alts = [(d, v) for s, d, v in D.alternatives("labyrinth", [switch])]
    first = alts[0][0] if first is None else first
    second = alts[0][1] if second is None else second
    (tmp_path / "fixture.yaml").write_text(ENTRY.format(
        switch=switch, rules=json.dumps(list(rules)), cards=json.dumps(list(cards)),
        first=json.dumps(first), second=json.dumps(second)), encoding="utf-8")
    return tmp_path


def candidates_for(result, switch):
    return [c for c in result["candidates"] if c["switch"] == switch]


def test_alternatives_cover_every_switch_value_but_the_default():
    alts = D.alternatives("labyrinth", )
    assert ("deal_order", "alternate", "jihadist_then_us") in alts
    assert sum(1 for s, _, _ in alts if s == "plot_marker_values") == 2
    assert ("simultaneous_victory", "acting_side", "phasing_side") in alts  # registry P12
    from cdg_oracle.model.labyrinth.rulings import LabyrinthRulings
    assert len(alts) == sum(len(s["choices"]) - 1 for s in LabyrinthRulings.describe())
    assert all(d != v for _, d, v in alts)
    with pytest.raises(ValueError, match="unknown switch"):
        D.alternatives("labyrinth", ["no_such_switch"])


def test_diff_paths_name_the_parts_that_differ():
    a = {"prestige": 7, "countries": {"Iraq": {"sleepers": 1, "aid": 0}, "Iran": {"sleepers": 0}},
         "hands": {"US": [1], "Jihadist": [2]}}
    b = {"prestige": 7, "countries": {"Iraq": {"sleepers": 2, "aid": 0}, "Iran": {"sleepers": 0}},
         "hands": {"US": [1, 3], "Jihadist": [2]}, "extra": 1}
    assert D.diff_paths(a, b) == ["countries.Iraq.sleepers", "extra", "hands.US"]
    assert D.diff_paths(a, a) == []


def test_same_seed_same_result(tmp_path):
    reg = fixture_registry(tmp_path, "deal_order", ["5.3.1"])
    first = D.discover("labyrinth", 5, 12, registry=reg)
    second = D.discover("labyrinth", 5, 12, registry=load_registry(reg))
    assert first == second
    assert json.dumps(first, sort_keys=True) == json.dumps(second, sort_keys=True)
    assert first["pairs"] == 12 == sum(s["pairs"] for s in first["switches"].values())
    assert first["divergences"] == first["named"] + sum(c["count"] for c in first["candidates"])
    assert D.discover("labyrinth", 6, 12, registry=reg) != first


def test_an_entry_naming_the_rule_where_the_switch_acts_leaves_no_candidate(tmp_path):
    named = D.discover("labyrinth", 0, 2, registry=fixture_registry(tmp_path, "deal_order", ["5.3.1"]),
                       switches=["deal_order"])
    assert named["divergences"] >= 1 and named["named"] == named["divergences"]
    assert named["switches"]["deal_order"]["named_by"] == ["P90"]
    assert candidates_for(named, "deal_order") == []


def test_a_section_above_the_cited_rule_names_it(tmp_path):
    named = D.discover("labyrinth", 0, 2, registry=fixture_registry(tmp_path, "deal_order", ["5.3"]),
                       switches=["deal_order"])
    assert named["divergences"] >= 1 and candidates_for(named, "deal_order") == []


def test_without_that_rule_the_divergence_is_a_candidate(tmp_path):
    result = D.discover("labyrinth", 0, 2, registry=fixture_registry(tmp_path, "deal_order", ["5.2.8"]),
                        switches=["deal_order"])
    assert result["named"] == 0 and result["divergences"] >= 1
    (c,) = candidates_for(result, "deal_order")
    assert c["rules"] == ["5.3.1"] and c["cards"] == []
    assert c["values"] == ["alternate", "jihadist_then_us"]
    assert c["rulings"] == {"a": {}, "b": {"deal_order": "jihadist_then_us"}}
    assert c["steps"] == 2 and len(c["actions"]) == 2  # the second card goes to the US or the Jihadist
    assert set(c["diff_paths"]) == {"hands.US", "hands.Jihadist"}
    assert c["count"] == result["divergences"]


def test_a_cited_card_names_it_too(tmp_path):
    by_card = D.discover("labyrinth", 0, 2, registry=fixture_registry(tmp_path, "martyrdom_cadre", ["1.0"], [87, 88, 89]),
                         switches=["martyrdom_cadre"])
    assert by_card["divergences"] >= 1 and candidates_for(by_card, "martyrdom_cadre") == []
    unnamed = D.discover("labyrinth", 0, 2, registry=fixture_registry(tmp_path, "martyrdom_cadre", ["1.0"], [1]),
                         switches=["martyrdom_cadre"])
    cands = candidates_for(unnamed, "martyrdom_cadre")
    assert cands and all("4.8.4" in c["rules"] and set(c["cards"]) <= {87, 88, 89} for c in cands)


def test_no_entry_for_the_switch_makes_every_divergence_a_candidate():
    result = D.discover("labyrinth", 0, 2, registry=(), switches=["deal_order"])
    assert result["named"] == 0 and candidates_for(result, "deal_order")


def test_a_candidate_replays_to_its_divergence_at_its_last_action():
    result = D.discover("labyrinth", 1, 8, registry=(), switches=["deal_order", "martyrdom_cadre", "plot_marker_values"])
    assert {c["switch"] for c in result["candidates"]} == {"deal_order", "martyrdom_cadre", "plot_marker_values"}
    for c in result["candidates"]:
        a, b = (new_game(c["scenario"], c["length"], c["rulings"][x], c["options"]) for x in "ab")
        for act in c["actions"]:
            assert D.divergence(a, b) == []
            a.apply(act)
            b.apply(act)
        assert D.divergence(a, b)[:len(c["diff_paths"])] == c["diff_paths"]
    at_setup = candidates_for(result, "plot_marker_values")
    assert at_setup and all(c["steps"] == 0 and c["rules"] == ["3.2"] for c in at_setup)


# -- the other games, through the same code (issue 29 item 5) ---------------------------------------

@pytest.mark.parametrize("game", ["twilight_struggle", "distant_plain"])
def test_the_other_games_discover_against_their_registries(game):
    """The discovery walks Twilight Struggle's and A Distant Plain's pairs through the contract,
    judges them against the game's registry, and gives the same result for the same seed; with no
    registry every divergence is a candidate, and a candidate replays to its divergence."""
    from cdg_oracle.model.core.registry import get

    alts = D.alternatives(game)
    spec = get(game)
    assert len(alts) == sum(len(s["choices"]) - 1 for s in spec.rulings.describe())
    first = D.discover(game, 3, len(alts))
    assert first == D.discover(game, 3, len(alts))
    assert first["pairs"] == len(alts) and not first["crashes"]
    assert first["divergences"] == first["named"] + sum(c["count"] for c in first["candidates"])
    bare = D.discover(game, 3, len(alts), registry=())
    assert bare["named"] == 0 and bare["divergences"] == first["divergences"] > 0
    for c in bare["candidates"]:
        a, b = (spec.new_state(c["scenario"], c["length"], c["rulings"][x], c["options"]) for x in "ab")
        for act in c["actions"]:
            assert D.divergence(a, b) == []
            a.apply(act)
            b.apply(act)
        assert D.divergence(a, b)[:len(c["diff_paths"])] == c["diff_paths"]
