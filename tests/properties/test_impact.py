"""The impact measurement of the ambiguity registry (properties/labyrinth/impact.py): paired games
on one random stream, the read-log shortcut, the witness and determinism. Fast: tiny budgets and
fixture registries."""
from __future__ import annotations

from pathlib import Path

import pytest

from cdg_oracle.model.labyrinth import new_game
from cdg_oracle.properties.labyrinth import impact
from cdg_oracle.properties.labyrinth.impact import Reading
from cdg_oracle.properties.labyrinth.registry import load_registry

FIXTURE = """\
entries:
  - id: D30
    kind: discrepancy
    severity: MED
    title: "5.2.8: deal alternately or hand by hand?"
    rules: ["5.2.8"]
    cards: []
    texts:
      - {seed: "000", lang: it, text: "carte"}
    english: "Fixture."
    readings:
      alternate: "Deal alternately, Jihadist first."
      jihadist_then_us: "Deal the whole Jihadist hand, then the US hand."
    default: alternate
    basis: majority_of_translations
    why: "Fixture."
    effect: play
    switch: deal_order
    values: {alternate: alternate, jihadist_then_us: jihadist_then_us}
    source: "fixture"
  - id: A13
    kind: ambiguity
    severity: LOW
    title: "7.2: War of Ideas on a Good Ally"
    rules: ["7.2"]
    cards: []
    texts:
      - {seed: "000", lang: it, text: "guerra"}
    english: "Fixture."
    readings:
      illegal: "Not allowed."
      legal: "Allowed, without effect."
    default: legal
    basis: project_decision
    why: "Fixture."
    effect: play
    switch: woi_on_good_ally
    values: {illegal: false, legal: true}
    source: "fixture"
  - id: D02
    kind: discrepancy
    severity: CRIT
    title: "9.1: solo Islamist Rule victory"
    rules: ["9.1"]
    cards: []
    texts:
      - {seed: "000", lang: it, text: "più di 6"}
    english: "Fixture."
    readings:
      at_least_6: "6 or more Resources."
      more_than_6: "More than 6 Resources."
    default: at_least_6
    basis: majority_of_translations
    why: "Fixture."
    effect: play
    switch: solo_ir_victory
    values: {at_least_6: at_least_6, more_than_6: more_than_6}
    source: "fixture"
  - id: D05
    kind: discrepancy
    severity: LOW
    title: "A wording"
    rules: ["9.1"]
    cards: []
    texts:
      - {seed: "000", lang: it, text: "x"}
    english: "Fixture."
    readings:
      a: "A."
      b: "B."
    default: a
    basis: project_decision
    why: "Fixture."
    effect: none
    no_switch: "The texts say the same thing in other words."
    source: "fixture"
"""


def write_registry(directory: Path) -> Path:
    directory.mkdir(parents=True, exist_ok=True)
    (directory / "fixture.yaml").write_text(FIXTURE, encoding="utf-8")
    return directory


@pytest.fixture(scope="module")
def entries(tmp_path_factory):
    return load_registry(write_registry(tmp_path_factory.mktemp("registry")))


