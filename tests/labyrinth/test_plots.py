"""Unblocked plots (rulebook 8.5.6; IT table 'COMPLOTTI NON BLOCCATI'), resolved at the end of every
US Action Phase (5.2.3) in the order the Jihadist chooses:

    VICTORY    a WMD plot in the United States: the Jihadist wins.
    FUNDING    Muslim country or Iran: +1 if Governance is worse than Good, +2 if Good (D11: IT);
               non-WMD plot in a non-Muslim country other than the US: + the plot number, x2 if Good;
               WMD plot in a non-Muslim country, or any plot in the US: Funding 9.
    POSTURE    non-Muslim country (the US included): roll its Posture; a WMD result may be re-rolled
               once (2-player, D09); in the Schengen area, the Jihadist chooses two other Schengen
               countries and rolls their Posture (D10: mandatory, IT/PL).
    PRESTIGE   troops there: -1, or Prestige 1 for a WMD plot; in the US: a Prestige roll (D08).
    GOVERNANCE Muslim country (not Iran): dice = the plot number (3 for WMD) rolled as Jihad dice;
               each success removes an Aid and worsens Governance one level, never to Islamist Rule.
    MARKER     a numbered plot returns to Available Plots; a WMD plot is removed from the game.

``resolve_plots`` reveals and resolves every plot on the map; ``resolve_plot`` resolves one plot
whose marker lies (revealed) in the country until its MARKER step takes it off the map. An int in
a script is a die.
"""
from __future__ import annotations

import pytest

from cdg_oracle.model.labyrinth.tracks import world_posture
from tests.labyrinth.harness import conserve, feed, finished, position, run_proc, start_proc

NUMBERED = [1, 1, 2, 2, 3, 3]


def ppos(countries: dict | None = None, **tracks):
    st = position("lets_roll", countries=countries, **tracks)
    conserve(st)
    return st


def off_the_map(plot) -> list:
    """Available Plots while the numbered marker ``plot`` is on the map."""
    avail = list(NUMBERED)
    if plot != "WMD":
        avail.remove(plot)
    return avail


def begin(st, name: str, plot):
    """Put the plot marker in ``name`` and start resolving it."""
    st.d["countries"][name]["plots"].append(plot)
    return start_proc(st, "resolve_plot", country=name, plot=plot)


def resolve(st, name: str, plot, script: list):
    begin(st, name, plot)
    feed(st, script)
    assert finished(st), st.decision()
    assert plot not in st.d["countries"][name]["plots"] or st.is_terminal()
    return st


def country(st, name: str) -> dict:
    return st.d["countries"][name]


def is_chance(st) -> bool:
    return st.current_player() == "chance"


# == VICTORY ====================================================================================
@pytest.mark.rule("8.5.6", "2.1.2")
def test_8_5_6_wmd_plot_in_the_united_states_wins_for_the_jihadist():
    """8.5.6 VICTORY, 2.1.2: an unblocked WMD plot resolved in the United States wins at once;
    nothing else is resolved (Funding untouched)."""
    st = ppos({"United States": {"plots": ["WMD"], "sleepers": 1}}, funding=4, wmd_available=0)
    run_proc(st, "resolve_plots", [])
    assert st.is_terminal() and st.winner() == "Jihadist"
    assert st.d["terminal"]["rule"] == "2.1.2"
    assert st.d["funding"] == 4


# == FUNDING ====================================================================================
@pytest.mark.rule("8.5.6")
@pytest.mark.parametrize("name,changes,plot,script,funding", [
    ("Gulf States", {"gov": "good"}, 1, [6], 5),                 # Muslim Good: +2
    ("Syria", {}, 1, [6], 4),                                    # Muslim Fair: +1
    ("Iraq", {}, 2, [6, 6], 4),                                  # Muslim Poor: +1
    ("Iran", {}, 3, [], 4),                                      # Iran: +1 (fixed Fair)
    ("Philippines", {"posture": "soft"}, 3, [1], 6),             # non-Muslim Fair: + number
    ("United Kingdom", {"posture": "soft"}, 2, [1], 7),          # non-Muslim Good: + 2 x number
    ("United Kingdom", {"posture": "soft"}, "WMD", [1, {"reroll": False}], 9),   # WMD non-Muslim: 9
    ("United States", {}, 1, [1, 1, 1, 1], 9),                   # any plot in the US: 9
])
def test_8_5_6_funding(name, changes, plot, script, funding):
    """8.5.6 FUNDING (Funding 3 before): Muslim or Iran +1 / +2 if Good (D11: IT 'worse than
    Good'); non-Muslim non-US + the number, twice if Good; WMD in a non-Muslim country or any
    plot in the US sets 9."""
    st = ppos({name: changes} if changes else None, funding=3, plots_available=off_the_map(plot),
              wmd_available=0)
    resolve(st, name, plot, script)
    assert st.d["funding"] == funding


