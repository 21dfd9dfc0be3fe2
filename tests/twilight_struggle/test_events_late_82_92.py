"""The events of Late War cards 82-92 (model/twilight_struggle/events/late_82_92.py), with scripted
dice and random picks.

Every position is in turn 8 (the Late War cards are in play, 4.4). Besides the eleven cards: 34
Nuclear Test Ban (neutral, 4 ops) and 20 Olympic Games (neutral, 2 ops) as filler, 1 Asia Scoring.
The standard set-up's influence: US Iran 1, Israel 1, South Korea 1, United Kingdom 5...; USSR Syria
1, Iraq 1, North Korea 3, East Germany 3, Finland 1.
"""
from __future__ import annotations

import pytest

from cdg_oracle.model.core.position import from_document, to_document
from cdg_oracle.model.twilight_struggle import turn
from cdg_oracle.model.twilight_struggle.cards import CHINA_CARD
from cdg_oracle.model.twilight_struggle.events import effects
from cdg_oracle.model.twilight_struggle.events.play import EVENT_GAP, can_happen
from tests.twilight_struggle.helpers import ZERO, cleared, play, position, question

USSR_1 = {"phase": "action_round", "side": "USSR", "round": 1}
US_1 = {"phase": "action_round", "side": "US", "round": 1}
HEADLINE = {"phase": "headline"}


def late(**state):
    """A turn-8 position (the Late War cards in play)."""
    return position(turn=8, **state)


def countries(st) -> list[str]:
    return [a["country"] for a in st.legal_actions() if "country" in a]


def in_force(st, card: int, side: str, **own) -> bool:
    return {"card": card, "side": side, "until": "cancelled", **own} in st.d["effects"]


def round_trips(st) -> None:
    """The state, effects included, is written as a position and read back unchanged."""
    assert from_document(to_document(st)).d == st.d


# -- 82 Iranian Hostage Crisis -----------------------------------------------------------------------------
@pytest.mark.rule("card 82", "7.3", "2.2.5")
def test_iranian_hostage_crisis_empties_iran_of_us_influence_and_stays_in_effect():
    """Card 82: all US influence out of Iran, +2 USSR there (added to what it had); underlined: beside
    the map, the USSR's effect until cancelled."""
    st = late(hands={"USSR": [82], "US": []}, influence={"Iran": {"US": 3, "USSR": 1}})
    play(st, {"card": 82}, {"use": "event"})
    assert st.d["influence"]["Iran"] == {"US": 0, "USSR": 3}
    assert st.d["in_effect"] == [82] and 82 not in st.d["removed"] + st.d["discard"]
    assert in_force(st, 82, "USSR")
    round_trips(st)


@pytest.mark.rule("card 82", "5.2")
def test_iranian_hostage_crisis_triggered_by_us_operations_is_the_ussrs():
    """5.2: the US plays card 82 for influence; the USSR carries the event out, the effect is the
    USSR's. Iran held no USSR influence: 2 after."""
    st = late(hands={"USSR": [], "US": [82]}, next=US_1)
    play(st, {"card": 82}, {"use": "influence"}, {"event": "before"})
    assert st.d["influence"]["Iran"] == {"US": 0, "USSR": 2}
    play(st, *[{"country": "Japan"}] * 3)
    assert in_force(st, 82, "USSR") and st.d["in_effect"] == [82]


# -- 83 The Iron Lady ---------------------------------------------------------------------------------------
@pytest.mark.rule("card 83", "7.3")
def test_the_iron_lady():
    """Card 83: +1 USSR in Argentina, all USSR influence out of the United Kingdom, US +1 VP; the
    US's effect until cancelled (Socialist Governments can no longer happen)."""
    st = late(hands={"USSR": [], "US": [83]}, next=US_1, vp=-3,
              influence={"United Kingdom": {"US": 5, "USSR": 4}, "Argentina": {"US": 2, "USSR": 1}})
    play(st, {"card": 83}, {"use": "event"})
    assert st.d["influence"]["United Kingdom"] == {"US": 5, "USSR": 0}
    assert st.d["influence"]["Argentina"] == {"US": 2, "USSR": 2}
    assert st.d["vp"] == -2
    assert in_force(st, 83, "US") and st.d["in_effect"] == [83]
    assert effects.in_force(st, 83)


