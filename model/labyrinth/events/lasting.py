"""Lasting and lapsing event effects (6.2.7, 6.2.8, 4.7.7): where markers are, what is in effect,
what is blocked.

* A MARK event's marker bears the card's name (cards.yaml). It lies in the Events box
  (``d["events_in_effect"]``) or on a country (``d["countries"][X]["markers"]``, 4.7.7 note); either
  way the event is *in effect* while the marker is there.
* A LAPSING event is in effect while its card is in the Lapsing box (``d["lapsing"]``) or, once the
  card has left the box before the end of the turn, while its number is in ``d["lapsing_effects"]``
  (the marker that replaces it, 4.7.7.3). Both end at 5.2.6.
* Leak (cards 84-85) flips an Enhanced Measures, Renditions or Wiretapping marker to its Leak side:
  the marker ``"Leak [<name>]"`` stays in the Events box and blocks that event (6.2.8).
* 6.2.8: an event is blocked while a marker (or lapsing event) that blocks it is in effect; placing
  such a marker ends the lasting effect of the events it blocks (their markers are removed).

The blocking relations are data: ``data/event_markers.yaml``.
"""
from __future__ import annotations

from pathlib import Path


from cdg_oracle.model.core.citations import implements
from cdg_oracle.model.core.errors import DataError
from cdg_oracle.model.core.yamlio import read_yaml

PATH = Path(__file__).resolve().parents[1] / "data" / "event_markers.yaml"
EVENTS_BOX = "events box"

_cache: dict | None = None


def marker_table() -> dict:
    """``{"markers": {card: {"where", "blocks"}}, "lapsing": {card: blocks}, "leak_targets": [...],
    "blocked_by": {card: (marker cards, lapsing cards)}}`` (the last the ``blocks`` lists read the
    other way), read once from ``data/event_markers.yaml`` and validated."""
    global _cache
    if _cache is None:
        _cache = _load(PATH)
    return _cache


def _load(path: Path) -> dict:
    from cdg_oracle.model.labyrinth.cards import load_cards

    cards = load_cards()
    where = str(path)
    doc = read_yaml(path, where)  # the one strict reader (model/core/yamlio.py)
    if not isinstance(doc, dict) or set(doc) != {"markers", "lapsing", "leak_targets"}:
        raise DataError(f"{where}: expected the keys markers, lapsing, leak_targets")

    def card_no(x, what):
        if not isinstance(x, int) or isinstance(x, bool) or x not in cards:
            raise DataError(f"{where}: {what}: {x!r} is not a card number")
        return x

    markers = {}
    for i, e in enumerate(doc["markers"], 1):
        if not isinstance(e, dict) or set(e) != {"card", "where", "blocks", "source"}:
            raise DataError(f"{where}: markers entry {i}: expected card, where, blocks, source")
        n = card_no(e["card"], f"markers entry {i}")
        if not cards[n].mark:
            raise DataError(f"{where}: markers entry {i}: card {n} is not a MARK card (6.2.7)")
        if n in markers:
            raise DataError(f"{where}: markers entry {i}: card {n} listed twice")
        markers[n] = {"where": list(e["where"]), "blocks": [card_no(b, f"card {n} blocks") for b in e["blocks"]]}
    missing = [n for n, c in cards.items() if c.mark and n not in markers]
    if missing:
        raise DataError(f"{where}: MARK card {missing[0]} has no markers entry")
    lapsing = {}
    for i, e in enumerate(doc["lapsing"], 1):
        n = card_no(e.get("card") if isinstance(e, dict) else None, f"lapsing entry {i}")
        if not cards[n].lapsing:
            raise DataError(f"{where}: lapsing entry {i}: card {n} is not a LAPSING card (6.2.7)")
        lapsing[n] = [card_no(b, f"card {n} blocks") for b in e["blocks"]]
    leak = [card_no(x, "leak_targets") for x in doc["leak_targets"]]
    blocked_by: dict[int, tuple[tuple[int, ...], tuple[int, ...]]] = {}
    for b in sorted({b for spec in markers.values() for b in spec["blocks"]} | {b for bs in lapsing.values() for b in bs}):
        blocked_by[b] = (tuple(m for m, spec in markers.items() if b in spec["blocks"]),
                         tuple(m for m, bs in lapsing.items() if b in bs))
    return {"markers": markers, "lapsing": lapsing, "leak_targets": leak, "blocked_by": blocked_by}


