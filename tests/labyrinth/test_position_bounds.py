"""Labyrinth positions: every bound the rules set on a count or a place is checked on load (issue
28 item 3), and an event marker the game does not have is refused with its near spellings (issue 27
item 8). Each refusal is one line naming the field and the rule; each bound is also met by the
states of real play (the round trip of tests/labyrinth/test_position.py and the loop below)."""
from __future__ import annotations

import random

import pytest

from cdg_oracle.model.core.errors import DataError
from cdg_oracle.model.core.position import FORMAT, from_document, to_document
from cdg_oracle.model.labyrinth import new_game
from cdg_oracle.model.labyrinth.cards import load_cards
from cdg_oracle.model.labyrinth.consistency import HANDS_MOST, marker_spellings
from cdg_oracle.model.labyrinth.position import check
from cdg_oracle.oracle.playout import choose


def doc(**state) -> dict:
    return {"format": FORMAT, "format_version": 1, "game": "labyrinth", "scenario": "lets_roll",
            "state": {"hands": {"Jihadist": [35, 95], "US": [15, 65]}, **state},
            "next": {"phase": "jihadist_action", "card_index": 1}}


def refused(d: dict) -> str:
    with pytest.raises(DataError) as e:
        from_document(d, "p.yaml")
    msg = str(e.value)
    assert "\n" not in msg and msg.startswith("p.yaml"), msg
    return msg


# -- 28.3: counts and places ------------------------------------------------------------------------
BOUNDS = [
    # (what, state, words the error must contain: the field and the rule)
    ("a 94-card US hand", {"hands": {"Jihadist": [], "US": list(range(1, 95))}}, ("hands:", "94 cards", "5.2.8")),
    ("23 cards in the two hands", {"hands": {"Jihadist": list(range(1, 12)), "US": list(range(12, 24))}},
     ("hands:", "at most 22", "5.2.4")),
    ("troops in the United States", {"countries": {"United States": {"troops": 2}}},
     ("countries.United States.troops", "7.3.3")),
    ("troops in Israel", {"countries": {"Israel": {"troops": 1}}}, ("countries.Israel.troops", "7.3.3")),
    ("troops in Iran", {"countries": {"Iran": {"troops": 1}}}, ("countries.Iran.troops", "7.3.3")),
    ("a Posture on a Muslim country", {"countries": {"Iraq": {"posture": "hard"}}}, ("countries.Iraq.posture", "4.3.2")),
    ("a Posture on the United States' space", {"countries": {"United States": {"posture": "soft"}}},
     ("countries.United States.posture", "4.7.2")),
    ("a card in the Lapsing box that is not LAPSING", {"lapsing": [3], "hands": {"Jihadist": [35], "US": [15]}},
     ("lapsing: card 3", "4.7.7.1")),
    ("a lapsing marker of a card that is not LAPSING", {"lapsing_effects": [15]}, ("lapsing_effects: card 15", "4.7.7.1")),
    ("CTR outside Russia and Central Asia", {"countries": {"Iraq": {"markers": ["CTR"]}}},
     ("countries.Iraq.markers", "'CTR' is placed only in Russia, Central Asia", "6.2.7")),
    ("an Events-box marker on a country", {"countries": {"Iraq": {"markers": ["Renditions"]}}},
     ("countries.Iraq.markers", "Events box", "6.2.7")),
    ("a country's marker in the Events box", {"events_in_effect": ["Patriot Act"]},
     ("events_in_effect", "'Patriot Act' is placed on a country", "6.2.7")),
    ("a marker and its Leak side", {"events_in_effect": ["Leak [Wiretapping]", "Wiretapping"]},
     ("events_in_effect", "both up", "card 84")),
    ("a marker and the one it blocks", {"countries": {"Philippines": {"markers": ["Abu Sayyaf", "Moro Talks"]}}},
     ("event markers", "'Moro Talks' and 'Abu Sayyaf'", "6.2.8")),
    ("an Events-box marker twice", {"events_in_effect": ["Pirates", "Pirates"]}, ("events_in_effect", "twice")),
]


