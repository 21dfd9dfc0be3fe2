"""Regression: the seed's example of play, turns 1-4 (Italian rulebook, "ESEMPIO DI GIOCO";
dossier seed_twilight_struggle.md), played by the whole model from a position: the set-up done, the
turn 1 hands the example deals (then each later deal scripted, a draw being a chance node answered
with the card the example lists), every headline and action round as the example plays it (card,
use, countries, dice), the events included. After each step the figures the example prints are
asserted: VP, DEFCON, military operations, Space Race, influence and control.

Where the example's figure is not what the rules give, the model's figure is asserted and the
registry entry (model/twilight_struggle/data/ambiguities/a32_a39.yaml) is cited beside it:

* A32 the running VP totals; A33 the last Asia Scoring (7, not 9); A34 box 6 gives no VP;
  A35 Red Scare/Purge's and SALT's modifiers (Arms Race 2 Ops, the China Card 4); A36 Marshall
  Plan's 7 countries (Greece left out here); A37 Bulgaria is still the USSR's in turn 3; A38 the
  Italy coup needed a 2; A39 the turn 3 hands (the US's eighth card: Red Scare/Purge, held into
  turn 4 where the example lists it);
* A40 Blockade: the US discards East European Unrest, which it does not hold (it keeps only
  Formosan Resolution, 2 Ops): all US influence leaves West Germany;
* A41 the set-up: 7 US influence cannot give the example's later figures (France 2, Italy 2,
  West Germany 2, Benelux and Denmark 1 each make 8), and Czechoslovakia is USSR-controlled after
  Warsaw Pact already (its set-up influence + 2), not "gaining Control" with COMECON;
* A42 the turn 3 deal: 4 cards are left in the pile, not 5;
* A43 Southeast Asia Scoring gives the USSR 4 VP, not 5 (Malaysia has 1 influence of stability 2);
* A44 Central America Scoring: the US controls no Central American country (no Presence): 5 VP
  to the USSR, not 4;
* A45 the turn 4 hands: 8 cards are listed for each side, not 9 (one unlisted card is dealt to
  each here, and held);
* A18/A20 (and C011, switch ``card_11_text``): Korean War gives the USSR 2 Military Operations
  (card text); the example applies no DEFCON step either, and its later coups need the DEFCON it
  implies (an Egypt coup at DEFCON 3), so this game is played under ``card_11_text: deluxe``, the
  reading the example follows (the seed's default degrades DEFCON by one more, and the Middle East
  would be closed to the USSR's turn-3 coup in Egypt: checked below);
* A19 SALT improves DEFCON (default), A21 UN Intervention is worth 1 Op (default).

Choices the example leaves unstated, chosen as its figures imply: the set-up (USSR: Poland 2,
Czechoslovakia 1, Hungary 2, Finland 1 more; US: Italy 2, West Germany 1, Benelux 1, France 2,
Denmark 1); Indo-Pakistani War's target (Pakistan: no USSR influence in either); the USSR's
Olympic die in turn 1 and the US's Space Race roll in turn 2; De-Stalinization's sources (2 each
from Bulgaria and Czechoslovakia); Muslim Revolution's second country (Saudi Arabia, no US
influence); Lone Gunman's 1 Op, which the example leaves out: 1 influence in India, which the US's
India coup in the same turn needs (6.3.1) and the final Asia Scoring's control of India implies.

Defectors (card 103, the USSR's turn 4 round 2) gives the US 1 VP as an event triggered by the
USSR's operations; until its event is implemented the model records the gap instead (asserted
either way).
"""
from __future__ import annotations

import copy

import pytest

from cdg_oracle.model.twilight_struggle.cardplay import ops_value
from cdg_oracle.model.twilight_struggle.control import controls
from cdg_oracle.model.twilight_struggle.events import registered
from cdg_oracle.model.twilight_struggle.events.play import TRIGGERED_GAP
from cdg_oracle.model.twilight_struggle.scoring import region_levels, region_vp
from tests.twilight_struggle.helpers import play, position, question

# the seed edition's numbers (the default edition)
ASIA_SCORING, EUROPE_SCORING, MIDDLE_EAST_SCORING, DUCK_AND_COVER, FIVE_YEAR_PLAN, CHINA = 1, 2, 3, 4, 5, 6
SOCIALIST_GOVERNMENTS, FIDEL, VIETNAM_REVOLTS, BLOCKADE, KOREAN_WAR, ROMANIAN_ABDICATION = 7, 8, 9, 10, 11, 12
ARAB_ISRAELI_WAR, COMECON, NASSER, WARSAW_PACT, DE_GAULLE, CAPTURED_NAZI_SCIENTIST = 13, 14, 15, 16, 17, 18
TRUMAN_DOCTRINE, OLYMPIC_GAMES, NATO, INDEPENDENT_REDS, MARSHALL_PLAN, INDO_PAKISTANI_WAR = 19, 20, 21, 22, 23, 24
CONTAINMENT, CIA_CREATED, US_JAPAN_PACT, SUEZ_CRISIS, EAST_EUROPEAN_UNREST, DECOLONIZATION = 25, 26, 27, 28, 29, 30
RED_SCARE, UN_INTERVENTION, DE_STALINIZATION, NUCLEAR_TEST_BAN = 31, 32, 33, 34
CENTRAL_AMERICA_SCORING, SOUTHEAST_ASIA_SCORING, ARMS_RACE, SALT, BREZHNEV_DOCTRINE = 37, 38, 39, 43, 51
SOUTH_AFRICAN_UNREST, WILLY_BRANDT, MUSLIM_REVOLUTION, LONE_GUNMAN, GRAIN_SALES = 53, 55, 56, 62, 67
LATIN_AMERICAN_DEATH_SQUADS, SHUTTLE_DIPLOMACY, VOICE_OF_AMERICA, ONE_SMALL_STEP = 69, 73, 74, 80
FORMOSAN_RESOLUTION, DEFECTORS = 101, 103

