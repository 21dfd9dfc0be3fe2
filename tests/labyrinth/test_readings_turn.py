"""Readings of the ambiguity registry that change the sequence of play, victory checking and the
record of the last Action Phase (issue 7): each test builds a position where the readings of one
registry entry give different play, and asserts the exact result under each reading.

Entries and switches (model/labyrinth/rulings.py):

- A44 ``instant_victory_check`` (2.1, 2.1.1, 2.1.2): ``each_step`` (default; reading
  each_step_acting_side) or ``end_of_card`` (reading end_of_card): victory.check_instant;
- D31 ``reshuffle_timing`` (4.7.5, 5.3.1, 5.2.8): ``on_empty_draw`` (default) or
  ``before_short_deal``: turn.deal / turn.short_deal / turn.reshuffle;
- A53 ``us_election_final_card`` (5.2.4, card 120): ``discard_triggers`` (default),
  ``discard_without_effect`` or ``hold_triggers``: turn.final_card_triggers;
- A55 ``last_action_phase`` (5.2.2 note, cards 61 and 94): ``across_turns`` (default) or
  ``same_turn_only``: action_log.new_turn.

The positions start from the Let's Roll! set-up (Gulf States Fair Ally 2 troops, Saudi Arabia Poor
Ally 2 troops, Afghanistan Islamist Rule, US Hard, Israel Hard, Prestige 7, Funding 9, Standard
length).
"""
from __future__ import annotations

from fractions import Fraction

import pytest

from cdg_oracle.model.labyrinth import victory
from cdg_oracle.model.labyrinth.action_log import record
from cdg_oracle.model.labyrinth.tracks import gwot_penalty, hand_sizes, world_posture
from tests.labyrinth.harness import (
    conserve, events_run, feed, finished, give, playable, position, run_proc, set_hands, start_proc, with_rulings,
)

MUSLIM_ORDER = ["Morocco", "Algeria/Tunisia", "Libya", "Egypt", "Sudan", "Somalia", "Jordan", "Lebanon",
                "Syria", "Turkey", "Iraq", "Saudi Arabia", "Gulf States", "Yemen", "Pakistan",
                "Central Asia", "Indonesia/Malaysia", "Afghanistan"]


def at(rulings=None, countries=None, **tracks):
    """A Let's Roll! position with ``countries``/``tracks`` edited (cubes and cylinders
    re-balanced), under the given Rulings switches."""
    st = position("lets_roll", countries=countries, **tracks)
    conserve(st)
    return with_rulings(st, **(rulings or {}))


def reserve(n):
    return [{"card": n}, {"use": "reserves"}]


# -- A44: 2.1 instant victory, after each step or at the end of the card ----------------------------
def fifteen_poor(gulf_troops: int):
    """Prestige 2, 15 Muslim countries Poor or Islamist Rule (all but Morocco, Turkey -- untested --
    and the Gulf States, Fair Ally with ``gulf_troops`` troops and a Sleeper), US Hard: one Prestige
    less wins for the Jihadist (2.1.2)."""
    aligned = ("Iraq", "Libya", "Syria", "Saudi Arabia", "Pakistan")      # the others are untested
    countries = {n: {"gov": "poor"} if n in aligned else {"gov": "poor", "align": "neutral"}
                 for n in MUSLIM_ORDER if n not in ("Afghanistan", "Morocco", "Turkey", "Gulf States")}
    countries["Gulf States"] = {"troops": gulf_troops, "sleepers": 1}
    return countries


def schroeder_for_ops(reading, gulf_troops):
    """The US plays card 75 Schroeder & Chirac (Jihadist, value 2) for operations in its Action
    Phase, its triggered event first (6.3.2.1): Germany and France Soft, -1 Prestige -> 1."""
    st = at({"instant_victory_check": reading}, fifteen_poor(gulf_troops), prestige=2, phase="us_action")
    assert victory.count_governance(st, ("poor", "islamist_rule")) == 15
    assert victory.jihadist_instant_win(st) is None and victory.us_instant_win(st) is None
    give(st, "US", 75)
    start_proc(st, "play_card", side="US", card=75)
    feed(st, [{"use": "ops"}, {"event": "first"}])
    return st


