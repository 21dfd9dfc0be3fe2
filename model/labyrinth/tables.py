"""The country tables and rolls (4.9.3-4.9.4, 4.7.1): Test, Governance, Posture and Prestige rolls.

Each roll is a procedure whose dice are chance nodes.
"""
from __future__ import annotations

from cdg_oracle.model.core.citations import implements
from cdg_oracle.model.labyrinth.action_log import record
from cdg_oracle.model.labyrinth.countries import set_governance
from cdg_oracle.model.labyrinth.engine import cite, pop, procedure, push, roll
from cdg_oracle.model.labyrinth.tracks import shift_prestige


@implements("4.9.1", "4.9.3")
def governance_from_die(die: int) -> str:
    """Governance table: 1-4 Poor, 5-6 Fair (4.9.3; IT table)."""
    return "poor" if die <= 4 else "fair"


@implements("4.9.3")
def posture_from_die(die: int, us: bool = False) -> str:
    """Posture table: 1-4 Soft, 5-6 Hard; +1 to the roll for US Posture (4.9.3; IT table)."""
    return "hard" if die + (1 if us else 0) >= 5 else "soft"


def push_test(st, name: str) -> None:
    """Push a Test of ``name`` (4.9.4) if it is untested; a Test of a marked country does nothing."""
    from cdg_oracle.model.labyrinth.countries import is_tested

    if not is_tested(st, name):
        push(st, "test", country=name)


@procedure("test")
@implements("4.9.4")
def test(st, f, a) -> None:
    """4.9.4 Test: an unmarked Muslim country rolls Governance and becomes Neutral; an unmarked
    non-Muslim country rolls Posture."""
    name = f["country"]
    c = st.d["countries"][name]
    if f["pc"] == "start":
        f["pc"] = "rolled"
        roll(st, "4.9.4", f"test {name}")
        return
    cite(st, "4.9.4")
    if st.map.countries[name].muslim:
        set_governance(st, name, governance_from_die(a["die"]), tested=True)
        c["align"] = "neutral"
    else:
        record(st, "tested", name)  # for card 94 (action_log.py)
        c["posture"] = posture_from_die(a["die"])
    pop(st)


@procedure("governance_roll")
@implements("4.9.3")
def governance_roll(st, f, a) -> None:
    """Roll on the Governance table and set the result (Regime Change, 7.3.4; card 102).

    Issue 14 item 2: the result goes through ``set_governance``, so a Fair result on an Islamist
    Rule country is an improvement card 94 can target in the next Action Phase. Whether the roll
    counts as "testato" for card 94 whatever its result (a Poor one too) is the
    ``governance_roll_tested`` ruling (P14): ``improved_only`` (default: the Governance table calls
    only the initial roll a Test, "Ponete il segnalino a Neutro se Test, ad Alleato se Cambio di
    Regime") or ``any_result``."""
    if f["pc"] == "start":
        f["pc"] = "rolled"
        roll(st, "4.9.3", f"governance roll for {f['country']}")
        return
    set_governance(st, f["country"], governance_from_die(a["die"]),
                   tested=st.rulings.governance_roll_tested == "any_result")
    cite(st, "4.9.3")
    pop(st)


@procedure("posture_roll")
@implements("4.9.3", "4.3.2", "4.3.3")
def posture_roll(st, f, a) -> None:
    """Roll on the Posture table for a country, or for the US (+1) when ``country`` is the US."""
    name = f["country"]
    if f["pc"] == "start":
        if st.map.countries[name].posture == "fixed_hard":
            pop(st)  # Israel is always Hard (4.3.3)
            return
        f["pc"] = "rolled"
        roll(st, "4.9.3", f"posture roll for {name}")
        return
    cite(st, "4.9.3")
    if name == "United States":
        st.d["us_posture"] = posture_from_die(a["die"], us=True)
    else:
        st.d["countries"][name]["posture"] = posture_from_die(a["die"])
    f["result"] = a["die"]
    pop(st)


@procedure("prestige_roll")
@implements("4.7.1")
def prestige_roll(st, f, a) -> None:
    """Prestige roll (4.7.1, IT table): 1d6, 1-4 down and 5-6 up; then 2d6 and move by the lower."""
    pc = f["pc"]
    if pc == "start":
        f["pc"] = "direction"
        roll(st, "4.7.1", "prestige roll: direction")
        return
    if pc == "direction":
        f["up"] = a["die"] >= 5
        f["pc"] = "first"
        roll(st, "4.7.1", "prestige roll: first amount die")
        return
    if pc == "first":
        f["first"] = a["die"]
        f["pc"] = "second"
        roll(st, "4.7.1", "prestige roll: second amount die")
        return
    amount = min(f["first"], a["die"])
    shift_prestige(st.d, amount if f["up"] else -amount)
    cite(st, "4.7.1")
    pop(st)
