"""Jihadist operations (rulebook chapter 8): Recruit (8.2), Travel (8.3), Jihad (8.4), Plot (8.5).

Every test builds a Let's Roll position, edits it, and drives one operation procedure with
scripted choices and dice (an int in a script is a die). The Italian rulebook
(seeds/000_61ca04b15074b205.txt, chapter 8) is the primary text; the dossier
(research/seed_labyrinth.md, c.3 and h.4) is cited where it supplies the fixture.

Let's Roll start (what the tests build on): Afghanistan Islamist Rule Adversary with 4 Sleepers;
Gulf States Fair Ally and Saudi Arabia Poor Ally with 2 troops each; Iraq and Libya Poor
Adversary; Pakistan Fair Neutral; Syria Fair Adversary; Somalia untested with a Besieged Regime;
Israel Hard; Funding 9, Prestige 7, 11 cells on the Funding track.
"""
from __future__ import annotations

import pytest

from cdg_oracle.model.labyrinth.operations.jihadist import DONE, available_ops, success
from cdg_oracle.model.labyrinth.rulings import LabyrinthRulings
from cdg_oracle.model.labyrinth.tracks import available_cells, world_posture
from tests.labyrinth.harness import conserve, feed, finished, position, run_proc, start_proc



# -- helpers ------------------------------------------------------------------------------------
def jpos(countries: dict | None = None, **tracks):
    """A Let's Roll position with ``countries`` edited and the cubes and cylinders conserved."""
    st = position("lets_roll", countries=countries, **tracks)
    conserve(st)
    return st


def ruling(st, **values) -> None:
    st.d["rulings"].update(values)
    st.rulings = LabyrinthRulings.from_dict(st.d["rulings"])


def jop(st, proc: str, script: list, value: int):
    card = {1: 100, 2: 28, 3: 78}[value]
    return run_proc(st, proc, script, side="Jihadist", card=card, value=value)


def jstart(st, proc: str, value: int):
    card = {1: 100, 2: 28, 3: 78}[value]
    return start_proc(st, proc, side="Jihadist", card=card, value=value)


def cells(st, name: str) -> int:
    c = st.d["countries"][name]
    return c["sleepers"] + c["actives"]


def country(st, name: str) -> dict:
    return st.d["countries"][name]


def is_chance(st) -> bool:
    return st.current_player() == "chance"


def check_conservation(st) -> None:
    d = st.d
    assert d["cells_track"] + sum(c["sleepers"] + c["actives"] for c in d["countries"].values()) == 15
    assert d["troops_track"] + sum(c["troops"] for c in d["countries"].values()) == 15


def count_gov(st, govs) -> int:
    return sum(1 for n in st.map.muslim if country(st, n)["gov"] in govs)


# == 8.1 General ================================================================================
@pytest.mark.rule("8.1.1")
@pytest.mark.parametrize("name,die,ok", [
    ("United Kingdom", 1, True), ("United Kingdom", 2, False),      # Good: 1 only
    ("Philippines", 2, True), ("Philippines", 3, False),            # Fair: 2 or less
    ("Iraq", 3, True), ("Iraq", 4, False),                          # Poor: 3 or less
])
def test_8_1_1_success_numbers_by_governance(name, die, ok):
    """8.1.1: a die succeeds on <= the target's Governance: Good 1, Fair 2, Poor 3 (here through a
    one-die Plot, which rolls against the Governance, 8.5.2)."""
    st = jpos({name: {"sleepers": 1, "posture": "hard" if name != "Iraq" else None}},
              plots_available=[1, 1, 2, 2, 3, 3])
    assert success(st, name, die) is ok
    script = [{"country": name}, die] + ([{"plot": 1}] if ok else [])
    jop(st, "op_plot", script, 1)
    assert country(st, name)["plots"] == ([1] if ok else [])


@pytest.mark.rule("8.1.1")
def test_8_1_1_islamist_rule_is_automatic():
    """8.1.1: against Islamist Rule a Jihadist die succeeds automatically, whatever the roll."""
    st = jpos()
    assert all(success(st, "Afghanistan", die) for die in range(1, 7))


@pytest.mark.rule("8.1.2")
def test_8_1_2_every_die_is_assigned_before_any_roll():
    """8.1.2: declare where each die goes before rolling: no chance node until all 3 dice of a
    value-3 card are assigned; then the 3 rolls follow."""
    st = jpos({"Iraq": {"sleepers": 1}, "Syria": {"sleepers": 1}})
    jstart(st, "op_recruit", 3)
    for target in ("Iraq", "Syria"):
        assert st.current_player() == "Jihadist"
        feed(st, [{"country": target}])
    assert st.current_player() == "Jihadist"
    feed(st, [{"country": "Iraq"}])
    assert is_chance(st)
    feed(st, [1, 6, 3])          # Iraq (Poor) 1 ok, Syria (Fair) 6 fails, Iraq 3 ok
    assert finished(st)
    assert cells(st, "Iraq") == 3 and cells(st, "Syria") == 1


@pytest.mark.rule("8.1.2")
@pytest.mark.reading("P01")
def test_8_1_2_fully_used_ruling_offers_no_done_while_a_die_can_be_assigned():
    """8.1.2 ('roll a number of dice equal to the card value'), ruling jihadist_ops_fully_used
    (default True): while a legal assignment remains, the Jihadist may not stop early."""
    st = jpos({"Iraq": {"sleepers": 3}})
    assert st.rulings.jihadist_ops_fully_used is True
    jstart(st, "op_jihad", 3)
    assert st.legal_actions() == [{"country": "Iraq"}]
    feed(st, [{"country": "Iraq"}])
    assert st.legal_actions() == [{"country": "Iraq"}]
    assert DONE not in st.legal_actions()


@pytest.mark.rule("8.1.2")
@pytest.mark.reading("P01")
def test_8_1_2_not_fully_used_ruling_lets_the_jihadist_stop_after_one_die():
    """Ruling jihadist_ops_fully_used=False: after the first die, 'done' is offered and stops the
    assignments; only the dice assigned are rolled."""
    st = jpos({"Iraq": {"sleepers": 3}})
    ruling(st, jihadist_ops_fully_used=False)
    jstart(st, "op_jihad", 3)
    assert st.legal_actions() == [{"country": "Iraq"}]          # at least one die
    feed(st, [{"country": "Iraq"}])
    assert st.legal_actions() == [{"country": "Iraq"}, DONE]
    feed(st, [DONE, 5])
    assert finished(st)
    assert cells(st, "Iraq") == 2                                # one die, failed: one cell lost


@pytest.mark.rule("8.1.3")
def test_8_1_3_available_operations():
    """8.1.3: Recruit needs a cell or Cadre; Travel a cell; Jihad a cell in a tested Muslim non-IR
    country; Plot a cell in a non-IR country. With cells only in IR Afghanistan: Recruit, Travel."""
    st = jpos()
    assert available_ops(st, 3) == [{"op": "recruit"}, {"op": "travel"}]
    country(st, "Iran")["sleepers"] = 1
    conserve(st)
    assert available_ops(st, 3) == [{"op": "recruit"}, {"op": "travel"}, {"op": "plot"}]
    country(st, "Iraq")["sleepers"] = 1
    conserve(st)
    assert available_ops(st, 3) == [{"op": "recruit"}, {"op": "travel"}, {"op": "jihad"}, {"op": "plot"}]


# == 8.2 Recruit ================================================================================
@pytest.mark.rule("8.2.2")
def test_8_2_2_recruit_targets_need_a_cell_or_a_cadre():
    """8.2.2: the country must already hold a cell or a Cadre; any other country is not offered."""
    st = jpos({"Iraq": {"sleepers": 1}, "Pakistan": {"cadre": True}, "Philippines": {"actives": 1, "posture": "soft"}})
    jstart(st, "op_recruit", 1)
    assert st.legal_actions() == [{"country": "Afghanistan"}, {"country": "Iraq"},
                                  {"country": "Pakistan"}, {"country": "Philippines"}]


