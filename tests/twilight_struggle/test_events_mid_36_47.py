"""The events of Mid War cards 36-47 (events/mid_36_47.py), with scripted dice, in turn 4 (the
Mid War cards are in play). Cards used besides the batch: US 4 Duck and Cover (3 ops), 19 Truman
Doctrine (1), 22 Independent Reds (2); USSR 7 Socialist Governments (3); neutral 18 Captured Nazi
Scientist (1), 34 Nuclear Test Ban (4); 37 Central America Scoring.

The readings of the cards' texts (ruling ``card_<n>_text``: edition, seed, deluxe; registry A23
for card 36, A26 for 40, A22 for 41, C047 for 47; ``card_43_defcon``, A19, for 43) and of DEFCON 1
by choice (``defcon_one_by_choice``, A25, cards 45 and 46) are each tested under every reading."""
from __future__ import annotations

import json

import pytest

from cdg_oracle.model.core.position import from_document, to_document
from cdg_oracle.model.twilight_struggle.events import effects
from cdg_oracle.model.twilight_struggle.events.mid_36_47 import summit_bonus
from tests.twilight_struggle.helpers import ZERO, cleared, play, position, question

USSR_1 = {"phase": "action_round", "side": "USSR", "round": 1}
US_1 = {"phase": "action_round", "side": "US", "round": 1}
TURN = 4


def pos(**state):
    state.setdefault("turn", TURN)
    return position(**state)


def record(card: int, side: str, until: str = "turn", **own) -> dict:
    return {"card": card, "side": side, "until": until, **own}


# -- card 36 Brush War -----------------------------------------------------------------------------------
#: Pakistan (stability 2) with 2 US influence; its neighbours Iran and India US-controlled.
BRUSH = {"Pakistan": {"US": 2, "USSR": 0}, "Iran": {"US": 2, "USSR": 0}, "India": {"US": 3, "USSR": 0},
         "Afghanistan": dict(ZERO)}


@pytest.mark.rule("card 36", "7.6", "8.2.4")
@pytest.mark.reading("A23")
@pytest.mark.parametrize("edition,card_36_text,modifier", [
    ("seed", "edition", 1), ("deluxe", "edition", 2), ("deluxe", "seed", 1), ("seed", "deluxe", 2)])
def test_brush_war_modifier_under_each_text(edition, card_36_text, modifier):
    """Card 36: a die of 4 against Pakistan with two US-controlled neighbours: the seed's text
    subtracts 1 in all (4 - 1 = 3: won), the Deluxe's 1 per neighbour (4 - 2 = 2: lost). Won: 1 VP,
    the US's 2 influence become the USSR's; either way +3 military operations (8.2.4)."""
    st = pos(hands={"USSR": [36], "US": []}, influence=BRUSH, options={"edition": edition},
             rulings={"card_36_text": card_36_text})
    play(st, {"card": 36}, {"use": "event"})
    assert question(st) == "event_36.target"
    play(st, {"country": "Pakistan"}, 4)
    assert st.d["milops"]["USSR"] == 3
    if modifier == 1:
        assert st.d["vp"] == -1 and st.d["influence"]["Pakistan"] == {"US": 0, "USSR": 2}
    else:
        assert st.d["vp"] == 0 and st.d["influence"]["Pakistan"] == {"US": 2, "USSR": 0}
    assert 36 in st.d["discard"] and question(st) == "action_round.play"


@pytest.mark.rule("card 36", "7.6")
def test_brush_war_targets_only_stability_one_or_two():
    """Card 36: any country of stability 1 or 2, whoever has influence there (7.6)."""
    st = pos(hands={"USSR": [], "US": [36]}, next=US_1)
    play(st, {"card": 36}, {"use": "event"})
    targets = {a["country"] for a in st.legal_actions()}
    assert len(targets) == 52 and {"Lebanon", "Italy", "Pakistan", "Venezuela"} <= targets
    assert not targets & {"France", "West Germany", "India", "Japan"}
    play(st, {"country": "Lebanon"}, 3)  # no neighbour USSR-controlled: 3 wins; nobody's influence there
    assert st.d["vp"] == 1 and st.d["milops"]["US"] == 3 and st.d["influence"]["Lebanon"] == ZERO