@pytest.mark.rule("card 83", "card 7", "7.5")
def test_the_iron_lady_in_effect_prohibits_socialist_governments():
    """Card 83 (and card 7's prerequisite): Socialist Governments cannot happen while The Iron Lady
    is in effect (checked when card 7's event is registered)."""
    from cdg_oracle.model.twilight_struggle.events import registered

    assert registered(7) is not None  # every event is registered
    st = late(hands={"USSR": [7], "US": []})
    assert can_happen(st, "USSR", 7)
    st = late(hands={"USSR": [7], "US": []}, in_effect=[83], effects=[{"card": 83, "side": "US", "until": "cancelled"}])
    assert not can_happen(st, "USSR", 7)


@pytest.mark.rule("card 83", "5.2")
def test_the_iron_lady_triggered_by_ussr_operations_gives_the_us_its_vp():
    """5.2: the USSR plays card 83 for influence, the event first: the US gains 1 VP and the UK's
    USSR influence (none here) stays 0; Argentina +1 USSR."""
    st = late(hands={"USSR": [83], "US": []})
    play(st, {"card": 83}, {"use": "influence"}, {"event": "before"})
    assert st.d["vp"] == 1 and st.d["influence"]["Argentina"] == {"US": 0, "USSR": 1}
    play(st, *[{"country": "Iraq"}] * 3)
    assert in_force(st, 83, "US")


# -- 84 Reagan Bombs Libya ------------------------------------------------------------------------------------
@pytest.mark.rule("card 84", "2.2.4")
@pytest.mark.parametrize("libya, vp", [(0, 0), (1, 0), (2, 1), (5, 2), (6, 3)])
def test_reagan_bombs_libya_gives_a_vp_per_two_ussr_influence(libya, vp):
    """Card 84: 1 VP per 2 USSR influence in Libya, rounded down; the card is removed (asterisk)."""
    st = late(hands={"USSR": [], "US": [84]}, next=US_1, influence={"Libya": {"US": 0, "USSR": libya}})
    play(st, {"card": 84}, {"use": "event"})
    assert st.d["vp"] == vp and 84 in st.d["removed"]
    assert st.d["influence"]["Libya"]["USSR"] == libya


@pytest.mark.rule("card 84", "5.2")
def test_reagan_bombs_libya_triggered_by_ussr_operations():
    st = late(hands={"USSR": [84], "US": []}, influence={"Libya": {"US": 0, "USSR": 4}})
    play(st, {"card": 84}, {"use": "influence"}, {"event": "after"}, {"country": "Iraq"}, {"country": "Iraq"})
    assert st.d["vp"] == 2 and 84 in st.d["removed"]


# -- 85 Star Wars ----------------------------------------------------------------------------------------------
@pytest.mark.rule("card 85", "5.2", "7.5")
@pytest.mark.parametrize("space", [{"US": 3, "USSR": 3}, {"US": 2, "USSR": 4}])
def test_star_wars_needs_the_us_ahead_in_the_space_race(space):
    """Card 85's prerequisite: the US ahead on the Space Race. Level or behind: not offered as an
    event; 5.2 EXAMPLE 4: triggered by the USSR's operations it does not happen and the starred card
    goes to the discards."""
    st = late(hands={"USSR": [], "US": [85]}, next=US_1, space=space)
    play(st, {"card": 85})
    assert {"use": "event"} not in st.legal_actions()
    st = late(hands={"USSR": [85], "US": []}, space=space, discard=[84])
    play(st, {"card": 85}, {"use": "influence"}, {"event": "before"})  # 5.2: the order is asked; the event cannot happen
    assert question(st) == "influence.place"
    play(st, {"country": "Iraq"}, {"country": "Iraq"})
    assert 85 in st.d["discard"] and 85 not in st.d["removed"] and 84 in st.d["discard"]


@pytest.mark.rule("card 85", "7.1")
def test_star_wars_plays_a_non_scoring_card_of_the_discards():
    """Card 85: the US chooses among the non-scoring cards of the discards (not Asia Scoring); the
    card's event happens at once (84: 2 USSR in Libya, 1 VP) and the card goes where its event sends
    it (84: removed); Star Wars is removed."""
    st = late(hands={"USSR": [], "US": [85]}, next=US_1, space={"US": 4, "USSR": 2}, discard=[1, 20, 84],
              influence={"Libya": {"US": 0, "USSR": 2}})
    play(st, {"card": 85}, {"use": "event"})
    assert question(st) == "event_85.retrieved" and st.decision()["player"] == "US"
    assert st.legal_actions() == [{"card": 20}, {"card": 84}]
    play(st, {"card": 84})
    assert st.d["vp"] == 1
    assert st.d["discard"] == [1, 20] and sorted(st.d["removed"]) == [84, 85]
    assert question(st) == "action_round.play"


