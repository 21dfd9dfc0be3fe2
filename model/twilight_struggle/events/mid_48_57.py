"""Events of Mid War cards 48-57 (7.0), each citing its card (Deluxe number) and stating its text.

* 48 Kitchen Debates* (US; "Dibattiti di Kitchen"): if the US controls more battleground countries
  than the USSR, the US gains 2 VP ("Se gli USA controllano più paesi Campo di Battaglia dell'URSS,
  ottenete 2 VP"). A condition of the effect, not a prerequisite: the event is played (and the
  card removed) whether or not it is met, as 5.2 EXAMPLE 3 rules for Alliance for Progress.
* 49 Missile Envy (neutral; "Invidia dei Missili"): exchange this card for the opponent's highest
  valued operations card ("la carta Operazionale ... di valore più elevato"; the opponent chooses
  among ties: "In caso di parità sceglie l'avversario"); a card with the player's own or a neutral
  event: that event happens at once, for the player; with the opponent's event: the player uses
  its operations value, no event ("usate il valore Operazionale senza causare l'evento"). The
  opponent must play Missile Envy for operations in his next action round ("L'avversario deve
  usare questa carta per Operazioni nel corso del suo round di azione seguente"): an effect until
  the end of that round (hook ``card_barred``: no other card, not as an event, not as a
  headline). Project decisions: "valued" is the printed ops value (a card in a hand is not being
  played, 7.4); a scoring card has no operations value and is never taken (an opponent holding
  none but scoring cards, or nothing, gives nothing: Missile Envy then stays with its player's
  discards); the card taken is played, so it goes to the discards (removed or beside the map if
  its event happened and says so); the demand outranks 4.5's scoring-card constraint (5.5).
* 50 We Will Bury You* (USSR; "Vi Seppelliremo"): DEFCON degrades one level (8.1.3: the phasing
  player is responsible); unless the US plays UN Intervention as an event in his next action round
  ("nel round seguente degli USA"), the USSR gains 3 VP: an effect until the end of the US's next
  round, read when it ends (hook ``round_ended``; 10.3.1 is checked then). The VP are awarded at
  that round's end: 10.3.1 looks at VP only once a card's play is over, so the Deluxe's "prior to
  any other VP award" changes nothing.
* 51 Brezhnev Doctrine* (USSR; "Dottrina Brezhnev"): for the rest of the turn every card the USSR
  plays gets +1 ops, to a maximum of 4 ("ad un massimo di 4"): hook ``ops`` (7.4, 7.4.1: the USSR's
  only). The +1 is added while the card's value with the other modifiers (7.4: counted together)
  is below 4.
* 52 Portuguese Empire Crumbles* (USSR): +2 USSR influence in SE African States and +2 in Angola.
* 53 South African Unrest (USSR; "Disordini in Sudafrica"): the USSR places 2 influence in South
  Africa, or 1 there and 2 in countries adjacent to it. Ruling ``card_53_text``: the Deluxe's "2 in
  any countries adjacent" may split the 2; the seed's "2 in qualsiasi paese adiacente ad esso"
  reads as one country (registry C053).
* 54 Allende* (USSR): +2 USSR influence in Chile.
* 55 Willy Brandt* (USSR, underlined): the USSR gains 1 VP and influence in West Germany (Deluxe 1,
  seed 2 "L'URSS riceve 2 Influenza in Germania Occidentale": ruling ``card_55_text``, registry
  C055); it cancels NATO for West Germany (its effect, beside the map, 7.3: card 21 reads it);
  not playable while Tear Down This Wall (card 96) is in force ("Questo evento viene annullato da
  Abbattete Questo Muro"), which also cancels it (card 96's event ends the effect).
* 56 Muslim Revolution (USSR): remove all US influence in two of Sudan, Iran, Iraq, Egypt, Libya,
  Saudi Arabia, Syria and Jordan (the USSR chooses, one country and then another); not playable
  while AWACS Sale to Saudis (card 110, Deluxe optional) is in force.
* 57 ABM Treaty (neutral; "Trattato ABM"): DEFCON improves one level, then the player conducts
  operations with this card (its ops value, 7.4.2; common ``event_operations``).
"""
from __future__ import annotations

