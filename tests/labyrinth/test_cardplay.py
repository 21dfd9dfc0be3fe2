"""Card play (chapter 6): operations or Reserves (5.2.2.1, 6.3.1, 6.3.3), opponent events triggered
by operations (6.3.2) and the 1st Plot exemption (8.5.3, 4.7.7.2; A02), with scripted choices and
dice. Which events ran is read from the rules each step applied (``harness.events_run``).

Cards used: US 1-10 (value 1), 11-31 (2), 32-47 (3); Jihadist 48-56 (1), 57-75 (2), 76-95 (3);
Unassociated 96-101 (1), 102-111 (2), 112-120 (3); 120 US Election always triggers (6.3.1).
"""
from __future__ import annotations

import pytest

from cdg_oracle.model.labyrinth.cards import load_cards
from tests.labyrinth.harness import conserve, events_run, feed, finished, position, run_proc, start_proc

CARDS = load_cards()


def hand(st, side, *cards):
    """Move ``cards`` into ``side``'s hand (from wherever they are)."""
    d = st.d
    for n in cards:
        for zone in (d["deck"], d["hands"]["US"], d["hands"]["Jihadist"], d["discard"]):
            if n in zone:
                zone.remove(n)
        d["hands"][side].append(n)
        d["hands"][side].sort()
    d["phase"] = "us_action" if side == "US" else "jihadist_action"
    d["card_index"] = 1
    return st


def plotting_position(**rulings):
    """Let's Roll! with Active cells in Iraq (Poor, not Islamist Rule) so that a Plot op exists."""
    st = position("lets_roll", countries={"Iraq": {"actives": 3}})
    conserve(st)
    if rulings:
        st.d["rulings"].update(rulings)
        st = type(st).from_json(st.to_json())
    return st


def plot(n):
    """Use card ``n`` for a Plot in Iraq, every die there, each a 6 (a failure: still a Plot op)."""
    value = CARDS[n].ops
    return [{"use": "ops"}, {"op": "plot"}] + [{"country": "Iraq"}] * value + [6] * value


WOI_CANADA = [{"op": "war_of_ideas"}, {"country": "Canada"}, 1]   # Posture roll 1: Soft, no match
RECRUIT_AFGHANISTAN = [{"op": "recruit"}, {"country": "Afghanistan"}]  # Islamist Rule: automatic


# -- 6.3.3 Reserves -------------------------------------------------------------------------------
@pytest.mark.rule("6.3.3", "5.2.2.1", "6.2.6")
@pytest.mark.parametrize("card, options", [
    (51, [{"use": "ops"}, {"use": "reserves"}]),                      # FREs: no troops in Iraq
    (60, [{"use": "ops"}, {"use": "reserves"}]),                      # Bhutto Shot: no cell in Pakistan
    (57, [{"use": "event"}, {"use": "ops"}, {"use": "reserves"}]),    # Abu Sayyaf: playable
    (76, [{"use": "ops"}]),
    (1, [{"use": "ops"}, {"use": "reserves"}]),
    (32, [{"use": "ops"}]),
])
def test_reserves_only_with_value_one_or_two(card, options):
    """6.3.3: 'Entrambe le parti possono giocare carte di valore 1 o 2 per operazioni di Riserve';
    the event is offered only when it is playable (6.2.6)."""
    st = hand(position(), "Jihadist", card)
    start_proc(st, "play_card", side="Jihadist", card=card)
    assert st.legal_actions() == options and st.d["in_play"] == [card]


@pytest.mark.rule("6.3.3")
@pytest.mark.parametrize("before, card, after", [(0, 48, 1), (0, 57, 2), (1, 48, 2), (1, 57, 2), (2, 48, 2)])
def test_reserves_add_the_card_value_up_to_two(before, card, after):
    st = hand(position(), "Jihadist", card)
    st.d["reserves"]["Jihadist"] = before
    run_proc(st, "play_card", [{"use": "reserves"}], side="Jihadist", card=card)
    assert st.d["reserves"] == {"Jihadist": after, "US": 0}
    assert st.d["discard"][-1] == card and st.d["in_play"] == []
    assert events_run(st) == []                                # own event: nothing triggered