@pytest.mark.rule("card 85", "5.2")
def test_star_wars_triggered_by_ussr_operations_lets_the_us_choose():
    """5.2: the USSR plays Star Wars for operations with the US ahead: the US takes the card (82
    Iranian Hostage Crisis: its event happens, for the US as the side carrying it out, and the card
    goes beside the map)."""
    st = late(hands={"USSR": [85], "US": []}, space={"US": 1, "USSR": 0}, discard=[82])
    play(st, {"card": 85}, {"use": "influence"}, {"event": "before"})
    assert st.decision()["player"] == "US" and st.legal_actions() == [{"card": 82}]
    play(st, {"card": 82})
    assert st.d["influence"]["Iran"] == {"US": 0, "USSR": 2}
    assert st.d["in_effect"] == [82] and in_force(st, 82, "US")
    assert question(st) == "influence.place"


@pytest.mark.rule("card 85")
def test_star_wars_with_no_card_to_take_changes_nothing_but_is_removed():
    """Card 85 with only scoring cards in the discards: no question; the event happened (the card is
    removed, 5.2 EXAMPLE 3's way)."""
    st = late(hands={"USSR": [], "US": [85]}, next=US_1, space={"US": 4, "USSR": 2}, discard=[1])
    play(st, {"card": 85}, {"use": "event"})
    assert question(st) == "action_round.play" and st.d["discard"] == [1] and 85 in st.d["removed"]


@pytest.mark.rule("card 85", "7.0")
def test_star_wars_taking_an_unimplemented_event_records_the_gap(monkeypatch):
    """An event the model does not implement, met through card 85, is recorded as a gap (never a
    silent skip); its card goes to the discards. Stand-in: card 84 unregistered."""
    from cdg_oracle.model.twilight_struggle import events as registry

    monkeypatch.delitem(registry.EVENTS, 84)
    st = late(hands={"USSR": [], "US": [85]}, next=US_1, space={"US": 4, "USSR": 2}, discard=[84],
              influence={"Libya": {"US": 0, "USSR": 4}})
    play(st, {"card": 85}, {"use": "event"}, {"card": 84})
    assert st.d["vp"] == 0 and st.d["discard"] == [84]
    assert st.d["not_implemented"] == [{"card": 84, "side": "US", "turn": 8, "round": 1, "what": EVENT_GAP}]


# -- 86 North Sea Oil ---------------------------------------------------------------------------------------------
@pytest.mark.rule("card 86", "4.5", "7.3")
def test_north_sea_oil_gives_the_us_eight_action_rounds_this_turn():
    """Card 86: the US may play 8 action rounds this turn (the USSR keeps 7); underlined: the US's
    effect beside the map, which remembers its turn."""
    st = late(hands={"USSR": [], "US": [86]}, next=US_1)
    assert turn.rounds_of(st, "US") == 7
    play(st, {"card": 86}, {"use": "event"})
    assert in_force(st, 86, "US", turn=8) and st.d["in_effect"] == [86]
    assert turn.rounds_of(st, "US") == 8 and turn.rounds_of(st, "USSR") == 7
    round_trips(st)


@pytest.mark.rule("card 86", "4.5")
def test_north_sea_oil_in_the_seventh_round_adds_an_eighth():
    """Card 86 played in the US's seventh action round: the US plays an eighth (the action rounds
    counted 7 as they began); the eighth may be passed (ruling ``eighth_round``)."""
    st = late(hands={"USSR": [], "US": [86, 20]}, next={"phase": "action_round", "side": "US", "round": 7})
    play(st, {"card": 86}, {"use": "event"})
    assert st.decision()["prompt"] == "US: action round 8: play a card" and st.decision()["player"] == "US"
    assert {"card": 20} in st.legal_actions() and {"pass": True} in st.legal_actions()
    round_trips(st)
    play(st, {"card": 20}, {"use": "influence"}, {"country": "Japan"}, {"country": "Japan"})
    assert question(st) != "action_round.play"  # the turn's end: no ninth round


