"""Witnesses for registry entries that no other test set apart (issue 7): each test builds one
position where the readings of one ambiguity-registry entry give different play, and asserts the
exact result under the default reading and under the other one(s).

Entries and switches (model/labyrinth/rulings.py): A07 ``sistani_target``, P05
``libyan_deal_libya_ally``, A37 ``al_jazeera_country``, A28 ``martyrdom_cadre``, P02
``alert_in_islamist_rule``, A18 ``plot_marker_values``, D30 ``deal_order``, P10
``solo_schengen_table``; and, where the older tests set the readings apart only in one
unparametrized test or in a pair whose default half does not name the switch: A13
``woi_on_good_ally``, A15 ``withdraw_destination``, A16 ``opium_all_available``, A27
``adam_gadahn_cells``, A33 ``anaconda_setup``, D04 ``solo_end_measure``, D16
``solo_unassociated_ops``, D20 ``solo_shia_mix_nearest``, P04 ``sharia_needs_besieged_regime``, P07
``hamas_elected_discard``, P09 ``solo_shia_mix_table``. The two-player positions start from the
Let's Roll! set-up (Iraq and Libya Poor Adversary, Gulf States Fair Ally and Saudi Arabia Poor Ally
with 2 troops each, Afghanistan Islamist Rule Adversary with 4 Sleepers, Prestige 7, plot markers
1, 1, 2, 2, 3, 3 Available); the solo ones from the bare Let's Roll! map
(tests/labyrinth/solo/helpers.py).
"""
from __future__ import annotations

from fractions import Fraction

import pytest

from cdg_oracle.model.labyrinth import new_game, victory
from cdg_oracle.model.labyrinth.operations import us
from tests.labyrinth.harness import (
    conserve, feed, finished, give, play_event, playable, position, run_proc, start_proc, with_rulings,
)
from tests.labyrinth.solo.helpers import cells as solo_cells
from tests.labyrinth.solo.helpers import pick, result, run_solo, solo_feed, solo_position, start_solo

J = "Jihadist"


def at(rulings: dict, countries: dict | None = None, **tracks):
    """A Let's Roll position with ``countries``/``tracks`` edited (cubes and cylinders
    re-balanced), under the given Rulings switches."""
    st = position("lets_roll", countries=countries, **tracks)
    conserve(st)
    return with_rulings(st, **rulings)


def country(st, name: str) -> dict:
    return st.d["countries"][name]


# -- A07: card 46 Sistani --------------------------------------------------------------------------
@pytest.mark.reading("A07")
@pytest.mark.rule("card 46")
@pytest.mark.parametrize("reading, offered", [
    ("shia_mix_regime_change", ["Iraq"]),                 # default: a Shia-Mix Regime Change country
    ("shia_mix", ["Gulf States", "Iraq"]),                # literal: any Shia-Mix country with a cell
])
def test_a07_sistani_targets(reading, offered):
    """A07 (``sistani_target``): card 46 "Giocatelo se un paese con Regime Misto Sciita ha una
    cellula. Migliorate il Governo lì di 1 livello." A Sleeper in the Gulf States (Shia-Mix, Fair
    Ally, no Regime Change) and one in Iraq (Shia-Mix, Poor Ally, tan Regime Change). Default
    ``shia_mix_regime_change``: only Iraq is offered, and with Iraq's cell gone the card is not
    playable; ``shia_mix``: the Gulf States are offered too, the card stays playable, and Sistani
    makes them Good."""
    st = at({"sistani_target": reading},
            {"Gulf States": {"sleepers": 1}, "Iraq": {"rc": "tan", "align": "ally", "sleepers": 1}})
    start_proc(st, "event", card=46, side="US", trigger="play")
    assert st.legal_actions() == [{"country": n} for n in offered]
    alone = at({"sistani_target": reading}, {"Gulf States": {"sleepers": 1}})
    assert playable(alone, "US", 46) is (reading == "shia_mix")
    if reading == "shia_mix":
        play_event(alone, 46, "US", [{"country": "Gulf States"}])
        assert country(alone, "Gulf States")["gov"] == "good"
    else:
        assert country(alone, "Gulf States")["gov"] == "fair"


