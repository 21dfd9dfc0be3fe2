"""Labyrinth's refinement check (properties/labyrinth/refinement.py over properties/refinement.py):
the steps of random games are steps of the proved transitions; a step no transition allows (a cell
or a troop cube from nowhere) is a finding naming what changed; the transitions added for the
model's steps are proved; the end of turn keeps Funding only where Pirates holds (card 73), and 5.2.9's
flip, the final card's discard (5.2.4) and a plot marker's return (8.5.6) are steps of their own; the
refinement check alone catches rule mutants (mutants.REFINEMENT_CAUGHT)."""
from __future__ import annotations

import inspect
import os
import random

import pytest
import z3

from cdg_oracle.model.core.registry import get
from cdg_oracle.properties import refinement_mutants as RM
from cdg_oracle.properties.labyrinth import mutants
from cdg_oracle.properties.labyrinth import refinement as R
from cdg_oracle.properties.labyrinth import z3_proofs as P
from cdg_oracle.properties.refinement import Finding, StepObserver, checker, constants
from cdg_oracle.properties.sampling import sample_chance
from tests.incremental import incremental_changes


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
    assert fams == set(P.TRANSITIONS) - set(R.WHOLE_ONLY)
    assert len([m for m in c.moves.values() if m.transition == "draw"]) == 120
    assert c.moves["travel[from=Iraq,to=Syria]"].footprint == {"sleepers[Iraq]", "actives[Iraq]", "sleepers[Syria]"}


def test_every_cards_move_renamed_from_card_1s_is_its_own_program(lets_roll):
    """A card's move is built from card 1's by renaming (Move.template): for every card and every
    transition that moves a card, the renamed guards and values are those its own program builds
    (the same terms, or terms z3 proves equal): a program treating one card apart fails this."""
    import z3

    _, c, _ = lets_roll
    members = [m for m in c.moves.values() if m.template is not None and not m.labels]   # not a country's
    assert {m.transition for m in members} == {s.name for s in P.TRANSITIONS.values()
                                              if "card" in inspect.signature(s.build).parameters}
    assert len(members) == 119 * len({m.transition for m in members})
    for m in members:
        e = c._renamed(m)   # the terms the checker uses: card 1's, renamed
        assert e is not None, m.name
        guards, values = m.effect(c.pre, f"{m.name}#0.")   # the card's own program
        assert set(values) == set(e.values) == m.footprint
        if len(guards) == len(e.guards) and all(a.eq(b) for a, b in zip(guards, e.guards)) \
                and all(values[n].eq(e.values[n]) for n in m.footprint):
            continue
        s = z3.Solver()
        s.add(z3.Not(z3.And(z3.And(*guards) == z3.And(*e.guards), *[values[n] == e.values[n] for n in m.footprint])))
        assert s.check() == z3.unsat, m.name


@pytest.mark.rule("6.1")
@pytest.mark.rule("5.3.1")
def test_a_cards_move_asks_card_1s_queries_renamed_with_the_same_answers(lets_roll):
    """A card's move built from card 1's terms renamed (``_Effect.renamed_from``) takes card 1's
    forced components, ``_can_take`` verdicts and slice witnesses, renamed: each the same as the
    move's own terms give (a checker building every move by its own program, nothing renamed)."""
    from cdg_oracle.properties.refinement import Checker

    _, c, pre = lets_roll
    own = Checker(c.spec, None, c.model)
    own._renamed = lambda m: None   # every move built by its own program
    n = next(k for k in range(2, 121) if pre[f"card[{k}]@deck"] == 1)
    for t in ("play_card", "draw", "discard_from_hand"):
        name = f"{t}[card {n}]"
        assert c.effect(name).renamed_from[0] == f"{t}[card 1]" and own.effect(name).renamed_from is None
        assert c._forced(name) == own._forced(name), name
        fp = sorted(c.moves[name].footprint)
        for within in [frozenset(fp)] + [frozenset(fp) - {x} for x in fp]:
            for every in [frozenset()] + [frozenset({x}) for x in fp]:
                assert c._can_take(name, within, every) == own._can_take(name, within, every), (name, within, every)
    # a card drawn, then played: the renamed slices give the same verdicts
    hand = dict(pre, **{f"card[{n}]@deck": 0, f"card[{n}]@hand_US": 1})
    for name, before, after in [(f"draw[card {n}]", pre, hand),
                                (f"play_card[card {n}]", hand, dict(hand, **{f"card[{n}]@hand_US": 0,
                                                                            f"card[{n}]@in_play": 1}))]:
        changed = frozenset(k for k in after if after[k] != before[k])
        assert c.admits(name, before, after, changed) == own.admits(name, before, after, changed) is True, name
        assert any(k[0] == name.replace(f"[card {n}]", "[card 1]") for k in c._slices), name   # card 1's slice


def _pairs_to_compare(guards: list, values: dict, other) -> list:
    """The terms of a member's own program (``guards``, ``values``) beside those of ``other`` (its
    effect renamed from another member), to be equal: each footprint value; the guards as a
    conjunction, the same terms in any order (a choice named after a country renamed as the
    countries are moves its guard: 8.5.6's Posture boxes, ``posture_rolled[country]``), else the
    two conjunctions (proved equal)."""
    pairs = [(values[k], other.values[k]) for k in values]
    if sorted(g.get_id() for g in guards) != sorted(g.get_id() for g in other.guards):
        pairs.append((z3.And(*guards), z3.And(*other.guards)))
    return pairs


def renamed_members_are_their_own_programs(c, names: list, solver: "z3.Solver | None" = None) -> int:
    """Assert that each of the moves ``names`` the checker ``c`` renamed from another member has
    that member's terms with the two moves' countries swapped equal to its own program's terms
    (the same terms; or, given a ``solver``, terms it proves equal); returns how many were renamed."""
    renamed = 0
    for n in names:
        m, e = c.moves[n], c.effect(n)
        if e.renamed_from is None:
            continue
        renamed += 1
        base = e.renamed_from[0]
        other = c._renamed(m, (base, c._label_rename(c.moves[base].labels, m.labels)))
        guards, values = m.effect(c.pre, f"{n}#0.")
        assert set(values) == set(other.values) == m.footprint and len(guards) == len(other.guards), n
        for a, b in _pairs_to_compare(guards, values, other):
            if not a.eq(b):
                assert solver is not None, (n, a, b)
                solver.push()
                solver.add(a != b)
                assert solver.check() == z3.unsat, (n, a, b)
                solver.pop()
    return renamed


