"""Labyrinth positions (issue 18; model/core/position.py, model/labyrinth/position.py): any state
of a random game written as a position reads back to the same state; every kind of inconsistency
is refused with a one-line error naming the field; the named points stand where real play
stands; states read from JSON are checked the same way."""
from __future__ import annotations

import copy
import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cdg_oracle.model.core.errors import DataError
from cdg_oracle.model.core.position import FORMAT, from_document, to_document
from cdg_oracle.model.labyrinth import new_game
from cdg_oracle.model.labyrinth.state import LabyrinthState
from cdg_oracle.oracle.playout import choose

SCENARIOS = ("lets_roll", "you_can_call_me_al", "anaconda", "mission_accomplished")


def played(scenario: str, seed: int, steps: int, options=None) -> LabyrinthState:
    s = new_game(scenario, options=options)
    rng = random.Random(seed)
    for _ in range(steps):
        if s.is_terminal():
            break
        s.apply(choose(rng, s))
    return s


def base_doc(**state) -> dict:
    return {"format": FORMAT, "format_version": 1, "game": "labyrinth", "scenario": "lets_roll",
            "state": {"hands": {"Jihadist": [35, 95], "US": [15, 65]}, **state},
            "next": {"phase": "jihadist_action", "card_index": 1}}


# -- round trip -------------------------------------------------------------------------------------
@given(scenario=st.sampled_from(SCENARIOS), solo=st.booleans(), seed=st.integers(0, 10_000),
       steps=st.integers(0, 900))
@settings(max_examples=40)
def test_any_state_of_a_random_game_reads_back_from_its_position(scenario, solo, seed, steps):
    """The issue's "done when": written as a position and read back, a state has the same
    canonical state -- and here the very same state, machine included, so play goes on alike."""
    s = played(scenario, seed, steps, {"solo": True, "ideology": "potent"} if solo else None)
    doc = to_document(s)
    assert json.loads(json.dumps(doc)) == doc                          # plain data
    back = from_document(doc)
    assert back.canonical() == s.canonical()
    assert back.d == s.d and back.legal_actions() == s.legal_actions()
    assert LabyrinthState.from_json(s.to_json()).d == s.d     # the loader's checks pass every real state


def test_the_shape_check_never_reuses_a_gone_set_ups_kinds():
    """CI found it (flaky KeyError 'plots_set_aside', you_can_call_me_al solo, seed 6079, 242
    steps): the kinds of a set-up's fields were remembered under the id of the set-up dict that
    from_document makes and drops, and Python gives a new dict a dead one's id. Here a set-up
    without an optional field is checked and dropped, then one with it is made, which takes
    its id (CPython's dict free list gives it at once), and the check must still read the new one."""
    from cdg_oracle.model.core.position import check_shape
    from cdg_oracle.model.labyrinth.position import FORMAT as LABYRINTH_FORMAT
    setup = json.loads(json.dumps(new_game("lets_roll").d))
    setup.pop("plots_set_aside", None)
    plain = {**setup}
    gone = id(plain)
    check_shape(plain, plain, LABYRINTH_FORMAT, "first")
    del plain
    fuller = {**setup, "plots_set_aside": []}   # a dict from the same free list: CPython reuses the id
    assert id(fuller) == gone, "the test's premise (the id of a dropped dict is reused) no longer holds"
    check_shape(fuller, fuller, LABYRINTH_FORMAT, "second")   # raised KeyError when the id was reused
    with pytest.raises(DataError, match=r"second\.plots_set_aside: .*list"):
        check_shape({**fuller, "plots_set_aside": 3}, fuller, LABYRINTH_FORMAT, "second")


def test_a_finished_game_reads_back_with_its_outcome():
    s = played("lets_roll", 4, 100_000)
    assert s.is_terminal()
    back = from_document(to_document(s))
    assert back.outcome() == s.outcome() and back.canonical() == s.canonical()


