"""Twilight Struggle's action encoding (issue 32 item 1; model/core/encoding.py): every action and
chance outcome the game can offer, declared as data, and its bounds.

The domains come from the game's data where the rules name a thing of the map or the deck (the 84
countries of data/map.yaml, 2.1; the cards of data/cards.yaml, 2.2.1, both editions' numbers and
the Deluxe's optional cards 104-110: options.py; the six regions, 2.1) and from the rules for the
rest (a six-sided die; DEFCON moves by -1, 0 or +1 on Summit, card 45, or is set to 1-5 by card 46;
The Reformer adds 4 or 6 influence, card 87). The shapes are the objects the questions of the rules and the cards pose.

Bounds (:data:`BOUNDS`), argued from the rules:

* chance outcomes at one node: 110. The widest chance node is a draw from the draw pile, which
  holds at most every card of the game (4.1, 4.4): 103 in the seed edition, 110 with the Deluxe's
  optional cards (options.py); a die has 6 faces.
* game length: 10 000 steps. The game lasts at most 10 turns (4.1, 10.0: the final scoring after
  turn 10), each a headline (4.5: two cards, their events) and at most 7 action rounds a side
  (4.5; 6.4.4 the Space Race's eighth round: 8), each one card of at most 4 Operations points
  (2.2.1; +1 by an event's bonus, 7.4) spent one influence point (6.1), one coup (6.3) or one
  realignment roll (6.2) at a time: a handful of steps a point. 10 turns x 2 sides x 9 cards x about 25 steps = 4 500 steps,
  with the deals and the end-of-turn steps (4.5 A, F-J) about 5 000. Random games stay under 1 000
  steps (the longest measured: 916); the bound declared, 10 000, is twice the rules' estimate, and
  the test fails when a random game exceeds it.
"""
from __future__ import annotations

import functools

from cdg_oracle.model.core.encoding import ActionDeclaration, ActionTable, Bounds

#: Raise it whenever the table below changes (its ids then mean other actions), and set DIGEST to
#: the new table's (tests/oracle/test_encoding.py names it).
VERSION = 1
DIGEST = "5b178c8d0f562eca55a6c33eff41af22d574bf1da90cf4cf017d91a04e4d85d7"

BOUNDS = Bounds(chance_outcomes=110, game_length=10_000)

BOOL = (False, True)


@functools.cache
def declaration() -> ActionDeclaration:
    """The declaration, built from the map and the card list."""
    from cdg_oracle.model.twilight_struggle.cards import load_cards
    from cdg_oracle.model.twilight_struggle.mapdata import REGIONS, load_map

    countries = tuple(load_map().names)
    cards = tuple(sorted({c.number for c, _ in load_cards()} | {c.deluxe for c, _ in load_cards() if c.deluxe}))
    regions = tuple(REGIONS)
    domains = {
        "country": countries,                                  # 2.1
        "cancel": (None,) + countries,                         # card 40: cancel the Crisis in a country, or not
        "card": cards,                                         # 2.2.1: both editions and cards 104-110
        "card_or_none": (None,) + cards,                       # a card, or none (card 44 and the like)
        "discard": (None, False) + cards,                      # a discard, or none
        "die": tuple(range(1, 7)),                             # a six-sided die
        "region": regions,                                     # 2.1
        "coup": BOOL + regions,                                # card 91 and the like: yes, no, or a region
        "defcon": tuple(range(-1, 6)),                         # card 45 Summit: -1, 0, +1; card 46: a level 1-5
        "influence": (4, 6),                                   # card 87 The Reformer
        "bool": BOOL,
        "true": (True,),
        "event": ("before", "after"),                          # 5.2: the opponent's event first or after
        "unrest": ("adjacent", "south_africa"),                # card 56 South African Unrest
        "use": ("coup", "event", "influence", "none", "realign", "return", "space"),  # 5.1, 6.0, 6.4
        "warsaw": ("add", "remove"),                           # card 16 Warsaw Pact Formed
    }
    shapes = (
        {"boycott": "bool"},
        {"cancel": "cancel"},
        {"card": "card_or_none"},
        {"country": "country"},
        {"coup": "coup"},
        {"defcon": "defcon"},
        {"die": "die"},
        {"discard": "discard"},
        {"end": "bool"},
        {"event": "event"},
        {"influence": "influence"},
        {"keep": "card"},
        {"none": "true"},
        {"operations": "bool"},
        {"pass": "true"},
        {"realign": "region"},
        {"region": "region"},
        {"claim": "bool"},
        {"stop": "true"},
        {"unrest": "unrest"},
        {"use": "use"},
        {"warsaw": "warsaw"},
    )
    return ActionDeclaration(game="twilight_struggle", version=VERSION, digest=DIGEST, domains=domains,
                             shapes=shapes, bounds=BOUNDS, categories=CATEGORIES)


#: The observation tensor's categories (model/core/tensor.py): the words a string field of the
#: observation takes, each one-hot; a list of them (a hand, the discards) is a count each.
CATEGORIES = {
    "control.*": ("US", "USSR"),                                       # 2.1.7 a country's controller
    "region_levels.*.US": ("presence", "domination", "control", "chosen"),   # 10.1 scoring levels
    "region_levels.*.USSR": ("presence", "domination", "control", "chosen"),
    "holder": ("US", "USSR"),                                          # 9.0 the China Card
    "phasing": ("US", "USSR"),
    "to_move": ("US", "USSR", "chance"),
    "closed_regions": ("Europe", "Middle East", "Asia", "Africa", "Central America", "South America"),
}


def _card_categories() -> None:
    """The card lists of the observation (the hands, the discards, the removed cards, the events
    in effect): a count per card (2.2.1: both editions and cards 104-110)."""
    from cdg_oracle.model.twilight_struggle.cards import load_cards
    cards = tuple(sorted({c.number for c, _ in load_cards()} | {c.deluxe for c, _ in load_cards() if c.deluxe}))
    for name in ("hands.US", "hands.USSR", "discard", "removed", "in_effect", "table"):
        CATEGORIES[name] = cards


_card_categories()


@functools.cache
def table() -> ActionTable:
    """Twilight Struggle's action table."""
    return ActionTable(declaration())
