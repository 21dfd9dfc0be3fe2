"""The sequence of play (chapter 5), the tracks it reads (4.7) and reshuffles / game length (3.3,
5.3), with scripted cards, choices and dice.

Cards are played for Reserves (6.3.3) where only the sequence matters: a value-1 card of one's own
side (Jihadist 48-56, US 1-10) costs two atomic choices and triggers nothing. Draws are chance
nodes ({"card": n}), so the hands are set directly and the deck is fed card by card.
"""
from __future__ import annotations

import pytest

from cdg_oracle.model.labyrinth.tracks import (
    available_cells, funding_level, gwot_penalty, hand_sizes, shift_funding, shift_prestige, troops_level,
    world_posture,
)
from tests.labyrinth.harness import conserve, events_run, feed, finished, position, set_hands, start_proc

J_CARDS = [48, 49, 50, 51, 52]      # Jihadist, value 1
US_CARDS = [1, 2, 3, 4, 5]          # US, value 1


def table(scenario="lets_roll", J=(), US=(), countries=None, **tracks):
    """A position with the given hands (the other cards back in the deck)."""
    return set_hands(position(scenario, countries=countries, **tracks), J, US)


def reserve(n):
    return [{"card": n}, {"use": "reserves"}]


def draw_all(st):
    """Answer every draw with the lowest card until something other than a draw is asked."""
    while not st.is_terminal() and st.current_player() == "chance" and st.decision()["prompt"].startswith("draw"):
        st.apply(st.legal_actions()[0])
    return st


def drawn_for(st):
    """The sides the deal's chance nodes draw for, in order (answering each with the lowest card)."""
    sides = []
    while not st.is_terminal() and st.current_player() == "chance" and st.decision()["prompt"].startswith("draw"):
        sides.append(st.decision()["prompt"].rsplit(" ", 1)[1])
        st.apply(st.legal_actions()[0])
    return sides


# -- 4.7 tracks ----------------------------------------------------------------------------------
@pytest.mark.rule("4.7.2")
def test_world_posture_example_three_soft_five_hard_is_hard_two():
    """4.7.2 example: 3 Soft and 5 Hard non-US countries give World Hard 2 (Israel counts Hard)."""
    d = position().d
    for n in ("United Kingdom", "France", "Germany", "Spain"):
        d["countries"][n]["posture"] = "hard"        # + Israel = 5 Hard
    for n in ("Italy", "Benelux", "Canada"):
        d["countries"][n]["posture"] = "soft"
    assert world_posture(d) == 2
    for n in ("Russia", "China", "India"):
        d["countries"][n]["posture"] = "soft"        # 6 Soft, 5 Hard
    assert world_posture(d) == -1
    for n in ("Scandinavia", "Serbia", "Caucasus", "Thailand"):
        d["countries"][n]["posture"] = "soft"        # 10 Soft: capped at Soft 3 (4.7)
    assert world_posture(d) == -3


@pytest.mark.rule("4.7.2.1")
def test_gwot_penalty():
    """4.7.2.1: the World value when World and US differ; zero when they match or World is 0."""
    d = position().d
    d["countries"]["France"]["posture"] = "hard"            # World Hard 2
    assert (d["us_posture"], gwot_penalty(d)) == ("hard", 0)
    d["us_posture"] = "soft"
    assert gwot_penalty(d) == 2
    d["countries"]["France"]["posture"] = "soft"            # World 0
    assert gwot_penalty(d) == 0
    d["countries"]["Spain"]["posture"] = "soft"             # World Soft 1
    assert gwot_penalty(d) == 0
    d["us_posture"] = "hard"
    assert gwot_penalty(d) == 1


@pytest.mark.rule("4.7.3")
def test_troops_level():
    """4.7.3: the marker goes in the rightmost box with fewer than 5 cubes; boxes fill right to
    left. Example: 7 of 15 deployed, 8 on the track (5 Overstretch + 3 War) -> War. A10: with all
    15 on the track no box has fewer than 5: Low Intensity."""
    assert troops_level(15 - 7) == "war"
    assert troops_level(15) == "low_intensity"                               # A10
    assert [troops_level(t) for t in (14, 10, 9, 5, 4, 0)] == [
        "low_intensity", "low_intensity", "war", "war", "overstretch", "overstretch"]


