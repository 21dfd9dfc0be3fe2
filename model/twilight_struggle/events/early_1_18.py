"""Events of Early War cards 4-18 (7.0), each citing its card (Deluxe number) and stating its text
(cards 1-3 are scoring cards: scoring_cards.py; card 6 is the China Card, which has no event, 9.0).

* 4 Duck and Cover (Accucciati e Nasconditi, US): DEFCON degrades by 1 ("Peggiorate il livello
  DEFCON di uno"), then the US gains 5 minus the DEFCON level in VP. DEFCON 1 ends the game at
  once (8.1.3: the phasing player, who made the move, loses) and no VP follow.
* 5 Five Year Plan (Piano Quinquennale, US): the USSR discards a card of its hand at random ("una
  carta a caso"); a US event on it happens at once, carried out by the US; a USSR or neutral one
  is discarded without its event.
* 7 Socialist Governments (Governi Socialisti, USSR): 3 US influence removed from Western Europe,
  at most 2 per country; not playable while The Iron Lady (card 83) is in effect.
* 8 Fidel (USSR, starred): all US influence out of Cuba; the USSR adds as much as it needs to
  control Cuba ("Influenza sufficiente ... per avere il Controllo").
* 9 Vietnam Revolts (Il Vietnam in rivolta, USSR, starred): 2 USSR influence in Vietnam; for the
  rest of the turn a card the USSR plays for operations gets +1 when all its ops are spent in
  Southeast Asia ("se tutti i punti Operazionali della carta sono usati in Asia Sudorientale"):
  the effect's hook ``area_ops`` (cardplay.area_bonuses, operations/__init__.py), counted with the
  China Card's Asia bonus and the other modifiers (7.4's example: 4 +1 +1 -1 = 5).
* 10 Blockade (Blocco, USSR, starred): unless the US at once discards a card of ops value 3 or more
  (7.4.2: its value now, cardplay.ops_value; the China Card is never in the hand, 9.5), all US
  influence leaves West Germany. The US chooses whether to discard, and which card.
* 11 Korean War (Guerra di Corea, USSR, starred; a war, 7.6): North Korea invades South Korea: a
  die, -1 per US-controlled country adjacent to South Korea; 4-6 wins: the USSR gains 2 VP and its
  influence replaces the US's there; the USSR's Military Operations +2 whatever the result. The
  seed's card also degrades DEFCON by 1 first ("Peggiorate il livello DEFCON di uno"): ruling
  ``card_11_text`` (registry C011).
* 12 Romanian Abdication (Abdicazione Romena, USSR, starred): as Fidel, for Romania.
* 13 Arab-Israeli War (Guerra Arabo-Israeliana, USSR; a war, 7.6): a Pan-Arab coalition invades
  Israel: a die, -1 per US-controlled country adjacent to Israel and (the Deluxe card) -1 if the
  US controls Israel itself; 4-6 wins: 2 VP and the US influence in Israel replaced by the USSR's;
  +2 Military Operations. The seed's card has no -1 for Israel itself: ruling ``card_13_text``
  (registry C013). Not playable after Camp David Accords (card 65).
* 14 COMECON (USSR, starred): 1 USSR influence in each of 4 Eastern European countries the US does
  not control (in all of them when fewer are left).
* 15 Nasser (USSR, starred): 2 USSR influence in Egypt; the US loses half its influence there,
  rounded up ("la metà (per eccesso)").
* 16 Warsaw Pact Formed (Formazione del Patto di Varsavia, USSR, starred, underlined): the USSR
  either removes all US influence from 4 Eastern European countries, or adds 5 USSR influence in
  Eastern Europe, at most 2 per country. Its effect stays in force (7.3): it allows NATO (card 21
  reads ``effects.in_force(st, 16)``).
* 17 De Gaulle Leads France (De Gaulle a capo della Francia, USSR, starred, underlined): 2 US
  influence out of France, 1 USSR in; NATO no longer protects France (card 21 reads
  ``effects.in_force(st, 17)``).
* 18 Captured Nazi Scientist (Scienziato tedesco catturato, neutral, starred): the player's Space
  Race marker advances one box ("Avanzare di una casella"), with the box's VP (6.4.3) and ability
  (6.4.4); it is no attempt (6.4.2) and needs no die.

Steps other batches will need too, written here for now: :func:`discard_for` (the options of "a
card of N ops or more, or else", card 10; card 95 has the same demand) and :func:`advance_space`
(a box without a die, card 18; card 80 moves two).
"""
from __future__ import annotations

