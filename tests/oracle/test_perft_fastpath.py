"""Issue 17: perft's chance rule picks the outcome whose canonical JSON sorts first; among
one-key integer outcomes it compares ``str(value) + "}"`` instead of writing each one's JSON. The
two must always pick the same outcome."""
from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as hs

from cdg_oracle.model.core.game import action_key
from cdg_oracle.oracle import perft


class Node:
    def __init__(self, outcomes):
        self.outcomes = outcomes

    def legal_actions(self):
        return self.outcomes


@settings(max_examples=500, derandomize=True)
@given(hs.lists(hs.integers(-1000, 100_000), min_size=1, max_size=60, unique=True),
       hs.sampled_from(["card", "die", "z"]))
def test_the_integer_shortcut_picks_what_the_json_order_picks(values, key):
    outcomes = [{key: v} for v in values]
    assert perft.first_outcome(Node(outcomes)) == min(outcomes, key=action_key)


@settings(max_examples=300, derandomize=True)
@given(hs.lists(hs.one_of(hs.text(max_size=3), hs.dictionaries(hs.sampled_from(["card", "die"]),
                                                                 hs.one_of(hs.integers(0, 20), hs.booleans(),
                                                                           hs.text(max_size=2)), max_size=2)),
                min_size=1, max_size=10))
def test_mixed_outcomes_take_the_json_order(outcomes):
    assert action_key(perft.first_outcome(Node(outcomes))) == min(action_key(a) for a in outcomes)


def test_ten_before_one_as_in_json():
    assert perft.first_outcome(Node([{"card": 1}, {"card": 10}, {"card": 2}])) == {"card": 10}