def test_a_country_families_members_renamed_from_another_are_their_own_programs(lets_roll):
    """A member of a country family built from another member's terms with the countries'
    components swapped (properties/refinement.py ``Checker._kin``, found by the checker, not
    declared) has the terms its own program builds, and asks the other's queries renamed with the
    same answers as its own terms give: its forced components, ``_can_take`` and a slice (a Recruit
    in two countries, a Travel between two pairs). Most members of a family over countries are
    renamed (the programs treat countries of one kind alike)."""
    from cdg_oracle.properties.refinement import Checker

    _, c, pre = lets_roll
    own = Checker(c.spec, None, c.model)
    own._kin = lambda *a: None   # every move built by its own program
    own._renamed = lambda *a, **k: None   # a declared template's too (Move.template)
    names = [n for n, m in c.moves.items() if m.family in ("recruit", "travel", "posture_roll", "jihad")]
    renamed = renamed_members_are_their_own_programs(c, names)
    assert renamed >= len([n for n in names if len(set(c.moves[n].labels)) == len(c.moves[n].labels)]) - 10
    # which member is built alone (the one the others are renamed from) is the first one used
    picked = {}
    for n in names:
        if c.effect(n).renamed_from is not None and len(set(c.moves[n].labels)) == len(c.moves[n].labels) \
                and len(picked.setdefault(c.moves[n].family, [])) < 2:
            picked[c.moves[n].family].append(n)
    assert set(picked) == {"recruit", "travel", "posture_roll", "jihad"}
    for n in [n for got in picked.values() for n in got]:
        assert own.effect(n).renamed_from is None, n
        assert c._forced(n) == own._forced(n), n
        fp = sorted(c.moves[n].footprint)
        for within in [frozenset(fp)] + [frozenset(fp) - {x} for x in fp]:
            for every in [frozenset()] + [frozenset({x}) for x in fp]:
                assert c._can_take(n, within, every) == own._can_take(n, within, every), (n, within, every)
    # a cell recruited, a Sleeper travelling: the renamed members' slices agree with their own
    r, t = picked["recruit"][0], picked["travel"][0]
    x, (a, b) = c.moves[r].labels[0], c.moves[t].labels
    for n, before, after in [
            (r, pre, dict(pre, **{f"sleepers[{x}]": pre[f"sleepers[{x}]"] + 1, "cells_track": pre["cells_track"] - 1})),
            (t, dict(pre, **{f"sleepers[{a}]": 2}), dict(pre, **{f"sleepers[{a}]": 1, f"sleepers[{b}]": pre[f"sleepers[{b}]"] + 1}))]:
        changed = frozenset(k for k in after if after[k] != before[k])
        assert c.admits(n, before, after, changed) == own.admits(n, before, after, changed) is True, n
        bad = dict(after, cells_track=before["cells_track"] - 2)   # a cell more off the track than placed
        bad_changed = frozenset(k for k in bad if bad[k] != before[k])
        assert c.admits(n, before, bad, bad_changed) == own.admits(n, before, bad, bad_changed) is False, n


@pytest.mark.rule("9.4.3")
def test_solo_rules_relate_to_the_two_player_rules_they_carry_out(lets_roll):
    _, c, _ = lets_roll
    assert R.relates(["9.4.3"], c.moves["place_cells_by_event[country=Iraq]"])
    assert R.relates(["9.4.2.5"], c.moves["recruit[country=Iraq]"])
    assert not R.relates(["9.4.2.5"], c.moves["deploy[from=track,to=Iraq]"])
    assert R.relates(["card 14"], c.moves["shift_alignment[country=Syria]"])


@pytest.mark.parametrize("name", ["regime_change_marker", "first_plot_claimed", "put_away", "end_of_turn",
                                  "regime_change_flip", "discard_from_hand",
                                  "plot_marker_off_map"])
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
    moved = incremental_changes(st, R.model(st.game_object).abstraction, 11, 150)
    # the game moved cards, pieces and tracks: every kind of part was recomputed
    assert any(k.startswith("card[") for k in moved) and any("[" in k and not k.startswith("card[") for k in moved)
    assert moved - {k for k in moved if "[" in k}


# -- the end of turn --------------------------------------------------------------------------------------
def _end_of_turn(pre: dict) -> dict:
    """The changes of 5.2.5-5.2.7 but Funding's on ``pre`` (Reserves at zero; no Diplomacy there, 5.2.5):
    Prestige -1 once if any country is under Islamist Rule (Afghanistan at Let's Roll's set-up)."""
    ir = any(v == "islamist_rule" for k, v in pre.items() if k.startswith("gov["))
    return {"reserves_US": 0, "reserves_Jihadist": 0, "prestige": pre["prestige"] - (1 if ir else 0)}


@pytest.mark.rule("5.2.5")
@pytest.mark.rule("card 73")
def test_funding_stays_at_the_end_of_turn_only_where_pirates_holds(lets_roll):
    """5.2.5: Funding -1 at the end of the turn; card 73 Pirates: not while Somalia or Yemen is under
    Islamist Rule, once its event has been played (MARK and REMOVE: the card is out of the game)."""
    _, c, pre = lets_roll
    eot = ["5.2.5", "5.2.6", "5.2.7"]
    # no Islamist Rule anywhere (Afghanistan Poor): the step changes Reserves and Funding only
    pre = dict(pre, reserves_US=2, funding=5, prestige=7, **{"gov[Afghanistan]": "poor", "align[Afghanistan]": "adversary"})
    assert _step(c, pre, dict(_end_of_turn(pre), funding=4), eot) == ("end_of_turn",)
    kept = _step(c, pre, _end_of_turn(pre), eot)
    assert isinstance(kept, Finding) and "end_of_turn" in kept.candidates
    zone = next(z for z in ("deck", "hand_US", "hand_Jihadist", "discard") if pre[f"card[73]@{z}"] == 1)
    played = dict(pre, **{f"card[73]@{zone}": 0, "card[73]@removed": 1})
    assert isinstance(_step(c, played, _end_of_turn(played), eot), Finding)   # neither Somalia nor Yemen
    pirates = dict(played, **{"gov[Somalia]": "islamist_rule", "align[Somalia]": "adversary"})
    assert _step(c, pirates, _end_of_turn(pirates), eot + ["card 73"]) == ("end_of_turn",)
    # Somalia under Islamist Rule but Pirates never played: end_of_turn drops Funding
    unplayed = dict(pirates, **{f"card[73]@{zone}": 1, "card[73]@removed": 0})
    post = dict(unplayed, **_end_of_turn(unplayed))
    assert not c.admits("end_of_turn", unplayed, post, frozenset(k for k in post if post[k] != unplayed[k]))
    post["funding"] = 4
    assert c.admits("end_of_turn", unplayed, post, frozenset(k for k in post if post[k] != unplayed[k]))


