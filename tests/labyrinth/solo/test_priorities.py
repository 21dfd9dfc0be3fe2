"""The solo Jihadist's "Where?" priority lists and tie-breaks (IT 9.4.2.2-9.4.2.6.1).

Each test builds a Let's Roll solo position with an empty map (``bare``: no cells, troops, Aid,
Besieged Regimes or Regime Changes; the scenario's Governance stays: Afghanistan Islamist Rule,
Gulf States, Pakistan, Syria Fair, Iraq, Libya, Saudi Arabia Poor, the rest untested unless set),
places what the rule needs and asserts the exact groups the priority functions return (best first;
countries of one group tie and go to a 9.5 die) or what a solo activity then does with scripted dice.
The Italian rulebook (seeds/000_61ca04b15074b205.txt, 9.4.2.x) is quoted where it decides; the
translation disagreements are the ``Rulings`` switches of seed_labyrinth.md section g (D12-D14).
"""
from __future__ import annotations

import pytest

from cdg_oracle.model.labyrinth.operations.jihadist import plot_targets, recruit_targets
from cdg_oracle.model.labyrinth.solo import priorities as prio
from tests.labyrinth.solo.helpers import cells, country, result, run_solo, solo_position, start_solo


def pos(countries=None, options=None, rulings=None, **tracks):
    return solo_position("lets_roll", options=options, rulings=rulings, countries=countries, bare=True, **tracks)


def plot_order(st, event=False):
    return prio.plot_groups(st, plot_targets(st, {"dice": []}), event=event)


def dice_of(st, proc: str) -> list[str]:
    """The dice a Plot/Jihad frame was given (read at its first roll)."""
    frame = next(f for f in reversed(st.d["stack"]) if f["proc"] == proc)
    return frame["dice"]


# == 9.4.2.2 Plot ======================================================================================
@pytest.mark.rule("9.4.2.2")
def test_9_4_2_2_united_states_first_as_far_as_possible():
    """9.4.2.2 "Tirate per o piazzate i Complotti il più possibile negli Stati Uniti": the US comes
    before everything, and a 3-op Plot puts one die there per cell (1), the rest in the next
    country (Iraq, troops, Prestige 7)."""
    st = pos({"United States": {"cells": 1}, "Iraq": {"cells": 3, "troops": 2}}, prestige=7)
    assert plot_order(st) == [["United States"], ["Iraq"]]
    start_solo(st, "solo_plot", value=3, card=45)
    assert dice_of(st, "op_plot") == ["United States", "Iraq", "Iraq"]


@pytest.mark.rule("9.4.2.2", "card 57")
def test_9_4_2_2_prestige_above_low_philippines_with_abu_sayyaf_then_troops():
    """9.4.2.2, Prestige above Low (D12): first the Philippines if Abu Sayyaf is in effect and it
    has at least as many cells as troops, then countries with troops, then the later steps
    (Funding 8: non-Muslim Spain)."""
    st = pos({"Philippines": {"cells": 1, "markers": ["Abu Sayyaf"]},
              "Iraq": {"gov": "fair", "cells": 1, "troops": 2}, "Spain": {"cells": 1}}, prestige=4, funding=8)
    assert plot_order(st) == [["Philippines"], ["Iraq"], ["Spain"]]
    # More troops than cells in the Philippines: not first; it is one more country with troops.
    country(st, "Philippines")["troops"] = 2
    st.d["troops_track"] -= 2
    assert plot_order(st) == [["Iraq", "Philippines"], ["Spain"]]
    # No Abu Sayyaf and no troops: a plain non-Muslim country (Fair, before Good Spain).
    country(st, "Philippines").update(troops=0, markers=[])
    st.d["troops_track"] += 2
    assert plot_order(st) == [["Iraq"], ["Philippines"], ["Spain"]]


@pytest.mark.rule("9.4.2.2")
def test_9_4_2_2_prestige_low_skips_philippines_and_troops():
    """9.4.2.2: at Low Prestige (3) neither the Philippines nor the countries with troops come
    first: Funding 8 gives non-Muslim countries (Fair Philippines, Good Spain), then Muslim ones."""
    st = pos({"Philippines": {"cells": 1, "markers": ["Abu Sayyaf"]},
              "Iraq": {"cells": 1, "troops": 2}, "Spain": {"cells": 1}}, prestige=3, funding=8)
    assert plot_order(st) == [["Philippines"], ["Spain"], ["Iraq"]]


