"""Every Operation procedure of A Distant Plain and the Propaganda round's re-pose (issue 28 item 1,
"a position can never make a move legal"; model/core/engine.py, "Posing again"): called without an
answer at a step awaiting one, the procedure asks exactly the same question again (same player,
actions in the same order, rule, prompt, gap) and changes nothing else, so a position's pending
question is always derived from its stack (``Engine.repose``), never read from a file.

Random whole games seldom stand at some of these procedures (a Sweep, a March, an Assault, a
Patrol's free Assault...), so they are driven directly: from varied states of seeded random sandbox
games (both ``special_activity_timing`` values, several ``turns_per_propaganda``, random rulings on
half the seeds), each Operation whose ``activities.is_possible`` holds is started as turn.py starts
one (the turn's record, the faction turn waiting at ``special_activity``) and played with random
legal actions and chance outcomes while its frame is on the stack; a Propaganda round is started
from the same states the way the sandbox starts one. At every question whose top frame is one of
these procedures, :meth:`Engine.repose` must return the pending question and leave the state as it
was; each procedure must be met several times, or the test fails."""
from __future__ import annotations

import copy
import dataclasses
import random

import pytest

from cdg_oracle.model.core.engine import push
from cdg_oracle.model.core.errors import DataError
from cdg_oracle.model.distant_plain import activities as acts
from cdg_oracle.model.distant_plain.consistency import check_all
from cdg_oracle.model.distant_plain.control import hostility_activates
from cdg_oracle.model.distant_plain.engine import ENGINE, TRACK_HIGH
from cdg_oracle.model.distant_plain.pieces import FACTIONS
from cdg_oracle.model.distant_plain.rulings import DistantPlainRulings
from cdg_oracle.model.distant_plain.sandbox import new_game
from cdg_oracle.model.distant_plain.support import civic_action_steps_left
from cdg_oracle.oracle.playout import choose

#: The Operations driven here, by faction (the insurgents' Rally, Attack and Terror re-posed
#: before; the Government's Assault too, and is driven for its removal, coin_assault_removal).
OPERATIONS = {"Coalition": ("train", "patrol", "sweep", "assault"),
              "Government": ("train", "patrol", "sweep", "assault"),
              "Taliban": ("march",), "Warlords": ("march",)}
#: Every procedure this module checks, with how many questions of it must be met at least.
CHECKED = {"coalition_train": 5, "government_train": 5, "coalition_patrol": 5, "government_patrol": 5,
           "coin_activation": 3, "coalition_sweep": 5, "government_sweep": 5, "coalition_assault": 5,
           "coin_assault_removal": 3, "taliban_march": 5, "warlords_march": 5, "civic_action": 3, "sharia": 3}
#: Questions of these steps must be met too: each is re-posed by its own code, not by "space".
STEPS = {"coalition_train.place", "coalition_train.follow", "government_train.place", "government_train.follow",
         "coalition_patrol.move", "coalition_patrol.assault", "government_patrol.move",
         "government_patrol.assault", "coalition_sweep.move", "government_sweep.move", "coalition_assault.govt", "coalition_train.civic", "government_train.civic",
         "taliban_march.move", "warlords_march.move", "coin_activation.activate", "coin_assault_removal.remove",
         "civic_action.choose", "sharia.choose"}
CONFIGS = ({"special_activity_timing": "series", "turns_per_propaganda": 3},
           {"special_activity_timing": "after", "turns_per_propaganda": 2},
           {"special_activity_timing": "series", "turns_per_propaganda": 2, "propaganda_rounds": 3})
SEEDS = range(4)
#: Questions of one Operation after which it is no longer started, once each of its STEPS is met
#: STEP_LEAST times (to keep the test short).
ENOUGH = 60
STEP_LEAST = 2


def random_rulings(seed: int) -> dict | None:
    """Every ruling at a random reading on odd seeds, the defaults on even ones."""
    if seed % 2 == 0:
        return None
    rng = random.Random(f"rulings{seed}")
    return {f.name: rng.choice(f.metadata["choices"]) for f in dataclasses.fields(DistantPlainRulings)}


