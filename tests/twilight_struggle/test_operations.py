"""Operations (6.0-6.3), the DEFCON restrictions on them (8.1.5), the opponent's event of a card
played for operations (5.2), with scripted dice.

Cards used (seed edition, all Early War so that they are in play in turn 1): neutral 18 Captured
Nazi Scientist (1 op), 20 Olympic Games (2), 34 Nuclear Test Ban (4); USSR 7 Socialist Governments
(3), 8 Fidel (2); US 4 Duck and Cover (3), 19 Truman Doctrine (1), 22 Independent Reds (2). The
worked examples of the seed (6.1.2 Turkey, 6.1.3 Panama, 6.2.2 North Korea, 6.3.2 Mexico, and the
coups of the example of play, each alone) are regression tests; the example's slips (registry
A32-A45) are not copied: the Italy coup "needs a 4" (A38) is checked against the rule instead. The
example itself, every coup in its place, is played in test_example_of_play.py.
"""
from __future__ import annotations

import pytest

from cdg_oracle.model.twilight_struggle.engine import ENGINE
from cdg_oracle.model.twilight_struggle.operations import coup
from tests.twilight_struggle.helpers import ZERO, cleared, play, position, question

USSR_1 = {"phase": "action_round", "side": "USSR", "round": 1}
US_1 = {"phase": "action_round", "side": "US", "round": 1}
HANDS = {"USSR": [7, 8, 18, 20, 34], "US": [4, 19, 22, 24]}


def countries(st) -> list[str]:
    return [a["country"] for a in st.legal_actions()]


# -- 6.0 ---------------------------------------------------------------------------------------------
@pytest.mark.rule("6.0", "2.2.3", "7.1", "7.5")
def test_a_card_goes_to_one_use_of_four():
    """6.0, 2.2.3: a card is played as its event or for operations, all of them to one use:
    influence, realignment rolls, a coup, the Space Race; or, its event being the USSR's own, as
    the event (7.1)."""
    st = position(hands=HANDS)
    play(st, {"card": 7})
    assert st.legal_actions() == [{"use": "event"}, {"use": "influence"}, {"use": "realign"}, {"use": "coup"},
                                  {"use": "space"}]


@pytest.mark.rule("6.0", "6.1.3")
def test_every_op_is_spent_while_a_marker_can_be_paid_for():
    """6.0: all the ops go to the chosen use: no question offers to stop placing."""
    st = position(hands=HANDS)
    play(st, {"card": 34}, {"use": "influence"})
    for _ in range(4):
        assert question(st) == "influence.place" and all("country" in a for a in st.legal_actions())
        play(st, {"country": "Poland"})
    assert st.d["influence"]["Poland"]["USSR"] == 4 and question(st) == "action_round.play"


# -- 6.1 influence -------------------------------------------------------------------------------------
@pytest.mark.rule("6.1.2", "6.1")
def test_the_turkey_example_a_marker_costs_two_until_control_ends():
    """6.1.2 (the seed's example): the US controls Turkey with 2 (stability 2); the USSR's first
    marker there costs 2, after it the US no longer controls Turkey and each costs 1: 4 ops place 3."""
    st = position(hands=HANDS, influence={"Turkey": {"US": 2, "USSR": 0}})
    play(st, {"card": 34}, {"use": "influence"}, {"country": "Turkey"})
    assert st.d["influence"]["Turkey"] == {"US": 2, "USSR": 1}
    play(st, {"country": "Turkey"}, {"country": "Turkey"})
    assert st.d["influence"]["Turkey"] == {"US": 2, "USSR": 3}
    assert question(st) == "action_round.play"  # 2 + 1 + 1: the 4 ops are spent


@pytest.mark.rule("6.1.2")
def test_the_turkey_example_without_control_every_marker_costs_one():
    """6.1.2: with 1 US influence Turkey is not controlled: each USSR marker costs 1."""
    st = position(hands=HANDS, influence={"Turkey": {"US": 1, "USSR": 0}})
    play(st, {"card": 34}, {"use": "influence"}, *[{"country": "Turkey"}] * 4)
    assert st.d["influence"]["Turkey"] == {"US": 1, "USSR": 4}