@pytest.mark.rule("5.2.8", "5.2.4", "7.3.3", "4.3.2", "4.7.2", "4.7.7.1", "6.2.7", "6.2.8", "card 57", "card 84")
@pytest.mark.parametrize("what, state, words", BOUNDS, ids=[b[0] for b in BOUNDS])
def test_every_bound_on_a_count_or_a_place_is_refused_in_one_line(what, state, words):
    msg = refused(doc(**state))
    for w in words:
        assert w in msg, msg


@pytest.mark.rule("7.3.3", "card 57", "card 4")
def test_troops_may_stay_in_the_philippines_without_abu_sayyaf():
    """Card 57 lets the US deploy there; Moro Talks (card 4) ends Abu Sayyaf, not the troops there
    (the 2003 scenario starts with 2 troops in the Philippines)."""
    s = from_document(doc(countries={"Philippines": {"troops": 2, "posture": "soft", "markers": ["Moro Talks"]}}))
    assert s.d["countries"]["Philippines"]["troops"] == 2


@pytest.mark.rule("5.2.8", "5.2.4")
def test_the_hand_bound_is_reached_but_not_passed():
    """22 cards in the two hands are accepted (9 + 9 dealt, 1 held, 3 drawn by the draw-two cards)."""
    assert HANDS_MOST == 22
    s = from_document(doc(hands={"Jihadist": list(range(1, 12)), "US": list(range(12, 23))}))
    assert len(s.d["hands"]["US"]) + len(s.d["hands"]["Jihadist"]) <= 22


@pytest.mark.rule("5.2.8", "7.3.3", "6.2.7", "6.2.8", "4.7.7.1")
def test_real_play_keeps_every_bound():
    """The laws hold on every state of real games (both sides, solo too), so they refuse only what
    play never reaches."""
    for seed, scenario in enumerate(("lets_roll", "you_can_call_me_al", "anaconda", "mission_accomplished") * 3):
        s = new_game(scenario, options={"solo": True, "ideology": "potent"} if seed % 2 else None)
        rng = random.Random(seed)
        while not s.is_terminal() and s.d["turn"] <= 6:
            s.apply(choose(rng, s))
            assert check(s.d) == [], (scenario, seed)


# -- 27.8: event marker names -----------------------------------------------------------------------
@pytest.mark.rule("6.2.7")
@pytest.mark.parametrize("where, state, near", [
    ("countries.United States.markers", {"countries": {"United States": {"markers": ["Patriot act"]}}}, "'Patriot Act'"),
    ("events_in_effect", {"events_in_effect": ["Leak Wiretapping"]}, "'Leak [Wiretapping]'"),
    ("events_in_effect", {"events_in_effect": ["Leak [Patriot Act]"]}, "'Leak [Wiretapping]'"),
    ("countries.Iraq.markers", {"countries": {"Iraq": {"markers": ["Sadr"]}}}, None),
])
def test_an_unknown_marker_name_is_refused_with_its_near_spellings(where, state, near):
    """A misspelt marker used to switch its event off silently; now one line names the field, the
    marker and the spellings it is close to."""
    msg = refused(doc(**state))
    assert f"{where}: " in msg and "is not an event marker" in msg, msg
    if near:
        assert near in msg.split("is not an event marker")[1], msg


@pytest.mark.rule("6.2.7", "card 84")
def test_every_spelling_is_a_mark_card_name_or_its_leak_side():
    cards = load_cards()
    names = {c.name for c in cards.values() if c.mark}
    spellings = marker_spellings()
    assert names <= set(spellings)
    assert set(spellings) - names == {"Leak [Enhanced Measures]", "Leak [Renditions]", "Leak [Wiretapping]"}


@pytest.mark.rule("6.2.8", "card 84")
def test_a_leak_marker_reads_back_and_blocks_its_event():
    s = from_document(doc(events_in_effect=["Leak [Renditions]"]))
    assert to_document(s)["state"]["events_in_effect"] == ["Leak [Renditions]"]
    from cdg_oracle.model.labyrinth.events.lasting import blocked
    assert blocked(s, 44)