@pytest.mark.rule("9.4.2.2")
@pytest.mark.parametrize("reading,prestige,expected", [
    ("above_low", 7, [["Iraq"], ["Spain"], ["Syria"]]),       # ES; the IT example: troops first
    ("above_low", 3, [["Spain"], ["Syria"], ["Iraq"]]),       # Low: no troops step (Fair before Poor)
    ("below_low", 7, [["Spain"], ["Syria"], ["Iraq"]]),       # IT/PL literal: never holds
    ("below_low", 1, [["Spain"], ["Syria"], ["Iraq"]]),
])
@pytest.mark.reading("D12")
def test_9_4_2_2_d12_prestige_reading(reading, prestige, expected):
    """D12 ``solo_plot_prestige``: "above Low" (default, Prestige >= 4) or the IT/PL "below Low",
    which can never hold (Low is the lowest band): then troops never come first."""
    st = pos({"Iraq": {"cells": 1, "troops": 2}, "Syria": {"cells": 1}, "Spain": {"cells": 1}},
             rulings={"solo_plot_prestige": reading}, prestige=prestige, funding=8)
    assert plot_order(st) == expected


@pytest.mark.rule("9.4.2.2")
@pytest.mark.parametrize("reading,expected", [
    ("with_troops", [["Iraq"], ["Spain"], ["Syria"]]),
    ("without_troops", [["Syria"], ["Spain"], ["Iraq"]]),   # PL: "w krajach bez oddziałów"
])
@pytest.mark.reading("P08")
def test_9_4_2_2_d12_troops_reading(reading, expected):
    """D12 ``solo_plot_troops``: after the Philippines, countries WITH troops (IT/ES, default) or
    WITHOUT troops (PL): then Syria (Fair) and Spain (Good) in that step, Fair first, and Iraq only
    in the Muslim step of Funding 8."""
    st = pos({"Iraq": {"cells": 1, "troops": 2}, "Syria": {"cells": 1}, "Spain": {"cells": 1}},
             rulings={"solo_plot_troops": reading}, prestige=7, funding=8)
    assert plot_order(st) == expected


@pytest.mark.rule("9.4.2.2", "4.7.2.1")
def test_9_4_2_2_gwot_penalty_zero_same_posture_as_us():
    """9.4.2.2 "se la Penalità GWOT è zero (4.7.2.1), nei paesi con la stessa Postura degli USA".
    US Hard; Israel and Spain Hard, France Soft: World Hard 1, penalty 0: Spain and Israel (with a
    cell each) come first; France, another Posture, only at Funding < 9."""
    st = pos({"Spain": {"cells": 1, "posture": "hard"}, "France": {"cells": 1, "posture": "soft"},
              "Israel": {"cells": 1}}, prestige=3, funding=9)
    assert st.d["us_posture"] == "hard"
    assert plot_order(st) == [["Israel", "Spain"]]
    st.d["funding"] = 8
    assert plot_order(st) == [["Israel", "Spain"], ["France"]]
    # US Soft: World Hard 1 against a Soft US: penalty 1: the Posture step does not apply.
    st.d["us_posture"] = "soft"
    st.d["funding"] = 9
    assert plot_order(st) == []


@pytest.mark.rule("9.4.2.2")
def test_9_4_2_2_aid():
    """9.4.2.2 "Poi nei paesi con segnalini di Aiuto": at Funding 9 (no later step) only Iraq,
    which has Aid, takes the plot; Syria without Aid does not."""
    st = pos({"Iraq": {"cells": 1, "aid": 1}, "Syria": {"cells": 1}}, prestige=3, funding=9)
    assert plot_order(st) == [["Iraq"]]


@pytest.mark.rule("9.4.2.2")
def test_9_4_2_2_funding_below_9_non_muslim_then_muslim_or_iran():
    """9.4.2.2 "se i Fondi sono inferiori a 9, in qualsiasi paese non Musulmano, e poi nei paesi
    Musulmani o nell'IRAN": Spain first, then Iran (Fair) and Iraq (Poor)."""
    st = pos({"Iraq": {"cells": 1}, "Iran": {"cells": 1}, "Spain": {"cells": 1}}, prestige=3, funding=8)
    assert plot_order(st) == [["Spain"], ["Iran"], ["Iraq"]]


@pytest.mark.rule("9.4.2.2", "9.4.3")
def test_9_4_2_2_funding_9_nothing_means_radicalization():
    """9.4.2.2: at Funding 9 a Muslim country without troops, Aid or the US Posture is no Plot
    site ("Usate poi le rimanenti operazioni per la Radicalizzazione"): the solo Plot uses no op
    and gives the card's 2 ops back for Radicalization."""
    st = pos({"Iraq": {"cells": 2}, "Spain": {"cells": 1, "posture": "soft"}}, prestige=3, funding=9)
    assert plot_order(st) == []
    run_solo(st, "solo_plot", [], value=2, card=45)
    assert result(st)["left"] == 2
    assert country(st, "Iraq")["plots"] == [] and cells(st, "Iraq") == 2


