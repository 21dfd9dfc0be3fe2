"""The Propaganda round (the aid's "Propaganda!" block), in its order: 1 Victory?, 2 Resources,
3 Support, 4 Redeploy, 5 Reset. The phases without a choice are here as functions over the state
dict, each citing its named rule; the Support phase (Civic Action, Sharia: support.py) and the
Redeploy phase (Desertion, the ordered redeploys: redeploy.py) pose choices as procedures; the
round's procedure, which runs them in order, is turn.py's ``propaganda``.
"""
from __future__ import annotations

from cdg_oracle.model.core.citations import implements
from cdg_oracle.model.distant_plain.control import hostility_activates, reset_islamabad
from cdg_oracle.model.distant_plain.mapdata import load_map
from cdg_oracle.model.distant_plain.rulings import DistantPlainRulings


def rulings_of(d: dict) -> DistantPlainRulings:
    """The rulings a state dict is played under (its ``rulings``: the switches off their default)."""
    return DistantPlainRulings.from_dict(d.get("rulings"))
from cdg_oracle.model.distant_plain.victory import goals_met, margins

#: The kinds of piece other than guerrillas (cubes by kind, bases by faction), for ``sabotage_count``.
OTHER_KINDS = ("coalition_troops", "coalition_bases", "government_troops", "police", "government_bases",
               "taliban_bases", "warlords_bases")
CASUALTY_AID = 3  # propaganda.resources.casualties_and_aid: Aid falls by 3 per piece in Casualties


@implements("propaganda.victory")
def victory_phase(d: dict) -> dict | None:
    """1. If one or more factions have met their goal, the game ends at once: the outcome, else None.
    Several at once, no source says who wins (gap ``victory_ties``): the largest margin, and no
    winner on a tie of margins."""
    met = goals_met(d)
    if not met:
        return None
    m = margins(d)
    best = max(m[f] for f in met)
    top = [f for f in met if m[f] == best]
    winner = top[0] if len(top) == 1 else None
    return {"winner": winner, "reason": f"victory goal met by {', '.join(met)} (margins {m})",
            "rule": "propaganda.victory"}


@implements("propaganda.resources.sabotage")
def sabotage(d: dict) -> None:
    """2.1 Sabotage on every unsabotaged LoC where the Taliban guerrillas outnumber the other pieces
    there: all of them together (default), or each other kind (ruling ``sabotage_count``, the aid's
    'maggiore a tutti gli altri pezzi presenti')."""
    m = load_map()
    together = rulings_of(d).sabotage_count == "all_others_together"
    for name in m.locs:
        s = d["spaces"][name]
        p = s["pieces"]
        guerrillas = p["taliban_underground"] + p["taliban_active"]
        if together:
            others = [sum(p.values()) - guerrillas]
        else:  # each other kind of piece: a faction's guerrillas are one kind, Underground or Active
            others = [p[k] for k in OTHER_KINDS] + [p["warlords_underground"] + p["warlords_active"]]
        if not s["sabotage"] and all(guerrillas > n for n in others):
            s["sabotage"] = True


@implements("propaganda.resources", "propaganda.resources.government", "propaganda.resources.taliban",
            "propaganda.resources.warlords", "propaganda.resources.casualties_and_aid")
def resources_phase(d: dict) -> None:
    """2. Sabotage first; then the Government gains Aid + the Econ of the unsabotaged LoCs; the
    Taliban, one per Taliban Base on the map; the Warlords, one per Warlords Base and per Warlords
    guerrilla on unsabotaged LoCs; then Aid falls by 3 per piece in Casualties (not below 0, the
    track's start: the floor is a registered gap, ``track_limits``)."""
    sabotage(d)
    m = load_map()
    open_locs = [n for n in m.locs if not d["spaces"][n]["sabotage"]]
    spaces = d["spaces"]
    d["resources"]["Government"] += d["aid"] + sum(m.spaces[n].econ for n in open_locs)
    d["resources"]["Taliban"] += sum(s["pieces"]["taliban_bases"] for s in spaces.values())
    d["resources"]["Warlords"] += sum(s["pieces"]["warlords_bases"] for s in spaces.values()) + sum(
        spaces[n]["pieces"]["warlords_underground"] + spaces[n]["pieces"]["warlords_active"] for n in open_locs)
    d["aid"] = max(0, d["aid"] - CASUALTY_AID * sum(d["casualties"].values()))


@implements("propaganda.reset", "propaganda.reset.casualties", "propaganda.reset.islamabad",
            "propaganda.reset.markers", "propaganda.reset.underground", "islamabad.hostility")
def reset_phase(d: dict) -> None:
    """5. Casualties: every base and half the troops leave play (to Out of Play; the half that leaves
    rounded down, ruling ``casualties_rounding``), the other troops go to the Coalition's Available;
    Islamabad drifts (control.reset_islamabad); every Terror and Sabotage marker is removed; every
    Active guerrilla goes Underground, except the Taliban's in Pakistan when the marker stands at
    Hostility once it has drifted: they "sono sempre attivi", a standing state that the Reset does
    not suspend (registry A17), so they stay Active. (All factions Eligible and the Momentum discard
    belong to the sequence of play and the cards: registered gaps.)"""
    cas, out, avail = d["casualties"], d["out_of_play"], d["available"]
    out["coalition_bases"] += cas["coalition_bases"]
    cas["coalition_bases"] = 0
    troops = cas["coalition_troops"]
    leave = troops // 2 if rulings_of(d).casualties_rounding == "leaving_rounded_down" else troops - troops // 2
    out["coalition_troops"] += leave
    avail["coalition_troops"] += cas["coalition_troops"] - leave
    cas["coalition_troops"] = 0
    reset_islamabad(d["islamabad"])  # the aid's Reset list moves the marker before the guerrillas flip
    for s in d["spaces"].values():
        s["terror"] = s["sabotage"] = False
        p = s["pieces"]
        for faction in ("taliban", "warlords"):
            p[f"{faction}_underground"] += p[f"{faction}_active"]
            p[f"{faction}_active"] = 0
    hostility_activates(d)  # islamabad.hostility: in Pakistan always Active (A17)