@pytest.mark.rule("6.1.2")
def test_an_enemy_controlled_country_is_not_offered_for_the_last_op():
    """6.1.2: a marker in an enemy-controlled country costs 2, so with 1 op left it is not offered."""
    st = position(hands=HANDS, influence={"Turkey": {"US": 2, "USSR": 0}})
    play(st, {"card": 18}, {"use": "influence"})
    assert "Turkey" not in countries(st) and "Syria" in countries(st)


@pytest.mark.rule("6.1.1", "6.1.3")
def test_the_panama_example_markers_go_next_to_influence_present_at_the_start():
    """6.1.1, 6.1.3 (the seed's example): the US, with influence in Panama and South Korea, may
    place in Costa Rica and Colombia, but not in Costa Rica and then Nicaragua: a marker goes in or
    next to a country that held US influence when the action round began."""
    us_only = {c: dict(ZERO) for c in ("Iran", "Israel", "Japan", "Australia", "Philippines",
                                      "South Africa", "United Kingdom")}
    st = position(hands=HANDS, next=US_1, influence=us_only)
    play(st, {"card": 4}, {"use": "influence"})
    assert {"Costa Rica", "Colombia", "South Korea", "North Korea"} <= set(countries(st))
    assert "Nicaragua" not in countries(st)
    play(st, {"country": "Costa Rica"})
    assert "Nicaragua" not in countries(st)  # Costa Rica held no US influence at the start
    play(st, {"country": "Colombia"}, {"country": "South Korea"})
    assert st.d["influence"]["Costa Rica"]["US"] == st.d["influence"]["Colombia"]["US"] == 1


@pytest.mark.rule("6.1.4")
def test_countries_next_to_ones_superpower_are_always_open():
    """6.1.4: the US may always place in Canada, Cuba, Japan and Mexico; the USSR in Afghanistan,
    Finland, North Korea, Poland and Romania, with no influence near them."""
    st = position(hands=HANDS, next=US_1, influence=cleared("Japan", "South Korea", "Panama"))
    play(st, {"card": 4}, {"use": "influence"})
    assert {"Canada", "Cuba", "Japan", "Mexico"} <= set(countries(st))
    st = position(hands=HANDS, influence=cleared("North Korea", "Iraq", "Syria", "East Germany", "Finland"))
    play(st, {"card": 34}, {"use": "influence"})
    assert set(countries(st)) == {"Afghanistan", "Finland", "North Korea", "Poland", "Romania"}


# -- 6.2 realignment ------------------------------------------------------------------------------------
@pytest.mark.rule("6.2.2", "6.2.1")
def test_the_north_korea_example():
    """6.2.2 (the seed's example): the US realigns in North Korea (USSR 3, US 0). The US has no
    modifier; the USSR +1 for the adjacent USSR and +1 for more influence. US 5, USSR 2+2 = 4: the
    USSR loses 1."""
    st = position(hands=HANDS, next=US_1)
    play(st, {"card": 19}, {"use": "realign"}, {"country": "North Korea"}, 5, 2)
    assert st.d["influence"]["North Korea"] == {"US": 0, "USSR": 2}


@pytest.mark.rule("6.2.2")
def test_a_realignment_tie_removes_nothing_and_the_phasing_side_can_lose():
    """6.2.2: a tie removes nothing; the higher total removes the difference from the loser, the
    phasing side too, never below zero (6.2.3: nothing is ever added)."""
    st = position(hands=HANDS, next=US_1, influence={"North Korea": {"US": 1, "USSR": 3}})
    play(st, {"card": 22}, {"use": "realign"}, {"country": "North Korea"}, 4, 2)  # 4 vs 2+2
    assert st.d["influence"]["North Korea"] == {"US": 1, "USSR": 3}
    play(st, {"country": "North Korea"}, 1, 6)  # 1 vs 8: the US loses 7, down to 0
    assert st.d["influence"]["North Korea"] == {"US": 0, "USSR": 3}


