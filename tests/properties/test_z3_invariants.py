"""The z3 invariants (properties/labyrinth/z3_state.py) evaluated on concrete model states: they hold
on every scenario's set-up and along random games, each one fails on a state broken on purpose
with the concrete values that break it, and z3's verdict agrees with the Python predicates of
model/labyrinth/consistency.py."""
from __future__ import annotations

import random

import pytest

from cdg_oracle.model.labyrinth import new_game, scenario_names
from cdg_oracle.model.labyrinth.mapdata import load_map
from cdg_oracle.model.labyrinth.scenarios import initial_state, plot_values
from cdg_oracle.model.labyrinth.rulings import LabyrinthRulings
from cdg_oracle.model.labyrinth import consistency as py_inv
from cdg_oracle.properties.labyrinth.z3_state import (
    NON_INVARIANTS, SymState, check_state, facts_of, invariants, state_invariants,
)
from cdg_oracle.properties.sampling import sample_chance

pytestmark = pytest.mark.game("labyrinth")  # the rules its rule marks name are Labyrinth's

MAP = load_map()
FACTS = facts_of(MAP)
ALL_NAMES = [i.name for i in invariants(SymState(FACTS, "t:"))]
GROUPS = {i.name: i.model_check for i in invariants(SymState(FACTS, "g:"))}


def python_groups(d: dict) -> dict[str, bool]:
    """Each predicate of consistency.py: does it hold on ``d``?"""
    numbered = plot_values(LabyrinthRulings.from_dict(d["rulings"]))
    return {
        "track_bounds": not py_inv.track_bounds(d),
        "pieces_conserved": not py_inv.pieces_conserved(d),
        "plots_conserved": not py_inv.plots_conserved(d, numbered),
        "cards_conserved": not py_inv.cards_conserved(d),
        "markers_consistent": not py_inv.markers_consistent(d, MAP.muslim),
        "postures_placed": not py_inv.postures_placed(d, MAP.muslim),
    }


def assert_agrees_with_python(d: dict, results: list[dict]) -> None:
    """For each Python predicate, it holds iff every z3 invariant it covers holds; and check_all
    is empty iff every covered z3 invariant holds."""
    py = python_groups(d)
    for group, ok in py.items():
        z3_ok = all(r["holds"] for r in results if GROUPS[r["name"]] == group)
        assert ok == z3_ok, (group, ok, [r for r in results if GROUPS[r["name"]] == group and not r["holds"]])
    numbered = plot_values(LabyrinthRulings.from_dict(d["rulings"]))
    covered_ok = all(r["holds"] for r in results if GROUPS[r["name"]] is not None)
    assert (py_inv.check_all(d, numbered, MAP.muslim) == []) == covered_ok


def failing(results: list[dict]) -> dict[str, dict]:
    return {r["name"]: r["counterexample"] for r in results if not r["holds"]}


# -- sound states -----------------------------------------------------------------------------------

@pytest.mark.rule("3.2")
@pytest.mark.parametrize("scenario", scenario_names())
def test_every_invariant_holds_on_every_scenario_setup(scenario):
    st = new_game(scenario)
    res = check_state(st.d, st.map)
    assert [r["name"] for r in res] == ALL_NAMES
    assert failing(res) == {}
    assert all(r["counterexample"] is None for r in res)
    assert_agrees_with_python(st.d, res)


@pytest.mark.parametrize("scenario", scenario_names())
def test_every_invariant_holds_along_a_random_game(scenario):
    """One seeded random game per scenario (chance sampled with its exact probabilities), checked
    every 10 steps and at its end: z3 and the Python predicates both find every invariant holding."""
    rng = random.Random(2024)
    st = new_game(scenario)
    steps = checked = 0
    while not st.is_terminal() and steps < 5000:
        legal = st.legal_actions()
        if st.current_player() == "chance":
            a = sample_chance(rng, st.chance_outcomes())
        else:
            a = legal[rng.randrange(len(legal))]
        st.apply(a)
        steps += 1
        if steps % 10 == 0 or st.is_terminal():
            res = check_state(st.d, st.map)
            assert failing(res) == {}, (scenario, steps)
            assert_agrees_with_python(st.d, res)
            checked += 1
    assert checked >= 5, steps


