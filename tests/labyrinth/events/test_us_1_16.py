"""Events of the US cards 1-16 (model/labyrinth/events/us_1_16.py)."""
from __future__ import annotations

import pytest

from tests.labyrinth.harness import conserve, play, play_event, playable, position


@pytest.mark.rule("card 6", "card 7")
@pytest.mark.parametrize("card", [6, 7])
def test_sanctions_needs_patriot_act(card):
    st = position("lets_roll")
    assert not playable(st, "US", card)
    st.d["countries"]["United States"]["markers"].append("Patriot Act")
    assert playable(st, "US", card)
    assert not playable(st, "Jihadist", card)  # 6.2.5: a US event


@pytest.mark.rule("card 6", "card 7")
@pytest.mark.parametrize("card", [6, 7])
def test_sanctions_funding_minus_two(card):
    st = position("anaconda", funding=5)  # Patriot Act in effect from the set-up
    play(st, "US", card, [{"use": "event"}])
    assert st.d["funding"] == 3
    assert card in st.d["discard"]