# -- P05: card 38 Libyan Deal ----------------------------------------------------------------------
@pytest.mark.reading("P05")
@pytest.mark.rule("card 38")
@pytest.mark.parametrize("reading, align", [(False, "adversary"), (True, "ally")])
def test_p05_libyan_deal_libya_alignment(reading, align):
    """P05 (``libyan_deal_libya_ally``): card 38 "Giocatelo se l'Iraq o la Siria sono Alleati e la
    Libia Scadente. +1 al Prestigio. Scegliete la Postura di 2 paesi di Schengen. Blocca WMD
    Libica." Iraq Ally, Libya Poor Adversary: under both readings Prestige 7 -> 8, Italy Soft,
    Benelux Hard and the Libyan Deal marker on Libya; Libya stays an Adversary under the default
    ``no_shift`` and becomes an Ally under ``libya_ally``."""
    st = at({"libyan_deal_libya_ally": reading}, {"Iraq": {"align": "ally"}})
    assert playable(st, "US", 38)
    play_event(st, 38, "US", [{"country": "Italy"}, {"posture": "soft"},
                              {"country": "Benelux"}, {"posture": "hard"}])
    libya = country(st, "Libya")
    assert (libya["gov"], libya["align"]) == ("poor", align)
    assert libya["markers"] == ["Libyan Deal"] and st.d["prestige"] == 8
    assert (country(st, "Italy")["posture"], country(st, "Benelux")["posture"]) == ("soft", "hard")


# -- A37: card 77 Al Jazeera -----------------------------------------------------------------------
@pytest.mark.reading("A37")
@pytest.mark.rule("card 77")
@pytest.mark.parametrize("reading", ["with_troops", "saudi_arabia"])
def test_a37_al_jazeera_with_troops_only_next_to_saudi_arabia(reading):
    """A37 (``al_jazeera_country``): card 77 "Giocatela se l'Arabia Saudita o un paese adiacente ha
    truppe. Spostate il paese di una casella verso Avversario." Saudi Arabia (Poor Ally) without
    troops, the adjacent Gulf States (Fair Ally) with 2: the card is playable under both readings.
    Default ``with_troops``: "il paese" is the one with troops: the Jihadist is offered the Gulf
    States alone, which become Neutral, Saudi Arabia stays an Ally. ``saudi_arabia``: no question,
    Saudi Arabia becomes Neutral and the Gulf States stay an Ally."""
    st = at({"al_jazeera_country": reading}, {"Saudi Arabia": {"troops": 0}})
    assert playable(st, J, 77)
    start_proc(st, "event", card=77, side=J, trigger="play")
    if reading == "with_troops":
        assert st.current_player() == J and st.legal_actions() == [{"country": "Gulf States"}]
        feed(st, [{"country": "Gulf States"}])
    assert finished(st)
    shifted = "Gulf States" if reading == "with_troops" else "Saudi Arabia"
    kept = "Saudi Arabia" if reading == "with_troops" else "Gulf States"
    assert country(st, shifted)["align"] == "neutral" and country(st, kept)["align"] == "ally"


# -- A28: cards 87-89 Martyrdom Operation ----------------------------------------------------------
@pytest.mark.reading("A28")
@pytest.mark.rule("card 87", "4.8.4")
@pytest.mark.parametrize("reading, cadre", [(True, True), (False, False)])
def test_a28_martyrdom_operation_last_cell_and_cadre(reading, cadre):
    """A28 (``martyrdom_cadre``): card 87 "Rimpiazzate la cellula con 2 qualsiasi segnalini di
    complotto disponibili"; 4.8.4 "Quando l'ultima cellula in un paese senza quadri viene rimossa
    mediante la Disorganizzazione (7.4) o evento ..., ponete un quadro in quel paese". Iraq's only
    cell (a Sleeper) is replaced by two '3' plots: a Cadre is placed under the default ``cadre``,
    none under ``no_cadre``; the cell goes back to the Funding track either way."""
    st = at({"martyrdom_cadre": reading}, {"Iraq": {"sleepers": 1}})
    play_event(st, 87, J, [{"country": "Iraq"}, {"plot": 3}, {"plot": 3}])
    iraq = country(st, "Iraq")
    assert (iraq["sleepers"], iraq["actives"], iraq["plots"]) == (0, 0, [3, 3])
    assert iraq["cadre"] is cadre
    assert st.d["cells_track"] == 11 and st.d["plots_available"] == [1, 1, 2, 2]