@pytest.mark.rule("8.5.6", "4.7.4.1")
def test_fixture1_step10_two_plots_in_the_philippines():
    """IT 2-player example, plot resolution after card #39: two '2' plots in the Philippines (Fair,
    non-Muslim). Plot 1: Funding 8 + 2 = 10, capped at 9; Posture roll 2 -> Soft. Plot 2: Funding
    stays 9; Posture roll 6 -> Hard: World Hard 3 (Israel, Russia, Philippines). Both markers go
    back to Available Plots; two identical markers need no order choice."""
    st = ppos({"Afghanistan": {"gov": "fair", "align": "ally", "rc": "green", "troops": 6,
                               "actives": 4, "sleepers": 0},
               "Pakistan": {"sleepers": 1},
               "Philippines": {"actives": 2, "posture": "soft", "plots": [2, 2]},
               "Russia": {"posture": "hard"}, "Gulf States": {"gov": "good"}},
              funding=8, prestige=6, plots_available=[1, 1, 3, 3])
    start_proc(st, "resolve_plots")
    assert is_chance(st)
    feed(st, [2])
    assert st.d["funding"] == 9 and country(st, "Philippines")["posture"] == "soft"
    assert st.d["plots_available"] == [1, 1, 2, 3, 3]
    feed(st, [6])
    assert finished(st)
    assert st.d["funding"] == 9 and country(st, "Philippines")["posture"] == "hard"
    assert world_posture(st.d) == 3
    assert st.d["plots_available"] == NUMBERED and country(st, "Philippines")["plots"] == []
    assert st.d["prestige"] == 6


# == POSTURE ====================================================================================
@pytest.mark.rule("8.5.6", "4.9.3")
@pytest.mark.parametrize("die,posture", [(4, "soft"), (5, "hard")])
def test_8_5_6_posture_roll_in_a_non_muslim_country(die, posture):
    """8.5.6 POSTURE, 4.9.3: a plot in a non-Muslim country rolls its Posture: 1-4 Soft, 5-6 Hard,
    whatever it was."""
    st = ppos({"Thailand": {"posture": "hard" if posture == "soft" else "soft"}},
              plots_available=off_the_map(1))
    resolve(st, "Thailand", 1, [die])
    assert country(st, "Thailand")["posture"] == posture


@pytest.mark.rule("8.5.6", "4.9.3", "4.7.1")
@pytest.mark.parametrize("posture_die,us_posture", [(3, "soft"), (4, "hard")])
def test_8_5_6_plot_in_the_united_states(posture_die, us_posture):
    """8.5.6 (IT table, US row): Funding 9, roll US Posture (+1: 4 -> 5 Hard, 3 -> 4 Soft), then a
    Prestige roll (D08: IT/ES 'Prestige', not PL 'Posture'): 5 = up, by the lower of 3 and 2."""
    st = ppos({"United States": {"sleepers": 1}}, funding=2, prestige=7, us_posture="soft",
              plots_available=off_the_map(3))
    resolve(st, "United States", 3, [posture_die, 5, 3, 2])
    assert st.d["funding"] == 9
    assert st.d["us_posture"] == us_posture
    assert st.d["prestige"] == 9
    assert st.d["plots_available"] == NUMBERED