@pytest.mark.rule("5.2.9")
def test_the_regime_change_flip_after_the_deal_is_a_step_of_its_own(lets_roll):
    """5.2.9: green Regime Change markers turn tan after the deal (the model: with the deal's last card),
    whatever troops are there now; a tan marker never turns green again."""
    _, c, pre = lets_roll
    pre = dict(pre, **{"rc[Iraq]": "green", "gov[Iraq]": "poor", "align[Iraq]": "ally", "troops[Iraq]": 2})
    assert _step(c, pre, {"rc[Iraq]": "tan"}, ["5.2.9"]) == ("regime_change_flip",)
    back = dict(pre, **{"rc[Iraq]": "tan"})
    assert isinstance(_step(c, back, {"rc[Iraq]": "green"}, ["5.2.9"]), Finding)


@pytest.mark.rule("5.2.4")
def test_a_final_card_discarded_goes_from_the_hand_to_the_discards_in_one_step(lets_roll):
    """5.2.4: the US discards its final card without effect (the model passes it through the table
    within the step); a card from the draw pile to the discards is no such step."""
    _, c, pre = lets_roll
    n = next(k for k in range(1, 121) if pre[f"card[{k}]@deck"] == 1)
    pre = dict(pre, **{f"card[{n}]@deck": 0, f"card[{n}]@hand_US": 1})
    v = _step(c, pre, {f"card[{n}]@hand_US": 0, f"card[{n}]@discard": 1}, ["5.2.4", "6.3.2.3"])
    assert v == (f"discard_from_hand[card {n}]",)
    m = next(k for k in range(1, 121) if pre[f"card[{k}]@deck"] == 1)
    assert isinstance(_step(c, pre, {f"card[{m}]@deck": 0, f"card[{m}]@discard": 1}, ["5.2.4", "6.3.2.3"]), Finding)


@pytest.mark.rule("8.5.6")
def test_a_resolved_plots_marker_leaving_in_a_step_of_its_own_goes_back_to_available(lets_roll):
    """8.5.6 SEGNALINO: the last part of a resolution (the model's PRESTIGE came in an earlier step, with
    troops there): a numbered plot back to Available Plots; one that vanishes is no step."""
    _, c, pre = lets_roll
    pre = dict(pre, **{"plots_3[Afghanistan]": 1, "plots_available_3": pre["plots_available_3"] - 1,
                       "troops[Afghanistan]": 2, "troops_track": pre["troops_track"] - 2})
    back = {"plots_3[Afghanistan]": 0, "plots_available_3": pre["plots_available_3"] + 1}
    assert _step(c, pre, back, ["8.5.6"]) == ("plot_marker_off_map[country=Afghanistan]",)
    assert isinstance(_step(c, pre, {"plots_3[Afghanistan]": 0}, ["8.5.6"]), Finding)


# -- a solo game's set-aside plot markers (9.3.3) -------------------------------------------------------------
def _solo(pre: dict, **changes) -> dict:
    """The Let's Roll set-up's vector as a solo game's (the parameter ``solo``), with ``changes``."""
    return dict(pre, solo=1, **changes)


@pytest.mark.rule("9.3.3")
@pytest.mark.rule("4.7.8.1")
def test_a_wmd_plot_added_in_a_solo_game_sets_the_lowest_numbered_marker_aside(lets_roll):
    """9.3.3: a WMD plot added to the Available plots (card 65 HEU, 4.7.8.1) sets aside the
    lowest-numbered Available numbered marker; a two-player game sets none aside, and a solo game
    must (a numbered marker is Available)."""
    _, c, pre = lets_roll
    cited = ["card 65", "9.3.3", "4.7.8.1"]
    solo = _solo(pre)
    assert (solo["plots_available_1"], solo["wmd_box_loose_nuke"], solo["wmd_available"]) == (2, 3, 0)
    added = {"wmd_box_loose_nuke": 2, "wmd_available": 1}
    aside = dict(added, plots_available_1=1, plots_aside_1=1)
    assert _step(c, solo, aside, cited) == ("wmd_becomes_available",)
    assert isinstance(_step(c, pre, aside, cited), Finding)           # two-player: none set aside
    assert _step(c, pre, added, cited) == ("wmd_becomes_available",)
    assert isinstance(_step(c, solo, added, cited), Finding)          # solo: one must be set aside
    highest = dict(added, plots_available_3=1, plots_aside_3=1)        # not the lowest-numbered
    assert isinstance(_step(c, solo, highest, cited), Finding)


@pytest.mark.rule("9.3.3")
@pytest.mark.rule("8.5.5")
def test_a_wmd_plot_used_in_a_solo_game_brings_the_highest_set_aside_marker_back(lets_roll):
    """9.3.3: a WMD plot used (resolved, 8.5.6: out of the game, 8.5.5) brings the highest-numbered
    set-aside marker back to the Available plots."""
    _, c, pre = lets_roll
    pre = _solo(pre, plots_available_1=0, plots_aside_1=1, plots_available_2=1, plots_aside_2=1,
                **{"plots_wmd[Iraq]": 2, "plots_1[Iraq]": 1})
    used = {"plots_wmd[Iraq]": 1, "wmd_removed": pre["wmd_removed"] + 1}
    cited = ["8.5.6", "9.3.3", "8.5.5"]
    off_map = {("resolve_plot[country=Iraq]",), ("plot_marker_off_map[country=Iraq]",)}   # its MARKER part
    assert _step(c, pre, dict(used, plots_aside_2=0, plots_available_2=2), cited) in off_map
    assert isinstance(_step(c, pre, used, cited), Finding)                                  # none back
    assert isinstance(_step(c, pre, dict(used, plots_aside_1=0, plots_available_1=1), cited), Finding)  # not the highest
    # the deferred reading (P11): a numbered marker leaving the map is set aside while fewer are set
    # aside than WMD plots in play (2 here: both set aside already, so it returns to Available)
    back = {"plots_1[Iraq]": 0}
    assert isinstance(_step(c, pre, dict(back, plots_aside_1=2), cited), Finding)
    assert _step(c, pre, dict(back, plots_available_1=1), cited) in off_map
    one_more = dict(pre, **{"plots_wmd[Iraq]": 3})
    assert _step(c, one_more, dict(back, plots_aside_1=2), cited) in off_map


@pytest.mark.rule("7.3.5")
def test_a_withdraw_is_a_step_and_its_prestige_roll_another(lets_roll):
    """7.3.5: Withdraw moves troops out of a Regime Change country, removes its Aid and places a
    Besieged Regime; the Prestige roll that ends it is a chance step of its own (4.7.1)."""
    _, c, pre = lets_roll
    pre = dict(pre, **{"rc[Iraq]": "tan", "gov[Iraq]": "poor", "align[Iraq]": "ally", "troops[Iraq]": 3,
                       "aid[Iraq]": 1, "besieged[Iraq]": 0, "troops_track": pre["troops_track"] - 3})
    out = {"troops[Iraq]": 0, "troops_track": pre["troops_track"] + 3, "aid[Iraq]": 0, "besieged[Iraq]": 1}
    assert _step(c, pre, out, ["7.3.5"]) == ("withdraw[from=Iraq,to=track]",)
    assert _step(c, pre, {"prestige": pre["prestige"] - 2}, ["4.7.1"]) in {("prestige_shift",), ("prestige_roll",)}
    # the Prestige roll is no part of the withdraw move any more
    assert "prestige" not in c.moves["withdraw[from=Iraq,to=track]"].footprint