@pytest.mark.rule("6.2.2")
def test_realignment_modifiers_count_adjacent_control():
    """6.2.2: +1 per adjacent country the side controls, +1 for more influence in the target, +1
    when its superpower is adjacent. In South Korea (US 2, USSR 1) the US controls Japan and Taiwan
    next to it and has more influence: +3; the USSR controls North Korea with 3 (stability 3): +1,
    and nothing once North Korea falls to 2."""
    from cdg_oracle.model.twilight_struggle.operations.realignment import modifiers
    korea = {"Japan": {"US": 4, "USSR": 0}, "Taiwan": {"US": 3, "USSR": 0}, "South Korea": {"US": 2, "USSR": 1}}
    st = position(hands=HANDS, next=US_1, influence=korea)
    assert modifiers(st, "US", "South Korea") == 3 and modifiers(st, "USSR", "South Korea") == 1
    st = position(hands=HANDS, next=US_1, influence={**korea, "North Korea": {"US": 0, "USSR": 2}})
    assert modifiers(st, "USSR", "South Korea") == 0
    assert modifiers(st, "USSR", "North Korea") == 2  # more influence there, and next to the USSR


@pytest.mark.rule("6.2.1")
@pytest.mark.reading("A06")
@pytest.mark.parametrize("needs, offered", [(True, False), (False, True)])
def test_realignment_targets_and_enemy_influence(needs, offered):
    """A06 (6.2 is silent; 6.3.1 asks it of coups): by default a realignment target must hold
    enemy influence; under the other reading any country open to it may be targeted."""
    st = position(hands=HANDS, next=US_1, rulings={"realign_needs_enemy_influence": needs})
    play(st, {"card": 19}, {"use": "realign"})
    assert ("Mexico" in countries(st)) == offered
    assert "North Korea" in countries(st)


@pytest.mark.rule("6.2.2", "6.2.1")
@pytest.mark.reading("A06")
def test_a_realignment_without_enemy_influence_can_only_cost_the_realigner():
    """A06's other reading (any target): in Mexico, where the US has 2 and the USSR none, the US's
    roll can remove nothing of the USSR's; but 6.2.2 has whoever rolls higher remove the difference
    from 'the opponent's' influence, so the USSR's higher roll removes the US's own markers."""
    st = position(hands=HANDS, next=US_1, influence={"Mexico": {"US": 2, "USSR": 0}},
                  rulings={"realign_needs_enemy_influence": False})
    play(st, {"card": 19}, {"use": "realign"}, {"country": "Mexico"}, 6, 1)
    assert st.d["influence"]["Mexico"] == {"US": 2, "USSR": 0}   # the US rolled higher: nothing to remove
    st = position(hands=HANDS, next=US_1, influence={"Mexico": {"US": 2, "USSR": 0}},
                  rulings={"realign_needs_enemy_influence": False})
    play(st, {"card": 19}, {"use": "realign"}, {"country": "Mexico"}, 1, 6)
    assert st.d["influence"]["Mexico"] == {"US": 0, "USSR": 0}   # 6 against 1 + 2: the US loses 2


@pytest.mark.rule("6.2.3")
def test_realignment_never_adds_influence():
    """6.2.3: whatever the dice, the winner's influence does not grow."""
    st = position(hands=HANDS, next=US_1)
    play(st, {"card": 19}, {"use": "realign"}, {"country": "North Korea"}, 6, 1)
    assert st.d["influence"]["North Korea"] == {"US": 0, "USSR": 0}


@pytest.mark.rule("8.1.5", "6.2.1")
@pytest.mark.reading("A08")
@pytest.mark.parametrize("restricted", [True, False])
def test_defcon_restricts_realignment_under_the_rule_not_under_the_chart(restricted):
    """8.1.5 forbids realignment in the DEFCON-restricted regions; the DEFCON chart names coups
    only (A08). At DEFCON 4 Europe is closed to realignment by default, open under the chart."""
    st = position(hands=HANDS, defcon=4, rulings={"defcon_restricts_realignment": restricted})
    play(st, {"card": 18}, {"use": "realign"})
    assert ("United Kingdom" in countries(st)) == (not restricted)


