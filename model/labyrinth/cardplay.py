"""Card play (chapter 6): each card played is used for its event or for operations (5.2.2.1);
Reserves (6.3.3); opponent events triggered by operations (6.3.2) and the 1st Plot exemption
(8.5.3, 4.7.7.2).

Card events are the next issue: no event is offered as a choice and an event that an operation
would trigger is recorded in ``d["unimplemented_events"]`` (``cdg-oracle rules`` reports every
card's event as not implemented) rather than faked.
"""
from __future__ import annotations

from model.core.citations import implements
from model.labyrinth.engine import ask, cite, pop, procedure, push
from model.labyrinth.operations import jihadist as jops
from model.labyrinth.operations import us as usops
from model.labyrinth.tracks import RESERVES_MAX

OPPONENT = {"US": "Jihadist", "Jihadist": "US"}


def op_options(st, side: str, value: int, card: int) -> list:
    if side == "US":
        return usops.available_ops(st, value, card)
    return jops.available_ops(st, value)


@procedure("play_card")
@implements("5.2.2.1", "6.1", "6.3.1", "6.3.3", "6.3.3.1", "4.7.9")
def play_card(st, f, a) -> None:
    """Play ``card`` from ``side``'s hand: choose its use (operations or Reserves), then resolve."""
    d = st.d
    side, n = f["side"], f["card"]
    card = st.cards[n]
    pc = f["pc"]
    if pc == "start":
        d["hands"][side].remove(n)
        d["in_play"].append(n)
        options = [{"use": "ops"}]
        if card.ops <= 2:
            options.append({"use": "reserves"})
        f["pc"] = "use"
        ask(st, side, options, "5.2.2.1", f"use card {n} ({card.name})")
        return
    if pc == "use":
        if a["use"] == "reserves":
            # 6.3.3: add the card's value to the side's Reserves, to a maximum of 2.
            d["reserves"][side] = min(RESERVES_MAX, d["reserves"][side] + card.ops)
            cite(st, "6.3.3")
            trigger_opponent_event(st, side, n)
            f["pc"] = "dispose"
            return
        f["value"] = card.ops
        if d["reserves"][side] > 0 and card.ops < 3:
            f["pc"] = "reserves"
            ask(st, side, [{"reserves": True}, {"reserves": False}], "6.3.3.1",
                f"add {d['reserves'][side]} Reserves to card {n}?")
            return
        f["pc"] = "op"
        return
    if pc == "reserves":
        if a["reserves"]:
            # 6.3.3.1: spend all Reserves (to 0), adding them to this card's value, to at most 3.
            f["value"] = min(3, card.ops + d["reserves"][side])
            f["reserves_used"] = True
            d["reserves"][side] = 0
            cite(st, "6.3.3.1")
        f["pc"] = "op"
        return
    if pc == "op":
        if a is None:
            options = op_options(st, side, f["value"], n)
            if f.get("reserves_used"):
                options = [o for o in options if o["op"] != "reassessment"]  # 6.3.3.1 exception
            ask(st, side, options, "6.3.1", f"operation with card {n} (value {f['value']})")
            return
        f["op"] = a["op"]
        f["pc"] = "resolved"
        # 6.3.2: an opponent's event on a card used for operations is triggered (event order
        # chosen by the player, 6.3.2.1). Events are not implemented yet: see the module doc.
        push(st, "op_" + a["op"], side=side, card=n, value=f["value"])
        return
    if pc == "resolved":
        if f["op"] == "plot":
            first_plot(st, f)
        # 8.5.3: the 1st Plot exemption ignores a *US* event only; US Election (card 120,
        # Unassociated) is triggered by any use for operations (6.3.1) even as the 1st Plot card.
        if not (f.get("first_plot") and card.side == "US"):
            trigger_opponent_event(st, side, n)
        f["pc"] = "dispose"
        return
    if pc == "dispose":
        dispose(st, f)
        pop(st)
        return


@implements("6.3.2.3")  # 6.3.2 itself (the triggered event happening) needs events
def trigger_opponent_event(st, side: str, n: int) -> None:
    """6.3.2: a card used for operations (or Reserves, 6.3.3) whose event is the opponent's triggers
    that event; own or unassociated events do not (6.3.2.3), except US Election (card 120)."""
    card = st.cards[n]
    if card.side == OPPONENT[side] or card.automatic:
        st.d["unimplemented_events"].append(n)
        cite(st, "6.3.2")


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


def dispose(st, f) -> None:
    """5.2.2: a played card goes to the discard pile, or to the 1st Plot box (4.7.7.2)."""
    d = st.d
    n = f["card"]
    d["in_play"].remove(n)
    if f.get("first_plot"):
        d["first_plot"].append(n)
    else:
        d["discard"].append(n)