@pytest.mark.rule("4.7.4.1", "4.7.4.2")
def test_funding_levels_and_available_cells():
    """4.7.4.1: Tight 1-3, Moderate 4-6, Ample 7-9. 4.7.4.2 example: Funding 6 with 12 cells on
    the track (5 Ample, 5 Moderate, 2 Tight) -> 7 Available."""
    assert [funding_level(f) for f in range(1, 10)] == ["tight"] * 3 + ["moderate"] * 3 + ["ample"] * 3
    assert available_cells({"funding": 6, "cells_track": 12}) == 7
    assert available_cells({"funding": 3, "cells_track": 12}) == 2
    assert available_cells({"funding": 9, "cells_track": 12}) == 12
    assert available_cells({"funding": 6, "cells_track": 4}) == 0
    assert available_cells({"funding": 1, "cells_track": 15}) == 5


@pytest.mark.rule("4.7.1", "4.7.4.1")
def test_tracks_clamp():
    """4.7 / 5.2.5 note: a marker never leaves its track."""
    d = {"prestige": 12, "funding": 1}
    shift_prestige(d, +3)
    shift_funding(d, -2)
    assert d == {"prestige": 12, "funding": 1}
    shift_prestige(d, -20)
    shift_funding(d, +20)
    assert d == {"prestige": 1, "funding": 9}


# -- 5.2 turn structure -----------------------------------------------------------------------------
@pytest.mark.rule("5.2.2", "5.2.3", "4.7.5")
def test_two_cards_per_phase_alternating_jihadist_first():
    """5.2.2: the Jihadist plays two cards in succession, then the US two, and so on; fewer if
    fewer are held; the Card marker counts 1, 2 and returns to Jihadist Card 1 (4.7.5)."""
    st = table(J=[48, 49, 50], US=[1, 2])
    start_proc(st, "turn")
    seen = []
    script = reserve(48) + reserve(49) + reserve(1) + reserve(2) + reserve(50)
    for a in script:
        if "card" in a:
            seen.append((st.current_player(), st.d["phase"], st.d["card_index"], a["card"]))
        feed(st, [a])
    assert seen == [("Jihadist", "jihadist_action", 1, 48), ("Jihadist", "jihadist_action", 2, 49),
                    ("US", "us_action", 1, 1), ("US", "us_action", 2, 2),
                    ("Jihadist", "jihadist_action", 1, 50)]
    assert finished(st)                  # the US had no card left: its phase and the turn end
    assert st.d["discard"] == [48, 49, 1, 2, 50] and st.d["in_play"] == []   # in play order


@pytest.mark.rule("5.2.2", "4.8.4")
def test_jihadist_may_remove_cadres_at_any_point_of_his_phase():
    """4.8.4: 'Il giocatore della jihad puo rimuovere qualsiasi quadro durante qualsiasi propria
    Fase di Azione': before, between and after his cards (bug fixed: not offered after the second)."""
    st = table(J=[48, 49], US=[], countries={"Iraq": {"cadre": True}, "Libya": {"cadre": True}})
    start_proc(st, "turn")
    assert st.legal_actions() == [{"card": 48}, {"card": 49}, {"remove_cadre": "Iraq"}, {"remove_cadre": "Libya"}]
    feed(st, [{"remove_cadre": "Libya"}] + reserve(48))
    assert st.legal_actions() == [{"card": 49}, {"remove_cadre": "Iraq"}]
    feed(st, reserve(49))
    assert st.d["phase"] == "jihadist_action"
    assert st.legal_actions() == [{"remove_cadre": "Iraq"}, "pass"]
    assert st.decision()["rule"] == "4.8.4"
    feed(st, ["pass"])
    assert finished(st) and st.d["countries"]["Iraq"]["cadre"]
    assert not st.d["countries"]["Libya"]["cadre"]


