"""What Twilight Struggle's conformance vectors cover (properties/coverage.py): the event of every
card the model implements (events/__init__.py ``EVENTS``), in both editions where the card exists:
the rulebook seed's 103 cards (``{"edition": "seed"}``, the game's default) and the Deluxe's 110
(``{"edition": "deluxe", "optional_cards": true}``: its 103 base cards and the seven optional
cards 104-110). The China Card has no event (9.0) and is not a target.

A card's event is shown best played as the event: the choice ``{"use": "event"}`` of an action
round (question ``action_round.use``, 7.1), rank 0; failing that, chosen as a headline (4.5 C) by the side that picks second,
whose choice sets both headline events off, rank 1; failing that, the opponent's event triggered
by operations and chosen to happen first (``{"event": "before"}`` at ``action_round.order``, 5.2),
rank 2. In every case
the event must begin within the window: the window cites ``card N`` (N the Deluxe number, as the
model cites every event: events/play.py).

The searched games are played by :class:`EventsPolicy` (the event whenever offered); a card that
they do not show is looked for by :class:`DirectedPolicy`, which deals the card to the side that
may play it and plays it as the event as soon as its event can happen.

Perft counts, besides the default (seed) edition, the Deluxe edition with and without its
optional cards (``perft_variants``).
"""
from __future__ import annotations

import random
from typing import Any

from cdg_oracle.model.core.game import action_key
from cdg_oracle.properties.coverage import Coverage, EventsPolicy, Target, USE_EVENT, Window

EVENT_BEFORE = {"event": "before"}
PLAY_QUESTION = "action_round.play"      # a side chooses the card of its action round (4.5, 6.0)
USE_QUESTION = "action_round.use"        # ... and how to use it (6.0, 7.1)
HEADLINE_QUESTION = "headline.card"      # a side chooses its headline card (4.5)
ORDER_QUESTION = "action_round.order"    # the opponent's event before or after the operations (5.2)
DRAW_QUESTION = "deal.drawn"             # a card dealt to ``context()["side"]`` (4.5)

#: The editions the vectors cover, by name: the game options their games are played under.
EDITIONS = (("seed", (("edition", "seed"),)),
            ("deluxe", (("edition", "deluxe"), ("optional_cards", True))))
#: Perft's option sets besides the defaults (the seed edition).
PERFT_VARIANTS = (("deluxe", (("edition", "deluxe"),)),
                  ("deluxe_optional_cards", (("edition", "deluxe"), ("optional_cards", True))))


def edition_deck(options: tuple) -> dict:
    """The cards of the edition ``options`` name, by their number in it (cards.py ``deck``)."""
    from cdg_oracle.model.twilight_struggle.cards import deck

    o = dict(options)
    return deck(o.get("edition", "seed"), bool(o.get("optional_cards", False)))


def _event_target(edition: str, options: tuple, number: int, card) -> Target:
    """The event of ``card`` (its number in the edition: ``number``; the model cites its Deluxe
    number, ``card.deluxe``), played as the event (rank 0), headlined (rank 1) or triggered by the
    opponent's operations before them (rank 2), beginning in the window."""
    cited = f"card {card.deluxe}"
    play, before = action_key(USE_EVENT), action_key(EVENT_BEFORE)

    def match(w: Window) -> int | None:
        if cited not in w.rules():
            return None
        key = action_key(w.choice)
        if w.question == USE_QUESTION and key == play and w.card == number:
            return 0
        if w.question == HEADLINE_QUESTION and w.choice == {"card": number}:
            return 1
        if w.question == ORDER_QUESTION and key == before and w.card == number:
            return 2
        return None

    there = "" if number == card.deluxe else f"; card {number} in this edition"
    return Target(f"card-{card.deluxe:03d}-{edition}", (cited,),
                  f"card {card.deluxe} ({card.name}), {edition} edition{there}: its event",
                  f"card:{number}", match, card.deluxe, options)


def targets() -> list[Target]:
    """Every implemented event of each edition's deck, edition by edition, by Deluxe number."""
    from cdg_oracle.model.twilight_struggle.events import EVENTS, load_all

    load_all()
    out = []
    for edition, options in EDITIONS:
        cards = edition_deck(options)
        for number, card in sorted(cards.items(), key=lambda kv: kv[1].deluxe):
            if card.deluxe in EVENTS:
                out.append(_event_target(edition, options, number, card))
    return out


