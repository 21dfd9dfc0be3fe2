"""Regression: the rulebook's worked Jihad examples A, B and C (8.4; the same in the IT, PL and ES
seeds; seed_labyrinth.md h.4 fixture 3), each set up as a position (docs/positions.md) and played
through the whole model: card play, the Jihad operation and its dice."""
from __future__ import annotations

from pathlib import Path

import pytest

from cdg_oracle.oracle.position_cmd import apply_all
from cdg_oracle.oracle.positions import from_file, loads

ROOT = Path(__file__).resolve().parents[2]


def position(egypt: str) -> str:
    """Let's Roll! with Egypt as given; the Jihadist has chosen card 95 (Wahhabism, 3 Ops, his own)."""
    return f"""
format: cdg-oracle-position
format_version: 1
game: labyrinth
scenario: lets_roll
state:
  countries:
    Egypt: {egypt}
  hands: {{Jihadist: [95, 100], US: [15, 65]}}
next: {{phase: jihadist_action, card_index: 1, card: 95}}
"""


def jihad(st, country: str, dice: int, *rolls, major=None):
    script = [{"use": "ops"}, {"op": "jihad"}] + [{"country": country}] * dice
    script += [] if major is None else [{"major": major}]
    apply_all(st, script + [{"die": r} for r in rolls])


@pytest.mark.rule("8.4", "8.4.1", "8.4.3")
def test_example_a_a_good_country_with_two_cells_gets_two_dice():
    """A: a Good country with 2 cells and a value-3 card: only 2 dice (one per cell), both cells
    Active; roll 1 -> Fair; roll 4 fails -> 1 cell lost."""
    st = loads(position("{governance: good, alignment: ally, sleepers: 2}"))
    apply_all(st, [{"use": "ops"}, {"op": "jihad"}, {"country": "Egypt"}, {"country": "Egypt"}])
    assert st.current_player() == "chance"                   # no third die: 2 cells, 2 dice
    apply_all(st, [{"die": 1}, {"die": 4}])
    c = st.d["countries"]["Egypt"]
    assert (c["gov"], c["actives"], c["sleepers"]) == ("fair", 1, 0)


@pytest.mark.rule("8.4.2", "8.4.3.2")
def test_example_b_a_major_jihad_in_a_fair_country_is_not_enough():
    """B: a Fair Neutral with 6 Sleepers, Major Jihad with 3 dice, rolls 1, 2, 6: all Active;
    Fair -> Poor (one success left over, not enough for Islamist Rule); 1 cell lost; no Besieged
    Regime and no shift to Ally, since the country was not Poor at the start."""
    st = loads(position("{governance: fair, alignment: neutral, sleepers: 6}"))
    jihad(st, "Egypt", 3, 1, 2, 6, major=True)
    c = st.d["countries"]["Egypt"]
    assert (c["gov"], c["align"], c["actives"], c["sleepers"], c["besieged"]) == ("poor", "neutral", 5, 0, False)


@pytest.mark.rule("8.4.2", "8.4.4", "8.4.5")
def test_example_c_pakistan_falls_to_islamist_rule():
    """C (docs/positions/jihad_example_c.yaml): Pakistan, Poor Ally, 7 cells, 2 troops, 1 Aid;
    Major Jihad, rolls 2, 3, 4: 1 cell lost -> 6; Islamist Rule, Adversary; Aid removed; Funding
    +2 (already 9); the 3 WMD of the Pakistan Arsenal Available; Prestige 1; the troops stay."""
    st = from_file(ROOT / "docs" / "positions" / "jihad_example_c.yaml")
    jihad(st, "Pakistan", 3, 2, 3, 4, major=True)
    d, c = st.d, st.d["countries"]["Pakistan"]
    assert (c["gov"], c["align"], c["actives"] + c["sleepers"], c["aid"], c["troops"]) == \
        ("islamist_rule", "adversary", 6, 0, 2)
    assert (d["funding"], d["prestige"], d["wmd_available"], d["wmd_boxes"]["pakistan_arsenal"]) == (9, 1, 3, 0)
