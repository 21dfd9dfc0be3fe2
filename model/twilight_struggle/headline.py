"""The headline phase (4.5 C).

Each side chooses a card from its hand in secret; both are revealed together and their events
happen, the higher headline value first (a card's ops value; a scoring card counts 0 and so always
goes second), the US first on a tie. A side must headline an event even if it helps the opponent;
an opponent's event is carried out by the opponent as if it had played it. The China Card cannot
be headlined (9.5). 6.4.4 box 4: the side holding Man in Space sees the other's headline before
choosing its own. A headline may cancel the other's once both are revealed, before either event
happens (card 103 Defectors, the US's: the USSR's headline goes to the discards without its event).

The secret choice is posed as two questions one after the other (the core's way, docs/design.md):
the USSR first, the US second, the first choice hidden from the second player's observation until
both are revealed; with box 4's ability the side without it chooses first and its choice is shown.
Only cards whose event the model implements are offered (events.py); a side holding none plays no
headline, and the gap is recorded.
"""
from __future__ import annotations

from cdg_oracle.model.core.citations import implements
from cdg_oracle.model.core.engine import cite
from cdg_oracle.model.core.steps import call, choose, do, for_each, if_
from cdg_oracle.model.twilight_struggle import space_abilities
from cdg_oracle.model.twilight_struggle.engine import ENGINE
from cdg_oracle.model.twilight_struggle.events import effects
from cdg_oracle.model.twilight_struggle.events.play import NO_HEADLINE, after_event, after_no_event, can_happen, can_headline, record_gap
from cdg_oracle.model.twilight_struggle.control import OPPONENT
from cdg_oracle.model.twilight_struggle.victory import check_vp


def _forget_revealed(st, f) -> None:
    """11.1.1: the held cards shown at the end of the last turn are in play again, among the new hand."""
    st.d["revealed"] = {"USSR": None, "US": None}


def choosing_order(st, f) -> list:
    """Who chooses first: the side without Man in Space's ability when the other holds it (6.4.4),
    else the USSR (the two choices are secret from each other)."""
    for side in ("USSR", "US"):
        if space_abilities.has(st, side, "opponent_headlines_first"):
            return [OPPONENT[side], side]
    return ["USSR", "US"]


def headline_options(st, f) -> list:
    """4.5 C, 9.5: the cards of the hand that may be headlined (events/play.py can_headline: an
    implemented event; never the China Card, which is not in the hand)."""
    return [{"card": c} for c in st.d["hands"][f["side"]] if can_headline(st, c)
            and not effects.any_(st, "card_barred", side=f["side"], card=c, use="headline")]  # 5.5


def _none_offerable(st, f) -> None:
    if not headline_options(st, f):
        record_gap(st, 0, f["side"], NO_HEADLINE)


@implements("4.5", "6.4.4")
def _chosen(st, f) -> None:
    """The card leaves the hand, face down; with Man in Space's ability the other side has seen it."""
    choice = f.get("card")
    if choice is None:
        return
    d, side = st.d, f["side"]
    d["hands"][side].remove(choice["card"])
    d["headline"][side] = choice["card"]
    if space_abilities.has(st, OPPONENT[side], "opponent_headlines_first"):
        cite(st, "6.4.4")
        d["headline_shown"].append(side)


def headline_value(st, number: int) -> int:
    """4.5 C: a headline's value is its ops value; a scoring card's is 0."""
    return st.cards[number].ops


@implements("4.5")
def resolution_order(st, f) -> list:
    """4.5 C: the higher headline value first; on a tie (both scoring cards too) the US first."""
    chosen = [s for s in ("US", "USSR") if st.d["headline"][s] is not None]
    return sorted(chosen, key=lambda s: -headline_value(st, st.d["headline"][s]))


def _reveal(st, f) -> None:
    cite(st, "4.5")
    st.d["headline_shown"] = ["USSR", "US"]
    f["order"] = resolution_order(st, f)


def _cancelled(st, f) -> None:
    """5.5: a headline may cancel the other side's once both are revealed, before either happens
    (card 103 Defectors: events/late_93_103.py ``cancel_headline``)."""
    from cdg_oracle.model.twilight_struggle.events.late_93_103 import cancel_headline

    cancel_headline(st, f)


def _to_table(st, f) -> None:
    d = st.d
    card = d["headline"][f["side"]]
    d["table"].append(card)
    d["headline"][f["side"]] = None
    owner = st.cards[card].side
    d["phasing"] = OPPONENT[f["side"]] if owner == OPPONENT[f["side"]] else f["side"]  # 4.5 C NOTE
    f["card"] = card
    effects.run(st, "card_played", side=f["side"], card=card, use="headline")  # card 59


def _happens(st, f) -> bool:
    """The headline's event can happen (5.2, 7.5: else it does not, and the card is discarded)."""
    f["happened"] = can_happen(st, st.d["phasing"], f["card"])
    return f["happened"]


def _after(st, f) -> None:
    if f.pop("happened"):
        after_event(st, f["card"], st.d["phasing"])
    else:
        cite(st, "5.2")
        after_no_event(st, f["card"])
    check_vp(st)


def _done(st, f) -> None:
    st.d["headline_shown"] = []
    st.d["phasing"] = None


@ENGINE.sequence("headline")
@implements("4.5", "9.5")
def headline():
    """4.5 C: both sides choose, the cards are revealed, the events happen in order."""
    return [
        do(_forget_revealed),
        for_each(choosing_order, "side", [
            do(_none_offerable),
            choose(lambda st, f: f["side"], headline_options, "4.5", lambda st, f: f"{f['side']}: choose a headline card",
                   into="card", when=lambda st, f: bool(headline_options(st, f)), key="card"),
            do(_chosen),
        ]),
        do(_reveal),
        do(_cancelled),
        for_each("order", "side", [
            do(_to_table),
            if_(_happens, [call("event", card=lambda st, f: f["card"], side=lambda st, f: st.d["phasing"],
                                trigger="headline")]),
            do(_after),
        ]),
        do(_done),
    ]
