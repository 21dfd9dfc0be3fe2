"""Events of the optional cards 104-110 (Deluxe edition, option ``optional_cards``) (7.0), each
citing its card (Deluxe number) and stating its text.

The seed has no optional cards: the cards' texts are the English summaries of the Deluxe cards
(shared/research/twilight_struggle_facts.yaml ``cards``), so no card here has a ``card_<N>_text``
ruling; the gaps the summaries leave are registered in data/ambiguities/cards_optional_104_110.yaml
(C105, C106, C107). Where a card names the side that places, gains VP or decides, that side acts whoever
carries the event out (5.2: the opponent's event triggered by operations).

* 104 The Cambridge Five (USSR, 2 ops): the US reveals the scoring cards of its hand; the USSR
  may add 1 influence in a country of a region one of them names (Southeast Asia Scoring names
  Southeast Asia). Not playable as an event in the Late War (turn 8 on, 4.4). The cards shown are
  kept in the card's effect record until the end of the turn (as card 26 keeps the hand it shows),
  so positions and observations carry the reveal.
* 105 Special Relationship (US, 2 ops): if the US controls the United Kingdom: with NATO (21) in
  effect, 2 US influence in one Western European country of the US's choice and 2 VP to the US;
  without, 1 US influence in a country adjacent to the United Kingdom. Not controlling it: nothing.
  The summary says "+2 US influence in Western Europe": ruling ``card_105_placement`` (C105),
  default ``one_country`` (the Deluxe card's "any one Western European country"), or ``region``
  (two markers, each anywhere in Western Europe).
* 106 NORAD (US, 3 ops, starred, underlined): while the US controls Canada, at the end of an
  action round (either side's; not the headline phase, which is no action round) in which DEFCON
  has moved to 2, the US adds 1 influence to a country that already holds US influence (the
  summary's "adds": not optional). Cancelled by Quagmire (card 42's event ends it: mid_36_47.py).
  How the model sees the move: the effect record keeps ``defcon``, the level at the start of the
  current action round (effects hook ``round_begun``, cardplay.py) or when the effect began; at the
  round's end (hook ``round_ended``) a level of 2 now and above 2 then is a move to 2 (a round in
  which DEFCON went to 2 and back up is not seen). The timing (the end of the round, not the
  instant DEFCON moves) is the Deluxe card's; the summary's "whenever DEFCON moves to 2 in an
  action round" leaves it open: registry C106, effect pending (the other reading has no switch).
* 107 Che (USSR, 3 ops): a free coup (6.3.5, 8.2.5: no DEFCON restriction, no military
  operations) with the card's ops in a non-battleground country of Central America, South America
  or Africa; if it removes US influence, a second such coup in another of those countries. Each is
  one the USSR *may* make (6.3.5: the cards that say a player "può fare" a free coup roll), so it
  may decline either (ruling ``card_107_coup``, C107: ``optional``, or ``compulsory``: each coup is
  made whenever a target exists); before each, the USSR bound by Cuban Missile Crisis (card 40) may
  cancel it, as with Junta's free coup.
* 108 Our Man in Tehran (US, 2 ops, starred): if the US controls a Middle East country, it draws 5
  cards from the draw pile, discards any of them (their events do not happen) and returns the rest
  to the pile, which is reshuffled. The model's pile is unordered (state.py: ``deck`` kept sorted,
  every draw a chance node): the 5 cards are picked one at a time, uniformly from the cards of the
  pile not yet drawn, and stay in the pile while the US looks at them (recorded in the event's
  frame, ``drawn``; so the USSR's observation sees only the pile's count, as at the table); the US
  answers, card by card in number order, discard or keep; the cards kept simply remain in the pile
  (returning them and reshuffling an unordered pile changes nothing). A pile with fewer than 5
  undrawn cards is rebuilt from the discards when it runs out (4.3), as any draw.
* 109 Yuri and Samantha (USSR, 2 ops, starred): for the rest of the turn the USSR gains 1 VP for
  each US coup attempt (free ones too), after the coup is resolved (effects hook ``after_coup``).
* 110 AWACS Sale to Saudis (US, 3 ops, starred, underlined): +2 US influence in Saudi Arabia; while
  in effect Muslim Revolution (56) can no longer happen (card 56's ``playable`` reads
  ``in_force(st, 110)``).
"""
from __future__ import annotations

from cdg_oracle.model.core.citations import implements
from cdg_oracle.model.core.engine import cite, push
from cdg_oracle.model.core.steps import call, choose, do, for_each, if_, pick, while_
from cdg_oracle.model.twilight_struggle.cards import ERA_FROM_TURN
from cdg_oracle.model.twilight_struggle.control import add_influence, controls
from cdg_oracle.model.twilight_struggle.events import event
from cdg_oracle.model.twilight_struggle.events.effects import hook, in_force, start_effect
from cdg_oracle.model.twilight_struggle.tracks import gain_vp

