"""The solo Jihadist's flow and the solo rule changes: 9.1 victory, 9.2 the face-down stack and the
mini-decks, 9.3.3 WMD, 9.4.1 "Event or Ops?", 9.4.3 Radicalization, 9.7 Ideology; and a property
test: seeded random solo games of every scenario and Ideology.

Positions are Let's Roll solo games (``helpers.solo_position``; ``bare``: an empty map, the
scenario's Governance kept), procedures run with scripted chance outcomes (an int is a die; a
``{"country": ...}`` the outcome of a Global-table gap node). The Italian rulebook (seed 000,
chapter 9) is quoted where it decides.
"""
from __future__ import annotations

import random

import pytest

from cdg_oracle.model.core.game import CHANCE
from cdg_oracle.model.labyrinth import new_game, victory
from cdg_oracle.model.labyrinth.events.play import event_playable
from cdg_oracle.model.labyrinth.operations.jihadist import islamic_revolution, major_jihad_eligible, wmd_added, wmd_used
from cdg_oracle.model.labyrinth.options import IDEOLOGIES
from cdg_oracle.model.labyrinth.state import LabyrinthState
from tests.labyrinth.harness import events_run
from tests.labyrinth.solo.helpers import (cells, check_step, country, run_solo, solo_feed, solo_position,
                                          start_solo)


def pos(countries=None, **kw):
    return solo_position("lets_roll", bare=True, countries=countries, **kw)


def play_card(st, n: int, script: list) -> LabyrinthState:
    """Card ``n``, the top of the Jihadist stack, through 9.4.1 (``solo_card``)."""
    hand = st.d["hands"]["Jihadist"]
    if n in hand:
        hand.remove(n)
    for zone in (st.d["deck"], st.d["hands"]["US"]):
        if n in zone:
            zone.remove(n)
    hand.insert(0, n)
    return run_solo(st, "solo_card", script, card=n)


# == 9.4.1 Event or Ops? ===============================================================================
@pytest.mark.rule("9.4.1", "card 95")
@pytest.mark.parametrize("funding,after", [(4, 7), (9, 9)])
def test_9_4_1_playable_jihadist_event_is_played(funding, after):
    """9.4.1 "Se la carta è un evento giocabile (6.2.6) della Jihad ..., giocate l'evento (anche se
    non dà effetto ...)": Wahhabism (card 95) adds Saudi Arabia's Governance (Poor, 3) to Funding,
    and is played at Funding 9 too, with no effect (the solo example's second card). A Jihadist
    event uses no ops: the Philippines' cell recruits nothing."""
    st = pos({"Philippines": {"cells": 1}}, funding=funding)
    play_card(st, 95, [])
    assert events_run(st) == [95]
    assert st.d["funding"] == after
    assert cells(st, "Philippines") == 1
    assert 95 in st.d["discard"] and 95 not in st.d["hands"]["Jihadist"]


@pytest.mark.rule("9.4.1", "9.4.3", "card 80")
def test_9_4_1_no_cell_on_funding_track_cell_event_radicalizes_instead():
    """9.4.1 "ECCEZIONE: Quando non vi sono cellule nella tabella dei Fondi, un evento che porterebbe
    a Reclutare o a porre cellule causa invece la Radicalizzazione (9.4.3)": FATA (card 80, 3 ops,
    a cell in Pakistan) with all 15 cells on the map is not played; its 3 ops Radicalize: no cell to
    place (step 1 skipped), one automatic Travel (box 3: Pakistan, Fair next to Afghanistan; from
    Islamist Rule Afghanistan, 15 cells > 3), Funding 9 (no plot), then two Governance worsenings at
    random among the Good or Fair Muslim countries: Gulf States (die 1 of 1-2/3-4/5-6), then Syria
    (die 4 of 1-3 Pakistan / 4-6 Syria)."""
    st = pos({"Afghanistan": {"cells": 15}})
    assert st.d["cells_track"] == 0 and event_playable(st, "Jihadist", 80)
    play_card(st, 80, [1, 4])
    assert events_run(st) == []
    assert "FATA" not in country(st, "Pakistan")["markers"]
    assert (cells(st, "Pakistan"), cells(st, "Afghanistan")) == (1, 14)
    assert [country(st, n)["gov"] for n in ("Gulf States", "Pakistan", "Syria")] == ["poor", "fair", "poor"]
    assert 80 in st.d["discard"]