import math

from cdg_oracle.model.core.citations import implements
from cdg_oracle.model.core.engine import cite
from cdg_oracle.model.core.steps import call, choose, do, for_each, if_, pick, roll, while_
from cdg_oracle.model.twilight_struggle.control import OPPONENT, add_influence, controls, remove_influence
from cdg_oracle.model.twilight_struggle.events import effects, event
from cdg_oracle.model.twilight_struggle.events.common import card_text, resolve_war, responsible, war_modifier
from cdg_oracle.model.twilight_struggle.events.effects import hook, start_effect
from cdg_oracle.model.twilight_struggle.tracks import degrade_defcon, gain_vp

VIETNAM_AREA = "Southeast Asia"  # card 9
VIETNAM_BONUS = 1
BLOCKADE_OPS = 3  # card 10
WAR_WINS_FROM = 4  # cards 11 and 13: 4-6 wins
WAR_VP = 2
WAR_MILOPS = 2


def _area(st, area: str) -> list[str]:
    """The countries of ``area``, in map order."""
    return [c for c in st.map.names if st.map.in_area(c, area)]


@implements("2.1.7")
def _take_control(st, side: str, country: str) -> None:
    """All the opponent's influence out of ``country``; ``side`` adds what it lacks for control
    (its influence at least the stability number, the opponent having none, 2.1.7)."""
    remove_influence(st, OPPONENT[side], country, st.d["influence"][country][OPPONENT[side]])
    need = st.map.countries[country].stability - st.d["influence"][country][side]
    if need > 0:
        add_influence(st, side, country, need)


# -- 4 Duck and Cover --------------------------------------------------------------------------------------
@implements("card 4", "8.1.3")
def _duck_and_cover(st, f) -> None:
    """DEFCON -1 (charged to the phasing player, 8.1.3), then the US gains 5 - DEFCON VP; at DEFCON
    1 the game is over and nothing follows."""
    cite(st, "card 4")
    degrade_defcon(st, responsible(st), 1)
    if st.d["terminal"] is None:
        gain_vp(st, "US", 5 - st.d["defcon"])


@event(4)
def duck_and_cover():
    """Card 4 Duck and Cover (module docstring)."""
    return [do(_duck_and_cover)]


# -- 5 Five Year Plan ---------------------------------------------------------------------------------------
def _ussr_has_cards(st, f) -> bool:
    return bool(st.d["hands"]["USSR"])


def _ussr_hand(st, f) -> list:
    """The USSR's hand, one outcome per card (uniform; the hand is kept sorted)."""
    return [{"card": c} for c in sorted(st.d["hands"]["USSR"])]


@implements("card 5")
def _discard_drawn(st, f) -> None:
    """The card leaves the USSR's hand: to the table if its event is the US's (it happens, then the
    card goes where its event sends it), else straight to the discards without its event."""
    d = st.d
    n = f["drawn"]["card"]
    f["drawn"] = n
    cite(st, "card 5")
    d["hands"]["USSR"].remove(n)
    if st.cards[n].side == "US":
        d["table"].append(n)
    else:
        d["discard"].append(n)
        d["discard"].sort()


def _drawn_is_us(st, f) -> bool:
    return st.cards[f["drawn"]].side == "US"


@event(5)
def five_year_plan():
    """Card 5 Five Year Plan (module docstring)."""
    return [
        if_(_ussr_has_cards, [
            pick(_ussr_hand, "card 5", "Five Year Plan: the card the USSR discards at random", into="drawn"),
            do(_discard_drawn),
            if_(_drawn_is_us, [call("other_event", card=lambda st, f: f["drawn"], side="US")]),
        ]),
    ]