CAMBRIDGE_FIVE, SPECIAL_RELATIONSHIP, NORAD, CHE, TEHRAN, YURI_AND_SAMANTHA, AWACS = range(104, 111)
NATO = 21

#: The region each scoring card names (Deluxe numbers; 38 names the sub-region Southeast Asia).
SCORED_AREA = {1: "Asia", 2: "Europe", 3: "Middle East", 37: "Central America", 38: "Southeast Asia",
               79: "Africa", 81: "South America"}
CHE_REGIONS = ("Central America", "South America", "Africa")
TEHRAN_DRAWS = 5


def _ops(side: str):
    """The card's ops value for ``side`` now (7.4, 7.4.2: its modifiers count for every purpose)."""
    def ops(st, f) -> int:
        from cdg_oracle.model.twilight_struggle.cardplay import ops_value

        return ops_value(st, side, f["card"])
    return ops


def _card(st, f) -> int:
    return f["card"]


def _in_areas(st, areas) -> list[str]:
    """The countries of any of ``areas`` (regions or sub-regions), in map order."""
    return [c for c in st.map.names if any(st.map.in_area(c, a) for a in areas)]


# -- 104 The Cambridge Five ------------------------------------------------------------------------------
@implements("card 104", "4.4")
def not_in_the_late_war(st, side: str) -> bool:
    """Card 104: no event in the Late War (turns 8-10, 4.4)."""
    return st.d["turn"] < ERA_FROM_TURN["late"]


@implements("card 104")
def _reveal(st, f) -> None:
    """Card 104: the US reveals the scoring cards of its hand (kept in the effect's record until the
    end of the turn); the regions they name are where the USSR may place."""
    cite(st, "card 104")
    cards = st.cards
    shown = sorted(c for c in st.d["hands"]["US"] if cards[c].scoring)
    start_effect(st, CAMBRIDGE_FIVE, f["side"], "turn", shown=shown)
    f["areas"] = sorted({SCORED_AREA[cards[c].deluxe] for c in shown})


@event(CAMBRIDGE_FIVE, playable=not_in_the_late_war)
def the_cambridge_five():
    """Card 104 The Cambridge Five (USSR): the US reveals the scoring cards in its hand; the USSR
    may add 1 influence in a country of one region named on them (none shown: nothing to place).
    Not played as an event in the Late War (module docstring)."""
    return [
        do(_reveal),
        call("place_influence", side="USSR", owner="USSR", count=1, optional=True, per_country=None,
             countries=lambda st, f: _in_areas(st, f["areas"]), rule="card 104", card=_card),
    ]


# -- 105 Special Relationship --------------------------------------------------------------------------------
def _uk_controlled(st, f) -> bool:
    return controls(st, "US", "United Kingdom")


def _nato(st, f) -> bool:
    return in_force(st, NATO)


def _western_europe(st, f) -> list:
    return [{"country": c} for c in _in_areas(st, ["Western Europe"])]


def _one_country(st, f) -> bool:
    """Ruling ``card_105_placement`` (registry C105): both markers in one country, or each anywhere."""
    return st.rulings.card_105_placement == "one_country"


@implements("card 105")
def _special_nato(st, f) -> None:
    """Card 105 with NATO in effect: 2 US influence in the Western European country chosen."""
    cite(st, "card 105", "card 21")
    add_influence(st, "US", f.pop("where")["country"], 2)


@implements("card 105")
def _special_vp(st, f) -> None:
    """Card 105 with NATO in effect: 2 VP to the US."""
    cite(st, "card 105")
    gain_vp(st, "US", 2)


@event(SPECIAL_RELATIONSHIP)
def special_relationship():
    """Card 105 Special Relationship (US): if the US controls the United Kingdom, 1 US influence in
    a country adjacent to it; or, if NATO is in effect, 2 US influence in one Western European
    country and 2 VP to the US (module docstring)."""
    return [
        if_(_uk_controlled, [
            if_(_nato, [
                if_(_one_country, [
                    choose("US", _western_europe, "card 105",
                           "US (Special Relationship): add 2 influence in which Western European country?",
                           into="where"),
                    do(_special_nato),
                ], [
                    call("place_influence", side="US", owner="US", count=2, optional=False, per_country=None,
                         countries=lambda st, f: _in_areas(st, ["Western Europe"]), rule="card 105", card=_card),
                ]),
                do(_special_vp),
            ], [
                call("place_influence", side="US", owner="US", count=1, optional=False, per_country=None,
                     countries=lambda st, f: sorted(st.map.countries["United Kingdom"].adjacent),
                     rule="card 105", card=_card),
            ]),
        ]),
    ]


