"""Readings of the ambiguity registry that change US operations, the Regime Change marker and card
41 NATO (issue 7, third wave): each test builds a position where the readings of one registry entry
give different play, and asserts the exact result under every reading.

Entries and switches (model/labyrinth/rulings.py): D39 ``reassessment_flip``, A46
``reassessment_event_order``, D24 ``rc_deploy_restriction``, D23 ``rc_marker_tan``, A08
``nato_troops``. The positions start from the Let's Roll! set-up (Gulf States Fair Ally 2 troops,
Saudi Arabia Poor Ally 2 troops, Iraq Poor Adversary, Afghanistan Islamist Rule Adversary with 4
Sleepers, US Hard, 11 troops on the track, a Standard game: one deck).
"""
from __future__ import annotations

import itertools

import pytest

from cdg_oracle.model.labyrinth import victory
from cdg_oracle.model.labyrinth.countries import NATO, troops
from cdg_oracle.model.labyrinth.events.lasting import place_marker
from cdg_oracle.model.labyrinth.operations import us
from cdg_oracle.model.labyrinth.tracks import hand_sizes_of, us_troops_level
from tests.labyrinth.harness import (
    conserve, feed, finished, give, play_event, position, probe_events, run_proc, start_proc, with_rulings,
)

DEPLOY, RC, WITHDRAW, REASSESS = "op_deploy", "op_regime_change", "op_withdraw", "op_reassessment"


def at(rulings=None, countries=None, **tracks):
    """A Let's Roll! position with ``countries``/``tracks`` edited (cubes and cylinders
    re-balanced), under the given Rulings switches."""
    st = position("lets_roll", countries=countries, **tracks)
    conserve(st)
    return with_rulings(st, **(rulings or {}))


def us_phase(st, hand: list[int]):
    """The first card of the US Action Phase, with exactly ``hand`` in the US hand."""
    st.d["phase"] = "us_action"
    st.d["card_index"] = 1
    for n in list(st.d["hands"]["US"]):
        st.d["hands"]["US"].remove(n)
        st.d["discard"].append(n)
    give(st, "US", *hand)
    return st


# ==============================================================================================
# D39: 7.6.1, is the Posture change of a Reassessment mandatory?
# ==============================================================================================
@pytest.mark.reading("D39")
@pytest.mark.rule("7.6.1", "7.6.2")
@pytest.mark.parametrize("reading, answer, posture", [
    ("mandatory", None, "soft"),          # mandatory_flip (default): no question, Hard -> Soft
    ("optional", "soft", "soft"),         # optional_flip: the US changes ...
    ("optional", "hard", "hard"),         # ... or keeps its Posture
])
def test_d39_reassessment_may_keep_the_posture(reading, answer, posture):
    """D39 (``reassessment_flip``): IT 7.6.1 "consente agli USA di cambiare la Postura ... Notate
    che il cambio di Postura DEVE essere effettuato"; PL/ES only "allows". US Hard, Reassessment
    with card 39 and second card 113 (Unassociated, no event triggered): under ``mandatory`` the
    operation ends with the US Soft and no question; under ``optional`` the US is asked its Posture
    (the other one first) and may keep Hard. Either way the second card is discarded."""
    st = us_phase(at(rulings={"reassessment_flip": reading}), [113])
    start_proc(st, REASSESS, side="US", card=39, value=3)
    feed(st, [{"card": 113}])
    if reading == "mandatory":
        assert finished(st)
    else:
        assert st.decision()["rule"] == "7.6.1"
        assert st.legal_actions() == [{"posture": "soft"}, {"posture": "hard"}]
        feed(st, [{"posture": answer}])
        assert finished(st)
    assert st.d["us_posture"] == posture
    assert 113 in st.d["discard"] and st.d["in_play"] == [] and st.d["card_index"] == 2


# ==============================================================================================
# A46: 7.6.3, the order of the Posture change and the two cards' triggered events
# ==============================================================================================
@pytest.fixture
def probes(monkeypatch):
    """Cards 76 Abu Ghurayb (REMOVE) and 92 Saddam (Jihadist, value 3) get the stand-in event."""
    probe_events(monkeypatch, (76, 92))


def order_of(probe: list) -> str:
    """The order of resolution read off the probes (US Hard before the change): "1" the first
    card's event (76), "2" the second card's (92), "P" the Posture change."""
    out, changed = [], False
    for card, posture in probe:
        if posture == "soft" and not changed:
            out.append("P")
            changed = True
        out.append("1" if card == 76 else "2")
    if not changed:
        out.append("P")
    return "".join(out)