# -- mutants ------------------------------------------------------------------------------------------------
def test_the_caught_list_names_registered_mutants():
    assert len(mutants.REFINEMENT_CAUGHT) >= 10
    assert len(set(mutants.REFINEMENT_CAUGHT)) == len(mutants.REFINEMENT_CAUGHT)
    assert set(mutants.REFINEMENT_CAUGHT) <= set(mutants.MUTANTS)
    assert set(mutants.REFINEMENT_QUICK) <= set(mutants.REFINEMENT_CAUGHT)


@pytest.mark.parametrize("name", mutants.REFINEMENT_QUICK)
def test_the_refinement_check_alone_catches_mutants(name):
    r = RM.catches_mutant("labyrinth", name, games_=1, max_steps=30)
    assert r["caught"], r


@pytest.mark.slow
@pytest.mark.skipif(not os.environ.get("CDG_SLOW_TESTS"), reason="slow: set CDG_SLOW_TESTS=1")
@pytest.mark.parametrize("name", mutants.REFINEMENT_CAUGHT)
def test_the_refinement_check_alone_catches_every_listed_mutant(name):
    r = RM.catches_mutant("labyrinth", name, games_=2, max_steps=300)
    assert r["caught"], r


# -- an intermediate value within one step (issue 31: the findings of unmutated random games) ----

def _replayed_step(scenario: str, seed: int, step: int, options: dict | None = None):
    """The checker's verdict on step ``step`` of the random solo game ``seed`` (the checked walk's
    choices: properties/walk.py ``play_checked``; ``options``: Ideology potent unless given), the
    steps before it replayed unchecked."""
    from cdg_oracle.properties.walk import play_checked

    options = options or {"solo": True, "ideology": "potent"}
    r = play_checked("labyrinth", scenario, seed, options=options, invariants=False, roundtrip_every=0,
                     keep_actions=True, max_steps=step)
    assert len(r.actions) == step
    st = get("labyrinth").new_state(scenario, "standard", None, options)
    for a in r.actions[:-1]:
        st.apply(a)
    obs = StepObserver(st, scenario, seed)
    st.apply(r.actions[-1])
    return obs.observe(st, r.actions[-1]), st.applied_rules()


@pytest.mark.rule("5.3.1")
@pytest.mark.rule("6.1")
def test_a_card_drawn_and_played_in_one_apply_passes_through_the_hand():
    """anaconda solo seed 1004, step 105: the bot draws card 18 (5.3.1) and plays it (9.2, 6.1) in
    one apply, so the card goes deck -> in play, its hand count 0, 1, 0: ``draw`` then
    ``play_card`` of that card, the hand an intermediate value."""
    v, cited = _replayed_step("anaconda", 1004, 105)
    assert "5.3.1" in cited
    assert v == ("draw[card 18]", "play_card[card 18]")


@pytest.mark.rule("9.4.3")
@pytest.mark.rule("8.4")
def test_a_cell_placed_then_rolled_by_a_jihad_in_one_apply():
    """you_can_call_me_al solo seed 1004, step 32: Radicalization places a cell in Syria (9.4.3,
    4.7.4.2) and the Jihad there (9.4.2.4, 8.4) turns it Active in the same apply: Syria's Sleeper
    count goes 0, 1, 0."""
    v, cited = _replayed_step("you_can_call_me_al", 1004, 32)
    assert {"9.4.3", "8.4"} <= set(cited)
    assert v == ("recruit[country=Syria]", "jihad[country=Syria]", "play_card[card 110]")


@pytest.mark.rule("8.3.1")
@pytest.mark.rule("8.5.1")
def test_a_travel_into_a_country_whose_cells_a_plot_reveals_in_one_apply():
    """you_can_call_me_al solo seed 1003, step 58: a cell travels from Indonesia/Malaysia to
    Turkey (8.3.1) and the Plot's cells turn Active (8.5.1) within one apply: Turkey's Sleeper
    count passes through an intermediate value (its Jihad move, 4.6.4, and the Travel)."""
    v, cited = _replayed_step("you_can_call_me_al", 1003, 58)
    assert {"8.3.1", "8.5.1"} <= set(cited)
    assert not isinstance(v, Finding), v.line()
    assert "travel[from=Indonesia/Malaysia,to=Turkey]" in v and "play_card[card 47]" in v


@pytest.mark.rule("5.3.1")
def test_an_intermediate_value_needs_a_related_move_to_take_it(lets_roll):
    """The intermediate value is only between moves related to the step: a card going deck -> in
    play in a step citing a Deploy (7.3.1, no draw) stays a finding; citing the draw (5.3.1), it
    is ``draw`` then ``play_card``."""
    _, c, pre = lets_roll
    card = next(n for n in range(1, 121) if pre.get(f"card[{n}]@deck") == 1)
    changes = {f"card[{card}]@deck": 0, f"card[{card}]@in_play": 1}
    assert isinstance(_step(c, pre, changes, ["7.3.1"]), Finding)
    assert _step(c, pre, changes, ["5.3.1"]) == (f"draw[card {card}]", f"play_card[card {card}]")


# -- issue 31: the findings of the 20 solo games (seeds 1000-1004, 300 steps), fixed ---------------
SOLO = {"solo": True}


@pytest.mark.rule("9.3.3")
@pytest.mark.rule("4.7.8.1")
def test_card_65_in_a_solo_game_sets_a_numbered_marker_aside():
    """anaconda solo seed 1003, step 191: card 65 HEU moves a WMD plot to Available (4.7.8.1) and it
    sets aside the lowest-numbered Available plot marker (9.3.3): ``wmd_becomes_available`` alone
    (it was a finding: ``plot_total_1`` was a constant of the proofs)."""
    v, cited = _replayed_step("anaconda", 1003, 191, SOLO)
    assert {"9.3.3", "4.7.8.1"} <= set(cited)
    assert v == ("wmd_becomes_available",)


