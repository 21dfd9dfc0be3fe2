"""The machinery every event uses (model/twilight_struggle/events/): effects in force and how
they end (7.3, 4.5), the hooks through which an effect changes the rules of part 1 (5.5, 7.4),
5.2's opponent's event that cannot happen, the Late War scenario's events in effect at set-up.

The hooks are tested with stand-in hooks (``monkeypatch`` over ``effects.HOOKS``), so that these
tests check the machinery whatever the cards' own hooks; the cards' tests check each card.
"""
from __future__ import annotations

import pytest

from cdg_oracle.model.core.errors import DataError
from cdg_oracle.model.twilight_struggle import cardplay
from cdg_oracle.model.twilight_struggle.consistency import effects_sound
from cdg_oracle.model.twilight_struggle.events import effects
from cdg_oracle.model.twilight_struggle.scenarios import new_game
from tests.twilight_struggle.helpers import play, position, question

USSR_1 = {"phase": "action_round", "side": "USSR", "round": 1}
US_1 = {"phase": "action_round", "side": "US", "round": 1}


def record(card: int, side: str = "US", until: str = "turn", **own) -> dict:
    return {"card": card, "side": side, "until": until, **own}


def stand_in(monkeypatch, kind: str, card: int, fn) -> None:
    """Card ``card``'s only hook of ``kind``, for this test."""
    monkeypatch.setitem(effects.HOOKS, kind, [(card, fn)])


# -- 7.4: the ops value ----------------------------------------------------------------------------------
@pytest.mark.rule("7.4", "7.4.1", "7.4.2")
def test_the_ops_value_adds_the_modifiers_of_the_side_and_never_falls_below_one(monkeypatch):
    """7.4: modifiers count together; 7.4.1: for the side they name only; the value never falls
    below 1. Card 20 Olympic Games has 2 ops, card 18 Captured Nazi Scientist 1."""
    stand_in(monkeypatch, "ops", 31, lambda st, e, side, card: -1 if side != e["side"] else 0)
    st = position(hands={"USSR": [18, 20], "US": []}, effects=[record(31, side="US")])
    assert cardplay.ops_value(st, "USSR", 20) == 1
    assert cardplay.ops_value(st, "USSR", 18) == 1  # 1 - 1, floored at 1
    assert cardplay.ops_value(st, "US", 20) == 2  # not the side it names (7.4.1)
    st.d["effects"] = []
    assert cardplay.ops_value(st, "USSR", 20) == 2


@pytest.mark.rule("7.4.2")
def test_a_modified_value_decides_which_uses_a_card_has(monkeypatch):
    """7.4.2: a modified ops value counts for every purpose: a 1-op card raised to 2 may attempt
    the Space Race's first box (2 ops, 6.4.1)."""
    stand_in(monkeypatch, "ops", 25, lambda st, e, side, card: 1 if side == e["side"] else 0)
    hands = {"USSR": [18], "US": []}
    st = position(hands=hands)
    play(st, {"card": 18})
    assert {"use": "space"} not in st.legal_actions()
    st = position(hands=hands, effects=[record(25, side="USSR")])
    play(st, {"card": 18})
    assert {"use": "space"} in st.legal_actions()


# -- the hooks into coups, realignment and influence (5.5) --------------------------------------------------
@pytest.mark.rule("5.5", "6.3.1")
def test_an_effect_can_bar_a_coup_target(monkeypatch):
    stand_in(monkeypatch, "coup_barred", 21, lambda st, e, side, country, free: country == "Iran")
    hands = {"USSR": [34], "US": []}
    st = position(hands=hands, effects=[record(21)])
    play(st, {"card": 34}, {"use": "coup"})
    assert {"country": "Iran"} not in st.legal_actions() and {"country": "Israel"} in st.legal_actions()
    st = position(hands=hands)
    play(st, {"card": 34}, {"use": "coup"})
    assert {"country": "Iran"} in st.legal_actions()


