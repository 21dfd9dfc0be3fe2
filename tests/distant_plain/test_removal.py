"""Removing pieces (removal.py): where they go, and bases last for COIN removals."""
from __future__ import annotations

import pytest

from cdg_oracle.model.distant_plain.consistency import check_all
from cdg_oracle.model.distant_plain.removal import coin_targets, remove
from cdg_oracle.model.distant_plain.scenarios import sandbox_state
from tests.distant_plain.helpers import place


@pytest.mark.rule("pieces")
def test_a_removed_coalition_piece_goes_to_casualties_a_guerrilla_to_available_underground():
    d = sandbox_state()
    place(d, "Kabul", "coalition_troops", 2)
    place(d, "Kabul", "taliban_underground", 1)
    d["spaces"]["Kabul"]["pieces"]["taliban_underground"] -= 1
    d["spaces"]["Kabul"]["pieces"]["taliban_active"] += 1
    before = d["available"]["taliban_underground"]
    remove(d, "Kabul", "coalition_troops")
    remove(d, "Kabul", "taliban_active")
    assert d["casualties"]["coalition_troops"] == 1 and d["spaces"]["Kabul"]["pieces"]["coalition_troops"] == 1
    assert d["available"]["taliban_underground"] == before + 1 and d["available"]["taliban_active"] == 0
    assert check_all(d) == []
    with pytest.raises(ValueError, match="Kabul has 0 taliban_active"):
        remove(d, "Kabul", "taliban_active")


@pytest.mark.rule("coalition.operations.assault")
def test_active_guerrillas_before_bases_and_underground_ones_protect():
    d = sandbox_state()
    place(d, "Helmand", "taliban_bases", 1)
    place(d, "Helmand", "taliban_underground", 1)
    assert coin_targets(d, "Helmand", "any_insurgent") == []  # hidden: not removable, and it protects
    d["spaces"]["Helmand"]["pieces"]["taliban_underground"] -= 1
    d["spaces"]["Helmand"]["pieces"]["taliban_active"] += 1
    assert coin_targets(d, "Helmand", "any_insurgent") == ["taliban_active"]
    remove(d, "Helmand", "taliban_active")
    assert coin_targets(d, "Helmand", "any_insurgent") == ["taliban_bases"]


@pytest.mark.rule("coalition.operations.assault", "government.operations.assault")
@pytest.mark.reading("P50")
@pytest.mark.parametrize("bases_protected_by, targets", [
    ("any_insurgent", []), ("own_faction", ["taliban_bases"])])
def test_whose_underground_guerrillas_protect_a_base(bases_protected_by, targets):
    """A Taliban Base beside an Underground Warlords guerrilla: protected by any insurgent's
    guerrilla (default), or only by its own faction's."""
    d = sandbox_state(rulings={"bases_protected_by": bases_protected_by})
    place(d, "Helmand", "taliban_bases", 1)
    place(d, "Helmand", "warlords_underground", 1)
    assert coin_targets(d, "Helmand", bases_protected_by) == targets


@pytest.mark.rule("coalition.operations.assault", "coalition.special_activities.air_strike")
@pytest.mark.parametrize("bases_protected_by", ["any_insurgent", "own_faction"])
def test_bases_last_under_either_reading_every_active_guerrilla_goes_first(bases_protected_by):
    """An Active Warlords guerrilla beside a Taliban Base: under both readings the guerrilla goes first."""
    d = sandbox_state(rulings={"bases_protected_by": bases_protected_by})
    place(d, "Helmand", "taliban_bases", 1)
    place(d, "Helmand", "warlords_underground", 1)
    d["spaces"]["Helmand"]["pieces"]["warlords_underground"] = 0
    d["spaces"]["Helmand"]["pieces"]["warlords_active"] = 1
    assert coin_targets(d, "Helmand", bases_protected_by) == ["warlords_active"]
