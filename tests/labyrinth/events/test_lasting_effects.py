"""Lasting effects of event markers and lapsing events on the operations and other rules
(6.2.7, 6.2.8; the card list of the Italian rulebook, seeds/000_61ca04b15074b205.txt ~2478-2936).

For each effect: (1) it changes the rule it changes, and (2) it ends when its marker is removed
or blocked, or when the lapsing card leaves at the end of the turn (5.2.6). The markers are put
with ``lasting.place_marker`` (as the events do) or directly in the state; the lapsing cards are
moved to the Lapsing box. Positions start from the Let's Roll set-up (Iraq and Libya Poor
Adversary, Pakistan Fair Neutral, Syria Fair Adversary, Gulf States Fair Ally and Saudi Arabia
Poor Ally with 2 troops each, Afghanistan Islamist Rule with 4 Sleepers, US Hard, Funding 9,
Prestige 7, 11 troops on the track).
"""
from __future__ import annotations

import pytest

from cdg_oracle.model.labyrinth import victory
from cdg_oracle.model.labyrinth.countries import SADR, cells, set_governance, troops
from cdg_oracle.model.labyrinth.events.lasting import in_effect, lapsing_in_effect, marker_on, place_marker, remove_marker
from cdg_oracle.model.labyrinth.operations import jihadist as jops
from cdg_oracle.model.labyrinth.operations import us as usops
from cdg_oracle.model.labyrinth import consistency as inv
from tests.labyrinth.harness import conserve, feed, finished, position, probe_events, run_proc, start_proc

ZONES = ("deck", "discard", "removed", "lapsing", "first_plot", "in_play")


# -- helpers ------------------------------------------------------------------------------------
def pos(countries: dict | None = None, **tracks):
    """A Let's Roll position with ``countries`` edited and the cubes and cylinders conserved."""
    st = position("lets_roll", countries=countries, **tracks)
    conserve(st)
    return st


def take(st, n: int) -> None:
    """Take card ``n`` out of whatever zone or hand holds it."""
    d = st.d
    for zone in [d[z] for z in ZONES] + [d["hands"]["US"], d["hands"]["Jihadist"]]:
        if n in zone:
            zone.remove(n)
            return


def to_lapsing(st, n: int) -> None:
    """Card ``n``'s LAPSING event happened this turn: the card is in the Lapsing box (4.7.7.1)."""
    take(st, n)
    st.d["lapsing"].append(n)


def end_turn(st) -> None:
    """Run the end of the turn up to the deal's first draw: 5.2.6 has emptied the Lapsing box and
    ended the lapsing effects."""
    start_proc(st, "end_of_turn")
    assert st.current_player() == "chance" and "draw" in st.decision()["prompt"]


def us_op(st, proc: str, script: list, value: int = 3):
    return run_proc(st, proc, script, side="US", card={1: 2, 2: 12, 3: 39}[value], value=value)


def us_start(st, proc: str, value: int = 3):
    return start_proc(st, proc, side="US", card={1: 2, 2: 12, 3: 39}[value], value=value)


def j_op(st, proc: str, script: list, value: int = 1):
    return run_proc(st, proc, script, side="Jihadist", card={1: 100, 2: 28, 3: 78}[value], value=value)


def j_start(st, proc: str, value: int = 1):
    return start_proc(st, proc, side="Jihadist", card={1: 100, 2: 28, 3: 78}[value], value=value)


def options(st, key: str) -> list:
    return [a[key] for a in st.legal_actions()]


def put_plot(st, name: str, plot) -> None:
    """Move an Available plot marker onto ``name`` (no Abu Sayyaf or other placement effect)."""
    if plot == "WMD" and st.d["wmd_available"]:
        st.d["wmd_available"] -= 1
    elif plot == "WMD":
        st.d["wmd_boxes"][next(k for k, v in st.d["wmd_boxes"].items() if v)] -= 1
    else:
        st.d["plots_available"].remove(plot)
    st.d["countries"][name]["plots"].append(plot)
    st.d["countries"][name]["plots"].sort(key=str)


# ==============================================================================================
# Card 2 Biometrics (LAPSING)
# ==============================================================================================
def travel_position():
    """One Sleeper in Pakistan (Fair; adjacent: India Good, Gulf States Fair, Afghanistan IR, Iran,
    Indonesia/Malaysia); India's Posture set so that no test roll comes first."""
    st = pos({"Pakistan": {"sleepers": 1}, "India": {"posture": "soft"}, "Afghanistan": {"sleepers": 0}})
    return st


@pytest.mark.rule("card 2", "8.3.1")
@pytest.mark.parametrize("die, arrived", [(1, True), (2, False)])
def test_biometrics_travel_to_an_adjacent_good_country_must_roll(die, arrived):
    """Card 2: "lo spostamento a paesi Buoni adiacenti deve tirare per avere successo" (A48: <= 1,
    the Good value). Pakistan -> India (adjacent, Good): a die now; 1 arrives, 2 returns the cell
    to the Funding track (8.3.2)."""
    st = travel_position()
    to_lapsing(st, 2)
    track = st.d["cells_track"]
    j_start(st, "op_travel")
    feed(st, [{"from": "Pakistan"}, {"to": "India"}])
    assert st.legal_actions() == [{"die": n} for n in range(1, 7)]
    feed(st, [die])
    assert finished(st)
    assert st.d["countries"]["India"]["sleepers"] == (1 if arrived else 0)
    assert st.d["countries"]["Pakistan"]["sleepers"] == 0
    assert st.d["cells_track"] == track + (0 if arrived else 1)