@pytest.mark.rule("5.2.2", "4.8.4")
def test_empty_handed_jihadist_phase_only_removes_cadres():
    """5.2.2: 'Una parte priva di carte durante la sua Fase di Azione non fa nulla (la jihad puo
    rimuovere i Quadri)'. Without a Cadre the phase passes with no decision."""
    st = table(J=[], US=[1, 2, 3], countries={"Iraq": {"cadre": True}})
    start_proc(st, "turn")
    assert st.current_player() == "Jihadist" and st.legal_actions() == [{"remove_cadre": "Iraq"}, "pass"]
    feed(st, [{"remove_cadre": "Iraq"}])
    assert st.current_player() == "US" and st.d["phase"] == "us_action"
    feed(st, reserve(1) + reserve(2))
    # A20: the next Jihadist phase (no card, no Cadre) is empty; the US phase follows.
    assert st.d["phase"] == "us_action" and st.current_player() == "US"
    assert st.legal_actions() == [{"card": 3}, {"discard": 3}, "hold"]


@pytest.mark.rule("5.2.3", "8.5.6")
def test_plots_resolve_at_the_end_of_every_us_phase_even_without_a_us_card():
    """5.2.3: 'Al termine di ciascuna Fase di Azione USA (che gli USA abbiano giocato una carta o
    meno), risolvete tutti i Complotti'. The US holds no card: each of its two (empty) phases is
    followed by plot resolution."""
    st = table(J=[48, 49, 50], US=[], funding=5, countries={"Iraq": {"plots": [1]}})
    st.d["plots_available"].remove(1)
    start_proc(st, "turn")
    feed(st, reserve(48) + reserve(49))
    assert st.d["phase"] == "plots" and "plot governance die 1 in Iraq" in st.decision()["prompt"]
    feed(st, [6])
    assert st.d["funding"] == 6 and st.d["plots_available"] == [1, 1, 2, 2, 3, 3]
    assert st.d["phase"] == "jihadist_action"
    st.d["countries"]["Libya"]["plots"] = [2]          # a plot placed in the second Jihadist phase
    st.d["plots_available"].remove(2)
    feed(st, reserve(50))
    assert "plot governance die 1 in Libya" in st.decision()["prompt"]
    feed(st, [6, 6])
    assert finished(st) and st.d["funding"] == 7 and st.d["plots_available"] == [1, 1, 2, 2, 3, 3]


# -- 5.2.4 the final US card and 5.2.1 the end of the turn ---------------------------------------
@pytest.mark.rule("5.2.4", "5.2.1")
def test_final_us_card_hold_ends_the_turn_when_the_jihadist_is_out():
    """5.2.4: with one card the US may play, discard (no effect) or hold it; 5.2.1: the turn ends
    when the Jihadist has used his cards and the US holds its last."""
    st = table(J=[48], US=[7])
    start_proc(st, "turn")
    feed(st, reserve(48))
    assert st.legal_actions() == [{"card": 7}, {"discard": 7}, "hold"]
    assert st.decision()["rule"] == "5.2.4"
    feed(st, ["hold"])
    assert finished(st) and st.d["hands"]["US"] == [7] and st.d["us_held"]


@pytest.mark.rule("5.2.4", "5.2.1")
def test_holding_while_the_jihadist_still_has_cards_does_not_end_the_turn():
    st = table(J=[48, 49, 50], US=[7])
    start_proc(st, "turn")
    feed(st, reserve(48) + reserve(49) + ["hold"])
    assert st.d["phase"] == "jihadist_action" and st.legal_actions() == [{"card": 50}]
    feed(st, reserve(50))
    assert st.legal_actions() == [{"card": 7}, {"discard": 7}, "hold"]
    feed(st, ["hold"])
    assert finished(st) and st.d["hands"]["US"] == [7]


@pytest.mark.rule("5.2.4", "6.3.2.3")
def test_discarding_the_final_card_has_no_effect():
    """5.2.4 'scartare (senza effetto)'; 6.3.2.3: discarding never triggers an event, even the
    opponent's; it ends the US phase."""
    st = table(J=[48], US=[60])                  # 60: a Jihadist card in the US hand
    start_proc(st, "turn")
    feed(st, reserve(48))
    before = {k: st.d[k] for k in ("prestige", "funding", "reserves")}
    feed(st, [{"discard": 60}])
    assert finished(st) and st.d["hands"]["US"] == [] and 60 in st.d["discard"]
    assert events_run(st) == []
    assert {k: st.d[k] for k in before} == before