# -- P02: 7.1.3 against 7.5.2, an Alert under Islamist Rule ----------------------------------------
@pytest.mark.reading("P02")
@pytest.mark.rule("7.1.3", "7.5.2")
@pytest.mark.parametrize("reading, targets", [
    (False, ["Iraq"]),                     # no_alert (default): 7.1.3 is absolute
    (True, ["Afghanistan", "Iraq"]),       # alert_allowed: 7.5.2 "qualsiasi paese"
])
def test_p02_alert_in_an_islamist_rule_country(reading, targets):
    """P02 (``alert_in_islamist_rule``): 7.1.3 "L'unica operazione USA consentita in un paese con
    Governo Islamico è una forma speciale di Schieramento detta Cambio di Regime"; 7.5.2 "bloccare
    (rimuovere) un segnalino di Complotto da qualsiasi paese (incluso uno Avversario o l'IRAN)". A
    '2' plot in Islamist Rule Afghanistan, a '1' in Iraq; a value-3 Alert. Default ``no_alert``: Iraq
    is the only target; ``alert_allowed``: Afghanistan is one too, and its '2' is blocked (back to
    Available), Iraq's plot staying."""
    st = at({"alert_in_islamist_rule": reading})
    for name, plot in (("Afghanistan", 2), ("Iraq", 1)):
        st.d["plots_available"].remove(plot)
        country(st, name)["plots"].append(plot)
    assert us.alert_targets(st, 3) == targets
    start_proc(st, "op_alert", side="US", card=39, value=3)
    assert st.legal_actions() == [{"country": n} for n in targets]
    if reading:
        feed(st, [{"country": "Afghanistan"}, {"plot": 2}])
        assert finished(st)
        assert country(st, "Afghanistan")["plots"] == [] and country(st, "Iraq")["plots"] == [1]
        assert st.d["plots_available"] == [1, 2, 2, 3, 3]


# -- A18: 4.8.1, the values of the six numbered plot markers ---------------------------------------
def opening(rulings: dict):
    """Let's Roll under ``rulings`` from the set-up (the markers Available are fixed there), answered
    like ``harness.position`` up to the Jihadist's first decision."""
    st = new_game("lets_roll", rulings=rulings)
    while not (st.d["phase"] == "jihadist_action" and st.current_player() == J):
        st.apply(st.legal_actions()[0])
    return st


@pytest.mark.reading("A18")
@pytest.mark.rule("4.8.1", "8.5.2")
@pytest.mark.parametrize("reading, available, placed", [
    ("1,1,2,2,3,3", [1, 1, 2, 2, 3, 3], [1, 1]),      # default: the third success places nothing
    ("1,1,1,2,2,3", [1, 1, 1, 2, 2, 3], [1, 1, 1]),
    ("1,2,2,2,3,3", [1, 2, 2, 2, 3, 3], [1]),         # only the first success places a '1'
])
def test_a18_value_1_plots_follow_the_marker_split(reading, available, placed):
    """A18 (``plot_marker_values``): 4.8.1 "Sei segnalini di Complotto non-WMD hanno numero 1, 2 o
    3" (the split is not given); 8.5.2 "Ciascun tiro di dado che ha successo pone nel paese un
    segnalino di Complotto Disponibile con un numero pari o inferiore al valore della carta usata".
    Three value-1 Plot operations in Poor Iraq (3 Active cells), each die a 1 (success): each
    places a '1' while one is Available, and a success with none left places nothing."""
    st = opening({"plot_marker_values": reading})
    assert st.d["plots_available"] == available and st.d["wmd_available"] == 0
    country(st, "Iraq")["actives"] = 3
    conserve(st)
    for n in range(3):
        script = [{"country": "Iraq"}, 1] + ([{"plot": 1}] if n < len(placed) else [])
        run_proc(st, "op_plot", script, side=J, card=100, value=1)
    assert country(st, "Iraq")["plots"] == placed
    rest = list(available)
    for p in placed:
        rest.remove(p)
    assert st.d["plots_available"] == rest