def reassess_with_76_then_92(reading: str):
    """Card 76 played for Ops as the US Action Phase's first card, 92 in hand, under the reading."""
    st = us_phase(at(rulings={"reassessment_event_order": reading}), [76, 92])
    start_proc(st, "play_card", side="US", card=76)
    feed(st, [{"use": "ops"}])
    return st


def reachable_orders(st) -> set[str]:
    """Every order of resolution the US can reach from ``st`` (a US decision in the card play),
    choosing Reassessment and card 92 where asked."""
    if finished(st):
        assert 76 in st.d["removed"] and 92 in st.d["discard"] and st.d["in_play"] == []
        assert st.d["us_posture"] == "soft"
        return {order_of(st.d["probe"])}
    legal = st.legal_actions()
    if {"op": "reassessment"} in legal:
        legal = [{"op": "reassessment"}]
    out = set()
    for action in legal:
        nxt = st.clone()
        feed(nxt, [action])
        out |= reachable_orders(nxt)
    return out


@pytest.mark.reading("A46")
@pytest.mark.rule("7.6.3", "6.3.2", "6.3.2.1", "6.2.9")
@pytest.mark.parametrize("reading, orders", [
    ("nested", {"12P", "1P2", "2P1", "P21"}),                    # nested (default): 4 of 6
    ("free", {"".join(p) for p in itertools.permutations("12P")}),   # free_order: all 6
])
def test_a46_orders_of_a_reassessment(probes, reading, orders):
    """A46 (``reassessment_event_order``): 7.6.3 "Il giocatore USA decide l'ordine di risoluzione
    del cambio di Postura e di qualsiasi evento della jihad che accade (6.3.2)"; 6.3.2.1 the player
    puts a triggered event before or after the operation. Card 76 for a Reassessment, second card
    92, both Jihadist events: every path of US choices is explored. Under ``nested`` four orders are
    reachable (never "2 1 P" nor "P 1 2"); under ``free`` all six. On every path 76's event happened,
    so the card (REMOVE) is removed, and 92 is discarded (each card put away by its own event)."""
    assert reachable_orders(reassess_with_76_then_92(reading)) == orders


@pytest.mark.reading("A46")
@pytest.mark.rule("7.6.3", "6.3.2.1")
@pytest.mark.parametrize("reading", ["nested", "free"])
def test_a46_the_first_event_joins_the_reassessment(probes, reading):
    """A46: card 76's event put after the operation (6.3.2.1), second card 92. Under ``nested`` the
    US orders only 92's event against the Posture change ({"event": "first"/"after"}) and 76's event
    comes last; under ``free`` it orders the three items one at a time ({"resolve": ...}), here
    92's event, 76's event, then the Posture change (asked without a question: the last item)."""
    st = reassess_with_76_then_92(reading)
    feed(st, [{"event": "after"}, {"op": "reassessment"}, {"card": 92}])
    assert st.decision()["rule"] == "7.6.3"
    if reading == "nested":
        assert st.legal_actions() == [{"event": "first"}, {"event": "after"}]
        feed(st, [{"event": "first"}])
        assert st.d["probe"] == [[92, "hard"], [76, "soft"]]
    else:
        assert st.legal_actions() == [{"resolve": "posture"}, {"resolve": "event", "card": 76},
                                      {"resolve": "event", "card": 92}]
        feed(st, [{"resolve": "event", "card": 92}])
        assert st.legal_actions() == [{"resolve": "posture"}, {"resolve": "event", "card": 76}]
        feed(st, [{"resolve": "event", "card": 76}])
        assert st.d["probe"] == [[92, "hard"], [76, "hard"]]
    assert finished(st) and st.d["us_posture"] == "soft"
    assert 76 in st.d["removed"] and 92 in st.d["discard"] and st.d["in_play"] == []


