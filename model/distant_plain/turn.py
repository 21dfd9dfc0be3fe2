"""The sandbox's sequence of play: factions' turns and Propaganda rounds.

No source here gives the sequence of play (gap ``sequence_of_play``: the event cards, eligibility,
the first and second Eligible's options, passing) or the number of Propaganda rounds (gap
``scenarios``). The sandbox therefore plays, and says so in every trace (the options are carried):
``turns_per_propaganda`` times each faction in the fixed order Coalition, Government, Taliban,
Warlords, then a Propaganda round; ``propaganda_rounds`` such rounds, the last ending the game.

A faction's turn (``faction_turn``): it chooses an Operation it can carry out, full or Limited, or
passes (what a pass earns belongs to the sequence of play: nothing here). After a full Operation it
may add one Special Activity paired with it ("Operation + SA?", data/activities.yaml). When: the
option ``special_activity_timing`` (gap ``sa_timing``: the aid does not say; activities.py): under
``series`` (default) before or during the Operation, at any of its questions for a next space, or
after it; under ``after`` only after it. The question after the Operation is this procedure's
(``faction_turn.sa_chosen``); Ambush, which replaces an Attack's roll, is chosen within the Attack. Under Sponsorship the Taliban's Limited Operation is a
normal Operation without a Special Activity (``islamabad.sponsorship``; ruling ``sponsorship_limited``,
A21: by default every limit is lifted, under the other reading only the one-destination limit of
Patrol, Sweep and March, so a Limited Rally, Attack or Terror keeps its one space). Sweep and March are not
offered on a faction's last turn before the final Propaganda round ("Non possibile se ultimo evento
prima dell'ultima Propaganda": with no event cards, each faction's turn in the last pass of the
order stands for the last event).

The Propaganda round (``propaganda``) runs the aid's five phases in order: propaganda.py (Victory,
Resources, Reset), support.py (Civic Action, Sharia), redeploy.py (Desertion, the redeploys); after
the Redeploy phase of the last round the game ends and the faction closest to its goal wins
(victory.py ``margins``; a tie of margins has no winner: gap ``victory_ties``).
"""
from __future__ import annotations

from cdg_oracle.model.core.citations import implements
from cdg_oracle.model.core.engine import ask, cite, pop, push
from cdg_oracle.model.distant_plain import activities as acts
from cdg_oracle.model.distant_plain.control import hostility_activates
from cdg_oracle.model.distant_plain.engine import ENGINE
from cdg_oracle.model.distant_plain.pieces import FACTIONS
from cdg_oracle.model.distant_plain.propaganda import reset_phase, resources_phase, victory_phase
from cdg_oracle.model.distant_plain.redeploy import control_now
from cdg_oracle.model.distant_plain.victory import margins


@ENGINE.procedure("sandbox")
def sandbox(st, f, a) -> None:
    """The sandbox's whole game: rounds of turns, each followed by a Propaganda round."""
    d = st.d
    opts = d["options"]
    if f["pc"] == "start":
        f.update(pc="next", round=1, cycle=1, faction=0)
    elif f["pc"] == "propaganda":
        f.update(pc="next", round=f["round"] + 1, cycle=1, faction=0)
    if f["cycle"] > opts["turns_per_propaganda"]:
        f["pc"] = "propaganda"
        push(st, "propaganda", final=f["round"] == opts["propaganda_rounds"])
        return
    last = f["round"] == opts["propaganda_rounds"] and f["cycle"] == opts["turns_per_propaganda"]
    faction = FACTIONS[f["faction"]]
    f["faction"] += 1
    if f["faction"] == len(FACTIONS):
        f.update(faction=0, cycle=f["cycle"] + 1)
    push(st, "faction_turn", side=faction, last_before_final=last)


def operation_choices(st, faction: str, last_before_final: bool) -> list[dict]:
    """The Operations ``faction`` can carry out now, each full and Limited, then a pass."""
    out = []
    for op in acts.load_activities()[faction].operations:
        if last_before_final and op in acts.NOT_LAST:
            continue
        # before its first space a Limited Operation can start exactly when a full one can
        st.d["turn"] = acts.new_turn(faction, op, False, last_before_final)
        if acts.is_possible(st, faction, op):
            out += [{"op": op, "limited": False}, {"op": op, "limited": True}]
    st.d["turn"] = None
    return out + [{"pass": True}]