# -- 106 NORAD -------------------------------------------------------------------------------------------------
@implements("card 106", "7.3")
def _norad(st, f) -> None:
    """Card 106: the effect begins, remembering DEFCON now (a move to 2 later in this round counts);
    its card goes beside the map as the event ends (events/play.py)."""
    cite(st, "card 106", "7.3")
    start_effect(st, NORAD, f["side"], "cancelled", defcon=st.d["defcon"])


@event(NORAD)
def norad():
    """Card 106 NORAD (US, underlined): while the US controls Canada, at the end of each action round
    in which DEFCON moved to 2 the US adds 1 influence to a country already holding US influence;
    cancelled by Quagmire (module docstring)."""
    return [do(_norad)]


@hook("round_begun", NORAD)
def norad_round_begun(st, e, side, **_) -> None:
    """Card 106: the level DEFCON starts the action round at (a move to 2 is read against it)."""
    e["defcon"] = st.d["defcon"]


def norad_targets(st) -> list[str]:
    """Card 106: the countries already holding US influence, in map order."""
    inf = st.d["influence"]
    return [c for c in st.map.names if inf[c]["US"] > 0]


@hook("round_ended", NORAD)
def norad_round_ended(st, e, side, **_) -> None:
    """Card 106: DEFCON moved to 2 during the round ending (above 2 as it began, 2 now) and the US
    controls Canada: the US adds 1 influence to a country already holding US influence."""
    d = st.d
    moved = e.get("defcon", d["defcon"]) > 2 and d["defcon"] == 2
    e["defcon"] = d["defcon"]
    if not moved or d["terminal"] is not None or not controls(st, "US", "Canada") or not norad_targets(st):
        return
    cite(st, "card 106")
    push(st, "place_influence", side="US", owner="US", count=1, optional=False, per_country=None,
         countries=norad_targets(st), rule="card 106", card=e["card"])


# -- 107 Che -----------------------------------------------------------------------------------------------------
def che_countries(st) -> list[str]:
    """Card 107: the non-battleground countries of Central America, South America and Africa."""
    return [c for c in _in_areas(st, CHE_REGIONS) if not st.map.countries[c].battleground]


def _che_targets(st, f) -> list[str]:
    """The countries the coup may aim at: for the second, not the first's target."""
    return [c for c in che_countries(st) if c != f.get("first")]


def _che_possible(st, f) -> bool:
    """Some country can be the target of Che's free coup now (6.3.1; 6.3.5: DEFCON does not
    restrict it; an event in force may bar it)."""
    from cdg_oracle.model.twilight_struggle.operations.coup import can_target

    return any(can_target(st, "USSR", c, free=True) for c in _che_targets(st, f))


def _che_asks(st, f) -> bool:
    """The USSR is asked whether to make the coup (ruling ``card_107_coup``, registry C107: the coup
    is optional) when one is possible."""
    return st.rulings.card_107_coup == "optional" and _che_possible(st, f)


def _che_chosen(st, f) -> bool:
    """The coup is made: chosen, or (``compulsory``) possible."""
    if st.rulings.card_107_coup == "compulsory":
        return _che_possible(st, f)
    return bool(f.get("coup") and f["coup"]["coup"])


def _crisis_cancellable(st, f) -> bool:
    """Card 40 binds the USSR and it may cancel it now (offered before the coup, as for Junta)."""
    from cdg_oracle.model.twilight_struggle.events.mid_36_47 import can_cancel_crisis

    return can_cancel_crisis(st, "USSR")


def _before_coup(st, f) -> None:
    """The US influence in Che's countries before the coup (what it removes is read against it)."""
    inf = st.d["influence"]
    f["us_before"] = {c: inf[c]["US"] for c in che_countries(st)}


@implements("card 107")
def _after_first(st, f) -> None:
    """Card 107: the first coup removed US influence (from its target) or it did not."""
    inf = st.d["influence"]
    before = f.pop("us_before")
    hit = [c for c, n in before.items() if inf[c]["US"] < n]
    f["first"] = hit[0] if hit else None
    f.pop("coup", None)


def _second_due(st, f) -> bool:
    return f["first"] is not None


def _che_coup(n: int) -> list:
    """Steps of one of Che's coups: the USSR's choice to make it, card 40's cancellation, the coup."""
    what = "a free coup" if n == 1 else "a second free coup"
    return [
        choose("USSR", [{"coup": True}, {"coup": False}], "card 107",
               f"USSR (Che): {what} in a non-battleground of Central or South America or Africa?", into="coup",
               when=_che_asks, name=f"coup_{n}"),
        if_(_che_chosen, [
            if_(_crisis_cancellable, [call("missile_crisis_cancel", side="USSR")]),
            call("coup", side="USSR", ops=_ops("USSR"), bonus=0, bonus_area="Asia", in_area=True, spent=0,
                 free=True, countries=_che_targets, cite=("card 107", "6.3.5")),
        ]),
    ]


