"""9.5 Random Country and 9.5.1 Nearest Country, with scripted dice (IT "PAESE A CASO").

A pick is the ``solo_pick`` procedure; ``helpers.pick`` runs one among countries and returns the
country picked. Die faces go to the options in the map's order (data/map.yaml), which is what
another implementation needs to map a die to the same country. The Global table has no source for
its cells (data/solo_tables.yaml): a pick among more than six options is a uniform chance node
flagged ``gap`` in ``decision()``. The Schengen and Shia-Mix tables come from one source each
(``solo_schengen_table`` / ``solo_shia_mix_table`` rulings: the table or a uniform choice).
"""
from __future__ import annotations

from fractions import Fraction

import pytest

from cdg_oracle.model.labyrinth.solo.random_country import nearest
from tests.labyrinth.solo.helpers import pick, result, run_solo, solo_position, start_solo


def pos(**kw):
    return solo_position("lets_roll", bare=True, **kw)


# == 9.5 the die method ================================================================================
@pytest.mark.rule("9.5")
@pytest.mark.parametrize("die,picked", [(1, "Afghanistan"), (3, "Afghanistan"), (4, "Gulf States"), (6, "Gulf States")])
def test_9_5_two_options_1_3_and_4_6(die, picked):
    """9.5 "abbinate ogni paese possibile ad un risultato di un dado e tirate un dado"; with two
    options each takes three faces (the 9.5.1 example: "AFGHANISTAN con '1-3' e gli Stati del Golfo
    con '4-6'")."""
    st = pos()
    assert pick(st, ["Gulf States", "Afghanistan"], [die]) == picked
    assert st.prompts == ["test pick: d6 1-3 Afghanistan, 4-6 Gulf States"]


@pytest.mark.rule("9.5")
@pytest.mark.parametrize("die,picked", [(1, "Iraq"), (2, "Iraq"), (3, "Somalia"), (4, "Somalia"), (5, "Syria"), (6, "Syria")])
def test_9_5_three_options_two_faces_each(die, picked):
    """9.5 with three options: 1-2, 3-4, 5-6, in map order."""
    st = pos()
    assert pick(st, ["Syria", "Somalia", "Iraq"], [die]) == picked


@pytest.mark.rule("9.5")
def test_9_5_four_options_reroll_5_and_6():
    """9.5 with four options: one face each (1-4), 5 and 6 are rolled again."""
    st = pos()
    assert pick(st, ["Yemen", "Iraq", "Egypt", "Jordan"], [5, 6, 2]) == "Iraq"
    assert st.prompts == ["test pick: d6 1 Egypt, 2 Iraq, 3 Jordan, 4 Yemen, 5-6 roll again"] * 3


@pytest.mark.rule("9.5")
def test_9_5_five_options_reroll_6():
    st = pos()
    assert pick(st, ["Yemen", "Iraq", "Egypt", "Jordan", "Libya"], [6, 5]) == "Yemen"
    assert st.prompts == ["test pick: d6 1 Egypt, 2 Iraq, 3 Jordan, 4 Libya, 5 Yemen, 6 roll again"] * 2


@pytest.mark.rule("9.5")
@pytest.mark.parametrize("die,picked", list(enumerate(
    ["Benelux", "France", "Iraq", "Pakistan", "Spain", "Yemen"], start=1)))
def test_9_5_six_options_one_face_each_in_map_order(die, picked):
    """9.5 with six options: one face each, given in the map's order whatever order the options
    were offered in; the die is a fair chance node."""
    st = pos()
    names = ["Yemen", "Spain", "Pakistan", "Iraq", "France", "Benelux"]
    start_solo(st, "test_solo_pick", options=[{"country": n} for n in sorted(names)], names=sorted(names))
    assert st.chance_outcomes() == [({"die": k}, Fraction(1, 6)) for k in range(1, 7)]
    assert pick(pos(), names, [die]) == picked


@pytest.mark.rule("9.5")
def test_9_5_more_than_six_options_is_a_gap_node():
    """9.5 "Se vi sono più di 6 opzioni, tirate un dado marrone ed uno nero sulla tabella
    'Globale'": no source gives that table's cells, so the model poses a uniform chance node over
    the options and flags it as a gap in ``decision()``."""
    st = pos()
    names = ["Benelux", "Egypt", "France", "Iraq", "Pakistan", "Spain", "Yemen"]
    start_solo(st, "test_solo_pick", options=[{"country": n} for n in names], names=names)
    assert "Global table" in st.decision()["gap"]
    assert st.chance_outcomes() == [({"country": n}, Fraction(1, 7)) for n in names]
    from tests.labyrinth.solo.helpers import solo_feed
    solo_feed(st, [{"country": "Iraq"}])
    assert result(st)["picked"] == {"country": "Iraq"}


@pytest.mark.rule("9.5")
def test_9_5_single_option_needs_no_die():
    st = pos()
    assert pick(st, ["Iraq"], []) == "Iraq"
    assert st.prompts == []