# -- 7 Socialist Governments ---------------------------------------------------------------------------------
def _no_iron_lady(st, side) -> bool:
    """Card 7: not playable as an event while The Iron Lady (card 83) is in effect."""
    return not effects.in_force(st, 83)


@event(7, playable=_no_iron_lady)
def socialist_governments():
    """Card 7 Socialist Governments (module docstring)."""
    return [
        call("remove_influence", side=lambda st, f: f["side"], owner="US", count=3, per_country=2,
             countries=lambda st, f: _area(st, "Western Europe"), card=lambda st, f: f["card"], rule="card 7"),
    ]


# -- 8 Fidel, 12 Romanian Abdication ---------------------------------------------------------------------------
@implements("card 8")
def _fidel(st, f) -> None:
    """All US influence out of Cuba; the USSR adds enough to control it."""
    cite(st, "card 8")
    _take_control(st, "USSR", "Cuba")


@event(8)
def fidel():
    """Card 8 Fidel (module docstring)."""
    return [do(_fidel)]


@implements("card 12")
def _romanian_abdication(st, f) -> None:
    """All US influence out of Romania; the USSR adds enough to control it."""
    cite(st, "card 12")
    _take_control(st, "USSR", "Romania")


@event(12)
def romanian_abdication():
    """Card 12 Romanian Abdication (module docstring)."""
    return [do(_romanian_abdication)]


# -- 9 Vietnam Revolts -----------------------------------------------------------------------------------------
@implements("card 9", "7.4")
def _vietnam_revolts(st, f) -> None:
    """2 USSR influence in Vietnam; the bonus in force for the rest of the turn."""
    cite(st, "card 9")
    add_influence(st, "USSR", "Vietnam", 2)
    start_effect(st, 9, "USSR", "turn")


@hook("area_ops", 9)
def vietnam_bonus(st, effect, side, card, **_):
    """Card 9, 7.4.1: the USSR's cards (the China Card too, 7.4, 9.7) get +1 while all their ops go
    to Southeast Asia."""
    return [VIETNAM_AREA, VIETNAM_BONUS] if side == effect["side"] else None


@event(9)
def vietnam_revolts():
    """Card 9 Vietnam Revolts (module docstring)."""
    return [do(_vietnam_revolts)]


# -- 10 Blockade -----------------------------------------------------------------------------------------------
@implements("card 10", "7.4.2", "9.5")
def discard_for(st, side: str, ops: int) -> list[dict]:
    """The cards of ``side``'s hand it may discard to meet a demand for a card of ``ops`` or more
    (their value now, 7.4.2: cardplay.ops_value; a scoring card has none; the China Card is not in
    the hand, 9.5), each ``{"card": n}``, then ``{"discard": False}``: not to discard."""
    from cdg_oracle.model.twilight_struggle.cardplay import ops_value

    out = [{"card": c} for c in sorted(st.d["hands"][side]) if ops_value(st, side, c) >= ops]
    return out + [{"discard": False}]


def _blockade_options(st, f) -> list:
    return discard_for(st, "US", BLOCKADE_OPS)


def _us_discarded(st, f) -> bool:
    return "card" in f["blockade"]


@implements("card 10")
def _blockade_discard(st, f) -> None:
    """The US discards the card (its event does not happen)."""
    d, n = st.d, f["blockade"]["card"]
    cite(st, "card 10")
    d["hands"]["US"].remove(n)
    d["discard"].append(n)
    d["discard"].sort()


@implements("card 10")
def _blockade_west_germany(st, f) -> None:
    """No discard: all US influence leaves West Germany."""
    cite(st, "card 10")
    remove_influence(st, "US", "West Germany", st.d["influence"]["West Germany"]["US"])