@pytest.mark.rule("8.5.6", "8.5.5")
@pytest.mark.parametrize("reroll,script,posture", [
    (True, [5, {"reroll": True}, 2], "soft"),
    (False, [5, {"reroll": False}], "hard"),
])
def test_8_5_6_wmd_posture_may_be_rerolled_once(reroll, script, posture):
    """8.5.6 POSTURE (D09: 2-player game): after a WMD plot's Posture roll the Jihadist may re-roll
    it once; the re-roll stands (no second offer). The WMD marker is removed from the game (8.5.5)."""
    st = ppos({"United Kingdom": {"posture": "soft"}}, wmd_available=1, wmd_removed=0)
    begin(st, "United Kingdom", "WMD")
    feed(st, [5])
    assert st.decision()["player"] == "Jihadist"
    assert st.legal_actions() == [{"reroll": True}, {"reroll": False}]
    feed(st, script[1:])
    assert finished(st)
    assert country(st, "United Kingdom")["posture"] == posture
    assert st.d["wmd_removed"] == 1 and st.d["wmd_available"] == 1
    assert st.d["plots_available"] == NUMBERED


@pytest.mark.rule("8.5.6", "4.3.3")
@pytest.mark.parametrize("plot,funding", [(1, 5), ("WMD", 9)])
def test_8_5_6_israel_posture_is_never_rolled(plot, funding):
    """4.3.3: Israel is always Hard, so a plot there rolls no Posture and offers no WMD re-roll;
    Funding follows the non-Muslim Good rule (+2 x 1, or 9 for WMD)."""
    st = ppos({"Israel": {"sleepers": 1}}, funding=3, plots_available=off_the_map(plot))
    resolve(st, "Israel", plot, [])
    assert country(st, "Israel")["posture"] == "hard"
    assert st.d["funding"] == funding


@pytest.mark.rule("8.5.6", "4.5")
def test_8_5_6_schengen_plot_rolls_two_other_schengen_countries():
    """8.5.6 POSTURE, 4.5 (D10: mandatory): after France's own roll the Jihadist chooses two *other*
    Schengen countries, one at a time, and rolls their Posture."""
    st = ppos({"France": {"posture": "soft"}}, funding=3, plots_available=off_the_map(1))
    begin(st, "France", 1)
    assert st.d["funding"] == 5                       # Good non-Muslim: + 2 x 1
    feed(st, [5])
    assert country(st, "France")["posture"] == "hard"
    assert st.legal_actions() == [{"country": n} for n in
                                  ("Benelux", "Eastern Europe", "Germany", "Italy", "Scandinavia", "Spain")]
    feed(st, [{"country": "Germany"}, 1])
    assert st.legal_actions() == [{"country": n} for n in
                                  ("Benelux", "Eastern Europe", "Italy", "Scandinavia", "Spain")]
    feed(st, [{"country": "Spain"}, 6])
    assert finished(st)
    assert [country(st, n)["posture"] for n in ("France", "Germany", "Spain")] == ["hard", "soft", "hard"]
    assert country(st, "Italy")["posture"] is None


@pytest.mark.rule("8.5.6", "4.5")
def test_8_5_6_wmd_in_schengen_rerolls_own_posture_then_two_others():
    """8.5.6 POSTURE: a WMD plot in Spain: Spain's roll, the optional re-roll (of Spain's roll only),
    then the two other Schengen rolls; Funding 9."""
    st = ppos(funding=3, wmd_available=0)
    resolve(st, "Spain", "WMD", [2, {"reroll": True}, 6, {"country": "Italy"}, 3, {"country": "Benelux"}, 5])
    assert [country(st, n)["posture"] for n in ("Spain", "Italy", "Benelux")] == ["hard", "soft", "hard"]
    assert st.d["funding"] == 9 and st.d["wmd_removed"] == 1


@pytest.mark.rule("8.5.6")
def test_8_5_6_schengen_linked_country_rolls_only_its_own_posture():
    """4.5, 8.5.6: the United Kingdom is linked to the Schengen area but not in it: no extra rolls."""
    st = ppos(plots_available=off_the_map(1))
    resolve(st, "United Kingdom", 1, [6])
    assert country(st, "United Kingdom")["posture"] == "hard"
    assert all(country(st, n)["posture"] is None for n in st.map.schengen)


# == PRESTIGE ===================================================================================
@pytest.mark.rule("8.5.6")
@pytest.mark.parametrize("plot,script,prestige", [(1, [6], 6), ("WMD", [6, 6, 6], 1)])
def test_8_5_6_prestige_with_troops_in_a_muslim_country(plot, script, prestige):
    """8.5.6 PRESTIGE: the country has troops (Saudi Arabia, 2): Prestige -1, or Prestige 1 for a WMD
    plot (whose Governance step then rolls 3 dice, all failing here)."""
    st = ppos(prestige=7, plots_available=off_the_map(plot), wmd_available=0)
    resolve(st, "Saudi Arabia", plot, script)
    assert st.d["prestige"] == prestige
    assert country(st, "Saudi Arabia")["troops"] == 2