from cdg_oracle.model.core.citations import implements
from cdg_oracle.model.core.engine import cite
from cdg_oracle.model.core.steps import call, choose, do, if_
from cdg_oracle.model.twilight_struggle.cardplay import ops_value
from cdg_oracle.model.twilight_struggle.control import OPPONENT, add_influence, controls, remove_influence
from cdg_oracle.model.twilight_struggle.events import effects, event
from cdg_oracle.model.twilight_struggle.events.common import card_text, responsible
from cdg_oracle.model.twilight_struggle.events.effects import hook, in_force, start_effect
from cdg_oracle.model.twilight_struggle.events.play import EVENT_GAP, after_no_event, is_implemented, record_gap
from cdg_oracle.model.twilight_struggle.tracks import degrade_defcon, gain_vp, improve_defcon
from cdg_oracle.model.twilight_struggle.victory import check_vp


# -- 48 Kitchen Debates -----------------------------------------------------------------------------------
def battlegrounds_controlled(st, side: str) -> int:
    """How many battleground countries (2.1.4) ``side`` controls (2.1.7)."""
    return sum(1 for c in st.map.battlegrounds if controls(st, side, c))


@implements("card 48", "5.2")
def _kitchen_debates(st, f) -> None:
    """Card 48: the US gains 2 VP if it controls more battlegrounds than the USSR (else nothing)."""
    cite(st, "card 48")
    if battlegrounds_controlled(st, "US") > battlegrounds_controlled(st, "USSR"):
        gain_vp(st, "US", 2)


@event(48)
def kitchen_debates():
    """Card 48 Kitchen Debates (module docstring)."""
    return [do(_kitchen_debates)]


# -- 49 Missile Envy ----------------------------------------------------------------------------------------
def envy_candidates(st, side: str) -> list[int]:
    """The cards of ``side``'s opponent's hand of the highest printed ops value (scoring cards have
    none and are never among them), sorted."""
    hand = [c for c in st.d["hands"][OPPONENT[side]] if not st.cards[c].scoring]
    if not hand:
        return []
    top = max(st.cards[c].ops for c in hand)
    return sorted(c for c in hand if st.cards[c].ops == top)


def _give_options(st, f) -> list:
    return [{"card": c} for c in envy_candidates(st, f["side"])]


@implements("card 49")
def _exchange(st, f) -> None:
    """Card 49: Missile Envy goes to the opponent's hand, the card he gives to the table, played by
    the player; the opponent must play Missile Envy for operations in his next action round."""
    d, side = st.d, f["side"]
    other = OPPONENT[side]
    given = f.pop("give")["card"]
    cite(st, "card 49")
    d["hands"][other].remove(given)
    d["table"].append(given)
    mine = f["card"]
    d["table"].remove(mine)
    d["hands"][other] = sorted(d["hands"][other] + [mine])
    start_effect(st, 49, side, "round", of=other)
    f["given"] = given


def _given_event_happens(st, f) -> bool:
    """The card taken carries the player's own or a neutral event: it happens (if the model has it)."""
    return st.cards[f["given"]].side in (f["side"], "neutral")


def _given_not_implemented(st, f) -> bool:
    return not is_implemented(st.cards[f["given"]])


def _gap_given(st, f) -> None:
    """An event the model does not implement yet: recorded (never a silent skip); the card is
    discarded."""
    record_gap(st, f["given"], f["side"], EVENT_GAP)
    after_no_event(st, f["given"])


def _given_ops(st, f) -> int:
    """The operations value of the card taken, for the player (7.4.1: his modifiers)."""
    return ops_value(st, f["side"], f["given"])


def _discard_given(st, f) -> None:
    """The card used for operations goes to the discards (2.2.6; no event, so never removed)."""
    after_no_event(st, f["given"])


@hook("card_barred", 49)
def missile_envy_demand(st, effect, side, card, use, **_) -> bool:
    """Card 49: while the opponent holds Missile Envy, his next action round plays it, for
    operations: every other card, its event and a headline of it are barred (5.5)."""
    if side != effect["of"]:
        return False
    if card == effect["card"]:
        return use in ("event", "headline")
    return use != "headline" and effect["card"] in st.d["hands"][side]


@event(49)
def missile_envy():
    """Card 49 Missile Envy (module docstring): the opponent gives his highest card (question
    ``event_49.give``, his even with one card), then its event or its operations."""
    return [
        choose(lambda st, f: OPPONENT[f["side"]], _give_options, "card 49",
               lambda st, f: f"{OPPONENT[f['side']]} (Missile Envy): give your highest-ops card", into="give",
               when=lambda st, f: bool(_give_options(st, f))),
        if_(lambda st, f: f["give"] is not None, [
            do(_exchange),
            if_(_given_event_happens, [
                if_(_given_not_implemented, [do(_gap_given)], [
                    call("other_event", card=lambda st, f: f["given"], side=lambda st, f: f["side"]),
                ]),
            ], [
                call("event_operations", side=lambda st, f: f["side"], ops=_given_ops,
                     card=lambda st, f: f["given"], rule="card 49"),
                do(_discard_given),
            ]),
        ]),
    ]