@pytest.mark.rule("card 2", "8.3.1")
def test_biometrics_adjacent_travel_elsewhere_stays_automatic():
    """Card 2 names adjacent *Good* countries only: Pakistan -> Gulf States (adjacent, Fair) is
    still automatic (8.3.1), as is Travel in place."""
    st = travel_position()
    to_lapsing(st, 2)
    j_op(st, "op_travel", [{"from": "Pakistan"}, {"to": "Gulf States"}])
    assert st.d["countries"]["Gulf States"]["sleepers"] == 1


@pytest.mark.rule("card 2", "8.3.1")
def test_biometrics_forbids_non_adjacent_travel():
    """Card 2: "non è possibile lo spostamento non adiacente": the destinations offered are the
    origin and its adjacent countries only."""
    st = travel_position()
    to_lapsing(st, 2)
    j_start(st, "op_travel")
    feed(st, [{"from": "Pakistan"}])
    assert sorted(options(st, "to")) == sorted(["Pakistan", *st.map.adjacent("Pakistan")])
    assert "United States" not in options(st, "to")


@pytest.mark.rule("card 2", "4.7.7.3")
def test_biometrics_lasts_while_its_marker_replaces_the_card():
    """4.7.7.3: a lapsing card that left its box early (reshuffled) keeps its effect to the end of
    the turn (``lapsing_effects``)."""
    st = travel_position()
    take(st, 2)
    st.d["discard"].append(2)
    st.d["lapsing_effects"].append(2)
    j_start(st, "op_travel")
    feed(st, [{"from": "Pakistan"}])
    assert "United States" not in options(st, "to")


@pytest.mark.rule("card 2", "5.2.6")
def test_biometrics_ends_at_the_end_of_the_turn():
    """5.2.6: Biometrics leaves the Lapsing box at the end of the turn; then any destination may be
    declared again and Travel to adjacent India is automatic."""
    st = travel_position()
    to_lapsing(st, 2)
    end_turn(st)
    assert not lapsing_in_effect(st, 2) and 2 in st.d["discard"]
    j_start(st, "op_travel")
    feed(st, [{"from": "Pakistan"}])
    assert options(st, "to") == list(st.map.names)
    feed(st, [{"to": "India"}])
    assert finished(st) and st.d["countries"]["India"]["sleepers"] == 1


# ==============================================================================================
# Card 5 NEST
# ==============================================================================================
def nest_position(plots: list):
    st = pos()
    for p in plots:
        put_plot(st, "United States", p)
    return st


@pytest.mark.rule("card 5", "7.5.2", "7.5.3")
def test_nest_alert_chooses_the_face_up_wmd_plot_in_the_us():
    """Card 5: "Complotti WMD negli USA sono sempre a faccia in su": Alert in the US may take the WMD
    plot knowingly (no chance node); it is removed from the game (7.5.3)."""
    st = nest_position([1, "WMD"])
    place_marker(st, 5, "United States")
    us_start(st, "op_alert")
    feed(st, [{"country": "United States"}])
    assert st.current_player() == "US"
    assert st.legal_actions() == [{"plot": "WMD"}, {"plot": "face down"}]
    feed(st, [{"plot": "WMD"}])
    assert finished(st)
    assert st.d["countries"]["United States"]["plots"] == [1] and st.d["wmd_removed"] == 1


@pytest.mark.rule("card 5", "8.5.4")
def test_nest_other_plots_in_the_us_stay_face_down():
    """Card 5: the other plots in the US stay face down: choosing one of them is a chance node among
    them only (the WMD plot is not among the outcomes)."""
    st = nest_position([1, 2, "WMD"])
    place_marker(st, 5, "United States")
    us_start(st, "op_alert")
    feed(st, [{"country": "United States"}, {"plot": "face down"}])
    assert st.current_player() == "chance" and st.legal_actions() == [{"plot": 1}, {"plot": 2}]
    feed(st, [{"plot": 2}])
    assert finished(st) and st.d["countries"]["United States"]["plots"] == [1, "WMD"]


@pytest.mark.rule("card 5")
def test_nest_only_a_wmd_plot_is_still_a_choice():
    """A choice with one legal option is still posed: only the WMD plot in the US."""
    st = nest_position(["WMD"])
    place_marker(st, 5, "United States")
    us_start(st, "op_alert")
    feed(st, [{"country": "United States"}])
    assert st.current_player() == "US" and st.legal_actions() == [{"plot": "WMD"}]


@pytest.mark.rule("card 5", "8.5.4")
def test_without_nest_the_wmd_plot_in_the_us_is_face_down():
    """Without the NEST marker (or once it is removed) the US selects blindly: a chance node over
    all the plots there, weighted by their count."""
    st = nest_position([1, "WMD"])
    place_marker(st, 5, "United States")
    remove_marker(st, "NEST")
    us_start(st, "op_alert")
    feed(st, [{"country": "United States"}])
    assert st.current_player() == "chance"
    assert st.legal_actions() == [{"plot": 1}, {"plot": "WMD"}]


