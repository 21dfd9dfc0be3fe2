"""Readings of the Jihadist operations and the solo Radicalization (issue 7): each Rulings switch
below is exercised in a built position under its default and its alternative reading, with the
exact result of each.

- ``abu_sayyaf_prestige_tie`` (A03, card 57): the Prestige cost of a plot placed in the Philippines;
- ``travel_roll_strict`` (D07, 8.3.1): a non-adjacent Travel roll <= or < the Governance value;
- ``cadre_removed_by_travel`` (A31, 4.8.4): a cell Travelling into a Cadre's country;
- ``radicalization_failed_step`` (A23, 9.4.3): a Radicalization step whose condition fails.
"""
from __future__ import annotations

import pytest

from tests.labyrinth.harness import conserve, feed, finished, position, run_proc, start_proc, with_rulings
from tests.labyrinth.solo.helpers import cells, country, run_solo, solo_position

J = "Jihadist"


def jpos(countries: dict | None = None, rulings: dict | None = None, **tracks):
    """A Let's Roll position (cubes and cylinders conserved) under ``rulings``."""
    st = position("lets_roll", countries=countries, **tracks)
    conserve(st)
    return with_rulings(st, **(rulings or {}))


def jop(st, proc: str, script: list, value: int):
    card = {1: 100, 2: 28, 3: 78}[value]
    return run_proc(st, proc, script, side=J, card=card, value=value)


# == A03: card 57 Abu Sayyaf ======================================================================
@pytest.mark.rule("card 57", "8.5.2")
@pytest.mark.parametrize("reading,n_troops,n_cells,prestige", [
    ("troops_not_more", 2, 2, 6),     # equal: troops do not outnumber the cells -> -1 (card text)
    ("cells_more", 2, 2, 7),          # equal: cells do not outnumber the troops -> no cost
    ("troops_not_more", 1, 2, 6), ("cells_more", 1, 2, 6),     # more cells: -1 either way
    ("troops_not_more", 3, 2, 7), ("cells_more", 3, 2, 7),     # more troops: no cost either way
])
@pytest.mark.reading("A03")
def test_a03_abu_sayyaf_plot_prestige_when_cells_equal_troops(reading, n_troops, n_cells, prestige):
    """A03, ruling ``abu_sayyaf_prestige_tie``: Abu Sayyaf in effect, a one-die Plot in the
    Philippines (Fair, die 1: success) places a '1' plot. With 2 cells and 2 troops it costs 1
    Prestige by the card's text (troops_not_more) and nothing by the clarification (cells_more);
    with unequal numbers both readings agree."""
    st = jpos({"Philippines": {"sleepers": n_cells, "troops": n_troops, "posture": "soft",
                               "markers": ["Abu Sayyaf"]}},
              rulings={"abu_sayyaf_prestige_tie": reading}, prestige=7, plots_available=[1, 2, 3])
    jop(st, "op_plot", [{"country": "Philippines"}, 1, {"plot": 1}], 1)
    assert country(st, "Philippines")["plots"] == [1]
    assert st.d["prestige"] == prestige
    assert ("card 57" in st.trail) is (prestige == 6)


# == D07: the non-adjacent Travel roll ============================================================
@pytest.mark.rule("8.3.1", "8.3.2", "8.1.1")
@pytest.mark.parametrize("strict,dest,gov,die,arrives", [
    (False, "Iraq", None, 3, True), (True, "Iraq", None, 3, False),     # Poor (3): a 3
    (False, "Iraq", None, 2, True), (True, "Iraq", None, 2, True),      # a 2: both
    (False, "Syria", None, 2, True), (True, "Syria", None, 2, False),   # Fair (2): a 2
    (True, "Syria", None, 1, True),
    (False, "Egypt", "good", 1, True), (True, "Egypt", "good", 1, False),  # Good (1): never strict
])
@pytest.mark.reading("D07")
def test_d07_non_adjacent_travel_roll_at_most_or_less_than(strict, dest, gov, die, arrives):
    """D07, ruling ``travel_roll_strict``: Afghanistan -> a non-adjacent destination. False (IT/PL,
    8.1.1): the cell arrives on a die <= the destination's Governance value; True (ES '<'): only on
    a die strictly less, so a Good destination is never reached by a roll. A failed roll sends the
    cell to the Funding track (8.3.2)."""
    changes = {"Afghanistan": {"sleepers": 2}}
    if gov:
        changes[dest] = {"gov": gov, "align": "ally"}
    st = jpos(changes, rulings={"travel_roll_strict": strict})
    assert not st.map.are_adjacent("Afghanistan", dest)
    track = st.d["cells_track"]
    jop(st, "op_travel", [{"from": "Afghanistan"}, {"to": dest}, die], 1)
    assert cells(st, dest) == (1 if arrives else 0)
    assert cells(st, "Afghanistan") == 1
    assert st.d["cells_track"] == track + (0 if arrives else 1)
    assert ("8.3.1" if arrives else "8.3.2") in st.trail


