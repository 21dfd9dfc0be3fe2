"""Events of Late War cards 82-92 (7.0), each citing its card (Deluxe number) and stating its text.

The Italian rulebook seed and the Deluxe cards say the same for all eleven (the seed's words are
quoted in each docstring), so no card here has a ``card_<N>_text`` ruling. Where the card names the
side that gains VP, places, removes or conducts operations, that side acts whoever carries the
event out; the other choices are the carrying side's (events/__init__.py).

Lasting effects (7.3): 82, 83, 86 and 87 are underlined, so events/play.py ``after_event`` puts
their record in force until cancelled (no card cancels them):

* 82 Iranian Hostage Crisis: Terrorism (92) played by the USSR makes the US discard two cards;
* 83 The Iron Lady: Socialist Governments (card 7's ``playable``) can no longer happen;
* 86 North Sea Oil: OPEC (card 61's ``playable``) can no longer happen; the US has 8 action rounds
  in the turn the event happened (``turn`` in the record; effects hook ``eight_rounds``, read by
  turn.py ``rounds_of``);
* 87 The Reformer: the USSR may no longer coup in Europe (hook ``coup_barred``) and Glasnost (90)
  gives the USSR operations.

Terrorism's random discard (:func:`random_discard`, a ``pick`` over the hand) is a step other
events need too (5 Five Year Plan...): a candidate for common.py.
"""
from __future__ import annotations

from cdg_oracle.model.core.citations import implements
from cdg_oracle.model.core.engine import cite
from cdg_oracle.model.core.steps import call, choose, do, for_each, if_, pick
from cdg_oracle.model.twilight_struggle.control import OPPONENT, add_influence, controls, remove_influence
from cdg_oracle.model.twilight_struggle.events import event
from cdg_oracle.model.twilight_struggle.events.common import responsible
from cdg_oracle.model.twilight_struggle.events.effects import hook, in_force, start_effect
from cdg_oracle.model.twilight_struggle.tracks import degrade_defcon, gain_vp, improve_defcon

IRANIAN_HOSTAGE_CRISIS, IRON_LADY, NORTH_SEA_OIL, THE_REFORMER, TERRORISM = 82, 83, 86, 87, 92


def _ops(side: str):
    """The card's ops value for ``side`` now (7.4, 7.4.2: its modifiers count for every purpose)."""
    def ops(st, f) -> int:
        from cdg_oracle.model.twilight_struggle.cardplay import ops_value

        return ops_value(st, side, f["card"])
    return ops


def _region(st, region: str) -> list[str]:
    """The countries of ``region`` in map order."""
    return [c for c in st.map.names if st.map.in_area(c, region)]


def _remove_all(st, side: str, country: str) -> None:
    remove_influence(st, side, country, st.d["influence"][country][side])


# -- 82 Iranian Hostage Crisis ------------------------------------------------------------------------------
@implements("card 82")
def _hostages(st, f) -> None:
    """Card 82: all US influence leaves Iran; 2 USSR influence is added there."""
    cite(st, "card 82")
    _remove_all(st, "US", "Iran")
    add_influence(st, "USSR", "Iran", 2)


@event(82)
def iranian_hostage_crisis():
    """Card 82 Iranian Hostage Crisis (USSR, underlined): remove all US influence from Iran and add
    2 USSR influence there; while in effect, Terrorism played by the USSR makes the US discard two
    cards ("Eliminate tutta l'Influenza USA in Iran. Aggiungere 2 Influenza URSS in Iran. Raddoppia
    gli effetti della carta Terrorismo contro gli USA"; the doubling is read by card 92)."""
    return [do(_hostages)]


# -- 83 The Iron Lady ------------------------------------------------------------------------------------
@implements("card 83")
def _iron_lady(st, f) -> None:
    """Card 83: +1 USSR influence in Argentina, all USSR influence out of the United Kingdom (the
    seed's "Inghilterra", registry A27), the US gains 1 VP."""
    cite(st, "card 83")
    add_influence(st, "USSR", "Argentina", 1)
    _remove_all(st, "USSR", "United Kingdom")
    gain_vp(st, "US", 1)


@event(83)
def the_iron_lady():
    """Card 83 The Iron Lady (US, underlined): add 1 USSR influence to Argentina, remove all USSR
    influence from the United Kingdom, the US gains 1 VP; Socialist Governments (7) can no longer
    be played as an event while it is in effect ("Aggiungere una Influenza URSS in Argentina.
    Rimuovete qualsiasi influenza URSS dall'Inghilterra. Non è più giocabile l'evento Governi
    Socialisti. Ottenete 1 VP"; card 7 reads ``in_force(st, 83)``)."""
    return [do(_iron_lady)]


