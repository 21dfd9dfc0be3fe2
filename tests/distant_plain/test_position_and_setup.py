"""A Distant Plain's positions (position.py) and its set-up regression (the sandbox file, its
golden summary: properties/distant_plain/scenario_checks.py)."""
from __future__ import annotations

import pytest

from cdg_oracle.model.core.errors import DataError
from cdg_oracle.model.core.position import from_document, to_document
from cdg_oracle.model.distant_plain.scenarios import new_game, parse_sandbox
from cdg_oracle.properties.distant_plain import scenario_checks

HEAD = {"format": "cdg-oracle-position", "format_version": 1, "game": "distant_plain", "scenario": "sandbox"}


@pytest.mark.rule("propaganda")
def test_a_position_at_a_faction_s_turn_sets_the_board_and_whose_turn_it_is():
    doc = {**HEAD, "state": {"spaces": {"Kandahar": {"pieces": {"taliban_underground": 3}, "support": "opposition"}},
                             "available": {"taliban_underground": 27}, "resources": {"Taliban": 4}},
           "next": {"phase": "turn", "faction": "Taliban", "round": 1, "cycle": 1}}
    st = from_document(doc)
    assert st.current_player() == "Taliban" and st.decision()["question"] == "faction_turn.operation"
    assert st.d["spaces"]["Kandahar"]["pieces"]["taliban_underground"] == 3 and st.d["resources"]["Taliban"] == 4
    back = to_document(st)
    assert back["next"] == {"phase": "turn", "faction": "Taliban", "round": 1, "cycle": 1}
    assert from_document(back).canonical() == st.canonical()


def test_the_first_turn_and_a_propaganda_round_are_named_points():
    st = from_document({**HEAD, "next": {"phase": "setup"}})
    assert st.canonical() == new_game().canonical()
    assert to_document(new_game())["next"] == {"phase": "turn", "faction": "Coalition", "round": 1, "cycle": 1}
    # an empty board's Propaganda round asks nothing: the next question is the next round's first turn
    p = from_document({**HEAD, "options": {"propaganda_rounds": 3}, "next": {"phase": "propaganda", "round": 2}})
    assert p.current_player() == "Coalition" and p.d["stack"][0]["round"] == 3
    assert p.d["resources"]["Government"] == 30 + 15 + sum(  # Aid + the Econ of every open LoC
        p.map.spaces[n].econ for n in p.map.locs)


@pytest.mark.parametrize("point, message", [
    ({"phase": "turn", "faction": "NATO", "round": 1, "cycle": 1}, "faction: \"NATO\" is not one of"),
    ({"phase": "turn", "faction": "Taliban", "round": 3, "cycle": 1}, "round: 3 is not a Propaganda round 1-2"),
    ({"phase": "turn", "faction": "Taliban", "round": 1}, "phase turn takes exactly"),
    ({"phase": "turn", "faction": "Taliban", "round": 1, "cycle": 2}, "cycle: 2 is not 1-1"),
    ({"phase": "headline"}, "next.phase: \"headline\" is not one of \"setup\""),
])
def test_a_bad_named_point_is_one_line_naming_the_field(point, message):
    with pytest.raises(DataError, match=message.replace("(", r"\(")) as e:
        from_document({**HEAD, "next": point})
    assert "\n" not in str(e.value)


def test_a_position_that_places_more_pieces_than_the_game_has_is_refused():
    doc = {**HEAD, "state": {"spaces": {"Kabul": {"pieces": {"coalition_troops": 12}},
                                        "Helmand": {"pieces": {"coalition_troops": 9}}}}, "next": {"phase": "setup"}}
    with pytest.raises(DataError, match=r"Coalition troops: 21 placed \(Helmand 9, Kabul 12\), the game has 20"):
        from_document(doc)


def test_the_sandbox_matches_its_golden_summary_and_a_broken_copy_is_named(tmp_path):
    [r] = scenario_checks.check_all_scenarios()
    assert r["ok"], r["problems"]
    s = scenario_checks.summary("sandbox")
    assert s["pieces_available"] == 158 and s["pieces_on_map"] == 0
    assert s["margins"] == {"Coalition": -4, "Government": -30, "Taliban": -20, "Warlords": -25}
    bad = tmp_path / "sandbox.yaml"
    bad.write_text((scenario_checks.SCENARIO_DIR / "sandbox.yaml").read_text().replace("aid: 15", "aid: 76"))
    with pytest.raises(DataError, match=r"sandbox.yaml: aid: a whole number 0-75"):
        parse_sandbox(bad)
