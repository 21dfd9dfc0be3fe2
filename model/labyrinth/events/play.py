"""When an event may be played or happens, and what becomes of its card (6.2, 6.3.1-6.3.2).

* 6.2.5 association: a side may play as an event only its own or an Unassociated card.
* 6.2.6 playable: the card's precondition must hold; 6.2.8 a blocked event is not playable; the
  scenario limits printed on cards ("event not allowed in scenario ...") also make it unplayable.
* 6.3.2: a card used for operations (or Reserves, 6.3.3) whose event is the opponent's triggers it;
  US Election (card 120) is triggered by any use for operations and by its discard (6.3.1).
  6.3.2.1: a triggered event that is blocked or unplayable at that moment does not happen.
  6.3.2.2: the associated side implements it and makes its decisions.
* 6.2.9 REMOVE, "REMOVE if played by the US", 6.2.7 LAPSING and the 1st Plot box (4.7.7.2) decide
  where the card goes afterwards.
"""
from __future__ import annotations

from cdg_oracle.model.core.citations import implements
from cdg_oracle.model.labyrinth.cards import ruled_card
from cdg_oracle.model.core.steps import do
from cdg_oracle.model.labyrinth.engine import ENGINE, cite, pop, procedure, push
from cdg_oracle.model.labyrinth.events import EVENTS
from cdg_oracle.model.labyrinth.events.lasting import blocked

OPPONENT = {"US": "Jihadist", "Jihadist": "US"}


@implements("6.2.5")
def may_play_as_event(st, side: str, n: int) -> bool:
    """6.2.5: only the associated side may play an associated event; either side an Unassociated one."""
    return st.cards[n].side in (side, "Unassociated")


def allowed_in_scenario(st, n: int) -> bool:
    """The card's "event not allowed in scenario ..." note (cards.yaml ``not_in_scenarios``)."""
    return st.d["scenario"] not in st.cards[n].not_in_scenarios


@implements("6.2.6", "6.2.8")
def event_playable(st, side: str, n: int) -> bool:
    """6.2.6 and 6.2.8: the event of card ``n``, implemented by ``side``, is allowed in this
    scenario, not blocked, and its precondition holds now."""
    ev = EVENTS.get(n)
    if ev is None:
        return False
    return allowed_in_scenario(st, n) and not blocked(st, n) and bool(ev.playable(st, side))


def can_play(st, side: str, n: int) -> bool:
    """``side`` may now play card ``n`` for its event (6.2.5-6.2.8)."""
    return may_play_as_event(st, side, n) and event_playable(st, side, n)


@implements("6.3.2", "6.3.2.3", "6.3.1")
def triggered_side(st, player: str, n: int) -> str | None:
    """6.3.2: the side that implements the event triggered when ``player`` uses card ``n`` for
    operations or Reserves: the opponent for an opponent's event, ``player`` for US Election
    (6.3.1); None when nothing is triggered (own or Unassociated event, 6.3.2.3)."""
    card = st.cards[n]
    if card.side == OPPONENT[player]:
        return card.side
    if card.automatic:
        return player
    return None


def push_event(st, n: int, side: str, trigger: str) -> None:
    """Run card ``n``'s event for ``side``. The parent frame's ``event_happened`` is set to the
    implementing side if it happens (6.3.2.1: a triggered event may not)."""
    push(st, "event", card=n, side=side, trigger=trigger)


@procedure("event")
@implements("6.2.1", "6.2.4", "6.3.2.1", "6.3.2.2")
def run_event(st, f, a) -> None:
    """Implement card ``card``'s event for ``side`` (6.2.1), then check that every aspect, the
    MARK included, was carried out (6.2.4)."""
    n, side = f["card"], f["side"]
    if f["pc"] == "start":
        if f["trigger"] != "play" and not event_playable(st, side, n):
            cite(st, "6.3.2.1")  # blocked or unplayable at this moment: the event does not happen
            pop(st)
            return
        cite(st, "6.2.1", f"card {n}")
        if f["trigger"] in ("ops", "reserves"):
            cite(st, "6.3.2", "6.3.2.2")
        f["pc"] = "done"
        push(st, EVENTS[n].proc, card=n, side=side, trigger=f["trigger"])
        return
    card = ruled_card(st, st.cards[n])  # A26: the MARK flag under the ruling card_flags
    if card.mark and not f.get("marked"):
        raise RuntimeError(f"card {n}: the event did not place its {card.name!r} marker (6.2.4)")
    st.d["stack"][-2]["event_happened"] = side
    pop(st)


@implements("6.2.9", "6.2.7", "4.7.7.1", "4.7.7.2", "5.2.2")
def put_away(st, n: int, event_side: str | None, first_plot: bool = False) -> None:
    """Move played card ``n`` from ``in_play`` to where it belongs: removed from the game if its
    event happened and is REMOVE (or REMOVE-if-US, played by the US) (6.2.9); else the 1st Plot box
    (4.7.7.2) or, for a LAPSING event that happened, the Lapsing box (4.7.7.1); else the discard pile.
    A lapsing effect whose card goes to the 1st Plot box keeps its marker (4.7.7.3)."""
    d = st.d
    card = ruled_card(st, st.cards[n])  # A26: REMOVE and LAPSING under the ruling card_flags
    d["in_play"].remove(n)
    happened = event_side is not None
    if happened and (card.remove or (card.remove_if_us and event_side == "US")):
        d["removed"].append(n)
        cite(st, "6.2.9")
    elif first_plot:
        d["first_plot"].append(n)
        if happened and card.lapsing:
            d["lapsing_effects"].append(n)
    elif happened and card.lapsing:
        d["lapsing"].append(n)
        cite(st, "4.7.7.1")
    else:
        d["discard"].append(n)


def push_discard(st, n: int, side: str) -> None:
    """Discard card ``n`` from ``side``'s hand by an event's instruction (:func:`discard_card`)."""
    push(st, "discard_card", card=n, side=side)


def _discard_from_hand(st, f) -> None:
    """6.3.2.3: the card leaves the hand for the discards, no event; 6.3.1: an automatic one (US
    Election, card 120) is held in play while its event happens for the side discarding it."""
    n = f["card"]
    st.d["hands"][f["side"]].remove(n)
    if st.cards[n].automatic:
        st.d["in_play"].append(n)
        cite(st, "6.3.1", f"card {n}")
        push_event(st, n, f["side"], "discard")
        return
    st.d["discard"].append(n)
    pop(st)


def _put_away_after_event(st, f) -> None:
    """After its event the automatic card goes where the rules send it (:func:`put_away`)."""
    put_away(st, f["card"], f.get("event_happened"))


@ENGINE.sequence("discard_card")
@implements("6.3.2.3", "6.3.1")
def discard_card():
    """A card an event makes a side discard from its hand (cards 32 and 99). The discard causes no
    event (6.3.2.3), except an automatic one: US Election (card 120), "quando questa carta viene
    ... scartata" (6.3.1), whose event happens for the side discarding it, the card held in play
    meanwhile and put away after it (:func:`put_away`: LAPSING to the Lapsing box)."""
    return [
        do(_discard_from_hand),
        do(_put_away_after_event, name="event"),  # the label the frame stands at during the event
    ]