@pytest.mark.rule("8.3.1", "card 2")
@pytest.mark.parametrize("strict", [False, True])
def test_d07_biometrics_adjacent_good_roll_is_not_changed(strict):
    """D07 concerns the non-adjacent roll only: card 2 Biometrics' roll for an adjacent Good
    destination (A48: a 1) succeeds on a 1 under both readings of ``travel_roll_strict``.
    Pakistan -> India (adjacent, Good)."""
    st = jpos({"Pakistan": {"sleepers": 1}, "India": {"posture": "soft"}, "Afghanistan": {"sleepers": 0}},
              rulings={"travel_roll_strict": strict})
    st.d["lapsing"].append(2)
    for zone in ("deck", "discard"):
        if 2 in st.d[zone]:
            st.d[zone].remove(2)
    for hand in st.d["hands"].values():
        if 2 in hand:
            hand.remove(2)
    jop(st, "op_travel", [{"from": "Pakistan"}, {"to": "India"}, 1], 1)
    assert country(st, "India")["sleepers"] == 1 and country(st, "Pakistan")["sleepers"] == 0


# == A31: a cell Travelling into a Cadre's country ================================================
@pytest.mark.rule("8.3.1", "4.8.4")
@pytest.mark.parametrize("removes", [False, True])
@pytest.mark.reading("A31")
def test_a31_op_travel_into_a_cadre_country(removes):
    """A31, ruling ``cadre_removed_by_travel``: a Travel op Afghanistan -> Pakistan (adjacent) where
    a Cadre lies. False (4.8.4: only a cell from the Funding track removes it): the Cadre stays
    beside the cell; True: the arriving cell removes it."""
    st = jpos({"Pakistan": {"cadre": True}}, rulings={"cadre_removed_by_travel": removes})
    jop(st, "op_travel", [{"from": "Afghanistan"}, {"to": "Pakistan"}], 1)
    assert cells(st, "Pakistan") == 1 and cells(st, "Afghanistan") == 3
    assert country(st, "Pakistan")["cadre"] is (not removes)
    assert ("4.8.4" in st.trail) is removes


@pytest.mark.rule("8.3.1", "4.8.4")
@pytest.mark.parametrize("removes", [False, True])
def test_a31_travel_in_place_never_removes_a_cadre(removes):
    """A31 concerns a cell Travelling *into* the country: Iraq holds a Cadre and an Active cell
    that travels in place (turning Sleeper); the Cadre stays under both readings."""
    st = jpos({"Iraq": {"actives": 1, "cadre": True}}, rulings={"cadre_removed_by_travel": removes})
    jop(st, "op_travel", [{"from": "Iraq"}, {"to": "Iraq"}], 1)
    assert (country(st, "Iraq")["sleepers"], country(st, "Iraq")["actives"]) == (1, 0)
    assert country(st, "Iraq")["cadre"] is True


@pytest.mark.rule("8.3.2", "4.8.4")
@pytest.mark.parametrize("removes", [False, True])
def test_a31_failed_travel_roll_leaves_the_cadre(removes):
    """A31: only a cell that arrives removes the Cadre; a failed roll (Afghanistan -> Good Egypt,
    die 2) returns the cell to the track and Egypt's Cadre stays under both readings."""
    st = jpos({"Egypt": {"gov": "good", "align": "ally", "cadre": True}},
              rulings={"cadre_removed_by_travel": removes})
    jop(st, "op_travel", [{"from": "Afghanistan"}, {"to": "Egypt"}, 2], 1)
    assert cells(st, "Egypt") == 0 and country(st, "Egypt")["cadre"] is True