@pytest.mark.rule("2.1", "2.1.2", "6.3.2.1", "7.4.4", "card 75")
@pytest.mark.parametrize("reading", ["each_step", "end_of_card"])
@pytest.mark.reading("A44")
def test_a44_a_win_undone_later_in_the_same_card(reading):
    """A44 (``instant_victory_check``), 2.1.2: "La jihad vince nel momento in cui ... il Prestigio
    USA e 1 e ... almeno 15 paesi musulmani sono Scadenti o sotto Governo Islamico". The event of
    card 75, triggered first by the US's operations, takes Prestige 2 -> 1 with 15 Poor countries;
    the card's Disrupt then activates the Gulf States' Sleeper where 2 troops are: +1 Prestige
    (7.4.4), back to 2.

    ``each_step`` (default): the Jihadist wins when the event is done, the Disrupt never happens.
    ``end_of_card``: the check waits for the card's end, when the condition no longer holds: no
    win, the game goes on. Outside any card it checks each step as before: at the end of the turn
    5.2.5 takes Prestige to 1 (Afghanistan under Islamist Rule) and the Jihadist wins there, before
    Diplomacy (World Posture Hard 3 = US) would raise it back, and before the deal."""
    st = schroeder_for_ops(reading, gulf_troops=2)
    assert st.d["prestige"] == 1
    if reading == "each_step":
        assert st.winner() == "Jihadist" and st.d["terminal"]["rule"] == "2.1.2"
        assert st.d["countries"]["Gulf States"]["sleepers"] == 1        # the Disrupt never happened
        return
    assert not st.is_terminal() and victory.jihadist_instant_win(st) is not None
    feed(st, [{"op": "disrupt"}, {"country": "Gulf States"}, {"cell": "sleeper"}])
    assert finished(st) and not st.is_terminal()
    assert st.d["prestige"] == 2 and st.d["countries"]["Gulf States"]["actives"] == 1
    # Outside any card: the end of turn, checked step by step (5.2.5 then Diplomacy).
    for n in ("United Kingdom", "Spain", "Italy", "Benelux"):
        st.d["countries"][n]["posture"] = "hard"
    assert world_posture(st.d) == 3 and gwot_penalty(st.d) == 0
    held = {s: list(h) for s, h in st.d["hands"].items()}
    start_proc(st, "end_of_turn")
    assert st.winner() == "Jihadist" and st.d["terminal"]["rule"] == "2.1.2" and st.d["prestige"] == 1
    assert st.d["hands"] == held                                   # no deal


@pytest.mark.rule("2.1", "2.1.2", "6.3.2.1", "card 75")
@pytest.mark.parametrize("reading", ["each_step", "end_of_card"])
@pytest.mark.reading("A44")
def test_a44_a_win_that_still_holds_comes_at_the_end_of_the_card(reading):
    """A44: the same card with 1 troop in the Gulf States (an Ally: Disrupt allowed, no Prestige,
    7.4.4). ``each_step``: the Jihadist wins at the event's end, before the Disrupt. ``end_of_card``:
    the US still chooses and resolves its Disrupt (the Sleeper becomes Active); the Jihadist wins
    when the card is done, the card put away (removed: REMOVE, 6.2.9)."""
    st = schroeder_for_ops(reading, gulf_troops=1)
    if reading == "each_step":
        assert st.winner() == "Jihadist" and st.d["countries"]["Gulf States"]["actives"] == 0
        return
    assert not st.is_terminal()
    assert st.legal_actions() == [{"op": "war_of_ideas"}, {"op": "deploy"}, {"op": "disrupt"}]
    feed(st, [{"op": "disrupt"}, {"country": "Gulf States"}, {"cell": "sleeper"}])
    assert st.winner() == "Jihadist" and st.d["terminal"]["rule"] == "2.1.2"
    assert st.d["prestige"] == 1 and st.d["countries"]["Gulf States"]["actives"] == 1
    assert 75 in st.d["removed"] and st.d["in_play"] == []        # REMOVE, its event happened