@pytest.mark.rule("8.2.1")
@pytest.mark.parametrize("die,placed", [(3, 1), (4, 0)])
def test_8_2_1_recruit_rolls_against_governance(die, placed):
    """8.2.1, 8.1.1: in a Poor country (Iraq) a Recruit die succeeds on 1-3 and places one
    Available Sleeper; a failed die has no effect."""
    st = jpos({"Iraq": {"sleepers": 1}})
    jop(st, "op_recruit", [{"country": "Iraq"}, die], 1)
    assert country(st, "Iraq")["sleepers"] == 1 + placed
    assert st.d["cells_track"] == 10 - placed
    check_conservation(st)


@pytest.mark.rule("8.2.4")
@pytest.mark.parametrize("name,gov_would_need", [("Philippines", 2), ("United Kingdom", 1)])
def test_8_2_4_recruit_numbers_replace_governance(name, gov_would_need):
    """8.2.4: REC numbers replace Governance: Philippines (Fair) and the United Kingdom (Good) both
    print REC 3, so 3 succeeds although Governance alone would need <= 2 / <= 1, and 4 fails.
    (The IT example: 'Recruit in the Philippines succeeds on 3 or less, not 2 or less'.)"""
    st = jpos({name: {"sleepers": 1, "posture": "soft"}})
    assert st.map.countries[name].recruit == 3
    jop(st, "op_recruit", [{"country": name}] * 2 + [3, 4], 2)
    assert cells(st, name) == 2


@pytest.mark.rule("8.2.3")
def test_8_2_3_recruit_in_regime_change_is_automatic():
    """8.2.3: Recruit dice in a Regime Change country succeed automatically: no die is rolled."""
    st = jpos({"Iraq": {"gov": "fair", "align": "ally", "rc": "tan", "troops": 6, "sleepers": 1}})
    jstart(st, "op_recruit", 2)
    feed(st, [{"country": "Iraq"}, {"country": "Iraq"}])
    assert finished(st)
    assert country(st, "Iraq")["sleepers"] == 3
    check_conservation(st)


@pytest.mark.rule("8.1.1", "8.2.1")
def test_fixture1_step1_recruit_three_in_islamist_rule_afghanistan():
    """IT 2-player example, card 1 (#35 Hijab for 3 Ops): Recruit x3 in IR Afghanistan succeeds
    automatically (8.1.1): Afghanistan 7 Sleepers, 8 cells left on the track."""
    st = jpos()
    jop(st, "op_recruit", [{"country": "Afghanistan"}] * 3, 3)
    assert country(st, "Afghanistan")["sleepers"] == 7
    assert st.d["cells_track"] == 8


@pytest.mark.rule("4.7.4.2")
def test_4_7_4_2_available_cells_example():
    """4.7.4.2 example: Funding 6 (Moderate) with 12 cells on the track: the 7 in the Tight and
    Moderate boxes are Available, the 5 in Ample are not (D22: PL/ES wording)."""
    st = jpos({"Afghanistan": {"sleepers": 3}}, funding=6)
    assert st.d["cells_track"] == 12
    assert available_cells(st.d) == 7


@pytest.mark.rule("4.7.4.2")
@pytest.mark.parametrize("funding,track,avail", [
    (1, 12, 2), (3, 10, 0), (4, 12, 7), (6, 4, 0), (7, 12, 12), (9, 3, 3),
])
def test_4_7_4_2_available_cells_by_funding_level(funding, track, avail):
    """4.7.4.2: boxes Tight | Moderate | Ample of 5 cylinders, filled right to left; only those at
    or left of the Funding marker are Available."""
    st = jpos({"Afghanistan": {"sleepers": 15 - track}}, funding=funding)
    assert st.d["cells_track"] == track
    assert available_cells(st.d) == avail


@pytest.mark.rule("8.2.1", "4.7.4.2")
def test_8_2_1_recruit_places_no_more_than_the_available_cells():
    """8.2.1: each success places one *Available* cell. Funding 3 (Tight) with 11 cells on the
    track: 1 Available, so 3 successes in one country place 1 (nothing to distribute)."""
    st = jpos({"Afghanistan": {"sleepers": 3}, "Iraq": {"sleepers": 1}}, funding=3)
    assert st.d["cells_track"] == 11 and available_cells(st.d) == 1
    jop(st, "op_recruit", [{"country": "Iraq"}] * 3 + [1, 2, 3], 3)
    assert country(st, "Iraq")["sleepers"] == 2
    assert st.d["cells_track"] == 10


@pytest.mark.rule("8.2.1", "8.2.2")
def test_8_2_1_no_available_cell_places_nothing_and_the_cadre_stays():
    """8.2.1, 8.2.2: Funding 2 (Tight) with 10 on the track: none Available; a successful die in a
    Cadre country places nothing and the Cadre stays."""
    st = jpos({"Afghanistan": {"sleepers": 5}, "Iraq": {"cadre": True}}, funding=2)
    assert st.d["cells_track"] == 10 and available_cells(st.d) == 0
    jop(st, "op_recruit", [{"country": "Iraq"}, 1], 1)
    assert cells(st, "Iraq") == 0 and country(st, "Iraq")["cadre"] is True


@pytest.mark.rule("8.2.2", "4.8.4")
@pytest.mark.parametrize("die,cadre", [(1, False), (4, True)])
def test_8_2_2_cadre_removed_when_the_first_cell_is_placed(die, cadre):
    """8.2.2, 4.8.4: a Cadre allows Recruit and is removed as soon as the first cell is placed
    from the Funding track; a failed Recruit leaves it."""
    st = jpos({"Iraq": {"cadre": True}})
    jop(st, "op_recruit", [{"country": "Iraq"}, die], 1)
    assert country(st, "Iraq")["cadre"] is cadre
    assert country(st, "Iraq")["sleepers"] == (0 if cadre else 1)


@pytest.mark.rule("8.1.2", "8.2.1")
def test_8_1_2_example_recruit_distribution_with_too_few_available_cells():
    """8.1.2 example: Recruit 2 dice in Afghanistan and 1 in Central Asia, both Fair Allies; three
    successes but only 2 Available cells: the Jihadist distributes them between the two."""
    st = jpos({"Afghanistan": {"gov": "fair", "align": "ally", "sleepers": 2},
               "Central Asia": {"gov": "fair", "align": "ally", "sleepers": 1}}, funding=1)
    assert st.d["cells_track"] == 12 and available_cells(st.d) == 2
    jstart(st, "op_recruit", 3)
    feed(st, [{"country": "Afghanistan"}, {"country": "Afghanistan"}, {"country": "Central Asia"}, 1, 2, 2])
    assert st.current_player() == "Jihadist"
    assert st.legal_actions() == [{"country": "Afghanistan"}, {"country": "Central Asia"}]
    before = st.clone()
    feed(st, [{"country": "Afghanistan"}])
    assert st.legal_actions() == [{"country": "Afghanistan"}, {"country": "Central Asia"}]
    feed(st, [{"country": "Afghanistan"}])
    assert finished(st)
    assert cells(st, "Afghanistan") == 4 and cells(st, "Central Asia") == 1
    assert st.d["cells_track"] == 10 and available_cells(st.d) == 0
    # Central Asia's single success placed first: the other Available cell can only go to Afghanistan.
    st = before
    feed(st, [{"country": "Central Asia"}])
    assert finished(st)
    assert cells(st, "Afghanistan") == 3 and cells(st, "Central Asia") == 2