@pytest.mark.rule("9.4.2.2")
def test_9_4_2_2_governance_preference_ops_vs_events():
    """9.4.2.2 "date priorità ai paesi Discreti sui Buoni e poi agli Scadenti se si effettuano
    operazioni di Complotto, ai Buoni rispetto ai Discreti e poi agli Scadenti se si piazzano
    complotti mediante un evento": Egypt Good, Pakistan Fair, Iraq Poor, in the Muslim step."""
    st = pos({"Egypt": {"cells": 1, "gov": "good", "align": "ally"}, "Pakistan": {"cells": 1},
              "Iraq": {"cells": 1}}, prestige=3, funding=8)
    assert plot_order(st, event=False) == [["Pakistan"], ["Egypt"], ["Iraq"]]
    assert plot_order(st, event=True) == [["Egypt"], ["Pakistan"], ["Iraq"]]


# == 9.4.2.3 Major Jihad ===============================================================================
@pytest.mark.rule("9.4.2.3")
def test_9_4_2_3_pakistan_first_then_highest_resources():
    """9.4.2.3 "scegliete il PAKISTAN, poi nel paese con le Risorse maggiori": Poor countries with
    3 cells under Potent (margin 3): Pakistan (2 Resources), then Iraq (3), Syria (2), then Lebanon
    and Yemen (1 each: a tie for the 9.5 die)."""
    poor3 = {"gov": "poor", "align": "neutral", "cells": 3}
    st = pos({n: dict(poor3) for n in ("Pakistan", "Iraq", "Syria", "Lebanon", "Yemen")},
             options={"ideology": "potent"})
    assert prio.major_jihad_groups(st, 2) == [["Pakistan"], ["Iraq"], ["Syria"], ["Lebanon", "Yemen"]]
    assert prio.major_jihad_groups(st, 2, exclude=["Pakistan"]) == [["Iraq"], ["Syria"], ["Lebanon", "Yemen"]]


@pytest.mark.rule("9.4.2.3", "9.4.1", "8.4.2")
@pytest.mark.parametrize("gov,besieged,dice,possible", [
    ("poor", False, 2, True), ("poor", False, 1, False),     # Poor: 2 successes
    ("poor", True, 1, True),                                 # 1 with a Besieged Regime
    ("fair", False, 3, True), ("fair", False, 2, False),     # Fair: one more
    ("fair", True, 2, True), ("fair", True, 1, False),
    ("good", False, 3, False),                               # Good: never with 3 dice
    ("islamist_rule", False, 3, False),
])
def test_9_4_1_a21_major_jihad_possible(gov, besieged, dice, possible):
    """9.4.1 "la Jihad Maggiore (una che potrebbe portare al Governo Islamico, 8.4.2) se possibile"
    (A21): the dice the card gives can make Islamist Rule: from Poor 2 successes (1 with a Besieged
    Regime), from Fair 3 (2), from Good never. Iraq, 6 cells, no troops."""
    st = pos({"Iraq": {"gov": gov, "cells": 6, "besieged": besieged}})
    assert prio.major_jihad_possible(st, "Iraq", dice) is possible
    assert (prio.major_jihad_groups(st, dice) == [["Iraq"]]) is possible


@pytest.mark.rule("9.4.2.3", "9.7", "8.4.2")
@pytest.mark.parametrize("ideology,cells_,troops_,possible", [
    ("normal", 5, 0, True), ("normal", 6, 2, False), ("normal", 4, 0, False),
    ("attractive", 4, 0, False),
    ("potent", 3, 0, True), ("potent", 5, 2, True), ("potent", 4, 2, False),
    ("virulent", 3, 0, True),
])
def test_9_4_2_3_potent_margin_3_instead_of_5(ideology, cells_, troops_, possible):
    """8.4.2: cells must exceed troops by 5; 9.7 Potent (and above): "soltanto 3 cellule più delle
    truppe consentono la Jihad Maggiore". Iraq Poor, 3 dice."""
    st = pos({"Iraq": {"cells": cells_, "troops": troops_}}, options={"ideology": ideology})
    assert prio.major_jihad_possible(st, "Iraq", 3) is possible


@pytest.mark.rule("9.4.2.3", "card 33")
def test_9_4_2_3_no_major_jihad_under_benazir_bhutto():
    """Card 33 Benazir Bhutto: no Jihad in Pakistan, so no Major Jihad is possible there."""
    st = pos({"Pakistan": {"gov": "poor", "cells": 6, "markers": ["Benazir Bhutto"]}})
    assert not prio.major_jihad_possible(st, "Pakistan", 3)
    country(st, "Pakistan")["markers"] = []
    assert prio.major_jihad_possible(st, "Pakistan", 3)