@pytest.mark.rule("card 86", "4.5")
def test_north_sea_oil_triggered_in_the_ussrs_seventh_round_gives_the_us_an_eighth():
    """5.2: the USSR plays card 86 for operations in its seventh round; the US then plays its seventh
    and its eighth."""
    st = late(hands={"USSR": [86], "US": [20, 34]}, next={"phase": "action_round", "side": "USSR", "round": 7})
    play(st, {"card": 86}, {"use": "influence"}, {"event": "before"}, *[{"country": "Iraq"}] * 3)
    assert in_force(st, 86, "US", turn=8)
    assert st.decision()["prompt"] == "US: action round 7: play a card"
    play(st, {"card": 20}, {"use": "influence"}, {"country": "Japan"}, {"country": "Japan"})
    assert st.decision()["prompt"] == "US: action round 8: play a card"


@pytest.mark.rule("card 86", "4.5")
def test_north_sea_oil_headlined_gives_eight_rounds_and_only_that_turn():
    """Card 86 headlined: the turn has 8 US action rounds; in the next turn the effect (beside the
    map, barring OPEC) gives none."""
    st = late(hands={"USSR": [84, 90], "US": [86, 88]}, next=HEADLINE)
    play(st, {"card": 90}, {"card": 86})
    assert in_force(st, 86, "US", turn=8) and turn.rounds_of(st, "US") == 8
    frame = next(f for f in st.d["stack"] if f["proc"] == "action_rounds")
    assert frame["r"] == 1 and frame["each_r"] == [2, 3, 4, 5, 6, 7, 8]
    st = position(turn=9, hands={"USSR": [], "US": []}, in_effect=[86],
                  effects=[{"card": 86, "side": "US", "until": "cancelled", "turn": 8}])
    assert turn.rounds_of(st, "US") == 7


@pytest.mark.rule("card 86", "card 61", "7.5")
def test_north_sea_oil_in_effect_prohibits_opec():
    """Card 86 (and card 61's prerequisite): OPEC cannot happen while North Sea Oil is in effect
    (checked when card 61's event is registered)."""
    from cdg_oracle.model.twilight_struggle.events import registered

    assert registered(61) is not None  # every event is registered
    st = late(hands={"USSR": [61], "US": []})
    assert can_happen(st, "USSR", 61)
    st = late(hands={"USSR": [61], "US": []}, in_effect=[86],
              effects=[{"card": 86, "side": "US", "until": "cancelled", "turn": 8}])
    assert not can_happen(st, "USSR", 61)


# -- 87 The Reformer ------------------------------------------------------------------------------------------------
@pytest.mark.rule("card 87", "7.3")
def test_the_reformer_adds_four_in_europe_two_at_most_per_country():
    """Card 87 with the USSR not ahead on VP: 4 USSR influence in Europe (any European country, a
    US-controlled one too), at most 2 per country; no choice of 6."""
    st = late(hands={"USSR": [87], "US": []}, vp=0)
    play(st, {"card": 87}, {"use": "event"})
    assert question(st) == "place_influence.where" and st.decision()["player"] == "USSR"
    assert "United Kingdom" in countries(st) and "Iran" not in countries(st) and len(countries(st)) == 21
    play(st, {"country": "Poland"}, {"country": "Poland"})
    assert "Poland" not in countries(st)
    play(st, {"country": "United Kingdom"}, {"country": "Austria"})
    assert st.d["influence"]["Poland"]["USSR"] == 2 and st.d["influence"]["United Kingdom"]["USSR"] == 1
    assert st.d["influence"]["Austria"]["USSR"] == 1
    assert question(st) == "action_round.play" and in_force(st, 87, "USSR") and st.d["in_effect"] == [87]


@pytest.mark.rule("card 87")
@pytest.mark.parametrize("amount", [4, 6])
def test_the_reformer_may_add_six_when_the_ussr_leads(amount):
    """Card 87 with the USSR ahead on VP: the USSR may add 6 instead of 4."""
    st = late(hands={"USSR": [87], "US": []}, vp=-1)
    play(st, {"card": 87}, {"use": "event"})
    assert question(st) == "event_87.amount" and st.legal_actions() == [{"influence": 4}, {"influence": 6}]
    play(st, {"influence": amount})
    for c in ("Poland", "Hungary", "Romania"):
        if question(st) == "place_influence.where":
            play(st, {"country": c}, {"country": c})
    assert sum(st.d["influence"][c]["USSR"] for c in ("Poland", "Hungary", "Romania")) == amount
    assert question(st) == "action_round.play"