@pytest.mark.rule("6.3.3.1")
@pytest.mark.parametrize("card, reserves, value", [(48, 2, 3), (48, 1, 2), (57, 1, 3), (57, 2, 3)])
def test_spending_all_reserves_adds_to_a_card_up_to_three(card, reserves, value):
    """6.3.3.1: all Reserves are spent (to zero) to add their value to a card played for
    operations, to a card value of at most 3: the Recruit gets that many dice."""
    st = hand(position(), "Jihadist", card)
    st.d["reserves"]["Jihadist"] = reserves
    start_proc(st, "play_card", side="Jihadist", card=card)
    feed(st, [{"use": "ops"}])
    assert st.legal_actions() == [{"reserves": True}, {"reserves": False}]
    assert st.decision()["rule"] == "6.3.3.1"
    feed(st, [{"reserves": True}, {"op": "recruit"}])
    assert st.d["stack"][-1]["value"] == value and st.d["reserves"]["Jihadist"] == 0
    feed(st, [{"country": "Afghanistan"}] * value)
    assert finished(st) and st.d["countries"]["Afghanistan"]["sleepers"] == 4 + value


@pytest.mark.rule("6.3.3.1")
def test_declining_reserves_keeps_them():
    st = hand(position(), "Jihadist", 48)
    st.d["reserves"]["Jihadist"] = 2
    run_proc(st, "play_card", [{"use": "ops"}, {"reserves": False}] + RECRUIT_AFGHANISTAN, side="Jihadist", card=48)
    assert st.d["reserves"]["Jihadist"] == 2 and st.d["countries"]["Afghanistan"]["sleepers"] == 5


@pytest.mark.rule("6.3.3.1")
def test_reserves_not_offered_for_a_value_three_card_or_when_empty():
    st = hand(position(), "Jihadist", 76, 48)
    st.d["reserves"]["Jihadist"] = 2
    start_proc(st, "play_card", side="Jihadist", card=76)
    feed(st, [{"use": "ops"}])
    assert st.decision()["rule"] == "6.3.1"                    # straight to the operation
    st = hand(position(), "Jihadist", 48)
    start_proc(st, "play_card", side="Jihadist", card=48)
    feed(st, [{"use": "ops"}])
    assert st.decision()["rule"] == "6.3.1"


@pytest.mark.rule("6.3.3.1", "7.6")
def test_reserves_never_make_a_reassessment():
    """6.3.3.1 exception: 'Gli USA non possono usare le Riserve per il Riposizionamento (7.6)'.
    A value-3 card with another in hand may reassess; a value-2 card raised to 3 may not."""
    st = hand(position(), "US", 32, 33)
    start_proc(st, "play_card", side="US", card=32)
    feed(st, [{"use": "ops"}])
    assert {"op": "reassessment"} in st.legal_actions()
    st = hand(position(), "US", 11, 33)
    st.d["reserves"]["US"] = 2
    start_proc(st, "play_card", side="US", card=11)
    feed(st, [{"use": "ops"}, {"reserves": True}])
    assert st.d["stack"][-1]["value"] == 3
    assert {"op": "reassessment"} not in st.legal_actions() and {"op": "war_of_ideas"} in st.legal_actions()


# -- 6.3.2 triggering ------------------------------------------------------------------------------
def sanctions_position(**rulings):
    """plotting_position with Patriot Act in effect, so that Sanctions (cards 6-7: -2 Funding) is
    playable: an observable US event for the Jihadist to trigger."""
    st = plotting_position(**rulings)
    st.d["countries"]["United States"]["markers"].append("Patriot Act")
    return st


@pytest.mark.rule("6.3.2", "6.3.2.3", "6.3.2.1")
@pytest.mark.parametrize("side, card, asked", [
    ("US", 95, True),          # the opponent's (Jihadist) event: triggered, order asked
    ("US", 1, False),          # own event: not triggered (6.3.2.3)
    ("US", 96, False),         # Unassociated: not triggered (6.3.2.3)
    ("US", 120, True),         # US Election: always (6.3.1 exception)
    ("Jihadist", 6, True),     # a US event on a non-Plot op: triggered
    ("Jihadist", 48, False),
    ("Jihadist", 96, False),
])
def test_operations_trigger_only_the_opponents_event(side, card, asked):
    st = hand(sanctions_position(), side, card)
    start_proc(st, "play_card", side=side, card=card)
    feed(st, [{"use": "ops"}])
    if asked:
        assert st.legal_actions() == [{"event": "first"}, {"event": "after"}]
        assert st.decision()["rule"] == "6.3.2.1"
    else:
        assert st.decision()["rule"] == "6.3.1"                  # straight to the operation


@pytest.mark.rule("6.3.2", "6.3.2.1", "card 6")
@pytest.mark.parametrize("order", ["first", "after"])
def test_the_player_orders_the_triggered_event_and_the_operation(order):
    """6.3.2.1: 'La parte che gioca la carta che causa l'evento sceglie se far accadere prima
    l'evento o l'operazione'. Sanctions (-2 Funding) before or after a Recruit in Afghanistan."""
    st = hand(sanctions_position(), "Jihadist", 6)
    st.d["funding"] = 7
    run_proc(st, "play_card", [{"use": "ops"}, {"event": order}] + RECRUIT_AFGHANISTAN,
             side="Jihadist", card=6)
    assert st.d["funding"] == 5 and events_run(st) == [6]
    assert st.d["countries"]["Afghanistan"]["sleepers"] == 5 and st.d["discard"][-1] == 6
    trail = st.trail
    assert (trail.index("card 6") < trail.index("8.2.1")) == (order == "first")