# ==============================================================================================
# Cards 11 Abbas and 36 Indo-Pakistani Talks
# ==============================================================================================
@pytest.mark.rule("card 11", "card 36", "8.5.6")
@pytest.mark.parametrize("card, name, country", [(11, "Abbas", "Israel"), (36, "Indo-Pakistani Talks", "India")])
def test_a_plot_resolved_there_removes_the_marker(card, name, country):
    """Card 11: "Rimuovere se viene risolto un complotto in Israele"; card 36: "Rimuovete il
    segnalino se viene risolto un complotto in India"."""
    st = pos({"India": {"posture": "hard"}})
    place_marker(st, card)
    put_plot(st, country, 1)
    start_proc(st, "resolve_plots")
    if not finished(st):
        feed(st, [6])  # India: its Posture roll (8.5.6)
    assert finished(st)
    assert not in_effect(st, name)


@pytest.mark.rule("card 11", "card 36", "7.5.3")
@pytest.mark.parametrize("card, name, country", [(11, "Abbas", "Israel"), (36, "Indo-Pakistani Talks", "India")])
def test_a_plot_elsewhere_or_blocked_leaves_the_marker(card, name, country):
    """A plot resolved in another country, or a plot blocked by Alert there (not resolved), leaves
    the marker in effect."""
    st = pos({"Iraq": {"sleepers": 1}})
    place_marker(st, card)
    put_plot(st, "Iraq", 1)
    put_plot(st, country, 2)
    us_op(st, "op_alert", [{"country": country}, {"plot": 2}])
    start_proc(st, "resolve_plots")
    feed(st, [6])  # the Governance die of the plot in Iraq
    assert finished(st) and st.d["countries"]["Iraq"]["plots"] == []
    assert in_effect(st, name)


# ==============================================================================================
# Card 1 Backlash
# ==============================================================================================
def backlash_position(funding: int = 5):
    st = pos({"Iraq": {"sleepers": 1}}, funding=funding)
    return st


@pytest.mark.rule("card 1", "8.5.6")
def test_backlash_plot_subtracts_the_funding_it_would_add():
    """Card 1: "Se non bloccato, il complotto sottrae invece che aggiungere Fondi": a plot in Poor
    Iraq adds 1; backlashed it takes 1 (5 -> 4), and the entry is consumed."""
    st = backlash_position()
    put_plot(st, "Iraq", 1)
    st.d["backlash_plots"].append({"country": "Iraq", "plot": 1})
    start_proc(st, "resolve_plots")
    feed(st, [6])
    assert finished(st)
    assert st.d["funding"] == 4 and st.d["backlash_plots"] == []


@pytest.mark.rule("card 1", "8.5.6")
def test_backlash_good_country_subtracts_two():
    """A plot in a Good Muslim country adds 2 Funding; backlashed it takes 2."""
    st = pos({"Gulf States": {"gov": "good", "sleepers": 1}}, funding=5)
    put_plot(st, "Gulf States", 2)
    st.d["backlash_plots"].append({"country": "Gulf States", "plot": 2})
    start_proc(st, "resolve_plots")
    feed(st, [6, 6])  # 2 Governance dice, both fail
    assert finished(st) and st.d["funding"] == 3


@pytest.mark.rule("card 1", "8.5.6")
def test_backlash_wmd_plot_sets_funding_to_one():
    """Card 1: "(se WMD, Fondi a 1)"."""
    st = backlash_position(funding=8)
    put_plot(st, "Iraq", "WMD")
    st.d["backlash_plots"].append({"country": "Iraq", "plot": "WMD"})
    start_proc(st, "resolve_plots")
    feed(st, [6, 6, 6])
    assert finished(st) and st.d["funding"] == 1 and st.d["wmd_removed"] == 1


@pytest.mark.rule("card 1", "8.5.6")
@pytest.mark.parametrize("backlash_first, funding", [(True, 9), (False, 8)])
def test_backlash_revealed_plot_is_a_distinct_choice_of_order(backlash_first, funding):
    """The backlashed plot is face up: with a face-down plot of the same number in the same country
    the Jihadist picks which to resolve first, and the clamps of the Funding track make the order
    matter: at Funding 9, -1 then +1 ends at 9; +1 (clamped) then -1 at 8."""
    st = backlash_position(funding=9)
    put_plot(st, "Iraq", 1)
    put_plot(st, "Iraq", 1)
    st.d["backlash_plots"].append({"country": "Iraq", "plot": 1})
    start_proc(st, "resolve_plots")
    first = [{"country": "Iraq", "plot": 1, "backlash": True}, {"country": "Iraq", "plot": 1}]
    assert st.legal_actions() == first
    feed(st, [first[0 if backlash_first else 1], 6, 6])  # the last plot: no order question
    assert finished(st) and st.d["funding"] == funding and st.d["backlash_plots"] == []


