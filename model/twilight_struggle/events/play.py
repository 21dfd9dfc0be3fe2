"""How an event is played (7.1, 5.2, 4.5 C) and where its card goes (2.2.4-2.2.6, 7.2, 7.3).

The ``event`` procedure resolves the event of card ``f["card"]`` for ``f["side"]`` (``trigger``:
``play``, ``headline`` or ``ops``): it starts the card's own procedure ``event_<deluxe>`` (events/
__init__.py). An event the model does not implement yet is never offered as an event or a
headline; met as an opponent's event that operations trigger (5.2) it is recorded in
``d["not_implemented"]`` (a gap in the game's record, never a silent skip) and the card goes to
the discards.
"""
from __future__ import annotations

from cdg_oracle.model.core.citations import implements
from cdg_oracle.model.core.engine import cite
from cdg_oracle.model.core.steps import call, do, if_
from cdg_oracle.model.twilight_struggle.cards import Card
from cdg_oracle.model.twilight_struggle.engine import ENGINE
from cdg_oracle.model.twilight_struggle.events import registered
from cdg_oracle.model.twilight_struggle.events.effects import effect, run, start_effect
from cdg_oracle.model.twilight_struggle.victory import check_vp

#: What ``not_implemented`` records, one message per place (the consistency laws accept no other):
#: an opponent's event that operations trigger (5.2), a headline not played for want of a card
#: whose event the model implements (card 0: no card), an event met elsewhere.
TRIGGERED_GAP = "the opponent's event triggered by operations (5.2) is not implemented: not resolved"
NO_HEADLINE = "no card in hand has an implemented event: no headline played"
EVENT_GAP = "event not implemented: not resolved"
GAPS = (TRIGGERED_GAP, NO_HEADLINE, EVENT_GAP)


def is_implemented(card: Card) -> bool:
    """The model resolves this card's event."""
    return registered(card.deluxe) is not None


@implements("5.2", "7.5")
def can_happen(st, side: str, number: int) -> bool:
    """The event of card ``number`` can happen now for ``side``: implemented, its prerequisite met
    and not prohibited by an earlier event (5.2, 7.5). It may change nothing and still happen."""
    ev = registered(st.cards[number].deluxe)
    return ev is not None and bool(ev.playable(st, side))


@implements("7.1", "7.5")
def playable_as_event(st, side: str, number: int) -> bool:
    """7.1: ``side`` may play the card as an event: its event is the side's own or neutral and can
    happen now (7.5: else the card is still played for its ops)."""
    card = st.cards[number]
    return card.side in (side, "neutral") and can_happen(st, side, number)


@implements("4.5")
def can_headline(st, number: int) -> bool:
    """4.5 C: a card of the hand may be headlined (the China Card is never in the hand, 9.5; a card
    whose text forbids it, card 32, may not). Only implemented events are offered."""
    ev = registered(st.cards[number].deluxe)
    return ev is not None and ev.headline


def record_gap(st, number: int, side: str, what: str) -> None:
    """Record that play met the unimplemented event of card ``number`` (``what`` happened)."""
    d = st.d
    d["not_implemented"].append({"card": number, "side": side, "turn": d["turn"], "round": d["round"], "what": what})


def _implemented(st, f) -> bool:
    return is_implemented(st.cards[f["card"]])


def _proc(st, f) -> str:
    return registered(st.cards[f["card"]].deluxe).proc


def _gap(st, f) -> None:
    record_gap(st, f["card"], f["side"], EVENT_GAP)


def _cite(st, f) -> None:
    cite(st, f"card {st.cards[f['card']].deluxe}")


def _played(st, f) -> None:
    """What an event happening sets off (events/effects.py kind ``event_played``: card 60)."""
    run(st, "event_played", side=f["side"], card=f["card"], trigger=f.get("trigger", "play"))


@implements("7.3", "2.2.5")
def _lasting(st, f) -> None:
    """7.3: an underlined event lasts from the moment it has happened: its card goes beside the map
    and its effect is in force for the side that carried it out (so that, played before the
    operations of 5.2, it already governs them). An event that ended its own effect, or sent its
    card elsewhere, is left as it is."""
    place_beside_the_map(st, f["card"], f["side"])


def place_beside_the_map(st, number: int, side: str) -> None:
    """Card ``number``, underlined, from the table to beside the map (7.3), its effect recorded for
    ``side`` unless the event recorded it already."""
    d, card = st.d, st.cards[number]
    if not card.underlined or number not in d["table"]:
        return
    d["table"].remove(number)
    d["in_effect"].append(number)
    d["in_effect"].sort()
    if effect(st, card.deluxe) is None:
        start_effect(st, card.deluxe, side, "cancelled")


@implements("10.3.1")
def _vp_won(st, f) -> None:
    """10.3.1: 20 VP win at once, so the event's VP are checked as it ends, before the operations
    of 5.2 that may follow it (or the rest of the event that played it)."""
    check_vp(st)


@ENGINE.sequence("event")
@implements("7.1", "5.2", "4.5")
def event():
    """Resolve the event of card ``f["card"]`` for ``f["side"]`` (``f["trigger"]``: how it came to
    be played) through its own procedure, after what its happening sets off (hooks of kind
    ``event_played``); an unimplemented event is recorded as a gap. 10.3.1 is checked as it ends."""
    return [
        if_(_implemented, [
            do(_cite),
            do(_played),
            call(_proc, card=lambda st, f: f["card"], side=lambda st, f: f["side"],
                 trigger=lambda st, f: f.get("trigger", "play")),
            do(_lasting),
            do(_vp_won),
        ], [do(_gap)]),
    ]


@implements("2.2.4", "2.2.5", "7.2", "7.3", "2.2.6")
def after_event(st, number: int, side: str) -> None:
    """Where a card whose event happened goes: beside the map if its title is underlined (2.2.5,
    7.3: until cancelled, the effect recorded for ``side`` unless the event recorded it already),
    else removed if its title has an asterisk (2.2.4; of the scoring cards only Southeast Asia,
    7.2), else the discards (2.2.6)."""
    d = st.d
    card = st.cards[number]
    if number not in d["table"]:  # the event itself sent its card elsewhere
        return
    if card.underlined:
        place_beside_the_map(st, number, side)
        return
    d["table"].remove(number)
    zone = "removed" if card.removed else "discard"
    d[zone].append(number)
    d[zone].sort()


@implements("5.2")
def after_no_event(st, number: int) -> None:
    """A card played for operations goes to the discards (2.2.6); so does one whose event could not
    happen (a prerequisite not met, or prohibited), even with an asterisk (5.2)."""
    d = st.d
    if number not in d["table"]:  # an event sent it elsewhere
        return
    d["table"].remove(number)
    d["discard"].append(number)
    d["discard"].sort()