@pytest.mark.rule("6.3.2.1", "6.2.6")
def test_a_triggered_event_that_is_not_playable_does_not_happen():
    """6.3.2.1: 'Se ... ha una condizione preliminare che non è soddisfatta (6.2.6), l'evento non
    accade.' Sanctions without Patriot Act."""
    st = hand(plotting_position(), "Jihadist", 6)
    st.d["funding"] = 7
    run_proc(st, "play_card", [{"use": "ops"}, {"event": "first"}] + RECRUIT_AFGHANISTAN,
             side="Jihadist", card=6)
    assert st.d["funding"] == 7 and events_run(st) == [] and "6.3.2.1" in st.trail


@pytest.mark.rule("6.3.2.1", "6.2.8")
@pytest.mark.parametrize("blocked", [True, False])
def test_a_triggered_event_that_is_blocked_does_not_happen(blocked):
    """6.3.2.1: 'Se ... questo viene bloccato ... l'evento non accade.' Kashmir (83), blocked by
    Indo-Pakistani Talks (36), used by the US for operations; unblocked, it happens."""
    st = hand(sanctions_position(), "US", 83)
    if blocked:
        st.d["events_in_effect"].append("Indo-Pakistani Talks")
    pakistan = dict(st.d["countries"]["Pakistan"])
    start_proc(st, "play_card", side="US", card=83)
    feed(st, [{"use": "ops"}, {"event": "first"}])
    while not finished(st) and st.decision()["rule"] != "6.3.1":
        st.apply(st.legal_actions()[0])              # Kashmir's own steps, if it happens
    feed(st, WOI_CANADA)
    assert finished(st)
    assert events_run(st) == ([] if blocked else [83])
    assert (st.d["countries"]["Pakistan"] == pakistan) == blocked


@pytest.mark.rule("6.3.3", "6.3.2")
def test_reserves_trigger_the_opponents_event():
    """6.3.3: 'Se la carta ha associato un evento giocabile dall'avversario, l'evento accade
    immediatamente (6.3.2)'."""
    st = hand(sanctions_position(), "Jihadist", 7)
    st.d["funding"] = 6
    run_proc(st, "play_card", [{"use": "reserves"}], side="Jihadist", card=7)
    assert events_run(st) == [7] and st.d["funding"] == 4 and st.d["reserves"]["Jihadist"] == 1


# -- 8.5.3 the 1st Plot -------------------------------------------------------------------------------
def plot_after(n):
    """``plot(n)`` with the triggered event after the operation (so that 8.5.3 can ignore it)."""
    value = CARDS[n].ops
    return [{"use": "ops"}, {"event": "after"}, {"op": "plot"}] + [{"country": "Iraq"}] * value + [6] * value


@pytest.mark.rule("8.5.3", "4.7.7.2", "6.3.2")
def test_first_plot_with_a_us_card_ignores_its_event_then_later_plots_trigger():
    """8.5.3: the first use of a card for a Plot each turn with a US event ignores that event and the
    card goes to the 1st Plot box; later Plot ops trigger US events normally (4.7.7.2)."""
    st = hand(sanctions_position(), "Jihadist", 6, 7)
    st.d["funding"] = 8
    run_proc(st, "play_card", plot_after(6), side="Jihadist", card=6)
    d = st.d
    assert d["first_plot"] == [6] and d["first_plot_used"] and events_run(st) == [] and d["funding"] == 8
    assert 6 not in d["discard"] and "8.5.3" in st.applied_rules()
    run_proc(st, "play_card", plot_after(7), side="Jihadist", card=7)
    assert d["first_plot"] == [6] and events_run(st) == [7] and d["discard"][-1] == 7 and d["funding"] == 6


@pytest.mark.rule("8.5.3", "6.3.2.1")
def test_the_event_chosen_first_happens_even_on_the_first_plot():
    """The order is chosen before the operation (6.3.2.1); an event the player chose to have first
    has happened when the Plot later uses the 1st Plot box (the card still goes there, 4.7.7.2)."""
    st = hand(sanctions_position(), "Jihadist", 6)
    st.d["funding"] = 8
    script = [{"use": "ops"}, {"event": "first"}, {"op": "plot"}, {"country": "Iraq"}, 6]
    run_proc(st, "play_card", script, side="Jihadist", card=6)
    assert events_run(st) == [6] and st.d["funding"] == 6 and st.d["first_plot"] == [6]


