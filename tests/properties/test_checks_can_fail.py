"""Each property check holds on good data and reports a violation on deliberately broken data."""
from __future__ import annotations


import pytest

from cdg_oracle.model.labyrinth.mapdata import load_map
from cdg_oracle.model.labyrinth.scenarios import SCENARIO_DIR, initial_state
from cdg_oracle.model.labyrinth import consistency as inv
from cdg_oracle.properties.labyrinth.mapchecks import check_map
from cdg_oracle.properties.labyrinth.scenario_checks import check_all_scenarios, check_scenario

pytestmark = pytest.mark.game("labyrinth")  # the rules its rule marks name are Labyrinth's

MUSLIM = load_map().muslim
PLOTS = [1, 1, 2, 2, 3, 3]


@pytest.fixture
def d():
    return initial_state("lets_roll")


def test_a_scenario_state_keeps_every_invariant(d):
    assert inv.check_all(d, PLOTS, MUSLIM) == []


@pytest.mark.rule("4.7.1", "4.7.4", "6.3.3")
@pytest.mark.parametrize("key, value, needle", [("prestige", 13, "prestige"), ("prestige", 0, "prestige"),
                                                ("funding", 10, "funding"), ("funding", 0, "funding")])
def test_track_bounds_violations(d, key, value, needle):
    d[key] = value
    assert any(needle in v for v in inv.track_bounds(d))
    d[key] = 5
    d["reserves"]["US"] = 3
    assert any("reserves" in v for v in inv.track_bounds(d))


@pytest.mark.rule("4.6.1")
def test_a_lost_cube_or_cylinder_is_reported(d):
    d["countries"]["Iraq"]["troops"] += 1
    assert any("troop cubes" in v for v in inv.pieces_conserved(d))
    d["countries"]["Iraq"]["troops"] -= 1
    d["cells_track"] -= 1
    assert any("cell cylinders" in v for v in inv.pieces_conserved(d))


@pytest.mark.rule("4.8.1", "4.7.8.1", "8.4.5")
def test_plot_and_wmd_markers_are_counted(d):
    d["plots_available"].remove(3)
    assert inv.plots_conserved(d, PLOTS)
    d["plots_available"].append(3)
    d["countries"]["Egypt"]["plots"].append("WMD")
    assert any("WMD" in v for v in inv.plots_conserved(d, PLOTS))
    d["countries"]["Egypt"]["plots"] = []
    d["wmd_boxes"]["pakistan_arsenal"] = 2
    d["wmd_available"] = 1
    assert any("Pakistan Arsenal" in v for v in inv.plots_conserved(d, PLOTS))


def test_cards_in_two_zones_or_none_are_reported(d):
    d["discard"].append(d["deck"][0])
    assert any("two zones" in v for v in inv.cards_conserved(d))
    d["discard"] = []
    d["deck"].pop()
    assert any("no zone" in v for v in inv.cards_conserved(d))


@pytest.mark.rule("7.3.4.1", "4.3.3", "4.4")
def test_marker_inconsistencies_are_reported(d):
    d["countries"]["Iraq"]["rc"] = "tan"
    d["countries"]["Iraq"]["gov"] = "islamist_rule"
    assert any("Regime Change" in v for v in inv.markers_consistent(d, MUSLIM))
    d2 = initial_state("lets_roll")
    d2["countries"]["Israel"]["posture"] = "soft"
    d2["countries"]["Iran"]["posture"] = "hard"
    d2["countries"]["France"]["aid"] = 1
    found = inv.markers_consistent(d2, MUSLIM)
    assert any("Israel" in v for v in found) and any("Iran" in v for v in found) and any("France" in v for v in found)


class BrokenMap:
    """The real map with one-way adjacency added and a Schengen link made adjacent to another."""

    def __init__(self):
        real = load_map()
        self.names, self.schengen, self.schengen_links = real.names, real.schengen, real.schengen_links
        self.printed_links = real.printed_links
        self._adj = {n: set(real.adjacent(n)) for n in real.names}
        self._adj["Morocco"].add("Turkey")          # one way only, and two linked countries
        self._real = real

    def adjacent(self, n, patriot_act=False):
        return frozenset(self._adj[n]) if not patriot_act else self._real.adjacent(n, True)

    def graph(self, patriot_act=False):
        return self._real.graph(patriot_act)


@pytest.mark.rule("4.1.1", "4.5", "card 43")
def test_map_checks_hold_on_the_map_and_fail_on_a_broken_one():
    assert all(not bad for _, bad in check_map(load_map()))
    failed = {name for name, bad in check_map(BrokenMap()) if bad}
    assert "adjacency is symmetric (4.1.1)" in failed
    assert "two linked countries are not adjacent through Schengen (4.5)" in failed


@pytest.mark.rule("3.2")
def test_scenario_checks_hold_and_catch_a_wrong_printed_figure(tmp_path):
    assert all(r["ok"] for r in check_all_scenarios())
    text = (SCENARIO_DIR / "lets_roll.yaml").read_text().replace("fair_or_good: 3", "fair_or_good: 4")
    bad = tmp_path / "lets_roll_typo.yaml"
    bad.write_text(text)
    r = check_scenario(str(bad))
    assert not r["ok"] and r["problems"] == ["printed fair_or_good 4, set-up gives 3"]
