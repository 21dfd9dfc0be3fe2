"""An action round: playing a card (4.5 E, 5.0-5.2, 6.0, 7.1, 9.0).

The phasing side (4.2) plays one card (5.1: it may not pass or discard instead): as an event if the
event is its own or neutral (7.1; a scoring card only so, 2.2.1), or for operations, all of them
to one use (6.0): influence, realignment rolls, a coup, or a Space Race attempt. A card played for
operations whose event is the opponent's alone triggers that event too (5.2; not when used for the
Space Race, 6.4.5): the opponent carries it out as if he had played it, and the phasing side
chooses whether it happens before or after the operations.

Which cards may be played: 4.5 D, scoring cards cannot be held, so a side with as many scoring
cards as action rounds left plays a scoring card; the China Card (its holder's, face up, 9.1) plays
like a hand card, is worth 4 ops (+1 when all are spent in Asia, 9.6), passes at once to the
opponent face down (9.3), and is never forced: not when it would keep a scoring card from being
played (9.5), and a side left with only the China Card may pass instead (9.8). A side with no card
skips its action round (4.5 E). A card is offered only if it has a use now.

Events in force act on the round through hooks (events/effects.py): as the round begins
(``round_start``: card 40's cancellation); by replacing the card offer (``round_offer``: cards 42
and 44, whose trapped side discards a card, ``{"discard": n}``, and rolls in ``trap_discard``
instead of playing one); by barring a card or one of its uses (5.5, ``card_barred``: card 49's
demand); and when the round ends (``round_ended``: card 50).
An effect may also note the round's start before its offer (``round_begun``: card 106, DEFCON).
"""
from __future__ import annotations

from cdg_oracle.model.core.citations import implements
from cdg_oracle.model.core.engine import cite, push
from cdg_oracle.model.core.steps import call, choose, do, done, if_
from cdg_oracle.model.twilight_struggle import turn as turn_module
from cdg_oracle.model.twilight_struggle.cards import CHINA_CARD
from cdg_oracle.model.twilight_struggle.engine import ENGINE
from cdg_oracle.model.twilight_struggle.events import effects
from cdg_oracle.model.twilight_struggle.events.play import (TRIGGERED_GAP, after_event, after_no_event, can_happen,
                                                            is_implemented, playable_as_event, record_gap)
from cdg_oracle.model.twilight_struggle.control import OPPONENT
from cdg_oracle.model.twilight_struggle.operations import coup, influence, realignment, space_race
from cdg_oracle.model.twilight_struggle.victory import check_vp

OPS_USES = ("influence", "realign", "coup", "space")
CHINA_BONUS = 1  # 9.6
CHINA_BONUS_AREA = "Asia"  # 9.6: Southeast Asia included (2.1.2)
OPS_CAP = 4  # card 25 Containment (and 51 Brezhnev Doctrine): "to a maximum of 4"
OPS_FLOOR = 1  # card 31 Red Scare/Purge: "to a minimum of 1"


@implements("7.4", "7.4.1", "7.4.2", "9.7")
def ops_value(st, side: str, number: int) -> int:
    """The ops value of card ``number`` played by ``side`` now, for every purpose (7.4.2): its
    printed value plus the modifiers of the events in force for ``side`` (hook ``ops``; 7.4:
    counted together; 7.4.1: only for the side they name; 9.7: the China Card's too), then bounded
    as the cards bound it: at most :data:`OPS_CAP` while a capping effect is in force for ``side``
    (hook ``ops_capped``: card 25's "max 4"), never below :data:`OPS_FLOOR` (card 31's floor). The
    China Card's Asian +1 (9.6) is a bonus of its operations, not of this value, so 7.4's example
    (4 - 1 + 1 + 1) reaches 5. A scoring card has none (2.2.1)."""
    card = st.cards[number]
    if card.scoring:
        return 0
    if not st.d["effects"]:
        return card.ops
    return _bounded(st, side, number, card.ops + effects.total(st, "ops", side=side, card=number))


