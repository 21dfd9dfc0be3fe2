"""What independent checking found (issue 14): the Governance-change fix for card 94 and the
readings the registry did not name yet (entries P14-P22, ``model/labyrinth/data/ambiguities/
p01_project.yaml``). Each reading test builds a position where the readings of its entry part and
asserts the exact result under every reading.

The two other bugs of the issue have their regression tests beside their cards: card 99 HAMAS
Elected discarding card 120 (``events/test_unassociated_96_120.py``) and the solo Shia-Mix roll
with one possible country (``solo/test_events_solo.py``).

Switches (model/labyrinth/rulings.py):

* P14 ``governance_roll_tested`` (card 94, 7.3.4): "improved_only" (default), "any_result";
* P15 ``madrassas_own_recruit`` (card 53, 9.4.2.1): True (default), False;
* P16 ``second_card_reserves`` (cards 48 and 53, 6.3.3.1): False (default), True;
* P17 ``fatwa_first_plot`` (card 97, 4.7.7.2, 8.5.3): True (default), False;
* P18 ``casus_belli_this_card`` (cards 37 and 39, 5.2.2.1): "us_play_only" (default), "any_trigger";
* P19 ``itjihad_target`` (card 94): "recorded" (default), "fair_or_good_now";
* P20 ``predator_needs_cell`` (cards 23-25, 6.2.6): False (default), True;
* P21 ``solo_travel_origin_count`` (9.4.2.6.1): "all_cells" (default), "unassigned_cells";
* P22 ``event_marker_limits`` (cards 93 and 32, 8.4.3.2, 8.4.4): "as_printed" (default), "rules_hold".

Positions start from the Let's Roll! set-up (Afghanistan Islamist Rule Adversary with 4 Sleepers,
Iraq and Libya Poor Adversary, Syria Fair Adversary, Gulf States Fair Ally, US Hard).
"""
from __future__ import annotations

import pytest

from cdg_oracle.model.labyrinth.action_log import new_log, new_phase, record
from cdg_oracle.model.labyrinth.countries import cells
from cdg_oracle.model.labyrinth.solo import priorities as prio
from tests.labyrinth.harness import (
    conserve, feed, finished, give, play_event, playable, position, set_hands, start_proc, with_rulings,
)
from tests.labyrinth.solo.helpers import solo_position

J = "Jihadist"


def at(rulings: dict, countries: dict | None = None, **tracks):
    """A Let's Roll position (cubes and cylinders re-balanced, the action log empty) under the
    given Rulings switches."""
    st = position("lets_roll", countries=countries, **tracks)
    conserve(st)
    st.d["action_log"] = new_log()
    return with_rulings(st, **rulings)


def chance_first(st, n: int = 1) -> None:
    """Apply the first outcome of the next ``n`` chance nodes (random picks the test does not
    care about)."""
    for _ in range(n):
        assert st.current_player() == "chance", st.decision()
        st.apply(st.legal_actions()[0])


def itjihad_targets(st) -> list[str]:
    """The countries card 94 offers the Jihadist now ([] when it is unplayable)."""
    if not playable(st, J, 94):
        return []
    give(st, J, 94)
    start_proc(st, "event", card=94, side=J, trigger="play")
    return [a["country"] for a in st.legal_actions()]


def regime_change_afghanistan(st, governance_die: int) -> None:
    """7.3.4: Regime Change in Afghanistan (Islamist Rule) with 6 troops from the track, the
    Governance roll ``governance_die``, then a Prestige roll of 2, 3, 5 (down 3)."""
    start_proc(st, "op_regime_change", side="US", card=39, value=3)
    feed(st, [{"country": "Afghanistan"}, {"from": "track"}, {"troops": 6}, governance_die, 2, 3, 5])
    assert finished(st)


# -- item 2: every Governance change is recorded; P14 a Poor Regime Change roll --------------------
@pytest.mark.rule("card 94", "7.3.4", "4.9.3")
@pytest.mark.parametrize("reading", ["improved_only", "any_result"])
def test_regime_change_to_fair_is_an_improvement_card_94_sees(reading):
    """Issue 14 item 2: a Regime Change whose Governance roll gives Fair (5) improves an Islamist
    Rule country to Fair; the roll goes through ``set_governance``, which records it, so in the
    next Action Phase card 94 can worsen Afghanistan (it could not: the roll wrote Governance
    directly). The same under both readings of P14."""
    st = at({"governance_roll_tested": reading})
    regime_change_afghanistan(st, 5)
    assert st.d["countries"]["Afghanistan"]["gov"] == "fair"
    assert st.d["action_log"]["current"]["improved"] == ["Afghanistan"]
    new_phase(st.d)  # the next (Jihadist) Action Phase: "in quella precedente"
    assert itjihad_targets(st) == ["Afghanistan"]
    feed(st, [{"country": "Afghanistan"}])
    assert finished(st) and st.d["countries"]["Afghanistan"]["gov"] == "poor"