U = lambda n: {"US": n, "USSR": 0}  # noqa: E731
R = lambda n: {"US": 0, "USSR": n}  # noqa: E731

#: The set-up's free placements (3.2, 3.3) where the example names the countries: 6 USSR, 7 US.
SET_UP = {"Poland": R(2), "Czechoslovakia": R(1), "Hungary": R(2), "Finland": R(2),
          "Italy": U(2), "West Germany": U(1), "Benelux": U(1), "France": U(2), "Denmark": U(1)}
#: "Carte iniziali": the turn 1 hands.
TURN_1_HANDS = {"USSR": [DE_STALINIZATION, DECOLONIZATION, DE_GAULLE, CAPTURED_NAZI_SCIENTIST, SOCIALIST_GOVERNMENTS,
                         UN_INTERVENTION, TRUMAN_DOCTRINE, RED_SCARE],
                "US": [NUCLEAR_TEST_BAN, INDO_PAKISTANI_WAR, FIVE_YEAR_PLAN, US_JAPAN_PACT, OLYMPIC_GAMES, NATO,
                       BLOCKADE, FORMOSAN_RESOLUTION]}
#: "Distribuzione delle Carte": the cards dealt in turns 2-4 (the held cards stay in the hand).
TURN_2_DEAL = {"US": [MARSHALL_PLAN, CONTAINMENT, CIA_CREATED, VIETNAM_REVOLTS, ROMANIAN_ABDICATION, ASIA_SCORING,
                      NASSER],
               "USSR": [COMECON, INDEPENDENT_REDS, SUEZ_CRISIS, MIDDLE_EAST_SCORING, EUROPE_SCORING, WARSAW_PACT,
                        DEFECTORS, DUCK_AND_COVER]}
TURN_3_DEAL = {"US": [EUROPE_SCORING, EAST_EUROPEAN_UNREST, SOCIALIST_GOVERNMENTS, FORMOSAN_RESOLUTION,
                      DE_STALINIZATION, ARAB_ISRAELI_WAR, RED_SCARE],  # Red Scare/Purge: the unlisted card (A39)
               "USSR": [NATO, OLYMPIC_GAMES, VIETNAM_REVOLTS, INDO_PAKISTANI_WAR, MIDDLE_EAST_SCORING, FIDEL,
                        KOREAN_WAR]}  # Korean War: the headline the list omits (A39)
TURN_4_DEAL = {"US": [ONE_SMALL_STEP, SALT, MUSLIM_REVOLUTION, BREZHNEV_DOCTRINE, SHUTTLE_DIPLOMACY,
                      LATIN_AMERICAN_DEATH_SQUADS, ASIA_SCORING, GRAIN_SALES],  # Grain Sales: unlisted (A45)
               "USSR": [LONE_GUNMAN, SOUTHEAST_ASIA_SCORING, CENTRAL_AMERICA_SCORING, VOICE_OF_AMERICA, ARMS_RACE,
                        WILLY_BRANDT, UN_INTERVENTION, SOUTH_AFRICAN_UNREST]}  # South African Unrest: unlisted (A45)
#: The reading of Korean War the example follows (A18, A20; C011): no DEFCON step.
RULINGS = {"card_11_text": "deluxe"}


def inf(st, country: str) -> tuple[int, int]:
    """(US, USSR) influence in ``country``."""
    i = st.d["influence"][country]
    return i["US"], i["USSR"]


def places(*countries: str) -> list[dict]:
    return [{"country": c} for c in countries]


def tracks(st) -> tuple:
    """(VP, DEFCON, USSR milops, US milops, USSR space, US space)."""
    d = st.d
    return d["vp"], d["defcon"], d["milops"]["USSR"], d["milops"]["US"], d["space"]["USSR"], d["space"]["US"]


def deal(st, cards: dict) -> None:
    """Script the deal (4.5 B): each draw, a chance node, answered with a card of the side being
    dealt, the first of its list that the pile holds (4.3.1: the old pile's cards come first)."""
    want = {s: list(v) for s, v in cards.items()}
    while question(st) == "deal.drawn":
        side = st.decision()["prompt"].rsplit(" ", 1)[1]
        legal = [a["card"] for a in st.legal_actions()]
        card = next(c for c in want[side] if c in legal)
        want[side].remove(card)
        play(st, {"card": card})
    assert want == {"US": [], "USSR": []}


def targets(st) -> set:
    return {a["country"] for a in st.legal_actions()}


def start(rulings: dict = RULINGS):
    """The set-up done (3.2, 3.3: the free influence where the example puts it), the turn 1 hands
    dealt, the China Card with the USSR: play stands at the turn 1 headline."""
    st = position(influence=SET_UP, hands=TURN_1_HANDS, next={"phase": "headline"}, rulings=rulings)
    assert tracks(st) == (0, 5, 0, 0, 0, 0) and st.d["china"] == {"holder": "USSR", "face_up": True}
    assert sum(v["US"] for v in st.d["influence"].values()) == 23  # 3.3 (the seed: 16 fixed + 7)
    assert sum(v["USSR"] for v in st.d["influence"].values()) == 15  # 3.2: 9 fixed + 6
    return st