@pytest.mark.rule("card 1", "7.5.3")
def test_backlash_entry_of_a_blocked_plot_ends_with_the_resolution_phase():
    """A backlashed plot removed by Alert before resolution leaves nothing behind: the face-down
    plot of the same number resolved afterwards adds Funding normally, and the list is cleared
    at the end of resolve_plots."""
    st = backlash_position()
    put_plot(st, "Iraq", 2)
    st.d["backlash_plots"].append({"country": "Iraq", "plot": 2})
    us_op(st, "op_alert", [{"country": "Iraq"}, {"plot": 2}])
    put_plot(st, "Iraq", 1)
    start_proc(st, "resolve_plots")
    feed(st, [6])
    assert finished(st) and st.d["funding"] == 6 and st.d["backlash_plots"] == []


# ==============================================================================================
# Cards 37 Iraqi WMD and 39 Libyan WMD
# ==============================================================================================
@pytest.mark.rule("card 37", "card 39", "7.3.4")
@pytest.mark.parametrize("card, country", [(37, "Iraq"), (39, "Libya")])
def test_casus_belli_allows_regime_change_at_any_governance(card, country):
    """Cards 37/39: "Usate questa carta o una seguente per il Cambio di Regime in Iraq [Libia] a
    qualsiasi Governo": Poor (not Islamist Rule) Iraq/Libya becomes a target; A35: Good too. The
    other conditions stand: Hard Posture and a value-3 card (7.3.4)."""
    st = pos()
    assert usops.regime_change_targets(st, 3) == ["Afghanistan"]        # Islamist Rule
    place_marker(st, card, country)
    assert country in usops.regime_change_targets(st, 3)
    assert usops.regime_change_targets(st, 2) == []
    set_governance(st, country, "good")
    assert country in usops.regime_change_targets(st, 3)
    st.d["us_posture"] = "soft"
    assert usops.regime_change_targets(st, 3) == []


@pytest.mark.rule("card 37", "7.3.4")
def test_casus_belli_is_removed_when_used():
    """Card 37: "Rimuovere il segnalino se lo fate": Regime Change in Poor Iraq (6 troops from the
    track; Governance roll 5 = Fair; Prestige roll 6, 6, 6) removes the marker; then Iraq, now a
    Fair Regime Change Ally, is no target (with 7 troops able to deploy from Saudi Arabia, only
    Islamist Rule Afghanistan is)."""
    st = pos()
    place_marker(st, 37, "Iraq")
    us_op(st, "op_regime_change", [{"country": "Iraq"}, {"from": "track"}, {"troops": 6}, 5, 6, 6, 6])
    iraq = st.d["countries"]["Iraq"]
    assert (iraq["gov"], iraq["align"], iraq["rc"], iraq["troops"]) == ("fair", "ally", "green", 6)
    assert not marker_on(st, "Iraqi WMD", "Iraq") and not usops.casus_belli(st, "Iraq")
    st.d["countries"]["Saudi Arabia"]["troops"] += 5                   # troops enough for another
    st.d["troops_track"] -= 5
    assert usops.regime_change_targets(st, 3) == ["Afghanistan"]


# ==============================================================================================
# Card 41 NATO
# ==============================================================================================
def nato_position(**iraq):
    spec = {"gov": "poor", "align": "ally", "rc": "tan", "troops": 1}
    spec.update(iraq)
    st = pos({"Iraq": spec})
    place_marker(st, 41, "Iraq")
    return st


@pytest.mark.rule("card 41", "7.4.1", "7.4.2", "7.4.4")
def test_nato_counts_as_two_troops_for_disrupt():
    """Card 41: "La NATO vale 2 Truppe": Iraq with 1 cube and NATO has 3 troops: a Disrupt there
    affects 2 cells and gains Prestige (7.4.2, 7.4.4)."""
    st = nato_position(actives=2)
    assert troops(st, "Iraq") == 3 and st.d["countries"]["Iraq"]["troops"] == 1
    us_op(st, "op_disrupt", [{"country": "Iraq"}, {"cell": "active"}, {"cell": "active"}])
    assert st.d["countries"]["Iraq"]["actives"] == 0 and st.d["countries"]["Iraq"]["cadre"]
    assert st.d["prestige"] == 8


@pytest.mark.rule("card 41", "8.4.2")
def test_nato_counts_against_major_jihad():
    """8.4.2: cells must exceed troops by 5: 6 cells against 1 cube would allow it; with NATO (3
    troops) no Major Jihad is offered."""
    st = nato_position(gov="poor", sleepers=6)
    j_start(st, "op_jihad", 2)
    feed(st, [{"country": "Iraq"}] * 2)
    assert st.current_player() == "chance"                              # straight to the dice
    remove_marker(st, "NATO")
    j_start(st, "op_jihad", 2)
    feed(st, [{"country": "Iraq"}] * 2)
    assert st.legal_actions() == [{"major": True}, {"major": False}]


@pytest.mark.rule("card 41", "7.2.1.3")
def test_nato_counts_for_the_war_of_ideas_margin():
    """7.2.1.3: War of Ideas in a Regime Change country needs troops - cells >= 5: 4 cubes + NATO
    against 1 cell passes; without NATO it does not."""
    st = nato_position(troops=4, sleepers=1)
    assert "Iraq" in usops.woi_targets(st, 3)
    remove_marker(st, "NATO")
    assert "Iraq" not in usops.woi_targets(st, 3)


