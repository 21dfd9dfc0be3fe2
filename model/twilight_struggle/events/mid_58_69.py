"""Events of Mid War cards 58-69 (7.0), each citing its card (Deluxe number) and stating its text.

* 58 Cultural Revolution (Rivoluzione Culturale, USSR, starred): the US's China Card passes to the
  USSR face up (9.4); if the USSR holds it already, the USSR gains 1 VP. The seed says the USSR
  "può reclamare" (*may* claim) it: ruling ``card_58_text`` (registry C058).
* 59 Flower Power (Potere dei Fiori, USSR, starred, underlined): from now on the USSR gains 2 VP
  each time the US plays a war card (11 Korean War, 13 Arab-Israeli War, 24 Indo-Pakistani War, 36
  Brush War, 102 Iran-Iraq War) "come evento o Operazioni", not for the Space Race; a headline is a
  play as an event (4.5 C). Cancelled, and prevented, by card 97 An Evil Empire.
* 60 U2 Incident (Incidente dell'U2, USSR, starred): the USSR gains 1 VP, and 1 more if UN
  Intervention (card 32) is played as an event later in the turn, by either side.
* 61 OPEC (USSR): the USSR gains 1 VP for each of Egypt, Iran, Libya, Saudi Arabia, Iraq, Gulf
  States and Venezuela it controls; not playable while North Sea Oil (card 86) is in force.
* 62 Lone Gunman (Il Pistolero Solitario, USSR, starred): the US reveals its hand ("rivela la sua
  mano"), then the USSR conducts operations with this card (6.0).
* 63 Colonial Rear Guards (Retroguardie Coloniali, US): 1 US influence in each of 4 different
  countries of Africa and/or Southeast Asia.
* 64 Panama Canal Returned (Restituzione del Canale di Panama, US, starred): 1 US influence each
  in Panama, Costa Rica and Venezuela.
* 65 Camp David Accords (Accordi di Camp David, US, starred, underlined): the US gains 1 VP and 1
  influence each in Israel, Jordan and Egypt; Arab-Israeli War (card 13) is no longer playable as
  an event (card 13 reads the effect).
* 66 Puppet Governments (Governi Fantoccio, US, starred): 1 US influence in each of 3 countries
  holding no influence of either side.
* 67 Grain Sales to Soviets (Vendite di grano ai Sovietici, US): a card drawn at random from the
  USSR's hand: the US plays it (as its own card: event or operations, 5.2 included) or returns it
  and conducts operations with this card. With no card to draw: ruling ``card_67_text`` (C067).
* 68 John Paul II Elected Pope (Giovanni Paolo II eletto Papa, US, starred, underlined): 2 USSR
  influence out of Poland, 1 US in; Solidarity (card 101) becomes playable (card 101 reads it).
* 69 Latin American Death Squads (Squadre della Morte Latino Americane, neutral): for the rest of
  the turn the player's coups in Central and South America get +1, the opponent's -1.

Two hook kinds are this module's (events/effects.py): ``card_played`` (Flower Power), run where a
card is played (cardplay.py, headline.py, and Grain Sales here), and ``event_played`` (U2
Incident), run where an event happens (events/play.py).
"""
from __future__ import annotations

from cdg_oracle.model.core.citations import implements
from cdg_oracle.model.core.engine import cite, push
from cdg_oracle.model.core.steps import call, choose, do, if_, pick
from cdg_oracle.model.twilight_struggle.control import add_influence, controls, remove_influence
from cdg_oracle.model.twilight_struggle.events.common import card_text
from cdg_oracle.model.twilight_struggle.events import effects, event
from cdg_oracle.model.twilight_struggle.events.effects import end_effect, hook, start_effect
from cdg_oracle.model.twilight_struggle.tracks import gain_vp

WAR_CARDS = (11, 13, 24, 36, 102)  # card 59's list, Deluxe numbers
OPEC_COUNTRIES = ("Egypt", "Iran", "Libya", "Saudi Arabia", "Iraq", "Gulf States", "Venezuela")
PANAMA_CANAL = ("Panama", "Costa Rica", "Venezuela")
CAMP_DAVID = ("Israel", "Jordan", "Egypt")
DEATH_SQUAD_REGIONS = ("Central America", "South America")


def _ops(st, side: str, number: int) -> int:
    from cdg_oracle.model.twilight_struggle.cardplay import ops_value

    return ops_value(st, side, number)


# -- 58 Cultural Revolution -------------------------------------------------------------------------------
def _us_holds_china(st, f) -> bool:
    return st.d["china"]["holder"] == "US"


def _may_decline(st, f) -> bool:
    """The seed's 'può reclamare': the USSR chooses whether to take the China Card."""
    return _us_holds_china(st, f) and card_text(st, 58) == "seed"