@pytest.mark.rule("6.2", "9.6")
def test_each_realignment_roll_costs_one_op():
    """6.2.2: each roll costs 1 op; a 2-op card makes two, each resolved before the next target."""
    st = position(hands=HANDS, next=US_1, influence={"North Korea": {"US": 0, "USSR": 5}})
    play(st, {"card": 22}, {"use": "realign"}, {"country": "North Korea"}, 6, 1)
    assert st.d["influence"]["North Korea"]["USSR"] == 2  # 6 vs 1+2: 3 removed
    assert question(st) == "realign.target"
    play(st, {"country": "North Korea"}, 6, 1)  # 6 vs 1+1 (more influence is gone): 4, down to 0
    assert st.d["influence"]["North Korea"]["USSR"] == 0 and question(st) == "action_round.play"


# -- 6.3 coups --------------------------------------------------------------------------------------------
@pytest.mark.rule("6.3.2", "6.3.3", "6.3.4", "8.2.3", "8.1.4", "6.3")
def test_the_mexico_example():
    """6.3.2 (the seed's example): a 3-op US coup in Mexico (stability 2, USSR 2): the US marks 3
    military operations, rolls 4: 3 + 4 - 4 = 3: the 2 USSR markers go and 1 US is added. Mexico
    is a battleground: DEFCON degrades by one (6.3.4)."""
    st = position(hands=HANDS, next=US_1, influence={"Mexico": {"US": 0, "USSR": 2}})
    play(st, {"card": 4}, {"use": "coup"}, {"country": "Mexico"})
    assert st.d["milops"]["US"] == 3 and st.current_player() == "chance"  # 6.3.3: marked before the die
    play(st, 4)
    assert st.d["influence"]["Mexico"] == {"US": 1, "USSR": 0} and st.d["defcon"] == 4


@pytest.mark.rule("6.3.2", "6.3.4")
def test_a_failed_coup_changes_no_influence_but_still_degrades_defcon():
    """6.3.2: zero or less changes nothing; 6.3.4: a battleground coup degrades DEFCON, won or lost.
    The example of play's Italy coup (USSR 3 ops, roll 1): 3 + 1 - 4 = 0, no effect, DEFCON to 4,
    3 military operations. (The example says it 'needs a 4': 2 suffices, A38.)"""
    st = position(hands=HANDS, influence={"Italy": {"US": 2, "USSR": 0}})
    play(st, {"card": 7}, {"use": "coup"}, {"country": "Italy"}, 1)
    assert st.d["influence"]["Italy"] == {"US": 2, "USSR": 0}
    assert st.d["defcon"] == 4 and st.d["milops"]["USSR"] == 3
    st = position(hands=HANDS, influence={"Italy": {"US": 2, "USSR": 0}})
    play(st, {"card": 7}, {"use": "coup"}, {"country": "Italy"}, 2)
    assert st.d["influence"]["Italy"] == {"US": 1, "USSR": 0}  # 3 + 2 - 4 = 1


@pytest.mark.rule("6.3.2", "6.3.4")
@pytest.mark.parametrize("country, side, card, die, before, after, defcon_before, defcon_after", [
    # the example of play: turn 2 USSR 4 (Suez Crisis, 3 ops, Libya), turn 3 USSR 3 (Vietnam Revolts,
    # 2 ops, Iran), USSR 4 (Indo-Pakistani War, 2 ops, Egypt), USA 3 (Formosan Resolution, 2 ops,
    # Libya); turn 4 USA 4 (Muslim Revolution, 4 ops, India), USSR 5 (Arms Race, 3 ops, Panama)
    ("Libya", "USSR", 7, 5, {"US": 2, "USSR": 0}, {"US": 0, "USSR": 2}, 5, 4),
    ("Iran", "USSR", 8, 4, {"US": 2, "USSR": 0}, {"US": 0, "USSR": 0}, 5, 4),
    ("Egypt", "USSR", 8, 6, {"US": 2, "USSR": 0}, {"US": 0, "USSR": 2}, 3, 2),
    ("Libya", "US", 22, 2, {"US": 0, "USSR": 2}, {"US": 0, "USSR": 2}, 4, 3),
    ("India", "US", 23, 2, {"US": 0, "USSR": 2}, {"US": 0, "USSR": 2}, 5, 4),
    ("Panama", "USSR", 7, 5, {"US": 1, "USSR": 0}, {"US": 0, "USSR": 3}, 4, 3),
])
def test_the_coups_of_the_example_of_play(country, side, card, die, before, after, defcon_before, defcon_after):
    """6.3.2: the coups of the seed's example of play, each with its card's ops and die: the
    influence removed and added, and DEFCON one lower for each battleground (6.3.4)."""
    hands = {"USSR": [7, 8], "US": [22, 23]}
    st = position(hands=hands, defcon=defcon_before, influence={country: before},
                  next={"phase": "action_round", "side": side, "round": 1})
    play(st, {"card": card}, {"use": "coup"}, {"country": country}, die)
    assert st.d["influence"][country] == after and st.d["defcon"] == defcon_after
    assert st.d["milops"][side] == st.cards[card].ops