# == 9.4.2.4 Minor Jihad ===============================================================================
@pytest.mark.rule("9.4.2.4")
def test_9_4_2_4_good_before_fair():
    """9.4.2.4 "prima nei paesi con Buon Governo, poi Discreto": Good Egypt before Fair Pakistan,
    although Pakistan is first within a Governance; Poor Iraq is no Minor Jihad target."""
    st = pos({"Egypt": {"gov": "good", "align": "ally", "cells": 1}, "Pakistan": {"cells": 1},
              "Iraq": {"cells": 1}})
    targets = prio.minor_jihad_targets(st)
    assert targets == ["Egypt", "Pakistan"]
    assert prio.minor_jihad_groups(st, targets) == [["Egypt"], ["Pakistan"]]


@pytest.mark.rule("9.4.2.4")
def test_9_4_2_4_pakistan_aid_besieged_resources():
    """9.4.2.4 "considerate per primo il PAKISTAN, poi i paesi con Aiuto, poi i Regimi Assediati,
    poi quelli con Risorse maggiori": among Fair countries, Pakistan, Syria (Aid), Jordan (Besieged
    Regime, 1 Resource), Gulf States (3), Morocco (2), Lebanon (1)."""
    fair = {"gov": "fair", "align": "neutral", "cells": 1}
    st = pos({"Pakistan": dict(fair), "Syria": dict(fair, aid=1), "Jordan": dict(fair, besieged=True),
              "Gulf States": dict(fair), "Morocco": dict(fair), "Lebanon": dict(fair)})
    assert prio.minor_jihad_groups(st, prio.minor_jihad_targets(st)) == [
        ["Pakistan"], ["Syria"], ["Jordan"], ["Gulf States"], ["Morocco"], ["Lebanon"]]
    # A 3-op Minor Jihad: all dice go to Pakistan as far as its cells allow (1), then Syria, Jordan.
    start_solo(st, "solo_jihad", value=3, major=False, card=95)
    assert dice_of(st, "op_jihad") == ["Pakistan", "Syria", "Jordan"]


@pytest.mark.rule("9.4.2.4")
def test_9_4_2_4_alignment_shift_adds_poor():
    """9.4.2.4 "Poi, se si sposta l'Allineamento, fatelo in un paese con Scadente": a Governance
    shift (or Minor Jihad) takes Good, then Fair; an Alignment shift then Poor too."""
    st = pos({"Egypt": {"gov": "good", "align": "ally"}, "Syria": {"gov": "fair"}, "Iraq": {"gov": "poor"},
              "Afghanistan": {}})
    names = ["Afghanistan", "Egypt", "Iraq", "Syria"]
    assert prio.minor_jihad_groups(st, names) == [["Egypt"], ["Syria"]]
    assert prio.minor_jihad_groups(st, names, alignment=True) == [["Egypt"], ["Syria"], ["Iraq"]]


# == 9.4.2.5 Recruit ===================================================================================
@pytest.mark.rule("9.4.2.5")
def test_9_4_2_5_regime_change_with_troops_5_more_than_cells_first():
    """9.4.2.5, first: "Un paese con Cambio di regime dove le truppe superano in numero le cellule
    di 5 o più". Iraq RC, 6 troops, 1 cell comes before Islamist Rule Afghanistan (2 cells) and
    the Philippines (REC 3); with 5 troops (margin 4) an RC country is in no step at all."""
    st = pos({"Iraq": {"rc": "tan", "troops": 6, "cells": 1}, "Afghanistan": {"cells": 2},
              "Philippines": {"cells": 1}})
    assert prio.recruit_groups(st, recruit_targets(st), 2) == [["Iraq"], ["Afghanistan"], ["Philippines"]]
    country(st, "Iraq")["troops"] = 5
    assert prio.recruit_groups(st, recruit_targets(st), 2) == [["Afghanistan"], ["Philippines"]]


@pytest.mark.rule("9.4.2.5")
@pytest.mark.parametrize("reading,value,ir_cells,first", [
    ("twice_ops", 3, 5, True), ("twice_ops", 3, 6, False),   # the IT example: "(4 < 6)"
    ("twice_ops", 1, 1, True), ("twice_ops", 1, 2, False),
    ("half_ops", 3, 1, True), ("half_ops", 3, 2, False),     # ES: "la mitad": 1.5
    ("half_ops", 1, 1, False),
])
@pytest.mark.reading("D13")
def test_9_4_2_5_islamist_rule_cells_below_twice_ops_d13(reading, value, ir_cells, first):
    """9.4.2.5, second: "In un paese con Governo Islamico con meno cellule del doppio del valore
    operazionale della carta" (IT/PL, default); D13 ``solo_recruit_ir_cells`` 'half_ops' (ES)."""
    st = pos({"Afghanistan": {"cells": ir_cells}, "Philippines": {"cells": 1}},
             rulings={"solo_recruit_ir_cells": reading})
    groups = prio.recruit_groups(st, recruit_targets(st), value)
    assert groups == ([["Afghanistan"], ["Philippines"]] if first else [["Philippines"]])