@pytest.mark.rule("5.2.4", "card 120")
def test_discarding_us_election_triggers_it():
    """Card 120 text and 6.3.2.3 exception: US Election triggers even when discarded."""
    st = table(J=[48], US=[120])
    start_proc(st, "turn")
    prestige = st.d["prestige"]
    feed(st, reserve(48) + [{"discard": 120}, 4])     # US Posture roll 4 (+1): Hard
    assert finished(st) and events_run(st) == [120] and st.d["us_posture"] == "hard"
    expected = prestige + (1 if gwot_penalty(st.d) == 0 else -1)
    assert st.d["prestige"] == expected
    assert 120 in st.d["lapsing"] and 120 not in st.d["hands"]["US"]   # LAPSING (cards.yaml)


@pytest.mark.rule("5.2.4", "A20")
@pytest.mark.reading("A20")
def test_us_final_card_ruling_phase_start():
    """Default ``us_final_card: phase_start``: a phase begun with two cards plays both."""
    st = table(J=[48], US=[1, 2])
    start_proc(st, "turn")
    feed(st, reserve(48) + reserve(1))
    assert st.legal_actions() == [{"card": 2}]


@pytest.mark.rule("5.2.4", "A20")
@pytest.mark.reading("A20")
def test_us_final_card_ruling_any_point():
    st = table(J=[48], US=[1, 2])
    st.d["rulings"]["us_final_card"] = "any_point"
    st = type(st).from_json(st.to_json())
    start_proc(st, "turn")
    feed(st, reserve(48) + reserve(1))
    assert st.legal_actions() == [{"card": 2}, {"discard": 2}, "hold"]
    feed(st, ["hold"])
    assert finished(st) and st.d["hands"]["US"] == [2]


@pytest.mark.rule("5.2.1", "A20")
def test_turn_continues_until_both_hands_are_used():
    """5.2.1 / A20: uneven hands. The US has more cards: the Jihadist's empty phases still occur and
    the turn ends only when the US has used (or holds) its last card."""
    st = table(J=[48], US=[1, 2, 3, 4, 5])
    start_proc(st, "turn")
    feed(st, reserve(48) + reserve(1) + reserve(2))
    assert not finished(st) and st.current_player() == "US" and st.d["card_index"] == 1
    feed(st, reserve(3) + reserve(4))
    assert st.legal_actions() == [{"card": 5}, {"discard": 5}, "hold"]
    feed(st, reserve(5))
    assert finished(st)


# -- end of turn ------------------------------------------------------------------------------------
def end_turn(st):
    start_proc(st, "end_of_turn")
    draw_all(st)
    assert finished(st), st.decision()
    return st


@pytest.mark.rule("5.2.5")
def test_end_of_turn_funding_minus_one():
    assert end_turn(table(funding=5)).d["funding"] == 4
    assert end_turn(table(funding=1)).d["funding"] == 1


@pytest.mark.rule("5.2.5", "D28")
def test_prestige_minus_one_once_for_any_islamist_rule():
    """D28: 'se vi e qualsiasi paese con Governo Islamico': -1 once, not per country."""
    st = table(prestige=7, countries={"Iraq": {"gov": "islamist_rule"}, "Libya": {"gov": "islamist_rule"}})
    assert end_turn(st).d["prestige"] == 6
    st = table(prestige=7, countries={"Afghanistan": {"gov": "poor"}})
    assert end_turn(st).d["prestige"] == 7


def world_three(st):
    for n in ("United Kingdom", "France"):
        st.d["countries"][n]["posture"] = "hard"        # + Israel: World Hard 3
    assert world_posture(st.d) == 3
    return st


@pytest.mark.rule("5.2.5")
def test_prestige_plus_one_when_world_three_matches_us_posture():
    st = world_three(table(prestige=7, countries={"Afghanistan": {"gov": "poor"}}))
    assert end_turn(st).d["prestige"] == 8
    st = world_three(table(prestige=7, us_posture="soft", countries={"Afghanistan": {"gov": "poor"}}))
    assert end_turn(st).d["prestige"] == 7
    st = table(prestige=7, countries={"Afghanistan": {"gov": "poor"}, "France": {"posture": "hard"}})
    assert world_posture(st.d) == 2 and end_turn(st).d["prestige"] == 7


