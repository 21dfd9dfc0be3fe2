"""A Distant Plain positions (issue 27.2, 27.8, 27.9, 28.3; model/distant_plain/position.py and
consistency.py): every bound the aid and the data set on a count, a track or a place is checked
when a position is read, each refusal one line naming the field and the rule; ``available`` is
derived from the pieces' totals; every phase of the Propaganda round and every step that asks is a
named point the writer uses; the option ``mountain_spaces`` stands over the gap ``mountain``; and
any state of a random game reads back from its position."""
from __future__ import annotations

import random

import pytest

from cdg_oracle.model.core.errors import DataError
from cdg_oracle.model.core.position import from_document, to_document
from cdg_oracle.model.distant_plain import new_game
from cdg_oracle.model.distant_plain.consistency import check_all
from cdg_oracle.model.distant_plain.options import normalize_options
from cdg_oracle.model.distant_plain.position import STEPS
from cdg_oracle.model.distant_plain.scenarios import sandbox_state
from cdg_oracle.oracle.playout import choose
from tests.distant_plain.helpers import place, running

HEAD = {"format": "cdg-oracle-position", "format_version": 1, "game": "distant_plain", "scenario": "sandbox"}
WAZIRISTAN = "Waziristan (Pakistan)"
LOC = "Kabul-Aibak LOC"


def read(state: dict, point: dict | None = None, **header):
    return from_document({**HEAD, **header, "state": state, "next": point or {"phase": "setup"}})


def refused(state: dict, match: str, point: dict | None = None, **header) -> str:
    with pytest.raises(DataError, match=match) as e:
        read(state, point, **header)
    assert "\n" not in str(e.value)
    return str(e.value)


# -- 27.2: Hostility --------------------------------------------------------------------------------
@pytest.mark.rule("islamabad.hostility")
def test_underground_taliban_in_pakistan_under_hostility_are_refused():
    """'Ostilita': ... i Guerriglieri Talebani in Pakistan sono sempre attivi': a standing state
    that play keeps after every step, the Reset's included (A17, no switch since issue 27 item 2),
    so no position may hold them Underground."""
    state = {"islamabad": {"level": "hostility"}, "spaces": {WAZIRISTAN: {"pieces": {"taliban_underground": 2}}}}
    message = refused(state, r"spaces\.Waziristan \(Pakistan\)\.pieces\.taliban_underground: 2 in Pakistan while "
                             r"Islamabad is at Hostility \(islamabad\.hostility", {"phase": "turn", "faction": "Taliban",
                                                                                 "round": 1, "cycle": 1})
    assert message.startswith("position: ")
    # Active there, or Underground at Pressure, or Underground outside Pakistan: accepted
    read({"islamabad": {"level": "hostility"}, "spaces": {WAZIRISTAN: {"pieces": {"taliban_active": 2}}}})
    read({"islamabad": {"level": "pressure"}, "spaces": {WAZIRISTAN: {"pieces": {"taliban_underground": 2}}}})
    st = read({"islamabad": {"level": "hostility"}, "spaces": {"Kandahar": {"pieces": {"taliban_underground": 2}}}},
              {"phase": "turn", "faction": "Taliban", "round": 1, "cycle": 1})
    assert {"op": "terror", "limited": False} in st.legal_actions()



@pytest.mark.rule("islamabad.hostility")
def test_the_hostility_law_holds_within_a_turn_and_after_the_reset_alike():
    """The law has no exception left: play activates them after every step (engine.standing_conditions),
    within an Operation as after the Reset (A17), so check_all refuses them Underground whatever the
    rulings and whether or not a turn is under way."""
    d = sandbox_state()
    d["islamabad"] = {"level": "hostility", "hard": False}
    d["available"]["taliban_underground"] -= 1
    d["spaces"][WAZIRISTAN]["pieces"]["taliban_underground"] += 1
    d["turn"] = {"faction": "Taliban"}  # a turn under way
    assert [p for p in check_all(d) if "islamabad.hostility" in p] != []
    d["turn"] = None
    assert [p for p in check_all(d) if "islamabad.hostility" in p] != []
    d["spaces"][WAZIRISTAN]["pieces"]["taliban_underground"] -= 1
    d["spaces"][WAZIRISTAN]["pieces"]["taliban_active"] += 1
    assert check_all(d) == []