@event(CHE)
def che():
    """Card 107 Che (USSR): the USSR may make a free coup, with this card's ops, in a
    non-battleground country of Central America, South America or Africa; if it removes US
    influence, it may make a second one in another such country (module docstring)."""
    return [
        do(_before_coup),
        *_che_coup(1),
        do(_after_first),
        if_(_second_due, _che_coup(2)),
    ]


# -- 108 Our Man in Tehran ------------------------------------------------------------------------------------------
@implements("card 108")
def us_controls_middle_east(st, side: str) -> bool:
    """Card 108's prerequisite: the US controls a Middle East country."""
    return any(controls(st, "US", c) for c in st.map.area("Middle East"))


def _undrawn(st, f) -> list[int]:
    drawn = f.setdefault("drawn", [])
    return [c for c in st.d["deck"] if c not in drawn]


@implements("card 108", "4.3")
def _to_draw(st, f) -> bool:
    """Card 108: fewer than 5 cards drawn and a card to draw; 4.3: the pile run out of undrawn
    cards is rebuilt from the discards (with neither, the drawing stops)."""
    d = st.d
    if len(f.setdefault("drawn", [])) >= TEHRAN_DRAWS:
        return False
    if not _undrawn(st, f):
        if not d["discard"]:
            return False
        cite(st, "4.3")
        d["deck"] = sorted(d["deck"] + d["discard"])
        d["discard"] = []
    return True


def _draw_outcomes(st, f) -> list:
    return [{"card": c} for c in _undrawn(st, f)]


def _drawn_one(st, f) -> None:
    f["drawn"] = sorted(f["drawn"] + [f.pop("card")["card"]])


def _looked_at(st, f) -> list[int]:
    return list(f["drawn"])


def _keep_options(st, f) -> list:
    n = f["looked"]
    return [{"discard": n}, {"keep": n}]


@implements("card 108", "5.4")
def _discard_or_keep(st, f) -> None:
    """Card 108: a card discarded goes from the pile to the discards, its event not happening (5.4
    as for any discard); a card kept stays in the (unordered) pile."""
    n = f.pop("answer").get("discard")
    if n is not None:
        d = st.d
        cite(st, "card 108")
        d["deck"].remove(n)
        d["discard"] = sorted(d["discard"] + [n])


def _end_tehran(st, f) -> None:
    f.pop("drawn")


@event(TEHRAN, playable=us_controls_middle_east)
def our_man_in_tehran():
    """Card 108 Our Man in Tehran (US): if the US controls a Middle East country, it draws the top 5
    cards of the draw pile, discards any of them and returns the rest to the pile, which is
    reshuffled (module docstring: the draws are chance nodes over the unordered pile)."""
    return [
        while_(_to_draw, [
            pick(_draw_outcomes, "card 108", "US (Our Man in Tehran) draws a card", into="card", name="drawn"),
            do(_drawn_one),
        ]),
        for_each(_looked_at, "looked", [
            choose("US", _keep_options, "card 108",
                   lambda st, f: f"US (Our Man in Tehran): discard {st.cards[f['looked']].name}, or return it?",
                   into="answer"),
            do(_discard_or_keep),
        ]),
        do(_end_tehran),
    ]


# -- 109 Yuri and Samantha ----------------------------------------------------------------------------------------
@implements("card 109")
def _yuri(st, f) -> None:
    """Card 109: the effect lasts until the end of the turn (4.5)."""
    cite(st, "card 109")
    start_effect(st, YURI_AND_SAMANTHA, f["side"], "turn")


@event(YURI_AND_SAMANTHA)
def yuri_and_samantha():
    """Card 109 Yuri and Samantha (USSR): for the rest of the turn the USSR gains 1 VP for each US
    coup attempt."""
    return [do(_yuri)]


@hook("after_coup", YURI_AND_SAMANTHA)
def yuri_coup(st, e, side, **_) -> None:
    """Card 109: a US coup attempt (any: free too) gives the USSR 1 VP."""
    if side == "US" and st.d["terminal"] is None:
        cite(st, "card 109")
        gain_vp(st, "USSR", 1)


# -- 110 AWACS Sale to Saudis ---------------------------------------------------------------------------------------
@implements("card 110")
def _awacs(st, f) -> None:
    """Card 110: +2 US influence in Saudi Arabia."""
    cite(st, "card 110")
    add_influence(st, "US", "Saudi Arabia", 2)


@event(AWACS)
def awacs_sale_to_saudis():
    """Card 110 AWACS Sale to Saudis (US, underlined): +2 US influence in Saudi Arabia; Muslim
    Revolution (56) can no longer be played as an event while it is in effect."""
    return [do(_awacs)]