@pytest.mark.rule("card 36", "card 21")
def test_nato_makes_us_controlled_europe_immune_to_brush_war():
    """Card 21 in force: Italy (US-controlled) cannot be attacked; Greece (not controlled) can.
    Without NATO, Italy can."""
    inf = {"Italy": {"US": 2, "USSR": 0}, "Greece": {"US": 1, "USSR": 0}}
    st = pos(hands={"USSR": [36], "US": []}, influence=inf, in_effect=[21], effects=[record(21, "US", "cancelled")])
    play(st, {"card": 36}, {"use": "event"})
    assert {"country": "Italy"} not in st.legal_actions() and {"country": "Greece"} in st.legal_actions()
    st = pos(hands={"USSR": [36], "US": []}, influence=inf)
    play(st, {"card": 36}, {"use": "event"})
    assert {"country": "Italy"} in st.legal_actions()


# -- card 39 Arms Race -----------------------------------------------------------------------------------
@pytest.mark.rule("card 39", "8.2.1")
@pytest.mark.parametrize("defcon,milops,vp", [
    (3, {"USSR": 3, "US": 1}, -3),  # more, and the requirement (3) met: 3 VP
    (5, {"USSR": 3, "US": 1}, -1),  # more, requirement 5 not met: 1 VP
    (3, {"USSR": 2, "US": 2}, 0),  # not more: nothing
])
def test_arms_race(defcon, milops, vp):
    st = pos(hands={"USSR": [39], "US": []}, defcon=defcon, milops=milops)
    play(st, {"card": 39}, {"use": "event"})
    assert st.d["vp"] == vp and 39 in st.d["discard"]


# -- card 40 Cuban Missile Crisis ------------------------------------------------------------------------
CRISIS_INF = {"Turkey": {"US": 2, "USSR": 0}, "West Germany": {"US": 1, "USSR": 0},
              "East Germany": {"US": 2, "USSR": 3}, "Honduras": {"US": 0, "USSR": 1}}


def crisis_played(**kw):
    """The USSR plays card 40 in its round 1 of turn 4; the US's round 1 begins."""
    st = pos(hands={"USSR": [40, 18], "US": [4, 19]}, influence=CRISIS_INF, **kw)
    play(st, {"card": 40}, {"use": "event"})
    return st


@pytest.mark.rule("card 40", "8.1.3")
def test_cuban_missile_crisis_sets_defcon_two_and_the_opponents_coup_loses():
    """Card 40: DEFCON 5 -> 2 (no side responsible); the card leaves the game (asterisk); the US,
    declining to cancel, coups in Honduras (not a battleground: DEFCON stays 2) and loses."""
    st = crisis_played()
    assert st.d["defcon"] == 2 and 40 in st.d["removed"]
    assert effects.effect(st, 40) == record(40, "USSR")
    assert question(st) == "missile_crisis_cancel.cancel"
    assert st.legal_actions() == [{"cancel": "East Germany"}, {"cancel": "Turkey"}, {"cancel": None}]  # seed
    play(st, {"cancel": None}, {"card": 4}, {"use": "coup"}, {"country": "Honduras"}, 1)
    assert st.d["defcon"] == 2
    assert st.d["terminal"]["winner"] == "USSR" and st.d["terminal"]["rule"] == "card 40"


@pytest.mark.rule("card 40")
def test_cuban_missile_crisis_cancelled_by_removing_two_influence():
    """Card 40: the US removes 2 from Turkey: the crisis is over and its coup is safe."""
    st = crisis_played()
    play(st, {"cancel": "Turkey"})
    assert st.d["influence"]["Turkey"]["US"] == 0 and not effects.in_force(st, 40)
    assert question(st) == "action_round.play"
    play(st, {"card": 4}, {"use": "coup"}, {"country": "Honduras"}, 3)  # 3 + 3 - 4 = 2
    assert st.d["terminal"] is None and st.d["influence"]["Honduras"] == {"US": 1, "USSR": 0}