@pytest.mark.rule("8.5.6")
def test_8_5_6_prestige_with_troops_in_a_non_muslim_country():
    """8.5.6 (IT table, non-Muslim row): -1 Prestige for a plot resolved in a non-Muslim country
    with troops (the Philippines under Abu Sayyaf)."""
    st = ppos({"Philippines": {"troops": 2, "posture": "soft"}}, prestige=5, funding=3,
              plots_available=off_the_map(2))
    resolve(st, "Philippines", 2, [3])
    assert st.d["prestige"] == 4 and st.d["funding"] == 5


@pytest.mark.rule("8.5.6")
def test_8_5_6_no_troops_no_prestige_change():
    """8.5.6 PRESTIGE: without troops (and outside the US) Prestige does not move."""
    st = ppos(prestige=7, plots_available=off_the_map(3))
    resolve(st, "Iraq", 3, [6, 6, 6])
    assert st.d["prestige"] == 7


# == GOVERNANCE AND AID ==========================================================================
@pytest.mark.rule("8.5.6", "7.2.2.3")
@pytest.mark.parametrize("gov,aid,plot,dice,after_gov,after_aid", [
    ("fair", 2, 2, [1, 2], "poor", 0),            # 2 successes: Fair -> Poor, then only the Aid
    ("poor", 0, 3, [1, 1, 1], "poor", 0),         # never to Islamist Rule
    ("fair", 1, 2, [3, 4], "fair", 1),            # failures do nothing
    ("good", 0, 3, [1, 2, 3], "fair", 0),         # against the Governance at the start: only the 1
    ("good", 0, "WMD", [1, 1, 6], "poor", 0),     # WMD: 3 dice
])
def test_8_5_6_governance_dice_in_a_muslim_country(gov, aid, plot, dice, after_gov, after_aid):
    """8.5.6 GOVERNANCE AND AID: roll as many dice as the plot number (3 for WMD) as Jihad dice
    (8.1): each success removes an Aid and worsens Governance one level, never to Islamist Rule;
    a failure does nothing. The dice are simultaneous (8.1.2), so each is judged against the
    Governance before the plot's dice (Good: only a 1)."""
    st = ppos({"Jordan": {"gov": gov, "align": "ally", "aid": aid, "sleepers": 1}},
              plots_available=off_the_map(plot), wmd_available=0)
    resolve(st, "Jordan", plot, dice)
    assert country(st, "Jordan")["gov"] == after_gov
    assert country(st, "Jordan")["aid"] == after_aid
    assert country(st, "Jordan")["align"] == "ally"


@pytest.mark.rule("8.5.6", "4.4")
def test_8_5_6_iran_rolls_neither_posture_nor_governance():
    """4.4, 8.5.6: Iran is neither Muslim nor non-Muslim: Funding +1 (its fixed Fair), no Posture
    roll, no Governance dice; the marker returns to Available."""
    st = ppos({"Iran": {"sleepers": 1}}, funding=5, plots_available=off_the_map(3))
    begin(st, "Iran", 3)
    assert finished(st)
    assert st.d["funding"] == 6 and st.d["plots_available"] == NUMBERED


@pytest.mark.rule("8.5.6")
def test_a43_plot_in_a_country_that_became_islamist_rule():
    """A43, D11: a plot placed in a country that fell to Islamist Rule before resolution is still
    resolved: Funding +1 ('worse than Good', IT), no die can change Islamist Rule (none is rolled),
    and the marker returns."""
    st = ppos({"Iraq": {"gov": "islamist_rule", "plots": [2], "actives": 2}}, funding=5,
              plots_available=off_the_map(2))
    run_proc(st, "resolve_plots", [])
    assert st.d["funding"] == 6
    assert country(st, "Iraq")["gov"] == "islamist_rule" and country(st, "Iraq")["plots"] == []
    assert st.d["plots_available"] == NUMBERED