# -- broken states, one per invariant ---------------------------------------------------------------

def _untested_muslim(d):
    return next(n for n in MAP.muslim if d["countries"][n]["gov"] is None)


def _set(path_value):
    """A mutation setting ``d[k1][k2]... = value``."""
    *path, value = path_value

    def mutate(d):
        x = d
        for k in path[:-1]:
            x = x[k]
        x[path[-1]] = value
    return mutate


def _draw_two_into_first_plot(d):
    a, b = d["deck"][:2]
    d["deck"] = d["deck"][2:]
    d["first_plot"] = [a, b]
    d["first_plot_used"] = True


def _pakistan_islamist(d):
    c = d["countries"]["Pakistan"]
    c.update(gov="islamist_rule", align="adversary", aid=0, besieged=False, rc=None)


def _regime_change_on_good(d):
    d["countries"]["Iraq"].update(gov="good", align="ally", rc="tan")


def _five_hard(d):
    for n in ("France", "Germany", "Spain", "Italy", "Benelux"):
        d["countries"][n]["posture"] = "hard"


def _world_hard_us_hard(d):
    _five_hard(d)
    d["us_posture"] = "hard"


# name -> (mutation of the Let's Roll set-up, {variable: value} expected in the counterexample,
#          derived-function overrides: a deliberately wrong model function)
BROKEN = {
    "prestige_bounds": (_set(("prestige", 13)), {"prestige": 13}, None),
    "funding_bounds": (_set(("funding", 0)), {"funding": 0}, None),
    "reserves_bounds": (_set(("reserves", "US", 3)), {"reserves_US": 3}, None),
    "troop_cubes_conserved": (_set(("troops_track", 16)), {"troops_track": 16}, None),
    "cell_cylinders_conserved": (_set(("cells_track", 16)), {"cells_track": 16}, None),
    "aid_nonnegative": (_set(("countries", "Iraq", "aid", -1)), {"aid[Iraq]": -1}, None),
    "numbered_plots_conserved": (lambda d: d["plots_available"].remove(3),
                                 {"plots_available_3": 1, "plot_total_3": 2}, None),
    "wmd_plots_conserved": (lambda d: d["countries"]["Egypt"]["plots"].append("WMD"), {"plots_wmd[Egypt]": 1}, None),
    # a numbered marker set aside (9.3.3) in a two-player game with no WMD plot in play
    "set_aside_plots_stand_for_wmd": (lambda d: d["plots_available"].remove(1) or d.update(plots_set_aside=[1]),
                                      {"plots_aside_1": 1, "solo": 0}, None),
    "pakistan_arsenal_all_or_nothing": (lambda d: d["wmd_boxes"].update(pakistan_arsenal=2)
                                        or d.update(wmd_available=1), {"wmd_box_pakistan": 2}, None),
    "pakistan_arsenal_released_under_islamist_rule": (_pakistan_islamist,
                                                      {"gov[Pakistan]": "islamist_rule", "wmd_box_pakistan": 3}, None),
    "cards_conserved": (lambda d: d["discard"].append(d["deck"][0]), {"card[1]@deck": 1, "card[1]@discard": 1}, None),
    "first_plot_box_single": (_draw_two_into_first_plot, {"card[1]@first_plot": 1, "card[2]@first_plot": 1}, None),
    "game_length": (_set(("reshuffles", 2)), {"reshuffles": 2, "decks": 1}, None),
    "us_posture_on_gwot_track": (_set(("countries", "United States", "posture", "hard")),
                                 {"posture[United States]": "hard"}, None),
    "israel_always_hard": (_set(("countries", "Israel", "posture", "soft")), {"posture[Israel]": "soft"}, None),
    "iran_no_posture_or_alignment": (_set(("countries", "Iran", "posture", "hard")), {"posture[Iran]": "hard"}, None),
    "non_muslim_no_muslim_markers": (_set(("countries", "France", "aid", 1)), {"aid[France]": 1}, None),
    "muslim_no_posture": (_set(("countries", "Iraq", "posture", "soft")), {"posture[Iraq]": "soft"}, None),
    "muslim_marked_iff_aligned": (lambda d: d["countries"][_untested_muslim(d)].update(align="ally"), {}, None),
    "regime_change_only_poor_or_fair": (_regime_change_on_good, {"rc[Iraq]": "tan", "gov[Iraq]": "good"}, None),
    "cadre_single": (_set(("countries", "Iraq", "cadre", 2)), {"cadre[Iraq]": 2}, None),
    "besieged_single": (_set(("countries", "Iraq", "besieged", 2)), {"besieged[Iraq]": 2}, None),
    "nato_only_on_regime_change": (lambda d: d["countries"]["Iraq"]["markers"].append("NATO"),
                                   {"nato[Iraq]": 1, "rc[Iraq]": "none"}, None),
    "sadr_only_in_iraq": (lambda d: d["countries"]["Syria"]["markers"].append("Moqtada al-Sadr"),
                          {"sadr[Syria]": 1}, None),
    # derived quantities: a wrong Python function is caught (the z3 function is the reference)
    "world_posture_matches_model": (_five_hard, {"model_world_posture": 6, "posture[France]": "hard"},
                                    {"model_world_posture": lambda d: sum(  # the cap at 3 forgotten
                                        (c["posture"] == "hard") - (c["posture"] == "soft")
                                        for c in d["countries"].values())}),
    "gwot_penalty_matches_model": (_world_hard_us_hard, {"model_gwot_penalty": 3, "us_posture": "hard"},
                                   {"model_gwot_penalty": lambda d: 3}),
    "troops_level_matches_model": (lambda d: None, {"model_troops_level": 1, "troops_track": 11},
                                   {"model_troops_level": lambda d: 1}),
    "funding_level_matches_model": (_set(("funding", 4)), {"model_funding_level": 0, "funding": 4},
                                    {"model_funding_level": lambda d: 0 if d["funding"] <= 4 else 1}),
    "available_cells_matches_model": (_set(("funding", 3)),
                                      {"model_available_cells": 11, "cells_track": 11, "funding": 3},
                                      {"model_available_cells": lambda d: d["cells_track"]}),
    "hand_sizes_match_model": (lambda d: None, {"model_hand_US": 7, "troops_track": 11},
                               {"model_hand_US": lambda d: 7}),
}