def name_of(st, n: int) -> str:
    return st.cards[n].name


def leak_marker(name: str) -> str:
    """The name of a marker flipped to its Leak side (6.2.8 note: blocked events in brackets)."""
    return f"Leak [{name}]"


# -- queries -------------------------------------------------------------------------------------
@implements("6.2.7", "4.7.7")
def marker_places(st, name: str) -> list[str]:
    """Where the marker ``name`` lies: ``"events box"`` and/or country names (empty: not in effect)."""
    d = st.d
    out = [EVENTS_BOX] if name in d["events_in_effect"] else []
    out += [c for c, v in d["countries"].items() if name in v["markers"]]
    return out


def in_effect(st, name: str) -> bool:
    """A MARK event ``name`` is in effect: its marker is in the Events box or on a country."""
    d = st.d
    return name in d["events_in_effect"] or any(name in c["markers"] for c in d["countries"].values())


def marker_on(st, name: str, country: str) -> bool:
    return name in st.d["countries"][country]["markers"]


@implements("4.7.7.1", "4.7.7.3")
def lapsing_count(st, n: int) -> int:
    """How many copies of LAPSING card ``n``'s effect are in effect this turn: in the Lapsing box,
    or replaced there by its marker after leaving the box early (4.7.7.3)."""
    d = st.d
    return d["lapsing"].count(n) + d["lapsing_effects"].count(n)


def lapsing_in_effect(st, *numbers: int) -> bool:
    return any(lapsing_count(st, n) for n in numbers)


@implements("6.2.8")
def blocked(st, n: int) -> bool:
    """6.2.8: card ``n``'s event is blocked while a marker or lapsing event that blocks it is in
    effect, or while a Leak marker covers it."""
    markers, lapsing = blockers_of(n)
    if any(in_effect(st, name_of(st, m)) for m in markers) or any(lapsing_in_effect(st, m) for m in lapsing):
        return True
    return leak_marker(name_of(st, n)) in st.d["events_in_effect"]


def blockers_of(n: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The cards whose marker (first) or lapsing effect (second) blocks card ``n``'s event, in data
    order: data/event_markers.yaml's ``blocks`` lists read the other way (6.2.8)."""
    return marker_table()["blocked_by"].get(n, ((), ()))


# -- changes -------------------------------------------------------------------------------------
@implements("6.2.7", "6.2.8", "4.7.7")
def place_marker(st, n: int, country: str | None = None) -> None:
    """Put card ``n``'s marker in the Events box (``country`` None) or on ``country`` (6.2.7), and
    end the lasting effects of the events it blocks (6.2.8)."""
    d = st.d
    name = name_of(st, n)
    if country is None:
        if name not in d["events_in_effect"]:
            d["events_in_effect"].append(name)
            d["events_in_effect"].sort()
    else:
        markers = d["countries"][country]["markers"]
        if name not in markers:
            markers.append(name)
            markers.sort()
    for b in marker_table()["markers"].get(n, {"blocks": []})["blocks"]:
        remove_marker(st, name_of(st, b))
    for frame in reversed(d["stack"]):          # tell the running event its MARK is done (6.2.4)
        if frame["proc"] == "event" and frame["card"] == n:
            frame["marked"] = True
            break


def remove_marker(st, name: str, country: str | None = None) -> None:
    """Take the marker ``name`` off the Events box and every country (or only off ``country``)."""
    d = st.d
    if country is None and name in d["events_in_effect"]:
        d["events_in_effect"].remove(name)
    for c, v in d["countries"].items():
        if (country is None or c == country) and name in v["markers"]:
            v["markers"].remove(name)


@implements("card 84")
def flip_to_leak(st, n: int) -> None:
    """Leak: flip card ``n``'s marker (Enhanced Measures, Renditions or Wiretapping) to its Leak side."""
    name = name_of(st, n)
    remove_marker(st, name)
    d = st.d
    d["events_in_effect"].append(leak_marker(name))
    d["events_in_effect"].sort()
