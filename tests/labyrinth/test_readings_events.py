"""Readings of the ambiguity registry that change the events of cards 84/85 (Leak), 102 (Former
Soviet Union), 37/39 (Iraqi and Libyan WMD) and the reach of card 114 (GTMO) (issue 7): each test
builds a position where the readings of one registry entry give different play, and asserts the
exact result under the default reading and under the other one(s).

Entries and switches (model/labyrinth/rulings.py): A04 ``leak_flips_wiretapping``, A29
``former_soviet_union_roll``, A35 ``rc_on_good_by_event``, A47 ``gtmo_blocks``. The positions start
from the Let's Roll! set-up (US Hard, Prestige 7, Iraq and Libya Poor Adversary, Gulf States and
Saudi Arabia Ally, 11 cells on the Funding track, 9 troops on the track after the deal).
"""
from __future__ import annotations

import pytest

from cdg_oracle.model.labyrinth.events.lasting import blocked, marker_places
from cdg_oracle.model.labyrinth.operations.jihadist import available_ops, gtmo_stops
from cdg_oracle.model.labyrinth.operations.us import regime_change_targets
from tests.labyrinth.harness import (
    conserve, feed, finished, give, play_event, playable, position, run_proc, start_proc,
    with_rulings,
)

J = "Jihadist"


def at(scenario="lets_roll", rulings=None, countries=None, **tracks):
    """A position of ``scenario`` with ``countries``/``tracks`` edited (cubes and cylinders
    re-balanced), under the given Rulings switches."""
    st = position(scenario, countries=countries, **tracks)
    conserve(st)
    return with_rulings(st, **(rulings or {}))


def country(st, name):
    return st.d["countries"][name]


def cells(st, name):
    c = country(st, name)
    return c["sleepers"] + c["actives"]


def jihadist_hand(st, *cards):
    """The Jihadist hand is exactly ``cards``; the cards it held go back to the deck."""
    d = st.d
    d["deck"] = sorted(d["deck"] + d["hands"][J])
    d["hands"][J] = []
    give(st, J, *cards)
    return st


# -- A04: cards 84/85 Leak and card 31 Wiretapping -----------------------------------------------
@pytest.mark.rule("card 84", "card 85", "6.2.8", "9.6")
@pytest.mark.parametrize("card", [84, 85])
@pytest.mark.parametrize("reading", [True, False])
@pytest.mark.reading("A04")
def test_a04_leak_with_only_wiretapping_in_the_events_box(card, reading):
    """A04 (``leak_flips_wiretapping``): with only Wiretapping in the Events box, Leak is playable
    under the default (Wiretapping is among its targets), not under False (card 31 "cannot be
    blocked by Leak")."""
    st = at(rulings={"leak_flips_wiretapping": reading})
    st.d["events_in_effect"] = ["Wiretapping"]
    assert playable(st, J, card) is reading
    assert not playable(st, "US", card)


@pytest.mark.rule("card 84", "card 85", "6.2.8")
@pytest.mark.parametrize("reading, options", [
    (True, [{"card": 44}, {"card": 31}]),      # Renditions or Wiretapping
    (False, [{"card": 44}]),                   # Renditions only
])
@pytest.mark.reading("A04")
def test_a04_leak_flip_options(reading, options):
    """A04: Renditions and Wiretapping in the Events box; Leak offers both markers under the
    default, Renditions alone under False; the flipped Renditions blocks card 44 and Wiretapping
    stays in effect either way."""
    st = at(rulings={"leak_flips_wiretapping": reading}, us_posture="soft")
    st.d["events_in_effect"] = ["Renditions", "Wiretapping"]
    start_proc(st, "event", card=84, side=J, trigger="play")
    assert st.legal_actions() == options
    feed(st, [{"card": 44},
              4,                                   # US Posture: 4 + 1 = 5, Hard
              1, 2, 5,                             # Prestige down by the lower die, 2
              {"country": "Saudi Arabia"}])
    assert finished(st)
    assert st.d["events_in_effect"] == ["Leak [Renditions]", "Wiretapping"]
    assert blocked(st, 44) and not blocked(st, 31)
    assert st.d["us_posture"] == "hard" and st.d["prestige"] == 5
    assert country(st, "Saudi Arabia")["align"] == "neutral"


