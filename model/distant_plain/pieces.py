"""The pieces, tracks and victory goals of A Distant Plain as data (``data/pieces.yaml``), and the
register of what no source gives (``data/gaps.yaml``), each loaded with the strict reader and
validated (a one-line DataError naming the file and the entry).

The pieces: Coalition 20 troops and 6 bases, Government 30 troops, 30 police and 3 bases, Taliban 30
guerrillas and 12 bases, Warlords 15 guerrillas and 12 bases: 158 in all. The Islamabad track's five
boxes, left to right (hostility ... sponsorship), with a Hard side. The victory goals (strictly
exceeding: Coalition support + Available Coalition pieces > 30, Government COIN-controlled
population + Patronage > 35, Taliban opposition + bases > 20, Warlords uncontrolled Afghan
population > 15 and Warlords Resources > 40).
"""
from __future__ import annotations

import functools
from pathlib import Path

from cdg_oracle.model.core.errors import DataError
from cdg_oracle.model.core.yamlio import read_yaml

DATA = Path(__file__).resolve().parent / "data"
FACTIONS = ("Coalition", "Government", "Taliban", "Warlords")
PIECE_TYPES = {"Coalition": ("troops", "bases"), "Government": ("troops", "police", "bases"),
               "Taliban": ("guerrillas", "bases"), "Warlords": ("guerrillas", "bases")}
TOTAL = 158
ISLAMABAD = ("hostility", "pressure", "tolerance", "backing", "sponsorship")
TERMS = ("total_support", "available_coalition_pieces", "coin_controlled_population", "patronage",
         "total_opposition", "taliban_bases_on_map", "uncontrolled_afghan_population", "warlords_resources")


def _fail(where: str, entry: str, what: str) -> DataError:
    return DataError(f"{where}: {entry}: {what}")


def _goal_ok(g) -> bool:
    if not isinstance(g, dict):
        return False
    if set(g) == {"all_of"}:
        return isinstance(g["all_of"], list) and len(g["all_of"]) >= 2 and all(_goal_ok(x) for x in g["all_of"])
    return (set(g) == {"sum", "exceeds"} and isinstance(g["sum"], list) and g["sum"]
            and all(t in TERMS for t in g["sum"]) and type(g["exceeds"]) is int and g["exceeds"] > 0)


def _parse_pieces(path: Path) -> dict:
    where = str(path)
    d = read_yaml(path, where)
    keys = {"pieces", "total", "guerrilla_states", "support_levels", "control", "tracks", "victory"}
    if not isinstance(d, dict) or set(d) != keys:
        raise _fail(where, "-", f"expected exactly the keys {', '.join(sorted(keys))}")
    if not isinstance(d["pieces"], dict) or tuple(d["pieces"]) != FACTIONS:
        raise _fail(where, "pieces", f"one entry per faction, in order: {', '.join(FACTIONS)}")
    for f, kinds in d["pieces"].items():
        if not isinstance(kinds, dict) or tuple(kinds) != PIECE_TYPES[f] \
                or not all(type(n) is int and n > 0 for n in kinds.values()):
            raise _fail(where, f"pieces {f}", f"{', '.join(PIECE_TYPES[f])}: whole numbers above 0")
    if sum(n for kinds in d["pieces"].values() for n in kinds.values()) != d["total"] or d["total"] != TOTAL:
        raise _fail(where, "total", f"the pieces must add up to {TOTAL} (the component list)")
    if d["guerrilla_states"] != ["underground", "active"]:
        raise _fail(where, "guerrilla_states", "underground, active")
    if d["support_levels"] != ["opposition", "neutral", "support"]:
        raise _fail(where, "support_levels", "opposition, neutral, support")
    if d["control"] != ["coin", "taliban", "uncontrolled"]:
        raise _fail(where, "control", "coin, taliban, uncontrolled")
    t = d["tracks"]
    if not isinstance(t, dict) or set(t) != {"general_records", "islamabad"}:
        raise _fail(where, "tracks", "general_records and islamabad")
    g = t["general_records"]
    if not isinstance(g, dict) or g.get("low") != 0 or type(g.get("high")) is not int or g["high"] <= 0:
        raise _fail(where, "tracks general_records", "low 0 and a whole number high")
    i = t["islamabad"]
    if not isinstance(i, dict) or tuple(i.get("boxes", ())) != ISLAMABAD or i.get("hard_side") is not True \
            or i.get("reset_toward") not in ISLAMABAD:
        raise _fail(where, "tracks islamabad", f"boxes {', '.join(ISLAMABAD)}, hard_side true, reset_toward a box")
    v = d["victory"]
    if not isinstance(v, dict) or tuple(v) != FACTIONS:
        raise _fail(where, "victory", f"one goal per faction, in order: {', '.join(FACTIONS)}")
    for f, goal in v.items():
        if not _goal_ok(goal):
            raise _fail(where, f"victory {f}", f"{{sum: [terms], exceeds: n}} or {{all_of: [...]}}; terms: {', '.join(TERMS)}")
    return d


def _parse_gaps(path: Path) -> tuple[dict, ...]:
    where = str(path)
    d = read_yaml(path, where)
    if not isinstance(d, dict) or set(d) != {"gaps"} or not isinstance(d["gaps"], list) or not d["gaps"]:
        raise _fail(where, "-", "expected a mapping with one key, gaps, a non-empty list")
    seen = set()
    for k, g in enumerate(d["gaps"], 1):
        if not isinstance(g, dict) or set(g) != {"id", "rule", "what"} \
                or not all(isinstance(g[x], str) and g[x].strip() for x in g):
            raise _fail(where, f"gap {k}", "id, rule and what, each a text")
        if g["id"] in seen:
            raise _fail(where, g["id"], "given twice")
        seen.add(g["id"])
    return tuple(d["gaps"])


@functools.lru_cache(maxsize=1)
def load_pieces(path: str | Path | None = None) -> dict:
    """The pieces, tracks and victory goals (``data/pieces.yaml``, or ``path``), validated."""
    return _parse_pieces(Path(path) if path else DATA / "pieces.yaml")


@functools.lru_cache(maxsize=1)
def load_gaps(path: str | Path | None = None) -> tuple[dict, ...]:
    """What no source gives (``data/gaps.yaml``, or ``path``): ``[{id, rule, what}]``, validated."""
    return _parse_gaps(Path(path) if path else DATA / "gaps.yaml")
