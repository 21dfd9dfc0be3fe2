"""Twilight Struggle positions: what model/core/position.py needs to read and write them
(docs/positions.md; the published schema is ``data/position.schema.json``).

A position states, over its scenario's set-up, the tracks (``turn``, ``defcon``, ``vp``,
``milops``, ``space``, ``space_attempts``), the ``influence`` (only the countries that differ,
each ``{US: n, USSR: n}``), the card zones (``hands``, ``discard``, ``removed``, ``in_effect``,
``table``, ``headline``), the China Card (``china``: holder and face up), the tournament reveal
(``revealed``) and the model's record of unimplemented events met (``not_implemented``).

Derived, never typed (a stated value must agree): the draw pile ``deck``, every card of the eras in
play (4.4: Early War; Mid War from turn 4; Late War from turn 8) in no other zone, the China Card
never in it (9.1).

Where play stands (``next``), a named point for every phase and step the rulebook names (3.0,
4.5 A-J): ``{phase: setup}`` (the scenario's own start), ``{phase: turn}`` (the start of the turn:
4.5 A, DEFCON improves, then the deal; the Late War scenario's first turn begins at B),
``{phase: turn, step: X}`` (the start of step X of 4.5, A to J: B the deal, C the headline, D the
required military operations, E the action rounds, F the military operations check, G the reveal
of held cards, H the China Card face up, I the turn marker advanced (turns 1-9), J the final
scoring (turn 10)), ``{phase: headline}`` (the same as step C: the hands dealt, the headline cards
to choose), ``{phase: action_round, side: USSR, round: 1}`` (that side chooses the card of that
action round, 4.5 E; optionally ``card: N``, that card chosen: play goes on to its use),
``{phase: end_of_turn}`` (the action rounds over: 6.4.4's Space Walk discard, then F-J).

Play stands only at a question (the engine's contract), and steps F-J ask none: a position at
one of them runs that step and the ones after it, and stands at the first question that follows
(6.4.4's Space Walk discard, the next turn's deal, or the end of the game), never running a step
before it.
"""
from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

from cdg_oracle.model.core.citations import implements
from cdg_oracle.model.core.errors import DataError
from cdg_oracle.model.core.position import PositionFormat
from cdg_oracle.model.twilight_struggle.cards import CHINA_CARD
from cdg_oracle.model.twilight_struggle.consistency import check_all, edition_cards, eras_in_play, zoned_cards
from cdg_oracle.model.twilight_struggle.game import load_scenario
from cdg_oracle.model.twilight_struggle.scenarios import start_dict
from cdg_oracle.model.twilight_struggle.state import SIDES, TwilightState
from cdg_oracle.model.twilight_struggle.events.play import NO_HEADLINE
from cdg_oracle.model.twilight_struggle.control import OPPONENT
from cdg_oracle.model.twilight_struggle.turn import LAST_TURN

SCHEMA = Path(__file__).with_name("data") / "position.schema.json"

#: Where play stands (``next`` sets them; ``machine`` states them).
MACHINE = ("stack", "pending", "terminal", "round", "phasing", "headline_shown", "milops_required")
#: What the header decides.
FIXED = ("game", "version", "scenario", "options", "rulings")
PHASES = ("setup", "turn", "headline", "action_round", "end_of_turn")
_GAME = {"proc": "game", "pc": "turn"}
#: 4.5's steps: where each begins, as the step of the turn (``turn.py``'s ``turn``) and of its end
#: (``end_of_turn``) that runs next.
STEPS = {"A": ("start", None), "B": ("deal", None), "C": ("headline", None), "D": ("set_required_milops", None),
         "E": ("action_rounds", None), "F": ("end", "milops_check"), "G": ("end", "reveal_held_cards"),
         "H": ("end", "china_face_up"), "I": ("end", "advance_turn"), "J": ("end", "final_scoring")}


@implements("4.4", "4.3")
def deck(d: dict) -> list[int]:
    """4.4: the draw pile holds every card of the eras in play that is in no other zone (sorted:
    the pile is unordered, draws are chance nodes); never the China Card (9.1)."""
    cards = edition_cards(d)
    seen: set = set()
    for n in zoned_cards(d, pile=False):
        if n in seen:
            raise DataError(f"state: card {n} is in two zones (hands, discard, removed, in_effect, table, headline)")
        if n not in cards or n == CHINA_CARD:
            raise DataError(f"state: {json.dumps(n)} is not a card that can be in a zone "
                            f"({'the China Card is only held, 9.1' if n == CHINA_CARD else 'unknown card'})")
        seen.add(n)
    eras = eras_in_play(d)
    return sorted(n for n, c in cards.items() if c.era in eras and n != CHINA_CARD and n not in seen)