@pytest.mark.rule("9.4.1", "9.4.2.2", "card 12")
def test_9_4_1_playable_us_event_means_plot():
    """9.4.1 "Se la carta pescata è un evento USA giocabile, Complotto: non accade nessun evento":
    Al-Azhar (card 12, playable: it would test Egypt) is not played; its 2 ops Plot in Iraq (troops,
    Prestige 7); both dice fail. Egypt stays untested; the card is discarded (no 1st Plot box)."""
    st = pos({"Iraq": {"cells": 2, "troops": 2}}, prestige=7)
    assert event_playable(st, "US", 12)
    play_card(st, 12, [4, 5])
    assert events_run(st) == []
    assert country(st, "Egypt")["gov"] is None
    assert country(st, "Iraq")["actives"] == 2 and country(st, "Iraq")["plots"] == []
    assert 12 in st.d["discard"] and st.d["first_plot"] == []


@pytest.mark.rule("9.4.1", "9.4.2.3", "8.4.2")
def test_9_4_1_unplayable_event_major_jihad_first():
    """9.4.1: the event is not playable (Safer Now, card 45, 3 ops): "tirate per la Jihad Maggiore
    ... se possibile": Iraq, Poor with 5 cells: three dice there, all succeed: Islamist Rule."""
    st = pos({"Iraq": {"cells": 5}, "Pakistan": {"cells": 1}, "Philippines": {"cells": 1}})
    assert not event_playable(st, "US", 45)
    play_card(st, 45, [1, 2, 3])
    assert country(st, "Iraq")["gov"] == "islamist_rule"
    assert country(st, "Pakistan")["gov"] == "fair" and cells(st, "Philippines") == 1
    assert 45 in st.d["discard"]


@pytest.mark.rule("9.4.1", "9.4.2.4")
def test_9_4_1_unplayable_event_minor_jihad_next():
    """9.4.1 "Se non è possibile il successo della Jihad Maggiore, tirate per quella Minore, se
    possibile in un paese Buono o Discreto": CTR (card 3, US Hard: not playable), 1 op: no Major
    Jihad (Iraq, 4 cells, is 1 short), so a Minor Jihad in Fair Pakistan; the die 1 succeeds."""
    st = pos({"Iraq": {"cells": 4}, "Pakistan": {"cells": 1}, "Philippines": {"cells": 1}})
    assert not event_playable(st, "US", 3)
    play_card(st, 3, [1])
    assert country(st, "Pakistan")["gov"] == "poor"
    assert country(st, "Iraq")["gov"] == "poor" and cells(st, "Philippines") == 1


@pytest.mark.rule("9.4.1", "9.4.2.5")
def test_9_4_1_unplayable_event_recruit_next():
    """9.4.1 "Se non è possibile la Jihad in un paese Buono o Discreto, Reclutate se sono
    Disponibili cellule": no Jihad (Iraq Poor, 2 cells); CTR's op Recruits in Iraq (Poor, 3 or less:
    2 succeeds)."""
    st = pos({"Iraq": {"cells": 2}})
    play_card(st, 3, [2])
    assert cells(st, "Iraq") == 3


@pytest.mark.rule("9.4.1", "9.4.2.6", "card 114")
def test_9_4_1_gtmo_blocks_recruit_travel_instead():
    """9.4.1 "Se non sono Disponibili cellule o se è in effetto GTMO, Spostate": with GTMO (card 114)
    in the Lapsing box, CTR's op Travels: box 1 Somalia (Besieged), from Afghanistan (Islamist Rule,
    4 cells > 1 op); Somalia tested Poor (4), the Travel roll 2 succeeds."""
    st = pos({"Afghanistan": {"cells": 4}, "Somalia": {"besieged": True}}, lapsing=[114])
    play_card(st, 3, [4, 2])
    assert (cells(st, "Somalia"), cells(st, "Afghanistan")) == (1, 3)
    assert country(st, "Somalia")["gov"] == "poor"


@pytest.mark.rule("9.4.1", "9.4.2.6", "4.7.4.2")
def test_9_4_1_no_available_cells_travel():
    """9.4.1: no cell Available (Funding 2, Tight: 10 cells on the track, none Available): Travel,
    even with cells on the track."""
    st = pos({"Afghanistan": {"cells": 5}, "Somalia": {"besieged": True}}, funding=2)
    assert st.d["cells_track"] == 10
    play_card(st, 3, [4, 1])
    assert (cells(st, "Somalia"), cells(st, "Afghanistan")) == (1, 4)