@pytest.mark.rule("8.2.1")
def test_fixture1_step16_recruit_two_in_somalia():
    """IT 2-player example, Jihadist card #22 (2 Ops): Recruit twice in Poor Somalia, rolls 2 and 3
    both succeed: Somalia 3 cells, 7 on the track."""
    st = jpos({"Afghanistan": {"gov": "poor", "align": "ally", "rc": "green", "troops": 6, "sleepers": 3, "actives": 0},
               "Pakistan": {"gov": "poor", "cadre": True},
               "Philippines": {"sleepers": 2, "posture": "hard"}, "Russia": {"posture": "hard"},
               "Gulf States": {"gov": "good"},
               "Somalia": {"gov": "poor", "align": "neutral", "sleepers": 1}})
    assert st.d["cells_track"] == 9
    jstart(st, "op_recruit", 2)
    assert st.legal_actions() == [{"country": n} for n in ("Afghanistan", "Pakistan", "Philippines", "Somalia")]
    feed(st, [{"country": "Somalia"}, {"country": "Somalia"}, 2, 3])
    assert finished(st)
    assert country(st, "Somalia")["sleepers"] == 3 and st.d["cells_track"] == 7


@pytest.mark.rule("8.2.3", "8.2.1")
def test_fixture1_step19_recruit_regime_change_automatic_and_somalia_rolls():
    """IT 2-player example, last Jihadist card (#85, printed '#84'): Recruit 2 in Somalia and 1 in
    Afghanistan; Afghanistan (Regime Change) is automatic, Somalia rolls 3 and 3: Somalia 5,
    Afghanistan 2, 6 cells on the track."""
    st = jpos({"Afghanistan": {"gov": "fair", "align": "ally", "rc": "green", "troops": 6, "sleepers": 1, "actives": 0},
               "Pakistan": {"gov": "poor", "cadre": True},
               "Philippines": {"sleepers": 2, "posture": "hard"}, "Russia": {"posture": "hard"},
               "Gulf States": {"gov": "good"},
               "Somalia": {"gov": "poor", "align": "neutral", "sleepers": 3}})
    assert st.d["cells_track"] == 9
    jop(st, "op_recruit", [{"country": "Somalia"}, {"country": "Somalia"}, {"country": "Afghanistan"}, 3, 3], 3)
    assert cells(st, "Somalia") == 5 and cells(st, "Afghanistan") == 2
    assert st.d["cells_track"] == 6


# == 8.3 Travel =================================================================================
@pytest.mark.rule("8.3.1", "8.3.2", "4.9.4")
def test_fixture1_step2_travel_three_cells_from_afghanistan():
    """IT 2-player example, card #95 (3 Ops), after Recruit x3: Travel 3 from Afghanistan:
    Pakistan (adjacent) arrives automatically; Philippines is tested (2 -> Soft, World 0), rolls 1
    <= Fair 2 and arrives; Russia is tested (5 -> Hard, World Hard 1), rolls 6 and the cell goes
    to the track. Afghanistan 4, Pakistan 1, Philippines 1, track 9."""
    st = jpos()
    jop(st, "op_recruit", [{"country": "Afghanistan"}] * 3, 3)
    jstart(st, "op_travel", 3)
    assert st.legal_actions() == [{"from": "Afghanistan"}]
    feed(st, [{"from": "Afghanistan"}])
    assert st.legal_actions() == [{"to": n} for n in st.map.names]
    feed(st, [{"to": "Pakistan"}, {"from": "Afghanistan"}, {"to": "Philippines"},
              {"from": "Afghanistan"}, {"to": "Russia"}])
    feed(st, [2])                                     # test the Philippines
    assert country(st, "Philippines")["posture"] == "soft" and world_posture(st.d) == 0
    feed(st, [1])                                     # travel roll: arrives
    feed(st, [5])                                     # test Russia
    assert country(st, "Russia")["posture"] == "hard" and world_posture(st.d) == 1
    feed(st, [6])                                     # travel roll: fails
    assert finished(st)
    assert [cells(st, n) for n in ("Afghanistan", "Pakistan", "Philippines", "Russia")] == [4, 1, 1, 0]
    assert country(st, "Philippines")["sleepers"] == 1 and country(st, "Pakistan")["sleepers"] == 1
    assert st.d["cells_track"] == 9
    assert not country(st, "Russia")["cadre"]


@pytest.mark.rule("8.3.1", "4.9.4")
def test_fixture1_step15_travel_the_active_cell_to_untested_somalia():
    """IT 2-player example, card #100 (1 Op): Afghanistan's only Active cell travels to Somalia.
    Somalia is tested first (3 -> Poor Neutral: Poor/IR countries 6); not adjacent, so the cell
    rolls 2 <= Poor 3 and arrives as a Sleeper. Somalia keeps its Besieged Regime."""
    st = jpos({"Afghanistan": {"gov": "poor", "align": "ally", "rc": "green", "troops": 6,
                               "actives": 1, "sleepers": 3},
               "Pakistan": {"gov": "poor", "cadre": True},
               "Philippines": {"actives": 2, "posture": "hard"}, "Russia": {"posture": "hard"},
               "Gulf States": {"gov": "good"}})
    assert st.d["cells_track"] == 9
    jstart(st, "op_travel", 1)
    assert st.legal_actions() == [{"from": "Afghanistan"}, {"from": "Philippines"}]
    feed(st, [{"from": "Afghanistan"}])
    assert st.legal_actions() == [{"cell": "active"}, {"cell": "sleeper"}]
    feed(st, [{"cell": "active"}, {"to": "Somalia"}, 3])
    assert (country(st, "Somalia")["gov"], country(st, "Somalia")["align"]) == ("poor", "neutral")
    assert count_gov(st, ("poor", "islamist_rule")) == 6
    assert not st.map.are_adjacent("Afghanistan", "Somalia") and is_chance(st)
    feed(st, [2])
    assert finished(st)
    so, af = country(st, "Somalia"), country(st, "Afghanistan")
    assert (so["sleepers"], so["actives"], so["besieged"]) == (1, 0, True)
    assert (af["sleepers"], af["actives"]) == (3, 0)


@pytest.mark.rule("8.3.1")
def test_8_3_1_adjacent_travel_is_automatic_and_arrives_sleeper():
    """8.3.1: Travel to an adjacent country needs no roll; an Active cell arrives as a Sleeper."""
    st = jpos({"Iraq": {"actives": 1}})
    jop(st, "op_travel", [{"from": "Iraq"}, {"to": "Syria"}], 1)
    assert country(st, "Syria")["sleepers"] == 1 and country(st, "Syria")["actives"] == 0
    assert cells(st, "Iraq") == 0 and not country(st, "Iraq")["cadre"]


@pytest.mark.rule("8.3.1")
def test_8_3_1_travel_in_place_turns_an_active_cell_sleeper():
    """8.3.1: a cell may travel within its own country, automatically, to become a Sleeper again
    (IT example, card #100: 'could have used the single Op to travel in place')."""
    st = jpos({"Iraq": {"actives": 2}})
    jop(st, "op_travel", [{"from": "Iraq"}, {"to": "Iraq"}], 1)
    assert country(st, "Iraq")["actives"] == 1 and country(st, "Iraq")["sleepers"] == 1


@pytest.mark.rule("8.3.1", "8.3.2")
@pytest.mark.parametrize("dest,gov,die,arrives", [
    ("Egypt", "good", 1, True), ("Egypt", "good", 2, False),
    ("Syria", None, 2, True), ("Syria", None, 3, False),
    ("Iraq", None, 3, True), ("Iraq", None, 4, False),
])
def test_8_3_1_non_adjacent_travel_rolls_against_destination_governance(dest, gov, die, arrives):
    """8.3.1 (D07: '<=' as IT): a non-adjacent Travel arrives on a die <= the *destination's*
    Governance (Good 1, Fair 2, Poor 3); 8.3.2: otherwise the cell goes to the Funding track."""
    changes = {"Afghanistan": {"sleepers": 2}}
    if gov:
        changes[dest] = {"gov": gov, "align": "ally"}
    st = jpos(changes)
    jop(st, "op_travel", [{"from": "Afghanistan"}, {"to": dest}, die], 1)
    assert cells(st, dest) == (1 if arrives else 0)
    assert cells(st, "Afghanistan") == 1
    assert st.d["cells_track"] == (13 if arrives else 14)