@pytest.mark.reading("A46")
@pytest.mark.reading("D39")
@pytest.mark.rule("7.6.3", "7.6.1")
@pytest.mark.parametrize("flip, posture", [("mandatory", "soft"), ("optional", "hard")])
def test_a46_free_order_with_an_optional_posture_change(probes, flip, posture):
    """A46 ``free`` with D39: the Posture change picked first of the three items is a flip under
    ``mandatory``; under ``optional`` the US is then asked its Posture and keeps Hard here; the
    two events follow in the order chosen and see the Posture that results."""
    st = us_phase(at(rulings={"reassessment_event_order": "free", "reassessment_flip": flip}), [76, 92])
    start_proc(st, "play_card", side="US", card=76)
    feed(st, [{"use": "ops"}, {"event": "after"}, {"op": "reassessment"}, {"card": 92},
              {"resolve": "posture"}])
    if flip == "optional":
        assert st.legal_actions() == [{"posture": "soft"}, {"posture": "hard"}]
        feed(st, [{"posture": "hard"}])
    feed(st, [{"resolve": "event", "card": 76}])
    assert finished(st)
    assert st.d["probe"] == [[76, posture], [92, posture]] and st.d["us_posture"] == posture


# ==============================================================================================
# D24: 7.3.1, the Deploy restriction in a Regime Change country with a tan marker
# ==============================================================================================
@pytest.mark.reading("D24")
@pytest.mark.rule("7.3.1", "4.8.2", "7.3.4.1", "7.3.4")
@pytest.mark.parametrize("reading, marker, out", [
    ("any_marker", "green", 1), ("any_marker", "tan", 1),      # any_rc_marker (default)
    ("green_only", "green", 1), ("green_only", "tan", 7),      # green_only
])
def test_d24_deploy_out_of_a_regime_change_country(reading, marker, out):
    """D24 (``rc_deploy_restriction``): 7.3.1 "Le truppe non possono Schierarsi da un paese con
    Cambio di Regime (7.3.4.1) se questo lascerebbe meno di 5 truppe in più di quante cellule";
    PL 4.8.2 removes the flipped (tan) marker "from atop the troops". Iraq Poor Ally Regime Change
    with 7 troops and 1 cell: a Deploy out may take 1 cube (7 - 1 - 5) with a green marker under
    both readings, and with a tan one under ``any_marker``; all 7 with a tan one under
    ``green_only``, which also makes Iraq a source for a Regime Change in Afghanistan (6+ troops
    able to deploy; 4 cubes are left on the track)."""
    st = at(rulings={"rc_deploy_restriction": reading},
            countries={"Iraq": {"gov": "poor", "align": "ally", "rc": marker, "troops": 7, "sleepers": 1}})
    start_proc(st, DEPLOY, side="US", card=39, value=3)
    feed(st, [{"from": "Iraq"}, {"to": "Gulf States"}])
    assert st.legal_actions() == [{"troops": k} for k in range(1, out + 1)]
    feed(st, [{"troops": out}])
    assert finished(st)
    assert st.d["countries"]["Iraq"]["troops"] == 7 - out
    st = at(rulings={"rc_deploy_restriction": reading},
            countries={"Iraq": {"gov": "poor", "align": "ally", "rc": marker, "troops": 7, "sleepers": 1}})
    assert st.d["troops_track"] == 4
    assert us.regime_change_sources(st, "Afghanistan") == (["Iraq"] if out == 7 else [])


# ==============================================================================================
# D23: 4.8.2 note, a Regime Change marker placed tan
# ==============================================================================================
def rc_in_afghanistan(rulings: dict, last_turn: bool):
    """A Regime Change in Afghanistan with 6 troops from the track, started; in the last turn the
    draw pile (of the only deck of a Standard game) holds 5 cards, fewer than the next deal."""
    st = at(rulings=rulings)
    if last_turn:
        d = st.d
        d["discard"].extend(d["deck"][5:])
        d["deck"] = d["deck"][:5]
    start_proc(st, RC, side="US", card=39, value=3)
    feed(st, [{"country": "Afghanistan"}, {"from": "track"}, {"troops": 6}])
    return st