@pytest.mark.rule("card 41", "8.5.6")
def test_nato_alone_makes_a_plot_cost_prestige():
    """8.5.6 PRESTIGE: troops there (NATO alone, no cube) -> Prestige -1."""
    st = nato_position(troops=0, sleepers=1)
    put_plot(st, "Iraq", 1)
    start_proc(st, "resolve_plots")
    feed(st, [6])
    assert finished(st) and st.d["prestige"] == 6


@pytest.mark.rule("card 41", "7.3.1")
def test_nato_is_removed_when_troops_deploy_out_and_not_counted_for_deployable():
    """A08: NATO is removed when troops deploy out; so it does not count for the 7.3.1 margin (the
    troops left are cubes): 8 cubes, 1 cell -> 2 may deploy. After the Deploy NATO is gone."""
    st = nato_position(troops=8, sleepers=1)
    assert usops.deployable(st, "Iraq") == 2
    us_op(st, "op_deploy", [{"from": "Iraq"}, {"to": "track"}, {"troops": 1}])
    assert not in_effect(st, "NATO") and troops(st, "Iraq") == 7


@pytest.mark.rule("card 41", "7.3.5")
def test_nato_is_removed_by_withdraw():
    """A08: a Withdraw (7.3.5) out of the country removes NATO."""
    st = nato_position(troops=3)
    st.d["us_posture"] = "soft"
    us_op(st, "op_withdraw", [{"from": "Iraq"}, {"to": "track"}, {"troops": 1}, 1, 1, 1])
    assert not in_effect(st, "NATO") and troops(st, "Iraq") == 2


@pytest.mark.rule("card 41", "7.3.4.1")
def test_nato_is_removed_when_the_regime_change_ends():
    """A08, 7.3.4.1: Governance to Good removes the Regime Change marker and NATO with it."""
    st = nato_position()
    set_governance(st, "Iraq", "good")
    assert st.d["countries"]["Iraq"]["rc"] is None and not in_effect(st, "NATO")
    assert inv.piece_markers(st.d) == []


@pytest.mark.rule("card 41", "8.4.4")
def test_nato_counts_as_troops_present_at_an_islamic_revolution():
    """8.4.4: "Se sono presenti truppe, ponete il Prestigio ad 1": NATO alone is troops present
    (counted before the revolution removes the Regime Change marker and NATO)."""
    st = nato_position(troops=0)
    jops.islamic_revolution(st, "Iraq")
    assert st.d["prestige"] == 1 and not in_effect(st, "NATO")


# ==============================================================================================
# Card 54 Moqtada al-Sadr
# ==============================================================================================
def sadr_position(iraq: dict | None = None, **tracks):
    st = pos({"Iraq": dict(iraq or {})}, **tracks)
    place_marker(st, 54, "Iraq")
    return st


@pytest.mark.rule("card 54", "2.1.1", "4.6.1")
def test_sadr_is_a_cell_for_the_counts_but_not_a_cylinder():
    """A09: Sadr counts as 1 Active cell (cells(), the "no cells on the map" victory, Recruit
    eligibility) but is no cylinder: the 15-cylinder conservation is unchanged."""
    st = sadr_position()
    st.d["countries"]["Afghanistan"]["sleepers"] = 0
    conserve(st)
    assert cells(st.d["countries"]["Iraq"]) == 1 and st.d["cells_track"] == 15
    assert victory.us_instant_win(st) is None
    assert "Iraq" in jops.recruit_targets(st)
    assert inv.pieces_conserved(st.d) == [] and inv.piece_markers(st.d) == []
    remove_marker(st, SADR)
    assert victory.us_instant_win(st) == "no Jihadist cells on the map (2.1.1)"


@pytest.mark.rule("card 54", "8.4", "8.4.3")
def test_sadr_supports_a_jihad_die_and_leaves_the_game_when_a_failure_takes_it():
    """Sadr alone in Poor Iraq allows a Jihad die; it fails (6): the failure must remove Sadr
    (the only option, still posed); no Cadre after a Jihad failure (4.8.4); no cylinder moves."""
    st = sadr_position()
    track = st.d["cells_track"]
    assert jops.jihad_targets(st, {"dice": []}) == ["Iraq"]
    j_start(st, "op_jihad")
    feed(st, [{"country": "Iraq"}, 6])
    assert st.legal_actions() == [{"remove_sadr": True}]
    feed(st, [{"remove_sadr": True}])
    assert finished(st)
    iraq = st.d["countries"]["Iraq"]
    assert SADR not in iraq["markers"] and not iraq["cadre"] and st.d["cells_track"] == track


