"""Solo corner cases the solo state machine found (issue 6): the Mission Accomplished? re-roll in a
solo game (3.2), 9.3.3 when a WMD plot arrives with no numbered marker Available (ruling
``solo_wmd_set_aside``), a random plot marker among more than 6 (9.3.2), and 9.7 Attractive for the
Recruit of a second card (cards 48, 53)."""
from __future__ import annotations

import pytest

from cdg_oracle.model.core.game import CHANCE
from cdg_oracle.model.labyrinth import new_game
from cdg_oracle.model.labyrinth.operations.jihadist import return_plot, wmd_added, wmd_used
from tests.labyrinth.solo.helpers import cells, country, run_solo, solo_position, start_solo


def in_play(st) -> int:
    d = st.d
    return len(d["plots_available"]) + d["wmd_available"] + sum(len(c["plots"]) for c in d["countries"].values())


@pytest.mark.rule("3.2")
def test_mission_accomplished_has_no_jihadist_reroll_in_a_solo_game():
    """Mission Accomplished? set-up: "poi, se si gioca in due, ritirate per uno di essi" (IT, the
    scenario's Schengen Postures): only a two-player Jihadist re-rolls. A solo set-up rolls the 7
    Schengen Postures and goes on to the deal; it never picks a country to re-roll."""
    st = new_game("mission_accomplished", options={"solo": True})
    prompts = []
    while st.d["phase"] == "setup" or not st.d["hands"]["US"]:
        assert st.current_player() == CHANCE
        prompts.append(st.decision()["prompt"])
        st.apply(st.legal_actions()[0])
    assert not any("re-roll" in p for p in prompts)
    assert sum("Posture" in p or "posture" in p for p in prompts) == 7
    two = new_game("mission_accomplished")
    while two.current_player() == CHANCE:
        two.apply(two.legal_actions()[0])
    assert "re-roll" in two.decision()["prompt"] and two.current_player() == "Jihadist"


@pytest.mark.rule("9.3.3")
@pytest.mark.parametrize("reading,available,aside", [("deferred", [], [2]), ("none", [2], [])])
@pytest.mark.reading("P11")
def test_wmd_with_no_numbered_marker_available(reading, available, aside):
    """9.3.3 sets aside the lowest Available numbered plot for each WMD plot added "so that there
    are always exactly 6 plot markers in play". With all six on the map there is none to set
    aside: under "deferred" the next numbered marker to come back is set aside (6 in play), under
    "none" it returns to Available (7 in play)."""
    st = solo_position(bare=True, rulings={"solo_wmd_set_aside": reading})
    d = st.d
    d["plots_available"] = []
    country(st, "Iraq")["plots"] = [1, 1, 2]
    country(st, "Syria")["plots"] = [2, 3, 3]
    wmd_added(st, 1)
    assert d["plots_set_aside"] == [] and in_play(st) == 7
    country(st, "Iraq")["plots"].remove(2)
    return_plot(st, 2)
    assert (d["plots_available"], d["plots_set_aside"]) == (available, aside)
    assert in_play(st) + len(d["plots_set_aside"]) == 7
    assert in_play(st) == (6 if reading == "deferred" else 7)
    if reading == "deferred":
        wmd_used(st)  # the WMD plot is used: the set-aside 2 comes back
        d["wmd_available"] -= 1
        assert (d["plots_available"], d["plots_set_aside"]) == ([2], [])


@pytest.mark.rule("9.3.2")
def test_a_random_plot_marker_among_more_than_six_is_weighted_not_a_global_table_gap():
    """9.3.2: a random plot marker from the Events box. With 7 Available (7 markers in play under
    ``solo_wmd_set_aside`` "none") the pick is one chance node over the distinct markers weighted
    by how many there are: no action twice, and not the Global table (which picks countries)."""
    st = solo_position(bare=True, countries={"Iraq": {"sleepers": 1}}, rulings={"solo_wmd_set_aside": "none"})
    d = st.d
    d.update(plots_available=[1, 1, 2, 2, 3, 3], wmd_available=1, funding=5)
    start_solo(st, "solo_radicalization", value=3, card_value=3)
    # step 1: the cell is placed at random (38 countries: the Global table gap) ...
    assert st.decision().get("gap")
    st.apply({"country": "Iraq"})
    # ... step 2: the automatic travel, step 3: a plot in a random non-IR country with a cell.
    while st.current_player() == CHANCE and "marker" not in st.decision()["prompt"]:
        st.apply(st.legal_actions()[0])
    dec = st.decision()
    assert "marker" in dec["prompt"] and not dec.get("gap") and dec["rule"] == "9.3.2"
    outcomes = dict((o["plot"], p) for o, p in st.chance_outcomes())
    assert [o["plot"] for o in st.legal_actions()] == [1, 2, 3, "WMD"]
    assert outcomes == {1: pytest.approx(2 / 7), 2: pytest.approx(2 / 7), 3: pytest.approx(2 / 7),
                        "WMD": pytest.approx(1 / 7)}


@pytest.mark.rule("9.7", "card 53")
@pytest.mark.parametrize("ideology,placed", [("normal", 1), ("attractive", 2)])
def test_attractive_doubles_the_recruit_of_madrassas_second_card(ideology, placed):
    """9.7 Attrattiva: "Ogni successo sul Reclutamento pone due cellule disponibili (modifica
    8.2.1)". Madrassas' second card Recruits (a Recruit operation, A47): one success in Iraq (an
    Islamist Rule country: automatic) places 2 cells at Attractive, 1 at Normal."""
    st = solo_position(bare=True, options={"ideology": ideology},
                       countries={"Iraq": {"gov": "islamist_rule", "align": "adversary", "sleepers": 1}})
    st.d["funding"] = 9
    before = cells(st, "Iraq")
    run_solo(st, "card53_recruit", [{"country": "Iraq"}], side="Jihadist", card=60, value=1)
    assert cells(st, "Iraq") - before == placed
