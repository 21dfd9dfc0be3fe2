"""The Propaganda round's Redeploy phase (``propaganda.redeploy``). So far Desertion: in every space
the Government must choose and remove one Government cube (troops or police) per three there,
rounded down; the removed cubes go to Available. The ordered redeploys that follow (Coalition,
Government troops, police, Taliban) come next."""
from __future__ import annotations

from cdg_oracle.model.core.citations import implements
from cdg_oracle.model.core.engine import ask, cite, pop
from cdg_oracle.model.distant_plain.engine import ENGINE

CUBES = ("government_troops", "police")


@implements("propaganda.redeploy.desertion")
def deserters(space: dict) -> int:
    """One Government cube in three (rounded down) deserts."""
    p = space["pieces"]
    return (p["government_troops"] + p["police"]) // 3


@ENGINE.procedure("desertion")
@implements("propaganda.redeploy", "propaganda.redeploy.desertion")
def desertion(st, f, a) -> None:
    """Space by space (in name order), the Government removes its deserters one cube at a time,
    choosing troops or police each time (also when only one kind is there)."""
    d = st.d
    if f["pc"] == "start":
        f.update(pc="cube", todo=[[n, deserters(d["spaces"][n])] for n in st.map.names if deserters(d["spaces"][n])])
    elif a is not None:
        name = f["todo"][0][0]
        d["spaces"][name]["pieces"][a["cube"]] -= 1
        d["available"][a["cube"]] += 1
        cite(st, "propaganda.redeploy.desertion")
        f["todo"][0][1] -= 1
        if f["todo"][0][1] == 0:
            f["todo"].pop(0)
    if not f["todo"]:
        pop(st)
        return
    name, left = f["todo"][0]
    pieces = d["spaces"][name]["pieces"]
    ask(st, "Government", [{"cube": k} for k in CUBES if pieces[k] > 0], "propaganda.redeploy.desertion",
        f"Government: a cube deserts in {name} ({left} to go)")
