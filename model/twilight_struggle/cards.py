"""The Twilight Struggle cards as facts: number, name, side, ops, era and flags (2.2).

The facts are in ``data/cards.yaml`` (110 cards in the Deluxe numbering, with what the rulebook seed
prints differently under ``seed:``); what the events *do* is in ``events.py``. This module loads and
validates them (one-line :class:`~cdg_oracle.model.core.errors.DataError`, ``"<file>: card <n>:
<what>"``) and gives the deck of an edition (:func:`deck`): the seed edition (the Italian 2nd
edition of the rulebook seed, 103 cards in its numbering and with its printed values) or the
Deluxe (the 103 base cards, plus the 7 optional cards when that option is on).

2.2.2 association (``side``: ``US``, ``USSR`` or ``neutral``), 2.2.4 the asterisk (``removed``:
the card leaves the game when played as an event), 2.2.5 the underline (``underlined``: its event
lasts), 2.2.1 scoring cards (``scores``: the region they score; ops 0).
"""
from __future__ import annotations

import functools
from dataclasses import dataclass, replace
from pathlib import Path

from cdg_oracle.model.core.citations import implements
from cdg_oracle.model.core.errors import DataError
from cdg_oracle.model.core.yamlio import read_yaml

DEFAULT_PATH = Path(__file__).resolve().parent / "data" / "cards.yaml"

SIDES = ("US", "USSR", "neutral")
ERAS = ("early", "mid", "late")
EDITIONS = ("seed", "deluxe")
SCORED = ("Asia", "Europe", "Middle East", "Central America", "Southeast Asia", "Africa", "South America")
CHINA_CARD = 6  # 9.0: the same number in both editions
#: 4.1, 4.4: the turn from which each era's cards are in play (added at the end of turns 3 and 7).
ERA_FROM_TURN = {"early": 1, "mid": 4, "late": 8}
_KEYS = {"number", "name", "side", "ops", "era", "scores", "removed", "underlined", "optional", "name_it",
         "seed", "seed_note"}
_SEED_KEYS = {"number", "ops", "removed"}


@dataclass(frozen=True)
class Card:
    """One card of an edition: ``number`` in that edition's numbering, ``deluxe`` its Deluxe number."""

    number: int
    name: str
    side: str
    ops: int
    era: str
    scores: str | None
    removed: bool
    underlined: bool
    optional: bool
    deluxe: int

    @property
    def scoring(self) -> bool:
        return self.scores is not None