@pytest.mark.reading("D23")
@pytest.mark.rule("4.8.2", "5.2.9", "2.3", "3.3", "5.3.1", "7.3.4")
@pytest.mark.parametrize("reading, last_turn, asked", [
    ("always_green", False, False), ("always_green", True, False),        # always_green (default)
    ("unless_last_turn", False, True), ("unless_last_turn", True, False),   # tan_unless_last
    ("in_last_turn", False, False), ("in_last_turn", True, True),           # tan_in_last_turn
])
@pytest.mark.parametrize("choice", ["green", "tan"])
def test_d23_regime_change_marker_placed_tan(reading, last_turn, asked, choice):
    """D23 (``rc_marker_tan``): 4.8.2 NOTA (IT) "Se il turno corrente difficilmente sarà l'ultimo
    (3.3) ... poneteli con la parte marrone chiaro visibile"; PL "will not be the last"; ES "will be
    the last"; 2.3 counts a green marker (placed this turn) as Islamist Rule at the end of the game.
    The turn is the last when this is the last deck and the draw pile cannot complete the next
    deal (project decision). Before the Governance roll the US is asked green or tan only under
    ``unless_last_turn`` in a turn that is not the last and under ``in_last_turn`` in the last turn;
    otherwise the marker is green. A tan Afghanistan (Resources 1) does not count at 2.3."""
    st = rc_in_afghanistan({"rc_marker_tan": reading}, last_turn)
    assert us.turn_will_be_last(st) is last_turn
    if asked:
        assert st.decision()["rule"] == "4.8.2"
        assert st.legal_actions() == [{"marker": "green"}, {"marker": "tan"}]
        feed(st, [{"marker": choice}])
    marker = choice if asked else "green"
    assert st.decision()["rule"] == "4.9.3"
    feed(st, [4, 2, 3, 5])                      # Governance Poor; Prestige down by 3
    assert finished(st)
    a = st.d["countries"]["Afghanistan"]
    assert (a["gov"], a["rc"], a["align"]) == ("poor", marker, "ally")
    assert victory.islamist_resources(st, count_green_rc=True) == (1 if marker == "green" else 0)


@pytest.mark.rule("3.3", "5.3.1", "5.2.8")
def test_d23_the_last_turn_is_read_off_the_deck_marker_and_the_pile():
    """D23's project decision: the turn will be the last when one reshuffle is left before the end
    (3.3: Standard 1 deck, Tournament 2, Campaign 3) and the draw pile holds fewer cards than the
    next deal (5.2.8: US 9 at Low Intensity + Jihadist 9 at Ample Funding, Let's Roll!: 18)."""
    st = at()
    d = st.d
    assert sum(hand_sizes_of(st).values()) == 18
    d["discard"].extend(d["deck"][17:])
    d["deck"] = d["deck"][:17]
    assert us.turn_will_be_last(st)
    d["deck"].append(d["discard"].pop())
    assert not us.turn_will_be_last(st)                       # 18 cards complete the deal
    d["deck"] = d["deck"][:17]
    d["decks"] = 2
    assert not us.turn_will_be_last(st)                       # a Tournament game's first deck
    d["reshuffles"] = 1
    assert us.turn_will_be_last(st)


# ==============================================================================================
# A08: card 41 NATO, "counts as 2 troops; if deployed, remove it"
# ==============================================================================================
NATO_READINGS = ["removed_on_move", "counts_on_track", "withdraw_only"]


def nato_in_iraq(reading: str, marker: str = "green", cubes: int = 9, **tracks):
    """Iraq Poor Ally Regime Change with ``cubes`` troops and no cell; card 41 played there (US
    Posture Hard, GWOT penalty 0 at Let's Roll!)."""
    st = at(rulings={"nato_troops": reading},
            countries={"Iraq": {"gov": "poor", "align": "ally", "rc": marker, "troops": cubes}}, **tracks)
    play_event(st, 41, "US", [{"country": "Iraq"}])
    assert NATO in st.d["countries"]["Iraq"]["markers"] and troops(st, "Iraq") == cubes + 2
    return st


@pytest.mark.reading("A08")
@pytest.mark.rule("card 41", "7.3.1")
@pytest.mark.parametrize("reading, out, nato_stays", [
    ("removed_on_move", 4, False),      # local_troops_removed_on_move (default): 9 - 5
    ("counts_on_track", 4, False),      # counts_on_track: removal as the default
    ("withdraw_only", 6, True),         # removed_only_by_withdraw: 9 + 2 (NATO stays) - 5
])
def test_a08_deploy_out_of_a_country_with_nato(reading, out, nato_stays):
    """A08 (``nato_troops``): card 41 "La NATO vale 2 Truppe. Se si schiera, rimuovetela". Iraq,
    a Regime Change country with 9 cubes, no cell and NATO: under the readings where NATO leaves
    when troops move out, a Deploy may take 4 cubes (the 5 left must be cubes) and removes NATO;
    under ``withdraw_only`` NATO stays after a Deploy that leaves cubes, so it counts among the
    troops left: 6 cubes may go and Iraq keeps 3 cubes + NATO = 5 troops."""
    st = nato_in_iraq(reading)
    start_proc(st, DEPLOY, side="US", card=39, value=3)
    feed(st, [{"from": "Iraq"}, {"to": "track"}])
    assert st.legal_actions() == [{"troops": k} for k in range(1, out + 1)]
    feed(st, [{"troops": 2}])
    assert finished(st)
    assert (NATO in st.d["countries"]["Iraq"]["markers"]) is nato_stays
    assert troops(st, "Iraq") == 7 + (2 if nato_stays else 0)