@pytest.mark.rule("card 40")
def test_cuban_missile_crisis_binds_only_the_opponent_and_only_when_he_can_cancel():
    """Card 40: the player's own coups are safe; the question is not posed without 2 influence in a
    country named; the effect is for the turn."""
    st = pos(hands={"USSR": [40, 7], "US": [19, 22]}, influence={"Honduras": {"US": 1, "USSR": 0}})
    play(st, {"card": 40}, {"use": "event"})
    assert question(st) == "action_round.play"  # the US has 2 nowhere it could cancel from
    play(st, {"card": 22}, {"use": "influence"}, {"country": "Japan"}, {"country": "Japan"})
    play(st, {"card": 7}, {"use": "coup"}, {"country": "Honduras"}, 2)  # the USSR's own: 3 + 2 - 4 = 1
    assert st.d["terminal"] is None and st.d["influence"]["Honduras"] == ZERO
    assert effects.effect(st, 40)["until"] == "turn"


@pytest.mark.rule("card 40")
@pytest.mark.reading("A26")
@pytest.mark.parametrize("edition,card_40_text,offered", [
    ("seed", "edition", ["East Germany", "Turkey"]), ("deluxe", "edition", ["Turkey"]),
    ("deluxe", "seed", ["East Germany", "Turkey"]), ("seed", "deluxe", ["Turkey"])])
def test_which_germany_cancels_the_crisis(edition, card_40_text, offered):
    """Card 40: the seed's 'Germania' is either Germany; the Deluxe's West Germany only."""
    st = crisis_played(options={"edition": edition}, rulings={"card_40_text": card_40_text})
    assert st.legal_actions() == [{"cancel": c} for c in offered] + [{"cancel": None}]


@pytest.mark.rule("card 40", "card 47", "6.3.5")
def test_the_crisis_catches_a_free_coup_and_the_ussr_cancels_from_cuba():
    """Card 40 played by the US: the USSR's free coup of Junta loses, unless it first removes 2
    from Cuba (here the 2 Junta just placed there)."""
    for cancel in (None, "Cuba"):
        st = pos(hands={"USSR": [47], "US": [40]}, influence={"Honduras": {"US": 1, "USSR": 0}},
                 next={"phase": "action_round", "side": "US", "round": 1})
        play(st, {"card": 40}, {"use": "event"}, {"card": 47}, {"use": "event"}, {"country": "Cuba"},
             {"coup": "Central America"})
        assert question(st) == "missile_crisis_cancel.cancel"
        play(st, {"cancel": cancel}, {"country": "Honduras"}, 3)
        if cancel is None:
            assert st.d["terminal"]["winner"] == "US"
        else:
            assert st.d["terminal"] is None and st.d["influence"]["Cuba"]["USSR"] == 0
            assert st.d["influence"]["Honduras"] == {"US": 0, "USSR": 0}  # 2 ops + 3 - 4 = 1


# -- card 41 Nuclear Subs --------------------------------------------------------------------------------
@pytest.mark.rule("card 41", "6.3.4", "8.1.4")
def test_nuclear_subs_us_battleground_coups_keep_defcon():
    """Card 41 played by the US: its coup in Iran (battleground) leaves DEFCON at 5 and still counts
    its military operations; the USSR's coup in a battleground still degrades it. The card is
    removed."""
    st = pos(hands={"USSR": [7, 18], "US": [41, 4]}, influence={"Iraq": {"US": 0, "USSR": 1}})
    play(st, {"card": 18}, {"use": "influence"}, {"country": "Iraq"})
    play(st, {"card": 41}, {"use": "event"})
    assert 41 in st.d["removed"] and effects.effect(st, 41) == record(41, "US")
    play(st, {"card": 7}, {"use": "coup"}, {"country": "Iran"}, 1)  # USSR: 3 + 1 - 4 = 0, DEFCON 4
    assert st.d["defcon"] == 4
    play(st, {"card": 4}, {"use": "coup"}, {"country": "Iraq"}, 3)  # US: 3 + 3 - 6 = 0
    assert st.d["defcon"] == 4 and st.d["milops"]["US"] == 3


@pytest.mark.rule("card 41", "5.2")
def test_nuclear_subs_triggered_by_the_ussrs_operations_is_the_uss():
    """5.2: the USSR plays card 41 for influence: the US's event happens; the card leaves the game."""
    st = pos(hands={"USSR": [41], "US": []})
    play(st, {"card": 41}, {"use": "influence"}, {"event": "after"}, {"country": "Iraq"}, {"country": "Iraq"})
    assert effects.effect(st, 41) == record(41, "US") and 41 in st.d["removed"]