@pytest.mark.rule("card 54", "8.4", "8.4.3")
@pytest.mark.parametrize("lose_sadr", [True, False])
def test_jihad_failure_with_sadr_and_a_cylinder_is_the_jihadists_choice(lose_sadr):
    """Sadr and 1 Sleeper in Iraq, one die: Sadr is Active, so no Sleeper need be used (the number
    is asked: 0 or 1); the die fails; the Jihadist says whether Sadr is the cell removed."""
    st = sadr_position({"sleepers": 1})
    track = st.d["cells_track"]
    j_start(st, "op_jihad")
    feed(st, [{"country": "Iraq"}])
    assert st.legal_actions() == [{"sleepers": 0}, {"sleepers": 1}]
    feed(st, [{"sleepers": 1}, 6])
    assert st.legal_actions() == [{"remove_sadr": True}, {"remove_sadr": False}]
    feed(st, [{"remove_sadr": lose_sadr}])
    assert finished(st)
    iraq = st.d["countries"]["Iraq"]
    assert (SADR in iraq["markers"]) == (not lose_sadr)
    assert iraq["actives"] == (1 if lose_sadr else 0)
    assert st.d["cells_track"] == track + (0 if lose_sadr else 1)


@pytest.mark.rule("card 54", "8.4.2")
def test_sadr_counts_for_major_jihad():
    """8.4.2: 4 Sleepers and Sadr against no troops: 5 cells, Major Jihad is offered."""
    st = sadr_position({"sleepers": 4})
    j_start(st, "op_jihad", 2)
    feed(st, [{"country": "Iraq"}] * 2)
    assert st.legal_actions() == [{"major": True}, {"major": False}]


@pytest.mark.rule("card 54", "8.3.1")
def test_sadr_cannot_travel():
    """Card 54: "non può spostarsi": Iraq with only Sadr is no Travel origin."""
    st = sadr_position()
    j_start(st, "op_travel")
    assert options(st, "from") == ["Afghanistan"]


@pytest.mark.rule("card 54", "7.4.1", "7.4.2", "7.4.3")
def test_sadr_cannot_be_disrupted():
    """Card 54: "non può essere disorganizzata": Iraq (Regime Change Ally, 2 troops) with only Sadr
    is no Disrupt target; with Sadr and 1 Active, Disrupt affects the Active only, and Sadr still
    being a cell, no Cadre is placed (7.4.3)."""
    st = sadr_position({"gov": "fair", "align": "ally", "rc": "tan", "troops": 2})
    assert "Iraq" not in usops.disrupt_targets(st, 3)
    st.d["countries"]["Iraq"]["actives"] = 1
    conserve(st)
    us_start(st, "op_disrupt")
    feed(st, [{"country": "Iraq"}])
    assert st.legal_actions() == [{"cell": "active"}]
    feed(st, [{"cell": "active"}])
    assert finished(st)
    iraq = st.d["countries"]["Iraq"]
    assert iraq["actives"] == 0 and SADR in iraq["markers"] and not iraq["cadre"]


@pytest.mark.rule("card 54", "4.8.4")
@pytest.mark.parametrize("choice", ["sadr", "active"])
def test_event_remove_cell_offers_sadr_and_the_last_cell_leaves_a_cadre(choice):
    """The shared ``remove_cell`` of the events: Sadr is a choice; removing it takes the marker out
    of the game (no cylinder to the track); the last cell removed by an event leaves a Cadre."""
    st = sadr_position({"actives": 1})
    track = st.d["cells_track"]
    start_proc(st, "remove_cell", country="Iraq", chooser="US", rule="card 23", cadre=True)
    assert st.legal_actions() == [{"cell": "active"}, {"cell": "sadr"}]
    feed(st, [{"cell": choice}])
    assert finished(st)
    iraq = st.d["countries"]["Iraq"]
    assert (SADR in iraq["markers"]) == (choice == "active")
    assert st.d["cells_track"] == track + (1 if choice == "active" else 0)
    assert not iraq["cadre"]
    start_proc(st, "remove_cell", country="Iraq", chooser="US", rule="card 23", cadre=True)
    assert finished(st)                                  # one kind left: not posed
    assert cells(iraq) == 0 and iraq["cadre"] and SADR not in iraq["markers"]


@pytest.mark.rule("card 54")
def test_sadr_outside_iraq_breaks_an_invariant():
    st = pos()
    st.d["countries"]["Syria"]["markers"].append(SADR)
    assert any("Sadr" in v for v in inv.check_all(st.d, [1, 1, 2, 2, 3, 3], st.map.muslim))


# ==============================================================================================
# Card 57 Abu Sayyaf
# ==============================================================================================
@pytest.mark.rule("card 57", "7.3.3")
def test_abu_sayyaf_allows_deploying_to_the_philippines():
    """Card 57: "Mentre è in effetto questo evento, gli USA possono schierarsi lì" (A03): the
    Philippines (non-Muslim, Fair: value 2+, 7.3.2) becomes a Deploy destination."""
    st = pos({"Philippines": {"posture": "soft"}})
    assert "Philippines" not in usops.deploy_destinations(st, 3, "track")
    place_marker(st, 57, "Philippines")
    assert "Philippines" in usops.deploy_destinations(st, 2, "track")
    assert "Philippines" not in usops.deploy_destinations(st, 1, "track")
    us_op(st, "op_deploy", [{"from": "track"}, {"to": "Philippines"}, {"troops": 3}], value=2)
    assert st.d["countries"]["Philippines"]["troops"] == 3