@implements("card 58", "9.4")
def _cultural_revolution(st, f) -> None:
    """The China Card, if the US holds it (face up or down), passes to the USSR face up, playable
    this turn (9.4), unless the USSR declined it (the seed's reading); if the USSR holds it, the USSR
    gains 1 VP."""
    d = st.d
    cite(st, "card 58")
    if d["china"]["holder"] == "USSR":
        gain_vp(st, "USSR", 1)
    elif (f.get("claim") or {"claim": True})["claim"]:
        cite(st, "9.4")
        d["china"] = {"holder": "USSR", "face_up": True}


@event(58)
def cultural_revolution():
    """Card 58 Cultural Revolution (module docstring)."""
    return [
        choose("USSR", [{"claim": True}, {"claim": False}], "card 58",
               "USSR (Cultural Revolution): claim the China Card from the US?", into="claim", when=_may_decline),
        do(_cultural_revolution),
    ]


# -- 59 Flower Power ----------------------------------------------------------------------------------------
def _not_prevented(st, side: str) -> bool:
    """Card 97 An Evil Empire prevents Flower Power while its effect is in force."""
    return not effects.in_force(st, 97)


@implements("card 59", "7.3")
def _flower_power(st, f) -> None:
    """Nothing happens now: the card goes beside the map (underlined, 7.3) and its effect, for the
    USSR, lasts until cancelled (events/play.py after_event records it)."""
    cite(st, "card 59", "7.3")


@event(59, playable=_not_prevented)
def flower_power():
    """Card 59 Flower Power (module docstring)."""
    return [do(_flower_power)]


@hook("card_played", 59)
def flower_power_war_card(st, effect, side, card, use, **_) -> None:
    """Card 59: the US plays a war card, as an event (a headline too) or for operations, not for
    the Space Race: the USSR gains 2 VP."""
    if side == "US" and st.cards[card].deluxe in WAR_CARDS and use != "space":
        cite(st, "card 59")
        gain_vp(st, "USSR", 2)


# -- 60 U2 Incident -------------------------------------------------------------------------------------------
@implements("card 60")
def _u2_incident(st, f) -> None:
    """The USSR gains 1 VP; a UN Intervention event later this turn gives 1 more (the effect)."""
    cite(st, "card 60")
    gain_vp(st, "USSR", 1)
    start_effect(st, 60, "USSR", "turn")


@event(60)
def u2_incident():
    """Card 60 U2 Incident (module docstring)."""
    return [do(_u2_incident)]


@hook("event_played", 60)
def u2_un_intervention(st, effect, side, card, **_) -> None:
    """Card 60: UN Intervention (card 32) played as an event this turn, by either side: the USSR
    gains 1 more VP, once (the effect is used up)."""
    if st.cards[card].deluxe == 32:
        cite(st, "card 60")
        gain_vp(st, "USSR", 1)
        end_effect(st, 60)


# -- 61 OPEC ----------------------------------------------------------------------------------------------------
def _no_north_sea_oil(st, side: str) -> bool:
    return not effects.in_force(st, 86)


@implements("card 61")
def _opec(st, f) -> None:
    """1 VP to the USSR per country of the list it controls."""
    cite(st, "card 61")
    gain_vp(st, "USSR", sum(1 for c in OPEC_COUNTRIES if controls(st, "USSR", c)))


@event(61, playable=_no_north_sea_oil)
def opec():
    """Card 61 OPEC (module docstring)."""
    return [do(_opec)]


# -- 62 Lone Gunman -----------------------------------------------------------------------------------------------
@implements("card 62")
def _reveal_us_hand(st, f) -> None:
    """The US shows the USSR its hand: the cards it holds now are stated in the effect's record
    (``shown``) until the end of the turn, so the USSR's observation carries them."""
    cite(st, "card 62")
    start_effect(st, 62, "USSR", "turn", shown=sorted(st.d["hands"]["US"]))


@event(62)
def lone_gunman():
    """Card 62 Lone Gunman (module docstring): the USSR's operations are this card's ops value for
    the USSR (7.4)."""
    return [
        do(_reveal_us_hand),
        call("event_operations", side="USSR", ops=lambda st, f: _ops(st, "USSR", f["card"]),
             card=lambda st, f: f["card"], rule="card 62"),
    ]


# -- 63 Colonial Rear Guards ------------------------------------------------------------------------------------
def _africa_and_southeast_asia(st, f) -> list:
    m = st.map
    return [c for c in m.names if m.in_area(c, "Africa") or m.in_area(c, "Southeast Asia")]


@event(63)
def colonial_rear_guards():
    """Card 63 Colonial Rear Guards (module docstring): 4 markers, one per country."""
    return [
        call("place_influence", side=lambda st, f: f["side"], owner="US", count=4, per_country=1,
             countries=_africa_and_southeast_asia, card=lambda st, f: f["card"], rule="card 63"),
    ]


