"""The solo random-country tables of rule 9.5 as data: the Global, Schengen and Shia-Mix tables.

Data only: the random-country procedure of 9.5 that rolls them is ``solo/random_country.py``;
``cdg-oracle rules`` and ``cdg-oracle play --solo`` list these tables' open items.

The facts are in ``data/solo_tables.yaml``, read with the strict reader (``model/core/yamlio.py``) and validated on load
against the map (a problem raises :class:`cdg_oracle.model.core.errors.DataError`: ``"<file>: <table>: <what>"``).
Each table carries its source and a confidence: ``confirmed`` (two independent sources agree),
``unconfirmed`` (one source) or ``missing`` (no source: the Global table's cells are in none, see
../shared/research/labyrinth_solo_tables.yaml). :func:`open_items` lists what is not confirmed, so
that reports say so instead of the model inventing a table.

Structure checked on load (9.5, seed rulebooks IT/PL/ES): the Schengen table has one entry per d6
face, the Schengen countries without Eastern Europe, each once; the Shia-Mix table has one entry
per sum of 3d6 (3-18), each a Shia-Mix country, every Shia-Mix country present; the Global table's
cells, where known, are keyed ``"tan,black"`` (1-6 each) and name countries of the map.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path


from cdg_oracle.model.core.errors import DataError
from cdg_oracle.model.core.yamlio import read_yaml
from cdg_oracle.model.labyrinth.mapdata import load_map

DEFAULT_PATH = Path(__file__).resolve().parent.parent / "data" / "solo_tables.yaml"
CONFIDENCE = ("confirmed", "unconfirmed", "missing")
SCHENGEN_NOT_ON_TABLE = "Eastern Europe"  # 9.5: the Schengen table omits it (IT/PL/ES agree)


@dataclass(frozen=True)
class SoloTable:
    name: str  # "global", "schengen" or "shia_mix"
    rule: str
    dice: str
    source: str
    confidence: str
    entries: dict  # die face, dice sum or "tan,black" -> country


def load_solo_tables(path: Path = DEFAULT_PATH) -> dict[str, SoloTable]:
    """The three tables of 9.5, validated; a DataError names the file, the table and the fault."""
    return _load(str(path))


@lru_cache(maxsize=4)
def _load(path: str) -> dict[str, SoloTable]:
    where = Path(path).name
    raw = read_yaml(path, where)  # the one strict reader (model/core/yamlio.py)
    if not isinstance(raw, dict) or set(raw) != {"global", "schengen", "shia_mix"}:
        raise DataError(f"{where}: expected exactly the tables global, schengen and shia_mix")
    m = load_map()
    tables = {}
    for name, key in (("global", "cells"), ("schengen", "faces"), ("shia_mix", "sums")):
        t = raw[name]
        if not isinstance(t, dict):
            raise DataError(f"{where}: {name}: expected a mapping")
        for field in ("rule", "dice", "source", "confidence"):
            if not isinstance(t.get(field), str) or not t[field]:
                raise DataError(f"{where}: {name}: {field!r} missing or not a text")
        if t["confidence"] not in CONFIDENCE:
            raise DataError(f"{where}: {name}: confidence {t['confidence']!r} is not one of {', '.join(CONFIDENCE)}")
        entries = t.get(key)
        if not isinstance(entries, dict):
            raise DataError(f"{where}: {name}: {key!r} missing or not a mapping")
        for k, country in entries.items():
            if country not in m.countries:
                raise DataError(f"{where}: {name}: {k}: {country!r} is not a country of the map")
        tables[name] = SoloTable(name, t["rule"], t["dice"], t["source"], t["confidence"], dict(entries))
    _check_schengen(where, tables["schengen"], m)
    _check_shia_mix(where, tables["shia_mix"], m)
    _check_global(where, tables["global"])
    return tables


def _check_schengen(where: str, t: SoloTable, m) -> None:
    if t.confidence == "missing":
        return
    if sorted(t.entries) != list(range(1, 7)):
        raise DataError(f"{where}: schengen: faces must be 1-6, found {sorted(t.entries)}")
    expected = sorted(n for n in m.schengen if n != SCHENGEN_NOT_ON_TABLE)
    if sorted(t.entries.values()) != expected:
        raise DataError(f"{where}: schengen: the faces must name each Schengen country but Eastern Europe "
                        f"once ({', '.join(expected)})")


def _check_shia_mix(where: str, t: SoloTable, m) -> None:
    if t.confidence == "missing":
        return
    if sorted(t.entries) != list(range(3, 19)):
        raise DataError(f"{where}: shia_mix: sums must be 3-18, found {sorted(t.entries)}")
    shia = {n for n, c in m.countries.items() if c.type == "shia_mix"}
    for k, country in t.entries.items():
        if country not in shia:
            raise DataError(f"{where}: shia_mix: {k}: {country} is not a Shia-Mix country")
    if set(t.entries.values()) != shia:
        raise DataError(f"{where}: shia_mix: missing Shia-Mix countries {sorted(shia - set(t.entries.values()))}")


def _check_global(where: str, t: SoloTable) -> None:
    for k in t.entries:
        parts = str(k).split(",")
        if len(parts) != 2 or not all(p.strip().isdigit() and 1 <= int(p) <= 6 for p in parts):
            raise DataError(f"{where}: global: cell {k!r} is not 'tan,black' with dice 1-6")
    if t.confidence != "missing" and len(t.entries) != 36:
        raise DataError(f"{where}: global: {len(t.entries)} cells known; a table that is not missing needs all 36")


def open_items(tables: dict[str, SoloTable] | None = None) -> list[dict]:
    """What the solo tables still lack: every table that is not confirmed, with its source.
    ``[{"table", "rule", "confidence", "what"}]``; a report shows these as open items (issue 6)."""
    tables = tables or load_solo_tables()
    out = []
    for t in tables.values():
        if t.confidence == "missing":
            what = (f"no source gives its cells ({t.dice}); a procedure that needs it cannot be played by the "
                    f"rules: solo games substitute a uniform choice and flag the step 'gap' in their trace")
        elif t.confidence == "unconfirmed":
            what = f"its cells come from one source only: {t.source}"
        else:
            continue
        out.append({"table": t.name, "rule": t.rule, "confidence": t.confidence, "what": what})
    return out