# -- D30: 5.2.8, the dealing order -----------------------------------------------------------------
@pytest.mark.reading("D30")
@pytest.mark.rule("5.2.8")
@pytest.mark.parametrize("reading, order, jihadist, us_hand", [
    ("alternate", ["Jihadist", "US"] * 7 + ["Jihadist", "Jihadist"],
     [1, 3, 5, 7, 9, 11, 13, 15, 16], [2, 4, 6, 8, 10, 12, 14]),
    ("jihadist_then_us", ["Jihadist"] * 9 + ["US"] * 7,
     [1, 2, 3, 4, 5, 6, 7, 8, 9], [10, 11, 12, 13, 14, 15, 16]),
])
def test_d30_deal_order(reading, order, jihadist, us_hand):
    """D30 (``deal_order``): 5.2.8 "date alla jihad ed agli USA le carte pari al numero indicato
    nelle tabelle dei Fondi e delle Truppe" (ES: "alternativamente"). Empty hands, Funding 9 (8
    after 5.2.5: 9 cards), 13 troops in Saudi Arabia (Overstretch: 7 US cards); every draw is
    answered with the lowest card of the deck (cards 1-16 are there). Default ``alternate``: one
    card each in turn, Jihadist first, then the Jihadist's last two, so he holds the odd cards and
    15, 16; ``jihadist_then_us``: the Jihadist's 9 cards, then the US's 7."""
    st = position("lets_roll", funding=9, countries={"Saudi Arabia": {"troops": 13}})
    conserve(st)
    d = st.d
    d["deck"] = sorted(d["deck"] + d["hands"]["US"] + d["hands"]["Jihadist"])
    d["hands"] = {"US": [], "Jihadist": []}
    st = with_rulings(st, deal_order=reading)
    assert st.d["deck"][:16] == list(range(1, 17))
    start_proc(st, "end_of_turn")
    sides = []
    while st.current_player() == "chance" and st.decision()["prompt"].startswith("draw"):
        sides.append(st.decision()["prompt"].rsplit(" ", 1)[1])
        st.apply(st.legal_actions()[0])
    assert finished(st)
    assert sides == order
    assert st.d["hands"] == {"Jihadist": jihadist, "US": us_hand}


# -- P10: 9.5, the Schengen table in a solo game -----------------------------------------------------
@pytest.mark.reading("P10")
@pytest.mark.rule("9.5")
@pytest.mark.parametrize("reading, picked, prompt", [
    ("source_c", "Italy", "test pick: d6 on the Schengen table"),     # the table: 6 is Italy
    ("uniform", "Spain", "test pick: d6 1-3 Italy, 4-6 Spain"),       # the die method: 4-6 Spain
])
def test_p10_schengen_pick_between_spain_and_italy(reading, picked, prompt):
    """P10 (``solo_schengen_table``): 9.5 "Se è specificato Schengen (come per tiri di dado extra
    per la Postura dopo un Complotto nell'area di Schengen, 8.5.6), tirate un dado sulla tabella
    'Schengen'". A random Schengen pick between Spain and Italy, the die a 6. Default ``source_c``:
    the table's face 6 is Italy; ``uniform``: the two options share the faces in map order, 1-3
    Italy and 4-6 Spain, so the 6 gives Spain."""
    st = solo_position("lets_roll", bare=True, rulings={"solo_schengen_table": reading})
    assert pick(st, ["Spain", "Italy"], [6], method="schengen") == picked
    assert st.prompts == [prompt]