@ENGINE.procedure("faction_turn")
@implements("limited_operation", "islamabad.sponsorship")
def faction_turn(st, f, a) -> None:
    """One faction's turn: an Operation (full or Limited) or a pass; after a full Operation, one
    paired Special Activity or none."""
    d = st.d
    faction = f["side"]
    if f["pc"] == "start" or (f["pc"] == "operation" and a is None):  # a is None: posed again
        f["pc"] = "operation"
        ask(st, faction, operation_choices(st, faction, f["last_before_final"]), f"{faction.lower()}.operations",
            f"{faction}: which Operation (or pass)?")
        d["pending"]["gap"] = "sequence_of_play"  # who acts, and a free choice of Limited: no source
        return
    if f["pc"] == "operation":
        if "pass" in a:
            pop(st)
            return
        limited, no_sa = a["limited"], False
        if limited and faction == "Taliban" and d["islamabad"]["level"] == "sponsorship":
            cite(st, "islamabad.sponsorship")
            # ruling sponsorship_limited (A21): every limit lifted, or only the one-destination limit
            limited = st.rulings.sponsorship_limited == "destination_limit_only" and a["op"] not in acts.MOVING
            no_sa = True
        d["turn"] = acts.new_turn(faction, a["op"], limited, f["last_before_final"], no_sa)
        f["pc"] = "special_activity"
        push(st, acts.proc_name(faction, a["op"]))
        return
    if f["pc"] == "special_activity" or (f["pc"] == "sa_chosen" and a is None):
        hostility_activates(d)
        t = d["turn"]
        options = acts.special_activity_choices(st)
        if options:
            f["pc"] = "sa_chosen"
            ask(st, faction, options + [{"sa": None}], f"{faction.lower()}.special_activities",
                f"{faction}: a Special Activity with the {t['op'].title()}?")
            d["pending"]["gap"] = "sa_timing"  # after the Operation: the aid does not say when
            return
    elif f["pc"] == "sa_chosen" and a["sa"] is not None:
        d["turn"]["sa"] = a["sa"]
        f["pc"] = "after_sa"
        push(st, acts.proc_name(faction, a["sa"]))
        return
    hostility_activates(d)
    d["turn"] = None
    pop(st)


@ENGINE.procedure("propaganda")
@implements("propaganda", "propaganda.redeploy.game_end")
def propaganda(st, f, a) -> None:
    """A Propaganda round, its phases in the aid's order (module docstring). Play passes through
    the steps ``resources`` and ``reset`` without resting there; a position's named point may
    start a round at either (position.py)."""
    d = st.d
    step = f["pc"]
    if step == "start":
        outcome = victory_phase(d)
        if outcome is not None:
            cite(st, "propaganda.victory")
            d["terminal"] = outcome
            return
        step = "resources"
    if step == "resources":
        resources_phase(d)
        cite(st, "propaganda.resources")
        f["pc"] = "sharia"
        push(st, "civic_action")
    elif step == "sharia":
        f["pc"] = "desertion"
        push(st, "sharia")
    elif step == "desertion":
        f.update(pc="redeploy", control=control_now(st))  # the phase's Control (ruling redeploy_control)
        push(st, "desertion")
    elif step == "redeploy":
        f["pc"] = "end"
        push(st, "redeploy", phase_control=f.pop("control"))
    elif step == "end":
        if f["final"]:
            d["terminal"] = final_outcome(d)
            cite(st, "propaganda.redeploy.game_end")
            return
        step = "reset"
    if step == "reset":
        reset_phase(d)
        cite(st, "propaganda.reset")
        pop(st)


def final_outcome(d: dict) -> dict:
    """After the last Propaganda round's Redeploy phase: the faction closest to its goal (largest
    margin) wins; a tie of the largest margins has no winner (gap ``victory_ties``)."""
    m = margins(d)
    best = max(m.values())
    top = [f for f in FACTIONS if m[f] == best]
    winner = top[0] if len(top) == 1 else None
    return {"winner": winner, "reason": f"after the last Propaganda round, margins {m}"
            + ("" if winner else f": a tie between {', '.join(top)} (gap victory_ties)"),
            "rule": "propaganda.redeploy.game_end"}