@pytest.mark.rule("card 87", "6.3.1", "5.5")
def test_the_reformer_bars_soviet_coups_in_europe():
    """Card 87 in effect: the USSR may not coup in Europe (Italy, with US influence, is no target)
    but may elsewhere; the US still may coup in Europe."""
    fx = {"in_effect": [87], "effects": [{"card": 87, "side": "USSR", "until": "cancelled"}]}
    inf = {"Italy": {"US": 2, "USSR": 0}, "Poland": {"US": 0, "USSR": 2}}
    st = late(hands={"USSR": [34], "US": []}, influence=inf, **fx)
    play(st, {"card": 34}, {"use": "coup"})
    assert "Italy" not in countries(st) and "United Kingdom" not in countries(st) and "Iran" in countries(st)
    st = late(hands={"USSR": [34], "US": []}, influence=inf)
    play(st, {"card": 34}, {"use": "coup"})
    assert "Italy" in countries(st)
    st = late(hands={"USSR": [], "US": [34]}, next=US_1, influence=inf, **fx)
    play(st, {"card": 34}, {"use": "coup"})
    assert "Poland" in countries(st) and "East Germany" in countries(st)


@pytest.mark.rule("card 87", "5.2")
def test_the_reformer_triggered_by_us_operations_is_placed_by_the_ussr():
    st = late(hands={"USSR": [], "US": [87]}, next=US_1, vp=3)
    play(st, {"card": 87}, {"use": "influence"}, {"event": "before"})
    assert question(st) == "place_influence.where" and st.decision()["player"] == "USSR"
    play(st, *[{"country": "France"}] * 2, *[{"country": "Italy"}] * 2)
    assert st.d["influence"]["France"]["USSR"] == 2 and st.d["influence"]["Italy"]["USSR"] == 2
    assert question(st) == "influence.place"
    play(st, *[{"country": "Japan"}] * 3)
    assert in_force(st, 87, "USSR") and st.d["in_effect"] == [87]


# -- 88 Marine Barracks Bombing -------------------------------------------------------------------------------------
@pytest.mark.rule("card 88", "2.2.4")
def test_marine_barracks_bombing():
    """Card 88: all US influence out of Lebanon, then 2 more US influence anywhere in the Middle
    East, chosen by the USSR (one country twice, or two); the card is removed."""
    st = late(hands={"USSR": [88], "US": []}, influence={"Lebanon": {"US": 3, "USSR": 0}, "Israel": {"US": 4, "USSR": 0}})
    play(st, {"card": 88}, {"use": "event"})
    assert st.d["influence"]["Lebanon"] == ZERO
    assert question(st) == "remove_influence.where" and countries(st) == ["Iran", "Israel"]
    play(st, {"country": "Israel"}, {"country": "Israel"})
    assert st.d["influence"]["Israel"] == {"US": 2, "USSR": 0} and st.d["influence"]["Iran"]["US"] == 1
    assert 88 in st.d["removed"] and question(st) == "action_round.play"


@pytest.mark.rule("card 88")
def test_marine_barracks_bombing_removes_what_there_is():
    """Card 88 with only 1 US influence left in the Middle East after Lebanon: 1 is removed; with none
    the event asks nothing."""
    st = late(hands={"USSR": [88], "US": []}, influence=cleared("Israel"))
    play(st, {"card": 88}, {"use": "event"}, {"country": "Iran"})
    assert st.d["influence"]["Iran"] == ZERO and question(st) == "action_round.play"
    st = late(hands={"USSR": [88], "US": []}, influence=cleared("Israel", "Iran"))
    play(st, {"card": 88}, {"use": "event"})
    assert question(st) == "action_round.play" and 88 in st.d["removed"]


@pytest.mark.rule("card 88", "5.2")
def test_marine_barracks_bombing_triggered_by_us_operations():
    """5.2: the US plays card 88 for influence; the USSR removes the influence."""
    st = late(hands={"USSR": [], "US": [88]}, next=US_1, influence={"Lebanon": {"US": 1, "USSR": 0}})
    play(st, {"card": 88}, {"use": "influence"}, {"event": "before"})
    assert st.d["influence"]["Lebanon"] == ZERO and st.decision()["player"] == "USSR"
    play(st, {"country": "Iran"}, {"country": "Israel"})
    assert st.d["influence"]["Iran"] == ZERO and st.d["influence"]["Israel"] == ZERO