@pytest.mark.rule("card 41", "card 46", "8.1.3")
@pytest.mark.reading("A22")
@pytest.mark.parametrize("edition,card_41_text,defcon", [
    ("seed", "edition", 5), ("deluxe", "edition", 2), ("deluxe", "seed", 5), ("seed", "deluxe", 2)])
def test_nuclear_subs_seed_words_stop_every_us_defcon_move(edition, card_41_text, defcon):
    """Card 41: with its effect in force the US plays How I Learned (card 46) and chooses DEFCON 2:
    the seed's 'azioni USA non influenzano la tabella DEFCON' keeps it at 5; the Deluxe's text does
    not (coups only). The 5 military operations count either way."""
    st = pos(hands={"USSR": [], "US": [46]}, next=US_1, effects=[record(41, "US")],
             options={"edition": edition}, rulings={"card_41_text": card_41_text})
    play(st, {"card": 46}, {"use": "event"}, {"defcon": 2})
    assert st.d["defcon"] == defcon and st.d["milops"]["US"] == 5


# -- cards 42 Quagmire and 44 Bear Trap ------------------------------------------------------------------
def trapped(card: int, side: str, hand: list, other: list = (), **kw):
    """Card ``card``'s trap in force, ``side``'s round 1 next (unless stated)."""
    player = "USSR" if side == "US" else "US"
    kw.setdefault("effects", [record(card, player, "cancelled")])
    kw.setdefault("next", {"phase": "action_round", "side": side, "round": 1})
    return pos(hands={side: hand, player: list(other)}, in_effect=[card], **kw)


@pytest.mark.rule("card 42", "7.3")
def test_quagmire_played_traps_the_us_from_its_next_round():
    """Card 42 (USSR): beside the map for the USSR (7.3); the US's next round offers only discards of
    its cards worth 2 ops or more (not Truman Doctrine's 1) and its scoring card."""
    st = pos(hands={"USSR": [42], "US": [4, 19, 22, 37]})
    play(st, {"card": 42}, {"use": "event"})
    assert st.d["in_effect"] == [42] and effects.effect(st, 42) == record(42, "USSR", "cancelled")
    assert question(st) == "action_round.play"
    assert st.legal_actions() == [{"discard": 4}, {"discard": 22}, {"card": 37}]


@pytest.mark.rule("card 42", "card 44")
@pytest.mark.parametrize("card,side", [(42, "US"), (44, "USSR")])
def test_the_trap_discard_and_the_die(card, side):
    """Cards 42, 44: the card discarded goes to the discards (no event, no ops, no milops); a 5
    keeps the trap; at the side's next round a 4 ends it and the card leaves the game (asterisk);
    the other side's round comes next as usual."""
    other = "USSR" if side == "US" else "US"
    st = trapped(card, side, [4, 22] if side == "US" else [7, 34], other=[18],
                 next={"phase": "action_round", "side": "US" if side == "US" else "USSR", "round": 2})
    first, second = [a["discard"] for a in st.legal_actions()]
    play(st, {"discard": first})
    assert question(st) == "trap_discard.die"
    play(st, 5)
    assert st.d["discard"] == [first] and st.d["hands"][side] == [second] and effects.in_force(st, card)
    assert st.d["phasing"] == other and st.d["milops"] == {"USSR": 0, "US": 0}
    play(st, {"card": 18}, {"use": "influence"}, {"country": "Japan" if other == "US" else "Iraq"})
    assert st.legal_actions() == [{"discard": second}]
    play(st, {"discard": second}, 4)
    assert not effects.in_force(st, card) and card in st.d["removed"] and not st.d["in_effect"]
    assert st.d["discard"] == sorted([first, second, 18]) and question(st) == "action_round.play"


@pytest.mark.rule("card 42", "7.4.2")
def test_the_trap_counts_the_modified_ops_value(monkeypatch):
    """7.4.2: a 1-op card raised to 2 by an effect may be discarded to the trap."""
    monkeypatch.setitem(effects.HOOKS, "ops", [(25, lambda st, e, side, card: 1 if side == e["side"] else 0)])
    st = trapped(42, "US", [19], effects=[record(25, "US"), record(42, "USSR", "cancelled")])
    assert st.legal_actions() == [{"discard": 19}]
    st = trapped(42, "US", [19])
    assert question(st) == "action_round.play" and st.d["phasing"] == "USSR"  # nothing to discard: passed