@pytest.mark.rule("card 94", "7.3.4", "4.9.3", "4.9.4")
@pytest.mark.reading("P14")
@pytest.mark.parametrize("reading,targets", [("improved_only", []), ("any_result", ["Afghanistan"])])
def test_p14_a_poor_regime_change_roll_is_a_test_only_under_any_result(reading, targets):
    """P14 (``governance_roll_tested``): the roll 4 gives Poor, no improvement. "improved_only"
    (default; the Governance table: "a Neutro se Test, ad Alleato se Cambio di Regime"): not
    tested, card 94 unplayable; "any_result": tested, card 94 may target it (and leaves it Poor)."""
    st = at({"governance_roll_tested": reading})
    regime_change_afghanistan(st, 4)
    assert st.d["countries"]["Afghanistan"]["gov"] == "poor"
    new_phase(st.d)
    assert itjihad_targets(st) == targets


@pytest.mark.rule("4.9.4", "card 94")
def test_a_test_goes_through_set_governance_and_is_recorded_as_tested_only():
    """A 4.9.4 Test marks an untested country: recorded as tested (card 94's "testato"), not as an
    improvement (a first marking by a Test improves nothing)."""
    st = at({})
    start_proc(st, "test", country="Jordan")
    feed(st, [6])
    assert st.d["countries"]["Jordan"]["gov"] == "fair" and st.d["countries"]["Jordan"]["align"] == "neutral"
    assert st.d["action_log"]["current"] == {"disrupted": [], "tested": ["Jordan"], "improved": []}


# -- P15: card 53 Madrassas and its own Recruit -----------------------------------------------------
@pytest.mark.rule("card 53", "9.4.2.1", "8.2")
@pytest.mark.reading("P15")
@pytest.mark.parametrize("own", [False, True])
def test_p15_madrassas_with_no_second_card(own):
    """P15 (``madrassas_own_recruit``): the Jihadist's only card is Madrassas, played first in his
    phase. False (the Italian card list: "Usate la seconda carta per Reclutare"): nothing is
    recruited, the instruction waits for a second card that never comes. True (default: 9.4.2.1 "il
    reclutamento Madrassas (inclusa la carta seguente)", the English card "Use this and 2nd card to
    recruit"): Madrassas recruits with its own value 1 first; in
    Afghanistan (Islamist Rule) the die is automatic (8.1.1): one more cell."""
    st = at({"madrassas_own_recruit": own})
    set_hands(st, J=[53])
    before = cells(st.d["countries"]["Afghanistan"])
    start_proc(st, "play_card", side=J, card=53)
    feed(st, [{"use": "event"}])
    if own:
        assert st.decision()["prompt"] == "card 53 Recruit: die 1 in which country"
        feed(st, [{"country": "Afghanistan"}])
    assert finished(st)
    assert cells(st.d["countries"]["Afghanistan"]) == before + (1 if own else 0)
    assert st.d["second_card"] == {"proc": "card53_recruit", "card": 53, "use": "recruit", "ignore_us_event": False}
    assert st.d["hands"][J] == []


# -- P16: Reserves and the second card of cards 48 and 53 ------------------------------------------
@pytest.mark.rule("6.3.3.1", "card 53")
@pytest.mark.reading("P16")
@pytest.mark.parametrize("allowed", [False, True])
def test_p16_reserves_added_to_madrassas_second_card(allowed):
    """P16 (``second_card_reserves``): the Jihadist has 2 Reserves and plays card 49 (value 1) as
    Madrassas's second card. False (default): the Recruit has 1 die, the Reserves stay; True: he
    is asked, adds them (6.3.3.1: to 3) and recruits with 3 dice (Afghanistan, automatic)."""
    st = at({"second_card_reserves": allowed})
    st.d["reserves"][J] = 2
    set_hands(st, J=[49])
    before = cells(st.d["countries"]["Afghanistan"])
    start_proc(st, "play_card", side=J, card=49, special={"proc": "card53_recruit", "ignore_us_event": False})
    if allowed:
        assert st.legal_actions() == [{"reserves": True}, {"reserves": False}]
        feed(st, [{"reserves": True}])
    dice = 3 if allowed else 1
    feed(st, [{"country": "Afghanistan"}] * dice)
    assert finished(st)
    assert cells(st.d["countries"]["Afghanistan"]) == before + dice
    assert st.d["reserves"][J] == (0 if allowed else 2)


