"""The sandbox set-up of A Distant Plain: no source here gives any scenario (gap ``scenarios``), so
play starts from a position built only from facts, and says so: every piece Available, no piece on
the map, every space Neutral without markers, and the tracks of ``scenarios/distant_plain/
sandbox.yaml``, the one opening the sources show (C's tutorial: Aid 15, Government Resources 30,
Warlords Resources 15; B's first test position: Taliban Resources 10, Patronage 5, Islamabad at
Backing). It is a sandbox for the rules, not a scenario of the game.
"""
from __future__ import annotations

import functools
from pathlib import Path

from cdg_oracle.model.core.errors import DataError
from cdg_oracle.model.core.yamlio import read_yaml
from cdg_oracle.model.distant_plain.control import PIECES
from cdg_oracle.model.distant_plain.engine import ENGINE, TRACK_HIGH
from cdg_oracle.model.distant_plain.mapdata import load_map
from cdg_oracle.model.distant_plain.options import normalize_options
from cdg_oracle.model.distant_plain.pieces import load_pieces
from cdg_oracle.model.distant_plain.rulings import DistantPlainRulings
from cdg_oracle.model.distant_plain.state import DistantPlainState

#: piece key -> (faction, piece type of data/pieces.yaml); guerrillas start Underground.
KINDS = {"coalition_troops": ("Coalition", "troops"), "coalition_bases": ("Coalition", "bases"),
         "government_troops": ("Government", "troops"), "police": ("Government", "police"),
         "government_bases": ("Government", "bases"), "taliban_underground": ("Taliban", "guerrillas"),
         "taliban_bases": ("Taliban", "bases"), "warlords_underground": ("Warlords", "guerrillas"),
         "warlords_bases": ("Warlords", "bases")}


DIRECTORY = Path(__file__).resolve().parents[2] / "scenarios" / "distant_plain"
_KEYS = {"name", "source", "aid", "patronage", "resources", "islamabad"}


def parse_sandbox(path: str | Path) -> dict:
    """A sandbox file's tracks (``sandbox.yaml``'s form), validated: a one-line DataError naming
    the file and the field otherwise."""
    where = str(path)
    d = read_yaml(Path(path), where)
    if not isinstance(d, dict) or set(d) != _KEYS:
        raise DataError(f"{where}: expected exactly the keys {', '.join(sorted(_KEYS))}")
    high = TRACK_HIGH
    for key in ("aid", "patronage"):
        if type(d[key]) is not int or not 0 <= d[key] <= high:
            raise DataError(f"{where}: {key}: a whole number 0-{high} (the General Records Track)")
    r = d["resources"]
    if not isinstance(r, dict) or set(r) != {"Government", "Taliban", "Warlords"} \
            or not all(type(v) is int and 0 <= v <= high for v in r.values()):
        raise DataError(f"{where}: resources: Government, Taliban and Warlords, each a whole number 0-{high}")
    if d["islamabad"] not in load_pieces()["tracks"]["islamabad"]["boxes"]:
        raise DataError(f"{where}: islamabad: one of {', '.join(load_pieces()['tracks']['islamabad']['boxes'])}")
    return d


@functools.lru_cache(maxsize=1)
def load_sandbox() -> dict:
    return parse_sandbox(DIRECTORY / "sandbox.yaml")


def sandbox_state(options: dict | None = None, rulings: dict | None = None, tracks: dict | None = None) -> dict:
    """The sandbox's state dict (module docstring); ``tracks``: a parsed sandbox file (default
    ``scenarios/distant_plain/sandbox.yaml``)."""
    t = tracks or load_sandbox()
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
        "resources": dict(t["resources"]), "aid": t["aid"], "patronage": t["patronage"],
        "islamabad": {"level": t["islamabad"], "hard": False}, "turn": None,
        "stack": [{"proc": "sandbox", "pc": "start"}], "pending": None, "terminal": None,
    }


SCENARIOS = ("sandbox",)
LENGTHS = ("standard",)


def scenario_names() -> list[str]:
    """The one scenario: the sandbox (no source gives a real one: gap ``scenarios``)."""
    return list(SCENARIOS)


def start_dict(scenario: str = "sandbox", length: str = "standard", rulings: dict | None = None,
               options: dict | None = None) -> dict:
    """The state dict of ``scenario`` before any step; a bad name is a one-line DataError."""
    if scenario not in SCENARIOS:
        raise DataError(f"scenario {scenario!r}: unknown (A Distant Plain has only the sandbox: no source here "
                        f"gives a scenario set-up, gap scenarios)")
    if length not in LENGTHS:
        raise DataError(f"length {length!r}: unknown (choose {', '.join(LENGTHS)})")
    return sandbox_state(options, rulings)


def new_game(scenario: str = "sandbox", length: str = "standard", rulings: dict | None = None,
             options: dict | None = None):
    """A new sandbox game at its first decision (the Coalition's first turn)."""
    st = DistantPlainState(start_dict(scenario, length, rulings, options))
    ENGINE.run(st)
    return st