# -- 89 Soviets Shoot Down KAL-007 ------------------------------------------------------------------------------------
@pytest.mark.rule("card 89", "8.1.7")
def test_kal_007_without_south_korea():
    """Card 89: DEFCON -1, US +2 VP; South Korea not US-controlled: no operations."""
    st = late(hands={"USSR": [], "US": [89]}, next=US_1, defcon=4, vp=-1)
    play(st, {"card": 89}, {"use": "event"})
    assert st.d["defcon"] == 3 and st.d["vp"] == 1
    assert question(st) == "action_round.play" and 89 in st.d["removed"]


@pytest.mark.rule("card 89", "6.0", "6.1", "6.2")
def test_kal_007_with_south_korea_gives_influence_or_realignment():
    """Card 89 with South Korea US-controlled (stability 3): the US may place influence or make
    realignment rolls with the card's 4 ops (no coup, no Space Race), or not."""
    st = late(hands={"USSR": [], "US": [89]}, next=US_1, influence={"South Korea": {"US": 3, "USSR": 0}})
    play(st, {"card": 89}, {"use": "event"})
    assert question(st) == "event_operations.use" and st.decision()["player"] == "US"
    assert st.legal_actions() == [{"use": "influence"}, {"use": "realign"}, {"use": "none"}]
    play(st, {"use": "influence"}, *[{"country": "Taiwan"}] * 4)
    assert st.d["influence"]["Taiwan"]["US"] == 4 and question(st) == "action_round.play"
    assert st.d["defcon"] == 4 and st.d["vp"] == 2
    st = late(hands={"USSR": [], "US": [89]}, next=US_1, influence={"South Korea": {"US": 3, "USSR": 0}})
    play(st, {"card": 89}, {"use": "event"}, {"use": "none"})
    assert question(st) == "action_round.play"


@pytest.mark.rule("card 89", "8.1.3", "5.2")
@pytest.mark.parametrize("player, winner", [("USSR", "US"), ("US", "USSR")])
def test_kal_007_at_defcon_2_is_nuclear_war_for_the_phasing_player(player, winner):
    """8.1.3: KAL-007's DEFCON move is charged to the phasing player: at DEFCON 2 the side who played
    the card (for operations: the USSR, triggering the US's event; as the event: the US) loses."""
    hands = {"USSR": [89] if player == "USSR" else [], "US": [89] if player == "US" else []}
    st = late(hands=hands, defcon=2, next=USSR_1 if player == "USSR" else US_1)
    if player == "USSR":
        play(st, {"card": 89}, {"use": "influence"}, {"event": "before"})
    else:
        play(st, {"card": 89}, {"use": "event"})
    assert st.is_terminal() and st.d["terminal"]["winner"] == winner and st.d["defcon"] == 1
    assert st.d["vp"] == 0  # the game ended before the VP


# -- 90 Glasnost ------------------------------------------------------------------------------------------------------
@pytest.mark.rule("card 90", "8.1.2")
def test_glasnost_without_the_reformer():
    """Card 90: USSR +2 VP, DEFCON +1 (never above 5); no operations without The Reformer."""
    st = late(hands={"USSR": [90], "US": []}, defcon=3, vp=1)
    play(st, {"card": 90}, {"use": "event"})
    assert st.d["vp"] == -1 and st.d["defcon"] == 4 and question(st) == "action_round.play"
    st = late(hands={"USSR": [90], "US": []}, defcon=5)
    play(st, {"card": 90}, {"use": "event"})
    assert st.d["defcon"] == 5 and 90 in st.d["removed"]


@pytest.mark.rule("card 90", "card 87", "6.0", "6.2")
def test_glasnost_with_the_reformer_gives_influence_or_realignment():
    """Card 90 with The Reformer in effect: the USSR may place influence or realign with 4 ops;
    here four realignment rolls... the first in Iran: USSR 6 + 0, US 1 + 1 (more influence): 4 removed
    (1 there)."""
    st = late(hands={"USSR": [90], "US": []}, in_effect=[87],
              effects=[{"card": 87, "side": "USSR", "until": "cancelled"}])
    play(st, {"card": 90}, {"use": "event"})
    assert st.legal_actions() == [{"use": "influence"}, {"use": "realign"}, {"use": "none"}]
    play(st, {"use": "realign"}, {"country": "Iran"}, 6, 1)
    assert st.d["influence"]["Iran"] == ZERO and question(st) == "realign.target"