# -- A13: 7.2.1.1, a War of Ideas on a Good Ally ---------------------------------------------------
@pytest.mark.reading("A13")
@pytest.mark.rule("7.2.1.1")
@pytest.mark.parametrize("reading", [False, True])
def test_a13_war_of_ideas_on_a_good_ally(reading):
    """A13 (``woi_on_good_ally``): 7.2.1.1 "migliorare l'Allineamento di un paese Neutrale o il
    Governo di un paese Alleato" (a Good Ally has nothing left to improve) against "non deve essere
    Avversario" (the only target barred). Gulf States Good Ally, a value-1 War of Ideas: under the
    default ``legal_no_effect`` they are offered, and a 6 leaves them exactly as they were; under
    ``illegal`` they are not."""
    st = at({"woi_on_good_ally": reading}, {"Gulf States": {"gov": "good"}})
    before = dict(country(st, "Gulf States"))
    start_proc(st, "op_war_of_ideas", side="US", card=2, value=1)
    assert ({"country": "Gulf States"} in st.legal_actions()) is reading
    assert {"country": "Jordan"} in st.legal_actions()
    if reading:
        feed(st, [{"country": "Gulf States"}, 6])
        assert finished(st)
    assert country(st, "Gulf States") == before


# -- A15: 7.3.5, where a Withdrawal may send the troops ---------------------------------------------
@pytest.mark.reading("A15")
@pytest.mark.rule("7.3.5")
@pytest.mark.parametrize("reading, destinations, to, gulf_troops, track", [
    ("track_or_ally", ["track", "Gulf States", "Saudi Arabia"], "Gulf States", 8, 5),
    ("track_only", ["track"], "track", 2, 11),
])
def test_a15_withdraw_destinations(reading, destinations, to, gulf_troops, track):
    """A15 (``withdraw_destination``): 7.3.5 "Schierate un numero qualsiasi di truppe fuori dal
    paese con Cambio di Regime". US Soft, Iraq Fair Ally with a tan Regime Change and 6 troops, a
    value-3 Withdraw: the default ``track_or_ally`` offers the track and the Allies (Gulf States,
    Saudi Arabia), as a Deploy; ``track_only`` the track alone. All 6 troops go to the first Ally
    offered under the default, to the track otherwise; the Prestige roll (5: up by min(2, 3)) and
    the Besieged Regime follow under both."""
    st = at({"withdraw_destination": reading}, us_posture="soft",
            countries={"Iraq": {"gov": "fair", "align": "ally", "rc": "tan", "troops": 6,
                                "sleepers": 3, "actives": 2, "aid": 1}})
    assert st.d["troops_track"] == 5
    start_proc(st, "op_withdraw", side="US", card=39, value=3)
    feed(st, [{"from": "Iraq"}])
    assert st.legal_actions() == [{"to": n} for n in destinations]
    feed(st, [{"to": to}, {"troops": 6}, 5, 2, 3])
    assert finished(st)
    iraq = country(st, "Iraq")
    assert (iraq["troops"], iraq["aid"], iraq["besieged"]) == (0, 0, True)
    assert country(st, "Gulf States")["troops"] == gulf_troops and st.d["troops_track"] == track
    assert st.d["prestige"] == 9


# -- A16: card 72 Opium ------------------------------------------------------------------------------
@pytest.mark.reading("A16")
@pytest.mark.rule("card 72", "4.7.4.2")
@pytest.mark.parametrize("reading, afghanistan, track", [("funding_limited", 10, 5), ("whole_track", 15, 0)])
def test_a16_opium_all_available_cells(reading, afghanistan, track):
    """A16 (``opium_all_available``): card 72 "Ponete altre 3 cellule lì. Poi, se ha Governo
    Islamico, ponete lì tutte le cellule disponibili." Islamist Rule Afghanistan with 4 Sleepers,
    11 cells on the track, Funding 5 (Moderate: 5 cells on the track are not Available, 4.7.4.2).
    3 cells go there, then: default ``funding_limited``: the 3 Available (4 + 3 + 3 = 10, 5 left on
    the track); ``whole_track``: all 8 left (15, the track empty)."""
    st = at({"opium_all_available": reading}, funding=5)
    assert st.d["cells_track"] == 11 and country(st, "Afghanistan")["sleepers"] == 4
    play_event(st, 72, J, [])
    assert country(st, "Afghanistan")["sleepers"] == afghanistan and st.d["cells_track"] == track