@pytest.mark.rule("card 79", "8.3", "4.8.4")
@pytest.mark.parametrize("removes", [False, True])
@pytest.mark.reading("A31")
def test_a31_event_automatic_travel_into_a_cadre_country(removes):
    """A31 in the events' automatic Travel: card 79 Clean Operatives moves 2 cells from Afghanistan
    to Syria (tested, no roll) where a Cadre lies. False: the Cadre stays; True: the first arriving
    cell removes it."""
    st = jpos({"Syria": {"cadre": True}}, rulings={"cadre_removed_by_travel": removes})
    start_proc(st, "event", card=79, side=J, trigger="play")
    feed(st, [{"from": "Afghanistan"}, {"to": "Syria"}, {"from": "Afghanistan"}, {"to": "Syria"}])
    assert finished(st)
    assert country(st, "Syria")["sleepers"] == 2 and country(st, "Afghanistan")["sleepers"] == 2
    assert country(st, "Syria")["cadre"] is (not removes)
    assert st.trail.count("4.8.4") == (1 if removes else 0)


@pytest.mark.rule("9.4.3", "4.8.4")
@pytest.mark.parametrize("removes", [False, True])
@pytest.mark.reading("A31")
def test_a31_solo_radicalization_travel_into_a_cadre_country(removes):
    """A31 in the solo automatic Travel (9.4.3): no cell on the track; the Radicalization Travel
    goes to box 2 (Poor Iraq, 3 cells, with a Cadre) from Islamist Rule Afghanistan, without a
    roll. False: Iraq's Cadre stays; True: the arriving cell removes it."""
    st = solo_position("lets_roll", bare=True, rulings={"cadre_removed_by_travel": removes},
                       countries={"Afghanistan": {"cells": 12}, "Iraq": {"cells": 3, "cadre": True},
                                  "Somalia": {"besieged": True}})
    assert st.d["cells_track"] == 0
    run_solo(st, "solo_radicalization", [], value=1, card_value=1)
    assert (cells(st, "Iraq"), cells(st, "Afghanistan")) == (4, 11)
    assert country(st, "Iraq")["cadre"] is (not removes)


# == A23: 9.4.3 Radicalization, a step whose condition fails =======================================
@pytest.mark.rule("9.4.3", "9.3.2")
@pytest.mark.parametrize("reading", ["skip_to_next", "op_spent"])
@pytest.mark.reading("A23")
def test_a23_radicalization_failed_first_step(reading):
    """A23, ruling ``radicalization_failed_step``: 3 ops, no cell on the Funding track (step 1
    fails), Funding 8. skip_to_next: op 1 Travels (Afghanistan -> Iraq, box 2), op 2 places a plot
    in Iraq (die 6: a '3'), op 3 worsens Pakistan (die 3 of Gulf States/Pakistan/Syria). op_spent:
    op 1 is spent on the failed step 1, op 2 Travels, op 3 places the plot; nothing is worsened."""
    st = solo_position("lets_roll", bare=True, rulings={"radicalization_failed_step": reading},
                       countries={"Afghanistan": {"cells": 12}, "Iraq": {"cells": 3}}, funding=8)
    assert st.d["cells_track"] == 0
    script = [6, 3] if reading == "skip_to_next" else [6]
    run_solo(st, "solo_radicalization", script, value=3, card_value=3)
    assert cells(st, "Iraq") == 4 and country(st, "Iraq")["plots"] == [3]
    assert country(st, "Pakistan")["gov"] == ("poor" if reading == "skip_to_next" else "fair")
    assert [country(st, n)["gov"] for n in ("Gulf States", "Syria")] == ["fair", "fair"]


@pytest.mark.rule("9.4.3")
@pytest.mark.parametrize("reading", ["skip_to_next", "op_spent"])
@pytest.mark.reading("A23")
def test_a23_radicalization_failed_plot_step(reading):
    """A23: 3 ops at Funding 9 (step 3's plot cannot apply). Op 1 places a cell (gap node: Iraq),
    op 2 Travels it (box 3: Gulf States). skip_to_next: op 3 passes over the plot step and worsens
    a random Good/Fair Muslim country (die 5 of Gulf States/Pakistan/Syria: Syria); op_spent: op 3
    is spent on the failed plot step and nothing is worsened."""
    st = solo_position("lets_roll", bare=True, rulings={"radicalization_failed_step": reading})
    assert st.d["funding"] == 9
    script = [{"country": "Iraq"}] + ([5] if reading == "skip_to_next" else [])
    run_solo(st, "solo_radicalization", script, value=3, card_value=3)
    assert cells(st, "Gulf States") == 1 and cells(st, "Iraq") == 0
    assert country(st, "Syria")["gov"] == ("poor" if reading == "skip_to_next" else "fair")
    assert [country(st, n)["gov"] for n in ("Gulf States", "Pakistan")] == ["fair", "fair"]
