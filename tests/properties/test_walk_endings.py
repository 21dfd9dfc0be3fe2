"""How a game ended, as the campaign records it (properties/walk.py ``ending_label``): the reason
of the game's outcome without its numbers and details, with the rule it cites; the same label for
every game that ended the same way, whatever its scores."""
from __future__ import annotations

import pytest

from cdg_oracle.properties.walk import ending_label, play_checked


def test_numbers_and_details_are_dropped_and_the_rule_kept():
    a = ending_label({"reason": "final scoring: +18 VP (the Late War scenario: the US needs +20)", "rule": "10.3.2"})
    b = ending_label({"reason": "final scoring: -3 VP", "rule": "10.3.2"})
    assert a == b == "final scoring (10.3.2)"
    margins = "after the last Propaganda round, margins {'Coalition': -4, 'Taliban': -20}"
    assert ending_label({"reason": margins, "rule": "x"}) == ending_label(
        {"reason": margins.replace("-20", "-31") + ": a tie between A, B (gap victory_ties)", "rule": "x"})
    assert ending_label({"reason": "Islamist Rule over 7 Resources, adjacency not needed (9.1)", "rule": "9.1"}) == \
        "Islamist Rule over N Resources, adjacency not needed (9.1)"
    assert ending_label({"reason": "USSR reached 20 VP", "rule": ""}) == "USSR reached N VP"


def test_no_outcome_and_an_empty_reason():
    assert ending_label(None) == "" and ending_label({}) == ""
    assert ending_label({"reason": "(only details)", "rule": "2.3"}) == "no reason given (2.3)"


@pytest.mark.rule("10.3.1", "10.3.2", "8.1.3")
def test_a_checked_game_records_how_it_ended():
    """A complete Twilight Struggle game ends by 20 VP or Europe's Control (10.3.1), final scoring
    (10.3.2), nuclear war (8.1.3) or an event's rule: its result's ending is its outcome's label."""
    from cdg_oracle.model.core.registry import get

    r = play_checked("twilight_struggle", "late_war", 3, keep_actions=True)
    assert not r.failures
    st = get("twilight_struggle").new_state("late_war", "standard", None, None)
    for a in r.actions:
        st.apply(a)
    outcome = st.outcome()
    assert outcome["rule"] in ("10.3.1", "10.3.2", "8.1.3", "11.1.2") or outcome["rule"].startswith("card ")
    assert r.ending == ending_label(outcome) and r.ending.endswith(f" ({outcome['rule']})")
    assert not any(ch.isdigit() for ch in r.ending[: -len(outcome["rule"]) - 3])