# -- P17: card 97 Fatwa's Plot and the 1st Plot box ------------------------------------------------
@pytest.mark.rule("card 97", "4.7.7.2", "8.5.3")
@pytest.mark.reading("P17")
@pytest.mark.parametrize("first_plot", [True, False])
def test_p17_fatwa_plot_is_the_turns_first_plot(first_plot):
    """P17 (``fatwa_first_plot``): the Jihadist plays Fatwa for its event, the cards are exchanged,
    and its operation is a Plot in Iraq (die 2, Poor: success). True (default, 4.7.7.2 "la sua prima
    operazione di Complotto di un turno"): the exemption is used and Fatwa lies in the 1st Plot box;
    False: the exemption is untouched and Fatwa is discarded."""
    st = at({"fatwa_first_plot": first_plot}, countries={"Iraq": {"sleepers": 1}})
    set_hands(st, J=[97, 49], US=[2])
    assert not st.d["first_plot_used"]
    start_proc(st, "play_card", side=J, card=97)
    feed(st, [{"use": "event"}])
    chance_first(st, 2)  # the two random cards exchanged
    feed(st, [{"op": "plot"}, {"country": "Iraq"}, 2, {"plot": 1}])
    assert finished(st)
    assert st.d["countries"]["Iraq"]["plots"] == [1]
    assert st.d["first_plot_used"] is first_plot
    assert (97 in st.d["first_plot"], 97 in st.d["discard"]) == (first_plot, not first_plot)


# -- P18: cards 37 and 39 triggered by the Jihadist's operations -----------------------------------
@pytest.mark.rule("card 37", "5.2.2.1", "6.3.2.2", "7.3.4")
@pytest.mark.reading("P18")
@pytest.mark.parametrize("reading", ["us_play_only", "any_trigger"])
def test_p18_iraqi_wmd_triggered_by_jihadist_ops(reading):
    """P18 (``casus_belli_this_card``): the Jihadist plays card 37 (US Hard, Iraq Adversary) for
    operations, its event first (6.3.2.1). "us_play_only" (default, 5.2.2.1): the marker goes on
    Iraq and the Jihadist goes on with his operation; "any_trigger": the US is asked whether to use
    this card for a Regime Change in Iraq now, in the Jihadist's phase."""
    st = at({"casus_belli_this_card": reading})
    set_hands(st, J=[37])
    start_proc(st, "play_card", side=J, card=37)
    feed(st, [{"use": "ops"}, {"event": "first"}])
    assert "Iraqi WMD" in st.d["countries"]["Iraq"]["markers"]
    if reading == "any_trigger":
        assert st.decision()["player"] == "US"
        assert st.legal_actions() == [{"regime_change": True}, {"regime_change": False}]
    else:
        assert st.decision()["player"] == J
        assert st.decision()["rule"] == "6.3.1"  # the Jihadist's operation with card 37


@pytest.mark.rule("card 37", "7.3.4")
def test_iraqi_wmd_played_by_the_us_may_use_this_card_under_either_reading():
    """The US playing card 37 as its event may use this card at once under both readings of P18."""
    for reading in ("us_play_only", "any_trigger"):
        st = at({"casus_belli_this_card": reading}, phase="us_action")
        set_hands(st, US=[37])
        start_proc(st, "play_card", side="US", card=37)
        feed(st, [{"use": "event"}])
        assert st.legal_actions() == [{"regime_change": True}, {"regime_change": False}]


# -- P19: card 94's target still Fair or Good? -------------------------------------------------------
@pytest.mark.rule("card 94", "6.2.6")
@pytest.mark.reading("P19")
@pytest.mark.parametrize("reading,targets", [("recorded", ["Iraq", "Pakistan"]),
                                             ("fair_or_good_now", ["Pakistan"])])
def test_p19_itjihad_target_must_still_be_fair_or_good(reading, targets):
    """P19 (``itjihad_target``): Iraq was tested (it is Poor), Pakistan improved to Fair in this
    phase. "recorded" (default): both are targets; "fair_or_good_now": Pakistan only."""
    st = at({"itjihad_target": reading})
    record(st, "tested", "Iraq")
    record(st, "improved", "Pakistan")
    assert itjihad_targets(st) == targets