# -- 64 Panama Canal Returned --------------------------------------------------------------------------------------
@implements("card 64")
def _panama_canal(st, f) -> None:
    cite(st, "card 64")
    for c in PANAMA_CANAL:
        add_influence(st, "US", c, 1)


@event(64)
def panama_canal_returned():
    """Card 64 Panama Canal Returned (module docstring)."""
    return [do(_panama_canal)]


# -- 65 Camp David Accords ------------------------------------------------------------------------------------------
@implements("card 65", "7.3")
def _camp_david(st, f) -> None:
    """1 VP and 1 influence each in Israel, Jordan and Egypt to the US; the card goes beside the map
    (7.3: its effect, read by card 13, lasts)."""
    cite(st, "card 65", "7.3")
    gain_vp(st, "US", 1)
    for c in CAMP_DAVID:
        add_influence(st, "US", c, 1)


@event(65)
def camp_david_accords():
    """Card 65 Camp David Accords (module docstring)."""
    return [do(_camp_david)]


# -- 66 Puppet Governments --------------------------------------------------------------------------------------------
def _empty_countries(st, f) -> list:
    """The countries holding no influence of either side when the event is played."""
    inf = st.d["influence"]
    return [c for c in st.map.names if inf[c]["US"] == 0 and inf[c]["USSR"] == 0]


@event(66)
def puppet_governments():
    """Card 66 Puppet Governments (module docstring): 3 markers, one per empty country."""
    return [
        call("place_influence", side=lambda st, f: f["side"], owner="US", count=3, per_country=1,
             countries=_empty_countries, card=lambda st, f: f["card"], rule="card 66"),
    ]


# -- 67 Grain Sales to Soviets ----------------------------------------------------------------------------------------
def _ussr_has_cards(st, f) -> bool:
    return bool(st.d["hands"]["USSR"])


def _ussr_hand(st, f) -> list:
    """Every card of the USSR's hand, equally likely."""
    return [{"card": c} for c in sorted(st.d["hands"]["USSR"])]


@implements("card 67")
def _take_drawn(st, f) -> None:
    """The card drawn leaves the USSR's hand and is in the US's hands (on the table)."""
    cite(st, "card 67")
    n = f["drawn"]["card"]
    st.d["hands"]["USSR"].remove(n)
    st.d["table"].append(n)


def _drawn(f) -> int:
    return f["drawn"]["card"]


@implements("card 67", "6.0", "7.1")
def _drawn_options(st, f) -> list:
    """The uses of the card drawn open to the US as if it were its own (cardplay.uses: its event
    if the US's or neutral and playable, the operations that can be made), or its return."""
    from cdg_oracle.model.twilight_struggle.cardplay import uses

    return uses(st, "US", _drawn(f)) + [{"use": "return"}]


def _returned(st, f) -> bool:
    return f["grain"]["use"] == "return"


@implements("card 67")
def _return_drawn(st, f) -> None:
    """The card goes back to the USSR's hand; the US conducts operations with Grain Sales."""
    n = _drawn(f)
    st.d["table"].remove(n)
    st.d["hands"]["USSR"].append(n)
    st.d["hands"]["USSR"].sort()
    f["own_ops"] = True


@implements("card 67", "card 59")
def _drawn_played(st, f) -> None:
    """The US plays the card drawn: what a card play sets off (card 59) happens."""
    effects.run(st, "card_played", side="US", card=_drawn(f), use=f["grain"]["use"])


def _drawn_as_event(st, f) -> bool:
    return f["grain"]["use"] == "event"


@implements("5.2", "6.4.5")
def _drawn_triggers(st, f) -> bool:
    """5.2: the drawn card is the USSR's and played for operations other than the Space Race."""
    return f["grain"]["use"] not in ("event", "space") and st.cards[_drawn(f)].side == "USSR"


def _drawn_event_first(st, f) -> bool:
    return _drawn_triggers(st, f) and f["order"]["event"] == "before"


def _drawn_event_after(st, f) -> bool:
    return _drawn_triggers(st, f) and f["order"]["event"] == "after"


@implements("5.2", "6.1.1")
def _drawn_opponent_event(st, f) -> None:
    """5.2: the USSR carries out its event of the card the US plays for operations (if it can
    happen; an unimplemented one is a recorded gap). 6.1.1: where US influence may go is fixed
    before the event."""
    from cdg_oracle.model.twilight_struggle.events.play import (TRIGGERED_GAP, can_happen, is_implemented,
                                                                record_gap)
    from cdg_oracle.model.twilight_struggle.operations import influence

    cite(st, "5.2")
    n = _drawn(f)
    if "reach" not in f:
        f["reach"] = influence.reach(st, "US")
    if not is_implemented(st.cards[n]):
        record_gap(st, n, "USSR", TRIGGERED_GAP)
    elif can_happen(st, "USSR", n):
        f["drawn_event"] = True
        push(st, "event", card=n, side="USSR", trigger="ops")