@pytest.mark.rule("8.3.1", "8.1.1")
def test_8_3_1_travel_to_islamist_rule_is_automatic():
    """8.3.1 with 8.1.1: non-adjacent Travel to an Islamist Rule country succeeds automatically."""
    st = jpos({"Iraq": {"sleepers": 1}})
    assert not st.map.are_adjacent("Iraq", "Afghanistan")
    jop(st, "op_travel", [{"from": "Iraq"}, {"to": "Afghanistan"}], 1)
    assert cells(st, "Afghanistan") == 5 and cells(st, "Iraq") == 0


@pytest.mark.rule("8.3.2", "4.8.4")
def test_8_3_2_failed_travel_returns_the_cell_without_a_cadre():
    """8.3.2: a failed Travel roll removes the cell to the Funding track; no Cadre is placed (4.8.4)
    even when it was the last cell in its country."""
    st = jpos({"Iraq": {"actives": 1}, "Egypt": {"gov": "good", "align": "ally"}})
    jop(st, "op_travel", [{"from": "Iraq"}, {"to": "Egypt"}, 4], 1)
    assert cells(st, "Iraq") == 0 and cells(st, "Egypt") == 0
    assert not country(st, "Iraq")["cadre"] and not country(st, "Egypt")["cadre"]
    assert st.d["cells_track"] == 11
    check_conservation(st)


@pytest.mark.rule("8.3.3")
def test_8_3_3_each_cell_travels_at_most_once_per_card():
    """8.3.3: a cell travels at most once per card: after Afghanistan's only cell is declared it
    cannot be declared again, and the cell arriving in Pakistan cannot travel on; with no cell
    left to declare, the 3-Ops card moves only 2 cells."""
    st = jpos({"Afghanistan": {"sleepers": 1}, "Pakistan": {"sleepers": 1}})
    jstart(st, "op_travel", 3)
    assert st.legal_actions() == [{"from": "Afghanistan"}, {"from": "Pakistan"}]
    feed(st, [{"from": "Afghanistan"}, {"to": "Pakistan"}])
    assert st.legal_actions() == [{"from": "Pakistan"}]
    feed(st, [{"from": "Pakistan"}, {"to": "Afghanistan"}])
    assert finished(st)
    assert cells(st, "Afghanistan") == 1 and cells(st, "Pakistan") == 1


@pytest.mark.rule("8.3.3")
def test_8_3_3_all_origins_and_destinations_declared_before_rolling():
    """8.3.3: every origin and destination is declared before any test or roll."""
    st = jpos()
    jstart(st, "op_travel", 2)
    feed(st, [{"from": "Afghanistan"}, {"to": "Egypt"}])
    assert st.current_player() == "Jihadist"
    feed(st, [{"from": "Afghanistan"}, {"to": "Sudan"}])
    assert is_chance(st)
    assert country(st, "Egypt")["gov"] is None and country(st, "Sudan")["gov"] is None
    feed(st, [5, 2, 6, 1])        # Egypt tested Fair, roll 2 arrives; Sudan tested Fair, roll 1 arrives
    assert finished(st)
    assert cells(st, "Egypt") == 1 and cells(st, "Sudan") == 1


@pytest.mark.rule("8.3.1")
def test_8_3_1_choice_of_active_or_sleeper_cell():
    """8.3.1: with both kinds present the Jihadist chooses which cell travels; once only one kind
    is left undeclared there is no question."""
    st = jpos({"Iraq": {"actives": 1, "sleepers": 1}})
    jstart(st, "op_travel", 2)
    feed(st, [{"from": "Iraq"}])
    assert st.legal_actions() == [{"cell": "active"}, {"cell": "sleeper"}]
    feed(st, [{"cell": "sleeper"}, {"to": "Syria"}, {"from": "Iraq"}])
    assert st.legal_actions() == [{"to": n} for n in st.map.names]      # the Active is the one left
    feed(st, [{"to": "Iraq"}])
    assert finished(st)
    assert (country(st, "Iraq")["sleepers"], country(st, "Iraq")["actives"]) == (1, 0)
    assert country(st, "Syria")["sleepers"] == 1


@pytest.mark.rule("8.3.1", "4.9.4")
def test_4_9_4_adjacent_untested_destination_is_tested_then_arrives():
    """4.9.4: a destination chosen for Travel is tested even when adjacent; then the adjacent move
    is automatic (8.3.1)."""
    st = jpos()
    jop(st, "op_travel", [{"from": "Afghanistan"}, {"to": "Central Asia"}, 3], 1)
    assert country(st, "Central Asia")["gov"] == "poor" and country(st, "Central Asia")["align"] == "neutral"
    assert cells(st, "Central Asia") == 1


@pytest.mark.rule("4.9.5", "8.3.1", "8.3.2")
@pytest.mark.parametrize("die,arrives", [(2, True), (3, False)])
def test_4_9_5_example_travel_iraq_to_untested_sudan(die, arrives):
    """4.9.5 example: Travel Iraq -> Sudan (untested, not adjacent). The test roll 5 makes Sudan
    Fair Neutral; the Jihadist must still roll: 2 or less arrives, 3 or more goes to the track."""
    st = jpos({"Iraq": {"sleepers": 1}})
    assert not st.map.are_adjacent("Iraq", "Sudan")
    jop(st, "op_travel", [{"from": "Iraq"}, {"to": "Sudan"}, 5, die], 1)
    assert country(st, "Sudan")["gov"] == "fair" and country(st, "Sudan")["align"] == "neutral"
    assert cells(st, "Sudan") == (1 if arrives else 0)
    assert cells(st, "Iraq") == 0


@pytest.mark.rule("8.1.2", "8.3.1")
def test_8_1_2_example_travel_to_the_us_needs_1_and_to_iraq_needs_3_or_less():
    """8.1.2 example: one cell Afghanistan -> United States (Good: only a 1), one more from
    Afghanistan and one from Pakistan -> Iraq (Poor Adversary, not adjacent: 1-3)."""
    st = jpos({"Afghanistan": {"gov": "fair", "align": "ally", "sleepers": 2},
               "Pakistan": {"sleepers": 1}})
    jop(st, "op_travel", [{"from": "Afghanistan"}, {"to": "United States"},
                          {"from": "Afghanistan"}, {"to": "Iraq"},
                          {"from": "Pakistan"}, {"to": "Iraq"},
                          2, 3, 4], 3)
    assert cells(st, "United States") == 0      # 2 fails against Good
    assert cells(st, "Iraq") == 1               # 3 arrives, 4 fails
    assert cells(st, "Afghanistan") == 0 and cells(st, "Pakistan") == 0
    st = jpos({"Afghanistan": {"sleepers": 2}})
    jop(st, "op_travel", [{"from": "Afghanistan"}, {"to": "United States"}, 1], 1)
    assert cells(st, "United States") == 1


@pytest.mark.rule("card 43", "8.3.1")
@pytest.mark.parametrize("patriot,src,rolls,arrives", [
    (False, "United Kingdom", [], True),     # adjacent: automatic
    (True, "United Kingdom", [2], False),    # Patriot Act: not adjacent, needs a 1
    (True, "United Kingdom", [1], True),
    (True, "Canada", [], True),              # the US stays adjacent to Canada
])
def test_card_43_patriot_act_us_adjacent_only_to_canada(patriot, src, rolls, arrives):
    """Card 43 Patriot Act: while the US bears the marker it is adjacent only to Canada, so Travel
    from the United Kingdom to the US must roll (Good: 1) but from Canada stays automatic."""
    st = jpos({src: {"sleepers": 1, "posture": "hard"},
               "United States": {"markers": ["Patriot Act"] if patriot else []}})
    jop(st, "op_travel", [{"from": src}, {"to": "United States"}] + rolls, 1)
    assert cells(st, "United States") == (1 if arrives else 0)


