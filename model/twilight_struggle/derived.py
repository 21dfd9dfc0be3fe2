"""Twilight Struggle's derived facts (issue 27.11): what the rules compute from a state and a
player reads off the board -- who controls each country, each side's level in each region and
what scoring it now would give, the battlegrounds controlled, the turn's hand size and action
rounds, the military operations required, the VP each side needs -- as plain data, for
``position show --json`` (its ``derived`` section) and ``observation(side)``.

Every fact is the value of the model's own function (never computed again here), named in
:data:`RULES` with the rule it reads. All of them are public (influence is open, 6.1.6; no hand is
read), so both observations carry them whole. Never typed in a position: the oracle computes them
(model/core/position.py refuses a document that states them).
"""
from __future__ import annotations


from cdg_oracle.model.twilight_struggle.defcon import closed_regions
from cdg_oracle.model.twilight_struggle.control import controls
from cdg_oracle.model.twilight_struggle.scoring import SCORED_REGIONS, region_levels, region_vp
from cdg_oracle.model.twilight_struggle.turn import hand_size, milops_shortfall, required_milops, rounds_of
from cdg_oracle.model.twilight_struggle.victory import vp_needed

SIDES = ("US", "USSR")

#: Each fact's key and the rules it reads (docs/positions.md lists them).
RULES = {
    "action_rounds": "4.5 E, 6.4.4 (box 8)",
    "battlegrounds": "2.1.4, 2.1.7",
    "closed_regions": "8.1.5",
    "control": "2.1.7",
    "hand_size": "4.5 B, 9.1",
    "milops_required": "8.2.1",
    "milops_short": "8.2.1, 4.5 F",
    "region_levels": "10.1.1",
    "region_vp": "10.1.2, 10.3.1",
    "vp_needed": "10.3.1",
}


def control(st) -> dict[str, str | None]:
    """2.1.7: each country's controller (:func:`~.influence.controls`), null when neither side."""
    out = {}
    for c in sorted(st.map.countries):
        out[c] = next((s for s in SIDES if controls(st, s, c)), None)
    return out


def battlegrounds(st, held: dict[str, str | None]) -> dict[str, int]:
    """2.1.4, 2.1.7: the battleground countries each side controls (``held``: :func:`control`)."""
    return {s: sum(1 for c, who in held.items() if who == s and st.map.countries[c].battleground) for s in SIDES}


def facts(st) -> dict:
    """Every derived fact of ``st`` (:data:`RULES`); the Game makes it plain JSON with sorted keys
    (model/core/game.py ``Game.derived_facts``, what ``st.derived_facts()`` gives)."""
    held = control(st)
    return {
        "action_rounds": {s: rounds_of(st, s) for s in SIDES},
        "battlegrounds": battlegrounds(st, held),
        "closed_regions": sorted(closed_regions(st)),
        "control": held,
        "hand_size": hand_size(st),
        "milops_required": required_milops(st),
        "milops_short": dict(sorted(milops_shortfall(st).items())),
        "region_levels": {r: dict(sorted(region_levels(st, r).items())) for r in sorted(SCORED_REGIONS)},
        "region_vp": {r: dict(sorted(region_vp(st, r).items())) for r in sorted(SCORED_REGIONS)},
        "vp_needed": vp_needed(st),
    }