# -- D31: 4.7.5 / 5.3.1, the reshuffle when the deal cannot be completed ------------------------
def short_pile(reading, pile, decks=2):
    """The end-of-turn deal with ``pile`` left in the draw pile and every other card in the discard
    pile; 9 + 9 cards to deal (Funding 9, Low Intensity)."""
    st = at({"reshuffle_timing": reading})
    d = st.d
    d["hands"] = {"US": [], "Jihadist": []}
    d["deck"] = list(pile)
    d["discard"] = [n for n in range(1, 121) if n not in pile]
    d["decks"], d["reshuffles"] = decks, 0
    assert hand_sizes(d) == {"Jihadist": 9, "US": 9}
    return st


@pytest.mark.rule("5.2.8", "5.3.1", "4.7.5")
@pytest.mark.parametrize("reading, size, reshuffled, first_draw", [
    ("on_empty_draw", 3, 0, 3),          # the 3 cards are dealt first; the 4th draw reshuffles
    ("before_short_deal", 3, 1, 120),    # reshuffle first, the 3 cards shuffled in
    ("on_empty_draw", 17, 0, 17),
    ("before_short_deal", 17, 1, 120),   # one card short
    ("on_empty_draw", 18, 0, 18),        # exactly enough: no reshuffle under either reading
    ("before_short_deal", 18, 0, 18),
])
@pytest.mark.reading("D31")
def test_d31_reshuffle_before_a_short_deal(reading, size, reshuffled, first_draw):
    """D31 (``reshuffle_timing``): 5.3.1 "Quando si deve pescare una carta ma il mazzo e terminato,
    rimescolate ... avanzando di una casella a destra il segnalino di Mazzo"; ES 4.7.5 also when "no
    hay suficientes cartas en él para completar la mano de ambos jugadores", the IT example "sino a
    che non vi sono carte sufficienti nel mazzo per completare le mani dei giocatori. Quando accade
    questo ... il mazzo viene rimescolato". The deal of 18 cards from a pile of ``size``:
    ``on_empty_draw`` deals the pile's cards first (the first draw is among them, the Deck marker
    not yet moved); ``before_short_deal`` reshuffles before the first card when the pile is short,
    the pile's cards shuffled in with the discards (project decision): the first draw is among all
    120 cards, each 1/120."""
    pile = list(range(1, size + 1))
    st = short_pile(reading, pile)
    start_proc(st, "deal")
    assert st.d["reshuffles"] == reshuffled and not st.is_terminal()
    outcomes = st.chance_outcomes()
    assert len(outcomes) == first_draw and {p for _, p in outcomes} == {Fraction(1, first_draw)}
    assert st.d["discard"] == ([] if reshuffled else [n for n in range(1, 121) if n > size])
    feed(st, [{"card": n} for n in range(1, 19)])            # the lowest card each time
    assert finished(st) and st.d["reshuffles"] == (1 if size < 18 else 0)
    assert st.d["hands"]["Jihadist"] == list(range(1, 19, 2)) and st.d["hands"]["US"] == list(range(2, 19, 2))