@pytest.mark.rule("9.4.2.5", "8.2.4")
def test_9_4_2_5_highest_roll_needed():
    """9.4.2.5, third: a non-IR, non-RC country "con il tiro di dado più alto necessario per avere
    successo nel Reclutamento (per Governo 8.1.1 o per Numero di Reclutamento)": REC 3 (the
    Philippines, the UK) and Poor (Iraq, 3) first, then France (REC 2) and Fair Syria, then Good
    Egypt; each tie broken by troops + cells (Iraq 2) and then, among Muslim ones, Resources."""
    st = pos({"Philippines": {"cells": 1}, "United Kingdom": {"cells": 1}, "Iraq": {"cells": 2},
              "France": {"cells": 1}, "Syria": {"cells": 1}, "Egypt": {"gov": "good", "align": "ally", "cells": 1}})
    assert prio.recruit_groups(st, recruit_targets(st), 2) == [
        ["Iraq"], ["Philippines", "United Kingdom"], ["France", "Syria"], ["Egypt"]]


@pytest.mark.rule("9.4.2.5")
def test_9_4_2_5_besieged_then_troops_plus_cells():
    """9.4.2.5 "scegliete un Regime Assediato, se vi è, poi il paese con la somma maggiore di truppe
    + cellule": Poor Somalia with a Besieged Regime and 1 cell before Poor Iraq with 3 cells; then
    Iraq (1 cell + 2 troops = 3) before Syria (2 cells)."""
    st = pos({"Somalia": {"gov": "poor", "align": "neutral", "besieged": True, "cells": 1},
              "Iraq": {"cells": 1, "troops": 2}, "Syria": {"gov": "poor", "cells": 2}})
    assert prio.recruit_groups(st, recruit_targets(st), 1) == [["Somalia"], ["Iraq"], ["Syria"]]


@pytest.mark.rule("9.4.2.5")
def test_9_4_2_5_resources_only_when_all_muslim():
    """9.4.2.5 "poi (se la scelta è tra paesi Musulmani) il paese con le Risorse maggiori": three
    Poor Muslim countries with 1 cell go by Resources (Iraq 3, Syria 2, Yemen 1); with the
    Philippines (REC 3, 1 cell) in the tie the choice is not among Muslim countries: one group."""
    poor = {"gov": "poor", "align": "neutral", "cells": 1}
    st = pos({"Iraq": dict(poor), "Syria": dict(poor), "Yemen": dict(poor)})
    assert prio.recruit_groups(st, recruit_targets(st), 1) == [["Iraq"], ["Syria"], ["Yemen"]]
    country(st, "Philippines")["sleepers"] = 1
    st.d["cells_track"] -= 1
    assert prio.recruit_groups(st, recruit_targets(st), 1) == [["Iraq", "Philippines", "Syria", "Yemen"]]


@pytest.mark.rule("9.4.2.5")
def test_9_4_2_5_resources_among_the_muslim_countries_still_tied():
    """9.4.2.5: the Resources tie-break applies to the choice left after the earlier ones. The
    Philippines (REC 3, 1 cell) loses on troops + cells to Iraq and Syria (2 cells each); the choice
    is then between Muslim countries: Iraq (3 Resources) before Syria (2). (Model fix: the test was
    made on the whole step, so a non-Muslim country already set apart blocked it.)"""
    st = pos({"Philippines": {"cells": 1}, "Iraq": {"cells": 2}, "Syria": {"gov": "poor", "cells": 2}})
    assert prio.recruit_groups(st, recruit_targets(st), 1) == [["Iraq"], ["Syria"], ["Philippines"]]


@pytest.mark.rule("9.4.2.5", "8.2.1")
def test_9_4_2_5_recruit_rolls_one_at_a_time_in_the_chosen_country():
    """9.4.2.5 "Tirate per una operazione di Reclutamento alla volta": a 2-op Recruit in the
    Philippines (REC 3, the only site) rolls 3 (success) then 6 (failure): one cell placed."""
    st = pos({"Philippines": {"cells": 1, "posture": "soft"}})
    run_solo(st, "solo_recruit", [3, 6], value=2, card=109)
    assert cells(st, "Philippines") == 2
    assert result(st).get("left", 0) == 0


# == 9.4.2.6 Travel destinations =======================================================================
@pytest.mark.rule("9.4.2.6")
def test_9_4_2_6_box_1_regime_change_besieged_or_aid_not_islamist_rule():
    """9.4.2.6, box 1: "Un paese con Governo non Islamico con Cambio di Regime, Regime Assediato o
    Aiuto"."""
    st = pos({"Afghanistan": {"gov": "poor", "rc": "tan", "troops": 2}, "Iraq": {"aid": 1},
              "Somalia": {"besieged": True}, "Sudan": {"gov": "islamist_rule", "aid": 1},
              "Egypt": {"gov": "fair"}})
    assert prio.travel_box(st, 1) == ["Afghanistan", "Iraq", "Somalia"]


