"""Card events (7.0): which are implemented, and the one procedure that resolves an event.

Implemented so far: the seven scoring cards (10.1; Southeast Asia Scoring 7.2). Every other event
is *not implemented* and is reported so by ``cdg-oracle rules --game twilight_struggle``; the model
never offers it as a headline or as an event play (4.5 C, 7.1), and when a card played for
operations would trigger the opponent's unimplemented event (5.2) the model records the place in
``d["not_implemented"]`` (a gap in the game's record, never a silent skip) and goes on as if the
event had had no effect, the card going to the discards.
"""
from __future__ import annotations

from cdg_oracle.model.core.citations import implements
from cdg_oracle.model.core.engine import cite, pop
from cdg_oracle.model.twilight_struggle.cards import Card
from cdg_oracle.model.twilight_struggle.engine import ENGINE
from cdg_oracle.model.twilight_struggle.scoring import score_region, score_southeast_asia


#: What ``not_implemented`` records, one message per place (the consistency laws accept no other):
#: an opponent's event that operations trigger (5.2), a headline not played for want of a card
#: whose event the model implements (card 0: no card), an event met elsewhere.
TRIGGERED_GAP = "the opponent's event triggered by operations (5.2) is not implemented: not resolved"
NO_HEADLINE = "no card in hand has an implemented event: no headline played"
EVENT_GAP = "event not implemented: not resolved"
GAPS = (TRIGGERED_GAP, NO_HEADLINE, EVENT_GAP)


def is_implemented(card: Card) -> bool:
    """The model resolves this card's event (the scoring cards, so far)."""
    return card.scoring


def playable_as_event(st, side: str, number: int) -> bool:
    """7.1: ``side`` may play the card as an event: its event is the side's own or neutral, and
    the model implements it (an unimplemented event is never offered)."""
    card = st.cards[number]
    return card.side in (side, "neutral") and is_implemented(card)


def record_gap(st, number: int, side: str, what: str) -> None:
    """Record that play met the unimplemented event of card ``number`` (``what`` happened)."""
    d = st.d
    d["not_implemented"].append({"card": number, "side": side, "turn": d["turn"], "round": d["round"], "what": what})


@ENGINE.procedure("event", reposes=True)
@implements("7.1", "2.2.1", "card 1", "card 2", "card 3", "card 37", "card 38", "card 79", "card 81")
def event(st, f, a) -> None:
    """Resolve the event of card ``f["card"]`` for ``f["side"]``. A scoring card scores its region
    (10.1) or Southeast Asia (7.2); an unimplemented event is recorded as a gap."""
    card = st.cards[f["card"]]
    if card.scores == "Southeast Asia":
        cite(st, f"card {card.deluxe}", "7.2")
        score_southeast_asia(st)
    elif card.scoring:
        cite(st, f"card {card.deluxe}", "10.1")
        score_region(st, card.scores)
    else:
        record_gap(st, card.number, f["side"], EVENT_GAP)
    pop(st)


@implements("2.2.4", "2.2.5", "7.2", "7.3", "2.2.6")
def after_event(st, number: int) -> None:
    """Where a card played as an event goes: beside the map if its title is underlined (2.2.5, 7.3:
    until cancelled; a starred one too, as NATO: out of the deck either way), else removed if its
    title has an asterisk (2.2.4; of the scoring cards only Southeast Asia, 7.2), else the discards
    (2.2.6)."""
    d = st.d
    card = st.cards[number]
    d["table"].remove(number)
    zone = "in_effect" if card.underlined else "removed" if card.removed else "discard"
    d[zone].append(number)
    d[zone].sort()