@pytest.mark.rule("card 42", "4.5")
def test_the_trapped_side_with_no_card_worth_two_plays_a_scoring_card_or_passes():
    """Card 42: with no card worth 2 ops only the scoring card is offered; with none, the round
    passes (the USSR's round 2 is next)."""
    st = trapped(42, "US", [19, 37])
    assert st.legal_actions() == [{"card": 37}]
    play(st, {"card": 37}, {"use": "event"})
    assert 37 in st.d["discard"] and effects.in_force(st, 42)
    st = trapped(42, "US", [19, 18], other=[7])
    assert st.d["round"] == 2 and st.d["phasing"] == "USSR" and sorted(st.d["hands"]["US"]) == [18, 19]


@pytest.mark.rule("card 42", "4.5")
def test_the_trapped_side_must_play_its_scoring_cards_when_rounds_run_out():
    """4.5 D: in its last round with a scoring card left, the trapped side may only score."""
    st = trapped(42, "US", [4, 37], next={"phase": "action_round", "side": "US", "round": 7})
    assert st.legal_actions() == [{"card": 37}]


@pytest.mark.rule("card 42", "5.2")
def test_quagmire_triggered_by_the_us_traps_it_from_its_next_round():
    """5.2: the US plays Quagmire for influence: the USSR's event happens, the card goes beside the
    map; this round is the US's own, the next one is trapped."""
    st = pos(hands={"USSR": [7, 18], "US": [42, 4]}, next=US_1)
    play(st, {"card": 42}, {"use": "influence"}, {"event": "before"}, *[{"country": "Japan"}] * 3)
    assert st.d["in_effect"] == [42] and effects.effect(st, 42)["side"] == "USSR"
    play(st, {"card": 18}, {"use": "influence"}, {"country": "Iraq"})
    assert st.legal_actions() == [{"discard": 4}]


@pytest.mark.rule("card 42", "4.5")
def test_quagmire_as_a_headline_traps_the_first_round():
    """4.5 C: the USSR headlines Quagmire, the US Summit (1 op: after it); the US's first action
    round is trapped."""
    st = pos(hands={"USSR": [42, 7], "US": [45, 4]}, next={"phase": "headline"})
    play(st, {"card": 42}, {"card": 45})
    assert effects.in_force(st, 42) and 42 in st.d["in_effect"]
    play(st, 1, 1)  # Summit: a tie
    assert question(st) == "action_round.play" and st.d["phasing"] == "USSR"
    play(st, {"card": 7}, {"use": "influence"}, *[{"country": "Iraq"}] * 3)
    assert st.legal_actions() == [{"discard": 4}]


@pytest.mark.rule("card 42")
def test_quagmire_cancels_norad():
    """Card 42 (Deluxe, optional cards): NORAD (106, beside the map) is cancelled and leaves the game."""
    st = pos(hands={"USSR": [42], "US": []}, options={"edition": "deluxe", "optional_cards": True},
             in_effect=[106], effects=[record(106, "US", "cancelled")])
    play(st, {"card": 42}, {"use": "event"})
    assert 106 in st.d["removed"] and st.d["in_effect"] == [42]


@pytest.mark.rule("card 44", "5.2")
def test_bear_trap_played_by_the_us_and_triggered_by_the_ussr():
    """Card 44 (US): played by the US, the USSR is trapped from its next round; played by the USSR
    for ops, the US's event happens (5.2)."""
    st = pos(hands={"USSR": [7, 34], "US": [44, 4]}, next=US_1)
    play(st, {"card": 44}, {"use": "event"})
    assert effects.effect(st, 44) == record(44, "US", "cancelled")
    assert st.legal_actions() == [{"discard": 7}, {"discard": 34}]
    st = pos(hands={"USSR": [44, 7], "US": [19]})
    play(st, {"card": 44}, {"use": "influence"}, {"event": "after"}, *[{"country": "Iraq"}] * 3)
    assert effects.effect(st, 44)["side"] == "US" and st.d["in_effect"] == [44]