@implements("6.0", "6.4.5")
def _drawn_operations(st, f) -> None:
    """All the card's ops (its value for the US, 7.4) go to the use chosen (6.0)."""
    from cdg_oracle.model.twilight_struggle.operations import influence

    use, n = f["grain"]["use"], _drawn(f)
    cite(st, "6.0")
    if use == "space":
        cite(st, "6.4.5")
        push(st, "space", side="US")
        return
    frame = push(st, use, side="US", ops=_ops(st, "US", n), bonus=0, bonus_area="Asia", in_area=True, spent=0)
    if use == "influence":
        frame["reach"] = f["reach"] if "reach" in f else influence.reach(st, "US")


@implements("2.2.6", "5.2")
def _drawn_after(st, f) -> None:
    """The card played for operations goes to the discards, or where its event sends it if the
    USSR's event happened (5.2)."""
    from cdg_oracle.model.twilight_struggle.events.play import after_event, after_no_event

    if f.pop("drawn_event", False):
        after_event(st, _drawn(f), "USSR")
    else:
        after_no_event(st, _drawn(f))


def _no_card_ops(st, f) -> None:
    """No card to draw: the Deluxe text has the US conduct operations with Grain Sales; the seed's
    text gives it nothing (ruling ``card_67_text``)."""
    if card_text(st, 67) == "deluxe":
        cite(st, "card 67")
        f["own_ops"] = True


def _own_ops(st, f) -> bool:
    return f.get("own_ops", False)


@event(67)
def grain_sales_to_soviets():
    """Card 67 Grain Sales to Soviets (module docstring)."""
    drawn = lambda st, f: _drawn(f)  # noqa: E731
    return [
        if_(_ussr_has_cards, [
            pick(_ussr_hand, "card 67", "Grain Sales to Soviets: a card drawn at random from the USSR's hand",
                 into="drawn", name="drawn"),
            do(_take_drawn),
            choose("US", _drawn_options, "card 67",
                   lambda st, f: f"US (Grain Sales to Soviets): play {st.cards[_drawn(f)].name} how, or return it?",
                   into="grain"),
            if_(_returned, [do(_return_drawn)], [
                do(_drawn_played),
                if_(_drawn_as_event, [call("other_event", card=drawn, side="US")], [
                    choose("US", [{"event": "before"}, {"event": "after"}], "5.2",
                           lambda st, f: f"US: the USSR's event of {st.cards[_drawn(f)].name} before or after "
                                         "the operations?", into="order", when=_drawn_triggers),
                    if_(_drawn_event_first, [do(_drawn_opponent_event)]),
                    do(_drawn_operations),
                    if_(_drawn_event_after, [do(_drawn_opponent_event)]),
                    do(_drawn_after),
                ]),
            ]),
        ], [do(_no_card_ops)]),
        if_(_own_ops, [
            call("event_operations", side="US", ops=lambda st, f: _ops(st, "US", f["card"]),
                 card=lambda st, f: f["card"], rule="card 67"),
        ]),
    ]


# -- 68 John Paul II Elected Pope ----------------------------------------------------------------------------------
@implements("card 68", "7.3")
def _john_paul(st, f) -> None:
    """2 USSR influence (as many as there are) out of Poland, 1 US in; the card goes beside the map
    (7.3: card 101 reads its effect)."""
    cite(st, "card 68", "7.3")
    remove_influence(st, "USSR", "Poland", min(2, st.d["influence"]["Poland"]["USSR"]))
    add_influence(st, "US", "Poland", 1)


@event(68)
def john_paul_ii_elected_pope():
    """Card 68 John Paul II Elected Pope (module docstring)."""
    return [do(_john_paul)]


# -- 69 Latin American Death Squads -----------------------------------------------------------------------------------
@implements("card 69")
def _death_squads(st, f) -> None:
    """The effect, for the side that played the card, until the end of the turn."""
    cite(st, "card 69")
    start_effect(st, 69, f["side"], "turn")


@event(69)
def latin_american_death_squads():
    """Card 69 Latin American Death Squads (module docstring)."""
    return [do(_death_squads)]


@hook("coup_modifier", 69)
def death_squads_coups(st, effect, side, country, **_) -> int:
    """Card 69: in Central and South America the player's coups +1, the opponent's -1 (6.3.2)."""
    if not any(st.map.in_area(country, r) for r in DEATH_SQUAD_REGIONS):
        return 0
    return 1 if side == effect["side"] else -1