DERIVED = {"deck": (deck, "the cards of the eras in play less those in the other zones (4.4)")}


def _action_round_stack(d: dict, side: str, number: int) -> list[dict]:
    from cdg_oracle.model.twilight_struggle.state import TwilightState
    from cdg_oracle.model.twilight_struggle.turn import rounds_of

    st = TwilightState(d)
    rounds = {s: rounds_of(st, s) for s in SIDES}
    if number > rounds[side]:
        raise DataError(f"round: {side} has {rounds[side]} action rounds this turn (4.5 E, 6.4.4)")
    top = max(rounds.values())
    rest = ["US"] if side == "USSR" and number <= rounds["US"] else []
    return [dict(_GAME), {"proc": "turn", "pc": "end_of_turn"},
            {"proc": "action_rounds", "pc": "next_side", "each_r": list(range(number + 1, top + 1)), "r": number,
             "each_side": rest, "side": side},
            {"proc": "action_round", "pc": "start", "side": side, "number": number}]


@implements("4.5")
def _step_stack(d: dict, step: object) -> list[dict]:
    """The machine at the start of 4.5's step ``step`` (A-J): I only before turn 10, J only
    after it (4.1, 4.5)."""
    if step not in STEPS:
        raise DataError(f"step: {json.dumps(step)} is not a step of 4.5 ({', '.join(STEPS)})")
    if step == "I" and d["turn"] == LAST_TURN:
        raise DataError(f"step: I advances the turn marker, which turn {LAST_TURN} does not (J, the final scoring, "
                        "ends it: 4.5)")
    if step == "J" and d["turn"] != LAST_TURN:
        raise DataError(f"step: J, the final scoring, ends turn {LAST_TURN} only, not turn {d['turn']} (4.5)")
    turn_pc, end_pc = STEPS[step]
    stack = [dict(_GAME), {"proc": "turn", "pc": turn_pc}]
    if end_pc is not None:
        stack.append({"proc": "end_of_turn", "pc": end_pc})
    return stack


@implements("4.5")
def resume(d: dict, point: object) -> list:
    """Set ``d``'s machine at the named point ``point`` (module docstring); returns the actions to
    apply once play has reached its first question there (the ``card`` chosen)."""
    if not isinstance(point, dict):
        raise DataError("a mapping such as {phase: action_round, side: USSR, round: 1}")
    unknown = sorted(set(point) - {"phase", "side", "round", "card", "step"})
    if unknown:
        raise DataError(f"{unknown[0]}: not a key of next (phase, side, round, card, step)")
    phase = point.get("phase")
    if phase not in PHASES:
        raise DataError(f"phase: {json.dumps(phase)} is not one of {', '.join(PHASES)}")
    if phase != "action_round" and set(point) - {"phase", "step"}:
        raise DataError(f"side, round and card name an action round, not phase {phase}")
    if "step" in point and phase != "turn":
        raise DataError(f"step names a step of 4.5 under phase turn, not phase {phase}")
    if d["table"]:
        raise DataError("table: a named point has no card in play (state it under machine instead)")
    if any(v is not None for v in d["headline"].values()):
        raise DataError("headline: a named point has no headline card waiting (4.5 C: they are chosen and "
                        "resolved within the phase; state it under machine instead)")
    if not d["china"]["face_up"] and not (phase in ("action_round", "end_of_turn")
                                           or (phase == "turn" and point.get("step") in ("F", "G", "H"))):
        raise DataError("china: face down at this point: it is passed face down only when played in an action round, "
                        "and turned face up at 4.5 H (9.3)")
    d.update(pending=None, terminal=None, round=0, phasing=None, headline_shown=[], milops_required=None)
    if phase == "setup":
        d["stack"] = [{"proc": "game", "pc": "start"}]
        return []
    if phase == "turn" and "step" in point:
        d["stack"] = _step_stack(d, point["step"])
    elif phase == "turn":
        d["stack"] = [dict(_GAME), {"proc": "turn", "pc": "start"}]
    elif phase == "headline":
        d["stack"] = [dict(_GAME), {"proc": "turn", "pc": "headline"}]
    elif phase == "end_of_turn":
        d["stack"] = [dict(_GAME), {"proc": "turn", "pc": "end"}, {"proc": "end_of_turn", "pc": "start"}]
    else:
        side, number, card = point.get("side"), point.get("round"), point.get("card")
        if side not in SIDES:
            raise DataError(f"side: {json.dumps(side)} is not USSR or US")
        if not isinstance(number, int) or isinstance(number, bool) or not 1 <= number <= 8:
            raise DataError(f"round: {json.dumps(number)} is not an action round 1-8")
        if card is not None and (isinstance(card, bool) or not isinstance(card, int)):
            raise DataError(f"card: {json.dumps(card)} is not a card number")
        d["stack"] = _action_round_stack(d, side, number)
        return [] if card is None else [{"card": card}]
    return []