# == MARKER and order ============================================================================
@pytest.mark.rule("8.5.6", "8.5.5", "4.7.8.1")
def test_8_5_6_numbered_marker_returns_and_wmd_is_removed():
    """8.5.6 MARKER, 8.5.5: a resolved numbered plot returns to Available Plots; a WMD plot is
    removed from the game (4.7.8.1 note: never back to Available)."""
    st = ppos({"Iraq": {"plots": [1, "WMD"], "sleepers": 2}}, funding=2, plots_available=[1, 2, 2, 3, 3],
              wmd_available=1, wmd_removed=0)
    start_proc(st, "resolve_plots")
    assert st.legal_actions() == [{"country": "Iraq", "plot": 1}, {"country": "Iraq", "plot": "WMD"}]
    feed(st, [{"country": "Iraq", "plot": "WMD"}, 6, 6, 6])
    assert st.d["wmd_removed"] == 1 and st.d["wmd_available"] == 1
    # the '1' plot, the only one left, is revealed without a choice and rolls its die
    assert country(st, "Iraq")["plots"] == [1] and is_chance(st)
    feed(st, [6])
    assert finished(st)
    assert st.d["plots_available"] == NUMBERED and country(st, "Iraq")["plots"] == []
    assert st.d["funding"] == 4


@pytest.mark.rule("8.5.6", "5.2.3")
def test_8_5_6_the_jihadist_chooses_the_order():
    """8.5.6: the Jihadist reveals and resolves every plot, in the order he chooses."""
    st = ppos({"Iraq": {"plots": [1], "sleepers": 1}, "Philippines": {"plots": [3], "sleepers": 1, "posture": "soft"}},
              funding=1, plots_available=[1, 2, 2, 3])
    start_proc(st, "resolve_plots")
    assert st.decision()["player"] == "Jihadist"
    assert st.legal_actions() == [{"country": "Iraq", "plot": 1}, {"country": "Philippines", "plot": 3}]
    feed(st, [{"country": "Philippines", "plot": 3}])
    assert st.d["funding"] == 4 and country(st, "Iraq")["plots"] == [1]
    feed(st, [5, 2])                                  # Philippines Posture 5 -> Hard; Iraq die 2
    assert finished(st)
    assert st.d["funding"] == 5
    assert country(st, "Philippines")["posture"] == "hard"
    assert st.d["plots_available"] == NUMBERED


@pytest.mark.rule("5.2.3")
def test_no_plots_on_the_map_nothing_to_resolve():
    """5.2.3: with no plot on the map the step ends at once."""
    st = ppos()
    before = st.clone().d
    run_proc(st, "resolve_plots", [])
    assert {k: v for k, v in st.d.items() if k not in ("stack", "pending")} == \
           {k: v for k, v in before.items() if k not in ("stack", "pending")}


@pytest.mark.rule("4.8.1", "4.7.8.1", "8.5.6")
def test_plot_markers_accounted_for_in_every_state_of_the_resolution():
    """h.2 #5-6 (every state): the 6 numbered plots are Available or on the map and the 6 WMD plots
    in their boxes, Available, on the map or removed -- also in the middle of a resolution, where
    the revealed marker stays in its country until the MARKER step."""
    st = ppos({"France": {"plots": [2, "WMD"], "sleepers": 2},
               "Iraq": {"plots": [1], "sleepers": 1}},
              plots_available=[1, 2, 3, 3], wmd_available=1, wmd_removed=1,
              wmd_boxes={"loose_nuke_heu_kazakh_strain": 3, "pakistan_arsenal": 0})

    def accounted():
        d = st.d
        on_map = [p for c in d["countries"].values() for p in c["plots"]]
        assert sorted(d["plots_available"] + [p for p in on_map if p != "WMD"]) == NUMBERED
        assert sum(d["wmd_boxes"].values()) + d["wmd_available"] + d["wmd_removed"] + on_map.count("WMD") == 6

    start_proc(st, "resolve_plots")
    script = [{"country": "France", "plot": "WMD"}, 4, {"reroll": False}, {"country": "Italy"}, 5,
              {"country": "Spain"}, 6,
              {"country": "Iraq", "plot": 1}, 6,
              2, {"country": "Germany"}, 1, {"country": "Benelux"}, 2]
    for item in script:
        accounted()
        feed(st, [item])
    accounted()
    assert finished(st)
    assert st.d["plots_available"] == NUMBERED and st.d["wmd_removed"] == 2
    assert all(not c["plots"] for c in st.d["countries"].values())
