"""Sharia (propaganda.support.sharia) on the engine: one Resource a step, a Terror marker first,
else one level toward Opposition, only in Taliban-controlled spaces, until the Taliban stop or can
buy no more."""
from __future__ import annotations

import pytest

from cdg_oracle.model.distant_plain import support  # noqa: F401  (registers the procedure)
from cdg_oracle.model.distant_plain.sandbox import sandbox_state
from cdg_oracle.model.distant_plain.state import DistantPlainState
from tests.distant_plain.helpers import running


def sharia_state(**changes) -> DistantPlainState:
    d = sandbox_state()
    d["available"]["taliban_underground"] -= 3
    d["spaces"]["Kandahar"]["pieces"]["taliban_underground"] += 3
    d["spaces"]["Kandahar"]["support"] = "support"
    d["spaces"]["Kandahar"]["terror"] = True
    d["resources"]["Taliban"] = changes.get("resources", 10)
    return running(d, "sharia")


@pytest.mark.rule("propaganda.support.sharia", "propaganda.support")
def test_sharia_removes_terror_first_then_shifts_toward_opposition():
    st = sharia_state()
    assert st.legal_actions() == [{"space": "Kandahar"}, {"done": True}]  # the only Taliban-controlled space
    for _ in range(3):
        st.apply({"space": "Kandahar"})
    k = st.d["spaces"]["Kandahar"]
    assert not k["terror"] and k["support"] == "opposition" and st.d["resources"]["Taliban"] == 7
    assert st.is_terminal()  # nothing left to buy there: the phase ends


@pytest.mark.rule("propaganda.support.sharia")
def test_sharia_stops_when_the_taliban_stop_or_run_out():
    st = sharia_state(resources=1)
    st.apply({"space": "Kandahar"})
    assert st.d["resources"]["Taliban"] == 0 and st.is_terminal()
    st = sharia_state()
    st.apply({"done": True})
    assert st.d["spaces"]["Kandahar"]["terror"] and st.d["resources"]["Taliban"] == 10