# -- A27: card 48 Adam Gadahn ------------------------------------------------------------------------
@pytest.mark.reading("A27")
@pytest.mark.rule("card 48", "4.7.4.2")
@pytest.mark.parametrize("reading, can_play", [("available", False), ("track", True)])
def test_a27_adam_gadahn_with_cells_on_the_track_none_available(reading, can_play):
    """A27 (``adam_gadahn_cells``): card 48 "Giocare se è la prima carta della Fase di Azione della
    jihad ed è disponibile una cellula." The Jihadist's first card; Funding 3 (Tight) and 10 cells
    on the track, none of them Available (4.7.4.2). Default ``available``: the event is not
    playable; ``track``: a cell on the track is enough and it is."""
    st = at({"adam_gadahn_cells": reading}, {"Iraq": {"sleepers": 1}}, funding=3)
    assert st.d["cells_track"] == 10 and st.d["card_index"] == 1 and st.d["phase"] == "jihadist_action"
    assert playable(st, J, 48) is can_play
    assert not playable(st, "US", 48)


# -- A33: the Anaconda set-up -----------------------------------------------------------------------
@pytest.mark.reading("A33")
@pytest.mark.rule("3.2")
@pytest.mark.parametrize("reading", ["distinct_non_us", "any_non_us"])
def test_a33_anaconda_second_cell_in_the_same_country(reading):
    """A33 (``anaconda_setup``): Anaconda "Jihad: Ponete una cellula in ciascuno di tre paesi non
    USA, poi testate qualsiasi neutrale." After a first cell in Iraq, the default
    ``distinct_non_us`` no longer offers Iraq (36 countries left, the United States never among
    them) and the three cells end in Iraq, Libya and Syria; ``any_non_us`` offers Iraq again (37)
    and all three may go there."""
    st = new_game("anaconda", rulings={"anaconda_setup": reading})
    assert st.current_player() == J and st.decision()["rule"] == "3.2"
    first = st.legal_actions()
    assert len(first) == 37 and {"country": "United States"} not in first
    feed(st, [{"country": "Iraq"}])
    distinct = reading == "distinct_non_us"
    assert ({"country": "Iraq"} in st.legal_actions()) is not distinct
    assert len(st.legal_actions()) == (36 if distinct else 37)
    places = ["Libya", "Syria"] if distinct else ["Iraq", "Iraq"]
    feed(st, [{"country": n} for n in places])
    sleepers = {n: country(st, n)["sleepers"] for n in ("Iraq", "Libya", "Syria")}
    assert sleepers == ({"Iraq": 1, "Libya": 1, "Syria": 1} if distinct else {"Iraq": 3, "Libya": 0, "Syria": 0})
    assert st.d["cells_track"] == 10


# -- D04: 9.1, the solo end-of-deck threshold ---------------------------------------------------------
@pytest.mark.reading("D04")
@pytest.mark.rule("9.1", "2.3")
@pytest.mark.parametrize("reading, terminal", [
    ("resources", {"winner": "US", "rule": "2.3",
                   "reason": "end of game: Good Resources 6 > 2 x Islamist Rule Resources 1 (2.3)"}),
    ("countries", {"winner": "Jihadist", "rule": "9.1",
                   "reason": "end of a 1-deck solo game: Good countries 2 < 6 (9.1)"}),
])
def test_d04_solo_end_of_deck_resources_or_countries(reading, terminal):
    """D04 (``solo_end_measure``): 9.1 "gli USA perdono con una partita da 1 mazzo se meno di 6
    Risorse sono Buone" (ES "países"). A 1-deck solo game ends with Egypt and the Gulf States Good
    (2 countries, 6 Resources) and Afghanistan Islamist Rule: under the default ``resources`` the
    threshold is met and 2.3 gives the US the win; under ``countries`` 2 Good countries are fewer
    than 6 and the Jihadist wins by 9.1."""
    st = solo_position("lets_roll", bare=True, rulings={"solo_end_measure": reading})
    for n in ("Egypt", "Gulf States"):
        country(st, n).update(gov="good", align="ally")
    assert st.d["decks"] == 1
    victory.end_of_game(st)
    assert st.d["terminal"] == terminal


