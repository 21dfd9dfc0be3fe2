"""A Distant Plain's invariants for the generic checked walk (properties/walk.py) and the state
machine (properties/stateful.py): the consistency laws of model/distant_plain/consistency.py after
every step (the dossier's J1, J3, J4, J11: pieces conserved by kind, no negative count or track,
markers where they may be, Islamabad on its track), and the laws of a faction's turn
(:func:`turn_laws`)."""
from __future__ import annotations

from cdg_oracle.model.distant_plain.consistency import check_all


def turn_laws(d: dict) -> list[str]:
    """J5, J12: a Limited Operation has at most one (destination) space; a Special Activity only
    after a full Operation it is paired with (data/activities.yaml)."""
    from cdg_oracle.model.distant_plain.activities import load_activities

    t = d.get("turn")
    if not t:
        return []
    out = []
    if t["limited"] and len(t["spaces"]) > 1:
        out.append(f"a Limited {t['op']} has {len(t['spaces'])} spaces (limited_operation)")
    if t["sa"] is not None:
        if t["no_sa"]:
            out.append(f"{t['faction']}: a Special Activity ({t['sa']}) where none may follow")
        elif t["sa"] not in load_activities()[t["faction"]].operations[t["op"]]:
            out.append(f"{t['faction']}: {t['sa']} is not paired with {t['op']}")
    return out


def distant_plain_invariants(st):
    """The check of every state of one game."""
    return lambda s: check_all(s.d) + turn_laws(s.d)