@pytest.mark.rule("5.2.8", "5.3.1", "3.3", "2.3", "4.7.5")
@pytest.mark.parametrize("reading", ["on_empty_draw", "before_short_deal"])
@pytest.mark.reading("D31")
def test_d31_the_game_length_reshuffle_ends_the_game_before_or_during_the_deal(reading):
    """D31, 3.3 and 5.3.1 "Se si tratta della rimescolata di fine partita, la partita termina
    immediatamente: determinate il vincitore (2.3)". Standard length (1 deck), 3 cards left for a
    deal of 18. ``on_empty_draw``: 3 cards are dealt (Jihadist, US, Jihadist, D30 alternate), the
    4th draw finds the pile empty and the game ends mid-deal. ``before_short_deal``: the game ends
    before the first card, the 3 cards still in the pile. The winner is the same (2.3: Good 0 is
    not more than twice Islamist Rule 1)."""
    st = short_pile(reading, [1, 2, 3], decks=1)
    start_proc(st, "deal")
    if reading == "on_empty_draw":
        assert not st.is_terminal() and st.d["reshuffles"] == 0
        feed(st, [{"card": 1}, {"card": 2}, {"card": 3}])
        assert st.d["hands"] == {"Jihadist": [1, 3], "US": [2]} and st.d["deck"] == []
    else:
        assert st.d["hands"] == {"Jihadist": [], "US": []} and st.d["deck"] == [1, 2, 3]
    assert st.is_terminal() and st.d["reshuffles"] == 1
    assert st.winner() == "Jihadist" and st.d["terminal"]["rule"] == "2.3"


# -- A53: card 120 US Election as the US's final card (5.2.4) ------------------------------------
def final_us_election(reading):
    """The US's final card is 120 US Election; the Jihadist plays his one card for Reserves."""
    st = set_hands(at({"us_election_final_card": reading}), J=[48], US=[120])
    start_proc(st, "turn")
    feed(st, reserve(48))
    assert st.legal_actions() == [{"card": 120}, {"discard": 120}, "hold"]
    return st


@pytest.mark.rule("5.2.4", "6.3.2.3", "card 120")
@pytest.mark.parametrize("reading, triggers", [
    ("discard_triggers", True), ("discard_without_effect", False), ("hold_triggers", True),
])
@pytest.mark.reading("A53")
def test_a53_discarding_us_election_as_the_final_card(reading, triggers):
    """A53 (``us_election_final_card``): card 120 "Quando questa carta viene usata per operazioni o
    scartata: tirate per la Postura USA. Poi, se la Penalita GWOT e zero, +1 al Prestigio" against
    5.2.4 "la si puo giocare, scartare (senza effetto), o tenere". Discarding it triggers the event
    (a US Posture roll, then Prestige 7 -> 8 with no GWOT penalty; the card to the Lapsing box)
    under ``discard_triggers`` and ``hold_triggers``; nothing happens under
    ``discard_without_effect`` (the card to the discard pile, no roll)."""
    st = final_us_election(reading)
    feed(st, [{"discard": 120}])
    if triggers:
        assert st.current_player() == "chance"           # the US Posture roll
        feed(st, [4])                                    # 4 + 1: Hard
        assert events_run(st) == [120] and st.d["prestige"] == 8 and 120 in st.d["lapsing"]
    else:
        assert events_run(st) == [] and st.d["prestige"] == 7 and 120 in st.d["discard"]
    assert finished(st) and st.d["hands"]["US"] == [] and st.d["us_posture"] == "hard"


@pytest.mark.rule("5.2.4", "5.2.1", "card 120")
@pytest.mark.parametrize("reading, triggers", [
    ("discard_triggers", False), ("discard_without_effect", False), ("hold_triggers", True),
])
@pytest.mark.reading("A53")
def test_a53_holding_us_election_as_the_final_card(reading, triggers):
    """A53: holding the final card (5.2.4 "tenere") is neither a use for operations nor a discard:
    no event under ``discard_triggers`` and ``discard_without_effect``. Under ``hold_triggers`` the
    hold triggers it: the US Posture roll (a 1 + 1 = 2: Soft) makes the GWOT penalty 1 (World
    Posture Hard 1), so -1 Prestige, 7 -> 6; the card stays held in the US hand (project decision)
    and the turn ends (5.2.1)."""
    st = final_us_election(reading)
    feed(st, ["hold"])
    if triggers:
        feed(st, [1])
        assert events_run(st) == [120] and st.d["us_posture"] == "soft" and st.d["prestige"] == 6
    else:
        assert events_run(st) == [] and st.d["us_posture"] == "hard" and st.d["prestige"] == 7
    assert finished(st) and st.d["hands"]["US"] == [120] and st.d["us_held"]
    assert 120 not in st.d["lapsing"] + st.d["discard"]


