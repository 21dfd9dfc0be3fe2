"""A toy second game on the core (issue 16): Pig, the dice game, in a few dozen lines.

Two sides, Red and Blue, take turns. On its turn a side chooses ``"roll"`` or ``"hold"``. A roll
is a chance node (one die): a 1 loses the turn's points and ends the turn, any other face adds to
the turn's points; a hold banks them and ends the turn. The first side to bank ``target`` points
wins. Its distribution (tests/plugins/toy) names its spec, :data:`SPEC`, in the entry-point group
``cdg_oracle.games``: every tool finds it as the game ``toy`` (model/core/registry.py) and runs it
through the contract alone, in any process that has the distribution on its path. Its checks
(the invariants) are ``checks.py``'s.
"""
from __future__ import annotations

import dataclasses

from cdg_oracle.model.core.engine import Engine, ask, cite, pop, push, roll
from cdg_oracle.model.core.errors import DataError
from cdg_oracle.model.core.position import PositionFormat
from cdg_oracle.model.core.registry import GameSpec
from cdg_oracle.model.core.rulings import Rulings, switch
from cdg_oracle.model.core.state import StackState

ENGINE = Engine("toy")
SIDES = ("Red", "Blue")
SCENARIOS = {"race_to_10": 10, "race_to_20": 20}


@dataclasses.dataclass(frozen=True)
class ToyRulings(Rulings):
    one_ends_turn: bool = switch(True, choices=(True, False), question="Does a rolled 1 end the turn?",
                                 source="the rules of Pig")


class ToyState(StackState):
    game = "toy"
    SIDES = SIDES
    ENGINE = ENGINE

    def setup(self, d: dict) -> None:
        self.rulings = ToyRulings.from_dict(d["rulings"])

    def canonical(self) -> dict:
        d = self.d
        return {"banked": dict(d["banked"]), "turn_points": d["turn_points"], "target": d["target"],
                "winner": None if d["terminal"] is None else d["terminal"]["winner"], "to_move": self.current_player()}

    def rulings_dict(self) -> dict:
        return self.rulings.to_dict()


@ENGINE.procedure("game")
def game(st, f, a) -> None:
    """Turns alternate, Red first, until a side has banked the target."""
    if f["pc"] == "start":
        f.update(pc="next", side=0)
    if f["pc"] == "next":
        f["pc"] = "turn_done"
        push(st, "turn", side=SIDES[f["side"]])
        return
    winner = next((s for s in SIDES if st.d["banked"][s] >= st.d["target"]), None)
    if winner is not None:
        cite(st, "pig.win")
        st.d["terminal"] = {"winner": winner, "reason": f"{winner} banked {st.d['target']}", "rule": "pig.win"}
        return
    f.update(pc="next", side=1 - f["side"])


@ENGINE.procedure("turn", reposes=True)
def turn(st, f, a) -> None:
    """One side's turn: roll or hold; a 1 loses the turn's points (ruling one_ends_turn). Called
    without an answer at a question (the choice, the die) it poses that question again."""
    d, side = st.d, f["side"]
    if a is None and f["pc"] in ("start", "rolled", "choice"):
        f["pc"] = "choice"
        ask(st, side, ["roll", "hold"], "pig.turn", f"{side}: roll or hold?")
        return
    if a is None and f["pc"] == "die":
        roll(st, "pig.roll", f"{side} rolls")
        return
    if f["pc"] == "choice":
        if a == "hold":
            d["banked"][side] += d["turn_points"]
            d["turn_points"] = 0
            cite(st, "pig.hold")
            pop(st)
            return
        f["pc"] = "die"
        roll(st, "pig.roll", f"{side} rolls")
        return
    if a["die"] == 1:
        d["turn_points"] = 0
        cite(st, "pig.one")
        if st.rulings.one_ends_turn:
            pop(st)
            return
    else:
        d["turn_points"] += a["die"]
    f["pc"] = "rolled"
    turn(st, f, None)


def new_state(scenario: str, length: str = "standard", rulings: dict | None = None,
              options: dict | None = None) -> ToyState:
    if scenario not in SCENARIOS:
        raise DataError(f"scenario {scenario!r}: unknown (known: {', '.join(SCENARIOS)})")
    if length != "standard":
        raise DataError(f"length {length!r}: unknown (choose standard)")
    if options:
        raise DataError("the toy game takes no options")
    d = {"game": "toy", "version": 1, "scenario": scenario, "target": SCENARIOS[scenario],
         "rulings": ToyRulings.from_dict(rulings).to_dict(), "banked": {s: 0 for s in SIDES}, "turn_points": 0,
         "stack": [{"proc": "game", "pc": "start"}], "pending": None, "terminal": None}
    st = ToyState(d)
    ENGINE.run(st)
    return st


def start(scenario, length="standard", rulings=None, options=None) -> dict:
    """Pig's set-up as a state dict, before any step (for positions)."""
    if scenario not in SCENARIOS:
        raise DataError(f"scenario {scenario!r}: unknown (known: {', '.join(SCENARIOS)})")
    if length != "standard" or options:
        raise DataError("the toy game has one length and no options")
    return {"game": "toy", "version": 1, "scenario": scenario, "target": SCENARIOS[scenario],
            "rulings": ToyRulings.from_dict(rulings).to_dict(), "banked": {s: 0 for s in SIDES}, "turn_points": 0,
            "stack": [{"proc": "game", "pc": "start"}], "pending": None, "terminal": None}


def resume(d: dict, point) -> list:
    """Pig's one named point: ``{"turn": side}``, the start of that side's turn."""
    if not isinstance(point, dict) or set(point) != {"turn"} or point["turn"] not in SIDES:
        raise DataError("next: {turn: Red} or {turn: Blue}")
    side = point["turn"]
    d.update(pending=None, terminal=None,
             stack=[{"proc": "game", "pc": "turn_done", "side": SIDES.index(side)},
                    {"proc": "turn", "pc": "start", "side": side}])
    return []


def points(d: dict) -> list:
    stack = d["stack"]
    return [({"turn": stack[1]["side"]}, d)] if len(stack) == 2 else []


def check(d: dict) -> list[str]:
    return [f"{side} has banked {n} points" for side, n in d["banked"].items() if n < 0] + \
        ([f"the turn holds {d['turn_points']} points"] if d["turn_points"] < 0 else [])


SCHEMA = {"type": "object", "required": ["format", "format_version", "game", "scenario"],
          "properties": {"format": {"const": "cdg-oracle-position"}, "format_version": {"const": 1},
                         "game": {"const": "toy"}, "scenario": {"enum": sorted(SCENARIOS)},
                         "rulings": {"type": "object"},
                         "state": {"type": "object", "additionalProperties": False,
                                   "properties": {"banked": {"type": "object"},
                                                  "turn_points": {"type": "integer", "minimum": 0}}},
                         "next": {"type": "object"}, "machine": {"type": "object"}},
          "additionalProperties": False}

POSITIONS = PositionFormat(start=start, state_class=ToyState, machine=("stack", "pending", "terminal"),
                           fixed=("game", "version", "scenario", "target", "rulings"), resume=resume,
                           points=points, check=check, schema=lambda: SCHEMA)

SPEC = GameSpec(name="toy", sides=SIDES, scenarios=lambda: sorted(SCENARIOS), lengths=("standard",),
                rulings=ToyRulings, new_state=new_state, state_class=ToyState,
                description="Pig, a toy second game for the test suite", perft_depths={"race_to_10": 4},
                positions=POSITIONS, checks="cdg_oracle_toy.checks:CHECKS")