def test_every_invariant_has_a_broken_state():
    assert sorted(BROKEN) == sorted(ALL_NAMES)


@pytest.mark.parametrize("name", sorted(BROKEN))
def test_a_broken_state_violates_exactly_its_invariant_with_the_values_that_break_it(name):
    mutate, expected, derived = BROKEN[name]
    d = initial_state("lets_roll")
    mutate(d)
    res = check_state(d, MAP, derived=derived)
    bad = failing(res)
    assert list(bad) == [name], bad
    cex = bad[name]
    for var, value in expected.items():
        assert cex.get(var) == value, (var, cex)
    if name == "muslim_marked_iff_aligned":
        n = _untested_muslim(initial_state("lets_roll"))
        assert cex == {f"gov[{n}]": "none", f"align[{n}]": "ally"}
    assert_agrees_with_python(d, res)


@pytest.mark.rule("4.3.2")
def test_a_us_without_posture_breaks_the_same_invariant_in_z3_and_in_python():
    """4.3.2: the US Posture is Hard or Soft. With none, z3's us_posture_on_gwot_track fails and
    so does its Python counterpart (consistency.postures_placed): the loader refuses the state."""
    d = initial_state("lets_roll")
    d["us_posture"] = None
    res = check_state(d, MAP)
    assert list(failing(res)) == ["us_posture_on_gwot_track"]
    assert py_inv.postures_placed(d, MAP.muslim) == ["us_posture: None: the US Posture is Hard or Soft (4.3.2)"]
    assert_agrees_with_python(d, res)


