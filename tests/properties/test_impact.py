"""The impact measurement of a game's ambiguity registry (properties/impact.py): paired games on
one random stream, the read-log shortcut, the witness and determinism; Labyrinth's cases, then
Twilight Struggle's and A Distant Plain's through the same code. Fast: tiny budgets and fixture
registries."""
from __future__ import annotations

from pathlib import Path

import pytest

from cdg_oracle.model.core.registry import get
from cdg_oracle.model.labyrinth import new_game
from cdg_oracle.properties import impact
from cdg_oracle.properties.labyrinth import CHECKS

load_registry = CHECKS.registry.load

LAB = "labyrinth"


def Reading(switch, value, game=LAB):  # noqa: N802 -- a Labyrinth reading unless told
    return impact.Reading(game, switch, value)

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
    assert impact.pairs_for_budget(60, 34, 2) == impact.pairs_for_budget(60, 34, 2)
    assert impact.pairs_for_budget(0.01, 34, 2) == 1  # never fewer than one pair
    small, large = (impact.pairs_for_budget(b, 10, 1) for b in (10, 100))
    assert 1 <= small < large
    # the documented formula
    per_index = impact.GAME_SECONDS * 2 + impact.PAIR_SECONDS * 10
    assert large == int((100 - impact.WITNESS_SECONDS * 10) // per_index)


def test_readings_of_the_play_entries(entries):
    assert impact.readings_of(LAB, entries) == [Reading("deal_order", "jihadist_then_us"),
                                           Reading("woi_on_good_ally", False),
                                           Reading("solo_ir_victory", "more_than_6")]
    assert [r.kind for r in impact.readings_of(LAB, entries)] == ["two-player", "two-player", "solo"]
    assert [r.options for r in impact.readings_of(LAB, entries)] == [None, None, {"solo": True}]


def test_same_seed_and_budget_same_report(entries):
    a = impact.measure(LAB, entries, budget=1, seed=5)
    b = impact.measure(LAB, entries, budget=1, seed=5)
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
    assert_same_as_full_pairs(reading, tally, 2)


def assert_same_as_full_pairs(reading, tally, seed):
    """Every pair of ``tally`` gives what the pair played in full from the start gives."""
    for p in tally.pairs:
        full = impact.play_pair_full(reading, p.scenario, impact.Stream(seed, p.j))
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


# -- the other games, through the same code (issue 29 item 5) ---------------------------------------

TS, DP = "twilight_struggle", "distant_plain"


@pytest.mark.rule("3.0")
def test_a_switch_the_set_up_reads_is_consulted_from_the_start():
    """Twilight Struggle's set-up builds the deck with UN Intervention's Ops under
    ``seed_un_intervention_ops`` (A21): a table outside the state dict, so the switch counts as read
    at step 0 and every pair is consulted. Labyrinth's and A Distant Plain's set-ups read none."""
    assert impact.setup_reads(TS, "standard", None) == {"seed_un_intervention_ops"}
    assert impact.setup_reads(LAB, "lets_roll", None) == frozenset()
    assert impact.setup_reads(DP, "sandbox", None) == frozenset()
    r = Reading("seed_un_intervention_ops", 2, TS)
    t = impact.measure_readings([r], 2, seed=1, witnesses=False)[r]
    assert [p.consulted for p in t.pairs] == [True, True]


@pytest.mark.parametrize("reading", [Reading("seed_un_intervention_ops", 2, TS),
                                     Reading("deal_order", "ussr_first", TS),
                                     Reading("scoring_tiers", "cumulative", TS),
                                     Reading("coalition_train_kabul", "kabul_always", DP),
                                     Reading("government_train_cost", "only_if_cubes", DP)],
                         ids=lambda r: f"{r.game}-{r.switch}")
def test_the_read_log_shortcut_equals_full_pairs_in_the_other_games(reading):
    """The shortcut holds for Twilight Struggle and A Distant Plain too: a pair started from the
    default game's state before the switch's first read (or from the start, when the set-up reads
    it) gives what the pair played in full gives."""
    tally = impact.measure_readings([reading], 3, seed=2, witnesses=False)[reading]
    assert len(tally.pairs) == 3
    assert_same_as_full_pairs(reading, tally, 2)


def test_the_other_games_measure_their_registries():
    """A part of each registry measured end to end: the report names the game, its kinds of game,
    its sides in the wins (with draws: both games can end without a winner), and a witness that
    reproduces its divergence."""
    from cdg_oracle.properties.games import checks

    for game, ids, kind in ((TS, {"P01", "A21", "A02"}, "two-player"), (DP, {"A06", "P20"}, "four-faction")):
        spec = get(game)
        entries = [e for e in checks(game).registry.load() if e.id in ids]
        data = impact.measure(game, entries, budget=1, seed=1)
        assert data["game"] == game and data["length"] == "standard" and data["scenarios"] == spec.scenarios()
        assert data["pairs_per_reading"] == 1
        assert {m["id"] for m in data["measured"]} | {m["id"] for m in data["not_measured"]} == ids
        for m in data["measured"]:
            for alt in m["alternatives"]:
                assert alt["game"] == kind
                assert list(alt["wins_default"]) == list(spec.sides) + ["draw", "unfinished"]
                w = alt["witness"]
                if w is None:
                    continue
                a = spec.new_state(w["scenario"], "standard", None, w["options"])
                b = spec.new_state(w["scenario"], "standard", w["rulings"], w["options"])
                for xa, xb in zip(w["actions_default"][:w["steps"]], w["actions_alternative"][:w["steps"]]):
                    a.apply(xa)
                    b.apply(xb)
                assert impact.difference(a, b) == w["kind"]
        assert any(alt["witness"] for m in data["measured"] for alt in m["alternatives"]), game


def test_a_draw_is_counted_apart_from_an_unfinished_game():
    assert impact._wins(TS, ["US", "draw", None, "USSR"]) == {"USSR": 1, "US": 1, "draw": 1, "unfinished": 1}
    assert impact._wins(LAB, ["US", None]) == {"US": 1, "Jihadist": 0, "unfinished": 1}