def window_card(w: Window) -> int | None:
    """The card (its number in the edition) whose event the window's choice may set off: the card
    of the action round played as the event or triggered before operations (``context()["card"]``),
    or the card chosen as a headline. (A ``{"use": "event"}`` inside an event, card 67's for the
    card it draws, is not its frame's card's event.)"""
    if (w.question, w.choice) in ((USE_QUESTION, USE_EVENT), (ORDER_QUESTION, EVENT_BEFORE)):
        return w.card
    if w.question == HEADLINE_QUESTION and isinstance(w.choice, dict) and isinstance(w.choice.get("card"), int):
        return w.choice["card"]
    return None


# -- the searching players -------------------------------------------------------------------------
class DirectedPolicy(EventsPolicy):
    """The search for one card's event that :class:`EventsPolicy` games did not show. Still a legal
    game throughout, every chance outcome one of the possible ones, but steered:

    * a card dealt to a side that may play the card's event (its own side's, or either side for a
      neutral card, 7.1) is that card whenever the deck holds it;
    * that side chooses the card for an action round as soon as its event can happen
      (events/play.py ``playable_as_event``: prerequisite met, not prohibited, 5.2, 7.5), and
      plays it as the event; it keeps the card out of its headline;
    * everything else as :class:`EventsPolicy`."""

    def __init__(self, target: Target):
        self.deluxe = target.card
        self.options = target.options
        cards = edition_deck(target.options)
        self.number = next(n for n, c in cards.items() if c.deluxe == self.deluxe)
        side = cards[self.number].side
        self.sides = ("US", "USSR") if side == "neutral" else (side,)
        self.name = f"directed card {self.deluxe}"
        self.text = (f"directed at card {self.deluxe}: a card dealt to {' or '.join(self.sides)} is card "
                     f"{self.deluxe} while the deck holds it; it is chosen for an action round as soon as its event "
                     "can happen and played as the event, never headlined; otherwise as 'events'")

    def decide(self, rng: random.Random, st, legal: list) -> Any:
        from cdg_oracle.model.twilight_struggle.events.play import playable_as_event

        side = st.current_player()
        pick = {"card": self.number}
        question = st.decision()["question"]
        if question == PLAY_QUESTION and pick in legal and side in self.sides \
                and playable_as_event(st, side, self.number):
            return pick
        if question == USE_QUESTION and st.context()["card"] == self.number and USE_EVENT in legal:
            return USE_EVENT
        if question == HEADLINE_QUESTION and pick in legal and len(legal) > 1:
            others = [a for a in legal if a != pick]
            return others[rng.randrange(len(others))]
        return super().decide(rng, st, legal)

    def chance(self, rng: random.Random, st) -> Any:
        if st.decision()["question"] == DRAW_QUESTION and st.context()["side"] in self.sides:
            pick = {"card": self.number}
            if pick in st.legal_actions():
                return pick
        return super().chance(rng, st)


class TwilightCoverage(Coverage):
    """Every implemented event in both editions (:func:`targets`); perft in the Deluxe edition too."""

    policy = EventsPolicy()
    perft_variants = PERFT_VARIANTS
    order_text = ("by edition (seed, then deluxe with the optional cards), each: shortest: seeds 0..games-1, for "
                  "each seed every scenario in turn, policy 'events'; the occurrence of lowest rank (0: played as the "
                  "event; 1: headlined; 2: triggered by the opponent's operations, before them), then fewest "
                  "set-up steps, then earliest game. Directed, for each event still missing or only found in rank 1 "
                  "or 2: seeds 0..directed_games-1 of every scenario with the card's directed policy, until it is "
                  "found in rank 0.")

    def targets(self) -> list[Target]:
        return targets()

    def keys(self, w: Window) -> set[str]:
        """``card:<n>`` when the choice may set card ``n``'s event off (:func:`window_card`)."""
        n = window_card(w)
        return {f"card:{n}"} if n is not None else set()

    def directed(self, target: Target):
        return DirectedPolicy(target) if target.card is not None else None


#: What Twilight Struggle's vectors cover (its checks record's ``coverage``, __init__.py).
COVERAGE = TwilightCoverage()