@pytest.mark.rule("9.4.2.6", "9.7")
def test_9_4_2_6_box_2_poor_where_two_more_cells_allow_major_jihad():
    """9.4.2.6, box 2: "Un paese Scadente dove sarebbe possibile la Jihad Maggiore se fossero
    aggiunte due cellule (o meno)": Iraq (3 cells) at the 5 margin; Syria Poor with 1 cell only
    under Potent (margin 3, the solo example's Iraq); Fair Pakistan with 5 cells never."""
    st = pos({"Iraq": {"cells": 3}, "Syria": {"gov": "poor", "cells": 1}, "Pakistan": {"cells": 5},
              "Saudi Arabia": {"cells": 4, "troops": 2}})
    assert prio.travel_box(st, 2) == ["Iraq"]
    st.d["options"]["ideology"] = "potent"
    assert prio.travel_box(st, 2) == ["Iraq", "Saudi Arabia", "Syria"]


@pytest.mark.rule("9.4.2.6", "card 33")
def test_9_4_2_6_box_2_not_pakistan_under_benazir_bhutto():
    """Box 2 asks where Major Jihad would be possible: not in Pakistan while Benazir Bhutto forbids
    any Jihad there (card 33). (Model fix.)"""
    st = pos({"Pakistan": {"gov": "poor", "cells": 3, "markers": ["Benazir Bhutto"]}})
    assert prio.travel_box(st, 2) == []
    country(st, "Pakistan")["markers"] = []
    assert prio.travel_box(st, 2) == ["Pakistan"]


@pytest.mark.rule("9.4.2.6")
@pytest.mark.parametrize("muslim_only,expected", [
    (True, ["Pakistan"]),
    (False, ["Benelux", "Canada", "Eastern Europe", "Germany", "Iran", "Italy", "Pakistan", "Russia",
             "Scandinavia", "Serbia", "Spain", "United Kingdom", "United States"]),
])
@pytest.mark.reading("D14")
def test_9_4_2_6_box_3_good_or_fair_muslim_with_adjacent_cell_d14(muslim_only, expected):
    """9.4.2.6, box 3: "Un paese Musulmano Buono o Discreto con almeno una cellula adiacente":
    Pakistan (Fair, next to Afghanistan's cell); Fair Syria has no adjacent cell, untested
    Central Asia and Turkey are neither Good nor Fair. D14 ``solo_travel_box3_muslim`` False (ES
    drops "Muslim"): every Good or Fair country next to a cell, Iran and the non-Muslim countries
    next to France's cell included."""
    st = pos({"Afghanistan": {"cells": 1}, "France": {"cells": 1}},
             rulings={"solo_travel_box3_muslim": muslim_only})
    assert prio.travel_box(st, 3) == expected


@pytest.mark.rule("9.4.2.6", "4.3.2")
def test_9_4_2_6_box_4_posture():
    """9.4.2.6, box 4: "Un paese Neutro non Musulmano se la Postura USA è Dura, o un paese non
    Musulmano Morbido se la Postura USA è Morbida": US Hard: the unmarked ones (not Israel, not
    Spain Hard, not France Soft, not the US itself); US Soft: France only."""
    st = pos({"Spain": {"posture": "hard"}, "France": {"posture": "soft"}})
    assert prio.travel_box(st, 4) == [
        "Benelux", "Canada", "Caucasus", "China", "Eastern Europe", "Germany", "India", "Italy",
        "Kenya/Tanzania", "Philippines", "Russia", "Scandinavia", "Serbia", "Thailand", "United Kingdom"]
    st.d["us_posture"] = "soft"
    assert prio.travel_box(st, 4) == ["France"]


@pytest.mark.rule("9.4.2.6")
def test_9_4_2_6_destination_pakistan_then_resources_if_all_muslim():
    """9.4.2.6 "scegliete prima il PAKISTAN, poi (se tutte le possibilità sono Musulmano), tra
    quelli con le maggiori Risorse"."""
    st = pos()
    assert prio.destination_groups(st, ["Iraq", "Pakistan", "Somalia"]) == [["Pakistan"], ["Iraq"], ["Somalia"]]
    assert prio.destination_groups(st, ["Iraq", "Somalia", "Yemen"]) == [["Iraq"], ["Somalia", "Yemen"]]
    # a non-Muslim option: no Resources tie-break
    assert prio.destination_groups(st, ["Iraq", "Somalia", "Spain"]) == [["Iraq", "Somalia", "Spain"]]
    assert prio.destination_groups(st, ["Pakistan", "Spain"]) == [["Pakistan"], ["Spain"]]


