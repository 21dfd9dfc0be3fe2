"""Twilight Struggle as a :class:`~cdg_oracle.model.core.game.Game`: what every state of a game
under one set of options and rulings reads and never changes, built once (model/core/game.py).

* ``cards``: the deck of the edition (2.2; ``cards.py`` :func:`~.cards.deck`: the edition's
  numbering and values, the optional cards, and the ruling ``seed_un_intervention_ops``), built
  here only: the state, the set-up (``scenarios.py``) and the consistency laws
  (``consistency.py``) all read the Game's;
* ``map``: the countries, regions and adjacency (2.1, ``mapdata.py``);
* ``rulings``: the interpretation switches (``rulings.py``);
* the scenarios (3.0): ``scenarios/twilight_struggle/<name>.yaml``, validated on load
  (:func:`load_scenario`; :meth:`TwilightGame.scenario` keeps each one read). A scenario gives the
  tracks (turn, DEFCON, VP, Space Race, Military Operations), the China Card's holder, the eras
  whose cards are in play, how many cards each side is dealt before placing influence (3.1), the
  fixed influence (3.2, 3.3) and what each edition adds, the free placements (each side in turn
  places so many markers anywhere in a sub-region, 3.2, 3.3), the events in effect and the cards
  removed (the Late War scenario), the step of the turn play begins at, and how the game is won at
  the end. The set-up that plays them is ``scenarios.py``'s;
* the derived facts (``derived.py``) and the position format (``position.py``).
"""
from __future__ import annotations

import functools
from pathlib import Path

from cdg_oracle.model.core.errors import DataError
from cdg_oracle.model.core.game import Game
from cdg_oracle.model.core.yamlio import read_yaml
from cdg_oracle.model.twilight_struggle import derived
from cdg_oracle.model.twilight_struggle.cards import ERAS, deck
from cdg_oracle.model.twilight_struggle.mapdata import REGIONS, SUBREGIONS, load_map
from cdg_oracle.model.twilight_struggle.rulings import TwilightRulings

GAME = "twilight_struggle"
SIDES = ("USSR", "US")

DIRECTORY = Path(__file__).resolve().parents[2] / "scenarios" / "twilight_struggle"
BEGINS = ("improve_defcon", "deal")
FINAL = ("standard", "us_needs_20")
_KEYS = {"name", "source", "turn", "defcon", "vp", "space", "milops", "china_card", "eras", "deal_at_setup",
         "influence", "editions", "free_placement", "in_effect", "removed_starred_of", "kept", "final_victory",
         "printed", "begins_at"}
_REQUIRED = _KEYS - {"removed_starred_of", "kept", "printed"}


def scenario_names() -> list[str]:
    """The scenarios of ``scenarios/twilight_struggle/`` (file stems), sorted."""
    return list(_scenario_names())


@functools.lru_cache(maxsize=1)
def _scenario_names() -> tuple[str, ...]:
    """:func:`scenario_names`, the folder listed once a process (the package's own data:
    :func:`load_scenario` checks a name against it at every consistency check, after every step)."""
    return tuple(sorted(p.stem for p in DIRECTORY.glob("*.yaml")))