@pytest.mark.rule("9.4.1", "card 101")
def test_9_4_1_unassociated_event_then_its_ops():
    """9.4.1 "Se la Jihad ha giocato un evento Non Associato ... tirate per la Jihad Maggiore" (D16,
    default 'event_then_ops', the solo example's Tora Bora): Kosovo (card 101, 1 op) is played
    (+1 Prestige, Serbia Soft against a Hard US), then its op Recruits in the Philippines (die 3)."""
    st = pos({"Philippines": {"cells": 1, "posture": "soft"}}, prestige=6)
    play_card(st, 101, [3])
    assert events_run(st) == [101]
    assert st.d["prestige"] == 7 and country(st, "Serbia")["posture"] == "soft"
    assert cells(st, "Philippines") == 2


@pytest.mark.rule("9.4.1", "card 101")
def test_9_4_1_d16_event_instead_of_ops():
    """D16 ``solo_unassociated_ops`` 'event_instead' (IT's closing note "causa l'evento invece delle
    operazioni"): Kosovo happens and its op is not used."""
    st = pos({"Philippines": {"cells": 1, "posture": "soft"}}, prestige=6, rulings={"solo_unassociated_ops": "event_instead"})
    play_card(st, 101, [])
    assert events_run(st) == [101]
    assert st.d["prestige"] == 7 and cells(st, "Philippines") == 1


@pytest.mark.rule("9.4.1", "card 47")
def test_9_4_1_door_of_itjihad_makes_non_us_events_unplayable():
    """Card 47, solo: "in this turn's Jihadist Action Phase non-US events are not playable":
    Wahhabism then goes to the ops chain: its 3 ops Recruit in Iraq (dice 1, 2, 6: two cells)."""
    st = pos({"Iraq": {"cells": 1}}, funding=5, lapsing=[47])
    play_card(st, 95, [1, 2, 6])
    assert events_run(st) == [] and st.d["funding"] == 5
    assert cells(st, "Iraq") == 3


# == 9.4.3 Radicalization ==============================================================================
@pytest.mark.rule("9.4.3", "9.5")
def test_9_4_3_first_op_places_a_cell_regardless_of_funding():
    """9.4.3 "Se la tabella dei Fondi ha una cellula, il primo valore operazionale rimanente pone una
    cellula in un paese a caso" (the example: "indipendentemente dai Fondi"): Funding 1 (Tight, no
    cell Available) with 4 cells on the track: the random country (a Global-table gap node over the
    38 countries) gets one; Iraq, already tested, is not tested again."""
    st = pos({"Afghanistan": {"cells": 11}}, funding=1)
    assert st.d["cells_track"] == 4
    start_solo(st, "solo_radicalization", value=1, card_value=1)
    assert st.decision()["gap"] and len(st.legal_actions()) == 38
    solo_feed(st, [{"country": "Iraq"}])
    assert st.legal_actions() == ["halt"]
    assert cells(st, "Iraq") == 1 and st.d["cells_track"] == 3


@pytest.mark.rule("9.4.3", "9.4.2.6", "card 2")
def test_9_4_3_second_op_travels_automatically_from_the_second_box():
    """9.4.3 "Il valore operazionale successivo fa Spostare una cellula (... partendo dalla seconda
    casella 'A'); lo Spostamento ha automaticamente successo (ignorate Biometrico)": no cell on the
    track (step 1 skipped); box 1 (Besieged Somalia) is skipped; box 2 Iraq (Poor, 3 cells + 2);
    from Islamist Rule Afghanistan (12 cells > 1), not adjacent, with Biometrics in effect: no roll."""
    st = pos({"Afghanistan": {"cells": 12}, "Iraq": {"cells": 3}, "Somalia": {"besieged": True}}, lapsing=[2])
    assert st.d["cells_track"] == 0
    run_solo(st, "solo_radicalization", [], value=1, card_value=1)
    assert (cells(st, "Iraq"), cells(st, "Afghanistan"), cells(st, "Somalia")) == (4, 11, 0)
    assert st.prompts == []