@event(10)
def blockade():
    """Card 10 Blockade (module docstring). Question ``event_10.blockade``: the US's discard, or
    ``{"discard": false}``."""
    return [
        choose("US", _blockade_options, "card 10",
               "US (Blockade): discard a card of 3 ops or more, or lose all US influence in West Germany",
               into="blockade"),
        if_(_us_discarded, [do(_blockade_discard)], [do(_blockade_west_germany)]),
    ]


# -- 11 Korean War, 13 Arab-Israeli War (7.6) ------------------------------------------------------------------
@implements("card 11", "8.1.3")
def _korean_defcon(st, f) -> None:
    """The seed's text: DEFCON -1 before the die (charged to the phasing player, 8.1.3)."""
    if card_text(st, 11) == "seed":
        cite(st, "card 11")
        degrade_defcon(st, responsible(st), 1)


def _korean_prompt(st, f) -> str:
    return f"Korean War: the die (4-6 wins, -{war_modifier(st, 'USSR', 'South Korea')})"


@implements("card 11", "7.6", "8.2.4")
def _korean_war(st, f) -> None:
    """-1 per US-controlled neighbour of South Korea; 4-6 wins: 2 VP, the US influence replaced;
    +2 Military Operations either way."""
    resolve_war(st, "USSR", "South Korea", f["die"], war_modifier(st, "USSR", "South Korea"), WAR_WINS_FROM,
                WAR_VP, WAR_MILOPS, "card 11")


@event(11)
def korean_war():
    """Card 11 Korean War (module docstring)."""
    return [
        do(_korean_defcon),
        roll("card 11", _korean_prompt, into="die"),
        do(_korean_war),
    ]


def _no_camp_david(st, side) -> bool:
    """Card 13: not playable after Camp David Accords (card 65)."""
    return not effects.in_force(st, 65)


@implements("card 13", "7.6")
def arab_israeli_modifier(st) -> int:
    """-1 per US-controlled neighbour of Israel; the Deluxe text, -1 more if the US controls Israel
    (ruling ``card_13_text``)."""
    m = war_modifier(st, "USSR", "Israel")
    if card_text(st, 13) == "deluxe" and controls(st, "US", "Israel"):
        m += 1
    return m


def _arab_israeli_prompt(st, f) -> str:
    return f"Arab-Israeli War: the die (4-6 wins, -{arab_israeli_modifier(st)})"


@implements("card 13", "7.6", "8.2.4")
def _arab_israeli_war(st, f) -> None:
    """4-6 (modified) wins: 2 VP, the US influence in Israel replaced; +2 Military Operations."""
    resolve_war(st, "USSR", "Israel", f["die"], arab_israeli_modifier(st), WAR_WINS_FROM, WAR_VP, WAR_MILOPS,
                "card 13")


@event(13, playable=_no_camp_david)
def arab_israeli_war():
    """Card 13 Arab-Israeli War (module docstring)."""
    return [
        roll("card 13", _arab_israeli_prompt, into="die"),
        do(_arab_israeli_war),
    ]


# -- 14 COMECON ------------------------------------------------------------------------------------------------
def _comecon_countries(st, f) -> list:
    """The Eastern European countries the US does not control (map order)."""
    return [c for c in _area(st, "Eastern Europe") if not controls(st, "US", c)]


@event(14)
def comecon():
    """Card 14 COMECON (module docstring)."""
    return [
        call("place_influence", side=lambda st, f: f["side"], owner="USSR", count=4, per_country=1,
             countries=_comecon_countries, card=lambda st, f: f["card"], rule="card 14"),
    ]


# -- 15 Nasser -------------------------------------------------------------------------------------------------
@implements("card 15")
def _nasser(st, f) -> None:
    """2 USSR influence in Egypt; the US loses half its influence there, rounded up."""
    cite(st, "card 15")
    add_influence(st, "USSR", "Egypt", 2)
    remove_influence(st, "US", "Egypt", math.ceil(st.d["influence"]["Egypt"]["US"] / 2))


@event(15)
def nasser():
    """Card 15 Nasser (module docstring)."""
    return [do(_nasser)]