# -- 84 Reagan Bombs Libya --------------------------------------------------------------------------------
@implements("card 84")
def _libya(st, f) -> None:
    """Card 84: 1 VP to the US per 2 USSR influence in Libya (rounded down)."""
    cite(st, "card 84")
    gain_vp(st, "US", st.d["influence"]["Libya"]["USSR"] // 2)


@event(84)
def reagan_bombs_libya():
    """Card 84 Reagan Bombs Libya (US): the US gains 1 VP for every 2 USSR influence in Libya
    ("Ottenete 1 VP per ogni 2 Influenza URSS in Libia")."""
    return [do(_libya)]


# -- 85 Star Wars ------------------------------------------------------------------------------------------
@implements("card 85", "5.2")
def us_ahead_in_space(st, side: str) -> bool:
    """Card 85's prerequisite: the US is ahead on the Space Race track (5.2 EXAMPLE 4: otherwise
    the event does not happen and the card goes to the discards; registry C085)."""
    space = st.d["space"]
    return space["US"] > space["USSR"]


def _retrievable(st, f) -> list:
    """The non-scoring cards of the discards, in number order."""
    return [{"card": n} for n in sorted(st.d["discard"]) if not st.cards[n].scoring]


@implements("card 85")
def _retrieve(st, f) -> None:
    """Card 85: the card chosen leaves the discards for the table, its event to happen now."""
    cite(st, "card 85")
    n = f["retrieved"]["card"]
    st.d["discard"].remove(n)
    st.d["table"].append(n)
    f["other"] = n


@event(85, playable=us_ahead_in_space)
def star_wars():
    """Card 85 Star Wars (US): if the US is ahead on the Space Race, the US takes a non-scoring card
    of its choice from the discards and its event happens at once, carried out by the US; the card
    then goes where its event sends it ("Se gli USA sono avanti nella Corsa allo Spazio, ... cercare
    tra gli scarti una carta non di punteggio a vostra scelta. L'evento accade immediatamente").
    No non-scoring card in the discards: nothing more happens."""
    return [
        choose("US", _retrievable, "card 85", "US (Star Wars): take which card from the discards?",
               into="retrieved", when=lambda st, f: bool(_retrievable(st, f))),
        if_(lambda st, f: f["retrieved"] is not None, [
            do(_retrieve),
            call("other_event", card=lambda st, f: f["other"], side="US"),
        ]),
    ]


# -- 86 North Sea Oil ---------------------------------------------------------------------------------------
@implements("card 86", "4.5")
def _north_sea_oil(st, f) -> None:
    """Card 86: the effect (until cancelled: its card is underlined, 7.3) records the turn of the 8
    action rounds (its card goes beside the map as the event ends, events/play.py). A turn whose
    action rounds are under way gains the US's eighth."""
    from cdg_oracle.model.twilight_struggle.turn import lengthen_turn

    cite(st, "card 86", "7.3")
    start_effect(st, NORTH_SEA_OIL, "US", "cancelled", turn=st.d["turn"])
    lengthen_turn(st)


@hook("eight_rounds", 86)
def north_sea_oil_rounds(st, e, side, **_) -> bool:
    """Card 86: the US may play 8 action rounds in the turn of the event."""
    return side == "US" and e.get("turn") == st.d["turn"]


@event(86)
def north_sea_oil():
    """Card 86 North Sea Oil (US, underlined): OPEC (61) can no longer be played as an event; the
    US may play 8 action rounds this turn ("Non è più giocabile l'evento OPEC. Gli USA possono
    giocare 8 carte questo turno"; card 61 reads ``in_force(st, 86)``; the eighth round may be
    passed as box 8's, ruling ``eighth_round``)."""
    return [do(_north_sea_oil)]


# -- 87 The Reformer ----------------------------------------------------------------------------------------
def _ussr_leads(st, f) -> bool:
    return st.d["vp"] < 0


@implements("card 87")
def _reformer_count(st, f) -> None:
    """Card 87: 4 influence; 6 if the USSR leads on VP and chose 6."""
    cite(st, "card 87")
    f["count"] = f["amount"]["influence"] if f.get("amount") else 4


@event(87)
def the_reformer():
    """Card 87 The Reformer (USSR, underlined): add 4 USSR influence in Europe, at most 2 per
    country; if the USSR leads on VP it may add 6 instead; while in effect the USSR may not coup in
    Europe and Glasnost (90) gives it operations ("Aggiungere 4 Influenza in Europa (non più di 2
    per paese). Se l'URSS è avanti nei VP, si possono aggiungere 6 Influenza invece. L'URSS non può
    più effettuare tentativi di Colpo di Stato in Europa. Migliora gli effetti dell'evento
    Glasnost")."""
    return [
        choose("USSR", [{"influence": 4}, {"influence": 6}], "card 87",
               "USSR (The Reformer): add 4 influence in Europe, or 6?", into="amount", when=_ussr_leads),
        do(_reformer_count),
        call("place_influence", side="USSR", owner="USSR", count=lambda st, f: f["count"],
             countries=lambda st, f: _region(st, "Europe"), per_country=2, rule="card 87",
             card=lambda st, f: f["card"]),
    ]


@hook("coup_barred", 87)
def reformer_bars_coups(st, e, side, country, **_) -> bool:
    """Card 87: the USSR may no longer make a coup attempt in Europe."""
    return side == "USSR" and st.map.in_area(country, "Europe")


# -- 88 Marine Barracks Bombing -----------------------------------------------------------------------------
@implements("card 88")
def _lebanon(st, f) -> None:
    """Card 88: all US influence leaves Lebanon."""
    cite(st, "card 88")
    _remove_all(st, "US", "Lebanon")


@event(88)
def marine_barracks_bombing():
    """Card 88 Marine Barracks Bombing (USSR): remove all US influence from Lebanon and 2 more US
    influence anywhere in the Middle East, chosen by the side carrying the event out ("Rimuovete
    tutta l'Influenza USA in Libano e altri 2 Influenza da dovunque nel Medio Oriente"); fewer if
    the US has fewer there."""
    return [
        do(_lebanon),
        call("remove_influence", side=lambda st, f: f["side"], owner="US", count=2,
             countries=lambda st, f: _region(st, "Middle East"), rule="card 88", card=lambda st, f: f["card"]),
    ]


# -- 89 Soviets Shoot Down KAL-007 ---------------------------------------------------------------------------
@implements("card 89", "8.1.3")
def _kal_defcon(st, f) -> None:
    """Card 89: DEFCON degrades one level (8.1.3: charged to the phasing player)."""
    cite(st, "card 89")
    degrade_defcon(st, responsible(st), 1)


@implements("card 89")
def _kal_vp(st, f) -> None:
    """Card 89: the US gains 2 VP."""
    cite(st, "card 89")
    gain_vp(st, "US", 2)


def _us_controls_south_korea(st, f) -> bool:
    return controls(st, "US", "South Korea")


@event(89)
def soviets_shoot_down_kal_007():
    """Card 89 Soviets Shoot Down KAL-007 (US): degrade DEFCON one level; the US gains 2 VP; if the
    US controls South Korea, it may place influence or make realignment rolls with this card's ops
    ("Peggiorate il livello DEFCON di uno. Ottenete 2 VP. Si possono fare tiri di Riallineamento o
    piazzare Influenza con questa carta se la Corea del Sud è controllata dagli USA")."""
    return [
        do(_kal_defcon),
        do(_kal_vp),
        if_(_us_controls_south_korea, [
            call("event_operations", side="US", ops=_ops("US"), uses=["influence", "realign"], optional=True,
                 space=False, rule="card 89", card=lambda st, f: f["card"]),
        ]),
    ]


# -- 90 Glasnost ---------------------------------------------------------------------------------------------
@implements("card 90")
def _glasnost(st, f) -> None:
    """Card 90: the USSR gains 2 VP; DEFCON improves one level."""
    cite(st, "card 90", "8.1.7")
    gain_vp(st, "USSR", 2)
    improve_defcon(st, 1)


def _reformer_in_force(st, f) -> bool:
    return in_force(st, THE_REFORMER)


@event(90)
def glasnost():
    """Card 90 Glasnost (USSR): the USSR gains 2 VP; DEFCON improves one level; if The Reformer (87)
    is in effect, the USSR may place influence or make realignment rolls with this card's ops
    ("Ottenete 2 VP. Migliorate il livello DEFCON di uno. Si possono fare tiri di Riallineamento o
    piazzare Influenza con questa carta se è già stata giocata Il Riformatore": The Reformer is
    underlined and never cancelled, so played and in effect are one)."""
    return [
        do(_glasnost),
        if_(_reformer_in_force, [
            call("event_operations", side="USSR", ops=_ops("USSR"), uses=["influence", "realign"],
                 optional=True, space=False, rule="card 90", card=lambda st, f: f["card"]),
        ]),
    ]


# -- 91 Ortega Elected in Nicaragua ---------------------------------------------------------------------------
@implements("card 91")
def _nicaragua(st, f) -> None:
    """Card 91: all US influence leaves Nicaragua."""
    cite(st, "card 91")
    _remove_all(st, "US", "Nicaragua")


def _ortega_targets(st, f) -> list[str]:
    return sorted(st.map.countries["Nicaragua"].adjacent)


def _coup_possible(st, f) -> bool:
    """Some country next to Nicaragua can be the free coup's target now (6.3.1; 6.3.5: DEFCON does
    not restrict it)."""
    from cdg_oracle.model.twilight_struggle.operations.coup import can_target

    return any(can_target(st, "USSR", c, free=True) for c in _ortega_targets(st, f))


def _coup_chosen(st, f) -> bool:
    return bool(f.get("coup") and f["coup"]["coup"])


@event(91)
def ortega_elected_in_nicaragua():
    """Card 91 Ortega Elected in Nicaragua (USSR): remove all US influence from Nicaragua; then the
    USSR may make a free coup attempt, with this card's ops, in a country adjacent to Nicaragua
    ("Rimuovete tutta l'Influenza USA dal Nicaragua. Si può effettuare un tentativo di Colpo di Stato
    gratuito (con il valore Operazionale di questa carta) in un paese adiacente al Nicaragua";
    6.3.5, 8.2.5: a free coup ignores DEFCON's restrictions and counts no military operations)."""
    return [
        do(_nicaragua),
        choose("USSR", [{"coup": True}, {"coup": False}], "card 91",
               "USSR (Ortega Elected in Nicaragua): a free coup next to Nicaragua?", into="coup",
               when=_coup_possible),
        if_(_coup_chosen, [
            call("coup", side="USSR", ops=_ops("USSR"), bonus=0, bonus_area="Asia", in_area=True, spent=0,
                 free=True, countries=_ortega_targets, cite=("card 91", "6.3.5")),
        ]),
    ]


# -- 92 Terrorism ---------------------------------------------------------------------------------------------
def _discards_due(st, f) -> list[int]:
    """Card 92: one card; two for the US when the USSR plays it with card 82 in effect."""
    two = f["side"] == "USSR" and in_force(st, IRANIAN_HOSTAGE_CRISIS)
    return [1, 2] if two else [1]


def _hand_outcomes(st, f) -> list:
    """9.5: the China Card is never in a hand, so never discarded at random."""
    return [{"card": n} for n in sorted(st.d["hands"][f["victim"]])]


@implements("5.4")
def _discard_picked(st, f) -> None:
    """The card picked goes from the hand to the discards; 5.4: its event does not happen."""
    cite(st, "5.4")
    n = f.pop("discarded")["card"]
    d = st.d
    d["hands"][f["victim"]].remove(n)
    d["discard"].append(n)
    d["discard"].sort()


def random_discard(rule: str) -> list:
    """Steps: ``f["victim"]`` discards a card of its hand at random (a ``pick``, uniform over the
    hand in number order), if it holds one. A step other events share (a common.py candidate)."""
    return [
        pick(_hand_outcomes, rule, lambda st, f: f"{f['victim']} discards a card at random", into="discarded",
             name="random_card"),
        do(_discard_picked),
    ]


@implements("card 92", "5.4")
def _victim(st, f) -> None:
    cite(st, "card 92")
    f["victim"] = OPPONENT[f["side"]]


@event(92)
def terrorism():
    """Card 92 Terrorism (both sides): the opponent discards a card at random; if the USSR plays it
    while Iranian Hostage Crisis (82) is in effect, the US discards two; the events of the cards
    discarded do not happen (5.4) ("L'avversario deve scartare una carta a caso. Se giocata
    dall'URSS ed è in effetto Crisi degli Ostaggi Iraniani, gli USA ne devono scartare due (gli
    eventi delle carte scartate non accadono)"). An empty hand discards nothing."""
    return [
        do(_victim),
        for_each(_discards_due, "nth", [
            if_(lambda st, f: bool(st.d["hands"][f["victim"]]), random_discard("card 92")),
        ]),
    ]