# -- D16: 9.4.1, an Unassociated event in the solo game -------------------------------------------------
@pytest.mark.reading("D16")
@pytest.mark.rule("9.4.1", "card 101")
@pytest.mark.parametrize("reading, script, philippines, track", [
    ("event_then_ops", [3], 2, 13),      # Kosovo, then its 1 op Recruits in the Philippines (die 3)
    ("event_instead", [], 1, 14),        # Kosovo only
])
def test_d16_solo_unassociated_event_and_its_ops(reading, script, philippines, track):
    """D16 (``solo_unassociated_ops``): 9.4.1 "Se la carta è un evento giocabile (6.2.6) della Jihad
    o un evento Non Associato, giocate l'evento" and "Se la Jihad ha giocato un evento Non Associato
    o l'evento non è giocabile, tirate per la Jihad Maggiore ... se possibile". The bot draws Kosovo
    (card 101, Unassociated, 1 op), one cell in the Philippines (Soft), Prestige 6: the event
    happens under both readings (Prestige 7, Serbia Soft). Default ``event_then_ops``: the card's op
    then Recruits in the Philippines (die 3: a second cell); ``event_instead``: no op."""
    st = solo_position("lets_roll", bare=True, countries={"Philippines": {"cells": 1, "posture": "soft"}},
                       prestige=6, rulings={"solo_unassociated_ops": reading})
    d = st.d
    for zone in (d["deck"], d["discard"], d["hands"]["US"], d["hands"]["Jihadist"]):
        if 101 in zone:
            zone.remove(101)
    d["hands"]["Jihadist"].insert(0, 101)
    run_solo(st, "solo_card", script, card=101)
    assert st.d["prestige"] == 7 and country(st, "Serbia")["posture"] == "soft"
    assert solo_cells(st, "Philippines") == philippines and st.d["cells_track"] == track


# -- D20: 9.4.2.1, Jaysh al-Mahdi and the nearest Good country ------------------------------------------
@pytest.mark.reading("D20")
@pytest.mark.rule("9.4.2.1", "9.5", "card 106")
@pytest.mark.parametrize("reading, govs", [
    ("always", {"Saudi Arabia": "fair", "Iraq": "fair", "Gulf States": "fair"}),
    ("if_unmarked", {"Saudi Arabia": "good", "Iraq": "poor", "Gulf States": "fair"}),
])
def test_d20_jaysh_al_mahdi_rolled_country_or_nearest_good(reading, govs):
    """D20 (``solo_shia_mix_nearest``): 9.4.2.1 "Per Iran e Jaysh Al-Mahdi, tirate sulla tabella
    Misto Sciita (9.5), testate se il paese risultante è Neutro, poi cercate il paese adatto più
    vicino che sia a Buon Governo e poi a Governo Discreto". Shia-Mix countries with cells and troops:
    Saudi Arabia Good, Iraq and the Gulf States Fair; the table roll 3 + 4 + 4 = 11 is Iraq. Default
    ``always``: the nearest possible Good country, Saudi Arabia (adjacent), is worsened to Fair;
    ``if_unmarked``: Iraq is marked, so it is worsened as rolled (Poor)."""
    st = solo_position("lets_roll", bare=True, rulings={"solo_shia_mix_nearest": reading},
                       countries={"Saudi Arabia": {"gov": "good", "troops": 1, "cells": 1},
                                  "Iraq": {"gov": "fair", "troops": 2, "cells": 1},
                                  "Gulf States": {"troops": 1, "cells": 1}})
    run_solo(st, "event", [3, 4, 4], card=106, side=J, trigger="play")
    assert {n: country(st, n)["gov"] for n in govs} == govs


