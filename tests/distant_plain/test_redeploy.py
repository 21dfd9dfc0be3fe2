"""Desertion (propaganda.redeploy.desertion): one Government cube in three, rounded down, chosen by
the Government space by space, goes to Available."""
from __future__ import annotations

import pytest

from cdg_oracle.model.distant_plain import redeploy  # noqa: F401  (registers the procedure)
from cdg_oracle.model.distant_plain.consistency import check_all
from cdg_oracle.model.distant_plain.sandbox import sandbox_state
from tests.distant_plain.helpers import place, running


@pytest.mark.rule("propaganda.redeploy.desertion", "propaganda.redeploy")
def test_one_cube_in_three_deserts_the_government_choosing_which():
    d = sandbox_state()
    place(d, "Herat", "government_troops", 4)
    place(d, "Herat", "police", 3)          # 7 cubes: 2 desert
    place(d, "Kabul", "police", 2)          # 2 cubes: none
    place(d, "Konduz", "government_troops", 3)   # 3: 1, troops only
    st = running(d, "desertion")
    assert st.decision()["prompt"].startswith("Government: a cube deserts in Herat (2 to go)")
    assert st.legal_actions() == [{"cube": "government_troops"}, {"cube": "police"}]
    st.apply({"cube": "police"})
    st.apply({"cube": "government_troops"})
    assert st.legal_actions() == [{"cube": "government_troops"}]  # Konduz: troops only
    st.apply({"cube": "government_troops"})
    assert st.is_terminal()
    p = st.d["spaces"]
    assert (p["Herat"]["pieces"]["government_troops"], p["Herat"]["pieces"]["police"]) == (3, 2)
    assert p["Kabul"]["pieces"]["police"] == 2 and p["Konduz"]["pieces"]["government_troops"] == 2
    assert check_all(st.d) == []