@pytest.mark.rule("9.3.3")
@pytest.mark.rule("8.4.5")
def test_pakistans_arsenal_in_a_solo_game_sets_three_markers_aside():
    """anaconda solo seed 1000, step 143: a Jihad's Islamic Revolution in Pakistan (8.4.4) releases
    its Arsenal's 3 WMD plots (8.4.5), each setting aside the lowest-numbered Available marker
    (9.3.3: 1, 1, 2), a failure's cell back to the track, the card put away."""
    v, cited = _replayed_step("anaconda", 1000, 143, SOLO)
    assert {"9.3.3", "8.4.5"} <= set(cited)
    assert not isinstance(v, Finding), v.line()
    assert v[0] == "islamic_revolution[country=Pakistan]" and "put_away[card 33]" in v


def test_a_move_that_must_change_what_a_part_leaves_is_no_candidate(lets_roll):
    """The sequence search refuses a move before any move check when it cannot take a part as asked
    (properties/refinement.py ``Checker._can_take``): a Travel always changes the place it arrives
    in; a Recruit changes the Funding track only with a cell placed in its country; a Disrupt
    affects a cell or removes the Cadre (7.4.1, 7.4.2), so it never moves Prestige alone."""
    _, c, _ = lets_roll
    travel = "travel[from=Iraq,to=Syria]"
    assert c._forced(travel) == {"sleepers[Syria]"}
    assert not c._can_take(travel, frozenset({"sleepers[Iraq]", "actives[Iraq]"}), any_of=(frozenset({"sleepers[Iraq]"}),))
    assert c._can_take(travel, frozenset({"sleepers[Iraq]", "sleepers[Syria]"}), every=frozenset({"sleepers[Iraq]"}))
    track = frozenset({"cells_track"})
    assert not c._can_take("recruit[country=Iraq]", track, any_of=(track,))
    assert c._can_take("recruit[country=Iraq]", track | {"sleepers[Iraq]"}, any_of=(track,))
    prestige = frozenset({"prestige"})
    assert not c._can_take("disrupt[country=Iraq]", prestige, any_of=(prestige,))
    assert c._can_take("disrupt[country=Iraq]", prestige | {"actives[Iraq]", "cells_track"}, every=prestige)


@pytest.mark.parametrize("name", ["end_of_turn", "resolve_plot[country=Iran]"])
def test_a_large_moves_can_take_by_its_independent_groups_is_the_whole_querys_verdict(lets_roll, name):
    """``Checker._can_take`` asks a move with a large footprint group by group (``_assumed_by_group``:
    its guards and components in groups sharing no constant, ``_independent_groups``; a set of
    ``any_of`` joins the groups it meets): the verdict of z3 on the whole conjunction, kept and
    changed sets drawn at random (both verdicts met)."""
    from cdg_oracle.properties.refinement import _solved

    _, c, _ = lets_roll
    e = c.effect(name)
    fp = sorted(e.move.footprint)
    stay = {n: (e.values[n] == c.pre[n], z3.Not(e.values[n] == c.pre[n])) for n in fp}
    groups = c._independent_groups(e, stay)
    assert len(groups) > 1 and frozenset().union(*(g[1] for g in groups)) == frozenset(fp)
    rnd = random.Random(7)
    seen = set()
    for _ in range(24):
        change = frozenset(rnd.sample(fp, rnd.randint(0, 3)))
        within = change | frozenset(rnd.sample(fp, rnd.randint(0, 6)))
        any_of = (frozenset(rnd.sample(sorted(within), 2)),) if len(within) > 1 and rnd.random() < 0.4 else ()
        keep = frozenset(fp) - within
        parts = list(e.guards) + [stay[n][0] for n in sorted(keep)] + [stay[n][1] for n in sorted(change)]
        parts += [z3.Or(*[stay[n][1] for n in sorted(a)]) for a in any_of]
        whole = _solved(parts)[0]
        got = c._assumed_by_group(name, groups, stay, keep, change, any_of)[0]
        assert got == whole, (sorted(within), sorted(change), any_of)
        seen.add(str(whole))
    assert seen == {"sat", "unsat"}


@pytest.mark.slow
@pytest.mark.skipif(not os.environ.get("CDG_SLOW_TESTS"), reason="slow: set CDG_SLOW_TESTS=1")
@pytest.mark.rule("8.3.1")
@pytest.mark.rule("8.4")
def test_a_bot_card_whose_first_search_runs_out_is_explained_by_the_second():
    """anaconda solo seed 1004, step 26 (about 30 s: the moves' first builds): the bot plays card 111
    (its event moves Prestige), Travels a cell into the Gulf States and its Jihad there turns it
    Active: the search without intermediate values ran out of its budget ("search bounded"); the
    second one (its own budget) explains it, the Gulf States' Sleeper count 0, 1, 0."""
    v, cited = _replayed_step("anaconda", 1004, 26, SOLO)
    assert "card 111" in cited
    assert not isinstance(v, Finding), v.line()
    assert {"travel[from=Pakistan,to=Gulf States]", "jihad[country=Gulf States]"} <= set(v)


def test_a_work_on_a_state_view_starts_from_the_views_components_in_order(lets_roll):
    """A move's effect is built on a Work of a StateView of the checker's pre vector, copied as
    one dict (``StateView.state_exprs``): the same components, the same terms, in ``state_names``'
    order, as reading each one; a rewrite of the copy leaves the view as it was."""
    from cdg_oracle.properties.labyrinth import z3_state as S

    st, c, _ = lets_roll
    facts = S.facts_of(st.game_object.map)
    names = tuple(c.pre)
    view = S.StateView(facts, {n: c.pre[n] for n in names})
    w = P.Work(view, "t")
    assert list(w.e) == list(view.state_names) == list(names)
    assert all(w.e[n].eq(c.pre[n]) for n in names)
    w.e[names[0]] = w.e[names[0]] + 1
    assert view[names[0]].eq(c.pre[names[0]])


# -- issue 31: a plot in Iran resolved at the end of the turn (verify's finding, mission_accomplished 100003) --
EOT_CITED = ["5.2.4", "8.5.6", "4.7.5", "5.2.5", "5.2.6", "4.7.7.3", "5.2.7", "5.2.8"]