# -- 16 Warsaw Pact Formed -------------------------------------------------------------------------------------
WARSAW_MODES = [{"warsaw": "remove"}, {"warsaw": "add"}]


def _warsaw_removes(st, f) -> bool:
    return f["mode"]["warsaw"] == "remove"


def _warsaw_targets(st, f) -> list:
    """The Eastern European countries still holding US influence (map order)."""
    return [{"country": c} for c in _area(st, "Eastern Europe") if st.d["influence"][c]["US"] > 0]


def _warsaw_more(st, f) -> bool:
    return f.setdefault("cleared", 0) < 4 and bool(_warsaw_targets(st, f))


@implements("card 16")
def _warsaw_clear(st, f) -> None:
    """All US influence out of the country chosen."""
    c = f.pop("country")["country"]
    cite(st, "card 16")
    remove_influence(st, "US", c, st.d["influence"][c]["US"])
    f["cleared"] += 1


@event(16)
def warsaw_pact_formed():
    """Card 16 Warsaw Pact Formed (module docstring). Questions ``event_16.mode`` (``{"warsaw":
    "remove"}`` or ``"add"``) and, removing, ``event_16.country`` for each of up to 4 countries; the
    effect is recorded by events/play.py (underlined, 7.3)."""
    return [
        choose(lambda st, f: f["side"], WARSAW_MODES, "card 16",
               "USSR (Warsaw Pact Formed): remove all US influence from 4 Eastern European countries, or add 5 "
               "USSR influence in Eastern Europe?", into="mode"),
        if_(_warsaw_removes, [
            while_(_warsaw_more, [
                choose(lambda st, f: f["side"], _warsaw_targets, "card 16",
                       lambda st, f: f"USSR (Warsaw Pact Formed): remove all US influence from a country "
                                     f"({4 - f['cleared']} to go)", into="country"),
                do(_warsaw_clear),
            ]),
        ], [
            call("place_influence", side=lambda st, f: f["side"], owner="USSR", count=5, per_country=2,
                 countries=lambda st, f: _area(st, "Eastern Europe"), card=lambda st, f: f["card"], rule="card 16"),
        ]),
    ]


# -- 17 De Gaulle Leads France ---------------------------------------------------------------------------------
@implements("card 17")
def _de_gaulle(st, f) -> None:
    """2 US influence out of France (as much as there is), 1 USSR in; the effect on NATO is recorded
    by events/play.py (underlined, 7.3)."""
    cite(st, "card 17")
    remove_influence(st, "US", "France", 2)
    add_influence(st, "USSR", "France", 1)


@event(17)
def de_gaulle_leads_france():
    """Card 17 De Gaulle Leads France (module docstring)."""
    return [do(_de_gaulle)]


# -- 18 Captured Nazi Scientist --------------------------------------------------------------------------------
@implements("6.4.3", "6.4.6")
def advance_space(st, side: str) -> None:
    """``side``'s Space Race marker moves one box on (not past the last, 6.4.6) without a die and
    without counting as an attempt (6.4.2); the box's VP as 6.4.3 gives them (first / second)."""
    from cdg_oracle.model.twilight_struggle.operations.space_race import LAST_BOX
    from cdg_oracle.model.twilight_struggle.tables import load_tables

    d = st.d
    if d["space"][side] >= LAST_BOX:
        return
    box = load_tables().space[d["space"][side] + 1]
    d["space"][side] = box.box
    vp = box.vp_first if d["space"][OPPONENT[side]] < box.box else box.vp_second
    if vp:
        cite(st, "6.4.3")
        gain_vp(st, side, vp)


@implements("card 18")
def _captured_nazi_scientist(st, f) -> None:
    """The player's marker advances one box."""
    cite(st, "card 18")
    advance_space(st, f["side"])


@event(18)
def captured_nazi_scientist():
    """Card 18 Captured Nazi Scientist (module docstring)."""
    return [do(_captured_nazi_scientist)]