# -- card 43 SALT Negotiations ---------------------------------------------------------------------------
@pytest.mark.rule("card 43", "8.1.7", "6.3.2")
@pytest.mark.reading("A19")
@pytest.mark.parametrize("card_43_defcon,before,after", [("improve", 3, 5), ("degrade", 4, 2)])
def test_salt_defcon(card_43_defcon, before, after):
    """Card 43: DEFCON +2 (the example, the Deluxe), or -2 under the seed card's words."""
    st = pos(hands={"USSR": [43], "US": []}, defcon=before, rulings={"card_43_defcon": card_43_defcon})
    play(st, {"card": 43}, {"use": "event"}, {"card": None})
    assert st.d["defcon"] == after and 43 in st.d["removed"]


@pytest.mark.rule("card 43", "6.3.2")
def test_salt_minus_one_to_every_coup_and_a_card_from_the_discards():
    """Card 43: the player takes a non-scoring card from the discards (not the scoring card); for
    the rest of the turn a coup that would succeed by 1 does nothing (both sides')."""
    st = pos(hands={"USSR": [43], "US": [4]}, discard=[19, 37], next=US_1,
             influence={"Honduras": {"US": 0, "USSR": 1}})
    play(st, {"card": 4}, {"use": "influence"}, *[{"country": "Japan"}] * 3)
    play(st, {"card": 43}, {"use": "event"})
    assert st.legal_actions() == [{"card": 4}, {"card": 19}, {"card": None}]
    play(st, {"card": 19})
    assert st.d["hands"]["USSR"] == [19] and st.d["discard"] == [4, 37]
    assert effects.effect(st, 43) == record(43, "USSR")
    st = pos(hands={"USSR": [], "US": [4]}, next=US_1, effects=[record(43, "USSR")],
             influence={"Honduras": {"US": 0, "USSR": 1}})
    play(st, {"card": 4}, {"use": "coup"}, {"country": "Honduras"}, 2)  # 3 + 2 - 4 - 1 = 0
    assert st.d["influence"]["Honduras"] == {"US": 0, "USSR": 1}


# -- card 45 Summit --------------------------------------------------------------------------------------
#: The US dominates Central America: Panama (battleground) and Honduras controlled.
SUMMIT_INF = {"Panama": {"US": 2, "USSR": 0}, "Honduras": {"US": 2, "USSR": 0}}


@pytest.mark.rule("card 45", "10.1.1")
def test_summit_bonus_counts_regions_dominated():
    st = pos(hands={"USSR": [45], "US": []}, influence=SUMMIT_INF)
    assert summit_bonus(st, "US") == 1 and summit_bonus(st, "USSR") == 0


@pytest.mark.rule("card 45", "8.1.7")
def test_summit_winner_gains_two_and_may_move_defcon():
    """Card 45: the USSR rolls 4, the US 3 + 1 (Central America dominated) = 4: a tie, nothing.
    Then the US wins 5 + 1 to 4: 2 VP, and chooses DEFCON 4 -> 3."""
    st = pos(hands={"USSR": [45], "US": []}, influence=SUMMIT_INF, defcon=4)
    play(st, {"card": 45}, {"use": "event"}, 4, 3)
    assert st.d["vp"] == 0 and st.d["defcon"] == 4 and 45 in st.d["discard"]
    st = pos(hands={"USSR": [45], "US": []}, influence=SUMMIT_INF, defcon=4)
    play(st, {"card": 45}, {"use": "event"}, 4, 5)
    assert question(st) == "event_45.move" and st.d["vp"] == 2
    assert st.decision()["player"] == "US"
    assert st.legal_actions() == [{"defcon": 0}, {"defcon": -1}, {"defcon": 1}]
    play(st, {"defcon": -1})
    assert st.d["defcon"] == 3