# == the Schengen table ================================================================================
@pytest.mark.rule("9.5")
@pytest.mark.parametrize("die,picked", [(1, "Scandinavia"), (2, "Benelux"), (3, "Germany"),
                                        (4, "France"), (5, "Spain"), (6, "Italy")])
def test_9_5_schengen_table_faces(die, picked):
    """9.5 "Se è specificato Schengen ... tirate un dado sulla tabella 'Schengen' (notate che la
    tabella omette EUROPA ORIENTALE)": the faces of data/solo_tables.yaml (source C, unconfirmed)."""
    st = pos()
    schengen = list(st.map.schengen)
    assert pick(st, schengen, [die], method="schengen") == picked


@pytest.mark.rule("9.5", "9.5.1")
def test_9_5_schengen_result_not_usable_goes_to_the_nearest():
    """A plot in France (8.5.6): the other Schengen countries are the options. A 4 gives France,
    not usable: 9.5.1, the nearest usable countries (all six, adjacent through Schengen, Eastern
    Europe included) and a die among them, one face each in map order: 2 is Eastern Europe."""
    st = pos()
    others = [n for n in st.map.schengen if n != "France"]
    assert pick(st, others, [4, 2], method="schengen") == "Eastern Europe"
    assert st.prompts[1] == ("test pick: d6 1 Benelux, 2 Eastern Europe, 3 Germany, 4 Italy, "
                             "5 Scandinavia, 6 Spain")
    assert "9.5.1" in st.trail


@pytest.mark.rule("9.5")
def test_9_5_schengen_uniform_ruling():
    """``solo_schengen_table`` 'uniform' (sources A and B): the die method among the options, no
    table (two options: 1-3 / 4-6)."""
    st = pos(rulings={"solo_schengen_table": "uniform"})
    assert pick(st, ["Spain", "Italy"], [3], method="schengen") == "Italy"
    assert st.prompts == ["test pick: d6 1-3 Italy, 4-6 Spain"]
    # the six others of France, Eastern Europe (not on the table) included: one face each
    st = pos(rulings={"solo_schengen_table": "uniform"})
    others = [n for n in st.map.schengen if n != "France"]
    assert pick(st, others, [2], method="schengen") == "Eastern Europe"


# == the Shia-Mix table ================================================================================
SHIA_MIX = ["Afghanistan", "Gulf States", "Iraq", "Lebanon", "Pakistan", "Saudi Arabia", "Turkey", "Yemen"]


@pytest.mark.rule("9.5")
@pytest.mark.parametrize("dice,picked", [((1, 1, 1), "Turkey"), ((2, 2, 3), "Lebanon"), ((4, 4, 3), "Iraq"),
                                         ((6, 4, 3), "Pakistan"), ((6, 6, 6), "Afghanistan")])
def test_9_5_shia_mix_three_dice_summed(dice, picked):
    """9.5 "Se è specificato Misto Sciita, sommate assieme i tiri di tre dadi sulla tabella
    omonima": three chance nodes, their sum on the table (source A: 3-4 Turkey ... 17-18
    Afghanistan)."""
    st = pos()
    assert pick(st, SHIA_MIX, list(dice), method="shia_mix") == picked
    assert len(st.prompts) == 3 and st.prompts[2].endswith("Shia-Mix table, die 3 of 3")


@pytest.mark.rule("9.5", "9.5.1")
def test_9_5_1_shia_mix_nearest_with_a_tie():
    """9.5.1 "cercate il più vicino paese (contando per paesi adiacenti) e scegliete tra questi con
    un tiro di dado": 9 (Yemen) when only Gulf States and Iraq qualify: both two steps away
    (through Saudi Arabia): a die, 1-3 Gulf States, 4-6 Iraq."""
    st = pos()
    assert pick(st, ["Iraq", "Gulf States"], [3, 3, 3, 5], method="shia_mix") == "Iraq"
    assert st.prompts[3] == "test pick: d6 1-3 Gulf States, 4-6 Iraq"
    st = pos()
    # 3 (Turkey), options Iraq and Pakistan: Iraq is adjacent, Pakistan two steps (through Iran)
    assert pick(st, ["Iraq", "Pakistan"], [1, 1, 1], method="shia_mix") == "Iraq"
    assert len(st.prompts) == 3


@pytest.mark.rule("9.5")
def test_9_5_shia_mix_uniform_ruling():
    """``solo_shia_mix_table`` 'uniform': a uniform chance node over the Shia-Mix options."""
    st = pos(rulings={"solo_shia_mix_table": "uniform"})
    start_solo(st, "test_solo_pick", options=[{"country": n} for n in SHIA_MIX], names=SHIA_MIX,
               method="shia_mix")
    assert st.chance_outcomes() == [({"country": n}, Fraction(1, 8)) for n in SHIA_MIX]