@pytest.mark.rule("9.4.3", "9.3.2")
def test_9_4_3_steps_in_order_travel_plot_worsen():
    """9.4.3 in order, 3 ops, no cell on the track: op 1 Travels (Afghanistan -> Iraq, box 2); op 2,
    Funding 8 < 9: "pone automaticamente un Complotto (9.3.2) in un paese a caso con Governo non
    Islamico avente una cellula": Iraq (the only one), a random marker (die 6: a 3); op 3 worsens a
    random Good or Fair Muslim country (die 3 of Gulf States/Pakistan/Syria: Pakistan)."""
    st = pos({"Afghanistan": {"cells": 12}, "Iraq": {"cells": 3}}, funding=8)
    run_solo(st, "solo_radicalization", [6, 3], value=3, card_value=3)
    assert cells(st, "Iraq") == 4 and country(st, "Iraq")["plots"] == [3]
    assert country(st, "Pakistan")["gov"] == "poor"
    assert [country(st, n)["gov"] for n in ("Gulf States", "Syria")] == ["fair", "fair"]
    assert st.prompts[0].endswith("d6 1 1, 2 1, 3 2, 4 2, 5 3, 6 3")


@pytest.mark.rule("9.4.3")
def test_9_4_3_a23_a_step_that_cannot_apply_passes_to_the_next():
    """A23: each step's condition failing passes the same op to the next step. 3 ops, Funding 9, no
    Good or Fair Muslim country, Potent: op 1 places a cell (gap node: Iraq); op 2 Travels it (box 2:
    Iraq, Poor, 1 + 2 >= 3; from Iraq itself: in place); op 3: no plot at Funding 9, no country to
    worsen: lost."""
    st = pos({"Gulf States": {"gov": "poor"}, "Pakistan": {"gov": "poor"}, "Syria": {"gov": "poor"}},
             options={"ideology": "potent"})
    run_solo(st, "solo_radicalization", [{"country": "Iraq"}], value=3, card_value=3)
    assert cells(st, "Iraq") == 1 and country(st, "Iraq")["plots"] == []
    assert [country(st, n)["gov"] for n in st.map.muslim if country(st, n)["gov"] in ("good", "fair")] == []
    assert st.trail.count("9.4.3") >= 3


@pytest.mark.rule("9.4.3", "4.3.1")
@pytest.mark.parametrize("muslim_only", [True, False])
@pytest.mark.reading("D15")
def test_9_4_3_d15_worsen_a_muslim_country(muslim_only):
    """9.4.3 "peggiora automaticamente di un livello il Governo di un paese scelto a caso che sia
    Musulmano Buono o Discreto"; D15 ``solo_radicalization_muslim`` False (ES drops "Musulmano"):
    every Good or Fair country is an option, and a non-Muslim one cannot change (4.3.1). 3 ops at
    Funding 9: a cell placed (Iraq), its Travel (box 3, Gulf States), then the worsening: with
    Muslim countries only a die among Gulf States, Pakistan and Syria (5: Syria); otherwise a
    Global-table gap node over 22 countries (Spain: nothing happens)."""
    st = pos(rulings={"solo_radicalization_muslim": muslim_only})
    script = [{"country": "Iraq"}] + ([5] if muslim_only else [{"country": "Spain"}])
    start_solo(st, "solo_radicalization", value=3, card_value=3)
    solo_feed(st, script[:1])
    if not muslim_only:
        assert st.decision()["gap"] and len(st.legal_actions()) == 22   # 19 non-Muslim + 3 Fair
    solo_feed(st, script[1:])
    assert st.legal_actions() == ["halt"]
    assert cells(st, "Gulf States") == 1 and cells(st, "Iraq") == 0
    assert country(st, "Syria")["gov"] == ("poor" if muslim_only else "fair")
    assert [country(st, n)["gov"] for n in ("Gulf States", "Pakistan")] == ["fair", "fair"]


@pytest.mark.rule("9.4.3", "9.4.1", "9.4.2.2")
def test_9_4_3_example_of_the_rulebook():
    """The 9.4.3 example: "La carta della jihad è un evento USA giocabile e il valore della carta è 3,
    ma vi è una sola cellula sulla mappa. Svolgete una operazione di Complotto con la cellula
    (9.4.1), poi ponete una cellula prendendola dalla tabella ... in un paese scelto a caso (9.5),
    poi Spostate automaticamente una cellula." Patriot Act (card 43), Iraq's single cell (troops
    there, Prestige 7): the Plot die 4 fails; the cell placed at random goes to Iraq; the Travel
    goes to box 3 (Gulf States: Fair, next to Iraq, 3 Resources against Syria's 2) from the adjacent
    Iraq, the Active cell first (9.3.1)."""
    st = pos({"Iraq": {"cells": 1, "troops": 2}}, prestige=7)
    assert event_playable(st, "US", 43) and st.cards[43].ops == 3
    play_card(st, 43, [4, {"country": "Iraq"}])
    assert events_run(st) == []
    assert (country(st, "Iraq")["sleepers"], country(st, "Iraq")["actives"]) == (1, 0)
    assert country(st, "Gulf States")["sleepers"] == 1
    assert st.d["cells_track"] == 13
    assert st.prompts[0] == "die 1 in Iraq"


