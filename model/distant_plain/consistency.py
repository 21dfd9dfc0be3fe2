"""The consistency laws of an A Distant Plain state (the dossier's candidate invariants J1, J3, J4,
J11, and the bounds a position may not cross): every piece is on the map, Available, in Casualties
or Out of Play, the counts of data/pieces.yaml (158 in all); no count is negative; Resources, Aid
and Patronage on the General Records Track (0-75); what each kind of space can hold (Support or
Opposition, Terror and Returnees only in a Province or Kabul, Sabotage and no Base on a LoC); the
Coalition's boxes hold Coalition pieces only, Available guerrillas are Underground; the Islamabad
marker on one of its five boxes; under Hostility the Taliban guerrillas in Pakistan are Active.
Each returns a list of violations (empty: it holds), each one line naming the field and the rule.

What no source bounds is not checked (gap ``track_limits``: no stacking limit, no limit of a track
below its 75); the victory totals and the Econ are not stored (computed from the pieces, the
markers and the map); eligibility is not modelled (gap ``sequence_of_play``).
"""
from __future__ import annotations

from cdg_oracle.model.core.citations import implements
from cdg_oracle.model.distant_plain.control import ISLAMABAD, PIECES
from cdg_oracle.model.distant_plain.engine import TRACK_HIGH
from cdg_oracle.model.distant_plain.mapdata import load_map
from cdg_oracle.model.distant_plain.pieces import load_pieces
from cdg_oracle.model.distant_plain.scenarios import KINDS

ZONES = ("available", "casualties", "out_of_play")
ACTIVE = ("taliban_active", "warlords_active")


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


TRACK = f"0-{TRACK_HIGH}, the General Records Track (data/pieces.yaml tracks.general_records)"


def tracks_and_markers(d: dict) -> list[str]:
    """J3, J4, J11: Resources, Aid, Patronage on the General Records Track (0-75); Islamabad on a
    box of its track."""
    out = [f"resources.{f}: {v} is outside {TRACK}" for f, v in d["resources"].items() if not 0 <= v <= TRACK_HIGH]
    out += [f"{k}: {d[k]} is outside {TRACK}" for k in ("aid", "patronage") if not 0 <= d[k] <= TRACK_HIGH]
    if d["islamabad"]["level"] not in ISLAMABAD or not isinstance(d["islamabad"]["hard"], bool):
        out.append(f"islamabad: {d['islamabad']} is not a box of the track (islamabad)")
    return out


#: What a LoC cannot hold, with the rule that says so: (field, the value it must keep, why).
NOT_ON_A_LOC = (
    ("support", "neutral", "Support and Opposition are a Province's or Kabul's: Civic Action, Sharia and Terror shift "
                           "them only there, and a LoC has no Population"),
    ("terror", False, "a Terror marker goes in a Province or Kabul, on a LoC Terror places Sabotage: "
                      "taliban.operations.terror"),
    ("returnees", False, "Returnees (+1 Population) go in a Province or Kabul: government.special_activities.govern"),
)
#: Bases (any faction's): every rule that places one names a Province or Kabul (Rally, Train,
#: Surge, Cultivate), and none moves one onto a LoC.
BASES = ("coalition_bases", "government_bases", "taliban_bases", "warlords_bases")


@implements("pieces", "taliban.operations.terror", "government.special_activities.govern")
def space_types(d: dict) -> list[str]:
    """What each kind of space can hold: on a LoC no Support or Opposition, no Terror, no Returnees,
    no Base; Sabotage only on a LoC ("Se LoCs non sabotate, piazza un segnalino Sabotage")."""
    m = load_map()
    out = []
    for n, s in d["spaces"].items():
        if m.spaces[n].type != "loc":
            if s["sabotage"]:
                out.append(f"spaces.{n}.sabotage: Sabotage on a Province or Kabul (Sabotage marks a LoC only: "
                           "taliban.operations.terror, propaganda.resources.sabotage)")
            continue
        for key, keep, why in NOT_ON_A_LOC:
            if s[key] != keep:
                out.append(f"spaces.{n}.{key}: {s[key]!r} on a LoC ({why})")
        for kind in BASES:
            if s["pieces"][kind]:
                out.append(f"spaces.{n}.pieces.{kind}: {s['pieces'][kind]} on a LoC (a Base is placed only in a "
                           "Province or Kabul: Rally, Train, Surge, Cultivate)")
    return out


@implements("pieces")
def boxes(d: dict) -> list[str]:
    """The boxes off the map: Casualties and Out of Play hold Coalition pieces only ("Coalizione ▶
    Casualties"; the Reset phase sends them on from Casualties; B's zones are the Coalition's), and a
    guerrilla in Available is Underground (removal.py)."""
    out = [f"{z}.{kind}: {d[z][kind]} (the {z.replace('_', ' ')} box holds Coalition pieces only)"
           for z in ("casualties", "out_of_play") for kind in PIECES
           if not kind.startswith("coalition_") and d[z][kind]]
    out += [f"available.{kind}: {d['available'][kind]} (a guerrilla in Available is Underground)"
            for kind in ACTIVE if d["available"][kind]]
    return out


@implements("islamabad.hostility")
def hostility(d: dict) -> list[str]:
    """Under Hostility "i Guerriglieri Talebani in Pakistan sono sempre attivi": no Underground
    Taliban guerrilla in a Pakistan space, in every state, within a turn and just after the Reset
    alike: play activates any there after every step (engine.standing_conditions; the Reset leaves
    them Active, registry A17, whose switch was withdrawn)."""
    if d["islamabad"]["level"] != "hostility":
        return []
    m = load_map()
    return [f"spaces.{n}.pieces.taliban_underground: {d['spaces'][n]['pieces']['taliban_underground']} in Pakistan "
            "while Islamabad is at Hostility (islamabad.hostility: the Taliban guerrillas in Pakistan are always Active)"
            for n in m.names if m.spaces[n].pakistan and d["spaces"][n]["pieces"]["taliban_underground"]]


def check_all(d: dict) -> list[str]:
    """Every law of the state (module docstring) that play keeps."""
    return pieces_conserved(d) + tracks_and_markers(d) + space_types(d) + boxes(d) + hostility(d)


def check_position(d: dict) -> list[str]:
    """The laws a position must keep: every one of :func:`check_all` (a position may stand wherever
    play may)."""
    return check_all(d)