@pytest.mark.rule("9.6", "card 84")
@pytest.mark.parametrize("reading, die, faces", [
    (True, 3, "1-2 34, 3-4 44, 5-6 31"),     # Enhanced Measures, Renditions or Wiretapping
    (False, 4, "1-3 34, 4-6 44"),            # Enhanced Measures or Renditions
])
@pytest.mark.reading("A04")
def test_a04_solo_random_pick_follows_the_offered_markers(reading, die, faces):
    """A04 with the solo bot (9.6: "Scegliete a caso tra i segnalini ... presenti"): Mission
    Accomplished? has all three markers in the Events box; the die picks among Leak's offered
    markers: three under the default, Enhanced Measures and Renditions only under False. Either
    way the die chosen flips Renditions."""
    from tests.labyrinth.solo.helpers import run_solo, solo_position

    st = solo_position("mission_accomplished", rulings={"leak_flips_wiretapping": reading})
    assert st.d["events_in_effect"] == ["Enhanced Measures", "Renditions", "Wiretapping"]
    st.prompts = []
    run_solo(st, "event", [die, 6, 6, 1, 1], card=84, side=J, trigger="play")
    hits = [p for p in st.prompts if "Leak: flip which marker" in p]
    assert len(hits) == 1 and faces in hits[0]
    assert sorted(st.d["events_in_effect"]) == ["Enhanced Measures", "Leak [Renditions]", "Wiretapping"]


# -- A29: card 102 Former Soviet Union ------------------------------------------------------------
@pytest.mark.rule("card 102", "4.9.4", "6.2.2")
@pytest.mark.parametrize("reading, script, after, tested", [
    ("roll_always", [6], ("fair", "neutral"), True),              # rolled: 6 -> Fair
    ("test_only_if_unmarked", [], ("poor", "neutral"), False),    # a Test of a marked country: no roll
])
@pytest.mark.reading("A29")
def test_a29_former_soviet_union_on_a_marked_central_asia(reading, script, after, tested):
    """A29 (``former_soviet_union_roll``): Central Asia Poor Ally. Under the default the event rolls
    its Governance anyway (a 6: Fair) and sets it Neutral; under ``test_only_if_unmarked`` no die is
    rolled, Central Asia keeps Poor and only becomes Neutral, and it is not recorded as tested."""
    st = at(rulings={"former_soviet_union_roll": reading},
            countries={"Central Asia": {"gov": "poor", "align": "ally"}})
    play_event(st, 102, "US", script)
    c = country(st, "Central Asia")
    assert (c["gov"], c["align"]) == after
    assert ("Central Asia" in st.d["action_log"]["current"]["tested"]) is tested


@pytest.mark.rule("card 102", "4.9.4")
@pytest.mark.parametrize("reading", ["roll_always", "test_only_if_unmarked"])
def test_a29_former_soviet_union_on_an_unmarked_central_asia(reading):
    """A29: an unmarked Central Asia is rolled under both readings (a 5: Fair Neutral)."""
    st = at(rulings={"former_soviet_union_roll": reading})
    assert country(st, "Central Asia")["gov"] is None
    play_event(st, 102, J, [5])
    c = country(st, "Central Asia")
    assert (c["gov"], c["align"]) == ("fair", "neutral")