@pytest.mark.rule("8.5.6")
@pytest.mark.rule("5.2.5")
@pytest.mark.rule("4.4")
def test_a_plot_in_iran_resolved_at_the_end_of_the_turn_passes_funding_through_a_value(lets_roll):
    """8.5.6 FUNDING: a plot in Iran (4.4, neither Muslim nor non-Muslim) adds 1 to Funding (Iran's
    fixed Governance is worse than Good); 5.2.5 then takes 1 off at the end of the turn, in the same
    apply (the US holds its last card, 5.2.4): Funding ends as it was, an intermediate value between
    ``resolve_plot`` and ``end_of_turn``, whose footprint (every card's Lapsing and 1st Plot boxes)
    is no subset of the change (properties/refinement.py ``Checker._may_take_on``). A marker that
    vanishes is no step; nor is the plot's resolution where the step cites no 8.5.6."""
    _, c, pre = lets_roll
    lapsing, first_plot = [n for n in range(1, 121) if pre[f"card[{n}]@deck"] == 1][:2]
    # no Islamist Rule (Afghanistan Poor): Prestige stays as it is at the end of the turn
    pre = dict(pre, funding=5, reserves_Jihadist=2, first_plot_used=1,
               **{"gov[Afghanistan]": "poor", "align[Afghanistan]": "adversary",
                  "plots_1[Iran]": 1, "plots_available_1": pre["plots_available_1"] - 1,
                  f"card[{lapsing}]@deck": 0, f"card[{lapsing}]@lapsing": 1,
                  f"card[{first_plot}]@deck": 0, f"card[{first_plot}]@first_plot": 1})
    changes = dict(_end_of_turn(pre), first_plot_used=0,
                   **{"plots_1[Iran]": 0, "plots_available_1": pre["plots_available_1"] + 1,
                      f"card[{lapsing}]@lapsing": 0, f"card[{lapsing}]@discard": 1,
                      f"card[{first_plot}]@first_plot": 0, f"card[{first_plot}]@discard": 1})
    v = _step(c, pre, changes, EOT_CITED)
    assert not isinstance(v, Finding), v.line()
    assert sorted(v) == ["end_of_turn", "resolve_plot[country=Iran]"]
    assert isinstance(_step(c, pre, dict(changes, plots_available_1=pre["plots_available_1"]), EOT_CITED), Finding)
    assert isinstance(_step(c, pre, changes, [r for r in EOT_CITED if r != "8.5.6"]), Finding)


# -- issue 31: card 20 played as the turn's last card (you_can_call_me_al seed 7, step 138) ------------
ABDULLAH_CITED = ["5.2.2.1", "6.2.1", "card 20", "6.2.9", "4.7.5", "5.2.5", "5.2.6", "4.7.7.3", "5.2.7", "5.2.8"]


def _abdullah_step(pre: dict, first_plot: int) -> dict:
    """The changes of card 20 King Abdullah's event ("Set Jordan to Fair Ally. +1 Prestige, -1
    Funding", REMOVE) played as the turn's last card, with the end of the turn in the same apply
    (5.2.5-5.2.7; card ``first_plot`` in the 1st Plot box): Prestige +1, then -1 where a country
    is under Islamist Rule."""
    eot = _end_of_turn(pre)
    return dict(eot, prestige=min(12, pre["prestige"] + 1) - (pre["prestige"] - eot["prestige"]),
                funding=pre["funding"] - 2, first_plot_used=0,
                **{"gov[Jordan]": "fair", "align[Jordan]": "ally", "card[20]@in_play": 0, "card[20]@removed": 1,
                   f"card[{first_plot}]@first_plot": 0, f"card[{first_plot}]@discard": 1})


@pytest.mark.rule("card 20")
@pytest.mark.rule("5.2.5")
def test_card_20_at_the_end_of_the_turn_passes_prestige_through_a_value(lets_roll):
    """Card 20 +1 Prestige, then 5.2.5 -1 (Afghanistan under Islamist Rule, Let's Roll's set-up) in
    the same apply: Prestige ends as it was, an intermediate value that ``prestige_shift``, whose
    footprint misses the change, takes on from ``end_of_turn`` (properties/refinement.py
    ``Checker._idle_takers``); Jordan untested is set Fair Ally (6.2.2), a test (Neutral) then a
    move to Ally. Without the Islamist Rule Prestige changes: no intermediate value."""
    _, c, pre = lets_roll
    first_plot = next(n for n in range(1, 121) if n != 20 and pre[f"card[{n}]@deck"] == 1)
    pre = dict(pre, funding=9, prestige=10, reserves_Jihadist=2, first_plot_used=1,
               **{"gov[Jordan]": "none", "align[Jordan]": "none", "card[20]@deck": 0, "card[20]@in_play": 1,
                  f"card[{first_plot}]@deck": 0, f"card[{first_plot}]@first_plot": 1})
    assert pre["gov[Afghanistan]"] == "islamist_rule"
    changes = _abdullah_step(pre, first_plot)
    assert "prestige" not in {k for k, v in changes.items() if pre[k] != v}
    v = _step(c, pre, changes, ABDULLAH_CITED)
    assert not isinstance(v, Finding), v.line()
    # Jordan Neutral -> Ally: a shift of its Alignment, or a War of Ideas (7.2.1.2): either explains it
    assert {"end_of_turn", "prestige_shift", "funding_shift", "put_away[card 20]",
            "test_muslim_country[country=Jordan]"} <= set(v) and len(v) == 6, v
    pre = dict(pre, **{"gov[Afghanistan]": "poor", "align[Afghanistan]": "adversary"})
    v = _step(c, pre, _abdullah_step(pre, first_plot), ABDULLAH_CITED)
    assert not isinstance(v, Finding), v.line()
    assert "prestige_shift" in v


@pytest.mark.rule("card 20")
@pytest.mark.rule("5.2.5")
def test_the_random_game_whose_card_20_ended_the_turn_has_no_finding():
    """``benchmarks/refinement.py --game labyrinth --games 30``'s finding (game 7, you_can_call_me_al
    seed 7, step 138: card 20's event and the end of the turn in one apply, Prestige 10, 11, 10)
    replayed: the checked walk through it finds nothing."""
    from cdg_oracle.properties.walk import play_checked

    r = play_checked("labyrinth", "you_can_call_me_al", 7, refine=True, max_steps=139)
    assert not r.refinement["findings"], r.refinement["findings"]
    assert r.refinement["lengths"].get("6") == 1


@pytest.mark.rule("9.0")
def test_the_idle_takers_cost_no_step_the_searches_explained_without_them():
    """The idle takers run only where the second and third searches explain nothing: offered
    from the second search on, they spent its budget on anaconda's solo game of seed 1001 at step
    195, which the second search explains without them (a "search bounded" finding then); the
    checked walk through it finds nothing."""
    from cdg_oracle.properties.walk import play_checked

    r = play_checked("labyrinth", "anaconda", 1001, options={"solo": True}, refine=True, max_steps=196)
    assert r.steps == 196 and not r.refinement["findings"], r.refinement["findings"]