# -- turn 1 ---------------------------------------------------------------------------------------------------
def turn_1(st):
    # Headline: US US/Japan Mutual Defense Pact (4 Ops), USSR Red Scare/Purge (2 in the seed): the US's first.
    play(st, {"card": RED_SCARE}, {"card": US_JAPAN_PACT})
    assert inf(st, "Japan") == (4, 0) and controls(st, "US", "Japan")
    assert US_JAPAN_PACT in st.d["in_effect"]
    assert ops_value(st, "US", NUCLEAR_TEST_BAN) == 3  # "(4 - 1 per la carta Paura Rossa)"

    # USSR 1: De-Stalinization for 3 Ops: 2 in Iraq (Control), 1 in Lebanon.
    play(st, {"card": DE_STALINIZATION}, {"use": "influence"}, *places("Iraq", "Iraq", "Lebanon"))
    assert inf(st, "Iraq") == (0, 3) and controls(st, "USSR", "Iraq") and inf(st, "Lebanon") == (0, 1)
    # US 1: Nuclear Test Ban for 3 Ops: 1 in Iran, 2 in Egypt.
    play(st, {"card": NUCLEAR_TEST_BAN}, {"use": "influence"}, *places("Iran", "Egypt", "Egypt"))
    assert inf(st, "Iran") == (2, 0) and inf(st, "Egypt") == (2, 0)
    assert controls(st, "US", "Iran") and controls(st, "US", "Egypt")

    # USSR 2: Decolonization: Laos (Control), Vietnam (Control), Malaysia, Thailand.
    play(st, {"card": DECOLONIZATION}, {"use": "event"}, *places("Laos/Cambodia", "Vietnam", "Malaysia", "Thailand"))
    assert [inf(st, c) for c in ("Laos/Cambodia", "Vietnam", "Malaysia", "Thailand")] == [(0, 1)] * 4
    assert controls(st, "USSR", "Laos/Cambodia") and controls(st, "USSR", "Vietnam")
    assert not controls(st, "USSR", "Malaysia") and not controls(st, "USSR", "Thailand")

    # US 2: Indo-Pakistani War: "the minimum roll is 4", and the US rolls 4: 2 VP, 2 milops.
    play(st, {"card": INDO_PAKISTANI_WAR}, {"use": "event"}, {"country": "Pakistan"})
    three = copy.deepcopy(st)
    play(three, 3)
    assert tracks(three)[0] == 0  # a 3 fails (no neighbour of Pakistan is controlled)
    play(st, 4)
    assert tracks(st) == (2, 5, 0, 2, 0, 0)

    # USSR 3: De Gaulle Leads France for 3 Ops: a coup in Italy, roll 1: no effect; DEFCON 4; 3 milops.
    play(st, {"card": DE_GAULLE}, {"use": "coup"}, {"country": "Italy"})
    two = copy.deepcopy(st)
    play(two, 2)
    assert inf(two, "Italy") == (1, 0)  # A38: 3 + 2 - 4 > 0, a 2 succeeds (the example: "needs a 4")
    play(st, 1)
    assert inf(st, "Italy") == (2, 0) and tracks(st) == (2, 4, 3, 2, 0, 0)
    # "Non si possono fare altri tentativi di colpo di stato in Europa" (8.1.5)
    probe = copy.deepcopy(st)
    play(probe, {"card": OLYMPIC_GAMES}, {"use": "coup"})
    assert "Finland" in st.map.area("Europe") and not targets(probe) & set(st.map.area("Europe"))

    # US 3: Five Year Plan: a card drawn at random from the USSR's hand, Truman Doctrine, a US event:
    # it happens, all USSR influence leaves Finland.
    play(st, {"card": FIVE_YEAR_PLAN}, {"use": "event"})
    assert sorted(a["card"] for a in st.legal_actions()) == [SOCIALIST_GOVERNMENTS, CAPTURED_NAZI_SCIENTIST,
                                                             TRUMAN_DOCTRINE, UN_INTERVENTION]
    play(st, {"card": TRUMAN_DOCTRINE}, {"country": "Finland"})
    assert inf(st, "Finland") == (0, 0) and TRUMAN_DOCTRINE in st.d["removed"]

    # USSR 4: Captured Nazi Scientist: Sputnik, box 1: 2 VP to the USSR.
    play(st, {"card": CAPTURED_NAZI_SCIENTIST}, {"use": "event"})
    assert tracks(st) == (0, 4, 3, 2, 1, 0)
    # US 4: Olympic Games: no boycott; the US rolls 6 + 2 = 8 (the USSR's die, unstated: 1): 2 VP.
    play(st, {"card": OLYMPIC_GAMES}, {"use": "event"}, {"boycott": False}, 6, 1)
    assert tracks(st) == (2, 4, 3, 2, 1, 0)

    # USSR 5: Socialist Governments: 1 US influence out of West Germany, 2 out of Italy.
    play(st, {"card": SOCIALIST_GOVERNMENTS}, {"use": "event"}, *places("West Germany", "Italy", "Italy"))
    assert inf(st, "West Germany") == (0, 0) and inf(st, "Italy") == (0, 0)
    # US 5: NATO for 3 Ops (4 - 1): 2 in West Germany, 1 in Italy.
    play(st, {"card": NATO}, {"use": "influence"}, *places("West Germany", "West Germany", "Italy"))
    assert inf(st, "West Germany") == (2, 0) and inf(st, "Italy") == (1, 0)

    # USSR 6: UN Intervention as 1 Op (A21): 1 in Thailand (now USSR-controlled).
    assert ops_value(st, "USSR", UN_INTERVENTION) == 1
    play(st, {"card": UN_INTERVENTION}, {"use": "influence"}, {"country": "Thailand"})
    assert inf(st, "Thailand") == (0, 2) and controls(st, "USSR", "Thailand")
    # US 6: Blockade as 1 Op before its event: 1 in Italy. Then the event: the US holds only Formosan
    # Resolution (2 Ops), so it cannot discard a card of 3 or more: all US influence leaves West Germany
    # (A40: the example discards East European Unrest, which is not in the US's hand).
    play(st, {"card": BLOCKADE}, {"use": "influence"}, {"event": "after"}, {"country": "Italy"})
    assert inf(st, "Italy") == (2, 0) and controls(st, "US", "Italy")
    assert st.d["hands"]["US"] == [FORMOSAN_RESOLUTION] and st.legal_actions() == [{"discard": False}]
    play(st, {"discard": False})
    assert inf(st, "West Germany") == (0, 0) and BLOCKADE in st.d["removed"]

    # Held: US Formosan Resolution, USSR none. Military operations: DEFCON 4, USSR 3 (1 VP to the US),
    # US 2 (2 VP to the USSR): net 1 VP to the USSR (A32: +1 after turn 1). Turn 2: DEFCON back to 5.
    assert st.d["hands"] == {"USSR": [], "US": [FORMOSAN_RESOLUTION]}
    assert question(st) == "deal.drawn" and st.d["turn"] == 2
    assert tracks(st) == (1, 5, 0, 0, 1, 0)