@pytest.mark.rule("card 45", "8.1.3", "8.1.2")
def test_summit_at_defcon_five_and_two():
    """Card 45: at DEFCON 5 DEFCON cannot improve; at DEFCON 2 the winner's degradation is nuclear
    war and the phasing player (who played Summit) is responsible (8.1.3)."""
    st = pos(hands={"USSR": [45], "US": []})
    play(st, {"card": 45}, {"use": "event"}, 6, 1)
    assert st.legal_actions() == [{"defcon": 0}, {"defcon": -1}] and st.d["vp"] == -2
    st = pos(hands={"USSR": [45], "US": []}, defcon=2)
    play(st, {"card": 45}, {"use": "event"}, 1, 6, {"defcon": -1})
    assert st.d["defcon"] == 1 and st.d["terminal"]["winner"] == "US"


@pytest.mark.rule("card 45", "10.3.1")
def test_summit_reaching_twenty_vp_ends_the_game_before_the_defcon_question():
    """Card 45, 10.3.1: the USSR at -18 wins Summit 6 to 1: -20, the game ends at once; DEFCON is
    not asked about."""
    st = pos(hands={"USSR": [45], "US": []}, vp=-18, defcon=4)
    play(st, {"card": 45}, {"use": "event"}, 6, 1)
    assert st.is_terminal() and st.d["terminal"]["winner"] == "USSR" and st.d["vp"] == -20
    assert st.d["defcon"] == 4


# -- card 46 How I Learned to Stop Worrying --------------------------------------------------------------
@pytest.mark.rule("card 46", "8.2.3")
def test_how_i_learned_sets_defcon_and_adds_five_milops():
    st = pos(hands={"USSR": [46], "US": []}, milops={"USSR": 1, "US": 0})
    play(st, {"card": 46}, {"use": "event"})
    assert st.legal_actions() == [{"defcon": n} for n in range(1, 6)]
    play(st, {"defcon": 3})
    assert st.d["defcon"] == 3 and st.d["milops"]["USSR"] == 5 and 46 in st.d["removed"]
    st = pos(hands={"USSR": [46], "US": []}, defcon=2)
    play(st, {"card": 46}, {"use": "event"}, {"defcon": 4})
    assert st.d["defcon"] == 4


@pytest.mark.rule("card 46", "8.1.3")
def test_how_i_learned_at_defcon_one_loses():
    st = pos(hands={"USSR": [], "US": [46]}, next=US_1)
    play(st, {"card": 46}, {"use": "event"}, {"defcon": 1})
    assert st.d["terminal"]["winner"] == "USSR"


@pytest.mark.rule("card 46", "card 45", "8.1.3")
@pytest.mark.reading("A25")
@pytest.mark.parametrize("defcon_one_by_choice", [True, False])
def test_defcon_one_by_choice(defcon_one_by_choice):
    """Cards 46 and 45 under each reading of A25: 'qualsiasi livello' offers DEFCON 1 (the player
    who sets it loses, 8.1.3), and Summit's winner at DEFCON 2 may degrade it (the phasing USSR
    responsible: the US wins); under not_one neither is offered."""
    rulings = {"defcon_one_by_choice": defcon_one_by_choice}
    st = pos(hands={"USSR": [46], "US": []}, rulings=rulings)
    play(st, {"card": 46}, {"use": "event"})
    low = 1 if defcon_one_by_choice else 2
    assert st.legal_actions() == [{"defcon": n} for n in range(low, 6)]
    st = pos(hands={"USSR": [45], "US": []}, defcon=2, rulings=rulings)
    play(st, {"card": 45}, {"use": "event"}, 1, 6)
    assert question(st) == "event_45.move" and st.decision()["player"] == "US"
    degrade = [{"defcon": -1}] if defcon_one_by_choice else []
    assert st.legal_actions() == [{"defcon": 0}] + degrade + [{"defcon": 1}]
    st = pos(hands={"USSR": [45], "US": []}, defcon=3, rulings=rulings)  # above 2 the step is always there
    play(st, {"card": 45}, {"use": "event"}, 1, 6)
    assert st.legal_actions() == [{"defcon": 0}, {"defcon": -1}, {"defcon": 1}]
    play(st, {"defcon": -1})
    assert st.d["defcon"] == 2 and st.d["terminal"] is None


# -- card 47 Junta ---------------------------------------------------------------------------------------
@pytest.mark.rule("card 47", "6.3.5", "8.2.5")
@pytest.mark.reading("C047")
@pytest.mark.parametrize("edition,card_47_text,deluxe", [
    ("seed", "edition", False), ("deluxe", "edition", True), ("deluxe", "seed", False), ("seed", "deluxe", True)])