def test_the_idle_takers_are_those_of_a_scan(lets_roll):
    """``Checker._inside`` (read from the index of footprints) is, for an end of turn, the tracks'
    moves and a sample of others, exactly the moves whose footprint lies within the move's shared
    footprint (a scan of every move); ``_idle_takers`` those of them related to the step whose
    footprint misses the change."""
    _, c, _ = lets_roll
    names = list(c.moves)
    for n in ["end_of_turn", "funding_shift", "prestige_shift", "war_of_ideas[country=Jordan]"] + \
            random.Random(3).sample(names, 40):
        fp = c._shared_footprint(n)
        assert sorted(c._inside(n)) == sorted(m for m in names if m != n and c.moves[m].footprint <= fp), n
    changed = frozenset({"funding", "gov[Jordan]", "card[20]@in_play"})
    related = [m for m in names if m != "prestige_roll"]
    idle = c._idle_takers(["end_of_turn", "funding_shift"], related, changed)
    assert idle == [m for m in names if m in related and not c.moves[m].footprint & changed and any(
        m != n and c.moves[m].footprint <= c._shared_footprint(n) for n in ("end_of_turn", "funding_shift"))]
    assert "prestige_shift" in idle and "prestige_roll" not in idle


@pytest.mark.rule("7.3.1", "7.3.5")
def test_deploy_and_withdraw_members_renamed_from_another_are_their_own_programs(lets_roll):
    """A pinned choice compared with a number or another pin is z3's True or False (``_Pin``), so a
    Deploy's or Withdraw's terms hold no country's index number (7.3.1: ``from == TRACK``; 7.3.5:
    ``to != from``) and their members share terms across countries of one kind
    (properties/refinement.py ``Checker._kin``): a member renamed from another has the terms its
    own program builds, and a troop move is admitted or refused as by its own terms."""
    from cdg_oracle.properties.refinement import Checker

    _, c, pre = lets_roll
    assert (R._Pin(3) == P.TRACK).eq(z3.BoolVal(False)) and (R._Pin(3) != R._Pin(5)).eq(z3.BoolVal(True))
    assert (R._Pin(3) == z3.Int("x")).eq(z3.IntVal(3) == z3.Int("x"))   # with a term: a term
    own = Checker(c.spec, None, c.model)
    own._kin = lambda *a: None   # every move built by its own program
    own._renamed = lambda *a, **k: None   # a declared template's too (Move.template)
    for family in ("deploy", "withdraw"):
        names = [n for n, m in c.moves.items() if m.family == family][::9]
        renamed = renamed_members_are_their_own_programs(c, names)
        assert renamed >= len(names) - 10, (family, renamed, len(names))
    # troops from a country holding some to another: renamed and own agree, and a cube more refused
    src = next(k[len("troops["):-1] for k, v in pre.items() if k.startswith("troops[") and v >= 2)
    dst = next(x for x in ("Iraq", "Syria", "Egypt", "Pakistan") if x != src)
    n = f"deploy[from={src},to={dst}]"
    assert c.effect(n).renamed_from is not None and own.effect(n).renamed_from is None
    after = dict(pre, **{f"troops[{src}]": pre[f"troops[{src}]"] - 1, f"troops[{dst}]": pre[f"troops[{dst}]"] + 1})
    changed = frozenset(k for k in after if after[k] != pre[k])
    assert c.admits(n, pre, after, changed) == own.admits(n, pre, after, changed) is True
    bad = dict(after, **{f"troops[{dst}]": pre[f"troops[{dst}]"] + 2})
    assert c.admits(n, pre, bad, changed) == own.admits(n, pre, bad, changed) is False


@pytest.mark.rule("8.5.5", "9.3.3")
def test_plot_removals_share_terms_the_wmd_plots_in_play_read_whole(lets_roll):
    """A plot's removal reads 9.3.3's WMD plots in play, a sum over every country
    (``z3_state.wmd_in_play``, ``RefinementModel.symmetric``): a member of Alert, Resolve Plot or
    the marker's removal renamed from another (``Checker._kin``, the sum one placeholder) has terms
    z3 proves equal to its own program's (the sum's summands swapped: equal, not the same term), and
    the members of one kind of country share (Resolve Plot: the Muslim countries, 8.5.6's GOVERNANCE,
    ``Work.is_among``)."""
    st, c, _ = lets_roll
    facts = R.S.facts_of(st.map)
    assert [t.get_id() for t, _ in c._symmetric] == [t.get_id() for t in R._symmetric(facts, c.pre)]
    s = z3.Solver()
    for family in ("alert", "plot_marker_off_map", "resolve_plot"):
        names = [n for n, m in c.moves.items() if m.family == family]
        renamed = renamed_members_are_their_own_programs(c, names, s)
        muslim = len([n for n in names if c.moves[n].labels[0] in facts.muslim])
        assert renamed >= (muslim - 1 if family == "resolve_plot" else len(names) - 2), (family, renamed)


def test_every_country_members_template_is_its_own_program(lets_roll):
    """A member of a family over countries declared another's renamed (``Move.template``: its
    countries of one kind, ``_kind``, the components swapped, ``_swap``) is built from that one's
    terms by one substitution, so it must be that program: for every such member of every family,
    its renamed terms are its own program's, equal or (a sum over every country, its summands
    swapped) proved equal by z3; the footprint and the choices are its own."""

    _, c, _ = lets_roll
    s = z3.Solver()
    declared = 0
    for n, m in c.moves.items():
        if m.template is None or not m.labels:
            continue
        declared += 1
        e = c.effect(n)
        assert e.renamed_from is not None and e.renamed_from[0] == m.template[0], n
        guards, values = m.effect(c.pre, f"{n}#0.")
        assert set(values) == set(e.values) == m.footprint and len(guards) == len(e.guards), n
        # its choices are its own program's (a choice named after a country renamed as the countries are)
        own = {v.decl().name() for t in list(guards) + list(values.values()) for v in constants(t)} - set(c._pre_name)
        assert own == {x.decl().name() for x in e.choices}, n
        for a, b in _pairs_to_compare(guards, values, e):
            if not a.eq(b):
                s.push()
                s.add(a != b)
                assert s.check() == z3.unsat, (n, a, b)
                s.pop()
    families = {m.family for m in c.moves.values() if m.template is not None and m.labels}
    assert declared > 3000 and {"travel", "deploy", "withdraw", "resolve_plot", "alert"} <= families


def test_the_checkers_index_of_footprints_holds_every_move_touching_a_component_in_order(lets_roll):
    """``Checker._touching`` (what the sequence search reads a component's moves from, instead of a
    scan of every move) is, for a sample of Labyrinth's components, exactly the moves whose
    footprint holds it, in the moves' order (tests/properties/test_refinement.py says why)."""
    _, c, _ = lets_roll
    comps = sorted(c.abstraction.components)
    for comp in random.Random(5).sample(comps, 120) + ["funding", "cells_track", "prestige"]:
        assert c._touching.get(comp, []) == [n for n, m in c.moves.items() if comp in m.footprint], comp