@pytest.mark.rule("4.5", "3.2", "3.3", "6.1", "6.3.2", "6.3.3", "6.3.4", "8.1.5", "8.2.1", "10.1.4", "10.2.3",
                  "7.4",
                  "card 27", "card 31", "card 30", "card 24", "card 5", "card 19", "card 18", "card 20", "card 7",
                  "card 10", "6.4.3")
def test_turn_1():
    """Turn 1: the headlines (US/Japan Pact, Red Scare/Purge) and both sides' six action rounds,
    then the military operations check (net 1 VP to the USSR). The Italy coup's threshold (A38)
    and Blockade's discard (A40) are asserted as the rules give them."""
    turn_1(start())


# -- turn 2 ---------------------------------------------------------------------------------------------------
def turn_2(st):
    deal(st, TURN_2_DEAL)
    assert st.d["hands"]["US"] == sorted(TURN_2_DEAL["US"] + [FORMOSAN_RESOLUTION])
    assert sorted(st.d["deck"]) == [FIDEL, KOREAN_WAR, ARAB_ISRAELI_WAR, EAST_EUROPEAN_UNREST]  # A42: 4 left

    # Headline: US Marshall Plan (4 Ops) first, then USSR Warsaw Pact (3 Ops).
    # Marshall Plan: 1 US influence in 7 countries (A36: the example names 8; Greece is left out).
    play(st, {"card": WARSAW_PACT}, {"card": MARSHALL_PLAN},
         *places("France", "Spain/Portugal", "Italy", "West Germany", "Benelux", "Denmark", "Turkey"))
    assert inf(st, "France") == (3, 0) and controls(st, "US", "France")  # "ottenendo il Controllo"
    assert [inf(st, c) for c in ("Spain/Portugal", "Italy", "West Germany", "Benelux", "Denmark", "Turkey")] == \
        [(1, 0), (3, 0), (1, 0), (2, 0), (2, 0), (1, 0)]
    # Warsaw Pact: 5 USSR influence: 2 in Czechoslovakia, 2 in Bulgaria, 1 in Austria.
    play(st, {"warsaw": "add"}, *places("Czechoslovakia", "Czechoslovakia", "Bulgaria", "Bulgaria", "Austria"))
    assert inf(st, "Czechoslovakia") == (0, 3) and inf(st, "Bulgaria") == (0, 2) and inf(st, "Austria") == (0, 1)
    assert controls(st, "USSR", "Czechoslovakia")  # A41: controlled already (its set-up 1 + 2)

    # USSR 1: COMECON: 1 each in Czechoslovakia, Bulgaria (Control), Austria and Finland.
    play(st, {"card": COMECON}, {"use": "event"}, *places("Czechoslovakia", "Bulgaria", "Austria", "Finland"))
    assert [inf(st, c) for c in ("Czechoslovakia", "Bulgaria", "Austria", "Finland")] == \
        [(0, 4), (0, 3), (0, 2), (0, 1)]
    assert controls(st, "USSR", "Bulgaria")
    # US 1: Containment: every US card +1 Op this turn.
    play(st, {"card": CONTAINMENT}, {"use": "event"})
    assert ops_value(st, "US", CIA_CREATED) == 2 and ops_value(st, "US", FORMOSAN_RESOLUTION) == 3

    # USSR 2: Duck and Cover for the Space Race, roll 2: box 2 (two attempts a turn from now).
    play(st, {"card": DUCK_AND_COVER}, {"use": "space"}, 2)
    assert tracks(st) == (1, 5, 0, 0, 2, 0)
    # US 2: CIA Created: 2 Ops (1 + 1): 2 in Libya.
    play(st, {"card": CIA_CREATED}, {"use": "event"}, {"use": "influence"}, *places("Libya", "Libya"))
    assert inf(st, "Libya") == (2, 0) and controls(st, "US", "Libya")
    # USSR 3: Independent Reds for the Space Race, roll 1: box 3, 2 VP to the USSR (its second attempt).
    play(st, {"card": INDEPENDENT_REDS}, {"use": "space"}, 1)
    assert tracks(st) == (-1, 5, 0, 0, 3, 0) and st.d["space_attempts"]["USSR"] == 2
    # US 3: Vietnam Revolts for the Space Race (roll unstated: 1): box 1, second: 1 VP to the US.
    play(st, {"card": VIETNAM_REVOLTS}, {"use": "space"}, 1)
    assert tracks(st) == (0, 5, 0, 0, 3, 1)

    # USSR 4: Suez Crisis for a coup in Libya: 5 + 3 = 8 against 4: +4: 2 US out, 2 USSR in (Control);
    # DEFCON 4; 3 milops.
    play(st, {"card": SUEZ_CRISIS}, {"use": "coup"}, {"country": "Libya"}, 5)
    assert inf(st, "Libya") == (0, 2) and controls(st, "USSR", "Libya")
    assert tracks(st) == (0, 4, 3, 0, 3, 1)
    # US 4: Formosan Resolution for 3 Ops: 3 in Israel (Control).
    play(st, {"card": FORMOSAN_RESOLUTION}, {"use": "influence"}, *places("Israel", "Israel", "Israel"))
    assert inf(st, "Israel") == (4, 0) and controls(st, "US", "Israel")

    # USSR 5: Middle East Scoring (two scoring cards, two rounds: only they may be played, 4.5 D):
    # Presence each; US battlegrounds Israel, Iran, Egypt against Libya, Iraq: net 1 VP to the US.
    assert {a["card"] for a in st.legal_actions()} == {EUROPE_SCORING, MIDDLE_EAST_SCORING}
    assert region_levels(st, "Middle East") == {"USSR": "presence", "US": "presence"}
    assert region_vp(st, "Middle East") == {"USSR": 3 + 2, "US": 3 + 3}
    play(st, {"card": MIDDLE_EAST_SCORING}, {"use": "event"})
    assert tracks(st)[0] == 1

    # US 5: Romanian Abdication for 2 Ops: 2 in South Korea (Control); the USSR's event happens:
    # 3 USSR influence in Romania (Control).
    play(st, {"card": ROMANIAN_ABDICATION}, {"use": "influence"}, {"event": "after"},
         *places("South Korea", "South Korea"))
    assert inf(st, "South Korea") == (3, 0) and controls(st, "US", "South Korea")
    assert inf(st, "Romania") == (0, 3) and controls(st, "USSR", "Romania")

    # USSR 6: Europe Scoring: Presence each, nobody Domination; the US controls one battleground more
    # (France, Italy against East Germany): 1 VP to the US.
    assert region_levels(st, "Europe") == {"USSR": "presence", "US": "presence"}
    assert region_vp(st, "Europe") == {"USSR": 3 + 1, "US": 3 + 2}
    play(st, {"card": EUROPE_SCORING}, {"use": "event"})
    assert tracks(st)[0] == 2
    # US 6: Asia Scoring: a tie, no change.
    vp = region_vp(st, "Asia")
    assert vp["US"] == vp["USSR"]
    play(st, {"card": ASIA_SCORING}, {"use": "event"})

    # Held: US Nasser, USSR Defectors. DEFCON 4: the US made none (4 VP to the USSR), the USSR 3 (1 VP
    # to the US): net 3 to the USSR (A32: -1 after turn 2). Turn 3: DEFCON back to 5.
    assert st.d["hands"] == {"USSR": [DEFECTORS], "US": [NASSER]}
    assert st.d["turn"] == 3 and tracks(st) == (-1, 5, 0, 0, 3, 1)