# -- A35: cards 37 Iraqi WMD and 39 Libyan WMD on a Good country -----------------------------------
@pytest.mark.rule("card 37", "card 39", "7.3.4", "7.3.4.1")
@pytest.mark.parametrize("card, target", [(37, "Iraq"), (39, "Libya")])
@pytest.mark.parametrize("reading", [True, False])
@pytest.mark.reading("A35")
def test_a35_regime_change_on_a_good_country(card, target, reading):
    """A35 (``rc_on_good_by_event``): a Good Adversary Iraq (Libya), US Hard, 9 troops on the
    track. Under the default the card's marker makes it a Regime Change target at once (the US is
    asked whether to use this card) and for a later card; under False 7.3.4.1 excludes a Good
    country: no question, the marker stays for later, and no value-3 card can target it while Good.
    A Fair one is a target under both readings."""
    st = at(rulings={"rc_on_good_by_event": reading}, countries={target: {"gov": "good"}})
    assert st.d["troops_track"] >= 6
    give(st, "US", card)
    start_proc(st, "play_card", side="US", card=card)
    feed(st, [{"use": "event"}])
    if reading:
        assert st.legal_actions() == [{"regime_change": True}, {"regime_change": False}]
        feed(st, [{"regime_change": False}])
    assert finished(st)
    assert marker_places(st, "Iraqi WMD" if card == 37 else "Libyan WMD") == [target]
    assert (target in regime_change_targets(st, 3)) is reading
    country(st, target)["gov"] = "fair"
    assert target in regime_change_targets(st, 3)


@pytest.mark.rule("card 37", "7.3.4")
@pytest.mark.parametrize("reading", [True, False])
@pytest.mark.reading("A35")
def test_a35_good_iraq_regime_change_carried_out_only_under_the_default(reading):
    """A35: under the default a Good Iraq takes the Regime Change with card 37 itself (Governance
    roll 5: Fair, Ally, 6 troops, the marker used up, Prestige 7 + 3); under False it cannot."""
    st = at(rulings={"rc_on_good_by_event": reading}, countries={"Iraq": {"gov": "good"}})
    give(st, "US", 37)
    start_proc(st, "play_card", side="US", card=37)
    feed(st, [{"use": "event"}])
    if not reading:
        assert finished(st)
        assert country(st, "Iraq")["gov"] == "good" and country(st, "Iraq")["troops"] == 0
        return
    feed(st, [{"regime_change": True}, {"country": "Iraq"}, {"from": "track"}, {"troops": 6},
              5, 5, 3, 4])
    assert finished(st)
    iraq = country(st, "Iraq")
    assert (iraq["gov"], iraq["align"], iraq["troops"], iraq["rc"]) == ("fair", "ally", 6, "green")
    assert marker_places(st, "Iraqi WMD") == [] and st.d["prestige"] == 10


# -- A47: card 114 GTMO -----------------------------------------------------------------------------
READINGS_A47 = ["ops_and_second_card", "all_recruits", "ops_only"]


@pytest.mark.rule("card 114", "8.2", "8.1.3")
@pytest.mark.parametrize("reading", READINGS_A47)
def test_a47_gtmo_always_stops_recruit_operations(reading):
    """A47 (``gtmo_blocks``): under every reading GTMO stops Recruit operations: Recruit is not
    among the operations open to a value-3 card, and an ``op_recruit`` started does nothing."""
    st = at(rulings={"gtmo_blocks": reading})
    assert {"op": "recruit"} in available_ops(st, 3)
    st.d["lapsing"].append(114)
    assert gtmo_stops(st, "operation")
    assert {"op": "recruit"} not in available_ops(st, 3)
    run_proc(st, "op_recruit", [], side=J, card=66, value=3)
    assert st.d["cells_track"] == 11