# -- 27.8: what a kind of space holds; available derived ---------------------------------------------
@pytest.mark.rule("pieces", "taliban.operations.terror", "government.special_activities.govern")
@pytest.mark.parametrize("space, fields, match", [
    (LOC, {"support": "support"}, r"spaces\.Kabul-Aibak LOC\.support: 'support' on a LoC \(Support and Opposition"),
    (LOC, {"support": "opposition"}, r"spaces\.Kabul-Aibak LOC\.support: 'opposition' on a LoC"),
    (LOC, {"terror": True}, r"spaces\.Kabul-Aibak LOC\.terror: True on a LoC \(a Terror marker"),
    (LOC, {"returnees": True}, r"spaces\.Kabul-Aibak LOC\.returnees: True on a LoC \(Returnees"),
    (LOC, {"pieces": {"taliban_bases": 1}}, r"spaces\.Kabul-Aibak LOC\.pieces\.taliban_bases: 1 on a LoC \(a Base"),
    (LOC, {"pieces": {"warlords_bases": 1}}, r"pieces\.warlords_bases: 1 on a LoC"),
    (LOC, {"pieces": {"coalition_bases": 1}}, r"pieces\.coalition_bases: 1 on a LoC"),
    (LOC, {"pieces": {"government_bases": 1}}, r"pieces\.government_bases: 1 on a LoC"),
    ("Kabul", {"sabotage": True}, r"spaces\.Kabul\.sabotage: Sabotage on a Province or Kabul"),
    ("Helmand", {"sabotage": True}, r"spaces\.Helmand\.sabotage: Sabotage on a Province or Kabul"),
])
def test_what_a_kind_of_space_cannot_hold_is_refused(space, fields, match):
    refused({"spaces": {space: fields}}, match)


def test_what_each_kind_of_space_can_hold_is_accepted():
    st = read({"spaces": {LOC: {"sabotage": True, "pieces": {"police": 2, "taliban_active": 1}},
                          "Kabul": {"support": "support", "terror": True, "returnees": True,
                                    "pieces": {"government_bases": 1}}}})
    assert st.d["spaces"]["Kabul"]["support"] == "support" and st.d["spaces"][LOC]["sabotage"]


@pytest.mark.rule("pieces")
def test_available_is_derived_from_the_pieces_totals_when_left_out():
    st = read({"spaces": {"Kabul": {"pieces": {"government_troops": 2, "police": 3}},
                          "Helmand": {"pieces": {"taliban_underground": 2, "taliban_active": 1}}},
               "casualties": {"coalition_troops": 4}, "out_of_play": {"coalition_bases": 1}})
    a = st.d["available"]
    assert (a["government_troops"], a["police"], a["taliban_underground"], a["taliban_active"]) == (28, 27, 27, 0)
    assert (a["coalition_troops"], a["coalition_bases"], a["warlords_underground"]) == (16, 5, 15)
    assert "available" not in to_document(st)["state"]          # the writer leaves it out


@pytest.mark.rule("pieces")
def test_a_stated_available_is_checked_and_the_error_names_the_count():
    state = {"spaces": {"Kabul": {"pieces": {"government_troops": 2}}}}
    read({**state, "available": {"government_troops": 28}})      # agrees: accepted
    refused({**state, "available": {"government_troops": 30}},
            r"state\.available\.government_troops: 30 stated, but the game's pieces \(data/pieces\.yaml\) less "
            r"those on the map, in Casualties and Out of Play \(Underground in Available\) give 28")
    refused({"available": {"warlords_active": 1}}, r"state\.available\.warlords_active: 1 stated, but .* give 0")


@pytest.mark.rule("pieces")
@pytest.mark.parametrize("state, match", [
    ({"spaces": {"Kabul": {"pieces": {"government_troops": 20}}, "Helmand": {"pieces": {"government_troops": 12}}}},
     r"state: Government troops: 32 placed \(Helmand 12, Kabul 20\), the game has 30 \(data/pieces\.yaml\)"),
    ({"spaces": {"Kabul": {"pieces": {"taliban_underground": 20, "taliban_active": 11}}}},
     r"Taliban guerrillas: 31 placed \(Kabul 31\), the game has 30"),
    ({"spaces": {"Kabul": {"pieces": {"coalition_troops": 15}}}, "casualties": {"coalition_troops": 6}},
     r"Coalition troops: 21 placed \(Kabul 15, Casualties 6\), the game has 20"),
    ({"out_of_play": {"coalition_bases": 7}}, r"Coalition bases: 7 placed \(Out Of Play 7\), the game has 6"),
])
def test_more_pieces_than_the_game_has_are_refused_naming_where_they_are(state, match):
    refused(state, match)


# -- 28.3: every bound of a count, a track or a box ----------------------------------------------------
TRACK = r"is outside 0-75, the General Records Track \(data/pieces\.yaml tracks\.general_records\)"