# -- A55: cards 61 and 94, "this or the last Action Phase" across turns -----------------------------
@pytest.mark.rule("5.2.2", "card 61")
@pytest.mark.parametrize("reading", ["across_turns", "same_turn_only"])
@pytest.mark.reading("A55")
def test_a55_detainee_release_in_a_turns_first_phase(reading):
    """A55 (``last_action_phase``): card 61 "Giocatela se gli USA hanno disorganizzato in questa o
    nell'ultima Fase di Azione"; 5.2.2 note: "ultima Fase di Azione" ... "anche se di un Turno
    precedente". The US disrupted in Saudi Arabia in the last US Action Phase of a turn; in the next
    turn's first Jihadist phase card 61 is playable for its event under ``across_turns``, not under
    ``same_turn_only``. Later in the turn both agree: after the US disrupts in the Gulf States, the
    second Jihadist phase may play it, and only the Gulf States (this turn's US phase, the last one)
    is where its cell goes -- Saudi Arabia is two phases back."""
    st = at({"last_action_phase": reading},
            {"Saudi Arabia": {"sleepers": 1}, "Gulf States": {"sleepers": 1}}, phase="us_action")
    run_proc(st, "op_disrupt", [{"country": "Saudi Arabia"}, {"cell": "sleeper"}], side="US", card=39, value=3)
    set_hands(st, J=[48, 49, 61], US=[12, 1])
    start_proc(st, "game", pc="next_turn")
    assert st.d["phase"] == "jihadist_action" and st.legal_actions() == [{"card": n} for n in (48, 49, 61)]
    assert playable(st, "Jihadist", 61) is (reading == "across_turns")
    feed(st, reserve(48) + reserve(49))
    feed(st, [{"card": 12}, {"use": "ops"}, {"op": "disrupt"}, {"country": "Gulf States"}, {"cell": "sleeper"}])
    feed(st, reserve(1))
    assert st.d["phase"] == "jihadist_action" and playable(st, "Jihadist", 61)
    feed(st, [{"card": 61}, {"use": "event"}])
    assert st.legal_actions() == [{"country": "Gulf States"}]


@pytest.mark.rule("5.2.2", "card 94")
@pytest.mark.parametrize("reading", ["across_turns", "same_turn_only"])
@pytest.mark.reading("A55")
def test_a55_door_of_itjihad_after_the_previous_turns_us_phase(reading):
    """A55: card 94 "Giocatelo se un paese e testato o e migliorato a Discreto o Buono in questa
    Fase di Azione o in quella precedente". Pakistan was improved to Fair in the last US phase of
    the turn (the action log's record, action_log.py); in the next turn's first Jihadist phase the
    event is offered, worsening Pakistan to Poor, only under ``across_turns``."""
    st = at({"last_action_phase": reading}, phase="us_action")
    record(st, "improved", "Pakistan")
    set_hands(st, J=[94], US=[1])
    start_proc(st, "game", pc="next_turn")
    assert playable(st, "Jihadist", 94) is (reading == "across_turns")
    feed(st, [{"card": 94}])
    uses = [{"use": "ops"}]
    if reading == "across_turns":
        uses = [{"use": "event"}] + uses
        assert st.legal_actions() == uses
        feed(st, [{"use": "event"}, {"country": "Pakistan"}])
        assert st.d["countries"]["Pakistan"]["gov"] == "poor"
    else:
        assert st.legal_actions() == uses