# -- P04: card 28 Sharia -------------------------------------------------------------------------------
@pytest.mark.reading("P04")
@pytest.mark.rule("card 28", "6.2.6")
@pytest.mark.parametrize("reading, can_play", [(False, True), (True, False)])
def test_p04_sharia_without_a_besieged_regime(reading, can_play):
    """P04 (``sharia_needs_besieged_regime``): card 28 "Rimuovere un segnalino di Regime Assediato"
    states no "Giocatelo se". No Besieged Regime on the map (Somalia's removed): under the default
    ``always_playable`` the US may play it for its event, which does nothing (no question); under
    ``needs_besieged_regime`` it is not playable. With Somalia Besieged it is playable under both."""
    st = at({"sharia_needs_besieged_regime": reading}, {"Somalia": {"besieged": False}})
    assert not any(c["besieged"] for c in st.d["countries"].values())
    assert playable(st, "US", 28) is can_play
    if can_play:
        before = {n: dict(c) for n, c in st.d["countries"].items()}
        play_event(st, 28, "US", [])
        assert st.d["countries"] == before
    country(st, "Somalia")["besieged"] = True
    assert playable(st, "US", 28)


# -- P07: card 99 HAMAS Elected ----------------------------------------------------------------------
@pytest.mark.reading("P07")
@pytest.mark.rule("card 99")
@pytest.mark.parametrize("reading, script, us_hand, discard", [
    ("any_card", [{"discard": 49}], [], [49]),     # the Jihadist card 49 must go
    ("us_associated", [], [49], []),               # no US card: nothing to discard
])
def test_p07_hamas_elected_with_only_a_jihadist_card_in_the_us_hand(reading, script, us_hand, discard):
    """P07 (``hamas_elected_discard``): card 99 "Gli USA scelgono e scartano 1 carta dalla mano USA.
    -1 al Prestigio. -1 ai Fondi." The US hand holds only card 49 (a Jihadist card). Default
    ``any_card``: the US is asked and discards it; ``us_associated``: it holds no US card, so
    nothing is discarded. Prestige 7 -> 6 and Funding 6 -> 5 under both."""
    st = at({"hamas_elected_discard": reading}, prestige=7, funding=6)
    d = st.d
    d["deck"].extend(d["hands"]["US"])
    d["hands"]["US"] = []
    give(st, "US", 49)
    start_proc(st, "event", card=99, side=J, trigger="play")
    if script:
        assert st.current_player() == "US" and st.legal_actions() == script
    feed(st, script)
    assert finished(st)
    assert st.d["hands"]["US"] == us_hand and st.d["discard"] == discard
    assert (st.d["prestige"], st.d["funding"]) == (6, 5)


# -- P09: 9.5, the Shia-Mix table in a solo game ---------------------------------------------------------
SHIA_MIX = ["Afghanistan", "Gulf States", "Iraq", "Lebanon", "Pakistan", "Saudi Arabia", "Turkey", "Yemen"]


@pytest.mark.reading("P09")
@pytest.mark.rule("9.5")
@pytest.mark.parametrize("reading", ["source_a", "uniform"])
def test_p09_shia_mix_pick_table_or_uniform(reading):
    """P09 (``solo_shia_mix_table``): 9.5 "Se è specificato Misto Sciita, sommate assieme i tiri di
    tre dadi sulla tabella omonima." A random pick among the eight Shia-Mix countries. Default
    ``source_a``: three d6 chance nodes summed on the table (1 + 1 + 1 = 3: Turkey, a 1 in 54
    chance); ``uniform``: one chance node, each country 1/8 (Turkey picked)."""
    st = solo_position("lets_roll", bare=True, rulings={"solo_shia_mix_table": reading})
    start_solo(st, "test_solo_pick", options=[{"country": n} for n in SHIA_MIX], names=SHIA_MIX,
               method="shia_mix")
    if reading == "source_a":
        assert st.chance_outcomes() == [({"die": n}, Fraction(1, 6)) for n in range(1, 7)]
        solo_feed(st, [1, 1, 1])
        assert len(st.prompts) == 3 and st.prompts[2] == "test pick: Shia-Mix table, die 3 of 3"
    else:
        assert st.chance_outcomes() == [({"country": n}, Fraction(1, 8)) for n in SHIA_MIX]
        solo_feed(st, [{"country": "Turkey"}])
        assert st.prompts == ["test pick: uniform among the Shia-Mix options"]
    assert finished(st) and result(st)["picked"] == {"country": "Turkey"}