@pytest.mark.rule("4.6.1")
def test_a_counterexample_of_a_sum_names_the_pieces_that_are_there():
    """A failed conservation part mentions 39 variables: the counterexample keeps those that are
    not 0 (the cubes actually present)."""
    d = initial_state("lets_roll")
    d["countries"]["Afghanistan"]["troops"] += 1
    res = failing(check_state(d, MAP))
    cex = res["troop_cubes_conserved"]
    on_map = {f"troops[{n}]": c["troops"] for n, c in d["countries"].items() if c["troops"]}
    assert cex == {"troops_track": d["troops_track"], **on_map}


def test_only_restricts_the_invariants_checked():
    d = initial_state("lets_roll")
    d["prestige"] = 0
    res = check_state(d, MAP, only={"prestige_bounds", "funding_bounds"})
    assert [(r["name"], r["holds"]) for r in res] == [("prestige_bounds", False), ("funding_bounds", True)]


def test_a_value_outside_an_enumeration_is_a_clear_error():
    d = initial_state("lets_roll")
    d["countries"]["Iraq"]["gov"] = "excellent"
    with pytest.raises(ValueError, match=r"gov\[Iraq\] = 'excellent'"):
        check_state(d, MAP)


def test_derived_quantities_agree_with_the_model_on_their_whole_range():
    """tracks.py against the z3 functions for every Funding 1-9 with every cell count 0-15, and
    every troop count 0-15 (the pieces moved between track and map to keep 4.6.1)."""
    only = {"funding_level_matches_model", "available_cells_matches_model", "troops_level_matches_model",
            "hand_sizes_match_model"}
    for funding in range(1, 10):
        for track in range(16):
            d = initial_state("lets_roll")
            for c in d["countries"].values():
                c["sleepers"] = c["actives"] = 0
            d["funding"], d["cells_track"] = funding, track
            d["countries"]["Afghanistan"]["sleepers"] = 15 - track
            assert failing(check_state(d, MAP, only=only)) == {}, (funding, track)
    for track in range(16):
        d = initial_state("lets_roll")
        on_map = 15 - track
        for c in d["countries"].values():
            c["troops"] = 0
        d["troops_track"], d["countries"]["Iraq"]["troops"] = track, on_map
        assert failing(check_state(d, MAP)) == {}, track


def test_the_non_invariants_are_documented_with_the_rule_that_breaks_them():
    names = {ni.name for ni in NON_INVARIANTS}
    assert {"good_has_no_aid", "islamist_rule_is_adversary", "cadre_means_no_cells"} <= names
    assert not names & set(ALL_NAMES)
    assert all(ni.why and ni.rule for ni in NON_INVARIANTS)


def test_every_state_invariant_cites_a_rule():
    for inv in state_invariants(SymState(FACTS, "r:")):
        assert inv.rule and inv.text and inv.parts, inv.name


@pytest.mark.parametrize("rulings", [{}, {"plot_markers_reusable": False}])
def test_the_check_reads_the_canonical_state_with_the_rulings(rulings):
    """``cdg-oracle verify`` evaluates the invariants on the canonical state (``canonical()``, the
    contract's) plus the rulings (``rulings_dict()``: the canonical state leaves them out, and the
    plot markers in the game depend on D01): the same verdicts and counterexamples as on the
    model's state dict, along a solo and a two-player game; without the rulings it cannot run."""
    for options in (None, {"solo": True, "ideology": "potent"}):
        rng = random.Random(7)
        st = new_game("lets_roll", rulings=rulings, options=options)
        for steps in range(300):
            if steps % 20 == 0 or st.is_terminal():
                assert check_state(st.canonical(), st.map, rulings=st.rulings_dict()) == check_state(st.d, st.map)
            if st.is_terminal():
                break
            legal = st.legal_actions()
            st.apply(sample_chance(rng, st.chance_outcomes()) if st.current_player() == "chance"
                     else legal[rng.randrange(len(legal))])
    st = new_game("lets_roll", rulings=rulings)
    d = st.canonical()
    d["plots_available"] = d["plots_available"][1:]  # a numbered marker lost: caught on the canonical state too
    assert list(failing(check_state(d, st.map, rulings=st.rulings_dict()))) == ["numbered_plots_conserved"]
    with pytest.raises(KeyError):
        check_state(new_game("lets_roll").canonical(), MAP)
