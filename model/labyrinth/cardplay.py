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
from cdg_oracle.model.labyrinth.engine import ask, cite, pop, procedure, push
from cdg_oracle.model.labyrinth.events.play import can_play, push_event, put_away, triggered_side
from cdg_oracle.model.labyrinth.operations import jihadist as jops
from cdg_oracle.model.labyrinth.operations import us as usops
from cdg_oracle.model.labyrinth.solo.options import is_solo
from cdg_oracle.model.labyrinth.tracks import RESERVES_MAX

OPPONENT = {"US": "Jihadist", "Jihadist": "US"}


def op_options(st, side: str, value: int, card: int) -> list:
    if side == "US":
        return usops.available_ops(st, value, card)
    return jops.available_ops(st, value)


@procedure("play_card")
@implements("5.2.2.1", "6.1", "6.3.1", "6.3.3", "6.3.3.1", "4.7.9", "6.2.1")
def play_card(st, f, a) -> None:
    """Play ``card`` from ``side``'s hand: choose its use, then resolve it."""
    d = st.d
    side, n = f["side"], f["card"]
    card = st.cards[n]
    pc = f["pc"]
    if pc == "start":
        d["hands"][side].remove(n)
        d["in_play"].append(n)
        special = f.get("special")
        if special:
            f["value"] = card.ops
            f["op_proc"] = special["proc"]
            if st.rulings.second_card_reserves and ask_reserves(st, f):
                return  # P16: Reserves offered for the Recruit cards 48 and 53 fix for this card
            f["pc"] = "order"
            return
        options = []
        if can_play(st, side, n):
            options.append({"use": "event"})
        options.append({"use": "ops"})
        if card.ops <= 2:
            options.append({"use": "reserves"})
        f["pc"] = "use"
        ask(st, side, options, "5.2.2.1", f"use card {n} ({card.name})")
        return
    if pc == "use":
        if a["use"] == "event":
            f["pc"] = "dispose"
            push_event(st, n, side, "play")
            return
        if a["use"] == "reserves":
            # 6.3.3: add the card's value to the side's Reserves, to a maximum of 2; an opponent's
            # event on the card happens at once (6.3.2).
            d["reserves"][side] = min(RESERVES_MAX, d["reserves"][side] + card.ops)
            cite(st, "6.3.3")
            f["pc"] = "dispose"
            who = triggered_side(st, side, n)
            if who:
                push_event(st, n, who, "reserves")
            return
        f["value"] = card.ops
        if ask_reserves(st, f):
            return
        f["pc"] = "order"
        return
    if pc == "reserves":
        if a["reserves"]:
            # 6.3.3.1: spend all Reserves (to 0), adding them to this card's value, to at most 3.
            f["value"] = min(3, card.ops + d["reserves"][side])
            f["reserves_used"] = True
            d["reserves"][side] = 0
            cite(st, "6.3.3.1")
        f["pc"] = "order"
        return
    if pc == "order":
        # 6.3.2.1: the player chooses whether a triggered event comes before or after the operation.
        who = None if (f.get("special") or {}).get("ignore_us_event") and card.side == "US" \
            else triggered_side(st, side, n)
        if who is not None and side == "Jihadist" and is_solo(st):
            who = None  # 9.4.1: the solo Jihadist's card play never causes a US event
            cite(st, "9.4.1")
        if a is None:
            if who is None:
                f["pc"] = "op"
                return
            ask(st, side, [{"event": "first"}, {"event": "after"}], "6.3.2.1",
                f"card {n} ({card.name}) triggers its event: before or after the operation?")
            return
        f["trigger_side"] = who
        if a["event"] == "first":
            f["pc"] = "op"
            push_event(st, n, who, "ops")
        else:
            f["event_after"] = True
            f["pc"] = "op"
        return
    if pc == "op":
        if f.get("op_proc"):
            f["pc"] = "resolved"
            push(st, f["op_proc"], side=side, card=n, value=f["value"])
            return
        if a is None:
            options = op_options(st, side, f["value"], n)
            if f.get("reserves_used"):
                options = [o for o in options if o["op"] != "reassessment"]  # 6.3.3.1 exception
            ask(st, side, options, "6.3.1", f"operation with card {n} (value {f['value']})")
            return
        f["op"] = a["op"]
        if a["op"] == "plot":
            first_plot(st, f)
        f["pc"] = "resolved"
        push(st, "op_" + a["op"], side=side, card=n, value=f["value"])
        return
    if pc == "resolved":
        f["pc"] = "dispose"
        if f.get("event_after"):
            # 8.5.3: the 1st Plot exemption ignores a *US* event only; US Election (card 120,
            # Unassociated) is triggered by any use for operations (6.3.1), even the 1st Plot.
            if f.get("first_plot") and card.side == "US":
                cite(st, "8.5.3")
                return
            push_event(st, n, f["trigger_side"], "ops")
        return
    if pc == "dispose":
        put_away(st, n, f.get("event_happened"), bool(f.get("first_plot")))
        pop(st)
        return


@implements("6.3.3.1")
def ask_reserves(st, f) -> bool:
    """6.3.3.1: with Reserves and a card of value 1 or 2 played for operations, ask whether to add
    them (the answer is handled at ``pc == "reserves"``). False when there is nothing to ask."""
    side, n = f["side"], f["card"]
    reserves = st.d["reserves"][side]
    if reserves == 0 or st.cards[n].ops >= 3:
        return False
    f["pc"] = "reserves"
    ask(st, side, [{"reserves": True}, {"reserves": False}], "6.3.3.1", f"add {reserves} Reserves to card {n}?")
    return True


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