@pytest.mark.rule("4.5", "4.3.1", "6.4.2", "6.4.3", "6.4.4", "6.3.2", "6.3.4", "5.2", "10.1", "10.1.1", "10.1.2",
                  "8.2.1",
                  "card 23", "card 16", "card 14", "card 25", "card 26", "card 12", "card 1", "card 2", "card 3")
def test_turn_2():
    """Turn 2: the deal, the headlines (Marshall Plan, Warsaw Pact), six action rounds each (the
    Space Race, Suez Crisis's coup, three scorings), then the check (net 3 VP to the USSR).
    Marshall Plan's 7 countries (A36) and Czechoslovakia's control (A41) as the rules give them."""
    st = start()
    turn_1(st)
    turn_2(st)


# -- turn 3 ---------------------------------------------------------------------------------------------------
def turn_3(st):
    #: 1 under the seed card's own text of Korean War (C011's default in the seed edition): its DEFCON
    #: step; 0 under the reading the example follows (RULINGS).
    kw = 1 if st.rulings.card_11_text in ("edition", "seed") else 0
    # The deal: the pile's 4 cards first (A42: the example says 5), then the discards reshuffled.
    pile = sorted(st.d["deck"])
    deal(st, TURN_3_DEAL)
    assert set(pile) <= set(st.d["hands"]["US"] + st.d["hands"]["USSR"])
    assert len(st.d["hands"]["US"]) == len(st.d["hands"]["USSR"]) == 8  # A39: the lists give 7

    # Headline: US East European Unrest (3 Ops) first: 1 USSR influence out of East Germany, Poland
    # and Czechoslovakia.
    play(st, {"card": KOREAN_WAR}, {"card": EAST_EUROPEAN_UNREST}, *places("East Germany", "Poland", "Czechoslovakia"))
    assert [inf(st, c) for c in ("East Germany", "Poland", "Czechoslovakia")] == [(0, 2), (0, 1), (0, 3)]
    # USSR Korean War: roll 6 - 1 (Japan, US-controlled, next to South Korea) = 5: victory, 2 VP,
    # South Korea's US influence replaced by the USSR's; the USSR adds 2 milops (A20: the example
    # leaves them out); no DEFCON step under the reading the example follows (A18, C011).
    play(st, 6)
    assert inf(st, "South Korea") == (0, 3) and controls(st, "USSR", "South Korea")
    assert tracks(st) == (-3, 5 - kw, 2, 0, 3, 1)

    # USSR 1: NATO for the Space Race, roll 2: box 4 (Gagarin), no VP.
    play(st, {"card": NATO}, {"use": "space"}, 2)
    assert tracks(st) == (-3, 5 - kw, 2, 0, 4, 1)
    # US 1: Europe Scoring. The USSR controls Romania, Bulgaria (A37) and Czechoslovakia (A41): 3
    # countries, as many as the US (United Kingdom, France, Italy; West Germany lost to Blockade,
    # A40): Presence each: the US 3 + 2 battlegrounds, the USSR 3: 2 VP to the US, not 7.
    assert {c for c in st.map.area("Europe") if controls(st, "USSR", c)} == {"Romania", "Bulgaria", "Czechoslovakia"}
    assert {c for c in st.map.area("Europe") if controls(st, "US", c)} == {"United Kingdom", "France", "Italy"}
    assert region_levels(st, "Europe") == {"USSR": "presence", "US": "presence"}
    assert region_vp(st, "Europe") == {"USSR": 3, "US": 3 + 2}
    play(st, {"card": EUROPE_SCORING}, {"use": "event"})
    assert tracks(st)[0] == -1

    # USSR 2: Olympic Games: no boycott; the USSR 4 + 2 = 6 against the US's 3: 2 VP to the USSR.
    play(st, {"card": OLYMPIC_GAMES}, {"use": "event"}, {"boycott": False}, 4, 3)
    assert tracks(st)[0] == -3
    # US 2: Socialist Governments for the Space Race, roll 6: failure (its event does not happen, 6.4.5).
    play(st, {"card": SOCIALIST_GOVERNMENTS}, {"use": "space"}, 6)
    assert tracks(st) == (-3, 5 - kw, 2, 0, 4, 1) and inf(st, "Italy") == (3, 0)

    # USSR 3: Vietnam Revolts for a coup in Iran: 4 + 2 = 6 against 4: 2 US influence out, Iran no
    # longer controlled; DEFCON 4; milops 2 + 2 = 4 (A20: the example says 2).
    play(st, {"card": VIETNAM_REVOLTS}, {"use": "coup"}, {"country": "Iran"}, 4)
    assert inf(st, "Iran") == (0, 0) and tracks(st) == (-3, 4 - kw, 4, 0, 4, 1)
    # US 3: Formosan Resolution for a coup in Libya: 2 + 2 = 4 against 4: no effect; DEFCON 3; 2 milops.
    play(st, {"card": FORMOSAN_RESOLUTION}, {"use": "coup"}, {"country": "Libya"}, 2)
    assert inf(st, "Libya") == (0, 2) and tracks(st) == (-3, 3 - kw, 4, 2, 4, 1)
    if kw:  # the seed card's DEFCON step: DEFCON 2 now, the Middle East closed to the Egypt coup (8.1.5)
        play(st, {"card": INDO_PAKISTANI_WAR}, {"use": "coup"})
        assert "Egypt" not in targets(st) and "Egypt" in st.map.area("Middle East")
        return

    # USSR 4: Indo-Pakistani War for a coup in Egypt: 6 + 2 = 8 against 4: 2 US out, 2 USSR in;
    # DEFCON 2; milops 4 + 2, at most 5 (8.2: the example says 4).
    play(st, {"card": INDO_PAKISTANI_WAR}, {"use": "coup"}, {"country": "Egypt"}, 6)
    assert inf(st, "Egypt") == (0, 2) and controls(st, "USSR", "Egypt")
    assert tracks(st) == (-3, 2, 5, 2, 4, 1)

    # US 4: De-Stalinization for 3 Ops: 3 in Taiwan (Control); then its USSR event: up to 4 USSR
    # influence moved (from Bulgaria and Czechoslovakia, unstated) to non-US-controlled countries:
    # 2 in Iran and 2 in Pakistan, each now USSR-controlled.
    play(st, {"card": DE_STALINIZATION}, {"use": "influence"}, {"event": "after"},
         *places("Taiwan", "Taiwan", "Taiwan"))
    assert inf(st, "Taiwan") == (3, 0) and controls(st, "US", "Taiwan")
    play(st, *places("Bulgaria", "Bulgaria", "Czechoslovakia", "Czechoslovakia"),
         *places("Iran", "Iran", "Pakistan", "Pakistan"))
    assert inf(st, "Iran") == (0, 2) and inf(st, "Pakistan") == (0, 2)
    assert controls(st, "USSR", "Iran") and controls(st, "USSR", "Pakistan")
    assert inf(st, "Bulgaria") == (0, 1) and inf(st, "Czechoslovakia") == (0, 1)

    # USSR 5: Middle East Scoring: the USSR Domination and 4 battlegrounds (Egypt, Libya, Iran, Iraq),
    # the US Presence and Israel: 5 VP to the USSR.
    assert region_levels(st, "Middle East") == {"USSR": "domination", "US": "presence"}
    assert region_vp(st, "Middle East") == {"USSR": 5 + 4, "US": 3 + 1}
    play(st, {"card": MIDDLE_EAST_SCORING}, {"use": "event"})
    assert tracks(st)[0] == -8

    # US 5: Arab-Israeli War for Ops before the USSR's event: 2 in Jordan. The war: 4 - 1 (Jordan, a
    # US-controlled neighbour of Israel) = 3: no Arab victory; the USSR's milops stay at 5.
    play(st, {"card": ARAB_ISRAELI_WAR}, {"use": "influence"}, {"event": "after"}, *places("Jordan", "Jordan"))
    assert inf(st, "Jordan") == (2, 0) and controls(st, "US", "Jordan")
    play(st, 4)
    assert inf(st, "Israel") == (4, 0) and tracks(st) == (-8, 2, 5, 2, 4, 1)

    # USSR 6: Fidel: 3 USSR influence in Cuba (Control).
    play(st, {"card": FIDEL}, {"use": "event"})
    assert inf(st, "Cuba") == (0, 3) and controls(st, "USSR", "Cuba")
    # US 6: Nasser as 1 Op: 1 in Turkey (Control); the USSR's event: 2 USSR influence in Egypt.
    play(st, {"card": NASSER}, {"use": "influence"}, {"event": "after"}, {"country": "Turkey"})
    assert inf(st, "Turkey") == (2, 0) and controls(st, "US", "Turkey") and inf(st, "Egypt") == (0, 4)

    # DEFCON 2: both sides meet the requirement (USSR 5, US 2): no VP (A32: -3 after turn 3, with
    # the example's Europe Scoring). Turn 4: DEFCON 3; the Mid War cards join the pile.
    assert st.d["turn"] == 4 and tracks(st) == (-8, 3, 0, 0, 4, 1)
    assert st.d["hands"] == {"USSR": [DEFECTORS], "US": [RED_SCARE]}
    assert SOUTHEAST_ASIA_SCORING in st.d["deck"]