@pytest.mark.rule("card 90", "5.2")
def test_glasnost_triggered_by_us_operations_gives_the_ussr_its_operations():
    st = late(hands={"USSR": [], "US": [90]}, next=US_1, in_effect=[87],
              effects=[{"card": 87, "side": "USSR", "until": "cancelled"}])
    play(st, {"card": 90}, {"use": "influence"}, {"event": "before"})
    assert st.d["vp"] == -2 and st.decision()["player"] == "USSR" and question(st) == "event_operations.use"
    play(st, {"use": "influence"}, *[{"country": "Iraq"}] * 4)
    assert st.d["influence"]["Iraq"]["USSR"] == 5 and question(st) == "influence.place"


# -- 91 Ortega Elected in Nicaragua ----------------------------------------------------------------------------------------
@pytest.mark.rule("card 91", "6.3.5", "8.2.5", "6.3.4")
def test_ortega_removes_us_influence_and_gives_a_free_coup_next_to_nicaragua():
    """Card 91: all US influence out of Nicaragua; the USSR may make a free coup with the card's 2
    ops in a country next to Nicaragua (Costa Rica, Cuba, Honduras) holding US influence: Cuba
    (stability 3, battleground): 2 + 6 - 6 = 2 removed; no military operations (8.2.5); DEFCON -1."""
    inf = {"Nicaragua": {"US": 2, "USSR": 0}, "Cuba": {"US": 3, "USSR": 0}, "Honduras": {"US": 1, "USSR": 0},
           "Panama": {"US": 1, "USSR": 0}}
    st = late(hands={"USSR": [91], "US": []}, influence=inf, defcon=3)
    play(st, {"card": 91}, {"use": "event"})
    assert st.d["influence"]["Nicaragua"] == ZERO
    assert question(st) == "event_91.coup" and st.legal_actions() == [{"coup": True}, {"coup": False}]
    play(st, {"coup": True})
    assert question(st) == "coup.target" and countries(st) == ["Cuba", "Honduras"]
    play(st, {"country": "Cuba"}, 6)
    assert st.d["influence"]["Cuba"] == {"US": 1, "USSR": 0}
    assert st.d["milops"]["USSR"] == 0 and st.d["defcon"] == 2 and 91 in st.d["removed"]


@pytest.mark.rule("card 91")
def test_ortega_coup_is_optional_and_needs_a_target():
    inf = {"Nicaragua": {"US": 1, "USSR": 0}, "Honduras": {"US": 1, "USSR": 0}}
    st = late(hands={"USSR": [91], "US": []}, influence=inf)
    play(st, {"card": 91}, {"use": "event"}, {"coup": False})
    assert st.d["influence"]["Honduras"]["US"] == 1 and question(st) == "action_round.play"
    st = late(hands={"USSR": [91], "US": []}, influence={"Nicaragua": {"US": 1, "USSR": 0}})
    play(st, {"card": 91}, {"use": "event"})
    assert st.d["influence"]["Nicaragua"] == ZERO and question(st) == "action_round.play"


@pytest.mark.rule("card 91", "5.2")
def test_ortega_triggered_by_us_operations_gives_the_ussr_the_free_coup():
    """5.2: the US plays card 91 for influence; the USSR decides and makes the free coup with the
    card's 2 ops: Honduras (stability 2): 2 + 4 - 4 = 2 removed; no military operations."""
    st = late(hands={"USSR": [], "US": [91]}, next=US_1, influence={"Honduras": {"US": 3, "USSR": 0}})
    play(st, {"card": 91}, {"use": "influence"}, {"event": "before"})
    assert st.decision()["player"] == "USSR" and question(st) == "event_91.coup"
    play(st, {"coup": True}, {"country": "Honduras"}, 4)
    assert st.d["influence"]["Honduras"] == {"US": 1, "USSR": 0}
    assert st.d["milops"] == {"USSR": 0, "US": 0} and question(st) == "influence.place"


