"""Labyrinth's action encoding (issue 32 item 1; model/core/encoding.py): every action and chance
outcome the game can offer, declared as data, and its bounds.

The domains come from the game's data where the rules name a thing of the map or the deck (4.1 the
countries of data/map.yaml, 4.10 the 120 cards of data/cards.yaml) and from the rules' bounds for
numbers (4.6.3 the component limits: 15 troops, 15 cells; 4.8.1 a Plot marker is a 1, 2 or 3, and
4.7.8.1 the WMD Plots; a die is 1-6, 4.9.1). The shapes are the objects the questions of the rules
and the cards pose (the keys of the actions ``legal_actions`` returns); the solo bot's random picks
of 9.5 are chance nodes over the same actions. ``"track"`` is where troops and cells are kept off
the map (4.6.2: the tracks as storage) and ``"random"`` a card taken at random from a hand (an
event's choice).

Bounds (:data:`BOUNDS`), argued from the rules:

* chance outcomes at one node: 120. The widest chance node is a draw from the deck, which holds at
  most the 120 cards of the game (4.10, 5.3); a die has 6 faces (4.9.1), a random Plot pick at most
  the Plot markers of the game (4.8.1, 4.7.8.1), a solo random country the 38 countries of the map
  (9.5).
* game length: 20 000 steps. The longest game is the campaign (3.3), three passes through the deck
  of 120 cards (5.3.1; 2.3: the game ends when the deck runs out the last time): at most 360 card
  plays. A card play is one draw, a "use" question, at most 3 Operations points (4.10.1) each spent
  in one operation of at most 15 pieces moved or rolled one at a time (4.6.3: 15 troops, 15 cells)
  with a die each and a question each: 3 x 15 x 2 = 90, plus the event's questions (the longest
  events move up to 15 pieces, 30 steps) and the end-of-turn steps (5.2.3 the unblocked Plots, a die
  each; 5.2.5-5.2.9, 5.2.8 the new hands: a draw a card): under 150 steps per card, 360 x 150 =
  54 000 steps in the worst case the rules allow. Random games of every scenario and length stay under
  2 000 steps (the longest measured: about 2 000 in the campaign); the bound declared, 20 000, is ten
  times that, and the test fails when a random game exceeds it. The rules' own worst case above is
  the argument that the game ends at all; the declared figure is what OpenSpiel's
  ``max_game_length`` reports.
"""
from __future__ import annotations

import functools

from cdg_oracle.model.core.encoding import ActionDeclaration, ActionTable, Bounds

#: Raise it whenever the table below changes (its ids then mean other actions), and set DIGEST to
#: the new table's (tests/oracle/test_encoding.py names it).
VERSION = 1
DIGEST = "3c08a7ce99aac3942f288d5f993eb9c08b181dd73d122cdfeed1ab5b8dea33bc"

BOUNDS = Bounds(chance_outcomes=120, game_length=20_000)

BOOL = (False, True)