@pytest.mark.rule("5.5", "6.3.2", "6.3.4", "8.1.4")
def test_effects_modify_a_coup_its_defcon_move_and_follow_it(monkeypatch):
    """A coup modifier changes the result (6.3.2); ``coup_degrades_defcon`` False keeps DEFCON
    (6.3.4); ``after_coup`` runs once the coup is resolved. Iran (stability 2, battleground, 1 US
    influence): 4 ops + die 1 - 4 = 1, less the modifier 1: nothing removed."""
    seen = []
    stand_in(monkeypatch, "coup_modifier", 43, lambda st, e, side, country: -1)
    monkeypatch.setitem(effects.HOOKS, "coup_degrades_defcon", [(43, lambda st, e, side, country: False)])
    monkeypatch.setitem(effects.HOOKS, "after_coup", [(43, lambda st, e, side, country, free: seen.append(country))])
    st = position(hands={"USSR": [34], "US": []}, effects=[record(43)])
    play(st, {"card": 34}, {"use": "coup"}, {"country": "Iran"}, 1)
    assert st.d["influence"]["Iran"] == {"US": 1, "USSR": 0}
    assert st.d["defcon"] == 5 and seen == ["Iran"]
    st = position(hands={"USSR": [34], "US": []})
    play(st, {"card": 34}, {"use": "coup"}, {"country": "Iran"}, 1)
    assert st.d["influence"]["Iran"] == {"US": 0, "USSR": 0} and st.d["defcon"] == 4


@pytest.mark.rule("5.5", "6.2.1", "6.2.2")
def test_effects_bar_and_modify_realignment_rolls(monkeypatch):
    """Iran: US 1, USSR 0; no adjacent control either way, the US has more influence there (+1).
    A US modifier of -1 (an Iran-Contra) makes the dice 3 and 3 a tie: nothing removed."""
    stand_in(monkeypatch, "realign_modifier", 93, lambda st, e, side, country: -1 if side == "US" else 0)
    monkeypatch.setitem(effects.HOOKS, "realign_barred", [(93, lambda st, e, side, country: country == "Israel")])
    st = position(hands={"USSR": [34], "US": []}, effects=[record(93, side="USSR")])
    play(st, {"card": 34}, {"use": "realign"})
    assert {"country": "Israel"} not in st.legal_actions()
    play(st, {"country": "Iran"}, 3, 3)
    assert st.d["influence"]["Iran"] == {"US": 1, "USSR": 0}


@pytest.mark.rule("5.5", "6.1")
def test_an_effect_can_bar_influence_placed_with_ops(monkeypatch):
    stand_in(monkeypatch, "influence_barred", 94, lambda st, e, side, country: side == "USSR" and country == "Iran")
    st = position(hands={"USSR": [34], "US": []}, effects=[record(94)])
    play(st, {"card": 34}, {"use": "influence"})
    assert {"country": "Iran"} not in st.legal_actions() and {"country": "Iraq"} in st.legal_actions()


# -- how effects end --------------------------------------------------------------------------------------
@pytest.mark.rule("4.5", "7.3")
def test_effects_for_the_rest_of_the_turn_end_when_the_turn_marker_advances():
    """4.5 I: a "rest of the turn" effect ends; one lasting until cancelled does not."""
    st = position(next={"phase": "turn", "step": "I"}, in_effect=[21],
                  effects=[record(21, until="cancelled"), record(31, side="USSR")])
    assert [e["card"] for e in st.d["effects"]] == [21]
    assert st.d["turn"] == 2


@pytest.mark.rule("7.3")
def test_an_effect_until_the_end_of_a_round_ends_after_that_sides_next_round():
    """``until: round`` ends at the end of the next action round of the side it names, not the
    round it started in."""
    st = position(hands={"USSR": [34, 18], "US": [4, 19]})
    effects.start_effect(st, 49, "USSR", "round", of="USSR")
    assert effects.effect(st, 49)["started"] == [1, 1, "USSR"]
    play(st, {"card": 34}, {"use": "influence"}, *[{"country": "Iraq"}] * 4)
    assert effects.in_force(st, 49)  # the round it started in
    play(st, {"card": 4}, {"use": "influence"}, *[{"country": "Japan"}] * 3)
    assert effects.in_force(st, 49)  # the other side's round
    play(st, {"card": 18}, {"use": "influence"}, {"country": "Iraq"})
    assert not effects.in_force(st, 49)


@pytest.mark.rule("7.3", "2.2.4", "2.2.6")
def test_an_event_beside_the_map_leaves_it_when_cancelled():
    """7.3: an underlined event lasts until cancelled; then its card goes to the discards, or out
    of the game with an asterisk (2.2.4). NATO (21) is starred; Shuttle Diplomacy (73) is not
    (Mid War: turn 4)."""
    st = position(in_effect=[21], effects=[record(21, until="cancelled")])
    effects.end_effect(st, 21)
    assert 21 in st.d["removed"] and not st.d["in_effect"] and not st.d["effects"]
    st = position(turn=4, in_effect=[73], effects=[record(73, until="cancelled")],
                  next={"phase": "action_round", "side": "USSR", "round": 1})
    effects.end_effect(st, 73)
    assert 73 in st.d["discard"]