@pytest.mark.reading("A08")
@pytest.mark.reading("D24")
@pytest.mark.rule("card 41", "7.3.1")
@pytest.mark.parametrize("reading", NATO_READINGS)
@pytest.mark.parametrize("moved", [8, 9])
def test_a08_nato_leaves_when_the_last_cube_leaves(reading, moved):
    """A08 with D24 ``green_only``: a tan Regime Change Iraq deploys freely. Deploying 8 of its 9
    cubes removes NATO under the default and ``counts_on_track``, not under ``withdraw_only``;
    deploying all 9 removes it under every reading ("or all troops leave")."""
    st = nato_in_iraq(reading, marker="tan")
    st = with_rulings(st, rc_deploy_restriction="green_only")
    run_proc(st, DEPLOY, [{"from": "Iraq"}, {"to": "track"}, {"troops": moved}], side="US", card=39, value=3)
    stays = reading == "withdraw_only" and moved == 8
    assert (NATO in st.d["countries"]["Iraq"]["markers"]) is stays


@pytest.mark.rule("card 41", "7.3.5")
@pytest.mark.parametrize("reading", NATO_READINGS)
def test_a08_withdraw_removes_nato_under_every_reading(reading):
    """A08: a Withdraw (7.3.5, US Soft) of 1 cube out of Iraq removes NATO under every reading (the
    readings agree here, so the test carries no ``reading`` marker: it guards the common ground)."""
    st = nato_in_iraq(reading, us_posture="soft")
    run_proc(st, WITHDRAW, [{"from": "Iraq"}, {"to": "track"}, {"troops": 1}, 5, 1, 1],
             side="US", card=39, value=3)
    c = st.d["countries"]["Iraq"]
    assert NATO not in c["markers"] and c["troops"] == 8 and c["besieged"]


@pytest.mark.reading("A08")
@pytest.mark.rule("card 41", "4.7.3", "5.2.8", "card 100")
@pytest.mark.parametrize("reading, level, hand, funding", [
    ("removed_on_move", "low_intensity", 9, 3),    # default: NATO not on the track; -2 Funding
    ("counts_on_track", "war", 8, 5),              # 10 cubes - 2 for NATO: War; card 100 no effect
    ("withdraw_only", "low_intensity", 9, 3),
])
def test_a08_nato_and_the_troops_track_level(reading, level, hand, funding):
    """A08: does NATO count as 2 troops for the Troops track level (4.7.3)? With 10 cubes on the
    track (Low Intensity) and NATO on Iraq: under ``counts_on_track`` the level is War, so the US
    is dealt 8 cards (5.2.8) and card 100 Hizb ut-Tahrir ("Se le Truppe sono a Bassa Intensità: -2
    ai Fondi") does nothing; under the other readings Low Intensity, 9 cards, Funding 5 -> 3."""
    st = nato_in_iraq(reading, cubes=1, funding=5)
    assert st.d["troops_track"] == 10
    assert us_troops_level(st) == level
    assert hand_sizes_of(st)["US"] == hand
    play_event(st, 100, "US", [])
    assert st.d["funding"] == funding


@pytest.mark.reading("A08")
@pytest.mark.rule("card 41", "4.7.3", "card 11", "card 26")
@pytest.mark.parametrize("reading, overstretch", [
    ("removed_on_move", False), ("counts_on_track", True), ("withdraw_only", False),
])
def test_a08_nato_and_overstretch(reading, overstretch):
    """A08: 5 cubes on the track (War) and NATO: under ``counts_on_track`` 3 count, Overstretch (7
    cards), and card 26 Quartet ("Giocatela se Abbas è in gioco e le Truppe non sono Troppo
    Impegnate") is not playable; under the other readings War, 8 cards, Quartet playable."""
    st = nato_in_iraq(reading, cubes=6)
    place_marker(st, 11)                              # Abbas in effect
    assert st.d["troops_track"] == 5
    assert (us_troops_level(st) == "overstretch") is overstretch
    assert hand_sizes_of(st)["US"] == (7 if overstretch else 8)
    from cdg_oracle.model.labyrinth.events.play import can_play
    assert can_play(st, "US", 26) is not overstretch
