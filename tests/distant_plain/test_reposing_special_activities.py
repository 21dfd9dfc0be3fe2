"""Issue 28 item 1, "a position can never make a move legal", for A Distant Plain's Special
Activities: each re-poses (model/core/engine.py, "Posing again"). Called without an answer at the
step awaiting one, its procedure asks exactly the same question again (player, actions in order,
rule, prompt, gap) and changes nothing else, so a position's question is always derived from the
stack (``Engine.repose``), never taken from the file.

Random games meet some Special Activities rarely, so each is driven directly: from varied states of
random sandbox games (both values of the option ``special_activity_timing``; each state also with a
crowded Province, pieces of every faction placed there from Available: Eradicate and Govern need
COIN Control over Warlords Bases or at Support, which the sandbox's short random games seldom
build), wherever a faction's Special Activity can be carried out (``activities.is_possible``), it
is started the way the game starts one -- under ``after`` by the turn's question after the
Operation (turn.py, ``{"sa": name}``), under ``series`` by the Operation's question of its first
space (activities.py) -- then played at random (choices and chance) while its frame is on the
stack, the re-pose checked at each question it poses."""
from __future__ import annotations

import random
from collections import Counter

import pytest

from cdg_oracle.model.core.state import copy_json
from cdg_oracle.model.distant_plain import activities as acts
from cdg_oracle.model.distant_plain.consistency import check_all
from cdg_oracle.model.distant_plain.engine import ENGINE
from cdg_oracle.model.distant_plain.mapdata import load_map
from cdg_oracle.model.distant_plain.state import DistantPlainState
from cdg_oracle.oracle.games import new_state
from cdg_oracle.oracle.playout import choose
import tests.distant_plain.helpers  # noqa: F401  (registers the halting parent frame, test_halt)

#: The Special Activities under test (all but Extort and Cultivate, declared earlier) and the steps
#: of each that await an answer ("space": its space question; the others: within a space).
STEPS = {
    "coalition_surge": ("space", "move", "roll?", "die", "split"),
    "coalition_air_lift": ("space", "move"),
    "coalition_air_strike": ("space", "target"),
    "government_govern": ("space", "how"),
    "government_transport": ("space", "troops", "step"),
    "government_eradicate": ("space",),
    "taliban_infiltrate": ("space", "first", "second"),
    "warlords_suborn": ("space", "how", "cube"),
    "warlords_traffic": ("space",),
}
MAP = load_map()
#: How many times each step must be met, at least.
MOST = 3
SEEDS = range(6)
STEPS_PER_GAME = 700
#: Starts of each Special Activity, at most, per value of the timing, from the games' states and
#: from their crowded variants (the test's time).
MOST_STARTS = 25
CROWD = (("government_troops", 1, 4), ("police", 0, 2), ("coalition_troops", 0, 2), ("government_bases", 0, 1),
         ("warlords_bases", 0, 2), ("warlords_underground", 0, 2), ("taliban_underground", 0, 3),
         ("taliban_bases", 0, 1))


def check_repose(st, seen: Counter) -> None:
    """At a question whose top frame is a procedure under test: the question is posed again
    identically, and ``st`` is left as it was."""
    top = st.d["stack"][-1]
    if top["proc"] not in STEPS:
        return
    before = copy_json(st.d)
    assert st.ENGINE.repose(st) == st.d["pending"], (top, st.decision())
    assert st.d == before
    seen[(top["proc"], top["pc"])] += 1


def play_out(st, proc: str, rng: random.Random, seen: Counter, focus: str | None) -> None:
    """Play ``st`` at random while ``proc``'s frame is on the stack, checking each question; half
    the time a choice naming the space ``focus`` (the crowded Province) where there is one."""
    while not st.is_terminal() and any(f["proc"] == proc for f in st.d["stack"]):
        check_repose(st, seen)
        there = [a for a in st.legal_actions() if isinstance(a, dict) and a.get("space") == focus] \
            if focus is not None and st.current_player() != "chance" and rng.random() < 0.5 else []
        st.apply(rng.choice(there) if there else choose(rng, st))


def at_turn(d: dict, faction: str, pc: str) -> DistantPlainState:
    """``d`` with ``faction``'s turn at step ``pc`` under the halting parent (not yet run)."""
    d = copy_json(d)
    d.update(stack=[{"proc": "test_halt", "pc": "start"},
                    {"proc": "faction_turn", "pc": pc, "side": faction, "last_before_final": False}],
             pending=None, terminal=None, turn=None)
    return DistantPlainState(d)