# == 9.5.1 nearest =====================================================================================
@pytest.mark.rule("9.5.1", "4.1.1")
def test_9_5_1_nearest_by_graph_distance():
    """9.5.1 "contando per paesi adiacenti": breadth-first distance on the map; every usable country
    at the least distance, in map order; the origin itself when usable."""
    st = pos()
    assert nearest(st, "Somalia", ["Egypt", "Yemen", "Saudi Arabia"]) == ["Yemen"]
    assert nearest(st, "Somalia", ["Egypt", "Libya", "Saudi Arabia", "Iraq"]) == ["Egypt", "Libya", "Saudi Arabia"]
    assert nearest(st, "Iraq", ["Iraq", "Syria"]) == ["Iraq"]
    assert nearest(st, "China", ["Philippines", "Pakistan"]) == ["Philippines"]   # via Thailand


@pytest.mark.rule("9.5.1", "card 43")
def test_9_5_1_nearest_with_patriot_act():
    """Card 43 Patriot Act: the United States is adjacent only to Canada; distances follow."""
    st = pos()
    assert nearest(st, "United States", ["Philippines", "Canada"]) == ["Canada", "Philippines"]
    st.d["countries"]["United States"]["markers"] = ["Patriot Act"]
    assert nearest(st, "United States", ["Philippines", "Canada"]) == ["Canada"]


@pytest.mark.rule("9.5", "9.5.1", "9.4.2.1")
def test_9_5_global_nearest():
    """9.4.2.1 (Jihadist Videos, Madrassas): "tirate sulla tabella 'Globale' (9.5) e trovate il paese
    più vicino che soddisfa la condizione": the Global substitute (a gap node over the 38
    countries), then 9.5.1: Jordan, next to both Iraq and Syria: a die between them."""
    st = pos()
    assert pick(st, ["Iraq", "Syria"], [{"country": "Jordan"}, 4], method="global_nearest") == "Syria"
    st = pos()
    assert pick(st, ["Iraq", "Syria"], [{"country": "Iraq"}], method="global_nearest") == "Iraq"
    st = start_solo(pos(), "test_solo_pick", options=[{"country": "Iraq"}, {"country": "Syria"}],
                    names=["Iraq", "Syria"], method="global_nearest")
    assert st.decision()["gap"] and len(st.chance_outcomes()) == len(st.map.names) == 38


@pytest.mark.rule("9.5", "9.5.1", "9.4.2.2")
@pytest.mark.parametrize("die,site", [(2, "Afghanistan"), (3, "Afghanistan"), (4, "Gulf States"), (6, "Gulf States")])
def test_9_5_1_example_of_the_rulebook(die, site):
    """The 9.5.1 example: "la jihad deve usare 2 operazioni come Complotto. Non vi sono cellule negli
    Stati Uniti, e non è in effetto Abu Sayyaf. Il Prestigio è Alto, vi sono truppe USA e due cellule
    ciascuna in AFGHANISTAN e Stati del Golfo, ed entrambi i paesi sono Discreti ... il giocatore
    designa l'AFGHANISTAN con '1-3' e gli Stati del Golfo con '4-6' e tira un dado per determinare
    dove avverranno le due operazioni"."""
    st = pos(prestige=8, countries={
        "Afghanistan": {"gov": "fair", "align": "ally", "troops": 2, "cells": 2},
        "Gulf States": {"troops": 2, "cells": 2}})
    start_solo(st, "solo_plot", value=2, card=45)
    assert st.decision()["prompt"] == "Plot: which country (9.4.2.2): d6 1-3 Afghanistan, 4-6 Gulf States"
    from tests.labyrinth.solo.helpers import solo_feed
    solo_feed(st, [die])
    plot = next(f for f in st.d["stack"] if f["proc"] == "op_plot")
    assert plot["dice"] == [site, site]                 # both ops in the country picked
    solo_feed(st, [6, 6])                               # two failed Plot dice
    assert st.legal_actions() == ["halt"]
    assert st.d["countries"][site]["actives"] == 2


# == 9.3.2 a random plot marker ========================================================================
@pytest.mark.rule("9.3.2", "9.5")
@pytest.mark.parametrize("die,marker", [(1, 1), (2, 1), (3, 2), (5, 3)])
def test_9_3_2_random_plot_marker_one_face_per_marker(die, marker):
    """9.3.2 "pone un segnalino di Complotto a caso": each Available marker is one option (one die
    face each for the six markers 1, 1, 2, 2, 3, 3), whatever the card's value. A 1-op Plot
    succeeding in the US (die 1) places the marker the die picks."""
    st = pos(countries={"United States": {"cells": 1}})
    run_solo(st, "solo_plot", [1, die], value=1, card=3)
    assert st.d["countries"]["United States"]["plots"] == [marker]
    assert st.prompts[1].endswith("d6 1 1, 2 1, 3 2, 4 2, 5 3, 6 3")