@pytest.mark.rule("4.3", "4.3.1", "4.4", "6.3.1", "6.3.2", "6.3.3", "6.3.4", "8.1.5", "8.2.3", "10.1.1",
                  "10.1.2", "5.2", "card 29", "card 11", "card 21", "card 2", "card 20", "card 9", "card 35",
                  "card 24", "card 33", "card 3", "card 13", "card 8", "card 15")
def test_turn_3():
    """Turn 3: the deal across the reshuffle, the headlines (East European Unrest, Korean War), the
    Europe and Middle East scorings, four coups and the De-Stalinization event; every side meets
    DEFCON 2's requirement. Korean War's milops (A20), Bulgaria and Czechoslovakia (A37, A41) and
    the Europe Scoring that follows from them asserted as the rules give them."""
    st = start()
    turn_1(st)
    turn_2(st)
    turn_3(st)


@pytest.mark.rule("card 11", "8.1.5", "8.1.7")
@pytest.mark.reading("C011")
def test_turn_3_with_korean_war_as_the_seed_card_prints_it():
    """C011's default in the seed edition: Korean War degrades DEFCON by one (A18). Played so, turn
    3 runs one DEFCON lower: 4 after the headline, 2 after the US's Libya coup, and the Middle East
    is closed (8.1.5) to the USSR's coup in Egypt that the example plays next; which is why the
    example is played under the reading it follows (``card_11_text: deluxe``)."""
    st = start(rulings={})
    assert st.rulings.card_11_text == "edition"
    turn_1(st)
    turn_2(st)
    turn_3(st)


