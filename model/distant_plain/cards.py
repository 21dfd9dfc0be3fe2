"""The event cards of A Distant Plain: titles only (``data/cards.yaml``, source A via the facts
file). No source here gives a card's text (gap ``event_cards``), so no event is implemented and the
sandbox plays without cards; ``cdg-oracle rules --game distant_plain`` lists every card as not
implemented."""
from __future__ import annotations

import functools
from pathlib import Path

from cdg_oracle.model.core.errors import DataError
from cdg_oracle.model.core.yamlio import read_yaml

DATA = Path(__file__).resolve().parent / "data"
CARD_COUNT = 72


def _parse(path: Path) -> tuple[dict, ...]:
    where = str(path)
    d = read_yaml(path, where)
    if not isinstance(d, dict) or set(d) != {"cards"} or not isinstance(d["cards"], list):
        raise DataError(f"{where}: -: expected a mapping with one key, cards, a list")
    for k, c in enumerate(d["cards"], 1):
        if not isinstance(c, dict) or set(c) != {"number", "title", "marked_star_in_A"} or c["number"] != k \
                or not isinstance(c["title"], str) or not c["title"].strip() or type(c["marked_star_in_A"]) is not bool:
            raise DataError(f"{where}: card {k}: number {k}, a title and marked_star_in_A (true or false)")
    if len(d["cards"]) != CARD_COUNT:
        raise DataError(f"{where}: cards: {len(d['cards'])} cards, the deck's event cards are {CARD_COUNT}")
    return tuple(d["cards"])


@functools.lru_cache(maxsize=1)
def load_cards(path: str | Path | None = None) -> tuple[dict, ...]:
    """The 72 event cards' numbers and titles (``data/cards.yaml``, or ``path``), validated."""
    return _parse(Path(path) if path else DATA / "cards.yaml")