def _validate(where: str, s: dict) -> None:
    def need(cond: bool, what: str) -> None:
        if not cond:
            raise DataError(f"{where}: {what}")

    need(isinstance(s, dict), "expected a mapping")
    unknown = sorted(set(s) - _KEYS)
    need(not unknown, f"unknown key(s): {', '.join(unknown)}")
    missing = sorted(_REQUIRED - set(s))
    need(not missing, f"missing key(s): {', '.join(missing)}")
    need(s["turn"] in range(1, 11), "turn must be 1-10")
    need(s["defcon"] in range(2, 6), "defcon must be 2-5")
    need(isinstance(s["vp"], int) and -20 < s["vp"] < 20, "vp must be -19..19")
    for track, top in (("space", 8), ("milops", 5)):
        need(isinstance(s[track], dict) and set(s[track]) == set(SIDES)
             and all(v in range(0, top + 1) for v in s[track].values()), f"{track} must give USSR and US 0-{top}")
    need(s["china_card"] == {"holder": "USSR", "face_up": True} or s["china_card"] == {"holder": "US", "face_up": True},
         "china_card must be {holder: USSR or US, face_up: true}")
    need(isinstance(s["eras"], list) and s["eras"] and all(e in ERAS for e in s["eras"]), "eras: a list of early/mid/late")
    need(s["deal_at_setup"] in range(0, 10), "deal_at_setup must be 0-9")
    need(s["begins_at"] in BEGINS, f"begins_at must be one of {', '.join(BEGINS)}")
    need(s["final_victory"] in FINAL, f"final_victory must be one of {', '.join(FINAL)}")
    countries = load_map().countries
    inf = s["influence"]
    need(isinstance(inf, dict) and set(inf) <= set(SIDES), "influence: per side (USSR, US)")
    editions = s["editions"]
    need(isinstance(editions, dict) and set(editions) == {"seed", "deluxe"}, "editions: seed and deluxe")
    for block, label in [(inf, "influence")] + [(editions[e], f"editions.{e}") for e in editions]:
        need(isinstance(block, dict) and set(block) <= set(SIDES), f"{label}: per side (USSR, US)")
        for side, placed in block.items():
            need(isinstance(placed, dict), f"{label}.{side}: country -> influence")
            for c, n in placed.items():
                need(c in countries, f"{label}.{side}: unknown country {c!r}")
                need(isinstance(n, int) and not isinstance(n, bool) and n > 0, f"{label}.{side}.{c}: influence must be > 0")
    need(isinstance(s["free_placement"], list), "free_placement: a list")
    for i, fp in enumerate(s["free_placement"]):
        need(isinstance(fp, dict) and set(fp) == {"side", "amount", "where"} and fp["side"] in SIDES
             and isinstance(fp["amount"], int) and fp["amount"] > 0
             and (fp["where"] in SUBREGIONS or fp["where"] in REGIONS),
             f"free_placement {i + 1}: {{side, amount > 0, where: a region or sub-region}}")
    for key in ("in_effect", "kept"):
        need(isinstance(s.get(key, []), list), f"{key}: a list of card names")


def load_scenario(name: str) -> dict:
    """The scenario called ``name`` (a file of ``scenarios/twilight_struggle/``), validated."""
    if name not in _scenario_names():
        raise DataError(f"scenario {name!r}: unknown (known: {', '.join(scenario_names())})")
    return _load(DIRECTORY / f"{name}.yaml")


@functools.lru_cache(maxsize=16)
def _load(path: Path) -> dict:
    s = read_yaml(path, str(path))
    _validate(str(path), s)
    return s


def load_scenario_file(path: str | Path) -> dict:
    """A scenario read from any file (``cdg-oracle scenario check``), validated afresh."""
    s = read_yaml(Path(path), str(path))
    _validate(str(path), s)
    return s


class TwilightGame(Game):
    name = GAME
    RULINGS = TwilightRulings
    SHARED = ("map", "cards", "rulings")
    DERIVED = derived.facts
    DERIVED_RULES = derived.RULES
    POSITIONS = "cdg_oracle.model.twilight_struggle.position:FORMAT"
    INFORMATION = "cdg_oracle.model.twilight_struggle.information"  # who sees what; the re-deal (issue 32)

    def build(self) -> None:
        o = self.options
        self.cards = deck(o["edition"], o["optional_cards"], self.rulings.seed_un_intervention_ops)
        self.map = load_map()
        self._scenarios: dict[str, dict] = {}

    def scenario(self, name: str) -> dict:
        """The scenario called ``name`` (:func:`load_scenario`), read once per game."""
        s = self._scenarios.get(name)
        if s is None:
            s = self._scenarios[name] = load_scenario(name)
        return s
