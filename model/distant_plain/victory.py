"""The four victory goals (each faction block's "Vittoria", data/pieces.yaml ``victory``) and the
margins at the end of the game.

Each goal is a sum that must strictly exceed a threshold ("eccede"): Coalition, Total Support +
Available Coalition pieces > 30; Government, COIN-controlled Population + Patronage > 35; Taliban,
Total Opposition + Taliban Bases > 20; Warlords, uncontrolled Afghan Population > 15 and Warlords
Resources > 40. A space's Population counts once at its Support or Opposition (the aid has three
levels), +1 with a Returnees marker. After the last Propaganda round the faction closest to its goal
wins (``propaganda.redeploy.game_end``): its margin is its sum less its threshold; how the Warlords'
two margins combine, and every tie, no source says (gap ``victory_ties``): the smaller of the two
margins is used, and a tie is reported as such, never broken.
"""
from __future__ import annotations

from cdg_oracle.model.core.citations import implements
from cdg_oracle.model.distant_plain.control import control_of
from cdg_oracle.model.distant_plain.mapdata import load_map
from cdg_oracle.model.distant_plain.pieces import FACTIONS, load_pieces


def population(m, name: str, space: dict) -> int:
    """A space's Population: its printed value, +1 with a Returnees marker."""
    return m.spaces[name].population + (1 if space["returnees"] else 0)


@implements("coalition.victory", "government.victory", "taliban.victory", "warlords.victory")
def terms(d: dict) -> dict[str, int]:
    """Every quantity a victory goal sums, from a state dict ``d``."""
    m = load_map()
    out = dict.fromkeys(("total_support", "coin_controlled_population", "total_opposition",
                         "uncontrolled_afghan_population", "taliban_bases_on_map"), 0)
    for name, s in d["spaces"].items():
        if m.spaces[name].type == "loc":
            out["taliban_bases_on_map"] += s["pieces"]["taliban_bases"]
            continue
        pop = population(m, name, s)
        out["total_support"] += pop if s["support"] == "support" else 0
        out["total_opposition"] += pop if s["support"] == "opposition" else 0
        control = control_of(s, m.spaces[name].pakistan, d["options"])
        out["coin_controlled_population"] += pop if control == "coin" else 0
        if control == "uncontrolled" and not m.spaces[name].pakistan:
            out["uncontrolled_afghan_population"] += pop
        out["taliban_bases_on_map"] += s["pieces"]["taliban_bases"]
    out["available_coalition_pieces"] = d["available"]["coalition_troops"] + d["available"]["coalition_bases"]
    out["patronage"] = d["patronage"]
    out["warlords_resources"] = d["resources"]["Warlords"]
    return out


def _margins(goal: dict, t: dict[str, int]) -> list[int]:
    if "all_of" in goal:
        return [x for g in goal["all_of"] for x in _margins(g, t)]
    return [sum(t[k] for k in goal["sum"]) - goal["exceeds"]]


@implements("propaganda.victory", "propaganda.redeploy.game_end")
def margins(d: dict) -> dict[str, int]:
    """Each faction's margin: how far its sums exceed its thresholds (the smallest, for the Warlords'
    two: gap ``victory_ties``); a goal is met when its margin is above 0."""
    t = terms(d)
    goals = load_pieces()["victory"]
    return {f: min(_margins(goals[f], t)) for f in FACTIONS}


def goals_met(d: dict) -> list[str]:
    """The factions whose goal is met now (``propaganda.victory``: one or more ends the game)."""
    return [f for f, m in margins(d).items() if m > 0]