# -- 50 We Will Bury You --------------------------------------------------------------------------------------
@implements("card 50", "8.1.3")
def _bury(st, f) -> None:
    """Card 50: DEFCON degrades one level (8.1.3: the phasing player is responsible); the 3 VP wait
    for the end of the US's next action round."""
    cite(st, "card 50", "8.1.3")
    degrade_defcon(st, responsible(st), 1)
    start_effect(st, 50, "USSR", "round", of="US")


@hook("round_ended", 50)
def bury_you_round(st, effect, side, card, use, **_) -> None:
    """Card 50: at the end of the US's next action round the USSR gains 3 VP, unless the US played
    UN Intervention (card 32) as its event in it (10.3.1 checked)."""
    d = st.d
    if side != effect["of"] or effect["started"] == [d["turn"], d["round"], side]:
        return
    cite(st, "card 50")
    effects.end_effect(st, 50)
    if not (card is not None and st.cards[card].deluxe == 32 and use == "event"):
        gain_vp(st, "USSR", 3)
        check_vp(st)


@event(50)
def we_will_bury_you():
    """Card 50 We Will Bury You (module docstring)."""
    return [do(_bury)]


# -- 51 Brezhnev Doctrine ---------------------------------------------------------------------------------------
@implements("card 51")
def _brezhnev(st, f) -> None:
    """Card 51: the USSR's cards get +1 ops for the rest of the turn."""
    cite(st, "card 51", "7.4")
    start_effect(st, 51, "USSR", "turn")


@hook("ops", 51)
def brezhnev_ops(st, effect, side, card, **_) -> int:
    """Card 51, 7.4, 7.4.1: +1 to the ops of a card the USSR plays."""
    return 1 if side == "USSR" else 0


@hook("ops_capped", 51)
def brezhnev_cap(st, effect, side, card, **_) -> bool:
    """Card 51: "ad un massimo di 4": the USSR's cards are worth at most 4 while it is in force
    (cardplay.ops_value bounds the sum of every modifier, 7.4)."""
    return side == "USSR"


@event(51)
def brezhnev_doctrine():
    """Card 51 Brezhnev Doctrine (module docstring)."""
    return [do(_brezhnev)]


# -- 52 Portuguese Empire Crumbles, 54 Allende ---------------------------------------------------------------------
@implements("card 52")
def _portuguese(st, f) -> None:
    """Card 52: +2 USSR influence in SE African States and in Angola."""
    cite(st, "card 52")
    add_influence(st, "USSR", "SE African States", 2)
    add_influence(st, "USSR", "Angola", 2)


@event(52)
def portuguese_empire_crumbles():
    """Card 52 Portuguese Empire Crumbles (module docstring)."""
    return [do(_portuguese)]


@implements("card 54")
def _allende(st, f) -> None:
    """Card 54: +2 USSR influence in Chile."""
    cite(st, "card 54")
    add_influence(st, "USSR", "Chile", 2)


@event(54)
def allende():
    """Card 54 Allende (module docstring)."""
    return [do(_allende)]


# -- 53 South African Unrest ------------------------------------------------------------------------------------------
SOUTH_AFRICA = "South Africa"
UNREST = [{"unrest": "south_africa"}, {"unrest": "adjacent"}]  # 2 there; or 1 there and 2 next to it


def neighbours(st, country: str) -> list[str]:
    """The countries adjacent to ``country`` (map order; no superpower space)."""
    return sorted(c for c in st.map.countries[country].adjacent if c in st.d["influence"])


@implements("card 53")
def _unrest(st, f) -> None:
    """Card 53: 2 USSR influence in South Africa, or 1 (the 2 next to it follow)."""
    cite(st, "card 53")
    add_influence(st, "USSR", SOUTH_AFRICA, 2 if f["unrest"]["unrest"] == "south_africa" else 1)


def _adjacent(st, f) -> bool:
    return f["unrest"]["unrest"] == "adjacent"