# -- P20: Predator with no cell ----------------------------------------------------------------------
@pytest.mark.rule("card 23", "card 24", "card 25", "6.2.6")
@pytest.mark.reading("P20")
@pytest.mark.parametrize("needs_cell", [False, True])
def test_p20_predator_with_no_cell_in_a_muslim_country(needs_cell):
    """P20 (``predator_needs_cell``): no Muslim country has a cell (Afghanistan's 4 Sleepers gone).
    False (default, 6.2.6: nothing printed): playable, and does nothing; True: unplayable."""
    st = at({"predator_needs_cell": needs_cell}, countries={"Afghanistan": {"sleepers": 0}})
    assert not any(cells(st.d["countries"][n]) for n in st.map.muslim)
    for n in (23, 24, 25):
        assert playable(st, "US", n) is not needs_cell
    if not needs_cell:
        cells_before = st.d["cells_track"]
        play_event(st, 23, "US", [])
        assert st.d["cells_track"] == cells_before


# -- P21: solo Travel origins -------------------------------------------------------------------------
@pytest.mark.rule("9.4.2.6.1")
@pytest.mark.reading("P21")
@pytest.mark.parametrize("reading", ["all_cells", "unassigned_cells"])
def test_p21_solo_travel_origin_counts_cells_already_assigned(reading):
    """P21 (``solo_travel_origin_count``): a 3-value card's third cell travels to the Gulf States.
    Afghanistan (Islamist Rule) has 4 cells, 2 of them already assigned a Travel by this card.
    "all_cells" (default): 4 > 3, the first category of 9.4.2.6.1 (an Islamist Rule country with
    more cells than the card's value), Afghanistan alone; "unassigned_cells": 2 > 3 fails, and
    Pakistan, adjacent to the Gulf States, comes first, and Afghanistan falls to the last category
    (any country with cells)."""
    st = solo_position("lets_roll", bare=True, rulings={"solo_travel_origin_count": reading},
                       countries={"Afghanistan": {"cells": 4}, "Pakistan": {"cells": 1}})
    free = {"Afghanistan": 2, "Pakistan": 1}
    groups = prio.origin_groups(st, "Gulf States", 3, free, {}, [])
    if reading == "all_cells":
        assert groups == [["Afghanistan"], ["Pakistan"]]
    else:
        assert groups == [["Pakistan"], ["Afghanistan"]]


# -- P22: markers cards 93 and 32 place where the rules would not leave one ---------------------------
@pytest.mark.rule("card 93", "8.4.3.2")
@pytest.mark.reading("P22")
@pytest.mark.parametrize("reading,besieged", [("as_printed", True), ("rules_hold", False)])
def test_p22_taliban_on_an_islamist_rule_afghanistan(reading, besieged):
    """P22 (``event_marker_limits``): Taliban with Afghanistan under Islamist Rule. "as_printed"
    (default): the Besieged Regime is placed; "rules_hold" (8.4.3.2): it is not. Either way a cell
    in Afghanistan and in Pakistan (tested: a 4, Poor) and Prestige -3 (Islamist Rule)."""
    st = at({"event_marker_limits": reading}, prestige=7)
    play_event(st, 93, J, [])
    a = st.d["countries"]["Afghanistan"]
    assert a["besieged"] is besieged
    assert st.d["prestige"] == 4


@pytest.mark.rule("card 32", "8.4.4")
@pytest.mark.reading("P22")
@pytest.mark.parametrize("reading,aid", [("as_printed", 1), ("rules_hold", 0)])
def test_p22_back_channel_on_an_islamist_rule_adversary(reading, aid):
    """P22: Back Channel (US Soft) discards a card of value 1, the Resources of Afghanistan (Islamist
    Rule Adversary) and of Libya; Afghanistan shifts to Neutral (FAQ) and gets 1 Aid under
    "as_printed" (default), none under "rules_hold" (8.4.4)."""
    st = at({"event_marker_limits": reading}, us_posture="soft")
    one = next(n for n in sorted(st.d["deck"] + st.d["hands"][J]) if st.cards[n].ops == 1
               and not st.cards[n].automatic)
    set_hands(st, US=[32, one])
    play_event(st, 32, "US", [{"discard": one}, {"country": "Afghanistan"}])
    a = st.d["countries"]["Afghanistan"]
    assert a["align"] == "neutral" and a["aid"] == aid