# -- turn 4 ---------------------------------------------------------------------------------------------------
def turn_4(st):
    deal(st, TURN_4_DEAL)
    assert len(st.d["hands"]["US"]) == len(st.d["hands"]["USSR"]) == 9  # A45: the lists give 8

    # Headline: the USSR holds box 4's ability (6.4.4): the US chooses first, and the USSR sees it.
    assert st.current_player() == "US"
    play(st, {"card": ONE_SMALL_STEP})
    assert st.observation("USSR")["headline"]["US"] == ONE_SMALL_STEP
    play(st, {"card": SOUTHEAST_ASIA_SCORING})
    # One Small Step: the US, behind, moves 2 boxes (1 to 3): no VP. Southeast Asia Scoring: the USSR
    # controls Thailand (2), Laos and Vietnam (1 each): 4 VP, not 5 (A43); the card is removed (7.2).
    assert tracks(st) == (-12, 3, 0, 0, 4, 3)
    assert SOUTHEAST_ASIA_SCORING in st.d["removed"]

    # USSR 1: Lone Gunman: the US shows its hand; the card's 1 Op (left out by the example): 1 in India.
    play(st, {"card": LONE_GUNMAN}, {"use": "event"})
    assert sorted(st.d["hands"]["US"]) == next(e["shown"] for e in st.d["effects"] if e["card"] == LONE_GUNMAN)
    play(st, {"use": "influence"}, {"country": "India"})
    assert inf(st, "India") == (0, 1)
    # US 1: Red Scare/Purge: every USSR card -1 Op this turn.
    play(st, {"card": RED_SCARE}, {"use": "event"})
    assert ops_value(st, "USSR", DEFECTORS) == 1 and ops_value(st, "USSR", ARMS_RACE) == 2
    assert ops_value(st, "USSR", CHINA) == 3

    # USSR 2: Defectors for 1 Op: 1 in Malaysia (Control); the US's event: 1 VP to the US.
    play(st, {"card": DEFECTORS}, {"use": "influence"}, {"event": "after"}, {"country": "Malaysia"})
    assert inf(st, "Malaysia") == (0, 2) and controls(st, "USSR", "Malaysia")
    defectors = 1 if registered(DEFECTORS) is not None else 0
    if defectors:
        assert st.d["not_implemented"] == []
    else:  # the event not implemented yet: the gap is recorded, never skipped in silence
        assert st.d["not_implemented"] == [{"card": DEFECTORS, "side": "US", "turn": 4, "round": 2,
                                            "what": TRIGGERED_GAP}]
    assert tracks(st)[0] == -12 + defectors

    # US 2: SALT Negotiations: DEFCON improves by 2, to 5 (A19); the US takes One Small Step back
    # from the discards.
    play(st, {"card": SALT}, {"use": "event"}, {"card": ONE_SMALL_STEP})
    assert tracks(st) == (-12 + defectors, 5, 0, 0, 4, 3) and ONE_SMALL_STEP in st.d["hands"]["US"]

    # USSR 3: UN Intervention with Voice of America: its US event cancelled, its Ops used: 2 - 1 = 1:
    # 1 in Nicaragua (Control).
    play(st, {"card": UN_INTERVENTION}, {"use": "event"}, {"card": VOICE_OF_AMERICA}, {"use": "influence"},
         {"country": "Nicaragua"})
    assert inf(st, "Nicaragua") == (0, 1) and controls(st, "USSR", "Nicaragua")
    assert {UN_INTERVENTION, VOICE_OF_AMERICA} <= set(st.d["discard"])

    # US 3: One Small Step: 2 boxes (3 to 5), box 5 first: 3 VP.
    play(st, {"card": ONE_SMALL_STEP}, {"use": "event"})
    assert tracks(st) == (-9 + defectors, 5, 0, 0, 4, 5)

    # USSR 4: Central America Scoring: the USSR's Domination 3, +1 Cuba (battleground), +1 Cuba
    # (next to the US); the US controls no country there (Panama 1 of 2): no Presence: 5 VP, not 4 (A44).
    assert region_levels(st, "Central America") == {"USSR": "domination", "US": None}
    assert region_vp(st, "Central America") == {"USSR": 3 + 1 + 1, "US": 0}
    play(st, {"card": CENTRAL_AMERICA_SCORING}, {"use": "event"})
    assert tracks(st)[0] == -14 + defectors

    # US 4: Muslim Revolution for 4 Ops, a coup in India: 2 + 4 - 1 (SALT; A35: the example omits it)
    # = 5 against 6: no effect; DEFCON 4; 4 milops. Then its USSR event: all US influence out of
    # Jordan (and of Saudi Arabia, which has none).
    play(st, {"card": MUSLIM_REVOLUTION}, {"use": "coup"}, {"event": "after"}, {"country": "India"}, 2)
    assert inf(st, "India") == (0, 1) and tracks(st) == (-14 + defectors, 4, 0, 4, 4, 5)
    play(st, {"country": "Jordan"}, {"country": "Saudi Arabia"})
    assert inf(st, "Jordan") == (0, 0)

    # USSR 5: Arms Race for a coup in Panama: DEFCON 3; 5 + 2 (3 - 1, Red Scare) - 1 (SALT) = 6
    # against 4: 1 US out, 1 USSR in (A35: the example counts 3 Ops and no SALT: 3 USSR, Control).
    play(st, {"card": ARMS_RACE}, {"use": "coup"}, {"country": "Panama"}, 5)
    assert inf(st, "Panama") == (0, 1) and not controls(st, "USSR", "Panama")
    assert tracks(st) == (-14 + defectors, 3, 2, 4, 4, 5)

    # US 5: Brezhnev Doctrine for the Space Race, roll 4: success, box 6: no VP (A34).
    play(st, {"card": BREZHNEV_DOCTRINE}, {"use": "space"}, 4)
    assert tracks(st) == (-14 + defectors, 3, 2, 4, 4, 6)

    # USSR 6: Willy Brandt: 1 VP to the USSR (and the seed's 2 USSR influence in West Germany, C055).
    play(st, {"card": WILLY_BRANDT}, {"use": "event"})
    assert tracks(st)[0] == -15 + defectors and inf(st, "West Germany") == (1, 2)  # A32: "11 VP URSS"
    # US 6: Shuttle Diplomacy: for the next scoring of Asia (or the Middle East) the USSR counts one
    # battleground fewer.
    play(st, {"card": SHUTTLE_DIPLOMACY}, {"use": "event"})
    assert SHUTTLE_DIPLOMACY in st.d["in_effect"]

    # USSR 7: the China Card: 4 - 1 (Red Scare) + 1 (all in Asia) = 4 Ops (A35: the example 5): 2 in
    # India, 2 in Burma (the example's Indonesia left out), both now controlled; the card passes face down.
    play(st, {"card": CHINA}, {"use": "influence"}, *places("India", "India", "Burma", "Burma"))
    assert inf(st, "India") == (0, 3) and inf(st, "Burma") == (0, 2)
    assert controls(st, "USSR", "India") and controls(st, "USSR", "Burma")
    assert st.d["china"] == {"holder": "US", "face_up": False}

    # US 7: Asia Scoring: the USSR's Domination (7) and its battlegrounds Thailand, India, North and
    # South Korea, Pakistan less Shuttle Diplomacy's one (4), against the US's Presence (3) and Japan
    # (1): 7 VP, not 9 (A33). The USSR reaches 20: an automatic Soviet victory (10.3.1), as the
    # example ends (its total is 20 by other sums, A32).
    assert region_levels(st, "Asia") == {"USSR": "domination", "US": "presence"}
    assert region_vp(st, "Asia") == {"USSR": 7 + 4, "US": 3 + 1}
    play(st, {"card": ASIA_SCORING}, {"use": "event"})
    assert st.d["vp"] == -20
    assert st.outcome() is not None and st.d["terminal"]["winner"] == "USSR" and st.d["terminal"]["rule"] == "10.3.1"


@pytest.mark.rule("4.5", "4.4", "6.4.4", "6.4.3", "6.3.1", "6.3.2", "7.4", "7.4.2", "9.6", "9.3", "9.7", "10.1.1",
                  "10.1.2", "10.3.1", "7.2", "5.2", "card 80", "card 38", "card 62", "card 31",
                  "card 43", "card 32", "card 74", "card 37", "card 56", "card 39", "card 51", "card 55", "card 73",
                  "card 1")
def test_turn_4():
    """Turn 4: the deal of the Mid War cards, the headlines (One Small Step, Southeast Asia Scoring)
    and seven action rounds each, to the Asia Scoring that gives the USSR 20 VP and the game
    (10.3.1), as in the example. Red Scare/Purge and SALT's modifiers (A35), box 6 (A34) and the
    scorings (A33, A43, A44) as the rules give them."""
    st = start()
    turn_1(st)
    turn_2(st)
    turn_3(st)
    turn_4(st)