def started_after(d: dict, faction: str, op: str, sa: str):
    """Under ``after``: the turn's question after a full ``op`` offers ``{"sa": sa}``; answered."""
    st = at_turn(d, faction, "special_activity")
    st.d["turn"] = acts.new_turn(faction, op)
    ENGINE.run(st)
    if st.is_terminal() or {"sa": sa} not in st.legal_actions():
        return None
    st.apply({"sa": sa})
    return st


def started_series(turn: DistantPlainState, faction: str, op: str, sa: str):
    """Under ``series``: the turn's Operation question (``turn``, posed) answered with a full ``op``;
    its question of the first space offers ``{"sa": sa}`` (activities.choose_space); answered."""
    if {"op": op, "limited": False} not in turn.legal_actions():
        return None
    st = DistantPlainState(copy_json(turn.d))
    st.apply({"op": op, "limited": False})
    if st.is_terminal() or {"sa": sa} not in st.legal_actions():
        return None
    st.apply({"sa": sa})
    return st


def crowded(d: dict, rng: random.Random) -> tuple[dict, str]:
    """A copy of ``d`` with pieces of every faction moved from Available into one random Province
    (some Taliban guerrillas Active), and a random Support level there; and the Province."""
    d = copy_json(d)
    name = rng.choice([n for n, s in MAP.spaces.items() if s.type == "province"])
    s = d["spaces"][name]
    for kind, low, high in CROWD:
        n = min(rng.randint(low, high), d["available"][kind])
        d["available"][kind] -= n
        s["pieces"][kind] += n
    active = rng.randint(0, s["pieces"]["taliban_underground"])
    s["pieces"]["taliban_underground"] -= active
    s["pieces"]["taliban_active"] += active
    s["support"] = rng.choice(("opposition", "neutral", "support"))
    assert check_all(d) == [], name  # a state play could reach: pieces conserved, Bases in Provinces
    return d, name


def drive(d: dict, rng: random.Random, seen: Counter, started: Counter, focus: str | None = None) -> None:
    """From ``d``, every Special Activity under test that some faction can start: started and played
    (``focus``: the crowded Province of a variant, crowded)."""
    timing = d["options"]["special_activity_timing"], focus is not None
    scratch = DistantPlainState(copy_json(d))  # where each is asked whether it can start at all
    for faction, table in acts.load_activities().items():
        turn = None
        for op, sas in table.operations.items():
            for sa in sas:
                proc = acts.proc_name(faction, sa)
                if proc not in STEPS or started[(proc, timing)] >= MOST_STARTS:
                    continue
                scratch.d["turn"] = acts.new_turn(faction, op)
                if not acts.is_possible(scratch, faction, sa):
                    continue
                if timing[0] == "after":
                    st = started_after(d, faction, op, sa)
                else:
                    if turn is None:
                        turn = at_turn(d, faction, "start")
                        ENGINE.run(turn)
                    st = started_series(turn, faction, op, sa)
                if st is None:
                    continue
                assert st.d["stack"][-1]["proc"] == proc
                started[(proc, timing)] += 1
                play_out(st, proc, rng, seen, focus)


def collect() -> tuple[Counter, Counter]:
    """Random sandbox games under both timings, every Special Activity under test started from their
    states and crowded variants: the questions checked (procedure, step) and the starts."""
    seen, started = Counter(), Counter()
    for timing in ("after", "series"):
        for seed in SEEDS:
            st = new_state("distant_plain", "sandbox", options={"special_activity_timing": timing})
            rng = random.Random(seed)
            for _ in range(STEPS_PER_GAME):
                if st.is_terminal():
                    break
                check_repose(st, seen)  # met in the game itself, too
                drive(st.d, rng, seen, started)
                board, province = crowded(st.d, rng)
                drive(board, rng, seen, started, province)
                st.apply(choose(rng, st))
    return seen, started


@pytest.mark.game("distant_plain")
@pytest.mark.rule("coalition.special_activities.surge", "coalition.special_activities.air_lift",
                  "coalition.special_activities.air_strike", "government.special_activities.govern",
                  "government.special_activities.transport", "government.special_activities.eradicate",
                  "taliban.special_activities.infiltrate", "warlords.special_activities.suborn",
                  "warlords.special_activities.traffic")
def test_every_special_activity_poses_its_question_again():
    """Every Special Activity under test is declared re-posing and poses each of its questions again
    identically, leaving the state as it was; each of its steps is met MOST times at least, so that
    a procedure or step never reached fails the test."""
    assert set(STEPS) <= ENGINE.reposing
    seen, started = collect()
    missing = {(p, pc): seen[(p, pc)] for p, pcs in STEPS.items() for pc in pcs
               if seen[(p, pc)] < MOST}
    assert not missing, (missing, started)