# == 9.1 victory =======================================================================================
@pytest.mark.rule("9.1", "2.1.1")
def test_9_1_no_us_win_when_the_last_cell_goes():
    """9.1 "L'eliminazione dell'ultima cellula non causa la vittoria USA"."""
    st = pos()
    assert sum(cells(st, n) for n in st.map.names) == 0
    assert victory.us_instant_win(st) is None
    st.d["options"] = {"solo": False, "ideology": "normal", "minidecks": False}
    assert victory.us_instant_win(st) == "no Jihadist cells on the map (2.1.1)"


@pytest.mark.rule("9.1", "2.1.2")
@pytest.mark.parametrize("reading,irs,wins", [
    ("at_least_6", ["Iraq", "Egypt"], True),              # 6 Resources, not adjacent
    ("more_than_6", ["Iraq", "Egypt"], False),            # IT "più di 6"
    ("more_than_6", ["Iraq", "Egypt", "Yemen"], True),    # 7
    ("at_least_6", ["Iraq", "Yemen", "Somalia"], False),  # 5
])
@pytest.mark.reading("D02")
def test_9_1_islamist_rule_6_resources_without_adjacency_d02(reading, irs, wins):
    """9.1 "Il Governo Islamico su più di 6 Risorse porta alla vittoria della jihad (adiacenza non
    necessaria)"; D02 ``solo_ir_victory``: 6 or more (PL/ES, 2.1.2, default) or more than 6 (IT).
    Afghanistan is made Poor; the countries ``irs`` Islamist Rule (Iraq and Egypt are not adjacent:
    no two-player win)."""
    st = pos({"Afghanistan": {"gov": "poor"}, **{n: {"gov": "islamist_rule", "align": "adversary"} for n in irs}},
             rulings={"solo_ir_victory": reading})
    assert (victory.jihadist_instant_win(st) is not None) is wins
    st.d["options"] = {"solo": False, "ideology": "normal", "minidecks": False}
    assert victory.jihadist_instant_win(st) is None


def good(st, names):
    for n in names:
        country(st, n).update(gov="good", align="ally")


@pytest.mark.rule("9.1", "2.3")
@pytest.mark.parametrize("decks,good_countries,winner", [
    (1, ["Egypt", "Jordan", "Somalia"], "Jihadist"),                 # 5 Good Resources < 6
    (1, ["Egypt", "Gulf States"], "US"),                             # 6, and 6 > 2 x 1 (Afghanistan)
    (2, ["Egypt", "Gulf States", "Morocco"], "Jihadist"),            # 8 < 9
    (2, ["Egypt", "Gulf States", "Saudi Arabia"], "US"),             # 9
    (3, ["Egypt", "Gulf States", "Saudi Arabia", "Morocco"], "Jihadist"),   # 11 < 12
])
def test_9_1_end_of_deck_thresholds(decks, good_countries, winner):
    """9.1 "gli USA perdono con una partita da 1 mazzo se meno di 6 Risorse sono Buone, con una
    partita a due mazzi se lo sono meno di 9, e con una partita a tre mazzi se lo sono meno di 12
    (modifica 2.3, si applicano ancora le altre condizioni)"."""
    st = pos()
    st.d["decks"] = decks
    good(st, good_countries)
    victory.end_of_game(st)
    assert st.d["terminal"]["winner"] == winner
    assert st.d["terminal"]["rule"] == ("9.1" if winner == "Jihadist" else "2.3")


@pytest.mark.rule("9.1", "2.3")
def test_9_1_end_of_deck_other_conditions_still_apply():
    """9.1 "si applicano ancora le altre condizioni": 6 Good Resources pass the 1-deck threshold,
    but 2.3 still needs more than twice the Islamist Rule Resources (Afghanistan 1, Iraq 3: 8)."""
    st = pos({"Iraq": {"gov": "islamist_rule", "align": "adversary"}})
    good(st, ["Egypt", "Gulf States"])
    victory.end_of_game(st)
    assert st.d["terminal"]["winner"] == "Jihadist" and st.d["terminal"]["rule"] == "2.3"


