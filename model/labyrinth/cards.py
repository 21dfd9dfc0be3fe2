"""The 120 Labyrinth event cards as facts: number, name, side, ops, flags, scenario limits.

Only what is printed on the cards lives here; what the events *do* is implemented elsewhere
(``model/labyrinth/events``). The facts are in ``data/cards.yaml``, loaded with the strict reader
(``model/core/yamlio.py``) and validated on load: any problem raises :class:`cdg_oracle.model.core.errors.DataError` with one line,
``"<file>: card <n>: <what is wrong>"`` (``"<file>: entry <i>: ..."`` when an entry has no usable number,
``"<file>: ..."`` for problems with the file as a whole).

Rules the flags stand for: REMOVE 6.2.9, MARK and LAPSING 6.2.7, automatic event 6.3.1 (card 120),
association 6.2.5. The rules read REMOVE, MARK and LAPSING through :func:`ruled_card`, which applies
the ruling ``card_flags`` (A26) to the disputed flags of cards 35, 119 and 120.
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from pathlib import Path
from typing import Any


from cdg_oracle.model.core.citations import implements
from cdg_oracle.model.core.errors import DataError
from cdg_oracle.model.core.yamlio import read_yaml

SIDES = ("US", "Jihadist", "Unassociated")

#: Scenario file stems (``scenarios/labyrinth/<stem>.yaml``) a card may be barred from.
SCENARIO_STEMS = ("lets_roll", "you_can_call_me_al", "anaconda", "mission_accomplished")

OPS_SOURCES = ("T", "X", "I")

CARD_COUNT = 120

DEFAULT_PATH = Path(__file__).resolve().parent / "data" / "cards.yaml"


@dataclass(frozen=True)
class Card:
    number: int
    name: str
    side: str
    ops: int
    ops_source: str
    remove: bool
    mark: bool
    lapsing: bool
    automatic: bool
    remove_if_us: bool
    not_in_scenarios: tuple[str, ...]
    source: str
    disputed: str | None  # one-line summary if disputed, else None


#: A26, ruling ``card_flags`` "implementation_a": the flags external implementation A prints
#: differently from the IT card list (data/cards.yaml, the "it_list" default).
IMPLEMENTATION_A_FLAGS: dict[int, dict[str, bool]] = {
    35: {"remove": True, "mark": False},   # Hijab: REMOVE, not MARK (IT list: INDICARE)
    119: {"lapsing": False},               # Saleh: not LAPSING (IT list: TEMPORANEO)
    120: {"lapsing": False},               # US Election: not LAPSING (IT list: TEMPORANEO)
}


@implements("6.2.7", "6.2.9")
def ruled_card(st, card: Card) -> Card:
    """The card as the rules read it: its REMOVE (6.2.9), MARK and LAPSING (6.2.7) flags under the
    ruling ``card_flags`` (A26). "it_list" (default): the flags of data/cards.yaml, the IT card
    list (Hijab #35 MARK, Saleh #119 and US Election #120 LAPSING). "implementation_a": Hijab
    REMOVE and not MARK, Saleh and US Election not LAPSING (:data:`IMPLEMENTATION_A_FLAGS`). The
    ruling is read only for those three cards."""
    changes = IMPLEMENTATION_A_FLAGS.get(card.number)
    if changes and st.rulings.card_flags == "implementation_a":
        return dataclasses.replace(card, **changes)
    return card


def side_of(number: int) -> str:
    """The side a card number belongs to: US 1-47, Jihadist 48-95, Unassociated 96-120."""
    if 1 <= number <= 47:
        return "US"
    if 48 <= number <= 95:
        return "Jihadist"
    if 96 <= number <= CARD_COUNT:
        return "Unassociated"
    raise ValueError(f"no card number {number}")


# key -> (expected Python type(s), description for messages); order = the order checks run in.
_FIELDS: dict[str, tuple[type, str]] = {
    "number": (int, "an integer"),
    "name": (str, "a string"),
    "side": (str, "a string"),
    "ops": (int, "an integer"),
    "ops_source": (str, "a string"),
    "remove": (bool, "true or false"),
    "mark": (bool, "true or false"),
    "lapsing": (bool, "true or false"),
    "automatic": (bool, "true or false"),
    "remove_if_us": (bool, "true or false"),
    "not_in_scenarios": (list, "a list"),
    "source": (str, "a string"),
}
_OPTIONAL = {"disputed"}
_DISPUTED_KEYS = ("fields", "sources", "chosen")

_cache: dict[int, Card] | None = None


@implements("4.10.1", "4.10.3", "4.10.4")
def load_cards(path: str | Path | None = None) -> dict[int, Card]:
    """Load and validate the card list; keys 1..120 in order.

    With no ``path`` the packaged ``data/cards.yaml`` is read once and cached. A fresh dict is returned
    on every call (the cards themselves are immutable).
    """
    global _cache
    if path is None:
        if _cache is None:
            _cache = _load(DEFAULT_PATH)
        return dict(_cache)
    return _load(Path(path))


def _load(path: Path) -> dict[int, Card]:
    where = str(path)

    def fail(what: str) -> DataError:
        return DataError(f"{where}: {what}")

    doc = read_yaml(path, where)  # the one strict reader (model/core/yamlio.py)

    if not isinstance(doc, dict):
        raise fail("expected a mapping with the key 'cards'")
    extra = sorted(str(k) for k in doc if k != "cards")
    if extra:
        raise fail(f"unknown top-level key {extra[0]!r}")
    entries = doc.get("cards")
    if not isinstance(entries, list):
        raise fail("'cards' must be a list of card entries")

    cards: dict[int, Card] = {}
    first_entry: dict[int, int] = {}
    for index, entry in enumerate(entries, start=1):
        card = _card(entry, index, fail)
        if card.number in cards:
            raise fail(f"card {card.number}: duplicate number (entries {first_entry[card.number]} and {index})")
        cards[card.number] = card
        first_entry[card.number] = index

    missing = [n for n in range(1, CARD_COUNT + 1) if n not in cards]
    if missing:
        more = f" (and {len(missing) - 1} more)" if len(missing) > 1 else ""
        raise fail(f"card {missing[0]}: missing from the list{more}")
    return {n: cards[n] for n in range(1, CARD_COUNT + 1)}


def _card(entry: Any, index: int, fail) -> Card:
    if not isinstance(entry, dict):
        raise fail(f"entry {index}: expected a mapping of card fields, got {_kind(entry)}")

    number = entry.get("number")
    if isinstance(number, int) and not isinstance(number, bool):
        label = f"card {number}"
    else:
        label = f"entry {index}"

    def bad(what: str) -> DataError:
        return fail(f"{label}: {what}")

    for key in entry:
        if key not in _FIELDS and key not in _OPTIONAL:
            raise bad(f"unknown key {key!r}")
    for key, (kind, described) in _FIELDS.items():
        if key not in entry:
            raise bad(f"missing key {key!r}")
        value = entry[key]
        # bool is a subclass of int: 'ops: true' is not an integer.
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            raise bad(f"{key!r} must be {described}, got {_kind(value)}")

    if not 1 <= number <= CARD_COUNT:
        raise bad(f"'number' must be between 1 and {CARD_COUNT}")
    name = entry["name"].strip()
    if not name:
        raise bad("'name' is empty")
    side = entry["side"]
    if side not in SIDES:
        raise bad(f"'side' {side!r} is not one of {', '.join(SIDES)}")
    if side != side_of(number):
        raise bad(f"'side' {side!r} does not match the number band (cards {_band(number)} are {side_of(number)})")
    ops = entry["ops"]
    if not 1 <= ops <= 3:
        raise bad(f"'ops' {ops} is out of range 1-3")
    if entry["ops_source"] not in OPS_SOURCES:
        raise bad(f"'ops_source' {entry['ops_source']!r} is not one of {', '.join(OPS_SOURCES)}")
    if entry["remove"] and entry["remove_if_us"]:
        raise bad("'remove' and 'remove_if_us' cannot both be true")

    scenarios: list[str] = []
    for stem in entry["not_in_scenarios"]:
        if not isinstance(stem, str) or stem not in SCENARIO_STEMS:
            raise bad(f"unknown scenario {stem!r} in 'not_in_scenarios' (known: {', '.join(SCENARIO_STEMS)})")
        if stem in scenarios:
            raise bad(f"scenario {stem!r} listed twice in 'not_in_scenarios'")
        scenarios.append(stem)
    scenarios.sort(key=SCENARIO_STEMS.index)

    source = entry["source"].strip()
    if not source or "\n" in source:
        raise bad("'source' must be a non-empty single line")

    disputed = None
    if "disputed" in entry:
        disputed = _disputed(entry["disputed"], bad)

    return Card(
        number=number,
        name=name,
        side=side,
        ops=ops,
        ops_source=entry["ops_source"],
        remove=entry["remove"],
        mark=entry["mark"],
        lapsing=entry["lapsing"],
        automatic=entry["automatic"],
        remove_if_us=entry["remove_if_us"],
        not_in_scenarios=tuple(scenarios),
        source=source,
        disputed=disputed,
    )


def _disputed(value: Any, bad) -> str:
    """Validate a ``disputed`` mapping; return its one-line summary ``"<fields>: <chosen>"``."""
    if not isinstance(value, dict):
        raise bad(f"'disputed' must be a mapping with keys {', '.join(_DISPUTED_KEYS)}, got {_kind(value)}")
    for key in value:
        if key not in _DISPUTED_KEYS:
            raise bad(f"unknown key {key!r} in 'disputed'")
    for key in _DISPUTED_KEYS:
        if key not in value:
            raise bad(f"missing key {key!r} in 'disputed'")
    fields = value["fields"]
    if not isinstance(fields, list) or not fields:
        raise bad("'disputed.fields' must be a non-empty list of card field names")
    for field in fields:
        if field not in _FIELDS or field in ("number", "source"):
            raise bad(f"'disputed.fields' names {field!r}, which is not a disputable card field")
    sources = value["sources"]
    if not isinstance(sources, dict) or len(sources) < 2:
        raise bad("'disputed.sources' must map at least two sources to what each says")
    for key, said in sources.items():
        if not isinstance(said, str) or not said.strip():
            raise bad(f"'disputed.sources' entry {key!r} must be a non-empty string")
    chosen = value["chosen"]
    if not isinstance(chosen, str) or not chosen.strip() or "\n" in chosen.strip():
        raise bad("'disputed.chosen' must be a non-empty single line")
    return f"{', '.join(fields)}: {chosen.strip()}"


def _band(number: int) -> str:
    side = side_of(number)
    return {"US": "1-47", "Jihadist": "48-95", "Unassociated": "96-120"}[side]


def _kind(value: Any) -> str:
    if value is None:
        return "nothing"
    if isinstance(value, bool):
        return "a boolean"
    return {int: "an integer", float: "a number", str: "a string", list: "a list", dict: "a mapping"}.get(
        type(value), type(value).__name__
    )