# == 8.4 Jihad ==================================================================================
@pytest.mark.rule("8.4")
def test_8_4_jihad_targets_muslim_not_iran_not_islamist_rule_one_cell_per_die():
    """8.4: Jihad targets a Muslim country (not Iran), not under Islamist Rule, with one cell for
    each die: Iran, Afghanistan (IR) and the Philippines (non-Muslim) are never offered; Pakistan's
    single cell supports one die only."""
    st = jpos({"Iran": {"sleepers": 2}, "Philippines": {"sleepers": 2, "posture": "soft"},
               "Pakistan": {"sleepers": 1}, "Iraq": {"actives": 2}})
    jstart(st, "op_jihad", 3)
    assert st.legal_actions() == [{"country": "Iraq"}, {"country": "Pakistan"}]
    feed(st, [{"country": "Pakistan"}])
    assert st.legal_actions() == [{"country": "Iraq"}]
    feed(st, [{"country": "Iraq"}])
    assert st.legal_actions() == [{"country": "Iraq"}]
    feed(st, [{"country": "Iraq"}])
    assert is_chance(st)


@pytest.mark.rule("8.4", "8.4.1", "8.4.3")
def test_fixture3_jihad_example_a():
    """Jihad example A (8.4): 2 cells in a Good country, all other cells in non-Muslim or IR
    countries; a value-3 card can use only 2 dice. Both cells become Active. Roll 1 succeeds
    (Good -> Fair), roll 4 fails and removes a cell."""
    st = jpos({"Egypt": {"gov": "good", "align": "ally", "sleepers": 2}})
    jstart(st, "op_jihad", 3)
    feed(st, [{"country": "Egypt"}])
    assert st.legal_actions() == [{"country": "Egypt"}]
    feed(st, [{"country": "Egypt"}])
    assert is_chance(st)                                  # no third die: no cell left for it
    assert country(st, "Egypt")["actives"] == 2 and country(st, "Egypt")["sleepers"] == 0
    feed(st, [1, 4])
    assert finished(st)
    e = country(st, "Egypt")
    assert e["gov"] == "fair" and e["align"] == "ally"
    assert (e["actives"], e["sleepers"], e["cadre"]) == (1, 0, False)
    assert st.d["cells_track"] == 10


@pytest.mark.rule("8.4.2", "8.4.3", "8.4.3.1")
def test_fixture3_jihad_example_b():
    """Jihad example B (8.4): 6 Sleepers in a Fair Neutral country, Major Jihad with 3 Ops, rolls
    1, 2, 6. All cells become Active; the 1 makes it Poor; the single other success is not
    enough for Islamist Rule; the 6 removes a cell. No Besieged Regime and no shift toward Ally:
    the country was not Poor at the start (8.4.3.1)."""
    st = jpos({"Pakistan": {"gov": "fair", "align": "neutral", "sleepers": 6}})
    jstart(st, "op_jihad", 3)
    feed(st, [{"country": "Pakistan"}] * 3)
    assert st.legal_actions() == [{"major": True}, {"major": False}]
    feed(st, [{"major": True}])
    assert country(st, "Pakistan")["actives"] == 6 and country(st, "Pakistan")["sleepers"] == 0
    feed(st, [1, 2, 6])
    assert finished(st)
    p = country(st, "Pakistan")
    assert (p["gov"], p["align"], p["besieged"]) == ("poor", "neutral", False)
    assert (p["actives"], p["sleepers"]) == (5, 0)


@pytest.mark.rule("8.4.2", "8.4.4", "8.4.5", "8.4.3")
def test_fixture3_jihad_example_c():
    """Jihad example C (8.4): Major Jihad in Pakistan, Poor Ally with 7 cells, 2 troops, 1 Aid;
    rolls 2, 3, 4. The 4 removes a cell (6 left); the 2 and 3 make Islamist Rule: Adversary, Aid
    removed, Funding +2, the 3 Pakistani Arsenal WMD plots become Available, Prestige 1, the two
    troops stay."""
    st = jpos({"Pakistan": {"gov": "poor", "align": "ally", "sleepers": 7, "troops": 2, "aid": 1}},
              funding=5)
    run_proc(st, "op_jihad", [{"country": "Pakistan"}] * 3 + [{"major": True}, 2, 3, 4],
             side="Jihadist", card=78, value=3)
    p = country(st, "Pakistan")
    assert (p["gov"], p["align"], p["aid"], p["troops"]) == ("islamist_rule", "adversary", 0, 2)
    assert (p["actives"], p["sleepers"]) == (6, 0)
    assert st.d["funding"] == 7
    assert st.d["wmd_available"] == 3 and st.d["wmd_boxes"]["pakistan_arsenal"] == 0
    assert st.d["prestige"] == 1
    assert not st.is_terminal()
    check_conservation(st)


@pytest.mark.rule("8.4.4", "8.4.5")
def test_islamic_revolution_step_cites_its_rules():
    """DESIGN.md: each step says which rules it applied: the last die of Example C resolves the
    Jihad (8.4), the failure (8.4.3), the revolution (8.4.4) and the Pakistani arsenal (8.4.5)."""
    st = jpos({"Pakistan": {"gov": "poor", "align": "ally", "sleepers": 7, "troops": 2, "aid": 1}})
    jstart(st, "op_jihad", 3)
    feed(st, [{"country": "Pakistan"}] * 3 + [{"major": True}, 2, 3])
    st.apply({"die": 4})
    assert st.applied_rules()[0] == "8.4"
    assert {"8.4.3", "8.4.4", "8.4.5"} <= set(st.applied_rules())


@pytest.mark.rule("8.4.2", "8.4.1")
def test_d21_major_jihad_from_good_with_three_successes_ends_at_poor():
    """D21: Example B's last sentence says (IT) a single value-3 card can be both Minor and Major
    Jihad 'in a Good country'; PL/ES say Fair. From Good, 3 successes give Good -> Fair -> Poor and
    one success left, not the 2 Major Jihad needs (and a Good country has no Besieged Regime), so
    the country ends Poor, not Islamist Rule. The rulebook's own arithmetic (8.4.1, 8.4.2) wins."""
    st = jpos({"Pakistan": {"gov": "good", "align": "ally", "sleepers": 6}})
    jop(st, "op_jihad", [{"country": "Pakistan"}] * 3 + [{"major": True}, 1, 1, 1], 3)
    p = country(st, "Pakistan")
    assert (p["gov"], p["align"], p["besieged"], p["actives"]) == ("poor", "ally", False, 6)


@pytest.mark.rule("8.4.2", "8.4.4")
def test_8_4_2_major_jihad_fair_to_islamist_rule_with_three_successes():
    """8.4.2 / Example B note (PL/ES 'Fair'): one value-3 card in a Fair country with 3 successes is
    Minor (Fair -> Poor) and Major (Poor -> Islamist Rule) at once."""
    st = jpos({"Syria": {"gov": "fair", "align": "adversary", "sleepers": 6}}, funding=4)
    jop(st, "op_jihad", [{"country": "Syria"}] * 3 + [{"major": True}, 2, 1, 2], 3)
    s = country(st, "Syria")
    assert (s["gov"], s["align"], s["actives"]) == ("islamist_rule", "adversary", 6)
    assert st.d["funding"] == 6                              # + Syria's 2 Resources


@pytest.mark.rule("8.4.1")
def test_fixture1_step11_minor_jihad_afghanistan_and_pakistan():
    """IT 2-player example, card #78: Minor Jihad, 2 dice in Afghanistan (Fair Ally, Regime Change,
    6 troops, 4 Active cells) rolling 6 and 2: one cell lost, Fair -> Poor; 1 die in Pakistan (Fair,
    1 Sleeper) rolling 1: Poor, the cell becomes Active. Fair/Good 2, Poor/IR 5, 9 on the track."""
    st = jpos({"Afghanistan": {"gov": "fair", "align": "ally", "rc": "green", "troops": 6,
                               "actives": 4, "sleepers": 0},
               "Pakistan": {"sleepers": 1},
               "Philippines": {"sleepers": 2, "posture": "hard"}, "Russia": {"posture": "hard"},
               "Gulf States": {"gov": "good"}})
    assert st.d["cells_track"] == 8
    jop(st, "op_jihad", [{"country": "Afghanistan"}, {"country": "Afghanistan"}, {"country": "Pakistan"},
                         6, 2, 1], 3)
    a, p = country(st, "Afghanistan"), country(st, "Pakistan")
    assert (a["gov"], a["actives"], a["rc"], a["align"]) == ("poor", 3, "green", "ally")
    assert (p["gov"], p["actives"], p["sleepers"], p["align"]) == ("poor", 1, 0, "neutral")
    assert count_gov(st, ("good", "fair")) == 2 and count_gov(st, ("poor", "islamist_rule")) == 5
    assert st.d["cells_track"] == 9


