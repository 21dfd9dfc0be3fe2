"""Readings of the plot rules made executable (issue 7; registry model/labyrinth/data/ambiguities/,
dossier seed_labyrinth.md section g). Each test builds a position where the two readings of one
registry entry part ways and asserts the result of each:

    D01  plot_markers_reusable  4.8.1, 7.5.3, 8.5.6  a numbered marker returns to Available (True) or
                                                     leaves the game (False, ``d["plots_removed"]``)
    D08  us_plot_roll           8.5.6  a plot in the US: a Prestige roll, or a second US Posture roll
    D10  schengen_extra_rolls   8.5.6  the two other Schengen Posture rolls: mandatory or optional
    D11  plot_funding_islamist_rule  8.5.6  FUNDING under Islamist Rule: +1, or nothing
    D27  aid_removed_per        7.2.2.3  each successful Jihad or plot die removes an Aid, or each die

An int in a script is a die.
"""
from __future__ import annotations

from collections import Counter

import pytest

from cdg_oracle.model.labyrinth import new_game
from cdg_oracle.oracle.playout import play_random
from tests.labyrinth.harness import conserve, feed, finished, position, run_proc, start_proc, with_rulings
from tests.labyrinth.solo.helpers import run_solo, solo_position

NUMBERED = [1, 1, 2, 2, 3, 3]


def ppos(rulings: dict, countries: dict | None = None, **tracks):
    """A Let's Roll position (cubes and cylinders conserved) under ``rulings``."""
    st = position("lets_roll", countries=countries, **tracks)
    conserve(st)
    return with_rulings(st, **rulings)


def off_the_map(plot) -> list:
    avail = list(NUMBERED)
    avail.remove(plot)
    return avail


def resolve(st, name: str, plot, script: list):
    st.d["countries"][name]["plots"].append(plot)
    start_proc(st, "resolve_plot", country=name, plot=plot)
    feed(st, script)
    assert finished(st), st.decision()
    return st


def numbered_markers(d: dict) -> list:
    """The numbered plot markers Available, on the map, set aside (9.3.3) and out of the game (D01)."""
    on_map = [p for c in d["countries"].values() for p in c["plots"] if p != "WMD"]
    return sorted(d["plots_available"] + on_map + d.get("plots_set_aside", []) + d.get("plots_removed", []))


def country(st, name: str) -> dict:
    return st.d["countries"][name]


# == D01 plot_markers_reusable ====================================================================
@pytest.mark.rule("4.8.1", "8.5.6")
@pytest.mark.parametrize("reusable,available,removed", [
    (True, NUMBERED, None),               # PL/ES 4.8.1, IT 8.5.6: back to Available Plots
    (False, [1, 1, 2, 3, 3], [2]),        # IT 4.8.1 "non possono essere riutilizzati": out of the game
])
@pytest.mark.reading("D01")
def test_d01_resolved_numbered_plot_marker(reusable, available, removed):
    """D01, 4.8.1 / 8.5.6 MARKER: a '2' plot resolved in Iraq (its die fails). Reusable: the marker
    is Available again; single use: it leaves the game, recorded in ``plots_removed``."""
    st = ppos({"plot_markers_reusable": reusable}, {"Iraq": {"sleepers": 2}}, funding=3,
              plots_available=off_the_map(2))
    resolve(st, "Iraq", 2, [6, 6])
    assert country(st, "Iraq")["plots"] == [] and st.d["funding"] == 4
    assert st.d["plots_available"] == available
    assert st.d.get("plots_removed") == removed
    assert ("4.8.1" in st.trail) is (not reusable)
    assert numbered_markers(st.d) == NUMBERED


@pytest.mark.rule("4.8.1", "7.5.3")
@pytest.mark.parametrize("reusable,available,removed", [
    (True, [1, 1, 2, 2, 3, 3], None),
    (False, [1, 1, 2, 3, 3], [2]),
])
@pytest.mark.reading("D01")
def test_d01_alerted_numbered_plot_marker(reusable, available, removed):
    """D01, 4.8.1 / 7.5.3: Alert (card 39, value 3) blocks the '2' plot in Iraq. Reusable: it
    returns face down to Available Plots; single use: it leaves the game."""
    st = ppos({"plot_markers_reusable": reusable}, {"Iraq": {"sleepers": 1, "plots": [2]}},
              plots_available=off_the_map(2))
    run_proc(st, "op_alert", [{"country": "Iraq"}, {"plot": 2}], side="US", card=39, value=3)
    assert country(st, "Iraq")["plots"] == []
    assert st.d["plots_available"] == available
    assert st.d.get("plots_removed") == removed
    assert numbered_markers(st.d) == NUMBERED