def points(d: dict) -> list[tuple[dict, dict]]:
    """The named points a state may stand at, nearest first, each with the state as the position
    states it (a card just chosen is still in the hand, or the China Card still face up with its
    holder); to_document writes the first that rebuilds the state exactly."""
    stack = d["stack"]
    if len(stack) == 1 and stack[0] == {"proc": "game", "pc": "start"}:
        return [({"phase": "setup"}, d)]
    if len(stack) < 2:
        return []
    proc, pc = stack[1]["proc"], stack[1]["pc"]
    if proc == "setup":
        return [({"phase": "setup"}, d)]
    if proc != "turn":
        return []
    out: list[tuple[dict, dict]] = []
    if pc == "headline":  # the deal (4.5 B) runs: the scenario's own start, B, or A before it
        if d["turn"] == _start_turn(d):
            out.append(({"phase": "setup"}, d))
        out += [({"phase": "turn", "step": "B"}, d), ({"phase": "turn"}, d)]
    elif pc == "set_required_milops":  # the headline (4.5 C) runs
        out.append(({"phase": "headline"}, _before_headline(d, stack[2])))
    elif len(stack) == 4 and stack[3]["proc"] == "action_round":
        f = stack[3]
        point = {"phase": "action_round", "side": f["side"], "round": f["number"]}
        if f["pc"] == "use" and isinstance(f.get("play"), dict) and "card" in f["play"]:
            before = json.loads(json.dumps(d))
            card = f["play"]["card"]
            if card == CHINA_CARD:
                before["china"] = {"holder": f["side"], "face_up": True}
            else:
                before["table"].remove(card)
                before["hands"][f["side"]].append(card)
                before["hands"][f["side"]].sort()
            out.append(({**point, "card": card}, before))
        out.append((point, d))
        if f["pc"] == "play" and d["round"] == 1:  # the action rounds (4.5 E), D before them
            out += [({"phase": "turn", "step": "E"}, d), ({"phase": "turn", "step": "D"}, d)]
    elif len(stack) >= 3 and stack[2]["proc"] == "end_of_turn":
        out.append(({"phase": "end_of_turn"}, d))
    return out


def _before_headline(d: dict, f: dict) -> dict:
    """The state as {phase: headline} states it when the second side chooses after a first that
    held no card to headline: without the gap recorded then (the point records it again)."""
    gaps = d["not_implemented"]
    first = OPPONENT[f.get("side")] if f.get("side") in SIDES else None
    if (f["proc"] != "headline" or f["pc"] != "card" or f.get("each_side") != [] or first is None
            or d["headline"][first] is not None or not gaps
            or gaps[-1] != {"card": 0, "side": first, "turn": d["turn"], "round": 0, "what": NO_HEADLINE}):
        return d
    before = json.loads(json.dumps(d))
    before["not_implemented"].pop()
    return before


def _start_turn(d: dict) -> int:
    return load_scenario(d["scenario"])["turn"]


def start(scenario: str, length: str = "standard", rulings: dict | None = None, options: dict | None = None) -> dict:
    """The set-up of ``scenario`` as a state dict, before any step (scenarios.start_dict)."""
    if not isinstance(scenario, str):
        raise DataError(f"scenario: {json.dumps(scenario)} is not a scenario name")
    return start_dict(scenario, length, rulings, options)


def check(d: dict) -> list[str]:
    """The consistency laws (model/twilight_struggle/consistency.py)."""
    return check_all(d)


@lru_cache(maxsize=1)
def schema() -> dict:
    """The published JSON Schema of Twilight Struggle positions (data/position.schema.json)."""
    return json.loads(SCHEMA.read_text(encoding="utf-8"))


FORMAT = PositionFormat(start=start, state_class=TwilightState, machine=MACHINE, fixed=FIXED, resume=resume,
                        points=points, check=check, schema=schema, derived=DERIVED, unordered=("deck",))
