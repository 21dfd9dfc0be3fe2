"""A Distant Plain's action encoding (issue 32 item 1; model/core/encoding.py): every action and
chance outcome the game can offer, declared as data, and its bounds.

The domains come from the game's data: the 32 spaces of data/map.yaml (Provinces, Kabul, the LoCs
and Pakistan) and ``"available"`` (the Available box, where pieces come from and go to), the piece
kinds of data/pieces.yaml with their Underground and Active states, the Operations and Special
Activities of data/activities.yaml (the aid's "Operation + SA?" blocks); numbers from the counter
mix (data/pieces.yaml: at most 30 pieces of a kind) and the die (1-6). The shapes are the objects
the operations, special activities and the Propaganda round pose (the module docstrings of
operations/ and special_activities/ name each).

Bounds (:data:`BOUNDS`), argued from the rules:

* chance outcomes at one node: 6. The sandbox's only chance is one six-sided die (the Surge's roll,
  special_activities/coalition.py, and the Attack's, operations/attack.py); no deck is drawn (the
  sandbox plays no Event cards: scenarios.py).
* game length: 30 000 steps. The sandbox plays ``propaganda_rounds`` (at most 6) rounds of
  ``turns_per_propaganda`` (at most 6) turns of the four factions: at most 6 x 6 x 4 = 144 faction
  turns, and the Propaganda rounds between them. A turn is one Operation in spaces chosen one at a
  time, each space's pieces moved or placed one at a time (at most the 158 pieces of the game,
  data/pieces.yaml ``total``), and its Special Activity likewise: under 200 steps a turn in the
  worst case the counter mix allows, 144 x 200 = 28 800, and a Propaganda round's redeploys move at
  most the 158 pieces once each. Random games with the most rounds and turns (6 and 6) stay under
  1 000 steps (the longest of eight measured: 875); the bound declared, 30 000, is the counter-mix
  worst case, and the test fails when a random game exceeds it.
"""
from __future__ import annotations

import functools

from cdg_oracle.model.core.encoding import ActionDeclaration, ActionTable, Bounds

#: Raise it whenever the table below changes (its ids then mean other actions), and set DIGEST to
#: the new table's (tests/oracle/test_encoding.py names it).
VERSION = 1
DIGEST = "2e25319fd393bdb4d293d9e68a88d4e4f827294c587f98666cdbfecd108f3e45"

BOUNDS = Bounds(chance_outcomes=6, game_length=30_000)

BOOL = (False, True)

#: Every kind of piece as the state names it, Guerrillas by their state (data/pieces.yaml).
PIECES = ("coalition_troops", "coalition_bases", "government_troops", "police", "government_bases",
          "taliban_underground", "taliban_active", "taliban_bases", "warlords_underground",
          "warlords_active", "warlords_bases")


@functools.cache
def declaration() -> ActionDeclaration:
    """The declaration, built from the map, the pieces and the activities."""
    from cdg_oracle.model.distant_plain.activities import load_activities
    from cdg_oracle.model.distant_plain.mapdata import load_map

    m = load_map()
    spaces = tuple(m.spaces)
    locs = tuple(n for n in spaces if m.spaces[n].type == "loc")
    acts = load_activities()
    ops = tuple(dict.fromkeys(op for a in acts.values() for op in a.operations))
    sas = tuple(dict.fromkeys(sa for a in acts.values() for sa in a.special_activities))
    domains = {
        "space": spaces,
        "place": spaces + ("available",),
        "loc": locs,
        "loc_or_none": (None,) + locs,
        "piece": PIECES,
        "piece_or_none": (None,) + PIECES,
        "count": tuple(range(0, 31)),                      # data/pieces.yaml: at most 30 of a kind
        "die": tuple(range(1, 7)),
        "bool": BOOL,
        "true": (True,),
        "op": ops,
        "sa": (None,) + sas,
        "do": ("base", "cubes", "mass", "patronage", "place", "returnees", "sharia", "taliban",
               "underground"),
        # the word that comes with each further key (operations/rally.py, special_activities/)
        "do_base": ("base",),                              # Rally: a Base, and how many Active
        "do_mass": ("mass",),                              # Warlords' mass placement: how many
        "do_sharia": ("sharia",),                          # Taliban Rally's Sharia: how many steps
        "do_taliban": ("taliban",),                        # Suborn: which Taliban piece
        "do_underground": ("underground",),                # Suborn: whose Guerrillas go Underground
        "government_troops": ("government_troops",),       # Sweep's move through a LoC ("via")
        "factions": ("taliban", "warlords", "both"),
    }
    do_shapes = (
        {"do": "do"},
        {"do": "do_base", "active": "count"},
        {"do": "do_mass", "n": "count"},
        {"do": "do_sharia", "steps": "count"},
        {"do": "do_taliban", "kind": "piece"},
        {"do": "do_underground", "factions": "factions"},
    )
    shapes = do_shapes + tuple({**s, "space": "space"} for s in do_shapes) + (
        {"activate": "piece", "space": "space"},
        {"aid": "count"},
        {"ambush": "bool", "space": "space"},
        {"assault": "loc_or_none"},
        {"base": "space", "troops": "count"},
        {"civic_action": "space"},
        {"cube": "piece", "space": "space"},
        {"die": "die"},
        {"done": "true"},
        {"from": "place", "move": "piece", "to": "place"},
        {"from": "space", "move": "government_troops", "to": "space", "via": "loc"},
        {"govt": "bool", "space": "space"},
        {"limited": "bool", "op": "op"},
        {"pass": "true"},
        {"patronage": "true", "space": "space"},
        {"place": "piece", "space": "space"},
        {"from": "place", "place": "piece", "space": "space"},
        {"remove": "piece_or_none", "space": "space"},
        {"replace": "piece", "space": "space"},
        {"roll": "bool"},
        {"sa": "sa"},
        {"space": "space"},
        {"space": "space", "troops": "count"},
    )
    return ActionDeclaration(game="distant_plain", version=VERSION, digest=DIGEST, domains=domains,
                             shapes=shapes, bounds=BOUNDS, categories=CATEGORIES)


#: The observation tensor's categories (model/core/tensor.py): the words a string field of the
#: observation takes, each one-hot.
CATEGORIES = {
    "support": ("opposition", "neutral", "support"),       # data/pieces.yaml support_levels
    "control.*": ("coin", "taliban", "uncontrolled"),      # control.py
    "islamabad.level": ("hostility", "pressure", "tolerance", "backing", "sponsorship"),  # data/pieces.yaml
    "to_move": ("Coalition", "Government", "Taliban", "Warlords", "chance"),
}


@functools.cache
def table() -> ActionTable:
    """A Distant Plain's action table."""
    return ActionTable(declaration())
