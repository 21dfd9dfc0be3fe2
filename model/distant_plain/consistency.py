"""The consistency laws of an A Distant Plain state (the dossier's candidate invariants J1, J3, J4,
J11): every piece is on the map, Available, in Casualties or Out of Play, the counts of data/pieces.yaml
(158 in all); no count, Resource, Aid or Patronage is negative; Terror at most one per space (a flag),
Sabotage only on LoCs; the Islamabad marker on one of its five boxes. Each returns a list of
violations (empty: it holds)."""
from __future__ import annotations

from cdg_oracle.model.distant_plain.control import ISLAMABAD, PIECES
from cdg_oracle.model.distant_plain.engine import TRACK_HIGH
from cdg_oracle.model.distant_plain.mapdata import load_map
from cdg_oracle.model.distant_plain.pieces import load_pieces
from cdg_oracle.model.distant_plain.sandbox import KINDS

ZONES = ("available", "casualties", "out_of_play")


def pieces_conserved(d: dict) -> list[str]:
    """J1: each kind of piece, summed over the map and the boxes, is the game's count."""
    counts = load_pieces()["pieces"]
    out = [f"{kind}: a negative count" for kind in PIECES
           if any(s["pieces"][kind] < 0 for s in d["spaces"].values()) or any(d[z][kind] < 0 for z in ZONES)]
    by_type: dict[tuple[str, str], int] = {}
    for kind in PIECES:
        total = sum(s["pieces"][kind] for s in d["spaces"].values()) + sum(d[z][kind] for z in ZONES)
        faction, ptype = KINDS.get(kind, KINDS.get(kind.replace("_active", "_underground"), ("", "")))
        by_type[(faction, ptype)] = by_type.get((faction, ptype), 0) + total
    for (faction, ptype), total in sorted(by_type.items()):
        if total != counts[faction][ptype]:
            out.append(f"{faction} {ptype}: {total} in play, the game has {counts[faction][ptype]}")
    return out


def tracks_and_markers(d: dict) -> list[str]:
    """J3, J4, J11: Resources, Aid, Patronage on the General Records Track (0-75); Sabotage only on
    LoCs, Terror only off them; Islamabad on a box."""
    out = [f"{f} Resources {v} outside 0-{TRACK_HIGH}" for f, v in d["resources"].items() if not 0 <= v <= TRACK_HIGH]
    out += [f"{k} {d[k]} outside 0-{TRACK_HIGH}" for k in ("aid", "patronage") if not 0 <= d[k] <= TRACK_HIGH]
    m = load_map()
    out += [f"{n}: Sabotage off a LoC" for n, s in d["spaces"].items() if s["sabotage"] and m.spaces[n].type != "loc"]
    out += [f"{n}: Terror on a LoC" for n, s in d["spaces"].items() if s["terror"] and m.spaces[n].type == "loc"]
    if d["islamabad"]["level"] not in ISLAMABAD or not isinstance(d["islamabad"]["hard"], bool):
        out.append(f"Islamabad {d['islamabad']} is not a box of the track")
    return out


def check_all(d: dict) -> list[str]:
    return pieces_conserved(d) + tracks_and_markers(d)
