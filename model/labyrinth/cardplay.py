"""Card play (chapter 6): each card played is used for its event (6.2) or for operations (6.3.1);
Reserves (6.3.3); opponent events triggered by operations, in the order the player chooses
(6.3.2, 6.3.2.1); the 1st Plot exemption (8.5.3, 4.7.7.2).

Sequence of one card (``play_card``): the use (event, operations or Reserves); for operations,
the Reserves to add (6.3.3.1); when the card carries an event the operations trigger, whether the
event or the operations come first (6.3.2.1); the operation; the triggered event unless it came
first or the 1st Plot exemption ignores it; the card is put away (``events.play.put_away``).

A card may be played in a *special* use fixed by an earlier event (Adam Gadahn, card 48, and
Madrassas, card 53, fix the use of the Jihadist's second card): ``special`` names the operation's
procedure and whether the card's US event is ignored.
"""
from __future__ import annotations

from cdg_oracle.model.core.citations import implements
from cdg_oracle.model.core.steps import choose, do, if_, var
from cdg_oracle.model.labyrinth.engine import ENGINE, cite, push
from cdg_oracle.model.labyrinth.events.play import can_play, push_event, put_away, triggered_side
from cdg_oracle.model.labyrinth.operations import jihadist as jops
from cdg_oracle.model.labyrinth.operations import us as usops
from cdg_oracle.model.labyrinth.options import is_solo
from cdg_oracle.model.labyrinth.tracks import RESERVES_MAX

OPPONENT = {"US": "Jihadist", "Jihadist": "US"}


def op_options(st, side: str, value: int, card: int) -> list:
    if side == "US":
        return usops.available_ops(st, value, card)
    return jops.available_ops(st, value)


@implements("6.1")
def take_the_card(st, f) -> None:
    """6.1: the card leaves the hand and is in play until it is put away (6.2.9)."""
    d = st.d
    d["hands"][f["side"]].remove(f["card"])
    d["in_play"].append(f["card"])


def use_is_free(st, f) -> bool:
    """No earlier event fixed this card's use (cards 48, 53: ``special``)."""
    return not f.get("special")


@implements("5.2.2.1", "6.2.5", "6.3.3")
def use_options(st, f) -> list:
    """5.2.2.1: the event (only when playable now, 6.2.5-6.2.8), operations, or Reserves (a card
    of value 1 or 2, 6.3.3)."""
    side, n = f["side"], f["card"]
    options = [{"use": "event"}] if can_play(st, side, n) else []
    options.append({"use": "ops"})
    if st.cards[n].ops <= 2:
        options.append({"use": "reserves"})
    return options


def use_prompt(st, f) -> str:
    return f"use card {f['card']} ({st.cards[f['card']].name})"


def for_event(st, f) -> bool:
    return f["use"] == {"use": "event"}


def for_reserves(st, f) -> bool:
    return f["use"] == {"use": "reserves"}


@implements("6.2.1")
def play_the_event(st, f) -> None:
    push_event(st, f["card"], f["side"], "play")


@implements("6.3.3", "6.3.2")
def add_to_reserves(st, f) -> None:
    """6.3.3: add the card's value to the side's Reserves, to a maximum of 2; an opponent's event
    on the card happens at once (6.3.2)."""
    d, side, n = st.d, f["side"], f["card"]
    d["reserves"][side] = min(RESERVES_MAX, d["reserves"][side] + st.cards[n].ops)
    cite(st, "6.3.3")
    who = triggered_side(st, side, n)
    if who:
        push_event(st, n, who, "reserves")


def card_value(st, f) -> None:
    """The operations' value: the card's (6.3.1); for a use an earlier event fixed, its
    operation's procedure (``special["proc"]``)."""
    f["value"] = st.cards[f["card"]].ops
    special = f.get("special")
    if special:
        f["op_proc"] = special["proc"]


@implements("6.3.3.1")
def reserves_may_be_added(st, f) -> bool:
    """6.3.3.1: with Reserves and a card of value 1 or 2 played for operations, the side is asked
    whether to add them; for a card whose use cards 48/53 fixed only under the ruling
    ``second_card_reserves`` (P16)."""
    if f.get("special") and not st.rulings.second_card_reserves:
        return False
    return st.d["reserves"][f["side"]] > 0 and st.cards[f["card"]].ops < 3


def reserves_prompt(st, f) -> str:
    return f"add {st.d['reserves'][f['side']]} Reserves to card {f['card']}?"


@implements("6.3.3.1")
def spend_reserves(st, f) -> None:
    """6.3.3.1: spend all Reserves (to 0), adding them to this card's value, to at most 3."""
    if f["reserves"] is None or not f["reserves"]["reserves"]:
        return
    d, side = st.d, f["side"]
    f["value"] = min(3, st.cards[f["card"]].ops + d["reserves"][side])
    f["reserves_used"] = True
    d["reserves"][side] = 0
    cite(st, "6.3.3.1")