def test_a_position_states_only_what_differs_and_leaves_the_derived_out():
    s = played("lets_roll", 3, 150)
    doc = to_document(s)
    assert set(doc["state"]) <= set(s.d) and not {"deck", "troops_track", "cells_track", "plots_available",
                                                   "wmd_available"} & set(doc["state"])
    countries = doc["state"].get("countries", {})
    assert countries and all(countries.values())                     # only countries that differ
    for name, fields in countries.items():
        assert "gov" not in fields and "align" not in fields and "rc" not in fields   # readable names only


# -- named points -----------------------------------------------------------------------------------
@pytest.mark.rule("5.2.2", "5.2.3", "5.2.4")
def test_named_points_stand_where_real_play_stands():
    """For every Action Phase card choice, plot phase and end of turn of a few real games, the
    named point of its phase rebuilds exactly the machine real play had there (to_document then
    writes ``next``)."""
    seen = set()
    for seed in range(8):
        s = new_game("lets_roll")
        rng = random.Random(seed)
        while not s.is_terminal() and s.d["turn"] <= 3:
            q = s.decision()["question"]
            if q in ("jihadist_phase.choose", "us_phase.choose"):
                doc = to_document(s)
                assert "next" in doc, (q, s.d["stack"])
                assert doc["next"]["phase"] == s.d["phase"] and doc["next"]["card_index"] == s.d["card_index"]
                seen.add((q, s.d["card_index"]))
            s.apply(choose(rng, s))
    assert seen == {("jihadist_phase.choose", 1), ("jihadist_phase.choose", 2), ("us_phase.choose", 1),
                    ("us_phase.choose", 2), ("jihadist_phase.choose", 3)}   # 3: a Cadre to remove (4.8.4)


@pytest.mark.rule("5.2.2", "6.1")
def test_next_card_plays_the_card_and_stops_at_its_first_question():
    s = from_document({**base_doc(), "next": {"phase": "jihadist_action", "card_index": 1, "card": 95}})
    assert s.decision()["question"] == "play_card.use" and 95 in s.d["in_play"]
    assert to_document(s)["next"] == {"phase": "jihadist_action", "card_index": 1, "card": 95}


@pytest.mark.rule("5.2.4")
def test_a_us_phase_that_starts_with_one_card_offers_the_final_card_choice():
    doc = {**base_doc(hands={"Jihadist": [], "US": [63]}), "next": {"phase": "us_action", "card_index": 1}}
    assert {"discard": 63} in from_document(doc).legal_actions()
    doc["next"]["card_index"] = 2          # the phase began with two cards: no 5.2.4 choice
    assert from_document(doc).legal_actions() == [{"card": 63}]


def test_the_setup_point_is_the_scenario_start():
    doc = {"format": FORMAT, "format_version": 1, "game": "labyrinth", "scenario": "anaconda", "state": {},
           "next": {"phase": "setup"}}
    assert from_document(doc).d == new_game("anaconda").d


@pytest.mark.rule("2.1.1")
def test_a_position_that_is_already_won_ends_at_once():
    """No cell on the map: the instant-victory check of 2.1.1 runs at the first step."""
    doc = base_doc(countries={"Afghanistan": {"sleepers": 0}})
    s = from_document(doc)
    assert s.winner() == "US" and "no Jihadist cells" in s.outcome()["reason"]


