"""How the solo Jihadist makes each card event's choices (9.4.1, 9.4.2.1, 9.6), as data.

``data/solo_events.yaml`` names, per card, whether its event would place cells (9.4.1: with no
cell on the Funding track it Radicalizes instead) and which 9.4.2.1 method picks its countries. It
is read with ``yaml.safe_load`` and validated on load (a problem raises DataError naming the file
and the card)."""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import yaml

from model.core.errors import DataError

PATH = Path(__file__).resolve().parent.parent / "data" / "solo_events.yaml"
KINDS = ("plot", "shift", "alignment", "cells", "shia_mix", "global_nearest", "schengen", "travel",
         "united_states", "special", "random")


@lru_cache(maxsize=1)
def solo_events() -> dict[int, dict]:
    where = PATH.name
    try:
        raw = yaml.safe_load(PATH.read_text(encoding="utf-8"))
    except OSError as e:
        raise DataError(f"{where}: cannot read: {e.strerror}") from None
    except yaml.YAMLError:
        raise DataError(f"{where}: not valid YAML") from None
    if not isinstance(raw, dict) or not isinstance(raw.get("cards"), dict):
        raise DataError(f"{where}: expected a mapping 'cards'")
    out = {}
    for n, spec in raw["cards"].items():
        if not isinstance(n, int) or not 1 <= n <= 120:
            raise DataError(f"{where}: card {n!r}: not a card number 1-120")
        if not isinstance(spec, dict) or not set(spec) <= {"places_cells", "choices", "source"}:
            raise DataError(f"{where}: card {n}: keys must be places_cells, choices, source")
        if spec.get("choices", "random") not in KINDS:
            raise DataError(f"{where}: card {n}: choices {spec.get('choices')!r} not one of {', '.join(KINDS)}")
        if not isinstance(spec.get("places_cells", False), bool):
            raise DataError(f"{where}: card {n}: places_cells must be true or false")
        if not isinstance(spec.get("source"), str) or not spec["source"]:
            raise DataError(f"{where}: card {n}: source missing")
        out[n] = {"places_cells": spec.get("places_cells", False), "choices": spec.get("choices", "random"),
                  "source": spec["source"]}
    return out


def places_cells(n: int) -> bool:
    """9.4.1: card ``n``'s event would Recruit or place cells."""
    return solo_events().get(n, {}).get("places_cells", False)


def choice_kind(n: int) -> str:
    """9.4.2.1: how the solo Jihadist picks the countries of card ``n``'s event."""
    return solo_events().get(n, {}).get("choices", "random")