@pytest.mark.rule("6.3.1")
def test_a_coup_needs_enemy_influence_in_the_target():
    """6.3.1: the attacker needs no influence there, but the enemy must have some."""
    st = position(hands=HANDS, next=US_1)
    play(st, {"card": 19}, {"use": "coup"})
    targets = set(countries(st))
    assert {"Syria", "Iraq", "North Korea", "East Germany", "Finland"} <= targets
    assert "Mexico" not in targets and "Japan" not in targets


@pytest.mark.rule("8.1.5", "6.3.1")
@pytest.mark.parametrize("defcon, closed", [(5, set()), (4, {"Europe"}), (3, {"Europe", "Asia"}),
                                            (2, {"Europe", "Asia", "Middle East"})])
def test_defcon_closes_regions_to_coups(defcon, closed):
    """8.1.5: DEFCON 4 no coup in Europe, 3 nor in Asia (Southeast Asia with it, 2.1.2), 2 nor in
    the Middle East."""
    influence = {"East Germany": {"US": 0, "USSR": 3}, "North Korea": {"US": 0, "USSR": 3},
                 "Vietnam": {"US": 0, "USSR": 1}, "Iraq": {"US": 0, "USSR": 1}, "Angola": {"US": 0, "USSR": 1}}
    st = position(hands=HANDS, next=US_1, defcon=defcon, influence=influence)
    play(st, {"card": 19}, {"use": "coup"})
    targets = set(countries(st))
    assert ("East Germany" in targets) == ("Europe" not in closed)
    assert ("North Korea" in targets) == ("Asia" not in closed)
    assert ("Vietnam" in targets) == ("Asia" not in closed)
    assert ("Iraq" in targets) == ("Middle East" not in closed)
    assert "Angola" in targets


@pytest.mark.rule("6.3.5", "8.2.5", "6.3.4")
def test_a_free_coup_ignores_defcon_counts_no_milops_and_still_degrades_defcon():
    """6.3.5: a free coup an event grants may ignore the DEFCON restrictions, and still degrades
    DEFCON in a battleground; 8.2.5: it counts no military operations. (No event is implemented
    yet: the coup procedure is started here as an event will start it.)"""
    st = position(hands=HANDS, next=US_1, defcon=3)
    st.d["stack"].append({"proc": "coup", "pc": "start", "side": "US", "ops": 2, "bonus": 0, "bonus_area": "Asia",
                          "in_area": True, "spent": 0, "free": True})
    st.d["pending"] = None
    ENGINE.run(st)
    assert "East Germany" in countries(st)  # Europe, closed at DEFCON 3 to an ordinary coup
    play(st, {"country": "East Germany"}, 6)  # 2 + 6 - 6 = 2
    assert st.d["influence"]["East Germany"]["USSR"] == 1
    assert st.d["milops"]["US"] == 0 and st.d["defcon"] == 2


@pytest.mark.rule("6.3.2")
def test_the_coup_formula():
    """6.3.2: (ops + die) - 2 x stability."""
    assert coup.result(3, 4, 2) == 3 and coup.result(4, 2, 3) == 0 and coup.result(1, 1, 4) == -6