def _bounded(st, side: str, number: int, value: int) -> int:
    """7.4: the modifiers counted together, then bounded once: at most :data:`OPS_CAP` while a
    capping effect is in force for ``side`` (cards 25, 51), never below :data:`OPS_FLOOR` (card 31)."""
    if effects.any_(st, "ops_capped", side=side, card=number):
        value = min(OPS_CAP, value)
    return max(OPS_FLOOR, value)


@implements("7.4", "7.4.1")
def area_bonuses(st, side: str, number: int) -> list[dict]:
    """The events' area bonuses on card ``number`` played by ``side`` for operations (effects hook
    ``area_ops``; card 9 Vietnam Revolts: +1 while every op goes to Southeast Asia), as the
    operations frame's ``area_bonuses`` (operations/__init__.py). 7.4: the modifiers are counted
    together and bounded once (:func:`ops_value`), so a bonus is what it adds to the card's value
    with it over the value without it: card 31's floor of 1 may swallow it, and so may the maximum
    of 4 of cards 25 and 51 (a 3-op card under Brezhnev Doctrine is worth 4 in Southeast Asia too).
    None without an effect in force."""
    if not st.d["effects"] or st.cards[number].scoring:
        return []
    found = effects.values(st, "area_ops", side=side, card=number)
    if not found:
        return []
    raw = st.cards[number].ops + effects.total(st, "ops", side=side, card=number)
    out = []
    for area, n in found:
        gain = _bounded(st, side, number, raw + n) - _bounded(st, side, number, raw)
        if gain:
            out.append({"area": area, "bonus": gain, "in_area": True})
    return out


def china_playable(st, side: str) -> bool:
    """9.1, 9.3: ``side`` holds the China Card face up."""
    china = st.d["china"]
    return china["holder"] == side and china["face_up"]


@implements("6.0", "7.1", "2.2.1", "2.2.3", "7.5")
def uses(st, side: str, number: int, open_now: dict | None = None) -> list[dict]:
    """The uses of card ``number`` open to ``side`` now: ``event`` (7.1; the only use of a scoring
    card, 2.2.1; never for the China Card) and the ops uses that can be made (6.0), whether or not
    the event can be played (7.5: a cancelled or barred event's card still gives its ops). ``open_now``:
    :func:`open_uses`, when several cards are asked about at once."""
    card = st.cards[number]
    if card.scoring:
        out = [{"use": "event"}] if is_implemented(card) else []
        return _not_barred(st, side, number, out)
    o = open_now if open_now is not None else open_uses(st, side)
    out = []
    if number != CHINA_CARD and playable_as_event(st, side, number):
        out.append({"use": "event"})
    bonus = CHINA_BONUS if number == CHINA_CARD else 0
    ops = ops_value(st, side, number)
    if influence.available(st, side, ops, bonus, area_bonuses=area_bonuses(st, side, number)):
        out.append({"use": "influence"})
    if o["realign"]:
        out.append({"use": "realign"})
    if o["coup"]:
        out.append({"use": "coup"})
    if space_race.available(st, side, ops):
        out.append({"use": "space"})
    return _not_barred(st, side, number, out)


def _not_barred(st, side: str, number: int, out: list[dict]) -> list[dict]:
    """5.5: the uses no event in force bars (hook ``card_barred``: card 49's demand)."""
    if not effects.active(st, "card_barred"):
        return out
    return [u for u in out if not effects.any_(st, "card_barred", side=side, card=number, use=u["use"])]


def open_uses(st, side: str) -> dict:
    """Whether a realignment roll and a coup can be made at all now (whatever the card)."""
    return {"realign": realignment.available(st, side), "coup": coup.available(st, side)}