@pytest.mark.rule("pieces")
@pytest.mark.parametrize("state, match", [
    ({"aid": 76}, rf"position: aid: 76 {TRACK}"),
    ({"aid": 1000}, rf"position: aid: 1000 {TRACK}"),
    ({"patronage": 76}, rf"position: patronage: 76 {TRACK}"),
    ({"resources": {"Government": 76}}, rf"position: resources\.Government: 76 {TRACK}"),
    ({"resources": {"Taliban": 99}}, rf"position: resources\.Taliban: 99 {TRACK}"),
    ({"resources": {"Warlords": 76}}, rf"position: resources\.Warlords: 76 {TRACK}"),
    ({"aid": -1}, r"position: state\.aid: -1: -1 is less than the minimum of 0"),
    ({"resources": {"Coalition": 3}}, r"state\.resources: Additional properties are not allowed"),
    ({"islamabad": {"level": "hostile"}}, r"state\.islamabad\.level: \"hostile\" is not one of"),
    ({"spaces": {"Kabul": {"pieces": {"police": -1}}}}, r"state\.spaces\.Kabul\.pieces\.police: -1: -1 is less than"),
    ({"spaces": {"Kabul": {"support": "active_support"}}}, r"state\.spaces\.Kabul\.support: \"active_support\" is not"),
    ({"casualties": {"police": 1}}, r"position: casualties\.police: 1 \(the casualties box holds Coalition pieces only\)"),
    ({"casualties": {"taliban_underground": 1}}, r"casualties\.taliban_underground: 1 \(the casualties box holds"),
    ({"out_of_play": {"warlords_bases": 1}}, r"out_of_play\.warlords_bases: 1 \(the out of play box holds Coalition"),
    ({"spaces": {"Atlantis": {"terror": True}}}, r"state\.spaces: Additional properties are not allowed"),
])
def test_every_bound_is_checked_with_one_line_naming_the_field(state, match):
    refused(state, match)


def test_the_bounds_themselves_are_accepted():
    st = read({"aid": 75, "patronage": 0, "resources": {"Government": 75, "Taliban": 0, "Warlords": 75},
               "casualties": {"coalition_troops": 20, "coalition_bases": 6}})
    assert st.d["aid"] == 75 and st.d["available"]["coalition_troops"] == 0


# -- 27.9: named points -----------------------------------------------------------------------------
BOARD = {"spaces": {"Kabul": {"pieces": {"government_troops": 7, "police": 2}},
                    "Helmand": {"pieces": {"government_troops": 2, "taliban_underground": 1}},
                    "Kandahar": {"pieces": {"coalition_troops": 3, "coalition_bases": 1}}},
         "resources": {"Government": 12}}


@pytest.mark.rule("propaganda")
@pytest.mark.parametrize("step, question", [
    ("victory", "civic_action.choose"), ("resources", "civic_action.choose"), ("support", "civic_action.choose"),
    ("support.sharia", "desertion.cube"), ("redeploy", "desertion.cube"), ("redeploy.coalition", "redeploy.move"),
    ("redeploy.government_troops", "redeploy.move"), ("redeploy.police", "redeploy.move"),
    ("redeploy.taliban", "redeploy.move"), ("redeploy.game_end", "faction_turn.operation"),
    ("reset", "faction_turn.operation"),
])
def test_every_phase_and_asking_step_of_the_propaganda_round_is_a_named_point(step, question):
    st = read(BOARD, {"phase": "propaganda", "round": 1, "step": step})
    assert st.decision()["question"] == question
    frames = [f["proc"] for f in st.d["stack"]]
    assert frames[:2] == (["sandbox", "propaganda"] if question != "faction_turn.operation" else ["sandbox", "faction_turn"])


def test_the_phases_start_where_the_aid_puts_them():
    """Victory ends the game when a goal is met, Resources skips that check; Support starts with the
    Government Resources it has (no income: the Resources phase is behind); the Redeploy steps move
    the right pieces."""
    won = {"spaces": {"Kabul": {"support": "support"}, "Kandahar": {"support": "support"}}}  # 26 Available + 5 > 30
    assert read(won, {"phase": "propaganda", "round": 1}).d["terminal"]["winner"] == "Coalition"
    assert not read(won, {"phase": "propaganda", "round": 1, "step": "resources"}).is_terminal()
    income = 15 + 12                                             # Aid + the Econ of every open LoC
    assert read(BOARD, {"phase": "propaganda", "round": 1, "step": "resources"}).d["resources"]["Government"] == 12 + income
    assert read(BOARD, {"phase": "propaganda", "round": 1, "step": "support"}).d["resources"]["Government"] == 12
    st = read(BOARD, {"phase": "propaganda", "round": 1, "step": "redeploy.government_troops"})
    assert st.current_player() == "Government" and {a["move"] for a in st.legal_actions()} == {"government_troops"}
    st = read(BOARD, {"phase": "propaganda", "round": 1, "step": "redeploy.taliban"})
    assert st.current_player() == "Taliban" and st.legal_actions()[0]["from"] == "Helmand"
    # the last round's Game end: the game is over, not reset
    end = read(BOARD, {"phase": "propaganda", "round": 2, "step": "redeploy.game_end"})
    assert end.is_terminal() and end.d["terminal"]["rule"] == "propaganda.redeploy.game_end"