@pytest.mark.rule("card 57", "card 4", "6.2.8")
def test_abu_sayyaf_deploy_ends_when_moro_talks_blocks_it():
    """6.2.8: Moro Talks (card 4) blocks Abu Sayyaf, removing its marker: no Deploy there again."""
    st = pos({"Philippines": {"posture": "soft"}})
    place_marker(st, 57, "Philippines")
    place_marker(st, 4, "Philippines")
    assert not in_effect(st, "Abu Sayyaf")
    assert "Philippines" not in usops.deploy_destinations(st, 3, "track")


# ==============================================================================================
# Card 58 Al-Anbar
# ==============================================================================================
@pytest.mark.rule("card 58", "7.4.2")
@pytest.mark.parametrize("country", ["Iraq", "Syria"])
def test_al_anbar_disrupt_in_iraq_or_syria_affects_one_cell(country):
    """Card 58: "La Disorganizzazione in Iraq o Siria influenza 1 sola cellula": 2 troops would
    affect 2 cells; with Al-Anbar only 1."""
    st = pos({country: {"gov": "fair", "align": "ally", "troops": 2, "actives": 2}})
    place_marker(st, 58, "Iraq")
    us_op(st, "op_disrupt", [{"country": country}, {"cell": "active"}])
    assert st.d["countries"][country]["actives"] == 1


@pytest.mark.rule("card 58", "7.4.1", "7.4.2")
def test_al_anbar_never_disrupts_a_cadre_in_iraq_or_syria():
    """Card 58: "(non quadro)": a Cadre-only Iraq or Syria is no Disrupt target; elsewhere it is."""
    st = pos({"Iraq": {"gov": "fair", "align": "ally", "cadre": True},
              "Syria": {"gov": "fair", "align": "ally", "cadre": True},
              "Jordan": {"gov": "fair", "align": "ally", "cadre": True}})
    assert {"Iraq", "Syria", "Jordan"} <= set(usops.disrupt_targets(st, 3))
    place_marker(st, 58, "Iraq")
    assert [n for n in ("Iraq", "Syria", "Jordan") if n in usops.disrupt_targets(st, 3)] == ["Jordan"]


@pytest.mark.rule("card 58", "card 13", "6.2.8")
def test_al_anbar_ends_when_anbar_awakening_blocks_it():
    """6.2.8: Anbar Awakening (card 13) blocks Al-Anbar, removing its marker: 2 cells again."""
    st = pos({"Iraq": {"gov": "fair", "align": "ally", "troops": 2, "actives": 2}})
    place_marker(st, 58, "Iraq")
    place_marker(st, 13, "Iraq")
    us_op(st, "op_disrupt", [{"country": "Iraq"}, {"cell": "active"}, {"cell": "active"}])
    assert st.d["countries"]["Iraq"]["actives"] == 0


# ==============================================================================================
# Card 80 FATA
# ==============================================================================================
@pytest.mark.rule("card 80", "7.4.1")
def test_fata_forbids_disrupt_in_pakistan_unless_regime_change():
    """Card 80: "Non sono consentite lì operazioni di Disorganizzazione a meno che non vi sia un
    Cambio di Regime"; the marker removed (Pakistani Offensive, card 42), Disrupt is back."""
    st = pos({"Pakistan": {"align": "ally", "sleepers": 1}})
    assert "Pakistan" in usops.disrupt_targets(st, 3)
    place_marker(st, 80, "Pakistan")
    assert "Pakistan" not in usops.disrupt_targets(st, 3)
    st.d["countries"]["Pakistan"]["rc"] = "tan"
    assert "Pakistan" in usops.disrupt_targets(st, 3)
    st.d["countries"]["Pakistan"]["rc"] = None
    remove_marker(st, "FATA")
    assert "Pakistan" in usops.disrupt_targets(st, 3)


# ==============================================================================================
# Card 33 Benazir Bhutto
# ==============================================================================================
@pytest.mark.rule("card 33", "card 60", "8.4", "6.2.8")
def test_benazir_bhutto_forbids_jihad_in_pakistan():
    """Card 33: "Nessuna jihad lì"; Bhutto Shot (card 60) blocks it, removing the marker."""
    st = pos({"Pakistan": {"sleepers": 2}})
    assert "Pakistan" in jops.jihad_targets(st, {"dice": []})
    place_marker(st, 33, "Pakistan")
    assert "Pakistan" not in jops.jihad_targets(st, {"dice": []})
    assert "Pakistan" in jops.plot_targets(st, {"dice": []})          # Plot is no Jihad
    place_marker(st, 60, "Pakistan")
    assert "Pakistan" in jops.jihad_targets(st, {"dice": []})