def test_budget_conversion_reads_no_clock():
    assert impact.pairs_for_budget(60, 34, True, True) == impact.pairs_for_budget(60, 34, True, True)
    assert impact.pairs_for_budget(0.01, 34, True, True) == 1  # never fewer than one pair
    small, large = (impact.pairs_for_budget(b, 10, False, True) for b in (10, 100))
    assert 1 <= small < large
    # the documented formula
    per_index = impact.GAME_SECONDS * 2 + impact.PAIR_SECONDS * 10
    assert large == int((100 - impact.WITNESS_SECONDS * 10) // per_index)


def test_readings_of_the_play_entries(entries):
    assert impact.readings_of(entries) == [Reading("deal_order", "jihadist_then_us"),
                                           Reading("woi_on_good_ally", False),
                                           Reading("solo_ir_victory", "more_than_6")]
    assert [r.solo for r in impact.readings_of(entries)] == [False, False, True]


def test_same_seed_and_budget_same_report(entries):
    a = impact.measure(entries, budget=1, seed=5)
    b = impact.measure(entries, budget=1, seed=5)
    assert a == b
    assert a["pairs_per_reading"] == 1 and a["seed"] == 5
    assert [m["id"] for m in a["not_measured"]] == ["D05"]
    assert a["not_measured"][0]["no_switch"].startswith("The texts say")
    ranked = [m["id"] for m in a["measured"]]
    assert ranked[0] == "D30", ranked  # deal_order diverges at the first deal; the others cannot so soon
    keys = [(-m["impact"]["winner_changed"], -m["impact"]["diverged"], m["id"]) for m in a["measured"]]
    assert keys == sorted(keys)


def test_a_switch_that_cannot_matter_in_a_scenario_never_diverges():
    # Anaconda's and Mission Accomplished's set-up switches are never read in Let's Roll.
    readings = [Reading("anaconda_setup", "any_non_us"), Reading("mission_accomplished_reroll", "optional")]
    tallies = impact.measure_readings(readings, 2, seed=1, scenarios=["lets_roll"])
    for r in readings:
        t = tallies[r]
        assert len(t.pairs) == 2
        assert [p.consulted for p in t.pairs] == [False, False]
        assert [p.diverged for p in t.pairs] == [False, False]
        assert not any(p.winner_changed for p in t.pairs) and t.witness is None


def test_a_switch_that_matters_diverges_with_a_witness():
    r = Reading("anaconda_setup", "any_non_us")
    t = impact.measure_readings([r], 1, seed=1, scenarios=["anaconda"])[r]
    (p,) = t.pairs
    assert p.consulted and p.diverged and p.kind == "legal_actions" and "3.2" in p.rules
    w = t.witness
    assert w is not None and w.steps <= p.step and w.method in ("hypothesis", "first_divergence")
    # the witness reproduces: the same actions under both rulings, then the legal actions differ
    assert w.actions_default[:w.steps] == w.actions_alternative[:w.steps]
    a, b = new_game("anaconda"), new_game("anaconda", rulings=w.rulings)
    for x in w.actions_default[:w.steps]:
        a.apply(x)
        b.apply(x)
    assert a.legal_actions() != b.legal_actions()
    assert len(w.actions_default) == w.steps + 1  # one more step shows the difference in a trace
    assert w.actions_alternative[-1] not in a.legal_actions()


@pytest.mark.parametrize("reading", [Reading("martyrdom_cadre", False), Reading("woi_on_good_ally", False),
                                     Reading("solo_recruit_ir_cells", "half_ops")], ids=lambda r: r.switch)
def test_the_read_log_shortcut_equals_full_pairs(reading):
    """A pair the default game never consults is the same game, and a consulted pair started from
    the state before the first read gives what a pair played in full from the start gives."""
    scenarios = ["lets_roll", "you_can_call_me_al"]
    tally = impact.measure_readings([reading], 3, seed=2, scenarios=scenarios, witnesses=False)[reading]
    for p in tally.pairs:
        full = impact.play_pair_full(reading, p.scenario, impact.Stream(2, p.j))
        assert (p.diverged, p.step, p.kind, p.rules, p.winner_default, p.winner_alternative) == \
               (full.diverged, full.step, full.kind, full.rules, full.winner_default, full.winner_alternative)
        if not p.consulted:
            assert not full.diverged


def test_hypothesis_shortens_a_witness():
    """Solo pair 7 of seed 1 (You Can Call Me Al) first diverges at step 226 under the reading that
    Radicalization may worsen a non-Muslim country (D15); the derandomized hypothesis search finds a
    game that diverges much sooner. Whatever the search finds, a witness is never longer than the
    pair's divergence, says how it was found, and reproduces."""
    reading = Reading("solo_radicalization_muslim", False)
    stream = impact.Stream(1, 7)
    pair = impact.play_pair_full(reading, "you_can_call_me_al", stream)
    pair.j = 7
    w = impact.find_witness(reading, pair, stream)
    assert w.first_divergence_steps == pair.step
    assert w.steps <= pair.step
    assert (w.method == "hypothesis") == (w.steps < pair.step)
    assert w.method == "hypothesis" and w.steps < pair.step // 2, \
        "the derandomized search no longer shortens this witness"
    a = new_game("you_can_call_me_al", options=reading.options)
    b = new_game("you_can_call_me_al", rulings=w.rulings, options=reading.options)
    for xa, xb in zip(w.actions_default[:w.steps], w.actions_alternative[:w.steps]):
        a.apply(xa)
        b.apply(xb)
    assert impact.difference(a, b) == w.kind


def test_a_model_failure_under_a_reading_is_recorded(monkeypatch):
    def boom(*args, **kwargs):
        raise KeyError("no such country")

    monkeypatch.setattr(impact, "_from_start", boom)
    r = Reading("deal_order", "jihadist_then_us")
    t = impact.measure_readings([r], 1, seed=1, scenarios=["lets_roll"], witnesses=False)[r]
    (p,) = t.pairs
    assert p.error == "KeyError: 'no such country'" and not p.diverged and not p.winner_changed
    rep = impact.tally_report(t)
    assert rep["errors"] == [[0, "lets_roll", "KeyError: 'no such country'"]]
    assert rep["wins_default"] == rep["wins_alternative"] == {"US": 0, "Jihadist": 0, "unfinished": 0}
