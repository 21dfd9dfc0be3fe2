"""Issue 27 item 4: when the Special Activity happens, the option special_activity_timing (gap
sa_timing). ``series`` (default, the COIN series' rule 4.1): before the Operation, between its
spaces, or after it; ``after``: only once the Operation is done."""
from __future__ import annotations

import pytest

from cdg_oracle.model.distant_plain.consistency import check_all
from cdg_oracle.model.distant_plain.engine import ENGINE
from cdg_oracle.model.distant_plain.options import DEFAULT_OPTIONS, normalize_options
from cdg_oracle.model.distant_plain.scenarios import sandbox_state
from cdg_oracle.model.distant_plain.state import DistantPlainState
from cdg_oracle.model.core.errors import DataError
from tests.distant_plain.helpers import place


def turn_of(d: dict, faction: str, timing: str | None) -> DistantPlainState:
    """``d`` at the start of ``faction``'s turn, under the timing (None: the default)."""
    if timing is not None:
        d["options"] = {**d["options"], "special_activity_timing": timing}
    d.update(stack=[{"proc": "test_halt", "pc": "start"},
                    {"proc": "faction_turn", "pc": "start", "side": faction, "last_before_final": False}],
             pending=None, terminal=None)
    st = DistantPlainState(d)
    ENGINE.run(st)
    return st


def test_the_option_and_its_default():
    assert DEFAULT_OPTIONS["special_activity_timing"] == "series"
    assert normalize_options({"special_activity_timing": "after"})["special_activity_timing"] == "after"
    with pytest.raises(DataError, match="special_activity_timing"):
        normalize_options({"special_activity_timing": "during"})


def air_lift_board() -> dict:
    """2 Coalition troops in Herat, 2 Active Taliban in Kandahar: an Assault needs them moved."""
    d = sandbox_state()
    place(d, "Herat", "coalition_troops", 2)
    d["available"]["taliban_underground"] -= 2
    d["spaces"]["Kandahar"]["pieces"]["taliban_active"] += 2
    return d


@pytest.mark.rule("coalition.operations.assault", "coalition.special_activities.air_lift")
@pytest.mark.parametrize("timing", [None, "series"])
def test_air_lift_then_assault_under_series(timing):
    """The usual COIN order: Air Lift the troops into Kandahar first, then Assault there. The
    Assault's first space question offers Air Lift ("before"); once it is done, the Assault goes on
    with the same question, Kandahar now among its spaces."""
    st = turn_of(air_lift_board(), "Coalition", timing)
    st.apply({"op": "assault", "limited": False})
    assert st.legal_actions() == [{"space": "Herat"}, {"sa": "air_lift"}, {"sa": "air_strike"}]
    assert st.decision()["question"] == "coalition_assault.space" and st.decision()["gap"] == "sa_timing"
    st.apply({"sa": "air_lift"})
    st.apply({"space": "Herat"})
    st.apply({"space": "Kandahar"})
    st.apply({"done": True})  # two spaces are enough
    st.apply({"move": "coalition_troops", "from": "Herat", "to": "Kandahar"})
    st.apply({"move": "coalition_troops", "from": "Herat", "to": "Kandahar"})
    st.apply({"done": True})
    # back in the Assault: its question again, no Special Activity offered any more
    assert st.decision()["question"] == "coalition_assault.space"
    assert st.legal_actions() == [{"space": "Kandahar"}]
    st.apply({"space": "Kandahar"})
    assert st.d["spaces"]["Kandahar"]["pieces"]["taliban_active"] == 0
    assert st.is_terminal() and st.d["turn"] is None and check_all(st.d) == []


@pytest.mark.rule("coalition.operations.assault")
def test_under_after_the_special_activity_comes_only_after_the_operation():
    """Today's order: the Assault's questions offer no Special Activity; Kandahar cannot be
    assaulted (no troop there), and Air Lift comes after the Assault."""
    st = turn_of(air_lift_board(), "Coalition", "after")
    st.apply({"op": "assault", "limited": False})
    assert st.legal_actions() == [{"space": "Herat"}]
    assert "gap" not in st.decision() or st.decision()["gap"] is None
    st.apply({"space": "Herat"})
    assert st.decision()["question"] == "faction_turn.sa_chosen"
    assert st.legal_actions() == [{"sa": "air_lift"}, {"sa": "air_strike"}, {"sa": None}]


@pytest.mark.rule("government.operations.sweep", "government.special_activities.transport")
@pytest.mark.parametrize("timing, offered", [("series", True), ("after", False)])
def test_transport_before_sweep(timing, offered):
    """Government troops in Baghlan Transported to Kabul first, then Swept from Kabul into an
    adjacent space (Khowst, out of the troops' reach from Baghlan): under series, the Sweep's first
    destination question offers Transport."""
    d = sandbox_state()
    place(d, "Baghlan", "government_troops", 2)
    st = turn_of(d, "Government", timing)
    st.apply({"op": "sweep", "limited": False})
    assert {"space": "Khowst"} not in st.legal_actions()
    assert ({"sa": "transport"} in st.legal_actions()) is offered
    if not offered:
        return
    st.apply({"sa": "transport"})
    st.apply({"space": "Baghlan"})
    st.apply({"troops": 2, "space": "Baghlan"})
    st.apply({"space": "Kabul-Aibak LOC"})
    st.apply({"space": "Kabul"})
    st.apply({"done": True})
    assert st.d["spaces"]["Kabul"]["pieces"]["government_troops"] == 2
    assert st.decision()["question"] == "government_sweep.space"
    assert {"sa": "transport"} not in st.legal_actions() and {"space": "Khowst"} in st.legal_actions()
    st.apply({"space": "Khowst"})
    st.apply({"move": "government_troops", "from": "Kabul", "to": "Khowst"})
    assert st.d["spaces"]["Khowst"]["pieces"]["government_troops"] == 1 and check_all(st.d) == []


@pytest.mark.rule("warlords.operations.rally", "warlords.special_activities.cultivate")
def test_during_cultivate_between_the_rally_s_spaces():
    """ "During": after the Rally's first space, Cultivate there is offered beside the next space;
    the Rally then goes on (a second space), and no Special Activity is offered after it."""
    d = sandbox_state()
    place(d, "Herat", "warlords_underground", 2)
    st = turn_of(d, "Warlords", None)
    st.apply({"op": "rally", "limited": False})
    assert {"sa": "cultivate"} not in st.legal_actions()  # before: no Rally space yet
    st.apply({"space": "Herat"})
    st.apply({"do": "place", "space": "Herat"})
    assert {"sa": "cultivate"} in st.legal_actions()
    st.apply({"sa": "cultivate"})
    st.apply({"space": "Herat"})
    assert st.d["spaces"]["Herat"]["pieces"]["warlords_bases"] == 1
    assert st.decision()["question"] == "warlords_rally.space" and {"space": "Farah"} in st.legal_actions()
    st.apply({"space": "Farah"})
    st.apply({"do": "place", "space": "Farah"})
    assert not any("sa" in a for a in st.legal_actions())
    st.apply({"done": True})
    assert st.is_terminal() and st.d["turn"] is None and check_all(st.d) == []


@pytest.mark.rule("limited_operation")
def test_a_limited_operation_offers_none_under_series():
    st = turn_of(air_lift_board(), "Coalition", None)
    st.apply({"op": "assault", "limited": True})
    assert st.legal_actions() == [{"space": "Herat"}]