@pytest.mark.rule("9.1")
@pytest.mark.reading("D04")
def test_9_1_d04_countries_reading():
    """D04 ``solo_end_measure`` 'countries' (ES "países"): 6 Good Resources in 2 Good countries are
    fewer than 6 Good countries."""
    st = pos()
    good(st, ["Egypt", "Gulf States"])
    victory.end_of_game(st)
    assert st.d["terminal"]["winner"] == "US"
    st = pos(rulings={"solo_end_measure": "countries"})
    good(st, ["Egypt", "Gulf States"])
    victory.end_of_game(st)
    assert st.d["terminal"] == {"winner": "Jihadist", "rule": "9.1",
                                "reason": "end of a 1-deck solo game: Good countries 2 < 6 (9.1)"}


# == 9.2 the stack =====================================================================================
@pytest.mark.rule("9.2", "5.3.1")
def test_9_2_a_card_drawn_goes_on_top():
    """9.2 "giocate, rimuovete o aggiungete carte da sopra il mazzo" (the solo example, Tora Bora:
    the card drawn is put face down on top of the Jihadist hand)."""
    st = pos()
    before = list(st.d["hands"]["Jihadist"])
    n = st.d["deck"][-1]
    run_solo(st, "draw", [{"card": n}], side="Jihadist")
    assert st.d["hands"]["Jihadist"] == [n] + before
    # a two-player hand is a set (kept sorted)
    st2 = solo_position("lets_roll")
    st2.d["options"] = {"solo": False, "ideology": "normal", "minidecks": False}
    st2 = LabyrinthState(st2.d)
    from tests.labyrinth.harness import run_proc
    run_proc(st2, "draw", [{"card": n}], side="Jihadist")
    assert st2.d["hands"]["Jihadist"] == sorted(before + [n])


@pytest.mark.rule("9.2", "5.2.2")
def test_9_2_top_cards_played_first():
    """9.2, 5.2.2: the solo Jihadist plays the top two cards of his stack in order: Wahhabism
    (Funding 4 + 3), then Kosovo (+1 Prestige; its op: no cell anywhere, so Radicalization places a
    cell at random: the gap node, Iraq); Homegrown, third, stays on top for the next phase."""
    st = pos(funding=4, prestige=6)
    st.d["hands"]["Jihadist"] = [95, 101, 66]
    for n in (95, 101, 66):
        if n in st.d["deck"]:
            st.d["deck"].remove(n)
    run_solo(st, "solo_jihadist_phase", [{"country": "Iraq"}])
    assert events_run(st) == [95, 101]
    assert st.d["discard"][-2:] == [95, 101]
    assert st.d["hands"]["Jihadist"] == [66]
    assert (st.d["funding"], st.d["prestige"], cells(st, "Iraq")) == (7, 7, 1)


@pytest.mark.rule("9.2", "6.3.1")
def test_9_2_random_jihadist_card_is_the_top_card():
    """9.2 ESEMPIO: "Le istruzioni di un evento che impongono di prendere una carta della jihad 'a
    caso' fanno invece prendere la prima carta del mazzo": no chance node."""
    st = pos()
    st.d["hands"]["Jihadist"] = [95, 3, 66]
    run_solo(st, "random_cards", [], owner="Jihadist", count=1, dest="discard", rule="card 59")
    assert st.d["hands"]["Jihadist"] == [3, 66] and st.d["discard"][-1] == 95
    assert st.prompts == []


@pytest.mark.rule("9.2")
def test_9_2_minidecks_rotate_unassociated_jihadist_us():
    """9.2 optional mini-decks: "pescate una carta da ogni mini mazzo che ancora ha carte,
    nell'ordine sopra esposto, ripartendo a Non Associato dopo gli eventi ... USA" (D18: the third
    is the US one); an empty mini-deck is passed over."""
    st = pos(options={"minidecks": True})
    sides = []
    for _ in range(4):
        start_solo(st, "draw", side="US")
        pile = {st.cards[o["card"]].side for o in st.legal_actions()}
        sides.append(pile)
        solo_feed(st, [st.legal_actions()[0]])
    assert sides == [{"Unassociated"}, {"Jihadist"}, {"US"}, {"Unassociated"}]
    assert st.d["minideck_next"] == "Jihadist"
    st.d["deck"] = [n for n in st.d["deck"] if st.cards[n].side != "Jihadist"]
    start_solo(st, "draw", side="US")
    assert {st.cards[o["card"]].side for o in st.legal_actions()} == {"US"}