def test_the_related_moves_meeting_a_change_and_the_shared_footprints_are_those_of_a_scan(lets_roll):
    """The intermediate values' search (``Checker.sequence``'s ``passing_moves``) reads the related
    moves not yet used whose footprint meets the change left from the checker's index
    (``_related_meeting``) and each move's shared components once (``_shared_footprint``): each
    equal to a scan of every move, over changes of an end of turn, a plot and a card's event; and
    the moves that may take such a value on (``_takers_on``) are those ``_may_take_on`` admits."""
    _, c, _ = lets_roll
    rng = random.Random(7)
    names = list(c.moves)
    for left in (frozenset({"funding", "card[53]@first_plot", "reserves_Jihadist"}),
                 frozenset({"funding", "prestige", "cells_track"}),
                 frozenset({"sleepers[Iraq]", "actives[Iraq]", "card[20]@in_play", "gov[Jordan]"})):
        first = set(rng.sample(names, 1500)) | set(c._touching["funding"][:40])
        used = tuple(rng.sample(sorted(first), 3))
        scan = {f for f in first if f not in used and c.moves[f].footprint & left}
        meeting = c._related_meeting(left, first, used)
        assert meeting == scan
        # the moves that may take on a value a move gives: _may_take_on's answer for each
        rests = c._outside_left(sorted(meeting), left)
        for n in sorted(meeting)[:60]:
            within = left | c.moves[n].footprint
            for wide in (False, True):
                assert c._takers_on(n, rests, left, wide) == [
                    c.moves[f].footprint for f in sorted(meeting) if f != n and c._may_take_on(f, left, within, wide)]
    for n in rng.sample(names, 300) + ["end_of_turn", "funding_shift"]:
        assert c._shared_footprint(n) == frozenset(x for x in c.moves[n].footprint if c.spec.shared(x)), n


@pytest.mark.rule("8.5.6")
def test_a_partial_moves_plan_kept_per_change_left_gives_the_states_of_a_fresh_checker(lets_roll):
    """``Checker._partial`` keeps, per move, change left and free components, what the move takes
    and keeps in order (``_partial_plans``): a plot resolved in Iran asked in turn over several
    changes left and free sets (the intermediate values' search asks so) gives the states a fresh
    checker gives, which keeps no plan nor verdict."""
    from cdg_oracle.properties.refinement import Checker

    _, c, pre = lets_roll
    pre = dict(pre, funding=5, **{"plots_1[Iran]": 1, "plots_available_1": pre["plots_available_1"] - 1})
    # Funding 5 -> 10 (off the track): left free, the plot keeps it as it is (its smallest change,
    # _canonical), another move would take it on; to be taken there by the plot, no state
    post = dict(pre, funding=10, **{"plots_1[Iran]": 0, "plots_available_1": pre["plots_available_1"] + 1})
    name = "resolve_plot[country=Iran]"
    plot = frozenset({"plots_1[Iran]", "plots_available_1"})
    asked = [(plot | {"funding"}, frozenset({"funding"}), frozenset()),
             (plot | {"funding"}, frozenset({"plots_available_1"}), frozenset()),
             (plot | {"funding"}, frozenset({"funding", "plots_available_1"}), frozenset()),
             (plot, frozenset({"funding"}), frozenset({"funding"}))]
    got = [c._partial(name, pre, post, left, free, passing) for left, free, passing in asked]
    fresh = [Checker(c.spec, None, c.model)._partial(name, pre, post, left, free, passing)
             for left, free, passing in asked]
    assert got == fresh
    assert [x and x["funding"] for x in got] == [5, None, 5, 5]


@pytest.mark.rule("8.5.6")
def test_a_partial_moves_state_follows_the_free_components_values_after_the_step(lets_roll):
    """``Checker._partial``'s witness takes the free components as near their values after the
    step as it can (``_partial_witness``, ``_canonical``), so its verdict is kept by those values
    too: a plot resolved in Iran, Funding free, with Funding 6 after the step and then 9, gives 6
    and then 9, as a fresh checker does (a verdict keyed without them gave 6 twice: an explanation
    that followed the steps checked before it)."""
    from cdg_oracle.properties.refinement import Checker

    _, c, pre = lets_roll
    pre = dict(pre, funding=5, **{"plots_1[Iran]": 1, "plots_available_1": pre["plots_available_1"] - 1})
    name = "resolve_plot[country=Iran]"
    left = frozenset({"plots_1[Iran]", "plots_available_1", "funding"})
    for after in (6, 9):
        post = dict(pre, funding=after, **{"plots_1[Iran]": 0, "plots_available_1": pre["plots_available_1"] + 1})
        got = c._partial(name, pre, post, left, frozenset({"funding"}))
        assert got == Checker(c.spec, None, c.model)._partial(name, pre, post, left, frozenset({"funding"}))
        assert got["funding"] == after


def test_the_parts_a_move_may_take_are_its_options_that_can_take_filters(lets_roll):
    """``Checker._part_options`` (the parts the sequence search tries a move on, kept per move,
    part and the components other related moves could take): what the checker keeps is what a
    checker of fresh caches gives, whichever calls came before (each part asked with three sets
    of components others could take, in turn and again); each option is a part of the part the
    move can take (``_can_take``), none twice, and the whole part comes first exactly when the
    move can take it whole: over the parts of an end of turn, a plot, a card's event and a
    travel."""
    from cdg_oracle.properties.refinement import Checker

    _, c, _ = lets_roll
    rng = random.Random(11)
    cases = [("end_of_turn", {"funding", "reserves_Jihadist", "first_plot_used", "card[53]@first_plot",
                              "card[53]@discard"}),
             ("resolve_plot[country=Iran]", {"funding", "plots_1[Iran]", "plots_available_1", "prestige"}),
             ("put_away[card 20]", {"card[20]@in_play", "card[20]@removed"}),
             ("put_away[card 20]", {"card[20]@in_play"}),   # a card leaving for nowhere: none
             ("resolve_plot[country=Iran]", {"plots_1[Iran]"}),
             ("reserves_spent", {"reserves_Jihadist", "reserves_US"}),   # one side's alone: parts, no whole
             ("funding_shift", {"funding"})]
    wholes = []
    for n, comps in cases:
        part = frozenset(comps) & c.moves[n].footprint
        firsts = [frozenset(), part, frozenset(rng.sample(sorted(part), max(1, len(part) // 2)))]
        for for_first in firsts + firsts[::-1]:
            got = c._part_options(n, part, for_first)
            assert got == Checker(c.spec, None, c.model)._part_options(n, part, for_first), (n, for_first)
            takes, whole = got
            assert len(set(takes)) == len(takes), (n, for_first)
            assert all(p <= part and c._can_take(n, p, every=p) for p in takes), (n, for_first)
            assert whole == c._can_take(n, part, every=part) == (bool(takes) and takes[0] == part), (n, for_first)
            wholes.append(whole)
    assert True in wholes and False in wholes