@pytest.mark.rule("8.4.1")
def test_8_4_1_minor_jihad_never_reaches_islamist_rule():
    """8.4.1: unless the Major Jihad conditions are met, Jihad cannot bring a country to Islamist
    Rule: 3 successes in a Poor country with 3 cells leave it Poor (and the Alignment unchanged)."""
    st = jpos({"Iraq": {"sleepers": 3}})
    jstart(st, "op_jihad", 3)
    feed(st, [{"country": "Iraq"}] * 3)
    assert is_chance(st)                                     # no Major Jihad question: 3 - 0 < 5
    feed(st, [1, 2, 3])
    assert finished(st)
    i = country(st, "Iraq")
    assert (i["gov"], i["align"], i["actives"], i["besieged"]) == ("poor", "adversary", 3, False)


@pytest.mark.rule("8.4.1", "8.4.2")
def test_8_4_2_declining_major_jihad_keeps_it_minor_and_sleepers_chosen():
    """8.4.2: Major Jihad is the Jihadist's choice: declined, 3 successes in Poor Iraq (6 cells)
    leave it Poor; only the cells used become Active, and the Jihadist says how many of them are
    Sleepers (here 2 Active + 4 Sleepers: 1 to 3 of the 3 cells used are Sleepers)."""
    st = jpos({"Iraq": {"sleepers": 4, "actives": 2}})
    jstart(st, "op_jihad", 3)
    feed(st, [{"country": "Iraq"}] * 3 + [{"major": False}])
    assert st.legal_actions() == [{"sleepers": 1}, {"sleepers": 2}, {"sleepers": 3}]
    feed(st, [{"sleepers": 1}, 1, 1, 1])
    assert finished(st)
    i = country(st, "Iraq")
    assert (i["gov"], i["actives"], i["sleepers"]) == ("poor", 3, 3)


@pytest.mark.rule("8.4.1", "7.2.2.3")
@pytest.mark.parametrize("gov,aid,dice,after_gov,after_aid", [
    ("fair", 2, [1], "poor", 1),           # one success: one level and one Aid
    ("poor", 2, [2, 3], "poor", 0),        # at Poor successes only remove Aid
    ("poor", 2, [2, 5], "poor", 1),        # a failed die removes no Aid (D27)
])
def test_8_4_1_each_success_removes_one_aid(gov, aid, dice, after_gov, after_aid):
    """8.4.1, 7.2.2.3 (D27: each *successful* roll): every Jihad success removes one Aid marker."""
    st = jpos({"Iraq": {"gov": gov, "align": "ally", "aid": aid, "sleepers": 3}})
    jop(st, "op_jihad", [{"country": "Iraq"}] * len(dice) + dice, len(dice))
    assert country(st, "Iraq")["gov"] == after_gov
    assert country(st, "Iraq")["aid"] == after_aid


@pytest.mark.rule("8.4.3", "4.8.4")
def test_8_4_3_failed_dice_remove_cells_without_cadre():
    """8.4.3: each failed die removes a cell to the Funding track; no Cadre is placed (4.8.4) even
    when the last cell goes."""
    st = jpos({"Iraq": {"sleepers": 2}})
    jop(st, "op_jihad", [{"country": "Iraq"}] * 2 + [4, 6], 2)
    i = country(st, "Iraq")
    assert cells(st, "Iraq") == 0 and i["cadre"] is False and i["gov"] == "poor"
    assert st.d["cells_track"] == 11
    check_conservation(st)


@pytest.mark.rule("8.4.2")
@pytest.mark.parametrize("cells_,troops,offered", [(5, 0, True), (7, 2, True), (6, 2, False), (4, 0, False)])
def test_8_4_2_major_jihad_needs_cells_exceeding_troops_by_5(cells_, troops, offered):
    """8.4.2: Major Jihad is possible only if the cells exceed the troops by 5 or more at the start
    of the operation."""
    st = jpos({"Saudi Arabia": {"sleepers": cells_, "troops": troops}})
    jstart(st, "op_jihad", 2)
    feed(st, [{"country": "Saudi Arabia"}] * 2)
    if offered:
        assert st.legal_actions() == [{"major": True}, {"major": False}]
    else:
        assert is_chance(st)                                 # straight to the dice


@pytest.mark.rule("8.4.2", "8.4.3.2")
def test_8_4_2_value_1_card_cannot_attempt_major_jihad_without_besieged_regime():
    """8.4.2: a card of value 2 or 3 is needed to reach Islamist Rule: with a value-1 card and no
    Besieged Regime no Major Jihad is offered, and a success in Poor Iraq changes nothing."""
    st = jpos({"Iraq": {"sleepers": 6}})
    jstart(st, "op_jihad", 1)
    feed(st, [{"country": "Iraq"}])
    assert is_chance(st)                                     # no Major Jihad question
    feed(st, [1])
    assert finished(st)
    assert country(st, "Iraq")["gov"] == "poor"


@pytest.mark.rule("8.4.3.2", "8.4.4")
def test_8_4_3_2_besieged_regime_one_success_with_a_value_1_card():
    """8.4.3.2: with a Besieged Regime one success takes Poor to Islamist Rule, so even a value-1
    card may make the Major Jihad; the Besieged Regime marker is then removed."""
    st = jpos({"Iraq": {"sleepers": 6, "besieged": True}}, funding=5)
    jstart(st, "op_jihad", 1)
    feed(st, [{"country": "Iraq"}])
    assert st.legal_actions() == [{"major": True}, {"major": False}]
    feed(st, [{"major": True}, 3])
    assert finished(st)
    i = country(st, "Iraq")
    assert (i["gov"], i["besieged"], i["actives"]) == ("islamist_rule", False, 6)
    assert st.d["funding"] == 8


@pytest.mark.rule("8.4.3.1")
@pytest.mark.parametrize("align,after", [("adversary", "neutral"), ("neutral", "ally"), ("ally", "ally")])
def test_8_4_3_1_major_jihad_failure_in_poor_places_besieged_regime_and_shifts_toward_ally(align, after):
    """8.4.3.1: three dice of a Major Jihad in a country already Poor that fail to make Islamist
    Rule place a Besieged Regime and shift the Alignment one box toward Ally."""
    st = jpos({"Iraq": {"sleepers": 6, "align": align}})
    jop(st, "op_jihad", [{"country": "Iraq"}] * 3 + [{"major": True}, 1, 5, 6], 3)
    i = country(st, "Iraq")
    assert (i["gov"], i["besieged"], i["align"], cells(st, "Iraq")) == ("poor", True, after, 4)


@pytest.mark.rule("8.4.3.1")
def test_8_4_3_1_existing_besieged_regime_stays_single():
    """8.4.3.1-8.4.3.2: at most one Besieged Regime per country: a failed Major Jihad (3 dice, no
    success) where one already is keeps exactly one, and still shifts toward Ally."""
    st = jpos({"Iraq": {"sleepers": 6, "besieged": True}})
    jop(st, "op_jihad", [{"country": "Iraq"}] * 3 + [{"major": True}, 4, 5, 6], 3)
    i = country(st, "Iraq")
    assert (i["gov"], i["besieged"], i["align"], cells(st, "Iraq")) == ("poor", True, "neutral", 3)