def snapshots():
    """States of seeded random games standing at a faction turn's Operation question (every other
    one), with their configuration."""
    for options in CONFIGS:
        for seed in SEEDS:
            st = new_game(options=options, rulings=random_rulings(seed))
            rng = random.Random(seed)
            n = 0
            while not st.is_terminal():
                if st.decision()["question"] == "faction_turn.operation":
                    n += 1
                    if n % 2 == 0:
                        yield st.clone()
                st.apply(choose(rng, st))


#: What :func:`populated` may add to a space, of either kind: (piece kind, at most).
MIXED = (("taliban_underground", 3), ("warlords_underground", 3), ("coalition_troops", 3),
         ("government_troops", 3), ("police", 2), ("taliban_bases", 1), ("warlords_bases", 1))
COIN = (("coalition_troops", 3), ("government_troops", 3), ("police", 3), ("coalition_bases", 1),
        ("government_bases", 1))


def populated(st, rng: random.Random):
    """A copy of ``st`` with pieces from Available added to ten random spaces (in some, guerrillas of
    both insurgents, some of them Active, COIN cubes, insurgent Bases; in others, COIN cubes and
    Bases only; no Base on a LoC) and, off the LoCs, a
    random level of Support and Terror marker: the random sandbox games seldom put both insurgents
    in one space (where an activation or an Assault's removal has a choice) or leave a space under
    COIN Control two Civic Actions from Support (where a Train asks for another); and up to 15
    Resources more for each faction. Every law of the state still holds (consistency.check_all)."""
    st = st.clone()
    d = st.d
    for name in rng.sample(st.map.names, 10):
        p = d["spaces"][name]["pieces"]
        if st.map.spaces[name].type != "loc":
            d["spaces"][name].update(support=rng.choice(("opposition", "neutral", "support")),
                                     terror=rng.random() < 0.3)
        for kind, most in rng.choice((MIXED, COIN)):
            if kind.endswith("_bases") and st.map.spaces[name].type == "loc":
                continue
            n = min(rng.randint(0, most), d["available"][kind])
            d["available"][kind] -= n
            p[kind] += n
            if kind.endswith("_underground"):
                active = rng.randint(0, p[kind])
                p[kind] -= active
                p[kind.replace("_underground", "_active")] += active
    for faction in d["resources"]:
        d["resources"][faction] = min(TRACK_HIGH, d["resources"][faction] + rng.randint(0, 15))
    hostility_activates(d)
    assert check_all(d) == []
    return st


def check(st, met: dict) -> None:
    """If the top frame is a checked procedure: its question posed again equals the pending one and
    ``st`` is left as it was."""
    top = st.d["stack"][-1]
    if top["proc"] not in CHECKED:
        return
    before = copy.deepcopy(st.d)
    assert ENGINE.repose(st) == st.d["pending"], st.decision()
    assert st.d == before
    met[top["proc"]] = met.get(top["proc"], 0) + 1
    step = f"{top['proc']}.{top['pc']}"
    met[step] = met.get(step, 0) + 1


def both_insurgents(st, name: str) -> bool:
    p = st.d["spaces"][name]["pieces"]
    return all(p[f"{f}_underground"] + p[f"{f}_active"] for f in ("taliban", "warlords"))


def leads_on(st, a) -> bool:
    """Whether answer ``a`` leads to the rarer questions: a space where both insurgents stand (an
    activation or an Assault's removal with a choice; not a Train's, which should end while its
    Resources last), a Civic Action where another may follow, a free Assault, Government forces
    joining."""
    if not isinstance(a, dict):
        return False
    if "space" in a and len(a) == 1:
        return both_insurgents(st, a["space"]) and not st.d["stack"][-1]["proc"].endswith("_train")
    if "civic_action" in a:
        return civic_action_steps_left(st.d["spaces"][a["civic_action"]]) >= 2
    return a.get("assault") is not None or a.get("govt") is True


def pick(st, rng: random.Random):
    """A random legal action (or chance outcome), biased towards :func:`leads_on`'s answers, and
    towards ``done`` (a Train's spaces end while Resources are left for its Civic Action)."""
    if st.current_player() != "chance":
        r = rng.random()
        rare = [a for a in st.legal_actions() if leads_on(st, a)]
        if rare and r < 0.6:
            return rng.choice(rare)
        if r < 0.8 and {"done": True} in st.legal_actions():
            return {"done": True}
    return choose(rng, st)


