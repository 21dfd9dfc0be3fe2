"""The country tables and rolls (4.9.3-4.9.4, 4.7.1): Test, Governance, Posture and Prestige rolls.

Each roll is a procedure whose dice are chance nodes.
"""
from __future__ import annotations

from cdg_oracle.model.core.citations import implements
from cdg_oracle.model.labyrinth.action_log import record
from cdg_oracle.model.labyrinth.countries import set_governance
from cdg_oracle.model.core.steps import do, done, if_, roll
from cdg_oracle.model.labyrinth.engine import ENGINE, cite, push
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


@implements("4.9.4")
def test_result(st, f) -> None:
    """4.9.4: a Muslim country takes the Governance rolled and becomes Neutral; a non-Muslim
    country takes the Posture rolled (recorded for card 94, action_log.py)."""
    name = f["country"]
    c = st.d["countries"][name]
    cite(st, "4.9.4")
    if st.map.countries[name].muslim:
        set_governance(st, name, governance_from_die(f["die"]), tested=True)
        c["align"] = "neutral"
    else:
        record(st, "tested", name)
        c["posture"] = posture_from_die(f["die"])


@ENGINE.sequence("test")
@implements("4.9.4")
def test():
    """4.9.4 Test: an unmarked Muslim country rolls Governance and becomes Neutral; an unmarked
    non-Muslim country rolls Posture."""
    return [
        roll("4.9.4", "test {country}", into="die", name="rolled"),
        do(test_result),
    ]


@implements("4.9.3")
def governance_result(st, f) -> None:
    """The Governance rolled (4.9.3), through ``set_governance``; tested for card 94 under
    ``governance_roll_tested`` = ``any_result`` (P14)."""
    set_governance(st, f["country"], governance_from_die(f["die"]),
                   tested=st.rulings.governance_roll_tested == "any_result")
    cite(st, "4.9.3")


@ENGINE.sequence("governance_roll")
@implements("4.9.3")
def governance_roll():
    """Roll on the Governance table and set the result (Regime Change, 7.3.4; card 102).

    Issue 14 item 2: the result goes through ``set_governance``, so a Fair result on an Islamist
    Rule country is an improvement card 94 can target in the next Action Phase. Whether the roll
    counts as "testato" for card 94 whatever its result (a Poor one too) is the
    ``governance_roll_tested`` ruling (P14): ``improved_only`` (default: the Governance table calls
    only the initial roll a Test, "Ponete il segnalino a Neutro se Test, ad Alleato se Cambio di
    Regime") or ``any_result``."""
    return [
        roll("4.9.3", "governance roll for {country}", into="die", name="rolled"),
        do(governance_result),
    ]


@implements("4.3.3")
def always_hard(st, f) -> bool:
    """Israel is always Hard (4.3.3): nothing to roll."""
    return st.map.countries[f["country"]].posture == "fixed_hard"


@implements("4.9.3")
def posture_result(st, f) -> None:
    """The Posture rolled (4.9.3): +1 to the roll for the US."""
    cite(st, "4.9.3")
    name = f["country"]
    if name == "United States":
        st.d["us_posture"] = posture_from_die(f["result"], us=True)
    else:
        st.d["countries"][name]["posture"] = posture_from_die(f["result"])


@ENGINE.sequence("posture_roll")
@implements("4.9.3", "4.3.2", "4.3.3")
def posture_roll():
    """Roll on the Posture table for a country, or for the US (+1) when ``country`` is the US."""
    return [
        if_(always_hard, [done()]),
        roll("4.9.3", "posture roll for {country}", into="result", name="rolled"),
        do(posture_result),
    ]


@implements("4.7.1")
def move_prestige(st, f) -> None:
    """4.7.1: Prestige moves by the lower of the two amount dice, up on a 5-6, down on a 1-4."""
    amount = min(f["first"], f["second"])
    shift_prestige(st.d, amount if f["direction"] >= 5 else -amount)
    cite(st, "4.7.1")


@ENGINE.sequence("prestige_roll")
@implements("4.7.1")
def prestige_roll():
    """Prestige roll (4.7.1, IT table): 1d6, 1-4 down and 5-6 up; then 2d6 and move by the lower."""
    return [
        roll("4.7.1", "prestige roll: direction", into="direction"),
        roll("4.7.1", "prestige roll: first amount die", into="first"),
        roll("4.7.1", "prestige roll: second amount die", into="second"),
        do(move_prestige),
    ]