@implements("6.3.2", "9.4.1")
def find_triggered_event(st, f) -> None:
    """6.3.2: the side whose event the operations trigger (``f["trigger_side"]``, None if none):
    not the card's US event when card 48/53's use ignores it, and never a US event in the solo
    Jihadist's card play (9.4.1)."""
    side, n = f["side"], f["card"]
    who = None if (f.get("special") or {}).get("ignore_us_event") and st.cards[n].side == "US" \
        else triggered_side(st, side, n)
    if who is not None and side == "Jihadist" and is_solo(st):
        who = None  # 9.4.1: the solo Jihadist's card play never causes a US event
        cite(st, "9.4.1")
    f["trigger_side"] = who


def triggers_event(st, f) -> bool:
    return f["trigger_side"] is not None


def order_prompt(st, f) -> str:
    n = f["card"]
    return f"card {n} ({st.cards[n].name}) triggers its event: before or after the operation?"


def event_first(st, f) -> bool:
    return f["order"] == {"event": "first"}


@implements("6.3.2.1")
def event_before_operation(st, f) -> None:
    push_event(st, f["card"], f["trigger_side"], "ops")


def keep_event_for_after(st, f) -> None:
    """6.3.2.1: the event comes after the operation (a Reassessment may take it over, A46)."""
    if f["order"] == {"event": "after"}:
        f["event_after"] = True


def op_is_free(st, f) -> bool:
    return not f.get("op_proc")


@implements("6.3.1", "6.3.3.1")
def operations(st, f) -> list:
    """6.3.1: the operations the card's value allows (not Reassessment with Reserves added, the
    6.3.3.1 exception)."""
    options = op_options(st, f["side"], f["value"], f["card"])
    if f.get("reserves_used"):
        options = [o for o in options if o["op"] != "reassessment"]  # 6.3.3.1 exception
    return options


def op_prompt(st, f) -> str:
    return f"operation with card {f['card']} (value {f['value']})"


def start_operation(st, f) -> None:
    """The operation: the one chosen (a Plot may use up the 1st Plot exemption, 8.5.3:
    :func:`first_plot`) or the one an earlier event fixed."""
    if f.get("op_proc"):
        push(st, f["op_proc"], side=f["side"], card=f["card"], value=f["value"])
        return
    op = f["op"]["op"]
    if op == "plot":
        first_plot(st, f)
    push(st, "op_" + op, side=f["side"], card=f["card"], value=f["value"])


def event_still_after(st, f) -> bool:
    return bool(f.get("event_after"))


@implements("8.5.3", "6.3.1", "card 120")
def event_after_operation(st, f) -> None:
    """The triggered event after the operation (6.3.2.1). 8.5.3: the 1st Plot exemption ignores a
    *US* event only; US Election (card 120, Unassociated) is triggered by any use for operations
    (6.3.1), even the 1st Plot."""
    if f.get("first_plot") and st.cards[f["card"]].side == "US":
        cite(st, "8.5.3")
        return
    push_event(st, f["card"], f["trigger_side"], "ops")


@implements("6.2.9", "4.7.7.2")
def put_card_away(st, f) -> None:
    put_away(st, f["card"], f.get("event_happened"), bool(f.get("first_plot")))


@ENGINE.sequence("play_card")
@implements("5.2.2.1", "6.1", "6.3.1", "6.3.3", "6.3.3.1", "4.7.9", "6.2.1")
def play_card():
    """Play ``card`` from ``side``'s hand: choose its use (5.2.2.1), then resolve it -- the event
    (6.2), Reserves (6.3.3), or operations (6.3.1): Reserves added (6.3.3.1), the triggered event
    before or after the operation (6.3.2.1), the operation -- and put the card away (6.2.9)."""
    side = var("side")
    return [
        do(take_the_card),
        choose(side, use_options, "5.2.2.1", use_prompt, into="use", when=use_is_free, key="use"),
        if_(for_event, [do(play_the_event)], else_=[
            if_(for_reserves, [do(add_to_reserves)], else_=[
                do(card_value),
                choose(side, [{"reserves": True}, {"reserves": False}], "6.3.3.1", reserves_prompt,
                       into="reserves", when=reserves_may_be_added),
                do(spend_reserves),
                do(find_triggered_event),
                choose(side, [{"event": "first"}, {"event": "after"}], "6.3.2.1", order_prompt,
                       into="order", when=triggers_event),
                if_(event_first, [do(event_before_operation)], else_=[do(keep_event_for_after)]),
                choose(side, operations, "6.3.1", op_prompt, into="op", when=op_is_free, key="op"),
                do(start_operation),
                if_(event_still_after, [do(event_after_operation)]),
            ]),
        ]),
        do(put_card_away),
    ]


@implements("8.5.3", "4.7.7.2")
def first_plot(st, f) -> None:
    """8.5.3: the first use of a card for a Plot op each turn with a US event ignores that event and
    the card goes to the 1st Plot box (4.7.7.2). Which Plot op uses the exemption up is the
    ``first_plot_exemption`` ruling (A02)."""
    d = st.d
    if d["first_plot_used"]:
        return
    us_event = st.cards[f["card"]].side == "US"
    if st.rulings.first_plot_exemption == "first_us_event_plot" and not us_event:
        return
    d["first_plot_used"] = True
    f["first_plot"] = True
    cite(st, "8.5.3", "4.7.7.2")