@pytest.mark.rule("5.2.5")
def test_prestige_clamping_one_minus_one_plus_one_is_two():
    """5.2.5 note: 'Il Prestigio di 1 soggetto a -1 e poi a +1 per la Diplomazia andrebbe a 2'."""
    st = world_three(table(prestige=1))        # Afghanistan is Islamist Rule in Let's Roll!
    assert end_turn(st).d["prestige"] == 2
    st = world_three(table(prestige=12, countries={"Afghanistan": {"gov": "poor"}}))
    assert end_turn(st).d["prestige"] == 12


@pytest.mark.rule("5.2.6", "5.2.7", "4.7.7.2")
def test_lapsing_and_first_plot_boxes_discarded_and_reserves_zeroed():
    st = table()
    d = st.d
    for n in (120, 60):
        d["deck"].remove(n)
    d["lapsing"], d["first_plot"], d["first_plot_used"] = [120], [60], True
    d["lapsing_effects"] = ["card 120"]
    d["reserves"] = {"US": 2, "Jihadist": 1}
    end_turn(st)
    assert d["lapsing"] == [] and d["first_plot"] == [] and not d["first_plot_used"]
    assert d["lapsing_effects"] == [] and {120, 60} <= set(d["discard"])
    assert d["reserves"] == {"US": 0, "Jihadist": 0}


@pytest.mark.rule("5.2.8")
@pytest.mark.parametrize("funding, on_map, hands", [
    (9, 4, {"Jihadist": 9, "US": 9}),        # funding 8 after 5.2.5 -> Ample; 11 on track
    (8, 4, {"Jihadist": 9, "US": 9}),        # 7 -> Ample
    (7, 10, {"Jihadist": 8, "US": 8}),       # 6 -> Moderate; 5 on track -> War
    (4, 11, {"Jihadist": 7, "US": 7}),       # 3 -> Tight; 4 on track -> Overstretch
])
def test_deal_sizes_after_diplomacy(funding, on_map, hands):
    """5.2.8: Jihadist per the Funding box (after the 5.2.5 decrease), US per the Troops box."""
    st = table(funding=funding)
    st.d["countries"]["Saudi Arabia"]["troops"] = on_map - 2
    conserve(st)
    end_turn(st)
    assert {s: len(h) for s, h in st.d["hands"].items()} == hands == hand_sizes(st.d)


@pytest.mark.rule("5.2.8", "5.2.4")
def test_a_held_card_is_kept_and_the_us_still_gets_a_full_hand():
    """5.2.8: 'date quel numero di carte al giocatore USA indipendentemente se ha tenuto la carta
    finale ... Non vi e un massimo alla mano'."""
    st = table(US=[7])
    end_turn(st)
    assert len(st.d["hands"]["US"]) == 10 and 7 in st.d["hands"]["US"]


@pytest.mark.rule("5.2.8", "D30")
def test_deal_order_alternates_jihadist_first():
    st = table(funding=9)                    # 8 after 5.2.5: 9 cards; US Low Intensity: 9
    st.d["countries"]["Saudi Arabia"]["troops"] = 13
    conserve(st)                             # Overstretch: 7 US cards
    start_proc(st, "end_of_turn")
    assert drawn_for(st) == ["Jihadist", "US"] * 7 + ["Jihadist", "Jihadist"]


@pytest.mark.rule("5.2.8", "D30")
def test_deal_order_ruling_jihadist_then_us():
    st = table(funding=9)
    st.d["rulings"]["deal_order"] = "jihadist_then_us"
    st = type(st).from_json(st.to_json())
    start_proc(st, "end_of_turn")
    assert drawn_for(st) == ["Jihadist"] * 9 + ["US"] * 9


@pytest.mark.rule("5.2.9", "4.8.2")
def test_green_regime_change_flipped_tan_after_the_deal():
    st = table(countries={"Iraq": {"rc": "green"}})
    start_proc(st, "end_of_turn")
    st.apply(st.legal_actions()[0])
    assert st.d["countries"]["Iraq"]["rc"] == "green"          # still green during the deal
    draw_all(st)
    assert finished(st) and st.d["countries"]["Iraq"]["rc"] == "tan" and st.d["turn"] == 2