# -- refusals ---------------------------------------------------------------------------------------
BAD = [
    # (what, change to the document, words the one-line error must contain)
    ("16 cylinders", {"state": {"countries": {"Iraq": {"sleepers": 12}}}}, "16 cell cylinders on the map"),
    ("16 cubes", {"state": {"countries": {"Iraq": {"troops": 12}}}}, "troop cubes on the map"),
    ("7 WMD plots", {"state": {"wmd_removed": 1, "countries": {"Iraq": {"plots": ["WMD"]}}}}, "WMD plots"),
    ("a card in two zones", {"state": {"discard": [35]}}, "card 35 is in two zones"),
    ("an unknown card", {"state": {"discard": [121]}}, "discard.0"),
    ("a plot marker too many", {"state": {"countries": {"Iraq": {"plots": [1, 1, 1]}}}}, "plot markers of value 1"),
    ("a stated track that disagrees", {"state": {"cells_track": 5}}, "state.cells_track: 5 stated"),
    ("a stated deck that disagrees", {"state": {"deck": [1, 2, 3]}}, "state.deck"),
    ("an unknown country", {"state": {"countries": {"Atlantis": {"troops": 1}}}}, "Atlantis"),
    ("a governance not in the rules", {"state": {"countries": {"Iraq": {"governance": "great"}}}}, "governance"),
    ("an internal field name", {"state": {"countries": {"Iraq": {"gov": "good"}}}}, "gov"),
    ("Prestige 13", {"state": {"prestige": 13}}, "prestige"),
    ("negative troops", {"state": {"countries": {"Iraq": {"troops": -1}}}}, "troops"),
    ("an unknown field", {"state": {"morale": 3}}, "morale"),
    ("a machine field in state", {"state": {"phase": "us_action"}}, "phase"),
    ("Regime Change on Good", {"state": {"countries": {"Iraq": {"governance": "good", "alignment": "ally",
                                                                "regime_change": "green"}}}}, "Regime Change on good"),
    ("Sadr outside Iraq", {"state": {"countries": {"Syria": {"markers": ["Moqtada al-Sadr"]}}}}, "outside Iraq"),
    ("Governance without Alignment", {"state": {"countries": {"Iraq": {"alignment": None}}}}, "Iraq: governance poor"),
    ("an unknown phase", {"next": {"phase": "lunch"}}, "next"),
    ("a fourth card", {"next": {"phase": "us_action", "card_index": 4}}, "card_index"),
    ("a card not in the hand", {"next": {"phase": "jihadist_action", "card": 120}}, "not legal"),
    ("an unknown scenario", {"scenario": "atlantis"}, "atlantis"),
    ("an unknown ruling", {"rulings": {"no_such_switch": True}}, "no_such_switch"),
    ("another game", {"game": "chess"}, "chess"),
    ("another format version", {"format_version": 2}, "format_version"),
    ("next and machine", {"machine": {}}, "exactly one of next"),
]


@pytest.mark.parametrize("what, change, words", BAD, ids=[b[0] for b in BAD])
def test_every_kind_of_inconsistency_is_refused_in_one_line(what, change, words):
    doc = base_doc()
    for key, value in change.items():
        if key == "state":
            doc["state"] = {**doc["state"], **value}
        else:
            doc[key] = value
    with pytest.raises(DataError) as e:
        from_document(doc, "p.yaml")
    msg = str(e.value)
    assert "\n" not in msg and msg.startswith("p.yaml") and words in msg, msg


def test_a_position_without_next_or_machine_is_refused():
    doc = base_doc()
    del doc["next"]
    with pytest.raises(DataError, match="exactly one of next"):
        from_document(doc)


def test_the_caller_s_document_is_never_changed_by_play():
    doc = base_doc()
    before = copy.deepcopy(doc)
    s = from_document(doc)
    s.apply({"card": 35})
    assert doc == before


# -- states from JSON -------------------------------------------------------------------------------
@pytest.mark.parametrize("break_it, words", [
    (lambda d: d["countries"]["Iraq"].update(sleepers=d["countries"]["Iraq"]["sleepers"] + 1), "cell cylinders"),
    (lambda d: d["discard"].append(d["deck"][0]), "two zones"),
    (lambda d: d.update(prestige=0), "prestige 0"),
    (lambda d: d["countries"]["Iraq"].pop("aid"), "countries.Iraq.aid: missing"),
    (lambda d: d["countries"]["Iraq"].update(troops="two"), "not a whole number"),
    (lambda d: d.update(extra=1), "extra"),
])
def test_a_state_from_json_that_breaks_a_law_is_refused(break_it, words):
    d = json.loads(played("lets_roll", 1, 60).to_json())
    break_it(d)
    with pytest.raises(DataError) as e:
        LabyrinthState.from_json(json.dumps(d))
    assert "\n" not in str(e.value) and words in str(e.value), str(e.value)