@pytest.mark.rule("card 48", "card 114", "8.2.1")
@pytest.mark.parametrize("reading, us_cells, track", [
    ("ops_and_second_card", 0, 11),   # the second card is used with no effect
    ("all_recruits", 0, 11),
    ("ops_only", 2, 9),               # the Recruit happens: dice 1 and 2 succeed
])
@pytest.mark.reading("A47")
def test_a47_card_48_second_card_recruit_under_gtmo(reading, us_cells, track):
    """A47: GTMO in effect; Adam Gadahn (48) as the event, then Kazakh Strain (66, value 2) as the
    second card. Its Recruit (two dice) in the United States is stopped under ``ops_and_second_card`` (the
    default) and ``all_recruits``; under ``ops_only`` it is conducted."""
    st = jihadist_hand(at(rulings={"gtmo_blocks": reading}), 48, 66)
    st.d["lapsing"].append(114)
    script = [{"card": 48}, {"use": "event"}, {"card": 66}]
    if us_cells:
        script += [{"country": "United States"}] * 2 + [1, 2]
    run_proc(st, "jihadist_phase", script)
    assert cells(st, "United States") == us_cells and st.d["cells_track"] == track
    assert st.d["discard"] == [48, 66]


@pytest.mark.rule("card 53", "card 114", "8.2.1")
@pytest.mark.parametrize("reading, stopped", [
    ("ops_and_second_card", True), ("all_recruits", True), ("ops_only", False),
])
@pytest.mark.reading("A47")
def test_a47_card_53_second_card_recruit_under_gtmo(reading, stopped):
    """A47: GTMO in effect; Madrassas (53) as the event, then card 66 (value 2) recruits. Stopped
    under the default and ``all_recruits`` (the track keeps 11 cells); under ``ops_only`` the
    Jihadist recruits in Afghanistan (Islamist Rule: automatic, no die) with Madrassas's own value
    (P15 default) and twice with the second card, ignoring Funding, and places three cells."""
    st = jihadist_hand(at(rulings={"gtmo_blocks": reading}), 53, 66)
    st.d["lapsing"].append(114)
    before = cells(st, "Afghanistan")
    script = [{"card": 53}, {"use": "event"}, {"card": 66}]
    if not stopped:
        script = [{"card": 53}, {"use": "event"}, {"country": "Afghanistan"}, {"card": 66}]
        script += [{"country": "Afghanistan"}] * 2
    run_proc(st, "jihadist_phase", script)
    assert cells(st, "Afghanistan") == before + (0 if stopped else 3)
    assert st.d["cells_track"] == (11 if stopped else 8)
    assert st.d["discard"] == [53, 66]


@pytest.mark.rule("card 82", "card 114", "8.2.1", "4.8.4")
@pytest.mark.parametrize("reading, stopped", [
    ("ops_and_second_card", False), ("all_recruits", True), ("ops_only", False),
])
@pytest.mark.reading("A47")
def test_a47_card_82_jihadist_videos_under_gtmo(reading, stopped):
    """A47: GTMO in effect; Jihadist Videos (82) selects Iraq, Sudan and the United Kingdom; Sudan
    and the UK are tested (5: Fair; 1: Soft). Under the default and ``ops_only`` the event's Recruit
    rolls (Iraq Poor 3: yes; Sudan Fair 3: no; UK REC 3: yes): two cells, a Cadre in Sudan. Under
    ``all_recruits`` GTMO stops the Recruit: no die, no cell, a Cadre in each of the three."""
    st = at(rulings={"gtmo_blocks": reading}, funding=1)
    st.d["lapsing"].append(114)
    script = [{"country": "Iraq"}, {"country": "Sudan"}, {"country": "United Kingdom"}, 5, 1]
    if not stopped:
        script += [3, 3, 3]
    play_event(st, 82, J, script)
    assert (country(st, "Sudan")["gov"], country(st, "United Kingdom")["posture"]) == ("fair", "soft")
    got = {n: (cells(st, n), country(st, n)["cadre"]) for n in ("Iraq", "Sudan", "United Kingdom")}
    if stopped:
        assert got == {"Iraq": (0, True), "Sudan": (0, True), "United Kingdom": (0, True)}
        assert st.d["cells_track"] == 11
    else:
        assert got == {"Iraq": (1, False), "Sudan": (0, True), "United Kingdom": (1, False)}
        assert st.d["cells_track"] == 9