@pytest.mark.rule("5.2", "5.2.5", "5.2.8")
def test_game_procedure_runs_end_of_turn_and_starts_the_next_turn():
    """5.2: after the turn's last plots, the end-of-turn steps and a new turn opened by the
    Jihadist Action Phase; the turn counter advances."""
    st = table(J=[48], US=[1], funding=6)
    start_proc(st, "game", pc="next_turn")
    feed(st, reserve(48) + reserve(1))
    assert st.d["phase"] == "end_of_turn" and st.d["reserves"] == {"US": 0, "Jihadist": 0}
    draw_all(st)
    assert st.d["turn"] == 2 and st.d["phase"] == "jihadist_action" and st.current_player() == "Jihadist"
    assert st.d["funding"] == 5 and len(st.d["hands"]["Jihadist"]) == 8 and len(st.d["hands"]["US"]) == 9


# -- 5.3.1 reshuffles and 3.3 game length ------------------------------------------------------------
def empty_deck(st, discard=(1, 2, 3), lapsing=(4,), first_plot=(5,)):
    d = st.d
    d["hands"] = {"US": [], "Jihadist": []}
    keep = set(discard) | set(lapsing) | set(first_plot)
    d["removed"] = sorted(n for n in range(1, 121) if n not in keep)
    d["deck"], d["discard"], d["lapsing"], d["first_plot"] = [], list(discard), list(lapsing), list(first_plot)
    return st


@pytest.mark.rule("5.3.1", "4.7.7.3")
def test_reshuffle_when_a_draw_finds_the_deck_empty():
    """5.3.1: the discards with the Lapsing and 1st Plot boxes become the new deck and the Deck
    marker advances; the 1st Plot exemption stays used (4.7.7.3: the marker replaces the card)."""
    st = empty_deck(position("lets_roll"))
    st.d["decks"], st.d["first_plot_used"] = 2, True
    start_proc(st, "draw", side="US")
    d = st.d
    assert d["reshuffles"] == 1 and not st.is_terminal()
    assert st.legal_actions() == [{"card": n} for n in (1, 2, 3, 4, 5)]
    assert d["discard"] == d["lapsing"] == d["first_plot"] == [] and d["first_plot_used"]
    feed(st, [{"card": 4}])
    assert finished(st) and d["hands"]["US"] == [4] and d["deck"] == [1, 2, 3, 5]


@pytest.mark.rule("3.3", "5.3.1", "2.3")
@pytest.mark.parametrize("length, reshuffles_before, ends", [
    ("standard", 0, True),
    ("tournament", 0, False), ("tournament", 1, True),
    ("campaign", 1, False), ("campaign", 2, True),
])
def test_game_length_ends_at_the_matching_reshuffle(length, reshuffles_before, ends):
    """3.3: Standard ends when a card must be drawn and the deck is exhausted; Tournament at the
    2nd reshuffle; Campaign at the 3rd; the game ends at once and 2.3 decides (5.3.1)."""
    st = empty_deck(position("lets_roll"))
    st.d["length"], st.d["decks"] = length, {"standard": 1, "tournament": 2, "campaign": 3}[length]
    st.d["reshuffles"] = reshuffles_before
    start_proc(st, "draw", side="Jihadist")
    assert st.d["reshuffles"] == reshuffles_before + 1
    assert st.is_terminal() == ends
    if ends:
        # Let's Roll!: Good 0 is not more than twice Islamist Rule 1.
        assert st.winner() == "Jihadist" and st.d["terminal"]["rule"] == "2.3"
        assert st.legal_actions() == [] and st.d["deck"] == []
    else:
        assert st.current_player() == "chance"


@pytest.mark.rule("2.3", "5.2.9", "5.3.1")
@pytest.mark.parametrize("rc, winner", [("green", "Jihadist"), ("tan", "US")])
def test_end_game_reshuffle_during_the_deal_counts_this_turns_regime_change(rc, winner):
    """2.3: a green (this turn's) Regime Change counts as Islamist Rule; the flip to tan (5.2.9)
    comes after the deal, so a Standard game ending at the deal still sees it green. Good: Gulf
    States 3; IR: Afghanistan 1 (+ Iraq 3 if green): 3 > 2 but not > 8."""
    st = position("lets_roll", countries={"Gulf States": {"gov": "good"}, "Iraq": {"rc": rc, "align": "ally"}})
    empty_deck(st)
    st.d["discard"] = []
    start_proc(st, "end_of_turn")
    assert st.is_terminal() and st.winner() == winner and st.d["terminal"]["rule"] == "2.3"