def _split(st, f) -> bool:
    """Deluxe: the 2 may go to two adjacent countries; seed (ruling): to one."""
    return card_text(st, 53) == "deluxe"


def _one_country(st, f) -> None:
    """Card 53, seed: both markers in the one adjacent country chosen."""
    cite(st, "card 53")
    add_influence(st, "USSR", f.pop("country")["country"], 2)


@event(53)
def south_african_unrest():
    """Card 53 South African Unrest (module docstring): questions ``event_53.unrest``, then the
    markers next to South Africa (``place_influence.where`` twice; the seed's reading:
    ``event_53.country``)."""
    return [
        choose(lambda st, f: f["side"], UNREST, "card 53",
               lambda st, f: f"{f['side']} (South African Unrest): 2 in South Africa, or 1 there and 2 adjacent?",
               into="unrest"),
        do(_unrest),
        if_(_adjacent, [
            if_(_split, [
                call("place_influence", side=lambda st, f: f["side"], count=2, owner="USSR",
                     countries=lambda st, f: neighbours(st, SOUTH_AFRICA), per_country=None, optional=False,
                     rule="card 53", card=lambda st, f: f["card"]),
            ], [
                choose(lambda st, f: f["side"], lambda st, f: [{"country": c} for c in neighbours(st, SOUTH_AFRICA)],
                       "card 53", lambda st, f: f"{f['side']} (South African Unrest): 2 influence in which country?",
                       into="country"),
                do(_one_country),
            ]),
        ]),
    ]


# -- 55 Willy Brandt ----------------------------------------------------------------------------------------------------
def _brandt_playable(st, side) -> bool:
    """Card 55: not while Tear Down This Wall (card 96) is in force."""
    return not in_force(st, 96)


@implements("card 55", "7.3")
def _brandt(st, f) -> None:
    """Card 55: the USSR gains 1 VP and influence in West Germany (Deluxe 1, seed 2); the card goes
    beside the map (underlined, 7.3: events/play.py), cancelling NATO there."""
    cite(st, "card 55")
    gain_vp(st, "USSR", 1)
    add_influence(st, "USSR", "West Germany", 2 if card_text(st, 55) == "seed" else 1)


@event(55, playable=_brandt_playable)
def willy_brandt():
    """Card 55 Willy Brandt (module docstring)."""
    return [do(_brandt)]


# -- 56 Muslim Revolution ---------------------------------------------------------------------------------------------------
MUSLIM_REVOLUTION = ("Sudan", "Iran", "Iraq", "Egypt", "Libya", "Saudi Arabia", "Syria", "Jordan")


def _muslim_playable(st, side) -> bool:
    """Card 56: not while AWACS Sale to Saudis (card 110) is in force."""
    return not in_force(st, 110)


def _revolution_options(st, f) -> list:
    """The countries of the card not yet chosen (one with no US influence too: the text allows it)."""
    chosen = f.setdefault("chosen", [])
    return [{"country": c} for c in sorted(MUSLIM_REVOLUTION) if c not in chosen]


@implements("card 56")
def _revolt(st, f) -> None:
    """Card 56: all US influence in the country chosen is removed."""
    country = f.pop("country")["country"]
    cite(st, "card 56")
    f["chosen"].append(country)
    remove_influence(st, "US", country, st.d["influence"][country]["US"])


def _revolution_question(name: str):
    return choose(lambda st, f: f["side"], _revolution_options, "card 56",
                  lambda st, f: f"{f['side']} (Muslim Revolution): remove all US influence in which country "
                                f"({len(f['chosen']) + 1} of 2)?", into="country", name=name)


@event(56, playable=_muslim_playable)
def muslim_revolution():
    """Card 56 Muslim Revolution (module docstring): questions ``event_56.first`` and
    ``event_56.second``."""
    return [_revolution_question("first"), do(_revolt), _revolution_question("second"), do(_revolt)]


# -- 57 ABM Treaty ---------------------------------------------------------------------------------------------------------
@implements("card 57", "8.1.7")
def _abm(st, f) -> None:
    """Card 57: DEFCON improves one level (never above 5, 8.1.2)."""
    cite(st, "card 57")
    improve_defcon(st, 1)


@event(57)
def abm_treaty():
    """Card 57 ABM Treaty (module docstring): then operations with the card's ops value."""
    return [
        do(_abm),
        call("event_operations", side=lambda st, f: f["side"], ops=lambda st, f: ops_value(st, f["side"], f["card"]),
             card=lambda st, f: f["card"], rule="card 57"),
    ]