@pytest.mark.rule("8.4.3.1")
def test_8_4_3_1_needs_three_dice():
    """8.4.3.1: the Besieged Regime follows only a 3-dice Jihad: 2 dice that fail to make
    Islamist Rule in Poor Iraq place none."""
    st = jpos({"Iraq": {"sleepers": 6}})
    jop(st, "op_jihad", [{"country": "Iraq"}] * 2 + [{"major": True}, 1, 6], 2)
    i = country(st, "Iraq")
    assert (i["gov"], i["besieged"], i["align"]) == ("poor", False, "adversary")


@pytest.mark.rule("8.4.3.1")
@pytest.mark.parametrize("needs_major,besieged", [(True, False), (False, True)])
@pytest.mark.reading("A42")
def test_a42_minor_jihad_three_dice_in_poor_ruling(needs_major, besieged):
    """A42, ruling major_jihad_failure_needs_major: 8.4.3.1 is titled 'failure of a Major Jihad'.
    By default a Minor Jihad with 3 dice in a Poor country places no Besieged Regime; with the
    ruling off it does (and shifts toward Ally)."""
    st = jpos({"Iraq": {"sleepers": 3}})
    ruling(st, major_jihad_failure_needs_major=needs_major)
    jop(st, "op_jihad", [{"country": "Iraq"}] * 3 + [1, 2, 6], 3)
    i = country(st, "Iraq")
    assert i["besieged"] is besieged
    assert i["align"] == ("neutral" if besieged else "adversary")


@pytest.mark.rule("8.4.4")
def test_8_4_4_islamic_revolution_removes_markers_caps_funding_and_keeps_prestige_without_troops():
    """8.4.4: on Islamist Rule the country becomes Adversary whatever the failed rolls; Regime
    Change, Besieged Regime and Aid are removed; Funding rises by its Resources, capped at 9;
    Prestige is untouched when no troops are there."""
    st = jpos({"Iraq": {"gov": "poor", "align": "ally", "rc": "tan", "aid": 1, "besieged": True,
                        "sleepers": 6}}, funding=8, prestige=6)
    jop(st, "op_jihad", [{"country": "Iraq"}] * 3 + [{"major": True}, 6, 6, 3], 3)
    i = country(st, "Iraq")
    assert (i["gov"], i["align"], i["rc"], i["besieged"], i["aid"]) == ("islamist_rule", "adversary", None, False, 0)
    assert cells(st, "Iraq") == 4
    assert st.d["funding"] == 9 and st.d["prestige"] == 6


@pytest.mark.rule("8.4.5")
def test_8_4_5_pakistan_arsenal_only_the_first_time():
    """8.4.5: only the first time Pakistan falls to Islamist Rule do the 3 Arsenal WMD plots become
    Available; with the box already empty a second revolution adds none."""
    st = jpos({"Pakistan": {"gov": "poor", "align": "ally", "sleepers": 6}}, wmd_available=1, wmd_removed=2,
              wmd_boxes={"loose_nuke_heu_kazakh_strain": 3, "pakistan_arsenal": 0})
    jop(st, "op_jihad", [{"country": "Pakistan"}] * 2 + [{"major": True}, 1, 1], 2)
    assert country(st, "Pakistan")["gov"] == "islamist_rule"
    assert st.d["wmd_available"] == 1 and st.d["wmd_boxes"]["pakistan_arsenal"] == 0


@pytest.mark.rule("8.4.4", "2.1.2")
def test_islamic_revolution_can_win_instantly():
    """2.1.2 checked after the Jihad resolves: Iraq (3 Resources) falls next to Islamist Rule Saudi
    Arabia (3): 6 Resources including 2 adjacent Islamist Rule countries -> the Jihadist wins."""
    st = jpos({"Saudi Arabia": {"gov": "islamist_rule", "align": "adversary", "troops": 0},
               "Iraq": {"sleepers": 5}})
    jop(st, "op_jihad", [{"country": "Iraq"}] * 2 + [{"major": True}, 1, 2], 2)
    assert st.is_terminal() and st.winner() == "Jihadist"
    assert st.d["terminal"]["rule"] == "2.1.2"


@pytest.mark.rule("8.4")
def test_8_4_jihad_rolls_are_against_governance_at_the_start():
    """8.1.2 (rolls of one card are simultaneous), 8.4: all dice are judged against the Governance
    at the start: in a Good country rolls 1 and 2 give one success (Good -> Fair), the 2 is not
    judged against the new Fair."""
    st = jpos({"Egypt": {"gov": "good", "align": "ally", "sleepers": 3}})
    jop(st, "op_jihad", [{"country": "Egypt"}] * 2 + [1, 2], 2)
    assert country(st, "Egypt")["gov"] == "fair" and cells(st, "Egypt") == 2


# == 8.5 Plot ===================================================================================
@pytest.mark.rule("8.5.1")
def test_8_5_1_plot_targets_any_non_islamist_country_iran_included():
    """8.5.1: a Plot may target any country not under Islamist Rule, Iran included, with one cell
    for each die."""
    st = jpos({"Iran": {"sleepers": 1}, "Philippines": {"sleepers": 2, "posture": "soft"},
               "Iraq": {"actives": 1}})
    jstart(st, "op_plot", 3)
    assert st.legal_actions() == [{"country": n} for n in ("Iran", "Iraq", "Philippines")]
    feed(st, [{"country": "Iran"}])
    assert st.legal_actions() == [{"country": "Iraq"}, {"country": "Philippines"}]
    feed(st, [{"country": "Philippines"}])
    assert st.legal_actions() == [{"country": "Iraq"}, {"country": "Philippines"}]
    feed(st, [{"country": "Philippines"}])
    assert is_chance(st)
    feed(st, [2, 1, 3, {"plot": 1}, {"plot": 1}])     # Iran (Fair) 2 ok; Philippines 1 ok, 3 fails
    assert finished(st)
    assert country(st, "Iran")["plots"] == [1] and country(st, "Philippines")["plots"] == [1]
    assert country(st, "Philippines")["actives"] == 2 and country(st, "Iran")["actives"] == 1
    assert st.d["plots_available"] == [2, 2, 3, 3]


@pytest.mark.rule("8.5.1", "8.5.2", "8.5.4")
def test_fixture1_step7_plot_in_the_philippines():
    """IT 2-player example, card #28 Sharia (2 Ops): Plot in the Philippines (Fair, 2 cells), rolls
    1 and 1: two successes; with a 2-Ops card only '1' or '2' plots may be chosen; the Jihadist
    places two '2' plots face down. Both cells become Active."""
    st = jpos({"Afghanistan": {"sleepers": 4}, "Pakistan": {"sleepers": 1},
               "Philippines": {"sleepers": 2, "posture": "soft"}, "Russia": {"posture": "hard"}})
    jstart(st, "op_plot", 2)
    feed(st, [{"country": "Philippines"}, {"country": "Philippines"}, 1, 1])
    assert st.decision()["player"] == "Jihadist"                # only the Jihadist sees the markers
    assert st.legal_actions() == [{"plot": 1}, {"plot": 2}]
    feed(st, [{"plot": 2}, {"plot": 2}])
    assert finished(st)
    ph = country(st, "Philippines")
    assert ph["plots"] == [2, 2] and (ph["actives"], ph["sleepers"]) == (2, 0)
    assert st.d["plots_available"] == [1, 1, 3, 3]


@pytest.mark.rule("8.5.2", "8.5.5")
@pytest.mark.parametrize("value,available,wmd,options", [
    (1, [1, 1, 2, 2, 3, 3], 0, [1]),
    (2, [1, 2, 3], 2, [1, 2, "WMD"]),
    (3, [1, 1, 2, 3], 0, [1, 2, 3]),
    (1, [2, 3], 1, ["WMD"]),                 # 8.5.5: a WMD fits any success
])
def test_8_5_2_plot_marker_numbered_no_higher_than_the_card_or_wmd(value, available, wmd, options):
    """8.5.2: each success places an Available plot numbered no higher than the card's value, or
    (8.5.5) any Available WMD plot."""
    st = jpos({"Iraq": {"sleepers": 3}}, plots_available=available, wmd_available=wmd)
    jstart(st, "op_plot", value)
    feed(st, [{"country": "Iraq"}] * value + [1] * value)
    assert st.legal_actions() == [{"plot": p} for p in options]
    choice = options[-1]
    feed(st, [{"plot": choice}])
    assert country(st, "Iraq")["plots"][0] == choice
    if choice == "WMD":
        assert st.d["wmd_available"] == wmd - 1