@pytest.mark.rule("9.4.2.6", "9.4.2.6.2", "9.7")
def test_9_4_2_6_one_cell_per_box_then_random_destination():
    """9.4.2.6: all destinations first, one cell per box in order; box 1 Somalia (Besieged), box 2
    Iraq (Poor, Potent), box 3 Pakistan (Fair, adjacent to Afghanistan's cells). A fourth op goes
    to a random destination (9.5; all 38 countries, the Global table: a gap node)."""
    st = pos({"Afghanistan": {"cells": 4, "actives": 2}, "Iraq": {"cells": 1}, "Somalia": {"besieged": True}},
             options={"ideology": "potent"}, us_posture="soft")
    st.d["countries"]["France"]["posture"] = "hard"   # box 4 (Soft non-Muslim): none
    start_solo(st, "solo_travel", value=4, card_value=3, card=114)
    frame = next(f for f in st.d["stack"] if f["proc"] == "solo_travel")
    assert frame["dests"] == ["Somalia", "Iraq", "Pakistan"]
    assert st.decision()["gap"] and len(st.legal_actions()) == 38


# == 9.4.2.6.1 Travel origins ==========================================================================
def origins(st, dest, value=3, others=()):
    free, act = prio.free_cells(st)
    return prio.origin_groups(st, dest, value, free, act, list(others))


@pytest.mark.rule("9.4.2.6.1")
def test_9_4_2_6_1_islamist_rule_with_more_cells_than_ops_first():
    """9.4.2.6.1, first: "Un paese con Governo Islamico con più cellule del valore operazionale della
    carta": Afghanistan (IR, 4 cells) for a 3-op card, before Iraq adjacent to Syria; with a
    4-op value (4 cells, not more) Afghanistan falls to the random step."""
    st = pos({"Afghanistan": {"cells": 4}, "Iraq": {"cells": 1}})
    assert origins(st, "Syria", value=3) == [["Afghanistan"], ["Iraq"]]
    assert origins(st, "Syria", value=4) == [["Iraq"], ["Afghanistan"]]


@pytest.mark.rule("9.4.2.6.1")
def test_9_4_2_6_1_regime_change_with_more_cells_than_troops():
    """9.4.2.6.1, second: "Un paese con Cambio di regime con più cellule che truppe": Iraq RC with 3
    cells and 2 troops before the adjacent Jordan; with 3 troops it is only a random origin."""
    st = pos({"Iraq": {"rc": "tan", "cells": 3, "troops": 2}, "Jordan": {"gov": "fair", "cells": 1}})
    assert origins(st, "Syria") == [["Iraq"], ["Jordan"]]
    country(st, "Iraq")["troops"] = 3
    assert origins(st, "Lebanon") == [["Iraq", "Jordan"]]
    assert origins(st, "Israel") == [["Jordan"], ["Iraq"]]


@pytest.mark.rule("9.4.2.6.1")
def test_9_4_2_6_1_adjacent_then_random_including_destination():
    """9.4.2.6.1, third and fourth: "Un paese adiacente", then "A caso tra i paesi con cellule,
    incluso il paese stesso di destinazione"."""
    st = pos({"Iraq": {"cells": 1}, "Spain": {"cells": 1}, "Syria": {"cells": 1}})
    assert origins(st, "Syria") == [["Iraq"], ["Spain", "Syria"]]
    assert origins(st, "Yemen") == [["Iraq", "Spain", "Syria"]]


@pytest.mark.rule("9.4.2.6.1", "9.3.1")
def test_9_4_2_6_1_active_cells_first_within_a_category():
    """9.4.2.6.1 "Entro le categorie sopra punteggiate, scegliete prima i paesi con almeno una
    cellula Attiva non ancora impiegata per lo Spostamento" (the GTMO example: "esclude l'Iraq")."""
    st = pos({"Iraq": {"cells": 1}, "Afghanistan": {"gov": "poor", "actives": 1},
              "Philippines": {"actives": 1}})
    assert origins(st, "Somalia") == [["Afghanistan", "Philippines"], ["Iraq"]]
    # the Active cell already given a Travel no longer counts
    free, act = prio.free_cells(st)
    act["Afghanistan"] = 0
    assert prio.origin_groups(st, "Somalia", 3, free, act, []) == [["Philippines"], ["Afghanistan", "Iraq"]]


@pytest.mark.rule("9.4.2.6.1")
def test_9_4_2_6_1_avoid_other_destinations():
    """9.4.2.6.1 "Se possibile, evitate di scegliere qualsiasi paese diverso di destinazione come
    origine con la medesima carta" (the solo example, Musharraf: the Philippines, not Afghanistan,
    travel to Iraq). Other destinations come last in their category, after the Sleeper-only
    countries too (model fix: they tied with them)."""
    st = pos({"Afghanistan": {"gov": "poor", "rc": "tan", "troops": 6, "actives": 2},
              "Philippines": {"actives": 1}, "Iraq": {"cells": 1}, "Spain": {"cells": 1}})
    # to Afghanistan (its own cells are not "another" destination): the Active ones
    assert origins(st, "Afghanistan", value=2, others=["Iraq"]) == [
        ["Afghanistan", "Philippines"], ["Spain"], ["Iraq"]]
    # to Iraq: Afghanistan is another destination of the card
    assert origins(st, "Iraq", value=2, others=["Afghanistan"]) == [
        ["Philippines"], ["Iraq", "Spain"], ["Afghanistan"]]