@pytest.mark.parametrize("point, match", [
    ({"phase": "propaganda", "round": 2, "step": "reset"}, r"next: step: reset: round 2 is the last, which ends after "
                                                           r"its Redeploy phase \(propaganda\.redeploy\.game_end\)"),
    ({"phase": "propaganda", "round": 1, "step": "sharia"}, r"next\.step: \"sharia\" is not one of \"victory\""),
    ({"phase": "turn", "faction": "Taliban", "round": 1, "cycle": 1, "step": "support"}, r"phase turn takes exactly"),
])
def test_a_bad_step_is_refused_in_one_line(point, match):
    refused({}, match, point)


def test_the_writer_names_the_propaganda_steps_and_reads_them_back():
    seen = set()
    for seed in range(24):
        s, rng = new_game(options={"propaganda_rounds": 3}), random.Random(seed)
        while not s.is_terminal():
            s.apply(choose(rng, s))
            if any(f["proc"] == "propaganda" for f in s.d["stack"]) and s.d["stack"][-1]["proc"] != "propaganda":
                doc = to_document(s)
                if "next" in doc:
                    seen.add(doc["next"]["step"])
                    assert from_document(doc).d == s.d
    assert {"support.sharia", "redeploy", "redeploy.police", "redeploy.taliban"} <= seen <= set(STEPS)


def test_any_state_of_a_random_game_reads_back_from_its_position():
    """Underground and Active guerrillas, markers, boxes, Propaganda steps: each state written by
    the writer (``position show``) reads back as the very same state."""
    for seed in range(12):
        s, rng = new_game(options={"propaganda_rounds": 3, "turns_per_propaganda": 2}), random.Random(1000 + seed)
        while True:
            if rng.random() < 0.2 or s.is_terminal():
                back = from_document(to_document(s))
                assert back.d == s.d and back.legal_actions() == s.legal_actions()
            if s.is_terminal():
                break
            s.apply(choose(rng, s))


# -- 27.9: the option mountain_spaces over the gap mountain ---------------------------------------
@pytest.mark.rule("government.operations.assault")
def test_mountain_spaces_is_an_option_validated_and_kept_in_name_order():
    assert normalize_options(None)["mountain_spaces"] == []
    assert normalize_options({"mountain_spaces": ["Nuristan", "Badakhshan"]})["mountain_spaces"] == ["Badakhshan",
                                                                                                      "Nuristan"]
    for bad, match in [("Nuristan", "is not a list"), (["Atlantis"], "'Atlantis' is not a space of the map"),
                       (["Kabul"], "Kabul is the City, not a Province"), ([LOC], "is a LoC, not a Province"),
                       (["Nuristan", "Nuristan"], "Nuristan is listed twice")]:
        with pytest.raises(DataError, match=f"options: mountain_spaces: .*{match}"):
            normalize_options({"mountain_spaces": bad})
    st = read({}, options={"mountain_spaces": ["Nuristan"]})
    assert st.options()["mountain_spaces"] == ["Nuristan"]
    assert to_document(st)["options"]["mountain_spaces"] == ["Nuristan"]
    refused({}, r"options\.mountain_spaces\.0: \"Kabul\" is not one of", options={"mountain_spaces": ["Kabul"]})


@pytest.mark.rule("government.operations.assault")
@pytest.mark.parametrize("mountain, removed", [([], 3), (["Nuristan"], 1)])
def test_the_government_assault_removes_one_piece_per_three_troops_in_a_mountain_space(mountain, removed):
    """'In zone di Montagna: rimuovi 1 pezzo nemico per ogni 3 Truppe Govt': 3 troops, 3 Active
    guerrillas in Nuristan: 3 removed, or 1 where Nuristan is Mountain."""
    d = sandbox_state(options={"mountain_spaces": mountain})
    place(d, "Nuristan", "government_troops", 3)
    d["available"]["warlords_underground"] -= 3
    d["spaces"]["Nuristan"]["pieces"]["warlords_active"] += 3
    st = running(d, "government_assault")
    st.apply({"space": "Nuristan"})
    assert st.d["spaces"]["Nuristan"]["pieces"]["warlords_active"] == 3 - removed
    # every other space is still offered, and done (issue 27 item 1): the Assault ends on done
    assert {"space": "Nuristan"} not in st.legal_actions() and {"done": True} in st.legal_actions()
    st.apply({"done": True})
    assert st.is_terminal() and st.d["spaces"]["Nuristan"]["pieces"]["warlords_active"] == 3 - removed