@implements("4.5", "9.1", "9.5", "9.8", "10.1.5", "6.4.4")
def card_options(st, f) -> list:
    """The cards ``f["side"]`` may play in this action round (see the module docstring); box 8's
    eighth round may be passed (6.4.4 'può', ruling ``eighth_round``) unless a scoring card waits."""
    d, side = st.d, f["side"]
    hand = d["hands"][side]
    scoring = [c for c in hand if st.cards[c].scoring]
    left = turn_module.rounds_of(st, side) - f["number"] + 1
    replaced = effects.first(st, "round_offer", side=side, left=left) if d["effects"] else None
    if replaced is not None:  # 5.5: an event replaces the round's offer (cards 42, 44)
        # 5.5: a card of that offer which no use is left to (a scoring card that card 49's demand
        # bars while Quagmire or Bear Trap holds the side) is not offered: it could not be played
        return [a for a in replaced if "card" not in a or uses(st, side, a["card"])]
    if scoring and len(scoring) >= left:
        playable = scoring
    else:
        playable = list(hand) + ([CHINA_CARD] if china_playable(st, side) else [])
    open_now = open_uses(st, side)
    out = [{"card": c} for c in playable if uses(st, side, c, open_now)]
    if out and not hand and out == [{"card": CHINA_CARD}]:
        out.append({"pass": True})  # 9.8: never forced by a lack of cards
    elif out and f["number"] == 8 and st.rulings.eighth_round == "optional" and not scoring:
        out.append({"pass": True})  # 6.4.4 box 8: the eighth round 'may' be played (P02)
    return out


def _begin(st, f) -> None:
    d = st.d
    d["round"], d["phasing"] = f["number"], f["side"]
    f["offer"] = card_options(st, f)


def _has_options(st, f) -> bool:
    if "offer" not in f:  # a question posed again (the round's offer was taken)
        f["offer"] = card_options(st, f)
    return bool(f["offer"])


@implements("5.5")
def _round_start(st, f) -> None:
    """5.5: an event in force may act at the start of the side's action round, before its card is
    chosen (effects hook ``round_start``: card 40's cancellation); the offer is made afresh after."""
    if st.d["effects"]:  # effects note the round's start first (hook round_begun: card 106)
        effects.run(st, "round_begun", side=f["side"])
    proc = effects.first(st, "round_start", side=f["side"]) if st.d["effects"] else None
    if proc is not None:
        f.pop("offer", None)
        push(st, proc, side=f["side"])


def _discarding(st, f) -> bool:
    """Cards 42, 44: the side discards a card instead of playing one (the offer's ``discard``)."""
    return "discard" in f["play"]


def _round_over(st, f) -> None:
    """The end of a round in which no card was played (cards 42, 44): as :func:`_finish`, the effects
    lasting to the end of this side's round end and 10.3.1 is checked."""
    effects.end_of_round(st, f["side"])
    check_vp(st)


def _offer(st, f) -> list:
    """The cards offered, as computed when the round began."""
    return f.pop("offer")


def _skipped(st, f) -> bool:
    play = f.get("play")
    return play is None or play.get("pass", False)


@implements("4.5", "9.8")
def _skip(st, f) -> None:
    """4.5 E: a side without a card skips its action round (9.8: or passes holding only the China
    Card; 6.4.4: or passes the eighth round of box 8)."""
    f.pop("offer", None)
    cite(st, ("6.4.4" if f["number"] == 8 else "9.8") if f.get("play") else "4.5")
    effects.run(st, "round_ended", side=f["side"], card=None, use=None)


@implements("9.2", "9.3")
def _take_card(st, f) -> None:
    """The card leaves the hand for the table; the China Card passes at once to the opponent,
    face down (9.3), its play one of the side's action rounds (9.2); the effects that end when it
    is played do (hook ``china_card_played``: card 35)."""
    d, side, number = st.d, f["side"], f["play"]["card"]
    f["card"] = number
    if number == CHINA_CARD:
        cite(st, "9.2", "9.3")
        d["china"] = {"holder": OPPONENT[side], "face_up": False}
        effects.run(st, "china_card_played", side=side)  # card 35 Formosan Resolution
    else:
        d["hands"][side].remove(number)
        d["table"].append(number)


def _use_options(st, f) -> list:
    return uses(st, f["side"], f["card"])


def _card_name(st, f) -> str:
    return st.cards[f["card"]].name


def opponent_event_triggered(st, f) -> bool:
    """5.2: a card played for operations whose event is the opponent's alone (not for the Space
    Race, 6.4.5)."""
    use = f["use"]["use"]
    return use in OPS_USES and use != "space" and st.cards[f["card"]].side == OPPONENT[f["side"]]


@implements("5.2")
def _event_first(st, f) -> bool:
    return opponent_event_triggered(st, f) and f["order"] is not None and f["order"]["event"] == "before"