@pytest.mark.rule("9.4.2.6.1", "4.6.4")
def test_9_4_2_6_1_last_cell_of_islamist_rule_country_travels_in_place():
    """9.4.2.6.1 "Se si sposta l'ultima cellula in un paese con Governo Islamico o Cambio di Regime,
    si sposta entro il paese (diviene o rimane Dormiente, 4.6.4) invece della destinazione": the
    only cell, Active in Islamist Rule Afghanistan, is drawn for Somalia (box 1) and travels in
    place: it becomes a Sleeper, no die is rolled and Somalia is never tested."""
    st = pos({"Afghanistan": {"actives": 1}, "Somalia": {"besieged": True}})
    run_solo(st, "solo_travel", [], value=1, card_value=1, card=100)
    assert country(st, "Afghanistan")["sleepers"] == 1 and country(st, "Afghanistan")["actives"] == 0
    assert country(st, "Somalia")["gov"] is None and cells(st, "Somalia") == 0
    assert "9.4.2.6.1" in st.trail


@pytest.mark.rule("9.4.2.6.1", "9.4.2.6.2")
def test_9_4_2_6_1_regime_change_last_cell_in_place():
    """The same for a Regime Change country. A 2-op Travel: box 1 Iraq (RC; 3 Resources, before
    Besieged Somalia's 1), box 3 Gulf States (Fair, next to Iraq's cells; 3 Resources, before
    Syria). Origins: Iraq (RC, 2 cells > 1 troop) for both; the first travels within Iraq (its own
    destination), the second is Iraq's last free cell: it too travels in place instead of going to
    the adjacent Gulf States. Both Active cells become Sleepers; the Gulf States get none."""
    st = pos({"Iraq": {"rc": "tan", "actives": 2, "troops": 1}, "Somalia": {"besieged": True}},
             us_posture="soft")
    run_solo(st, "solo_travel", [], value=2, card_value=2, card=108)
    assert st.trail.count("9.4.2.6") == 2 and st.trail.count("9.4.2.6.1") == 3
    assert (country(st, "Iraq")["sleepers"], country(st, "Iraq")["actives"]) == (2, 0)
    assert cells(st, "Gulf States") == 0 and country(st, "Somalia")["gov"] is None


@pytest.mark.rule("9.4.2.6", "9.4.2.6.1", "card 2")
def test_9_4_2_6_1_biometrics_only_adjacent_origins():
    """Card 2 Biometrics: "non è possibile lo spostamento non adiacente". 9.4.2.6 lets the solo
    Jihadist travel to a destination with an adjacent cell; the cell must then come from there.
    Somalia (box 1) has Yemen's cell next to it; Islamist Rule Afghanistan (5 cells > 1 op) would
    be the first origin, but cannot travel there this turn: Yemen's cell goes, without a roll (model
    fix: the Afghan cell used to roll for a non-adjacent Travel under Biometrics)."""
    st = pos({"Afghanistan": {"cells": 5}, "Yemen": {"gov": "poor", "align": "neutral", "cells": 1},
              "Somalia": {"besieged": True}}, lapsing=[2])
    run_solo(st, "solo_travel", [4], value=1, card_value=1, card=100)   # 4: Somalia tested Poor
    assert st.prompts == ["test Somalia"]          # the only chance node: no Travel roll
    assert (cells(st, "Somalia"), cells(st, "Yemen"), cells(st, "Afghanistan")) == (1, 0, 5)


@pytest.mark.rule("9.4.2.6", "9.4.3", "card 2")
def test_9_4_2_6_biometrics_destination_without_adjacent_cell_radicalizes():
    """9.4.2.6 "Se l'evento Biometrico è in gioco e non vi sono cellule adiacenti alla destinazione
    scelta, usate invece il valore operazionale della carta per la Radicalizzazione": Somalia (box 1)
    has no cell next to it; the op is given back for Radicalization and nothing travels."""
    st = pos({"Afghanistan": {"cells": 5}, "Somalia": {"besieged": True}}, lapsing=[2])
    run_solo(st, "solo_travel", [], value=1, card_value=1, card=100)
    assert result(st)["left"] == 1
    assert (cells(st, "Afghanistan"), cells(st, "Somalia")) == (5, 0) and st.prompts == []
    st.d["lapsing"] = []
    start_solo(st, "solo_travel", value=1, card_value=1, card=100)
    assert st.decision()["prompt"] == "test Somalia"