def _parse(path: Path) -> tuple[tuple[Card, dict], ...]:
    where = str(path)
    data = read_yaml(path, where)
    if not isinstance(data, dict) or not isinstance(data.get("cards"), list):
        raise DataError(f"{where}: expected a mapping with a 'cards' list")
    out = []
    names: dict[str, int] = {}
    seed_numbers: dict[int, int] = {}
    for i, c in enumerate(data["cards"]):
        label = c.get("number", f"#{i + 1}") if isinstance(c, dict) else f"#{i + 1}"

        def fail(what: str) -> DataError:
            return DataError(f"{where}: card {label}: {what}")

        if not isinstance(c, dict):
            raise fail("must be a mapping")
        unknown = sorted(str(k) for k in set(c) - _KEYS)
        if unknown:
            raise fail(f"unknown key(s): {', '.join(unknown)}")
        if type(c.get("number")) is not int or c["number"] != i + 1:
            raise fail(f"numbers must run 1, 2, 3...; expected {i + 1}")
        name = c.get("name")
        if not isinstance(name, str) or not name.strip():
            raise fail("missing name")
        if name in names:
            raise fail(f"name {name!r} is card {names[name]}'s too (names are unique)")
        names[name] = c["number"]
        if c.get("side") not in SIDES:
            raise fail(f"side {c.get('side')!r} must be one of {', '.join(SIDES)}")
        if c.get("era") not in ERAS:
            raise fail(f"era {c.get('era')!r} must be one of {', '.join(ERAS)}")
        if type(c.get("ops")) is not int or not 0 <= c["ops"] <= 4:
            raise fail(f"ops {c.get('ops')!r} must be a whole number 0-4")
        scores = c.get("scores")
        if scores is not None and scores not in SCORED:
            raise fail(f"scores {scores!r} must be one of {', '.join(SCORED)}")
        if (scores is not None) != (c["ops"] == 0):
            raise fail("a scoring card has 0 ops, and only a scoring card (2.2.1)")
        for flag in ("removed", "underlined", "optional"):
            if not isinstance(c.get(flag), bool):
                raise fail(f"{flag} must be true or false")
        seed = c.get("seed", {})
        if not isinstance(seed, dict) or set(seed) - _SEED_KEYS:
            raise fail(f"seed must be a mapping of {', '.join(sorted(_SEED_KEYS))}")
        if "number" in seed and (type(seed["number"]) is not int or not 1 <= seed["number"] <= 103):
            raise fail(f"seed number {seed['number']!r} must be a whole number 1-103")
        if "ops" in seed and (type(seed["ops"]) is not int or not 0 <= seed["ops"] <= 4):
            raise fail(f"seed ops {seed['ops']!r} must be a whole number 0-4")
        if "removed" in seed and not isinstance(seed["removed"], bool):
            raise fail(f"seed removed {seed['removed']!r} must be true or false")
        if c["optional"] and (seed or "name_it" in c):
            raise fail("an optional card is not in the seed's deck")
        if not c["optional"]:
            sn = seed.get("number", c["number"])
            if sn in seed_numbers:
                raise fail(f"seed number {sn} is card {seed_numbers[sn]}'s too")
            seed_numbers[sn] = c["number"]
        card = Card(c["number"], name, c["side"], c["ops"], c["era"], scores, c["removed"], c["underlined"],
                    c["optional"], c["number"])
        out.append((card, seed))
    if len(out) != 110:
        raise DataError(f"{where}: {len(out)} cards, expected 110")
    if sorted(seed_numbers) != list(range(1, 104)):
        missing = sorted(set(range(1, 104)) - set(seed_numbers))
        raise DataError(f"{where}: the seed's numbers of the base cards must be 1-103, once each (no card is the "
                        f"seed's {missing[0] if missing else '?'})")
    return tuple(out)


@functools.lru_cache(maxsize=1)
def _default() -> tuple[tuple[Card, dict], ...]:
    return _parse(DEFAULT_PATH)


@implements("2.2", "2.2.1", "2.2.2", "2.2.4", "2.2.5")
def load_cards(path: str | Path | None = None) -> tuple[tuple[Card, dict], ...]:
    """Every card of ``data/cards.yaml`` (Deluxe numbering) with what the seed prints differently."""
    return _default() if path is None else _parse(Path(path))


@functools.lru_cache(maxsize=8)
def deck(edition: str, optional_cards: bool = False, un_intervention_ops: int = 1) -> dict[int, Card]:
    """The cards of an edition by their number in it. ``seed``: the rulebook seed's 103 cards, its
    numbers and printed values (``un_intervention_ops``: the seed prints 2 for UN Intervention, its
    own example plays it as 1; ruling ``seed_un_intervention_ops``). ``deluxe``: the 103 base cards,
    plus cards 104-110 when ``optional_cards``."""
    if edition not in EDITIONS:
        raise DataError(f"edition {edition!r}: unknown (choose {' or '.join(EDITIONS)})")
    out: dict[int, Card] = {}
    for card, seed in load_cards():
        if edition == "seed":
            if card.optional:
                continue
            card = replace(card, number=seed.get("number", card.number), ops=seed.get("ops", card.ops),
                           removed=seed.get("removed", card.removed))
            if card.deluxe == 32:  # UN Intervention (see the ruling)
                card = replace(card, ops=un_intervention_ops)
        elif card.optional and not optional_cards:
            continue
        out[card.number] = card
    return out


def by_name(cards: dict[int, Card], name: str) -> int:
    """The number of the card called ``name`` in ``cards`` (a DataError if there is none)."""
    for n, c in cards.items():
        if c.name == name:
            return n
    raise DataError(f"no card called {name!r}")


def number_of(cards: dict[int, Card], deluxe: int) -> int | None:
    """The number in ``cards`` (an edition's deck) of the card whose Deluxe number is ``deluxe``, or
    None if the edition has no such card (the optional cards outside the option)."""
    card = cards.get(deluxe)
    if card is not None and card.deluxe == deluxe:  # every card but three of the seed's
        return deluxe
    for n, c in cards.items():
        if c.deluxe == deluxe:
            return n
    return None