def test_junta(edition, card_47_text, deluxe):
    """Card 47: 2 influence in one country of Central or South America; then a free coup there with
    the card's 2 ops (no military operations, 8.2.5) -- the Deluxe also offers realignment rolls or
    nothing."""
    st = pos(hands={"USSR": [47], "US": []}, influence={"Honduras": {"US": 1, "USSR": 0}},
             options={"edition": edition}, rulings={"card_47_text": card_47_text})
    play(st, {"card": 47}, {"use": "event"})
    assert len(st.legal_actions()) == 20 and {"country": "Cuba"} in st.legal_actions()
    play(st, {"country": "Chile"})
    assert st.d["influence"]["Chile"]["USSR"] == 2
    coups = [{"coup": "Central America"}]
    assert st.legal_actions() == (coups + [{"realign": "Central America"}, {"none": True}] if deluxe else coups)
    play(st, {"coup": "Central America"}, {"country": "Honduras"}, 4)  # 2 + 4 - 4 = 2
    assert st.d["influence"]["Honduras"] == {"US": 0, "USSR": 1}
    assert st.d["milops"]["USSR"] == 0 and 47 in st.d["discard"]


@pytest.mark.rule("card 47", "6.2")
def test_junta_realignment_rolls_stay_in_the_region():
    """Card 47 (Deluxe): realignment rolls in the region chosen only, with the card's 2 ops."""
    inf = {"Honduras": {"US": 1, "USSR": 0}, "Japan": {"US": 1, "USSR": 0}}
    st = pos(hands={"USSR": [47], "US": []}, influence=inf, options={"edition": "deluxe"})
    play(st, {"card": 47}, {"use": "event"}, {"country": "Guatemala"}, {"realign": "Central America"})
    assert st.legal_actions() == [{"country": "Honduras"}, {"country": "Panama"}]
    play(st, {"country": "Honduras"}, 6, 1)  # USSR 6 + 1 (Guatemala controlled) against US 1 + 1 (more there)
    assert st.d["influence"]["Honduras"]["US"] == 0
    assert st.legal_actions() == [{"country": "Panama"}]  # the second op; Japan (Asia) never
    play(st, {"country": "Panama"}, 1, 1)  # USSR 1 against US 1 + 1: the USSR has nothing there to lose
    assert st.d["influence"]["Panama"] == {"US": 1, "USSR": 0} and question(st) == "action_round.play"


# -- positions ---------------------------------------------------------------------------------------------
@pytest.mark.rule("7.3", "card 40", "card 42")
def test_a_position_with_the_batchs_effects_round_trips():
    """The effects in force (a trap beside the map, the crisis for the turn) are in the state, so a
    position written and read back is the same state, at the crisis' question."""
    st = crisis_played(in_effect=[42], effects=[record(42, "USSR", "cancelled")])
    assert question(st) == "missile_crisis_cancel.cancel"
    doc = to_document(st)
    back = from_document(json.loads(json.dumps(doc)))
    assert back.d == st.d and back.legal_actions() == st.legal_actions()


@pytest.mark.rule("card 42", "card 49", "5.5")
def test_the_trap_does_not_offer_a_scoring_card_missile_envy_bars():
    """Cards 42 and 49 together (5.5): the US, trapped by Quagmire, holds Missile Envy under the
    USSR's demand (the US's next round plays it for operations: every other card barred). The trap's
    offer keeps its discards but not the scoring card (37), which no use is left to: offered, it
    would lead to a question with no answer (a dead end the vectors search met, seed 22)."""
    st = pos(hands={"US": [4, 22, 37, 49], "USSR": [18]}, in_effect=[42],
             effects=[record(42, "USSR", "cancelled"), record(49, "USSR", "round", of="US", started=[TURN, 1, "USSR"])],
             next={"phase": "action_round", "side": "US", "round": 1})
    assert question(st) == "action_round.play"
    assert st.legal_actions() == [{"discard": 4}, {"discard": 22}, {"discard": 49}]
    for a in st.legal_actions():
        after = st.clone()
        play(after, a)
        assert after.is_terminal() or after.legal_actions()