# == 9.3.3 WMD =========================================================================================
def in_play(st) -> int:
    d = st.d
    return len(d["plots_available"]) + d["wmd_available"] + sum(len(c["plots"]) for c in d["countries"].values())


@pytest.mark.rule("9.3.3", "4.7.8.1")
def test_9_3_3_wmd_replaces_the_lowest_available_plot():
    """9.3.3 "Ogni segnalino di Complotto WMD aggiunto ... rimpiazza uno dei segnalini di Complotto
    disponibili, quello con il numero inferiore ... vi siano sempre esattamente 6 segnalini"."""
    st = pos()
    assert st.d["plots_available"] == [1, 1, 2, 2, 3, 3]
    wmd_added(st, 1)
    assert (st.d["plots_available"], st.d["plots_set_aside"], st.d["wmd_available"]) == ([1, 2, 2, 3, 3], [1], 1)
    assert in_play(st) == 6


@pytest.mark.rule("9.3.3", "8.4.5")
def test_9_3_3_pakistan_arsenal_sets_aside_three():
    """8.4.5: Pakistan's first fall adds its 3 WMD plots; 9.3.3: the three lowest numbered plots go."""
    st = pos({"Pakistan": {"gov": "poor"}})
    islamic_revolution(st, "Pakistan")
    assert (st.d["plots_available"], st.d["plots_set_aside"], st.d["wmd_available"]) == ([2, 3, 3], [1, 1, 2], 3)
    assert in_play(st) == 6


@pytest.mark.rule("9.3.3", "8.5.6", "8.5.5")
def test_9_3_3_used_wmd_returns_the_highest_set_aside():
    """9.3.3 "Quando si usa un segnalino di Complotto WMD, riponete il segnalino di Complotto messo
    da parte avente il numero più elevato": a WMD plot resolved in Iraq (three failed Governance
    dice) leaves the game; the set-aside 2 (not the 1) comes back."""
    st = pos()
    d = st.d
    d.update(plots_available=[1, 2, 3, 3], plots_set_aside=[1, 2], wmd_available=1)
    country(st, "Iraq")["plots"] = ["WMD"]
    assert in_play(st) == 6
    run_solo(st, "resolve_plot", [6, 6, 6], country="Iraq", plot="WMD", backlash=False)
    assert (d["plots_available"], d["plots_set_aside"], d["wmd_removed"]) == ([1, 2, 2, 3, 3], [1], 1)
    assert in_play(st) == 6


@pytest.mark.rule("9.3.3")
def test_9_3_3_two_player_game_sets_nothing_aside():
    st = pos()
    st.d["options"] = {"solo": False, "ideology": "normal", "minidecks": False}
    wmd_added(st, 1)
    wmd_used(st)
    assert st.d["plots_available"] == [1, 1, 2, 2, 3, 3] and st.d["plots_set_aside"] == []


# == 9.7 Ideology ======================================================================================
@pytest.mark.rule("9.7", "8.2.1")
@pytest.mark.parametrize("ideology,d41,placed", [
    ("normal", True, 1), ("attractive", True, 2), ("virulent", True, 2),
])
def test_9_7_attractive_two_cells_per_recruit_success(ideology, d41, placed):
    """9.7 Attrattiva: "Ogni successo sul Reclutamento pone due cellule disponibili (modifica
    8.2.1)", cumulative with the levels above: one Recruit die (3 in the Philippines, REC 3)."""
    st = pos({"Philippines": {"cells": 1, "posture": "soft"}}, options={"ideology": ideology})
    run_solo(st, "solo_recruit", [3], value=1, card=3)
    assert cells(st, "Philippines") == 1 + placed


@pytest.mark.rule("9.7", "4.7.4.2")
@pytest.mark.parametrize("d41,placed", [(True, 1), (False, 2)])
@pytest.mark.reading("D41")
def test_9_7_attractive_d41_both_cells_available(d41, placed):
    """D41 ``solo_attractive_available``: both cells must be Available (IT/PL, default); ES "dos
    células" lets the second come from the track anyway. Funding 2 (Tight) with 11 cells on the
    track: one Available."""
    st = pos({"Philippines": {"cells": 1, "posture": "soft"}, "Afghanistan": {"cells": 3}}, funding=2,
             options={"ideology": "attractive"}, rulings={"solo_attractive_available": d41})
    assert st.d["cells_track"] == 11
    run_solo(st, "solo_recruit", [3], value=1, card=3)
    assert cells(st, "Philippines") == 1 + placed


