"""A Distant Plain's state facts (issue 20, in progress): the sandbox set-up, the consistency laws,
Control as the option reads it (a registered gap), the Islamabad track, and the victory goals and
margins, with the VASSAL module's own victory sums as regressions (source B of
shared/research/a_distant_plain_facts.yaml ``cross_checks``)."""
from __future__ import annotations

import pytest

from cdg_oracle.model.core.errors import DataError
from cdg_oracle.model.distant_plain.consistency import check_all
from cdg_oracle.model.distant_plain.control import control_of, reset_islamabad, shift_islamabad
from cdg_oracle.model.distant_plain.options import normalize_options
from cdg_oracle.model.distant_plain.scenarios import sandbox_state
from cdg_oracle.model.distant_plain.victory import goals_met, margins, terms
from tests.distant_plain.helpers import place


def test_the_sandbox_keeps_every_law_and_every_piece():
    d = sandbox_state()
    assert check_all(d) == []
    assert sum(d["available"].values()) == 158


def test_a_lost_or_doubled_piece_breaks_conservation():
    d = sandbox_state()
    d["available"]["police"] -= 1
    assert check_all(d) == ["Government police: 29 in play, the game has 30"]
    d = sandbox_state()
    d["spaces"]["Herat"]["sabotage"] = True
    d["resources"]["Taliban"] = -1
    assert [v.split(":")[0] for v in check_all(d)] == ["resources.Taliban", "spaces.Herat.sabotage"]
    d = sandbox_state()
    d["patronage"] = 76
    d["spaces"]["Kabul-Aibak LOC"]["terror"] = True
    assert [v.split(":")[0] for v in check_all(d)] == ["patronage", "spaces.Kabul-Aibak LOC.terror"]


def test_a_gain_past_the_general_records_track_s_75_stops_at_75():
    """The track runs 0-75 (data/pieces.yaml, source B): the engine's hook after every step."""
    from cdg_oracle.model.distant_plain.engine import track_limits
    from cdg_oracle.model.distant_plain.state import DistantPlainState

    d = sandbox_state()
    d["resources"]["Government"], d["aid"], d["patronage"] = 80, 76, 75
    track_limits(DistantPlainState(d))
    assert (d["resources"]["Government"], d["aid"], d["patronage"]) == (75, 75, 75)


@pytest.mark.parametrize("coin, taliban, warlords, expected", [
    (3, 1, 1, "coin"), (2, 1, 1, "uncontrolled"), (0, 3, 2, "taliban"), (1, 2, 1, "uncontrolled")])
def test_control_as_the_coin_series_reading_gives_it(coin, taliban, warlords, expected):
    """Gap control_definition: the option's default reading (COIN pieces outnumber all insurgents;
    Taliban pieces outnumber all others); under 'none' nothing is controlled."""
    space = {"pieces": {k: 0 for k in sandbox_state()["available"]}}
    space["pieces"].update(police=coin, taliban_underground=taliban, warlords_bases=warlords)
    assert control_of(space, False, normalize_options(None)) == expected
    assert control_of(space, False, normalize_options({"control": "none"})) == "uncontrolled"
    assert control_of(space, True, normalize_options({"pakistan_control": False})) == "uncontrolled"


def test_a_bad_option_is_one_line():
    with pytest.raises(DataError, match=r"^options: control cannot be 'strict' \(choices"):
        normalize_options({"control": "strict"})


@pytest.mark.rule("islamabad", "islamabad.hard", "propaganda.reset.islamabad")
def test_the_islamabad_track():
    """Moves stop at the ends and turn the marker Hard; Reset turns it back, else moves it one box
    toward Backing."""
    t = {"level": "sponsorship", "hard": False}
    shift_islamabad(t, 1)
    assert t == {"level": "sponsorship", "hard": True}
    reset_islamabad(t)
    assert t == {"level": "sponsorship", "hard": False}
    reset_islamabad(t)
    assert t == {"level": "backing", "hard": False}
    reset_islamabad(t)
    assert t == {"level": "backing", "hard": False}
    t = {"level": "hostility", "hard": False}
    reset_islamabad(t)
    assert t["level"] == "pressure"
    shift_islamabad(t, -2)
    assert t == {"level": "pressure", "hard": True}


@pytest.mark.rule("government.victory")
def test_the_government_sum_of_the_module_s_first_dump():
    """B, first dump: COIN Control in Herat, Kabul (with Returnees), Kandahar, Khowst (with
    Returnees) and Konduz: Population 12; Patronage 5: 17, the module's own figure."""
    d = sandbox_state()
    for space in ("Herat", "Kabul", "Kandahar", "Khowst", "Konduz"):
        place(d, space, "police", 2)
    d["spaces"]["Kabul"]["returnees"] = d["spaces"]["Khowst"]["returnees"] = True
    t = terms(d)
    assert t["coin_controlled_population"] + t["patronage"] == 17
    assert margins(d)["Government"] == 17 - 35


@pytest.mark.rule("coalition.victory", "taliban.victory")
def test_the_coalition_and_taliban_sums_of_the_module_s_third_dump():
    """B, third dump: Support in Helmand (1) and Kandahar (2) with 16 Coalition pieces Available:
    19; Opposition in Ghowr (1) and Paktika (1) with 8 Taliban bases on the map: 10."""
    d = sandbox_state()
    d["spaces"]["Helmand"]["support"] = d["spaces"]["Kandahar"]["support"] = "support"
    d["spaces"]["Ghowr"]["support"] = d["spaces"]["Paktika"]["support"] = "opposition"
    place(d, "Herat", "coalition_troops", 10)
    for space in ("Ghazni", "Zabol", "Oruzgan", "Farah"):
        place(d, space, "taliban_bases", 2)
    t = terms(d)
    assert t["total_support"] + t["available_coalition_pieces"] == 19
    assert t["total_opposition"] + t["taliban_bases_on_map"] == 10


@pytest.mark.rule("warlords.victory", "propaganda.victory")
def test_the_warlords_need_both_and_a_goal_met_ends_the_game():
    """Warlords: uncontrolled Afghan Population > 15 AND Warlords Resources > 40 (the smaller margin
    counts, gap victory_ties); a met goal is reported by goals_met."""
    d = sandbox_state()
    assert margins(d)["Warlords"] == 15 - 40
    d["resources"]["Warlords"] = 41
    assert margins(d)["Warlords"] == min(25 - 15, 41 - 40) == 1 and goals_met(d) == ["Warlords"]
