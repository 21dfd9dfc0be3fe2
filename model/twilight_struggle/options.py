"""The game options of Twilight Struggle: the edition and the optional rules (a DataError names a
bad key or value in one line).

* ``edition``: ``seed`` (default: the rulebook seed, the Italian 2nd edition: 103 cards in its
  numbering and with its printed values, 23 US influence at set-up, 3.3) or ``deluxe`` (the
  English 2nd edition / Deluxe: the Deluxe numbering and values, 25 US influence with 2 in Canada).
  Where the facts file and the seed disagree the seed wins for its edition (cards.yaml ``seed:``).
* ``optional_cards``: the Deluxe's seven optional cards 104-110 join the deck (Deluxe only).
* ``tournament``: chapter 11's tournament rules 11.1.1 (the held cards are revealed at the end of
  the turn) and 11.1.2 (a side found holding a scoring card loses at once).
* ``bid``: 11.1.3, the winning bid of the tournament auction for sides: ``{"to": side, "vp": n}``
  moves the VP marker ``n`` boxes toward ``to`` before the game begins (the auction itself is
  between the players, before the game).
* ``chinese_civil_war``: the English rulebook's variant; not implemented (no source here gives its
  rules in full): refused, and reported by ``cdg-oracle rules``.
"""
from __future__ import annotations

from cdg_oracle.model.core.citations import implements
from cdg_oracle.model.core.errors import DataError
from cdg_oracle.model.core.options import merged

EDITIONS = ("seed", "deluxe")
DEFAULT_OPTIONS = {"edition": "seed", "optional_cards": False, "tournament": False, "bid": None,
                   "chinese_civil_war": False}


@implements("11.0", "11.1.3")
def normalize_options(options: dict | None) -> dict:
    """The full options dict for ``options`` (None: the defaults)."""
    out = merged(options, DEFAULT_OPTIONS)
    for k, v in out.items():
        if k == "edition" and v not in EDITIONS:
            raise DataError(f"options: edition {v!r} unknown (choose {' or '.join(EDITIONS)})")
        if k in ("optional_cards", "tournament", "chinese_civil_war") and not isinstance(v, bool):
            raise DataError(f"options: {k} must be true or false, not {v!r}")
        if k == "bid" and v is not None:
            if not isinstance(v, dict) or set(v) != {"to", "vp"} or v["to"] not in ("US", "USSR") \
                    or not isinstance(v["vp"], int) or isinstance(v["vp"], bool) or not 0 <= v["vp"] < 20:
                raise DataError("options: bid must be {to: US or USSR, vp: 0-19} (11.1.3)")
    if out["optional_cards"] and out["edition"] != "deluxe":
        raise DataError("options: optional_cards are the Deluxe's cards 104-110; set edition deluxe too")
    if out["chinese_civil_war"]:
        raise DataError("options: chinese_civil_war is not implemented (no source here gives the variant's "
                        "rules in full; see cdg-oracle rules --game twilight_struggle)")
    return out