# ==============================================================================================
# Card 114 GTMO (LAPSING)
# ==============================================================================================
@pytest.mark.rule("card 114", "8.2", "5.2.6")
def test_gtmo_forbids_recruit_operations_for_the_turn():
    """Card 114: "Nessuna operazione di reclutamento ... per il resto di questo turno" (A47): Recruit
    is not offered, and a Recruit operation started anyway (an event's "Recruit with the second
    card") does nothing; at the end of the turn it is offered again."""
    st = pos()
    assert {"op": "recruit"} in jops.available_ops(st, 3)
    to_lapsing(st, 114)
    assert {"op": "recruit"} not in jops.available_ops(st, 3)
    assert {"op": "travel"} in jops.available_ops(st, 3)
    j_op(st, "op_recruit", [], value=3)
    assert st.d["countries"]["Afghanistan"]["sleepers"] == 4
    end_turn(st)
    assert {"op": "recruit"} in jops.available_ops(st, 3)


@pytest.mark.rule("card 114", "card 54", "8.1.3")
def test_no_operation_possible_still_offers_travel():
    """Never a dead end: only Sadr on the map, Iraq under Islamist Rule, GTMO: no Recruit, Jihad or
    Plot, no cylinder to travel; Travel is offered and its points are lost (8.3.3)."""
    st = sadr_position({"gov": "islamist_rule", "align": "adversary"})
    st.d["countries"]["Afghanistan"]["sleepers"] = 0
    conserve(st)
    to_lapsing(st, 114)
    assert jops.available_ops(st, 1) == [{"op": "travel"}]
    j_op(st, "op_travel", [])


# ==============================================================================================
# 7.6.3 Reassessment: the order of the Posture change and the triggered events
# ==============================================================================================
@pytest.fixture
def probes(monkeypatch):
    """Cards 92 Saddam and 95 Wahhabism (Jihadist, value 3) get the stand-in event."""
    probe_events(monkeypatch, (92, 95))


def reassess_position(hand: list[int]):
    st = position("lets_roll")
    st.d["phase"] = "us_action"
    st.d["card_index"] = 1
    for n in hand:
        take(st, n)
    st.d["hands"]["US"] = sorted(hand)
    return st


@pytest.mark.rule("7.6.3", "6.3.2")
@pytest.mark.parametrize("order, seen", [("first", "hard"), ("after", "soft")])
def test_reassessment_second_card_event_before_or_after_the_posture_change(probes, order, seen):
    """7.6.3: the US decides the order of the Posture change and the Jihadist event the second card
    triggers (6.3.2); the card is then put away (discard)."""
    st = reassess_position([92])
    start_proc(st, "op_reassessment", side="US", card=39, value=3)
    feed(st, [{"card": 92}])
    assert st.decision()["rule"] == "7.6.3"
    assert st.legal_actions() == [{"event": "first"}, {"event": "after"}]
    feed(st, [{"event": order}])
    assert finished(st)
    assert st.d["probe"] == [[92, seen]]
    assert st.d["us_posture"] == "soft" and st.d["card_index"] == 2
    assert 92 in st.d["discard"] and 92 not in st.d["in_play"] and st.d["hands"]["US"] == []


@pytest.mark.rule("7.6.3", "6.3.2.3")
def test_reassessment_second_card_without_a_triggered_event_asks_nothing(probes):
    """A US or Unassociated second card (not US Election) triggers nothing: no order question."""
    st = reassess_position([113])
    run_proc(st, "op_reassessment", [{"card": 113}], side="US", card=39, value=3)
    assert st.d["us_posture"] == "soft" and 113 in st.d["discard"] and "probe" not in st.d


@pytest.mark.rule("7.6.3", "6.3.1")
def test_reassessment_us_election_second_card_is_ordered_too():
    """US Election (card 120) is triggered by any use for operations (6.3.1): ordered as well."""
    st = reassess_position([120])
    start_proc(st, "op_reassessment", side="US", card=39, value=3)
    feed(st, [{"card": 120}])
    assert st.legal_actions() == [{"event": "first"}, {"event": "after"}]


@pytest.mark.rule("7.6.3", "6.3.2.1")
def test_reassessment_through_the_us_phase_orders_both_events(probes):
    """The whole US Action Phase: card 95 for Reassessment with its event after the operation
    (play_card, 6.3.2.1), second card 92 with its event before the Posture change (7.6.3): 92 sees
    Hard, 95 sees Soft; both cards are discarded and the phase ends."""
    st = reassess_position([92, 95])
    start_proc(st, "us_phase")
    feed(st, [{"card": 95}, {"use": "ops"}, {"event": "after"}, {"op": "reassessment"},
              {"card": 92}, {"event": "first"}])
    assert finished(st)
    assert st.d["probe"] == [[92, "hard"], [95, "soft"]]
    assert {92, 95} <= set(st.d["discard"]) and st.d["in_play"] == []


# ==============================================================================================
# Invariants
# ==============================================================================================
@pytest.mark.rule("card 41", "card 54")
def test_piece_marker_invariants_can_fail():
    """NATO off a Regime Change country, Sadr outside Iraq, a marker twice: each reported."""
    st = pos()
    d = st.d
    d["countries"]["Syria"]["markers"] = ["NATO"]
    d["countries"]["Libya"]["markers"] = [SADR]
    d["countries"]["Iraq"]["markers"] = ["Iraqi WMD", "Iraqi WMD"]
    found = inv.piece_markers(d)
    assert len(found) == 3
    assert any("NATO" in v for v in found) and any("Sadr" in v for v in found) and any("twice" in v for v in found)