@pytest.mark.rule("8.5.2", "8.5.5")
def test_8_5_2_wmd_placed_leaves_available_and_goes_to_the_country():
    """8.5.5: a WMD plot may be placed with any success; it leaves Available Plots."""
    st = jpos({"Iraq": {"sleepers": 1}}, wmd_available=3)
    jop(st, "op_plot", [{"country": "Iraq"}, 2, {"plot": "WMD"}], 1)
    assert country(st, "Iraq")["plots"] == ["WMD"]
    assert st.d["wmd_available"] == 2 and st.d["plots_available"] == [1, 1, 2, 2, 3, 3]


@pytest.mark.rule("8.5.2")
def test_a18_success_wasted_when_no_marker_fits():
    """A18: with no Available plot numbered <= the card's value and no WMD, a success places
    nothing (the Jihadist is not asked)."""
    st = jpos({"Iraq": {"sleepers": 2}}, plots_available=[2, 3])
    jop(st, "op_plot", [{"country": "Iraq"}, 1], 1)
    assert country(st, "Iraq")["plots"] == [] and st.d["plots_available"] == [2, 3]
    assert country(st, "Iraq")["actives"] == 1                  # the cell used is still Active


@pytest.mark.rule("8.5.2", "8.5.1")
def test_8_5_2_failed_plot_die_has_no_other_effect():
    """8.5.2: a failed Plot die does nothing more; the Sleeper used still becomes Active (8.5.1)
    and no cell is lost (unlike Jihad)."""
    st = jpos({"Iraq": {"sleepers": 2}})
    jop(st, "op_plot", [{"country": "Iraq"}, {"country": "Iraq"}, 4, 6], 2)
    i = country(st, "Iraq")
    assert i["plots"] == [] and (i["actives"], i["sleepers"]) == (2, 0)


@pytest.mark.rule("8.5.1", "4.9.4")
def test_4_9_4_plot_target_is_tested_before_rolling():
    """4.9.4: an untested country targeted by a Plot is tested before the roll, and the roll uses
    the new value (here China: Posture Hard; Fair, so 2 succeeds)."""
    st = jpos({"China": {"sleepers": 1}})
    jop(st, "op_plot", [{"country": "China"}, 6, 2, {"plot": 1}], 1)
    assert country(st, "China")["posture"] == "hard" and country(st, "China")["plots"] == [1]


@pytest.mark.rule("8.5.1")
def test_8_5_1_plot_chooses_how_many_sleepers_are_used():
    """8.5.1: the Sleepers used for dice become Active; with both kinds present the Jihadist says
    how many of the cells used are Sleepers."""
    st = jpos({"Iraq": {"sleepers": 2, "actives": 1}})
    jstart(st, "op_plot", 2)
    feed(st, [{"country": "Iraq"}, {"country": "Iraq"}])
    assert st.legal_actions() == [{"sleepers": 1}, {"sleepers": 2}]
    feed(st, [{"sleepers": 2}, 5, 6])
    assert finished(st)
    assert (country(st, "Iraq")["actives"], country(st, "Iraq")["sleepers"]) == (3, 0)


# == cross-cutting ==============================================================================
@pytest.mark.rule("4.9.4", "8.2.1")
def test_4_9_4_untested_recruit_site_is_tested_before_the_dice():
    """4.9.4: the site of an operation is tested first. (Normally unreachable for Recruit: cells
    arrive by Travel or events, which test; a hand-made position checks the guard.) Central Asia
    tests 5 -> Fair Neutral, then the Recruit die 2 succeeds."""
    st = jpos({"Central Asia": {"sleepers": 1}})
    jop(st, "op_recruit", [{"country": "Central Asia"}, 5, 2], 1)
    ca = country(st, "Central Asia")
    assert (ca["gov"], ca["align"], ca["sleepers"]) == ("fair", "neutral", 2)


@pytest.mark.rule("8.3.1", "4.8.4")
def test_a31_travel_into_a_cadre_country_leaves_the_cadre():
    """A31, 4.8.4: only a cell placed from the Funding track removes a Cadre; a cell travelling in
    leaves it, so Cadre and cells coexist."""
    st = jpos({"Pakistan": {"cadre": True}})
    jop(st, "op_travel", [{"from": "Afghanistan"}, {"to": "Pakistan"}], 1)
    assert country(st, "Pakistan")["cadre"] is True and cells(st, "Pakistan") == 1


@pytest.mark.rule("8.1.2", "8.3.3")
@pytest.mark.reading("P01")
def test_8_1_2_travel_may_stop_early_only_under_the_not_fully_used_ruling():
    """Ruling jihadist_ops_fully_used: by default every ops point must move a cell while one can;
    with the ruling off 'done' is offered after the first declaration."""
    st = jpos()
    jstart(st, "op_travel", 2)
    feed(st, [{"from": "Afghanistan"}, {"to": "Pakistan"}])
    assert st.legal_actions() == [{"from": "Afghanistan"}]     # the arrival cannot travel again
    st = jpos()
    ruling(st, jihadist_ops_fully_used=False)
    jstart(st, "op_travel", 2)
    assert DONE not in st.legal_actions()
    feed(st, [{"from": "Afghanistan"}, {"to": "Pakistan"}])
    assert st.legal_actions() == [{"from": "Afghanistan"}, DONE]
    feed(st, [DONE])
    assert finished(st)
    assert cells(st, "Afghanistan") == 3 and cells(st, "Pakistan") == 1


@pytest.mark.rule("8.4", "8.3", "8.5")
@pytest.mark.parametrize("proc,changes,script,value", [
    ("op_jihad", {"Pakistan": {"gov": "poor", "align": "ally", "sleepers": 5, "actives": 2, "troops": 2, "aid": 1}},
     [{"country": "Pakistan"}] * 3 + [{"major": True}, 2, 3, 4], 3),
    ("op_jihad", {"Iraq": {"sleepers": 2, "actives": 2}},
     [{"country": "Iraq"}] * 3 + [{"sleepers": 2}, 1, 5, 6], 3),
    ("op_travel", {"Iraq": {"sleepers": 1, "actives": 1}},
     [{"from": "Iraq"}, {"cell": "active"}, {"to": "Sudan"}, {"from": "Iraq"}, {"to": "Iraq"},
      {"from": "Afghanistan"}, {"to": "Russia"}, 5, 2, 6, 3], 3),
    ("op_recruit", {"Iraq": {"sleepers": 1}, "Syria": {"sleepers": 1}},
     [{"country": "Iraq"}, {"country": "Syria"}, {"country": "Iraq"}, 1, 2, 3], 3),
    ("op_plot", {"China": {"sleepers": 2}, "Iraq": {"sleepers": 1}},
     [{"country": "China"}, {"country": "Iraq"}, {"country": "China"}, 5, 1, 2, 2, {"plot": 3}, {"plot": 1}, {"plot": 2}], 3),
])
def test_every_intermediate_state_round_trips_through_json(proc, changes, script, value):
    """DESIGN.md contract: every state, also one in the middle of an operation, round-trips through
    JSON exactly; the operation continues identically from the copy."""
    from cdg_oracle.model.labyrinth.state import LabyrinthState
    st = jpos(changes, funding=3, wmd_available=0)
    jstart(st, proc, value)
    for item in script:
        copy = LabyrinthState.from_json(st.to_json())
        assert copy == st and copy.legal_actions() == st.legal_actions()
        st = copy
        feed(st, [item])
    assert finished(st)
    check_conservation(st)