@pytest.mark.rule("9.7", "8.4.2")
@pytest.mark.parametrize("ideology,eligible", [("normal", False), ("attractive", False), ("potent", True),
                                               ("infectious", True), ("virulent", True)])
def test_9_7_potent_major_jihad_margin_3(ideology, eligible):
    """9.7 Potente: "soltanto 3 cellule più delle truppe consentono la Jihad Maggiore (modifica
    8.4.2)": Iraq, 5 cells and 2 troops, a 3-op card."""
    st = pos({"Iraq": {"cells": 5, "troops": 2}}, options={"ideology": ideology})
    assert major_jihad_eligible(st, "Iraq", 3, 3) is eligible


@pytest.mark.rule("9.7", "5.2.4")
@pytest.mark.parametrize("ideology,final", [("normal", True), ("potent", True), ("infectious", False),
                                            ("virulent", False)])
def test_9_7_infectious_us_must_play_all(ideology, final):
    """9.7 Infettiva: "gli USA devono giocare tutte le proprie carte (modifica 5.2.4)": a US phase
    with a single card offers no discard and no hold."""
    st = pos(options={"ideology": ideology})
    st.d["hands"]["US"] = [12]
    st.d["phase"] = "us_action"
    start_solo(st, "us_phase")
    expected = [{"card": 12}] + ([{"discard": 12}, "hold"] if final else [])
    assert st.legal_actions() == expected


@pytest.mark.rule("9.7", "8.4.3")
@pytest.mark.parametrize("ideology,left", [("normal", 0), ("infectious", 0), ("virulent", 2)])
def test_9_7_virulent_failed_jihad_keeps_cells(ideology, left):
    """9.7 Virulenta: "i tiri di dado per la Jihad che falliscono non rimuovono le cellule (modifica
    8.4.3)": a 2-op Minor Jihad in Fair Pakistan (2 cells), both dice fail."""
    st = pos({"Pakistan": {"cells": 2}}, options={"ideology": ideology})
    run_solo(st, "solo_jihad", [5, 6], value=2, major=False, card=60)
    assert cells(st, "Pakistan") == left
    assert country(st, "Pakistan")["gov"] == "fair"


# == property: random solo games =======================================================================
def sample(st, rng):
    r = rng.random()
    acc = 0
    for outcome, p in st.chance_outcomes():
        acc += p
        if r < acc:
            return outcome
    return outcome


def numbered_plots(st) -> int:
    d = st.d
    on_map = sum(1 for c in d["countries"].values() for p in c["plots"] if p != "WMD")
    return len(d["plots_available"]) + len(d["plots_set_aside"]) + on_map


@pytest.mark.rule("9.0", "9.3.3", "9.5")
@pytest.mark.parametrize("scenario", ["lets_roll", "you_can_call_me_al", "anaconda", "mission_accomplished"])
@pytest.mark.parametrize("ideology", IDEOLOGIES)
def test_solo_random_games(scenario, ideology):
    """9.0 "Il giocatore prende le parti USA": seeded random solo games (US actions at random,
    chance sampled by its probabilities; one with the 9.2 mini-decks) end, pose no Jihadist decision,
    round-trip through JSON at every step, keep the 15 cylinders and the 6 plot markers in play
    (9.3.3), and meet gap nodes only as 9.5 Global-table substitutes."""
    for seed, minidecks in ((IDEOLOGIES.index(ideology), False), (7 + IDEOLOGIES.index(ideology), True)):
        rng = random.Random(f"{scenario}/{ideology}/{seed}")
        st = new_game(scenario, options={"solo": True, "ideology": ideology, "minidecks": minidecks})
        steps = 0
        while not st.is_terminal():
            assert st.current_player() in ("US", CHANCE), st.decision()
            gap = st.decision().get("gap")
            assert gap is None or "Global table" in gap
            st.apply(sample(st, rng) if st.current_player() == CHANCE else rng.choice(st.legal_actions()))
            check_step(st)
            d = st.d
            assert d["cells_track"] + sum(c["sleepers"] + c["actives"] for c in d["countries"].values()) == 15
            if d["started"]:
                assert numbered_plots(st) == 6 and in_play(st) == 6
            steps += 1
            assert steps < 5000, "the game does not end"
        assert st.outcome()["winner"] in ("US", "Jihadist")