@pytest.mark.rule("8.1.3", "10.3.1", "8.1.1", "8.1")
def test_a_battleground_coup_at_defcon_2_is_nuclear_war_and_the_phasing_side_loses():
    """8.1.3: DEFCON 1 ends the game at once and the side that moved it there loses (10.3.1: the
    other wins)."""
    st = position(hands=HANDS, defcon=2, influence={"Angola": {"US": 1, "USSR": 0}})
    play(st, {"card": 18}, {"use": "coup"}, {"country": "Angola"}, 6)
    assert st.is_terminal() and st.outcome()["winner"] == "US" and st.outcome()["rule"] == "8.1.3"
    assert st.d["defcon"] == 1 and st.returns() == {"USSR": -1, "US": 1}


# -- 5.2: the opponent's event ------------------------------------------------------------------------------
@pytest.mark.rule("5.2")
def test_the_opponents_event_comes_before_or_after_as_the_phasing_side_chooses():
    """5.2: a card played for operations whose event is the opponent's alone: its event happens too,
    before or after, as the phasing side chooses; the opponent carries it out (card 8 Fidel: the
    USSR takes Cuba) and the starred card leaves the game."""
    st = position(hands=HANDS, next=US_1)
    play(st, {"card": 19}, {"use": "coup"})  # Truman Doctrine is the US's own card: no question
    assert question(st) == "coup.target"
    st = position(hands={"USSR": [7], "US": [4, 8]}, next=US_1)
    play(st, {"card": 8}, {"use": "influence"})
    assert question(st) == "action_round.order"
    assert st.legal_actions() == [{"event": "before"}, {"event": "after"}]
    play(st, {"event": "after"}, {"country": "Japan"})
    assert st.d["influence"]["Cuba"] == {"US": 0, "USSR": 0}  # the event waits for the operations
    play(st, {"country": "Japan"})
    assert st.d["influence"]["Cuba"] == {"US": 0, "USSR": 3} and st.d["not_implemented"] == []
    assert 8 in st.d["removed"] and 8 not in st.d["discard"]


@pytest.mark.rule("5.2", "6.4.5")
def test_no_event_and_no_question_for_a_card_used_for_the_space_race():
    """6.4.5: the event of a card used for the Space Race does not happen, whosever it is."""
    st = position(hands={"USSR": [7], "US": [4, 8]}, next=US_1)
    play(st, {"card": 8}, {"use": "space"})
    assert question(st) == "space.die"
    play(st, 1)
    assert st.d["not_implemented"] == [] and st.d["space"]["US"] == 1


@pytest.mark.rule("6.4.1")
@pytest.mark.reading("A21")
@pytest.mark.parametrize("seed_un_intervention_ops, space", [(1, False), (2, True)])
def test_un_intervention_ops_in_the_seed_edition(seed_un_intervention_ops, space):
    """A21: the seed's card list prints 2 Ops on UN Intervention (card 32); its own example plays it
    as 1 Op (the default). With 2 it may go to the Space Race's first box (6.4.1: 2 ops needed)."""
    st = position(hands={"USSR": [7], "US": [32]}, next=US_1,
                  rulings={"seed_un_intervention_ops": seed_un_intervention_ops})
    assert st.cards[32].ops == seed_un_intervention_ops
    play(st, {"card": 32})
    assert ({"use": "space"} in st.legal_actions()) == space


@pytest.mark.rule("8.2.2", "6.2")
def test_realignment_rolls_are_not_military_operations():
    """8.2.2: coups are military operations, realignment rolls are not."""
    st = position(hands=HANDS, next=US_1)
    play(st, {"card": 22}, {"use": "realign"}, {"country": "North Korea"}, 6, 1, {"country": "Syria"}, 6, 1)
    assert st.d["milops"]["US"] == 0


@pytest.mark.rule("6.1.5", "6.1.6", "2.1")
def test_influence_has_no_limit_and_is_seen_by_both():
    """6.1.5: the markers are like money: no supply limits how much influence a country holds;
    6.1.6: influence may be looked at any time: both sides see all of it."""
    st = position(hands=HANDS, influence={"Poland": {"US": 0, "USSR": 37}})
    play(st, {"card": 34}, {"use": "influence"}, *[{"country": "Poland"}] * 4)
    assert st.d["influence"]["Poland"]["USSR"] == 41
    assert st.observation("US")["influence"] == st.observation("USSR")["influence"] == st.canonical()["influence"]
    assert len(st.map.countries) == 84  # 2.1: the map the rules are played on