@functools.cache
def declaration() -> ActionDeclaration:
    """The declaration, built from the map and the card list."""
    from cdg_oracle.model.labyrinth.cards import load_cards
    from cdg_oracle.model.labyrinth.mapdata import load_map

    countries = tuple(load_map().names)
    cards = tuple(sorted(load_cards()))
    domains = {
        "country": countries,                          # 4.1
        "place": countries + ("track",),               # 4.6.2: a piece's origin or destination
        "card": cards + ("random",),                   # 4.10; a card taken at random
        "cardnumber": cards,
        "cell": ("active", "sleeper", "sadr"),         # 4.6.4, card 54 (Moqtada al-Sadr)
        "count": tuple(range(0, 16)),                  # 4.6.3: 15 troops, 15 cells
        "die": tuple(range(1, 7)),                     # 4.9.1
        "plot": (1, 2, 3, "WMD"),                      # 4.8.1, 4.7.8.1
        "bool": BOOL,
        "event": ("first", "after"),                   # 6.3.2.1: the triggered event first or after
        "op": ("alert", "deploy", "disrupt", "jihad", "plot", "reassessment", "recruit", "regime_change",
               "reserves", "travel", "war_of_ideas", "withdraw"),          # 7, 8
        "posture": ("hard", "soft"),                   # 4.3.2
        "use": ("event", "ops", "reserves"),           # 6.2, 6.3, 6.3.3
        # 3.2 Mission Accomplished's Schengen re-roll (a country, or none under a ruling); 8.5.6
        # an unblocked plot's re-roll (yes or no)
        "reroll": ("Benelux", "Eastern Europe", "France", "Germany", "Italy", "Scandinavia", "Spain", None,
                   False, True),
        "true": (True,),
        "resolve_posture": ("posture",),
        "resolve_event": ("event",),
        "marker": ("green", "tan"),                    # 4.8.2 a Regime Change marker's side (a ruling)
    }
    shapes = (
        {"card": "card"},
        {"discard": "cardnumber"},
        {"cell": "cell"},
        {"country": "country"},
        {"country": "country", "plot": "plot"},
        {"backlash": "true", "country": "country", "plot": "plot"},   # card 1 Backlash's revealed plot
        {"die": "die"},
        {"event": "event"},
        {"from": "place"},
        {"to": "place"},
        {"cell": "cell", "from": "place", "to": "place"},
        {"major": "bool"},
        {"marker": "marker"},
        {"resolve": "resolve_posture"},                                # 7.6.3 Reassessment: the order
        {"card": "cardnumber", "resolve": "resolve_event"},            # of the posture and the events
        {"op": "op"},
        {"plot": "plot"},
        {"posture": "posture"},
        {"regime_change": "bool"},
        {"remove_cadre": "country"},
        {"remove_sadr": "bool"},
        {"reroll": "reroll"},
        {"reserves": "bool"},
        {"sleepers": "count"},
        {"troops": "count"},
        {"use": "use"},
    )
    return ActionDeclaration(game="labyrinth", version=VERSION, digest=DIGEST, domains=domains,
                             scalars=("done", "hold", "pass"), shapes=shapes, bounds=BOUNDS,
                             categories=CATEGORIES, chance_numbers=chance_numbers)


#: The question of a draw from the deck (model/labyrinth/turn.py ``draw``'s ``pick`` into
#: ``drawn``): its outcomes are ``draw_pile``, ``{"card": n}`` for each card of the pile in order.
DRAW_QUESTION = "draw.drawn"


def chance_numbers(st) -> tuple[str, list[int]] | None:
    """5.3.1 (9.2 with the mini-decks): at a draw from the deck, ``("card", the pile's card
    numbers)``, the list the node's outcomes were built from (``turn.draw_pile``); None at any
    other node (model/core/encoding.py ``ActionTable.chance_ids``: the ids as ``base + n``)."""
    d = st.d
    p = d["pending"]
    if d["terminal"] is not None or p is None or p["player"] != "chance" or p.get("question") != DRAW_QUESTION:
        return None
    return "card", _minideck_cards()(st)


@functools.cache
def _minideck_cards():
    from cdg_oracle.model.labyrinth.turn import minideck_cards  # the rules' module, read once
    return minideck_cards


#: The observation tensor's categories (model/core/tensor.py): the words a string field of the
#: observation takes, each one-hot; a list of them (a country's plots, a hand) is a count each.
CATEGORIES = {
    "gov": ("good", "fair", "poor", "islamist_rule"),          # 4.2.1 Governance
    "align": ("ally", "neutral", "adversary"),                 # 4.2.3 Alignment
    "posture": ("hard", "soft"),                               # 4.3.2
    "us_posture": ("hard", "soft"),                            # 4.3.2
    "rc": ("green", "tan"),                                    # 4.8.2 Regime Change markers
    "plots": (1, 2, 3, "WMD"),                                 # 4.8.1, 4.7.8.1
    "funding_level": ("tight", "moderate", "ample"),           # 4.7.4.1
    "prestige_level": ("low", "medium", "high"),               # 4.7.1
    "troops_level": ("low_intensity", "war", "overstretch"),   # 4.7.3
    "phase": ("setup", "us_action", "jihadist_action", "plots", "end_of_turn"),  # 5.2
    "to_move": ("US", "Jihadist", "chance"),
}


def _card_categories() -> None:
    """The card lists of the observation (the hands, the discards, the removed cards, those in
    play): a count per card of the 120 (4.10)."""
    from cdg_oracle.model.labyrinth.cards import load_cards
    cards = tuple(sorted(load_cards()))
    for name in ("hands.US", "hands.Jihadist", "discard", "removed", "lapsing", "first_plot", "in_play"):
        CATEGORIES[name] = cards


_card_categories()


@functools.cache
def table() -> ActionTable:
    """Labyrinth's action table."""
    return ActionTable(declaration())