@pytest.mark.rule("4.8.1", "8.5.2")
@pytest.mark.parametrize("reusable,script,placed", [
    (True, [{"country": "Iraq"}, 1, {"plot": 1}], [1, 1, 2, 2, 3, 3]),
    (False, [{"country": "Iraq"}, 1], [1, 2, 2, 3, 3]),
])
@pytest.mark.reading("D01")
def test_d01_no_marker_left_a_plot_success_places_nothing(reusable, script, placed):
    """D01, 8.5.2 (A18): all six numbered markers are on the map (Iraq), no WMD is Available. A '1'
    plot there is resolved (die 6), then a Plot operation (card value 1) succeeds in Iraq.
    Reusable: the '1' is Available again and is placed. Single use: it left the game, nothing is
    Available and the success places nothing -- the operation ends, no question without an answer."""
    st = ppos({"plot_markers_reusable": reusable}, {"Iraq": {"sleepers": 2, "plots": [1, 2, 2, 3, 3]}},
              plots_available=[], wmd_available=0)
    resolve(st, "Iraq", 1, [6])
    assert numbered_markers(st.d) == NUMBERED and st.d["plots_available"] == ([1] if reusable else [])
    run_proc(st, "op_plot", script, side="Jihadist", card=100, value=1)
    assert sorted(country(st, "Iraq")["plots"]) == placed
    assert st.d["plots_available"] == []
    assert numbered_markers(st.d) == NUMBERED


@pytest.mark.rule("4.8.1", "8.5.6", "7.5.3", "9.3.3")
@pytest.mark.parametrize("solo", [False, True])
@pytest.mark.parametrize("reusable", [True, False])
@pytest.mark.reading("D01")
def test_d01_random_games_account_for_every_marker(reusable, solo):
    """D01: random games (seeds 0-3, two-player and solo) under each reading end, and in every state
    the six numbered markers are Available, on the map, set aside or out of the game. Reusable: no
    marker ever leaves the game; single use: some do, and none is ever Available again."""
    removed_at_end = []
    for seed in range(4):
        st = new_game("lets_roll", rulings={"plot_markers_reusable": reusable},
                      options={"solo": True} if solo else None)
        seen_removed = []

        def check(s, player, action, legal):
            assert numbered_markers(s.d) == NUMBERED
            gone = s.d.get("plots_removed", [])
            assert not (Counter(seen_removed) - Counter(gone))   # a marker out of the game stays out
            seen_removed[:] = gone

        play_random(st, seed, on_step=check)
        assert st.is_terminal() and numbered_markers(st.d) == NUMBERED
        removed_at_end.append(len(st.d.get("plots_removed", [])))
    if reusable:
        assert removed_at_end == [0, 0, 0, 0]
    else:
        assert sum(removed_at_end) > 0


# == D08 us_plot_roll ===============================================================================
@pytest.mark.rule("8.5.6", "4.9.3", "4.7.1")
@pytest.mark.parametrize("reading,script,us_posture,prestige", [
    ("prestige", [4, 5, 3, 2], "hard", 9),    # Posture 4+1 Hard; Prestige roll: 5 up, by min(3, 2)
    ("posture", [4, 1], "soft", 7),           # Posture 4+1 Hard, then a second roll 1+1 Soft
])
@pytest.mark.reading("D08")
def test_d08_plot_in_the_united_states(reading, script, us_posture, prestige):
    """D08, 8.5.6 PRESTIGE: a '3' plot resolved in the United States (Funding 9, a US Posture roll).
    "prestige" (IT/ES): then a Prestige roll (3 dice); "posture" (PL literal): a second US Posture
    roll instead, and Prestige does not move."""
    st = ppos({"us_plot_roll": reading}, {"United States": {"sleepers": 1}}, funding=2, prestige=7,
              us_posture="soft", plots_available=off_the_map(3))
    resolve(st, "United States", 3, script)
    assert st.d["funding"] == 9
    assert st.d["us_posture"] == us_posture
    assert st.d["prestige"] == prestige
    assert ("4.7.1" in st.trail) is (reading == "prestige")


