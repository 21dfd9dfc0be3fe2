"""The sandbox set-up of A Distant Plain: no source here gives any scenario (gap ``scenarios``), so
play starts from a position built only from facts, and says so: every piece Available, no piece on
the map, every space Neutral without markers, and the tracks of the one opening the sources show
(C's tutorial: Aid 15, Government Resources 30, Warlords Resources 15; B's first test position:
Taliban Resources 10, Patronage 5, Islamabad at Backing). It is a sandbox for the rules, not a
scenario of the game.
"""
from __future__ import annotations

from cdg_oracle.model.distant_plain.control import PIECES
from cdg_oracle.model.distant_plain.mapdata import load_map
from cdg_oracle.model.distant_plain.options import normalize_options
from cdg_oracle.model.distant_plain.pieces import load_pieces
from cdg_oracle.model.distant_plain.rulings import DistantPlainRulings

#: piece key -> (faction, piece type of data/pieces.yaml); guerrillas start Underground.
KINDS = {"coalition_troops": ("Coalition", "troops"), "coalition_bases": ("Coalition", "bases"),
         "government_troops": ("Government", "troops"), "police": ("Government", "police"),
         "government_bases": ("Government", "bases"), "taliban_underground": ("Taliban", "guerrillas"),
         "taliban_bases": ("Taliban", "bases"), "warlords_underground": ("Warlords", "guerrillas"),
         "warlords_bases": ("Warlords", "bases")}


def sandbox_state(options: dict | None = None, rulings: dict | None = None) -> dict:
    """The sandbox's state dict (module docstring)."""
    counts = load_pieces()["pieces"]
    empty = dict.fromkeys(PIECES, 0)
    available = dict(empty)
    for key, (faction, kind) in KINDS.items():
        available[key] = counts[faction][kind]
    return {
        "game": "distant_plain", "version": 1, "scenario": "sandbox", "options": normalize_options(options),
        "rulings": DistantPlainRulings.from_dict(rulings).changes(),
        "spaces": {n: {"pieces": dict(empty), "support": "neutral", "terror": False, "sabotage": False,
                       "returnees": False} for n in load_map().names},
        "available": available, "casualties": dict(empty), "out_of_play": dict(empty),
        "resources": {"Government": 30, "Taliban": 10, "Warlords": 15}, "aid": 15, "patronage": 5,
        "islamabad": {"level": "backing", "hard": False},
    }
