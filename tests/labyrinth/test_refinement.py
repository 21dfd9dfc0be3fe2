"""Labyrinth's refinement check (properties/labyrinth/refinement.py over properties/refinement.py):
the steps of random games are steps of the proved transitions; a step no transition allows (a cell
or a troop cube from nowhere) is a finding naming what changed; the transitions added for the
model's steps are proved."""
from __future__ import annotations

import random

import pytest

from cdg_oracle.model.core.registry import get
from cdg_oracle.properties.labyrinth import refinement as R
from cdg_oracle.properties.labyrinth import z3_proofs as P
from cdg_oracle.properties.refinement import Finding, StepObserver, checker
from cdg_oracle.properties.sampling import sample_chance


@pytest.fixture(scope="module")
def lets_roll():
    st = get("labyrinth").new_state("lets_roll", "standard", None, None)
    c = checker(st)
    return st, c, c.abstraction.values(st)


def _step(c, pre: dict, changes: dict, cited: list[str]):
    post = dict(pre)
    post.update(changes)
    return c.check(pre, post, cited)


@pytest.mark.rule("4.6.3")
def test_a_cell_from_nowhere_is_a_finding_naming_it(lets_roll):
    """Cells come from the Funding track (4.6.3, 8.2.1): one appearing with the track unchanged is
    no step of any transition."""
    _, c, pre = lets_roll
    v = _step(c, pre, {"sleepers[Iraq]": pre["sleepers[Iraq]"] + 1}, ["8.2.1"])
    assert isinstance(v, Finding)
    assert v.changed == {"sleepers[Iraq]": [pre["sleepers[Iraq]"], pre["sleepers[Iraq]"] + 1]}
    assert "recruit[country=Iraq]" in v.candidates
    assert "sleepers[Iraq]" in v.line()


@pytest.mark.rule("7.3.1")
def test_a_troop_cube_from_nowhere_is_a_finding(lets_roll):
    """Deploy moves cubes from one place to another (7.3.1): one more in Iraq and none fewer
    elsewhere is a finding."""
    _, c, pre = lets_roll
    v = _step(c, pre, {"troops[Iraq]": pre["troops[Iraq]"] + 1}, ["7.3.1"])
    assert isinstance(v, Finding)
    assert list(v.changed) == ["troops[Iraq]"]


@pytest.mark.rule("7.3.1")
def test_a_deploy_from_the_track_is_matched_by_its_move(lets_roll):
    _, c, pre = lets_roll
    v = _step(c, pre, {"troops[Iraq]": pre["troops[Iraq]"] + 2, "troops_track": pre["troops_track"] - 2}, ["7.3.1"])
    assert v == ("deploy[from=track,to=Iraq]",)


@pytest.mark.rule("8.3.1")
def test_a_travel_is_matched_and_a_cell_that_arrives_active_is_not(lets_roll):
    """8.3.1: a travelling cell arrives Sleeper."""
    _, c, pre = lets_roll
    pre = dict(pre, **{"sleepers[Iraq]": 1, "actives[Iraq]": 0, "sleepers[Syria]": 0, "actives[Syria]": 0})
    v = _step(c, pre, {"sleepers[Iraq]": 0, "sleepers[Syria]": 1}, ["8.3.1"])
    assert v == ("travel[from=Iraq,to=Syria]",)
    bad = _step(c, pre, {"sleepers[Iraq]": 0, "actives[Syria]": 2}, ["8.3.1"])
    assert isinstance(bad, Finding)


@pytest.mark.rule("6.1")
def test_a_card_played_from_a_hand_is_matched_by_its_cards_move(lets_roll):
    _, c, pre = lets_roll
    n = next(k for k in range(1, 121) if pre[f"card[{k}]@deck"] == 1)
    pre = dict(pre, **{f"card[{n}]@deck": 0, f"card[{n}]@hand_US": 1})
    v = _step(c, pre, {f"card[{n}]@hand_US": 0, f"card[{n}]@in_play": 1}, ["6.1"])
    assert v == (f"play_card[card {n}]",)
    assert c.tally.matched["play_card"] >= 1
    # a card may not leave the removed cards (6.2.9)
    pre = dict(pre, **{f"card[{n}]@hand_US": 0, f"card[{n}]@removed": 1})
    assert isinstance(_step(c, pre, {f"card[{n}]@removed": 0, f"card[{n}]@discard": 1}, ["card 48"]), Finding)