def _event_after(st, f) -> bool:
    return opponent_event_triggered(st, f) and (f["order"] is None or f["order"]["event"] == "after")


@implements("5.2")
def _opponent_event(st, f) -> None:
    """5.2: the opponent carries out the event as if he had played it. An event that cannot happen
    (a prerequisite not met, or prohibited by an earlier event) does not, and the card goes to the
    discards; an event the model does not implement yet is recorded as a gap (events/play.py)."""
    cite(st, "5.2")
    number, other = f["card"], OPPONENT[f["side"]]
    if "reach" not in f:  # 6.1.1: where influence may go is fixed at the start of the round, before the event
        f["reach"] = influence.reach(st, f["side"])
    if not is_implemented(st.cards[number]):
        record_gap(st, number, other, TRIGGERED_GAP)
    elif can_happen(st, other, number):
        f["event_happened"] = True
        push(st, "event", card=number, side=other, trigger="ops")


@implements("6.0")
def _carry_out(st, f) -> None:
    """Start the chosen use: the event (7.1) or the operations, all of the card's ops (6.0)."""
    side, number, use = f["side"], f["card"], f["use"]["use"]
    effects.run(st, "card_played", side=side, card=number, use=use)  # card 59
    if use == "event":
        cite(st, "7.1")
        push(st, "event", card=number, side=side, trigger="play")
        return
    ops = ops_value(st, side, number)
    bonus = CHINA_BONUS if number == CHINA_CARD else 0
    cite(st, "6.0")
    if use == "space":
        cite(st, "6.4.5")
        push(st, "space", side=side)
    else:
        frame = push(st, use, side=side, ops=ops, bonus=bonus, bonus_area=CHINA_BONUS_AREA, in_area=True, spent=0)
        extra = area_bonuses(st, side, number)  # 7.4: an event's area bonus (card 9)
        if extra:
            frame["area_bonuses"] = extra
        if use == "influence":  # 6.1.1: as the round began (nothing has moved since, unless an event went first)
            frame["reach"] = f["reach"] if "reach" in f else influence.reach(st, side)


@implements("2.2.6", "5.2")
def _finish(st, f) -> None:
    """The played card goes where the rules send it (after an event: events/play.py after_event;
    after operations: the discards, or removed if the opponent's starred event happened, 5.2); the
    effects lasting to the end of this side's round end (events/effects.py); then 10.3.1 is
    checked, every VP of the card being on the track."""
    number = f["card"]
    if number != CHINA_CARD:
        if f["use"]["use"] == "event":
            after_event(st, number, f["side"])
        elif f.get("event_happened"):
            after_event(st, number, OPPONENT[f["side"]])
        else:  # operations; also a starred opponent's event that could not happen (5.2)
            after_no_event(st, number)
    effects.run(st, "round_ended", side=f["side"], card=number, use=f["use"]["use"])
    effects.end_of_round(st, f["side"])
    check_vp(st)


@ENGINE.sequence("action_round")
@implements("4.5", "5.1", "6.0")
def action_round():
    """One action round of ``f["side"]``: a card, its use, the opponent's event and its order."""
    return [
        do(_begin),
        do(_round_start),
        choose(lambda st, f: f["side"], _offer, "4.5",
               lambda st, f: f"{f['side']}: action round {f['number']}: play a card", into="play", when=_has_options,
               key="card"),
        if_(_skipped, [do(_skip), done()]),
        if_(_discarding, [call("trap_discard", side=lambda st, f: f["side"], card=lambda st, f: f["play"]["discard"]),
                          do(_round_over), done()]),
        do(_take_card),
        choose(lambda st, f: f["side"], _use_options, "6.0",
               lambda st, f: f"{f['side']}: play {_card_name(st, f)} how?", into="use", key="use"),
        choose(lambda st, f: f["side"], [{"event": "before"}, {"event": "after"}], "5.2",
               lambda st, f: f"{f['side']}: the opponent's event of {_card_name(st, f)} before or after the operations?",
               into="order", when=opponent_event_triggered),
        if_(_event_first, [do(_opponent_event)]),
        do(_carry_out),
        if_(_event_after, [do(_opponent_event)]),
        do(_finish),
    ]