# -- 92 Terrorism ------------------------------------------------------------------------------------------------------------
@pytest.mark.rule("card 92", "5.4", "9.5")
def test_terrorism_makes_the_opponent_discard_a_random_card_whose_event_does_not_happen():
    """Card 92 by the USSR: the US discards a card at random (a chance node over its hand, never the
    China Card, 9.5); 5.4: its event (84) does not happen; Terrorism goes to the discards."""
    st = late(hands={"USSR": [92], "US": [84, 89]}, china={"holder": "US", "face_up": True},
              influence={"Libya": {"US": 0, "USSR": 4}})
    play(st, {"card": 92}, {"use": "event"})
    assert question(st) == "event_92.random_card" and st.legal_actions() == [{"card": 84}, {"card": 89}]
    play(st, {"card": 84})
    assert st.d["hands"]["US"] == [89] and st.d["discard"] == [84, 92] and st.d["vp"] == 0
    assert question(st) == "action_round.play"


@pytest.mark.rule("card 92", "card 82")
def test_terrorism_with_the_hostage_crisis_makes_the_us_discard_two():
    """Card 92 by the USSR with Iranian Hostage Crisis in effect: the US discards two cards."""
    fx = {"in_effect": [82], "effects": [{"card": 82, "side": "USSR", "until": "cancelled"}]}
    st = late(hands={"USSR": [92], "US": [84, 86, 89]}, **fx)
    play(st, {"card": 92}, {"use": "event"}, {"card": 86})
    assert st.legal_actions() == [{"card": 84}, {"card": 89}]
    play(st, {"card": 89})
    assert st.d["hands"]["US"] == [84] and st.d["discard"] == [86, 89, 92]
    st = late(hands={"USSR": [92], "US": [84]}, **fx)  # one card only: one discarded
    play(st, {"card": 92}, {"use": "event"}, {"card": 84})
    assert st.d["hands"]["US"] == [] and question(st) == "action_round.play"


@pytest.mark.rule("card 92", "card 82")
def test_terrorism_by_the_us_is_not_doubled():
    """Card 92 by the US with Iranian Hostage Crisis in effect: the USSR discards one card only."""
    fx = {"in_effect": [82], "effects": [{"card": 82, "side": "USSR", "until": "cancelled"}]}
    st = late(hands={"USSR": [87, 90], "US": [92]}, next=US_1, **fx)
    play(st, {"card": 92}, {"use": "event"}, {"card": 90})
    assert st.d["hands"]["USSR"] == [87] and st.d["discard"] == [90, 92]
    assert question(st) == "action_round.play"


@pytest.mark.rule("card 92")
def test_terrorism_against_an_empty_hand_discards_nothing():
    st = late(hands={"USSR": [92], "US": []})
    play(st, {"card": 92}, {"use": "event"})
    assert question(st) == "action_round.play" and st.d["discard"] == [92]


@pytest.mark.rule("card 92", "4.5")
def test_terrorism_headlined_discards_from_the_hand_left():
    """Card 92 as a headline: the opponent's headline card has left his hand; one of the cards left
    is discarded. The US's Reagan Bombs Libya (2 ops) goes first on the tie (4.5 C): 1 VP; then
    Terrorism: the US discards 86 or 89, never 84, already played."""
    st = late(hands={"USSR": [92, 90], "US": [84, 86, 89]}, next=HEADLINE, influence={"Libya": {"US": 0, "USSR": 2}})
    play(st, {"card": 92}, {"card": 84})
    assert st.d["vp"] == 1 and 84 in st.d["removed"]
    assert question(st) == "event_92.random_card" and st.legal_actions() == [{"card": 86}, {"card": 89}]
    play(st, {"card": 89})
    assert st.d["hands"]["US"] == [86] and st.d["discard"] == [89, 92]
    assert question(st) == "action_round.play"


@pytest.mark.rule("card 92", "9.5")
def test_terrorism_never_takes_the_china_card():
    """9.5: the China Card held by the opponent is never among the cards discarded at random."""
    st = late(hands={"USSR": [92], "US": [20]}, china={"holder": "US", "face_up": True})
    play(st, {"card": 92}, {"use": "event"})
    assert st.legal_actions() == [{"card": 20}]
    play(st, {"card": 20})
    assert st.d["china"] == {"holder": "US", "face_up": True} and CHINA_CARD not in st.d["discard"]