# == D10 schengen_extra_rolls =======================================================================
OTHERS_OF_FRANCE = ["Benelux", "Eastern Europe", "Germany", "Italy", "Scandinavia", "Spain"]


@pytest.mark.rule("8.5.6", "4.5")
@pytest.mark.parametrize("reading,offered", [
    ("mandatory", [{"country": n} for n in OTHERS_OF_FRANCE]),
    ("optional", [{"country": n} for n in OTHERS_OF_FRANCE] + ["done"]),
])
@pytest.mark.reading("D10")
def test_d10_schengen_question(reading, offered):
    """D10, 8.5.6 POSTURE: after France's own Posture roll the Jihadist chooses two other Schengen
    countries. "mandatory" (IT/PL): only countries are offered; "optional" (ES "puede elegir"): he
    may also answer "done" and roll neither -- but once one country is chosen the second follows."""
    st = ppos({"schengen_extra_rolls": reading}, {"France": {"posture": "soft", "sleepers": 1}},
              plots_available=off_the_map(1))
    st.d["countries"]["France"]["plots"].append(1)
    start_proc(st, "resolve_plot", country="France", plot=1)
    feed(st, [5])
    assert st.decision()["player"] == "Jihadist"
    assert st.legal_actions() == offered
    feed(st, [{"country": "Germany"}, 1])
    assert st.legal_actions() == [{"country": n} for n in OTHERS_OF_FRANCE if n != "Germany"]
    feed(st, [{"country": "Spain"}, 6])
    assert finished(st)
    assert [country(st, n)["posture"] for n in ("France", "Germany", "Spain")] == ["hard", "soft", "hard"]


@pytest.mark.rule("8.5.6", "4.5")
@pytest.mark.reading("D10")
def test_d10_optional_the_jihadist_declines_both_rolls():
    """D10 "optional": answering "done" ends the Schengen step: no other Schengen Posture is rolled
    (no further die), and the plot's marker returns."""
    st = ppos({"schengen_extra_rolls": "optional"}, {"France": {"posture": "soft", "sleepers": 1}},
              plots_available=off_the_map(1))
    resolve(st, "France", 1, [5, "done"])
    assert country(st, "France")["posture"] == "hard"
    assert all(country(st, n)["posture"] is None for n in OTHERS_OF_FRANCE)
    assert st.d["plots_available"] == NUMBERED
    # "done" is no legal answer under the default reading
    st = ppos({}, {"France": {"posture": "soft", "sleepers": 1}}, plots_available=off_the_map(1))
    st.d["countries"]["France"]["plots"].append(1)
    start_proc(st, "resolve_plot", country="France", plot=1)
    feed(st, [5])
    assert "done" not in st.legal_actions()


@pytest.mark.rule("8.5.6", "9.5")
@pytest.mark.parametrize("reading", ["mandatory", "optional"])
def test_d10_solo_bot_always_rolls_both(reading):
    """D10 in a solo game: the bot picks the two other countries on the Schengen table (9.5) under
    either reading ("done" is never offered to it): France's roll 5, table 3 Germany (roll 1), table
    6 Italy (roll 6)."""
    st = solo_position(rulings={"schengen_extra_rolls": reading},
                       countries={"France": {"posture": "soft", "cells": 1, "plots": [1]}},
                       plots_available=off_the_map(1))
    run_solo(st, "resolve_plot", [5, 3, 1, 6, 6], country="France", plot=1, backlash=False)
    assert [country(st, n)["posture"] for n in ("France", "Germany", "Italy")] == ["hard", "soft", "hard"]
    assert all(country(st, n)["posture"] is None for n in ("Benelux", "Spain", "Scandinavia"))