# -- 5.2: an opponent's event that cannot happen ---------------------------------------------------------
@pytest.mark.rule("5.2", "7.5")
def test_an_opponents_event_that_cannot_happen_sends_even_a_starred_card_to_the_discards(monkeypatch):
    """5.2 EXAMPLE 1: a starred opponent's event whose prerequisite is unmet does not happen when
    its card is played for ops, and the card goes to the discards, not out of the game. Stand-in:
    card 8 Fidel (starred, USSR) played by the US, its event made unplayable."""
    from cdg_oracle.model.twilight_struggle import events as registry

    ev = registry.EVENTS[8]
    monkeypatch.setitem(registry.EVENTS, 8, registry.Event(8, ev.proc, lambda st, side: False, True))
    st = position(hands={"USSR": [], "US": [8]}, next=US_1)
    play(st, {"card": 8}, {"use": "influence"})
    assert question(st) == "action_round.order"  # 5.2: the phasing side always decides the order
    play(st, {"event": "before"})
    assert question(st) == "influence.place"
    play(st, {"country": "Japan"}, {"country": "Japan"})
    assert 8 in st.d["discard"] and 8 not in st.d["removed"]


@pytest.mark.rule("10.3.1", "5.2", "card 4")
def test_an_event_reaching_twenty_vp_ends_the_game_before_the_operations_that_follow():
    """10.3.1: 20 VP win at once. The USSR plays card 4 Duck and Cover (the US's, 3 ops) for
    influence, the event first: DEFCON 4 -> 3, the US at +19 gains 2 and wins at +20; no influence
    is placed."""
    st = position(vp=19, defcon=4, hands={"USSR": [4, 8], "US": []})
    play(st, {"card": 4}, {"use": "influence"}, {"event": "before"})
    assert st.is_terminal() and st.d["terminal"]["winner"] == "US" and st.d["terminal"]["rule"] == "10.3.1"
    assert st.d["vp"] == 20 and st.d["defcon"] == 3


# -- the Late War scenario -----------------------------------------------------------------------------------
@pytest.mark.rule("3.0", "7.3")
def test_the_late_war_scenario_begins_with_its_six_events_in_force():
    """E's Late War scenario: six events are in effect at set-up, each its card's side's."""
    st = new_game("late_war")
    got = {st.cards[e["card"]].name: (e["side"], e["until"]) for e in st.d["effects"]}
    assert got == {"US/Japan Mutual Defense Pact": ("US", "cancelled"), "Marshall Plan": ("US", "cancelled"),
                   "NATO": ("US", "cancelled"), "Warsaw Pact Formed": ("USSR", "cancelled"),
                   "De Gaulle Leads France": ("USSR", "cancelled"), "Flower Power": ("USSR", "cancelled")}
    assert sorted(e["card"] for e in st.d["effects"]) == st.d["in_effect"]


# -- the state law -------------------------------------------------------------------------------------------
@pytest.mark.rule("7.3")
def test_the_effects_law_names_what_is_wrong():
    st = position()
    d = st.d
    assert effects_sound(d) == []
    bad = dict(d, in_effect=[21], effects=[])
    assert any("in_effect: card 21 (NATO) is beside the map with no effect record" in p for p in effects_sound(bad))
    bad = dict(d, effects=[record(21, until="cancelled")])
    assert any("lasts until cancelled, so it is beside the map" in p for p in effects_sound(bad))
    bad = dict(d, effects=[record(31, until="soon")])
    assert any("until: 'soon'" in p for p in effects_sound(bad))
    bad = dict(d, effects=[record(49, until="round")])
    assert any("names whose round" in p for p in effects_sound(bad))
    bad = dict(d, effects=[record(31), record(25)])
    assert "effects: one record per card, sorted by card" in effects_sound(bad)


@pytest.mark.rule("7.3")
def test_a_position_states_effects_and_refuses_a_bad_one():
    """Positions carry the effects in force, own state included, and refuse a bad record in one
    line."""
    st = position(effects=[record(31, side="USSR", note="kept")])
    assert st.d["effects"] == [record(31, side="USSR", note="kept")]
    with pytest.raises(DataError, match="effects"):
        position(effects=[record(31, side="nobody")])