def play_while(st, depth: int, rng: random.Random, met: dict, most: int = 60) -> None:
    """Play random legal actions and chance outcomes (:func:`pick`) while the frame at ``depth`` is
    on the stack, checking every question."""
    frame = st.d["stack"][depth] if len(st.d["stack"]) > depth else None
    for _ in range(most):
        if st.is_terminal() or len(st.d["stack"]) <= depth or st.d["stack"][depth] is not frame:
            return
        check(st, met)
        st.apply(pick(st, rng))


def start_operation(st, faction: str, op: str, limited: bool) -> int | None:
    """Start ``faction``'s ``op`` in ``st`` (standing at a faction turn's Operation question) as
    turn.py does: the turn's record, the faction turn waiting at ``special_activity``, the
    Operation's frame pushed, then run to its first question. None if it is not possible now;
    else the depth of its frame."""
    turn_frame = st.d["stack"][-1]
    assert turn_frame["proc"] == "faction_turn" and turn_frame["pc"] == "operation"
    st.d["turn"] = acts.new_turn(faction, op, limited, turn_frame["last_before_final"])
    if not acts.is_possible(st, faction, op):
        return None
    turn_frame.update(side=faction, pc="special_activity")
    push(st, acts.proc_name(faction, op))
    st.d["pending"] = None
    ENGINE.run(st)
    return len(st.d["stack"]) - 1


def start_propaganda(st) -> int:
    """Start a Propaganda round (not the last) in ``st`` the way the sandbox does, under its frame."""
    sandbox = st.d["stack"][0]
    st.d.update(stack=[dict(sandbox, pc="propaganda")], turn=None, pending=None)
    push(st, "propaganda", final=False)
    ENGINE.run(st)
    return 1


def test_every_operation_and_propaganda_procedure_poses_its_question_again():
    met: dict = {}
    rng = random.Random(28)
    for i, base in enumerate(snapshots()):
        if i % 2:
            base = populated(base, rng)
        for faction in FACTIONS:
            for op in OPERATIONS[faction]:
                proc = acts.proc_name(faction, op)
                if met.get(proc, 0) >= ENOUGH and all(met.get(s, 0) >= STEP_LEAST for s in STEPS
                                                       if s.startswith(f"{proc}.")):
                    continue
                st = base.clone()
                depth = start_operation(st, faction, op, rng.random() < 0.25)
                if depth is not None:
                    play_while(st, depth, rng, met)
        st = base.clone()
        play_while(st, start_propaganda(st), rng, met)
    short = {p: met.get(p, 0) for p, least in CHECKED.items() if met.get(p, 0) < least}
    assert not short, f"procedures met too seldom: {short}"
    rare = {s: met.get(s, 0) for s in STEPS if met.get(s, 0) < STEP_LEAST}
    assert not rare, f"steps met too seldom: {rare}"
    assert set(CHECKED) <= ENGINE.reposing


@pytest.mark.parametrize("proc", ["sandbox", "propaganda"])
def test_a_stack_topped_by_a_procedure_that_never_asks_poses_nothing(proc):
    """``sandbox`` and ``propaganda`` only start other procedures: declared to re-pose, a stack they
    top poses no question, so it is refused in one line (a file cannot give them one)."""
    assert proc in ENGINE.reposing
    rng = random.Random(3)
    st = new_game(options={"turns_per_propaganda": 2})
    while not any(f["proc"] == "propaganda" for f in st.d["stack"]):  # a question of the round
        assert not st.is_terminal()
        st.apply(choose(rng, st))
    stack = st.d["stack"]
    at = next(i for i, f in enumerate(stack) if f["proc"] == proc)
    del stack[at + 1:]
    before = copy.deepcopy(st.d)
    with pytest.raises(DataError) as e:
        ENGINE.repose(st)
    assert "\n" not in str(e.value) and f"({proc} at step" in str(e.value)
    assert st.d == before