def test_the_card_and_country_families_count_as_their_transition(lets_roll):
    _, c, _ = lets_roll
    fams = {m.transition for m in c.moves.values()}
    assert fams == set(P.TRANSITIONS)
    assert len([m for m in c.moves.values() if m.transition == "draw"]) == 120
    assert c.moves["travel[from=Iraq,to=Syria]"].footprint == {"sleepers[Iraq]", "actives[Iraq]", "sleepers[Syria]"}


@pytest.mark.rule("9.4.3")
def test_solo_rules_relate_to_the_two_player_rules_they_carry_out(lets_roll):
    _, c, _ = lets_roll
    assert R.relates(["9.4.3"], c.moves["place_cells_by_event[country=Iraq]"])
    assert R.relates(["9.4.2.5"], c.moves["recruit[country=Iraq]"])
    assert not R.relates(["9.4.2.5"], c.moves["deploy[from=track,to=Iraq]"])
    assert R.relates(["card 14"], c.moves["shift_alignment[country=Syria]"])


@pytest.mark.parametrize("name", ["regime_change_marker", "first_plot_claimed", "put_away"])
def test_the_transitions_added_for_the_models_steps_are_proved(name):
    assert P.prove(name)["status"] == "proved"


@pytest.mark.parametrize("scenario, options", [
    ("lets_roll", None), ("anaconda", None), ("mission_accomplished", None), ("you_can_call_me_al", None),
    ("lets_roll", {"solo": True, "ideology": "potent"}),
])
def test_the_first_steps_of_a_random_game_have_no_finding(scenario, options):
    st = get("labyrinth").new_state(scenario, "standard", None, options)
    obs = StepObserver(st, scenario, 3)
    rng = random.Random(3)
    for _ in range(40):
        if st.is_terminal():
            break
        a = sample_chance(rng, st.chance_outcomes()) if st.current_player() == "chance" else rng.choice(st.legal_actions())
        st.apply(a)
        obs.observe(st, a)
    assert obs.finding is None, obs.finding.line()
    assert obs.checker.tally.steps > 0


@pytest.mark.parametrize("scenario", ["lets_roll", "anaconda", "mission_accomplished", "you_can_call_me_al"])
@pytest.mark.parametrize("options", [None, {"solo": True}], ids=["two-player", "solo"])
def test_the_incremental_abstraction_equals_the_whole_one(scenario, options):
    """The refinement check's incremental abstraction (``_Incremental``: only the parts whose input
    changed recomputed) gives, after every step of a random game, the vector the whole abstraction
    (``z3_state.concrete_values``) gives, and as changed exactly the components that differ."""
    st = get("labyrinth").new_state(scenario, "standard", None, options)
    abstraction = R.model(st.game_object).abstraction
    inc = abstraction.incremental(st)
    prev = abstraction.values(st)
    assert inc.values == prev
    rng = random.Random(11)
    moved = set()
    for _ in range(150):
        if st.is_terminal():
            break
        a = sample_chance(rng, st.chance_outcomes()) if st.current_player() == "chance" else rng.choice(st.legal_actions())
        st.apply(a)
        now, changed = inc.step(st)
        whole = abstraction.values(st)
        assert now == whole
        assert changed == {k for k in whole if whole[k] != prev[k]}
        moved |= changed
        prev = whole
    # the game moved cards, pieces and tracks: every kind of part was recomputed
    assert any(k.startswith("card[") for k in moved) and any("[" in k and not k.startswith("card[") for k in moved)
    assert moved - {k for k in moved if "[" in k}
