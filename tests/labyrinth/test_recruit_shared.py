"""The one Recruit (model/labyrinth/operations/jihadist.py): ``recruit_die`` is the die of every
Recruit (8.2.1, 8.2.3, 8.2.4), ``recruit_with_card`` the Recruit with a card's ops that the
operation and cards 48 and 53 conduct, differing only by their ``RecruitBy``."""
from __future__ import annotations

import pytest

from cdg_oracle.model.labyrinth.engine import PROCS
from cdg_oracle.model.labyrinth.events.jihadist_48_71 import ADAM_GADAHN, MADRASSAS
from cdg_oracle.model.labyrinth.operations.jihadist import RECRUIT_OPERATION, recruit_die
from tests.labyrinth.harness import position, start_proc


@pytest.mark.rule("8.2.3")
def test_an_automatic_recruit_needs_no_die_and_cites_why_when_asked():
    st = position("anaconda")  # Afghanistan: Regime Change
    st.d["pending"] = None
    st._applied = []
    assert recruit_die(st, "Afghanistan", None, "8.2.1", "die") is True
    assert st._applied == [] and st.d["pending"] is None
    assert recruit_die(st, "Afghanistan", None, "8.2.1", "die", cite_automatic=True) is True
    assert st._applied == ["8.2.3"]


@pytest.mark.rule("8.2.1", "8.2.4")
def test_a_recruit_die_is_a_chance_node_then_a_test():
    st = position("lets_roll")
    st.d["pending"] = None
    assert recruit_die(st, "United Kingdom", None, "card 82", "Recruit die in the UK") is None
    assert st.d["pending"]["player"] == "chance" and st.d["pending"]["rule"] == "card 82"
    rec = st.map.countries["United Kingdom"].recruit
    assert recruit_die(st, "United Kingdom", rec, "8.2.1", "") is True
    assert recruit_die(st, "United Kingdom", rec + 1, "8.2.1", "") is False


def test_the_three_recruits_with_a_card_differ_only_in_their_spec():
    assert (RECRUIT_OPERATION.card, RECRUIT_OPERATION.gtmo, RECRUIT_OPERATION.placed) == (None, "operation", ("4.7.4.2",))
    assert (ADAM_GADAHN.card, ADAM_GADAHN.gtmo, ADAM_GADAHN.placed) == ("card 48", "second_card", ("card 48",))
    assert MADRASSAS.card == "card 53" and MADRASSAS.prefix("Recruit") == "card 53 Recruit"
    for proc in ("op_recruit", "card48_recruit", "card53_recruit"):
        assert proc in PROCS


@pytest.mark.rule("card 48")
def test_adam_gadahn_asks_its_dice_in_the_united_states_only():
    st = start_proc(position("lets_roll"), "card48_recruit", side="Jihadist", card=None, value=2)
    assert st.legal_actions() == [{"country": "United States"}]
    assert st.decision()["prompt"] == "card 48 Recruit: die 1 in which country"