@pytest.mark.rule("8.5.3", "A02")
@pytest.mark.reading("A02")
@pytest.mark.reading("D33")
def test_first_plot_op_ruling_any_card_uses_up_the_exemption():
    """Default ``first_plot_exemption: first_plot_op`` (A02 reading 1, IT/PL/ES 6.3.2 and 4.7.7.2:
    'la sua prima operazione di Complotto di un turno'): a Jihadist card's Plot uses it up."""
    st = hand(sanctions_position(), "Jihadist", 48, 6)
    run_proc(st, "play_card", plot(48), side="Jihadist", card=48)
    assert st.d["first_plot"] == [48] and st.d["first_plot_used"]
    run_proc(st, "play_card", plot_after(6), side="Jihadist", card=6)
    assert st.d["first_plot"] == [48] and events_run(st) == [6]


@pytest.mark.rule("8.5.3", "A02")
@pytest.mark.reading("A02")
@pytest.mark.reading("D33")
def test_first_us_event_plot_ruling():
    """A02 reading 2 (8.5.3 'con un evento associato agli USA'): only a US-event card's Plot uses
    the exemption; a Jihadist card's Plot is discarded normally."""
    st = hand(sanctions_position(first_plot_exemption="first_us_event_plot"), "Jihadist", 48, 6, 7)
    run_proc(st, "play_card", plot(48), side="Jihadist", card=48)
    d = st.d
    assert d["first_plot"] == [] and not d["first_plot_used"] and d["discard"][-1] == 48
    run_proc(st, "play_card", plot_after(6), side="Jihadist", card=6)
    assert d["first_plot"] == [6] and d["first_plot_used"] and events_run(st) == []
    run_proc(st, "play_card", plot_after(7), side="Jihadist", card=7)
    assert d["first_plot"] == [6] and events_run(st) == [7]     # h.2 #19: one per turn


@pytest.mark.rule("8.5.3", "6.3.1", "card 120")
@pytest.mark.parametrize("ruling, box", [("first_plot_op", [120]), ("first_us_event_plot", [])])
@pytest.mark.reading("A02")
@pytest.mark.reading("D33")
def test_us_election_as_first_plot_still_triggers(ruling, box):
    """Bug found: the 1st Plot exemption suppressed every event, also US Election's, which is
    Unassociated and triggers on any use for operations (6.3.1); 8.5.3 ignores a US event only."""
    st = hand(plotting_position(first_plot_exemption=ruling), "Jihadist", 120)
    # US Election: a US Posture roll (die), then Prestige +-1.
    run_proc(st, "play_card", plot_after(120) + [3], side="Jihadist", card=120)
    assert events_run(st) == [120] and st.d["first_plot"] == box


@pytest.mark.rule("8.5.3", "6.3.2")
def test_the_exemption_is_for_plot_ops_only():
    """A US card used for a Recruit triggers its event even before any Plot this turn."""
    st = hand(sanctions_position(), "Jihadist", 6)
    run_proc(st, "play_card", [{"use": "ops"}, {"event": "after"}] + RECRUIT_AFGHANISTAN, side="Jihadist", card=6)
    assert events_run(st) == [6] and not st.d["first_plot_used"] and st.d["first_plot"] == []


@pytest.mark.rule("8.5.3", "5.2.6")
def test_a_new_turn_restores_the_exemption():
    st = hand(sanctions_position(), "Jihadist", 6, 7)
    run_proc(st, "play_card", plot_after(6), side="Jihadist", card=6)
    start_proc(st, "end_of_turn")
    while not finished(st):
        st.apply(st.legal_actions()[0])
    assert 6 in st.d["discard"] and st.d["first_plot"] == [] and not st.d["first_plot_used"]
    hand(st, "Jihadist", 7)
    run_proc(st, "play_card", plot_after(7), side="Jihadist", card=7)
    assert st.d["first_plot"] == [7] and events_run(st) == []


@pytest.mark.rule("5.2.2", "6.1")
def test_the_card_is_in_play_while_it_resolves():
    st = hand(position(), "Jihadist", 57)
    start_proc(st, "play_card", side="Jihadist", card=57)
    feed(st, [{"use": "ops"}, {"op": "recruit"}])
    assert st.d["in_play"] == [57] and 57 not in st.d["hands"]["Jihadist"] and 57 not in st.d["discard"]
    feed(st, [{"country": "Afghanistan"}, {"country": "Afghanistan"}])
    assert finished(st) and st.d["in_play"] == [] and st.d["discard"][-1] == 57