# == D11 plot_funding_islamist_rule =================================================================
@pytest.mark.rule("8.5.6")
@pytest.mark.parametrize("reading,gov,script,funding", [
    ("plus_one", "islamist_rule", [], 6),     # IT "peggiore rispetto a Buono": +1
    ("none", "islamist_rule", [], 5),         # PL/ES "Fair or Poor": nothing under Islamist Rule
    ("plus_one", "poor", [6, 6], 6),
    ("none", "poor", [6, 6], 6),              # Poor: +1 under both readings
])
@pytest.mark.reading("D11")
def test_d11_funding_for_a_plot_under_islamist_rule(reading, gov, script, funding):
    """D11, 8.5.6 FUNDING (A43): a '2' plot resolved in Iraq, Funding 5 before. Under Islamist Rule
    (fallen since the plot was placed) "plus_one" gives +1, "none" gives nothing; a Poor Iraq gives
    +1 under both."""
    st = ppos({"plot_funding_islamist_rule": reading},
              {"Iraq": {"gov": gov, "actives": 2, "plots": [2]}}, funding=5, plots_available=off_the_map(2))
    run_proc(st, "resolve_plots", script)
    assert st.d["funding"] == funding
    assert country(st, "Iraq")["gov"] == gov and country(st, "Iraq")["plots"] == []


# == D27 aid_removed_per ============================================================================
@pytest.mark.rule("7.2.2.3", "8.4.1")
@pytest.mark.parametrize("reading,gov,aid,dice,after_gov,after_aid", [
    ("success", "fair", 3, [1, 5, 6], "poor", 2),   # 1 success: 1 Aid
    ("roll", "fair", 3, [1, 5, 6], "poor", 0),      # 3 dice rolled: 3 Aid
    ("success", "poor", 2, [6, 6], "poor", 2),      # no success: no Aid
    ("roll", "poor", 2, [6, 6], "poor", 0),         # 2 failed dice: 2 Aid
])
@pytest.mark.reading("D27")
def test_d27_jihad_dice_and_aid(reading, gov, aid, dice, after_gov, after_aid):
    """D27, 7.2.2.3 / 8.4.1: a Jihad in Iraq (an Ally) with Aid. "success" (PL/ES, IT 8.4.1): each
    successful die removes one Aid; "roll" (IT 7.2.2.3 literal): every die rolled does. The failures
    still remove cells (8.4.3)."""
    st = ppos({"aid_removed_per": reading}, {"Iraq": {"gov": gov, "align": "ally", "aid": aid, "sleepers": 3}})
    run_proc(st, "op_jihad", [{"country": "Iraq"}] * len(dice) + dice, side="Jihadist",
             card={2: 28, 3: 78}[len(dice)], value=len(dice))
    i = country(st, "Iraq")
    assert (i["gov"], i["aid"]) == (after_gov, after_aid)
    assert i["sleepers"] + i["actives"] == 3 - sum(1 for r in dice if r > {"fair": 2, "poor": 3}[gov])


@pytest.mark.rule("7.2.2.3", "8.5.6")
@pytest.mark.parametrize("reading,plot,dice,after_gov,after_aid", [
    ("success", 2, [1, 6], "poor", 1),     # 1 success: Fair -> Poor and 1 Aid
    ("roll", 2, [1, 6], "poor", 0),        # 2 dice rolled: 2 Aid
    ("success", 3, [6, 6, 6], "fair", 2),  # no success: nothing
    ("roll", 3, [6, 6, 6], "fair", 0),     # 3 failed dice: the 2 Aid go (never below 0)
])
@pytest.mark.reading("D27")
def test_d27_plot_governance_dice_and_aid(reading, plot, dice, after_gov, after_aid):
    """D27, 7.2.2.3 / 8.5.6 GOVERNANCE: a plot resolved in Jordan (Fair, Ally, 2 Aid) rolls its number
    of dice as Jihad dice. "success": each success removes an Aid and worsens Governance; "roll":
    every die rolled removes an Aid, Governance still worsens only on successes."""
    st = ppos({"aid_removed_per": reading}, {"Jordan": {"gov": "fair", "align": "ally", "aid": 2, "sleepers": 1}},
              plots_available=off_the_map(plot))
    resolve(st, "Jordan", plot, dice)
    assert (country(st, "Jordan")["gov"], country(st, "Jordan")["aid"]) == (after_gov, after_aid)
